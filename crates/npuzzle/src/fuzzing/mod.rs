//! Checks run on arbitrary bytes, shared by the fuzz targets in `fuzz/` and
//! by the corpus regression test (`tests/fuzz_corpus.rs`).
//!
//! Each check turns bytes into input for one reader or search, runs it, and
//! panics if it panics or if what it returns breaks an invariant. Bad input
//! must give an error, never a panic. The module is public only so the
//! `fuzz/` crate can reach it; it is not part of the supported API.
//!
//! To fuzz another reader: write a `check_*` function here, add it to
//! [`TARGETS`], and add a target file to `fuzz/` that calls it (see
//! `fuzz/README.md`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::{Board, Move, Shape, MAX_CELLS, MAX_NARROW_CELLS};
use crate::error::Error;
use crate::goal::Goal;
use crate::heuristic::pdb::{self, AdditivePdb, BuildOptions, PdbSpec, Xxh64};
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::parity::is_solvable;
use crate::parse::{parse_board, read_boards, tokens, BoardFile, BoardInput, SkippedLine};
use crate::search::{Algorithm, Solver, SolverOptions};
use crate::solution::{Budget, BudgetKind, Outcome};

mod judge;
mod pdb_file;

pub use judge::check_judge;
pub use pdb_file::check_pdb_file;

/// A check: runs one reader or search on arbitrary bytes and panics on a bug.
pub type Check = fn(&[u8]);

/// Every check by the name of its fuzz target, which is also the name of its
/// corpus folder, `fuzz/corpus/<name>/`.
///
/// ```
/// let names: Vec<&str> = npuzzle::fuzzing::TARGETS.iter().map(|t| t.0).collect();
/// assert!(names.contains(&"parse_board"));
/// ```
pub const TARGETS: &[(&str, Check)] = &[
    ("parse_board", check_parse_board),
    ("read_boards", check_read_boards),
    ("solve_small", check_solve_small),
    ("judge", check_judge),
    ("pdb_file", check_pdb_file),
];

/// Longest error message any bad input may produce, in bytes: messages quote
/// shortened tokens, never whole inputs.
pub const MAX_MESSAGE_LEN: usize = 512;

/// Nodes each search in [`check_solve_small`] may expand on a board of at
/// most 8 cells: more than both sides of a bidirectional search can expand
/// in a space of 8!/2 = 20 160 boards, so breadth-first searches must finish.
pub const SMALL_NODE_BUDGET: u64 = 50_000;

/// Nodes each search in [`check_solve_small`] may expand on a 3×3 board,
/// where many searches stop at the budget; kept small so fuzzing stays fast.
pub const NINE_CELL_NODE_BUDGET: u64 = 5_000;

/// A shape from 2×2 to 9×9, from bits 1–6 of `byte` (bit 0 is left for the
/// caller's own choice).
fn shape_from_byte(byte: u8) -> Shape {
    let width = 2 + usize::from((byte >> 1) & 7);
    let height = 2 + usize::from((byte >> 4) & 7);
    Shape::new(width, height).expect("at most 9x9")
}

/// Board parser: the first byte picks a shape, the rest (as lossy UTF-8) is
/// parsed with that shape and with none. A parsed board must hold every tile
/// once and survive a round trip through its text forms; an error message
/// must stay short.
///
/// ```
/// npuzzle::fuzzing::check_parse_board(b"\x00 8 6 7 2 5 4 3 x 1");
/// npuzzle::fuzzing::check_parse_board(b"\xff\xfe not a board");
/// ```
pub fn check_parse_board(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let shape = shape_from_byte(first);
    let inferred = parse_board(&text, None);
    let given = parse_board(&text, Some(shape));
    match &inferred {
        Ok(board) => {
            let shown = crate::parse::layout_rows(&text);
            assert!(
                board.shape().width() == board.shape().height() || shown == Some(board.shape()),
                "an inferred shape is square or shown by the rows"
            );
            check_board(board);
        }
        Err(e) => check_message(&e.to_string()),
    }
    match &given {
        Ok(board) => {
            assert_eq!(board.shape(), shape, "the given shape is kept");
            check_board(board);
        }
        Err(e) => check_message(&e.to_string()),
    }
    // The same tokens read as the same shape give the same board either way.
    if let Ok(board) = &inferred {
        if board.shape() == shape {
            assert_eq!(given.as_ref(), Ok(board));
        }
    }
}

