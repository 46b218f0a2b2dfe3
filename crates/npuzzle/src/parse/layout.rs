//! How one board's text shows its cells and, often, its rows.
//!
//! People write a board as tokens on one line (`8 6 7 2 5 4 3 x 1`), as rows
//! on lines, as nested lists (`[[4,1,2],[5,0,3]]`, numpy's
//! `array([[4, 1, 2], [5, 0, 3]])`, C's `{{4,1,2},{5,0,3}}`), as a tuple
//! (`(1, 2, 3, 4, 5, 6, 7, 8, 0)`), or with one character a tile and no
//! spaces (`283104765`, `12X453786`, rows `283` `104` `765`). This module
//! turns any of those into the cells in row-major order and, when the text
//! shows them, the rows' width and height — the shape the writer meant, which
//! a `--size` must then agree with.
//!
//! - Brackets `[]`, `()`, `{}` group; quotes are ignored like separators. A
//!   list holding only one list is unwrapped (`[[[1,2],[3,0]]]`). What is left
//!   is a list of tiles, or a list of rows of tiles, all rows the same length.
//! - Without inner lists, lines are rows when there are at least two lines of
//!   the same number of cells, at least two each. Lines of different lengths
//!   show nothing (a long row wrapped by an editor): the count decides.
//! - When every token is at least two tile characters (digits, `x`, `X`, `_`,
//!   `.`) and all of them together are at most nine, each character is a
//!   tile: a board of at most nine cells written without spaces. On one line,
//!   several such tokens of one length are its rows (`283 104 765`).

use crate::board::Shape;
use crate::Error;

use super::tokens::{is_separator, is_unspaced, MAX_UNSPACED_CELLS};
use crate::error::InputError;

/// The cells of one board's text, and the shape its rows show.
#[derive(Debug)]
pub(crate) struct Layout<'a> {
    /// Each cell's text, row-major (a token, or one character of an unspaced token).
    pub cells: Vec<&'a str>,
    /// Width and height the rows show, if the text shows rows.
    pub rows: Option<Shape>,
}

/// One lexed item: a token with its 0-based line, or a bracketed list.
#[derive(Debug)]
enum Item<'a> {
    Token(&'a str, usize),
    List(Vec<Item<'a>>),
}

/// Names numpy prints before a board (`array([[1, 2], [3, 0]])`).
const ARRAY_NAMES: [&str; 3] = ["array", "np.array", "numpy.array"];

fn closer(open: char) -> char {
    match open {
        '[' => ']',
        '(' => ')',
        _ => '}',
    }
}

/// Whether `c` ends a token without being a separator: a bracket or a quote.
#[inline]
fn is_punctuation(c: char) -> bool {
    matches!(c, '[' | ']' | '(' | ')' | '{' | '}' | '"' | '\'')
}

/// Reads one board's text; see the module documentation.
pub(crate) fn read(text: &str) -> Result<Layout<'_>, Error> {
    let mut items = lex(text)?;
    // numpy's repr: `array([...])`, perhaps with `, dtype=int8` inside the parentheses.
    if let [Item::Token(name, _), Item::List(_)] = items.as_slice() {
        if ARRAY_NAMES.contains(name) {
            if let Some(Item::List(inner)) = items.pop() {
                items = inner
                    .into_iter()
                    .filter(|i| !matches!(i, Item::Token(t, _) if t.starts_with("dtype=")))
                    .collect();
            }
        }
    }
    while matches!(items.as_slice(), [Item::List(_)]) {
        if let Some(Item::List(inner)) = items.pop() {
            items = inner;
        }
    }
    let rows: Vec<&[Item<'_>]> = if items.iter().all(|i| matches!(i, Item::Token(..))) {
        Vec::new()
    } else if items.iter().all(|i| matches!(i, Item::List(_))) {
        let rows: Vec<&[Item<'_>]> = items
            .iter()
            .filter_map(|i| match i {
                Item::List(row) => Some(row.as_slice()),
                Item::Token(..) => None,
            })
            .collect();
        if rows.iter().any(|r| r.iter().any(|i| matches!(i, Item::List(_)))) {
            return Err(Error::Input(InputError::TooDeep { depth: depth(&items) }));
        }
        rows
    } else {
        return Err(Error::Input(InputError::TilesBesideRows));
    };
    let tokens: Vec<(&str, usize)> = if rows.is_empty() {
        items.iter().filter_map(token).collect()
    } else {
        rows.iter().flat_map(|r| r.iter().filter_map(token)).collect()
    };
    // Is each token alone on its line (no lists) or in its list?
    let alone = if rows.is_empty() {
        tokens.windows(2).all(|p| p[0].1 != p[1].1)
    } else {
        rows.iter().all(|r| r.iter().filter_map(token).count() == 1)
    };
    let unspaced = is_all_unspaced(tokens.iter().map(|&(t, _)| t), alone);
    let width = |t: &str| if unspaced { t.len() } else { 1 };
    let mut cells = Vec::new();
    for &(t, _) in &tokens {
        if unspaced {
            // Unspaced tokens are ASCII, so every byte is a character boundary.
            cells.extend((0..t.len()).map(|i| &t[i..=i]));
        } else {
            cells.push(t);
        }
    }
    let shown = if rows.is_empty() {
        rows_on_lines(&tokens, width)
    } else {
        let widths: Vec<usize> = rows
            .iter()
            .map(|r| r.iter().filter_map(token).map(|(t, _)| width(t)).sum())
            .collect();
        if let Some(row) = widths.iter().position(|&w| w != widths[0]) {
            return Err(Error::Input(InputError::RaggedRows {
                row: row + 1,
                got: widths[row],
                expected: widths[0],
            }));
        }
        Some(Shape::new(widths[0], widths.len())?)
    };
    Ok(Layout { cells, rows: shown })
}

fn token<'a>(item: &Item<'a>) -> Option<(&'a str, usize)> {
    match item {
        Item::Token(t, line) => Some((t, *line)),
        Item::List(_) => None,
    }
}

