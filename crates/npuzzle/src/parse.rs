//! Reading boards from text.
//!
//! Tokens are separated by whitespace or commas, rows may sit on one line or
//! several. The blank is written `x`, `X`, `0`, `_` or `.`. Without an
//! explicit shape the tile count must be a square (9 → 3×3, 16 → 4×4).

use crate::board::{Board, Shape};
use crate::Error;

/// Splits text into tokens at whitespace and commas.
///
/// ```
/// let t: Vec<&str> = npuzzle::parse::tokens("1,2 3\n x").collect();
/// assert_eq!(t, ["1", "2", "3", "x"]);
/// ```
pub fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
}

/// Whether a token names the blank.
pub fn is_blank_token(token: &str) -> bool {
    matches!(token, "x" | "X" | "0" | "_" | ".")
}

/// Reads one token as a tile: 0 for the blank, else its number.
/// `index` is the token's 1-based position, used in errors. For boards of up
/// to 256 cells; [`parse_wide_tile`] reads tiles of any board.
pub fn parse_tile(token: &str, index: usize, shape: Shape) -> Result<u8, Error> {
    let value = parse_wide_tile(token, index, shape)?;
    u8::try_from(value).map_err(|_| Error::TileOutOfRange {
        tile: shorten(token),
        index,
        shape,
        max: usize::from(u8::MAX),
    })
}

/// Reads one token as a tile of a board of any size: 0 for the blank, else
/// its number.
pub fn parse_wide_tile(token: &str, index: usize, shape: Shape) -> Result<u32, Error> {
    if is_blank_token(token) {
        return Ok(0);
    }
    let bad = || Error::BadToken {
        token: shorten(token),
        index,
    };
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let out_of_range = || Error::TileOutOfRange {
        tile: shorten(token),
        index,
        shape,
        max: shape.cells() - 1,
    };
    match token.parse::<u64>() {
        Ok(value) if value < shape.cells() as u64 => Ok(value as u32),
        _ => Err(out_of_range()),
    }
}

/// Parses a board from tokens; see the module documentation.
///
/// ```
/// use npuzzle::{parse::parse_board, Shape};
/// let b = parse_board("1 2 3\n4 5 6\n7 8 x", None).unwrap();
/// assert_eq!(b.shape(), Shape::new(3, 3).unwrap());
/// let wide = parse_board("1,2,3,4,5,6,7,0", Some("4x2".parse().unwrap())).unwrap();
/// assert_eq!(wide.blank(), 7);
/// assert!(parse_board("1 2 3 4 5 6 7 8", None).is_err());
/// ```
pub fn parse_board(text: &str, shape: Option<Shape>) -> Result<Board, Error> {
    let toks: Vec<&str> = tokens(text).collect();
    parse_tokens(&toks, shape)
}

/// Parses a board from already split tokens.
pub fn parse_tokens(toks: &[&str], shape: Option<Shape>) -> Result<Board, Error> {
    let shape = match shape {
        Some(s) => s,
        None => {
            // A token that is not a tile at all says more than a count that is not a square.
            if let Some((i, t)) = toks
                .iter()
                .enumerate()
                .find(|(_, t)| !is_blank_token(t) && !t.bytes().all(|b| b.is_ascii_digit()))
            {
                return Err(Error::BadToken {
                    token: shorten(t),
                    index: i + 1,
                });
            }
            let side = toks.len().isqrt();
            if side >= 2 && side * side == toks.len() {
                // A square too large for a board gets the size error, not "not a square".
                Shape::new(side, side)?
            } else {
                return Err(Error::NotSquare { count: toks.len() });
            }
        }
    };
    if toks.len() != shape.cells() {
        return Err(Error::WrongTileCount {
            shape,
            expected: shape.cells(),
            got: toks.len(),
        });
    }
    if !shape.is_narrow() {
        let tiles = toks
            .iter()
            .enumerate()
            .map(|(i, t)| parse_wide_tile(t, i + 1, shape))
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

/// One board's text as read from a file, or why it could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardInput {
    /// 1-based number of the board's first line.
    pub line: usize,
    /// The board's text, or a message if the line itself is unreadable.
    pub text: Result<String, String>,
}

/// Splits input into boards. `#` starts a comment. Each line is one board,
/// except that a block of consecutive lines (ended by an empty line) whose
/// first line is not a whole board but whose tokens together make exactly
/// one board is that board, written over several rows. A line that is not
/// UTF-8 is reported as unreadable and ends its block; nothing else is lost.
pub fn read_boards(bytes: &[u8], cells: Option<usize>) -> Vec<BoardInput> {
    let count = |line: &str| tokens(line).count();
    let is_whole = |n: usize| match cells {
        Some(c) => n == c,
        None => Shape::square_with_cells(n).is_some(),
    };
    let mut boards = Vec::new();
    let mut block: Vec<(usize, &str)> = Vec::new();
    let flush = |block: &mut Vec<(usize, &str)>, boards: &mut Vec<BoardInput>| {
        let total: usize = block.iter().map(|&(_, l)| count(l)).sum();
        match block.first() {
            Some(&(first_no, first)) if block.len() > 1 && !is_whole(count(first)) && is_whole(total) => {
                let text: Vec<&str> = block.iter().map(|&(_, l)| l).collect();
                boards.push(BoardInput {
                    line: first_no,
                    text: Ok(text.join("\n")),
                });
            }
            _ => boards.extend(block.iter().map(|&(no, l)| BoardInput {
                line: no,
                text: Ok(l.to_string()),
            })),
        }
        block.clear();
    };
    // A final newline does not start another line.
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    if body.is_empty() {
        return boards;
    }
    for (i, raw) in body.split(|&b| b == b'\n').enumerate() {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let Ok(raw) = std::str::from_utf8(raw) else {
            flush(&mut block, &mut boards);
            boards.push(BoardInput {
                line: i + 1,
                text: Err("the line is not valid UTF-8".to_string()),
            });
            continue;
        };
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            // A comment-only line does not end a block; an empty one does.
            if raw.trim().is_empty() {
                flush(&mut block, &mut boards);
            }
            continue;
        }
        block.push((i + 1, line));
    }
    flush(&mut block, &mut boards);
    boards
}

