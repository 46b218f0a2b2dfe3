//! The multi-tile metric's searches against the oracle's own multi-tile
//! breadth-first search (plain vectors, its own slides), and what the
//! metric refuses.

use rand::{Rng, SeedableRng};

use crate::error::Refusal;
use crate::heuristic::walking_distance::MtmWalkingDistance;
use crate::heuristic::Heuristic;
use crate::record::SolutionRecord;
use crate::search::check::Question;
use crate::{oracle, Algorithm, Board, Error, Goal, HeuristicKind, Metric, Move, Shape, Solver, SolverOptions};

pub(super) fn mtm_solver(algorithm: Algorithm, heuristic: HeuristicKind) -> Solver {
    Solver::new(
        SolverOptions::default()
            .with_algorithm(algorithm)
            .with_heuristic(heuristic)
            .with_metric(Metric::Mtm),
    )
}

/// The multi-tile length of `solver`'s solution (which it replayed to the goal).
fn mtm_length(solver: &Solver, board: &Board, goal: &Goal) -> u32 {
    let report = solver.solve(board, goal).unwrap_or_else(|e| panic!("{board}: {e}"));
    let solution = report
        .outcome
        .solution()
        .unwrap_or_else(|| panic!("{board}: {:?}", report.outcome));
    Metric::Mtm.length(solution.moves()) as u32
}

#[test]
fn bfs_finds_the_oracles_multi_tile_distance_on_small_boards() {
    let auto = mtm_solver(Algorithm::Auto, HeuristicKind::LinearConflict);
    // Every board of the three smallest shapes, every 29th of the 8-cell ones.
    for (w, h, every) in [(2, 2, 1), (3, 2, 1), (2, 3, 1), (4, 2, 29), (2, 4, 29)] {
        let goal = Goal::standard(Shape::new(w, h).unwrap());
        let mut distances: Vec<_> = oracle::multi_tile_distances(goal.board().tiles(), w, None)
            .into_iter()
            .collect();
        distances.sort();
        for (tiles, d) in distances.into_iter().step_by(every) {
            let board = Board::new(goal.shape(), tiles).unwrap();
            assert_eq!(mtm_length(&auto, &board, &goal), d, "{w}x{h} {board}");
        }
    }
}

#[test]
fn the_table_walks_the_oracles_multi_tile_distance() {
    let table = mtm_solver(Algorithm::Table, HeuristicKind::LinearConflict);
    // Every board of 3x2 and 2x3, every 97th of 3x3, both goals.
    for (w, h, every) in [(3, 2, 1), (2, 3, 1), (3, 3, 97)] {
        let shape = Shape::new(w, h).unwrap();
        for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
            let mut distances: Vec<_> = oracle::multi_tile_distances(goal.board().tiles(), w, None)
                .into_iter()
                .collect();
            distances.sort();
            for (tiles, d) in distances.into_iter().step_by(every) {
                let board = Board::new(shape, tiles).unwrap();
                assert_eq!(mtm_length(&table, &board, &goal), d, "{w}x{h} {board}");
            }
        }
    }
    // Past 12 cells it says what searches the metric instead.
    let goal = Goal::standard(Shape::new(4, 4).unwrap());
    let board = Board::new(goal.shape(), (1..16).chain([0]).rev().collect()).unwrap();
    let err = table.solve(&board, &goal).unwrap_err();
    assert!(matches!(err, Error::Refused(Refusal::NotInMultiTile { .. })), "{err}");
}