/// How deep lists nest in `items` (a list of tokens is 1 deep).
fn depth(items: &[Item<'_>]) -> usize {
    1 + items
        .iter()
        .map(|i| match i {
            Item::List(inner) => depth(inner),
            Item::Token(..) => 0,
        })
        .max()
        .unwrap_or(0)
}

/// Whether these tokens are a board written without spaces: each at least
/// two tile characters, at most nine characters in all, and each alone on its
/// line or in its list (`283` / `104` / `765`), or at least three characters
/// (`283 104 765`) — so a row of two-digit tiles (`13 14 15 12`) stays one.
pub(crate) fn is_all_unspaced<'a>(tokens: impl Iterator<Item = &'a str>, alone: bool) -> bool {
    let mut total = 0;
    let mut count = 0;
    let mut short = false;
    for t in tokens {
        total += t.len();
        count += 1;
        short |= t.len() < 3;
        if !is_unspaced(t.as_bytes()) || total > MAX_UNSPACED_CELLS {
            return false;
        }
    }
    count == 1 || (count > 1 && (alone || !short))
}

/// The rows of a text without lists: its lines, or on one line the unspaced
/// tokens, when there are at least two of one width, at least two each.
fn rows_on_lines(tokens: &[(&str, usize)], width: impl Fn(&str) -> usize) -> Option<Shape> {
    let mut widths: Vec<usize> = Vec::new();
    let mut last_line = None;
    for &(t, line) in tokens {
        if last_line == Some(line) {
            if let Some(w) = widths.last_mut() {
                *w += width(t);
            }
        } else {
            widths.push(width(t));
            last_line = Some(line);
        }
    }
    if widths.len() < 2 && tokens.len() >= 2 && width(tokens[0].0) > 1 {
        // One line of unspaced rows: `283 104 765`.
        widths = tokens.iter().map(|&(t, _)| width(t)).collect();
    }
    let w = *widths.first()?;
    (widths.len() >= 2 && w >= 2 && widths.iter().all(|&x| x == w))
        .then(|| Shape::new(w, widths.len()).ok())
        .flatten()
}

