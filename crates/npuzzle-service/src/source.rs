//! Where a session's pattern databases come from: a directory of `.pdb`
//! files (the command line, the server, Python), or databases a front-end
//! holds in memory (a browser has no file system and hands them over).
//!
//! A source lists every database it holds, each opened or with the error
//! that opening it gave; [`Solvers`](crate::Solvers) ranks what it lists and
//! tells the front-end about the ones that cannot be used. Listing is done
//! once per goal's solver, so a source may do I/O.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use npuzzle::heuristic::pdb::{self, AdditivePdb};
use npuzzle::Error;

/// One database a source holds: its name (a file's path), and the opened
/// databases or why they cannot be used.
pub type Listed = (PathBuf, Result<Arc<AdditivePdb>, Error>);

/// Where pattern databases come from.
pub trait DatabaseSource: Send + Sync + std::fmt::Debug {
    /// The directory named in messages ("no pattern database … in DIR"),
    /// when the databases come from one.
    fn dir(&self) -> Option<&Path>;

    /// Every database held, sorted by name, each opened or with its error.
    /// An error here (a directory that cannot be listed) is the look-up's.
    fn list(&self) -> Result<Vec<Listed>, Error>;
}

/// The `.pdb` files of a directory, memory-mapped as they are listed (a
/// directory that does not exist holds none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directory(pub PathBuf);

impl DatabaseSource for Directory {
    fn dir(&self) -> Option<&Path> {
        Some(&self.0)
    }

    fn list(&self) -> Result<Vec<Listed>, Error> {
        Ok(pdb::open_dir(&self.0)?
            .into_iter()
            .map(|(path, opened)| (path, opened.map(Arc::new)))
            .collect())
    }
}

/// Databases already in memory, each under a name of the front-end's
/// choosing (a file name the user picked, say).
///
/// ```
/// use std::sync::Arc;
/// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
/// use npuzzle::{Goal, HeuristicKind, SolverOptions};
/// use npuzzle_service::source::Memory;
/// use npuzzle_service::{HeuristicChoice, Solvers};
///
/// let goal = Goal::standard("3x3".parse()?);
/// let built = AdditivePdb::build(&PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8")?, &Default::default(), &mut |_| {})?;
/// let source = Memory::default().with("eight.pdb", built);
/// let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto).with_source(Arc::new(source));
/// assert_eq!(solvers.get(&goal)?.options().heuristic, HeuristicKind::Pdb);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Memory {
    held: Vec<(PathBuf, Arc<AdditivePdb>)>,
}

impl Memory {
    /// This source holding `pdb` too, under `name`.
    pub fn with(mut self, name: impl Into<PathBuf>, pdb: AdditivePdb) -> Memory {
        self.held.push((name.into(), Arc::new(pdb)));
        self.held.sort_by(|a, b| a.0.cmp(&b.0));
        self
    }
}

impl DatabaseSource for Memory {
    fn dir(&self) -> Option<&Path> {
        None
    }

    fn list(&self) -> Result<Vec<Listed>, Error> {
        Ok(self
            .held
            .iter()
            .map(|(name, pdb)| (name.clone(), Ok(Arc::clone(pdb))))
            .collect())
    }
}
