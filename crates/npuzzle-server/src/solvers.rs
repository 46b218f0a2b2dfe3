//! One shared [`Solver`] per algorithm, heuristic and database, built on
//! first use: tables and pattern databases are built or opened once and
//! then serve every request (each request brings its own budget to
//! [`Solver::solve_with`]). `heuristic: auto` is the strongest pattern
//! database in the directory for the board's goal, else walking distance on
//! 4×4, else linear conflict — the command line's rule.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use npuzzle::heuristic::pdb::{self, AdditivePdb};
use npuzzle::{Algorithm, Goal, HeuristicKind, Solver, SolverOptions};

use crate::request::HeuristicChoice;

/// What a solver is built from.
type Key = (Algorithm, HeuristicKind, Option<PathBuf>);

/// The server's solvers and databases.
#[derive(Debug)]
pub struct Solvers {
    pdb_dir: Option<PathBuf>,
    /// The strongest database file for each goal met so far (`None`: none).
    databases: Mutex<HashMap<Goal, Option<Arc<AdditivePdb>>>>,
    solvers: Mutex<HashMap<Key, Arc<Solver>>>,
}

impl Solvers {
    /// Solvers reading databases from `pdb_dir`.
    pub fn new(pdb_dir: Option<PathBuf>) -> Solvers {
        Solvers {
            pdb_dir,
            databases: Mutex::default(),
            solvers: Mutex::default(),
        }
    }

    /// The shared solver for `goal` with this algorithm and heuristic.
    pub fn get(
        &self,
        goal: &Goal,
        algorithm: Algorithm,
        choice: HeuristicChoice,
    ) -> Result<Arc<Solver>, npuzzle::Error> {
        let (kind, pdb) = match choice {
            HeuristicChoice::Kind(HeuristicKind::Pdb) => (HeuristicKind::Pdb, self.strongest(goal)?),
            HeuristicChoice::Kind(kind) => (kind, None),
            HeuristicChoice::Auto if !algorithm.resolve(goal.shape()).uses_heuristic() => {
                (HeuristicKind::LinearConflict, None)
            }
            HeuristicChoice::Auto => match self.strongest(goal)? {
                Some(pdb) => (HeuristicKind::Pdb, Some(pdb)),
                None if HeuristicKind::WalkingDistance.supports(goal.shape()) => (HeuristicKind::WalkingDistance, None),
                None => (HeuristicKind::LinearConflict, None),
            },
        };
        let key = (algorithm, kind, pdb.as_ref().and_then(|p| p.path().map(PathBuf::from)));
        let mut solvers = lock(&self.solvers);
        let solver = solvers.entry(key).or_insert_with(|| {
            let mut options = SolverOptions::default();
            options.algorithm = algorithm;
            options.heuristic = kind;
            let solver = Solver::new(options);
            Arc::new(match pdb {
                Some(p) => solver.with_pdb(p),
                None => solver,
            })
        });
        Ok(Arc::clone(solver))
    }

    /// The largest readable database file for `goal`, opened once.
    fn strongest(&self, goal: &Goal) -> Result<Option<Arc<AdditivePdb>>, npuzzle::Error> {
        if let Some(found) = lock(&self.databases).get(goal) {
            return Ok(found.clone());
        }
        let found = match &self.pdb_dir {
            None => None,
            Some(dir) => {
                let best = pdb::list(dir)?
                    .into_iter()
                    .filter_map(|f| f.info.ok().filter(|i| i.spec.goal() == goal).map(|i| (i.bytes, f.path)))
                    .max_by_key(|(bytes, _)| *bytes);
                match best {
                    Some((_, path)) => Some(Arc::new(AdditivePdb::open_any(&path)?)),
                    None => None,
                }
            }
        };
        lock(&self.databases).insert(goal.clone(), found.clone());
        Ok(found)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // Each update is one insert, so a panic elsewhere leaves the maps whole.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}
