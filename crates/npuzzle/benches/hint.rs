//! Hints and counts of optimal solutions: `cargo bench -p npuzzle --bench hint`.
//!
//! - a hint on random 8-puzzles from the complete table (five walks each), the
//!   table built once outside the timed loop, as a server answering many
//!   boards would keep it;
//! - a hint on Korf's 15-puzzle #12 (45 moves, blank-first goal) by search,
//!   beside the plain solve of the same board for the ratio;
//! - counting the optimal solutions of the 31-move 8-puzzle (table) and of
//!   Korf #12 (IDA*'s last iteration run to its end).

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use npuzzle::random::random_solvable;
use npuzzle::{Algorithm, Board, Goal, HeuristicKind, Solver, SolverOptions};
use rand::SeedableRng;

/// Korf's instance 12 (bench/data/korf100.txt), 45 moves from the blank-first goal.
const KORF_12: &str = "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15";

fn solver(algorithm: Algorithm, heuristic: HeuristicKind) -> Solver {
    let options = SolverOptions::default()
        .with_algorithm(algorithm)
        .with_heuristic(heuristic)
        .with_threads(1);
    Solver::new(options)
}

fn eight_puzzle(c: &mut Criterion) {
    let goal = Goal::standard("3x3".parse().expect("a shape"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let boards: Vec<Board> = (0..1000).map(|_| random_solvable(&goal, &mut rng)).collect();
    let table = solver(Algorithm::Auto, HeuristicKind::LinearConflict);
    table.hint(&boards[0], &goal).expect("the table builds");
    let mut group = c.benchmark_group("hint");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("8-puzzle table, 1000 random boards", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(table.hint(board, &goal).expect("hint"));
            }
        })
    });
    let classic: Board = "8 6 7 2 5 4 3 x 1".parse().expect("a board");
    group.bench_function("8-puzzle table, count 31-move board", |b| {
        b.iter(|| black_box(table.count_solutions(&classic, &goal).expect("count")))
    });
    group.finish();
}

fn fifteen_puzzle(c: &mut Criterion) {
    let board: Board = KORF_12.parse().expect("a board");
    let goal = Goal::blank_first(board.shape());
    let mut group = c.benchmark_group("korf-12");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    for heuristic in [HeuristicKind::WalkingDistance, HeuristicKind::LinearConflict] {
        let s = solver(Algorithm::IdaStar, heuristic);
        let hint = s.hint(&board, &goal).expect("hint");
        assert_eq!(hint.distance, Some(45));
        group.bench_function(format!("solve {heuristic}"), |b| {
            b.iter(|| black_box(s.solve(&board, &goal).expect("solve")))
        });
        group.bench_function(format!("hint {heuristic}"), |b| {
            b.iter(|| black_box(s.hint(&board, &goal).expect("hint")))
        });
    }
    let s = solver(Algorithm::IdaStar, HeuristicKind::WalkingDistance);
    group.bench_function("count walking-distance", |b| {
        b.iter(|| black_box(s.count_solutions(&board, &goal).expect("count")))
    });
    group.finish();
}

criterion_group!(benches, eight_puzzle, fifteen_puzzle);
criterion_main!(benches);
