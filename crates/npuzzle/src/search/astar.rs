//! A* (realms 5–7): best-first on f = g + h with any admissible [`Heuristic`].
//!
//! - The open list is a bucket queue on f, each bucket split by g and popped
//!   from the largest g: among equal f the deepest state is nearest the goal
//!   (its h is smallest), and f values are small integers, so push and pop
//!   are O(1) rather than a heap's O(log n).
//! - A state is closed when it is *expanded*, not when it is pushed (the SOJ
//!   2061 lesson): the open list may hold one state several times with
//!   different g, and only the first, cheapest pop may expand it; later
//!   copies are stale and skipped.
//! - A cheaper path to a state already expanded reopens it, so the result is
//!   optimal for any admissible heuristic, consistent or not.
//! - Each child's h comes from its parent's through [`Heuristic::update`].
//!
//! ```
//! use npuzzle::{Algorithm, Board, Goal, HeuristicKind, Solver, SolverOptions};
//! let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
//! let solver = Solver::new(
//!     SolverOptions::default()
//!         .with_algorithm(Algorithm::AStar)
//!         .with_heuristic(HeuristicKind::Manhattan),
//! );
//! let report = solver.solve(&board, &Goal::standard(board.shape()))?;
//! assert_eq!(report.outcome.solution().map(|s| s.len()), Some(31));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::mem::size_of;
use std::ops::ControlFlow::{Break, Continue};

use super::problem::{Found, Problem};
use super::state::{charge, move_from_code, path_to, run_storing, Child, Held, PackedState, Space, StateMap, Wide};
use crate::board::{Board, Move};
use crate::geometry::slide;
use crate::goal::Goal;
use crate::heuristic::{Heuristic, WithHeuristic};
use crate::solution::{BudgetClock, Outcome, Solution, Stats};
use crate::Error;

/// Marks the start: no move reached it.
const ROOT: u8 = u8::MAX;

/// What A* knows of a state: the cheapest g found, the move that gave it, and
/// whether it has been expanded with that g.
#[derive(Debug, Clone, Copy)]
struct Node {
    g: u32,
    mv: u8,
    closed: bool,
}

/// Open states by f, then by g; each (f, g) list is a stack.
struct Open<S> {
    buckets: Vec<Bucket<S>>,
    /// No bucket below this f holds a state.
    min_f: usize,
    len: usize,
    /// Bytes of the lists' buffers and of the bucket and list headers.
    held: u64,
}

struct Bucket<S> {
    by_g: Vec<Vec<S>>,
    len: usize,
    /// No list above this g holds a state.
    top_g: usize,
}

impl<S: PackedState> Open<S> {
    fn new() -> Open<S> {
        Open {
            buckets: Vec::new(),
            min_f: usize::MAX,
            len: 0,
            held: 0,
        }
    }

    /// Header bytes that pushing at (f, g) would add, and the list there, if any.
    fn place(&self, f: usize, g: usize) -> (u64, Option<&Vec<S>>) {
        let new_buckets = (f + 1).saturating_sub(self.buckets.len());
        let lists = self.buckets.get(f).map_or(0, |b| b.by_g.len());
        let new_lists = (g + 1).saturating_sub(lists);
        let headers = new_buckets * size_of::<Bucket<S>>() + new_lists * size_of::<Vec<S>>();
        (headers as u64, self.buckets.get(f).and_then(|b| b.by_g.get(g)))
    }

    /// Bytes held while pushing at (f, g): new headers, and the list may grow.
    fn held_after_push(&self, f: usize, g: usize) -> u64 {
        let (headers, list) = self.place(f, g);
        let growth = list.map_or(4 * size_of::<S>() as u64, |l| l.held_after_push() - l.held());
        self.held + headers + growth
    }

    fn push(&mut self, f: usize, g: usize, s: S) {
        let (headers, _) = self.place(f, g);
        if self.buckets.len() <= f {
            self.buckets.resize_with(f + 1, || Bucket {
                by_g: Vec::new(),
                len: 0,
                top_g: 0,
            });
        }
        let bucket = &mut self.buckets[f];
        if bucket.by_g.len() <= g {
            bucket.by_g.resize_with(g + 1, Vec::new);
        }
        let list = &mut bucket.by_g[g];
        let before = list.held();
        list.push(s);
        self.held += headers + list.held() - before;
        bucket.len += 1;
        bucket.top_g = bucket.top_g.max(g);
        self.len += 1;
        self.min_f = self.min_f.min(f);
    }

