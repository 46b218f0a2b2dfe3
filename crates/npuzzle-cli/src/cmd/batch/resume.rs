//! `--resume`: which boards an existing results file already answers, and
//! how much of it is intact. A torn or foreign last line is dropped, so
//! that its board is solved again.

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use anyhow::{Context, Result};
use npuzzle::parse::BoardInput;
use npuzzle::record::{Record, SearchNames};

use super::{Format, Row};
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
/// searches that answered it (`None`: a row that names none — an invalid
/// input, or a row from before rows named their search).
pub type Done = HashSet<(usize, Option<SearchNames>)>;

/// Whether `input` has a row in `done` made by the search this batch would
/// run on it (or a row that names no search).
pub fn is_done(done: &Done, input: &BoardInput, options: &BoardOptions, solvers: &Solvers) -> bool {
    // Without rows to resume from (most runs), reading the board to name its search is wasted.
    if done.is_empty() {
        return false;
    }
    if done.contains(&(input.line, None)) {
        return true;
    }
    let planned = input.text.as_ref().ok().and_then(|text| {
        let (board, goal) = options.parse(text).ok()?;
        let solver = solvers.get(&goal).ok()?;
        Some(SearchNames::new(&solver, &board))
    });
    done.contains(&(input.line, planned))
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
                Some(row) => {
                    done.insert((row.line, row.search_names()));
                }
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
        assert_eq!(done, Done::from([(3, None)]));
        assert_eq!(keep, good.len() as u64 + 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `scan_existing` on a file holding `text`, in a directory of its own.
    fn scan(name: &str, text: &[u8], format: Format) -> (Done, u64) {
        let dir = std::env::temp_dir().join(format!("npuzzle-scan-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out");
        std::fs::write(&path, text).unwrap();
        let scanned = scan_existing(&path, format).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        scanned
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
            let want = Done::from([(1, None), (2, None)]);
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
        assert_eq!(scan("empty", b"", Format::Jsonl), (Done::new(), 0));
        let header = format!("{}\n", Row::CSV_HEADER);
        assert_eq!(
            scan("header", header.as_bytes(), Format::Csv),
            (Done::new(), header.len() as u64)
        );
    }
}
