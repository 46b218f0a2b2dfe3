//! The complete move table: building it for the 8-puzzle, and answering
//! queries from it.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use npuzzle::search::table::Table;
use npuzzle::{Board, Budget, Goal, Shape};

fn build(c: &mut Criterion) {
    let shape = Shape::new(3, 3).expect("3x3 is a valid shape");
    let goal = Goal::standard(shape);
    c.bench_function("table build 3x3", |b| {
        b.iter(|| Table::build(black_box(&goal), Budget::default(), |_| {}).expect("3x3 fits"))
    });
    let goal = Goal::standard(Shape::new(4, 2).expect("4x2 is a valid shape"));
    c.bench_function("table build 4x2", |b| {
        b.iter(|| Table::build(black_box(&goal), Budget::default(), |_| {}).expect("4x2 fits"))
    });
}

fn query(c: &mut Criterion) {
    let goal = Goal::standard(Shape::new(3, 3).expect("3x3 is a valid shape"));
    let table = Table::build(&goal, Budget::default(), |_| {}).expect("3x3 fits");
    // The two hardest boards (31 moves) and a typical one (22 moves).
    let boards: Vec<Board> = ["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1", "1 2 3 4 5 6 7 8 x"]
        .iter()
        .map(|t| t.parse().expect("valid board"))
        .collect();
    c.bench_function("table walk 3x3 31 moves", |b| {
        b.iter(|| {
            let mut n = 0u32;
            table
                .walk(black_box(boards[0].tiles()), goal.board().tiles(), |_| n += 1)
                .expect("valid")
        })
    });
}

criterion_group!(benches, build, query);
criterion_main!(benches);
