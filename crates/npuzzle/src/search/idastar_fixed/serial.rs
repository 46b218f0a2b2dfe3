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
    /// Where the bound and the expanded count are published, if anywhere.
    pub(super) progress: Option<Progress>,
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
            progress: clock.progress().cloned(),
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

impl<B, S> Node<B, S> {
    /// The root: `board`, whose tiles are `tiles`, before any move.
    pub(super) fn root<const N: usize, H>(
        board: &Board,
        tiles: &[u8; N],
        heuristic: &H,
        filter: &DuplicateFilter,
    ) -> Self
    where
        B: FixedBoard<N>,
        H: FixedHeuristic<N, State = S>,
    {
        Node {
            board: B::from_tiles(tiles),
            blank: board.blank(),
            prev: ROOT,
            g: 0,
            state: heuristic.start(tiles),
            dup: filter.start(),
        }
    }
}

/// Everything one search shares across iterations and threads.
pub(super) struct Ida<'a, const N: usize, B, H> {
    pub(super) heuristic: &'a H,
    pub(super) moves: &'a MoveTable<N>,
    pub(super) filter: &'a DuplicateFilter,
    pub(super) control: &'a Control,
    pub(super) goal: B,
    pub(super) threads: usize,
    /// Iterations after one of fewer expanded nodes run on the calling thread.
    pub(super) parallel_min: u64,
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

impl<'a, const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>> Ida<'a, N, B, H> {
    /// A search of single iterations on the calling thread, reaching `goal`.
    pub(super) fn one_thread(
        heuristic: &'a H,
        moves: &'a MoveTable<N>,
        filter: &'a DuplicateFilter,
        control: &'a Control,
        goal: &[u8; N],
    ) -> Self {
        Ida {
            heuristic,
            moves,
            filter,
            control,
            goal: B::from_tiles(goal),
            threads: 1,
            parallel_min: u64::MAX,
        }
    }

    pub(super) fn run(&self, root: Node<B, H::State>) -> (Outcome, Stats) {
        let h0 = self.heuristic.value(&root.state);
        let at_goal = root.board == self.goal;
        drive(
            self.control,
            h0,
            at_goal,
            self.table_bytes(),
            self.threads,
            |bound, last_nodes, stats| {
                let it = self.iteration(root, bound, last_nodes);
                record(stats, bound, &it);
                it
            },
        )
    }

    /// Bytes of the move table, for the statistics.
    pub(super) fn table_bytes(&self) -> u64 {
        (self.moves.succ.len() * std::mem::size_of::<[Succ; 5]>()) as u64
    }

    /// One iteration with `bound`, on the calling thread or on several:
    /// decided by the previous iteration's node count `last_nodes` alone,
    /// so that every run splits alike.
    pub(super) fn iteration(&self, root: Node<B, H::State>, bound: u32, last_nodes: u64) -> Iteration {
        self.control.winner.store(usize::MAX, Ordering::Relaxed);
        if CAN_SPAWN && self.threads > 1 && last_nodes >= self.parallel_min {
            self.parallel_iteration(root, bound, last_nodes)
        } else {
            self.serial_iteration(root, bound)
        }
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
}

/// Adds iteration `it`, searched with `bound`, to `stats`.
pub(super) fn record(stats: &mut Stats, bound: u32, it: &Iteration) {
    stats.expanded += it.expanded;
    stats.generated += it.generated;
    stats.iterations.push((bound, it.expanded));
}

/// The iterations of one search from the bound `h0` (`at_goal`: the root
/// is the goal) until one finds the goal or a budget runs out:
/// `iterate(bound, last_nodes, stats)` searches `bound`, adds what it
/// searched to `stats` ([`record`]) and returns the iteration that decides
/// (its solution and next bound). `table_bytes` and `threads` size the
/// statistics' peak bytes.
pub(super) fn drive(
    control: &Control,
    h0: u32,
    at_goal: bool,
    table_bytes: u64,
    threads: usize,
    mut iterate: impl FnMut(u32, u64, &mut Stats) -> Iteration,
) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    if h0 == 0 && at_goal {
        stats.iterations.push((0, 0));
        return (Outcome::Solved(Solution::default()), stats);
    }
    let mut bound = h0;
    let mut last_nodes = 0u64;
    let mut peak_bytes = 0u64;
    if let Some(progress) = &control.progress {
        progress.set_estimate(h0);
    }
    let outcome = loop {
        if let Some(progress) = &control.progress {
            progress.set_bound(bound);
        }
        let it = iterate(bound, last_nodes, &mut stats);
        peak_bytes = peak_bytes.max(it.bytes);
        last_nodes = it.expanded;
        if let Some(found) = it.found {
            let moves = found.into_iter().map(|m| Move::ALL[usize::from(m)]).collect();
            break Outcome::Solved(Solution::new(moves));
        }
        if let Some(kind) = control.stopped() {
            break Outcome::BudgetReached(kind);
        }
        if it.next_bound == u32::MAX {
            // Only possible if the goal is unreachable, which parity rules out first.
            break Outcome::Unsolvable;
        }
        bound = it.next_bound;
    };
    stats.peak_states = u64::from(bound) + 1;
    stats.peak_bytes = table_bytes + peak_bytes + threads as u64 * (u64::from(bound) + 1);
    (outcome, stats)
}
