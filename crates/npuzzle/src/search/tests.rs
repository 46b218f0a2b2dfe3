//! Tests every algorithm against an exhaustive oracle, and the helpers the
//! per-algorithm tests share.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use proptest::prelude::*;

use crate::error::DatabaseError;
use crate::oracle;
use crate::parity::is_solvable;
use crate::{Algorithm, Board, Budget, BudgetKind, Goal, HeuristicKind, Move, Outcome, Report, Shape};
use crate::{Solver, SolverOptions};

/// `algorithm` finds a shortest path from each scramble of the standard goal
/// of a `w`×`h` board, as long as the oracle's breadth-first search.
pub(crate) fn assert_optimal_on_scrambles(algorithm: Algorithm, scrambles: &[(usize, usize, &str)]) {
    for &(w, h, scramble) in scrambles {
        let goal = Goal::standard(Shape::new(w, h).unwrap());
        let board = scrambled(&goal, scramble);
        let report = solve_with(algorithm, &board, &goal, Budget::default());
        let len = report.outcome.solution().map(|s| s.len() as u32);
        let exact = oracle::distance(board.tiles(), goal.board().tiles(), w);
        assert_eq!(len, exact, "{algorithm} on {board}");
    }
}

/// Solves with `algorithm` (linear conflict where a heuristic applies).
pub(crate) fn solve_with(algorithm: Algorithm, board: &Board, goal: &Goal, budget: Budget) -> Report {
    solve_with_heuristic(algorithm, HeuristicKind::LinearConflict, board, goal, budget)
}

fn solve_with_heuristic(
    algorithm: Algorithm,
    heuristic: HeuristicKind,
    board: &Board,
    goal: &Goal,
    budget: Budget,
) -> Report {
    let solver = Solver::new(SolverOptions {
        algorithm,
        heuristic,
        budget,
        threads: 1,
        ..Default::default()
    });
    solver
        .solve(board, goal)
        .unwrap_or_else(|e| panic!("{algorithm} on {board}: {e}"))
}

/// The goal with `moves` (blank directions) played on it.
pub(crate) fn scrambled(goal: &Goal, moves: &str) -> Board {
    let moves = Move::parse_list(moves).unwrap();
    goal.board().replay(&moves).unwrap()
}

/// The exact distance from `board` to `goal` for boards of at most 9 cells,
/// from the oracle's exhaustive breadth-first search, `None` if the goal
/// cannot be reached.
///
/// Renaming tiles does not change distances, so the goal is first renamed to
/// the one with its blank in the same cell and the other tiles in order; one
/// table per shape and blank cell then serves every goal.
pub(crate) fn exact_distance(board: &Board, goal: &Goal) -> Option<u32> {
    let shape = goal.shape();
    assert!(shape.cells() <= 9, "exhaustive distances only for small boards");
    let blank = goal.position_of(0);
    let mut canonical = vec![0u8; shape.cells()];
    let mut rename = vec![0u8; shape.cells()];
    let mut next = 1u8;
    for (cell, &t) in goal.board().tiles().iter().enumerate() {
        if cell != blank {
            canonical[cell] = next;
            rename[usize::from(t)] = next;
            next += 1;
        }
    }
    let renamed: Vec<u8> = board.tiles().iter().map(|&t| rename[usize::from(t)]).collect();
    distance_table(canonical, shape.width()).get(&renamed).copied()
}

type Table = Arc<HashMap<Vec<u8>, u32>>;

/// Tables by goal tiles and board width.
type Tables = Mutex<HashMap<(Vec<u8>, usize), Table>>;

/// Every board's distance to `goal` (a `width`-wide board), built once per goal.
fn distance_table(goal: Vec<u8>, width: usize) -> Table {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    let tables = TABLES.get_or_init(Mutex::default);
    let key = (goal, width);
    if let Some(t) = tables.lock().unwrap().get(&key) {
        return Arc::clone(t);
    }
    // Built outside the lock; two threads may both build one, which is harmless.
    let t = Arc::new(oracle::distances(&key.0, width));
    tables.lock().unwrap().insert(key, Arc::clone(&t));
    t
}

/// Every algorithm with every heuristic that works on `shape`, except IDA*
/// with the misplaced-tiles count, which needs minutes on deep 8-puzzles.
fn every_search(shape: Shape) -> Vec<(Algorithm, HeuristicKind)> {
    let mut all = Vec::new();
    for algorithm in Algorithm::ALL {
        if !algorithm.uses_heuristic() {
            all.push((algorithm, HeuristicKind::LinearConflict));
            continue;
        }
        for heuristic in HeuristicKind::ALL {
            if heuristic.supports(shape) && !(algorithm == Algorithm::IdaStar && heuristic == HeuristicKind::Misplaced)
            {
                all.push((algorithm, heuristic));
            }
        }
    }
    all
}

