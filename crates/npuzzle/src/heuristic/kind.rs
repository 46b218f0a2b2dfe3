//! The registry of heuristics: one table, [`HeuristicKind`], holding for
//! each heuristic its name, the boards it takes and how its two forms are
//! built — the slice-based [`Heuristic`] that A* and the generic IDA* read,
//! and the [`FixedHeuristic`] that the IDA* for boards of a compile-time
//! size reads.
//!
//! Searches are generic over the heuristic so that each is compiled once
//! per heuristic; going from a kind chosen at run time to that concrete type
//! happens here and only here, in [`HeuristicKind::run`] and
//! [`HeuristicKind::run_fixed`]. A search hands them a [`WithHeuristic`] or
//! [`WithFixedHeuristic`]: a value whose `run` is generic over the
//! heuristic, which is what a closure cannot be.
//!
//! Adding a heuristic is one module and one entry in the table below.

use std::fmt;
use std::str::FromStr;

use super::fixed::{Dynamic, FixedHeuristic, FixedLinearConflict, FixedManhattan};
use super::pdb::{self, PdbSet};
use super::{Heuristic, LinearConflict, Manhattan, Misplaced, WalkingDistance};
use crate::board::Shape;
use crate::goal::Goal;
use crate::Error;

/// Something to do with a slice-based heuristic, whichever it is: the
/// argument of [`HeuristicKind::run`].
///
/// ```
/// use npuzzle::heuristic::{Heuristic, HeuristicKind, WithHeuristic};
/// use npuzzle::{Board, Error, Goal};
///
/// /// The estimate of one board.
/// struct Estimate<'a>(&'a Board);
///
/// impl WithHeuristic for Estimate<'_> {
///     type Output = u32;
///     fn run<H: Heuristic>(self, h: &H) -> Result<u32, Error> {
///         Ok(h.estimate(self.0.tiles()))
///     }
/// }
///
/// let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
/// let goal = Goal::standard(board.shape());
/// assert_eq!(HeuristicKind::Misplaced.run(&goal, None, Estimate(&board))?, 2);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub trait WithHeuristic {
    /// What it returns.
    type Output;

    /// Does it with `heuristic`.
    fn run<H: Heuristic>(self, heuristic: &H) -> Result<Self::Output, Error>;
}

/// Something to do with the fixed-size form of a heuristic for boards of `N`
/// cells, whichever it is: the argument of [`HeuristicKind::run_fixed`].
pub trait WithFixedHeuristic<const N: usize> {
    /// What it returns.
    type Output;

    /// Does it with `heuristic`.
    fn run<H: FixedHeuristic<N>>(self, heuristic: &H) -> Result<Self::Output, Error>;

    /// Does it with two heuristics of the same databases, `cheap` (fewer
    /// table reads a node) and `strong` (fewer nodes), as
    /// [`HeuristicKind::PdbAdaptive`] offers them: a search that can
    /// choose between them per iteration overrides this (the specialised
    /// IDA* does); by default, `strong` alone.
    fn run_adaptive<C: FixedHeuristic<N>, S: FixedHeuristic<N>>(
        self,
        cheap: &C,
        strong: &S,
    ) -> Result<Self::Output, Error>
    where
        Self: Sized,
    {
        let _ = cheap;
        self.run(strong)
    }
}

