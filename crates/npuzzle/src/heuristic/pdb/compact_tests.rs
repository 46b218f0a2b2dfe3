//! Compact zero-aware databases against the zero-aware ones they are
//! converted from and against the BFS oracle: never above the zero-aware
//! value nor below the classic one, exact where the layout says so, the
//! fixed-size lookups and the IDA* agreeing with the oracle, dual lookups
//! reading exactly the zero-aware dual value, and the file format.

use std::sync::Arc;

use super::tests::{cached, cached_compact, cached_zero};
use super::zero_tests::{
    dual_lookups_find_the_oracle_lengths, finds_the_oracle_lengths_in_fewer_nodes, follow, partitions,
    raised_and_below_the_oracle_distance_on_3x4,
};
use super::*;
use crate::error::{DatabaseError, Refusal};
use crate::heuristic::tests::{check_bound_and_update, exact_distances, small_goals};
use crate::heuristic::Heuristic;
use crate::Shape;

fn shape(w: usize, h: usize) -> Shape {
    Shape::new(w, h).unwrap()
}

fn goals() -> Vec<Goal> {
    let mut goals = small_goals();
    goals.extend([
        Goal::blank_first(shape(3, 3)),
        Goal::standard(shape(2, 4)),
        Goal::blank_first(shape(2, 4)),
    ]);
    goals
}

/// Whether every tile counts in `partition` (then estimates keep the distance's parity).
fn whole(goal: &Goal, partition: &str) -> bool {
    partition.matches(',').count() + partition.matches('/').count() + 2 == goal.shape().cells()
}

#[test]
fn compact_values_lie_between_the_classic_and_the_zero_aware_ones_and_below_the_distance() {
    let mut raised = 0;
    for goal in goals() {
        let exact = exact_distances(&goal);
        for partition in partitions(&goal) {
            let classic = cached(&goal, &partition);
            let zero = cached_zero(&goal, &partition);
            let compact = cached_compact(&goal, &partition);
            assert_eq!(compact.spec().kind(), TableKind::Compact);
            check_bound_and_update(&goal, &*compact, whole(&goal, &partition));
            for (tiles, &d) in &exact {
                let (c, k, z) = (classic.estimate(tiles), compact.estimate(tiles), zero.estimate(tiles));
                assert!(
                    c <= k && k <= z && z <= d,
                    "{goal} {partition}: {tiles:?}: classic {c}, compact {k}, zero-aware {z}, distance {d}"
                );
                raised += usize::from(k > c);
            }
        }
    }
    assert!(raised > 1000, "compact tables raised only {raised} estimates");
}

/// Every placement of every pattern, the blank on every free cell: the
/// compact value is at most the zero-aware one, equal to it where the
/// placement leaves at most two regions or the blank is on the goal's blank
/// cell (what dual lookups read), and the least of the two nibbles is the
/// classic value.
#[test]
fn compact_values_are_exact_for_two_regions_and_on_the_goal_blank_cell() {
    let mut differ = 0;
    for goal in [
        Goal::standard(shape(3, 3)),
        Goal::blank_first(shape(3, 3)),
        Goal::blank_first(shape(4, 3)),
    ] {
        let partition = match goal.shape().cells() {
            9 => "1,2,3/4,5,6/7,8",
            _ => "1,2,3,4/5,6,7/8,9,10,11",
        };
        let (classic, zero, compact) = (
            cached(&goal, partition),
            cached_zero(&goal, partition),
            cached_compact(&goal, partition),
        );
        let goal_blank = goal.position_of(0) as u8;
        for ((c, z), k) in classic.patterns().iter().zip(zero.patterns()).zip(compact.patterns()) {
            assert!(k.is_compact() && k.is_zero_aware() && k.bits() == 8);
            assert_eq!(k.entries(), c.placements());
            let mut positions = vec![0u8; c.tiles().len()];
            for i in 0..c.placements() {
                c.placement(i, &mut positions);
                let free: Vec<u8> = (0..goal.shape().cells() as u8)
                    .filter(|p| !positions.contains(p))
                    .collect();
                let regions: std::collections::HashSet<u32> = free.iter().map(|&b| z.region(&positions, b)).collect();
                assert_eq!(k.moves(&positions), c.moves(&positions), "{positions:?}");
                for &blank in &free {
                    let (kv, zv) = (k.value_at(i, &positions, blank), z.value_at(i, &positions, blank));
                    assert!(kv <= zv, "{goal} {positions:?} blank {blank}: {kv} > {zv}");
                    if regions.len() <= 2 || blank == goal_blank {
                        assert_eq!(kv, zv, "{goal} {positions:?} blank {blank}");
                    }
                    differ += usize::from(kv < zv);
                }
            }
        }
    }
    // Placements of three regions or more do lose something somewhere.
    assert!(differ > 0);
}

