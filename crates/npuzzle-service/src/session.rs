//! A front-end's solvers, kept for as long as it runs: one [`Solvers`] per
//! set of options ([`SolverSpec`]), one [`Solver`] per goal inside it, so
//! that tables are built and databases opened once and then serve every
//! request.
//!
//! Contract:
//! - **Single flight.** However many threads ask at once for a goal's
//!   solver that is not made yet, it is made once (its databases listed and
//!   opened once); the others wait for it and share the result, an error
//!   included. The next request after an error tries again.
//! - **Events.** A database that cannot be used is told to [`Events`] once
//!   per session, whenever a look-up meets it, even when another database
//!   answers; a goal for which `auto` finds no databases is told as a
//!   [`Fallback`]. The front-end decides how to say them.
//! - **Source.** Databases come from a [`DatabaseSource`]: a directory, or
//!   databases held in memory.

use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use npuzzle::{Error, Goal, Solver, SolverOptions};

use crate::solvers::Fallback;
use crate::source::DatabaseSource;
use crate::sync::lock;
use crate::{HeuristicChoice, Solvers};

/// What a session tells its front-end as it looks for databases.
pub trait Events: Send + Sync {
    /// `auto` found no databases for a 4×4 or 5×5 goal (or passed over a
    /// broken file) and uses a weaker heuristic.
    fn fallback(&self, _fallback: &Fallback) {}

    /// The database at `path` cannot be used (told once per file).
    fn unusable(&self, _path: &Path, _error: &Error) {}
}

/// Tells nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl Events for Quiet {}

/// Everything a solver is built from besides its goal: the engine's options
/// (whose heuristic is replaced by the one `heuristic` resolves to per goal)
/// and the partition of databases asked for, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolverSpec {
    /// Algorithm, budget the solver holds, threads, duplicate pruning, improvement.
    pub options: SolverOptions,
    /// The heuristic as the user chose it.
    pub heuristic: HeuristicChoice,
    /// The partition of databases to read rather than the strongest present.
    pub partition: Option<String>,
}

impl SolverSpec {
    /// Solvers with `options` and `heuristic`, reading the strongest databases present.
    pub fn new(options: SolverOptions, heuristic: HeuristicChoice) -> SolverSpec {
        SolverSpec {
            options,
            heuristic,
            partition: None,
        }
    }

    /// This spec reading the databases of `partition` (a name or tiles).
    pub fn with_partition(mut self, partition: Option<String>) -> SolverSpec {
        self.partition = partition;
        self
    }
}

/// How a goal's solver is made from its [`Solvers`]; a test injects its own
/// to hold or count the making.
pub type Maker = Arc<dyn Fn(&Solvers, &Goal) -> Result<Arc<Solver>, Error> + Send + Sync>;

/// A goal's solver being made, with the result its waiters share.
type Slot = Arc<OnceLock<Result<Arc<Solver>, Error>>>;

/// Most option sets kept at once; past it the session starts afresh (a
/// program looping over budgets should not grow without end).
const MAX_SPECS: usize = 64;

