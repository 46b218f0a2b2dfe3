//! Additive disjoint pattern databases (Korf & Felner 2002).
//!
//! The tiles are split into disjoint patterns. For each pattern a database
//! holds, for every placement of its tiles, the fewest moves *of those tiles*
//! that bring them home, the blank free to wander (its moves through other
//! tiles are free). Since every move moves exactly one tile, the counts of
//! different patterns add up to an admissible estimate.
//!
//! On a square board whose goal has the blank on the main diagonal (the
//! blank-first and the standard goal both do), the board mirrored in that
//! diagonal is exactly as far from the goal, so the estimate is the larger
//! of the sums for the board and for its mirror image, both read from the
//! same databases. That helps when the partition is not symmetric (like
//! `7-8`); for a symmetric one the two sums are equal and the mirror is skipped.
//!
//! ```
//! use npuzzle::heuristic::pdb::{AdditivePdb, BuildOptions, PdbSpec};
//! use npuzzle::heuristic::Heuristic;
//! use npuzzle::{Board, Goal};
//!
//! let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
//! let goal = Goal::standard(board.shape());
//! let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8")?;
//! let pdb = AdditivePdb::build(&spec, &BuildOptions::default(), &mut |_| {})?;
//! let h = pdb.estimate(board.tiles());
//! assert!(h >= 21 && h <= 31); // Manhattan is 21, the true distance 31
//!
//! // Files: written once, then mapped.
//! let dir = tempfile::tempdir().unwrap();
//! let path = pdb.save(dir.path())?;
//! let again = AdditivePdb::open(&path, &spec)?;
//! again.verify()?;
//! assert_eq!(again.estimate(board.tiles()), h);
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::fmt;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::Heuristic;
use crate::error::{DatabaseError, Refusal};
use crate::goal::Goal;
use crate::solution::Cancel;
use crate::Error;

mod build;
pub(crate) mod checksum;
mod compact;
mod dual;
pub(crate) mod file;
mod fixed;
mod partition;
mod parts;
mod pattern;
mod reflection;
mod regions;
mod set;
mod spec;

pub(crate) use checksum::Xxh64;
pub use dual::{run_fixed_adaptive, run_fixed_dual, DualPdb, DualState, FixedDualPdb};
pub use file::{
    list, open_dir, ListedFile, OpenedFile, COMPACT_FORMAT_VERSION, EXTENSION, FORMAT_VERSION, MAGIC,
    ZERO_AWARE_FORMAT_VERSION,
};
pub use fixed::{run_fixed, run_fixed_set, FixedPdb, PdbState, MAX_FIXED_PATTERNS, MAX_FIXED_VIEWS};
pub use partition::{recommended_partition, Partition};
pub use pattern::{entry, placements, PatternDatabase, MAX_PDB_CELLS};
pub use reflection::Reflection;
pub use set::PdbSet;
pub use spec::{BuildOptions, BuildProgress, PdbSpec, TableKind};

use pattern::Table;

/// Where a set of databases came from.
#[derive(Clone)]
enum Source {
    Built,
    File {
        path: PathBuf,
        map: Arc<memmap2::Mmap>,
        header_len: usize,
    },
}

/// The additive heuristic of a partition's databases: the sum over
/// patterns, and on boards that allow it the larger of that and the sum for
/// the mirrored board (see [`Reflection`]).
///
/// Built in memory with [`AdditivePdb::build`], written with
/// [`AdditivePdb::save`], memory-mapped with [`AdditivePdb::open`] (the
/// header is checked, the tables are not read until used) and checked in
/// full with [`AdditivePdb::verify`]. Clones share the tables.
///
/// For a search loop faster than [`Heuristic::update`], keep the index of
/// each pattern incrementally and read [`PatternDatabase::value`]: the
/// estimate is the Manhattan distance of the covered tiles plus twice the
/// sum of the values (and the same for the mirrored board when
/// [`AdditivePdb::reflection`] is `Some`, taking the larger). [`FixedPdb`]
/// does that for the specialised IDA* on 4×4 and 5×5 boards.
#[derive(Clone)]
pub struct AdditivePdb {
    spec: PdbSpec,
    patterns: Vec<PatternDatabase>,
    /// `pattern_of[t]`: 1 + the pattern holding tile `t`, or 0.
    pattern_of: Vec<u8>,
    /// `slot_of[t]`: the place of tile `t` in its pattern's tile list.
    slot_of: Vec<u8>,
    reflection: Option<Reflection>,
    /// `mirrored_tiles[p][j]`: the tile that lands on pattern tile `j` of
    /// pattern `p` when the board is mirrored.
    mirrored_tiles: Vec<Vec<u8>>,
    data_checksum: u64,
    source: Source,
}

