//! `npuzzle batch`: solve a file of boards on all cores, reading it as the
//! workers take boards (`feed`) and writing each result as soon as it is
//! known, resumable after a kill.
//!
//! Output rows have the fields `line` (input line number of the board),
//! `board`, `outcome` (`solved`, `unsolvable`, `budget`, `invalid`),
//! `length`, `moves`, `expanded`, `generated`, `millis`, `message` (why a board was
//! invalid, or which budget ran out), `instance` (the board's place among the
//! file's boards) and `algorithm`, `heuristic`, `partition` (the search that
//! made the row). JSON Lines wrap each row in the envelope
//! `{"type":"result","data":{…}}`; CSV has a header line.
//!
//! `--resume` solves the boards that have no row made by the same search, so
//! that one results file collects a campaign's rows for several heuristics.
//!
//! Exit codes: 0 every board solved or proven unsolvable; 1 some board invalid
//! or out of budget; 2 usage or I/O error; 130 interrupted (rerun with
//! `--resume` to finish).

use std::collections::{BTreeMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use npuzzle::parse::BoardInput;
use npuzzle::{Cancel, Progress};

use crate::input::{all_cores, BoardOptions, SearchOptions, Solvers};

mod feed;
use crate::spool::{self, Spooled};
use feed::{Feed, Pick, WINDOW_PER_WORKER};
use npuzzle::record::{human_duration, OutcomeName, Record, ResultRecord, SearchNames};

/// How often the bar's count of the running searches' nodes is updated.
const BAR_EVERY: Duration = Duration::from_millis(250);

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
    /// counts as done when a row made by the same algorithm, heuristic and databases is there).
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

/// The serialised form of a row in `format`.
fn row_bytes(row: &Row, format: Format) -> Result<Vec<u8>> {
    match format {
        Format::Jsonl => {
            let mut line = Vec::new();
            crate::output::write_json_line(&mut line, &Record::Result(row.clone()))?;
            Ok(line)
        }
        Format::Csv => {
            let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(Vec::new());
            w.serialize(row)?;
            Ok(w.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?)
        }
    }
}

/// The row of a complete output line, if it is one of ours (rows written
/// before the last columns were added read too).
fn row_of(text: &str, format: Format) -> Option<Row> {
    match format {
        Format::Jsonl => match serde_json::from_str(text).ok()? {
            Record::Result(row) => Some(row),
            _ => None,
        },
        Format::Csv => {
            let mut r = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(text.as_bytes());
            r.deserialize().next()?.ok()
        }
    }
}

/// Solves one input, the `instance`-th board of the file, into a row,
/// publishing the search's node count to `progress` for the bar. A big
/// board solved constructively has its moves spooled to a temporary file
/// ([`crate::spool`]), copied into the row when it is written.
fn solve_one(
    input: &BoardInput,
    instance: usize,
    options: &BoardOptions,
    solvers: &Solvers,
    progress: &Progress,
) -> (Row, Option<Spooled>) {
    let mut spooled = None;
    let mut row = Row::for_input(input, instance, |text| {
        let (board, goal) = options.parse(text).map_err(|e| format!("{e:#}"))?;
        let solver = solvers.get(&goal).map_err(|e| crate::advice::explain(&e))?;
        if spool::wanted(&solver, &board) {
            let (report, moves) = spool::solve(&board, &goal, &solver).map_err(|e| format!("{e:#}"))?;
            spooled = moves;
            return Ok((board, solver, report));
        }
        let budget = solver.options().budget;
        match solver.solve_with_progress(&board, &goal, budget, &Cancel::new(), progress) {
            Ok(report) => {
                solvers.advice.note(&goal, &report);
                Ok((board, solver, report))
            }
            Err(e) => Err(crate::advice::explain(&e)),
        }
    });
    if let Some(moves) = &spooled {
        row.length = Some(moves.length() as usize);
        row.moves = Some(Spooled::placeholder());
    }
    (row, spooled)
}

/// The rows already in an output file, for `--resume`: per input line, the
/// searches that answered it (`None`: a row that names none — an invalid
/// input, or a row from before rows named their search).
type Done = HashSet<(usize, Option<SearchNames>)>;

/// Whether `input` has a row in `done` made by the search this batch would
/// run on it (or a row that names no search).
fn is_done(done: &Done, input: &BoardInput, options: &BoardOptions, solvers: &Solvers) -> bool {
    if done.contains(&(input.line, None)) {
        return true;
    }
    let planned = input.text.as_ref().ok().and_then(|text| {
        let (board, goal) = options.parse(text).ok()?;
        let solver = solvers.get(&goal).ok()?;
        Some(SearchNames::new(&solver, &board))
    });
    done.contains(&(input.line, planned))
}

/// Reads an existing output file for `--resume`: the rows already written
/// and the length of the intact prefix (a torn or foreign last line is
/// dropped so that it is redone). The file is read a line at a time: a
/// campaign's results file may be large, and only the rows' keys are kept.
fn scan_existing(path: &Path, format: Format) -> Result<(Done, u64)> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Done::new(), 0)),
        Err(e) => return Err(e).with_context(|| format!("opening {}", path.display())),
    };
    let mut reader = BufReader::new(file);
    let mut done = Done::new();
    let mut keep = 0u64;
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = reader
            .read_until(b'\n', &mut line)
            .with_context(|| format!("reading {}", path.display()))?;
        // End of file, or a last line without its newline: torn, redone.
        let Some(body) = line.strip_suffix(b"\n") else { break };
        let Ok(text) = std::str::from_utf8(body) else { break };
        let is_header = format == Format::Csv && keep == 0 && text == Row::CSV_HEADER;
        if !is_header {
            match row_of(text, format) {
                Some(row) => {
                    done.insert((row.line, row.search_names()));
                }
                None => break,
            }
        }
        keep += read as u64;
    }
    Ok((done, keep))
}

