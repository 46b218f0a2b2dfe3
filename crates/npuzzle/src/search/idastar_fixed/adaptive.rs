//! One search, two heuristics: each iteration runs with a cheap heuristic
//! (fewer table reads a node) or a strong one (fewer nodes), whichever one
//! probe says costs less on this board
//! ([`HeuristicKind::PdbAdaptive`](crate::HeuristicKind::PdbAdaptive)).
//!
//! **The rule.** Iterations run with the cheap heuristic until one expands
//! at least [`PROBE_NODES`]; that bound is then searched once more with the
//! strong heuristic, and every later iteration runs with the strong one if
//! it expanded fewer than 1/[`STRONG_WHEN_FEWER`] of the cheap one's nodes,
//! else with the cheap one. The choice is never revisited. It reads node
//! counts only, never the clock, so it is the same on every run, thread
//! count and load (the determinism contract of the module above).
//!
//! **Why it holds.** On the 24-puzzle the ratio of the two heuristics'
//! node counts at one bound is a trait of the board: it changes slowly
//! from bound to bound and differs from board to board by much more
//! (Korf–Felner #38 1.1–1.3 at every bound, #1 2.5–4.2; the dual lookups
//! cost about twice as much a node as the least values; bench/RESULTS-24.md).
//! So one early, small iteration tells which heuristic wins the large
//! ones, and probing it costs a few percent of the search that follows.
//!
//! **Still optimal.** Each iteration reads an admissible heuristic, so an
//! iteration that finds nothing proves there is no solution within its
//! bound, and the next bound — the larger of the two iterations' next
//! bounds at the probe, each a lower bound on the optimal length — never
//! passes the optimum. The probe's bound appears twice in
//! [`Stats::iterations`], the cheap heuristic's count first; both counts
//! are in the totals.

use super::*;

/// The cheap heuristic's iterations are not probed until one expands this
/// many nodes: smaller ones say less about the ratio (on Korf–Felner #40 it
/// drifts from 2.3 at 143 nodes to 1.7 at 78,345), and a search that ends
/// before costs too little to matter.
pub(super) const PROBE_NODES: u64 = 50_000;

/// The strong heuristic is kept when it expands fewer than one in this
/// many of the cheap heuristic's nodes at the probed bound: about the ratio
/// of their costs per node (the compact 6-6-6-6's dual lookups against its
/// least values, 24-puzzle, bench/RESULTS-24.md).
pub(super) const STRONG_WHEN_FEWER: u64 = 2;

/// Which heuristic the next iteration reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Choice {
    /// The cheap one, and the strong one too on the first bound that
    /// reaches [`PROBE_NODES`].
    Probe,
    Cheap,
    Strong,
}

/// Solves `board` for `goal` with IDA*, each iteration with `cheap` or
/// `strong` (two admissible heuristics; see the module documentation of
/// `adaptive.rs`: the cheap one until an iteration reaches 50,000 nodes,
/// that bound again with the strong one, then the one that costs less);
/// otherwise as [`search_with_options`].
///
/// ```
/// use npuzzle::heuristic::fixed::{FixedLinearConflict, FixedManhattan};
/// use npuzzle::search::idastar_fixed::{search_adaptive, FixedOptions};
/// use npuzzle::solution::BudgetClock;
/// use npuzzle::{Board, Budget, Goal};
/// let goal = Goal::blank_first("4x4".parse()?);
/// // 46 moves from the goal.
/// let board: Board = "2 8 5 1 11 0 13 3 6 9 14 12 4 10 15 7".parse()?;
/// let cheap = FixedManhattan::<16>::new(&goal)?;
/// let strong = FixedLinearConflict::<16>::new(&goal)?;
/// let clock = BudgetClock::start(Budget::default());
/// let options = FixedOptions::default();
/// let (outcome, stats) = search_adaptive::<16, [u8; 16], _, _>(&board, &goal, &cheap, &strong, &clock, 1, options)?;
/// assert_eq!(outcome.solution().unwrap().len(), 46);
/// // The probed bound was searched twice.
/// let bounds: Vec<u32> = stats.iterations.iter().map(|&(bound, _)| bound).collect();
/// assert!(bounds.windows(2).any(|w| w[0] == w[1]));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn search_adaptive<const N: usize, B: FixedBoard<N>, C: FixedHeuristic<N>, S: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    cheap: &C,
    strong: &S,
    clock: &BudgetClock,
    threads: usize,
    options: FixedOptions,
) -> Result<(Outcome, Stats), Error> {
    let (tiles, goal_tiles) = fixed_tiles::<N>(board, goal)?;
    if !is_solvable(board, goal) {
        return Ok((Outcome::Unsolvable, Stats::default()));
    }
    let moves = MoveTable::<N>::new(board.shape(), options.order);
    let filter = DuplicateFilter::shared(options.duplicate_len);
    let control = Control::new(clock);
    let threads = threads.max(1);
    let cheap_ida = Ida {
        threads,
        parallel_min: PARALLEL_MIN_WORK / C::NODE_COST.max(1),
        ..Ida::<N, B, C>::one_thread(cheap, &moves, filter, &control, &goal_tiles)
    };
    let strong_ida = Ida {
        threads,
        parallel_min: PARALLEL_MIN_WORK / S::NODE_COST.max(1),
        ..Ida::<N, B, S>::one_thread(strong, &moves, filter, &control, &goal_tiles)
    };
    let cheap_root = Node::root(board, &tiles, cheap, filter);
    let strong_root = Node::root(board, &tiles, strong, filter);
    // Both are admissible: the larger is a lower bound too.
    let h0 = cheap.value(&cheap_root.state).max(strong.value(&strong_root.state));
    let at_goal = cheap_root.board == cheap_ida.goal;
    let mut choice = Choice::Probe;
    let outcome = drive(
        &control,
        h0,
        at_goal,
        cheap_ida.table_bytes(),
        threads,
        |bound, last_nodes, stats| match choice {
            Choice::Cheap => {
                let it = cheap_ida.iteration(cheap_root, bound, last_nodes);
                record(stats, bound, &it);
                it
            }
            Choice::Strong => {
                let it = strong_ida.iteration(strong_root, bound, last_nodes);
                record(stats, bound, &it);
                it
            }
            Choice::Probe => {
                let it = cheap_ida.iteration(cheap_root, bound, last_nodes);
                record(stats, bound, &it);
                if it.found.is_some() || control.stopped().is_some() || it.expanded < PROBE_NODES {
                    return it;
                }
                let probe = strong_ida.iteration(strong_root, bound, it.expanded);
                record(stats, bound, &probe);
                choice = if probe.expanded.saturating_mul(STRONG_WHEN_FEWER) < it.expanded {
                    Choice::Strong
                } else {
                    Choice::Cheap
                };
                Iteration {
                    next_bound: it.next_bound.max(probe.next_bound),
                    bytes: it.bytes.max(probe.bytes),
                    ..probe
                }
            }
        },
    );
    Ok(outcome)
}
