//! A running search's progress, as a front-end passes it on (the browser
//! package's `onProgress` callback).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::progress::Progress;

/// What a running search has published: its starting estimate and the
/// bound of the iteration running now (iterative deepening searches; every
/// solution shorter than `bound` has been ruled out), the nodes expanded so
/// far and the time since it started.
///
/// ```
/// use std::time::Duration;
/// use npuzzle::record::ProgressRecord;
/// use npuzzle::Progress;
///
/// let record = ProgressRecord::new(&Progress::new(), Duration::from_millis(5));
/// let json = serde_json::to_string(&record).unwrap();
/// assert_eq!(json, r#"{"estimate":null,"bound":null,"expanded":0,"millis":5.0}"#);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProgressRecord {
    /// The heuristic's estimate of the start board, once published.
    pub estimate: Option<u32>,
    /// The f-bound of the iteration running now, once published.
    pub bound: Option<u32>,
    /// Nodes expanded so far (at most about a thousand behind).
    pub expanded: u64,
    /// Time since the search started.
    pub millis: f64,
}

impl ProgressRecord {
    /// The counters of `progress` now, `elapsed` after the search started.
    pub fn new(progress: &Progress, elapsed: Duration) -> ProgressRecord {
        ProgressRecord {
            estimate: progress.estimate(),
            bound: progress.bound(),
            expanded: progress.expanded(),
            millis: super::millis(elapsed),
        }
    }
}
