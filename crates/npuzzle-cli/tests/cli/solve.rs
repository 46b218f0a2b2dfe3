//! `npuzzle solve`, `compare` and `random`, and how bad input is reported.

use crate::{empty_dir, npuzzle, stderr, stdout};

/// Replays `moves` (blank directions) on `board` and returns the result.
fn replay(board: &str, moves: &str) -> String {
    let b: npuzzle::Board = board.parse().expect("test boards are valid");
    let m = npuzzle::Move::parse_list(moves).expect("moves parse");
    b.replay(&m).expect("moves stay on the board").to_string()
}

#[test]
fn solves_the_31_move_boards_optimally() {
    for board in ["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1"] {
        let out = npuzzle(&["solve", "--moves", board], "");
        assert!(out.status.success(), "{}", stderr(&out));
        let moves = stdout(&out).trim().to_string();
        assert_eq!(moves.len(), 31, "{moves}");
        assert_eq!(replay(board, &moves), "1 2 3 4 5 6 7 8 x");
    }
}

#[test]
fn reads_many_boards_from_stdin_in_lines_and_blocks() {
    let input = "# from a file\n1 2 3 4 5 6 x 7 8\n2 1 3 4 5 6 7 8 x\n\n1 2 3\n4 5 6\n7 x 8\n";
    let out = npuzzle(&["solve", "--moves"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "rr\nunsolvable\nr\n");
}

#[test]
fn json_lines_use_the_tagged_envelope() {
    let out = npuzzle(&["solve", "--json", "1 2 3 4 5 6 x 7 8"], "");
    assert!(out.status.success());
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
    assert_eq!(line["type"], "solution");
    assert_eq!(line["data"]["outcome"], "solved");
    assert_eq!(line["data"]["length"], 2);
    assert_eq!(line["data"]["moves"], "rr");
}

#[test]
fn rectangular_board_and_blank_first_goal() {
    let out = npuzzle(
        &[
            "solve",
            "--moves",
            "--size",
            "4x2",
            "--goal",
            "blank-first",
            "1 x 2 3 4 5 6 7",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "l\n");
}

#[test]
fn bad_boards_get_a_one_line_error_and_exit_1() {
    let cases = [
        ("1 2 3 4 5 6 7 8 8", "tile 8 appears twice, at positions 8 and 9"),
        ("1 2 3 4 5 6 7 8", "give --size 4x2 (4 wide, 2 high) or --size 2x4"),
        ("1 2 3 4 5 6 7 8 9", "tile 9 at position 9 is out of range"),
        ("1 2 3 4 5 6 7 8 y", "bad token \"y\" at position 9"),
    ];
    for (board, message) in cases {
        let out = npuzzle(&["solve", board], "");
        assert_eq!(out.status.code(), Some(1), "{board}");
        let err = stderr(&out);
        assert!(err.contains(message), "{board}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn goal_of_another_size_is_rejected() {
    let out = npuzzle(&["solve", "--goal", "1 2 3 x", "1 2 3 4 5 6 7 8 x"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the board is 3x3 but the goal is 2x2"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn node_budget_is_an_outcome_not_a_crash() {
    let out = npuzzle(&["solve", "--max-nodes", "10", "8 6 7 2 5 4 3 x 1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("node limit reached"), "{}", stdout(&out));
}

#[test]
fn compare_agrees_on_the_default_board() {
    let out = npuzzle(&["compare"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("agree: 31 moves"), "{text}");
    assert!(!text.contains("DISAGREEMENT"));
    // IDA* with Manhattan: duplicate sequences cut by default, the textbook count with --dup-len 2.
    let idastar_manhattan = |text: &str| -> u64 {
        let row = text
            .lines()
            .find(|l| l.starts_with("idastar   manhattan"))
            .expect("an IDA* row");
        row.split_whitespace()
            .nth(3)
            .and_then(|n| n.parse().ok())
            .expect("a node count")
    };
    let textbook = npuzzle(&["compare", "--dup-len", "2"], "");
    assert!(textbook.status.success(), "{}", stderr(&textbook));
    assert_eq!(idastar_manhattan(&stdout(&textbook)), 14195);
    assert!(idastar_manhattan(&text) < 14195, "{text}");
}

#[test]
fn random_boards_are_reproducible_and_solvable() {
    let a = npuzzle(&["random", "--size", "4x4", "--count", "5", "--seed", "42"], "");
    let b = npuzzle(&["random", "--size", "4x4", "--count", "5", "--seed", "42"], "");
    assert!(a.status.success());
    assert_eq!(stdout(&a), stdout(&b));
    let goal = npuzzle::Goal::standard("4x4".parse().expect("shape"));
    for line in stdout(&a).lines() {
        let board: npuzzle::Board = line.parse().expect("random prints valid boards");
        assert!(npuzzle::parity::is_solvable(&board, &goal), "{line}");
    }
    assert_eq!(stdout(&a).lines().count(), 5);
}

#[test]
fn no_board_is_a_usage_error() {
    let out = npuzzle(&["solve"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no board given"));
}

#[test]
fn random_at_an_exact_distance() {
    let out = npuzzle(&["random", "--distance", "31", "--count", "2", "--seed", "1"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    for board in stdout(&out).lines() {
        let solved = npuzzle(&["solve", "--moves", board], "");
        assert_eq!(stdout(&solved).trim().len(), 31, "{board}");
    }
    let out = npuzzle(&["random", "--distance", "32"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no 3x3 board is 32 moves"), "{}", stderr(&out));
}

#[test]
fn distinct_boards_at_a_distance() {
    // 30 moves: more boards than asked for; all different, all at 30.
    let out = npuzzle(
        &[
            "random",
            "--distance",
            "30",
            "--count",
            "40",
            "--distinct",
            "--seed",
            "3",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let boards: Vec<&str> = text.lines().collect();
    let unique: std::collections::HashSet<&str> = boards.iter().copied().collect();
    assert_eq!((boards.len(), unique.len()), (40, 40));
    let solved = npuzzle(&["solve", "--moves"], &text);
    assert!(solved.status.success(), "{}", stderr(&solved));
    assert!(stdout(&solved).lines().all(|m| m.len() == 30), "{}", stdout(&solved));
    // 31 moves: only two boards exist; both come, once each, with a note.
    let out = npuzzle(&["random", "--distance", "31", "--count", "5", "--distinct"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut boards: Vec<&str> = text.lines().collect();
    boards.sort_unstable();
    assert_eq!(boards, ["6 4 7 8 5 x 3 2 1", "8 6 7 2 5 4 3 x 1"]);
    assert!(
        stderr(&out).contains("only 2 3x3 boards are 31 moves"),
        "{}",
        stderr(&out)
    );
    // --distinct means nothing without --distance.
    let out = npuzzle(&["random", "--distinct"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn dup_len_cuts_nodes_but_not_the_length() {
    let board = "11 13 4 3 2 9 1 8 0 10 6 7 14 5 15 12";
    let run = |len: &str| {
        let out = npuzzle(
            &[
                "solve",
                "--json",
                "-j",
                "1",
                "--heuristic",
                "manhattan",
                "--dup-len",
                len,
                board,
            ],
            "",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let row: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        let data = &row["data"];
        assert_eq!(
            replay(board, data["moves"].as_str().unwrap()),
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x"
        );
        (
            data["length"].as_u64().unwrap(),
            data["stats"]["expanded"].as_u64().unwrap(),
        )
    };
    let (textbook, pruned) = (run("2"), run("10"));
    assert_eq!(textbook.0, 42);
    assert_eq!(pruned.0, 42);
    assert!(pruned.1 < textbook.1, "{pruned:?} vs {textbook:?}");
    for bad in ["1", "15", "x"] {
        let out = npuzzle(&["solve", "--dup-len", bad, board], "");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(stderr(&out).contains("--dup-len"), "{}", stderr(&out));
    }
}

/// `solve` read all of stdin before it solved the first board, so a
/// producer waiting for an answer got nothing. Now each board is answered
/// as it is read: this test reads the first answer before it writes the
/// second board. (The empty line ends the first board's block: a board on
/// a line of its own is taken once the next line is read, which could make
/// it a row of a bigger board.)
#[test]
fn boards_on_stdin_are_answered_before_the_input_ends() {
    use std::io::Write;
    let mut child = crate::start(&["solve", "--moves"]);
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(b"8 6 7 2 5 4 3 x 1\n\n").expect("the board is written");
    stdin.flush().expect("flushed");
    let (first, reader) = crate::first_line_then_rest(child.stdout.take().expect("stdout is piped"));
    assert_eq!(replay("8 6 7 2 5 4 3 x 1", first.trim()), "1 2 3 4 5 6 7 8 x");
    assert_eq!(first.trim().len(), 31, "{first}");
    stdin.write_all(b"1 2 3 4 5 6 x 7 8\n").expect("the board is written");
    drop(stdin);
    let rest = reader.join().expect("the reader thread");
    let status = child.wait().expect("npuzzle exits");
    assert!(status.success());
    assert_eq!(rest, "rr\n");
}

/// Regression (issue 28, item 2): `solve 8 6 7 2 5 4 3 x 1` unquoted read
/// nine boards of one tile; `compare` refused the second argument. Single
/// tiles given as arguments are one board, in every command.
#[test]
fn unquoted_tiles_are_one_board_in_every_command() {
    let tiles = ["8", "6", "7", "2", "5", "4", "3", "x", "1"];
    for command in ["solve", "hint", "compare"] {
        let mut args = vec![command];
        args.extend(tiles);
        let out = npuzzle(&args, "");
        assert!(out.status.success(), "{command}: {}", stderr(&out));
        assert!(!stderr(&out).contains("no board holds"), "{command}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("31"), "{command}: {text}");
    }
    let mut args = vec!["solve", "--moves"];
    args.extend(tiles);
    assert_eq!(stdout(&npuzzle(&args, "")).lines().count(), 1);
    // Boards given whole stay one board each.
    let out = npuzzle(&["solve", "--moves", "1 2 3 4 5 6 7 x 8", "123456x78"], "");
    assert_eq!(stdout(&out), "r\nrr\n", "{}", stderr(&out));
    // A mistake among single tiles is told about the one board.
    let out = npuzzle(&["solve", "1", "2", "3", "4", "5", "6", "7", "8", "8"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}

/// Issue 28, item 7: an unsolvable board is one line, not ten rows.
#[test]
fn compare_says_unsolvable_once() {
    let out = npuzzle(&["compare", "1 2 3 4 5 6 8 7 x"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "1 2 3\n4 5 6\n8 7 x\nunsolvable: the parity invariant rules out reaching 1 2 3 4 5 6 7 8 x\n"
    );
}

/// Issue 28, item 7: a run stopped by its budget keeps the columns in line,
/// and the table's row says that its time is the table's build.
#[test]
fn compare_keeps_its_columns_in_line_when_a_budget_stops_a_run() {
    let out = npuzzle(&["compare", "--max-nodes", "10000"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let header = text.lines().find(|l| l.starts_with("algorithm")).expect("a header");
    let column_end = |line: &str, word: &str| line.find(word).map(|i| i + word.len());
    let length_end = column_end(header, "length").unwrap();
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("algorithm"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(rows.len(), 10, "{text}");
    let stopped = rows
        .iter()
        .filter(|r| r.contains("budget reached (node limit)"))
        .count();
    assert!(stopped > 0 && stopped < rows.len(), "{text}");
    for row in &rows {
        // The length cell ends where the header's does, whatever it holds.
        let cell = row
            .split("  ")
            .map(str::trim)
            .find(|c| !c.is_empty() && (c.parse::<u64>().is_ok() || c.starts_with("budget")));
        let cell = cell.unwrap_or_else(|| panic!("a length in {row:?}"));
        assert_eq!(column_end(row, cell), Some(length_end), "{row:?} in\n{text}");
    }
    let text = stdout(&npuzzle(&["compare"], ""));
    let table = text.lines().find(|r| r.starts_with("table")).expect("a table row");
    assert!(table.ends_with("B  (the time builds the complete table)"), "{table}");
}

/// Issue 23, item 5: `compare --json` prints the shared record.
#[test]
fn compare_json_is_the_compare_record() {
    let out = npuzzle(&["compare", "--json"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let line = stdout(&out);
    assert_eq!(line.lines().count(), 1);
    let record: npuzzle::record::Record = serde_json::from_str(&line).expect("a record");
    let npuzzle::record::Record::Compare(compare) = record else {
        panic!("{line}")
    };
    assert_eq!(compare.runs.len(), 10);
    assert!(compare.runs.iter().all(|r| r.length == Some(31)), "{line}");
}

/// Issue 23, item 5: `random --json` and `table --json` print the shared records.
#[test]
fn random_and_table_speak_json() {
    let out = npuzzle(
        &["random", "--json", "--count", "3", "--seed", "7", "--distance", "5"],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let plain = stdout(&npuzzle(
        &["random", "--count", "3", "--seed", "7", "--distance", "5"],
        "",
    ));
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3);
    for (line, board) in lines.iter().zip(plain.lines()) {
        let record: npuzzle::record::Record = serde_json::from_str(line).expect("a record");
        let npuzzle::record::Record::Board(record) = record else {
            panic!("{line}")
        };
        assert_eq!((record.board.as_str(), record.distance), (board, Some(5)));
    }
    let out = npuzzle(&["table", "--size", "3x3", "--json"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let record: npuzzle::record::Record = serde_json::from_str(&stdout(&out)).expect("a record");
    let npuzzle::record::Record::Distribution(d) = record else {
        panic!("{}", stdout(&out))
    };
    assert_eq!((d.total, d.diameter), (181_440, 31));
}

/// Issue 28, item 3: nothing said what `u d l r` mean (a student reads
/// "u" as a tile moving up), and there was no way to see the boards
/// between the moves. The legend comes once, under the first moves shown.
#[test]
fn the_moves_are_said_to_be_the_blanks_and_path_draws_the_boards() {
    let legend = "(u d l r move the blank up, down, left, right)";
    let out = npuzzle(&["solve", "--path", "1 2 3 4 5 6 x 7 8", "1 2 3 4 5 6 7 x 8"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.matches(legend).count(), 1, "{text}");
    let first = text.split("\n\n").next().unwrap();
    let want =
        format!("1 2 3\n4 5 6\nx 7 8\n2 moves: rr\n{legend}\n1. r\n1 2 3\n4 5 6\n7 x 8\n2. r\n1 2 3\n4 5 6\n7 8 x\n");
    assert!(first.starts_with(&want), "{first}");
    // One move is "1 move"; a board at its goal says so rather than an empty list.
    assert!(text.contains("\n1 move: r\n1. r\n"), "{text}");
    let at_goal = stdout(&npuzzle(&["solve", "1 2 3 4 5 6 7 8 x"], ""));
    assert!(at_goal.contains("\n0 moves: the board is the goal\n"), "{at_goal}");
    assert!(!at_goal.contains(legend), "{at_goal}");
    // Hint says it too, and both helps do.
    assert!(stdout(&npuzzle(&["hint", "1 2 3 4 5 6 7 x 8"], "")).contains(legend));
    for command in ["solve", "hint"] {
        let help = stdout(&npuzzle(&[command, "--help"], ""));
        assert!(help.contains("blank"), "{command}: {help}");
    }
    // The path is human output: refused beside --json and --moves.
    let out = npuzzle(&["solve", "--path", "--json", "1 2 3 4 5 6 7 x 8"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// Issue 28, item 9: the messages spoke Rust ("tiles 1..=8") and bad
/// English ("1 tiles"), and options that change nothing were taken in
/// silence (`hint --improve 1`).
#[test]
fn messages_read_as_english_and_options_that_do_not_apply_are_refused() {
    let out = npuzzle(&["solve", "1 2 3 4 5 6 7 9 x"], "");
    assert!(
        stderr(&out).contains("a 3x3 board has tiles 1 to 8"),
        "{}",
        stderr(&out)
    );
    let out = npuzzle(&["solve", "1"], "");
    assert!(stderr(&out).contains("no board holds 1 tile: "), "{}", stderr(&out));
    let board = "1 2 3 4 5 6 7 x 8";
    for (args, says) in [
        (
            &["hint", "--improve", "1"][..],
            "--improve 1.00 s shortens greedy's solutions, but hint",
        ),
        (
            &["solve", "-a", "idastar", "--improve", "1"][..],
            "but --algorithm idastar finds optimal ones",
        ),
        (
            &["solve", "-a", "bfs", "--heuristic", "manhattan"][..],
            "--heuristic manhattan is for astar and idastar",
        ),
        (
            &["batch", "-a", "astar", "--dup-len", "2"][..],
            "--dup-len 2 prunes IDA*'s search, but --algorithm astar",
        ),
        (
            &["solve", "--count-timeout", "5s"][..],
            "--count-timeout bounds the counting of --count and --all",
        ),
    ] {
        let mut all = args.to_vec();
        if args[0] != "batch" {
            all.push(board);
        }
        let out = npuzzle(&all, board);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
    }
    // Where they apply, they are taken.
    for args in [
        &["solve", "-a", "idastar", "--dup-len", "2", board][..],
        &["solve", "--count", "--count-timeout", "5s", board][..],
        &["solve", "-a", "astar", "--heuristic", "manhattan", board][..],
    ] {
        assert!(npuzzle(args, "").status.success(), "{args:?}");
    }
}

/// Issue 28, item 5: `283164705` is unsolvable toward `1 2 … 8 x`, but the
/// textbook that printed it uses the spiral goal; the answer says so and
/// how to ask for it.
#[test]
fn an_unsolvable_board_names_the_common_goal_it_reaches() {
    let out = npuzzle(&["solve", "283164705"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains(
            "unsolvable: the parity invariant rules out reaching 1 2 3 4 5 6 7 8 x; \
             it can reach the spiral goal 1 2 3 8 x 4 7 6 5 (--goal spiral)\n"
        ),
        "{}",
        stdout(&out)
    );
    let out = npuzzle(&["solve", "--moves", "--goal", "spiral", "283164705"], "");
    assert_eq!(stdout(&out), "uuldr\n", "{}", stderr(&out));
    assert_eq!(
        stdout(&npuzzle(&["solve", "--moves", "--goal", "123804765", "283164705"], "")),
        "uuldr\n"
    );
}

/// Issue 28, item 10: an 80-move 15-puzzle without databases ran with no
/// word until it ended; the advice came only then. Now it comes at the
/// start, as it did for 5×5 — and not for a board the search ends at once.
#[test]
fn a_long_search_without_databases_is_said_at_its_start() {
    let dir = empty_dir("long-search");
    let pdb_dir = dir.path().to_str().unwrap();
    let far = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 x"; // linear conflict 58 toward blank-first
    let out = npuzzle(
        &[
            "solve",
            "--goal",
            "blank-first",
            "--pdb-dir",
            pdb_dir,
            "--max-nodes",
            "1000",
            far,
        ],
        "",
    );
    let err = stderr(&out);
    assert!(
        err.contains("npuzzle: this board is at least 58 moves from the goal, and an optimal 4x4 search without pattern databases can run for minutes: no pattern database for 4x4 goal"),
        "{err}"
    );
    assert!(
        err.contains("build databases with `npuzzle pdb build --size 4x4 --goal blank-first --partition 7-8` (about 2 minutes on two cores and 2.6 GB of memory, once); or bound the search with --timeout or --max-nodes; or solve it at once, not optimally, with --algorithm greedy"),
        "{err}"
    );
    assert_eq!(err.matches("build databases").count(), 1, "said once: {err}");
    // Korf's #1 (57 moves; linear conflict 41) is solved in milliseconds: no warning.
    let near = "14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3";
    let out = npuzzle(&["solve", "--goal", "blank-first", "--pdb-dir", pdb_dir, near], "");
    assert!(stdout(&out).contains("57 moves"), "{}", stdout(&out));
    assert!(!stderr(&out).contains("can run for"), "{}", stderr(&out));
}

#[test]
fn random_at_an_exact_distance_on_boards_past_a_table() {
    const DRAW: &[&str] = &[
        "random",
        "--size",
        "4x4",
        "--distance",
        "18",
        "--count",
        "3",
        "--seed",
        "5",
        "--json",
    ];
    let out = npuzzle(DRAW, "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .contains("random walks, each kept when idastar (walking-distance) confirmed its distance (not uniform)"),
        "{}",
        stderr(&out)
    );
    let goal = npuzzle::Goal::standard("4x4".parse().unwrap());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for line in lines {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["data"]["distance"], 18);
        let board: npuzzle::Board = record["data"]["board"].as_str().unwrap().parse().unwrap();
        // The independent oracle's breadth-first search from both ends.
        assert_eq!(
            npuzzle::oracle::distance(board.tiles(), goal.board().tiles(), 4),
            Some(18),
            "{board}"
        );
    }
    // The same seed, the same boards.
    let again = npuzzle(DRAW, "");
    assert_eq!(stdout(&again), stdout(&out));
    // A time limit ends the draw with what it found, exit 1.
    let out = npuzzle(
        &[
            "random",
            "--size",
            "4x4",
            "--distance",
            "60",
            "--count",
            "3",
            "--timeout",
            "200ms",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("time limit reached after"), "{}", stderr(&out));
    let out = npuzzle(&["random", "--size", "4x4", "--distance", "18", "--distinct"], "");
    assert!(
        stderr(&out).contains("--distinct draws from a complete table"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn within_a_factor_of_korfs_published_lengths_with_the_bound_it_proved() {
    let goal: Vec<u8> = (0..16).collect();
    let goal_text = "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let dir = empty_dir("within");
    for (tiles, published) in npuzzle::oracle::korf100(&goal).into_iter().take(5) {
        let board: Vec<String> = tiles
            .iter()
            .map(|&t| if t == 0 { "x".into() } else { t.to_string() })
            .collect();
        let board = board.join(" ");
        let args = [
            "solve",
            "--json",
            "--within",
            "1.3",
            "--goal",
            "blank-first",
            "--pdb-dir",
            dir.path().to_str().unwrap(),
            &board,
        ];
        let out = npuzzle(&args, "");
        assert!(out.status.success(), "{}", stderr(&out));
        let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
        let d = &line["data"];
        let (length, lower) = (d["length"].as_u64().unwrap(), d["lower_bound"].as_u64().unwrap());
        assert_eq!(d["within"], 1.3);
        assert_eq!(replay(&board, d["moves"].as_str().unwrap()), goal_text);
        assert!(
            length as f64 <= 1.3 * f64::from(published),
            "{board}: {length} against {published}"
        );
        assert!(
            lower <= u64::from(published) && length as f64 <= 1.3 * lower as f64,
            "{board}: {d}"
        );
        assert_eq!(
            d["ratio"].as_f64(),
            Some((length as f64 / lower as f64 * 1000.0).round() / 1000.0)
        );
    }
    let out = npuzzle(
        &[
            "solve",
            "--within",
            "1.5",
            "--size",
            "6x6",
            "--algorithm",
            "greedy",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 x 35",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("a factor is proved by an optimal or a weighted search"),
        "{}",
        stderr(&out)
    );
    let out = npuzzle(&["solve", "--within", "0.9", "1 2 3 x 4 5 7 8 6"], "");
    assert!(
        stderr(&out).contains("a factor is a number from 1 to 16"),
        "{}",
        stderr(&out)
    );
}