#[test]
fn bfs_finds_the_oracles_multi_tile_distance_on_8_puzzles() {
    let bfs = mtm_solver(Algorithm::Bfs, HeuristicKind::LinearConflict);
    for goal in [
        Goal::standard(Shape::new(3, 3).unwrap()),
        Goal::blank_first(Shape::new(3, 3).unwrap()),
    ] {
        let distances = oracle::multi_tile_distances(goal.board().tiles(), 3, None);
        assert_eq!(distances.len(), 181_440);
        let mut boards: Vec<_> = distances.iter().collect();
        boards.sort();
        let farthest = distances.values().max().copied().unwrap();
        // The farthest boards, and a sample of the rest.
        let picked = boards
            .iter()
            .filter(|(_, &d)| d == farthest)
            .take(3)
            .chain(boards.iter().step_by(9_001));
        for (tiles, &d) in picked {
            let board = Board::new(goal.shape(), tiles.to_vec()).unwrap();
            assert_eq!(mtm_length(&bfs, &board, &goal), d, "{board}");
        }
    }
}

#[test]
fn idastar_finds_the_oracles_multi_tile_distance_near_4x4_goals() {
    let ida = mtm_solver(Algorithm::IdaStar, HeuristicKind::WalkingDistance);
    for goal in [
        Goal::standard(Shape::new(4, 4).unwrap()),
        Goal::blank_first(Shape::new(4, 4).unwrap()),
    ] {
        let distances = oracle::multi_tile_distances(goal.board().tiles(), 4, Some(5));
        let wd = MtmWalkingDistance::new(&goal).unwrap();
        let mut tight = 0;
        for (tiles, &d) in &distances {
            let h = wd.estimate(tiles);
            assert!(h <= d, "{tiles:?}: estimate {h} > multi-tile distance {d}");
            tight += usize::from(h == d);
        }
        assert!(tight > distances.len() / 10, "{tight} of {}", distances.len());
        let mut boards: Vec<_> = distances.into_iter().filter(|&(_, d)| d >= 4).collect();
        boards.sort();
        for (tiles, d) in boards.into_iter().step_by(97).take(40) {
            let board = Board::new(goal.shape(), tiles).unwrap();
            assert_eq!(mtm_length(&ida, &board, &goal), d, "{board}");
        }
    }
}

#[test]
fn idastar_and_bfs_agree_on_a_deeper_4x4_board() {
    // 60 random single moves from the goal; the oracle's ball is too small
    // here, so the two searches are checked against each other's metric:
    // the answer is no longer than the single-tile optimum's multi-tile length.
    let goal = Goal::standard(Shape::new(4, 4).unwrap());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
    let mut board = goal.board().clone();
    for _ in 0..60 {
        let _ = board.try_apply(Move::ALL[rng.random_range(0..4)]);
    }
    let ida = mtm_solver(Algorithm::IdaStar, HeuristicKind::WalkingDistance);
    let mtm = mtm_length(&ida, &board, &goal);
    let stm = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::WalkingDistance));
    let stm_moves = stm
        .solve(&board, &goal)
        .unwrap()
        .outcome
        .solution()
        .unwrap()
        .moves()
        .to_vec();
    assert!(mtm <= Metric::Mtm.length(&stm_moves) as u32, "{board}");
    assert!(mtm > 0);
}

#[test]
fn multi_tile_walking_distance_updates_agree_with_its_estimate() {
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let wd = MtmWalkingDistance::new(&goal).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut board = goal.board().clone();
    let mut h = wd.estimate(board.tiles());
    for _ in 0..2_000 {
        let blank = board.blank();
        if !board.try_apply(Move::ALL[rng.random_range(0..4)]) {
            continue;
        }
        let tile = board.tiles()[blank];
        h = wd.update(board.tiles(), h, tile, board.blank(), blank);
        assert_eq!(h, wd.estimate(board.tiles()), "{board}");
    }
}

