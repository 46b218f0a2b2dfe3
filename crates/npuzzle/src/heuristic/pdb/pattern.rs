//! One pattern's database: the index of a placement of its tiles, and the
//! packed table of values.

use std::fmt;
use std::sync::Arc;

use super::compact::MainRegion;
use super::regions::Flood;
use crate::board::Shape;
use crate::goal::Goal;

/// Most cells a board with pattern databases may have (placements are bit
/// masks, and the build keeps two bits a cell in one 64-bit word).
pub const MAX_PDB_CELLS: usize = 32;

/// Where a table's bytes live: built in memory, or in a mapped file.
#[derive(Clone)]
pub(crate) enum Table {
    Owned(Arc<Vec<u8>>),
    Mapped {
        map: Arc<memmap2::Mmap>,
        start: usize,
        len: usize,
    },
}

impl Table {
    #[inline(always)]
    pub(crate) fn bytes(&self) -> &[u8] {
        match self {
            Table::Owned(v) => v,
            Table::Mapped { map, start, len } => &map[*start..*start + *len],
        }
    }
}

/// The database of one pattern: for every placement of the pattern's `k`
/// tiles on the board, the fewest moves *of pattern tiles* that bring them
/// home, with the blank anywhere.
///
/// **Index.** A placement is the list of cells of the pattern's tiles (in
/// the order of [`PatternDatabase::tiles`]), read as a `k`-permutation of the
/// `N` cells and ranked in lexicographic order: `N!/(N-k)!` indices.
///
/// **Zero-aware tables** ([`PdbSpec::with_zero_aware`](super::PdbSpec::with_zero_aware))
/// keep [`PatternDatabase::regions`] entries per placement, one for each
/// region of the cells the pattern's tiles leave free, numbered in the
/// order of their lowest cells: the fewest pattern moves with the blank
/// starting in that region. Entry `index × regions + region`
/// ([`PatternDatabase::entry_index`]); [`PatternDatabase::moves_at`] reads
/// it for a given blank cell. Moves of the blank within its region are
/// free, so the value is the same wherever in the region it is; the least
/// over the regions is the classic value.
///
/// **Compact zero-aware tables** ([`TableKind::Compact`](super::TableKind::Compact))
/// keep one byte per placement: in the low nibble the zero-aware value of
/// the placement's *main* region (the one holding the first free cell at or
/// after the goal's blank cell), in the high nibble the least value over
/// its other regions. [`PatternDatabase::value_at`] reads the low one when
/// the blank is in the main region, else the high one; when the two are
/// equal (a placement of one region, most of them) it needs no flood fill.
/// See the `compact` module for why this stays admissible.
///
/// **Values.** Every move of a pattern tile changes the pattern's Manhattan
/// distance by one, so the true count `D` is the Manhattan distance `M` plus
/// an even excess. The table stores `(D - M) / 2`, which fits in 4 bits for
/// every pattern of the 15- and 24-puzzle partitions (8 bits are used when it
/// does not), and [`PatternDatabase::moves`] gives back `M + 2 × value`.
///
/// ```
/// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
/// use npuzzle::{Board, Goal};
/// let goal = Goal::standard("3x3".parse()?);
/// let spec = PdbSpec::parse(&goal, "1,2,3,4")?;
/// let pdb = AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?;
/// let db = &pdb.patterns()[0];
/// assert_eq!(db.tiles(), &[1, 2, 3, 4]);
/// // Tiles 1 and 2 swapped, 3 and 4 at home: 2 by Manhattan, and a
/// // detour of 2 more since two tiles cannot pass in a row.
/// let b: Board = "2 1 3 4 5 6 7 8 x".parse()?;
/// let positions = [1, 0, 2, 3];
/// assert_eq!(db.manhattan(&positions), 2);
/// assert!(db.moves(&positions) >= 4);
/// assert_eq!(db.moves(&positions), db.manhattan(&positions) + 2 * u32::from(db.value(db.index(&positions))));
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Clone)]
pub struct PatternDatabase {
    tiles: Vec<u8>,
    cells: usize,
    /// `weights[i]`: the place value of digit `i` in the mixed-radix index.
    weights: Vec<u64>,
    /// `home_distance[j * cells + p]`: Manhattan distance of tile `tiles[j]` at cell `p`.
    home_distance: Vec<u8>,
    bits: u8,
    /// Entries per placement: 1, or the most regions for a zero-aware table.
    regions: u32,
    /// For a compact zero-aware table, where its main regions are.
    compact: Option<MainRegion>,
    flood: Flood,
    table: Table,
}

