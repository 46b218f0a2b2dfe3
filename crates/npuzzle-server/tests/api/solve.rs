//! `POST /api/solve` and `POST /api/compare`: lengths against the
//! independent BFS, the options a request names, outcomes and budgets.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{data, error_message, App, KORF_1, SIX_BY_GREEDY};
use crate::oracle::{bfs_distances, bfs_path_counts, mtm_bfs_distances, replay, tiles};

#[tokio::test]
async fn solve_answers_the_solution_record_of_the_cli() {
    let app = App::default().await;
    let (status, record) = app.post_json("/api/solve", json!({"board": "8 6 7 2 5 4 3 x 1"})).await;
    assert_eq!(status, StatusCode::OK);
    let d = data(&record, "solution");
    assert_eq!(d["outcome"], "solved");
    assert_eq!(d["length"], 31);
    assert_eq!(d["goal"], "1 2 3 4 5 6 7 8 x");
    assert_eq!(d["algorithm"], "table");
    let moves = d["moves"].as_str().unwrap();
    assert_eq!(moves.len(), 31);
    assert_eq!(
        replay(&tiles("8 6 7 2 5 4 3 x 1"), 3, moves),
        tiles("1 2 3 4 5 6 7 8 x")
    );
    assert!(d["stats"]["expanded"].as_u64().is_some());
}

