//! `npuzzle table`: builds the complete move table of a small board (at most
//! 12 cells) and prints how many boards lie at each distance from the goal.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};
use npuzzle::record::{DistributionRecord, Record};
use npuzzle::search::table::Table;
use npuzzle::Budget;

use crate::input::BoardOptions;

/// Arguments of `npuzzle table`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    board: BoardOptions,
    /// Print one `DISTANCE COUNT` line per distance before the total and the diameter.
    #[arg(long)]
    stats: bool,
    /// Print one JSON line: {"type":"distribution","data":{...}}.
    #[arg(long)]
    json: bool,
}

/// Runs `npuzzle table`.
pub fn run(args: Args) -> Result<ExitCode> {
    let shape = match (args.board.size, &args.board.goal) {
        (Some(shape), _) => shape,
        // A goal given as tiles tells the size of a square board.
        (None, Some(goal)) => args
            .board
            .board(goal)
            .context("give the board size with --size WxH")?
            .shape(),
        (None, None) => anyhow::bail!("give the board size with --size WxH, for example --size 3x3"),
    };
    let goal = args.board.goal(shape)?;
    let bar = crate::progress::bar(0, "{prefix} [{bar:40}] {percent:>3}% {msg}, eta {eta}");
    bar.set_prefix(format!("building the {shape} table"));
    let table = Table::build(&goal, Budget::default(), |p| {
        bar.set_length(p.total);
        bar.set_position(p.visited);
        bar.set_message(format!("distance {}", p.distance));
    })?;
    bar.finish_and_clear();
    let mut out = std::io::stdout().lock();
    if args.json {
        let record = Record::Distribution(DistributionRecord::new(&goal, table.layer_counts()));
        crate::output::write_json_line(&mut out, &record)?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.stats {
        for (distance, count) in table.layer_counts().iter().enumerate() {
            writeln!(out, "{distance} {count}")?;
        }
    }
    writeln!(out, "total {}", table.states())?;
    writeln!(out, "diameter {}", table.diameter())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
