//! `npuzzle judge` in its three formats, and `npuzzle table --stats`.

use npuzzle::{Board, Goal, Move};

use crate::{fixture, npuzzle, stderr, stdout};

/// The optimal length, from the library's independent oracle (breadth-first
/// search over plain tile vectors, sharing no code with the solvers).
fn optimal(board: &Board) -> Option<usize> {
    let goal = Goal::standard(board.shape());
    npuzzle::oracle::distance(board.tiles(), goal.board().tiles(), board.shape().width()).map(|d| d as usize)
}

#[test]
fn hdu1043_answers_are_optimal_paths_that_replay() {
    let input = fixture("hdu1043.txt");
    let out = npuzzle(&["judge", "hdu1043"], &input);
    assert!(out.status.success(), "{}", stderr(&out));
    let tokens: Vec<&str> = npuzzle::parse::tokens(&input).collect();
    let boards: Vec<Board> = tokens
        .chunks(9)
        .map(|t| npuzzle::parse::parse_tokens(t, None).unwrap())
        .collect();
    let text = stdout(&out);
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(answers.len(), boards.len(), "{text}");
    let goal = Goal::standard(boards[0].shape());
    for (board, answer) in boards.iter().zip(&answers) {
        match optimal(board) {
            None => assert_eq!(*answer, "unsolvable", "{board}"),
            Some(len) => {
                let moves = Move::parse_list(answer).unwrap();
                assert_eq!(moves.len(), len, "{board}: {answer}");
                assert!(goal.is_reached_by(&board.replay(&moves).unwrap()), "{board}: {answer}");
            }
        }
    }
    // The sample of the problem, a solved board (an empty line) and an unsolvable one.
    assert_eq!(answers[0].len(), 19);
    assert_eq!(answers[1], "");
    assert_eq!(answers[2], "unsolvable");
    assert_eq!(answers[3].len(), 31);
}

#[test]
fn soj2061_prints_distances_and_minus_one() {
    let out = npuzzle(&["judge", "soj2061"], &fixture("soj2061.txt"));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), fixture("soj2061.expected"));
}

#[test]
fn textbook_prints_distances_and_no() {
    let out = npuzzle(&["judge", "textbook"], &fixture("textbook.txt"));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), fixture("textbook.expected"));
}

#[test]
fn empty_input_gives_empty_output() {
    for format in ["hdu1043", "textbook"] {
        let out = npuzzle(&["judge", format], " \n\n");
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        assert_eq!(stdout(&out), "");
    }
    let out = npuzzle(&["judge", "soj2061"], "0\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
}

/// Bad input: exit code 2, one line on stderr naming the case and the problem, nothing on stdout.
#[test]
fn bad_input_names_the_case_and_fails() {
    let two_good = "1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 0\n".repeat(2);
    for (format, input, expected) in [
        (
            "hdu1043",
            "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8 9\n",
            "case 2: tile 9 at position 9 is out of range",
        ),
        (
            "hdu1043",
            "1 2 3 4 5 6 7 8 x\n1 2 3 4 5",
            "case 2: the input ends after 5 of the 9 tiles",
        ),
        (
            "hdu1043",
            "1 2 3 4 y 6 7 8 x\n",
            "case 1: bad token \"y\" at position 5",
        ),
        (
            "hdu1043",
            "1 2 3 4 5 6 7 8 8\n",
            "case 1: tile 8 appears twice, at positions 8 and 9",
        ),
        (
            "soj2061",
            &format!("3\n{two_good}"),
            "case 3 (start): the input ends after 0 of the 9 tiles",
        ),
        ("soj2061", &format!("1\n{two_good}"), "more input after the 1 cases"),
        (
            "soj2061",
            "two\n1 2 3 4 5 6 7 8 0",
            "the first line must be the number of cases, not \"two\"",
        ),
        ("soj2061", "", "empty input"),
        (
            "textbook",
            &format!("{two_good}1 2 3 4 5 6 7 8 0 x 1 2 3 4 5 6 7 x"),
            "case 3 (goal): the blank appears twice",
        ),
        (
            "textbook",
            "1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 -1",
            "case 1 (goal): bad token \"-1\"",
        ),
    ] {
        let out = npuzzle(&["judge", format], input);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{format} {input:?}: {err}");
        assert!(err.contains(expected), "{format} {input:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(stdout(&out), "", "{format} {input:?}");
    }
}

/// A judge file whose second case has a bad goal: the message names the case
/// and says what is wrong with it, once (it used to stop at "case 2 (goal)"
/// wherever only the error's own message was shown).
#[test]
fn a_bad_case_in_a_judge_file_shows_its_cause() {
    let out = npuzzle(&["judge", "soj2061"], &fixture("soj2061-bad-goal.txt"));
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    let cause = "tile 9 at position 9 is out of range";
    assert!(err.contains(&format!("case 2 (goal): {cause}")), "{err}");
    assert_eq!(err.matches(cause).count(), 1, "{err}");
    assert_eq!(stdout(&out), "");
}

#[test]
fn table_stats_of_3x3_match_the_published_distribution() {
    let out = npuzzle(&["table", "--size", "3x3", "--stats"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let published: Vec<String> = fixture("8puzzle-depth-distribution.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..lines.len() - 2], published);
    assert_eq!(lines[lines.len() - 2..], ["total 181440", "diameter 31"]);
    // Piped stderr: no progress bar.
    assert_eq!(stderr(&out), "");
}

#[test]
fn table_takes_a_goal_and_rejects_big_boards() {
    // Blank in the centre: every board is at most 30 moves away (31 from a corner or an edge).
    let out = npuzzle(&["table", "--goal", "1 2 3 4 x 5 6 7 8"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "total 181440\ndiameter 30\n");
    let out = npuzzle(&["table", "--size", "4x2", "--goal", "blank-first", "--stats"], "");
    assert!(
        stdout(&out).ends_with("36 1\ntotal 20160\ndiameter 36\n"),
        "{}",
        stdout(&out)
    );
    let out = npuzzle(&["table", "--size", "4x4"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("at most 12 cells"), "{}", stderr(&out));
    let out = npuzzle(&["table"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--size"), "{}", stderr(&out));
}
