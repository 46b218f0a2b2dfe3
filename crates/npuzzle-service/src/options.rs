//! The options a JSON front-end reads (the server's request bodies, the
//! browser package's options objects), one type for all of them, and their
//! mapping to a [`Request`]: the same field means the same thing wherever it
//! is sent, and a field no front-end knows is refused by name.
//!
//! | field | meaning |
//! | --- | --- |
//! | `size` | `WxH`; inferred for square boards |
//! | `goal` | `standard`, `blank-first`, `spiral` or tiles |
//! | `algorithm`, `heuristic` | a name or `auto` (the default) |
//! | `timeout_ms`, `max_nodes`, `max_memory` | the budget, under the host's [`Caps`] |
//! | `improve` | spend the rest of the time budget shortening a constructive solution |
//! | `metric` | `stm` (the default) or `mtm`: what a shortest solution is shortest in |
//! | `within` | a factor from 1 to 16: a solution at most that many times the shortest, with its `lower_bound` |
//! | `count` | a solve also counts the optimal solutions |
//! | `limit` | a solve also lists up to this many optimal solutions |
//!
//! `random` and `distribution` take their own, smaller sets
//! ([`RandomOptions`], [`DistributionOptions`]).

use std::time::Duration;

use npuzzle::search::within::Within;
use npuzzle::{Algorithm, Metric, Shape, SolverOptions};
use serde::Deserialize;

use crate::compare::CompareRequest;
use crate::input::{read_goal, Tiles};
use crate::request::{Caps, Counting, Limits, Question, Request};
use crate::{Error, HeuristicChoice, SolverSpec};

/// The improvement time of an improving solver: the request's time budget
/// is what bounds it; this only keeps the engine's deadline arithmetic
/// finite.
pub const IMPROVE_AT_MOST: Duration = Duration::from_secs(24 * 60 * 60);

/// How many optimal solutions a listing holds when no `limit` is given.
pub const DEFAULT_LIST_LIMIT: usize = 100;

/// The options of a question about one board (see the [module
/// documentation](self)).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// `WxH`; inferred for square boards.
    pub size: Option<String>,
    /// `standard`, `blank-first`, `spiral` or tiles.
    pub goal: Option<String>,
    /// An algorithm name or `auto`.
    pub algorithm: Option<String>,
    /// A heuristic name or `auto`.
    pub heuristic: Option<String>,
    /// The time budget in milliseconds.
    pub timeout_ms: Option<u64>,
    /// The node budget.
    pub max_nodes: Option<u64>,
    /// The memory budget in bytes.
    pub max_memory: Option<u64>,
    /// Spend the rest of the time budget shortening a constructive
    /// (`greedy`) solution.
    pub improve: Option<bool>,
    /// `stm` or `mtm`: the metric a shortest solution is shortest in.
    pub metric: Option<String>,
    /// A solution at most this many times the shortest (1 to 16), with a
    /// lower bound beside it.
    pub within: Option<Within>,
    /// A solve also counts the optimal solutions.
    pub count: Option<bool>,
    /// A solve also lists at most this many optimal solutions.
    pub limit: Option<usize>,
}

impl Options {
    /// The shape asked for, if any.
    pub fn shape(&self) -> Result<Option<Shape>, Error> {
        self.size.as_deref().map(parse_shape).transpose()
    }

