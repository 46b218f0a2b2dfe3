//! The `hint` record: a board's optimal distance and the distance after each
//! legal move of the blank (`npuzzle hint --json`, the web API's `/api/hint`).

use serde::{Deserialize, Serialize};

use super::{heuristic_used, partition_read, OutcomeName, StatsRecord};
use crate::board::Board;
use crate::goal::Goal;
use crate::metric::Metric;
use crate::search::hint::{Completion, Hint, MoveHint};
use crate::search::Solver;

/// A board's optimal distance and the distance after each legal blank move;
/// the optimal moves are those at `distance − 1`.
///
/// ```
/// use npuzzle::record::{HintRecord, Record};
/// use npuzzle::{Algorithm, Board, Goal, Solver, SolverOptions};
///
/// let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
/// let goal = Goal::standard(board.shape());
/// let solver = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Auto));
/// let hint = solver.hint(&board, &goal)?;
/// let record = Record::Hint(HintRecord::new(&board, &goal, &solver, &hint));
/// let json = serde_json::to_value(&record).unwrap();
/// assert_eq!(json["type"], "hint");
/// assert_eq!(json["data"]["distance"], 2);
/// assert_eq!(json["data"]["moves"][0], serde_json::json!({"move": "u", "distance": 3}));
/// assert_eq!(json["data"]["moves"][1], serde_json::json!({"move": "r", "distance": 1}));
/// assert_eq!(json["data"]["optimal"], "r");
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct HintRecord {
    /// The board, tiles in row-major order (`x` for the blank).
    pub board: String,
    /// The goal, in the same form.
    pub goal: String,
    /// What answered: `table`, or the search that solved the board.
    pub algorithm: String,
    /// The heuristic the searches used, or null.
    pub heuristic: Option<String>,
    /// The partition of the pattern databases read, or null.
    pub partition: Option<String>,
    /// `mtm` when the distances are counted in the multi-tile metric
    /// (`--metric mtm`: a slide of several tiles is one move); absent in
    /// the single-tile metric, the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<Metric>,
    /// `solved` (every distance known), `unsolvable`, or `budget` (a limit
    /// ran out: the distances it left unknown are null).
    pub outcome: OutcomeName,
    /// The board's optimal distance, or null when unknown or unsolvable.
    pub distance: Option<u32>,
    /// One entry per legal move of the blank, in `u d l r` order (in the
    /// multi-tile metric every slide, each direction's shortest first).
    pub moves: Vec<MoveDistanceRecord>,
    /// The moves known to be optimal, as `u d l r` letters in that order
    /// (`""` when none is); in the multi-tile metric each move's letters
    /// (`uu` for a slide of two tiles), separated by spaces (`uu r`).
    pub optimal: String,
    /// Which limit ran out, when one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<String>,
    /// What the hint cost (table lookups or search nodes, time).
    pub stats: StatsRecord,
}

/// One legal blank move and the distance after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MoveDistanceRecord {
    /// The direction the blank moves: `u`, `d`, `l` or `r`; in the
    /// multi-tile metric the letter once per cell the blank travels (`uu`:
    /// one move sliding two tiles).
    #[serde(rename = "move")]
    pub mv: String,
    /// The optimal distance after it, or null when unknown or unsolvable.
    pub distance: Option<u32>,
}

impl HintRecord {
    /// The record of `hint`, which `solver` gave for `board` and `goal`.
    pub fn new(board: &Board, goal: &Goal, solver: &Solver, hint: &Hint) -> HintRecord {
        let (outcome, budget) = match hint.completion {
            Completion::Unsolvable => (OutcomeName::Unsolvable, None),
            Completion::BudgetReached(kind) => (OutcomeName::Budget, Some(kind.to_string())),
            _ => (OutcomeName::Solved, None),
        };
        HintRecord {
            board: board.to_string(),
            goal: goal.to_string(),
            algorithm: hint.algorithm.name().to_string(),
            heuristic: heuristic_used(solver, hint.algorithm).map(|h| h.name().to_string()),
            partition: partition_read(solver, hint.algorithm),
            metric: Some(hint.metric).filter(|&m| m != Metric::Stm),
            outcome,
            distance: hint.distance,
            moves: hint
                .moves
                .iter()
                .map(|m| MoveDistanceRecord {
                    mv: letters(m),
                    distance: m.distance,
                })
                .collect(),
            optimal: hint
                .optimal()
                .iter()
                .map(letters)
                .collect::<Vec<_>>()
                .join(if hint.metric == Metric::Stm { "" } else { " " }),
            budget,
            stats: StatsRecord::from(&hint.stats),
        }
    }
}

