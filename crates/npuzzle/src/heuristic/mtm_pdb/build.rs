//! Building a multi-tile database: a breadth-first search over the
//! abstract boards of a layout, from the layout itself, where a move
//! slides the blank one or more cells along its row or column and counts
//! one.
//!
//! Layer by layer, the frontier (ranks of the boards first reached at the
//! current distance) is split among threads; a thread claims a child by
//! swapping its entry from unseen to the next distance, so each board is
//! put in the next frontier once, by whichever thread saw it first. The
//! distances are then packed as their remainders mod 3 (see the module
//! documentation): 2 bits an entry.

use std::sync::atomic::{AtomicU8, Ordering};

use crate::board::Shape;
use crate::error::DatabaseError;
use crate::Error;

use super::index::MultisetIndex;

/// An entry no layer has reached yet.
pub(crate) const UNSEEN: u8 = u8::MAX;

/// Every abstract board's multi-tile distance to `goal_labels` mod 3, by
/// rank in `index`, packed (see [`pack`]), using `threads` threads (at least one).
/// The index has at most `u32::MAX` entries (`MtmPdb::index_of` refuses
/// larger), so frontiers hold ranks in 32 bits.
pub(crate) fn distances(
    shape: Shape,
    index: &MultisetIndex,
    goal_labels: &[u8],
    threads: usize,
) -> Result<Vec<u8>, Error> {
    let len = index.len();
    let table: Vec<AtomicU8> = (0..len).map(|_| AtomicU8::new(UNSEEN)).collect();
    let start = index.rank(goal_labels);
    table[start as usize].store(0, Ordering::Relaxed);
    let mut frontier = vec![start as u32];
    let mut depth = 0u8;
    let threads = threads.max(1);
    while !frontier.is_empty() {
        if depth == UNSEEN - 1 {
            return Err(DatabaseError::Unsupported {
                reason: "a multi-tile database's distances do not fit a byte".to_string(),
            }
            .into());
        }
        let next_depth = depth + 1;
        if threads == 1 {
            // No thread spawned (the browser has none).
            frontier = expand(shape, index, &table, &frontier, next_depth);
            depth = next_depth;
            continue;
        }
        let chunk = frontier.len().div_ceil(threads);
        let table = &table;
        let parts: Vec<Vec<u32>> = std::thread::scope(|scope| {
            let handles: Vec<_> = frontier
                .chunks(chunk)
                .map(|part| scope.spawn(move || expand(shape, index, table, part, next_depth)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        });
        frontier = parts.concat();
        depth = next_depth;
    }
    // Arrangements no board reaches (half of them when every class has one
    // cell, by parity) are packed as 3; no board reads them.
    Ok(pack(table.iter().map(|entry| entry.load(Ordering::Relaxed))))
}

/// Distances packed as remainders mod 3, four 2-bit entries a byte (entry
/// `i` in bits `2 (i mod 4)` of byte `i / 4`), [`UNREACHED`] for unseen.
fn pack(distances: impl ExactSizeIterator<Item = u8>) -> Vec<u8> {
    let mut packed = vec![0u8; distances.len().div_ceil(4)];
    for (i, d) in distances.enumerate() {
        let code = if d == UNSEEN { UNREACHED } else { d % 3 };
        packed[i / 4] |= code << (2 * (i % 4));
    }
    packed
}

/// The 2-bit code of an arrangement no board reaches.
pub(crate) const UNREACHED: u8 = 3;

/// The children of every board in `part`, claimed at `depth`.
fn expand(shape: Shape, index: &MultisetIndex, table: &[AtomicU8], part: &[u32], depth: u8) -> Vec<u32> {
    let mut next = Vec::new();
    let mut labels = [0u8; 16];
    for &rank in part {
        index.unrank(u64::from(rank), &mut labels);
        for_each_slide(shape, &labels, |child| {
            let r = index.rank(child) as usize;
            let entry = &table[r];
            if entry.load(Ordering::Relaxed) == UNSEEN
                && entry
                    .compare_exchange(UNSEEN, depth, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            {
                next.push(r as u32);
            }
        });
    }
    next
}

/// Calls `f` with every board one multi-tile move from `labels` (class 0
/// the blank): every run of the blank up, down, left and right, one cell
/// further each time.
pub(crate) fn for_each_slide(shape: Shape, labels: &[u8; 16], mut f: impl FnMut(&[u8; 16])) {
    let (w, cells) = (shape.width(), shape.cells());
    let blank = labels[..cells].iter().position(|&l| l == 0).unwrap_or(0);
    let (row, col) = (blank / w, blank % w);
    let runs: [(usize, isize); 4] = [
        (row, -(w as isize)),
        (shape.height() - 1 - row, w as isize),
        (col, -1),
        (w - 1 - col, 1),
    ];
    for (steps, delta) in runs {
        let mut child = *labels;
        let mut at = blank;
        for _ in 0..steps {
            let to = (at as isize + delta) as usize;
            child[at] = child[to];
            child[to] = 0;
            at = to;
            f(&child);
        }
    }
}
