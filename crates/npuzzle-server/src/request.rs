//! What the API reads: JSON bodies and query strings, turned into the
//! service's requests, with the command line's one-line messages on bad
//! input.

use std::time::Duration;

use npuzzle::{Algorithm, Budget, Goal, Shape};
use npuzzle_service::input::{read_goal, Tiles};
use npuzzle_service::request::{Caps, Limits};
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
    /// The shape asked for, about the board.
    pub fn size(&self) -> Result<Option<Shape>, ApiError> {
        let size = self.size.as_deref().map(parse_shape).transpose();
        size.map_err(|e| e.about(&self.board))
    }

    /// The board and goal as the request writes them.
    pub fn tiles(&self) -> (Tiles, Option<Tiles>) {
        (Tiles::Text(self.board.clone()), self.goal.clone().map(Tiles::Text))
    }

    /// The board and its goal, read as every front-end reads them.
    pub fn board_and_goal(&self) -> Result<(npuzzle::Board, Goal), ApiError> {
        let size = self.size()?;
        let (board, goal) = self.tiles();
        let board = board.board(size).map_err(|e| ApiError::from(e).about(&self.board))?;
        let goal = read_goal(goal.as_ref(), board.shape(), size.is_some()).map_err(|e| self.service(e))?;
        Ok((board, goal))
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

    /// The service's refusal of this request, in the API's words.
    pub fn service(&self, e: npuzzle_service::Error) -> ApiError {
        match e {
            // Made before the board is looked at: not about it.
            npuzzle_service::Error::Databases(e) => ApiError::from(e),
            other => ApiError::from(other).about(&self.board),
        }
    }
}

/// The server's limits as the service's caps.
pub fn caps(config: &Config) -> Caps {
    Caps {
        default_timeout: config.default_timeout,
        max_timeout: config.max_timeout,
        max_memory: config.max_memory,
    }
}

/// A time budget (default, capped by the configuration), a node budget and
/// the server's memory limit.
pub fn budget(timeout_ms: Option<u64>, max_nodes: Option<u64>, config: &Config) -> Budget {
    let limits = Limits {
        max_nodes,
        timeout: timeout_ms.map(Duration::from_millis),
        max_memory: None,
    };
    limits.capped(&caps(config))
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

/// The goal for boards of `shape`, a size given.
pub fn goal(text: Option<&str>, shape: Shape) -> Result<Goal, ApiError> {
    read_goal(text.map(|t| Tiles::Text(t.to_string())).as_ref(), shape, true).map_err(ApiError::from)
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
        let req: BoardRequest = json(br#"{"board": "1 2 3 4 5 6 7 8 x", "goal": "1 2 3 x"}"#).unwrap();
        let err = req.board_and_goal().unwrap_err();
        assert_eq!(err.message(), "the board is 3x3 but the goal is 2x2");
    }
}
