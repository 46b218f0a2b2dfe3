//! Boards of any W×H shape up to 1000×1000, and the four moves of the blank.
//!
//! # Why one `Board` with two tile widths
//!
//! Every optimal search, table and pattern database works on boards of at
//! most [`MAX_NARROW_CELLS`] (256) cells, whose tiles fit in a byte: their hot
//! loops read `&[u8]` slices, pack 4×4 and 5×5 boards into integers, and index
//! tables by tile. A wider tile type everywhere would double or quadruple the
//! memory those loops touch and change every signature in them; a second board
//! type would split the API in two. So one `Board` keeps the byte form for
//! every board that fits (everything the optimal searches accept) and `u32`
//! tiles only for bigger boards (up to [`MAX_CELLS`], a million cells), which
//! only the constructive solver, parity and the O(cells) lower bounds read
//! ([`Board::tile`], [`Board::wide_tiles`]). The optimal searches ask for the
//! byte form ([`Board::tiles`], [`Board::narrow`]) and the [`Solver`](crate::Solver)
//! refuses a bigger board with [`Refusal::TooBigToSearch`](crate::error::Refusal::TooBigToSearch) before any of them runs,
//! so their code and speed are exactly what they were.

use std::fmt;
use std::str::FromStr;

use crate::error::{InputError, MoveError};
use crate::Error;

/// Largest number of cells a board may have (1000×1000).
pub const MAX_CELLS: usize = 1_000_000;

/// Largest board whose tiles fit in a `u8`: the limit of the optimal searches,
/// tables and pattern databases (16×16).
pub const MAX_NARROW_CELLS: usize = 256;

/// The width and height of a board.
///
/// ```
/// use npuzzle::Shape;
/// let s: Shape = "4x3".parse().unwrap();
/// assert_eq!((s.width(), s.height(), s.cells()), (4, 3, 12));
/// assert_eq!(s.to_string(), "4x3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Shape {
    width: usize,
    height: usize,
}

impl Shape {
    /// A shape with `2 ≤ width, height` and at most [`MAX_CELLS`] cells.
    pub fn new(width: usize, height: usize) -> Result<Shape, Error> {
        if width < 2 || height < 2 || width.saturating_mul(height) > MAX_CELLS {
            return Err(Error::Input(InputError::InvalidSize { width, height }));
        }
        Ok(Shape { width, height })
    }

    /// The square shape with `cells` cells, if `cells` is a square of at least
    /// 4 and at most [`MAX_CELLS`].
    pub fn square_with_cells(cells: usize) -> Option<Shape> {
        let side = cells.isqrt();
        (side * side == cells && side >= 2 && cells <= MAX_CELLS).then_some(Shape {
            width: side,
            height: side,
        })
    }

