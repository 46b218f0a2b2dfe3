//! The last rectangle of a staged solve, finished optimally.
//!
//! A 4×4 core is cut out as a 15-puzzle (its tiles renamed in the order of
//! the goal's tiles there) and solved by the fixed-size IDA*
//! ([`idastar_fixed`](crate::search::idastar_fixed)) under a node limit:
//! with the caller's pattern databases when the core's goal maps onto
//! theirs, else with walking distance, the strongest estimate that needs no
//! file. The moves inside the core do the same on the whole board, as the
//! tiles outside are never touched. When the search reaches its limit, the
//! staged solve goes on down to 3×3 and that core comes from the complete
//! table, as before.
//!
//! **Databases of another goal.** The 4×4 databases are built for one goal
//! (blank first, usually), while the core's goal has its blank where the
//! board's goal has it: the opposite corner for the standard goal. A
//! symmetry of the square (one of eight: a transposition and two flips)
//! that takes the core's blank home onto the databases' blank home turns
//! the core's goal into theirs once its tiles are renamed after the
//! databases' tiles on the same cells; the board is carried over by the
//! same symmetry and renaming, solved there, and the moves are carried back
//! cell by cell. A core whose blank home is not in a corner (random goals)
//! has no such symmetry and is searched with walking distance.

use std::sync::Arc;
use std::time::Instant;

use super::subgoal::{Puzzle, Rect};
use crate::board::{Board, Move, Shape};
use crate::goal::Goal;
use crate::heuristic::pdb::PdbSet;
use crate::heuristic::HeuristicKind;
use crate::search::greedy::core_problem;
use crate::search::table::TableCache;
use crate::search::{Algorithm, Solver, SolverOptions};
use crate::solution::{Budget, Cancel, Outcome};
use crate::Error;

/// The side of the core searched optimally.
pub const SEARCHED_SIDE: usize = 4;

/// The default node limit of one 4×4 core search.
pub const DEFAULT_CORE_NODES: u64 = 2_000_000;

/// How a staged solve finishes a 4×4 core.
///
/// ```
/// use npuzzle::search::staged::CoreOptions;
/// let off = CoreOptions::default().with_max_nodes(None);
/// assert_eq!(off.max_nodes, None);
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct CoreOptions {
    /// Pattern databases of a 4×4 goal, read when the core's goal maps
    /// onto theirs (see the module documentation); without them, or for a
    /// core they do not fit, walking distance.
    pub pdb: Option<Arc<PdbSet>>,
    /// Expanded nodes one core search may take before the staged solve goes
    /// on down to 3×3 instead; `None`: 4×4 cores are never searched.
    pub max_nodes: Option<u64>,
}

impl Default for CoreOptions {
    fn default() -> Self {
        CoreOptions {
            pdb: None,
            max_nodes: Some(DEFAULT_CORE_NODES),
        }
    }
}

impl CoreOptions {
    /// These options reading the 4×4 databases `pdb`.
    pub fn with_pdb(mut self, pdb: Option<Arc<PdbSet>>) -> CoreOptions {
        self.pdb = pdb;
        self
    }

    /// These options with a node limit per core search (`None`: no search).
    pub fn with_max_nodes(mut self, max_nodes: Option<u64>) -> CoreOptions {
        self.max_nodes = max_nodes;
        self
    }

    /// The databases, if given and for a 4×4 goal.
    fn pdb_4x4(&self) -> Option<&Arc<PdbSet>> {
        self.pdb
            .as_ref()
            .filter(|set| set.goal().shape().width() == SEARCHED_SIDE && set.goal().shape().height() == SEARCHED_SIDE)
    }
}

/// The cells of `rect` in reading order.
fn cells_of(w: usize, rect: Rect) -> Vec<usize> {
    (rect.top..rect.bottom)
        .flat_map(|r| (rect.left..rect.right).map(move |c| r * w + c))
        .collect()
}

