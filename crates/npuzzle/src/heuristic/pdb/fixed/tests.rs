//! The fixed-size lookups against the slice-based ones along random walks.

use rand::{Rng, SeedableRng};

use std::sync::Arc;

use super::*;
use crate::error::Refusal;
use crate::heuristic::fixed::Nibbles;
use crate::heuristic::pdb::tests::cached;
use crate::heuristic::Heuristic;
use crate::{Board, Goal, Move, Shape};

/// Along a random walk from `start`: the estimate equals the slice-based
/// one, the state after each step equals the state computed from
/// scratch (for both board representations on up to 16 cells), and
/// `step_bounded` keeps its contract for random cutoffs.
fn agree<const N: usize, const P: usize>(pdb: &AdditivePdb, start: &Board, seed: u64) {
    agree_with(&FixedPdb::<N, P>::new(pdb).unwrap(), pdb, start, seed);
}

/// [`agree`] for any views against any slice-based estimate.
fn agree_with<const N: usize, const P: usize, const V: usize>(
    h: &FixedPdb<N, P, V>,
    pdb: &impl Heuristic,
    start: &Board,
    seed: u64,
) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut b = start.clone();
    let tiles: [u8; N] = b.tiles().try_into().unwrap();
    let mut state = h.start(&tiles);
    for _ in 0..400 {
        let tiles: [u8; N] = b.tiles().try_into().unwrap();
        assert_eq!(h.value(&state), pdb.estimate(&tiles), "{b}");
        assert_eq!(state, h.start(&tiles), "{b}");
        let blank = b.blank();
        if !b.try_apply(Move::ALL[rng.random_range(0..4)]) {
            continue;
        }
        let tile = b.tiles()[blank];
        let after: [u8; N] = b.tiles().try_into().unwrap();
        let exact = pdb.estimate(&after);
        let cutoff = rng.random_range(exact.saturating_sub(4)..exact + 4);
        let (bounded, value) = h.step_bounded(&after, &state, tile, b.blank(), blank, cutoff);
        if value < cutoff {
            assert_eq!((value, bounded), (exact, h.start(&after)), "{b}, cutoff {cutoff}");
        } else {
            assert!(value <= exact, "{b}, cutoff {cutoff}: {value} > {exact}");
        }
        let next = h.step(&after, &state, tile, b.blank(), blank);
        if N <= 16 {
            let nibbles = <Nibbles as FixedBoard<N>>::from_tiles(&after);
            assert_eq!(h.step(&nibbles, &state, tile, b.blank(), blank), next);
        }
        state = next;
    }
}

fn walk(goal: &Goal, len: usize, seed: u64) -> Board {
    crate::heuristic::fixed::tests::random_walk(goal, len, seed)
}

#[test]
fn the_15_puzzle_state_follows_every_move() {
    let shape = Shape::new(4, 4).unwrap();
    for goal in [Goal::blank_first(shape), Goal::standard(shape)] {
        for (partition, reflection) in [("5-5-5", true), ("5-5-5", false), ("1,2,3/5,9/14,15,12", true)] {
            let mut pdb = AdditivePdb::clone(&cached(&goal, partition));
            assert_eq!(pdb.set_reflection(reflection), reflection, "{partition}");
            for seed in 0..4 {
                agree::<16, 4>(&pdb, &walk(&goal, 80, seed), seed);
            }
        }
    }
    let goal = Goal::blank_first(shape);
    let two = cached(&goal, "1,2,3,4/8,9,10,11,12");
    agree::<16, 2>(&two, &walk(&goal, 80, 9), 9);
    assert!(matches!(
        FixedPdb::<16, 2>::new(&cached(&goal, "5-5-5")),
        Err(Error::Refused(Refusal::Unsupported { .. }))
    ));
    assert!(FixedPdb::<25, 4>::new(&two).is_err());
}

#[test]
fn the_24_puzzle_state_follows_every_move() {
    let shape = Shape::new(5, 5).unwrap();
    for goal in [Goal::blank_first(shape), Goal::standard(shape)] {
        let pdb = cached(&goal, "1,2,3/5,6,10/7,12,13/19,23,24");
        assert!(pdb.reflection().is_some());
        for seed in 0..4 {
            agree::<25, 4>(&pdb, &walk(&goal, 150, seed), seed);
        }
    }
}

