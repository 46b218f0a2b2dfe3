//! `npuzzle solve`: solve boards from arguments or stdin.

use std::io::{BufWriter, Read, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use npuzzle::record::{ErrorRecord, Record, SolutionRecord};
use npuzzle::Outcome;

use npuzzle::parse::{read_boards, BoardInput};

use crate::input::{all_cores, BoardOptions, SearchOptions};
use crate::output;

/// Arguments of `npuzzle solve`.
#[derive(clap::Args)]
pub struct Args {
    /// Boards, each as one argument ("8 6 7 2 5 4 3 x 1"); read from stdin when none is given.
    pub boards: Vec<String>,
    #[command(flatten)]
    pub board: BoardOptions,
    #[command(flatten)]
    pub search: SearchOptions,
    /// Print only the move string of each board (`unsolvable` when there is none).
    #[arg(long, conflicts_with = "json")]
    pub moves: bool,
    /// Print JSON Lines: {"type":"solution","data":{...}} per board.
    #[arg(long)]
    pub json: bool,
    /// Threads searching each board (IDA* on 4x4 and 5x5 splits every iteration; default: all cores).
    #[arg(long, short = 'j')]
    pub threads: Option<usize>,
}

/// Runs `npuzzle solve`. Exit 0 when every board was solved or proven
/// unsolvable, 1 when a board was invalid or a budget ran out.
pub fn run(args: Args) -> Result<ExitCode> {
    let inputs: Vec<BoardInput> = if args.boards.is_empty() {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("reading boards from stdin")?;
        read_boards(&bytes, args.board.size.map(|s| s.cells()))
    } else {
        args.boards
            .iter()
            .enumerate()
            .map(|(i, b)| BoardInput {
                line: i + 1,
                text: Ok(b.clone()),
            })
            .collect()
    };
    if inputs.is_empty() {
        anyhow::bail!("no board given: pass one as an argument (\"8 6 7 2 5 4 3 x 1\") or on stdin");
    }
    let solvers = args
        .search
        .solvers(args.threads.unwrap_or_else(all_cores), args.search.budget())?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut failed = false;
    for (index, input) in inputs.iter().enumerate() {
        let parsed = match &input.text {
            Ok(text) => args.board.parse(text),
            Err(message) => Err(anyhow::anyhow!("{message}")),
        };
        let (board, goal) = match parsed {
            Ok(pair) => pair,
            Err(err) => {
                failed = true;
                let place = if args.boards.is_empty() { "line" } else { "board" };
                if args.json {
                    let text = input.text.as_deref().unwrap_or("");
                    let record = ErrorRecord::new(input.line, text, format!("{err:#}"));
                    output::write_json_line(&mut out, &Record::Error(record))?;
                } else {
                    out.flush()?;
                    eprintln!("npuzzle: {place} {}: {err:#}", input.line);
                }
                continue;
            }
        };
        let solver = solvers.get(&goal)?;
        let report = solver.solve(&board, &goal)?;
        if matches!(report.outcome, Outcome::BudgetReached(_)) {
            failed = true;
        }
        let record = SolutionRecord::new(&board, &goal, &solver, &report);
        if args.json {
            output::write_json_line(&mut out, &Record::Solution(record))?;
        } else if args.moves {
            match &report.outcome {
                Outcome::Solved(s) => writeln!(out, "{s}")?,
                Outcome::Unsolvable => writeln!(out, "unsolvable")?,
                Outcome::BudgetReached(kind) => writeln!(out, "budget reached ({kind})")?,
            }
        } else {
            if index > 0 {
                writeln!(out)?;
            }
            write!(out, "{}", board.to_grid())?;
            match &report.outcome {
                Outcome::Solved(s) => writeln!(out, "{} moves: {s}", s.len())?,
                Outcome::Unsolvable => writeln!(out, "unsolvable: the parity invariant rules out reaching {goal}")?,
                Outcome::BudgetReached(kind) => writeln!(out, "no answer: {kind} reached")?,
            }
            writeln!(out, "{}", record.human_stats())?;
        }
    }
    out.flush()?;
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
