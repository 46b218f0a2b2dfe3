//! The one error type of the library: bad input and broken files.
//!
//! "No solution" is not an error: unsolvable boards and exhausted budgets are
//! [`Outcome`](crate::Outcome) variants.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use crate::board::Shape;
use crate::goal::Goal;
use crate::heuristic::pdb::{Partition, PdbSpec};
use crate::solution::BudgetKind;

/// Everything that can go wrong when a user's text or a file is turned into
/// boards, goals or tables.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
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
    /// A move character other than `u d l r`.
    #[error("bad move {ch:?} at position {index}: moves are u, d, l, r (the direction the blank moves)")]
    BadMove {
        /// The character.
        ch: char,
        /// 1-based position in the move string.
        index: usize,
    },
    /// A move that would take the blank off the board.
    #[error("move {mv} at step {step} takes the blank off the board")]
    IllegalMove {
        /// The move.
        mv: char,
        /// 1-based step number.
        step: usize,
    },
    /// A character in a move sequence that is no move letter, run length,
    /// space or comma.
    #[error("bad move {ch:?} at character {index}: {}", move_letters(*.notation))]
    BadMoveChar {
        /// The character.
        ch: char,
        /// Its 1-based character position in the text.
        index: usize,
        /// The convention the moves were read in, if it was known.
        notation: Option<crate::notation::Notation>,
    },
    /// A run length of 0 or above [`MAX_RUN`](crate::notation::MAX_RUN).
    #[error("bad run length {run} at character {index}: a run is 1 to {max} moves")]
    BadRunLength {
        /// The digits as written (shortened when very long).
        run: String,
        /// 1-based character position of its first digit.
        index: usize,
        /// The longest run.
        max: usize,
    },
    /// Digits that follow no move letter.
    #[error("run length {run} at character {index} follows no move: write it right after its letter (R3)")]
    RunLengthAlone {
        /// The digits as written (shortened when very long).
        run: String,
        /// 1-based character position of its first digit.
        index: usize,
    },
    /// Move letters of both cases where the case says the convention.
    #[error(
        "moves in both cases, {lower:?} at character {lower_index} and {upper:?} at character {upper_index}: \
         lowercase u d l r move the blank, capitals U D L R move a tile; write one case or name the notation"
    )]
    MixedCase {
        /// The first lowercase move letter.
        lower: char,
        /// Its 1-based character position.
        lower_index: usize,
        /// The first capital move letter.
        upper: char,
        /// Its 1-based character position.
        upper_index: usize,
    },
    /// A move of a sequence that would take the blank off the board.
    #[error(
        "move {step} ({written}{}) runs into the wall: the blank is at row {row}, column {col} of the {shape} board",
        at.map(|at| format!(" at character {at}")).unwrap_or_default()
    )]
    MoveIntoWall {
        /// 1-based step of the move, counting single moves.
        step: usize,
        /// The letter (and run length) it was written as.
        written: String,
        /// 1-based character position of that letter, when read from text.
        at: Option<usize>,
        /// 1-based row of the blank before the move.
        row: usize,
        /// 1-based column of the blank before the move.
        col: usize,
        /// The board's shape.
        shape: Shape,
    },
    /// An optimal search was asked to solve a board bigger than any of them
    /// takes; the constructive solver ([`Algorithm::Greedy`](crate::Algorithm::Greedy)) solves it.
    #[error("{algorithm} finds optimal solutions on boards of at most {max_cells} cells, and a {shape} board has {cells}; the constructive algorithm `greedy` solves it (not optimally)")]
    TooBigToSearch {
        /// Algorithm name.
        algorithm: &'static str,
        /// The board shape.
        shape: Shape,
        /// Cells on that board.
        cells: usize,
        /// The most cells the optimal searches take.
        max_cells: usize,
    },
    /// A hint was asked where its algorithm does not search optimally:
    /// hints are exact, and greedy's lengths are not distances. `auto` picks
    /// greedy above [`AUTO_OPTIMAL_CELLS`](crate::search::AUTO_OPTIMAL_CELLS)
    /// cells, so a hint there is refused before any search runs.
    #[error("{}", no_exact("hints are exact", algorithm, *shape, *cells, *max_cells))]
    NoExactHint {
        /// The algorithm asked for (`auto` or `greedy`).
        algorithm: &'static str,
        /// The board shape.
        shape: Shape,
        /// Cells on that board.
        cells: usize,
        /// The most cells `auto` searches optimally.
        max_cells: usize,
    },
    /// Optimal solutions were asked to be counted or listed where the
    /// algorithm does not search optimally: enumerating within greedy's
    /// length would count longer sequences as optimal. Refused before any
    /// search, like [`Error::NoExactHint`].
    #[error("{}", no_exact("optimal solutions are counted by an optimal search", algorithm, *shape, *cells, *max_cells))]
    NoExactCount {
        /// The algorithm asked for (`auto` or `greedy`).
        algorithm: &'static str,
        /// The board shape.
        shape: Shape,
        /// Cells on that board.
        cells: usize,
        /// The most cells `auto` searches optimally.
        max_cells: usize,
    },
    /// The results given for an iteration's subtrees do not match them:
    /// fewer than all without a solution among them, or more than the subtrees
    /// ([`Frontier::combine`](crate::search::subtree::Frontier::combine)).
    #[error("{results} results for {subtrees} subtrees: give one per subtree, in order, up to the first solution")]
    SubtreeResults {
        /// Subtrees of the iteration.
        subtrees: usize,
        /// Results given.
        results: usize,
    },
    /// The algorithm cannot handle this board at all (not a budget matter).
    #[error("{algorithm} cannot solve a {shape} board: {reason}")]
    Unsupported {
        /// Algorithm name.
        algorithm: &'static str,
        /// The board shape.
        shape: Shape,
        /// Why.
        reason: String,
    },
    /// Building a table stopped at a budget. [`Solver`](crate::Solver) reports
    /// this as [`Outcome::BudgetReached`](crate::Outcome::BudgetReached).
    #[error("building the {what} for {shape} stopped at the {kind}: {}", budget_detail(*.kind, *.used, *.limit))]
    BuildBudget {
        /// What was being built, e.g. `"move table"`.
        what: &'static str,
        /// The board shape.
        shape: Shape,
        /// Which budget.
        kind: BudgetKind,
        /// What the build needed or used: bytes, milliseconds or states expanded.
        used: u64,
        /// The limit, in the same unit.
        limit: u64,
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
    /// A name that is none of the choices (of algorithm, heuristic, …).
    #[error("unknown {what} {given:?}; choose {}", list_choices(choices))]
    UnknownName {
        /// What was being named: `"algorithm"`, `"heuristic"`.
        what: &'static str,
        /// The name as given (shortened when very long).
        given: String,
        /// The names there are.
        choices: Vec<&'static str>,
    },
    /// A found path did not replay to the goal: a bug, reported rather than printed.
    #[error("internal error: the {algorithm} path does not reach the goal when replayed")]
    ReplayMismatch {
        /// Algorithm name.
        algorithm: &'static str,
    },
    /// A count of optimal solutions passed `u128`: a bug, since the counts of
    /// the boards counted this way fit (see `search::count::count_fits`).
    #[error("internal error: the number of optimal solutions of a {distance}-move board does not fit in 128 bits")]
    CountOverflow {
        /// The distance of the board whose count overflowed.
        distance: u32,
    },
    /// A partition of the tiles that cannot be used.
    #[error("bad partition {text:?}: {reason}")]
    BadPartition {
        /// The partition as written (shortened when very long).
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Pattern databases cannot be built or used for this board or pattern.
    #[error("pattern databases: {reason}")]
    PdbUnsupported {
        /// Why.
        reason: String,
    },
    /// A database file or its directory could not be read or written. The
    /// operating system's error is the `source()` (its message follows this
    /// one in [`Error::full_message`] and in `anyhow`'s `{:#}`).
    #[error("cannot {action} {}", path.display())]
    PdbIo {
        /// What was being done: "read", "write", "create", "rename", "list".
        action: &'static str,
        /// The file or directory.
        path: PathBuf,
        /// The kind of I/O error (`NotFound` when there is no such file).
        kind: std::io::ErrorKind,
        /// The I/O error itself.
        #[source]
        source: IoSource,
    },
    /// The `pdb` heuristic was asked for, but no databases for the board and
    /// goal were given to the solver.
    #[error(
        "the pdb heuristic needs pattern databases for a {} board with goal {goal}, but {}",
        goal.shape(),
        loaded.as_ref().map_or_else(|| "none are loaded".to_string(), |l| format!("the loaded ones are for {l}"))
    )]
    PdbNotLoaded {
        /// The goal databases are needed for.
        goal: Box<Goal>,
        /// What the loaded databases are for, if any are loaded.
        loaded: Option<Box<PdbSpec>>,
    },
    /// No database file for a goal (and partition) in the directory searched.
    #[error("{}", not_found(goal, partition.as_deref(), dir.as_deref()))]
    PdbNotFound {
        /// The goal databases were looked for (boxed: the error stays small).
        goal: Box<Goal>,
        /// The partition asked for, if one was.
        partition: Option<Box<Partition>>,
        /// The directory searched; `None` when none was given.
        dir: Option<PathBuf>,
    },
    /// No usable database file for a goal (and partition) in the directory
    /// searched, because a file that could hold them cannot be read: a
    /// broken file is named rather than skipped as if it were not there.
    /// `problem` is the first such file's own error (the message includes
    /// it, so it is not also a `source()`); `others` are the paths of any
    /// more.
    #[error("{}", unusable(goal, partition.as_deref(), dir, problem, others))]
    PdbUnusable {
        /// The goal databases were looked for (boxed: the error stays small).
        goal: Box<Goal>,
        /// The partition asked for, if one was.
        partition: Option<Box<Partition>>,
        /// The directory searched.
        dir: PathBuf,
        /// Why the first file that could hold them cannot be used (its
        /// error names the file: truncated, corrupt, not a database…).
        problem: Box<Error>,
        /// Other files that could hold them and cannot be used either.
        others: Vec<PathBuf>,
    },
    /// No database file where one was looked for.
    #[error("no pattern database at {}", path.display())]
    PdbMissing {
        /// Where it was looked for.
        path: PathBuf,
        /// The databases wanted.
        spec: Box<PdbSpec>,
    },
    /// A file that does not start with the magic bytes of a pattern database.
    #[error("{} is not an npuzzle pattern database (wrong magic bytes)", path.display())]
    PdbMagic {
        /// The file.
        path: PathBuf,
        /// The databases wanted, if known.
        spec: Option<Box<PdbSpec>>,
    },
    /// A database file written in another format version.
    #[error("{} has pattern database format version {got}, but this npuzzle reads versions 1 to {expected}", path.display())]
    PdbVersion {
        /// The file.
        path: PathBuf,
        /// The newest version this library reads.
        expected: u32,
        /// The version in the file.
        got: u32,
        /// The databases wanted, if known.
        spec: Option<Box<PdbSpec>>,
    },
    /// A database file built for another board, goal or partition.
    #[error("{} is a pattern database for {what} {got}, not {expected}", path.display())]
    PdbMismatch {
        /// The file.
        path: PathBuf,
        /// What differs: "board", "goal" or "partition".
        what: &'static str,
        /// What was asked for.
        expected: String,
        /// What the file holds.
        got: String,
        /// The databases wanted.
        spec: Option<Box<PdbSpec>>,
    },
    /// A database file shorter than its header says.
    #[error("{} is truncated: {got} bytes of {expected} (was its build killed or its copy cut short?)", path.display())]
    PdbTruncated {
        /// The file.
        path: PathBuf,
        /// Bytes it should have (at least).
        expected: u64,
        /// Bytes it has.
        got: u64,
        /// The databases wanted, or failing that what the file says it holds, if known.
        spec: Option<Box<PdbSpec>>,
    },
    /// A database file whose contents do not match their checksum.
    #[error("{} is corrupt: its {part} checksum is {computed:016x}, but {stored:016x} was recorded", path.display())]
    PdbChecksum {
        /// The file.
        path: PathBuf,
        /// "header" (checked on every open) or "data" (checked by `verify`).
        part: &'static str,
        /// The checksum recorded in the file.
        stored: u64,
        /// The checksum of what the file holds.
        computed: u64,
        /// The databases wanted, or failing that what the file says it holds, if known.
        spec: Option<Box<PdbSpec>>,
    },
    /// A database file whose header is self-contradictory although its checksum matches.
    #[error("{} is corrupt: {reason}", path.display())]
    PdbCorrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
        /// The databases wanted, or failing that what the file says it holds, if known.
        spec: Option<Box<PdbSpec>>,
    },
}

