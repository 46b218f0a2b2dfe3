//! Heuristics on boards with a fixed number of cells, for the specialised
//! IDA* of [`crate::search::idastar_fixed`].
//!
//! The slice-based [`Heuristic`] trait gets the whole board and the estimate
//! before a move. The fixed-size search wants more: a board kept in a fixed-size
//! (often packed) value that is copied rather than undone, and a per-node
//! [`FixedHeuristic::State`] that a heuristic may use to carry whatever makes
//! its update O(1) — the Manhattan sum, the two walking-distance table
//! indices, or the values and indices of every pattern of an additive pattern
//! database. The state is passed down the recursion by value, so nothing is
//! undone on the way back.
//!
//! Any [`Heuristic`] works here through [`Dynamic`], which unpacks the board
//! for its update; heuristics that matter for speed implement
//! [`FixedHeuristic`] directly ([`FixedManhattan`], [`FixedLinearConflict`],
//! [`WalkingDistance`](super::WalkingDistance), [`FixedPdb`](super::pdb::FixedPdb)).
//!
//! ## Adding a heuristic
//!
//! The additive pattern databases are an example:
//! [`FixedPdb`](super::pdb::FixedPdb) implements `FixedHeuristic<16>` and
//! `<25>` with a state holding each pattern's index and value, so a move
//! updates one index and reads one entry per view. A new heuristic is passed
//! to [`search`](crate::search::idastar_fixed::search) directly, or given a
//! [`HeuristicKind`](super::HeuristicKind) and an arm in the specialised
//! search's dispatch.

use std::fmt;
use std::sync::OnceLock;

use super::Heuristic;
use crate::error::Refusal;
use crate::geometry::home_rows_and_cols;
use crate::goal::Goal;
use crate::Error;

/// A board of exactly `N` cells held in a small `Copy` value.
///
/// ```
/// use npuzzle::heuristic::fixed::{FixedBoard, Nibbles};
/// let b = <Nibbles as FixedBoard<4>>::from_tiles(&[1, 0, 2, 3]);
/// // The tile in cell 0 slides into the blank in cell 1.
/// let c = FixedBoard::<4>::slide(&b, 1, 0, 1);
/// assert_eq!(FixedBoard::<4>::to_tiles(&c), [0, 1, 2, 3]);
/// ```
pub trait FixedBoard<const N: usize>: Copy + Eq + Send + Sync + fmt::Debug {
    /// The board with these tiles (row-major, 0 = blank).
    fn from_tiles(tiles: &[u8; N]) -> Self;

    /// The tile in `cell` (0 = blank).
    fn tile(&self, cell: usize) -> u8;

    /// The board after `tile`, which is in cell `from`, slid into the blank
    /// in cell `blank`.
    fn slide(&self, blank: usize, from: usize, tile: u8) -> Self;

    /// The tiles, row-major.
    fn to_tiles(&self) -> [u8; N];
}

/// Up to 16 cells packed four bits a cell into a `u64`, cell 0 in the low
/// bits: a move is two XORs, equality one compare (the 15-puzzle's board).
/// On 4×4 with Manhattan it searches about 5% faster than `[u8; 16]`.
///
/// `from_tiles` panics for more than 16 cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nibbles(pub u64);

impl fmt::Debug for Nibbles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Nibbles({:016x})", self.0)
    }
}

impl<const N: usize> FixedBoard<N> for Nibbles {
    #[inline]
    fn from_tiles(tiles: &[u8; N]) -> Self {
        assert!(N <= 16, "Nibbles holds at most 16 cells");
        Nibbles(crate::packed::pack(tiles))
    }

    #[inline(always)]
    fn tile(&self, cell: usize) -> u8 {
        ((self.0 >> (4 * cell)) & 0xf) as u8
    }

    #[inline(always)]
    fn slide(&self, blank: usize, from: usize, tile: u8) -> Self {
        // The blank's nibble is 0 and `from` holds `tile`, so XOR moves it.
        let t = u64::from(tile);
        Nibbles(self.0 ^ (t << (4 * from)) ^ (t << (4 * blank)))
    }

    #[inline]
    fn to_tiles(&self) -> [u8; N] {
        std::array::from_fn(|i| FixedBoard::<N>::tile(self, i))
    }
}

