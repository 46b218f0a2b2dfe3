//! One IDA* iteration as independent tasks, for a search spread over
//! processes or machines (Python's `npuzzle.dask.solve_hard` runs each
//! iteration as a wave of Dask tasks).
//!
//! An iteration (one bound) is cut into subtrees by
//! [`Solver::split_iteration`]: the tree is walked depth-first, in the
//! library's move order (`u d l r`), to the smallest depth that gives the
//! number of subtrees asked for; each [`Subtree`] is the list of moves to a
//! node at that depth (or to a goal met above it). Each is searched on its
//! own under the bound by [`Solver::search_subtrees`], anywhere: the result
//! ([`SubtreeResult`]) is a solution if the subtree holds one, the smallest
//! estimate over the bound met (the next bound), and the nodes expanded
//! and generated. [`Frontier::combine`] adds the results up in order: the
//! solution is the first subtree's that has one, and the node counts are
//! those of the search on one thread — so the answer is the one
//! [`Solver::solve`] gives, move for move. Everything is deterministic: the
//! same board, options and bound give the same subtrees and results on
//! every run and every machine. The in-process parallel IDA*
//! ([`idastar_fixed`]) cuts its iterations by the
//! same rule.
//!
//! The driver's loop, here on one thread:
//!
//! ```
//! use npuzzle::{Board, Budget, Cancel, Goal, HeuristicKind, Solver, SolverOptions};
//!
//! let board: Board = "4 1 2 3 8 5 6 7 9 10 0 11 12 13 14 15".parse()?;
//! let goal = Goal::blank_first(board.shape());
//! let solver = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::Manhattan));
//!
//! let mut bound = None; // the first bound is the board's estimate
//! let solution = loop {
//!     let frontier = solver.split_iteration(&board, &goal, bound, 8)?;
//!     // Each subtree (or each chunk of them) could go to another machine.
//!     let results = frontier
//!         .subtrees
//!         .iter()
//!         .map(|s| solver.search_subtrees(&board, &goal, frontier.bound, std::slice::from_ref(s), Budget::default(), &Cancel::new()))
//!         .collect::<Result<Vec<_>, _>>()?;
//!     let iteration = frontier.combine(&results.concat())?;
//!     if let Some(solution) = iteration.solution {
//!         break solution;
//!     }
//!     bound = iteration.next_bound;
//! };
//! let report = solver.solve(&board, &goal)?;
//! assert_eq!(Some(&solution), report.outcome.solution());
//! assert_eq!(solution.to_string(), "lluu");
//! # Ok::<(), npuzzle::Error>(())
//! ```
//!
//! The searches are the specialised IDA* of 4×4 and 5×5 boards, with the
//! solver's heuristic (databases included) and duplicate pruning; other
//! shapes, unsolvable boards and other algorithms are refused with an error.

use crate::board::{Board, Move};
use crate::error::{InternalError, Refusal};
use crate::goal::Goal;
use crate::search::idastar_fixed;
use crate::solution::{Budget, BudgetClock, BudgetKind, Cancel, Solution};
use crate::{Algorithm, Error, Solver};

/// One iteration of IDA* cut into subtrees, in the order a single thread
/// searches them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Frontier {
    /// The bound of the iteration: a node is searched while its moves so far
    /// plus its estimate are at most this.
    pub bound: u32,
    /// The depth of the cut, in moves.
    pub depth: u32,
    /// The subtrees, in depth-first order.
    pub subtrees: Vec<Subtree>,
    /// Nodes the walk above the cut expanded.
    pub expanded: u64,
    /// Children the walk above the cut generated (pruned ones included).
    pub generated: u64,
    /// The smallest estimate above the bound the walk met, if any.
    pub next_bound: Option<u32>,
}

/// One subtree: the moves from the board to its root.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Subtree {
    /// The moves from the board to the subtree's root (a node at the cut, or
    /// a goal met above it).
    pub moves: Vec<Move>,
    /// Nodes the walk had expanded when it reached this subtree: what a
    /// single thread had counted when it entered it.
    pub walk_expanded: u64,
    /// Children the walk had generated when it reached this subtree.
    pub walk_generated: u64,
}

impl Subtree {
    /// The subtree below these moves from the board (for a searcher that
    /// received only the moves).
    ///
    /// ```
    /// use npuzzle::search::subtree::Subtree;
    /// use npuzzle::Move;
    /// let s = Subtree::new(Move::parse_list("ul")?);
    /// assert_eq!(s.moves, [Move::Up, Move::Left]);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn new(moves: Vec<Move>) -> Subtree {
        Subtree {
            moves,
            walk_expanded: 0,
            walk_generated: 0,
        }
    }
}

/// What the search of one subtree under a bound gave.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SubtreeResult {
    /// The whole solution, from the board, if the subtree holds one.
    pub solution: Option<Solution>,
    /// The smallest estimate above the bound met, if any.
    pub next_bound: Option<u32>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Children generated (pruned ones included).
    pub generated: u64,
    /// The budget that stopped the search before the subtree's end, if one did.
    pub stopped: Option<BudgetKind>,
}

