//! Every algorithm on a fixed set of 8-puzzles, including the two 31-move
//! boards: `cargo bench -p npuzzle --bench eight`.

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use npuzzle::{Algorithm, Board, Goal, HeuristicKind, Solver, SolverOptions};

/// The two 31-move boards, then boards of 26, 22 and 12 moves.
const BOARDS: [&str; 5] = [
    "8 6 7 2 5 4 3 x 1",
    "6 4 7 8 5 x 3 2 1",
    "x 8 2 5 7 6 4 1 3",
    "1 3 x 5 6 7 8 4 2",
    "3 4 x 1 2 6 7 5 8",
];

fn algorithms(c: &mut Criterion) {
    let boards: Vec<Board> = BOARDS.iter().map(|t| t.parse().expect("valid board")).collect();
    let goal = Goal::standard(boards[0].shape());
    let runs = [
        (Algorithm::BfsSet, HeuristicKind::Manhattan),
        (Algorithm::Bfs, HeuristicKind::Manhattan),
        (Algorithm::Table, HeuristicKind::Manhattan),
        (Algorithm::BiBfs, HeuristicKind::Manhattan),
        (Algorithm::AStar, HeuristicKind::Misplaced),
        (Algorithm::AStar, HeuristicKind::Manhattan),
        (Algorithm::AStar, HeuristicKind::LinearConflict),
        (Algorithm::IdaStar, HeuristicKind::Manhattan),
        (Algorithm::IdaStar, HeuristicKind::LinearConflict),
    ];
    let mut group = c.benchmark_group("8-puzzle");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (algorithm, heuristic) in runs {
        // One solver per algorithm, as a program answering many boards would
        // keep it: the table is built once, outside the timed loop.
        let solver = Solver::new(
            SolverOptions::default()
                .with_algorithm(algorithm)
                .with_heuristic(heuristic),
        );
        solver.solve(&boards[0], &goal).expect("warm-up solves");
        let name = if algorithm.uses_heuristic() {
            format!("{algorithm}-{heuristic}")
        } else {
            algorithm.to_string()
        };
        for (board, text) in boards.iter().zip(BOARDS) {
            group.bench_with_input(BenchmarkId::new(&name, text), board, |b, board| {
                b.iter(|| solver.solve(black_box(board), &goal).expect("solves"))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, algorithms);
criterion_main!(benches);
