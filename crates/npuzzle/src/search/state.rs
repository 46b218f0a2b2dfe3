//! What the searches that keep many boards share: boards packed into one
//! integer, a hash map keyed by them, the set-up and expand step
//! ([`Space`]), path rebuilding, and byte accounting for the memory budget
//! ([`charge`]).
//!
//! The searches are generic over [`PackedState`] and monomorphised, so the
//! hot loops see plain integer operations and no board is allocated per node.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::mem::size_of;
use std::ops::ControlFlow;

use crate::board::{Board, Move, Shape};
use crate::error::Refusal;
use crate::geometry::Neighbours;
use crate::goal::Goal;
use crate::packed;
use crate::solution::{BudgetClock, BudgetKind, Outcome, Solution, Stats};
use crate::Error;

/// A whole board in one `Copy` value: compared, hashed and moved without
/// unpacking.
pub(crate) trait PackedState: Copy + Eq + Hash + std::fmt::Debug {
    /// Most cells a state of this type holds.
    const MAX_CELLS: usize;

    /// Packs tiles (row-major, 0 = blank).
    fn pack(tiles: &[u8]) -> Self;

    /// Writes the tiles into `out` (one a cell).
    fn unpack(self, out: &mut [u8]);

    /// Moves the tile at `tile_cell` into the blank at `blank`.
    fn slide(self, blank: usize, tile_cell: usize) -> Self;

    /// The blank's cell, found in O(1) with a bit trick.
    fn blank(self, cells: usize) -> usize;
}

/// Four bits a cell, for boards of up to 16 cells (reuses [`crate::packed`]).
impl PackedState for u64 {
    const MAX_CELLS: usize = packed::MAX_PACKED_CELLS;

    #[inline]
    fn pack(tiles: &[u8]) -> u64 {
        packed::pack(tiles)
    }

    #[inline]
    fn unpack(self, out: &mut [u8]) {
        packed::unpack(self, out);
    }

    #[inline]
    fn slide(self, blank: usize, tile_cell: usize) -> u64 {
        packed::slide(self, blank, tile_cell)
    }

    #[inline]
    fn blank(self, cells: usize) -> usize {
        const LOW: u64 = 0x1111_1111_1111_1111;
        // Bit 4i of `any` is set when nibble i is non-zero.
        let any = self | (self >> 1);
        let any = any | (any >> 2);
        let zero = !any & LOW & low_bits_u64(4 * cells);
        (zero.trailing_zeros() / 4) as usize
    }
}

/// Five bits a cell in two words, for boards of up to 25 cells. Two `u64`
/// rather than a `u128` so map entries stay 8-byte aligned (24 bytes, not 32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Wide(u64, u64);

impl Wide {
    #[inline]
    fn get(self) -> u128 {
        u128::from(self.0) | (u128::from(self.1) << 64)
    }

    #[inline]
    fn from_bits(bits: u128) -> Wide {
        Wide(bits as u64, (bits >> 64) as u64)
    }
}

impl PackedState for Wide {
    const MAX_CELLS: usize = 25;

    #[inline]
    fn pack(tiles: &[u8]) -> Wide {
        debug_assert!(tiles.len() <= Self::MAX_CELLS);
        let bits = tiles
            .iter()
            .enumerate()
            .fold(0u128, |acc, (i, &t)| acc | (u128::from(t) << (5 * i)));
        Wide::from_bits(bits)
    }

    #[inline]
    fn unpack(self, out: &mut [u8]) {
        let bits = self.get();
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = ((bits >> (5 * i)) & 0x1f) as u8;
        }
    }

    #[inline]
    fn slide(self, blank: usize, tile_cell: usize) -> Wide {
        let bits = self.get();
        let tile = (bits >> (5 * tile_cell)) & 0x1f;
        Wide::from_bits(bits & !(0x1f << (5 * tile_cell)) | (tile << (5 * blank)))
    }

    #[inline]
    fn blank(self, cells: usize) -> usize {
        // Bit 5i of every group of five: the lowest bit of each cell.
        const LOW: u128 = {
            let mut m = 0u128;
            let mut i = 0;
            while i < 25 {
                m |= 1 << (5 * i);
                i += 1;
            }
            m
        };
        let bits = self.get();
        let any = bits | (bits >> 1) | (bits >> 2) | (bits >> 3) | (bits >> 4);
        let zero = !any & LOW & ((1u128 << (5 * cells)) - 1);
        (zero.trailing_zeros() / 5) as usize
    }
}

