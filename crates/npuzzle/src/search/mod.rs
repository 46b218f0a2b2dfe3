//! The searches, one module each, and the [`Solver`] that runs them.

use std::sync::Arc;

use crate::board::Board;
use crate::error::InternalError;
use crate::goal::Goal;
use crate::heuristic::mtm_pdb::MtmPdb;
use crate::heuristic::pdb::{AdditivePdb, PdbSet};
use crate::heuristic::HeuristicKind;
use crate::metric::Metric;
use crate::parity::is_solvable;
use crate::progress::Progress;
use crate::solution::{Bounded, Budget, BudgetClock, Cancel, Outcome, Report, Solution, Stats};
use crate::Error;

mod algorithm;
pub mod anytime;
mod astar;
pub mod bfs;
mod bfs_set;
mod bibfs;
mod bounded;
pub mod check;
mod constructive;
pub mod count;
pub mod duplicates;
pub mod greedy;
pub mod hint;
mod idastar;
pub mod idastar_fixed;
pub mod improve;
mod last_square;
pub mod mtm_bfs;
mod mtm_pdb_ida;
pub mod mtm_table;
#[cfg(test)]
mod mtm_tests;
mod problem;
pub mod staged;
mod state;
pub mod subtree;
pub mod table;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod toy;
mod transpositions;
pub(crate) mod turns;
mod weighted;
pub mod within;

pub use algorithm::{Algorithm, AUTO_OPTIMAL_CELLS, AUTO_TABLE_CELLS};
use problem::{Found, Problem};

/// How a [`Solver`] searches. Build it from [`SolverOptions::default`] with
/// the `with_*` setters (or assign the public fields): more options may be
/// added, so it cannot be written as a struct literal outside this crate.
///
/// ```
/// use npuzzle::{Algorithm, Budget, HeuristicKind, SolverOptions};
/// let options = SolverOptions::default()
///     .with_algorithm(Algorithm::AStar)
///     .with_heuristic(HeuristicKind::Manhattan)
///     .with_budget(Budget::default().with_max_nodes(Some(1_000_000)))
///     .with_threads(2)
///     .with_duplicate_len(2);
/// assert_eq!(options.algorithm, Algorithm::AStar);
/// assert_eq!(options.budget.max_nodes, Some(1_000_000));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct SolverOptions {
    /// Which search.
    pub algorithm: Algorithm,
    /// Which estimate, for the informed searches.
    pub heuristic: HeuristicKind,
    /// Limits on each search.
    pub budget: Budget,
    /// Threads for one search: IDA* on 4×4 and 5×5 boards splits each
    /// iteration across them (see [`idastar_fixed`]); other searches and shapes
    /// use one. 0 counts as 1.
    pub threads: usize,
    /// IDA* cuts every move sequence of up to this many moves that an
    /// earlier sequence, no longer, does the same as (see [`duplicates`]):
    /// fewer nodes, same optimal lengths. 2 cuts only the move undoing the
    /// previous one, as the textbook IDA* does. Default
    /// [`DEFAULT_LEN`](duplicates::DEFAULT_LEN); at most
    /// [`MAX_LEN`](duplicates::MAX_LEN).
    pub duplicate_len: usize,
    /// For the constructive solver: spend up to this long shortening its
    /// solution ([`improve`]). None (the default): keep it as made.
    pub improve: Option<std::time::Duration>,
    /// How a solution's length is counted, and so what an optimal search
    /// minimises (see [`Metric`]). Default: the single-tile metric. The
    /// multi-tile metric is searched by `bfs` (boards of up to 12 cells),
    /// `idastar` on 4×4 (with walking distance in its multi-tile form) and
    /// `greedy` (not optimal); `auto` picks among them.
    pub metric: Metric,
    /// A solution at most this factor times the shortest, with a lower
    /// bound on the shortest beside it (see [`within`](mod@within)): IDA* on
    /// 4×4 and 5×5 runs weighted; the other optimal searches answer
    /// optimally. `None` (the default): the algorithm's own answer.
    pub within: Option<within::Within>,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            algorithm: Algorithm::IdaStar,
            heuristic: HeuristicKind::LinearConflict,
            budget: Budget::default(),
            threads: 1,
            duplicate_len: duplicates::DEFAULT_LEN,
            improve: None,
            metric: Metric::Stm,
            within: None,
        }
    }
}

