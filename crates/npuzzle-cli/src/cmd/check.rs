//! `npuzzle check`: whether a move sequence solves a board, its lengths in
//! both metrics, and whether it is optimal in each.

use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use npuzzle::notation;
use npuzzle::record::{CheckRecord, Record};
use npuzzle::search::bfs::MAX_DENSE_CELLS;
use npuzzle::search::mtm_bfs::{mtm_distance, MtmDistance};
use npuzzle::{Algorithm, Board, Budget, Cancel, Goal, Outcome};
use npuzzle_service::{Found, Question};

use crate::cmd::apply::NotationArg;
use crate::input::{all_cores, BoardOptions, SearchOptions};

/// How long each distance is searched for when no `--timeout` is given.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// Most bytes the multi-tile search holds when no `--max-memory` is given:
/// on 12 cells its frontiers grow by hundreds of megabytes within the timeout.
const DEFAULT_MTM_MEMORY: u64 = 256 << 20;

/// Arguments of `npuzzle check`.
#[derive(clap::Args)]
pub struct Args {
    /// The board, as one argument ("8 6 7 2 5 4 3 x 1").
    pub board: String,
    /// The moves ("ullddr", "R3 D2 L"); several arguments are read as one, spaced.
    #[arg(required = true, num_args = 1..)]
    pub moves: Vec<String>,
    #[command(flatten)]
    pub options: BoardOptions,
    #[command(flatten)]
    pub notation: NotationArg,
    #[command(flatten)]
    pub search: SearchOptions,
    /// Print one JSON line: {"type":"check","data":{...}}.
    #[arg(long)]
    pub json: bool,
    /// Threads for the board's optimal search (default: all cores).
    #[arg(long, short = 'j')]
    pub threads: Option<usize>,
}

/// Runs `npuzzle check`. Exit 0 when the moves reach the goal, 1 when they
/// run into a wall or end elsewhere, 2 when the board or moves cannot be read.
/// The distances are searched for at most `--timeout` each (10 s by default).
pub fn run(args: Args) -> Result<ExitCode> {
    let (board, goal) = args.options.parse(&args.board)?;
    let moves = args.notation.read(&args.moves)?;
    let end = notation::apply(&board, &moves);
    let mut record = CheckRecord::new(&board, &goal, moves.moves(), end.as_ref());
    let mut why_not_known = (None, None);
    if record.reaches_goal {
        let mut budget = args.search.budget();
        if budget.timeout.is_none() {
            budget = budget.with_timeout(Some(DEFAULT_TIMEOUT));
        }
        let stm = stm_distance(&args, &budget)?;
        let mtm = mtm(&board, &goal, budget)?;
        record = record.with_stm_distance(stm.as_ref().ok().copied());
        record = record.with_mtm_distance(mtm.as_ref().ok().copied());
        why_not_known = (stm.err(), mtm.err());
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.json {
        crate::output::write_json_line(&mut out, &Record::Check(record.clone()))?;
    } else {
        write!(
            out,
            "{}",
            human(
                &record,
                why_not_known,
                args.notation.notation.unwrap_or(moves.notation()),
                moves.moves()
            )
        )?;
    }
    out.flush()?;
    Ok(if record.reaches_goal {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The board's optimal distance by the search `solve` would run, or why it
/// is not known.
fn stm_distance(args: &Args, budget: &Budget) -> Result<Result<u32, String>> {
    let solvers = args.search.solvers(args.threads.unwrap_or_else(all_cores), *budget)?;
    let job = solvers
        .plan(&args.board, &args.options, Question::Solve)
        .map_err(crate::input::render_service_error)?
        .into_job();
    if job.algorithm() == Algorithm::Greedy {
        return Ok(Err("no optimal search takes a board this big".into()));
    }
    let answer = job.run(&Cancel::new(), None)?;
    let Found::Solution { report, .. } = &answer.found else {
        anyhow::bail!("a solve answered with a hint (a bug)");
    };
    Ok(match &report.outcome {
        Outcome::Solved(s) => Ok(s.len() as u32),
        Outcome::BudgetReached(kind) => Err(format!("{kind} reached")),
        other => Err(format!("{other:?}")),
    })
}

/// The board's multi-tile distance on boards small enough to search
/// completely, or why it is not known.
fn mtm(board: &Board, goal: &Goal, budget: Budget) -> Result<Result<u32, String>> {
    if board.shape().cells() > MAX_DENSE_CELLS {
        return Ok(Err(format!("searched on boards of at most {MAX_DENSE_CELLS} cells")));
    }
    let budget = match budget.max_memory {
        Some(_) => budget,
        None => budget.with_max_memory(Some(DEFAULT_MTM_MEMORY)),
    };
    Ok(match mtm_distance(board, goal, budget)? {
        MtmDistance::Moves(d) => Ok(d),
        MtmDistance::BudgetReached(kind) => Err(format!("{kind} reached")),
        other => Err(format!("{other:?}")),
    })
}

/// The human lines of a check.
fn human(
    record: &CheckRecord,
    why_not_known: (Option<String>, Option<String>),
    notation: notation::Notation,
    moves: &[npuzzle::Move],
) -> String {
    let mut text = format!("moves: {}\n", notation::format(moves, notation));
    match (&record.error, &record.end) {
        (Some(error), _) => text.push_str(&format!("invalid: {error}\n")),
        (None, Some(end)) if !record.reaches_goal => {
            text.push_str(&format!("valid, but ends at {end}, not the goal {}\n", record.goal));
        }
        _ => text.push_str("valid, reaches the goal\n"),
    }
    text.push_str(&format!(
        "length: {} (STM), {} (MTM)\n",
        count(record.stm as u64, "move"),
        count(record.mtm as u64, "multi-tile move")
    ));
    if !record.reaches_goal {
        return text;
    }
    let verdict = |metric: &str, unit: &str, distance: Option<u32>, optimal: Option<bool>, why: Option<String>| match (
        distance, optimal,
    ) {
        (Some(d), Some(true)) => format!(
            "{metric}: optimal (the board is {} from the goal)\n",
            count(d.into(), unit)
        ),
        (Some(d), _) => format!(
            "{metric}: not optimal (the board is {} from the goal)\n",
            count(d.into(), unit)
        ),
        (None, _) => format!("{metric}: optimal not known ({})\n", why.unwrap_or_default()),
    };
    let (stm_why, mtm_why) = why_not_known;
    text.push_str(&verdict(
        "STM",
        "move",
        record.stm_distance,
        record.stm_optimal,
        stm_why,
    ));
    text.push_str(&verdict(
        "MTM",
        "multi-tile move",
        record.mtm_distance,
        record.mtm_optimal,
        mtm_why,
    ));
    text
}

/// `1 move`, `2 moves`.
fn count(n: u64, unit: &str) -> String {
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}
