//! `npuzzle batch`: formats, order, budgets, bad input, and resuming after a kill.

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::{dir_arg, empty_dir, npuzzle, start, stderr, stdout};

/// `count` random solvable 8-puzzles from a fixed seed, one per line.
fn random_boards(count: usize, seed: u64) -> String {
    let out = npuzzle(
        &["random", "--count", &count.to_string(), "--seed", &seed.to_string()],
        "",
    );
    assert!(out.status.success());
    stdout(&out)
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
        "line,board,outcome,length,moves,expanded,generated,millis,message,instance,algorithm,heuristic,partition,\
         goal,duplicate_len,improve_millis,max_nodes,timeout_millis,max_memory"
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
    let scratch = empty_dir("resume");
    let dir = scratch.path();
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
}

#[test]
fn sigint_writes_what_is_done_and_exits_130() {
    let scratch = empty_dir("sigint");
    let dir = scratch.path();
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
}

/// A campaign file: comments above the instances, as published benchmark files have.
const CAMPAIGN: &str = "# two instances\n# (comments are not instances)\n8 6 7 2 5 4 3 x 1\n\n6 4 7 8 5 x 3 2 1\n";

/// Runs a batch of [`CAMPAIGN`] into `out` with IDA* and `heuristic`, plus `extra` arguments.
fn campaign(out: &std::path::Path, heuristic: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "batch",
        "-a",
        "idastar",
        "--heuristic",
        heuristic,
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    npuzzle(&args, CAMPAIGN)
}

/// The rows of a JSON Lines results file.
fn rows_in(path: &std::path::Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).expect("results file");
    rows_without_timing(&text).into_iter().map(|(_, row)| row).collect()
}

#[test]
fn rows_name_the_instance_and_the_search() {
    let scratch = empty_dir("names");
    let dir = scratch.path();
    let out = dir.join("results.jsonl");
    assert!(campaign(&out, "manhattan", &[]).status.success());
    let rows = rows_in(&out);
    let got: Vec<(u64, u64, &str, &str, bool, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["line"].as_u64().unwrap(),
                r["instance"].as_u64().unwrap(),
                r["algorithm"].as_str().unwrap(),
                r["heuristic"].as_str().unwrap(),
                r["partition"].is_null(),
                r["length"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (3, 1, "idastar", "manhattan", true, 31),
            (5, 2, "idastar", "manhattan", true, 31)
        ]
    );
}

/// A campaign is rerun with a new heuristic on the same results file: its
/// rows are added beside the old ones, and a rerun of either adds nothing.
#[test]
fn resume_adds_rows_for_another_heuristic_and_skips_the_ones_done() {
    let scratch = empty_dir("campaign");
    let dir = scratch.path();
    let out = dir.join("results.jsonl");
    assert!(campaign(&out, "manhattan", &[]).status.success());
    assert!(campaign(&out, "linear-conflict", &["--resume"]).status.success());
    let rows = rows_in(&out);
    let heuristics: Vec<(u64, &str)> = rows
        .iter()
        .map(|r| (r["instance"].as_u64().unwrap(), r["heuristic"].as_str().unwrap()))
        .collect();
    assert_eq!(
        heuristics,
        [
            (1, "manhattan"),
            (2, "manhattan"),
            (1, "linear-conflict"),
            (2, "linear-conflict")
        ]
    );
    assert!(rows.iter().all(|r| r["length"] == 31), "{rows:?}");
    let fewer = rows[2]["expanded"].as_u64() < rows[0]["expanded"].as_u64();
    assert!(fewer, "linear conflict expands fewer nodes than Manhattan: {rows:?}");
    for heuristic in ["manhattan", "linear-conflict"] {
        let again = campaign(&out, heuristic, &["--resume"]);
        assert!(again.status.success());
        assert!(
            stderr(&again).contains("nothing to do (2 already done)"),
            "{}",
            stderr(&again)
        );
    }
    assert_eq!(rows_in(&out).len(), 4);
}

