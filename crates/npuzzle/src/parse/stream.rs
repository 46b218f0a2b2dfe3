//! Files of boards read as a stream: [`BoardStream`] gives out the boards
//! [`read_boards`](super::read_boards) reads, one at a time, in the same
//! order and with the same readings, holding only the lines whose reading
//! is not settled yet (a huge file or a pipe is read in bounded memory, and
//! the first boards come before the input ends).
//!
//! A block's lines are settled at its end: an empty line, a line that is
//! not UTF-8, the end of the input, or — as the file reader splits blocks
//! too — a line that is a whole board by itself (it parses, and opens no
//! bracket) right after another such line. Neither can then be a row of a
//! bigger board (each holds a blank, and no board holds two), so the lines
//! up to the first are read as a block of their own. A file of a board per
//! line therefore streams, each board given out when the line after it is
//! read, and so does one whose stray lines that are no board stand among
//! such lines: the stream holds the lines since the last two whole boards
//! in a row, not the rest of the block.
//!
//! Telling a whole board needs it read, so such a board is given out with
//! its reading ([`BoardStream::next_with_board`]): a caller that solves it
//! need not read it again.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use crate::board::{Board, Shape};

use super::blocks::{read_block, whole_board, BoardFile, BoardInput, Line, SkippedLine};

/// What a file of boards holds, in file order: a board (or an unreadable
/// line), or a line read as no board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileItem {
    /// A board's text, or why its line could not be read.
    Board(BoardInput),
    /// A count or size line that was skipped.
    Skipped(SkippedLine),
}

/// The boards of a file read from `reader` as it comes, as
/// [`read_boards`](super::read_boards) reads them: a block's lines are read
/// when it ends, except that a board on a line of its own is given out once
/// the next line is read (if that one is a board by itself too, neither can
/// be a row of a bigger board). An I/O error is given out once, and ends the
/// stream.
///
/// ```
/// use npuzzle::parse::{read_boards, BoardStream, FileItem};
/// let text = "2\n8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 x 7 8\n\n1 2 3\n4 5 6\n7 x 8\n";
/// let items: Vec<FileItem> = BoardStream::new(text.as_bytes(), None).collect::<Result<_, _>>()?;
/// let boards: Vec<_> = items.iter().filter_map(|i| match i {
///     FileItem::Board(b) => Some(b.clone()),
///     FileItem::Skipped(_) => None,
/// }).collect();
/// assert_eq!(boards, read_boards(text.as_bytes(), None).boards);
/// assert_eq!(boards.len(), 3);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct BoardStream<R> {
    reader: R,
    size: Option<Shape>,
    /// The number of the last line read.
    line: usize,
    /// The current block's lines not given out yet.
    pending: Vec<PendingLine>,
    ready: VecDeque<(FileItem, Option<Board>)>,
    buf: Vec<u8>,
    ended: bool,
}

/// A line of the current block, with its board if it is a whole one.
#[derive(Debug)]
struct PendingLine {
    no: usize,
    text: String,
    whole: Option<Board>,
}

impl<R: BufRead> BoardStream<R> {
    /// A stream of the boards in `reader`; `size`, when known, is every board's shape.
    pub fn new(reader: R, size: Option<Shape>) -> BoardStream<R> {
        BoardStream {
            reader,
            size,
            line: 0,
            pending: Vec::new(),
            ready: VecDeque::new(),
            buf: Vec::new(),
            ended: false,
        }
    }

