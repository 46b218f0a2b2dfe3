//! `npuzzle table`: builds the complete move table of a small board (at most
//! 12 cells) and prints how many boards lie at each distance from the goal,
//! in single moves or (`--metric mtm`) in multi-tile moves.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};
use npuzzle::record::{DistributionRecord, Record};
use npuzzle::search::table::{Table, TableCache};
use npuzzle::{Budget, Metric};
use npuzzle_service::exhaustive::distribution;

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
    /// Count distances in `stm` (every move counts one, the default) or `mtm` (the multi-tile
    /// metric: sliding several tiles of a row or column at once counts one), by a breadth-first
    /// search in that metric from the goal.
    #[arg(long, value_name = "METRIC", default_value_t = Metric::Stm)]
    metric: Metric,
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
    // The single-move table is built here, for its progress bar; the
    // other metrics as every front-end counts them.
    let record = match args.metric {
        Metric::Stm => {
            let bar = crate::progress::bar(0, "{prefix} [{bar:40}] {percent:>3}% {msg}, eta {eta}");
            bar.set_prefix(format!("building the {shape} table"));
            let table = Table::build(&goal, Budget::default(), |p| {
                bar.set_length(p.total);
                bar.set_position(p.visited);
                bar.set_message(format!("distance {}", p.distance));
            })?;
            bar.finish_and_clear();
            DistributionRecord::new(&goal, table.layer_counts())
        }
        metric => distribution(&goal, metric, &TableCache::default(), Budget::default())?,
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        crate::output::write_json_line(&mut out, &Record::Distribution(record))?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.stats {
        for (distance, count) in record.counts.iter().enumerate() {
            writeln!(out, "{distance} {count}")?;
        }
    }
    writeln!(out, "total {}", record.total)?;
    writeln!(out, "diameter {}", record.diameter)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
