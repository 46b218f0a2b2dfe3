//! IDA* specialised for boards of a fixed number of cells (the 15- and
//! 24-puzzle), single-threaded or in parallel.
//!
//! Compared with the generic `idastar` module on slices:
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
//! - budgets are looked at every 1024 expanded nodes, not at every node;
//! - with an inconsistent heuristic ([`FixedHeuristic::INCONSISTENT`], the
//!   dual lookups), a child whose estimate exceeds the parent's remaining
//!   bound by more than the move to it cuts the parent's remaining children
//!   (one-step BPMX), in the serial search and in the walk that cuts an
//!   iteration into subtrees alike, so the node counts stay the same on
//!   every thread count.
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
//! With `threads > 1`, each iteration (one bound) is cut into subtrees by
//! the rule in `split.rs` (also what [`subtree`](crate::search::subtree)
//! hands out as independent tasks): the tree is walked to the smallest
//! depth that gives enough subtrees — one per 4,096 nodes of the previous
//! iteration, between 8 and 256 per thread. Workers take the subtrees in
//! order from an atomic counter and search each with the bound. The
//! iteration ends when every worker is done (`std::thread::scope`), so a
//! longer bound is only tried after the whole tree of the shorter one has
//! been searched, and the result stays optimal. When a worker finds a
//! solution in subtree `i`, subtrees after `i` are dropped (at their next
//! budget check) and those before `i` are finished; the solution of the
//! first subtree that has one wins. That is the solution the
//! single-threaded search finds, because it visits the subtrees in the same
//! order. The node counts are the single-threaded search's too: the
//! iteration that finds the solution counts the walk and the subtrees up to
//! it, not the work other threads had spent meanwhile on later subtrees
//! (which depends on timing). So every thread count, every run and any load
//! give the same moves and the same counts. (If a budget runs out during
//! the last iteration after some worker found a solution, that solution is
//! returned: it is optimal, but an earlier subtree might have held the one
//! a single thread would have returned.)
//!
//! An iteration runs on the calling thread, where spawning would cost more
//! than it saves, unless the previous one was worth `PARALLEL_MIN_WORK`
//! Manhattan nodes (its expanded nodes times the heuristic's
//! [`NODE_COST`](FixedHeuristic::NODE_COST)): about 0.1 ms. The rule reads
//! node counts only, never the clock, so whether an iteration runs in
//! parallel, and how deep it is cut, is the same on every run and any load.
//!
//! The files: this one dispatches and drives the iterations, `serial.rs`
//! holds what all threads share and runs an iteration on one thread,
//! `parallel.rs` searches one bound (`Worker`) and runs an iteration on
//! several, `split.rs` cuts an iteration into subtrees and adds up their
//! results, `tasks.rs` does both for [`subtree`](crate::search::subtree)'s
//! independent tasks, `count.rs` counts whole iterations for benchmarks, `adaptive.rs` runs each
//! iteration with one of two heuristics ([`search_adaptive`]).

use crate::time::Instant;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};

use crate::board::{Board, Move, Shape};
use crate::error::Refusal;
use crate::goal::Goal;
use crate::heuristic::fixed::{FixedBoard, FixedHeuristic, Nibbles};
use crate::heuristic::pdb::PdbSet;
use crate::heuristic::{HeuristicKind, WithFixedHeuristic};
use crate::parity::is_solvable;
use crate::progress::Progress;
use crate::search::duplicates::{DuplicateFilter, CUT};
use crate::solution::{Budget, BudgetClock, BudgetKind, Cancel, Outcome, Solution, Stats};
use crate::Error;

mod adaptive;
#[cfg(test)]
mod adaptive_tests;
mod count;
mod parallel;
mod serial;
mod split;
mod tasks;
#[cfg(test)]
mod tests;

