//! Tests of the fixed-size IDA*: against the generic search, across thread
//! counts and move orders, and its budgets.

use super::*;
use crate::error::Refusal;
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
    idastar::search::<_, false>(board, goal, h, &mut unlimited(), DuplicateFilter::shared(2))
}

fn search_fixed<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    h: &H,
    threads: usize,
) -> (Outcome, Stats) {
    // Parallel from the second iteration on, so small boards exercise it.
    search_with::<N, B, H>(board, goal, h, &unlimited(), threads, 1, FixedOptions::default()).unwrap()
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
                &search_fixed::<16, Nibbles, _>(&board, &goal, &fm, 1),
                &want,
                "manhattan, nibbles",
            );
            assert_same(
                &search_fixed::<16, [u8; 16], _>(&board, &goal, &fm, 1),
                &want,
                "manhattan, bytes",
            );
            let want = generic(&board, &goal, &l);
            assert_same(
                &search_fixed::<16, Nibbles, _>(&board, &goal, &fl, 1),
                &want,
                "linear conflict",
            );
            let want = generic(&board, &goal, &w);
            assert_same(
                &search_fixed::<16, Nibbles, _>(&board, &goal, &w, 1),
                &want,
                "walking distance",
            );
            let misplaced = Dynamic(Misplaced::new(&goal));
            if seed < 3 {
                let want = generic(&board, &goal, &misplaced.0);
                assert_same(
                    &search_fixed::<16, Nibbles, _>(&board, &goal, &misplaced, 1),
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
            assert_same(
                &search_fixed::<25, [u8; 25], _>(&board, &goal, &fm, 1),
                &want,
                "manhattan",
            );
            let want = generic(&board, &goal, &l);
            assert_same(
                &search_fixed::<25, [u8; 25], _>(&board, &goal, &fl, 1),
                &want,
                "linear conflict",
            );
        }
    }
}

#[test]
fn threads_give_the_same_moves_and_node_counts() {
    for goal in goals(4) {
        let fm = FixedManhattan::<16>::new(&goal).unwrap();
        let fw = WalkingDistance::new(&goal).unwrap();
        for seed in 0..8 {
            let board = random_walk(&goal, 30 + 2 * seed as usize, 100 + seed);
            let one = search_fixed::<16, Nibbles, _>(&board, &goal, &fm, 1);
            for threads in [2, 3] {
                let many = search_fixed::<16, Nibbles, _>(&board, &goal, &fm, threads);
                assert_same(&many, &one, &format!("manhattan, {threads} threads, {board}"));
            }
            let one = search_fixed::<16, Nibbles, _>(&board, &goal, &fw, 1);
            let two = search_fixed::<16, Nibbles, _>(&board, &goal, &fw, 2);
            assert_same(&two, &one, &format!("walking distance, {board}"));
        }
    }
    for goal in goals(5) {
        let fl = FixedLinearConflict::<25>::new(&goal).unwrap();
        for seed in 0..3 {
            let board = random_walk(&goal, 30, 200 + seed);
            let one = search_fixed::<25, [u8; 25], _>(&board, &goal, &fl, 1);
            let two = search_fixed::<25, [u8; 25], _>(&board, &goal, &fl, 2);
            assert_same(&two, &one, &format!("5x5, {board}"));
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
    let pruned = |len| FixedOptions {
        duplicate_len: len,
        ..FixedOptions::default()
    };
    let run = |board: &Board, goal: &Goal, h: &dyn Fn(FixedOptions, usize) -> (Outcome, Stats)| {
        let full = h(FixedOptions::default(), 1);
        let mut saved = 0;
        for len in [6, 10, 12] {
            let one = h(pruned(len), 1);
            assert_pruned_within(&one, &full, &format!("{len} moves, {board} for {goal}"));
            saved += full.1.expanded - one.1.expanded;
            let two = h(pruned(len), 2);
            assert_same(&two, &one, &format!("{len} moves, 2 threads, {board} for {goal}"));
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
            let want = length(search_fixed::<16, Nibbles, _>(&board, &goal, &fm, 1));
            assert!(want.is_some());
            assert_eq!(
                length(search_fixed::<16, Nibbles, _>(&board, &goal, &fl, 1)),
                want,
                "{board}"
            );
            assert_eq!(
                length(search_fixed::<16, Nibbles, _>(&board, &goal, &fw, 2)),
                want,
                "{board}"
            );
        }
    }
}

#[test]
fn repeated_parallel_runs_agree() {
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let h = FixedManhattan::<16>::new(&goal).unwrap();
    let board = random_walk(&goal, 44, 5);
    let first = search_fixed::<16, Nibbles, _>(&board, &goal, &h, 2);
    for _ in 0..5 {
        assert_same(&search_fixed::<16, Nibbles, _>(&board, &goal, &h, 2), &first, "rerun");
    }
}

/// Manhattan distance, made slow (a busy wait) on the nodes whose blank
/// lands in cell 0, so that some subtrees take far longer than others.
struct Slowed(FixedManhattan<16>);

impl FixedHeuristic<16> for Slowed {
    type State = u32;

    fn start(&self, tiles: &[u8; 16]) -> u32 {
        self.0.start(tiles)
    }

    fn value(&self, state: &u32) -> u32 {
        self.0.value(state)
    }

    fn step<B: FixedBoard<16>>(&self, after: &B, state: &u32, tile: u8, from: usize, to: usize) -> u32 {
        if from == 0 {
            let started = Instant::now();
            while started.elapsed() < std::time::Duration::from_micros(3) {
                std::hint::spin_loop();
            }
        }
        self.0.step(after, state, tile, from, to)
    }
}

/// Busy threads competing for the cores while `f` runs.
fn under_load<T>(threads: usize, f: impl FnOnce() -> T) -> T {
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    std::hint::spin_loop();
                }
            });
        }
        let out = f();
        stop.store(true, Ordering::Relaxed);
        out
    })
}

