//! Shortest paths on a 3×3 board by IDA* with linear conflict: how the
//! constructive and staged solvers finish the last 3×3 rectangle of a
//! larger board until the complete table is held (see
//! [`greedy::SEARCHES_BEFORE_TABLE`](super::greedy::SEARCHES_BEFORE_TABLE)).
//!
//! A search takes about 60 µs on average (5,000 random 3×3 boards: 0.35 s
//! one by one, against 0.04 s with the table), where building the table of
//! the 181,440 states (see [`table`](super::table)) takes 7–8 ms. The path is
//! the first shortest one IDA* meets (children tried lowest estimate
//! first), so the same board always gets the same path.

use super::weighted::{Start, Stop, Walk, WEIGHT_UNIT};
use crate::board::{Board, Move, Shape};
use crate::error::Refusal;
use crate::goal::Goal;
use crate::heuristic::fixed::FixedLinearConflict;
use crate::parity::is_solvable;
use crate::Error;

/// The side of the boards solved here.
const SIDE: usize = 3;

/// Cells of a board solved here.
const CELLS: usize = SIDE * SIDE;

/// Whether boards of `shape` are solved here: 3×3 ones.
pub(crate) fn serves(shape: Shape) -> bool {
    (shape.width(), shape.height()) == (SIDE, SIDE)
}

/// A shortest path from `board` to `goal`, both 3×3, or `None` when the
/// goal cannot be reached (told by parity, before any search). Errors if
/// either is not 3×3.
pub(crate) fn shortest_path(board: &Board, goal: &Goal) -> Result<Option<Vec<Move>>, Error> {
    goal.check_shape(board)?;
    let not_served = || {
        Error::Refused(Refusal::Unsupported {
            algorithm: "greedy",
            shape: goal.shape(),
            reason: "its last rectangle is searched on 3x3 boards only".into(),
        })
    };
    if !serves(goal.shape()) {
        return Err(not_served());
    }
    let heuristic = FixedLinearConflict::<CELLS>::new(goal)?;
    let (Ok(tiles), Ok(goal_tiles)) = (
        <[u8; CELLS]>::try_from(board.tiles()),
        <[u8; CELLS]>::try_from(goal.board().tiles()),
    ) else {
        return Err(not_served());
    };
    if !is_solvable(board, goal) {
        return Ok(None);
    }
    let start = Start {
        tiles,
        goal: goal_tiles,
        width: SIDE,
        weight: WEIGHT_UNIT,
        shorter_than: u32::MAX,
        max_nodes: u64::MAX,
        then_nodes: 0,
    };
    Ok(Walk::new(&heuristic, start, Stop::Deadline(None)).run())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::random_solvable;
    use crate::search::tests::exact_distance;
    use rand::SeedableRng;

    #[test]
    fn paths_are_shortest_against_breadth_first_search() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let shape = Shape::new(3, 3).unwrap();
        for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
            for _ in 0..60 {
                let board = random_solvable(&goal, &mut rng);
                let path = shortest_path(&board, &goal).unwrap().unwrap();
                assert!(goal.is_reached_by(&board.replay(&path).unwrap()), "{board}");
                assert_eq!(Some(path.len() as u32), exact_distance(&board, &goal), "{board}");
            }
        }
    }

    #[test]
    fn the_hardest_boards_and_the_goal_itself() {
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        for (board, moves) in [
            ("8 6 7 2 5 4 3 x 1", 31),
            ("6 4 7 8 5 x 3 2 1", 31),
            ("1 2 3 4 5 6 7 8 x", 0),
        ] {
            let board: Board = board.parse().unwrap();
            let path = shortest_path(&board, &goal).unwrap().unwrap();
            assert_eq!(path.len(), moves, "{board}");
            assert!(goal.is_reached_by(&board.replay(&path).unwrap()));
        }
    }

    #[test]
    fn an_unsolvable_board_has_no_path_and_another_shape_is_an_error() {
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        let swapped: Board = "2 1 3 4 5 6 7 8 x".parse().unwrap();
        assert_eq!(shortest_path(&swapped, &goal).unwrap(), None);
        let wide = Board::new(Shape::new(4, 2).unwrap(), vec![1, 2, 3, 4, 5, 6, 7, 0]).unwrap();
        assert!(shortest_path(&wide, &goal).is_err());
        let wide_goal = Goal::standard(wide.shape());
        assert!(shortest_path(&wide, &wide_goal).is_err());
    }
}
