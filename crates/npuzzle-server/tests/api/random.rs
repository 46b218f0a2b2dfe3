//! `POST /api/random` and `GET /api/stats`: boards at a chosen distance
//! and the distance distribution, against the independent BFS.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{data, error_message, fill_pool, loopback, release, App};
use crate::oracle::{bfs_distances, distances_within, mtm_bfs_distances};

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
        .post_json("/api/random", json!({"size": "6x6", "distance": 30}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error_message(&record).contains("at most 12 cells) or an optimal search confirming it"),
        "{record}"
    );
    let (status, record) = app
        .post_json("/api/random", json!({"size": "3x3", "distance": 32}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&record).contains("no 3x3 board is 32 moves"), "{record}");
}

#[tokio::test]
async fn random_boards_at_a_multi_tile_distance_are_an_independent_slide_bfs() {
    let app = App::default().await;
    let distances = mtm_bfs_distances(4, 2);
    let farthest = *distances.values().max().unwrap();
    for (seed, distance) in [(1, 0), (2, 5), (3, 9), (4, farthest)] {
        let body = json!({"size": "4x2", "distance": distance, "seed": seed, "metric": "mtm"});
        let (status, record) = app.post_json("/api/random", body).await;
        assert_eq!(status, StatusCode::OK, "{record}");
        let d = data(&record, "board");
        assert_eq!(
            (&d["distance"], &d["metric"]),
            (&json!(distance), &json!("mtm")),
            "{record}"
        );
        let tiles: Vec<u8> = d["board"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|t| if t == "x" { 0 } else { t.parse().unwrap() })
            .collect();
        assert_eq!(distances[&tiles], distance, "{record}");
    }
    let body = json!({"size": "4x2", "distance": farthest + 1, "metric": "mtm"});
    let (status, record) = app.post_json("/api/random", body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let wanted = format!(
        "is {} multi-tile moves from 1 2 3 4 5 6 7 x: the farthest are {farthest} multi-tile moves away",
        farthest + 1
    );
    assert!(error_message(&record).contains(&wanted), "{record}");
    let (status, record) = app
        .post_json("/api/random", json!({"size": "3x3", "distance": 3, "metric": "htm"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&record).contains("htm"), "{record}");
}

/// Past the complete tables: random walks an optimal search confirms, in
/// either metric, against a breadth-first search from the goal.
#[tokio::test]
async fn random_boards_past_the_tables_are_at_the_distance_asked() {
    let app = App::default().await;
    for (metric, distance) in [("stm", 8), ("mtm", 4)] {
        let oracle = distances_within(4, 4, metric == "mtm", distance);
        let body = json!({"size": "4x4", "distance": distance, "seed": 3, "metric": metric});
        let (status, record) = app.post_json("/api/random", body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{record}");
        let d = data(&record, "board");
        assert_eq!(d["distance"], distance, "{record}");
        let tiles: Vec<u8> = d["board"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|t| if t == "x" { 0 } else { t.parse().unwrap() })
            .collect();
        assert_eq!(oracle.get(&tiles), Some(&distance), "{record}");
        // The same seed, the same board.
        let (_, again) = app.post_json("/api/random", body).await;
        assert_eq!(again, record);
    }
    let (status, record) = app
        .post_json("/api/random", json!({"size": "5x5", "distance": 4, "metric": "mtm"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&record).contains("4x4 in multi-tile moves"), "{record}");
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
    assert!(d.get("metric").is_none(), "single moves are the default: {d}");

    let (status, record) = app.get("/api/stats?size=4x2&metric=mtm").await;
    assert_eq!(status, StatusCode::OK);
    let d = data(&record, "distribution");
    let distances = mtm_bfs_distances(4, 2);
    let mut expected = vec![0u64; *distances.values().max().unwrap() as usize + 1];
    for &dist in distances.values() {
        expected[dist as usize] += 1;
    }
    assert_eq!(d["counts"], json!(expected));
    assert_eq!(d["metric"], "mtm");

    for (query, wanted) in [
        ("/api/stats", "give the board size"),
        ("/api/stats?size=3x3&metric=qtm", "qtm"),
        ("/api/stats?size=5x5", "at most 12 cells"),
        ("/api/stats?size=3x3&goal=1+2+3", "reading the goal: wrong tile count"),
        ("/api/stats?size=3x3&colour=red", "unknown field"),
    ] {
        let (status, record) = app.get(query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert!(error_message(&record).contains(wanted), "{query}: {record}");
    }
}

/// Regression: a distance past the board's farthest went through the search
/// pool each time (a 503 when it was full). The first such request learns
/// the farthest distance and names it; the next ones, and any after
/// `/api/stats` built the table, are refused at once, however full the pool.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_distance_past_the_farthest_board_is_refused_before_the_pool() {
    let mut config = loopback();
    config.workers = 1;
    config.queue = 0;
    let app = App::start(config).await;
    let too_far = json!({"size": "3x3", "distance": 32});
    let (status, record) = app.post_json("/api/random", too_far.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    let named = "no 3x3 board is 32 moves from 1 2 3 4 5 6 7 8 x: the farthest are 31 moves away";
    assert_eq!(error_message(&record), named);
    let (_, record) = app.get("/api/stats?size=3x2").await;
    assert_eq!(data(&record, "distribution")["diameter"], 21);

    let running = fill_pool(&app, 1).await;
    // The pool is full indeed: a board at a reachable distance waits for it.
    let (status, record) = app
        .post_json("/api/random", json!({"size": "3x3", "distance": 20}))
        .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{record}");
    let (status, record) = app.post_json("/api/random", too_far).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    assert_eq!(error_message(&record), named);
    // The blank-first goal's blank is in a corner too: the same table.
    let (status, record) = app
        .post_json(
            "/api/random",
            json!({"size": "3x3", "goal": "blank-first", "distance": 40}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    assert!(
        error_message(&record).ends_with("the farthest are 31 moves away"),
        "{record}"
    );
    // Built by /api/stats: a 3x2 board has no 22-move board.
    let (status, record) = app
        .post_json("/api/random", json!({"size": "3x2", "distance": 22}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    assert!(
        error_message(&record).ends_with("the farthest are 21 moves away"),
        "{record}"
    );
    release(&app, running).await;
}
