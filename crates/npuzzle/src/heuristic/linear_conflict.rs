//! Manhattan distance plus linear conflicts (Hansson, Mayer & Yung 1992).
//!
//! Two tiles in the same line whose goal cells are also in that line, but in
//! the opposite order, cannot both stay in the line: one must leave and come
//! back, two moves beyond Manhattan. Per line, the fewest tiles to take out so
//! that the rest are in goal order is the line length minus the longest
//! increasing run of goal coordinates; each costs 2. Summing over rows and
//! columns stays admissible because a tile leaving a row moves vertically and
//! one leaving a column moves horizontally. Works for any goal.

use super::{Heuristic, Manhattan};
use crate::board::Shape;
use crate::goal::Goal;

/// Manhattan plus twice the tiles that must leave their row or column.
#[derive(Debug, Clone)]
pub struct LinearConflict {
    shape: Shape,
    manhattan: Manhattan,
    home_row: Vec<u8>,
    home_col: Vec<u8>,
}

impl LinearConflict {
    /// For `goal`.
    ///
    /// ```
    /// use npuzzle::{heuristic::{Heuristic, LinearConflict}, Board, Goal};
    /// // 2 and 1 are swapped in their home row: Manhattan 2, plus 2 for the conflict.
    /// let b: Board = "2 1 3 4 5 6 x 7 8".parse().unwrap();
    /// let h = LinearConflict::new(&Goal::standard(b.shape()));
    /// assert_eq!(h.estimate(b.tiles()), 6);
    /// ```
    pub fn new(goal: &Goal) -> LinearConflict {
        let shape = goal.shape();
        let w = shape.width();
        let home_row = goal.positions().iter().map(|&p| (usize::from(p) / w) as u8).collect();
        let home_col = goal.positions().iter().map(|&p| (usize::from(p) % w) as u8).collect();
        LinearConflict {
            shape,
            manhattan: Manhattan::new(goal),
            home_row,
            home_col,
        }
    }

    /// Conflict cost of row `r`, reading cell `p` as `cell(p)`.
    fn row_cost(&self, r: usize, cell: impl Fn(usize) -> u8) -> u32 {
        let w = self.shape.width();
        let keys = (r * w..(r + 1) * w)
            .map(&cell)
            .filter(|&t| t != 0 && usize::from(self.home_row[usize::from(t)]) == r);
        line_cost(keys.map(|t| self.home_col[usize::from(t)]))
    }

    /// Conflict cost of column `c`, reading cell `p` as `cell(p)`.
    fn col_cost(&self, c: usize, cell: impl Fn(usize) -> u8) -> u32 {
        let w = self.shape.width();
        let keys = (0..self.shape.height())
            .map(|r| cell(r * w + c))
            .filter(|&t| t != 0 && usize::from(self.home_col[usize::from(t)]) == c);
        line_cost(keys.map(|t| self.home_row[usize::from(t)]))
    }
}

/// Twice the number of keys outside a longest strictly increasing subsequence.
pub(crate) fn line_cost(keys: impl Iterator<Item = u8>) -> u32 {
    // Patience sorting: tails[k] = smallest tail of an increasing run of length k+1.
    let mut tails = [0u8; 256];
    let mut len = 0usize;
    let mut count = 0u32;
    for k in keys {
        count += 1;
        let i = tails[..len].partition_point(|&t| t < k);
        tails[i] = k;
        if i == len {
            len += 1;
        }
    }
    2 * (count - len as u32)
}

impl Heuristic for LinearConflict {
    fn estimate(&self, tiles: &[u8]) -> u32 {
        let cell = |p: usize| tiles[p];
        let rows: u32 = (0..self.shape.height()).map(|r| self.row_cost(r, cell)).sum();
        let cols: u32 = (0..self.shape.width()).map(|c| self.col_cost(c, cell)).sum();
        self.manhattan.estimate(tiles) + rows + cols
    }

    fn update(&self, tiles: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        let h = self.manhattan.update(tiles, h, tile, from, to);
        // The board before the move: `tile` at `from`, blank at `to`.
        let before = |p: usize| {
            if p == from {
                tiles[to]
            } else if p == to {
                tiles[from]
            } else {
                tiles[p]
            }
        };
        let after = |p: usize| tiles[p];
        let w = self.shape.width();
        let (lines_before, lines_after) = if from / w == to / w {
            // Horizontal move: only the two columns change.
            let (a, b) = (from % w, to % w);
            (
                self.col_cost(a, before) + self.col_cost(b, before),
                self.col_cost(a, after) + self.col_cost(b, after),
            )
        } else {
            let (a, b) = (from / w, to / w);
            (
                self.row_cost(a, before) + self.row_cost(b, before),
                self.row_cost(a, after) + self.row_cost(b, after),
            )
        };
        h + lines_after - lines_before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admissible_and_incremental_on_small_boards() {
        for goal in crate::heuristic::tests::small_goals() {
            crate::heuristic::tests::check_heuristic(&goal, LinearConflict::new);
        }
    }

    #[test]
    fn line_cost_counts_tiles_to_remove() {
        assert_eq!(line_cost([0u8, 1, 2].into_iter()), 0);
        assert_eq!(line_cost([2u8, 1, 0].into_iter()), 4);
        assert_eq!(line_cost([1u8, 0, 2].into_iter()), 2);
    }
}
