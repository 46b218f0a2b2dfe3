//! Tests of the builder against an independent 0-1 BFS.

use super::super::pattern::unrank;
use super::*;
use crate::{Board, Move};
use std::collections::{HashMap, VecDeque};

/// Pattern-move distances by a plain 0-1 BFS over (pattern cells, blank
/// cell) with a hash map: an independent oracle for the builder.
fn oracle(goal: &Goal, tiles: &[u8]) -> HashMap<Vec<u8>, u32> {
    let mut best: HashMap<Vec<u8>, u32> = HashMap::new();
    for ((pos, _), d) in oracle_with_blank(goal, tiles) {
        let e = best.entry(pos).or_insert(d);
        *e = (*e).min(d);
    }
    best
}

/// [`oracle`] for each cell of the blank.
fn oracle_with_blank(goal: &Goal, tiles: &[u8]) -> HashMap<(Vec<u8>, usize), u32> {
    let shape = goal.shape();
    let home: Vec<u8> = tiles.iter().map(|&t| goal.position_of(t) as u8).collect();
    let start = (home, goal.position_of(0));
    let mut dist = HashMap::from([(start.clone(), 0u32)]);
    let mut deque = VecDeque::from([(start, 0u32)]);
    while let Some(((pos, blank), d)) = deque.pop_front() {
        if dist[&(pos.clone(), blank)] < d {
            continue;
        }
        for mv in Move::ALL {
            let Some(to) = shape.step(blank, mv) else { continue };
            let mut next = pos.clone();
            let cost = match pos.iter().position(|&p| usize::from(p) == to) {
                Some(j) => {
                    next[j] = blank as u8;
                    1
                }
                None => 0,
            };
            let state = (next, to);
            let nd = d + cost;
            if dist.get(&state).is_none_or(|&old| nd < old) {
                dist.insert(state.clone(), nd);
                if cost == 0 {
                    deque.push_front((state, nd));
                } else {
                    deque.push_back((state, nd));
                }
            }
        }
    }
    dist
}

/// The Manhattan distance of a placement from [`home_distances`].
fn manhattan(pos: &[u8], dist: &[u8], cells: usize) -> u32 {
    pos.iter()
        .enumerate()
        .map(|(j, &p)| u32::from(dist[j * cells + usize::from(p)]))
        .sum()
}

#[test]
fn the_odometer_counts_like_unrank() {
    for (cells, k, start, indices) in [
        (9, 4, 5, (5..3024).step_by(7).collect::<Vec<u64>>()),
        (9, 4, 0, vec![0, 1, 2, 100, 3023]),
        (16, 8, 0, vec![0, 5_000_000, 5_000_001, 518_918_399]),
    ] {
        let w = weights(cells, k);
        let mut o = Odometer::new(cells, k, start, &w);
        let mut expected = vec![0u8; k];
        for index in indices {
            unrank(index, cells, &w, &mut expected);
            assert_eq!(o.seek(index, &w), &expected, "{index}");
        }
    }
}

fn check(goal: &Goal, tiles: &[u8]) {
    check_layout(goal, tiles, Layout::Cells);
    // Every board here leaves at most 8 regions.
    check_layout(goal, tiles, Layout::Regions);
}

fn check_layout(goal: &Goal, tiles: &[u8], layout: Layout) {
    let shape = goal.shape();
    let cells = shape.cells();
    let Built { bits, regions, table } =
        build_pattern_with(goal, tiles, 2, layout, false, &Cancel::new(), &mut |_| {}).expect("not cancelled");
    assert_eq!(regions, 1);
    let w = weights(cells, tiles.len());
    let dist = home_distances(shape, goal, tiles);
    let truth = oracle(goal, tiles);
    let mut pos = vec![0u8; tiles.len()];
    for i in 0..placements(cells, tiles.len()) {
        let v = super::super::pattern::entry(&table, bits, i);
        unrank(i, cells, &w, &mut pos);
        let md = manhattan(&pos, &dist, cells);
        match truth.get(&pos) {
            Some(&d) => assert_eq!(md + 2 * u32::from(v), d, "{goal} {tiles:?} at {pos:?}, {layout:?}"),
            None => assert_eq!(v, 0, "unreachable {pos:?}, {layout:?}"),
        }
    }
    check_zero_aware(goal, tiles, layout, &table, bits);
}