impl fmt::Debug for AdditivePdb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AdditivePdb")
            .field("spec", &self.spec.to_string())
            .field("patterns", &self.patterns)
            .field("reflection", &self.reflection.is_some())
            .field("path", &self.path())
            .finish()
    }
}

/// A summary of one database file, as [`list`] reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdbInfo {
    /// What it is for.
    pub spec: PdbSpec,
    /// For each pattern: its tiles, bits per entry and entries.
    pub tables: Vec<(Vec<u8>, u8, u64)>,
    /// Size of the file in bytes (for databases built in memory, of the
    /// file [`AdditivePdb::write`] would write).
    pub bytes: u64,
}

impl AdditivePdb {
    fn assemble(spec: PdbSpec, patterns: Vec<PatternDatabase>, data_checksum: u64, source: Source) -> AdditivePdb {
        let cells = spec.shape().cells();
        let mut pattern_of = vec![0u8; cells];
        let mut slot_of = vec![0u8; cells];
        for (p, db) in patterns.iter().enumerate() {
            for (j, &t) in db.tiles().iter().enumerate() {
                pattern_of[usize::from(t)] = p as u8 + 1;
                slot_of[usize::from(t)] = j as u8;
            }
        }
        let mut pdb = AdditivePdb {
            spec,
            patterns,
            pattern_of,
            slot_of,
            reflection: None,
            mirrored_tiles: Vec::new(),
            data_checksum,
            source,
        };
        pdb.set_reflection(true);
        pdb
    }

    /// Turns the mirror-image lookup on (where the goal allows it and it can
    /// raise the estimate) or off. Returns whether it is on.
    pub fn set_reflection(&mut self, on: bool) -> bool {
        self.reflection = None;
        self.mirrored_tiles.clear();
        if !on {
            return false;
        }
        let Some(r) = Reflection::for_goal(self.spec.goal()) else {
            return false;
        };
        let mirrored = r.reflect_partition(self.spec.partition(), self.spec.goal());
        if mirrored.as_ref() == Ok(self.spec.partition()) {
            // Symmetric partition: both sums are always equal.
            return false;
        }
        self.mirrored_tiles = self
            .patterns
            .iter()
            .map(|db| db.tiles().iter().map(|&t| r.tile(t)).collect())
            .collect();
        self.reflection = Some(r);
        true
    }

    /// The reflection in use, if any.
    pub fn reflection(&self) -> Option<&Reflection> {
        self.reflection.as_ref()
    }

