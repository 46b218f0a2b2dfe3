//! Move sequences as people write them, in either of two conventions, and
//! what can be said of a sequence without searching: its inverse, its
//! back-and-forth cancelled, its length in the multi-tile metric, the board
//! it leads to.
//!
//! # The two conventions
//!
//! - **Blank** ([`Notation::Blank`], the judges' and this crate's [`Move`]):
//!   `u d l r` name the direction the blank travels.
//! - **Tiles** ([`Notation::Tiles`], the speedsolvers'): `U D L R` name the
//!   direction a tile slides, the opposite of the blank's. Blank `u` is tile
//!   `D`: the tile above the blank slides down into it.
//!
//! Either may give a letter a run length: `R3 D2 L` is `R R R D D L`, also
//! written `RRRDDL` (spaces and commas between moves are ignored). A run is
//! 1 to [`MAX_RUN`] moves.
//!
//! # Case
//!
//! When the convention is not given, the case of the letters says it:
//! lowercase letters are the blank's moves, capitals a tile's. Letters of
//! both cases in one sequence are refused ([`MoveError::MixedCase`]), never
//! guessed at. When the convention is given, letters of either case are read
//! in it (blank `UDLR` is `udlr`, as [`Move::parse_list`] has always read it).
//!
//! # The multi-tile metric
//!
//! In the single-tile metric (STM) every move counts one. In the multi-tile
//! metric (MTM) sliding several tiles of one row or column at once counts
//! one: a run of consecutive moves of the blank in the same direction is one
//! move ([`mtm_len`]).
//!
//! ```
//! use npuzzle::notation::{self, Notation};
//! use npuzzle::Board;
//!
//! let moves = notation::parse("R3 D2 L", None)?;
//! assert_eq!(moves.notation(), Notation::Tiles);
//! assert_eq!(notation::format(moves.moves(), Notation::Blank), "llluur");
//! assert_eq!(notation::format(moves.moves(), Notation::Tiles), "R3 D2 L");
//! assert_eq!((moves.len(), notation::mtm_len(moves.moves())), (6, 3));
//!
//! let board: Board = "1 2 3 4 5 6 7 8 x".parse()?;
//! let back = notation::parse("ul", None)?;
//! let there = notation::apply(&board, &back)?;
//! assert_eq!(there.to_string(), "1 2 3 4 x 5 7 8 6");
//! let undone = notation::apply(&there, &notation::Sequence::from_moves(notation::inverse(back.moves())))?;
//! assert_eq!(undone, board);
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Move};
use crate::error::MoveError;
use crate::Error;

/// The longest run a letter may carry (`R999`): longer than any line of the
/// largest board (1000 cells), so a longer run always meets a wall.
pub const MAX_RUN: usize = 999;

/// Which direction a move letter names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// The direction the blank travels, `u d l r` (the judges' convention).
    #[default]
    Blank,
    /// The direction a tile slides, `U D L R`: the opposite of the blank's.
    Tiles,
}

impl Notation {
    /// Both conventions, the default first.
    pub const ALL: [Notation; 2] = [Notation::Blank, Notation::Tiles];

    /// `blank` or `tiles`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Blank => "blank",
            Notation::Tiles => "tiles",
        }
    }

    /// The letter of `mv` (a move of the blank) in this convention.
    ///
    /// ```
    /// use npuzzle::{notation::Notation, Move};
    /// assert_eq!(Notation::Blank.letter(Move::Up), 'u');
    /// assert_eq!(Notation::Tiles.letter(Move::Up), 'D');
    /// ```
    pub fn letter(self, mv: Move) -> char {
        match self {
            Notation::Blank => mv.as_char(),
            Notation::Tiles => mv.opposite().as_char().to_ascii_uppercase(),
        }
    }

    /// The move of the blank a letter names in this convention (either case).
    fn read(self, letter: char) -> Option<Move> {
        let blank = match letter.to_ascii_lowercase() {
            'u' => Move::Up,
            'd' => Move::Down,
            'l' => Move::Left,
            'r' => Move::Right,
            _ => return None,
        };
        Some(match self {
            Notation::Blank => blank,
            Notation::Tiles => blank.opposite(),
        })
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `blank` or `tiles` (any case).
impl FromStr for Notation {
    type Err = Error;

    fn from_str(text: &str) -> Result<Notation, Error> {
        let name = text.trim().to_ascii_lowercase();
        Notation::ALL
            .into_iter()
            .find(|n| n.name() == name)
            .ok_or_else(|| Error::unknown_name("notation", text, Notation::ALL.map(Notation::name).to_vec()))
    }
}

/// A move sequence read from text: the moves of the blank, the convention
/// they were written in, and where each was written (so an error on playing
/// one names it as the user wrote it).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sequence {
    moves: Vec<Move>,
    notation: Notation,
    /// Each letter as written, with its run length, and its 1-based character position.
    tokens: Vec<(String, usize)>,
    /// For each move, its index in `tokens` (empty when not read from text).
    token_of: Vec<u32>,
}

