//! One row of a batch: the flat record `npuzzle batch` and Python's Dask
//! runs write, with the names of the search that made it and every setting
//! that changes its answer or its counts.

use crate::time::Instant;
use std::borrow::Borrow;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{answer, heuristic_used, millis, partition_read, OutcomeName};
use crate::board::Board;
use crate::goal::Goal;
use crate::parse::BoardInput;
use crate::search::{Algorithm, Solver};
use crate::solution::Report;

/// One row of a batch (`npuzzle batch`, Python's `npuzzle.dask.solve_files`):
/// flat, so that the same fields make the CSV columns.
///
/// The fields after `message` came later: they are at the end so that the
/// older columns keep their places, and rows written without them read back
/// with `instance` 0 and the names null.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ResultRecord {
    /// Input line number where the board starts.
    pub line: usize,
    /// The board (normalised), or the start of the unreadable input.
    pub board: String,
    /// `solved`, `unsolvable`, `budget` or `invalid`.
    pub outcome: OutcomeName,
    /// Moves in the optimal solution.
    pub length: Option<usize>,
    /// The moves (`u d l r`, blank directions).
    pub moves: Option<String>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Time spent on this board, reading included.
    pub millis: f64,
    /// Why the board is invalid, or which budget ran out.
    pub message: Option<String>,
    /// The board's place among the input's boards, from 1 (Korf & Felner's
    /// instance #25 is the 25th board of their file, whatever the comments
    /// above it).
    #[serde(default)]
    pub instance: usize,
    /// The algorithm that ran (what `auto` chose), or null for an invalid input.
    #[serde(default)]
    pub algorithm: Option<String>,
    /// The heuristic it used, or null.
    #[serde(default)]
    pub heuristic: Option<String>,
    /// The partition of the pattern databases it read, or null.
    #[serde(default)]
    pub partition: Option<String>,
    /// The goal searched for, or null for an invalid input (and in rows
    /// written before rows recorded their settings).
    #[serde(default)]
    pub goal: Option<String>,
    /// IDA*'s duplicate pruning: the longest move sequences it cut (the
    /// command line's `--dup-len`); null for the other algorithms.
    #[serde(default)]
    pub duplicate_len: Option<usize>,
    /// Greedy's improve time in milliseconds, when it had one.
    #[serde(default)]
    pub improve_millis: Option<f64>,
    /// The node budget of the search, if any.
    #[serde(default)]
    pub max_nodes: Option<u64>,
    /// The time budget of the search in milliseconds, if any.
    #[serde(default)]
    pub timeout_millis: Option<f64>,
    /// The memory budget of the search in bytes, if any (in a batch, each
    /// worker's share of the whole batch's).
    #[serde(default)]
    pub max_memory: Option<u64>,
}

/// The settings a batch row records besides the names of its search: the
/// goal and every option that changes the answer or the node counts. Two
/// rows of one board with the same names and settings are the same
/// experiment, which is what a resumed batch compares. Each board is
/// searched on one thread, so the counts do not depend on the number of
/// workers.
///
/// Times are in whole microseconds (the precision of the rows' `millis`
/// fields), so that settings read back from a row compare equal.
///
/// ```
/// use npuzzle::record::SearchSettings;
/// use npuzzle::{Algorithm, Board, Budget, Goal, Solver, SolverOptions};
/// let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
/// let budget = Budget::default().with_max_nodes(Some(1000));
/// let solver = Solver::new(SolverOptions::default().with_duplicate_len(2).with_budget(budget));
/// let settings = SearchSettings::new(&solver, Algorithm::IdaStar, &Goal::standard(board.shape()));
/// assert_eq!(settings.goal, "1 2 3 4 5 6 7 8 x");
/// assert_eq!((settings.duplicate_len, settings.max_nodes), (Some(2), Some(1000)));
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SearchSettings {
    /// The goal, in row-major order (`x` for the blank).
    pub goal: String,
    /// IDA*'s duplicate-pruning length (IDA* only).
    pub duplicate_len: Option<usize>,
    /// Greedy's improve time, in microseconds (greedy only).
    pub improve_micros: Option<u64>,
    /// The node budget.
    pub max_nodes: Option<u64>,
    /// The time budget, in microseconds.
    pub timeout_micros: Option<u64>,
    /// The memory budget, in bytes.
    pub max_memory: Option<u64>,
}

