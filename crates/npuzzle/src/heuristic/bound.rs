//! Lower bounds for boards of any size, computed once in O(cells).
//!
//! The incremental heuristics ([`Manhattan`](super::Manhattan),
//! [`LinearConflict`](super::LinearConflict)) precompute tables of
//! cells × tiles entries for the searches' inner loops, which is right for a
//! 15-puzzle and impossible for a million cells. These functions read a board
//! once instead, for the constructive solver's reports ("1,204 moves, lower
//! bound 486"): the same Manhattan sum, and the same linear conflicts (per
//! line, twice the tiles outside a longest run in goal order, found by
//! patience sorting in O(k log k) for a line of k tiles).

use crate::board::Board;
use crate::goal::Goal;

/// The sum of the tiles' Manhattan distances to their goal cells.
///
/// ```
/// use npuzzle::{heuristic::bound::manhattan, Board, Goal};
/// let b: Board = "8 6 7 2 5 4 3 x 1".parse()?;
/// assert_eq!(manhattan(&b, &Goal::standard(b.shape())), 21);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn manhattan(board: &Board, goal: &Goal) -> u64 {
    let shape = board.shape();
    board
        .iter_tiles()
        .enumerate()
        .filter(|&(_, t)| t != 0)
        .map(|(p, t)| shape.distance(p, goal.home(t)) as u64)
        .sum()
}

/// Manhattan plus linear conflicts in rows and columns: the same value as
/// [`LinearConflict`](super::LinearConflict) on boards it takes.
///
/// ```
/// use npuzzle::{heuristic::bound::linear_conflict, Board, Goal};
/// let b: Board = "2 1 3 4 5 6 x 7 8".parse()?;
/// assert_eq!(linear_conflict(&b, &Goal::standard(b.shape())), 6);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn linear_conflict(board: &Board, goal: &Goal) -> u64 {
    let shape = board.shape();
    let (w, h) = (shape.width(), shape.height());
    let mut keys = Vec::with_capacity(w.max(h));
    let mut tails = Vec::with_capacity(w.max(h));
    let mut conflicts = 0u64;
    for r in 0..h {
        keys.clear();
        keys.extend((r * w..(r + 1) * w).map(|p| board.tile(p)).filter_map(|t| {
            let home = goal.home(t);
            (t != 0 && home / w == r).then_some(home % w)
        }));
        conflicts += line_cost(&keys, &mut tails);
    }
    for c in 0..w {
        keys.clear();
        keys.extend((0..h).map(|r| board.tile(r * w + c)).filter_map(|t| {
            let home = goal.home(t);
            (t != 0 && home % w == c).then_some(home / w)
        }));
        conflicts += line_cost(&keys, &mut tails);
    }
    manhattan(board, goal) + conflicts
}

/// Twice the keys outside a longest strictly increasing subsequence.
fn line_cost(keys: &[usize], tails: &mut Vec<usize>) -> u64 {
    tails.clear();
    for &k in keys {
        let i = tails.partition_point(|&t| t < k);
        if i == tails.len() {
            tails.push(k);
        } else {
            tails[i] = k;
        }
    }
    2 * (keys.len() - tails.len()) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::{Heuristic, LinearConflict, Manhattan};
    use crate::random::random_solvable;
    use crate::Shape;
    use rand::SeedableRng;

    /// On every board the tables take, the one-pass bounds equal the tables'.
    #[test]
    fn equal_the_incremental_heuristics() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for (w, h) in [(2, 2), (3, 3), (4, 4), (5, 3), (2, 7), (16, 16)] {
            let shape = Shape::new(w, h).unwrap();
            for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
                let (m, lc) = (Manhattan::new(&goal), LinearConflict::new(&goal));
                for _ in 0..20 {
                    let b = random_solvable(&goal, &mut rng);
                    assert_eq!(manhattan(&b, &goal), u64::from(m.estimate(b.tiles())), "{b}");
                    assert_eq!(linear_conflict(&b, &goal), u64::from(lc.estimate(b.tiles())), "{b}");
                }
            }
        }
    }

    #[test]
    fn zero_at_the_goal_of_a_big_board() {
        let goal = Goal::standard(Shape::new(300, 200).unwrap());
        assert_eq!(linear_conflict(goal.board(), &goal), 0);
        let mut b = goal.board().clone();
        b.apply(crate::Move::Up).unwrap();
        assert_eq!(manhattan(&b, &goal), 1);
    }
}