    /// With a reflection, the tiles whose mirrored positions give pattern
    /// `pattern`'s placement on the mirrored board: on a board where tile `t`
    /// is at `positions[t]`, the mirrored board has pattern tile `j` at
    /// `reflection.cell(positions[mirrored_tiles(pattern)[j]])`.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
    /// use npuzzle::Goal;
    /// let spec = PdbSpec::parse(&Goal::blank_first("3x3".parse()?), "1,2,3,4/5,6,7,8")?;
    /// let pdb = AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?;
    /// // Tiles 1 2 3 4 sit where 3 6 1 4 sit in the mirror image.
    /// assert_eq!(pdb.mirrored_tiles(0), Some(&[3, 6, 1, 4][..]));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn mirrored_tiles(&self, pattern: usize) -> Option<&[u8]> {
        self.reflection
            .as_ref()
            .map(|_| self.mirrored_tiles[pattern].as_slice())
    }

    /// Builds the databases of `spec` in memory, calling `progress` now and
    /// then (at most about ten times a second, and after each layer).
    pub fn build(
        spec: &PdbSpec,
        options: &BuildOptions,
        progress: &mut dyn FnMut(&BuildProgress),
    ) -> Result<AdditivePdb, Error> {
        AdditivePdb::build_with(spec, options, &Cancel::new(), progress)
    }

    /// [`build`](AdditivePdb::build), stopping soon after `cancel` is raised
    /// (every thread looks at it between chunks of entries) with an
    /// [`Refusal::BuildBudget`] of kind
    /// [`BudgetKind::Cancelled`](crate::BudgetKind::Cancelled). A front-end
    /// raises it on Ctrl-C, from `progress` or another thread.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
    /// use npuzzle::{BudgetKind, Cancel, Error, Goal};
    /// use npuzzle::error::Refusal;
    /// let spec = PdbSpec::parse(&Goal::standard("4x4".parse()?), "6-6-3")?;
    /// let cancel = Cancel::new();
    /// let stop = cancel.clone();
    /// let err = AdditivePdb::build_with(&spec, &Default::default(), &cancel, &mut |_| stop.cancel()).unwrap_err();
    /// assert!(matches!(err, Error::Refused(Refusal::BuildBudget { kind: BudgetKind::Cancelled, .. })));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn build_with(
        spec: &PdbSpec,
        options: &BuildOptions,
        cancel: &Cancel,
        progress: &mut dyn FnMut(&BuildProgress),
    ) -> Result<AdditivePdb, Error> {
        let cells = spec.shape().cells();
        if let Some(limit) = options.max_memory {
            let need = spec.build_memory();
            if need > limit {
                return Err(Error::Database(DatabaseError::Unsupported {
                    reason: format!(
                        "building {} needs about {}, more than the {} allowed",
                        spec.partition(),
                        in_units(need),
                        in_units(limit)
                    ),
                }));
            }
        }
        if spec.kind() == TableKind::Compact {
            // Built zero-aware, then kept compact.
            let zero = spec.clone().with_kind(TableKind::ZeroAware);
            let options = BuildOptions {
                max_memory: None,
                ..*options
            };
            return AdditivePdb::build_with(&zero, &options, cancel, progress)?.compact(options.threads);
        }
        for p in spec.partition().patterns() {
            if placements(cells, p.len()) > u64::from(u32::MAX) {
                return Err(Error::Database(DatabaseError::Unsupported {
                    reason: format!(
                        "a pattern of {} tiles on {cells} cells has {} entries; at most {} are supported",
                        p.len(),
                        placements(cells, p.len()),
                        u32::MAX
                    ),
                }));
            }
        }
        let threads = match options.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let total = spec.entries();
        let count = spec.partition().patterns().len();
        let mut done = 0u64;
        let mut patterns = Vec::with_capacity(count);
        let mut hasher = Xxh64::new();
        for (index, tiles) in spec.partition().patterns().iter().enumerate() {
            let entries = placements(cells, tiles.len());
            let mut depth = 0;
            let built = build::build_pattern(spec.goal(), tiles, threads, spec.zero_aware(), cancel, &mut |p| {
                depth = p.depth;
                progress(&BuildProgress {
                    pattern: index,
                    patterns: count,
                    depth: p.depth,
                    reached: p.reached,
                    entries,
                    done,
                    total,
                });
            });
            let Some(build::Built { bits, regions, table }) = built else {
                return Err(Error::Refused(Refusal::BuildBudget {
                    what: "pattern database",
                    shape: spec.shape(),
                    kind: crate::BudgetKind::Cancelled,
                    used: done,
                    limit: total,
                }));
            };
            hasher.write(&table);
            progress(&BuildProgress {
                pattern: index,
                patterns: count,
                depth,
                reached: entries,
                entries,
                done,
                total,
            });
            done += entries;
            let table = Table::Owned(Arc::new(table));
            patterns.push(PatternDatabase::new(
                spec.shape(),
                spec.goal(),
                tiles.clone(),
                bits,
                regions,
                false,
                table,
            ));
        }
        Ok(AdditivePdb::assemble(
            spec.clone(),
            patterns,
            hasher.finish(),
            Source::Built,
        ))
    }

    /// Reads one byte of every 4 KiB page of the tables, so that the first
    /// lookups of a search do not wait for the mapped file to be paged in
    /// (or a benchmark can count that time apart); returns the pages read.
    /// Cheaper than [`AdditivePdb::verify`], which hashes every byte.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
    /// use npuzzle::Goal;
    /// let spec = PdbSpec::parse(&Goal::standard("3x3".parse()?), "1,2,3,4")?;
    /// let pdb = AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?;
    /// assert_eq!(pdb.touch(), 1); // 3024 entries at 4 bits: 1512 bytes, one page
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn touch(&self) -> u64 {
        const PAGE: usize = 4096;
        let mut pages = 0;
        let mut sum = 0u8;
        for db in &self.patterns {
            for page in db.table().chunks(PAGE) {
                sum = sum.wrapping_add(page[0]);
                pages += 1;
            }
        }
        std::hint::black_box(sum);
        pages
    }

    /// Checks every byte of the tables against the checksum in the header.
    pub fn verify(&self) -> Result<(), Error> {
        let computed = match &self.source {
            Source::File { map, header_len, .. } => Xxh64::hash(&map[*header_len..]),
            Source::Built => {
                let mut h = Xxh64::new();
                for db in &self.patterns {
                    h.write(db.table());
                }
                h.finish()
            }
        };
        if computed == self.data_checksum {
            Ok(())
        } else {
            Err(Error::Database(DatabaseError::Checksum {
                path: self.path().map_or_else(|| PathBuf::from("<memory>"), Path::to_path_buf),
                part: "data",
                stored: self.data_checksum,
                computed,
                spec: Some(Box::new(self.spec.clone())),
            }))
        }
    }

    /// What these databases are for.
    pub fn spec(&self) -> &PdbSpec {
        &self.spec
    }

    /// One database per pattern, in the partition's order.
    pub fn patterns(&self) -> &[PatternDatabase] {
        &self.patterns
    }

    /// The file the databases are mapped from, if any.
    pub fn path(&self) -> Option<&Path> {
        match &self.source {
            Source::File { path, .. } => Some(path),
            Source::Built => None,
        }
    }

    /// A summary: what it is for, its tables, and its size as a file.
    pub fn info(&self) -> PdbInfo {
        let tables = self
            .patterns
            .iter()
            .map(|db| (db.tiles().to_vec(), db.bits(), db.entries()))
            .collect();
        let bytes = match &self.source {
            Source::File { map, .. } => map.len() as u64,
            Source::Built => {
                file::header_len(&self.spec) as u64
                    + self.patterns.iter().map(|db| db.table().len() as u64).sum::<u64>()
            }
        };
        PdbInfo {
            spec: self.spec.clone(),
            tables,
            bytes,
        }
    }

    /// The sum over patterns with tile `t` read at `cell(t)` (the blank, tile 0, too).
    #[inline]
    fn sum_with<'a>(&'a self, tiles_of: impl Fn(usize) -> &'a [u8], cell: impl Fn(u8) -> u8) -> u32 {
        let blank = cell(0);
        let mut buf = [0u8; MAX_PDB_CELLS];
        let mut sum = 0;
        for (p, db) in self.patterns.iter().enumerate() {
            let tiles = tiles_of(p);
            for (slot, &t) in buf.iter_mut().zip(tiles) {
                *slot = cell(t);
            }
            sum += db.moves_at(&buf[..tiles.len()], blank);
        }
        sum
    }

    /// The direct sum and, with a reflection, the mirrored sum, for tile positions `positions[t]`.
    pub(crate) fn sums(&self, positions: &[u8]) -> (u32, Option<u32>) {
        let direct = self.sum_with(|p| self.patterns[p].tiles(), |t| positions[usize::from(t)]);
        let mirrored = self.reflection.as_ref().map(|r| {
            self.sum_with(
                |p| &self.mirrored_tiles[p],
                |t| r.cell[usize::from(positions[usize::from(t)])],
            )
        });
        (direct, mirrored)
    }

    /// The estimate from the position of every tile: `positions[t]` is the cell of tile `t`.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
    /// use npuzzle::heuristic::Heuristic;
    /// use npuzzle::{Board, Goal};
    /// let b: Board = "1 2 3 4 5 6 x 7 8".parse()?;
    /// let spec = PdbSpec::parse(&Goal::standard(b.shape()), "1,2,3,4,5,6,7,8")?;
    /// let pdb = AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?;
    /// assert_eq!(pdb.estimate_positions(&b.positions()), 2);
    /// assert_eq!(pdb.estimate(b.tiles()), 2);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn estimate_positions(&self, positions: &[u8]) -> u32 {
        match self.sums(positions) {
            (direct, Some(mirrored)) => direct.max(mirrored),
            (direct, None) => direct,
        }
    }
}

