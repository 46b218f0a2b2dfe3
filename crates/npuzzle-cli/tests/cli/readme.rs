//! The README's JSON examples are what the binary prints now.

use crate::{npuzzle, stdout};

/// The README's console examples: (command arguments after `npuzzle`, the lines printed).
fn console_examples() -> Vec<(Vec<String>, Vec<String>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let readme = std::fs::read_to_string(path).expect("README.md is readable");
    let mut examples = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ npuzzle ") {
            examples.push((shell_words(command), Vec::new()));
        } else if line.starts_with('$') {
            // Another program, or a pipe we do not replay: not an example of ours.
            examples.push((Vec::new(), Vec::new()));
        } else if let Some((_, printed)) = examples.last_mut() {
            printed.push(line.to_string());
        }
    }
    examples.retain(|(args, _)| !args.is_empty());
    examples
}

/// Splits a command line at spaces, keeping "double-quoted" words whole.
fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            '|' if !quoted => return Vec::new(),
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// A JSON line with its timings removed (they differ from run to run).
fn without_timings(line: &str) -> serde_json::Value {
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
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
    strip(&mut v);
    v
}

#[test]
fn readme_json_examples_are_what_the_binary_prints() {
    let mut checked = 0;
    for (args, printed) in console_examples() {
        if !args.iter().any(|a| a == "--json") {
            continue;
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = npuzzle(&args, "");
        let got: Vec<serde_json::Value> = stdout(&out).lines().map(without_timings).collect();
        let want: Vec<serde_json::Value> = printed.iter().map(|l| without_timings(l)).collect();
        assert_eq!(got, want, "README example `npuzzle {}`", args.join(" "));
        checked += 1;
    }
    assert!(checked >= 1, "the README has no `--json` example left to check");
}

#[test]
fn shell_words_keep_quoted_boards_whole() {
    assert_eq!(
        shell_words(r#"solve --json "1 2 3 4 5 6 x 7 8""#),
        ["solve", "--json", "1 2 3 4 5 6 x 7 8"]
    );
    assert!(shell_words("table --size 3x3 --stats | tail -4").is_empty());
}
