//! `npuzzle`: the command-line face of the npuzzle library. This file only
//! parses arguments and dispatches; each subcommand lives in `cmd/`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod advice;
mod cmd;
mod held_advice;
mod human;
mod input;
mod output;
mod pdb_dir;
mod progress;
mod spool;

/// Optimal solver for sliding-tile puzzles (8-, 15-, 24-puzzle, any W×H board).
///
/// Moves `u d l r` name the direction the blank moves. The blank is written
/// x, X, 0, _ or . and the default goal is 1 2 … N-1 then the blank.
#[derive(Parser)]
#[command(name = "npuzzle", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve boards given as arguments or on stdin; the moves u d l r are the blank's.
    Solve(cmd::solve::Args),
    /// A board's optimal distance and the distance after each move of the blank (u d l r).
    Hint(cmd::hint::Args),
    /// Solve a file of boards on all cores into JSON Lines or CSV, resumable after a kill.
    Batch(cmd::batch::Args),
    /// Answer classic online-judge formats on stdin (hdu1043, soj2061, textbook).
    Judge(cmd::judge::Args),
    /// The board a move sequence leads to (moves in the blank's or the tiles' notation).
    Apply(cmd::apply::Args),
    /// Whether moves solve a board, their STM and MTM lengths, and whether they are optimal.
    Check(cmd::check::Args),
    /// Run every algorithm and heuristic on one board and compare them.
    Compare(cmd::compare::Args),
    /// Draw a board as SVG, or animate moves played on it.
    Render(cmd::render::Args),
    /// Print random solvable boards.
    Random(cmd::random::Args),
    /// Build the complete distance table of a small board and print its statistics.
    Table(cmd::table::Args),
    /// Build, list and verify pattern database files.
    Pdb(cmd::pdb::Args),
    /// Serve the web app: play, get exact hints, watch optimal solutions (loopback by default).
    Serve(cmd::serve::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => cmd::solve::run(args),
        Command::Hint(args) => cmd::hint::run(args),
        Command::Batch(args) => cmd::batch::run(args),
        Command::Judge(args) => cmd::judge::run(args),
        Command::Compare(args) => cmd::compare::run(args),
        Command::Apply(args) => cmd::apply::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Random(args) => cmd::random::run(args),
        Command::Render(args) => cmd::render::run(args),
        Command::Table(args) => cmd::table::run(args),
        Command::Pdb(args) => cmd::pdb::run(args),
        Command::Serve(args) => cmd::serve::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            eprintln!("npuzzle: {}", advice::explain_chain(&err));
            ExitCode::from(2)
        }
    }
}

/// A closed pipe (`npuzzle … | head`) ends the program quietly.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