/// Board-file reader: the first byte picks whether boards have a known cell
/// count (bit 0) and which shape (as in [`check_parse_board`]); the rest is
/// the file. Line numbers must rise and stay within the file, each reported
/// text must be its line with the comment cut, unreadable lines must really
/// be unreadable, no token may be lost or invented, and every board text is
/// then parsed.
///
/// ```
/// npuzzle::fuzzing::check_read_boards(b"\x00# two\n8 6 7 2 5 4 3 x 1\n\n1 2 3\n4 5 6\n7 8 x\n\xff\n");
/// ```
pub fn check_read_boards(data: &[u8]) {
    let Some((&first, file)) = data.split_first() else {
        return;
    };
    let shape = (first & 1 == 1).then(|| shape_from_byte(first));
    let BoardFile { boards, skipped } = read_boards(file, shape);

    // The lines as `read_boards` defines them: split at `\n`, a final `\n`
    // starting no further line, a trailing `\r` dropped.
    let body = file.strip_suffix(b"\n").unwrap_or(file);
    let lines: Vec<&[u8]> = if body.is_empty() {
        Vec::new()
    } else {
        body.split(|&b| b == b'\n')
            .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
            .collect()
    };
    let mut last = 0;
    let mut tokens_out = 0;
    for BoardInput { line, text } in &boards {
        assert!(*line > last, "line {line} follows line {last}");
        assert!(*line <= lines.len(), "line {line} of {}", lines.len());
        last = *line;
        let raw = lines[line - 1];
        match text {
            Err(message) => {
                assert!(std::str::from_utf8(raw).is_err(), "line {line} is readable");
                check_message(message);
            }
            Ok(text) => {
                let own = std::str::from_utf8(raw).expect("a board's first line is UTF-8");
                let own = own.split('#').next().unwrap_or("").trim();
                assert_eq!(text.split('\n').next(), Some(own), "line {line}");
                assert!(!text.contains('#'), "comments are cut");
                tokens_out += tokens(text).count();
                match parse_board(text, shape) {
                    Ok(board) => check_board(&board),
                    Err(e) => check_message(&e.to_string()),
                }
            }
        }
    }
    let mut last = 0;
    for SkippedLine { line, text } in &skipped {
        assert!(*line > last && *line <= lines.len(), "skipped line {line}");
        last = *line;
        assert!(
            boards.iter().all(|b| b.line != *line),
            "line {line} is skipped and a board"
        );
        let own = std::str::from_utf8(lines[line - 1]).expect("a skipped line is UTF-8");
        assert_eq!(own.split('#').next().unwrap_or("").trim(), text, "line {line}");
        let n = tokens(text).count();
        let numbers = (1..=2).contains(&n) && tokens(text).all(|t| t.bytes().all(|b| b.is_ascii_digit()));
        let label =
            n > 0 && tokens(text).all(|t| !crate::parse::looks_like_tile(t) && t.chars().any(char::is_alphabetic));
        assert!(
            numbers || label,
            "skipped line {line} is one or two numbers, or a label of words: {text}"
        );
        tokens_out += n;
    }
    let tokens_in: usize = lines
        .iter()
        .filter_map(|l| std::str::from_utf8(l).ok())
        .map(|l| tokens(l.split('#').next().unwrap_or("")).count())
        .sum();
    assert_eq!(
        tokens_out, tokens_in,
        "every token of every readable line is reported once, in a board or a skipped line"
    );
}

