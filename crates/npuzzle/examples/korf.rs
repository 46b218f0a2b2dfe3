//! Benchmark runner: solves Korf's 100 15-puzzle instances or Korf and
//! Felner's 50 24-puzzle instances (blank-first goal) with the specialised
//! IDA*, and prints length, nodes and speed per instance, then totals.
//!
//! ```text
//! cargo run --release -p npuzzle --example korf -- \
//!     [--puzzle 15|24] [--file PATH] [--instances 1-10,25] \
//!     [--heuristic manhattan|linear-conflict|walking-distance|misplaced|pdb|pdb-dual|pdb-adaptive] \
//!     [--pdb FILE [--pdb FILE…] | --pdb-dir DIR [--partition 7-8]] [--no-reflection] [--order udlr|ulrd] \
//!     [--dup-len N] [--threads N] [--timeout SECONDS] [--max-nodes N] [--board nibbles|bytes] [--iterations]
//!     [--progress]
//! ```
//!
//! Defaults: the 15-puzzle file, all instances, Manhattan (pattern databases
//! when `--pdb` or `--pdb-dir` is given), one thread, 600 s per instance, the
//! packed (`nibbles`) board on 4×4. `--partition` defaults to `7-8` on the
//! 15-puzzle and `6-6-6-6` on the 24-puzzle. The databases are opened and
//! every page of their tables read once before the first instance; that time
//! is printed on its own and not counted in the solving time. Several
//! `--pdb` files (of one goal) are read together: the estimate is the
//! largest of their sums, each with its reflection, read in the order given. `--order`
//! sets the order in which the moves of a node are tried: `udlr` (the
//! library's, the default) or `ulrd` (Korf & Felner's). `--dup-len N` cuts
//! duplicate move sequences of up to `N` moves (default: the library's,
//! `npuzzle::search::duplicates::DEFAULT_LEN`; `2` cuts only the move undoing
//! the previous one, as in Korf's papers); the filter is built before the
//! first instance and not counted either. `--progress` has the search publish
//! its bound and node count to a [`npuzzle::Progress`], as `npuzzle solve`'s
//! progress line does, to measure what that costs. Every solution is replayed
//! to the goal before it is counted.

use std::marker::PhantomData;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use npuzzle::heuristic::fixed::{FixedBoard, FixedHeuristic, Nibbles};
use npuzzle::heuristic::pdb::{recommended_partition, AdditivePdb, PdbSet, PdbSpec};
use npuzzle::heuristic::WithFixedHeuristic;
use npuzzle::search::duplicates::{self, DuplicateFilter};
use npuzzle::search::idastar_fixed::{
    count_iteration, search_adaptive, search_with_options, FixedOptions, IterationCount, MoveOrder,
};
use npuzzle::solution::BudgetClock;
use npuzzle::{Board, Budget, Goal, HeuristicKind, Outcome, Shape, Stats};

struct Options {
    file: String,
    pdb_files: Vec<String>,
    pdb_dir: Option<String>,
    partition: Option<String>,
    reflection: bool,
    order: MoveOrder,
    duplicate_len: usize,
    side: usize,
    instances: Option<Vec<usize>>,
    heuristic: HeuristicKind,
    threads: usize,
    budget: Budget,
    bytes: bool,
    iterations: bool,
    whole: bool,
    progress: bool,
}

impl Options {
    /// The specialised search's options.
    fn fixed_options(&self) -> FixedOptions {
        FixedOptions {
            order: self.order,
            duplicate_len: self.duplicate_len,
        }
    }
}

fn usage() -> String {
    "usage: korf [--puzzle 15|24] [--file PATH] [--instances 1-10,25] [--heuristic NAME] \
     [--pdb FILE [--pdb FILE…] | --pdb-dir DIR [--partition NAME]] [--no-reflection] [--order udlr|ulrd] [--dup-len N] \
     [--threads N] [--timeout SECONDS] [--max-nodes N] [--board nibbles|bytes] [--iterations] [--whole-iterations] [--progress]"
        .to_string()
}

fn parse_list(text: &str) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || format!("bad instance list {text:?}: expected e.g. 1-10,25");
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (
                    a.trim().parse().map_err(|_| bad())?,
                    b.trim().parse().map_err(|_| bad())?,
                );
                if a == 0 || b < a {
                    return Err(bad());
                }
                out.extend(a..=b);
            }
            None => out.push(part.parse().map_err(|_| bad())?),
        }
    }
    Ok(out)
}

