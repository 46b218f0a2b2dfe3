//! Zero-aware databases read through every path: never below the classic
//! value, never above the true distance (the independent BFS oracle), the
//! fixed-size IDA* finding the oracle's lengths, dual lookups admissible,
//! and files of the first format still read.

use std::sync::Arc;

use super::tests::{cached, cached_zero, runs};
use super::*;
use crate::error::{DatabaseError, Refusal};
use crate::heuristic::fixed::tests::random_walk;
use crate::heuristic::fixed::FixedHeuristic;
use crate::heuristic::tests::{check_bound_and_update, exact_distances, small_goals};
use crate::heuristic::Heuristic;
use crate::search::idastar_fixed::{search_with_options, FixedOptions};
use crate::solution::BudgetClock;
use crate::{Board, Shape};

fn shape(w: usize, h: usize) -> Shape {
    Shape::new(w, h).unwrap()
}

/// Partitions of every goal's tiles into runs of 2, 3 and 4 (in goal order),
/// and one partition that leaves tiles out (last: its estimates need not
/// have the distance's parity).
pub(super) fn partitions(goal: &Goal) -> Vec<String> {
    let tiles: Vec<u8> = goal.board().tiles().iter().copied().filter(|&t| t != 0).collect();
    let mut out: Vec<String> = [2, 3, 4].iter().map(|&size| runs(goal, size)).collect();
    out.push(format!("{},{}/{}", tiles[0], tiles[2], tiles[1]));
    out
}

#[test]
fn zero_aware_values_lie_between_the_classic_value_and_the_distance() {
    let mut goals = small_goals();
    goals.extend([
        Goal::blank_first(shape(3, 3)),
        Goal::standard(shape(2, 4)),
        Goal::blank_first(shape(2, 4)),
    ]);
    // Boards where the zero-aware estimate is the larger one.
    let mut raised = 0;
    for goal in &goals {
        let exact = exact_distances(goal);
        for partition in partitions(goal) {
            let classic = cached(goal, &partition);
            let zero = cached_zero(goal, &partition);
            assert!(zero.spec().zero_aware() && !classic.spec().zero_aware());
            // Admissible, of the distance's parity when every tile counts,
            // `update` agreeing with `estimate`.
            let whole = partition.matches(',').count() + partition.matches('/').count() + 2 == goal.shape().cells();
            check_bound_and_update(goal, &*zero, whole);
            if zero.reflection().is_some() && partition == partitions(goal)[1] {
                // Without the mirror image, `update` takes the incremental path.
                let mut plain = AdditivePdb::clone(&zero);
                plain.set_reflection(false);
                check_bound_and_update(goal, &plain, whole);
            }
            for (tiles, &d) in &exact {
                let (c, z) = (classic.estimate(tiles), zero.estimate(tiles));
                assert!(
                    c <= z && z <= d,
                    "{goal} {partition}: {tiles:?}: classic {c}, zero-aware {z}, distance {d}"
                );
                raised += usize::from(z > c);
            }
        }
    }
    assert!(raised > 1000, "zero-aware raised only {raised} estimates");
}

#[test]
fn zero_aware_values_on_3x4_stay_below_the_oracle_distance() {
    raised_and_below_the_oracle_distance_on_3x4(cached_zero);
}

/// On boards near the 3×4 and 4×3 goals, the databases `tables` gives
/// (for a goal and a partition) estimate between the classic value and
/// the BFS oracle's distance, of its parity, and above the classic value
/// at least once per goal.
pub(super) fn raised_and_below_the_oracle_distance_on_3x4(tables: fn(&Goal, &str) -> Arc<AdditivePdb>) {
    for goal in [Goal::standard(shape(3, 4)), Goal::blank_first(shape(4, 3))] {
        let partition = "1,2,3,4/5,6,7/8,9,10,11";
        let (classic, zero) = (cached(&goal, partition), tables(&goal, partition));
        let mut raised = 0;
        for seed in 0..40 {
            let board = random_walk(&goal, 16 + (seed as usize % 20), 900 + seed);
            let d = crate::oracle::distance(board.tiles(), goal.board().tiles(), goal.shape().width())
                .expect("near boards");
            let (c, z) = (classic.estimate(board.tiles()), zero.estimate(board.tiles()));
            assert!(c <= z && z <= d, "{board}: classic {c}, {z}, distance {d}");
            assert_eq!(z % 2, d % 2);
            raised += usize::from(z > c);
        }
        assert!(raised > 0, "{goal}");
    }
}

#[test]
fn zero_aware_tables_are_larger_and_the_least_entry_is_the_classic_one() {
    let goal = Goal::standard(shape(3, 3));
    let (classic, zero) = (cached(&goal, "1,2,3/4,5,6/7,8"), cached_zero(&goal, "1,2,3/4,5,6/7,8"));
    for (c, z) in classic.patterns().iter().zip(zero.patterns()) {
        let k = c.tiles().len();
        assert_eq!(c.regions(), 1);
        assert_eq!(z.regions(), super::build::max_regions(goal.shape(), k));
        assert!(z.is_zero_aware());
        assert_eq!(z.entries(), c.entries() * u64::from(z.regions()));
        let mut positions = vec![0u8; k];
        for i in 0..c.placements() {
            c.placement(i, &mut positions);
            assert_eq!(z.moves(&positions), c.moves(&positions), "{positions:?}");
        }
    }
}

