//! The page: plain HTML, CSS and JavaScript modules compiled into the binary
//! (no build step, nothing fetched at run time).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Each file the page is made of: name, content type, bytes.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../static/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../static/style.css"),
    ),
    (
        "main.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/main.js"),
    ),
    (
        "puzzle.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/puzzle.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/api.js"),
    ),
    (
        "page.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/page.js"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/play.js"),
    ),
    (
        "distance.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/distance.js"),
    ),
    (
        "solve.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/solve.js"),
    ),
    (
        "compare.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/compare.js"),
    ),
    (
        "distribution.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/distribution.js"),
    ),
    (
        "charts.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/charts.js"),
    ),
    (
        "picture.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/picture.js"),
    ),
    ("favicon.svg", "image/svg+xml", include_str!("../static/favicon.svg")),
];

fn serve(name: &str) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, *kind), (header::CACHE_CONTROL, "no-cache")],
            *body,
        )
            .into_response(),
        None => ApiError::new(StatusCode::NOT_FOUND, format!("no file {name:?} here")).into_response(),
    }
}

/// `GET /`.
pub async fn index() -> Response {
    serve("index.html")
}

/// `GET /{file}`.
pub async fn file(Path(name): Path<String>) -> Response {
    serve(&name)
}
