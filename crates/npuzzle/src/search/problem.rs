//! What an algorithm's search is handed and what it gives back: the one
//! signature of every search module, `fn solve(Problem) -> Result<Found,
//! Error>`, which the registry ([`Algorithm`](super::Algorithm)) calls.

use super::Solver;
use crate::board::Board;
use crate::goal::Goal;
use crate::solution::{Bounded, Budget, BudgetClock, Improvement, Outcome, Stats};
use crate::Error;

/// What the solver hands an algorithm's search: a solvable board not at its
/// goal, that passed the solver's checks (see [`check`](super::check)).
pub(crate) struct Problem<'a> {
    pub board: &'a Board,
    pub goal: &'a Goal,
    /// The solver, for its options, tables and databases.
    pub solver: &'a Solver,
    /// The limits of this search (the clock runs them).
    pub budget: Budget,
    pub clock: &'a mut BudgetClock,
}

/// What a search found.
pub(crate) struct Found {
    pub outcome: Outcome,
    pub stats: Stats,
    /// For an answer shortened after it was made, what it started from.
    pub improvement: Option<Improvement>,
    /// With a factor asked for, the guarantee a bounded search proved.
    pub bounded: Option<Bounded>,
}

impl From<(Outcome, Stats)> for Found {
    fn from((outcome, stats): (Outcome, Stats)) -> Found {
        Found {
            outcome,
            stats,
            improvement: None,
            bounded: None,
        }
    }
}

/// How an algorithm runs.
pub(crate) type SolveFn = fn(Problem<'_>) -> Result<Found, Error>;
