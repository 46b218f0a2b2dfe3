//! Manhattan distance in the multi-tile metric, on boards of any shape.
//!
//! A multi-tile move slides at most `w − 1` tiles of a row one column each
//! (or at most `h − 1` tiles of a column one row each), and changes no
//! tile's row (column). So the horizontal moves are at least the tiles'
//! column distances summed, divided by `w − 1` and rounded up, and the
//! vertical ones likewise with rows and `h − 1`; their sum is admissible.
//! It is weak (on 5×5 about two fifths of the distance) and needs no table
//! beyond the goal's rows and columns: the bound for boards that neither
//! walking distance (4×4) nor a multi-tile database covers.

use super::Heuristic;
use crate::goal::Goal;

/// Manhattan distance in the multi-tile metric: `⌈Σ|Δcol| / (w − 1)⌉ +
/// ⌈Σ|Δrow| / (h − 1)⌉` over the tiles.
///
/// ```
/// use npuzzle::heuristic::mtm_manhattan::MtmManhattan;
/// use npuzzle::heuristic::Heuristic;
/// use npuzzle::{Board, Goal};
/// let goal = Goal::standard("5x5".parse()?);
/// let h = MtmManhattan::new(&goal);
/// // The blank four cells left of its place: four tiles one column each, one slide.
/// let board: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 x 21 22 23 24".parse()?;
/// assert_eq!(h.estimate(board.tiles()), 1);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct MtmManhattan {
    cells: usize,
    /// `cols[tile * cells + pos]`: the tile's column distance from its goal cell.
    cols: Vec<u8>,
    /// The same with rows.
    rows: Vec<u8>,
    /// Tiles one horizontal (vertical) move shifts at most: `w − 1` (`h − 1`).
    row_run: u32,
    col_run: u32,
}

impl MtmManhattan {
    /// For `goal`, of any shape.
    pub fn new(goal: &Goal) -> MtmManhattan {
        let shape = goal.shape();
        let (w, cells) = (shape.width(), shape.cells());
        let mut cols = vec![0u8; cells * cells];
        let mut rows = vec![0u8; cells * cells];
        for tile in 1..cells {
            let home = goal.position_of(tile as u8);
            for pos in 0..cells {
                // Both fit a byte: boards searched this way have at most 256 cells.
                cols[tile * cells + pos] = (home % w).abs_diff(pos % w).min(255) as u8;
                rows[tile * cells + pos] = (home / w).abs_diff(pos / w).min(255) as u8;
            }
        }
        MtmManhattan {
            cells,
            cols,
            rows,
            row_run: (shape.width() - 1) as u32,
            col_run: (shape.height() - 1) as u32,
        }
    }

    /// The column and row distances summed over the tiles of `tiles`.
    #[inline]
    fn sums(&self, tiles: &[u8]) -> (u32, u32) {
        let (mut across, mut down) = (0u32, 0u32);
        for (pos, &tile) in tiles.iter().enumerate().take(self.cells) {
            let at = usize::from(tile) * self.cells + pos;
            across += u32::from(self.cols[at]);
            down += u32::from(self.rows[at]);
        }
        (across, down)
    }
}

impl Heuristic for MtmManhattan {
    #[inline]
    fn estimate(&self, tiles: &[u8]) -> u32 {
        let (across, down) = self.sums(tiles);
        across.div_ceil(self.row_run) + down.div_ceil(self.col_run)
    }

    #[inline]
    fn update(&self, tiles: &[u8], _h: u32, _tile: u8, _from: usize, _to: usize) -> u32 {
        // The rounding needs both sums, which `h` does not keep: read them again.
        self.estimate(tiles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{oracle, Move, Shape};

    #[test]
    fn admissible_against_the_oracles_multi_tile_distances() {
        // Every board of 3x3 and 4x2 (both goals), every board within 6 slides of 5x5 goals.
        for (w, h, depth) in [
            (3, 3, None),
            (4, 2, None),
            (2, 4, None),
            (5, 5, Some(6)),
            (6, 3, Some(7)),
        ] {
            let shape = Shape::new(w, h).unwrap();
            for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
                let bound = MtmManhattan::new(&goal);
                let distances = oracle::multi_tile_distances(goal.board().tiles(), w, depth);
                for (tiles, &d) in &distances {
                    let est = bound.estimate(tiles);
                    assert!(est <= d, "{w}x{h} {tiles:?}: estimate {est} > multi-tile distance {d}");
                    // Not a bound that says nothing: above 0 off the goal, exact a slide from it.
                    assert!(est > 0 || d == 0, "{w}x{h} {tiles:?}: estimate 0 at distance {d}");
                    assert!(
                        est == 1 || d != 1,
                        "{w}x{h} {tiles:?}: estimate {est} a slide from the goal"
                    );
                }
            }
        }
    }

    #[test]
    fn counts_a_slide_of_a_whole_line_as_one_move() {
        let goal = Goal::standard(Shape::new(5, 5).unwrap());
        let bound = MtmManhattan::new(&goal);
        // The blank up its column from the corner: four tiles down one row each.
        let board = goal.board().replay(&Move::parse_list("uuuu").unwrap()).unwrap();
        assert_eq!(bound.estimate(board.tiles()), 1);
        // Then along the top row: one more.
        let board = board.replay(&Move::parse_list("llll").unwrap()).unwrap();
        assert_eq!(bound.estimate(board.tiles()), 2);
        assert_eq!(bound.estimate(goal.board().tiles()), 0);
    }
}
