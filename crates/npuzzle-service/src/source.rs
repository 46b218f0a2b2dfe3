//! Where a session's pattern databases come from: a directory of `.pdb`
//! files (the command line, the server, Python), or databases a front-end
//! holds in memory (a browser has no file system and hands them over).
//!
//! A source lists every database it holds, each opened or with the error
//! that opening it gave; [`Solvers`](crate::Solvers) ranks what it lists and
//! tells the front-end about the ones that cannot be used. Listing is done
//! once per goal's solver, so a source may do I/O.
//!
//! A directory also holds at most one multi-tile database a board shape,
//! under the name [`multi_tile_file_name`]: one file serves every goal with
//! the blank in a corner, so it is looked up by name, not listed.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use npuzzle::heuristic::mtm_pdb::MtmPdb;
use npuzzle::heuristic::pdb::{self, AdditivePdb};
use npuzzle::{Error, Shape};

/// One database a source holds: its name (a file's path), and the opened
/// databases or why they cannot be used.
pub type Listed = (PathBuf, Result<Arc<AdditivePdb>, Error>);

/// A multi-tile database a source holds: its name (a file's path) and the
/// opened database.
pub type MultiTile = (PathBuf, Arc<MtmPdb>);

/// The file name of the multi-tile database for boards of `shape` in a
/// database directory, as `pdb build --metric mtm` writes it.
///
/// ```
/// use npuzzle_service::source::multi_tile_file_name;
/// assert_eq!(multi_tile_file_name("4x4".parse()?), "4x4-multi-tile.mtm");
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn multi_tile_file_name(shape: Shape) -> String {
    format!("{}x{}-multi-tile.{MULTI_TILE_EXTENSION}", shape.width(), shape.height())
}

/// The extension of multi-tile database files.
pub const MULTI_TILE_EXTENSION: &str = "mtm";

/// Where pattern databases come from.
pub trait DatabaseSource: Send + Sync + std::fmt::Debug {
    /// The directory named in messages ("no pattern database … in DIR"),
    /// when the databases come from one.
    fn dir(&self) -> Option<&Path>;

    /// Every database held, sorted by name, each opened or with its error.
    /// An error here (a directory that cannot be listed) is the look-up's.
    fn list(&self) -> Result<Vec<Listed>, Error>;

    /// The multi-tile database for boards of `shape`, opened: `Ok(None)`
    /// when the source holds none, an error naming the file when it holds
    /// one that cannot be read (truncated, corrupt, not a database). Holds
    /// none unless the source says otherwise.
    fn multi_tile(&self, shape: Shape) -> Result<Option<MultiTile>, Error> {
        let _ = shape;
        Ok(None)
    }
}

/// A multi-tile database file found by [`list_multi_tile`], opened or with
/// why it cannot be.
pub type ListedMultiTile = (PathBuf, Result<MtmPdb, Error>);

/// The multi-tile database files of `dir` (those ending in `.mtm`, whatever
/// their names), sorted by name, each read in full (checksum included) or
/// with the error that gave. A directory that does not exist holds none.
///
/// ```
/// use npuzzle::heuristic::mtm_pdb::{MtmPdb, RegionLayout};
/// use npuzzle_service::source::{list_multi_tile, multi_tile_file_name};
/// let dir = tempfile::tempdir().unwrap();
/// let shape = "3x2".parse()?;
/// let pdb = MtmPdb::build(RegionLayout::default_for(shape)?, 1)?;
/// pdb.write(&dir.path().join(multi_tile_file_name(shape)))?;
/// std::fs::write(dir.path().join("junk.mtm"), b"junk").unwrap();
/// let files = list_multi_tile(dir.path())?;
/// assert_eq!(files.len(), 2);
/// assert_eq!(files[0].1.as_ref().unwrap().entries(), 720);
/// assert!(files[1].1.is_err());
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn list_multi_tile(dir: &Path) -> Result<Vec<ListedMultiTile>, Error> {
    let list_error = |e: std::io::Error| -> Error {
        npuzzle::error::DatabaseError::Io {
            action: "list",
            path: dir.to_path_buf(),
            kind: e.kind(),
            source: e.into(),
        }
        .into()
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(list_error(e)),
    };
    let mut out = Vec::new();
    for entry in entries {
        let path = entry.map_err(list_error)?.path();
        if path.extension().is_some_and(|x| x == MULTI_TILE_EXTENSION) && path.is_file() {
            let opened = MtmPdb::open(&path);
            out.push((path, opened));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
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

    /// The file [`multi_tile_file_name`] in the directory; a file that is
    /// not there is not read (one `stat`).
    fn multi_tile(&self, shape: Shape) -> Result<Option<MultiTile>, Error> {
        let path = self.0.join(multi_tile_file_name(shape));
        match std::fs::metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            // Anything else (a file, or one the system will not show) is
            // opened, so that what is wrong with it is named.
            _ => Ok(Some((path.clone(), Arc::new(MtmPdb::open(&path)?)))),
        }
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
