//! A transposition table for the weighted IDA* walk: the boards the current
//! iteration expanded, each with the fewest moves it was reached by.
//!
//! IDA* searches a tree, and a sliding-tile board is reached along many
//! paths. A board the iteration already expanded by `g'` moves, reached
//! again by `g ≥ g'`, has nothing new below it: every node under it has an
//! f at least as large as under the first visit (the same estimates, more
//! moves), so every path, cut and next bound it could give was given
//! there. When the first visit is still on the path (a cycle), the second
//! can only lengthen a path. It is cut. So an iteration ends with the same
//! bound and finds a path exactly when it would without the table, and the
//! path it finds first is the one it would find first, unless that one
//! passes a board twice: the guarantees of the walk (the factor, the lower
//! bound, the proof that no path is shorter) all hold.
//!
//! A board's key is the cells of its tiles `1 … N-1`, five bits each, so
//! up to 25 cells fit in 120 bits and no two boards share a key; a move
//! changes one tile's five bits. The fewest moves take the top eight bits
//! (a board reached by [`MOST_MOVES`] or more is never kept). The packed
//! boards of the searches that keep many (`state::Wide`, a tile per cell)
//! take 125 bits and a few operations a move, so they are not reused here. Four slots
//! share a cache line; a board whose line is full replaces the slot
//! reached by the most moves, if that is more than its own (boards near
//! the root cut the larger subtrees). A table's size is fixed; a new
//! iteration clears it.

/// The most cells a key holds.
const MAX_CELLS: usize = 25;

/// The fewest cells of a board whose walk keeps a table: the 3×3 searches
/// (the last square of `greedy`, microseconds each) are left without one.
const MIN_CELLS: usize = 16;

/// Boards reached by this many moves or more are not kept.
const MOST_MOVES: u32 = 255;

/// The slots of the smallest table.
const MIN_SLOTS_LOG2: u32 = 10;

/// The slots of the largest table (512 KiB). On Korf & Felner's 24-puzzles
/// (`--within 1.5`) 2^15 and 2^16 slots cut the same time; 2^14 less.
const MAX_SLOTS_LOG2: u32 = 15;

/// Where the fewest moves sit in a slot.
const MOVES_SHIFT: u32 = 120;

/// The bits of a slot that hold the key.
const KEY_MASK: u128 = (1 << MOVES_SHIFT) - 1;

/// Four slots, one cache line. An empty slot is 0: no board has every tile
/// on cell 0.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(64))]
struct Line([u128; 4]);

/// The boards expanded in the current iteration (see the module documentation).
#[derive(Debug)]
pub(crate) struct Transpositions {
    lines: Vec<Line>,
    mask: usize,
}

impl Transpositions {
    /// A table for a walk of boards of `N` cells that expands at most
    /// `nodes` nodes (twice as many slots, within bounds), if such boards
    /// are worth one.
    pub(crate) fn for_walk<const N: usize>(nodes: u64) -> Option<Transpositions> {
        if !(MIN_CELLS..=MAX_CELLS).contains(&N) {
            return None;
        }
        let wanted = nodes.saturating_mul(2).max(2);
        let log2 = (u64::BITS - (wanted - 1).leading_zeros()).clamp(MIN_SLOTS_LOG2, MAX_SLOTS_LOG2);
        let lines = vec![Line::default(); 1 << (log2 - 2)];
        Some(Transpositions {
            mask: lines.len() - 1,
            lines,
        })
    }

    /// The key of `tiles` (`0` the blank, the others `1 … N-1`), if it has one.
    pub(crate) fn key<const N: usize>(tiles: &[u8; N]) -> Option<u128> {
        if N > MAX_CELLS || tiles.iter().any(|&t| usize::from(t) >= N) {
            return None;
        }
        Some(tiles.iter().enumerate().fold(0, |key, (cell, &tile)| match tile {
            0 => key,
            _ => key | (cell as u128) << Self::shift(tile),
        }))
    }

    /// The key once `tile` has moved from cell `from` to cell `to`.
    #[inline(always)]
    pub(crate) fn moved(key: u128, tile: u8, from: usize, to: usize) -> u128 {
        key ^ ((from ^ to) as u128) << Self::shift(tile)
    }

    /// Where the cell of `tile` (not the blank) sits in a key.
    #[inline(always)]
    fn shift(tile: u8) -> u32 {
        5 * u32::from(tile.wrapping_sub(1) & 31)
    }

    /// Forgets every board: a new iteration begins.
    pub(crate) fn clear(&mut self) {
        self.lines.fill(Line::default());
    }

    #[inline(always)]
    fn line(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64);
        (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask
    }

