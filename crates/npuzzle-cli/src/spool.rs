//! Moves of a big board held in a temporary file until their batch row is
//! written: `batch` writes each row whole, in input order, while boards run
//! in parallel, so a 1000×1000 board's billions of moves cannot go straight
//! to the output, and held in memory they took about three bytes a move
//! (the moves, their text, the row). Spooled, they take one byte a move on
//! disk and none in memory.

use std::fs::File;
use std::io::{Seek, SeekFrom, Write};

use anyhow::{Context, Result};
use std::sync::Arc;

use npuzzle::{Algorithm, Board, Goal, Outcome, Report, Solution, Solver};
use npuzzle_service::stream::StreamEnd;
use npuzzle_service::Job;

/// Boards of at least this many cells that the constructive solver solves
/// (without `--improve`, which rewrites the whole solution) are spooled.
pub const SPOOL_CELLS: usize = 10_000;

/// Stands for the moves in a row serialised before they are copied in: only
/// the letters `u d l r` ever fill a `moves` field, so it cannot be mistaken.
const PLACEHOLDER: &str = "SPOOLED-MOVES";

/// The moves of one solution, in a temporary file (deleted when dropped).
#[derive(Debug)]
pub struct Spooled {
    file: File,
    length: u64,
}

impl Spooled {
    /// The number of moves.
    pub fn length(&self) -> u64 {
        self.length
    }

    /// What a row's `moves` holds until [`write_row`] copies the moves in.
    pub fn placeholder() -> String {
        PLACEHOLDER.to_string()
    }
}

/// The job that solves `board` with `solver` if it streams (the
/// constructive solver, without `--improve`) and is big enough to spool.
pub fn wanted(solver: &Arc<Solver>, board: &Board, goal: &Goal) -> Option<Job> {
    if board.shape().cells() < SPOOL_CELLS {
        return None;
    }
    let job = Job::solve(board.clone(), goal.clone(), Arc::clone(solver));
    job.streams().then_some(job)
}

/// Solves the job with the constructive solver under the solver's budget,
/// writing the moves to a temporary file as they are made and replaying them
/// on a copy of the board: the report (its solution empty), and the moves.
pub fn solve(job: &Job) -> Result<(Report, Option<Spooled>)> {
    let file = tempfile_for_moves()?;
    let streamed = job.stream(file, job.budget, &npuzzle::Cancel::new());
    let file = streamed.out.context("writing the moves to a temporary file")?;
    let stats = streamed.stats;
    let (outcome, spooled) = match streamed.end {
        StreamEnd::Solved(length) => (
            Outcome::Solved(Solution::new(Vec::new())),
            Some(Spooled { file, length }),
        ),
        StreamEnd::BudgetReached(kind) => (Outcome::BudgetReached(kind), None),
        StreamEnd::Unsolvable => (Outcome::Unsolvable, None),
        StreamEnd::Failed(failure) => return Err(failure.into()),
    };
    Ok((Report::new(outcome, stats, Algorithm::Greedy), spooled))
}

/// An unnamed temporary file (gone when closed, even after a kill).
fn tempfile_for_moves() -> Result<File> {
    tempfile::tempfile().context("creating a temporary file for the moves")
}

/// Writes the serialised row `bytes`, with the spooled moves copied in
/// place of the placeholder when there are some.
pub fn write_row(out: &mut impl Write, bytes: &[u8], spooled: Option<Spooled>) -> Result<()> {
    let Some(mut spooled) = spooled else {
        out.write_all(bytes)?;
        return Ok(());
    };
    let at = bytes
        .windows(PLACEHOLDER.len())
        .position(|w| w == PLACEHOLDER.as_bytes())
        .context("a spooled row without its placeholder (a bug)")?;
    out.write_all(&bytes[..at])?;
    spooled.file.seek(SeekFrom::Start(0))?;
    let copied = std::io::copy(&mut spooled.file, out).context("copying the spooled moves")?;
    anyhow::ensure!(
        copied == spooled.length,
        "{copied} spooled moves read back, {} written",
        spooled.length
    );
    out.write_all(&bytes[at + PLACEHOLDER.len()..])?;
    Ok(())
}
