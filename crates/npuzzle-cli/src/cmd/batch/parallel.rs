//! A batch run on worker threads. One thread reads the input into jobs
//! ([`Feed`]) and puts them in the [`Queue`] a handful at a time — and at
//! once before a read that may wait on a pipe; the workers solve them and
//! send their rows back a handful at a time; the calling thread writes
//! them. On trivial boards the hand-offs, not the solving, would otherwise
//! be the cost: a lock, a wake-up and a thread switch per board.

use std::cell::{Cell, RefCell};
use std::io::{self, BufReader, Read};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use indicatif::ProgressBar;
use npuzzle::Progress;

use super::feed::{BeforeRead, Feed, Job};
use super::queue::{Queue, WINDOW_PER_WORKER};
use super::writer::{Solved, Writer};
use super::{Batch, LastGoal, INTERRUPTED};

/// How many jobs the reader holds before putting them in the queue.
const PUT_EVERY: usize = 64;

/// The input is read in pieces of this size: a bigger piece means fewer
/// reads, and the reader puts its jobs in before every one.
const READ_BUFFER: usize = 64 * 1024;

/// A worker takes as many jobs as it solved in about this long lately.
const TAKE_TIME: Duration = Duration::from_micros(200);

/// The most jobs a worker takes at once.
const MOST_TAKEN: usize = 64;

/// How often the bar's count of the running searches' nodes is updated.
const BAR_EVERY: Duration = Duration::from_millis(250);

/// Solves every board of `input` on `progresses.len()` workers, writing the
/// rows with `writer`: what reading the input ended with (the boards
/// `--resume` found done, or the read error), and what writing did.
pub fn solve_all(
    batch: &Batch<'_>,
    input: Box<dyn Read + Send + '_>,
    progresses: &[Progress],
    writer: &mut Writer<'_>,
    bar: &ProgressBar,
) -> (io::Result<usize>, Result<()>) {
    let workers = progresses.len();
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(workers).build() {
        Ok(pool) => pool,
        Err(e) => return (Ok(0), Err(e).context("starting worker threads")),
    };
    let queue = Queue::new(workers, WINDOW_PER_WORKER * workers);
    let (tx, rx) = mpsc::channel::<Vec<Solved>>();
    std::thread::scope(|scope| {
        let queue = &queue;
        let reader = scope.spawn(move || read(batch, input, queue, bar));
        scope.spawn(move || {
            pool.scope(|s| {
                for progress in progresses {
                    let tx = tx.clone();
                    s.spawn(move |_| work(batch, queue, progress, tx));
                }
            });
        });
        let (stop_bar, stopped) = mpsc::channel::<()>();
        if !bar.is_hidden() {
            scope.spawn(move || show_running_nodes(bar, progresses, stopped));
        }
        let written = write(writer, rx, queue);
        // The writer stopped (the rows are all written, or it failed): nothing more is wanted.
        queue.close();
        drop(stop_bar);
        let read = reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the reading thread failed")));
        (read, written)
    })
}

/// The reading thread: jobs into `queue` until the input ends (or the queue
/// closes, or an interruption); the boards found done, or the read error.
fn read(batch: &Batch<'_>, input: Box<dyn Read + Send + '_>, queue: &Queue, bar: &ProgressBar) -> io::Result<usize> {
    let held: RefCell<Vec<Job>> = RefCell::new(Vec::with_capacity(PUT_EVERY));
    let open = Cell::new(true);
    let put = || {
        let mut held = held.borrow_mut();
        if open.get() {
            open.set(queue.put(held.drain(..)));
        }
        held.clear();
    };
    let source = BufReader::with_capacity(READ_BUFFER, BeforeRead::new(input, &put));
    let mut feed = Feed::new(source, batch.board.size);
    while open.get() && !INTERRUPTED.load(Ordering::SeqCst) {
        let Some(job) = feed.next_job(|n, input| batch.pick(n, input)) else {
            break;
        };
        if !bar.is_hidden() {
            bar.inc_length(1);
        }
        let full = {
            let mut held = held.borrow_mut();
            held.push(job);
            held.len() >= PUT_EVERY
        };
        if full {
            put();
        }
    }
    put();
    queue.end();
    feed.finish()
}

