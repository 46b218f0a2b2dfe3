//! Big boards: the constructive solver from the command line.

use crate::{npuzzle, stderr, stdout};

/// Replays `moves` on `board` (of `size`) and whether they end at the standard goal.
fn reaches_goal(board: &str, size: &str, moves: &str) -> bool {
    let shape: npuzzle::Shape = size.parse().unwrap();
    let b = npuzzle::Board::parse(board, Some(shape)).unwrap();
    let m = npuzzle::Move::parse_list(moves).unwrap();
    npuzzle::Goal::standard(shape).is_reached_by(&b.replay(&m).unwrap())
}

/// The `moves: ` line of `solve`'s human output.
fn moves_line(text: &str) -> &str {
    text.lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .expect("a moves line")
}

#[test]
fn random_and_solve_take_a_100x100_board() {
    let out = npuzzle(&["random", "--size", "100x100", "--seed", "4"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let board = stdout(&out);
    assert_eq!(board.split_whitespace().count(), 10_000);
    let out = npuzzle(&["solve", "--size", "100x100", "--moves"], &board);
    assert!(out.status.success(), "{}", stderr(&out));
    let moves = stdout(&out);
    assert!(moves.trim().len() > 1_000_000, "{} moves", moves.len());
    assert!(reaches_goal(&board, "100x100", moves.trim()));
}

#[test]
fn rectangles_say_which_algorithm_ran_with_length_bound_and_ratio() {
    let board = stdout(&npuzzle(&["random", "--size", "13x7", "--seed", "1"], ""));
    let out = npuzzle(&["solve", "--size", "13x7"], &board);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let moves = moves_line(&text);
    assert!(reaches_goal(&board, "13x7", moves));
    let summary = format!("{} moves, lower bound ", moves.len());
    assert!(text.contains(&summary), "{text}");
    assert!(
        text.contains("ratio ") && text.lines().any(|l| l.starts_with("greedy: ")),
        "{text}"
    );
}

#[test]
fn json_has_the_lower_bound_and_ratio() {
    let board = stdout(&npuzzle(&["random", "--size", "6x6", "--seed", "2"], ""));
    let out = npuzzle(&["solve", "--json", board.trim()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let d = &v["data"];
    assert_eq!(d["algorithm"], "greedy");
    let (len, lb) = (d["length"].as_u64().unwrap(), d["lower_bound"].as_u64().unwrap());
    assert!(len >= lb && lb > 0, "{d}");
    assert!((d["ratio"].as_f64().unwrap() - len as f64 / lb as f64).abs() < 1e-3);
    assert!(reaches_goal(board.trim(), "6x6", d["moves"].as_str().unwrap()));
}

#[test]
fn optimal_searches_refuse_big_boards_and_name_the_way_out() {
    let board = stdout(&npuzzle(&["random", "--size", "20x20", "--seed", "3"], ""));
    let out = npuzzle(&["solve", "--algorithm", "idastar", board.trim()], "");
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("at most 256 cells") && err.contains("--algorithm greedy"),
        "{err}"
    );
}

#[test]
fn unsolvable_big_boards_are_caught_by_parity() {
    let mut tiles: Vec<String> = (1..400).map(|t| t.to_string()).chain(["x".into()]).collect();
    tiles.swap(0, 1);
    let out = npuzzle(&["solve", "--moves", &tiles.join(" ")], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "unsolvable\n");
}

#[test]
fn batch_solves_big_boards() {
    let boards = stdout(&npuzzle(
        &["random", "--size", "30x30", "--count", "2", "--seed", "5"],
        "",
    ));
    let out = npuzzle(&["batch", "--size", "30x30"], &boards);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 2);
    for (row, board) in rows.iter().zip(boards.lines()) {
        assert_eq!(row["data"]["outcome"], "solved", "{row}");
        assert!(reaches_goal(board, "30x30", row["data"]["moves"].as_str().unwrap()));
    }
}

#[test]
fn improve_shortens_a_6x6_solution_and_it_still_reaches_the_goal() {
    let board = stdout(&npuzzle(&["random", "--size", "6x6", "--seed", "9"], ""));
    let plain = npuzzle(&["solve", "--json", board.trim()], "");
    let improved = npuzzle(&["solve", "--json", "--improve", "300ms", board.trim()], "");
    assert!(improved.status.success(), "{}", stderr(&improved));
    let data = |out: &std::process::Output| -> serde_json::Value {
        serde_json::from_str::<serde_json::Value>(stdout(out).trim()).unwrap()["data"].clone()
    };
    let (plain, improved) = (data(&plain), data(&improved));
    let len = |d: &serde_json::Value| d["length"].as_u64().unwrap();
    assert!(len(&improved) < len(&plain), "{} -> {}", len(&plain), len(&improved));
    assert_eq!(improved["lower_bound"], plain["lower_bound"]);
    // `improved_from` is the length of the start it improved: the greedy
    // solution itself, or a shorter staged one.
    let from = improved["improved_from"].as_u64().unwrap();
    match improved["start"].as_str() {
        Some("greedy") => assert_eq!(from, len(&plain)),
        Some("staged") => assert!(from < len(&plain), "{from} {}", len(&plain)),
        other => panic!("start {other:?}"),
    }
    assert!(len(&improved) <= from);
    assert_eq!(improved["stats"]["moves_made"], plain["length"]);
    let lb = improved["lower_bound"].as_u64().unwrap();
    assert!((improved["ratio"].as_f64().unwrap() - len(&improved) as f64 / lb as f64).abs() < 1e-3);
    assert!(reaches_goal(board.trim(), "6x6", improved["moves"].as_str().unwrap()));
}

#[test]
fn improve_prints_the_length_bound_and_ratio() {
    let board = stdout(&npuzzle(&["random", "--size", "7x5", "--seed", "2"], ""));
    let out = npuzzle(&["solve", "--size", "7x5", "--improve", "0.2"], &board);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let moves = moves_line(&text);
    let summary = text
        .lines()
        .find(|l| l.contains(" moves, lower bound "))
        .expect("a length line");
    assert!(
        summary.starts_with(&format!("{} moves, lower bound ", moves.len())),
        "{text}"
    );
    assert!(
        summary.contains("ratio ") && summary.contains("(improved from "),
        "{text}"
    );
    assert!(reaches_goal(&board, "7x5", moves));
}

#[test]
fn a_100x100_board_written_as_rows_needs_no_size() {
    let board = stdout(&npuzzle(&["random", "--size", "100x100", "--seed", "6"], ""));
    let tiles: Vec<&str> = board.split_whitespace().collect();
    let rows: Vec<String> = tiles.chunks(100).map(|row| row.join(" ")).collect();
    let out = npuzzle(&["solve", "--moves"], &rows.join("\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(reaches_goal(&board, "100x100", stdout(&out).trim()));
}

/// With `--size`, no row is a board by itself: the rows of a board read
/// from stdin as a stream are still taken together, as one board.
#[test]
fn a_30x30_board_written_as_rows_is_one_board_with_size() {
    let board = stdout(&npuzzle(&["random", "--size", "30x30", "--seed", "1"], ""));
    let tiles: Vec<&str> = board.split_whitespace().collect();
    let rows: Vec<String> = tiles.chunks(30).map(|row| row.join(" ")).collect();
    let out = npuzzle(&["solve", "--size", "30x30", "--moves"], &rows.join("\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 1, "one board, one line of moves");
    assert!(reaches_goal(&board, "30x30", stdout(&out).trim()));
}

/// The greedy record as `solve --json` streams it: moves first, then the
/// rest; parsed back into the library's typed record.
fn greedy_record(args: &[&str], board: &str) -> npuzzle::record::SolutionRecord {
    let out = npuzzle(args, board);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    let raw: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    // Greedy expands no nodes and deepens no bound: the search counters and
    // the iterations are left out, not zero or empty.
    for counter in ["expanded", "generated", "peak_states", "iterations"] {
        assert!(
            raw["data"]["stats"].get(counter).is_none(),
            "{counter} in {}",
            raw["data"]["stats"]
        );
    }
    match serde_json::from_str(text.trim()).unwrap() {
        npuzzle::record::Record::Solution(r) => r,
        other => panic!("{other:?}"),
    }
}

#[test]
fn json_streams_greedy_moves_with_moves_made_and_time() {
    let board = stdout(&npuzzle(&["random", "--size", "30x20", "--seed", "7"], ""));
    let streamed = greedy_record(&["solve", "--json", "--size", "30x20"], &board);
    let moves = streamed.moves.clone().expect("moves");
    assert!(reaches_goal(&board, "30x20", &moves));
    assert_eq!(streamed.length, Some(moves.len()));
    assert_eq!(streamed.stats.moves_made, Some(moves.len() as u64));
    assert!(
        streamed.stats.millis > 0.0 && streamed.stats.peak_bytes >= 12 * 600,
        "{:?}",
        streamed.stats
    );
    assert_eq!(
        streamed.ratio,
        streamed
            .lower_bound
            .map(|lb| npuzzle::record::ratio(moves.len() as u64, lb))
    );
    // A time limit makes the moves collected (a stopped solve must not
    // print half a solution): the same record otherwise.
    let collected = greedy_record(&["solve", "--json", "--size", "30x20", "--timeout", "1m"], &board);
    assert_eq!(
        (
            &collected.moves,
            collected.length,
            collected.stats.moves_made,
            collected.lower_bound,
            collected.ratio
        ),
        (
            &streamed.moves,
            streamed.length,
            streamed.stats.moves_made,
            streamed.lower_bound,
            streamed.ratio
        )
    );
    assert_eq!(
        (&collected.board, &collected.goal, &collected.algorithm),
        (&streamed.board, &streamed.goal, &streamed.algorithm)
    );
}

/// Only iterative deepening lists iterations: the greedy and staged starts
/// of `--improve`, and the table, leave the field out; IDA* keeps it.
#[test]
fn json_lists_iterations_only_where_idastar_ran() {
    let board = stdout(&npuzzle(&["random", "--size", "6x6", "--seed", "9"], ""));
    let stats = |args: &[&str]| -> serde_json::Value {
        let out = npuzzle(args, "");
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_str::<serde_json::Value>(stdout(&out).trim()).unwrap()["data"]["stats"].clone()
    };
    for args in [
        vec!["solve", "--json", board.trim()],
        vec!["solve", "--json", "--improve", "200ms", board.trim()],
        vec!["solve", "--json", "8 6 7 2 5 4 3 x 1"],
        vec!["solve", "--json", "--algorithm", "idastar", "2 1 3 4 5 6 7 8 x"],
    ] {
        let s = stats(&args);
        assert!(s.get("iterations").is_none(), "{args:?}: {s}");
    }
    let s = stats(&["solve", "--json", "--algorithm", "idastar", "8 6 7 2 5 4 3 x 1"]);
    let bounds: Vec<u64> = s["iterations"]
        .as_array()
        .expect("IDA* iterations")
        .iter()
        .map(|i| i["bound"].as_u64().unwrap())
        .collect();
    assert_eq!(bounds.last(), Some(&31), "{s}");
}

#[test]
fn the_time_line_after_improve_names_the_start_it_improved() {
    let board = stdout(&npuzzle(&["random", "--size", "6x6", "--seed", "9"], ""));
    let out = npuzzle(&["solve", "--improve", "300ms", board.trim()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let last = text.lines().last().unwrap();
    let staged = text.contains(", the staged start)");
    let start = if staged { "staged" } else { "greedy" };
    assert!(last.starts_with(&format!("{start} + improve: ")), "{text}");
}

/// `batch` spools the moves of a big board to a temporary file and copies
/// them into the row: the same moves as `solve --moves` streams, in JSON
/// Lines and in CSV.
#[test]
fn batch_rows_of_big_boards_hold_the_spooled_moves() {
    let boards = stdout(&npuzzle(
        &["random", "--size", "100x100", "--count", "2", "--seed", "8"],
        "",
    ));
    let streamed: Vec<String> = boards
        .lines()
        .map(|b| {
            stdout(&npuzzle(&["solve", "--size", "100x100", "--moves"], b))
                .trim()
                .to_string()
        })
        .collect();
    assert!(streamed.iter().all(|m| m.len() > 1_000_000));
    let out = npuzzle(&["batch", "--size", "100x100", "-j", "2"], &boards);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 2);
    for ((row, board), moves) in rows.iter().zip(boards.lines()).zip(&streamed) {
        let d = &row["data"];
        assert_eq!(
            (d["outcome"].as_str(), d["algorithm"].as_str()),
            (Some("solved"), Some("greedy"))
        );
        assert_eq!(d["moves"].as_str(), Some(moves.as_str()));
        assert_eq!(d["length"].as_u64(), Some(moves.len() as u64));
        assert!(reaches_goal(board, "100x100", moves));
    }
    let out = npuzzle(&["batch", "--size", "100x100", "--format", "csv"], &boards);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut csv = csv::Reader::from_reader(text.as_bytes());
    let headers = csv.headers().unwrap().clone();
    let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let (moves_at, length_at) = (column("moves"), column("length"));
    let records: Vec<csv::StringRecord> = csv.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), 2);
    for (record, moves) in records.iter().zip(&streamed) {
        assert_eq!(&record[moves_at], moves.as_str());
        assert_eq!(record[length_at], moves.len().to_string());
    }
}

/// Regression: with `--moves`, a greedy solve stopped by its time limit
/// printed the moves it had made as a line like a solution's, then a second
/// line for the same board. Its line is now marked partial, each board has
/// one, and the next board is solved.
#[test]
fn a_greedy_solve_stopped_mid_stream_marks_its_line_and_the_next_board_is_solved() {
    // 300x300 takes the constructive solver far longer than 50 ms; it makes
    // the first line's moves before it first reads the clock.
    let big = stdout(&npuzzle(&["random", "--size", "300x300", "--seed", "1"], ""));
    let big = big.split_whitespace().collect::<Vec<_>>().join(" ");
    let input = format!("{big}\n1 2 3 4 5 6 7 x 8\n");
    let out = npuzzle(&["solve", "--moves", "--timeout", "50ms"], &input);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        2,
        "one line a board: {:?}",
        &text[text.len().saturating_sub(200)..]
    );
    let part = lines[0]
        .strip_suffix(" (partial: time limit reached)")
        .expect("the stopped board's line is marked");
    assert!(!part.is_empty());
    assert!(!reaches_goal(&big, "300x300", part));
    assert_eq!(lines[1], "r");
    // The human output says so under the moves, and goes on too.
    let out = npuzzle(&["solve", "--timeout", "50ms"], &input);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(
            "\nno answer: time limit reached (the moves above are the part made)\n\n1 2 3\n4 5 6\n7 x 8\n1 move: r\n"
        ),
        "{}",
        &text[text.len().saturating_sub(300)..]
    );
    // JSON collects the moves under a time limit: one record a board.
    let out = npuzzle(&["solve", "--json", "--timeout", "50ms"], &input);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let outcomes: Vec<String> = stdout(&out)
        .lines()
        .map(|l| match serde_json::from_str(l).expect("a record") {
            npuzzle::record::Record::Solution(r) => format!("{:?} {:?}", r.outcome, r.moves),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(outcomes, ["Budget None", "Solved Some(\"r\")"]);
}
