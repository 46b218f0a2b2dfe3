//! The serial core of the fixed-size IDA*: the move table, the budget
//! control shared by all threads, and the depth-first search of one bound.

use super::*;
use crate::geometry::Neighbours;

/// Successors of each blank cell after each previous move, the reverse move
/// left out.
pub(super) struct MoveTable<const N: usize> {
    pub(super) succ: Vec<[Succ; 5]>,
}

#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Succ {
    pub(super) len: u8,
    /// Where the blank goes.
    pub(super) to: [u8; 4],
    /// Which move (index in `Move::ALL`) takes it there.
    pub(super) mv: [u8; 4],
}

impl<const N: usize> MoveTable<N> {
    pub(super) fn new(shape: Shape, order: MoveOrder) -> Self {
        let neighbours = Neighbours::new(shape);
        let succ = (0..N)
            .map(|cell| {
                std::array::from_fn(|prev| {
                    let mut s = Succ::default();
                    for mv in order.moves() {
                        if prev != ROOT && Move::ALL[prev] == mv.opposite() {
                            continue;
                        }
                        if let Some(to) = neighbours.get(cell, mv) {
                            s.to[usize::from(s.len)] = to as u8;
                            s.mv[usize::from(s.len)] = mv.index() as u8;
                            s.len += 1;
                        }
                    }
                    s
                })
            })
            .collect();
        MoveTable { succ }
    }
}

/// What all workers of one search share: budgets and the stop signals.
pub(super) struct Control {
    /// Expanded nodes reported so far by all workers.
    pub(super) nodes: AtomicU64,
    pub(super) max_nodes: Option<u64>,
    pub(super) deadline: Option<Instant>,
    pub(super) cancel: Option<Cancel>,
    /// 0 while running, else 1 + the index of the budget that ran out.
    pub(super) stopped: AtomicU8,
    /// Smallest task index holding a solution in the current iteration.
    pub(super) winner: AtomicUsize,
}

pub(super) const STOP_KINDS: [BudgetKind; 3] = [BudgetKind::Nodes, BudgetKind::Time, BudgetKind::Cancelled];

impl Control {
    pub(super) fn new(clock: &BudgetClock) -> Control {
        let budget: Budget = clock.budget();
        let now = Instant::now();
        Control {
            nodes: AtomicU64::new(0),
            max_nodes: budget.max_nodes,
            deadline: budget.timeout.map(|t| now + t.saturating_sub(clock.elapsed())),
            cancel: clock.cancel().cloned(),
            stopped: AtomicU8::new(0),
            winner: AtomicUsize::new(usize::MAX),
        }
    }

    pub(super) fn stop(&self, kind: BudgetKind) {
        let i = STOP_KINDS.iter().position(|&k| k == kind).unwrap_or(0);
        let _ = self
            .stopped
            .compare_exchange(0, i as u8 + 1, Ordering::Relaxed, Ordering::Relaxed);
    }

    pub(super) fn stopped(&self) -> Option<BudgetKind> {
        match self.stopped.load(Ordering::Relaxed) {
            0 => None,
            i => Some(STOP_KINDS[usize::from(i) - 1]),
        }
    }

    /// Expanded nodes that may still be spent before the node budget.
    pub(super) fn remaining(&self) -> u64 {
        self.max_nodes
            .map_or(u64::MAX, |m| m.saturating_sub(self.nodes.load(Ordering::Relaxed)))
    }
}

/// A node to search from: the root, or a task of a parallel iteration.
#[derive(Clone, Copy)]
pub(super) struct Node<B, S> {
    pub(super) board: B,
    pub(super) blank: usize,
    pub(super) prev: usize,
    pub(super) g: u32,
    pub(super) state: S,
    /// The duplicate filter's state after the moves to this node.
    pub(super) dup: u32,
}

