//! Where the blank can go: a shape's neighbour table, built once, and
//! [`slide`], the one way a tile moves into the blank on a slice of tiles.
//!
//! [`Shape::step`] is the rule (a move that would leave the board does not
//! exist); [`Neighbours`] is that rule tabulated for every cell, which the
//! searches read in their hot loops instead of dividing by the width at
//! every node. Every search, table and database builder takes its moves from
//! here, so a board's geometry is written down once. Packed boards move their
//! tiles with [`packed::slide`](crate::packed::slide) (four bits a cell) or
//! their own packing; a slice of tiles (one byte a cell) moves with [`slide`].

use crate::board::{Move, Shape};
use crate::goal::Goal;

/// For every cell, the cell the blank reaches with each move of
/// [`Move::ALL`] and the set of moves that stay on the board, for boards the
/// optimal searches take (at most
/// [`MAX_NARROW_CELLS`](crate::board::MAX_NARROW_CELLS) cells, so a cell fits
/// in a `u16`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Neighbours {
    cells: Box<[MovesFrom]>,
}

impl Neighbours {
    /// The table of `shape`, which has at most
    /// [`MAX_NARROW_CELLS`](crate::board::MAX_NARROW_CELLS) cells.
    pub(crate) fn new(shape: Shape) -> Neighbours {
        debug_assert!(shape.is_narrow(), "{shape} has too many cells for a neighbour table");
        let cells = (0..shape.cells())
            .map(|cell| {
                let mut moves = MovesFrom { to: [0; 4], left: 0 };
                for mv in Move::ALL {
                    if let Some(to) = shape.step(cell, mv) {
                        moves.to[mv.index()] = to as u16;
                        moves.left |= 1 << mv.index();
                    }
                }
                moves
            })
            .collect();
        Neighbours { cells }
    }

    /// The cell the blank reaches from `cell` with `mv`, if it stays on the board.
    #[inline(always)]
    pub(crate) fn get(&self, cell: usize, mv: Move) -> Option<usize> {
        let moves = &self.cells[cell];
        (moves.left & 1 << mv.index() != 0).then(|| usize::from(moves.to[mv.index()]))
    }

    /// The moves the blank has from `cell`, in [`Move::ALL`] order, each with
    /// the cell it reaches. The iterator is a copy of the cell's entry, not a
    /// borrow of the table, so a search may change itself while it runs.
    #[inline(always)]
    pub(crate) fn moves_from(&self, cell: usize) -> MovesFrom {
        self.cells[cell]
    }

    /// Bytes the table holds (for memory accounting).
    pub(crate) fn bytes(&self) -> usize {
        std::mem::size_of_val(&*self.cells)
    }
}

/// The moves from one cell still to be visited: a bit set over
/// [`Move::ALL`] (taken lowest first, a count of trailing zeros each) and
/// where each move goes. Ten bytes; iterating compiles to a few bit operations
/// a move, which the searches' inner loops need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MovesFrom {
    to: [u16; 4],
    /// Bit `i` set: move `Move::ALL[i]` is still to come.
    left: u8,
}

impl MovesFrom {
    /// These moves without `mv` (the move back to a parent, say).
    #[inline(always)]
    pub(crate) fn without(mut self, mv: Option<Move>) -> MovesFrom {
        if let Some(mv) = mv {
            self.left &= !(1 << mv.index());
        }
        self
    }
}

impl Iterator for MovesFrom {
    type Item = (Move, usize);

    #[inline(always)]
    fn next(&mut self) -> Option<(Move, usize)> {
        if self.left == 0 {
            return None;
        }
        // Only bits 0-3 are ever set, so `& 3` changes nothing but lets the
        // compiler drop the bounds checks.
        let i = self.left.trailing_zeros() as usize & 3;
        self.left &= self.left - 1;
        Some((Move::ALL[i], usize::from(self.to[i])))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.left.count_ones() as usize;
        (n, Some(n))
    }
}