/// Declares [`HeuristicKind`] from one entry per heuristic:
///
/// - `name`: its name on the command line and in output;
/// - `database`: whether it reads pattern databases that must be loaded
///   (such kinds are left out of [`HeuristicKind::ALL`]);
/// - `supports`: which board shapes it can be built for;
/// - `generic`: given the goal, the databases (`Option<&PdbSet>`) and a
///   [`WithHeuristic`], builds the slice-based form and runs it;
/// - `fixed`: the same with a [`WithFixedHeuristic`] and the fixed-size form.
///
/// The bodies may return errors with `?`. An entry may carry one `#[cfg(…)]`
/// (the toy heuristic kept as a test does).
macro_rules! heuristic_kinds {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $kind:ident {
            name: $name:literal,
            database: $database:literal,
            supports: |$shape:tt| $supports:expr,
            generic: |$goal:tt, $pdb:tt, $with:tt| $generic:expr,
            fixed: |$fgoal:tt, $fpdb:tt, $fwith:tt| $fixed:expr $(,)?
        }
    ),* $(,)?) => {
        /// The heuristics a user can pick by name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum HeuristicKind {
            $($(#[doc = $doc])* $(#[cfg($cfg)])? $kind,)*
        }

        impl HeuristicKind {
            /// Every kind, in the order of the table.
            pub const EVERY: &'static [HeuristicKind] = &[$($(#[cfg($cfg)])? HeuristicKind::$kind),*];

            /// The name used on the command line.
            pub const fn name(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? HeuristicKind::$kind => $name,)*
                }
            }

            /// Whether this heuristic reads databases that must be loaded first.
            ///
            /// ```
            /// use npuzzle::HeuristicKind;
            /// assert!(HeuristicKind::Pdb.needs_database());
            /// assert!(!HeuristicKind::Manhattan.needs_database());
            /// ```
            pub const fn needs_database(self) -> bool {
                match self {
                    $($(#[cfg($cfg)])? HeuristicKind::$kind => $database,)*
                }
            }

            /// Whether this heuristic can be built for boards of `shape` (for
            /// one that needs databases: whether they can exist for it; they
            /// still have to be built and loaded).
            ///
            /// ```
            /// use npuzzle::{HeuristicKind, Shape};
            /// assert!(HeuristicKind::WalkingDistance.supports(Shape::new(4, 4)?));
            /// assert!(!HeuristicKind::WalkingDistance.supports(Shape::new(3, 3)?));
            /// assert!(HeuristicKind::Manhattan.supports(Shape::new(3, 3)?));
            /// assert!(HeuristicKind::Pdb.supports(Shape::new(5, 5)?));
            /// assert!(!HeuristicKind::Pdb.supports(Shape::new(6, 6)?));
            /// # Ok::<(), npuzzle::Error>(())
            /// ```
            pub fn supports(self, shape: Shape) -> bool {
                match self {
                    $($(#[cfg($cfg)])? HeuristicKind::$kind => {
                        let $shape = shape;
                        $supports
                    })*
                }
            }

            /// Builds this heuristic for `goal` (reading `pdb` if it needs
            /// databases) and runs `with` with it: the one place where a kind
            /// becomes a concrete type, so `with` is compiled once per
            /// heuristic. Errors when the heuristic cannot be built for the
            /// goal, and whatever `with` returns.
            pub fn run<F: WithHeuristic>(self, goal: &Goal, pdb: Option<&PdbSet>, with: F) -> Result<F::Output, Error> {
                match self {
                    $($(#[cfg($cfg)])? HeuristicKind::$kind => {
                        let ($goal, $pdb, $with) = (goal, pdb, with);
                        $generic
                    })*
                }
            }

            /// [`run`](HeuristicKind::run) with the heuristic's form for
            /// boards of `N` cells ([`Dynamic`] for those without one).
            pub fn run_fixed<const N: usize, F: WithFixedHeuristic<N>>(
                self,
                goal: &Goal,
                pdb: Option<&PdbSet>,
                with: F,
            ) -> Result<F::Output, Error> {
                match self {
                    $($(#[cfg($cfg)])? HeuristicKind::$kind => {
                        let ($fgoal, $fpdb, $fwith) = (goal, pdb, with);
                        $fixed
                    })*
                }
            }
        }
    };
}

heuristic_kinds! {
    /// Tiles out of place (realm 5).
    Misplaced {
        name: "misplaced",
        database: false,
        supports: |_| true,
        generic: |goal, _, with| with.run(&Misplaced::new(goal)),
        fixed: |goal, _, with| with.run(&Dynamic(Misplaced::new(goal))),
    },
    /// Sum of Manhattan distances (realms 6–8).
    Manhattan {
        name: "manhattan",
        database: false,
        supports: |_| true,
        generic: |goal, _, with| with.run(&Manhattan::new(goal)),
        fixed: |goal, _, with| with.run(&FixedManhattan::new(goal)?),
    },
    /// Manhattan plus linear conflicts in rows and columns.
    LinearConflict {
        name: "linear-conflict",
        database: false,
        supports: |_| true,
        generic: |goal, _, with| with.run(&LinearConflict::new(goal)),
        fixed: |goal, _, with| with.run(&FixedLinearConflict::new(goal)?),
    },
    /// Takahashi's walking distance (4×4 boards only).
    WalkingDistance {
        name: "walking-distance",
        database: false,
        supports: |shape| shape.width() == 4 && shape.height() == 4,
        generic: |goal, _, with| with.run(&WalkingDistance::new(goal)?),
        fixed: |goal, _, with| with.run(&WalkingDistance::new(goal)?),
    },
    /// Additive pattern databases ([`AdditivePdb`](pdb::AdditivePdb)), which
    /// must be built beforehand and given to the solver with
    /// [`Solver::with_pdb`](crate::Solver::with_pdb) — or several
    /// partitions' with [`Solver::with_pdb_set`](crate::Solver::with_pdb_set),
    /// read as the largest of their sums ([`PdbSet`]); boards of up to
    /// [`pdb::MAX_PDB_CELLS`] cells. Not part of [`HeuristicKind::ALL`].
    Pdb {
        name: "pdb",
        database: true,
        supports: |shape| shape.cells() <= pdb::MAX_PDB_CELLS,
        generic: |goal, pdb, with| match pdb::set_for_goal(pdb, goal)?.members() {
            [one] => with.run(&**one),
            _ => with.run(pdb::set_for_goal(pdb, goal)?),
        },
        fixed: |goal, pdb, with| pdb::run_fixed_set(pdb::set_for_goal(pdb, goal)?, with),
    },
    /// The databases of [`Pdb`](HeuristicKind::Pdb) read also on the dual of
    /// the board (the inverse permutation; see [`pdb::DualPdb`]): the largest
    /// of the ordinary and the dual sums. Inconsistent, so the specialised
    /// IDA* prunes with BPMX. Not part of [`HeuristicKind::ALL`].
    PdbDual {
        name: "pdb-dual",
        database: true,
        supports: |shape| shape.cells() <= pdb::MAX_PDB_CELLS,
        generic: |goal, pdb, with| with.run(&pdb::DualPdb::new(pdb::set_for_goal(pdb, goal)?.clone())),
        fixed: |goal, pdb, with| pdb::run_fixed_dual(pdb::set_for_goal(pdb, goal)?, with),
    },
    /// The databases of [`Pdb`](HeuristicKind::Pdb) read two ways in one
    /// search: the specialised IDA* runs each iteration with their least
    /// values (a compact table read without a flood fill; see
    /// [`pdb::FixedPdb::least`]) or with the dual lookups of
    /// [`PdbDual`](HeuristicKind::PdbDual), whichever one probe iteration
    /// measures cheaper for the board (see
    /// [`idastar_fixed`](crate::search::idastar_fixed)). The default on 5×5.
    /// Other searches read the dual lookups. Not part of
    /// [`HeuristicKind::ALL`].
    PdbAdaptive {
        name: "pdb-adaptive",
        database: true,
        supports: |shape| shape.cells() <= pdb::MAX_PDB_CELLS,
        generic: |goal, pdb, with| with.run(&pdb::DualPdb::new(pdb::set_for_goal(pdb, goal)?.clone())),
        fixed: |goal, pdb, with| pdb::run_fixed_adaptive(pdb::set_for_goal(pdb, goal)?, with),
    },
    /// A toy kept as a test that adding a heuristic is this entry and one
    /// module ([`super::toy`]): every search and property test takes it from
    /// here.
    #[cfg(test)]
    Toy {
        name: "toy",
        database: false,
        supports: |_| true,
        generic: |goal, _, with| with.run(&super::toy::Toy::new(goal)),
        fixed: |goal, _, with| with.run(&Dynamic(super::toy::Toy::new(goal))),
    },
}

