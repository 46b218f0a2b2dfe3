//! IDA* in the multi-tile metric reading a multi-tile database
//! ([`MtmPdb`](crate::heuristic::mtm_pdb::MtmPdb)), on boards of up to 16
//! cells.
//!
//! The walk is the generic multi-tile IDA*'s (a run of the blank in one
//! direction is one move, runs alternate between rows and columns, the
//! first solution within the bound is optimal), on fixed-size boards: a
//! node is its two abstract readings, copied into each child. The
//! entries are distances mod 3: each reading's exact value is found once
//! at the start and followed from parent to child.
//!
//! The table (217 MiB on 4×4, 866 MiB finer) is read one level ahead. A
//! node's children are ranked, and their entries asked of the processor
//! (a prefetch), when the node is made; the node reads them when it is
//! searched. So a node makes all its children within the bound, each
//! ranking its own children, before it searches any: the cache misses
//! overlap each other and the work in between, instead of stalling the
//! walk at every node. A child's ranks follow from its parent's (see
//! `PairRank`): a move changes the rank's parts between its two cells.
//!
//! [`paths_within`] runs one iteration to its end, for counts and lists:
//! every sequence of runs within the bound that reaches the goal, in the
//! `u d l r` order of the blank's single moves (see
//! [`bounded`](super::bounded): longer vertical runs first).

use std::ops::ControlFlow;

use super::bounded::Walked;
use crate::board::{Board, Move};
use crate::goal::Goal;
use crate::heuristic::mtm_pdb::{pack, step, MtmPdb, MtmPdbHeuristic, PairRank};
use crate::solution::{BudgetClock, BudgetKind, Outcome, Solution, Stats};

/// Most children of one node: the blank's row and column of a 16-cell board.
const MAX_CHILDREN: usize = 15;

/// A board read in the table's frame: the class of each canonical cell,
/// and of each reflected one (packed, four bits a cell), and the two
/// readings' ranks.
#[derive(Clone, Copy)]
struct Node {
    labels: [u64; 2],
    ranks: [PairRank; 2],
}

const NO_NODE: Node = Node {
    labels: [0; 2],
    ranks: [PairRank::ZERO; 2],
};

/// Most children of the children within the bound of one node: along one
/// axis at most `(w - 1)(h - 1)`, twice that from the start (both axes),
/// so 18 on boards of up to 16 cells (4×4).
const POOL: usize = 18;

/// The children within the bound of the node one level up the path (the
/// survivors), each with its own children: run `i` of survivor `s` (its
/// direction, length, the blank's cell after it and the step between
/// cells) makes `nodes[i]`, ranked and its entries prefetched, for `i` in
/// `first[s]..first[s + 1]`; `next[s]` is which of its parent's children
/// the survivor is, and its distances.
#[derive(Clone, Copy)]
struct Frame {
    nodes: [Node; POOL],
    runs: [(Move, u8, u8, i8); POOL],
    first: [u8; MAX_CHILDREN + 1],
    next: [(u8, (u32, u32)); MAX_CHILDREN],
}

impl Frame {
    const EMPTY: Frame = Frame {
        nodes: [NO_NODE; POOL],
        runs: [(Move::Up, 0, 0, 0); POOL],
        first: [0; MAX_CHILDREN + 1],
        next: [(0, (0, 0)); MAX_CHILDREN],
    };
}

/// What the walk reads and never changes.
struct Board16<'a> {
    pdb: &'a MtmPdb,
    width: usize,
    height: usize,
    /// Each reading's canonical cell of a board cell; the reflected map is
    /// the direct one when there is no reflection (then both readings are
    /// the same).
    cell: [[u8; 16]; 2],
}

