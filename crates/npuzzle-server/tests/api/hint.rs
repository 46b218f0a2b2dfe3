//! `POST /api/hint`: each move's distance against the independent BFS,
//! budgets, and the boards no exact hint is given for.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{data, error_message, App, KORF_1};
use crate::oracle::{bfs_distances, mtm_bfs_distances, replay};

#[tokio::test]
async fn hints_name_exactly_the_moves_an_independent_bfs_calls_optimal() {
    let app = App::default().await;
    let distances = bfs_distances(3, 2);
    for (board, &d) in distances.iter().step_by(11) {
        let text: Vec<String> = board.iter().map(u8::to_string).collect();
        let (status, record) = app
            .post_json("/api/hint", json!({"board": text.join(" "), "size": "3x2"}))
            .await;
        assert_eq!(status, StatusCode::OK, "{record}");
        let h = data(&record, "hint");
        assert_eq!(h["distance"], d, "{record}");
        let mut optimal = String::new();
        for m in h["moves"].as_array().unwrap() {
            let mv = m["move"].as_str().unwrap();
            let after = distances[&replay(board, 3, mv)];
            assert_eq!(m["distance"], after, "{mv} on {text:?}");
            if after + 1 == d {
                optimal.push_str(mv);
            }
        }
        assert_eq!(h["optimal"], optimal, "{record}");
    }
}

#[tokio::test]
async fn hints_search_on_4x4_and_say_when_a_budget_ran_out() {
    let app = App::default().await;
    let (status, record) = app
        .post_json("/api/hint", json!({"board": "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let h = data(&record, "hint");
    assert_eq!((h["distance"].as_u64(), h["optimal"].as_str()), (Some(2), Some("r")));
    assert_eq!(h["outcome"], "solved");
    let body = json!({"board": KORF_1, "goal": "blank-first", "heuristic": "manhattan", "max_nodes": 1000});
    let (status, record) = app.post_json("/api/hint", body).await;
    assert_eq!(status, StatusCode::OK);
    let h = data(&record, "hint");
    assert_eq!(
        (h["outcome"].as_str(), h["budget"].as_str()),
        (Some("budget"), Some("node limit"))
    );
    assert_eq!(h["distance"], Value::Null);
    let (status, record) = app.post_json("/api/hint", json!({"board": "2 1 3 4 5 6 7 8 x"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(data(&record, "hint")["outcome"], "unsolvable");
}

/// Regression: a 12x12 hint ran greedy, gave its length (3530) as the
/// distance and spent the whole budget on neighbour searches.
#[tokio::test]
async fn a_hint_beyond_optimal_search_is_a_400_at_once() {
    let app = App::default().await;
    // The goal with the blank moved one left.
    let board: Vec<String> = (1..143)
        .map(|t| t.to_string())
        .chain(["x".into(), "143".into()])
        .collect();
    let (status, record) = app
        .post_json("/api/hint", json!({"board": board.join(" "), "max_nodes": 100_000}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    let message = error_message(&record);
    assert!(
        message.starts_with(
            "hints are exact: auto searches optimally on boards of at most 25 cells, and a 12x12 board has 144"
        ),
        "{message}"
    );
    assert!(
        message.contains("/api/solve with \"algorithm\": \"greedy\""),
        "{message}"
    );
    let body = json!({"board": "1 2 3 4 5 6 x 7 8", "algorithm": "greedy"});
    let (status, record) = app.post_json("/api/hint", body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    assert!(
        error_message(&record).contains("greedy builds a solution without searching"),
        "{record}"
    );
    assert!(
        error_message(&record).ends_with("; leave out \"algorithm\""),
        "{record}"
    );
    // Greedy named on the 12x12 board: leaving it out would only get auto's refusal.
    let (status, record) = app
        .post_json("/api/hint", json!({"board": board.join(" "), "algorithm": "greedy"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    assert!(
        error_message(&record).ends_with("; POST it to /api/solve with \"algorithm\": \"greedy\""),
        "{record}"
    );
    // 5x5, the page's largest hinted board, is still searched exactly.
    let board: Vec<String> = (1..24)
        .map(|t| t.to_string())
        .chain(["x".to_string(), "24".to_string()])
        .collect();
    let (status, record) = app.post_json("/api/hint", json!({"board": board.join(" ")})).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(data(&record, "hint")["distance"], 1);
}

#[tokio::test]
async fn multi_tile_hints_are_an_independent_slide_bfs_distances() {
    let app = App::default().await;
    let distances = mtm_bfs_distances(4, 2);
    for (board, &d) in distances.iter().step_by(997) {
        let text: Vec<String> = board.iter().map(u8::to_string).collect();
        let (status, record) = app
            .post_json(
                "/api/hint",
                json!({"board": text.join(" "), "size": "4x2", "metric": "mtm"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{record}");
        let h = data(&record, "hint");
        assert_eq!((&h["distance"], &h["metric"]), (&json!(d), &json!("mtm")), "{record}");
        let mut optimal = Vec::new();
        let mut slides = 0;
        for m in h["moves"].as_array().unwrap() {
            let mv = m["move"].as_str().unwrap();
            let after = distances[&replay(board, 4, mv)];
            assert_eq!(m["distance"], after, "{mv} on {text:?}");
            slides += 1;
            if after + 1 == d {
                optimal.push(mv);
            }
        }
        // Every slide: (width - 1) + (height - 1) of them from any cell.
        assert_eq!(slides, 4, "{record}");
        assert_eq!(h["optimal"], optimal.join(" "), "{record}");
    }
    // A 5x5 board is refused at once by auto (greedy there), naming what answers it.
    let (status, record) = app
        .post_json(
            "/api/hint",
            json!({"board": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24", "metric": "mtm"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    assert!(
        error_message(&record).contains("no hint by auto on a 5x5 board"),
        "{record}"
    );
}
