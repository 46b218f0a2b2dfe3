//! `npuzzle judge`: the classic online-judge formats of the 8-puzzle, stdin to
//! stdout.
//!
//! - `hdu1043` (HDU 1043 / POJ 1077): until the end of input, 9 tokens a case
//!   with `x` as the blank; the answer is a move string (`u d l r`, the way
//!   the blank moves) reaching `1 2 3 4 5 6 7 8 x`, an empty line if the board
//!   is already solved, or `unsolvable`.
//! - `soj2061`: the number of cases T, then each case a start and a goal of 9
//!   numbers (0 = blank); the answer is the least number of moves, or `-1`.
//! - `textbook`: start and goal as for `soj2061`, cases until the end of input
//!   and no count; the answer is the distance, or `no`.
//!
//! Line breaks inside a case do not matter. The whole input is read and
//! checked first, so bad input prints one error naming the case and nothing
//! else; then one table per needed goal blank cell is built (a few
//! milliseconds each) and every case is a lookup.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use npuzzle::judge::{read_boards, read_pairs};
use npuzzle::search::table::{Table, TableCache};
use npuzzle::{Board, Budget, Goal, Shape};

/// Arguments of `npuzzle judge`.
#[derive(clap::Args)]
pub struct Args {
    /// The input and output format.
    #[arg(value_enum)]
    format: Format,
}

/// The judge formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Boards with `x` until end of input; answer a move string (empty if solved), or `unsolvable`.
    Hdu1043,
    /// T, then T pairs of start and goal with 0 as the blank; answer the distance, or -1.
    Soj2061,
    /// Pairs of start and goal until end of input; answer the distance, or `no`.
    Textbook,
}

const CELLS: usize = 9;

/// Runs `npuzzle judge`.
pub fn run(args: Args) -> Result<ExitCode> {
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut input)
        .context("reading stdin")?;
    let shape = Shape::new(3, 3)?;
    let mut tables = Tables::new(shape);
    let mut out = Vec::with_capacity(input.len() * 2);
    match args.format {
        Format::Hdu1043 => {
            let cases = read_boards(&input)?;
            let goal = Goal::standard(shape);
            let goal = goal.board().tiles();
            for start in &cases {
                let table = tables.for_goal(goal)?;
                let found = table.walk(start, goal, |m| out.push(m.as_char() as u8))?;
                if found.is_none() {
                    out.extend_from_slice(b"unsolvable");
                }
                out.push(b'\n');
            }
        }
        Format::Soj2061 | Format::Textbook => {
            let counted = args.format == Format::Soj2061;
            let cases = read_pairs(&input, counted)?;
            let unreachable: &[u8] = if counted { b"-1" } else { b"no" };
            for (start, goal) in &cases {
                let table = tables.for_goal(goal)?;
                match table.walk(start, goal, |_| {})? {
                    Some(d) => writeln!(out, "{d}")?,
                    None => {
                        out.extend_from_slice(unreachable);
                        out.push(b'\n');
                    }
                }
            }
        }
    }
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(&out)?;
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// One table per goal blank cell, built on first use.
struct Tables {
    cache: TableCache,
    by_blank: [Option<Arc<Table>>; CELLS],
    shape: Shape,
}

impl Tables {
    fn new(shape: Shape) -> Tables {
        Tables {
            cache: TableCache::default(),
            by_blank: Default::default(),
            shape,
        }
    }

    #[inline]
    fn for_goal(&mut self, goal: &[u8]) -> Result<&Table> {
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
        if self.by_blank[blank].is_none() {
            let goal = Goal::new(Board::new(self.shape, goal.to_vec())?);
            self.by_blank[blank] = Some(self.cache.get(&goal, Budget::default())?);
        }
        match &self.by_blank[blank] {
            Some(table) => Ok(table),
            None => bail!("internal error: no table for the goal's blank cell {}", blank + 1),
        }
    }
}
