use super::*;

/// The SVG the options draw (the tests of SVG ask for no other format).
trait Svg {
    fn svg(&self, board: &str) -> Result<String, Error>;
}

impl Svg for RenderOptions {
    fn svg(&self, board: &str) -> Result<String, Error> {
        match self.render(board)? {
            Picture::Svg(svg) => Ok(svg),
            other => panic!("SVG expected, got {}", other.format()),
        }
    }
}

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

#[test]
fn options_draw_the_board_or_its_moves_as_the_functions_do() {
    let board: Board = "1 2 3 4 x 6 7 5 8".parse().unwrap();
    let goal = Goal::standard(board.shape());
    let plain = RenderOptions::default().svg("1 2 3 4 x 6 7 5 8").unwrap();
    assert_eq!(plain, board_svg(&board, &goal, Scheme::None));
    let options = RenderOptions {
        scheme: Some("fringe".into()),
        moves: Some("dr".into()),
        ..RenderOptions::default()
    };
    let moves = [Move::Down, Move::Right];
    assert_eq!(
        options.svg("1 2 3 4 x 6 7 5 8").unwrap(),
        solution_svg(&board, &goal, Scheme::Fringe, &moves).unwrap()
    );
    // The tiles' notation: U L slides tiles up then left, so the blank goes down then right.
    let tile_notation = RenderOptions {
        scheme: Some("fringe".into()),
        moves: Some("UL".into()),
        notation: Some("tiles".into()),
        ..RenderOptions::default()
    };
    assert_eq!(
        tile_notation.svg("1 2 3 4 x 6 7 5 8").unwrap(),
        options.svg("1 2 3 4 x 6 7 5 8").unwrap()
    );
    // A 2x3 board needs its size, and takes the goal's colours from a goal of its shape.
    let sized = RenderOptions {
        size: Some("3x2".into()),
        goal: Some("blank-first".into()),
        scheme: Some("rows".into()),
        ..RenderOptions::default()
    };
    let drawn = tiles(&sized.svg("x 1 2 3 4 5").unwrap());
    assert_eq!(drawn.len(), 5);
}

#[test]
fn options_name_what_cannot_be_drawn() {
    let svg = |options: RenderOptions, board: &str| options.svg(board).unwrap_err().to_string();
    let with = |moves: &str, notation: Option<&str>, scheme: Option<&str>| RenderOptions {
        moves: Some(moves.into()),
        notation: notation.map(String::from),
        scheme: scheme.map(String::from),
        ..RenderOptions::default()
    };
    assert!(
        svg(RenderOptions::default(), "1 2 3").contains("3"),
        "a board of 3 tiles"
    );
    let wall = svg(with("uuu", None, None), "1 2 3 4 x 6 7 5 8");
    assert!(wall.contains("move 2 (u at character 2) runs into the wall"), "{wall}");
    assert!(matches!(
        with("uu", None, None).svg("1 2 3 4 x 6 7 5 8"),
        Err(Error::Moves(_))
    ));
    assert!(svg(with("u", Some("arrows"), None), "1 2 3 4 x 6 7 5 8").contains("arrows"));
    assert!(svg(with("u", None, Some("stripes")), "1 2 3 4 x 6 7 5 8").contains("stripes"));
    let other = RenderOptions {
        goal: Some("1 2 3 x".into()),
        ..RenderOptions::default()
    };
    assert!(matches!(
        other.svg("1 2 3 4 x 6 7 5 8"),
        Err(Error::Refused(_) | Error::Goal(_))
    ));
}

#[test]
fn format_names() {
    for format in Format::ALL {
        assert_eq!(format.name().parse::<Format>(), Ok(format));
        assert_eq!(format.to_string().to_uppercase().parse::<Format>(), Ok(format));
        assert!(format.media_type().starts_with("image/"));
    }
    assert!("jpeg".parse::<Format>().unwrap_err().contains("choose svg, png or gif"));
    let options = RenderOptions {
        format: Some("tiff".into()),
        ..RenderOptions::default()
    };
    assert!(matches!(options.render("1 2 3 4 x 6 7 5 8"), Err(Error::Options(m)) if m.contains("tiff")));
}

#[test]
fn a_png_takes_no_moves() {
    let options = RenderOptions {
        format: Some("png".into()),
        moves: Some("u".into()),
        ..RenderOptions::default()
    };
    let err = options.render("1 2 3 4 x 6 7 5 8").unwrap_err();
    assert!(err.to_string().contains("a PNG is a still picture"), "{err}");
}

#[cfg(not(feature = "raster"))]
#[test]
fn without_the_raster_feature_png_and_gif_are_refused_by_name() {
    for format in [Format::Png, Format::Gif] {
        assert!(!format.is_built());
        let board: Board = "1 2 3 4 x 6 7 5 8".parse().unwrap();
        let err = draw(format, &board, &Goal::standard(board.shape()), Scheme::None, &[]).unwrap_err();
        assert_eq!(err, Error::NotBuilt(format));
        assert!(err.to_string().contains("not built"), "{err}");
    }
}
