//! What a search returns: an outcome and its statistics, and the budgets that
//! bound it.

use crate::time::Instant;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::board::Move;
use crate::progress::Progress;

/// An optimal move list (blank directions).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Solution {
    moves: Vec<Move>,
}

impl Solution {
    /// Wraps a move list.
    pub fn new(moves: Vec<Move>) -> Solution {
        Solution { moves }
    }

    /// The moves.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the board was already solved.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// The moves as `u d l r` letters.
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Move::format_list(&self.moves))
    }
}

/// Which budget stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum BudgetKind {
    /// `max_nodes` expansions were reached.
    Nodes,
    /// The time limit passed.
    Time,
    /// The search would have held more than `max_memory` bytes.
    Memory,
    /// Someone raised the search's [`Cancel`] flag.
    Cancelled,
}

impl fmt::Display for BudgetKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BudgetKind::Nodes => "node limit",
            BudgetKind::Time => "time limit",
            BudgetKind::Memory => "memory limit",
            BudgetKind::Cancelled => "cancelled",
        })
    }
}

/// How a search ended. Not finding a solution is an outcome, not an error.
///
/// More ways to end may be added: match with a `_` arm.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// An optimal solution, replayed to the goal.
    Solved(Solution),
    /// The parity invariant shows the goal cannot be reached.
    Unsolvable,
    /// A budget ran out first.
    BudgetReached(BudgetKind),
}

impl Outcome {
    /// The solution, if there is one.
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            Outcome::Solved(s) => Some(s),
            _ => None,
        }
    }
}

/// Counters every search reports. More counters may be added.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// States taken off the frontier and expanded.
    pub expanded: u64,
    /// Successor states generated.
    pub generated: u64,
    /// Most states held at once (frontier plus visited/closed structures).
    pub peak_states: u64,
    /// Bytes the search's own structures held at their largest (estimate).
    pub peak_bytes: u64,
    /// Wall time of the search.
    pub elapsed: Duration,
    /// For iterative deepening: (threshold, nodes expanded) per iteration.
    pub iterations: Vec<(u32, u64)>,
    /// For the constructive solver ([`greedy`](crate::search::greedy)),
    /// which makes moves instead of expanding nodes: the moves it made
    /// (before any improvement). `None` for the searches.
    pub moves_made: Option<u64>,
}

/// A search's outcome with its statistics. More facts may be added.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// How it ended.
    pub outcome: Outcome,
    /// What it cost.
    pub stats: Stats,
    /// The algorithm that ran (what `Auto` chose, for instance).
    pub algorithm: crate::Algorithm,
    /// For the constructive solver given time to shorten its answer: what
    /// the shortening started from. `None` for every other answer.
    pub improvement: Option<Improvement>,
    /// With a factor asked for ([`SolverOptions::within`](crate::SolverOptions::within)):
    /// the factor and a lower bound on the shortest length. `None` without one.
    pub bounded: Option<Bounded>,
}

/// What a search proved of the shortest solution beside its answer: the
/// shortest is at least `lower_bound` moves, and with a factor asked for
/// the answer is at most `within` times the shortest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Bounded {
    /// The factor asked for, if any (`anytime` proves a bound without one).
    pub within: Option<crate::search::within::Within>,
    /// A lower bound on the shortest solution's length.
    pub lower_bound: u64,
}

/// What [`improve`](crate::search::improve) started from, in a [`Report`]
/// of the constructive solver given time to shorten its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Improvement {
    /// The length of the solution it started from.
    pub from_len: usize,
    /// Which solution that was: the greedy one, or a staged one when shorter.
    pub start: Start,
}

impl Improvement {
    /// The improvement of a solution of `from_len` moves made by `start`.
    pub fn new(from_len: usize, start: Start) -> Improvement {
        Improvement { from_len, start }
    }
}

/// The solution an improvement started from (see
/// [`improve`](crate::search::improve)): the constructive one, or on small
/// boards a [`staged`](crate::search::staged) one when that was shorter.
///
/// ```
/// use npuzzle::solution::Start;
/// assert_eq!(Start::Staged.name(), "staged");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Start {
    /// The constructive solution.
    Greedy,
    /// The shortest of the staged solutions.
    Staged,
}

impl Start {
    /// `greedy` or `staged`, as the records name it.
    pub fn name(self) -> &'static str {
        match self {
            Start::Greedy => "greedy",
            Start::Staged => "staged",
        }
    }
}

