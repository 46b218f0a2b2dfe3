//! Weighted IDA* on boards of a fixed number of cells: iterative deepening
//! on `g + w·h` instead of `g + h`, so that a path at most `w` times the
//! shortest is found after far fewer nodes. The staged solver finishes its
//! 5×5 core with it, and `solve --within` runs it on 4×4 and 5×5 boards.
//!
//! The weight is a whole number of [`WEIGHT_UNIT`]ths (64ths), so f is an
//! integer: `f = 64·g + weight·h`. With an admissible `h`:
//!
//! - on a shortest path (`C*` moves) every node has `f ≤ weight·(g + h) ≤
//!   weight·C*`, so the iteration that finds a path has a bound `B ≤
//!   weight·C*` (the bounds grow by the smallest f that exceeded the last);
//! - the path found ends with `h = 0`, so its `64·L ≤ B`: `L ≤ weight/64 ·
//!   C*`, the guarantee;
//! - and `C* ≥ B / weight` ([`Walk::lower_bound`]), a lower bound the search
//!   proves beside the root's estimate.
//!
//! The children of a node are tried lowest estimate first, which finds a
//! path early in the last iteration (the first path found is returned, not
//! the shortest under the bound, unless the walk is told to go on for a
//! shorter one). The board is a `[u8; N]` passed down by value, as in
//! [`idastar_fixed`](crate::search::idastar_fixed); each child's heuristic
//! state is stepped in place in its parent's frame
//! ([`FixedHeuristic::step_bounded_in_place`]) and passed down by
//! reference; the path is one vector grown and shrunk in place, so no node
//! allocates. A child whose f reaches the next bound is pruned without its
//! exact estimate (see [`FixedHeuristic::step_bounded`]).
//!
//! On 4×4 and 5×5 boards an iteration keeps the boards it expanded
//! ([`Transpositions`]) and cuts one reached again by as many moves or
//! more: the same bounds, paths and proofs with fewer nodes (on Korf &
//! Felner's 24-puzzles, `--within 1.5` expanded a third fewer).

use crate::time::Instant;

use super::transpositions::Transpositions;
use super::turns::Turns;
use crate::board::Move;
use crate::heuristic::fixed::FixedHeuristic;
use crate::solution::{BudgetClock, BudgetKind};

/// The unit of the weight: `f = 64·g + weight·h`; a weight of 64 is IDA*.
pub(crate) const WEIGHT_UNIT: u32 = 64;

/// Expanded nodes between two looks at a deadline.
const POLL_EVERY: u64 = 1024;

/// What stops a walk besides its node limit.
pub(crate) enum Stop<'c> {
    /// A deadline, looked at every [`POLL_EVERY`] nodes.
    Deadline(Option<Instant>),
    /// A solver's budget clock (nodes, time, cancellation), asked at every node.
    Clock(&'c mut BudgetClock),
    /// A deadline, taking turns with other walks (see [`turns`](super::turns)):
    /// the walk hands over every [`Turns::slice`] nodes.
    Turn {
        deadline: Option<Instant>,
        turns: &'c Turns,
        me: usize,
    },
}

/// Where a walk starts and what it may spend.
pub(crate) struct Start<const N: usize> {
    /// The tiles, row-major (0 = blank).
    pub tiles: [u8; N],
    /// The goal's tiles, row-major: the heuristic's goal.
    pub goal: [u8; N],
    pub width: usize,
    /// The weight in [`WEIGHT_UNIT`]ths (at least one unit).
    pub weight: u32,
    /// Only paths shorter than this are wanted: a node whose moves plus
    /// estimate reach it is cut (the estimate is admissible, so no shorter
    /// path is lost).
    pub shorter_than: u32,
    /// Expanded nodes before giving up.
    pub max_nodes: u64,
    /// After each path found, the nodes the search may still expand for a
    /// shorter one (within `max_nodes`); 0: the first path is returned.
    pub then_nodes: u64,
}

