//! The board the constructive solver works on: one word a cell (the home of
//! the tile there, the cell locked, the tile tracked), the cells of the line
//! being solved, and the blank's routes around the locked cells.

use super::sink::MoveSink;
use crate::board::Move;

/// A cell value meaning "no cell".
pub(super) const NONE: usize = usize::MAX;

/// The shift of [`row_magic`]: with `m = 2^42 / w + 1`, `c * m >> 42 == c / w`
/// whenever `c * w < 2^42` (the error `c * (m * w - 2^42) / 2^42` stays below
/// one `w`-th), which every cell of a board of at most a million cells
/// meets (`c * w < 10^12`), and `c * m` stays below `2^63`.
const ROW_SHIFT: u32 = 42;

/// The multiplier that divides a cell index by the width `w` (see [`ROW_SHIFT`]).
fn row_magic(w: usize) -> u64 {
    (1u64 << ROW_SHIFT) / w as u64 + 1
}

/// Flag of a cell the blank must not enter (a solved line, a tile parked
/// for a two-tile finish), in the word of [`Grid::home_at`].
const LOCK: u32 = 1 << 30;
/// Flag of a tile of the line being solved (its cell is tracked in
/// [`Grid::track`]); moves with the tile.
const TRACK: u32 = 1 << 31;
/// The packed home without the flags.
const HOME: u32 = LOCK - 1;

/// Columns scanned together by [`Grid::locate_edges`] (a cache line of words).
const BAND: usize = 16;

/// Where [`Grid::locate_edges`] is: per edge (top and bottom row, left and
/// right column), the row or column a tile's home must have to lie on it
/// ([`NONE`] once the edge is not wanted or has all its tiles), and how many
/// of its tiles are still to find.
struct EdgeScan {
    keys: [usize; 4],
    missing: [usize; 4],
    /// The rectangle's top row and left column.
    origin: (usize, usize),
}

/// Row and column steps of `u d l r` (wrapping -1), by table rather than a
/// branch on the move.
const ROW_STEP: [usize; 4] = [usize::MAX, 1, 0, 0];
const COL_STEP: [usize; 4] = [0, 0, usize::MAX, 1];

/// The board as one `u32` a cell, with every move sent to a sink.
///
/// A cell's word holds the home of the tile there, packed as row and column,
/// and two flags (the cell locked, the tile tracked), so a move reads and
/// writes one array (the blank's walks on 1000×1000 miss the cache at
/// nearly every vertical step). The tiles themselves are not stored: a
/// tile is known by its home. Nor is every tile's cell: that table took a
/// write to a random place every move, and only the tiles of the line being
/// solved are ever looked up ([`Grid::track_line`]); the edges' tiles are
/// found by a scan of the unsolved rectangle once a line
/// ([`Grid::locate_edges`]).
pub(super) struct Grid<'s, S: MoveSink> {
    pub(super) w: usize,
    pub(super) h: usize,
    /// `c / w` as a multiply and a shift ([`Grid::at`] runs tens of times a
    /// move; a hardware division there was the solver's largest cost).
    row_magic: u64,
    /// Bits of the column in a packed home (the row is above them).
    col_bits: u32,
    /// `home_at[cell]`: the goal row and column of the tile there (packed,
    /// see [`Grid::pack`]), moved with the tile, with the [`LOCK`] flag of
    /// the cell and the [`TRACK`] flag of the tile. The blank's step choice
    /// reads it beside the cells it touches and measures distances to it
    /// without splitting a cell index.
    home_at: Vec<u32>,
    /// `home[tile]`: the goal cell of each tile.
    home: &'s [u32],
    pub(super) blank: usize,
    /// The blank's row and column, kept beside its cell so the walk's many
    /// distances need no split.
    blank_rc: (usize, usize),
    /// The cells of the tracked tiles (the line being solved), by the
    /// position of their home along the line ([`Grid::slot`]).
    track: Vec<u32>,
    /// The row (or column) of the tracked line: a home's row plus column
    /// minus this is its place along the line.
    track_at: usize,
    pub(super) moves: u64,
    sink: &'s mut S,
    /// Breadth-first search scratch: `seen[c] == stamp` marks visited cells,
    /// so a search costs only the cells it visits, not a clearing pass.
    seen: Vec<u32>,
    parent: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
}

