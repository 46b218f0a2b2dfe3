//! A search's progress passed to a JavaScript callback.
//!
//! The engine calls a [`Progress`] observer from inside the search; a
//! JavaScript function cannot travel in it (the observer must be `Send`),
//! so the callback waits in this thread's slot while its search runs and
//! the observer reads it there. New bounds are told at once, node counts
//! at most every [`PROGRESS_EVERY_MS`](crate::PROGRESS_EVERY_MS).

use std::cell::RefCell;

use npuzzle::record::ProgressRecord;
use npuzzle::time::Instant;
use npuzzle::Progress;
use wasm_bindgen::JsValue;

/// The callback of the search running on this thread, and what it was told.
struct Watcher {
    callback: js_sys::Function,
    started: Instant,
    last: Option<Instant>,
    bound: Option<u32>,
}

thread_local! {
    static WATCHER: RefCell<Option<Watcher>> = const { RefCell::new(None) };
}

/// Runs `search` with a [`Progress`] that tells `callback`, if one is given.
pub(crate) fn watched<T>(callback: Option<js_sys::Function>, search: impl FnOnce(Option<&Progress>) -> T) -> T {
    let Some(callback) = callback else {
        return search(None);
    };
    let watcher = Watcher {
        callback,
        started: Instant::now(),
        last: None,
        bound: None,
    };
    // A search started from inside a callback keeps the outer one's watcher
    // for after it.
    let outer = WATCHER.with(|slot| slot.replace(Some(watcher)));
    let progress = Progress::with_observer(tell);
    let result = search(Some(&progress));
    WATCHER.with(|slot| slot.replace(outer));
    result
}

/// The observer: the record to the callback, throttled.
fn tell(progress: &Progress) {
    let call = WATCHER.with(|slot| {
        let mut slot = slot.borrow_mut();
        let watcher = slot.as_mut()?;
        let new_bound = progress.bound() != watcher.bound;
        let recent = watcher
            .last
            .is_some_and(|t| t.elapsed().as_millis() < crate::PROGRESS_EVERY_MS);
        if !new_bound && recent {
            return None;
        }
        watcher.bound = progress.bound();
        watcher.last = Some(Instant::now());
        let record = ProgressRecord::new(progress, watcher.started.elapsed());
        Some((watcher.callback.clone(), record))
    });
    // Called with the slot released: the callback may start a search of its own.
    let Some((callback, record)) = call else { return };
    let Ok(text) = serde_json::to_string(&record) else {
        return;
    };
    if let Ok(value) = js_sys::JSON::parse(&text) {
        // A callback that throws does not stop the search.
        let _ = callback.call1(&JsValue::NULL, &value);
    }
}