impl SearchSettings {
    /// The settings of `algorithm` run by `solver` toward `goal`.
    pub fn new(solver: &Solver, algorithm: Algorithm, goal: &Goal) -> SearchSettings {
        let options = solver.options();
        let micros = |d: std::time::Duration| u64::try_from(d.as_micros()).unwrap_or(u64::MAX);
        SearchSettings {
            goal: goal.to_string(),
            duplicate_len: (algorithm == Algorithm::IdaStar).then_some(options.duplicate_len),
            improve_micros: options.improve.filter(|_| algorithm == Algorithm::Greedy).map(micros),
            max_nodes: options.budget.max_nodes,
            timeout_micros: options.budget.timeout.map(micros),
            max_memory: options.budget.max_memory,
        }
    }

    /// These settings, budgets aside: what a finished search's answer and
    /// counts depend on (a budget matters only when it ran out).
    pub fn without_budget(&self) -> SearchSettings {
        SearchSettings {
            max_nodes: None,
            timeout_micros: None,
            max_memory: None,
            ..self.clone()
        }
    }
}

/// Milliseconds (as the rows write them) back to whole microseconds.
fn micros_of(millis: f64) -> u64 {
    // Rows hold non-negative times of at most microsecond precision; a
    // hand-edited negative or huge one saturates.
    (millis * 1e3).round().clamp(0.0, u64::MAX as f64) as u64
}

/// Microseconds as the rows write milliseconds.
fn millis_of(micros: u64) -> f64 {
    micros as f64 / 1e3
}

/// What searches a board, as a batch row names it: the algorithm, heuristic
/// and databases that `solver` uses on boards of `board`'s shape. Two rows
/// with the same names were searched the same way, which is what a resumed
/// batch compares.
///
/// ```
/// use npuzzle::record::SearchNames;
/// use npuzzle::{Board, Solver, SolverOptions};
/// let board: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15".parse()?;
/// let names = SearchNames::new(&Solver::new(SolverOptions::default()), &board);
/// assert_eq!(names.algorithm, "idastar");
/// assert_eq!(names.heuristic.as_deref(), Some("linear-conflict"));
/// assert_eq!(names.partition, None);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SearchNames {
    /// The algorithm's name.
    pub algorithm: String,
    /// The heuristic's name, if the algorithm uses one.
    pub heuristic: Option<String>,
    /// The partition of the databases read, if any.
    pub partition: Option<String>,
}

impl SearchNames {
    /// The names of the search `solver` runs on `board`.
    pub fn new(solver: &Solver, board: &Board) -> SearchNames {
        SearchNames::of(solver, solver.options().resolve(board.shape()))
    }

    /// The names of `algorithm` run by `solver`.
    fn of(solver: &Solver, algorithm: Algorithm) -> SearchNames {
        SearchNames {
            algorithm: algorithm.name().to_string(),
            heuristic: heuristic_used(solver, algorithm).map(|h| h.name().to_string()),
            partition: partition_read(solver, algorithm),
        }
    }
}

impl ResultRecord {
    /// The CSV header line for these rows (field names in order).
    pub const CSV_HEADER: &'static str = "line,board,outcome,length,moves,expanded,generated,millis,message,\
        instance,algorithm,heuristic,partition,goal,duplicate_len,improve_millis,max_nodes,timeout_millis,max_memory";