/// The solvers of one front-end; see the [module documentation](self).
///
/// ```
/// use npuzzle::{Algorithm, Goal, SolverOptions};
/// use npuzzle_service::{HeuristicChoice, Session, SolverSpec};
/// let session = Session::new(None);
/// let spec = SolverSpec::new(SolverOptions::default().with_algorithm(Algorithm::IdaStar), HeuristicChoice::Auto);
/// let goal = Goal::standard("3x3".parse()?);
/// let first = session.solver(&spec, &goal)?;
/// assert!(std::sync::Arc::ptr_eq(&first, &session.solver(&spec, &goal)?));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub struct Session {
    source: Option<Arc<dyn DatabaseSource>>,
    events: Arc<dyn Events>,
    maker: Maker,
    by_spec: Mutex<Vec<(SolverSpec, Arc<Solvers>)>>,
    making: Mutex<Vec<(SolverSpec, Goal, Slot)>>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("source", &self.source)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// A session reading databases from `source` (none: `auto` never picks
    /// databases), telling nothing.
    pub fn new(source: Option<Arc<dyn DatabaseSource>>) -> Session {
        Session {
            source,
            events: Arc::new(Quiet),
            maker: Arc::new(|solvers: &Solvers, goal: &Goal| solvers.get(goal)),
            by_spec: Mutex::default(),
            making: Mutex::default(),
        }
    }

    /// A session reading the `.pdb` files of `dir`, if one is given.
    pub fn with_dir(dir: Option<std::path::PathBuf>) -> Session {
        Session::new(dir.map(|d| Arc::new(crate::source::Directory(d)) as Arc<dyn DatabaseSource>))
    }

    /// This session telling `events`.
    pub fn with_events(mut self, events: Arc<dyn Events>) -> Session {
        self.events = events;
        self
    }

    /// This session making goals' solvers with `maker`.
    pub fn with_maker(mut self, maker: Maker) -> Session {
        self.maker = maker;
        self
    }

    /// Where the databases come from.
    pub fn source(&self) -> Option<&Arc<dyn DatabaseSource>> {
        self.source.as_ref()
    }

    /// The solvers for `spec`, made on first use.
    pub fn solvers(&self, spec: &SolverSpec) -> Arc<Solvers> {
        let mut all = lock(&self.by_spec);
        if let Some((_, s)) = all.iter().find(|(k, _)| k == spec) {
            return Arc::clone(s);
        }
        if all.len() >= MAX_SPECS {
            all.clear();
        }
        let (fallback, unusable) = (Arc::clone(&self.events), Arc::clone(&self.events));
        let mut solvers = Solvers::new(spec.options, spec.heuristic)
            .on_fallback(move |f| fallback.fallback(f))
            .on_unusable(move |path, e| unusable.unusable(path, e));
        if let Some(source) = &self.source {
            solvers = solvers.with_source(Arc::clone(source));
        }
        if let Some(partition) = &spec.partition {
            solvers = solvers.with_partition(partition.clone());
        }
        let solvers = Arc::new(solvers);
        all.push((spec.clone(), Arc::clone(&solvers)));
        solvers
    }

    /// The solver for `goal` under `spec` if it is made already: no file is
    /// opened (an async front-end answers from here on its own threads).
    pub fn cached(&self, spec: &SolverSpec, goal: &Goal) -> Option<Arc<Solver>> {
        self.solvers(spec).cached(goal)
    }

    /// The solver for `goal` under `spec`, made once however many threads
    /// ask (see the module documentation). Errors when databases were asked
    /// for and are missing or cannot be used.
    pub fn solver(&self, spec: &SolverSpec, goal: &Goal) -> Result<Arc<Solver>, Error> {
        let solvers = self.solvers(spec);
        if let Some(solver) = solvers.cached(goal) {
            return Ok(solver);
        }
        let slot = {
            let mut making = lock(&self.making);
            match making.iter().find(|(s, g, _)| s == spec && g == goal) {
                Some((_, _, slot)) => Arc::clone(slot),
                None => {
                    let slot = Slot::default();
                    making.push((spec.clone(), goal.clone(), Arc::clone(&slot)));
                    slot
                }
            }
        };
        let result = slot.get_or_init(|| (self.maker)(&solvers, goal)).clone();
        // Done: later requests find the solver made, or after an error make it again.
        lock(&self.making).retain(|(_, _, s)| !Arc::ptr_eq(s, &slot));
        result
    }

    /// How many callers are waiting now for a solver being made (each
    /// maker counts too).
    pub fn waiting(&self) -> usize {
        lock(&self.making)
            .iter()
            .map(|(_, _, slot)| Arc::strong_count(slot) - 1)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::error::DatabaseError;
    use npuzzle::{Algorithm, HeuristicKind};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;

    /// A maker that counts and waits for a go on `gate` before making.
    fn gated(made: Arc<AtomicUsize>, gate: Arc<Mutex<mpsc::Receiver<()>>>) -> Maker {
        Arc::new(move |solvers: &Solvers, goal: &Goal| {
            made.fetch_add(1, Ordering::SeqCst);
            let _ = lock(&gate).recv();
            solvers.get(goal)
        })
    }

    fn until_waiting(session: &Session, n: usize) {
        while session.waiting() < n {
            std::thread::yield_now();
        }
    }

    type Asked = std::thread::JoinHandle<Result<Arc<Solver>, Error>>;

    /// Two first requests for `goal`'s solver, both waiting for its making
    /// when this returns, and the making let go.
    fn two_first_requests(session: &Arc<Session>, spec: &SolverSpec, goal: &Goal, go: &mpsc::Sender<()>) -> [Asked; 2] {
        let ask = || {
            let (session, spec, goal) = (Arc::clone(session), spec.clone(), goal.clone());
            std::thread::spawn(move || session.solver(&spec, &goal))
        };
        let first = ask();
        until_waiting(session, 1);
        let second = ask();
        until_waiting(session, 2);
        go.send(()).unwrap();
        [first, second]
    }

    /// Regression (server): two first requests for a goal both listed the
    /// database directory and opened its files. The making is held until
    /// both callers wait for it, so without sharing each would make its own.
    #[test]
    fn concurrent_first_requests_make_a_goals_solver_once() {
        let (go, gate) = mpsc::channel();
        let made = Arc::new(AtomicUsize::new(0));
        let maker = gated(Arc::clone(&made), Arc::new(Mutex::new(gate)));
        let session = Arc::new(Session::new(None).with_maker(maker));
        let spec = SolverSpec::new(
            SolverOptions::default().with_algorithm(Algorithm::IdaStar),
            HeuristicChoice::Auto,
        );
        let goal = Goal::standard("4x4".parse().unwrap());
        let [first, second] = two_first_requests(&session, &spec, &goal, &go);
        let (first, second) = (first.join().unwrap().unwrap(), second.join().unwrap().unwrap());
        assert!(Arc::ptr_eq(&first, &second));
        assert_eq!(made.load(Ordering::SeqCst), 1);
        // Made: a later request reads it without making.
        session.solver(&spec, &goal).unwrap();
        assert_eq!((made.load(Ordering::SeqCst), session.waiting()), (1, 0));
    }

    /// An error is shared the same way, and the next request tries again.
    #[test]
    fn waiters_share_an_error_and_the_next_request_tries_again() {
        let (go, gate) = mpsc::channel();
        let made = Arc::new(AtomicUsize::new(0));
        let dir = std::env::temp_dir().join("npuzzle-service-no-such-dir");
        let session =
            Arc::new(Session::with_dir(Some(dir)).with_maker(gated(Arc::clone(&made), Arc::new(Mutex::new(gate)))));
        let options = SolverOptions::default().with_algorithm(Algorithm::IdaStar);
        let spec = SolverSpec::new(options, HeuristicChoice::Kind(HeuristicKind::Pdb));
        let goal = Goal::standard("3x3".parse().unwrap());
        for asked in two_first_requests(&session, &spec, &goal, &go) {
            let err = asked.join().unwrap().unwrap_err();
            assert!(matches!(err, Error::Database(DatabaseError::NotFound { .. })), "{err}");
        }
        assert_eq!(made.load(Ordering::SeqCst), 1);
        go.send(()).unwrap();
        assert!(session.solver(&spec, &goal).is_err());
        assert_eq!(made.load(Ordering::SeqCst), 2);
    }
}
