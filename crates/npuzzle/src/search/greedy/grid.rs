//! The board the constructive solver works on: tiles and their positions in
//! `u32`, the cells already solved, and the blank's routes around them.

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

/// Tiles, positions and locked cells, with every move sent to a sink.
pub(super) struct Grid<'s, S: MoveSink> {
    pub(super) w: usize,
    pub(super) h: usize,
    /// `c / w` as a multiply and a shift ([`Grid::at`] runs tens of times a
    /// move; a hardware division there was the solver's largest cost).
    row_magic: u64,
    /// `tiles[cell]`: the tile there (0 = blank).
    pub(super) tiles: Vec<u32>,
    /// `pos[tile]`: the cell it is on.
    pub(super) pos: Vec<u32>,
    /// `home_at[cell]`: the goal cell of the tile there, moved with the
    /// tile, so the blank's step choice reads it beside the cells it touches
    /// instead of looking the tile up in a table (a cache miss a move on
    /// 1000×1000).
    home_at: Vec<u32>,
    pub(super) blank: usize,
    /// Cells the blank must not enter: solved lines and tiles parked for a
    /// two-tile finish.
    pub(super) locked: Vec<bool>,
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
    pub(super) fn new(w: usize, h: usize, tiles: Vec<u32>, home: &[u32], sink: &'s mut S) -> Self {
        let cells = w * h;
        let mut pos = vec![0u32; cells];
        for (c, &t) in tiles.iter().enumerate() {
            pos[t as usize] = c as u32;
        }
        let blank = pos[0] as usize;
        let home_at = tiles.iter().map(|&t| home[t as usize]).collect();
        Grid {
            w,
            h,
            row_magic: row_magic(w),
            tiles,
            pos,
            home_at,
            blank,
            locked: vec![false; cells],
            moves: 0,
            sink,
            seen: vec![0; cells],
            parent: vec![0; cells],
            stamp: 0,
            queue: Vec::new(),
        }
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

    #[inline]
    pub(super) fn tile_pos(&self, tile: u32) -> usize {
        self.pos[tile as usize] as usize
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
        let tile = self.tiles[to];
        self.tiles[self.blank] = tile;
        self.home_at.swap(self.blank, to);
        self.pos[tile as usize] = self.blank as u32;
        self.tiles[to] = 0;
        self.pos[0] = to as u32;
        self.blank = to;
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
        let home = self.home_at[c] as usize;
        self.dist(from, home) < self.dist(c, home)
    }

    /// 1 if from `c` a free step toward `target` slides its tile nearer home.
    fn best_step(&self, c: usize, target: usize, avoid: usize) -> usize {
        let here = self.dist(c, target);
        self.neighbours(c)
            .into_iter()
            .any(|n| n != NONE && self.dist(n, target) < here && self.free(n, avoid) && self.helps(c, n))
            .into()
    }

    #[inline]
    fn free(&self, c: usize, avoid: usize) -> bool {
        c != avoid && !self.locked[c]
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
        while self.blank != target {
            let (br, bc) = self.at(self.blank);
            let (tr, tc) = self.at(target);
            let vertical = if tr > br {
                Some(self.blank + self.w)
            } else if tr < br {
                Some(self.blank - self.w)
            } else {
                None
            };
            let horizontal = if tc > bc {
                Some(self.blank + 1)
            } else if tc < bc {
                Some(self.blank - 1)
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
                if self.free(a, avoid) && self.free(b, avoid) {
                    let score =
                        |c: usize| 2 * usize::from(self.helps(self.blank, c)) + self.best_step(c, target, avoid);
                    if score(b) > score(a) {
                        (first, second) = (second, first);
                    }
                }
            }
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
    use super::*;
    use crate::board::MAX_CELLS;

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
