//! # npuzzle-wasm
//!
//! The npuzzle engine for JavaScript: the adapter behind the npm package
//! `npuzzle`. Each function takes a board as text (the command line's
//! syntax) and an options object (the server's JSON request fields), asks
//! the service layer, and returns the record `npuzzle solve --json` prints
//! under `data`: the same field names in the CLI, the HTTP API, Python and
//! JavaScript.
//!
//! A refusal (a board that cannot be read, an unknown option, a board too
//! big for the question) throws an `Error` named `NpuzzleError` with a
//! `kind`; a budget that runs out is an answer (`outcome: "budget"`), not an
//! exception. Everything runs on the calling thread, one thread per search:
//! in a page, call it from a Web Worker, and cancel by terminating the
//! worker (the package's `npuzzle/worker` module does both).
//!
//! The functions below are the Rust side; each `*_json` twin is the same
//! answer as JSON text, which is what the tests on native targets check.

pub mod databases;
pub mod error;
mod watch;

use npuzzle::record::{BoardRecord, Record};
use npuzzle::search::table::TableCache;
use npuzzle::{Cancel, Progress};
use npuzzle_service::exhaustive::{self, Exhaustive};
use npuzzle_service::input::read_goal;
use npuzzle_service::limits::LimitsRecord;
use npuzzle_service::options::{DistributionOptions, RandomOptions};
use npuzzle_service::render::{Picture, RenderOptions};
use npuzzle_service::request::{Caps, Limits, Question};
use npuzzle_service::{Options, Session};
use wasm_bindgen::prelude::*;

use crate::error::JsError;
use crate::watch::watched;

/// What this host allows a search: no time limit unless asked (a page
/// cancels by terminating its worker), and 1 GiB of memory unless asked (a
/// 32-bit address space, shared with the page's own).
const CAPS: Caps = Caps {
    default_timeout: None,
    max_timeout: None,
    default_memory: 1 << 30,
    max_memory: None,
};

thread_local! {
    /// Complete tables for `distribution` and `random` at a distance.
    static TABLES: TableCache = TableCache::default();
}

/// Runs `f` with this thread's session (see [`databases::session`]).
fn with_session<T>(f: impl FnOnce(&Session) -> T) -> T {
    f(&databases::session())
}

/// The `data` of `record`'s envelope, as JSON text.
fn data(record: &Record) -> Result<String, JsError> {
    let value = serde_json::to_value(record).map_err(|e| JsError::new("internal", e.to_string()))?;
    Ok(value["data"].to_string())
}

/// The answer to `question` about `board`, its search publishing to `progress`.
fn answer(board: &str, options: &Options, question: Question, progress: Option<&Progress>) -> Result<String, JsError> {
    let request = options.request(board, question, &CAPS)?;
    let record = with_session(|session| -> Result<Record, JsError> {
        let plan = session.plan(&request)?;
        Ok(plan.into_job().run(&Cancel::new(), progress)?.record())
    })?;
    data(&record)
}

/// `solve` as JSON text.
pub fn solve_json(board: &str, options: &Options) -> Result<String, JsError> {
    answer(board, options, options.solve_question(), None)
}

/// `hint` as JSON text.
pub fn hint_json(board: &str, options: &Options) -> Result<String, JsError> {
    answer(board, options, Question::Hint, None)
}

/// `count` as JSON text.
pub fn count_json(board: &str, options: &Options) -> Result<String, JsError> {
    answer(board, options, options.count_question(), None)
}

/// `list` as JSON text.
pub fn list_json(board: &str, options: &Options) -> Result<String, JsError> {
    answer(board, options, options.list_question(), None)
}

/// `board` as JSON text: the board and goal read, in canonical form.
pub fn board_json(board: &str, options: &Options) -> Result<String, JsError> {
    let size = options.shape()?;
    let (tiles, goal) = options.tiles(board);
    let parsed = tiles.board(size).map_err(|e| JsError::new("board", e.full_message()))?;
    let goal = read_goal(goal.as_ref(), parsed.shape(), size.is_some())?;
    data(&Record::Board(BoardRecord::new(&parsed, &goal, None)))
}

