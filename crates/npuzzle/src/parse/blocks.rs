//! Files of boards: where one board ends and the next begins.
//!
//! The rules are in the [`parse`](super#blocks) module documentation. The
//! one that needs an argument is telling rows from boards: four lines of four
//! tiles are one 4×4 board, not four 2×2 boards, while nine lines of nine
//! tiles are nine 8-puzzles, not a 9×9 board. Reading the lines together as
//! one board settles it when the result is a board: boards stacked in a file
//! each hold a blank, so together they hold several and never make one board.
//! When they make no board either way (a typo), lines of which none is a
//! board by itself are still taken as rows, so the error names the one board
//! the writer meant rather than one per row.

use std::ops::Range;

use crate::board::{Shape, MAX_CELLS};

use super::layout::{bracket_balance, cell_count};
use super::{parse_board, tokens};

/// One board's text as read from a file, or why it could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardInput {
    /// 1-based number of the board's first line.
    pub line: usize,
    /// The board's text (its lines joined by `\n`, comments cut), or a
    /// message if the line itself is unreadable.
    pub text: Result<String, String>,
}

/// A line that was read as no board: a count of cases or a size before
/// boards, or a label (`Start state:`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedLine {
    /// 1-based line number.
    pub line: usize,
    /// The line, comment cut and trimmed.
    pub text: String,
}

/// The boards of a file, and the lines skipped as counts or sizes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardFile {
    /// Each board in file order.
    pub boards: Vec<BoardInput>,
    /// Count and size lines that were not read as boards, in file order.
    pub skipped: Vec<SkippedLine>,
}

/// A readable, non-empty line of a block.
#[derive(Clone, Copy)]
pub(super) struct Line<'a> {
    pub(super) no: usize,
    pub(super) text: &'a str,
}

/// Splits a file into boards; `size`, when known, is every board's shape.
/// A line that is not UTF-8 is reported as unreadable and ends its block;
/// nothing else is lost.
///
/// ```
/// use npuzzle::parse::read_boards;
/// let file = read_boards(b"2\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 x\n\n8 6 7 2 5 4 3 x 1\n", None);
/// assert_eq!(file.boards.len(), 2);
/// assert_eq!(file.boards[0].line, 2);
/// assert_eq!(file.skipped[0].text, "2");
/// ```
pub fn read_boards(bytes: &[u8], size: Option<Shape>) -> BoardFile {
    let mut file = BoardFile::default();
    let mut block: Vec<Line<'_>> = Vec::new();
    let mut last_whole = false;
    // A final newline does not start another line.
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    if body.is_empty() {
        return file;
    }
    for (i, raw) in body.split(|&b| b == b'\n').enumerate() {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let Ok(raw) = std::str::from_utf8(raw) else {
            read_block(&block, size, &mut file);
            block.clear();
            last_whole = false;
            file.boards.push(BoardInput {
                line: i + 1,
                text: Err("the line is not valid UTF-8".to_string()),
            });
            continue;
        };
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            // A comment-only line does not end a block; an empty one does.
            if raw.trim().is_empty() {
                read_block(&block, size, &mut file);
                block.clear();
                last_whole = false;
            }
            continue;
        }
        // Two whole boards in a row end a block between them (see `whole_board`).
        let whole = whole_board(line, size).is_some();
        if whole && last_whole {
            read_block(&block, size, &mut file);
            block.clear();
        }
        last_whole = whole;
        block.push(Line { no: i + 1, text: line });
    }
    read_block(&block, size, &mut file);
    file
}

/// The board a line is by itself, when it is one and leaves no bracket open.
///
/// Two such lines in a row are never rows of one bigger board (each holds a
/// blank, and no board holds two) nor inside one bracket (a line that opens
/// one is no whole board; two whole boards inside one would be no board), so
/// a block ends between them: what came before is read as it would be at an
/// empty line. This keeps a streamed file's look-ahead bounded where one line
/// that is no board stands among lines that are (see [`BoardStream`](super::BoardStream)).
pub(super) fn whole_board(line: &str, size: Option<Shape>) -> Option<crate::board::Board> {
    parse_board(line, size).ok().filter(|_| bracket_balance(line) <= 0)
}