/// How many kinds need no databases.
const FILE_FREE: usize = {
    let mut count = 0;
    let mut i = 0;
    while i < HeuristicKind::EVERY.len() {
        if !HeuristicKind::EVERY[i].needs_database() {
            count += 1;
        }
        i += 1;
    }
    count
};

impl HeuristicKind {
    /// Every kind that needs no files, weakest first (kinds that need
    /// databases, like [`HeuristicKind::Pdb`], are left out).
    pub const ALL: [HeuristicKind; FILE_FREE] = {
        let mut all = [HeuristicKind::Manhattan; FILE_FREE];
        let (mut i, mut j) = (0, 0);
        while i < HeuristicKind::EVERY.len() {
            if !HeuristicKind::EVERY[i].needs_database() {
                all[j] = HeuristicKind::EVERY[i];
                j += 1;
            }
            i += 1;
        }
        all
    };

    /// The kind that reads loaded pattern databases fastest on boards of
    /// `shape`, as measured (bench/RESULTS-24.md): on 5×5 the adaptive
    /// choice per iteration, since the dual lookups cut the hard
    /// instances' nodes 2-4× but cost about twice as much a node, which
    /// loses on the easy ones; the ordinary sums elsewhere (on 4×4 they
    /// keep Korf's 100 at 1,494,456 expanded nodes).
    ///
    /// ```
    /// use npuzzle::{HeuristicKind, Shape};
    /// assert_eq!(HeuristicKind::for_databases(Shape::new(5, 5)?), HeuristicKind::PdbAdaptive);
    /// assert_eq!(HeuristicKind::for_databases(Shape::new(4, 4)?), HeuristicKind::Pdb);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn for_databases(shape: Shape) -> HeuristicKind {
        if shape.width() == 5 && shape.height() == 5 {
            HeuristicKind::PdbAdaptive
        } else {
            HeuristicKind::Pdb
        }
    }

    /// The names of every kind, for messages that list the choices.
    pub fn names() -> Vec<&'static str> {
        HeuristicKind::EVERY.iter().map(|k| k.name()).collect()
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Parses a name; an unknown one is an [`InputError::UnknownName`](crate::error::InputError::UnknownName) listing the choices.
///
/// ```
/// use npuzzle::{Error, HeuristicKind};
/// use npuzzle::error::InputError;
/// assert_eq!("walking-distance".parse::<HeuristicKind>()?, HeuristicKind::WalkingDistance);
/// let err = "euclid".parse::<HeuristicKind>().unwrap_err();
/// assert!(matches!(err, Error::Input(InputError::UnknownName { what: "heuristic", .. })));
/// assert_eq!(
///     err.to_string(),
///     "unknown heuristic \"euclid\"; choose misplaced, manhattan, linear-conflict, walking-distance, pdb, pdb-dual or pdb-adaptive"
/// );
/// # Ok::<(), npuzzle::Error>(())
/// ```
impl FromStr for HeuristicKind {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        HeuristicKind::EVERY
            .iter()
            .copied()
            .find(|k| k.name() == s)
            .ok_or_else(|| Error::unknown_name("heuristic", s, HeuristicKind::names()))
    }
}
