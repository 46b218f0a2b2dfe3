//! Tiles out of place: the simplest admissible estimate (realm 5).

use super::Heuristic;
use crate::goal::Goal;

/// Counts tiles (not the blank) that are not on their goal cell.
///
/// ```
/// use npuzzle::{heuristic::{Heuristic, Misplaced}, Board, Goal};
/// let b: Board = "1 2 3 4 5 6 x 7 8".parse().unwrap();
/// assert_eq!(Misplaced::new(&Goal::standard(b.shape())).estimate(b.tiles()), 2);
/// ```
#[derive(Debug, Clone)]
pub struct Misplaced {
    home: Vec<u8>,
}

impl Misplaced {
    /// For `goal`.
    pub fn new(goal: &Goal) -> Misplaced {
        Misplaced {
            home: goal.positions().to_vec(),
        }
    }
}

impl Heuristic for Misplaced {
    fn estimate(&self, tiles: &[u8]) -> u32 {
        tiles
            .iter()
            .enumerate()
            .filter(|&(p, &t)| t != 0 && usize::from(self.home[usize::from(t)]) != p)
            .count() as u32
    }

    #[inline]
    fn update(&self, _tiles: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        let home = usize::from(self.home[usize::from(tile)]);
        h + u32::from(home == from) - u32::from(home == to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admissible_and_incremental_on_small_boards() {
        for goal in crate::heuristic::tests::small_goals() {
            // Misplaced has no parity relation to the distance, so check only the bound and update.
            crate::heuristic::tests::check_bound_and_update(&goal, &Misplaced::new(&goal), false);
        }
    }
}
