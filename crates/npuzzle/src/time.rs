//! The monotonic clock every budget and deadline reads.
//!
//! On `wasm32-unknown-unknown` the standard library has no clock
//! (`std::time::Instant::now` traps there), so the browser's
//! `performance.now()` stands in, through `web-time`; on every other target
//! this is `std::time::Instant` itself. Code in this crate and in the
//! front-ends that compute deadlines for it takes `Instant` from here, never
//! from `std::time`, so one build runs natively and in a browser.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::{Instant, SystemTime, UNIX_EPOCH};
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
