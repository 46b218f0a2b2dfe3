//! Realm 3: a complete move table, built once by breadth-first search from
//! the goal over the whole solvable space; every query then only follows it.
//!
//! Each of the N!/2 boards that reach the goal gets 2 bits: the move of the
//! blank that goes one step closer to the goal. A query applies the stored
//! move and re-indexes the board until it is the goal, so an answer of d
//! moves costs d lookups. States are indexed like
//! [`BoardIndexer`](crate::rank::BoardIndexer) (blank cell × (N-1)!/2 + half
//! rank of the other tiles), so a horizontal move changes the index by exactly
//! (N-1)!/2 and only vertical moves need a re-rank.
//!
//! One table serves many goals. Renaming the tiles turns any goal into the
//! *canonical* goal with the blank on the same cell (tiles 1, 2, … in
//! row-major order around it), and a reflection or rotation of the board moves
//! the blank onto a chosen cell of its symmetry class. So a 3×3 board needs at
//! most three tables (blank in a corner, on an edge, in the centre), whatever
//! the goals.
//!
//! During the build every state holds 4 bits (a visited flag and the move) so
//! that checking and marking a state touch one cache line; the flags are
//! dropped at the end. The frontier is a queue of packed `u64` boards in
//! fixed-size chunks that are recycled as the layer is consumed, so nothing is
//! allocated per state and the peak is close to two layers.
//!
//! ```
//! use npuzzle::search::table::Table;
//! use npuzzle::{Board, Budget, Goal};
//!
//! let goal = Goal::standard("3x3".parse()?);
//! let table = Table::build(&goal, Budget::default(), |_| {})?;
//! assert_eq!(table.diameter(), 31);
//! assert_eq!(table.layer_counts().iter().sum::<u64>(), 181_440);
//! let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
//! let path = table.path(&board, &goal)?.expect("solvable");
//! assert_eq!(path.len(), 31);
//! assert!(goal.is_reached_by(&board.replay(&path)?));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use crate::time::Instant;
use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use super::problem::{Found, Problem};
use crate::board::{Board, Move, Shape};
use crate::error::{InternalError, Refusal};
use crate::geometry::Neighbours;
use crate::goal::Goal;
use crate::solution::{Budget, BudgetClock, BudgetKind, Outcome, Solution, Stats};
use crate::Error;

/// Most cells a table can cover: 12 (3×4, 2×6), 239,500,800 states.
pub const MAX_TABLE_CELLS: usize = 12;

const ALGORITHM: &str = "table";
const WHAT: &str = "move table";
/// Move code for "no parent" (the goal itself).
const NO_MOVE: u64 = 4;
/// Build-time mark: the state has been reached.
const VISITED: u8 = 0b100;
/// Packed frontier entry: tiles in the low 48 bits, blank cell at 56, the
/// move back to the parent at 60.
const TILE_BITS: u64 = (1 << 48) - 1;
const BLANK_SHIFT: u32 = 56;
const BACK_SHIFT: u32 = 60;
/// Frontier chunk length: 512 KiB of states.
const CHUNK: usize = 1 << 16;
const OPPOSITE: [u8; 4] = [1, 0, 3, 2];
const NIBBLE_ONES: u64 = 0x1111_1111_1111_1111;

/// Runs `$body` with `$k` bound to the number of tiles as a constant, so the
/// rank loops are unrolled; `$other` for a count no shape of at most
/// [`MAX_TABLE_CELLS`] cells has.
macro_rules! with_tile_count {
    ($count:expr, $k:ident => $body:expr, $other:expr) => {
        match $count {
            3 => {
                const $k: usize = 3;
                $body
            }
            5 => {
                const $k: usize = 5;
                $body
            }
            7 => {
                const $k: usize = 7;
                $body
            }
            8 => {
                const $k: usize = 8;
                $body
            }
            9 => {
                const $k: usize = 9;
                $body
            }
            11 => {
                const $k: usize = 11;
                $body
            }
            _ => $other,
        }
    };
}

mod build;
mod cache;
mod symmetry;
#[cfg(test)]
mod tests;

use build::*;
pub(crate) use build::{layer_at, too_big};
pub use cache::TableCache;
use symmetry::*;

