//! A constructive (`greedy`) solution streamed as it is made: a 1000×1000
//! board takes billions of moves, so a front-end writes them (to its output,
//! a temporary file) instead of holding them. Every move is replayed on a
//! copy of the board on its way, so a streamed solution is checked like a
//! collected one; the end says whether the moves written solve the board.

use std::io::Write;

use npuzzle::search::greedy::{self, Finish, ReplaySink, WriteSink};
use npuzzle::solution::BudgetClock;
use npuzzle::{Budget, BudgetKind, Cancel, Stats};

use crate::Job;

/// How a streamed solve ended.
#[derive(Debug)]
pub enum StreamEnd {
    /// The moves written (this many) replay to the goal.
    Solved(u64),
    /// Parity rules the goal out: no move was written.
    Unsolvable,
    /// A budget ran out: the moves written are the part made.
    BudgetReached(BudgetKind),
    /// The solver failed after its moves began.
    Failed(StreamFailure),
}

/// Why a streamed solve failed (each a bug to report, or the engine's error).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StreamFailure {
    /// The moves did not replay to the goal.
    #[error("the greedy moves did not replay to the goal (a bug: please report the board)")]
    NotReplayed,
    /// The solver ended in a way a streamed solve does not expect.
    #[error("the greedy solver ended with {0} after its moves began (a bug: please report the board)")]
    Ended(String),
    /// The engine's error.
    #[error(transparent)]
    Engine(#[from] npuzzle::Error),
}

/// A streamed solve: the writer back (or its first write error), how it
/// ended, and what it cost.
#[derive(Debug)]
pub struct Streamed<W> {
    /// The writer, or the first error writing to it.
    pub out: std::io::Result<W>,
    /// How the solve ended.
    pub end: StreamEnd,
    /// Its time, the memory of its grid and the moves made.
    pub stats: Stats,
    /// The moves written, counted in the multi-tile metric (each run of one
    /// letter counts one).
    pub mtm_length: u64,
}

/// A writer that counts the runs of equal bytes written through it: the
/// multi-tile length of the `u d l r` letters, without holding them.
struct RunCount<W> {
    inner: W,
    last: Option<u8>,
    runs: u64,
}

impl<W: Write> Write for RunCount<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(bytes)?;
        for &b in &bytes[..n] {
            if self.last != Some(b) {
                self.runs += 1;
                self.last = Some(b);
            }
        }
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

impl Job {
    /// Whether this job's solution can be streamed: the constructive solver,
    /// without an improvement (which rewrites the whole solution).
    pub fn streams(&self) -> bool {
        self.algorithm() == npuzzle::Algorithm::Greedy && self.solver.options().improve.is_none()
    }

    /// Solves with the constructive solver under `budget`, writing each move
    /// to `out` as `u d l r` letters as it is made, and ending with
    /// [`BudgetKind::Cancelled`] once `cancel` is raised.
    pub fn stream<W: Write>(&self, out: W, budget: Budget, cancel: &Cancel) -> Streamed<W> {
        let clock = BudgetClock::start(budget).with_cancel(cancel.clone());
        let counted = RunCount {
            inner: out,
            last: None,
            runs: 0,
        };
        let mut sink = ReplaySink::new(self.board.clone(), WriteSink::new(counted));
        let end = greedy::solve_into_with(&self.board, &self.goal, self.solver.tables(), &clock, &mut sink);
        let reached = sink.reached(&self.goal);
        let (out, mtm_length) = match sink.into_inner().finish() {
            Ok(counted) => (Ok(counted.inner), counted.runs),
            Err(e) => (Err(e), 0),
        };
        let mut stats = Stats::default();
        stats.elapsed = clock.elapsed();
        stats.peak_bytes = greedy::BYTES_PER_CELL * self.board.shape().cells() as u64;
        let end = match end {
            Ok(Finish::Solved(length)) if reached => {
                stats.moves_made = Some(length);
                StreamEnd::Solved(length)
            }
            Ok(Finish::Solved(_)) => StreamEnd::Failed(StreamFailure::NotReplayed),
            Ok(Finish::Unsolvable) => StreamEnd::Unsolvable,
            Ok(Finish::BudgetReached(kind)) => StreamEnd::BudgetReached(kind),
            Ok(other) => StreamEnd::Failed(StreamFailure::Ended(format!("{other:?}"))),
            Err(e) => StreamEnd::Failed(StreamFailure::Engine(e)),
        };
        Streamed {
            out,
            end,
            stats,
            mtm_length,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::{Algorithm, Cancel, Goal, SolverOptions};
    use std::sync::Arc;

    fn job(board: &str) -> Job {
        let board: npuzzle::Board = board.parse().unwrap();
        let goal = Goal::standard(board.shape());
        let options = SolverOptions::default().with_algorithm(Algorithm::Greedy);
        Job {
            solvable: npuzzle::parity::is_solvable(&board, &goal),
            board,
            goal,
            solver: Arc::new(npuzzle::Solver::new(options)),
            budget: Budget::default(),
            question: crate::Question::Solve,
        }
    }

    #[test]
    fn streamed_moves_are_the_collected_solution() {
        let job = job("8 6 7 2 5 4 3 x 1");
        assert!(job.streams());
        let streamed = job.stream(Vec::new(), Budget::default(), &Cancel::new());
        let moves = String::from_utf8(streamed.out.unwrap()).unwrap();
        let StreamEnd::Solved(length) = streamed.end else {
            panic!("{:?}", streamed.end)
        };
        assert_eq!(moves.len() as u64, length);
        assert_eq!(
            streamed.mtm_length,
            npuzzle::notation::mtm_len(&npuzzle::Move::parse_list(&moves).unwrap()) as u64
        );
        let collected = job.run(&Cancel::new(), None).unwrap();
        let crate::Found::Solution { report, .. } = collected.found else {
            panic!()
        };
        assert_eq!(report.outcome.solution().unwrap().to_string(), moves);
    }

    #[test]
    fn an_unsolvable_board_streams_nothing() {
        let job = job("6 8 7 2 5 4 3 x 1");
        let streamed = job.stream(Vec::new(), Budget::default(), &Cancel::new());
        assert!(matches!(streamed.end, StreamEnd::Unsolvable));
        assert!(streamed.out.unwrap().is_empty());
    }

    #[test]
    fn a_raised_cancel_ends_the_stream_with_a_part_written() {
        let job = job(&{
            let goal = Goal::standard("60x60".parse().unwrap());
            npuzzle::random::random_solvable(&goal, &mut rand::rng()).to_string()
        });
        let cancel = Cancel::new();
        // Raised by the sink after the first line's moves, as a front-end's
        // cancel comes while the moves flow.
        struct CancelAfter(Cancel, Vec<u8>);
        impl Write for CancelAfter {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.1.extend_from_slice(bytes);
                self.0.cancel();
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let streamed = job.stream(CancelAfter(cancel.clone(), Vec::new()), Budget::default(), &cancel);
        assert!(
            matches!(streamed.end, StreamEnd::BudgetReached(BudgetKind::Cancelled)),
            "{:?}",
            streamed.end
        );
        let written = streamed.out.unwrap().1;
        assert!(!written.is_empty());
        // The part written is a prefix of the whole solution.
        let whole = job.stream(Vec::new(), Budget::default(), &Cancel::new());
        assert!(whole.out.unwrap().starts_with(&written));
    }
}
