//! The records every front-end emits, one typed struct each.
//!
//! The command line (`solve --json`, `batch`), the web server and the Python
//! package all print the same records, so that one fact has one name
//! everywhere: node counts are `expanded` and `generated`, times `millis`.
//! Each record travels in the envelope `{"type": T, "data": {…}}`, which
//! [`Record`] gives when serialised with serde:
//!
//! | `type` | struct | what it is |
//! | --- | --- | --- |
//! | `solution` | [`SolutionRecord`] | one board solved, proven unsolvable, or out of budget |
//! | `error` | [`ErrorRecord`] | a board that could not be read |
//! | `result` | [`ResultRecord`] | one row of a batch: a solution or an error, flat (CSV-friendly) |
//! | `hint` | [`HintRecord`] | a board's distance and the distance after each blank move |
//! | `board` | [`BoardRecord`] | a board read or drawn at random, in canonical form |
//! | `distribution` | [`DistributionRecord`] | how many boards lie at each distance from a goal |
//! | `compare` | [`CompareRecord`] | every algorithm and heuristic run on one board |
//! | `check` | [`CheckRecord`] | a move sequence played on a board, its lengths and optimality |
//! | `progress` | [`ProgressRecord`] | a running search's bound, nodes and time |
//!
//! ```
//! use npuzzle::record::{Record, SolutionRecord};
//! use npuzzle::{Board, Goal, Solver, SolverOptions};
//!
//! let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
//! let goal = Goal::standard(board.shape());
//! let solver = Solver::new(SolverOptions::default());
//! let report = solver.solve(&board, &goal)?;
//! let record = Record::Solution(SolutionRecord::new(&board, &goal, &solver, &report));
//! let json = serde_json::to_value(&record).unwrap();
//! assert_eq!(json["type"], "solution");
//! assert_eq!(json["data"]["moves"], "rr");
//! assert_eq!(json["data"]["stats"]["expanded"], 2);
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::goal::Goal;
use crate::heuristic::HeuristicKind;
use crate::metric::Metric;
use crate::search::count::OptimalSolutions;
use crate::search::hint::Completion;
use crate::search::{Algorithm, Solver};
use crate::solution::{BudgetKind, Outcome, Report, Stats};

mod check;
mod hint;
mod progress;
mod result;
mod tables;
#[cfg(test)]
mod tests;

pub use check::CheckRecord;
pub use hint::{HintRecord, MoveDistanceRecord};
pub use progress::ProgressRecord;
pub use result::{ResultRecord, SearchNames, SearchSettings};
pub use tables::{BoardRecord, CompareRecord, CompareRun, DistributionRecord};

/// One line of output: a record in its `{"type": …, "data": …}` envelope.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Record {
    /// A board solved, proven unsolvable or out of budget.
    Solution(SolutionRecord),
    /// A board that could not be read.
    Error(ErrorRecord),
    /// One row of a batch.
    Result(ResultRecord),
    /// A board's distance and the distance after each blank move.
    Hint(HintRecord),
    /// A board on its own.
    Board(BoardRecord),
    /// Boards per distance from a goal.
    Distribution(DistributionRecord),
    /// Every algorithm on one board.
    Compare(CompareRecord),
    /// A move sequence checked on a board.
    Check(CheckRecord),
    /// A running search's progress.
    Progress(ProgressRecord),
}

/// How a board ended, as the records name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum OutcomeName {
    /// An optimal solution was found (and replayed to the goal).
    Solved,
    /// Parity shows the goal cannot be reached.
    Unsolvable,
    /// A budget ran out first.
    Budget,
    /// The input could not be read as a board (batch rows only).
    Invalid,
}

impl OutcomeName {
    /// The name of a search's outcome.
    pub fn of(outcome: &Outcome) -> OutcomeName {
        match outcome {
            Outcome::Solved(_) => OutcomeName::Solved,
            Outcome::Unsolvable => OutcomeName::Unsolvable,
            Outcome::BudgetReached(_) => OutcomeName::Budget,
        }
    }

    /// `solved`, `unsolvable`, `budget` or `invalid`.
    pub fn as_str(self) -> &'static str {
        match self {
            OutcomeName::Solved => "solved",
            OutcomeName::Unsolvable => "unsolvable",
            OutcomeName::Budget => "budget",
            OutcomeName::Invalid => "invalid",
        }
    }
}

impl std::fmt::Display for OutcomeName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Milliseconds with microsecond precision, the unit of every `millis` field.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(npuzzle::record::millis(Duration::from_micros(1_234_567)), 1234.567);
/// ```
pub fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// One IDA* iteration: its threshold and the nodes it expanded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct IterationRecord {
    /// The f-bound of the iteration.
    pub bound: u32,
    /// Nodes expanded in it.
    pub expanded: u64,
}