/// Why a [`Error::NoExactHint`] or [`Error::NoExactCount`] board has no
/// exact answer (`rule` says what needs an optimal search), and the way out.
fn no_exact(rule: &str, algorithm: &str, shape: Shape, cells: usize, max_cells: usize) -> String {
    if algorithm == "greedy" {
        format!("{rule}, and greedy builds a solution without searching for an optimal one: ask with auto (optimal up to {max_cells} cells) or an optimal algorithm")
    } else {
        format!("{rule}: {algorithm} searches optimally on boards of at most {max_cells} cells, and a {shape} board has {cells}; the greedy algorithm solves it, not optimally")
    }
}

impl Error {
    /// Whether this is a hint or count refused only because `greedy` was
    /// named on a board `auto` searches optimally (at most
    /// [`AUTO_OPTIMAL_CELLS`](crate::search::AUTO_OPTIMAL_CELLS) cells):
    /// leaving the algorithm out answers it. Front-ends word the way out
    /// from this.
    ///
    /// ```
    /// use npuzzle::{Algorithm, Goal, Solver, SolverOptions};
    /// let greedy = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Greedy));
    /// for (shape, answers) in [("3x3", true), ("6x6", false)] {
    ///     let goal = Goal::standard(shape.parse()?);
    ///     // One move from the goal (a board at it is answered by every algorithm).
    ///     let board = goal.board().replay(&npuzzle::Move::parse_list("l")?)?;
    ///     let err = greedy.hint(&board, &goal).unwrap_err();
    ///     assert_eq!(err.auto_would_answer(), answers);
    /// }
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn auto_would_answer(&self) -> bool {
        match self {
            Error::NoExactHint {
                algorithm,
                cells,
                max_cells,
                ..
            }
            | Error::NoExactCount {
                algorithm,
                cells,
                max_cells,
                ..
            } => *algorithm == crate::Algorithm::Greedy.name() && cells <= max_cells,
            _ => false,
        }
    }

