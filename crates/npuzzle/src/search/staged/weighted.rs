//! Weighted IDA* for a core too big to finish optimally in moments (5×5):
//! iterative deepening on `g + w·h` instead of `g + h`, so that a path at
//! most `w` times the shortest is found after far fewer nodes.
//!
//! With an admissible `h`, every iteration's bound `B` is at most `w` times
//! the optimal length `C*` (the path of length `C*` has `g + w·h ≤ w·C*` at
//! every node), and the path found has `g ≤ B`: at most `w·C*` moves. The
//! children of a node are tried lowest estimate first, which finds a path
//! early in the last iteration (the first path found is returned, not the
//! shortest under the bound). The board is a `[u8; N]` passed down by
//! value with the heuristic's per-node state, as in
//! [`idastar_fixed`](crate::search::idastar_fixed); the path is one vector
//! grown and shrunk in place, so no node allocates.

use crate::time::Instant;

use crate::board::Move;
use crate::heuristic::fixed::FixedHeuristic;
use crate::heuristic::WithFixedHeuristic;
use crate::Error;

/// The unit of the weight: `f = 8g + weight·h`.
pub(super) const WEIGHT_UNIT: u32 = 8;

/// Expanded nodes between two looks at the clock.
const POLL_EVERY: u64 = 1024;

/// One weighted search: the board, its width, the weight and the limits.
pub(super) struct Weighted {
    /// The tiles, row-major.
    pub(super) tiles: Vec<u8>,
    /// The goal's tiles, row-major: the heuristic's goal.
    pub(super) goal: Vec<u8>,
    pub(super) width: usize,
    /// The weight in eighths ([`WEIGHT_UNIT`]): 8 is IDA* (optimal), 12 is 1.5, 16 is 2.
    pub(super) weight_eighths: u32,
    /// Only paths shorter than this are wanted: a node whose moves plus
    /// estimate reach it is cut (the estimate is admissible, so no shorter
    /// path is lost).
    pub(super) shorter_than: u32,
    /// Expanded nodes before giving up.
    pub(super) max_nodes: u64,
    /// After each path found, the nodes the search may still expand for a
    /// shorter one (within `max_nodes`); 0: the first path is returned.
    pub(super) then_nodes: u64,
    pub(super) deadline: Option<Instant>,
}

impl<const N: usize> WithFixedHeuristic<N> for Weighted {
    /// The moves to the heuristic's goal, or `None` when a limit was reached
    /// (or the board does not have `N` cells).
    type Output = Option<Vec<Move>>;

    fn run<H: FixedHeuristic<N>>(self, heuristic: &H) -> Result<Option<Vec<Move>>, Error> {
        let (Ok(tiles), Ok(goal)) = (
            <[u8; N]>::try_from(self.tiles.as_slice()),
            <[u8; N]>::try_from(self.goal.as_slice()),
        ) else {
            return Ok(None);
        };
        let Some(blank) = tiles.iter().position(|&t| t == 0) else {
            return Ok(None);
        };
        let mut walk = Walk {
            heuristic,
            goal,
            width: self.width,
            weight: self.weight_eighths,
            shorter_than: self.shorter_than,
            max_nodes: self.max_nodes,
            then_nodes: self.then_nodes,
            limit: self.max_nodes,
            deadline: self.deadline,
            expanded: 0,
            stopped: false,
            next_bound: u32::MAX,
            path: Vec::new(),
            best: None,
        };
        let state = heuristic.start(&tiles);
        if heuristic.value(&state) >= self.shorter_than {
            return Ok(None);
        }
        let mut bound = walk.weight * heuristic.value(&state);
        loop {
            walk.next_bound = u32::MAX;
            if walk.dfs(tiles, blank, state, 0, bound, None) {
                return Ok(Some(walk.path));
            }
            if walk.stopped || walk.next_bound == u32::MAX {
                return Ok(walk.best);
            }
            bound = walk.next_bound;
        }
    }
}

/// The depth-first walk of one iteration, and what it keeps between them.
struct Walk<'a, H, const N: usize> {
    heuristic: &'a H,
    goal: [u8; N],
    width: usize,
    weight: u32,
    shorter_than: u32,
    max_nodes: u64,
    then_nodes: u64,
    /// The node count at which the search stops: `max_nodes`, or fewer
    /// once a path is found.
    limit: u64,
    deadline: Option<Instant>,
    expanded: u64,
    /// The shortest path found so far, when the search goes on after one.
    best: Option<Vec<Move>>,
    /// A limit was reached.
    stopped: bool,
    /// The smallest `8g + weight·h` above the bound seen in this iteration.
    next_bound: u32,
    path: Vec<Move>,
}

impl<H, const N: usize> Walk<'_, H, N> {
    /// The cell one blank move `mv` from `blank`, if on the board.
    #[inline]
    fn step(&self, blank: usize, mv: Move) -> Option<usize> {
        let (r, c) = (blank / self.width, blank % self.width);
        match mv {
            Move::Up => (r > 0).then(|| blank - self.width),
            Move::Down => (blank + self.width < N).then(|| blank + self.width),
            Move::Left => (c > 0).then(|| blank - 1),
            Move::Right => (c + 1 < self.width).then(|| blank + 1),
        }
    }
}