    /// Columns.
    pub fn width(self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(self) -> usize {
        self.height
    }

    /// Cells (tiles plus the blank).
    pub fn cells(self) -> usize {
        self.width * self.height
    }

    /// Whether boards of this shape keep their tiles in bytes (at most
    /// [`MAX_NARROW_CELLS`] cells), the form every optimal search needs.
    pub fn is_narrow(self) -> bool {
        self.cells() <= MAX_NARROW_CELLS
    }

    /// The position the blank reaches from `pos` with `mv`, if it stays on the board.
    #[inline]
    pub fn step(self, pos: usize, mv: Move) -> Option<usize> {
        let (row, col) = (pos / self.width, pos % self.width);
        match mv {
            Move::Up => (row > 0).then(|| pos - self.width),
            Move::Down => (row + 1 < self.height).then(|| pos + self.width),
            Move::Left => (col > 0).then(|| pos - 1),
            Move::Right => (col + 1 < self.width).then(|| pos + 1),
        }
    }

    /// Manhattan distance between two positions.
    #[inline]
    pub fn distance(self, a: usize, b: usize) -> usize {
        let (ra, ca) = (a / self.width, a % self.width);
        let (rb, cb) = (b / self.width, b % self.width);
        ra.abs_diff(rb) + ca.abs_diff(cb)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Shape {
    type Err = Error;

    fn from_str(text: &str) -> Result<Shape, Error> {
        let bad = || {
            Error::Input(InputError::BadSizeText {
                text: text.chars().take(40).collect(),
            })
        };
        let (w, h) = text.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let w: usize = w.trim().parse().map_err(|_| bad())?;
        let h: usize = h.trim().parse().map_err(|_| bad())?;
        Shape::new(w, h)
    }
}

/// A move, named for the direction the **blank** travels (HDU 1043).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Blank moves up (`u`).
    Up,
    /// Blank moves down (`d`).
    Down,
    /// Blank moves left (`l`).
    Left,
    /// Blank moves right (`r`).
    Right,
}

impl Move {
    /// The four moves, in the order `u d l r`.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// `u`, `d`, `l` or `r`.
    pub fn as_char(self) -> char {
        match self {
            Move::Up => 'u',
            Move::Down => 'd',
            Move::Left => 'l',
            Move::Right => 'r',
        }
    }

    /// The move that undoes this one.
    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// Whether the blank moves along a column (`u` or `d`).
    pub fn is_vertical(self) -> bool {
        matches!(self, Move::Up | Move::Down)
    }

    /// Index in [`Move::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Parses a move string such as `"ullddrurdllurdruldr"`; whitespace is ignored.
    ///
    /// ```
    /// use npuzzle::Move;
    /// let moves = Move::parse_list("ur dl").unwrap();
    /// assert_eq!(Move::format_list(&moves), "urdl");
    /// assert!(Move::parse_list("ux").is_err());
    /// ```
    pub fn parse_list(text: &str) -> Result<Vec<Move>, Error> {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .enumerate()
            .map(|(i, ch)| match ch.to_ascii_lowercase() {
                'u' => Ok(Move::Up),
                'd' => Ok(Move::Down),
                'l' => Ok(Move::Left),
                'r' => Ok(Move::Right),
                _ => Err(Error::Moves(MoveError::BadMove { ch, index: i + 1 })),
            })
            .collect()
    }

    /// The moves as a string of `u d l r`.
    pub fn format_list(moves: &[Move]) -> String {
        moves.iter().map(|m| m.as_char()).collect()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_char())
    }
}

/// An arrangement of tiles on a W×H board; tile 0 is the blank. Reading one
/// from text (`Board::parse`, `str::parse`) lives in [`crate::parse`], which
/// builds boards with [`Board::new`]; this module does not depend on it.
///
/// ```
/// use npuzzle::{Board, Move};
/// let mut board: Board = "1 2 3 4 5 6 7 x 8".parse().unwrap();
/// assert_eq!(board.blank(), 7);
/// board.apply(Move::Right).unwrap();
/// assert_eq!(board.to_string(), "1 2 3 4 5 6 7 8 x");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    tiles: Tiles,
    blank: usize,
}

/// The tiles in row-major order: bytes when the board has at most
/// [`MAX_NARROW_CELLS`] cells (always, so equal boards compare equal), `u32`
/// above.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Tiles {
    Narrow(Vec<u8>),
    Wide(Vec<u32>),
}

impl Board {
    /// A board from its tiles in row-major order (0 = blank), checked to hold
    /// every tile `0..cells` exactly once. Bytes describe boards of up to
    /// [`MAX_NARROW_CELLS`] cells; [`Board::from_wide`] takes any size.
    pub fn new(shape: Shape, tiles: Vec<u8>) -> Result<Board, Error> {
        check_tiles(shape, tiles.iter().map(|&t| usize::from(t)), tiles.len())?;
        // With the right count, no duplicates and all in range, nothing is missing.
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        Ok(Board {
            shape,
            tiles: Tiles::Narrow(tiles),
            blank,
        })
    }

    /// A board of any size from `u32` tiles in row-major order (0 = blank),
    /// checked like [`Board::new`]; kept in bytes when it fits.
    ///
    /// ```
    /// use npuzzle::{Board, Shape};
    /// let shape = Shape::new(20, 20)?;
    /// let tiles: Vec<u32> = (1..400).chain([0]).collect();
    /// let board = Board::from_wide(shape, tiles)?;
    /// assert!(!board.is_narrow());
    /// assert_eq!((board.tile(0), board.tile(399), board.blank()), (1, 0, 399));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn from_wide(shape: Shape, tiles: Vec<u32>) -> Result<Board, Error> {
        check_tiles(shape, tiles.iter().map(|&t| t as usize), tiles.len())?;
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let tiles = if shape.is_narrow() {
            // Every tile is below the cell count, so it fits in a byte.
            Tiles::Narrow(tiles.into_iter().map(|t| t as u8).collect())
        } else {
            Tiles::Wide(tiles)
        };
        Ok(Board { shape, tiles, blank })
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Tiles in row-major order (0 = blank), in bytes: the form of every
    /// board the optimal searches take.
    ///
    /// # Panics
    ///
    /// On a board of more than [`MAX_NARROW_CELLS`] cells; check with
    /// [`Board::is_narrow`], or use [`Board::narrow`], [`Board::tile`] or
    /// [`Board::wide_tiles`], which take any size.
    #[track_caller]
    pub fn tiles(&self) -> &[u8] {
        match &self.tiles {
            Tiles::Narrow(t) => t,
            Tiles::Wide(_) => panic!(
                "Board::tiles on a {} board: use Board::narrow or Board::tile",
                self.shape
            ),
        }
    }

