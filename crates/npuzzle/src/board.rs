//! Boards of any W×H shape, and the four moves of the blank.

use std::fmt;
use std::str::FromStr;

use crate::Error;

/// Largest number of cells a board may have; tiles fit in a `u8`.
pub const MAX_CELLS: usize = 256;

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
            return Err(Error::InvalidSize { width, height });
        }
        Ok(Shape { width, height })
    }

    /// The square shape with `cells` cells, if `cells` is a square of at least 4.
    pub fn square_with_cells(cells: usize) -> Option<Shape> {
        let side = (1..=16).find(|s| s * s >= cells)?;
        (side * side == cells && side >= 2).then_some(Shape {
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
        let bad = || Error::BadSizeText {
            text: text.chars().take(40).collect(),
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
                _ => Err(Error::BadMove { ch, index: i + 1 }),
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
    tiles: Vec<u8>,
    blank: usize,
}

impl Board {
    /// A board from its tiles in row-major order (0 = blank), checked to hold
    /// every tile `0..cells` exactly once.
    pub fn new(shape: Shape, tiles: Vec<u8>) -> Result<Board, Error> {
        if tiles.len() != shape.cells() {
            return Err(Error::WrongTileCount {
                shape,
                expected: shape.cells(),
                got: tiles.len(),
            });
        }
        let mut seen = [0usize; MAX_CELLS];
        for (i, &t) in tiles.iter().enumerate() {
            if usize::from(t) >= shape.cells() {
                return Err(Error::TileOutOfRange {
                    tile: t.to_string(),
                    index: i + 1,
                    shape,
                    max: shape.cells() - 1,
                });
            }
            if seen[usize::from(t)] != 0 {
                return Err(Error::DuplicateTile {
                    tile: t,
                    first: seen[usize::from(t)],
                    second: i + 1,
                });
            }
            seen[usize::from(t)] = i + 1;
        }
        // With the right count, no duplicates and all in range, nothing is missing.
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        Ok(Board { shape, tiles, blank })
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Tiles in row-major order (0 = blank).
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// Position of the blank.
    pub fn blank(&self) -> usize {
        self.blank
    }

    /// Position of every tile: `positions()[t]` is where tile `t` is.
    pub fn positions(&self) -> Vec<u8> {
        let mut pos = vec![0u8; self.tiles.len()];
        for (p, &t) in self.tiles.iter().enumerate() {
            pos[usize::from(t)] = p as u8;
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
                self.tiles.swap(self.blank, to);
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
            Err(Error::IllegalMove {
                mv: mv.as_char(),
                step: 1,
            })
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
                return Err(Error::IllegalMove {
                    mv: mv.as_char(),
                    step: i + 1,
                });
            }
        }
        Ok(b)
    }

    /// The board as rows of right-aligned numbers, blank shown as `x`.
    pub fn to_grid(&self) -> String {
        let w = (self.tiles.len() - 1).to_string().len();
        let mut out = String::new();
        for row in self.tiles.chunks(self.shape.width) {
            let cells: Vec<String> = row
                .iter()
                .map(|&t| {
                    if t == 0 {
                        format!("{:>w$}", "x")
                    } else {
                        format!("{t:>w$}")
                    }
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }
}

/// One line, tiles separated by spaces, blank as `x` (the HDU 1043 form).
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &t) in self.tiles.iter().enumerate() {
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
            Err(Error::WrongTileCount { .. })
        ));
        assert!(matches!(
            Board::new(s, vec![0, 1, 2, 4]),
            Err(Error::TileOutOfRange { .. })
        ));
        assert_eq!(
            Board::new(s, vec![0, 1, 1, 3]),
            Err(Error::DuplicateTile {
                tile: 1,
                first: 2,
                second: 3
            })
        );
    }

    #[test]
    fn shape_limits() {
        assert!(Shape::new(1, 5).is_err());
        assert!(Shape::new(16, 16).is_ok());
        assert!(Shape::new(16, 17).is_err());
        assert!("3y3".parse::<Shape>().is_err());
        assert_eq!(Shape::square_with_cells(9), Some(Shape::new(3, 3).unwrap()));
        assert_eq!(Shape::square_with_cells(10), None);
        assert_eq!(Shape::square_with_cells(1), None);
    }

    #[test]
    fn replay_reports_the_bad_step() {
        let b: Board = "1 2 3 4 5 6 7 8 x".parse().unwrap();
        let moves = Move::parse_list("uuu").unwrap();
        assert_eq!(b.replay(&moves), Err(Error::IllegalMove { mv: 'u', step: 3 }));
    }
}
