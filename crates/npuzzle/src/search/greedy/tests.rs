use std::collections::{HashMap, VecDeque};

use super::*;
use crate::random::random_solvable;
use crate::{Algorithm, Move, Outcome, Solver, SolverOptions};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Solves a random board for `goal`, checks the moves replay to the goal on
/// an independent `Board`, and returns their number.
fn solve_random(goal: &Goal, seed: u64, tables: &TableCache) -> u64 {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let board = random_solvable(goal, &mut rng);
    let mut moves: Vec<Move> = Vec::new();
    let end = solve_into(&board, goal, tables, Budget::default(), &mut moves).unwrap();
    assert_eq!(end, Finish::Solved(moves.len() as u64), "{board}");
    let reached = board.replay(&moves).unwrap();
    assert!(goal.is_reached_by(&reached), "{} -> {goal}", board.shape());
    moves.len() as u64
}

/// A goal with the tiles in random places (so the blank's home anywhere).
fn random_goal(shape: Shape, seed: u64) -> Goal {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut tiles = Goal::standard(shape).board().wide_tiles();
    tiles.shuffle(&mut rng);
    Goal::new(Board::from_wide(shape, tiles).unwrap())
}

#[test]
fn replays_to_the_goal_on_every_shape_from_2x2_to_30x30() {
    let tables = TableCache::default();
    for w in 2..=30 {
        for h in 2..=30 {
            let shape = Shape::new(w, h).unwrap();
            let seed = (w * 100 + h) as u64;
            solve_random(&Goal::standard(shape), seed, &tables);
            solve_random(&random_goal(shape, seed), seed + 1, &tables);
        }
    }
}

#[test]
fn blank_first_and_wide_strips() {
    let tables = TableCache::default();
    for (w, h) in [(2, 40), (40, 2), (3, 50), (50, 3), (17, 16), (16, 17), (64, 5)] {
        let shape = Shape::new(w, h).unwrap();
        for seed in 0..3 {
            solve_random(&Goal::blank_first(shape), seed, &tables);
        }
    }
}

