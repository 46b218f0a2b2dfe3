//! Boards and goals as front-ends receive them (text, or tile numbers), read
//! by one rule: a goal written as tiles for another shape than the board's
//! is "the board is WxH but the goal is WxH", whichever front-end asked.

use npuzzle::{Board, Goal, Shape};

use crate::Error;

/// A board or a goal as a front-end received it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tiles {
    /// Text in the command line's syntax ("8 6 7 2 5 4 3 x 1", rows on
    /// lines); for a goal also a name (`standard`, `blank-first`).
    Text(String),
    /// Tile numbers in row-major order, 0 for the blank.
    Numbers(Vec<i64>),
}

impl Tiles {
    /// The board these tiles make, its shape `size` or inferred (square boards).
    pub fn board(&self, size: Option<Shape>) -> Result<Board, npuzzle::Error> {
        match self {
            Tiles::Text(text) => Board::parse(text, size),
            Tiles::Numbers(tiles) => board_from_numbers(tiles, size),
        }
    }
}

/// A board from tile numbers, with the errors the text parser gives.
///
/// ```
/// use npuzzle_service::input::board_from_numbers;
/// let board = board_from_numbers(&[1, 2, 3, 4, 5, 6, 7, 0, 8], None)?;
/// assert_eq!(board.to_string(), "1 2 3 4 5 6 7 x 8");
/// assert!(board_from_numbers(&[1, 2, 9, 0], None).is_err());
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn board_from_numbers(values: &[i64], size: Option<Shape>) -> Result<Board, npuzzle::Error> {
    let count = values.len();
    let shape = match size {
        Some(shape) => shape,
        None => npuzzle::parse::shape_of_count(count)?,
    };
    if count != shape.cells() {
        return Err(npuzzle::Error::Input(npuzzle::error::InputError::WrongTileCount {
            shape,
            expected: shape.cells(),
            got: count,
        }));
    }
    let max = shape.cells() - 1;
    let tiles = values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            u8::try_from(v).ok().filter(|&t| usize::from(t) <= max).ok_or_else(|| {
                npuzzle::Error::Input(npuzzle::error::InputError::TileOutOfRange {
                    tile: v.to_string(),
                    index: i + 1,
                    shape,
                    max,
                })
            })
        })
        .collect::<Result<Vec<u8>, npuzzle::Error>>()?;
    Board::new(shape, tiles)
}

/// The goal for a board of `shape`: the standard one when none is given.
/// Tiles of another count with no size given are read on their own, so the
/// error names both shapes.
///
/// ```
/// use npuzzle_service::input::{read_goal, Tiles};
/// let shape = "3x3".parse()?;
/// let err = read_goal(Some(&Tiles::Text("1 2 3 x".into())), shape, false).unwrap_err();
/// assert_eq!(err.to_string(), "the board is 3x3 but the goal is 2x2");
/// let err = read_goal(Some(&Tiles::Text("1 2 3".into())), shape, false).unwrap_err();
/// assert!(err.to_string().starts_with("reading the goal: "), "{err}");
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn read_goal(goal: Option<&Tiles>, shape: Shape, size_given: bool) -> Result<Goal, Error> {
    let Some(goal) = goal else {
        return Ok(Goal::standard(shape));
    };
    let read = match goal {
        Tiles::Text(text) => Goal::parse(text, shape),
        Tiles::Numbers(numbers) => board_from_numbers(numbers, Some(shape)).map(Goal::new),
    };
    match read {
        Ok(goal) => Ok(goal),
        Err(npuzzle::Error::Input(npuzzle::error::InputError::WrongTileCount { .. })) if !size_given => {
            match goal.board(None) {
                Ok(other) => Err(Error::Refused(npuzzle::Error::Input(
                    npuzzle::error::InputError::ShapeMismatch {
                        board: shape,
                        goal: other.shape(),
                    },
                ))),
                Err(e) => Err(Error::Goal(e)),
            }
        }
        Err(e) => Err(Error::Goal(e)),
    }
}

/// The boards a list of command-line arguments holds: two or more
/// arguments that are each a single tile (a number or a blank sign) are one
/// board ("8 6 7 2 5 4 3 x 1" typed without quotes: no single tile is a
/// board, so that is the only reading, and a mistake in it is told about
/// the board); any other list is one board per argument.
///
/// ```
/// use npuzzle_service::input::board_arguments;
/// let split: Vec<String> = "8 6 7 2 5 4 3 x 1".split(' ').map(String::from).collect();
/// assert_eq!(board_arguments(&split), ["8 6 7 2 5 4 3 x 1"]);
/// let two = ["1 2 3 4 5 6 7 x 8".to_string(), "123456x78".to_string()];
/// assert_eq!(board_arguments(&two), two);
/// ```
pub fn board_arguments(args: &[String]) -> Vec<String> {
    let single_tile = |arg: &String| {
        let t = arg.trim();
        matches!(t, "x" | "X" | "_" | ".") || (!t.is_empty() && t.len() <= 4 && t.bytes().all(|b| b.is_ascii_digit()))
    };
    if args.len() > 1 && args.iter().all(single_tile) {
        vec![args.join(" ")]
    } else {
        args.to_vec()
    }
}

/// The common goals, by the name `--goal` and the API take, other than
/// `asked`, that `board` can reach: for a board that cannot reach the goal
/// asked, the goal its source may have meant (a textbook's spiral, the
/// literature's blank first).
///
/// ```
/// use npuzzle::{Board, Goal};
/// use npuzzle_service::input::other_goals_reached;
/// let board: Board = "2 8 3 1 6 4 7 x 5".parse()?;
/// let others = other_goals_reached(&board, &Goal::standard(board.shape()));
/// let names: Vec<&str> = others.iter().map(|(name, _)| *name).collect();
/// assert_eq!(names, ["spiral"]);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn other_goals_reached(board: &Board, asked: &Goal) -> Vec<(&'static str, Goal)> {
    let shape = board.shape();
    [
        ("standard", Goal::standard(shape)),
        ("blank-first", Goal::blank_first(shape)),
        ("spiral", Goal::spiral(shape)),
    ]
    .into_iter()
    .filter(|(_, goal)| goal.board() != asked.board() && npuzzle::parity::is_solvable(board, goal))
    .collect()
}
