//! Breadth-first construction of one pattern database.
//!
//! The search runs backwards from the goal over abstract states: where the
//! pattern's tiles are, and where the blank is; the other tiles are
//! indistinguishable. Moving the blank among the free cells costs nothing and
//! swapping it with a pattern tile costs one, so the states are taken in
//! layers of equal cost, and a layer is closed over free moves as it is
//! reached: when a state is first met, the whole connected region of free
//! cells around its blank is marked at once.
//!
//! Nothing is queued. Each placement of the pattern has one word holding two
//! bits for each place the blank can be (unseen, in the current layer, in the
//! next layer, or done), and a layer is a parallel scan for words with places
//! in the current layer.
//!
//! A place is a cell ([`Layout::Cells`]) or a whole region of free cells
//! ([`Layout::Regions`]). Since regions are closed at once, every cell of a
//! region has the same two bits, so one pair per region says the same: the
//! regions of a placement are numbered in the order of their lowest cells and
//! found from its occupied cells by flood fills on bit masks. On 5×5 no
//! placement of 7 tiles leaves more than 6 regions, so a 16-bit word does for
//! what takes 64 bits a cell: 4.8 GB instead of 19.4 GB for a 7-tile pattern,
//! for a few more flood fills per move.
//!
//! A byte per chunk of placements records which layers it holds, so the
//! early and late layers skip nearly everything. Threads share
//! the words through atomic `fetch_or`, which is safe because within a layer
//! a cell's bits change only from "unseen" to "next layer" (by any thread,
//! all setting the same bits, so racing marks agree) or from "current" to
//! "done" (by the one thread whose chunk holds that placement).
//!
//! The first layer that holds any state of a placement is the fewest
//! pattern moves over all blank cells, which is the database value; the
//! scan of that layer writes it (a placement with no cell done yet).
//!
//! The time goes into random reads of the words of the placements a move
//! leads to (about nine moves per expanded placement; four in five lead to
//! states already seen). The index after a move is found from the index
//! before it with a few additions, the scan walks the indices like an
//! odometer instead of unranking each, and the moves of a placement are
//! all computed before their words are read, so the reads overlap.
//! Transparent huge pages for the words (an anonymous map with
//! `MADV_HUGEPAGE`, which needs `unsafe` to view as atomics) were tried and
//! measured no faster: 172 s against 167 s of CPU for the 8-tile pattern of
//! the 15-puzzle, on a shared machine.

use crate::time::Instant;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

use super::pattern::{home_distances, placements, rank, weights};
pub(crate) use super::regions::max_regions;
use super::regions::Flood;
use crate::board::Shape;
use crate::geometry::Neighbours;
use crate::goal::Goal;
use crate::solution::Cancel;
pub(crate) use values::Built;
use values::{Bytes, Nibbles, PerRegion, Values};

/// Placements per unit of work handed to a thread.
const CHUNK: usize = 1 << 14;

/// What the builder reports while it runs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PatternProgress {
    /// Pattern moves of the layer being expanded.
    pub depth: u32,
    /// Placements reached so far.
    pub reached: u64,
}

/// The two bit planes of every placement: `lo` and `hi` masks over the
/// places of the blank (cells, or regions with [`Planes::REGIONS`]).
trait Planes: Sync {
    /// Whether a place is a region of free cells rather than a cell.
    const REGIONS: bool;
    fn with_len(len: usize) -> Self;
    fn load(&self, i: usize) -> (u64, u64);
    /// Sets bits.
    fn set(&self, i: usize, lo: u64, hi: u64);
}

