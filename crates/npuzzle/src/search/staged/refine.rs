//! Shortening staged solutions' weighted 5×5 cores while time is left
//! (with the 5×5 databases; see the `core` module).
//!
//! A weighted search is quick but its path may be up to its weight times
//! the shortest. [`solve_best`](super::solve_best) first finishes every
//! plan's core with [`CoreOptions::weight_eighths`]; then, shortest
//! solution first, each core is searched again with the smaller weight
//! [`REFINE_EIGHTHS`], asking only for a path that would make that solution
//! the shortest (the search cuts every node whose moves and admissible
//! estimate reach that length); then ever longer suffixes of the best
//! solution's core — the last [`SUFFIX_FIRST`] moves, then
//! [`SUFFIX_STEP`] more each time — are searched with the weight
//! [`SUFFIX_EIGHTHS`] for a shorter way to the goal from where they start.
//! While time is left, both go again ([`ROUNDS`]) with twice the nodes and
//! the cores' weight an eighth smaller. Every search has a node limit
//! (from [`REFINE_NODES`]) and the deadline, and goes on for
//! [`CoreOptions::then_nodes`] after each path it finds; a
//! replacement joins the same two boards, so the solution still reaches
//! the goal and only ever gets shorter.
//!
//! Measured on 6×6 (20 boards, 1 s, load 5–6 on the 2 cores): the cores
//! first with weight 1.5 (1.69 times the linear-conflict bound after
//! improving; 1.75 with weight 1.75); refining with weights 1.375, 1.25 and
//! 1.125 under 4 M, 1 M or 300 k nodes, or 1.375 then suffixes with 1.125,
//! 1.25 or 1 all gave 1.65–1.67 (the plans take most of the second under
//! that load); with 2 s, 1.62.

use crate::time::Instant;

use super::core::{weighted_5x5, Ask, CoreOptions};
use super::subgoal::{Puzzle, Rect};
use crate::board::{Board, Move};
use crate::goal::Goal;
use crate::Error;

/// The weight, in eighths, of the second search of each core (1.375).
pub const REFINE_EIGHTHS: u32 = 11;

/// The weight, in eighths, of the searches of the best core's suffixes (1.125).
pub const SUFFIX_EIGHTHS: u32 = 9;

/// The node limit of one refining search in the first round.
pub const REFINE_NODES: u64 = 300_000;

/// Rounds of refining searches at most: each round doubles the node limit
/// and lowers the weight of the whole cores' searches by an eighth (down to
/// [`SUFFIX_EIGHTHS`]).
pub const ROUNDS: u32 = 8;

/// The moves of the first suffix searched.
pub const SUFFIX_FIRST: usize = 30;

/// How many moves longer each next suffix is.
pub const SUFFIX_STEP: usize = 10;

/// Where a staged solution's weighted 5×5 core begins: the moves before it
/// and its rectangle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct CoreMark {
    pub(super) at: usize,
    pub(super) rect: Rect,
    /// Square rectangles whose edge line was chosen by the plan before:
    /// a plan that alternates only differs from the second on.
    pub(super) squares: usize,
}

/// A staged solution, and where its weighted core begins if it has one.
pub(super) type Found = (Vec<Move>, Option<CoreMark>);

/// The shortest of `found` (not empty, shortest first) after its cores are
/// refined as the module documentation says, until `deadline`.
pub(super) fn refine(
    board: &Board,
    goal: &Goal,
    core: &CoreOptions,
    found: &mut [Found],
    deadline: Instant,
) -> Result<Vec<Move>, Error> {
    let mut best = 0;
    let search = |moves: &[Move], from: usize, rect: Rect, eighths: u32, shorter_than: usize, nodes: u64| {
        let ask = Ask {
            weight_eighths: eighths,
            max_nodes: nodes,
            shorter_than: shorter_than as u32,
            then_nodes: core.then_nodes,
            deadline: Some(deadline),
        };
        let puzzle = Puzzle::of(&board.replay(&moves[..from])?, goal);
        weighted_5x5(&puzzle, goal, rect, core, ask)
    };
    for round in 0..ROUNDS {
        let nodes = REFINE_NODES << round;
        let eighths = REFINE_EIGHTHS.saturating_sub(round).max(SUFFIX_EIGHTHS);
        for i in 0..found.len() {
            let Some(mark) = found[i].1 else { continue };
            let best_len = found[best].0.len();
            if Instant::now() >= deadline || mark.at >= best_len {
                continue;
            }
            if let Some(path) = search(&found[i].0, mark.at, mark.rect, eighths, best_len - mark.at, nodes)? {
                let moves = &mut found[i].0;
                moves.truncate(mark.at);
                moves.extend(path);
                best = i;
            }
        }
        let (moves, mark) = &mut found[best];
        let Some(mark) = *mark else { break };
        let mut span = SUFFIX_FIRST;
        while Instant::now() < deadline && span <= moves.len() - mark.at {
            let from = moves.len() - span;
            if let Some(path) = search(moves, from, mark.rect, SUFFIX_EIGHTHS, span, nodes)? {
                moves.truncate(from);
                moves.extend(path);
            }
            span += SUFFIX_STEP;
        }
        if Instant::now() >= deadline {
            break;
        }
    }
    Ok(std::mem::take(&mut found[best].0))
}
