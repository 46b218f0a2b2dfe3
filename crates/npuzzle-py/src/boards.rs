//! Boards without a search: parity, random boards, the distance distribution.

use npuzzle::random::random_solvable;
use npuzzle::search::table::TableCache;
use npuzzle::Budget;
use npuzzle_service::exhaustive::{boards_at_distance, distribution};
use npuzzle_service::options::parse_metric;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rand::SeedableRng;

use crate::errors::{raise, Class, OrRaise};
use crate::input::{self, BoardArg, GoalArg, SizeArg};

/// Whether `board` can reach the goal (permutation parity). See `npuzzle.is_solvable`.
#[pyfunction]
#[pyo3(signature = (board, size, goal))]
pub fn is_solvable(board: BoardArg, size: Option<SizeArg>, goal: Option<GoalArg>) -> PyResult<bool> {
    let size = input::shape(size)?;
    let board = board.board(size).or_raise()?;
    let goal = input::goal(goal.as_ref(), board.shape(), size.is_some()).or_raise()?;
    Ok(npuzzle::parity::is_solvable(&board, &goal))
}

/// `count` random solvable boards of `size` as `count * cells` bytes, the
/// same boards `npuzzle random --seed S` prints for the same seed; at a
/// distance in `metric`, through the service's `boards_at_distance`. See
/// `npuzzle.random_boards`.
#[pyfunction]
#[pyo3(signature = (size, count, seed, goal, distance, distinct, metric))]
#[allow(clippy::too_many_arguments)]
pub fn random_boards<'py>(
    py: Python<'py>,
    size: SizeArg,
    count: usize,
    seed: Option<u64>,
    goal: Option<GoalArg>,
    distance: Option<u32>,
    distinct: bool,
    metric: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let shape = size.shape()?;
    let goal = input::goal(goal.as_ref(), shape, true).or_raise()?;
    let metric = parse_metric(Some(metric)).or_raise()?;
    let mut rng = match seed {
        Some(seed) => rand_chacha::ChaCha8Rng::seed_from_u64(seed),
        None => rand_chacha::ChaCha8Rng::from_os_rng(),
    };
    let bytes = py.detach(|| -> Result<Vec<u8>, npuzzle_service::Error> {
        let boards = match distance {
            Some(_) if count == 0 => Vec::new(),
            Some(d) => boards_at_distance(
                &goal,
                metric,
                d,
                count,
                distinct,
                &mut rng,
                &TableCache::default(),
                Budget::default(),
            )?,
            None => (0..count).map(|_| random_solvable(&goal, &mut rng)).collect(),
        };
        Ok(boards.iter().flat_map(|b| b.tiles().iter().copied()).collect())
    });
    // No board that far, or a board too big for it, is the distance or size asked for.
    let bytes = bytes.map_err(|e| match e {
        e @ (npuzzle_service::Error::TooFar { .. } | npuzzle_service::Error::TooBig { .. }) => {
            raise(Class::Option, e.to_string())
        }
        e => crate::errors::service_to_py(e),
    })?;
    Ok(PyBytes::new(py, &bytes))
}

/// How many boards lie at each distance from the goal in `metric` (`stm`
/// or `mtm`; index = distance). See `npuzzle.distance_counts`.
#[pyfunction]
#[pyo3(signature = (size, goal, metric))]
pub fn distance_counts(py: Python<'_>, size: SizeArg, goal: Option<GoalArg>, metric: &str) -> PyResult<Vec<u64>> {
    let shape = size.shape()?;
    let goal = input::goal(goal.as_ref(), shape, true).or_raise()?;
    let metric = parse_metric(Some(metric)).or_raise()?;
    // No table outlives the call: Python keeps the counts it wants.
    let record = py
        .detach(|| distribution(&goal, metric, &TableCache::default(), Budget::default()))
        .or_raise()?;
    Ok(record.counts)
}
