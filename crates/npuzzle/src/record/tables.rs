//! The records about boards rather than one search: a board on its own
//! (`board`), how many boards lie at each distance (`distribution`), and
//! every algorithm run on one board (`compare`).

use serde::{Deserialize, Serialize};

use super::{millis, OutcomeName};
use crate::board::{Board, Shape};
use crate::error::Refusal;
use crate::goal::Goal;
use crate::heuristic::HeuristicKind;
use crate::metric::Metric;
use crate::search::Algorithm;
use crate::solution::{Outcome, Report};
use crate::Error;

/// A board read or drawn at random (the web API's `/api/board` and
/// `/api/random`), written back in canonical form.
///
/// ```
/// use npuzzle::record::BoardRecord;
/// use npuzzle::{Board, Goal};
/// let board: Board = "8,6,7 2,5,4 3,0,1".parse()?;
/// let record = BoardRecord::new(&board, &Goal::blank_first(board.shape()), Some(31));
/// assert_eq!((record.board.as_str(), record.size.as_str()), ("8 6 7 2 5 4 3 x 1", "3x3"));
/// assert_eq!(record.goal, "x 1 2 3 4 5 6 7 8");
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct BoardRecord {
    /// The board, tiles in row-major order (`x` for the blank).
    pub board: String,
    /// Its shape, `WxH`.
    pub size: String,
    /// The goal, in the same form as the board.
    pub goal: String,
    /// Its optimal distance to the goal, when known (a board drawn at a distance).
    pub distance: Option<u32>,
    /// `mtm` when `distance` counts multi-tile moves (`random --metric
    /// mtm`); absent in the single-tile metric, the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<Metric>,
}

impl BoardRecord {
    /// The record of `board` with `goal`, `distance` moves from it if known.
    pub fn new(board: &Board, goal: &Goal, distance: Option<u32>) -> BoardRecord {
        BoardRecord {
            board: board.to_string(),
            size: board.shape().to_string(),
            goal: goal.to_string(),
            distance,
            metric: None,
        }
    }

    /// The same record, its distance counted in `metric`.
    ///
    /// ```
    /// use npuzzle::record::BoardRecord;
    /// use npuzzle::{Goal, Metric};
    /// let goal = Goal::standard("3x3".parse()?);
    /// let record = BoardRecord::new(goal.board(), &goal, Some(0)).in_metric(Metric::Mtm);
    /// assert_eq!(record.metric, Some(Metric::Mtm));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn in_metric(self, metric: Metric) -> BoardRecord {
        BoardRecord {
            metric: (metric != Metric::Stm).then_some(metric),
            ..self
        }
    }
}

/// How many boards lie at each optimal distance from a goal (`table
/// --stats`, the web API's `/api/stats`).
///
/// ```
/// use npuzzle::record::DistributionRecord;
/// use npuzzle::Goal;
/// let record = DistributionRecord::new(&Goal::standard("2x2".parse()?), &[1, 2, 2, 2, 2, 2, 1]);
/// assert_eq!((record.total, record.diameter), (12, 6));
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct DistributionRecord {
    /// The shape, `WxH`.
    pub size: String,
    /// The goal.
    pub goal: String,
    /// `counts[d]`: boards exactly `d` moves from the goal.
    pub counts: Vec<u64>,
    /// Boards that reach the goal: the sum of `counts`.
    pub total: u64,
    /// The largest distance: `counts.len() - 1`.
    pub diameter: u32,
    /// `mtm` when the distances are counted in the multi-tile metric
    /// (`table --metric mtm`); absent in the single-tile metric, the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<Metric>,
}

impl DistributionRecord {
    /// The record of `counts` (per distance, from 0) for `goal`.
    pub fn new(goal: &Goal, counts: &[u64]) -> DistributionRecord {
        DistributionRecord {
            size: goal.shape().to_string(),
            goal: goal.to_string(),
            counts: counts.to_vec(),
            total: counts.iter().sum(),
            diameter: u32::try_from(counts.len().saturating_sub(1)).unwrap_or(u32::MAX),
            metric: None,
        }
    }

    /// The record with its distances counted in `metric` (named in the
    /// record unless it is the single-tile metric).
    ///
    /// ```
    /// use npuzzle::record::DistributionRecord;
    /// use npuzzle::{Goal, Metric};
    /// let record = DistributionRecord::new(&Goal::standard("3x2".parse()?), &[1, 2, 3]).in_metric(Metric::Mtm);
    /// assert_eq!(record.metric, Some(Metric::Mtm));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn in_metric(self, metric: Metric) -> DistributionRecord {
        DistributionRecord {
            metric: (metric != Metric::Stm).then_some(metric),
            ..self
        }
    }
}

/// Every algorithm with every heuristic that fits, run on one board
/// (`npuzzle compare`, the web API's `/api/compare`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct CompareRecord {
    /// The board.
    pub board: String,
    /// The goal.
    pub goal: String,
    /// One run per algorithm and heuristic, in realm order.
    pub runs: Vec<CompareRun>,
    /// `mtm` when the runs searched the multi-tile metric (`compare
    /// --metric mtm`); absent in the single-tile metric, the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<Metric>,
}

