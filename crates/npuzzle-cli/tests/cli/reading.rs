//! Issue 12 on the real binary: boards written the way people write them
//! (rows, nested lists, tuples, unspaced digits, count lines) and the errors
//! that name the possible sizes; advice only when it helps; long searches.

use crate::{dir_arg, empty_dir, npuzzle, stderr, stdout};

/// Checks that `moves` take `board` (read by the library, `size` given or
/// not) to the standard goal, and returns the board's shape as `WxH`.
fn solves(board: &str, size: Option<&str>, moves: &str) -> String {
    let size = size.map(|s| s.parse().expect("a test size"));
    let b = npuzzle::Board::parse(board, size).expect("test boards are valid");
    let m = npuzzle::Move::parse_list(moves).expect("moves parse");
    let end = b.replay(&m).expect("moves stay on the board");
    assert!(
        npuzzle::Goal::standard(b.shape()).is_reached_by(&end),
        "{board}: {moves}"
    );
    b.shape().to_string()
}

fn solve_moves(args: &[&str], stdin: &str) -> Vec<String> {
    let out = npuzzle(&[&["solve", "--moves"], args].concat(), stdin);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out).lines().map(str::to_string).collect()
}

/// Four rows of four on stdin were read as four 2×2 boards, each an error.
#[test]
fn four_rows_of_four_are_one_board() {
    let rows = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 x 15\n";
    assert_eq!(solve_moves(&["--heuristic", "manhattan"], rows), ["r"]);
    let out = npuzzle(&["batch", "--format", "csv", "--heuristic", "manhattan"], rows);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).lines().count(),
        2,
        "a header and one row: {}",
        stdout(&out)
    );
}

#[test]
fn rows_show_a_non_square_shape() {
    let board = "4 1 2\n5 0 3";
    let moves = solve_moves(&[board], "");
    assert_eq!(solves(board, None, &moves[0]), "3x2");
    // The same board on stdin, and as a nested list.
    assert_eq!(solve_moves(&[], &format!("{board}\n")), moves);
    assert_eq!(solve_moves(&["[[4,1,2],[5,0,3]]"], ""), moves);
}

/// `--size 2x3` on two rows of three once quietly solved another puzzle.
#[test]
fn a_size_contradicting_the_rows_is_refused() {
    for board in ["4 1 2\n5 0 3", "[[4,1,2],[5,0,3]]"] {
        let out = npuzzle(&["solve", "--size", "2x3", board], "");
        assert_eq!(out.status.code(), Some(1), "{board}");
        assert!(
            stderr(&out).contains("the rows show 3 wide, 2 high but --size 2x3 says 2 wide, 3 high"),
            "{}",
            stderr(&out)
        );
        assert_eq!(stdout(&out), "");
    }
    // The agreeing size is fine.
    let moves = solve_moves(&["--size", "3x2", "4 1 2\n5 0 3"], "");
    assert_eq!(solves("4 1 2\n5 0 3", None, &moves[0]), "3x2");
}