    /// The state with the least f and, among those, the largest g.
    fn pop(&mut self) -> Option<(usize, usize, S)> {
        if self.len == 0 {
            return None;
        }
        while self.buckets[self.min_f].len == 0 {
            self.min_f += 1;
        }
        let bucket = &mut self.buckets[self.min_f];
        loop {
            if let Some(s) = bucket.by_g[bucket.top_g].pop() {
                bucket.len -= 1;
                self.len -= 1;
                return Some((self.min_f, bucket.top_g, s));
            }
            // The bucket is not empty, so a lower g holds its states.
            bucket.top_g -= 1;
        }
    }
}

/// The search as the registry runs it, with the solver's heuristic.
pub(crate) fn solve(problem: Problem<'_>) -> Result<Found, Error> {
    let Problem {
        board,
        goal,
        solver,
        clock,
        ..
    } = problem;
    let search = Search { board, goal, clock };
    let found = solver.options.heuristic.run(goal, solver.pdb.as_deref(), search)?;
    Ok(Found::from(found))
}

/// [`search`] waiting for its heuristic, for [`HeuristicKind::run`](crate::HeuristicKind::run).
pub(crate) struct Search<'a> {
    pub board: &'a Board,
    pub goal: &'a Goal,
    pub clock: &'a mut BudgetClock,
}

impl WithHeuristic for Search<'_> {
    type Output = (Outcome, Stats);

    fn run<H: Heuristic>(self, heuristic: &H) -> Result<(Outcome, Stats), Error> {
        search(self.board, self.goal, heuristic, self.clock)
    }
}

/// Runs A* with `heuristic`; boards over 25 cells are [`Refusal::Unsupported`](crate::error::Refusal::Unsupported) unless already solved.
pub(crate) fn search<H: Heuristic>(
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    clock: &mut BudgetClock,
) -> Result<(Outcome, Stats), Error> {
    let narrow = |b: &Board, g: &Goal, c: &mut BudgetClock| run::<u64, H>(b, g, heuristic, c);
    let wide = |b: &Board, g: &Goal, c: &mut BudgetClock| run::<Wide, H>(b, g, heuristic, c);
    run_storing(board, goal, "astar", clock, narrow, wide)
}