    /// The limits asked for, before the host's caps.
    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            timeout: self.timeout_ms.map(Duration::from_millis),
            max_memory: self.max_memory,
        }
    }

    /// The board and goal as these options write them.
    pub fn tiles(&self, board: &str) -> (Tiles, Option<Tiles>) {
        (Tiles::Text(board.to_string()), self.goal.clone().map(Tiles::Text))
    }

    /// The question a solve with these options asks: counted when `count`,
    /// listed when `limit` is given, else a plain solve.
    pub fn solve_question(&self) -> Question {
        let count = self.count.unwrap_or(false);
        if !count && self.limit.is_none() {
            return Question::Solve;
        }
        Question::Count(Counting {
            count,
            list: self.limit,
            ..Counting::default()
        })
    }

    /// The question of a count: counted, and listed when `limit` is given.
    pub fn count_question(&self) -> Question {
        Question::Count(Counting {
            count: true,
            list: self.limit,
            ..Counting::default()
        })
    }

    /// The question of a listing: up to `limit` optimal solutions
    /// ([`DEFAULT_LIST_LIMIT`] when none is given), counted when `count`.
    pub fn list_question(&self) -> Question {
        Question::Count(Counting {
            count: self.count.unwrap_or(false),
            list: Some(self.limit.unwrap_or(DEFAULT_LIST_LIMIT)),
            ..Counting::default()
        })
    }

    /// The service's request asking `question` about `board`, its budget
    /// under `caps`. A board that cannot be read is told before a wrong
    /// algorithm or heuristic name: the board is what the request is about.
    pub fn request(&self, board: &str, question: Question, caps: &Caps) -> Result<Request, Error> {
        let size = self.shape()?;
        let (tiles, goal) = self.tiles(board);
        let solver = match self.solver() {
            Ok(solver) => solver,
            Err(e) => {
                let board = tiles.board(size).map_err(Error::Board)?;
                read_goal(goal.as_ref(), board.shape(), size.is_some())?;
                return Err(e);
            }
        };
        Ok(Request {
            board: tiles,
            size,
            goal,
            solver,
            budget: self.limits().capped(caps),
            question,
        })
    }

    /// The solver these options name (one search thread, the engine's
    /// default: a host that runs several at once runs them side by side).
    pub fn solver(&self) -> Result<SolverSpec, Error> {
        let algorithm = match self.algorithm.as_deref() {
            None => Algorithm::Auto,
            Some(name) => name.parse().map_err(options_error)?,
        };
        let heuristic = match self.heuristic.as_deref() {
            None => HeuristicChoice::Auto,
            Some(name) => name.parse().map_err(options_error)?,
        };
        let metric = parse_metric(self.metric.as_deref())?;
        let improve = self.improve.unwrap_or(false).then_some(IMPROVE_AT_MOST);
        let options = SolverOptions::default()
            .with_algorithm(algorithm)
            .with_improve(improve)
            .with_metric(metric)
            .with_within(self.within);
        Ok(SolverSpec::new(options, heuristic))
    }

    /// The comparison of every algorithm on `board` these options ask for:
    /// each run under the time and node budgets given, else
    /// [`COMPARE_RUN_TIMEOUT`] and [`COMPARE_RUN_MAX_NODES`], and at most
    /// [`COMPARE_RUN_MAX_MEMORY`], within `caps`.
    pub fn compare_request(&self, board: &str, caps: &Caps) -> Result<CompareRequest, Error> {
        let limits = Limits {
            timeout: Some(self.limits().timeout.unwrap_or(COMPARE_RUN_TIMEOUT)),
            max_nodes: Some(self.max_nodes.unwrap_or(COMPARE_RUN_MAX_NODES)),
            max_memory: self.max_memory,
        };
        let mut budget = limits.capped(caps);
        budget.max_memory = budget.max_memory.map(|m| m.min(COMPARE_RUN_MAX_MEMORY));
        let (tiles, goal) = self.tiles(board);
        Ok(CompareRequest {
            board: tiles,
            size: self.shape()?,
            goal,
            budget,
            duplicate_len: SolverOptions::default().duplicate_len,
            databases: None,
            metric: parse_metric(self.metric.as_deref())?,
        })
    }
}

/// How long each run of a comparison may take unless the options say.
pub const COMPARE_RUN_TIMEOUT: Duration = Duration::from_secs(2);
/// Most nodes each run of a comparison may expand unless the options say.
pub const COMPARE_RUN_MAX_NODES: u64 = 50_000_000;
/// Most memory each run of a comparison may hold.
pub const COMPARE_RUN_MAX_MEMORY: u64 = 1 << 30;

