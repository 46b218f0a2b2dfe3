//! `count_solutions`: how many optimal solutions a board has, as a
//! [`Count`] that says whether the number is exact and, when a budget
//! stopped the count, the lower bound the command line prints as "at least N".

use npuzzle::Completion;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::OrRaise;
use crate::hint::prepare;
use crate::input::{BoardArg, SearchArgs, SizeArg};

/// How many distinct optimal move sequences take a board to its goal.
///
/// `count` is the exact number (0 for an unsolvable board) or None when a
/// budget ran out first; `at_least` is then the lower bound found before it
/// ran out (None when the enumeration had not begun). A `Count` compares
/// equal to the int it is exactly, and converts with `int()` only then.
#[pyclass(module = "npuzzle", frozen)]
#[derive(PartialEq, Eq, Hash, Clone)]
pub struct Count {
    count: Option<u128>,
    at_least: Option<u128>,
    length: Option<u32>,
    outcome: &'static str,
    budget: Option<String>,
}

#[pymethods]
impl Count {
    /// The exact number of optimal solutions, or None when a budget ran out.
    #[getter]
    fn count(&self) -> Option<u128> {
        self.count
    }

    /// A lower bound when a budget stopped the count (None when exact, or
    /// when the count had not begun).
    #[getter]
    fn at_least(&self) -> Option<u128> {
        self.at_least
    }

    /// Whether `count` is the whole answer.
    #[getter]
    fn exact(&self) -> bool {
        self.count.is_some()
    }

    /// The optimal length, when known.
    #[getter]
    fn length(&self) -> Option<u32> {
        self.length
    }

    /// `"solved"` (counted), `"unsolvable"` or `"budget"`.
    #[getter]
    fn outcome(&self) -> &'static str {
        self.outcome
    }

    /// Which limit ran out (`"node limit"`, `"time limit"`, `"memory limit"`), or None.
    #[getter]
    fn budget(&self) -> Option<String> {
        self.budget.clone()
    }

    fn __int__(&self) -> PyResult<u128> {
        self.count.ok_or_else(|| {
            let bound = self.at_least.map_or_else(String::new, |n| format!(" (at least {n})"));
            PyValueError::new_err(format!(
                "the count is not exact: the {} ran out first{bound}",
                self.budget.as_deref().unwrap_or("budget")
            ))
        })
    }

    fn __index__(&self) -> PyResult<u128> {
        self.__int__()
    }

    /// Equal to an int when the count is exactly that int.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<Count>() {
            return self == other.get();
        }
        match (self.count, other.extract::<u128>()) {
            (Some(count), Ok(n)) => count == n,
            _ => false,
        }
    }

    /// An exact count hashes as its int does, so `{Count(3), 3}` is one item.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        match self.count {
            Some(n) => n.into_pyobject(py)?.hash(),
            None => {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                self.hash(&mut h);
                Ok(h.finish() as isize)
            }
        }
    }

    fn __repr__(&self) -> String {
        match (self.count, self.at_least, &self.budget) {
            (Some(n), ..) => format!("Count({n})"),
            (None, Some(n), Some(b)) => format!("Count(at_least={n}, budget='{b}')"),
            (None, None, Some(b)) => format!("Count(None, budget='{b}')"),
            (None, _, None) => "Count(None)".to_string(),
        }
    }
}

/// See `npuzzle.count_solutions`.
#[pyfunction]
pub fn count_solutions(py: Python<'_>, board: BoardArg, size: Option<SizeArg>, options: SearchArgs) -> PyResult<Count> {
    let (board, s) = prepare(&board, size, &options)?;
    let counted = py.detach(|| s.solver.count_solutions(&board, &s.goal)).or_raise()?;
    let (count, outcome, budget) = match counted.completion {
        Completion::Unsolvable => (Some(0), "unsolvable", None),
        Completion::BudgetReached(kind) => (None, "budget", Some(kind.to_string())),
        _ => (counted.count, "solved", None),
    };
    Ok(Count {
        count,
        at_least: counted.at_least,
        length: counted.distance,
        outcome,
        budget,
    })
}