/// One byte a cell: any `N` (the 24-puzzle's board).
impl<const N: usize> FixedBoard<N> for [u8; N] {
    #[inline]
    fn from_tiles(tiles: &[u8; N]) -> Self {
        *tiles
    }

    #[inline(always)]
    fn tile(&self, cell: usize) -> u8 {
        self[cell]
    }

    #[inline(always)]
    fn slide(&self, blank: usize, from: usize, tile: u8) -> Self {
        let mut next = *self;
        next[blank] = tile;
        next[from] = 0;
        next
    }

    #[inline]
    fn to_tiles(&self) -> [u8; N] {
        *self
    }
}

/// An admissible estimate for boards of `N` cells, updated from a per-node
/// state after every move.
///
/// ```
/// use npuzzle::heuristic::fixed::{FixedHeuristic, FixedManhattan};
/// use npuzzle::{Board, Goal};
/// let b: Board = "1 2 3 4 5 6 x 7 8".parse()?;
/// let h = FixedManhattan::<9>::new(&Goal::standard(b.shape()))?;
/// let tiles: [u8; 9] = b.tiles().try_into().unwrap();
/// let s = h.start(&tiles);
/// assert_eq!(h.value(&s), 2);
/// // Tile 7 slides from cell 7 into the blank at cell 6.
/// let after = [1, 2, 3, 4, 5, 6, 7, 0, 8];
/// assert_eq!(h.value(&h.step(&after, &s, 7, 7, 6)), 1);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub trait FixedHeuristic<const N: usize>: Sync {
    /// What is carried from a node to its children (at least the estimate).
    type State: Copy + Send + Sync;

    /// Roughly what one node costs, in nodes of [`FixedManhattan`] (the
    /// cheapest): the parallel IDA* splits an iteration across threads once
    /// the previous one was worth splitting by this measure, a node count
    /// rather than a time, so that every run splits alike (see
    /// [`idastar_fixed`](crate::search::idastar_fixed)).
    const NODE_COST: u64 = 1;

    /// Whether a child's estimate can exceed its parent's by more than the
    /// one move between them (an inconsistent heuristic, like the dual
    /// lookups of [`FixedDualPdb`](super::pdb::FixedDualPdb)). The IDA* then
    /// uses bidirectional pathmax (BPMX, Felner et al. 2005): the parent is
    /// at least the child's estimate minus one move from the goal, so a child
    /// whose estimate proves that over the bound cuts the parent's remaining
    /// children. A consistent heuristic never triggers it, and leaves it
    /// off so that its children's estimates may stop at the usual cutoff.
    const INCONSISTENT: bool = false;

    /// The state for a whole board (row-major, 0 = blank).
    fn start(&self, tiles: &[u8; N]) -> Self::State;

    /// The estimate held in `state`.
    fn value(&self, state: &Self::State) -> u32;

    /// The state after `tile` moved from cell `from` into cell `to` (where
    /// the blank was); `after` is the board after the move and `state` the
    /// state before it.
    fn step<B: FixedBoard<N>>(&self, after: &B, state: &Self::State, tile: u8, from: usize, to: usize) -> Self::State;

    /// [`step`](FixedHeuristic::step) and [`value`](FixedHeuristic::value)
    /// together, for a caller that needs the estimate exactly only when it
    /// is below `cutoff`. If the estimate is below `cutoff`, the exact state
    /// and estimate are returned. Otherwise the value returned may be smaller
    /// than the estimate but is at least `cutoff`, and the state must not be
    /// used. IDA* passes the cutoff above which a child is pruned without
    /// changing the next bound, so a heuristic taking the largest of several
    /// estimates (like [`FixedPdb`](super::pdb::FixedPdb) with its mirror
    /// image) can stop at the first that reaches it.
    ///
    /// The default computes the exact state.
    #[inline(always)]
    fn step_bounded<B: FixedBoard<N>>(
        &self,
        after: &B,
        state: &Self::State,
        tile: u8,
        from: usize,
        to: usize,
        cutoff: u32,
    ) -> (Self::State, u32) {
        let _ = cutoff;
        let next = self.step(after, state, tile, from, to);
        let h = self.value(&next);
        (next, h)
    }

    /// [`step_bounded`](FixedHeuristic::step_bounded) on `state`, the
    /// state before the move, turned into the state after it (where it is
    /// exact); returns the estimate. For a caller that keeps the child's
    /// state where it made it: large states (the dual lookups' are hundreds
    /// of bytes) are then copied once, not out and back.
    ///
    /// The default steps a copy and writes it back.
    #[inline(always)]
    fn step_bounded_in_place<B: FixedBoard<N>>(
        &self,
        after: &B,
        state: &mut Self::State,
        tile: u8,
        from: usize,
        to: usize,
        cutoff: u32,
    ) -> u32 {
        let (next, h) = self.step_bounded(after, state, tile, from, to, cutoff);
        *state = next;
        h
    }
}

