//! Tests of the adaptive search: its iterations are exactly those the rule
//! says, taken from the two one-heuristic searches; its answers are theirs
//! (optimal); it is the same on every thread count; and the
//! `pdb-adaptive` kind finds the lengths of breadth-first search.

use super::adaptive::{PROBE_NODES, STRONG_WHEN_FEWER};
use super::*;
use crate::heuristic::fixed::tests::random_walk;
use crate::heuristic::fixed::{FixedLinearConflict, FixedManhattan};

fn one<const N: usize, H: FixedHeuristic<N>>(board: &Board, goal: &Goal, h: &H) -> (Outcome, Stats) {
    let clock = BudgetClock::start(Budget::default());
    search_with_options::<N, [u8; N], H>(board, goal, h, &clock, 1, FixedOptions::default()).unwrap()
}

fn adaptive<const N: usize, C: FixedHeuristic<N>, S: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    cheap: &C,
    strong: &S,
    threads: usize,
) -> (Outcome, Stats) {
    let clock = BudgetClock::start(Budget::default());
    search_adaptive::<N, [u8; N], C, S>(board, goal, cheap, strong, &clock, threads, FixedOptions::default()).unwrap()
}

/// What the rule makes of the two one-heuristic searches `cheap` and
/// `strong` of one board: the iterations, and which search's answer it
/// gives (true: the strong one's). The bounds go up by 2 in both.
fn expected(cheap: &(Outcome, Stats), strong: &(Outcome, Stats)) -> (Vec<(u32, u64)>, bool) {
    let count = |s: &Stats, bound: u32| s.iterations.iter().find(|&&(b, _)| b == bound).map(|&(_, n)| n);
    let mut iterations = Vec::new();
    // The search starts at the larger of the two estimates of the board.
    let first = |s: &Stats| s.iterations.first().map_or(0, |&(b, _)| b);
    let start = first(&cheap.1).max(first(&strong.1));
    for (i, &(bound, nodes)) in cheap.1.iterations.iter().enumerate() {
        if bound < start {
            continue;
        }
        iterations.push((bound, nodes));
        let last = i + 1 == cheap.1.iterations.len();
        if nodes < PROBE_NODES || last {
            continue;
        }
        let probe = count(&strong.1, bound).expect("the strong search tried the bound");
        iterations.push((bound, probe));
        let chosen = if probe * STRONG_WHEN_FEWER < nodes {
            strong
        } else {
            cheap
        };
        iterations.extend(chosen.1.iterations.iter().filter(|&&(b, _)| b > bound));
        return (iterations, std::ptr::eq(chosen, strong));
    }
    (iterations, false)
}

#[test]
fn iterations_follow_the_rule_and_answers_are_the_chosen_searchs() {
    let (mut probed, mut strong_chosen) = (0, 0);
    for goal in [
        Goal::blank_first(Shape::new(4, 4).unwrap()),
        Goal::standard(Shape::new(4, 4).unwrap()),
    ] {
        let md = FixedManhattan::<16>::new(&goal).unwrap();
        let lc = FixedLinearConflict::<16>::new(&goal).unwrap();
        for seed in 0..6 {
            let board = random_walk(&goal, 70 + 10 * seed as usize, 900 + seed);
            let (cheap, strong) = (one(&board, &goal, &md), one(&board, &goal, &lc));
            assert_eq!(
                cheap.0.solution().map(Solution::len),
                strong.0.solution().map(Solution::len)
            );
            // Linear conflict read as the strong heuristic; Manhattan as both.
            for (pair, found, want) in [
                ("md/lc", adaptive(&board, &goal, &md, &lc, 1), expected(&cheap, &strong)),
                ("md/md", adaptive(&board, &goal, &md, &md, 1), expected(&cheap, &cheap)),
            ] {
                assert_eq!(found.1.iterations, want.0, "{pair}: {board}");
                let answer = if want.1 { &strong } else { &cheap };
                assert_eq!(found.0, answer.0, "{pair}: {board}");
                let total: u64 = want.0.iter().map(|&(_, n)| n).sum();
                assert_eq!(found.1.expanded, total, "{pair}: {board}");
                let solution = found.0.solution().expect("solved");
                assert!(goal.is_reached_by(&board.replay(solution.moves()).unwrap()));
                probed += usize::from(want.0.len() > cheap.1.iterations.len());
                strong_chosen += usize::from(want.1);
            }
        }
    }
    // Both ways of the rule were taken, on boards big enough to be probed.
    assert!(probed >= 4, "only {probed} searches were probed");
    assert!(strong_chosen >= 1, "the strong heuristic was never chosen");
}

