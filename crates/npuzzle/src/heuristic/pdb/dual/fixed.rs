//! The dual lookups as a [`FixedHeuristic`] for the specialised IDA*:
//! [`FixedDualPdb`] and its per-node [`DualState`].

use super::super::fixed::{FixedPdb, Lookup, PdbState};
use super::super::regions::Flood;
use super::super::{AdditivePdb, PdbSet};
use super::DualPdb;
use crate::error::Refusal;
use crate::heuristic::fixed::{Dynamic, FixedBoard, FixedHeuristic, FixedManhattan};
use crate::heuristic::WithFixedHeuristic;
use crate::Error;

/// Runs `with` with the fixed-size dual lookups of `set` on boards of `N`
/// cells: [`FixedDualPdb`] when every member has at most four patterns and
/// there are at most four views (two partitions with their reflections),
/// or one partition of five patterns and its reflection; else the
/// slice-based [`DualPdb`].
pub fn run_fixed_dual<const N: usize, F: WithFixedHeuristic<N>>(set: &PdbSet, with: F) -> Result<F::Output, Error> {
    let views: usize = set
        .members()
        .iter()
        .map(|m| 1 + usize::from(m.reflection().is_some()))
        .sum();
    let patterns = set.members().iter().map(|m| m.patterns().len()).max().unwrap_or(0);
    let longest = set
        .members()
        .iter()
        .flat_map(|m| m.patterns())
        .map(|db| db.tiles().len())
        .max()
        .unwrap_or(0);
    let zero = set
        .members()
        .iter()
        .any(|m| m.patterns().iter().any(|db| db.is_zero_aware()));
    if longest > MAX_TILES {
        return with.run(&Dynamic(DualPdb::new(set.clone())));
    }
    // Zero-aware tables need the instances that keep the blank's regions.
    match (views, patterns, zero) {
        (..=2, ..=2, false) => with.run(&FixedDualPdb::<N, 2, 2>::new(set)?),
        (..=2, ..=4, false) => with.run(&FixedDualPdb::<N, 4, 2>::new(set)?),
        (..=4, ..=4, false) => with.run(&FixedDualPdb::<N, 4, 4>::new(set)?),
        (..=2, ..=2, true) => with.run(&FixedDualPdb::<N, 2, 2, 2>::new(set)?),
        (..=2, ..=4, true) => with.run(&FixedDualPdb::<N, 4, 2, 2>::new(set)?),
        (..=4, ..=4, true) => with.run(&FixedDualPdb::<N, 4, 4, 4>::new(set)?),
        (..=2, 5, false) => with.run(&FixedDualPdb::<N, 5, 2>::new(set)?),
        (..=2, 5, true) => with.run(&FixedDualPdb::<N, 5, 2, 2>::new(set)?),
        (..=4, 5, false) => with.run(&FixedDualPdb::<N, 5, 4>::new(set)?),
        (..=4, 5, true) => with.run(&FixedDualPdb::<N, 5, 4, 4>::new(set)?),
        _ => with.run(&Dynamic(DualPdb::new(set.clone()))),
    }
}

/// Runs `with` with two fixed-size forms of `set` for
/// [`WithFixedHeuristic::run_adaptive`]: its least values
/// ([`FixedPdb::least_for_set`]) as the cheap one, its dual lookups (as
/// [`run_fixed_dual`] picks them) as the strong one. Sets the cheap form
/// cannot read (zero-aware tables that are not compact, more than two
/// views) run with the dual lookups alone.
pub fn run_fixed_adaptive<const N: usize, F: WithFixedHeuristic<N>>(set: &PdbSet, with: F) -> Result<F::Output, Error> {
    let patterns = set.members().iter().map(|m| m.patterns().len()).max().unwrap_or(0);
    if patterns == 5 {
        return match FixedPdb::<N, 5, 2>::least_for_set(set) {
            Ok(cheap) => run_fixed_dual(set, Adaptive { cheap: &cheap, with }),
            Err(_) => run_fixed_dual(set, with),
        };
    }
    match FixedPdb::<N, 4, 2>::least_for_set(set) {
        Ok(cheap) => run_fixed_dual(set, Adaptive { cheap: &cheap, with }),
        Err(_) => run_fixed_dual(set, with),
    }
}

