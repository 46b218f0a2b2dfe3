//! Options shared by subcommands that read boards: size and goal, and how
//! reading errors are put in this tool's words.

use anyhow::Result;
use std::io::BufRead;

use npuzzle::parse::{BoardInput, BoardStream, FileItem, SkippedLine};
use npuzzle::{Board, Goal, Shape};
use npuzzle_service::input::{read_goal, Tiles};
use npuzzle_service::request::Limits;
use npuzzle_service::{Session, SolverSpec};

use crate::held_advice::HeldAdvice;
pub use crate::held_advice::Solvers;

/// `--size` and `--goal`, flattened into subcommands.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct BoardOptions {
    /// Board shape as WxH (width x height); inferred from the tile count for square boards.
    #[arg(long, value_name = "WxH")]
    pub size: Option<Shape>,
    /// Goal: `standard` (1 2 … N-1 then the blank, the default), `blank-first`, `spiral` (1 2 3 / 8 x 4 / 7 6 5), or tiles.
    #[arg(long, value_name = "GOAL")]
    pub goal: Option<String>,
}

impl BoardOptions {
    /// Parses one board with these options.
    pub fn board(&self, text: &str) -> Result<Board> {
        Board::parse(text, self.size).map_err(render_reading_error)
    }

    /// The boards of a file or of stdin, read by the library's rules as
    /// they come ([`BoardStream`]); the count and size lines it skips are
    /// said on stderr as they are read. A read error ends the boards.
    pub fn stream<R: BufRead>(&self, reader: R) -> impl Iterator<Item = std::io::Result<BoardInput>> {
        BoardStream::new(reader, self.size).filter_map(|item| match item {
            Ok(FileItem::Board(input)) => Some(Ok(input)),
            Ok(FileItem::Skipped(line)) => {
                say_skipped(&line);
                None
            }
            Err(e) => Some(Err(e)),
        })
    }

    /// Parses one board and its goal.
    pub fn parse(&self, text: &str) -> Result<(Board, Goal)> {
        let board = self.board(text)?;
        let goal = self.goal(board.shape())?;
        Ok((board, goal))
    }

    /// The goal for a board of `shape`, read as every front-end reads it.
    pub fn goal(&self, shape: Shape) -> Result<Goal> {
        let goal = self.goal.clone().map(Tiles::Text);
        read_goal(goal.as_ref(), shape, self.size.is_some()).map_err(render_service_error)
    }
}

/// The service's refusal in this tool's words: a goal is `--goal`, a size `--size`.
pub fn render_service_error(e: npuzzle_service::Error) -> anyhow::Error {
    match e {
        npuzzle_service::Error::Goal(e) => anyhow::Error::new(e).context("reading --goal"),
        npuzzle_service::Error::Board(e) => render_reading_error(e),
        npuzzle_service::Error::Databases(e) | npuzzle_service::Error::Refused(e) => e.into(),
        other => anyhow::anyhow!("{other}"),
    }
}

/// Says on stderr that a count, size or label line was read as no board.
pub fn say_skipped(line: &SkippedLine) {
    let what = if line.text.chars().any(char::is_alphabetic) {
        "a label"
    } else {
        "a count or size line"
    };
    eprintln!(
        "npuzzle: line {}: skipped {:?}, {what}, not a board",
        line.line, line.text
    );
}

/// A board-reading error in this tool's words: the size is `--size`.
pub fn render_reading_error(e: npuzzle::Error) -> anyhow::Error {
    match &e {
        npuzzle::Error::Input(npuzzle::error::InputError::AmbiguousSize { count, shapes }) => {
            let choices: Vec<String> = shapes.iter().map(|s| format!("--size {s}")).collect();
            let choices = match choices.as_slice() {
                [first, second] => {
                    let s = shapes[0];
                    format!("{first} ({} wide, {} high) or {second}", s.width(), s.height())
                }
                [rest @ .., last] => format!("{} or {last} (width x height)", rest.join(", ")),
                [] => "--size WxH".to_string(),
            };
            anyhow::anyhow!("cannot tell the board's size from {count} tiles without rows: give {choices}, or write the tiles in rows")
        }
        npuzzle::Error::Input(npuzzle::error::InputError::RowsContradictSize { rows, given }) => anyhow::anyhow!(
            "the rows show {} wide, {} high but --size {given} says {} wide, {} high",
            rows.width(),
            rows.height(),
            given.width(),
            given.height()
        ),
        _ => e.into(),
    }
}