/// A weighted IDA* search: [`Walk::run`] it, then read what it counted.
pub(crate) struct Walk<'a, 'c, H, const N: usize> {
    heuristic: &'a H,
    start: Start<N>,
    stop: Stop<'c>,
    /// The node count at which the search stops: `max_nodes`, or fewer
    /// once a path is found.
    limit: u64,
    /// Nodes expanded, in all iterations.
    pub expanded: u64,
    /// Children generated (their estimates asked for), in all iterations.
    pub generated: u64,
    /// (bound in moves, rounded down; nodes expanded) per iteration.
    pub iterations: Vec<(u32, u64)>,
    /// The budget the clock said was spent, if it stopped the walk.
    pub budget_hit: Option<BudgetKind>,
    /// Nodes other walks expanded before this one, added to its own when
    /// the budget clock is asked (one node budget over several walks).
    counted_before: u64,
    /// The bound of the last iteration searched (in units).
    bound: u32,
    /// The root's estimate.
    root_h: u32,
    /// The shortest path found so far, when the search goes on after one.
    best: Option<Vec<Move>>,
    /// A limit was reached.
    stopped: bool,
    /// Every path shorter than `shorter_than` was searched.
    exhausted: bool,
    /// The smallest f above the bound seen in this iteration.
    next_bound: u32,
    path: Vec<Move>,
    /// The boards the iteration expanded, on boards of 16 to 25 cells.
    seen: Option<Transpositions>,
    /// Whether to keep them (tests compare with and without).
    keep_boards: bool,
}

impl<'a, 'c, H: FixedHeuristic<N>, const N: usize> Walk<'a, 'c, H, N> {
    /// A walk from `start`, stopped by `stop` too.
    pub(crate) fn new(heuristic: &'a H, start: Start<N>, stop: Stop<'c>) -> Self {
        Walk {
            heuristic,
            limit: start.max_nodes,
            start,
            stop,
            expanded: 0,
            generated: 0,
            iterations: Vec::new(),
            budget_hit: None,
            counted_before: 0,
            bound: 0,
            root_h: 0,
            best: None,
            stopped: false,
            exhausted: false,
            next_bound: u32::MAX,
            path: Vec::new(),
            seen: None,
            keep_boards: true,
        }
    }

    /// This walk, counting `nodes` expanded before it against the budget
    /// clock's node limit.
    pub(crate) fn counting_from(mut self, nodes: u64) -> Self {
        self.counted_before = nodes;
        self
    }

    /// This walk without a transposition table.
    #[cfg(test)]
    fn keeping_no_boards(mut self) -> Self {
        self.keep_boards = false;
        self
    }

    /// The path found (the shortest found, when told to go on after one),
    /// or `None` when a limit came first or no path is shorter than
    /// `shorter_than` (or the board has no blank).
    pub(crate) fn run(&mut self) -> Option<Vec<Move>> {
        let tiles = self.start.tiles;
        let blank = tiles.iter().position(|&t| t == 0)?;
        let state = self.heuristic.start(&tiles);
        self.root_h = self.heuristic.value(&state);
        if self.root_h >= self.start.shorter_than {
            self.exhausted = true;
            return None;
        }
        self.bound = self.start.weight * self.root_h;
        let key = Transpositions::key(&tiles);
        if key.is_some() && self.keep_boards && self.seen.is_none() {
            self.seen = Transpositions::for_walk::<N>(self.start.max_nodes);
        }
        let key = key.unwrap_or(0);
        loop {
            self.next_bound = u32::MAX;
            if let Some(seen) = &mut self.seen {
                seen.clear();
            }
            let before = self.expanded;
            let found = self.dfs(tiles, key, blank, &state, 0, None);
            self.iterations.push((self.bound / WEIGHT_UNIT, self.expanded - before));
            if found {
                return Some(std::mem::take(&mut self.path));
            }
            if self.stopped || self.next_bound == u32::MAX {
                self.exhausted = !self.stopped;
                return self.best.take();
            }
            self.bound = self.next_bound;
        }
    }

    /// A lower bound on the fewest moves `C*`, however [`run`](Self::run)
    /// ended: the root's estimate, or `⌈B / weight⌉` for the bound `B` of
    /// the iteration it ended in (the one before searched every node under
    /// its bound; see the module documentation), whichever is larger. The
    /// argument assumes `C*` is below `shorter_than`: a caller holding a
    /// path of that length takes the smaller of the two.
    pub(crate) fn lower_bound(&self) -> u32 {
        self.root_h.max(self.bound.div_ceil(self.start.weight.max(1)))
    }