/// `compare` as JSON text.
pub fn compare_json(board: &str, options: &Options) -> Result<String, JsError> {
    let request = options.compare_request(board, &CAPS)?;
    let record = with_session(|session| -> Result<Record, JsError> {
        let job = session.comparison(&request)?;
        Exhaustive::Compare.check(job.board.shape())?;
        Ok(Record::Compare(job.run(&Cancel::new())?))
    })?;
    data(&record)
}

/// `random` as JSON text.
pub fn random_json(options: &RandomOptions) -> Result<String, JsError> {
    let budget = Limits::default().capped(&CAPS);
    let job = TABLES.with(|tables| options.job(tables))?;
    // Past the complete tables an optimal search confirms the board's distance.
    let record = match job.solver_spec() {
        Some(spec) => {
            let solver = with_session(|session| session.solver(&spec, &job.goal))?;
            job.run_confirmed(&solver, budget)?
        }
        None => TABLES.with(|tables| job.run(tables, budget))?,
    };
    data(&Record::Board(record))
}

/// `distribution` as JSON text.
pub fn distribution_json(options: &DistributionOptions) -> Result<String, JsError> {
    let goal = options.goal().map_err(|e| match e {
        npuzzle_service::Error::SizeNeeded => {
            JsError::new("options", "give the board size, for example { size: \"3x3\" }")
        }
        other => other.into(),
    })?;
    let metric = options.metric()?;
    let budget = Limits::default().capped(&CAPS);
    let record = TABLES.with(|tables| exhaustive::distribution(&goal, metric, tables, budget))?;
    data(&Record::Distribution(record))
}

/// `render` as SVG text.
pub fn render_svg(board: &str, options: &RenderOptions) -> Result<String, JsError> {
    match options.render(board)? {
        Picture::Svg(svg) => Ok(svg),
        // This package draws SVG only (the service's `raster` feature is off).
        other => Err(JsError::new(
            "options",
            format!("{} pictures are not built in here: ask for svg", other.format()),
        )),
    }
}

/// `limits` as JSON text: the board sizes each answer takes here, and the
/// time budgets (none: a page cancels by terminating its worker).
pub fn limits_json() -> Result<String, JsError> {
    serde_json::to_string(&LimitsRecord::new(&CAPS)).map_err(|e| JsError::new("internal", e.to_string()))
}

// --- the JavaScript side -----------------------------------------------------

/// Options from JavaScript (`undefined` and `null` are no options), read
/// through JSON so that an unknown field is refused by name, as the server
/// refuses it.
fn read<T: serde::de::DeserializeOwned + Default>(options: JsValue) -> Result<T, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(T::default());
    }
    let refused = |message: String| JsError::new("options", format!("reading the options: {message}")).into_js();
    let text = js_sys::JSON::stringify(&options).map_err(|_| refused("they are not plain data".into()))?;
    let text = text.as_string().unwrap_or_default();
    serde_json::from_str(&text).map_err(|e| refused(e.to_string()))
}

/// JSON text as a JavaScript value.
fn to_js(answer: Result<String, JsError>) -> Result<JsValue, JsValue> {
    let text = answer.map_err(JsError::into_js)?;
    js_sys::JSON::parse(&text)
}

/// Solves `board`: an optimal solution where the search finishes in its
/// budget, else the outcome that stopped it. `onProgress`, if given, is
/// called with `{ estimate, bound, expanded, millis }` at each new bound of
/// an iterative deepening search and about ten times a second in between.
#[wasm_bindgen]
pub fn solve(board: &str, options: JsValue, on_progress: Option<js_sys::Function>) -> Result<JsValue, JsValue> {
    let options: Options = read(options)?;
    to_js(watched(on_progress, |progress| {
        answer(board, &options, options.solve_question(), progress)
    }))
}

/// The board's exact distance and the distance after each move of the blank.
#[wasm_bindgen]
pub fn hint(board: &str, options: JsValue) -> Result<JsValue, JsValue> {
    to_js(hint_json(board, &read(options)?))
}

/// Solves `board` and counts its optimal solutions (`onProgress` as `solve`'s).
#[wasm_bindgen]
pub fn count(board: &str, options: JsValue, on_progress: Option<js_sys::Function>) -> Result<JsValue, JsValue> {
    let options: Options = read(options)?;
    to_js(watched(on_progress, |progress| {
        answer(board, &options, options.count_question(), progress)
    }))
}

