//! `Solution` and `Stats`: a solve's outcome as Python objects, and as the
//! CLI's JSON record (`to_dict()`).
//!
//! A solution fresh from a search keeps the library's report and answers
//! from it; one unpickled (say, returned by a Dask task) holds the record it
//! was pickled as. Both give the same answers.

use std::borrow::Cow;
use std::sync::Arc;

use npuzzle::record::{OutcomeName, Record, SolutionRecord, StatsRecord};
use npuzzle::{Board, Move, Report, Shape};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::OrRaise;
use crate::solvers::GoalSolver;

/// The result of one solve: how it ended, the moves when solved, what it cost.
///
/// `outcome` is `"solved"`, `"unsolvable"` (parity proves the goal cannot be
/// reached) or `"budget"` (a limit ran out first; `budget` says which).
/// `moves` name the direction the blank moves (`u d l r`); `path()` gives
/// the boards along the way; `to_dict()` is `npuzzle solve --json`'s record.
/// Solutions pickle (as their record), so Dask tasks can return them.
#[pyclass(module = "npuzzle", frozen)]
pub struct Solution {
    board: Board,
    origin: Origin,
}

enum Origin {
    /// Straight from a search.
    Search { solver: Arc<GoalSolver>, report: Report },
    /// Rebuilt from its record (unpickled).
    Stored(Box<SolutionRecord>),
}

impl Solution {
    /// Wraps a report of `solver` on `board`.
    pub fn new(board: Board, solver: &Arc<GoalSolver>, report: Report) -> Solution {
        Solution {
            board,
            origin: Origin::Search {
                solver: Arc::clone(solver),
                report,
            },
        }
    }

    /// The record `npuzzle solve --json` prints for this result.
    fn record(&self) -> Cow<'_, SolutionRecord> {
        match &self.origin {
            Origin::Search { solver, report } => {
                Cow::Owned(SolutionRecord::new(&self.board, &solver.goal, &solver.solver, report))
            }
            Origin::Stored(record) => Cow::Borrowed(record),
        }
    }

    /// The optimal moves, when solved.
    fn solution(&self) -> Option<Cow<'_, [Move]>> {
        match &self.origin {
            Origin::Search { report, .. } => report.outcome.solution().map(|s| Cow::Borrowed(s.moves())),
            // The record was written from a replayed solution.
            Origin::Stored(record) => record
                .moves
                .as_deref()
                .map(|m| Cow::Owned(Move::parse_list(m).unwrap_or_default())),
        }
    }

    fn outcome_name(&self) -> OutcomeName {
        match &self.origin {
            Origin::Search { report, .. } => OutcomeName::of(&report.outcome),
            Origin::Stored(record) => record.outcome,
        }
    }

    /// The tiles of every board along the solution, start and goal
    /// included: `(length + 1) * cells` bytes, row-major.
    fn path_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let Some(moves) = self.solution() else {
            return Err(PyValueError::new_err(format!(
                "no path: the outcome is {}",
                self.outcome_name()
            )));
        };
        let mut board = self.board.clone();
        let mut bytes = Vec::with_capacity((moves.len() + 1) * board.tiles().len());
        bytes.extend_from_slice(board.tiles());
        for &mv in moves.iter() {
            // The solver replayed these moves before returning them.
            board.try_apply(mv);
            bytes.extend_from_slice(board.tiles());
        }
        Ok(PyBytes::new(py, &bytes))
    }
}

/// Parses JSON text with Python's `json` module.
pub fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// What `__reduce__` returns: the function that rebuilds a solution, and its arguments.
type Reduced<'py> = (Bound<'py, PyAny>, (String, (usize, usize)));

/// A solution from its record and board size: what unpickling calls.
#[pyfunction]
pub fn _solution_from_json(text: &str, size: (usize, usize)) -> PyResult<Solution> {
    let shape = Shape::new(size.0, size.1).or_raise()?;
    let record = match serde_json::from_str::<Record>(text) {
        Ok(Record::Solution(record)) => record,
        Ok(_) => return Err(PyValueError::new_err("not a solution record")),
        Err(e) => return Err(PyValueError::new_err(format!("not a solution record: {e}"))),
    };
    let board = Board::parse(&record.board, Some(shape)).or_raise()?;
    Ok(Solution {
        board,
        origin: Origin::Stored(Box::new(record)),
    })
}