struct Walk<'a> {
    board: Board16<'a>,
    start: &'a Board,
    goal: &'a Goal,
    path: Vec<Move>,
    /// `frames[d]`: the children of the nodes at depth `d` that are
    /// searched (the start; below it, the children within the bound of
    /// the path's node at depth `d - 1`), slot by slot.
    frames: Vec<Frame>,
    bound: u32,
    next_bound: u32,
    expanded: u64,
    generated: u64,
    stopped: Option<BudgetKind>,
    clock: &'a mut BudgetClock,
    /// When set, the walk goes on past each goal, calling this with the
    /// path (which may stop it), and searches vertical runs longest first.
    visit: Option<Visit<'a>>,
    goals: u64,
}

/// What [`paths_within`] calls with each path to the goal; it may stop the walk.
type Visit<'a> = &'a mut dyn FnMut(&[Move]) -> ControlFlow<()>;

/// Runs the search from `board` to `goal` (the heuristic's goal, the board
/// known solvable and at most 16 cells).
pub(crate) fn search(board: &Board, goal: &Goal, h: &MtmPdbHeuristic<'_>, clock: &mut BudgetClock) -> (Outcome, Stats) {
    let (mut walk, root, root_h) = Walk::start(board, goal, h, clock, None);
    let h0 = root_h.0.max(root_h.1);
    walk.bound = h0;
    if let Some(progress) = walk.clock.progress() {
        progress.set_estimate(h0);
    }
    let mut stats = Stats::default();
    let outcome = loop {
        if let Some(progress) = walk.clock.progress() {
            progress.set_bound(walk.bound);
        }
        let before = walk.expanded;
        let found = walk.iteration(&root, root_h);
        stats.iterations.push((walk.bound, walk.expanded - before));
        if found {
            break Outcome::Solved(Solution::new(std::mem::take(&mut walk.path)));
        }
        if let Some(kind) = walk.stopped {
            break Outcome::BudgetReached(kind);
        }
        if walk.next_bound == u32::MAX {
            // Only possible if the goal is unreachable, which parity rules out first.
            break Outcome::Unsolvable;
        }
        walk.bound = walk.next_bound;
    };
    stats.expanded = walk.expanded;
    stats.generated = walk.generated;
    stats.peak_states = stats.iterations.last().map_or(0, |&(b, _)| u64::from(b) + 1);
    stats.peak_bytes = (std::mem::size_of::<Frame>() * walk.frames.len()) as u64;
    (outcome, stats)
}

/// Every sequence of runs from `board` to `goal` whose f stays within
/// `bound`, in `u d l r` order of the blank's moves, each passed to
/// `visit` (which may stop the walk): IDA*'s last iteration when `bound`
/// is the distance.
pub(crate) fn paths_within(
    board: &Board,
    goal: &Goal,
    h: &MtmPdbHeuristic<'_>,
    bound: u32,
    clock: &mut BudgetClock,
    visit: Visit<'_>,
) -> Walked {
    let (mut walk, root, root_h) = Walk::start(board, goal, h, clock, Some(visit));
    walk.bound = bound;
    if root_h.0.max(root_h.1) <= bound {
        walk.iteration(&root, root_h);
    }
    Walked {
        expanded: walk.expanded,
        generated: walk.generated,
        goals: walk.goals,
        stopped: walk.stopped,
    }
}

impl<'a> Walk<'a> {
    /// The walk from `board`, its root node and the root's distances in
    /// each reading.
    fn start(
        board: &'a Board,
        goal: &'a Goal,
        h: &MtmPdbHeuristic<'a>,
        clock: &'a mut BudgetClock,
        visit: Option<Visit<'a>>,
    ) -> (Walk<'a>, Node, (u32, u32)) {
        let (reflected_cell, reflected_class) = h.reflected.unwrap_or((h.to_canonical, h.class_of));
        let mut readings = [[0u8; 16]; 2];
        for (p, &tile) in board.tiles().iter().enumerate() {
            readings[0][usize::from(h.to_canonical[p])] = h.class_of[usize::from(tile)];
            readings[1][usize::from(reflected_cell[p])] = reflected_class[usize::from(tile)];
        }
        let labels = [pack(&readings[0]), pack(&readings[1])];
        let root = Node {
            labels,
            ranks: [h.pdb.pair_rank(labels[0]), h.pdb.pair_rank(labels[1])],
        };
        let walk = Walk {
            board: Board16 {
                pdb: h.pdb,
                width: board.shape().width(),
                height: board.shape().height(),
                cell: [h.to_canonical, reflected_cell],
            },
            start: board,
            goal,
            path: Vec::with_capacity(128),
            frames: vec![Frame::EMPTY],
            bound: 0,
            next_bound: u32::MAX,
            expanded: 0,
            generated: 0,
            stopped: None,
            clock,
            visit,
            goals: 0,
        };
        let root_h = (h.pdb.distance(&readings[0]), h.pdb.distance(&readings[1]));
        (walk, root, root_h)
    }