impl<H: FixedHeuristic<N>, const N: usize> Walk<'_, H, N> {
    /// Searches below `tiles` (the blank on `blank`, `g` moves made) for the
    /// goal within `bound`; true with the path in `self.path` when found.
    fn dfs(
        &mut self,
        tiles: [u8; N],
        blank: usize,
        state: H::State,
        g: u32,
        bound: u32,
        previous: Option<Move>,
    ) -> bool {
        let h = self.heuristic.value(&state);
        if h == 0 && tiles == self.goal {
            if self.then_nodes == 0 {
                return true;
            }
            // Keep it and search on, for a shorter path only.
            self.best = Some(self.path.clone());
            self.shorter_than = g;
            self.limit = self.max_nodes.min(self.expanded.saturating_add(self.then_nodes));
            return false;
        }
        self.expanded += 1;
        if self.expanded > self.limit {
            self.stopped = true;
            return false;
        }
        if self.expanded % POLL_EVERY == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
            return false;
        }
        // The children within the bound, lowest estimate first.
        let mut children: [(u32, Move, usize, Option<H::State>); 4] = [(u32::MAX, Move::Up, 0, None); 4];
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
            let next = self.heuristic.step(&after, &state, tile, to, blank);
            let h2 = self.heuristic.value(&next);
            if g + 1 + h2 >= self.shorter_than {
                continue;
            }
            let f = WEIGHT_UNIT * (g + 1) + self.weight * h2;
            if f > bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            children[count] = (h2, mv, to, Some(next));
            count += 1;
        }
        let children = &mut children[..count];
        children.sort_unstable_by_key(|c| c.0);
        for &(_, mv, to, next) in children.iter() {
            let Some(next) = next else { continue };
            let mut after = tiles;
            after[blank] = tiles[to];
            after[to] = 0;
            self.path.push(mv);
            if self.dfs(after, to, next, g + 1, bound, Some(mv)) {
                return true;
            }
            self.path.pop();
            if self.stopped {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;
    use crate::goal::Goal;
    use crate::heuristic::fixed::FixedManhattan;
    use crate::random::random_solvable;
    use rand::SeedableRng;

    /// A search of `board` for the 3×3 `goal`, with no node or time limit.
    fn search_3x3(
        board: &crate::Board,
        goal: &Goal,
        weight_eighths: u32,
        shorter_than: u32,
        then_nodes: u64,
    ) -> Weighted {
        Weighted {
            tiles: board.tiles().to_vec(),
            goal: goal.board().tiles().to_vec(),
            width: 3,
            weight_eighths,
            shorter_than,
            max_nodes: u64::MAX,
            then_nodes,
            deadline: None,
        }
    }

    #[test]
    fn paths_reach_the_goal_within_the_weight_and_weight_one_is_optimal() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        let manhattan = FixedManhattan::<9>::new(&goal).unwrap();
        for round in 0..40 {
            let board = random_solvable(&goal, &mut rng);
            let expected = crate::search::tests::exact_distance(&board, &goal).unwrap();
            for weight_eighths in [8, 10, 12, 16] {
                let search = search_3x3(&board, &goal, weight_eighths, u32::MAX, 0);
                let path = WithFixedHeuristic::<9>::run(search, &manhattan).unwrap().unwrap();
                let len = path.len() as u32;
                assert!(goal.is_reached_by(&board.replay(&path).unwrap()), "{board}");
                if weight_eighths == WEIGHT_UNIT {
                    assert_eq!(len, expected, "{board}");
                } else {
                    assert!(
                        len >= expected && len * 8 <= weight_eighths * expected,
                        "{round} {board}: {len} {expected}"
                    );
                }
                // Asked for a shorter path than the shortest, it finds none.
                let none = search_3x3(&board, &goal, weight_eighths, expected, 0);
                assert_eq!(WithFixedHeuristic::<9>::run(none, &manhattan).unwrap(), None, "{board}");
            }
        }
    }

    #[test]
    fn going_on_after_a_path_only_shortens_it_and_to_the_end_is_optimal() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        let manhattan = FixedManhattan::<9>::new(&goal).unwrap();
        let search = |board: &crate::Board, weight_eighths, then_nodes| {
            search_3x3(board, &goal, weight_eighths, u32::MAX, then_nodes)
        };
        for _ in 0..40 {
            let board = random_solvable(&goal, &mut rng);
            let expected = crate::search::tests::exact_distance(&board, &goal).unwrap() as usize;
            for weight_eighths in [12, 16, 24] {
                let first = WithFixedHeuristic::<9>::run(search(&board, weight_eighths, 0), &manhattan)
                    .unwrap()
                    .unwrap();
                let mut last = first.len();
                for then_nodes in [10, 1_000, u64::MAX] {
                    let path = WithFixedHeuristic::<9>::run(search(&board, weight_eighths, then_nodes), &manhattan)
                        .unwrap()
                        .unwrap();
                    assert!(goal.is_reached_by(&board.replay(&path).unwrap()), "{board}");
                    assert!(path.len() <= last, "{board}: {} after {last}", path.len());
                    last = path.len();
                }
                // Going on without a limit ends when every path shorter than
                // the best is ruled out: the best is optimal.
                assert_eq!(last, expected, "{board} w{weight_eighths}");
            }
        }
    }
}