#[test]
fn the_same_on_every_thread_count() {
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let md = FixedManhattan::<16>::new(&goal).unwrap();
    let lc = FixedLinearConflict::<16>::new(&goal).unwrap();
    for seed in 0..3 {
        let board = random_walk(&goal, 90 + 10 * seed as usize, 950 + seed);
        let single = adaptive(&board, &goal, &md, &lc, 1);
        for threads in [2, 3] {
            let many = adaptive(&board, &goal, &md, &lc, threads);
            assert_eq!(many.0, single.0, "{threads} threads: {board}");
            assert_eq!(many.1.iterations, single.1.iterations, "{threads} threads: {board}");
            assert_eq!(
                (many.1.expanded, many.1.generated),
                (single.1.expanded, single.1.generated),
                "{threads} threads: {board}"
            );
        }
    }
}

#[test]
fn budgets_hold_and_unsolvable_boards_are_refused_first() {
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let md = FixedManhattan::<16>::new(&goal).unwrap();
    let lc = FixedLinearConflict::<16>::new(&goal).unwrap();
    let board = random_walk(&goal, 140, 977);
    let clock = BudgetClock::start(Budget::default().with_max_nodes(Some(1000)));
    let (outcome, stats) =
        search_adaptive::<16, [u8; 16], _, _>(&board, &goal, &md, &lc, &clock, 1, FixedOptions::default()).unwrap();
    assert_eq!(outcome, Outcome::BudgetReached(BudgetKind::Nodes));
    assert!(stats.expanded <= 1000 + POLL_EVERY, "{}", stats.expanded);
    let mut tiles = goal.board().tiles().to_vec();
    tiles.swap(1, 2);
    let swapped = Board::new(goal.shape(), tiles).unwrap();
    assert_eq!(adaptive(&swapped, &goal, &md, &lc, 1).0, Outcome::Unsolvable);
    assert_eq!(
        adaptive(goal.board(), &goal, &md, &lc, 1)
            .0
            .solution()
            .map(Solution::len),
        Some(0)
    );
}

#[test]
fn pdb_adaptive_finds_the_lengths_of_breadth_first_search() {
    use crate::heuristic::pdb::tests::{cached, cached_compact};
    use crate::heuristic::pdb::PdbSet;
    use crate::{Algorithm, HeuristicKind, Solver, SolverOptions};
    let options = SolverOptions::default()
        .with_algorithm(Algorithm::IdaStar)
        .with_heuristic(HeuristicKind::PdbAdaptive);
    // 4×4: the specialised search, with compact and with classic tables.
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    for pdb in [cached_compact(&goal, "5-5-5"), cached(&goal, "5-5-5")] {
        let solver = Solver::new(options).with_pdb_set(std::sync::Arc::new(PdbSet::from(pdb)));
        for seed in 0..6 {
            let board = random_walk(&goal, 24 + 2 * seed as usize, 377 + seed);
            let d = crate::oracle::distance(board.tiles(), goal.board().tiles(), 4).expect("near boards");
            let report = solver.solve(&board, &goal).unwrap();
            assert_eq!(report.outcome.solution().map(|s| s.len() as u32), Some(d), "{board}");
        }
    }
    // 3×3: the generic search reads the dual lookups.
    let goal = Goal::standard(Shape::new(3, 3).unwrap());
    let solver = Solver::new(options).with_pdb(cached(&goal, "1,2,3,4/5,6,7,8"));
    for seed in 0..6 {
        let board = random_walk(&goal, 30 + seed as usize, 10 + seed);
        let d = crate::oracle::distance(board.tiles(), goal.board().tiles(), 3).expect("3x3");
        let report = solver.solve(&board, &goal).unwrap();
        assert_eq!(report.outcome.solution().map(|s| s.len() as u32), Some(d), "{board}");
    }
}