/// `with` waiting for its strong heuristic, the cheap one at hand.
struct Adaptive<'c, C, F> {
    cheap: &'c C,
    with: F,
}

impl<const N: usize, C: FixedHeuristic<N>, F: WithFixedHeuristic<N>> WithFixedHeuristic<N> for Adaptive<'_, C, F> {
    type Output = F::Output;

    fn run<H: FixedHeuristic<N>>(self, strong: &H) -> Result<F::Output, Error> {
        self.with.run_adaptive(self.cheap, strong)
    }
}

/// Most tiles in one pattern the fixed form reads (the 15-puzzle's `7-8`).
const MAX_TILES: usize = 8;

/// One partition's databases read on the dual of the board, or of its
/// mirror image.
#[derive(Debug, Clone)]
struct DualView<'a, const N: usize, const P: usize> {
    tables: [Lookup<'a>; P],
    /// Place values of each pattern's index digits.
    weights: [[u32; MAX_TILES]; P],
    /// Tiles of each pattern.
    len: [u8; P],
    /// For each pattern and slot, the board cell whose tile gives the
    /// slot's cell on the dual: the goal cell of the slot's tile (in the
    /// mirror view, that cell's mirror image).
    source: [[u8; MAX_TILES]; P],
    /// The cell on the dual for the tile read there: its goal cell (in the
    /// mirror view, the mirror image of it).
    cell: [u8; N],
    /// For each board cell, the patterns (a bit each) that count while the
    /// blank is there: those whose goal region holds it (in the mirror view,
    /// holds its mirror image).
    counted: [u8; N],
    /// Whether each pattern's table is zero-aware (compact or not).
    zero_aware: [bool; P],
    /// Regions of free cells in the view, for zero-aware tables.
    flood: Flood,
}