    /// One iteration at the walk's bound from `root` (distances `root_h`):
    /// whether it found the goal (and stopped there: not when visiting).
    fn iteration(&mut self, root: &Node, root_h: (u32, u32)) -> bool {
        self.next_bound = u32::MAX;
        let count = self
            .board
            .children(root, self.start.blank(), NO_AXIS, &mut self.frames[0], 0);
        self.frames[0].first[1] = count as u8;
        self.dfs(0, 0, 0, root_h)
    }
}

/// Asks the processor to bring the table byte of `rank` into its cache.
#[inline(always)]
fn prefetch(table: &[u8], rank: u32) {
    #[cfg(target_arch = "x86_64")]
    if let Some(byte) = table.get(rank as usize / 4) {
        // SAFETY: a prefetch is a hint with no effect on memory or on the
        // program's state, and the address is of a byte of `table`.
        unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>((byte as *const u8).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (table, rank);
}

/// The axis before the first run: none, so both are tried.
const NO_AXIS: u8 = 0;
const VERTICAL: u8 = 1;
const HORIZONTAL: u8 = 2;

impl Board16<'_> {
    /// Puts the children of `node` (blank at `blank`, the last run along
    /// `axis`), ranked, their entries prefetched, in `frame` from `first`
    /// on; returns how many.
    #[inline(always)]
    fn children(&self, node: &Node, blank: usize, axis: u8, frame: &mut Frame, first: usize) -> usize {
        let (w, row, col) = (self.width, blank / self.width, blank % self.width);
        let lines: [(Move, usize, i8, u8); 4] = [
            (Move::Up, row, -(w as i8), VERTICAL),
            (Move::Down, self.height - 1 - row, w as i8, VERTICAL),
            (Move::Left, col, -1, HORIZONTAL),
            (Move::Right, w - 1 - col, 1, HORIZONTAL),
        ];
        let mut count = first;
        for (mv, steps, delta, line_axis) in lines {
            if line_axis == axis {
                continue;
            }
            let mut child = *node;
            let mut at = blank;
            for length in 1..=steps {
                let to = (at as isize + isize::from(delta)) as usize;
                for j in 0..2 {
                    let (f, t) = (usize::from(self.cell[j][at]), usize::from(self.cell[j][to]));
                    // The blank (0) at f takes the label at t.
                    let moved = (child.labels[j] >> (4 * t)) & 15;
                    child.labels[j] = (child.labels[j] & !(15 << (4 * t))) | (moved << (4 * f));
                    self.pdb.update_rank(&mut child.ranks[j], child.labels[j], f, t);
                    prefetch(self.pdb.bytes(), child.ranks[j].rank);
                }
                at = to;
                frame.nodes[count] = child;
                frame.runs[count] = (mv, length as u8, at as u8, delta);
                count += 1;
            }
        }
        count - first
    }
}

impl Walk<'_> {
    /// The node in `slot` of `depth`'s frame, `g` moves from the start,
    /// its readings at distances `h`.
    fn dfs(&mut self, depth: usize, slot: usize, g: u32, h: (u32, u32)) -> bool {
        // Both readings at the layout: the board may be the goal (rarely
        // reached, so the path is replayed to tell).
        if h == (0, 0) && self.start.replay(&self.path).is_ok_and(|b| self.goal.is_reached_by(&b)) {
            let Some(visit) = self.visit.as_mut() else {
                return true;
            };
            // Past the goal f only grows: nothing below it is needed.
            self.goals += 1;
            return visit(&self.path).is_break();
        }
        self.expanded += 1;
        if let Some(kind) = self.clock.check(self.expanded, 0) {
            self.stopped = Some(kind);
            return false;
        }
        if self.frames.len() == depth + 1 {
            self.frames.push(Frame::EMPTY);
        }
        let (frames, next) = self.frames.split_at_mut(depth + 1);
        let (frame, next) = (&frames[depth], &mut next[0]);
        let kids = usize::from(frame.first[slot])..usize::from(frame.first[slot + 1]);
        self.generated += kids.len() as u64;
        let pdb = self.board.pdb;
        let (mut survivors, mut filled) = (0, 0);
        for i in kids.clone() {
            let child = &frame.nodes[i];
            let codes = (
                pdb.code(child.ranks[0].rank as usize),
                pdb.code(child.ranks[1].rank as usize),
            );
            let child_h = (step(h.0, codes.0), step(h.1, codes.1));
            let f = g + 1 + child_h.0.max(child_h.1);
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let (mv, _, at, _) = frame.runs[i];
            let child_axis = if matches!(mv, Move::Up | Move::Down) {
                VERTICAL
            } else {
                HORIZONTAL
            };
            next.first[survivors] = filled as u8;
            filled += self.board.children(child, usize::from(at), child_axis, next, filled);
            next.next[survivors] = ((i - kids.start) as u8, child_h);
            survivors += 1;
        }
        next.first[survivors] = filled as u8;
        let mut order: [u8; MAX_CHILDREN] = std::array::from_fn(|s| s as u8);
        if self.visit.is_some() {
            // Listing order: each direction's vertical runs longest first.
            let mut s = 0;
            while s < survivors {
                let run = |s: usize| frame.runs[usize::from(frame.first[slot]) + usize::from(next.next[s].0)].0;
                let mut end = s + 1;
                while end < survivors && run(end) == run(s) {
                    end += 1;
                }
                if run(s).is_vertical() {
                    order[s..end].reverse();
                }
                s = end;
            }
        }
        for &s in &order[..survivors] {
            let s = usize::from(s);
            let (i, child_h) = self.frames[depth + 1].next[s];
            let run = usize::from(self.frames[depth].first[slot]) + usize::from(i);
            let (mv, length, _, _) = self.frames[depth].runs[run];
            let at = self.path.len();
            self.path.extend(std::iter::repeat_n(mv, usize::from(length)));
            if self.dfs(depth + 1, s, g + 1, child_h) {
                return true;
            }
            self.path.truncate(at);
            if self.stopped.is_some() {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::heuristic::mtm_pdb::{MtmPdb, RegionLayout};
    use crate::{oracle, Algorithm, Board, Goal, HeuristicKind, Metric, Shape, Solver, SolverOptions};

    fn solver(pdb: &Arc<MtmPdb>) -> Solver {
        let options = SolverOptions::default()
            .with_algorithm(Algorithm::IdaStar)
            .with_heuristic(HeuristicKind::Pdb)
            .with_metric(Metric::Mtm);
        Solver::new(options).with_mtm_pdb(Arc::clone(pdb))
    }

    #[test]
    fn finds_the_oracles_multi_tile_distance_for_every_corner_goal() {
        // Every 7th 3x3 board toward each corner goal, and every 2x3 and 3x2 board.
        let cases = [
            ("3x3", vec![1, 1, 2, 3, 3, 2, 3, 2, 0], 7),
            ("3x2", vec![1, 1, 2, 2, 2, 0], 1),
            ("2x3", vec![1, 2, 1, 2, 2, 0], 1),
        ];
        for (text, classes, every) in cases {
            let shape: Shape = text.parse().unwrap();
            let pdb = Arc::new(MtmPdb::build(RegionLayout::new(shape, classes).unwrap(), 2).unwrap());
            let solver = solver(&pdb);
            let mut blank_corner_goals = vec![Goal::standard(shape), Goal::blank_first(shape)];
            let mut other: Vec<u8> = (1..shape.cells() as u8).rev().collect();
            other.insert(shape.width() - 1, 0);
            blank_corner_goals.push(Goal::new(Board::new(shape, other).unwrap()));
            for goal in blank_corner_goals {
                let mut distances: Vec<_> = oracle::multi_tile_distances(goal.board().tiles(), shape.width(), None)
                    .into_iter()
                    .collect();
                distances.sort();
                for (tiles, d) in distances.into_iter().step_by(every) {
                    let board = Board::new(shape, tiles).unwrap();
                    let report = solver.solve(&board, &goal).unwrap();
                    let moves = report.outcome.solution().unwrap().moves().to_vec();
                    assert_eq!(Metric::Mtm.length(&moves) as u32, d, "{text} {board} toward {goal}");
                    assert!(goal.is_reached_by(&board.replay(&moves).unwrap()), "{board}");
                }
            }
        }
    }

    #[test]
    fn counts_and_lists_equal_the_complete_distances_in_the_same_order() {
        let table = Solver::new(
            SolverOptions::default()
                .with_algorithm(Algorithm::Table)
                .with_metric(Metric::Mtm),
        );
        let texts = |s: &[crate::Solution]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        for (text, classes, every) in [
            ("3x3", vec![1, 1, 2, 3, 3, 2, 3, 2, 0], 1_999),
            ("3x2", vec![1, 1, 2, 2, 2, 0], 7),
        ] {
            let shape: Shape = text.parse().unwrap();
            let pdb = Arc::new(MtmPdb::build(RegionLayout::new(shape, classes).unwrap(), 2).unwrap());
            let ida = solver(&pdb);
            for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
                let mut boards: Vec<_> = oracle::multi_tile_distances(goal.board().tiles(), shape.width(), None)
                    .into_keys()
                    .collect();
                boards.sort();
                let mut several = 0;
                for tiles in boards.into_iter().step_by(every) {
                    let board = Board::new(shape, tiles).unwrap();
                    let walked = ida.list_solutions(&board, &goal, usize::MAX).unwrap();
                    let read = table.list_solutions(&board, &goal, usize::MAX).unwrap();
                    assert_eq!(walked.algorithm, Algorithm::IdaStar);
                    assert_eq!((walked.distance, walked.count), (read.distance, read.count), "{board}");
                    assert_eq!(texts(&walked.solutions), texts(&read.solutions), "{board}");
                    several += usize::from(read.count > Some(1));
                    // A list cut short stops the walk and leaves the count open.
                    let first = ida.list_solutions(&board, &goal, 1).unwrap();
                    assert_eq!(texts(&first.solutions), texts(&read.solutions[..1]), "{board}");
                }
                assert!(several > 0, "{text}: no board with several solutions checked");
            }
        }
    }

    #[test]
    fn a_goal_without_a_corner_blank_is_refused_by_name() {
        let shape: Shape = "3x3".parse().unwrap();
        let layout = RegionLayout::new(shape, vec![1, 1, 2, 3, 3, 2, 3, 2, 0]).unwrap();
        let pdb = Arc::new(MtmPdb::build(layout, 1).unwrap());
        let goal = Goal::spiral(shape);
        let board: Board = "1 2 3 8 4 x 7 6 5".parse().unwrap();
        let err = solver(&pdb).solve(&board, &goal).unwrap_err().to_string();
        assert!(err.contains("blank in a corner"), "{err}");
        // Without a multi-tile database, pdb is refused in the multi-tile metric.
        let bare = Solver::new(*solver(&pdb).options());
        let err = bare.solve(&board, &goal).unwrap_err().to_string();
        assert!(err.contains("idastar cannot read pdb"), "{err}");
    }
}
