//! Bounds on concurrency and time: health answers while every worker
//! searches, the queue's limit is a 503, a client that leaves stops its
//! search, and what is wrong without a search is refused before the pool.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{
    data, error_message, full_pool, long_search, loopback, release, searches, App, FOUR_NEAR, FOUR_UNSOLVABLE, KORF_1,
    SIX_BY_GREEDY,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_answers_while_every_worker_searches() {
    let mut config = loopback();
    config.workers = 2;
    let app = App::start(config).await;
    let running = [long_search(&app, 3000), long_search(&app, 3000)];
    while searches(&app).await < 2 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    for _ in 0..20 {
        let started = Instant::now();
        let (status, health) = app.get("/api/health").await;
        assert_eq!((status, health["status"].as_str()), (StatusCode::OK, Some("ok")));
        // Not a benchmark: a generous bound that a stalled server would miss by seconds.
        assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
        // A table lookup is not queued behind the searches either.
        let (status, _) = app.post_json("/api/solve", json!({"board": "8 6 7 2 5 4 3 x 1"})).await;
        assert_eq!(status, StatusCode::OK);
    }
    for r in running {
        let record: Value = r.await.unwrap().unwrap().json().await.unwrap();
        assert_eq!(data(&record, "solution")["budget"], "time limit");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_queue_the_answer_is_503_with_retry_after() {
    let mut config = loopback();
    config.workers = 1;
    config.queue = 1;
    let app = App::start(config).await;
    let running = [long_search(&app, 1500), long_search(&app, 1500)];
    while searches(&app).await < 2 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let response = app
        .client
        .post(format!("{}/api/solve", app.base))
        .json(&json!({"board": KORF_1, "goal": "blank-first"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(response.headers()["retry-after"], "1");
    let record: Value = response.json().await.unwrap();
    assert!(error_message(&record).contains("busy"));
    for r in running {
        assert_eq!(r.await.unwrap().unwrap().status(), StatusCode::OK);
    }
    assert_eq!(searches(&app).await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_stops_its_search() {
    let mut config = loopback();
    config.workers = 1;
    config.queue = 0;
    let app = App::start(config).await;
    // The client gives up after 300 ms of a search allowed 60 s.
    let impatient = reqwest::Client::builder()
        .timeout(Duration::from_millis(300))
        .build()
        .unwrap();
    let body = json!({"board": KORF_1, "goal": "blank-first", "heuristic": "misplaced", "timeout_ms": 60_000});
    let sent = impatient
        .post(format!("{}/api/solve", app.base))
        .json(&body)
        .send()
        .await;
    assert!(sent.is_err_and(|e| e.is_timeout()));
    let gave_up = Instant::now();
    while searches(&app).await > 0 {
        assert!(
            gave_up.elapsed() < Duration::from_secs(20),
            "the search went on after its client left"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The worker is free again: a new search is taken, not refused.
    let (status, record) = app
        .post_json("/api/solve", json!({"board": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(data(&record, "solution")["length"], 1);
}

/// Regression: the hint's refusal of greedy boards ran inside the pool's
/// job, so with every worker busy a request that was wrong anyway got 503.
/// Whatever needs no search is checked before the request is queued.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_wrong_without_a_search_get_400_while_the_pool_is_full() {
    let (app, running) = full_pool(0).await;
    let twelve: Vec<String> = (1..143)
        .map(|t| t.to_string())
        .chain(["x".into(), "143".into()])
        .collect();
    let twenty: Vec<String> = (1..399)
        .map(|t| t.to_string())
        .chain(["x".into(), "399".into()])
        .collect();
    for (path, body, says) in [
        ("/api/hint", json!({"board": twelve.join(" ")}), "hints are exact"),
        (
            "/api/hint",
            json!({"board": "1 2 3 4 5 6 x 7 8", "algorithm": "greedy"}),
            "greedy builds a solution",
        ),
        (
            "/api/solve",
            json!({"board": SIX_BY_GREEDY, "count": true}),
            "counted by an optimal search",
        ),
        (
            "/api/solve",
            json!({"board": twenty.join(" "), "algorithm": "idastar"}),
            "a 20x20 board has 400",
        ),
        (
            "/api/solve",
            json!({"board": KORF_1, "goal": "blank-first", "heuristic": "pdb"}),
            "pattern database",
        ),
        (
            "/api/hint",
            json!({"board": KORF_1, "goal": "blank-first", "heuristic": "pdb"}),
            "pattern database",
        ),
    ] {
        let (status, record) = app.post_json(path, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {record}");
        assert!(error_message(&record).contains(says), "{path} {body}: {record}");
    }
    // The pool is full indeed: a request that needs a search is turned away.
    let (status, record) = app
        .post_json("/api/hint", json!({"board": KORF_1, "goal": "blank-first"}))
        .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{record}");
    release(&app, running).await;
}

/// Regression: a board over the size limit of the algorithm asked (bfs and
/// table: 12 cells; bfs-set, bibfs and astar: 25) or a heuristic that does
/// not fit the board was refused only by the search, inside the pool: with
/// the pool full the answer was 503, with room in the queue it waited for a
/// worker. It is refused first with the library's message, and a board of
/// the wrong parity is answered "unsolvable" without a place in the pool.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_over_the_algorithms_size_limit_is_refused_while_the_pool_is_full() {
    let (app, running) = full_pool(1).await;
    // The pool is full indeed: a search within every limit is turned away.
    let body = json!({"board": FOUR_NEAR, "algorithm": "bibfs"});
    let (status, record) = app.post_json("/api/solve", body).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{record}");
    let stores = "it stores boards packed into 128 bits, at most 25 cells (this one has 36); idastar has no such limit";
    let refused = [
        (
            json!({"board": FOUR_NEAR, "algorithm": "bfs"}),
            "bfs cannot solve a 4x4 board: its visited array needs half a byte for each of the 16!/2 boards \
             that reach the goal, 5.2e12 bytes here; bfs takes boards of up to 12 cells (try bibfs, astar or idastar)"
                .to_string(),
        ),
        (
            json!({"board": FOUR_NEAR, "algorithm": "table"}),
            "table cannot solve a 4x4 board: a complete table has 16!/2 states; only boards of at most 12 cells \
             (up to 3x4 and 2x6) fit in memory"
                .to_string(),
        ),
        (
            json!({"board": SIX_BY_GREEDY, "algorithm": "bfs-set"}),
            format!("bfs-set cannot solve a 6x6 board: {stores}"),
        ),
        (
            json!({"board": SIX_BY_GREEDY, "algorithm": "bibfs"}),
            format!("bibfs cannot solve a 6x6 board: {stores}"),
        ),
        (
            json!({"board": SIX_BY_GREEDY, "algorithm": "astar", "heuristic": "manhattan"}),
            format!("astar cannot solve a 6x6 board: {stores}"),
        ),
        (
            json!({"board": "8 6 7 2 5 4 3 x 1", "algorithm": "idastar", "heuristic": "walking-distance"}),
            "walking-distance cannot solve a 3x3 board: walking distance is built for 4x4 boards only".to_string(),
        ),
    ];
    for path in ["/api/solve", "/api/hint"] {
        for (body, message) in &refused {
            let (status, record) = app.post_json(path, body.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {record}");
            assert_eq!(error_message(&record), message, "{path} {body}");
            assert_eq!(data(&record, "error")["input"], body["board"], "{path} {body}");
        }
    }
    // The wrong parity is decided before any search, for bfs on 6x6 too.
    let six_unsolvable = SIX_BY_GREEDY.replacen("1 2 ", "2 1 ", 1);
    for (path, body) in [
        ("/api/solve", json!({"board": FOUR_UNSOLVABLE, "algorithm": "idastar"})),
        ("/api/solve", json!({"board": six_unsolvable, "algorithm": "bfs"})),
        ("/api/hint", json!({"board": FOUR_UNSOLVABLE})),
        ("/api/compare", json!({"board": "2 1 3 4 5 6 7 8 x"})),
    ] {
        let (status, record) = app.post_json(path, body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{path} {body}: {record}");
        let outcomes: Vec<&Value> = match record["type"].as_str() {
            Some("compare") => data(&record, "compare")["runs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| &r["outcome"])
                .collect(),
            _ => vec![&record["data"]["outcome"]],
        };
        assert!(
            !outcomes.is_empty() && outcomes.iter().all(|o| *o == "unsolvable"),
            "{path} {body}: {record}"
        );
    }
    release(&app, running).await;
}

/// Regression: the refusals came in an uneven order: idastar's 256-cell
/// limit before parity, `table` refusing a solved board over 12 cells,
/// greedy refusing to hint an unsolvable board, `count` refused on a solved
/// 4x4 board. Parity comes first, then a board at its goal, then the limits,
/// and both are answered without a place in the (full) pool.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parity_and_a_solved_board_are_answered_before_any_limit() {
    let (app, running) = full_pool(0).await;
    let wide: Vec<String> = (1..400).map(|t| t.to_string()).chain(["x".into()]).collect();
    let solved_wide = wide.join(" ");
    let unsolvable_wide = solved_wide.replacen("1 2 ", "2 1 ", 1);
    let solved_four = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x";
    let solved_six: String = (1..36).map(|t| format!("{t} ")).collect::<String>() + "x";
    let unsolvable = [
        ("/api/solve", json!({"board": unsolvable_wide, "algorithm": "idastar"})),
        ("/api/hint", json!({"board": unsolvable_wide})),
        (
            "/api/hint",
            json!({"board": "2 1 3 4 5 6 7 x 8", "algorithm": "greedy"}),
        ),
        ("/api/solve", json!({"board": FOUR_UNSOLVABLE, "count": true})),
    ];
    for (path, body) in unsolvable {
        let (status, record) = app.post_json(path, body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{path} {body}: {record}");
        assert_eq!(record["data"]["outcome"], "unsolvable", "{path} {body}");
    }
    let solved = [
        ("/api/solve", json!({"board": solved_wide, "algorithm": "idastar"})),
        ("/api/solve", json!({"board": solved_four, "algorithm": "table"})),
        ("/api/solve", json!({"board": solved_four, "algorithm": "bfs"})),
        ("/api/solve", json!({"board": solved_four, "count": true})),
        ("/api/solve", json!({"board": solved_six, "count": true})),
        ("/api/hint", json!({"board": solved_six})),
        (
            "/api/hint",
            json!({"board": "1 2 3 4 5 6 7 8 x", "algorithm": "greedy"}),
        ),
        (
            "/api/hint",
            json!({"board": "1 2 3 4 5 6 7 8 x", "algorithm": "idastar", "heuristic": "walking-distance"}),
        ),
    ];
    for (path, body) in solved {
        let (status, record) = app.post_json(path, body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{path} {body}: {record}");
        let d = &record["data"];
        assert_eq!(d["outcome"], "solved", "{path} {body}: {record}");
        match path {
            "/api/hint" => assert_eq!(d["distance"], 0, "{body}: {record}"),
            _ => assert_eq!(
                (d["length"].as_u64(), d["moves"].as_str()),
                (Some(0), Some("")),
                "{body}: {record}"
            ),
        }
        if body.get("count").is_some() {
            assert_eq!(d["count"], 1, "{body}: {record}");
        }
    }
    release(&app, running).await;
}

/// `GET /api/limits` is the server's configuration and the engine's
/// constants, and the limits it names are the ones the other routes apply.
#[tokio::test]
async fn the_limits_record_is_the_configuration_the_routes_apply() {
    let mut config = loopback();
    config.default_timeout = Duration::from_millis(1500);
    config.max_timeout = Duration::from_secs(7);
    let app = App::start(config).await;
    let (status, record) = app.get("/api/limits").await;
    assert_eq!(status, StatusCode::OK);
    let limits = data(&record, "limits");
    assert_eq!(
        *limits,
        json!({"table_cells": 10, "exhaustive_max_cells": 12, "hint_max_cells": 25,
               "default_timeout_ms": 1500, "max_timeout_ms": 7000})
    );
    // A board past `exhaustive_max_cells` is refused for a distribution, naming that limit.
    let (status, record) = app.get("/api/stats?size=7x2").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&record).contains("at most 12 cells"), "{record}");
    // A board of `table_cells` cells is answered from the table.
    let (_, record) = app
        .post_json("/api/solve", json!({"board": "6 1 2 3 4 x 7 8 9 5", "size": "5x2"}))
        .await;
    assert_eq!(data(&record, "solution")["algorithm"], "table");
}
