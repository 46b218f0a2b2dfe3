//! `npuzzle apply`: the board a move sequence leads to.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use npuzzle::notation::{self, Notation, Sequence};
use npuzzle::record::{BoardRecord, Record};

use crate::input::BoardOptions;

/// Arguments of `npuzzle apply`.
#[derive(clap::Args)]
pub struct Args {
    /// The board, as one argument ("8 6 7 2 5 4 3 x 1").
    pub board: String,
    /// The moves ("ullddr", "R3 D2 L"); several arguments are read as one, spaced.
    #[arg(required = true, num_args = 1.., allow_hyphen_values = false)]
    pub moves: Vec<String>,
    #[command(flatten)]
    pub options: BoardOptions,
    #[command(flatten)]
    pub notation: NotationArg,
    /// Print one JSON line: {"type":"board","data":{...}}.
    #[arg(long)]
    pub json: bool,
}

/// `--notation`, for the commands that read moves.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct NotationArg {
    /// How the moves are written: `blank` (u d l r: where the blank goes) or `tiles` (U D L R: where
    /// a tile goes, the opposite). Without it the case says: lowercase the blank's, capitals a tile's.
    #[arg(long, value_name = "NOTATION")]
    pub notation: Option<Notation>,
}

impl NotationArg {
    /// The moves of `words`, joined by spaces, read in this notation.
    pub fn read(&self, words: &[String]) -> Result<Sequence> {
        notation::parse(&words.join(" "), self.notation).context("reading the moves")
    }
}

/// Runs `npuzzle apply`: prints the board after the moves (exit 0), or says
/// which move runs into the wall (exit 2).
pub fn run(args: Args) -> Result<ExitCode> {
    let (board, goal) = args.options.parse(&args.board)?;
    let moves = args.notation.read(&args.moves)?;
    let end = notation::apply(&board, &moves)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.json {
        crate::output::write_json_line(&mut out, &Record::Board(BoardRecord::new(&end, &goal, None)))?;
    } else {
        write!(out, "{}", end.to_grid())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
