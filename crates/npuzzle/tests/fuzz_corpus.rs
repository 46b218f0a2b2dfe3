//! The fuzz corpus as regression tests: every file kept under
//! `fuzz/corpus/<target>/` goes through the same check as its fuzz target,
//! so inputs the fuzzer found interesting are re-run by a plain `cargo test`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use npuzzle::fuzzing::TARGETS;

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target)
}

/// Runs `check` on every file of the corpus and names the files that fail.
fn run_corpus(target: &str, check: fn(&[u8])) -> usize {
    let dir = corpus_dir(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} holds no inputs", dir.display());
    let failed: Vec<String> = files
        .iter()
        .filter(|path| {
            let data = std::fs::read(path).unwrap();
            catch_unwind(AssertUnwindSafe(|| check(&data))).is_err()
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(failed.is_empty(), "{target}: failing inputs:\n{}", failed.join("\n"));
    files.len()
}

#[test]
fn every_corpus_input_passes_its_check() {
    for &(target, check) in TARGETS {
        let count = run_corpus(target, check);
        eprintln!("{target}: {count} inputs");
    }
}
