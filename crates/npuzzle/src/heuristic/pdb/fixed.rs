//! The additive databases as a [`FixedHeuristic`] for the specialised IDA*:
//! [`FixedPdb`] and its per-node [`PdbState`].

use super::compact::MainRegion;
use super::pattern::{rank, weights, PatternDatabase};
use super::regions::Flood;
use super::{AdditivePdb, PdbSet};
use crate::error::Refusal;
use crate::heuristic::fixed::{Dynamic, FixedBoard, FixedHeuristic};
use crate::heuristic::WithFixedHeuristic;
use crate::Error;

/// Runs `with` with the fixed-size form of `pdb` for boards of `N` cells:
/// [`FixedPdb`] with its per-node state sized for the partition (up to five
/// patterns: the 5×5 `5-5-5-5-4`), or the slice-based databases, several
/// times slower, for partitions of more.
///
/// Zero-aware tables get the form that also keeps each pattern's cells
/// (`Z = V`), classic ones the one that does not (`Z = 0`).
pub fn run_fixed<const N: usize, F: WithFixedHeuristic<N>>(pdb: &AdditivePdb, with: F) -> Result<F::Output, Error> {
    let zero = pdb.patterns().iter().any(PatternDatabase::is_zero_aware);
    match (pdb.patterns().len(), zero) {
        (0..=2, false) => with.run(&FixedPdb::<N, 2>::new(pdb)?),
        (3..=4, false) => with.run(&FixedPdb::<N, 4>::new(pdb)?),
        (0..=2, true) => with.run(&FixedPdb::<N, 2, 2, 2>::new(pdb)?),
        (3..=4, true) => with.run(&FixedPdb::<N, 4, 2, 2>::new(pdb)?),
        (5, false) => with.run(&FixedPdb::<N, 5>::new(pdb)?),
        (5, true) => with.run(&FixedPdb::<N, 5, 2, 2>::new(pdb)?),
        _ => with.run(&Dynamic(pdb.clone())),
    }
}

/// The most views (a partition, or its mirror image) a set of several
/// partitions may have for the specialised lookups; bigger sets are read
/// through the generic [`Heuristic`](crate::heuristic::Heuristic) path, much slower.
pub const MAX_FIXED_VIEWS: usize = 4;
/// The most patterns per partition in such a set (two `5-5-5-5-4` sets).
pub const MAX_FIXED_PATTERNS: usize = 5;

/// [`run_fixed`] for a set of databases: one member as [`run_fixed`] does;
/// several, as the maximum over every member and its reflection, with
/// [`FixedPdb`] holding up to four views of up to five patterns each
/// (two partitions with their reflections), else the slice-based set.
pub fn run_fixed_set<const N: usize, F: WithFixedHeuristic<N>>(set: &PdbSet, with: F) -> Result<F::Output, Error> {
    if let [one] = set.members() {
        return run_fixed(one, with);
    }
    let views: usize = set
        .members()
        .iter()
        .map(|m| 1 + usize::from(m.reflection().is_some()))
        .sum();
    let patterns = set.members().iter().map(|m| m.patterns().len()).max().unwrap_or(0);
    let zero = set
        .members()
        .iter()
        .any(|m| m.patterns().iter().any(PatternDatabase::is_zero_aware));
    // Zero-aware tables need the instances that keep the blank's regions.
    match (views, patterns, zero) {
        (..=MAX_FIXED_VIEWS, ..=4, true) => {
            with.run(&FixedPdb::<N, 4, MAX_FIXED_VIEWS, MAX_FIXED_VIEWS>::for_set(set)?)
        }
        (..=MAX_FIXED_VIEWS, ..=4, false) => with.run(&FixedPdb::<N, 4, MAX_FIXED_VIEWS>::for_set(set)?),
        (..=MAX_FIXED_VIEWS, 5, true) => with.run(&FixedPdb::<N, 5, MAX_FIXED_VIEWS, MAX_FIXED_VIEWS>::for_set(set)?),
        (..=MAX_FIXED_VIEWS, 5, false) => with.run(&FixedPdb::<N, 5, MAX_FIXED_VIEWS>::for_set(set)?),
        _ => with.run(&Dynamic(set.clone())),
    }
}

