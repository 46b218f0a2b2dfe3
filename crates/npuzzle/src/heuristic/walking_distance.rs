//! Walking distance (Ken'ichiro Takahashi, 2002) for 4×4 boards.
//!
//! **Vertical component.** Forget which tile is which and keep only, for
//! each row `r` and each goal row `k`, how many tiles of row `r` belong in row
//! `k`: a 4×4 matrix of counts, plus the row of the blank. A vertical move
//! takes one tile from a row next to the blank's row into the blank's row, and
//! the blank into that row; in the matrix, one count moves between two
//! adjacent rows in one column. The vertical walking distance is the fewest
//! such moves from the board's matrix to the goal's (every tile in its goal
//! row), found once for all matrices by a breadth-first search from the goal.
//!
//! **Horizontal component.** The same with columns: for each column `c` and
//! goal column `k`, how many tiles of column `c` belong in column `k`.
//!
//! **Estimate.** `h = WD_vertical + WD_horizontal`. It is admissible because
//! every real move is one move of exactly one of the two relaxed puzzles
//! (vertical moves never change the column counts and horizontal moves never
//! change the row counts). It is at least Manhattan distance: a tile needs at
//! least `|row − goal row|` moves in the vertical relaxation too, and likewise
//! for columns. Each move changes one component by exactly one (the relaxed
//! puzzles are bipartite in the blank's line), so `h` has the parity of the
//! true distance.
//!
//! **Which goals.** Any 4×4 goal: the counts are taken against the goal's
//! rows and columns, and the tables depend only on the goal row and column of
//! the blank. Other shapes are rejected with [`Refusal::Unsupported`]: the
//! count matrices are packed 3 bits a count into a `u64`, which fits 4 lines
//! of at most 7 cells, and only 4×4 is built and tested.
//!
//! Each table has 24,964 states. They are built once per process (per goal
//! row or column of the blank) and shared.

use std::sync::{Arc, OnceLock};

use rustc_hash::FxHashMap;

use super::fixed::{FixedBoard, FixedHeuristic};
use super::Heuristic;
use crate::board::Shape;
use crate::error::Refusal;
use crate::geometry::home_rows_and_cols;
use crate::goal::Goal;
use crate::Error;

/// Lines (rows or columns) and cells per line.
const SIDE: usize = 4;
/// Cells.
const CELLS: usize = SIDE * SIDE;
/// Marks a move that is impossible in the relaxed puzzle.
const NONE: u16 = u16::MAX;
/// States of each table (a test checks it).
const STATES: usize = 24_964;

/// Matrix `m[line][class]`, 3 bits a count, then the blank's line in bits 48..50.
type Code = u64;

#[inline]
fn count_shift(line: usize, class: usize) -> u32 {
    (3 * (SIDE * line + class)) as u32
}

#[inline]
fn count(code: Code, line: usize, class: usize) -> u64 {
    (code >> count_shift(line, class)) & 7
}

#[inline]
fn blank_line(code: Code) -> usize {
    (code >> 48) as usize
}

/// `code` with one tile of `class` moved from line `from` into line `to`,
/// and the blank from `to` to `from`.
#[inline]
fn move_count(code: Code, class: usize, from: usize, to: usize) -> Code {
    let c = code - (1 << count_shift(from, class)) + (1 << count_shift(to, class));
    (c & ((1 << 48) - 1)) | ((from as u64) << 48)
}

/// The walking-distance table of one relaxed puzzle (rows or columns).
#[derive(Debug)]
struct Table {
    /// Distance to the goal of each state.
    dist: Vec<u8>,
    /// `next[4 * (2 * id + dir) + class]`: the state after a tile of `class`
    /// enters the blank's line from the line above (`dir` 0: the blank goes
    /// up) or below (`dir` 1), or `NONE`.
    next: Vec<u16>,
    /// State number of each code. A fast hash: building the table is most
    /// of a short solve's CPU, and std's hash took it from 2.0 to 3.7 ms
    /// (a one-move 15-puzzle, sampled by perf).
    ids: FxHashMap<Code, u16>,
    /// The distance of each state in the multi-tile metric, made on first
    /// use (see [`MtmWalkingDistance`]).
    mtm: OnceLock<Vec<u8>>,
}

