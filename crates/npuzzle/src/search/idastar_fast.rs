//! IDA* specialised for boards of a fixed number of cells (the 15- and
//! 24-puzzle), single-threaded or in parallel.
//!
//! Compared with the generic [`idastar`](super::idastar) on slices:
//!
//! - the board is a small `Copy` value ([`Nibbles`]: 16 cells in a `u64`, or
//!   `[u8; N]`) passed down the recursion, so nothing is undone;
//! - the heuristic is a [`FixedHeuristic`] whose per-node state is passed
//!   down too, with an O(1) update per move (`md[tile][cell]` for Manhattan,
//!   table transitions for walking distance);
//! - successors come from a table `succ[blank][previous move]` that already
//!   leaves out the move undoing the previous one;
//! - a child is tested against the bound before the recursive call, so pruned
//!   children cost no call, and its estimate is asked for through
//!   [`FixedHeuristic::step_bounded`] with the cutoff at or above which it
//!   would be pruned without lowering the next bound, so that a heuristic
//!   made of several lookups (pattern databases and their mirror image) can
//!   stop early;
//! - budgets are looked at every 1024 expanded nodes, not at every node.
//!
//! [`search`] visits exactly the nodes the generic search visits, in the same
//! order (moves `u d l r`, same pruning, same exact next threshold: the
//! smallest f that exceeded the bound), so it returns the same moves with the
//! same per-iteration node counts. [`Stats::iterations`] holds them.
//! [`search_with_options`] can try the moves in another [`MoveOrder`] and cut
//! duplicate move sequences (see [`duplicates`](super::duplicates): one
//! automaton lookup per move, a part of the same tree searched in the same
//! order, same lengths), which is what [`Solver`](crate::Solver) does by
//! default.
//!
//! ## Parallel search
//!
//! With `threads > 1`, each iteration (one bound) is split: the tree is
//! walked to a shallow depth `d`, collecting the nodes at depth `d` within the
//! bound in depth-first order ("tasks"; `d` grows until there are enough:
//! one per 4,096 nodes of the previous iteration, between 8 and 256 per
//! thread). Workers take tasks in that order from an atomic counter and
//! search each subtree with the bound. The iteration ends when every worker
//! is done (`std::thread::scope`), so a longer bound is only tried after the
//! whole tree of the shorter one has been searched, and the result stays
//! optimal. When a worker finds a solution in task `i`, tasks after `i` are
//! dropped (at their next budget check) and tasks before `i` are finished;
//! the solution of the first task that has one wins. That is the solution
//! the single-threaded search finds, because it visits the tasks in the same
//! order, so every thread count returns the same moves. Node counts of all
//! but the last iteration are also the same; the last iteration's count
//! depends on how far the dropped tasks had got. (If a budget runs out
//! during the last iteration after some worker found a solution, that
//! solution is returned: it is optimal, but an earlier task might have held
//! the one a single thread would have returned.)
//!
//! An iteration runs on the calling thread, where spawning would cost more
//! than it saves, unless the previous one expanded at least 50,000 nodes or
//! took at least 0.1 ms. The time matters for heuristics that are slow per
//! node, like pattern databases: on Korf's 100 15-puzzle instances with `7-8`
//! databases, whose iterations are mostly smaller than 50,000 nodes, two
//! threads took 0.18–0.20 s against 0.25–0.29 s for one (with 256 tasks per
//! thread and a 0.25 ms threshold: 0.19–0.28 s).

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::board::{Board, Move, Shape};
use crate::goal::Goal;
use crate::heuristic::fixed::{FixedBoard, FixedHeuristic, Nibbles};
use crate::heuristic::pdb::AdditivePdb;
use crate::heuristic::{HeuristicKind, WithFixedHeuristic};
use crate::parity::is_solvable;
use crate::search::duplicates::{DuplicateFilter, CUT};
use crate::solution::{Budget, BudgetClock, BudgetKind, Outcome, Solution, Stats};
use crate::Error;

/// Expanded nodes between two looks at the budgets.
const POLL_EVERY: u64 = 1024;
/// Tasks per worker thread the parallel split aims for, at most: enough
/// for the workers to even out on big iterations.
const TASKS_PER_THREAD: usize = 256;
/// Tasks per worker thread, at least.
const MIN_TASKS_PER_THREAD: usize = 8;
/// Nodes of the previous iteration per task aimed for: small iterations get
/// few tasks, as splitting costs a walk of the tree's top and a task each.
const NODES_PER_TASK: u64 = 4096;
/// Deepest split.
const MAX_SPLIT_DEPTH: u32 = 40;
/// Iterations after one of fewer nodes than this (and shorter than
/// [`PARALLEL_MIN_TIME`]) run on one thread.
const PARALLEL_MIN_NODES: u64 = 50_000;
/// Iterations after one shorter than this (and of fewer nodes than
/// [`PARALLEL_MIN_NODES`]) run on one thread.
const PARALLEL_MIN_TIME: Duration = Duration::from_micros(100);
/// "No previous move" in the successor table.
const ROOT: usize = 4;

/// Whether the specialised search handles boards of `shape` (4×4 and 5×5).
///
/// ```
/// use npuzzle::{search::idastar_fast::is_specialised, Shape};
/// assert!(is_specialised(Shape::new(4, 4)?));
/// assert!(is_specialised(Shape::new(5, 5)?));
/// assert!(!is_specialised(Shape::new(3, 3)?));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn is_specialised(shape: Shape) -> bool {
    shape.width() == shape.height() && matches!(shape.width(), 4 | 5)
}

/// Runs the specialised IDA* with the heuristic `kind` if the shape is 4×4
/// or 5×5, `Ok(None)` for other shapes. The board must be solvable.
pub(crate) fn search_kind(
    board: &Board,
    goal: &Goal,
    kind: HeuristicKind,
    pdb: Option<&AdditivePdb>,
    clock: &BudgetClock,
    threads: usize,
    options: FastOptions,
) -> Result<Option<(Outcome, Stats)>, Error> {
    let shape = board.shape();
    if !is_specialised(shape) {
        return Ok(None);
    }
    let found = if shape.width() == 4 {
        let search = Search::<Nibbles> {
            board,
            goal,
            clock,
            threads,
            options,
            cells: PhantomData,
        };
        kind.run_fixed::<16, _>(goal, pdb, search)
    } else {
        let search = Search::<[u8; 25]> {
            board,
            goal,
            clock,
            threads,
            options,
            cells: PhantomData,
        };
        kind.run_fixed::<25, _>(goal, pdb, search)
    };
    found.map(Some)
}