/// Small boards and their solvers: the first byte picks a shape of at most
/// nine cells and a goal (standard, blank first, or another arrangement); the
/// other bytes shuffle the board (and that goal). Every algorithm, and A* and
/// IDA* with every heuristic, run with a node budget ([`SMALL_NODE_BUDGET`] or
/// [`NINE_CELL_NODE_BUDGET`]): none may fail,
/// every solution must replay to the goal and have the length found by an
/// exhaustive search, and "unsolvable" must be true.
///
/// ```
/// npuzzle::fuzzing::check_solve_small(b"\x03\x05\x07\x01\x02\x00\x04\x08");
/// ```
pub fn check_solve_small(data: &[u8]) {
    const SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 2), (4, 2), (2, 4), (3, 3)];
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let (width, height) = SHAPES[usize::from(first) % SHAPES.len()];
    let shape = Shape::new(width, height).expect("small shapes are valid");
    let mut bytes = rest.iter().copied();
    let board = Board::new(shape, shuffled(shape.cells(), &mut bytes)).expect("a permutation is a board");
    let goal = match usize::from(first) / SHAPES.len() % 3 {
        0 => Goal::standard(shape),
        1 => Goal::blank_first(shape),
        _ => Goal::new(Board::new(shape, shuffled(shape.cells(), &mut bytes)).expect("a permutation is a board")),
    };

    // The 3x3 space is too large to search exhaustively per input; the others
    // have at most 8!/2 = 20 160 reachable boards.
    let exact = (shape.cells() <= 8).then(|| distances_to(&goal));
    let distance = exact.as_ref().map(|d| d.get(&pack(board.tiles())).copied());
    let solvable = is_solvable(&board, &goal);
    if let Some(distance) = distance {
        assert_eq!(solvable, distance.is_some(), "parity of {board} for goal {goal}");
    }

    let budget = Budget {
        max_nodes: Some(if exact.is_some() {
            SMALL_NODE_BUDGET
        } else {
            NINE_CELL_NODE_BUDGET
        }),
        ..Budget::default()
    };
    let mut configs: Vec<(Algorithm, HeuristicKind)> = Algorithm::ALL
        .into_iter()
        .filter(|a| !a.uses_heuristic())
        .map(|a| (a, HeuristicKind::LinearConflict))
        .collect();
    for algorithm in Algorithm::ALL.into_iter().filter(|a| a.uses_heuristic()) {
        configs.extend(
            HeuristicKind::ALL
                .into_iter()
                .filter(|h| h.supports(board.shape()))
                .map(|h| (algorithm, h)),
        );
    }
    let mut length = distance.flatten().map(usize::from);
    for (algorithm, heuristic) in configs {
        let solver = Solver::new(SolverOptions {
            algorithm,
            heuristic,
            budget,
            threads: 1,
            ..SolverOptions::default()
        });
        let what = format!("{algorithm} with {heuristic} on {board} for goal {goal}");
        let report = solver.solve(&board, &goal).unwrap_or_else(|e| panic!("{what}: {e}"));
        match report.outcome {
            Outcome::Solved(solution) => {
                assert!(solvable, "{what}: solved an unsolvable board");
                let end = board.replay(solution.moves()).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(goal.is_reached_by(&end), "{what}: {solution} ends at {end}");
                assert_eq!(
                    *length.get_or_insert(solution.len()),
                    solution.len(),
                    "{what}: not optimal"
                );
            }
            Outcome::Unsolvable => assert!(!solvable, "{what}: wrongly unsolvable"),
            Outcome::BudgetReached(kind) => {
                assert!(solvable, "{what}: searched an unsolvable board");
                assert_eq!(kind, BudgetKind::Nodes, "{what}: only a node budget was set");
                // Breadth-first searches expand each board at most once, so
                // a budget above the whole space cannot run out.
                assert!(
                    algorithm.uses_heuristic() || exact.is_none(),
                    "{what}: budget reached on a small board"
                );
            }
        }
    }
}

/// A permutation of `0..n`, Fisher–Yates driven by `bytes` (zeros once they run out).
fn shuffled(n: usize, bytes: &mut impl Iterator<Item = u8>) -> Vec<u8> {
    let mut tiles: Vec<u8> = (0..n).map(|t| t as u8).collect();
    for i in (1..n).rev() {
        let j = usize::from(bytes.next().unwrap_or(0)) % (i + 1);
        tiles.swap(i, j);
    }
    tiles
}

/// Moves from each board (keyed by [`pack`]) to one goal.
type Distances = HashMap<u64, u8>;

