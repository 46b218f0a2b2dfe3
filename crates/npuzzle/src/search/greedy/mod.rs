//! The constructive solver (`greedy`): good, not optimal, solutions for
//! boards of any size up to 1000×1000, in time linear in the moves it makes.
//!
//! After Parberry (Inf. Proc. Letters 56, 1995; Algorithms 8(3), 2015): the
//! unsolved part of the board is always a rectangle. While it is bigger than
//! 3×3, one of its edge lines — a row when it is at least as tall as wide,
//! else a column — is solved and locked, and the rectangle shrinks by that
//! line. The last rectangle (at most 3×3) is finished optimally: a 3×3 one
//! by IDA* (`last_square`) until a process has searched
//! [`SEARCHES_BEFORE_TABLE`] of them; after that, and a smaller one always,
//! from its complete table ([`table`](super::table)).
//!
//! - **Which edge**: of the edges across the longer side (all four while
//!   the rectangle is square), the one whose tiles are nearer home, never
//!   one holding the goal's blank cell (the blank must end in the last
//!   rectangle).
//! - **One tile** (`place`): each step takes the tile to a free neighbour
//!   nearer its home, the one whose front the blank reaches most cheaply;
//!   the blank walks straight where it can and searches breadth-first only
//!   around an obstacle, inside a small window. A step along a diagonal costs
//!   three moves and a straight one five, so the tile's way alternates axes
//!   while both shorten it.
//! - **The blank's walks do later work** (`grid`): every blank move slides
//!   one tile a cell. Where two steps shorten the walk equally (both axes
//!   still to go), the blank takes the one that slides its tile nearer that
//!   tile's home, looking one step further ahead on a tie; passing an
//!   obstacle, it goes round the side where more of the tiles it slides go
//!   nearer home. The walk is no longer, and the tiles still to place arrive
//!   nearer home on average: this cut the moves by a sixth (2.62 → 2.19 n³
//!   at n = 100).
//! - **A line**: tiles go home from either end of the unsolved stretch, the
//!   cheaper end first (a walled-in single cell can then never occur), until
//!   two cells are left; those are finished together inside a 2×3 block.
//!   A line needs at least three rows (or columns) of room, which the
//!   "longer side first" rule keeps until the rectangle is 3×3 or smaller.
//! - **Any goal**: homes are read from the goal; the last rectangle is
//!   relabelled into a small board for the last search. Unsolvable boards are
//!   caught by parity before a move is made.
//!
//! Memory is O(cells): one `u32` a cell (the home of the tile there, a lock
//! and a tracking flag: see the `grid` module) and two of breadth-first scratch. Moves
//! go to a [`MoveSink`] as they are made, so 1000×1000 (billions of moves)
//! never holds them.

mod grid;
mod place;
mod sink;
#[cfg(test)]
mod tests;

pub use sink::{MoveCount, MoveSink, ReplaySink, WriteSink};

/// Which solution an improvement started from (defined with the report that carries it).
pub use crate::solution::Start;

use self::grid::Grid;
use self::place::Stuck;
use super::last_square;
use super::table::TableCache;
use crate::board::{Board, Move, Shape};
use crate::error::Refusal;
use crate::goal::Goal;
use crate::parity::is_solvable;
use crate::solution::{Budget, BudgetClock, BudgetKind};
use crate::Error;

/// The largest rectangle finished optimally instead of line by line.
pub const CORE_SIDE: usize = 3;

/// Bytes the solver holds a cell: the grid's word and two words of
/// breadth-first scratch (see the `grid` module).
pub const BYTES_PER_CELL: u64 = 12;

/// How a constructive solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Finish {
    /// Solved with this many moves, all sent to the sink.
    Solved(u64),
    /// The parity invariant shows the goal cannot be reached (no move sent).
    Unsolvable,
    /// The time budget ran out (the moves sent so far do not solve the board).
    BudgetReached(BudgetKind),
}

/// Solves `board` for `goal`, sending every move to `sink` as it is made.
/// The time budget is checked between lines; `tables` keeps the tables that
/// finish last rectangles for later boards (see [`SEARCHES_BEFORE_TABLE`]
/// for a 3×3 one's).
///
/// ```
/// use npuzzle::search::greedy::{solve_into, Finish};
/// use npuzzle::search::table::TableCache;
/// use npuzzle::{Board, Budget, Goal, Move};
///
/// let goal = Goal::standard("12x9".parse()?);
/// let board = npuzzle::random::random_solvable(&goal, &mut rand::rng());
/// let mut moves: Vec<Move> = Vec::new();
/// let end = solve_into(&board, &goal, &TableCache::default(), Budget::default(), &mut moves)?;
/// assert_eq!(end, Finish::Solved(moves.len() as u64));
/// assert!(goal.is_reached_by(&board.replay(&moves)?));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn solve_into<S: MoveSink>(
    board: &Board,
    goal: &Goal,
    tables: &TableCache,
    budget: Budget,
    sink: &mut S,
) -> Result<Finish, Error> {
    solve_into_with(board, goal, tables, &BudgetClock::start(budget), sink)
}

