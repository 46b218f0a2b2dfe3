//! The reading rules, one test per way people write boards, and the
//! regressions named for what broke.

use super::*;
use crate::error::InputError;

fn shape(w: usize, h: usize) -> Shape {
    Shape::new(w, h).unwrap()
}

/// The boards' texts of a file, and the lines skipped.
fn file(text: &str, size: Option<Shape>) -> (Vec<(usize, String)>, Vec<usize>) {
    let file = read_boards(text.as_bytes(), size);
    let boards = file
        .boards
        .into_iter()
        .map(|b| (b.line, b.text.unwrap_or_else(|e| format!("unreadable: {e}"))))
        .collect();
    (boards, file.skipped.iter().map(|s| s.line).collect())
}

fn board_lines(text: &str, size: Option<Shape>) -> Vec<usize> {
    file(text, size).0.iter().map(|b| b.0).collect()
}

#[test]
fn blank_aliases() {
    for blank in ["x", "X", "0", "_", "."] {
        let b = parse_board(&format!("1 2 3 {blank}"), None).unwrap();
        assert_eq!(b.blank(), 3, "{blank}");
    }
}

#[test]
fn errors_name_the_problem() {
    let e = parse_board("1 2 3 4 5 6 7 8 9", None).unwrap_err();
    assert!(
        matches!(e, Error::Input(InputError::TileOutOfRange { index: 9, .. })),
        "{e}"
    );
    let e = parse_board("1 2 3 4 5 6 7 8 8", None).unwrap_err();
    assert_eq!(
        e,
        Error::Input(InputError::DuplicateTile {
            tile: 8,
            first: 8,
            second: 9
        })
    );
    let e = parse_board("x 2 3 4 5 6 7 8 0", None).unwrap_err();
    assert_eq!(e.to_string(), "the blank appears twice, at positions 1 and 9");
    let e = parse_board("1 2 3 4 5 6 7 8 -1", None).unwrap_err();
    assert!(matches!(e, Error::Input(InputError::BadToken { index: 9, .. })), "{e}");
    let e = parse_board("1 2 3 4 5 6 7 8 99999999999999999999999", None).unwrap_err();
    assert!(matches!(e, Error::Input(InputError::TileOutOfRange { .. })), "{e}");
    assert_eq!(
        parse_board("", None).unwrap_err(),
        Error::Input(InputError::NoShape { count: 0 })
    );
    assert_eq!(
        parse_board("1 2 3 4 5 6 x", None).unwrap_err(),
        Error::Input(InputError::NoShape { count: 7 })
    );
    let e = parse_board("1 2 x", Some(shape(2, 2))).unwrap_err();
    assert!(matches!(
        e,
        Error::Input(InputError::WrongTileCount {
            expected: 4,
            got: 3,
            ..
        })
    ));
}

#[test]
fn long_tokens_are_shortened_in_errors() {
    let long = "y".repeat(1000);
    let e = parse_board(&format!("1 2 3 {long}"), None).unwrap_err();
    assert!(e.to_string().len() < 200);
}

#[test]
fn rows_of_equal_width_show_the_shape() {
    let b = parse_board("4 1 2\n5 0 3", None).unwrap();
    assert_eq!((b.shape(), b.to_string()), (shape(3, 2), "4 1 2 5 x 3".into()));
    let b = parse_board("4 1\n2 5\n0 3", None).unwrap();
    assert_eq!(b.shape(), shape(2, 3));
    // The given size agrees: fine.
    assert_eq!(
        parse_board("4 1 2\n5 0 3", Some(shape(3, 2))).unwrap().shape(),
        shape(3, 2)
    );
}

#[test]
fn nested_arrays_give_the_rows() {
    let b = parse_board("[[4,1,2],[5,0,3]]", None).unwrap();
    assert_eq!((b.shape(), b.to_string()), (shape(3, 2), "4 1 2 5 x 3".into()));
    let numpy = "array([[1, 2, 3],\n       [4, 5, 6],\n       [7, 0, 8]])";
    assert_eq!(parse_board(numpy, None).unwrap().to_string(), "1 2 3 4 5 6 7 x 8");
    let e = parse_board("[[4,1,2],[5,0]]", None).unwrap_err();
    assert_eq!(e.to_string(), "row 2 has 2 tiles, but row 1 has 3");
}

#[test]
fn tuples_are_row_major_boards() {
    let b = parse_board("(1, 2, 3, 4, 5, 6, 7, 8, 0)", None).unwrap();
    assert_eq!((b.shape(), b.to_string()), (shape(3, 3), "1 2 3 4 5 6 7 8 x".into()));
    let b = parse_board("(1, 2, 3, 4, 5, 6, 7, 0)", Some(shape(4, 2))).unwrap();
    assert_eq!(b.blank(), 7);
}

