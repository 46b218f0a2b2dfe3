//! The symmetries of a square core that carry its goal onto the goal of
//! pattern databases built for another one (see [`core`](super::core)).
//!
//! The databases are built for one goal (blank first, usually), while a
//! core's goal has its blank where the board's goal has it: the opposite
//! corner for the standard goal. A symmetry of the square (one of eight: a
//! transposition and two flips) that takes the core's blank home onto the
//! databases' blank home turns the core's goal into theirs once its tiles
//! are renamed after the databases' tiles on the same cells; the board is
//! carried over by the same symmetry and renaming, solved there, and the
//! moves are carried back cell by cell.

use crate::board::{Board, Move};
use crate::goal::Goal;
use crate::Error;

/// A symmetry of the `side`×`side` square: cell `(r, c)` goes to `(c, r)`
/// if transposed, then its row and column are flipped as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Symmetry {
    side: usize,
    transpose: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Symmetry {
    /// Every symmetry of the square of `side`.
    pub(super) fn all(side: usize) -> impl Iterator<Item = Symmetry> {
        (0..8).map(move |i| Symmetry {
            side,
            transpose: i & 1 == 1,
            flip_rows: i & 2 == 2,
            flip_cols: i & 4 == 4,
        })
    }

    pub(super) fn map(self, cell: usize) -> usize {
        let last = self.side - 1;
        let (mut r, mut c) = (cell / self.side, cell % self.side);
        if self.transpose {
            (r, c) = (c, r);
        }
        if self.flip_rows {
            r = last - r;
        }
        if self.flip_cols {
            c = last - c;
        }
        r * self.side + c
    }

    /// A symmetry taking the blank home of `from` onto that of `onto`
    /// (square goals of the same side), if there is one.
    pub(super) fn onto(from: &Goal, onto: &Goal) -> Option<Symmetry> {
        let shape = from.shape();
        if shape != onto.shape() || shape.width() != shape.height() {
            return None;
        }
        let (a, b) = (from.position_of(0), onto.position_of(0));
        Symmetry::all(shape.width()).find(|s| s.map(a) == b)
    }

    /// `board` carried by this symmetry onto `onto`'s goal: each tile
    /// takes the name of the tile `onto` holds on the cell where its home
    /// (in `goal`) goes, so `goal` carried the same way is `onto`.
    pub(super) fn carry(self, board: &Board, goal: &Goal, onto: &Goal) -> Result<Board, Error> {
        let n = self.side * self.side;
        let mut name = vec![0u8; n];
        for cell in 0..n {
            name[goal.board().tile(cell)] = onto.board().tile(self.map(cell)) as u8;
        }
        let mut tiles = vec![0u8; n];
        for cell in 0..n {
            tiles[self.map(cell)] = name[board.tile(cell)];
        }
        Board::new(board.shape(), tiles)
    }

    /// The moves on the original board that move its blank as `path` moves
    /// the carried board's blank; `None` if a move leaves the board.
    pub(super) fn carry_back(self, board: &Board, path: &[Move]) -> Option<Vec<Move>> {
        let shape = board.shape();
        let mut inverse = vec![0usize; self.side * self.side];
        for cell in 0..inverse.len() {
            inverse[self.map(cell)] = cell;
        }
        let mut there = self.map(board.blank());
        let mut here = board.blank();
        path.iter()
            .map(|&mv| {
                there = shape.step(there, mv)?;
                let next = inverse[there];
                let back = Move::ALL.into_iter().find(|&m| shape.step(here, m) == Some(next))?;
                here = next;
                Some(back)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;
    use crate::random::random_solvable;
    use rand::{Rng, SeedableRng};

    #[test]
    fn every_symmetry_carries_the_goal_onto_the_databases_and_moves_back() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        for side in [4, 5] {
            let shape = Shape::new(side, side).unwrap();
            let onto = Goal::blank_first(shape);
            for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
                for sym in Symmetry::all(side).filter(|s| s.map(goal.position_of(0)) == 0) {
                    assert_eq!(
                        Symmetry::onto(&goal, &onto).map(|s| s.map(goal.position_of(0))),
                        Some(0)
                    );
                    // The goal carried is the databases' goal.
                    assert_eq!(sym.carry(goal.board(), &goal, &onto).unwrap(), *onto.board());
                    // A walk there, carried back, does here what it did there.
                    let board = random_solvable(&goal, &mut rng);
                    let there = sym.carry(&board, &goal, &onto).unwrap();
                    let mut walked = there.clone();
                    let mut path = Vec::new();
                    for _ in 0..40 {
                        let mv = Move::ALL[rng.random_range(0..4)];
                        if walked.try_apply(mv) {
                            path.push(mv);
                        }
                    }
                    let back = sym.carry_back(&board, &path).unwrap();
                    let here = board.replay(&back).unwrap();
                    assert_eq!(sym.carry(&here, &goal, &onto).unwrap(), walked, "{sym:?}");
                }
            }
        }
    }
}
