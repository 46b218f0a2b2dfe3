//! The library's [`Solvers`] (one shared [`Solver`] per goal, `heuristic="auto"`
//! resolved per goal: the strongest pattern database present in the
//! database directory, else walking distance on 4×4, else linear conflict),
//! kept between calls for each set of options, so that tables and databases
//! are built or mapped once per process (the 3×3 table takes 10 ms to build;
//! a lookup in it takes a microsecond).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use npuzzle::{Algorithm, Budget, Goal, Solver, SolverOptions};
use npuzzle_service::{HeuristicChoice, Solvers};
use pyo3::PyResult;

use crate::errors::OrRaise;

/// Everything the solvers are built from, as the keyword arguments give it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    algorithm: Algorithm,
    choice: HeuristicChoice,
    max_nodes: Option<u64>,
    timeout: Option<std::time::Duration>,
    max_memory: Option<u64>,
    threads: usize,
    pdb_dir: Option<PathBuf>,
    improve: Option<std::time::Duration>,
}

impl Key {
    /// Parses the names; an `OptionError` for an unknown one.
    pub fn new(
        algorithm: &str,
        heuristic: &str,
        budget: Budget,
        threads: usize,
        pdb_dir: Option<PathBuf>,
    ) -> PyResult<Key> {
        Ok(Key {
            algorithm: algorithm.parse().or_raise()?,
            choice: heuristic.parse().or_raise()?,
            max_nodes: budget.max_nodes,
            timeout: budget.timeout,
            max_memory: budget.max_memory,
            threads: threads.max(1),
            pdb_dir,
            improve: None,
        })
    }

    /// This key with up to `improve` spent shortening a constructive solution.
    pub fn with_improve(mut self, improve: Option<std::time::Duration>) -> Key {
        self.improve = improve;
        self
    }

    fn solvers(&self) -> Solvers {
        let budget = Budget::default()
            .with_max_nodes(self.max_nodes)
            .with_timeout(self.timeout)
            .with_max_memory(self.max_memory);
        let options = SolverOptions::default()
            .with_algorithm(self.algorithm)
            .with_budget(budget)
            .with_threads(self.threads)
            .with_improve(self.improve);
        let solvers = Solvers::new(options, self.choice);
        match &self.pdb_dir {
            Some(dir) => solvers.with_pdb_dir(dir),
            None => solvers,
        }
    }
}

/// A solver for one goal, with the goal (which every solution names).
#[derive(Debug)]
pub struct GoalSolver {
    /// The solver.
    pub solver: Arc<Solver>,
    /// The goal it was resolved for.
    pub goal: Goal,
}

/// The library's solvers for one [`Key`], and ours per goal on top.
pub struct SharedSolvers {
    solvers: Solvers,
    by_goal: Mutex<HashMap<Goal, Arc<GoalSolver>>>,
}

/// Most option sets kept at once; beyond that the cache starts afresh.
const MAX_KEYS: usize = 32;

static CACHE: Mutex<Vec<(Key, Arc<SharedSolvers>)>> = Mutex::new(Vec::new());

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // Every update is one insert: a panic elsewhere cannot leave a map half-written.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl SharedSolvers {
    /// The shared solvers for `key`.
    pub fn get_or_create(key: Key) -> Arc<SharedSolvers> {
        let mut cache = lock(&CACHE);
        if let Some((_, s)) = cache.iter().find(|(k, _)| *k == key) {
            return Arc::clone(s);
        }
        if cache.len() >= MAX_KEYS {
            cache.clear();
        }
        let shared = Arc::new(SharedSolvers {
            solvers: key.solvers(),
            by_goal: Mutex::default(),
        });
        cache.push((key, Arc::clone(&shared)));
        shared
    }

    /// Forgets every solver, so that `heuristic="auto"` looks at the database
    /// directories again (after a build added a file).
    pub fn forget_all() {
        lock(&CACHE).clear();
    }

    /// The solver for boards with `goal`.
    pub fn get(&self, goal: &Goal) -> PyResult<Arc<GoalSolver>> {
        if let Some(s) = lock(&self.by_goal).get(goal) {
            return Ok(Arc::clone(s));
        }
        let resolved = Arc::new(GoalSolver {
            solver: self.solvers.get(goal).or_raise()?,
            goal: goal.clone(),
        });
        lock(&self.by_goal).insert(goal.clone(), Arc::clone(&resolved));
        Ok(resolved)
    }
}
