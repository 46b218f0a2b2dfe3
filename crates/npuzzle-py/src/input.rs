//! Boards, sizes, goals and budgets as Python passes them.

use std::time::Duration;

use npuzzle::{Board, Budget, Error, Goal, Shape};
use npuzzle_service::input::{read_goal, Tiles};
use npuzzle_service::request::Limits;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::{raise, Class, OrRaise};

/// A board: text in the CLI's syntax, or tiles in row-major order (0 = blank).
pub enum BoardArg {
    /// "8 6 7 2 5 4 3 x 1", or rows separated by newlines.
    Text(String),
    /// Tiles as integers; `npuzzle.__init__` flattens numpy arrays into these.
    Tiles(Vec<i64>),
}

/// Text for a `str`, tiles for anything else: no failed attempt (and no
/// exception object) on the way, which a derived enum extraction would cost.
impl<'a, 'py> FromPyObject<'a, 'py> for BoardArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<BoardArg> {
        if obj.is_instance_of::<PyString>() {
            Ok(BoardArg::Text(obj.extract()?))
        } else {
            Ok(BoardArg::Tiles(obj.extract()?))
        }
    }
}

impl BoardArg {
    /// The board, with its shape from `size` or inferred (square boards).
    pub fn board(&self, size: Option<Shape>) -> Result<Board, Error> {
        match self {
            BoardArg::Text(text) => Board::parse(text, size),
            BoardArg::Tiles(tiles) => board_from_values(tiles, size),
        }
    }
}

pub use npuzzle_service::input::board_from_numbers as board_from_values;

/// A board size: `"WxH"` or `(width, height)`.
#[derive(FromPyObject)]
pub enum SizeArg {
    /// `"4x3"`: width x height.
    Text(String),
    /// `(width, height)`.
    Pair(usize, usize),
}

impl SizeArg {
    /// The shape, or a `BoardError` for a size that is not one.
    pub fn shape(&self) -> PyResult<Shape> {
        match self {
            SizeArg::Text(text) => text.trim().parse::<Shape>(),
            SizeArg::Pair(w, h) => Shape::new(*w, *h),
        }
        .or_raise()
    }
}

/// The shape of an optional size.
pub fn shape(size: Option<SizeArg>) -> PyResult<Option<Shape>> {
    size.map(|s| s.shape()).transpose()
}

/// `(width, height)` of a size given as `"WxH"` or a pair. See `npuzzle.parse_size`.
#[pyfunction]
pub fn parse_size(size: SizeArg) -> PyResult<(usize, usize)> {
    let shape = size.shape()?;
    Ok((shape.width(), shape.height()))
}

/// A goal: a name (`standard`, `blank-first`), tiles as text, or tile numbers.
pub type GoalArg = BoardArg;

/// The goal for boards of `shape` (`size_given`: the shape was given, not
/// inferred), read by the rule every front-end shares; an error names the goal.
pub fn goal(arg: Option<&GoalArg>, shape: Shape, size_given: bool) -> Result<Goal, npuzzle_service::Error> {
    let tiles = arg.map(|arg| match arg {
        BoardArg::Text(text) => Tiles::Text(text.clone()),
        BoardArg::Tiles(tiles) => Tiles::Numbers(tiles.clone()),
    });
    read_goal(tiles.as_ref(), shape, size_given)
}

/// The keyword arguments every solving function shares, as the dict
/// `npuzzle._options` builds.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub struct SearchArgs {
    /// The goal (default: the standard one).
    pub goal: Option<GoalArg>,
    /// An algorithm name or `auto`.
    pub algorithm: String,
    /// A heuristic name or `auto`.
    pub heuristic: String,
    /// Seconds per board.
    pub timeout: Option<f64>,
    /// Nodes per board.
    pub max_nodes: Option<u64>,
    /// Bytes per board (per batch for `solve_batch`).
    pub max_memory: Option<u64>,
    /// Threads (for one search, or for the pool of a batch).
    pub threads: Option<usize>,
    /// Where pattern databases are looked for.
    pub pdb_dir: Option<std::path::PathBuf>,
    /// Seconds spent shortening a constructive (`greedy`) solution.
    pub improve: Option<f64>,
    /// `stm` or `mtm`.
    pub metric: String,
    /// A factor from 1 to 16: a solution at most that many times the shortest.
    pub within: Option<f64>,
}

impl SearchArgs {
    /// The solver key for searches on `search_threads` threads each, with the
    /// memory budget divided by `share`.
    pub fn key(&self, search_threads: usize, share: u64) -> PyResult<crate::solvers::Key> {
        let budget = budget(self.timeout, self.max_nodes, self.max_memory.map(|m| m / share.max(1)))?;
        let improve = self.improve.map(|secs| seconds("improve", secs)).transpose()?;
        crate::solvers::Key::new(
            &self.algorithm,
            &self.heuristic,
            budget,
            search_threads,
            self.pdb_dir.clone(),
        )?
        .with_improve(improve)
        .with_within(self.within)?
        .with_metric(&self.metric)
    }
}

/// The per-search budget from the keyword arguments.
pub fn budget(timeout: Option<f64>, max_nodes: Option<u64>, max_memory: Option<u64>) -> PyResult<Budget> {
    let timeout = timeout.map(|secs| seconds("timeout", secs)).transpose()?;
    Ok(Limits {
        max_nodes,
        timeout,
        max_memory,
    }
    .budget())
}

/// `secs` as a duration; an `OptionError` naming `what` when it is not one.
fn seconds(what: &str, secs: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(secs).map_err(|_| {
        raise(
            Class::Option,
            format!("{what} must be a number of seconds >= 0, not {secs}"),
        )
    })
}
