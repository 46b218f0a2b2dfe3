//! The library's errors: bad input and broken files, by concern.
//!
//! Every fallible function returns [`Error`], whose variants each hold the
//! error of one concern and show its message unchanged (and its `source()`):
//!
//! | variant | type | what went wrong |
//! | --- | --- | --- |
//! | [`Error::Input`] | [`InputError`] | a board, size, goal, name or judge case that cannot be read |
//! | [`Error::Moves`] | [`MoveError`] | a move sequence that cannot be read or played |
//! | [`Error::Database`] | [`DatabaseError`] | pattern databases: a partition, a file, a directory |
//! | [`Error::Refused`] | [`Refusal`] | a question an algorithm does not take on a board, or a build past its budget |
//! | [`Error::Internal`] | [`InternalError`] | a check of the library's own work that failed |
//!
//! Each concern's error converts into [`Error`] with `From`, so `?` lifts it.
//! "No solution" is not an error: unsolvable boards and exhausted budgets
//! are [`Outcome`](crate::Outcome) variants.
//!
//! ```
//! use npuzzle::error::{Error, InputError};
//! use npuzzle::Board;
//! let err = "1 2 3 4 5 6 7 8 8".parse::<Board>().unwrap_err();
//! assert!(matches!(err, Error::Input(InputError::DuplicateTile { tile: 8, .. })));
//! assert_eq!(err.to_string(), "tile 8 appears twice, at positions 8 and 9");
//! ```

use std::fmt;
use std::sync::Arc;

mod database;
mod input;
mod internal;
mod moves;
mod refusal;

pub use database::DatabaseError;
pub use input::InputError;
pub use internal::InternalError;
pub use moves::MoveError;
pub use refusal::Refusal;

/// Everything that can go wrong when a user's text or a file is turned into
/// boards, goals or tables, by concern.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A board, size, goal, name or judge case that cannot be read.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A move sequence that cannot be read or played on its board.
    #[error(transparent)]
    Moves(#[from] MoveError),
    /// Pattern databases that cannot be built, found, read or used.
    #[error(transparent)]
    Database(#[from] DatabaseError),
    /// A board or question an algorithm does not take, or a build stopped at its budget.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// A check of the library's own work that failed.
    #[error(transparent)]
    Internal(#[from] InternalError),
}

impl Error {
    /// Whether this is a hint or count refused only because `greedy` was
    /// named on a board `auto` searches optimally (at most
    /// [`AUTO_OPTIMAL_CELLS`](crate::search::AUTO_OPTIMAL_CELLS) cells):
    /// leaving the algorithm out answers it. Front-ends word the way out
    /// from this.
    ///
    /// ```
    /// use npuzzle::{Algorithm, Goal, Solver, SolverOptions};
    /// let greedy = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Greedy));
    /// for (shape, answers) in [("3x3", true), ("6x6", false)] {
    ///     let goal = Goal::standard(shape.parse()?);
    ///     // One move from the goal (a board at it is answered by every algorithm).
    ///     let board = goal.board().replay(&npuzzle::Move::parse_list("l")?)?;
    ///     let err = greedy.hint(&board, &goal).unwrap_err();
    ///     assert_eq!(err.auto_would_answer(), answers);
    /// }
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn auto_would_answer(&self) -> bool {
        matches!(self, Error::Refused(refusal) if refusal.auto_would_answer())
    }

    /// The message followed by those of its sources, each after `": "` (what
    /// `anyhow` prints with `{:#}`): the whole story on one line, for
    /// front-ends that show a single message.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::AdditivePdb;
    /// let err = AdditivePdb::open_any("/no/such/dir/x.pdb".as_ref()).unwrap_err();
    /// assert_eq!(err.to_string(), "cannot read /no/such/dir/x.pdb");
    /// let io = std::error::Error::source(&err).unwrap().to_string();
    /// assert_eq!(err.full_message(), format!("cannot read /no/such/dir/x.pdb: {io}"));
    /// ```
    pub fn full_message(&self) -> String {
        let mut text = self.to_string();
        let mut source = std::error::Error::source(self);
        while let Some(s) = source {
            text.push_str(": ");
            text.push_str(&s.to_string());
            source = s.source();
        }
        text
    }
}

/// An I/O error kept as an [`Error`]'s `source()`: shared, so `Error` stays
/// `Clone`, and compared by kind and message, so it stays `PartialEq`.
///
/// ```
/// use npuzzle::IoSource;
/// let source = IoSource::from(std::io::Error::other("disk full"));
/// assert_eq!(source.io().kind(), std::io::ErrorKind::Other);
/// assert_eq!(source.to_string(), "disk full");
/// assert_eq!(source.clone(), source);
/// ```
#[derive(Debug, Clone)]
pub struct IoSource(Arc<std::io::Error>);

impl IoSource {
    /// The I/O error.
    pub fn io(&self) -> &std::io::Error {
        &self.0
    }
}

impl From<std::io::Error> for IoSource {
    fn from(err: std::io::Error) -> IoSource {
        IoSource(Arc::new(err))
    }
}

impl fmt::Display for IoSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Transparent: the chain goes on with the I/O error's own source.
impl std::error::Error for IoSource {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for IoSource {
    fn eq(&self, other: &IoSource) -> bool {
        self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for IoSource {}

/// `a, b or c`; `a` alone; nothing for no names.
fn or_list<S: AsRef<str>>(names: &[S]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.as_ref().to_string(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", rest.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    #[test]
    fn the_wrapper_shows_each_concern_unchanged_with_its_source() {
        let input = InputError::NoShape { count: 1 };
        assert_eq!(Error::from(input.clone()).to_string(), input.to_string());
        let io = DatabaseError::Io {
            action: "read",
            path: "/x.pdb".into(),
            kind: std::io::ErrorKind::NotFound,
            source: std::io::Error::from(std::io::ErrorKind::NotFound).into(),
        };
        let err = Error::from(io);
        assert_eq!(err.to_string(), "cannot read /x.pdb");
        assert!(
            std::error::Error::source(&err).is_some(),
            "the I/O error stays the source"
        );
        let refused = Refusal::TooBigToSearch {
            algorithm: "idastar",
            shape: Shape::new(9, 9).unwrap(),
            cells: 81,
            max_cells: 64,
        };
        assert_eq!(Error::from(refused.clone()).to_string(), refused.to_string());
    }

    #[test]
    fn choices_read_as_a_list() {
        assert_eq!(or_list::<&str>(&[]), "");
        assert_eq!(or_list(&["a"]), "a");
        assert_eq!(or_list(&["a".to_string(), "b".into(), "c".into()]), "a, b or c");
    }
}