impl fmt::Debug for PatternDatabase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDatabase")
            .field("tiles", &self.tiles)
            .field("entries", &self.entries())
            .field("bits", &self.bits)
            .field("regions", &self.regions)
            .field("compact", &self.compact.is_some())
            .finish_non_exhaustive()
    }
}

/// `n!/(n-k)!`, the number of placements of `k` tiles on `n` cells
/// (saturating at `u64::MAX`).
///
/// ```
/// use npuzzle::heuristic::pdb::placements;
/// assert_eq!(placements(16, 8), 518_918_400);
/// assert_eq!(placements(25, 6), 127_512_000);
/// ```
pub fn placements(cells: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(cells.saturating_sub(i) as u64))
}

/// The place values of the index digits of a `k`-permutation of `cells` cells.
pub(crate) fn weights(cells: usize, k: usize) -> Vec<u64> {
    (0..k).map(|i| placements(cells - 1 - i, k - 1 - i)).collect()
}

/// Rank of a placement (distinct cells, each `< 64`) with the given place values.
#[inline(always)]
pub(crate) fn rank(positions: &[u8], weights: &[u64]) -> u64 {
    let mut seen = 0u64;
    let mut index = 0u64;
    for (&p, &w) in positions.iter().zip(weights) {
        let below = (seen & ((1u64 << p) - 1)).count_ones();
        index += u64::from(u32::from(p) - below) * w;
        seen |= 1u64 << p;
    }
    index
}

/// Inverse of [`rank`]: writes the placement with `index` into `out` (as long as `weights`).
#[inline]
pub(crate) fn unrank(mut index: u64, cells: usize, weights: &[u64], out: &mut [u8]) {
    let mut unused = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
    for (slot, &w) in out.iter_mut().zip(weights) {
        let digit = index / w;
        index -= digit * w;
        let p = crate::rank::select(unused, digit as u32);
        *slot = p as u8;
        unused &= !(1u64 << p);
    }
}

/// Manhattan distances of each pattern tile from its goal cell, `[j * cells + p]`.
pub(crate) fn home_distances(shape: Shape, goal: &Goal, tiles: &[u8]) -> Vec<u8> {
    let cells = shape.cells();
    let mut d = vec![0u8; tiles.len() * cells];
    for (j, &t) in tiles.iter().enumerate() {
        let home = goal.position_of(t);
        for p in 0..cells {
            d[j * cells + p] = shape.distance(home, p) as u8;
        }
    }
    d
}

impl PatternDatabase {
    pub(crate) fn new(
        shape: Shape,
        goal: &Goal,
        tiles: Vec<u8>,
        bits: u8,
        regions: u32,
        compact: bool,
        table: Table,
    ) -> PatternDatabase {
        let cells = shape.cells();
        let compact = compact.then(|| MainRegion::new(shape, goal.position_of(0)));
        PatternDatabase {
            weights: weights(cells, tiles.len()),
            home_distance: home_distances(shape, goal, &tiles),
            cells,
            tiles,
            bits,
            regions,
            compact,
            flood: Flood::new(shape),
            table,
        }
    }

    /// The pattern's tiles, in the order positions are given in.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// Number of entries: `N!/(N-k)!` placements, times
    /// [`PatternDatabase::regions`].
    pub fn entries(&self) -> u64 {
        self.placements().saturating_mul(u64::from(self.regions))
    }

    /// Number of placements: `N!/(N-k)!`.
    pub fn placements(&self) -> u64 {
        placements(self.cells, self.tiles.len())
    }

