//! Where searches run: on tokio's blocking pool, at most `workers` at once,
//! at most `queue` more waiting, each cancelled when its request is dropped.
//!
//! The async workers only parse, wait and serialise, so a search can never
//! stall the server: `/api/health` and table lookups answer while every
//! worker searches. A request past the queue is refused at once ([`Busy`],
//! answered 503 with `Retry-After`) rather than held for an unknown time.
//! When a client goes away hyper drops the handler's future; the
//! [`Cancel`] flag that future held is raised on drop, and the search reads
//! it where it reads its clock, so the worker is free again within about a
//! thousand nodes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use npuzzle::Cancel;
use tokio::sync::Semaphore;

/// Every worker is busy and the queue is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

/// The searches' workers and their queue.
#[derive(Debug)]
pub struct SearchPool {
    workers: Arc<Semaphore>,
    /// Requests admitted: running plus waiting.
    admitted: Arc<AtomicUsize>,
    limit: usize,
}

impl SearchPool {
    /// A pool running `workers` searches at once (at least one) with `queue`
    /// more waiting.
    pub fn new(workers: usize, queue: usize) -> SearchPool {
        let workers = workers.max(1);
        SearchPool {
            workers: Arc::new(Semaphore::new(workers)),
            admitted: Arc::default(),
            limit: workers + queue,
        }
    }

    /// Runs `job` on a worker once one is free; [`Busy`] at once when the
    /// queue is full. Dropping the returned future (the client went away)
    /// raises the job's [`Cancel`] flag, or takes it out of the queue.
    pub async fn run<T, F>(&self, job: F) -> Result<T, Busy>
    where
        T: Send + 'static,
        F: FnOnce(&Cancel) -> T + Send + 'static,
    {
        let ticket = Ticket::admit(&self.admitted, self.limit).ok_or(Busy)?;
        // The semaphore is never closed, so acquiring fails only if it were.
        let permit = Arc::clone(&self.workers).acquire_owned().await.map_err(|_| Busy)?;
        let cancel = Cancel::new();
        let on_drop = CancelOnDrop(cancel.clone());
        let task = tokio::task::spawn_blocking(move || {
            // Held until the search returns, even when its client has left.
            let _running = (permit, ticket);
            job(&cancel)
        });
        let result = task.await;
        std::mem::forget(on_drop);
        match result {
            Ok(value) => Ok(value),
            // The job panicked (a bug): let the request fail as a panic would.
            Err(e) => std::panic::resume_unwind(e.into_panic()),
        }
    }

    /// Requests running or waiting now.
    pub fn admitted(&self) -> usize {
        self.admitted.load(Ordering::Relaxed)
    }
}

/// One admitted request; leaves the count when dropped.
struct Ticket(Arc<AtomicUsize>);

impl Ticket {
    fn admit(count: &Arc<AtomicUsize>, limit: usize) -> Option<Ticket> {
        count
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < limit).then_some(n + 1))
            .ok()
            .map(|_| Ticket(Arc::clone(count)))
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Raises the flag when the request's future is dropped before the job ends.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// Runs `f` on tokio's blocking pool, outside the search pool's bounds (for
/// work that takes moments: a table lookup, opening databases); a panic in
/// it (a bug) is passed on to the caller as if `f` had run here.
pub(crate) async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn past_the_queue_is_busy() {
        let pool = Arc::new(SearchPool::new(1, 1));
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let rx = Arc::new(std::sync::Mutex::new(rx));
        let spawn = |rx: Arc<std::sync::Mutex<std::sync::mpsc::Receiver<()>>>| {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move {
                pool.run(move |_| rx.lock().map(|r| r.recv().is_ok()).unwrap_or(false))
                    .await
            })
        };
        let first = spawn(Arc::clone(&rx));
        let second = spawn(Arc::clone(&rx));
        while pool.admitted() < 2 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert_eq!(pool.run(|_| ()).await, Err(Busy));
        tx.send(()).unwrap();
        tx.send(()).unwrap();
        assert_eq!(first.await.unwrap(), Ok(true));
        assert_eq!(second.await.unwrap(), Ok(true));
        assert_eq!(pool.admitted(), 0);
    }

    #[tokio::test]
    async fn a_dropped_request_cancels_its_job() {
        let pool = Arc::new(SearchPool::new(1, 0));
        let (seen_tx, seen_rx) = tokio::sync::oneshot::channel();
        let running = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move {
                pool.run(move |cancel| {
                    while !cancel.is_cancelled() {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    let _ = seen_tx.send(());
                })
                .await
            })
        };
        while pool.admitted() < 1 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        running.abort();
        tokio::time::timeout(Duration::from_secs(5), seen_rx)
            .await
            .expect("the job saw the cancel flag")
            .unwrap();
        while pool.admitted() > 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
}