impl Sequence {
    /// A sequence of blank moves not read from text: an error playing one
    /// names it by its letter and step.
    pub fn from_moves(moves: Vec<Move>) -> Sequence {
        Sequence {
            moves,
            ..Sequence::default()
        }
    }

    /// The moves of the blank.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves of the blank, taken.
    pub fn into_moves(self) -> Vec<Move> {
        self.moves
    }

    /// The convention the text was read in ([`Notation::Blank`] when it was none).
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// Moves in the single-tile metric.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The token move `step` (0-based) was written in and its 1-based
    /// character position, when the sequence was read from text.
    fn written(&self, step: usize) -> Option<(&str, usize)> {
        let token = *self.token_of.get(step)? as usize;
        self.tokens.get(token).map(|(text, at)| (text.as_str(), *at))
    }
}

/// Reads a move sequence written in `notation`, or, when `None`, in the
/// convention the letters' case says (see the [module docs](self)). An
/// error names the offending character and its 1-based position.
///
/// ```
/// use npuzzle::notation::{parse, Notation};
/// use npuzzle::{Error, Move};
/// use npuzzle::error::MoveError;
/// assert_eq!(parse("RRRDDL", None)?.moves(), parse("R3 D2 L", None)?.moves());
/// assert_eq!(parse("u2", None)?.moves(), [Move::Up, Move::Up]);
/// assert_eq!(parse("UL", Some(Notation::Blank))?.moves(), [Move::Up, Move::Left]);
/// assert!(matches!(parse("uL", None), Err(Error::Moves(MoveError::MixedCase { .. }))));
/// assert!(matches!(parse("u x", None), Err(Error::Moves(MoveError::BadMoveChar { ch: 'x', index: 3, .. }))));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn parse(text: &str, notation: Option<Notation>) -> Result<Sequence, Error> {
    let notation = match notation {
        Some(n) => n,
        None => notation_by_case(text)?,
    };
    let mut seq = Sequence {
        notation,
        ..Sequence::default()
    };
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    // Whether the character before `i` was a letter (a run length may follow it).
    let mut after_letter = false;
    while i < chars.len() {
        let ch = chars[i];
        if ch.is_whitespace() || ch == ',' {
            after_letter = false;
            i += 1;
            continue;
        }
        if ch.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let run: String = chars[start..i].iter().collect();
            if !after_letter {
                return Err(Error::Moves(MoveError::RunLengthAlone {
                    run: shorten(&run),
                    index: start + 1,
                }));
            }
            let n = run.parse::<usize>().ok().filter(|n| (1..=MAX_RUN).contains(n));
            let Some(n) = n else {
                return Err(Error::Moves(MoveError::BadRunLength {
                    run: shorten(&run),
                    index: start + 1,
                    max: MAX_RUN,
                }));
            };
            let token = seq.tokens.len() - 1;
            let mv = *seq.moves.last().unwrap_or(&Move::Up);
            seq.tokens[token].0.push_str(&run);
            seq.moves.extend(std::iter::repeat_n(mv, n - 1));
            seq.token_of.extend(std::iter::repeat_n(token as u32, n - 1));
            after_letter = false;
            continue;
        }
        let Some(mv) = notation.read(ch) else {
            return Err(Error::Moves(MoveError::BadMoveChar {
                ch,
                index: i + 1,
                notation: Some(notation),
            }));
        };
        seq.token_of.push(seq.tokens.len() as u32);
        seq.tokens.push((ch.to_string(), i + 1));
        seq.moves.push(mv);
        after_letter = true;
        i += 1;
    }
    Ok(seq)
}

/// The convention the letters' case says: lowercase the blank's, capitals
/// the tiles'; both is an error naming the first letter of each.
fn notation_by_case(text: &str) -> Result<Notation, Error> {
    let is_move = |c: char| matches!(c.to_ascii_lowercase(), 'u' | 'd' | 'l' | 'r');
    let mut lower = None;
    let mut upper = None;
    for (i, ch) in text.chars().enumerate() {
        if !is_move(ch) {
            continue;
        }
        let slot = if ch.is_ascii_lowercase() {
            &mut lower
        } else {
            &mut upper
        };
        slot.get_or_insert((ch, i + 1));
        if let (Some((lower, lower_index)), Some((upper, upper_index))) = (lower, upper) {
            return Err(Error::Moves(MoveError::MixedCase {
                lower,
                lower_index,
                upper,
                upper_index,
            }));
        }
    }
    Ok(if upper.is_some() {
        Notation::Tiles
    } else {
        Notation::Blank
    })
}

/// A run of digits as an error shows it.
fn shorten(run: &str) -> String {
    const LONGEST: usize = 12;
    match run.char_indices().nth(LONGEST) {
        Some((cut, _)) => format!("{}…", &run[..cut]),
        None => run.to_string(),
    }
}

