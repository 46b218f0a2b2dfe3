//! The server under test and its client: a real server on an ephemeral
//! loopback port, requests over HTTP, the records read back as JSON; and
//! servers whose search pool is full, for the tests of what is answered
//! without a place in it.

use std::time::{Duration, Instant};

use npuzzle_server::{Config, Server};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Korf's first 15-puzzle (57 moves to the blank-first goal): long enough
/// for weak heuristics to run into any budget we give them.
pub const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

pub struct App {
    pub base: String,
    pub client: reqwest::Client,
}

impl App {
    pub async fn start(config: Config) -> App {
        let server = Server::bind(config).await.expect("bind a loopback port");
        let base = format!("http://{}", server.local_addr().unwrap());
        tokio::spawn(server.serve_until(std::future::pending()));
        App {
            base,
            client: reqwest::Client::new(),
        }
    }

    pub async fn default() -> App {
        App::start(loopback()).await
    }

    pub async fn post(&self, path: &str, body: impl Into<reqwest::Body>) -> (StatusCode, Value) {
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

    pub async fn post_json(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.post(path, body.to_string()).await
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let response = self.client.get(format!("{}{path}", self.base)).send().await.unwrap();
        let status = response.status();
        (status, response.json().await.expect("a JSON record"))
    }
}

pub fn loopback() -> Config {
    let mut config = Config::default();
    config.addr = "127.0.0.1:0".parse().unwrap();
    config
}

/// The `data` of a record of type `kind`.
pub fn data<'a>(record: &'a Value, kind: &str) -> &'a Value {
    assert_eq!(record["type"], kind, "{record}");
    &record["data"]
}

pub fn error_message(record: &Value) -> &str {
    data(record, "error")["message"].as_str().unwrap()
}

/// auto solves this 6x6 board with greedy in 12 moves; the optimal length is 8.
pub const SIX_BY_GREEDY: &str =
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x 26 27 34 28 30 25 31 32 33 29 35";

/// A 4x4 board one move from the standard goal, and one of the other parity.
pub const FOUR_NEAR: &str = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15";
pub const FOUR_UNSOLVABLE: &str = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 x 15";

/// A request sent in the background.
pub type Sent = tokio::task::JoinHandle<reqwest::Result<reqwest::Response>>;

/// Starts a search on a 15-puzzle that runs until its budget.
pub fn long_search(app: &App, timeout_ms: u64) -> Sent {
    let request = app.client.post(format!("{}/api/solve", app.base)).json(&json!({
        "board": KORF_1, "goal": "blank-first", "heuristic": "misplaced", "timeout_ms": timeout_ms
    }));
    tokio::spawn(request.send())
}

pub async fn searches(app: &App) -> u64 {
    let (_, health) = app.get("/api/health").await;
    health["searches"].as_u64().unwrap()
}

/// A server of one worker and a queue of `queue`, every place taken by a
/// search of 60 s (until [`release`]).
pub async fn full_pool(queue: usize) -> (App, Vec<Sent>) {
    let mut config = loopback();
    config.workers = 1;
    config.queue = queue;
    let app = App::start(config).await;
    let running = fill_pool(&app, queue + 1).await;
    (app, running)
}

/// Takes `places` places of `app`'s pool with searches of 60 s (until
/// [`release`]), and waits until they are all admitted.
pub async fn fill_pool(app: &App, places: usize) -> Vec<Sent> {
    let running: Vec<_> = (0..places).map(|_| long_search(app, 60_000)).collect();
    let started = Instant::now();
    while searches(app).await < running.len() as u64 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the searches did not start"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    running
}

/// Lets the long searches go: their clients leave, so they are cancelled.
pub async fn release(app: &App, running: Vec<Sent>) {
    running.iter().for_each(|r| r.abort());
    let left = Instant::now();
    while searches(app).await > 0 {
        assert!(left.elapsed() < Duration::from_secs(20), "the search went on");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
