//! A board's exact distance in the multi-tile metric, by breadth-first
//! search over every board that reaches the goal.
//!
//! In the multi-tile metric (MTM, see [`notation`](crate::notation)) one
//! move slides one to all of the tiles between the blank and a wall of its
//! row or column: the blank travels any number of cells in one direction.
//! Every such move costs one, so a breadth-first search whose successors
//! are the boards at the end of each of those slides finds the exact
//! distance, layer by layer, and stops in the layer where the goal appears.
//!
//! Visited boards are one bit each in a dense array indexed by
//! [`BoardIndexer`], sized by the board (N!/2 bits: 30 MB at 12 cells), so
//! boards are limited to [`MAX_DENSE_CELLS`] cells like `bfs`'s; the two
//! frontiers hold indices (8 bytes each) and are charged to the budget as
//! they grow. This is a check for small boards, not the MTM solver: it gives
//! the distance, not a path.
//!
//! ```
//! use npuzzle::search::mtm_bfs::{mtm_distance, MtmDistance};
//! use npuzzle::{Board, Budget, Goal};
//! let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
//! let goal = Goal::standard(board.shape());
//! // Two single moves of the blank to the right are one multi-tile move.
//! assert_eq!(mtm_distance(&board, &goal, Budget::default())?, MtmDistance::Moves(1));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use crate::board::{Board, Move};
use crate::error::Refusal;
use crate::goal::Goal;
use crate::parity::is_solvable;
use crate::rank::BoardIndexer;
use crate::search::bfs::MAX_DENSE_CELLS;
use crate::solution::{Budget, BudgetClock, BudgetKind};
use crate::Error;

/// What the search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MtmDistance {
    /// The board is this many multi-tile moves from the goal.
    Moves(u32),
    /// Parity shows the goal cannot be reached.
    Unsolvable,
    /// A budget ran out first.
    BudgetReached(BudgetKind),
}