    /// The message followed by those of its sources, each after `": "` (what
    /// `anyhow` prints with `{:#}`): the whole story on one line, for
    /// front-ends that show a single message.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::AdditivePdb;
    /// let err = AdditivePdb::open_any("/no/such/dir/x.pdb".as_ref()).unwrap_err();
    /// assert_eq!(err.to_string(), "cannot read /no/such/dir/x.pdb");
    /// let io = std::error::Error::source(&err).unwrap().to_string();
    /// assert_eq!(err.full_message(), format!("cannot read /no/such/dir/x.pdb: {io}"));
    /// ```
    pub fn full_message(&self) -> String {
        let mut text = self.to_string();
        let mut source = std::error::Error::source(self);
        while let Some(s) = source {
            text.push_str(": ");
            text.push_str(&s.to_string());
            source = s.source();
        }
        text
    }

    /// An [`Error::UnknownName`] for `given`, shortened to a readable length.
    pub(crate) fn unknown_name(what: &'static str, given: &str, choices: Vec<&'static str>) -> Error {
        const LONGEST: usize = 40;
        let given = match given.char_indices().nth(LONGEST) {
            Some((cut, _)) => format!("{}…", &given[..cut]),
            None => given.to_string(),
        };
        Error::UnknownName { what, given, choices }
    }
}

