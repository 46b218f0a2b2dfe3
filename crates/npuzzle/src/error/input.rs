//! Text that cannot be read as what it names: a board, a size, a goal, an
//! option's name, a judge-format case.

use super::{or_list, Error};
use crate::board::Shape;

/// A board, size, goal, name or judge case that cannot be read.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputError {
    /// A token that is neither a number nor a blank marker.
    #[error("bad token {token:?} at position {index}: expected a tile number or a blank (x, 0, _, .)")]
    BadToken {
        /// The token as written (shortened when very long).
        token: String,
        /// 1-based position of the token in the board.
        index: usize,
    },
    /// The number of tiles does not match the board size.
    #[error("wrong tile count: a {shape} board needs {expected} tiles, got {got}")]
    WrongTileCount {
        /// The board shape the tiles were read for.
        shape: Shape,
        /// Cells on that board.
        expected: usize,
        /// Tokens read.
        got: usize,
    },
    /// No board shape holds this many tiles (at least 2x2, at most 256 cells).
    #[error(
        "no board holds {count} tile{}: a board is W x H cells with W and H at least 2 and at most 256 cells",
        if *.count == 1 { "" } else { "s" }
    )]
    NoShape {
        /// Tiles read.
        count: usize,
    },
    /// The tiles fit several shapes and the text shows no rows to choose by.
    #[error(
        "cannot tell the board's size from {count} tiles without rows: it could be {}; give the size or write the tiles in rows",
        shape_choices(shapes)
    )]
    AmbiguousSize {
        /// Tiles read.
        count: usize,
        /// The shapes that hold that many tiles, widest first (never a square: a square count is read as the square).
        shapes: Vec<Shape>,
    },
    /// The rows written (lines or nested lists) show one shape, the size given another.
    #[error(
        "the rows show {} wide, {} high, but the size given, {given}, is {} wide, {} high",
        rows.width(), rows.height(), given.width(), given.height()
    )]
    RowsContradictSize {
        /// The shape the rows show.
        rows: Shape,
        /// The shape given with the text.
        given: Shape,
    },
    /// Nested lists whose rows differ in length.
    #[error("row {row} has {got} tiles, but row 1 has {expected}")]
    RaggedRows {
        /// 1-based number of the first row of another length.
        row: usize,
        /// Its tiles.
        got: usize,
        /// Tiles in row 1.
        expected: usize,
    },
    /// A bracket that closes nothing, closes the wrong one, or is never closed.
    #[error("{}", bracket_fault(*.found, *.open, *.index))]
    Bracket {
        /// The closing bracket found, or `None` at the end of the text.
        found: Option<char>,
        /// The bracket open at that point, if any.
        open: Option<char>,
        /// 1-based character position of `found`, or of `open` when the text ends.
        index: usize,
    },
    /// Lists nested deeper than rows of tiles.
    #[error("the lists nest {depth} deep: a board is a list of tiles or a list of rows of tiles")]
    TooDeep {
        /// How deep, after unwrapping lists that hold only one list.
        depth: usize,
    },
    /// Rows of one width but one a tile short, and no blank among the tiles:
    /// the blank was written as spaces (`1 2 3` / `4 5 6` / `  7 8`).
    #[error(
        "row {row} has {got} tiles where the other rows have {width}, and no tile is the blank: write the blank \
         in row {row} as x, 0, _ or ."
    )]
    BlankMissing {
        /// The short row, from 1.
        row: usize,
        /// Its tiles.
        got: usize,
        /// The other rows' width.
        width: usize,
    },
    /// A list holding both tiles and lists.
    #[error("a list holds both tiles and rows: a board is a list of tiles or a list of rows of tiles")]
    TilesBesideRows,
    /// A tile number larger than the board allows.
    #[error("tile {tile} at position {index} is out of range: a {shape} board has tiles 1 to {max}")]
    TileOutOfRange {
        /// The tile as written (shortened when very long).
        tile: String,
        /// 1-based position of the token.
        index: usize,
        /// The board shape.
        shape: Shape,
        /// Largest valid tile.
        max: usize,
    },
    /// The same tile twice (tile 0 is the blank).
    #[error("{} appears twice, at positions {first} and {second}", tile_name(*.tile))]
    DuplicateTile {
        /// The repeated tile (0 = blank).
        tile: usize,
        /// 1-based position of its first occurrence.
        first: usize,
        /// 1-based position of its second occurrence.
        second: usize,
    },
    /// A tile that never appears (tile 0 is the blank).
    #[error("{} is missing", tile_name(*.tile))]
    MissingTile {
        /// The absent tile (0 = blank).
        tile: usize,
    },
    /// A size outside 2 ≤ W, H and W·H ≤ 1,000,000.
    #[error("invalid board size {width}x{height}: need width and height of at least 2 and at most 1000000 cells (1000x1000)")]
    InvalidSize {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// A size argument that is not of the form `WxH`.
    #[error("bad size {text:?}: expected WxH, for example 3x3 or 4x3")]
    BadSizeText {
        /// The text as given.
        text: String,
    },
    /// Board and goal of different shapes.
    #[error("the board is {board} but the goal is {goal}")]
    ShapeMismatch {
        /// Shape of the board.
        board: Shape,
        /// Shape of the goal.
        goal: Shape,
    },
    /// Judge-format input that is not a case at all (missing count, early end, extra input).
    #[error("{message}")]
    JudgeInput {
        /// What is wrong, naming the case.
        message: String,
    },
    /// A bad board inside a judge-format case. The message carries the
    /// problem (`case 2 (goal): the blank appears twice`), so a front-end
    /// that shows only `to_string()` still says what is wrong; it is not
    /// also a `source()`, which would print it twice in a chain.
    #[error("case {case}{which}: {problem}")]
    JudgeCase {
        /// 1-based case number.
        case: usize,
        /// `""`, `" (start)"` or `" (goal)"`.
        which: &'static str,
        /// What is wrong with the board.
        problem: Box<Error>,
    },
    /// A suboptimality factor that is not a number from 1 to 16.
    #[error("a factor is a number from 1 to 16, like 1.1 or 1.5, not {given:?}")]
    BadFactor {
        /// The factor as given.
        given: String,
    },
    /// A name that is none of the choices (of algorithm, heuristic, …).
    #[error("unknown {what} {given:?}; choose {}", or_list(choices))]
    UnknownName {
        /// What was being named: `"algorithm"`, `"heuristic"`.
        what: &'static str,
        /// The name as given (shortened when very long).
        given: String,
        /// The names there are.
        choices: Vec<&'static str>,
    },
}

