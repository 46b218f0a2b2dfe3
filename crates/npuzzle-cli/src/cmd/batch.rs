//! `npuzzle batch`: solve a file of boards on all cores, reading it as it
//! comes (`feed`), handing the boards to the workers (`queue`, `parallel`)
//! and writing each row as soon as the rows before it are (`writer`),
//! resumable after a kill (`resume`).
//!
//! Output rows have the fields `line` (input line number of the board),
//! `board`, `outcome` (`solved`, `unsolvable`, `budget`, `invalid`),
//! `length`, `moves`, `expanded`, `generated`, `millis`, `message` (why a board was
//! invalid, or which budget ran out), `instance` (the board's place among the
//! file's boards) and `algorithm`, `heuristic`, `partition` (the search that
//! made the row). JSON Lines wrap each row in the envelope
//! `{"type":"result","data":{…}}`; CSV has a header line.
//!
//! Rows also record every setting that changes an answer or its counts:
//! `goal`, `duplicate_len` (IDA*'s `--dup-len`), `improve_millis`
//! (greedy's `--improve`) and the budgets `max_nodes`, `timeout_millis`,
//! `max_memory` (each worker's share). Each board is searched on one
//! thread, so the counts do not depend on `--threads`.
//!
//! `--resume` solves the boards that have no row made by the same search
//! with the same settings (the budgets count only for rows a budget
//! stopped), so that one results file collects a campaign's rows for
//! several heuristics or settings, kept apart by their fields; a board
//! whose rows were made with other settings is said on stderr, naming the
//! difference.
//!
//! Exit codes: 0 every board solved or proven unsolvable; 1 some board invalid
//! or out of budget; 2 usage or I/O error; 130 interrupted (rerun with
//! `--resume` to finish).

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};

use npuzzle::parse::BoardInput;
use npuzzle::record::ResultRecord;
use npuzzle::{Cancel, Goal, Progress, Shape, Solver};

use crate::input::{all_cores, BoardOptions, SearchOptions, Solvers};
use crate::spool::{self, Spooled};

mod feed;
mod parallel;
mod queue;
mod resume;
mod writer;

use feed::{Job, Pick};
use resume::{planned, scan_existing, Done, Verdict};
use writer::{Solved, Writer};

/// Exit code after an interruption.
const INTERRUPTED_EXIT: u8 = 130;

/// Set by the first Ctrl-C / SIGTERM: stop taking new boards, write what is done.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Output formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// JSON Lines, one `{"type":"result","data":{…}}` per board.
    Jsonl,
    /// Comma-separated values with a header line.
    Csv,
}

/// Arguments of `npuzzle batch`.
#[derive(clap::Args)]
pub struct Args {
    /// Boards, one per line (or one per blank-line-separated block of rows); `#` starts a comment; - for stdin.
    #[arg(long, short = 'i', default_value = "-")]
    pub input: String,
    /// Where to write results (default: stdout). Needed for --resume.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Jsonl)]
    pub format: Format,
    /// Worker threads (default: all cores).
    #[arg(long, short = 'j')]
    pub threads: Option<usize>,
    /// Write results as they finish instead of in input order.
    #[arg(long)]
    pub unordered: bool,
    /// Keep the results already in --output and solve only the boards missing from it (a board
    /// counts as done when a row made by the same algorithm, heuristic, databases, goal, --dup-len
    /// and --improve is there, and the same budgets if a budget stopped it; rows made otherwise
    /// are kept apart and said on stderr).
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Solve only these boards, by their place among the file's boards: `1,25,38-40`.
    #[arg(long, value_name = "LIST", value_parser = parse_instances)]
    pub instances: Option<Instances>,
    #[command(flatten)]
    pub board: BoardOptions,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// One output row: the library's batch record.
pub type Row = ResultRecord;

/// Instance numbers chosen with `--instances`, as inclusive ranges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instances(Vec<(usize, usize)>);

impl Instances {
    /// Whether the `n`-th board is chosen.
    fn contains(&self, n: usize) -> bool {
        self.0.iter().any(|&(from, to)| (from..=to).contains(&n))
    }
}

/// Parses `1,25,38-40` (numbers from 1; ranges inclusive).
fn parse_instances(text: &str) -> std::result::Result<Instances, String> {
    let number = |t: &str| match t.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "{t:?} is not an instance number (1, 2, …) in {text:?}; write e.g. 1,25,38-40"
        )),
    };
    let ranges = text
        .split(',')
        .map(|part| match part.split_once('-') {
            Some((from, to)) => {
                let (from, to) = (number(from)?, number(to)?);
                if from > to {
                    return Err(format!("the range {part:?} in {text:?} runs backwards"));
                }
                Ok((from, to))
            }
            None => number(part).map(|n| (n, n)),
        })
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(Instances(ranges))
}

