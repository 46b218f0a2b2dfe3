//! The `check` record: what a move sequence does to a board, and how its
//! lengths compare with the board's distances (`npuzzle check --json`).

use serde::{Deserialize, Serialize};

use crate::board::{Board, Move};
use crate::goal::Goal;

/// A move sequence checked on a board: whether it can be played, whether it
/// reaches the goal, its lengths in both metrics, and, where they are known,
/// the board's distances in both and whether the sequence is optimal.
///
/// ```
/// use npuzzle::record::CheckRecord;
/// use npuzzle::{Board, Goal, Move};
/// let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
/// let goal = Goal::standard(board.shape());
/// let moves = Move::parse_list("rr")?;
/// let record = CheckRecord::new(&board, &goal, &moves, Ok(&goal.board().clone()));
/// assert!(record.valid && record.reaches_goal);
/// assert_eq!((record.stm, record.mtm), (2, 1));
/// assert_eq!(record.stm_optimal, None, "not known until a distance is given");
/// let record = record.with_stm_distance(Some(2)).with_mtm_distance(Some(1));
/// assert_eq!((record.stm_optimal, record.mtm_optimal), (Some(true), Some(true)));
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct CheckRecord {
    /// The board, tiles in row-major order (`x` for the blank).
    pub board: String,
    /// The goal, in the same form.
    pub goal: String,
    /// The moves, as the blank's `u d l r`.
    pub moves: String,
    /// Whether every move stays on the board.
    pub valid: bool,
    /// Why not, when a move runs into the wall.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The board after the moves, when they are valid.
    pub end: Option<String>,
    /// Whether the moves are valid and end at the goal.
    pub reaches_goal: bool,
    /// Length in the single-tile metric (every move counts one).
    pub stm: usize,
    /// Length in the multi-tile metric (a run of moves in one direction counts one).
    pub mtm: usize,
    /// The board's distance to the goal in single moves, when known.
    pub stm_distance: Option<u32>,
    /// The board's distance in multi-tile moves, when known.
    pub mtm_distance: Option<u32>,
    /// Whether the moves reach the goal in `stm_distance` moves; null when not known.
    pub stm_optimal: Option<bool>,
    /// Whether the moves reach the goal in `mtm_distance` moves; null when not known.
    pub mtm_optimal: Option<bool>,
}

impl CheckRecord {
    /// The record of `moves` played on `board`, which led to `end` (or
    /// failed with that error); no distances known yet.
    pub fn new(board: &Board, goal: &Goal, moves: &[Move], end: Result<&Board, &crate::Error>) -> CheckRecord {
        CheckRecord {
            board: board.to_string(),
            goal: goal.to_string(),
            moves: Move::format_list(moves),
            valid: end.is_ok(),
            error: end.as_ref().err().map(|e| e.to_string()),
            end: end.as_ref().ok().map(|b| b.to_string()),
            reaches_goal: end.is_ok_and(|b| goal.is_reached_by(b)),
            stm: moves.len(),
            mtm: crate::notation::mtm_len(moves),
            stm_distance: None,
            mtm_distance: None,
            stm_optimal: None,
            mtm_optimal: None,
        }
    }

    /// This record with the board's single-tile distance, if known.
    pub fn with_stm_distance(mut self, distance: Option<u32>) -> CheckRecord {
        self.stm_distance = distance;
        self.stm_optimal = self.optimal(distance, self.stm);
        self
    }

    /// This record with the board's multi-tile distance, if known.
    pub fn with_mtm_distance(mut self, distance: Option<u32>) -> CheckRecord {
        self.mtm_distance = distance;
        self.mtm_optimal = self.optimal(distance, self.mtm);
        self
    }

    /// Whether a sequence of `len` reaching the goal is as short as `distance`.
    fn optimal(&self, distance: Option<u32>, len: usize) -> Option<bool> {
        let distance = distance?;
        self.reaches_goal.then_some(len == distance as usize)
    }
}
