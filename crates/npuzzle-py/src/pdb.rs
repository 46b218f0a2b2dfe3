//! Pattern database files: build (with progress), open, list.

use std::path::{Path, PathBuf};

use npuzzle::heuristic::pdb::{self, AdditivePdb, BuildOptions, PdbSpec, TableKind};
use npuzzle::Cancel;
use pyo3::prelude::*;

use crate::errors::{raise, to_py, Class, OrRaise};
use crate::input::{self, GoalArg, SizeArg};
use crate::solvers::SharedSolvers;

/// What a database file holds.
#[pyclass(module = "npuzzle.pdb", frozen, get_all)]
pub struct PdbInfo {
    /// The file.
    path: String,
    /// `(width, height)` of the boards it is for.
    size: (usize, usize),
    /// The goal it is for (blank `x`).
    goal: String,
    /// The partition: a name such as `"7-8"`, or the tiles (`"1,2,3/4,5,6,7,8"`).
    partition: String,
    /// Entries in all its tables.
    entries: u64,
    /// Whether its tables are zero-aware (a value per placement and region
    /// of free cells the blank is in; `npuzzle pdb build --zero-aware`).
    zero_aware: bool,
    /// How its tables keep their values: `"classic"`, `"zero-aware"` or
    /// `"zero-aware compact"` (a byte per placement; `npuzzle pdb build --compact`).
    kind: String,
    /// Size of the file in bytes.
    bytes: u64,
}

#[pymethods]
impl PdbInfo {
    fn __repr__(&self) -> String {
        format!(
            "PdbInfo(path='{}', size={:?}, goal='{}', partition='{}', zero_aware={}, kind='{}', bytes={})",
            self.path,
            self.size,
            self.goal,
            self.partition,
            if self.zero_aware { "True" } else { "False" },
            self.kind,
            self.bytes
        )
    }
}

impl PdbInfo {
    fn new(path: &Path, info: &pdb::PdbInfo) -> PdbInfo {
        let shape = info.spec.shape();
        PdbInfo {
            path: path.display().to_string(),
            size: (shape.width(), shape.height()),
            goal: info.spec.goal().to_string(),
            partition: info.spec.partition().to_arg(),
            entries: info.spec.entries(),
            zero_aware: info.spec.zero_aware(),
            kind: info.spec.kind().label().to_string(),
            bytes: info.bytes,
        }
    }
}

/// Where a build is, passed to the progress callback of `npuzzle.pdb.build`.
#[pyclass(module = "npuzzle.pdb", frozen, get_all)]
pub struct BuildProgress {
    /// The pattern being built (0-based).
    pattern: usize,
    /// Number of patterns.
    patterns: usize,
    /// Pattern moves of the layer being expanded.
    depth: u32,
    /// Share of all entries reached, from 0 to 1.
    fraction: f64,
}

#[pymethods]
impl BuildProgress {
    fn __repr__(&self) -> String {
        format!(
            "BuildProgress(pattern={}, patterns={}, depth={}, fraction={:.3})",
            self.pattern, self.patterns, self.depth, self.fraction
        )
    }
}

/// The database directory (`npuzzle.pdb` passes the default one when none is given).
fn dir(pdb_dir: Option<PathBuf>) -> PyResult<PathBuf> {
    pdb_dir.ok_or_else(|| {
        raise(
            Class::Pdb,
            "no database directory: pass pdb_dir= or set NPUZZLE_PDB_DIR (no cache directory was found)",
        )
    })
}

