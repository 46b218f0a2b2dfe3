//! What the API reads: JSON bodies and query strings, turned into the
//! service's requests (the fields are the service's
//! [`Options`](npuzzle_service::Options), shared with the browser package),
//! with the command line's one-line messages on bad input.

use npuzzle::{Budget, Goal};
use npuzzle_service::input::read_goal;
use npuzzle_service::render::RenderOptions;
use npuzzle_service::request::{Caps, Limits, Question, Request};
use npuzzle_service::Options;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::Config;

/// Parses a JSON body; any problem is a 400 naming it.
pub fn json<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(malformed)
}

/// A body that is not a request.
fn malformed(e: serde_json::Error) -> ApiError {
    ApiError::bad_request(format!("malformed JSON body: {e}"))
}

/// A request about one board (solve, hint, compare, board): the board and
/// the service's options.
#[derive(Debug)]
pub struct BoardRequest {
    /// The board in the command line's syntax.
    pub board: String,
    /// Everything else the body says.
    pub options: Options,
}

impl BoardRequest {
    /// Parses a body: `board` and the service's options, any other field
    /// refused by name.
    pub fn parse(body: &[u8]) -> Result<BoardRequest, ApiError> {
        let (board, options) = board_and(body)?;
        Ok(BoardRequest { board, options })
    }

    /// The board and its goal, read as every front-end reads them.
    pub fn board_and_goal(&self) -> Result<(npuzzle::Board, Goal), ApiError> {
        let size = self.options.shape().map_err(|e| self.service(e))?;
        let (board, goal) = self.options.tiles(&self.board);
        let board = board.board(size).map_err(|e| ApiError::from(e).about(&self.board))?;
        let goal = read_goal(goal.as_ref(), board.shape(), size.is_some()).map_err(|e| self.service(e))?;
        Ok((board, goal))
    }

    /// The service's request asking `question`, under the server's limits.
    pub fn request(&self, question: Question, config: &Config) -> Result<Request, ApiError> {
        let request = self.options.request(&self.board, question, &caps(config));
        request.map_err(|e| self.service(e))
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

/// A `/api/render` body: `board` and the picture's options, any other
/// field refused by name.
pub fn render(body: &[u8]) -> Result<(String, RenderOptions), ApiError> {
    board_and(body)
}

/// A body's `board` and the rest of its fields read as `T`.
fn board_and<T: DeserializeOwned>(body: &[u8]) -> Result<(String, T), ApiError> {
    #[derive(Deserialize)]
    struct Body {
        board: String,
        #[serde(flatten)]
        options: Map<String, Value>,
    }
    let Body { board, options } = json(body)?;
    let options = T::deserialize(Value::Object(options)).map_err(malformed)?;
    Ok((board, options))
}

/// The server's limits as the service's caps: a search holds at most the
/// server's memory, whatever a request asks.
pub fn caps(config: &Config) -> Caps {
    Caps {
        default_timeout: Some(config.default_timeout),
        max_timeout: Some(config.max_timeout),
        default_memory: config.max_memory,
        max_memory: Some(config.max_memory),
    }
}

/// The budget of a request that names none, under the server's limits.
pub fn budget(config: &Config) -> Budget {
    Limits::default().capped(&caps(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_and_memory_are_capped_by_the_server() {
        let config = Config::default();
        let req = BoardRequest::parse(br#"{"board": "1 2 3 x", "timeout_ms": 3600000, "max_memory": 99999999999999}"#);
        let b = req.unwrap().request(Question::Solve, &config).unwrap().budget;
        assert_eq!(b.timeout, Some(config.max_timeout));
        assert_eq!(b.max_memory, Some(config.max_memory));
        let req = BoardRequest::parse(br#"{"board": "1 2 3 x", "max_nodes": 5}"#).unwrap();
        let b = req.request(Question::Solve, &config).unwrap().budget;
        assert_eq!(b.timeout, Some(config.default_timeout));
        assert_eq!(b.max_nodes, Some(5));
    }

    #[test]
    fn fields_the_service_does_not_know_are_refused_by_name() {
        let err = BoardRequest::parse(br#"{"board": "1 2 3 x", "colour": "red"}"#).unwrap_err();
        assert!(err.message().contains("unknown field `colour`"), "{}", err.message());
        let err = BoardRequest::parse(br#"{"size": "2x2"}"#).unwrap_err();
        assert!(err.message().contains("missing field `board`"), "{}", err.message());
    }

    #[test]
    fn a_goal_of_another_size_is_named() {
        let req = BoardRequest::parse(br#"{"board": "1 2 3 4 5 6 7 8 x", "goal": "1 2 3 x"}"#).unwrap();
        let err = req.board_and_goal().unwrap_err();
        assert_eq!(err.message(), "the board is 3x3 but the goal is 2x2");
    }
}
