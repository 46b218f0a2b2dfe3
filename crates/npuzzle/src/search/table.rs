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

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::board::{Board, Move, Shape};
use crate::goal::Goal;
use crate::solution::{Budget, BudgetClock, BudgetKind, Outcome, Solution, Stats};
use crate::Error;

/// Most cells a table can cover: 12 (3×4, 2×6), 239,500,800 states.
pub const MAX_TABLE_CELLS: usize = 12;

const ALGORITHM: &str = "table";
const WHAT: &str = "move table";
/// Cell marker for "no neighbour that way".
const NONE: u8 = u8::MAX;
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
    /// Fails with [`Error::Unsupported`] for boards of more than
    /// [`MAX_TABLE_CELLS`] cells and with [`Error::BuildBudget`] when the
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
        let sym = self.to_canonical[goal_blank].ok_or_else(|| Error::Unsupported {
            algorithm: ALGORITHM,
            shape: g.shape,
            reason: format!(
                "this table serves goals with the blank on cell {} or a symmetric cell, not on cell {}",
                self.blank + 1,
                goal_blank + 1
            ),
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
            let to = g.neighbors[blank][m];
            if to == NONE || steps > self.diameter() {
                return Err(Error::ReplayMismatch { algorithm: ALGORITHM });
            }
            let to = usize::from(to);
            packed = slide(packed, blank, to);
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

/// Tables kept for reuse, one per board shape and symmetry class of the goal's
/// blank cell, shared safely between threads. [`Solver`](crate::Solver) holds one.
///
/// ```
/// use npuzzle::search::table::TableCache;
/// use npuzzle::{Budget, Goal, Shape};
/// let cache = TableCache::default();
/// let shape = Shape::new(3, 3)?;
/// let a = cache.get(&Goal::standard(shape), Budget::default())?;
/// let b = cache.get(&Goal::blank_first(shape), Budget::default())?; // a corner too
/// assert!(std::sync::Arc::ptr_eq(&a, &b));
/// assert_eq!(cache.len(), 1);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Default)]
pub struct TableCache {
    tables: Mutex<HashMap<(Shape, usize), Arc<Table>>>,
}

impl fmt::Debug for TableCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keys: Vec<String> = self
            .lock()
            .keys()
            .map(|(shape, cell)| format!("{shape}@{cell}"))
            .collect();
        f.debug_struct("TableCache").field("tables", &keys).finish()
    }
}

impl TableCache {
    /// The table that serves `goal`, built now if it is not cached yet.
    pub fn get(&self, goal: &Goal, budget: Budget) -> Result<Arc<Table>, Error> {
        self.get_with_progress(goal, budget, |_| {})
    }

    /// Like [`get`](TableCache::get), reporting the build's progress.
    pub fn get_with_progress(
        &self,
        goal: &Goal,
        budget: Budget,
        progress: impl FnMut(Progress),
    ) -> Result<Arc<Table>, Error> {
        let shape = goal.shape();
        let key = (shape, representative(shape, goal.position_of(0)));
        // The lock is held during a build so that two threads never build the same table.
        let mut tables = self.lock();
        if let Some(table) = tables.get(&key) {
            return Ok(Arc::clone(table));
        }
        let table = Arc::new(Table::build(goal, budget, progress)?);
        tables.insert(key, Arc::clone(&table));
        Ok(table)
    }