/// [`search_with_options`] on boards held as `B`, waiting for its heuristic.
struct Search<'a, B> {
    board: &'a Board,
    goal: &'a Goal,
    clock: &'a BudgetClock,
    threads: usize,
    options: FastOptions,
    cells: PhantomData<B>,
}

impl<const N: usize, B: FixedBoard<N>> WithFixedHeuristic<N> for Search<'_, B> {
    type Output = (Outcome, Stats);

    fn run<H: FixedHeuristic<N>>(self, heuristic: &H) -> Result<(Outcome, Stats), Error> {
        search_with_options::<N, B, H>(self.board, self.goal, heuristic, self.clock, self.threads, self.options)
    }
}

/// Solves `board` for `goal` with IDA* on boards of `N` cells held as `B`,
/// using `heuristic`, on `threads` threads (0 and 1 both mean the calling
/// thread only). Budgets are read from `clock`.
///
/// Unsolvable boards give [`Outcome::Unsolvable`] at once. Boards of another
/// size than `N` or another shape than the goal give an error.
///
/// ```
/// use npuzzle::heuristic::fixed::{FixedManhattan, Nibbles};
/// use npuzzle::search::idastar_fast::search;
/// use npuzzle::solution::BudgetClock;
/// use npuzzle::{Board, Budget, Goal};
/// let goal = Goal::blank_first("4x4".parse()?);
/// let board: Board = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
/// let h = FixedManhattan::<16>::new(&goal)?;
/// let clock = BudgetClock::start(Budget::default());
/// let (outcome, stats) = search::<16, Nibbles, _>(&board, &goal, &h, &clock, 2)?;
/// assert_eq!(outcome.solution().unwrap().to_string(), "lu");
/// assert_eq!(stats.iterations.last().unwrap().0, 2);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn search<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    clock: &BudgetClock,
    threads: usize,
) -> Result<(Outcome, Stats), Error> {
    search_with_options::<N, B, H>(board, goal, heuristic, clock, threads, FastOptions::default())
}

/// The order in which the specialised IDA* tries the moves of a node.
///
/// The order decides which of several optimal solutions is found, and how
/// much of the last iteration is searched before it is: on single instances
/// the node count can change several times over, in either direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MoveOrder {
    /// `u d l r` ([`Move::ALL`]), the order of every search of the library:
    /// the same moves and node counts as the generic [`idastar`](super::idastar).
    #[default]
    Library,
    /// `u l r d`, the order in which an independent reimplementation
    /// reproduced the node counts that Korf & Felner (2002) published for the
    /// 24-puzzle, for comparisons with them.
    KorfFelner,
}

impl MoveOrder {
    /// The moves in this order.
    ///
    /// ```
    /// use npuzzle::search::idastar_fast::MoveOrder;
    /// use npuzzle::Move;
    /// assert_eq!(MoveOrder::Library.moves(), Move::ALL);
    /// assert_eq!(MoveOrder::KorfFelner.moves(), [Move::Up, Move::Left, Move::Right, Move::Down]);
    /// ```
    pub fn moves(self) -> [Move; 4] {
        match self {
            MoveOrder::Library => Move::ALL,
            MoveOrder::KorfFelner => [Move::Up, Move::Left, Move::Right, Move::Down],
        }
    }
}

/// How the specialised search orders the moves of a node and which paths it
/// cuts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FastOptions {
    /// The order of the moves.
    pub order: MoveOrder,
    /// Cut every move sequence of up to this many moves that an earlier
    /// sequence, no longer, does the same as ([`duplicates`](super::duplicates)).
    /// 2 (the default here) cuts only the move undoing the previous one, so
    /// that the search visits the nodes the generic IDA* visits;
    /// [`SolverOptions`](crate::SolverOptions) uses
    /// [`DEFAULT_LEN`](super::duplicates::DEFAULT_LEN). At most
    /// [`MAX_LEN`](super::duplicates::MAX_LEN).
    pub duplicate_len: usize,
}

impl Default for FastOptions {
    fn default() -> Self {
        FastOptions {
            order: MoveOrder::Library,
            duplicate_len: 2,
        }
    }
}

/// [`search`] with the moves of each node tried in `options.order`, and
/// duplicate sequences of up to `options.duplicate_len` moves cut.
///
/// ```
/// use npuzzle::heuristic::fixed::{FixedManhattan, Nibbles};
/// use npuzzle::search::idastar_fast::{search_with_options, FastOptions, MoveOrder};
/// use npuzzle::solution::BudgetClock;
/// use npuzzle::{Board, Budget, Goal};
/// let goal = Goal::blank_first("4x4".parse()?);
/// let board: Board = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
/// let h = FixedManhattan::<16>::new(&goal)?;
/// let clock = BudgetClock::start(Budget::default());
/// let found = |options| search_with_options::<16, Nibbles, _>(&board, &goal, &h, &clock, 1, options);
/// let korf_felner = FastOptions { order: MoveOrder::KorfFelner, ..FastOptions::default() };
/// assert_eq!(found(korf_felner)?.0.solution().unwrap().to_string(), "lu");
/// let pruned = FastOptions { duplicate_len: 10, ..FastOptions::default() };
/// assert_eq!(found(pruned)?.0.solution().unwrap().to_string(), "lu");
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn search_with_options<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    clock: &BudgetClock,
    threads: usize,
    options: FastOptions,
) -> Result<(Outcome, Stats), Error> {
    search_with::<N, B, H>(board, goal, heuristic, clock, threads, PARALLEL_MIN_NODES, options)
}

/// [`search`] going parallel once an iteration reaches `parallel_min` nodes
/// or [`PARALLEL_MIN_TIME`].
fn search_with<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    clock: &BudgetClock,
    threads: usize,
    parallel_min: u64,
    options: FastOptions,
) -> Result<(Outcome, Stats), Error> {
    let (tiles, goal_tiles) = fixed_tiles::<N>(board, goal)?;
    let shape = board.shape();
    if !is_solvable(board, goal) {
        return Ok((Outcome::Unsolvable, Stats::default()));
    }
    let moves = MoveTable::<N>::new(shape, options.order);
    let filter = DuplicateFilter::shared(options.duplicate_len);
    let control = Control::new(clock);
    let root = Node {
        board: B::from_tiles(&tiles),
        blank: board.blank(),
        prev: ROOT,
        g: 0,
        state: heuristic.start(&tiles),
        dup: filter.start(),
    };
    let ida = Ida {
        heuristic,
        moves: &moves,
        filter,
        control: &control,
        goal: B::from_tiles(&goal_tiles),
        threads: threads.max(1),
        parallel_min,
        parallel_min_time: PARALLEL_MIN_TIME,
    };
    Ok(ida.run(root))
}

