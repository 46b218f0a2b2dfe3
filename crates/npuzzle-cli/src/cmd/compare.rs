//! `npuzzle compare`: every algorithm and heuristic on one board, side by side.

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::Result;
use npuzzle::{Algorithm, Budget, HeuristicKind, Outcome, Solver, SolverOptions};

use crate::input::{parse_bytes, parse_dup_len, parse_duration, BoardOptions};
use npuzzle::record::{human_bytes, human_duration};

/// Arguments of `npuzzle compare`.
#[derive(clap::Args)]
pub struct Args {
    /// The board (default: the 31-move 8-puzzle "8 6 7 2 5 4 3 x 1").
    #[arg(default_value = "8 6 7 2 5 4 3 x 1")]
    pub board: String,
    #[command(flatten)]
    pub options: BoardOptions,
    /// Node budget for each run.
    #[arg(long, value_name = "N", default_value_t = 50_000_000)]
    pub max_nodes: u64,
    /// Time budget for each run.
    #[arg(long, value_name = "TIME", value_parser = parse_duration, default_value = "10s")]
    pub timeout: std::time::Duration,
    /// Memory budget for each run.
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes, default_value = "2G")]
    pub max_memory: u64,
    /// IDA*: skip move sequences of up to N moves that a shorter or earlier sequence already covers
    /// (2 = the textbook IDA*).
    #[arg(long, value_name = "N", default_value_t = npuzzle::search::duplicates::DEFAULT_LEN, value_parser = parse_dup_len)]
    pub dup_len: usize,
}

/// The (algorithm, heuristic) pairs compared: each heuristic that works on
/// `shape` for the informed searches.
fn runs(shape: npuzzle::Shape) -> Vec<(Algorithm, Option<HeuristicKind>)> {
    let mut runs = Vec::new();
    for algorithm in Algorithm::ALL {
        if algorithm.uses_heuristic() {
            runs.extend(
                HeuristicKind::ALL
                    .into_iter()
                    .filter(|h| h.supports(shape))
                    .map(|h| (algorithm, Some(h))),
            );
        } else {
            runs.push((algorithm, None));
        }
    }
    runs
}

/// Runs `npuzzle compare`. Exit 1 if the algorithms disagree on the length.
pub fn run(args: Args) -> Result<ExitCode> {
    let board = args.options.board(&args.board)?;
    let goal = args.options.goal(board.shape())?;
    let budget = Budget {
        max_nodes: Some(args.max_nodes),
        timeout: Some(args.timeout),
        max_memory: Some(args.max_memory),
    };
    let mut table = String::new();
    writeln!(table, "{}", board.to_grid().trim_end())?;
    writeln!(table, "goal: {goal}")?;
    writeln!(table)?;
    writeln!(
        table,
        "{:<9} {:<16} {:>7} {:>14} {:>12} {:>12}",
        "algorithm", "heuristic", "length", "expanded", "time", "peak memory"
    )?;
    let mut lengths = Vec::new();
    for (algorithm, heuristic) in runs(board.shape()) {
        let options = SolverOptions {
            algorithm,
            heuristic: heuristic.unwrap_or(HeuristicKind::Manhattan),
            budget,
            threads: 1,
            duplicate_len: args.dup_len,
        };
        let report = match Solver::new(options).solve(&board, &goal) {
            Ok(r) => r,
            Err(npuzzle::Error::Unsupported { reason, .. }) => {
                writeln!(
                    table,
                    "{:<9} {:<16} {:>7}  not for this board: {reason}",
                    algorithm.name(),
                    "-",
                    "-"
                )?;
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let length = match &report.outcome {
            Outcome::Solved(s) => {
                lengths.push((algorithm, heuristic, s.len()));
                s.len().to_string()
            }
            Outcome::Unsolvable => "unsolvable".to_string(),
            Outcome::BudgetReached(kind) => format!("budget reached ({kind})"),
        };
        let s = &report.stats;
        writeln!(
            table,
            "{:<9} {:<16} {:>7} {:>14} {:>12} {:>12}",
            algorithm.name(),
            heuristic.map_or("-", |h| h.name()),
            length,
            s.expanded,
            human_duration(s.elapsed),
            human_bytes(s.peak_bytes)
        )?;
    }
    print!("{table}");
    let first = lengths.first().map(|&(_, _, l)| l);
    if lengths.iter().all(|&(_, _, l)| Some(l) == first) {
        match first {
            Some(l) => println!("\nall {} finished runs agree: {l} moves", lengths.len()),
            None => println!("\nno run found a solution"),
        }
        Ok(ExitCode::SUCCESS)
    } else {
        println!("\nDISAGREEMENT: the algorithms found different lengths:");
        for (a, h, l) in &lengths {
            println!("  {a} {}: {l}", h.map_or("", |h| h.name()));
        }
        Ok(ExitCode::from(1))
    }
}
