//! Real-time answers on the real binary: `--algorithm anytime` and
//! `pdb build --fit`.

use crate::{empty_dir, npuzzle, stderr, stdout};

/// Plays the blank's `moves` on row-major `tiles` (0 = blank), written here
/// rather than taken from the library; `None` on a move off the board.
fn play(tiles: &[u8], width: usize, moves: &str) -> Option<Vec<u8>> {
    let mut tiles = tiles.to_vec();
    let height = tiles.len() / width;
    let mut blank = tiles.iter().position(|&t| t == 0)?;
    for m in moves.chars() {
        let (r, c) = (blank / width, blank % width);
        let to = match m {
            'u' if r > 0 => blank - width,
            'd' if r + 1 < height => blank + width,
            'l' if c > 0 => blank - 1,
            'r' if c + 1 < width => blank + 1,
            _ => return None,
        };
        tiles.swap(blank, to);
        blank = to;
    }
    Some(tiles)
}

fn text(tiles: &[u8]) -> String {
    let words: Vec<String> = tiles
        .iter()
        .map(|&t| if t == 0 { "x".into() } else { t.to_string() })
        .collect();
    words.join(" ")
}

#[test]
fn anytime_answers_within_its_node_budget_and_bounds_korfs_published_lengths() {
    let goal: Vec<u8> = (0..16).collect();
    let dir = empty_dir("anytime");
    for (tiles, published) in npuzzle::oracle::korf100(&goal).into_iter().take(5) {
        let board = text(&tiles);
        let args = [
            "solve",
            "--json",
            "--algorithm",
            "anytime",
            "--heuristic",
            "linear-conflict",
            "--max-nodes",
            "20000",
            "--goal",
            "blank-first",
            "--pdb-dir",
            dir.path().to_str().unwrap(),
            &board,
        ];
        let out = npuzzle(&args, "");
        assert!(out.status.success(), "{}", stderr(&out));
        let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
        let d = &line["data"];
        assert_eq!(
            (d["algorithm"].as_str(), d["outcome"].as_str()),
            (Some("anytime"), Some("solved")),
            "{d}"
        );
        let moves = d["moves"].as_str().unwrap();
        assert_eq!(play(&tiles, 4, moves), Some(goal.clone()), "{board}: {moves}");
        let (length, lower) = (d["length"].as_u64().unwrap(), d["lower_bound"].as_u64().unwrap());
        assert!(
            length >= u64::from(published) && lower <= u64::from(published),
            "{board}: {d}"
        );
        assert_eq!(length % 2, lower % 2, "{board}: {d}");
        assert!(d["stats"]["expanded"].as_u64().unwrap() <= 20_000, "{board}: {d}");
        assert!(d.get("within").is_none(), "{d}");
    }
    // The 8-puzzle: the optimal answer, its length its bound.
    let out = npuzzle(&["solve", "--json", "--algorithm", "anytime", "8 6 7 2 5 4 3 x 1"], "");
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
    assert_eq!(
        (line["data"]["length"].as_u64(), line["data"]["lower_bound"].as_u64()),
        (Some(31), Some(31))
    );
}

#[test]
fn anytime_refuses_what_it_cannot_promise() {
    let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15";
    let cases: [(&[&str], &str); 3] = [
        (
            &["solve", "--algorithm", "anytime", "--improve", "1s", board],
            "improves its answer for the whole --timeout",
        ),
        (
            &["solve", "--algorithm", "anytime", "--within", "1.5", board],
            "a factor is proved by an optimal or a weighted search",
        ),
        (
            &["hint", "--algorithm", "anytime", board],
            "anytime answers with the best solution it finds",
        ),
    ];
    for (args, message) in cases {
        let out = npuzzle(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn fit_builds_the_strongest_set_that_fits_or_names_the_smallest() {
    let dir = empty_dir("fit");
    let dir = dir.path().to_str().unwrap();
    let out = npuzzle(
        &["pdb", "build", "--size", "4x4", "--fit", "100K", "--pdb-dir", dir],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .contains("no pattern database set for a 4x4 board fits in 102400 bytes: the smallest, classic 5-5-5"),
        "{}",
        stderr(&out)
    );
    let out = npuzzle(&["pdb", "build", "--size", "3x3", "--fit", "1M", "--pdb-dir", dir], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let built = std::fs::read_dir(dir).unwrap().filter_map(Result::ok).count();
    assert_eq!(built, 1, "{}", stdout(&out));
    let out = npuzzle(
        &["pdb", "build", "--size", "4x4", "--fit", "64M", "--partition", "7-8"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot be used with"), "{}", stderr(&out));
}
