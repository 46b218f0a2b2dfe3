//! The judge-format readers' check and its independent oracle.

use super::*;
use crate::error::InputError;
use crate::judge;

/// Judge-format readers: the first byte picks HDU 1043 boards
/// ([`judge::read_boards`]), SOJ 2061 pairs after a count, or textbook pairs
/// until the end ([`judge::read_pairs`]); the rest is the input. The result
/// must be what a plain reading of the tokens gives: on success every board
/// holds each tile once and the cases use up all the tokens (9 a board, 18 a
/// pair, plus the count); on failure the error names the first case (or the
/// count) that is wrong, with a short message, and no cases are returned.
///
/// ```
/// npuzzle::fuzzing::check_judge(b"\x00 2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x");
/// npuzzle::fuzzing::check_judge(b"\x01 1\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8");
/// npuzzle::fuzzing::check_judge(b"\x02 1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 8");
/// npuzzle::fuzzing::check_judge("\x00 1\u{a0}2 3 4 5 6 7 8\u{3000}x".as_bytes());
/// npuzzle::fuzzing::check_judge(b"\x00 1\xc2 2 3 4 5 6 7 8 x");
/// ```
pub fn check_judge(data: &[u8]) {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let (counted, parts): (bool, &[&str]) = match first % 3 {
        0 => (false, &[""]),
        1 => (true, &[" (start)", " (goal)"]),
        _ => (false, &[" (start)", " (goal)"]),
    };
    let read = if parts.len() == 1 {
        judge::read_boards(input)
    } else {
        judge::read_pairs(input, counted).map(|pairs| pairs.into_iter().flat_map(|(s, g)| [s, g]).collect())
    };
    // Tokens end at commas and Unicode whitespace in the valid UTF-8 parts;
    // bytes that are not UTF-8 belong to tokens.
    let mut owned: Vec<Vec<u8>> = Vec::new();
    let mut token = Vec::new();
    for chunk in input.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_whitespace() || c == ',' {
                if !token.is_empty() {
                    owned.push(std::mem::take(&mut token));
                }
            } else {
                token.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
        token.extend_from_slice(chunk.invalid());
    }
    if !token.is_empty() {
        owned.push(token);
    }
    let tokens: Vec<&[u8]> = owned.iter().map(Vec::as_slice).collect();
    let expected = judge_oracle(&tokens, counted, parts);
    match (read, expected) {
        (Ok(boards), Ok(want)) => {
            assert_eq!(boards, want, "boards read");
            // Each board written without spaces is one token instead of nine.
            let saved = (boards.len() * judge::CELLS + usize::from(counted)).checked_sub(tokens.len());
            assert!(
                saved.is_some_and(|n| n % (judge::CELLS - 1) == 0),
                "{} boards use up the tokens",
                boards.len()
            );
            for tiles in &boards {
                let mut seen = [false; judge::CELLS];
                for &t in tiles {
                    assert!(usize::from(t) < judge::CELLS && !seen[usize::from(t)], "{tiles:?}");
                    seen[usize::from(t)] = true;
                }
            }
        }
        (Err(e), Err(want)) => {
            let chain = e.full_message();
            check_message(&chain);
            want.check(&e, &chain);
        }
        (Ok(boards), Err(want)) => panic!("{} boards read, but expected {want:?}", boards.len()),
        (Err(e), Ok(want)) => panic!("{} boards expected, but: {}", want.len(), e.full_message()),
    }
}

/// What a judge reader must report for input that is not a set of cases.
#[derive(Debug, Clone, Copy)]
enum JudgeFailure {
    /// No first token, or one that is not a number of cases.
    NoCount,
    /// Tokens after the announced number of cases.
    Extra { count: usize },
    /// The input ends after `after` tiles of a board.
    Ends {
        case: usize,
        which: &'static str,
        after: usize,
    },
    /// Token `index` (1-based) of a board is not a tile of the 8-puzzle.
    BadTile {
        case: usize,
        which: &'static str,
        index: usize,
    },
    /// A tile at positions `first` and `second` of a board.
    Duplicate {
        case: usize,
        which: &'static str,
        tile: u8,
        first: usize,
        second: usize,
    },
}