impl Table {
    /// Breadth-first search from the goal with the blank's goal line `gb`.
    fn build(gb: usize) -> Table {
        let mut goal: Code = (gb as u64) << 48;
        for line in 0..SIDE {
            let n = if line == gb { SIDE - 1 } else { SIDE };
            goal += (n as u64) << count_shift(line, line);
        }
        let mut ids = FxHashMap::from_iter([(goal, 0u16)]);
        ids.reserve(STATES);
        let mut codes = Vec::with_capacity(STATES);
        codes.push(goal);
        let mut dist = Vec::with_capacity(STATES);
        dist.push(0u8);
        // Codes are numbered in the order they are found: the queue is `codes` from `head` on.
        let mut head = 0;
        while let Some(&code) = codes.get(head) {
            let d = dist[head];
            head += 1;
            for_each_move(code, |_, _, next| {
                if let std::collections::hash_map::Entry::Vacant(slot) = ids.entry(next) {
                    slot.insert(codes.len() as u16);
                    codes.push(next);
                    dist.push(d + 1);
                }
            });
        }
        let mut next = vec![NONE; codes.len() * 8];
        for (id, &code) in codes.iter().enumerate() {
            for_each_move(code, |dir, class, to| {
                next[4 * (2 * id + dir) + class] = ids[&to];
            });
        }
        Table {
            dist,
            next,
            ids,
            mtm: OnceLock::new(),
        }
    }

    /// The distance of each state when one move is a run of 1 to 3 relaxed
    /// moves in one direction (the blank crossing up to three lines, each
    /// crossing taking any tile along): breadth-first from the goal over
    /// those runs. Runs reverse into runs, so the search from the goal gives
    /// the distance to it.
    fn mtm_dist(&self) -> &[u8] {
        self.mtm.get_or_init(|| {
            let mut dist = vec![u8::MAX; self.dist.len()];
            dist[0] = 0;
            let mut queue = std::collections::VecDeque::from([0u16]);
            let (mut layer, mut next) = (Vec::new(), Vec::new());
            while let Some(id) = queue.pop_front() {
                let d = dist[usize::from(id)];
                for dir in 0..2 {
                    layer.clear();
                    layer.push(id);
                    for _ in 1..SIDE {
                        next.clear();
                        for &at in &layer {
                            for class in 0..SIDE {
                                let to = self.next[4 * (2 * usize::from(at) + dir) + class];
                                if to != NONE && !next.contains(&to) {
                                    next.push(to);
                                }
                            }
                        }
                        for &to in &next {
                            if dist[usize::from(to)] == u8::MAX {
                                dist[usize::from(to)] = d + 1;
                                queue.push_back(to);
                            }
                        }
                        std::mem::swap(&mut layer, &mut next);
                    }
                }
            }
            dist
        })
    }

    /// The table for blank goal line `gb`, built on first use.
    fn shared(gb: usize) -> Arc<Table> {
        static TABLES: [OnceLock<Arc<Table>>; SIDE] = [const { OnceLock::new() }; SIDE];
        TABLES[gb].get_or_init(|| Arc::new(Table::build(gb))).clone()
    }

    /// The distance of a code, 0 for a code no board produces.
    fn dist_of(&self, code: Code) -> u32 {
        self.ids
            .get(&code)
            .map_or(0, |&id| u32::from(self.dist[usize::from(id)]))
    }
}

/// Calls `f(dir, class, next)` for every relaxed move from `code`.
fn for_each_move(code: Code, mut f: impl FnMut(usize, usize, Code)) {
    let b = blank_line(code);
    for (dir, from) in [(0, b.checked_sub(1)), (1, (b + 1 < SIDE).then_some(b + 1))] {
        let Some(from) = from else { continue };
        for class in 0..SIDE {
            if count(code, from, class) > 0 {
                f(dir, class, move_count(code, class, from, b));
            }
        }
    }
}

/// Takahashi's walking distance on a 4×4 board, for any goal.
///
/// ```
/// use npuzzle::heuristic::{Heuristic, Manhattan, WalkingDistance};
/// use npuzzle::{Board, Goal};
/// let goal = Goal::blank_first("4x4".parse()?);
/// let wd = WalkingDistance::new(&goal)?;
/// // Korf's instance 1: WD is well above Manhattan (41).
/// let b: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse()?;
/// assert_eq!(Manhattan::new(&goal).estimate(b.tiles()), 41);
/// assert!(wd.estimate(b.tiles()) > 41);
/// // Only 4x4 boards.
/// assert!(WalkingDistance::new(&Goal::standard("3x3".parse()?)).is_err());
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct WalkingDistance {
    rows: Arc<Table>,
    cols: Arc<Table>,
    goal_row: [u8; CELLS],
    goal_col: [u8; CELLS],
}