/// The rectangle as a small board and goal, tiles renamed 1, 2, … in the
/// order of the goal's tiles there.
fn cut(puzzle: &Puzzle, goal: &Goal, rect: Rect) -> Result<Option<(Board, Goal)>, Error> {
    let shape = Shape::new(rect.width(), rect.height())?;
    let cells = cells_of(puzzle.w, rect);
    let tiles: Vec<u32> = cells.iter().map(|&c| u32::from(puzzle.tiles[c])).collect();
    let goal_tiles: Vec<u32> = cells.iter().map(|&c| goal.board().tile(c) as u32).collect();
    core_problem(shape, &tiles, &goal_tiles)
}

/// Plays the core's `path` (moves of the small board) on the puzzle and
/// appends it to `moves`; false if a move leaves the board.
fn play(puzzle: &mut Puzzle, path: &[Move], moves: &mut Vec<Move>) -> bool {
    for &mv in path {
        if !puzzle.play(mv) {
            return false;
        }
        moves.push(mv);
    }
    true
}

/// Finishes a 4×4 core optimally within the node limit and `deadline`:
/// `Ok(false)` (nothing played) when the search ran out.
pub(super) fn search_4x4(
    puzzle: &mut Puzzle,
    goal: &Goal,
    rect: Rect,
    options: &CoreOptions,
    deadline: Option<Instant>,
    moves: &mut Vec<Move>,
) -> Result<bool, Error> {
    let Some(max_nodes) = options.max_nodes else {
        return Ok(false);
    };
    let Some((board, small_goal)) = cut(puzzle, goal, rect)? else {
        return Ok(false);
    };
    let mut budget = Budget::default().with_max_nodes(Some(max_nodes));
    if let Some(deadline) = deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(false);
        }
        budget = budget.with_timeout(Some(left));
    }
    let carried = options
        .pdb_4x4()
        .and_then(|set| Some((set, Symmetry::onto(&small_goal, set.goal())?)));
    let path = match carried {
        Some((set, sym)) => {
            let solver = Solver::new(ida_star(HeuristicKind::Pdb)).with_pdb_set(Arc::clone(set));
            let there = sym.carry(&board, &small_goal, set.goal())?;
            match solve(&solver, &there, set.goal(), budget)? {
                Some(path) => Some(sym.carry_back(&board, &path).ok_or_else(|| stuck(goal))?),
                None => None,
            }
        }
        None => {
            let solver = Solver::new(ida_star(HeuristicKind::WalkingDistance));
            solve(&solver, &board, &small_goal, budget)?
        }
    };
    let Some(path) = path else {
        return Ok(false);
    };
    if !play(puzzle, &path, moves) {
        return Err(stuck(goal));
    }
    Ok(true)
}

fn ida_star(heuristic: HeuristicKind) -> SolverOptions {
    SolverOptions::default()
        .with_algorithm(Algorithm::IdaStar)
        .with_heuristic(heuristic)
}

/// The optimal path, or `None` when the budget ran out.
fn solve(solver: &Solver, board: &Board, goal: &Goal, budget: Budget) -> Result<Option<Vec<Move>>, Error> {
    let report = solver.solve_with(board, goal, budget, &Cancel::new())?;
    Ok(match report.outcome {
        Outcome::Solved(path) => Some(path.moves().to_vec()),
        _ => None,
    })
}

fn stuck(goal: &Goal) -> Error {
    Error::Unsupported {
        algorithm: "staged",
        shape: goal.shape(),
        reason: "the core could not be finished (a bug: please report the board)".into(),
    }
}

/// Finishes a core of at most 3×3 from the complete table (as the
/// constructive solver does).
pub(super) fn from_table(
    puzzle: &mut Puzzle,
    goal: &Goal,
    rect: Rect,
    tables: &TableCache,
    moves: &mut Vec<Move>,
) -> Result<(), Error> {
    let (small, small_goal) = cut(puzzle, goal, rect)?.ok_or_else(|| stuck(goal))?;
    let path = tables
        .get(&small_goal, Budget::default())?
        .path(&small, &small_goal)?
        .ok_or_else(|| stuck(goal))?;
    if !play(puzzle, &path, moves) {
        return Err(stuck(goal));
    }
    Ok(())
}

