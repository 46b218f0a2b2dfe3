//! The last rectangle of a staged solve, finished by a search.
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
//! A 5×5 core is finished the same way when 5×5 databases are given, by
//! weighted IDA* ([`weighted`](crate::search::weighted): at most
//! [`CoreOptions::weight_eighths`]` / 8` times the fewest moves, going on
//! [`CoreOptions::then_nodes`] after each path for a shorter one) under its
//! own node limit; without them, or past the limit, its lines are placed
//! as before down to the 4×4 core.
//! A 5×5 board is a core as a whole: its searches in the two directions
//! (see `reverse`) take turns ([`weighted_5x5_in_turns`]).
//!
//! **Databases of another goal.** The databases are built for one goal
//! (blank first, usually), while the core's goal has its blank where the
//! board's goal has it; a [`Symmetry`] of the square carries the one onto
//! the other when the core's blank home is in a corner. A core whose blank
//! home is not in a corner (random goals) has no such symmetry and is
//! searched with walking distance (4×4) or not at all (5×5).

use crate::time::Instant;
use std::sync::Arc;

use super::subgoal::{Puzzle, Rect};
use super::symmetry::Symmetry;
use super::weighted::{Race, Weighted, WEIGHT_ONE};
use crate::board::{Board, Move, Shape};
use crate::error::Refusal;
use crate::goal::Goal;
use crate::heuristic::pdb::{run_fixed_dual, run_fixed_set, PdbSet};
use crate::heuristic::HeuristicKind;
use crate::search::greedy::{core_path, core_problem};
use crate::search::table::TableCache;
use crate::search::{Algorithm, Solver, SolverOptions};
use crate::solution::{Budget, Cancel, Outcome};
use crate::Error;

/// The side of the core searched optimally.
pub const SEARCHED_SIDE: usize = 4;

/// The side of the core searched by weighted IDA* when databases are given.
pub const WEIGHTED_SIDE: usize = 5;

/// The default node limit of one 4×4 core search.
pub const DEFAULT_CORE_NODES: u64 = 2_000_000;

/// The default node limit of one weighted 5×5 core search.
pub const DEFAULT_WEIGHTED_NODES: u64 = 1_000_000;

/// The default weight of the 5×5 core search, in eighths (1.5).
pub const DEFAULT_WEIGHT_EIGHTHS: u32 = 12;

/// The default nodes a weighted 5×5 core search goes on expanding after
/// each path it finds, for a shorter one. On 6×6 (20 random boards, the
/// four whole-line plans, staged only, weight 1.5) the best start was 1.684
/// times the linear-conflict bound when stopping at the first path, 1.653
/// going on 30,000 nodes and 1.639 going on 100,000 (0.09, 0.13 and 0.22 s
/// of core searches per board).
pub const DEFAULT_THEN_NODES: u64 = 100_000;

/// How a staged solve finishes its core.
///
/// ```
/// use npuzzle::search::staged::CoreOptions;
/// let off = CoreOptions::default().with_max_nodes(None);
/// assert_eq!(off.max_nodes, None);
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct CoreOptions {
    /// Pattern databases of square goals: a 4×4 set for the optimal 4×4
    /// finish, a 5×5 set for the weighted 5×5 one, each read when the
    /// core's goal maps onto theirs (see the module documentation).
    pub pdbs: Vec<Arc<PdbSet>>,
    /// Expanded nodes one 4×4 core search may take before the staged solve
    /// goes on down to 3×3 instead; `None`: 4×4 cores are never searched.
    pub max_nodes: Option<u64>,
    /// Expanded nodes one weighted 5×5 core search may take before the
    /// staged solve places lines down to 4×4; `None`: never searched.
    pub weighted_nodes: Option<u64>,
    /// The weight of the 5×5 search in eighths: 8 is optimal, 12 at most
    /// 1.5 times the fewest moves, 16 twice.
    pub weight_eighths: u32,
    /// Nodes the 5×5 search goes on expanding after each path it finds,
    /// for a shorter one (within `weighted_nodes`); 0: the first path found.
    pub then_nodes: u64,
}

impl Default for CoreOptions {
    fn default() -> Self {
        CoreOptions {
            pdbs: Vec::new(),
            max_nodes: Some(DEFAULT_CORE_NODES),
            weighted_nodes: Some(DEFAULT_WEIGHTED_NODES),
            weight_eighths: DEFAULT_WEIGHT_EIGHTHS,
            then_nodes: DEFAULT_THEN_NODES,
        }
    }
}

impl CoreOptions {
    /// These options also reading the databases `pdb` (of a 4×4 or 5×5
    /// goal; others are never read), if given.
    pub fn with_pdb(mut self, pdb: Option<Arc<PdbSet>>) -> CoreOptions {
        self.pdbs.extend(pdb);
        self
    }