/// Splits text into tokens and bracketed lists.
fn lex(text: &str) -> Result<Vec<Item<'_>>, Error> {
    // Open lists: the bracket, its 1-based character position, the items before it.
    let mut open: Vec<(char, usize, Vec<Item<'_>>)> = Vec::new();
    let mut items: Vec<Item<'_>> = Vec::new();
    let mut line = 0;
    let mut start = None;
    for (index, (byte, c)) in text.char_indices().enumerate() {
        if is_separator(c) || is_punctuation(c) {
            if let Some(s) = start.take() {
                items.push(Item::Token(&text[s..byte], line));
            }
        } else if start.is_none() {
            start = Some(byte);
        }
        match c {
            // A slash ends a row as a line break does: `123/456/78x`.
            '\n' | '/' => line += 1,
            '[' | '(' | '{' => open.push((c, index + 1, std::mem::take(&mut items))),
            ']' | ')' | '}' => match open.pop() {
                Some((bracket, _, outer)) if closer(bracket) == c => {
                    let inner = std::mem::replace(&mut items, outer);
                    items.push(Item::List(inner));
                }
                other => {
                    return Err(Error::Input(InputError::Bracket {
                        found: Some(c),
                        open: other.map(|(b, _, _)| b),
                        index: index + 1,
                    }))
                }
            },
            _ => {}
        }
    }
    if let Some(s) = start {
        items.push(Item::Token(&text[s..], line));
    }
    if let Some((bracket, index, _)) = open.pop() {
        return Err(Error::Input(InputError::Bracket {
            found: None,
            open: Some(bracket),
            index,
        }));
    }
    Ok(items)
}

/// The net number of brackets a line leaves open (negative if it closes
/// more than it opens): a board file's line that leaves some open goes on.
pub(crate) fn bracket_balance(line: &str) -> isize {
    line.chars()
        .map(|c| match c {
            '[' | '(' | '{' => 1,
            ']' | ')' | '}' => -1,
            _ => 0,
        })
        .sum()
}

/// How many cells a line holds, counted as [`read`] counts them (unspaced
/// tokens by their characters), without allocating: what a board file's
/// reader compares to tell rows from boards.
/// Whether `lines` are rows of one width with one row a tile short and no
/// blank anywhere (the blank written as spaces): that row's index and the
/// width.
pub(crate) fn missing_blank(lines: &[&str]) -> Option<(usize, usize)> {
    if lines.len() < 2 {
        return None;
    }
    let no_blank = lines.iter().all(|l| {
        l.split(|c: char| is_separator(c) || is_punctuation(c))
            .all(|t| !super::tokens::is_blank_token(t) && !t.bytes().any(|b| matches!(b, b'x' | b'X' | b'_' | b'.')))
    });
    let counts: Vec<usize> = lines.iter().map(|l| cell_count(l)).collect();
    let width = *counts.iter().max()?;
    let short: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] != width).collect();
    match short.as_slice() {
        [row] if no_blank && width >= 2 && counts[*row] + 1 == width => Some((*row, width)),
        _ => None,
    }
}