/// The budgets of one search and how much IDA* prunes: flattened into every
/// subcommand that searches.
#[derive(clap::Args, Debug, Clone)]
pub struct LimitOptions {
    /// Give up a board after expanding this many nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up a board after this long (e.g. 500ms, 10s, 2m; a bare number is seconds).
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub timeout: Option<std::time::Duration>,
    /// Give up a board when the search would hold more than this (e.g. 512M, 2G).
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes)]
    pub max_memory: Option<u64>,
    /// IDA*: skip move sequences of up to N moves that a shorter or earlier sequence already covers
    /// (2 = skip only the move undoing the previous one, as textbook IDA*) [default: 14].
    #[arg(long, value_name = "N", value_parser = parse_dup_len)]
    pub dup_len: Option<usize>,
}

impl LimitOptions {
    /// IDA*'s duplicate-pruning length: `--dup-len`, else the library's default.
    pub fn dup_len(&self) -> usize {
        self.dup_len.unwrap_or(npuzzle::search::duplicates::DEFAULT_LEN)
    }

    /// The budget these options set.
    pub fn budget(&self) -> npuzzle::Budget {
        let limits = Limits {
            max_nodes: self.max_nodes,
            timeout: self.timeout,
            max_memory: self.max_memory,
        };
        limits.budget()
    }
}

/// `--algorithm`, `--heuristic`, the databases and the budgets, flattened into subcommands.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchOptions {
    #[arg(long, short = 'a', default_value = "auto", help = algorithm_help())]
    pub algorithm: npuzzle::Algorithm,
    #[arg(long = "heuristic", default_value = "auto", help = heuristic_help())]
    pub heuristic: npuzzle_service::HeuristicChoice,
    #[command(flatten)]
    pub dir: crate::pdb_dir::DirArgs,
    /// Use the pattern databases of this partition (a name: 5-5-5, 6-6-3, 7-8, 6-6-6-6, 7-7-7-3, 5-5-5-5-4, 5-5-5-5-4b, or tiles such as
    /// 1,2,3,4,5/6,7,8,9,10/11,12,13,14,15) rather than the strongest present; implies `--heuristic pdb`.
    #[arg(long, value_name = "PARTITION")]
    pub pdb: Option<String>,
    #[command(flatten)]
    pub limits: LimitOptions,
    /// Greedy: then spend up to this long shortening its solution (e.g. 1, 500ms, 10s), replacing windows
    /// of moves by optimal paths; the solution is held in memory instead of streamed.
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub improve: Option<std::time::Duration>,
}

/// `--algorithm`'s help, from the library's table of algorithms.
fn algorithm_help() -> String {
    let names: Vec<String> = npuzzle::Algorithm::EVERY
        .iter()
        .map(|&a| match a {
            npuzzle::Algorithm::Auto => format!(
                "{a} (table up to {} cells, idastar up to {}, greedy above)",
                npuzzle::search::AUTO_TABLE_CELLS,
                npuzzle::search::AUTO_OPTIMAL_CELLS
            ),
            npuzzle::Algorithm::Greedy => format!("{a} (any board up to 1000x1000, not optimal)"),
            npuzzle::Algorithm::Anytime => {
                format!("{a} (the shortest solution found within --timeout, with a proved lower bound)")
            }
            _ => a.to_string(),
        })
        .collect();
    format!("Search algorithm: {}.", names.join(", "))
}

/// `--heuristic`'s help, from the library's table of heuristics.
fn heuristic_help() -> String {
    format!(
        "Heuristic for astar/idastar: {} (the strongest pattern database present, else walking-distance on 4x4, \
         else linear-conflict), {}.",
        npuzzle_service::HeuristicChoice::Auto,
        npuzzle::HeuristicKind::names().join(", ")
    )
}