    /// The row of a board at `line` that `solver` searched toward `goal`.
    pub fn solved(
        line: usize,
        board: &Board,
        goal: &Goal,
        solver: &Solver,
        report: &Report,
        elapsed: Duration,
    ) -> ResultRecord {
        let (length, moves, budget) = answer(&report.outcome);
        let names = SearchNames::of(solver, report.algorithm);
        let settings = SearchSettings::new(solver, report.algorithm, goal);
        ResultRecord {
            line,
            board: board.to_string(),
            outcome: OutcomeName::of(&report.outcome),
            length,
            moves,
            expanded: report.stats.expanded,
            generated: report.stats.generated,
            millis: millis(elapsed),
            message: budget.map(|kind| format!("{kind} reached")),
            instance: 0,
            algorithm: Some(names.algorithm),
            heuristic: names.heuristic,
            partition: names.partition,
            goal: Some(settings.goal),
            duplicate_len: settings.duplicate_len,
            improve_millis: settings.improve_micros.map(millis_of),
            max_nodes: settings.max_nodes,
            timeout_millis: settings.timeout_micros.map(millis_of),
            max_memory: settings.max_memory,
        }
    }

    /// The names of the search that made this row, `None` for an invalid input.
    pub fn search_names(&self) -> Option<SearchNames> {
        Some(SearchNames {
            algorithm: self.algorithm.clone()?,
            heuristic: self.heuristic.clone(),
            partition: self.partition.clone(),
        })
    }

    /// The settings this row records, `None` for an invalid input or a row
    /// written before rows recorded their settings (it names no goal).
    pub fn search_settings(&self) -> Option<SearchSettings> {
        Some(SearchSettings {
            goal: self.goal.clone()?,
            duplicate_len: self.duplicate_len,
            improve_micros: self.improve_millis.map(micros_of),
            max_nodes: self.max_nodes,
            timeout_micros: self.timeout_millis.map(micros_of),
            max_memory: self.max_memory,
        })
    }

    /// The row of one batch input, the `instance`-th of its file: `solve`
    /// reads and searches its text (returning the board, its goal, the
    /// solver and its report), and whatever message it fails with (or the
    /// input's own, for an unreadable line) makes an `invalid` row. The time
    /// includes the reading.
    pub fn for_input<G: Borrow<Goal>, S: std::ops::Deref<Target = Solver>>(
        input: &BoardInput,
        instance: usize,
        solve: impl FnOnce(&str) -> Result<(Board, G, S, Report), String>,
    ) -> ResultRecord {
        let started = Instant::now();
        let searched = match &input.text {
            Ok(text) => solve(text),
            Err(message) => Err(message.clone()),
        };
        let row = match searched {
            Ok((board, goal, solver, report)) => {
                ResultRecord::solved(input.line, &board, goal.borrow(), &solver, &report, started.elapsed())
            }
            Err(message) => {
                let text = input.text.as_deref().unwrap_or("");
                ResultRecord::invalid(input.line, text, message, started.elapsed())
            }
        };
        ResultRecord { instance, ..row }
    }

    /// The row of an input at `line` that could not be read or searched:
    /// `input` is shown shortened to one line.
    pub fn invalid(line: usize, input: &str, message: impl Into<String>, elapsed: Duration) -> ResultRecord {
        ResultRecord {
            line,
            board: one_line(input, 80),
            outcome: OutcomeName::Invalid,
            length: None,
            moves: None,
            expanded: 0,
            generated: 0,
            millis: millis(elapsed),
            message: Some(message.into()),
            instance: 0,
            algorithm: None,
            heuristic: None,
            partition: None,
            goal: None,
            duplicate_len: None,
            improve_millis: None,
            max_nodes: None,
            timeout_millis: None,
            max_memory: None,
        }
    }
}

/// `text` on one line of at most `max` characters: white space runs folded to
/// one space, control characters shown as `?`, an ellipsis where it was cut.
/// An unreadable input is kept this way in its row, so one bad line of a
/// batch file cannot break the row's CSV or JSON line into several.
fn one_line(text: &str, max: usize) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut shown: String = flat
        .chars()
        .take(max)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if flat.chars().count() > max {
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_unreadable_input_is_cut_to_one_line() {
        let long = "1 ".repeat(100);
        let shown = one_line(&long, 80);
        assert_eq!(shown.chars().count(), 81);
        assert!(shown.ends_with('…'));
        assert_eq!(one_line("a\tb\n\u{1}", 80), "a b ?");
    }
}