    /// These options with a node limit per 4×4 core search (`None`: no search).
    pub fn with_max_nodes(mut self, max_nodes: Option<u64>) -> CoreOptions {
        self.max_nodes = max_nodes;
        self
    }

    /// These options with a node limit per weighted 5×5 core search
    /// (`None`: no search) and its weight in eighths (at least 8).
    pub fn with_weighted(mut self, max_nodes: Option<u64>, weight_eighths: u32) -> CoreOptions {
        self.weighted_nodes = max_nodes;
        self.weight_eighths = weight_eighths.max(WEIGHT_ONE);
        self
    }

    /// These options with the nodes the 5×5 search goes on expanding after
    /// each path it finds (0: it stops at the first).
    pub fn with_then_nodes(mut self, then_nodes: u64) -> CoreOptions {
        self.then_nodes = then_nodes;
        self
    }

    /// The databases given for a square goal of `side`, if any.
    pub(super) fn pdb_of_side(&self, side: usize) -> Option<&Arc<PdbSet>> {
        self.pdbs
            .iter()
            .find(|set| set.goal().shape().width() == side && set.goal().shape().height() == side)
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

/// Finishes a 4×4 core optimally, or a 5×5 one within the weight, under
/// the node limit and `deadline`: `Ok(false)` (nothing played) when the
/// rectangle is neither, the search is off or it ran out.
pub(super) fn search(
    puzzle: &mut Puzzle,
    goal: &Goal,
    rect: Rect,
    options: &CoreOptions,
    deadline: Option<Instant>,
    moves: &mut Vec<Move>,
) -> Result<bool, Error> {
    let path = match (rect.width(), rect.height()) {
        (SEARCHED_SIDE, SEARCHED_SIDE) => optimal_4x4(puzzle, goal, rect, options, deadline)?,
        (WEIGHTED_SIDE, WEIGHTED_SIDE) => match options.weighted_nodes {
            Some(max_nodes) => {
                let ask = Ask {
                    weight_eighths: options.weight_eighths,
                    max_nodes,
                    shorter_than: u32::MAX,
                    then_nodes: options.then_nodes,
                    deadline,
                };
                weighted_5x5(puzzle, goal, rect, options, ask)?
            }
            None => None,
        },
        _ => None,
    };
    let Some(path) = path else {
        return Ok(false);
    };
    if !play(puzzle, &path, moves) {
        return Err(stuck(goal));
    }
    Ok(true)
}

/// The time left before `deadline`, `Some(zero)` when it has passed.
fn time_left(deadline: Option<Instant>) -> Option<std::time::Duration> {
    deadline.map(|d| d.saturating_duration_since(Instant::now()))
}

/// An optimal path finishing a 4×4 core, if found within the node limit
/// and `deadline`.
fn optimal_4x4(
    puzzle: &Puzzle,
    goal: &Goal,
    rect: Rect,
    options: &CoreOptions,
    deadline: Option<Instant>,
) -> Result<Option<Vec<Move>>, Error> {
    let left = time_left(deadline);
    let (Some(max_nodes), false) = (options.max_nodes, left.is_some_and(|l| l.is_zero())) else {
        return Ok(None);
    };
    let Some((board, small_goal)) = cut(puzzle, goal, rect)? else {
        return Ok(None);
    };
    let budget = Budget::default().with_max_nodes(Some(max_nodes)).with_timeout(left);
    let carried = options
        .pdb_of_side(SEARCHED_SIDE)
        .and_then(|set| Some((set, Symmetry::onto(&small_goal, set.goal())?)));
    let Some((set, sym)) = carried else {
        let solver = Solver::new(ida_star(HeuristicKind::WalkingDistance));
        return solve(&solver, &board, &small_goal, budget);
    };
    let there = sym.carry(&board, &small_goal, set.goal())?;
    let solver = Solver::new(ida_star(HeuristicKind::Pdb)).with_pdb_set(Arc::clone(set));
    match solve(&solver, &there, set.goal(), budget)? {
        Some(path) => Ok(Some(sym.carry_back(&board, &path).ok_or_else(|| stuck(goal))?)),
        None => Ok(None),
    }
}

/// What one weighted 5×5 search is asked.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ask {
    /// The weight, in eighths.
    pub(super) weight_eighths: u32,
    pub(super) max_nodes: u64,
    /// Only a path shorter than this is wanted.
    pub(super) shorter_than: u32,
    /// Nodes to go on expanding after each path found, for a shorter one.
    pub(super) then_nodes: u64,
    pub(super) deadline: Option<Instant>,
}

/// A path finishing a 5×5 core within the weight asked (not played), if
/// the 5×5 databases fit its goal and the search finds one within its
/// limits.
pub(super) fn weighted_5x5(
    puzzle: &Puzzle,
    goal: &Goal,
    rect: Rect,
    options: &CoreOptions,
    ask: Ask,
) -> Result<Option<Vec<Move>>, Error> {
    let Some(set) = options.pdb_of_side(WEIGHTED_SIDE) else {
        return Ok(None);
    };
    let Some(Carried { search, back }) = carry(puzzle, goal, rect, set, ask)? else {
        return Ok(None);
    };
    let path = run_fixed_set::<{ WEIGHTED_SIDE * WEIGHTED_SIDE }, _>(set, search)?;
    back.path(path, goal).transpose()
}

/// Whole 5×5 boards, each with its goal, searched as [`weighted_5x5`]
/// searches a core but taking turns of `slice` nodes (see
/// [`turns`](crate::search::turns)) until the first path found ends them,
/// and reading the databases' dual lookups too, as `solve --within` does
/// (on Korf & Felner's 24-puzzles at 100 ms, as short on average as the
/// board's lookups alone and never longer than 1.52 times the shortest,
/// against 1.54; see `bench/RESULTS-realtime.md`): what each found, in
/// order.
pub(super) fn weighted_5x5_in_turns(
    problems: &[(&Board, &Goal)],
    options: &CoreOptions,
    ask: Ask,
    slice: u64,
) -> Result<Vec<Option<Vec<Move>>>, Error> {
    let Some(set) = options.pdb_of_side(WEIGHTED_SIDE) else {
        return Ok(vec![None; problems.len()]);
    };
    let (mut searches, mut backs) = (Vec::new(), Vec::new());
    for &(board, goal) in problems {
        let rect = Rect::whole(board.shape().width(), board.shape().height());
        let carried = carry(&Puzzle::of(board, goal), goal, rect, set, ask)?;
        backs.push(carried.map(|Carried { search, back }| {
            searches.push(search);
            back
        }));
    }
    let race = Race { searches, slice };
    let mut paths = run_fixed_dual::<{ WEIGHTED_SIDE * WEIGHTED_SIDE }, _>(set, race)?.into_iter();
    let mut found = Vec::new();
    for (back, &(_, goal)) in backs.iter().zip(problems) {
        found.push(match back {
            Some(back) => back.path(paths.next().flatten(), goal).transpose()?,
            None => None,
        });
    }
    Ok(found)
}

/// A core's weighted search on the databases' goal, and how to carry its
/// path back.
struct Carried {
    search: Weighted,
    back: CarryBack,
}

/// The symmetry that carried a core onto the databases' goal, and the core.
struct CarryBack {
    symmetry: Symmetry,
    board: Board,
}

impl CarryBack {
    /// `path`, found on the databases' goal, as moves of the core.
    fn path(&self, path: Option<Vec<Move>>, goal: &Goal) -> Option<Result<Vec<Move>, Error>> {
        let path = path?;
        Some(self.symmetry.carry_back(&self.board, &path).ok_or_else(|| stuck(goal)))
    }
}

/// The search of the core `rect`, carried onto the databases' goal, if it
/// has a symmetry onto it and time is left.
fn carry(puzzle: &Puzzle, goal: &Goal, rect: Rect, set: &PdbSet, ask: Ask) -> Result<Option<Carried>, Error> {
    if time_left(ask.deadline).is_some_and(|l| l.is_zero()) {
        return Ok(None);
    }
    let Some((board, small_goal)) = cut(puzzle, goal, rect)? else {
        return Ok(None);
    };
    let Some(symmetry) = Symmetry::onto(&small_goal, set.goal()) else {
        return Ok(None);
    };
    let there = symmetry.carry(&board, &small_goal, set.goal())?;
    let search = Weighted {
        tiles: there.tiles().to_vec(),
        goal: set.goal().board().tiles().to_vec(),
        width: WEIGHTED_SIDE,
        weight_eighths: ask.weight_eighths,
        shorter_than: ask.shorter_than,
        max_nodes: ask.max_nodes,
        then_nodes: ask.then_nodes,
        deadline: ask.deadline,
    };
    Ok(Some(Carried {
        search,
        back: CarryBack { symmetry, board },
    }))
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
    Error::Refused(Refusal::Unsupported {
        algorithm: "staged",
        shape: goal.shape(),
        reason: "the core could not be finished (a bug: please report the board)".into(),
    })
}

/// Finishes a core of at most 3×3 as the constructive solver does (see
/// [`core_path`]).
pub(super) fn from_table(
    puzzle: &mut Puzzle,
    goal: &Goal,
    rect: Rect,
    tables: &TableCache,
    moves: &mut Vec<Move>,
) -> Result<(), Error> {
    let (small, small_goal) = cut(puzzle, goal, rect)?.ok_or_else(|| stuck(goal))?;
    let path = core_path(&small, &small_goal, tables, Budget::default())?.ok_or_else(|| stuck(goal))?;
    if !play(puzzle, &path, moves) {
        return Err(stuck(goal));
    }
    Ok(())
}