/// What every board of a run is solved with, and which boards it solves.
struct Batch<'a> {
    board: &'a BoardOptions,
    solvers: &'a Solvers,
    format: Format,
    instances: Option<&'a Instances>,
    /// The rows `--resume` found.
    done: &'a Done,
    /// The differences of settings already said (each is said once).
    said: std::sync::Mutex<std::collections::HashSet<String>>,
    /// The output file's name, for those messages.
    output: String,
}

impl Batch<'_> {
    /// What to do with the `instance`-th board of the input.
    fn pick(&self, instance: usize, input: &BoardInput) -> Pick {
        if self.instances.is_some_and(|list| !list.contains(instance)) {
            Pick::Leave
        } else if self.done.is_empty() {
            // Without rows to resume from (most runs), reading the board to name its search is wasted.
            Pick::Solve
        } else {
            let planned = planned(input, self.board, self.solvers);
            match self.done.verdict(input.line, planned.as_ref()) {
                Verdict::Done => Pick::Done,
                Verdict::Solve { differs } => {
                    if let Some(differs) = differs {
                        self.say_once(differs);
                    }
                    Pick::Solve
                }
            }
        }
    }

    /// Says once on stderr that rows of `output` were made with other settings.
    fn say_once(&self, differs: String) {
        if npuzzle_service::sync::lock(&self.said).insert(differs.clone()) {
            eprintln!(
                "npuzzle batch: {} has rows made with {differs}; they are kept, and their boards are solved \
                 again with this run's settings",
                self.output
            );
        }
    }

    /// Solves one job into its row, publishing the search's node count to
    /// `progress` for the bar. A big board solved constructively has its
    /// moves spooled to a temporary file ([`crate::spool`]), copied into
    /// the row when it is written.
    fn solve(&self, job: Job, progress: &Progress, last: &mut LastGoal) -> Solved {
        let Job {
            index,
            instance,
            input,
            mut board,
        } = job;
        let mut spooled = None;
        let mut row = Row::for_input(&input, instance, |text| {
            // The reader has read most boards already, to tell where they end.
            let board = match board.take() {
                Some(board) => board,
                None => self.board.board(text).map_err(|e| format!("{e:#}"))?,
            };
            let (goal, solver) = last.of(self, board.shape())?;
            if let Some(job) = spool::wanted(solver, &board, goal) {
                let (report, moves) = spool::solve(&job).map_err(|e| format!("{e:#}"))?;
                spooled = moves;
                return Ok((board, Arc::clone(goal), Arc::clone(solver), report));
            }
            let budget = solver.options().budget;
            match solver.solve_with_progress(&board, goal, budget, &Cancel::new(), progress) {
                Ok(report) => {
                    self.solvers.advice.note(goal, &report);
                    Ok((board, Arc::clone(goal), Arc::clone(solver), report))
                }
                Err(e) => Err(crate::advice::explain(&e)),
            }
        });
        if let Some(moves) = &spooled {
            row.length = Some(moves.length() as usize);
            row.moves = Some(Spooled::placeholder());
        }
        Solved::new(index, row, spooled, self.format)
    }
}

/// A worker's goal and solver for the last board shape it solved: a batch
/// mostly holds boards of one shape, and making the goal and looking its
/// solver up (in a map behind a lock all the workers share) cost as much
/// as solving a trivial board.
#[derive(Default)]
struct LastGoal(Option<(Shape, Arc<Goal>, Arc<Solver>)>);

impl LastGoal {
    /// The goal and solver of boards of `shape` (a message when there are none).
    fn of(&mut self, batch: &Batch<'_>, shape: Shape) -> std::result::Result<(&Arc<Goal>, &Arc<Solver>), String> {
        if self.0.as_ref().is_none_or(|(last, _, _)| *last != shape) {
            let goal = batch.board.goal(shape).map_err(|e| format!("{e:#}"))?;
            let solver = batch.solvers.solver(&goal).map_err(|e| crate::advice::explain(&e))?;
            self.0 = Some((shape, Arc::new(goal), solver));
        }
        let (_, goal, solver) = self.0.as_ref().ok_or("no goal (a bug)")?;
        Ok((goal, solver))
    }
}