#[test]
fn compact_values_on_3x4_stay_below_the_oracle_distance() {
    raised_and_below_the_oracle_distance_on_3x4(cached_compact);
}

#[test]
fn the_fixed_state_and_the_fixed_idastar_read_compact_tables() {
    let g4 = Goal::blank_first(shape(4, 4));
    let compact4 = cached_compact(&g4, "5-5-5");
    for seed in 0..3 {
        follow(&FixedPdb::<16, 4, 2, 2>::new(&compact4).unwrap(), &*compact4, &g4, seed);
    }
    // The classic instance refuses compact tables rather than misread them.
    assert!(matches!(
        FixedPdb::<16, 4>::new(&compact4),
        Err(Error::Refused(Refusal::Unsupported { .. }))
    ));
    for goal in [Goal::blank_first(shape(5, 5)), Goal::standard(shape(5, 5))] {
        let compact = cached_compact(&goal, "1,2,3/5,6,10/7,12,13/19,23,24");
        for seed in 0..2 {
            follow(&FixedPdb::<25, 4, 2, 2>::new(&compact).unwrap(), &*compact, &goal, seed);
        }
        let classic = cached(&goal, "1,2,6/3,4,5/11,16,21/20,22,24");
        let set = PdbSet::new(vec![Arc::clone(&compact), classic]).unwrap();
        follow(&FixedPdb::<25, 4, 4, 4>::for_set(&set).unwrap(), &set, &goal, 7);
    }

    let classic4 = cached(&g4, "5-5-5");
    let hc = FixedPdb::<16, 4>::new(&classic4).unwrap();
    let h = FixedPdb::<16, 4, 2, 2>::new(&compact4).unwrap();
    finds_the_oracle_lengths_in_fewer_nodes(&g4, &h, &hc);
}

#[test]
fn dual_lookups_of_compact_tables_read_the_zero_aware_dual_value() {
    for goal in [
        Goal::blank_first(shape(3, 3)),
        Goal::standard(shape(3, 3)),
        Goal::blank_first(shape(2, 4)),
    ] {
        for partition in partitions(&goal) {
            let (zero, compact) = (cached_zero(&goal, &partition), cached_compact(&goal, &partition));
            let dual = DualPdb::new(PdbSet::from(Arc::clone(&compact)));
            check_bound_and_update(&goal, &dual, whole(&goal, &partition));
            let regions = dual::goal_regions(&zero);
            for tiles in exact_distances(&goal).keys() {
                assert_eq!(
                    dual::dual_sum(&compact, &regions, tiles),
                    dual::dual_sum(&zero, &regions, tiles),
                    "{goal} {partition} {tiles:?}"
                );
            }
        }
    }
    let g4 = Goal::blank_first(shape(4, 4));
    let set = PdbSet::from(cached_compact(&g4, "5-5-5"));
    dual_lookups_find_the_oracle_lengths(&g4, &set);
}

