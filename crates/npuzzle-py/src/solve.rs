//! `solve` (one board) and `solve_many` (many boards on all cores), the GIL
//! released, Ctrl-C honoured: the library's [`Cancel`] flag stops the
//! searches in progress at their next budget check.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};

use npuzzle_service::sync::lock;
use std::time::Duration;

use npuzzle::search::AUTO_TABLE_CELLS;
use npuzzle::{Board, Cancel, Error, Report, Shape};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::errors::{raise, to_py, Class, OrRaise};
use crate::input::{self, board_from_values, BoardArg, SearchArgs, SizeArg};
use crate::record::Solution;
use crate::solvers::{GoalSolver, SharedSolvers};

pub use npuzzle_service::sync::all_cores;

/// Solves one board. See `npuzzle.solve`.
#[pyfunction]
pub fn solve(py: Python<'_>, board: BoardArg, size: Option<SizeArg>, options: SearchArgs) -> PyResult<Solution> {
    let size = input::shape(size)?;
    let board = board.board(size).or_raise()?;
    let goal = input::goal(options.goal.as_ref(), board.shape(), size.is_some()).or_raise()?;
    let key = options.key(options.threads.unwrap_or_else(all_cores), 1)?;
    let solver = SharedSolvers::get_or_create(key).get(&goal)?;
    let report = if board.shape().cells() <= AUTO_TABLE_CELLS {
        // Answered in microseconds (or a table build of milliseconds):
        // a watcher thread would cost more than the search.
        py.detach(|| solver.solver.solve(&board, &solver.goal))
    } else {
        let budget = solver.solver.options().budget;
        run_interruptible(py, 1, |cancel| {
            solver.solver.solve_with(&board, &solver.goal, budget, cancel)
        })?
    };
    Ok(Solution::new(board, &solver, report.or_raise()?))
}

/// Solves boards given one by one (text or tile lists). See `npuzzle.solve_many`.
#[pyfunction]
pub fn solve_many(
    py: Python<'_>,
    boards: Vec<BoardArg>,
    size: Option<SizeArg>,
    options: SearchArgs,
) -> PyResult<Vec<Solution>> {
    let shape = input::shape(size)?;
    let boards = boards
        .iter()
        .enumerate()
        .map(|(i, b)| b.board(shape).map_err(|e| numbered(i, e)))
        .collect::<PyResult<Vec<Board>>>()?;
    solve_boards(py, boards, shape.is_some(), &options)
}

/// Solves `count` boards of `size` whose tiles are `data`, native-endian
/// 64-bit integers, row after row (a numpy array's bytes). See `npuzzle.solve_many`.
#[pyfunction]
pub fn solve_tiles(
    py: Python<'_>,
    data: &[u8],
    count: usize,
    size: Option<SizeArg>,
    options: SearchArgs,
) -> PyResult<Vec<Solution>> {
    const WORD: usize = std::mem::size_of::<i64>();
    let words = data.len() / WORD;
    if data.len() % WORD != 0 || (count > 0 && words % count != 0) {
        return Err(raise(
            Class::Board,
            format!("{} bytes do not make {count} boards of 64-bit tiles", data.len()),
        ));
    }
    let cells = words.checked_div(count).unwrap_or(0);
    let shape = input::shape(size)?;
    let boards = py.detach(|| {
        let mut row = Vec::with_capacity(cells);
        data.chunks_exact(WORD * cells.max(1))
            .take(count)
            .enumerate()
            .map(|(i, bytes)| {
                row.clear();
                row.extend(bytes.chunks_exact(WORD).map(|w| {
                    let mut word = [0u8; WORD];
                    word.copy_from_slice(w);
                    i64::from_ne_bytes(word)
                }));
                board_from_values(&row, shape).map_err(|e| (i, e))
            })
            .collect::<Result<Vec<Board>, (usize, Error)>>()
    });
    let boards = boards.map_err(|(i, e)| numbered(i, e))?;
    solve_boards(py, boards, shape.is_some(), &options)
}