/// The zero-aware table of the same pattern: for every placement and
/// every cell of the blank, the oracle's distance, read at the region
/// number [`Flood::number_at`] gives; the least over the regions is the
/// classic value `classic` holds; slots of regions a placement lacks hold
/// that least value.
fn check_zero_aware(goal: &Goal, tiles: &[u8], layout: Layout, classic: &[u8], classic_bits: u8) {
    let shape = goal.shape();
    let cells = shape.cells();
    let Built { bits, regions, table } =
        build_pattern_with(goal, tiles, 2, layout, true, &Cancel::new(), &mut |_| {}).expect("not cancelled");
    assert_eq!(regions, max_regions(shape, tiles.len()));
    let r = u64::from(regions);
    let w = weights(cells, tiles.len());
    let dist = home_distances(shape, goal, tiles);
    let truth = oracle_with_blank(goal, tiles);
    let flood = Flood::new(shape);
    let mut pos = vec![0u8; tiles.len()];
    let value = |i: u64| super::super::pattern::entry(&table, bits, i);
    for i in 0..placements(cells, tiles.len()) {
        unrank(i, cells, &w, &mut pos);
        let md = manhattan(&pos, &dist, cells);
        let occupied = pos.iter().fold(0u64, |m, &p| m | 1 << p);
        let free = flood.all & !occupied;
        let least = (i * r..(i + 1) * r).map(value).min().unwrap();
        assert_eq!(least, super::super::pattern::entry(classic, classic_bits, i), "{pos:?}");
        for n in flood.count_regions(free)..regions {
            assert_eq!(value(i * r + u64::from(n)), least, "{pos:?}: no region {n}");
        }
        for blank in (0..cells).filter(|&b| free >> b & 1 == 1) {
            let v = value(i * r + u64::from(flood.number_at(blank, free)));
            match truth.get(&(pos.clone(), blank)) {
                Some(&d) => assert_eq!(
                    md + 2 * u32::from(v),
                    d,
                    "{goal} {tiles:?} at {pos:?} blank {blank}, {layout:?}"
                ),
                None => assert_eq!(v, least, "unreachable {pos:?} blank {blank}, {layout:?}"),
            }
        }
    }
}

#[test]
fn most_regions_match_a_count_by_hand() {
    let s55 = Shape::new(5, 5).unwrap();
    // Tiles on 1, 3, 5, 7, 9, 11, 13 cut off cells 0, 2, 4, 6 and 8
    // from the rest (counted independently by a flood fill in Python
    // over all 480,700 sets).
    assert_eq!(max_regions(s55, 7), 6);
    assert_eq!(max_regions(s55, 6), 5);
    assert_eq!(max_regions(s55, 1), 1);
    // Two tiles on a 2x2 board: on a diagonal they leave two cells apart.
    assert_eq!(max_regions(Shape::new(2, 2).unwrap(), 2), 2);
    assert_eq!(max_regions(Shape::new(3, 3).unwrap(), 8), 1);
    assert_eq!(Layout::choose(s55, 6), Layout::Cells);
    assert_eq!(Layout::choose(s55, 7), Layout::Regions);
    assert_eq!(Layout::choose(Shape::new(4, 4).unwrap(), 8), Layout::Cells);
}

#[test]
fn builder_matches_a_plain_zero_one_bfs() {
    let s33 = Shape::new(3, 3).unwrap();
    check(&Goal::standard(s33), &[1, 2, 3]);
    check(&Goal::blank_first(s33), &[4, 5, 7, 8]);
    check(&Goal::new("4 x 2 8 1 6 3 7 5".parse().unwrap()), &[2, 6, 7]);
    check(&Goal::standard(s33), &[1, 2, 3, 4, 5, 6, 7, 8]);
    let s42 = Shape::new(4, 2).unwrap();
    check(&Goal::blank_first(s42), &[1, 2, 5, 6]);
    check(
        &Goal::new(Board::parse("3 1 x 7 2 6 5 4", Some(s42)).unwrap()),
        &[3, 4, 5],
    );
    let s34 = Shape::new(3, 4).unwrap();
    check(&Goal::standard(s34), &[1, 2, 4]);
    let s44 = Shape::new(4, 4).unwrap();
    check(&Goal::blank_first(s44), &[1, 4, 5]);
    check(&Goal::standard(s44), &[10, 11, 14, 15]);
    let s55 = Shape::new(5, 5).unwrap();
    check(&Goal::blank_first(s55), &[1, 2, 6]);
    // Odd shapes: a 2x2 board, where the pattern's cyclic order is fixed.
    check(&Goal::standard(Shape::new(2, 2).unwrap()), &[1, 2]);
}