fn run<S: PackedState, H: Heuristic>(
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    clock: &mut BudgetClock,
) -> (Outcome, Stats) {
    let space = Space::<S>::new(board, goal);
    let mut stats = Stats::default();
    let mut nodes: StateMap<S, Node> = StateMap::default();
    nodes.insert(
        space.start,
        Node {
            g: 0,
            mv: ROOT,
            closed: false,
        },
    );
    let mut open = Open::new();
    open.push(heuristic.estimate(board.tiles()) as usize, 0, space.start);
    // Scratch board for `Heuristic::update`, which may read the whole board.
    let mut tiles = board.tiles().to_vec();
    let outcome = loop {
        let Some((f, g, s)) = open.pop() else {
            // Every reachable state is closed; parity rules this out before the search.
            break Outcome::Unsolvable;
        };
        let Some(node) = nodes.get_mut(&s) else {
            continue;
        };
        if node.closed || node.g as usize != g {
            // A stale copy: the state was expanded, or reached more cheaply, since this push.
            continue;
        }
        node.closed = true;
        let came = node.mv;
        if s == space.target {
            let moves = path_to(s, space.shape, |p| move_from_code(nodes[&p].mv));
            break Outcome::Solved(Solution::new(moves));
        }
        stats.expanded += 1;
        let held = nodes.held() + open.held;
        if let Some(kind) = charge(clock, stats.expanded, held, &mut stats.peak_bytes) {
            break Outcome::BudgetReached(kind);
        }
        let h = (f - g) as u32;
        let child_g = g + 1;
        s.unpack(&mut tiles);
        // Going straight back costs 2 more than the parent's g: never an improvement.
        let back = move_from_code(came).map(Move::opposite);
        let flow = space.expand(s, back, &mut stats.generated, |c @ Child { mv, blank, to, .. }| {
            let child = c.state();
            let known = nodes.get(&child).map(|n| n.g as usize);
            if known.is_some_and(|known_g| known_g <= child_g) {
                return Continue(());
            }
            let tile = slide(&mut tiles, blank, to);
            let child_h = heuristic.update(&tiles, h, tile, to, blank) as usize;
            slide(&mut tiles, to, blank);
            let map_after = if known.is_some() {
                nodes.held()
            } else {
                nodes.held_after_push()
            };
            let held = map_after + open.held_after_push(child_g + child_h, child_g);
            if let Some(kind) = charge(clock, stats.expanded, held, &mut stats.peak_bytes) {
                return Break(kind);
            }
            // New, or cheaper than before (reopened if it was closed).
            nodes.insert(
                child,
                Node {
                    g: child_g as u32,
                    mv: mv.index() as u8,
                    closed: false,
                },
            );
            open.push(child_g + child_h, child_g, child);
            Continue(())
        });
        if let Break(kind) = flow {
            break Outcome::BudgetReached(kind);
        }
    };
    stats.peak_states = nodes.len() as u64;
    (outcome, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::{LinearConflict, Manhattan};
    use crate::search::tests::{assert_optimal_on_scrambles, exact_distance};
    use crate::solution::Budget;
    use crate::{Algorithm, Shape};

    fn astar<H: Heuristic>(board: &Board, goal: &Goal, h: &H) -> (Outcome, Stats) {
        let mut clock = BudgetClock::start(Budget::default());
        search(board, goal, h, &mut clock).unwrap()
    }

    #[test]
    fn open_list_pops_least_f_then_largest_g() {
        let mut open = Open::<u64>::new();
        for (f, g, s) in [(5, 1, 10), (3, 0, 11), (5, 4, 12), (3, 2, 13), (4, 4, 14), (5, 4, 15)] {
            open.push(f, g, s);
        }
        let order: Vec<u64> = std::iter::from_fn(|| open.pop().map(|(_, _, s)| s)).collect();
        assert_eq!(order, [13, 11, 14, 15, 12, 10]);
        open.push(2, 1, 16);
        assert_eq!(open.pop(), Some((2, 1, 16)));
        assert_eq!(open.pop(), None);
    }

    /// Admissible but far from consistent: Manhattan on some boards, zero on
    /// others, so h drops by much more than one along a move and A* must
    /// reopen closed states to stay optimal.
    struct Patchy(Manhattan);

    impl Heuristic for Patchy {
        fn estimate(&self, tiles: &[u8]) -> u32 {
            let key = tiles
                .iter()
                .fold(0u32, |a, &t| a.wrapping_mul(31).wrapping_add(u32::from(t)));
            if key % 3 == 0 {
                0
            } else {
                self.0.estimate(tiles)
            }
        }

        fn update(&self, tiles: &[u8], _h: u32, _tile: u8, _from: usize, _to: usize) -> u32 {
            self.estimate(tiles)
        }
    }

    #[test]
    fn reopening_keeps_an_inconsistent_heuristic_optimal() {
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        let h = Patchy(Manhattan::new(&goal));
        for text in [
            "8 6 7 2 5 4 3 x 1",
            "6 4 7 8 5 x 3 2 1",
            "x 8 7 6 5 4 3 2 1",
            "1 2 3 4 5 6 x 7 8",
        ] {
            let board: Board = text.parse().unwrap();
            let (outcome, _) = astar(&board, &goal, &h);
            let len = outcome.solution().map(Solution::len);
            assert_eq!(len.map(|l| l as u32), exact_distance(&board, &goal), "{board}");
        }
    }

    #[test]
    fn the_goal_itself_needs_no_moves() {
        let goal = Goal::standard(Shape::new(4, 4).unwrap());
        let (outcome, stats) = astar(goal.board(), &goal, &LinearConflict::new(&goal));
        assert_eq!(outcome, Outcome::Solved(Solution::default()));
        assert_eq!(stats.expanded, 0);
    }

    #[test]
    fn near_goal_boards_of_3x4_4x4_and_5x5() {
        assert_optimal_on_scrambles(
            Algorithm::AStar,
            &[
                (4, 3, "ulldrulurdllurdr"),
                (3, 4, "luurdllurd"),
                (4, 4, "uullddrruuldlurd"),
                (4, 4, "ulullurddrulldrrurd"),
                (5, 5, "ullluurrddlulurdruu"),
            ],
        );
    }
}
