//! `npuzzle solve`: solve boards from arguments or stdin.

use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use npuzzle::record::{ErrorRecord, Record, SolutionRecord};
use npuzzle::search::within::Within;
use npuzzle::{Algorithm, BudgetKind, Cancel, Completion, Metric, OptimalSolutions, Outcome, Progress};
use npuzzle_service::request::{Counting, Question};
use npuzzle_service::stream::{StreamEnd, Streamed};
use npuzzle_service::{Answer, Found, Job};

use npuzzle::notation::{self, Notation};
use npuzzle::parse::BoardInput;

use crate::human;
use crate::input::{all_cores, BoardOptions, SearchOptions};
use crate::output;

/// Arguments of `npuzzle solve`.
#[derive(clap::Args)]
pub struct Args {
    /// Boards, each as one argument ("8 6 7 2 5 4 3 x 1"; single tiles given unquoted are one board);
    /// read from stdin when none is given.
    pub boards: Vec<String>,
    #[command(flatten)]
    pub board: BoardOptions,
    #[command(flatten)]
    pub search: SearchOptions,
    /// Print only the move string of each board (`unsolvable` when there is none); with --all,
    /// every listed solution on its own line. The moves are the blank's: u d l r move the blank
    /// up, down, left, right (the tile beside it slides the other way).
    #[arg(long, conflicts_with = "json")]
    pub moves: bool,
    /// Also print the board after each move of the solution, from the start to the goal.
    #[arg(long, conflicts_with_all = ["json", "moves"])]
    pub path: bool,
    /// Also count the distinct optimal move sequences (exact: through the complete table on boards
    /// of up to 12 cells, else by running IDA*'s last iteration to its end, for at most
    /// --count-timeout: 1 minute by default, then a partial count); refused where the algorithm is
    /// greedy (as `auto` is above 25 cells), whose length is not optimal.
    #[arg(long, conflicts_with = "moves")]
    pub count: bool,
    /// Also list the optimal solutions, in u d l r order, at most --limit of them (by enumeration
    /// for at most --count-timeout, as --count).
    #[arg(long)]
    pub all: bool,
    /// With --all: list at most this many solutions.
    #[arg(long, value_name = "K", default_value_t = 1000, requires = "all")]
    pub limit: usize,
    /// With --count or --all, on boards counted by enumeration (4x4, 5x5; any board with
    /// --algorithm idastar): stop after this long and print what was found, marked partial
    /// (default: --timeout if given, else 1m; e.g. 10m or 2h to count longer). It includes the
    /// board's search, which gives the count its length.
    #[arg(long, value_name = "TIME", value_parser = crate::input::parse_duration)]
    pub count_timeout: Option<Duration>,
    /// Print JSON Lines: {"type":"solution","data":{...}} per board.
    #[arg(long)]
    pub json: bool,
    /// Print the moves as `blank` (u d l r: where the blank goes, the default) or `tiles` (U D L R with
    /// run lengths, R3 D2 L: where a tile goes); JSON keeps the blank's. A greedy solution is then
    /// printed once made, not as it is made.
    #[arg(long, value_name = "NOTATION", default_value_t = Notation::Blank)]
    pub notation: Notation,
    /// What a shortest solution is shortest in: `stm` (every move counts one, the default) or `mtm`
    /// (the multi-tile metric: sliding several tiles of a row or column at once counts one). MTM is
    /// searched optimally by bfs and table (boards of up to 12 cells) and idastar (4x4: the multi-tile
    /// database when `pdb build --metric mtm` built it, else walking distance; any other board with
    /// `--algorithm idastar`, reading Manhattan distance in its multi-tile form: boards near the
    /// goal); greedy answers any board; `auto` picks among them (greedy past 12 cells but on 4x4).
    /// --count and --all count and list in it too. Every solution gives both lengths.
    #[arg(long, value_name = "METRIC", default_value_t = Metric::Stm)]
    pub metric: Metric,
    /// A solution at most FACTOR times the shortest (1 to 16, e.g. 1.1 or 1.5), with a lower bound
    /// on the shortest beside it: IDA* on 4x4 and 5x5 runs weighted (far fewer nodes); the other
    /// optimal searches answer optimally; greedy proves no factor and is refused.
    #[arg(long, value_name = "FACTOR")]
    pub within: Option<Within>,
    /// Threads searching each board (IDA* on 4x4 and 5x5 splits every iteration; default: all cores).
    #[arg(long, short = 'j')]
    pub threads: Option<usize>,
}

