use super::*;

/// The tiles of a picture as an XML parser reads them: (tile, its number
/// as drawn, its fill, its translate, its animation's values if any).
fn tiles(svg: &str) -> Vec<(usize, String, String, String, Option<String>)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    root.children()
        .filter(|n| n.attribute("class") == Some("tile"))
        .map(|g| {
            let tile: usize = g.attribute("data-tile").unwrap().parse().unwrap();
            let child = |name: &str| g.children().find(|c| c.tag_name().name() == name);
            let text = child("text").and_then(|t| t.text()).unwrap_or_default().to_string();
            let fill = child("rect").and_then(|r| r.attribute("fill")).unwrap().to_string();
            let at = g.attribute("transform").unwrap().to_string();
            let values = child("animateTransform")
                .and_then(|a| a.attribute("values"))
                .map(String::from);
            (tile, text, fill, at, values)
        })
        .collect()
}

fn translate(cell: usize, width: usize) -> String {
    format!("translate({},{})", cell % width * CELL, cell / width * CELL)
}

#[test]
fn every_tile_is_drawn_once_with_its_number_where_it_is() {
    for text in [
        "1 2 3 4 x 6 7 5 8",
        "11 13 4 3 2 9 1 8 0 10 6 7 14 5 15 12",
        "1 2 3 x 4 5 6 7",
    ] {
        let size = if text.split(' ').count() == 8 {
            Some("4x2".parse().unwrap())
        } else {
            None
        };
        let board = Board::parse(text, size).unwrap();
        let svg = board_svg(&board, &Goal::standard(board.shape()), Scheme::None);
        let drawn = tiles(&svg);
        assert_eq!(drawn.len(), board.shape().cells() - 1, "{text}");
        for (tile, number, fill, at, values) in drawn {
            assert_eq!(number, tile.to_string());
            let cell = board.iter_tiles().position(|t| t == tile).unwrap();
            assert_eq!(at, translate(cell, board.shape().width()), "tile {tile}");
            assert_eq!(fill, PLAIN);
            assert_eq!(values, None);
        }
    }
}

#[test]
fn schemes_colour_by_where_a_tile_belongs() {
    let board: Board = "11 13 4 3 2 9 1 8 0 10 6 7 14 5 15 12".parse().unwrap();
    let goal = Goal::standard(board.shape());
    let fill_of = |scheme| -> Vec<(usize, String)> {
        tiles(&board_svg(&board, &goal, scheme))
            .into_iter()
            .map(|(t, _, f, _, _)| (t, f))
            .collect()
    };
    for (tile, fill) in fill_of(Scheme::Rows) {
        assert_eq!(fill, PALETTE[(tile - 1) / 4], "tile {tile}");
    }
    for (tile, fill) in fill_of(Scheme::Fringe) {
        let (row, col) = ((tile - 1) / 4, (tile - 1) % 4);
        assert_eq!(fill, PALETTE[row.min(col)], "tile {tile}");
    }
    // The first fringe: 1-4 and 5, 9, 13; tile 6 is in the second.
    let fringe = fill_of(Scheme::Fringe);
    assert_eq!(fringe[4].1, fringe[12].1);
    assert_ne!(fringe[4].1, fringe[5].1);
}

#[test]
fn an_animation_has_a_frame_per_move_ending_where_the_moves_end() {
    let board: Board = "1 2 3 x 4 6 7 5 8".parse().unwrap();
    let goal = Goal::standard(board.shape());
    let moves = Move::parse_list("rdr").unwrap();
    let end = board.replay(&moves).unwrap();
    let svg = solution_svg(&board, &goal, Scheme::Rows, &moves).unwrap();
    assert!(svg.contains(r#"dur="1.2s""#), "{svg}");
    for (tile, _, _, at, values) in tiles(&svg) {
        let values = values.expect("every tile is animated");
        let frames: Vec<&str> = values.split(';').collect();
        assert_eq!(frames.len(), moves.len() + 1);
        assert_eq!(format!("translate({})", frames[0]), at);
        let cell = end.iter_tiles().position(|t| t == tile).unwrap();
        assert_eq!(format!("translate({})", frames[3]), translate(cell, 3), "tile {tile}");
    }
    let err = solution_svg(&board, &goal, Scheme::Rows, &Move::parse_list("l").unwrap()).unwrap_err();
    assert!(
        matches!(
            err,
            npuzzle::Error::Moves(npuzzle::error::MoveError::MoveIntoWall { step: 1, .. })
        ),
        "{err}"
    );
}

#[test]
fn scheme_names() {
    for scheme in Scheme::ALL {
        assert_eq!(scheme.name().parse::<Scheme>(), Ok(scheme));
    }
    assert_eq!("layers".parse::<Scheme>(), Ok(Scheme::Fringe));
    assert!("rainbow"
        .parse::<Scheme>()
        .unwrap_err()
        .contains("choose none, rows or fringe"));
}
