//! Moves of a big board held in a temporary file until their batch row is
//! written: `batch` writes each row whole, in input order, while boards run
//! in parallel, so a 1000×1000 board's billions of moves cannot go straight
//! to the output, and held in memory they took about three bytes a move
//! (the moves, their text, the row). Spooled, they take one byte a move on
//! disk and none in memory.

use std::fs::File;
use std::io::{Seek, SeekFrom, Write};

use anyhow::{Context, Result};
use npuzzle::search::greedy::{self, Finish, ReplaySink, WriteSink};
use npuzzle::{Algorithm, Board, Goal, Outcome, Report, Solution, Solver, Stats};

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

/// Whether `solver` solves `board` constructively and it is big enough to spool.
pub fn wanted(solver: &Solver, board: &Board) -> bool {
    solver.options().algorithm.resolve(board.shape()) == Algorithm::Greedy
        && solver.options().improve.is_none()
        && board.shape().cells() >= SPOOL_CELLS
}

/// Solves `board` with the constructive solver under the solver's budget,
/// writing the moves to a temporary file as they are made and replaying them
/// on a copy of the board: the report (its solution empty), and the moves.
pub fn solve(board: &Board, goal: &Goal, solver: &Solver) -> Result<(Report, Option<Spooled>)> {
    let started = std::time::Instant::now();
    let file = tempfile_for_moves()?;
    let mut sink = ReplaySink::new(board.clone(), WriteSink::new(file));
    let end = greedy::solve_into(board, goal, solver.tables(), solver.options().budget, &mut sink)?;
    let reached = sink.reached(goal);
    let file = sink
        .into_inner()
        .finish()
        .context("writing the moves to a temporary file")?;
    let mut stats = Stats::default();
    stats.elapsed = started.elapsed();
    stats.peak_bytes = greedy::BYTES_PER_CELL * board.shape().cells() as u64;
    let (outcome, spooled) = match end {
        Finish::Solved(length) => {
            if !reached {
                anyhow::bail!("the greedy moves did not replay to the goal (a bug: please report the board)");
            }
            stats.moves_made = Some(length);
            (
                Outcome::Solved(Solution::new(Vec::new())),
                Some(Spooled { file, length }),
            )
        }
        Finish::BudgetReached(kind) => (Outcome::BudgetReached(kind), None),
        _ => (Outcome::Unsolvable, None),
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
