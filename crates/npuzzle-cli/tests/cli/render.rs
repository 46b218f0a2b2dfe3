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
    let png = npuzzle(&["render", "-o", "board.png", "1 2 3 x 4 6 7 5 8"], "");
    assert_eq!(png.status.code(), Some(2));
    assert!(stderr(&png).contains("writes SVG only"), "{}", stderr(&png));
}
