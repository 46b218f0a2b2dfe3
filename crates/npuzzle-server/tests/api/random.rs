//! `POST /api/random` and `GET /api/stats`: boards at a chosen distance
//! and the distance distribution, against the independent BFS.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{data, error_message, App};
use crate::oracle::bfs_distances;

#[tokio::test]
async fn random_boards_are_reproducible_and_at_the_distance_asked() {
    let app = App::default().await;
    let body = json!({"size": "3x3", "distance": 20, "seed": 9});
    let (status, first) = app.post_json("/api/random", body.clone()).await;
    assert_eq!(status, StatusCode::OK);
    let (_, again) = app.post_json("/api/random", body).await;
    assert_eq!(first, again);
    let d = data(&first, "board");
    assert_eq!(d["distance"], 20);
    let (_, solved) = app.post_json("/api/solve", json!({"board": d["board"]})).await;
    assert_eq!(data(&solved, "solution")["length"], 20);

    let (status, record) = app
        .post_json("/api/random", json!({"size": "4x2", "goal": "blank-first"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let d = data(&record, "board");
    assert_eq!(
        (d["size"].as_str(), d["goal"].as_str()),
        (Some("4x2"), Some("x 1 2 3 4 5 6 7"))
    );
    let (_, solved) = app
        .post_json(
            "/api/solve",
            json!({"board": d["board"], "size": "4x2", "goal": "blank-first"}),
        )
        .await;
    assert_eq!(data(&solved, "solution")["outcome"], "solved");

    let (status, record) = app.post("/api/random", "").await;
    assert_eq!(status, StatusCode::OK, "an empty body is a 3x3 board");
    assert_eq!(data(&record, "board")["size"], "3x3");

    let (status, record) = app
        .post_json("/api/random", json!({"size": "4x4", "distance": 30}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&record).contains("at most 12 cells"), "{record}");
    let (status, record) = app
        .post_json("/api/random", json!({"size": "3x3", "distance": 32}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&record).contains("no 3x3 board is 32 moves"), "{record}");
}

#[tokio::test]
async fn stats_equal_an_independent_bfs() {
    let app = App::default().await;
    let (status, record) = app.get("/api/stats?size=3x2").await;
    assert_eq!(status, StatusCode::OK);
    let d = data(&record, "distribution");
    let mut expected = vec![0u64; 22];
    for &dist in bfs_distances(3, 2).values() {
        expected[dist as usize] += 1;
    }
    assert_eq!(d["counts"], json!(expected));
    assert_eq!((d["total"].as_u64(), d["diameter"].as_u64()), (Some(360), Some(21)));

    let (_, record) = app.get("/api/stats?size=3x3").await;
    let d = data(&record, "distribution");
    assert_eq!((d["total"].as_u64(), d["diameter"].as_u64()), (Some(181_440), Some(31)));
    assert_eq!(d["counts"][31], 2);

    for (query, wanted) in [
        ("/api/stats", "give the board size"),
        ("/api/stats?size=5x5", "at most 12 cells"),
        ("/api/stats?size=3x3&goal=1+2+3", "reading the goal: wrong tile count"),
        ("/api/stats?size=3x3&colour=red", "unknown field"),
    ] {
        let (status, record) = app.get(query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert!(error_message(&record).contains(wanted), "{query}: {record}");
    }
}