impl<'s, S: MoveSink> Grid<'s, S> {
    /// The grid of `tiles` (row-major, 0 the blank) for the homes `home`.
    pub(super) fn new(w: usize, h: usize, tiles: &[u32], home: &'s [u32], sink: &'s mut S) -> Self {
        let cells = w * h;
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let col_bits = usize::BITS - (w - 1).leading_zeros();
        let mut grid = Grid {
            w,
            h,
            row_magic: row_magic(w),
            col_bits,
            home_at: Vec::new(),
            home,
            blank,
            blank_rc: (blank / w, blank % w),
            track: vec![0; w.max(h)],
            track_at: 0,
            moves: 0,
            sink,
            seen: vec![0; cells],
            parent: vec![0; cells],
            stamp: 0,
            queue: Vec::new(),
        };
        grid.home_at = tiles.iter().map(|&t| grid.pack(home[t as usize] as usize)).collect();
        grid
    }

    /// Cell `c` as its row above its column's `col_bits` bits: at most 21
    /// bits on a board of at most a million cells (each of the two rounds
    /// up by less than one bit), below the flags.
    fn pack(&self, c: usize) -> u32 {
        let (r, col) = self.at(c);
        ((r << self.col_bits) | col) as u32
    }

    /// The row and column of a packed home (flags ignored).
    #[inline]
    fn unpack(&self, p: u32) -> (usize, usize) {
        let p = (p & HOME) as usize;
        (p >> self.col_bits, p & ((1 << self.col_bits) - 1))
    }

    /// The Manhattan distance from row and column `at` to the packed home `p`.
    #[inline]
    fn dist_packed(&self, (r, c): (usize, usize), p: u32) -> usize {
        let (hr, hc) = self.unpack(p);
        r.abs_diff(hr) + c.abs_diff(hc)
    }

    /// The row and column of cell `c`.
    #[inline]
    pub(super) fn at(&self, c: usize) -> (usize, usize) {
        let r = ((c as u64 * self.row_magic) >> ROW_SHIFT) as usize;
        (r, c - r * self.w)
    }

    #[inline]
    pub(super) fn dist(&self, a: usize, b: usize) -> usize {
        let ((ra, ca), (rb, cb)) = (self.at(a), self.at(b));
        ra.abs_diff(rb) + ca.abs_diff(cb)
    }

    /// The blank's row and column.
    #[inline]
    pub(super) fn blank_at(&self) -> (usize, usize) {
        self.blank_rc
    }

    /// Whether the blank must not enter cell `c`.
    #[inline]
    pub(super) fn is_locked(&self, c: usize) -> bool {
        self.home_at[c] & LOCK != 0
    }

    pub(super) fn lock(&mut self, c: usize) {
        self.home_at[c] |= LOCK;
    }

    pub(super) fn unlock(&mut self, c: usize) {
        self.home_at[c] &= !LOCK;
    }

    /// The goal cell of the tile on cell `c`.
    pub(super) fn home_of(&self, c: usize) -> usize {
        let (r, col) = self.unpack(self.home_at[c]);
        r * self.w + col
    }

    /// The place along the tracked line of the tile whose packed home is `p`.
    #[inline]
    fn slot(&self, p: u32) -> usize {
        let (r, c) = self.unpack(p);
        r + c - self.track_at
    }

