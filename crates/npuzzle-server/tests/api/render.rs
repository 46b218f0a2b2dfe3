//! `POST /api/render`: an SVG picture (not a record), read back by an XML
//! parser; refusals as error records.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{data, App};

/// The picture's tiles as an XML parser reads them: (tile, its number as
/// drawn, whether it is animated).
fn tiles(svg: &str) -> Vec<(u32, String, bool)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.root_element()
        .children()
        .filter(|n| n.attribute("class") == Some("tile"))
        .map(|g| {
            let tile = g.attribute("data-tile").unwrap().parse().unwrap();
            let text = g
                .children()
                .find(|c| c.has_tag_name("text"))
                .and_then(|t| t.text())
                .unwrap_or_default();
            let animated = g.children().any(|c| c.has_tag_name("animateTransform"));
            (tile, text.to_string(), animated)
        })
        .collect()
}

#[tokio::test]
async fn a_board_and_an_animation_come_back_as_svg() {
    let app = App::default().await;
    let response = app
        .client
        .post(format!("{}/api/render", app.base))
        .json(&json!({"board": "1 2 3 4 x 6 7 5 8", "scheme": "rows", "moves": "dr"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    let drawn = tiles(&response.text().await.unwrap());
    let mut numbers: Vec<(u32, String)> = drawn.iter().map(|(t, n, _)| (*t, n.clone())).collect();
    numbers.sort();
    assert_eq!(numbers, (1..=8).map(|t| (t, t.to_string())).collect::<Vec<_>>());
    assert!(drawn.iter().all(|t| t.2), "every tile animated");
    // A 3x2 board needs its size; without moves nothing moves.
    let response = app
        .client
        .post(format!("{}/api/render", app.base))
        .json(&json!({"board": "1 2 3 4 5 x", "size": "3x2"}))
        .send()
        .await
        .unwrap();
    let drawn = tiles(&response.text().await.unwrap());
    assert_eq!(drawn.len(), 5);
    assert!(drawn.iter().all(|t| !t.2));
}

#[tokio::test]
async fn what_cannot_be_drawn_is_an_error_record_naming_it() {
    let app = App::default().await;
    let (status, record) = app
        .post_json("/api/render", json!({"board": "1 2 3 4 x 6 7 5 8", "moves": "uuu"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let message = data(&record, "error")["message"].as_str().unwrap().to_string();
    assert!(
        message.contains("move 2 (u at character 2) runs into the wall"),
        "{message}"
    );
    let (status, record) = app
        .post_json("/api/render", json!({"board": "1 2 3 4 x 6 7 5 8", "colours": "rows"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(data(&record, "error")["message"].as_str().unwrap().contains("colours"));
    let (status, record) = app
        .post_json(
            "/api/render",
            json!({"board": "1 2 3 4 x 6 7 5 8", "scheme": "stripes"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(data(&record, "error")["message"].as_str().unwrap().contains("stripes"));
}

#[tokio::test]
async fn format_asks_for_a_png_or_a_gif() {
    let app = App::default().await;
    let post = |body: serde_json::Value| app.client.post(format!("{}/api/render", app.base)).json(&body).send();
    let png = post(json!({"board": "1 2 3 4 x 6 7 5 8", "format": "png"}))
        .await
        .unwrap();
    assert_eq!(png.status(), StatusCode::OK);
    assert_eq!(png.headers()["content-type"], "image/png");
    let bytes = png.bytes().await.unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    // The header's width and height: 64 pixels a cell.
    assert_eq!(&bytes[16..24], &[0, 0, 0, 192, 0, 0, 0, 192]);
    let gif = post(json!({"board": "1 2 3 4 x 6 7 5 8", "format": "GIF", "moves": "dr"}))
        .await
        .unwrap();
    assert_eq!(gif.status(), StatusCode::OK);
    assert_eq!(gif.headers()["content-type"], "image/gif");
    assert!(gif.bytes().await.unwrap().starts_with(b"GIF89a"));
    for (body, says) in [
        (
            json!({"board": "1 2 3 4 x 6 7 5 8", "format": "png", "moves": "d"}),
            "a PNG is a still picture",
        ),
        (
            json!({"board": "1 2 3 4 x 6 7 5 8", "format": "jpeg"}),
            "choose svg, png or gif",
        ),
    ] {
        let (status, record) = app.post_json("/api/render", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let message = data(&record, "error")["message"].as_str().unwrap().to_string();
        assert!(message.contains(says), "{message}");
    }
}
