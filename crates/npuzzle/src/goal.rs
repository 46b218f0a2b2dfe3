//! The arrangement a search must reach.

use std::fmt;

use crate::board::{Board, Shape};
use crate::error::InputError;
use crate::Error;

/// A goal board together with where each tile belongs.
///
/// ```
/// use npuzzle::{Goal, Shape};
/// let shape = Shape::new(3, 3).unwrap();
/// assert_eq!(Goal::standard(shape).board().to_string(), "1 2 3 4 5 6 7 8 x");
/// assert_eq!(Goal::blank_first(shape).board().to_string(), "x 1 2 3 4 5 6 7 8");
/// let g = Goal::parse("blank-first", shape).unwrap();
/// assert_eq!(g.position_of(1), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Goal {
    board: Board,
    /// Where each tile belongs, in bytes; empty on boards too big for bytes.
    position: Vec<u8>,
    /// Where each tile belongs, on boards of any size.
    home: Vec<u32>,
}

impl Goal {
    /// Any arrangement as the goal.
    pub fn new(board: Board) -> Goal {
        let position = if board.is_narrow() {
            board.positions()
        } else {
            Vec::new()
        };
        let home = board.wide_positions();
        Goal { board, position, home }
    }

    /// `1 2 … N-1` then the blank (HDU 1043's goal).
    pub fn standard(shape: Shape) -> Goal {
        let n = shape.cells() as u32;
        let tiles = (1..n).chain(std::iter::once(0)).collect();
        Goal::new(Board::from_wide(shape, tiles).expect("the standard goal is a valid board"))
    }

    /// `0 1 2 … N-1`: blank first, the convention of the research literature.
    pub fn blank_first(shape: Shape) -> Goal {
        let tiles = (0..shape.cells() as u32).collect();
        Goal::new(Board::from_wide(shape, tiles).expect("the blank-first goal is a valid board"))
    }

    /// `1 2 … N-1` laid clockwise in a spiral from the top-left corner,
    /// the blank where the spiral ends: `1 2 3 / 8 x 4 / 7 6 5` on 3×3, the
    /// goal of many textbooks.
    ///
    /// ```
    /// use npuzzle::Goal;
    /// assert_eq!(Goal::spiral("3x3".parse()?).to_string(), "1 2 3 8 x 4 7 6 5");
    /// assert_eq!(Goal::spiral("4x4".parse()?).to_string(), "1 2 3 4 12 13 14 5 11 x 15 6 10 9 8 7");
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn spiral(shape: Shape) -> Goal {
        let (w, h) = (shape.width() as i64, shape.height() as i64);
        let mut tiles = vec![0u32; shape.cells()];
        let (mut top, mut bottom, mut left, mut right) = (0, h - 1, 0, w - 1);
        let mut order = Vec::with_capacity(shape.cells());
        while top <= bottom && left <= right {
            order.extend((left..=right).map(|c| (top, c)));
            order.extend((top + 1..=bottom).map(|r| (r, right)));
            if top < bottom {
                order.extend((left..right).rev().map(|c| (bottom, c)));
            }
            if left < right {
                order.extend((top + 1..bottom).rev().map(|r| (r, left)));
            }
            (top, bottom, left, right) = (top + 1, bottom - 1, left + 1, right - 1);
        }
        // The last cell of the spiral keeps the blank (0).
        for (tile, &(r, c)) in order.iter().enumerate().take(shape.cells() - 1) {
            tiles[(r * w + c) as usize] = tile as u32 + 1;
        }
        Goal::new(Board::from_wide(shape, tiles).expect("the spiral goal is a valid board"))
    }

    /// A named goal (`standard`, `default`, `blank-first`, `spiral`) or tiles as text.
    pub fn parse(text: &str, shape: Shape) -> Result<Goal, Error> {
        match text.trim() {
            "standard" | "default" | "blank-last" => Ok(Goal::standard(shape)),
            "blank-first" => Ok(Goal::blank_first(shape)),
            "spiral" => Ok(Goal::spiral(shape)),
            other => {
                let board = Board::parse(other, Some(shape))?;
                Ok(Goal::new(board))
            }
        }
    }

    /// The goal arrangement.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.board.shape()
    }

    /// Where tile `t` (0 = blank) belongs, on a goal of at most
    /// [`MAX_NARROW_CELLS`](crate::board::MAX_NARROW_CELLS) cells (the byte
    /// form the optimal searches read); [`Goal::home`] takes any size.
    #[inline]
    pub fn position_of(&self, tile: u8) -> usize {
        usize::from(self.position[usize::from(tile)])
    }

    /// Where every tile belongs, indexed by tile, in bytes; empty on a goal
    /// of more than [`MAX_NARROW_CELLS`](crate::board::MAX_NARROW_CELLS) cells.
    pub fn positions(&self) -> &[u8] {
        &self.position
    }

    /// Where tile `t` (0 = blank) belongs, on a goal of any size.
    #[inline]
    pub fn home(&self, tile: usize) -> usize {
        self.home[tile] as usize
    }

    /// Where every tile belongs, indexed by tile, on a goal of any size.
    pub fn homes(&self) -> &[u32] {
        &self.home
    }

    /// An error unless `board` has this goal's shape.
    pub fn check_shape(&self, board: &Board) -> Result<(), Error> {
        if board.shape() == self.shape() {
            Ok(())
        } else {
            Err(Error::Input(InputError::ShapeMismatch {
                board: board.shape(),
                goal: self.shape(),
            }))
        }
    }

    /// Whether `board` is this goal.
    pub fn is_reached_by(&self, board: &Board) -> bool {
        board == &self.board
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board.fmt(f)
    }
}