/// The tiles of `board` and of `goal` as arrays of `N` cells; an error when
/// their shapes differ or have another number of cells.
fn fixed_tiles<const N: usize>(board: &Board, goal: &Goal) -> Result<([u8; N], [u8; N]), Error> {
    goal.check_shape(board)?;
    match (
        <[u8; N]>::try_from(board.tiles()),
        <[u8; N]>::try_from(goal.board().tiles()),
    ) {
        (Ok(tiles), Ok(goal_tiles)) => Ok((tiles, goal_tiles)),
        _ => Err(Error::Unsupported {
            algorithm: "idastar (fixed size)",
            shape: board.shape(),
            reason: format!("this instance is built for boards of {N} cells"),
        }),
    }
}

/// The size of one whole IDA* iteration.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IterationCount {
    /// Nodes expanded.
    pub expanded: u64,
    /// Children generated (pruned ones included).
    pub generated: u64,
    /// Goal nodes met (paths to the goal within the bound).
    pub solutions: u64,
}

/// Searches the whole tree within `bound` from `board` on one thread, going
/// on past solutions, and counts it. Unlike the count of a search that stops
/// at its first solution, this does not depend on the order of the moves, so
/// it can be compared with counts published for other implementations.
///
/// ```
/// use npuzzle::heuristic::fixed::{FixedManhattan, Nibbles};
/// use npuzzle::search::idastar_fast::count_iteration;
/// use npuzzle::{Board, Goal};
/// let goal = Goal::blank_first("4x4".parse()?);
/// let board: Board = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
/// let h = FixedManhattan::<16>::new(&goal)?;
/// let count = count_iteration::<16, Nibbles, _>(&board, &goal, &h, 2)?;
/// assert_eq!((count.expanded, count.solutions), (2, 1)); // "lu" only
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn count_iteration<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    bound: u32,
) -> Result<IterationCount, Error> {
    let (tiles, goal_tiles) = fixed_tiles::<N>(board, goal)?;
    let shape = board.shape();
    let moves = MoveTable::<N>::new(shape, MoveOrder::Library);
    let filter = DuplicateFilter::shared(2);
    let clock = BudgetClock::start(Budget::default());
    let control = Control::new(&clock);
    let ida = Ida {
        heuristic,
        moves: &moves,
        filter,
        control: &control,
        goal: B::from_tiles(&goal_tiles),
        threads: 1,
        parallel_min: u64::MAX,
        parallel_min_time: Duration::MAX,
    };
    let (root, state) = (B::from_tiles(&tiles), heuristic.start(&tiles));
    if root == ida.goal {
        return Ok(IterationCount {
            solutions: 1,
            ..IterationCount::default()
        });
    }
    if heuristic.value(&state) > bound {
        return Ok(IterationCount::default());
    }
    let mut w = ida.worker(bound);
    w.count_goals = true;
    w.search(Node {
        board: root,
        blank: board.blank(),
        prev: ROOT,
        g: 0,
        state,
        dup: filter.start(),
    });
    Ok(IterationCount {
        expanded: w.expanded,
        generated: w.generated,
        solutions: w.goals,
    })
}

/// Successors of each blank cell after each previous move, the reverse move
/// left out.
struct MoveTable<const N: usize> {
    succ: Vec<[Succ; 5]>,
}

#[derive(Debug, Clone, Copy, Default)]
struct Succ {
    len: u8,
    /// Where the blank goes.
    to: [u8; 4],
    /// Which move (index in `Move::ALL`) takes it there.
    mv: [u8; 4],
}

impl<const N: usize> MoveTable<N> {
    fn new(shape: Shape, order: MoveOrder) -> Self {
        let succ = (0..N)
            .map(|cell| {
                std::array::from_fn(|prev| {
                    let mut s = Succ::default();
                    for mv in order.moves() {
                        if prev != ROOT && Move::ALL[prev] == mv.opposite() {
                            continue;
                        }
                        if let Some(to) = shape.step(cell, mv) {
                            s.to[usize::from(s.len)] = to as u8;
                            s.mv[usize::from(s.len)] = mv.index() as u8;
                            s.len += 1;
                        }
                    }
                    s
                })
            })
            .collect();
        MoveTable { succ }
    }
}

/// What all workers of one search share: budgets and the stop signals.
struct Control {
    /// Expanded nodes reported so far by all workers.
    nodes: AtomicU64,
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    /// 0 while running, else 1 + the index of the budget that ran out.
    stopped: AtomicU8,
    /// Smallest task index holding a solution in the current iteration.
    winner: AtomicUsize,
}

const STOP_KINDS: [BudgetKind; 2] = [BudgetKind::Nodes, BudgetKind::Time];

impl Control {
    fn new(clock: &BudgetClock) -> Control {
        let budget: Budget = clock.budget();
        let now = Instant::now();
        Control {
            nodes: AtomicU64::new(0),
            max_nodes: budget.max_nodes,
            deadline: budget.timeout.map(|t| now + t.saturating_sub(clock.elapsed())),
            stopped: AtomicU8::new(0),
            winner: AtomicUsize::new(usize::MAX),
        }
    }

    fn stop(&self, kind: BudgetKind) {
        let i = STOP_KINDS.iter().position(|&k| k == kind).unwrap_or(0);
        let _ = self
            .stopped
            .compare_exchange(0, i as u8 + 1, Ordering::Relaxed, Ordering::Relaxed);
    }

    fn stopped(&self) -> Option<BudgetKind> {
        match self.stopped.load(Ordering::Relaxed) {
            0 => None,
            i => Some(STOP_KINDS[usize::from(i) - 1]),
        }
    }

    /// Expanded nodes that may still be spent before the node budget.
    fn remaining(&self) -> u64 {
        self.max_nodes
            .map_or(u64::MAX, |m| m.saturating_sub(self.nodes.load(Ordering::Relaxed)))
    }
}

/// A node to search from: the root, or a task of a parallel iteration.
#[derive(Clone, Copy)]
struct Node<B, S> {
    board: B,
    blank: usize,
    prev: usize,
    g: u32,
    state: S,
    /// The duplicate filter's state after the moves to this node.
    dup: u32,
}

/// Everything one search shares across iterations and threads.
struct Ida<'a, const N: usize, B, H> {
    heuristic: &'a H,
    moves: &'a MoveTable<N>,
    filter: &'a DuplicateFilter,
    control: &'a Control,
    goal: B,
    threads: usize,
    /// Iterations after one of fewer nodes and shorter than
    /// `parallel_min_time` run on the calling thread.
    parallel_min: u64,
    parallel_min_time: Duration,
}

