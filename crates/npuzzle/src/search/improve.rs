//! Anytime improvement of a solution that need not be optimal (`--improve
//! SECONDS`): windows of its moves are replaced by optimal paths between the
//! boards at their two ends.
//!
//! A window of moves starting on board `A` and ending on board `B` moves the
//! blank only inside the rectangle its cells span; every tile outside stays
//! put. That rectangle, widened by one cell on each side where the board
//! allows (room for the blank to go round), is cut out as a small board and
//! its tiles renamed, so `A` and `B` become a small start and goal; IDA* with
//! linear conflicts finds an optimal path between them inside the rectangle
//! — a path of the same moves does the same on the whole board, as the
//! tiles outside are not touched. When it is shorter than the window, it
//! replaces it. Every replacement joins the same two boards, so the
//! solution still reaches the goal, and it is only ever shorter.
//!
//! Windows are cut every half their length along the solution, for each of
//! [`WINDOW_LENGTHS`] in turn, and the round is repeated while it shortens
//! something. When one shortens nothing, windows half as long again are
//! tried, with twice the nodes per search (from [`WINDOW_NODES`] up to
//! [`MAX_WINDOW_NODES`]), and so on until the time is up, or the windows
//! span the whole solution and either a search proved it optimal or the
//! node limit is at its largest. Before the first round, moves undone by the
//! next (`u` then `d`) are cancelled. A window is skipped when its
//! rectangle has more than [`MAX_WINDOW_CELLS`] cells; a search that
//! reaches its node limit keeps its window as it is. Memory is the moves
//! and one copy of the board.

use crate::time::Instant;
use std::time::Duration;

use crate::board::{Board, Move, Shape};
use crate::goal::Goal;
use crate::heuristic::HeuristicKind;
use crate::search::{Algorithm, Solver, SolverOptions};
use crate::solution::{Budget, Cancel, Outcome};
use crate::Error;

/// Window lengths tried, shortest first, in each round.
pub const WINDOW_LENGTHS: [usize; 6] = [8, 12, 18, 26, 36, 50];

/// The most cells a window's rectangle may have to be searched.
pub const MAX_WINDOW_CELLS: usize = 49;

/// The node limit of one window's search in the first rounds.
pub const WINDOW_NODES: u64 = 200_000;

/// The node limit a window's search grows to, doubling each time the
/// windows grow past [`WINDOW_LENGTHS`].
pub const MAX_WINDOW_NODES: u64 = 50_000_000;

/// An improved solution and what the improvement did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Improved {
    /// The moves, never more than were given, reaching the same board.
    pub moves: Vec<Move>,
    /// Moves given.
    pub before: usize,
    /// Windows searched.
    pub windows: u64,
    /// Windows replaced by shorter paths.
    pub replaced: u64,
    /// Rounds over the whole solution begun.
    pub rounds: u32,
    /// True when a window spanning the whole solution was searched to its
    /// end and shortened nothing: the solution is optimal. False when the
    /// time ran out first, or the windows grew to the whole solution and
    /// the largest node limit without a search finishing them all.
    pub converged: bool,
}

/// Shortens `moves`, which take `board` to some board (the goal, for a
/// solution), by replacing windows with optimal paths, for at most `time`.
///
/// ```
/// use std::time::Duration;
/// use npuzzle::search::improve::improve;
/// use npuzzle::{Board, Goal, Move};
///
/// let board: Board = "1 2 3 4 5 6 7 8 x".parse()?;
/// // Three turns of the blank round a 2×2 square turn its tiles back
/// // where they were: the best path is no move at all.
/// let moves = Move::parse_list(&"uldr".repeat(3))?;
/// let better = improve(&board, &moves, Duration::from_secs(1))?;
/// assert!(better.moves.is_empty());
/// assert_eq!(board.replay(&better.moves)?, board.replay(&moves)?);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn improve(board: &Board, moves: &[Move], time: Duration) -> Result<Improved, Error> {
    let started = Instant::now();
    let deadline = started + time;
    let solver = Solver::new(
        SolverOptions::default()
            .with_algorithm(Algorithm::IdaStar)
            .with_heuristic(HeuristicKind::LinearConflict),
    );
    let mut result = Improved {
        moves: cancel_inverses(moves),
        before: moves.len(),
        windows: 0,
        replaced: 0,
        rounds: 0,
        converged: false,
    };
    // Lengths of the next round; after a round that shortens nothing, only
    // a new, longer length (with more nodes per search) is tried.
    let mut lengths: Vec<usize> = WINDOW_LENGTHS.to_vec();
    let (mut from, mut nodes) = (0, WINDOW_NODES);
    'rounds: loop {
        result.rounds += 1;
        let (mut shortened, mut gave_up) = (false, 0);
        for &length in &lengths[from..] {
            if Instant::now() >= deadline {
                break 'rounds;
            }
            let mut window = Window {
                solver: &solver,
                deadline,
                nodes,
                windows: 0,
                replaced: 0,
                gave_up: 0,
            };
            let before = result.moves.len();
            result.moves = window.pass(board, &result.moves, length)?;
            result.windows += window.windows;
            result.replaced += window.replaced;
            gave_up += window.gave_up;
            shortened |= result.moves.len() < before;
        }
        if shortened {
            from = 0;
            continue;
        }
        let longest = lengths.last().copied().unwrap_or(2);
        if longest >= result.moves.len() && gave_up == 0 {
            // A window spanning the whole solution was searched to its end.
            result.converged = Instant::now() < deadline;
            break;
        }
        if longest >= result.moves.len() && nodes >= MAX_WINDOW_NODES {
            break;
        }
        if longest < result.moves.len() {
            lengths.push((longest * 3 / 2).min(result.moves.len()));
        }
        from = lengths.len() - 1;
        nodes = (nodes * 2).min(MAX_WINDOW_NODES);
    }
    Ok(result)
}

