//! IDA* in the multi-tile metric reading a multi-tile database
//! ([`MtmPdb`](crate::heuristic::mtm_pdb::MtmPdb)), on boards of up to 16
//! cells.
//!
//! The walk is the generic multi-tile IDA*'s (a run of the blank in one
//! direction is one move, runs alternate between rows and columns, the
//! first solution within the bound is optimal), on fixed-size boards: the
//! board and its two abstract readings are copied into each child, not
//! changed and changed back. A node first ranks all its children, then
//! reads all their table entries, then descends: the reads are
//! independent, so the processor overlaps their cache misses (the 4×4
//! table is 227 MB), instead of waiting for one miss per child. The
//! entries are distances mod 3: each reading's exact value is found once
//! at the start and followed from parent to child.

use crate::board::{Board, Move};
use crate::goal::Goal;
use crate::heuristic::mtm_pdb::{step, MtmPdbHeuristic};
use crate::solution::{BudgetClock, BudgetKind, Outcome, Solution, Stats};

/// Most children of one node: the blank's row and column of a 16-cell board.
const MAX_CHILDREN: usize = 15;

/// A board and its readings in the table's frame.
#[derive(Clone, Copy)]
struct Node {
    tiles: [u8; 16],
    /// The class of each canonical cell, and of each reflected one.
    direct: [u8; 16],
    reflected: [u8; 16],
}

struct Walk<'a, 'h> {
    h: &'a MtmPdbHeuristic<'h>,
    width: usize,
    height: usize,
    goal: [u8; 16],
    /// The reflected reading's map, or the direct one's when there is none
    /// (then both readings are the same and the larger is the one).
    reflected_cell: [u8; 16],
    path: Vec<Move>,
    bound: u32,
    next_bound: u32,
    expanded: u64,
    generated: u64,
    stopped: Option<BudgetKind>,
    clock: &'a mut BudgetClock,
}

/// Runs the search from `board` to `goal` (the heuristic's goal, the board
/// known solvable and at most 16 cells).
pub(crate) fn search(board: &Board, goal: &Goal, h: &MtmPdbHeuristic<'_>, clock: &mut BudgetClock) -> (Outcome, Stats) {
    let cells = board.shape().cells();
    let (reflected_cell, reflected_class) = h.reflected.unwrap_or((h.to_canonical, h.class_of));
    let mut root = Node {
        tiles: [0; 16],
        direct: [0; 16],
        reflected: [0; 16],
    };
    root.tiles[..cells].copy_from_slice(board.tiles());
    for (p, &tile) in board.tiles().iter().enumerate() {
        root.direct[usize::from(h.to_canonical[p])] = h.class_of[usize::from(tile)];
        root.reflected[usize::from(reflected_cell[p])] = reflected_class[usize::from(tile)];
    }
    let mut goal_tiles = [0u8; 16];
    goal_tiles[..cells].copy_from_slice(goal.board().tiles());
    let mut walk = Walk {
        h,
        width: board.shape().width(),
        height: board.shape().height(),
        goal: goal_tiles,
        reflected_cell,
        path: Vec::with_capacity(128),
        bound: 0,
        next_bound: u32::MAX,
        expanded: 0,
        generated: 0,
        stopped: None,
        clock,
    };
    let pdb = h.pdb;
    let root_h = (pdb.distance(&root.direct), pdb.distance(&root.reflected));
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
        walk.next_bound = u32::MAX;
        let found = walk.dfs(&root, 0, root_h, board.blank(), NO_AXIS);
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
    stats.peak_bytes = (std::mem::size_of::<Node>() * MAX_CHILDREN * (walk.path.capacity() + 1)) as u64;
    (outcome, stats)
}

/// Moves the blank of one reading (`cell` maps a board cell to the
/// reading's) from `from` to the neighbouring `to`.
#[inline(always)]
fn slide_labels(labels: &mut [u8; 16], cell: &[u8; 16], from: usize, to: usize) {
    let (f, t) = (usize::from(cell[from]), usize::from(cell[to]));
    labels[f] = labels[t];
    labels[t] = 0;
}

