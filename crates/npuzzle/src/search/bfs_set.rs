//! Breadth-first search with a hash set of states (realm 1).
//!
//! The plainest optimal search: layer by layer from the start, every state
//! seen kept in a hash map together with the move that first reached it, so
//! the path is rebuilt by walking those moves back. It works on any board of
//! up to 25 cells but holds every state closer than the goal, so it is for
//! the 8-puzzle and small boards, or for a budget to stop.
//!
//! ```
//! use npuzzle::{Algorithm, Board, Goal, Solver, SolverOptions};
//! let board: Board = "1 2 3 4 x 6 7 5 8".parse()?;
//! let solver = Solver::new(SolverOptions::default().with_algorithm(Algorithm::BfsSet));
//! let report = solver.solve(&board, &Goal::standard(board.shape()))?;
//! assert_eq!(report.outcome.solution().map(|s| s.to_string()).as_deref(), Some("dr"));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::ops::ControlFlow::{Break, Continue};

use super::problem::{Found, Problem};
use super::state::{charge, move_from_code, path_to, run_storing, Held, PackedState, Space, StateMap, Stop, Wide};
use crate::board::Board;
use crate::goal::Goal;
use crate::solution::{BudgetClock, Outcome, Solution, Stats};
use crate::Error;

/// Marks the start in the map: no move reached it.
const ROOT: u8 = u8::MAX;

/// The search as the registry runs it.
pub(crate) fn solve(problem: Problem<'_>) -> Result<Found, Error> {
    search(problem.board, problem.goal, problem.clock).map(Found::from)
}

/// Runs the search; boards over 25 cells are [`Refusal::Unsupported`](crate::error::Refusal::Unsupported) unless already solved.
pub(crate) fn search(board: &Board, goal: &Goal, clock: &mut BudgetClock) -> Result<(Outcome, Stats), Error> {
    run_storing(board, goal, "bfs-set", clock, run::<u64>, run::<Wide>)
}

fn run<S: PackedState>(board: &Board, goal: &Goal, clock: &mut BudgetClock) -> (Outcome, Stats) {
    let space = Space::<S>::new(board, goal);
    let mut stats = Stats::default();
    let mut seen: StateMap<S, u8> = StateMap::default();
    seen.insert(space.start, ROOT);
    let mut layer = vec![space.start];
    let mut next: Vec<S> = Vec::new();
    let outcome = 'search: loop {
        if layer.is_empty() {
            // Every reachable state is seen; parity rules this out before the search.
            break Outcome::Unsolvable;
        }
        for &s in &layer {
            stats.expanded += 1;
            let held = seen.held() + layer.held() + next.held();
            if let Some(kind) = charge(clock, stats.expanded, held, &mut stats.peak_bytes) {
                break 'search Outcome::BudgetReached(kind);
            }
            let flow = space.expand(s, None, &mut stats.generated, |c| {
                let child = c.state();
                if child == space.target {
                    return Break(Stop::Goal(c.mv));
                }
                if seen.contains_key(&child) {
                    return Continue(());
                }
                let held = seen.held_after_push() + layer.held() + next.held_after_push();
                if let Some(kind) = charge(clock, stats.expanded, held, &mut stats.peak_bytes) {
                    return Break(Stop::Budget(kind));
                }
                seen.insert(child, c.mv.index() as u8);
                next.push(child);
                Continue(())
            });
            match flow {
                Continue(()) => {}
                Break(Stop::Goal(mv)) => {
                    let mut moves = path_to(s, space.shape, |p| move_from_code(seen[&p]));
                    moves.push(mv);
                    break 'search Outcome::Solved(Solution::new(moves));
                }
                Break(Stop::Budget(kind)) => break 'search Outcome::BudgetReached(kind),
            }
        }
        std::mem::swap(&mut layer, &mut next);
        next.clear();
    };
    stats.peak_states = seen.len() as u64;
    (outcome, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tests::{assert_optimal_on_scrambles, scrambled, solve_with};
    use crate::{Algorithm, Budget, BudgetKind, Shape};

    #[test]
    fn finds_the_31_move_8_puzzle() {
        let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        let goal = Goal::standard(board.shape());
        let report = solve_with(Algorithm::BfsSet, &board, &goal, Budget::default());
        assert_eq!(report.outcome.solution().map(Solution::len), Some(31));
        // The whole space is 181440 states; a 31-move goal is near its far end.
        assert!(report.stats.peak_states > 150_000, "{:?}", report.stats);
    }

    #[test]
    fn wide_boards_near_the_goal() {
        assert_optimal_on_scrambles(Algorithm::BfsSet, &[(5, 5, "uullddrulu")]);
    }

    #[test]
    fn a_4x4_board_ends_at_the_node_budget() {
        let goal = Goal::standard(Shape::new(4, 4).unwrap());
        let board = scrambled(&goal, "ulldruuldrrdllurrulldrrdllur");
        let budget = Budget {
            max_nodes: Some(20_000),
            ..Budget::default()
        };
        let report = solve_with(Algorithm::BfsSet, &board, &goal, budget);
        assert_eq!(report.outcome, Outcome::BudgetReached(BudgetKind::Nodes));
        assert_eq!(report.stats.expanded, 20_000);
    }
}