#[pymethods]
impl Solution {
    /// `"solved"`, `"unsolvable"` or `"budget"`.
    #[getter]
    fn outcome(&self) -> &'static str {
        self.outcome_name().as_str()
    }

    /// The optimal moves (`u d l r`, the direction the blank moves), or None when not solved.
    #[getter]
    fn moves(&self) -> Option<String> {
        self.solution().map(|m| Move::format_list(&m))
    }

    /// The number of moves, or None when not solved.
    #[getter]
    fn length(&self) -> Option<usize> {
        self.solution().map(|m| m.len())
    }

    /// The length in the multi-tile metric (a run of moves in one direction
    /// counts one), or None when not solved.
    #[getter]
    fn mtm_length(&self) -> Option<usize> {
        self.solution().map(|m| npuzzle::Metric::Mtm.length(&m))
    }

    /// `"stm"` or `"mtm"`: the metric the solution is shortest in.
    #[getter]
    fn metric(&self) -> &'static str {
        self.record().metric.unwrap_or_default().name()
    }

    /// Which limit ran out (`"node limit"`, `"time limit"`, `"memory limit"`), or None.
    #[getter]
    fn budget(&self) -> Option<String> {
        self.record().budget.clone()
    }

    /// Whether the outcome is `"solved"`.
    #[getter]
    fn solved(&self) -> bool {
        self.outcome_name() == OutcomeName::Solved
    }

    /// The board, as text (blank `x`).
    #[getter]
    fn board(&self) -> String {
        self.board.to_string()
    }

    /// The goal, as text (blank `x`).
    #[getter]
    fn goal(&self) -> String {
        match &self.origin {
            Origin::Search { solver, .. } => solver.goal.to_string(),
            Origin::Stored(record) => record.goal.clone(),
        }
    }

    /// `(width, height)` of the board.
    #[getter]
    fn size(&self) -> (usize, usize) {
        (self.board.shape().width(), self.board.shape().height())
    }

    /// The algorithm that ran (what `"auto"` chose).
    #[getter]
    fn algorithm(&self) -> String {
        self.record().algorithm.clone()
    }

    /// The heuristic the search read, or None for the uninformed searches.
    #[getter]
    fn heuristic(&self) -> Option<String> {
        self.record().heuristic.clone()
    }

    /// The partition of the pattern databases read (e.g. `"7-8"`), or None.
    #[getter]
    fn partition(&self) -> Option<String> {
        self.record().partition.clone()
    }

    /// What the search cost: nodes, memory, time, IDA* iterations.
    #[getter]
    fn stats(&self) -> Stats {
        Stats::from(&self.record().stats)
    }

    /// The boards along the solution, start and goal included, as one numpy
    /// array of shape `(length + 1, height, width)` (0 = blank): `path()[i]`
    /// is the board after `i` moves. A `ValueError` when not solved.
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bytes = self.path_bytes(py)?;
        let shape = self.board.shape();
        let np = py.import("numpy")?;
        let flat = np.call_method1("frombuffer", (bytes, np.getattr("uint8")?))?;
        let steps = flat.len()? / shape.cells();
        flat.call_method1("reshape", (steps, shape.height(), shape.width()))?
            .call_method0("copy")
    }

    /// The record `npuzzle solve --json` prints, as a dict:
    /// `{"type": "solution", "data": {...}}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.to_json()?)
    }

    /// The record as one line of JSON, exactly as `npuzzle solve --json` prints it.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&Record::Solution(self.record().into_owned()))
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Pickles as the record and the board size.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let rebuild = py.import("npuzzle._native")?.getattr("_solution_from_json")?;
        Ok((rebuild, (self.to_json()?, self.size())))
    }

    /// Equal when the records are: the same board, goal, answer and costs
    /// (a pickled solution equals the one it was pickled from).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Solution>() {
            Ok(other) => Ok(self.board == other.get().board && *self.record() == *other.get().record()),
            Err(_) => Ok(false),
        }
    }

    fn __hash__(&self) -> PyResult<isize> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.to_json()?.hash(&mut h);
        Ok(h.finish() as isize)
    }

    fn __repr__(&self) -> String {
        match (self.outcome_name(), self.solution()) {
            (OutcomeName::Solved, Some(moves)) => format!(
                "Solution(board='{}', outcome='solved', length={}, moves='{}')",
                self.board,
                moves.len(),
                Move::format_list(&moves)
            ),
            (OutcomeName::Budget, _) => format!(
                "Solution(board='{}', outcome='budget', budget='{}')",
                self.board,
                self.record().budget.as_deref().unwrap_or("unknown")
            ),
            (other, _) => format!("Solution(board='{}', outcome='{other}')", self.board),
        }
    }

    /// A notebook's picture: the board, and the solution played on it
    /// (an animated SVG) when it is short enough to watch.
    fn _repr_html_(&self) -> PyResult<String> {
        let goal = npuzzle::Goal::parse(&self.goal(), self.board.shape()).or_raise()?;
        let moves = self.solution();
        let caption = match (&moves, self.outcome_name()) {
            (Some(m), _) => format!("solved in {} moves of the blank: {}", m.len(), Move::format_list(m)),
            (None, OutcomeName::Budget) => format!(
                "not solved: the {} ran out",
                self.record().budget.as_deref().unwrap_or("budget")
            ),
            (None, other) => other.to_string(),
        };
        let animated = moves.as_deref().filter(|m| m.len() <= MAX_ANIMATED_MOVES);
        Ok(figure(&self.board, &goal, animated, &caption))
    }

    /// A notebook's picture as SVG alone: the board, and the solution
    /// played on it when it is short enough to watch (None past
    /// 400 cells).
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        let goal = npuzzle::Goal::parse(&self.goal(), self.board.shape()).or_raise()?;
        let moves = self.solution();
        let animated = moves.as_deref().filter(|m| m.len() <= MAX_ANIMATED_MOVES);
        Ok(svg(&self.board, &goal, animated))
    }
}

