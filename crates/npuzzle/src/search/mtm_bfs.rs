//! The multi-tile metric's breadth-first search: a shortest solution in
//! that metric, and so a board's exact distance in it.
//!
//! In the multi-tile metric (MTM, see [`Metric`](crate::Metric)) one
//! move slides one to all of the tiles between the blank and a wall of its
//! row or column: the blank travels any number of cells in one direction.
//! Every such move costs one, so a breadth-first search whose successors
//! are the boards at the end of each of those slides finds the exact
//! distance, layer by layer, and stops in the layer where the goal appears.
//!
//! Each board that reaches the goal has two bits in a dense array indexed
//! by [`BoardIndexer`]: unseen, or its depth modulo 3. That is enough to
//! walk back: a neighbour of a board at depth `d` lies at depth `d - 1`,
//! `d` or `d + 1`, so the seen neighbour marked `(d - 1) mod 3` is one move
//! closer to the start. The array is sized by the board (N!/2 × 2 bits: 60
//! MB at 12 cells), so boards are limited to [`MAX_DENSE_CELLS`] cells like
//! `bfs`'s; the two frontiers hold indices (8 bytes each) and are charged
//! to the budget as they grow.
//!
//! ```
//! use npuzzle::search::mtm_bfs::{mtm_distance, MtmDistance};
//! use npuzzle::{Board, Budget, Goal};
//! let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
//! let goal = Goal::standard(board.shape());
//! // Two single moves of the blank to the right are one multi-tile move.
//! assert_eq!(mtm_distance(&board, &goal, Budget::default())?, MtmDistance::Moves(1));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use super::problem::{Found, Problem};
use crate::board::{Board, Move, Shape};
use crate::error::Refusal;
use crate::goal::Goal;
use crate::parity::is_solvable;
use crate::rank::BoardIndexer;
use crate::search::bfs::MAX_DENSE_CELLS;
use crate::solution::{Budget, BudgetClock, BudgetKind, Outcome, Solution, Stats};
use crate::Error;

/// What the search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MtmDistance {
    /// The board is this many multi-tile moves from the goal.
    Moves(u32),
    /// Parity shows the goal cannot be reached.
    Unsolvable,
    /// A budget ran out first.
    BudgetReached(BudgetKind),
}

/// The multi-tile distance from `board` to `goal`, within `budget` (nodes
/// are boards expanded; memory the visited array and the frontiers). Boards
/// of more than [`MAX_DENSE_CELLS`] cells are [`Refusal::Unsupported`]; a
/// board and goal of different shapes, [`InputError::ShapeMismatch`](crate::error::InputError::ShapeMismatch).
pub fn mtm_distance(board: &Board, goal: &Goal, budget: Budget) -> Result<MtmDistance, Error> {
    goal.check_shape(board)?;
    refuse_big(board.shape(), "bfs")?;
    if !is_solvable(board, goal) {
        return Ok(MtmDistance::Unsolvable);
    }
    if goal.is_reached_by(board) {
        return Ok(MtmDistance::Moves(0));
    }
    let (outcome, _) = search(board, goal, &mut BudgetClock::start(budget))?;
    Ok(match outcome {
        Outcome::Solved(solution) => MtmDistance::Moves(crate::notation::mtm_len(solution.moves()) as u32),
        Outcome::BudgetReached(kind) => MtmDistance::BudgetReached(kind),
        Outcome::Unsolvable => MtmDistance::Unsolvable,
    })
}

/// How many boards lie at each multi-tile distance from `goal`:
/// `counts[d]` boards exactly `d` multi-tile moves away, over every board
/// that reaches it (`npuzzle table --metric mtm`). One breadth-first search
/// from the goal over the same two-bit marks as [`mtm_distance`]. Boards of
/// more than [`MAX_DENSE_CELLS`] cells are [`Refusal::Unsupported`]; a
/// budget that runs out (nodes: boards expanded; memory: the marks and the
/// frontiers) is [`Refusal::BuildBudget`].
///
/// ```
/// use npuzzle::search::mtm_bfs::mtm_layer_counts;
/// use npuzzle::{Budget, Goal};
/// let counts = mtm_layer_counts(&Goal::standard("2x2".parse()?), Budget::default())?;
/// // 2×2: every move slides one tile, so the metrics agree.
/// assert_eq!(counts, [1, 2, 2, 2, 2, 2, 1]);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn mtm_layer_counts(goal: &Goal, budget: Budget) -> Result<Vec<u64>, Error> {
    Ok(super::mtm_table::MtmTable::build(goal, budget)?.layer_counts().to_vec())
}

/// The indexer of the boards that reach `goal`.
pub(super) fn indexer_for(goal: &Goal) -> Result<BoardIndexer, Error> {
    BoardIndexer::new(goal).ok_or_else(|| {
        Error::Refused(Refusal::Unsupported {
            algorithm: "bfs",
            shape: goal.shape(),
            reason: "its boards cannot be indexed".into(),
        })
    })
}

/// `bfs` in the multi-tile metric, as the registry runs it.
pub(crate) fn solve(problem: Problem<'_>) -> Result<Found, Error> {
    refuse_big(problem.board.shape(), "bfs")?;
    Ok(Found::from(search(problem.board, problem.goal, problem.clock)?))
}

