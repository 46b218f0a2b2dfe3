//! The guide's `curl` examples (docs/src/web.md) of the web API, sent to the real server:
//! each answer must be the one printed under it, timings aside.

use npuzzle_server::{Config, Server};
use serde_json::Value;

/// `(method, path, body, printed answer)` for every `$ curl -s …` line.
fn examples() -> Vec<(String, String, Option<String>, String)> {
    let readme = include_str!("../../../docs/src/web.md");
    let lines: Vec<&str> = readme.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("$ curl -s ") else {
            continue;
        };
        let (target, body) = match rest.split_once(" -d '") {
            Some((target, body)) => (
                target,
                Some(body.strip_suffix('\'').expect("a quoted body").to_string()),
            ),
            None => (rest, None),
        };
        let target = target.trim_matches('\'');
        let path = target
            .strip_prefix("localhost:8080")
            .expect("examples talk to localhost:8080");
        let method = if body.is_some() { "POST" } else { "GET" };
        out.push((method.to_string(), path.to_string(), body, lines[i + 1].to_string()));
    }
    out
}

/// The record without its timings.
fn without_timings(mut v: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(map) => {
                map.remove("millis");
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

#[tokio::test]
async fn readme_api_examples_are_what_the_server_answers() {
    let mut config = Config::default();
    config.addr = "127.0.0.1:0".parse().unwrap();
    let server = Server::bind(config).await.unwrap();
    let base = format!("http://{}", server.local_addr().unwrap());
    tokio::spawn(server.serve_until(std::future::pending()));
    let client = reqwest::Client::new();
    let examples = examples();
    assert!(examples.len() >= 5, "the guide's API examples are gone");
    for (method, path, body, printed) in examples {
        let request = match body {
            Some(body) => client.post(format!("{base}{path}")).body(body),
            None => client.get(format!("{base}{path}")),
        };
        let got: Value = request.send().await.unwrap().json().await.unwrap();
        let want: Value = serde_json::from_str(&printed).unwrap_or_else(|e| panic!("not JSON ({e}): {printed}"));
        assert_eq!(without_timings(got), without_timings(want), "{method} {path}");
    }
}