/// A move's letters: its direction's once per cell the blank travels.
fn letters(m: &MoveHint) -> String {
    m.mv.to_string().repeat(m.run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Record;
    use crate::{Algorithm, Budget, HeuristicKind, SolverOptions};

    fn record(board: &str, options: SolverOptions) -> HintRecord {
        let board: Board = board.parse().unwrap();
        let goal = Goal::blank_first(board.shape());
        let solver = Solver::new(options);
        let hint = solver.hint(&board, &goal).unwrap();
        HintRecord::new(&board, &goal, &solver, &hint)
    }

    #[test]
    fn hint_envelope_has_the_keys_the_web_page_reads() {
        let options = SolverOptions {
            algorithm: Algorithm::Auto,
            ..SolverOptions::default()
        };
        let r = record("1 2 x 3 4 5 6 7 8", options);
        let text = serde_json::to_string(&Record::Hint(r.clone())).unwrap();
        assert!(
            text.starts_with(r#"{"type":"hint","data":{"board":"1 2 x 3 4 5 6 7 8","goal":"x 1 2 3 4 5 6 7 8","algorithm":"table","heuristic":null,"partition":null,"outcome":"solved","distance":"#),
            "{text}"
        );
        assert!(text.contains(r#""moves":[{"move":"d","distance":"#), "{text}");
        assert!(!text.contains("budget"), "{text}");
        let back: Record = serde_json::from_str(&text).unwrap();
        assert_eq!(back, Record::Hint(r));
    }

    #[test]
    fn hints_name_optimal_moves_and_leave_unknown_distances_null() {
        let options = SolverOptions {
            algorithm: Algorithm::Auto,
            ..SolverOptions::default()
        };
        // Blank-first goal; the blank one step right of home: `l` solves it.
        let r = record("1 x 2 3 4 5 6 7 8", options);
        assert_eq!((r.distance, r.optimal.as_str()), (Some(1), "l"));
        let at_goal = record("x 1 2 3 4 5 6 7 8", options);
        assert_eq!((at_goal.distance, at_goal.optimal.as_str()), (Some(0), ""));

        let starved = SolverOptions {
            heuristic: HeuristicKind::Manhattan,
            budget: Budget {
                max_nodes: Some(5),
                ..Budget::default()
            },
            ..SolverOptions::default()
        };
        let r = record("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", starved);
        assert_eq!(r.outcome, OutcomeName::Budget);
        assert_eq!(r.budget.as_deref(), Some("node limit"));
        let json = serde_json::to_value(Record::Hint(r)).unwrap();
        assert_eq!(json["data"]["distance"], serde_json::Value::Null);
        assert_eq!(json["data"]["moves"][0]["distance"], serde_json::Value::Null);

        // Enough nodes for the board's own search, not for the neighbours'.
        let board = "1 2 6 3 10 13 9 7 4 5 0 11 12 14 8 15";
        let solved = Solver::new(SolverOptions::default())
            .solve(&board.parse().unwrap(), &Goal::blank_first("4x4".parse().unwrap()))
            .unwrap();
        let partial = SolverOptions {
            budget: Budget {
                max_nodes: Some(solved.stats.expanded + 1),
                ..Budget::default()
            },
            ..SolverOptions::default()
        };
        let r = record(board, partial);
        assert_eq!(r.outcome, OutcomeName::Budget);
        assert_eq!(r.distance, solved.outcome.solution().map(|s| s.len() as u32));
        assert!(r.moves.iter().any(|m| m.distance.is_none()), "{r:?}");
    }

    #[test]
    fn multi_tile_hints_name_their_metric_and_spell_each_slide() {
        let options = SolverOptions::default()
            .with_algorithm(Algorithm::Auto)
            .with_metric(crate::Metric::Mtm);
        // Blank-first goal; the blank two cells right of home: one slide left.
        let r = record("1 2 x 3 4 5 6 7 8", options);
        assert_eq!(r.metric, Some(crate::Metric::Mtm));
        assert_eq!((r.distance, r.optimal.as_str()), (Some(1), "ll"));
        let moves: Vec<(&str, Option<u32>)> = r.moves.iter().map(|m| (m.mv.as_str(), m.distance)).collect();
        assert_eq!(
            moves,
            [("d", Some(2)), ("dd", Some(2)), ("l", Some(1)), ("ll", Some(0))]
        );
        let json = serde_json::to_value(Record::Hint(r.clone())).unwrap();
        assert_eq!(json["data"]["metric"], "mtm");
        assert_eq!(
            json["data"]["moves"][3],
            serde_json::json!({"move": "ll", "distance": 0})
        );
        // The single-tile record has no metric key.
        let stm = record(
            "1 2 x 3 4 5 6 7 8",
            SolverOptions::default().with_algorithm(Algorithm::Auto),
        );
        let text = serde_json::to_string(&Record::Hint(stm)).unwrap();
        assert!(!text.contains("metric"), "{text}");
    }
}
