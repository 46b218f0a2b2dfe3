//! `npuzzle batch`: formats, order, budgets, bad input, and resuming after a kill.

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::{npuzzle, stderr, stdout};

/// `count` random solvable 8-puzzles from a fixed seed, one per line.
fn random_boards(count: usize, seed: u64) -> String {
    let out = npuzzle(
        &["random", "--count", &count.to_string(), "--seed", &seed.to_string()],
        "",
    );
    assert!(out.status.success());
    stdout(&out)
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("npuzzle-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// JSON rows keyed by input line, without the timing field (which differs run to run).
fn rows_without_timing(jsonl: &str) -> Vec<(u64, serde_json::Value)> {
    jsonl
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            assert_eq!(v["type"], "result");
            let data = v["data"].as_object_mut().expect("data object");
            data.remove("millis");
            (
                data["line"].as_u64().expect("line number"),
                serde_json::Value::Object(data.clone()),
            )
        })
        .collect()
}

#[test]
fn every_board_once_with_invalid_lines_reported_in_place() {
    let mut input = random_boards(30, 1);
    input.push_str("# a comment\n1 2 3 4 5 6 7 8\n2 1 3 4 5 6 7 8 x\n\n1 2 3\n4 5 6\n7 8 x\n");
    let out = npuzzle(&["batch"], &input);
    assert_eq!(out.status.code(), Some(1), "one invalid line means exit 1");
    let rows = rows_without_timing(&stdout(&out));
    let lines: Vec<u64> = rows.iter().map(|(l, _)| *l).collect();
    let mut expected: Vec<u64> = (1..=30).collect();
    expected.extend([32, 33, 35]);
    assert_eq!(lines, expected, "ordered by input line");
    let by_line: BTreeMap<u64, serde_json::Value> = rows.into_iter().collect();
    assert_eq!(by_line[&32]["outcome"], "invalid");
    assert!(by_line[&32]["message"].as_str().unwrap().contains("8 tiles"));
    assert_eq!(by_line[&33]["outcome"], "unsolvable");
    assert_eq!(by_line[&35]["outcome"], "solved");
    assert_eq!(by_line[&35]["length"], 0);
    for (_, row) in by_line.iter().filter(|(_, r)| r["outcome"] == "solved") {
        let board: npuzzle::Board = row["board"].as_str().unwrap().parse().unwrap();
        let moves = npuzzle::Move::parse_list(row["moves"].as_str().unwrap()).unwrap();
        assert_eq!(moves.len() as u64, row["length"].as_u64().unwrap());
        assert_eq!(board.replay(&moves).unwrap().to_string(), "1 2 3 4 5 6 7 8 x");
    }
    let err = stderr(&out);
    assert!(
        err.contains("1 invalid") && err.contains("31 solved") && err.contains("1 unsolvable"),
        "{err}"
    );
}

#[test]
fn unordered_output_holds_the_same_rows() {
    let input = random_boards(200, 2);
    let ordered = npuzzle(&["batch", "--threads", "2"], &input);
    let unordered = npuzzle(&["batch", "--threads", "2", "--unordered"], &input);
    assert!(ordered.status.success() && unordered.status.success());
    let mut a = rows_without_timing(&stdout(&ordered));
    let mut b = rows_without_timing(&stdout(&unordered));
    assert!(a.windows(2).all(|w| w[0].0 < w[1].0));
    a.sort_by_key(|r| r.0);
    b.sort_by_key(|r| r.0);
    assert_eq!(a, b);
}

#[test]
fn csv_has_a_header_and_one_row_per_board() {
    let out = npuzzle(&["batch", "--format", "csv"], "8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 7 y 8\n");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "line,board,outcome,length,moves,expanded,generated,millis,message"
    );
    assert!(lines[1].starts_with("1,8 6 7 2 5 4 3 x 1,solved,31,"), "{}", lines[1]);
    assert!(lines[2].starts_with("2,"), "{}", lines[2]);
    assert!(lines[2].contains(",invalid,"), "{}", lines[2]);
    assert_eq!(lines.len(), 3);
}

#[test]
fn a_node_budget_stops_one_board_and_the_batch_goes_on() {
    let input = "8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 x 7 8\n";
    let out = npuzzle(&["batch", "--algorithm", "idastar", "--max-nodes", "100"], input);
    assert_eq!(out.status.code(), Some(1));
    let rows = rows_without_timing(&stdout(&out));
    assert_eq!(rows[0].1["outcome"], "budget");
    assert_eq!(rows[0].1["message"], "node limit reached");
    assert_eq!(rows[1].1["outcome"], "solved");
}

#[test]
fn resumes_after_sigkill_with_every_board_exactly_once() {
    let dir = temp_dir("resume");
    let input_path = dir.join("boards.txt");
    std::fs::write(&input_path, random_boards(2000, 3)).unwrap();
    let input = input_path.to_str().unwrap();
    // Misplaced-tile IDA* is slow enough that a kill lands mid-run.
    let args = [
        "batch",
        "-a",
        "idastar",
        "--heuristic",
        "misplaced",
        "--threads",
        "2",
        "-i",
        input,
    ];
    let reference = dir.join("reference.jsonl");
    let full = Command::new(env!("CARGO_BIN_EXE_npuzzle"))
        .args(args)
        .args(["-o", reference.to_str().unwrap()])
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(full.success());
    let expected = rows_without_timing(&std::fs::read_to_string(&reference).unwrap());
    assert_eq!(expected.len(), 2000);

    for (round, wait_ms) in [40u64, 150, 400].into_iter().enumerate() {
        let out = dir.join(format!("out{round}.jsonl"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_npuzzle"))
            .args(args)
            .args(["-o", out.to_str().unwrap()])
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(wait_ms));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let resumed = Command::new(env!("CARGO_BIN_EXE_npuzzle"))
            .args(args)
            .args(["-o", out.to_str().unwrap(), "--resume"])
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(resumed.success(), "round {round}");
        let got = rows_without_timing(&std::fs::read_to_string(&out).unwrap());
        assert_eq!(
            got, expected,
            "round {round}: resumed output differs from an uninterrupted run"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigint_writes_what_is_done_and_exits_130() {
    let dir = temp_dir("sigint");
    let input_path = dir.join("boards.txt");
    std::fs::write(&input_path, random_boards(3000, 4)).unwrap();
    let out = dir.join("out.jsonl");
    let args = [
        "batch",
        "-a",
        "idastar",
        "--heuristic",
        "misplaced",
        "-i",
        input_path.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    let child = Command::new(env!("CARGO_BIN_EXE_npuzzle"))
        .args(args)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let result = child.wait_with_output().unwrap();
    if result.status.code() == Some(0) {
        // The run finished before the signal arrived: nothing to check about interruption.
        return;
    }
    assert_eq!(result.status.code(), Some(130));
    assert!(String::from_utf8_lossy(&result.stderr).contains("--resume"));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.ends_with('\n'), "no torn line after a graceful stop");
    let rows = rows_without_timing(&written);
    let lines: Vec<u64> = rows.iter().map(|r| r.0).collect();
    assert_eq!(lines, (1..=rows.len() as u64).collect::<Vec<_>>(), "an in-order prefix");
    std::fs::remove_dir_all(&dir).unwrap();
}