/// [`solve_into`] under `clock`'s budget, and ending with
/// [`BudgetKind::Cancelled`] once the clock's [`Cancel`](crate::Cancel) is
/// raised (looked at between lines, each a few milliseconds on a 1000×1000
/// board).
///
/// ```
/// use npuzzle::search::greedy::{solve_into_with, Finish, MoveCount};
/// use npuzzle::search::table::TableCache;
/// use npuzzle::solution::BudgetClock;
/// use npuzzle::{Budget, BudgetKind, Cancel, Goal};
/// let goal = Goal::standard("100x100".parse()?);
/// let board = npuzzle::random::random_solvable(&goal, &mut rand::rng());
/// let cancel = Cancel::new();
/// cancel.cancel();
/// let clock = BudgetClock::start(Budget::default()).with_cancel(cancel);
/// let end = solve_into_with(&board, &goal, &TableCache::default(), &clock, &mut MoveCount::default())?;
/// assert_eq!(end, Finish::BudgetReached(BudgetKind::Cancelled));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn solve_into_with<S: MoveSink>(
    board: &Board,
    goal: &Goal,
    tables: &TableCache,
    clock: &BudgetClock,
    sink: &mut S,
) -> Result<Finish, Error> {
    goal.check_shape(board)?;
    if !is_solvable(board, goal) {
        return Ok(Finish::Unsolvable);
    }
    let budget = clock.budget();
    let stopped = || {
        if clock.cancel().is_some_and(|c| c.is_cancelled()) {
            Some(BudgetKind::Cancelled)
        } else {
            budget
                .timeout
                .filter(|&t| clock.elapsed() >= t)
                .map(|_| BudgetKind::Time)
        }
    };
    let shape = board.shape();
    let stuck = |s: Stuck| {
        Error::Refused(Refusal::Unsupported {
            algorithm: "greedy",
            shape,
            reason: format!(
                "the constructive solver got stuck at {} (a bug: please report the board)",
                s.0
            ),
        })
    };
    let (w, h) = (shape.width(), shape.height());
    let home = goal.homes();
    let mut grid = Grid::new(w, h, &board.wide_tiles(), home, sink);
    let blank_home = (home[0] as usize / w, home[0] as usize % w);
    let goal_tile = |c: usize| goal.board().tile(c) as u32;
    let (mut top, mut bottom, mut left, mut right) = (0, h, 0, w);
    let (mut cells, mut want, mut at) = (Vec::new(), Vec::new(), Vec::new());
    let mut edge_cells: [Vec<usize>; 4] = Default::default();
    while bottom - top > CORE_SIDE || right - left > CORE_SIDE {
        if let Some(kind) = stopped() {
            return Ok(Finish::BudgetReached(kind));
        }
        let (tall, wide) = (bottom - top, right - left);
        // Rows while the rectangle is at least as tall as wide, columns while
        // wider; both when square, so the cheaper edge of the four goes next.
        let edges = [
            (tall >= wide, top, 0),
            (tall >= wide, bottom - 1, 1),
            (wide >= tall, left, 2),
            (wide >= tall, right - 1, 3),
        ];
        let line_of = |which: usize, at: usize| -> Vec<usize> {
            if which < 2 {
                (left..right).map(|c| at * w + c).collect()
            } else {
                (top..bottom).map(|r| r * w + at).collect()
            }
        };
        let wanted = edges.map(|(ok, at, which)| ok && at != if which < 2 { blank_home.0 } else { blank_home.1 });
        grid.locate_edges((top, bottom, left, right), wanted, &mut edge_cells);
        // How far the edge's tiles are from home, and the blank from its middle.
        let cost = |line: &[usize], which: usize| -> usize {
            let far: usize = line
                .iter()
                .zip(&edge_cells[which])
                .map(|(&c, &p)| grid.dist(p, c))
                .sum();
            far + grid.dist(grid.blank, line[line.len() / 2])
        };
        let (line, which) = edges
            .into_iter()
            .filter(|&(_, _, which)| wanted[which])
            .map(|(_, at, which)| (line_of(which, at), which))
            .min_by_key(|(line, which)| cost(line, *which))
            .ok_or(stuck(Stuck("no edge to solve")))?;
        let inward = match which {
            0 => w as isize,
            1 => -(w as isize),
            2 => 1,
            _ => -1,
        };
        cells.clear();
        cells.extend_from_slice(&line);
        want.clear();
        want.extend(cells.iter().map(|&c| goal_tile(c)));
        at.clear();
        at.extend_from_slice(&edge_cells[which]);
        grid.track_line(&cells, &at);
        grid.solve_line(&cells, &want, inward).map_err(stuck)?;
        grid.untrack_line(&cells);
        match which {
            0 => top += 1,
            1 => bottom -= 1,
            2 => left += 1,
            _ => right -= 1,
        }
    }
    // A last rectangle's table, when one is built (see `core_path`), is built
    // within what is left of the time budget and within the memory budget;
    // the node budget counts search nodes, which this solver has none of.
    let table_budget = Budget::default()
        .with_timeout(budget.timeout.map(|t| t.saturating_sub(clock.elapsed())))
        .with_max_memory(budget.max_memory);
    match finish_core(&mut grid, goal, tables, table_budget, (top, bottom, left, right)) {
        Ok(()) => Ok(Finish::Solved(grid.moves)),
        Err(CoreError::Stuck(s)) => Err(stuck(s)),
        Err(CoreError::Table(Error::Refused(Refusal::BuildBudget { kind, .. }))) => Ok(Finish::BudgetReached(kind)),
        Err(CoreError::Table(e)) => Err(e),
    }
}

