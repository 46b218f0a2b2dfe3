//! The two directions a staged solve can take: from the board to the goal,
//! and from the goal back to the board.
//!
//! A path from the goal to the board, read backwards with every move turned
//! round, takes the board to the goal (a blank move is undone by the
//! opposite one). Solving that reversed problem stage by stage places other
//! lines with other tiles and ends in another core, so its solutions are
//! about as long as the forward ones but different: the shorter of the two
//! directions is kept. On 6×6 with the 5×5 databases the best start of both
//! directions beats the forward one alone (see [`solve_best`](super::solve_best)).
//!
//! The reversed problem's goal is the board, so its blank home is wherever
//! the board's blank is. The weighted 5×5 core reads the databases only when
//! that home is a corner of the core (see [`core`](super::core)); lines are
//! placed from the side nearer the blank home first
//! (`edge_line`), which makes it one whenever the home
//! is at most `side - core` lines from an edge of the board. Otherwise the
//! blank is first walked (one or two moves on 6×6) to the nearest cell
//! where it is, and the reversed problem's goal is the board after those
//! moves.

use crate::board::{Board, Move};
use crate::goal::Goal;

/// A problem a staged solve works on, and how its moves become moves of
/// the caller's board.
pub(super) struct Direction {
    /// The board this direction starts from.
    pub(super) board: Board,
    pub(super) goal: Goal,
    /// Moves played on the caller's board before this direction's moves
    /// (read backwards) take over.
    prefix: Vec<Move>,
    reversed: bool,
}

impl Direction {
    /// The caller's problem as it is.
    pub(super) fn forward(board: &Board, goal: &Goal) -> Direction {
        Direction {
            board: board.clone(),
            goal: goal.clone(),
            prefix: Vec::new(),
            reversed: false,
        }
    }

    /// From the goal to `board` (after the blank is walked to a cell where
    /// a `core`×`core` core has it in a corner), if both sides of the board
    /// are at least `core`.
    pub(super) fn reverse(board: &Board, goal: &Goal, core: usize) -> Option<Direction> {
        let shape = board.shape();
        let (w, h) = (shape.width(), shape.height());
        if w < core || h < core {
            return None;
        }
        let (row, col) = (board.blank() / w, board.blank() % w);
        let mut prefix = walk(row, corner_line(row, h, core), Move::Up, Move::Down);
        prefix.extend(walk(col, corner_line(col, w, core), Move::Left, Move::Right));
        let end = board.replay(&prefix).ok()?;
        Some(Direction {
            board: goal.board().clone(),
            goal: Goal::new(end),
            prefix,
            reversed: true,
        })
    }

    /// The moves before this direction's own: its length to the caller is
    /// this plus its solution's.
    pub(super) fn extra(&self) -> usize {
        self.prefix.len()
    }

    /// This direction's solution as moves of the caller's board.
    pub(super) fn to_caller(&self, moves: Vec<Move>) -> Vec<Move> {
        if !self.reversed {
            return moves;
        }
        let back = moves.into_iter().rev().map(Move::opposite);
        self.prefix.iter().copied().chain(back).collect()
    }
}

/// The nearest line to `at` (of `len`) that ends in an edge line of a
/// `core`-long core when lines are placed from its nearer side first: at
/// most `len - core` lines from either end.
fn corner_line(at: usize, len: usize, core: usize) -> usize {
    let spare = len - core;
    if at.min(len - 1 - at) <= spare {
        at
    } else if at < len - 1 - at {
        spare
    } else {
        len - 1 - spare
    }
}

/// The moves taking the blank from line `from` to line `to`: `back`
/// (towards line 0) or `forth`.
fn walk(from: usize, to: usize, back: Move, forth: Move) -> Vec<Move> {
    let step = if to < from { back } else { forth };
    vec![step; from.abs_diff(to)]
}

#[cfg(test)]
mod tests {
    use super::super::tests::random_goal;
    use super::super::{solve, CoreOptions, Staged, PLANS};
    use super::*;
    use crate::board::Shape;
    use crate::random::random_solvable;
    use crate::search::table::TableCache;
    use rand::SeedableRng;

    #[test]
    fn the_blank_is_walked_only_off_the_middle_lines() {
        // 6 lines, a core of 5: lines 0, 1, 4 and 5 end on the core's edge.
        let got: Vec<usize> = (0..6).map(|at| corner_line(at, 6, 5)).collect();
        assert_eq!(got, [0, 1, 1, 4, 4, 5]);
        let got: Vec<usize> = (0..7).map(|at| corner_line(at, 7, 5)).collect();
        assert_eq!(got, [0, 1, 2, 4, 4, 5, 6], "a tie goes to the far side");
        assert_eq!(corner_line(2, 5, 5), 4, "a board as big as the core: its corners only");
    }

    #[test]
    fn a_reversed_solution_takes_the_board_to_the_goal() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let tables = TableCache::default();
        let core = CoreOptions::default().with_max_nodes(Some(20_000));
        for (w, h) in [(6, 6), (7, 5), (5, 6), (4, 4)] {
            let shape = Shape::new(w, h).unwrap();
            for goal in [Goal::standard(shape), random_goal(shape, &mut rng)] {
                let board = random_solvable(&goal, &mut rng);
                let Some(back) = Direction::reverse(&board, &goal, 5) else {
                    assert!(w < 5 || h < 5, "{w}x{h}");
                    continue;
                };
                // The reversed goal is the board after the walk, its blank
                // at most one line (here) from the edges' lines.
                let there = board.replay(&back.prefix).unwrap();
                assert!(back.goal.is_reached_by(&there));
                let (r, c) = (there.blank() / w, there.blank() % w);
                assert!(r.min(h - 1 - r) <= h - 5 && c.min(w - 1 - c) <= w - 5, "{there}");
                assert_eq!(back.board, *goal.board());
                let Staged::Solved(moves) = solve(&back.board, &back.goal, PLANS[1], None, &tables, &core).unwrap()
                else {
                    panic!("{w}x{h}: {board}");
                };
                let caller = back.to_caller(moves.clone());
                assert_eq!(caller.len(), back.extra() + moves.len());
                assert!(goal.is_reached_by(&board.replay(&caller).unwrap()), "{w}x{h}: {board}");
            }
        }
    }
}