/// Boards over [`MAX_DENSE_CELLS`] cells are refused: no budget makes the array fit.
pub(super) fn refuse_big(shape: Shape, algorithm: &'static str) -> Result<(), Error> {
    if shape.cells() <= MAX_DENSE_CELLS {
        return Ok(());
    }
    Err(Error::Refused(Refusal::Unsupported {
        algorithm,
        shape,
        reason: format!(
            "its visited array has two bits for each of the {}!/2 boards that reach the goal; \
             it takes boards of up to {MAX_DENSE_CELLS} cells",
            shape.cells()
        ),
    }))
}

/// Two bits a board: 0 unseen, else 1 + its depth modulo 3.
pub(super) struct Marks {
    words: Vec<u64>,
}

impl Marks {
    /// All unseen, or `None` if the allocation fails.
    pub(super) fn new(len: u64) -> Option<Marks> {
        let n = usize::try_from(len.div_ceil(32)).ok()?;
        let mut words = Vec::new();
        words.try_reserve_exact(n).ok()?;
        words.resize(n, 0);
        Some(Marks { words })
    }

    pub(super) fn bytes(len: u64) -> u64 {
        len.div_ceil(32).saturating_mul(8)
    }

    #[inline]
    pub(super) fn get(&self, i: u64) -> u8 {
        ((self.words[(i / 32) as usize] >> (2 * (i % 32))) & 3) as u8
    }

    #[inline]
    pub(super) fn set(&mut self, i: u64, mark: u8) {
        self.words[(i / 32) as usize] |= u64::from(mark) << (2 * (i % 32));
    }
}

/// The mark of a board at `depth`.
pub(super) fn mark_of(depth: u32) -> u8 {
    1 + (depth % 3) as u8
}

/// Calls `f(mv, length, index)` for every multi-tile move from the board
/// `tiles` (blank at `blank`): the blank slid `length` cells toward `mv`,
/// and the index of the board it makes. `tiles` is as it was afterwards.
/// `f` returns true to stop.
pub(super) fn each_slide(
    shape: Shape,
    indexer: &BoardIndexer,
    tiles: &mut [u8],
    blank: usize,
    mut f: impl FnMut(Move, usize, u64) -> bool,
) -> bool {
    for mv in Move::ALL {
        let (mut at, mut length, mut stop) = (blank, 0, false);
        while let Some(to) = shape.step(at, mv) {
            tiles.swap(at, to);
            at = to;
            length += 1;
            if f(mv, length, indexer.index(tiles)) {
                stop = true;
                break;
            }
        }
        // Slide back.
        while at != blank {
            let Some(back) = shape.step(at, mv.opposite()) else {
                break;
            };
            tiles.swap(at, back);
            at = back;
        }
        if stop {
            return true;
        }
    }
    false
}

/// A shortest solution in the multi-tile metric from `board` (solvable, not
/// at its goal) to `goal`, its moves single moves of the blank.
fn search(board: &Board, goal: &Goal, clock: &mut BudgetClock) -> Result<(Outcome, Stats), Error> {
    let shape = board.shape();
    let indexer = indexer_for(goal)?;
    let marks_bytes = Marks::bytes(indexer.len());
    let mut stats = Stats::default();
    let over = |stats: Stats, kind| -> Result<(Outcome, Stats), Error> { Ok((Outcome::BudgetReached(kind), stats)) };
    if clock.budget().max_memory.is_some_and(|m| marks_bytes > m) {
        return over(stats, BudgetKind::Memory);
    }
    let Some(mut marks) = Marks::new(indexer.len()) else {
        return over(stats, BudgetKind::Memory);
    };
    let target = indexer.index(goal.board().tiles());
    let start = indexer.index(board.tiles());
    marks.set(start, mark_of(0));
    let mut frontier = vec![start];
    let mut next = Vec::new();
    let mut tiles = vec![0u8; shape.cells()];
    let mut found = None;
    'layers: for depth in 1u32.. {
        for &index in &frontier {
            let held = marks_bytes + 8 * (frontier.len() + next.len()) as u64;
            stats.peak_bytes = stats.peak_bytes.max(held);
            stats.peak_states = stats.peak_states.max((frontier.len() + next.len()) as u64);
            if let Some(kind) = clock.check(stats.expanded, held) {
                return over(stats, kind);
            }
            stats.expanded += 1;
            indexer.unindex(index, &mut tiles);
            let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
            let generated = &mut stats.generated;
            let reached = each_slide(shape, &indexer, &mut tiles, blank, |_, _, child| {
                *generated += 1;
                if child == target {
                    return true;
                }
                if marks.get(child) == 0 {
                    marks.set(child, mark_of(depth));
                    next.push(child);
                }
                false
            });
            if reached {
                found = Some((index, depth));
                break 'layers;
            }
        }
        if next.is_empty() {
            break;
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
    }
    let Some((parent, depth)) = found else {
        // Every board that reaches the goal was seen, and parity says this one does.
        return Err(Error::Refused(Refusal::Unsupported {
            algorithm: "bfs",
            shape,
            reason: "it ran out of boards before the goal (a bug: please report the board)".into(),
        }));
    };
    drop((frontier, next));
    let moves = walk_back(shape, &indexer, &marks, &mut tiles, start, parent, depth - 1, target);
    Ok((Outcome::Solved(Solution::new(moves)), stats))
}