/// `moves` without the pairs that undo each other (`u d`, `l r`, …), nested
/// ones too: the same board at the end, never longer.
///
/// ```
/// use npuzzle::search::improve::cancel_inverses;
/// use npuzzle::Move;
/// let moves = Move::parse_list("ulrdr")?;
/// assert_eq!(Move::format_list(&cancel_inverses(&moves)), "r");
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn cancel_inverses(moves: &[Move]) -> Vec<Move> {
    let mut kept: Vec<Move> = Vec::with_capacity(moves.len());
    for &mv in moves {
        if kept.last() == Some(&mv.opposite()) {
            kept.pop();
        } else {
            kept.push(mv);
        }
    }
    kept
}

/// One pass of windows of one length along a solution.
struct Window<'a> {
    solver: &'a Solver,
    deadline: Instant,
    nodes: u64,
    windows: u64,
    replaced: u64,
    /// Windows skipped (too wide) or whose search reached its node limit.
    gave_up: u64,
}

impl Window<'_> {
    /// The moves with every window of `length` (cut every `length / 2`)
    /// that an optimal path shortens replaced by it.
    fn pass(&mut self, start: &Board, moves: &[Move], length: usize) -> Result<Vec<Move>, Error> {
        let stride = (length / 2).max(1);
        let mut board = start.clone();
        let mut out = Vec::with_capacity(moves.len());
        let mut i = 0;
        while i < moves.len() {
            let end = (i + length).min(moves.len());
            let segment = &moves[i..end];
            if segment.len() >= 2 && Instant::now() < self.deadline {
                if let Some(shorter) = self.shorten(&board, segment)? {
                    for &mv in &shorter {
                        board.apply(mv)?;
                    }
                    out.extend_from_slice(&shorter);
                    i = end;
                    continue;
                }
            }
            let next = (i + stride).min(moves.len());
            for &mv in &moves[i..next] {
                board.apply(mv)?;
            }
            out.extend_from_slice(&moves[i..next]);
            i = next;
        }
        Ok(out)
    }

    /// An optimal path doing what `segment` does on `board`, when shorter.
    fn shorten(&mut self, board: &Board, segment: &[Move]) -> Result<Option<Vec<Move>>, Error> {
        let Some(area) = Area::around(board, segment) else {
            self.gave_up += 1;
            return Ok(None);
        };
        let start = area.cut(board)?;
        let goal = Goal::new(start.replay(segment)?);
        self.windows += 1;
        let left = self.deadline.saturating_duration_since(Instant::now());
        let budget = Budget::default()
            .with_max_nodes(Some(self.nodes))
            .with_timeout(Some(left));
        let report = self.solver.solve_with(&start, &goal, budget, &Cancel::new())?;
        match report.outcome {
            Outcome::Solved(path) if path.len() < segment.len() => {
                self.replaced += 1;
                Ok(Some(path.moves().to_vec()))
            }
            Outcome::Solved(_) => Ok(None),
            _ => {
                self.gave_up += 1;
                Ok(None)
            }
        }
    }
}

/// The rectangle of a board a window works in: rows `top..bottom`, columns
/// `left..right`.
struct Area {
    top: usize,
    bottom: usize,
    left: usize,
    right: usize,
}

impl Area {
    /// The cells the blank visits playing `segment` on `board`, widened by
    /// one on each side the board has room for; `None` when that has more
    /// than [`MAX_WINDOW_CELLS`] cells or a move leaves the board.
    fn around(board: &Board, segment: &[Move]) -> Option<Area> {
        let shape = board.shape();
        let (w, h) = (shape.width(), shape.height());
        let mut at = board.blank();
        let (mut top, mut bottom, mut left, mut right) = (at / w, at / w, at % w, at % w);
        for &mv in segment {
            at = shape.step(at, mv)?;
            let (r, c) = (at / w, at % w);
            (top, bottom, left, right) = (top.min(r), bottom.max(r), left.min(c), right.max(c));
        }
        let area = Area {
            top: top.saturating_sub(1),
            bottom: (bottom + 2).min(h),
            left: left.saturating_sub(1),
            right: (right + 2).min(w),
        };
        ((area.bottom - area.top) * (area.right - area.left) <= MAX_WINDOW_CELLS).then_some(area)
    }

