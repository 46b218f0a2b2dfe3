//! The boards a batch solves, read from its input as they come, each made
//! a job with its place in the output and among the input's boards. A huge
//! file or an endless pipe is read in bounded memory, and the first boards
//! go to the workers before the input ends.

use std::io::{self, BufRead, Read};

use npuzzle::parse::{BoardInput, BoardStream, FileItem};
use npuzzle::{Board, Shape};

/// What a batch does with a board it has read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// Solve it.
    Solve,
    /// `--resume` found its row: count it as done.
    Done,
    /// Not among `--instances`.
    Leave,
}

/// A board to solve: its place in the output order, its instance number
/// (its place among the input's boards), its text, and the board it reads
/// as when the reader has read it already.
pub struct Job {
    pub index: usize,
    pub instance: usize,
    pub input: BoardInput,
    pub board: Option<Board>,
}

/// The input's boards as jobs, in input order.
pub struct Feed<R> {
    boards: BoardStream<R>,
    /// The instance number of the last board read.
    instance: usize,
    /// The output index the next job gets.
    next: usize,
    /// Boards `--resume` found done.
    done: usize,
    error: Option<io::Error>,
}

impl<R: BufRead> Feed<R> {
    /// Boards of `size` (when given) from `reader`.
    pub fn new(reader: R, size: Option<Shape>) -> Feed<R> {
        Feed {
            boards: BoardStream::new(reader, size),
            instance: 0,
            next: 0,
            done: 0,
            error: None,
        }
    }

    /// The next board `pick` says to solve; `None` at the end of the input
    /// (or after a read error, kept for [`Feed::finish`]). Count and size
    /// lines are said on stderr as read.
    pub fn next_job(&mut self, pick: impl Fn(usize, &BoardInput) -> Pick) -> Option<Job> {
        while self.error.is_none() {
            match self.boards.next_with_board()? {
                Err(e) => self.error = Some(e),
                Ok((FileItem::Skipped(line), _)) => crate::input::say_skipped(&line),
                Ok((FileItem::Board(input), board)) => {
                    self.instance += 1;
                    match pick(self.instance, &input) {
                        Pick::Leave => {}
                        Pick::Done => self.done += 1,
                        Pick::Solve => {
                            let index = self.next;
                            self.next += 1;
                            let instance = self.instance;
                            return Some(Job {
                                index,
                                instance,
                                input,
                                board,
                            });
                        }
                    }
                }
            }
        }
        None
    }

    /// The boards `--resume` found done, or the error that ended the input.
    pub fn finish(self) -> io::Result<usize> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.done),
        }
    }
}

/// A reader that calls `hook` before each read of `inner`: the moments a
/// read may wait on a pipe, when what was held back to go out in bulk (a
/// handful of jobs) must go out, lest it wait on input that never comes.
pub struct BeforeRead<R, F> {
    inner: R,
    hook: F,
}

impl<R: Read, F: FnMut()> BeforeRead<R, F> {
    pub fn new(inner: R, hook: F) -> BeforeRead<R, F> {
        BeforeRead { inner, hook }
    }
}

impl<R: Read, F: FnMut()> Read for BeforeRead<R, F> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        (self.hook)();
        self.inner.read(buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_come_in_input_order_with_instances_counted_over_every_board() {
        let mut feed = Feed::new("1 2 3 x\n# note\nx 1 2 3\n1 x 2 3\n1 2 x 3\n".as_bytes(), None);
        // Leave the second board, count the third as done.
        let pick = |n: usize, _: &BoardInput| match n {
            2 => Pick::Leave,
            3 => Pick::Done,
            _ => Pick::Solve,
        };
        let jobs: Vec<(usize, usize, usize)> = std::iter::from_fn(|| feed.next_job(pick))
            .map(|j| (j.index, j.instance, j.input.line))
            .collect();
        assert_eq!(jobs, [(0, 1, 1), (1, 4, 5)]);
        assert_eq!(feed.finish().unwrap(), 1);
    }

    #[test]
    fn the_hook_runs_before_each_read_of_the_source() {
        let mut calls = 0;
        let text = "8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 x 7 8\n";
        {
            // A buffer of 8 bytes: the 36 bytes take five reads, and a sixth finds the end.
            let reader = io::BufReader::with_capacity(8, BeforeRead::new(text.as_bytes(), || calls += 1));
            let mut feed = Feed::new(reader, None);
            let jobs = std::iter::from_fn(|| feed.next_job(|_, _| Pick::Solve)).count();
            assert_eq!(jobs, 2);
        }
        assert_eq!(calls, 6);
    }
}