impl Report {
    /// A report of `algorithm`, for a front-end that ran a search in pieces
    /// (such as the subtree tasks of [`subtree`](crate::search::subtree))
    /// and puts its outcome together.
    ///
    /// ```
    /// use npuzzle::{Algorithm, Outcome, Report, Stats};
    /// let report = Report::new(Outcome::Unsolvable, Stats::default(), Algorithm::IdaStar);
    /// assert_eq!(report.outcome, Outcome::Unsolvable);
    /// ```
    pub fn new(outcome: Outcome, stats: Stats, algorithm: crate::Algorithm) -> Report {
        Report {
            outcome,
            stats,
            algorithm,
            improvement: None,
            bounded: None,
        }
    }
}

/// Limits on one search. `Budget::default()` has none; the `with_*` setters
/// add them (more limits may be added, so build it from the default).
///
/// ```
/// use npuzzle::Budget;
/// use std::time::Duration;
/// let b = Budget::default()
///     .with_max_nodes(Some(1_000_000))
///     .with_timeout(Some(Duration::from_secs(2)));
/// assert_eq!(b.max_nodes, Some(1_000_000));
/// assert_eq!(b.max_memory, None);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Budget {
    /// Most nodes a search may expand.
    pub max_nodes: Option<u64>,
    /// Longest a search may run.
    pub timeout: Option<Duration>,
    /// Most bytes a search may hold in its own structures.
    pub max_memory: Option<u64>,
}

impl Budget {
    /// This budget with at most `max_nodes` expansions (`None`: no limit).
    pub fn with_max_nodes(mut self, max_nodes: Option<u64>) -> Budget {
        self.max_nodes = max_nodes;
        self
    }

    /// This budget with at most `timeout` of wall time (`None`: no limit).
    pub fn with_timeout(mut self, timeout: Option<Duration>) -> Budget {
        self.timeout = timeout;
        self
    }

    /// This budget with at most `max_memory` bytes of search structures (`None`: no limit).
    pub fn with_max_memory(mut self, max_memory: Option<u64>) -> Budget {
        self.max_memory = max_memory;
        self
    }
}