#[test]
fn unspaced_digits_are_one_tile_each() {
    for (text, read) in [
        ("283104765", "2 8 3 1 x 4 7 6 5"),
        ("12X453786", "1 2 x 4 5 3 7 8 6"),
        ("1234567x8", "1 2 3 4 5 6 7 x 8"),
        ("283\n104\n765", "2 8 3 1 x 4 7 6 5"),
        ("1230", "1 2 3 x"),
    ] {
        assert_eq!(parse_board(text, None).unwrap().to_string(), read, "{text}");
    }
    let b = parse_board("123450", Some(shape(2, 3))).unwrap();
    assert_eq!(b.shape(), shape(2, 3));
    // Unspaced boards are for at most nine cells.
    let e = parse_board("283104765", Some(shape(4, 4))).unwrap_err();
    assert!(
        matches!(e, Error::Input(InputError::WrongTileCount { got: 9, .. })),
        "{e}"
    );
    let e = parse_board("283104769", None).unwrap_err();
    assert!(
        matches!(e, Error::Input(InputError::TileOutOfRange { index: 9, .. })),
        "{e}"
    );
}

/// `--size 2x3` on two rows of three once solved another puzzle: the rows
/// show 3 wide, 2 high.
#[test]
fn a_size_contradicting_the_rows_is_refused_with_both_readings() {
    for text in ["4 1 2\n5 0 3", "[[4,1,2],[5,0,3]]", "412\n503"] {
        let e = parse_board(text, Some(shape(2, 3))).unwrap_err();
        assert_eq!(
            e,
            Error::Input(InputError::RowsContradictSize {
                rows: shape(3, 2),
                given: shape(2, 3)
            }),
            "{text}"
        );
        assert_eq!(
            e.to_string(),
            "the rows show 3 wide, 2 high, but the size given, 2x3, is 2 wide, 3 high"
        );
    }
}

#[test]
fn ambiguous_sizes_name_the_possible_ones() {
    let e = parse_board("4 1 2 5 0 3", None).unwrap_err();
    assert_eq!(
        e,
        Error::Input(InputError::AmbiguousSize {
            count: 6,
            shapes: vec![shape(3, 2), shape(2, 3)]
        })
    );
    assert!(
        e.to_string().contains("3x2 (3 wide, 2 high) or 2x3 (2 wide, 3 high)"),
        "{e}"
    );
    let Err(Error::Input(InputError::AmbiguousSize { shapes, .. })) = parse_board(&"1 ".repeat(12), None) else {
        panic!("12 tiles fit four shapes")
    };
    assert_eq!(shapes, [shape(6, 2), shape(4, 3), shape(3, 4), shape(2, 6)]);
    // A bad token says more than the count.
    assert!(matches!(
        parse_board("1 2 3 4 5 y", None),
        Err(Error::Input(InputError::BadToken { index: 6, .. }))
    ));
}

#[test]
fn boards_split_by_lines_and_blocks() {
    let text = "# two boards\n1 2 3 4 5 6 7 8 x\n8 6 7 2 5 4 3 x 1\n\n1 2 3\n4 5 6\n# mid-block comment\nx 7 8\n";
    let (boards, skipped) = file(text, None);
    assert_eq!(boards.len(), 3);
    assert_eq!(boards[0].0, 2);
    assert_eq!(boards[2], (5, "1 2 3\n4 5 6\nx 7 8".to_string()));
    assert!(skipped.is_empty());
}

#[test]
fn a_bad_line_does_not_swallow_its_neighbours() {
    let text = b"1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8 x\n\xff\xfe\n8 6 7 2 5 4 3 x 1\n";
    let boards = read_boards(text, None).boards;
    let lines: Vec<usize> = boards.iter().map(|b| b.line).collect();
    assert_eq!(lines, [1, 2, 3, 4]);
    assert!(boards[2].text.is_err());
    assert!(read_boards(b"", None).boards.is_empty());
    assert!(read_boards(b"# only a comment\n\n", None).boards.is_empty());
}

/// Four rows of four on stdin were read as four 2×2 boards.
#[test]
fn four_rows_of_four_are_one_board() {
    let rows = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 x\n";
    assert_eq!(board_lines(rows, None), [1]);
    assert_eq!(board_lines(rows, Some(shape(4, 4))), [1]);
    // Even when the first row is a 2×2 board by itself.
    let near = "1 2 3 x\n5 6 7 4\n9 10 11 8\n13 14 15 12";
    assert_eq!(board_lines(near, None), [1]);
    // And with a typo: one board with one error, not four.
    let typo = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 15";
    let (boards, _) = file(typo, None);
    assert_eq!(boards.len(), 1);
    let e = parse_board(&boards[0].1, None).unwrap_err();
    assert_eq!(e.to_string(), "tile 15 appears twice, at positions 15 and 16");
}

