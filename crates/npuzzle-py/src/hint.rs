//! `hint` (a board's distance and the distance after each blank move) and
//! the optimal solutions of a board, counted or listed.

use npuzzle::record::{HintRecord, Record};
use npuzzle::Completion;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::OrRaise;
use crate::input::{self, BoardArg, SearchArgs, SizeArg};
use crate::record::{json_loads, Stats};
use crate::solve::all_cores;
use crate::solvers::{GoalSolver, SharedSolvers};

/// A board's optimal distance and the distance after each legal move of the
/// blank; the optimal moves are those one closer. `to_dict()` is
/// `npuzzle hint --json`'s record.
#[pyclass(module = "npuzzle", frozen)]
pub struct Hint {
    record: HintRecord,
    board: npuzzle::Board,
    goal: npuzzle::Goal,
}

#[pymethods]
impl Hint {
    /// The board's optimal distance to the goal, or None (unsolvable, or a budget ran out).
    #[getter]
    fn distance(&self) -> Option<u32> {
        self.record.distance
    }

    /// Each legal blank move (`u d l r` order) and the distance after it (None when unknown).
    #[getter]
    fn moves(&self) -> Vec<(String, Option<u32>)> {
        self.record.moves.iter().map(|m| (m.mv.clone(), m.distance)).collect()
    }

    /// The moves known to be optimal, as a list of `u d l r` letters (empty
    /// when none is); in the multi-tile metric each slide's letters (`"uu"`).
    #[getter]
    fn optimal(&self) -> Vec<String> {
        match self.record.metric {
            Some(npuzzle::Metric::Mtm) => self.record.optimal.split_whitespace().map(String::from).collect(),
            _ => self.record.optimal.chars().map(String::from).collect(),
        }
    }

    /// `"stm"` or `"mtm"`: the metric the distances are counted in.
    #[getter]
    fn metric(&self) -> &'static str {
        self.record.metric.unwrap_or_default().name()
    }

    /// `"solved"` (every distance known), `"unsolvable"` or `"budget"`.
    #[getter]
    fn outcome(&self) -> &'static str {
        self.record.outcome.as_str()
    }

    /// Which limit ran out, or None.
    #[getter]
    fn budget(&self) -> Option<String> {
        self.record.budget.clone()
    }

    /// What answered: `"table"`, or the search that solved the board.
    #[getter]
    fn algorithm(&self) -> String {
        self.record.algorithm.clone()
    }

    /// What the hint cost.
    #[getter]
    fn stats(&self) -> Stats {
        Stats::from(&self.record.stats)
    }

    /// The record `npuzzle hint --json` prints, as a dict: `{"type": "hint", "data": {...}}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.to_json()?)
    }

    /// The record as one line of JSON.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&Record::Hint(self.record.clone())).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        format!(
            "Hint(board='{}', distance={}, optimal={})",
            self.record.board,
            self.record
                .distance
                .map_or_else(|| "None".to_string(), |d| d.to_string()),
            crate::record::py_list(&self.optimal())
        )
    }

    /// A notebook's picture: the board, its distance and the optimal moves.
    fn _repr_html_(&self) -> String {
        let caption = match self.record.distance {
            Some(d) => format!(
                "{d} {}moves from the goal; optimal moves of the blank: {}",
                if self.record.metric.is_some() {
                    "multi-tile "
                } else {
                    ""
                },
                self.record.optimal
            ),
            None => format!("distance unknown ({})", self.record.outcome.as_str()),
        };
        crate::record::figure(&self.board, &self.goal, None, &caption)
    }

    /// A notebook's picture as SVG alone: the board (None past 400 cells).
    fn _repr_svg_(&self) -> Option<String> {
        crate::record::svg(&self.board, &self.goal, None)
    }
}

/// The board, its goal and the solver for them.
pub fn prepare(
    board: &BoardArg,
    size: Option<SizeArg>,
    options: &SearchArgs,
) -> PyResult<(npuzzle::Board, std::sync::Arc<GoalSolver>)> {
    let size = input::shape(size)?;
    let board = board.board(size).or_raise()?;
    let goal = input::goal(options.goal.as_ref(), board.shape(), size.is_some()).or_raise()?;
    let key = options.key(options.threads.unwrap_or_else(all_cores), 1)?;
    Ok((board, SharedSolvers::get_or_create(key).get(&goal)?))
}

/// See `npuzzle.hint`.
#[pyfunction]
pub fn hint(py: Python<'_>, board: BoardArg, size: Option<SizeArg>, options: SearchArgs) -> PyResult<Hint> {
    let (board, s) = prepare(&board, size, &options)?;
    let hint = py.detach(|| s.solver.hint(&board, &s.goal)).or_raise()?;
    Ok(Hint {
        record: HintRecord::new(&board, &s.goal, &s.solver, &hint),
        board,
        goal: s.goal.clone(),
    })
}

/// The first `limit` optimal solutions in `u d l r` order, and whether that
/// is all of them. See `npuzzle.optimal_solutions`.
#[pyfunction]
pub fn optimal_solutions(
    py: Python<'_>,
    board: BoardArg,
    size: Option<SizeArg>,
    limit: usize,
    options: SearchArgs,
) -> PyResult<(Vec<String>, bool)> {
    let (board, s) = prepare(&board, size, &options)?;
    let listed = py
        .detach(|| s.solver.list_solutions(&board, &s.goal, limit))
        .or_raise()?;
    let complete = listed.count.is_some() || matches!(listed.completion, Completion::Unsolvable);
    Ok((listed.solutions.iter().map(ToString::to_string).collect(), complete))
}
