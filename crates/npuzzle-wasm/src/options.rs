//! What a JavaScript caller passes — a board string and an options object —
//! read into the service's [`Request`]. Field names are the server's JSON
//! request fields (`size`, `goal`, `algorithm`, `heuristic`, `timeout_ms`,
//! `max_nodes`, `improve`), so a request moves between the HTTP API and the
//! package unchanged; unknown fields are refused by name.

use std::time::Duration;

use npuzzle::{Algorithm, Budget, Shape, SolverOptions};
use npuzzle_service::input::Tiles;
use npuzzle_service::request::{Counting, Limits, Question, Request};
use npuzzle_service::{HeuristicChoice, SolverSpec};
use serde::Deserialize;

use crate::error::JsError;

/// The improvement time of an improving solver: the request's time budget is
/// what bounds it; this only keeps the engine's deadline arithmetic finite
/// (as the server does).
const IMPROVE_AT_MOST: Duration = Duration::from_secs(24 * 60 * 60);

/// The options of `solve`, `hint`, `count`, `list` and `compare`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// `WxH`; inferred for square boards.
    pub size: Option<String>,
    /// `standard`, `blank-first`, or tiles.
    pub goal: Option<String>,
    /// An algorithm name or `auto`.
    pub algorithm: Option<String>,
    /// A heuristic name or `auto`.
    pub heuristic: Option<String>,
    /// The time budget in milliseconds (none: no limit).
    pub timeout_ms: Option<u64>,
    /// The node budget.
    pub max_nodes: Option<u64>,
    /// The memory budget in bytes.
    pub max_memory: Option<u64>,
    /// Spend the rest of the time budget shortening a constructive
    /// (`greedy`) solution.
    pub improve: Option<bool>,
    /// `list`: at most this many optimal solutions.
    pub limit: Option<usize>,
}

/// The options of `random`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomOptions {
    /// `WxH` (default 3x3).
    pub size: Option<String>,
    /// The goal (default standard).
    pub goal: Option<String>,
    /// Only boards exactly this far from the goal (boards of up to 12 cells).
    pub distance: Option<u32>,
    /// A seed for a reproducible board.
    pub seed: Option<u64>,
}

/// The options of `distribution`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DistributionOptions {
    /// `WxH`.
    pub size: Option<String>,
    /// The goal (default standard).
    pub goal: Option<String>,
}

impl Options {
    /// The shape asked for, if any.
    pub fn shape(&self) -> Result<Option<Shape>, JsError> {
        self.size.as_deref().map(parse_shape).transpose()
    }

    /// The budget these options give.
    pub fn budget(&self) -> Budget {
        Limits {
            max_nodes: self.max_nodes,
            timeout: self.timeout_ms.map(Duration::from_millis),
            max_memory: self.max_memory,
        }
        .budget()
    }

    /// The service's request asking `question` about `board`.
    pub fn request(&self, board: &str, question: Question) -> Result<Request, JsError> {
        let size = self.shape()?;
        let algorithm = match self.algorithm.as_deref() {
            None => Algorithm::Auto,
            Some(name) => name.parse().map_err(JsError::options)?,
        };
        let heuristic = match self.heuristic.as_deref() {
            None => HeuristicChoice::Auto,
            Some(name) => name.parse().map_err(JsError::options)?,
        };
        let improve = self.improve.unwrap_or(false).then_some(IMPROVE_AT_MOST);
        // One thread: a page's worker (and Node's main thread) has no others.
        let options = SolverOptions::default()
            .with_algorithm(algorithm)
            .with_improve(improve)
            .with_threads(1);
        Ok(Request {
            board: Tiles::Text(board.to_string()),
            size,
            goal: self.goal.clone().map(Tiles::Text),
            solver: SolverSpec::new(options, heuristic),
            budget: self.budget(),
            question,
        })
    }

    /// The question `count` asks.
    pub fn counting(&self) -> Question {
        Question::Count(Counting {
            count: true,
            ..Counting::default()
        })
    }

    /// The question `list` asks (the limit defaults to 100).
    pub fn listing(&self) -> Question {
        Question::Count(Counting {
            count: false,
            list: Some(self.limit.unwrap_or(100)),
            ..Counting::default()
        })
    }
}

/// Parses `WxH`.
pub fn parse_shape(text: &str) -> Result<Shape, JsError> {
    text.parse().map_err(JsError::options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_is_what_was_given_and_nothing_more() {
        let options = Options {
            timeout_ms: Some(250),
            max_nodes: Some(9),
            ..Options::default()
        };
        let budget = options.budget();
        assert_eq!(budget.timeout, Some(Duration::from_millis(250)));
        assert_eq!(budget.max_nodes, Some(9));
        assert_eq!(Options::default().budget().timeout, None);
    }

    #[test]
    fn a_bad_algorithm_name_is_an_options_error() {
        let options = Options {
            algorithm: Some("dijkstra".into()),
            ..Options::default()
        };
        let err = options.request("1 2 3 x", Question::Solve).unwrap_err();
        assert_eq!(err.kind, "options");
        assert!(err.message.contains("dijkstra"), "{}", err.message);
    }

    #[test]
    fn unknown_fields_are_refused_by_name() {
        let err = serde_json::from_str::<Options>(r#"{"timeout": 5}"#).unwrap_err();
        assert!(err.to_string().contains("timeout"), "{err}");
    }
}