/// What a search cost ([`Stats`] with times in milliseconds).
///
/// The node counts are there for the searches; the constructive `greedy`
/// solver, which expands no nodes, has `moves_made` instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct StatsRecord {
    /// States taken off the frontier and expanded (searches only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expanded: Option<u64>,
    /// Successor states generated (searches only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated: Option<u64>,
    /// Most states held at once (searches only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_states: Option<u64>,
    /// Moves the constructive solver made, before any improvement (`greedy` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_made: Option<u64>,
    /// Bytes the search's own structures held at their largest (estimate;
    /// for `greedy`, its grid and the moves it held).
    pub peak_bytes: u64,
    /// Wall time of the search.
    pub millis: f64,
    /// Per iteration, for iterative deepening (IDA*); absent when no
    /// iteration ran: the other searches, the constructive solvers, and
    /// boards that parity proved unsolvable before any search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iterations: Option<Vec<IterationRecord>>,
}

impl From<&Stats> for StatsRecord {
    fn from(stats: &Stats) -> StatsRecord {
        // A constructive solve makes moves and counts no nodes.
        let nodes = |n: u64| stats.moves_made.is_none().then_some(n);
        StatsRecord {
            expanded: nodes(stats.expanded),
            generated: nodes(stats.generated),
            peak_states: nodes(stats.peak_states),
            moves_made: stats.moves_made,
            peak_bytes: stats.peak_bytes,
            millis: millis(stats.elapsed),
            iterations: (!stats.iterations.is_empty()).then(|| {
                stats
                    .iterations
                    .iter()
                    .map(|&(bound, expanded)| IterationRecord { bound, expanded })
                    .collect()
            }),
        }
    }
}

/// A board solved, proven unsolvable, or out of budget (`solve --json`, the
/// web API's `/api/solve`, Python's `Solution.to_dict()`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct SolutionRecord {
    /// The board, tiles in row-major order (`x` for the blank).
    pub board: String,
    /// The goal, in the same form.
    pub goal: String,
    /// The algorithm that ran (what `auto` chose).
    pub algorithm: String,
    /// The heuristic it used, or null for the uninformed searches.
    pub heuristic: Option<String>,
    /// The partition of the pattern databases it read, or null.
    pub partition: Option<String>,
    /// `mtm` when the search minimised the length in the multi-tile metric
    /// (`--metric mtm`); absent in the single-tile metric, the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<Metric>,
    /// `solved`, `unsolvable` or `budget`.
    pub outcome: OutcomeName,
    /// Moves in the solution (single moves of the blank), when solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// The solution's length in the multi-tile metric (each run of moves
    /// in one direction counts one), when solved ([`streamed`](Self::streamed)
    /// leaves it to the front-end that counted the moves it wrote).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mtm_length: Option<usize>,
    /// The moves (`u d l r`, blank directions), when solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
    /// Which limit ran out (`node limit`, `time limit`, `memory limit`), when one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<String>,
    /// What the search cost.
    pub stats: StatsRecord,
    /// The factor asked for (`--within`): the solution is at most this
    /// many times the shortest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<f64>,
    /// For a solution that need not be optimal: a lower bound on the
    /// optimal length in the record's metric. From the constructive
    /// `greedy` solver, Manhattan distance plus linear conflicts (in the
    /// multi-tile metric divided by the most tiles one slide moves, rounded
    /// up); with a factor asked for, what the search proved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u64>,
    /// `length / lower_bound` (`mtm_length / lower_bound` in the
    /// multi-tile metric), with `lower_bound`: at most this many times
    /// longer than optimal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratio: Option<f64>,
    /// After `--improve`: the length of the solution it started from
    /// (`start`), before it shortened it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub improved_from: Option<usize>,
    /// After `--improve`: which solution it started from, `greedy` or
    /// `staged` (the shorter of the two on boards of up to 64 cells).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// How many distinct optimal move sequences there are (`solve --count`,
    /// or `solve --all` when every one was listed), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u128>,
    /// The first optimal solutions in `u d l r` order (`solve --all`); with
    /// no `count`, more exist than were listed (or a budget stopped the listing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<String>>,
    /// When a budget stopped the counting or listing (`solve --count`,
    /// `--all`): which one (`node limit`, `time limit`, …); the answer is
    /// partial.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_budget: Option<String>,
    /// With `count_budget`: the optimal solutions met before it stopped, a
    /// lower bound on `count` (absent when none were looked for yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_at_least: Option<u128>,
}

/// A single-tile lower bound `single` as one in `metric`: in the
/// multi-tile metric a slide moves at most `max(width, height) - 1` tiles
/// one cell each, so it lowers a single-tile bound by at most that much.
fn bound_in(metric: Metric, board: &Board, single: u64) -> u64 {
    let shape = board.shape();
    match metric {
        Metric::Mtm => single.div_ceil((shape.width().max(shape.height()) as u64 - 1).max(1)),
        _ => single,
    }
}

