//! Every console example of the README and the user guide (`docs/src`) is what the real binary
//! prints now.
//!
//! A ```` ```console ```` block holds commands (`$ …`, run by `sh` with this build's `npuzzle`
//! first on the `PATH`, in an empty directory holding the guide's fixture files, with no
//! pattern databases) and what each prints, stdout and stderr together. Timings are masked on
//! both sides, JSON lines are compared as values without their `millis`, and a line `…` stands
//! for any number of lines. A block that cannot run here (it needs big pattern databases, or
//! takes minutes) is marked by an HTML comment on the line before its fence, which the rendered
//! page does not show: `<!-- docs-check: skip (the reason) -->`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$` command and the lines it printed, with where it stands.
struct Example {
    place: String,
    command: String,
    printed: Vec<String>,
}

const SKIP: &str = "<!-- docs-check: skip (";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The README and every page of the guide.
fn documents() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("docs/src is readable")
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut out = vec![repo().join("README.md")];
    walk(&repo().join("docs/src"), &mut out);
    out
}

/// The console examples of one document.
fn examples(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).expect("the document is readable");
    let name = path.strip_prefix(repo()).unwrap_or(path).display().to_string();
    let mut out: Vec<Example> = Vec::new();
    let (mut in_block, mut checked) = (false, false);
    let mut previous = "";
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            if in_block {
                in_block = false;
            } else {
                in_block = true;
                let skip = previous.starts_with(SKIP);
                if skip {
                    assert!(
                        previous.len() > SKIP.len() + ") -->".len(),
                        "{name}:{i}: a skipped block says why"
                    );
                }
                checked = line == "```console" && !skip;
            }
        } else if in_block && checked {
            if let Some(command) = line.strip_prefix("$ ") {
                out.push(Example {
                    place: format!("{name}:{}", i + 1),
                    command: command.to_string(),
                    printed: Vec::new(),
                });
            } else if let Some(example) = out.last_mut() {
                example.printed.push(line.to_string());
            } else {
                panic!("{name}:{}: a console block starts with a `$` command", i + 1);
            }
        }
        if !line.trim().is_empty() {
            previous = line;
        }
    }
    out
}

