use super::*;
use crate::error::Refusal;
use crate::search::mtm_tests::mtm_solver;
use crate::search::tests::{board_and_goal, exact_distance};
use crate::{Budget, HeuristicKind, SolverOptions};
use proptest::prelude::*;
use std::collections::HashMap;

#[test]
fn the_counts_of_every_small_board_fit_in_128_bits() {
    // Diameters measured by the table builds (README): 3x3 31, 3x4 53, 2x6 80.
    for diameter in [6, 21, 31, 36, 53, 55, 80] {
        assert!(count_fits(diameter), "{diameter}");
    }
    // The bound is tight at 80: one more move and 4·3^(d−1) no longer fits.
    assert!(!count_fits(81));
}

/// Every sequence of exactly `len` moves from `board` that ends on the
/// goal, in `u d l r` order: a plain depth-first search over all of them
/// (4^len at most), nothing cut.
fn brute_force(board: &Board, goal: &Goal, len: u32) -> Vec<String> {
    fn go(b: &mut Board, goal: &Goal, left: u32, path: &mut String, out: &mut Vec<String>) {
        if left == 0 {
            if goal.is_reached_by(b) {
                out.push(path.clone());
            }
            return;
        }
        for mv in Move::ALL {
            let mut next = b.clone();
            if next.try_apply(mv) {
                path.push(mv.as_char());
                go(&mut next, goal, left - 1, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(&mut board.clone(), goal, len, &mut String::new(), &mut out);
    out
}

/// The same enumeration for longer distances, skipping only the branches
/// from which the exhaustive breadth-first distances (test code, not the
/// library's table) show the goal is out of reach in the moves left.
fn pruned_enumeration(board: &Board, goal: &Goal, len: u32) -> Vec<String> {
    fn go(b: &Board, goal: &Goal, left: u32, path: &mut String, out: &mut Vec<String>) {
        if left == 0 {
            out.push(path.clone());
            return;
        }
        for mv in Move::ALL {
            let mut next = b.clone();
            if next.try_apply(mv) && exact_distance(&next, goal).is_some_and(|d| d < left) {
                path.push(mv.as_char());
                go(&next, goal, left - 1, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(board, goal, len, &mut String::new(), &mut out);
    out
}

fn solver(algorithm: Algorithm) -> Solver {
    Solver::new(SolverOptions {
        algorithm,
        ..SolverOptions::default()
    })
}

fn texts(solutions: &[Solution]) -> Vec<String> {
    solutions.iter().map(|s| s.to_string()).collect()
}

/// Counting and listing by the table and by enumeration agree with `want`.
fn check(board: &Board, goal: &Goal, want: &[String]) {
    let d = exact_distance(board, goal).unwrap();
    for algorithm in [Algorithm::Auto, Algorithm::IdaStar] {
        let s = solver(algorithm);
        let counted = s.count_solutions(board, goal).unwrap();
        assert_eq!(counted.distance, Some(d), "{algorithm} {board} -> {goal}");
        assert_eq!(counted.count, Some(want.len() as u128), "{algorithm} {board} -> {goal}");
        assert_eq!(counted.completion, Completion::Complete);
        let listed = s.list_solutions(board, goal, usize::MAX).unwrap();
        assert_eq!(texts(&listed.solutions), want, "{algorithm} {board} -> {goal}");
        assert_eq!(listed.count, Some(want.len() as u128));
        // A limit below the count lists the first ones and leaves the count open.
        if want.len() > 1 {
            let first = s.list_solutions(board, goal, want.len() - 1).unwrap();
            assert_eq!(texts(&first.solutions), want[..want.len() - 1]);
            assert_eq!(first.count, None);
        }
    }
}

fn goals(shape: &str, custom: &str) -> Vec<Goal> {
    let shape: Shape = shape.parse().unwrap();
    vec![
        Goal::standard(shape),
        Goal::blank_first(shape),
        Goal::new(Board::parse(custom, Some(shape)).unwrap()),
    ]
}

/// Boards a few random moves from `goal` (a fixed generator, so the test is repeatable).
fn near(goal: &Goal, count: usize, max_moves: usize, seed: u64) -> Vec<Board> {
    let mut state = seed;
    (0..count)
        .map(|i| {
            let mut b = goal.board().clone();
            for _ in 0..=(i % max_moves) {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                b.try_apply(Move::ALL[(state >> 62) as usize]);
            }
            b
        })
        .collect()
}

#[test]
fn counts_equal_a_plain_enumeration_of_every_sequence_on_2x3_and_3x3() {
    for goal in goals("2x3", "3 x 1 5 2 4")
        .into_iter()
        .chain(goals("3x3", "4 x 2 8 1 6 3 7 5"))
    {
        for board in near(&goal, 24, 12, 7) {
            let d = exact_distance(&board, &goal).unwrap();
            check(&board, &goal, &brute_force(&board, &goal, d));
        }
    }
}

#[test]
fn counts_equal_the_enumeration_on_every_2x3_board() {
    for goal in goals("2x3", "3 x 1 5 2 4") {
        for board in near(&goal, 360, 40, 11) {
            let d = exact_distance(&board, &goal).unwrap();
            check(&board, &goal, &pruned_enumeration(&board, &goal, d));
        }
    }
}

#[test]
fn the_31_move_boards() {
    let goal = Goal::standard("3x3".parse().unwrap());
    for board in ["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1"] {
        let board: Board = board.parse().unwrap();
        let want = pruned_enumeration(&board, &goal, 31);
        let counted = solver(Algorithm::Auto).count_solutions(&board, &goal).unwrap();
        assert_eq!(counted.count, Some(want.len() as u128), "{board}");
        let listed = solver(Algorithm::Auto).list_solutions(&board, &goal, 5).unwrap();
        assert_eq!(texts(&listed.solutions), want[..5]);
    }
}

#[test]
fn unsolvable_boards_have_no_solutions() {
    let goal = Goal::standard("3x3".parse().unwrap());
    let board: Board = "2 1 3 4 5 6 7 8 x".parse().unwrap();
    for algorithm in [Algorithm::Auto, Algorithm::IdaStar] {
        let counted = solver(algorithm).count_solutions(&board, &goal).unwrap();
        assert_eq!(
            (counted.count, counted.distance, counted.completion),
            (Some(0), None, Completion::Unsolvable)
        );
    }
}

#[test]
fn a_budget_leaves_the_count_open() {
    let goal = Goal::standard("3x3".parse().unwrap());
    let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    for algorithm in [Algorithm::Auto, Algorithm::IdaStar] {
        let options = SolverOptions {
            algorithm,
            budget: Budget {
                max_nodes: Some(200),
                ..Budget::default()
            },
            ..SolverOptions::default()
        };
        let counted = Solver::new(options).count_solutions(&board, &goal).unwrap();
        assert_eq!(counted.count, None, "{algorithm}");
        assert_eq!(
            counted.completion,
            Completion::BudgetReached(BudgetKind::Nodes),
            "{algorithm}"
        );
    }
}

/// A budget that runs out during the enumeration keeps what it found:
/// the solutions listed so far, and as many as a lower bound on the count.
#[test]
fn a_budget_that_stops_the_enumeration_leaves_a_lower_bound() {
    let goal = Goal::standard("3x3".parse().unwrap());
    let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    let idastar = solver(Algorithm::IdaStar);
    let solved = idastar.solve(&board, &goal).unwrap().stats.expanded;
    let whole = idastar.list_solutions(&board, &goal, 1000).unwrap();
    assert_eq!((whole.count, whole.at_least), (Some(40), None));
    // Enough nodes to solve the board and start enumerating, not to finish.
    let budget = Budget::default().with_max_nodes(Some((solved + whole.stats.expanded) / 2));
    let listed = idastar.list_solutions_within(&board, &goal, 1000, budget).unwrap();
    assert_eq!(listed.completion, Completion::BudgetReached(BudgetKind::Nodes));
    assert_eq!(listed.count, None);
    let found = listed.solutions.len();
    assert!(found < 40, "{found}");
    assert_eq!(listed.at_least, Some(found as u128));
    assert_eq!(texts(&listed.solutions), texts(&whole.solutions[..found]));
    let counted = idastar.count_solutions_within(&board, &goal, budget).unwrap();
    assert_eq!((counted.count, counted.at_least), (None, Some(found as u128)));
}

#[test]
fn four_by_four_counts_equal_the_enumeration_of_a_fresh_search() {
    // An easy 4x4 board: the enumeration is checked against a plain DFS too.
    let goal = Goal::standard("4x4".parse().unwrap());
    let board = goal.board().replay(&Move::parse_list("uullddrurdlu").unwrap()).unwrap();
    let counted = solver(Algorithm::Auto).list_solutions(&board, &goal, 1000).unwrap();
    let d = counted.distance.unwrap();
    assert_eq!(counted.algorithm, Algorithm::IdaStar);
    assert_eq!(texts(&counted.solutions), brute_force(&board, &goal, d));
}

/// Everything but the time: what a count after a solve must share with a count from scratch.
fn untimed(mut answer: OptimalSolutions) -> OptimalSolutions {
    answer.stats.elapsed = std::time::Duration::ZERO;
    answer
}

#[test]
fn a_count_after_the_boards_search_equals_a_count_that_searches_it() {
    let goal = Goal::standard("4x4".parse().unwrap());
    let budget = Budget::default();
    for (algorithm, walk) in [
        (Algorithm::Auto, "uullddrurdlu"),
        (Algorithm::IdaStar, "ulldrulurrdldlurd"),
        (Algorithm::AStar, "uuulllddrrurdlu"),
    ] {
        let board = goal.board().replay(&Move::parse_list(walk).unwrap()).unwrap();
        let solver = solver(algorithm);
        let report = solver.solve(&board, &goal).unwrap();
        let counted = solver.count_solutions_after(&board, &goal, &report, budget).unwrap();
        assert!(counted.count.is_some_and(|n| n > 0), "{walk}: {counted:?}");
        // The board's search is in the stats, its time included.
        assert!(counted.stats.elapsed >= report.stats.elapsed);
        let fresh = solver.count_solutions_within(&board, &goal, budget).unwrap();
        assert_eq!(untimed(counted), untimed(fresh), "{walk}");
        for limit in [1, 1000] {
            let listed = solver
                .list_solutions_after(&board, &goal, &report, limit, budget)
                .unwrap();
            let fresh = solver.list_solutions_within(&board, &goal, limit, budget).unwrap();
            assert_eq!(untimed(listed), untimed(fresh), "{walk}, {limit}");
        }
    }
}

#[test]
fn a_report_that_shows_no_optimal_solution_is_not_used() {
    let goal = Goal::standard("4x4".parse().unwrap());
    let board = goal.board().replay(&Move::parse_list("uullddrurdlu").unwrap()).unwrap();
    let solver = solver(Algorithm::Auto);
    let budget = Budget::default();
    let fresh = untimed(solver.count_solutions_within(&board, &goal, budget).unwrap());
    let solved = solver.solve(&board, &goal).unwrap();
    let Outcome::Solved(optimal) = &solved.outcome else {
        panic!("{solved:?}")
    };
    // Longer than optimal, by greedy; moves that miss the goal; no solution: the board is searched again.
    let longer = Solution::new([Move::parse_list("lr").unwrap(), optimal.moves().to_vec()].concat());
    let stats = Stats {
        expanded: 7,
        ..Stats::default()
    };
    let reports = [
        Report::new(Outcome::Solved(longer), stats.clone(), Algorithm::Greedy),
        Report::new(
            Outcome::Solved(Solution::new(optimal.moves()[1..].to_vec())),
            stats.clone(),
            Algorithm::IdaStar,
        ),
        Report::new(Outcome::BudgetReached(BudgetKind::Time), stats, Algorithm::IdaStar),
    ];
    for report in &reports {
        let counted = solver.count_solutions_after(&board, &goal, report, budget).unwrap();
        assert_eq!(untimed(counted), fresh, "{report:?}");
    }
}

#[test]
fn a_search_that_took_the_counts_time_leaves_the_count_open_as_searching_again_would() {
    let goal = Goal::standard("4x4".parse().unwrap());
    let board = goal.board().replay(&Move::parse_list("uullddrurdlu").unwrap()).unwrap();
    let solver = solver(Algorithm::Auto);
    let mut report = solver.solve(&board, &goal).unwrap();
    report.stats.elapsed = std::time::Duration::from_secs(2);
    let budget = Budget::default().with_timeout(Some(std::time::Duration::from_secs(1)));
    let counted = solver.count_solutions_after(&board, &goal, &report, budget).unwrap();
    assert_eq!(
        (counted.completion, counted.count, counted.at_least),
        (Completion::BudgetReached(BudgetKind::Time), None, None)
    );
    assert!(counted.stats.elapsed >= report.stats.elapsed);
}

/// Regression: `auto` solved this 6x6 board with greedy (12 moves), then
/// enumerated within 12 moves and reported 1 optimal solution of length
/// 12, listing an 8-move one; other boards ran the enumeration to the budget.
#[test]
fn counts_beyond_optimal_search_are_refused_not_enumerated_within_greedys_length() {
    let shape: Shape = "6x6".parse().unwrap();
    let goal = Goal::standard(shape);
    let board = Board::parse(
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0 26 27 34 28 30 25 31 32 33 29 35",
        Some(shape),
    )
    .unwrap();
    let want = Error::Refused(Refusal::NoExactCount {
        algorithm: "auto",
        shape,
        cells: 36,
        max_cells: super::super::AUTO_OPTIMAL_CELLS,
    });
    let auto = solver(Algorithm::Auto);
    assert_eq!(auto.count_solutions(&board, &goal), Err(want.clone()));
    assert_eq!(auto.list_solutions(&board, &goal, 10), Err(want));
    let message = auto.count_solutions(&board, &goal).unwrap_err().to_string();
    assert!(
        message.contains("counted by an optimal search: auto searches optimally on boards of at most 25 cells, and a 6x6 board has 36"),
        "{message}"
    );
    // An explicit greedy is refused on any board, even where the table could count.
    let greedy = solver(Algorithm::Greedy);
    for text in ["5 1 3 4 9 2 7 8 13 0 10 12 14 6 11 15", "1 2 3 4 5 6 x 7 8"] {
        let board: Board = text.parse().unwrap();
        let err = greedy
            .count_solutions(&board, &Goal::standard(board.shape()))
            .unwrap_err();
        assert!(
            matches!(
                err,
                Error::Refused(Refusal::NoExactCount {
                    algorithm: "greedy",
                    ..
                })
            ),
            "{err}"
        );
        assert!(
            err.to_string().contains("greedy builds a solution without searching"),
            "{err}"
        );
    }
    // An optimal search asked by name still counts it: 8 moves, one way.
    let counted = solver(Algorithm::IdaStar).list_solutions(&board, &goal, 10).unwrap();
    assert_eq!((counted.distance, counted.count), (Some(8), Some(1)));
    assert_eq!(texts(&counted.solutions), ["drrrurdr"]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn counts_on_random_boards_equal_the_enumeration(
        (board, goal) in board_and_goal(&[(2, 3), (3, 2), (3, 3)], true),
    ) {
        let d = exact_distance(&board, &goal).unwrap();
        let want = pruned_enumeration(&board, &goal, d);
        let counted = solver(Algorithm::Auto).count_solutions(&board, &goal).unwrap();
        prop_assert_eq!(counted.count, Some(want.len() as u128));
        let listed = solver(Algorithm::Table).list_solutions(&board, &goal, 20).unwrap();
        prop_assert_eq!(texts(&listed.solutions), want[..want.len().min(20)].to_vec());
    }
}

/// The number of shortest slide sequences from each board within `depth`
/// slides of `goal`, from the oracle's multi-tile distances: a board `d`
/// away starts as many as its slides to boards `d − 1` away, summed.
fn oracle_mtm_counts(goal: &Goal, depth: u32) -> (HashMap<Vec<u8>, u32>, HashMap<Vec<u8>, u128>) {
    let w = goal.shape().width();
    let distances = crate::oracle::multi_tile_distances(goal.board().tiles(), w, Some(depth));
    let mut boards: Vec<_> = distances.iter().collect();
    boards.sort_by_key(|&(_, &d)| d);
    let mut counts: HashMap<Vec<u8>, u128> = HashMap::new();
    for (tiles, &d) in boards {
        let n = if d == 0 {
            1
        } else {
            crate::oracle::multi_tile_neighbours(tiles, w)
                .iter()
                .filter(|next| distances.get(*next) == Some(&(d - 1)))
                .map(|next| counts[next])
                .sum()
        };
        counts.insert(tiles.clone(), n);
    }
    (distances, counts)
}

#[test]
fn multi_tile_counts_by_search_equal_the_tables_list_in_the_same_order() {
    // idastar (Manhattan in its multi-tile form) against the complete
    // distances' walk, and both against the oracle's count.
    let ida = mtm_solver(Algorithm::IdaStar, HeuristicKind::Manhattan);
    let table = mtm_solver(Algorithm::Table, HeuristicKind::Manhattan);
    for (shape, every) in [("3x3", 4_001), ("4x2", 997), ("2x4", 997)] {
        let shape: Shape = shape.parse().unwrap();
        for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
            let (distances, counts) = oracle_mtm_counts(&goal, u32::MAX);
            let mut boards: Vec<_> = distances.keys().collect();
            boards.sort();
            for tiles in boards.into_iter().step_by(every) {
                let board = Board::new(shape, tiles.clone()).unwrap();
                let searched = ida.list_solutions(&board, &goal, usize::MAX).unwrap();
                let read = table.list_solutions(&board, &goal, usize::MAX).unwrap();
                assert_eq!(searched.algorithm, Algorithm::IdaStar);
                assert_eq!(searched.distance, Some(distances[tiles]), "{board}");
                assert_eq!(searched.count, Some(counts[tiles]), "{board}");
                assert_eq!(texts(&searched.solutions), texts(&read.solutions), "{board}");
            }
        }
    }
}

#[test]
fn multi_tile_counts_near_4x4_and_5x5_goals_equal_the_oracles() {
    let cases = [
        ("4x4", HeuristicKind::WalkingDistance, 9, 2_003),
        ("4x4", HeuristicKind::Manhattan, 8, 1_009),
        ("5x5", HeuristicKind::Manhattan, 7, 2_003),
        ("6x3", HeuristicKind::Manhattan, 8, 2_003),
    ];
    for (shape, heuristic, depth, every) in cases {
        let shape: Shape = shape.parse().unwrap();
        let ida = mtm_solver(Algorithm::IdaStar, heuristic);
        let auto = mtm_solver(Algorithm::Auto, heuristic);
        for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
            let (distances, counts) = oracle_mtm_counts(&goal, depth);
            let mut boards: Vec<_> = distances.iter().filter(|&(_, &d)| d >= 5).collect();
            boards.sort();
            // A sample, and the first boards with several optimal solutions.
            let several_first = boards.iter().filter(|(t, _)| counts[*t] > 1).take(6).copied();
            let picked: Vec<_> = several_first.chain(boards.iter().step_by(every).copied()).collect();
            let mut several = 0;
            for (tiles, &d) in picked {
                let board = Board::new(shape, tiles.clone()).unwrap();
                let counted = ida.count_solutions(&board, &goal).unwrap();
                assert_eq!(
                    (counted.distance, counted.count),
                    (Some(d), Some(counts[tiles])),
                    "{board}"
                );
                several += usize::from(counts[tiles] > 1);
                // Listed: that many, distinct, each the distance long and replayed to the goal.
                let listed = ida.list_solutions(&board, &goal, usize::MAX).unwrap();
                let texts = texts(&listed.solutions);
                assert_eq!(texts.len() as u128, counts[tiles]);
                assert!(texts.windows(2).all(|w| udlr_before(&w[0], &w[1])), "{texts:?}");
                for s in &listed.solutions {
                    assert_eq!(Metric::Mtm.length(s.moves()) as u32, d);
                }
                if shape.width() == 4 && shape.height() == 4 {
                    // auto searches 4x4 too.
                    assert_eq!(auto.count_solutions(&board, &goal).unwrap().count, Some(counts[tiles]));
                }
            }
            assert!(several > 0, "{shape}: no board with several optimal solutions checked");
        }
    }
}

/// Whether `a` comes before `b` in `u d l r` order.
fn udlr_before(a: &str, b: &str) -> bool {
    let key = |s: &str| s.chars().map(|c| "udlr".find(c).unwrap()).collect::<Vec<_>>();
    key(a) < key(b)
}