/// Counts and timings for the closing summary.
#[derive(Default)]
struct Summary {
    counts: BTreeMap<OutcomeName, u64>,
    millis: Vec<f64>,
}

impl Summary {
    fn add(&mut self, row: &Row) {
        *self.counts.entry(row.outcome).or_default() += 1;
        if row.outcome != OutcomeName::Invalid {
            self.millis.push(row.millis);
        }
    }

    fn print(&mut self, total: Duration, skipped: usize) {
        let counts: Vec<String> = self.counts.iter().map(|(k, v)| format!("{v} {k}")).collect();
        let counts = if counts.is_empty() {
            "nothing to do".to_string()
        } else {
            counts.join(", ")
        };
        let resumed = if skipped > 0 {
            format!(" ({skipped} already done)")
        } else {
            String::new()
        };
        eprintln!("npuzzle batch: {counts}{resumed} in {}", human_duration(total));
        if !self.millis.is_empty() {
            self.millis.sort_by(f64::total_cmp);
            let pct = |p: f64| self.millis[((self.millis.len() - 1) as f64 * p).round() as usize];
            eprintln!(
                "per board: p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
                pct(0.5),
                pct(0.9),
                pct(0.99),
                pct(1.0)
            );
        }
    }

    fn all_answered(&self) -> bool {
        self.counts
            .keys()
            .all(|k| matches!(k, OutcomeName::Solved | OutcomeName::Unsolvable))
    }
}

