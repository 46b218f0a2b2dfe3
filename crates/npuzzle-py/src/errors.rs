//! The library's errors as the Python exceptions of `npuzzle.errors`, with
//! the library's messages.
//!
//! The classes are defined in Python (they inherit from two bases, e.g.
//! `BoardError(NpuzzleError, ValueError)`) and looked up here once.

use npuzzle::error::{DatabaseError, InputError, Refusal};
use npuzzle::heuristic::pdb::{recommended_partition, PdbSpec};
use npuzzle::{Error, Goal};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// The exception classes of `npuzzle.errors`, in [`Class`] order.
static CLASSES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

/// Which Python class an error becomes.
#[derive(Clone, Copy)]
pub enum Class {
    /// `BoardError(ValueError)`: a board, size, goal or move list that cannot be read.
    Board = 0,
    /// `OptionError(ValueError)`: an option that does not fit (algorithm, heuristic, partition).
    Option = 1,
    /// `PdbError(OSError)`: a pattern database file that is missing, broken or for something else.
    Pdb = 2,
    /// `NpuzzleError`: anything else (an internal error).
    Other = 3,
}

const NAMES: [&str; 4] = ["BoardError", "OptionError", "PdbError", "NpuzzleError"];

/// The class an error of the library belongs to: by its concern, except
/// the names and limits a user chose with keyword arguments, which are
/// options.
fn class_of(error: &Error) -> Class {
    match error {
        Error::Input(InputError::UnknownName { .. } | InputError::BadFactor { .. })
        | Error::Database(DatabaseError::BadPartition { .. } | DatabaseError::Unsupported { .. })
        | Error::Refused(
            Refusal::Unsupported { .. }
            | Refusal::NoExactHint { .. }
            | Refusal::NoExactCount { .. }
            | Refusal::NoFactor { .. }
            | Refusal::NotInMultiTile { .. },
        ) => Class::Option,
        Error::Input(_) | Error::Moves(_) => Class::Board,
        Error::Database(_) => Class::Pdb,
        _ => Class::Other,
    }
}

/// An exception of `class` with `message`.
pub fn raise(class: Class, message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| {
        let classes = CLASSES.get_or_try_init(py, || -> PyResult<Vec<Py<PyType>>> {
            let module = py.import("npuzzle.errors")?;
            NAMES
                .iter()
                .map(|name| Ok(module.getattr(*name)?.cast_into::<PyType>()?.unbind()))
                .collect()
        });
        match classes {
            Ok(classes) => PyErr::from_type(classes[class as usize].bind(py).clone(), message),
            Err(e) => PyRuntimeError::new_err(format!("{message} (and npuzzle.errors could not be imported: {e})")),
        }
    })
}

/// The library's error as its Python exception: its message, and for
/// missing or broken databases the Python call that builds them.
pub fn to_py(error: Error) -> PyErr {
    let advice = match &error {
        Error::Database(DatabaseError::NotFound { goal, partition, .. }) => Some(format!(
            "build them with {}",
            build_call(goal, partition.as_ref().map(|p| p.to_arg()))
        )),
        Error::Database(DatabaseError::Unusable { goal, partition, .. }) => Some(format!(
            "delete it, or build databases in its place with {}",
            build_call(goal, partition.as_ref().map(|p| p.to_arg()))
        )),
        Error::Database(DatabaseError::NotLoaded { goal, .. }) => Some(format!("build them with {}", build_call(goal, None))),
        Error::Database(DatabaseError::Missing { spec, .. }) => Some(format!("build it with {}", spec_call(spec))),
        Error::Database(
            DatabaseError::Magic { spec: Some(spec), .. }
            | DatabaseError::Version { spec: Some(spec), .. }
            | DatabaseError::Mismatch { spec: Some(spec), .. }
            | DatabaseError::Truncated { spec: Some(spec), .. }
            | DatabaseError::Checksum { spec: Some(spec), .. }
            | DatabaseError::Corrupt { spec: Some(spec), .. },
        ) => Some(format!("rebuild it with {}", spec_call(spec))),
        _ if error.auto_would_answer() => Some("leave out algorithm=\"greedy\"".to_string()),
        Error::Refused(Refusal::NoExactHint { .. }) => Some("npuzzle.solve(board, algorithm=\"greedy\") solves it".to_string()),
        Error::Refused(Refusal::NoExactCount { shape, cells, .. }) if *cells <= npuzzle::board::MAX_NARROW_CELLS => Some(format!(
            "algorithm=\"idastar\" counts them by an optimal search, which may not finish on a {shape} board: bound it with timeout="
        )),
        Error::Refused(Refusal::NoExactCount { .. }) => None,
        _ => None,
    };
    let message = match advice {
        Some(advice) => format!("{}; {advice}", error.full_message()),
        None => error.full_message(),
    };
    raise(class_of(&error), message)
}

/// `npuzzle.pdb.build(…)` for the databases of `spec`.
fn spec_call(spec: &PdbSpec) -> String {
    build_call(spec.goal(), Some(spec.partition().to_arg()))
}

/// The Python call that builds databases for `goal`: of `partition`, else
/// the recommended one for the board, else a placeholder for the tiles.
pub fn build_call(goal: &Goal, partition: Option<String>) -> String {
    let shape = goal.shape();
    let partition = partition
        .or_else(|| recommended_partition(shape).map(str::to_string))
        .unwrap_or_else(|| "TILES/TILES".to_string());
    let goal_arg = if *goal == Goal::standard(shape) {
        String::new()
    } else if *goal == Goal::blank_first(shape) {
        ", goal=\"blank-first\"".to_string()
    } else {
        format!(", goal=\"{goal}\"")
    };
    format!("npuzzle.pdb.build(\"{shape}\", \"{partition}\"{goal_arg})")
}

/// `?` on library results inside binding functions.
pub trait OrRaise<T> {
    /// The value, or the error as a Python exception.
    fn or_raise(self) -> PyResult<T>;
}

impl<T> OrRaise<T> for Result<T, Error> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

impl<T> OrRaise<T> for Result<T, npuzzle_service::Error> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(service_to_py)
    }
}

/// The service's refusal as a Python exception: the engine's error as
/// [`to_py`] raises it, a goal that cannot be read saying so.
pub fn service_to_py(error: npuzzle_service::Error) -> PyErr {
    use npuzzle_service::Error as S;
    match error {
        S::Goal(e) => raise(class_of(&e), format!("reading the goal: {}", e.full_message())),
        S::Options(message) => raise(Class::Option, message),
        S::Board(e) | S::Databases(e) | S::Refused(e) | S::Moves(e) => to_py(e),
        e @ (S::NotBuilt(_) | S::TooManyFrames { .. }) => raise(Class::Option, e.to_string()),
        other => raise(Class::Other, other.to_string()),
    }
}