impl Error {
    /// An [`InputError::UnknownName`] for `given`, shortened to a readable length.
    pub(crate) fn unknown_name(what: &'static str, given: &str, choices: Vec<&'static str>) -> Error {
        const LONGEST: usize = 40;
        let given = match given.char_indices().nth(LONGEST) {
            Some((cut, _)) => format!("{}…", &given[..cut]),
            None => given.to_string(),
        };
        InputError::UnknownName { what, given, choices }.into()
    }
}

/// `3x2 (3 wide, 2 high) or 2x3 (2 wide, 3 high)`; longer lists plainly.
fn shape_choices(shapes: &[Shape]) -> String {
    let names: Vec<String> = if shapes.len() <= 2 {
        shapes
            .iter()
            .map(|s| format!("{s} ({} wide, {} high)", s.width(), s.height()))
            .collect()
    } else {
        shapes.iter().map(Shape::to_string).collect()
    };
    or_list(&names)
}

fn bracket_fault(found: Option<char>, open: Option<char>, index: usize) -> String {
    match (found, open) {
        (Some(c), None) => format!("the `{c}` at character {index} closes no bracket"),
        (Some(c), Some(o)) => format!("the `{c}` at character {index} cannot close the open `{o}`"),
        (None, Some(o)) => format!("the `{o}` at character {index} is never closed"),
        (None, None) => format!("unbalanced brackets at character {index}"),
    }
}

fn tile_name(tile: usize) -> String {
    if tile == 0 {
        "the blank".to_string()
    } else {
        format!("tile {tile}")
    }
}
