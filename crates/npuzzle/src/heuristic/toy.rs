//! A toy heuristic, kept as a test of the registry: adding a heuristic is a
//! module like this one and one entry in [`HeuristicKind`]'s table (`Toy`,
//! there under `#[cfg(test)]`), and nothing else. The solver, A*, both IDA*s
//! (through [`Dynamic`](super::fixed::Dynamic)) and the property tests of
//! `search::tests`, which run every search with every kind against the
//! oracle's exact distances, take it from the table.
//!
//! The estimate: the Manhattan distances of every tile but tile 1, a part of
//! an admissible sum and so admissible itself.

use super::{Heuristic, Manhattan};
use crate::goal::Goal;

/// Manhattan distance without tile 1.
pub(crate) struct Toy(Manhattan);

impl Toy {
    pub(crate) fn new(goal: &Goal) -> Toy {
        Toy(Manhattan::new(goal))
    }
}

impl Heuristic for Toy {
    fn estimate(&self, tiles: &[u8]) -> u32 {
        let one = tiles
            .iter()
            .position(|&t| t == 1)
            .map_or(0, |p| self.0.tile_distance(1, p));
        self.0.estimate(tiles) - one
    }

    fn update(&self, tiles: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        if tile == 1 {
            h
        } else {
            self.0.update(tiles, h, tile, from, to)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::tests::{check_bound_and_update, small_goals};
    use crate::heuristic::HeuristicKind;
    use crate::{Algorithm, Board, Move, Solver, SolverOptions};

    #[test]
    fn admissible_and_incremental_on_small_boards() {
        for goal in small_goals() {
            // Leaving one tile out breaks the estimate's parity, so only the bound is checked.
            check_bound_and_update(&goal, &Toy::new(&goal), false);
        }
    }

    #[test]
    fn the_registry_alone_makes_it_a_heuristic_of_every_search() {
        let kind: HeuristicKind = "toy".parse().unwrap();
        assert!(HeuristicKind::ALL.contains(&kind));
        assert!(HeuristicKind::names().contains(&"toy"));
        let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        let goal = Goal::standard(board.shape());
        let want = crate::oracle::distance(board.tiles(), goal.board().tiles(), 3);
        for algorithm in [Algorithm::AStar, Algorithm::IdaStar] {
            let solver = Solver::new(SolverOptions::default().with_algorithm(algorithm).with_heuristic(kind));
            let report = solver.solve(&board, &goal).unwrap();
            assert_eq!(report.algorithm, algorithm);
            assert_eq!(report.outcome.solution().map(|s| s.len() as u32), want, "{algorithm}");
        }
        // On a 4x4 board, IDA* runs the fixed-size search through `Dynamic`.
        let goal = Goal::standard("4x4".parse().unwrap());
        let board = goal
            .board()
            .replay(&Move::parse_list("ulldrulurdldrruldlur").unwrap())
            .unwrap();
        let want = crate::oracle::distance(board.tiles(), goal.board().tiles(), 4);
        let solver = Solver::new(SolverOptions::default().with_heuristic(kind));
        let solved = solver.solve(&board, &goal).unwrap().outcome;
        assert_eq!(solved.solution().map(|s| s.len() as u32), want);
    }
}