/// One iteration's results added up (see [`Frontier::combine`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct IterationResult {
    /// The bound searched.
    pub bound: u32,
    /// The solution, if the iteration found one: the first subtree's in
    /// order that holds one.
    pub solution: Option<Solution>,
    /// The bound of the next iteration, when there is no solution (`None`
    /// after a solution, or if nothing lay beyond the bound).
    pub next_bound: Option<u32>,
    /// Nodes expanded, as a single thread would have counted them.
    pub expanded: u64,
    /// Children generated, as a single thread would have counted them.
    pub generated: u64,
    /// The budget that stopped a subtree's search, if one did: the
    /// iteration is then incomplete.
    pub stopped: Option<BudgetKind>,
}

impl Frontier {
    /// Adds up the results of the subtrees, given in the subtrees' order:
    /// all of them, or all up to the first that holds a solution (later
    /// ones may be left out or given; they do not count). The solution is
    /// the first in order; the node counts are the walk's and the
    /// subtrees' as a single thread would have counted them (see the
    /// [module docs](self)).
    ///
    /// Too few results (none of them a solution) or more than the subtrees
    /// are an [`InternalError::SubtreeResults`].
    pub fn combine(&self, results: &[SubtreeResult]) -> Result<IterationResult, Error> {
        let first_solution = results.iter().position(|r| r.solution.is_some());
        let needed = first_solution.map_or(self.subtrees.len(), |i| i + 1);
        if results.len() < needed || results.len() > self.subtrees.len() {
            return Err(Error::Internal(InternalError::SubtreeResults {
                subtrees: self.subtrees.len(),
                results: results.len(),
            }));
        }
        let counted = &results[..needed];
        let (mut expanded, mut generated) = match first_solution {
            Some(i) => (self.subtrees[i].walk_expanded, self.subtrees[i].walk_generated),
            None => (self.expanded, self.generated),
        };
        for r in counted {
            expanded += r.expanded;
            generated += r.generated;
        }
        let solution = first_solution.and_then(|i| results[i].solution.clone());
        let next_bound = match solution {
            Some(_) => None,
            None => counted.iter().filter_map(|r| r.next_bound).chain(self.next_bound).min(),
        };
        Ok(IterationResult {
            bound: self.bound,
            solution,
            next_bound,
            expanded,
            generated,
            stopped: counted.iter().find_map(|r| r.stopped),
        })
    }
}

impl Solver {
    /// Cuts the IDA* iteration under `bound` (`None`: the first one, whose
    /// bound is the board's estimate) into at least `subtrees` subtrees
    /// where the tree allows (see the [module docs](crate::search::subtree)).
    ///
    /// Errors: a board of another shape than 4×4 or 5×5, or whose goal has
    /// another shape; an unsolvable board; an algorithm other than IDA*;
    /// a heuristic that needs databases the solver has not loaded.
    pub fn split_iteration(
        &self,
        board: &Board,
        goal: &Goal,
        bound: Option<u32>,
        subtrees: usize,
    ) -> Result<Frontier, Error> {
        self.check_subtree_search(board, goal)?;
        idastar_fixed::split_iteration(board, goal, self.subtree_options(), bound, subtrees.max(1))
    }

    /// Searches each of `subtrees` (moves from `board`, as
    /// [`split_iteration`](Solver::split_iteration) gives them) under
    /// `bound`, in order, and stops after the first that holds a solution;
    /// returns one result per subtree searched. `budget` and `cancel` bound
    /// the whole call (a subtree cut short says which budget stopped it).
    ///
    /// Errors: those of [`split_iteration`](Solver::split_iteration), and
    /// moves that take the blank off the board ([`MoveError::IllegalMove`](crate::error::MoveError::IllegalMove)).
    pub fn search_subtrees(
        &self,
        board: &Board,
        goal: &Goal,
        bound: u32,
        subtrees: &[Subtree],
        budget: Budget,
        cancel: &Cancel,
    ) -> Result<Vec<SubtreeResult>, Error> {
        self.check_subtree_search(board, goal)?;
        let clock = BudgetClock::start(budget).with_cancel(cancel.clone());
        idastar_fixed::search_subtrees(board, goal, self.subtree_options(), bound, subtrees, &clock)
    }

    fn check_subtree_search(&self, board: &Board, goal: &Goal) -> Result<(), Error> {
        goal.check_shape(board)?;
        let unsupported = |reason: &str| {
            Error::Refused(Refusal::Unsupported {
                algorithm: "idastar subtrees",
                shape: board.shape(),
                reason: reason.to_string(),
            })
        };
        if !matches!(self.options().algorithm, Algorithm::IdaStar | Algorithm::Auto) {
            return Err(unsupported("subtrees are IDA*'s; choose the idastar algorithm"));
        }
        if !idastar_fixed::is_specialised(board.shape()) {
            return Err(unsupported("subtree tasks are for 4x4 and 5x5 boards"));
        }
        if !crate::parity::is_solvable(board, goal) {
            return Err(unsupported(
                "the board is unsolvable (parity), there is nothing to search",
            ));
        }
        Ok(())
    }

    fn subtree_options(&self) -> idastar_fixed::TaskOptions<'_> {
        idastar_fixed::TaskOptions {
            kind: self.options().heuristic,
            pdb: self.pdb_set().map(|p| &**p),
            duplicate_len: self.options().duplicate_len,
        }
    }
}

#[cfg(test)]
mod tests;
