//! Solvers for the boards a front-end meets, with the heuristic `auto`
//! resolved per goal: the strongest pattern databases present in a
//! directory, else walking distance on 4×4, else linear conflict.

use std::fmt;
use std::str::FromStr;

use crate::heuristic::HeuristicKind;
use crate::Error;

/// A heuristic as a user picks it: a named kind, or `auto`.
///
/// ```
/// use npuzzle::{solvers::HeuristicChoice, Error, HeuristicKind};
/// assert_eq!("auto".parse::<HeuristicChoice>()?, HeuristicChoice::Auto);
/// assert_eq!("manhattan".parse::<HeuristicChoice>()?, HeuristicChoice::Kind(HeuristicKind::Manhattan));
/// let err = "euclid".parse::<HeuristicChoice>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "unknown heuristic \"euclid\"; choose auto, misplaced, manhattan, linear-conflict, walking-distance or pdb"
/// );
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum HeuristicChoice {
    /// The strongest available for the board (see the module documentation).
    #[default]
    Auto,
    /// Exactly this one.
    Kind(HeuristicKind),
}

impl HeuristicChoice {
    /// The name of `auto`.
    pub const AUTO: &'static str = "auto";

    /// Every name a user can give: `auto`, then each [`HeuristicKind`].
    pub fn names() -> Vec<&'static str> {
        std::iter::once(HeuristicChoice::AUTO)
            .chain(HeuristicKind::names())
            .collect()
    }
}

impl fmt::Display for HeuristicChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeuristicChoice::Auto => f.write_str(HeuristicChoice::AUTO),
            HeuristicChoice::Kind(kind) => kind.fmt(f),
        }
    }
}

impl FromStr for HeuristicChoice {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        if s == HeuristicChoice::AUTO {
            return Ok(HeuristicChoice::Auto);
        }
        s.parse().map(HeuristicChoice::Kind).map_err(|e| match e {
            Error::UnknownName { what, given, .. } => Error::UnknownName {
                what,
                given,
                choices: HeuristicChoice::names(),
            },
            other => other,
        })
    }
}
