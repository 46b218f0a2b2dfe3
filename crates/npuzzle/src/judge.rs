//! Readers for the classic online-judge formats of the 8-puzzle (HDU 1043 /
//! POJ 1077, SOJ 2061, the textbook BFS exercise).
//!
//! Tokens are split as [`crate::parse::tokens`] splits them (whitespace or
//! commas), so line breaks inside a case do not matter, and a tile is read as
//! [`crate::parse`] reads one. Each format is otherwise exactly the judge's:
//! no brackets, rows or count lines beyond its own. A board may also be
//! written without spaces, as some judges print it (`283104765`,
//! `12X453786`): one token of nine tile characters where a board starts.
//! Every board is checked as strictly as [`crate::parse`], and an error names
//! the case (and whether the start or the goal is wrong).

use crate::board::{Board, Shape};
use crate::error::InputError;
use crate::parse::{is_unspaced, ByteTokens as Tokens};
use crate::Error;

/// Cells of the 8-puzzle.
pub const CELLS: usize = 9;

/// One 3×3 board, row-major, 0 = blank.
pub type Tiles = [u8; CELLS];

/// HDU 1043: boards until the end of input.
///
/// ```
/// let boards = npuzzle::judge::read_boards(b"2 3 4 1 5 x 7 6 8\n1 2 3\n4 5 6\n7 8 x\n")?;
/// assert_eq!(boards.len(), 2);
/// assert_eq!(boards[1], [1, 2, 3, 4, 5, 6, 7, 8, 0]);
/// assert!(npuzzle::judge::read_boards(b"1 2 3").is_err());
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn read_boards(input: &[u8]) -> Result<Vec<Tiles>, Error> {
    let mut tokens = Tokens::new(input);
    let mut cases = Vec::with_capacity(input.len() / 18 + 1);
    while tokens.peek().is_some() {
        let case = cases.len() + 1;
        cases.push(read_board(&mut tokens, case, "")?);
    }
    Ok(cases)
}

/// SOJ 2061 (`counted`: the number of cases first) and the textbook format
/// (pairs until the end of input): start and goal of each case.
///
/// ```
/// let pairs = npuzzle::judge::read_pairs(b"1\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8\n", true)?;
/// assert_eq!(pairs.len(), 1);
/// assert!(npuzzle::judge::read_pairs(b"2\n1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 0 8", true).is_err());
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn read_pairs(input: &[u8], counted: bool) -> Result<Vec<(Tiles, Tiles)>, Error> {
    let mut tokens = Tokens::new(input);
    let expected = if counted {
        let Some(token) = tokens.next() else {
            return Err(Error::Input(InputError::JudgeInput {
                message: "empty input: the first line must be the number of cases".into(),
            }));
        };
        let count = std::str::from_utf8(token).ok().and_then(|t| t.parse::<usize>().ok());
        match count {
            Some(n) => Some(n),
            None => {
                return Err(Error::Input(InputError::JudgeInput {
                    message: format!("the first line must be the number of cases, not {:?}", shorten(token)),
                }))
            }
        }
    } else {
        None
    };
    let mut cases = Vec::with_capacity(expected.unwrap_or(input.len() / 36 + 1).min(input.len() / 36 + 1));
    loop {
        match expected {
            Some(n) if cases.len() == n => {
                if let Some(extra) = tokens.peek() {
                    return Err(Error::Input(InputError::JudgeInput {
                        message: format!(
                            "more input after the {n} cases announced on the first line: {:?}",
                            shorten(extra)
                        ),
                    }));
                }
                break;
            }
            None if tokens.peek().is_none() => break,
            _ => {}
        }
        let case = cases.len() + 1;
        let start = read_board(&mut tokens, case, " (start)")?;
        let goal = read_board(&mut tokens, case, " (goal)")?;
        cases.push((start, goal));
    }
    Ok(cases)
}

fn shorten(token: &[u8]) -> String {
    String::from_utf8_lossy(&token[..token.len().min(24)]).into_owned()
}

fn case_error(case: usize, which: &'static str, problem: Error) -> Error {
    Error::Input(InputError::JudgeCase {
        case,
        which,
        problem: Box::new(problem),
    })
}

/// Whether a token is a whole board written without spaces: nine tile
/// characters, and not a zero-padded number (`000000001` is tile 1, as it
/// always was).
#[inline]
fn is_unspaced_board(token: &[u8]) -> bool {
    token.len() == CELLS
        && is_unspaced(token)
        && !(token[..CELLS - 1].iter().all(|&b| b == b'0') && token[CELLS - 1].is_ascii_digit())
}