fn shorten(token: &str) -> String {
    const MAX: usize = 24;
    if token.chars().count() <= MAX {
        token.to_string()
    } else {
        let head: String = token.chars().take(MAX).collect();
        format!("{head}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_aliases() {
        for blank in ["x", "X", "0", "_", "."] {
            let b = parse_board(&format!("1 2 3 {blank}"), None).unwrap();
            assert_eq!(b.blank(), 3, "{blank}");
        }
    }

    #[test]
    fn errors_name_the_problem() {
        let e = parse_board("1 2 3 4 5 6 7 8 9", None).unwrap_err();
        assert!(matches!(e, Error::TileOutOfRange { index: 9, .. }), "{e}");
        let e = parse_board("1 2 3 4 5 6 7 8 8", None).unwrap_err();
        assert_eq!(
            e,
            Error::DuplicateTile {
                tile: 8,
                first: 8,
                second: 9
            }
        );
        let e = parse_board("x 2 3 4 5 6 7 8 0", None).unwrap_err();
        assert_eq!(e.to_string(), "the blank appears twice, at positions 1 and 9");
        let e = parse_board("1 2 3 4 5 6 7 8 -1", None).unwrap_err();
        assert!(matches!(e, Error::BadToken { index: 9, .. }), "{e}");
        let e = parse_board("1 2 3 4 5 6 7 8 99999999999999999999999", None).unwrap_err();
        assert!(matches!(e, Error::TileOutOfRange { .. }), "{e}");
        let e = parse_board("", None).unwrap_err();
        assert_eq!(e, Error::NotSquare { count: 0 });
        let e = parse_board("1 2 x", Some(Shape::new(2, 2).unwrap())).unwrap_err();
        assert!(matches!(
            e,
            Error::WrongTileCount {
                expected: 4,
                got: 3,
                ..
            }
        ));
    }

    #[test]
    fn long_tokens_are_shortened_in_errors() {
        let long = "y".repeat(1000);
        let e = parse_board(&format!("1 2 3 {long}"), None).unwrap_err();
        assert!(e.to_string().len() < 200);
    }

    #[test]
    fn boards_split_by_lines_and_blocks() {
        let text = "# two boards\n1 2 3 4 5 6 7 8 x\n8 6 7 2 5 4 3 x 1\n\n1 2 3\n4 5 6\n# mid-block comment\nx 7 8\n";
        let boards = read_boards(text.as_bytes(), None);
        assert_eq!(boards.len(), 3);
        assert_eq!(boards[0].line, 2);
        assert_eq!(
            boards[2],
            BoardInput {
                line: 5,
                text: Ok("1 2 3\n4 5 6\nx 7 8".to_string())
            }
        );
    }

    #[test]
    fn a_bad_line_does_not_swallow_its_neighbours() {
        let text = b"1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8 x\n\xff\xfe\n8 6 7 2 5 4 3 x 1\n";
        let boards = read_boards(text, None);
        let lines: Vec<usize> = boards.iter().map(|b| b.line).collect();
        assert_eq!(lines, [1, 2, 3, 4]);
        assert!(boards[2].text.is_err());
        assert!(read_boards(b"", None).is_empty());
        assert!(read_boards(b"# only a comment\n\n", None).is_empty());
    }
}
