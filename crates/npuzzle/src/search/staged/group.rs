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
//!
//! The open list is buckets by `f` and estimate ([`Open`]), and the pair
//! tables are kept for the whole staged solve ([`PairTables`]): on 6×6 a
//! weight-1.5 search of the first row that reaches its 200,000 states took
//! about 240 ms with a binary heap and every table built anew, 160 ms so,
//! and the tables of a line (14 ms for six tiles) are built once for all
//! plans and both directions.

use crate::time::Instant;
use std::cell::RefCell;
use std::collections::hash_map::Entry;
use std::rc::Rc;

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

/// The pair tables built so far in one staged solve, by the cells open to
/// the blank and the pair's two home cells: the plans (and both directions)
/// place the same lines in the same rectangles, so most tables repeat.
#[derive(Default)]
pub(super) struct PairTables(RefCell<FxHashMap<PairKey, Rc<[u8]>>>);

/// The cells open to the blank (bits) and the pair's two home cells.
type PairKey = (u64, usize, usize);

impl PairTables {
    fn get_or_build(&self, key: PairKey, build: impl FnOnce() -> Vec<u8>) -> Rc<[u8]> {
        if let Some(table) = self.0.borrow().get(&key) {
            return Rc::clone(table);
        }
        let table: Rc<[u8]> = build().into();
        self.0.borrow_mut().insert(key, Rc::clone(&table));
        table
    }
}

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
    /// Where the pair tables are kept for the next search.
    pub(super) pairs: &'a PairTables,
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

/// The arrangement after the blank, on cell `blank`, moves to the next
/// cell `to`: a target there takes the blank's cell. (Moving it back is
/// the same slide the other way.)
fn slide(state: u64, blank: usize, to: usize, k: usize) -> u64 {
    let mut next = state & !((1 << BITS) - 1) | to as u64;
    for i in 1..=k {
        if cell(state, i) == to {
            let shift = BITS * i as u32;
            next = next & !(((1 << BITS) - 1) << shift) | (blank as u64) << shift;
        }
    }
    next
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
        let tables: Vec<Rc<[u8]>> = pairs
            .iter()
            .map(|&(a, b)| {
                let key = (open, self.home(a), self.home(b));
                self.pairs
                    .get_or_build(key, || self.pair_table(a, b, open, &neighbours))
            })
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
        // For each state seen: its g and the move that reached it (undoing
        // the move gives the state before: no parent is stored).
        let mut seen: FxHashMap<u64, (u32, u8)> = FxHashMap::default();
        seen.insert(start, (0, u8::MAX));
        let mut open_list = Open::default();
        open_list.push(self.weight * h0, h0, start);
        let mut expanded = 0u64;
        let end = loop {
            let Some((f, h, s)) = open_list.pop() else {
                return Err(GaveUp::Impossible);
            };
            let g = (f - self.weight * h) / 2;
            if seen.get(&s).is_some_and(|&(best, _)| best < g) {
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
                let next = slide(s, blank, to, k);
                let g2 = g + 1;
                let reached = (g2, m.index() as u8);
                match seen.entry(next) {
                    Entry::Occupied(e) if e.get().0 <= g2 => continue,
                    Entry::Occupied(mut e) => {
                        let Some(h2) = estimate(next) else { continue };
                        *e.get_mut() = reached;
                        open_list.push(2 * g2 + self.weight * h2, h2, next);
                    }
                    Entry::Vacant(e) => {
                        let Some(h2) = estimate(next) else { continue };
                        e.insert(reached);
                        open_list.push(2 * g2 + self.weight * h2, h2, next);
                    }
                }
            }
        };
        let w = self.puzzle.w;
        let mut path = Vec::new();
        let mut s = end;
        while s != start {
            let mv = Move::ALL[usize::from(seen[&s].1)];
            path.push(mv);
            let to = cell(s, 0);
            let from = match mv {
                Move::Up => to + w,
                Move::Down => to - w,
                Move::Left => to + 1,
                Move::Right => to - 1,
            };
            s = slide(s, to, from, k);
        }
        path.reverse();
        for &mv in &path {
            self.puzzle.play(mv);
        }
        Ok(path)
    }
}

/// The open list of the best-first search: arrangements by `f` (twice the
/// moves plus the weighted estimate), then by estimate, lowest first; last
/// in, first out among equals. Both keys are small integers, so buckets
/// replace a binary heap, whose every pop walked a path through a heap of
/// hundreds of thousands of entries.
#[derive(Default)]
struct Open {
    /// `by_f[f][h]`: the arrangements of that `f` and estimate.
    by_f: Vec<Vec<Vec<u64>>>,
    /// No arrangement has a smaller `f`.
    min_f: usize,
    /// For each `f`, no arrangement of it has a smaller estimate.
    min_h: Vec<usize>,
}

impl Open {
    fn push(&mut self, f: u32, h: u32, state: u64) {
        let (f, h) = (f as usize, h as usize);
        if self.by_f.len() <= f {
            self.by_f.resize_with(f + 1, Vec::new);
            self.min_h.resize(f + 1, usize::MAX);
        }
        let bucket = &mut self.by_f[f];
        if bucket.len() <= h {
            bucket.resize_with(h + 1, Vec::new);
        }
        bucket[h].push(state);
        self.min_h[f] = self.min_h[f].min(h);
        self.min_f = self.min_f.min(f);
    }

    /// The first arrangement, with its `f` and estimate.
    fn pop(&mut self) -> Option<(u32, u32, u64)> {
        while self.min_f < self.by_f.len() {
            let f = self.min_f;
            let bucket = &mut self.by_f[f];
            let mut h = self.min_h[f];
            while h < bucket.len() {
                if let Some(state) = bucket[h].pop() {
                    self.min_h[f] = h;
                    return Some((f as u32, h as u32, state));
                }
                h += 1;
            }
            self.min_h[f] = usize::MAX;
            self.min_f += 1;
        }
        None
    }
}