    /// Entries per placement: 1 for a classic table; for a zero-aware one,
    /// the most regions of free cells any placement leaves.
    pub fn regions(&self) -> u32 {
        self.regions
    }

    /// Whether the values depend on the blank's region: a zero-aware
    /// table, compact or not.
    pub fn is_zero_aware(&self) -> bool {
        self.regions > 1 || self.compact.is_some()
    }

    /// Whether the table is compact zero-aware: one byte per placement, the
    /// values of its main region and of the others.
    pub fn is_compact(&self) -> bool {
        self.compact.is_some()
    }

    /// Where a compact table's main regions are.
    pub(crate) fn main_region(&self) -> Option<&MainRegion> {
        self.compact.as_ref()
    }

    /// The number of the region of free cells that holds the blank at
    /// `blank` (not a cell of `positions`), the regions numbered in the order
    /// of their lowest cells; 0 for a classic or compact table.
    #[inline]
    pub fn region(&self, positions: &[u8], blank: u8) -> u32 {
        if self.regions == 1 {
            return 0;
        }
        let occupied = positions.iter().fold(0u64, |m, &p| m | 1 << p);
        self.flood.number_at(usize::from(blank), self.flood.all & !occupied)
    }

    /// The entry of placement `index` with the blank in region `region`.
    #[inline]
    pub fn entry_index(&self, index: u64, region: u32) -> u64 {
        index * u64::from(self.regions) + u64::from(region)
    }

    /// Bits per entry: 4 or 8.
    pub fn bits(&self) -> u8 {
        self.bits
    }

    /// The packed table: two entries a byte (low nibble first) at 4 bits, one at 8.
    pub fn table(&self) -> &[u8] {
        self.table.bytes()
    }

    /// The index of a placement: `positions[j]` is the cell of `tiles()[j]`.
    #[inline]
    pub fn index(&self, positions: &[u8]) -> u64 {
        debug_assert_eq!(positions.len(), self.tiles.len());
        rank(positions, &self.weights)
    }

    /// The index after the tile in slot `slot` moves to the free cell `to`,
    /// from the index and positions before the move, without ranking again
    /// (only tiles between the two cells are looked at).
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
    /// use npuzzle::Goal;
    /// let spec = PdbSpec::parse(&Goal::standard("3x3".parse()?), "1,2,3")?;
    /// let pdb = AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?;
    /// let db = &pdb.patterns()[0];
    /// let mut positions = [4, 0, 8];
    /// let before = db.index(&positions);
    /// let after = db.index_after_move(before, &positions, 2, 5); // tile 3 goes up
    /// positions[2] = 5;
    /// assert_eq!(after, db.index(&positions));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    #[inline]
    pub fn index_after_move(&self, index: u64, positions: &[u8], slot: usize, to: u8) -> u64 {
        let from = positions[slot];
        let (low, high, sign) = if to > from { (from, to, 1i64) } else { (to, from, -1i64) };
        let mut digit = i64::from(to) - i64::from(from);
        let mut delta = 0i64;
        for (l, &p) in positions.iter().enumerate() {
            if p > low && p < high {
                if l < slot {
                    digit -= sign;
                } else {
                    delta += sign * self.weights[l] as i64;
                }
            }
        }
        index.wrapping_add_signed(delta + digit * self.weights[slot] as i64)
    }

    /// The placement with index `index`, written into `positions` (one cell per pattern tile).
    pub fn placement(&self, index: u64, positions: &mut [u8]) {
        unrank(index, self.cells, &self.weights, positions);
    }

    /// The stored value of entry `index` (see [`PatternDatabase::entry_index`]):
    /// half the moves beyond the pattern's Manhattan distance (for a compact
    /// table, the byte of both values: [`PatternDatabase::value_at`] picks one).
    #[inline]
    pub fn value(&self, index: u64) -> u8 {
        entry(self.table.bytes(), self.bits, index)
    }