#[inline]
fn low_bits_u64(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Which packed state fits a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Width {
    /// `u64`, up to 16 cells.
    Narrow,
    /// [`Wide`], up to 25 cells.
    Wide,
}

impl Width {
    /// The narrowest state for `shape`, or [`Refusal::Unsupported`](crate::error::Refusal::Unsupported) past 25 cells.
    pub(crate) fn for_shape(shape: Shape, algorithm: &'static str) -> Result<Width, Error> {
        let cells = shape.cells();
        if cells <= <u64 as PackedState>::MAX_CELLS {
            Ok(Width::Narrow)
        } else if cells <= Wide::MAX_CELLS {
            Ok(Width::Wide)
        } else {
            Err(Error::Refused(Refusal::Unsupported {
                algorithm,
                shape,
                reason: format!(
                    "it stores boards packed into 128 bits, at most {} cells (this one has {cells}); idastar has no such limit",
                    Wide::MAX_CELLS
                ),
            }))
        }
    }
}

/// Runs a storing search from `board` to `goal`: no search at all when the
/// board is the goal, else the search proper monomorphised for the narrowest
/// state that holds the board (`narrow` for `u64`, `wide` for [`Wide`]),
/// given `with` (its clock, its heuristic); boards over 25 cells are
/// [`Refusal::Unsupported`](crate::error::Refusal::Unsupported) for `algorithm`.
pub(crate) fn run_storing<W>(
    board: &Board,
    goal: &Goal,
    algorithm: &'static str,
    with: W,
    narrow: impl FnOnce(&Board, &Goal, W) -> (Outcome, Stats),
    wide: impl FnOnce(&Board, &Goal, W) -> (Outcome, Stats),
) -> Result<(Outcome, Stats), Error> {
    if goal.is_reached_by(board) {
        return Ok((Outcome::Solved(Solution::default()), Stats::default()));
    }
    Ok(match Width::for_shape(board.shape(), algorithm)? {
        Width::Narrow => narrow(board, goal, with),
        Width::Wide => wide(board, goal, with),
    })
}

/// Hashes packed states: a multiply per word, then the splitmix64 finaliser,
/// because hashbrown takes the bucket from the low bits, and the low bits of
/// a packed board (the first cells) vary little between neighbours. SipHash
/// would be several times slower and its flooding resistance buys nothing here.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct StateHasher(u64);

impl Hasher for StateHasher {
    #[inline]
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(29) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write(&mut self, bytes: &[u8]) {
        // Packed states hash through `write_u64`; this keeps the hasher total.
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
}

/// A hash map from packed states.
pub(crate) type StateMap<S, V> = HashMap<S, V, BuildHasherDefault<StateHasher>>;

/// Bytes a structure holds, and would hold after one more element: what the
/// memory budget is checked against *before* anything grows.
pub(crate) trait Held {
    /// Bytes held now.
    fn held(&self) -> u64;
    /// Bytes held while adding one more element (a growth counts old and new storage).
    fn held_after_push(&self) -> u64;
}

impl<T> Held for Vec<T> {
    fn held(&self) -> u64 {
        (self.capacity() * size_of::<T>()) as u64
    }

    fn held_after_push(&self) -> u64 {
        if self.len() < self.capacity() {
            self.held()
        } else {
            // Vec doubles (at least 4 elements); the old buffer lives until the copy is done.
            self.held() + (self.capacity().max(2) * 2 * size_of::<T>()) as u64
        }
    }
}

impl<K, V> Held for StateMap<K, V> {
    fn held(&self) -> u64 {
        table_bytes(self.capacity(), size_of::<(K, V)>())
    }

    fn held_after_push(&self) -> u64 {
        if self.len() < self.capacity() {
            self.held()
        } else {
            // The table doubles and rehashes; both tables exist during the move.
            self.held() + table_bytes((self.capacity() * 2).max(3), size_of::<(K, V)>())
        }
    }
}

/// Bytes of a hashbrown table with room for `capacity` entries: a power of
/// two of buckets at most 7/8 full, each an entry plus a control byte.
fn table_bytes(capacity: usize, entry: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    let buckets = if capacity < 8 {
        (capacity + 1).next_power_of_two()
    } else {
        (capacity * 8 / 7).next_power_of_two()
    };
    (buckets * (entry + 1)) as u64
}

/// One child of a stored state: the blank moved from `blank` to `to` by `mv`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Child<S> {
    pub mv: Move,
    /// The parent's blank, where the moved tile now is.
    pub blank: usize,
    /// The child's blank.
    pub to: usize,
    parent: S,
}

impl<S: PackedState> Child<S> {
    /// The child's state, made when asked (a search that indexes children
    /// another way makes only the ones it keeps).
    #[inline(always)]
    pub(crate) fn state(&self) -> S {
        self.parent.slide(self.blank, self.to)
    }
}

/// What every search that stores states (bfs-set, bfs, bibfs, astar) sets
/// up before its loop: the board's shape, the start and the goal packed, and
/// the blank's moves from every cell, with the one expand step over them
/// ([`Space::expand`]).
pub(crate) struct Space<S> {
    pub shape: Shape,
    pub start: S,
    pub target: S,
    cells: usize,
    neighbours: Neighbours,
}

impl<S: PackedState> Space<S> {
    /// The space of a search from `board` to `goal` (same shape, at most
    /// [`PackedState::MAX_CELLS`] cells).
    pub(crate) fn new(board: &Board, goal: &Goal) -> Space<S> {
        let shape = board.shape();
        Space {
            shape,
            start: S::pack(board.tiles()),
            target: S::pack(goal.board().tiles()),
            cells: shape.cells(),
            neighbours: Neighbours::new(shape),
        }
    }

    /// The expand step: calls `visit` with each child of `parent` in
    /// [`Move::ALL`] order, counting it in `generated` first, until `visit`
    /// breaks; skips the child `back` would make (the move undoing the one
    /// that reached `parent`, when the search knows it; the breadth-first
    /// searches pass `None` because their parent is in the seen set anyway,
    /// and looking its move up would cost the lookup the skip saves).
    ///
    /// Inlined with its closure, so each search's body sits in the loop as
    /// if written there; what a break carries is kept small ([`Stop`]). One
    /// solve of `8 6 7 2 5 4 3 x 1` costs each of the four searches no more
    /// instructions than the loop it had of its own before (callgrind and
    /// the command in the README, "Benchmarks").
    #[inline(always)]
    pub(crate) fn expand<B>(
        &self,
        parent: S,
        back: Option<Move>,
        generated: &mut u64,
        mut visit: impl FnMut(Child<S>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let blank = parent.blank(self.cells);
        for (mv, to) in self.neighbours.moves_from(blank).without(back) {
            *generated += 1;
            visit(Child { mv, blank, to, parent })?;
        }
        ControlFlow::Continue(())
    }
}

/// Why a breadth-first search's visit of a child stops the expand step: a
/// small value, so leaving the loop copies nothing (breaking with the whole
/// [`Outcome`] instead cost bfs-set 8% more instructions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The child `mv` makes is the goal.
    Goal(Move),
    /// A budget ran out.
    Budget(BudgetKind),
}

/// Checks the budgets with `held` bytes about to be held after `expanded`
/// nodes and, if the search may go on, records `held` in `peak`.
#[inline]
pub(crate) fn charge(clock: &mut BudgetClock, expanded: u64, held: u64, peak: &mut u64) -> Option<BudgetKind> {
    let stop = clock.check(expanded, held);
    if stop.is_none() {
        *peak = (*peak).max(held);
    }
    stop
}

/// The moves from the root of a search tree to `end`, found by walking back:
/// `move_into(s)` is the move that reached `s`, `None` at the root.
pub(crate) fn path_to<S: PackedState>(end: S, shape: Shape, mut move_into: impl FnMut(S) -> Option<Move>) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut s = end;
    while let Some(mv) = move_into(s) {
        moves.push(mv);
        s = undo(s, shape, mv);
    }
    moves.reverse();
    moves
}