#[test]
fn an_ambiguous_size_names_the_choices() {
    let out = npuzzle(&["solve", "4 1 2 5 0 3"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("give --size 3x2 (3 wide, 2 high) or --size 2x3"),
        "{}",
        stderr(&out)
    );
    let moves = solve_moves(&["--size", "2x3", "4 1 2 5 0 3"], "");
    assert_eq!(solves("4 1 2 5 0 3", Some("2x3"), &moves[0]), "2x3");
}

#[test]
fn tuples_and_unspaced_digits() {
    let boards = ["(1, 2, 3, 4, 5, 6, 7, 0, 8)", "1234567x8", "12X453786", "123405786"];
    let moves = solve_moves(&boards, "");
    assert_eq!(moves.len(), 4);
    for (board, m) in boards.iter().zip(&moves) {
        assert_eq!(solves(board, None, m), "3x3");
    }
    assert_eq!(moves[0], "r");
    // The issue's 283104765 is unsolvable for the standard goal (Luogu's goal is 123804765).
    assert_eq!(solve_moves(&["283104765"], ""), ["unsolvable"]);
    let out = npuzzle(&["solve", "--moves", "--goal", "123804765", "283104765"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim().len(), 4, "{}", stdout(&out));
}

#[test]
fn a_leading_count_line_is_skipped_and_said() {
    let input = "2\n1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 x 7 8\n";
    let out = npuzzle(&["solve", "--moves"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "r\nrr\n");
    assert_eq!(
        stderr(&out).trim(),
        "npuzzle: line 1: skipped \"2\", a count or size line, not a board"
    );
    // batch keeps the boards' own line numbers.
    let out = npuzzle(&["batch", "--format", "csv"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap_or(""))
        .collect();
    assert_eq!(lines, ["2", "3"]);
    assert!(stderr(&out).contains("line 1: skipped \"2\""), "{}", stderr(&out));
}

#[test]
fn judge_reads_unspaced_boards() {
    let out = npuzzle(&["judge", "hdu1043"], "1234567x8\n12345678x\n2 1 3 4 5 6 7 8 x\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "r\n\nunsolvable\n");
    let out = npuzzle(&["judge", "textbook"], "123456780 123456708\n");
    assert_eq!(stdout(&out), "1\n");
    // Brackets are not part of the judges' formats.
    let out = npuzzle(&["judge", "hdu1043"], "[1,2,3,4,5,6,7,x,8]\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bad token"), "{}", stderr(&out));
}

/// Every 4×4 solve recommended a database build (minutes, gigabytes), even
/// for a 1-move board solved in a millisecond.
#[test]
fn database_advice_only_after_a_search_it_would_have_helped() {
    let dir = empty_dir("no-pdb");
    let dir_arg = dir_arg(&dir);
    let easy = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15";
    let out = npuzzle(&["solve", "--moves", "--pdb-dir", dir_arg, easy], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stderr(&out), "", "no advice after a fast search");
    // Two boards that run out of budget: the advice, once.
    let hard = "5 1 2 3 9 6 7 4 13 10 11 8 x 14 15 12";
    let out = npuzzle(
        &["solve", "--moves", "--max-nodes", "5", "--pdb-dir", dir_arg, hard, hard],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.matches("no pattern database").count(), 1, "{err}");
    assert!(err.contains("npuzzle pdb build --size 4x4"), "{err}");
    let out = npuzzle(
        &["batch", "--max-nodes", "5", "--pdb-dir", dir_arg],
        &format!("{hard}\n{hard}\n{easy}\n"),
    );
    assert_eq!(
        stderr(&out).matches("no pattern database").count(),
        1,
        "{}",
        stderr(&out)
    );
}

/// `npuzzle random --size 5x5 | npuzzle solve` ran for hours saying nothing.
#[test]
fn a_long_5x5_search_says_so_at_the_start_and_names_the_ways_out() {
    let dir = empty_dir("no-pdb-5x5");
    let dir_arg = dir_arg(&dir);
    let board = "16 9 x 3 8 24 12 19 5 2 7 18 15 10 22 4 11 21 13 1 17 20 23 14 6";
    let out = npuzzle(
        &["solve", "--max-nodes", "1000", "--pdb-dir", dir_arg],
        &format!("{board}\n"),
    );
    assert_eq!(out.status.code(), Some(1), "the node budget runs out");
    let err = stderr(&out);
    assert!(err.contains("at least 74 moves from the goal"), "{err}");
    // The recommended set for 5x5: compact zero-aware 6-6-6-6.
    assert!(
        err.contains("npuzzle pdb build --size 5x5 --goal standard --partition 6-6-6-6 --compact"),
        "{err}"
    );
    assert!(err.contains("--timeout"), "{err}");
    assert!(err.contains("--algorithm greedy"), "the suboptimal way out: {err}");
    assert_eq!(err.matches("no pattern database").count(), 1, "said once: {err}");
    // A 5x5 board one move from the goal needs no warning.
    let near = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24";
    let out = npuzzle(&["solve", "--moves", "--pdb-dir", dir_arg, near], "");
    assert_eq!((stdout(&out).as_str(), stderr(&out).as_str()), ("r\n", ""));
}

/// Issue 28, item 4: rows with spaces for the blank got "cannot tell the
/// board's size from 8 tiles without rows", though rows were given; on
/// stdin the short row was even skipped as a size line. The error names the
/// short row.
#[test]
fn rows_with_the_blank_left_out_name_the_short_row() {
    let says = "row 3 has 2 tiles where the other rows have 3, and no tile is the blank: write the blank in row 3";
    for text in ["1 2 3\n4 5 6\n  7 8\n", "123\n456\n 78\n"] {
        let out = npuzzle(&["solve"], text);
        assert_eq!(out.status.code(), Some(1), "{text:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{text:?}: {err}");
        assert!(err.contains(says), "{text:?}: {err}");
        let out = npuzzle(&["solve", text], "");
        assert!(stderr(&out).contains(says), "{text:?}: {}", stderr(&out));
    }
}

/// Issue 28, item 8: a label above the rows split them into three errors,
/// and `/` or `|` between tiles were refused.
#[test]
fn labels_are_skipped_and_slashes_and_bars_separate() {
    let out = npuzzle(&["solve", "--moves"], "Start state:\n1 2 3\n4 5 6\n7 x 8\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "r\n");
    assert_eq!(
        stderr(&out),
        "npuzzle: line 1: skipped \"Start state:\", a label, not a board\n"
    );
    for board in [
        "123/456/708",
        "1 2 3 / 4 5 6 / 7 0 8",
        "1|2|3|4|5|6|7|0|8",
        "| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n| 7 | 0 | 8 |",
    ] {
        let out = npuzzle(&["solve", "--moves", board], "");
        assert_eq!(stdout(&out), "r\n", "{board:?}: {}", stderr(&out));
    }
    // A slash ends a row: these rows are 2 wide.
    let out = npuzzle(&["solve", "--moves", "1 2 3/4 5 x/7 8"], "");
    assert_eq!(out.status.code(), Some(1));
}
