//! One solve and nothing else, for counting its instructions:
//!
//! ```sh
//! cargo build --release -p npuzzle --example solve_once
//! valgrind --tool=callgrind target/release/examples/solve_once bfs-set "8 6 7 2 5 4 3 x 1"
//! ```
//!
//! Prints the length and the nodes expanded; the goal is the standard one
//! and the heuristic the default.

use std::process::ExitCode;

use npuzzle::{Algorithm, Board, Goal, Solver, SolverOptions};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [algorithm, board] = args.as_slice() else {
        eprintln!("usage: solve_once ALGORITHM BOARD");
        return ExitCode::from(2);
    };
    let run = || -> Result<String, npuzzle::Error> {
        let algorithm: Algorithm = algorithm.parse()?;
        let board: Board = board.parse()?;
        let solver = Solver::new(SolverOptions::default().with_algorithm(algorithm));
        let report = solver.solve(&board, &Goal::standard(board.shape()))?;
        let length = report.outcome.solution().map(|s| s.len());
        Ok(format!("length {length:?}, expanded {}", report.stats.expanded))
    };
    match run() {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("solve_once: {e}");
            ExitCode::FAILURE
        }
    }
}