impl SearchOptions {
    /// The budget these options set.
    pub fn budget(&self) -> npuzzle::Budget {
        self.limits.budget()
    }

    /// Solvers for these flags, searching each board on `threads` threads
    /// within `budget`; an error when `--pdb` asks for databases but
    /// `--heuristic` or `--algorithm` would not read them. When `auto` finds
    /// no databases for a 15- or 24-puzzle goal, the advice to build them is
    /// held in [`Solvers::advice`].
    pub fn solvers(&self, threads: usize, budget: npuzzle::Budget) -> anyhow::Result<Solvers> {
        self.solvers_in(threads, budget, npuzzle::Metric::Stm, None)
    }

    /// [`solvers`](SearchOptions::solvers) minimising the length in
    /// `metric`, within a factor of the shortest when `within` is given.
    pub fn solvers_in(
        &self,
        threads: usize,
        budget: npuzzle::Budget,
        metric: npuzzle::Metric,
        within: Option<npuzzle::search::within::Within>,
    ) -> anyhow::Result<Solvers> {
        use npuzzle_service::HeuristicChoice;
        self.refuse_what_does_not_apply()?;
        if let Some(partition) = &self.pdb {
            if let HeuristicChoice::Kind(kind) = self.heuristic {
                if !kind.needs_database() {
                    anyhow::bail!("--pdb {partition} reads pattern databases, but --heuristic {kind} does not use them")
                }
            }
            if !self.algorithm.uses_heuristic() {
                anyhow::bail!(
                    "--pdb {partition} reads pattern databases, but --algorithm {} uses no heuristic",
                    self.algorithm
                );
            }
        }
        let options = npuzzle::SolverOptions::default()
            .with_algorithm(self.algorithm)
            .with_budget(budget)
            .with_threads(threads)
            .with_duplicate_len(self.limits.dup_len())
            .with_improve(self.improve)
            .with_metric(metric)
            .with_within(within);
        let spec = SolverSpec::new(options, self.heuristic).with_partition(self.pdb.clone());
        // The advice is held here and said only after a search it would have helped.
        let events = std::sync::Arc::new(Told::default());
        let session = Session::with_dir(self.dir.resolve()).with_events(std::sync::Arc::clone(&events) as _);
        Ok(Solvers {
            solvers: session.solvers(&spec),
            advice: std::sync::Arc::clone(&events.advice),
            events,
            session,
            spec,
            budget,
        })
    }
}

impl SearchOptions {
    /// Refuses an option the chosen algorithm would ignore: silently
    /// doing nothing with it would let a user believe it had an effect.
    fn refuse_what_does_not_apply(&self) -> anyhow::Result<()> {
        use npuzzle::Algorithm;
        let algorithm = self.algorithm;
        if let Some(improve) = self.improve {
            if algorithm == Algorithm::Anytime {
                anyhow::bail!(
                    "--improve {} shortens the solutions of --algorithm greedy; --algorithm anytime improves its \
                     answer for the whole --timeout",
                    crate::human::human_duration(improve)
                );
            }
            if !matches!(algorithm, Algorithm::Greedy | Algorithm::Auto) {
                anyhow::bail!(
                    "--improve {} shortens the solutions of --algorithm greedy, but --algorithm {algorithm} finds \
                     optimal ones",
                    crate::human::human_duration(improve)
                );
            }
        }
        if let npuzzle_service::HeuristicChoice::Kind(kind) = self.heuristic {
            if !algorithm.uses_heuristic() && algorithm != Algorithm::Auto {
                anyhow::bail!(
                    "--heuristic {kind} is for astar and idastar, but --algorithm {algorithm} uses no heuristic"
                );
            }
        }
        if let Some(len) = self.limits.dup_len {
            if !matches!(algorithm, Algorithm::IdaStar | Algorithm::Auto) {
                anyhow::bail!("--dup-len {len} prunes IDA*'s search, but --algorithm {algorithm} is not idastar");
            }
        }
        Ok(())
    }
}

