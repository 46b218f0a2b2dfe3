//! `Solution` and `Stats`: a solve's outcome as Python objects, and as the
//! CLI's JSON record (`to_dict()`).

use std::sync::Arc;

use npuzzle::record::{millis, OutcomeName, Record, SolutionRecord};
use npuzzle::{Board, Outcome, Report};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::solvers::GoalSolver;

/// The result of one solve: how it ended, the moves when solved, what it cost.
///
/// `outcome` is `"solved"`, `"unsolvable"` (parity proves the goal cannot be
/// reached) or `"budget"` (a limit ran out first; `budget` says which).
/// `moves` name the direction the blank moves (`u d l r`); `path()` gives
/// the boards along the way; `to_dict()` is `npuzzle solve --json`'s record.
#[pyclass(module = "npuzzle", frozen)]
pub struct Solution {
    board: Board,
    solver: Arc<GoalSolver>,
    report: Report,
}

impl Solution {
    /// Wraps a report of `solver` on `board`.
    pub fn new(board: Board, solver: &Arc<GoalSolver>, report: Report) -> Solution {
        Solution {
            board,
            solver: Arc::clone(solver),
            report,
        }
    }

    /// The record `npuzzle solve --json` prints for this result.
    fn record(&self) -> SolutionRecord {
        SolutionRecord::new(&self.board, &self.solver.goal, &self.solver.solver, &self.report)
    }

    /// The tiles of every board along the solution, start and goal
    /// included: `(length + 1) * cells` bytes, row-major.
    fn path_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let Some(solution) = self.report.outcome.solution() else {
            return Err(PyValueError::new_err(format!(
                "no path: the outcome is {}",
                OutcomeName::of(&self.report.outcome)
            )));
        };
        let mut board = self.board.clone();
        let mut bytes = Vec::with_capacity((solution.len() + 1) * board.tiles().len());
        bytes.extend_from_slice(board.tiles());
        for &mv in solution.moves() {
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

#[pymethods]
impl Solution {
    /// `"solved"`, `"unsolvable"` or `"budget"`.
    #[getter]
    fn outcome(&self) -> &'static str {
        OutcomeName::of(&self.report.outcome).as_str()
    }

    /// The optimal moves (`u d l r`, the direction the blank moves), or None when not solved.
    #[getter]
    fn moves(&self) -> Option<String> {
        self.report.outcome.solution().map(ToString::to_string)
    }

    /// The number of moves, or None when not solved.
    #[getter]
    fn length(&self) -> Option<usize> {
        self.report.outcome.solution().map(npuzzle::Solution::len)
    }

    /// Which limit ran out (`"node limit"`, `"time limit"`, `"memory limit"`), or None.
    #[getter]
    fn budget(&self) -> Option<String> {
        match &self.report.outcome {
            Outcome::BudgetReached(kind) => Some(kind.to_string()),
            _ => None,
        }
    }

    /// Whether the outcome is `"solved"`.
    #[getter]
    fn solved(&self) -> bool {
        self.report.outcome.solution().is_some()
    }

    /// The board, as text (blank `x`).
    #[getter]
    fn board(&self) -> String {
        self.board.to_string()
    }

    /// The goal, as text (blank `x`).
    #[getter]
    fn goal(&self) -> String {
        self.solver.goal.to_string()
    }

    /// `(width, height)` of the board.
    #[getter]
    fn size(&self) -> (usize, usize) {
        (self.board.shape().width(), self.board.shape().height())
    }

    /// The algorithm that ran (what `"auto"` chose).
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.report.algorithm.name()
    }

    /// The heuristic the search read, or None for the uninformed searches.
    #[getter]
    fn heuristic(&self) -> Option<String> {
        self.record().heuristic
    }

    /// The partition of the pattern databases read (e.g. `"7-8"`), or None.
    #[getter]
    fn partition(&self) -> Option<String> {
        self.record().partition
    }

    /// What the search cost: nodes, memory, time, IDA* iterations.
    #[getter]
    fn stats(&self) -> Stats {
        let s = &self.report.stats;
        Stats {
            expanded: s.expanded,
            generated: s.generated,
            peak_states: s.peak_states,
            peak_bytes: s.peak_bytes,
            millis: millis(s.elapsed),
            iterations: s.iterations.clone(),
        }
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
        serde_json::to_string(&Record::Solution(self.record())).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        match &self.report.outcome {
            Outcome::Solved(s) => format!(
                "Solution(board='{}', outcome='solved', length={}, moves='{}')",
                self.board,
                s.len(),
                s
            ),
            other => format!("Solution(board='{}', outcome='{}')", self.board, OutcomeName::of(other)),
        }
    }
}

/// What a search cost.
#[pyclass(module = "npuzzle", frozen, get_all)]
pub struct Stats {
    /// States expanded.
    expanded: u64,
    /// Successors generated.
    generated: u64,
    /// Most states held at once.
    peak_states: u64,
    /// Bytes the search's structures held at their largest (estimate).
    peak_bytes: u64,
    /// Wall time of the search in milliseconds.
    millis: f64,
    /// IDA*: `(bound, expanded)` per iteration.
    iterations: Vec<(u32, u64)>,
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        format!(
            "Stats(expanded={}, generated={}, peak_states={}, peak_bytes={}, millis={})",
            self.expanded, self.generated, self.peak_states, self.peak_bytes, self.millis
        )
    }
}
