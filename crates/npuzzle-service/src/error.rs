//! Why a request got no answer, by the step of the answer order that
//! stopped it, so each front-end can put it in its own words (the command
//! line says "reading --goal", the server and Python "reading the goal").

use npuzzle::Error as EngineError;

/// A request stopped before any search, with the engine's error.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The board could not be read.
    #[error("{0}")]
    Board(EngineError),
    /// The goal could not be read (a goal of another shape than the board
    /// is [`Error::Refused`]: the shapes are the fact, not the reading).
    #[error("reading the goal: {0}")]
    Goal(EngineError),
    /// The request's options are wrong (an unknown name, databases asked
    /// for with a heuristic that reads none).
    #[error("{0}")]
    Options(String),
    /// The databases asked for are missing or cannot be used.
    #[error("{0}")]
    Databases(EngineError),
    /// The solver refuses the question about this board (see
    /// [`npuzzle::search::check`]), or the goal is of another shape.
    #[error("{0}")]
    Refused(EngineError),
}

impl Error {
    /// The engine's error underneath, if any.
    pub fn engine(&self) -> Option<&EngineError> {
        match self {
            Error::Board(e) | Error::Goal(e) | Error::Databases(e) | Error::Refused(e) => Some(e),
            Error::Options(_) => None,
        }
    }
}
