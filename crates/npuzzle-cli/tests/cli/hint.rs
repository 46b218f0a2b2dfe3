//! `npuzzle hint`, and `solve --count` / `--all`.

use crate::{dir_arg, empty_dir, npuzzle, stderr, stdout};

/// The optimal length from `board` to the standard goal, from the library's
/// independent oracle (breadth-first search from both ends over plain tile
/// vectors, sharing no code with the solvers).
fn exact_length(board: &str) -> usize {
    let board: npuzzle::Board = board.parse().expect("test boards are valid");
    let goal = npuzzle::Goal::standard(board.shape());
    let d = npuzzle::oracle::distance(board.tiles(), goal.board().tiles(), board.shape().width());
    d.expect("test boards are solvable") as usize
}

/// `board` after the blank moves `mv`.
fn after(board: &str, mv: char) -> String {
    let mut b: npuzzle::Board = board.parse().expect("test boards are valid");
    b.apply(npuzzle::Move::parse_list(&mv.to_string()).unwrap()[0])
        .expect("a legal move");
    b.to_string()
}

#[test]
fn hint_names_the_optimal_moves_of_the_31_move_board() {
    let out = npuzzle(&["hint", "8 6 7 2 5 4 3 x 1"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("8 6 7\n2 5 4\n3 x 1\n"), "{text}");
    assert!(
        text.contains("\ndistance 31; optimal moves: u (30), l (30), r (30)\n(u d l r move the blank up, down, left, right)\ntable: "),
        "{text}"
    );
    // Unquoted tiles make one board too.
    let out = npuzzle(&["hint", "1", "2", "3", "4", "5", "6", "x", "7", "8"], "");
    assert!(
        stdout(&out).contains("distance 2; optimal moves: r (1); others: u (3)\n"),
        "{}",
        stdout(&out)
    );
}

/// Regression: `auto` ran greedy on a 12x12 board and printed its length as
/// the distance, then spent the budget on neighbour searches.
#[test]
fn hint_refuses_a_board_beyond_optimal_search_at_once() {
    let board = npuzzle::Goal::standard("12x12".parse().unwrap())
        .board()
        .replay(&npuzzle::Move::parse_list("ulluurdd").unwrap())
        .unwrap()
        .to_string();
    for extra in [vec!["--json"], vec![], vec!["--algorithm", "greedy"]] {
        let mut args = vec!["hint", "--max-nodes", "100000"];
        args.extend_from_slice(&extra);
        args.push(&board);
        let out = npuzzle(&args, "");
        assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
        assert_eq!(stdout(&out), "");
        let err = stderr(&out);
        assert!(err.contains("hints are exact"), "{err}");
        if extra.contains(&"greedy") {
            assert!(err.contains("greedy builds a solution without searching"), "{err}");
        } else {
            assert!(err.contains("12x12 board has 144"), "{err}");
        }
        // Not "drop `--algorithm greedy`": auto refuses a 12x12 hint too.
        assert!(err.contains("run `npuzzle solve --algorithm greedy`"), "{err}");
    }
    // Greedy is refused on a small board too: its length is not a distance.
    let out = npuzzle(&["hint", "--algorithm", "greedy", "1 2 3 4 5 6 x 7 8"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("greedy builds a solution without searching"), "{err}");
    assert!(err.contains("drop `--algorithm greedy`"), "{err}");
    // 5x5 is still answered exactly.
    let out = npuzzle(
        &[
            "hint",
            "--size",
            "5x5",
            &(1..=23).map(|t| t.to_string()).collect::<Vec<_>>().join(" "),
            "x",
            "24",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("distance 1; optimal moves: r (0)"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn hint_json_distances_are_the_exact_distances_of_each_neighbour() {
    for (board, extra) in [
        ("1 2 3 6 x 5 7 4 8", vec![]),
        (
            "1 2 3 4 5 14 10 6 9 11 x 7 13 15 12 8",
            vec!["--heuristic", "manhattan"],
        ),
        (
            "1 2 3 4 5 15 7 6 9 8 11 12 13 10 14 x",
            vec!["--algorithm", "idastar", "--heuristic", "linear-conflict"],
        ),
    ] {
        let mut args = vec!["hint", "--json"];
        args.extend_from_slice(&extra);
        args.push(board);
        let out = npuzzle(&args, "");
        assert!(out.status.success(), "{}", stderr(&out));
        let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
        assert_eq!(line["type"], "hint");
        let data = &line["data"];
        assert_eq!(data["outcome"], "solved");
        let d = data["distance"].as_u64().unwrap() as usize;
        assert_eq!(d, exact_length(board), "{board}");
        let mut optimal = String::new();
        for m in data["moves"].as_array().unwrap() {
            let mv = m["move"].as_str().unwrap().chars().next().unwrap();
            let want = exact_length(&after(board, mv));
            assert_eq!(m["distance"].as_u64().unwrap() as usize, want, "{board} then {mv}");
            if want + 1 == d {
                optimal.push(mv);
            }
        }
        assert_eq!(data["optimal"], optimal.as_str());
    }
}

#[test]
fn hint_reports_a_budget_and_exits_1() {
    let out = npuzzle(
        &[
            "hint",
            "--goal",
            "blank-first",
            "--heuristic",
            "manhattan",
            "--max-nodes",
            "1000",
            "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("\nno answer: node limit reached\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn hint_of_a_bad_board_says_what_is_wrong() {
    let out = npuzzle(&["hint", "1 2 3 4 5 6 7 8 8"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("tile 8 appears twice"), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
}

#[test]
fn hint_of_an_unsolvable_board() {
    let out = npuzzle(&["hint", "--json", "2 1 3 4 5 6 7 8 x"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["data"]["outcome"], "unsolvable");
    assert_eq!(line["data"]["distance"], serde_json::Value::Null);
}

#[test]
fn count_and_all_list_every_optimal_solution_once() {
    let board = "8 6 7 2 5 4 3 x 1";
    let out = npuzzle(&["solve", "--count", board], "");
    assert!(out.status.success(), "{}", stderr(&out));
    // 40, from an independent breadth-first count of this board's optimal paths.
    assert!(
        stdout(&out).contains("\n40 optimal solutions (table: "),
        "{}",
        stdout(&out)
    );

    let out = npuzzle(&["solve", "--all", "--moves", board], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let listed: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(listed.len(), 40);
    let order = |s: &String| s.chars().map(|c| "udlr".find(c).unwrap()).collect::<Vec<_>>();
    assert!(
        listed.windows(2).all(|w| order(&w[0]) < order(&w[1])),
        "u d l r order, no repeat"
    );
    for moves in &listed {
        let b: npuzzle::Board = board.parse().unwrap();
        let end = b.replay(&npuzzle::Move::parse_list(moves).unwrap()).unwrap();
        assert_eq!((moves.len(), end.to_string().as_str()), (31, "1 2 3 4 5 6 7 8 x"));
    }

    // IDA* enumerates the same list.
    let out = npuzzle(&["solve", "--all", "--moves", "--algorithm", "idastar", board], "");
    assert_eq!(stdout(&out).lines().collect::<Vec<_>>(), listed);
}

#[test]
fn all_with_a_limit_in_json() {
    let out = npuzzle(&["solve", "--json", "--all", "--limit", "3", "8 6 7 2 5 4 3 x 1"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["data"]["solutions"].as_array().unwrap().len(), 3);
    assert!(line["data"].get("count").is_none(), "more exist: no count");
    let out = npuzzle(
        &[
            "solve",
            "--json",
            "--all",
            "--count",
            "--limit",
            "3",
            "8 6 7 2 5 4 3 x 1",
        ],
        "",
    );
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["data"]["count"], 40);
    // Without --count or --all, no such keys.
    let out = npuzzle(&["solve", "--json", "8 6 7 2 5 4 3 x 1"], "");
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert!(line["data"].get("count").is_none() && line["data"].get("solutions").is_none());
}

#[test]
fn count_on_a_4x4_board_by_enumeration() {
    // Two tiles to bring home, in either order where they do not meet.
    let out = npuzzle(
        &[
            "solve",
            "--all",
            "--moves",
            "--heuristic",
            "manhattan",
            "1 2 3 4 5 6 7 8 9 10 x 11 13 14 15 12",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "rd\n");
    let out = npuzzle(
        &[
            "solve",
            "--count",
            "--heuristic",
            "manhattan",
            "1 2 3 4 5 6 x 8 9 10 7 11 13 14 15 12",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("\n1 optimal solution (idastar: "),
        "{}",
        stdout(&out)
    );
}

/// Regression: `auto` solves this 6x6 board with greedy in 12 moves; `--count`
/// was dropped without a word when the moves streamed, and with `--json
/// --timeout` the record said 12 moves and 1 optimal solution, listing an
/// 8-move one (an enumeration within greedy's length).
#[test]
fn count_and_all_refuse_a_board_auto_solves_with_greedy() {
    let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x 26 27 34 28 30 25 31 32 33 29 35";
    for extra in [
        vec!["--count"],
        vec!["--all", "--moves"],
        vec!["--count", "--json"],
        vec!["--all", "--count", "--json", "--timeout", "10s"],
    ] {
        let mut args = vec!["solve"];
        args.extend_from_slice(&extra);
        args.push(board);
        let out = npuzzle(&args, "");
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", stdout(&out));
        // With --json, the refusal is the board's error record, as for an invalid board.
        let err = if extra.contains(&"--json") {
            assert_eq!(stderr(&out), "", "{extra:?}");
            let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
            assert_eq!(
                (line["type"].as_str(), line["data"]["line"].as_u64()),
                (Some("error"), Some(1))
            );
            line["data"]["message"].as_str().unwrap().to_string()
        } else {
            assert_eq!(stdout(&out), "", "{extra:?}");
            stderr(&out)
        };
        assert!(
            err.contains("optimal solutions are counted by an optimal search: auto searches optimally on boards of at most 25 cells, and a 6x6 board has 36"),
            "{err}"
        );
        assert!(
            err.contains("drop `--count` and `--all`, or count with `--algorithm idastar`"),
            "{err}"
        );
    }
    // The way out the message names: an optimal search counts it, 8 moves, one way.
    let out = npuzzle(&["solve", "--json", "--all", "--algorithm", "idastar", board], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["data"]["length"], exact_length(board));
    assert_eq!(line["data"]["count"], 1);
    assert_eq!(line["data"]["solutions"], serde_json::json!(["drrrurdr"]));
    // Without --count the board is still solved by greedy.
    let out = npuzzle(&["solve", "--json", board], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains(r#""algorithm":"greedy""#), "{}", stdout(&out));
}

/// An explicit greedy counts nothing, even on a board the table could count.
#[test]
fn count_with_greedy_named_is_refused_with_the_way_out() {
    for board in ["1 2 3 4 5 6 x 7 8", "5 1 3 4 9 2 7 8 13 x 10 12 14 6 11 15"] {
        let out = npuzzle(&["solve", "--count", "--algorithm", "greedy", board], "");
        assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
        let err = stderr(&out);
        assert!(err.contains("greedy builds a solution without searching"), "{err}");
        assert!(err.contains("drop `--algorithm greedy`"), "{err}");
    }
}

/// `npuzzle hint` on a far 5x5 board without databases searched for hours
/// saying nothing (`solve` warns at the start); the warning names the ways
/// out a hint has (greedy is none: a hint is exact).
#[test]
fn a_long_5x5_hint_says_so_at_the_start() {
    let dir = empty_dir("hint-no-pdb-5x5");
    let dir_arg = dir_arg(&dir);
    let board = "16 9 x 3 8 24 12 19 5 2 7 18 15 10 22 4 11 21 13 1 17 20 23 14 6";
    let out = npuzzle(&["hint", "--max-nodes", "1000", "--pdb-dir", dir_arg, board], "");
    assert_eq!(out.status.code(), Some(1), "the node budget runs out");
    let err = stderr(&out);
    assert!(err.contains("at least 74 moves from the goal"), "{err}");
    assert!(err.contains("npuzzle pdb build --size 5x5"), "{err}");
    assert!(err.contains("--timeout"), "{err}");
    assert!(!err.contains("greedy"), "no greedy way out for a hint: {err}");
    // A 5x5 board one move from the goal needs no warning.
    let near = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24";
    let out = npuzzle(&["hint", "--pdb-dir", dir_arg, near], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
}

/// A 42-move 15-puzzle (Manhattan distance): solved in 1.7 M nodes, its one
/// optimal solution counted in 7.5 M (the count solves it again, then walks
/// IDA*'s last iteration without the duplicate-sequence cut).
const COUNTED_IN_MILLIONS: &str = "11 13 4 3 2 9 1 8 0 10 6 7 14 5 15 12";

/// `solve --count` on 4x4 and 5x5 boards enumerated for as long as it took
/// (hours on a hard board); now a budget that stops it gives a partial
/// answer, marked so, with the option that lets it run further.
#[test]
fn count_stopped_by_a_budget_is_a_partial_answer_that_says_so() {
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "-j", "1", "--heuristic", "manhattan"];
        args.extend_from_slice(extra);
        args.push(COUNTED_IN_MILLIONS);
        npuzzle(&args, "")
    };
    let out = solve(&["--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let solved_in = line["data"]["stats"]["expanded"].as_u64().unwrap();
    // Enough nodes to solve it (once by itself, again for the count), not to finish counting.
    let max_nodes = (3 * solved_in).to_string();
    let out = solve(&["--count", "--max-nodes", &max_nodes]);
    assert_eq!(out.status.code(), Some(1), "a partial answer: {}", stdout(&out));
    let text = stdout(&out);
    assert!(text.contains("42 moves: "), "the board is solved: {text}");
    assert!(
        text.contains(" optimal solution")
            && text.contains("(partial: node limit reached; --max-nodes to count further; idastar: "),
        "{text}"
    );
    let out = solve(&["--count", "--json", "--max-nodes", &max_nodes]);
    assert_eq!(out.status.code(), Some(1));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let data = &line["data"];
    assert_eq!(
        (data["outcome"].as_str(), data["length"].as_u64()),
        (Some("solved"), Some(42))
    );
    assert!(data.get("count").is_none(), "{data}");
    assert_eq!(data["count_budget"], "node limit");
    let at_least = data["count_at_least"].as_u64().expect("a lower bound");
    // The whole count, with nodes to spare: the lower bound is not above it.
    let out = solve(&["--count", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert!(line["data"].get("count_budget").is_none(), "{line}");
    assert!(at_least <= line["data"]["count"].as_u64().unwrap(), "{line}");
}

/// `--count-timeout` bounds the enumeration (a zero time limit stops it at
/// its first look at the clock, so the test needs no timing), and says how
/// to count longer; boards the complete table counts are not bounded by it.
#[test]
fn count_timeout_bounds_the_enumeration_not_the_table() {
    for extra in [vec!["--count"], vec!["--all", "--count"], vec!["--all", "--moves"]] {
        let mut args = vec!["solve", "-j", "1", "--heuristic", "manhattan", "--count-timeout", "0s"];
        args.extend_from_slice(&extra);
        args.push(COUNTED_IN_MILLIONS);
        let out = npuzzle(&args, "");
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {}", stdout(&out));
        let (text, err) = (stdout(&out), stderr(&out));
        let note = "partial: time limit reached; --count-timeout to count longer";
        if extra.contains(&"--moves") {
            assert_eq!(text, "", "no solution listed in no time");
            assert!(
                err.contains(&format!("board 1: the list of optimal solutions is {note}")),
                "{err}"
            );
        } else {
            assert!(text.contains("42 moves: "), "the board is still solved: {text}");
            assert!(
                text.contains(&format!("optimal solutions not counted ({note}; ")),
                "{extra:?}: {text}"
            );
        }
    }
    let out = npuzzle(&["solve", "--count", "--count-timeout", "0s", "8 6 7 2 5 4 3 x 1"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("\n40 optimal solutions (table: "),
        "{}",
        stdout(&out)
    );
}

/// The default bound is said where the options are.
#[test]
fn help_states_the_default_count_bound() {
    let out = npuzzle(&["solve", "--help"], "");
    assert!(out.status.success());
    let help = stdout(&out);
    assert!(help.contains("--count-timeout <TIME>"), "{help}");
    assert!(help.contains("(default: --timeout if given, else 1m;"), "{help}");
}

/// A board refused for its question (`--count` where `auto` is greedy) or
/// its size (`--algorithm idastar` on 20x20) ended the whole run: the boards
/// after it were not solved. Now the refusal is that board's answer, like an
/// invalid board's, and the run exits 2 at the end.
#[test]
fn one_board_refused_does_not_end_a_run_of_several() {
    let goal_6x6 = npuzzle::Goal::standard("6x6".parse().unwrap());
    let greedy_6x6 = goal_6x6
        .board()
        .replay(&npuzzle::Move::parse_list("ul").unwrap())
        .unwrap();
    let input = format!("8 6 7 2 5 4 3 x 1\n{greedy_6x6}\n1 2 3 4 x 8 7 6 5\n");
    let out = npuzzle(&["solve", "--count"], &input);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("\n40 optimal solutions (table: "),
        "board 1 counted: {text}"
    );
    assert!(
        text.contains("\n2 optimal solutions (table: "),
        "board 3 counted: {text}"
    );
    let err = stderr(&out);
    assert!(
        err.starts_with("npuzzle: line 2: optimal solutions are counted by an optimal search"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // In JSON Lines: a solution, the refusal as an error record naming its line, a solution.
    let out = npuzzle(&["solve", "--count", "--json"], &input);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let types: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["solution", "error", "solution"]);
    assert_eq!(
        (lines[0]["data"]["count"].as_u64(), lines[2]["data"]["count"].as_u64()),
        (Some(40), Some(2))
    );
    assert_eq!(lines[1]["data"]["line"], 2);
    assert_eq!(lines[1]["data"]["input"], greedy_6x6.to_string());
    // A board too big for the named search, given as an argument among others.
    let goal_20x20 = npuzzle::Goal::standard("20x20".parse().unwrap());
    let big = goal_20x20
        .board()
        .replay(&npuzzle::Move::parse_list("ul").unwrap())
        .unwrap()
        .to_string();
    let out = npuzzle(
        &[
            "solve",
            "--moves",
            "-a",
            "idastar",
            "1 2 3 4 5 6 x 7 8",
            &big,
            "1 2 3 4 5 6 7 x 8",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(stdout(&out), "rr\nr\n");
    let err = stderr(&out);
    assert!(
        err.starts_with("npuzzle: board 2: ") && err.contains("--algorithm greedy"),
        "{err}"
    );
    // An invalid board beside a refused one: still exit 2, both said.
    let out = npuzzle(&["solve", "--count", "1 2 3 4 5 6 7 8 8", &greedy_6x6.to_string()], "");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("board 1: tile 8 appears twice") && err.contains("board 2: optimal solutions"),
        "{err}"
    );
}

/// Each move of a `hint --metric mtm --json` record against the oracle's
/// multi-tile breadth-first distances: the board's, and every slide's
/// board (the move's letters replayed), one entry per slide.
fn check_multi_tile_hint(board: &str, width: usize, distances: &std::collections::HashMap<Vec<u8>, u32>) {
    let out = npuzzle(&["hint", "--metric", "mtm", "--json", board], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let data = &json["data"];
    assert_eq!(data["metric"], "mtm");
    let start: npuzzle::Board = board.parse().unwrap();
    assert_eq!(data["distance"], distances[start.tiles()], "{board}");
    let slides = npuzzle::oracle::multi_tile_neighbours(start.tiles(), width);
    let moves = data["moves"].as_array().unwrap();
    assert_eq!(moves.len(), slides.len(), "{board}");
    let mut optimal = Vec::new();
    for m in moves {
        let letters = m["move"].as_str().unwrap();
        let next = start.replay(&npuzzle::Move::parse_list(letters).unwrap()).unwrap();
        assert!(slides.contains(&next.tiles().to_vec()), "{board}: {letters}");
        assert_eq!(m["distance"], distances[next.tiles()], "{board}: {letters}");
        if Some(distances[next.tiles()] + 1) == data["distance"].as_u64().map(|d| d as u32) {
            optimal.push(letters);
        }
    }
    assert_eq!(data["optimal"], optimal.join(" "), "{board}");
}

#[test]
fn hint_metric_mtm_gives_the_oracles_multi_tile_distances() {
    let goal = npuzzle::Goal::standard("3x3".parse().unwrap());
    let distances = npuzzle::oracle::multi_tile_distances(goal.board().tiles(), 3, None);
    for board in [
        "8 6 7 2 5 4 3 x 1",
        "1 2 3 4 5 6 x 7 8",
        "x 1 2 3 4 5 6 7 8",
        "4 1 3 7 2 6 x 5 8",
    ] {
        check_multi_tile_hint(board, 3, &distances);
    }
    // 4x4 by the optimal multi-tile search: boards at most 4 slides from the goal, so within the
    // oracle's 5 with every slide.
    let goal = npuzzle::Goal::standard("4x4".parse().unwrap());
    let distances = npuzzle::oracle::multi_tile_distances(goal.board().tiles(), 4, Some(5));
    for letters in ["lll", "uulld", "luru"] {
        let board = goal
            .board()
            .replay(&npuzzle::Move::parse_list(letters).unwrap())
            .unwrap();
        check_multi_tile_hint(&board.to_string(), 4, &distances);
    }
}

#[test]
fn hint_notation_tiles_names_the_moves_the_tiles_make() {
    let out = npuzzle(&["hint", "--notation", "tiles", "8 6 7 2 5 4 3 x 1"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains(
            "\ndistance 31; optimal moves: D (30), R (30), L (30)\n\
             (U D L R move a tile up, down, left, right; a number after one repeats it)\n"
        ),
        "{}",
        stdout(&out)
    );
    // A slide of two tiles is one multi-tile move: L2 in the tiles' notation, ll in the blank's.
    for (notation, want) in [
        (
            "tiles",
            "multi-tile distance 1; optimal moves: L2 (0); others: D (2), D2 (2), L (1)\n",
        ),
        (
            "blank",
            "multi-tile distance 1; optimal moves: rr (0); others: u (2), uu (2), r (1)\n",
        ),
    ] {
        let out = npuzzle(
            &["hint", "--metric", "mtm", "--notation", notation, "1 2 3 4 5 6 x 7 8"],
            "",
        );
        assert!(stdout(&out).contains(want), "{}", stdout(&out));
    }
    // JSON keeps the blank's letters.
    let out = npuzzle(&["hint", "--notation", "tiles", "--json", "1 2 3 4 5 6 x 7 8"], "");
    assert!(stdout(&out).contains(r#""optimal":"r""#), "{}", stdout(&out));
}

#[test]
fn hint_metric_mtm_refuses_what_it_cannot_answer_exactly() {
    let five = npuzzle::Goal::standard("5x5".parse().unwrap())
        .board()
        .replay(&npuzzle::Move::parse_list("ul").unwrap())
        .unwrap()
        .to_string();
    let cases: [(&[&str], &str); 3] = [
        (
            &["--size", "5x5", &five],
            "no hint by auto on a 5x5 board in the multi-tile metric: auto answers it greedily",
        ),
        (
            &["--algorithm", "astar", "8 6 7 2 5 4 3 x 1"],
            "no hint by astar in the multi-tile metric",
        ),
        (&["--algorithm", "greedy", "8 6 7 2 5 4 3 x 1"], "greedy"),
    ];
    for (args, want) in cases {
        let mut all = vec!["hint", "--metric", "mtm"];
        all.extend_from_slice(args);
        let out = npuzzle(&all, "");
        assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
        assert_eq!(stdout(&out), "");
        assert!(stderr(&out).contains(want), "{}", stderr(&out));
    }
    // idastar gives it: two slides, `r` then `d` undo them.
    let out = npuzzle(
        &[
            "hint",
            "--metric",
            "mtm",
            "--size",
            "5x5",
            "--algorithm",
            "idastar",
            &five,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("multi-tile distance 2; optimal moves: r (1)"),
        "{}",
        stdout(&out)
    );
}
