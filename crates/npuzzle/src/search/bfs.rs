//! Breadth-first search with a dense visited array (realm 2).
//!
//! Instead of hashing states, every board that can reach the goal has a slot
//! in an array of N!/2 entries ([`BoardIndexer`]): a lookup is a rank, with no
//! hashing, probing or per-state key. Each slot holds, in four bits, the move
//! that first reached the board (or "unseen" / "start"), so the path is
//! rebuilt by walking those moves back.
//!
//! The array is sized by the board, not the search, so this realm has a hard
//! limit, [`MAX_DENSE_CELLS`]: 12 cells (3×4) need 12!/2 = 239 500 800 slots,
//! 120 MB, while 14 cells (2×7) would need 22 GB. Larger boards are
//! [`Refusal::Unsupported`], since no budget makes them fit. A smaller board
//! whose array would exceed [`Budget::max_memory`](crate::Budget::max_memory)
//! ends before allocating it, with [`BudgetKind::Memory`], as does a failed
//! allocation; the frontiers are checked against the budget as they grow.
//!
//! ```
//! use npuzzle::{Algorithm, Board, Goal, Solver, SolverOptions};
//! let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
//! let solver = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Bfs));
//! let report = solver.solve(&board, &Goal::standard(board.shape()))?;
//! assert_eq!(report.outcome.solution().map(|s| s.len()), Some(31));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::ops::ControlFlow::{Break, Continue};

use super::problem::{Found, Problem};
use super::state::{charge, move_from_code, path_to, Child, Held, PackedState, Space, Stop};
use crate::board::{Board, Shape};
use crate::error::Refusal;
use crate::goal::Goal;
use crate::rank::BoardIndexer;
use crate::solution::{BudgetClock, BudgetKind, Outcome, Solution, Stats};
use crate::Error;

/// Most cells a board may have for `bfs`: its array has N!/2 half-byte slots.
///
/// ```
/// use npuzzle::{search::bfs::MAX_DENSE_CELLS, Algorithm, Error, Goal, Move, Solver, SolverOptions};
/// use npuzzle::error::Refusal;
/// let goal = Goal::standard("4x4".parse()?);
/// let board = goal.board().replay(&Move::parse_list("ul")?)?;
/// assert!(board.shape().cells() > MAX_DENSE_CELLS);
/// let solver = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Bfs));
/// assert!(matches!(solver.solve(&board, &goal), Err(Error::Refused(Refusal::Unsupported { .. }))));
/// # Ok::<(), Error>(())
/// ```
pub const MAX_DENSE_CELLS: usize = 12;

/// Slot codes: 0 unseen, 1..=4 the move index plus one, [`START`] the start.
const UNSEEN: u8 = 0;
const START: u8 = 5;

/// N!/2 slots of four bits.
struct Slots {
    bytes: Vec<u8>,
}

impl Slots {
    /// All unseen, or `None` if the allocation fails.
    fn new(len: u64) -> Option<Slots> {
        let n = usize::try_from(len.div_ceil(2)).ok()?;
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(n).ok()?;
        bytes.resize(n, 0);
        Some(Slots { bytes })
    }

    #[inline]
    fn get(&self, i: u64) -> u8 {
        (self.bytes[(i / 2) as usize] >> (4 * (i & 1))) & 0xf
    }

    #[inline]
    fn set(&mut self, i: u64, code: u8) {
        let byte = &mut self.bytes[(i / 2) as usize];
        let shift = 4 * (i & 1);
        *byte = *byte & !(0xf << shift) | (code << shift);
    }
}

/// The refusal of a board of `shape`, over [`MAX_DENSE_CELLS`] cells: the
/// search's, and [`Solver::check`](crate::Solver::check)'s before it.
pub(crate) fn too_big(shape: Shape) -> Error {
    let cells = shape.cells();
    // Half a byte for each of the N!/2 boards; past 20 cells N! leaves u64, so in floating point.
    let bytes = (1..=cells).map(|k| k as f64).product::<f64>() / 4.0;
    Error::Refused(Refusal::Unsupported {
        algorithm: "bfs",
        shape,
        reason: format!(
            "its visited array needs half a byte for each of the {cells}!/2 boards that reach the goal, \
             {:.1e} bytes here; bfs takes boards of up to {MAX_DENSE_CELLS} cells (try bibfs, astar or idastar)",
            bytes
        ),
    })
}

/// The search as the registry runs it.
/// In the multi-tile metric, [`mtm_bfs`](super::mtm_bfs)'s search.
pub(crate) fn solve(problem: Problem<'_>) -> Result<Found, Error> {
    if problem.solver.options().metric == crate::Metric::Mtm {
        return super::mtm_bfs::solve(problem);
    }
    search(problem.board, problem.goal, problem.clock).map(Found::from)
}

