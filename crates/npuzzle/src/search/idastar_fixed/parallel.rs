//! The parallel driver: one iteration split into tasks at a shallow depth,
//! searched by worker threads in the order a single thread would.

use super::*;

/// What one worker thread of a parallel iteration did.
pub(super) struct WorkerResult {
    pub(super) expanded: u64,
    pub(super) generated: u64,
    pub(super) next_bound: u32,
    /// Task index and moves of the solution found, if any.
    pub(super) found: Option<(usize, Vec<u8>)>,
}

/// The subtree of one node, or a goal (`node: None`) met above the split depth.
pub(super) struct Task<B, S> {
    pub(super) node: Option<Node<B, S>>,
    /// Moves from the root.
    pub(super) prefix: Vec<u8>,
}

pub(super) struct Split<B, S> {
    pub(super) tasks: Vec<Task<B, S>>,
    pub(super) expanded: u64,
    pub(super) generated: u64,
    pub(super) next_bound: u32,
}

/// One thread's depth-first search under one bound.
pub(super) struct Worker<'a, const N: usize, B, H: FixedHeuristic<N>> {
    pub(super) heuristic: &'a H,
    pub(super) succ: &'a [[Succ; 5]],
    pub(super) filter: &'a DuplicateFilter,
    pub(super) control: &'a Control,
    pub(super) goal: B,
    pub(super) bound: u32,
    pub(super) next_bound: u32,
    pub(super) expanded: u64,
    pub(super) generated: u64,
    /// `expanded` as last added to `control.nodes`.
    pub(super) flushed: u64,
    /// Look at the budgets when `expanded` reaches this.
    pub(super) next_poll: u64,
    /// Index of the task being searched.
    pub(super) task: usize,
    /// Set when the budgets ran out or an earlier task holds a solution.
    pub(super) abandoned: bool,
    /// The solution's moves, last move first.
    pub(super) path: Vec<u8>,
    /// Count goals and go on, rather than stop at the first.
    pub(super) count_goals: bool,
    pub(super) goals: u64,
}

impl<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>> Worker<'_, N, B, H> {
    /// Searches below a node known to be within the bound and not the goal.
    /// On success the moves are in `path`, last first.
    /// Searches below `node`, known to be within the bound and not the goal.
    pub(super) fn search(&mut self, node: Node<B, H::State>) -> bool {
        let Node {
            board,
            blank,
            prev,
            g,
            state,
            dup,
        } = node;
        if self.filter.max_len() > 2 {
            self.dfs::<true>(board, blank, prev, g, state, dup)
        } else {
            self.dfs::<false>(board, blank, prev, g, state, dup)
        }
    }

    /// With `PRUNE` false the duplicate filter is not read (it would only
    /// cut the reverse moves, which the successor table leaves out already).
    pub(super) fn dfs<const PRUNE: bool>(
        &mut self,
        board: B,
        blank: usize,
        prev: usize,
        g: u32,
        state: H::State,
        dup: u32,
    ) -> bool {
        self.expanded += 1;
        if self.expanded >= self.next_poll && self.poll() {
            return false;
        }
        let succ = &self.succ[blank][prev];
        for (&to, &mv) in succ.to.iter().zip(&succ.mv).take(usize::from(succ.len)) {
            // A move ending a duplicate sequence is not even generated.
            let d = if PRUNE {
                self.filter.step_index(dup, usize::from(mv))
            } else {
                dup
            };
            if PRUNE && d == CUT {
                continue;
            }
            let to = usize::from(to);
            let tile = board.tile(to);
            let child = board.slide(blank, to, tile);
            // A child with f at or above the next bound is pruned and leaves
            // the next bound as it is, so its estimate need not be exact.
            let cutoff = self.next_bound.saturating_sub(g + 1);
            let (s, h) = self.heuristic.step_bounded(&child, &state, tile, to, blank, cutoff);
            let f = g + 1 + h;
            self.generated += 1;
            if f > self.bound {
                if f < self.next_bound {
                    self.next_bound = f;
                }
                continue;
            }
            if h == 0 && child == self.goal {
                if self.count_goals {
                    self.goals += 1;
                    continue;
                }
                self.path.push(mv);
                return true;
            }
            if self.dfs::<PRUNE>(child, to, usize::from(mv), g + 1, s, d) {
                self.path.push(mv);
                return true;
            }
            if self.abandoned {
                return false;
            }
        }
        false
    }

    /// Reports nodes, reads the budgets and the winner; true to stop.
    #[cold]
    #[inline(never)]
    pub(super) fn poll(&mut self) -> bool {
        let total = self.flush();
        if let Some(progress) = &self.control.progress {
            progress.set_expanded(total);
        }
        let mut step = POLL_EVERY;
        if let Some(max) = self.control.max_nodes {
            if total >= max {
                self.control.stop(BudgetKind::Nodes);
            } else {
                step = step.min(max - total);
            }
        }
        if self.control.deadline.is_some_and(|d| Instant::now() >= d) {
            self.control.stop(BudgetKind::Time);
        }
        if self.control.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            self.control.stop(BudgetKind::Cancelled);
        }
        self.next_poll = self.expanded + step;
        self.abandoned = self.control.stopped().is_some() || self.control.winner.load(Ordering::Relaxed) < self.task;
        self.abandoned
    }

    /// Adds the nodes not yet reported to the shared count; returns the total.
    pub(super) fn flush(&mut self) -> u64 {
        let delta = self.expanded - self.flushed;
        self.flushed = self.expanded;
        self.control.nodes.fetch_add(delta, Ordering::Relaxed) + delta
    }
}