#[test]
fn a_zero_aware_file_round_trips_and_says_what_it_is() {
    let goal = Goal::blank_first(shape(3, 3));
    let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8").unwrap().with_zero_aware(true);
    let dir = tempfile::tempdir().unwrap();
    let path = AdditivePdb::build_into(dir.path(), &spec, &BuildOptions::default(), &mut |_| {}).unwrap();
    assert!(path.ends_with("3x3-blank-first-1.2.3.4_5.6.7.8-zero.pdb"), "{path:?}");
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes[8..12], ZERO_AWARE_FORMAT_VERSION.to_le_bytes());
    let opened = AdditivePdb::open(&path, &spec).unwrap();
    opened.verify().unwrap();
    assert!(opened.spec().zero_aware());
    let built = cached_zero(&goal, "1,2,3,4/5,6,7,8");
    for (a, b) in opened.patterns().iter().zip(built.patterns()) {
        assert_eq!(a.table(), b.table());
        assert_eq!(a.regions(), b.regions());
    }
    // Asked for the classic databases, the file is the wrong kind.
    let classic = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8").unwrap();
    let err = AdditivePdb::open(&path, &classic).unwrap_err();
    assert!(
        matches!(err, Error::Database(DatabaseError::Mismatch { what: "kind", .. })),
        "{err:?}"
    );
    let info = &list(dir.path()).unwrap()[0];
    assert!(info.info.as_ref().unwrap().spec.zero_aware());
    // A classic file is still written as version 1.
    let classic_path = AdditivePdb::build_into(dir.path(), &classic, &BuildOptions::default(), &mut |_| {}).unwrap();
    assert_eq!(
        std::fs::read(classic_path).unwrap()[8..12],
        FORMAT_VERSION.to_le_bytes()
    );
}

#[test]
fn a_file_of_the_first_format_still_loads_and_reads_the_same() {
    // Written by `npuzzle pdb build --size 3x3 --goal standard --partition
    // 1,2,3,4/5,6,7,8` of main 9ef2f72, before zero-aware tables existed.
    let old = include_bytes!("../../../data/fixtures/version1-3x3-standard-1.2.3.4_5.6.7.8.pdb");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("3x3-standard-1.2.3.4_5.6.7.8.pdb");
    std::fs::write(&path, old).unwrap();
    let goal = Goal::standard(shape(3, 3));
    let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8").unwrap();
    let pdb = AdditivePdb::open(&path, &spec).unwrap();
    pdb.verify().unwrap();
    assert!(!pdb.spec().zero_aware());
    assert_eq!(u32::from_le_bytes(old[8..12].try_into().unwrap()), 1);
    let built = cached(&goal, "1,2,3,4/5,6,7,8");
    for (a, b) in pdb.patterns().iter().zip(built.patterns()) {
        assert_eq!(a.table(), b.table(), "the classic build changed");
    }
    // And this library writes the same bytes again.
    let again = dir.path().join("again.pdb");
    built.write(&again).unwrap();
    assert_eq!(std::fs::read(again).unwrap(), old);
}

/// The fixed-size state follows every move of a walk: the estimate equals
/// the slice-based one and the state equals the one computed from scratch
/// (so the region kept incrementally is the one a flood fill finds).
pub(super) fn follow<const N: usize, const P: usize, const V: usize, const Z: usize>(
    h: &FixedPdb<N, P, V, Z>,
    slice: &impl Heuristic,
    goal: &Goal,
    seed: u64,
) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut b = random_walk(goal, 60, seed);
    let mut state = h.start(&b.tiles().try_into().unwrap());
    for _ in 0..400 {
        let blank = b.blank();
        if !b.try_apply(crate::Move::ALL[rng.random_range(0..4)]) {
            continue;
        }
        let after: [u8; N] = b.tiles().try_into().unwrap();
        state = h.step(&after, &state, after[blank], b.blank(), blank);
        assert_eq!(state, h.start(&after), "{b}");
        assert_eq!(h.value(&state), slice.estimate(&after), "{b}");
    }
}

#[test]
fn the_fixed_state_keeps_each_patterns_region() {
    let g4 = Goal::blank_first(shape(4, 4));
    let zero4 = cached_zero(&g4, "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15");
    assert!(zero4.reflection().is_some());
    for seed in 0..3 {
        follow(&FixedPdb::<16, 4, 2, 2>::new(&zero4).unwrap(), &*zero4, &g4, seed);
    }
    // The classic instance refuses zero-aware tables rather than misread them.
    assert!(matches!(
        FixedPdb::<16, 4>::new(&zero4),
        Err(Error::Refused(Refusal::Unsupported { .. }))
    ));
    for goal in [Goal::blank_first(shape(5, 5)), Goal::standard(shape(5, 5))] {
        let zero = cached_zero(&goal, "1,2,3/5,6,10/7,12,13/19,23,24");
        for seed in 0..3 {
            follow(&FixedPdb::<25, 4, 2, 2>::new(&zero).unwrap(), &*zero, &goal, seed);
        }
        // Zero-aware and classic read together: the largest of the four sums.
        let classic = cached(&goal, "1,2,6/3,4,5/11,16,21/20,22,24");
        let set = PdbSet::new(vec![Arc::clone(&zero), classic]).unwrap();
        follow(&FixedPdb::<25, 4, 4, 4>::for_set(&set).unwrap(), &set, &goal, 7);
    }
}