#[tokio::test]
async fn solve_in_the_multi_tile_metric_counts_runs_as_one_move() {
    let app = App::default().await;
    let body = json!({"board": "8 6 7 2 5 4 3 x 1", "metric": "mtm"});
    let (status, record) = app.post_json("/api/solve", body).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    let d = data(&record, "solution");
    assert_eq!(
        (d["metric"].as_str(), d["algorithm"].as_str()),
        (Some("mtm"), Some("bfs"))
    );
    let moves = d["moves"].as_str().unwrap();
    assert_eq!(
        replay(&tiles("8 6 7 2 5 4 3 x 1"), 3, moves),
        tiles("1 2 3 4 5 6 7 8 x")
    );
    let runs = moves.as_bytes().chunk_by(|a, b| a == b).count();
    // 20 multi-tile moves, fewer than the 22 of the single-move optimum.
    assert_eq!((d["mtm_length"].as_u64(), runs), (Some(20), 20));
    let (status, record) = app
        .post_json("/api/solve", json!({"board": "1 2 3 4 5 6 x 7 8", "metric": "htm"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&record).contains("unknown metric \"htm\""), "{record}");
}

#[tokio::test]
async fn solve_lengths_equal_an_independent_bfs_on_2x3() {
    let app = App::default().await;
    let distances = bfs_distances(3, 2);
    assert_eq!(distances.len(), 360);
    for (board, &d) in distances.iter().step_by(7) {
        let text: Vec<String> = board.iter().map(u8::to_string).collect();
        for algorithm in ["auto", "idastar", "bibfs"] {
            let body = json!({"board": text.join(" "), "size": "3x2", "algorithm": algorithm});
            let (status, record) = app.post_json("/api/solve", body).await;
            assert_eq!(status, StatusCode::OK, "{record}");
            assert_eq!(data(&record, "solution")["length"], d, "{algorithm} on {text:?}");
        }
    }
}

#[tokio::test]
async fn a_4x4_board_is_solved_with_the_options_given() {
    let app = App::default().await;
    let body =
        json!({"board": "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15", "algorithm": "astar", "heuristic": "manhattan"});
    let (status, record) = app.post_json("/api/solve", body).await;
    assert_eq!(status, StatusCode::OK);
    let d = data(&record, "solution");
    assert_eq!((d["length"].as_u64(), d["moves"].as_str()), (Some(2), Some("rr")));
    assert_eq!(
        (d["algorithm"].as_str(), d["heuristic"].as_str()),
        (Some("astar"), Some("manhattan"))
    );
    // A* has no iterations to list; IDA* lists each bound it searched.
    assert!(d["stats"].get("iterations").is_none(), "{d}");
    let body = json!({"board": "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15", "algorithm": "idastar"});
    let (status, record) = app.post_json("/api/solve", body).await;
    assert_eq!(status, StatusCode::OK);
    let iterations = &data(&record, "solution")["stats"]["iterations"];
    assert_eq!(
        iterations.as_array().and_then(|a| a.last()).map(|i| &i["bound"]),
        Some(&json!(2)),
        "{record}"
    );
}

#[tokio::test]
async fn unsolvable_is_an_outcome_not_an_error() {
    let app = App::default().await;
    let (status, record) = app.post_json("/api/solve", json!({"board": "2 1 3 4 5 6 7 8 x"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(data(&record, "solution")["outcome"], "unsolvable");
}

#[tokio::test]
async fn budgets_that_run_out_are_reported() {
    let app = App::default().await;
    let body = json!({"board": KORF_1, "goal": "blank-first", "heuristic": "manhattan", "timeout_ms": 200});
    let (status, record) = app.post_json("/api/solve", body).await;
    assert_eq!(status, StatusCode::OK);
    let d = data(&record, "solution");
    assert_eq!(
        (d["outcome"].as_str(), d["budget"].as_str()),
        (Some("budget"), Some("time limit"))
    );
    let body = json!({"board": KORF_1, "goal": "blank-first", "heuristic": "manhattan", "max_nodes": 5000});
    let (_, record) = app.post_json("/api/solve", body).await;
    assert_eq!(data(&record, "solution")["budget"], "node limit");
}

/// A count on a board `auto` solves with greedy names the library's reason.
#[tokio::test]
async fn a_count_beyond_optimal_search_is_a_400_naming_why() {
    let app = App::default().await;
    let (status, record) = app
        .post_json("/api/solve", json!({"board": SIX_BY_GREEDY, "count": true}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    assert_eq!(
        error_message(&record),
        "optimal solutions are counted by an optimal search: auto searches optimally on boards of at most 25 \
         cells, and a 6x6 board has 36; the greedy algorithm solves it, not optimally; leave out \"count\""
    );
    assert_eq!(data(&record, "error")["input"], SIX_BY_GREEDY);
    let body = json!({"board": "1 2 3 4 5 6 x 7 8", "algorithm": "greedy", "count": true});
    let (status, record) = app.post_json("/api/solve", body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    let message = error_message(&record);
    assert!(
        message.contains("greedy builds a solution without searching"),
        "{message}"
    );
    assert!(message.ends_with("; leave out \"algorithm\""), "{message}");
}

#[tokio::test]
async fn solve_counts_optimal_solutions_like_an_independent_bfs() {
    let app = App::default().await;
    let counts = bfs_path_counts(3, 2);
    for (board, &n) in counts.iter().step_by(13) {
        let text: Vec<String> = board.iter().map(u8::to_string).collect();
        let body = json!({"board": text.join(" "), "size": "3x2", "count": true});
        let (status, record) = app.post_json("/api/solve", body).await;
        assert_eq!(status, StatusCode::OK, "{record}");
        assert_eq!(data(&record, "solution")["count"], n, "{text:?}");
    }
    let (status, record) = app
        .post_json(
            "/api/solve",
            json!({"board": KORF_1, "goal": "blank-first", "count": true}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&record).contains("complete table"), "{record}");
}

/// `improve: true` shortens the constructive solution within the request's
/// time budget: the record says from what length and which start, and the
/// shorter moves still replay to the goal.
#[tokio::test]
async fn solve_improves_a_greedy_solution_within_the_time_budget() {
    let app = App::default().await;
    // `npuzzle random --size 6x6 --seed 3`.
    let board = "17 12 32 11 13 6 20 27 33 5 34 19 23 15 16 29 26 28 31 30 1 4 14 x 18 9 24 7 25 22 8 2 3 10 35 21";
    let goal: String = (1..36).map(|t| format!("{t} ")).collect::<String>() + "x";
    let (status, plain) = app.post_json("/api/solve", json!({"board": board})).await;
    assert_eq!(status, StatusCode::OK);
    let plain = data(&plain, "solution");
    assert_eq!(plain["algorithm"], "greedy");
    assert!(plain.get("improved_from").is_none(), "{plain}");
    let (status, improved) = app
        .post_json(
            "/api/solve",
            json!({"board": board, "improve": true, "timeout_ms": 400}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let d = data(&improved, "solution");
    assert_eq!(d["outcome"], "solved", "{d}");
    let (len, from) = (d["length"].as_u64().unwrap(), d["improved_from"].as_u64().unwrap());
    assert!(len <= from && len < plain["length"].as_u64().unwrap(), "{d}");
    assert!(d["start"] == "greedy" || d["start"] == "staged", "{d}");
    assert_eq!(d["stats"]["moves_made"], plain["length"]);
    // Neither start deepens a bound: no iterations listed, not even empty.
    for record in [plain, d] {
        assert!(record["stats"].get("iterations").is_none(), "{record}");
    }
    let moves = d["moves"].as_str().unwrap();
    assert_eq!(moves.len() as u64, len);
    assert_eq!(replay(&tiles(board), 6, moves), tiles(&goal));
}

#[tokio::test]
async fn compare_runs_every_realm_and_they_agree() {
    let app = App::default().await;
    let (status, record) = app
        .post_json("/api/compare", json!({"board": "8 6 7 2 5 4 3 x 1"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let runs = data(&record, "compare")["runs"].as_array().unwrap();
    let names: Vec<String> = runs
        .iter()
        .map(|r| {
            format!(
                "{} {}",
                r["algorithm"].as_str().unwrap(),
                r["heuristic"].as_str().unwrap_or("-")
            )
        })
        .collect();
    assert_eq!(names.len(), 10, "{names:?}");
    assert!(names.contains(&"idastar linear-conflict".to_string()), "{names:?}");
    for r in runs {
        assert_eq!(
            (r["outcome"].as_str(), r["length"].as_u64()),
            (Some("solved"), Some(31)),
            "{r}"
        );
    }
    let (status, record) = app.post_json("/api/compare", json!({"board": KORF_1})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&record).contains("at most 12 cells"));
}

/// `metric: "mtm"`: the runs that search the multi-tile metric, each at
/// the slide breadth-first search's distance.
#[tokio::test]
async fn compare_in_the_multi_tile_metric_runs_what_searches_it() {
    let app = App::default().await;
    let distances = mtm_bfs_distances(4, 2);
    for (board, &d) in distances.iter().step_by(4_999) {
        let text: Vec<String> = board.iter().map(u8::to_string).collect();
        let (status, record) = app
            .post_json(
                "/api/compare",
                json!({"board": text.join(" "), "size": "4x2", "metric": "mtm"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{record}");
        let c = data(&record, "compare");
        assert_eq!(c["metric"], "mtm", "{record}");
        let runs = c["runs"].as_array().unwrap();
        let names: Vec<_> = runs.iter().map(|r| r["algorithm"].as_str().unwrap()).collect();
        assert_eq!(names, ["bfs", "table", "idastar"], "{record}");
        for r in runs {
            assert_eq!(
                (r["outcome"].as_str(), r["mtm_length"].as_u64()),
                (Some("solved"), Some(u64::from(d))),
                "{text:?}: {r}"
            );
        }
    }
}

/// `metric: "mtm"` with `limit` (the server counts from tables: `table`):
/// every optimal multi-tile solution, each
/// replaying to the goal in as many slides as the slide BFS says.
#[tokio::test]
async fn every_optimal_multi_tile_solution_is_listed() {
    let app = App::default().await;
    let distances = mtm_bfs_distances(3, 2);
    let goal = tiles("1 2 3 4 5 x");
    let slides = |moves: &str| {
        moves
            .chars()
            .enumerate()
            .filter(|&(i, m)| i == 0 || !moves[i - 1..].starts_with(m))
            .count()
    };
    let mut several = 0;
    for (board, &d) in distances.iter().step_by(7) {
        let text: Vec<String> = board.iter().map(u8::to_string).collect();
        let (status, record) = app
            .post_json(
                "/api/solve",
                json!({"board": text.join(" "), "size": "3x2", "metric": "mtm", "algorithm": "table", "limit": 1000}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{record}");
        let s = data(&record, "solution");
        let listed: Vec<&str> = s["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(s["count"].as_u64(), Some(listed.len() as u64), "{record}");
        for moves in &listed {
            assert_eq!(replay(board, 3, moves), goal, "{moves} on {text:?}");
            assert_eq!(slides(moves), d as usize, "{moves} on {text:?}");
        }
        several += usize::from(listed.len() > 1);
    }
    assert!(several > 3, "only {several} boards with several solutions");
}

/// `within`: Korf's #1 (57 moves at best) at most 1.5 times that, with the
/// lower bound the search proved; a factor greedy cannot prove is refused.
#[tokio::test]
async fn solve_within_a_factor_names_it_and_its_lower_bound() {
    let app = App::default().await;
    let (status, record) = app
        .post_json(
            "/api/solve",
            json!({"board": KORF_1, "goal": "blank-first", "within": 1.5, "heuristic": "linear-conflict"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{record}");
    let d = data(&record, "solution");
    let (len, lower) = (d["length"].as_u64().unwrap(), d["lower_bound"].as_u64().unwrap());
    assert_eq!(d["within"], 1.5);
    assert!(
        len as f64 <= 1.5 * 57.0 && lower <= 57 && len as f64 <= 1.5 * lower as f64,
        "{d}"
    );
    let goal: String = "x ".to_string() + &(1..16).map(|t| t.to_string()).collect::<Vec<_>>().join(" ");
    assert_eq!(replay(&tiles(KORF_1), 4, d["moves"].as_str().unwrap()), tiles(&goal));
    for (body, wanted) in [
        (
            json!({"board": KORF_1, "within": 0.5}),
            "a factor is a number from 1 to 16",
        ),
        (
            json!({"board": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 x 35", "within": 1.5}),
            "a factor is proved by an optimal or a weighted search",
        ),
    ] {
        let (status, record) = app.post_json("/api/solve", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
        assert!(error_message(&record).contains(wanted), "{record}");
    }
}
