//! Pictures of boards as SVG text: a board, or an animation of a move
//! sequence played on it, one frame per move.
//!
//! The picture is drawn from the board alone (numbers on squares), with the
//! squares coloured by a [`Scheme`] read from the goal: where each tile
//! belongs, not where it is, so a tile keeps its colour as it moves. The
//! library draws nothing (it knows no front-end); every front-end that offers
//! pictures asks here, so the command line and a page give the same SVG.
//!
//! Geometry: each cell is [`CELL`] user units square with a [`GAP`] around
//! tiles; tile `t` is a group `<g class="tile" data-tile="t">` holding a
//! `<rect>` and a `<text>` with its number. An animation moves each group
//! with one SMIL `<animateTransform>` whose `values` are its position in
//! every frame (the start, then after each move).
//!
//! ```
//! use npuzzle::{Board, Goal};
//! use npuzzle_service::render::{board_svg, Scheme};
//! let board: Board = "1 2 3 4 x 6 7 5 8".parse()?;
//! let svg = board_svg(&board, &Goal::standard(board.shape()), Scheme::Rows);
//! assert!(svg.starts_with("<svg") && svg.contains(">5</text>"));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::fmt::Write;
use std::str::FromStr;

use npuzzle::notation::Notation;
use npuzzle::{Board, Goal, Move};
use serde::Deserialize;

use crate::input::{read_goal, Tiles};
use crate::options::parse_shape;
use crate::Error;

/// Side of a cell, in SVG user units.
pub const CELL: usize = 64;
/// Space between a tile and its cell's edge.
pub const GAP: usize = 2;
/// Seconds each move of an animation takes.
pub const SECONDS_PER_MOVE: f64 = 0.4;

/// Colours the squares take, lightest first, cycled when a board has more
/// rows or layers than colours.
const PALETTE: [&str; 8] = [
    "#f4a6a6", "#f7c99b", "#f3e29a", "#b9e4a8", "#9fd8d8", "#a9c4f0", "#c7b3ee", "#eab3dd",
];
/// The colour of every tile when there is no scheme.
const PLAIN: &str = "#e8e2d0";

/// How the tiles are coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scheme {
    /// All alike.
    #[default]
    None,
    /// By the row of the goal the tile belongs to.
    Rows,
    /// By fringe (layer): tiles whose goal cell is in the first row or column
    /// of the goal, then the second, and so on, as the fringe method solves them.
    Fringe,
}

impl Scheme {
    /// Every scheme.
    pub const ALL: [Scheme; 3] = [Scheme::None, Scheme::Rows, Scheme::Fringe];

    /// `none`, `rows` or `fringe`.
    pub fn name(self) -> &'static str {
        match self {
            Scheme::None => "none",
            Scheme::Rows => "rows",
            Scheme::Fringe => "fringe",
        }
    }

    /// The fill of the tile whose goal cell is `home` on a board `width` wide.
    fn fill(self, home: usize, width: usize) -> &'static str {
        let (row, col) = (home / width, home % width);
        match self {
            Scheme::None => PLAIN,
            Scheme::Rows => PALETTE[row % PALETTE.len()],
            Scheme::Fringe => PALETTE[row.min(col) % PALETTE.len()],
        }
    }
}

impl std::fmt::Display for Scheme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `none`, `rows` or `fringe` (`layers` is `fringe`).
impl FromStr for Scheme {
    type Err = String;

    fn from_str(text: &str) -> Result<Scheme, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(Scheme::None),
            "rows" | "row" => Ok(Scheme::Rows),
            "fringe" | "layers" | "layer" => Ok(Scheme::Fringe),
            _ => Err(format!("unknown colour scheme {text:?}; choose none, rows or fringe")),
        }
    }
}

/// The picture of `board`, its tiles coloured by `scheme` from `goal`.
pub fn board_svg(board: &Board, goal: &Goal, scheme: Scheme) -> String {
    picture(board, goal, scheme, &[], Numbers::Text)
}

/// An animation of `moves` played on `board`: one frame per move, each
/// [`SECONDS_PER_MOVE`] long, holding the last frame at the end. An error
/// names the first move that would take the blank off the board.
pub fn solution_svg(board: &Board, goal: &Goal, scheme: Scheme, moves: &[Move]) -> Result<String, npuzzle::Error> {
    // Checked first, so the frames below only replay legal moves.
    npuzzle::notation::apply(board, &npuzzle::notation::Sequence::from_moves(moves.to_vec()))?;
    Ok(picture(board, goal, scheme, moves, Numbers::Text))
}

