//! How an iteration is cut into subtrees, and how their results add up.
//!
//! The rule, used both by the threads of one process (`parallel.rs`) and
//! by independent tasks ([`subtree`](crate::search::subtree), through
//! `tasks.rs`):
//!
//! - **The cut.** The tree within the bound is walked depth-first, in the
//!   library's move order, down to a depth `d`; the nodes met at depth `d`
//!   (and goals met above it) are the subtrees, in the order a single thread
//!   would reach them. `d` is the smallest depth giving at least the number
//!   of subtrees asked for, unless the walk grows past [`WALK_PER_TASK`]
//!   expanded nodes per subtree asked for (a tree too thin to be cut that
//!   finely), reaches [`MAX_SPLIT_DEPTH`], or leaves nothing below. The
//!   decision reads node counts only, never the clock, so the same board and
//!   bound are cut the same way on every run.
//! - **The sum.** Each subtree is searched on its own under the bound. The
//!   iteration's solution is the one of the first subtree, in order, that
//!   has one: the one a single thread would find. Its node counts are the
//!   ones a single thread would have: the walk's counts up to that subtree,
//!   plus every earlier subtree, plus the winning subtree up to its
//!   solution. Work spent on later subtrees meanwhile (by threads or tasks
//!   that could not know yet) is not counted, as it depends on timing; an
//!   iteration without a solution counts the walk and every subtree.
//!
//! So the moves and the node counts of a split search equal those of the
//! search on one thread, whatever the machine's load.

use super::*;

/// The walk stops deepening once it has expanded this many nodes per
/// subtree asked for: a tree that thin is not worth cutting finer.
pub(super) const WALK_PER_TASK: u64 = 16;
/// Deepest cut.
pub(super) const MAX_SPLIT_DEPTH: u32 = 40;

/// One subtree: the node at the cut, or a goal met above it (`node: None`).
pub(super) struct Task<B, S> {
    pub(super) node: Option<Node<B, S>>,
    /// Moves from the root (indices in `Move::ALL`).
    pub(super) prefix: Vec<u8>,
    /// Nodes the walk had expanded and generated when it reached this
    /// subtree: a single thread's count as it would enter it.
    pub(super) walk_expanded: u64,
    pub(super) walk_generated: u64,
}

/// An iteration cut into subtrees.
pub(super) struct Split<B, S> {
    pub(super) tasks: Vec<Task<B, S>>,
    /// The depth of the cut.
    pub(super) depth: u32,
    /// Nodes of the whole walk above the cut.
    pub(super) expanded: u64,
    pub(super) generated: u64,
    /// Smallest f above the bound met by the walk (`u32::MAX` if none).
    pub(super) next_bound: u32,
}

/// What the search of one subtree gave.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Searched {
    pub(super) expanded: u64,
    pub(super) generated: u64,
    /// Smallest f above the bound met (`u32::MAX` if none).
    pub(super) next_bound: u32,
    /// The moves from the root to the goal, if the subtree holds one.
    pub(super) found: Option<Vec<u8>>,
}

/// The sum of a split iteration (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Tally {
    pub(super) expanded: u64,
    pub(super) generated: u64,
    pub(super) next_bound: u32,
    /// Index of the winning subtree and its moves from the root.
    pub(super) found: Option<(usize, Vec<u8>)>,
    /// Whether every subtree up to the winner (or every subtree, without
    /// one) has a result.
    pub(super) complete: bool,
}