/// Runs one command line as a user would, stderr after stdout's lines as the terminal shows them.
fn run(command: &str, dir: &Path) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_npuzzle"))
        .parent()
        .expect("the binary's directory");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    // A bound on every example: one that ran for minutes would belong in a skipped block.
    let out = Command::new("timeout")
        .args(["120", "sh", "-c"])
        .arg(format!("{command} 2>&1"))
        .current_dir(dir)
        .env("PATH", path)
        .env("NPUZZLE_PDB_DIR", dir.join("no-databases"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("sh runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A line with its durations (`11.05 ms`, `60 µs`, `1.01 s`) replaced by `<time>`.
fn masked(line: &str) -> String {
    const UNITS: [&str; 6] = ["ns", "µs", "us", "ms", "s", "min"];
    let words: Vec<&str> = line.split(' ').collect();
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let number = !words[i].is_empty() && words[i].chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',');
        let unit = words.get(i + 1).map(|w| w.trim_end_matches([',', ')', ';', ':']));
        if number && unit.is_some_and(|u| UNITS.contains(&u)) {
            let tail = &words[i + 1][unit.map_or(0, str::len)..];
            out.push(format!("<time>{tail}"));
            i += 2;
        } else {
            out.push(words[i].to_string());
            i += 1;
        }
    }
    out.join(" ")
}

/// A printed line as compared: JSON without its timings, any other line with durations masked
/// and its spaces collapsed (a column's width follows the widest time in it).
fn comparable(line: &str) -> String {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                map.remove("millis");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    if line.starts_with('{') {
        if let Ok(mut v) = serde_json::from_str::<serde_json::Value>(line) {
            strip(&mut v);
            return v.to_string();
        }
    }
    masked(line.trim_end()).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// CSV output with its `millis` column emptied: from a header line naming the column, every line
/// with as many fields (the summary lines after the rows have other shapes).
fn without_csv_millis<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut column: Option<(usize, usize)> = None;
    lines
        .map(|line| {
            let fields: Vec<String> = csv::ReaderBuilder::new()
                .has_headers(false)
                .from_reader(line.as_bytes())
                .records()
                .next()
                .and_then(Result::ok)
                .map(|r| r.iter().map(str::to_string).collect())
                .unwrap_or_default();
            if let Some(at) = fields.iter().position(|f| f == "millis") {
                column = Some((at, fields.len()));
                return line.to_string();
            }
            match column {
                Some((at, width)) if fields.len() == width => {
                    let mut fields = fields;
                    fields[at].clear();
                    let mut out = csv::Writer::from_writer(Vec::new());
                    out.write_record(&fields).expect("a record is written to memory");
                    String::from_utf8_lossy(&out.into_inner().expect("written"))
                        .trim_end()
                        .to_string()
                }
                _ => line.to_string(),
            }
        })
        .collect()
}

/// Whether `got` matches `want`, where a `…` line in `want` stands for any lines and a line
/// ending in `…` for any line that starts with what comes before it.
fn matches(want: &[String], got: &[String]) -> bool {
    let same = |w: &str, g: &str| match w.strip_suffix('…') {
        Some(prefix) => g.starts_with(prefix),
        None => w == g,
    };
    match want.split_first() {
        None => got.is_empty(),
        Some((first, rest)) if first == "…" => (0..=got.len()).any(|skip| matches(rest, &got[skip..])),
        Some((first, rest)) => got
            .split_first()
            .is_some_and(|(g, more)| same(first, g) && matches(rest, more)),
    }
}

/// Puts the files the examples read (`boards.txt`) into the directory they run in.
fn fixtures(dir: &Path) {
    let from = repo().join("docs/fixtures");
    for entry in std::fs::read_dir(&from).expect("docs/fixtures is readable") {
        let path = entry.expect("a fixture").path();
        std::fs::copy(&path, dir.join(path.file_name().expect("a file name"))).expect("the fixture is copied");
    }
}

#[test]
fn every_console_example_is_what_the_binary_prints() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for document in documents() {
        let examples = examples(&document);
        if examples.is_empty() {
            continue;
        }
        // One directory per document: its examples may use the files an earlier one wrote.
        let dir = crate::empty_dir("docs");
        fixtures(dir.path());
        for example in examples {
            // The web API's `curl` examples are sent to a real server by the server's tests.
            if example.command.starts_with("curl ") {
                continue;
            }
            let got: Vec<String> = without_csv_millis(run(&example.command, dir.path()).lines())
                .iter()
                .map(|l| comparable(l))
                .collect();
            let want: Vec<String> = without_csv_millis(example.printed.iter().map(String::as_str))
                .iter()
                .map(|l| comparable(l))
                .collect();
            if !matches(&want, &got) {
                failures.push(format!(
                    "{}: `$ {}`\n  documented:\n    {}\n  printed:\n    {}",
                    example.place,
                    example.command,
                    want.join("\n    "),
                    got.join("\n    ")
                ));
            }
            checked += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} examples differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        checked >= 20,
        "only {checked} console examples found in the README and the guide"
    );
}

#[test]
fn durations_are_masked_and_everything_else_kept() {
    assert_eq!(
        masked("table: 31 expanded, 31 generated, peak 181440 states (44.3 KiB), 11.05 ms"),
        "table: 31 expanded, 31 generated, peak 181440 states (44.3 KiB), <time>"
    );
    assert_eq!(
        masked("(table: 1002 expanded, 60 µs):"),
        "(table: 1002 expanded, <time>):"
    );
    assert_eq!(masked("staged + improve: 1.01 s"), "staged + improve: <time>");
    assert_eq!(masked("31 moves: ruul"), "31 moves: ruul");
}

#[test]
fn an_ellipsis_line_stands_for_any_lines() {
    let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&lines(&["a", "…", "d"]), &lines(&["a", "b", "c", "d"])));
    assert!(matches(&lines(&["a", "…", "d"]), &lines(&["a", "d"])));
    assert!(!matches(&lines(&["a", "…", "d"]), &lines(&["a", "b"])));
    assert!(!matches(&lines(&["a"]), &lines(&["a", "b"])));
    assert!(matches(&lines(&["moves: ud…"]), &lines(&["moves: udlr"])));
    assert!(!matches(&lines(&["moves: ud…"]), &lines(&["moves: lr"])));
}