#[test]
fn a_compact_file_round_trips_says_what_it_is_and_converts_from_a_zero_aware_file() {
    let goal = Goal::blank_first(shape(3, 3));
    let partition = "1,2,3,4/5,6,7,8";
    let dir = tempfile::tempdir().unwrap();
    let zero_spec = PdbSpec::parse(&goal, partition).unwrap().with_zero_aware(true);
    let zero_path = AdditivePdb::build_into(dir.path(), &zero_spec, &BuildOptions::default(), &mut |_| {}).unwrap();
    // Converted from the mapped zero-aware file, as the command line does.
    let compact = AdditivePdb::open_any(&zero_path).unwrap().compact(2).unwrap();
    let path = compact.save(dir.path()).unwrap();
    assert!(
        path.ends_with("3x3-blank-first-1.2.3.4_5.6.7.8-zero-compact.pdb"),
        "{path:?}"
    );
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes[8..12], COMPACT_FORMAT_VERSION.to_le_bytes());
    let spec = zero_spec.clone().with_kind(TableKind::Compact);
    let opened = AdditivePdb::open(&path, &spec).unwrap();
    opened.verify().unwrap();
    assert_eq!(opened.spec().kind(), TableKind::Compact);
    for (a, b) in opened
        .patterns()
        .iter()
        .zip(cached_compact(&goal, partition).patterns())
    {
        assert_eq!(a.table(), b.table());
        assert!(a.is_compact());
    }
    // Asked for the zero-aware databases, the file is the wrong kind.
    let err = AdditivePdb::open(&path, &zero_spec).unwrap_err();
    assert!(
        matches!(&err, Error::Database(DatabaseError::Mismatch { what: "kind", got, .. }) if got == "zero-aware compact"),
        "{err:?}"
    );
    let listed = list(dir.path()).unwrap();
    let info = listed.iter().find(|f| f.path == path).unwrap();
    assert_eq!(info.info.as_ref().unwrap().spec.kind(), TableKind::Compact);
    assert_eq!(info.info.as_ref().unwrap().bytes, bytes.len() as u64);
    // Only zero-aware databases convert.
    for pdb in [&opened, &*cached(&goal, partition)] {
        assert!(matches!(
            pdb.compact(1),
            Err(Error::Database(DatabaseError::Unsupported { .. }))
        ));
    }
    // Building a compact spec builds zero-aware and converts.
    let built = AdditivePdb::build(&spec, &BuildOptions::default(), &mut |_| {}).unwrap();
    assert_eq!(built.patterns()[1].table(), opened.patterns()[1].table());
}

#[test]
fn a_compact_file_claiming_four_bits_an_entry_is_corrupt_not_misread() {
    let goal = Goal::standard(shape(3, 3));
    let compact = cached_compact(&goal, "1,2,3,4/5,6,7,8");
    let dir = tempfile::tempdir().unwrap();
    let path = compact.save(dir.path()).unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    // The first pattern's bits per entry: after the fixed fields, the goal
    // and the pattern's tile count.
    let at = 48 + 9 + 1;
    assert_eq!(bytes[at], 8);
    bytes[at] = 4;
    let header_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let checksum = Xxh64::hash(&bytes[24..header_len]);
    bytes[16..24].copy_from_slice(&checksum.to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    let err = AdditivePdb::open_any(&path).unwrap_err();
    assert!(
        matches!(&err, Error::Database(DatabaseError::Corrupt { reason, .. }) if reason.contains("4 bits per entry, not 8")),
        "{err:?}"
    );
}

/// Read for their least values, compact tables give exactly the classic
/// tables' estimates (the least of the two nibbles is the classic value),
/// through every move of a walk; zero-aware tables that are not compact
/// are refused rather than misread.
#[test]
fn least_values_of_compact_tables_are_the_classic_estimates() {
    let g4 = Goal::blank_first(shape(4, 4));
    let (classic4, compact4) = (cached(&g4, "5-5-5"), cached_compact(&g4, "5-5-5"));
    for seed in 0..3 {
        follow(&FixedPdb::<16, 4>::least(&compact4).unwrap(), &*classic4, &g4, seed);
    }
    // A classic table read for its least values is read as it is.
    follow(&FixedPdb::<16, 4>::least(&classic4).unwrap(), &*classic4, &g4, 5);
    assert!(matches!(
        FixedPdb::<16, 4>::least(&cached_zero(&g4, "5-5-5")),
        Err(Error::Refused(Refusal::Unsupported { .. }))
    ));
    for goal in [Goal::blank_first(shape(5, 5)), Goal::standard(shape(5, 5))] {
        let partition = "1,2,3/5,6,10/7,12,13/19,23,24";
        let (classic, compact) = (cached(&goal, partition), cached_compact(&goal, partition));
        for seed in 0..2 {
            follow(&FixedPdb::<25, 4>::least(&compact).unwrap(), &*classic, &goal, seed);
        }
        let set = PdbSet::from(Arc::clone(&compact));
        follow(&FixedPdb::<25, 4>::least_for_set(&set).unwrap(), &*classic, &goal, 3);
    }
}