/// Any slice-based [`Heuristic`] as a [`FixedHeuristic`]: the board is
/// unpacked for each update, so this is for heuristics without a faster
/// fixed-size form.
///
/// ```
/// use npuzzle::heuristic::{fixed::{Dynamic, FixedHeuristic}, Misplaced};
/// use npuzzle::Goal;
/// let h = Dynamic(Misplaced::new(&Goal::standard("3x3".parse()?)));
/// let state = FixedHeuristic::<9>::start(&h, &[1, 2, 3, 4, 5, 6, 0, 7, 8]);
/// assert_eq!(FixedHeuristic::<9>::value(&h, &state), 2);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Dynamic<H>(pub H);

impl<H: Heuristic, const N: usize> FixedHeuristic<N> for Dynamic<H> {
    type State = u32;
    // Unpacks the board at every node.
    const NODE_COST: u64 = 8;

    fn start(&self, tiles: &[u8; N]) -> u32 {
        self.0.estimate(tiles)
    }

    #[inline]
    fn value(&self, state: &u32) -> u32 {
        *state
    }

    #[inline]
    fn step<B: FixedBoard<N>>(&self, after: &B, state: &u32, tile: u8, from: usize, to: usize) -> u32 {
        self.0.update(&after.to_tiles(), *state, tile, from, to)
    }
}

/// An error unless `goal` has `N` cells.
fn check_cells<const N: usize>(goal: &Goal, what: &'static str) -> Result<(), Error> {
    if goal.shape().cells() == N {
        Ok(())
    } else {
        Err(Error::Refused(Refusal::Unsupported {
            algorithm: what,
            shape: goal.shape(),
            reason: format!("this table is built for boards of {N} cells"),
        }))
    }
}

/// Manhattan distance from a fixed `md[tile][cell]` table; the state is the
/// sum itself.
///
/// ```
/// use npuzzle::heuristic::fixed::{FixedHeuristic, FixedManhattan};
/// use npuzzle::Goal;
/// let h = FixedManhattan::<16>::new(&Goal::blank_first("4x4".parse()?))?;
/// let mut tiles: [u8; 16] = std::array::from_fn(|i| i as u8);
/// tiles.swap(0, 15); // tile 15 in the top-left corner: 6 moves from home
/// assert_eq!(h.value(&h.start(&tiles)), 6);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct FixedManhattan<const N: usize> {
    md: [[u8; N]; N],
}

impl<const N: usize> FixedManhattan<N> {
    /// For `goal`, which must have `N` cells.
    pub fn new(goal: &Goal) -> Result<Self, Error> {
        check_cells::<N>(goal, "manhattan (fixed size)")?;
        let shape = goal.shape();
        let mut md = [[0u8; N]; N];
        for (tile, row) in md.iter_mut().enumerate().skip(1) {
            let home = goal.position_of(tile as u8);
            for (cell, d) in row.iter_mut().enumerate() {
                *d = shape.distance(home, cell) as u8;
            }
        }
        Ok(FixedManhattan { md })
    }

    /// Distance of `tile` in `cell` from its goal cell.
    #[inline(always)]
    pub fn tile_distance(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.md[usize::from(tile)][cell])
    }
}

impl<const N: usize> FixedHeuristic<N> for FixedManhattan<N> {
    type State = u32;

    fn start(&self, tiles: &[u8; N]) -> u32 {
        tiles.iter().enumerate().map(|(p, &t)| self.tile_distance(t, p)).sum()
    }

    #[inline(always)]
    fn value(&self, state: &u32) -> u32 {
        *state
    }