impl Heuristic for AdditivePdb {
    fn estimate(&self, tiles: &[u8]) -> u32 {
        let mut positions = [0u8; MAX_PDB_CELLS];
        for (c, &t) in tiles.iter().enumerate() {
            positions[usize::from(t)] = c as u8;
        }
        self.estimate_positions(&positions[..tiles.len()])
    }

    /// Only the moved tile's pattern changes, so without a reflection two
    /// lookups suffice. With one, the estimate is a maximum of two sums that
    /// `h` alone cannot be split back into, so it is recomputed.
    fn update(&self, tiles: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        if self.reflection.is_some() {
            return self.estimate(tiles);
        }
        let p = self.pattern_of[usize::from(tile)];
        if p == 0 {
            return h;
        }
        let db = &self.patterns[usize::from(p - 1)];
        let mut positions = [0u8; MAX_PDB_CELLS];
        for (c, &t) in tiles.iter().enumerate() {
            if self.pattern_of[usize::from(t)] == p {
                positions[usize::from(self.slot_of[usize::from(t)])] = c as u8;
            }
        }
        let positions = &mut positions[..db.tiles().len()];
        // The blank moved between two cells the other patterns leave free,
        // so their regions, like their placements, are as they were.
        let after = db.moves_at(positions, from as u8);
        positions[usize::from(self.slot_of[usize::from(tile)])] = from as u8;
        let before = db.moves_at(positions, to as u8);
        h + after - before
    }
}

