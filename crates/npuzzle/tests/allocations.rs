//! How we check "no allocation per node": a counting global allocator, read
//! per thread around one search. Searches that expand thousands of nodes must
//! allocate a handful of times (set-up, path, per iteration), not per node;
//! searches that keep states may allocate only as their tables grow
//! (amortised doubling: under 1% of the states they hold).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use npuzzle::search::table::TableCache;
use npuzzle::{Algorithm, Board, Budget, Goal, HeuristicKind, Outcome, Solver, SolverOptions};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards every call to the system allocator unchanged; it only
// counts calls in a thread-local `Cell`, which does not allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (value, ALLOCATIONS.with(Cell::get) - before)
}

/// Solves `board` for the standard goal: (nodes expanded or states held, length, allocations).
fn solve(algorithm: Algorithm, heuristic: HeuristicKind, board: &str) -> (u64, usize, u64) {
    let board: Board = board.parse().unwrap();
    let goal = Goal::standard(board.shape());
    let solver = Solver::new(
        SolverOptions::default()
            .with_algorithm(algorithm)
            .with_heuristic(heuristic),
    );
    let (report, allocations) = allocations_during(|| solver.solve(&board, &goal).unwrap());
    let Outcome::Solved(solution) = report.outcome else {
        panic!("{board} not solved")
    };
    (
        report.stats.expanded.max(report.stats.peak_states),
        solution.len(),
        allocations,
    )
}

#[test]
fn idastar_allocates_nothing_per_node() {
    // The duplicate filter of the 4x4 search is built once per process, on
    // first use (it allocates while building); not per node or per search.
    npuzzle::search::duplicates::DuplicateFilter::shared(npuzzle::search::duplicates::DEFAULT_LEN);
    for heuristic in [HeuristicKind::Manhattan, HeuristicKind::LinearConflict] {
        for board in [
            "8 6 7 2 5 4 3 x 1",
            "6 4 7 8 5 x 3 2 1",
            "2 7 x 8 1 3 4 6 10 5 11 12 9 14 13 15",
        ] {
            let (expanded, _, allocations) = solve(Algorithm::IdaStar, heuristic, board);
            assert!(expanded > 20, "{board}: too easy to tell ({expanded} nodes)");
            assert!(
                allocations < 64,
                "{heuristic} {board}: {allocations} allocations for {expanded} nodes"
            );
        }
    }
    // 9,704 nodes with duplicate sequences cut (14,195 without).
    let (expanded, _, allocations) = solve(Algorithm::IdaStar, HeuristicKind::Manhattan, "8 6 7 2 5 4 3 x 1");
    assert!(
        expanded > 9_000 && allocations < 64,
        "{allocations} allocations for {expanded} nodes"
    );
}

#[test]
fn table_queries_allocate_nothing() {
    let goal = Goal::standard("3x3".parse().unwrap());
    let table = TableCache::default().get(&goal, Budget::default()).unwrap();
    let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    let mut moves = 0;
    let (found, allocations) =
        allocations_during(|| table.walk(board.tiles(), goal.board().tiles(), |_| moves += 1).unwrap());
    assert_eq!(found, Some(31));
    assert_eq!(moves, 31);
    assert_eq!(allocations, 0);
}

#[test]
fn searches_that_keep_states_allocate_only_as_they_grow() {
    for algorithm in [Algorithm::BfsSet, Algorithm::Bfs, Algorithm::BiBfs, Algorithm::AStar] {
        let (held, length, allocations) = solve(algorithm, HeuristicKind::Misplaced, "8 6 7 2 5 4 3 x 1");
        assert_eq!(length, 31);
        assert!(held > 10_000, "{algorithm}: {held}");
        // Growth by doubling (a few times per structure, per A* bucket) is far
        // below one allocation per state, which would be 100%.
        assert!(
            allocations * 100 < held,
            "{algorithm}: {allocations} allocations for {held} states"
        );
    }
}