/// Everything one search shares across iterations and threads.
pub(super) struct Ida<'a, const N: usize, B, H> {
    pub(super) heuristic: &'a H,
    pub(super) moves: &'a MoveTable<N>,
    pub(super) filter: &'a DuplicateFilter,
    pub(super) control: &'a Control,
    pub(super) goal: B,
    pub(super) threads: usize,
    /// Iterations after one of fewer nodes and shorter than
    /// `parallel_min_time` run on the calling thread.
    pub(super) parallel_min: u64,
    pub(super) parallel_min_time: Duration,
}

/// The result of one iteration.
pub(super) struct Iteration {
    /// The solution's moves (indices in `Move::ALL`), if one was found.
    pub(super) found: Option<Vec<u8>>,
    pub(super) expanded: u64,
    pub(super) generated: u64,
    pub(super) next_bound: u32,
    /// Bytes of the task list, for the statistics.
    pub(super) bytes: u64,
}

impl<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>> Ida<'_, N, B, H> {
    pub(super) fn run(&self, root: Node<B, H::State>) -> (Outcome, Stats) {
        let h0 = self.heuristic.value(&root.state);
        let mut stats = Stats::default();
        if h0 == 0 && root.board == self.goal {
            stats.iterations.push((0, 0));
            return (Outcome::Solved(Solution::default()), stats);
        }
        let mut bound = h0;
        let mut split_depth = 1;
        let mut last_nodes = 0u64;
        let mut last_time = Duration::ZERO;
        let mut peak_bytes = 0u64;
        let outcome = loop {
            self.control.winner.store(usize::MAX, Ordering::Relaxed);
            let started = Instant::now();
            let parallel = last_nodes >= self.parallel_min || last_time >= self.parallel_min_time;
            let it = if self.threads > 1 && parallel {
                self.parallel_iteration(root, bound, &mut split_depth, last_nodes)
            } else {
                self.serial_iteration(root, bound)
            };
            last_time = started.elapsed();
            stats.expanded += it.expanded;
            stats.generated += it.generated;
            stats.iterations.push((bound, it.expanded));
            peak_bytes = peak_bytes.max(it.bytes);
            last_nodes = it.expanded;
            if let Some(found) = it.found {
                let moves = found.into_iter().map(|m| Move::ALL[usize::from(m)]).collect();
                break Outcome::Solved(Solution::new(moves));
            }
            if let Some(kind) = self.control.stopped() {
                break Outcome::BudgetReached(kind);
            }
            if it.next_bound == u32::MAX {
                // Only possible if the goal is unreachable, which parity rules out first.
                break Outcome::Unsolvable;
            }
            bound = it.next_bound;
        };
        stats.peak_states = u64::from(bound) + 1;
        stats.peak_bytes = (self.moves.succ.len() * std::mem::size_of::<[Succ; 5]>()) as u64
            + peak_bytes
            + self.threads as u64 * (u64::from(bound) + 1);
        (outcome, stats)
    }

    pub(super) fn worker(&self, bound: u32) -> Worker<'_, N, B, H> {
        Worker {
            heuristic: self.heuristic,
            succ: &self.moves.succ,
            filter: self.filter,
            control: self.control,
            goal: self.goal,
            bound,
            next_bound: u32::MAX,
            expanded: 0,
            generated: 0,
            flushed: 0,
            next_poll: self.control.remaining().min(POLL_EVERY),
            task: 0,
            abandoned: false,
            path: Vec::with_capacity(bound as usize + 1),
            count_goals: false,
            goals: 0,
        }
    }

    pub(super) fn serial_iteration(&self, root: Node<B, H::State>, bound: u32) -> Iteration {
        let mut w = self.worker(bound);
        let found = w.search(root);
        w.flush();
        Iteration {
            found: found.then(|| w.path.iter().rev().copied().collect()),
            expanded: w.expanded,
            generated: w.generated,
            next_bound: w.next_bound,
            bytes: 0,
        }
    }

    pub(super) fn parallel_iteration(
        &self,
        root: Node<B, H::State>,
        bound: u32,
        split_depth: &mut u32,
        last_nodes: u64,
    ) -> Iteration {
        let per_thread = usize::try_from(last_nodes / NODES_PER_TASK)
            .unwrap_or(usize::MAX)
            .clamp(MIN_TASKS_PER_THREAD, TASKS_PER_THREAD);
        let target = per_thread * self.threads;
        let mut split = self.split(root, bound, *split_depth);
        while split.tasks.len() < target && *split_depth + 1 < bound && *split_depth < MAX_SPLIT_DEPTH {
            *split_depth += 1;
            split = self.split(root, bound, *split_depth);
        }
        self.control.nodes.fetch_add(split.expanded, Ordering::Relaxed);
        let tasks = split.tasks.as_slice();
        let next_task = AtomicUsize::new(0);
        let results: Vec<WorkerResult> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..self.threads)
                .map(|_| scope.spawn(|| self.work(bound, tasks, &next_task)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        });
        let mut it = Iteration {
            found: None,
            expanded: split.expanded,
            generated: split.generated,
            next_bound: split.next_bound,
            bytes: std::mem::size_of_val(tasks) as u64 + tasks.iter().map(|t| t.prefix.len() as u64).sum::<u64>(),
        };
        let mut winner = usize::MAX;
        for r in results {
            it.expanded += r.expanded;
            it.generated += r.generated;
            it.next_bound = it.next_bound.min(r.next_bound);
            if let Some((index, moves)) = r.found {
                if index < winner {
                    winner = index;
                    it.found = Some(moves);
                }
            }
        }
        it
    }

    /// One worker thread of a parallel iteration: takes tasks in order until
    /// none are left, a budget runs out, or only tasks after a solution remain.
    pub(super) fn work(&self, bound: u32, tasks: &[Task<B, H::State>], next_task: &AtomicUsize) -> WorkerResult {
        let mut w = self.worker(bound);
        let mut found = None;
        loop {
            let i = next_task.fetch_add(1, Ordering::Relaxed);
            if i >= tasks.len() || self.control.winner.load(Ordering::Relaxed) < i || self.control.stopped().is_some() {
                break;
            }
            let task = &tasks[i];
            w.task = i;
            w.abandoned = false;
            w.path.clear();
            let solved = match task.node {
                None => true,
                Some(n) => w.search(n),
            };
            if solved {
                let mut moves = task.prefix.clone();
                moves.extend(w.path.iter().rev());
                found = Some((i, moves));
                self.control.winner.fetch_min(i, Ordering::Relaxed);
                // Every later task loses to this one.
                break;
            }
        }
        w.flush();
        WorkerResult {
            expanded: w.expanded,
            generated: w.generated,
            next_bound: w.next_bound,
            found,
        }
    }

    /// The tasks of one parallel iteration: the nodes at `depth` within
    /// `bound`, in depth-first order, and goals met on the way.
    pub(super) fn split(&self, root: Node<B, H::State>, bound: u32, depth: u32) -> Split<B, H::State> {
        let mut split = Split {
            tasks: Vec::new(),
            expanded: 0,
            generated: 0,
            next_bound: u32::MAX,
        };
        let mut prefix = Vec::with_capacity(depth as usize);
        self.split_from(root, bound, depth, &mut prefix, &mut split);
        split
    }

    pub(super) fn split_from(
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
            let state = self.heuristic.step(&board, &node.state, tile, to, node.blank);
            let h = self.heuristic.value(&state);
            let g = node.g + 1;
            split.generated += 1;
            if g + h > bound {
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
            if h == 0 && board == self.goal {
                split.tasks.push(Task {
                    node: None,
                    prefix: prefix.clone(),
                });
            } else if g == depth {
                split.tasks.push(Task {
                    node: Some(child),
                    prefix: prefix.clone(),
                });
            } else {
                self.split_from(child, bound, depth, prefix, split);
            }
            prefix.pop();
        }
    }
}
