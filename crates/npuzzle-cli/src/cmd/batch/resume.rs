//! `--resume`: which boards an existing results file already answers, and
//! how much of it is intact. A torn or foreign last line is dropped, so
//! that its board is solved again.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use anyhow::{Context, Result};
use npuzzle::parse::BoardInput;
use npuzzle::record::{OutcomeName, Record, SearchNames, SearchSettings};

use super::{Format, Row};
use crate::human::{human_bytes, human_duration};
use crate::input::{BoardOptions, Solvers};

/// The row of a complete output line, if it is one of ours (rows written
/// before the last columns were added read too).
pub fn row_of(text: &str, format: Format) -> Option<Row> {
    match format {
        Format::Jsonl => match serde_json::from_str(text).ok()? {
            Record::Result(row) => Some(row),
            _ => None,
        },
        Format::Csv => {
            let mut r = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(text.as_bytes());
            r.deserialize().next()?.ok()
        }
    }
}

/// The rows already in an output file, for `--resume`: per input line, the
/// search and settings of each row, and how many rows record no settings
/// (written before rows did).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Done {
    rows: HashMap<usize, Vec<DoneRow>>,
    /// Rows that name their search but record no settings.
    unsettled: usize,
}

/// What a row already written says about the search that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct DoneRow {
    /// `None`: a row that names no search — an invalid input, or a row from
    /// before rows named their search.
    names: Option<SearchNames>,
    /// `None`: a row from before rows recorded their settings.
    settings: Option<SearchSettings>,
    /// Whether a budget stopped it (then the budget is part of the experiment).
    budget: bool,
}

impl DoneRow {
    fn of(row: &Row) -> DoneRow {
        DoneRow {
            names: row.search_names(),
            settings: row.search_settings(),
            budget: row.outcome == OutcomeName::Budget,
        }
    }
}

/// What `--resume` makes of one board.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A row made the same way is there.
    Done,
    /// No row made the same way: solve it. `differs` names how the rows of
    /// the same search that are there were made otherwise, if any are.
    Solve { differs: Option<String> },
}

