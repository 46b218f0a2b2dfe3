use std::collections::{HashMap, VecDeque};

use super::*;
use crate::board::Shape;
use crate::random::random_solvable;
use group::GroupSearch;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A goal with the tiles in random places (so the blank's home anywhere).
pub(super) fn random_goal(shape: Shape, rng: &mut impl Rng) -> Goal {
    let mut tiles = Goal::standard(shape).board().wide_tiles();
    tiles.shuffle(rng);
    Goal::new(Board::from_wide(shape, tiles).unwrap())
}

/// The standard goal, blank first, and a random one.
fn three_goals(shape: Shape, rng: &mut impl Rng) -> [Goal; 3] {
    [Goal::standard(shape), Goal::blank_first(shape), random_goal(shape, rng)]
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
        for goal in three_goals(shape, &mut rng) {
            let board = random_solvable(&goal, &mut rng);
            for (i, plan) in PLANS.into_iter().chain(MORE_PLANS).enumerate() {
                // A small node limit (these are debug builds) so that some
                // 4×4 cores are searched and some go down to 3×3.
                let core = CoreOptions::default().with_max_nodes([Some(20_000), None][i % 2]);
                match solve(&board, &goal, plan, None, &tables, &core).unwrap() {
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
    assert_eq!(
        solve_best(&board, &goal, deadline, &tables, &CoreOptions::default()).unwrap(),
        None
    );
}

#[test]
fn boards_over_64_cells_are_refused() {
    let goal = Goal::standard(Shape::new(9, 8).unwrap());
    let board = goal.board().clone();
    assert!(solve(
        &board,
        &goal,
        PLANS[0],
        None,
        &TableCache::default(),
        &CoreOptions::default()
    )
    .is_err());
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

/// A random board of `shape` for the standard goal (even rounds) or a
/// random one (odd rounds): the board, its tiles, each tile's home cell,
/// and the tiles (blank left out) shuffled.
fn random_case(shape: Shape, round: usize, rng: &mut impl Rng) -> (Board, Vec<u8>, Vec<u8>, Vec<u8>) {
    let goal = if round % 2 == 0 {
        Goal::standard(shape)
    } else {
        random_goal(shape, rng)
    };
    let board = random_solvable(&goal, rng);
    let tiles: Vec<u8> = board.iter_tiles().map(|t| t as u8).collect();
    let home: Vec<u8> = goal.homes().iter().map(|&c| c as u8).collect();
    let mut others: Vec<u8> = (1..shape.cells() as u8).collect();
    others.shuffle(rng);
    (board, tiles, home, others)
}

#[test]
fn each_sub_search_is_optimal_for_its_partial_goal() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for round in 0..120 {
        let (w, h) = [(3, 3), (4, 3), (3, 4), (4, 4), (5, 3)][round % 5];
        let (board, tiles, home, others) = random_case(Shape::new(w, h).unwrap(), round, &mut rng);
        // One to three target tiles, sometimes in a smaller rectangle that holds them and their homes.
        let targets = &others[..1 + round % 3];
        let full = Rect::whole(w, h);
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
fn the_group_search_is_optimal_with_weight_one_and_within_its_weight_otherwise() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    for round in 0..48 {
        let (w, h) = [(3, 3), (4, 3), (3, 4), (5, 2)][round % 4];
        let (board, tiles, home, others) = random_case(Shape::new(w, h).unwrap(), round, &mut rng);
        let targets = &others[..1 + round % 4];
        let full = Rect::whole(w, h);
        let expected = bfs_distance(w, &tiles, &home, targets, full);
        // One store of pair tables for both weights: the second search
        // reads the tables the first built.
        let pairs = PairTables::default();
        for weight_halves in [2, 3] {
            let mut puzzle = Puzzle::new(w, h, &tiles, &home);
            let search = GroupSearch {
                puzzle: &mut puzzle,
                rect: full,
                locked: 0,
                targets,
                deadline: None,
                max_nodes: u64::MAX,
                weight: weight_halves,
                pairs: &pairs,
            };
            let path = search.run().unwrap();
            let len = path.len() as u32;
            let context = format!("{w}x{h} {board}, targets {targets:?}, weight {weight_halves}/2");
            if weight_halves == 2 {
                assert_eq!(len, expected, "{context}");
            } else {
                assert!(
                    len >= expected && 2 * len <= weight_halves * expected,
                    "{len} {expected} {context}"
                );
            }
            let end = board.replay(&path).unwrap();
            for &t in targets {
                assert_eq!(end.tile(usize::from(home[usize::from(t)])), usize::from(t), "{context}");
            }
            assert_eq!(puzzle.tiles[..w * h], *end.tiles(), "the path is played on the puzzle");
        }
    }
}

#[test]
fn the_group_search_keeps_the_blank_off_held_cells_and_agrees_with_the_breadth_first_one() {
    // Boards with their first row solved and held: both searches place up
    // to three tiles of the second row, with the same length, never
    // entering the held row.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    let (w, h) = (4, 4);
    let goal = Goal::standard(Shape::new(w, h).unwrap());
    let home: Vec<u8> = goal.homes().iter().map(|&c| c as u8).collect();
    for round in 0..24 {
        // Shuffle the lower three rows only (a solvable arrangement: a walk of the blank there).
        let (board, _) = scrambled_core_rows(&goal, 1, 200, &mut rng);
        let tiles: Vec<u8> = board.iter_tiles().map(|t| t as u8).collect();
        let targets: Vec<u8> = (5..=4 + 1 + round % 3).map(|t| t as u8).collect();
        let rect = Rect::whole(w, h);
        let held = 0b1111u64;
        let mut by_bfs = Puzzle::new(w, h, &tiles, &home);
        let mut bfs = SubSearch::new(&mut by_bfs, rect, &targets);
        bfs.locked = held;
        let expected = bfs.run().unwrap();
        let mut puzzle = Puzzle::new(w, h, &tiles, &home);
        let search = GroupSearch {
            puzzle: &mut puzzle,
            rect,
            locked: held,
            targets: &targets,
            deadline: None,
            max_nodes: u64::MAX,
            weight: 2,
            pairs: &PairTables::default(),
        };
        let path = search.run().unwrap();
        assert_eq!(path.len(), expected.len(), "{board}, targets {targets:?}");
        let mut at = board.clone();
        for &mv in &path {
            at.apply(mv).unwrap();
            assert!(at.blank() >= w, "the blank entered the held row: {board}");
        }
    }
}

/// The goal with the blank walked `steps` random moves below row `top`.
fn scrambled_core_rows(goal: &Goal, top: usize, steps: usize, rng: &mut impl Rng) -> (Board, Vec<usize>) {
    let (w, h) = (goal.shape().width(), goal.shape().height());
    scrambled_core(
        goal,
        Rect {
            top,
            ..Rect::whole(w, h)
        },
        steps,
        rng,
    )
}

/// A board of `shape` whose lines outside the 4×4 core are solved and
/// whose core is the goal scrambled by a random walk of `steps` moves of
/// the blank inside it; with the core's cells.
fn scrambled_core(goal: &Goal, core: Rect, steps: usize, rng: &mut impl Rng) -> (Board, Vec<usize>) {
    let w = goal.shape().width();
    let inside = |c: usize| (core.top..core.bottom).contains(&(c / w)) && (core.left..core.right).contains(&(c % w));
    let mut board = goal.board().clone();
    for _ in 0..steps {
        let mv = Move::ALL[rng.random_range(0..4)];
        if goal.shape().step(board.blank(), mv).is_some_and(inside) {
            board.apply(mv).unwrap();
        }
    }
    let cells = (core.top..core.bottom)
        .flat_map(|r| (core.left..core.right).map(move |c| r * w + c))
        .collect();
    (board, cells)
}

/// A 4×4 pattern database for the blank-first goal, small enough to build in a test.
fn small_4x4_pdb() -> std::sync::Arc<crate::heuristic::pdb::PdbSet> {
    use crate::heuristic::pdb::{AdditivePdb, PdbSet, PdbSpec};
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15").unwrap();
    let pdb = AdditivePdb::build(&spec, &Default::default(), &mut |_| {}).unwrap();
    std::sync::Arc::new(PdbSet::new(vec![std::sync::Arc::new(pdb)]).unwrap())
}

#[test]
fn a_4x4_core_is_finished_optimally_with_and_without_databases() {
    let tables = TableCache::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let with_pdb = CoreOptions::default().with_pdb(Some(small_4x4_pdb()));
    for (w, h) in [(6, 6), (5, 4), (4, 6)] {
        let shape = Shape::new(w, h).unwrap();
        // Standard goal: the core is the bottom-right 4×4, its blank home in
        // the far corner (the databases' goal carried by a half turn);
        // blank first: the top-left 4×4, no symmetry needed; on a board 4
        // high, a goal with its blank inside the core's edge: no symmetry
        // fits, walking distance. (Higher boards place the lines next to such
        // a home first, which puts it in a corner of the core.)
        let bottom_right = Rect {
            top: h - 4,
            bottom: h,
            left: w - 4,
            right: w,
        };
        let mut goals = vec![
            (Goal::standard(shape), bottom_right),
            (
                Goal::blank_first(shape),
                Rect {
                    top: 0,
                    bottom: 4,
                    left: 0,
                    right: 4,
                },
            ),
        ];
        if h == 4 {
            let mut inner = Goal::standard(shape).board().wide_tiles();
            let (blank, target) = (inner.len() - 1, (h - 2) * w + w - 1);
            inner.swap(blank, target);
            goals.push((Goal::new(Board::from_wide(shape, inner).unwrap()), bottom_right));
        }
        for (goal, core) in goals {
            for steps in [10, 30, 60] {
                let (board, cells) = scrambled_core(&goal, core, steps, &mut rng);
                let start: Vec<u8> = cells.iter().map(|&c| board.tile(c) as u8).collect();
                let end: Vec<u8> = cells.iter().map(|&c| goal.board().tile(c) as u8).collect();
                let expected = crate::oracle::distance(&start, &end, 4).unwrap();
                for options in [&CoreOptions::default(), &with_pdb] {
                    let plan = PLANS[1];
                    let Staged::Solved(moves) = solve(&board, &goal, plan, None, &tables, options).unwrap() else {
                        panic!("{board}");
                    };
                    assert!(goal.is_reached_by(&board.replay(&moves).unwrap()), "{w}x{h}: {board}");
                    assert_eq!(moves.len() as u32, expected, "{w}x{h} {goal}: {board}");
                }
            }
        }
    }
}

#[test]
fn groups_never_leave_one_cell_of_a_line_alone() {
    for len in 2..=8 {
        for size in 1..=MAX_GROUP {
            let g = groups(len, size);
            assert_eq!(g.first().unwrap().start, 0);
            assert_eq!(g.last().unwrap().end, len);
            assert!(g.windows(2).all(|p| p[0].end == p[1].start));
            assert!(
                g.iter().all(|r| (1..=size.max(2)).contains(&r.len())),
                "{len} {size}: {g:?}"
            );
            assert!(g.last().unwrap().len() >= 2, "{len} {size}: {g:?}");
        }
    }
}

/// 5×5 pattern databases for the blank-first goal, small enough to build in
/// a test (eight patterns of three tiles).
fn small_5x5_pdb() -> std::sync::Arc<crate::heuristic::pdb::PdbSet> {
    use crate::heuristic::pdb::{AdditivePdb, PdbSet, PdbSpec};
    let goal = Goal::blank_first(Shape::new(5, 5).unwrap());
    let partition = "1,2,3/4,5,6/7,8,9/10,11,12/13,14,15/16,17,18/19,20,21/22,23,24";
    let spec = PdbSpec::parse(&goal, partition).unwrap();
    let pdb = AdditivePdb::build(&spec, &Default::default(), &mut |_| {}).unwrap();
    std::sync::Arc::new(PdbSet::new(vec![std::sync::Arc::new(pdb)]).unwrap())
}

#[test]
fn a_5x5_core_is_finished_within_the_weight_with_databases() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
    let options = CoreOptions::default().with_pdb(Some(small_5x5_pdb()));
    for (w, h, blank_first) in [(6, 6, false), (5, 5, true), (7, 7, false), (5, 5, false)] {
        let shape = Shape::new(w, h).unwrap();
        // Standard goal: the bottom-right 5×5 (carried by a half turn);
        // blank first: the top-left one (no symmetry needed).
        let (goal, core) = if blank_first {
            let core = Rect {
                bottom: 5,
                right: 5,
                ..Rect::whole(w, h)
            };
            (Goal::blank_first(shape), core)
        } else {
            let core = Rect {
                top: h - 5,
                left: w - 5,
                ..Rect::whole(w, h)
            };
            (Goal::standard(shape), core)
        };
        for steps in [20, 40] {
            let (board, cells) = scrambled_core(&goal, core, steps, &mut rng);
            let start: Vec<u8> = cells.iter().map(|&c| board.tile(c) as u8).collect();
            let end: Vec<u8> = cells.iter().map(|&c| goal.board().tile(c) as u8).collect();
            let expected = crate::oracle::distance(&start, &end, 5).unwrap();
            let mut puzzle = Puzzle::of(&board, &goal);
            let mut moves = Vec::new();
            assert!(
                self::core::search(&mut puzzle, &goal, core, &options, None, &mut moves).unwrap(),
                "{w}x{h}: {board}"
            );
            let len = moves.len() as u32;
            // Weight 1.5 by default: at most 1.5 times the fewest moves.
            assert!(
                len >= expected && 2 * len <= 3 * expected,
                "{w}x{h} {len} {expected}: {board}"
            );
            assert!(goal.is_reached_by(&board.replay(&moves).unwrap()), "{w}x{h}: {board}");
            assert_eq!(
                puzzle.tiles[..w * h],
                *goal.board().tiles(),
                "the path is played on the puzzle"
            );
        }
    }
}

#[test]
fn solve_best_with_5x5_databases_reaches_the_goal_on_random_boards() {
    let tables = TableCache::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
    let options = CoreOptions::default().with_pdb(Some(small_5x5_pdb()));
    for (w, h) in [(6, 6), (5, 5), (7, 6), (6, 7), (7, 7)] {
        let shape = Shape::new(w, h).unwrap();
        for goal in three_goals(shape, &mut rng) {
            let board = random_solvable(&goal, &mut rng);
            // 3 s is plenty on an idle core (the refinement uses what is
            // left); a loaded machine that finishes no plan in it gets a
            // minute, so the test checks solutions, never the clock.
            let within = |secs| {
                let deadline = Instant::now() + std::time::Duration::from_secs(secs);
                solve_best(&board, &goal, deadline, &tables, &options).unwrap()
            };
            let moves = within(3)
                .or_else(|| within(60))
                .unwrap_or_else(|| panic!("{w}x{h}: nothing found in a minute for {board}"));
            assert!(
                goal.is_reached_by(&board.replay(&moves).unwrap()),
                "{w}x{h}: {board} -> {goal}"
            );
        }
    }
}

#[test]
fn on_5x5_a_whole_board_search_that_runs_out_leaves_the_plans_to_place_lines() {
    // Ten nodes find no 5×5 path: the plans place lines (after the first
    // in a direction, without searching the whole board again), and the
    // answer still reaches the goal.
    let tables = TableCache::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(53);
    let options = CoreOptions::default()
        .with_pdb(Some(small_5x5_pdb()))
        .with_weighted(Some(10), DEFAULT_WEIGHT_EIGHTHS);
    let goal = Goal::blank_first(Shape::new(5, 5).unwrap());
    for _ in 0..3 {
        let board = random_solvable(&goal, &mut rng);
        let deadline = Instant::now() + std::time::Duration::from_secs(60);
        let moves = solve_best(&board, &goal, deadline, &tables, &options)
            .unwrap()
            .unwrap_or_else(|| panic!("nothing found in a minute for {board}"));
        assert!(goal.is_reached_by(&board.replay(&moves).unwrap()), "{board}");
    }
}

#[test]
fn going_on_after_the_first_core_path_never_lengthens_a_plan() {
    let tables = TableCache::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(47);
    let pdb = small_5x5_pdb();
    // Small node limits and weight 2 (a path within 200k nodes on most
    // boards): these are debug builds, and the three-tile databases are weak.
    let first = CoreOptions::default()
        .with_pdb(Some(pdb))
        .with_weighted(Some(200_000), 2 * weighted::WEIGHT_ONE)
        .with_then_nodes(0);
    let going_on = first.clone().with_then_nodes(20_000);
    let goal = Goal::standard(Shape::new(6, 6).unwrap());
    let mut weighted = 0;
    for _ in 0..4 {
        let board = random_solvable(&goal, &mut rng);
        for plan in [PLANS[1], PLANS[2]] {
            let solved = |core: &CoreOptions| {
                let with = With {
                    deadline: None,
                    tables: &tables,
                    core,
                    pairs: &PairTables::default(),
                };
                match solve_marked(&board, &goal, plan, &with).unwrap() {
                    (Staged::Solved(moves), mark) => {
                        assert!(goal.is_reached_by(&board.replay(&moves).unwrap()), "{plan:?}: {board}");
                        (moves, mark)
                    }
                    other => panic!("{plan:?}: {other:?}"),
                }
            };
            let ((a, mark_a), (b, mark_b)) = (solved(&first), solved(&going_on));
            // The same lines are placed before the core either way.
            assert_eq!(mark_a, mark_b, "{plan:?}: {board}");
            if let Some(mark) = mark_a {
                assert_eq!(a[..mark.at], b[..mark.at]);
                assert!(b.len() <= a.len(), "{plan:?}: {} after {} on {board}", b.len(), a.len());
                weighted += 1;
            }
        }
    }
    assert!(weighted > 0, "no core was finished by the weighted search");
}

#[test]
fn with_5x5_databases_the_quick_plan_runs_only_when_nothing_else_finished() {
    let tables = TableCache::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(53);
    let options = CoreOptions::default().with_pdb(Some(small_5x5_pdb()));
    let goal = Goal::standard(Shape::new(6, 6).unwrap());
    let board = random_solvable(&goal, &mut rng);
    let quick = match solve(&board, &goal, PLANS[0], None, &tables, &options).unwrap() {
        Staged::Solved(moves) => moves,
        other => panic!("{other:?}"),
    };
    let deadline = Instant::now() + std::time::Duration::from_secs(60);
    let best = solve_best(&board, &goal, deadline, &tables, &options).unwrap().unwrap();
    assert!(goal.is_reached_by(&board.replay(&best).unwrap()));
    assert_ne!(best, quick, "the quick plan's solution was kept");
}

#[test]
fn whole_5x5_boards_searched_in_turns_stop_at_the_first_path() {
    // A board far from its goal, searched first, and one a few moves from
    // it: the near one's path, within the weight of the fewest moves, ends
    // the far one's search at its next turn.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(59);
    let options = CoreOptions::default().with_pdb(Some(small_5x5_pdb()));
    let goal = Goal::blank_first(Shape::new(5, 5).unwrap());
    let far = random_solvable(&goal, &mut rng);
    let (near, _) = scrambled_core(&goal, Rect::whole(5, 5), 30, &mut rng);
    let ask = self::core::Ask {
        weight_eighths: DEFAULT_WEIGHT_EIGHTHS,
        max_nodes: 5_000_000,
        shorter_than: u32::MAX,
        then_nodes: 0,
        deadline: None,
    };
    let found = self::core::weighted_5x5_in_turns(&[(&far, &goal), (&near, &goal)], &options, ask, 1_000).unwrap();
    assert_eq!(
        found[0], None,
        "the far board's search went on after the near one's path"
    );
    let path = found[1].as_ref().expect("the near board's path");
    assert!(goal.is_reached_by(&near.replay(path).unwrap()), "{near}");
    let fewest = crate::oracle::distance(near.tiles(), goal.board().tiles(), 5).unwrap();
    assert!(
        2 * path.len() as u32 <= 3 * fewest,
        "{} moves, {fewest} the fewest: {near}",
        path.len()
    );
}

#[test]
fn a_heavier_whole_board_path_stands_in_where_the_core_weight_finds_none() {
    // A board a few dozen moves from its goal, 300 nodes a search: the
    // search of the core's weight (1.5) finds nothing, the heavier one made
    // first (1.75) finds a path within its weight of the fewest moves.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(72);
    let options = CoreOptions::default()
        .with_pdb(Some(small_5x5_pdb()))
        .with_weighted(Some(300), DEFAULT_WEIGHT_EIGHTHS);
    let goal = Goal::blank_first(Shape::new(5, 5).unwrap());
    let (board, _) = scrambled_core(&goal, Rect::whole(5, 5), 100, &mut rng);
    let deadline = Instant::now() + std::time::Duration::from_secs(60);
    let paths = whole_board_paths(&[(&board, &goal)], &options, deadline).unwrap();
    let (core_weight, heavier) = &paths[0];
    assert_eq!(*core_weight, None, "weight 1.5 found a path in 300 nodes: {board}");
    let path = heavier.as_ref().expect("the heavier search's path");
    assert!(goal.is_reached_by(&board.replay(path).unwrap()), "{board}");
    let fewest = crate::oracle::distance(board.tiles(), goal.board().tiles(), 5).unwrap();
    let eighths = DEFAULT_WEIGHT_EIGHTHS + HEAVIER_BY_EIGHTHS;
    assert!(
        8 * path.len() as u32 <= eighths * fewest,
        "{} moves, {fewest} the fewest: {board}",
        path.len()
    );
}
