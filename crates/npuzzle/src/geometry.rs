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

/// No cell that way: the move would leave the board.
const NO_CELL: u16 = u16::MAX;

/// `to[cell][move]`: the cell the blank reaches from `cell` with each move of
/// [`Move::ALL`], for boards the optimal searches take (at most
/// [`MAX_NARROW_CELLS`](crate::board::MAX_NARROW_CELLS) cells, so a cell fits
/// in a `u16` with room for the "no cell" mark).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Neighbours {
    to: Box<[[u16; 4]]>,
}

impl Neighbours {
    /// The table of `shape`, which has at most
    /// [`MAX_NARROW_CELLS`](crate::board::MAX_NARROW_CELLS) cells.
    pub(crate) fn new(shape: Shape) -> Neighbours {
        debug_assert!(shape.is_narrow(), "{shape} has too many cells for a neighbour table");
        let to = (0..shape.cells())
            .map(|cell| Move::ALL.map(|mv| shape.step(cell, mv).map_or(NO_CELL, |p| p as u16)))
            .collect();
        Neighbours { to }
    }

    /// The cell the blank reaches from `cell` with `mv`, if it stays on the board.
    #[inline(always)]
    pub(crate) fn get(&self, cell: usize, mv: Move) -> Option<usize> {
        match self.to[cell][mv.index()] {
            NO_CELL => None,
            to => Some(usize::from(to)),
        }
    }

    /// The moves the blank has from `cell`, in [`Move::ALL`] order, each with
    /// the cell it reaches. The iterator holds a copy of the cell's row, not
    /// a borrow of the table, so a search may change itself while it runs.
    #[inline(always)]
    pub(crate) fn moves_from(&self, cell: usize) -> impl Iterator<Item = (Move, usize)> + use<> {
        Move::ALL
            .into_iter()
            .zip(self.to[cell])
            .filter(|&(_, to)| to != NO_CELL)
            .map(|(mv, to)| (mv, usize::from(to)))
    }

    /// Bytes the table holds (for memory accounting).
    pub(crate) fn bytes(&self) -> usize {
        std::mem::size_of_val(&*self.to)
    }
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
            }
        }
    }

    #[test]
    fn the_last_cell_of_a_16x16_board_is_not_mistaken_for_no_cell() {
        let shape = Shape::new(16, 16).unwrap();
        let table = Neighbours::new(shape);
        assert_eq!(table.get(254, Move::Right), Some(255));
        assert_eq!(table.get(255, Move::Right), None);
        assert_eq!(table.bytes(), 256 * 8);
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