/// A [`Planes`] over one atomic word per placement, the `lo` plane in its
/// low half and the `hi` plane in its high half.
macro_rules! planes {
    ($(#[$doc:meta])* $name:ident, $atomic:ty, $word:ty, $half:expr, $regions:expr) => {
        $(#[$doc])*
        struct $name(Vec<$atomic>);

        impl Planes for $name {
            const REGIONS: bool = $regions;

            fn with_len(len: usize) -> Self {
                $name((0..len).map(|_| <$atomic>::new(0)).collect())
            }

            #[inline(always)]
            fn load(&self, i: usize) -> (u64, u64) {
                let w = u64::from(self.0[i].load(Relaxed));
                (w & ((1 << $half) - 1), w >> $half)
            }

            #[inline(always)]
            fn set(&self, i: usize, lo: u64, hi: u64) {
                // Both planes fit the word: `lo` and `hi` have bits below `$half` only.
                self.0[i].fetch_or((lo | hi << $half) as $word, Relaxed);
            }
        }
    };
}

planes!(
    /// Boards of up to 16 cells: both planes in a `u32`.
    Planes16, AtomicU32, u32, 16, false
);
planes!(
    /// Boards of up to 32 cells: both planes in a `u64`.
    Planes32, AtomicU64, u64, 32, false
);
planes!(
    /// Up to 8 regions: both planes in a `u16`.
    Regions8, AtomicU16, u16, 8, true
);

/// Most regions a [`Regions8`] word holds.
const MAX_REGIONS: u32 = 8;

/// How the builder keeps the blank's status in each placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Two bits a cell: 4 or 8 bytes a placement, one byte a value.
    Cells,
    /// Two bits a region of free cells: 2 bytes a placement, values packed
    /// at 4 bits as they are found (saturating at 15, still a lower bound).
    Regions,
}

impl Layout {
    /// Regions where the cell words would take more than this many bytes.
    const REGIONS_ABOVE: u64 = 1 << 31;

    /// Cells while their words take at most 2 GiB (the faster scan), else
    /// regions when no placement leaves more than [`MAX_REGIONS`].
    pub(crate) fn choose(shape: Shape, k: usize) -> Layout {
        let word = if shape.cells() <= 16 { 4 } else { 8 };
        let words = placements(shape.cells(), k).saturating_mul(word);
        if words > Layout::REGIONS_ABOVE && max_regions(shape, k) <= MAX_REGIONS {
            Layout::Regions
        } else {
            Layout::Cells
        }
    }

    /// Bytes per placement of the word that marks the blank's places.
    pub(crate) fn word_bytes(self, shape: Shape) -> f64 {
        match self {
            Layout::Cells if shape.cells() <= 16 => 4.0,
            Layout::Cells => 8.0,
            Layout::Regions => 2.0,
        }
    }

    /// Bytes per placement while building: the word and the value.
    pub(crate) fn bytes_per_placement(self, shape: Shape) -> f64 {
        match self {
            Layout::Cells if shape.cells() <= 16 => 5.0,
            Layout::Cells => 9.0,
            Layout::Regions => 2.5,
        }
    }
}

/// Cells whose two bits read `class` (1 or 2: the alternating layer marks).
#[inline(always)]
fn of_class((lo, hi): (u64, u64), class: u8) -> u64 {
    if class == 1 {
        lo & !hi
    } else {
        hi & !lo
    }
}

/// The plane bits that give `cells` the mark `class` (1 or 2).
#[inline(always)]
fn marks(cells: u64, class: u8) -> (u64, u64) {
    if class == 1 {
        (cells, 0)
    } else {
        (0, cells)
    }
}

/// Adjacency of a board as bit masks.
struct Grid {
    flood: Flood,
    neighbors: Vec<u64>,
}

impl Grid {
    fn new(shape: Shape) -> Grid {
        let table = Neighbours::new(shape);
        let neighbors = (0..shape.cells())
            .map(|p| table.moves_from(p).fold(0u64, |m, (_, q)| m | 1 << q))
            .collect();
        Grid {
            flood: Flood::new(shape),
            neighbors,
        }
    }
}

/// Builds the database of `tiles` for `goal` with the layout
/// [`Layout::choose`] picks: the packed table of `(moves - manhattan) / 2`
/// (0 for placements never reached), per placement, or with `zero_aware`
/// per placement and region of the blank (entry `rank × regions + region`);
/// `None` if `cancel` was raised first.
pub(crate) fn build_pattern(
    goal: &Goal,
    tiles: &[u8],
    threads: usize,
    zero_aware: bool,
    cancel: &Cancel,
    report: &mut dyn FnMut(PatternProgress),
) -> Option<Built> {
    build_pattern_with(
        goal,
        tiles,
        threads,
        Layout::choose(goal.shape(), tiles.len()),
        zero_aware,
        cancel,
        report,
    )
}

/// [`build_pattern`] with a given layout (regions need at most
/// [`MAX_REGIONS`] per placement).
pub(crate) fn build_pattern_with(
    goal: &Goal,
    tiles: &[u8],
    threads: usize,
    layout: Layout,
    zero_aware: bool,
    cancel: &Cancel,
    report: &mut dyn FnMut(PatternProgress),
) -> Option<Built> {
    let small = goal.shape().cells() <= 16;
    match (layout, zero_aware) {
        (Layout::Regions, false) => {
            debug_assert!(max_regions(goal.shape(), tiles.len()) <= MAX_REGIONS);
            run::<Regions8, Nibbles>(goal, tiles, threads, cancel, report)
        }
        (Layout::Regions, true) => run::<Regions8, PerRegion>(goal, tiles, threads, cancel, report),
        (Layout::Cells, false) if small => run::<Planes16, Bytes>(goal, tiles, threads, cancel, report),
        (Layout::Cells, false) => run::<Planes32, Bytes>(goal, tiles, threads, cancel, report),
        (Layout::Cells, true) if small => run::<Planes16, PerRegion>(goal, tiles, threads, cancel, report),
        (Layout::Cells, true) => run::<Planes32, PerRegion>(goal, tiles, threads, cancel, report),
    }
}

/// What every thread reads.
struct Search<'a, P, V> {
    grid: Grid,
    cells: usize,
    k: usize,
    entries: usize,
    weights: Vec<u64>,
    distance: Vec<u8>,
    planes: &'a P,
    values: &'a V,
    chunk_marks: &'a [AtomicU8],
}