fn parse_args() -> Result<Options, String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/data/");
    let mut o = Options {
        file: String::new(),
        pdb_files: Vec::new(),
        pdb_dir: None,
        partition: None,
        reflection: true,
        order: MoveOrder::Library,
        duplicate_len: duplicates::DEFAULT_LEN,
        side: 4,
        instances: None,
        heuristic: HeuristicKind::Manhattan,
        threads: 1,
        budget: Budget::default().with_timeout(Some(Duration::from_secs(600))),
        bytes: false,
        iterations: false,
        whole: false,
        progress: false,
    };
    let mut file = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value\n{}", usage()));
        match arg.as_str() {
            "--puzzle" => {
                o.side = match value()?.as_str() {
                    "15" => 4,
                    "24" => 5,
                    other => return Err(format!("--puzzle is 15 or 24, not {other:?}")),
                }
            }
            "--file" => file = Some(value()?),
            "--instances" => o.instances = Some(parse_list(&value()?)?),
            "--heuristic" => o.heuristic = value()?.parse().map_err(|e: npuzzle::Error| e.to_string())?,
            "--threads" => o.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--timeout" => {
                let s: f64 = value()?.parse().map_err(|e| format!("--timeout: {e}"))?;
                o.budget.timeout = Some(Duration::try_from_secs_f64(s).map_err(|e| format!("--timeout: {e}"))?);
            }
            "--max-nodes" => o.budget.max_nodes = Some(value()?.parse().map_err(|e| format!("--max-nodes: {e}"))?),
            "--board" => {
                o.bytes = match value()?.as_str() {
                    "nibbles" => false,
                    "bytes" => true,
                    other => return Err(format!("--board is nibbles or bytes, not {other:?}")),
                }
            }
            "--pdb" => o.pdb_files.push(value()?),
            "--pdb-dir" => o.pdb_dir = Some(value()?),
            "--partition" => o.partition = Some(value()?),
            "--no-reflection" => o.reflection = false,
            "--dup-len" => {
                o.duplicate_len = value()?
                    .parse()
                    .ok()
                    .filter(|n| (2..=duplicates::MAX_LEN).contains(n))
                    .ok_or(format!("--dup-len takes 2..={}", duplicates::MAX_LEN))?;
            }
            "--order" => {
                o.order = match value()?.as_str() {
                    "udlr" => MoveOrder::Library,
                    "ulrd" => MoveOrder::KorfFelner,
                    other => return Err(format!("--order is udlr or ulrd, not {other:?}")),
                }
            }
            "--iterations" => o.iterations = true,
            "--whole-iterations" => o.whole = true,
            "--progress" => o.progress = true,
            "-h" | "--help" => return Err(usage()),
            other => return Err(format!("unknown argument {other:?}\n{}", usage())),
        }
    }
    if !o.pdb_files.is_empty() || o.pdb_dir.is_some() {
        if o.heuristic == HeuristicKind::Manhattan {
            o.heuristic = HeuristicKind::Pdb;
        }
    } else if o.heuristic.needs_database() {
        return Err(format!(
            "--heuristic {} needs --pdb FILE or --pdb-dir DIR\n{}",
            o.heuristic,
            usage()
        ));
    }
    o.file = file.unwrap_or_else(|| {
        let name = if o.side == 4 {
            "korf100.txt"
        } else {
            "korf-felner-24.txt"
        };
        format!("{root}{name}")
    });
    Ok(o)
}

/// Instances of the file: lines of W·H numbers; `#` starts a comment line.
fn read_instances(path: &str, shape: Shape) -> Result<Vec<Board>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, line)| Board::parse(line, Some(shape)).map_err(|e| format!("{path}, instance {}: {e}", i + 1)))
        .collect()
}

/// What a solve found, and with `--whole-iterations` the nodes generated by
/// all iterations but the last and the whole last iteration counted anew.
/// The time is the search's alone.
type Solved = (Outcome, Stats, Duration, Option<(u64, IterationCount)>);

