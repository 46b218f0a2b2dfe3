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
type Tiles = [u8; CELLS];

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
            let cases = read_boards(&input, shape)?;
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
            let cases = read_pairs(&input, shape, counted)?;
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

/// HDU 1043: boards until the end of input.
fn read_boards(input: &[u8], shape: Shape) -> Result<Vec<Tiles>> {
    let mut tokens = Tokens::new(input);
    let mut cases = Vec::with_capacity(input.len() / 18 + 1);
    while tokens.peek().is_some() {
        let case = cases.len() + 1;
        cases.push(read_board(&mut tokens, shape, case, "")?);
    }
    Ok(cases)
}

/// SOJ 2061 (with the count first) and the textbook format (without).
fn read_pairs(input: &[u8], shape: Shape, counted: bool) -> Result<Vec<(Tiles, Tiles)>> {
    let mut tokens = Tokens::new(input);
    let expected = if counted {
        let Some(token) = tokens.next() else {
            bail!("empty input: the first line must be the number of cases");
        };
        let count = std::str::from_utf8(token).ok().and_then(|t| t.parse::<usize>().ok());
        match count {
            Some(n) => Some(n),
            None => bail!(
                "the first line must be the number of cases, not {:?}",
                String::from_utf8_lossy(&token[..token.len().min(24)])
            ),
        }
    } else {
        None
    };
    let mut cases = Vec::with_capacity(expected.unwrap_or(input.len() / 36 + 1).min(1 << 20));
    loop {
        match expected {
            Some(n) if cases.len() == n => {
                if let Some(extra) = tokens.peek() {
                    bail!(
                        "more input after the {n} cases announced on the first line: {:?}",
                        String::from_utf8_lossy(&extra[..extra.len().min(24)])
                    );
                }
                break;
            }
            None if tokens.peek().is_none() => break,
            _ => {}
        }
        let case = cases.len() + 1;
        let start = read_board(&mut tokens, shape, case, " (start)")?;
        let goal = read_board(&mut tokens, shape, case, " (goal)")?;
        cases.push((start, goal));
    }
    Ok(cases)
}

/// Reads and checks one board of 9 tiles, as strictly as `npuzzle::parse`.
fn read_board(tokens: &mut Tokens<'_>, shape: Shape, case: usize, which: &str) -> Result<Tiles> {
    let mut tiles = [0u8; CELLS];
    let mut seen = 0u32;
    for (i, slot) in tiles.iter_mut().enumerate() {
        let Some(token) = tokens.next() else {
            bail!("case {case}{which}: the input ends after {i} of the {CELLS} tiles");
        };
        let tile = match token {
            [b'x' | b'X' | b'0' | b'_' | b'.'] => 0,
            [d @ b'1'..=b'8'] => d - b'0',
            _ => {
                let text = String::from_utf8_lossy(token);
                npuzzle::parse::parse_tile(&text, i + 1, shape).with_context(|| format!("case {case}{which}"))?
            }
        };
        *slot = tile;
        seen |= 1 << tile;
    }
    if seen != (1 << CELLS) - 1 {
        // A repeated tile: let the library name it.
        Board::new(shape, tiles.to_vec()).with_context(|| format!("case {case}{which}"))?;
    }
    Ok(tiles)
}

/// Tokens separated by ASCII whitespace or commas, as in `npuzzle::parse::tokens`.
struct Tokens<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Tokens<'a> {
    fn new(data: &'a [u8]) -> Tokens<'a> {
        Tokens { data, pos: 0 }
    }

    #[inline]
    fn skip_separators(&mut self) {
        while self.pos < self.data.len() && is_separator(self.data[self.pos]) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<&'a [u8]> {
        self.skip_separators();
        let start = self.pos;
        let end = self.token_end(start);
        (end > start).then(|| &self.data[start..end])
    }

    #[inline]
    fn token_end(&self, start: usize) -> usize {
        let mut end = start;
        while end < self.data.len() && !is_separator(self.data[end]) {
            end += 1;
        }
        end
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a [u8];

    #[inline]
    fn next(&mut self) -> Option<&'a [u8]> {
        self.skip_separators();
        let start = self.pos;
        let end = self.token_end(start);
        self.pos = end;
        (end > start).then(|| &self.data[start..end])
    }
}

#[inline]
fn is_separator(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b',' || b == 0x0b
}
