//! The optimal sub-search of a stage: the fewest moves that put one to
//! [`MAX_TARGETS`] chosen tiles (the *targets*) on their home cells, the
//! blank moving only inside a rectangle of the board and never onto a held
//! cell; where the other tiles end does not matter.
//!
//! For that goal only the cells of the blank and the targets matter, so the
//! search is breadth-first over those (at most 64⁴ arrangements, one byte
//! each: the move that reached it), and its answer is exact. A heuristic
//! search was tried first: Manhattan distance and linear conflicts of the
//! targets count a tile's step as one move where it costs the blank five,
//! and IDA* with them expanded millions of nodes for a single tile on 6×6.
//! (Groups too big for this search go to [`group`](super::group), whose
//! estimate is exact for each pair of tiles and counts those blank moves.)

use crate::time::Instant;

use crate::board::{Board, Move};
use crate::goal::Goal;

/// The most cells a staged board may have (8×8; the tiles fit in a byte).
pub const MAX_CELLS: usize = 64;

/// The most tiles one sub-search puts home.
pub const MAX_TARGETS: usize = 3;

/// The most arrangements a sub-search may index (three targets on 7×7:
/// 49⁴, 5.8 MB; on 8×8 three targets are refused).
const MAX_STATES: usize = 49 * 49 * 49 * 49;

/// The rows `top..bottom` and columns `left..right` the blank may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rect {
    pub(super) top: usize,
    pub(super) bottom: usize,
    pub(super) left: usize,
    pub(super) right: usize,
}

impl Rect {
    /// The whole board of `w`×`h` cells.
    pub(super) fn whole(w: usize, h: usize) -> Rect {
        Rect {
            top: 0,
            bottom: h,
            left: 0,
            right: w,
        }
    }

    /// The same cells with rows and columns swapped.
    pub(super) fn transposed(self) -> Rect {
        Rect {
            top: self.left,
            bottom: self.right,
            left: self.top,
            right: self.bottom,
        }
    }

    pub(super) fn height(self) -> usize {
        self.bottom - self.top
    }

    pub(super) fn width(self) -> usize {
        self.right - self.left
    }
}

/// A small board in place: tiles, their cells, the blank, and each tile's
/// home cell.
#[derive(Debug, Clone)]
pub(super) struct Puzzle {
    pub(super) w: usize,
    pub(super) h: usize,
    pub(super) tiles: [u8; MAX_CELLS],
    pub(super) pos: [u8; MAX_CELLS],
    pub(super) home: [u8; MAX_CELLS],
    pub(super) blank: usize,
}

impl Puzzle {
    /// `tiles` in row-major order (0 the blank) and `home[tile]`, the cell each tile belongs on.
    pub(super) fn new(w: usize, h: usize, tiles: &[u8], home: &[u8]) -> Puzzle {
        let mut p = Puzzle {
            w,
            h,
            tiles: [0; MAX_CELLS],
            pos: [0; MAX_CELLS],
            home: [0; MAX_CELLS],
            blank: 0,
        };
        for (c, &t) in tiles.iter().enumerate() {
            p.tiles[c] = t;
            p.pos[usize::from(t)] = c as u8;
        }
        p.home[..home.len()].copy_from_slice(home);
        p.blank = usize::from(p.pos[0]);
        p
    }

    /// `board` with each tile's home in `goal` (boards of at most [`MAX_CELLS`] cells).
    pub(super) fn of(board: &Board, goal: &Goal) -> Puzzle {
        let shape = board.shape();
        let tiles: Vec<u8> = board.iter_tiles().map(|t| t as u8).collect();
        let home: Vec<u8> = goal.homes().iter().map(|&c| c as u8).collect();
        Puzzle::new(shape.width(), shape.height(), &tiles, &home)
    }

    /// The cell one step `mv` from `c` inside `rect`, if any.
    #[inline]
    fn step(&self, c: usize, mv: Move, rect: Rect) -> Option<usize> {
        let (r, col) = (c / self.w, c % self.w);
        match mv {
            Move::Up => (r > rect.top).then(|| c - self.w),
            Move::Down => (r + 1 < rect.bottom).then(|| c + self.w),
            Move::Left => (col > rect.left).then(|| c - 1),
            Move::Right => (col + 1 < rect.right).then(|| c + 1),
        }
    }

    /// Plays `mv` if it stays on the board.
    pub(super) fn play(&mut self, mv: Move) -> bool {
        match self.step(self.blank, mv, Rect::whole(self.w, self.h)) {
            Some(to) => {
                let t = self.tiles[to];
                self.tiles[self.blank] = t;
                self.pos[usize::from(t)] = self.blank as u8;
                self.tiles[to] = 0;
                self.pos[0] = to as u8;
                self.blank = to;
                true
            }
            None => false,
        }
    }
}