    /// The cell of `tile`, one of the line being solved ([`Grid::track_line`]).
    #[inline]
    pub(super) fn tile_pos(&self, tile: u32) -> usize {
        let home = self.home[tile as usize] as usize;
        let c = self.track[self.slot(self.pack(home))] as usize;
        debug_assert_eq!(self.home_of(c), home, "tile {tile} is not tracked");
        c
    }

    /// The cells of the tiles whose homes lie on the `wanted` edges of the
    /// rectangle `rect` (rows `top..bottom`, columns `left..right`, which
    /// holds every tile homed in it): `edges[0]` and `[1]` along the top
    /// and bottom rows (by column from `left`), `[2]` and `[3]` along the
    /// left and right columns (by row from `top`).
    ///
    /// The rectangle is scanned from the wanted edges inward, rows from the
    /// top and bottom alternately (and then, if column edges still miss
    /// tiles, bands of [`BAND`] columns from the left and right), until
    /// every tile is found: the whole rectangle on a scrambled board (about
    /// `2/3 n³` reads of one word in all on n×n, against `2.2 n³` moves),
    /// a few lines when the edges' tiles are near home. A thin board's lines
    /// are short and its tiles far from home, so there the scan reads about
    /// as many words as the moves it makes; it stays cheap because a tile
    /// homed on no edge still missing tiles is passed over by four compares
    /// (the edges not wanted or complete never match), and rows narrower
    /// than a band are read several at a time.
    pub(super) fn locate_edges(
        &self,
        rect: (usize, usize, usize, usize),
        wanted: [bool; 4],
        edges: &mut [Vec<usize>; 4],
    ) {
        let (top, bottom, left, right) = rect;
        let mut scan = EdgeScan {
            keys: [top, bottom - 1, left, right - 1],
            missing: [0; 4],
            origin: (top, left),
        };
        for (k, edge) in edges.iter_mut().enumerate() {
            edge.clear();
            if wanted[k] {
                edge.resize(if k < 2 { right - left } else { bottom - top }, NONE);
                scan.missing[k] = edge.len();
            } else {
                scan.keys[k] = NONE;
            }
        }
        // Whole rows lie side by side in memory when the rectangle is as wide
        // as the board: read enough of them at once to fill a band.
        let rows = if right - left == self.w {
            BAND.div_ceil(self.w)
        } else {
            1
        };
        let (mut t, mut b) = (top, bottom);
        let mut from_top = true;
        while t < b && scan.missing[0] + scan.missing[1] > 0 {
            let (first, end) = if from_top {
                let (first, end) = (t, (t + rows).min(b));
                t = end;
                (first, end)
            } else {
                let (first, end) = (b.saturating_sub(rows).max(t), b);
                b = first;
                (first, end)
            };
            self.scan_cells(first * self.w + left..(end - 1) * self.w + right, &mut scan, edges);
            from_top = !from_top;
        }
        let (mut l, mut r) = (left, right);
        while l < r && scan.missing[2] + scan.missing[3] > 0 {
            let band = l..(l + BAND).min(r);
            l = band.end;
            for row in top..bottom {
                self.scan_cells(row * self.w + band.start..row * self.w + band.end, &mut scan, edges);
            }
            if l < r && scan.missing[2] + scan.missing[3] > 0 {
                let band = (r - BAND).max(l)..r;
                r = band.start;
                for row in top..bottom {
                    self.scan_cells(row * self.w + band.start..row * self.w + band.end, &mut scan, edges);
                }
            }
        }
    }