    /// The next item, as [`Iterator::next`] gives it, with the board its
    /// text reads as (`parse_board(text, size)`) when the stream has read
    /// it to tell where it ends — a board on a line of its own, in a file
    /// of them — and `None` otherwise (read the text yourself).
    ///
    /// ```
    /// use npuzzle::parse::{parse_board, BoardStream, FileItem};
    /// let mut stream = BoardStream::new(&b"8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 x 7 8\n"[..], None);
    /// let (item, board) = stream.next_with_board().unwrap()?;
    /// let FileItem::Board(input) = item else { panic!("a board") };
    /// assert_eq!(board, Some(parse_board(input.text.as_deref().unwrap(), None).unwrap()));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn next_with_board(&mut self) -> Option<io::Result<(FileItem, Option<Board>)>> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(Ok(item));
            }
            if self.ended {
                return None;
            }
            if let Err(e) = self.read_line() {
                self.ended = true;
                return Some(Err(e));
            }
        }
    }

    /// Reads one line (or the end), queueing what it settles.
    fn read_line(&mut self) -> io::Result<()> {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        let read = self.reader.read_until(b'\n', &mut buf);
        let result = match read {
            Ok(0) => {
                self.end_block();
                self.ended = true;
                Ok(())
            }
            Ok(_) => {
                self.line += 1;
                let raw = buf.strip_suffix(b"\n").unwrap_or(&buf);
                self.take_line(raw.strip_suffix(b"\r").unwrap_or(raw));
                Ok(())
            }
            Err(e) => Err(e),
        };
        self.buf = buf;
        result
    }

    /// Takes line `self.line`, as `read_boards` splits a file.
    fn take_line(&mut self, raw: &[u8]) {
        let Ok(raw) = std::str::from_utf8(raw) else {
            self.end_block();
            let input = BoardInput {
                line: self.line,
                text: Err("the line is not valid UTF-8".to_string()),
            };
            self.ready.push_back((FileItem::Board(input), None));
            return;
        };
        let text = raw.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            // A comment-only line does not end a block; an empty one does.
            if raw.trim().is_empty() {
                self.end_block();
            }
            return;
        }
        let whole = whole_board(text, self.size);
        if whole.is_some() && self.pending.last().is_some_and(|l| l.whole.is_some()) {
            if self.pending.len() == 1 {
                // A block of one whole board is that board: no need to read it as a block.
                let line = self.pending.remove(0);
                let input = BoardInput {
                    line: line.no,
                    text: Ok(line.text),
                };
                self.ready.push_back((FileItem::Board(input), line.whole));
            } else {
                self.end_block();
            }
        }
        self.pending.push(PendingLine {
            no: self.line,
            text: text.to_string(),
            whole,
        });
    }

    /// Reads the pending lines of a block that has ended.
    fn end_block(&mut self) {
        if !self.pending.is_empty() {
            let lines: Vec<Line<'_>> = self
                .pending
                .iter()
                .map(|l| Line {
                    no: l.no,
                    text: &l.text,
                })
                .collect();
            let mut file = BoardFile::default();
            read_block(&lines, self.size, &mut file);
            self.ready
                .extend(file.skipped.into_iter().map(|s| (FileItem::Skipped(s), None)));
            for input in file.boards {
                let board = self.take_whole(&input);
                self.ready.push_back((FileItem::Board(input), board));
            }
        }
        self.pending.clear();
    }

    /// The board already read for `input`, if it is a whole board's line as it was read.
    fn take_whole(&mut self, input: &BoardInput) -> Option<Board> {
        let i = self.pending.binary_search_by_key(&input.line, |l| l.no).ok()?;
        let line = &mut self.pending[i];
        if input.text.as_deref() == Ok(line.text.as_str()) {
            line.whole.take()
        } else {
            None
        }
    }
}

impl<R: BufRead> Iterator for BoardStream<R> {
    type Item = io::Result<FileItem>;

    fn next(&mut self) -> Option<io::Result<FileItem>> {
        self.next_with_board().map(|item| item.map(|(item, _)| item))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_board, read_boards};
    use proptest::prelude::*;

    /// The stream's boards and skipped lines, as `read_boards` gives them,
    /// checking that every board given with its item is the item's reading.
    fn streamed(bytes: &[u8], size: Option<Shape>) -> BoardFile {
        let mut file = BoardFile::default();
        let mut stream = BoardStream::new(bytes, size);
        while let Some(item) = stream.next_with_board() {
            match item.expect("reading bytes cannot fail") {
                (FileItem::Board(b), board) => {
                    if let Some(board) = board {
                        let text = b.text.as_deref().expect("a board read has its text");
                        assert_eq!(Ok(board), parse_board(text, size), "line {}", b.line);
                    }
                    file.boards.push(b);
                }
                (FileItem::Skipped(s), board) => {
                    assert_eq!(board, None, "a skipped line has no board");
                    file.skipped.push(s);
                }
            }
        }
        file.skipped.sort_by_key(|s| s.line);
        file
    }

    /// Lines that test every rule: whole boards of several sizes, rows that
    /// make 2x2, 3x3 and 4x4 boards (some of them whole 2x2 boards by
    /// themselves), count and size lines, brackets over lines, bad tokens,
    /// comments, empty lines and a line that is not UTF-8.
    const LINES: &[&[u8]] = &[
        b"8 6 7 2 5 4 3 x 1",
        b"1 2 3 4 5 6 x 7 8",
        b"1 2 3 x",
        b"x 1 2 3",
        b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15",
        b"1 2 3 4",
        b"5 6 7 8",
        b"9 10 11 12",
        b"13 14 x 15",
        b"0 1 2 3",
        b"1 2 3",
        b"4 5 6",
        b"7 8 x",
        b"1 x",
        b"2",
        b"3 3",
        b"[1, 2, 3,",
        b"4, 5, 6,",
        b"7, 8, x]",
        b"[[1,2],[3,x]]",
        b"1 2 y",
        b"1 1 x",
        b"# a comment",
        b"1 2 3 x # and a comment",
        b"",
        b"   ",
        b"\xff\xfe",
    ];

