//! Makes the default duplicate filter's automaton (14 moves: 85,192 states)
//! from the stored cut sequences, so that no process spends the 4–5 ms of
//! CPU it takes: the library carries the table in its binary
//! (`src/search/duplicates.rs`, which checks it in a test against the same
//! construction at run time).
//!
//! Writes to `OUT_DIR`:
//! - `duplicates14.bin`: `next[state][move]` as `u32`s in the target's byte
//!   order, 16 bytes a state;
//! - `duplicates14_cut.txt`: the number of cut sequences, as a Rust literal.

use std::path::{Path, PathBuf};

#[path = "src/search/duplicates/automaton.rs"]
mod automaton;

/// The stored sequences and how long the longest are (`STORED_LEN` in duplicates.rs).
const STORED: &str = "src/search/duplicates_cut14.txt";
const STORED_LEN: usize = 14;

fn main() {
    println!("cargo:rerun-if-changed={STORED}");
    println!("cargo:rerun-if-changed=src/search/duplicates/automaton.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let text = std::fs::read_to_string(manifest.join(STORED)).unwrap_or_else(|e| panic!("reading {STORED}: {e}"));
    let (next, cut) = automaton::matcher(automaton::cut_sequences_in(&text, STORED_LEN));
    // The target's byte order, not the build machine's: the library reads the table in place.
    let big_endian = std::env::var("CARGO_CFG_TARGET_ENDIAN").is_ok_and(|e| e == "big");
    let bytes: Vec<u8> = next
        .iter()
        .flatten()
        .flat_map(|&t| if big_endian { t.to_be_bytes() } else { t.to_le_bytes() })
        .collect();
    write(&out.join("duplicates14.bin"), &bytes);
    write(&out.join("duplicates14_cut.txt"), cut.to_string().as_bytes());
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}