    /// True when the walk ended having searched every path shorter than
    /// `shorter_than` (as lowered by the paths it found): none shorter
    /// than the last path it returned exists. False when a limit stopped it.
    pub(crate) fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// The cell one blank move `mv` from `blank`, if on the board.
    #[inline]
    fn step(&self, blank: usize, mv: Move) -> Option<usize> {
        let width = self.start.width;
        let (r, c) = (blank / width, blank % width);
        match mv {
            Move::Up => (r > 0).then(|| blank - width),
            Move::Down => (blank + width < N).then(|| blank + width),
            Move::Left => (c > 0).then(|| blank - 1),
            Move::Right => (c + 1 < width).then(|| blank + 1),
        }
    }

    /// Whether a limit says stop after this node.
    #[inline]
    fn spent(&mut self) -> bool {
        if self.expanded > self.limit {
            return true;
        }
        match &mut self.stop {
            Stop::Deadline(deadline) => {
                self.expanded % POLL_EVERY == 0 && deadline.is_some_and(|d| Instant::now() >= d)
            }
            Stop::Clock(clock) => {
                self.budget_hit = clock.check(self.counted_before + self.expanded, 0);
                self.budget_hit.is_some()
            }
            Stop::Turn { deadline, turns, me } => {
                if self.expanded % turns.slice() == 0 && !turns.hand_over(*me) {
                    return true;
                }
                self.expanded % POLL_EVERY == 0 && deadline.is_some_and(|d| Instant::now() >= d)
            }
        }
    }

    /// Searches below `tiles` (its [`Transpositions`] key `key`, the blank
    /// on `blank`, `g` moves made) for the goal within the bound; true with
    /// the path in `self.path` when found.
    fn dfs(
        &mut self,
        tiles: [u8; N],
        key: u128,
        blank: usize,
        state: &H::State,
        g: u32,
        previous: Option<Move>,
    ) -> bool {
        let h = self.heuristic.value(state);
        if h == 0 && tiles == self.start.goal {
            if self.start.then_nodes == 0 {
                return true;
            }
            // Keep it and search on, for a shorter path only.
            self.best = Some(self.path.clone());
            self.start.shorter_than = g;
            self.limit = self
                .start
                .max_nodes
                .min(self.expanded.saturating_add(self.start.then_nodes));
            return false;
        }
        // Expanded before in this iteration by as few moves: nothing new below.
        if let Some(seen) = &mut self.seen {
            if seen.seen(key, g) {
                return false;
            }
        }
        self.expanded += 1;
        if self.spent() {
            self.stopped = true;
            return false;
        }
        // The children within the bound, lowest estimate first. Each state
        // is made once where it stays and passed down by reference: with
        // dual lookups a state is hundreds of bytes.
        let mut states: [Option<H::State>; 4] = [None; 4];
        let mut order: [(u32, Move, usize, usize); 4] = [(u32::MAX, Move::Up, 0, 0); 4];
        let mut count = 0;
        for mv in Move::ALL {
            if previous == Some(mv.opposite()) {
                continue;
            }
            let Some(to) = self.step(blank, mv) else {
                continue;
            };
            let tile = tiles[to];
            let mut after = tiles;
            after[blank] = tile;
            after[to] = 0;
            let cutoff = self.cutoff(g + 1);
            let next = states[count].insert(*state);
            let h2 = (self.heuristic).step_bounded_in_place(&after, next, tile, to, blank, cutoff);
            self.generated += 1;
            if g + 1 + h2 >= self.start.shorter_than {
                continue;
            }
            let f = WEIGHT_UNIT * (g + 1) + self.start.weight * h2;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            if let Some(seen) = &self.seen {
                seen.prefetch(Transpositions::moved(key, tile, to, blank));
            }
            order[count] = (h2, mv, count, to);
            count += 1;
        }
        let order = &mut order[..count];
        order.sort_unstable_by_key(|c| c.0);
        for &(_, mv, slot, to) in order.iter() {
            let Some(next) = &states[slot] else {
                continue;
            };
            let mut after = tiles;
            after[blank] = tiles[to];
            after[to] = 0;
            self.path.push(mv);
            let key = Transpositions::moved(key, tiles[to], to, blank);
            if self.dfs(after, key, to, next, g + 1, Some(mv)) {
                return true;
            }
            self.path.pop();
            if self.stopped {
                return false;
            }
        }
        false
    }

