//! Printing reports: human text, and JSON Lines with a tagged envelope.
//!
//! Every JSON line is `{"type": T, "data": {...}}`:
//! - `solution`: `board`, `goal`, `algorithm`, `heuristic`, `partition`
//!   (of the pattern databases read, or null), `outcome` (`solved`,
//!   `unsolvable`, `budget`), `length` and `moves` (when solved),
//!   `budget` (which limit, when one was reached) and `stats`
//!   (`expanded`, `generated`, `peak_states`, `peak_bytes`, `millis`, `iterations`).
//! - `error`: `line`, `input`, `message` for a board that could not be read.

use std::time::Duration;

use npuzzle::{Board, Goal, HeuristicKind, Outcome, Report, Solver, Stats};
use serde_json::{json, Value};

/// Milliseconds with microsecond precision.
pub fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// A human-friendly duration: µs, ms or s.
pub fn human_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.0} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// A human-friendly byte count.
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{b} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// `solved`, `unsolvable` or `budget`.
pub fn outcome_name(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Solved(_) => "solved",
        Outcome::Unsolvable => "unsolvable",
        Outcome::BudgetReached(_) => "budget",
        _ => "other",
    }
}

/// The stats object of the JSON envelope.
pub fn stats_json(stats: &Stats) -> Value {
    json!({
        "expanded": stats.expanded,
        "generated": stats.generated,
        "peak_states": stats.peak_states,
        "peak_bytes": stats.peak_bytes,
        "millis": millis(stats.elapsed),
        "iterations": stats.iterations.iter().map(|&(bound, nodes)| json!({"bound": bound, "expanded": nodes})).collect::<Vec<_>>(),
    })
}

/// The partition of the pattern databases `solver` read for `report`, if it read any.
fn partition(solver: &Solver, report: &Report) -> Option<String> {
    let reads = report.algorithm.uses_heuristic() && solver.options().heuristic == HeuristicKind::Pdb;
    let pdb = solver.pdb().filter(|_| reads)?;
    Some(pdb.spec().partition().to_arg())
}

/// One `solution` line.
pub fn solution_json(board: &Board, goal: &Goal, solver: &Solver, report: &Report) -> Value {
    let heuristic = solver.options().heuristic;
    let mut data = json!({
        "board": board.to_string(),
        "goal": goal.to_string(),
        "algorithm": report.algorithm.name(),
        "heuristic": if report.algorithm.uses_heuristic() { Value::from(heuristic.name()) } else { Value::Null },
        "partition": partition(solver, report),
        "outcome": outcome_name(&report.outcome),
        "stats": stats_json(&report.stats),
    });
    match &report.outcome {
        Outcome::Solved(s) => {
            data["length"] = s.len().into();
            data["moves"] = s.to_string().into();
        }
        Outcome::BudgetReached(kind) => data["budget"] = kind.to_string().into(),
        _ => {}
    }
    json!({"type": "solution", "data": data})
}

/// One `error` line.
pub fn error_json(line: usize, input: &str, message: &str) -> Value {
    json!({"type": "error", "data": {"line": line, "input": input, "message": message}})
}

/// The statistics line of the human output.
pub fn human_stats(solver: &Solver, report: &Report) -> String {
    let stats = &report.stats;
    let algo = if let Some(partition) = partition(solver, report) {
        format!("{} (pdb {partition})", report.algorithm)
    } else if report.algorithm.uses_heuristic() {
        format!("{} ({})", report.algorithm, solver.options().heuristic)
    } else {
        report.algorithm.to_string()
    };
    format!(
        "{algo}: {} expanded, {} generated, peak {} states ({}), {}",
        stats.expanded,
        stats.generated,
        stats.peak_states,
        human_bytes(stats.peak_bytes),
        human_duration(stats.elapsed)
    )
}
