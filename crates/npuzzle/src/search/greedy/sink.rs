//! Where the constructive solver's moves go, one at a time.
//!
//! A 1000×1000 board takes billions of moves: they are handed to a sink as
//! they are made instead of being collected, so a caller can write them to a
//! file, count them or check them without holding them all.

use crate::board::Move;

/// Receives moves one at a time, in order.
///
/// ```
/// use npuzzle::search::greedy::{MoveSink, MoveCount};
/// use npuzzle::Move;
/// let mut count = MoveCount::default();
/// count.push(Move::Up);
/// let mut all: Vec<Move> = Vec::new();
/// all.push(Move::Left);
/// MoveSink::push(&mut all, Move::Right);
/// assert_eq!((count.0, all.len()), (1, 2));
/// ```
pub trait MoveSink {
    /// The next move.
    fn push(&mut self, mv: Move);
}

/// Collects the moves.
impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

/// Only counts the moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveCount(pub u64);

impl MoveSink for MoveCount {
    #[inline]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Writes the moves as `u d l r` letters to any writer; the first write
/// error is kept (and later moves dropped) so the solver's loop stays simple.
#[derive(Debug)]
pub struct WriteSink<W: std::io::Write> {
    out: W,
    buf: Vec<u8>,
    error: Option<std::io::Error>,
}

impl<W: std::io::Write> WriteSink<W> {
    const CHUNK: usize = 1 << 16;

    /// Writes to `out` in 64 KiB chunks.
    pub fn new(out: W) -> WriteSink<W> {
        WriteSink {
            out,
            buf: Vec::with_capacity(Self::CHUNK),
            error: None,
        }
    }

    /// Writes what is buffered and returns the writer, or the first error.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.flush_buf();
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.out),
        }
    }

    fn flush_buf(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(&self.buf) {
                self.error = Some(e);
            }
        }
        self.buf.clear();
    }
}

impl<W: std::io::Write> MoveSink for WriteSink<W> {
    #[inline]
    fn push(&mut self, mv: Move) {
        self.buf.push(b"udlr"[mv as usize]);
        if self.buf.len() == Self::CHUNK {
            self.flush_buf();
        }
    }
}

/// Plays every move on a copy of the board before passing it on, so that a
/// streamed solution is checked like a collected one: [`ReplaySink::reached`]
/// says whether the moves, all of them legal, ended at the goal.
///
/// ```
/// use npuzzle::search::greedy::{MoveCount, MoveSink, ReplaySink};
/// use npuzzle::{Board, Goal, Move};
/// let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
/// let mut sink = ReplaySink::new(board.clone(), MoveCount::default());
/// sink.push(Move::Right);
/// sink.push(Move::Right);
/// assert!(sink.reached(&Goal::standard(board.shape())));
/// assert_eq!(sink.into_inner().0, 2);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug)]
pub struct ReplaySink<S> {
    shape: crate::Shape,
    /// The tiles in row-major order, and the blank's cell, row and column,
    /// kept apart from [`crate::Board`] so a move is checked and played
    /// without a division (this replay runs once per move of billions).
    tiles: Vec<u32>,
    blank: usize,
    row: usize,
    col: usize,
    inner: S,
    legal: bool,
}

impl<S: MoveSink> ReplaySink<S> {
    /// Replays on `board`, passing moves on to `inner`.
    pub fn new(board: crate::Board, inner: S) -> ReplaySink<S> {
        let shape = board.shape();
        let blank = board.blank();
        ReplaySink {
            shape,
            tiles: board.wide_tiles(),
            blank,
            row: blank / shape.width(),
            col: blank % shape.width(),
            inner,
            legal: true,
        }
    }

    /// Whether every move was legal and the last one left the board at `goal`.
    pub fn reached(&self, goal: &crate::Goal) -> bool {
        self.legal
            && goal.shape() == self.shape
            && self
                .tiles
                .iter()
                .zip(goal.board().iter_tiles())
                .all(|(&t, g)| t as usize == g)
    }

    /// The sink the moves were passed on to.
    pub fn into_inner(self) -> S {
        self.inner
    }
}

impl<S: MoveSink> MoveSink for ReplaySink<S> {
    #[inline]
    fn push(&mut self, mv: Move) {
        // Row and column steps of `u d l r` (wrapping -1), by table rather than a
        // branch on the move, which the processor cannot predict.
        const ROW: [usize; 4] = [usize::MAX, 1, 0, 0];
        const COL: [usize; 4] = [0, 0, usize::MAX, 1];
        let (w, h) = (self.shape.width(), self.shape.height());
        // Off the board when the row or column wraps below zero or reaches the side.
        let (row, col) = (
            self.row.wrapping_add(ROW[mv as usize]),
            self.col.wrapping_add(COL[mv as usize]),
        );
        if row < h && col < w {
            let to = row * w + col;
            self.tiles[self.blank] = self.tiles[to];
            self.tiles[to] = 0;
            (self.blank, self.row, self.col) = (to, row, col);
        } else {
            self.legal = false;
        }
        self.inner.push(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_sink_writes_every_move_in_order() {
        let mut sink = WriteSink::new(Vec::new());
        let moves = Move::parse_list(&"urdl".repeat(50_000)).unwrap();
        for &m in &moves {
            sink.push(m);
        }
        let out = sink.finish().unwrap();
        assert_eq!(out, Move::format_list(&moves).into_bytes());
    }

    /// The replay agrees with [`crate::Board::try_apply`] move by move,
    /// illegal moves included (which leave the board as it was).
    #[test]
    fn replay_sink_plays_like_the_board() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for (w, h) in [(2, 2), (3, 5), (7, 4), (20, 20)] {
            let goal = crate::Goal::standard(crate::Shape::new(w, h).unwrap());
            let start = crate::random::random_solvable(&goal, &mut rng);
            let mut board = start.clone();
            let mut sink = ReplaySink::new(start.clone(), MoveCount::default());
            let mut legal = true;
            for _ in 0..2000 {
                let mv = Move::ALL[rng.random_range(0..4)];
                legal &= board.try_apply(mv);
                sink.push(mv);
                let replayed = crate::Board::from_wide(board.shape(), sink.tiles.clone()).unwrap();
                assert_eq!(replayed, board);
                assert_eq!(sink.reached(&crate::Goal::new(board.clone())), legal);
            }
            assert!(!legal, "2000 random moves on {w}x{h} never left the board");
        }
        let board: crate::Board = "1 2 3 4 5 6 7 8 x".parse().unwrap();
        let mut sink = ReplaySink::new(board.clone(), MoveCount::default());
        sink.push(Move::Left);
        sink.push(Move::Right);
        assert!(sink.reached(&crate::Goal::standard(board.shape())));
        sink.push(Move::Right);
        assert!(!sink.reached(&crate::Goal::standard(board.shape())));
    }
}
