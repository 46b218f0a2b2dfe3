//! Compact zero-aware tables: a zero-aware table's values in one byte per
//! placement, the size of a classic table at 8 bits an entry (a fifth of
//! the zero-aware table of a 6-tile pattern on 5×5, which keeps 5 entries
//! per placement).
//!
//! **Layout.** For each placement, the cells its tiles leave free fall into
//! regions. The *main* region is the one holding the first free cell at or
//! after the goal's blank cell in row-major order, wrapping around (the
//! goal's blank cell itself whenever it is free). The byte holds in its low
//! nibble the zero-aware value of the main region, in its high nibble the
//! least zero-aware value over the other regions (the low one again when
//! there are none).
//!
//! **Admissible.** With the blank in the main region the value read is the
//! zero-aware value of its region; elsewhere it is the least over the
//! regions the blank may be in, one of which is its own. Either way it is
//! at most the zero-aware value, which is a lower bound on the pattern's
//! moves; and at least the classic value, the least over all regions. It is
//! exact for every placement of one or two regions.
//!
//! **Cheap to read.** The two nibbles are equal for most placements (one
//! region, or regions whose values agree), and then the value is read with
//! no flood fill at all; otherwise one fill from the blank, stopped as soon
//! as it reaches the main region's first cell.
//!
//! **Dual lookups.** The dual's stand-in blank sits on the goal's blank
//! cell, which is free for every pattern that counts (see the `dual`
//! module); that cell is then its own main region's first cell, so the dual
//! reads the low nibble — the zero-aware value of that region, the very
//! value the dual's proof reads from a zero-aware table — without a fill.

use super::regions::Flood;
use super::{AdditivePdb, PatternDatabase, PdbSpec, Source, TableKind, Xxh64};
use crate::board::Shape;
use crate::error::DatabaseError;
use crate::Error;

/// Where the main regions of a compact table's placements are, and how to
/// read its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MainRegion {
    flood: Flood,
    /// The cells at or after the goal's blank cell, in row-major order.
    from_goal: u64,
}

impl MainRegion {
    /// For tables of `shape` whose goal has the blank on cell `goal_blank`.
    pub(crate) fn new(shape: Shape, goal_blank: usize) -> MainRegion {
        let flood = Flood::new(shape);
        MainRegion {
            flood,
            from_goal: flood.all & !((1u64 << goal_blank) - 1),
        }
    }

    /// Every cell of the board.
    #[inline(always)]
    pub(crate) fn all(&self) -> u64 {
        self.flood.all
    }

    /// The first cell (a bit) of the main region of `free` (not empty).
    #[inline(always)]
    fn seed(&self, free: u64) -> u64 {
        let after = free & self.from_goal;
        let from = if after != 0 { after } else { free };
        from & from.wrapping_neg()
    }

    /// The value in `byte` (a compact entry) for the blank on cell `blank`
    /// (a bit) of the free cells `free`.
    #[inline(always)]
    pub(crate) fn value(&self, byte: u8, blank: u64, free: u64) -> u8 {
        let (main, others) = (byte & 0xf, byte >> 4);
        if main == others || self.flood.connected(blank, self.seed(free), free) {
            main
        } else {
            others
        }
    }

    /// The compact byte of one placement, from the zero-aware values of its
    /// regions (`values[r]` for region number `r`); `None` when a value
    /// does not fit in 4 bits.
    fn byte(&self, free: u64, values: impl Fn(u32) -> u8) -> Option<u8> {
        let main_number = self.flood.region_number(self.flood.region(self.seed(free), free), free);
        let count = self.flood.count_regions(free);
        let main = values(main_number);
        let others = (0..count)
            .filter(|&r| r != main_number)
            .map(values)
            .min()
            .unwrap_or(main);
        (main <= 0xf && others <= 0xf).then_some(main | others << 4)
    }
}

/// The compact table of the zero-aware table `zero`, on `threads` threads.
fn compact_table(zero: &PatternDatabase, main: &MainRegion, threads: usize) -> Result<Vec<u8>, Error> {
    let placements = zero.placements();
    let regions = u64::from(zero.regions());
    let len = usize::try_from(placements).map_err(|_| {
        Error::Database(DatabaseError::Unsupported {
            reason: format!("{placements} placements do not fit in memory"),
        })
    })?;
    let mut out = vec![0u8; len];
    let chunk = len.div_ceil(threads.max(1)).max(1);
    let failed = std::thread::scope(|scope| {
        let workers: Vec<_> = out
            .chunks_mut(chunk)
            .enumerate()
            .map(|(n, bytes)| {
                scope.spawn(move || {
                    let mut positions = vec![0u8; zero.tiles().len()];
                    let first = (n * chunk) as u64;
                    for (i, byte) in (first..).zip(bytes.iter_mut()) {
                        zero.placement(i, &mut positions);
                        let occupied = positions.iter().fold(0u64, |m, &p| m | 1 << p);
                        // Region numbers stay below the table's count: the
                        // header was checked to have the most any placement has.
                        let value = |r: u32| zero.value(i * regions + u64::from(r));
                        match main.byte(main.all() & !occupied, value) {
                            Some(b) => *byte = b,
                            None => return Some(i),
                        }
                    }
                    None
                })
            })
            .collect();
        workers
            .into_iter()
            .filter_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .next()
    });
    match failed {
        None => Ok(out),
        Some(i) => Err(Error::Database(DatabaseError::Unsupported {
            reason: format!(
                "placement {i} of the tiles {:?} has a value above 15, which a compact table cannot hold",
                zero.tiles()
            ),
        })),
    }
}

impl AdditivePdb {
    /// The compact zero-aware form of these zero-aware databases (see
    /// [`TableKind::Compact`]), built in memory on `threads` threads (0: one
    /// per core); save it with [`AdditivePdb::save`]. Databases of another
    /// kind are [`DatabaseError::Unsupported`].
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec, TableKind};
    /// use npuzzle::heuristic::Heuristic;
    /// use npuzzle::{Board, Goal};
    /// let goal = Goal::blank_first("3x3".parse()?);
    /// let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8")?.with_zero_aware(true);
    /// let zero = AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?;
    /// let compact = zero.compact(1)?;
    /// assert_eq!(compact.spec().kind(), TableKind::Compact);
    /// let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
    /// assert!(compact.estimate(board.tiles()) <= zero.estimate(board.tiles()));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn compact(&self, threads: usize) -> Result<AdditivePdb, Error> {
        if self.spec.kind() != TableKind::ZeroAware {
            return Err(Error::Database(DatabaseError::Unsupported {
                reason: format!(
                    "only zero-aware databases can be made compact; these are {}",
                    self.spec.kind().label()
                ),
            }));
        }
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let spec: PdbSpec = self.spec.clone().with_kind(TableKind::Compact);
        let shape = spec.shape();
        let main = MainRegion::new(shape, spec.goal().position_of(0));
        let mut hasher = Xxh64::new();
        let mut patterns = Vec::with_capacity(self.patterns.len());
        for zero in &self.patterns {
            let table = compact_table(zero, &main, threads)?;
            hasher.write(&table);
            let table = super::Table::Owned(std::sync::Arc::new(table));
            patterns.push(PatternDatabase::new(
                shape,
                spec.goal(),
                zero.tiles().to_vec(),
                8,
                1,
                true,
                table,
            ));
        }
        Ok(AdditivePdb::assemble(spec, patterns, hasher.finish(), Source::Built))
    }
}