/// The moves written in `notation`: the blank's as `u d l r` letters (the
/// form every solution has always been printed in), the tiles' as capitals
/// with run lengths, spaced (`R3 D2 L`). [`parse`] reads either back.
///
/// ```
/// use npuzzle::notation::{format, Notation};
/// use npuzzle::Move;
/// let moves = Move::parse_list("uulr")?;
/// assert_eq!(format(&moves, Notation::Blank), "uulr");
/// assert_eq!(format(&moves, Notation::Tiles), "D2 R L");
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn format(moves: &[Move], notation: Notation) -> String {
    match notation {
        Notation::Blank => Move::format_list(moves),
        Notation::Tiles => runs(moves)
            .map(|(mv, n)| match n {
                1 => notation.letter(mv).to_string(),
                n => format!("{}{n}", notation.letter(mv)),
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// The runs of `moves`: each move with the number of times it repeats in a
/// row. Runs longer than [`MAX_RUN`] are split, so [`format()`] stays readable
/// by [`parse`].
pub fn runs(moves: &[Move]) -> impl Iterator<Item = (Move, usize)> + '_ {
    moves.chunk_by(|a, b| a == b).flat_map(|run| {
        let (whole, rest) = (run.len() / MAX_RUN, run.len() % MAX_RUN);
        std::iter::repeat_n(MAX_RUN, whole)
            .chain((rest > 0).then_some(rest))
            .map(move |n| (run[0], n))
    })
}

/// The length of `moves` in the multi-tile metric: every run of consecutive
/// moves of the blank in one direction (the tiles of one line sliding
/// together) counts one.
///
/// ```
/// use npuzzle::{notation::mtm_len, Move};
/// assert_eq!(mtm_len(&Move::parse_list("uuulld")?), 3);
/// assert_eq!(mtm_len(&[]), 0);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn mtm_len(moves: &[Move]) -> usize {
    moves.chunk_by(|a, b| a == b).count()
}

/// The moves that undo `moves`: their opposites, last first. Played after
/// `moves`, they bring any board back to where it was.
///
/// ```
/// use npuzzle::{notation::inverse, Move};
/// assert_eq!(Move::format_list(&inverse(&Move::parse_list("uurl")?)), "rldd");
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn inverse(moves: &[Move]) -> Vec<Move> {
    moves.iter().rev().map(|m| m.opposite()).collect()
}

/// `moves` with every move followed by its opposite taken out, until none
/// is (`urdlluurrd`…): a move and its undoing leave the board as it was, so
/// the result reaches the same board from any board `moves` could be played
/// on, and it can be played wherever `moves` can (it visits a subset of the
/// same positions of the blank). It cancels only back-and-forth: a longer
/// cycle, such as `urdl` four times, stays.
///
/// ```
/// use npuzzle::{notation::simplify, Move};
/// assert_eq!(Move::format_list(&simplify(&Move::parse_list("uldrrlur")?)), "uldrur");
/// assert!(simplify(&Move::parse_list("udrlrdul")?).is_empty());
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn simplify(moves: &[Move]) -> Vec<Move> {
    let mut kept: Vec<Move> = Vec::with_capacity(moves.len());
    for &mv in moves {
        if kept.last() == Some(&mv.opposite()) {
            kept.pop();
        } else {
            kept.push(mv);
        }
    }
    kept
}

/// The board `moves` lead to from `board`, or [`MoveError::MoveIntoWall`]
/// naming the first move that would take the blank off the board: its step
/// (1-based, in single moves), the token it was written in and where, and
/// the blank's row and column (1-based) when it was to be made.
///
/// ```
/// use npuzzle::notation::{apply, parse};
/// use npuzzle::{Board, Error};
/// use npuzzle::error::MoveError;
/// let board: Board = "1 2 3 4 5 6 7 8 x".parse()?;
/// // Tile D: the blank goes up; R3: the blank goes left three times, and the
/// // third would leave the board.
/// let err = apply(&board, &parse("D R3", None)?).unwrap_err();
/// assert!(matches!(err, Error::Moves(MoveError::MoveIntoWall { step: 4, row: 2, col: 1, .. })), "{err}");
/// let err = apply(&board, &parse("uuu", None)?).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "move 3 (u at character 3) runs into the wall: the blank is at row 1, column 3 of the 3x3 board"
/// );
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn apply(board: &Board, moves: &Sequence) -> Result<Board, Error> {
    let mut b = board.clone();
    for (step, &mv) in moves.moves().iter().enumerate() {
        if !b.try_apply(mv) {
            let width = b.shape().width();
            let (written, at) = match moves.written(step) {
                Some((text, at)) => (text.to_string(), Some(at)),
                None => (mv.as_char().to_string(), None),
            };
            return Err(Error::Moves(MoveError::MoveIntoWall {
                step: step + 1,
                written,
                at,
                row: b.blank() / width + 1,
                col: b.blank() % width + 1,
                shape: b.shape(),
            }));
        }
    }
    Ok(b)
}

#[cfg(test)]
mod tests;