const FACT: [u64; MAX_TABLE_CELLS] = {
    let mut t = [1u64; MAX_TABLE_CELLS];
    let mut i = 1;
    while i < MAX_TABLE_CELLS {
        t[i] = t[i - 1] * i as u64;
        i += 1;
    }
    t
};

/// How far a build has come, passed to the progress callback of
/// [`Table::build`] after every 65,536 states expanded and at the end of
/// each layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The distance of the layer being expanded.
    pub distance: u32,
    /// States reached so far.
    pub visited: u64,
    /// States in the whole table (N!/2).
    pub total: u64,
}

/// The complete move table of one canonical goal; see the [module
/// documentation](self).
pub struct Table {
    geometry: Geometry,
    goal: Goal,
    /// The canonical goal's blank cell.
    blank: usize,
    /// `moves[i / 32] >> (2 * (i % 32)) & 3`: the move index (`u d l r`) for state `i`.
    moves: Vec<u64>,
    layers: Vec<u64>,
    /// For each goal blank cell the table serves, a symmetry taking it to `blank`.
    to_canonical: [Option<Symmetry>; MAX_TABLE_CELLS],
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("shape", &self.geometry.shape)
            .field("goal", &self.goal.to_string())
            .field("states", &self.states())
            .field("diameter", &self.diameter())
            .finish()
    }
}

impl Table {
    /// Builds the table that serves `goal` (and every goal with the blank on
    /// the same cell or a symmetric one), calling `progress` as it goes.
    ///
    /// Fails with [`Refusal::Unsupported`] for boards of more than
    /// [`MAX_TABLE_CELLS`] cells and with [`Refusal::BuildBudget`] when the
    /// budget's memory, time or node limit would be passed; memory is checked
    /// before each allocation.
    pub fn build(goal: &Goal, budget: Budget, mut progress: impl FnMut(Progress)) -> Result<Table, Error> {
        let shape = goal.shape();
        let geometry = Geometry::new(shape)?;
        let blank = representative(shape, goal.position_of(0));
        let canonical = canonical_goal(shape, blank);
        let moves_bytes = moves_words(geometry.states) as u64 * 8;
        let bfs = breadth_first(
            &geometry,
            canonical.board().tiles(),
            budget,
            moves_bytes,
            &mut progress,
            |_, _| ControlFlow::Continue(()),
        )?;
        // Both arrays exist at once while the flags are dropped; the check above counted both.
        let mut moves = vec![0u64; moves_words(geometry.states)];
        for (word, marks) in moves.iter_mut().zip(bfs.marks.chunks(16)) {
            let mut w = 0u64;
            for (j, &pair) in marks.iter().enumerate() {
                w |= u64::from(pair & 3) << (4 * j) | u64::from((pair >> 4) & 3) << (4 * j + 2);
            }
            *word = w;
        }
        let mut to_canonical = [None; MAX_TABLE_CELLS];
        for sym in symmetries(shape) {
            for (cell, slot) in to_canonical.iter_mut().enumerate().take(shape.cells()) {
                if slot.is_none() && usize::from(sym.cell[cell]) == blank {
                    *slot = Some(sym);
                }
            }
        }
        Ok(Table {
            geometry,
            goal: canonical,
            blank,
            moves,
            layers: bfs.layers,
            to_canonical,
        })
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.geometry.shape
    }

    /// The canonical goal the table was built from: tiles 1, 2, … in
    /// row-major order, the blank on a representative cell of its symmetry class.
    pub fn goal(&self) -> &Goal {
        &self.goal
    }

    /// Whether the table answers queries for `goal`: same shape, and the goal's
    /// blank on the table's cell or a symmetric one.
    ///
    /// ```
    /// use npuzzle::{search::table::Table, Budget, Goal, Shape};
    /// let shape = Shape::new(3, 2)?;
    /// let table = Table::build(&Goal::standard(shape), Budget::default(), |_| {})?;
    /// assert!(table.serves(&Goal::blank_first(shape))); // another corner
    /// assert!(!table.serves(&Goal::parse("1 x 2 3 4 5", shape)?)); // an edge
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn serves(&self, goal: &Goal) -> bool {
        goal.shape() == self.shape() && self.to_canonical[goal.position_of(0)].is_some()
    }

