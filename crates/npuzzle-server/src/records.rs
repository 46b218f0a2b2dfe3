//! The records the API answers with, built from library values.
//! (Placeholder shapes until `npuzzle::record` lands on main.)

use npuzzle::{Board, Goal, HeuristicKind, Outcome, Report, Solver};
use serde::Serialize;

/// The tagged envelope `{"type": T, "data": {…}}`.
#[derive(Debug, Serialize)]
#[serde(tag = "type", content = "data", rename_all = "lowercase")]
pub enum Record {
    /// A solve.
    Solution(SolutionRecord),
    /// Bad input.
    Error(ErrorRecord),
    /// A board.
    Board(BoardRecord),
    /// A distance distribution.
    Distribution(DistributionRecord),
    /// Every algorithm on one board.
    Compare(CompareRecord),
}

/// `solution`.
#[derive(Debug, Serialize)]
pub struct SolutionRecord {
    pub board: String,
    pub goal: String,
    pub algorithm: String,
    pub heuristic: Option<String>,
    pub partition: Option<String>,
    pub outcome: &'static str,
    pub stats: StatsRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget: Option<String>,
}

/// Search statistics.
#[derive(Debug, Serialize)]
pub struct StatsRecord {
    pub expanded: u64,
    pub generated: u64,
    pub peak_states: u64,
    pub peak_bytes: u64,
    pub millis: f64,
}

/// `error`.
#[derive(Debug, Serialize)]
pub struct ErrorRecord {
    pub message: String,
}

/// `board`.
#[derive(Debug, Serialize)]
pub struct BoardRecord {
    pub board: String,
    pub size: String,
    pub goal: String,
    pub distance: Option<u32>,
}

/// `distribution`.
#[derive(Debug, Serialize)]
pub struct DistributionRecord {
    pub size: String,
    pub goal: String,
    pub counts: Vec<u64>,
    pub total: u64,
    pub diameter: u32,
}

/// `compare`.
#[derive(Debug, Serialize)]
pub struct CompareRecord {
    pub board: String,
    pub goal: String,
    pub runs: Vec<CompareRun>,
}

/// One row of `compare`.
#[derive(Debug, Serialize)]
pub struct CompareRun {
    pub algorithm: String,
    pub heuristic: Option<String>,
    pub outcome: &'static str,
    pub length: Option<usize>,
    pub budget: Option<String>,
    pub reason: Option<String>,
    pub expanded: u64,
    pub generated: u64,
    pub peak_bytes: u64,
    pub millis: f64,
}

pub fn millis(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

pub fn outcome_name(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Solved(_) => "solved",
        Outcome::Unsolvable => "unsolvable",
        Outcome::BudgetReached(_) => "budget",
    }
}

pub fn solution(board: &Board, goal: &Goal, solver: &Solver, report: &Report) -> Record {
    let uses = report.algorithm.uses_heuristic();
    let heuristic = solver.options().heuristic;
    let partition = solver
        .pdb()
        .filter(|_| uses && heuristic == HeuristicKind::Pdb)
        .map(|p| p.spec().partition().to_arg());
    let s = &report.stats;
    Record::Solution(SolutionRecord {
        board: board.to_string(),
        goal: goal.to_string(),
        algorithm: report.algorithm.name().to_string(),
        heuristic: uses.then(|| heuristic.name().to_string()),
        partition,
        outcome: outcome_name(&report.outcome),
        stats: StatsRecord {
            expanded: s.expanded,
            generated: s.generated,
            peak_states: s.peak_states,
            peak_bytes: s.peak_bytes,
            millis: millis(s.elapsed),
        },
        length: report.outcome.solution().map(|s| s.len()),
        moves: report.outcome.solution().map(|s| s.to_string()),
        budget: match &report.outcome {
            Outcome::BudgetReached(kind) => Some(kind.to_string()),
            _ => None,
        },
    })
}

pub fn error(message: &str) -> Record {
    Record::Error(ErrorRecord {
        message: message.to_string(),
    })
}

pub fn board(board: &Board, goal: &Goal, distance: Option<u32>) -> Record {
    Record::Board(BoardRecord {
        board: board.to_string(),
        size: board.shape().to_string(),
        goal: goal.to_string(),
        distance,
    })
}

pub fn distribution(goal: &Goal, counts: &[u64]) -> Record {
    Record::Distribution(DistributionRecord {
        size: goal.shape().to_string(),
        goal: goal.to_string(),
        counts: counts.to_vec(),
        total: counts.iter().sum(),
        diameter: counts.len().saturating_sub(1) as u32,
    })
}

pub fn compare(board: &Board, goal: &Goal, runs: Vec<CompareRun>) -> Record {
    Record::Compare(CompareRecord {
        board: board.to_string(),
        goal: goal.to_string(),
        runs,
    })
}

/// One compare row; an algorithm that cannot take the board at all is a row
/// saying why, other errors are errors.
pub fn compare_run(
    algorithm: npuzzle::Algorithm,
    heuristic: Option<HeuristicKind>,
    result: Result<Report, npuzzle::Error>,
) -> Result<CompareRun, npuzzle::Error> {
    let mut run = CompareRun {
        algorithm: algorithm.name().to_string(),
        heuristic: heuristic.map(|h| h.name().to_string()),
        outcome: "unsupported",
        length: None,
        budget: None,
        reason: None,
        expanded: 0,
        generated: 0,
        peak_bytes: 0,
        millis: 0.0,
    };
    match result {
        Ok(report) => {
            run.outcome = outcome_name(&report.outcome);
            run.length = report.outcome.solution().map(|s| s.len());
            if let Outcome::BudgetReached(kind) = report.outcome {
                run.budget = Some(kind.to_string());
            }
            run.expanded = report.stats.expanded;
            run.generated = report.stats.generated;
            run.peak_bytes = report.stats.peak_bytes;
            run.millis = millis(report.stats.elapsed);
        }
        Err(npuzzle::Error::Unsupported { reason, .. }) => run.reason = Some(reason),
        Err(e) => return Err(e),
    }
    Ok(run)
}
