//! Bringing tiles home: one tile along a cheap path, a line of tiles into
//! an edge of the unsolved rectangle, and the last two of a line together.

use super::grid::{Grid, NONE};
use super::sink::MoveSink;

/// Why the solver could not go on: a bug, never a property of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Stuck(pub(super) &'static str);

impl<S: MoveSink> Grid<'_, S> {
    /// The estimated blank moves to reach `front` (a neighbour of the tile at
    /// `tile`) from `from`, all three as rows and columns: the Manhattan
    /// distance, plus two when the tile stands in the straight line between them.
    #[inline]
    fn blank_cost((fr, fc): (usize, usize), (tr, tc): (usize, usize), (pr, pc): (usize, usize)) -> usize {
        let d = fr.abs_diff(tr) + fc.abs_diff(tc);
        let between = (fr == tr && fr == pr && pc > fc.min(tc) && pc < fc.max(tc))
            || (fc == tc && fc == pc && pr > fr.min(tr) && pr < fr.max(tr));
        d + 2 * usize::from(between)
    }

    /// Estimated moves to bring the tile at `from` to `to` with the blank at
    /// `blank`: the blank's way to the tile, then five moves a step straight
    /// and three a step on the diagonal (a turn leaves the blank two moves
    /// from the next front, a straight step four).
    pub(super) fn placement_cost(&self, blank: usize, from: usize, to: usize) -> usize {
        if from == to {
            return 0;
        }
        let ((fr, fc), (tr, tc)) = (self.at(from), self.at(to));
        let (a, b) = (fr.abs_diff(tr), fc.abs_diff(tc));
        self.dist(blank, from).saturating_sub(1) + 5 * a.max(b) + b.min(a)
    }

    /// Moves `tile` to `target` one step at a time: each step goes to a free
    /// neighbour closer to the target, the one whose front the blank reaches
    /// most cheaply, so moves alternate between the two axes (three blank
    /// moves a step) while both still shorten the way. (The unsolved cells
    /// are a rectangle less a stretch of its edge line beside the target, so
    /// a shorter step always exists; a longer one is taken only if not.)
    pub(super) fn move_tile(&mut self, tile: u32, target: usize) -> Result<(), Stuck> {
        // Every step but a rare first one shortens the way, so a tile never
        // needs more steps than this; more would be a loop (a bug), not a hang.
        let limit = 2 * (self.w + self.h) + 4;
        let (tr, tc) = self.at(target);
        for _ in 0..limit {
            let p = self.tile_pos(tile);
            if p == target {
                return Ok(());
            }
            let (pr, pc) = self.at(p);
            let here = pr.abs_diff(tr) + pc.abs_diff(tc);
            // (closer, cost, cell): a closer step first, then the cheaper front.
            let mut best = (false, usize::MAX, NONE);
            let fronts = [
                (pr.wrapping_sub(1), pc),
                (pr + 1, pc),
                (pr, pc.wrapping_sub(1)),
                (pr, pc + 1),
            ];
            for (q, (qr, qc)) in self.neighbours(p).into_iter().zip(fronts) {
                if q == NONE || self.is_locked(q) {
                    continue;
                }
                let closer = qr.abs_diff(tr) + qc.abs_diff(tc) < here;
                let cost = if q == self.blank {
                    0
                } else {
                    Self::blank_cost(self.blank_at(), (qr, qc), (pr, pc))
                };
                if (closer && !best.0) || (closer == best.0 && cost < best.1) {
                    best = (closer, cost, q);
                }
            }
            let q = best.2;
            if q == NONE {
                return Err(Stuck("no step for the tile"));
            }
            if !self.blank_to(q, p) {
                return Err(Stuck("no way for the blank to the tile"));
            }
            self.slide(p);
        }
        Err(Stuck("the tile went round in circles"))
    }

    /// Solves the line `cells` (the edge of the unsolved rectangle), whose
    /// tiles are `want[i]` for `cells[i]`; `inward` is the offset from a line
    /// cell to its neighbour inside the rectangle.
    ///
    /// Tiles go home one at a time from either end of the unsolved stretch,
    /// the cheaper next ([`Grid::placement_cost`], which counts the blank's
    /// walk to the tile), until two are left, which go home together
    /// ([`Grid::finish_pair`]). Placing from the ends never leaves a single
    /// cell walled in between solved ones (the blank could not get behind a
    /// tile coming into it). Choosing any cell of the stretch instead halves
    /// the blank's walks but leaves a pair to finish wherever the stretch was
    /// split, and those cost more than the walks saved (measured on 20×20 and
    /// 50×50 boards: 2.60–2.62 n³ against 2.58–2.59 n³).
    pub(super) fn solve_line(&mut self, cells: &[usize], want: &[u32], inward: isize) -> Result<(), Stuck> {
        let (mut lo, mut hi) = (0, cells.len() - 1);
        while hi - lo >= 2 {
            let cost = |g: &Self, i: usize| g.placement_cost(g.blank, g.tile_pos(want[i]), cells[i]);
            let i = if cost(self, lo) <= cost(self, hi) { lo } else { hi };
            self.move_tile(want[i], cells[i])?;
            self.lock(cells[i]);
            if i == lo {
                lo += 1;
            } else {
                hi -= 1;
            }
        }
        self.finish_pair([cells[lo], cells[hi]], [want[lo], want[hi]], inward)
    }

    /// Brings tiles `want` home to the two adjacent line cells `cells`, whose
    /// other neighbours along the line are solved or off the board. One tile
    /// cannot simply go home before the other (the second cell would be walled
    /// in), so the classic finish: one tile onto the other's cell, the other
    /// just inside it, the blank onto the free cell, two moves — in whichever
    /// mirror image is cheaper. When the blank is walled in on the way (the
    /// second tile just inside the free cell), [`Grid::finish_in_block`] does it.
    fn finish_pair(&mut self, cells: [usize; 2], want: [u32; 2], inward: isize) -> Result<(), Stuck> {
        if self.tile_pos(want[0]) != cells[0] || self.tile_pos(want[1]) != cells[1] {
            let inside = |c: usize| (c as isize + inward) as usize;
            let cost = |g: &Self, tile: u32, to: usize| g.placement_cost(g.blank, g.tile_pos(tile), to);
            // (tile for the far cell, tile for just inside it, far cell, free cell)
            let plan = if cost(self, want[0], cells[1]) <= cost(self, want[1], cells[0]) {
                (want[0], want[1], cells[1], cells[0])
            } else {
                (want[1], want[0], cells[0], cells[1])
            };
            let (far, near) = (plan.2, plan.3);
            let quick = self.stage_pair(plan.0, plan.1, far, near, inside(far));
            self.unlock(far);
            self.unlock(inside(far));
            match quick {
                Ok(()) => {
                    self.slide(far);
                    self.slide(inside(far));
                }
                Err(_) => self.finish_in_block(cells, want, inward)?,
            }
        }
        self.lock(cells[0]);
        self.lock(cells[1]);
        Ok(())
    }

    /// Puts `first` on `far`, `second` on `below` (just inside `far`), both
    /// held, and the blank on `near`.
    fn stage_pair(&mut self, first: u32, second: u32, far: usize, near: usize, below: usize) -> Result<(), Stuck> {
        self.move_tile(first, far)?;
        self.lock(far);
        self.move_tile(second, below)?;
        self.lock(below);
        if self.blank_to(near, NONE) {
            Ok(())
        } else {
            Err(Stuck("the blank is walled in"))
        }
    }

    /// The pair finish that always works: the first tile goes home and is
    /// held, the second is brought into the 2×3 block made of the two cells
    /// and the two cells inward of each, the blank joins them, and a
    /// breadth-first search over the block's 120 arrangements of (first
    /// tile, second tile, blank) — the other tiles in the block do not
    /// matter — finishes both. Any arrangement can be finished inside a 2×3
    /// block when at least two of its tiles are free to end anywhere.
    fn finish_in_block(&mut self, cells: [usize; 2], want: [u32; 2], inward: isize) -> Result<(), Stuck> {
        let step = |c: usize, k: isize| (c as isize + k * inward) as usize;
        let block = [
            cells[0],
            cells[1],
            step(cells[0], 1),
            step(cells[1], 1),
            step(cells[0], 2),
            step(cells[1], 2),
        ];
        self.move_tile(want[0], cells[0])?;
        self.lock(cells[0]);
        if !block.contains(&self.tile_pos(want[1])) {
            // The nearest block cell inside the line (the second line
            // cell is walled in while the first tile is held).
            let from = self.tile_pos(want[1]);
            let target = block[2..]
                .iter()
                .copied()
                .min_by_key(|&c| self.dist(from, c))
                .ok_or(Stuck("empty block"))?;
            self.move_tile(want[1], target)?;
        }
        if !block.contains(&self.blank) {
            let avoid = self.tile_pos(want[1]);
            let target = block[2..]
                .iter()
                .copied()
                .find(|&c| c != avoid)
                .ok_or(Stuck("empty block"))?;
            if !self.blank_to(target, avoid) {
                return Err(Stuck("the blank cannot reach the block"));
            }
        }
        self.unlock(cells[0]);
        self.solve_block(&block, want, cells)
    }

    /// Breadth-first search inside `block` (six cells, the blank and both
    /// tiles in it) for the fewest moves putting `want[i]` on `cells[i]`.
    fn solve_block(&mut self, block: &[usize; 6], want: [u32; 2], cells: [usize; 2]) -> Result<(), Stuck> {
        let index = |c: usize| block.iter().position(|&b| b == c);
        let (Some(b0), Some(x0), Some(y0)) = (
            index(self.blank),
            index(self.tile_pos(want[0])),
            index(self.tile_pos(want[1])),
        ) else {
            return Err(Stuck("a pair tile left the block"));
        };
        let (gx, gy) = (
            index(cells[0]).ok_or(Stuck("a pair cell outside the block"))?,
            index(cells[1]).ok_or(Stuck("a pair cell outside the block"))?,
        );
        // Block cells adjacent on the board.
        let adjacent = |i: usize, j: usize| self.dist(block[i], block[j]) == 1;
        let key = |b: usize, x: usize, y: usize| (b * 6 + x) * 6 + y;
        let mut parent = [usize::MAX; 216];
        let start = key(b0, x0, y0);
        parent[start] = start;
        let mut queue = vec![start];
        let mut head = 0;
        let mut end = None;
        while head < queue.len() {
            let k = queue[head];
            head += 1;
            let (b, x, y) = (k / 36, k / 6 % 6, k % 6);
            if x == gx && y == gy {
                end = Some(k);
                break;
            }
            for n in (0..6).filter(|&n| adjacent(b, n)) {
                let (nx, ny) = (if n == x { b } else { x }, if n == y { b } else { y });
                let next = key(n, nx, ny);
                if parent[next] == usize::MAX {
                    parent[next] = k;
                    queue.push(next);
                }
            }
        }
        let mut k = end.ok_or(Stuck("no finish inside the block"))?;
        let mut path = Vec::new();
        while k != start {
            path.push(block[k / 36]);
            k = parent[k];
        }
        for &c in path.iter().rev() {
            self.slide(c);
        }
        Ok(())
    }
}
