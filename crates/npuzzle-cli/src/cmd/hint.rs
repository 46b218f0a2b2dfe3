//! `npuzzle hint`: a board's optimal distance and the distance after each
//! legal move of the blank.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::Result;
use npuzzle::notation::Notation;
use npuzzle::record::Record;
use npuzzle::{Cancel, Completion, Metric};
use npuzzle_service::{Found, Question};

use crate::human;
use crate::input::{all_cores, BoardOptions, SearchOptions};
use crate::output;

/// Arguments of `npuzzle hint`.
#[derive(clap::Args)]
pub struct Args {
    /// The board ("8 6 7 2 5 4 3 x 1"; unquoted tiles are joined into one board).
    #[arg(required = true, num_args = 1..)]
    pub board: Vec<String>,
    #[command(flatten)]
    pub options: BoardOptions,
    #[command(flatten)]
    pub search: SearchOptions,
    /// Print one JSON line: {"type":"hint","data":{...}}.
    #[arg(long)]
    pub json: bool,
    /// Print the moves as `blank` (u d l r: where the blank goes, the default) or `tiles` (U D L R
    /// with run lengths, R2: where the tiles go); JSON keeps the blank's.
    #[arg(long, value_name = "NOTATION", default_value_t = Notation::Blank)]
    pub notation: Notation,
    /// What a distance counts: `stm` (every move counts one, the default) or `mtm` (the multi-tile
    /// metric: sliding one or more tiles of a row or column at once counts one, and every such slide
    /// is listed). MTM hints are exact on boards of up to 12 cells (from the complete multi-tile
    /// distances, built once) and on 4x4 (idastar solves the board and each slide's board, reading
    /// the multi-tile database when `pdb build --metric mtm` built it, else walking distance); on
    /// other boards with `--algorithm idastar` (Manhattan distance in its multi-tile form: boards
    /// near the goal).
    #[arg(long, value_name = "METRIC", default_value_t = Metric::Stm)]
    pub metric: Metric,
    /// Threads for the board's own IDA* search on 4x4 and 5x5 (default: all cores).
    #[arg(long, short = 'j')]
    pub threads: Option<usize>,
}

/// Runs `npuzzle hint`. Exit 0 when every distance is known (or the board is
/// proven unsolvable), 1 when a budget ran out first.
pub fn run(args: Args) -> Result<ExitCode> {
    if let Some(improve) = args.search.improve {
        anyhow::bail!(
            "--improve {} shortens greedy's solutions, but hint answers with exact distances, never greedy's",
            crate::human::human_duration(improve)
        );
    }
    let solvers = args.search.solvers_in(
        args.threads.unwrap_or_else(all_cores),
        args.search.budget(),
        args.metric,
        None,
    )?;
    // Refused boards (greedy's) are told so at once, before any warning about a long search.
    let job = solvers
        .plan(&args.board.join(" "), &args.options, Question::Hint)
        .map_err(crate::input::render_service_error)?
        .into_job();
    let (board, goal) = (&job.board, &job.goal);
    crate::held_advice::warn_long_search(&solvers.advice, board, goal, job.algorithm().uses_heuristic(), false);
    let answer = job.run(&Cancel::new(), None)?;
    let (Found::Hint(hint), Record::Hint(record)) = (&answer.found, answer.record()) else {
        anyhow::bail!("a hint answered with another record (a bug)");
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.json {
        output::write_json_line(&mut out, &Record::Hint(record))?;
    } else {
        write!(out, "{}", board.to_grid())?;
        writeln!(out, "{}", human::hint(&record, args.notation))?;
        if !record.moves.is_empty() {
            let legend = match args.notation {
                Notation::Tiles => crate::output::TILE_MOVES_LEGEND,
                _ => crate::output::MOVES_LEGEND,
            };
            writeln!(out, "{legend}")?;
        }
        writeln!(out, "{}", human::hint_stats(&record))?;
    }
    out.flush()?;
    Ok(match hint.completion {
        Completion::BudgetReached(_) => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    })
}
