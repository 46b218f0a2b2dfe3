//! `npuzzle compare`: every algorithm and heuristic on one board, side by side.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use npuzzle::{Budget, HeuristicKind, Outcome, Solver, SolverOptions};

use crate::input::{BoardOptions, LimitOptions};
use npuzzle::record::{human_bytes, human_duration};

/// Arguments of `npuzzle compare`.
#[derive(clap::Args)]
pub struct Args {
    /// The board (default: the 31-move 8-puzzle "8 6 7 2 5 4 3 x 1").
    #[arg(default_value = "8 6 7 2 5 4 3 x 1")]
    pub board: String,
    #[command(flatten)]
    pub options: BoardOptions,
    /// Budgets of each run: unless given, 50,000,000 nodes, 10 s and 2 GiB.
    #[command(flatten)]
    pub limits: LimitOptions,
}

/// Each run's node budget unless `--max-nodes` is given.
const MAX_NODES: u64 = 50_000_000;
/// Each run's time budget unless `--timeout` is given.
const TIMEOUT: Duration = Duration::from_secs(10);
/// Each run's memory budget unless `--max-memory` is given.
const MAX_MEMORY: u64 = 2 << 30;

/// Runs `npuzzle compare`. Exit 1 if the algorithms disagree on the length.
pub fn run(args: Args) -> Result<ExitCode> {
    let board = args.options.board(&args.board)?;
    let goal = args.options.goal(board.shape())?;
    let limits = &args.limits;
    let budget = Budget::default()
        .with_max_nodes(Some(limits.max_nodes.unwrap_or(MAX_NODES)))
        .with_timeout(Some(limits.timeout.unwrap_or(TIMEOUT)))
        .with_max_memory(Some(limits.max_memory.unwrap_or(MAX_MEMORY)));
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
    for (algorithm, heuristic) in npuzzle::record::CompareRecord::runs_for(board.shape()) {
        let options = SolverOptions::default()
            .with_algorithm(algorithm)
            .with_heuristic(heuristic.unwrap_or(HeuristicKind::Manhattan))
            .with_budget(budget)
            .with_threads(1)
            .with_duplicate_len(limits.dup_len);
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
            other => format!("{other:?}"),
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