impl SolverOptions {
    /// These options with `algorithm`.
    pub fn with_algorithm(mut self, algorithm: Algorithm) -> SolverOptions {
        self.algorithm = algorithm;
        self
    }

    /// These options with `heuristic`.
    pub fn with_heuristic(mut self, heuristic: HeuristicKind) -> SolverOptions {
        self.heuristic = heuristic;
        self
    }

    /// These options with `budget`.
    pub fn with_budget(mut self, budget: Budget) -> SolverOptions {
        self.budget = budget;
        self
    }

    /// These options with `threads` threads per search.
    pub fn with_threads(mut self, threads: usize) -> SolverOptions {
        self.threads = threads;
        self
    }

    /// These options with duplicate move sequences of up to `duplicate_len` moves cut.
    pub fn with_duplicate_len(mut self, duplicate_len: usize) -> SolverOptions {
        self.duplicate_len = duplicate_len;
        self
    }

    /// These options with up to `improve` spent shortening a constructive
    /// solution (see [`improve`](mod@improve)).
    ///
    /// ```
    /// use std::time::Duration;
    /// use npuzzle::{Algorithm, Goal, Solver, SolverOptions};
    /// let options = SolverOptions::default()
    ///     .with_algorithm(Algorithm::Greedy)
    ///     .with_improve(Some(Duration::from_millis(200)));
    /// let goal = Goal::standard("6x6".parse()?);
    /// let board = npuzzle::random::random_solvable(&goal, &mut rand::rng());
    /// let report = Solver::new(options).solve(&board, &goal)?;
    /// let moves = report.outcome.solution().unwrap().moves();
    /// assert!(goal.is_reached_by(&board.replay(moves)?));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn with_improve(mut self, improve: Option<std::time::Duration>) -> SolverOptions {
        self.improve = improve;
        self
    }

    /// These options counting lengths in `metric`.
    ///
    /// ```
    /// use npuzzle::{Algorithm, Board, Goal, Metric, Solver, SolverOptions};
    /// let board: Board = "1 2 3 x 4 5 7 8 6".parse()?;
    /// let goal = Goal::standard(board.shape());
    /// let options = SolverOptions::default().with_algorithm(Algorithm::Auto);
    /// let mtm = Solver::new(options.with_metric(Metric::Mtm));
    /// let moves = mtm.solve(&board, &goal)?.outcome.solution().unwrap().moves().to_vec();
    /// // Two single moves right, one down: two multi-tile moves.
    /// assert_eq!((moves.len(), Metric::Mtm.length(&moves)), (3, 2));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn with_metric(mut self, metric: Metric) -> SolverOptions {
        self.metric = metric;
        self
    }

    /// These options asking for a solution at most `within` times the
    /// shortest.
    ///
    /// ```
    /// use npuzzle::search::within::Within;
    /// use npuzzle::{Board, Goal, Solver, SolverOptions};
    /// // Korf's 15-puzzle #1, 57 moves at best.
    /// let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse()?;
    /// let goal = Goal::blank_first(board.shape());
    /// let options = SolverOptions::default().with_within(Some("1.5".parse()?));
    /// let report = Solver::new(options).solve(&board, &goal)?;
    /// let length = report.outcome.solution().unwrap().len() as f64;
    /// let bounded = report.bounded.unwrap();
    /// assert!(length <= 1.5 * 57.0 && bounded.lower_bound <= 57);
    /// assert!(length <= 1.5 * bounded.lower_bound as f64);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn with_within(mut self, within: Option<within::Within>) -> SolverOptions {
        self.within = within;
        self
    }

    /// The algorithm that runs on boards of `shape`: the one asked for, or
    /// what `auto` picks for the shape and the [metric](SolverOptions::metric)
    /// (see [`Algorithm::resolve`]; in the multi-tile metric `bfs` up to
    /// 12 cells, `idastar` on 4×4, else `greedy`).
    ///
    /// ```
    /// use npuzzle::{Algorithm, Metric, SolverOptions};
    /// let auto = SolverOptions::default().with_algorithm(Algorithm::Auto);
    /// assert_eq!(auto.resolve("3x3".parse()?), Algorithm::Table);
    /// let mtm = auto.with_metric(Metric::Mtm);
    /// assert_eq!(mtm.resolve("3x3".parse()?), Algorithm::Bfs);
    /// assert_eq!(mtm.resolve("4x4".parse()?), Algorithm::IdaStar);
    /// assert_eq!(mtm.resolve("5x5".parse()?), Algorithm::Greedy);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn resolve(&self, shape: crate::Shape) -> Algorithm {
        match (self.algorithm, self.metric) {
            (Algorithm::Auto, Metric::Mtm) if shape.cells() <= bfs::MAX_DENSE_CELLS => Algorithm::Bfs,
            (Algorithm::Auto, Metric::Mtm) if idastar::auto_searches_mtm(shape) => Algorithm::IdaStar,
            (Algorithm::Auto, Metric::Mtm) => Algorithm::Greedy,
            (algorithm, _) => algorithm.resolve(shape),
        }
    }
}

