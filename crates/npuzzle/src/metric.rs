//! How a solution's length is counted, and so what "optimal" means.
//!
//! - **STM**, the single-tile metric ([`Metric::Stm`], the default): every
//!   move of the blank counts one.
//! - **MTM**, the multi-tile metric ([`Metric::Mtm`], the speedsolvers'):
//!   sliding one or more tiles of a row or column in one motion counts one,
//!   so a run of moves of the blank in one direction is one move
//!   ([`notation::mtm_len`]).
//!
//! A solution is always a list of single moves of the blank ([`Move`]);
//! the metric only says how it is counted and what a search minimises. An
//! MTM-optimal solution need not be STM-optimal, nor the other way round.
//!
//! ```
//! use npuzzle::{Metric, Move};
//! let moves = Move::parse_list("uuulld")?;
//! assert_eq!(Metric::Stm.length(&moves), 6);
//! assert_eq!(Metric::Mtm.length(&moves), 3);
//! assert_eq!("mtm".parse::<Metric>()?, Metric::Mtm);
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::Move;
use crate::{notation, Error};

/// How moves are counted. Records write it as its [name](Metric::name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Metric {
    /// The single-tile metric: every move counts one.
    #[default]
    Stm,
    /// The multi-tile metric: a run of moves in one direction counts one.
    Mtm,
}

impl Metric {
    /// Both metrics, STM first.
    pub const ALL: [Metric; 2] = [Metric::Stm, Metric::Mtm];

    /// `stm` or `mtm`, as users write it and records name it.
    pub const fn name(self) -> &'static str {
        match self {
            Metric::Stm => "stm",
            Metric::Mtm => "mtm",
        }
    }

    /// The length of `moves` in this metric.
    pub fn length(self, moves: &[Move]) -> usize {
        match self {
            Metric::Stm => moves.len(),
            Metric::Mtm => notation::mtm_len(moves),
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Parses `stm` or `mtm`; anything else is an
/// [`InputError::UnknownName`](crate::error::InputError::UnknownName) listing both.
///
/// ```
/// use npuzzle::Metric;
/// let err = "htm".parse::<Metric>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown metric \"htm\"; choose stm or mtm");
/// ```
impl FromStr for Metric {
    type Err = Error;

    fn from_str(s: &str) -> Result<Metric, Error> {
        Metric::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| Error::unknown_name("metric", s, Metric::ALL.iter().map(|m| m.name()).collect()))
    }
}