/// A worker: solves jobs from `queue` and sends their rows to the writer
/// until none are left (or the writer is gone, or an interruption).
fn work(batch: &Batch<'_>, queue: &Queue, progress: &Progress, tx: Sender<Vec<Solved>>) {
    let mut jobs = Vec::new();
    let mut pace = Pace::default();
    let mut last = LastGoal::default();
    while !INTERRUPTED.load(Ordering::SeqCst) && queue.take(pace.jobs(), &mut jobs) {
        let started = Instant::now();
        let mut rows = Vec::with_capacity(jobs.len());
        for job in jobs.drain(..) {
            if INTERRUPTED.load(Ordering::SeqCst) {
                break;
            }
            rows.push(batch.solve(job, progress, &mut last));
        }
        pace.solved(rows.len(), started.elapsed());
        if tx.send(rows).is_err() {
            break;
        }
    }
}

/// How many jobs a worker takes at once: as many as it solved in about
/// [`TAKE_TIME`] lately, so that trivial boards go in handfuls and hard ones
/// one by one (and the first ones, their pace unknown, one by one).
#[derive(Default)]
struct Pace {
    per_job: Option<Duration>,
}

impl Pace {
    fn jobs(&self) -> usize {
        match self.per_job {
            None => 1,
            Some(per_job) => {
                let fit = TAKE_TIME.as_nanos() / per_job.as_nanos().max(1);
                usize::try_from(fit).unwrap_or(MOST_TAKEN).clamp(1, MOST_TAKEN)
            }
        }
    }

    fn solved(&mut self, jobs: usize, took: Duration) {
        let Some(per_job) = took.checked_div(jobs as u32) else {
            return;
        };
        // Mostly the recent pace, without swinging on one odd handful.
        self.per_job = Some(match self.per_job {
            None => per_job,
            Some(before) => (before * 3 + per_job) / 4,
        });
    }
}

/// The writing loop: writes the rows as they come, flushing after each
/// handful and making room in the window.
fn write(writer: &mut Writer<'_>, rx: Receiver<Vec<Solved>>, queue: &Queue) -> Result<()> {
    while let Ok(rows) = rx.recv() {
        for row in rows.into_iter().chain(rx.try_iter().flatten()) {
            writer.add(row)?;
        }
        writer.flush()?;
        queue.wrote(writer.written());
    }
    Ok(())
}

/// Shows on `bar` how many nodes the running searches have expanded, until
/// `stop` hangs up: long searches (a campaign's instances) move it.
fn show_running_nodes(bar: &ProgressBar, progresses: &[Progress], stop: Receiver<()>) {
    while stop.recv_timeout(BAR_EVERY) == Err(RecvTimeoutError::Timeout) {
        let running: u64 = progresses.iter().map(Progress::expanded).sum();
        bar.set_message(crate::progress::running_nodes(running));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pace_takes_one_job_at_first_then_as_many_as_fit() {
        let mut pace = Pace::default();
        assert_eq!(pace.jobs(), 1);
        pace.solved(10, Duration::from_micros(20));
        assert_eq!(pace.jobs(), 64, "2 µs a job: at most {MOST_TAKEN}");
        let mut slow = Pace::default();
        slow.solved(1, Duration::from_millis(5));
        assert_eq!(slow.jobs(), 1);
        slow.solved(1, Duration::from_micros(50));
        assert_eq!(slow.jobs(), 1, "one quick job does not undo a slow pace");
        pace.solved(0, Duration::from_millis(1));
        assert_eq!(pace.jobs(), 64, "an interrupted handful says nothing");
    }
}