/// The single moves from `start` to `target`, where `parent` (at `depth`)
/// is one multi-tile move from `target`: each board's seen neighbour one
/// layer closer to the start, back to it.
#[allow(clippy::too_many_arguments)]
fn walk_back(
    shape: Shape,
    indexer: &BoardIndexer,
    marks: &Marks,
    tiles: &mut [u8],
    start: u64,
    parent: u64,
    depth: u32,
    target: u64,
) -> Vec<Move> {
    // Runs from the target back toward the start, each as the blank moved
    // on the way back (so reversed and inverted at the end).
    let mut back: Vec<(Move, usize)> = Vec::with_capacity(depth as usize + 1);
    indexer.unindex(parent, tiles);
    let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    each_slide(shape, indexer, tiles, blank, |mv, length, child| {
        let hit = child == target;
        if hit {
            back.push((mv.opposite(), length));
        }
        hit
    });
    let (mut at, mut d) = (parent, depth);
    while at != start {
        indexer.unindex(at, tiles);
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let want = mark_of(d - 1);
        let mut closer = None;
        each_slide(shape, indexer, tiles, blank, |mv, length, child| {
            let hit = marks.get(child) == want;
            if hit {
                closer = Some((mv, length, child));
            }
            hit
        });
        let Some((mv, length, child)) = closer else { break };
        back.push((mv, length));
        at = child;
        d -= 1;
    }
    // `back` holds the blank's runs from the target to the start: the
    // solution is each run reversed, last first.
    back.iter()
        .rev()
        .flat_map(|&(mv, length)| std::iter::repeat_n(mv.opposite(), length))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use std::collections::{HashMap, VecDeque};

    /// The distance by the rules alone: breadth-first over boards in a hash
    /// map, each multi-tile move a run of single moves of `Board::try_apply`.
    fn oracle(board: &Board, goal: &Goal) -> Option<u32> {
        let mut dist = HashMap::from([(board.clone(), 0u32)]);
        let mut queue = VecDeque::from([board.clone()]);
        while let Some(b) = queue.pop_front() {
            let d = dist[&b];
            if goal.is_reached_by(&b) {
                return Some(d);
            }
            for mv in Move::ALL {
                let mut c = b.clone();
                while c.try_apply(mv) {
                    if !dist.contains_key(&c) {
                        dist.insert(c.clone(), d + 1);
                        queue.push_back(c.clone());
                    }
                }
            }
        }
        None
    }

    #[test]
    fn every_small_board_has_the_oracles_distance() {
        for (w, h) in [(2, 2), (3, 2), (2, 3)] {
            let shape = Shape::new(w, h).unwrap();
            let goal = Goal::standard(shape);
            let indexer = BoardIndexer::new(&goal).unwrap();
            let mut tiles = vec![0u8; shape.cells()];
            for i in 0..indexer.len() {
                indexer.unindex(i, &mut tiles);
                let board = Board::new(shape, tiles.clone()).unwrap();
                let want = MtmDistance::Moves(oracle(&board, &goal).unwrap());
                assert_eq!(mtm_distance(&board, &goal, Budget::default()).unwrap(), want, "{board}");
            }
        }
    }

    #[test]
    fn eight_puzzle_boards_have_the_oracles_distance() {
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        // The two boards 31 single moves away, and one two single moves (one multi-tile move) away.
        for text in ["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1", "1 2 3 4 5 6 x 7 8"] {
            let board: Board = text.parse().unwrap();
            let want = oracle(&board, &goal).unwrap();
            assert_eq!(
                mtm_distance(&board, &goal, Budget::default()),
                Ok(MtmDistance::Moves(want)),
                "{board}"
            );
            assert!(want <= 31);
        }
    }

    #[test]
    fn unsolvable_too_big_and_out_of_budget() {
        let board: Board = "2 1 3 x".parse().unwrap();
        let goal = Goal::standard(board.shape());
        assert_eq!(
            mtm_distance(&board, &goal, Budget::default()),
            Ok(MtmDistance::Unsolvable)
        );
        let big: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15".parse().unwrap();
        let err = mtm_distance(&big, &Goal::standard(big.shape()), Budget::default()).unwrap_err();
        assert!(matches!(err, Error::Refused(Refusal::Unsupported { .. })), "{err}");
        let far: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        let goal = Goal::standard(far.shape());
        let budget = Budget::default().with_max_nodes(Some(100));
        assert_eq!(
            mtm_distance(&far, &goal, budget),
            Ok(MtmDistance::BudgetReached(BudgetKind::Nodes))
        );
        let budget = Budget::default().with_max_memory(Some(100));
        assert_eq!(
            mtm_distance(&far, &goal, budget),
            Ok(MtmDistance::BudgetReached(BudgetKind::Memory))
        );
    }
}