/// The per-node state of [`WalkingDistance`] in the fixed-size search: both table
/// indices and both distances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WdState {
    rows: u16,
    cols: u16,
    row_dist: u16,
    col_dist: u16,
}

impl WalkingDistance {
    /// For a 4×4 `goal`; other shapes give [`Refusal::Unsupported`].
    pub fn new(goal: &Goal) -> Result<WalkingDistance, Error> {
        let shape = goal.shape();
        if shape != Shape::new(SIDE, SIDE)? {
            return Err(Error::Refused(Refusal::Unsupported {
                algorithm: "walking-distance",
                shape,
                reason: "walking distance is built for 4x4 boards only".to_string(),
            }));
        }
        let (goal_row, goal_col) = home_rows_and_cols::<CELLS>(goal);
        let blank = goal.position_of(0);
        Ok(WalkingDistance {
            rows: Table::shared(blank / SIDE),
            cols: Table::shared(blank % SIDE),
            goal_row,
            goal_col,
        })
    }

    /// States in each relaxed puzzle (24,964 for 4×4).
    pub fn table_states(&self) -> usize {
        self.rows.dist.len()
    }

    /// The row code and column code of a board (`cell(p)` reads cell `p`).
    fn codes(&self, cell: impl Fn(usize) -> u8) -> (Code, Code) {
        let (mut rows, mut cols) = (0, 0);
        for p in 0..CELLS {
            let t = usize::from(cell(p));
            let (r, c) = (p / SIDE, p % SIDE);
            if t == 0 {
                rows |= (r as u64) << 48;
                cols |= (c as u64) << 48;
            } else {
                rows += 1 << count_shift(r, usize::from(self.goal_row[t]));
                cols += 1 << count_shift(c, usize::from(self.goal_col[t]));
            }
        }
        (rows, cols)
    }

    /// The vertical and horizontal components for a board.
    ///
    /// ```
    /// use npuzzle::heuristic::WalkingDistance;
    /// use npuzzle::Goal;
    /// let wd = WalkingDistance::new(&Goal::blank_first("4x4".parse()?))?;
    /// // Blank and tile 4 swapped: one vertical move.
    /// let tiles = [4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    /// assert_eq!(wd.components(&tiles), (1, 0));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn components(&self, tiles: &[u8]) -> (u32, u32) {
        let (r, c) = self.codes(|p| tiles[p]);
        (self.rows.dist_of(r), self.cols.dist_of(c))
    }
}

impl Heuristic for WalkingDistance {
    fn estimate(&self, tiles: &[u8]) -> u32 {
        let (v, h) = self.components(tiles);
        v + h
    }

    fn update(&self, tiles: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        // Only the component of the move's direction changes: the relaxed
        // puzzle of the other direction sees the tile stay in its line.
        let (rows, cols) = self.codes(|p| tiles[p]);
        let t = usize::from(tile);
        let (table, after, class, line_from, line_to) = if from / SIDE != to / SIDE {
            (&self.rows, rows, self.goal_row[t], from / SIDE, to / SIDE)
        } else {
            (&self.cols, cols, self.goal_col[t], from % SIDE, to % SIDE)
        };
        // Undo the move in the relaxed puzzle: the tile goes back to `line_from`.
        let before = move_count(after, usize::from(class), line_to, line_from);
        h + table.dist_of(after) - table.dist_of(before)
    }
}

/// Generic in `N` so that [`HeuristicKind::run_fixed`](super::HeuristicKind::run_fixed)
/// can hand it to any fixed-size search, but only `N = 16` occurs: there is
/// no walking distance for other boards.
impl<const N: usize> FixedHeuristic<N> for WalkingDistance {
    type State = WdState;
    // 51 M expanded nodes per second against Manhattan's 89 M (Korf 1-20, README).
    const NODE_COST: u64 = 2;