/// Runs `npuzzle batch`.
pub fn run(args: Args) -> Result<ExitCode> {
    let started = Instant::now();
    let (reader, source): (Box<dyn BufRead + Send>, String) = if args.input == "-" {
        (Box::new(BufReader::new(std::io::stdin())), "stdin".to_string())
    } else {
        let file = File::open(&args.input).with_context(|| format!("reading boards from {}", args.input))?;
        (Box::new(BufReader::new(file)), args.input.clone())
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
    // Boards are read as the workers take them, each with its place among
    // the input's boards (its instance number).
    let feed = Feed::new(reader, args.board.size, WINDOW_PER_WORKER * threads);
    let pick = |instance: usize, input: &BoardInput| {
        if args.instances.as_ref().is_some_and(|list| !list.contains(instance)) {
            Pick::Leave
        } else if is_done(&done, input, &args.board, &solvers) {
            Pick::Done
        } else {
            Pick::Solve
        }
    };

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
    let mut summary = Summary::default();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("starting worker threads")?;
    let (tx, rx) = mpsc::channel::<(usize, (Row, Option<Spooled>))>();
    let write_result: Result<()> = std::thread::scope(|scope| {
        let (feed, pick, solvers, board_options, bar) = (&feed, &pick, &solvers, &args.board, &bar);
        let progresses = &progresses;
        scope.spawn(move || {
            pool.scope(|s| {
                for progress in progresses {
                    let tx = tx.clone();
                    // Workers take boards in input order, so ordered output never waits long.
                    s.spawn(move |_| loop {
                        if INTERRUPTED.load(Ordering::SeqCst) {
                            break;
                        }
                        let Some(job) = feed.take(pick) else { break };
                        if !bar.is_hidden() {
                            bar.inc_length(1);
                        }
                        let row = solve_one(&job.input, job.instance, board_options, solvers, progress);
                        if tx.send((job.index, row)).is_err() {
                            break;
                        }
                    });
                }
            });
            drop(tx);
        });
        let mut pending: BTreeMap<usize, (Row, Option<Spooled>)> = BTreeMap::new();
        let (mut next_out, mut written) = (0usize, 0usize);
        let write_row = |(row, spooled): (Row, Option<Spooled>), sink: &mut Box<dyn Write + Send>| -> Result<()> {
            spool::write_row(sink, &row_bytes(&row, args.format)?, spooled)
        };
        // Wait for one result (showing the running searches' nodes on the
        // bar meanwhile), then take whatever else is ready before flushing.
        loop {
            let first = match rx.recv_timeout(BAR_EVERY) {
                Ok(first) => first,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if !bar.is_hidden() {
                        let running: u64 = progresses.iter().map(Progress::expanded).sum();
                        bar.set_message(crate::progress::running_nodes(running));
                    }
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            let mut batch = vec![first];
            batch.extend(rx.try_iter());
            for (i, row) in batch {
                summary.add(&row.0);
                bar.inc(1);
                if args.unordered {
                    write_row(row, &mut sink)?;
                    written += 1;
                } else {
                    pending.insert(i, row);
                    while let Some(row) = pending.remove(&next_out) {
                        write_row(row, &mut sink)?;
                        next_out += 1;
                    }
                    written = next_out;
                }
            }
            sink.flush()?;
            feed.wrote(written);
        }
        Ok(())
    });
    bar.finish_and_clear();
    let skipped = feed.finish().with_context(|| format!("reading boards from {source}"))?;
    write_result.context("writing results")?;
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
    fn rows_round_trip_through_both_formats() {
        let row = Row::invalid(7, "1 2 3 x", "bad token \"y\", at 3", Duration::from_micros(500));
        for format in [Format::Jsonl, Format::Csv] {
            let bytes = row_bytes(&row, format).unwrap();
            let text = std::str::from_utf8(&bytes).unwrap();
            assert_eq!(text.matches('\n').count(), 1, "{text}");
            assert_eq!(row_of(text.trim_end(), format).map(|r| r.line), Some(7), "{text}");
        }
    }

    #[test]
    fn instance_lists_take_numbers_and_ranges() {
        let list = parse_instances("1,25,38-40").unwrap();
        let chosen: Vec<usize> = (1..=50).filter(|&n| list.contains(n)).collect();
        assert_eq!(chosen, [1, 25, 38, 39, 40]);
        for bad in ["0", "3-1", "x", "1,,2", ""] {
            assert!(parse_instances(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn csv_rows_from_before_the_search_columns_still_resume() {
        let old = "4,1 2 3 4 5 6 x 7 8,solved,2,rr,2,2,0.5,";
        let row = row_of(old, Format::Csv).expect("an old row reads");
        assert_eq!((row.line, row.instance, row.search_names()), (4, 0, None));
    }

    #[test]
    fn torn_last_line_is_dropped_on_resume() {
        let dir = std::env::temp_dir().join(format!("npuzzle-scan-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.jsonl");
        let good = r#"{"type":"result","data":{"line":3,"board":"x","outcome":"solved","length":0,"moves":"","expanded":0,"generated":0,"millis":0.0,"message":null}}"#;
        std::fs::write(&path, format!("{good}\n{{\"type\":\"res")).unwrap();
        let (done, keep) = scan_existing(&path, Format::Jsonl).unwrap();
        assert_eq!(done, Done::from([(3, None)]));
        assert_eq!(keep, good.len() as u64 + 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `scan_existing` on a file holding `text`, in a directory of its own.
    fn scan(name: &str, text: &[u8], format: Format) -> (Done, u64) {
        let dir = std::env::temp_dir().join(format!("npuzzle-scan-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out");
        std::fs::write(&path, text).unwrap();
        let scanned = scan_existing(&path, format).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        scanned
    }

    #[test]
    fn scanning_stops_at_the_first_foreign_or_torn_line_in_both_formats() {
        let rows: Vec<Row> = (1..=3)
            .map(|line| Row::invalid(line, "1 2 3 x", "bad", Duration::from_micros(5)))
            .collect();
        for format in [Format::Jsonl, Format::Csv] {
            let mut text = Vec::new();
            if format == Format::Csv {
                text.extend_from_slice(format!("{}\n", Row::CSV_HEADER).as_bytes());
            }
            for row in &rows[..2] {
                text.extend(row_bytes(row, format).unwrap());
            }
            let intact = text.len() as u64;
            let want = Done::from([(1, None), (2, None)]);
            // Every row whole: all kept.
            assert_eq!(scan("whole", &text, format), (want.clone(), intact), "{format:?}");
            // The last row without its newline (killed mid-write) is redone, even when it parses.
            let mut torn = text.clone();
            torn.extend(row_bytes(&rows[2], format).unwrap().strip_suffix(b"\n").unwrap());
            assert_eq!(scan("torn", &torn, format), (want.clone(), intact), "{format:?}");
            // A foreign line ends the intact prefix: what follows it is redone too.
            let mut foreign = text.clone();
            foreign.extend_from_slice(b"not a row\n");
            foreign.extend(row_bytes(&rows[2], format).unwrap());
            assert_eq!(scan("foreign", &foreign, format), (want.clone(), intact), "{format:?}");
            // So does a line that is not UTF-8.
            let mut binary = text.clone();
            binary.extend_from_slice(b"\xff\xfe\n");
            assert_eq!(scan("binary", &binary, format), (want, intact), "{format:?}");
        }
        // An empty file, or a CSV file holding only its header, has no rows.
        assert_eq!(scan("empty", b"", Format::Jsonl), (Done::new(), 0));
        let header = format!("{}\n", Row::CSV_HEADER);
        assert_eq!(
            scan("header", header.as_bytes(), Format::Csv),
            (Done::new(), header.len() as u64)
        );
    }
}
