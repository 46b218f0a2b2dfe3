//! `npuzzle render`: a picture of a board (SVG or PNG), or an animation of
//! moves played on it (SVG or GIF).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use npuzzle_service::render::{draw, Format, Scheme};

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
    /// Animate these moves played on the board, one frame per move ("ullddr", "R3 D2 L"); SVG
    /// or GIF.
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    #[command(flatten)]
    pub notation: NotationArg,
    /// Colour the tiles by where they belong: `none`, `rows` (their goal row) or `fringe` (their
    /// layer: first row and column of the goal, then the second, …).
    #[arg(long, value_name = "SCHEME", default_value_t = Scheme::None)]
    pub scheme: Scheme,
    /// `svg`, `png` (a board) or `gif` (an animation of `--moves`); default: from the `--output`
    /// file's extension, else svg.
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<Format>,
    /// Write the picture to this file instead of stdout.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `npuzzle render`: the picture on stdout or in `--output`.
pub fn run(args: Args) -> Result<ExitCode> {
    let format = format(args.format, args.output.as_deref())?;
    if args.output.is_none() && !format.is_text() && std::io::stdout().is_terminal() {
        anyhow::bail!(
            "a {} picture is binary and stdout is a terminal: write it with -o FILE.{} or redirect stdout",
            format.name().to_uppercase(),
            format.name()
        );
    }
    let (board, goal) = args.options.parse(&args.board.join(" "))?;
    let moves = match &args.moves {
        None => Vec::new(),
        Some(moves) => {
            let moves = args.notation.read(std::slice::from_ref(moves))?;
            // Played here first, so a move into the wall is named as it was written.
            npuzzle::notation::apply(&board, &moves)?;
            moves.moves().to_vec()
        }
    };
    let picture = draw(format, &board, &goal, args.scheme, &moves)?;
    match &args.output {
        Some(path) => {
            std::fs::write(path, picture.as_bytes()).with_context(|| format!("writing {}", path.display()))?;
        }
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(picture.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The format asked for, or the output file's, or SVG; a file whose
/// extension names another format than the one asked for is refused.
fn format(asked: Option<Format>, output: Option<&Path>) -> Result<Format> {
    let extension = output.and_then(|p| p.extension()).and_then(|e| e.to_str());
    let from_file = extension.map(str::parse::<Format>);
    match (asked, from_file) {
        (Some(asked), Some(Ok(file))) if asked != file => anyhow::bail!(
            "--format {asked} does not match the output file {}: name it .{asked}",
            output.map_or_else(String::new, |p| p.display().to_string())
        ),
        (Some(asked), _) => Ok(asked),
        (None, Some(Ok(file))) => Ok(file),
        (None, Some(Err(_))) => anyhow::bail!(
            "cannot tell the picture format from {}: name it .svg, .png or .gif, or give --format",
            output.map_or_else(String::new, |p| p.display().to_string())
        ),
        (None, None) => Ok(Format::Svg),
    }
}