/// Runs the search; boards over [`MAX_DENSE_CELLS`] are [`Refusal::Unsupported`](crate::error::Refusal::Unsupported).
pub(crate) fn search(board: &Board, goal: &Goal, clock: &mut BudgetClock) -> Result<(Outcome, Stats), Error> {
    let shape = board.shape();
    let cells = shape.cells();
    let mut stats = Stats::default();
    if goal.is_reached_by(board) {
        return Ok((Outcome::Solved(Solution::default()), stats));
    }
    if cells > MAX_DENSE_CELLS {
        return Err(too_big(shape));
    }
    let indexer = BoardIndexer::new(goal).ok_or_else(|| too_big(shape))?;

    // The array is the bulk of the memory and its size is known now: check before allocating.
    let mut layer: Vec<u64> = vec![u64::pack(board.tiles())];
    let array_bytes = indexer.len().div_ceil(2);
    if let Some(kind) = clock.check(0, array_bytes + layer.held()) {
        return Ok((Outcome::BudgetReached(kind), stats));
    }
    let Some(mut slots) = Slots::new(indexer.len()) else {
        return Ok((Outcome::BudgetReached(BudgetKind::Memory), stats));
    };
    stats.peak_bytes = array_bytes + layer.held();

    let goal_index = indexer.index(goal.board().tiles());
    let space = Space::<u64>::new(board, goal);
    let mut tiles = board.tiles().to_vec();
    slots.set(indexer.index(&tiles), START);
    let mut seen = 1u64;
    let mut next: Vec<u64> = Vec::new();
    let outcome = 'search: loop {
        if layer.is_empty() {
            // Every reachable board is seen; parity rules this out before the search.
            break Outcome::Unsolvable;
        }
        for &s in &layer {
            stats.expanded += 1;
            let held = array_bytes + layer.held() + next.held();
            if let Some(kind) = charge(clock, stats.expanded, held, &mut stats.peak_bytes) {
                break 'search Outcome::BudgetReached(kind);
            }
            s.unpack(&mut tiles);
            let flow = space.expand(s, None, &mut stats.generated, |c @ Child { mv, blank, to, .. }| {
                tiles.swap(blank, to);
                let child = indexer.index(&tiles);
                tiles.swap(blank, to);
                if child == goal_index {
                    return Break(Stop::Goal(mv));
                }
                if slots.get(child) != UNSEEN {
                    return Continue(());
                }
                let held = array_bytes + layer.held() + next.held_after_push();
                if let Some(kind) = charge(clock, stats.expanded, held, &mut stats.peak_bytes) {
                    return Break(Stop::Budget(kind));
                }
                slots.set(child, mv.index() as u8 + 1);
                seen += 1;
                next.push(c.state());
                Continue(())
            });
            match flow {
                Continue(()) => {}
                Break(Stop::Goal(mv)) => {
                    let mut moves = path_to(s, shape, |p: u64| {
                        p.unpack(&mut tiles);
                        move_from_code(slots.get(indexer.index(&tiles)).wrapping_sub(1))
                    });
                    moves.push(mv);
                    break 'search Outcome::Solved(Solution::new(moves));
                }
                Break(Stop::Budget(kind)) => break 'search Outcome::BudgetReached(kind),
            }
        }
        std::mem::swap(&mut layer, &mut next);
        next.clear();
    };
    stats.peak_states = seen;
    Ok((outcome, stats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tests::{assert_optimal_on_scrambles, scrambled, solve_with};
    use crate::{Algorithm, Budget, Shape};

    #[test]
    fn slots_hold_four_bits_each() {
        let mut s = Slots::new(5).unwrap();
        s.set(3, START);
        s.set(2, 4);
        assert_eq!((s.get(2), s.get(3), s.get(4)), (4, START, UNSEEN));
        s.set(3, 1);
        assert_eq!((s.get(2), s.get(3)), (4, 1));
    }

    #[test]
    fn solves_a_3x4_board_near_the_goal() {
        assert_optimal_on_scrambles(Algorithm::Bfs, &[(4, 3, "ulldrulurd")]);
    }

    #[test]
    fn larger_boards_are_unsupported() {
        let goal = Goal::standard(Shape::new(4, 4).unwrap());
        let board = scrambled(&goal, "ul");
        let solver = crate::Solver::new(crate::SolverOptions {
            algorithm: Algorithm::Bfs,
            ..Default::default()
        });
        let err = solver.solve(&board, &goal).unwrap_err();
        assert!(
            matches!(err, Error::Refused(Refusal::Unsupported { algorithm: "bfs", .. })),
            "{err}"
        );
        assert!(err.to_string().contains("up to 12 cells"), "{err}");
    }

    #[test]
    fn the_array_is_checked_against_the_memory_budget_before_allocation() {
        let goal = Goal::standard(Shape::new(4, 3).unwrap());
        let board = scrambled(&goal, "ulldrulurd");
        let budget = Budget {
            max_memory: Some(100 << 20),
            ..Budget::default()
        };
        let report = solve_with(Algorithm::Bfs, &board, &goal, budget);
        assert_eq!(report.outcome, Outcome::BudgetReached(BudgetKind::Memory));
        assert_eq!(report.stats.expanded, 0);
    }
}