/// Most cells strictly between the two ends of a move (boards up to 8 wide).
const MAX_BETWEEN: usize = 7;
/// "In no pattern".
const NONE: u8 = u8::MAX;

/// What a move of a tile from one cell to a neighbouring one does in one
/// view (the board or its mirror image).
#[derive(Debug, Clone, Copy, Default)]
struct MoveInfo {
    /// Cell in the view after minus cell before: ±1 or ±width.
    diff: i8,
    /// How many cells lie strictly between the two (in the view's row-major order).
    count: u8,
    /// Those cells, as cells of the board (where the tiles are read).
    between: [u8; MAX_BETWEEN],
}

/// One view of the board: the board itself, or its mirror image read
/// through the board, for the databases of one partition.
#[derive(Debug, Clone)]
struct View<'a, const N: usize, const P: usize> {
    /// The tables of the partition's patterns.
    tables: [Lookup<'a>; P],
    /// Place values of each pattern's index digits.
    weights: Vec<Vec<u64>>,
    /// The pattern that board tile `t` (as its mirror tile, in the mirror
    /// view) belongs to, or `NONE`.
    pattern: [u8; N],
    /// Its slot in that pattern's tile list.
    slot: [u8; N],
    /// The place value of its slot in the pattern's index.
    weight: [u32; N],
    /// `distance[t * N + c]`: the Manhattan distance counted for board tile
    /// `t` on board cell `c` (0 for tiles of no pattern).
    distance: Vec<u8>,
    /// `moves[from * N + to]` for board cells `from` and `to`.
    moves: Vec<MoveInfo>,
    /// The view's cell for each board cell.
    cell: [u8; N],
    /// Regions of free cells in the view, for zero-aware tables.
    flood: Flood,
    /// For each pattern, the board tiles whose cells (in the view) give its
    /// placement, in slot order.
    tiles: Vec<Vec<u8>>,
}

/// The table of one pattern, with how to read an entry.
#[derive(Debug, Clone, Copy)]
pub(super) struct Lookup<'a> {
    bytes: &'a [u8],
    /// 1 for 4-bit entries (two a byte), 0 for 8-bit ones.
    shift: u32,
    mask: u8,
    /// Entries per placement: 1, or the most regions for a zero-aware table.
    regions: u32,
    /// For a compact zero-aware table, where its main regions are.
    compact: Option<MainRegion>,
    /// How [`Lookup::get_least`] reads an entry `x`: `(x & low).min((x >>
    /// 4) | high)`. The entry itself (`0xff`, `0xff`) for every table but a
    /// compact one read for its least values (`0x0f`, `0`).
    low: u8,
    high: u8,
}