impl Done {
    /// No rows.
    pub fn new() -> Done {
        Done::default()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    fn insert(&mut self, row: &Row) {
        let done = DoneRow::of(row);
        if done.names.is_some() && done.settings.is_none() {
            self.unsettled += 1;
        }
        self.rows.entry(row.line).or_default().push(done);
    }

    /// The lines that have rows, in order.
    #[cfg(test)]
    fn lines(&self) -> Vec<usize> {
        let mut lines: Vec<usize> = self.rows.keys().copied().collect();
        lines.sort_unstable();
        lines
    }

    /// How many rows name their search but record no settings: they count
    /// as done by their search's names alone.
    pub fn unsettled(&self) -> usize {
        self.unsettled
    }

    /// Whether the board at `line` is answered by a row made by `planned`,
    /// the search and settings this run would use on it (`None`: it cannot
    /// be read, so only a row naming no search answers it).
    ///
    /// A row that names no search or records no settings counts as done
    /// (older rows). Otherwise the names and the settings must be the same,
    /// the budgets too when a budget stopped the row: a finished search's
    /// answer and counts do not depend on a budget it did not reach, and a
    /// board that ran out is solved again with another budget.
    pub fn verdict(&self, line: usize, planned: Option<&(SearchNames, SearchSettings)>) -> Verdict {
        let Some(rows) = self.rows.get(&line) else {
            return Verdict::Solve { differs: None };
        };
        // The differences from the row that is closest to this run.
        let mut differs: Option<Vec<(String, String)>> = None;
        for row in rows {
            let (Some(names), Some((want_names, want))) = (&row.names, planned) else {
                if row.names.is_none() {
                    return Verdict::Done;
                }
                continue;
            };
            if names != want_names {
                // Another algorithm or heuristic: rows of a campaign kept side by side.
                continue;
            }
            let Some(settings) = &row.settings else {
                return Verdict::Done;
            };
            let same = if row.budget {
                settings == want
            } else {
                settings.without_budget() == want.without_budget()
            };
            if same {
                return Verdict::Done;
            }
            let these = differences(settings, want, row.budget);
            if differs.as_ref().is_none_or(|d| these.len() < d.len()) {
                differs = Some(these);
            }
        }
        Verdict::Solve {
            differs: differs.map(|parts| {
                let (had, want): (Vec<String>, Vec<String>) = parts.into_iter().unzip();
                format!("{} (this run: {})", had.join(", "), want.join(", "))
            }),
        }
    }
}

/// How `had` (a row's settings) differs from `want` (this run's), in this
/// tool's flags: pairs such as (`--dup-len 8`, `--dup-len 2`).
fn differences(had: &SearchSettings, want: &SearchSettings, budget: bool) -> Vec<(String, String)> {
    let micros = |m: Option<u64>| m.map(std::time::Duration::from_micros);
    let goal = |g: &str| format!("--goal {g:?}");
    let dup = |d: Option<usize>| d.map_or("no duplicate pruning".to_string(), |d| format!("--dup-len {d}"));
    let improve = |t: Option<u64>| {
        micros(t).map_or("no --improve".to_string(), |t| {
            format!("--improve {}", human_duration(t))
        })
    };
    let nodes = |n: Option<u64>| n.map_or("no --max-nodes".to_string(), |n| format!("--max-nodes {n}"));
    let timeout = |t: Option<u64>| {
        micros(t).map_or("no --timeout".to_string(), |t| {
            format!("--timeout {}", human_duration(t))
        })
    };
    let memory = |m: Option<u64>| {
        m.map_or("no memory limit".to_string(), |m| {
            format!("a memory limit of {} a worker", human_bytes(m))
        })
    };
    let mut parts: Vec<(String, String)> = Vec::new();
    if had.goal != want.goal {
        parts.push((goal(&had.goal), goal(&want.goal)));
    }
    if had.duplicate_len != want.duplicate_len {
        parts.push((dup(had.duplicate_len), dup(want.duplicate_len)));
    }
    if had.improve_micros != want.improve_micros {
        parts.push((improve(had.improve_micros), improve(want.improve_micros)));
    }
    if budget {
        if had.max_nodes != want.max_nodes {
            parts.push((nodes(had.max_nodes), nodes(want.max_nodes)));
        }
        if had.timeout_micros != want.timeout_micros {
            parts.push((timeout(had.timeout_micros), timeout(want.timeout_micros)));
        }
        if had.max_memory != want.max_memory {
            parts.push((memory(had.max_memory), memory(want.max_memory)));
        }
    }
    parts
}

/// The search and settings this batch would use on `input`, if it can be read.
pub fn planned(input: &BoardInput, options: &BoardOptions, solvers: &Solvers) -> Option<(SearchNames, SearchSettings)> {
    let text = input.text.as_ref().ok()?;
    let (board, goal) = options.parse(text).ok()?;
    let solver = solvers.get(&goal).ok()?;
    let algorithm = solver.options().resolve(board.shape());
    Some((
        SearchNames::new(&solver, &board),
        SearchSettings::new(&solver, algorithm, &goal),
    ))
}

/// Reads an existing output file for `--resume`: the rows already written
/// and the length of the intact prefix (a torn or foreign last line is
/// dropped so that it is redone). The file is read a line at a time: a
/// campaign's results file may be large, and only the rows' keys are kept.
pub fn scan_existing(path: &Path, format: Format) -> Result<(Done, u64)> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Done::new(), 0)),
        Err(e) => return Err(e).with_context(|| format!("opening {}", path.display())),
    };
    let mut reader = BufReader::new(file);
    let mut done = Done::new();
    let mut keep = 0u64;
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = reader
            .read_until(b'\n', &mut line)
            .with_context(|| format!("reading {}", path.display()))?;
        // End of file, or a last line without its newline: torn, redone.
        let Some(body) = line.strip_suffix(b"\n") else { break };
        let Ok(text) = std::str::from_utf8(body) else { break };
        let is_header = format == Format::Csv && keep == 0 && text == Row::CSV_HEADER;
        if !is_header {
            match row_of(text, format) {
                Some(row) => done.insert(&row),
                None => break,
            }
        }
        keep += read as u64;
    }
    Ok((done, keep))
}

