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
//! an async worker where it would hold up other requests.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use npuzzle::{Algorithm, Goal, HeuristicChoice, Solver, SolverOptions, Solvers};

/// The improvement time of an improving solver: the request's time budget
/// (capped by the server's `--max-timeout`) is what bounds it; this only
/// keeps the library's deadline arithmetic finite.
const IMPROVE_AT_MOST: Duration = Duration::from_secs(24 * 60 * 60);

/// The server's solvers, one [`Solvers`] per algorithm and heuristic
/// choice, with and without improvement.
#[derive(Debug)]
pub struct SolverCache {
    pdb_dir: Option<PathBuf>,
    by_choice: Mutex<HashMap<(Algorithm, HeuristicChoice, bool), Arc<Solvers>>>,
    /// Database files met that cannot be used, each with what is wrong.
    unusable: Arc<Mutex<BTreeMap<PathBuf, String>>>,
}

impl SolverCache {
    /// Solvers reading databases from `pdb_dir`.
    pub fn new(pdb_dir: Option<PathBuf>) -> SolverCache {
        SolverCache {
            pdb_dir,
            by_choice: Mutex::default(),
            unusable: Arc::default(),
        }
    }

    /// What is wrong with each database file met so far that cannot be
    /// used (the messages name the files), in the order of their paths.
    pub fn unusable(&self) -> Vec<String> {
        let files = self.unusable.lock().unwrap_or_else(PoisonError::into_inner);
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
        let solvers = {
            // Each insert is one call, so a panic elsewhere leaves the map whole.
            let mut map = self.by_choice.lock().unwrap_or_else(PoisonError::into_inner);
            let entry = map.entry((algorithm, choice, improve)).or_insert_with(|| {
                let options = SolverOptions::default()
                    .with_algorithm(algorithm)
                    .with_improve(improve.then_some(IMPROVE_AT_MOST));
                let unusable = Arc::clone(&self.unusable);
                let solvers = Solvers::new(options, choice).on_unusable(move |path, e| {
                    let message = e.full_message();
                    let mut files = unusable.lock().unwrap_or_else(PoisonError::into_inner);
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
        // workers.
        if let Some(solver) = solvers.cached(goal) {
            return Ok(solver);
        }
        let goal = goal.clone();
        crate::pool::blocking(move || solvers.get(&goal)).await
    }
}