/// The placements of a scan in index order, each found from the last by
/// counting up in the index's mixed radix: going from one placement to a
/// nearby one changes only the last few digits, so only the last few cells
/// are chosen again, with no division.
struct Odometer {
    cells: usize,
    index: u64,
    /// Digit `i` of the index, in `0..cells - i`.
    digits: Vec<u64>,
    /// `unused[i]`: the cells not taken by tiles `0..i`.
    unused: Vec<u64>,
    positions: Vec<u8>,
}

impl Odometer {
    fn new(cells: usize, k: usize, index: u64, weights: &[u64]) -> Odometer {
        let mut o = Odometer {
            cells,
            index,
            digits: vec![0; k],
            unused: vec![0; k + 1],
            positions: vec![0; k],
        };
        o.jump(index, weights);
        o
    }

    /// Sets every digit from scratch.
    fn jump(&mut self, mut index: u64, weights: &[u64]) {
        self.index = index;
        for (d, &w) in self.digits.iter_mut().zip(weights) {
            *d = index / w;
            index -= *d * w;
        }
        self.unused[0] = if self.cells == 64 {
            u64::MAX
        } else {
            (1u64 << self.cells) - 1
        };
        self.place_from(0);
    }

    /// Chooses the cells of tiles `from..k` from their digits.
    #[inline(always)]
    fn place_from(&mut self, from: usize) {
        for i in from..self.digits.len() {
            let p = crate::rank::select(self.unused[i], self.digits[i] as u32);
            self.positions[i] = p as u8;
            self.unused[i + 1] = self.unused[i] & !(1u64 << p);
        }
    }

    /// The cells of the pattern's tiles at `index` (not before the current one).
    #[inline(always)]
    fn seek(&mut self, index: u64, weights: &[u64]) -> &mut Vec<u8> {
        debug_assert!(index >= self.index);
        let mut carry = index - self.index;
        if carry > 1 << 20 {
            self.jump(index, weights);
            return &mut self.positions;
        }
        self.index = index;
        let mut i = self.digits.len();
        while carry > 0 && i > 0 {
            i -= 1;
            let radix = (self.cells - i) as u64;
            let sum = self.digits[i] + carry;
            if sum < radix {
                self.digits[i] = sum;
                carry = 0;
            } else {
                self.digits[i] = sum % radix;
                carry = sum / radix;
            }
        }
        if i < self.digits.len() {
            self.place_from(i);
        }
        &mut self.positions
    }
}

/// A move found while expanding a placement.
#[derive(Debug, Clone, Copy, Default)]
struct Move {
    target: usize,
    from: u8,
    to: u8,
}

/// Most moves out of one placement's frontier: four per free cell.
const MAX_MOVES: usize = 4 * super::MAX_PDB_CELLS;

