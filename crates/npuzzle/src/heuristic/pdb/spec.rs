//! What a set of databases is for ([`PdbSpec`]: a goal and a partition,
//! their file name and build size) and how to build them ([`BuildOptions`],
//! [`BuildProgress`]).

use std::fmt;

use super::{placements, recommended_partition, Partition, Xxh64, EXTENSION, MAX_PDB_CELLS};
use crate::board::Shape;
use crate::error::DatabaseError;
use crate::goal::Goal;
use crate::Error;

/// What a set of databases is for: a goal (and so a board) and a partition.
///
/// ```
/// use npuzzle::heuristic::pdb::PdbSpec;
/// use npuzzle::{Goal, Shape};
/// let spec = PdbSpec::parse(&Goal::blank_first(Shape::new(4, 4)?), "7-8")?;
/// assert_eq!(spec.file_name(), "4x4-blank-first-7-8.pdb");
/// assert_eq!(spec.entries(), 57_657_600 + 518_918_400);
/// assert_eq!(spec.goal_label(), "blank-first");
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdbSpec {
    goal: Goal,
    partition: Partition,
    kind: TableKind,
}

/// How a set's tables keep their values.
///
/// ```
/// use npuzzle::heuristic::pdb::{PdbSpec, TableKind};
/// use npuzzle::{Goal, Shape};
/// let spec = PdbSpec::parse(&Goal::blank_first(Shape::new(5, 5)?), "6-6-6-6")?.with_kind(TableKind::Compact);
/// assert!(spec.zero_aware());
/// assert_eq!(spec.file_name(), "5x5-blank-first-6-6-6-6-zero-compact.pdb");
/// assert_eq!(spec.table_entries(), 4 * 127_512_000); // one byte each
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum TableKind {
    /// One value per placement, the blank anywhere (4 bits where the values fit).
    #[default]
    Classic,
    /// One value per placement and region of free cells the blank may be
    /// in (Clausecker & Reinefeld 2019): [`PdbSpec::regions_per_placement`]
    /// entries per placement.
    ZeroAware,
    /// Zero-aware values kept in one byte per placement: the value for the
    /// placement's main region and the least over its other regions (see
    /// [`PatternDatabase`](super::PatternDatabase)); converted from a
    /// zero-aware set by [`AdditivePdb::compact`](super::AdditivePdb::compact).
    Compact,
}

impl TableKind {
    /// The kind [`PdbSpec::recommended`] builds for boards of `shape`:
    /// compact on 5×5, classic elsewhere.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::TableKind;
    /// assert_eq!(TableKind::recommended("5x5".parse()?), TableKind::Compact);
    /// assert_eq!(TableKind::recommended("4x4".parse()?), TableKind::Classic);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn recommended(shape: Shape) -> TableKind {
        if (shape.width(), shape.height()) == (5, 5) {
            TableKind::Compact
        } else {
            TableKind::Classic
        }
    }

    /// How listings and labels name it: `classic`, `zero-aware`, `zero-aware compact`.
    pub fn label(self) -> &'static str {
        match self {
            TableKind::Classic => "classic",
            TableKind::ZeroAware => "zero-aware",
            TableKind::Compact => "zero-aware compact",
        }
    }
}

impl PdbSpec {
    /// Databases of `partition` for `goal`; the board may have at most
    /// [`MAX_PDB_CELLS`] cells.
    pub fn new(goal: Goal, partition: Partition) -> Result<PdbSpec, Error> {
        let shape = goal.shape();
        if shape.cells() > MAX_PDB_CELLS {
            return Err(Error::Database(DatabaseError::Unsupported {
                reason: format!(
                    "a {shape} board has {} cells; pattern databases support at most {MAX_PDB_CELLS}",
                    shape.cells()
                ),
            }));
        }
        // A partition checked against another board may name tiles this one lacks.
        let partition = Partition::new(partition.patterns().to_vec(), &goal)?.with_known_name(&goal);
        Ok(PdbSpec {
            goal,
            partition,
            kind: TableKind::Classic,
        })
    }

