//! Small shared helpers for the front-ends' threads.

use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

/// Locks `m`, ignoring poisoning: every map and list behind these locks is
/// changed by one call at a time, so a panic elsewhere cannot leave it
/// half-updated.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Every core the machine offers, asked once: the answer reads cgroup files
/// (about 50 µs), ten times what solving a small board takes.
pub fn all_cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
