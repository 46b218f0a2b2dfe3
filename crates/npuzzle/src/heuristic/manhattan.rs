//! Sum of Manhattan distances of the tiles to their goal cells.

use super::{manhattan_table, Heuristic};
use crate::goal::Goal;

/// Manhattan distance, updated in O(1) per move from a precomputed table.
#[derive(Debug, Clone)]
pub struct Manhattan {
    n: usize,
    dist: Vec<u16>,
}

impl Manhattan {
    /// For `goal`.
    ///
    /// ```
    /// use npuzzle::{heuristic::{Heuristic, Manhattan}, Board, Goal};
    /// let b: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    /// assert_eq!(Manhattan::new(&Goal::standard(b.shape())).estimate(b.tiles()), 21);
    /// ```
    pub fn new(goal: &Goal) -> Manhattan {
        Manhattan {
            n: goal.shape().cells(),
            dist: manhattan_table(goal),
        }
    }

    /// Distance of `tile` at `pos` from its goal cell.
    #[inline]
    pub fn tile_distance(&self, tile: u8, pos: usize) -> u32 {
        u32::from(self.dist[usize::from(tile) * self.n + pos])
    }
}

impl Heuristic for Manhattan {
    fn estimate(&self, tiles: &[u8]) -> u32 {
        tiles.iter().enumerate().map(|(p, &t)| self.tile_distance(t, p)).sum()
    }

    #[inline]
    fn update(&self, _tiles: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        h + self.tile_distance(tile, to) - self.tile_distance(tile, from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admissible_and_incremental_on_small_boards() {
        for goal in crate::heuristic::tests::small_goals() {
            crate::heuristic::tests::check_heuristic(&goal, Manhattan::new);
        }
    }
}