/// Reads and checks one board of 9 tiles.
fn read_board(tokens: &mut Tokens<'_>, case: usize, which: &'static str) -> Result<Tiles, Error> {
    let shape = Shape::new(3, 3)?;
    let first = tokens.next();
    if let Some(board) = first.filter(|t| is_unspaced_board(t)) {
        return read_unspaced(board, shape, case, which);
    }
    let mut tiles = [0u8; CELLS];
    let mut seen = 0u32;
    for (i, slot) in tiles.iter_mut().enumerate() {
        let token = if i == 0 { first } else { tokens.next() };
        let Some(token) = token else {
            return Err(Error::Input(InputError::JudgeInput {
                message: format!("case {case}{which}: the input ends after {i} of the {CELLS} tiles"),
            }));
        };
        let tile = match token {
            [b'x' | b'X' | b'0' | b'_' | b'.'] => 0,
            [d @ b'1'..=b'8'] => d - b'0',
            _ => read_other_tile(token, i, shape, case, which)?,
        };
        *slot = tile;
        seen |= 1 << tile;
    }
    check_once(tiles, seen, shape, case, which)
}

/// A board written without spaces: each of its nine characters is a tile.
#[cold]
fn read_unspaced(board: &[u8], shape: Shape, case: usize, which: &'static str) -> Result<Tiles, Error> {
    let mut tiles = [0u8; CELLS];
    let mut seen = 0u32;
    for (i, slot) in tiles.iter_mut().enumerate() {
        *slot = read_other_tile(&board[i..=i], i, shape, case, which)?;
        seen |= 1 << *slot;
    }
    check_once(tiles, seen, shape, case, which)
}

/// The tiles, unless one is repeated (`seen` has a bit per tile read).
#[inline]
fn check_once(tiles: Tiles, seen: u32, shape: Shape, case: usize, which: &'static str) -> Result<Tiles, Error> {
    if seen != (1 << CELLS) - 1 {
        // A repeated tile: let `Board::new` name it.
        Board::new(shape, tiles.to_vec()).map_err(|e| case_error(case, which, e))?;
    }
    Ok(tiles)
}

/// A tile that is not one digit or blank marker: a number to check, or an
/// error; `i` is its 0-based position.
#[cold]
#[inline(never)]
fn read_other_tile(token: &[u8], i: usize, shape: Shape, case: usize, which: &'static str) -> Result<u8, Error> {
    let text = String::from_utf8_lossy(token);
    crate::parse::parse_tile(&text, i + 1, shape).map_err(|e| case_error(case, which, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_case_and_the_part() {
        let e = read_pairs(b"1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 8", false).unwrap_err();
        // The plain message says what is wrong, and the chain says it once.
        let want = "case 1 (goal): tile 8 appears twice, at positions 8 and 9";
        assert_eq!((e.to_string(), e.full_message()), (want.to_string(), want.to_string()));
        let e = read_boards(b"1 2 3 4 5 6 7 8 x 1 2 3 4 5 6 7 8 9")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("case 2: tile 9 at position 9 is out of range"), "{e}");
        let e = read_pairs(b"", true).unwrap_err();
        assert!(e.to_string().contains("number of cases"), "{e}");
        let e = read_pairs(b"99999999999999999999 1", true).unwrap_err();
        assert!(e.to_string().contains("number of cases"), "{e}");
    }

    #[test]
    fn splits_where_parse_tokens_does() {
        assert_eq!(
            read_boards("1 2 3\u{a0}4 5 6\u{3000}7 8 x".as_bytes()).unwrap().len(),
            1
        );
    }

    #[test]
    fn unspaced_boards_where_a_board_starts() {
        let boards = read_boards(b"283104765\n12X453786 1234567x8\n1 2 3 4 5 6 7 8 x").unwrap();
        assert_eq!(boards[0], [2, 8, 3, 1, 0, 4, 7, 6, 5]);
        assert_eq!(boards[1], [1, 2, 0, 4, 5, 3, 7, 8, 6]);
        assert_eq!(boards[2], [1, 2, 3, 4, 5, 6, 7, 0, 8]);
        assert_eq!(boards.len(), 4);
        let pairs = read_pairs(b"1\n123456780 123456708", true).unwrap();
        assert_eq!(pairs[0].1, [1, 2, 3, 4, 5, 6, 7, 0, 8]);
        let e = read_boards(b"123456789").unwrap_err().to_string();
        assert!(e.starts_with("case 1: tile 9 at position 9 is out of range"), "{e}");
        // A zero-padded number is one tile, as it always was.
        let boards = read_boards(b"000000001 000000000 2 3 4 5 6 7 8").unwrap();
        assert_eq!(boards[0], [1, 0, 2, 3, 4, 5, 6, 7, 8]);
        // Inside a board a nine-character token is one (bad) tile, as before.
        let e = read_boards(b"1 283104765").unwrap_err().to_string();
        assert!(e.starts_with("case 1: tile 283104765 at position 2"), "{e}");
    }

    #[test]
    fn a_huge_announced_count_does_not_reserve_memory() {
        let e = read_pairs(b"18446744073709551615\n1 2 3 4 5 6 7 8 0", true).unwrap_err();
        assert!(e.to_string().contains("case 1 (goal): the input ends"), "{e}");
    }
}
