//! Pruning duplicate move sequences in depth-first search: an automaton over
//! the blank's moves that rejects every move ending a sequence which some
//! other sequence, no longer and never leaving the board where it would not,
//! already does the same as (after Taylor & Korf, "Pruning duplicate nodes in
//! depth-first search", AAAI 1993).
//!
//! IDA* searches a tree: the same board is reached again and again along
//! different paths. Leaving out the reverse of the previous move removes the
//! paths of length 2 that do nothing. Longer ones exist too: moving the blank
//! one and a half times round a 2×2 square one way (`lurdlu`) does what one
//! and a half times round it the other way (`uldrul`) does.
//!
//! ## Which sequences are cut
//!
//! Sequences are ordered by length, then move by move in the order `u d l r`.
//! A sequence `s` is cut when another sequence `t` earlier in that order has
//! the same effect on any board (the same final blank offset and the same
//! tiles in the same cells, on an unbounded grid) and `t`'s blank stays within
//! the bounding box of `s`'s blank path. The box matters at the board's edge:
//! wherever `s` can be played, so can `t`.
//!
//! This keeps an optimal path to every board: take the earliest, in that
//! order, of the optimal paths to it. If it held such an `s`, putting `t` in
//! its place would give a path that can be played, reaches the same board, and
//! is shorter or earlier — so it holds none, is never cut, and IDA* finds it.
//! (Every iteration's bound still stops at or below the optimal length, for the
//! same reason.)
//!
//! The sequences are found by enumerating every sequence up to a length, cut
//! or kept as above; only those whose shorter parts are all kept go into the
//! automaton (an Aho–Corasick matcher over the moves), so that one table
//! lookup per move says whether the path so far still ends in a kept
//! sequence. Longer sequences cut more, at the cost of a larger table. The
//! enumeration (seconds for 14 moves) is done once, by the tests: its
//! result is stored as text in the crate's `data/`, and the build script
//! packs it (two bits a move) for the library to read. The build script
//! also makes the 14-move automaton from it, and the library reads that table in
//! place from its binary, so a process does not spend the milliseconds the
//! construction takes; the shorter ones are made when first asked for.
//!
//! ```
//! use npuzzle::search::duplicates::DuplicateFilter;
//! let filter = DuplicateFilter::new(6);
//! // `u` then `d` undoes a move: cut.
//! assert!(!filter.accepts("ud"));
//! // `lurdlu` does what `uldrul` does, and `uldrul` comes first: cut.
//! assert!(!filter.accepts("lurdlu"));
//! assert!(filter.accepts("uldrul"));
//! // Longer filters cut more.
//! assert!(filter.accepts("dlururdl"));
//! assert!(!DuplicateFilter::new(8).accepts("dlururdl"));
//! ```

use std::sync::OnceLock;

#[cfg(test)]
use rustc_hash::FxHashMap;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use zerocopy::FromBytes;

use crate::board::Move;

mod automaton;

use automaton::DEAD;

/// What [`DuplicateFilter::step_index`] returns for a cut move.
pub(crate) const CUT: u32 = DEAD;

/// The automaton: a state per node of the search, one lookup per move.
#[derive(Debug, Clone)]
pub struct DuplicateFilter {
    /// `next[state][move index]`, or `DEAD`: one table per length, shared
    /// by every filter of the process.
    next: &'static [[u32; 4]],
    /// Longest sequence looked at.
    max_len: usize,
    /// How many sequences are cut (those with no shorter part cut).
    cut: usize,
}

