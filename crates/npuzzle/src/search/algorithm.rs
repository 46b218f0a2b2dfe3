//! The registry of algorithms: one entry per search, as
//! [`HeuristicKind`](crate::HeuristicKind)'s table is for heuristics.
//!
//! An entry gives the name, the largest board the search takes, whether it
//! reads a heuristic, whether its answers are optimal, the refusal its own
//! search gives a board over its limit, and the function that runs it. Every
//! search module has one signature ([`problem`](super::problem)), so adding
//! an algorithm is a module and an entry: the toy kept as a test
//! ([`toy`](super::toy), under `#[cfg(test)]`) shows it, and the property
//! tests of `search::tests` then run it against the oracle.

use std::fmt;
use std::str::FromStr;

use super::problem::SolveFn;
use super::{anytime, astar, bfs, bfs_set, bibfs, constructive, idastar, state, table};
use crate::board::Shape;
use crate::Error;

/// Declares [`Algorithm`] from one entry per algorithm, in the order users
/// see them ([`Algorithm::EVERY`]):
///
/// - `name`: its name on the command line and in records;
/// - `max_cells`: the largest board it takes at all (`None`: any);
/// - `heuristic`: whether it reads the solver's heuristic;
/// - `optimal`: whether every answer is a shortest solution (such
///   algorithms make [`Algorithm::ALL`]);
/// - `too_big`: the error its own search gives a board over `max_cells`,
///   which the solver's check gives first;
/// - `solve`: the search, a [`SolveFn`].
///
/// An entry may carry one `#[cfg(…)]` (the toy kept as a test does).
macro_rules! algorithms {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $id:ident {
            name: $name:literal,
            max_cells: $max:expr,
            heuristic: $heuristic:literal,
            optimal: $optimal:literal,
            too_big: |$shape:tt| $too_big:expr,
            solve: $solve:path $(,)?
        }
    ),* $(,)?) => {
        /// The selectable algorithms, named after the "eight realms".
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Algorithm {
            $($(#[doc = $doc])* $(#[cfg($cfg)])? $id,)*
        }

        impl Algorithm {
            /// Every name a user can give: `Auto`, the optimal searches in
            /// realm order ([`Algorithm::ALL`]), then `Greedy`.
            pub const EVERY: &'static [Algorithm] = &[$($(#[cfg($cfg)])? Algorithm::$id),*];

            /// The name used on the command line.
            pub const fn name(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? Algorithm::$id => $name,)*
                }
            }

            /// The largest board, in cells, this algorithm takes at all (whatever
            /// the budget); `None` for any board.
            ///
            /// ```
            /// use npuzzle::Algorithm;
            /// assert_eq!(Algorithm::Bfs.max_cells(), Some(12));
            /// assert_eq!(Algorithm::AStar.max_cells(), Some(25));
            /// assert_eq!(Algorithm::IdaStar.max_cells(), Some(256));
            /// assert_eq!(Algorithm::Greedy.max_cells(), None);
            /// ```
            pub const fn max_cells(self) -> Option<usize> {
                match self {
                    $($(#[cfg($cfg)])? Algorithm::$id => $max,)*
                }
            }

            /// Whether `--heuristic` applies.
            ///
            /// ```
            /// use npuzzle::Algorithm;
            /// let bibfs: Algorithm = "bibfs".parse().unwrap();
            /// assert!(!bibfs.uses_heuristic());
            /// assert!(Algorithm::AStar.uses_heuristic());
            /// ```
            pub const fn uses_heuristic(self) -> bool {
                match self {
                    $($(#[cfg($cfg)])? Algorithm::$id => $heuristic,)*
                }
            }

            /// Whether every answer is a shortest solution (`Auto` is not:
            /// above [`AUTO_OPTIMAL_CELLS`] it runs `Greedy`).
            ///
            /// ```
            /// use npuzzle::Algorithm;
            /// assert!(Algorithm::BiBfs.is_optimal());
            /// assert!(!Algorithm::Greedy.is_optimal());
            /// ```
            pub const fn is_optimal(self) -> bool {
                match self {
                    $($(#[cfg($cfg)])? Algorithm::$id => $optimal,)*
                }
            }

            /// The error this algorithm's own search gives a board of `shape`
            /// over its [`max_cells`](Algorithm::max_cells).
            pub(crate) fn too_big(self, shape: Shape) -> Result<(), Error> {
                match self {
                    $($(#[cfg($cfg)])? Algorithm::$id => {
                        let $shape = shape;
                        $too_big
                    })*
                }
            }

            /// The search itself.
            pub(crate) fn solve_fn(self) -> SolveFn {
                match self {
                    $($(#[cfg($cfg)])? Algorithm::$id => $solve,)*
                }
            }
        }
    };
}

algorithms! {
    /// The fastest choice for the board: `table` up to [`AUTO_TABLE_CELLS`]
    /// cells (built in milliseconds, then every board is a lookup), `idastar`
    /// up to [`AUTO_OPTIMAL_CELLS`], `greedy` above (where no optimal search
    /// finishes). Not part of [`Algorithm::ALL`].
    Auto {
        name: "auto",
        max_cells: None,
        heuristic: true,
        optimal: false,
        too_big: |_| Ok(()),
        // Never called: the solver runs what `resolve` chose.
        solve: idastar::solve,
    },
    /// Realm 1: breadth-first search with a hash set of states.
    BfsSet {
        name: "bfs-set",
        max_cells: Some(<state::Wide as state::PackedState>::MAX_CELLS),
        heuristic: false,
        optimal: true,
        too_big: |shape| state::Width::for_shape(shape, "bfs-set").map(drop),
        solve: bfs_set::solve,
    },
    /// Realm 2: breadth-first search with a dense N!/2 visited array (up to 12 cells).
    Bfs {
        name: "bfs",
        max_cells: Some(bfs::MAX_DENSE_CELLS),
        heuristic: false,
        optimal: true,
        too_big: |shape| Err(bfs::too_big(shape)),
        solve: bfs::solve,
    },
    /// Realm 3: a complete move table built once by BFS from the goal, then one lookup a move.
    Table {
        name: "table",
        max_cells: Some(table::MAX_TABLE_CELLS),
        heuristic: false,
        optimal: true,
        too_big: |shape| Err(table::too_big(shape)),
        solve: table::solve,
    },
    /// Realm 4: bidirectional breadth-first search, layer by layer from the smaller side.
    BiBfs {
        name: "bibfs",
        max_cells: Some(<state::Wide as state::PackedState>::MAX_CELLS),
        heuristic: false,
        optimal: true,
        too_big: |shape| state::Width::for_shape(shape, "bibfs").map(drop),
        solve: bibfs::solve,
    },
    /// Realms 5–7: A* with any heuristic, a bucket queue and reopening.
    AStar {
        name: "astar",
        max_cells: Some(<state::Wide as state::PackedState>::MAX_CELLS),
        heuristic: true,
        optimal: true,
        too_big: |shape| state::Width::for_shape(shape, "astar").map(drop),
        solve: astar::solve,
    },
    /// Realm 8: IDA* (Manhattan or linear conflict), in place, no allocation per node.
    IdaStar {
        name: "idastar",
        max_cells: Some(crate::board::MAX_NARROW_CELLS),
        heuristic: true,
        optimal: true,
        // Its limit is every optimal search's, checked before any search.
        too_big: |_| Ok(()),
        solve: idastar::solve,
    },
    /// The constructive solver ([`greedy`](super::greedy)): solves any board
    /// up to 1000×1000 in time linear in its moves, not optimally. Not part
    /// of [`Algorithm::ALL`] (whose searches are all optimal).
    Greedy {
        name: "greedy",
        max_cells: None,
        heuristic: false,
        optimal: false,
        too_big: |_| Ok(()),
        solve: constructive::solve,
    },
    /// The best solution found within the budget ([`anytime`](super::anytime)):
    /// an answer at once, shorter ones while the budget lasts, with a proved
    /// lower bound. Not part of [`Algorithm::ALL`].
    Anytime {
        name: "anytime",
        max_cells: None,
        heuristic: true,
        optimal: false,
        too_big: |_| Ok(()),
        solve: anytime::solve,
    },
    /// A toy kept as a test that adding an algorithm is this entry and one
    /// module ([`super::toy`]).
    #[cfg(test)]
    Toy {
        name: "toy",
        max_cells: Some(super::toy::MAX_CELLS),
        heuristic: false,
        optimal: true,
        too_big: |shape| Err(super::toy::too_big(shape)),
        solve: super::toy::solve,
    },
}

/// Largest board `Algorithm::Auto` answers from a complete table (2×5: 1.8 M boards).
pub const AUTO_TABLE_CELLS: usize = 10;

/// Largest board `Algorithm::Auto` searches optimally (5×5); bigger boards go
/// to the constructive solver.
pub const AUTO_OPTIMAL_CELLS: usize = 25;

/// How many algorithms are optimal.
const OPTIMAL: usize = {
    let (mut count, mut i) = (0, 0);
    while i < Algorithm::EVERY.len() {
        if Algorithm::EVERY[i].is_optimal() {
            count += 1;
        }
        i += 1;
    }
    count
};

impl Algorithm {
    /// Every optimal search, in realm order.
    pub const ALL: [Algorithm; OPTIMAL] = {
        let mut all = [Algorithm::Bfs; OPTIMAL];
        let (mut i, mut j) = (0, 0);
        while i < Algorithm::EVERY.len() {
            if Algorithm::EVERY[i].is_optimal() {
                all[j] = Algorithm::EVERY[i];
                j += 1;
            }
            i += 1;
        }
        all
    };

    /// The names of [`Algorithm::EVERY`], for messages that list the choices.
    pub fn names() -> Vec<&'static str> {
        Algorithm::EVERY.iter().map(|a| a.name()).collect()
    }

    /// The algorithm that runs for a board of `shape`: itself, except `Auto`.
    ///
    /// ```
    /// use npuzzle::Algorithm;
    /// assert_eq!(Algorithm::Auto.resolve("3x3".parse()?), Algorithm::Table);
    /// assert_eq!(Algorithm::Auto.resolve("4x4".parse()?), Algorithm::IdaStar);
    /// assert_eq!(Algorithm::AStar.resolve("4x4".parse()?), Algorithm::AStar);
    /// assert_eq!(Algorithm::Auto.resolve("6x6".parse()?), Algorithm::Greedy);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn resolve(self, shape: Shape) -> Algorithm {
        match self {
            Algorithm::Auto if shape.cells() <= AUTO_TABLE_CELLS => Algorithm::Table,
            Algorithm::Auto if shape.cells() <= AUTO_OPTIMAL_CELLS => Algorithm::IdaStar,
            Algorithm::Auto => Algorithm::Greedy,
            other => other,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Parses a name; an unknown one is an [`InputError::UnknownName`](crate::error::InputError::UnknownName) listing the choices.
///
/// ```
/// use npuzzle::{Algorithm, Error};
/// use npuzzle::error::InputError;
/// assert_eq!("bibfs".parse::<Algorithm>()?, Algorithm::BiBfs);
/// let err = "dfs".parse::<Algorithm>().unwrap_err();
/// assert!(matches!(err, Error::Input(InputError::UnknownName { what: "algorithm", .. })));
/// assert_eq!(err.to_string(), "unknown algorithm \"dfs\"; choose auto, bfs-set, bfs, table, bibfs, astar, idastar, greedy or anytime");
/// # Ok::<(), npuzzle::Error>(())
/// ```
impl FromStr for Algorithm {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        Algorithm::EVERY
            .iter()
            .copied()
            .find(|a| a.name() == s)
            .ok_or_else(|| Error::unknown_name("algorithm", s, Algorithm::names()))
    }
}