/// The row and the column of every tile's goal cell, indexed by tile, for a
/// goal of `N` cells (at most 256 a side).
pub(crate) fn home_rows_and_cols<const N: usize>(goal: &Goal) -> ([u8; N], [u8; N]) {
    let width = goal.shape().width();
    let cell = |t: usize| goal.position_of(t as u8);
    (
        std::array::from_fn(|t| (cell(t) / width) as u8),
        std::array::from_fn(|t| (cell(t) % width) as u8),
    )
}

/// Slides the tile at `from` into the blank at `blank` and returns it; the
/// blank is at `from` afterwards. `slide(tiles, from, blank)` undoes it.
#[inline(always)]
pub(crate) fn slide(tiles: &mut [u8], blank: usize, from: usize) -> u8 {
    debug_assert_eq!(tiles[blank], 0, "cell {blank} is not the blank");
    let tile = tiles[from];
    tiles[blank] = tile;
    tiles[from] = 0;
    tile
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn the_table_is_shape_step_for_every_cell_and_move() {
        for (w, h) in [(2, 2), (3, 3), (4, 3), (2, 5), (16, 16)] {
            let shape = Shape::new(w, h).unwrap();
            let table = Neighbours::new(shape);
            for cell in 0..shape.cells() {
                for mv in Move::ALL {
                    assert_eq!(table.get(cell, mv), shape.step(cell, mv), "{shape} cell {cell} {mv}");
                }
                let listed: Vec<(Move, usize)> = table.moves_from(cell).collect();
                let stepped: Vec<(Move, usize)> = Move::ALL
                    .into_iter()
                    .filter_map(|mv| shape.step(cell, mv).map(|to| (mv, to)))
                    .collect();
                assert_eq!(listed, stepped, "{shape} cell {cell}");
                for back in Move::ALL {
                    let without: Vec<(Move, usize)> = table.moves_from(cell).without(Some(back)).collect();
                    let want: Vec<(Move, usize)> = stepped.iter().copied().filter(|&(mv, _)| mv != back).collect();
                    assert_eq!(without, want, "{shape} cell {cell} without {back}");
                }
                assert_eq!(table.moves_from(cell).without(None).count(), stepped.len());
            }
        }
    }

    #[test]
    fn the_last_cells_of_a_16x16_board_are_reached() {
        let shape = Shape::new(16, 16).unwrap();
        let table = Neighbours::new(shape);
        assert_eq!(table.get(254, Move::Right), Some(255));
        assert_eq!(table.get(255, Move::Right), None);
        assert_eq!(table.bytes(), 256 * 10);
    }

    #[test]
    fn home_rows_and_cols_of_a_3x2_goal() {
        let goal = Goal::new(Board::new(Shape::new(3, 2).unwrap(), vec![2, 0, 1, 3, 4, 5]).unwrap());
        let (rows, cols) = home_rows_and_cols::<6>(&goal);
        // Tile t is at cell position_of(t): the blank at 1, tile 1 at 2, tile 2 at 0.
        assert_eq!(rows, [0, 0, 0, 1, 1, 1]);
        assert_eq!(cols, [1, 2, 0, 0, 1, 2]);
    }

    #[test]
    fn slide_is_the_board_move_and_undoes_itself() {
        let board: Board = "1 2 3 4 x 5 6 7 8".parse().unwrap();
        for mv in Move::ALL {
            let mut tiles = board.tiles().to_vec();
            let to = Neighbours::new(board.shape()).get(board.blank(), mv).unwrap();
            let tile = slide(&mut tiles, board.blank(), to);
            let mut moved = board.clone();
            moved.apply(mv).unwrap();
            assert_eq!((tiles.as_slice(), tile), (moved.tiles(), board.tiles()[to]), "{mv}");
            slide(&mut tiles, to, board.blank());
            assert_eq!(tiles, board.tiles(), "{mv} undone");
        }
    }
}