/// A picture's file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// SVG text: a board, or an animation (SMIL) of moves played on it.
    #[default]
    Svg,
    /// A PNG image of a board (feature `raster`).
    Png,
    /// An animated GIF of moves played on a board, a frame per move
    /// (feature `raster`).
    Gif,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 3] = [Format::Svg, Format::Png, Format::Gif];

    /// `svg`, `png` or `gif`: the name and the file extension.
    pub fn name(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Gif => "gif",
        }
    }

    /// The media type (`image/svg+xml`, `image/png`, `image/gif`).
    pub fn media_type(self) -> &'static str {
        match self {
            Format::Svg => "image/svg+xml",
            Format::Png => "image/png",
            Format::Gif => "image/gif",
        }
    }

    /// Whether this build draws the format: SVG always, PNG and GIF with
    /// the feature `raster` (the browser package leaves them out).
    pub fn is_built(self) -> bool {
        self == Format::Svg || cfg!(feature = "raster")
    }

    /// Whether the format is text (SVG) rather than bytes.
    pub fn is_text(self) -> bool {
        self == Format::Svg
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `svg`, `png` or `gif`, in any case.
impl FromStr for Format {
    type Err = String;

    fn from_str(text: &str) -> Result<Format, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "svg" => Ok(Format::Svg),
            "png" => Ok(Format::Png),
            "gif" => Ok(Format::Gif),
            _ => Err(format!("unknown picture format {text:?}; choose svg, png or gif")),
        }
    }
}

/// A drawn picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picture {
    /// SVG text.
    Svg(String),
    /// A PNG file's bytes.
    Png(Vec<u8>),
    /// A GIF file's bytes.
    Gif(Vec<u8>),
}

impl Picture {
    /// The picture's format.
    pub fn format(&self) -> Format {
        match self {
            Picture::Svg(_) => Format::Svg,
            Picture::Png(_) => Format::Png,
            Picture::Gif(_) => Format::Gif,
        }
    }

    /// The file's bytes (SVG as UTF-8).
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Picture::Svg(text) => text.as_bytes(),
            Picture::Png(bytes) | Picture::Gif(bytes) => bytes,
        }
    }

    /// The file's bytes (SVG as UTF-8).
    pub fn into_bytes(self) -> Vec<u8> {
        match self {
            Picture::Svg(text) => text.into_bytes(),
            Picture::Png(bytes) | Picture::Gif(bytes) => bytes,
        }
    }
}

/// The picture of `board` in `format`, with `moves` played on it as an
/// animation (SVG, GIF); a PNG is a still picture and takes no moves. An
/// error names a move into the wall, a picture too big to draw
/// ([`MAX_GIF_CELL_FRAMES`], [`MAX_DRAWN_CELLS`] for PNG and GIF) or a format
/// this build leaves out.
///
/// ```
/// use npuzzle::{Board, Goal, Move};
/// use npuzzle_service::render::{draw, Format, Picture, Scheme};
/// let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
/// let goal = Goal::standard(board.shape());
/// let picture = draw(Format::Svg, &board, &goal, Scheme::Rows, &[Move::Right, Move::Right])?;
/// assert!(matches!(picture, Picture::Svg(svg) if svg.contains("<animateTransform")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn draw(format: Format, board: &Board, goal: &Goal, scheme: Scheme, moves: &[Move]) -> Result<Picture, Error> {
    match format {
        Format::Svg => {
            let svg = solution_svg(board, goal, scheme, moves).map_err(Error::Moves)?;
            Ok(Picture::Svg(svg))
        }
        Format::Png if !moves.is_empty() => Err(Error::Options(
            "a PNG is a still picture of the board: draw moves as an svg or gif animation".into(),
        )),
        #[cfg(feature = "raster")]
        Format::Png => raster::png(board, goal, scheme).map(Picture::Png),
        #[cfg(feature = "raster")]
        Format::Gif => raster::gif(board, goal, scheme, moves).map(Picture::Gif),
        #[cfg(not(feature = "raster"))]
        Format::Png | Format::Gif => Err(Error::NotBuilt(format)),
    }
}