    /// The part of [`Grid::locate_edges`] that reads the cells `cells`
    /// (inside the rectangle).
    fn scan_cells(&self, cells: std::ops::Range<usize>, scan: &mut EdgeScan, edges: &mut [Vec<usize>; 4]) {
        let EdgeScan {
            keys,
            missing,
            origin: (top, left),
        } = scan;
        for (cell, &p) in cells.clone().zip(&self.home_at[cells]) {
            let (hr, hc) = self.unpack(p);
            if hr != keys[0] && hr != keys[1] && hc != keys[2] && hc != keys[3] {
                continue;
            }
            for (k, on, i) in [
                (0, hr == keys[0], hc.wrapping_sub(*left)),
                (1, hr == keys[1], hc.wrapping_sub(*left)),
                (2, hc == keys[2], hr.wrapping_sub(*top)),
                (3, hc == keys[3], hr.wrapping_sub(*top)),
            ] {
                if on && edges[k][i] == NONE {
                    edges[k][i] = cell;
                    missing[k] -= 1;
                    if missing[k] == 0 {
                        keys[k] = NONE;
                    }
                }
            }
        }
    }

    /// Starts tracking the tiles homed on the line `cells` (one row or one
    /// column), now on the cells `at`: [`Grid::tile_pos`] finds them, wherever
    /// the moves take them, until [`Grid::untrack_line`].
    pub(super) fn track_line(&mut self, cells: &[usize], at: &[usize]) {
        let (r, c) = self.at(cells[0]);
        self.track_at = if cells.len() > 1 && self.at(cells[1]).0 == r {
            r
        } else {
            c
        };
        for (&home, &cell) in cells.iter().zip(at) {
            let slot = self.slot(self.pack(home));
            self.track[slot] = cell as u32;
            self.home_at[cell] |= TRACK;
        }
    }

    /// Stops tracking the tiles of the line `cells`, all home now.
    pub(super) fn untrack_line(&mut self, cells: &[usize]) {
        for &c in cells {
            self.home_at[c] &= !TRACK;
        }
    }

    /// The neighbour of `c` one step `mv` away, if on the board.
    #[inline]
    pub(super) fn neighbour(&self, c: usize, mv: Move) -> Option<usize> {
        let (r, col) = self.at(c);
        match mv {
            Move::Up => (r > 0).then(|| c - self.w),
            Move::Down => (r + 1 < self.h).then(|| c + self.w),
            Move::Left => (col > 0).then(|| c - 1),
            Move::Right => (col + 1 < self.w).then(|| c + 1),
        }
    }

    /// The four neighbours of `c` in the order of [`Move::ALL`] (up, down,
    /// left, right), [`NONE`] off the board: one row-and-column split for
    /// all four, and no branch on the move in the loops over them.
    #[inline]
    pub(super) fn neighbours(&self, c: usize) -> [usize; 4] {
        let (r, col) = self.at(c);
        [
            if r > 0 { c - self.w } else { NONE },
            if r + 1 < self.h { c + self.w } else { NONE },
            if col > 0 { c - 1 } else { NONE },
            if col + 1 < self.w { c + 1 } else { NONE },
        ]
    }

    /// The move taking the blank from `from` to the adjacent cell `to`
    /// (written as a choice between constants, which compiles to
    /// conditional moves: which way the blank goes is not predictable).
    #[inline]
    pub(super) fn direction(&self, from: usize, to: usize) -> Move {
        let step = to.wrapping_sub(from);
        debug_assert!(step == 1 || step == usize::MAX || step == self.w || step == self.w.wrapping_neg());
        if step == 1 {
            Move::Right
        } else if step == usize::MAX {
            Move::Left
        } else if step == self.w {
            Move::Down
        } else {
            Move::Up
        }
    }

    /// Moves the blank into the adjacent cell `to`, sliding its tile back.
    #[inline]
    pub(super) fn slide(&mut self, to: usize) {
        let mv = self.direction(self.blank, to);
        let moving = self.home_at[to];
        debug_assert!(moving & LOCK == 0 && self.home_at[self.blank] & LOCK == 0);
        self.home_at[to] = self.home_at[self.blank];
        self.home_at[self.blank] = moving;
        if moving & TRACK != 0 {
            let slot = self.slot(moving);
            self.track[slot] = self.blank as u32;
        }
        self.blank = to;
        self.blank_rc = (
            self.blank_rc.0.wrapping_add(ROW_STEP[mv as usize]),
            self.blank_rc.1.wrapping_add(COL_STEP[mv as usize]),
        );
        self.moves += 1;
        self.sink.push(mv);
    }