/// Builds the databases of `partition` (the recommended set when `None`) for
/// boards of `size` and saves them in the database directory; returns the
/// file's path. See `npuzzle.pdb.build`.
#[pyfunction]
#[pyo3(name = "build_pdb", signature = (size, partition, goal, pdb_dir, threads, max_memory, progress, zero_aware, compact))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `npuzzle.pdb.build`, passed on as they are
pub fn build(
    py: Python<'_>,
    size: SizeArg,
    partition: Option<&str>,
    goal: Option<GoalArg>,
    pdb_dir: Option<PathBuf>,
    threads: Option<usize>,
    max_memory: Option<u64>,
    progress: Option<Py<PyAny>>,
    zero_aware: bool,
    compact: bool,
) -> PyResult<PathBuf> {
    let shape = size.shape()?;
    let goal = input::goal(goal.as_ref(), shape, true).or_raise()?;
    let spec = match partition {
        Some(partition) => PdbSpec::parse(&goal, partition).or_raise()?,
        None => PdbSpec::recommended(&goal).or_raise()?,
    };
    let spec = match (zero_aware, compact) {
        (true, true) => {
            return Err(raise(
                Class::Option,
                "zero_aware=True and compact=True: pick one (compact tables are zero-aware)",
            ))
        }
        (true, false) => spec.with_kind(TableKind::ZeroAware),
        (false, true) => spec.with_kind(TableKind::Compact),
        (false, false) => spec,
    };
    let dir = dir(pdb_dir)?;
    let options = BuildOptions {
        threads: threads.unwrap_or(0),
        max_memory,
    };
    // The callback's first exception (or a Ctrl-C, which Python's handler
    // turns into KeyboardInterrupt when the callback, on this thread, looks
    // at the signals) cancels the build: its threads stop within a chunk of
    // entries, the exception is raised, and nothing is saved.
    let mut failure: Option<PyErr> = None;
    let cancel = Cancel::new();
    let built = py.detach(|| {
        AdditivePdb::build_with(&spec, &options, &cancel, &mut |p| {
            if failure.is_some() {
                return;
            }
            Python::attach(|py| {
                let report = || -> PyResult<()> {
                    py.check_signals()?;
                    if let Some(callback) = &progress {
                        let p = BuildProgress {
                            pattern: p.pattern,
                            patterns: p.patterns,
                            depth: p.depth,
                            fraction: p.fraction(),
                        };
                        callback.call1(py, (p,))?;
                    }
                    Ok(())
                };
                failure = report().err();
            });
            if failure.is_some() {
                cancel.cancel();
            }
        })
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let built = built.or_raise()?;
    let path = py
        .detach(|| {
            std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            built.save(&dir).map_err(|e| e.full_message())
        })
        .map_err(|message| raise(Class::Pdb, message))?;
    // Solvers resolved before this file existed would not read it.
    SharedSolvers::forget_all();
    Ok(path)
}

/// Opens a database file (its header is checked; with `verify`, every
/// checksum too). See `npuzzle.pdb.open`.
#[pyfunction]
#[pyo3(name = "open_pdb", signature = (path, verify))]
pub fn open(py: Python<'_>, path: PathBuf, verify: bool) -> PyResult<PdbInfo> {
    let opened = py.detach(|| {
        let pdb = AdditivePdb::open_any(&path)?;
        if verify {
            pdb.verify()?;
        }
        Ok(pdb)
    });
    let pdb: AdditivePdb = opened.map_err(to_py)?;
    Ok(PdbInfo::new(&path, &pdb.info()))
}

/// Readable files, and `(path, message)` for the others.
type Listing = (Vec<PdbInfo>, Vec<(String, String)>);

/// The database files in the directory: `(infos, problems)`, where problems
/// are `(path, message)` for files that cannot be used. See `npuzzle.pdb.list`.
#[pyfunction]
#[pyo3(name = "list_pdb", signature = (pdb_dir))]
pub fn list(py: Python<'_>, pdb_dir: Option<PathBuf>) -> PyResult<Listing> {
    let dir = dir(pdb_dir)?;
    let files = py.detach(|| pdb::list(&dir)).or_raise()?;
    let mut good = Vec::new();
    let mut bad = Vec::new();
    for f in files {
        match &f.info {
            Ok(info) => good.push(PdbInfo::new(&f.path, info)),
            Err(e) => bad.push((f.path.display().to_string(), e.full_message())),
        }
    }
    Ok((good, bad))
}