/// The largest board drawn from [`RenderOptions`], and as PNG or GIF
/// anywhere (a 32×32 board: 2048 pixels square).
pub const MAX_DRAWN_CELLS: usize = 1024;
/// The most tile places (cells × frames) an SVG animation drawn from
/// [`RenderOptions`] holds: a few megabytes of SVG.
pub const MAX_DRAWN_PLACES: usize = 400_000;
/// The most cells × frames a GIF holds (each cell is [`CELL`]² pixels a
/// frame): 1776 moves on 3×3, 999 on 4×4, 639 on 5×5, 159 on 10×10.
pub const MAX_GIF_CELL_FRAMES: usize = 16_000;
/// Hundredths of a second each frame of a GIF shows (the move's
/// [`SECONDS_PER_MOVE`]).
pub const GIF_FRAME_DELAY: u16 = 40;
/// Hundredths of a second a GIF holds its first and last frames before it
/// plays again.
pub const GIF_HOLD_DELAY: u16 = 150;

/// The options of a picture, as the JSON front-ends take them (the server's
/// `/api/render`, the browser package's and Python's `render`).
///
/// ```
/// use npuzzle_service::render::{Picture, RenderOptions};
/// let options = RenderOptions { scheme: Some("rows".into()), moves: Some("L2".into()), ..Default::default() };
/// let Picture::Svg(svg) = options.render("1 2 3 4 5 6 x 7 8")? else { unreachable!() };
/// assert!(svg.contains("<animateTransform"));
/// # Ok::<(), npuzzle_service::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderOptions {
    /// `WxH`; inferred for square boards.
    pub size: Option<String>,
    /// The goal the colours are read from (default standard).
    pub goal: Option<String>,
    /// `none` (default), `rows` or `fringe`.
    pub scheme: Option<String>,
    /// Moves to play on the board as an animation (`ullddr`, `R3 D2 L`).
    pub moves: Option<String>,
    /// `blank` or `tiles`: which direction the move letters name (default:
    /// lower case the blank's, upper case the tiles').
    pub notation: Option<String>,
    /// `svg` (default), `png` or `gif`.
    pub format: Option<String>,
}

impl RenderOptions {
    /// Whether drawing may take a while (a GIF of moves rasterises a frame
    /// per move, up to [`MAX_GIF_CELL_FRAMES`]), so a host with a bounded
    /// pool for long work runs it there; other pictures take moments.
    pub fn takes_a_while(&self) -> bool {
        let gif = self.format.as_deref().and_then(|f| f.parse().ok()) == Some(Format::Gif);
        gif && self.moves.is_some()
    }

    /// The picture of `board`, or of `moves` played on it, in the options'
    /// format; an error names the board, goal, option or move that cannot
    /// be used.
    pub fn render(&self, board: &str) -> Result<Picture, Error> {
        let size = self.size.as_deref().map(parse_shape).transpose()?;
        let board = Tiles::Text(board.to_string()).board(size).map_err(Error::Board)?;
        // Checked before the goal is read: a goal of a huge board is big too.
        check_drawn_cells(&board)?;
        let goal = read_goal(
            self.goal.clone().map(Tiles::Text).as_ref(),
            board.shape(),
            size.is_some(),
        )?;
        self.render_on(&board, &goal)
    }

    /// The picture of a board and goal the front-end has read itself
    /// (Python reads tiles as well as text), with the options' scheme,
    /// moves and format; `size` and `goal` of the options are not read.
    pub fn render_on(&self, board: &Board, goal: &Goal) -> Result<Picture, Error> {
        let format = match &self.format {
            Some(name) => name.parse().map_err(Error::Options)?,
            None => Format::default(),
        };
        check_drawn_cells(board)?;
        goal.check_shape(board).map_err(Error::Refused)?;
        let scheme = match &self.scheme {
            Some(name) => name.parse().map_err(Error::Options)?,
            None => Scheme::default(),
        };
        let Some(text) = &self.moves else {
            return draw(format, board, goal, scheme, &[]);
        };
        let notation = self
            .notation
            .as_deref()
            .map(str::parse::<Notation>)
            .transpose()
            .map_err(|e| Error::Options(e.full_message()))?;
        let moves = npuzzle::notation::parse(text, notation).map_err(Error::Moves)?;
        let cells = board.shape().cells();
        // Every tile's animation holds its place in every frame.
        if format == Format::Svg && cells.saturating_mul(moves.len() + 1) > MAX_DRAWN_PLACES {
            return Err(Error::Options(format!(
                "an animation holds at most {MAX_DRAWN_PLACES} tile places (cells × frames): {} moves on {} are too many",
                moves.len(),
                board.shape()
            )));
        }
        // Played here first, so a move into the wall is named as it was
        // written; the frames then only replay legal moves.
        npuzzle::notation::apply(board, &moves).map_err(Error::Moves)?;
        draw(format, board, goal, scheme, moves.moves())
    }
}