    #[inline(always)]
    fn step<B: FixedBoard<N>>(&self, _after: &B, state: &u32, tile: u8, from: usize, to: usize) -> u32 {
        *state + self.tile_distance(tile, to) - self.tile_distance(tile, from)
    }
}

/// Longest line [`FixedLinearConflict`] handles (5×5 boards).
const MAX_SIDE: usize = 5;

/// Manhattan plus linear conflicts on a square board of `N` cells, side at
/// most 5, with the same values as [`LinearConflict`](super::LinearConflict)
/// (any goal).
///
/// Each line (row or column) is summarised as one number, a base-(side + 1)
/// code: per cell, the goal coordinate along the line of a tile that belongs
/// to that line, or "other" (= side) for the blank and for tiles from
/// elsewhere. A table maps a code to the line's conflict cost. The codes of
/// every line travel in the per-node [`LcState`] and a move changes at most
/// two of them by plain arithmetic: the tile's home line across the move, if
/// the tile leaves or enters it (cost looked up again), and the tile's home
/// line along the move, where the tile and the blank trade places without
/// changing the order (code changes, cost does not). The board is never read.
///
/// ```
/// use npuzzle::heuristic::fixed::{FixedHeuristic, FixedLinearConflict};
/// use npuzzle::Goal;
/// let h = FixedLinearConflict::<16>::new(&Goal::blank_first("4x4".parse()?))?;
/// let tiles = [0, 2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// assert_eq!(h.value(&h.start(&tiles)), 4); // 1 and 2 swapped: 2 + 2
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct FixedLinearConflict<const N: usize> {
    manhattan: FixedManhattan<N>,
    side: usize,
    /// Goal row and column of each tile.
    home_row: [u8; N],
    home_col: [u8; N],
    /// Row and column of each cell (no division in the hot loop).
    row_of: [u8; N],
    col_of: [u8; N],
    /// `place[i]` = `(side + 1)^i`, the weight of the i-th cell of a line.
    place: [u16; MAX_SIDE],
    /// Conflict cost of a line code; 65,536 entries so that any `u16` code
    /// indexes it without a bounds check (only the first `(side+1)^side`
    /// are used, and only their cache lines are touched). One per side, made
    /// once per process: it depends on the side only.
    cost: &'static [u8; 1 << 16],
}

/// The conflict cost of every line code of a line of `side` cells (keys
/// `0..side` the goal positions of the tiles of this line, `side` any other
/// tile), made at the first call for each side and kept.
fn line_costs(side: usize) -> &'static [u8; 1 << 16] {
    static TABLES: [OnceLock<Box<[u8; 1 << 16]>>; MAX_SIDE + 1] = [const { OnceLock::new() }; MAX_SIDE + 1];
    TABLES[side].get_or_init(|| {
        let radix = side + 1;
        let mut cost = Box::new([0u8; 1 << 16]);
        for (mut code, c) in cost.iter_mut().enumerate().take(radix.pow(side as u32)) {
            let mut keys = [0u8; MAX_SIDE];
            let mut len = 0;
            for _ in 0..side {
                let k = code % radix;
                code /= radix;
                if k < side {
                    keys[len] = k as u8;
                    len += 1;
                }
            }
            *c = super::linear_conflict::line_cost(keys[..len].iter().copied()) as u8;
        }
        cost
    })
}

/// The per-node state of [`FixedLinearConflict`]: the estimate and every
/// line's code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LcState {
    h: u32,
    rows: [u16; MAX_SIDE],
    cols: [u16; MAX_SIDE],
}

impl<const N: usize> FixedLinearConflict<N> {
    /// For `goal`, which must be a square board of `N` cells with side at most 5.
    pub fn new(goal: &Goal) -> Result<Self, Error> {
        check_cells::<N>(goal, "linear-conflict (fixed size)")?;
        let shape = goal.shape();
        let side = shape.width();
        if shape.height() != side || side > MAX_SIDE {
            return Err(Error::Refused(Refusal::Unsupported {
                algorithm: "linear-conflict (fixed size)",
                shape,
                reason: format!("the line table is built for square boards up to {MAX_SIDE}x{MAX_SIDE}"),
            }));
        }
        let (home_row, home_col) = home_rows_and_cols::<N>(goal);
        let radix = side + 1;
        let mut place = [0u16; MAX_SIDE];
        for (i, p) in place.iter_mut().enumerate().take(side) {
            *p = radix.pow(i as u32) as u16;
        }
        let cost = line_costs(side);
        Ok(FixedLinearConflict {
            manhattan: FixedManhattan::new(goal)?,
            side,
            home_row,
            home_col,
            row_of: std::array::from_fn(|p| (p / side) as u8),
            col_of: std::array::from_fn(|p| (p % side) as u8),
            place,
            cost,
        })
    }