/// The result of one iteration.
struct Iteration {
    /// The solution's moves (indices in `Move::ALL`), if one was found.
    found: Option<Vec<u8>>,
    expanded: u64,
    generated: u64,
    next_bound: u32,
    /// Bytes of the task list, for the statistics.
    bytes: u64,
}

impl<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>> Ida<'_, N, B, H> {
    fn run(&self, root: Node<B, H::State>) -> (Outcome, Stats) {
        let h0 = self.heuristic.value(&root.state);
        let mut stats = Stats::default();
        if h0 == 0 && root.board == self.goal {
            stats.iterations.push((0, 0));
            return (Outcome::Solved(Solution::default()), stats);
        }
        let mut bound = h0;
        let mut split_depth = 1;
        let mut last_nodes = 0u64;
        let mut last_time = Duration::ZERO;
        let mut peak_bytes = 0u64;
        let outcome = loop {
            self.control.winner.store(usize::MAX, Ordering::Relaxed);
            let started = Instant::now();
            let parallel = last_nodes >= self.parallel_min || last_time >= self.parallel_min_time;
            let it = if self.threads > 1 && parallel {
                self.parallel_iteration(root, bound, &mut split_depth, last_nodes)
            } else {
                self.serial_iteration(root, bound)
            };
            last_time = started.elapsed();
            stats.expanded += it.expanded;
            stats.generated += it.generated;
            stats.iterations.push((bound, it.expanded));
            peak_bytes = peak_bytes.max(it.bytes);
            last_nodes = it.expanded;
            if let Some(found) = it.found {
                let moves = found.into_iter().map(|m| Move::ALL[usize::from(m)]).collect();
                break Outcome::Solved(Solution::new(moves));
            }
            if let Some(kind) = self.control.stopped() {
                break Outcome::BudgetReached(kind);
            }
            if it.next_bound == u32::MAX {
                // Only possible if the goal is unreachable, which parity rules out first.
                break Outcome::Unsolvable;
            }
            bound = it.next_bound;
        };
        stats.peak_states = u64::from(bound) + 1;
        stats.peak_bytes = (self.moves.succ.len() * std::mem::size_of::<[Succ; 5]>()) as u64
            + peak_bytes
            + self.threads as u64 * (u64::from(bound) + 1);
        (outcome, stats)
    }

    fn worker(&self, bound: u32) -> Worker<'_, N, B, H> {
        Worker {
            heuristic: self.heuristic,
            succ: &self.moves.succ,
            filter: self.filter,
            control: self.control,
            goal: self.goal,
            bound,
            next_bound: u32::MAX,
            expanded: 0,
            generated: 0,
            flushed: 0,
            next_poll: self.control.remaining().min(POLL_EVERY),
            task: 0,
            abandoned: false,
            path: Vec::with_capacity(bound as usize + 1),
            count_goals: false,
            goals: 0,
        }
    }

    fn serial_iteration(&self, root: Node<B, H::State>, bound: u32) -> Iteration {
        let mut w = self.worker(bound);
        let found = w.search(root);
        w.flush();
        Iteration {
            found: found.then(|| w.path.iter().rev().copied().collect()),
            expanded: w.expanded,
            generated: w.generated,
            next_bound: w.next_bound,
            bytes: 0,
        }
    }

    fn parallel_iteration(
        &self,
        root: Node<B, H::State>,
        bound: u32,
        split_depth: &mut u32,
        last_nodes: u64,
    ) -> Iteration {
        let per_thread = usize::try_from(last_nodes / NODES_PER_TASK)
            .unwrap_or(usize::MAX)
            .clamp(MIN_TASKS_PER_THREAD, TASKS_PER_THREAD);
        let target = per_thread * self.threads;
        let mut split = self.split(root, bound, *split_depth);
        while split.tasks.len() < target && *split_depth + 1 < bound && *split_depth < MAX_SPLIT_DEPTH {
            *split_depth += 1;
            split = self.split(root, bound, *split_depth);
        }
        self.control.nodes.fetch_add(split.expanded, Ordering::Relaxed);
        let tasks = split.tasks.as_slice();
        let next_task = AtomicUsize::new(0);
        let results: Vec<WorkerResult> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..self.threads)
                .map(|_| scope.spawn(|| self.work(bound, tasks, &next_task)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        });
        let mut it = Iteration {
            found: None,
            expanded: split.expanded,
            generated: split.generated,
            next_bound: split.next_bound,
            bytes: std::mem::size_of_val(tasks) as u64 + tasks.iter().map(|t| t.prefix.len() as u64).sum::<u64>(),
        };
        let mut winner = usize::MAX;
        for r in results {
            it.expanded += r.expanded;
            it.generated += r.generated;
            it.next_bound = it.next_bound.min(r.next_bound);
            if let Some((index, moves)) = r.found {
                if index < winner {
                    winner = index;
                    it.found = Some(moves);
                }
            }
        }
        it
    }

    /// One worker thread of a parallel iteration: takes tasks in order until
    /// none are left, a budget runs out, or only tasks after a solution remain.
    fn work(&self, bound: u32, tasks: &[Task<B, H::State>], next_task: &AtomicUsize) -> WorkerResult {
        let mut w = self.worker(bound);
        let mut found = None;
        loop {
            let i = next_task.fetch_add(1, Ordering::Relaxed);
            if i >= tasks.len() || self.control.winner.load(Ordering::Relaxed) < i || self.control.stopped().is_some() {
                break;
            }
            let task = &tasks[i];
            w.task = i;
            w.abandoned = false;
            w.path.clear();
            let solved = match task.node {
                None => true,
                Some(n) => w.search(n),
            };
            if solved {
                let mut moves = task.prefix.clone();
                moves.extend(w.path.iter().rev());
                found = Some((i, moves));
                self.control.winner.fetch_min(i, Ordering::Relaxed);
                // Every later task loses to this one.
                break;
            }
        }
        w.flush();
        WorkerResult {
            expanded: w.expanded,
            generated: w.generated,
            next_bound: w.next_bound,
            found,
        }
    }

    /// The tasks of one parallel iteration: the nodes at `depth` within
    /// `bound`, in depth-first order, and goals met on the way.
    fn split(&self, root: Node<B, H::State>, bound: u32, depth: u32) -> Split<B, H::State> {
        let mut split = Split {
            tasks: Vec::new(),
            expanded: 0,
            generated: 0,
            next_bound: u32::MAX,
        };
        let mut prefix = Vec::with_capacity(depth as usize);
        self.split_from(root, bound, depth, &mut prefix, &mut split);
        split
    }

    fn split_from(
        &self,
        node: Node<B, H::State>,
        bound: u32,
        depth: u32,
        prefix: &mut Vec<u8>,
        split: &mut Split<B, H::State>,
    ) {
        split.expanded += 1;
        let succ = &self.moves.succ[node.blank][node.prev];
        for (&to, &mv) in succ.to.iter().zip(&succ.mv).take(usize::from(succ.len)) {
            let dup = self.filter.step_index(node.dup, usize::from(mv));
            if dup == CUT {
                continue;
            }
            let to = usize::from(to);
            let tile = node.board.tile(to);
            let board = node.board.slide(node.blank, to, tile);
            let state = self.heuristic.step(&board, &node.state, tile, to, node.blank);
            let h = self.heuristic.value(&state);
            let g = node.g + 1;
            split.generated += 1;
            if g + h > bound {
                split.next_bound = split.next_bound.min(g + h);
                continue;
            }
            prefix.push(mv);
            let child = Node {
                board,
                blank: to,
                prev: usize::from(mv),
                g,
                state,
                dup,
            };
            if h == 0 && board == self.goal {
                split.tasks.push(Task {
                    node: None,
                    prefix: prefix.clone(),
                });
            } else if g == depth {
                split.tasks.push(Task {
                    node: Some(child),
                    prefix: prefix.clone(),
                });
            } else {
                self.split_from(child, bound, depth, prefix, split);
            }
            prefix.pop();
        }
    }
}