/// Runs `npuzzle solve`. Exit 0 when every board was solved or proven
/// unsolvable, 1 when a board was invalid or a budget ran out, 2 when a
/// board was refused (a question its search cannot answer, a board too big
/// for it, databases it lacks) or its solver failed; every board is tried,
/// whatever the others got.
pub fn run(args: Args) -> Result<ExitCode> {
    if args.count_timeout.is_some() && !(args.count || args.all) {
        anyhow::bail!("--count-timeout bounds the counting of --count and --all, and neither is given");
    }
    // Boards on stdin are solved as they are read: a producer waiting for
    // an answer gets it, and a huge input is never held whole.
    let mut boards: Box<dyn Iterator<Item = std::io::Result<BoardInput>> + '_> = if args.boards.is_empty() {
        Box::new(args.board.stream(std::io::stdin().lock()))
    } else {
        let boards = npuzzle_service::input::board_arguments(&args.boards);
        Box::new(boards.into_iter().enumerate().map(|(i, b)| {
            Ok(BoardInput {
                line: i + 1,
                text: Ok(b),
            })
        }))
    };
    let reading = "reading boards from stdin";
    let Some(first) = boards.next().transpose().context(reading)? else {
        anyhow::bail!("no board given: pass one as an argument (\"8 6 7 2 5 4 3 x 1\") or on stdin");
    };
    let solvers = args.search.solvers_in(
        args.threads.unwrap_or_else(all_cores),
        args.search.budget(),
        args.metric,
        args.within,
    )?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    // The exit code: the worst of the boards' (1 invalid or out of budget, 2 refused).
    let mut failed = false;
    let mut refused = false;
    // The legend of the moves is said once, under the first solution shown.
    let mut legend_said = false;
    let mut inputs = std::iter::once(Ok(first)).chain(boards).enumerate();
    loop {
        // What is written goes out before the next board is waited for.
        out.flush()?;
        let Some((index, input)) = inputs.next() else {
            break;
        };
        let input = &input.context(reading)?;
        let text = match &input.text {
            Ok(text) => text,
            Err(message) => {
                failed = true;
                report_board_error(&mut out, &args, input, &anyhow::anyhow!("{message}"))?;
                continue;
            }
        };
        let job = match solvers.plan(text, &args.board, question(&args)) {
            Ok(plan) => plan.into_job(),
            Err(err) => {
                // A board or goal that cannot be read is invalid; anything else is refused.
                match err {
                    npuzzle_service::Error::Board(_)
                    | npuzzle_service::Error::Goal(_)
                    | npuzzle_service::Error::Refused(npuzzle::Error::Input(
                        npuzzle::error::InputError::ShapeMismatch { .. },
                    )) => failed = true,
                    _ => refused = true,
                }
                let err = match err {
                    npuzzle_service::Error::Refused(e) => with_advice(e),
                    other => crate::input::render_service_error(other),
                };
                report_board_error(&mut out, &args, input, &err)?;
                continue;
            }
        };
        let (board, goal, solver) = (&job.board, &job.goal, &job.solver);
        let greedy = job.algorithm() == Algorithm::Greedy;
        // Tile notation counts runs, and a path is drawn from the moves
        // held: both wait for the whole solution.
        // The multi-tile length is counted from the whole solution too.
        let streams = greedy
            && solver.options().improve.is_none()
            && solver.options().metric == Metric::Stm
            && args.notation == Notation::Blank
            && !args.path;
        let streamed = if streams && !args.json {
            if index > 0 && !args.moves {
                writeln!(out)?;
            }
            Some(stream_greedy(&mut out, &job, args.moves, &mut legend_said)?)
        // JSON streams the moves only when they cannot stop half-way (no time
        // limit) and there are some (a solvable board).
        } else if streams && job.budget.timeout.is_none() && job.solvable {
            Some(stream_greedy_json(&mut out, &job)?)
        } else {
            None
        };
        match streamed {
            None => {}
            Some(Told::Answered) => continue,
            Some(Told::OutOfBudget(_)) => {
                failed = true;
                continue;
            }
            Some(Told::Failed(err)) => {
                refused = true;
                report_board_error(&mut out, &args, input, &err)?;
                continue;
            }
        }
        out.flush()?;
        crate::held_advice::warn_long_search(&solvers.advice, board, goal, job.algorithm().uses_heuristic(), true);
        let answer = match run_watched(&job) {
            Ok(answer) => answer,
            Err(err) => {
                refused = true;
                report_board_error(&mut out, &args, input, &with_advice(err))?;
                continue;
            }
        };
        let Found::Solution { report, optimal, .. } = &answer.found else {
            anyhow::bail!("a solve answered with a hint (a bug)");
        };
        let Record::Solution(record) = answer.record() else {
            anyhow::bail!("a solve answered with another record (a bug)");
        };
        if matches!(report.outcome, Outcome::BudgetReached(_)) {
            failed = true;
        }
        if let Some(optimal) = optimal {
            if matches!(optimal.completion, Completion::BudgetReached(_)) {
                failed = true;
            }
        }
        if args.json {
            output::write_json_line(&mut out, &Record::Solution(record))?;
        } else if args.moves {
            match &report.outcome {
                Outcome::Solved(_) if args.all => {
                    for s in optimal.iter().flat_map(|o| &o.solutions) {
                        writeln!(out, "{}", in_notation(s, &args))?;
                    }
                    if let Some(note) = optimal.as_deref().and_then(partial_note) {
                        out.flush()?;
                        let place = place(&args);
                        eprintln!(
                            "npuzzle: {place} {}: the list of optimal solutions is {note}",
                            input.line
                        );
                    }
                }
                Outcome::Solved(s) => writeln!(out, "{}", in_notation(s, &args))?,
                Outcome::Unsolvable => writeln!(out, "unsolvable")?,
                Outcome::BudgetReached(kind) => writeln!(out, "budget reached ({kind})")?,
                other => writeln!(out, "{other:?}")?,
            }
        } else {
            if index > 0 {
                writeln!(out)?;
            }
            write!(out, "{}", board.to_grid())?;
            match &report.outcome {
                // Like the streamed constructive solution: the moves, then the length line.
                Outcome::Solved(s) if s.moves().is_empty() => {
                    writeln!(out, "{}: the board is the goal", human::solution_length(&record))?
                }
                Outcome::Solved(s) if greedy => writeln!(
                    out,
                    "moves: {}\n{}",
                    in_notation(s, &args),
                    human::solution_length(&record)
                )?,
                Outcome::Solved(s) => writeln!(out, "{}: {}", human::solution_length(&record), in_notation(s, &args))?,
                Outcome::Unsolvable => writeln!(out, "{}", unsolvable_line(board, goal))?,
                Outcome::BudgetReached(kind) => writeln!(out, "no answer: {kind} reached")?,
                other => writeln!(out, "no answer: {other:?}")?,
            }
            if let Outcome::Solved(s) = &report.outcome {
                if !s.moves().is_empty() && !std::mem::replace(&mut legend_said, true) {
                    writeln!(out, "{}", legend(&args))?;
                }
                if args.path {
                    write!(out, "{}", path(board, s.moves())?)?;
                }
            }
            if let Some(optimal) = optimal {
                write!(out, "{}", human_solutions(optimal, &args))?;
            }
            writeln!(out, "{}", human::solution_stats(&record))?;
        }
        solvers.advice.note(goal, report);
        if let Some(advice) = solvers.advice.take_due() {
            out.flush()?;
            eprintln!("npuzzle: {advice}");
        }
    }
    out.flush()?;
    Ok(match (refused, failed) {
        (true, _) => ExitCode::from(2),
        (false, true) => ExitCode::from(1),
        (false, false) => ExitCode::SUCCESS,
    })
}

