//! `npuzzle random`: random solvable boards.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use npuzzle::random::random_solvable;
use npuzzle::random::{confirmed_at_distance, confirming_solver};
use npuzzle::record::{BoardRecord, Record};
use npuzzle::search::table::{TableCache, MAX_TABLE_CELLS};
use npuzzle::{Board, Budget, Goal, Metric, Shape};
use npuzzle_service::exhaustive::boards_at_distance;
use rand::SeedableRng;

use crate::input::{all_cores, BoardOptions, SearchOptions};

/// Arguments of `npuzzle random`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub options: BoardOptions,
    /// How many boards.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// Seed for a reproducible sequence (random when omitted).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Only boards exactly this many moves from the goal: uniform among them on boards of at most
    /// 12 cells (from a complete table); on larger boards random walks from the goal, each kept
    /// when an optimal solve confirms its distance (not uniform; the solve reads what solve's
    /// `auto` reads: the pattern databases found, else walking distance on 4x4; --timeout bounds
    /// the whole draw).
    ///
    /// With --metric mtm the distance counts multi-tile moves: uniform from the multi-tile
    /// breadth-first search up to 12 cells; on larger boards random walks of slides, each kept
    /// when the optimal multi-tile search (idastar: on 4x4 the multi-tile database when built,
    /// else walking distance; past 4x4 Manhattan distance, which confirms near distances only,
    /// about 15 on 5x5) confirms it (not uniform).
    #[arg(long, value_name = "D")]
    pub distance: Option<u32>,
    /// What --distance counts: `stm` (every move counts one, the default) or `mtm` (the
    /// multi-tile metric: sliding one or more tiles of a row or column at once counts one).
    #[arg(long, value_name = "METRIC", default_value_t = Metric::Stm, requires = "distance")]
    pub metric: Metric,
    /// With --distance: no board twice (all the boards at that distance when fewer than --count are;
    /// boards of at most 12 cells).
    #[arg(long, requires = "distance")]
    pub distinct: bool,
    #[command(flatten)]
    pub search: SearchOptions,
    /// Print JSON Lines: {"type":"board","data":{...}} per board.
    #[arg(long)]
    pub json: bool,
}

/// Runs `npuzzle random`: one board per line, blank as `x`, uniform over the
/// boards that can reach the goal.
pub fn run(args: Args) -> Result<ExitCode> {
    let shape = args.options.size.unwrap_or(Shape::new(3, 3)?);
    let goal = args.options.goal(shape)?;
    let mut rng = match args.seed {
        Some(seed) => rand_chacha::ChaCha8Rng::seed_from_u64(seed),
        None => rand_chacha::ChaCha8Rng::from_os_rng(),
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    if let Some(d) = args.distance.filter(|_| shape.cells() > MAX_TABLE_CELLS) {
        if args.distinct {
            anyhow::bail!(
                "--distinct draws from a complete table, for boards of at most {MAX_TABLE_CELLS} cells, not {shape}"
            );
        }
        let count = usize::try_from(args.count).context("--count is too large")?;
        let budget = args.search.budget();
        let solvers = args.search.solvers_in(all_cores(), budget, args.metric, None)?;
        let solver = solvers
            .solver(&goal)
            .map_err(|e| anyhow::anyhow!(crate::advice::explain(&e)))?;
        let (boards, stopped) = confirmed_at_distance(&solver, &goal, d, count, &mut rng, budget)?;
        let stand_in = confirming_solver(&solver, shape);
        let names = npuzzle::record::SearchNames::new(stand_in.as_ref().unwrap_or(&solver), goal.board());
        let read = match (names.heuristic, names.partition) {
            (Some(h), Some(p)) => format!(" ({h} {p})"),
            (Some(h), None) => format!(" ({h})"),
            _ => String::new(),
        };
        let (moves, walks) = match args.metric {
            Metric::Mtm => ("multi-tile moves", "random walks of slides"),
            _ => ("moves", "random walks"),
        };
        eprintln!(
            "npuzzle: {shape} boards {d} {moves} from {goal}: {walks}, each kept when {}{read} confirmed \
             its distance (not uniform)",
            names.algorithm
        );
        for b in &boards {
            write_board(&mut out, b, &goal, Some(d), args.metric, args.json)?;
        }
        out.flush()?;
        if let Some(kind) = stopped {
            eprintln!("npuzzle: {kind} reached after {} of {count} boards", boards.len());
            return Ok(ExitCode::FAILURE);
        }
    } else if let Some(d) = args.distance {
        let count = usize::try_from(args.count).context("--count is too large")?;
        let tables = TableCache::default();
        let boards = boards_at_distance(
            &goal,
            args.metric,
            d,
            count,
            args.distinct,
            &mut rng,
            &tables,
            Budget::default(),
        )
        .map_err(crate::input::render_service_error)?;
        if boards.len() < count {
            let moves = if args.metric == Metric::Mtm {
                "multi-tile moves"
            } else {
                "moves"
            };
            eprintln!(
                "npuzzle: only {} {shape} boards are {d} {moves} from {goal}; printing all of them",
                boards.len()
            );
        }
        for b in boards {
            write_board(&mut out, &b, &goal, Some(d), args.metric, args.json)?;
        }
    } else {
        for _ in 0..args.count {
            write_board(
                &mut out,
                &random_solvable(&goal, &mut rng),
                &goal,
                None,
                args.metric,
                args.json,
            )?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// One board: its line, or with `json` its record (its distance in `metric`).
fn write_board(
    out: &mut impl Write,
    board: &Board,
    goal: &Goal,
    distance: Option<u32>,
    metric: Metric,
    json: bool,
) -> Result<()> {
    if json {
        let record = Record::Board(BoardRecord::new(board, goal, distance).in_metric(metric));
        crate::output::write_json_line(out, &record)
    } else {
        writeln!(out, "{board}")?;
        Ok(())
    }
}