/// The state before `mv` was played into `s`.
#[inline]
pub(crate) fn undo<S: PackedState>(s: S, shape: Shape, mv: Move) -> S {
    let blank = s.blank(shape.cells());
    match shape.step(blank, mv.opposite()) {
        Some(from) => s.slide(blank, from),
        // Only reachable if a search recorded a move it never played.
        None => s,
    }
}

/// The move with index `code` in [`Move::ALL`], `None` for any other code (a root mark).
#[inline]
pub(crate) fn move_from_code(code: u8) -> Option<Move> {
    Move::ALL.get(usize::from(code)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use proptest::prelude::*;

    fn check_codec<S: PackedState>(board: &Board) {
        let n = board.shape().cells();
        let s = S::pack(board.tiles());
        let mut out = vec![0u8; n];
        s.unpack(&mut out);
        assert_eq!(out, board.tiles());
        assert_eq!(s.blank(n), board.blank());
        for mv in Move::ALL {
            let mut next = board.clone();
            if next.try_apply(mv) {
                let t = s.slide(board.blank(), next.blank());
                assert_eq!(t, S::pack(next.tiles()), "{board} then {mv}");
                assert_eq!(undo(t, board.shape(), mv), s);
            }
        }
    }

    fn board(max_side: usize) -> impl Strategy<Value = Board> {
        (2..=max_side, 2..=max_side).prop_flat_map(|(w, h)| {
            Just((0..(w * h) as u8).collect::<Vec<u8>>())
                .prop_shuffle()
                .prop_map(move |t| Board::new(Shape::new(w, h).unwrap(), t).unwrap())
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn narrow_states_round_trip_and_slide(b in board(4)) {
            check_codec::<u64>(&b);
        }

        #[test]
        fn wide_states_round_trip_and_slide(b in board(5)) {
            check_codec::<Wide>(&b);
        }
    }

    #[test]
    fn expand_visits_the_board_moves_but_the_one_back_each_counted() {
        let board: Board = "1 2 3 4 x 5 6 7 8".parse().unwrap();
        let space = Space::<u64>::new(&board, &Goal::standard(board.shape()));
        assert_eq!(space.start, u64::pack(board.tiles()));
        for back in [None, Some(Move::Up), Some(Move::Right)] {
            let mut generated = 10;
            let mut made: Vec<Child<u64>> = Vec::new();
            let flow = space.expand(space.start, back, &mut generated, |c| {
                made.push(c);
                ControlFlow::<()>::Continue(())
            });
            assert_eq!(flow, ControlFlow::Continue(()));
            let want: Vec<Move> = Move::ALL.into_iter().filter(|&mv| Some(mv) != back).collect();
            assert_eq!(made.iter().map(|c| c.mv).collect::<Vec<_>>(), want, "back {back:?}");
            assert_eq!(generated, 10 + want.len() as u64);
            for child in made {
                let mut moved = board.clone();
                moved.apply(child.mv).unwrap();
                assert_eq!((child.blank, child.to), (board.blank(), moved.blank()));
                assert_eq!(child.state(), u64::pack(moved.tiles()), "{}", child.mv);
            }
        }
        // A corner blank has two moves; a break at the first counts one.
        let corner: Board = "x 1 2 3 4 5 6 7 8".parse().unwrap();
        let mut generated = 0;
        let first = space.expand(u64::pack(corner.tiles()), None, &mut generated, |c| {
            ControlFlow::Break(c.mv)
        });
        assert_eq!(first, ControlFlow::Break(Move::Down));
        assert_eq!(generated, 1);
    }

    #[test]
    fn charge_records_the_peak_only_when_the_search_goes_on() {
        let mut clock = BudgetClock::start(crate::Budget {
            max_memory: Some(100),
            ..crate::Budget::default()
        });
        let mut peak = 40;
        assert_eq!(charge(&mut clock, 1, 80, &mut peak), None);
        assert_eq!(peak, 80);
        assert_eq!(charge(&mut clock, 2, 60, &mut peak), None);
        assert_eq!(peak, 80);
        assert_eq!(charge(&mut clock, 3, 101, &mut peak), Some(BudgetKind::Memory));
        assert_eq!(peak, 80);
    }

    #[test]
    fn widths_by_cell_count() {
        let w = |w, h| Width::for_shape(Shape::new(w, h).unwrap(), "test");
        assert_eq!(w(4, 4), Ok(Width::Narrow));
        assert_eq!(w(4, 5), Ok(Width::Wide));
        assert_eq!(w(5, 5), Ok(Width::Wide));
        assert!(matches!(w(6, 5), Err(Error::Refused(Refusal::Unsupported { .. }))));
    }

    #[test]
    fn held_bytes_grow_before_the_push() {
        let v: Vec<u64> = Vec::with_capacity(4);
        assert_eq!(v.held(), 32);
        assert_eq!(v.held_after_push(), 32);
        let full = vec![0u64; 4];
        assert!(full.held_after_push() > full.held());
        let mut m: StateMap<u64, u8> = StateMap::default();
        assert_eq!(m.held(), 0);
        assert!(m.held_after_push() > 0);
        m.insert(1, 0);
        assert!(m.held() > 0);
    }
}