/// Why a sub-search stopped without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum GaveUp {
    /// Too many arrangements to index ([`MAX_STATES`]).
    TooBig,
    /// The deadline passed.
    Time,
    /// No arrangement inside the rectangle puts the targets home.
    Impossible,
}

/// The breadth-first search for `targets`, played on `puzzle`.
pub(super) struct SubSearch<'a> {
    pub(super) puzzle: &'a mut Puzzle,
    pub(super) rect: Rect,
    /// Cells (bits) the blank must not enter: tiles placed and held.
    pub(super) locked: u64,
    pub(super) targets: &'a [u8],
    pub(super) deadline: Option<Instant>,
}

/// Marks an arrangement not reached yet.
const UNSEEN: u8 = u8::MAX;

/// Boards taken from the queue between two looks at the deadline, as
/// often as the group search looks: a staged solve under a time budget
/// (`anytime`, `--improve`) stops soon after its deadline.
const POLL_EVERY: usize = 4096;

/// Marks the start.
const START: u8 = 4;

impl<'a> SubSearch<'a> {
    pub(super) fn new(puzzle: &'a mut Puzzle, rect: Rect, targets: &'a [u8]) -> SubSearch<'a> {
        SubSearch {
            puzzle,
            rect,
            locked: 0,
            targets,
            deadline: None,
        }
    }

    /// The fewest moves putting every target home, played on the puzzle.
    pub(super) fn run(self) -> Result<Vec<Move>, GaveUp> {
        let (k, cells) = (self.targets.len(), self.puzzle.w * self.puzzle.h);
        if k == 0 || k > MAX_TARGETS || cells.pow(k as u32 + 1) > MAX_STATES.max(MAX_CELLS.pow(3)) {
            return Err(GaveUp::TooBig);
        }
        // An arrangement: the blank's cell, then each target's, as digits base `cells`.
        let encode = |s: &[usize; 4]| s[..=k].iter().rev().fold(0, |a, &c| a * cells + c);
        let decode = |mut i: usize| {
            let mut s = [0usize; 4];
            for d in s.iter_mut().take(k + 1) {
                *d = i % cells;
                i /= cells;
            }
            s
        };
        let mut start = [0usize; 4];
        start[0] = self.puzzle.blank;
        for (i, &t) in self.targets.iter().enumerate() {
            start[i + 1] = usize::from(self.puzzle.pos[usize::from(t)]);
        }
        let homes: Vec<usize> = self
            .targets
            .iter()
            .map(|&t| usize::from(self.puzzle.home[usize::from(t)]))
            .collect();
        let done = |s: &[usize; 4]| (0..k).all(|i| s[i + 1] == homes[i]);
        let mut how = vec![UNSEEN; cells.pow(k as u32 + 1)];
        how[encode(&start)] = START;
        let mut queue = vec![encode(&start)];
        let mut head = 0;
        let mut end = None;
        while head < queue.len() {
            if head % POLL_EVERY == POLL_EVERY - 1 && self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(GaveUp::Time);
            }
            let s = decode(queue[head]);
            head += 1;
            if done(&s) {
                end = Some(s);
                break;
            }
            for (m, mv) in Move::ALL.into_iter().enumerate() {
                let Some(n) = self.puzzle.step(s[0], mv, self.rect) else {
                    continue;
                };
                if self.locked >> n & 1 == 1 {
                    continue;
                }
                let mut next = s;
                next[0] = n;
                for c in &mut next[1..=k] {
                    if *c == n {
                        *c = s[0];
                    }
                }
                let i = encode(&next);
                if how[i] == UNSEEN {
                    how[i] = m as u8;
                    queue.push(i);
                }
            }
        }
        let mut s = end.ok_or(GaveUp::Impossible)?;
        // Walk back: the blank came from one step against the move; a target
        // on that cell now was on the blank's cell before.
        let mut path = Vec::new();
        loop {
            let m = how[encode(&s)];
            if m == START {
                break;
            }
            let mv = Move::ALL[usize::from(m)];
            path.push(mv);
            let back = self
                .puzzle
                .step(s[0], mv.opposite(), self.rect)
                .ok_or(GaveUp::Impossible)?;
            let blank = s[0];
            s[0] = back;
            for c in &mut s[1..=k] {
                if *c == back {
                    *c = blank;
                }
            }
        }
        path.reverse();
        for &mv in &path {
            self.puzzle.play(mv);
        }
        Ok(path)
    }
}
