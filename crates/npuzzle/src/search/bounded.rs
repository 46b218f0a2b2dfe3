//! One IDA* iteration run to its end: every move sequence from a board to
//! the goal within a bound, visited in `u d l r` order.
//!
//! IDA*'s last iteration (bound = the optimal length d) searches the tree of
//! move sequences whose f = g + h stays within d. With an admissible
//! heuristic every optimal sequence stays within it (g + h ≤ g + (d − g) on
//! each of its boards), so going on past the first solution meets every
//! optimal sequence, each exactly once (the tree holds sequences, not
//! boards), in lexicographic `u d l r` order (children are tried in that
//! order). The only cut is the move undoing the previous one: a sequence
//! with it returns to a board it has left, so it is never optimal. Unlike
//! [`Solver::solve`](crate::Solver::solve), nothing else is cut: the
//! [duplicate filter](super::duplicates) drops equivalent optimal sequences
//! by design, which is right for finding one and wrong for listing all.
//!
//! A hint asks the same question with a stop at the first goal: is a
//! neighbour within d − 1 moves of the goal? By parity it is either at
//! d − 1 or at d + 1, so one iteration at bound d − 1 that finds nothing
//! proves d + 1.
//!
//! In the multi-tile metric ([`Metric::Mtm`]) a move is a run of the blank
//! in one direction, each length a child of cost one, and runs alternate
//! between rows and columns (two runs along one line make one run or none,
//! so no optimal sequence has them). Written as the blank's single moves,
//! the sequences still come in `u d l r` order: a run up or down is
//! followed by one left or right, which sorts after another step up or
//! down, so longer vertical runs come first; a run left or right is
//! followed by one up or down, so shorter horizontal runs come first.
//!
//! The board is changed in place and changed back, the heuristic updated
//! incrementally; nothing is allocated per node.

use std::ops::ControlFlow;
use std::time::Duration;

use super::idastar::InPlace;
use crate::board::{Board, Move};
use crate::goal::Goal;
use crate::heuristic::{Heuristic, WithHeuristic};
use crate::metric::Metric;
use crate::solution::{Budget, BudgetClock, BudgetKind};
use crate::Error;

/// A clock for what is left of `budget` after `elapsed` and `spent` expanded nodes.
pub(crate) fn clock_after(budget: Budget, elapsed: Duration, spent: u64) -> BudgetClock {
    let mut left = budget;
    left.timeout = budget.timeout.map(|t| t.saturating_sub(elapsed));
    left.max_nodes = budget.max_nodes.map(|m| m.saturating_sub(spent));
    BudgetClock::start(left)
}

/// What one bounded iteration did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Walked {
    /// Nodes expanded.
    pub expanded: u64,
    /// Children generated (pruned ones included).
    pub generated: u64,
    /// Paths to the goal met (all of them unless stopped).
    pub goals: u64,
    /// The budget that stopped the iteration, if one did.
    pub stopped: Option<BudgetKind>,
}

/// Searches every move sequence from `board` to `goal` whose f stays within
/// `bound`, calling `visit` with each one that reaches the goal; `visit`
/// may stop the search. `after` is the move that led to `board`, whose
/// reverse is not tried (in the multi-tile metric: no run along its axis is
/// tried first). Budgets are read from `clock`. A task for whichever
/// heuristic a [`HeuristicKind`](crate::HeuristicKind) names (its `run`);
/// in the multi-tile metric the heuristic must count multi-tile moves.
pub(crate) struct PathsWithin<'a, V> {
    pub board: &'a Board,
    pub goal: &'a Goal,
    pub metric: Metric,
    pub bound: u32,
    pub after: Option<Move>,
    pub clock: &'a mut BudgetClock,
    pub visit: V,
}