/// Reads one block's boards into `file`, skipping count and size lines when
/// that makes fewer boards fail to read.
pub(super) fn read_block(lines: &[Line<'_>], size: Option<Shape>, file: &mut BoardFile) {
    // Rows with the blank left out are one board, whose reading names the short row.
    let texts: Vec<&str> = lines.iter().map(|l| l.text).collect();
    if size.is_none() && super::layout::missing_blank(&texts).is_some() {
        #[allow(clippy::single_range_in_vec_init)] // one group: the whole block
        emit(lines, vec![0..lines.len()], file);
        return;
    }
    let groups = group(lines, size);
    let is_count = |l: &Line<'_>| is_count_or_size(l.text, size) || is_label(l.text);
    if lines.iter().any(is_count) {
        let failing = failures(lines, &groups, size);
        if failing > 0 {
            let rest: Vec<Line<'_>> = lines.iter().copied().filter(|l| !is_count(l)).collect();
            let regrouped = group(&rest, size);
            if failures(&rest, &regrouped, size) < failing {
                file.skipped
                    .extend(lines.iter().filter(|l| is_count(l)).map(|l| SkippedLine {
                        line: l.no,
                        text: l.text.to_string(),
                    }));
                emit(&rest, regrouped, file);
                return;
            }
        }
    }
    emit(lines, groups, file);
}

fn emit(lines: &[Line<'_>], groups: Vec<Range<usize>>, file: &mut BoardFile) {
    file.boards.extend(groups.into_iter().map(|g| BoardInput {
        line: lines[g.start].no,
        text: Ok(join(&lines[g])),
    }));
}

fn join(lines: &[Line<'_>]) -> String {
    let texts: Vec<&str> = lines.iter().map(|l| l.text).collect();
    texts.join("\n")
}

fn failures(lines: &[Line<'_>], groups: &[Range<usize>], size: Option<Shape>) -> usize {
    groups
        .iter()
        .filter(|g| parse_board(&join(&lines[(*g).clone()]), size).is_err())
        .count()
}

/// A line of one or two numbers that is no board: a count of cases (`3`,
/// `T`) or a size (`3 3`).
fn is_count_or_size(line: &str, size: Option<Shape>) -> bool {
    let mut n = 0;
    let numbers = tokens(line).take(3).all(|t| {
        n += 1;
        t.bytes().all(|b| b.is_ascii_digit())
    });
    numbers && (1..=2).contains(&n) && !is_board(line, size)
}

/// A line of words and no tile, such as `Start state:` or `Goal`: a label
/// above a board's rows, skipped as count lines are.
fn is_label(line: &str) -> bool {
    let mut words = tokens(line).peekable();
    words.peek().is_some() && words.all(|t| !super::tokens::looks_like_tile(t) && t.chars().any(char::is_alphabetic))
}

/// Whether a line is a whole board by itself: with a known size, by its
/// count; otherwise, when it reads as a valid board.
fn is_board(line: &str, size: Option<Shape>) -> bool {
    match size {
        Some(s) => cell_count(line) == s.cells(),
        None => parse_board(line, None).is_ok(),
    }
}

/// Splits a block into the line ranges of its boards. A line that leaves a
/// bracket open takes the following lines until it closes; the runs of lines
/// between are grouped by [`group_run`].
fn group(lines: &[Line<'_>], size: Option<Shape>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut run = 0;
    let mut i = 0;
    while i < lines.len() {
        if let Some(end) = closing_line(lines, i) {
            group_run(lines, run..i, size, &mut out);
            out.push(i..end + 1);
            run = end + 1;
            i = end;
        }
        i += 1;
    }
    group_run(lines, run..lines.len(), size, &mut out);
    out
}

/// The line that closes the brackets line `i` leaves open, if it opens some
/// and the block closes them: a bracket never closed takes no other line.
fn closing_line(lines: &[Line<'_>], i: usize) -> Option<usize> {
    let mut open = bracket_balance(lines[i].text);
    if open <= 0 {
        return None;
    }
    for (j, line) in lines.iter().enumerate().skip(i + 1) {
        open += bracket_balance(line.text);
        if open <= 0 {
            return Some(j);
        }
    }
    None
}

/// Groups a run of lines with no open brackets; see the module documentation.
fn group_run(lines: &[Line<'_>], run: Range<usize>, size: Option<Shape>, out: &mut Vec<Range<usize>>) {
    let each_line = |out: &mut Vec<Range<usize>>| out.extend(run.clone().map(|i| i..i + 1));
    let h = run.len();
    if h < 2 {
        each_line(out);
        return;
    }
    let block = &lines[run.clone()];
    let w = cell_count(block[0].text);
    if block.iter().all(|l| cell_count(l.text) == w) {
        if w < 2 || w * h > MAX_CELLS {
            return each_line(out);
        }
        if parse_board(&join(block), size).is_ok() {
            out.push(run);
            return;
        }
        if block.iter().any(|l| is_board(l.text, size)) {
            return each_line(out);
        }
        // Rows with an error in them: one board, or boards of `k` rows stacked.
        let k = match size {
            Some(s) if s.width() == w => s.height(),
            _ => w,
        };
        if h > k && h % k == 0 {
            out.extend((run.start..run.end).step_by(k).map(|s| s..s + k));
        } else {
            out.push(run);
        }
        return;
    }
    let total: usize = block.iter().map(|l| cell_count(l.text)).sum();
    let whole = match size {
        Some(s) => total == s.cells(),
        None => Shape::square_with_cells(total).is_some(),
    };
    if whole && !is_board(block[0].text, size) {
        // One board wrapped over lines of different lengths.
        out.push(run);
    } else {
        each_line(out);
    }
}