#[test]
fn every_solution_record_gives_both_lengths() {
    let board: Board = "1 2 3 4 5 6 x 7 8".parse().unwrap();
    let goal = Goal::standard(board.shape());
    let stm = Solver::new(SolverOptions::default());
    let record = SolutionRecord::new(&board, &goal, &stm, &stm.solve(&board, &goal).unwrap());
    assert_eq!(
        (record.length, record.mtm_length, record.metric),
        (Some(2), Some(1), None)
    );
    let mtm = mtm_solver(Algorithm::Auto, HeuristicKind::LinearConflict);
    let record = SolutionRecord::new(&board, &goal, &mtm, &mtm.solve(&board, &goal).unwrap());
    assert_eq!(record.metric, Some(Metric::Mtm));
    assert_eq!((record.algorithm.as_str(), record.mtm_length), ("bfs", Some(1)));
    // Greedy, on a board no optimal search takes, counted both ways.
    let goal = Goal::standard(Shape::new(8, 8).unwrap());
    let board = crate::random::random_solvable(&goal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
    let report = mtm.solve(&board, &goal).unwrap();
    let record = SolutionRecord::new(&board, &goal, &mtm, &report);
    assert_eq!(record.algorithm, "greedy");
    let (stm_len, mtm_len) = (record.length.unwrap(), record.mtm_length.unwrap());
    assert!(mtm_len < stm_len && mtm_len > 0, "{mtm_len} {stm_len}");
}

#[test]
fn greedy_s_multi_tile_bound_is_below_the_oracles_distance() {
    let greedy = mtm_solver(Algorithm::Greedy, HeuristicKind::LinearConflict);
    let goal = Goal::standard(Shape::new(3, 3).unwrap());
    let distances = oracle::multi_tile_distances(goal.board().tiles(), 3, None);
    let mut boards: Vec<_> = distances.iter().collect();
    boards.sort();
    let mut raised = 0;
    for (tiles, &d) in boards.into_iter().step_by(1_009) {
        let board = Board::new(goal.shape(), tiles.clone()).unwrap();
        let record = SolutionRecord::new(&board, &goal, &greedy, &greedy.solve(&board, &goal).unwrap());
        let (bound, mtm_len) = (record.lower_bound.unwrap(), record.mtm_length.unwrap());
        assert!(bound <= u64::from(d), "{board}: bound {bound} over the distance {d}");
        // The ratio is the multi-tile length's, the one the record counts.
        assert_eq!(
            record.ratio,
            Some(crate::record::ratio(mtm_len as u64, bound)),
            "{board}"
        );
        raised += usize::from(bound > 0);
    }
    assert!(raised > 100, "only {raised} boards had a bound above 0");
}

/// The optimal slide sequences from `tiles`, counted over the oracle's own
/// distances and neighbours (memoised per board).
fn oracle_count(
    tiles: &[u8],
    width: usize,
    distances: &std::collections::HashMap<Vec<u8>, u32>,
    memo: &mut std::collections::HashMap<Vec<u8>, u128>,
) -> u128 {
    let d = distances[tiles];
    if d == 0 {
        return 1;
    }
    if let Some(&n) = memo.get(tiles) {
        return n;
    }
    let n = oracle::multi_tile_neighbours(tiles, width)
        .into_iter()
        .filter(|next| distances[next] + 1 == d)
        .map(|next| oracle_count(&next, width, distances, memo))
        .sum();
    memo.insert(tiles.to_vec(), n);
    n
}

#[test]
fn multi_tile_counts_and_lists_are_the_oracles() {
    let auto = mtm_solver(Algorithm::Auto, HeuristicKind::LinearConflict);
    let order = |moves: &[Move]| {
        moves
            .iter()
            .map(|m| Move::ALL.iter().position(|x| x == m))
            .collect::<Vec<_>>()
    };
    // Every board of 3x2, every 2,003rd of 3x3.
    for (w, h, every) in [(3, 2, 1), (3, 3, 2_003)] {
        let goal = Goal::standard(Shape::new(w, h).unwrap());
        let distances = oracle::multi_tile_distances(goal.board().tiles(), w, None);
        let mut boards: Vec<_> = distances.keys().cloned().collect();
        boards.sort();
        let mut memo = std::collections::HashMap::new();
        let mut several = 0;
        for tiles in boards.into_iter().step_by(every) {
            let board = Board::new(goal.shape(), tiles.clone()).unwrap();
            let expected = oracle_count(&tiles, w, &distances, &mut memo);
            let counted = auto.count_solutions(&board, &goal).unwrap();
            assert_eq!(
                (counted.distance, counted.count),
                (Some(distances[&tiles]), Some(expected)),
                "{board}"
            );
            let listed = auto.list_solutions(&board, &goal, 1_000).unwrap();
            assert_eq!(listed.count, Some(expected), "{board}");
            let mut seen = std::collections::HashSet::new();
            for s in &listed.solutions {
                assert_eq!(Metric::Mtm.length(s.moves()) as u32, distances[&tiles], "{board}: {s}");
                assert!(goal.is_reached_by(&board.replay(s.moves()).unwrap()), "{board}: {s}");
                assert!(seen.insert(s.to_string()), "{board}: {s} twice");
            }
            let keys: Vec<_> = listed.solutions.iter().map(|s| order(s.moves())).collect();
            assert!(keys.windows(2).all(|k| k[0] < k[1]), "{board}: not in u d l r order");
            several += usize::from(expected > 1);
        }
        assert!(several > 5, "{w}x{h}: only {several} boards with several solutions");
    }
    // A list cut at its limit says more exist.
    let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    let goal = Goal::standard(board.shape());
    let first = auto.list_solutions(&board, &goal, 1).unwrap();
    assert_eq!((first.solutions.len(), first.count), (1, None));
}

#[test]
fn the_multi_tile_metric_refuses_what_does_not_search_in_it() {
    let near = |shape: &str| {
        let goal = Goal::standard(shape.parse().unwrap());
        (goal.board().replay(&Move::parse_list("uull").unwrap()).unwrap(), goal)
    };
    let refused = |solver: &Solver, (board, goal): &(Board, Goal), question| match solver.check(board, goal, question) {
        Err(Error::Refused(Refusal::NotInMultiTile { what, .. })) => what,
        other => panic!("{board}: {other:?}"),
    };
    let (small, four) = (near("3x3"), near("4x4"));
    let astar = mtm_solver(Algorithm::AStar, HeuristicKind::Manhattan);
    assert_eq!(refused(&astar, &small, Question::Solve), "astar does not search");
    let ida = mtm_solver(Algorithm::IdaStar, HeuristicKind::WalkingDistance);
    assert_eq!(
        refused(&ida, &small, Question::Solve),
        "idastar cannot read walking-distance on a 3x3 board"
    );
    // Manhattan distance, in its multi-tile form, reads any board.
    let manhattan = mtm_solver(Algorithm::IdaStar, HeuristicKind::Manhattan);
    assert!(manhattan.check(&small.0, &small.1, Question::Solve).is_ok());
    let bfs = mtm_solver(Algorithm::Bfs, HeuristicKind::LinearConflict);
    assert_eq!(refused(&bfs, &four, Question::Solve), "bfs cannot search a 4x4 board");
    let lc = mtm_solver(Algorithm::IdaStar, HeuristicKind::LinearConflict);
    let err = lc.solve(&four.0, &four.1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "idastar cannot read linear-conflict in the multi-tile metric: it reads manhattan (any board) and \
         walking-distance (4x4), in their multi-tile forms, or pdb with a multi-tile database of the board's \
         shape loaded; the others count single-tile moves"
    );
    assert!(ida.check(&four.0, &four.1, Question::Hint).is_ok());
    assert_eq!(refused(&astar, &small, Question::Hint), "no hint by astar");
    let five = near("5x5");
    // Past 4x4 auto answers greedily, which gives no exact hint; idastar does.
    let auto = mtm_solver(Algorithm::Auto, HeuristicKind::Manhattan);
    assert_eq!(refused(&auto, &five, Question::Hint), "no hint by auto on a 5x5 board");
    assert_eq!(
        refused(&auto, &five, Question::Count),
        "no count by auto on a 5x5 board"
    );
    let greedy = mtm_solver(Algorithm::Greedy, HeuristicKind::Manhattan);
    let err = greedy.check(&five.0, &five.1, Question::Hint).unwrap_err();
    assert!(matches!(err, Error::Refused(Refusal::NoExactHint { .. })), "{err}");
    assert!(manhattan.check(&five.0, &five.1, Question::Hint).is_ok());
    assert_eq!(
        refused(&ida, &five, Question::Solve),
        "idastar cannot read walking-distance on a 5x5 board"
    );
    assert_eq!(refused(&bfs, &five, Question::Hint), "no hint by bfs on a 5x5 board");
    // Counts: by idastar on any board, from the complete distances up to 12 cells.
    assert!(ida.check(&four.0, &four.1, Question::Count).is_ok());
    assert!(manhattan.check(&five.0, &five.1, Question::Count).is_ok());
    assert!(manhattan.check(&small.0, &small.1, Question::Count).is_ok());
    assert_eq!(refused(&bfs, &four, Question::Count), "no count by bfs on a 4x4 board");
    assert_eq!(refused(&astar, &small, Question::Count), "no count by astar");
    // Parity and a board at its goal are answered first, in every metric.
    let unsolvable: Board = "2 1 3 4 5 6 7 8 x".parse().unwrap();
    assert!(astar.check(&unsolvable, &small.1, Question::Hint).is_ok());
}

/// The multi-tile distance table's layers: per distance, the oracle's count
/// of boards at that multi-tile distance, on every small shape and goals
/// with the blank in a corner and elsewhere.
#[test]
fn layer_counts_are_the_oracles() {
    use crate::search::mtm_bfs::mtm_layer_counts;
    use crate::Budget;
    for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (3, 3)] {
        let shape = Shape::new(w, h).unwrap();
        for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
            let counts = mtm_layer_counts(&goal, Budget::default()).unwrap();
            let mut want = Vec::new();
            for &d in oracle::multi_tile_distances(goal.board().tiles(), w, None).values() {
                let d = d as usize;
                want.resize(want.len().max(d + 1), 0u64);
                want[d] += 1;
            }
            assert_eq!(counts, want, "{goal}");
        }
    }
    let shape = Shape::new(3, 3).unwrap();
    let err = mtm_layer_counts(&Goal::standard(shape), Budget::default().with_max_nodes(Some(100))).unwrap_err();
    assert!(
        matches!(
            err,
            Error::Refused(Refusal::BuildBudget {
                kind: crate::BudgetKind::Nodes,
                limit: 100,
                ..
            })
        ),
        "{err:?}"
    );
    let big = mtm_layer_counts(&Goal::standard(Shape::new(4, 4).unwrap()), Budget::default()).unwrap_err();
    assert!(matches!(big, Error::Refused(Refusal::Unsupported { .. })), "{big:?}");
}