/// Refuses a board of more than [`MAX_DRAWN_CELLS`] cells.
fn check_drawn_cells(board: &Board) -> Result<(), Error> {
    if board.shape().cells() > MAX_DRAWN_CELLS {
        return Err(Error::Options(format!(
            "a picture is drawn of boards of at most {MAX_DRAWN_CELLS} cells, not {}",
            board.shape()
        )));
    }
    Ok(())
}

/// The top-left corner of cell `cell` on a board `width` wide.
fn corner(cell: usize, width: usize) -> (usize, usize) {
    ((cell % width) * CELL, (cell / width) * CELL)
}

/// How the tiles' numbers are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Numbers {
    /// As `<text>`: the viewer's fonts draw them (SVG for people and pages).
    Text,
    /// As strokes ([`digits`]): for the rasteriser, which has no fonts.
    #[cfg_attr(not(feature = "raster"), allow(dead_code))]
    Paths,
}

fn picture(board: &Board, goal: &Goal, scheme: Scheme, moves: &[Move], numbers: Numbers) -> String {
    let shape = board.shape();
    let width = shape.width();
    let (w, h) = (width * CELL, shape.height() * CELL);
    // Each tile's cell in every frame: the start, then after each move.
    let mut frames: Vec<Vec<usize>> = vec![board.wide_positions().iter().map(|&p| p as usize).collect()];
    let mut b = board.clone();
    for &mv in moves {
        b.try_apply(mv);
        frames.push(b.wide_positions().iter().map(|&p| p as usize).collect());
    }
    let font = CELL * 2 / 5;
    let mut svg = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="sans-serif" font-size="{font}">"##
    );
    let _ = writeln!(
        svg,
        r##"<rect class="frame" width="{w}" height="{h}" fill="#5b5b66"/>"##
    );
    let dur = SECONDS_PER_MOVE * moves.len() as f64;
    let homes = goal.homes();
    for tile in 1..shape.cells() {
        let (x, y) = corner(frames[0][tile], width);
        let fill = scheme.fill(homes[tile] as usize, width);
        let _ = writeln!(
            svg,
            r##"<g class="tile" data-tile="{tile}" transform="translate({x},{y})">"##
        );
        let side = CELL - 2 * GAP;
        let _ = writeln!(
            svg,
            r##"<rect x="{GAP}" y="{GAP}" width="{side}" height="{side}" rx="6" fill="{fill}" stroke="#333" stroke-width="1"/>"##
        );
        let middle = CELL / 2;
        match numbers {
            Numbers::Text => {
                let _ = writeln!(
                    svg,
                    r##"<text x="{middle}" y="{middle}" text-anchor="middle" dominant-baseline="central" fill="#222">{tile}</text>"##
                );
            }
            Numbers::Paths => {
                let (middle, side) = (middle as f64, side as f64);
                let path = digits::number_paths(tile, middle, middle, 0.3 * CELL as f64, side - 12.0, "#222");
                svg.push_str(&path);
                svg.push('\n');
            }
        }
        if !moves.is_empty() {
            let values: Vec<String> = frames
                .iter()
                .map(|f| {
                    let (x, y) = corner(f[tile], width);
                    format!("{x},{y}")
                })
                .collect();
            let _ = writeln!(
                svg,
                r##"<animateTransform attributeName="transform" type="translate" values="{}" dur="{dur:.1}s" fill="freeze"/>"##,
                values.join(";")
            );
        }
        svg.push_str("</g>\n");
    }
    svg.push_str("</svg>\n");
    svg
}

mod digits;
#[cfg(feature = "raster")]
mod raster;
#[cfg(test)]
mod tests;
