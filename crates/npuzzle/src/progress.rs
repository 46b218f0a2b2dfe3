//! Live counters of a running search, for a front-end that shows what a long
//! search is doing (the command line's progress line, say).
//!
//! A [`Progress`] is a few atomics shared between the search and whoever
//! reads them. The searches write them only where they already look at the
//! budgets ([`BudgetClock::check`](crate::solution::BudgetClock::check) every
//! 1024 calls, the specialised IDA*'s poll every 1024 expanded nodes) and
//! once per IDA* iteration, so watching a search costs no work per node.
//! A reader sees values at most about a thousand nodes old.
//!
//! Where no other thread can read them (a single-threaded host such as a
//! browser's worker), [`Progress::with_observer`] calls a function each time
//! the search publishes a bound or a node count, on the search's own thread.
//!
//! ```
//! use npuzzle::{Board, Budget, Cancel, Goal, HeuristicKind, Progress, Solver, SolverOptions};
//!
//! let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
//! let goal = Goal::standard(board.shape());
//! let solver = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::Manhattan));
//! let progress = Progress::new();
//! let report = solver.solve_with_progress(&board, &goal, Budget::default(), &Cancel::new(), &progress)?;
//! // IDA* published its starting estimate (Manhattan: 21) and its last bound, the solution's length.
//! assert_eq!(progress.estimate(), Some(21));
//! assert_eq!(progress.bound(), Some(31));
//! assert!(progress.expanded() <= report.stats.expanded);
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

/// "Not published (yet)" for the bound and the estimate.
const UNSET: u32 = u32::MAX;

/// What a running search has published so far: its starting estimate and
/// current bound (IDA*), and the nodes it has expanded. Clones share the
/// counters; one `Progress` follows one search at a time (a search resets it
/// when it starts).
#[derive(Debug, Clone)]
pub struct Progress(Arc<Counters>);

/// Called with the counters each time a search publishes.
type Observer = Box<dyn Fn(&Progress) + Send + Sync>;

struct Counters {
    estimate: AtomicU32,
    bound: AtomicU32,
    expanded: AtomicU64,
    observer: Option<Observer>,
}

impl std::fmt::Debug for Counters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counters")
            .field("estimate", &self.estimate)
            .field("bound", &self.bound)
            .field("expanded", &self.expanded)
            .field("observed", &self.observer.is_some())
            .finish()
    }
}

impl Default for Progress {
    fn default() -> Progress {
        Progress::with(None)
    }
}

impl Progress {
    /// Counters with nothing published yet.
    pub fn new() -> Progress {
        Progress::default()
    }

    /// Counters that also call `observer` each time a search publishes a
    /// bound (once per IDA* iteration) or a node count (about every
    /// thousand nodes), on the thread that publishes. The observer runs
    /// inside the search: it should return quickly (throttle anything slow).
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use npuzzle::{Board, Budget, Cancel, Goal, HeuristicKind, Progress, Solver, SolverOptions};
    ///
    /// let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
    /// let bounds = Arc::new(Mutex::new(Vec::new()));
    /// let seen = Arc::clone(&bounds);
    /// let progress = Progress::with_observer(move |p: &Progress| {
    ///     let mut seen = seen.lock().unwrap();
    ///     if let Some(bound) = p.bound().filter(|b| seen.last() != Some(b)) {
    ///         seen.push(bound);
    ///     }
    /// });
    /// let solver = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::Manhattan));
    /// let goal = Goal::standard(board.shape());
    /// solver.solve_with_progress(&board, &goal, Budget::default(), &Cancel::new(), &progress)?;
    /// // IDA*'s iterations, from the Manhattan estimate 21 to the length 31.
    /// assert_eq!(*bounds.lock().unwrap(), [21, 23, 25, 27, 29, 31]);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn with_observer(observer: impl Fn(&Progress) + Send + Sync + 'static) -> Progress {
        Progress::with(Some(Box::new(observer)))
    }

    fn with(observer: Option<Observer>) -> Progress {
        Progress(Arc::new(Counters {
            estimate: AtomicU32::new(UNSET),
            bound: AtomicU32::new(UNSET),
            expanded: AtomicU64::new(0),
            observer,
        }))
    }

    fn notify(&self) {
        if let Some(observer) = &self.0.observer {
            observer(self);
        }
    }

    /// The heuristic's estimate of the start board, once an iterative
    /// deepening search has published it.
    pub fn estimate(&self) -> Option<u32> {
        published(&self.0.estimate)
    }

    /// The f-bound of the iteration running now (IDA*): every solution
    /// shorter than it has been ruled out.
    pub fn bound(&self) -> Option<u32> {
        published(&self.0.bound)
    }

    /// Nodes expanded so far (by all threads of the search), as last published.
    pub fn expanded(&self) -> u64 {
        self.0.expanded.load(Ordering::Relaxed)
    }

    /// Clears the counters for a new search.
    pub(crate) fn reset(&self) {
        self.0.estimate.store(UNSET, Ordering::Relaxed);
        self.0.bound.store(UNSET, Ordering::Relaxed);
        self.0.expanded.store(0, Ordering::Relaxed);
    }

    /// An iterative deepening search starts from `estimate`.
    pub(crate) fn set_estimate(&self, estimate: u32) {
        self.0.estimate.store(estimate, Ordering::Relaxed);
    }

    /// An iteration with this bound starts.
    pub(crate) fn set_bound(&self, bound: u32) {
        self.0.bound.store(bound, Ordering::Relaxed);
        self.notify();
    }

    /// The search has expanded `expanded` nodes in all (the count never goes
    /// back, even when threads publish out of order).
    pub(crate) fn set_expanded(&self, expanded: u64) {
        self.0.expanded.fetch_max(expanded, Ordering::Relaxed);
        self.notify();
    }
}