    fn start(&self, tiles: &[u8; N]) -> WdState {
        let (r, c) = self.codes(|p| tiles[p]);
        // Every board's counts are reached by the search from the goal.
        let rows = self.rows.ids.get(&r).copied().unwrap_or(0);
        let cols = self.cols.ids.get(&c).copied().unwrap_or(0);
        WdState {
            rows,
            cols,
            row_dist: u16::from(self.rows.dist[usize::from(rows)]),
            col_dist: u16::from(self.cols.dist[usize::from(cols)]),
        }
    }

    #[inline(always)]
    fn value(&self, state: &WdState) -> u32 {
        u32::from(state.row_dist) + u32::from(state.col_dist)
    }

    #[inline(always)]
    fn step<B: FixedBoard<N>>(&self, _after: &B, state: &WdState, tile: u8, from: usize, to: usize) -> WdState {
        let t = usize::from(tile);
        let mut s = *state;
        // The blank goes from `to` to `from`: up when `from < to`.
        let dir = usize::from(from > to);
        if from / SIDE != to / SIDE {
            let class = usize::from(self.goal_row[t]);
            s.rows = self.rows.next[4 * (2 * usize::from(s.rows) + dir) + class];
            s.row_dist = u16::from(self.rows.dist[usize::from(s.rows)]);
        } else {
            let class = usize::from(self.goal_col[t]);
            s.cols = self.cols.next[4 * (2 * usize::from(s.cols) + dir) + class];
            s.col_dist = u16::from(self.cols.dist[usize::from(s.cols)]);
        }
        s
    }
}

/// Walking distance in the multi-tile metric, on 4×4 boards for any goal:
/// the same two relaxed puzzles as [`WalkingDistance`], where one move is
/// a run of up to three relaxed moves in one direction, as one multi-tile
/// move of the real puzzle slides up to three tiles of a column (or row)
/// one line each. Each multi-tile move is one move of exactly one relaxed
/// puzzle, so the sum of the two distances is admissible in that metric.
///
/// ```
/// use npuzzle::heuristic::walking_distance::MtmWalkingDistance;
/// use npuzzle::heuristic::Heuristic;
/// use npuzzle::{Board, Goal};
/// let goal = Goal::standard("4x4".parse()?);
/// let h = MtmWalkingDistance::new(&goal)?;
/// // The blank three cells left of its place: one multi-tile move.
/// let board: Board = "1 2 3 4 5 6 7 8 9 10 11 12 x 13 14 15".parse()?;
/// assert_eq!(h.estimate(board.tiles()), 1);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct MtmWalkingDistance {
    wd: WalkingDistance,
}

impl MtmWalkingDistance {
    /// For a 4×4 `goal`; other shapes give [`Refusal::Unsupported`].
    pub fn new(goal: &Goal) -> Result<MtmWalkingDistance, Error> {
        let wd = WalkingDistance::new(goal)?;
        // Made once per table, here rather than at the first estimate.
        wd.rows.mtm_dist();
        wd.cols.mtm_dist();
        Ok(MtmWalkingDistance { wd })
    }

    fn dist(table: &Table, code: Code) -> u32 {
        table
            .ids
            .get(&code)
            .map_or(0, |&id| u32::from(table.mtm_dist()[usize::from(id)]))
    }
}

impl Heuristic for MtmWalkingDistance {
    fn estimate(&self, tiles: &[u8]) -> u32 {
        let (rows, cols) = self.wd.codes(|p| tiles[p]);
        Self::dist(&self.wd.rows, rows) + Self::dist(&self.wd.cols, cols)
    }