/// What one worker thread of a parallel iteration did.
struct WorkerResult {
    expanded: u64,
    generated: u64,
    next_bound: u32,
    /// Task index and moves of the solution found, if any.
    found: Option<(usize, Vec<u8>)>,
}

/// The subtree of one node, or a goal (`node: None`) met above the split depth.
struct Task<B, S> {
    node: Option<Node<B, S>>,
    /// Moves from the root.
    prefix: Vec<u8>,
}

struct Split<B, S> {
    tasks: Vec<Task<B, S>>,
    expanded: u64,
    generated: u64,
    next_bound: u32,
}

/// One thread's depth-first search under one bound.
struct Worker<'a, const N: usize, B, H: FixedHeuristic<N>> {
    heuristic: &'a H,
    succ: &'a [[Succ; 5]],
    filter: &'a DuplicateFilter,
    control: &'a Control,
    goal: B,
    bound: u32,
    next_bound: u32,
    expanded: u64,
    generated: u64,
    /// `expanded` as last added to `control.nodes`.
    flushed: u64,
    /// Look at the budgets when `expanded` reaches this.
    next_poll: u64,
    /// Index of the task being searched.
    task: usize,
    /// Set when the budgets ran out or an earlier task holds a solution.
    abandoned: bool,
    /// The solution's moves, last move first.
    path: Vec<u8>,
    /// Count goals and go on, rather than stop at the first.
    count_goals: bool,
    goals: u64,
}