pub use adaptive::search_adaptive;
pub use count::{count_iteration, IterationCount};
use parallel::*;
use serial::*;
use split::*;
pub(crate) use tasks::{search_subtrees, split_iteration, TaskOptions};

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
/// Iterations after one worth less than this many Manhattan nodes
/// ([`FixedHeuristic::NODE_COST`]; about 0.1 ms) run on one thread.
const PARALLEL_MIN_WORK: u64 = 8_000;
/// "No previous move" in the successor table.
const ROOT: usize = 4;
/// Whether iterations may run on several threads. The browser's
/// WebAssembly (`wasm32-unknown-unknown`) has none: there every iteration
/// runs on the calling thread, whatever `threads` says (the same moves and
/// counts, as above), and the parallel code is left out of its download.
const CAN_SPAWN: bool = !cfg!(all(target_arch = "wasm32", target_os = "unknown"));

/// The cutoff for the estimate of a child of a node at depth `g` with an
/// inconsistent heuristic: a child at or above it has `f >= bound + 2` and
/// is pruned, and cuts its parent (BPMX) if the value returned shows
/// `f > bound + 2`. It depends on the bound and the depth only, not on the
/// next bound found so far, so that the serial search and the walk that
/// cuts an iteration into subtrees read the same lookups and cut the same
/// parents on every thread count. (Asking for the estimate exactly up to
/// the BPMX threshold, which depends on the next bound, cut 0.3% more nodes
/// on 24-puzzles #40, #25, #38 and read more per node: README.)
#[inline(always)]
fn bpmx_cutoff(bound: u32, g: u32) -> u32 {
    (bound + 1).saturating_sub(g)
}

/// Whether the specialised search handles boards of `shape` (4×4 and 5×5).
///
/// ```
/// use npuzzle::{search::idastar_fixed::is_specialised, Shape};
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
    pdb: Option<&PdbSet>,
    clock: &BudgetClock,
    threads: usize,
    options: FixedOptions,
) -> Result<Option<(Outcome, Stats)>, Error> {
    let shape = board.shape();
    if !is_specialised(shape) {
        return Ok(None);
    }
    let found = if shape.width() == 4 {
        kind.run_fixed::<16, _>(goal, pdb, Search::<Nibbles>::new(board, goal, clock, threads, options))
    } else {
        kind.run_fixed::<25, _>(goal, pdb, Search::<[u8; 25]>::new(board, goal, clock, threads, options))
    };
    found.map(Some)
}

/// [`search_with_options`] on boards held as `B`, waiting for its heuristic.
struct Search<'a, B> {
    board: &'a Board,
    goal: &'a Goal,
    clock: &'a BudgetClock,
    threads: usize,
    options: FixedOptions,
    cells: PhantomData<B>,
}

impl<'a, B> Search<'a, B> {
    fn new(board: &'a Board, goal: &'a Goal, clock: &'a BudgetClock, threads: usize, options: FixedOptions) -> Self {
        Search {
            board,
            goal,
            clock,
            threads,
            options,
            cells: PhantomData,
        }
    }
}

impl<const N: usize, B: FixedBoard<N>> WithFixedHeuristic<N> for Search<'_, B> {
    type Output = (Outcome, Stats);

    fn run<H: FixedHeuristic<N>>(self, heuristic: &H) -> Result<(Outcome, Stats), Error> {
        search_with_options::<N, B, H>(self.board, self.goal, heuristic, self.clock, self.threads, self.options)
    }

    fn run_adaptive<C: FixedHeuristic<N>, S: FixedHeuristic<N>>(
        self,
        cheap: &C,
        strong: &S,
    ) -> Result<(Outcome, Stats), Error> {
        search_adaptive::<N, B, C, S>(
            self.board,
            self.goal,
            cheap,
            strong,
            self.clock,
            self.threads,
            self.options,
        )
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
/// use npuzzle::search::idastar_fixed::search;
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
    search_with_options::<N, B, H>(board, goal, heuristic, clock, threads, FixedOptions::default())
}