    /// The estimate from which a child `g` moves from the start needs no
    /// exact value: it is cut (`g + h` reaches `shorter_than`) or its f is
    /// at or above the next bound, so it is pruned and leaves the next
    /// bound as it is. [`FixedHeuristic::step_bounded`] may stop there.
    #[inline(always)]
    fn cutoff(&self, g: u32) -> u32 {
        let shorter = self.start.shorter_than.saturating_sub(g);
        let weight = self.start.weight.max(1);
        let under_next = self.next_bound.saturating_sub(WEIGHT_UNIT * g).div_ceil(weight);
        shorter.min(under_next)
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::heuristic::fixed::FixedLinearConflict;
    use crate::{Board, Goal, HeuristicKind, Shape, Solver, SolverOptions};

    /// A 4×4 board `moves` random moves from the goal.
    fn scrambled(goal: &Goal, moves: usize, rng: &mut impl Rng) -> Board {
        let mut board = goal.board().clone();
        for _ in 0..moves {
            if let Ok(next) = board.replay(&[Move::ALL[rng.random_range(0..4)]]) {
                board = next;
            }
        }
        board
    }

    /// The walk at `weight` from `board`, with or without the table: the
    /// path's length, the iterations, the nodes and whether it was exhausted.
    fn walk(
        board: &Board,
        goal: &Goal,
        weight: u32,
        shorter_than: u32,
        keep: bool,
    ) -> (Option<usize>, Vec<u32>, u64, bool) {
        let heuristic = FixedLinearConflict::<16>::new(goal).unwrap();
        let start = Start {
            tiles: board.tiles().try_into().unwrap(),
            goal: goal.board().tiles().try_into().unwrap(),
            width: 4,
            weight,
            shorter_than,
            max_nodes: u64::MAX,
            then_nodes: 0,
        };
        let mut walk = Walk::new(&heuristic, start, Stop::Deadline(None));
        if !keep {
            walk = walk.keeping_no_boards();
        }
        let path = walk.run();
        if let Some(path) = &path {
            assert!(goal.is_reached_by(&board.replay(path).unwrap()), "{board}");
        }
        let bounds = walk.iterations.iter().map(|&(bound, _)| bound).collect();
        (path.map(|p| p.len()), bounds, walk.expanded, walk.exhausted())
    }

    #[test]
    fn the_table_keeps_bounds_lengths_and_proofs_with_fewer_nodes() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
        // The shortest lengths from the specialised IDA*, another search.
        let exact = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::LinearConflict));
        let (mut with_nodes, mut without_nodes) = (0, 0);
        for round in 0..12 {
            let board = scrambled(&goal, 100 + 10 * round, &mut rng);
            let report = exact.solve(&board, &goal).unwrap();
            let optimal = report.outcome.solution().expect("solved").len();
            for weight in [WEIGHT_UNIT, 96, 128] {
                let with = walk(&board, &goal, weight, u32::MAX, true);
                let without = walk(&board, &goal, weight, u32::MAX, false);
                // The same iterations, each as far as the other.
                assert_eq!(with.1, without.1, "{board} at {weight}");
                let length = with.0.expect("a path");
                assert!(
                    length * 64 <= optimal * weight as usize,
                    "{board}: {length} for {optimal}"
                );
                if weight == WEIGHT_UNIT {
                    assert_eq!((length, without.0), (optimal, Some(optimal)), "{board}");
                }
                assert!(with.2 <= without.2, "{board}: {} > {}", with.2, without.2);
                with_nodes += with.2;
                without_nodes += without.2;
            }
            // No path shorter than the shortest: both search all and prove it.
            let (path, _, _, exhausted) = walk(&board, &goal, 96, optimal as u32, true);
            assert_eq!((path, exhausted), (None, true), "{board}");
        }
        // Boards far from the goal are reached along many paths.
        assert!(
            with_nodes * 4 < without_nodes * 3,
            "{with_nodes} against {without_nodes}"
        );
    }
}