/// The axis before the first run: none, so both are tried.
const NO_AXIS: u8 = 0;
const VERTICAL: u8 = 1;
const HORIZONTAL: u8 = 2;

impl Walk<'_, '_> {
    /// Moves the blank of `node` from `from` to the neighbouring `to`.
    #[inline(always)]
    fn slide(&self, node: &mut Node, from: usize, to: usize) {
        node.tiles[from] = node.tiles[to];
        node.tiles[to] = 0;
        slide_labels(&mut node.direct, &self.h.to_canonical, from, to);
        slide_labels(&mut node.reflected, &self.reflected_cell, from, to);
    }

    /// One node, `g` moves from the start, its readings at distances `h`.
    fn dfs(&mut self, node: &Node, g: u32, h: (u32, u32), blank: usize, axis: u8) -> bool {
        if h.0.max(h.1) == 0 && node.tiles == self.goal {
            return true;
        }
        self.expanded += 1;
        if let Some(kind) = self.clock.check(self.expanded, 0) {
            self.stopped = Some(kind);
            return false;
        }
        // Every run along the axes the last run did not take: its direction,
        // length and the blank's cell after it, and its readings' ranks (the
        // readings slid alone; a child's board is made only to descend).
        let pdb = self.h.pdb;
        let mut runs = [(Move::Up, 0u8, 0u8, 0isize); MAX_CHILDREN];
        let mut ranks = [0usize; 2 * MAX_CHILDREN];
        let mut count = 0;
        let (w, row, col) = (self.width, blank / self.width, blank % self.width);
        let lines: [(Move, usize, isize, u8); 4] = [
            (Move::Up, row, -(w as isize), VERTICAL),
            (Move::Down, self.height - 1 - row, w as isize, VERTICAL),
            (Move::Left, col, -1, HORIZONTAL),
            (Move::Right, w - 1 - col, 1, HORIZONTAL),
        ];
        for (mv, steps, delta, line_axis) in lines {
            if line_axis == axis {
                continue;
            }
            let (mut direct, mut reflected) = (node.direct, node.reflected);
            let mut at = blank;
            for length in 1..=steps {
                let to = (at as isize + delta) as usize;
                slide_labels(&mut direct, &self.h.to_canonical, at, to);
                slide_labels(&mut reflected, &self.reflected_cell, at, to);
                at = to;
                ranks[2 * count] = pdb.rank(&direct);
                ranks[2 * count + 1] = pdb.rank(&reflected);
                runs[count] = (mv, length as u8, at as u8, delta);
                count += 1;
            }
        }
        self.generated += count as u64;
        // All reads after all ranks: independent loads, overlapped.
        let mut codes = [0u8; 2 * MAX_CHILDREN];
        for (code, &rank) in codes[..2 * count].iter_mut().zip(&ranks) {
            *code = pdb.code(rank);
        }
        for i in 0..count {
            let child_h = (step(h.0, codes[2 * i]), step(h.1, codes[2 * i + 1]));
            let f = g + 1 + child_h.0.max(child_h.1);
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let (mv, length, at, delta) = runs[i];
            let mut child = *node;
            let mut from = blank;
            for _ in 0..length {
                let to = (from as isize + delta) as usize;
                self.slide(&mut child, from, to);
                from = to;
            }
            let depth = self.path.len();
            self.path.extend(std::iter::repeat_n(mv, usize::from(length)));
            let child_axis = if matches!(mv, Move::Up | Move::Down) {
                VERTICAL
            } else {
                HORIZONTAL
            };
            if self.dfs(&child, g + 1, child_h, usize::from(at), child_axis) {
                return true;
            }
            self.path.truncate(depth);
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
        assert!(err.contains("idastar cannot search a 3x3 board"), "{err}");
    }
}