/// The order in which the specialised IDA* tries the moves of a node.
///
/// The order decides which of several optimal solutions is found, and how
/// much of the last iteration is searched before it is: on single instances
/// the node count can change several times over, in either direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MoveOrder {
    /// `u d l r` ([`Move::ALL`]), the order of every search of the library:
    /// the same moves and node counts as the generic `idastar` module.
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
    /// use npuzzle::search::idastar_fixed::MoveOrder;
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
pub struct FixedOptions {
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

impl Default for FixedOptions {
    fn default() -> Self {
        FixedOptions {
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
/// use npuzzle::search::idastar_fixed::{search_with_options, FixedOptions, MoveOrder};
/// use npuzzle::solution::BudgetClock;
/// use npuzzle::{Board, Budget, Goal};
/// let goal = Goal::blank_first("4x4".parse()?);
/// let board: Board = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
/// let h = FixedManhattan::<16>::new(&goal)?;
/// let clock = BudgetClock::start(Budget::default());
/// let found = |options| search_with_options::<16, Nibbles, _>(&board, &goal, &h, &clock, 1, options);
/// let korf_felner = FixedOptions { order: MoveOrder::KorfFelner, ..FixedOptions::default() };
/// assert_eq!(found(korf_felner)?.0.solution().unwrap().to_string(), "lu");
/// let pruned = FixedOptions { duplicate_len: 10, ..FixedOptions::default() };
/// assert_eq!(found(pruned)?.0.solution().unwrap().to_string(), "lu");
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn search_with_options<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    clock: &BudgetClock,
    threads: usize,
    options: FixedOptions,
) -> Result<(Outcome, Stats), Error> {
    let parallel_min = PARALLEL_MIN_WORK / H::NODE_COST.max(1);
    search_with::<N, B, H>(board, goal, heuristic, clock, threads, parallel_min, options)
}

/// [`search`] going parallel after an iteration of `parallel_min` expanded nodes.
fn search_with<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    clock: &BudgetClock,
    threads: usize,
    parallel_min: u64,
    options: FixedOptions,
) -> Result<(Outcome, Stats), Error> {
    let setup = Setup {
        order: options.order,
        duplicate_len: options.duplicate_len,
        control: Control::new(clock),
    };
    setup.run::<N, B, H, _>(board, goal, heuristic, |ida, root| {
        if !is_solvable(board, goal) {
            return (Outcome::Unsolvable, Stats::default());
        }
        Ida {
            threads: threads.max(1),
            parallel_min,
            ..ida
        }
        .run(root)
    })
}

/// How to set up a search of one board: the move order, the duplicate
/// filter's length and the budgets ([`Control`]). [`Setup::run`] builds what
/// an [`Ida`] borrows, once for the search, the counter and the subtree tasks.
struct Setup {
    order: MoveOrder,
    duplicate_len: usize,
    control: Control,
}

impl Setup {
    /// Hands `work` a single-thread [`Ida`] for `board` and `goal` and the
    /// board's root node; an error when the shapes do not fit `N`.
    fn run<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>, R>(
        self,
        board: &Board,
        goal: &Goal,
        heuristic: &H,
        work: impl FnOnce(Ida<'_, N, B, H>, Node<B, H::State>) -> R,
    ) -> Result<R, Error> {
        let (tiles, goal_tiles) = fixed_tiles::<N>(board, goal)?;
        let moves = MoveTable::<N>::new(board.shape(), self.order);
        let filter = DuplicateFilter::shared(self.duplicate_len);
        let ida = Ida::<N, B, H>::one_thread(heuristic, &moves, filter, &self.control, &goal_tiles);
        let root = Node::root(board, &tiles, heuristic, filter);
        Ok(work(ida, root))
    }
}

/// The tiles of `board` and of `goal` as arrays of `N` cells; an error when
/// their shapes differ or have another number of cells.
pub(crate) fn fixed_tiles<const N: usize>(board: &Board, goal: &Goal) -> Result<([u8; N], [u8; N]), Error> {
    goal.check_shape(board)?;
    match (
        <[u8; N]>::try_from(board.tiles()),
        <[u8; N]>::try_from(goal.board().tiles()),
    ) {
        (Ok(tiles), Ok(goal_tiles)) => Ok((tiles, goal_tiles)),
        _ => Err(Error::Refused(Refusal::Unsupported {
            algorithm: "idastar (fixed size)",
            shape: board.shape(),
            reason: format!("this instance is built for boards of {N} cells"),
        })),
    }
}
