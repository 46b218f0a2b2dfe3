//! Why a request got no answer, by the step of the answer order that
//! stopped it, so each front-end can put it in its own words (the command
//! line says "reading --goal", the server and Python "reading the goal").

use npuzzle::Error as EngineError;
use npuzzle::Shape;

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
    /// A question that needs every board of the shape, asked about a
    /// board too big for it (see [`crate::exhaustive`]).
    #[error("{}: boards of at most {} cells, not {shape}", question.needs(), crate::exhaustive::EXHAUSTIVE_MAX_CELLS)]
    TooBig {
        /// The question.
        question: crate::exhaustive::Exhaustive,
        /// The board's shape.
        shape: Shape,
    },
    /// No board is this far from the goal.
    #[error("no {shape} board is {distance} {} from {goal}{}", moves(*metric), farthest.map_or_else(String::new, |d| format!(": the farthest are {d} {} away", moves(*metric))))]
    TooFar {
        /// The board's shape.
        shape: Shape,
        /// The metric the distance is counted in.
        metric: npuzzle::Metric,
        /// The distance asked for.
        distance: u32,
        /// The goal.
        goal: String,
        /// The farthest distance, when known.
        farthest: Option<u32>,
    },
    /// A board at a chosen distance, asked of a shape neither a complete
    /// table nor an optimal search confirming the distance takes.
    #[error("a {shape} board at a chosen distance needs a complete table (boards of at most {} cells) or an optimal search confirming it (up to {} cells in single moves, 4x4 in multi-tile moves)", crate::exhaustive::EXHAUSTIVE_MAX_CELLS, npuzzle::search::AUTO_OPTIMAL_CELLS)]
    NoExactDistance {
        /// The board's shape.
        shape: Shape,
        /// The metric the distance is counted in.
        metric: npuzzle::Metric,
    },
    /// No board at the distance was confirmed before a budget ran out.
    #[error("no {shape} board {distance} {} from the goal was confirmed before the {kind} ran out", moves(*metric))]
    NotConfirmed {
        /// The board's shape.
        shape: Shape,
        /// The metric the distance is counted in.
        metric: npuzzle::Metric,
        /// The distance asked for.
        distance: u32,
        /// The budget that ran out.
        kind: npuzzle::BudgetKind,
    },
    /// A move sequence could not be read or played (a move into the wall).
    #[error("{0}")]
    Moves(EngineError),
    /// The question needs the board's size, and none was given.
    #[error("give the board size")]
    SizeNeeded,
    /// The engine failed while answering.
    #[error("{0}")]
    Run(EngineError),
    /// A picture format this build leaves out (PNG and GIF need the
    /// feature `raster`; the browser package draws SVG only).
    #[error("{0} pictures are not built in here: ask for svg")]
    NotBuilt(crate::render::Format),
    /// More moves than a GIF of this board holds (see
    /// [`crate::render::MAX_GIF_CELL_FRAMES`]).
    #[error("a GIF of a {shape} board plays at most {most} moves, not {moves}: draw them as svg")]
    TooManyFrames {
        /// The moves asked for.
        moves: usize,
        /// The most moves a GIF of this board plays.
        most: usize,
        /// The board's shape.
        shape: Shape,
    },
    /// A picture could not be encoded (not the request's fault).
    #[error("encoding the {format} picture: {message}")]
    Encode {
        /// The picture's format.
        format: crate::render::Format,
        /// What the encoder said.
        message: String,
    },
}

/// What a distance counts in `metric`.
fn moves(metric: npuzzle::Metric) -> &'static str {
    match metric {
        npuzzle::Metric::Mtm => "multi-tile moves",
        _ => "moves",
    }
}

impl Error {
    /// The engine's error underneath, if any.
    pub fn engine(&self) -> Option<&EngineError> {
        match self {
            Error::Board(e)
            | Error::Goal(e)
            | Error::Databases(e)
            | Error::Refused(e)
            | Error::Moves(e)
            | Error::Run(e) => Some(e),
            Error::Options(_)
            | Error::TooBig { .. }
            | Error::TooFar { .. }
            | Error::NoExactDistance { .. }
            | Error::NotConfirmed { .. }
            | Error::SizeNeeded
            | Error::NotBuilt(_)
            | Error::TooManyFrames { .. }
            | Error::Encode { .. } => None,
        }
    }
}