/// Where the blank goes, for each move in `Move::ALL` order: (dx, dy).
#[cfg(test)]
const STEP: [(i32, i32); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

/// The longest sequence a filter may look at (the description of what a sequence does must fit in a fixed-size key).
pub const MAX_LEN: usize = 14;

/// The length [`SolverOptions`](crate::SolverOptions) uses by default:
/// 18,700 sequences, an automaton of 85,192 states (1.4 MB), made from the
/// stored list at build time. Against 12 (2,540 sequences, 188 KB),
/// 12% fewer nodes with Manhattan on Korf's instances 1, 3 and 7, 2% with 7-8
/// databases on all 100, 6–9% on the 24-puzzle, at the same speed per node.
pub const DEFAULT_LEN: usize = 14;

/// An exact description of what a sequence does (see [`Grid::effect`]):
/// the final blank cell and up to `MAX_LEN + 1` changed cells with where
/// their content came from, 10 bits each, six to a word.
#[cfg(test)]
type Key = [u64; 6];

/// An unbounded grid wide enough for any sequence of up to `max_len` moves
/// from its centre, playing sequences move by move and taking them back.
#[cfg(test)]
struct Grid {
    side: i32,
    /// For each cell, the cell its content started in.
    came_from: Vec<u16>,
    /// For each cell, how many times the blank has been there.
    visits: Vec<u8>,
    /// The distinct cells the blank has visited.
    visited: Vec<u16>,
    /// The blank's cells so far, the start first.
    path: Vec<u16>,
}

#[cfg(test)]
impl Grid {
    fn new(max_len: usize) -> Grid {
        let side = 2 * max_len as i32 + 3;
        let centre = (side * (side / 2) + side / 2) as u16;
        let mut visits = vec![0; (side * side) as usize];
        visits[usize::from(centre)] = 1;
        Grid {
            side,
            came_from: (0..side * side).map(|c| c as u16).collect(),
            visits,
            visited: vec![centre],
            path: vec![centre],
        }
    }

    fn blank(&self) -> u16 {
        self.path[self.path.len() - 1]
    }

    fn play(&mut self, m: u8) {
        let (dx, dy) = STEP[usize::from(m)];
        let blank = self.blank();
        let next = (i32::from(blank) + dy * self.side + dx) as u16;
        // The tile in `next` slides into the blank's cell.
        self.came_from.swap(usize::from(blank), usize::from(next));
        self.path.push(next);
        self.visits[usize::from(next)] += 1;
        if self.visits[usize::from(next)] == 1 {
            self.visited.push(next);
        }
    }

    fn take_back(&mut self) {
        let Some(blank) = self.path.pop() else { return };
        self.visits[usize::from(blank)] -= 1;
        if self.visits[usize::from(blank)] == 0 {
            self.visited.pop();
        }
        let prev = self.blank();
        self.came_from.swap(usize::from(blank), usize::from(prev));
    }

    /// What the sequence played so far does: the final blank cell, then each
    /// changed cell in order with the cell its content came from (exact, so
    /// that two sequences with equal keys do the same to any board); and the
    /// bounding box of the blank's path (min x, max x, min y, max y).
    fn effect(&self) -> (Key, [i32; 4]) {
        let mut cells = [0u16; MAX_LEN + 1];
        let cells = &mut cells[..self.visited.len()];
        cells.copy_from_slice(&self.visited);
        cells.sort_unstable();
        let mut key = [0u64; 6];
        let mut bits = 0;
        let mut put = |v: u16| {
            key[bits / 60] |= u64::from(v) << (bits % 60);
            bits += 10;
        };
        put(self.blank());
        let mut bbox = [i32::MAX, i32::MIN, i32::MAX, i32::MIN];
        for &c in cells.iter() {
            let from = self.came_from[usize::from(c)];
            if from != c {
                put(c);
                put(from);
            }
            let (x, y) = (i32::from(c) % self.side, i32::from(c) / self.side);
            bbox = [bbox[0].min(x), bbox[1].max(x), bbox[2].min(y), bbox[3].max(y)];
        }
        (key, bbox)
    }
}

/// The longest stored sequences ([`PACKED`]): every length a filter may have.
const STORED_LEN: usize = 14;
const _: () = assert!(STORED_LEN == MAX_LEN);

/// The cut sequences of up to [`STORED_LEN`] moves, as
/// `DuplicateFilter::cut_sequences` finds them (in about six seconds for 14
/// moves), as text: what a person reads, and what the build script packs
/// into [`PACKED`]. A test checks that they are the same.
#[cfg(test)]
const STORED: &str = include_str!("../../data/duplicates_cut14.txt");

/// The stored sequences as the build script packs them, a quarter of the
/// text's size (the browser downloads them): shortest first, how many there
/// are of each length from 0 to [`STORED_LEN`] (`u32`, little-endian), then
/// every move as its index in `u d l r` order, two bits each, four to a
/// byte from the low bits up, the sequences back to back. A test checks
/// that they are the text's.
static PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/duplicates_cut14.bin"));

/// The stored cut sequences of up to `max_len` moves, each as its move
/// indices (read in place: no allocation per sequence).
fn stored_cut_sequences(max_len: usize) -> impl Iterator<Item = impl Iterator<Item = u8>> {
    let (counts, moves) = PACKED.split_at(4 * (STORED_LEN + 1));
    counts
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as usize)
        .enumerate()
        .take(max_len + 1)
        .flat_map(|(len, count)| std::iter::repeat_n(len, count))
        .scan(0, |start, len| {
            *start += len;
            Some(*start - len..*start)
        })
        .map(|span| span.map(|i| (moves[i / 4] >> (2 * (i % 4))) & 3))
}

