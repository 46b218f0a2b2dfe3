use super::*;
use crate::board::{Board, Shape};
use crate::oracle;

fn shape(text: &str) -> Shape {
    text.parse().unwrap()
}

/// Checks the bound against the oracle's multi-tile distances on every
/// board of the goal's shape; returns how many boards it is exact on.
fn check_against_oracle(pdb: &MtmPdb, goal: &Goal) -> usize {
    let h = pdb.heuristic(goal).unwrap();
    let distances = oracle::multi_tile_distances(goal.board().tiles(), goal.shape().width(), None);
    let mut exact = 0;
    for (tiles, &d) in &distances {
        let e = h.estimate(tiles);
        assert!(e <= d, "{tiles:?} toward {goal}: bound {e} > distance {d}");
        exact += usize::from(e == d);
    }
    exact
}

#[test]
fn a_layout_with_every_tile_apart_gives_the_exact_distances() {
    // One class a tile: the abstract board is the board.
    for (text, classes) in [
        ("3x2", vec![1, 2, 3, 4, 5, 0]),
        ("2x3", vec![1, 2, 3, 4, 5, 0]),
        ("4x2", vec![1, 2, 3, 4, 5, 6, 7, 0]),
    ] {
        let pdb = MtmPdb::build(RegionLayout::new(shape(text), classes).unwrap(), 2).unwrap();
        for goal in [Goal::standard(shape(text)), Goal::blank_first(shape(text))] {
            let all = oracle::multi_tile_distances(goal.board().tiles(), goal.shape().width(), None).len();
            assert_eq!(check_against_oracle(&pdb, &goal), all, "{text} toward {goal}");
        }
    }
}

#[test]
fn coarser_layouts_are_admissible_on_every_board_and_goal_corner() {
    let s = shape("3x3");
    let layouts = [
        vec![1, 1, 2, 3, 3, 2, 3, 2, 0],
        vec![1, 1, 1, 2, 2, 2, 3, 3, 0],
        vec![1, 2, 3, 4, 5, 6, 7, 7, 0],
    ];
    let corners = [
        Goal::standard(s),
        Goal::blank_first(s),
        Goal::new("3 2 x 6 5 4 8 7 1".parse::<Board>().unwrap()),
        Goal::new("1 2 3 4 5 6 x 7 8".parse::<Board>().unwrap()),
    ];
    for classes in layouts {
        let pdb = MtmPdb::build(RegionLayout::new(s, classes.clone()).unwrap(), 2).unwrap();
        for goal in &corners {
            let exact = check_against_oracle(&pdb, goal);
            assert!(exact > 0, "{classes:?} toward {goal}: exact nowhere");
        }
    }
}

#[test]
fn the_reflected_lookup_raises_the_bound_and_stays_admissible() {
    // A layout that is not symmetric along the diagonal: the second lookup
    // reads different classes, so it is exact on boards the first is not.
    let s = shape("3x3");
    let layout = RegionLayout::new(s, vec![1, 1, 1, 2, 2, 2, 2, 2, 0]).unwrap();
    let pdb = MtmPdb::build(layout, 1).unwrap();
    let goal = Goal::standard(s);
    let both = pdb.heuristic(&goal).unwrap();
    let mut one = both.clone();
    one.reflected = None;
    let distances = oracle::multi_tile_distances(goal.board().tiles(), 3, None);
    let (mut higher, mut total_one, mut total_both) = (0, 0, 0);
    for (tiles, &d) in &distances {
        let (a, b) = (one.estimate(tiles), both.estimate(tiles));
        assert!(a <= b && b <= d, "{tiles:?}: {a} {b} {d}");
        higher += usize::from(b > a);
        total_one += a;
        total_both += b;
    }
    assert!(
        higher > 1000,
        "the reflection raised only {higher} bounds ({total_one} -> {total_both})"
    );
}

#[test]
fn goals_without_a_corner_blank_and_other_shapes_are_refused_by_name() {
    let layout = RegionLayout::new(shape("3x3"), vec![1, 1, 2, 3, 3, 2, 3, 2, 0]).unwrap();
    let pdb = MtmPdb::build(layout, 1).unwrap();
    let spiral = Goal::spiral(shape("3x3"));
    let err = pdb.heuristic(&spiral).unwrap_err().to_string();
    assert!(err.contains("blank in a corner"), "{err}");
    let err = pdb.heuristic(&Goal::standard(shape("4x3"))).unwrap_err().to_string();
    assert!(err.contains("3x3 boards, not 4x3"), "{err}");
}

#[test]
fn layouts_that_break_the_rules_are_refused() {
    let s = shape("3x2");
    for (classes, says) in [
        (vec![1, 1, 2, 2, 2], "needs 6 classes"),
        (vec![1, 1, 2, 2, 0, 2], "bottom-right"),
        (vec![1, 1, 3, 3, 3, 0], "none skipped"),
    ] {
        let err = RegionLayout::new(s, classes).unwrap_err().to_string();
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn a_file_round_trips_and_damage_is_named() {
    let layout = RegionLayout::new(shape("3x3"), vec![1, 1, 2, 3, 3, 2, 3, 2, 0]).unwrap();
    let pdb = MtmPdb::build(layout, 2).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("3x3.mtm");
    pdb.write(&path).unwrap();
    let back = MtmPdb::open(&path).unwrap();
    assert_eq!(back.layout(), pdb.layout());
    assert_eq!(*back.table, *pdb.table);

    let mut bytes = pdb.to_bytes();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let err = MtmPdb::from_bytes(bytes.clone(), &path).unwrap_err().to_string();
    assert!(err.contains("corrupt") && err.contains("checksum"), "{err}");
    bytes.truncate(100);
    let err = MtmPdb::from_bytes(bytes, &path).unwrap_err().to_string();
    assert!(err.contains("truncated"), "{err}");
    let err = MtmPdb::from_bytes(b"npzlPDB\x1a and more".to_vec(), &path)
        .unwrap_err()
        .to_string();
    assert!(err.contains("wrong magic"), "{err}");
}

#[test]
fn a_move_changes_the_distance_by_one_at_most_so_remainders_follow_it() {
    // The walk follows exact distances from parent to child by their remainders.
    let s = shape("3x3");
    let pdb = MtmPdb::build(RegionLayout::new(s, vec![1, 1, 2, 3, 3, 2, 3, 2, 0]).unwrap(), 1).unwrap();
    let mut labels = [0u8; 16];
    let mut checked = 0;
    for rank in 0..pdb.entries() as usize {
        pdb.index.unrank(rank as u64, &mut labels);
        let d = pdb.distance(&labels);
        build::for_each_slide(s, &labels, |child| {
            let child_d = pdb.distance(child);
            assert!(child_d.abs_diff(d) <= 1, "{labels:?} {d} -> {child:?} {child_d}");
            assert_eq!(step(d, pdb.code(pdb.rank(child))), child_d);
            checked += 1;
        });
    }
    assert!(checked > 10_000, "{checked}");
}
