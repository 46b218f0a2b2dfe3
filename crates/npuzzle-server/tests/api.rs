//! The API against the real server on an ephemeral loopback port, with a
//! real HTTP client.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use npuzzle_server::{Config, Server};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Korf's first 15-puzzle (57 moves to the blank-first goal): long enough
/// for weak heuristics to run into any budget we give them.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

struct App {
    base: String,
    client: reqwest::Client,
}

impl App {
    async fn start(config: Config) -> App {
        let server = Server::bind(config).await.expect("bind a loopback port");
        let base = format!("http://{}", server.local_addr().unwrap());
        tokio::spawn(server.serve_until(std::future::pending()));
        App {
            base,
            client: reqwest::Client::new(),
        }
    }

    async fn default() -> App {
        App::start(loopback()).await
    }

    async fn post(&self, path: &str, body: impl Into<reqwest::Body>) -> (StatusCode, Value) {
        let response = self
            .client
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("the server answers");
        let status = response.status();
        (status, response.json().await.expect("a JSON record"))
    }

    async fn post_json(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.post(path, body.to_string()).await
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        let response = self.client.get(format!("{}{path}", self.base)).send().await.unwrap();
        let status = response.status();
        (status, response.json().await.expect("a JSON record"))
    }
}

fn loopback() -> Config {
    let mut config = Config::default();
    config.addr = "127.0.0.1:0".parse().unwrap();
    config
}

/// The `data` of a record of type `kind`.
fn data<'a>(record: &'a Value, kind: &str) -> &'a Value {
    assert_eq!(record["type"], kind, "{record}");
    &record["data"]
}

fn error_message(record: &Value) -> &str {
    data(record, "error")["message"].as_str().unwrap()
}

/// The board after one blank move, or `None` off the edge (0 = blank).
fn step(tiles: &[u8], width: usize, m: char) -> Option<Vec<u8>> {
    let height = tiles.len() / width;
    let b = tiles.iter().position(|&x| x == 0)?;
    let (x, y) = (b % width, b / width);
    let to = match m {
        'u' if y > 0 => b - width,
        'd' if y + 1 < height => b + width,
        'l' if x > 0 => b - 1,
        'r' if x + 1 < width => b + 1,
        _ => return None,
    };
    let mut t = tiles.to_vec();
    t.swap(b, to);
    Some(t)
}

/// Replays blank moves on a board given as numbers (0 = blank).
fn replay(tiles: &[u8], width: usize, moves: &str) -> Vec<u8> {
    moves.chars().fold(tiles.to_vec(), |t, m| {
        step(&t, width, m).unwrap_or_else(|| panic!("illegal move {m} in {moves}"))
    })
}

fn tiles(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|t| if t == "x" { 0 } else { t.parse().unwrap() })
        .collect()
}

