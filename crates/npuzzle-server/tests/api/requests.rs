//! Reading requests: bad boards and bodies get the command line's message
//! and a 400 (or 413), boards are written back canonically, and the page
//! is served from the binary.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{data, error_message, App};

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