/// The databases in `pdb` if they are for `goal` (board and goal tiles);
/// otherwise [`DatabaseError::NotLoaded`] naming the goal (front-ends advise building
/// [`PdbSpec::suggested`]), or [`DatabaseError::Unsupported`] for boards
/// too large for any.
///
/// ```
/// use npuzzle::heuristic::pdb::{for_goal, AdditivePdb, PdbSpec};
/// use npuzzle::{Error, Goal};
/// use npuzzle::error::DatabaseError;
/// let goal = Goal::standard("3x3".parse()?);
/// let pdb = AdditivePdb::build(&PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8")?, &Default::default(), &mut |_| {})?;
/// assert!(for_goal(Some(&pdb), &goal).is_ok());
/// let other = Goal::blank_first("3x3".parse()?);
/// let err = for_goal(Some(&pdb), &other).unwrap_err();
/// assert!(matches!(err, Error::Database(DatabaseError::NotLoaded { loaded: Some(_), .. })));
/// assert!(matches!(for_goal(None, &goal), Err(Error::Database(DatabaseError::NotLoaded { loaded: None, .. }))));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn for_goal<'a>(pdb: Option<&'a AdditivePdb>, goal: &Goal) -> Result<&'a AdditivePdb, Error> {
    match pdb {
        Some(pdb) if pdb.spec().goal() == goal => Ok(pdb),
        _ => {
            // Boards no databases can serve are an error of their own.
            PdbSpec::suggested(goal)?;
            Err(Error::Database(DatabaseError::NotLoaded {
                goal: Box::new(goal.clone()),
                loaded: pdb.map(|p| Box::new(p.spec().clone())),
            }))
        }
    }
}

/// [`for_goal`] for a set of databases: the set if it is for `goal`.
pub fn set_for_goal<'a>(set: Option<&'a PdbSet>, goal: &Goal) -> Result<&'a PdbSet, Error> {
    for_goal(set.map(|s| &**s.first()), goal)?;
    set.ok_or_else(|| {
        Error::Database(DatabaseError::NotLoaded {
            goal: Box::new(goal.clone()),
            loaded: None,
        })
    })
}

/// `bytes` in the binary unit that keeps the figure short (`81 B`,
/// `1.0 MiB`), for the messages of refused builds.
fn in_units(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let exponent = (0..UNITS.len()).rev().find(|&e| bytes >> (10 * e) > 0).unwrap_or(0);
    match exponent {
        0 => format!("{bytes} B"),
        e => format!("{:.1} {}", bytes as f64 / (1u64 << (10 * e)) as f64, UNITS[e]),
    }
}

#[cfg(test)]
mod compact_tests;
#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod zero_tests;