/// The split is decided by node counts, and only the single-threaded
/// search's nodes are counted: every run, loaded or not, slowed unevenly or
/// not, with two or three threads, gives the one-thread moves and counts.
#[test]
fn parallel_runs_repeat_their_moves_and_counts_under_load() {
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let h = FixedManhattan::<16>::new(&goal).unwrap();
    let slowed = Slowed(FixedManhattan::<16>::new(&goal).unwrap());
    for seed in [5, 6] {
        let board = random_walk(&goal, 40, seed);
        let one = search_fixed::<16, Nibbles, _>(&board, &goal, &h, 1);
        assert!(one.1.iterations.len() > 2, "{board}: too easy to split");
        for run in 0..4 {
            let what = format!("{board}, run {run}");
            assert_same(&search_fixed::<16, Nibbles, _>(&board, &goal, &h, 2), &one, &what);
            assert_same(&search_fixed::<16, Nibbles, _>(&board, &goal, &slowed, 2), &one, &what);
            let loaded = under_load(2, || search_fixed::<16, Nibbles, _>(&board, &goal, &slowed, 3));
            assert_same(&loaded, &one, &format!("{what}, loaded"));
        }
    }
}

/// Regression: with every iteration parallel (as a clock rule made them
/// when the first lookups were slow), the tiny first iterations used to
/// push the cut to depth 40 for good, and the last iteration was walked to
/// its end on one thread: 43.6 M nodes instead of 4.9 M, a 28 MB task list.
#[test]
fn tiny_parallel_iterations_do_not_deepen_the_later_cuts() {
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let h = FixedManhattan::<16>::new(&goal).unwrap();
    for seed in 0..4 {
        let board = random_walk(&goal, 46, 40 + seed);
        let one = search_fixed::<16, Nibbles, _>(&board, &goal, &h, 1);
        let every =
            search_with::<16, Nibbles, _>(&board, &goal, &h, &unlimited(), 2, 0, FixedOptions::default()).unwrap();
        assert_same(&every, &one, &format!("{board}"));
        assert!(
            every.1.peak_bytes < 1 << 16,
            "{board}: {} bytes of tasks",
            every.1.peak_bytes
        );
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
            let one = search_fixed::<16, Nibbles, _>(&board, &goal, &fast_pdb, 1);
            assert_same(&one, &want, &format!("pdb, {board}"));
            assert_same(
                &search_fixed::<16, [u8; 16], _>(&board, &goal, &fast_pdb, 1),
                &want,
                "pdb, bytes",
            );
            let two = search_fixed::<16, Nibbles, _>(&board, &goal, &fast_pdb, 2);
            assert_same(&two, &one, &format!("pdb, 2 threads, {board}"));
            let other = if seed < 2 {
                search_fixed::<16, Nibbles, _>(&board, &goal, &fm, 1)
            } else {
                search_fixed::<16, Nibbles, _>(&board, &goal, &fw, 1)
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
            let one = search_fixed::<25, [u8; 25], _>(&board, &goal, &fast_pdb, 1);
            assert_same(&one, &generic(&board, &goal, &*pdb), &format!("5x5 pdb, {board}"));
            let two = search_fixed::<25, [u8; 25], _>(&board, &goal, &fast_pdb, 2);
            assert_same(&two, &one, &format!("5x5 pdb, 2 threads, {board}"));
            let lc = search_fixed::<25, [u8; 25], _>(&board, &goal, &fl, 1);
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
            let options = FixedOptions {
                order,
                ..FixedOptions::default()
            };
            search_with::<16, Nibbles, _>(&board, &goal, &h, &unlimited(), threads, 1, options).unwrap()
        };
        let library = run(MoveOrder::Library, 1);
        assert_same(
            &library,
            &search_fixed::<16, Nibbles, _>(&board, &goal, &h, 1),
            "library order",
        );
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
        // One move from the goal: a board at it is answered before any heuristic is built.
        let near = goal.board().replay(&[crate::Move::Left]).unwrap();
        assert!(matches!(
            solver.solve(&near, &goal),
            Err(Error::Refused(Refusal::Unsupported {
                algorithm: "walking-distance",
                ..
            }))
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
        let (_, stats) = search_fixed::<16, Nibbles, _>(&board, &goal, &h, 1);
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

/// `H` with BPMX off: the same estimates, every child over the bound
/// pruned alone.
struct NoBpmx<H>(H);

impl<const N: usize, H: FixedHeuristic<N>> FixedHeuristic<N> for NoBpmx<H> {
    type State = H::State;

    fn start(&self, tiles: &[u8; N]) -> H::State {
        self.0.start(tiles)
    }

    fn value(&self, state: &H::State) -> u32 {
        self.0.value(state)
    }

    fn step<B: FixedBoard<N>>(&self, after: &B, state: &H::State, tile: u8, from: usize, to: usize) -> H::State {
        self.0.step(after, state, tile, from, to)
    }
}

/// Dual lookups with BPMX on every 61st board of small shapes: the length
/// of exhaustive breadth-first search, with and without BPMX, with and
/// without the cut of duplicate sequences; BPMX expands fewer nodes.
fn dual_lookups_find_bfs_lengths<const N: usize>(goal: &Goal, partition: &str) -> (u64, u64) {
    use crate::heuristic::pdb::tests::cached;
    use crate::heuristic::pdb::{FixedDualPdb, PdbSet};
    use crate::heuristic::tests::exact_distances;
    let set = PdbSet::from(cached(goal, partition));
    let dual = FixedDualPdb::<N, 2, 2>::new(&set).unwrap();
    let plain = NoBpmx(FixedDualPdb::<N, 2, 2>::new(&set).unwrap());
    let pruned = FixedOptions {
        duplicate_len: crate::search::duplicates::DEFAULT_LEN,
        ..FixedOptions::default()
    };
    let (mut with, mut without) = (0, 0);
    let mut distances: Vec<_> = exact_distances(goal).into_iter().collect();
    distances.sort();
    for (tiles, d) in distances.into_iter().step_by(61) {
        let board = Board::new(goal.shape(), tiles).unwrap();
        let clock = unlimited();
        for options in [FixedOptions::default(), pruned] {
            let a = search_with_options::<N, [u8; N], _>(&board, goal, &dual, &clock, 1, options).unwrap();
            let b = search_with_options::<N, [u8; N], _>(&board, goal, &plain, &clock, 1, options).unwrap();
            for (found, what) in [(&a, "bpmx"), (&b, "no bpmx")] {
                let len = found.0.solution().map(|s| s.len() as u32);
                assert_eq!(len, Some(d), "{what}, {options:?}: {board}");
            }
            with += a.1.expanded;
            without += b.1.expanded;
        }
    }
    (with, without)
}

#[test]
fn dual_lookups_with_bpmx_find_the_lengths_of_breadth_first_search() {
    let (mut with, mut without) = (0, 0);
    for goal in goals(3) {
        let (a, b) = dual_lookups_find_bfs_lengths::<9>(&goal, "1,2,3,4/5,6,7,8");
        (with, without) = (with + a, without + b);
    }
    let (a, b) = dual_lookups_find_bfs_lengths::<8>(&Goal::blank_first(Shape::new(4, 2).unwrap()), "1,2,5,6/3,4,7");
    (with, without) = (with + a, without + b);
    assert!(with < without, "BPMX expanded {with} nodes, without {without}");
}

#[test]
fn dual_lookups_split_across_threads_like_one_thread() {
    use crate::heuristic::pdb::tests::cached;
    use crate::heuristic::pdb::{FixedDualPdb, FixedPdb, PdbSet};
    let length = |o: &(Outcome, Stats)| o.0.solution().map(Solution::len);
    for goal in goals(4) {
        let set = PdbSet::from(cached(&goal, "5-5-5"));
        let dual = FixedDualPdb::<16, 4, 2>::new(&set).unwrap();
        let plain = FixedPdb::<16, 4>::new(set.first()).unwrap();
        for seed in 0..5 {
            let board = random_walk(&goal, 34 + 4 * seed as usize, 700 + seed);
            let one = search_fixed::<16, Nibbles, _>(&board, &goal, &dual, 1);
            for threads in [2, 3] {
                let many = search_fixed::<16, Nibbles, _>(&board, &goal, &dual, threads);
                assert_same(&many, &one, &format!("pdb-dual, {threads} threads, {board}"));
            }
            let reference = search_fixed::<16, Nibbles, _>(&board, &goal, &plain, 1);
            assert!(length(&one).is_some());
            assert_eq!(length(&one), length(&reference), "{board}");
        }
    }
}