    #[inline(always)]
    fn line_cost(&self, code: u16) -> u32 {
        u32::from(self.cost[usize::from(code)])
    }
}

impl<const N: usize> FixedHeuristic<N> for FixedLinearConflict<N> {
    type State = LcState;
    // 34 M expanded nodes per second against Manhattan's 89 M (Korf 1-20, README).
    const NODE_COST: u64 = 3;

    fn start(&self, tiles: &[u8; N]) -> LcState {
        let side = self.side;
        let mut s = LcState {
            h: self.manhattan.start(tiles),
            rows: [0; MAX_SIDE],
            cols: [0; MAX_SIDE],
        };
        for line in 0..side {
            for i in 0..side {
                let key = |t: u8, home: &[u8; N], along: &[u8; N]| {
                    let t = usize::from(t);
                    let k = if t != 0 && usize::from(home[t]) == line {
                        along[t]
                    } else {
                        side as u8
                    };
                    u16::from(k) * self.place[i]
                };
                s.rows[line] += key(tiles[line * side + i], &self.home_row, &self.home_col);
                s.cols[line] += key(tiles[i * side + line], &self.home_col, &self.home_row);
            }
        }
        s.h += (0..side)
            .map(|l| self.line_cost(s.rows[l]) + self.line_cost(s.cols[l]))
            .sum::<u32>();
        s
    }

    #[inline(always)]
    fn value(&self, state: &LcState) -> u32 {
        state.h
    }

    #[inline(always)]
    fn step<B: FixedBoard<N>>(&self, after: &B, state: &LcState, tile: u8, from: usize, to: usize) -> LcState {
        let mut s = *state;
        s.h = self.manhattan.step(after, &state.h, tile, from, to);
        let t = usize::from(tile);
        let side = self.side;
        let (hr, hc) = (usize::from(self.home_row[t]), usize::from(self.home_col[t]));
        // The lines across and along the move, the tile's home line of each
        // kind, and its key in each.
        let (row, col) = (&self.row_of, &self.col_of);
        // Cells one apart are in one row: a legal move is horizontal exactly then.
        let (across, along, home_across, home_along, key_across, key_along, at_from, at_to, cell) =
            if from.abs_diff(to) != 1 {
                (&mut s.rows, &mut s.cols, hr, hc, hc, hr, row[from], row[to], col[from])
            } else {
                (&mut s.cols, &mut s.rows, hc, hr, hr, hc, col[from], col[to], row[from])
            };
        let (at_from, at_to, cell) = (usize::from(at_from), usize::from(at_to), usize::from(cell));
        if home_across == at_from || home_across == at_to {
            // The tile leaves (at_from) or enters (at_to) its home line;
            // "other" has the largest key, so leaving raises the code.
            let w = (side - key_across) as u16 * self.place[cell];
            let old = across[home_across];
            let new = if home_across == at_from { old + w } else { old - w };
            across[home_across] = new;
            s.h = s.h + self.line_cost(new) - self.line_cost(old);
        }
        if home_along == cell {
            // Tile and blank trade places in the tile's home line: same
            // order (same cost), new code.
            let w = (side - key_along) as u16;
            along[cell] = along[cell] + w * self.place[at_from] - w * self.place[at_to];
        }
        s
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::heuristic::{LinearConflict, Manhattan};
    use crate::{Board, Move, Shape};
    use rand::{Rng, SeedableRng};

    /// A random walk of `len` moves from `goal` (no immediate reversals).
    pub(crate) fn random_walk(goal: &Goal, len: usize, seed: u64) -> Board {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut b = goal.board().clone();
        let mut prev: Option<Move> = None;
        let mut done = 0;
        while done < len {
            let mv = Move::ALL[rng.random_range(0..4)];
            if prev == Some(mv.opposite()) || !b.try_apply(mv) {
                continue;
            }
            prev = Some(mv);
            done += 1;
        }
        b
    }

    /// Checks that `fixed` equals `slow` on `board` and along every move of a
    /// random walk from it, for both board representations.
    fn agree<const N: usize, F: FixedHeuristic<N>, S: Heuristic>(fixed: &F, slow: &S, start: &Board, seed: u64) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut b = start.clone();
        let tiles: [u8; N] = b.tiles().try_into().unwrap();
        let mut s_arr = fixed.start(&tiles);
        let mut s_nib = s_arr;
        for _ in 0..300 {
            let est = slow.estimate(b.tiles());
            assert_eq!(fixed.value(&s_arr), est, "{b}");
            assert_eq!(fixed.value(&s_nib), est, "{b}");
            let mv = Move::ALL[rng.random_range(0..4)];
            let blank = b.blank();
            if !b.try_apply(mv) {
                continue;
            }
            let tile = b.tiles()[blank];
            let after: [u8; N] = b.tiles().try_into().unwrap();
            s_arr = fixed.step(&after, &s_arr, tile, b.blank(), blank);
            if N <= 16 {
                let nib = <Nibbles as FixedBoard<N>>::from_tiles(&after);
                s_nib = fixed.step(&nib, &s_nib, tile, b.blank(), blank);
            } else {
                s_nib = s_arr;
            }
        }
    }

