//! Move sequences that cannot be read, or that cannot be played on their
//! board.

use crate::board::Shape;
use crate::notation::Notation;

/// A move sequence that cannot be read or played.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// A move character other than `u d l r`.
    #[error("bad move {ch:?} at position {index}: moves are u, d, l, r (the direction the blank moves)")]
    BadMove {
        /// The character.
        ch: char,
        /// 1-based position in the move string.
        index: usize,
    },
    /// A move that would take the blank off the board.
    #[error("move {mv} at step {step} takes the blank off the board")]
    IllegalMove {
        /// The move.
        mv: char,
        /// 1-based step number.
        step: usize,
    },
    /// A character in a move sequence that is no move letter, run length,
    /// space or comma.
    #[error("bad move {ch:?} at character {index}: {}", move_letters(*.notation))]
    BadMoveChar {
        /// The character.
        ch: char,
        /// Its 1-based character position in the text.
        index: usize,
        /// The convention the moves were read in, if it was known.
        notation: Option<Notation>,
    },
    /// A run length of 0 or above [`MAX_RUN`](crate::notation::MAX_RUN).
    #[error("bad run length {run} at character {index}: a run is 1 to {max} moves")]
    BadRunLength {
        /// The digits as written (shortened when very long).
        run: String,
        /// 1-based character position of its first digit.
        index: usize,
        /// The longest run.
        max: usize,
    },
    /// Digits that follow no move letter.
    #[error("run length {run} at character {index} follows no move: write it right after its letter (R3)")]
    RunLengthAlone {
        /// The digits as written (shortened when very long).
        run: String,
        /// 1-based character position of its first digit.
        index: usize,
    },
    /// Move letters of both cases where the case says the convention.
    #[error(
        "moves in both cases, {lower:?} at character {lower_index} and {upper:?} at character {upper_index}: \
         lowercase u d l r move the blank, capitals U D L R move a tile; write one case or name the notation"
    )]
    MixedCase {
        /// The first lowercase move letter.
        lower: char,
        /// Its 1-based character position.
        lower_index: usize,
        /// The first capital move letter.
        upper: char,
        /// Its 1-based character position.
        upper_index: usize,
    },
    /// A move of a sequence that would take the blank off the board.
    #[error(
        "move {step} ({written}{}) runs into the wall: the blank is at row {row}, column {col} of the {shape} board",
        at.map(|at| format!(" at character {at}")).unwrap_or_default()
    )]
    MoveIntoWall {
        /// 1-based step of the move, counting single moves.
        step: usize,
        /// The letter (and run length) it was written as.
        written: String,
        /// 1-based character position of that letter, when read from text.
        at: Option<usize>,
        /// 1-based row of the blank before the move.
        row: usize,
        /// 1-based column of the blank before the move.
        col: usize,
        /// The board's shape.
        shape: Shape,
    },
}

/// The move letters of `notation`, or of both when it is not known.
fn move_letters(notation: Option<Notation>) -> &'static str {
    match notation {
        Some(Notation::Blank) => {
            "moves are u d l r, the direction the blank moves, each with an optional run length (u3)"
        }
        Some(Notation::Tiles) => {
            "moves are U D L R, the direction a tile slides, each with an optional run length (R3)"
        }
        None => "moves are u d l r (the blank's direction) or U D L R (a tile's), each with an optional run length",
    }
}