/// The multi-tile hint of `board`: the oracle's distance of the board and
/// of every slide's board, each slide once, in `u d l r` order.
fn check_mtm_hint(solver: &Solver, board: &Board, goal: &Goal, oracle: &std::collections::HashMap<Vec<u8>, u32>) {
    use crate::search::hint::Completion;
    let hint = solver.hint(board, goal).unwrap_or_else(|e| panic!("{board}: {e}"));
    assert_eq!(hint.metric, Metric::Mtm);
    assert_eq!(hint.completion, Completion::Complete, "{board}");
    assert_eq!(hint.distance, oracle.get(board.tiles()).copied(), "{board}");
    let got: Vec<(Vec<u8>, Option<u32>)> = hint
        .moves
        .iter()
        .map(|m| {
            let next = board.replay(&vec![m.mv; m.run]).unwrap();
            (next.tiles().to_vec(), m.distance)
        })
        .collect();
    let want: Vec<(Vec<u8>, Option<u32>)> = oracle::multi_tile_neighbours(board.tiles(), board.shape().width())
        .into_iter()
        .map(|next| {
            let d = oracle.get(&next).copied();
            (next, d)
        })
        .collect();
    assert_eq!(got, want, "{board}");
    let d = hint.distance.unwrap();
    for m in hint.optimal() {
        assert_eq!(m.distance, Some(d - 1));
    }
    assert_eq!(hint.optimal().is_empty(), d == 0, "{board}");
}

