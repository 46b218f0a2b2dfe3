//! The library's [`Solvers`] for each algorithm and heuristic a request
//! names, built on first use and kept: tables and pattern databases are
//! built or opened once and then serve every request (each request brings
//! its own budget to [`Solver::solve_with`](npuzzle::Solver::solve_with)).
//! `heuristic: auto` is the library's rule: the strongest pattern databases
//! in the directory for the board's goal, else walking distance on 4×4, else
//! linear conflict.
//!
//! A `.pdb` file in the directory that cannot be opened is named: in the
//! error of a request it could have answered when no other file does, and
//! otherwise in `/api/health` and once on standard error, while the other
//! files answer.
//!
//! The first request for a goal lists the database directory and opens its
//! files (headers read, files memory-mapped): file I/O that a cold disk or a
//! network mount can stretch, so it runs on tokio's blocking pool, never on
//! an async worker where it would hold up other requests. It happens once
//! per goal: requests that arrive while it runs wait for its result (an
//! error too) rather than open the files again, and it runs to the end on
//! a task of its own even if the request that started it goes away. After
//! an error the next request tries again (the files may have been fixed).

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use npuzzle::{Algorithm, Goal, Solver, SolverOptions};
use npuzzle_service::{HeuristicChoice, Solvers};
use tokio::sync::OnceCell;

/// The improvement time of an improving solver: the request's time budget
/// (capped by the server's `--max-timeout`) is what bounds it; this only
/// keeps the library's deadline arithmetic finite.
const IMPROVE_AT_MOST: Duration = Duration::from_secs(24 * 60 * 60);

/// Which [`Solvers`]: algorithm, heuristic choice, improving or not.
type Choice = (Algorithm, HeuristicChoice, bool);

/// The result of making a goal's solver, shared by every request that waited for it.
type Made = Result<Arc<Solver>, npuzzle::Error>;

/// Where the requests for a goal's solver being made wait for it.
type Slot = Arc<OnceCell<Made>>;

/// The server's solvers, one [`Solvers`] per algorithm and heuristic
/// choice, with and without improvement.
#[derive(Debug)]
pub struct SolverCache {
    pdb_dir: Option<PathBuf>,
    by_choice: Mutex<HashMap<Choice, Arc<Solvers>>>,
    /// Database files met that cannot be used, each with what is wrong.
    unusable: Arc<Mutex<BTreeMap<PathBuf, String>>>,
    /// Each goal's solver being made now, with the result its waiters share.
    making: Mutex<HashMap<(Choice, Goal), Slot>>,
    /// How many times a solver was made (its databases listed and opened).
    made: Arc<AtomicUsize>,
    /// Requests that went to wait for a solver being made (read by tests).
    #[cfg(test)]
    waited: AtomicUsize,
    /// Held by a test to keep the making of solvers from finishing.
    #[cfg(test)]
    gate: Arc<tokio::sync::RwLock<()>>,
}

impl SolverCache {
    /// Solvers reading databases from `pdb_dir`.
    pub fn new(pdb_dir: Option<PathBuf>) -> SolverCache {
        SolverCache {
            pdb_dir,
            by_choice: Mutex::default(),
            unusable: Arc::default(),
            making: Mutex::default(),
            made: Arc::default(),
            #[cfg(test)]
            waited: AtomicUsize::new(0),
            #[cfg(test)]
            gate: Arc::default(),
        }
    }

    /// What is wrong with each database file met so far that cannot be
    /// used (the messages name the files), in the order of their paths.
    pub fn unusable(&self) -> Vec<String> {
        let files = lock(&self.unusable);
        files.values().cloned().collect()
    }

    /// The shared solver for `goal` with this algorithm and heuristic.
    pub async fn get(
        &self,
        goal: &Goal,
        algorithm: Algorithm,
        choice: HeuristicChoice,
    ) -> Result<Arc<Solver>, npuzzle::Error> {
        self.get_improving(goal, algorithm, choice, false).await
    }

