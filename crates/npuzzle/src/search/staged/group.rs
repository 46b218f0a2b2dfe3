//! A best-first sub-search for groups too big for the breadth-first one
//! ([`subgoal`](super::subgoal)): up to [`MAX_GROUP`] tiles (a whole line)
//! put home at once, the blank inside a rectangle and off held cells.
//!
//! The state is again the cells of the blank and the targets, now packed
//! six bits a cell in a `u64` and kept in a hash map, as `cells^(k+1)`
//! arrangements no longer fit an array. The estimate is exact for each
//! *pair* of targets: a breadth-first search over the blank and those two
//! tiles, from all arrangements with both home (the moves are reversible),
//! gives a table of `cells³` distances per pair, and the estimate of an
//! arrangement is the largest of its pairs' distances. Each is the true
//! distance of a relaxed problem (the other targets ignored), so the
//! largest is admissible and consistent; unlike Manhattan distance it
//! counts the blank's walk around each tile (about five moves a step).
//! A* with it ([`GroupSearch::weight`] 2, in half units) is optimal for the
//! group; a larger weight trades length for fewer nodes. A search that
//! expands [`GroupSearch::max_nodes`] states gives up ([`GaveUp::TooBig`])
//! and the caller places the group in smaller pieces.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

use rustc_hash::FxHashMap;

use super::subgoal::{GaveUp, Puzzle, Rect};
use crate::board::Move;

/// The most tiles one best-first sub-search puts home (a line of 8×8).
pub const MAX_GROUP: usize = 8;

/// Bits per cell in a packed arrangement.
const BITS: u32 = 6;
/// Marks a pair-table entry not reached.
const FAR: u8 = u8::MAX;
/// No cell.
const NONE: u8 = u8::MAX;
/// Expanded states between two looks at the clock.
const POLL_EVERY: u64 = 4096;

/// The best-first search for `targets`, played on `puzzle`.
pub(super) struct GroupSearch<'a> {
    pub(super) puzzle: &'a mut Puzzle,
    pub(super) rect: Rect,
    /// Cells (bits) the blank must not enter.
    pub(super) locked: u64,
    pub(super) targets: &'a [u8],
    pub(super) deadline: Option<Instant>,
    /// States expanded before giving up.
    pub(super) max_nodes: u64,
    /// The estimate's weight in halves: 2 is A* (optimal), 3 is 1.5, ….
    pub(super) weight: u32,
}

/// A packed arrangement: the blank's cell, then each target's.
fn pack(cells: &[usize]) -> u64 {
    cells
        .iter()
        .enumerate()
        .fold(0, |a, (i, &c)| a | (c as u64) << (BITS * i as u32))
}

fn cell(state: u64, i: usize) -> usize {
    (state >> (BITS * i as u32) & ((1 << BITS) - 1)) as usize
}