impl<P: Planes, V: Values> Search<'_, P, V> {
    /// The index after pattern tile `j` slides from `c` into the blank at
    /// `b`, from the index before, without ranking again.
    ///
    /// Digit `j` of the index is its cell minus the earlier tiles below it,
    /// so it changes by `b - c`, less the earlier tiles strictly between the
    /// two cells; and each later tile strictly between them now has `j` on
    /// its other side, so its digit moves by one. A horizontal move has no
    /// cells between; a vertical one has `width - 1`.
    #[inline(always)]
    fn moved_index(&self, index: u64, j: usize, c: usize, b: usize, occupied: u64, tile_at: &[u8; 64]) -> u64 {
        let (low, high, sign) = if b > c { (c, b, 1i64) } else { (b, c, -1i64) };
        let between = ((1u64 << high) - 1) & !((2u64 << low) - 1);
        let mut digit = b as i64 - c as i64;
        let mut delta = 0i64;
        let mut others = occupied & between;
        while others != 0 {
            let l = usize::from(tile_at[others.trailing_zeros() as usize]);
            others &= others - 1;
            if l < j {
                digit -= sign;
            } else {
                delta += sign * self.weights[l] as i64;
            }
        }
        index.wrapping_add_signed(delta + digit * self.weights[j] as i64)
    }

    /// Expands every state of `chunk` in the layer `depth` (mark `cur`),
    /// marking new states `next`, and records the value of each placement met
    /// for the first time; returns how many those were.
    fn expand_chunk(&self, chunk: usize, depth: u32, cur: u8, next: u8) -> u64 {
        let mark = self.chunk_marks[chunk].load(Relaxed);
        if mark & (1 << cur) == 0 {
            return 0;
        }
        self.chunk_marks[chunk].fetch_and(!(1 << cur), Relaxed);
        let start = chunk * CHUNK;
        let end = (start + CHUNK).min(self.entries);
        let mut reached = 0;
        let mut odometer = Odometer::new(self.cells, self.k, start as u64, &self.weights);
        let mut tile_at = [0u8; 64];
        let mut moves = [Move::default(); MAX_MOVES];
        let mut words = [(0u64, 0u64); MAX_MOVES];
        for i in start..end {
            let word = self.planes.load(i);
            let frontier_places = of_class(word, cur);
            if frontier_places == 0 {
                continue;
            }
            let pos = odometer.seek(i as u64, &self.weights);
            let mut occupied = 0u64;
            let mut manhattan = 0u32;
            for (j, &p) in pos.iter().enumerate() {
                occupied |= 1 << p;
                tile_at[usize::from(p)] = j as u8;
                manhattan += u32::from(self.distance[j * self.cells + usize::from(p)]);
            }
            let free = self.grid.flood.all & !occupied;
            let frontier = if P::REGIONS {
                self.grid.flood.cells_of_regions(frontier_places, free)
            } else {
                frontier_places
            };
            if V::PER_REGION {
                // Every region here is reached for the first time, at its distance.
                let numbers = if P::REGIONS {
                    frontier_places
                } else {
                    self.grid.flood.regions_meeting(frontier, free)
                };
                self.values.store_regions(i, numbers, ((depth - manhattan) / 2) as u8);
            }
            if word.0 & word.1 == 0 {
                // No cell done in an earlier layer: this is the placement's
                // first layer, so its value. Written here, in index order,
                // rather than when the placement is first marked, which
                // would be a random write.
                debug_assert!(depth >= manhattan && (depth - manhattan) % 2 == 0);
                self.values.store(i, ((depth - manhattan) / 2) as u8);
                reached += 1;
            }

            // First every move out of the frontier and the placement it leads to ...
            let mut count = 0;
            let mut blanks = frontier;
            while blanks != 0 {
                let b = blanks.trailing_zeros() as usize;
                blanks &= blanks - 1;
                let mut movers = self.grid.neighbors[b] & occupied;
                while movers != 0 {
                    let c = movers.trailing_zeros() as usize;
                    movers &= movers - 1;
                    let j = usize::from(tile_at[c]);
                    let target = self.moved_index(i as u64, j, c, b, occupied, &tile_at);
                    debug_assert_eq!(target, {
                        let mut p2 = pos.clone();
                        p2[j] = b as u8;
                        rank(&p2, &self.weights)
                    });
                    moves[count] = Move {
                        target: target as usize,
                        from: c as u8,
                        to: b as u8,
                    };
                    count += 1;
                }
            }
            // ... then all their words, as independent loads the processor
            // can have in flight together (most miss the cache) ...
            for (word, mv) in words.iter_mut().zip(&moves[..count]) {
                *word = self.planes.load(mv.target);
            }
            // ... then mark the new ones.
            for (&(lo, hi), mv) in words.iter().zip(&moves[..count]) {
                let (c, b) = (usize::from(mv.from), usize::from(mv.to));
                let place = if P::REGIONS {
                    let after = (free | 1 << c) & !(1 << b);
                    1 << self.grid.flood.number_at(c, after)
                } else {
                    1 << c
                };
                if (lo | hi) & place != 0 {
                    continue;
                }
                let places = if P::REGIONS {
                    place
                } else {
                    self.grid.flood.region(1 << c, (free | 1 << c) & !(1 << b))
                };
                let (lo, hi) = marks(places, next);
                self.planes.set(mv.target, lo, hi);
                let flag = &self.chunk_marks[mv.target / CHUNK];
                if flag.load(Relaxed) & (1 << next) == 0 {
                    flag.fetch_or(1 << next, Relaxed);
                }
            }
            // This layer's places of `i` are done: both bits set.
            let (lo, hi) = marks(frontier_places, 3 - cur);
            self.planes.set(i, lo, hi);
        }
        reached
    }
}