#[test]
fn a_set_reads_the_largest_of_every_partition_and_reflection() {
    let shape = Shape::new(4, 4).unwrap();
    let goal = Goal::blank_first(shape);
    let (a, b) = (
        cached(&goal, "5-5-5"),
        cached(&goal, "1,2,5,6,9/3,4,7,8,11/10,12,13,14,15"),
    );
    let set = PdbSet::new(vec![Arc::clone(&a), Arc::clone(&b)]).unwrap();
    let h = FixedPdb::<16, 4, 4>::for_set(&set).unwrap();
    assert_eq!(h.active, 4);
    for seed in 0..4 {
        agree_with(&h, &set, &walk(&goal, 80, seed), seed);
    }
    // Somewhere along a walk each partition is the larger one.
    let mut wins = [false; 2];
    let mut board = walk(&goal, 60, 7);
    for step in 0..300u64 {
        let tiles = board.tiles();
        let (ea, eb) = (a.estimate(tiles), b.estimate(tiles));
        wins[0] |= ea > eb;
        wins[1] |= eb > ea;
        board = walk(&goal, 40 + (step % 50) as usize, step);
    }
    assert_eq!(wins, [true, true]);
    // Too many views for the instance.
    let three = PdbSet::new(vec![Arc::clone(&a), Arc::clone(&b), Arc::clone(&a)]).unwrap();
    assert!(FixedPdb::<16, 4, 4>::for_set(&three).is_err());
    let shape5 = Shape::new(5, 5).unwrap();
    let goal5 = Goal::standard(shape5);
    let set5 = PdbSet::new(vec![
        cached(&goal5, "1,2,3/5,6,10/7,12,13/19,23,24"),
        cached(&goal5, "1,2,6/3,4,5/11,16,21/20,22,24"),
    ])
    .unwrap();
    let h5 = FixedPdb::<25, 4, 4>::for_set(&set5).unwrap();
    for seed in 0..2 {
        agree_with(&h5, &set5, &walk(&goal5, 150, seed), seed);
    }
}

#[test]
fn a_board_eight_wide_has_seven_cells_between_the_ends_of_a_move() {
    let goal = Goal::standard(Shape::new(8, 2).unwrap());
    let pdb = cached(&goal, "1,2,9,10/3,4,11,12");
    assert!(pdb.reflection().is_none());
    for seed in 0..4 {
        agree::<16, 2>(&pdb, &walk(&goal, 80, seed), seed);
    }
}

/// The name of the heuristic [`run_fixed`] (or another `run_fixed_*`) hands its caller.
pub(crate) struct TypeName;

impl<const N: usize> WithFixedHeuristic<N> for TypeName {
    type Output = &'static str;

    fn run<H: FixedHeuristic<N>>(self, _: &H) -> Result<&'static str, Error> {
        Ok(std::any::type_name::<H>())
    }
}

#[test]
fn five_patterns_are_read_by_the_fixed_form() {
    // Five patterns, as in the 5×5 `5-5-5-5-4`, here of two tiles each.
    let five = "1,2/3,4/5,6/7,8/9,10";
    for goal in [
        Goal::blank_first(Shape::new(5, 5).unwrap()),
        Goal::standard(Shape::new(5, 5).unwrap()),
    ] {
        let classic = cached(&goal, five);
        for seed in 0..3 {
            agree::<25, 5>(&classic, &walk(&goal, 150, seed), seed);
        }
        let compact = crate::heuristic::pdb::tests::cached_compact(&goal, five);
        for seed in 0..2 {
            let h = FixedPdb::<25, 5, 2, 2>::new(&compact).unwrap();
            crate::heuristic::pdb::zero_tests::follow(&h, &*compact, &goal, seed);
        }
        for pdb in [classic, compact] {
            let name = run_fixed::<25, _>(&pdb, TypeName).unwrap();
            assert!(name.contains("FixedPdb<'_, 25, 5"), "{name}");
        }
    }
    // Two five-pattern partitions (as `5-5-5-5-4` beside `5-5-5-5-4b`) and
    // their reflections: four views, read by the fixed form too.
    let goal = Goal::blank_first(Shape::new(5, 5).unwrap());
    let (a, b) = (five, "1,3/2,4/5,7/6,8/9,11");
    let classic = PdbSet::new(vec![cached(&goal, a), cached(&goal, b)]).unwrap();
    let h = FixedPdb::<25, 5, 4>::for_set(&classic).unwrap();
    assert_eq!(h.active, 4);
    for seed in 0..2 {
        agree_with(&h, &classic, &walk(&goal, 150, seed), seed);
    }
    let compact = PdbSet::new(vec![
        crate::heuristic::pdb::tests::cached_compact(&goal, a),
        crate::heuristic::pdb::tests::cached_compact(&goal, b),
    ])
    .unwrap();
    let h = FixedPdb::<25, 5, 4, 4>::for_set(&compact).unwrap();
    for seed in 0..2 {
        crate::heuristic::pdb::zero_tests::follow(&h, &compact, &goal, seed);
    }
    for set in [&classic, &compact] {
        let name = run_fixed_set::<25, _>(set, TypeName).unwrap();
        assert!(name.contains("FixedPdb<'_, 25, 5, 4"), "{name}");
    }
    // Six patterns go to the slice-based form.
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let six = cached(&goal, "1,2/3,4/5,6/7,8/9,10/11,12");
    let name = run_fixed::<16, _>(&six, TypeName).unwrap();
    assert!(name.contains("Dynamic"), "{name}");
}