    /// The byte form of the tiles, if the board has at most
    /// [`MAX_NARROW_CELLS`] cells.
    pub fn narrow(&self) -> Option<&[u8]> {
        match &self.tiles {
            Tiles::Narrow(t) => Some(t),
            Tiles::Wide(_) => None,
        }
    }

    /// Whether the tiles are kept in bytes (see [`Board::narrow`]).
    pub fn is_narrow(&self) -> bool {
        matches!(self.tiles, Tiles::Narrow(_))
    }

    /// The tile at `pos` (0 = blank), on a board of any size.
    #[inline]
    pub fn tile(&self, pos: usize) -> usize {
        match &self.tiles {
            Tiles::Narrow(t) => usize::from(t[pos]),
            Tiles::Wide(t) => t[pos] as usize,
        }
    }

    /// The tiles in row-major order as `u32`, on a board of any size.
    pub fn wide_tiles(&self) -> Vec<u32> {
        match &self.tiles {
            Tiles::Narrow(t) => t.iter().map(|&t| u32::from(t)).collect(),
            Tiles::Wide(t) => t.clone(),
        }
    }

    /// The tiles in row-major order, on a board of any size.
    pub fn iter_tiles(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.shape.cells()).map(|p| self.tile(p))
    }

    /// Position of the blank.
    pub fn blank(&self) -> usize {
        self.blank
    }

    /// Position of every tile: `positions()[t]` is where tile `t` is.
    ///
    /// # Panics
    ///
    /// Like [`Board::tiles`], on a board of more than [`MAX_NARROW_CELLS`]
    /// cells; [`Board::wide_positions`] takes any size.
    #[track_caller]
    pub fn positions(&self) -> Vec<u8> {
        let tiles = self.tiles();
        let mut pos = vec![0u8; tiles.len()];
        for (p, &t) in tiles.iter().enumerate() {
            pos[usize::from(t)] = p as u8;
        }
        pos
    }

    /// Position of every tile, on a board of any size.
    pub fn wide_positions(&self) -> Vec<u32> {
        let mut pos = vec![0u32; self.shape.cells()];
        for (p, t) in self.iter_tiles().enumerate() {
            pos[t] = p as u32;
        }
        pos
    }

    /// Whether the blank can move that way.
    pub fn can_move(&self, mv: Move) -> bool {
        self.shape.step(self.blank, mv).is_some()
    }

    /// Moves the blank; `false` (and no change) if it would leave the board.
    pub fn try_apply(&mut self, mv: Move) -> bool {
        match self.shape.step(self.blank, mv) {
            Some(to) => {
                match &mut self.tiles {
                    Tiles::Narrow(t) => t.swap(self.blank, to),
                    Tiles::Wide(t) => t.swap(self.blank, to),
                }
                self.blank = to;
                true
            }
            None => false,
        }
    }

    /// Moves the blank, or says which move left the board.
    pub fn apply(&mut self, mv: Move) -> Result<(), Error> {
        if self.try_apply(mv) {
            Ok(())
        } else {
            Err(Error::Moves(MoveError::IllegalMove {
                mv: mv.as_char(),
                step: 1,
            }))
        }
    }

    /// Plays a whole move list and returns the board reached.
    ///
    /// ```
    /// use npuzzle::{Board, Move};
    /// let start: Board = "1 2 3 4 5 6 x 7 8".parse().unwrap();
    /// let end = start.replay(&Move::parse_list("rr").unwrap()).unwrap();
    /// assert_eq!(end.to_string(), "1 2 3 4 5 6 7 8 x");
    /// ```
    pub fn replay(&self, moves: &[Move]) -> Result<Board, Error> {
        let mut b = self.clone();
        for (i, &mv) in moves.iter().enumerate() {
            if !b.try_apply(mv) {
                return Err(Error::Moves(MoveError::IllegalMove {
                    mv: mv.as_char(),
                    step: i + 1,
                }));
            }
        }
        Ok(b)
    }

    /// The board as rows of right-aligned numbers, blank shown as `x`.
    pub fn to_grid(&self) -> String {
        use std::fmt::Write;
        let w = (self.shape.cells() - 1).to_string().len();
        let mut out = String::new();
        for (p, t) in self.iter_tiles().enumerate() {
            if p % self.shape.width > 0 {
                out.push(' ');
            }
            // Writing to a String cannot fail.
            let _ = if t == 0 {
                write!(out, "{:>w$}", "x")
            } else {
                write!(out, "{t:>w$}")
            };
            if p % self.shape.width + 1 == self.shape.width {
                out.push('\n');
            }
        }
        out
    }
}