    /// Like [`get`](SolverCache::get); with `improve`, a solver that spends
    /// the rest of each request's time budget shortening a constructive
    /// solution (the library bounds the improvement by the budget).
    pub async fn get_improving(
        &self,
        goal: &Goal,
        algorithm: Algorithm,
        choice: HeuristicChoice,
        improve: bool,
    ) -> Result<Arc<Solver>, npuzzle::Error> {
        let key = (algorithm, choice, improve);
        let solvers = {
            // Each insert is one call, so a panic elsewhere leaves the map whole.
            let mut map = lock(&self.by_choice);
            let entry = map.entry(key).or_insert_with(|| {
                let options = SolverOptions::default()
                    .with_algorithm(algorithm)
                    .with_improve(improve.then_some(IMPROVE_AT_MOST));
                let unusable = Arc::clone(&self.unusable);
                let solvers = Solvers::new(options, choice).on_unusable(move |path, e| {
                    let message = e.full_message();
                    let mut files = lock(&unusable);
                    if files.insert(path.to_path_buf(), message.clone()).is_none() {
                        eprintln!("npuzzle serve: skipping a pattern database that cannot be used: {message}");
                    }
                });
                Arc::new(match &self.pdb_dir {
                    Some(dir) => solvers.with_pdb_dir(dir),
                    None => solvers,
                })
            });
            Arc::clone(entry)
        };
        // Once made, a goal's solver is a map read on this worker; making it
        // (opening databases) happens outside the map's lock, off the async
        // workers, once however many requests ask at the same time.
        if let Some(solver) = solvers.cached(goal) {
            return Ok(solver);
        }
        let slot = Arc::clone(lock(&self.making).entry((key, goal.clone())).or_default());
        #[cfg(test)]
        self.waited.fetch_add(1, Ordering::SeqCst);
        let made = Arc::clone(&self.made);
        #[cfg(test)]
        let gate = Arc::clone(&self.gate);
        let (first, wanted) = (Arc::clone(&slot), goal.clone());
        let making = tokio::spawn(async move {
            let make = || {
                crate::pool::blocking(move || {
                    #[cfg(test)]
                    let _held = gate.blocking_read();
                    made.fetch_add(1, Ordering::SeqCst);
                    solvers.get(&wanted)
                })
            };
            first.get_or_init(make).await.clone()
        });
        let result = making
            .await
            .unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()));
        // Done: later requests find the solver made, or after an error make it again.
        let mut making = lock(&self.making);
        let entry = (key, goal.clone());
        if making.get(&entry).is_some_and(|s| Arc::ptr_eq(s, &slot)) {
            making.remove(&entry);
        }
        result
    }

    /// How many times a goal's solver was made: its database directory
    /// listed and its files opened.
    #[cfg(test)]
    fn made(&self) -> usize {
        self.made.load(Ordering::SeqCst)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // Each insert or removal is one call, so a panic elsewhere leaves a map whole.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::HeuristicKind;

    /// Waits until `n` requests have gone to wait for a solver being made.
    async fn until_waiting(cache: &SolverCache, n: usize) {
        while cache.waited.load(Ordering::SeqCst) < n {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }

    /// Regression: two first requests for a goal both listed the database
    /// directory and opened its files. The making is held (by the gate)
    /// until both requests are waiting, so without sharing each would make
    /// its own and the count would be 2.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_first_requests_make_a_goals_solver_once() {
        let cache = Arc::new(SolverCache::new(None));
        let goal = Goal::standard("4x4".parse().unwrap());
        let ask = |choice| {
            let (cache, goal) = (Arc::clone(&cache), goal.clone());
            tokio::spawn(async move { cache.get(&goal, Algorithm::IdaStar, choice).await })
        };
        let held = cache.gate.write().await;
        let first = ask(HeuristicChoice::Auto);
        until_waiting(&cache, 1).await;
        let second = ask(HeuristicChoice::Auto);
        until_waiting(&cache, 2).await;
        assert_eq!(cache.made(), 0, "held by the gate");
        drop(held);
        let (first, second) = (first.await.unwrap().unwrap(), second.await.unwrap().unwrap());
        assert!(Arc::ptr_eq(&first, &second));
        assert_eq!(cache.made(), 1);
        // Made: a later request reads it without waiting or making.
        ask(HeuristicChoice::Auto).await.unwrap().unwrap();
        assert_eq!((cache.made(), cache.waited.load(Ordering::SeqCst)), (1, 2));
        assert!(lock(&cache.making).is_empty());
    }

    /// An error is shared the same way, and the next request tries again.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn waiters_share_an_error_and_the_next_request_tries_again() {
        let dir = std::env::temp_dir().join("npuzzle-server-no-such-dir");
        let cache = Arc::new(SolverCache::new(Some(dir)));
        let goal = Goal::standard("3x3".parse().unwrap());
        let pdb = HeuristicChoice::Kind(HeuristicKind::Pdb);
        let ask = || {
            let (cache, goal) = (Arc::clone(&cache), goal.clone());
            tokio::spawn(async move { cache.get(&goal, Algorithm::IdaStar, pdb).await })
        };
        let held = cache.gate.write().await;
        let first = ask();
        until_waiting(&cache, 1).await;
        let second = ask();
        until_waiting(&cache, 2).await;
        drop(held);
        for request in [first, second] {
            let err = request.await.unwrap().unwrap_err();
            assert!(matches!(err, npuzzle::Error::PdbNotFound { .. }), "{err}");
        }
        assert_eq!(cache.made(), 1);
        assert!(ask().await.unwrap().is_err());
        assert_eq!(cache.made(), 2);
    }
}