/// The options of a random board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomOptions {
    /// `WxH` (default 3x3).
    pub size: Option<String>,
    /// The goal (default standard).
    pub goal: Option<String>,
    /// Only boards exactly this far from the goal (boards a complete table
    /// can hold).
    pub distance: Option<u32>,
    /// A seed for a reproducible board.
    pub seed: Option<u64>,
    /// `stm` (the default) or `mtm`: the metric `distance` is counted in.
    pub metric: Option<String>,
}

/// The options of a distance distribution.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DistributionOptions {
    /// `WxH` (needed).
    pub size: Option<String>,
    /// The goal (default standard).
    pub goal: Option<String>,
    /// `stm` (the default) or `mtm`: the metric distances are counted in.
    pub metric: Option<String>,
}

/// Parses `WxH`.
pub fn parse_shape(text: &str) -> Result<Shape, Error> {
    text.parse().map_err(options_error)
}

/// The metric `name` names, single moves when none is given.
pub fn parse_metric(name: Option<&str>) -> Result<Metric, Error> {
    name.map_or(Ok(Metric::Stm), |name| name.parse().map_err(options_error))
}

/// The goal `text` names for boards of `shape`, a size given.
pub fn goal_for(text: Option<&str>, shape: Shape) -> Result<npuzzle::Goal, Error> {
    read_goal(text.map(|t| Tiles::Text(t.to_string())).as_ref(), shape, true)
}

/// A wrong option, in the engine's words.
fn options_error(e: npuzzle::Error) -> Error {
    Error::Options(e.full_message())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps() -> Caps {
        Caps {
            default_timeout: None,
            max_timeout: None,
            default_memory: 1 << 30,
            max_memory: None,
        }
    }

    #[test]
    fn the_budget_is_what_was_given_under_the_caps() {
        let options = Options {
            timeout_ms: Some(250),
            max_nodes: Some(9),
            ..Options::default()
        };
        let budget = options.limits().capped(&caps());
        assert_eq!(budget.timeout, Some(Duration::from_millis(250)));
        assert_eq!(budget.max_nodes, Some(9));
        assert_eq!(budget.max_memory, Some(1 << 30));
        assert_eq!(Options::default().limits().capped(&caps()).timeout, None);
        let capped = Caps {
            default_timeout: Some(Duration::from_secs(10)),
            max_timeout: Some(Duration::from_millis(100)),
            max_memory: Some(1000),
            ..caps()
        };
        let budget = options.limits().capped(&capped);
        assert_eq!(budget.timeout, Some(Duration::from_millis(100)));
        assert_eq!(budget.max_memory, Some(1000));
    }

    #[test]
    fn a_bad_name_is_an_options_error_unless_the_board_is_bad_too() {
        let options = Options {
            algorithm: Some("dijkstra".into()),
            ..Options::default()
        };
        let err = options.request("1 2 3 x", Question::Solve, &caps()).unwrap_err();
        assert!(matches!(&err, Error::Options(m) if m.contains("dijkstra")), "{err:?}");
        let err = options.request("1 2 3 3", Question::Solve, &caps()).unwrap_err();
        assert!(matches!(err, Error::Board(_)), "{err:?}");
    }

    #[test]
    fn unknown_fields_are_refused_by_name() {
        let err = serde_json::from_str::<Options>(r#"{"timeout": 5}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `timeout`"), "{err}");
        let err = serde_json::from_str::<RandomOptions>(r#"{"limit": 5}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `limit`"), "{err}");
    }

    #[test]
    fn count_and_limit_choose_the_question() {
        assert_eq!(Options::default().solve_question(), Question::Solve);
        let listed = Options {
            limit: Some(5),
            ..Options::default()
        };
        let Question::Count(counting) = listed.solve_question() else {
            panic!()
        };
        assert_eq!((counting.count, counting.list), (false, Some(5)));
        let Question::Count(counting) = Options::default().list_question() else {
            panic!()
        };
        assert_eq!(counting.list, Some(DEFAULT_LIST_LIMIT));
    }
}