impl<'a, const N: usize, const P: usize> DualView<'a, N, P> {
    /// The dual view of `pdb`, through the reflection when `mirror` is set.
    fn new(pdb: &'a AdditivePdb, mirror: bool) -> DualView<'a, N, P> {
        let goal = pdb.spec().goal();
        let reflect = |c: usize| match (mirror, pdb.reflection()) {
            (true, Some(r)) => r.cell(c),
            _ => c,
        };
        let mut view = DualView {
            tables: [Lookup::EMPTY; P],
            weights: [[0; MAX_TILES]; P],
            len: [0; P],
            source: [[0; MAX_TILES]; P],
            cell: std::array::from_fn(|t| reflect(goal.position_of(t as u8)) as u8),
            counted: [0; N],
            zero_aware: [false; P],
            flood: Flood::new(goal.shape()),
        };
        for (p, region) in super::goal_regions(pdb).iter().enumerate() {
            for (c, counted) in view.counted.iter_mut().enumerate() {
                if region[reflect(c)] {
                    *counted |= 1 << p;
                }
            }
        }
        for (p, db) in pdb.patterns().iter().enumerate() {
            view.tables[p] = Lookup::of(db);
            view.zero_aware[p] = db.is_zero_aware();
            view.len[p] = db.tiles().len() as u8;
            for (j, w) in super::super::pattern::weights(N, db.tiles().len())
                .into_iter()
                .enumerate()
            {
                view.weights[p][j] = w as u32;
            }
            for (j, &t) in db.tiles().iter().enumerate() {
                // The mirror view reads tile `r(t)`'s goal cell, the mirror of `t`'s.
                let source = reflect(goal.position_of(t));
                view.source[p][j] = source as u8;
            }
        }
        view
    }

    /// The index of pattern `p`'s placement on the dual of `board`, and
    /// the cells it takes there.
    #[inline(always)]
    fn index<B: FixedBoard<N>>(&self, board: &B, p: usize) -> (u32, u64) {
        let mut seen = 0u64;
        let mut index = 0u32;
        for j in 0..usize::from(self.len[p]) {
            let c = u32::from(self.cell[usize::from(board.tile(usize::from(self.source[p][j])))]);
            let below = (seen & ((1u64 << c) - 1)).count_ones();
            index += (c - below) * self.weights[p][j];
            seen |= 1u64 << c;
        }
        (index, seen)
    }

    /// Pattern `p`'s value on the dual of `board`.
    #[inline(always)]
    fn value<B: FixedBoard<N>>(&self, board: &B, p: usize) -> u8 {
        let (index, taken) = self.index(board, p);
        if !self.zero_aware[p] {
            return self.tables[p].get(index);
        }
        // Zero-aware: the dual's stand-in blank is on the goal's blank
        // cell (`cell[0]` in the view; see the module documentation).
        self.tables[p].get_at(index, usize::from(self.cell[0]), taken, &self.flood)
    }
}

/// The ordinary sums of [`FixedPdb`] and the dual sums (see
/// [`DualPdb`](super::DualPdb)) as one [`FixedHeuristic`]: the largest of
/// all of them, on boards of `N` cells, for partitions of at most `P`
/// patterns and `V` views (each partition, and its mirror image where it
/// has a reflection).
///
/// A dual sum changes only when the blank crosses into or out of a
/// pattern's goal region: a pattern it leaves stops counting, one it enters
/// counts again and is read once (its index ranked afresh from the board).
/// Moves that cross no such border read nothing. So the
/// dual views cost far less than the ordinary ones, which read one entry
/// per move each; they are read first, and the ordinary views only while
/// the duals stay below the cutoff of
/// [`step_bounded`](FixedHeuristic::step_bounded).
///
/// ```
/// use std::sync::Arc;
/// use npuzzle::heuristic::fixed::FixedHeuristic;
/// use npuzzle::heuristic::pdb::{AdditivePdb, DualPdb, FixedDualPdb, PdbSet, PdbSpec};
/// use npuzzle::heuristic::Heuristic;
/// use npuzzle::Goal;
///
/// let goal = Goal::blank_first("4x4".parse()?);
/// let spec = PdbSpec::parse(&goal, "5-5-5")?;
/// let set: PdbSet = Arc::new(AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?).into();
/// let h = FixedDualPdb::<16, 4, 2>::new(&set)?;
/// let tiles = [4, 1, 2, 3, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// let state = h.start(&tiles);
/// assert_eq!(h.value(&state), DualPdb::new(set.clone()).estimate(&tiles));
/// // Tile 5 slides from cell 4 right into the blank in cell 5.
/// let after = [4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// let next = h.step(&after, &state, 5, 4, 5);
/// assert_eq!(h.value(&next), DualPdb::new(set).estimate(&after));
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct FixedDualPdb<'a, const N: usize, const P: usize, const V: usize, const Z: usize = 0> {
    regular: FixedPdb<'a, N, P, V, Z>,
    duals: [DualView<'a, N, P>; V],
    /// How many dual views are used.
    active: usize,
    /// The board's Manhattan distance, which every dual sum includes.
    manhattan: FixedManhattan<N>,
}

/// The per-node state of a [`FixedDualPdb`]: the ordinary views' state, the
/// board's Manhattan distance, and for each dual view the values of its
/// patterns (that of the pattern left out is stale) and their sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DualState<const P: usize, const V: usize, const Z: usize = 0> {
    h: u32,
    manhattan: u32,
    /// Twice the sum of the values counted, per dual view.
    doubled: [u32; V],
    value: [[u8; P]; V],
    regular: PdbState<P, V, Z>,
}