/// The automaton of all the stored sequences, made from them by the build
/// script (`build.rs`, with this module's [`automaton::matcher`]), as
/// `u32`s in the target's byte order. Making it took every process 4–5 ms
/// of CPU on its first search (`npuzzle solve` of a solved 8-puzzle: 6.0 ms
/// of CPU in all, 1.4 ms with the table read in place); read in place, it
/// costs the pages a search touches. A test checks it against the
/// construction.
/// Not in a WebAssembly build for the browser: there the table's 1.3 MB
/// would be most of the download, and the 4–5 ms construction is cheaper.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
static BUILT_STORED: &Aligned<[u8]> = &Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/duplicates14.bin")));

/// How many sequences [`BUILT_STORED`] cuts.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
const BUILT_STORED_CUT: usize = include!(concat!(env!("OUT_DIR"), "/duplicates14_cut.txt"));

/// Bytes aligned for reading as `u32`s in place.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[repr(C, align(16))]
struct Aligned<B: ?Sized>(B);

/// The automaton cutting the stored sequences of up to `max_len` moves and
/// their number: read from the binary for all of them, made on first use
/// (and kept for the process) for fewer.
fn automaton_of(max_len: usize) -> (&'static [[u32; 4]], usize) {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    if max_len == STORED_LEN {
        // The bytes are aligned and a whole number of states: this cannot fail, but would only cost time if it did.
        if let Ok(next) = <[[u32; 4]]>::ref_from_bytes(&BUILT_STORED.0) {
            return (next, BUILT_STORED_CUT);
        }
    }
    static MADE: [OnceLock<(Vec<[u32; 4]>, usize)>; MAX_LEN + 1] = [const { OnceLock::new() }; MAX_LEN + 1];
    let (next, cut) = MADE[max_len].get_or_init(|| automaton::matcher(stored_cut_sequences(max_len)));
    (next, *cut)
}

/// Whether box `inner` lies within box `outer`.
#[cfg(test)]
fn within(inner: [i32; 4], outer: [i32; 4]) -> bool {
    inner[0] >= outer[0] && inner[1] <= outer[1] && inner[2] >= outer[2] && inner[3] <= outer[3]
}

/// The effects of the sequences kept so far, each with the boxes of their
/// paths (one allocation for all, not one per effect).
#[cfg(test)]
#[derive(Default)]
struct Seen {
    /// First entry in `boxes` of each effect.
    heads: FxHashMap<Key, u32>,
    /// A box and the index of the next box of the same effect (`u32::MAX`: none).
    boxes: Vec<([i32; 4], u32)>,
}

#[cfg(test)]
impl Seen {
    /// Records a sequence doing `key` within `bbox`, unless an earlier one
    /// did it within that box: then `false`, and the sequence is a duplicate.
    fn insert(&mut self, key: Key, bbox: [i32; 4]) -> bool {
        let new = self.boxes.len() as u32;
        match self.heads.entry(key) {
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(new);
            }
            std::collections::hash_map::Entry::Occupied(mut e) => {
                let mut i = *e.get();
                while i != u32::MAX {
                    let (b, next) = self.boxes[i as usize];
                    if within(b, bbox) {
                        return false;
                    }
                    i = next;
                }
                let head = e.insert(new);
                self.boxes.push((bbox, head));
                return true;
            }
        }
        self.boxes.push((bbox, u32::MAX));
        true
    }
}

