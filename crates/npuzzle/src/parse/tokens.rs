//! Tokens and tiles: where one tile's text ends and what it is worth.
//!
//! Shared by the board reader ([`crate::parse`]) and the judge readers
//! ([`crate::judge`]): both split at whitespace (any Unicode whitespace, such
//! as a no-break space) and commas, and read a tile the same way. Brackets,
//! quotes and rows are the board reader's business ([`super::layout`]); the
//! judge formats have none.

use crate::board::Shape;
use crate::error::InputError;
use crate::Error;

/// Whether `c` separates tokens: whitespace, a comma, a bar (`| 1 | 2 |`,
/// as tables draw boards) or a slash (`123/456/78x`, which the board reader
/// also takes for the end of a row).
#[inline]
pub fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '|' | '/')
}

/// Splits text into tokens at whitespace, commas, bars and slashes.
///
/// ```
/// let t: Vec<&str> = npuzzle::parse::tokens("1,2 3\n x|4/5").collect();
/// assert_eq!(t, ["1", "2", "3", "x", "4", "5"]);
/// ```
pub fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_separator).filter(|t| !t.is_empty())
}

/// Whether a token names the blank.
pub fn is_blank_token(token: &str) -> bool {
    matches!(token, "x" | "X" | "0" | "_" | ".")
}

/// Whether `b` can stand for one tile by itself in a board written without
/// spaces (`283104765`, `12X453786`): a digit or a blank marker.
#[inline]
pub(crate) fn is_tile_char(b: u8) -> bool {
    b.is_ascii_digit() || matches!(b, b'x' | b'X' | b'_' | b'.')
}

/// Most cells a board written without spaces can have: every tile one digit.
pub const MAX_UNSPACED_CELLS: usize = 9;

/// Whether `token`, of at least two characters, reads as several one-character
/// tiles written without spaces (`283104765`, `12X453786`, `1234567x8`).
#[inline]
pub(crate) fn is_unspaced(token: &[u8]) -> bool {
    (2..=MAX_UNSPACED_CELLS).contains(&token.len()) && token.iter().all(|&b| is_tile_char(b))
}

/// Reads one token as a tile: 0 for the blank, else its number.
/// `index` is the token's 1-based position, used in errors. For boards of up
/// to 256 cells; `parse_wide_tile` reads tiles of any board.
pub fn parse_tile(token: &str, index: usize, shape: Shape) -> Result<u8, Error> {
    let value = parse_wide_tile(token, index, shape)?;
    u8::try_from(value).map_err(|_| {
        Error::Input(InputError::TileOutOfRange {
            tile: shorten(token),
            index,
            shape,
            max: usize::from(u8::MAX),
        })
    })
}

/// Reads one token as a tile of a board of any size: 0 for the blank, else
/// its number.
pub fn parse_wide_tile(token: &str, index: usize, shape: Shape) -> Result<u32, Error> {
    if is_blank_token(token) {
        return Ok(0);
    }
    let bad = || {
        Error::Input(InputError::BadToken {
            token: shorten(token),
            index,
        })
    };
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let out_of_range = || {
        Error::Input(InputError::TileOutOfRange {
            tile: shorten(token),
            index,
            shape,
            max: shape.cells() - 1,
        })
    };
    match token.parse::<u64>() {
        Ok(value) if value < shape.cells() as u64 => Ok(value as u32),
        _ => Err(out_of_range()),
    }
}

/// Whether a token can be a tile on some board: digits or a blank marker.
pub(crate) fn looks_like_tile(token: &str) -> bool {
    is_blank_token(token) || (!token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()))
}

/// A token as quoted in an error: shortened when very long.
pub(crate) fn shorten(token: &str) -> String {
    const MAX: usize = 24;
    if token.chars().count() <= MAX {
        token.to_string()
    } else {
        let head: String = token.chars().take(MAX).collect();
        format!("{head}…")
    }
}

/// Tokens separated as by [`tokens`], read from bytes that need not be
/// UTF-8 (the judge formats read raw stdin).
pub(crate) struct ByteTokens<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> ByteTokens<'a> {
    pub(crate) fn new(data: &'a [u8]) -> ByteTokens<'a> {
        ByteTokens { data, pos: 0 }
    }

    #[inline]
    fn skip_separators(&mut self) {
        while self.pos < self.data.len() {
            match separator_len(self.data, self.pos) {
                0 => break,
                n => self.pos += n,
            }
        }
    }

    /// The next token, without taking it.
    pub(crate) fn peek(&mut self) -> Option<&'a [u8]> {
        self.skip_separators();
        let start = self.pos;
        let end = self.token_end(start);
        (end > start).then(|| &self.data[start..end])
    }

    #[inline]
    fn token_end(&self, start: usize) -> usize {
        let mut end = start;
        while end < self.data.len() && separator_len(self.data, end) == 0 {
            end += 1;
        }
        end
    }
}

impl<'a> Iterator for ByteTokens<'a> {
    type Item = &'a [u8];

    #[inline]
    fn next(&mut self) -> Option<&'a [u8]> {
        self.skip_separators();
        let start = self.pos;
        let end = self.token_end(start);
        self.pos = end;
        (end > start).then(|| &self.data[start..end])
    }
}

/// The length in bytes of the separator at `data[i]`, 0 if there is none:
/// whitespace or a comma (the judge formats' separators; the board reader's
/// bars and slashes are not among them).
#[inline]
fn separator_len(data: &[u8], i: usize) -> usize {
    let b = data[i];
    if b.is_ascii() {
        // `char::is_whitespace` on ASCII is `is_ascii_whitespace` plus the vertical tab.
        // The judge formats are strict: bars and slashes are not theirs.
        return usize::from(b.is_ascii_whitespace() || b == b',' || b == 0x0b);
    }
    // A character of several bytes separates if it is Unicode whitespace.
    let len = match b {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => return 0,
    };
    let whitespace = data
        .get(i..i + len)
        .and_then(|c| std::str::from_utf8(c).ok())
        .and_then(|c| c.chars().next())
        .is_some_and(is_separator);
    if whitespace {
        len
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_split_where_text_does() {
        // No-break space, ideographic space, next line, vertical tab, commas;
        // invalid UTF-8 and other non-ASCII characters stay in their token.
        let text = "1\u{a0}2\u{3000}3\u{85}4\u{b}5,6 \u{2028}7\t8\u{202f}x";
        let ours: Vec<&[u8]> = ByteTokens::new(text.as_bytes()).collect();
        let theirs: Vec<&[u8]> = tokens(text).map(str::as_bytes).collect();
        assert_eq!(ours, theirs);
        assert_eq!(ours.len(), 9);
        let odd = b"1\xff2 3\xc2 \xe2\x80\x8b4";
        let odd: Vec<&[u8]> = ByteTokens::new(odd).collect();
        assert_eq!(odd, [&b"1\xff2"[..], b"3\xc2", b"\xe2\x80\x8b4"]);
    }

    #[test]
    fn unspaced_tokens() {
        for t in ["283104765", "12X453786", "1234567x8", "1230"] {
            assert!(is_unspaced(t.as_bytes()), "{t}");
        }
        for t in ["1", "1234567890", "12a4", "1 2"] {
            assert!(!is_unspaced(t.as_bytes()), "{t}");
        }
    }
}