#[cfg(test)]
mod tests {
    use super::super::writer::row_bytes;
    use super::*;
    use std::time::Duration;

    #[test]
    fn rows_round_trip_through_both_formats() {
        let row = Row::invalid(7, "1 2 3 x", "bad token \"y\", at 3", Duration::from_micros(500));
        for format in [Format::Jsonl, Format::Csv] {
            let bytes = row_bytes(row.clone(), format).unwrap();
            let text = std::str::from_utf8(&bytes).unwrap();
            assert_eq!(text.matches('\n').count(), 1, "{text}");
            assert_eq!(row_of(text.trim_end(), format).map(|r| r.line), Some(7), "{text}");
        }
    }

    #[test]
    fn csv_rows_from_before_the_search_columns_still_resume() {
        let old = "4,1 2 3 4 5 6 x 7 8,solved,2,rr,2,2,0.5,";
        let row = row_of(old, Format::Csv).expect("an old row reads");
        assert_eq!((row.line, row.instance, row.search_names()), (4, 0, None));
    }

    #[test]
    fn torn_last_line_is_dropped_on_resume() {
        let dir = std::env::temp_dir().join(format!("npuzzle-scan-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.jsonl");
        let good = r#"{"type":"result","data":{"line":3,"board":"x","outcome":"solved","length":0,"moves":"","expanded":0,"generated":0,"millis":0.0,"message":null}}"#;
        std::fs::write(&path, format!("{good}\n{{\"type\":\"res")).unwrap();
        let (done, keep) = scan_existing(&path, Format::Jsonl).unwrap();
        assert_eq!(done.lines(), [3]);
        assert_eq!(keep, good.len() as u64 + 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `scan_existing` on a file holding `text`, in a directory of its own.
    fn scan(name: &str, text: &[u8], format: Format) -> (Vec<usize>, u64) {
        let dir = std::env::temp_dir().join(format!("npuzzle-scan-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out");
        std::fs::write(&path, text).unwrap();
        let (done, keep) = scan_existing(&path, format).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        (done.lines(), keep)
    }

    #[test]
    fn scanning_stops_at_the_first_foreign_or_torn_line_in_both_formats() {
        let rows: Vec<Row> = (1..=3)
            .map(|line| Row::invalid(line, "1 2 3 x", "bad", Duration::from_micros(5)))
            .collect();
        for format in [Format::Jsonl, Format::Csv] {
            let mut text = Vec::new();
            if format == Format::Csv {
                text.extend_from_slice(format!("{}\n", Row::CSV_HEADER).as_bytes());
            }
            for row in &rows[..2] {
                text.extend(row_bytes(row.clone(), format).unwrap());
            }
            let intact = text.len() as u64;
            let want = vec![1, 2];
            // Every row whole: all kept.
            assert_eq!(scan("whole", &text, format), (want.clone(), intact), "{format:?}");
            // The last row without its newline (killed mid-write) is redone, even when it parses.
            let mut torn = text.clone();
            torn.extend(row_bytes(rows[2].clone(), format).unwrap().strip_suffix(b"\n").unwrap());
            assert_eq!(scan("torn", &torn, format), (want.clone(), intact), "{format:?}");
            // A foreign line ends the intact prefix: what follows it is redone too.
            let mut foreign = text.clone();
            foreign.extend_from_slice(b"not a row\n");
            foreign.extend(row_bytes(rows[2].clone(), format).unwrap());
            assert_eq!(scan("foreign", &foreign, format), (want.clone(), intact), "{format:?}");
            // So does a line that is not UTF-8.
            let mut binary = text.clone();
            binary.extend_from_slice(b"\xff\xfe\n");
            assert_eq!(scan("binary", &binary, format), (want, intact), "{format:?}");
        }
        // An empty file, or a CSV file holding only its header, has no rows.
        assert_eq!(scan("empty", b"", Format::Jsonl), (vec![], 0));
        let header = format!("{}\n", Row::CSV_HEADER);
        assert_eq!(
            scan("header", header.as_bytes(), Format::Csv),
            (vec![], header.len() as u64)
        );
    }
}
