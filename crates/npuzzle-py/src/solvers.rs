//! One shared [`Solver`] per set of options and goal, kept between calls, so
//! that tables and databases are built or mapped once per process (the
//! 3×3 table takes 10 ms to build; a lookup in it takes a microsecond).
//!
//! `heuristic="auto"` picks, per goal, the strongest pattern database present
//! in the database directory, else walking distance on 4×4, else linear
//! conflict — what the CLI does.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use npuzzle::heuristic::pdb::{self, AdditivePdb, PdbSpec};
use npuzzle::{Algorithm, Budget, Goal, HeuristicKind, Solver, SolverOptions};
use pyo3::PyResult;

use crate::errors::{raise, Class, OrRaise};

/// The heuristic asked for: a named kind, or the strongest available.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// See the module documentation.
    Auto,
    /// Exactly this one.
    Kind(HeuristicKind),
}

/// Everything a solver is built from, as the keyword arguments give it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    algorithm: Algorithm,
    choice: Choice,
    max_nodes: Option<u64>,
    timeout: Option<std::time::Duration>,
    max_memory: Option<u64>,
    threads: usize,
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
        let algorithm: Algorithm = algorithm.parse().map_err(|e: String| raise(Class::Option, e))?;
        let choice = match heuristic {
            "auto" => Choice::Auto,
            name => Choice::Kind(
                name.parse()
                    .map_err(|e: String| raise(Class::Option, e.replace("; choose ", "; choose auto, ")))?,
            ),
        };
        Ok(Key {
            algorithm,
            choice,
            max_nodes: budget.max_nodes,
            timeout: budget.timeout,
            max_memory: budget.max_memory,
            threads: threads.max(1),
            pdb_dir,
        })
    }

    fn options(&self, heuristic: HeuristicKind) -> SolverOptions {
        let budget = Budget::default()
            .with_max_nodes(self.max_nodes)
            .with_timeout(self.timeout)
            .with_max_memory(self.max_memory);
        SolverOptions::default()
            .with_algorithm(self.algorithm)
            .with_heuristic(heuristic)
            .with_budget(budget)
            .with_threads(self.threads)
    }
}

/// A solver for one goal, with what its records say about it.
#[derive(Debug)]
pub struct GoalSolver {
    /// The solver.
    pub solver: Solver,
    /// The goal it was resolved for.
    pub goal: Goal,
}

/// Solvers for one [`Key`], one per goal.
#[derive(Debug)]
pub struct Solvers {
    key: Key,
    by_goal: Mutex<HashMap<Goal, Arc<GoalSolver>>>,
}

/// Most option sets kept at once; beyond that the cache starts afresh.
const MAX_KEYS: usize = 32;

static CACHE: Mutex<Vec<(Key, Arc<Solvers>)>> = Mutex::new(Vec::new());

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // Every update is one insert: a panic elsewhere cannot leave a map half-written.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Solvers {
    /// The shared solvers for `key`.
    pub fn shared(key: Key) -> Arc<Solvers> {
        let mut cache = lock(&CACHE);
        if let Some((_, s)) = cache.iter().find(|(k, _)| *k == key) {
            return Arc::clone(s);
        }
        if cache.len() >= MAX_KEYS {
            cache.clear();
        }
        let solvers = Arc::new(Solvers {
            key: key.clone(),
            by_goal: Mutex::default(),
        });
        cache.push((key, Arc::clone(&solvers)));
        solvers
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
        let (kind, pdb) = self.resolve(goal)?;
        let solver = Solver::new(self.key.options(kind));
        let solver = match pdb {
            Some(p) => solver.with_pdb(p),
            None => solver,
        };
        let resolved = Arc::new(GoalSolver {
            solver,
            goal: goal.clone(),
        });
        lock(&self.by_goal).insert(goal.clone(), Arc::clone(&resolved));
        Ok(resolved)
    }

    fn resolve(&self, goal: &Goal) -> PyResult<(HeuristicKind, Option<Arc<AdditivePdb>>)> {
        let shape = goal.shape();
        match self.key.choice {
            Choice::Kind(HeuristicKind::Pdb) => match self.strongest(goal)? {
                Some(pdb) => Ok((HeuristicKind::Pdb, Some(pdb))),
                None => Err(raise(
                    Class::Pdb,
                    format!(
                        "no pattern database for {shape} boards with goal {goal} in {}; build one with {}",
                        self.dir_name(),
                        build_advice(goal)
                    ),
                )),
            },
            Choice::Kind(kind) => Ok((kind, None)),
            // The uninformed searches read no heuristic: skip the look-up.
            Choice::Auto if !self.key.algorithm.resolve(shape).uses_heuristic() => {
                Ok((HeuristicKind::LinearConflict, None))
            }
            Choice::Auto => {
                if let Some(pdb) = self.strongest(goal)? {
                    return Ok((HeuristicKind::Pdb, Some(pdb)));
                }
                let kind = if HeuristicKind::WalkingDistance.supports(shape) {
                    HeuristicKind::WalkingDistance
                } else {
                    HeuristicKind::LinearConflict
                };
                Ok((kind, None))
            }
        }
    }

    fn dir_name(&self) -> String {
        self.key
            .pdb_dir
            .as_ref()
            .map_or_else(|| "no database directory".to_string(), |d| d.display().to_string())
    }

    /// The largest readable database file for `goal` in the directory.
    fn strongest(&self, goal: &Goal) -> PyResult<Option<Arc<AdditivePdb>>> {
        let Some(dir) = &self.key.pdb_dir else { return Ok(None) };
        let best = pdb::list(dir)
            .or_raise()?
            .into_iter()
            .filter_map(|f| f.info.ok().filter(|i| i.spec.goal() == goal).map(|i| (i.bytes, f.path)))
            .max_by_key(|(bytes, _)| *bytes);
        match best {
            Some((_, path)) => Ok(Some(Arc::new(AdditivePdb::open_any(&path).or_raise()?))),
            None => Ok(None),
        }
    }
}

/// The Python call that builds the usual databases for `goal`'s board.
pub fn build_advice(goal: &Goal) -> String {
    let shape = goal.shape();
    let named = match (shape.width(), shape.height()) {
        (4, 4) => "7-8",
        (5, 5) => "6-6-6-6",
        _ => "",
    };
    let goal_arg = if *goal == Goal::standard(shape) {
        String::new()
    } else if *goal == Goal::blank_first(shape) {
        ", goal=\"blank-first\"".to_string()
    } else {
        format!(", goal=\"{goal}\"")
    };
    match PdbSpec::parse(goal, named) {
        Ok(_) if !named.is_empty() => format!("npuzzle.pdb.build(\"{shape}\", \"{named}\"{goal_arg})"),
        _ => format!("npuzzle.pdb.build(\"{shape}\", \"TILES/TILES\"{goal_arg})"),
    }
}