impl CompareRecord {
    /// The runs a comparison makes on a board of `shape`: every algorithm,
    /// the informed ones once with each heuristic that needs no files and
    /// fits the shape.
    ///
    /// ```
    /// use npuzzle::record::CompareRecord;
    /// assert_eq!(CompareRecord::runs_for("3x3".parse()?).len(), 10);
    /// assert_eq!(CompareRecord::runs_for("4x4".parse()?).len(), 12);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn runs_for(shape: Shape) -> Vec<(Algorithm, Option<HeuristicKind>)> {
        Self::runs_in(shape, Metric::Stm)
    }

    /// The runs a comparison in `metric` makes on a board of `shape`: in
    /// the single-tile metric [`runs_for`](Self::runs_for)'s; in the
    /// multi-tile one those that search it (`bfs` and `table`, which say
    /// so past 12 cells, and `idastar` with Manhattan distance and, on
    /// 4×4, walking distance, both in their multi-tile forms).
    ///
    /// ```
    /// use npuzzle::record::CompareRecord;
    /// use npuzzle::Metric;
    /// let names: Vec<_> = CompareRecord::runs_in("4x4".parse()?, Metric::Mtm)
    ///     .into_iter()
    ///     .map(|(a, h)| format!("{a} {}", h.map_or("-", |h| h.name())))
    ///     .collect();
    /// assert_eq!(names, ["bfs -", "table -", "idastar manhattan", "idastar walking-distance"]);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn runs_in(shape: Shape, metric: Metric) -> Vec<(Algorithm, Option<HeuristicKind>)> {
        let mut runs = Vec::new();
        for algorithm in Algorithm::ALL {
            if algorithm.uses_heuristic() {
                runs.extend(
                    HeuristicKind::ALL
                        .into_iter()
                        .filter(|h| h.supports(shape))
                        .map(|h| (algorithm, Some(h))),
                );
            } else {
                runs.push((algorithm, None));
            }
        }
        if metric == Metric::Mtm {
            runs.retain(|&(algorithm, heuristic)| match algorithm {
                Algorithm::Bfs | Algorithm::Table => true,
                Algorithm::IdaStar => {
                    matches!(
                        heuristic,
                        Some(HeuristicKind::WalkingDistance | HeuristicKind::Manhattan)
                    )
                }
                _ => false,
            });
        }
        runs
    }

    /// The record of `runs` on `board`.
    pub fn new(board: &Board, goal: &Goal, runs: Vec<CompareRun>) -> CompareRecord {
        CompareRecord {
            board: board.to_string(),
            goal: goal.to_string(),
            runs,
            metric: None,
        }
    }

    /// The same record, its runs searched in `metric`.
    pub fn in_metric(self, metric: Metric) -> CompareRecord {
        CompareRecord {
            metric: (metric != Metric::Stm).then_some(metric),
            ..self
        }
    }
}

/// One run of a [`CompareRecord`].
///
/// ```
/// use npuzzle::record::{CompareRun, OutcomeName};
/// use npuzzle::{Algorithm, Board, Goal, Solver, SolverOptions};
/// let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
/// let goal = Goal::standard(board.shape());
/// let mut options = SolverOptions::default();
/// options.algorithm = Algorithm::BiBfs;
/// let run = CompareRun::new(Algorithm::BiBfs, None, Solver::new(options).solve(&board, &goal))?;
/// assert_eq!((run.outcome, run.length), (Some(OutcomeName::Solved), Some(31)));
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct CompareRun {
    /// The algorithm.
    pub algorithm: String,
    /// The heuristic, or null for the uninformed searches.
    pub heuristic: Option<String>,
    /// `solved`, `unsolvable` or `budget`; null when the algorithm cannot take the board.
    pub outcome: Option<OutcomeName>,
    /// Moves in the solution (single moves), when solved.
    pub length: Option<usize>,
    /// The solution's length in the multi-tile metric (a run of moves in
    /// one direction counts one), when solved.
    #[serde(default)]
    pub mtm_length: Option<usize>,
    /// Which limit ran out, or why the algorithm does not apply.
    pub message: Option<String>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Bytes the search's own structures held at their largest (estimate).
    pub peak_bytes: u64,
    /// Wall time, building any table included.
    pub millis: f64,
}

impl CompareRun {
    /// The run of `algorithm` (with `heuristic`) that ended in `result`. An
    /// algorithm that cannot take the board ([`Refusal::Unsupported`](crate::error::Refusal::Unsupported)) is a
    /// run saying why; other errors stay errors.
    pub fn new(
        algorithm: Algorithm,
        heuristic: Option<HeuristicKind>,
        result: Result<Report, Error>,
    ) -> Result<CompareRun, Error> {
        let mut run = CompareRun {
            algorithm: algorithm.name().to_string(),
            heuristic: heuristic.map(|h| h.name().to_string()),
            outcome: None,
            length: None,
            mtm_length: None,
            message: None,
            expanded: 0,
            generated: 0,
            peak_bytes: 0,
            millis: 0.0,
        };
        match result {
            Ok(report) => {
                run.outcome = Some(OutcomeName::of(&report.outcome));
                run.length = report.outcome.solution().map(|s| s.len());
                run.mtm_length = report.outcome.solution().map(|s| Metric::Mtm.length(s.moves()));
                if let Outcome::BudgetReached(kind) = report.outcome {
                    run.message = Some(kind.to_string());
                }
                run.expanded = report.stats.expanded;
                run.generated = report.stats.generated;
                run.peak_bytes = report.stats.peak_bytes;
                run.millis = millis(report.stats.elapsed);
            }
            Err(Error::Refused(Refusal::Unsupported { reason, .. })) => run.message = Some(reason),
            Err(Error::Refused(refusal @ Refusal::NotInMultiTile { .. })) => run.message = Some(refusal.to_string()),
            Err(e) => return Err(e),
        }
        Ok(run)
    }
}