/// `--resume --dup-len 2` took the rows of the default pruning for done
/// ("nothing to do (2 already done)"), though the node counts differ: rows
/// now record the settings, and a resume with other ones keeps them apart.
#[test]
fn resume_with_another_dup_len_solves_again_and_says_why() {
    let scratch = empty_dir("dup-len");
    let out = scratch.path().join("results.jsonl");
    assert!(campaign(&out, "manhattan", &[]).status.success());
    let again = campaign(&out, "manhattan", &["--dup-len", "2", "--resume"]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(
        stderr(&again).contains("has rows made with --dup-len 14 (this run: --dup-len 2); they are kept"),
        "{}",
        stderr(&again)
    );
    let rows = rows_in(&out);
    let got: Vec<(u64, u64, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["instance"].as_u64().unwrap(),
                r["duplicate_len"].as_u64().unwrap(),
                r["length"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, [(1, 14, 31), (2, 14, 31), (1, 2, 31), (2, 2, 31)]);
    assert!(rows.iter().all(|r| r["goal"] == "1 2 3 4 5 6 7 8 x"), "{rows:?}");
    let fewer = rows[0]["expanded"].as_u64() < rows[2]["expanded"].as_u64();
    assert!(fewer, "the longer pruning expands fewer nodes: {rows:?}");
    // Each setting's rerun finds its own rows.
    for extra in [&[][..], &["--dup-len", "2"][..]] {
        let args: Vec<&str> = extra.iter().copied().chain(["--resume"]).collect();
        let rerun = campaign(&out, "manhattan", &args);
        assert!(
            stderr(&rerun).contains("nothing to do (2 already done)"),
            "{}",
            stderr(&rerun)
        );
    }
    // So does another goal.
    let blank_first = campaign(&out, "manhattan", &["--goal", "blank-first", "--resume"]);
    assert!(
        stderr(&blank_first).contains(r#"--goal "1 2 3 4 5 6 7 8 x" (this run: --goal "x 1 2 3 4 5 6 7 8")"#),
        "{}",
        stderr(&blank_first)
    );
    assert_eq!(rows_in(&out).len(), 6);
}

/// A budget counts only for the rows it stopped: a finished row is done
/// whatever the budget, a stopped one is solved again with a larger one.
#[test]
fn resume_with_a_larger_budget_solves_only_the_boards_that_ran_out() {
    let scratch = empty_dir("budget-resume");
    let out = scratch.path().join("results.csv");
    let run = |extra: &[&str]| {
        let mut args = vec!["batch", "-a", "idastar", "--heuristic", "manhattan", "--format", "csv"];
        args.extend_from_slice(&["-o", out.to_str().unwrap()]);
        args.extend_from_slice(extra);
        // The solved board takes 2 nodes, the other thousands.
        npuzzle(&args, "1 2 3 4 5 6 x 7 8\n8 6 7 2 5 4 3 x 1\n")
    };
    assert_eq!(run(&["--max-nodes", "100"]).status.code(), Some(1));
    let again = run(&["--max-nodes", "10000000", "--resume"]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(
        stderr(&again).contains("--max-nodes 100 (this run: --max-nodes 10000000)"),
        "{}",
        stderr(&again)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let outcomes: Vec<(&str, &str)> = text
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0], f[2])
        })
        .collect();
    assert_eq!(outcomes, [("1", "solved"), ("2", "budget"), ("2", "solved")], "{text}");
    assert!(text
        .lines()
        .next()
        .unwrap()
        .ends_with(",goal,duplicate_len,improve_millis,max_nodes,timeout_millis,max_memory"));
    let rerun = run(&["--max-nodes", "10000000", "--resume"]);
    assert!(
        stderr(&rerun).contains("nothing to do (2 already done)"),
        "{}",
        stderr(&rerun)
    );
}

/// Rows from before rows recorded their settings count by their search's
/// names, and the run says so.
#[test]
fn rows_without_settings_count_as_done_and_the_run_says_so() {
    let scratch = empty_dir("unsettled");
    let out = scratch.path().join("results.jsonl");
    let old = r#"{"type":"result","data":{"line":3,"board":"8 6 7 2 5 4 3 x 1","outcome":"solved","length":31,"moves":"ruulddruuldldrrullurrdlldruurdd","expanded":31,"generated":31,"millis":1.0,"message":null,"instance":1,"algorithm":"idastar","heuristic":"manhattan","partition":null}}"#;
    std::fs::write(&out, format!("{old}\n")).unwrap();
    let run = campaign(&out, "manhattan", &["--resume"]);
    assert!(run.status.success());
    assert!(
        stderr(&run).contains("1 row in ") && stderr(&run).contains("records no goal, duplicate pruning or budget"),
        "{}",
        stderr(&run)
    );
    let lines: Vec<u64> = rows_in(&out).iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [3, 5]);
}