    /// The same databases, zero-aware or classic: a zero-aware table keeps
    /// for each placement one value per region of free cells the blank may
    /// be in (Clausecker & Reinefeld 2019), a classic one the least of
    /// them. Zero-aware tables are larger ([`PdbSpec::regions_per_placement`]
    /// times) and never give a smaller estimate.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::PdbSpec;
    /// use npuzzle::{Goal, Shape};
    /// let spec = PdbSpec::parse(&Goal::blank_first(Shape::new(5, 5)?), "6-6-6-6")?.with_zero_aware(true);
    /// assert!(spec.zero_aware());
    /// assert_eq!(spec.file_name(), "5x5-blank-first-6-6-6-6-zero.pdb");
    /// assert_eq!(spec.regions_per_placement(), [5, 5, 5, 5]);
    /// assert_eq!(spec.table_entries(), 4 * 5 * 127_512_000);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn with_zero_aware(self, zero_aware: bool) -> PdbSpec {
        self.with_kind(if zero_aware {
            TableKind::ZeroAware
        } else {
            TableKind::Classic
        })
    }

    /// The same databases with tables of `kind`.
    pub fn with_kind(mut self, kind: TableKind) -> PdbSpec {
        self.kind = kind;
        self
    }

    /// How the tables keep their values.
    pub fn kind(&self) -> TableKind {
        self.kind
    }

    /// Whether the values depend on the blank's region (zero-aware tables,
    /// compact or not; see [`PdbSpec::with_zero_aware`]).
    pub fn zero_aware(&self) -> bool {
        self.kind != TableKind::Classic
    }

    /// Entries per placement of each pattern: 1 for classic and compact
    /// tables; for zero-aware ones the most regions of free cells any
    /// placement of the pattern's tiles leaves on the board.
    pub fn regions_per_placement(&self) -> Vec<u32> {
        let shape = self.shape();
        self.partition
            .patterns()
            .iter()
            .map(|p| {
                if self.kind == TableKind::ZeroAware {
                    super::build::max_regions(shape, p.len())
                } else {
                    1
                }
            })
            .collect()
    }

    /// Entries of all tables: [`PdbSpec::entries`] placements, times
    /// [`PdbSpec::regions_per_placement`] for zero-aware tables.
    pub fn table_entries(&self) -> u64 {
        let cells = self.shape().cells();
        self.partition
            .patterns()
            .iter()
            .zip(self.regions_per_placement())
            .map(|(p, r)| placements(cells, p.len()).saturating_mul(u64::from(r)))
            .sum()
    }

    /// Bytes of all tables: half a byte an entry (where the values fit 4
    /// bits), a byte an entry for compact tables.
    pub fn table_bytes(&self) -> u64 {
        match self.kind {
            TableKind::Compact => self.table_entries(),
            _ => self.table_entries().div_ceil(2),
        }
    }

    /// Parses the partition (tiles like `1,2,3/4,5,6` or a name) for `goal`.
    pub fn parse(goal: &Goal, partition: &str) -> Result<PdbSpec, Error> {
        PdbSpec::new(goal.clone(), Partition::parse(partition, goal)?)
    }

    /// The goal.
    pub fn goal(&self) -> &Goal {
        &self.goal
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.goal.shape()
    }

    /// The partition.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// Placements over all patterns (the entries of classic tables).
    pub fn entries(&self) -> u64 {
        let cells = self.shape().cells();
        self.partition
            .patterns()
            .iter()
            .map(|p| placements(cells, p.len()))
            .sum()
    }

    /// About the most memory a build takes: the working memory of the
    /// largest pattern (one word and one byte per entry — 4 bytes up to 16
    /// cells, else 8 — or, where the words would pass 2 GiB, two bytes and
    /// half a byte per entry: see the builder's region layout), plus the
    /// finished tables at 4 bits an entry.
    pub fn build_memory(&self) -> u64 {
        self.build_memory_parts().saturating_add(self.table_bytes())
    }

    /// About the most memory a build by
    /// [`AdditivePdb::build_into`](super::AdditivePdb::build_into) takes:
    /// the working memory of the largest pattern (the finished ones wait on
    /// disk).
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::PdbSpec;
    /// use npuzzle::{Goal, Shape};
    /// let spec = PdbSpec::parse(&Goal::blank_first(Shape::new(5, 5)?), "7-7-7-3")?;
    /// // Two bytes and a half per placement of a 7-tile pattern.
    /// assert_eq!(spec.build_memory_parts(), 2_422_728_000 * 5 / 2);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn build_memory_parts(&self) -> u64 {
        self.pattern_build_memory().max().unwrap_or(0)
    }

    /// For each pattern, whether the builder keeps two bits per region of
    /// free cells rather than per cell (patterns whose cell words would pass
    /// 2 GiB): less memory, more work per placement.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::PdbSpec;
    /// use npuzzle::{Goal, Shape};
    /// let goal = Goal::blank_first(Shape::new(5, 5)?);
    /// assert_eq!(PdbSpec::parse(&goal, "7-7-7-3")?.region_layouts(), [true, true, true, false]);
    /// assert_eq!(PdbSpec::parse(&goal, "6-6-6-6")?.region_layouts(), [false; 4]);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn region_layouts(&self) -> Vec<bool> {
        let shape = self.shape();
        self.partition
            .patterns()
            .iter()
            .map(|p| super::build::Layout::choose(shape, p.len()) == super::build::Layout::Regions)
            .collect()
    }

    /// Working memory of each pattern's build.
    fn pattern_build_memory(&self) -> impl Iterator<Item = u64> + '_ {
        let shape = self.shape();
        let regions = self.regions_per_placement();
        self.partition.patterns().iter().zip(regions).map(move |(p, r)| {
            let layout = super::build::Layout::choose(shape, p.len());
            let per = if self.zero_aware() {
                // The word, a byte per region, and the packed copy at the
                // end (a compact table is made from that copy: a byte more).
                let regions = f64::from(super::build::max_regions(shape, p.len()));
                let compact = if r == 1 { 1.0 } else { 0.0 };
                layout.word_bytes(shape) + 1.5 * regions + compact
            } else {
                layout.bytes_per_placement(shape)
            };
            (placements(shape.cells(), p.len()) as f64 * per) as u64
        })
    }

    /// Databases that suit `goal`: the named partition of the literature for
    /// the 15- and 24-puzzle (`7-8` and `6-6-6-6`, when the goal's blank is
    /// in a corner), otherwise the tiles in goal order cut into the fewest
    /// runs of about equal length with at most 2^27 entries each (64 MiB at
    /// 4 bits; a board of up to 9 cells gets one exact pattern).
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::PdbSpec;
    /// use npuzzle::{Goal, Shape};
    /// let spec = PdbSpec::suggested(&Goal::standard(Shape::new(5, 5)?))?;
    /// assert_eq!(spec.partition().name(), Some("6-6-6-6"));
    /// let spec = PdbSpec::suggested(&Goal::blank_first(Shape::new(4, 4)?))?;
    /// assert_eq!(spec.partition().name(), Some("7-8"));
    /// let spec = PdbSpec::suggested(&Goal::standard(Shape::new(4, 3)?))?;
    /// assert_eq!(spec.partition().to_string(), "1,2,3,4,5,6/7,8,9,10,11");
    /// let spec = PdbSpec::suggested(&Goal::standard(Shape::new(3, 3)?))?;
    /// assert_eq!(spec.partition().to_string(), "1,2,3,4,5,6,7,8");
    /// assert!(PdbSpec::suggested(&Goal::standard(Shape::new(6, 6)?)).is_err());
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn suggested(goal: &Goal) -> Result<PdbSpec, Error> {
        const MAX_ENTRIES: u64 = 1 << 27;
        let shape = goal.shape();
        let named = recommended_partition(shape).and_then(|name| Partition::named(name, goal).ok());
        if let Some(partition) = named {
            return PdbSpec::new(goal.clone(), partition);
        }
        let cells = shape.cells();
        let tiles: Vec<u8> = goal.board().tiles().iter().copied().filter(|&t| t != 0).collect();
        let largest = (1..=tiles.len())
            .take_while(|&k| placements(cells, k) <= MAX_ENTRIES)
            .last()
            .unwrap_or(1);
        let count = tiles.len().div_ceil(largest).max(1);
        let mut patterns = Vec::with_capacity(count);
        let mut rest = &tiles[..];
        for i in 0..count {
            let (pattern, after) = rest.split_at(rest.len().div_ceil(count - i));
            patterns.push(pattern.to_vec());
            rest = after;
        }
        PdbSpec::new(goal.clone(), Partition::new(patterns, goal)?)
    }

    /// What to build for `goal` when nobody names a partition: the
    /// [`suggested`](PdbSpec::suggested) partition, with compact zero-aware
    /// tables on 5×5 boards and classic ones elsewhere. On Korf & Felner's
    /// 24-puzzles #40, #25, #38, #44 and #1, compact 6-6-6-6 with dual
    /// lookups expanded 1.4× fewer nodes than classic 6-6-6-6 and took 12%
    /// less CPU in all (45.8 against 51.8 s, back to back on one core,
    /// 2026-12-01), for a build of 277 CPU-seconds instead of 130 (peak
    /// 1.55 GiB instead of 1.31) and a 486 MiB file instead of 243. On the 15-puzzle classic 7-8 is kept:
    /// its compact form is not measured.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::{PdbSpec, TableKind};
    /// use npuzzle::{Goal, Shape};
    /// let spec = PdbSpec::recommended(&Goal::blank_first(Shape::new(5, 5)?))?;
    /// assert_eq!(spec.partition().name(), Some("6-6-6-6"));
    /// assert_eq!(spec.kind(), TableKind::Compact);
    /// assert_eq!(spec.file_name(), "5x5-blank-first-6-6-6-6-zero-compact.pdb");
    /// let spec = PdbSpec::recommended(&Goal::blank_first(Shape::new(4, 4)?))?;
    /// assert_eq!((spec.partition().name(), spec.kind()), (Some("7-8"), TableKind::Classic));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn recommended(goal: &Goal) -> Result<PdbSpec, Error> {
        Ok(PdbSpec::suggested(goal)?.with_kind(TableKind::recommended(goal.shape())))
    }

    /// The strongest set of databases for `goal` whose tables together fit
    /// in `max_bytes` (`pdb build --fit`), from a ladder strongest first. On
    /// 5×5: compact zero-aware 6-6-6-6 (486 MiB), classic 6-6-6-6 (243 MiB),
    /// compact zero-aware 5-5-5-5-4 and 5-5-5-5-4b (49.2 MiB, read together
    /// as the larger of their sums: on Korf & Felner's 50 24-puzzles
    /// `anytime --timeout 100ms` answers 1.10–1.11 times the optimal length
    /// with both, 1.12–1.14 with the first), compact zero-aware 5-5-5-5-4
    /// alone (24.6 MiB) and classic 5-5-5-5-4 (12.3 MiB). The 5-5-5-5-4
    /// sets' root estimates average 80.22 compact and 80.06 classic; full
    /// zero-aware tables (49.1 MiB) average the same 80.22 as compact ones
    /// and are left out. On 4×4: 7-8, 6-6-3 and 5-5-5, classic. Elsewhere
    /// the [`suggested`](PdbSpec::suggested) set, if it fits. Named
    /// partitions need the goal's blank in a corner; those that do not fit
    /// the goal are skipped.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::{PdbSpec, TableKind};
    /// use npuzzle::{Goal, Shape};
    /// let goal = Goal::blank_first(Shape::new(5, 5)?);
    /// let names = |set: &[PdbSpec]| set.iter().map(|s| (s.partition().name(), s.kind())).collect::<Vec<_>>();
    /// let set = PdbSpec::fitting(&goal, 64 << 20)?;
    /// assert_eq!(names(&set), [(Some("5-5-5-5-4"), TableKind::Compact), (Some("5-5-5-5-4b"), TableKind::Compact)]);
    /// assert!(set.iter().map(|s| s.table_bytes()).sum::<u64>() <= 64 << 20);
    /// let set = PdbSpec::fitting(&goal, 32 << 20)?;
    /// assert_eq!(names(&set), [(Some("5-5-5-5-4"), TableKind::Compact)]);
    /// let set = PdbSpec::fitting(&goal, 16 << 20)?;
    /// assert_eq!(names(&set), [(Some("5-5-5-5-4"), TableKind::Classic)]);
    /// let small = PdbSpec::fitting(&goal, 1 << 20).unwrap_err().to_string();
    /// assert!(small.contains("the smallest, classic 5-5-5-5-4"), "{small}");
    /// let set = PdbSpec::fitting(&Goal::blank_first(Shape::new(4, 4)?), 64 << 20)?;
    /// assert_eq!(names(&set), [(Some("6-6-3"), TableKind::Classic)]);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn fitting(goal: &Goal, max_bytes: u64) -> Result<Vec<PdbSpec>, Error> {
        use TableKind::{Classic, Compact};
        let shape = goal.shape();
        let ladder: &[&[(&str, TableKind)]] = match (shape.width(), shape.height()) {
            (5, 5) => &[
                &[("6-6-6-6", Compact)],
                &[("6-6-6-6", Classic)],
                &[("5-5-5-5-4", Compact), ("5-5-5-5-4b", Compact)],
                &[("5-5-5-5-4", Compact)],
                &[("5-5-5-5-4", Classic)],
            ],
            (4, 4) => &[&[("7-8", Classic)], &[("6-6-3", Classic)], &[("5-5-5", Classic)]],
            _ => &[],
        };
        let mut candidates: Vec<Vec<PdbSpec>> = Vec::new();
        'sets: for &set in ladder {
            let mut specs = Vec::new();
            for &(name, kind) in set {
                let Ok(partition) = Partition::named(name, goal) else {
                    continue 'sets;
                };
                specs.push(PdbSpec::new(goal.clone(), partition)?.with_kind(kind));
            }
            candidates.push(specs);
        }
        if candidates.is_empty() {
            candidates.push(vec![PdbSpec::suggested(goal)?]);
        }
        let bytes = |set: &[PdbSpec]| set.iter().map(PdbSpec::table_bytes).sum::<u64>();
        if let Some(set) = candidates.iter().find(|set| bytes(set) <= max_bytes) {
            return Ok(set.clone());
        }
        let smallest = candidates
            .iter()
            .min_by_key(|set| bytes(set))
            .and_then(|set| set.first())
            .ok_or_else(|| DatabaseError::Unsupported {
                reason: format!("no database set for a {shape} board"),
            })?;
        Err(DatabaseError::NothingFits {
            shape,
            max_bytes,
            smallest: format!("{} {}", smallest.kind().label(), smallest.partition().to_arg()),
            smallest_bytes: smallest.table_bytes(),
        }
        .into())
    }

    /// The goal as names and messages write it: `standard`, `blank-first`,
    /// or its tiles in quotes.
    pub fn goal_label(&self) -> String {
        let shape = self.shape();
        if self.goal == Goal::blank_first(shape) {
            "blank-first".into()
        } else if self.goal == Goal::standard(shape) {
            "standard".into()
        } else {
            format!("\"{}\"", self.goal)
        }
    }

    /// The file name in a database directory, e.g. `4x4-blank-first-7-8.pdb`
    /// or `3x3-standard-1.2.3_4.5.6.7.8.pdb`; goals other than the standard
    /// and blank-first ones are named by a hash of their tiles.
    pub fn file_name(&self) -> String {
        let shape = self.shape();
        let goal = if self.goal == Goal::blank_first(shape) {
            "blank-first".to_string()
        } else if self.goal == Goal::standard(shape) {
            "standard".to_string()
        } else {
            format!("goal{:016x}", Xxh64::hash(self.goal.board().tiles()))
        };
        let partition = match self.partition.name() {
            Some(name) => name.to_string(),
            None => {
                let patterns: Vec<String> = self
                    .partition
                    .patterns()
                    .iter()
                    .map(|p| p.iter().map(u8::to_string).collect::<Vec<_>>().join("."))
                    .collect();
                patterns.join("_")
            }
        };
        let zero = match self.kind {
            TableKind::Classic => "",
            TableKind::ZeroAware => "-zero",
            TableKind::Compact => "-zero-compact",
        };
        format!("{shape}-{goal}-{partition}{zero}.{EXTENSION}")
    }
}