/// Adds up the walk (`split`'s totals and per-subtree counts, read through
/// `walk`) and the subtrees' results, `searched[i]` for subtree `i` (`None`
/// where it was not searched to its end).
pub(super) fn tally<'a>(
    walk_total: (u64, u64, u32),
    walk: impl Fn(usize) -> (u64, u64),
    searched: impl IntoIterator<Item = Option<&'a Searched>>,
) -> Tally {
    let (mut expanded, mut generated, mut next_bound) = (0, 0, walk_total.2);
    let mut complete = true;
    for (i, s) in searched.into_iter().enumerate() {
        let Some(s) = s else {
            complete = false;
            continue;
        };
        expanded += s.expanded;
        generated += s.generated;
        next_bound = next_bound.min(s.next_bound);
        match &s.found {
            // The first solution in order, with every subtree before it searched.
            Some(moves) if complete => {
                let (we, wg) = walk(i);
                return Tally {
                    expanded: expanded + we,
                    generated: generated + wg,
                    next_bound,
                    found: Some((i, moves.clone())),
                    complete,
                };
            }
            _ => {}
        }
    }
    Tally {
        expanded: expanded + walk_total.0,
        generated: generated + walk_total.1,
        next_bound,
        found: None,
        complete,
    }
}

impl<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>> Ida<'_, N, B, H> {
    /// The iteration under `bound` cut into at least `target` subtrees where
    /// the tree allows (the rule in the module docs).
    pub(super) fn split_for(&self, root: Node<B, H::State>, bound: u32, target: usize) -> Split<B, H::State> {
        let walk_max = WALK_PER_TASK.saturating_mul(target as u64);
        let mut depth = 1;
        loop {
            let split = self.split(root, bound, depth);
            let below = split.tasks.iter().any(|t| t.node.is_some());
            if split.tasks.len() >= target
                || split.expanded >= walk_max
                || !below
                || depth + 1 >= bound
                || depth >= MAX_SPLIT_DEPTH
            {
                return split;
            }
            depth += 1;
        }
    }

    /// The subtrees at `depth` under `bound`, in depth-first order, and
    /// goals met on the way.
    pub(super) fn split(&self, root: Node<B, H::State>, bound: u32, depth: u32) -> Split<B, H::State> {
        let mut split = Split {
            tasks: Vec::new(),
            depth,
            expanded: 0,
            generated: 0,
            next_bound: u32::MAX,
        };
        let mut prefix = Vec::with_capacity(depth as usize);
        self.split_from(root, bound, depth, &mut prefix, &mut split);
        split
    }

    fn split_from(
        &self,
        node: Node<B, H::State>,
        bound: u32,
        depth: u32,
        prefix: &mut Vec<u8>,
        split: &mut Split<B, H::State>,
    ) {
        split.expanded += 1;
        let succ = &self.moves.succ[node.blank][node.prev];
        for (&to, &mv) in succ.to.iter().zip(&succ.mv).take(usize::from(succ.len)) {
            let dup = self.filter.step_index(node.dup, usize::from(mv));
            if dup == CUT {
                continue;
            }
            let to = usize::from(to);
            let tile = node.board.tile(to);
            let board = node.board.slide(node.blank, to, tile);
            // Inconsistent heuristics are read as `Worker::dfs` reads them, so
            // that BPMX cuts the same parents.
            let (state, h) = if H::INCONSISTENT {
                let cutoff = bpmx_cutoff(bound, node.g);
                self.heuristic
                    .step_bounded(&board, &node.state, tile, to, node.blank, cutoff)
            } else {
                let state = self.heuristic.step(&board, &node.state, tile, to, node.blank);
                (state, self.heuristic.value(&state))
            };
            let g = node.g + 1;
            split.generated += 1;
            if g + h > bound {
                if H::INCONSISTENT && g + h > bound + 2 {
                    // BPMX cuts the rest of this node's children, as `Worker::dfs` does.
                    split.next_bound = split.next_bound.min(g + h - 2);
                    break;
                }
                split.next_bound = split.next_bound.min(g + h);
                continue;
            }
            prefix.push(mv);
            let child = Node {
                board,
                blank: to,
                prev: usize::from(mv),
                g,
                state,
                dup,
            };
            let goal = h == 0 && board == self.goal;
            if goal || g == depth {
                split.tasks.push(Task {
                    node: (!goal).then_some(child),
                    prefix: prefix.clone(),
                    walk_expanded: split.expanded,
                    walk_generated: split.generated,
                });
            } else {
                self.split_from(child, bound, depth, prefix, split);
            }
            prefix.pop();
        }
    }
}
