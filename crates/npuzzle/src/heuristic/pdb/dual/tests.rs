//! The dual estimate against exhaustive breadth-first search on small boards.

use std::sync::Arc;

use super::*;
use crate::heuristic::pdb::tests::cached;
use crate::heuristic::tests::{check_bound_and_update, exact_distances, small_goals};
use crate::{Goal, Shape};

/// Two halves of the tiles, and a partition leaving some tiles out.
pub(super) fn partitions(goal: &Goal) -> [String; 2] {
    let tiles = goal.shape().cells() - 1;
    let list = |r: std::ops::RangeInclusive<usize>| r.map(|t| t.to_string()).collect::<Vec<_>>().join(",");
    let half = tiles / 2;
    [
        format!("{}/{}", list(1..=half), list(half + 1..=tiles)),
        format!("{}/{}", list(1..=2), list(half + 1..=half + 1)),
    ]
}

#[test]
fn dual_estimates_are_admissible_with_the_distances_parity_on_every_board() {
    let mut goals = small_goals();
    goals.push(Goal::blank_first(Shape::new(3, 3).unwrap()));
    goals.push(Goal::blank_first(Shape::new(2, 4).unwrap()));
    for goal in &goals {
        let [whole, part] = partitions(goal);
        check_bound_and_update(goal, &DualPdb::new(cached(goal, &whole).into()), true);
        // The ordinary sum of a partition that leaves tiles out has its own parity.
        check_bound_and_update(goal, &DualPdb::new(cached(goal, &part).into()), false);
    }
}

/// The dual of the dual is the board: the inverse permutation, tiles named
/// by their goal cells.
fn inverse(goal: &Goal, tiles: &[u8]) -> Vec<u8> {
    let mut dual = vec![0u8; tiles.len()];
    for (cell, &t) in tiles.iter().enumerate() {
        // The tile named `cell` (goal cell `cell`) sits where the tile of name
        // `goal.position_of(t)` would go.
        dual[goal.position_of(t)] = goal.board().tiles()[cell];
    }
    dual
}

#[test]
fn a_board_with_the_blank_home_is_as_far_as_its_inverse() {
    for goal in [
        Goal::blank_first(Shape::new(3, 3).unwrap()),
        Goal::standard(Shape::new(3, 3).unwrap()),
    ] {
        let distances = exact_distances(&goal);
        let home = goal.position_of(0);
        let mut checked = 0;
        for (tiles, &d) in distances.iter().filter(|(t, _)| t[home] == 0) {
            assert_eq!(distances.get(&inverse(&goal, tiles)), Some(&d), "{tiles:?}");
            checked += 1;
        }
        assert_eq!(checked, 20_160);
    }
}

/// The dual sum with every pattern counted, the blank's too.
fn naive_dual_sum(pdb: &AdditivePdb, tiles: &[u8]) -> u32 {
    let goal = pdb.spec().goal();
    let shape = goal.shape();
    let home = |t: u8| goal.position_of(t);
    let mut sum = 0;
    for db in pdb.patterns() {
        let placement: Vec<u8> = db.tiles().iter().map(|&t| home(tiles[home(t)]) as u8).collect();
        sum += db.moves(&placement);
    }
    let covered: Vec<u8> = pdb.patterns().iter().flat_map(|db| db.tiles().to_vec()).collect();
    for (c, &t) in tiles.iter().enumerate() {
        if t != 0 && !covered.contains(&goal.board().tiles()[c]) {
            sum += shape.distance(c, home(t)) as u32;
        }
    }
    sum
}

/// Why only the patterns whose goal region holds the blank count: counting
/// every one overestimates some boards. Counting those, no board is
/// overestimated, and many get a larger estimate than the ordinary sum.
#[test]
fn only_patterns_whose_goal_region_holds_the_blank_count_on_the_dual() {
    let goal = Goal::blank_first(Shape::new(3, 3).unwrap());
    let mut pdb = AdditivePdb::clone(&cached(&goal, "1,2,3,4/5,6,7,8"));
    pdb.set_reflection(false);
    let regions = goal_regions(&pdb);
    let (mut over, mut raised) = (0, 0);
    for (tiles, &d) in &exact_distances(&goal) {
        over += usize::from(naive_dual_sum(&pdb, tiles) > d);
        let dual = dual_sum(&pdb, &regions, tiles);
        assert!(dual <= d, "{tiles:?}: {dual} > {d}");
        raised += usize::from(dual > pdb.estimate(tiles));
    }
    assert!(over > 0);
    assert!(raised > 5_000, "{raised}");
}

#[test]
fn the_estimate_is_the_largest_of_every_sum() {
    let goal = Goal::blank_first(Shape::new(3, 3).unwrap());
    let (a, b) = (cached(&goal, "1,2,3,4/5,6,7,8"), cached(&goal, "1,2,5/3,4,6,7,8"));
    assert!(a.reflection().is_some());
    let set = PdbSet::new(vec![Arc::clone(&a), Arc::clone(&b)]).unwrap();
    let dual = DualPdb::new(set);
    for tiles in exact_distances(&goal).keys() {
        let mut sums = vec![a.estimate(tiles), b.estimate(tiles)];
        for pdb in [&a, &b] {
            let regions = goal_regions(pdb);
            sums.push(dual_sum(pdb, &regions, tiles));
            if let Some(r) = pdb.reflection() {
                sums.push(dual_sum(pdb, &regions, &r.reflect(tiles)));
            }
        }
        assert_eq!(dual.estimate(tiles), sums.into_iter().max().unwrap(), "{tiles:?}");
    }
}

#[test]
fn a_solver_with_pdb_dual_finds_the_lengths_of_breadth_first_search() {
    use crate::{Algorithm, Board, HeuristicKind, Solver, SolverOptions};
    let goal = Goal::standard(Shape::new(3, 3).unwrap());
    let pdb = cached(&goal, "1,2,3,4/5,6,7,8");
    let mut distances: Vec<_> = exact_distances(&goal).into_iter().collect();
    distances.sort();
    for algorithm in [Algorithm::AStar, Algorithm::IdaStar] {
        let options = SolverOptions::default()
            .with_algorithm(algorithm)
            .with_heuristic(HeuristicKind::PdbDual);
        let solver = Solver::new(options).with_pdb(Arc::clone(&pdb));
        for (tiles, d) in distances.iter().step_by(997) {
            let board = Board::new(goal.shape(), tiles.clone()).unwrap();
            let report = solver.solve(&board, &goal).unwrap();
            assert_eq!(
                report.outcome.solution().map(|s| s.len() as u32),
                Some(*d),
                "{algorithm}: {board}"
            );
        }
    }
}
