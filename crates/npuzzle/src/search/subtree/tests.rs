//! Tests of the subtree tasks: the driver loop gives [`Solver::solve`]'s
//! moves and node counts, iteration by iteration, however the subtrees are
//! grouped or ordered; misuse gives typed errors.

use super::*;
use crate::error::{InternalError, MoveError, Refusal};
use crate::heuristic::fixed::tests::random_walk;
use crate::heuristic::pdb::tests::cached;
use crate::{HeuristicKind, Outcome, Shape, SolverOptions, Stats};

/// The driver loop: each iteration cut into `count` subtrees, searched in
/// chunks of `chunk`, the chunks in reverse order (as independent tasks
/// may finish), the results put back in order.
fn solve_by_subtrees(solver: &Solver, board: &Board, goal: &Goal, count: usize, chunk: usize) -> (Solution, Stats) {
    let mut stats = Stats::default();
    let mut bound = None;
    loop {
        let frontier = solver.split_iteration(board, goal, bound, count).unwrap();
        assert_eq!(
            frontier,
            solver.split_iteration(board, goal, bound, count).unwrap(),
            "repeatable"
        );
        let chunks: Vec<&[Subtree]> = frontier.subtrees.chunks(chunk.max(1)).collect();
        let mut results: Vec<Vec<SubtreeResult>> = chunks
            .iter()
            .rev()
            .map(|c| {
                solver
                    .search_subtrees(board, goal, frontier.bound, c, Budget::default(), &Cancel::new())
                    .unwrap()
            })
            .collect();
        results.reverse();
        let it = frontier.combine(&results.concat()).unwrap();
        assert_eq!(it.stopped, None);
        stats.expanded += it.expanded;
        stats.generated += it.generated;
        stats.iterations.push((it.bound, it.expanded));
        if let Some(solution) = it.solution {
            return (solution, stats);
        }
        bound = Some(it.next_bound.expect("a solvable board has a next bound"));
    }
}

fn assert_like_solve(solver: &Solver, board: &Board, goal: &Goal) {
    let report = solver.solve(board, goal).unwrap();
    let Outcome::Solved(want) = &report.outcome else {
        panic!("{board}: {:?}", report.outcome)
    };
    for (count, chunk) in [(1, 1), (7, 3), (64, 5), (500, 1000)] {
        let (solution, stats) = solve_by_subtrees(solver, board, goal, count, chunk);
        let what = format!("{board}, {count} subtrees in chunks of {chunk}");
        assert_eq!(&solution, want, "{what}");
        assert_eq!(stats.iterations, report.stats.iterations, "{what}");
        assert_eq!(
            (stats.expanded, stats.generated),
            (report.stats.expanded, report.stats.generated),
            "{what}"
        );
    }
}

fn solver(kind: HeuristicKind) -> Solver {
    Solver::new(SolverOptions::default().with_heuristic(kind))
}

#[test]
fn subtrees_give_the_moves_and_counts_of_one_search_on_4x4() {
    let shape = Shape::new(4, 4).unwrap();
    for goal in [Goal::blank_first(shape), Goal::standard(shape)] {
        let manhattan = solver(HeuristicKind::Manhattan);
        let pdb = solver(HeuristicKind::Pdb).with_pdb(cached(&goal, "5-5-5"));
        for seed in 0..4 {
            let board = random_walk(&goal, 36 + 4 * seed as usize, 900 + seed);
            assert_like_solve(&manhattan, &board, &goal);
            assert_like_solve(&pdb, &board, &goal);
        }
    }
}

#[test]
fn subtrees_give_the_moves_and_counts_of_one_search_on_5x5() {
    let goal = Goal::blank_first(Shape::new(5, 5).unwrap());
    let lc = solver(HeuristicKind::LinearConflict);
    for seed in 0..2 {
        assert_like_solve(&lc, &random_walk(&goal, 30, 950 + seed), &goal);
    }
}

#[test]
fn a_solved_board_is_one_subtree_holding_the_empty_solution() {
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let s = solver(HeuristicKind::Manhattan);
    let frontier = s.split_iteration(goal.board(), &goal, None, 16).unwrap();
    assert_eq!(frontier.subtrees, [Subtree::new(Vec::new())]);
    let results = s
        .search_subtrees(
            goal.board(),
            &goal,
            frontier.bound,
            &frontier.subtrees,
            Budget::default(),
            &Cancel::new(),
        )
        .unwrap();
    let it = frontier.combine(&results).unwrap();
    assert_eq!(it.solution, Some(Solution::default()));
    assert_eq!((it.expanded, it.generated), (0, 0));
}

#[test]
fn a_node_budget_stops_a_subtree_and_says_so() {
    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let s = solver(HeuristicKind::Manhattan);
    let board = random_walk(&goal, 50, 3);
    let frontier = s.split_iteration(&board, &goal, Some(60), 1).unwrap();
    let budget = Budget::default().with_max_nodes(Some(5_000));
    let results = s
        .search_subtrees(
            &board,
            &goal,
            frontier.bound,
            &frontier.subtrees,
            budget,
            &Cancel::new(),
        )
        .unwrap();
    let last = results.last().unwrap();
    assert_eq!(last.stopped, Some(BudgetKind::Nodes));
    assert!(results.len() < frontier.subtrees.len() || last.solution.is_none());
}

#[test]
fn misuse_gives_typed_errors() {
    let s = solver(HeuristicKind::Manhattan);
    let small: Board = "1 2 3 4 5 6 7 0 8".parse().unwrap();
    let err = s
        .split_iteration(&small, &Goal::standard(small.shape()), None, 4)
        .unwrap_err();
    assert!(matches!(err, Error::Refused(Refusal::Unsupported { .. })), "{err}");

    let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
    let mut tiles = goal.board().tiles().to_vec();
    tiles.swap(1, 2);
    let unsolvable = Board::new(goal.shape(), tiles).unwrap();
    let err = s.split_iteration(&unsolvable, &goal, None, 4).unwrap_err();
    assert!(err.to_string().contains("unsolvable"), "{err}");

    // The blank starts in the top-left corner: up leaves the board.
    let board = random_walk(&goal, 50, 3);
    let blank_top_left = goal.board();
    let off = Subtree::new(Move::parse_list("rrru").unwrap());
    let err = s
        .search_subtrees(blank_top_left, &goal, 30, &[off], Budget::default(), &Cancel::new())
        .unwrap_err();
    assert!(
        matches!(err, Error::Moves(MoveError::IllegalMove { mv: 'u', step: 4 })),
        "{err}"
    );

    let frontier = s.split_iteration(&board, &goal, Some(60), 8).unwrap();
    assert!(frontier.subtrees.len() > 1);
    let err = frontier.combine(&[SubtreeResult::default()]).unwrap_err();
    assert!(
        matches!(err, Error::Internal(InternalError::SubtreeResults { results: 1, .. })),
        "{err}"
    );

    let astar = Solver::new(SolverOptions::default().with_algorithm(Algorithm::AStar));
    assert!(astar.split_iteration(&board, &goal, None, 8).is_err());
}