/// The small board and goal of a core rectangle of `shape` whose cells hold
/// `tiles` now and `goal_tiles` at the goal (both row-major): the goal's
/// tiles renamed `1, 2, …` in their order there, the blank kept as 0.
/// `None` when the core does not hold the goal's tiles.
pub(crate) fn core_problem(shape: Shape, tiles: &[u32], goal_tiles: &[u32]) -> Result<Option<(Board, Goal)>, Error> {
    let mut next = 0u8;
    let labels: Vec<u8> = goal_tiles
        .iter()
        .map(|&t| {
            if t == 0 {
                0
            } else {
                next += 1;
                next
            }
        })
        .collect();
    let label = |t: u32| goal_tiles.iter().position(|&g| g == t).map(|i| labels[i]);
    let Some(board_labels) = tiles.iter().map(|&t| label(t)).collect::<Option<Vec<u8>>>() else {
        return Ok(None);
    };
    let goal = Goal::new(Board::new(shape, labels)?);
    Ok(Some((Board::new(shape, board_labels)?, goal)))
}

/// Last 3×3 rectangles a [`TableCache`] sees finished by IDA* before it
/// builds their complete table: a search takes about 60 µs on average, the
/// build 7–8 ms, so a process that solves many boards builds it once the
/// searches have cost about as much, and one that solves a few never does.
pub const SEARCHES_BEFORE_TABLE: u32 = 100;

/// A shortest path on a core rectangle, or `None` if its goal cannot be
/// reached: from the complete table for `goal` if held, else, on a 3×3
/// one, by IDA* (see `last_square`) until [`SEARCHES_BEFORE_TABLE`], else
/// from the table built now within `budget` (a 3×3 one is searched when
/// the budget refuses the build).
pub(crate) fn core_path(
    board: &Board,
    goal: &Goal,
    tables: &TableCache,
    budget: Budget,
) -> Result<Option<Vec<Move>>, Error> {
    let square = last_square::serves(goal.shape());
    if square && tables.cached(goal).is_none() && tables.count_search() < SEARCHES_BEFORE_TABLE {
        return last_square::shortest_path(board, goal);
    }
    match tables.get(goal, budget) {
        Ok(table) => table.path(board, goal),
        Err(Error::Refused(Refusal::BuildBudget { .. })) if square => last_square::shortest_path(board, goal),
        Err(e) => Err(e),
    }
}

enum CoreError {
    Stuck(Stuck),
    Table(Error),
}

/// Solves the last rectangle optimally: its cells become a small board whose
/// tiles are renamed in the order of the goal's tiles there, solved by
/// [`core_path`].
fn finish_core<S: MoveSink>(
    grid: &mut Grid<'_, S>,
    goal: &Goal,
    tables: &TableCache,
    budget: Budget,
    (top, bottom, left, right): (usize, usize, usize, usize),
) -> Result<(), CoreError> {
    let w = grid.w;
    let shape = Shape::new(right - left, bottom - top).map_err(CoreError::Table)?;
    let cells: Vec<usize> = (top..bottom)
        .flat_map(|r| (left..right).map(move |c| r * w + c))
        .collect();
    let goal_tiles: Vec<u32> = cells.iter().map(|&c| goal.board().tile(c) as u32).collect();
    let tiles: Vec<u32> = cells
        .iter()
        .map(|&c| goal.board().tile(grid.home_of(c)) as u32)
        .collect();
    let (small, small_goal) = core_problem(shape, &tiles, &goal_tiles)
        .map_err(CoreError::Table)?
        .ok_or(CoreError::Stuck(Stuck("core")))?;
    let path = core_path(&small, &small_goal, tables, budget)
        .map_err(CoreError::Table)?
        .ok_or(CoreError::Stuck(Stuck("core")))?;
    for mv in path {
        if !grid.play(mv) {
            return Err(CoreError::Stuck(Stuck("core")));
        }
    }
    Ok(())
}
