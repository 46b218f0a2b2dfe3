use super::*;
use crate::render::{draw, Picture, RenderOptions, CELL, PALETTE, PLAIN};

/// The frame's colour (`#5b5b66`), where no tile is.
const FRAME: [u8; 3] = [0x5b, 0x5b, 0x66];

fn rgb(hex: &str) -> [u8; 3] {
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
    [channel(1), channel(3), channel(5)]
}

/// An image's RGBA pixels, `width` wide.
struct Image {
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

impl Image {
    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// The pixel `(dx, dy)` from the top-left corner of cell `cell` of a
    /// board `width` cells wide.
    fn in_cell(&self, cell: usize, width: usize, dx: usize, dy: usize) -> [u8; 3] {
        self.at(cell % width * CELL + dx, cell / width * CELL + dy)
    }

    /// The pixels of the middle of a cell, where its number is drawn.
    fn middle(&self, cell: usize, width: usize) -> Vec<[u8; 3]> {
        let mut pixels = Vec::new();
        for dy in 18..46 {
            for dx in 18..46 {
                pixels.push(self.in_cell(cell, width, dx, dy));
            }
        }
        pixels
    }
}

fn decode_png(bytes: &[u8]) -> Image {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::ALPHA);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut rgba = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut rgba).expect("a PNG image");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    rgba.truncate(info.buffer_size());
    Image {
        width: info.width as usize,
        height: info.height as usize,
        rgba,
    }
}

/// The pictures a GIF shows, each frame drawn over the one before, with
/// their delays and the area each frame covered (left, top, width, height).
fn decode_gif(bytes: &[u8]) -> Vec<(Image, u16, [usize; 4])> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF header");
    let (width, height) = (decoder.width() as usize, decoder.height() as usize);
    let mut canvas = vec![0; width * height * 4];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a GIF frame") {
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        let area = [frame.left, frame.top, frame.width, frame.height].map(usize::from);
        for (y, row) in frame.buffer.chunks_exact(area[2] * 4).enumerate() {
            let at = ((area[1] + y) * width + area[0]) * 4;
            canvas[at..at + row.len()].copy_from_slice(row);
        }
        let image = Image {
            width,
            height,
            rgba: canvas.clone(),
        };
        frames.push((image, frame.delay, area));
    }
    frames
}

/// Whether two colours are the same up to a GIF palette's rounding.
fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 8)
}

fn png_of(text: &str, scheme: Scheme) -> (Board, Image) {
    let board = Board::parse(text, None).unwrap();
    let picture = draw(Format::Png, &board, &Goal::standard(board.shape()), scheme, &[]).unwrap();
    let Picture::Png(bytes) = picture else { panic!("a PNG") };
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    (board, decode_png(&bytes))
}

#[test]
fn a_png_shows_each_tile_in_its_colour_and_the_blank_as_the_frame() {
    let (board, image) = png_of("11 13 4 3 2 9 1 8 0 10 6 7 14 5 15 12", Scheme::Rows);
    assert_eq!((image.width, image.height), (4 * CELL, 4 * CELL));
    let tiles: Vec<usize> = board.iter_tiles().collect();
    for (cell, &tile) in tiles.iter().enumerate() {
        if tile == 0 {
            assert_eq!(image.in_cell(cell, 4, 32, 32), FRAME, "the blank's middle");
            assert_eq!(image.in_cell(cell, 4, 12, 12), FRAME, "the blank's corner");
            continue;
        }
        // Inside the square, away from its number: the row's colour.
        let fill = rgb(PALETTE[(tile - 1) / 4]);
        assert_eq!(image.in_cell(cell, 4, 12, 12), fill, "tile {tile} at cell {cell}");
        // Its number: dark strokes in the middle of the square.
        let dark = image.middle(cell, 4).iter().filter(|p| p[0] < 0x60).count();
        assert!(dark > 20, "tile {tile}'s number: {dark} dark pixels");
    }
}

#[test]
fn a_png_draws_each_number_its_own_way() {
    // The same colours everywhere: only the numbers tell the tiles apart.
    let (board, image) = png_of("1 2 3 4 5 6 7 8 x", Scheme::None);
    assert_eq!(image.in_cell(0, 3, 12, 12), rgb(PLAIN));
    let middles: Vec<Vec<[u8; 3]>> = (0..8).map(|cell| image.middle(cell, 3)).collect();
    for a in 0..8 {
        for b in a + 1..8 {
            assert_ne!(middles[a], middles[b], "tiles {} and {}", a + 1, b + 1);
        }
    }
    // Two-digit numbers fit their tile: nothing dark touches its edge.
    let (_, big) = png_of("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", Scheme::None);
    for cell in 9..15 {
        for d in 4..60 {
            for p in [big.in_cell(cell, 4, 6, d), big.in_cell(cell, 4, 57, d)] {
                assert_eq!(p, rgb(PLAIN), "cell {cell}, {d} down");
            }
        }
    }
    drop(board);
}