    /// Plays moves given as directions (a core solved elsewhere).
    pub(super) fn play(&mut self, mv: Move) -> bool {
        match self.neighbour(self.blank, mv) {
            Some(to) => {
                self.slide(to);
                true
            }
            None => false,
        }
    }

    /// Whether the blank stepping from `from` into `c` (next to it) slides
    /// the tile there nearer its home.
    #[inline]
    pub(super) fn helps(&self, from: usize, c: usize) -> bool {
        self.helps_at(self.at(from), c, self.at(c))
    }

    /// [`Grid::helps`] with the rows and columns of `from` and `c` known.
    #[inline]
    fn helps_at(&self, from: (usize, usize), c: usize, at: (usize, usize)) -> bool {
        let home = self.home_at[c];
        self.dist_packed(from, home) < self.dist_packed(at, home)
    }

    /// 1 if from `c` (at row and column `at`) a free step toward `target`
    /// (at `to`) slides its tile nearer home. The steps toward the target
    /// are the one along each axis it is not aligned on.
    #[inline]
    fn best_step(&self, c: usize, at: (usize, usize), to: (usize, usize), avoid: usize) -> usize {
        let (r, col) = at;
        let step = |n: usize, n_at: (usize, usize)| self.free(n, avoid) && self.helps_at(at, n, n_at);
        let vertical = if to.0 > r {
            step(c + self.w, (r + 1, col))
        } else {
            to.0 < r && step(c - self.w, (r - 1, col))
        };
        let horizontal = if to.1 > col {
            step(c + 1, (r, col + 1))
        } else {
            to.1 < col && step(c - 1, (r, col - 1))
        };
        usize::from(vertical || horizontal)
    }

    #[inline]
    fn free(&self, c: usize, avoid: usize) -> bool {
        c != avoid && !self.is_locked(c)
    }

