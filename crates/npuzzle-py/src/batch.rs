//! `npuzzle batch`'s rows for a file's worth of boards: what
//! `npuzzle.dask.solve_files` writes, one partition at a time.

use std::collections::HashMap;
use std::sync::Arc;

use npuzzle::parse::{read_boards, BoardInput};
use npuzzle::record::{Record, ResultRecord};
use npuzzle::{Board, Shape};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;

use crate::errors::{raise, Class};
use crate::input::{self, GoalArg, SearchArgs, SizeArg};
use crate::solve::{all_cores, run_interruptible};
use crate::solvers::{GoalSolver, SharedSolvers};

/// Solves the boards in `text` (`npuzzle batch`'s input format) and returns
/// their rows as JSON Lines, in input order. See `npuzzle.solve_batch`.
#[pyfunction]
pub fn solve_batch<'py>(
    py: Python<'py>,
    text: &[u8],
    size: Option<SizeArg>,
    options: SearchArgs,
) -> PyResult<Bound<'py, PyBytes>> {
    let shape = input::shape(size)?;
    let threads = options.threads.unwrap_or_else(all_cores).max(1);
    // As `npuzzle batch`: the memory budget is the whole batch's, shared by its workers.
    let solvers = SharedSolvers::get_or_create(options.key(1, threads as u64)?);
    let goal = &options.goal;
    let inputs = read_boards(text, shape).boards;
    // Resolve the solvers (and any databases) up front, with the GIL held.
    let mut by_shape: HashMap<Shape, Option<Arc<GoalSolver>>> = HashMap::new();
    for input in &inputs {
        if let Some(board) = input.text.as_ref().ok().and_then(|t| Board::parse(t, shape).ok()) {
            if let std::collections::hash_map::Entry::Vacant(slot) = by_shape.entry(board.shape()) {
                let solver = match input::goal(goal.as_ref(), board.shape(), shape.is_some()) {
                    Ok(goal) => Some(solvers.get(&goal)?),
                    Err(_) => None,
                };
                slot.insert(solver);
            }
        }
    }
    let rows = run_interruptible(py, threads, |stop| {
        inputs
            .par_iter()
            .enumerate()
            .with_min_len(64)
            .map(|(i, input)| (!stop.is_cancelled()).then(|| row(input, i + 1, shape, goal.as_ref(), &by_shape)))
            .collect::<Vec<Option<ResultRecord>>>()
    })?;
    let mut out = Vec::new();
    for row in rows.into_iter().flatten() {
        serde_json::to_writer(&mut out, &Record::Result(row)).map_err(|e| raise(Class::Other, e.to_string()))?;
        out.push(b'\n');
    }
    Ok(PyBytes::new(py, &out))
}

/// The row of one board, the `instance`-th of the text, as `npuzzle batch` writes it.
fn row(
    input: &BoardInput,
    instance: usize,
    shape: Option<Shape>,
    goal: Option<&GoalArg>,
    solvers: &HashMap<Shape, Option<Arc<GoalSolver>>>,
) -> ResultRecord {
    ResultRecord::for_input(input, instance, |text| {
        let board = Board::parse(text, shape).map_err(|e| e.to_string())?;
        let Some(Some(solver)) = solvers.get(&board.shape()) else {
            return Err(match input::goal(goal, board.shape(), shape.is_some()) {
                Err(e) => e.to_string(),
                Ok(_) => "no solver for this board".to_string(),
            });
        };
        let report = solver
            .solver
            .solve(&board, &solver.goal)
            .map_err(|e| e.full_message())?;
        Ok((board, &solver.goal, &*solver.solver, report))
    })
}
