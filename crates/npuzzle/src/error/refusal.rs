//! What an algorithm does not take: boards past its limits, exact questions
//! it cannot answer exactly, and table builds stopped at their budget. Each
//! is decided before (or instead of) a search; none is a fault of the input
//! text.

use crate::board::Shape;
use crate::solution::BudgetKind;

/// A board or question an algorithm does not take, or a build stopped at its budget.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// An optimal search was asked to solve a board bigger than any of them
    /// takes; the constructive solver ([`Algorithm::Greedy`](crate::Algorithm::Greedy)) solves it.
    #[error("{algorithm} finds optimal solutions on boards of at most {max_cells} cells, and a {shape} board has {cells}; the constructive algorithm `greedy` solves it (not optimally)")]
    TooBigToSearch {
        /// Algorithm name.
        algorithm: &'static str,
        /// The board shape.
        shape: Shape,
        /// Cells on that board.
        cells: usize,
        /// The most cells the optimal searches take.
        max_cells: usize,
    },
    /// A hint was asked where its algorithm does not search optimally:
    /// hints are exact, and greedy's lengths are not distances. `auto` picks
    /// greedy above [`AUTO_OPTIMAL_CELLS`](crate::search::AUTO_OPTIMAL_CELLS)
    /// cells, so a hint there is refused before any search runs.
    #[error("{}", no_exact("hints are exact", algorithm, *shape, *cells, *max_cells))]
    NoExactHint {
        /// The algorithm asked for (`auto` or `greedy`).
        algorithm: &'static str,
        /// The board shape.
        shape: Shape,
        /// Cells on that board.
        cells: usize,
        /// The most cells `auto` searches optimally.
        max_cells: usize,
    },
    /// Optimal solutions were asked to be counted or listed where the
    /// algorithm does not search optimally: enumerating within greedy's
    /// length would count longer sequences as optimal. Refused before any
    /// search, like [`Refusal::NoExactHint`].
    #[error("{}", no_exact("optimal solutions are counted by an optimal search", algorithm, *shape, *cells, *max_cells))]
    NoExactCount {
        /// The algorithm asked for (`auto` or `greedy`).
        algorithm: &'static str,
        /// The board shape.
        shape: Shape,
        /// Cells on that board.
        cells: usize,
        /// The most cells `auto` searches optimally.
        max_cells: usize,
    },
    /// A solution within a factor of the shortest was asked of an
    /// algorithm that proves none (the constructive one). Refused before
    /// any search, like [`Refusal::NoExactHint`].
    #[error("{}", no_exact("a factor is proved by an optimal or a weighted search", algorithm, *shape, *cells, *max_cells))]
    NoFactor {
        /// The algorithm asked for (`auto` or `greedy`).
        algorithm: &'static str,
        /// The board shape.
        shape: Shape,
        /// Cells on that board.
        cells: usize,
        /// The most cells `auto` searches optimally.
        max_cells: usize,
    },
    /// The multi-tile metric was asked of a search or question that does
    /// not take it (see [`Metric`](crate::Metric)).
    #[error("{what} in the multi-tile metric: {reason}")]
    NotInMultiTile {
        /// The algorithm, or the question, asked.
        what: String,
        /// The board shape.
        shape: Shape,
        /// What does take it.
        reason: String,
    },
    /// The algorithm cannot handle this board at all (not a budget matter).
    #[error("{algorithm} cannot solve a {shape} board: {reason}")]
    Unsupported {
        /// Algorithm name.
        algorithm: &'static str,
        /// The board shape.
        shape: Shape,
        /// Why.
        reason: String,
    },
    /// Building a table stopped at a budget. [`Solver`](crate::Solver) reports
    /// this as [`Outcome::BudgetReached`](crate::Outcome::BudgetReached).
    #[error("building the {what} for {shape} stopped at the {kind}: {}", budget_detail(*.kind, *.used, *.limit))]
    BuildBudget {
        /// What was being built, e.g. `"move table"`.
        what: &'static str,
        /// The board shape.
        shape: Shape,
        /// Which budget.
        kind: BudgetKind,
        /// What the build needed or used: bytes, milliseconds or states expanded.
        used: u64,
        /// The limit, in the same unit.
        limit: u64,
    },
}

impl Refusal {
    /// Whether this is a hint or count refused only because `greedy` was
    /// named on a board `auto` searches optimally: see
    /// [`Error::auto_would_answer`](super::Error::auto_would_answer).
    pub fn auto_would_answer(&self) -> bool {
        match self {
            Refusal::NoExactHint {
                algorithm,
                cells,
                max_cells,
                ..
            }
            | Refusal::NoExactCount {
                algorithm,
                cells,
                max_cells,
                ..
            } => {
                [crate::Algorithm::Greedy.name(), crate::Algorithm::Anytime.name()].contains(algorithm)
                    && cells <= max_cells
            }
            _ => false,
        }
    }
}

/// Why a [`Refusal::NoExactHint`] or [`Refusal::NoExactCount`] board has no
/// exact answer (`rule` says what needs an optimal search), and the way out.
fn no_exact(rule: &str, algorithm: &str, shape: Shape, cells: usize, max_cells: usize) -> String {
    if algorithm == "greedy" {
        format!("{rule}, and greedy builds a solution without searching for an optimal one: ask with auto (optimal up to {max_cells} cells) or an optimal algorithm")
    } else if algorithm == "anytime" {
        format!("{rule}, and anytime answers with the best solution it finds in its budget, not always an optimal one: ask with auto (optimal up to {max_cells} cells) or an optimal algorithm")
    } else {
        format!("{rule}: {algorithm} searches optimally on boards of at most {max_cells} cells, and a {shape} board has {cells}; the greedy algorithm solves it, not optimally")
    }
}

fn budget_detail(kind: BudgetKind, used: u64, limit: u64) -> String {
    match kind {
        BudgetKind::Memory => format!("it needs {used} bytes, the limit is {limit}"),
        BudgetKind::Time => format!("{used} ms passed, the limit is {limit} ms"),
        BudgetKind::Nodes => format!("{used} states expanded, the limit is {limit}"),
        BudgetKind::Cancelled => "it was cancelled".to_string(),
    }
}
