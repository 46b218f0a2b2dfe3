use proptest::prelude::*;

use super::*;
use crate::error::MoveError;

fn blank(text: &str) -> Vec<Move> {
    Move::parse_list(text).unwrap()
}

#[test]
fn a_tile_letter_names_where_the_tile_goes() {
    // Independent of the letter table: which tile moved, and where to.
    let board: Board = "1 2 3 4 5 6 7 8 x".parse().unwrap();
    let cases = [
        ("R", "1 2 3 4 5 6 7 x 8"),
        ("D", "1 2 3 4 5 x 7 8 6"),
        ("RDL", "1 2 3 4 6 x 7 5 8"),
    ];
    for (text, want) in cases {
        let moved = apply(&board, &parse(text, None).unwrap()).unwrap();
        assert_eq!(moved.to_string(), want, "{text}");
    }
}

#[test]
fn case_says_the_convention_unless_it_is_given() {
    assert_eq!(parse("ullr", None).unwrap().notation(), Notation::Blank);
    assert_eq!(parse("ULLR", None).unwrap().notation(), Notation::Tiles);
    assert_eq!(parse("", None).unwrap().notation(), Notation::Blank);
    assert_eq!(parse("ULLR", None).unwrap().moves(), blank("drrl"));
    assert_eq!(parse("ULLR", Some(Notation::Blank)).unwrap().moves(), blank("ullr"));
    assert_eq!(parse("ullr", Some(Notation::Tiles)).unwrap().moves(), blank("drrl"));
    assert_eq!(
        parse("uu  rD", None),
        Err(Error::Moves(MoveError::MixedCase {
            lower: 'u',
            lower_index: 1,
            upper: 'D',
            upper_index: 6
        }))
    );
    // Given a convention, both cases are read in it.
    assert_eq!(parse("uD", Some(Notation::Tiles)).unwrap().moves(), blank("du"));
}

#[test]
fn run_lengths_and_their_errors() {
    assert_eq!(
        parse("R3 D2 L", None).unwrap().moves(),
        parse("RRRDDL", None).unwrap().moves()
    );
    assert_eq!(
        parse("R3D2L", None).unwrap().moves(),
        parse("R,R,R,D,D,L", None).unwrap().moves()
    );
    assert_eq!(parse("u12", None).unwrap().len(), 12);
    assert_eq!(
        parse("R0", None),
        Err(Error::Moves(MoveError::BadRunLength {
            run: "0".into(),
            index: 2,
            max: MAX_RUN
        }))
    );
    assert!(matches!(
        parse("R1000", None),
        Err(Error::Moves(MoveError::BadRunLength { index: 2, .. }))
    ));
    let huge = format!("L{}", "9".repeat(40));
    let err = parse(&huge, None).unwrap_err();
    assert!(
        matches!(&err, Error::Moves(MoveError::BadRunLength { run, .. }) if run.chars().count() == 13),
        "{err}"
    );
    assert_eq!(
        parse("R 3", None),
        Err(Error::Moves(MoveError::RunLengthAlone {
            run: "3".into(),
            index: 3
        }))
    );
    assert_eq!(
        parse("2u", None),
        Err(Error::Moves(MoveError::RunLengthAlone {
            run: "2".into(),
            index: 1
        }))
    );
}

#[test]
fn a_bad_character_is_named_with_its_position() {
    let err = parse("R3 D2 X", None).unwrap_err();
    assert_eq!(
        err,
        Error::Moves(MoveError::BadMoveChar {
            ch: 'X',
            index: 7,
            notation: Some(Notation::Tiles)
        })
    );
    assert!(
        err.to_string()
            .starts_with("bad move 'X' at character 7: moves are U D L R"),
        "{err}"
    );
    // Positions count characters, not bytes.
    assert!(matches!(
        parse("ü u", None),
        Err(Error::Moves(MoveError::BadMoveChar { ch: 'ü', index: 1, .. }))
    ));
    assert!(matches!(
        parse("uu→", None),
        Err(Error::Moves(MoveError::BadMoveChar { index: 3, .. }))
    ));
}

#[test]
fn a_move_into_the_wall_names_the_move_where_it_was_written_and_the_blank() {
    let board: Board = "1 2 3 4 x 5 6 7 8".parse().unwrap();
    let err = apply(&board, &parse("L R3", None).unwrap()).unwrap_err();
    // L: the blank goes right to column 3; R3: left to 2, 1, then the wall.
    assert_eq!(
        err,
        Error::Moves(MoveError::MoveIntoWall {
            step: 4,
            written: "R3".into(),
            at: Some(3),
            row: 2,
            col: 1,
            shape: board.shape()
        })
    );
    assert_eq!(
        err.to_string(),
        "move 4 (R3 at character 3) runs into the wall: the blank is at row 2, column 1 of the 3x3 board"
    );
    let err = apply(&board, &Sequence::from_moves(blank("dd"))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 2 (d) runs into the wall: the blank is at row 3, column 2 of the 3x3 board"
    );
}

