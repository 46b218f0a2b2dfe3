//! A batch's rows on their way out: serialised by the worker that solved
//! the board, then written by one writer in input order (or as they come
//! with `--unordered`), counted for the closing summary and the bar.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Duration;

use anyhow::Result;
use indicatif::ProgressBar;
use npuzzle::record::{OutcomeName, Record};

use super::{Format, Row};
use crate::human::human_duration;
use crate::spool::{self, Spooled};

/// Room for most rows, so that one is not grown piecemeal as it is written.
const ROW_BYTES: usize = 512;

/// The serialised form of a row in `format`.
pub fn row_bytes(row: Row, format: Format) -> Result<Vec<u8>> {
    let line = Vec::with_capacity(ROW_BYTES);
    match format {
        Format::Jsonl => {
            let mut line = line;
            crate::output::write_json_line(&mut line, &Record::Result(row))?;
            Ok(line)
        }
        Format::Csv => {
            let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(line);
            w.serialize(row)?;
            Ok(w.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?)
        }
    }
}

/// One board's row, ready to write.
pub struct Solved {
    /// The board's place in the output order.
    pub index: usize,
    pub outcome: OutcomeName,
    pub millis: f64,
    /// The row serialised, or why it could not be.
    pub bytes: Result<Vec<u8>>,
    /// A big solution's moves, copied into the row as it is written.
    pub spooled: Option<Spooled>,
}

impl Solved {
    /// `row`, the `index`-th in the output, serialised in `format`.
    pub fn new(index: usize, row: Row, spooled: Option<Spooled>, format: Format) -> Solved {
        Solved {
            index,
            outcome: row.outcome,
            millis: row.millis,
            bytes: row_bytes(row, format),
            spooled,
        }
    }
}

/// Writes rows to `sink`, holding those that come before their turn.
pub struct Writer<'a> {
    sink: &'a mut dyn Write,
    unordered: bool,
    held: BTreeMap<usize, Solved>,
    /// Rows written so far (in order, the index of the next one).
    written: usize,
    summary: Summary,
    bar: &'a ProgressBar,
}

impl<'a> Writer<'a> {
    /// Writes to `sink` in input order unless `unordered`, counting rows on `bar`.
    pub fn new(sink: &'a mut dyn Write, unordered: bool, bar: &'a ProgressBar) -> Writer<'a> {
        Writer {
            sink,
            unordered,
            held: BTreeMap::new(),
            written: 0,
            summary: Summary::default(),
            bar,
        }
    }

    /// Writes `row`, and the held rows it was the last missing one before;
    /// or holds it until the rows before it are written.
    pub fn add(&mut self, row: Solved) -> Result<()> {
        self.summary.add(row.outcome, row.millis);
        self.bar.inc(1);
        if self.unordered {
            return self.write(row);
        }
        self.held.insert(row.index, row);
        while let Some(row) = self.held.remove(&self.written) {
            self.write(row)?;
        }
        Ok(())
    }

    fn write(&mut self, row: Solved) -> Result<()> {
        spool::write_row(&mut self.sink, &row.bytes?, row.spooled)?;
        self.written += 1;
        Ok(())
    }

    /// The rows written so far.
    pub fn written(&self) -> usize {
        self.written
    }

    pub fn flush(&mut self) -> std::io::Result<()> {
        self.sink.flush()
    }

    /// The counts and times for the closing summary.
    pub fn into_summary(self) -> Summary {
        self.summary
    }
}

/// Counts and timings for the closing summary.
#[derive(Default)]
pub struct Summary {
    counts: BTreeMap<OutcomeName, u64>,
    millis: Vec<f64>,
}

impl Summary {
    fn add(&mut self, outcome: OutcomeName, millis: f64) {
        *self.counts.entry(outcome).or_default() += 1;
        if outcome != OutcomeName::Invalid {
            self.millis.push(millis);
        }
    }

    /// Says on stderr what the batch did, in `total`, `skipped` boards found done.
    pub fn print(&mut self, total: Duration, skipped: usize) {
        let counts: Vec<String> = self.counts.iter().map(|(k, v)| format!("{v} {k}")).collect();
        let counts = if counts.is_empty() {
            "nothing to do".to_string()
        } else {
            counts.join(", ")
        };
        let resumed = if skipped > 0 {
            format!(" ({skipped} already done)")
        } else {
            String::new()
        };
        eprintln!("npuzzle batch: {counts}{resumed} in {}", human_duration(total));
        if !self.millis.is_empty() {
            self.millis.sort_by(f64::total_cmp);
            let pct = |p: f64| self.millis[((self.millis.len() - 1) as f64 * p).round() as usize];
            eprintln!(
                "per board: p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
                pct(0.5),
                pct(0.9),
                pct(0.99),
                pct(1.0)
            );
        }
    }

    /// Whether every board was solved or proven unsolvable.
    pub fn all_answered(&self) -> bool {
        self.counts
            .keys()
            .all(|k| matches!(k, OutcomeName::Solved | OutcomeName::Unsolvable))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(index: usize) -> Solved {
        let row = Row::invalid(index + 1, "1 2 3 x", "bad", Duration::from_micros(5));
        Solved::new(index, row, None, Format::Csv)
    }

    #[test]
    fn rows_are_written_in_input_order_unless_unordered() {
        for unordered in [false, true] {
            let mut out = Vec::new();
            let bar = ProgressBar::hidden();
            let mut writer = Writer::new(&mut out, unordered, &bar);
            for i in [1, 2, 0, 3] {
                writer.add(row(i)).unwrap();
            }
            assert_eq!(writer.written(), 4);
            let lines: Vec<char> = String::from_utf8(out)
                .unwrap()
                .lines()
                .map(|l| l.chars().next().unwrap())
                .collect();
            let want = if unordered {
                ['2', '3', '1', '4']
            } else {
                ['1', '2', '3', '4']
            };
            assert_eq!(lines, want, "unordered: {unordered}");
        }
    }

    #[test]
    fn a_row_waits_for_the_rows_before_it() {
        let mut out = Vec::new();
        let bar = ProgressBar::hidden();
        let mut writer = Writer::new(&mut out, false, &bar);
        writer.add(row(1)).unwrap();
        assert_eq!(writer.written(), 0);
        writer.add(row(0)).unwrap();
        assert_eq!(writer.written(), 2);
    }
}
