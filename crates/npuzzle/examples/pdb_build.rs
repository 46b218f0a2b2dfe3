//! Builds pattern databases (one pattern at a time, resuming a stopped
//! build) and reports time and file size: the benchmark
//! behind `bench/pdb.sh` (which adds peak memory through `/usr/bin/time -v`).
//!
//! ```sh
//! cargo run --release -p npuzzle --example pdb_build -- 4x4 blank-first 7-8 /tmp/pdb [threads]
//! ```

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use npuzzle::heuristic::pdb::{AdditivePdb, BuildOptions, PdbSpec};
use npuzzle::{Goal, Shape};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, goal, partition, dir, rest @ ..] = args.as_slice() else {
        return Err("usage: pdb_build SIZE GOAL PARTITION DIR [THREADS]".into());
    };
    let shape: Shape = size.parse()?;
    let goal = Goal::parse(goal, shape)?;
    let spec = PdbSpec::parse(&goal, partition)?;
    let threads = rest.first().map_or(Ok(0), |t| t.parse())?;
    let options = BuildOptions {
        threads,
        max_memory: None,
    };
    eprintln!(
        "building {spec}: {} entries, about {:.2} GiB at peak",
        spec.entries(),
        spec.build_memory_parts() as f64 / f64::from(1 << 30)
    );
    let start = Instant::now();
    let mut last_layer = (usize::MAX, u32::MAX);
    // One pattern at a time, each kept on disk: a rerun resumes.
    let path = AdditivePdb::build_into(&PathBuf::from(dir), &spec, &options, &mut |p| {
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
    Ok(())
}