impl GroupSearch<'_> {
    /// The cells the blank may enter, as bits.
    fn open_cells(&self) -> u64 {
        let w = self.puzzle.w;
        let mut open = 0u64;
        for r in self.rect.top..self.rect.bottom {
            for c in self.rect.left..self.rect.right {
                open |= 1 << (r * w + c);
            }
        }
        open & !self.locked
    }

    /// The cells one blank move from `c` that the blank may enter, with the move.
    fn steps(&self, c: usize, open: u64) -> impl Iterator<Item = (Move, usize)> + '_ {
        let w = self.puzzle.w;
        let (r, col) = (c / w, c % w);
        Move::ALL.into_iter().filter_map(move |mv| {
            let to = match mv {
                Move::Up => (r > 0).then(|| c - w)?,
                Move::Down => (r + 1 < self.puzzle.h).then_some(c + w)?,
                Move::Left => (col > 0).then(|| c - 1)?,
                Move::Right => (col + 1 < w).then_some(c + 1)?,
            };
            (open >> to & 1 == 1).then_some((mv, to))
        })
    }

    /// For each cell, the cells one blank move away that the blank may
    /// enter ([`NONE`] past the last).
    fn neighbours(&self, open: u64) -> Vec<[u8; 4]> {
        (0..self.puzzle.w * self.puzzle.h)
            .map(|c| {
                let mut next = [NONE; 4];
                for (slot, (_, to)) in next.iter_mut().zip(self.steps(c, open)) {
                    *slot = to as u8;
                }
                next
            })
            .collect()
    }

    /// The exact distances of the relaxed problem with only targets `a`
    /// and `b` (the same twice for a lone target), indexed
    /// `blank + cells * (a's cell + cells * b's cell)`.
    fn pair_table(&self, a: usize, b: usize, open: u64, neighbours: &[[u8; 4]]) -> Vec<u8> {
        let n = self.puzzle.w * self.puzzle.h;
        let (ha, hb) = (self.home(a), self.home(b));
        let index = |blank: usize, pa: usize, pb: usize| blank + n * (pa + n * pb);
        let mut dist = vec![FAR; n * n * n];
        // Arrangements as blank | a << 8 | b << 16, in breadth-first order.
        let mut queue: Vec<u32> = Vec::with_capacity(n * n * n);
        for blank in (0..n).filter(|&c| open >> c & 1 == 1 && c != ha && c != hb) {
            dist[index(blank, ha, hb)] = 0;
            queue.push((blank | ha << 8 | hb << 16) as u32);
        }
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head] as usize;
            head += 1;
            let (blank, pa, pb) = (s & 0xff, s >> 8 & 0xff, s >> 16);
            let d = dist[index(blank, pa, pb)].saturating_add(1).min(FAR - 1);
            for &to in neighbours[blank].iter().take_while(|&&t| t != NONE) {
                let to = usize::from(to);
                let na = if pa == to { blank } else { pa };
                let nb = if pb == to { blank } else { pb };
                let i = index(to, na, nb);
                if dist[i] == FAR {
                    dist[i] = d;
                    queue.push((to | na << 8 | nb << 16) as u32);
                }
            }
        }
        dist
    }

    fn home(&self, target: usize) -> usize {
        usize::from(self.puzzle.home[usize::from(self.targets[target])])
    }

    /// The fewest moves putting every target home (with weight 2; at most
    /// `weight / 2` times that otherwise), played on the puzzle.
    pub(super) fn run(self) -> Result<Vec<Move>, GaveUp> {
        let k = self.targets.len();
        if k == 0 || k > MAX_GROUP {
            return Err(GaveUp::TooBig);
        }
        let n = self.puzzle.w * self.puzzle.h;
        let open = self.open_cells();
        let pairs: Vec<(usize, usize)> = if k == 1 {
            vec![(0, 0)]
        } else {
            (0..k).flat_map(|a| (a + 1..k).map(move |b| (a, b))).collect()
        };
        let neighbours = self.neighbours(open);
        let tables: Vec<Vec<u8>> = pairs
            .iter()
            .map(|&(a, b)| self.pair_table(a, b, open, &neighbours))
            .collect();
        let estimate = |s: u64| -> Option<u32> {
            let blank = cell(s, 0);
            let mut h = 0;
            for (&(a, b), table) in pairs.iter().zip(&tables) {
                let d = table[blank + n * (cell(s, a + 1) + n * cell(s, b + 1))];
                if d == FAR {
                    return None;
                }
                h = h.max(u32::from(d));
            }
            Some(h)
        };
        let mut start = vec![self.puzzle.blank];
        start.extend(
            self.targets
                .iter()
                .map(|&t| usize::from(self.puzzle.pos[usize::from(t)])),
        );
        let start = pack(&start);
        let h0 = estimate(start).ok_or(GaveUp::Impossible)?;
        // For each state seen: its g, the state it came from and the move.
        let mut seen: FxHashMap<u64, (u32, u64, u8)> = FxHashMap::default();
        seen.insert(start, (0, start, u8::MAX));
        let mut open_list = BinaryHeap::from([Reverse((self.weight * h0, h0, 0u32, start))]);
        let mut expanded = 0u64;
        let end = loop {
            let Some(Reverse((_, h, g, s))) = open_list.pop() else {
                return Err(GaveUp::Impossible);
            };
            if seen.get(&s).is_some_and(|&(best, _, _)| best < g) {
                continue;
            }
            if h == 0 {
                break s;
            }
            expanded += 1;
            if expanded > self.max_nodes {
                return Err(GaveUp::TooBig);
            }
            if expanded % POLL_EVERY == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(GaveUp::Time);
            }
            let blank = cell(s, 0);
            for (m, to) in self.steps(blank, open) {
                let mut next = s & !((1 << BITS) - 1) | to as u64;
                for i in 1..=k {
                    if cell(s, i) == to {
                        let shift = BITS * i as u32;
                        next = next & !(((1 << BITS) - 1) << shift) | (blank as u64) << shift;
                    }
                }
                let g2 = g + 1;
                if seen.get(&next).is_some_and(|&(best, _, _)| best <= g2) {
                    continue;
                }
                let Some(h2) = estimate(next) else { continue };
                seen.insert(next, (g2, s, m.index() as u8));
                open_list.push(Reverse((2 * g2 + self.weight * h2, h2, g2, next)));
            }
        };
        let mut path = Vec::new();
        let mut s = end;
        while s != start {
            let (_, parent, m) = seen[&s];
            path.push(Move::ALL[usize::from(m)]);
            s = parent;
        }
        path.reverse();
        for &mv in &path {
            self.puzzle.play(mv);
        }
        Ok(path)
    }
}