fn solve_with<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    h: &H,
    o: &Options,
) -> Result<Solved, npuzzle::Error> {
    let mut clock = BudgetClock::start(o.budget);
    if o.progress {
        clock = clock.with_progress(npuzzle::Progress::new());
    }
    let started = Instant::now();
    let (outcome, stats) = search_with_options::<N, B, H>(board, goal, h, &clock, o.threads, o.fixed_options())?;
    let elapsed = started.elapsed();
    let mut whole = None;
    if o.whole && outcome.solution().is_some() {
        let mut before = 0;
        let count = |bound| count_iteration::<N, B, H>(board, goal, h, bound);
        if let Some((last, earlier)) = stats.iterations.split_last() {
            for &(bound, _) in earlier {
                before += count(bound)?.generated;
            }
            whole = Some((before, count(last.0)?));
        }
    }
    Ok((outcome, stats, elapsed, whole))
}

/// [`solve_with`] on boards held as `B`, waiting for its heuristic.
struct Solve<'a, B> {
    board: &'a Board,
    goal: &'a Goal,
    o: &'a Options,
    cells: PhantomData<B>,
}

impl<'a, B> Solve<'a, B> {
    fn new(board: &'a Board, goal: &'a Goal, o: &'a Options) -> Self {
        Solve {
            board,
            goal,
            o,
            cells: PhantomData,
        }
    }
}

impl<const N: usize, B: FixedBoard<N>> WithFixedHeuristic<N> for Solve<'_, B> {
    type Output = Solved;

    fn run<H: FixedHeuristic<N>>(self, h: &H) -> Result<Solved, npuzzle::Error> {
        solve_with::<N, B, H>(self.board, self.goal, h, self.o)
    }

    fn run_adaptive<C: FixedHeuristic<N>, S: FixedHeuristic<N>>(
        self,
        cheap: &C,
        strong: &S,
    ) -> Result<Solved, npuzzle::Error> {
        let clock = BudgetClock::start(self.o.budget);
        let started = Instant::now();
        let (outcome, stats) = search_adaptive::<N, B, C, S>(
            self.board,
            self.goal,
            cheap,
            strong,
            &clock,
            self.o.threads,
            self.o.fixed_options(),
        )?;
        Ok((outcome, stats, started.elapsed(), None))
    }
}

/// Solves with the databases when they are given, else with `--heuristic`.
fn solve(board: &Board, goal: &Goal, o: &Options, pdb: Option<&PdbSet>) -> Result<Solved, String> {
    let kind = match pdb {
        Some(_) if !o.heuristic.needs_database() => HeuristicKind::Pdb,
        _ => o.heuristic,
    };
    let solved = match (o.side, o.bytes) {
        (4, false) => kind.run_fixed::<16, _>(goal, pdb, Solve::<Nibbles>::new(board, goal, o)),
        (4, true) => kind.run_fixed::<16, _>(goal, pdb, Solve::<[u8; 16]>::new(board, goal, o)),
        _ => kind.run_fixed::<25, _>(goal, pdb, Solve::<[u8; 25]>::new(board, goal, o)),
    };
    solved.map_err(|e| e.to_string())
}

/// Opens the databases asked for, if any, and reads every page of their
/// tables, so that no instance pays for the first touch; prints how long
/// that took.
fn load_pdb(o: &Options, goal: &Goal) -> Result<Option<PdbSet>, String> {
    let e = |e: npuzzle::Error| e.to_string();
    let mut members = Vec::new();
    let opened: Vec<Result<AdditivePdb, npuzzle::Error>> = match (&o.pdb_files[..], &o.pdb_dir) {
        ([], None) => return Ok(None),
        ([], Some(dir)) => {
            let default = recommended_partition(goal.shape()).unwrap_or_default();
            let spec = PdbSpec::parse(goal, o.partition.as_deref().unwrap_or(default)).map_err(e)?;
            vec![AdditivePdb::load(std::path::Path::new(dir), &spec)]
        }
        (files, _) => files
            .iter()
            .map(|f| AdditivePdb::open_any(std::path::Path::new(f)))
            .collect(),
    };
    for pdb in opened {
        let started = Instant::now();
        let mut pdb = pdb.map_err(e)?;
        if pdb.spec().goal() != goal {
            return Err(format!("the databases are for {}, not for {goal}", pdb.spec()));
        }
        let pages = pdb.touch();
        let reflection = pdb.set_reflection(o.reflection);
        println!(
            "# databases {} ({}, reflection {}): {pages} pages opened and read in {:.3} s",
            pdb.path()
                .map_or_else(|| "<memory>".to_string(), |p| p.display().to_string()),
            pdb.spec(),
            if reflection { "on" } else { "off" },
            started.elapsed().as_secs_f64()
        );
        members.push(std::sync::Arc::new(pdb));
    }
    PdbSet::new(members).map(Some).map_err(e)
}

