//! Reading boards from text, the way people write them.
//!
//! One board ([`parse_board`], [`Board::parse`], `str::parse`):
//!
//! - Tiles in row-major order, separated by whitespace, commas or bars
//!   (`| 1 | 2 |`); the blank is `x`, `X`, `0`, `_` or `.`. A slash ends a
//!   row as a line break does (`123/456/78x`).
//! - Rows may show the shape: lines of one width (`4 1 2` / `5 0 3` is 3
//!   wide, 2 high), nested lists (`[[4,1,2],[5,0,3]]`, numpy's `array(...)`,
//!   `{{4,1,2},{5,0,3}}`). A tuple or flat list (`(1, 2, 3, 4, 5, 6, 7, 8,
//!   0)`) is a row-major board. Details in [`layout`](self#layout).
//! - A board of at most nine cells may be written without spaces, one
//!   character a tile: `283104765`, `12X453786`, `1234567x8`, or rows `283`
//!   `104` `765`.
//! - The shape is, in order: the one given, which must agree with the rows
//!   the text shows ([`InputError::RowsContradictSize`] otherwise); the rows
//!   shown; a square tile count (9 → 3×3, 16 → 4×4). Otherwise the count fits
//!   several shapes ([`InputError::AmbiguousSize`], naming them) or none
//!   ([`InputError::NoShape`]).
//!
//! A file of boards ([`read_boards`]): see [`blocks`](self#blocks) — a board
//! per line, or per block of rows; count and size lines before boards are
//! skipped.
//!
//! # Layout
//!
//! Brackets `[]`, `()`, `{}` group and quotes are ignored; a list holding only
//! one list is unwrapped; what is left must be a list of tiles or of rows of
//! equal length. Without lists, at least two lines of one width (two cells or
//! more) are rows; lines of different lengths show nothing, and the count
//! decides.
//!
//! # Blocks
//!
//! A file is split at empty lines into blocks of lines; `#` starts a comment.
//! Two lines in a row that are each a whole board by itself (and open no
//! bracket) split a block between them too: neither can be a row of a
//! bigger board, each holding a blank. In a block, a line that leaves a bracket open goes on to the next lines
//! until it is closed. Then lines of one width that together make a board
//! (at most one of them a board by itself) are that board's rows; a block
//! of whole boards stacked without empty lines between them is split into
//! them; a first line that is not a board, with the rest of the block,
//! making exactly one board is that board wrapped over lines; any other
//! line is a board by itself. A line of one or two numbers that is no board
//! (a count of cases, a size) is skipped when the block then reads as boards
//! and did not before; the reader lists what it skipped.

mod blocks;
mod layout;
mod stream;
mod tokens;

use std::str::FromStr;

use crate::board::{Board, Shape, MAX_CELLS};
use crate::Error;

use crate::error::InputError;
pub use blocks::{read_boards, BoardFile, BoardInput, SkippedLine};
pub use stream::{BoardStream, FileItem};
pub(crate) use tokens::ByteTokens;
pub use tokens::{is_blank_token, is_separator, parse_tile, tokens, MAX_UNSPACED_CELLS};
pub(crate) use tokens::{is_unspaced, shorten};
// The fuzzing checks tell labels from boards the way the reader does.
#[cfg(feature = "fuzzing")]
pub(crate) use tokens::looks_like_tile;

/// Parses a board; see the module documentation.
///
/// ```
/// use npuzzle::{parse::parse_board, Error, Shape};
/// use npuzzle::error::InputError;
/// let b = parse_board("1 2 3\n4 5 6\n7 8 x", None).unwrap();
/// assert_eq!(b.shape(), Shape::new(3, 3).unwrap());
/// let wide = parse_board("1,2,3,4,5,6,7,0", Some("4x2".parse().unwrap())).unwrap();
/// assert_eq!(wide.blank(), 7);
/// // Rows show the shape: 3 wide, 2 high.
/// assert_eq!(parse_board("[[4,1,2],[5,0,3]]", None).unwrap().shape().to_string(), "3x2");
/// assert_eq!(parse_board("283104765", None).unwrap().to_string(), "2 8 3 1 x 4 7 6 5");
/// // Eight tiles on one line could be 4x2 or 2x4.
/// assert!(matches!(parse_board("1 2 3 4 5 6 7 8", None), Err(Error::Input(InputError::AmbiguousSize { count: 8, .. }))));
/// ```
pub fn parse_board(text: &str, shape: Option<Shape>) -> Result<Board, Error> {
    let layout = layout::read(text)?;
    let read = match (shape, layout.rows) {
        (Some(given), Some(rows)) if given != rows => Err(Error::Input(InputError::RowsContradictSize { rows, given })),
        (given, rows) => parse_tokens(&layout.cells, given.or(rows)),
    };
    match read {
        // Rows with the blank left out as spaces say so, rather than the count's error.
        Err(
            Error::Input(InputError::AmbiguousSize { .. })
            | Error::Input(InputError::NoShape { .. })
            | Error::Input(InputError::WrongTileCount { .. }),
        ) => {
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            match layout::missing_blank(&lines) {
                Some((row, width)) => Err(Error::Input(InputError::BlankMissing {
                    row: row + 1,
                    got: width - 1,
                    width,
                })),
                None => read,
            }
        }
        read => read,
    }
}