    /// Number of states: N!/2, the boards that can reach the goal.
    pub fn states(&self) -> u64 {
        self.geometry.states
    }

    /// How many boards are at each distance from the goal, from 0 to the diameter.
    pub fn layer_counts(&self) -> &[u64] {
        &self.layers
    }

    /// The largest distance from the goal: the most moves any query can need.
    pub fn diameter(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> u64 {
        self.moves.len() as u64 * 8
    }

    /// An optimal path from `board` to `goal`, or `None` if the goal cannot be
    /// reached. Errors if the table does not [serve](Table::serves) `goal`.
    pub fn path(&self, board: &Board, goal: &Goal) -> Result<Option<Vec<Move>>, Error> {
        goal.check_shape(board)?;
        let mut moves = Vec::new();
        let found = self.walk(board.tiles(), goal.board().tiles(), |mv| moves.push(mv))?;
        Ok(found.map(|_| moves))
    }

    /// The number of moves from `board` to `goal`, or `None` if the goal cannot
    /// be reached. Errors if the table does not [serve](Table::serves) `goal`.
    ///
    /// ```
    /// use npuzzle::{search::table::Table, Board, Budget, Goal};
    /// let goal = Goal::standard("3x3".parse()?);
    /// let table = Table::build(&goal, Budget::default(), |_| {})?;
    /// let other = Goal::parse("x 1 2 3 4 5 6 7 8", goal.shape())?;
    /// let board: Board = "1 2 3 4 5 6 7 8 x".parse()?;
    /// assert_eq!(table.distance(&board, &other)?, Some(22));
    /// assert_eq!(table.distance(&"2 1 3 4 5 6 7 8 x".parse()?, &goal)?, None);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn distance(&self, board: &Board, goal: &Goal) -> Result<Option<u32>, Error> {
        goal.check_shape(board)?;
        self.walk(board.tiles(), goal.board().tiles(), |_| {})
    }

    /// The query loop on raw tiles (row-major, 0 = blank): follows the table
    /// from `tiles` to `goal`, calling `visit` with each move, and returns the
    /// distance, or `None` if `goal` cannot be reached. Both are checked to be
    /// boards of this shape; nothing is allocated.
    ///
    /// ```
    /// use npuzzle::{search::table::Table, Budget, Goal};
    /// let goal = Goal::standard("3x3".parse()?);
    /// let table = Table::build(&goal, Budget::default(), |_| {})?;
    /// let mut path = String::new();
    /// let d = table.walk(&[1, 2, 3, 4, 5, 6, 0, 7, 8], goal.board().tiles(), |m| path.push(m.as_char()))?;
    /// assert_eq!((d, path.as_str()), (Some(2), "rr"));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn walk(&self, tiles: &[u8], goal: &[u8], visit: impl FnMut(Move)) -> Result<Option<u32>, Error> {
        let g = &self.geometry;
        let n = g.shape.cells();
        check_tiles(g.shape, tiles)?;
        check_tiles(g.shape, goal)?;
        let goal_blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
        let sym = self.to_canonical[goal_blank].ok_or_else(|| {
            Error::Refused(Refusal::Unsupported {
                algorithm: ALGORITHM,
                shape: g.shape,
                reason: format!(
                    "this table serves goals with the blank on cell {} or a symmetric cell, not on cell {}",
                    self.blank + 1,
                    goal_blank + 1
                ),
            })
        })?;
        // Rename tiles so that the goal, moved by `sym`, becomes the canonical goal.
        let mut rename = [0u8; MAX_TABLE_CELLS];
        for (p, &t) in goal.iter().enumerate() {
            rename[usize::from(t)] = canonical_tile(usize::from(sym.cell[p]), self.blank);
        }
        let mut packed = 0u64;
        let mut blank = 0;
        for (p, &t) in tiles.iter().enumerate() {
            let q = usize::from(sym.cell[p]);
            packed |= u64::from(rename[usize::from(t)]) << (4 * q);
            if t == 0 {
                blank = q;
            }
        }
        with_tile_count!(n - 1, K => self.follow::<K>(packed, blank, sym, visit), Err(unsupported_size(g.shape)))
    }
}

