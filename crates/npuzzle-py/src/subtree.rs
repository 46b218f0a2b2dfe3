//! The pieces of `npuzzle.dask.solve_hard`: an IDA* iteration cut into
//! subtrees (on the client), subtrees searched (on the workers, each
//! process keeping its solvers and memory-mapped databases between tasks),
//! and the answer as a `Solution`. The library's
//! [`subtree`](npuzzle::search::subtree) module does the work; results
//! travel between processes as plain tuples.

use std::time::Duration;

use npuzzle::search::subtree::{self, Subtree, SubtreeResult};
use npuzzle::{Algorithm, Board, Budget, BudgetKind, Cancel, Move, Outcome, Report, Solution as Moves, Stats};
use pyo3::prelude::*;

use crate::errors::OrRaise;
use crate::input::{self, BoardArg, SearchArgs, SizeArg};
use crate::record::Solution;
use crate::solvers::{GoalSolver, Key, SharedSolvers};

/// A subtree's result: `(moves of the solution or None, next bound or None,
/// expanded, generated, budget that stopped it or None)`.
type ResultTuple = (Option<String>, Option<u32>, u64, u64, Option<String>);

/// An iteration's sum: `(moves of the solution or None, next bound or None,
/// expanded, generated, budget that stopped it or None)`.
type IterationTuple = ResultTuple;

/// The budgets a subtree result may name.
const STOPS: [BudgetKind; 4] = [
    BudgetKind::Nodes,
    BudgetKind::Time,
    BudgetKind::Memory,
    BudgetKind::Cancelled,
];

/// One IDA* iteration cut into subtrees: see `npuzzle.dask.solve_hard`.
#[pyclass(module = "npuzzle", frozen)]
pub struct Frontier {
    inner: subtree::Frontier,
}

#[pymethods]
impl Frontier {
    /// The iteration's bound.
    #[getter]
    fn bound(&self) -> u32 {
        self.inner.bound
    }

    /// The depth of the cut, in moves.
    #[getter]
    fn depth(&self) -> u32 {
        self.inner.depth
    }

    /// The subtrees, as the moves from the board to each (`u d l r`), in order.
    #[getter]
    fn subtrees(&self) -> Vec<String> {
        self.inner
            .subtrees
            .iter()
            .map(|s| Move::format_list(&s.moves))
            .collect()
    }