/// The line saying what the printed moves mean.
fn legend(args: &Args) -> &'static str {
    match args.notation {
        Notation::Tiles => crate::output::TILE_MOVES_LEGEND,
        _ => crate::output::MOVES_LEGEND,
    }
}

/// A solution's moves in the `--notation` asked for.
fn in_notation(solution: &npuzzle::Solution, args: &Args) -> String {
    notation::format(solution.moves(), args.notation)
}

/// The human line of a board that cannot reach `goal`, naming a common
/// goal it does reach and how to ask for it.
fn unsolvable_line(board: &npuzzle::Board, goal: &npuzzle::Goal) -> String {
    let mut line = format!("unsolvable: the parity invariant rules out reaching {goal}");
    let others: Vec<String> = npuzzle_service::input::other_goals_reached(board, goal)
        .into_iter()
        .map(|(name, other)| format!("the {name} goal {other} (--goal {name})"))
        .collect();
    if !others.is_empty() {
        line.push_str(&format!("; it can reach {}", others.join(" or ")));
    }
    line
}

/// The boards after each of `moves` from `board`, for `--path`: each
/// grid under the number and letter of the move that made it.
fn path(board: &npuzzle::Board, moves: &[npuzzle::Move]) -> Result<String> {
    let mut text = String::new();
    let mut now = board.clone();
    for (i, &mv) in moves.iter().enumerate() {
        now.apply(mv)?;
        text.push_str(&format!("{}. {}\n{}", i + 1, mv.as_char(), now.to_grid()));
    }
    Ok(text)
}

