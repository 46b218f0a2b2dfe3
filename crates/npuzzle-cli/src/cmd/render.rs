//! `npuzzle render`: an SVG picture of a board, or an animation of moves
//! played on it.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use npuzzle_service::render::{board_svg, solution_svg, Scheme};

use crate::cmd::apply::NotationArg;
use crate::input::BoardOptions;

/// Arguments of `npuzzle render`.
#[derive(clap::Args)]
pub struct Args {
    /// The board ("8 6 7 2 5 4 3 x 1"; unquoted tiles are joined into one board).
    #[arg(required = true, num_args = 1..)]
    pub board: Vec<String>,
    #[command(flatten)]
    pub options: BoardOptions,
    /// Animate these moves played on the board, one frame per move ("ullddr", "R3 D2 L").
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    #[command(flatten)]
    pub notation: NotationArg,
    /// Colour the tiles by where they belong: `none`, `rows` (their goal row) or `fringe` (their
    /// layer: first row and column of the goal, then the second, …).
    #[arg(long, value_name = "SCHEME", default_value_t = Scheme::None)]
    pub scheme: Scheme,
    /// Write the SVG to this file instead of stdout.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `npuzzle render`: the SVG on stdout or in `--output`.
pub fn run(args: Args) -> Result<ExitCode> {
    if let Some(path) = &args.output {
        let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        if ext.as_deref().is_some_and(|e| e != "svg") {
            anyhow::bail!(
                "{} is not an .svg file: npuzzle render writes SVG only (PNG and GIF are not built in)",
                path.display()
            );
        }
    }
    let (board, goal) = args.options.parse(&args.board.join(" "))?;
    let svg = match &args.moves {
        None => board_svg(&board, &goal, args.scheme),
        Some(moves) => {
            let moves = args.notation.read(std::slice::from_ref(moves))?;
            // Played here first, so a move into the wall is named as it was written.
            npuzzle::notation::apply(&board, &moves)?;
            solution_svg(&board, &goal, args.scheme, moves.moves())?
        }
    };
    match &args.output {
        Some(path) => std::fs::write(path, svg).with_context(|| format!("writing {}", path.display()))?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(svg.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