    fn goals(side: usize) -> Vec<Goal> {
        let shape = Shape::new(side, side).unwrap();
        let mut odd: Vec<u8> = (0..shape.cells() as u8).rev().collect();
        odd.swap(0, 1);
        vec![
            Goal::standard(shape),
            Goal::blank_first(shape),
            Goal::new(Board::new(shape, odd).unwrap()),
        ]
    }

    #[test]
    fn fixed_manhattan_and_linear_conflict_match_the_slice_versions() {
        for (i, goal) in goals(4).iter().enumerate() {
            let fm = FixedManhattan::<16>::new(goal).unwrap();
            let fl = FixedLinearConflict::<16>::new(goal).unwrap();
            for seed in 0..6 {
                let b = random_walk(goal, 60, seed + 10 * i as u64);
                agree::<16, _, _>(&fm, &Manhattan::new(goal), &b, seed);
                agree::<16, _, _>(&fl, &LinearConflict::new(goal), &b, seed);
            }
        }
        for (i, goal) in goals(5).iter().enumerate() {
            let fm = FixedManhattan::<25>::new(goal).unwrap();
            let fl = FixedLinearConflict::<25>::new(goal).unwrap();
            for seed in 0..6 {
                let b = random_walk(goal, 100, seed + 10 * i as u64);
                agree::<25, _, _>(&fm, &Manhattan::new(goal), &b, seed);
                agree::<25, _, _>(&fl, &LinearConflict::new(goal), &b, seed);
            }
        }
        let g3 = Goal::standard(Shape::new(3, 3).unwrap());
        let fl = FixedLinearConflict::<9>::new(&g3).unwrap();
        agree::<9, _, _>(&fl, &LinearConflict::new(&g3), &random_walk(&g3, 30, 1), 1);
    }

    #[test]
    fn wrong_sizes_are_rejected() {
        let g = Goal::standard(Shape::new(4, 4).unwrap());
        assert!(FixedManhattan::<25>::new(&g).is_err());
        let g = Goal::standard(Shape::new(8, 2).unwrap());
        assert!(matches!(
            FixedLinearConflict::<16>::new(&g),
            Err(Error::Refused(Refusal::Unsupported { .. }))
        ));
    }

    #[test]
    fn nibbles_slide_and_round_trip() {
        let tiles: [u8; 16] = std::array::from_fn(|i| (15 - i) as u8);
        let b = <Nibbles as FixedBoard<16>>::from_tiles(&tiles);
        assert_eq!(FixedBoard::<16>::to_tiles(&b), tiles);
        // Blank in cell 15; tile 1 (cell 14) slides right into it.
        let c = FixedBoard::<16>::slide(&b, 15, 14, 1);
        assert_eq!(FixedBoard::<16>::tile(&c, 15), 1);
        assert_eq!(FixedBoard::<16>::tile(&c, 14), 0);
    }
}