impl<'a> Lookup<'a> {
    /// How to read `db`'s table.
    pub(super) fn of(db: &'a PatternDatabase) -> Lookup<'a> {
        let four = db.bits() == 4;
        Lookup {
            bytes: db.table(),
            shift: u32::from(four),
            mask: if four { 0xf } else { 0xff },
            regions: db.regions(),
            compact: db.main_region().copied(),
            low: 0xff,
            high: 0xff,
        }
    }

    /// How to read `db`'s least values with [`Lookup::get_least`]: for a
    /// compact table the least of its byte's two values (the least
    /// zero-aware value over every region of the placement, at least the
    /// classic value), with no flood fill; for a classic table its
    /// entries. `None` for a zero-aware table that is not compact.
    pub(super) fn least_of(db: &'a PatternDatabase) -> Option<Lookup<'a>> {
        let lookup = Lookup::of(db);
        match (lookup.compact, lookup.regions) {
            (Some(_), _) => Some(Lookup {
                compact: None,
                low: 0x0f,
                high: 0,
                ..lookup
            }),
            (None, 1) => Some(lookup),
            (None, _) => None,
        }
    }

    /// Nothing to read (a pattern slot left unused).
    pub(super) const EMPTY: Lookup<'static> = Lookup {
        bytes: &[],
        shift: 0,
        mask: 0,
        regions: 1,
        compact: None,
        low: 0xff,
        high: 0xff,
    };

    #[inline(always)]
    pub(super) fn get(&self, index: u32) -> u8 {
        let byte = self.bytes[(index >> self.shift) as usize];
        (byte >> ((index & self.shift) * 4)) & self.mask
    }

    /// The value of placement `index` in a table that keeps one value per
    /// placement: a classic table's entry, or the least value of a compact
    /// one read by [`Lookup::least_of`].
    #[inline(always)]
    pub(super) fn get_least(&self, index: u32) -> u8 {
        let x = self.get(index);
        (x & self.low).min((x >> 4) | self.high)
    }

    /// The value of placement `index`, whose tiles take the cells
    /// `occupied`, with the blank on cell `blank`: read for the blank's
    /// region from a zero-aware table (one flood fill and a count), picked
    /// from a compact table's byte (a fill only when its two values
    /// differ), the placement's entry from a classic one.
    #[inline(always)]
    pub(super) fn get_at(&self, index: u32, blank: usize, occupied: u64, flood: &Flood) -> u8 {
        let free = flood.all & !occupied;
        if let Some(main) = &self.compact {
            main.value(self.get(index), 1 << blank, free)
        } else if self.regions > 1 {
            self.get(index * self.regions + flood.number_at(blank, free))
        } else {
            self.get(index)
        }
    }
}

/// An [`AdditivePdb`] of at most `P` patterns as a [`FixedHeuristic`] on
/// boards of `N` cells (up to 8 wide), with O(1) work per move per view. It
/// borrows the tables of the databases.
///
/// A view is one additive sum: a partition's databases read on the board
/// or on its mirror image. One partition gives one or two views; a
/// [`PdbSet`] of several partitions gives up to `V` (by default 2), and the
/// estimate is the largest sum ([`FixedPdb::for_set`]).
///
/// `P` only sizes the per-node state: a partition of fewer patterns works
/// (the rest stay empty), so `FixedPdb<16, 2>` suits `7-8` and
/// `FixedPdb<16, 4>` also `5-5-5` and `6-6-3`.
///
/// Through the slice-based [`Heuristic`](crate::heuristic::Heuristic) trait,
/// [`AdditivePdb`] ranks every pattern of the board (and of its mirror image)
/// after every move. This keeps instead, in the per-node [`PdbState`], each
/// pattern's index and value for the board and for its mirror image. A move
/// changes the placement of one pattern on the board and of one on the mirror
/// image (the patterns holding the moved tile and its mirror tile), so a step
/// updates two indices and reads two table entries:
///
/// - **Index.** The index ranks the pattern tiles' cells as a
///   `k`-permutation in lexicographic order (digit `j` = cell of tile `j`
///   minus the cells below it taken by tiles before `j`). When tile `j` moves
///   from cell `a` to cell `b`, only pattern tiles on the cells strictly
///   between `a` and `b` change any digit: none for a move along a row, at
///   most `width - 1` for a move along a column. Those cells are read from
///   the board, so the index changes by a handful of additions and the
///   positions of the pattern tiles are never needed.
/// - **Mirror image.** A move along a row of the board is a move along a
///   column of the mirror image and the other way round; the cells between
///   are precomputed per move as board cells, and a tile's pattern and slot
///   on the mirror image are looked up by the board's tile.
/// - **Lazy second lookup.** The estimate is the larger of the two sums. The
///   search only needs it exactly when it is below a cutoff (see
///   [`FixedHeuristic::step_bounded`]); when the board's sum already reaches
///   the cutoff, the mirror image's table is not read at all (on the
///   24-puzzle, for about two in five children).
///
/// **Zero-aware tables** (`Z = V`; [`run_fixed`] picks it) are read at
/// `index × regions + region`, the region being that of the blank among the
/// cells the pattern's tiles leave free in the view. The state keeps each
/// pattern's cells as a bit mask per view; a move changes the mask and the
/// region of the moved tile's pattern only (for every other pattern the
/// blank moved between two of its free cells, which lie in one region), so
/// a step still reads one entry per view, after one flood fill on the mask.
/// Classic instances (`Z = 0`) keep no masks and refuse zero-aware tables.
///
/// Memory reads dominate: on the 24-puzzle about a third of the time goes to
/// waiting for the two table reads. Things tried and measured no faster (see
/// `bench/RESULTS-pdb.md`): prefetching the entries of all children, or of
/// the mirror image, before reading; computing all children before searching
/// the first; reading first the view that was larger at the parent; the
/// tables copied to anonymous memory with huge pages; unchecked indexing.
/// Prefetching was tried again (2026-12-01) with compact 6-6-6-6 and
/// 7-7-7-3 and dual lookups, whose tables (4.1 GB) are read from memory
/// rather than cache: every child's entry in every view, in the first view
/// only, or only where the dual sums leave it needed, hints `T0` to `NTA`,
/// the dual views' fresh entries too — 13-36% slower in every form, on all
/// five Korf–Felner instances measured (#1, #25, #38, #40, #44), with the
/// same node counts; the loads already overlap, and computing where to
/// prefetch costs more than it hides.
///
/// ```
/// use npuzzle::heuristic::fixed::FixedHeuristic;
/// use npuzzle::heuristic::pdb::{AdditivePdb, FixedPdb, PdbSpec};
/// use npuzzle::heuristic::Heuristic;
/// use npuzzle::Goal;
///
/// let goal = Goal::blank_first("4x4".parse()?);
/// let spec = PdbSpec::parse(&goal, "5-5-5")?;
/// let pdb = AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?;
/// let h = FixedPdb::<16, 4>::new(&pdb)?;
/// let tiles = [4, 1, 2, 3, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// let state = h.start(&tiles);
/// assert_eq!(h.value(&state), pdb.estimate(&tiles));
/// // Tile 5 slides from cell 4 right into the blank in cell 5.
/// let after = [4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// let next = h.step(&after, &state, 5, 4, 5);
/// assert_eq!(h.value(&next), pdb.estimate(&after));
/// assert_eq!(next, h.start(&after));
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct FixedPdb<'a, const N: usize, const P: usize, const V: usize = 2, const Z: usize = 0> {
    /// The views in the order they are read: for each partition the board,
    /// then its mirror image when there is a reflection. Views past
    /// `active` are unused copies.
    views: [View<'a, N, P>; V],
    /// How many views are used.
    active: usize,
}

/// The per-node state of a [`FixedPdb`]: the estimate, and for each view
/// (the board and its mirror image, per partition) each pattern's index and
/// value and the sum; with zero-aware tables (`Z = V`), also each
/// pattern's cells per view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PdbState<const P: usize, const V: usize = 2, const Z: usize = 0> {
    h: u32,
    /// Manhattan distance of the covered tiles plus twice the values, per view.
    sum: [u32; V],
    index: [[u32; P]; V],
    value: [[u8; P]; V],
    /// For zero-aware tables, the cells (in the view, a bit each) of each
    /// pattern's tiles; no room at all for classic ones (`Z = 0`).
    occupied: [[u32; P]; Z],
}

