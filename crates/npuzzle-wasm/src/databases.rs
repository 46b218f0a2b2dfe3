//! Pattern databases in memory: built here (a browser has no database
//! directory), handed out as the bytes of their file for the caller to keep
//! (a page keeps them in IndexedDB), and handed back on a later visit.
//!
//! The session reads what is held through the service's
//! [`Memory`] source; holding a new set makes
//! a new session, so solvers made before it (without those databases) are
//! not reused.

use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;

use npuzzle::heuristic::pdb::{AdditivePdb, BuildOptions, BuildProgress, PdbSpec};
use npuzzle_service::source::{DatabaseSource, Memory};
use npuzzle_service::Session;
use serde::{Deserialize, Serialize};

use crate::error::JsError;
use npuzzle_service::options::parse_shape;

/// The 15-puzzle's set built when none is named.
pub const BROWSER_4X4: &str = "6-6-3";

/// The options of `buildDatabase`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildRequest {
    /// `WxH` (default 4x4).
    pub size: Option<String>,
    /// The goal (default standard).
    pub goal: Option<String>,
    /// The partition: a name such as `6-6-3`, or tiles like `1,2,3/4,5,6`
    /// (default: the one the command line recommends).
    pub partition: Option<String>,
    /// Refuse a build that would need more than this many bytes.
    pub max_memory: Option<u64>,
}

/// What `heldDatabases` lists for each set.
#[derive(Debug, Serialize)]
pub struct HeldRecord {
    /// The set's file name (what the command line would save it as).
    pub name: String,
    /// Its shape.
    pub size: String,
    /// Its goal.
    pub goal: String,
    /// Its partition.
    pub partition: String,
    /// Bytes of its tables.
    pub bytes: u64,
}

thread_local! {
    static HELD: RefCell<Vec<(String, AdditivePdb)>> = const { RefCell::new(Vec::new()) };
    static SESSION: RefCell<Option<Rc<Session>>> = const { RefCell::new(None) };
}

/// This thread's session, reading the databases held.
pub fn session() -> Rc<Session> {
    SESSION.with(|slot| {
        let mut slot = slot.borrow_mut();
        if let Some(session) = slot.as_ref() {
            return Rc::clone(session);
        }
        let held = HELD.with(|held| held.borrow().clone());
        let source = (!held.is_empty()).then(|| {
            let memory = held
                .into_iter()
                .fold(Memory::default(), |memory, (name, pdb)| memory.with(name, pdb));
            Arc::new(memory) as Arc<dyn DatabaseSource>
        });
        let session = Rc::new(Session::new(source));
        *slot = Some(Rc::clone(&session));
        session
    })
}

/// Holds `pdb` under its file name (replacing a set of that name) and
/// starts a new session that reads it.
fn hold(pdb: AdditivePdb) -> String {
    let name = pdb.spec().file_name();
    HELD.with(|held| {
        let mut held = held.borrow_mut();
        held.retain(|(n, _)| *n != name);
        held.push((name.clone(), pdb));
    });
    SESSION.with(|slot| *slot.borrow_mut() = None);
    name
}

/// The spec `request` asks for.
fn spec_of(request: &BuildRequest) -> Result<PdbSpec, JsError> {
    let shape = match request.size.as_deref() {
        Some(text) => parse_shape(text)?,
        None => npuzzle::Shape::new(4, 4)?,
    };
    let goal = npuzzle_service::input::read_goal(
        request.goal.clone().map(npuzzle_service::input::Tiles::Text).as_ref(),
        shape,
        true,
    )?;
    match request.partition.as_deref() {
        Some(partition) => PdbSpec::parse(&goal, partition).map_err(JsError::options),
        // The command line's 7-8 is 275 MiB: too much for a page; 6-6-3 is
        // 5.5 MiB and builds in seconds (bench/RESULTS-web.md).
        None if shape == npuzzle::Shape::new(4, 4)? => PdbSpec::parse(&goal, BROWSER_4X4).map_err(JsError::options),
        None => PdbSpec::recommended(&goal).map_err(JsError::options),
    }
}

/// Builds the databases `request` asks for, telling `progress` as it goes,
/// holds them, and returns their bytes (the file the command line would write).
pub fn build(request: &BuildRequest, progress: &mut dyn FnMut(&BuildProgress)) -> Result<Vec<u8>, JsError> {
    let spec = spec_of(request)?;
    let options = BuildOptions {
        threads: 1,
        max_memory: request.max_memory,
    };
    let pdb = AdditivePdb::build(&spec, &options, progress)?;
    let bytes = pdb.to_bytes();
    hold(pdb);
    Ok(bytes)
}

/// Holds the databases in `bytes` (from [`build`], or a file the command
/// line wrote), checked in full; returns their name.
pub fn load(bytes: &[u8]) -> Result<String, JsError> {
    let pdb = AdditivePdb::from_bytes(bytes, Path::new("<the bytes given>"))
        .map_err(|e| JsError::new("databases", e.full_message()))?;
    Ok(hold(pdb))
}

/// The sets held.
pub fn held() -> Vec<HeldRecord> {
    HELD.with(|held| {
        held.borrow()
            .iter()
            .map(|(name, pdb)| {
                let info = pdb.info();
                HeldRecord {
                    name: name.clone(),
                    size: pdb.spec().shape().to_string(),
                    goal: pdb.spec().goal_label(),
                    partition: info
                        .spec
                        .partition()
                        .name()
                        .map_or_else(|| info.spec.partition().to_string(), str::to_string),
                    bytes: pdb.patterns().iter().map(|p| p.table().len() as u64).sum(),
                }
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_set_is_read_by_the_next_solve_and_its_bytes_load_again() {
        let request = BuildRequest {
            size: Some("3x3".into()),
            partition: Some("1,2,3,4/5,6,7,8".into()),
            ..BuildRequest::default()
        };
        let mut calls = 0;
        let bytes = build(&request, &mut |_| calls += 1).unwrap();
        assert!(calls > 0, "the build told its progress");
        let options = npuzzle_service::Options {
            algorithm: Some("idastar".into()),
            heuristic: Some("pdb".into()),
            ..Default::default()
        };
        let record: serde_json::Value =
            serde_json::from_str(&crate::solve_json("8 6 7 2 5 4 3 x 1", &options).unwrap()).unwrap();
        assert_eq!(record["length"], 31);
        assert_eq!(record["heuristic"], "pdb");
        assert_eq!(load(&bytes).unwrap(), held()[0].name);
        assert_eq!(held().len(), 1, "the same set replaces itself");
        let err = load(&bytes[..bytes.len() - 3]).unwrap_err();
        assert_eq!(err.kind, "databases");
    }
}
