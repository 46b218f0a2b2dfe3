//! One row of a batch: the flat record `npuzzle batch` and Python's Dask
//! runs write, with the names of the search that made it.

use crate::time::Instant;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{answer, heuristic_used, human, millis, partition_read, OutcomeName};
use crate::board::Board;
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
        SearchNames::of(solver, solver.options().algorithm.resolve(board.shape()))
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
    pub const CSV_HEADER: &'static str =
        "line,board,outcome,length,moves,expanded,generated,millis,message,instance,algorithm,heuristic,partition";

    /// The row of a board at `line` that `solver` searched.
    pub fn solved(line: usize, board: &Board, solver: &Solver, report: &Report, elapsed: Duration) -> ResultRecord {
        let (length, moves, budget) = answer(&report.outcome);
        let names = SearchNames::of(solver, report.algorithm);
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

    /// The row of one batch input, the `instance`-th of its file: `solve`
    /// reads and searches its text, and whatever message it fails with (or
    /// the input's own, for an unreadable line) makes an `invalid` row. The
    /// time includes the reading.
    pub fn for_input<S: std::ops::Deref<Target = Solver>>(
        input: &BoardInput,
        instance: usize,
        solve: impl FnOnce(&str) -> Result<(Board, S, Report), String>,
    ) -> ResultRecord {
        let started = Instant::now();
        let searched = match &input.text {
            Ok(text) => solve(text),
            Err(message) => Err(message.clone()),
        };
        let row = match searched {
            Ok((board, solver, report)) => {
                ResultRecord::solved(input.line, &board, &solver, &report, started.elapsed())
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
            board: human::one_line(input, 80),
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
        }
    }
}