impl<const P: usize, const V: usize, const Z: usize> PdbState<P, V, Z> {
    /// The sum of each view (0 for unused views). After
    /// [`FixedHeuristic::step_bounded`] returned an estimate at or above its
    /// cutoff, the views after the one that reached it may be stale.
    pub fn sums(&self) -> [u32; V] {
        self.sum
    }
}

impl<'a, const N: usize, const P: usize, const V: usize, const Z: usize> FixedPdb<'a, N, P, V, Z> {
    /// For `pdb`, whose board must have `N` cells, be at most 8 wide, and
    /// whose partition must have at most `P` patterns. The reflection is used
    /// if `pdb` has one (see [`AdditivePdb::set_reflection`]).
    pub fn new(pdb: &'a AdditivePdb) -> Result<FixedPdb<'a, N, P, V, Z>, Error> {
        let views = Self::views_of(pdb, false)?;
        Self::with_views(views, pdb)
    }

    /// Like [`FixedPdb::new`], but a compact zero-aware table is read for
    /// the least value of each placement (the least over the regions of
    /// its free cells, wherever the blank is): no flood fill and no masks,
    /// so the cost of a classic lookup, with values at least the classic
    /// ones. Classic tables are read as by [`FixedPdb::new`]; zero-aware
    /// tables that are not compact are refused. For the cheap iterations
    /// of [`HeuristicKind::PdbAdaptive`](crate::HeuristicKind::PdbAdaptive).
    ///
    /// ```
    /// use npuzzle::heuristic::fixed::FixedHeuristic;
    /// use npuzzle::heuristic::pdb::{AdditivePdb, FixedPdb, PdbSpec};
    /// use npuzzle::heuristic::Heuristic;
    /// use npuzzle::Goal;
    ///
    /// let goal = Goal::blank_first("3x3".parse()?);
    /// let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8")?;
    /// let classic = AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?;
    /// let zero = AdditivePdb::build(&spec.with_zero_aware(true), &Default::default(), &mut |_| {})?;
    /// let compact = zero.compact(1)?;
    /// let least = FixedPdb::<9, 2>::least(&compact)?;
    /// let tiles = [8, 6, 7, 2, 5, 4, 3, 0, 1];
    /// let h = least.value(&least.start(&tiles));
    /// assert!(classic.estimate(&tiles) <= h && h <= compact.estimate(&tiles));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn least(pdb: &'a AdditivePdb) -> Result<FixedPdb<'a, N, P, V, Z>, Error> {
        let views = Self::views_of(pdb, true)?;
        Self::with_views(views, pdb)
    }

