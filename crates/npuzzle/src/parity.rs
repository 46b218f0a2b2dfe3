//! Solvability from the permutation-parity invariant, decided in O(n).
//!
//! Read the tiles in row-major order, skipping the blank. A horizontal move
//! keeps that order; a vertical move carries one tile past W-1 others, which
//! flips the order's parity exactly when W is even, while the blank's row
//! changes by one. So "parity of the order relative to the goal, plus (for even
//! W) the rows between the two blanks" is invariant, and it is zero at the goal.

use crate::board::Board;
use crate::goal::Goal;

/// Whether `board` can reach `goal`. Both must have the same shape.
///
/// ```
/// use npuzzle::{parity::is_solvable, Board, Goal};
/// let goal = Goal::standard(npuzzle::Shape::new(3, 3).unwrap());
/// let ok: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
/// let swapped: Board = "2 1 3 4 5 6 7 8 x".parse().unwrap();
/// assert!(is_solvable(&ok, &goal));
/// assert!(!is_solvable(&swapped, &goal));
/// ```
pub fn is_solvable(board: &Board, goal: &Goal) -> bool {
    let shape = board.shape();
    debug_assert_eq!(shape, goal.shape());
    // order_in_goal[t]: index of tile t in the goal's blank-skipping order.
    let mut order_in_goal = [0u8; crate::board::MAX_CELLS];
    for (i, &t) in goal.board().tiles().iter().filter(|&&t| t != 0).enumerate() {
        order_in_goal[usize::from(t)] = i as u8;
    }
    let perm: Vec<u8> = board
        .tiles()
        .iter()
        .filter(|&&t| t != 0)
        .map(|&t| order_in_goal[usize::from(t)])
        .collect();
    let mut odd = crate::rank::is_odd(&perm);
    if shape.width() % 2 == 0 {
        let rows = (board.blank() / shape.width()).abs_diff(goal.position_of(0) / shape.width());
        odd ^= rows % 2 == 1;
    }
    !odd
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, Shape};
    use std::collections::{HashSet, VecDeque};

    /// Every board reachable from the goal, by exhaustive search.
    fn reachable(goal: &Goal) -> HashSet<Vec<u8>> {
        let mut seen = HashSet::from([goal.board().tiles().to_vec()]);
        let mut queue = VecDeque::from([goal.board().clone()]);
        while let Some(b) = queue.pop_front() {
            for mv in Move::ALL {
                let mut next = b.clone();
                if next.try_apply(mv) && seen.insert(next.tiles().to_vec()) {
                    queue.push_back(next);
                }
            }
        }
        seen
    }

    fn all_boards(shape: Shape) -> Vec<Board> {
        let n = shape.cells();
        let count = crate::rank::factorial(n);
        (0..count)
            .map(|r| {
                let mut tiles = vec![0u8; n];
                crate::rank::unrank(r, &mut tiles);
                Board::new(shape, tiles).unwrap()
            })
            .collect()
    }

    fn check_exhaustively(shape: Shape, goal: Goal) {
        let reach = reachable(&goal);
        let all = all_boards(shape);
        for b in &all {
            assert_eq!(is_solvable(b, &goal), reach.contains(b.tiles()), "{b} -> {goal}");
        }
        assert_eq!(reach.len() * 2, all.len());
    }

    #[test]
    fn matches_reachability_on_2x3_and_3x2_for_every_blank_goal() {
        for (w, h) in [(2, 3), (3, 2)] {
            let shape = Shape::new(w, h).unwrap();
            for goal_rank in [0, 1, 7, 100, 719] {
                let mut tiles = vec![0u8; 6];
                crate::rank::unrank(goal_rank, &mut tiles);
                check_exhaustively(shape, Goal::new(Board::new(shape, tiles).unwrap()));
            }
        }
    }

    #[test]
    fn matches_reachability_on_3x3() {
        let shape = Shape::new(3, 3).unwrap();
        check_exhaustively(shape, Goal::standard(shape));
        check_exhaustively(shape, Goal::new("3 x 8 1 2 7 4 6 5".parse().unwrap()));
    }

    #[test]
    fn matches_reachability_on_2x4() {
        let shape = Shape::new(4, 2).unwrap();
        check_exhaustively(shape, Goal::blank_first(shape));
    }
}