#[test]
fn multi_tile_hints_from_the_table_are_the_oracles_on_small_boards() {
    for (w, h, every) in [(3, 2, 1), (2, 3, 1), (3, 3, 211)] {
        let shape = Shape::new(w, h).unwrap();
        for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
            let distances = oracle::multi_tile_distances(goal.board().tiles(), w, None);
            let mut boards: Vec<_> = distances.keys().cloned().collect();
            boards.sort();
            for algorithm in [Algorithm::Auto, Algorithm::Bfs, Algorithm::Table] {
                let solver = mtm_solver(algorithm, HeuristicKind::LinearConflict);
                for tiles in boards.iter().step_by(every) {
                    let board = Board::new(shape, tiles.clone()).unwrap();
                    check_mtm_hint(&solver, &board, &goal, &distances);
                    assert_eq!(solver.hint(&board, &goal).unwrap().algorithm, Algorithm::Table);
                }
            }
        }
    }
}

#[test]
fn multi_tile_hints_by_idastar_are_the_oracles_near_4x4_goals() {
    let ida = mtm_solver(Algorithm::IdaStar, HeuristicKind::WalkingDistance);
    for goal in [
        Goal::standard(Shape::new(4, 4).unwrap()),
        Goal::blank_first(Shape::new(4, 4).unwrap()),
    ] {
        // Boards within 4 slides: each slide's board is within 5, which the oracle holds.
        let distances = oracle::multi_tile_distances(goal.board().tiles(), 4, Some(5));
        let mut boards: Vec<_> = distances
            .iter()
            .filter(|&(_, &d)| d <= 4)
            .map(|(t, _)| t.clone())
            .collect();
        boards.sort();
        for tiles in boards.into_iter().step_by(311).take(12) {
            let board = Board::new(goal.shape(), tiles).unwrap();
            check_mtm_hint(&ida, &board, &goal, &distances);
            assert_eq!(ida.hint(&board, &goal).unwrap().algorithm, Algorithm::IdaStar);
        }
    }
}