    /// Adds up the subtrees' results (tuples as `_search_subtrees` gives
    /// them), in subtree order: all of them, or all up to the first solution.
    fn combine(&self, results: Vec<ResultTuple>) -> PyResult<IterationTuple> {
        let results = results.into_iter().map(from_tuple).collect::<PyResult<Vec<_>>>()?;
        let it = self.inner.combine(&results).or_raise()?;
        Ok((
            it.solution.map(|s| s.to_string()),
            it.next_bound,
            it.expanded,
            it.generated,
            it.stopped.map(|k| k.to_string()),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Frontier(bound={}, depth={}, subtrees={})",
            self.inner.bound,
            self.inner.depth,
            self.inner.subtrees.len()
        )
    }
}

fn from_tuple((moves, next_bound, expanded, generated, stopped): ResultTuple) -> PyResult<SubtreeResult> {
    let mut r = SubtreeResult::default();
    r.solution = moves
        .map(|m| Move::parse_list(&m).map(Moves::new))
        .transpose()
        .or_raise()?;
    r.next_bound = next_bound;
    r.expanded = expanded;
    r.generated = generated;
    r.stopped = stopped.and_then(|name| STOPS.into_iter().find(|k| k.to_string() == name));
    Ok(r)
}

/// The board and the shared solver for it.
fn board_and_solver(
    board: &BoardArg,
    size: Option<SizeArg>,
    options: &SearchArgs,
) -> PyResult<(Board, std::sync::Arc<GoalSolver>)> {
    let size = input::shape(size)?;
    let board = board.board(size).or_raise()?;
    let goal = input::goal(options.goal.as_ref(), board.shape(), size.is_some()).or_raise()?;
    // Budgets are per call, not part of the key: every task of a solve (and
    // of later solves) finds the solver, and its databases, of the first.
    let key = Key::new(
        &options.algorithm,
        &options.heuristic,
        Budget::default(),
        1,
        options.pdb_dir.clone(),
    )?;
    let solver = SharedSolvers::get_or_create(key).get(&goal)?;
    Ok((board, solver))
}

/// Cuts the iteration under `bound` (None: the first) into at least
/// `subtrees` subtrees. See `npuzzle.dask.solve_hard`.
#[pyfunction]
pub fn split_iteration(
    py: Python<'_>,
    board: BoardArg,
    size: Option<SizeArg>,
    options: SearchArgs,
    bound: Option<u32>,
    subtrees: usize,
) -> PyResult<Frontier> {
    let (board, s) = board_and_solver(&board, size, &options)?;
    let inner = py
        .detach(|| s.solver.split_iteration(&board, &s.goal, bound, subtrees))
        .or_raise()?;
    Ok(Frontier { inner })
}

/// Searches the subtrees below each move list under `bound`, in order,
/// stopping after the first solution; one result tuple per subtree searched.
#[pyfunction]
pub fn search_subtrees(
    py: Python<'_>,
    board: BoardArg,
    size: Option<SizeArg>,
    options: SearchArgs,
    bound: u32,
    subtrees: Vec<String>,
) -> PyResult<Vec<ResultTuple>> {
    let (board, s) = board_and_solver(&board, size, &options)?;
    let subtrees = subtrees
        .iter()
        .map(|m| Move::parse_list(m).map(Subtree::new))
        .collect::<Result<Vec<_>, _>>()
        .or_raise()?;
    let budget = input::budget(options.timeout, options.max_nodes, None)?;
    let results = py
        .detach(|| {
            s.solver
                .search_subtrees(&board, &s.goal, bound, &subtrees, budget, &Cancel::new())
        })
        .or_raise()?;
    Ok(results
        .into_iter()
        .map(|r| {
            (
                r.solution.map(|s| s.to_string()),
                r.next_bound,
                r.expanded,
                r.generated,
                r.stopped.map(|k| k.to_string()),
            )
        })
        .collect())
}

/// The `Solution` of a search run in pieces: solved with `moves` (replayed
/// here), or stopped by the budget named `stopped`.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the facts of the record, passed as they are
pub fn hard_solution(
    board: BoardArg,
    size: Option<SizeArg>,
    options: SearchArgs,
    moves: Option<String>,
    stopped: Option<String>,
    iterations: Vec<(u32, u64)>,
    generated: u64,
    seconds: f64,
) -> PyResult<Solution> {
    let (board, s) = board_and_solver(&board, size, &options)?;
    let mut stats = Stats::default();
    stats.expanded = iterations.iter().map(|i| i.1).sum();
    stats.generated = generated;
    stats.elapsed = Duration::try_from_secs_f64(seconds).unwrap_or_default();
    stats.peak_states = iterations.last().map_or(0, |i| u64::from(i.0) + 1);
    stats.iterations = iterations;
    let outcome = match (moves, stopped) {
        (Some(moves), _) => {
            let moves = Move::parse_list(&moves).or_raise()?;
            let reached = board.replay(&moves).or_raise()?;
            if !s.goal.is_reached_by(&reached) {
                return Err(npuzzle::Error::Internal(
                    npuzzle::error::InternalError::ReplayMismatch {
                        algorithm: "idastar subtrees",
                    },
                ))
                .or_raise();
            }
            Outcome::Solved(Moves::new(moves))
        }
        (None, stopped) => Outcome::BudgetReached(
            stopped
                .and_then(|name| STOPS.into_iter().find(|k| k.to_string() == name))
                .unwrap_or(BudgetKind::Cancelled),
        ),
    };
    Ok(Solution::new(
        board,
        &s,
        Report::new(outcome, stats, Algorithm::IdaStar),
    ))
}
