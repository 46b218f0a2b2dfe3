//! Bidirectional breadth-first search (realm 4).
//!
//! One breadth-first search from the start and one from the goal, each with a
//! hash map from state to the move that first reached it. Each round expands
//! a whole layer of whichever side has the smaller frontier, so the two
//! balls grow about equally and together hold roughly twice the square root
//! of what one BFS would. Moves are reversible, so the backward side plays
//! the same blank moves as the forward side; its half of the path is read
//! back from the meeting state with every move reversed.
//!
//! ```
//! use npuzzle::{Algorithm, Board, Goal, Solver, SolverOptions};
//! let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
//! let solver = Solver::new(SolverOptions::default().with_algorithm(Algorithm::BiBfs));
//! let report = solver.solve(&board, &Goal::standard(board.shape()))?;
//! assert_eq!(report.outcome.solution().map(|s| s.len()), Some(31));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::ops::ControlFlow::{Break, Continue};

use super::problem::{Found, Problem};
use super::state::{charge, move_from_code, path_to, run_storing, undo, Held, PackedState, Space, StateMap, Wide};
use crate::board::{Board, Move, Shape};
use crate::goal::Goal;
use crate::solution::{BudgetClock, Outcome, Solution, Stats};
use crate::Error;

/// Marks a side's root in its map: no move reached it.
const ROOT: u8 = u8::MAX;

/// The search as the registry runs it.
pub(crate) fn solve(problem: Problem<'_>) -> Result<Found, Error> {
    search(problem.board, problem.goal, problem.clock).map(Found::from)
}

/// Runs the search; boards over 25 cells are [`Refusal::Unsupported`](crate::error::Refusal::Unsupported) unless already solved.
pub(crate) fn search(board: &Board, goal: &Goal, clock: &mut BudgetClock) -> Result<(Outcome, Stats), Error> {
    run_storing(board, goal, "bibfs", clock, run::<u64>, run::<Wide>)
}

/// One direction: every state within `depth` moves of its root, with the
/// move that first reached it, and the states at exactly `depth`.
struct Side<S> {
    seen: StateMap<S, u8>,
    layer: Vec<S>,
    next: Vec<S>,
    depth: usize,
}

impl<S: PackedState> Side<S> {
    fn new(root: S) -> Side<S> {
        let mut seen = StateMap::default();
        seen.insert(root, ROOT);
        Side {
            seen,
            layer: vec![root],
            next: Vec::new(),
            depth: 0,
        }
    }

    fn held(&self) -> u64 {
        self.seen.held() + self.layer.held() + self.next.held()
    }

    /// Moves from this side's root to `s`, as played from the root.
    fn path_to(&self, s: S, shape: Shape) -> Vec<Move> {
        path_to(s, shape, |p| move_from_code(self.seen[&p]))
    }
}

/// A state reached from the side being expanded that the other side has seen.
#[derive(Clone, Copy)]
struct Meeting<S> {
    /// The expanded state on the growing side.
    from: S,
    /// The move from `from` into `to`.
    mv: Move,
    /// The state the other side has seen.
    to: S,
    /// Length of the whole path through this edge.
    len: usize,
}