    /// The stored value for placement `index` (of the cells `positions`)
    /// with the blank at `blank` (a cell not in `positions`): for a
    /// zero-aware table the entry of the blank's region, for a compact one
    /// the value of the main region or of the others, for a classic one the
    /// placement's entry.
    #[inline]
    pub fn value_at(&self, index: u64, positions: &[u8], blank: u8) -> u8 {
        match &self.compact {
            Some(main) => {
                let occupied = positions.iter().fold(0u64, |m, &p| m | 1 << p);
                main.value(self.value(index), 1 << blank, self.flood.all & !occupied)
            }
            None => self.value(self.entry_index(index, self.region(positions, blank))),
        }
    }

    /// The Manhattan distance of the pattern's tiles at `positions`.
    #[inline]
    pub fn manhattan(&self, positions: &[u8]) -> u32 {
        positions
            .iter()
            .enumerate()
            .map(|(j, &p)| u32::from(self.home_distance[j * self.cells + usize::from(p)]))
            .sum()
    }

    /// The fewest moves of pattern tiles that bring the pattern home from
    /// `positions`, wherever the blank is (for a zero-aware table, the least
    /// over the regions).
    #[inline]
    pub fn moves(&self, positions: &[u8]) -> u32 {
        let first = self.entry_index(self.index(positions), 0);
        let least = if self.compact.is_some() {
            let byte = self.value(first);
            (byte & 0xf).min(byte >> 4)
        } else {
            (first..first + u64::from(self.regions))
                .map(|i| self.value(i))
                .min()
                .unwrap_or(0)
        };
        self.manhattan(positions) + 2 * u32::from(least)
    }

    /// The fewest moves of pattern tiles that bring the pattern home from
    /// `positions` with the blank at `blank`: for a zero-aware table, read
    /// for the blank's region (see [`PatternDatabase::value_at`]); for a
    /// classic one, [`PatternDatabase::moves`].
    #[inline]
    pub fn moves_at(&self, positions: &[u8], blank: u8) -> u32 {
        let value = self.value_at(self.index(positions), positions, blank);
        self.manhattan(positions) + 2 * u32::from(value)
    }
}

/// Entry `index` of a packed table with `bits` (4 or 8) bits an entry.
///
/// ```
/// use npuzzle::heuristic::pdb::entry;
/// let table = [0x21, 0x43];
/// assert_eq!([0, 1, 2, 3].map(|i| entry(&table, 4, i)), [1, 2, 3, 4]);
/// assert_eq!(entry(&table, 8, 1), 0x43);
/// ```
#[inline(always)]
pub fn entry(table: &[u8], bits: u8, index: u64) -> u8 {
    if bits == 4 {
        (table[(index >> 1) as usize] >> ((index & 1) * 4)) & 0xf
    } else {
        table[index as usize]
    }
}

/// Packs one-byte values (each ≤ 15) two to a byte, low nibble first.
pub(crate) fn pack_nibbles(values: &[u8]) -> Vec<u8> {
    values
        .chunks(2)
        .map(|pair| pair[0] | pair.get(1).map_or(0, |&hi| hi << 4))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_a_bijection_onto_placements() {
        for (cells, k) in [(9, 3), (8, 7), (16, 2), (6, 1), (4, 4)] {
            let w = weights(cells, k);
            let total = placements(cells, k);
            let mut pos = vec![0u8; k];
            for i in 0..total {
                unrank(i, cells, &w, &mut pos);
                let mut sorted = pos.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), k);
                assert!(pos.iter().all(|&p| usize::from(p) < cells));
                assert_eq!(rank(&pos, &w), i);
            }
        }
    }

    #[test]
    fn index_is_lexicographic() {
        let w = weights(5, 2);
        let mut all = Vec::new();
        for a in 0..5u8 {
            for b in (0..5u8).filter(|&b| b != a) {
                all.push(rank(&[a, b], &w));
            }
        }
        assert_eq!(all, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn nibbles_pack_low_first() {
        let packed = pack_nibbles(&[1, 2, 3, 4, 5]);
        assert_eq!(packed, [0x21, 0x43, 0x05]);
        assert_eq!(
            (0..5).map(|i| entry(&packed, 4, i)).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5]
        );
    }
}