impl JudgeFailure {
    /// Panics unless `e` (whose message with its sources is `chain`) is this failure.
    fn check(&self, e: &Error, chain: &str) {
        let ok = match (*self, e) {
            (JudgeFailure::NoCount, Error::Input(InputError::JudgeInput { message })) => {
                message.contains("number of cases")
            }
            (JudgeFailure::Extra { count }, Error::Input(InputError::JudgeInput { message })) => {
                message.contains(&format!("after the {count} cases"))
            }
            (JudgeFailure::Ends { case, which, after }, Error::Input(InputError::JudgeInput { message })) => {
                message.starts_with(&format!("case {case}{which}: "))
                    && message.contains(&format!("after {after} of the {} tiles", judge::CELLS))
            }
            (
                JudgeFailure::BadTile { case, which, index },
                Error::Input(InputError::JudgeCase {
                    case: c,
                    which: w,
                    problem,
                }),
            ) => {
                (case, which) == (*c, *w)
                    && matches!(**problem, Error::Input(InputError::BadToken { index: i, .. }) | Error::Input(InputError::TileOutOfRange { index: i, .. }) if i == index)
            }
            (
                JudgeFailure::Duplicate {
                    case,
                    which,
                    tile,
                    first,
                    second,
                },
                Error::Input(InputError::JudgeCase {
                    case: c,
                    which: w,
                    problem,
                }),
            ) => {
                (case, which) == (*c, *w)
                    && **problem
                        == Error::Input(InputError::DuplicateTile {
                            tile: usize::from(tile),
                            first,
                            second,
                        })
            }
            _ => false,
        };
        assert!(ok, "expected {self:?}, got {e:?}: {chain}");
    }
}

/// The boards (pairs flattened) a judge input holds, read token by token
/// with nothing shared with [`judge`]: `parts` boards a case, a count first
/// if `counted`.
fn judge_oracle(tokens: &[&[u8]], counted: bool, parts: &[&'static str]) -> Result<Vec<judge::Tiles>, JudgeFailure> {
    let mut rest = tokens;
    let count = if counted {
        let (first, after) = rest.split_first().ok_or(JudgeFailure::NoCount)?;
        rest = after;
        let count = std::str::from_utf8(first).ok().and_then(|t| t.parse::<usize>().ok());
        Some(count.ok_or(JudgeFailure::NoCount)?)
    } else {
        None
    };
    let mut boards = Vec::new();
    for case in 1.. {
        match count {
            Some(count) if case > count => {
                return if rest.is_empty() {
                    Ok(boards)
                } else {
                    Err(JudgeFailure::Extra { count })
                };
            }
            None if rest.is_empty() => return Ok(boards),
            _ => {}
        }
        for &which in parts {
            // A board written without spaces: nine tile characters that are not a zero-padded number.
            let unspaced: Option<Vec<&[u8]>> = rest
                .first()
                .filter(|t| {
                    t.len() == judge::CELLS
                        && t.iter().all(|b| b"0123456789xX_.".contains(b))
                        && !(t[..8] == *b"00000000" && t[8].is_ascii_digit())
                })
                .map(|t| t.chunks(1).collect());
            let (board_tokens, used) = match &unspaced {
                Some(chars) => (chars.as_slice(), 1),
                None => (rest, judge::CELLS),
            };
            let mut tiles = [0u8; judge::CELLS];
            for (i, slot) in tiles.iter_mut().enumerate() {
                let token = board_tokens
                    .get(i)
                    .ok_or(JudgeFailure::Ends { case, which, after: i })?;
                *slot = judge_tile(token).ok_or(JudgeFailure::BadTile {
                    case,
                    which,
                    index: i + 1,
                })?;
            }
            rest = &rest[used..];
            for second in 1..judge::CELLS {
                if let Some(first) = tiles[..second].iter().position(|&t| t == tiles[second]) {
                    return Err(JudgeFailure::Duplicate {
                        case,
                        which,
                        tile: tiles[second],
                        first: first + 1,
                        second: second + 1,
                    });
                }
            }
            boards.push(tiles);
        }
    }
    unreachable!("cases are counted until the input ends")
}

/// A tile of the 8-puzzle: a blank marker (`x X 0 _ .`) or digits worth less than 9.
fn judge_tile(token: &[u8]) -> Option<u8> {
    if let [b'x' | b'X' | b'_' | b'.'] = token {
        return Some(0);
    }
    if token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let start = token.iter().position(|&b| b != b'0').unwrap_or(token.len());
    match &token[start..] {
        [] => Some(0),
        [d] if *d < b'9' => Some(d - b'0'),
        _ => None,
    }
}