/// A board's error, naming the board (0-based, as Python counts).
fn numbered(index: usize, error: Error) -> PyErr {
    let message = format!("board {index}: {error}");
    let err = to_py(error);
    Python::attach(|py| PyErr::from_type(err.get_type(py), message))
}

/// Solves `boards` on `options.threads` threads (default: all cores), one
/// search each, in input order.
fn solve_boards(py: Python<'_>, boards: Vec<Board>, size_given: bool, options: &SearchArgs) -> PyResult<Vec<Solution>> {
    let threads = options.threads.unwrap_or_else(all_cores).max(1);
    let solvers = SharedSolvers::get_or_create(options.key(1, 1)?);
    let goal = options.goal.as_ref();
    // One goal per board shape (boards given as text may differ in shape).
    let mut by_shape: HashMap<Shape, Arc<GoalSolver>> = HashMap::new();
    let mut jobs: Vec<(Board, Arc<GoalSolver>)> = Vec::with_capacity(boards.len());
    for board in boards {
        let shape = board.shape();
        let solver = match by_shape.get(&shape) {
            Some(s) => Arc::clone(s),
            None => {
                let goal = input::goal(goal, shape, size_given).or_raise()?;
                let s = solvers.get(&goal)?;
                by_shape.insert(shape, Arc::clone(&s));
                s
            }
        };
        jobs.push((board, solver));
    }
    let reports = run_interruptible(py, threads, |cancel| {
        jobs.par_iter()
            .with_min_len(64)
            .map(|(board, s)| {
                (!cancel.is_cancelled()).then(|| s.solver.solve_with(board, &s.goal, s.solver.options().budget, cancel))
            })
            .collect::<Vec<Option<Result<Report, Error>>>>()
    })?;
    jobs.into_iter()
        .zip(reports)
        .map(|((board, solver), report)| {
            // Only an interruption leaves a board unsolved, and that returned above.
            let report = report.ok_or_else(|| PyRuntimeError::new_err("a board was left unsolved"))?;
            Ok(Solution::new(board, &solver, report.or_raise()?))
        })
        .collect()
}

/// Runs `work` on a pool of `threads` threads with the GIL released, looking
/// for Ctrl-C (Python's signal handlers, which run on the main thread) every
/// 50 ms from this thread; on a signal, raises the [`Cancel`] flag `work`
/// hands to its searches (they stop at their next budget check, within
/// about a millisecond), waits for `work` to return, and raises what the
/// handler raised (`KeyboardInterrupt`).
pub fn run_interruptible<T: Send>(
    py: Python<'_>,
    threads: usize,
    work: impl FnOnce(&Cancel) -> T + Send,
) -> PyResult<T> {
    let pool = pool(threads)?;
    let stop = Cancel::new();
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let (stop, done) = (&stop, &done);
        let worker = scope.spawn(move || {
            let out = pool.install(|| work(stop));
            *lock(&done.0) = true;
            done.1.notify_all();
            out
        });
        loop {
            let finished = py.detach(|| {
                let guard = lock(&done.0);
                let (guard, _) = done
                    .1
                    .wait_timeout_while(guard, Duration::from_millis(50), |d| !*d)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                *guard
            });
            if finished {
                break;
            }
            if let Err(interrupt) = py.check_signals() {
                stop.cancel();
                let _ = py.detach(|| worker.join());
                return Err(interrupt);
            }
        }
        worker
            .join()
            .map_err(|_| PyRuntimeError::new_err("a solver thread panicked"))
    })
}

/// A pool of `threads` threads, kept for later calls.
fn pool(threads: usize) -> PyResult<Arc<rayon::ThreadPool>> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let mut pools = lock(&POOLS);
    if let Some((_, p)) = pools.iter().find(|(n, _)| *n == threads) {
        return Ok(Arc::clone(p));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("npuzzle-{i}"))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start {threads} threads: {e}")))?;
    let pool = Arc::new(pool);
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}