impl<'a, const N: usize, const P: usize, const V: usize, const Z: usize> FixedDualPdb<'a, N, P, V, Z> {
    /// For every member of `set` (each as [`FixedPdb::new`] takes it), with
    /// at most `V` views in all.
    pub fn new(set: &'a PdbSet) -> Result<FixedDualPdb<'a, N, P, V, Z>, Error> {
        let regular = FixedPdb::for_set(set)?;
        let mut views = Vec::new();
        for member in set.members() {
            if member.patterns().iter().any(|db| db.tiles().len() > MAX_TILES) {
                return Err(Error::Refused(Refusal::Unsupported {
                    algorithm: "pdb-dual (fixed size)",
                    shape: member.spec().shape(),
                    reason: format!("patterns of more than {MAX_TILES} tiles are not supported"),
                }));
            }
            views.push(DualView::new(member, false));
            if member.reflection().is_some() {
                views.push(DualView::new(member, true));
            }
        }
        // `for_set` checked the count against `V`.
        let active = views.len();
        let duals = std::array::from_fn(|v| views[v.min(active - 1)].clone());
        Ok(FixedDualPdb {
            regular,
            duals,
            active,
            manhattan: FixedManhattan::new(set.goal())?,
        })
    }

    #[inline(always)]
    fn distance(&self, tile: u8, cell: usize) -> u32 {
        self.manhattan.tile_distance(tile, cell)
    }
}

impl<const N: usize, const P: usize, const V: usize, const Z: usize> FixedHeuristic<N>
    for FixedDualPdb<'_, N, P, V, Z>
{
    type State = DualState<P, V, Z>;
    // 5.3-5.4 M expanded nodes per CPU-second on the 24-puzzle against
    // FixedPdb's 9.5-10 M (README), so about 1.8 times its cost.
    const NODE_COST: u64 = 18;
    const INCONSISTENT: bool = true;

    fn start(&self, tiles: &[u8; N]) -> DualState<P, V, Z> {
        let board = *tiles;
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let mut s = DualState {
            h: 0,
            manhattan: tiles.iter().enumerate().map(|(c, &t)| self.distance(t, c)).sum(),
            doubled: [0; V],
            value: [[0; P]; V],
            regular: self.regular.start(tiles),
        };
        for (v, view) in self.duals.iter().enumerate().take(self.active) {
            for p in 0..P {
                if view.counted[blank] & (1 << p) != 0 {
                    s.value[v][p] = view.value(&board, p);
                    s.doubled[v] += 2 * u32::from(s.value[v][p]);
                }
            }
        }
        let duals = s
            .doubled
            .iter()
            .take(self.active)
            .map(|d| s.manhattan + d)
            .max()
            .unwrap_or(0);
        s.h = duals.max(self.regular.value(&s.regular));
        s
    }

    #[inline(always)]
    fn value(&self, state: &DualState<P, V, Z>) -> u32 {
        state.h
    }

    #[inline(always)]
    fn step<B: FixedBoard<N>>(
        &self,
        after: &B,
        state: &DualState<P, V, Z>,
        tile: u8,
        from: usize,
        to: usize,
    ) -> DualState<P, V, Z> {
        self.step_bounded(after, state, tile, from, to, u32::MAX).0
    }

    #[inline(always)]
    fn step_bounded<B: FixedBoard<N>>(
        &self,
        after: &B,
        state: &DualState<P, V, Z>,
        tile: u8,
        from: usize,
        to: usize,
        cutoff: u32,
    ) -> (DualState<P, V, Z>, u32) {
        let mut s = *state;
        let h = self.step_bounded_in_place(after, &mut s, tile, from, to, cutoff);
        (s, h)
    }

    /// The dual views first (most moves read nothing there), then the
    /// ordinary ones with what is left of the cutoff.
    #[inline(always)]
    fn step_bounded_in_place<B: FixedBoard<N>>(
        &self,
        after: &B,
        s: &mut DualState<P, V, Z>,
        tile: u8,
        from: usize,
        to: usize,
        cutoff: u32,
    ) -> u32 {
        s.manhattan = s.manhattan + self.distance(tile, to) - self.distance(tile, from);
        let mut best = 0;
        for v in 0..V {
            if v >= self.active {
                break;
            }
            let view = &self.duals[v];
            // The blank went from `to` to `from`. Patterns counted at both
            // read neither cell (a pattern's goal cells are outside its goal
            // region), so only those counted anew are read, afresh.
            let (was, now) = (view.counted[to], view.counted[from]);
            if was != now {
                let mut doubled = 0;
                for p in 0..P {
                    let bit = 1 << p;
                    // Every slot is written (see `FixedPdb`'s `apply`: a store
                    // at a place known only at run time stalls the copies).
                    let value = if now & !was & bit != 0 {
                        view.value(after, p)
                    } else {
                        s.value[v][p]
                    };
                    s.value[v][p] = value;
                    if now & bit != 0 {
                        doubled += 2 * u32::from(value);
                    }
                }
                s.doubled[v] = doubled;
            }
            best = best.max(s.manhattan + s.doubled[v]);
            if best >= cutoff {
                // At least this; the ordinary views are stale.
                return best;
            }
        }
        let h = self
            .regular
            .step_in_place(after, &mut s.regular, tile, from, to, cutoff);
        s.h = best.max(h);
        s.h
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::heuristic::pdb::tests::{cached, cached_compact, cached_zero};
    use crate::heuristic::Heuristic;
    use crate::{Board, Goal, Move, Shape};

    /// Along a random walk from `start`: the estimate equals the slice-based
    /// [`DualPdb`], the state after each step equals the state computed
    /// from scratch where it is exact, and `step_bounded` keeps its
    /// contract for random cutoffs.
    fn agree<const N: usize, const P: usize, const V: usize>(set: &PdbSet, start: &Board, seed: u64) {
        agree_with(&FixedDualPdb::<N, P, V>::new(set).unwrap(), set, start, seed);
    }

    /// [`agree`] for any instance, zero-aware ones too.
    fn agree_with<const N: usize, const P: usize, const V: usize, const Z: usize>(
        h: &FixedDualPdb<N, P, V, Z>,
        set: &PdbSet,
        start: &Board,
        seed: u64,
    ) {
        let slow = DualPdb::new(set.clone());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut b = start.clone();
        let tiles: [u8; N] = b.tiles().try_into().unwrap();
        let mut state = h.start(&tiles);
        for _ in 0..300 {
            let tiles: [u8; N] = b.tiles().try_into().unwrap();
            assert_eq!(h.value(&state), slow.estimate(&tiles), "{b}");
            assert_eq!(h.value(&state), h.value(&h.start(&tiles)), "{b}");
            let blank = b.blank();
            if !b.try_apply(Move::ALL[rng.random_range(0..4)]) {
                continue;
            }
            let tile = b.tiles()[blank];
            let after: [u8; N] = b.tiles().try_into().unwrap();
            let exact = slow.estimate(&after);
            let cutoff = rng.random_range(exact.saturating_sub(6)..exact + 6);
            let (bounded, value) = h.step_bounded(&after, &state, tile, b.blank(), blank, cutoff);
            let mut in_place = state;
            let same = h.step_bounded_in_place(&after, &mut in_place, tile, b.blank(), blank, cutoff);
            assert_eq!(same, value, "{b}, cutoff {cutoff}: in place");
            if value < cutoff {
                assert_eq!(h.value(&in_place), h.value(&bounded), "{b}, cutoff {cutoff}: in place");
                assert_eq!(value, exact, "{b}, cutoff {cutoff}");
            } else {
                assert!(value <= exact, "{b}, cutoff {cutoff}: {value} > {exact}");
            }
            state = h.step(&after, &state, tile, b.blank(), blank);
        }
    }

    fn walk(goal: &Goal, len: usize, seed: u64) -> Board {
        crate::heuristic::fixed::tests::random_walk(goal, len, seed)
    }

    #[test]
    fn the_fixed_form_follows_the_slice_form_on_every_move() {
        for (w, h) in [(3, 3), (4, 2), (3, 4)] {
            let shape = Shape::new(w, h).unwrap();
            for goal in [Goal::blank_first(shape), Goal::standard(shape)] {
                let [whole, _] = super::super::tests::partitions(&goal);
                let set: PdbSet = cached(&goal, &whole).into();
                for seed in 0..3 {
                    match goal.shape().cells() {
                        9 => agree::<9, 2, 2>(&set, &walk(&goal, 40, seed), seed),
                        8 => agree::<8, 2, 2>(&set, &walk(&goal, 40, seed), seed),
                        _ => agree::<12, 2, 2>(&set, &walk(&goal, 40, seed), seed),
                    }
                }
            }
        }
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let set: PdbSet = cached(&goal, "5-5-5").into();
        for seed in 0..3 {
            agree::<16, 4, 2>(&set, &walk(&goal, 80, seed), seed);
        }
        let two = PdbSet::new(vec![
            cached(&goal, "5-5-5"),
            cached(&goal, "1,2,5,6,9/3,4,7,8,11/10,12,13,14,15"),
        ])
        .unwrap();
        for seed in 0..2 {
            agree::<16, 4, 4>(&two, &walk(&goal, 80, seed), seed);
        }
        let goal = Goal::blank_first(Shape::new(5, 5).unwrap());
        let set: PdbSet = cached(&goal, "1,2,3/5,6,10/7,12,13/19,23,24").into();
        for seed in 0..2 {
            agree::<25, 4, 2>(&set, &walk(&goal, 150, seed), seed);
        }
    }

    #[test]
    fn five_patterns_and_their_reflection_follow_the_slice_form() {
        // Five patterns, as in the 5×5 `5-5-5-5-4`, here of two tiles each.
        let goal = Goal::blank_first(Shape::new(5, 5).unwrap());
        let classic: PdbSet = cached(&goal, "1,2/3,4/5,6/7,8/9,10").into();
        assert!(classic.members()[0].reflection().is_some());
        for seed in 0..2 {
            agree::<25, 5, 2>(&classic, &walk(&goal, 150, seed), seed);
        }
        let compact: PdbSet = cached_compact(&goal, "1,2/3,4/5,6/7,8/9,10").into();
        let h = FixedDualPdb::<25, 5, 2, 2>::new(&compact).unwrap();
        for seed in 0..2 {
            agree_with(&h, &compact, &walk(&goal, 150, seed), seed);
        }
    }

    #[test]
    fn two_five_pattern_partitions_follow_the_slice_form() {
        // As `5-5-5-5-4` beside `5-5-5-5-4b`, here of two tiles a pattern:
        // two partitions and their reflections, four views.
        let goal = Goal::blank_first(Shape::new(5, 5).unwrap());
        let (a, b) = ("1,2/3,4/5,6/7,8/9,10", "1,3/2,4/5,7/6,8/9,11");
        let classic = PdbSet::new(vec![cached(&goal, a), cached(&goal, b)]).unwrap();
        for seed in 0..2 {
            agree::<25, 5, 4>(&classic, &walk(&goal, 150, seed), seed);
        }
        let compact = PdbSet::new(vec![cached_compact(&goal, a), cached_compact(&goal, b)]).unwrap();
        let h = FixedDualPdb::<25, 5, 4, 4>::new(&compact).unwrap();
        for seed in 0..2 {
            agree_with(&h, &compact, &walk(&goal, 150, seed), seed);
        }
        for set in [&classic, &compact] {
            let name = run_fixed_dual::<25, _>(set, crate::heuristic::pdb::fixed::tests::TypeName).unwrap();
            assert!(name.contains("FixedDualPdb<'_, 25, 5, 4"), "{name}");
        }
    }

    /// Compact 5-5-5 beside a classic partition of the 15-puzzle: four views.
    fn compact_beside_classic(goal: &Goal) -> PdbSet {
        PdbSet::new(vec![
            cached_compact(goal, "5-5-5"),
            cached(goal, "1,2,5,6,9/3,4,7,8,11/10,12,13,14,15"),
        ])
        .unwrap()
    }

    /// The ordinary views are stepped inside the dual state
    /// (`FixedPdb::step_in_place`), not copied out and back: along random
    /// walks, with random cutoffs, that state equals the one `FixedPdb`
    /// computes on its own whenever the estimate is below the cutoff, and
    /// always for a full step.
    #[test]
    fn the_ordinary_views_stepped_in_place_match_fixed_pdb_alone() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let two = compact_beside_classic(&goal);
        let h = FixedDualPdb::<16, 4, 4, 4>::new(&two).unwrap();
        let alone = FixedPdb::<16, 4, 4, 4>::for_set(&two).unwrap();
        for seed in 0..3 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut b = walk(&goal, 80, seed);
            let tiles: [u8; 16] = b.tiles().try_into().unwrap();
            let mut state = h.start(&tiles);
            for _ in 0..300 {
                let blank = b.blank();
                if !b.try_apply(Move::ALL[rng.random_range(0..4)]) {
                    continue;
                }
                let tile = b.tiles()[blank];
                let after: [u8; 16] = b.tiles().try_into().unwrap();
                let (from, to) = (b.blank(), blank);
                let cutoff = rng.random_range(h.value(&state).saturating_sub(4)..h.value(&state) + 6);
                let (bounded, value) = h.step_bounded(&after, &state, tile, from, to, cutoff);
                if value < cutoff {
                    let (expected, _) = alone.step_bounded(&after, &state.regular, tile, from, to, cutoff);
                    assert_eq!(bounded.regular, expected, "{b}, cutoff {cutoff}");
                }
                let next = h.step(&after, &state, tile, from, to);
                assert_eq!(next.regular, alone.step(&after, &state.regular, tile, from, to), "{b}");
                assert_eq!(next.regular, alone.start(&after), "{b}");
                state = next;
            }
        }
    }