/// One line, tiles separated by spaces, blank as `x` (the HDU 1043 form).
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.iter_tiles().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if t == 0 {
                f.write_str("x")?;
            } else {
                write!(f, "{t}")?;
            }
        }
        Ok(())
    }
}

/// Checks that `tiles` (`count` of them) hold every tile `0..cells` once.
fn check_tiles(shape: Shape, tiles: impl Iterator<Item = usize>, count: usize) -> Result<(), Error> {
    if count != shape.cells() {
        return Err(Error::Input(InputError::WrongTileCount {
            shape,
            expected: shape.cells(),
            got: count,
        }));
    }
    // 1-based index of each tile's first occurrence, 0 when not seen yet; on
    // the stack for the boards the searches make, so checking one allocates nothing.
    let mut narrow = [0u32; MAX_NARROW_CELLS];
    let mut wide = Vec::new();
    let seen: &mut [u32] = if shape.is_narrow() {
        &mut narrow
    } else {
        wide.resize(shape.cells(), 0);
        &mut wide
    };
    for (i, t) in tiles.enumerate() {
        if t >= shape.cells() {
            return Err(Error::Input(InputError::TileOutOfRange {
                tile: t.to_string(),
                index: i + 1,
                shape,
                max: shape.cells() - 1,
            }));
        }
        if seen[t] != 0 {
            return Err(Error::Input(InputError::DuplicateTile {
                tile: t,
                first: seen[t] as usize,
                second: i + 1,
            }));
        }
        seen[t] = (i + 1) as u32;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_stays_on_board() {
        let s = Shape::new(3, 2).unwrap();
        assert_eq!(s.step(0, Move::Up), None);
        assert_eq!(s.step(0, Move::Left), None);
        assert_eq!(s.step(0, Move::Right), Some(1));
        assert_eq!(s.step(0, Move::Down), Some(3));
        assert_eq!(s.step(5, Move::Right), None);
        assert_eq!(s.step(5, Move::Down), None);
        assert_eq!(s.step(2, Move::Right), None);
    }

    #[test]
    fn new_rejects_bad_tiles() {
        let s = Shape::new(2, 2).unwrap();
        assert!(matches!(
            Board::new(s, vec![0, 1, 2]),
            Err(Error::Input(InputError::WrongTileCount { .. }))
        ));
        assert!(matches!(
            Board::new(s, vec![0, 1, 2, 4]),
            Err(Error::Input(InputError::TileOutOfRange { .. }))
        ));
        assert_eq!(
            Board::new(s, vec![0, 1, 1, 3]),
            Err(Error::Input(InputError::DuplicateTile {
                tile: 1,
                first: 2,
                second: 3
            }))
        );
    }

    #[test]
    fn shape_limits() {
        assert!(Shape::new(1, 5).is_err());
        assert!(Shape::new(16, 16).is_ok());
        assert!(Shape::new(16, 17).is_ok_and(|s| !s.is_narrow()));
        assert!(Shape::new(1000, 1000).is_ok());
        assert!(Shape::new(1000, 1001).is_err());
        assert!(Shape::new(2, usize::MAX).is_err());
        assert_eq!(
            Shape::square_with_cells(1_000_000),
            Some(Shape::new(1000, 1000).unwrap())
        );
        assert_eq!(Shape::square_with_cells(1002 * 1002), None);
        assert!("3y3".parse::<Shape>().is_err());
        assert_eq!(Shape::square_with_cells(9), Some(Shape::new(3, 3).unwrap()));
        assert_eq!(Shape::square_with_cells(10), None);
        assert_eq!(Shape::square_with_cells(1), None);
    }

    #[test]
    fn replay_reports_the_bad_step() {
        let b: Board = "1 2 3 4 5 6 7 8 x".parse().unwrap();
        let moves = Move::parse_list("uuu").unwrap();
        assert_eq!(
            b.replay(&moves),
            Err(Error::Moves(MoveError::IllegalMove { mv: 'u', step: 3 }))
        );
    }
}
