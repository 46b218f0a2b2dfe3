//! The progress line of a long search: on a terminal only, cleared before
//! the answer.

use std::process::Command;

use crate::{npuzzle, stderr, stdout};

/// Korf & Felner's 24-puzzle #1 (blank-first goal): IDA* with Manhattan
/// distance runs for days, so every run here ends at its time limit.
const HARD_5X5: &str = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13";

/// The solve the tests watch: Manhattan distance, chosen by name (so no
/// advice about databases is printed), stopped by `--timeout`.
fn args(timeout: &str) -> Vec<&str> {
    vec![
        "solve",
        "--goal",
        "blank-first",
        "--heuristic",
        "manhattan",
        "--timeout",
        timeout,
        HARD_5X5,
    ]
}

#[test]
fn a_long_search_with_piped_stderr_prints_no_progress() {
    let out = npuzzle(&args("2.5"), "");
    assert_eq!(out.status.code(), Some(1), "the time limit runs out");
    assert_eq!(stderr(&out), "", "nothing on a piped stderr");
    assert!(
        stdout(&out).contains("no answer: time limit reached"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_long_search_on_a_terminal_shows_its_bound_and_nodes_then_clears_the_line() {
    // `script` (util-linux, in Debian's essential bsdutils) runs the command on a pseudo-terminal.
    let command = std::iter::once(env!("CARGO_BIN_EXE_npuzzle").to_string())
        .chain(args("3").iter().map(|a| format!("'{a}'")))
        .collect::<Vec<_>>()
        .join(" ");
    let out = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .output()
        .expect("`script` runs (util-linux)");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "the time limit runs out: {text}");
    let first = text
        .find("npuzzle: IDA* bound ")
        .unwrap_or_else(|| panic!("a progress line: {text:?}"));
    let line = &text[first..];
    let line = &line[..line.find(['\r', '\n']).unwrap_or(line.len())];
    assert!(line.contains(" expanded, ") && line.contains("/s, "), "{line:?}");
    assert!(
        line.contains(&format!("(estimate {})", manhattan(HARD_5X5))),
        "{line:?}"
    );
    // The answer comes after the last drawing of the line, and after a clear of it.
    let answer = text.find("no answer: time limit reached").expect("the answer");
    let last_draw = text.rfind("npuzzle: IDA* bound ").expect("drawn");
    assert!(last_draw < answer, "{text:?}");
    assert!(
        text[last_draw..answer].contains("\x1b[2K"),
        "the line is cleared: {text:?}"
    );
}

/// Manhattan distance of a 5x5 board to the blank-first goal (tile t at cell t),
/// computed here rather than by the library.
fn manhattan(board: &str) -> usize {
    board
        .split_whitespace()
        .map(|t| t.parse::<usize>().expect("a tile number"))
        .enumerate()
        .filter(|&(_, tile)| tile != 0)
        .map(|(cell, tile)| (cell / 5).abs_diff(tile / 5) + (cell % 5).abs_diff(tile % 5))
        .sum()
}
