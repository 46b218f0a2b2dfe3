//! The service's [`Session`]s (one per database directory), kept between
//! calls, so that tables and databases are built or mapped once per process
//! (the 3×3 table takes 10 ms to build; a lookup in it takes a microsecond).
//! `heuristic="auto"` is resolved per goal: the strongest pattern database
//! present in the database directory, else walking distance on 4×4, else
//! linear conflict.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use npuzzle::{Budget, Goal, Solver, SolverOptions};
use npuzzle_service::sync::lock;
use npuzzle_service::{Session, SolverSpec};
use pyo3::PyResult;

use crate::errors::OrRaise;

/// Everything the solvers are built from, as the keyword arguments give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    spec: SolverSpec,
    pdb_dir: Option<PathBuf>,
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
        let options = SolverOptions::default()
            .with_algorithm(algorithm.parse::<npuzzle::Algorithm>().or_raise()?)
            .with_budget(budget)
            .with_threads(threads.max(1));
        Ok(Key {
            spec: SolverSpec::new(
                options,
                heuristic.parse::<npuzzle_service::HeuristicChoice>().or_raise()?,
            ),
            pdb_dir,
        })
    }

    /// This key minimising the length in `metric` (`stm` or `mtm`).
    pub fn with_metric(mut self, metric: &str) -> PyResult<Key> {
        self.spec.options = self
            .spec
            .options
            .with_metric(metric.parse::<npuzzle::Metric>().or_raise()?);
        Ok(self)
    }

    /// This key asking for a solution at most `within` times the shortest.
    pub fn with_within(mut self, within: Option<f64>) -> PyResult<Key> {
        let within = within
            .map(npuzzle::search::within::Within::new)
            .transpose()
            .or_raise()?;
        self.spec.options = self.spec.options.with_within(within);
        Ok(self)
    }

    /// This key with up to `improve` spent shortening a constructive solution.
    pub fn with_improve(mut self, improve: Option<std::time::Duration>) -> Key {
        self.spec.options = self.spec.options.with_improve(improve);
        self
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

/// The session's solvers for one [`Key`].
pub struct SharedSolvers {
    session: Arc<Session>,
    spec: SolverSpec,
}

/// One session per database directory.
static SESSIONS: Mutex<Vec<(Option<PathBuf>, Arc<Session>)>> = Mutex::new(Vec::new());

impl SharedSolvers {
    /// The shared solvers for `key`.
    pub fn get_or_create(key: Key) -> Arc<SharedSolvers> {
        let mut sessions = lock(&SESSIONS);
        let session = match sessions.iter().find(|(dir, _)| *dir == key.pdb_dir) {
            Some((_, session)) => Arc::clone(session),
            None => {
                let session = Arc::new(Session::with_dir(key.pdb_dir.clone()));
                sessions.push((key.pdb_dir, Arc::clone(&session)));
                session
            }
        };
        Arc::new(SharedSolvers {
            session,
            spec: key.spec,
        })
    }

    /// Forgets every solver, so that `heuristic="auto"` looks at the database
    /// directories again (after a build added a file).
    pub fn forget_all() {
        lock(&SESSIONS).clear();
    }

    /// The solver for boards with `goal`.
    pub fn get(&self, goal: &Goal) -> PyResult<Arc<GoalSolver>> {
        Ok(Arc::new(GoalSolver {
            solver: self.session.solver(&self.spec, goal).or_raise()?,
            goal: goal.clone(),
        }))
    }
}