/// An I/O error kept as an [`Error`]'s `source()`: shared, so `Error` stays
/// `Clone`, and compared by kind and message, so it stays `PartialEq`.
///
/// ```
/// use npuzzle::IoSource;
/// let source = IoSource::from(std::io::Error::other("disk full"));
/// assert_eq!(source.io().kind(), std::io::ErrorKind::Other);
/// assert_eq!(source.to_string(), "disk full");
/// assert_eq!(source.clone(), source);
/// ```
#[derive(Debug, Clone)]
pub struct IoSource(Arc<std::io::Error>);

impl IoSource {
    /// The I/O error.
    pub fn io(&self) -> &std::io::Error {
        &self.0
    }
}

impl From<std::io::Error> for IoSource {
    fn from(err: std::io::Error) -> IoSource {
        IoSource(Arc::new(err))
    }
}

impl fmt::Display for IoSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Transparent: the chain goes on with the I/O error's own source.
impl std::error::Error for IoSource {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for IoSource {
    fn eq(&self, other: &IoSource) -> bool {
        self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for IoSource {}

/// `a, b or c`.
fn move_letters(notation: Option<crate::notation::Notation>) -> &'static str {
    use crate::notation::Notation;
    match notation {
        Some(Notation::Blank) => {
            "moves are u d l r, the direction the blank moves, each with an optional run length (u3)"
        }
        Some(Notation::Tiles) => {
            "moves are U D L R, the direction a tile slides, each with an optional run length (R3)"
        }
        None => "moves are u d l r (the blank's direction) or U D L R (a tile's), each with an optional run length",
    }
}

fn list_choices(choices: &[&str]) -> String {
    match choices.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

fn not_found(goal: &Goal, partition: Option<&Partition>, dir: Option<&std::path::Path>) -> String {
    let what = partition.map_or_else(
        || "pattern database".to_string(),
        |p| format!("{} databases", p.to_arg()),
    );
    let place = dir.map_or_else(
        || "(no database directory was given)".to_string(),
        |d| format!("in {}", d.display()),
    );
    format!("no {what} for {} boards with goal {goal} {place}", goal.shape())
}

fn unusable(
    goal: &Goal,
    partition: Option<&Partition>,
    dir: &std::path::Path,
    problem: &Error,
    others: &[PathBuf],
) -> String {
    let what = partition.map_or_else(
        || "pattern database".to_string(),
        |p| format!("{} databases", p.to_arg()),
    );
    let more = match others {
        [] => String::new(),
        [one] => format!(" (and {} cannot be used either)", one.display()),
        _ => format!(
            " (and {} more files cannot be used either: {})",
            others.len(),
            others
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    format!(
        "no usable {what} for {} boards with goal {goal} in {}: {}{more}",
        goal.shape(),
        dir.display(),
        problem.full_message()
    )
}

fn budget_detail(kind: BudgetKind, used: u64, limit: u64) -> String {
    match kind {
        BudgetKind::Memory => format!("it needs {used} bytes, the limit is {limit}"),
        BudgetKind::Time => format!("{used} ms passed, the limit is {limit} ms"),
        BudgetKind::Nodes => format!("{used} states expanded, the limit is {limit}"),
        BudgetKind::Cancelled => "it was cancelled".to_string(),
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
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
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