    fn file_of(picks: &[usize], crlf: bool, final_newline: bool) -> Vec<u8> {
        let end: &[u8] = if crlf { b"\r\n" } else { b"\n" };
        let mut bytes = picks
            .iter()
            .map(|&i| LINES[i % LINES.len()].to_vec())
            .collect::<Vec<_>>()
            .join(end);
        if final_newline {
            bytes.extend_from_slice(end);
        }
        bytes
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn the_stream_reads_every_file_as_read_boards_does(
            picks in proptest::collection::vec(0..LINES.len(), 0..24),
            crlf: bool,
            final_newline: bool,
            size in proptest::sample::select(vec![None, Some((2, 2)), Some((3, 3)), Some((4, 4))]),
        ) {
            let size = size.map(|(w, h)| Shape::new(w, h).unwrap());
            let bytes = file_of(&picks, crlf, final_newline);
            let mut whole = read_boards(&bytes, size);
            whole.skipped.sort_by_key(|s| s.line);
            prop_assert_eq!(streamed(&bytes, size), whole);
        }
    }

    #[test]
    fn stacked_rows_whose_first_is_a_board_by_itself_stay_one_board() {
        // "1 2 3 x" is a 2x2 board, and the first row of this 4x4 one.
        let text = "8 6 7 2 5 4 3 x 1\n\n1 2 3 x\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";
        let file = streamed(text.as_bytes(), None);
        assert_eq!(file, read_boards(text.as_bytes(), None));
        assert_eq!(file.boards.len(), 2);
    }

    #[test]
    fn boards_on_lines_of_their_own_come_with_their_reading() {
        // Boards one per line, then in blocks of one line, then one of rows.
        let text = "8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 x 7 8\n1 2 3 4 5 6 7 x 8\n\n1 2 3 x\n\n1 2\n3 x\n";
        let mut stream = BoardStream::new(text.as_bytes(), None);
        let read: Vec<(usize, bool)> = std::iter::from_fn(|| stream.next_with_board())
            .map(|item| match item.expect("reading bytes cannot fail") {
                (FileItem::Board(b), board) => (b.line, board.is_some()),
                (FileItem::Skipped(s), _) => panic!("skipped {s:?}"),
            })
            .collect();
        // Only the board of two rows is left to read.
        assert_eq!(read, [(1, true), (2, true), (3, true), (5, true), (7, false)]);
        assert_eq!(streamed(text.as_bytes(), None), read_boards(text.as_bytes(), None));
    }

    /// A reader that gives `text` and then fails, as a pipe whose writer
    /// has not written more yet would block.
    struct ThenFails<'a>(&'a [u8]);

    impl io::Read for ThenFails<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("no more yet"));
            }
            let n = self.0.len().min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_board_is_given_out_once_the_next_line_is_read() {
        let reader = io::BufReader::new(ThenFails(b"8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 x 7 8\n"));
        let mut stream = BoardStream::new(reader, None);
        let first = stream.next().unwrap().unwrap();
        assert_eq!(
            first,
            FileItem::Board(BoardInput {
                line: 1,
                text: Ok("8 6 7 2 5 4 3 x 1".to_string())
            })
        );
        // The second waits for the line after it, which could make it a row of a bigger board.
        assert!(stream.next().unwrap().is_err());
        assert!(stream.next().is_none(), "an error ends the stream");
    }

    /// One line that was no board among lines that were made the stream hold
    /// the rest of the block: 109 MB and no row before the end on a file of
    /// 300,000 boards.
    #[test]
    fn a_stray_line_among_whole_boards_holds_back_only_until_two_boards_in_a_row() {
        let text = b"8 6 7 2 5 4 3 x 1\n1 2 3\n1 2 3 4 5 6 x 7 8\n1 2 3 4 5 6 7 x 8\n";
        let mut stream = BoardStream::new(io::BufReader::new(ThenFails(text)), None);
        let mut lines = Vec::new();
        for _ in 0..3 {
            match stream.next().unwrap().unwrap() {
                FileItem::Board(b) => lines.push((b.line, b.text.is_ok())),
                FileItem::Skipped(s) => panic!("skipped {s:?}"),
            }
        }
        assert_eq!(lines, [(1, true), (2, true), (3, true)]);
        // The fourth waits for the line after it, as any whole board does.
        assert!(stream.next().unwrap().is_err());
        assert_eq!(streamed(text, None), read_boards(text, None));
    }
}
