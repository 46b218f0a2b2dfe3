//! What the API reads: JSON bodies and query strings, turned into boards,
//! goals and budgets, with the command line's one-line messages on bad input.

use std::time::Duration;

use npuzzle::{Algorithm, Board, Budget, Goal, Shape};
use npuzzle_service::HeuristicChoice;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::error::ApiError;
use crate::Config;

/// Parses a JSON body; any problem is a 400 naming it.
pub fn json<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))
}

/// The board fields shared by solve, hint and compare.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRequest {
    /// The board in the command line's syntax.
    pub board: String,
    /// `WxH`; inferred for square boards.
    pub size: Option<String>,
    /// `standard`, `blank-first` or tiles.
    pub goal: Option<String>,
    /// An algorithm name or `auto`.
    pub algorithm: Option<String>,
    /// A heuristic name or `auto`.
    pub heuristic: Option<String>,
    /// The time budget, capped by the server's `--max-timeout`.
    pub timeout_ms: Option<u64>,
    /// The node budget.
    pub max_nodes: Option<u64>,
    /// Solve: also count the optimal solutions (boards answered from a table).
    pub count: Option<bool>,
    /// Solve: spend the rest of the time budget shortening a constructive
    /// (`greedy`) solution.
    pub improve: Option<bool>,
}

impl BoardRequest {
    /// The board and its goal.
    pub fn board_and_goal(&self) -> Result<(Board, Goal), ApiError> {
        let read = || {
            let size = self.size.as_deref().map(parse_shape).transpose()?;
            let board = Board::parse(&self.board, size).map_err(ApiError::from)?;
            let goal = goal(self.goal.as_deref(), board.shape(), size.is_some())?;
            Ok((board, goal))
        };
        read().map_err(|e: ApiError| e.about(&self.board))
    }

    /// The algorithm asked for (default `auto`).
    pub fn algorithm(&self) -> Result<Algorithm, ApiError> {
        match self.algorithm.as_deref() {
            None => Ok(Algorithm::Auto),
            Some(name) => name
                .parse()
                .map_err(|e: npuzzle::Error| ApiError::from(e).about(&self.board)),
        }
    }

    /// The heuristic asked for (default `auto`).
    pub fn heuristic(&self) -> Result<HeuristicChoice, ApiError> {
        match self.heuristic.as_deref() {
            None => Ok(HeuristicChoice::Auto),
            Some(name) => name
                .parse()
                .map_err(|e: npuzzle::Error| ApiError::from(e).about(&self.board)),
        }
    }

    /// The budget for this request under the server's limits.
    pub fn budget(&self, config: &Config) -> Budget {
        budget(self.timeout_ms, self.max_nodes, config)
    }
}

/// A time budget (default, capped by the configuration), a node budget and
/// the server's memory limit.
pub fn budget(timeout_ms: Option<u64>, max_nodes: Option<u64>, config: &Config) -> Budget {
    let timeout = timeout_ms
        .map_or(config.default_timeout, Duration::from_millis)
        .min(config.max_timeout);
    let mut budget = Budget::default();
    budget.timeout = Some(timeout);
    budget.max_nodes = max_nodes;
    budget.max_memory = Some(config.max_memory);
    budget
}

/// The fields of `POST /api/random`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RandomRequest {
    /// `WxH` (default 3x3).
    pub size: Option<String>,
    /// The goal (default standard).
    pub goal: Option<String>,
    /// Only boards exactly this far from the goal (boards of up to 12 cells).
    pub distance: Option<u32>,
    /// A seed for a reproducible board.
    pub seed: Option<u64>,
}

/// The query of `GET /api/stats`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatsQuery {
    /// `WxH`.
    pub size: Option<String>,
    /// The goal (default standard).
    pub goal: Option<String>,
}

/// Parses `WxH`.
pub fn parse_shape(text: &str) -> Result<Shape, ApiError> {
    text.parse().map_err(ApiError::from)
}

/// The goal for a board of `shape`. A goal written as tiles with no size
/// given must have the board's tile count: say which shapes differ, as the
/// command line does.
pub fn goal(text: Option<&str>, shape: Shape, size_given: bool) -> Result<Goal, ApiError> {
    let Some(text) = text else {
        return Ok(Goal::standard(shape));
    };
    match Goal::parse(text, shape) {
        Ok(goal) => Ok(goal),
        Err(npuzzle::Error::WrongTileCount { .. }) if !size_given => match Board::parse(text, None) {
            Ok(other) => Err(npuzzle::Error::ShapeMismatch {
                board: shape,
                goal: other.shape(),
            }
            .into()),
            Err(e) => Err(ApiError::bad_request(format!("reading the goal: {e}"))),
        },
        Err(e) => Err(ApiError::bad_request(format!("reading the goal: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_are_capped_by_the_server() {
        let config = Config::default();
        let b = budget(Some(3_600_000), None, &config);
        assert_eq!(b.timeout, Some(config.max_timeout));
        assert_eq!(budget(None, Some(5), &config).timeout, Some(config.default_timeout));
        assert_eq!(budget(None, Some(5), &config).max_nodes, Some(5));
    }

    #[test]
    fn a_goal_of_another_size_is_named() {
        let err = goal(Some("1 2 3 x"), Shape::new(3, 3).unwrap(), false).unwrap_err();
        assert_eq!(err.message(), "the board is 3x3 but the goal is 2x2");
    }
}
