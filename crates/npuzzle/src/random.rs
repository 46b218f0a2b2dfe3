//! Random boards, uniform over the boards that can reach a goal.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::board::Board;
use crate::goal::Goal;
use crate::parity::is_solvable;

/// A board drawn uniformly from those that can reach `goal`.
///
/// A uniformly shuffled board is solvable with probability exactly ½, and
/// swapping two fixed non-blank tiles maps the unsolvable half one-to-one onto
/// the solvable half, so fixing unsolvable draws that way keeps the result
/// uniform without rejection.
///
/// ```
/// use npuzzle::{parity::is_solvable, random::random_solvable, Goal};
/// use rand::SeedableRng;
/// let goal = Goal::standard("4x4".parse()?);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let board = random_solvable(&goal, &mut rng);
/// assert!(is_solvable(&board, &goal));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn random_solvable<R: Rng + ?Sized>(goal: &Goal, rng: &mut R) -> Board {
    let shape = goal.shape();
    if !shape.is_narrow() {
        return random_wide(goal, rng);
    }
    let mut tiles: Vec<u8> = goal.board().tiles().to_vec();
    tiles.shuffle(rng);
    let mut board = Board::new(shape, tiles.clone()).expect("a shuffle of a valid board is valid");
    if !is_solvable(&board, goal) {
        let a = tiles.iter().position(|&t| t == 1).unwrap_or(0);
        let b = tiles.iter().position(|&t| t == 2).unwrap_or(0);
        tiles.swap(a, b);
        board = Board::new(shape, tiles).expect("swapping two tiles keeps a board valid");
    }
    board
}

/// [`random_solvable`] for boards of more than 256 cells, the same way in `u32`.
fn random_wide<R: Rng + ?Sized>(goal: &Goal, rng: &mut R) -> Board {
    let shape = goal.shape();
    let mut tiles = goal.board().wide_tiles();
    tiles.shuffle(rng);
    let board = Board::from_wide(shape, tiles.clone()).expect("a shuffle of a valid board is valid");
    if is_solvable(&board, goal) {
        return board;
    }
    let a = tiles.iter().position(|&t| t == 1).unwrap_or(0);
    let b = tiles.iter().position(|&t| t == 2).unwrap_or(0);
    tiles.swap(a, b);
    Board::from_wide(shape, tiles).expect("swapping two tiles keeps a board valid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use rand::SeedableRng;
    use std::collections::HashMap;

    #[test]
    fn covers_the_2x2_solvable_boards_evenly() {
        let goal = Goal::standard(Shape::new(2, 2).unwrap());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut counts: HashMap<Vec<u8>, u32> = HashMap::new();
        for _ in 0..12_000 {
            let b = random_solvable(&goal, &mut rng);
            assert!(is_solvable(&b, &goal));
            *counts.entry(b.tiles().to_vec()).or_default() += 1;
        }
        // 4!/2 = 12 solvable boards, about 1000 draws each.
        assert_eq!(counts.len(), 12);
        assert!(counts.values().all(|&c| (850..1150).contains(&c)), "{counts:?}");
    }
}