/// What `--count` and `--all` ask besides the solution: checked by the
/// plan before greedy streams a solution they would then silently drop.
fn question(args: &Args) -> Question {
    if !(args.count || args.all) {
        return Question::Solve;
    }
    Question::Count(Counting {
        count: args.count,
        list: args.all.then_some(args.limit),
        timeout: args.count_timeout,
    })
}

/// Says why the board of `input` got no answer — on stderr, or as an error
/// record with `--json` — naming it by its line (stdin) or its place among
/// the arguments; the run goes on with the next board.
fn report_board_error(out: &mut impl Write, args: &Args, input: &BoardInput, err: &anyhow::Error) -> Result<()> {
    let message = crate::advice::explain_chain(err);
    if args.json {
        let text = input.text.as_deref().unwrap_or("");
        output::write_json_line(out, &Record::Error(ErrorRecord::new(input.line, text, message)))?;
    } else {
        out.flush()?;
        eprintln!("npuzzle: {} {}: {message}", place(args), input.line);
    }
    Ok(())
}

/// What a board's number counts: lines of stdin, or the arguments.
fn place(args: &Args) -> &'static str {
    if args.boards.is_empty() {
        "line"
    } else {
        "board"
    }
}

/// Runs `job`, showing the search's progress line on a terminal while it
/// runs (after a second; cleared before the answer is printed). Shown in
/// every output mode, `--json` included: it is on stderr and gone before
/// the next line of stdout.
fn run_watched(job: &Job) -> Result<Answer, npuzzle::Error> {
    let progress = Progress::new();
    let _line = crate::progress::SearchLine::start(&progress);
    job.run(&Cancel::new(), Some(&progress))
}

/// The library's refusal of a big board, with the option that solves it.
fn with_advice(err: npuzzle::Error) -> anyhow::Error {
    match err {
        npuzzle::Error::Refused(npuzzle::error::Refusal::TooBigToSearch { .. }) => {
            anyhow::anyhow!("{err}: run it with --algorithm greedy (or auto)")
        }
        other => other.into(),
    }
}

/// How a streamed constructive solution ended, as this command tells it.
#[derive(Debug)]
enum Told {
    /// Solved (the moves replayed to the goal) or proven unsolvable.
    Answered,
    /// A budget ran out: the moves written are the part made, marked so.
    OutOfBudget(BudgetKind),
    /// The solver failed after moves were written: the line is closed and
    /// marked, and this is the board's error, reported like a refusal.
    Failed(anyhow::Error),
}