/// The multi-tile distance from `board` to `goal`, within `budget` (nodes
/// are boards expanded; memory the visited array and the frontiers). Boards
/// of more than [`MAX_DENSE_CELLS`] cells are [`Refusal::Unsupported`]; a
/// board and goal of different shapes, [`InputError::ShapeMismatch`](crate::error::InputError::ShapeMismatch).
pub fn mtm_distance(board: &Board, goal: &Goal, budget: Budget) -> Result<MtmDistance, Error> {
    goal.check_shape(board)?;
    let shape = board.shape();
    let cells = shape.cells();
    if cells > MAX_DENSE_CELLS {
        return Err(Error::Refused(Refusal::Unsupported {
            algorithm: "the multi-tile breadth-first search",
            shape,
            reason: format!(
                "its visited array has a bit for each of the {cells}!/2 boards that reach the goal; \
                 it takes boards of up to {MAX_DENSE_CELLS} cells"
            ),
        }));
    }
    if !is_solvable(board, goal) {
        return Ok(MtmDistance::Unsolvable);
    }
    if goal.is_reached_by(board) {
        return Ok(MtmDistance::Moves(0));
    }
    let Some(indexer) = BoardIndexer::new(goal) else {
        return Err(Error::Refused(Refusal::Unsupported {
            algorithm: "the multi-tile breadth-first search",
            shape,
            reason: "its boards cannot be indexed".into(),
        }));
    };
    let words = usize::try_from(indexer.len().div_ceil(64)).unwrap_or(usize::MAX);
    let seen_bytes = (words as u64).saturating_mul(8);
    if budget.max_memory.is_some_and(|m| seen_bytes > m) {
        return Ok(MtmDistance::BudgetReached(BudgetKind::Memory));
    }
    let mut seen: Vec<u64> = Vec::new();
    if seen.try_reserve_exact(words).is_err() {
        return Ok(MtmDistance::BudgetReached(BudgetKind::Memory));
    }
    seen.resize(words, 0);
    let mark = |seen: &mut Vec<u64>, i: u64| -> bool {
        let (word, bit) = ((i / 64) as usize, 1u64 << (i % 64));
        let new = seen[word] & bit == 0;
        seen[word] |= bit;
        new
    };
    let target = indexer.index(goal.board().tiles());
    let start = indexer.index(board.tiles());
    mark(&mut seen, start);
    let mut clock = BudgetClock::start(budget);
    let mut frontier = vec![start];
    let mut next = Vec::new();
    let mut expanded = 0u64;
    let mut tiles = vec![0u8; cells];
    for depth in 1u32.. {
        for &index in &frontier {
            let held = seen_bytes + 8 * (frontier.len() + next.len()) as u64;
            if let Some(kind) = clock.check(expanded, held) {
                return Ok(MtmDistance::BudgetReached(kind));
            }
            expanded += 1;
            indexer.unindex(index, &mut tiles);
            let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
            for mv in Move::ALL {
                let mut slid = tiles.clone();
                let mut at = blank;
                while let Some(to) = shape.step(at, mv) {
                    slid.swap(at, to);
                    at = to;
                    let child = indexer.index(&slid);
                    if child == target {
                        return Ok(MtmDistance::Moves(depth));
                    }
                    if mark(&mut seen, child) {
                        next.push(child);
                    }
                }
            }
        }
        if next.is_empty() {
            // Every board that reaches the goal was seen, and parity says this one does.
            break;
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
    }
    Err(Error::Refused(Refusal::Unsupported {
        algorithm: "the multi-tile breadth-first search",
        shape,
        reason: "it ran out of boards before the goal (a bug: please report the board)".into(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use std::collections::{HashMap, VecDeque};

    /// The distance by the rules alone: breadth-first over boards in a hash
    /// map, each multi-tile move a run of single moves of `Board::try_apply`.
    fn oracle(board: &Board, goal: &Goal) -> Option<u32> {
        let mut dist = HashMap::from([(board.clone(), 0u32)]);
        let mut queue = VecDeque::from([board.clone()]);
        while let Some(b) = queue.pop_front() {
            let d = dist[&b];
            if goal.is_reached_by(&b) {
                return Some(d);
            }
            for mv in Move::ALL {
                let mut c = b.clone();
                while c.try_apply(mv) {
                    if !dist.contains_key(&c) {
                        dist.insert(c.clone(), d + 1);
                        queue.push_back(c.clone());
                    }
                }
            }
        }
        None
    }

    #[test]
    fn every_small_board_has_the_oracles_distance() {
        for (w, h) in [(2, 2), (3, 2), (2, 3)] {
            let shape = Shape::new(w, h).unwrap();
            let goal = Goal::standard(shape);
            let indexer = BoardIndexer::new(&goal).unwrap();
            let mut tiles = vec![0u8; shape.cells()];
            for i in 0..indexer.len() {
                indexer.unindex(i, &mut tiles);
                let board = Board::new(shape, tiles.clone()).unwrap();
                let want = MtmDistance::Moves(oracle(&board, &goal).unwrap());
                assert_eq!(mtm_distance(&board, &goal, Budget::default()).unwrap(), want, "{board}");
            }
        }
    }

    #[test]
    fn eight_puzzle_boards_have_the_oracles_distance() {
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        // The two boards 31 single moves away, and one two single moves (one multi-tile move) away.
        for text in ["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1", "1 2 3 4 5 6 x 7 8"] {
            let board: Board = text.parse().unwrap();
            let want = oracle(&board, &goal).unwrap();
            assert_eq!(
                mtm_distance(&board, &goal, Budget::default()),
                Ok(MtmDistance::Moves(want)),
                "{board}"
            );
            assert!(want <= 31);
        }
    }

    #[test]
    fn unsolvable_too_big_and_out_of_budget() {
        let board: Board = "2 1 3 x".parse().unwrap();
        let goal = Goal::standard(board.shape());
        assert_eq!(
            mtm_distance(&board, &goal, Budget::default()),
            Ok(MtmDistance::Unsolvable)
        );
        let big: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15".parse().unwrap();
        let err = mtm_distance(&big, &Goal::standard(big.shape()), Budget::default()).unwrap_err();
        assert!(matches!(err, Error::Refused(Refusal::Unsupported { .. })), "{err}");
        let far: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        let goal = Goal::standard(far.shape());
        let budget = Budget::default().with_max_nodes(Some(100));
        assert_eq!(
            mtm_distance(&far, &goal, budget),
            Ok(MtmDistance::BudgetReached(BudgetKind::Nodes))
        );
        let budget = Budget::default().with_max_memory(Some(100));
        assert_eq!(
            mtm_distance(&far, &goal, budget),
            Ok(MtmDistance::BudgetReached(BudgetKind::Memory))
        );
    }
}
