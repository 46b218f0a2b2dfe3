use std::collections::{HashMap, VecDeque};

use super::*;
use crate::board::Shape;
use crate::random::random_solvable;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A goal with the tiles in random places (so the blank's home anywhere).
fn random_goal(shape: Shape, rng: &mut impl Rng) -> Goal {
    let mut tiles = Goal::standard(shape).board().wide_tiles();
    tiles.shuffle(rng);
    Goal::new(Board::from_wide(shape, tiles).unwrap())
}

#[test]
fn every_plan_reaches_the_goal_on_boards_of_every_shape_up_to_7x7() {
    let tables = TableCache::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for (w, h) in [
        (2, 2),
        (3, 3),
        (4, 3),
        (3, 4),
        (4, 4),
        (5, 4),
        (4, 6),
        (5, 5),
        (6, 6),
        (7, 5),
        (7, 7),
    ] {
        let shape = Shape::new(w, h).unwrap();
        for goal in [
            Goal::standard(shape),
            Goal::blank_first(shape),
            random_goal(shape, &mut rng),
        ] {
            let board = random_solvable(&goal, &mut rng);
            for plan in PLANS {
                match solve(&board, &goal, plan, None, &tables, &CoreOptions::default()).unwrap() {
                    Staged::Solved(moves) => {
                        let end = board.replay(&moves).unwrap();
                        assert!(goal.is_reached_by(&end), "{plan:?} on {w}x{h}: {board} -> {goal}");
                    }
                    other => panic!("{plan:?} on {w}x{h}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn unsolvable_boards_are_caught_by_parity() {
    let tables = TableCache::default();
    let goal = Goal::standard(Shape::new(6, 6).unwrap());
    let mut tiles = goal.board().wide_tiles();
    tiles.swap(0, 1);
    let board = Board::from_wide(goal.shape(), tiles).unwrap();
    assert_eq!(
        solve(&board, &goal, PLANS[0], None, &tables, &CoreOptions::default()).unwrap(),
        Staged::Unsolvable
    );
    let deadline = Instant::now() + std::time::Duration::from_secs(1);
    assert_eq!(solve_best(&board, &goal, deadline, &tables, &CoreOptions::default()).unwrap(), None);
}

#[test]
fn boards_over_64_cells_are_refused() {
    let goal = Goal::standard(Shape::new(9, 8).unwrap());
    let board = goal.board().clone();
    assert!(solve(&board, &goal, PLANS[0], None, &TableCache::default(), &CoreOptions::default()).is_err());
}

/// The fewest moves putting `targets` home with the blank inside `rect`, by
/// breadth-first search over where the targets and the blank are (the
/// other tiles do not matter for this goal): an oracle independent of the
/// sub-search's heuristic and its in-place board.
fn bfs_distance(w: usize, tiles: &[u8], home: &[u8], targets: &[u8], rect: Rect) -> u32 {
    let cell_of = |t: u8| tiles.iter().position(|&x| x == t).unwrap();
    let inside = |c: usize| (rect.top..rect.bottom).contains(&(c / w)) && (rect.left..rect.right).contains(&(c % w));
    // State: the blank's cell, then each target's cell.
    let start: Vec<usize> = std::iter::once(cell_of(0))
        .chain(targets.iter().map(|&t| cell_of(t)))
        .collect();
    let done = |s: &[usize]| {
        targets
            .iter()
            .zip(&s[1..])
            .all(|(&t, &c)| usize::from(home[usize::from(t)]) == c)
    };
    let mut dist = HashMap::from([(start.clone(), 0u32)]);
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        if done(&s) {
            return d;
        }
        let b = s[0];
        let (r, c) = (b / w, b % w);
        let next = [
            (r > 0).then(|| b - w),
            Some(b + w),
            (c > 0).then(|| b - 1),
            (c + 1 < w).then(|| b + 1),
        ];
        for n in next.into_iter().flatten().filter(|&n| n < tiles.len() && inside(n)) {
            let mut t = s.clone();
            t[0] = n;
            for cell in &mut t[1..] {
                if *cell == n {
                    *cell = b;
                }
            }
            if !dist.contains_key(&t) {
                dist.insert(t.clone(), d + 1);
                queue.push_back(t);
            }
        }
    }
    panic!("targets cannot reach home");
}

#[test]
fn each_sub_search_is_optimal_for_its_partial_goal() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for round in 0..120 {
        let (w, h) = [(3, 3), (4, 3), (3, 4), (4, 4), (5, 3)][round % 5];
        let shape = Shape::new(w, h).unwrap();
        let goal = if round % 2 == 0 {
            Goal::standard(shape)
        } else {
            random_goal(shape, &mut rng)
        };
        let board = random_solvable(&goal, &mut rng);
        let tiles: Vec<u8> = board.iter_tiles().map(|t| t as u8).collect();
        let home: Vec<u8> = goal.homes().iter().map(|&c| c as u8).collect();
        // One to three target tiles, sometimes in a smaller rectangle that holds them and their homes.
        let mut others: Vec<u8> = (1..(w * h) as u8).collect();
        others.shuffle(&mut rng);
        let targets = &others[..1 + round % 3];
        let full = Rect {
            top: 0,
            bottom: h,
            left: 0,
            right: w,
        };
        let rect = if round % 4 == 3 {
            let cells = targets.iter().flat_map(|&t| {
                [
                    tiles.iter().position(|&x| x == t).unwrap(),
                    usize::from(home[usize::from(t)]),
                ]
            });
            let blank = tiles.iter().position(|&x| x == 0).unwrap();
            let cells: Vec<usize> = cells.chain([blank]).collect();
            let r = Rect {
                top: cells.iter().map(|c| c / w).min().unwrap(),
                bottom: cells.iter().map(|c| c / w + 1).max().unwrap(),
                left: cells.iter().map(|c| c % w).min().unwrap(),
                right: cells.iter().map(|c| c % w + 1).max().unwrap(),
            };
            // Room for the blank to pass: at least two cells each way.
            if r.height() >= 2 && r.width() >= 2 && r.height() * r.width() >= 6 {
                r
            } else {
                full
            }
        } else {
            full
        };
        let expected = bfs_distance(w, &tiles, &home, targets, rect);
        let mut puzzle = Puzzle::new(w, h, &tiles, &home);
        let path = SubSearch::new(&mut puzzle, rect, targets).run().unwrap();
        assert_eq!(
            path.len() as u32,
            expected,
            "{w}x{h} {board}, targets {targets:?}, {rect:?}"
        );
        // The path is legal on the board and puts the targets home.
        let end = board.replay(&path).unwrap();
        for &t in targets {
            assert_eq!(end.tile(usize::from(home[usize::from(t)])), usize::from(t));
        }
    }
}

#[test]
fn groups_never_leave_one_cell_of_a_line_alone() {
    for len in 2..=8 {
        for size in 1..=MAX_TARGETS {
            let g = groups(len, size);
            assert_eq!(g.first().unwrap().start, 0);
            assert_eq!(g.last().unwrap().end, len);
            assert!(g.windows(2).all(|p| p[0].end == p[1].start));
            assert!(
                g.iter().all(|r| (1..=MAX_TARGETS).contains(&r.len())),
                "{len} {size}: {g:?}"
            );
            assert!(g.last().unwrap().len() >= 2, "{len} {size}: {g:?}");
        }
    }
}