/// Built once from options, then solves any number of boards; tables it
/// builds are kept for later boards (and shared if the solver is shared
/// between threads).
///
/// ```
/// use npuzzle::{Board, Goal, Solver, SolverOptions};
/// let solver = Solver::new(SolverOptions::default());
/// let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
/// let report = solver.solve(&board, &Goal::standard(board.shape()))?;
/// assert_eq!(report.outcome.solution().unwrap().to_string(), "rr");
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    options: SolverOptions,
    tables: table::TableCache,
    mtm_tables: mtm_table::MtmTableCache,
    pdb: Option<Arc<PdbSet>>,
    core_pdbs: Vec<Arc<PdbSet>>,
    mtm_pdb: Option<Arc<MtmPdb>>,
}

impl Solver {
    /// A solver with these options.
    pub fn new(options: SolverOptions) -> Solver {
        Solver {
            options,
            tables: table::TableCache::default(),
            mtm_tables: mtm_table::MtmTableCache::default(),
            pdb: None,
            core_pdbs: Vec::new(),
            mtm_pdb: None,
        }
    }

    /// A solver with `options` reading this one's databases (its tables
    /// are its own).
    pub(crate) fn with_options(&self, options: SolverOptions) -> Solver {
        Solver {
            options,
            tables: table::TableCache::default(),
            mtm_tables: mtm_table::MtmTableCache::default(),
            pdb: self.pdb.clone(),
            core_pdbs: self.core_pdbs.clone(),
            mtm_pdb: self.mtm_pdb.clone(),
        }
    }

    /// This solver with the pattern databases `pdb` (replacing any given
    /// before), read by [`HeuristicKind::Pdb`] on boards whose goal they were
    /// built for. With that heuristic, a board of another shape or goal is
    /// an [`DatabaseError::NotLoaded`](crate::error::DatabaseError::NotLoaded) naming the goal that needs suitable
    /// databases. IDA* on 4×4 and 5×5 boards reads them through
    /// [`FixedPdb`](crate::heuristic::pdb::FixedPdb); A* and IDA* on other
    /// shapes through [`Heuristic`](crate::Heuristic).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
    /// use npuzzle::{Algorithm, Board, Error, Goal, HeuristicKind, Solver, SolverOptions};
    /// use npuzzle::error::DatabaseError;
    ///
    /// let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
    /// let goal = Goal::standard(board.shape());
    /// let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8")?;
    /// let pdb = Arc::new(AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?);
    /// let options = SolverOptions::default().with_algorithm(Algorithm::IdaStar).with_heuristic(HeuristicKind::Pdb);
    ///
    /// let solver = Solver::new(options).with_pdb(pdb);
    /// assert_eq!(solver.solve(&board, &goal)?.outcome.solution().map(|s| s.len()), Some(31));
    ///
    /// // Without databases, or with databases for another goal: an error that names the goal.
    /// let err = Solver::new(options).solve(&board, &goal).unwrap_err();
    /// assert!(matches!(&err, Error::Database(DatabaseError::NotLoaded { goal: g, loaded: None }) if **g == goal));
    /// assert!(solver.solve(&board, &Goal::blank_first(board.shape())).is_err());
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn with_pdb(mut self, pdb: Arc<AdditivePdb>) -> Solver {
        self.pdb = Some(Arc::new(PdbSet::from(pdb)));
        self
    }