fn published(value: &AtomicU32) -> Option<u32> {
    match value.load(Ordering::Relaxed) {
        UNSET => None,
        v => Some(v),
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::{Algorithm, Board, Budget, BudgetKind, Cancel, Goal, HeuristicKind, Outcome, Solver, SolverOptions};

    /// Korf's 15-puzzle #1: Manhattan estimate 41, 57 moves (Korf 1985),
    /// millions of nodes with Manhattan: long enough to watch.
    const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

    /// What the watcher read once: estimate, bound, expanded.
    type Seen = (Option<u32>, Option<u32>, u64);

    /// Watches a search of `board` from another thread until it has seen
    /// the expanded count move twice and the bound move once, then cancels
    /// it; returns what it saw and the search's report. Waits on counts, not
    /// on the clock, so a loaded machine only makes it slower.
    fn watch(board: &str, algorithm: Algorithm, threads: usize) -> (Vec<Seen>, crate::Report) {
        let board: Board = board.parse().unwrap();
        let goal = Goal::blank_first(board.shape());
        let options = SolverOptions::default()
            .with_algorithm(algorithm)
            .with_heuristic(HeuristicKind::Manhattan)
            .with_threads(threads);
        let solver = Solver::new(options);
        let (progress, cancel) = (Progress::new(), Cancel::new());
        let watcher = std::thread::spawn({
            let (progress, cancel) = (progress.clone(), cancel.clone());
            move || {
                let give_up = Instant::now() + Duration::from_secs(120);
                let mut seen: Vec<Seen> = Vec::new();
                let done = |seen: &[Seen]| {
                    let counts: std::collections::BTreeSet<u64> = seen.iter().map(|s| s.2).filter(|&e| e > 0).collect();
                    let bounds: std::collections::BTreeSet<u32> = seen.iter().filter_map(|s| s.1).collect();
                    counts.len() >= 3 && bounds.len() >= 2
                };
                while !done(&seen) && Instant::now() < give_up {
                    seen.push((progress.estimate(), progress.bound(), progress.expanded()));
                    std::thread::sleep(Duration::from_micros(200));
                }
                cancel.cancel();
                seen
            }
        });
        let report = solver
            .solve_with_progress(&board, &goal, Budget::default(), &cancel, &progress)
            .unwrap();
        (watcher.join().unwrap(), report)
    }

    fn check_watched(algorithm: Algorithm, threads: usize) {
        let (seen, report) = watch(KORF_1, algorithm, threads);
        assert_eq!(
            report.outcome,
            Outcome::BudgetReached(BudgetKind::Cancelled),
            "{algorithm} on {threads} threads"
        );
        let counts: Vec<u64> = seen.iter().map(|s| s.2).collect();
        assert!(
            counts.windows(2).all(|w| w[0] <= w[1]),
            "expanded never goes back: {counts:?}"
        );
        assert!(
            counts.iter().filter(|&&e| e > 0).count() >= 3,
            "expanded advanced while searching: {counts:?}"
        );
        assert!(*counts.last().unwrap() <= report.stats.expanded);
        let bounds: Vec<u32> = seen.iter().filter_map(|s| s.1).collect();
        assert!(bounds.windows(2).all(|w| w[0] <= w[1]), "bounds only grow: {bounds:?}");
        assert!(
            bounds.first() < bounds.last(),
            "the bound advanced while searching: {bounds:?}"
        );
        assert!(
            seen.iter().filter(|s| s.1.is_some()).all(|s| s.0 == Some(41)),
            "Manhattan estimate of Korf #1 is 41"
        );
        // The bound published last is the iteration the search was in.
        let iterated: Vec<u32> = report.stats.iterations.iter().map(|&(b, _)| b).collect();
        assert!(
            bounds.iter().all(|b| iterated.contains(b)),
            "{bounds:?} among {iterated:?}"
        );
    }

    #[test]
    fn specialised_ida_publishes_bound_and_nodes_while_it_runs() {
        check_watched(Algorithm::IdaStar, 1);
    }

    #[test]
    fn parallel_ida_publishes_bound_and_nodes_while_it_runs() {
        check_watched(Algorithm::IdaStar, 2);
    }

    #[test]
    fn generic_ida_publishes_bound_and_estimate() {
        // A 3x4 board goes to the generic IDA*, which publishes at the end of each iteration too.
        let tiles = vec![5, 1, 2, 3, 9, 6, 7, 4, 0, 10, 11, 8];
        let board = Board::new(crate::Shape::new(4, 3).unwrap(), tiles).unwrap();
        let goal = Goal::standard(board.shape());
        let solver = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::Manhattan));
        let progress = Progress::new();
        let report = solver
            .solve_with_progress(&board, &goal, Budget::default(), &Cancel::new(), &progress)
            .unwrap();
        let length = report.outcome.solution().unwrap().len() as u32;
        // Manhattan: tiles 5 1 2 3 9 4 8 one step each from their goal cells.
        assert_eq!(progress.estimate(), Some(7));
        assert_eq!(progress.bound(), Some(length));
    }

    #[test]
    fn an_observer_sees_every_bound_and_growing_node_counts() {
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let progress = Progress::with_observer({
            let seen = Arc::clone(&seen);
            move |p: &Progress| seen.lock().unwrap().push((p.bound(), p.expanded()))
        });
        // A 40-move 15-puzzle: hundreds of thousands of nodes with Manhattan.
        let board: Board = "1 6 11 7 13 8 5 x 9 15 2 12 14 3 4 10".parse().unwrap();
        let goal = Goal::standard(board.shape());
        let solver = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::Manhattan));
        let report = solver
            .solve_with_progress(&board, &goal, Budget::default(), &Cancel::new(), &progress)
            .unwrap();
        let seen = seen.lock().unwrap();
        let mut bounds: Vec<u32> = seen.iter().filter_map(|s| s.0).collect();
        bounds.dedup();
        let iterated: Vec<u32> = report
            .stats
            .iterations
            .iter()
            .map(|&(b, _)| b)
            .filter(|&b| b > 0)
            .collect();
        assert_eq!(bounds, iterated, "one call at least per iteration, in order");
        let counts: Vec<u64> = seen.iter().map(|s| s.1).collect();
        assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
        assert!(
            counts.iter().filter(|&&e| e > 0).count() >= 10,
            "node counts published while it ran"
        );
        assert!(*counts.last().unwrap() <= report.stats.expanded);
    }

    #[test]
    fn a_new_search_starts_from_clear_counters() {
        let board: Board = "1 2 3 4 5 6 x 7 8".parse().unwrap();
        let goal = Goal::standard(board.shape());
        let progress = Progress::new();
        progress.set_expanded(1 << 40);
        progress.set_bound(99);
        let solver = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Bfs));
        solver
            .solve_with_progress(&board, &goal, Budget::default(), &Cancel::new(), &progress)
            .unwrap();
        assert_eq!(
            (progress.bound(), progress.expanded()),
            (None, 0),
            "BFS publishes no bound; a 2-move board no count"
        );
    }

    #[test]
    fn clones_share_the_counters_and_reset_clears_them() {
        let progress = Progress::new();
        let reader = progress.clone();
        assert_eq!((reader.estimate(), reader.bound(), reader.expanded()), (None, None, 0));
        progress.set_estimate(40);
        progress.set_bound(42);
        progress.set_expanded(5000);
        progress.set_expanded(3000);
        assert_eq!(
            (reader.estimate(), reader.bound(), reader.expanded()),
            (Some(40), Some(42), 5000)
        );
        progress.reset();
        assert_eq!((reader.estimate(), reader.bound(), reader.expanded()), (None, None, 0));
    }
}
