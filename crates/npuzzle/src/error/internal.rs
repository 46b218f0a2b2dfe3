//! Checks of the library's own work that failed: results that do not fit
//! the work given out, a path that does not replay, a count too wide. Each
//! is reported rather than printed as an answer.

/// A check of the library's own work that failed.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InternalError {
    /// The results given for an iteration's subtrees do not match them:
    /// fewer than all without a solution among them, or more than the subtrees
    /// ([`Frontier::combine`](crate::search::subtree::Frontier::combine)).
    #[error("{results} results for {subtrees} subtrees: give one per subtree, in order, up to the first solution")]
    SubtreeResults {
        /// Subtrees of the iteration.
        subtrees: usize,
        /// Results given.
        results: usize,
    },
    /// A found path did not replay to the goal: a bug, reported rather than printed.
    #[error("internal error: the {algorithm} path does not reach the goal when replayed")]
    ReplayMismatch {
        /// Algorithm name.
        algorithm: &'static str,
    },
    /// A search ended without a path and without a budget reached on a
    /// board parity calls solvable: a bug, reported rather than printed.
    #[error("internal error: {algorithm} found no path on a solvable board")]
    NoPath {
        /// Algorithm name.
        algorithm: &'static str,
    },
    /// A count of optimal solutions passed `u128`: a bug, since the counts of
    /// the boards counted this way fit (see `search::count::count_fits`).
    #[error("internal error: the number of optimal solutions of a {distance}-move board does not fit in 128 bits")]
    CountOverflow {
        /// The distance of the board whose count overflowed.
        distance: u32,
    },
}
