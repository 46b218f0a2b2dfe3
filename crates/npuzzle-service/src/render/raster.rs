//! PNG and GIF pictures: our own SVG, with the numbers drawn as strokes
//! (no fonts needed), rasterised by resvg at one pixel per user unit.
//!
//! A GIF has a frame per position: the board, then after each move, each
//! shown [`GIF_FRAME_DELAY`], the first and the last held [`GIF_HOLD_DELAY`],
//! played again and again. Its colours are chosen once, from the first
//! frame (every frame holds the same tiles, so the same colours), and every
//! frame is written with that one palette. After the first, a frame holds
//! only the two cells a move changes (the blank's old and new cells) and
//! the rest of the picture stays as it was.

use std::collections::HashMap;

use gif::{Encoder, Frame, Repeat};
use npuzzle::{Board, Goal, Move};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use super::{picture, Format, Numbers, Scheme, CELL, GIF_FRAME_DELAY, GIF_HOLD_DELAY, MAX_GIF_CELL_FRAMES};
use crate::Error;

/// The PNG of `board`.
pub fn png(board: &Board, goal: &Goal, scheme: Scheme) -> Result<Vec<u8>, Error> {
    super::check_drawn_cells(board)?;
    let pixmap = rasterise(board, goal, scheme, Area::whole(board), Format::Png)?;
    pixmap.encode_png().map_err(|e| encode(Format::Png, e))
}

/// The animated GIF of `moves` played on `board` (legal moves: checked by
/// the caller or here).
pub fn gif(board: &Board, goal: &Goal, scheme: Scheme, moves: &[Move]) -> Result<Vec<u8>, Error> {
    super::check_drawn_cells(board)?;
    let cells = board.shape().cells();
    let most = MAX_GIF_CELL_FRAMES / cells - 1;
    if moves.len() > most {
        return Err(Error::TooManyFrames {
            moves: moves.len(),
            most,
            shape: board.shape(),
        });
    }
    npuzzle::notation::apply(board, &npuzzle::notation::Sequence::from_moves(moves.to_vec())).map_err(Error::Moves)?;
    let whole = Area::whole(board);
    let first = rasterise(board, goal, scheme, whole, Format::Gif)?;
    // Within MAX_DRAWN_CELLS the sides are at most 2048 pixels.
    let too_wide = |_| encode(Format::Gif, "the picture is wider than a GIF can be");
    let (w, h) = (
        u16::try_from(whole.width).map_err(too_wide)?,
        u16::try_from(whole.height).map_err(too_wide)?,
    );
    let palette = Palette::of(first.data());
    let mut out = Vec::new();
    {
        let mut encoder = Encoder::new(&mut out, w, h, &palette.colours).map_err(|e| encode(Format::Gif, e))?;
        encoder
            .set_repeat(Repeat::Infinite)
            .map_err(|e| encode(Format::Gif, e))?;
        let last = moves.len();
        let mut frame = palette.frame(&first, whole);
        frame.delay = GIF_HOLD_DELAY;
        encoder.write_frame(&frame).map_err(|e| encode(Format::Gif, e))?;
        let mut position = board.clone();
        for (step, &mv) in moves.iter().enumerate() {
            let before = position.blank();
            position.try_apply(mv);
            // Only the blank's two cells change: the rest of the previous frame stays.
            let area = Area::of_cells(before, position.blank(), board.shape().width());
            let pixmap = rasterise(&position, goal, scheme, area, Format::Gif)?;
            let mut frame = palette.frame(&pixmap, area);
            frame.delay = if step + 1 == last {
                GIF_HOLD_DELAY
            } else {
                GIF_FRAME_DELAY
            };
            encoder.write_frame(&frame).map_err(|e| encode(Format::Gif, e))?;
        }
    }
    Ok(out)
}

/// `area` of the board's picture drawn into pixels (premultiplied RGBA;
/// opaque everywhere, as the frame covers the picture).
fn rasterise(board: &Board, goal: &Goal, scheme: Scheme, area: Area, format: Format) -> Result<Pixmap, Error> {
    let svg = picture(board, goal, scheme, &[], Numbers::Paths);
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default()).map_err(|e| encode(format, e))?;
    let mut pixmap = Pixmap::new(area.width, area.height)
        .ok_or_else(|| encode(format, format!("no {}×{} pixel buffer", area.width, area.height)))?;
    let shift = Transform::from_translate(-(area.left as f32), -(area.top as f32));
    resvg::render(&tree, shift, &mut pixmap.as_mut());
    Ok(pixmap)
}

fn encode(format: Format, e: impl std::fmt::Display) -> Error {
    Error::Encode {
        format,
        message: e.to_string(),
    }
}

/// A rectangle of pixels (within a picture at most 2048 pixels square, so
/// its numbers fit a GIF's 16 bits).
#[derive(Debug, Clone, Copy)]
struct Area {
    left: u32,
    top: u32,
    width: u32,
    height: u32,
}

impl Area {
    /// The whole picture of `board`.
    fn whole(board: &Board) -> Area {
        let shape = board.shape();
        Area {
            left: 0,
            top: 0,
            width: (shape.width() * CELL) as u32,
            height: (shape.height() * CELL) as u32,
        }
    }

    /// The smallest rectangle holding cells `a` and `b` of a board `width` cells wide.
    fn of_cells(a: usize, b: usize, width: usize) -> Area {
        let (ax, ay, bx, by) = (a % width, a / width, b % width, b / width);
        let cell = CELL as u32;
        let (left, top) = (ax.min(bx) as u32 * cell, ay.min(by) as u32 * cell);
        Area {
            left,
            top,
            width: (ax.abs_diff(bx) as u32 + 1) * cell,
            height: (ay.abs_diff(by) as u32 + 1) * cell,
        }
    }
}

/// At most 256 colours and the index of each pixel's nearest one.
struct Palette {
    /// RGB triples.
    colours: Vec<u8>,
    quantizer: color_quant::NeuQuant,
}

impl Palette {
    /// NeuQuant's sampling factor: 1 looks at every pixel, 30 at every 30th.
    const SAMPLE: i32 = 10;

    fn of(rgba: &[u8]) -> Palette {
        let quantizer = color_quant::NeuQuant::new(Self::SAMPLE, 256, rgba);
        Palette {
            colours: quantizer.color_map_rgb(),
            quantizer,
        }
    }

    /// The frame showing `pixmap` (drawn of `area`) in this palette: each
    /// pixel's palette index (colours repeat, so each is looked up once).
    fn frame(&self, pixmap: &Pixmap, area: Area) -> Frame<'static> {
        let mut seen: HashMap<[u8; 4], u8> = HashMap::new();
        let buffer: Vec<u8> = pixmap
            .data()
            .chunks_exact(4)
            .map(|p| {
                let key = [p[0], p[1], p[2], p[3]];
                *seen.entry(key).or_insert_with(|| self.index(&key))
            })
            .collect();
        // Within MAX_DRAWN_CELLS every side and offset is at most 2048.
        let side = |v: u32| u16::try_from(v).unwrap_or(u16::MAX);
        Frame {
            left: side(area.left),
            top: side(area.top),
            width: side(area.width),
            height: side(area.height),
            buffer: buffer.into(),
            ..Frame::default()
        }
    }

    fn index(&self, pixel: &[u8; 4]) -> u8 {
        // NeuQuant was built for 256 colours, so its indices fit a byte.
        u8::try_from(self.quantizer.index_of(pixel)).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests;
