//! Pattern databases that cannot be built, found, read or used: a
//! partition that does not fit, a file or directory the system refuses, a
//! file for something else or broken, databases missing for a goal.
//!
//! The errors about a file name the databases that were wanted (`spec`)
//! when known, so a front-end can say how to rebuild them.

use std::path::{Path, PathBuf};

use super::{Error, IoSource};
use crate::goal::Goal;
use crate::heuristic::pdb::{Partition, PdbSpec};

/// Pattern databases that cannot be built, found, read or used.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DatabaseError {
    /// A partition of the tiles that cannot be used.
    #[error("bad partition {text:?}: {reason}")]
    BadPartition {
        /// The partition as written (shortened when very long).
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// No database set for the board fits in the bytes given (`pdb build
    /// --fit`).
    #[error("no pattern database set for a {shape} board fits in {max_bytes} bytes: the smallest, {smallest}, takes {smallest_bytes}")]
    NothingFits {
        /// The board shape.
        shape: crate::board::Shape,
        /// The bytes given.
        max_bytes: u64,
        /// The smallest set tried, as `pdb build` names it.
        smallest: String,
        /// Its tables' bytes.
        smallest_bytes: u64,
    },
    /// Pattern databases cannot be built or used for this board or pattern.
    #[error("pattern databases: {reason}")]
    Unsupported {
        /// Why.
        reason: String,
    },
    /// A database file or its directory could not be read or written. The
    /// operating system's error is the `source()` (its message follows this
    /// one in [`Error::full_message`] and in `anyhow`'s `{:#}`).
    #[error("cannot {action} {}", path.display())]
    Io {
        /// What was being done: "read", "write", "create", "rename", "list".
        action: &'static str,
        /// The file or directory.
        path: PathBuf,
        /// The kind of I/O error (`NotFound` when there is no such file).
        kind: std::io::ErrorKind,
        /// The I/O error itself.
        #[source]
        source: IoSource,
    },
    /// The `pdb` heuristic was asked for, but no databases for the board and
    /// goal were given to the solver.
    #[error(
        "the pdb heuristic needs pattern databases for a {} board with goal {goal}, but {}",
        goal.shape(),
        loaded.as_ref().map_or_else(|| "none are loaded".to_string(), |l| format!("the loaded ones are for {l}"))
    )]
    NotLoaded {
        /// The goal databases are needed for.
        goal: Box<Goal>,
        /// What the loaded databases are for, if any are loaded.
        loaded: Option<Box<PdbSpec>>,
    },
    /// No database file for a goal (and partition) in the directory searched.
    #[error("{}", not_found(goal, partition.as_deref(), dir.as_deref()))]
    NotFound {
        /// The goal databases were looked for (boxed: the error stays small).
        goal: Box<Goal>,
        /// The partition asked for, if one was.
        partition: Option<Box<Partition>>,
        /// The directory searched; `None` when none was given.
        dir: Option<PathBuf>,
    },
    /// No usable database file for a goal (and partition) in the directory
    /// searched, because a file that could hold them cannot be read: a
    /// broken file is named rather than skipped as if it were not there.
    /// `problem` is the first such file's own error (the message includes
    /// it, so it is not also a `source()`); `others` are the paths of any
    /// more.
    #[error("{}", unusable(goal, partition.as_deref(), dir, problem, others))]
    Unusable {
        /// The goal databases were looked for (boxed: the error stays small).
        goal: Box<Goal>,
        /// The partition asked for, if one was.
        partition: Option<Box<Partition>>,
        /// The directory searched.
        dir: PathBuf,
        /// Why the first file that could hold them cannot be used (its
        /// error names the file: truncated, corrupt, not a database…).
        problem: Box<Error>,
        /// Other files that could hold them and cannot be used either.
        others: Vec<PathBuf>,
    },
    /// The `pdb` heuristic was asked for in the multi-tile metric, and there
    /// is no multi-tile database for the board's shape where it was looked for.
    #[error("{}", multi_tile_not_found(*shape, path.as_deref()))]
    MultiTileNotFound {
        /// The board's shape.
        shape: crate::board::Shape,
        /// The file looked for; `None` when no database directory was given.
        path: Option<PathBuf>,
    },
    /// The multi-tile database for the board's shape would have been read,
    /// and it cannot be: `problem` is the file's own error (naming it:
    /// truncated, corrupt, not a database…), included in the message rather
    /// than a `source()`.
    #[error("the multi-tile database for {shape} boards cannot be used: {}", problem.full_message())]
    MultiTileUnusable {
        /// The board's shape.
        shape: crate::board::Shape,
        /// Why the file cannot be used.
        problem: Box<Error>,
    },
    /// No database file where one was looked for.
    #[error("no pattern database at {}", path.display())]
    Missing {
        /// Where it was looked for.
        path: PathBuf,
        /// The databases wanted.
        spec: Box<PdbSpec>,
    },
    /// A file that does not start with the magic bytes of a pattern database.
    #[error("{} is not an npuzzle pattern database (wrong magic bytes)", path.display())]
    Magic {
        /// The file.
        path: PathBuf,
        /// The databases wanted, if known.
        spec: Option<Box<PdbSpec>>,
    },
    /// A database file written in another format version.
    #[error("{} has pattern database format version {got}, but this npuzzle reads versions 1 to {expected}", path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// The newest version this library reads.
        expected: u32,
        /// The version in the file.
        got: u32,
        /// The databases wanted, if known.
        spec: Option<Box<PdbSpec>>,
    },
    /// A database file built for another board, goal or partition.
    #[error("{} is a pattern database for {what} {got}, not {expected}", path.display())]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What differs: "board", "goal" or "partition".
        what: &'static str,
        /// What was asked for.
        expected: String,
        /// What the file holds.
        got: String,
        /// The databases wanted.
        spec: Option<Box<PdbSpec>>,
    },
    /// A database file shorter than its header says.
    #[error("{} is truncated: {got} bytes of {expected} (was its build killed or its copy cut short?)", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Bytes it should have (at least).
        expected: u64,
        /// Bytes it has.
        got: u64,
        /// The databases wanted, or failing that what the file says it holds, if known.
        spec: Option<Box<PdbSpec>>,
    },
    /// A database file whose contents do not match their checksum.
    #[error("{} is corrupt: its {part} checksum is {computed:016x}, but {stored:016x} was recorded", path.display())]
    Checksum {
        /// The file.
        path: PathBuf,
        /// "header" (checked on every open) or "data" (checked by `verify`).
        part: &'static str,
        /// The checksum recorded in the file.
        stored: u64,
        /// The checksum of what the file holds.
        computed: u64,
        /// The databases wanted, or failing that what the file says it holds, if known.
        spec: Option<Box<PdbSpec>>,
    },
    /// A database file whose header is self-contradictory although its checksum matches.
    #[error("{} is corrupt: {reason}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
        /// The databases wanted, or failing that what the file says it holds, if known.
        spec: Option<Box<PdbSpec>>,
    },
}

