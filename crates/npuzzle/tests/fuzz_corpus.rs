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

/// A check added to `TARGETS` without its fuzz binary would be replayed
/// here but never fuzzed: each needs a `[[bin]]` in `fuzz/Cargo.toml` and a
/// one-line target file calling it.
#[test]
fn every_check_has_a_fuzz_target() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).unwrap();
    for &(target, _) in TARGETS {
        let bin = format!("name = \"{target}\"\npath = \"fuzz_targets/{target}.rs\"");
        assert!(manifest.contains(&bin), "no [[bin]] for {target} in fuzz/Cargo.toml");
        let file = fuzz.join("fuzz_targets").join(format!("{target}.rs"));
        let source = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(
            source.contains(&format!("npuzzle::fuzzing::check_{target}(data)")),
            "{} does not call check_{target}",
            file.display()
        );
    }
}