/// A flag another thread raises to stop a search early (a server whose
/// client went away, say). Searches read it where they read the clock, so
/// they stop within about a thousand nodes; the outcome is
/// [`BudgetKind::Cancelled`]. Clones share the flag.
///
/// ```
/// use npuzzle::{Board, Budget, BudgetKind, Cancel, Goal, Outcome, Solver, SolverOptions};
/// let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse()?;
/// let goal = Goal::blank_first(board.shape());
/// let cancel = Cancel::new();
/// cancel.cancel();
/// let report = Solver::new(SolverOptions::default()).solve_with(&board, &goal, Budget::default(), &cancel)?;
/// assert_eq!(report.outcome, Outcome::BudgetReached(BudgetKind::Cancelled));
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not raised yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: every search reading it stops soon.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Checks a [`Budget`] cheaply from inside a search loop: the clock (and the
/// [`Cancel`] flag, if any) is read only every 1024 calls, and the expanded
/// count published to the [`Progress`], if any, at the same moments.
#[derive(Debug)]
pub struct BudgetClock {
    budget: Budget,
    started: Instant,
    deadline: Option<Instant>,
    countdown: u32,
    cancel: Option<Cancel>,
    progress: Option<Progress>,
}

impl BudgetClock {
    /// Starts the clock now.
    pub fn start(budget: Budget) -> BudgetClock {
        let started = Instant::now();
        BudgetClock {
            budget,
            started,
            deadline: budget.timeout.map(|t| started + t),
            countdown: 1024,
            cancel: None,
            progress: None,
        }
    }

    /// This clock, also stopping the search when `cancel` is raised.
    pub fn with_cancel(mut self, cancel: Cancel) -> BudgetClock {
        self.cancel = Some(cancel);
        self
    }

    /// The cancel flag being read, if any.
    pub fn cancel(&self) -> Option<&Cancel> {
        self.cancel.as_ref()
    }

    /// This clock, also publishing the search's progress to `progress`
    /// (cleared now, for the new search).
    pub fn with_progress(mut self, progress: Progress) -> BudgetClock {
        progress.reset();
        self.progress = Some(progress);
        self
    }

    /// The progress being published, if any.
    pub fn progress(&self) -> Option<&Progress> {
        self.progress.as_ref()
    }

    /// Moves the time limit, if any, `by` earlier (the budget's timeout
    /// with it): for a search that keeps the end of its time for work after
    /// the clock stops it.
    pub fn end_early(&mut self, by: Duration) {
        self.budget.timeout = self.budget.timeout.map(|t| t.saturating_sub(by));
        self.deadline = self.budget.timeout.map(|t| self.started + t);
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Which budget, if any, is spent after `expanded` nodes holding `bytes`.
    #[inline]
    pub fn check(&mut self, expanded: u64, bytes: u64) -> Option<BudgetKind> {
        if self.budget.max_nodes.is_some_and(|m| expanded >= m) {
            return Some(BudgetKind::Nodes);
        }
        if self.budget.max_memory.is_some_and(|m| bytes > m) {
            return Some(BudgetKind::Memory);
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = 1024;
            if let Some(progress) = &self.progress {
                progress.set_expanded(expanded);
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Some(BudgetKind::Time);
            }
            if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
                return Some(BudgetKind::Cancelled);
            }
        }
        None
    }

    /// Whether the time budget is spent, read from the clock now (not on
    /// [`check`](Self::check)'s countdown): for a caller about to start a
    /// new search, which would otherwise run up to a countdown past it.
    pub fn is_out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The budget being checked.
    pub fn budget(&self) -> Budget {
        self.budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_budget_trips_at_the_limit() {
        let mut c = BudgetClock::start(Budget {
            max_nodes: Some(10),
            ..Budget::default()
        });
        assert_eq!(c.check(9, 0), None);
        assert_eq!(c.check(10, 0), Some(BudgetKind::Nodes));
    }

    #[test]
    fn time_budget_trips_after_deadline() {
        let mut c = BudgetClock::start(Budget {
            timeout: Some(Duration::ZERO),
            ..Budget::default()
        });
        let tripped = (0..2048).find_map(|i| c.check(i, 0));
        assert_eq!(tripped, Some(BudgetKind::Time));
    }

    #[test]
    fn ending_early_moves_the_deadline_and_the_timeout() {
        let hour = Duration::from_secs(3600);
        let mut c = BudgetClock::start(Budget::default().with_timeout(Some(hour)));
        c.end_early(hour - Duration::from_secs(1));
        assert_eq!(c.budget().timeout, Some(Duration::from_secs(1)));
        assert!(!c.is_out_of_time());
        c.end_early(hour);
        assert_eq!(c.budget().timeout, Some(Duration::ZERO));
        assert!(c.is_out_of_time());
        let tripped = (0..2048).find_map(|i| c.check(i, 0));
        assert_eq!(tripped, Some(BudgetKind::Time));
        // No time limit: nothing to move.
        let mut c = BudgetClock::start(Budget::default());
        c.end_early(hour);
        assert_eq!(c.budget().timeout, None);
        assert!(!c.is_out_of_time());
        assert_eq!((0..2048).find_map(|i| c.check(i, 0)), None);
    }

    #[test]
    fn memory_budget_trips_when_exceeded() {
        let mut c = BudgetClock::start(Budget {
            max_memory: Some(100),
            ..Budget::default()
        });
        assert_eq!(c.check(0, 100), None);
        assert_eq!(c.check(0, 101), Some(BudgetKind::Memory));
    }

    #[test]
    fn cancel_trips_within_a_countdown() {
        let cancel = Cancel::new();
        let mut c = BudgetClock::start(Budget::default()).with_cancel(cancel.clone());
        assert_eq!((0..2048).find_map(|i| c.check(i, 0)), None);
        cancel.cancel();
        assert_eq!((0..1024).find_map(|i| c.check(i, 0)), Some(BudgetKind::Cancelled));
    }

    #[test]
    fn expanded_is_published_at_each_look_at_the_clock() {
        let progress = Progress::new();
        let mut c = BudgetClock::start(Budget::default()).with_progress(progress.clone());
        (1..1024).for_each(|i| assert_eq!(c.check(i, 0), None));
        assert_eq!(progress.expanded(), 0, "not before the clock is read");
        assert_eq!(c.check(1024, 0), None);
        assert_eq!(progress.expanded(), 1024);
    }
}