    /// For every member of `set` (each as [`FixedPdb::new`] takes it): the
    /// largest of all their sums, members read in the set's order, each on
    /// the board and then on its mirror image. At most `V` views.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use npuzzle::heuristic::fixed::FixedHeuristic;
    /// use npuzzle::heuristic::pdb::{AdditivePdb, FixedPdb, PdbSet, PdbSpec};
    /// use npuzzle::heuristic::Heuristic;
    /// use npuzzle::Goal;
    ///
    /// let goal = Goal::blank_first("4x4".parse()?);
    /// let build = |p: &str| -> Result<Arc<AdditivePdb>, npuzzle::Error> {
    ///     Ok(Arc::new(AdditivePdb::build(&PdbSpec::parse(&goal, p)?, &Default::default(), &mut |_| {})?))
    /// };
    /// let set = PdbSet::new(vec![build("5-5-5")?, build("6-6-3")?])?;
    /// let h = FixedPdb::<16, 4, 4>::for_set(&set)?;
    /// let tiles = [4, 1, 2, 3, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    /// let state = h.start(&tiles);
    /// assert_eq!(h.value(&state), set.estimate(&tiles));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn for_set(set: &'a PdbSet) -> Result<FixedPdb<'a, N, P, V, Z>, Error> {
        Self::set_views(set, false)
    }

    /// [`FixedPdb::for_set`] with the tables read as [`FixedPdb::least`] reads them.
    pub fn least_for_set(set: &'a PdbSet) -> Result<FixedPdb<'a, N, P, V, Z>, Error> {
        Self::set_views(set, true)
    }

    fn set_views(set: &'a PdbSet, least: bool) -> Result<FixedPdb<'a, N, P, V, Z>, Error> {
        let mut views = Vec::new();
        for member in set.members() {
            views.extend(Self::views_of(member, least)?);
        }
        Self::with_views(views, &set.members()[0])
    }

    fn with_views(views: Vec<View<'a, N, P>>, pdb: &AdditivePdb) -> Result<FixedPdb<'a, N, P, V, Z>, Error> {
        let active = views.len();
        if active > V {
            return Err(Error::Refused(Refusal::Unsupported {
                algorithm: "pdb (fixed size)",
                shape: pdb.spec().shape(),
                reason: format!("{active} lookups per node; this instance holds at most {V}"),
            }));
        }
        let views = std::array::from_fn(|v| views[v.min(active - 1)].clone());
        Ok(FixedPdb { views, active })
    }

    /// The views of one partition: the board, and its mirror image if `pdb`
    /// has a reflection; its tables read for their least values if `least`.
    fn views_of(pdb: &'a AdditivePdb, least: bool) -> Result<Vec<View<'a, N, P>>, Error> {
        let goal = pdb.spec().goal();
        let shape = goal.shape();
        let unsupported = |reason: String| {
            Error::Refused(Refusal::Unsupported {
                algorithm: "pdb (fixed size)",
                shape,
                reason,
            })
        };
        if shape.cells() != N {
            return Err(unsupported(format!("this instance is built for boards of {N} cells")));
        }
        if shape.width() > MAX_BETWEEN + 1 || shape.height() > MAX_BETWEEN + 1 {
            return Err(unsupported(format!(
                "boards more than {} cells wide or high are not supported",
                MAX_BETWEEN + 1
            )));
        }
        let patterns = pdb.patterns();
        if patterns.len() > P {
            return Err(unsupported(format!(
                "the partition has {} patterns; this instance holds at most {P}",
                patterns.len()
            )));
        }
        for db in patterns {
            if db.entries() > u64::from(u32::MAX) {
                return Err(unsupported(format!(
                    "a pattern of {} tiles is too large",
                    db.tiles().len()
                )));
            }
            if least && Lookup::least_of(db).is_none() {
                return Err(unsupported(
                    "only classic and compact tables can be read for their least values".into(),
                ));
            }
            if db.is_zero_aware() && !least && Z != V {
                return Err(unsupported(
                    "zero-aware tables need the instance that keeps the blank's regions".into(),
                ));
            }
        }
        if Z != 0 && Z != V {
            return Err(unsupported(format!("{Z} sets of masks for {V} views")));
        }
        let width = shape.width();
        let identity: Vec<usize> = (0..N).collect();
        let mut views = vec![View::new(pdb, &identity, &|t| t, width, least)];
        if let Some(r) = pdb.reflection() {
            let cell: Vec<usize> = (0..N).map(|c| r.cell(c)).collect();
            views.push(View::new(pdb, &cell, &|t| r.tile(t), width, least));
        }
        Ok(views)
    }

    /// The index in view `v` (0 = board, 1 = mirror image) of the pattern
    /// holding the moved tile after the move, given the state before it:
    /// `(pattern, index)`, or `None` when the tile counts in no pattern of
    /// that view.
    #[inline(always)]
    fn moved_index<B: FixedBoard<N>>(
        &self,
        v: usize,
        after: &B,
        state: &PdbState<P, V, Z>,
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<(usize, u32)> {
        let view = &self.views[v];
        let t = usize::from(tile);
        let p = view.pattern[t];
        if p == NONE {
            return None;
        }
        let p = usize::from(p);
        let m = &view.moves[from * N + to];
        let slot = view.slot[t];
        let sign: i64 = if m.diff > 0 { 1 } else { -1 };
        let mut digit = i64::from(m.diff);
        let mut delta = 0i64;
        for &c in &m.between[..usize::from(m.count)] {
            let u = usize::from(after.tile(usize::from(c)));
            if usize::from(view.pattern[u]) == p {
                if view.slot[u] < slot {
                    digit -= sign;
                } else {
                    delta += sign * i64::from(view.weight[u]);
                }
            }
        }
        let index = (i64::from(state.index[v][p]) + delta + digit * i64::from(view.weight[t])) as u32;
        Some((p, index))
    }

    /// Reads the value at `index` of pattern `p` and updates view `v` of `s`
    /// for the move of `tile` from `from` to `to`.
    #[inline(always)]
    fn apply(&self, v: usize, s: &mut PdbState<P, V, Z>, (p, index): (usize, u32), tile: u8, from: usize, to: usize) {
        let view = &self.views[v];
        let t = usize::from(tile);
        let table = &view.tables[p];
        let value = if Z > 0 {
            let occupied = s.occupied[v][p] ^ (1 << view.cell[from]) ^ (1 << view.cell[to]);
            for q in 0..P {
                s.occupied[v][q] = if q == p { occupied } else { s.occupied[v][q] };
            }
            // The blank is now where the tile was.
            table.get_at(index, usize::from(view.cell[from]), u64::from(occupied), &view.flood)
        } else {
            table.get_least(index)
        };
        s.sum[v] = s.sum[v] + u32::from(view.distance[t * N + to]) + 2 * u32::from(value)
            - u32::from(view.distance[t * N + from])
            - 2 * u32::from(s.value[v][p]);
        // Every slot is written, the new entry or the old one: a store of one
        // element at a place known only at run time, read back by the wider
        // loads that copy the state to the child, stalls the store
        // forwarding (measured 15-20% slower on the 24-puzzle).
        for q in 0..P {
            let hit = q == p;
            s.index[v][q] = if hit { index } else { s.index[v][q] };
            s.value[v][q] = if hit { value } else { s.value[v][q] };
        }
    }
}

impl<'a, const N: usize, const P: usize> View<'a, N, P> {
    /// The view in which board cell `c` is cell `cell[c]` and board tile `t`
    /// is tile `tile(t)`.
    /// With `least`, the tables are read by [`Lookup::least_of`] (which the
    /// caller checked they can be).
    fn new(pdb: &'a AdditivePdb, cell: &[usize], tile: &dyn Fn(u8) -> u8, width: usize, least: bool) -> View<'a, N, P> {
        let goal = pdb.spec().goal();
        let shape = goal.shape();
        let mut tables = [Lookup::EMPTY; P];
        for (slot, db) in tables.iter_mut().zip(pdb.patterns()) {
            *slot = match least.then(|| Lookup::least_of(db)).flatten() {
                Some(lookup) => lookup,
                None => Lookup::of(db),
            };
        }
        let mut view = View {
            tables,
            weights: pdb.patterns().iter().map(|db| weights(N, db.tiles().len())).collect(),
            pattern: [NONE; N],
            slot: [0; N],
            weight: [0; N],
            distance: vec![0; N * N],
            moves: vec![MoveInfo::default(); N * N],
            cell: std::array::from_fn(|c| cell[c] as u8),
            flood: Flood::new(shape),
            tiles: Vec::new(),
        };
        for (p, db) in pdb.patterns().iter().enumerate() {
            let w = weights(N, db.tiles().len());
            for t in 0..N as u8 {
                if let Some(j) = db.tiles().iter().position(|&x| x == tile(t)) {
                    let t = usize::from(t);
                    view.pattern[t] = p as u8;
                    view.slot[t] = j as u8;
                    view.weight[t] = w[j] as u32;
                }
            }
            // Tile `tile(t)` is in slot `j` when board tile `t` is, so the
            // board tile of slot `j` is `tile(tiles[j])` (`tile` is its own inverse).
            view.tiles.push(db.tiles().iter().map(|&x| tile(x)).collect());
        }
        // The view is the mirror image only for square boards, so `width`
        // is the view's width too.
        let mut board_cell = vec![0usize; N];
        for (c, &vc) in cell.iter().enumerate() {
            board_cell[vc] = c;
        }
        for t in 0..N {
            if view.pattern[t] == NONE {
                continue;
            }
            let home = goal.position_of(tile(t as u8));
            for (d, &c) in view.distance[t * N..(t + 1) * N].iter_mut().zip(cell) {
                *d = shape.distance(home, c) as u8;
            }
        }
        for from in 0..N {
            for to in 0..N {
                let (a, b) = (cell[from], cell[to]);
                let d = a.abs_diff(b);
                let neighbours = shape.distance(from, to) == 1;
                if !neighbours || (d != 1 && d != width) {
                    continue;
                }
                let mut m = MoveInfo {
                    diff: if b > a { d as i8 } else { -(d as i8) },
                    ..MoveInfo::default()
                };
                for &c in &board_cell[a.min(b) + 1..a.max(b)] {
                    m.between[usize::from(m.count)] = c as u8;
                    m.count += 1;
                }
                view.moves[from * N + to] = m;
            }
        }
        view
    }
}

impl<const N: usize, const P: usize, const V: usize, const Z: usize> FixedHeuristic<N> for FixedPdb<'_, N, P, V, Z> {
    type State = PdbState<P, V, Z>;
    // Table reads: 6-15 M expanded nodes per second (README).
    const NODE_COST: u64 = 10;

    fn start(&self, tiles: &[u8; N]) -> PdbState<P, V, Z> {
        let mut s = PdbState {
            h: 0,
            sum: [0; V],
            index: [[0; P]; V],
            value: [[0; P]; V],
            occupied: [[0; P]; Z],
        };
        let mut position = [0u8; N];
        for (c, &t) in tiles.iter().enumerate() {
            position[usize::from(t)] = c as u8;
        }
        for (v, view) in self.views.iter().enumerate().take(self.active) {
            for (p, pattern) in view.tiles.iter().enumerate() {
                let mut placement = [0u8; N];
                for (slot, &t) in placement.iter_mut().zip(pattern) {
                    *slot = view.cell[usize::from(position[usize::from(t)])];
                }
                let placement = &placement[..pattern.len()];
                let index = rank(placement, &view.weights[p]) as u32;
                s.index[v][p] = index;
                let table = &view.tables[p];
                s.value[v][p] = if Z > 0 {
                    let occupied = placement.iter().fold(0u32, |m, &c| m | 1 << c);
                    s.occupied[v][p] = occupied;
                    let blank = usize::from(view.cell[usize::from(position[0])]);
                    table.get_at(index, blank, u64::from(occupied), &view.flood)
                } else {
                    table.get_least(index)
                };
                s.sum[v] += 2 * u32::from(s.value[v][p]);
            }
            for (c, &t) in tiles.iter().enumerate() {
                s.sum[v] += u32::from(view.distance[usize::from(t) * N + c]);
            }
        }
        s.h = s.sum.iter().copied().max().unwrap_or(0);
        s
    }

    #[inline(always)]
    fn value(&self, state: &PdbState<P, V, Z>) -> u32 {
        state.h
    }

    #[inline(always)]
    fn step<B: FixedBoard<N>>(
        &self,
        after: &B,
        state: &PdbState<P, V, Z>,
        tile: u8,
        from: usize,
        to: usize,
    ) -> PdbState<P, V, Z> {
        self.step_bounded(after, state, tile, from, to, u32::MAX).0
    }

    /// The views in order, each read only while the ones before it stay
    /// below the cutoff: the search only needs the estimate exactly when it
    /// is below the cutoff (on the 24-puzzle with one partition, the mirror
    /// image's table is not read for about two in five children). Reading
    /// first the view that was larger at the parent saves about one in five
    /// reads of the mirror image on the 24-puzzle, but was measured slower,
    /// whether the views were chosen at run time or were constants in two
    /// copies of this code.
    #[inline(always)]
    fn step_bounded<B: FixedBoard<N>>(
        &self,
        after: &B,
        state: &PdbState<P, V, Z>,
        tile: u8,
        from: usize,
        to: usize,
        cutoff: u32,
    ) -> (PdbState<P, V, Z>, u32) {
        let mut s = *state;
        let h = self.step_in_place(after, &mut s, tile, from, to, cutoff);
        (s, h)
    }

    #[inline(always)]
    fn step_bounded_in_place<B: FixedBoard<N>>(
        &self,
        after: &B,
        state: &mut PdbState<P, V, Z>,
        tile: u8,
        from: usize,
        to: usize,
        cutoff: u32,
    ) -> u32 {
        self.step_in_place(after, state, tile, from, to, cutoff)
    }
}

impl<const N: usize, const P: usize, const V: usize, const Z: usize> FixedPdb<'_, N, P, V, Z> {
    /// [`FixedHeuristic::step_bounded`] on `s`, the state before the move,
    /// turned into the state after it where it is exact; returns the
    /// value. For a caller holding the state inside its own (the dual
    /// lookups), so that it is not copied out and back: with two
    /// partitions of zero-aware tables the state is 164 bytes, copied by
    /// a call to `memcpy`.
    #[inline(always)]
    pub(crate) fn step_in_place<B: FixedBoard<N>>(
        &self,
        after: &B,
        s: &mut PdbState<P, V, Z>,
        tile: u8,
        from: usize,
        to: usize,
        cutoff: u32,
    ) -> u32 {
        for v in 0..V {
            if v >= self.active {
                break;
            }
            // View `v`'s index in `s` is still the one before the move:
            // each view changes only its own.
            if let Some(moved) = self.moved_index(v, after, s, tile, from, to) {
                self.apply(v, s, moved, tile, from, to);
            }
            if v + 1 < self.active && s.sum[v] >= cutoff {
                // The true estimate is at least this; later views are stale.
                return s.sum[v];
            }
        }
        // Unused views keep a sum of 0.
        s.h = s.sum.iter().copied().max().unwrap_or(0);
        s.h
    }
}

#[cfg(test)]
pub(super) mod tests;
