//! `npuzzle compare`: every algorithm and heuristic on one board, side by side.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use npuzzle::record::{CompareRun, OutcomeName, Record};
use npuzzle::{Budget, Cancel, Metric};
use npuzzle_service::compare::{CompareRequest, Databases};
use npuzzle_service::input::Tiles;
use npuzzle_service::Session;

use crate::human::{human_bytes, human_duration};
use crate::input::{render_service_error, BoardOptions, LimitOptions};

/// Arguments of `npuzzle compare`.
#[derive(clap::Args)]
pub struct Args {
    /// The board (default: the 31-move 8-puzzle "8 6 7 2 5 4 3 x 1"; unquoted tiles are joined into one board).
    #[arg(default_value = "8 6 7 2 5 4 3 x 1", num_args = 1..)]
    pub board: Vec<String>,
    #[command(flatten)]
    pub options: BoardOptions,
    /// Budgets of each run: unless given, 50,000,000 nodes, 10 s and 2 GiB.
    #[command(flatten)]
    pub limits: LimitOptions,
    #[command(flatten)]
    pub dir: crate::pdb_dir::DirArgs,
    /// Also run astar and idastar on the pattern databases of this partition (with --pdb-dir alone: the
    /// strongest present for the goal, if any).
    #[arg(long, value_name = "PARTITION")]
    pub pdb: Option<String>,
    /// What the runs search shortest paths in: `stm` (every move counts one, the default) or `mtm`
    /// (sliding several tiles of a row or column at once counts one). In MTM the runs are bfs and
    /// table (boards of up to 12 cells) and idastar with walking distance (4x4); they must agree on
    /// the MTM length, and each run gives both lengths.
    #[arg(long, value_name = "METRIC", default_value_t = Metric::Stm)]
    pub metric: Metric,
    /// Print one JSON line: {"type":"compare","data":{...}}.
    #[arg(long)]
    pub json: bool,
}

/// Each run's node budget unless `--max-nodes` is given.
const MAX_NODES: u64 = 50_000_000;
/// Each run's time budget unless `--timeout` is given.
const TIMEOUT: Duration = Duration::from_secs(10);
/// Each run's memory budget unless `--max-memory` is given.
const MAX_MEMORY: u64 = 2 << 30;