#[test]
fn rows_written_before_rows_named_their_search_count_as_done() {
    let scratch = empty_dir("old-rows");
    let dir = scratch.path();
    let out = dir.join("results.jsonl");
    let old = r#"{"type":"result","data":{"line":3,"board":"8 6 7 2 5 4 3 x 1","outcome":"solved","length":31,"moves":"ruulddruuldldrrullurrdlldruurdd","expanded":31,"generated":31,"millis":1.0,"message":null}}"#;
    std::fs::write(&out, format!("{old}\n")).unwrap();
    assert!(campaign(&out, "manhattan", &["--resume"]).status.success());
    let rows = rows_in(&out);
    let lines: Vec<u64> = rows.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [3, 5], "only the second instance was solved");
}

#[test]
fn a_time_limit_stops_one_instance_and_the_campaign_goes_on() {
    // Korf & Felner's 24-puzzle #1 with Manhattan distance runs for days; the 8-puzzle does not.
    let input = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13\n8 6 7 2 5 4 3 0 1\n";
    let args = [
        "batch",
        "-a",
        "idastar",
        "--heuristic",
        "manhattan",
        "--goal",
        "blank-first",
        "--timeout",
        "1",
        "-j",
        "1",
    ];
    let out = npuzzle(&args, input);
    assert_eq!(out.status.code(), Some(1), "a budget row means exit 1");
    let rows = rows_without_timing(&stdout(&out));
    let first = &rows[0].1;
    assert_eq!(
        (first["outcome"].as_str(), first["message"].as_str()),
        (Some("budget"), Some("time limit reached"))
    );
    assert!(
        first["expanded"].as_u64().unwrap() > 1000,
        "the nodes spent are counted: {first}"
    );
    assert_eq!(rows[1].1["outcome"], "solved");
}