fn run<S: PackedState>(board: &Board, goal: &Goal, clock: &mut BudgetClock) -> (Outcome, Stats) {
    let space = Space::<S>::new(board, goal);
    let shape = space.shape;
    let mut stats = Stats::default();
    let mut sides = [Side::new(space.start), Side::new(space.target)];
    let outcome = 'search: loop {
        if sides.iter().any(|s| s.layer.is_empty()) {
            // One side has seen its whole component without meeting the other;
            // parity rules this out before the search.
            break Outcome::Unsolvable;
        }
        let grow = usize::from(sides[1].layer.len() < sides[0].layer.len());
        let [forward, backward] = &mut sides;
        let (this, other) = if grow == 0 {
            (forward, &*backward)
        } else {
            (backward, &*forward)
        };
        // Why the shortest meeting of this layer is an optimal path. Before
        // the layer, `this.seen` holds exactly the states within d1 =
        // `this.depth` moves of its root and `other.seen` those within d2 of
        // the other root, and the two sets are disjoint (every state added to
        // either was checked against the other). So the distance L from start
        // to goal is at least d1 + d2 + 1: on a shorter path, the state d1
        // moves from this root (or the far end, if the path has fewer than
        // d1 moves) would be within d2 of the other root, in both sets. A
        // child not yet in `this.seen` is exactly d1 + 1 moves from this
        // root, so a meeting with a state k ≤ d2 moves from the other root
        // gives a real path of d1 + 1 + k ≥ L moves, hence k = d2 and it has
        // L moves exactly; and if L = d1 + d2 + 1 the optimal path's state
        // d1 + 1 from this root is such a meeting, so this layer finds one.
        // Every meeting of the layer thus has the same, optimal, length; we
        // still finish the layer and take the shortest, which stays correct
        // without relying on that.
        let mut best: Option<Meeting<S>> = None;
        for &s in &this.layer {
            stats.expanded += 1;
            let held = this.held() + other.held();
            if let Some(kind) = charge(clock, stats.expanded, held, &mut stats.peak_bytes) {
                break 'search Outcome::BudgetReached(kind);
            }
            let flow = space.expand(s, None, &mut stats.generated, |c| {
                let child = c.state();
                if this.seen.contains_key(&child) {
                    return Continue(());
                }
                if other.seen.contains_key(&child) {
                    let len = this.depth + 1 + other.path_to(child, shape).len();
                    debug_assert_eq!(len, this.depth + 1 + other.depth);
                    if best.is_none_or(|b| len < b.len) {
                        best = Some(Meeting {
                            from: s,
                            mv: c.mv,
                            to: child,
                            len,
                        });
                    }
                    return Continue(());
                }
                if best.is_some() {
                    // The answer is in this layer: the rest is only scanned for meetings.
                    return Continue(());
                }
                // Field by field, as the closure holds `this.seen` and `this.next` mutably.
                let held = this.seen.held_after_push() + this.layer.held() + this.next.held_after_push() + other.held();
                if let Some(kind) = charge(clock, stats.expanded, held, &mut stats.peak_bytes) {
                    return Break(kind);
                }
                this.seen.insert(child, c.mv.index() as u8);
                this.next.push(child);
                Continue(())
            });
            if let Break(kind) = flow {
                break 'search Outcome::BudgetReached(kind);
            }
        }
        if let Some(m) = best {
            // Orient the meeting edge from the start's side to the goal's side.
            let (near, mv, far) = if grow == 0 {
                (m.from, m.mv, m.to)
            } else {
                (m.to, m.mv.opposite(), m.from)
            };
            let mut moves = sides[0].path_to(near, shape);
            moves.push(mv);
            // The backward side recorded moves played from the goal: walking
            // from `far` to the goal plays each of them reversed, in reverse order.
            let mut back = far;
            while let Some(bmv) = move_from_code(sides[1].seen[&back]) {
                moves.push(bmv.opposite());
                back = undo(back, shape, bmv);
            }
            break Outcome::Solved(Solution::new(moves));
        }
        std::mem::swap(&mut this.layer, &mut this.next);
        this.next.clear();
        this.depth += 1;
    };
    stats.peak_states = sides.iter().map(|s| s.seen.len() as u64).sum();
    (outcome, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tests::{assert_optimal_on_scrambles, solve_with};
    use crate::{Algorithm, Budget};

    #[test]
    fn near_goal_boards_of_3x4_4x4_and_5x5() {
        assert_optimal_on_scrambles(
            Algorithm::BiBfs,
            &[
                (4, 3, "ulldrulurd"),
                (4, 4, "uullddrruuldlurd"),
                (4, 4, "lluurrdlluurddrd"),
                (5, 5, "ullluurrddlulurdr"),
            ],
        );
    }

    #[test]
    fn holds_far_fewer_states_than_one_sided_bfs() {
        let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        let goal = Goal::standard(board.shape());
        let report = solve_with(Algorithm::BiBfs, &board, &goal, Budget::default());
        assert_eq!(report.outcome.solution().map(Solution::len), Some(31));
        assert!(report.stats.peak_states < 100_000, "{:?}", report.stats);
    }
}