/// Runs `npuzzle compare`. Exit 1 if the algorithms disagree on the length.
pub fn run(args: Args) -> Result<ExitCode> {
    let limits = &args.limits;
    let budget = Budget::default()
        .with_max_nodes(Some(limits.max_nodes.unwrap_or(MAX_NODES)))
        .with_timeout(Some(limits.timeout.unwrap_or(TIMEOUT)))
        .with_max_memory(Some(limits.max_memory.unwrap_or(MAX_MEMORY)));
    let databases = (args.dir.pdb_dir.is_some() || args.pdb.is_some()).then(|| Databases {
        partition: args.pdb.clone(),
    });
    let session = match databases {
        Some(_) => Session::with_dir(Some(args.dir.dir()?)),
        None => Session::new(None),
    };
    let request = CompareRequest {
        board: Tiles::Text(args.board.join(" ")),
        size: args.options.size,
        goal: args.options.goal.clone().map(Tiles::Text),
        budget,
        duplicate_len: limits.dup_len(),
        databases,
        metric: args.metric,
    };
    let job = session.comparison(&request).map_err(render_service_error)?;
    let mut out = std::io::stdout().lock();
    if !job.solvable && !args.json {
        write!(out, "{}", job.board.to_grid())?;
        writeln!(out, "unsolvable: the parity invariant rules out reaching {}", job.goal)?;
        return Ok(ExitCode::SUCCESS);
    }
    let record = job.run(&Cancel::new())?;
    if args.json {
        crate::output::write_json_line(&mut out, &Record::Compare(record.clone()))?;
    } else {
        write!(out, "{}", job.board.to_grid())?;
        writeln!(out, "goal: {}", job.goal)?;
        writeln!(out)?;
        write!(out, "{}", table(&record.runs, args.metric)?)?;
    }
    // The runs agree on the length in the metric they searched (shortest
    // multi-tile paths may differ in single moves).
    let length = |r: &CompareRun| match args.metric {
        Metric::Mtm => r.mtm_length,
        _ => r.length,
    };
    let lengths: Vec<(&CompareRun, usize)> = record.runs.iter().filter_map(|r| Some((r, length(r)?))).collect();
    let first = lengths.first().map(|&(_, l)| l);
    let agree = lengths.iter().all(|&(_, l)| Some(l) == first);
    let unit = match args.metric {
        Metric::Mtm => "multi-tile moves",
        _ => "moves",
    };
    if !args.json {
        if agree {
            match first {
                Some(l) if lengths.len() == 1 => writeln!(out, "\nonly 1 run finished: {l} {unit}")?,
                Some(l) => writeln!(out, "\nall {} finished runs agree: {l} {unit}", lengths.len())?,
                None => writeln!(out, "\nno run found a solution")?,
            }
        } else {
            writeln!(out, "\nDISAGREEMENT: the algorithms found different lengths:")?;
            for (run, l) in &lengths {
                writeln!(
                    out,
                    "  {} {}: {l}",
                    run.algorithm,
                    run.heuristic.as_deref().unwrap_or("")
                )?;
            }
        }
    }
    Ok(if agree { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The runs as aligned rows under a header; each column as wide as its
/// widest cell (a run stopped by its budget says which in the length
/// column). In the multi-tile metric the length is the multi-tile one,
/// the single moves beside it.
fn table(runs: &[CompareRun], metric: Metric) -> Result<String> {
    let length = |run: &CompareRun| match (run.outcome, run.length, run.mtm_length) {
        (Some(OutcomeName::Solved), Some(l), Some(m)) if metric == Metric::Mtm => format!("{m} ({l} single)"),
        (Some(OutcomeName::Solved), Some(l), _) => l.to_string(),
        (Some(OutcomeName::Unsolvable), ..) => "unsolvable".to_string(),
        (Some(OutcomeName::Budget), ..) => format!("budget reached ({})", run.message.as_deref().unwrap_or("")),
        _ => "-".to_string(),
    };
    let heuristic = |run: &CompareRun| run.heuristic.clone().unwrap_or_else(|| "-".to_string());
    let hw = runs.iter().map(|r| heuristic(r).len()).fold(16, usize::max);
    let lw = runs.iter().map(|r| length(r).len()).fold(7, usize::max);
    let mut table = String::new();
    writeln!(
        table,
        "{:<9} {:<hw$} {:>lw$} {:>14} {:>12} {:>12}",
        "algorithm",
        "heuristic",
        if metric == Metric::Mtm { "mtm length" } else { "length" },
        "expanded",
        "time",
        "peak memory"
    )?;
    for run in runs {
        if run.outcome.is_none() {
            let why = run.message.as_deref().unwrap_or("");
            writeln!(
                table,
                "{:<9} {:<hw$} {:>lw$}  not for this board: {why}",
                run.algorithm, "-", "-"
            )?;
            continue;
        }
        write!(
            table,
            "{:<9} {:<hw$} {:>lw$} {:>14} {:>12} {:>12}",
            run.algorithm,
            heuristic(run),
            length(run),
            run.expanded,
            human_duration(Duration::from_secs_f64(run.millis / 1e3)),
            human_bytes(run.peak_bytes)
        )?;
        // One lookup per move, after the table of every board was built: the time is the build's.
        if run.algorithm == npuzzle::Algorithm::Table.name() && run.outcome == Some(OutcomeName::Solved) {
            write!(table, "  (the time builds the complete table)")?;
        }
        writeln!(table)?;
    }
    Ok(table)
}
