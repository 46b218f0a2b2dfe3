//! Progress bars for long work (batches, table and database builds) and the
//! progress line of a long search: on stderr when it is a terminal, hidden
//! when it is piped.

use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use npuzzle::Progress;

/// A bar of `len` steps drawn with `template` (indicatif's syntax), or a
/// hidden one when stderr is not a terminal.
pub fn bar(len: u64, template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    let style = ProgressStyle::with_template(template)
        .map(|s| s.progress_chars("=> "))
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// How long a search runs before its progress line appears: most searches
/// are over by then and never show one.
pub const SEARCH_LINE_AFTER: Duration = Duration::from_secs(1);

/// How often the progress line is redrawn.
const SEARCH_LINE_EVERY: Duration = Duration::from_millis(250);

/// The progress line of one running search, on stderr: drawn once the
/// search has run [`SEARCH_LINE_AFTER`], redrawn a few times a second from
/// the library's [`Progress`] counters, and cleared when this is dropped
/// (before the answer is printed). Nothing at all when stderr is not a
/// terminal.
pub struct SearchLine {
    stop: Option<mpsc::Sender<()>>,
    drawer: Option<JoinHandle<()>>,
}

impl SearchLine {
    /// Starts watching `progress` (whose search starts now) if stderr is a terminal.
    pub fn start(progress: &Progress) -> SearchLine {
        if !std::io::stderr().is_terminal() {
            return SearchLine {
                stop: None,
                drawer: None,
            };
        }
        let (stop, stopped) = mpsc::channel::<()>();
        let progress = progress.clone();
        let started = Instant::now();
        let drawer = std::thread::spawn(move || {
            // Any message or a hang-up means the search is over.
            if stopped.recv_timeout(SEARCH_LINE_AFTER) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let line = ProgressBar::new_spinner();
            line.set_style(ProgressStyle::with_template("{msg}").unwrap_or_else(|_| ProgressStyle::default_spinner()));
            loop {
                let elapsed = started.elapsed();
                line.set_message(search_line(
                    progress.estimate(),
                    progress.bound(),
                    progress.expanded(),
                    elapsed,
                ));
                if stopped.recv_timeout(SEARCH_LINE_EVERY) != Err(RecvTimeoutError::Timeout) {
                    break;
                }
            }
            line.finish_and_clear();
        });
        SearchLine {
            stop: Some(stop),
            drawer: Some(drawer),
        }
    }
}

impl Drop for SearchLine {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(drawer) = self.drawer.take() {
            // The drawer only formats and draws; if it panicked, the line is all that is lost.
            let _ = drawer.join();
        }
    }
}

/// The text of the progress line:
/// `npuzzle: IDA* bound 62 (estimate 52), 1.23 G expanded, 14.2 M/s, 1m 27s`.
pub fn search_line(estimate: Option<u32>, bound: Option<u32>, expanded: u64, elapsed: Duration) -> String {
    let what = match (bound, estimate) {
        (Some(bound), Some(estimate)) => format!("IDA* bound {bound} (estimate {estimate})"),
        (Some(bound), None) => format!("IDA* bound {bound}"),
        _ => "searching".to_string(),
    };
    let rate = expanded as f64 / elapsed.as_secs_f64().max(1e-3);
    format!(
        "npuzzle: {what}, {} expanded, {}/s, {}",
        human_count(expanded as f64),
        human_count(rate),
        clock_time(elapsed)
    )
}

/// The bar's note on the searches running in a batch: `1.23 G expanded in
/// running searches` (nothing before they have expanded anything).
pub fn running_nodes(expanded: u64) -> String {
    match expanded {
        0 => String::new(),
        n => format!("{} expanded in running searches", human_count(n as f64)),
    }
}

/// `950`, `12.3 k`, `1.23 G`: three significant digits.
fn human_count(n: f64) -> String {
    const UNITS: [&str; 5] = ["", " k", " M", " G", " T"];
    let mut v = n;
    let mut unit = 0;
    while v >= 1000.0 && unit + 1 < UNITS.len() {
        v /= 1000.0;
        unit += 1;
    }
    match unit {
        0 => format!("{v:.0}"),
        _ if v >= 100.0 => format!("{v:.0}{}", UNITS[unit]),
        _ if v >= 10.0 => format!("{v:.1}{}", UNITS[unit]),
        _ => format!("{v:.2}{}", UNITS[unit]),
    }
}

/// `7s`, `1m 27s`, `2h 05m 09s`.
fn clock_time(elapsed: Duration) -> String {
    let s = elapsed.as_secs();
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m {s:02}s"),
        (h, m, s) => format!("{h}h {m:02}m {s:02}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_line_names_bound_estimate_nodes_rate_and_time() {
        let line = search_line(Some(52), Some(62), 1_234_000_000, Duration::from_secs(87));
        assert_eq!(
            line,
            "npuzzle: IDA* bound 62 (estimate 52), 1.23 G expanded, 14.2 M/s, 1m 27s"
        );
        let line = search_line(None, None, 950, Duration::from_millis(1500));
        assert_eq!(line, "npuzzle: searching, 950 expanded, 633/s, 1s");
        assert_eq!(clock_time(Duration::from_secs(7509)), "2h 05m 09s");
        assert_eq!(human_count(12_345.0), "12.3 k");
        assert_eq!(running_nodes(0), "");
        assert_eq!(running_nodes(4_560_000), "4.56 M expanded in running searches");
    }
}