/// Solves `board` and lists up to `options.limit` (default 100) optimal
/// solutions (`onProgress` as `solve`'s).
#[wasm_bindgen]
pub fn list(board: &str, options: JsValue, on_progress: Option<js_sys::Function>) -> Result<JsValue, JsValue> {
    let options: Options = read(options)?;
    to_js(watched(on_progress, |progress| {
        answer(board, &options, options.list_question(), progress)
    }))
}

/// Every algorithm with every heuristic that fits, on boards of up to 12 cells.
#[wasm_bindgen]
pub fn compare(board: &str, options: JsValue) -> Result<JsValue, JsValue> {
    to_js(compare_json(board, &read(options)?))
}

/// The board and goal read, in canonical form (blank `x`, single spaces).
#[wasm_bindgen]
pub fn board(board: &str, options: JsValue) -> Result<JsValue, JsValue> {
    to_js(board_json(board, &read(options)?))
}

/// A random solvable board (uniform), or one at an exact distance.
#[wasm_bindgen]
pub fn random(options: JsValue) -> Result<JsValue, JsValue> {
    to_js(random_json(&read(options)?))
}

/// An SVG picture of `board`, or with `options.moves` an animation of them
/// played on it; `options`: `size`, `goal`, `scheme` (`none`, `rows`,
/// `fringe`), `moves`, `notation` (`blank` or `tiles`).
#[wasm_bindgen]
pub fn render(board: &str, options: JsValue) -> Result<String, JsValue> {
    render_svg(board, &read(options)?).map_err(JsError::into_js)
}

/// How many boards lie at each distance from the goal (boards of up to 12 cells).
#[wasm_bindgen]
pub fn distribution(options: JsValue) -> Result<JsValue, JsValue> {
    to_js(distribution_json(&read(options)?))
}

/// How often a database build or a search tells its progress callback, at most.
const PROGRESS_EVERY_MS: u128 = 100;

/// Builds pattern databases (default: the recommended set for a 4x4 board),
/// holds them for every later call, and returns the bytes of their file, to
/// keep and hand back with `loadDatabase` on a later visit. `onProgress`, if
/// given, is called with `{ done, total, pattern, patterns }` (entries)
/// about ten times a second.
#[wasm_bindgen(js_name = buildDatabase)]
pub fn build_database(options: JsValue, on_progress: Option<js_sys::Function>) -> Result<js_sys::Uint8Array, JsValue> {
    let request: databases::BuildRequest = read(options)?;
    let mut last: Option<npuzzle::time::Instant> = None;
    let mut tell = |p: &npuzzle::heuristic::pdb::BuildProgress| {
        let Some(callback) = &on_progress else { return };
        if last.is_some_and(|t| t.elapsed().as_millis() < PROGRESS_EVERY_MS) {
            return;
        }
        last = Some(npuzzle::time::Instant::now());
        let text = format!(
            r#"{{"done":{},"total":{},"pattern":{},"patterns":{}}}"#,
            p.done + p.reached,
            p.total,
            p.pattern,
            p.patterns
        );
        if let Ok(value) = js_sys::JSON::parse(&text) {
            // A callback that throws does not stop the build.
            let _ = callback.call1(&JsValue::NULL, &value);
        }
    };
    let bytes = databases::build(&request, &mut tell).map_err(JsError::into_js)?;
    Ok(js_sys::Uint8Array::from(bytes.as_slice()))
}

/// Holds the databases in `bytes` (from `buildDatabase`, or a file `npuzzle
/// pdb build` wrote), checked in full; returns their name.
#[wasm_bindgen(js_name = loadDatabase)]
pub fn load_database(bytes: &[u8]) -> Result<String, JsValue> {
    databases::load(bytes).map_err(JsError::into_js)
}

/// The database sets held: name, size, goal, partition, bytes.
#[wasm_bindgen(js_name = heldDatabases)]
pub fn held_databases() -> Result<JsValue, JsValue> {
    let text =
        serde_json::to_string(&databases::held()).map_err(|e| JsError::new("internal", e.to_string()).into_js())?;
    js_sys::JSON::parse(&text)
}

/// This engine's limits: the board sizes each answer takes, the time budgets.
#[wasm_bindgen]
pub fn limits() -> Result<JsValue, JsValue> {
    to_js(limits_json())
}

/// The engine's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[cfg(test)]
mod tests;
