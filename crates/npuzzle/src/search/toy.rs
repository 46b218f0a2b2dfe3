//! A toy algorithm, kept as a test of the registry: adding an algorithm is
//! a module like this one and one entry in [`Algorithm`](super::Algorithm)'s
//! table (`Toy`, there under `#[cfg(test)]`), and nothing else. The solver's
//! checks, its answer order and the property tests of `search::tests`, which
//! run every optimal search against the oracle's exact distances, take it
//! from the table.
//!
//! The search: breadth-first from the goal back to the board, every board a
//! vector of tiles in a hash map. Plain and slow, but optimal.

use std::collections::HashMap;

use super::problem::{Found, Problem};
use crate::board::{Board, Move, Shape};
use crate::error::Refusal;
use crate::solution::{Outcome, Solution, Stats};
use crate::Error;

/// The largest board it takes: a 3×3 space (181,440 boards) is its limit.
pub(crate) const MAX_CELLS: usize = 9;

/// The refusal of a board over [`MAX_CELLS`].
pub(crate) fn too_big(shape: Shape) -> Error {
    Error::Refused(Refusal::Unsupported {
        algorithm: "toy",
        shape,
        reason: format!("it holds every board, at most {MAX_CELLS} cells"),
    })
}

/// Searches from the goal until the board is reached, then walks back.
pub(crate) fn solve(problem: Problem<'_>) -> Result<Found, Error> {
    let Problem { board, goal, clock, .. } = problem;
    // The move into each board seen from the goal (none for the goal itself).
    let mut seen: HashMap<Vec<u8>, Option<Move>> = HashMap::from([(goal.board().tiles().to_vec(), None)]);
    let mut layer = vec![goal.board().clone()];
    let mut stats = Stats::default();
    // Bytes a board held costs, about: its tiles and vector, the move, the map's slot.
    let per_board = (board.shape().cells() + 40) as u64;
    while !layer.is_empty() && !seen.contains_key(board.tiles()) {
        let mut next = Vec::new();
        for from in &layer {
            stats.expanded += 1;
            let held = (seen.len() + next.len()) as u64 * per_board;
            if let Some(kind) = clock.check(stats.expanded, held) {
                return Ok(Found::from((Outcome::BudgetReached(kind), stats)));
            }
            stats.peak_bytes = stats.peak_bytes.max(held);
            for mv in Move::ALL {
                let mut to = from.clone();
                if to.try_apply(mv) {
                    stats.generated += 1;
                    if !seen.contains_key(to.tiles()) {
                        seen.insert(to.tiles().to_vec(), Some(mv));
                        next.push(to);
                    }
                }
            }
        }
        layer = next;
    }
    stats.peak_states = seen.len() as u64;
    let mut moves = Vec::new();
    let mut at: Board = board.clone();
    // Undo the moves from the goal: each step back is the opposite move.
    while let Some(&Some(mv)) = seen.get(at.tiles()) {
        let back = mv.opposite();
        moves.push(back);
        at.apply(back)?;
    }
    let outcome = if at.tiles() == goal.board().tiles() {
        Outcome::Solved(Solution::new(moves))
    } else {
        Outcome::Unsolvable
    };
    Ok(Found::from((outcome, stats)))
}

#[cfg(test)]
mod tests {
    use crate::error::Refusal;
    use crate::search::tests::assert_optimal_on_scrambles;
    use crate::{Algorithm, Board, Error, Goal, Solver, SolverOptions};

    #[test]
    fn the_registry_alone_makes_it_an_algorithm() {
        let toy: Algorithm = "toy".parse().unwrap();
        assert!(Algorithm::ALL.contains(&toy) && Algorithm::names().contains(&"toy"));
        assert!(toy.is_optimal() && !toy.uses_heuristic());
        assert_optimal_on_scrambles(toy, &[(3, 3, "ulldrruldlur"), (2, 3, "ulurd")]);
        // The solver's answer order holds: parity before the size limit.
        let solver = Solver::new(SolverOptions::default().with_algorithm(toy));
        let board: Board = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 x".parse().unwrap();
        let goal = Goal::standard(board.shape());
        let unsolvable = solver.solve(&board, &goal).unwrap();
        assert_eq!(unsolvable.outcome, crate::Outcome::Unsolvable);
        let far = goal.board().replay(&crate::Move::parse_list("ulu").unwrap()).unwrap();
        let err = solver.solve(&far, &goal).unwrap_err();
        assert!(
            matches!(err, Error::Refused(Refusal::Unsupported { algorithm: "toy", .. })),
            "{err}"
        );
    }
}
