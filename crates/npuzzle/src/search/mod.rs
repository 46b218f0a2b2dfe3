//! The searches, one module each, and the [`Solver`] that runs them.

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::goal::Goal;
use crate::heuristic::HeuristicKind;
use crate::parity::is_solvable;
use crate::solution::{Budget, BudgetClock, Outcome, Report, Stats};
use crate::Error;

pub mod idastar;
pub mod idastar_fast;

/// The selectable algorithms, named after the "eight realms".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// Realm 8: IDA* (Manhattan or linear conflict), in place, no allocation per node.
    IdaStar,
}

impl Algorithm {
    /// Every algorithm, in realm order.
    pub const ALL: [Algorithm; 1] = [Algorithm::IdaStar];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::IdaStar => "idastar",
        }
    }

    /// Whether `--heuristic` applies.
    pub fn uses_heuristic(self) -> bool {
        matches!(self, Algorithm::IdaStar)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Algorithm::ALL.into_iter().find(|a| a.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!("unknown algorithm {s:?}; choose one of {}", names.join(", "))
        })
    }
}

/// How a [`Solver`] searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolverOptions {
    /// Which search.
    pub algorithm: Algorithm,
    /// Which estimate, for the informed searches.
    pub heuristic: HeuristicKind,
    /// Limits on each search.
    pub budget: Budget,
    /// Threads for one search: IDA* on 4×4 and 5×5 boards splits each
    /// iteration across them (see [`idastar_fast`]); other searches and shapes
    /// use one. 0 counts as 1.
    pub threads: usize,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            algorithm: Algorithm::IdaStar,
            heuristic: HeuristicKind::LinearConflict,
            budget: Budget::default(),
            threads: 1,
        }
    }
}

/// Built once from options, then solves any number of boards; tables it
/// builds are kept for later boards.
///
/// ```
/// use npuzzle::{Board, Goal, Solver, SolverOptions};
/// let solver = Solver::new(SolverOptions::default());
/// let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
/// let report = solver.solve(&board, &Goal::standard(board.shape()))?;
/// assert_eq!(report.outcome.solution().unwrap().to_string(), "rr");
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    options: SolverOptions,
}

impl Solver {
    /// A solver with these options.
    pub fn new(options: SolverOptions) -> Solver {
        Solver { options }
    }

    /// The options.
    pub fn options(&self) -> &SolverOptions {
        &self.options
    }

    /// Solves `board` for `goal`: unsolvable boards are recognised by parity
    /// before any search, and a solution is replayed to the goal before it is
    /// returned.
    pub fn solve(&self, board: &Board, goal: &Goal) -> Result<Report, Error> {
        goal.check_shape(board)?;
        let mut clock = BudgetClock::start(self.options.budget);
        if !is_solvable(board, goal) {
            let stats = Stats {
                elapsed: clock.elapsed(),
                ..Stats::default()
            };
            return Ok(Report {
                outcome: Outcome::Unsolvable,
                stats,
            });
        }
        let (outcome, mut stats) = match self.options.algorithm {
            Algorithm::IdaStar => {
                let fast =
                    idastar_fast::search_kind(board, goal, self.options.heuristic, &clock, self.options.threads)?;
                match fast {
                    Some(found) => found,
                    None => crate::with_heuristic!(self.options.heuristic, goal, |h| idastar::search(
                        board, goal, &h, &mut clock
                    )),
                }
            }
        };
        stats.elapsed = clock.elapsed();
        if let Outcome::Solved(solution) = &outcome {
            let reached = board.replay(solution.moves());
            if !reached.is_ok_and(|b| goal.is_reached_by(&b)) {
                return Err(Error::ReplayMismatch {
                    algorithm: self.options.algorithm.name(),
                });
            }
        }
        Ok(Report { outcome, stats })
    }
}
