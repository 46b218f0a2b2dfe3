//! The records the service adds to the engine's (which are about boards):
//! records about a host — its limits, its database files — in the same
//! `{"type": …, "data": {…}}` envelope, so a front-end writes them as it
//! writes the others.

use std::path::Path;

use npuzzle::heuristic::mtm_pdb::MtmPdb;
use npuzzle::heuristic::pdb::PdbInfo;
use serde::Serialize;

use crate::limits::LimitsRecord;

/// A host's record in its envelope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
#[non_exhaustive]
pub enum HostRecord {
    /// The host's limits.
    Limits(LimitsRecord),
    /// One database file.
    Database(DatabaseRecord),
}

/// One pattern database file: what it is for, or why it cannot be used.
///
/// ```
/// use npuzzle_service::record::{DatabaseRecord, HostRecord};
/// let record = HostRecord::Database(DatabaseRecord::unusable("a.pdb".as_ref(), "truncated".into()));
/// assert_eq!(
///     serde_json::to_string(&record)?,
///     r#"{"type":"database","data":{"path":"a.pdb","error":"truncated"}}"#
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DatabaseRecord {
    /// The file.
    pub path: String,
    /// The board's shape, `WxH`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    /// The goal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// The partition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partition: Option<String>,
    /// The tables' kind: `classic`, `zero-aware`, `zero-aware compact`, or
    /// `multi-tile` for a multi-tile database (which serves every goal with
    /// the blank in a corner: no goal, no partition).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The entries of a multi-tile database's table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entries: Option<u64>,
    /// The file's size in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
    /// Why it cannot be used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl DatabaseRecord {
    /// A usable file and its summary.
    pub fn usable(path: &Path, info: &PdbInfo) -> DatabaseRecord {
        DatabaseRecord {
            path: path.display().to_string(),
            size: Some(info.spec.shape().to_string()),
            goal: Some(info.spec.goal().to_string()),
            partition: Some(info.spec.partition().to_string()),
            kind: Some(info.spec.kind().label().to_string()),
            entries: None,
            bytes: Some(info.bytes),
            error: None,
        }
    }

    /// The kind of a multi-tile database, as records name it.
    pub const MULTI_TILE: &'static str = "multi-tile";

    /// A usable multi-tile database file of `bytes` bytes.
    ///
    /// ```
    /// use npuzzle::heuristic::mtm_pdb::{MtmPdb, RegionLayout};
    /// use npuzzle_service::record::DatabaseRecord;
    /// let pdb = MtmPdb::build(RegionLayout::default_for("3x2".parse()?)?, 1)?;
    /// let record = DatabaseRecord::multi_tile("3x2-multi-tile.mtm".as_ref(), &pdb, 784);
    /// assert_eq!(
    ///     serde_json::to_string(&record).unwrap(),
    ///     r#"{"path":"3x2-multi-tile.mtm","size":"3x2","kind":"multi-tile","entries":720,"bytes":784}"#
    /// );
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn multi_tile(path: &Path, pdb: &MtmPdb, bytes: u64) -> DatabaseRecord {
        DatabaseRecord {
            path: path.display().to_string(),
            size: Some(pdb.layout().shape().to_string()),
            goal: None,
            partition: None,
            kind: Some(DatabaseRecord::MULTI_TILE.to_string()),
            entries: Some(pdb.entries()),
            bytes: Some(bytes),
            error: None,
        }
    }

    /// A file that cannot be used, and why.
    pub fn unusable(path: &Path, error: String) -> DatabaseRecord {
        DatabaseRecord {
            path: path.display().to_string(),
            size: None,
            goal: None,
            partition: None,
            kind: None,
            entries: None,
            bytes: None,
            error: Some(error),
        }
    }
}
