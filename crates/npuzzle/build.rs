//! Prepares the duplicate filter's data from the stored cut sequences
//! (`data/duplicates_cut14.txt`, text: the source of truth a person reads
//! and the tests compare with the enumeration):
//!
//! - the sequences packed two bits a move, which the library carries in
//!   place of the text (a quarter of its size: it is part of every download
//!   of the browser's engine);
//! - the default filter's automaton (14 moves: 85,192 states), so that no
//!   process spends the 4–5 ms of CPU it takes: the library carries the
//!   table in its binary, except in the browser's (`src/search/duplicates.rs`,
//!   which checks both against the same construction at run time).
//!
//! Writes to `OUT_DIR`:
//! - `duplicates_cut14.bin`: the packed sequences, in the format
//!   `src/search/duplicates.rs` describes at `PACKED`;
//! - `duplicates14.bin`: `next[state][move]` as `u32`s in the target's byte
//!   order, 16 bytes a state;
//! - `duplicates14_cut.txt`: the number of cut sequences, as a Rust literal.

use std::path::{Path, PathBuf};

#[path = "src/search/duplicates/automaton.rs"]
mod automaton;

/// The stored sequences and how long the longest are (`STORED_LEN` in duplicates.rs).
const STORED: &str = "data/duplicates_cut14.txt";
const STORED_LEN: usize = 14;

fn main() {
    println!("cargo:rerun-if-changed={STORED}");
    println!("cargo:rerun-if-changed=src/search/duplicates/automaton.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let text = std::fs::read_to_string(manifest.join(STORED)).unwrap_or_else(|e| panic!("reading {STORED}: {e}"));
    let sequences: Vec<Vec<u8>> = text.split_ascii_whitespace().map(moves).collect();

    write(&out.join("duplicates_cut14.bin"), &pack(&sequences));

    let (next, cut) = automaton::matcher(sequences.iter().map(|s| s.iter().copied()));
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

/// A sequence of the letters `u d l r` as its move indices in that order.
fn moves(word: &str) -> Vec<u8> {
    word.bytes()
        .map(|b| match b {
            b'u' => 0,
            b'd' => 1,
            b'l' => 2,
            b'r' => 3,
            _ => panic!("{STORED}: {:?} is not a move in {word:?}", char::from(b)),
        })
        .collect()
}

/// The sequences, shortest first, packed: how many there are of each length
/// from 0 to `STORED_LEN` (`u32`, little-endian), then every move, two bits
/// each, four to a byte from the low bits up, the sequences back to back.
fn pack(sequences: &[Vec<u8>]) -> Vec<u8> {
    let mut counts = [0u32; STORED_LEN + 1];
    for pair in sequences.windows(2) {
        assert!(
            pair[0].len() <= pair[1].len(),
            "{STORED}: the sequences are not shortest first"
        );
    }
    for s in sequences {
        assert!(
            s.len() <= STORED_LEN,
            "{STORED}: a sequence is longer than {STORED_LEN} moves"
        );
        counts[s.len()] += 1;
    }
    let mut bytes: Vec<u8> = counts.iter().flat_map(|c| c.to_le_bytes()).collect();
    let start = bytes.len();
    for (i, &m) in sequences.iter().flatten().enumerate() {
        if i % 4 == 0 {
            bytes.push(0);
        }
        bytes[start + i / 4] |= m << (2 * (i % 4));
    }
    bytes
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}