/// CPU time of this process so far (all threads, user and system), from
/// `/proc/self/stat` in clock ticks of 10 ms; `None` where that is not there.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn rate(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64().max(1e-9) / 1e6
}

fn run() -> Result<(), String> {
    let o = parse_args()?;
    let shape = Shape::new(o.side, o.side).map_err(|e| e.to_string())?;
    let goal = Goal::blank_first(shape);
    let boards = read_instances(&o.file, shape)?;
    let numbers = o.instances.clone().unwrap_or_else(|| (1..=boards.len()).collect());
    if let Some(&bad) = numbers.iter().find(|&&n| n == 0 || n > boards.len()) {
        return Err(format!("instance {bad} is not in 1..={}", boards.len()));
    }
    let pdb = load_pdb(&o, &goal)?;
    let started = Instant::now();
    let (cut, states) = DuplicateFilter::shared(o.duplicate_len).size();
    println!(
        "# duplicate sequences of up to {} moves: {cut} cut, {states} automaton states, built in {:.3} s",
        o.duplicate_len,
        started.elapsed().as_secs_f64()
    );
    println!(
        "# {} instances from {}, heuristic {}, {} thread(s), board {}, moves {}",
        numbers.len(),
        o.file.rsplit('/').next().unwrap_or(&o.file),
        o.heuristic,
        o.threads.max(1),
        if o.bytes || o.side == 5 { "bytes" } else { "nibbles" },
        o.order.moves().iter().map(|m| m.to_string()).collect::<String>()
    );
    println!(
        "{:>4} {:>6} {:>4} {:>15} {:>15} {:>10} {:>10} {:>10}",
        "inst", "length", "h0", "expanded", "generated", "seconds", "Mexp/s", "Mgen/s"
    );
    let (mut solved, mut expanded, mut generated, mut time) = (0usize, 0u64, 0u64, Duration::ZERO);
    let cpu_start = cpu_seconds();
    for &n in &numbers {
        let board = &boards[n - 1];
        let (outcome, stats, elapsed, whole) = solve(board, &goal, &o, pdb.as_ref())?;
        let length = match &outcome {
            Outcome::Solved(s) => {
                let end = board.replay(s.moves()).map_err(|e| e.to_string())?;
                if !goal.is_reached_by(&end) {
                    return Err(format!("instance {n}: the solution does not reach the goal"));
                }
                solved += 1;
                s.len().to_string()
            }
            Outcome::BudgetReached(kind) => format!("({kind})"),
            Outcome::Unsolvable => "unsolvable".to_string(),
            other => format!("{other:?}"),
        };
        expanded += stats.expanded;
        generated += stats.generated;
        time += elapsed;
        let h0 = stats.iterations.first().map_or(0, |i| i.0);
        println!(
            "{n:>4} {length:>6} {h0:>4} {:>15} {:>15} {:>10.3} {:>10.1} {:>10.1}",
            stats.expanded,
            stats.generated,
            elapsed.as_secs_f64(),
            rate(stats.expanded, elapsed),
            rate(stats.generated, elapsed)
        );
        if let Some((before, last)) = whole {
            println!(
                "       generated before the last iteration: {before}; whole last iteration: {} generated, {} \
                 expanded, {} solutions; so {}..={} generated up to the first solution in any move order",
                last.generated,
                last.expanded,
                last.solutions,
                before,
                before + last.generated
            );
        }
        if o.iterations {
            for (bound, nodes) in &stats.iterations {
                println!("       bound {bound:>3}: {nodes:>15} expanded");
            }
        }
    }
    println!(
        "total: {solved}/{} solved, {expanded} expanded, {generated} generated, {:.3} s, {:.1} M expanded/s, {:.1} M generated/s",
        numbers.len(),
        time.as_secs_f64(),
        rate(expanded, time),
        rate(generated, time)
    );
    if let (Some(start), Some(end)) = (cpu_start, cpu_seconds()) {
        let cpu = Duration::from_secs_f64(end - start);
        println!(
            "cpu: {:.2} s while solving (all threads, 10 ms ticks; includes the replay checks), {:.1} M expanded per cpu-second",
            cpu.as_secs_f64(),
            rate(expanded, cpu)
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("korf: {e}");
            ExitCode::from(2)
        }
    }
}