/// What the session tells this tool: fallbacks become advice held until a
/// search shows it would help; unusable files are warned about once the
/// goal's solver is made (when no other file answers, the error names them).
#[derive(Default)]
pub struct Told {
    /// Advice held when `auto` found no databases for a goal.
    pub advice: std::sync::Arc<HeldAdvice>,
    /// Unusable files not warned about yet.
    unusable: std::sync::Mutex<Vec<String>>,
}

impl Told {
    /// Says the unusable files met so far on stderr, once each.
    pub fn warn_unusable(&self) {
        for message in npuzzle_service::sync::lock(&self.unusable).drain(..) {
            eprintln!("npuzzle: skipping a pattern database that cannot be used: {message}");
        }
    }

    /// Forgets the unusable files met so far: the error at hand names them.
    pub fn forget_unusable(&self) {
        npuzzle_service::sync::lock(&self.unusable).clear();
    }
}

impl npuzzle_service::Events for Told {
    fn fallback(&self, f: &npuzzle_service::Fallback) {
        self.advice.hold(&f.goal, || {
            let dir = f
                .dir
                .as_ref()
                .map_or_else(|| "the database directory".to_string(), |d| d.display().to_string());
            // A broken file passed over is named with what is wrong with it.
            let broken: Vec<String> = f.broken.iter().map(|e| format!(" ({})", e.full_message())).collect();
            format!(
                "no {}pattern database for {} goal {} in {dir}{}, so using {}; build databases with `{}`",
                if broken.is_empty() { "" } else { "usable " },
                f.goal.shape(),
                f.goal,
                broken.concat(),
                f.using,
                crate::advice::build_command_for(&f.goal)
            )
        });
    }

    fn unusable(&self, _path: &std::path::Path, error: &npuzzle::Error) {
        npuzzle_service::sync::lock(&self.unusable).push(error.full_message());
    }
}

pub use npuzzle_service::sync::all_cores;

/// Parses a `--dup-len`: 2 to the longest the filter handles.
pub fn parse_dup_len(text: &str) -> Result<usize, String> {
    let max = npuzzle::search::duplicates::MAX_LEN;
    text.trim()
        .parse()
        .ok()
        .filter(|n| (2..=max).contains(n))
        .ok_or_else(|| format!("{text:?} is not a sequence length from 2 to {max}"))
}

/// Parses `500ms`, `10s`, `2m`, `1h` or a bare number of seconds.
pub fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let t = text.trim();
    let (num, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else if let Some(n) = t.strip_suffix('h') {
        (n, 3600.0)
    } else {
        (t, 1.0)
    };
    let value: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("bad duration {text:?}: expected e.g. 500ms, 10s, 2m"))?;
    let secs = value * scale;
    if !secs.is_finite() || !(0.0..=1e9).contains(&secs) {
        return Err(format!("bad duration {text:?}: must be between 0 and 10^9 seconds"));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}

/// Parses `4096`, `64K`, `512M`, `2G` (powers of 1024).
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (num, scale) = match t.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&t[..t.len() - 1], 1u64 << 10),
        Some('M') => (&t[..t.len() - 1], 1 << 20),
        Some('G') => (&t[..t.len() - 1], 1 << 30),
        Some('T') => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    let value: u64 = num
        .trim()
        .parse()
        .map_err(|_| format!("bad size {text:?}: expected e.g. 512M or 2G"))?;
    value
        .checked_mul(scale)
        .ok_or_else(|| format!("bad size {text:?}: too large"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_sizes() {
        assert_eq!(parse_duration("500ms").unwrap().as_millis(), 500);
        assert_eq!(parse_duration("2").unwrap().as_secs(), 2);
        assert_eq!(parse_duration("1.5m").unwrap().as_secs(), 90);
        assert!(parse_duration("-1s").is_err());
        assert!(parse_duration("soon").is_err());
        assert_eq!(parse_bytes("2G").unwrap(), 2 << 30);
        assert!(parse_bytes("99999999999T").is_err());
    }
}
