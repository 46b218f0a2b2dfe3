//! Solves 4x4 boards (16 numbers a line, blank `0` or `x`) from stdin with slidy's optimal
//! multi-tile solver; prints `mtm_length<TAB>single_moves<TAB>seconds` a board. The database
//! is read from the file named by the first argument, or built and written there (its build
//! time goes to stderr, apart from the solving time).
use std::io::BufRead;
use std::str::FromStr;
use std::time::Instant;

use slidy::puzzle::puzzle::Puzzle;
use slidy::solver::size4x4::mtm::solver::Solver;
use slidy::solver::solver::Solver as _;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: slidy-mtm DATABASE_FILE < boards")?;
    let start = Instant::now();
    let solver = match std::fs::read(&path) {
        // SAFETY: slidy checks the length and an xxh3 hash of the bytes; the file is the one
        // this program wrote from slidy's own build.
        Ok(bytes) => unsafe { Solver::try_with_pdb_bytes(bytes.into_boxed_slice()) }.ok_or("not slidy's database")?,
        Err(_) => {
            let solver = Solver::new();
            std::fs::write(&path, solver.pdb_bytes())?;
            eprintln!("database built in {:.2} s", start.elapsed().as_secs_f64());
            solver
        }
    };
    let mut total = 0.0;
    for line in std::io::stdin().lock().lines() {
        let line = line?.replace('x', "0");
        let numbers: Vec<&str> = line.split_whitespace().collect();
        if numbers.len() != 16 {
            continue;
        }
        let rows: Vec<String> = numbers.chunks(4).map(|r| r.join(" ")).collect();
        let puzzle = Puzzle::from_str(&rows.join("/"))?;
        let start = Instant::now();
        let solution = solver.solve(&puzzle).map_err(|e| format!("{line}: {e}"))?;
        let seconds = start.elapsed().as_secs_f64();
        total += seconds;
        let (mtm, stm): (u64, u64) = (solution.len_mtm(), solution.len_stm());
        println!("{mtm}\t{stm}\t{seconds:.6}");
    }
    eprintln!("solved in {total:.3} s");
    Ok(())
}