/// The longest solution a notebook's picture plays.
const MAX_ANIMATED_MOVES: usize = 500;

/// The largest board a notebook's picture draws (past it, the caption alone).
const MAX_DRAWN_CELLS: usize = 400;

/// An HTML figure: the board as SVG (the solution played on it when
/// `moves` is given) above `caption`.
pub fn figure(board: &Board, goal: &npuzzle::Goal, moves: Option<&[Move]>, caption: &str) -> String {
    let svg = svg(board, goal, moves).unwrap_or_default();
    let caption: String = caption
        .chars()
        .map(|c| match c {
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '&' => "&amp;".to_string(),
            c => c.to_string(),
        })
        .collect();
    format!("<figure style=\"display:inline-block;margin:0\">{svg}<figcaption>{caption}</figcaption></figure>")
}

/// A notebook's SVG of `board` (tiles coloured by goal row), `moves`
/// played on it when given; None past [`MAX_DRAWN_CELLS`].
pub fn svg(board: &Board, goal: &npuzzle::Goal, moves: Option<&[Move]>) -> Option<String> {
    use npuzzle_service::render::{board_svg, solution_svg, Scheme};
    if board.shape().cells() > MAX_DRAWN_CELLS {
        return None;
    }
    Some(match moves {
        // The moves were replayed by the solver, so the animation cannot fail.
        Some(moves) => solution_svg(board, goal, Scheme::Rows, moves).unwrap_or_default(),
        None => board_svg(board, goal, Scheme::Rows),
    })
}

/// A list of strings as Python prints it: `['u', 'r']`.
pub fn py_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("'{s}'")).collect();
    format!("[{}]", quoted.join(", "))
}

/// What a search cost (node counts for the searches, `moves_made` for the
/// constructive `greedy` solver; the others are `None`).
#[pyclass(module = "npuzzle", frozen, get_all)]
pub struct Stats {
    /// States expanded.
    expanded: Option<u64>,
    /// Successors generated.
    generated: Option<u64>,
    /// Most states held at once.
    peak_states: Option<u64>,
    /// Moves the constructive solver made, before any improvement.
    moves_made: Option<u64>,
    /// Bytes the search's structures held at their largest (estimate).
    peak_bytes: u64,
    /// Wall time of the search in milliseconds.
    millis: f64,
    /// IDA*: `(bound, expanded)` per iteration; `None` when no iteration
    /// ran (the other searches, `greedy`, boards unsolvable by parity).
    iterations: Option<Vec<(u32, u64)>>,
}

impl From<&StatsRecord> for Stats {
    fn from(s: &StatsRecord) -> Stats {
        Stats {
            expanded: s.expanded,
            generated: s.generated,
            peak_states: s.peak_states,
            moves_made: s.moves_made,
            peak_bytes: s.peak_bytes,
            millis: s.millis,
            iterations: s
                .iterations
                .as_ref()
                .map(|its| its.iter().map(|i| (i.bound, i.expanded)).collect()),
        }
    }
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        format!(
            "Stats(expanded={}, generated={}, peak_states={}, moves_made={}, peak_bytes={}, millis={})",
            py_opt(self.expanded),
            py_opt(self.generated),
            py_opt(self.peak_states),
            py_opt(self.moves_made),
            self.peak_bytes,
            self.millis
        )
    }
}

/// A count as Python prints it: the number, or `None`.
fn py_opt(n: Option<u64>) -> String {
    n.map_or_else(|| "None".to_string(), |n| n.to_string())
}