    /// Number of tables held.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no table is held yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(Shape, usize), Arc<Table>>> {
        // A panic elsewhere cannot leave a half-inserted table: insertion is one call.
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// `count` boards drawn independently and uniformly from those at exactly
/// `distance` moves from `goal` (a board may come twice); empty if no board
/// is that far. See [`sample_distinct_at_distance`] for different boards.
///
/// Runs the breadth-first search of a table build only up to that layer and
/// keeps no table.
///
/// ```
/// use npuzzle::search::table::sample_at_distance;
/// use npuzzle::{Budget, Goal, Solver, SolverOptions};
/// use rand::SeedableRng;
///
/// let goal = Goal::standard("3x3".parse()?);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let boards = sample_at_distance(&goal, 30, 5, &mut rng, Budget::default())?;
/// let solver = Solver::new(SolverOptions::default());
/// for b in &boards {
///     assert_eq!(solver.solve(b, &goal)?.outcome.solution().unwrap().len(), 30);
/// }
/// assert!(sample_at_distance(&goal, 32, 5, &mut rng, Budget::default())?.is_empty());
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn sample_at_distance<R: rand::Rng + ?Sized>(
    goal: &Goal,
    distance: u32,
    count: usize,
    rng: &mut R,
    budget: Budget,
) -> Result<Vec<Board>, Error> {
    sample(goal, distance, count, rng, budget, false)
}

/// `count` different boards, drawn uniformly from those at exactly
/// `distance` moves from `goal`; all of them, in random order, if fewer are
/// that far (so check the length).
///
/// ```
/// use npuzzle::search::table::sample_distinct_at_distance;
/// use npuzzle::{Budget, Goal};
/// use rand::SeedableRng;
///
/// let goal = Goal::standard("3x3".parse()?);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// // Only two 3x3 boards are 31 moves from the standard goal.
/// let mut boards = sample_distinct_at_distance(&goal, 31, 5, &mut rng, Budget::default())?;
/// boards.sort_by_key(|b| b.to_string());
/// let text: Vec<String> = boards.iter().map(|b| b.to_string()).collect();
/// assert_eq!(text, ["6 4 7 8 5 x 3 2 1", "8 6 7 2 5 4 3 x 1"]);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn sample_distinct_at_distance<R: rand::Rng + ?Sized>(
    goal: &Goal,
    distance: u32,
    count: usize,
    rng: &mut R,
    budget: Budget,
) -> Result<Vec<Board>, Error> {
    sample(goal, distance, count, rng, budget, true)
}

