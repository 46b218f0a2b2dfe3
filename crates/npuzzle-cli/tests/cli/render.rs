//! `render`: SVG pictures of boards, read back by an XML parser.

use crate::{empty_dir, npuzzle, stderr, stdout};

/// The numbers drawn on the tiles, in the order of the SVG.
fn numbers(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| n.text().map(String::from))
        .collect()
}

#[test]
fn render_draws_every_tile_to_stdout_or_a_file() {
    let board = "11 13 4 3 2 9 1 8 0 10 6 7 14 5 15 12";
    let out = npuzzle(&["render", "--scheme", "fringe", board], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let mut drawn = numbers(&stdout(&out));
    drawn.sort_by_key(|n| n.parse::<u32>().unwrap());
    let want: Vec<String> = (1..16).map(|t| t.to_string()).collect();
    assert_eq!(drawn, want);
    let dir = empty_dir("render");
    let file = dir.path().join("board.svg");
    let written = npuzzle(
        &["render", "--scheme", "fringe", "-o", file.to_str().unwrap(), board],
        "",
    );
    assert!(written.status.success(), "{}", stderr(&written));
    assert_eq!(stdout(&written), "");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), stdout(&out));
}

#[test]
fn render_animates_moves_and_names_a_bad_one() {
    let out = npuzzle(&["render", "1 2 3 x 4 6 7 5 8", "--moves", "L U L"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = stdout(&out);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let animations: Vec<_> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "animateTransform")
        .collect();
    assert_eq!(animations.len(), 8);
    assert!(animations
        .iter()
        .all(|a| a.attribute("values").unwrap().split(';').count() == 4));
    let bad = npuzzle(&["render", "1 2 3 x 4 6 7 5 8", "--moves", "L R3"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("move 3 (R3 at character 3) runs into the wall"),
        "{}",
        stderr(&bad)
    );
}

/// A PNG's width and height, from its header (the chunk after the signature).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn render_writes_a_png_named_by_its_file_or_format() {
    let dir = empty_dir("render-png");
    let file = dir.path().join("board.png");
    let out = npuzzle(
        &[
            "render",
            "--scheme",
            "rows",
            "-o",
            file.to_str().unwrap(),
            "1 2 3 4 5 6 7 x 8 9 10 11 12 13 14 15",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(&file).unwrap();
    assert_eq!(png_size(&bytes), (256, 256), "64 pixels a cell");
    // --format to a pipe gives the same bytes.
    let piped = npuzzle(
        &[
            "render",
            "--scheme",
            "rows",
            "--format",
            "png",
            "1 2 3 4 5 6 7 x 8 9 10 11 12 13 14 15",
        ],
        "",
    );
    assert!(piped.status.success(), "{}", stderr(&piped));
    assert_eq!(piped.stdout, bytes);
}

#[test]
fn render_writes_a_gif_of_the_moves() {
    let dir = empty_dir("render-gif");
    let file = dir.path().join("solution.gif");
    let out = npuzzle(
        &[
            "render",
            "1 2 3 x 4 6 7 5 8",
            "--moves",
            "rdr",
            "-o",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(&file).unwrap();
    assert!(bytes.starts_with(b"GIF89a"));
    let mut decoder = gif::DecodeOptions::new().read_info(&bytes[..]).expect("a GIF");
    assert_eq!((decoder.width(), decoder.height()), (192, 192));
    let mut areas = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        areas.push((frame.left, frame.top, frame.width, frame.height));
    }
    // The board, then after each of 3 moves the two cells it changed (the blank at 3, 4, 7, 8).
    assert_eq!(
        areas,
        [
            (0, 0, 192, 192),
            (0, 64, 128, 64),
            (64, 64, 64, 128),
            (64, 128, 128, 64)
        ]
    );
}

#[test]
fn render_names_a_format_it_cannot_tell_or_that_does_not_fit() {
    let board = "1 2 3 x 4 6 7 5 8";
    let unknown = npuzzle(&["render", "-o", "board.jpg", board], "");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown).contains("cannot tell the picture format from board.jpg"),
        "{}",
        stderr(&unknown)
    );
    let clash = npuzzle(&["render", "-o", "board.png", "--format", "gif", board], "");
    assert_eq!(clash.status.code(), Some(2));
    assert!(
        stderr(&clash).contains("--format gif does not match the output file board.png"),
        "{}",
        stderr(&clash)
    );
    let still = npuzzle(&["render", "--format", "png", "--moves", "r", board], "");
    assert_eq!(still.status.code(), Some(2));
    assert!(
        stderr(&still).contains("a PNG is a still picture"),
        "{}",
        stderr(&still)
    );
    let bad = npuzzle(&["render", "--format", "tiff", board], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("choose svg, png or gif"), "{}", stderr(&bad));
}