/// A symmetry of the 4×4 square: cell `(r, c)` goes to `(c, r)` if
/// transposed, then its row and column are flipped as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Symmetry {
    transpose: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Symmetry {
    const LAST: usize = SEARCHED_SIDE - 1;

    /// Every symmetry of the square.
    fn all() -> impl Iterator<Item = Symmetry> {
        (0..8).map(|i| Symmetry {
            transpose: i & 1 == 1,
            flip_rows: i & 2 == 2,
            flip_cols: i & 4 == 4,
        })
    }

    fn map(self, cell: usize) -> usize {
        let (mut r, mut c) = (cell / SEARCHED_SIDE, cell % SEARCHED_SIDE);
        if self.transpose {
            (r, c) = (c, r);
        }
        if self.flip_rows {
            r = Self::LAST - r;
        }
        if self.flip_cols {
            c = Self::LAST - c;
        }
        r * SEARCHED_SIDE + c
    }

    /// A symmetry taking the blank home of `from` onto that of `onto`
    /// (both 4×4 goals), if there is one.
    fn onto(from: &Goal, onto: &Goal) -> Option<Symmetry> {
        let (a, b) = (from.position_of(0), onto.position_of(0));
        Symmetry::all().find(|s| s.map(a) == b)
    }

    /// `board` carried by this symmetry onto `onto`'s goal: each tile
    /// takes the name of the tile `onto` holds on the cell where its home
    /// (in `goal`) goes, so `goal` carried the same way is `onto`.
    fn carry(self, board: &Board, goal: &Goal, onto: &Goal) -> Result<Board, Error> {
        let n = SEARCHED_SIDE * SEARCHED_SIDE;
        let mut name = vec![0u8; n];
        for cell in 0..n {
            name[goal.board().tile(cell)] = onto.board().tile(self.map(cell)) as u8;
        }
        let mut tiles = vec![0u8; n];
        for cell in 0..n {
            tiles[self.map(cell)] = name[board.tile(cell)];
        }
        Board::new(board.shape(), tiles)
    }

    /// The moves on the original board that move its blank as `path` moves
    /// the carried board's blank; `None` if a move leaves the board.
    fn carry_back(self, board: &Board, path: &[Move]) -> Option<Vec<Move>> {
        let shape = board.shape();
        let mut inverse = [0usize; SEARCHED_SIDE * SEARCHED_SIDE];
        for cell in 0..inverse.len() {
            inverse[self.map(cell)] = cell;
        }
        let mut there = self.map(board.blank());
        let mut here = board.blank();
        path.iter()
            .map(|&mv| {
                there = shape.step(there, mv)?;
                let next = inverse[there];
                let back = Move::ALL.into_iter().find(|&m| shape.step(here, m) == Some(next))?;
                here = next;
                Some(back)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::random_solvable;
    use rand::{Rng, SeedableRng};

    #[test]
    fn every_symmetry_carries_the_goal_onto_the_databases_and_moves_back() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        let shape = Shape::new(4, 4).unwrap();
        let onto = Goal::blank_first(shape);
        for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
            for sym in Symmetry::all().filter(|s| s.map(goal.position_of(0)) == 0) {
                assert_eq!(
                    Symmetry::onto(&goal, &onto).map(|s| s.map(goal.position_of(0))),
                    Some(0)
                );
                // The goal carried is the databases' goal.
                assert_eq!(sym.carry(goal.board(), &goal, &onto).unwrap(), *onto.board());
                // A walk there, carried back, does here what it did there.
                let board = random_solvable(&goal, &mut rng);
                let there = sym.carry(&board, &goal, &onto).unwrap();
                let mut walked = there.clone();
                let mut path = Vec::new();
                for _ in 0..40 {
                    let mv = Move::ALL[rng.random_range(0..4)];
                    if walked.try_apply(mv) {
                        path.push(mv);
                    }
                }
                let back = sym.carry_back(&board, &path).unwrap();
                let here = board.replay(&back).unwrap();
                assert_eq!(sym.carry(&here, &goal, &onto).unwrap(), walked, "{sym:?}");
            }
        }
    }
}