/// Exact distance to `goal` of every board that can reach it, keyed by
/// [`pack`], from the [`oracle`](crate::oracle)'s breadth-first search, which
/// shares no code with the solvers. Tables are kept per goal (a few dozen at
/// most), since most inputs share a handful of goals and the search takes
/// milliseconds.
fn distances_to(goal: &Goal) -> Rc<Distances> {
    const KEPT: usize = 64;
    thread_local! {
        static TABLES: RefCell<HashMap<(usize, u64), Rc<Distances>>> = RefCell::new(HashMap::new());
    }
    // The same tiles on a 4×2 and a 2×4 board are different goals.
    let key = (goal.shape().width(), pack(goal.board().tiles()));
    if let Some(table) = TABLES.with(|t| t.borrow().get(&key).cloned()) {
        return table;
    }
    let dist = crate::oracle::distances(goal.board().tiles(), key.0);
    let table: Rc<Distances> = Rc::new(dist.iter().map(|(tiles, &d)| (pack(tiles), d as u8)).collect());
    TABLES.with(|t| {
        let mut t = t.borrow_mut();
        if t.len() >= KEPT {
            t.clear();
        }
        t.insert(key, Rc::clone(&table));
    });
    table
}

/// The tiles of a board of at most 16 cells, four bits each.
fn pack(tiles: &[u8]) -> u64 {
    debug_assert!(tiles.len() <= 16);
    tiles.iter().fold(0, |acc, &t| acc << 4 | u64::from(t))
}

/// A board holds each tile once, knows its blank and positions, and reads
/// back from both text forms.
fn check_board(board: &Board) {
    let shape = board.shape();
    let n = shape.cells();
    assert!(
        shape.width() >= 2 && shape.height() >= 2 && n <= MAX_CELLS,
        "shape {shape}"
    );
    assert_eq!(board.is_narrow(), n <= MAX_NARROW_CELLS, "{shape}");
    let mut seen = vec![false; n];
    for t in board.iter_tiles() {
        assert!(t < n && !seen[t], "tile {t} of {board}");
        seen[t] = true;
    }
    assert_eq!(board.tile(board.blank()), 0, "blank of {board}");
    for (t, &p) in board.wide_positions().iter().enumerate() {
        assert_eq!(board.tile(p as usize), t, "position of {t} in {board}");
    }
    let line = board.to_string();
    assert_eq!(parse_board(&line, Some(shape)).as_ref(), Ok(board), "{line}");
    assert_eq!(parse_board(&board.to_grid(), Some(shape)).as_ref(), Ok(board), "{line}");
    // The grid's rows show the shape, so it reads back without one.
    assert_eq!(parse_board(&board.to_grid(), None).as_ref(), Ok(board), "{line}");
    if shape.width() == shape.height() {
        assert_eq!(parse_board(&line, None).as_ref(), Ok(board), "{line}");
    }
}

fn check_message(message: &str) {
    assert!(
        message.len() <= MAX_MESSAGE_LEN,
        "a {}-byte message: {message}",
        message.len()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exhaustive oracle was once cached by the goal's tiles alone, so a
    /// 2×4 board was measured against the 4×2 goal with the same tiles.
    #[test]
    fn oracle_cache_tells_4x2_from_2x4() {
        check_solve_small(&[3]);
        check_solve_small(&[4, 40, 44]);
    }

    #[test]
    fn every_shape_and_goal_kind_is_reached() {
        for first in 0..18u8 {
            check_solve_small(&[first, 7, 1, 3, 2, 5, 0, 4, 6, 1, 2]);
        }
    }

    /// The fuzzer rarely writes a whole 16×16 permutation; the largest board
    /// (tiles up to 255, three-digit columns in the grid) is checked here.
    #[test]
    fn largest_board_passes_the_parse_checks() {
        let tiles: Vec<String> = (1..256).map(|t| t.to_string()).chain(["x".to_string()]).collect();
        let mut data = vec![0];
        data.extend_from_slice(tiles.join(" ").as_bytes());
        check_parse_board(&data);
        let board = parse_board(&tiles.join(","), None).unwrap();
        assert_eq!(board.shape(), Shape::new(16, 16).unwrap());
        check_board(&board);
        data[0] = 1;
        check_read_boards(&data);
    }

    #[test]
    fn empty_input_is_fine() {
        for (_, check) in TARGETS {
            check(b"");
            check(b"\x00");
        }
    }
}