    /// This solver with the databases of several partitions for one goal
    /// (replacing any given before): [`HeuristicKind::Pdb`] reads the largest
    /// of their sums (see [`PdbSet`]).
    pub fn with_pdb_set(mut self, set: Arc<PdbSet>) -> Solver {
        self.pdb = Some(set);
        self
    }

    /// This solver also reading `set`, if given, for the core of staged
    /// solutions (see [`CoreOptions`](staged::CoreOptions)): 4×4
    /// databases for the optimal 4×4 finish, 5×5 ones for the weighted 5×5
    /// finish, read by `--improve` on boards of up to 64 cells.
    pub fn with_core_pdb(mut self, set: Option<Arc<PdbSet>>) -> Solver {
        self.core_pdbs.extend(set);
        self
    }

    /// This solver reading `pdb` for the multi-tile bound of `idastar` in
    /// [`Metric::Mtm`] (replacing any given before), on boards of its shape
    /// whose goal has the blank in a corner; walking distance elsewhere, or
    /// when the heuristic asked for is walking distance.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use npuzzle::heuristic::mtm_pdb::{MtmPdb, RegionLayout};
    /// use npuzzle::{Algorithm, Board, Goal, HeuristicKind, Metric, Solver, SolverOptions};
    /// let layout = RegionLayout::new("3x3".parse()?, vec![1, 1, 2, 3, 3, 2, 3, 2, 0])?;
    /// let pdb = Arc::new(MtmPdb::build(layout, 1)?);
    /// let options = SolverOptions::default()
    ///     .with_algorithm(Algorithm::IdaStar)
    ///     .with_heuristic(HeuristicKind::Pdb)
    ///     .with_metric(Metric::Mtm);
    /// let solver = Solver::new(options).with_mtm_pdb(pdb);
    /// let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
    /// let report = solver.solve(&board, &Goal::standard(board.shape()))?;
    /// // The multi-tile optimum, as bfs finds it.
    /// assert_eq!(Metric::Mtm.length(report.outcome.solution().unwrap().moves()), 20);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn with_mtm_pdb(mut self, pdb: Arc<MtmPdb>) -> Solver {
        self.mtm_pdb = Some(pdb);
        self
    }

    /// The multi-tile database given with [`Solver::with_mtm_pdb`], if any.
    pub fn mtm_pdb(&self) -> Option<&Arc<MtmPdb>> {
        self.mtm_pdb.as_ref()
    }

    /// The databases given with [`Solver::with_core_pdb`].
    pub fn core_pdbs(&self) -> &[Arc<PdbSet>] {
        &self.core_pdbs
    }

    /// The options.
    pub fn options(&self) -> &SolverOptions {
        &self.options
    }

    /// The complete tables this solver built so far (kept for later boards).
    pub fn tables(&self) -> &table::TableCache {
        &self.tables
    }

    /// The pattern databases given with [`Solver::with_pdb`] (with
    /// [`Solver::with_pdb_set`], the first of the set), if any.
    pub fn pdb(&self) -> Option<&Arc<AdditivePdb>> {
        self.pdb.as_deref().map(PdbSet::first)
    }

    /// All the pattern databases this solver reads, if any.
    pub fn pdb_set(&self) -> Option<&Arc<PdbSet>> {
        self.pdb.as_ref()
    }

    /// Solves `board` for `goal`: unsolvable boards are recognised by parity
    /// before any search, and a solution is replayed to the goal before it is
    /// returned.
    ///
    /// A board of more than [`MAX_NARROW_CELLS`](crate::board::MAX_NARROW_CELLS)
    /// cells is solved only by [`Algorithm::Greedy`] (or `Auto`, which picks
    /// it); the optimal searches refuse it with [`Refusal::TooBigToSearch`](crate::error::Refusal::TooBigToSearch).
    pub fn solve(&self, board: &Board, goal: &Goal) -> Result<Report, Error> {
        self.run(board, goal, self.options.budget, None, None)
    }

    /// Like [`solve`](Solver::solve), under `budget` instead of the options'
    /// one, and stopping early with
    /// [`BudgetKind::Cancelled`](crate::BudgetKind::Cancelled) once `cancel`
    /// is raised (the build of a move table is bounded by the budget but not
    /// interrupted). A server shares one solver between requests this way,
    /// each with its own limits.
    pub fn solve_with(&self, board: &Board, goal: &Goal, budget: Budget, cancel: &Cancel) -> Result<Report, Error> {
        self.run(board, goal, budget, Some(cancel), None)
    }

    /// Like [`solve_with`](Solver::solve_with), publishing what the search is
    /// doing to `progress` as it runs (see [`Progress`]): IDA* its starting
    /// estimate and current bound, every search its expanded nodes, where it
    /// looks at the budgets anyway. Read it from another thread.
    ///
    /// ```
    /// use std::time::Duration;
    /// use npuzzle::{Board, Budget, Cancel, Goal, HeuristicKind, Progress, Solver, SolverOptions};
    ///
    /// // Korf's 15-puzzle #1: Manhattan estimate 41, 57 moves.
    /// let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse()?;
    /// let goal = Goal::blank_first(board.shape());
    /// let solver = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::Manhattan));
    /// let progress = Progress::new();
    /// let budget = Budget::default().with_max_nodes(Some(100_000));
    /// // A display thread reads the counters while the search runs.
    /// let watcher = std::thread::spawn({
    ///     let progress = progress.clone();
    ///     move || {
    ///         std::thread::sleep(Duration::from_millis(1));
    ///         progress.expanded()
    ///     }
    /// });
    /// let report = solver.solve_with_progress(&board, &goal, budget, &Cancel::new(), &progress)?;
    /// assert!(watcher.join().unwrap() <= report.stats.expanded);
    /// assert_eq!(progress.estimate(), Some(41));
    /// assert!(progress.bound() > Some(41) && progress.bound() < Some(57));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn solve_with_progress(
        &self,
        board: &Board,
        goal: &Goal,
        budget: Budget,
        cancel: &Cancel,
        progress: &Progress,
    ) -> Result<Report, Error> {
        self.run(board, goal, budget, Some(cancel), Some(progress))
    }

    fn run(
        &self,
        board: &Board,
        goal: &Goal,
        budget: Budget,
        cancel: Option<&Cancel>,
        progress: Option<&Progress>,
    ) -> Result<Report, Error> {
        // The check's order: parity, then a solved board, then the limits.
        self.check(board, goal, check::Question::Solve)?;
        let algorithm = self.options.resolve(board.shape());
        let mut clock = BudgetClock::start(budget);
        if let Some(cancel) = cancel {
            clock = clock.with_cancel(cancel.clone());
        }
        if let Some(progress) = progress {
            clock = clock.with_progress(progress.clone());
        }
        // Answered before any search, by every algorithm: the limits the
        // check let through do not apply to these boards.
        let answered = if !is_solvable(board, goal) {
            Some(Outcome::Unsolvable)
        } else if goal.is_reached_by(board) {
            Some(Outcome::Solved(Solution::default()))
        } else {
            None
        };
        if let Some(outcome) = answered {
            let stats = Stats {
                elapsed: clock.elapsed(),
                ..Stats::default()
            };
            return Ok(Report::new(outcome, stats, algorithm));
        }
        let Found {
            outcome,
            mut stats,
            improvement,
            mut bounded,
        } = algorithm.solve_fn()(Problem {
            board,
            goal,
            solver: self,
            budget,
            clock: &mut clock,
        })?;
        stats.elapsed = clock.elapsed();
        if let Outcome::Solved(solution) = &outcome {
            let reached = board.replay(solution.moves());
            if !reached.is_ok_and(|b| goal.is_reached_by(&b)) {
                return Err(Error::Internal(InternalError::ReplayMismatch {
                    algorithm: algorithm.name(),
                }));
            }
        }
        // An optimal search's answer is within any factor: the shortest
        // length is its own.
        if let (Some(within), Outcome::Solved(solution), None) = (self.options.within, &outcome, bounded) {
            bounded = Some(Bounded {
                within: Some(within),
                lower_bound: solution.len() as u64,
            });
        }
        Ok(Report {
            outcome,
            stats,
            algorithm,
            improvement,
            bounded,
        })
    }
}