#[test]
fn multi_tile_hints_report_their_budget_and_their_slides() {
    use crate::search::hint::Completion;
    use crate::Budget;
    let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    let goal = Goal::standard(board.shape());
    // The table's build stops at its node limit: no distance, no error.
    let starved = Solver::new(
        SolverOptions::default()
            .with_algorithm(Algorithm::Auto)
            .with_metric(Metric::Mtm)
            .with_budget(Budget::default().with_max_nodes(Some(10))),
    );
    let hint = starved.hint(&board, &goal).unwrap();
    assert_eq!(hint.completion, Completion::BudgetReached(crate::BudgetKind::Nodes));
    assert!(hint.distance.is_none() && hint.moves.iter().all(|m| m.distance.is_none()));
    // The blank in the bottom row's middle: up by one or two, left or right by one.
    let slides: Vec<(Move, usize)> = hint.moves.iter().map(|m| (m.mv, m.run)).collect();
    assert_eq!(
        slides,
        [(Move::Up, 1), (Move::Up, 2), (Move::Left, 1), (Move::Right, 1)]
    );
    // At the goal every slide is one move away, in both metrics' sense of a move.
    let solver = mtm_solver(Algorithm::Auto, HeuristicKind::LinearConflict);
    let at_goal = solver.hint(goal.board(), &goal).unwrap();
    assert_eq!(at_goal.distance, Some(0));
    assert_eq!(at_goal.moves.len(), 4);
    assert!(at_goal.moves.iter().all(|m| m.distance == Some(1)));
    // Greedy's length is no distance, in either metric.
    let greedy = mtm_solver(Algorithm::Greedy, HeuristicKind::LinearConflict);
    assert!(matches!(
        greedy.hint(&board, &goal),
        Err(Error::Refused(Refusal::NoExactHint { .. }))
    ));
}