#[test]
fn rows_name_the_databases_read() {
    let scratch = empty_dir("pdb-rows");
    let d = dir_arg(&scratch);
    let built = npuzzle(
        &[
            "pdb",
            "build",
            "--size",
            "3x3",
            "--partition",
            "1,2,3,4/5,6,7,8",
            "--pdb-dir",
            d,
        ],
        "",
    );
    assert!(built.status.success(), "{}", stderr(&built));
    let out = npuzzle(
        &["batch", "-a", "idastar", "--heuristic", "pdb", "--pdb-dir", d],
        "8 6 7 2 5 4 3 x 1\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let rows = rows_without_timing(&stdout(&out));
    assert_eq!(
        (
            rows[0].1["heuristic"].as_str(),
            rows[0].1["partition"].as_str(),
            rows[0].1["length"].as_u64()
        ),
        (Some("pdb"), Some("1,2,3,4/5,6,7,8"), Some(31))
    );
}

#[test]
fn instances_picks_boards_by_their_place_in_the_file() {
    let scratch = empty_dir("instances");
    let dir = scratch.path();
    let out = dir.join("results.jsonl");
    assert!(campaign(&out, "manhattan", &["--instances", "2"]).status.success());
    let rows = rows_in(&out);
    let picked: Vec<(u64, u64)> = rows
        .iter()
        .map(|r| (r["instance"].as_u64().unwrap(), r["line"].as_u64().unwrap()))
        .collect();
    assert_eq!(picked, [(2, 5)]);
    let bad = campaign(&out, "manhattan", &["--instances", "0"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("not an instance number"), "{}", stderr(&bad));
}

/// Runs `npuzzle ARGS` on a pipe: writes `before` and, keeping the pipe
/// open, reads the first row; then writes `after` and closes it. The first
/// row, and the rows after it (the run must succeed).
fn first_row_while_the_input_is_open(
    args: &[&str],
    before: &[u8],
    after: &[u8],
) -> (serde_json::Value, Vec<serde_json::Value>) {
    use std::io::Write;
    let mut child = start(args);
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(before).expect("the boards are written");
    stdin.flush().expect("flushed");
    let (first, reader) = crate::first_line_then_rest(child.stdout.take().expect("stdout is piped"));
    stdin.write_all(after).expect("the boards are written");
    drop(stdin);
    let rest = reader.join().expect("the reader thread");
    assert!(child.wait().expect("npuzzle exits").success());
    let row = |l: &str| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
    (row(&first), rest.lines().map(row).collect())
}

/// `batch` read all of its input before it started, so a pipe that stays
/// open (a producer waiting for answers) got nothing. Now the first board's
/// row is written while the input is still open: this test reads it before
/// closing stdin. (A board on a line of its own is taken once the next
/// line is read, which could make it a row of a bigger board.)
#[test]
fn rows_are_written_before_the_input_ends() {
    let (first, rest) =
        first_row_while_the_input_is_open(&["batch", "-j", "2"], b"8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 x 7 8\n", b"");
    let line_and_length = |row: &serde_json::Value| (row["data"]["line"].as_u64(), row["data"]["length"].as_u64());
    assert_eq!(line_and_length(&first), (Some(1), Some(31)));
    assert_eq!(
        rest.iter().map(line_and_length).collect::<Vec<_>>(),
        [(Some(2), Some(2))]
    );
}

/// Rows come back from the workers a handful at a time: with one worker
/// too, a block of rows is answered as soon as the empty line ending it is
/// read, not when more input fills the handful.
#[test]
fn a_block_of_rows_is_answered_before_the_input_ends_with_one_worker() {
    let (first, rest) = first_row_while_the_input_is_open(
        &["batch", "-j", "1"],
        b"1 2 3\n4 5 6\n7 x 8\n\n",
        b"1 2 3 4 5 6 x 7 8\n",
    );
    assert_eq!(
        (first["data"]["line"].as_u64(), first["data"]["moves"].as_str()),
        (Some(1), Some("r"))
    );
    assert_eq!(
        rest.iter().map(|r| r["data"]["line"].as_u64()).collect::<Vec<_>>(),
        [Some(5)]
    );
}

/// Thousands of boards, more than the reorder window of every worker and
/// many handfuls of jobs, some invalid: every line once, in input order
/// (unless unordered), and the same rows whatever the number of workers.
#[test]
fn many_boards_come_back_once_each_in_order_on_any_number_of_workers() {
    let out = npuzzle(&["random", "--distance", "3", "--count", "3000", "--seed", "5"], "");
    assert!(out.status.success());
    let mut input = String::new();
    for (i, line) in stdout(&out).lines().enumerate() {
        input.push_str(if i % 500 == 7 { "1 2 3 4 5 6 7 8 y" } else { line });
        input.push('\n');
    }
    let rows = |args: &[&str]| {
        let out = npuzzle(&[&["batch"], args].concat(), &input);
        assert_eq!(out.status.code(), Some(1), "some boards are invalid");
        rows_without_timing(&stdout(&out))
    };
    let one = rows(&["-j", "1"]);
    let lines: Vec<u64> = one.iter().map(|r| r.0).collect();
    assert_eq!(lines, (1..=3000).collect::<Vec<u64>>());
    assert_eq!(one.iter().filter(|r| r.1["outcome"] == "invalid").count(), 6);
    assert!(one
        .iter()
        .all(|r| r.1["outcome"] == "invalid" || r.1["length"].as_u64() == Some(3)));
    assert_eq!(rows(&["-j", "3"]), one);
    let mut unordered = rows(&["-j", "3", "--unordered"]);
    unordered.sort_by_key(|r| r.0);
    assert_eq!(unordered, one);
}