/// The exact distance of every arrangement of a small region's tiles from
/// its goal arrangement, by breadth-first search over moves inside it.
fn region_distances(goal: &Board) -> HashMap<Vec<u32>, u32> {
    let start = goal.wide_tiles();
    let mut dist = HashMap::from([(start.clone(), 0)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b.wide_tiles()];
        for mv in Move::ALL {
            let mut next = b.clone();
            if next.try_apply(mv) {
                dist.entry(next.wide_tiles()).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    dist
}

/// A board solved outside its last 3×3 (bottom-right, where the standard
/// goal's blank lives) costs exactly the optimal moves of that 3×3: lines
/// already home cost nothing, and the core is finished optimally.
#[test]
fn the_core_is_finished_optimally() {
    let (w, h) = (7, 5);
    let shape = Shape::new(w, h).unwrap();
    let goal = Goal::standard(shape);
    let core_cells: Vec<usize> = (2..5).flat_map(|r| (4..7).map(move |c| r * w + c)).collect();
    // The core's tiles renamed 0..9 by value (the blank stays 0).
    let mut names: Vec<usize> = core_cells.iter().map(|&p| goal.board().tile(p)).collect();
    names.sort_unstable();
    let rename = |b: &Board| -> Vec<u32> {
        core_cells
            .iter()
            .map(|&p| names.binary_search(&b.tile(p)).unwrap() as u32)
            .collect()
    };
    let core_goal = Board::from_wide(Shape::new(3, 3).unwrap(), rename(goal.board())).unwrap();
    let distances = region_distances(&core_goal);
    assert_eq!(distances.len(), 181_440);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let tables = TableCache::default();
    for _ in 0..30 {
        // A random walk of the blank inside the core.
        let mut board = goal.board().clone();
        for _ in 0..200 {
            let mv = Move::ALL[rand::Rng::random_range(&mut rng, 0..4)];
            let to = shape.step(board.blank(), mv);
            if to.is_some_and(|p| p / w >= 2 && p % w >= 4) {
                board.apply(mv).unwrap();
            }
        }
        let core = rename(&board);
        let mut moves: Vec<Move> = Vec::new();
        solve_into(&board, &goal, &tables, Budget::default(), &mut moves).unwrap();
        assert!(goal.is_reached_by(&board.replay(&moves).unwrap()));
        assert_eq!(moves.len() as u32, distances[&core], "{board}");
    }
}

#[test]
fn boards_of_up_to_3x3_are_solved_optimally() {
    let tables = TableCache::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for (w, h) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
        let goal = random_goal(Shape::new(w, h).unwrap(), 4);
        for _ in 0..20 {
            let board = random_solvable(&goal, &mut rng);
            let mut moves: Vec<Move> = Vec::new();
            solve_into(&board, &goal, &tables, Budget::default(), &mut moves).unwrap();
            let optimal = crate::search::tests::exact_distance(&board, &goal);
            assert_eq!(Some(moves.len() as u32), optimal, "{board}");
        }
    }
}

#[test]
fn unsolvable_big_boards_are_caught_by_parity_before_any_move() {
    let shape = Shape::new(40, 30).unwrap();
    let goal = Goal::standard(shape);
    let mut tiles = goal.board().wide_tiles();
    tiles.swap(5, 700);
    let board = Board::from_wide(shape, tiles).unwrap();
    let mut count = MoveCount::default();
    let end = solve_into(&board, &goal, &TableCache::default(), Budget::default(), &mut count).unwrap();
    assert_eq!((end, count.0), (Finish::Unsolvable, 0));
    let report = Solver::new(SolverOptions {
        algorithm: Algorithm::Auto,
        ..Default::default()
    })
    .solve(&board, &goal)
    .unwrap();
    assert_eq!(
        (report.outcome, report.algorithm),
        (Outcome::Unsolvable, Algorithm::Greedy)
    );
}

#[test]
fn the_solver_runs_greedy_for_auto_on_big_boards_and_optimal_searches_refuse_them() {
    let goal = Goal::standard(Shape::new(20, 20).unwrap());
    let board = random_solvable(&goal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
    let auto = Solver::new(SolverOptions {
        algorithm: Algorithm::Auto,
        ..Default::default()
    });
    let report = auto.solve(&board, &goal).unwrap();
    assert_eq!(report.algorithm, Algorithm::Greedy);
    assert!(report.outcome.solution().is_some_and(|s| s.len() > 1000));
    let idastar = Solver::new(SolverOptions::default());
    let err = idastar.solve(&board, &goal).unwrap_err();
    assert!(
        matches!(
            err,
            crate::Error::Refused(crate::error::Refusal::TooBigToSearch {
                cells: 400,
                max_cells: 256,
                ..
            })
        ),
        "{err}"
    );
    assert!(err.to_string().contains("greedy"), "{err}");
}

#[test]
fn a_spent_time_budget_stops_the_solve() {
    let goal = Goal::standard(Shape::new(60, 60).unwrap());
    let board = random_solvable(&goal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(2));
    let budget = Budget {
        timeout: Some(std::time::Duration::ZERO),
        ..Budget::default()
    };
    let end = solve_into(&board, &goal, &TableCache::default(), budget, &mut MoveCount::default()).unwrap();
    assert_eq!(end, Finish::BudgetReached(crate::BudgetKind::Time));
}

/// The last rectangle's table was built with no budget at all, so
/// `--max-memory` and `--timeout` did not bound that step. A 3×3 one needs
/// no table (IDA* finishes it); a smaller one, as on 6×2, has one.
#[test]
fn the_last_rectangles_table_is_built_within_the_budget() {
    let goal = Goal::standard(Shape::new(6, 2).unwrap());
    let board = random_solvable(&goal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(5));
    // Room for the solver's own cells, not for a 3x2 table (6!/2 boards).
    let tight = Budget::default().with_max_memory(Some(200));
    let tables = TableCache::default();
    let end = solve_into(&board, &goal, &tables, tight, &mut MoveCount::default()).unwrap();
    assert_eq!(end, Finish::BudgetReached(crate::BudgetKind::Memory));
    assert_eq!(tables.len(), 0);
    // A table already held costs nothing more: the same budget then solves.
    let mut moves: Vec<Move> = Vec::new();
    solve_into(&board, &goal, &tables, Budget::default(), &mut moves).unwrap();
    assert_eq!(tables.len(), 1);
    let mut again: Vec<Move> = Vec::new();
    let end = solve_into(&board, &goal, &tables, tight, &mut again).unwrap();
    assert_eq!(end, Finish::Solved(again.len() as u64));
    assert_eq!(again, moves);
}

#[test]
fn a_last_3x3_is_finished_without_a_table() {
    let goal = Goal::standard(Shape::new(6, 6).unwrap());
    let board = random_solvable(&goal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(5));
    // Room for the solver's own cells only (12 bytes a cell).
    let tight = Budget::default().with_max_memory(Some(12 * 36));
    let tables = TableCache::default();
    let mut moves: Vec<Move> = Vec::new();
    let end = solve_into(&board, &goal, &tables, tight, &mut moves).unwrap();
    assert_eq!(end, Finish::Solved(moves.len() as u64));
    assert!(goal.is_reached_by(&board.replay(&moves).unwrap()));
    assert_eq!(tables.len(), 0);
}

#[test]
fn the_3x3_table_is_built_once_searching_has_cost_as_much() {
    let goal = Goal::standard(Shape::new(4, 4).unwrap());
    let tables = TableCache::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    // Room for the solver's own cells only: a build would be refused.
    let tight = Budget::default().with_max_memory(Some(12 * 16));
    let mut solve = |budget: Budget| {
        let board = random_solvable(&goal, &mut rng);
        let mut moves: Vec<Move> = Vec::new();
        let end = solve_into(&board, &goal, &tables, budget, &mut moves).unwrap();
        assert_eq!(end, Finish::Solved(moves.len() as u64));
        assert!(goal.is_reached_by(&board.replay(&moves).unwrap()), "{board}");
    };
    for _ in 0..SEARCHES_BEFORE_TABLE {
        solve(Budget::default());
    }
    assert_eq!(tables.len(), 0);
    // The next would build it, but the budget refuses: searched again.
    solve(tight);
    assert_eq!(tables.len(), 0);
    solve(Budget::default());
    assert_eq!(tables.len(), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any shape, any goal, any solvable board: the moves replay to the goal
    /// and number at least the Manhattan bound.
    #[test]
    fn any_board_replays_to_any_goal(w in 2usize..14, h in 2usize..14, goal_seed: u64, seed: u64) {
        let goal = random_goal(Shape::new(w, h).unwrap(), goal_seed);
        let board = random_solvable(&goal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
        let mut moves: Vec<Move> = Vec::new();
        solve_into(&board, &goal, &TableCache::default(), Budget::default(), &mut moves).unwrap();
        prop_assert!(goal.is_reached_by(&board.replay(&moves).unwrap()));
        prop_assert!(moves.len() as u64 >= crate::heuristic::bound::linear_conflict(&board, &goal));
    }
}
