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
    picture(board, goal, scheme, &[])
}

/// An animation of `moves` played on `board`: one frame per move, each
/// [`SECONDS_PER_MOVE`] long, holding the last frame at the end. An error
/// names the first move that would take the blank off the board.
pub fn solution_svg(board: &Board, goal: &Goal, scheme: Scheme, moves: &[Move]) -> Result<String, npuzzle::Error> {
    // Checked first, so the frames below only replay legal moves.
    npuzzle::notation::apply(board, &npuzzle::notation::Sequence::from_moves(moves.to_vec()))?;
    Ok(picture(board, goal, scheme, moves))
}

/// The largest board [`RenderOptions::svg`] draws (a 32×32 board).
pub const MAX_DRAWN_CELLS: usize = 1024;
/// The most tile places (cells × frames) an animation of
/// [`RenderOptions::svg`] holds: a few megabytes of SVG.
pub const MAX_DRAWN_PLACES: usize = 400_000;

/// The options of a picture, as the JSON front-ends take them (the server's
/// `/api/render`, the browser package's and Python's `render`).
///
/// ```
/// use npuzzle_service::render::RenderOptions;
/// let options = RenderOptions { scheme: Some("rows".into()), moves: Some("L2".into()), ..Default::default() };
/// let svg = options.svg("1 2 3 4 5 6 x 7 8")?;
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
}

impl RenderOptions {
    /// The SVG of `board`, or of `moves` played on it; an error names the
    /// board, goal, option or move that cannot be used.
    pub fn svg(&self, board: &str) -> Result<String, Error> {
        let size = self.size.as_deref().map(parse_shape).transpose()?;
        let board = Tiles::Text(board.to_string()).board(size).map_err(Error::Board)?;
        let cells = board.shape().cells();
        if cells > MAX_DRAWN_CELLS {
            return Err(Error::Options(format!(
                "a picture is drawn of boards of at most {MAX_DRAWN_CELLS} cells, not {}",
                board.shape()
            )));
        }
        let goal = read_goal(
            self.goal.clone().map(Tiles::Text).as_ref(),
            board.shape(),
            size.is_some(),
        )?;
        goal.check_shape(&board).map_err(Error::Refused)?;
        let scheme = match &self.scheme {
            Some(name) => name.parse().map_err(Error::Options)?,
            None => Scheme::default(),
        };
        let Some(text) = &self.moves else {
            return Ok(board_svg(&board, &goal, scheme));
        };
        let notation = self
            .notation
            .as_deref()
            .map(str::parse::<Notation>)
            .transpose()
            .map_err(|e| Error::Options(e.full_message()))?;
        let moves = npuzzle::notation::parse(text, notation).map_err(Error::Moves)?;
        // Every tile's animation holds its place in every frame.
        if cells.saturating_mul(moves.len() + 1) > MAX_DRAWN_PLACES {
            return Err(Error::Options(format!(
                "an animation holds at most {MAX_DRAWN_PLACES} tile places (cells × frames): {} moves on {} are too many",
                moves.len(),
                board.shape()
            )));
        }
        // Played here first, so a move into the wall is named as it was
        // written; the frames then only replay legal moves.
        npuzzle::notation::apply(&board, &moves).map_err(Error::Moves)?;
        Ok(picture(&board, &goal, scheme, moves.moves()))
    }
}

/// The top-left corner of cell `cell` on a board `width` wide.
fn corner(cell: usize, width: usize) -> (usize, usize) {
    ((cell % width) * CELL, (cell / width) * CELL)
}

fn picture(board: &Board, goal: &Goal, scheme: Scheme, moves: &[Move]) -> String {
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
        let _ = writeln!(
            svg,
            r##"<text x="{middle}" y="{middle}" text-anchor="middle" dominant-baseline="central" fill="#222">{tile}</text>"##
        );
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

#[cfg(test)]
mod tests;
