//! `apply` and `check`: moves in either notation, played on a board.

use crate::{npuzzle, stderr, stdout};

const GOAL: &str = "1 2 3 4 5 6 7 8 x";

fn json(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_str(stdout(out).trim()).expect("one JSON line")
}

#[test]
fn apply_reads_both_notations_to_the_same_board() {
    // Tiles R2 D2 L is the blank's l l u u r.
    let tiles = npuzzle(&["apply", GOAL, "R2", "D2", "L"], "");
    let spelled = npuzzle(&["apply", GOAL, "RRDDL"], "");
    let blank = npuzzle(&["apply", GOAL, "lluur"], "");
    assert!(tiles.status.success(), "{}", stderr(&tiles));
    assert_eq!(stdout(&tiles), stdout(&blank));
    assert_eq!(stdout(&spelled), stdout(&blank));
    // The board by the library's own replay of the blank's moves.
    let start: npuzzle::Board = GOAL.parse().unwrap();
    let want = start.replay(&npuzzle::Move::parse_list("lluur").unwrap()).unwrap();
    assert_eq!(stdout(&blank), want.to_grid());
    let forced = npuzzle(&["apply", "--notation", "tiles", GOAL, "rrddl"], "");
    assert_eq!(stdout(&forced), stdout(&blank));
    let record = json(&npuzzle(&["apply", "--json", GOAL, "ul"], ""));
    assert_eq!(record["type"], "board");
    assert_eq!(record["data"]["board"], "1 2 3 4 x 5 7 8 6");
}