fn run<P: Planes, V: Values>(
    goal: &Goal,
    tiles: &[u8],
    threads: usize,
    cancel: &Cancel,
    report: &mut dyn FnMut(PatternProgress),
) -> Option<Built> {
    let shape = goal.shape();
    let cells = shape.cells();
    let k = tiles.len();
    let entries = placements(cells, k) as usize;
    let planes = P::with_len(entries);
    let values = V::with_len(entries, shape, k);
    let chunk_marks: Vec<AtomicU8> = (0..entries.div_ceil(CHUNK)).map(|_| AtomicU8::new(0)).collect();
    let search = Search {
        grid: Grid::new(shape),
        cells,
        k,
        entries,
        weights: weights(cells, k),
        distance: home_distances(shape, goal, tiles),
        planes: &planes,
        values: &values,
        chunk_marks: &chunk_marks,
    };

    // The goal: pattern tiles home, blank region around the goal's blank, layer 0.
    let home: Vec<u8> = tiles.iter().map(|&t| goal.position_of(t) as u8).collect();
    let start = rank(&home, &search.weights) as usize;
    let occupied = home.iter().fold(0u64, |m, &p| m | 1 << p);
    let free = search.grid.flood.all & !occupied;
    let place = if P::REGIONS {
        1 << search.grid.flood.number_at(goal.position_of(0), free)
    } else {
        search.grid.flood.region(1 << goal.position_of(0), free)
    };
    planes.set(start, place, 0);
    chunk_marks[start / CHUNK].store(1 << 1, Relaxed);

    let threads = threads.max(1);
    let reached = AtomicU64::new(0);
    let mut last_report = Instant::now();
    for depth in 0u32.. {
        let (cur, next) = if depth % 2 == 0 { (1, 2) } else { (2, 1) };
        let next_chunk = AtomicUsize::new(0);
        let work = || loop {
            let chunk = next_chunk.fetch_add(1, Relaxed);
            if chunk >= chunk_marks.len() || cancel.is_cancelled() {
                break;
            }
            let n = search.expand_chunk(chunk, depth, cur, next);
            reached.fetch_add(n, Relaxed);
        };
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(work);
            }
            // This thread works too, and reports now and then.
            loop {
                let chunk = next_chunk.fetch_add(1, Relaxed);
                if chunk >= chunk_marks.len() || cancel.is_cancelled() {
                    break;
                }
                let n = search.expand_chunk(chunk, depth, cur, next);
                reached.fetch_add(n, Relaxed);
                if last_report.elapsed() > Duration::from_millis(100) {
                    last_report = Instant::now();
                    report(PatternProgress {
                        depth,
                        reached: reached.load(Relaxed),
                    });
                }
            }
        });
        if cancel.is_cancelled() {
            return None;
        }
        report(PatternProgress {
            depth,
            reached: reached.load(Relaxed),
        });
        if cancel.is_cancelled() {
            return None;
        }
        let any_next = chunk_marks.iter().any(|m| m.load(Relaxed) & (1 << next) != 0);
        if !any_next {
            break;
        }
    }
    drop(planes);
    Some(values.finish())
}

#[cfg(test)]
mod tests;
mod values;
