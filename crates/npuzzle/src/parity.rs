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
    let mut odd = match (board.narrow(), goal.board().narrow()) {
        (Some(tiles), Some(goal_tiles)) => {
            // order_in_goal[t]: index of tile t in the goal's blank-skipping order.
            let mut order_in_goal = [0u8; crate::board::MAX_NARROW_CELLS];
            for (i, &t) in goal_tiles.iter().filter(|&&t| t != 0).enumerate() {
                order_in_goal[usize::from(t)] = i as u8;
            }
            let perm: Vec<u8> = tiles
                .iter()
                .filter(|&&t| t != 0)
                .map(|&t| order_in_goal[usize::from(t)])
                .collect();
            crate::rank::is_odd(&perm)
        }
        _ => wide_order_is_odd(board, goal),
    };
    if shape.width() % 2 == 0 {
        let rows = (board.blank() / shape.width()).abs_diff(goal.home(0) / shape.width());
        odd ^= rows % 2 == 1;
    }
    !odd
}

/// The parity of the board's blank-skipping order relative to the goal's, on
/// boards of any size: O(cells) by counting cycles.
fn wide_order_is_odd(board: &Board, goal: &Goal) -> bool {
    let cells = board.shape().cells();
    let mut order_in_goal = vec![0u32; cells];
    for (i, t) in goal.board().iter_tiles().filter(|&t| t != 0).enumerate() {
        order_in_goal[t] = i as u32;
    }
    let perm: Vec<u32> = board
        .iter_tiles()
        .filter(|&t| t != 0)
        .map(|t| order_in_goal[t])
        .collect();
    let mut visited = vec![false; perm.len()];
    let mut transpositions = 0usize;
    for start in 0..perm.len() {
        let mut i = start;
        let mut len = 0usize;
        while !visited[i] {
            visited[i] = true;
            i = perm[i] as usize;
            len += 1;
        }
        transpositions += len.saturating_sub(1);
    }
    transpositions % 2 == 1
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

    /// Big boards take the `u32` path; it must agree with the byte path, and a
    /// swap of two tiles must flip it.
    #[test]
    fn wide_boards_agree_with_the_byte_path() {
        use rand::{seq::SliceRandom, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for (w, h) in [(3, 3), (4, 4), (5, 3), (16, 16)] {
            let shape = Shape::new(w, h).unwrap();
            let goal = Goal::standard(shape);
            for _ in 0..50 {
                let mut tiles = goal.board().tiles().to_vec();
                tiles.shuffle(&mut rng);
                let b = Board::new(shape, tiles).unwrap();
                assert_eq!(
                    is_solvable(&b, &goal),
                    !wide_order_is_odd(&b, &goal) ^ (w % 2 == 0 && (b.blank() / w).abs_diff(h - 1) % 2 == 1)
                );
            }
        }
        let shape = Shape::new(30, 20).unwrap();
        let goal = Goal::standard(shape);
        let mut tiles = goal.board().wide_tiles();
        assert!(is_solvable(goal.board(), &goal));
        tiles.swap(0, 1);
        assert!(!is_solvable(&Board::from_wide(shape, tiles.clone()).unwrap(), &goal));
        // Moving the blank keeps the parity.
        let mut b = goal.board().clone();
        for mv in Move::parse_list("uuulllurdrdlu").unwrap() {
            b.apply(mv).unwrap();
        }
        assert!(is_solvable(&b, &goal));
    }

    #[test]
    fn matches_reachability_on_2x4() {
        let shape = Shape::new(4, 2).unwrap();
        check_exhaustively(shape, Goal::blank_first(shape));
    }
}