impl Table {
    /// The walk proper, on renamed and moved tiles, for boards of `K` tiles.
    #[inline(always)]
    fn follow<const K: usize>(
        &self,
        mut packed: u64,
        mut blank: usize,
        sym: Symmetry,
        mut visit: impl FnMut(Move),
    ) -> Result<Option<u32>, Error> {
        let g = &self.geometry;
        let (rank, odd) = rank_and_parity::<K>(packed, blank);
        if odd != self.odd_at(blank) {
            return Ok(None);
        }
        let goal_index = self.blank as u64 * g.per_blank;
        let mut index = blank as u64 * g.per_blank + rank;
        let mut steps = 0u32;
        while index != goal_index {
            let m = ((self.moves[(index >> 5) as usize] >> ((index & 31) * 2)) & 3) as usize;
            let to = match g.neighbours.get(blank, Move::ALL[m]) {
                Some(to) if steps <= self.diameter() => to,
                _ => return Err(Error::Internal(InternalError::ReplayMismatch { algorithm: ALGORITHM })),
            };
            packed = crate::packed::slide(packed, blank, to);
            index = match m {
                // Left and right keep the order of the tiles: only the blank's cell changes.
                2 => index - g.per_blank,
                3 => index + g.per_blank,
                _ => to as u64 * g.per_blank + half_rank::<K>(packed, to),
            };
            blank = to;
            visit(sym.back[m]);
            steps += 1;
        }
        Ok(Some(steps))
    }

    /// Whether the tiles' order is odd on the boards that reach the canonical
    /// goal with the blank on `cell` (its own order is even); see [`crate::parity`].
    fn odd_at(&self, cell: usize) -> bool {
        let w = self.shape().width();
        w % 2 == 0 && (cell / w).abs_diff(self.blank / w) % 2 == 1
    }
}

/// The search as the registry runs it: [`search`] with the solver's tables,
/// or in the multi-tile metric a walk down the goal's complete multi-tile
/// distances ([`MtmTable::slides`](crate::search::mtm_table::MtmTable::slides)).
pub(crate) fn solve(problem: Problem<'_>) -> Result<Found, Error> {
    if problem.solver.options().metric == crate::Metric::Mtm {
        return search_mtm(problem).map(Found::from);
    }
    search(problem.board, problem.goal, &problem.solver.tables, problem.clock).map(Found::from)
}

/// The multi-tile table's walk from the board: each slide one move, its
/// cells the solution's single moves.
fn search_mtm(problem: Problem<'_>) -> Result<(Outcome, Stats), Error> {
    let budget = problem.clock.budget();
    let table = match problem.solver.mtm_table_within_budget(problem.goal, budget)? {
        Ok(t) => t,
        Err(kind) => return Ok((Outcome::BudgetReached(kind), Stats::default())),
    };
    let slides = table.slides(problem.board)?;
    let walked = slides.as_ref().map_or(0, |s| s.len() as u64);
    let stats = Stats {
        expanded: walked,
        generated: walked,
        peak_states: table.states(),
        peak_bytes: table.bytes(),
        ..Stats::default()
    };
    let outcome = match slides {
        Some(slides) => Outcome::Solved(Solution::new(slides.into_iter().flat_map(|s| s.moves()).collect())),
        None => Outcome::Unsolvable,
    };
    Ok((outcome, stats))
}

/// Solver entry point: the cached table for `goal`, then one walk.
pub(crate) fn search(
    board: &Board,
    goal: &Goal,
    tables: &TableCache,
    clock: &BudgetClock,
) -> Result<(Outcome, Stats), Error> {
    let budget = clock.budget();
    let table = match tables.get(goal, budget) {
        Ok(t) => t,
        Err(Error::Refused(Refusal::BuildBudget { kind, .. })) => {
            return Ok((Outcome::BudgetReached(kind), Stats::default()))
        }
        Err(e) => return Err(e),
    };
    let mut moves = Vec::new();
    let found = table.walk(board.tiles(), goal.board().tiles(), |m| moves.push(m))?;
    let stats = Stats {
        expanded: moves.len() as u64,
        generated: moves.len() as u64,
        peak_states: table.states(),
        peak_bytes: table.bytes(),
        ..Stats::default()
    };
    let outcome = match found {
        Some(_) => Outcome::Solved(Solution::new(moves)),
        None => Outcome::Unsolvable,
    };
    Ok((outcome, stats))
}