    /// Takes the blank to `target` without entering a locked cell or `avoid`
    /// (the tile being moved). Steps straight toward the target while a
    /// free step shortens the way, the longer axis first; when none does (an
    /// obstacle in the way), the rest of the way is a shortest path from a
    /// breadth-first search, first inside the rectangle around both ends
    /// widened by two cells, then over the whole board. `false` if the
    /// target cannot be reached at all.
    pub(super) fn blank_to(&mut self, target: usize, avoid: usize) -> bool {
        // Sidesteps round an obstacle straight ahead; a few at most, then the search.
        let mut sidesteps = 0;
        let (tr, tc) = self.at(target);
        while self.blank != target {
            let (br, bc) = self.blank_rc;
            // (cell, row and column) of the step along each axis toward the target.
            let vertical = if tr > br {
                Some((self.blank + self.w, (br + 1, bc)))
            } else if tr < br {
                Some((self.blank - self.w, (br - 1, bc)))
            } else {
                None
            };
            let horizontal = if tc > bc {
                Some((self.blank + 1, (br, bc + 1)))
            } else if tc < bc {
                Some((self.blank - 1, (br, bc - 1)))
            } else {
                None
            };
            let (mut first, mut second) = if tr.abs_diff(br) >= tc.abs_diff(bc) {
                (vertical, horizontal)
            } else {
                (horizontal, vertical)
            };
            // Both ways shorten the walk: the one sliding its tile nearer home,
            // so the walk does some of the later work for free.
            if let (Some(a), Some(b)) = (first, second) {
                if self.free(a.0, avoid) && self.free(b.0, avoid) {
                    let score = |(c, at): (usize, (usize, usize))| {
                        2 * usize::from(self.helps_at((br, bc), c, at)) + self.best_step(c, at, (tr, tc), avoid)
                    };
                    if score(b) > score(a) {
                        (first, second) = (second, first);
                    }
                }
            }
            let (vertical, horizontal) = (vertical.map(|v| v.0), horizontal.map(|h| h.0));
            let (first, second) = (first.map(|f| f.0), second.map(|s| s.0));
            if let Some(next) = [first, second].into_iter().flatten().find(|&c| self.free(c, avoid)) {
                self.slide(next);
                continue;
            }
            // Blocked. Straight ahead (one axis left): step aside, pass the
            // obstacle along the axis, and let the loop step back in.
            let ahead = first.or(second);
            if sidesteps < 2 && (vertical.is_none() || horizontal.is_none()) {
                if let Some(ahead) = ahead {
                    let along = ahead as isize - self.blank as isize;
                    let sides = if vertical.is_none() {
                        [Move::Up, Move::Down]
                    } else {
                        [Move::Left, Move::Right]
                    };
                    // Of the two sides, the one sliding more tiles nearer home.
                    let side = sides
                        .into_iter()
                        .filter_map(|mv| {
                            let s = self.neighbour(self.blank, mv)?;
                            let past = self.neighbour(s, self.direction(self.blank, ahead))?;
                            (self.free(s, avoid) && self.free(past, avoid)).then_some((s, past))
                        })
                        .max_by_key(|&(s, past)| {
                            usize::from(self.helps(self.blank, s)) + usize::from(self.helps(s, past))
                        });
                    if let Some((s, past)) = side {
                        sidesteps += 1;
                        self.slide(s);
                        self.slide(past);
                        // Carry on past the obstacle while the way along stays free.
                        let mut at = past;
                        while self.dist(at, target) > 1 {
                            let next = (at as isize + along) as usize;
                            let (nr, nc) = self.at(next);
                            let on_axis = if vertical.is_none() {
                                nc.abs_diff(tc) < self.at(at).1.abs_diff(tc)
                            } else {
                                nr.abs_diff(tr) < self.at(at).0.abs_diff(tr)
                            };
                            if !on_axis || !self.free(next, avoid) {
                                break;
                            }
                            self.slide(next);
                            at = next;
                        }
                        continue;
                    }
                }
            }
            return self.search_to(target, avoid);
        }
        true
    }

    /// The breadth-first part of [`Grid::blank_to`].
    fn search_to(&mut self, target: usize, avoid: usize) -> bool {
        let (br, bc) = self.at(self.blank);
        let (tr, tc) = self.at(target);
        let window = (
            br.min(tr).saturating_sub(2),
            (br.max(tr) + 2).min(self.h - 1),
            bc.min(tc).saturating_sub(2),
            (bc.max(tc) + 2).min(self.w - 1),
        );
        if self.bfs(target, avoid, window) || self.bfs(target, avoid, (0, self.h - 1, 0, self.w - 1)) {
            // Walk the parents back from the target, then play the path forward.
            let mut path = Vec::new();
            let mut c = target;
            while c != self.blank {
                path.push(c);
                c = self.parent[c] as usize;
            }
            for &c in path.iter().rev() {
                self.slide(c);
            }
            true
        } else {
            false
        }
    }