    #[test]
    fn zero_aware_and_compact_tables_follow_the_slice_form_too() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let set: PdbSet = cached_zero(&goal, "5-5-5").into();
        let h = FixedDualPdb::<16, 4, 2, 2>::new(&set).unwrap();
        for seed in 0..3 {
            agree_with(&h, &set, &walk(&goal, 80, seed), seed);
        }
        // With a classic partition beside it: four views.
        let two = PdbSet::new(vec![
            cached_zero(&goal, "5-5-5"),
            cached(&goal, "1,2,5,6,9/3,4,7,8,11/10,12,13,14,15"),
        ])
        .unwrap();
        let h = FixedDualPdb::<16, 4, 4, 4>::new(&two).unwrap();
        for seed in 0..2 {
            agree_with(&h, &two, &walk(&goal, 80, seed), seed);
        }
        for goal in [
            Goal::blank_first(Shape::new(5, 5).unwrap()),
            Goal::standard(Shape::new(5, 5).unwrap()),
        ] {
            for set in [
                PdbSet::from(cached_zero(&goal, "1,2,3/5,6,10/7,12,13/19,23,24")),
                PdbSet::from(cached_compact(&goal, "1,2,3/5,6,10/7,12,13/19,23,24")),
            ] {
                let h = FixedDualPdb::<25, 4, 2, 2>::new(&set).unwrap();
                for seed in 0..2 {
                    agree_with(&h, &set, &walk(&goal, 150, seed), seed);
                }
            }
        }
        // Compact tables beside a classic partition: four views.
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let two = compact_beside_classic(&goal);
        let h = FixedDualPdb::<16, 4, 4, 4>::new(&two).unwrap();
        for seed in 0..2 {
            agree_with(&h, &two, &walk(&goal, 80, seed), seed);
        }
    }
}