impl DuplicateFilter {
    /// The automaton cutting every duplicate sequence of up to `max_len`
    /// moves (at least 2: the reverse of the previous move). Its table is
    /// the process's one for that length: read from the binary for
    /// [`MAX_LEN`], made on first use for fewer (under a millisecond of CPU
    /// for 12 moves).
    pub fn new(max_len: usize) -> DuplicateFilter {
        let max_len = max_len.clamp(2, MAX_LEN);
        let (next, cut) = automaton_of(max_len);
        DuplicateFilter { next, max_len, cut }
    }

    /// The state at the root of a search.
    #[inline(always)]
    pub fn start(&self) -> u32 {
        0
    }

    /// The state after `mv`, or `None` when `mv` ends a cut sequence.
    #[inline(always)]
    pub fn step(&self, state: u32, mv: Move) -> Option<u32> {
        let next = self.step_index(state, mv.index());
        (next != DEAD).then_some(next)
    }

    /// [`step`](Self::step) by move index, `u32::MAX` for a cut move.
    #[inline(always)]
    pub(crate) fn step_index(&self, state: u32, mv: usize) -> u32 {
        self.next[state as usize][mv & 3]
    }

    /// The filter for `max_len`, made on first use and shared by every
    /// search of the process (see [`new`](Self::new)).
    pub fn shared(max_len: usize) -> &'static DuplicateFilter {
        static FILTERS: [OnceLock<DuplicateFilter>; MAX_LEN + 1] = [const { OnceLock::new() }; MAX_LEN + 1];
        let max_len = max_len.clamp(2, MAX_LEN);
        FILTERS[max_len].get_or_init(|| DuplicateFilter::new(max_len))
    }

    /// Whether no move of `moves` (letters `u d l r`; others are skipped)
    /// is cut.
    pub fn accepts(&self, moves: &str) -> bool {
        let mut state = self.start();
        for c in moves.chars() {
            let Some(&mv) = Move::ALL.iter().find(|m| m.as_char() == c) else {
                continue;
            };
            match self.step(state, mv) {
                Some(next) => state = next,
                None => return false,
            }
        }
        true
    }

    /// The longest sequence looked at.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// The number of cut sequences in the automaton and its number of states.
    pub fn size(&self) -> (usize, usize) {
        (self.cut, self.next.len())
    }

    /// The cut sequences (as move indices) none of whose proper parts is cut,
    /// shortest first.
    ///
    /// Round `n` walks every sequence of `n` moves with no cut part, in order
    /// (depth first, moves in `u d l r` order, through the automaton of the
    /// sequences cut so far), so each is met after every earlier one.
    #[cfg(test)]
    fn cut_sequences(max_len: usize) -> Vec<Vec<u8>> {
        let mut seen = Seen::default();
        let mut grid = Grid::new(max_len);
        let (key, bbox) = grid.effect();
        seen.insert(key, bbox);
        let mut cut: Vec<Vec<u8>> = Vec::new();
        for n in 1..=max_len {
            let (cutting, _) = automaton::matcher(cut.iter().map(|s| s.iter().copied()));
            let mut found = Vec::new();
            let mut moves = Vec::with_capacity(n);
            Self::walk(&cutting, 0, n, &mut grid, &mut moves, &mut seen, &mut found);
            cut.extend(found);
        }
        cut
    }

    /// Depth-first through the sequences with no cut part, to `left` more
    /// moves; at the end, cuts or keeps the sequence.
    #[cfg(test)]
    fn walk(
        automaton: &[[u32; 4]],
        state: u32,
        left: usize,
        grid: &mut Grid,
        moves: &mut Vec<u8>,
        seen: &mut Seen,
        found: &mut Vec<Vec<u8>>,
    ) {
        if left == 0 {
            let (key, bbox) = grid.effect();
            if !seen.insert(key, bbox) {
                found.push(moves.clone());
            }
            return;
        }
        for m in 0..4u8 {
            let next = automaton[state as usize][usize::from(m)];
            if next == DEAD {
                continue;
            }
            grid.play(m);
            moves.push(m);
            Self::walk(automaton, next, left - 1, grid, moves, seen, found);
            moves.pop();
            grid.take_back();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;
    use crate::board::Shape;
    use crate::packed;

    #[test]
    fn counts_of_cut_sequences_and_a_few_of_them() {
        // Cut sequences with no cut part, by longest length: the 4 reverse
        // moves, 4 more of 6 moves, 32 of 8.
        let sizes: Vec<usize> = [2, 4, 6, 8].map(|n| DuplicateFilter::new(n).size().0).into();
        assert_eq!(sizes, [4, 4, 8, 40]);
        let f = DuplicateFilter::new(8);
        for cut in ["ud", "du", "lr", "rl", "lurdlu", "rdlurd", "dlururdl"] {
            assert!(!f.accepts(cut), "{cut}");
        }
        for kept in ["u", "uldrul", "urdlur", "uuuu", "lurdl", "ruldr"] {
            assert!(f.accepts(kept), "{kept}");
        }
        assert_eq!(DuplicateFilter::new(1).max_len(), 2);
        assert_eq!(DuplicateFilter::new(99).max_len(), MAX_LEN);
    }

    /// The sequences as text: each length on lines of its own, at most 99
    /// characters long.
    fn as_text(cut: &[Vec<u8>]) -> String {
        let mut text = String::new();
        let mut line = 0;
        for (i, s) in cut.iter().enumerate() {
            if i > 0 {
                if cut[i - 1].len() == s.len() && line + 1 + s.len() < 100 {
                    text.push(' ');
                    line += 1;
                } else {
                    text.push('\n');
                    line = 0;
                }
            }
            text.extend(s.iter().map(|&m| Move::ALL[usize::from(m)].as_char()));
            line += s.len();
        }
        text.push('\n');
        text
    }

    #[test]
    fn the_stored_sequences_are_the_enumerated_ones() {
        let found = DuplicateFilter::cut_sequences(STORED_LEN);
        assert!(
            as_text(&found) == STORED,
            "data/duplicates_cut14.txt is stale: rewrite it with \
             `cargo test -p npuzzle --lib duplicates::tests::write_the_stored_sequences -- --ignored`"
        );
        // The library reads the packed copy: the same sequences, in the same order.
        let packed: Vec<Vec<u8>> = stored_cut_sequences(STORED_LEN).map(Iterator::collect).collect();
        assert!(packed == found, "the packed sequences (build.rs) differ from the text");
        // Shorter filters read a prefix of the list: the same sequences as
        // their own enumeration (checked up to 10 moves; longer ones take
        // seconds each).
        for len in 2..=10 {
            let stored: Vec<Vec<u8>> = stored_cut_sequences(len).map(Iterator::collect).collect();
            assert_eq!(stored, DuplicateFilter::cut_sequences(len), "{len}");
        }
    }

    #[test]
    fn the_table_in_the_binary_is_the_one_made_from_the_stored_sequences() {
        // The build script made it: read in place, it must be what the
        // construction gives now, byte order included.
        let read = <[[u32; 4]]>::ref_from_bytes(&BUILT_STORED.0).expect("aligned, whole states");
        let (made, cut) = automaton::matcher(stored_cut_sequences(STORED_LEN));
        assert!(
            read == made.as_slice(),
            "the table in the binary differs from the construction"
        );
        assert_eq!(BUILT_STORED_CUT, cut);
        // And the filter of that length uses it, not a copy.
        let filter = DuplicateFilter::new(STORED_LEN);
        assert!(std::ptr::eq(filter.next, read));
        assert_eq!(filter.size(), (18_700, 85_192));
    }

    #[test]
    #[ignore = "rewrites data/duplicates_cut14.txt"]
    fn write_the_stored_sequences() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/duplicates_cut14.txt");
        std::fs::write(path, as_text(&DuplicateFilter::cut_sequences(STORED_LEN))).unwrap();
    }

    #[test]
    fn the_filter_is_its_cut_sequences() {
        // Every cut sequence is rejected at its last move and nowhere before,
        // and the automaton's verdict on every sequence of up to 8 moves
        // equals "has a cut part".
        let cut = DuplicateFilter::cut_sequences(8);
        let f = DuplicateFilter::new(8);
        let text = |s: &[u8]| {
            s.iter()
                .map(|&m| Move::ALL[usize::from(m)].as_char())
                .collect::<String>()
        };
        for s in &cut {
            assert!(!f.accepts(&text(s)));
            assert!(f.accepts(&text(&s[..s.len() - 1])));
        }
        let mut all: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..8 {
            all = all
                .iter()
                .flat_map(|s| (0..4u8).map(move |m| [s.as_slice(), &[m]].concat()))
                .collect();
            for s in &all {
                let has_cut_part = (0..s.len()).any(|i| (i + 1..=s.len()).any(|j| cut.contains(&s[i..j].to_vec())));
                assert_eq!(f.accepts(&text(s)), !has_cut_part, "{}", text(s));
            }
        }
    }

    /// Checks that from `start`, every board reachable on `shape` is reached
    /// at its breadth-first distance by a path the filter accepts.
    fn keeps_a_shortest_path_to_every_board(shape: Shape, start: &[u8], filter: &DuplicateFilter) {
        let step =
            |(b, blank): (u64, usize), mv: Move| shape.step(blank, mv).map(|to| (packed::slide(b, blank, to), to));
        let blank = start.iter().position(|&t| t == 0).unwrap();
        let root = (packed::pack(start), blank);
        // Plain breadth-first search: the boards at each distance.
        let mut seen = HashSet::from([root.0]);
        let mut layers = vec![vec![root]];
        loop {
            let mut next = Vec::new();
            for &node in layers.last().unwrap() {
                for mv in Move::ALL {
                    if let Some(child) = step(node, mv) {
                        if seen.insert(child.0) {
                            next.push(child);
                        }
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            layers.push(next);
        }
        let distance: HashMap<u64, usize> = layers
            .iter()
            .enumerate()
            .flat_map(|(d, layer)| layer.iter().map(move |n| (n.0, d)))
            .collect();
        // The same, through the filter, keeping only shortest paths.
        let mut frontier: HashSet<((u64, usize), u32)> = HashSet::from([(root, filter.start())]);
        for (d, layer) in layers.iter().enumerate().skip(1) {
            let mut next = HashSet::new();
            for &(node, state) in &frontier {
                for mv in Move::ALL {
                    let (Some(child), Some(s)) = (step(node, mv), filter.step(state, mv)) else {
                        continue;
                    };
                    if distance[&child.0] == d {
                        next.insert((child, s));
                    }
                }
            }
            let reached: HashSet<u64> = next.iter().map(|(n, _)| n.0).collect();
            assert_eq!(
                reached.len(),
                layer.len(),
                "{shape}, filter of {} moves: boards at distance {d} lost",
                filter.max_len()
            );
            frontier = next;
        }
    }

    #[test]
    fn a_shortest_path_to_every_board_survives_on_small_boards() {
        // Every start cell of the blank (corner, edge, middle): the edges are
        // where a sequence's stand-in could leave the board.
        let filter = DuplicateFilter::shared(DEFAULT_LEN);
        for (w, h) in [(3, 3), (2, 4), (4, 2), (2, 5), (5, 2)] {
            let shape = Shape::new(w, h).unwrap();
            let blanks = if shape.cells() <= 9 { 0..shape.cells() } else { 0..1 };
            for blank in blanks {
                let mut start: Vec<u8> = (1..shape.cells() as u8).collect();
                start.insert(blank, 0);
                keeps_a_shortest_path_to_every_board(shape, &start, filter);
            }
        }
    }

    #[test]
    fn a_shortest_path_survives_the_longer_filters_too() {
        let shape = Shape::new(3, 3).unwrap();
        for len in [6, 8, 12, 14] {
            let filter = DuplicateFilter::shared(len);
            for blank in [0, 1, 4] {
                let mut start: Vec<u8> = (1..9).collect();
                start.insert(blank, 0);
                keeps_a_shortest_path_to_every_board(shape, &start, filter);
            }
        }
    }
}