impl SolutionRecord {
    /// The record of `report`, which `solver` made for `board` and `goal`.
    pub fn new(board: &Board, goal: &Goal, solver: &Solver, report: &Report) -> SolutionRecord {
        let (length, moves, budget) = answer(&report.outcome);
        let metric = solver.options().metric;
        let mtm_length = report.outcome.solution().map(|s| Metric::Mtm.length(s.moves()));
        let greedy_bound = (report.algorithm == Algorithm::Greedy && length.is_some())
            .then(|| bound_in(metric, board, crate::heuristic::bound::linear_conflict(board, goal)));
        let lower_bound = report.bounded.map(|b| b.lower_bound).or(greedy_bound);
        let counted = if metric == Metric::Mtm { mtm_length } else { length };
        SolutionRecord {
            board: board.to_string(),
            goal: goal.to_string(),
            algorithm: report.algorithm.name().to_string(),
            heuristic: heuristic_used(solver, report.algorithm).map(|h| h.name().to_string()),
            partition: partition_read(solver, report.algorithm),
            metric: Some(metric).filter(|&m| m != Metric::Stm),
            outcome: OutcomeName::of(&report.outcome),
            length,
            mtm_length,
            moves,
            budget: budget.map(|kind| kind.to_string()),
            stats: StatsRecord::from(&report.stats),
            within: report.bounded.and_then(|b| b.within).map(|w| w.factor()),
            lower_bound,
            ratio: lower_bound.zip(counted).map(|(lb, len)| ratio(len as u64, lb)),
            improved_from: report.improvement.map(|i| i.from_len),
            start: report.improvement.map(|i| i.start.name().to_string()),
            count: None,
            solutions: None,
            count_budget: None,
            count_at_least: None,
        }
    }

    /// The record of a constructive solution of `length` moves that were
    /// streamed elsewhere as they were made (so `moves` is absent; a
    /// 1000×1000 board takes billions), `stats` what it cost.
    ///
    /// ```
    /// use npuzzle::record::SolutionRecord;
    /// use npuzzle::{Board, Goal, Solver, SolverOptions, Stats};
    /// let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
    /// let goal = Goal::standard(board.shape());
    /// let solver = Solver::new(SolverOptions::default());
    /// let r = SolutionRecord::streamed(&board, &goal, &solver, 2, &Stats::default());
    /// assert_eq!((r.length, r.moves, r.lower_bound, r.ratio), (Some(2), None, Some(2), Some(1.0)));
    /// assert_eq!(r.stats.moves_made, Some(2));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn streamed(board: &Board, goal: &Goal, solver: &Solver, length: u64, stats: &Stats) -> SolutionRecord {
        let mut stats = stats.clone();
        stats.moves_made = Some(length);
        let empty = Outcome::Solved(crate::Solution::new(Vec::new()));
        let mut record = SolutionRecord::new(board, goal, solver, &Report::new(empty, stats, Algorithm::Greedy));
        record.length = Some(length as usize);
        record.mtm_length = None;
        record.moves = None;
        record.ratio = record.lower_bound.map(|lb| ratio(length, lb));
        record
    }

    /// This record with the count of `optimal` (when known) and, with
    /// `list`, its solutions.
    pub fn with_solutions(mut self, optimal: &OptimalSolutions, list: bool) -> SolutionRecord {
        self.count = optimal.count.or(self.count);
        if let Completion::BudgetReached(kind) = optimal.completion {
            self.count_budget = Some(kind.to_string());
            self.count_at_least = optimal.at_least;
        }
        if list {
            self.solutions = Some(optimal.solutions.iter().map(|s| s.to_string()).collect());
        }
        self
    }
}

/// `length / lower_bound` to three decimals (1 when both are 0: the goal itself).
pub fn ratio(length: u64, lower_bound: u64) -> f64 {
    if lower_bound == 0 {
        return 1.0;
    }
    (length as f64 / lower_bound as f64 * 1000.0).round() / 1000.0
}

/// The length and moves of a solution, or the budget that ran out.
fn answer(outcome: &Outcome) -> (Option<usize>, Option<String>, Option<BudgetKind>) {
    match outcome {
        Outcome::Solved(s) => (Some(s.len()), Some(s.to_string()), None),
        Outcome::BudgetReached(kind) => (None, None, Some(*kind)),
        Outcome::Unsolvable => (None, None, None),
    }
}

/// The heuristic `solver` used when `algorithm` ran, if it used one.
fn heuristic_used(solver: &Solver, algorithm: Algorithm) -> Option<HeuristicKind> {
    algorithm.uses_heuristic().then(|| solver.options().heuristic)
}

/// The partition of the pattern databases `solver` read when `algorithm` ran, if it read any.
fn partition_read(solver: &Solver, algorithm: Algorithm) -> Option<String> {
    let reads = heuristic_used(solver, algorithm).is_some_and(HeuristicKind::needs_database);
    let set = solver.pdb_set().filter(|_| reads)?;
    Some(set.label())
}

/// A board that could not be read (`solve --json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ErrorRecord {
    /// Where the board was: its input line (stdin), or its place among the arguments.
    pub line: usize,
    /// The text that was read.
    pub input: String,
    /// What is wrong with it.
    pub message: String,
}

impl ErrorRecord {
    /// The record of a board at `line` that could not be read.
    pub fn new(line: usize, input: impl Into<String>, message: impl Into<String>) -> ErrorRecord {
        ErrorRecord {
            line,
            input: input.into(),
            message: message.into(),
        }
    }
}