/// Runs `npuzzle batch`.
pub fn run(args: Args) -> Result<ExitCode> {
    let started = Instant::now();
    let (input, source): (Box<dyn Read + Send>, String) = if args.input == "-" {
        (Box::new(std::io::stdin()), "stdin".to_string())
    } else {
        let file = File::open(&args.input).with_context(|| format!("reading boards from {}", args.input))?;
        (Box::new(file), args.input.clone())
    };

    let threads = args.threads.unwrap_or_else(all_cores).max(1);
    // Boards run side by side, one search thread each; the memory budget is
    // for the whole batch, so each worker gets its share.
    let budget = args
        .search
        .budget()
        .with_max_memory(args.search.limits.max_memory.map(|m| m / threads as u64));
    let solvers = args.search.solvers(1, budget)?;

    let (done, keep) = match (&args.output, args.resume) {
        (Some(path), true) => scan_existing(path, args.format)?,
        _ => (Done::new(), 0),
    };
    let batch = Batch {
        board: &args.board,
        solvers: &solvers,
        format: args.format,
        instances: args.instances.as_ref(),
        done: &done,
        said: Default::default(),
        output: args
            .output
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default(),
    };
    if done.unsettled() > 0 {
        eprintln!(
            "npuzzle batch: {} row{} in {} record{} no goal, duplicate pruning or budget (written by an older \
             npuzzle); {} counted as done by {} algorithm and heuristic alone",
            done.unsettled(),
            if done.unsettled() == 1 { "" } else { "s" },
            batch.output,
            if done.unsettled() == 1 { "s" } else { "" },
            if done.unsettled() == 1 { "it is" } else { "they are" },
            if done.unsettled() == 1 { "its" } else { "their" },
        );
    }

    let mut sink: Box<dyn Write + Send> = match &args.output {
        Some(path) => {
            let mut file = OpenOptions::new()
                .create(true)
                .write(true)
                .truncate(!args.resume)
                .open(path)
                .with_context(|| format!("opening {}", path.display()))?;
            if args.resume {
                file.set_len(keep)
                    .with_context(|| format!("truncating the torn end of {}", path.display()))?;
                file.seek(SeekFrom::Start(keep))?;
            }
            Box::new(BufWriter::new(file))
        }
        None => Box::new(BufWriter::new(std::io::stdout())),
    };
    if args.format == Format::Csv && keep == 0 {
        writeln!(sink, "{}", Row::CSV_HEADER)?;
    }

    // First signal: finish and write what is running; second: leave at once.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(INTERRUPTED_EXIT));
        }
    });

    // The bar's length grows as boards are read (at once from a file).
    let bar = crate::progress::bar(0, "{bar:40} {pos}/{len} boards  {per_sec}  ETA {eta}  {msg}");
    // One per worker: what its current search has expanded, for the bar
    // while long searches (a campaign's instances) run.
    let progresses: Vec<Progress> = (0..threads).map(|_| Progress::new()).collect();
    let mut writer = Writer::new(&mut sink, args.unordered, &bar);
    let (read, written) = parallel::solve_all(&batch, input, &progresses, &mut writer, &bar);
    let mut summary = writer.into_summary();
    bar.finish_and_clear();
    let skipped = read.with_context(|| format!("reading boards from {source}"))?;
    written.context("writing results")?;
    sink.flush().context("writing results")?;
    summary.print(started.elapsed(), skipped);
    if let Some(advice) = solvers.advice.take_due() {
        eprintln!("npuzzle: {advice}");
    }
    if INTERRUPTED.load(Ordering::SeqCst) {
        eprintln!("npuzzle batch: interrupted; finished results are written. Run again with --resume to complete.");
        return Ok(ExitCode::from(INTERRUPTED_EXIT));
    }
    Ok(if summary.all_answered() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_lists_take_numbers_and_ranges() {
        let list = parse_instances("1,25,38-40").unwrap();
        let chosen: Vec<usize> = (1..=50).filter(|&n| list.contains(n)).collect();
        assert_eq!(chosen, [1, 25, 38, 39, 40]);
        for bad in ["0", "3-1", "x", "1,,2", ""] {
            assert!(parse_instances(bad).is_err(), "{bad:?}");
        }
    }
}