/// Parses a board from already split tokens, one a cell; without a shape,
/// the count must be a square.
pub fn parse_tokens(toks: &[&str], shape: Option<Shape>) -> Result<Board, Error> {
    let shape = match shape {
        Some(s) => s,
        None => {
            // A token that is not a tile at all says more than a count that fits no shape.
            if let Some((i, t)) = toks.iter().enumerate().find(|(_, t)| !tokens::looks_like_tile(t)) {
                return Err(Error::Input(InputError::BadToken {
                    token: shorten(t),
                    index: i + 1,
                }));
            }
            shape_of_count(toks.len())?
        }
    };
    if toks.len() != shape.cells() {
        return Err(Error::Input(InputError::WrongTileCount {
            shape,
            expected: shape.cells(),
            got: toks.len(),
        }));
    }
    if !shape.is_narrow() {
        let tiles = toks
            .iter()
            .enumerate()
            .map(|(i, t)| tokens::parse_wide_tile(t, i + 1, shape))
            .collect::<Result<Vec<u32>, Error>>()?;
        return Board::from_wide(shape, tiles);
    }
    let tiles = toks
        .iter()
        .enumerate()
        .map(|(i, t)| parse_tile(t, i + 1, shape))
        .collect::<Result<Vec<u8>, Error>>()?;
    Board::new(shape, tiles)
}

/// The shape of `count` tiles written with nothing to show rows: the square
/// one, else an error naming the shapes that fit (widest first) or saying
/// none does.
///
/// ```
/// use npuzzle::{parse::shape_of_count, Error};
/// use npuzzle::error::InputError;
/// assert_eq!(shape_of_count(16).unwrap().to_string(), "4x4");
/// let Err(Error::Input(InputError::AmbiguousSize { shapes, .. })) = shape_of_count(6) else { panic!() };
/// assert_eq!(shapes.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["3x2", "2x3"]);
/// assert_eq!(shape_of_count(7), Err(Error::Input(InputError::NoShape { count: 7 })));
/// ```
pub fn shape_of_count(count: usize) -> Result<Shape, Error> {
    let side = count.isqrt();
    if side >= 2 && side * side == count {
        // A square too large for a board gets the size error.
        return Shape::new(side, side);
    }
    let shapes: Vec<Shape> = (2..=count / 2)
        .rev()
        .filter(|w| count % w == 0)
        .filter_map(|w| Shape::new(w, count / w).ok())
        .filter(|s| s.cells() <= MAX_CELLS)
        .collect();
    if shapes.is_empty() {
        Err(Error::Input(InputError::NoShape { count }))
    } else {
        Err(Error::Input(InputError::AmbiguousSize { count, shapes }))
    }
}

/// The shape a board's text shows by its rows, if any: for the fuzz checks.
#[cfg(feature = "fuzzing")]
pub(crate) fn layout_rows(text: &str) -> Option<Shape> {
    layout::read(text).ok().and_then(|l| l.rows)
}

impl Board {
    /// Parses a board, written any way [`crate::parse`] reads; `shape` is
    /// the size when known (width × height).
    ///
    /// ```
    /// use npuzzle::{Board, Error, Shape};
    /// use npuzzle::error::InputError;
    /// let b = Board::parse("(1, 2, 3, 4, 5, 6, 7, 8, 0)", None)?;
    /// assert_eq!(b.to_string(), "1 2 3 4 5 6 7 8 x");
    /// // The rows say 3 wide, 2 high; the given 2x3 is 2 wide, 3 high.
    /// let given = Shape::new(2, 3)?;
    /// assert!(matches!(Board::parse("4 1 2\n5 0 3", Some(given)), Err(Error::Input(InputError::RowsContradictSize { .. }))));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn parse(text: &str, shape: Option<Shape>) -> Result<Board, Error> {
        parse_board(text, shape)
    }
}

impl FromStr for Board {
    type Err = Error;

    fn from_str(text: &str) -> Result<Board, Error> {
        parse_board(text, None)
    }
}

#[cfg(test)]
mod tests;