/// Solves with the constructive solver, writing each move as it is made (a
/// 1000×1000 board takes billions) and replaying it on a copy of the board;
/// then the length, the lower bound and their ratio. A solve that stops
/// after moves were written ends their line marked as partial: in `--moves`
/// output every board keeps one line, and only a solution's is all moves.
fn stream_greedy(out: &mut impl Write, job: &Job, moves_only: bool, legend_said: &mut bool) -> Result<Told> {
    let (board, goal) = (&job.board, &job.goal);
    if !moves_only {
        write!(out, "{}", board.to_grid())?;
    }
    if !job.solvable {
        match moves_only {
            true => writeln!(out, "unsolvable")?,
            false => writeln!(out, "{}", unsolvable_line(board, goal))?,
        }
        return Ok(Told::Answered);
    }
    if !moves_only {
        write!(out, "moves: ")?;
    }
    let Streamed {
        out: written,
        end,
        stats,
        ..
    } = job.stream(&mut *out, job.budget, &Cancel::new());
    // A write error (a closed pipe) ends the run: nothing more can be said.
    written.context("writing the moves")?;
    let count = match end {
        StreamEnd::Solved(count) => count,
        end => {
            let stop = stopped(end);
            let why = match &stop {
                Told::OutOfBudget(kind) => format!("{kind} reached"),
                _ => "the solver failed".to_string(),
            };
            match moves_only {
                true => writeln!(out, " (partial: {why})")?,
                false => writeln!(out, "\nno answer: {why} (the moves above are the part made)")?,
            }
            return Ok(stop);
        }
    };
    writeln!(out)?;
    if !moves_only {
        let lower = npuzzle::heuristic::bound::linear_conflict(board, goal);
        let ratio = npuzzle::record::ratio(count, lower);
        let moves = if count == 1 { "move" } else { "moves" };
        writeln!(out, "{count} {moves}, lower bound {lower}, ratio {ratio:.2}")?;
        if count > 0 && !std::mem::replace(legend_said, true) {
            writeln!(out, "{}", crate::output::MOVES_LEGEND)?;
        }
        writeln!(out, "greedy: {}", human::human_duration(stats.elapsed))?;
    }
    Ok(Told::Answered)
}

/// How a streamed solve that did not solve its (solvable) board ended.
fn stopped(end: StreamEnd) -> Told {
    match end {
        StreamEnd::BudgetReached(kind) => Told::OutOfBudget(kind),
        StreamEnd::Failed(failure) => Told::Failed(failure.into()),
        other => Told::Failed(anyhow::anyhow!(
            "the greedy solver ended with {other:?} after its moves began (a bug: please report the board)"
        )),
    }
}

/// The start of a streamed solution record, up to its moves.
const STREAMED_RECORD_START: &[u8] = br#"{"type":"solution","data":{"moves":""#;
/// The end of a streamed solution record whose solve failed, after its moves.
const PARTIAL_RECORD_END: &[u8] = b"\",\"partial\":true}}\n";

/// `solve --json` with the constructive solver: the solution record with
/// its moves written as they are made (and replayed on a copy of the
/// board) instead of collected. The envelope is the usual one, with `moves`
/// first in `data`, since the other fields are known only at the end. A
/// solve that fails after the moves began closes the line as
/// `{"type":"solution","data":{"moves":"…","partial":true}}` (JSON still,
/// and no solution), and its error record follows.
fn stream_greedy_json(out: &mut impl Write, job: &Job) -> Result<Told> {
    out.write_all(STREAMED_RECORD_START)?;
    let Streamed {
        out: written,
        end,
        stats,
        mtm_length,
    } = job.stream(&mut *out, npuzzle::Budget::default(), &Cancel::new());
    written.context("writing the moves")?;
    let length = match end {
        StreamEnd::Solved(length) => length,
        // No time limit here: a stop is a failure.
        end => {
            out.write_all(PARTIAL_RECORD_END)?;
            return Ok(match stopped(end) {
                Told::OutOfBudget(kind) => Told::Failed(anyhow::anyhow!(
                    "the greedy solver stopped at the {kind} with none set (a bug: please report the board)"
                )),
                other => other,
            });
        }
    };
    let mut record = SolutionRecord::streamed(&job.board, &job.goal, &job.solver, length, &stats);
    record.mtm_length = Some(mtm_length as usize);
    // The record's other fields, after the moves: its object without the `{`.
    let rest = serde_json::to_string(&record)?;
    out.write_all(b"\",")?;
    out.write_all(rest.strip_prefix('{').unwrap_or(&rest).as_bytes())?;
    out.write_all(b"}\n")?;
    Ok(Told::Answered)
}

