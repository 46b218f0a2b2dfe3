//! The hand-off between a batch's reader and its workers. The reader puts
//! jobs in a few at a time; each worker takes as many as it solves in a
//! short while, so that trivial boards cost one lock and one wake-up per
//! handful rather than per board, while hard ones still go out one by one
//! to whichever worker is free.
//!
//! Ordered output holds the rows finished ahead of the first unwritten one;
//! a window bounds how far past it the reader may hand out jobs, so that
//! one long search does not make the rows behind it pile up.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use super::feed::Job;

/// How many boards past the first unwritten one each worker may be handed:
/// enough that ordered output keeps every worker busy behind a slow board
/// for a while, few enough that the held rows stay small.
pub const WINDOW_PER_WORKER: usize = 256;

/// The jobs read and not yet taken, shared by the reader and the workers.
pub struct Queue {
    state: Mutex<State>,
    /// Idle workers wait here for jobs.
    jobs_come: Condvar,
    /// The reader waits here for room in the window.
    room: Condvar,
    window: usize,
    workers: usize,
}

struct State {
    jobs: VecDeque<Job>,
    /// Rows written so far.
    written: usize,
    /// While the reader waits for room: the rows that must be written first.
    reader_needs: Option<usize>,
    idle_workers: usize,
    /// The reader has put in its last job.
    ended: bool,
    /// No more jobs are wanted: the writer stopped.
    closed: bool,
}

impl Queue {
    /// A queue for `workers` workers, handing out jobs up to `window` past
    /// the first unwritten row.
    pub fn new(workers: usize, window: usize) -> Queue {
        Queue {
            state: Mutex::new(State {
                jobs: VecDeque::new(),
                written: 0,
                reader_needs: None,
                idle_workers: 0,
                ended: false,
                closed: false,
            }),
            jobs_come: Condvar::new(),
            room: Condvar::new(),
            window: window.max(1),
            workers: workers.max(1),
        }
    }

    /// Puts `jobs` (in output order, fewer than the window) in once the
    /// window has room for them all; `false` once the queue is closed.
    pub fn put(&self, jobs: impl ExactSizeIterator<Item = Job>) -> bool {
        let mut jobs = jobs.peekable();
        let mut state = self.lock();
        if let Some(first) = jobs.peek() {
            let needs = (first.index + jobs.len()).saturating_sub(self.window);
            while !state.closed && state.written < needs {
                state.reader_needs = Some(needs);
                state = self.room.wait(state).unwrap_or_else(PoisonError::into_inner);
            }
            state.reader_needs = None;
        }
        if state.closed {
            return false;
        }
        let idle = state.idle_workers;
        state.jobs.extend(jobs);
        drop(state);
        // Waking costs a system call even with nobody waiting: only wake the idle.
        match idle {
            0 => {}
            1 => self.jobs_come.notify_one(),
            _ => self.jobs_come.notify_all(),
        }
        true
    }

    /// Says that the reader has put in its last job.
    pub fn end(&self) {
        self.lock().ended = true;
        self.jobs_come.notify_all();
    }

    /// Moves up to `most` jobs (at least one, at most a fair share of those
    /// waiting) into `into`, waiting for some; `false` when there are none
    /// left to come.
    pub fn take(&self, most: usize, into: &mut Vec<Job>) -> bool {
        let mut state = self.lock();
        loop {
            if state.closed {
                return false;
            }
            if !state.jobs.is_empty() {
                let share = state.jobs.len().div_ceil(self.workers);
                let n = most.clamp(1, share);
                into.extend(state.jobs.drain(..n));
                return true;
            }
            if state.ended {
                return false;
            }
            state.idle_workers += 1;
            state = self.jobs_come.wait(state).unwrap_or_else(PoisonError::into_inner);
            state.idle_workers -= 1;
        }
    }

    /// Says that `rows` rows are written in all, making room in the window.
    pub fn wrote(&self, rows: usize) {
        let mut state = self.lock();
        state.written = rows;
        if state.reader_needs.is_some_and(|needs| rows >= needs) {
            self.room.notify_one();
        }
    }

    /// Stops the hand-off: the reader and the workers waiting are let go,
    /// and no job is given out any more.
    pub fn close(&self) {
        self.lock().closed = true;
        self.jobs_come.notify_all();
        self.room.notify_all();
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::parse::BoardInput;

    fn jobs(indices: std::ops::Range<usize>) -> impl ExactSizeIterator<Item = Job> {
        indices.map(|index| Job {
            index,
            instance: index + 1,
            input: BoardInput {
                line: index + 1,
                text: Ok("1 2 3 x".to_string()),
            },
            board: None,
        })
    }

    fn indices(taken: &[Job]) -> Vec<usize> {
        taken.iter().map(|j| j.index).collect()
    }

    #[test]
    fn workers_take_a_fair_share_in_order_and_stop_at_the_end() {
        let queue = Queue::new(2, 100);
        assert!(queue.put(jobs(0..5)));
        queue.end();
        let mut taken = Vec::new();
        // Five waiting, two workers: at most three each.
        assert!(queue.take(10, &mut taken));
        assert_eq!(indices(&taken), [0, 1, 2]);
        taken.clear();
        assert!(queue.take(1, &mut taken));
        assert_eq!(indices(&taken), [3]);
        assert!(queue.take(10, &mut taken));
        assert_eq!(indices(&taken), [3, 4]);
        assert!(!queue.take(10, &mut taken), "nothing left to come");
    }

    #[test]
    fn the_window_holds_the_reader_until_rows_are_written() {
        let queue = Queue::new(1, 4);
        assert!(queue.put(jobs(0..3)));
        std::thread::scope(|s| {
            // Jobs 3 to 5 fit once two rows are written.
            let reader = s.spawn(|| queue.put(jobs(3..6)));
            let mut taken = Vec::new();
            assert!(queue.take(10, &mut taken));
            assert_eq!(indices(&taken), [0, 1, 2]);
            queue.wrote(1);
            queue.wrote(2);
            assert!(reader.join().unwrap());
            taken.clear();
            assert!(queue.take(10, &mut taken));
            assert_eq!(indices(&taken), [3, 4, 5]);
        });
    }

    #[test]
    fn closing_lets_the_waiting_reader_and_workers_go() {
        let queue = Queue::new(2, 1);
        assert!(queue.put(jobs(0..1)));
        std::thread::scope(|s| {
            let reader = s.spawn(|| queue.put(jobs(1..2)));
            let mut taken = Vec::new();
            assert!(queue.take(1, &mut taken));
            let worker = s.spawn(|| queue.take(1, &mut Vec::new()));
            queue.close();
            assert!(!reader.join().unwrap(), "the reader is told to stop");
            assert!(!worker.join().unwrap(), "the worker is told to stop");
        });
    }
}