impl<V: FnMut(&[Move]) -> ControlFlow<()>> WithHeuristic for PathsWithin<'_, V> {
    type Output = Walked;

    fn run<H: Heuristic>(mut self, heuristic: &H) -> Result<Walked, Error> {
        let (board, bound) = (self.board, self.bound);
        // A multi-tile move is up to a line's length of single moves.
        let line = match self.metric {
            Metric::Mtm => board.shape().width().max(board.shape().height()),
            _ => 1,
        };
        let mut iteration = Iteration {
            walk: InPlace::new(board, self.goal, heuristic, self.clock, line * (bound as usize + 1)),
            bound,
            walked: Walked::default(),
        };
        let (h, blank, visit) = (heuristic.estimate(board.tiles()), board.blank(), &mut self.visit);
        if h <= bound {
            let _ = match self.metric {
                Metric::Mtm => iteration.runs(0, h, blank, self.after.map(Move::is_vertical), visit),
                _ => iteration.dfs(0, h, blank, self.after.map(Move::opposite), visit),
            };
        }
        Ok(iteration.walked)
    }
}

struct Iteration<'a, H> {
    walk: InPlace<'a, H>,
    bound: u32,
    walked: Walked,
}

impl<H: Heuristic> Iteration<'_, H> {
    /// At a node within the bound whose estimate is `h`: the goal, visited
    /// (past it f only grows, so nothing below it is needed), or a budget
    /// that ran out; `None` when the walk goes on below it, counted as
    /// expanded.
    fn arrive(&mut self, h: u32, visit: &mut impl FnMut(&[Move]) -> ControlFlow<()>) -> Option<ControlFlow<()>> {
        if self.walk.at_goal(h) {
            self.walked.goals += 1;
            return Some(visit(&self.walk.path));
        }
        self.walked.expanded += 1;
        if let Some(kind) = self.walk.clock.check(self.walked.expanded, 0) {
            self.walked.stopped = Some(kind);
            return Some(ControlFlow::Break(()));
        }
        None
    }

    /// Below a node within the bound, reached by `path`; `forbidden` is the
    /// move that would undo the last one.
    fn dfs(
        &mut self,
        g: u32,
        h: u32,
        blank: usize,
        forbidden: Option<Move>,
        visit: &mut impl FnMut(&[Move]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if let Some(flow) = self.arrive(h, visit) {
            return flow;
        }
        for (mv, to) in self.walk.neighbours.moves_from(blank).without(forbidden) {
            let nh = self.walk.play(blank, to, h);
            self.walked.generated += 1;
            let flow = if g + 1 + nh <= self.bound {
                self.walk.path.push(mv);
                let flow = self.dfs(g + 1, nh, to, Some(mv.opposite()), visit);
                self.walk.path.pop();
                flow
            } else {
                ControlFlow::Continue(())
            };
            self.walk.unplay(blank, to);
            flow?;
        }
        ControlFlow::Continue(())
    }
}