#[test]
fn a_move_into_the_wall_is_named_with_its_place_and_the_blank() {
    let out = npuzzle(&["apply", GOAL, "D R3"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "npuzzle: move 4 (R3 at character 3) runs into the wall: the blank is at row 2, column 1 of the 3x3 board\n"
    );
    let out = npuzzle(&["apply", GOAL, "uL"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("'u' at character 1 and 'L' at character 2"),
        "{}",
        stderr(&out)
    );
    let out = npuzzle(&["apply", "--notation", "sideways", GOAL, "u"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("choose blank or tiles"), "{}", stderr(&out));
}

#[test]
fn check_tells_valid_goal_lengths_and_optimality() {
    let board = "8 6 7 2 5 4 3 x 1";
    let solved = npuzzle(&["solve", "--moves", board], "");
    let moves = stdout(&solved).trim().to_string();
    let record = json(&npuzzle(&["check", "--json", board, &moves], ""));
    let data = &record["data"];
    assert_eq!(record["type"], "check");
    assert_eq!(
        (data["valid"].as_bool(), data["reaches_goal"].as_bool()),
        (Some(true), Some(true))
    );
    // The distance by breadth-first search from the rules alone.
    let start: npuzzle::Board = board.parse().unwrap();
    let goal: npuzzle::Board = GOAL.parse().unwrap();
    let distance = npuzzle::oracle::distance(start.tiles(), goal.tiles(), 3).unwrap();
    assert_eq!(data["stm"], moves.len());
    assert_eq!(data["stm_distance"], distance);
    assert_eq!(data["stm_optimal"], true);
    // MTM: the runs of the moves, counted here.
    let runs = moves.as_bytes().chunk_by(|a, b| a == b).count();
    assert_eq!(data["mtm"], runs);
    let mtm = data["mtm_distance"].as_u64().unwrap();
    assert!(mtm <= runs as u64 && mtm > 0);
    assert_eq!(data["mtm_optimal"], mtm == runs as u64);
    // Back and forth added: valid, at the goal, not optimal.
    let longer = npuzzle(&["check", board, &format!("ud{moves}")], "");
    assert_eq!(longer.status.code(), Some(0));
    assert!(
        stdout(&longer).contains("STM: not optimal (the board is 31 moves from the goal)"),
        "{}",
        stdout(&longer)
    );
}

#[test]
fn check_exits_1_when_the_moves_fail_or_stop_short() {
    let board = "1 2 3 4 5 6 x 7 8";
    let short = npuzzle(&["check", board, "r"], "");
    assert_eq!(short.status.code(), Some(1));
    assert!(
        stdout(&short).contains("valid, but ends at 1 2 3 4 5 6 7 x 8"),
        "{}",
        stdout(&short)
    );
    let wall = npuzzle(&["check", "--json", board, "R"], "");
    assert_eq!(wall.status.code(), Some(1));
    let data = &json(&wall)["data"];
    assert_eq!(data["valid"], false);
    assert_eq!(
        data["error"],
        "move 1 (R at character 1) runs into the wall: the blank is at row 3, column 1 of the 3x3 board"
    );
    assert!(data["stm_optimal"].is_null());
}

#[test]
fn check_says_when_the_multi_tile_distance_is_not_searched() {
    let out = npuzzle(&["check", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", "r"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("STM: optimal (the board is 1 move from the goal)"),
        "{text}"
    );
    assert!(
        text.contains("MTM: optimal not known (searched on boards of at most 12 cells)"),
        "{text}"
    );
}

#[test]
fn solve_prints_tile_notation_that_reads_back_to_the_same_moves() {
    // A 6x6 board (greedy's, whose moves are held for the notation) a few moves from its goal.
    let shape: npuzzle::Shape = "6x6".parse().unwrap();
    let walk = npuzzle::Move::parse_list("uuullldrrdlu").unwrap();
    let big = npuzzle::Goal::standard(shape)
        .board()
        .replay(&walk)
        .unwrap()
        .to_string();
    for board in ["8 6 7 2 5 4 3 x 1", big.as_str()] {
        let blank = npuzzle(&["solve", "--moves", board], "");
        let tiles = npuzzle(&["solve", "--moves", "--notation", "tiles", board], "");
        assert!(tiles.status.success(), "{}", stderr(&tiles));
        let text = stdout(&tiles);
        assert!(text.trim().chars().all(|c| "UDLR0123456789 ".contains(c)), "{text}");
        let read = npuzzle::notation::parse(text.trim(), None).unwrap();
        assert_eq!(
            npuzzle::Move::format_list(read.moves()),
            stdout(&blank).trim(),
            "{board}"
        );
    }
}

/// Replays blank moves on plain tiles (row-major, 0 the blank), by the rules alone.
fn replay_tiles(tiles: &[u8], width: usize, moves: &str) -> Vec<u8> {
    let mut tiles = tiles.to_vec();
    for mv in moves.chars() {
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let to = match mv {
            'u' => blank - width,
            'd' => blank + width,
            'l' => blank - 1,
            'r' => blank + 1,
            other => panic!("move {other}"),
        };
        tiles.swap(blank, to);
    }
    tiles
}

#[test]
fn solve_metric_mtm_gives_the_oracles_multi_tile_length_and_both_lengths() {
    let goal: npuzzle::Goal = npuzzle::Goal::standard("3x3".parse().unwrap());
    let distances = npuzzle::oracle::multi_tile_distances(goal.board().tiles(), 3, None);
    let mut boards: Vec<_> = distances.iter().collect();
    boards.sort();
    for (tiles, &d) in boards.into_iter().step_by(30_011) {
        let text: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
        let out = npuzzle(&["solve", "--metric", "mtm", "--json", &text.join(" ")], "");
        assert!(out.status.success(), "{}", stderr(&out));
        let data = &json(&out)["data"];
        assert_eq!(data["metric"], "mtm");
        assert_eq!(data["mtm_length"].as_u64(), Some(u64::from(d)), "{text:?}");
        let moves = data["moves"].as_str().unwrap();
        assert_eq!(data["length"].as_u64(), Some(moves.len() as u64));
        assert_eq!(replay_tiles(tiles, 3, moves), goal.board().tiles());
    }
    // The human answer says both, the multi-tile length first.
    let out = npuzzle(&["solve", "--metric", "mtm", "1 2 3 4 5 6 x 7 8"], "");
    assert!(
        stdout(&out).contains("1 multi-tile move (2 single moves): rr\n"),
        "{}",
        stdout(&out)
    );
    // The single-tile default gives both lengths in JSON too, and no metric field.
    let data = json(&npuzzle(&["solve", "--json", "1 2 3 4 5 6 x 7 8"], ""))["data"].clone();
    assert_eq!(
        (data["length"].as_u64(), data["mtm_length"].as_u64()),
        (Some(2), Some(1))
    );
    assert!(data.get("metric").is_none());
}

#[test]
fn compare_metric_mtm_runs_agree_with_the_oracles_multi_tile_distance() {
    let goal: npuzzle::Goal = npuzzle::Goal::standard("3x3".parse().unwrap());
    let distances = npuzzle::oracle::multi_tile_distances(goal.board().tiles(), 3, None);
    let mut boards: Vec<_> = distances.iter().collect();
    boards.sort();
    for (tiles, &d) in boards.into_iter().step_by(45_007) {
        let text: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
        let out = npuzzle(&["compare", "--metric", "mtm", "--json", &text.join(" ")], "");
        assert!(out.status.success(), "{}", stderr(&out));
        let data = &json(&out)["data"];
        assert_eq!(data["metric"], "mtm");
        let runs = data["runs"].as_array().unwrap();
        let names: Vec<_> = runs.iter().map(|r| r["algorithm"].as_str().unwrap()).collect();
        assert_eq!(names, ["bfs", "table", "idastar"], "{text:?}");
        assert_eq!(runs[2]["heuristic"], "manhattan");
        for run in runs {
            assert_eq!(run["outcome"], "solved", "{run}");
            assert_eq!(run["mtm_length"].as_u64(), Some(u64::from(d)), "{text:?}: {run}");
            assert!(run["length"].as_u64() >= run["mtm_length"].as_u64(), "{run}");
        }
    }
    // The table says the multi-tile length with the single moves beside it.
    let out = npuzzle(&["compare", "--metric", "mtm", "1 2 3 4 5 6 x 7 8"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("mtm length"), "{text}");
    assert!(text.contains("1 (2 single)"), "{text}");
    assert!(text.contains("all 3 finished runs agree: 1 multi-tile moves"), "{text}");
    // A single-tile comparison has no metric field and both lengths per run.
    let data = json(&npuzzle(&["compare", "--json", "1 2 3 4 5 6 x 7 8"], ""))["data"].clone();
    assert!(data.get("metric").is_none());
    let first = &data["runs"][0];
    assert_eq!(
        (first["length"].as_u64(), first["mtm_length"].as_u64()),
        (Some(2), Some(1))
    );
    // Pattern databases count single moves.
    let out = npuzzle(&["compare", "--metric", "mtm", "--pdb", "1,2,3/4,5,6,7,8"], "");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("pattern databases count single moves"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn solve_metric_mtm_on_4x4_and_what_it_refuses() {
    // The blank three cells from its place, then three up: two multi-tile moves.
    let out = npuzzle(
        &[
            "solve",
            "--metric",
            "mtm",
            "--json",
            "--goal",
            "blank-first",
            "1 2 3 7 4 5 6 11 8 9 10 15 12 13 14 0",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let data = &json(&out)["data"];
    assert_eq!(
        (data["algorithm"].as_str(), data["heuristic"].as_str()),
        (Some("idastar"), Some("walking-distance"))
    );
    assert_eq!(
        (data["mtm_length"].as_u64(), data["length"].as_u64()),
        (Some(2), Some(6))
    );
    let out = npuzzle(&["solve", "--metric", "mtm", "-a", "astar", "1 2 3 4 5 6 x 7 8"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("astar does not search in the multi-tile metric: it is searched by bfs"),
        "{}",
        stderr(&out)
    );
    // Counted from the complete multi-tile distances up to 12 cells: `rr` is the one slide.
    let out = npuzzle(
        &["solve", "--metric", "mtm", "--count", "--json", "1 2 3 4 5 6 x 7 8"],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["data"]["count"], 1);
    let out = npuzzle(
        &["solve", "--metric", "mtm", "--all", "--json", "1 2 3 x 4 6 7 5 8"],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["data"]["solutions"], serde_json::json!(["rdr"]));
    // Past 12 cells idastar counts and lists them: every board within 7 slides of the 4x4
    // and 5x5 goals from the oracle's multi-tile search, a sample checked against its count.
    for (shape, every) in [("4x4", 1_201), ("5x5", 4_001)] {
        let goal = npuzzle::Goal::standard(shape.parse().unwrap());
        let width = goal.shape().width();
        let distances = npuzzle::oracle::multi_tile_distances(goal.board().tiles(), width, Some(7));
        let mut boards: Vec<_> = distances.iter().filter(|&(_, &d)| d == 7).collect();
        boards.sort();
        for (tiles, _) in boards.into_iter().step_by(every).take(3) {
            let board = npuzzle::Board::new(goal.shape(), tiles.clone()).unwrap().to_string();
            let mut args = vec!["solve", "--metric", "mtm", "--size", shape, "--all", "--json", &board];
            if shape == "5x5" {
                args.extend(["--algorithm", "idastar"]);
            }
            let out = npuzzle(&args, "");
            assert!(out.status.success(), "{}", stderr(&out));
            let data = &json(&out)["data"];
            let listed = data["solutions"].as_array().unwrap();
            assert_eq!(data["count"].as_u64(), Some(listed.len() as u64), "{data}");
            for moves in listed {
                let moves = npuzzle::Move::parse_list(moves.as_str().unwrap()).unwrap();
                let start: npuzzle::Board = board.parse().unwrap();
                assert!(goal.is_reached_by(&start.replay(&moves).unwrap()), "{board}: {moves:?}");
                assert_eq!(npuzzle::Metric::Mtm.length(&moves), 7, "{board}");
            }
        }
    }
    // auto answers 5x5 greedily in the metric, which counts nothing: it says what does.
    let out = npuzzle(
        &[
            "solve",
            "--metric",
            "mtm",
            "--count",
            "--size",
            "5x5",
            &five_near_goal(),
        ],
        "",
    );
    assert!(
        stderr(&out).contains("no count by auto on a 5x5 board in the multi-tile metric: auto answers it greedily"),
        "{}",
        stderr(&out)
    );
    let out = npuzzle(&["solve", "--metric", "htm", "1 2 3 4 5 6 x 7 8"], "");
    assert!(
        stderr(&out).contains("unknown metric \"htm\"; choose stm or mtm"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn table_metric_mtm_counts_the_oracles_boards_at_each_multi_tile_distance() {
    for (size, width, goal) in [("3x3", 3, "standard"), ("3x2", 3, "blank-first")] {
        let shape: npuzzle::Shape = size.parse().unwrap();
        let goal_board = if goal == "standard" {
            npuzzle::Goal::standard(shape)
        } else {
            npuzzle::Goal::blank_first(shape)
        };
        let mut want = Vec::new();
        for &d in npuzzle::oracle::multi_tile_distances(goal_board.board().tiles(), width, None).values() {
            let d = d as usize;
            want.resize(want.len().max(d + 1), 0u64);
            want[d] += 1;
        }
        let out = npuzzle(
            &["table", "--size", size, "--goal", goal, "--metric", "mtm", "--json"],
            "",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let data = &json(&out)["data"];
        assert_eq!(data["metric"], "mtm");
        let counts: Vec<u64> = data["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        assert_eq!(counts, want, "{size}");
        assert_eq!(data["diameter"].as_u64(), Some(want.len() as u64 - 1));
    }
    // The 8-puzzle's multi-tile diameter is 24; in single moves it is 31.
    let out = npuzzle(&["table", "--size", "3x3", "--metric", "mtm"], "");
    assert_eq!(stdout(&out), "total 181440\ndiameter 24\n");
    let out = npuzzle(&["table", "--size", "4x4", "--metric", "mtm"], "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("4x4"), "{}", stderr(&out));
}

#[test]
fn random_metric_mtm_draws_boards_at_the_oracles_multi_tile_distance() {
    let goal = npuzzle::Goal::standard("3x3".parse().unwrap());
    let distances = npuzzle::oracle::multi_tile_distances(goal.board().tiles(), 3, None);
    let farthest = *distances.values().max().unwrap();
    for d in [1, 10, farthest] {
        let d_text = d.to_string();
        let out = npuzzle(
            &[
                "random",
                "--metric",
                "mtm",
                "--distance",
                &d_text,
                "--count",
                "5",
                "--seed",
                "2",
                "--json",
            ],
            "",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        for line in stdout(&out).lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(
                (&record["data"]["distance"], &record["data"]["metric"]),
                (&serde_json::json!(d), &serde_json::json!("mtm"))
            );
            let board: npuzzle::Board = record["data"]["board"].as_str().unwrap().parse().unwrap();
            assert_eq!(distances[board.tiles()], d, "{board}");
        }
    }
    // --distinct gives every board at the farthest distance, once.
    let at_farthest = distances.values().filter(|&&x| x == farthest).count();
    let far_text = farthest.to_string();
    let out = npuzzle(
        &[
            "random",
            "--metric",
            "mtm",
            "--distance",
            &far_text,
            "--count",
            "50",
            "--distinct",
        ],
        "",
    );
    assert_eq!(stdout(&out).lines().count(), at_farthest, "{}", stderr(&out));
    let past = (farthest + 1).to_string();
    let out = npuzzle(&["random", "--metric", "mtm", "--distance", &past], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!("the farthest are {farthest} multi-tile moves away")),
        "{}",
        stderr(&out)
    );
    // 4x4: walks of slides confirmed by the optimal multi-tile search.
    let goal = npuzzle::Goal::standard("4x4".parse().unwrap());
    let distances = npuzzle::oracle::multi_tile_distances(goal.board().tiles(), 4, Some(4));
    let out = npuzzle(
        &[
            "random",
            "--size",
            "4x4",
            "--metric",
            "mtm",
            "--distance",
            "4",
            "--count",
            "3",
            "--seed",
            "8",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("random walks of slides, each kept when idastar"),
        "{}",
        stderr(&out)
    );
    let text = stdout(&out);
    let boards: Vec<&str> = text.lines().collect();
    assert_eq!(boards.len(), 3);
    for text in boards {
        let board: npuzzle::Board = text.parse().unwrap();
        assert_eq!(distances.get(board.tiles()), Some(&4), "{board}");
    }
}

/// A 5x5 board two slides from the standard goal.
fn five_near_goal() -> String {
    npuzzle::Goal::standard("5x5".parse().unwrap())
        .board()
        .replay(&npuzzle::Move::parse_list("ul").unwrap())
        .unwrap()
        .to_string()
}
