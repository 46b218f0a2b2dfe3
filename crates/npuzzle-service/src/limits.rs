//! A host's limits as one record, so that a page asks its engine (the
//! server, the browser package) instead of copying numbers: the board sizes
//! answered from tables, by exhaustive questions and by exact hints are the
//! engine's constants; the time budgets are the host's [`Caps`].
//!
//! ```
//! use std::time::Duration;
//! use npuzzle_service::limits::LimitsRecord;
//! use npuzzle_service::record::HostRecord;
//! use npuzzle_service::request::Caps;
//! let caps = Caps {
//!     default_timeout: Some(Duration::from_secs(10)),
//!     max_timeout: None,
//!     default_memory: 1 << 30,
//!     max_memory: None,
//! };
//! let record = HostRecord::Limits(LimitsRecord::new(&caps));
//! assert_eq!(
//!     serde_json::to_string(&record)?,
//!     r#"{"type":"limits","data":{"table_cells":10,"exhaustive_max_cells":12,"hint_max_cells":25,"default_timeout_ms":10000,"max_timeout_ms":null}}"#
//! );
//! # Ok::<(), serde_json::Error>(())
//! ```

use std::time::Duration;

use npuzzle::search::{AUTO_OPTIMAL_CELLS, AUTO_TABLE_CELLS};
use serde::Serialize;

use crate::exhaustive::EXHAUSTIVE_MAX_CELLS;
use crate::request::Caps;

/// What a host answers and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LimitsRecord {
    /// Boards of up to this many cells are answered at once from complete
    /// tables (by `auto`).
    pub table_cells: usize,
    /// Boards of up to this many cells can be compared, counted, given a
    /// distance distribution or a random board at an exact distance.
    pub exhaustive_max_cells: usize,
    /// The largest board an exact hint is given for (by `auto`).
    pub hint_max_cells: usize,
    /// A request's time budget when it names none (`None`: no limit).
    pub default_timeout_ms: Option<u64>,
    /// The largest time budget a request may ask for (`None`: any).
    pub max_timeout_ms: Option<u64>,
}

impl LimitsRecord {
    /// The limits of a host with `caps`.
    pub fn new(caps: &Caps) -> LimitsRecord {
        let millis = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        LimitsRecord {
            table_cells: AUTO_TABLE_CELLS,
            exhaustive_max_cells: EXHAUSTIVE_MAX_CELLS,
            hint_max_cells: AUTO_OPTIMAL_CELLS,
            default_timeout_ms: caps.default_timeout.map(millis),
            max_timeout_ms: caps.max_timeout.map(millis),
        }
    }
}