/// When a budget stopped `--count` or `--all`: that the answer is partial,
/// and the option that lets it run further.
fn partial_note(optimal: &OptimalSolutions) -> Option<String> {
    let Completion::BudgetReached(kind) = optimal.completion else {
        return None;
    };
    let more = match kind {
        BudgetKind::Time => "; --count-timeout to count longer",
        BudgetKind::Nodes => "; --max-nodes to count further",
        BudgetKind::Memory => "; --max-memory to count further",
        _ => "",
    };
    Some(format!("partial: {kind} reached{more}"))
}

/// The human lines for `--count` and `--all`.
fn human_solutions(optimal: &OptimalSolutions, args: &Args) -> String {
    let mut text = String::new();
    let cost = format!(
        "{}: {} expanded, {}",
        optimal.algorithm,
        optimal.stats.expanded,
        human::human_duration(optimal.stats.elapsed)
    );
    let partial = partial_note(optimal);
    let count = match (optimal.count, optimal.at_least, &partial) {
        (Some(1), _, _) => "1 optimal solution".to_string(),
        (Some(n), _, _) => format!("{n} optimal solutions"),
        (None, Some(n), Some(_)) => format!("at least {n} optimal solution{}", if n == 1 { "" } else { "s" }),
        (None, None, Some(_)) => "optimal solutions not counted".to_string(),
        (None, _, None) => format!("more than {} optimal solutions", optimal.solutions.len()),
    };
    let partial = partial.map(|note| format!("{note}; ")).unwrap_or_default();
    if args.all {
        let shown = optimal.solutions.len();
        let which = match optimal.count {
            Some(n) if n == shown as u128 => "all listed".to_string(),
            _ if !partial.is_empty() => format!("the first {shown} in u d l r order"),
            _ => format!("the first {shown} in u d l r order; --limit to see more"),
        };
        text.push_str(&format!("{count} ({partial}{which}; {cost}):\n"));
        for s in &optimal.solutions {
            text.push_str(&format!("  {}\n", in_notation(s, args)));
        }
    } else {
        text.push_str(&format!("{count} ({partial}{cost})\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use npuzzle::{Board, Solver, SolverOptions};
    use npuzzle_service::request::DEFAULT_COUNT_TIMEOUT;

    /// `npuzzle solve`'s arguments as the command line gives them.
    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        args: Args,
    }

    fn args(line: &[&str]) -> Args {
        Line::parse_from(std::iter::once("solve").chain(line.iter().copied())).args
    }

    #[test]
    fn a_streamed_record_cut_short_is_still_a_json_line_marked_partial() {
        let line = [STREAMED_RECORD_START, b"uldr", PARTIAL_RECORD_END].concat();
        let text = std::str::from_utf8(&line).unwrap();
        assert_eq!(text.lines().count(), 1);
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(value["type"], "solution");
        assert_eq!(value["data"]["moves"], "uldr");
        assert_eq!(value["data"]["partial"], true);
        // No solution record: the fields of one are missing.
        assert!(serde_json::from_str::<Record>(text).is_err());
    }

    #[test]
    fn enumerated_counts_get_a_time_limit_by_default_table_counts_do_not() {
        let hard_4x4: Board = "11 13 4 3 2 9 1 8 0 10 6 7 14 5 15 12".parse().unwrap();
        let small: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        let timeout = |line: &[&str], board: &Board| {
            let args = args(line);
            let options = SolverOptions::default().with_algorithm(args.search.algorithm);
            let job = Job {
                board: board.clone(),
                goal: npuzzle::Goal::standard(board.shape()),
                solver: std::sync::Arc::new(Solver::new(options.with_budget(args.search.budget()))),
                budget: args.search.budget(),
                question: question(&args),
                solvable: true,
            };
            let Question::Count(counting) = job.question else {
                panic!("a count")
            };
            job.count_budget(counting).timeout
        };
        assert_eq!(timeout(&["--count"], &hard_4x4), Some(DEFAULT_COUNT_TIMEOUT));
        assert_eq!(timeout(&["--count"], &small), None);
        // --timeout, then --count-timeout, replace the default.
        assert_eq!(
            timeout(&["--count", "--timeout", "5m"], &hard_4x4),
            Some(Duration::from_secs(300))
        );
        let both = ["--count", "--timeout", "5m", "--count-timeout", "2h"];
        assert_eq!(timeout(&both, &hard_4x4), Some(Duration::from_secs(7200)));
    }
}