/// `pattern database`, or the databases of `partition`.
fn wanted(partition: Option<&Partition>) -> String {
    partition.map_or_else(
        || "pattern database".to_string(),
        |p| format!("{} databases", p.to_arg()),
    )
}

fn not_found(goal: &Goal, partition: Option<&Partition>, dir: Option<&Path>) -> String {
    let place = dir.map_or_else(
        || "(no database directory was given)".to_string(),
        |d| format!("in {}", d.display()),
    );
    format!(
        "no {} for {} boards with goal {goal} {place}",
        wanted(partition),
        goal.shape()
    )
}

fn multi_tile_not_found(shape: crate::board::Shape, path: Option<&Path>) -> String {
    match path {
        Some(path) => format!(
            "no multi-tile database for {shape} boards: {} does not exist",
            path.display()
        ),
        None => format!("no multi-tile database for {shape} boards (no database directory was given)"),
    }
}

fn unusable(goal: &Goal, partition: Option<&Partition>, dir: &Path, problem: &Error, others: &[PathBuf]) -> String {
    let more = match others {
        [] => String::new(),
        [one] => format!(" (and {} cannot be used either)", one.display()),
        _ => format!(
            " (and {} more files cannot be used either: {})",
            others.len(),
            others
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    format!(
        "no usable {} for {} boards with goal {goal} in {}: {}{more}",
        wanted(partition),
        goal.shape(),
        dir.display(),
        problem.full_message()
    )
}
