//! Builds pattern databases (one pattern at a time, resuming a stopped
//! build) and reports time and file size: the benchmark
//! behind `bench/pdb.sh` (which adds peak memory through `/usr/bin/time -v`).
//! `--zero-aware` (anywhere among the arguments) builds zero-aware tables, as
//! `npuzzle pdb build --zero-aware` does (`…-zero.pdb`).
//!
//! ```sh
//! cargo run --release -p npuzzle --example pdb_build -- 4x4 blank-first 7-8 /tmp/pdb [threads] [--zero-aware]
//! ```

use std::error::Error;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use npuzzle::heuristic::pdb::{AdditivePdb, BuildOptions, PdbSpec};
use npuzzle::{Goal, Shape};

const USAGE: &str = "usage: pdb_build SIZE GOAL PARTITION DIR [THREADS] [--zero-aware]";

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args)?;
    Ok(())
}

/// What the arguments ask for: the databases, where to put them, and the
/// build threads (0: all cores).
fn parse(args: &[String]) -> Result<(PdbSpec, PathBuf, usize), Box<dyn Error>> {
    let zero_aware = args.iter().any(|a| a == "--zero-aware");
    let positional: Vec<&String> = args.iter().filter(|a| *a != "--zero-aware").collect();
    if let Some(flag) = positional.iter().find(|a| a.starts_with("--")) {
        return Err(format!("unknown option {flag}; {USAGE}").into());
    }
    let [size, goal, partition, dir, rest @ ..] = positional.as_slice() else {
        return Err(USAGE.into());
    };
    let shape: Shape = size.parse()?;
    let goal = Goal::parse(goal, shape)?;
    let spec = PdbSpec::parse(&goal, partition)?.with_zero_aware(zero_aware);
    let threads = match rest {
        [] => 0,
        [threads] => threads
            .parse()
            .map_err(|e| format!("THREADS {threads:?}: {e}; {USAGE}"))?,
        _ => return Err(USAGE.into()),
    };
    Ok((spec, PathBuf::from(dir), threads))
}

/// Builds, opens and verifies the databases the arguments name, prints what
/// it measured, and returns the file's path.
fn run(args: &[String]) -> Result<PathBuf, Box<dyn Error>> {
    let (spec, dir, threads) = parse(args)?;
    let options = BuildOptions {
        threads,
        max_memory: None,
    };
    eprintln!(
        "building {}{spec}: {} entries, about {:.2} GiB at peak",
        if spec.zero_aware() { "zero-aware " } else { "" },
        spec.entries(),
        spec.build_memory_parts() as f64 / f64::from(1 << 30)
    );
    let start = Instant::now();
    let mut last_layer = (usize::MAX, u32::MAX);
    // One pattern at a time, each kept on disk: a rerun resumes.
    let path = AdditivePdb::build_into(&dir, &spec, &options, &mut |p| {
        if (p.pattern, p.depth) != last_layer {
            last_layer = (p.pattern, p.depth);
            eprint!(
                "\rpattern {}/{} depth {:>2} reached {:>11}/{} ({:5.1}% overall) {:>7.1}s",
                p.pattern + 1,
                p.patterns,
                p.depth,
                p.reached,
                p.entries,
                100.0 * p.fraction(),
                start.elapsed().as_secs_f64()
            );
            let _ = std::io::stderr().flush();
        }
    })?;
    let built = start.elapsed();
    eprintln!();
    let opened = Instant::now();
    let mapped = AdditivePdb::open(&path, &spec)?;
    let open_time = opened.elapsed();
    let verifying = Instant::now();
    mapped.verify()?;
    let verify_time = verifying.elapsed();
    let bytes = std::fs::metadata(&path)?.len();
    println!("spec        {spec}");
    println!("zero-aware  {}", if spec.zero_aware() { "yes" } else { "no" });
    for db in mapped.patterns() {
        let (mut max, mut at_15) = (0, 0u64);
        for i in 0..db.entries() {
            let v = db.value(i);
            max = max.max(v);
            at_15 += u64::from(v == 15);
        }
        println!(
            "pattern     {:?}: {} entries, {} bits, largest stored value {max} ({at_15} entries at 15)",
            db.tiles(),
            db.entries(),
            db.bits()
        );
    }
    println!("build+write {:.1} s", built.as_secs_f64());
    println!("open        {:.3} ms", open_time.as_secs_f64() * 1e3);
    println!("verify      {:.2} s", verify_time.as_secs_f64());
    println!(
        "file        {} ({bytes} bytes, {:.1} MB)",
        path.display(),
        bytes as f64 / 1e6
    );
    Ok(path)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use npuzzle::record::SolutionRecord;
    use npuzzle::{Algorithm, Board, HeuristicKind, Solver, SolverOptions};

    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    /// `--zero-aware` writes a zero-aware file (the file's own header says
    /// so, and its checksums hold), and IDA* reading it finds lengths equal
    /// to an independent breadth-first search's on every 4th board of 4×2.
    #[test]
    fn zero_aware_builds_are_zero_aware_and_solve_optimally() {
        let dir = tempfile::tempdir().unwrap();
        let at = dir.path().display();
        let classic = run(&args(&format!("4x2 standard 1,2,3/4,5,6,7 {at}/classic 1"))).unwrap();
        let path = run(&args(&format!("4x2 standard --zero-aware 1,2,3/4,5,6,7 {at}/zero 1"))).unwrap();
        assert!(path.display().to_string().ends_with("-zero.pdb"), "{}", path.display());
        let pdb = AdditivePdb::open_any(&path).unwrap();
        pdb.verify().unwrap();
        assert!(pdb.info().spec.zero_aware());
        assert!(!AdditivePdb::open_any(&classic).unwrap().info().spec.zero_aware());

        let options = SolverOptions::default()
            .with_algorithm(Algorithm::IdaStar)
            .with_heuristic(HeuristicKind::Pdb);
        let solver = Solver::new(options).with_pdb(Arc::new(pdb));
        let goal = Goal::standard(Shape::new(4, 2).unwrap());
        let goal_tiles: Vec<u8> = (1..8).chain([0]).collect();
        let distances = npuzzle::oracle::distances(&goal_tiles, 4);
        assert_eq!(distances.len(), 20_160);
        let mut boards: Vec<_> = distances.iter().collect();
        boards.sort();
        for (tiles, &d) in boards.into_iter().step_by(4) {
            let board = Board::new(Shape::new(4, 2).unwrap(), tiles.clone()).unwrap();
            let report = solver.solve(&board, &goal).unwrap();
            let record = SolutionRecord::new(&board, &goal, &solver, &report);
            assert_eq!(record.length, Some(d as usize), "{board}");
            assert!(
                record.partition.as_deref().is_some_and(|p| p.contains("zero-aware")),
                "{record:?}"
            );
        }
    }

    #[test]
    fn bad_arguments_say_what_is_wrong() {
        let message = |text: &str| parse(&args(text)).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(message("3x3 standard 1,2,3,4/5,6,7,8").starts_with("usage:"));
        assert!(message("3x3 standard 1,2,3,4/5,6,7,8 /tmp/x two").starts_with("THREADS \"two\""));
        assert!(message("3x3 standard 1,2,3,4/5,6,7,8 /tmp/x --zero").starts_with("unknown option --zero"));
        let (spec, _, threads) = parse(&args("3x3 standard 1,2,3,4/5,6,7,8 /tmp/x 2 --zero-aware")).unwrap();
        assert!(spec.zero_aware() && threads == 2);
    }
}
