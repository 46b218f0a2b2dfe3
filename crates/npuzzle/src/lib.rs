//! # npuzzle
//!
//! Optimal solutions of sliding-tile puzzles — the 8-puzzle, the 15- and
//! 24-puzzle and any W×H board — with every classic search ("the eight
//! realms" of the HDU 1043 write-ups) selectable by name.
//!
//! ```
//! use npuzzle::{Algorithm, Board, Goal, Outcome, Solver, SolverOptions};
//!
//! let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
//! let goal = Goal::standard(board.shape());
//! let solver = Solver::new(SolverOptions::default().with_algorithm(Algorithm::IdaStar));
//! let report = solver.solve(&board, &goal)?;
//! match report.outcome {
//!     Outcome::Solved(solution) => assert_eq!(solution.len(), 31),
//!     other => panic!("unexpected {other:?}"),
//! }
//! # Ok::<(), npuzzle::Error>(())
//! ```
//!
//! Moves name the direction the **blank** travels (`u d l r`), and every
//! solution the solver returns has been replayed to the goal.

#![deny(missing_docs)]

pub mod board;
pub mod error;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
mod geometry;
pub mod goal;
pub mod heuristic;
pub mod judge;
pub mod metric;
pub mod notation;
#[cfg(any(test, feature = "fuzzing"))]
#[doc(hidden)]
pub mod oracle;
// `packed`, `rank` and `time` are internals that benches, doctests and the front-ends (the
// clock on wasm) reach into: public, but not documented as the API.
#[doc(hidden)]
pub mod packed;
pub mod parity;
pub mod parse;
pub mod progress;
pub mod random;
#[doc(hidden)]
pub mod rank;
pub mod record;
pub mod search;
pub mod solution;
#[doc(hidden)]
pub mod time;

pub use board::{Board, Move, Shape};
pub use error::{Error, IoSource};
pub use goal::Goal;
pub use heuristic::{Heuristic, HeuristicKind};
pub use metric::Metric;
pub use progress::Progress;
pub use search::count::OptimalSolutions;
pub use search::hint::{Completion, Hint, MoveHint};
pub use search::{Algorithm, Solver, SolverOptions};
pub use solution::{Bounded, Budget, BudgetKind, Cancel, Improvement, Outcome, Report, Solution, Stats};

/// The user guide's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/library.md")]
pub struct GuideDoctests;

/// The crate README's example (the page crates.io shows), run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