#[test]
fn a_gif_has_a_frame_per_position_with_the_blank_where_it_went() {
    let board: Board = "1 2 3 4 x 6 7 5 8".parse().unwrap();
    let moves = Move::parse_list("dr").unwrap();
    let picture = draw(
        Format::Gif,
        &board,
        &Goal::standard(board.shape()),
        Scheme::Fringe,
        &moves,
    )
    .unwrap();
    let Picture::Gif(bytes) = picture else { panic!("a GIF") };
    assert!(bytes.starts_with(b"GIF89a"));
    let frames = decode_gif(&bytes);
    assert_eq!(frames.len(), moves.len() + 1);
    let delays: Vec<u16> = frames.iter().map(|f| f.1).collect();
    assert_eq!(delays, [GIF_HOLD_DELAY, GIF_FRAME_DELAY, GIF_HOLD_DELAY]);
    // The whole board, then the two cells each move changes: 4 and 7, then 7 and 8.
    let areas: Vec<[usize; 4]> = frames.iter().map(|f| f.2).collect();
    assert_eq!(areas, [[0, 0, 192, 192], [64, 64, 64, 128], [64, 128, 128, 64]]);
    // The blank goes from the middle (4) down (7) then right (8).
    for (blank, (image, _, _)) in [4, 7, 8].into_iter().zip(&frames) {
        assert_eq!((image.width, image.height), (3 * CELL, 3 * CELL));
        assert!(near(image.in_cell(blank, 3, 32, 32), FRAME), "blank at {blank}");
        for cell in (0..9).filter(|&c| c != blank) {
            assert!(!near(image.in_cell(cell, 3, 12, 12), FRAME), "a tile at {cell}");
        }
    }
    // Tiles 5 and 8 (second fringe) went up and left; 4 (first) stayed.
    let last = &frames[2].0;
    assert!(near(last.in_cell(4, 3, 12, 12), rgb(PALETTE[1])));
    assert!(near(last.in_cell(7, 3, 12, 12), rgb(PALETTE[1])));
    assert!(near(last.in_cell(3, 3, 12, 12), rgb(PALETTE[0])));
}

#[test]
fn a_gif_without_moves_is_the_board_alone() {
    let options = RenderOptions {
        format: Some("gif".into()),
        ..RenderOptions::default()
    };
    let Picture::Gif(bytes) = options.render("1 2 3 4 x 6 7 5 8").unwrap() else {
        panic!("a GIF")
    };
    let frames = decode_gif(&bytes);
    assert_eq!(frames.len(), 1);
    assert!(near(frames[0].0.in_cell(4, 3, 32, 32), FRAME));
}

#[test]
fn a_gif_past_its_frames_is_refused_naming_the_most_moves() {
    let board: Board = "1 2 3 4 5 6 7 8 x".parse().unwrap();
    let goal = Goal::standard(board.shape());
    let most = MAX_GIF_CELL_FRAMES / 9 - 1;
    let moves: Vec<Move> = [Move::Up, Move::Down].into_iter().cycle().take(most + 2).collect();
    let err = draw(Format::Gif, &board, &goal, Scheme::None, &moves).unwrap_err();
    assert_eq!(
        err,
        Error::TooManyFrames {
            moves: most + 2,
            most,
            shape: board.shape()
        }
    );
    assert!(
        err.to_string()
            .contains(&format!("at most {most} moves, not {}", most + 2)),
        "{err}"
    );
    // A move into the wall is named, not drawn.
    let wall = draw(Format::Gif, &board, &goal, Scheme::None, &[Move::Down]).unwrap_err();
    assert!(matches!(wall, Error::Moves(_)), "{wall}");
}

/// The filled paths of a picture as usvg reads it: (fill, bounding box as
/// left, top, right, bottom).
fn filled(svg: &str) -> Vec<([u8; 3], [f32; 4])> {
    fn walk(group: &usvg::Group, out: &mut Vec<([u8; 3], [f32; 4])>) {
        for node in group.children() {
            match node {
                usvg::Node::Group(g) => walk(g, out),
                usvg::Node::Path(p) => {
                    if let Some(usvg::Paint::Color(c)) = p.fill().map(|f| f.paint()) {
                        let b = p.abs_bounding_box();
                        out.push(([c.red, c.green, c.blue], [b.left(), b.top(), b.right(), b.bottom()]));
                    }
                }
                _ => {}
            }
        }
    }
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("usvg reads the SVG");
    let mut out = Vec::new();
    walk(tree.root(), &mut out);
    out
}

#[test]
fn usvg_reads_the_frame_and_a_square_per_tile_where_the_tile_is() {
    let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    let goal = Goal::standard(board.shape());
    let svg = super::super::board_svg(&board, &goal, Scheme::Rows);
    let paths = filled(&svg);
    let side = (3 * CELL) as f32;
    assert_eq!(paths[0], (FRAME, [0.0, 0.0, side, side]));
    let squares = &paths[1..];
    assert_eq!(squares.len(), 8);
    for (cell, tile) in board.iter_tiles().enumerate().filter(|&(_, t)| t != 0) {
        let (x, y) = ((cell % 3 * CELL) as f32, (cell / 3 * CELL) as f32);
        let want = (
            rgb(PALETTE[(tile - 1) / 3]),
            [x + 2.0, y + 2.0, x + CELL as f32 - 2.0, y + CELL as f32 - 2.0],
        );
        assert!(squares.contains(&want), "tile {tile} at cell {cell}: {squares:?}");
    }
}