impl<H: Heuristic> Iteration<'_, H> {
    /// [`dfs`](Self::dfs) in the multi-tile metric: below a node within
    /// the bound whose last run was vertical (`Some(true)`), horizontal or
    /// none, every run along the other axis.
    fn runs(
        &mut self,
        g: u32,
        h: u32,
        blank: usize,
        last_vertical: Option<bool>,
        visit: &mut impl FnMut(&[Move]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if let Some(flow) = self.arrive(h, visit) {
            return flow;
        }
        for (mv, to) in self.walk.neighbours.moves_from(blank) {
            if last_vertical == Some(mv.is_vertical()) {
                continue;
            }
            // Out to the wall, one step at a time (the heuristic follows).
            let (mut at, mut nh, mut len) = (blank, h, 0);
            let mut next = Some(to);
            let mut flow = ControlFlow::Continue(());
            while let Some(cell) = next {
                nh = self.walk.play(at, cell, nh);
                self.walk.path.push(mv);
                (at, len) = (cell, len + 1);
                self.walked.generated += 1;
                if !mv.is_vertical() && flow.is_continue() && g + 1 + nh <= self.bound {
                    // Shorter horizontal runs first.
                    flow = self.runs(g + 1, nh, at, Some(false), visit);
                }
                next = self.walk.neighbours.get(at, mv);
            }
            // Back to where the run started; longer vertical runs first, on the way.
            while len > 0 {
                if mv.is_vertical() && flow.is_continue() && g + 1 + nh <= self.bound {
                    flow = self.runs(g + 1, nh, at, Some(true), visit);
                }
                let back = self.walk.neighbours.get(at, mv.opposite());
                let Some(back) = back else { break };
                nh = self.walk.play(at, back, nh);
                self.walk.path.pop();
                (at, len) = (back, len - 1);
            }
            flow?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::mtm_manhattan::MtmManhattan;
    use crate::heuristic::Manhattan;

    /// The single-tile walk.
    fn paths_within<H: Heuristic>(
        board: &Board,
        goal: &Goal,
        heuristic: &H,
        bound: u32,
        after: Option<Move>,
        clock: &mut BudgetClock,
        visit: impl FnMut(&[Move]) -> ControlFlow<()>,
    ) -> Walked {
        let metric = Metric::Stm;
        let task = PathsWithin {
            board,
            goal,
            metric,
            bound,
            after,
            clock,
            visit,
        };
        task.run(heuristic).unwrap()
    }

    fn all_within(board: &Board, bound: u32) -> (Vec<String>, Walked) {
        let goal = Goal::standard(board.shape());
        let mut clock = BudgetClock::start(Budget::default());
        let mut found = Vec::new();
        let walked = paths_within(board, &goal, &Manhattan::new(&goal), bound, None, &mut clock, |p| {
            found.push(Move::format_list(p));
            ControlFlow::Continue(())
        });
        (found, walked)
    }

    #[test]
    fn lists_every_optimal_sequence_in_udlr_order() {
        // `uldrul` and `lurdlu` take the goal to the same board (the blank one
        // and a half times round a square, either way), so their reverses both
        // lead back.
        let goal = Goal::standard("3x3".parse().unwrap());
        let board = goal.board().replay(&Move::parse_list("uldrul").unwrap()).unwrap();
        assert_eq!(
            board,
            goal.board().replay(&Move::parse_list("lurdlu").unwrap()).unwrap()
        );
        let (found, walked) = all_within(&board, 6);
        assert_eq!(found, ["druldr", "rdlurd"]);
        assert_eq!((walked.goals, walked.stopped), (2, None));
        // Below the optimal length there is nothing.
        assert!(all_within(&board, 5).0.is_empty());
    }

    #[test]
    fn the_goal_itself_is_one_empty_sequence() {
        let (found, _) = all_within(&"1 2 3 4 5 6 7 8 x".parse().unwrap(), 0);
        assert_eq!(found, [""]);
    }

    #[test]
    fn the_move_back_is_not_tried_from_a_neighbour() {
        let board: Board = "1 2 3 4 5 6 7 x 8".parse().unwrap();
        let goal = Goal::standard(board.shape());
        let mut clock = BudgetClock::start(Budget::default());
        // Reached by `l` from the goal: the goal is one `r` away, which is the move back.
        let walked = paths_within(
            &board,
            &goal,
            &Manhattan::new(&goal),
            1,
            Some(Move::Left),
            &mut clock,
            |_| ControlFlow::Break(()),
        );
        assert_eq!(walked.goals, 0);
    }

    #[test]
    fn a_node_budget_stops_the_iteration() {
        let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        let goal = Goal::standard(board.shape());
        let mut clock = BudgetClock::start(Budget {
            max_nodes: Some(100),
            ..Budget::default()
        });
        let walked = paths_within(&board, &goal, &Manhattan::new(&goal), 31, None, &mut clock, |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(walked.stopped, Some(BudgetKind::Nodes));
        assert_eq!(walked.expanded, 100);
    }

    #[test]
    fn multi_tile_runs_alternate_axes_from_the_move_that_led_here() {
        let goal = Goal::standard("3x3".parse().unwrap());
        // Two cells up from the goal: one slide `dd` back.
        let board = goal.board().replay(&Move::parse_list("uu").unwrap()).unwrap();
        let runs = |after: Option<Move>| {
            let (mut clock, mut found) = (BudgetClock::start(Budget::default()), Vec::new());
            let visit = |p: &[Move]| {
                found.push(Move::format_list(p));
                ControlFlow::Continue(())
            };
            let (metric, bound) = (Metric::Mtm, 1);
            let task = PathsWithin {
                board: &board,
                goal: &goal,
                metric,
                bound,
                after,
                clock: &mut clock,
                visit,
            };
            task.run(&MtmManhattan::new(&goal)).unwrap();
            found
        };
        assert_eq!(runs(None), ["dd"]);
        // Reached by a vertical run: the next one is horizontal, so nothing within one slide.
        assert!(runs(Some(Move::Up)).is_empty());
        assert_eq!(runs(Some(Move::Left)), ["dd"]);
    }
}
