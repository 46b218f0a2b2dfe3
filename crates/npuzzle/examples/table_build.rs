//! Builds a table and prints its layer counts and timings (for profiling).
use npuzzle::search::table::Table;
use npuzzle::{Budget, Goal, Shape};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let shape: Shape = args.get(1).map_or("3x3", |s| s.as_str()).parse().expect("shape");
    let reps: usize = args.get(2).map_or(1, |s| s.parse().expect("reps"));
    let goal = Goal::standard(shape);
    for _ in 0..reps {
        let t = std::time::Instant::now();
        let table = Table::build(&goal, Budget::default(), |_| {}).expect("build");
        eprintln!(
            "{shape}: {} states, diameter {}, {:?}",
            table.states(),
            table.diameter(),
            t.elapsed()
        );
    }
}