#[test]
fn notation_names() {
    assert_eq!("Tiles".parse::<Notation>(), Ok(Notation::Tiles));
    assert_eq!(Notation::Blank.to_string(), "blank");
    let err = "tile".parse::<Notation>().unwrap_err().to_string();
    assert_eq!(err, "unknown notation \"tile\"; choose blank or tiles");
}

#[test]
fn runs_longer_than_the_longest_are_split_and_read_back() {
    let moves = vec![Move::Left; 2 * MAX_RUN + 5];
    let text = format(&moves, Notation::Tiles);
    assert_eq!(text, format!("R{MAX_RUN} R{MAX_RUN} R5"));
    assert_eq!(parse(&text, None).unwrap().into_moves(), moves);
    assert_eq!(mtm_len(&moves), 1);
}

/// Any moves, legal or not.
fn moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(prop::sample::select(Move::ALL.to_vec()), 0..120)
}

/// A board and moves that stay on it (the illegal ones of `moves` dropped).
fn walk() -> impl Strategy<Value = (Board, Vec<Move>)> {
    (prop::sample::select(vec![(2, 2), (3, 3), (4, 3), (5, 5)]), moves()).prop_map(|((w, h), moves)| {
        let shape = crate::Shape::new(w, h).unwrap();
        let mut board = crate::Goal::standard(shape).board().clone();
        let start = board.clone();
        let legal = moves.into_iter().filter(|&mv| board.try_apply(mv)).collect();
        (start, legal)
    })
}

/// Where the moves lead, by the board's own rules.
fn replayed(board: &Board, moves: &[Move]) -> Board {
    board.replay(moves).unwrap()
}

proptest! {
    #[test]
    fn printing_then_reading_gives_the_moves_back(moves in moves()) {
        for notation in Notation::ALL {
            let text = format(&moves, notation);
            prop_assert_eq!(parse(&text, Some(notation)).unwrap().into_moves(), moves.clone(), "{}", text);
            // The case alone says the convention of what is printed.
            let read = parse(&text, None).unwrap();
            prop_assert_eq!(read.moves(), &moves[..]);
            if !moves.is_empty() {
                prop_assert_eq!(read.notation(), notation);
            }
        }
    }

    #[test]
    fn run_lengths_read_as_the_letters_repeated(moves in moves()) {
        let spelled: String = moves.iter().map(|&m| Notation::Tiles.letter(m)).collect();
        prop_assert_eq!(parse(&spelled, None).unwrap().into_moves(), parse(&format(&moves, Notation::Tiles), None).unwrap().into_moves());
        // The tiles' letters read as the blank's are the opposite moves.
        let opposite: Vec<Move> = moves.iter().map(|m| m.opposite()).collect();
        prop_assert_eq!(parse(&spelled, Some(Notation::Blank)).unwrap().into_moves(), opposite);
    }

    #[test]
    fn mtm_counts_the_changes_of_direction(moves in moves()) {
        let changes = (0..moves.len()).filter(|&i| i == 0 || moves[i] != moves[i - 1]).count();
        prop_assert_eq!(mtm_len(&moves), changes);
        prop_assert_eq!(runs(&moves).map(|(_, n)| n).sum::<usize>(), moves.len());
    }

    #[test]
    fn the_inverse_undoes_the_moves((board, moves) in walk()) {
        let there = replayed(&board, &moves);
        let back = apply(&there, &Sequence::from_moves(inverse(&moves))).unwrap();
        prop_assert_eq!(back, board);
        prop_assert_eq!(inverse(&inverse(&moves)), moves);
    }

    #[test]
    fn simplifying_keeps_the_board_reached((board, moves) in walk()) {
        let simple = simplify(&moves);
        prop_assert_eq!(replayed(&board, &simple), replayed(&board, &moves));
        prop_assert!(simple.windows(2).all(|w| w[1] != w[0].opposite()));
        prop_assert_eq!((moves.len() - simple.len()) % 2, 0);
        prop_assert_eq!(simplify(&simple), simple.clone());
        prop_assert!(simple.len() <= moves.len());
    }

    #[test]
    fn apply_agrees_with_replay(moves in moves()) {
        let board: Board = "1 2 3 4 5 6 7 8 x".parse().unwrap();
        let seq = Sequence::from_moves(moves.clone());
        match (apply(&board, &seq), board.replay(&moves)) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
            (Err(Error::Moves(MoveError::MoveIntoWall { step, .. })), Err(Error::Moves(MoveError::IllegalMove { step: s, .. }))) => prop_assert_eq!(step, s),
            (a, b) => prop_assert!(false, "apply {:?}, replay {:?}", a, b),
        }
    }
}