    fn update(&self, tiles: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        // As walking distance's update: only the component of the move's direction changes.
        let (rows, cols) = self.wd.codes(|p| tiles[p]);
        let t = usize::from(tile);
        let (table, after, class, line_from, line_to) = if from / SIDE != to / SIDE {
            (&self.wd.rows, rows, self.wd.goal_row[t], from / SIDE, to / SIDE)
        } else {
            (&self.wd.cols, cols, self.wd.goal_col[t], from % SIDE, to % SIDE)
        };
        let before = move_count(after, usize::from(class), line_to, line_from);
        h + Self::dist(table, after) - Self::dist(table, before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    use crate::heuristic::fixed::tests::random_walk;
    use crate::heuristic::fixed::Nibbles;
    use crate::heuristic::Manhattan;
    use crate::{Board, Move};
    use rand::{Rng, SeedableRng};

    fn goals() -> Vec<Goal> {
        let s = Shape::new(4, 4).unwrap();
        vec![
            Goal::standard(s),
            Goal::blank_first(s),
            Goal::new("5 1 2 3 4 x 6 7 8 9 10 11 12 13 14 15".parse().unwrap()),
        ]
    }

    #[test]
    fn table_has_takahashis_state_count() {
        for gb in 0..SIDE {
            let t = Table::build(gb);
            assert_eq!(t.dist.len(), 24_964);
            assert_eq!(t.dist[0], 0);
            // Every recorded move is reversible.
            for id in 0..t.dist.len() {
                for k in 0..8 {
                    let n = t.next[8 * id + k];
                    if n != NONE {
                        assert_eq!(t.dist[id].abs_diff(t.dist[usize::from(n)]), 1);
                    }
                }
            }
        }
    }

    /// Exact distances of every board within `depth` moves of `goal`.
    fn near_goal(goal: &Goal, depth: u32) -> HashMap<Vec<u8>, u32> {
        let mut dist = HashMap::from([(goal.board().tiles().to_vec(), 0u32)]);
        let mut frontier = vec![goal.board().clone()];
        for d in 1..=depth {
            let mut next = Vec::new();
            for b in &frontier {
                for mv in Move::ALL {
                    let mut n = b.clone();
                    if n.try_apply(mv) && !dist.contains_key(n.tiles()) {
                        dist.insert(n.tiles().to_vec(), d);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        dist
    }

    #[test]
    fn admissible_near_the_goal() {
        for goal in goals() {
            let wd = WalkingDistance::new(&goal).unwrap();
            let md = Manhattan::new(&goal);
            let mut tight = 0;
            for (tiles, &d) in &near_goal(&goal, 14) {
                let h = wd.estimate(tiles);
                assert!(h <= d, "{tiles:?}: WD {h} > distance {d}");
                assert_eq!(h % 2, d % 2, "{tiles:?}");
                assert!(h >= md.estimate(tiles));
                tight += usize::from(h == d);
            }
            assert!(tight > 1000);
        }
    }

    #[test]
    fn at_least_manhattan_and_updates_agree_on_random_boards() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for goal in goals() {
            let wd = WalkingDistance::new(&goal).unwrap();
            let md = Manhattan::new(&goal);
            for seed in 0..20 {
                let mut b = random_walk(&goal, 200, seed);
                let tiles: [u8; 16] = b.tiles().try_into().unwrap();
                let mut state = FixedHeuristic::<16>::start(&wd, &tiles);
                let mut h = wd.estimate(b.tiles());
                for _ in 0..200 {
                    assert!(h >= md.estimate(b.tiles()), "{b}");
                    assert_eq!(FixedHeuristic::<16>::value(&wd, &state), h, "{b}");
                    let mv = Move::ALL[rng.random_range(0..4)];
                    let blank = b.blank();
                    if !b.try_apply(mv) {
                        continue;
                    }
                    let tile = b.tiles()[blank];
                    h = wd.update(b.tiles(), h, tile, b.blank(), blank);
                    assert_eq!(h, wd.estimate(b.tiles()), "{b} after {mv}");
                    let after: [u8; 16] = b.tiles().try_into().unwrap();
                    let nib = <Nibbles as FixedBoard<16>>::from_tiles(&after);
                    state = FixedHeuristic::<16>::step(&wd, &nib, &state, tile, b.blank(), blank);
                }
            }
        }
    }

    #[test]
    fn other_shapes_are_unsupported() {
        for shape in ["3x3", "5x5", "4x3"] {
            let goal = Goal::standard(shape.parse().unwrap());
            assert!(matches!(
                WalkingDistance::new(&goal),
                Err(Error::Refused(Refusal::Unsupported {
                    algorithm: "walking-distance",
                    ..
                }))
            ));
        }
    }

    #[test]
    fn unsolvable_boards_still_get_an_estimate() {
        let goal = Goal::standard(Shape::new(4, 4).unwrap());
        let wd = WalkingDistance::new(&goal).unwrap();
        let b: Board = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 x".parse().unwrap();
        // Manhattan says 2; swapping two tiles of one row costs more in the
        // column puzzle, parity aside.
        assert_eq!(wd.components(b.tiles()), (0, 6));
    }
}