/// Distances from the standard goal of every board of a small shape, by a
/// breadth-first search written here (an oracle independent of the library).
fn bfs_distances(width: usize, height: usize) -> HashMap<Vec<u8>, u32> {
    let n = width * height;
    let goal: Vec<u8> = (1..n as u8).chain([0]).collect();
    let mut seen = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(b) = queue.pop_front() {
        let d = seen[&b];
        for m in ['u', 'd', 'l', 'r'] {
            if let Some(next) = step(&b, width, m) {
                if !seen.contains_key(&next) {
                    seen.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    seen
}

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
async fn bad_boards_get_the_cli_message_and_400() {
    let app = App::default().await;
    let cases = [
        (
            json!({"board": "8 6 7 2 5 4 3 x 8"}),
            "tile 8 appears twice, at positions 1 and 9",
        ),
        (
            json!({"board": "1 2 3 4 5 6 7 8"}),
            "cannot tell the board's size from 8 tiles without rows: it could be 4x2 (4 wide, 2 high) or 2x4",
        ),
        (
            json!({"board": "1 2 3 4 5 6 7 x", "size": "3x3"}),
            "wrong tile count: a 3x3 board needs 9 tiles, got 8",
        ),
        (json!({"board": "1 2 3 4 5 6 7 y x"}), "bad token \"y\" at position 8"),
        (
            json!({"board": "1 2 3 x", "goal": "1 2 3 4 5 6 7 8 x"}),
            "the board is 2x2 but the goal is 3x3",
        ),
        (
            json!({"board": "1 2 3 x", "algorithm": "dfs"}),
            "unknown algorithm \"dfs\"",
        ),
        (json!({"board": "1 2 3 x", "heuristic": "psychic"}), "choose auto, "),
        (json!({"board": "1 2 3 x", "size": "3by3"}), "bad size \"3by3\""),
        // Not read as a request at all: no board to name.
        (json!({"board": "1 2 3 x", "colour": "red"}), "unknown field `colour`"),
        (json!({"size": "3x3"}), "missing field `board`"),
    ];
    for (body, wanted) in cases {
        let (status, record) = app.post_json("/api/solve", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let message = error_message(&record);
        assert_eq!(record["data"]["line"], 1);
        let input = if message.starts_with("malformed JSON") {
            None
        } else {
            body.get("board")
        };
        assert_eq!(
            record["data"]["input"],
            input.and_then(Value::as_str).unwrap_or(""),
            "{record}"
        );
        assert!(message.contains(wanted), "{body}: {message:?} lacks {wanted:?}");
        assert!(!message.contains('\n'), "one line: {message:?}");
    }
}

#[tokio::test]
async fn malformed_json_is_400_and_an_oversize_body_413() {
    let app = App::default().await;
    for body in ["{\"board\": ", "not json", "", "[1,2]"] {
        let (status, record) = app.post("/api/solve", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body:?}");
        assert!(error_message(&record).starts_with("malformed JSON body: "), "{record}");
    }
    let big = format!("{{\"board\": \"{}\"}}", "1 ".repeat(40_000));
    let (status, record) = app.post("/api/solve", big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(error_message(&record).contains("64 KiB"), "{record}");
    // Just under the limit is read.
    let near = format!("{{\"board\": \"1 2 3 x{}\"}}", " ".repeat(60_000));
    let (status, record) = app.post("/api/solve", near).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(data(&record, "solution")["length"], 0);
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

#[tokio::test]
async fn board_reads_and_writes_back_canonically() {
    let app = App::default().await;
    let (status, record) = app
        .post_json(
            "/api/board",
            json!({"board": "8,6,7\n2 5 4\n3 0 1", "goal": "blank-first"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let d = data(&record, "board");
    assert_eq!(d["board"], "8 6 7 2 5 4 3 x 1");
    assert_eq!(d["size"], "3x3");
    assert_eq!(d["goal"], "x 1 2 3 4 5 6 7 8");
}

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

/// A request sent in the background.
type Sent = tokio::task::JoinHandle<reqwest::Result<reqwest::Response>>;

/// Starts a search on a 15-puzzle that runs until its budget.
fn long_search(app: &App, timeout_ms: u64) -> Sent {
    let request = app.client.post(format!("{}/api/solve", app.base)).json(&json!({
        "board": KORF_1, "goal": "blank-first", "heuristic": "misplaced", "timeout_ms": timeout_ms
    }));
    tokio::spawn(request.send())
}

async fn searches(app: &App) -> u64 {
    let (_, health) = app.get("/api/health").await;
    health["searches"].as_u64().unwrap()
}

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

#[tokio::test]
async fn the_page_is_served_from_the_binary() {
    let app = App::default().await;
    let mut total = 0;
    for (path, kind) in [
        ("/", "text/html"),
        ("/main.js", "text/javascript"),
        ("/puzzle.js", "text/javascript"),
        ("/api.js", "text/javascript"),
        ("/charts.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let response = app.client.get(format!("{}{path}", app.base)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(
            response.headers()["content-type"].to_str().unwrap().starts_with(kind),
            "{path}"
        );
        let text = response.text().await.unwrap();
        if path == "/" {
            assert!(text.contains(r#"<label for="board-text">Board</label>"#));
        }
        total += text.len();
    }
    assert!(total < 150 * 1024, "{total} bytes");
    let (status, record) = app.get("/api/nothing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_message(&record).contains("no such"));
    let (status, _) = app.get("/nothing.js").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

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

/// auto solves this 6x6 board with greedy in 12 moves; the optimal length is 8.
const SIX_BY_GREEDY: &str =
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x 26 27 34 28 30 25 31 32 33 29 35";

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

/// A server of one worker and a queue of `queue`, every place taken by a
/// search of 60 s (until [`release`]).
async fn full_pool(queue: usize) -> (App, Vec<Sent>) {
    let mut config = loopback();
    config.workers = 1;
    config.queue = queue;
    let app = App::start(config).await;
    let running: Vec<_> = (0..=queue).map(|_| long_search(&app, 60_000)).collect();
    let started = Instant::now();
    while searches(&app).await < running.len() as u64 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the searches did not start"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    (app, running)
}

/// Lets the long searches go: their clients leave, so they are cancelled.
async fn release(app: &App, running: Vec<Sent>) {
    running.iter().for_each(|r| r.abort());
    let left = Instant::now();
    while searches(app).await > 0 {
        assert!(left.elapsed() < Duration::from_secs(20), "the search went on");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A 4x4 board one move from the standard goal, and one of the other parity.
const FOUR_NEAR: &str = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15";
const FOUR_UNSOLVABLE: &str = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 x 15";

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

/// How many shortest paths lead from each board to the goal, by the BFS's
/// layers (a path's count is the sum over the neighbours one layer closer).
fn bfs_path_counts(width: usize, height: usize) -> HashMap<Vec<u8>, u64> {
    let distances = bfs_distances(width, height);
    let mut boards: Vec<(&Vec<u8>, u32)> = distances.iter().map(|(b, &d)| (b, d)).collect();
    boards.sort_by_key(|&(_, d)| d);
    let mut counts: HashMap<Vec<u8>, u64> = HashMap::new();
    for (b, d) in boards {
        let n = if d == 0 {
            1
        } else {
            ['u', 'd', 'l', 'r']
                .into_iter()
                .filter_map(|m| step(b, width, m))
                .filter(|next| distances[next] + 1 == d)
                .map(|next| counts[&next])
                .sum()
        };
        counts.insert(b.clone(), n);
    }
    counts
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
        .post_json("/api/solve", json!({"board": KORF_1, "count": true}))
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

/// A directory holding a 3×3 database for the standard goal, built here by
/// the library (a second of work in a debug build).
fn pdb_dir_3x3() -> tempfile::TempDir {
    use npuzzle::heuristic::pdb::{BuildOptions, PdbSpec};
    let dir = tempfile::tempdir().expect("a temporary directory");
    let goal = npuzzle::Goal::standard(npuzzle::Shape::new(3, 3).unwrap());
    let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8").unwrap();
    let pdb = npuzzle::heuristic::AdditivePdb::build(&spec, &BuildOptions::default(), &mut |_| {}).unwrap();
    pdb.save(dir.path()).unwrap();
    dir
}

/// A server reading databases from `dir`.
async fn with_pdb_dir(dir: &std::path::Path) -> App {
    let mut config = loopback();
    config.pdb_dir = Some(dir.to_path_buf());
    App::start(config).await
}

#[tokio::test]
async fn the_first_requests_for_a_goal_open_its_databases_and_answer_exactly() {
    let dir = pdb_dir_3x3();
    let app = with_pdb_dir(dir.path()).await;
    let distances = bfs_distances(3, 3);
    let boards: Vec<(String, u32)> = distances
        .iter()
        .step_by(20_011)
        .map(|(b, &d)| (b.iter().map(u8::to_string).collect::<Vec<_>>().join(" "), d))
        .collect();
    let (text, d) = &boards[0];
    // A solve and a hint arrive together while nothing is open yet: both
    // open (or share) the databases, and the server still answers health.
    let solve = json!({"board": text, "algorithm": "idastar", "heuristic": "pdb"});
    let hint = json!({"board": text, "algorithm": "idastar", "heuristic": "pdb"});
    let ((s1, solved), (s2, hinted), (s3, health)) = tokio::join!(
        app.post_json("/api/solve", solve),
        app.post_json("/api/hint", hint),
        app.get("/api/health"),
    );
    assert_eq!(
        (s1, s2, s3),
        (StatusCode::OK, StatusCode::OK, StatusCode::OK),
        "{solved} {hinted}"
    );
    assert_eq!(health["status"], "ok");
    let solution = data(&solved, "solution");
    assert_eq!(solution["length"], *d, "{solved}");
    assert_eq!(solution["heuristic"], "pdb", "{solved}");
    assert_eq!(data(&hinted, "hint")["distance"], *d, "{hinted}");
    // Later boards reuse what the first requests opened; `auto` picks it too.
    for (text, d) in &boards[1..] {
        for heuristic in ["pdb", "auto"] {
            let body = json!({"board": text, "algorithm": "idastar", "heuristic": heuristic});
            let (status, record) = app.post_json("/api/solve", body).await;
            assert_eq!(status, StatusCode::OK, "{record}");
            assert_eq!(
                data(&record, "solution")["length"],
                *d,
                "{heuristic} on {text}: {record}"
            );
        }
    }
}

#[tokio::test]
async fn databases_missing_or_unreadable_get_the_same_clear_answer() {
    let dir = pdb_dir_3x3();
    let board = "8 6 7 2 5 4 3 x 1";
    // No database for this goal in the directory: the client asked for what
    // is not there.
    let app = with_pdb_dir(dir.path()).await;
    let body = json!({"board": board, "goal": "blank-first", "algorithm": "idastar", "heuristic": "pdb"});
    let (status, record) = app.post_json("/api/solve", body.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    assert!(error_message(&record).contains("pattern database"), "{record}");
    // A directory that does not exist is one with no databases.
    let app = with_pdb_dir(&dir.path().join("none")).await;
    for path in ["/api/solve", "/api/hint"] {
        let body = json!({"board": board, "algorithm": "idastar", "heuristic": "pdb"});
        let (status, record) = app.post_json(path, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {record}");
        assert!(error_message(&record).contains("pattern database"), "{path}: {record}");
        assert!(error_message(&record).contains("none"), "{path}: {record}");
    }
    // A "directory" that is a file cannot be listed: the server's fault, said so.
    let file = dir.path().join("not-a-directory");
    std::fs::write(&file, b"junk").unwrap();
    let app = with_pdb_dir(&file).await;
    let body = json!({"board": board, "algorithm": "idastar", "heuristic": "pdb"});
    let (status, record) = app.post_json("/api/solve", body).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{record}");
    assert!(error_message(&record).contains("cannot list"), "{record}");
    assert!(error_message(&record).contains("not-a-directory"), "{record}");
}
