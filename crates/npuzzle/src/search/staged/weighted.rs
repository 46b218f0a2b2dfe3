//! The staged solver's weighted 5×5 core search: weighted IDA* (see
//! [`weighted`](crate::search::weighted)) with the weight in eighths, a
//! node limit and a deadline, giving the path alone.

use crate::time::Instant;

use crate::board::Move;
use crate::heuristic::fixed::FixedHeuristic;
use crate::heuristic::WithFixedHeuristic;
use crate::search::turns;
use crate::search::weighted::{self, Start, Stop, Walk};
use crate::Error;

/// The weight 1 in eighths, the unit of [`Weighted::weight_eighths`].
pub(super) const WEIGHT_ONE: u32 = 8;

/// One weighted search: the board, its width, the weight and the limits.
pub(super) struct Weighted {
    /// The tiles, row-major.
    pub(super) tiles: Vec<u8>,
    /// The goal's tiles, row-major: the heuristic's goal.
    pub(super) goal: Vec<u8>,
    pub(super) width: usize,
    /// The weight in eighths: 8 is IDA* (optimal), 12 is 1.5, 16 is 2.
    pub(super) weight_eighths: u32,
    /// Only paths shorter than this are wanted: a node whose moves plus
    /// estimate reach it is cut (the estimate is admissible, so no shorter
    /// path is lost).
    pub(super) shorter_than: u32,
    /// Expanded nodes before giving up.
    pub(super) max_nodes: u64,
    /// After each path found, the nodes the search may still expand for a
    /// shorter one (within `max_nodes`); 0: the first path is returned.
    pub(super) then_nodes: u64,
    pub(super) deadline: Option<Instant>,
}

impl Weighted {
    /// Where the walk starts, if the board has `N` cells.
    fn start<const N: usize>(&self) -> Option<Start<N>> {
        let (Ok(tiles), Ok(goal)) = (
            <[u8; N]>::try_from(self.tiles.as_slice()),
            <[u8; N]>::try_from(self.goal.as_slice()),
        ) else {
            return None;
        };
        Some(Start {
            tiles,
            goal,
            width: self.width,
            weight: self.weight_eighths * (weighted::WEIGHT_UNIT / WEIGHT_ONE),
            shorter_than: self.shorter_than,
            max_nodes: self.max_nodes,
            then_nodes: self.then_nodes,
        })
    }
}

impl<const N: usize> WithFixedHeuristic<N> for Weighted {
    /// The moves to the heuristic's goal, or `None` when a limit was reached
    /// (or the board does not have `N` cells).
    type Output = Option<Vec<Move>>;

    fn run<H: FixedHeuristic<N>>(self, heuristic: &H) -> Result<Option<Vec<Move>>, Error> {
        let Some(start) = self.start::<N>() else {
            return Ok(None);
        };
        Ok(Walk::new(heuristic, start, Stop::Deadline(self.deadline)).run())
    }
}

/// Weighted searches reading the same heuristic, taking turns of `slice`
/// nodes on one core (see [`turns`](crate::search::turns)) until one
/// finds its path (the others stop at their next turn) or each reaches a
/// limit.
pub(super) struct Race {
    pub(super) searches: Vec<Weighted>,
    pub(super) slice: u64,
}

impl<const N: usize> WithFixedHeuristic<N> for Race {
    /// What each search found, in order.
    type Output = Vec<Option<Vec<Move>>>;

    fn run<H: FixedHeuristic<N>>(self, heuristic: &H) -> Result<Self::Output, Error> {
        let starts: Vec<_> = self.searches.iter().map(|s| (s.start::<N>(), s.deadline)).collect();
        Ok(turns::run(starts, self.slice, |(start, deadline), turns, me| {
            if turns.is_ended() {
                return None;
            }
            let path = Walk::new(heuristic, start?, Stop::Turn { deadline, turns, me }).run();
            if path.is_some() {
                turns.end();
            }
            path
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;
    use crate::goal::Goal;
    use crate::heuristic::fixed::FixedManhattan;
    use crate::random::random_solvable;
    use rand::SeedableRng;

    /// A search of `board` for the 3×3 `goal`, with no node or time limit.
    fn search_3x3(
        board: &crate::Board,
        goal: &Goal,
        weight_eighths: u32,
        shorter_than: u32,
        then_nodes: u64,
    ) -> Weighted {
        Weighted {
            tiles: board.tiles().to_vec(),
            goal: goal.board().tiles().to_vec(),
            width: 3,
            weight_eighths,
            shorter_than,
            max_nodes: u64::MAX,
            then_nodes,
            deadline: None,
        }
    }

    #[test]
    fn paths_reach_the_goal_within_the_weight_and_weight_one_is_optimal() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        let manhattan = FixedManhattan::<9>::new(&goal).unwrap();
        for round in 0..40 {
            let board = random_solvable(&goal, &mut rng);
            let expected = crate::search::tests::exact_distance(&board, &goal).unwrap();
            for weight_eighths in [8, 10, 12, 16] {
                let search = search_3x3(&board, &goal, weight_eighths, u32::MAX, 0);
                let path = WithFixedHeuristic::<9>::run(search, &manhattan).unwrap().unwrap();
                let len = path.len() as u32;
                assert!(goal.is_reached_by(&board.replay(&path).unwrap()), "{board}");
                if weight_eighths == WEIGHT_ONE {
                    assert_eq!(len, expected, "{board}");
                } else {
                    assert!(
                        len >= expected && len * 8 <= weight_eighths * expected,
                        "{round} {board}: {len} {expected}"
                    );
                }
                // Asked for a shorter path than the shortest, it finds none.
                let none = search_3x3(&board, &goal, weight_eighths, expected, 0);
                assert_eq!(WithFixedHeuristic::<9>::run(none, &manhattan).unwrap(), None, "{board}");
            }
        }
    }

    #[test]
    fn going_on_after_a_path_only_shortens_it_and_to_the_end_is_optimal() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        let manhattan = FixedManhattan::<9>::new(&goal).unwrap();
        let search = |board: &crate::Board, weight_eighths, then_nodes| {
            search_3x3(board, &goal, weight_eighths, u32::MAX, then_nodes)
        };
        for _ in 0..40 {
            let board = random_solvable(&goal, &mut rng);
            let expected = crate::search::tests::exact_distance(&board, &goal).unwrap() as usize;
            for weight_eighths in [12, 16, 24] {
                let first = WithFixedHeuristic::<9>::run(search(&board, weight_eighths, 0), &manhattan)
                    .unwrap()
                    .unwrap();
                let mut last = first.len();
                for then_nodes in [10, 1_000, u64::MAX] {
                    let path = WithFixedHeuristic::<9>::run(search(&board, weight_eighths, then_nodes), &manhattan)
                        .unwrap()
                        .unwrap();
                    assert!(goal.is_reached_by(&board.replay(&path).unwrap()), "{board}");
                    assert!(path.len() <= last, "{board}: {} after {last}", path.len());
                    last = path.len();
                }
                // Going on without a limit ends when every path shorter than
                // the best is ruled out: the best is optimal.
                assert_eq!(last, expected, "{board} w{weight_eighths}");
            }
        }
    }
}