fn sample<R: rand::Rng + ?Sized>(
    goal: &Goal,
    distance: u32,
    count: usize,
    rng: &mut R,
    budget: Budget,
    distinct: bool,
) -> Result<Vec<Board>, Error> {
    let shape = goal.shape();
    let geometry = Geometry::new(shape)?;
    let mut boards = Vec::new();
    let mut failed = None;
    breadth_first(&geometry, goal.board().tiles(), budget, 0, &mut |_| {}, |d, layer| {
        if d < distance {
            return ControlFlow::Continue(());
        }
        let len = layer.len();
        let picks: Vec<u64> = if distinct {
            // A layer holds at most 12!/2 states, so its length fits in usize.
            let len = len as usize;
            rand::seq::index::sample(rng, len, count.min(len))
                .into_iter()
                .map(|i| i as u64)
                .collect()
        } else {
            (0..count).map(|_| rng.random_range(0..len)).collect()
        };
        let mut tiles = vec![0u8; shape.cells()];
        for i in picks {
            crate::packed::unpack(layer.get(i) & TILE_BITS, &mut tiles);
            match Board::new(shape, tiles.clone()) {
                Ok(b) => boards.push(b),
                Err(e) => failed = Some(e),
            }
        }
        ControlFlow::Break(())
    })?;
    match failed {
        Some(e) => Err(e),
        None => Ok(boards),
    }
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
        Err(Error::BuildBudget { kind, .. }) => return Ok((Outcome::BudgetReached(kind), Stats::default())),
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

/// What the breadth-first search needs to know about a shape.
#[derive(Debug, Clone)]
struct Geometry {
    shape: Shape,
    states: u64,
    /// (N-1)!/2: states per blank cell.
    per_blank: u64,
    /// `neighbors[cell][move]`: where the blank goes, or `NONE`.
    neighbors: [[u8; 4]; MAX_TABLE_CELLS],
}

impl Geometry {
    fn new(shape: Shape) -> Result<Geometry, Error> {
        let n = shape.cells();
        if n > MAX_TABLE_CELLS {
            return Err(Error::Unsupported {
                algorithm: ALGORITHM,
                shape,
                reason: format!(
                    "a complete table has {n}!/2 states; only boards of at most {MAX_TABLE_CELLS} cells \
                     (up to 3x4 and 2x6) fit in memory"
                ),
            });
        }
        let mut neighbors = [[NONE; 4]; MAX_TABLE_CELLS];
        for (cell, slots) in neighbors.iter_mut().enumerate().take(n) {
            for mv in Move::ALL {
                if let Some(to) = shape.step(cell, mv) {
                    slots[mv.index()] = to as u8;
                }
            }
        }
        let per_blank = FACT[n - 1] / 2;
        Ok(Geometry {
            shape,
            states: per_blank * n as u64,
            per_blank,
            neighbors,
        })
    }
}

/// The BFS frontier: packed states in fixed-size chunks.
#[derive(Default)]
struct Frontier {
    chunks: Vec<Vec<u64>>,
    len: u64,
}

impl Frontier {
    fn len(&self) -> u64 {
        self.len
    }

    fn get(&self, i: u64) -> u64 {
        self.chunks[(i / CHUNK as u64) as usize][(i % CHUNK as u64) as usize]
    }
}

/// Spare chunks and the memory accounting of the frontiers.
struct Chunks {
    spare: Vec<Vec<u64>>,
    allocated: u64,
    fixed_bytes: u64,
    peak_bytes: u64,
    max_memory: Option<u64>,
    shape: Shape,
}

impl Chunks {
    #[inline]
    fn push(&mut self, frontier: &mut Frontier, state: u64) -> Result<(), Error> {
        match frontier.chunks.last_mut() {
            Some(last) if last.len() < CHUNK => last.push(state),
            _ => {
                let mut chunk = self.take()?;
                chunk.push(state);
                frontier.chunks.push(chunk);
            }
        }
        frontier.len += 1;
        Ok(())
    }

    #[cold]
    fn take(&mut self) -> Result<Vec<u64>, Error> {
        if let Some(chunk) = self.spare.pop() {
            return Ok(chunk);
        }
        let bytes = self.fixed_bytes + (self.allocated + 1) * (CHUNK as u64 * 8);
        if let Some(limit) = self.max_memory.filter(|&m| bytes > m) {
            return Err(budget_error(self.shape, BudgetKind::Memory, bytes, limit));
        }
        self.allocated += 1;
        self.peak_bytes = self.peak_bytes.max(bytes);
        Ok(Vec::with_capacity(CHUNK))
    }

    fn recycle(&mut self, mut chunk: Vec<u64>) {
        chunk.clear();
        self.spare.push(chunk);
    }
}

struct Bfs {
    /// Two states a byte: `VISITED` and the move toward the goal.
    marks: Vec<u8>,
    layers: Vec<u64>,
}

/// Breadth-first search over every board that reaches `goal_tiles`, marking
/// each with the move back toward the goal. `on_layer` sees each complete
/// layer and may stop the search. `extra_bytes` is memory the caller will
/// need beside the marks, counted against the budget up front.
fn breadth_first(
    g: &Geometry,
    goal_tiles: &[u8],
    budget: Budget,
    extra_bytes: u64,
    progress: &mut dyn FnMut(Progress),
    mut on_layer: impl FnMut(u32, &Frontier) -> ControlFlow<()>,
) -> Result<Bfs, Error> {
    let started = Instant::now();
    let n = g.shape.cells();
    let marks_bytes = g.states.div_ceil(2);
    let fixed_bytes = marks_bytes + extra_bytes;
    if let Some(limit) = budget.max_memory.filter(|&m| fixed_bytes > m) {
        return Err(budget_error(g.shape, BudgetKind::Memory, fixed_bytes, limit));
    }
    let mut marks = vec![0u8; marks_bytes as usize];
    let mut chunks = Chunks {
        spare: Vec::new(),
        allocated: 0,
        fixed_bytes,
        peak_bytes: fixed_bytes,
        max_memory: budget.max_memory,
        shape: g.shape,
    };
    let goal_packed = crate::packed::pack(goal_tiles);
    let goal_blank = goal_tiles.iter().position(|&t| t == 0).unwrap_or(0);
    let rank =
        with_tile_count!(n - 1, K => rank_and_parity::<K>(goal_packed, goal_blank).0, Err(unsupported_size(g.shape))?);
    let goal_index = goal_blank as u64 * g.per_blank + rank;
    marks[(goal_index >> 1) as usize] |= VISITED << ((goal_index & 1) * 4);
    let mut current = Frontier::default();
    chunks.push(
        &mut current,
        goal_packed | (goal_blank as u64) << BLANK_SHIFT | NO_MOVE << BACK_SHIFT,
    )?;
    let mut layers = vec![1u64];
    let mut expanded = 0u64;
    if on_layer(0, &current).is_break() {
        return Ok(Bfs { marks, layers });
    }
    loop {
        let distance = layers.len() as u32 - 1;
        let mut next = Frontier::default();
        for chunk in std::mem::take(&mut current.chunks) {
            with_tile_count!(
                n - 1,
                K => expand::<K>(g, &chunk, &mut marks, &mut chunks, &mut next)?,
                return Err(unsupported_size(g.shape))
            );
            expanded += chunk.len() as u64;
            chunks.recycle(chunk);
            progress(Progress {
                distance,
                visited: layers.iter().sum::<u64>() + next.len(),
                total: g.states,
            });
            check_time_and_nodes(g.shape, budget, started, expanded)?;
        }
        if next.len() == 0 {
            break;
        }
        layers.push(next.len());
        if on_layer(distance + 1, &next).is_break() {
            break;
        }
        current = next;
    }
    Ok(Bfs { marks, layers })
}

/// Expands packed states: every unvisited child is marked with the move back
/// toward the goal and pushed onto `next`.
///
/// Children are ranked for a batch of states first and looked up after: the
/// lookups then do not wait on each other, so their cache misses overlap
/// (the big tables do not fit in any cache).
#[inline(always)]
fn expand<const K: usize>(
    g: &Geometry,
    states: &[u64],
    marks: &mut [u8],
    chunks: &mut Chunks,
    next: &mut Frontier,
) -> Result<(), Error> {
    const BATCH: usize = 64;
    let mut children = [0u64; BATCH * 4];
    let mut indices = [0u64; BATCH * 4];
    for batch in states.chunks(BATCH) {
        let mut count = 0;
        for &state in batch {
            let tiles = state & TILE_BITS;
            let blank = ((state >> BLANK_SHIFT) & 0xf) as usize;
            let back = state >> BACK_SHIFT;
            for (m, &to) in g.neighbors[blank].iter().enumerate() {
                // The move back leads to the parent, already visited.
                if to == NONE || m as u64 == back {
                    continue;
                }
                let to = usize::from(to);
                let child = slide(tiles, blank, to);
                indices[count] = to as u64 * g.per_blank + half_rank::<K>(child, to);
                children[count] = child | (to as u64) << BLANK_SHIFT | u64::from(OPPOSITE[m]) << BACK_SHIFT;
                count += 1;
            }
        }
        for (&index, &child) in indices[..count].iter().zip(&children[..count]) {
            let byte = &mut marks[(index >> 1) as usize];
            let shift = (index & 1) * 4;
            if (*byte >> shift) & VISITED == 0 {
                *byte |= (VISITED | (child >> BACK_SHIFT) as u8) << shift;
                chunks.push(next, child)?;
            }
        }
    }
    Ok(())
}

fn check_time_and_nodes(shape: Shape, budget: Budget, started: Instant, expanded: u64) -> Result<(), Error> {
    if let Some(limit) = budget.max_nodes.filter(|&m| expanded >= m) {
        return Err(budget_error(shape, BudgetKind::Nodes, expanded, limit));
    }
    if let Some(limit) = budget.timeout.filter(|&t| started.elapsed() >= t) {
        let ms = |d: std::time::Duration| d.as_millis().try_into().unwrap_or(u64::MAX);
        return Err(budget_error(shape, BudgetKind::Time, ms(started.elapsed()), ms(limit)));
    }
    Ok(())
}

fn unsupported_size(shape: Shape) -> Error {
    Error::Unsupported {
        algorithm: ALGORITHM,
        shape,
        reason: "no table layout for this number of cells".to_string(),
    }
}

fn budget_error(shape: Shape, kind: BudgetKind, used: u64, limit: u64) -> Error {
    Error::BuildBudget {
        what: WHAT,
        shape,
        kind,
        used,
        limit,
    }
}

fn moves_words(states: u64) -> usize {
    states.div_ceil(32) as usize
}

/// Moves the tile at `to` into the blank at `blank` (whose nibble is 0).
#[inline(always)]
fn slide(tiles: u64, blank: usize, to: usize) -> u64 {
    let tile = (tiles >> (4 * to)) & 0xf;
    (tiles & !(0xf << (4 * to))) | tile << (4 * blank)
}

/// The packed tiles without the blank's nibble: `k` tiles in order.
#[inline(always)]
fn without_blank(tiles: u64, blank: usize) -> u64 {
    let low = (1u64 << (4 * blank)) - 1;
    (tiles & low) | ((tiles >> 4) & !low)
}

/// Lehmer rank of the `k` non-blank tiles (labels 1..=k), halved.
///
/// Digit i is "label minus the smaller labels already seen". Instead of a
/// popcount (not in the baseline x86-64 target) `less` keeps, in nibble `v`,
/// how many labels below `v` were seen; seeing `v` adds one to every nibble
/// above it.
#[inline(always)]
fn half_rank<const K: usize>(tiles: u64, blank: usize) -> u64 {
    let rest = without_blank(tiles, blank);
    let mut less = 0u64;
    let mut r = 0u64;
    // The last digit is always 0.
    for i in 0..K - 1 {
        let v = ((rest >> (4 * i)) & 0xf) as u32;
        let digit = v - 1 - ((less >> (4 * v)) & 0xf) as u32;
        r += u64::from(digit) * FACT[K - 1 - i];
        less += NIBBLE_ONES << (4 * v + 4);
    }
    r >> 1
}

/// [`half_rank`] and whether the order is odd: the digits sum to the inversions.
#[inline(always)]
fn rank_and_parity<const K: usize>(tiles: u64, blank: usize) -> (u64, bool) {
    let rest = without_blank(tiles, blank);
    let mut less = 0u64;
    let mut r = 0u64;
    let mut inversions = 0u32;
    for i in 0..K {
        let v = ((rest >> (4 * i)) & 0xf) as u32;
        let digit = v - 1 - ((less >> (4 * v)) & 0xf) as u32;
        r += u64::from(digit) * FACT[K - 1 - i];
        inversions += digit;
        less += NIBBLE_ONES << (4 * v + 4);
    }
    (r >> 1, inversions % 2 == 1)
}

/// Checks that `tiles` is a board of `shape`, cheaply; the precise error comes
/// from [`Board::new`].
fn check_tiles(shape: Shape, tiles: &[u8]) -> Result<(), Error> {
    let n = shape.cells();
    let mut seen = 0u32;
    for &t in tiles {
        seen |= 1u32.checked_shl(u32::from(t)).unwrap_or(0);
    }
    if tiles.len() == n && seen == (1 << n) - 1 {
        Ok(())
    } else {
        Board::new(shape, tiles.to_vec()).map(|_| ())
    }
}

/// The tile on `cell` of the canonical goal with the blank on `blank`.
fn canonical_tile(cell: usize, blank: usize) -> u8 {
    match cell.cmp(&blank) {
        std::cmp::Ordering::Less => cell as u8 + 1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => cell as u8,
    }
}

fn canonical_goal(shape: Shape, blank: usize) -> Goal {
    let tiles = (0..shape.cells()).map(|c| canonical_tile(c, blank)).collect();
    Goal::new(Board::new(shape, tiles).expect("the canonical goal is a permutation"))
}

/// A reflection or rotation of the board.
#[derive(Debug, Clone, Copy)]
struct Symmetry {
    /// `cell[p]`: where cell `p` goes.
    cell: [u8; MAX_TABLE_CELLS],
    /// `back[m]`: the move on the original board that move `m` on the moved board stands for.
    back: [Move; 4],
}

/// The symmetries of a shape, identity first: the flips, and on square boards
/// also the transpose of each.
fn symmetries(shape: Shape) -> Vec<Symmetry> {
    let (w, h) = (shape.width(), shape.height());
    let transposes: &[bool] = if w == h { &[false, true] } else { &[false] };
    let mut out = Vec::new();
    for &transpose in transposes {
        for flip_rows in [false, true] {
            for flip_cols in [false, true] {
                let map = |r: isize, c: isize, size: (isize, isize)| {
                    let r = if flip_rows { size.0 - r } else { r };
                    let c = if flip_cols { size.1 - c } else { c };
                    if transpose {
                        (c, r)
                    } else {
                        (r, c)
                    }
                };
                let mut cell = [0u8; MAX_TABLE_CELLS];
                for (p, slot) in cell.iter_mut().enumerate().take(shape.cells()) {
                    let (r, c) = map((p / w) as isize, (p % w) as isize, (h as isize - 1, w as isize - 1));
                    *slot = (r as usize * w + c as usize) as u8;
                }
                let mut back = Move::ALL;
                for mv in Move::ALL {
                    // Directions are differences of cells, so they map without the offsets.
                    let (dr, dc) = delta(mv);
                    let moved = map(dr, dc, (0, 0));
                    if let Some(&to) = Move::ALL.iter().find(|&&m| delta(m) == moved) {
                        back[to.index()] = mv;
                    }
                }
                out.push(Symmetry { cell, back });
            }
        }
    }
    out
}

fn delta(mv: Move) -> (isize, isize) {
    match mv {
        Move::Up => (-1, 0),
        Move::Down => (1, 0),
        Move::Left => (0, -1),
        Move::Right => (0, 1),
    }
}

/// The cell whose table serves goals with the blank on `cell`: the largest
/// cell of its symmetry class, so the standard goal is its own representative.
fn representative(shape: Shape, cell: usize) -> usize {
    if shape.cells() > MAX_TABLE_CELLS {
        return cell;
    }
    symmetries(shape)
        .iter()
        .map(|s| usize::from(s.cell[cell]))
        .max()
        .unwrap_or(cell)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::tests::exact_distances;
    use crate::rank::BoardIndexer;
    use crate::{Algorithm, Solver, SolverOptions};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Source: /work/shared/data/8puzzle-depth-distribution.txt — "8-puzzle (3x3): number of
    /// states at each optimal distance from the goal 0 1 2 / 3 4 5 / 6 7 8 (blank top-left).
    /// Computed here by exhaustive BFS (Python, /tmp). Total 181440 = 9!/2; diameter 31."
    const EIGHT_PUZZLE_LAYERS: [u64; 32] = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
        23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];

    fn shape(text: &str) -> Shape {
        text.parse().unwrap()
    }

    fn build(goal: &Goal) -> Table {
        Table::build(goal, Budget::default(), |_| {}).unwrap()
    }

    fn random_board(shape: Shape, rng: &mut ChaCha8Rng) -> Board {
        let mut tiles: Vec<u8> = (0..shape.cells() as u8).collect();
        tiles.shuffle(rng);
        Board::new(shape, tiles).unwrap()
    }

    /// Checks the table's answer for `board` against the exhaustive distances.
    fn check_query(table: &Table, board: &Board, goal: &Goal, exact: &HashMap<Vec<u8>, u32>) {
        let path = table.path(board, goal).unwrap();
        match exact.get(board.tiles()) {
            Some(&d) => {
                let path = path.unwrap_or_else(|| panic!("{board} -> {goal}: no path, distance {d}"));
                assert_eq!(path.len() as u32, d, "{board} -> {goal}");
                assert!(goal.is_reached_by(&board.replay(&path).unwrap()), "{board} -> {goal}");
            }
            None => assert_eq!(path, None, "{board} -> {goal} is unsolvable"),
        }
    }

    #[test]
    fn layer_counts_match_the_published_8_puzzle_distribution() {
        for goal in [Goal::standard(shape("3x3")), Goal::blank_first(shape("3x3"))] {
            let table = build(&goal);
            assert_eq!(table.layer_counts(), EIGHT_PUZZLE_LAYERS);
            assert_eq!(table.diameter(), 31);
            assert_eq!(table.states(), 181_440);
        }
    }

    /// Source: /work/shared/data/diameters.txt (2x2, 2x3, 2x4, 2x5 "bfs-here"; the
    /// radius from a corner-blank goal).
    #[test]
    fn diameters_of_small_boards_match_the_published_ones() {
        for (size, states, diameter) in [
            ("2x2", 12, 6),
            ("2x3", 360, 21),
            ("3x2", 360, 21),
            ("2x4", 20_160, 36),
            ("4x2", 20_160, 36),
            ("5x2", 1_814_400, 55),
        ] {
            let table = build(&Goal::standard(shape(size)));
            assert_eq!(table.layer_counts().iter().sum::<u64>(), states, "{size}");
            assert_eq!(table.diameter(), diameter, "{size}");
        }
    }

    #[test]
    fn index_matches_the_board_indexer() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for (size, blank) in [("3x3", 8), ("3x3", 4), ("4x2", 2), ("3x4", 5), ("6x2", 11)] {
            let s = shape(size);
            let goal = canonical_goal(s, blank);
            let ix = BoardIndexer::new(&goal).unwrap();
            let g = Geometry::new(s).unwrap();
            let table = Table {
                geometry: g.clone(),
                goal: goal.clone(),
                blank,
                moves: vec![],
                layers: vec![0],
                to_canonical: [None; MAX_TABLE_CELLS],
            };
            for _ in 0..2000 {
                let b = random_board(s, &mut rng);
                let packed = crate::packed::pack(b.tiles());
                let (rank, odd) = with_tile_count!(s.cells() - 1, K => {
                    let (rank, odd) = rank_and_parity::<K>(packed, b.blank());
                    assert_eq!(rank, half_rank::<K>(packed, b.blank()));
                    (rank, odd)
                }, unreachable!());
                let index = b.blank() as u64 * g.per_blank + rank;
                assert_eq!(index, ix.index(b.tiles()), "{b}");
                assert_eq!(
                    odd == table.odd_at(b.blank()),
                    crate::parity::is_solvable(&b, &goal),
                    "{b}"
                );
            }
        }
    }

    #[test]
    fn every_3x3_board_gets_its_exact_distance_and_a_path_that_replays() {
        let goal = Goal::standard(shape("3x3"));
        let table = build(&goal);
        let exact = exact_distances(&goal);
        assert_eq!(exact.len(), 181_440);
        for tiles in exact.keys() {
            check_query(&table, &Board::new(goal.shape(), tiles.clone()).unwrap(), &goal, &exact);
        }
    }

    /// Random goals with the blank on every cell: renaming and every symmetry are used.
    #[test]
    fn random_goals_and_boards_agree_with_exhaustive_bfs() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let cache = TableCache::default();
        for (size, boards) in [("3x3", 150), ("4x2", 400), ("2x4", 400), ("3x2", 100), ("2x3", 100)] {
            let s = shape(size);
            for blank in 0..s.cells() {
                let mut tiles: Vec<u8> = (1..s.cells() as u8).collect();
                tiles.shuffle(&mut rng);
                tiles.insert(blank, 0);
                let goal = Goal::new(Board::new(s, tiles).unwrap());
                let exact = exact_distances(&goal);
                let table = cache.get(&goal, Budget::default()).unwrap();
                assert!(table.serves(&goal));
                for _ in 0..boards {
                    check_query(&table, &random_board(s, &mut rng), &goal, &exact);
                }
                check_query(&table, goal.board(), &goal, &exact);
            }
        }
        // Corners, edges and centre of 3x3; corners and middles of 4x2 and 3x2 (and their transposes).
        assert_eq!(cache.len(), 3 + 2 + 2 + 2 + 2);
    }

    #[test]
    fn symmetries_map_moves_consistently() {
        for size in ["3x3", "4x3", "2x6", "3x2"] {
            let s = shape(size);
            let syms = symmetries(s);
            assert_eq!(syms.len(), if s.width() == s.height() { 8 } else { 4 });
            for sym in syms {
                let mut cells: Vec<u8> = sym.cell[..s.cells()].to_vec();
                cells.sort_unstable();
                assert_eq!(cells, (0..s.cells() as u8).collect::<Vec<_>>());
                for p in 0..s.cells() {
                    for m in Move::ALL {
                        let moved = s.step(usize::from(sym.cell[p]), m).map(|q| q as u8);
                        let original = s.step(p, sym.back[m.index()]).map(|q| sym.cell[q]);
                        assert_eq!(moved, original, "{size} cell {p} move {m}");
                    }
                }
            }
        }
    }

    #[test]
    fn solved_and_unsolvable_boards() {
        let goal = Goal::parse("3 x 8 1 2 7 4 6 5", shape("3x3")).unwrap();
        let table = build(&goal);
        assert_eq!(table.path(goal.board(), &goal).unwrap(), Some(vec![]));
        let swapped: Board = "x 3 8 1 2 7 4 5 6".parse().unwrap();
        assert_eq!(table.distance(&swapped, &goal).unwrap(), None);
    }

    #[test]
    fn walk_rejects_what_it_cannot_answer() {
        let table = build(&Goal::standard(shape("3x3")));
        let corner = Goal::standard(shape("3x3"));
        let centre = Goal::parse("1 2 3 4 x 5 6 7 8", shape("3x3")).unwrap();
        let b: Board = "1 2 3 4 5 6 7 8 x".parse().unwrap();
        assert!(matches!(table.path(&b, &centre), Err(Error::Unsupported { .. })));
        let e = table.walk(&[1, 2, 3, 4, 5, 6, 7, 8, 8], corner.board().tiles(), |_| {});
        assert!(matches!(e, Err(Error::DuplicateTile { tile: 8, .. })), "{e:?}");
        let e = table.walk(&[1, 2, 3, 4, 5, 6, 7, 0], corner.board().tiles(), |_| {});
        assert!(matches!(e, Err(Error::WrongTileCount { .. })), "{e:?}");
        let e = table.walk(&[1, 2, 3, 4, 5, 6, 7, 0, 40], corner.board().tiles(), |_| {});
        assert!(matches!(e, Err(Error::TileOutOfRange { .. })), "{e:?}");
        let wide = Goal::standard(shape("4x2"));
        let e = table.distance(&Board::parse("1 2 3 4 5 6 7 x", Some(wide.shape())).unwrap(), &wide);
        assert!(e.is_err());
    }

    #[test]
    fn boards_too_big_are_unsupported() {
        let e = Table::build(&Goal::standard(shape("4x4")), Budget::default(), |_| {}).unwrap_err();
        assert!(matches!(e, Error::Unsupported { algorithm: "table", .. }), "{e}");
        assert!(e.to_string().contains("at most 12 cells"), "{e}");
    }

    #[test]
    fn budgets_stop_the_build_before_it_allocates() {
        let goal = Goal::standard(shape("3x4"));
        let budget = Budget {
            max_memory: Some(1 << 20),
            ..Budget::default()
        };
        let e = Table::build(&goal, budget, |_| panic!("no progress before the check")).unwrap_err();
        assert!(
            matches!(e, Error::BuildBudget { kind: BudgetKind::Memory, used, limit: 1_048_576, .. } if used > 100 << 20),
            "{e}"
        );
        // Room for the marks and moves of 3x3 but not for its frontier.
        let budget = Budget {
            max_memory: Some(181_440 / 2 + 181_440 / 4 + 16),
            ..Budget::default()
        };
        let e = Table::build(&Goal::standard(shape("3x3")), budget, |_| {}).unwrap_err();
        assert!(
            matches!(
                e,
                Error::BuildBudget {
                    kind: BudgetKind::Memory,
                    ..
                }
            ),
            "{e}"
        );
        let budget = Budget {
            max_nodes: Some(1000),
            ..Budget::default()
        };
        let e = Table::build(&Goal::standard(shape("3x3")), budget, |_| {}).unwrap_err();
        assert!(
            matches!(
                e,
                Error::BuildBudget {
                    kind: BudgetKind::Nodes,
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn progress_reaches_the_total() {
        let mut last = None;
        build_with(&Goal::standard(shape("4x2")), |p| last = Some(p));
        let last = last.unwrap();
        assert_eq!((last.visited, last.total, last.distance), (20_160, 20_160, 36));
    }

    fn build_with(goal: &Goal, progress: impl FnMut(Progress)) -> Table {
        Table::build(goal, Budget::default(), progress).unwrap()
    }

    #[test]
    fn solver_uses_and_keeps_the_table() {
        let solver = Solver::new(SolverOptions {
            algorithm: Algorithm::Table,
            ..SolverOptions::default()
        });
        let goal = Goal::standard(shape("3x3"));
        let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        let report = solver.solve(&board, &goal).unwrap();
        assert_eq!(report.outcome.solution().unwrap().len(), 31);
        let other: Board = "2 1 3 4 5 6 7 8 x".parse().unwrap();
        assert_eq!(solver.solve(&other, &goal).unwrap().outcome, Outcome::Unsolvable);
        assert_eq!(solver.tables.len(), 1);
        fn is_sync<T: Sync + Send>(_: &T) {}
        is_sync(&solver);

        let tight = Solver::new(SolverOptions {
            algorithm: Algorithm::Table,
            budget: Budget {
                max_memory: Some(1000),
                ..Budget::default()
            },
            ..SolverOptions::default()
        });
        let report = tight.solve(&board, &goal).unwrap();
        assert_eq!(report.outcome, Outcome::BudgetReached(BudgetKind::Memory));
    }

    #[test]
    fn samples_are_at_exactly_the_distance_asked() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let goal = Goal::parse("5 1 7 3 x 2 6 4", shape("4x2")).unwrap();
        let exact = exact_distances(&goal);
        let diameter = *exact.values().max().unwrap();
        for d in [0, 1, 5, 17, diameter] {
            let boards = sample_at_distance(&goal, d, 50, &mut rng, Budget::default()).unwrap();
            assert_eq!(boards.len(), 50);
            for b in &boards {
                assert_eq!(exact[b.tiles()], d, "{b}");
            }
        }
        let far = sample_at_distance(&goal, diameter + 1, 5, &mut rng, Budget::default()).unwrap();
        assert!(far.is_empty());
        // Every one of the two boards at distance 31 of the 8-puzzle turns up.
        let goal = Goal::standard(shape("3x3"));
        let boards = sample_at_distance(&goal, 31, 40, &mut rng, Budget::default()).unwrap();
        let distinct: std::collections::HashSet<_> = boards.iter().map(|b| b.to_string()).collect();
        assert_eq!(distinct.len(), 2);
        let _ = rng.random::<u8>();
    }
}