pub(crate) fn cell_count(line: &str) -> usize {
    let tokens = || {
        line.split(|c: char| is_separator(c) || is_punctuation(c))
            .filter(|t| !t.is_empty())
    };
    if is_all_unspaced(tokens(), false) {
        tokens().map(str::len).sum()
    } else {
        tokens().count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(w: usize, h: usize) -> Option<Shape> {
        Some(Shape::new(w, h).unwrap())
    }

    fn cells_and_rows(text: &str) -> (String, Option<Shape>) {
        let layout = read(text).unwrap();
        (layout.cells.join(" "), layout.rows)
    }

    #[test]
    fn nested_lists_give_rows() {
        for text in [
            "[[4,1,2],[5,0,3]]",
            "[[4 1 2]\n [5 0 3]]",
            "array([[4, 1, 2],\n       [5, 0, 3]])",
            "np.array([[4, 1, 2], [5, 0, 3]], dtype=int8)",
            "{{4,1,2},{5,0,3}}",
            "((4, 1, 2), (5, 0, 3))",
            "[[[4,1,2],[5,0,3]]]",
            "[\n  [4, 1, 2],\n  [5, 0, 3]\n]",
            "[\"4\", \"1\", \"2\"], ['5', '0', '3']",
        ] {
            assert_eq!(cells_and_rows(text), ("4 1 2 5 0 3".into(), shape(3, 2)), "{text}");
        }
    }

    #[test]
    fn tuples_and_flat_lists_show_no_rows() {
        assert_eq!(
            cells_and_rows("(1, 2, 3, 4, 5, 6, 7, 8, 0)"),
            ("1 2 3 4 5 6 7 8 0".into(), None)
        );
        assert_eq!(cells_and_rows("[1,2,3,4,5,6,7,8,0]").1, None);
    }

    #[test]
    fn lines_of_one_width_are_rows() {
        assert_eq!(cells_and_rows("4 1 2\n5 0 3").1, shape(3, 2));
        assert_eq!(
            cells_and_rows("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 x").1,
            shape(4, 4)
        );
        // Lines of different lengths, or of single tiles, show nothing.
        assert_eq!(cells_and_rows("1 2 3 4 5 6\n7 8 x").1, None);
        assert_eq!(cells_and_rows("1\n2\n3\nx").1, None);
        assert_eq!(cells_and_rows("1 2 3 4 5 6 7 8 x").1, None);
    }

    #[test]
    fn unspaced_digits_are_one_tile_a_character() {
        assert_eq!(cells_and_rows("283104765"), ("2 8 3 1 0 4 7 6 5".into(), None));
        assert_eq!(cells_and_rows("12X453786").0, "1 2 X 4 5 3 7 8 6");
        assert_eq!(cells_and_rows("1234567x8").0, "1 2 3 4 5 6 7 x 8");
        assert_eq!(cells_and_rows("283\n104\n765").1, shape(3, 3));
        assert_eq!(cells_and_rows("283 104 765").1, shape(3, 3));
        assert_eq!(cells_and_rows("[[12],[30]]"), ("1 2 3 0".into(), shape(2, 2)));
        // Ten characters, or a one-character token among them: ordinary tokens.
        assert_eq!(cells_and_rows("1234567890").0, "1234567890");
        assert_eq!(cells_and_rows("12 3 4").0, "12 3 4");
        // Two-digit tiles side by side stay tiles; alone on their lines they are rows.
        assert_eq!(cells_and_rows("13 14 15 12").0, "13 14 15 12");
        assert_eq!(cells_and_rows("12\n30"), ("1 2 3 0".into(), shape(2, 2)));
    }

    #[test]
    fn bad_brackets_and_nesting_are_named() {
        let err = |t| read(t).unwrap_err();
        assert_eq!(
            err("[[1,2],[3,0]"),
            Error::Input(InputError::Bracket {
                found: None,
                open: Some('['),
                index: 1
            })
        );
        assert_eq!(
            err("[1,2)"),
            Error::Input(InputError::Bracket {
                found: Some(')'),
                open: Some('['),
                index: 5
            })
        );
        assert_eq!(
            err("1 2]"),
            Error::Input(InputError::Bracket {
                found: Some(']'),
                open: None,
                index: 4
            })
        );
        assert_eq!(
            err("[[1,2,3],[4,0]]"),
            Error::Input(InputError::RaggedRows {
                row: 2,
                got: 2,
                expected: 3
            })
        );
        assert_eq!(
            err("[[[1],[2]],[[3],[0]]]"),
            Error::Input(InputError::TooDeep { depth: 3 })
        );
        assert_eq!(err("[1, 2, [3, 0]]"), Error::Input(InputError::TilesBesideRows));
    }

    #[test]
    fn line_counts_match_the_reader() {
        for line in [
            "1 2 3",
            "[4, 1, 2],",
            "283104765",
            "283 104",
            "(1, 2)",
            "",
            "13 14 15 12",
        ] {
            let expected = read(line).map_or(0, |l| l.cells.len());
            assert_eq!(cell_count(line), expected, "{line}");
        }
        assert_eq!(bracket_balance("[[4, 1, 2],"), 1);
        assert_eq!(bracket_balance(" [5, 0, 3]]"), -1);
    }
}
