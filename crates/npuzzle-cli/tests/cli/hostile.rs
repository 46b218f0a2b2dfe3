//! Hostile input: nothing a file holds may crash the program or lose the
//! other boards.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::{npuzzle, stderr, stdout};

/// Runs `npuzzle batch` on raw bytes and returns (exit code, rows, stderr).
fn batch_bytes(input: &[u8]) -> (Option<i32>, Vec<serde_json::Value>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_npuzzle"))
        .args(["batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let rows = String::from_utf8(out.stdout.clone())
        .expect("output is UTF-8")
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("each row is JSON"))
        .collect();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "{err}");
    (out.status.code(), rows, err)
}

const GOOD: &str = "8 6 7 2 5 4 3 x 1";

/// One hostile line between two good boards: the good ones are solved, the bad one reported.
fn check_sandwiched(bad: &[u8], message_part: &str) {
    let mut input = format!("{GOOD}\n").into_bytes();
    input.extend_from_slice(bad);
    input.extend_from_slice(format!("\n{GOOD}\n").as_bytes());
    let (code, rows, _) = batch_bytes(&input);
    assert_eq!(code, Some(1));
    assert_eq!(rows.len(), 3, "every line reported once");
    assert_eq!(rows[0]["data"]["outcome"], "solved");
    assert_eq!(rows[2]["data"]["outcome"], "solved");
    assert_eq!(rows[2]["data"]["line"], 3);
    let bad_row = &rows[1]["data"];
    assert_eq!(bad_row["outcome"], "invalid");
    assert_eq!(bad_row["line"], 2);
    let message = bad_row["message"].as_str().unwrap();
    assert!(message.contains(message_part), "{message}");
    assert!(message.len() < 300, "messages stay short: {} bytes", message.len());
    assert!(bad_row["board"].as_str().unwrap().chars().count() <= 81);
}

#[test]
fn huge_token() {
    let token = "7".repeat(100_000);
    check_sandwiched(format!("1 2 3 4 5 6 7 8 {token}").as_bytes(), "out of range");
}

#[test]
fn ten_megabyte_line() {
    let line = "1 ".repeat(5 * 1024 * 1024);
    check_sandwiched(line.as_bytes(), "no board holds 5242880 tiles");
}

#[test]
fn nul_bytes() {
    check_sandwiched(b"1 2 3 4 5 6 7 8 \0", "bad token");
}

#[test]
fn invalid_utf8() {
    check_sandwiched(b"1 2 3 \xff\xfe 5 6 7 8 x", "not valid UTF-8");
}

#[test]
fn negative_and_overflowing_numbers() {
    check_sandwiched(b"1 2 3 4 5 6 7 8 -1", "bad token");
    check_sandwiched(b"1 2 3 4 5 6 7 8 18446744073709551616", "out of range");
}

#[test]
fn board_of_1001_by_1001() {
    // Boards go up to 1000x1000 (a million cells); one more row and column is refused.
    let tiles: Vec<String> = (0..1001 * 1001).map(|t| t.to_string()).collect();
    check_sandwiched(tiles.join(" ").as_bytes(), "invalid board size 1001x1001");
    let out = npuzzle(&["solve", "--size", "1001x1001", "1 2 3"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid board size 1001x1001"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn empty_file_and_comment_only_file() {
    for input in [&b""[..], b"# nothing here\n# nor here\n\n"] {
        let (code, rows, err) = batch_bytes(input);
        assert_eq!(code, Some(0));
        assert!(rows.is_empty());
        assert!(err.contains("nothing to do"), "{err}");
    }
}

#[test]
fn solve_reports_hostile_stdin_without_panicking() {
    let out = npuzzle(&["solve", "--moves"], "1 2 3 4 5 6 7 8 \u{0}\n1 2 3 4 5 6 x 7 8\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "rr\n");
    assert!(stderr(&out).contains("line 1: bad token"), "{}", stderr(&out));
}