/// A random board and goal of `shape`; with `solvable`, the board's first
/// two tiles are swapped if needed so that it reaches the goal.
pub(crate) fn board_and_goal(
    shapes: &'static [(usize, usize)],
    solvable: bool,
) -> impl Strategy<Value = (Board, Goal)> {
    proptest::sample::select(shapes).prop_flat_map(move |(w, h)| {
        let tiles = Just((0..(w * h) as u8).collect::<Vec<u8>>());
        (tiles.clone().prop_shuffle(), tiles.prop_shuffle()).prop_map(move |(mut b, g)| {
            let shape = Shape::new(w, h).unwrap();
            let goal = Goal::new(Board::new(shape, g).unwrap());
            let board = Board::new(shape, b.clone()).unwrap();
            if solvable != is_solvable(&board, &goal) {
                let mut tiles = (0..b.len()).filter(|&i| b[i] != 0);
                let (i, j) = (tiles.next().unwrap(), tiles.next().unwrap());
                b.swap(i, j);
            }
            (Board::new(shape, b).unwrap(), goal)
        })
    })
}

fn check_every_search(board: &Board, goal: &Goal) -> Result<(), TestCaseError> {
    let distance = exact_distance(board, goal);
    prop_assert!(distance.is_some());
    for (algorithm, heuristic) in every_search(goal.shape()) {
        let report = solve_with_heuristic(algorithm, heuristic, board, goal, Budget::default());
        let Outcome::Solved(solution) = &report.outcome else {
            return Err(TestCaseError::fail(format!(
                "{algorithm}/{heuristic}: {:?}",
                report.outcome
            )));
        };
        prop_assert_eq!(solution.len() as u32, distance.unwrap(), "{}/{}", algorithm, heuristic);
        let end = board.replay(solution.moves()).unwrap();
        prop_assert!(
            goal.is_reached_by(&end),
            "{}/{} path {}",
            algorithm,
            heuristic,
            solution
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn every_search_finds_the_exact_distance_on_3x3((board, goal) in board_and_goal(&[(3, 3)], true)) {
        check_every_search(&board, &goal)?;
    }

    #[test]
    fn every_search_finds_the_exact_distance_on_2x4_and_4x2(
        (board, goal) in board_and_goal(&[(4, 2), (2, 4)], true),
    ) {
        check_every_search(&board, &goal)?;
    }

    #[test]
    fn every_search_reports_unsolvable_boards((board, goal) in board_and_goal(&[(3, 3), (4, 2)], false)) {
        prop_assert_eq!(exact_distance(&board, &goal), None);
        for (algorithm, heuristic) in every_search(goal.shape()) {
            let report = solve_with_heuristic(algorithm, heuristic, &board, &goal, Budget::default());
            prop_assert_eq!(report.outcome, Outcome::Unsolvable);
        }
    }
}

/// A 31-move 8-puzzle: one of the two hardest.
fn hard() -> (Board, Goal) {
    let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    let goal = Goal::standard(board.shape());
    (board, goal)
}

#[test]
fn every_search_solves_the_goal_with_no_moves() {
    for (w, h) in [(3, 3), (4, 3), (4, 4), (5, 5)] {
        let goal = Goal::blank_first(Shape::new(w, h).unwrap());
        for (algorithm, heuristic) in every_search(goal.shape()) {
            if algorithm == Algorithm::Table && w * h > super::table::MAX_TABLE_CELLS {
                // No table exists for this shape, even for the solved board.
                continue;
            }
            let report = solve_with_heuristic(algorithm, heuristic, goal.board(), &goal, Budget::default());
            assert_eq!(
                report.outcome.solution().map(|s| s.len()),
                Some(0),
                "{algorithm} {w}x{h}"
            );
        }
    }
}

#[test]
fn every_search_stops_at_the_node_budget() {
    let (board, goal) = hard();
    let budget = Budget {
        max_nodes: Some(100),
        ..Budget::default()
    };
    for (algorithm, heuristic) in every_search(goal.shape()) {
        let report = solve_with_heuristic(algorithm, heuristic, &board, &goal, budget);
        assert_eq!(
            report.outcome,
            Outcome::BudgetReached(BudgetKind::Nodes),
            "{algorithm}/{heuristic}"
        );
        assert!(
            report.stats.expanded <= 100,
            "{algorithm}/{heuristic}: {:?}",
            report.stats
        );
    }
}

#[test]
fn every_storing_search_stops_at_a_tiny_memory_budget() {
    let (board, goal) = hard();
    for max_memory in [1, 4 << 10] {
        let budget = Budget {
            max_memory: Some(max_memory),
            ..Budget::default()
        };
        for (algorithm, heuristic) in every_search(goal.shape()) {
            if algorithm == Algorithm::IdaStar {
                // Holds only its path, so it has nothing to bound.
                continue;
            }
            let report = solve_with_heuristic(algorithm, heuristic, &board, &goal, budget);
            assert_eq!(
                report.outcome,
                Outcome::BudgetReached(BudgetKind::Memory),
                "{algorithm}/{heuristic} within {max_memory} bytes"
            );
        }
    }
}

#[test]
fn peak_bytes_stay_within_a_memory_budget_that_stops_the_search() {
    let (board, goal) = hard();
    let max_memory = 256 << 10;
    let budget = Budget {
        max_memory: Some(max_memory),
        ..Budget::default()
    };
    for algorithm in [Algorithm::BfsSet, Algorithm::BiBfs, Algorithm::AStar] {
        let heuristic = HeuristicKind::Misplaced;
        let report = solve_with_heuristic(algorithm, heuristic, &board, &goal, budget);
        assert_eq!(
            report.outcome,
            Outcome::BudgetReached(BudgetKind::Memory),
            "{algorithm}"
        );
        assert!(report.stats.peak_bytes > 0, "{algorithm}");
        assert!(report.stats.peak_bytes <= max_memory, "{algorithm}: {:?}", report.stats);
        assert!(report.stats.expanded > 0, "{algorithm}");
    }
}

#[test]
fn storing_searches_refuse_boards_over_25_cells() {
    let goal = Goal::standard(Shape::new(6, 5).unwrap());
    let board = scrambled(&goal, "ul");
    for algorithm in [Algorithm::BfsSet, Algorithm::Bfs, Algorithm::BiBfs, Algorithm::AStar] {
        let solver = Solver::new(SolverOptions {
            algorithm,
            ..SolverOptions::default()
        });
        let err = solver.solve(&board, &goal).unwrap_err();
        assert!(
            matches!(err, crate::Error::Refused(crate::error::Refusal::Unsupported { .. })),
            "{algorithm}: {err}"
        );
    }
}

#[test]
fn names_round_trip_in_realm_order() {
    let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    // The toy kept as a test (`search::toy`) is the last entry of the table.
    assert_eq!(names, ["bfs-set", "bfs", "table", "bibfs", "astar", "idastar", "toy"]);
    for a in Algorithm::ALL {
        assert_eq!(a.name().parse::<Algorithm>(), Ok(a));
        assert_eq!(a.uses_heuristic(), matches!(a, Algorithm::AStar | Algorithm::IdaStar));
    }
}

/// A solver with the pattern databases of `partition` for `goal`.
fn pdb_solver(algorithm: Algorithm, goal: &Goal, partition: &str) -> Solver {
    Solver::new(SolverOptions {
        algorithm,
        heuristic: HeuristicKind::Pdb,
        ..SolverOptions::default()
    })
    .with_pdb(crate::heuristic::pdb::tests::cached(goal, partition))
}

#[test]
fn pattern_databases_give_exact_distances_on_small_boards() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
    let s33 = Shape::new(3, 3).unwrap();
    let goals = [
        (Goal::standard(s33), "1,2,3,4/5,6,7,8"),
        (Goal::blank_first(s33), "1,2,3/4,5/6,7,8"),
        (Goal::new("4 x 2 8 1 6 3 7 5".parse().unwrap()), "1,2,3,4/5,6"),
        (Goal::blank_first(Shape::new(4, 2).unwrap()), "1,2,3/4,5,6,7"),
    ];
    for (goal, partition) in goals {
        for algorithm in [Algorithm::AStar, Algorithm::IdaStar] {
            let solver = pdb_solver(algorithm, &goal, partition);
            for _ in 0..12 {
                let board = crate::random::random_solvable(&goal, &mut rng);
                let report = solver.solve(&board, &goal).unwrap();
                let length = report.outcome.solution().map(|s| s.len() as u32);
                assert_eq!(
                    length,
                    exact_distance(&board, &goal),
                    "{algorithm} {partition}: {board}"
                );
            }
        }
    }
}

#[test]
fn the_pdb_heuristic_without_matching_databases_says_what_to_build() {
    use crate::heuristic::pdb::PdbSpec;
    use crate::Error;
    let s44 = Shape::new(4, 4).unwrap();
    let cases = [
        (
            Goal::blank_first(s44),
            Algorithm::IdaStar,
            ("4x4", "blank-first", "7-8"),
        ),
        (Goal::standard(s44), Algorithm::AStar, ("4x4", "standard", "7-8")),
        (
            Goal::standard(Shape::new(5, 5).unwrap()),
            Algorithm::IdaStar,
            ("5x5", "standard", "6-6-6-6"),
        ),
        (
            Goal::standard(Shape::new(3, 3).unwrap()),
            Algorithm::IdaStar,
            ("3x3", "standard", "1,2,3,4,5,6,7,8"),
        ),
        (
            Goal::standard(Shape::new(4, 3).unwrap()),
            Algorithm::AStar,
            ("4x3", "standard", "1,2,3,4,5,6/7,8,9,10,11"),
        ),
    ];
    let other = crate::heuristic::pdb::tests::cached(&Goal::blank_first(Shape::new(3, 3).unwrap()), "1,2,3/4,5");
    for (goal, algorithm, suggested_spec) in cases {
        let board = crate::heuristic::fixed::tests::random_walk(&goal, 4, 1);
        let options = SolverOptions {
            algorithm,
            heuristic: HeuristicKind::Pdb,
            threads: 2,
            ..SolverOptions::default()
        };
        for solver in [Solver::new(options), Solver::new(options).with_pdb(Arc::clone(&other))] {
            let err = solver.solve(&board, &goal).unwrap_err();
            assert!(
                matches!(&err, Error::Database(DatabaseError::NotLoaded { goal: g, loaded, .. })
                    if loaded.is_some() == solver.pdb().is_some() && **g == goal),
                "{goal}: {err:?}"
            );
            // The databases a front-end would advise building: shape, goal and partition.
            let suggested = PdbSpec::suggested(&goal).unwrap();
            let advice = (
                suggested.shape().to_string(),
                suggested.goal_label(),
                suggested.partition().to_arg(),
            );
            assert_eq!(
                (advice.0.as_str(), advice.1.as_str(), advice.2.as_str()),
                suggested_spec
            );
        }
    }
    // Parity comes first: an unsolvable board is answered without databases.
    let goal = Goal::standard(s44);
    let mut tiles = goal.board().tiles().to_vec();
    tiles.swap(0, 1);
    let unsolvable = Board::new(s44, tiles).unwrap();
    let solver = Solver::new(SolverOptions {
        heuristic: HeuristicKind::Pdb,
        ..SolverOptions::default()
    });
    assert_eq!(solver.solve(&unsolvable, &goal).unwrap().outcome, Outcome::Unsolvable);
    // Too large for any database.
    let goal = Goal::standard(Shape::new(6, 6).unwrap());
    let solver = Solver::new(SolverOptions {
        heuristic: HeuristicKind::Pdb,
        ..SolverOptions::default()
    });
    let err = solver.solve(&scrambled(&goal, "lu"), &goal).unwrap_err();
    assert!(
        matches!(err, Error::Database(DatabaseError::Unsupported { .. })),
        "{err:?}"
    );
    assert!(!HeuristicKind::Pdb.supports(goal.shape()));
}

#[test]
fn a_solver_with_databases_is_shared_across_threads() {
    fn shared<T: Sync + Send>(_: &T) {}
    let goal = Goal::standard(Shape::new(3, 3).unwrap());
    let solver = pdb_solver(Algorithm::AStar, &goal, "1,2,3,4/5,6,7,8");
    shared(&solver);
    let boards: Vec<Board> = ["lu", "luru", "luld"].iter().map(|m| scrambled(&goal, m)).collect();
    std::thread::scope(|scope| {
        for board in &boards {
            let (solver, goal) = (&solver, &goal);
            scope.spawn(move || {
                let length = solver
                    .solve(board, goal)
                    .unwrap()
                    .outcome
                    .solution()
                    .map(|s| s.len() as u32);
                assert_eq!(length, exact_distance(board, goal));
            });
        }
    });
    assert_eq!("pdb".parse::<HeuristicKind>(), Ok(HeuristicKind::Pdb));
    assert_eq!(HeuristicKind::Pdb.to_string(), "pdb");
    assert!(!HeuristicKind::ALL.contains(&HeuristicKind::Pdb));
}