    /// Asks the processor for the line of `key`, a child about to be
    /// searched: on Korf & Felner's #10 (`--within 1.5`) 89–98 ms with it
    /// against 127–138 without.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u128) {
        #[cfg(target_arch = "x86_64")]
        if let Some(line) = self.lines.get(self.line(key)) {
            // SAFETY: a prefetch is a hint with no effect on memory or on the
            // program's state, and the address is of a line of the table.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>((line as *const Line).cast())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// True when the board `key` was expanded in this iteration by at most
    /// `moves` (cut it); otherwise it is kept as reached by `moves`.
    #[inline(always)]
    pub(crate) fn seen(&mut self, key: u128, moves: u32) -> bool {
        if moves >= MOST_MOVES {
            return false;
        }
        let at = self.line(key);
        let slots = &mut self.lines[at].0;
        let entry = key | u128::from(moves) << MOVES_SHIFT;
        // The slot to replace: empty, else reached by the most moves.
        let (mut worst, mut worst_moves) = (0, 0);
        for (i, slot) in slots.iter_mut().enumerate() {
            if *slot & KEY_MASK == key && *slot != 0 {
                if (*slot >> MOVES_SHIFT) as u32 <= moves {
                    return true;
                }
                *slot = entry;
                return false;
            }
            let slot_moves = if *slot == 0 {
                MOST_MOVES
            } else {
                (*slot >> MOVES_SHIFT) as u32
            };
            if slot_moves > worst_moves {
                (worst, worst_moves) = (i, slot_moves);
            }
        }
        if worst_moves > moves {
            slots[worst] = entry;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;

    fn key(tiles: &[u8; 25]) -> u128 {
        Transpositions::key(tiles).unwrap()
    }

    fn goal() -> [u8; 25] {
        std::array::from_fn(|i| i as u8)
    }

    #[test]
    fn a_key_steps_with_each_move_and_tells_boards_apart() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
        let mut tiles = goal();
        let mut stepped = key(&tiles);
        let mut keys = std::collections::HashMap::new();
        for _ in 0..20_000 {
            let blank = tiles.iter().position(|&t| t == 0).unwrap();
            let (r, c) = (blank / 5, blank % 5);
            let to = match rng.random_range(0..4) {
                0 if r > 0 => blank - 5,
                1 if r < 4 => blank + 5,
                2 if c > 0 => blank - 1,
                3 if c < 4 => blank + 1,
                _ => continue,
            };
            let tile = tiles[to];
            tiles.swap(blank, to);
            stepped = Transpositions::moved(stepped, tile, to, blank);
            assert_eq!(stepped, key(&tiles));
            assert!(stepped <= KEY_MASK);
            // One board per key.
            assert_eq!(*keys.entry(stepped).or_insert(tiles), tiles);
        }
        assert!(keys.len() > 1_000, "{}", keys.len());
        assert_eq!(Transpositions::key(&[0u8, 1, 2, 3, 4, 5, 6, 7, 9]), None);
    }

    #[test]
    fn a_board_is_cut_when_seen_by_as_few_moves_until_the_table_is_cleared() {
        let mut table = Transpositions::for_walk::<25>(1_000).unwrap();
        let mut tiles = goal();
        tiles.swap(0, 1);
        let (a, b) = (key(&goal()), key(&tiles));
        assert!(!table.seen(a, 7));
        assert!(table.seen(a, 7) && table.seen(a, 9));
        assert!(!table.seen(b, 7), "another board");
        // Reached by fewer moves: searched again, and kept so.
        assert!(!table.seen(a, 5));
        assert!(table.seen(a, 6) && !table.seen(a, 4));
        // Boards reached by the most moves are never kept.
        assert!(!table.seen(b, MOST_MOVES) && !table.seen(b, MOST_MOVES));
        table.clear();
        assert!(!table.seen(a, 9) && !table.seen(b, 9));
    }

    #[test]
    fn a_full_line_keeps_the_boards_reached_by_fewer_moves() {
        let mut table = Transpositions::for_walk::<25>(1).unwrap();
        // Boards of one line, found by trying keys.
        let line = table.line(key(&goal()));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let mut same = Vec::new();
        while same.len() < 5 {
            let mut tiles = goal();
            for i in (1..25).rev() {
                tiles.swap(i, rng.random_range(0..=i));
            }
            if table.line(key(&tiles)) == line {
                same.push(key(&tiles));
            }
        }
        for (moves, &k) in [9, 3, 8, 4].iter().zip(&same) {
            assert!(!table.seen(k, *moves));
        }
        // Full: the fifth board, by 5 moves, replaces the one by 9.
        assert!(!table.seen(same[4], 5));
        assert!(table.seen(same[4], 5));
        assert!(!table.seen(same[0], 9), "replaced");
        // By 20 moves, more than any kept: not kept.
        assert!(!table.seen(same[0], 20) && !table.seen(same[0], 20));
        assert!(table.seen(same[1], 3) && table.seen(same[2], 8) && table.seen(same[3], 4));
    }

    #[test]
    fn small_and_large_boards_get_no_table() {
        assert!(Transpositions::for_walk::<9>(1_000).is_none());
        assert!(Transpositions::for_walk::<36>(1_000).is_none());
        assert_eq!(Transpositions::for_walk::<16>(u64::MAX).unwrap().lines.len(), 1 << 13);
        assert_eq!(Transpositions::for_walk::<16>(100).unwrap().lines.len(), 1 << 8);
    }
}
