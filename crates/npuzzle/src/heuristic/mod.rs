//! Admissible estimates of the moves left, with incremental updates.
//!
//! The [`Heuristic`] trait is small on purpose: a full estimate and an update
//! after one move, so that searches are monomorphised per heuristic and the
//! IDA* loop never recomputes a whole board.

use crate::goal::Goal;

pub mod bound;
pub mod fixed;
mod kind;
pub mod linear_conflict;
pub mod manhattan;
pub mod misplaced;
pub mod mtm_manhattan;
pub mod mtm_pdb;
pub mod pdb;
#[cfg(test)]
mod toy;
pub mod walking_distance;

pub use kind::{HeuristicKind, WithFixedHeuristic, WithHeuristic};
pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use misplaced::Misplaced;
pub use pdb::AdditivePdb;
pub use walking_distance::WalkingDistance;

/// A lower bound on the moves from a board to the goal it was built for.
///
/// ```
/// use npuzzle::{heuristic::{Heuristic, Manhattan}, Board, Goal};
/// let board: Board = "1 2 3 4 5 6 x 7 8".parse().unwrap();
/// let h = Manhattan::new(&Goal::standard(board.shape()));
/// assert_eq!(h.estimate(board.tiles()), 2);
/// ```
pub trait Heuristic: Sync {
    /// The estimate for a whole board (tiles in row-major order, 0 = blank).
    fn estimate(&self, tiles: &[u8]) -> u32;

    /// The estimate after `tile` moved from cell `from` into cell `to` (where
    /// the blank was). `tiles` is the board *after* the move and `h` the
    /// estimate before it.
    fn update(&self, tiles: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32;
}

/// Distance table shared by Manhattan-based heuristics: `dist[tile * n + pos]`.
pub(crate) fn manhattan_table(goal: &Goal) -> Vec<u16> {
    let shape = goal.shape();
    let n = shape.cells();
    let mut dist = vec![0u16; n * n];
    for tile in 1..n {
        let home = goal.position_of(tile as u8);
        for pos in 0..n {
            dist[tile * n + pos] = shape.distance(home, pos) as u16;
        }
    }
    dist
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{Board, Move, Shape};
    use std::collections::HashMap;

    /// Exact distances to `goal` for every board of a small shape, from the
    /// oracle's breadth-first search.
    pub(crate) fn exact_distances(goal: &Goal) -> HashMap<Vec<u8>, u32> {
        crate::oracle::distances(goal.board().tiles(), goal.shape().width())
    }

    /// Checks admissibility on every board, that the estimate has the
    /// parity of the distance, and that `update` agrees with `estimate`
    /// across every move.
    pub(crate) fn check_heuristic<H: Heuristic>(goal: &Goal, make: impl Fn(&Goal) -> H) {
        check_bound_and_update(goal, &make(goal), true);
    }

    /// Checks admissibility on every board (and with `same_parity` that the
    /// estimate has the parity of the distance), and that `update` agrees
    /// with `estimate` across every move.
    pub(crate) fn check_bound_and_update<H: Heuristic>(goal: &Goal, h: &H, same_parity: bool) {
        for (tiles, &d) in &exact_distances(goal) {
            let est = h.estimate(tiles);
            assert!(est <= d, "{tiles:?}: estimate {est} > distance {d}");
            if same_parity {
                assert_eq!(
                    est % 2,
                    d % 2,
                    "{tiles:?}: estimate parity differs from distance parity"
                );
            }
            let board = Board::new(goal.shape(), tiles.clone()).unwrap();
            for mv in Move::ALL {
                let mut next = board.clone();
                if next.try_apply(mv) {
                    let tile = next.tiles()[board.blank()];
                    let up = h.update(next.tiles(), est, tile, next.blank(), board.blank());
                    assert_eq!(up, h.estimate(next.tiles()), "{board} then {mv}");
                }
            }
        }
    }

    pub(crate) fn small_goals() -> Vec<Goal> {
        let s33 = Shape::new(3, 3).unwrap();
        let s42 = Shape::new(4, 2).unwrap();
        let s23 = Shape::new(2, 3).unwrap();
        vec![
            Goal::standard(s33),
            Goal::new("4 x 2 8 1 6 3 7 5".parse().unwrap()),
            Goal::blank_first(s42),
            Goal::new(Board::parse("3 1 x 7 2 6 5 4", Some(s42)).unwrap()),
            Goal::standard(s23),
        ]
    }
}