/// Tiles, goal and partition: `4x4 goal x 1 2 … partition 1,2,3/…`.
impl fmt::Display for PdbSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} goal {} partition {}{}{}",
            self.shape(),
            self.goal_label(),
            self.partition.to_arg(),
            if self.zero_aware() { " " } else { "" },
            if self.zero_aware() { self.kind.label() } else { "" }
        )
    }
}

/// How to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BuildOptions {
    /// Threads to use; 0 means one per core.
    pub threads: usize,
    /// Refuse to build when [`PdbSpec::build_memory`] is larger than this many bytes.
    pub max_memory: Option<u64>,
}

/// Where a build is, reported to its progress callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildProgress {
    /// The pattern being built (0-based).
    pub pattern: usize,
    /// Number of patterns.
    pub patterns: usize,
    /// Pattern moves of the layer being expanded.
    pub depth: u32,
    /// Entries of this pattern reached so far.
    pub reached: u64,
    /// Entries of this pattern.
    pub entries: u64,
    /// Entries of the patterns already finished.
    pub done: u64,
    /// Entries of all patterns.
    pub total: u64,
}

impl BuildProgress {
    /// The share of entries reached, from 0 to 1 (a fair measure of time:
    /// the work per entry is about the same for every pattern of a board).
    pub fn fraction(&self) -> f64 {
        (self.done + self.reached) as f64 / self.total.max(1) as f64
    }
}