    /// Breadth-first search from the blank to `target` inside rows
    /// `r0..=r1`, columns `c0..=c1`; fills `parent`.
    fn bfs(&mut self, target: usize, avoid: usize, (r0, r1, c0, c1): (usize, usize, usize, usize)) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.queue.clear();
        self.queue.push(self.blank as u32);
        self.seen[self.blank] = stamp;
        let mut head = 0;
        while head < self.queue.len() {
            let c = self.queue[head] as usize;
            head += 1;
            if c == target {
                return true;
            }
            for n in self.neighbours(c) {
                if n == NONE {
                    continue;
                }
                let (r, col) = self.at(n);
                if self.seen[n] == stamp || !self.free(n, avoid) || r < r0 || r > r1 || col < c0 || col > c1 {
                    continue;
                }
                self.seen[n] = stamp;
                self.parent[n] = c as u32;
                self.queue.push(n as u32);
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::board::MAX_CELLS;

    /// The edges' cells found by the scan equal those found by looking at
    /// every cell, for every choice of wanted edges, on rectangles of thin,
    /// wide and square boards (rows narrower than a band are read several
    /// at a time when the rectangle is as wide as the board).
    #[test]
    fn located_edges_are_where_the_tiles_are() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for (w, h) in [(3, 40), (40, 3), (5, 9), (7, 30), (17, 4), (20, 20), (33, 5)] {
            let goal: Vec<u32> = (1..(w * h) as u32).chain([0]).collect();
            let mut home = vec![0u32; w * h];
            for (cell, &t) in goal.iter().enumerate() {
                home[t as usize] = cell as u32;
            }
            for _ in 0..20 {
                // A rectangle whose cells hold exactly the tiles homed in it.
                let (top, left) = (rng.random_range(0..h / 2), rng.random_range(0..w / 2));
                let (bottom, right) = (rng.random_range(top + 2..=h), rng.random_range(left + 2..=w));
                let inside: Vec<usize> = (top..bottom)
                    .flat_map(|r| (left..right).map(move |c| r * w + c))
                    .collect();
                let mut tiles = goal.clone();
                let mut moved: Vec<u32> = inside.iter().map(|&c| goal[c]).collect();
                moved.shuffle(&mut rng);
                for (&c, t) in inside.iter().zip(moved) {
                    tiles[c] = t;
                }
                let mut sink = Vec::new();
                let grid = Grid::new(w, h, &tiles, &home, &mut sink);
                for mask in 0..16 {
                    let wanted = [0, 1, 2, 3].map(|k| mask & (1 << k) != 0);
                    let mut edges: [Vec<usize>; 4] = Default::default();
                    grid.locate_edges((top, bottom, left, right), wanted, &mut edges);
                    let cell_of = |home_cell: usize| {
                        inside
                            .iter()
                            .copied()
                            .find(|&c| home[tiles[c] as usize] as usize == home_cell)
                    };
                    let expected: [Vec<usize>; 4] = [0, 1, 2, 3].map(|k| {
                        if !wanted[k] {
                            return Vec::new();
                        }
                        let line: Vec<usize> = match k {
                            0 => (left..right).map(|c| top * w + c).collect(),
                            1 => (left..right).map(|c| (bottom - 1) * w + c).collect(),
                            2 => (top..bottom).map(|r| r * w + left).collect(),
                            _ => (top..bottom).map(|r| r * w + right - 1).collect(),
                        };
                        line.into_iter().map(|c| cell_of(c).unwrap()).collect()
                    });
                    assert_eq!(
                        edges, expected,
                        "{w}x{h}, rows {top}..{bottom}, columns {left}..{right}, {wanted:?}"
                    );
                }
            }
        }
    }

    /// The multiply-and-shift row equals the division for every cell of
    /// boards of several widths at the size limit, and for every width on
    /// the last cells of its largest board.
    #[test]
    fn row_magic_divides_exactly() {
        for w in [2, 3, 7, 10, 999, 1000, 1001, MAX_CELLS / 2] {
            let m = row_magic(w);
            let cells = MAX_CELLS / w * w;
            for c in 0..cells {
                assert_eq!(((c as u64 * m) >> ROW_SHIFT) as usize, c / w, "cell {c}, width {w}");
            }
        }
        // The largest cells of every width (where the error is largest).
        for w in 2..=MAX_CELLS / 2 {
            let m = row_magic(w);
            let last = MAX_CELLS / w * w;
            for c in last.saturating_sub(2 * w).max(last.saturating_sub(4))..last {
                assert_eq!(((c as u64 * m) >> ROW_SHIFT) as usize, c / w, "cell {c}, width {w}");
            }
        }
    }
}