#[test]
fn the_fixed_idastar_with_zero_aware_tables_finds_the_oracle_lengths() {
    let goal = Goal::blank_first(shape(4, 4));
    let classic = cached(&goal, "5-5-5");
    let zero = cached_zero(&goal, "5-5-5");
    let h = FixedPdb::<16, 4, 2, 2>::new(&zero).unwrap();
    let hc = FixedPdb::<16, 4>::new(&classic).unwrap();
    finds_the_oracle_lengths_in_fewer_nodes(&goal, &h, &hc);
}

/// The fixed-size IDA* with `h` on boards near the 4×4 `goal`: the length
/// the BFS oracle gives, a solution that replays to the goal, and never
/// more expanded nodes than with `classic` (fewer at least once).
pub(super) fn finds_the_oracle_lengths_in_fewer_nodes<H: FixedHeuristic<16>, C: FixedHeuristic<16>>(
    goal: &Goal,
    h: &H,
    classic: &C,
) {
    let clock = BudgetClock::start(crate::Budget::default());
    let mut fewer = 0;
    for seed in 0..8 {
        let board: Board = random_walk(goal, 24 + 2 * seed as usize, 77 + seed);
        let d = crate::oracle::distance(board.tiles(), goal.board().tiles(), 4).expect("near boards");
        let (outcome, stats) =
            search_with_options::<16, [u8; 16], _>(&board, goal, h, &clock, 1, FixedOptions::default()).unwrap();
        let solution = outcome.solution().expect("solved");
        assert_eq!(solution.len() as u32, d, "{board}");
        assert!(goal.is_reached_by(&board.replay(solution.moves()).unwrap()));
        let (_, classic_stats) =
            search_with_options::<16, [u8; 16], _>(&board, goal, classic, &clock, 1, FixedOptions::default()).unwrap();
        assert!(stats.expanded <= classic_stats.expanded, "{board}");
        fewer += usize::from(stats.expanded < classic_stats.expanded);
    }
    assert!(fewer > 0);
}

#[test]
fn dual_lookups_of_zero_aware_tables_stay_admissible() {
    for goal in [
        Goal::blank_first(shape(3, 3)),
        Goal::standard(shape(3, 3)),
        Goal::blank_first(shape(2, 4)),
    ] {
        for partition in partitions(&goal) {
            let zero = cached_zero(&goal, &partition);
            let dual = DualPdb::new(PdbSet::from(Arc::clone(&zero)));
            // Admissible and `update` agreeing; the dual sum keeps the
            // parity too when every tile counts.
            let whole = partition.matches(',').count() + partition.matches('/').count() + 2 == goal.shape().cells();
            check_bound_and_update(&goal, &dual, whole);
            let classic_dual = DualPdb::new(PdbSet::from(cached(&goal, &partition)));
            for tiles in exact_distances(&goal).keys() {
                assert!(
                    dual.estimate(tiles) >= classic_dual.estimate(tiles),
                    "{goal} {partition} {tiles:?}"
                );
            }
        }
    }
    // The fixed-size dual form without the regions' masks refuses
    // zero-aware tables rather than misread them; the one with them finds
    // the oracle's lengths.
    let g4 = Goal::blank_first(shape(4, 4));
    let set = PdbSet::from(cached_zero(&g4, "5-5-5"));
    dual_lookups_find_the_oracle_lengths(&g4, &set);
}

/// The fixed-size dual form: the one without the regions' masks refuses
/// `set` rather than misread it; the one with them finds the oracle's
/// lengths on boards near the 4×4 `goal`.
pub(super) fn dual_lookups_find_the_oracle_lengths(goal: &Goal, set: &PdbSet) {
    assert!(matches!(
        FixedDualPdb::<16, 4, 2>::new(set),
        Err(Error::Refused(Refusal::Unsupported { .. }))
    ));
    let h = FixedDualPdb::<16, 4, 2, 2>::new(set).unwrap();
    let clock = BudgetClock::start(crate::Budget::default());
    for seed in 0..6 {
        let board: Board = random_walk(goal, 24 + 2 * seed as usize, 177 + seed);
        let d = crate::oracle::distance(board.tiles(), goal.board().tiles(), 4).expect("near boards");
        let (outcome, _) =
            search_with_options::<16, [u8; 16], _>(&board, goal, &h, &clock, 1, FixedOptions::default()).unwrap();
        assert_eq!(outcome.solution().expect("solved").len() as u32, d, "{board}");
    }
}