#[test]
fn stacked_boards_stay_apart() {
    // Nine 8-puzzles, one a line: nine boards, not a 9×9 board.
    let nine = "1 2 3 4 5 6 7 8 x\n".repeat(9);
    assert_eq!(board_lines(&nine, None).len(), 9);
    // One of them broken: still nine.
    let broken = format!("{}1 2 3 4 5 6 7 8 8\n", "8 6 7 2 5 4 3 x 1\n".repeat(8));
    assert_eq!(board_lines(&broken, None).len(), 9);
    // Two 3×3 boards in rows with no empty line between.
    let two = "1 2 3\n4 5 6\n7 8 x\n8 6 7\n2 5 4\n3 x 1\n";
    assert_eq!(board_lines(two, None), [1, 4]);
    let two = "1 2 3\n4 5 6\n7 8 x\n8 6 7\n2 5 4\n3 x 3\n";
    assert_eq!(board_lines(two, None), [1, 4]);
    // Two 4×2 boards with their size given.
    let wide = "1 2 3 4\n5 6 7 x\n1 2 3 4\n5 6 x 7\n";
    assert_eq!(board_lines(wide, Some(shape(4, 2))), [1, 3]);
    // Lines of a known size are boards.
    assert_eq!(board_lines("1 2 3 x\n1 2 x 3\n", Some(shape(2, 2))), [1, 2]);
}

#[test]
fn rows_of_equal_width_make_non_square_boards() {
    let (boards, _) = file("4 1 2\n5 0 3\n", None);
    assert_eq!(boards, [(1, "4 1 2\n5 0 3".to_string())]);
    assert_eq!(parse_board(&boards[0].1, None).unwrap().shape(), shape(3, 2));
    // Unspaced rows.
    assert_eq!(board_lines("283\n104\n765\n", None), [1]);
    // A row wrapped by an editor.
    assert_eq!(board_lines("1 2 3 4 5 6\n7 8 x\n", None), [1]);
}

#[test]
fn nested_arrays_over_lines_are_one_board() {
    let json = "[\n  [4, 1, 2],\n  [5, 0, 3]\n]\n[[1,2,3],[4,5,6],[7,8,0]]\n";
    let (boards, _) = file(json, None);
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[1].0, 5);
    assert_eq!(parse_board(&boards[0].1, None).unwrap().shape(), shape(3, 2));
    // A bracket never closed takes no other line.
    let unclosed = "[[1,2,3],\n1 2 3 4 5 6 7 8 x\n";
    assert_eq!(board_lines(unclosed, None), [1, 2]);
    let numpy = "[[1 2 3]\n [4 5 6]\n [7 8 0]]\n";
    assert_eq!(board_lines(numpy, None), [1]);
    // Rows as lists on their own lines, without the outer brackets.
    let rows = "[1, 2, 3],\n[4, 5, 6],\n[7, 8, 0]\n";
    let (boards, _) = file(rows, None);
    assert_eq!(boards.len(), 1);
    assert_eq!(
        parse_board(&boards[0].1, None).unwrap().to_string(),
        "1 2 3 4 5 6 7 8 x"
    );
}

#[test]
fn leading_count_lines_are_skipped_and_listed() {
    let (boards, skipped) = file("2\n1 2 3 4 5 6 7 8 x\n8 6 7 2 5 4 3 x 1\n", None);
    assert_eq!(boards.iter().map(|b| b.0).collect::<Vec<_>>(), [2, 3]);
    assert_eq!(skipped, [1]);
    // A count and a size line before rows, and a count before each board.
    let (boards, skipped) = file("1\n4 4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 x\n", None);
    assert_eq!((boards.len(), skipped), (1, vec![1, 2]));
    let (boards, skipped) = file("3\n1 2 3\n4 5 6\n7 8 0\n3\n8 6 7\n2 5 4\n3 0 1\n", None);
    assert_eq!((boards.len(), skipped), (2, vec![1, 5]));
    // Alone in its block.
    let (boards, skipped) = file("1\n\n1 2 3\n4 5 6\n7 8 0\n", Some(shape(3, 3)));
    assert_eq!((boards.len(), skipped), (1, vec![1]));
}

#[test]
fn a_number_that_is_a_board_or_a_row_is_not_skipped() {
    // `1230` is a 2×2 board.
    let (boards, skipped) = file("1230\n1 2 3 4 5 6 7 8 x\n", None);
    assert_eq!((boards.len(), skipped.len()), (2, 0));
    // Rows of two numbers are rows.
    let (boards, skipped) = file("1 2\n3 4\n5 x\n", None);
    assert_eq!((boards.len(), skipped.len()), (1, 0));
    // A lone number alone is skipped; one kept when skipping it does not
    // help (here `7 1 2 3` is read as a wrapped 2×2 board, and fails).
    let (boards, skipped) = file("7\n", None);
    assert_eq!((boards.len(), skipped.len()), (0, 1));
    let (boards, skipped) = file("7\n1 2 3\n", None);
    assert_eq!((boards.len(), skipped.len()), (1, 0));
}

#[test]
fn the_board_module_does_not_use_the_parser() {
    // The dependency runs one way, parse -> board (issue 8).
    let code = include_str!("../board.rs")
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .find(|l| l.contains("parse::parse") || l.contains("crate::parse"));
    assert_eq!(code, None, "board.rs calls into parse");
}