    /// The small board of this rectangle: its tiles renamed 1, 2, … in
    /// reading order, the blank kept (moves inside it mean the same there).
    fn cut(&self, board: &Board) -> Result<Board, Error> {
        let w = board.shape().width();
        let shape = Shape::new(self.right - self.left, self.bottom - self.top)?;
        let mut next = 0u8;
        let tiles = (self.top..self.bottom)
            .flat_map(|r| (self.left..self.right).map(move |c| r * w + c))
            .map(|cell| {
                if board.tile(cell) == 0 {
                    0
                } else {
                    next += 1;
                    next
                }
            })
            .collect();
        Board::new(shape, tiles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::random_solvable;
    use crate::search::greedy::{solve_into, Finish};
    use crate::search::table::TableCache;
    use proptest::prelude::*;
    use rand::SeedableRng;

    /// A greedy solution of a random board for a random goal of `shape`.
    fn greedy_solution(shape: Shape, seed: u64) -> (Board, Goal, Vec<Move>) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let goal = Goal::new(random_solvable(&Goal::standard(shape), &mut rng));
        let board = random_solvable(&goal, &mut rng);
        let mut moves = Vec::new();
        let end = solve_into(&board, &goal, &TableCache::default(), Budget::default(), &mut moves).unwrap();
        assert_eq!(end, Finish::Solved(moves.len() as u64));
        (board, goal, moves)
    }

    #[test]
    fn improved_solutions_still_reach_the_goal_and_are_never_longer() {
        for (i, (w, h)) in [(4, 4), (6, 6), (7, 5), (3, 9), (12, 10)].into_iter().enumerate() {
            let shape = Shape::new(w, h).unwrap();
            let (board, goal, moves) = greedy_solution(shape, i as u64);
            let better = improve(&board, &moves, Duration::from_millis(300)).unwrap();
            assert!(better.moves.len() <= moves.len(), "{shape}");
            assert_eq!(better.before, moves.len());
            assert!(
                goal.is_reached_by(&board.replay(&better.moves).unwrap()),
                "{shape}: {board}"
            );
        }
    }

    #[test]
    fn a_6x6_greedy_solution_gets_shorter() {
        let (board, goal, moves) = greedy_solution(Shape::new(6, 6).unwrap(), 7);
        let better = improve(&board, &moves, Duration::from_millis(500)).unwrap();
        assert!(
            better.moves.len() < moves.len(),
            "{} -> {}",
            moves.len(),
            better.moves.len()
        );
        assert!(better.replaced > 0);
        assert!(goal.is_reached_by(&board.replay(&better.moves).unwrap()));
    }

    #[test]
    fn an_optimal_solution_is_kept_as_it_is() {
        // One of the two 31-move boards (the 8-puzzle's diameter): any 31-move solution is optimal.
        let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        let goal = Goal::standard(board.shape());
        let report = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Table))
            .solve(&board, &goal)
            .unwrap();
        let optimal = report.outcome.solution().unwrap().moves().to_vec();
        assert_eq!(
            Some(optimal.len() as u32),
            crate::search::tests::exact_distance(&board, &goal)
        );
        let better = improve(&board, &optimal, Duration::from_secs(5)).unwrap();
        assert_eq!(better.moves.len(), 31);
        assert!(better.converged);
        assert!(goal.is_reached_by(&board.replay(&better.moves).unwrap()));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Random walks, which are full of detours, shorten to paths that
        /// end on the same board, and never past the optimal length (the
        /// oracle's exhaustive distance on 3×3).
        #[test]
        fn random_walks_shorten_to_the_same_board(walk in proptest::collection::vec(0usize..4, 0..120), seed in 0u64..1000) {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let board = random_solvable(&Goal::standard(Shape::new(3, 3).unwrap()), &mut rng);
            let mut moves = Vec::new();
            let mut at = board.clone();
            for k in walk {
                let mv = Move::ALL[k];
                if at.try_apply(mv) {
                    moves.push(mv);
                }
            }
            let better = improve(&board, &moves, Duration::from_secs(2)).unwrap();
            prop_assert!(better.moves.len() <= moves.len());
            prop_assert_eq!(board.replay(&better.moves).unwrap(), at.clone());
            let optimal = crate::search::tests::exact_distance(&board, &Goal::new(at)).unwrap();
            prop_assert!(better.moves.len() as u32 >= optimal);
        }
    }
}