impl<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>> Worker<'_, N, B, H> {
    /// Searches below a node known to be within the bound and not the goal.
    /// On success the moves are in `path`, last first.
    /// Searches below `node`, known to be within the bound and not the goal.
    fn search(&mut self, node: Node<B, H::State>) -> bool {
        let Node {
            board,
            blank,
            prev,
            g,
            state,
            dup,
        } = node;
        if self.filter.max_len() > 2 {
            self.dfs::<true>(board, blank, prev, g, state, dup)
        } else {
            self.dfs::<false>(board, blank, prev, g, state, dup)
        }
    }

    /// With `PRUNE` false the duplicate filter is not read (it would only
    /// cut the reverse moves, which the successor table leaves out already).
    fn dfs<const PRUNE: bool>(
        &mut self,
        board: B,
        blank: usize,
        prev: usize,
        g: u32,
        state: H::State,
        dup: u32,
    ) -> bool {
        self.expanded += 1;
        if self.expanded >= self.next_poll && self.poll() {
            return false;
        }
        let succ = &self.succ[blank][prev];
        for (&to, &mv) in succ.to.iter().zip(&succ.mv).take(usize::from(succ.len)) {
            // A move ending a duplicate sequence is not even generated.
            let d = if PRUNE {
                self.filter.step_index(dup, usize::from(mv))
            } else {
                dup
            };
            if PRUNE && d == CUT {
                continue;
            }
            let to = usize::from(to);
            let tile = board.tile(to);
            let child = board.slide(blank, to, tile);
            // A child with f at or above the next bound is pruned and leaves
            // the next bound as it is, so its estimate need not be exact.
            let cutoff = self.next_bound.saturating_sub(g + 1);
            let (s, h) = self.heuristic.step_bounded(&child, &state, tile, to, blank, cutoff);
            let f = g + 1 + h;
            self.generated += 1;
            if f > self.bound {
                if f < self.next_bound {
                    self.next_bound = f;
                }
                continue;
            }
            if h == 0 && child == self.goal {
                if self.count_goals {
                    self.goals += 1;
                    continue;
                }
                self.path.push(mv);
                return true;
            }
            if self.dfs::<PRUNE>(child, to, usize::from(mv), g + 1, s, d) {
                self.path.push(mv);
                return true;
            }
            if self.abandoned {
                return false;
            }
        }
        false
    }

    /// Reports nodes, reads the budgets and the winner; true to stop.
    #[cold]
    #[inline(never)]
    fn poll(&mut self) -> bool {
        let total = self.flush();
        let mut step = POLL_EVERY;
        if let Some(max) = self.control.max_nodes {
            if total >= max {
                self.control.stop(BudgetKind::Nodes);
            } else {
                step = step.min(max - total);
            }
        }
        if self.control.deadline.is_some_and(|d| Instant::now() >= d) {
            self.control.stop(BudgetKind::Time);
        }
        self.next_poll = self.expanded + step;
        self.abandoned = self.control.stopped().is_some() || self.control.winner.load(Ordering::Relaxed) < self.task;
        self.abandoned
    }

    /// Adds the nodes not yet reported to the shared count; returns the total.
    fn flush(&mut self) -> u64 {
        let delta = self.expanded - self.flushed;
        self.flushed = self.expanded;
        self.control.nodes.fetch_add(delta, Ordering::Relaxed) + delta
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::fixed::tests::random_walk;
    use crate::heuristic::fixed::{Dynamic, FixedLinearConflict, FixedManhattan};
    use crate::heuristic::pdb::FixedPdb;
    use crate::heuristic::{Heuristic, LinearConflict, Manhattan, Misplaced, WalkingDistance};
    use crate::search::idastar;
    use crate::{Algorithm, Solver, SolverOptions};

    fn unlimited() -> BudgetClock {
        BudgetClock::start(Budget::default())
    }

    fn generic<H: Heuristic>(board: &Board, goal: &Goal, h: &H) -> (Outcome, Stats) {
        idastar::search(board, goal, h, &mut unlimited(), DuplicateFilter::shared(2))
    }

    fn fast<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
        board: &Board,
        goal: &Goal,
        h: &H,
        threads: usize,
    ) -> (Outcome, Stats) {
        // Parallel from the second iteration on, so small boards exercise it.
        search_with::<N, B, H>(board, goal, h, &unlimited(), threads, 1, FastOptions::default()).unwrap()
    }

    /// Same moves, same nodes in every iteration.
    fn assert_same(a: &(Outcome, Stats), b: &(Outcome, Stats), what: &str) {
        assert_eq!(a.0, b.0, "{what}");
        assert_eq!(a.1.iterations, b.1.iterations, "{what}");
        assert_eq!((a.1.expanded, a.1.generated), (b.1.expanded, b.1.generated), "{what}");
    }

    fn goals(side: usize) -> [Goal; 2] {
        let shape = Shape::new(side, side).unwrap();
        [Goal::blank_first(shape), Goal::standard(shape)]
    }

    #[test]
    fn same_moves_and_node_counts_as_the_generic_search_on_4x4() {
        for goal in goals(4) {
            let (m, l, w) = (
                Manhattan::new(&goal),
                LinearConflict::new(&goal),
                WalkingDistance::new(&goal).unwrap(),
            );
            let fm = FixedManhattan::<16>::new(&goal).unwrap();
            let fl = FixedLinearConflict::<16>::new(&goal).unwrap();
            for seed in 0..8 {
                let board = random_walk(&goal, 20 + 3 * seed as usize, seed);
                let want = generic(&board, &goal, &m);
                assert_same(
                    &fast::<16, Nibbles, _>(&board, &goal, &fm, 1),
                    &want,
                    "manhattan, nibbles",
                );
                assert_same(
                    &fast::<16, [u8; 16], _>(&board, &goal, &fm, 1),
                    &want,
                    "manhattan, bytes",
                );
                let want = generic(&board, &goal, &l);
                assert_same(&fast::<16, Nibbles, _>(&board, &goal, &fl, 1), &want, "linear conflict");
                let want = generic(&board, &goal, &w);
                assert_same(&fast::<16, Nibbles, _>(&board, &goal, &w, 1), &want, "walking distance");
                let misplaced = Dynamic(Misplaced::new(&goal));
                if seed < 3 {
                    let want = generic(&board, &goal, &misplaced.0);
                    assert_same(
                        &fast::<16, Nibbles, _>(&board, &goal, &misplaced, 1),
                        &want,
                        "misplaced",
                    );
                }
            }
        }
    }

    #[test]
    fn same_moves_and_node_counts_as_the_generic_search_on_5x5() {
        for goal in goals(5) {
            let (m, l) = (Manhattan::new(&goal), LinearConflict::new(&goal));
            let fm = FixedManhattan::<25>::new(&goal).unwrap();
            let fl = FixedLinearConflict::<25>::new(&goal).unwrap();
            for seed in 0..6 {
                let board = random_walk(&goal, 20 + 2 * seed as usize, seed);
                let want = generic(&board, &goal, &m);
                assert_same(&fast::<25, [u8; 25], _>(&board, &goal, &fm, 1), &want, "manhattan");
                let want = generic(&board, &goal, &l);
                assert_same(
                    &fast::<25, [u8; 25], _>(&board, &goal, &fl, 1),
                    &want,
                    "linear conflict",
                );
            }
        }
    }

    /// Everything but the last iteration's count, which depends on when the
    /// workers after the winning task stopped.
    fn assert_same_but_last(a: &(Outcome, Stats), b: &(Outcome, Stats), what: &str) {
        assert_eq!(a.0, b.0, "{what}");
        let (ia, ib) = (&a.1.iterations, &b.1.iterations);
        assert_eq!(ia.len(), ib.len(), "{what}");
        assert_eq!(ia[..ia.len() - 1], ib[..ib.len() - 1], "{what}");
        assert_eq!(ia.last().map(|i| i.0), ib.last().map(|i| i.0), "{what}");
    }

    #[test]
    fn threads_give_the_same_moves() {
        for goal in goals(4) {
            let fm = FixedManhattan::<16>::new(&goal).unwrap();
            let fw = WalkingDistance::new(&goal).unwrap();
            for seed in 0..8 {
                let board = random_walk(&goal, 30 + 2 * seed as usize, 100 + seed);
                let one = fast::<16, Nibbles, _>(&board, &goal, &fm, 1);
                for threads in [2, 3] {
                    let many = fast::<16, Nibbles, _>(&board, &goal, &fm, threads);
                    assert_same_but_last(&many, &one, &format!("manhattan, {threads} threads, {board}"));
                }
                let one = fast::<16, Nibbles, _>(&board, &goal, &fw, 1);
                let two = fast::<16, Nibbles, _>(&board, &goal, &fw, 2);
                assert_same_but_last(&two, &one, &format!("walking distance, {board}"));
            }
        }
        for goal in goals(5) {
            let fl = FixedLinearConflict::<25>::new(&goal).unwrap();
            for seed in 0..3 {
                let board = random_walk(&goal, 30, 200 + seed);
                let one = fast::<25, [u8; 25], _>(&board, &goal, &fl, 1);
                let two = fast::<25, [u8; 25], _>(&board, &goal, &fl, 2);
                assert_same_but_last(&two, &one, &format!("5x5, {board}"));
            }
        }
    }

    /// Every iteration of `pruned` has a bound the unpruned search also
    /// tried, with no more nodes (its tree is a part of the other's, searched
    /// in the same order), and the same length is found.
    fn assert_pruned_within(pruned: &(Outcome, Stats), full: &(Outcome, Stats), what: &str) {
        let length = |r: &(Outcome, Stats)| r.0.solution().map(Solution::len);
        assert_eq!(length(pruned), length(full), "{what}");
        for &(bound, nodes) in &pruned.1.iterations {
            let other = full.1.iterations.iter().find(|it| it.0 == bound);
            assert!(other.is_some_and(|it| it.1 >= nodes), "{what}: bound {bound}");
        }
        assert!(pruned.1.expanded <= full.1.expanded, "{what}");
    }

    #[test]
    fn cutting_duplicate_sequences_keeps_the_lengths_and_saves_nodes() {
        let pruned = |len| FastOptions {
            duplicate_len: len,
            ..FastOptions::default()
        };
        let run = |board: &Board, goal: &Goal, h: &dyn Fn(FastOptions, usize) -> (Outcome, Stats)| {
            let full = h(FastOptions::default(), 1);
            let mut saved = 0;
            for len in [6, 10, 12] {
                let one = h(pruned(len), 1);
                assert_pruned_within(&one, &full, &format!("{len} moves, {board} for {goal}"));
                saved += full.1.expanded - one.1.expanded;
                let two = h(pruned(len), 2);
                assert_same_but_last(&two, &one, &format!("{len} moves, 2 threads, {board} for {goal}"));
            }
            saved
        };
        let mut saved = 0;
        for goal in goals(4) {
            let fw = WalkingDistance::new(&goal).unwrap();
            for seed in 0..8 {
                let board = random_walk(&goal, 44 + 2 * seed as usize, 300 + seed);
                saved += run(&board, &goal, &|options, threads| {
                    search_with::<16, Nibbles, _>(&board, &goal, &fw, &unlimited(), threads, 1, options).unwrap()
                });
            }
        }
        for goal in goals(5) {
            let fl = FixedLinearConflict::<25>::new(&goal).unwrap();
            for seed in 0..3 {
                let board = random_walk(&goal, 40, 400 + seed);
                saved += run(&board, &goal, &|options, threads| {
                    search_with::<25, [u8; 25], _>(&board, &goal, &fl, &unlimited(), threads, 1, options).unwrap()
                });
            }
        }
        // The filter must cut something on boards this deep.
        assert!(saved > 0);
    }

    #[test]
    fn every_heuristic_finds_the_manhattan_length() {
        for goal in goals(4) {
            let fm = FixedManhattan::<16>::new(&goal).unwrap();
            let fl = FixedLinearConflict::<16>::new(&goal).unwrap();
            let fw = WalkingDistance::new(&goal).unwrap();
            for seed in 0..10 {
                let board = random_walk(&goal, 40 + 2 * seed as usize, 400 + seed);
                let length = |o: (Outcome, Stats)| o.0.solution().map(Solution::len);
                let want = length(fast::<16, Nibbles, _>(&board, &goal, &fm, 1));
                assert!(want.is_some());
                assert_eq!(length(fast::<16, Nibbles, _>(&board, &goal, &fl, 1)), want, "{board}");
                assert_eq!(length(fast::<16, Nibbles, _>(&board, &goal, &fw, 2)), want, "{board}");
            }
        }
    }

    #[test]
    fn repeated_parallel_runs_agree() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let h = FixedManhattan::<16>::new(&goal).unwrap();
        let board = random_walk(&goal, 44, 5);
        let first = fast::<16, Nibbles, _>(&board, &goal, &h, 2);
        for _ in 0..5 {
            assert_same_but_last(&fast::<16, Nibbles, _>(&board, &goal, &h, 2), &first, "rerun");
        }
    }

    /// Korf (1985), Table 1: instance number, tiles, Manhattan estimate,
    /// optimal length, nodes generated by his IDA*. The easiest ones.
    const KORF_EASY: [(u32, [u8; 16], u32, usize, u64); 4] = [
        (
            12,
            [14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15],
            35,
            45,
            546_344,
        ),
        (
            42,
            [4, 5, 7, 2, 9, 14, 12, 13, 0, 3, 6, 11, 8, 1, 15, 10],
            30,
            42,
            877_823,
        ),
        (
            55,
            [13, 8, 14, 3, 9, 1, 0, 7, 15, 5, 4, 10, 12, 2, 6, 11],
            29,
            41,
            927_212,
        ),
        (
            79,
            [0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15],
            28,
            42,
            540_860,
        ),
    ];

    #[test]
    fn easy_korf_instances_have_their_published_lengths() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        for (number, tiles, h0, length, _) in KORF_EASY {
            let board = Board::new(goal.shape(), tiles.to_vec()).unwrap();
            for (kind, threads) in [
                (HeuristicKind::Manhattan, 1),
                (HeuristicKind::Manhattan, 2),
                (HeuristicKind::LinearConflict, 2),
                (HeuristicKind::WalkingDistance, 1),
            ] {
                let solver = Solver::new(SolverOptions {
                    algorithm: Algorithm::IdaStar,
                    heuristic: kind,
                    threads,
                    ..SolverOptions::default()
                });
                let report = solver.solve(&board, &goal).unwrap();
                let solution = report.outcome.solution().unwrap();
                assert_eq!(solution.len(), length, "Korf {number}, {kind}, {threads} threads");
                if kind == HeuristicKind::Manhattan {
                    assert_eq!(report.stats.iterations[0].0, h0, "Korf {number}");
                }
            }
        }
    }

    #[test]
    fn pattern_databases_search_like_the_generic_search_and_find_the_same_lengths() {
        use crate::heuristic::pdb::tests::cached;
        let length = |o: &(Outcome, Stats)| o.0.solution().map(Solution::len);
        for goal in goals(4) {
            let pdb = cached(&goal, "5-5-5");
            assert!(pdb.reflection().is_some());
            let fast_pdb = FixedPdb::<16, 4>::new(&pdb).unwrap();
            let (fm, fw) = (
                FixedManhattan::<16>::new(&goal).unwrap(),
                WalkingDistance::new(&goal).unwrap(),
            );
            for seed in 0..6 {
                let board = random_walk(&goal, 30 + 3 * seed as usize, 500 + seed);
                let want = generic(&board, &goal, &*pdb);
                let one = fast::<16, Nibbles, _>(&board, &goal, &fast_pdb, 1);
                assert_same(&one, &want, &format!("pdb, {board}"));
                assert_same(
                    &fast::<16, [u8; 16], _>(&board, &goal, &fast_pdb, 1),
                    &want,
                    "pdb, bytes",
                );
                let two = fast::<16, Nibbles, _>(&board, &goal, &fast_pdb, 2);
                assert_same_but_last(&two, &one, &format!("pdb, 2 threads, {board}"));
                let other = if seed < 2 {
                    fast::<16, Nibbles, _>(&board, &goal, &fm, 1)
                } else {
                    fast::<16, Nibbles, _>(&board, &goal, &fw, 1)
                };
                assert!(length(&other).is_some());
                assert_eq!(length(&one), length(&other), "{board}");
            }
        }
        for goal in goals(5) {
            let pdb = cached(&goal, "1,2,5,6/3,4,8,9/10,15,16,20/18,19,23,24");
            let fast_pdb = FixedPdb::<25, 4>::new(&pdb).unwrap();
            let fl = FixedLinearConflict::<25>::new(&goal).unwrap();
            for seed in 0..3 {
                let board = random_walk(&goal, 26, 600 + seed);
                let one = fast::<25, [u8; 25], _>(&board, &goal, &fast_pdb, 1);
                assert_same(&one, &generic(&board, &goal, &*pdb), &format!("5x5 pdb, {board}"));
                let two = fast::<25, [u8; 25], _>(&board, &goal, &fast_pdb, 2);
                assert_same_but_last(&two, &one, &format!("5x5 pdb, 2 threads, {board}"));
                let lc = fast::<25, [u8; 25], _>(&board, &goal, &fl, 1);
                assert_eq!(length(&one), length(&lc), "{board}");
            }
        }
    }

    #[test]
    fn the_move_order_changes_only_the_last_iteration() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let h = WalkingDistance::new(&goal).unwrap();
        for seed in 0..6 {
            let board = random_walk(&goal, 40, 700 + seed);
            let run = |order, threads| {
                let options = FastOptions {
                    order,
                    ..FastOptions::default()
                };
                search_with::<16, Nibbles, _>(&board, &goal, &h, &unlimited(), threads, 1, options).unwrap()
            };
            let library = run(MoveOrder::Library, 1);
            assert_same(&library, &fast::<16, Nibbles, _>(&board, &goal, &h, 1), "library order");
            for threads in [1, 2] {
                let korf = run(MoveOrder::KorfFelner, threads);
                let (a, b) = (&library.1.iterations, &korf.1.iterations);
                assert_eq!(a.len(), b.len(), "{board}");
                assert_eq!(a[..a.len() - 1], b[..b.len() - 1], "{board}");
                let reached = board.replay(korf.0.solution().unwrap().moves()).unwrap();
                assert!(goal.is_reached_by(&reached));
                assert_eq!(
                    korf.0.solution().map(Solution::len),
                    library.0.solution().map(Solution::len)
                );
            }
        }
    }

    #[test]
    fn easy_korf_instances_have_their_published_lengths_with_pattern_databases() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let pdb = crate::heuristic::pdb::tests::cached(&goal, "5-5-5");
        for (number, tiles, _, length, _) in KORF_EASY {
            let board = Board::new(goal.shape(), tiles.to_vec()).unwrap();
            for threads in [1, 2] {
                let solver = Solver::new(SolverOptions {
                    algorithm: Algorithm::IdaStar,
                    heuristic: HeuristicKind::Pdb,
                    threads,
                    ..SolverOptions::default()
                })
                .with_pdb(std::sync::Arc::clone(&pdb));
                let report = solver.solve(&board, &goal).unwrap();
                let solution = report.outcome.solution().unwrap();
                assert_eq!(solution.len(), length, "Korf {number}, {threads} threads");
            }
        }
    }

    #[test]
    fn solver_dispatch_matches_the_generic_search_and_rejects_walking_distance_elsewhere() {
        let goal = Goal::standard(Shape::new(4, 4).unwrap());
        let board = random_walk(&goal, 36, 9);
        let solver = Solver::new(SolverOptions {
            heuristic: HeuristicKind::LinearConflict,
            threads: 2,
            ..SolverOptions::default()
        });
        let report = solver.solve(&board, &goal).unwrap();
        let want = generic(&board, &goal, &LinearConflict::new(&goal));
        assert_eq!(report.outcome, want.0);
        for shape in ["3x3", "5x5", "4x3"] {
            let goal = Goal::standard(shape.parse().unwrap());
            let solver = Solver::new(SolverOptions {
                heuristic: HeuristicKind::WalkingDistance,
                ..SolverOptions::default()
            });
            assert!(matches!(
                solver.solve(goal.board(), &goal),
                Err(Error::Unsupported {
                    algorithm: "walking-distance",
                    ..
                })
            ));
        }
    }

    #[test]
    fn node_budget_stops_exactly_on_one_thread() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let board = Board::new(goal.shape(), KORF_EASY[0].1.to_vec()).unwrap();
        let h = FixedManhattan::<16>::new(&goal).unwrap();
        for max in [1, 1000, 5000] {
            let clock = BudgetClock::start(Budget {
                max_nodes: Some(max),
                ..Budget::default()
            });
            let (outcome, stats) = search::<16, Nibbles, _>(&board, &goal, &h, &clock, 1).unwrap();
            assert_eq!(outcome, Outcome::BudgetReached(BudgetKind::Nodes));
            assert_eq!(stats.expanded, max);
            let (outcome, stats) = search::<16, Nibbles, _>(&board, &goal, &h, &clock, 2).unwrap();
            assert_eq!(outcome, Outcome::BudgetReached(BudgetKind::Nodes));
            assert!(stats.expanded >= max);
        }
        let clock = BudgetClock::start(Budget {
            timeout: Some(std::time::Duration::ZERO),
            ..Budget::default()
        });
        for threads in [1, 2] {
            let (outcome, _) = search::<16, Nibbles, _>(&board, &goal, &h, &clock, threads).unwrap();
            assert_eq!(outcome, Outcome::BudgetReached(BudgetKind::Time));
        }
    }

    #[test]
    fn whole_iterations_add_up_to_the_search_before_the_last() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let h = FixedManhattan::<16>::new(&goal).unwrap();
        for seed in 0..4 {
            let board = random_walk(&goal, 40, 300 + seed);
            let (_, stats) = fast::<16, Nibbles, _>(&board, &goal, &h, 1);
            let (last, earlier) = stats.iterations.split_last().unwrap();
            for &(bound, expanded) in earlier {
                let count = count_iteration::<16, Nibbles, _>(&board, &goal, &h, bound).unwrap();
                assert_eq!(count.expanded, expanded);
                assert_eq!(count.solutions, 0);
            }
            let count = count_iteration::<16, Nibbles, _>(&board, &goal, &h, last.0).unwrap();
            assert!(count.expanded >= last.1 && count.solutions >= 1);
        }
    }

    #[test]
    fn solved_unsolvable_and_wrong_size_boards() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let h = FixedManhattan::<16>::new(&goal).unwrap();
        let (outcome, stats) = search::<16, Nibbles, _>(goal.board(), &goal, &h, &unlimited(), 2).unwrap();
        assert_eq!(outcome, Outcome::Solved(Solution::default()));
        assert_eq!(stats.iterations, vec![(0, 0)]);
        let mut tiles = goal.board().tiles().to_vec();
        tiles.swap(1, 2);
        let swapped = Board::new(goal.shape(), tiles).unwrap();
        let (outcome, _) = search::<16, Nibbles, _>(&swapped, &goal, &h, &unlimited(), 1).unwrap();
        assert_eq!(outcome, Outcome::Unsolvable);
        let small = Goal::standard(Shape::new(3, 3).unwrap());
        assert!(search::<16, Nibbles, _>(small.board(), &small, &h, &unlimited(), 1).is_err());
        let wide = Goal::standard(Shape::new(8, 2).unwrap());
        assert!(search::<16, Nibbles, _>(wide.board(), &goal, &h, &unlimited(), 1).is_err());
    }
}
