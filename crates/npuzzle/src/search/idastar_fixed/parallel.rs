//! The depth-first search of one bound ([`Worker`]), and the parallel
//! driver: one iteration cut into subtrees (`split.rs`),
//! searched by worker threads in the order a single thread would.

use super::*;

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
    /// Searches below `node`, known to be within the bound and not the goal.
    /// On success the moves are in `path`, last first.
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
            // the next bound as it is, so its estimate need not be exact
            // (with BPMX, see `bpmx_cutoff`).
            let cutoff = if H::INCONSISTENT {
                bpmx_cutoff(self.bound, g)
            } else {
                self.next_bound.saturating_sub(g + 1)
            };
            let (s, h) = self.heuristic.step_bounded(&child, &state, tile, to, blank, cutoff);
            let f = g + 1 + h;
            self.generated += 1;
            if f > self.bound {
                if H::INCONSISTENT && f > self.bound + 2 {
                    // BPMX: the parent is at least f - 2 from the goal, over the bound.
                    self.next_bound = self.next_bound.min(f - 2);
                    return false;
                }
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

impl<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>> Ida<'_, N, B, H> {
    /// One iteration cut into subtrees searched by `self.threads` threads;
    /// `last_nodes` (the previous iteration's count) sets how many.
    pub(super) fn parallel_iteration(&self, root: Node<B, H::State>, bound: u32, last_nodes: u64) -> Iteration {
        let per_thread = usize::try_from(last_nodes / NODES_PER_TASK)
            .unwrap_or(usize::MAX)
            .clamp(MIN_TASKS_PER_THREAD, TASKS_PER_THREAD);
        let split = self.split_for(root, bound, per_thread * self.threads);
        self.control.nodes.fetch_add(split.expanded, Ordering::Relaxed);
        let tasks = split.tasks.as_slice();
        let next_task = AtomicUsize::new(0);
        let done: Vec<Vec<(usize, Searched)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..self.threads)
                .map(|_| scope.spawn(|| self.work(bound, tasks, &next_task)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        });
        let mut searched: Vec<Option<Searched>> = vec![None; tasks.len()];
        for (i, s) in done.into_iter().flatten() {
            searched[i] = Some(s);
        }
        let sum = tally(
            (split.expanded, split.generated, split.next_bound),
            |i| (tasks[i].walk_expanded, tasks[i].walk_generated),
            searched.iter().map(Option::as_ref),
        );
        Iteration {
            found: sum.found.map(|(_, moves)| moves),
            expanded: sum.expanded,
            generated: sum.generated,
            next_bound: sum.next_bound,
            bytes: std::mem::size_of_val(tasks) as u64 + tasks.iter().map(|t| t.prefix.len() as u64).sum::<u64>(),
        }
    }

    /// One worker thread of a parallel iteration: takes tasks in order until
    /// none are left, a budget runs out, or only tasks after a solution
    /// remain; returns what each task it took gave.
    fn work(&self, bound: u32, tasks: &[Task<B, H::State>], next_task: &AtomicUsize) -> Vec<(usize, Searched)> {
        let mut w = self.worker(bound);
        let mut done = Vec::new();
        loop {
            let i = next_task.fetch_add(1, Ordering::Relaxed);
            if i >= tasks.len() || self.control.winner.load(Ordering::Relaxed) < i || self.control.stopped().is_some() {
                break;
            }
            let task = &tasks[i];
            let (expanded, generated) = (w.expanded, w.generated);
            w.task = i;
            w.abandoned = false;
            w.path.clear();
            let solved = match task.node {
                None => true,
                Some(n) => w.search(n),
            };
            let found = solved.then(|| {
                let mut moves = task.prefix.clone();
                moves.extend(w.path.iter().rev());
                moves
            });
            done.push((
                i,
                Searched {
                    expanded: w.expanded - expanded,
                    generated: w.generated - generated,
                    // The worker's smallest so far: the iteration takes the minimum anyway.
                    next_bound: w.next_bound,
                    found,
                },
            ));
            if solved {
                self.control.winner.fetch_min(i, Ordering::Relaxed);
                // Every later task loses to this one.
                break;
            }
        }
        w.flush();
        done
    }
}
