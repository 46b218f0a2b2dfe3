//! The boards a batch solves, read from its input as they come: workers
//! take them one at a time, in input order, so a huge file or an endless
//! pipe is read in bounded memory and the first rows are written before the
//! input ends. Ordered output holds the rows finished ahead of the first
//! unfinished board; a window bounds how far ahead the workers may go, so
//! that one long search does not make the rows behind it pile up.

use std::io::BufRead;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use npuzzle::parse::{BoardInput, BoardStream, FileItem};
use npuzzle::Shape;

/// How many boards past the first unwritten one each worker may take:
/// enough that ordered output keeps every worker busy behind a slow board
/// for a while, few enough that the held rows stay small.
pub const WINDOW_PER_WORKER: usize = 256;

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
/// (its place among the input's boards) and its text.
pub struct Job {
    pub index: usize,
    pub instance: usize,
    pub input: BoardInput,
}

/// The input, shared by the workers.
pub struct Feed<'r> {
    state: Mutex<State<'r>>,
    /// Rows written so far, raised by the writer: read without a lock, as
    /// the window is rarely full.
    written: AtomicUsize,
    /// Workers waiting for room, woken through `room`.
    waiting: Mutex<usize>,
    room: Condvar,
    window: usize,
}

struct State<'r> {
    boards: BoardStream<Box<dyn BufRead + Send + 'r>>,
    /// The instance number of the last board read.
    instance: usize,
    /// The output index the next job gets.
    next: usize,
    /// Boards `--resume` found done.
    done: usize,
    error: Option<std::io::Error>,
    ended: bool,
}

impl<'r> Feed<'r> {
    /// Boards of `size` (when given) from `reader`; up to `window` jobs past
    /// the first unwritten row.
    pub fn new(reader: Box<dyn BufRead + Send + 'r>, size: Option<Shape>, window: usize) -> Feed<'r> {
        Feed {
            state: Mutex::new(State {
                boards: BoardStream::new(reader, size),
                instance: 0,
                next: 0,
                done: 0,
                error: None,
                ended: false,
            }),
            written: AtomicUsize::new(0),
            waiting: Mutex::new(0),
            room: Condvar::new(),
            window: window.max(1),
        }
    }

    /// The next board `pick` says to solve, once the window has room for
    /// it; `None` at the end of the input (or after a read error, kept for
    /// [`Feed::finish`]). Count and size lines are said on stderr as read.
    pub fn take(&self, pick: impl Fn(usize, &BoardInput) -> Pick) -> Option<Job> {
        let mut state = lock(&self.state);
        let full = |next: usize| next >= self.written.load(Ordering::SeqCst) + self.window;
        if full(state.next) {
            let mut waiting = lock(&self.waiting);
            *waiting += 1;
            while full(state.next) {
                waiting = self.room.wait(waiting).unwrap_or_else(PoisonError::into_inner);
            }
            *waiting -= 1;
        }
        while !state.ended {
            match state.boards.next() {
                None => state.ended = true,
                Some(Err(e)) => {
                    state.error = Some(e);
                    state.ended = true;
                }
                Some(Ok(FileItem::Skipped(line))) => crate::input::say_skipped(&line),
                Some(Ok(FileItem::Board(input))) => {
                    state.instance += 1;
                    match pick(state.instance, &input) {
                        Pick::Leave => {}
                        Pick::Done => state.done += 1,
                        Pick::Solve => {
                            let index = state.next;
                            state.next += 1;
                            let instance = state.instance;
                            return Some(Job { index, instance, input });
                        }
                    }
                }
            }
        }
        None
    }

    /// Says that `rows` rows are written in all, making room in the window.
    pub fn wrote(&self, rows: usize) {
        self.written.store(rows, Ordering::SeqCst);
        // A worker counts itself waiting, under the lock, before it looks at
        // `written` again: it sees these rows, or it is counted here.
        if *lock(&self.waiting) > 0 {
            self.room.notify_all();
        }
    }

    /// The boards `--resume` found done, or the error that ended the input.
    pub fn finish(self) -> std::io::Result<usize> {
        let state = self.state.into_inner().unwrap_or_else(PoisonError::into_inner);
        match state.error {
            Some(e) => Err(e),
            None => Ok(state.done),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(text: &'static str, window: usize) -> Feed<'static> {
        Feed::new(Box::new(text.as_bytes()), None, window)
    }

    #[test]
    fn jobs_come_in_input_order_with_instances_counted_over_every_board() {
        let feed = feed("1 2 3 x\n# note\nx 1 2 3\n1 x 2 3\n1 2 x 3\n", 10);
        // Leave the second board, count the third as done.
        let pick = |n: usize, _: &BoardInput| match n {
            2 => Pick::Leave,
            3 => Pick::Done,
            _ => Pick::Solve,
        };
        let jobs: Vec<(usize, usize, usize)> = std::iter::from_fn(|| feed.take(pick))
            .map(|j| (j.index, j.instance, j.input.line))
            .collect();
        assert_eq!(jobs, [(0, 1, 1), (1, 4, 5)]);
        assert_eq!(feed.finish().unwrap(), 1);
    }

    #[test]
    fn the_window_holds_workers_until_rows_are_written() {
        let feed = feed("1 2 3 x\nx 1 2 3\n1 x 2 3\n", 2);
        let solve = |_: usize, _: &BoardInput| Pick::Solve;
        let (first, second) = (feed.take(solve).unwrap(), feed.take(solve).unwrap());
        assert_eq!((first.index, second.index), (0, 1));
        std::thread::scope(|s| {
            let third = s.spawn(|| feed.take(solve).map(|j| j.index));
            // The third job waits for room: it comes once a row is written.
            feed.wrote(1);
            assert_eq!(third.join().unwrap(), Some(2));
        });
    }
}
