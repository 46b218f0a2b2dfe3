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
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::{Board, Move, Shape, MAX_CELLS, MAX_NARROW_CELLS};
use crate::error::Error;
use crate::goal::Goal;
use crate::heuristic::pdb::{self, AdditivePdb, BuildOptions, PdbSpec, Xxh64};
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::judge;
use crate::parity::is_solvable;
use crate::parse::{parse_board, read_boards, tokens, BoardFile, BoardInput, SkippedLine};
use crate::search::{Algorithm, Solver, SolverOptions};
use crate::solution::{Budget, BudgetKind, Outcome};

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
        assert!(
            (1..=2).contains(&n) && tokens(text).all(|t| t.bytes().all(|b| b.is_ascii_digit())),
            "skipped line {line} is one or two numbers: {text}"
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

/// Judge-format readers: the first byte picks HDU 1043 boards
/// ([`judge::read_boards`]), SOJ 2061 pairs after a count, or textbook pairs
/// until the end ([`judge::read_pairs`]); the rest is the input. The result
/// must be what a plain reading of the tokens gives: on success every board
/// holds each tile once and the cases use up all the tokens (9 a board, 18 a
/// pair, plus the count); on failure the error names the first case (or the
/// count) that is wrong, with a short message, and no cases are returned.
///
/// ```
/// npuzzle::fuzzing::check_judge(b"\x00 2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x");
/// npuzzle::fuzzing::check_judge(b"\x01 1\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8");
/// npuzzle::fuzzing::check_judge(b"\x02 1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 8");
/// npuzzle::fuzzing::check_judge("\x00 1\u{a0}2 3 4 5 6 7 8\u{3000}x".as_bytes());
/// npuzzle::fuzzing::check_judge(b"\x00 1\xc2 2 3 4 5 6 7 8 x");
/// ```
pub fn check_judge(data: &[u8]) {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let (counted, parts): (bool, &[&str]) = match first % 3 {
        0 => (false, &[""]),
        1 => (true, &[" (start)", " (goal)"]),
        _ => (false, &[" (start)", " (goal)"]),
    };
    let read = if parts.len() == 1 {
        judge::read_boards(input)
    } else {
        judge::read_pairs(input, counted).map(|pairs| pairs.into_iter().flat_map(|(s, g)| [s, g]).collect())
    };
    // Tokens end at commas and Unicode whitespace in the valid UTF-8 parts;
    // bytes that are not UTF-8 belong to tokens.
    let mut owned: Vec<Vec<u8>> = Vec::new();
    let mut token = Vec::new();
    for chunk in input.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_whitespace() || c == ',' {
                if !token.is_empty() {
                    owned.push(std::mem::take(&mut token));
                }
            } else {
                token.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
        token.extend_from_slice(chunk.invalid());
    }
    if !token.is_empty() {
        owned.push(token);
    }
    let tokens: Vec<&[u8]> = owned.iter().map(Vec::as_slice).collect();
    let expected = judge_oracle(&tokens, counted, parts);
    match (read, expected) {
        (Ok(boards), Ok(want)) => {
            assert_eq!(boards, want, "boards read");
            // Each board written without spaces is one token instead of nine.
            let saved = (boards.len() * judge::CELLS + usize::from(counted)).checked_sub(tokens.len());
            assert!(
                saved.is_some_and(|n| n % (judge::CELLS - 1) == 0),
                "{} boards use up the tokens",
                boards.len()
            );
            for tiles in &boards {
                let mut seen = [false; judge::CELLS];
                for &t in tiles {
                    assert!(usize::from(t) < judge::CELLS && !seen[usize::from(t)], "{tiles:?}");
                    seen[usize::from(t)] = true;
                }
            }
        }
        (Err(e), Err(want)) => {
            let chain = error_chain(&e);
            check_message(&chain);
            want.check(&e, &chain);
        }
        (Ok(boards), Err(want)) => panic!("{} boards read, but expected {want:?}", boards.len()),
        (Err(e), Ok(want)) => panic!("{} boards expected, but: {}", want.len(), error_chain(&e)),
    }
}

/// What a judge reader must report for input that is not a set of cases.
#[derive(Debug, Clone, Copy)]
enum JudgeFailure {
    /// No first token, or one that is not a number of cases.
    NoCount,
    /// Tokens after the announced number of cases.
    Extra { count: usize },
    /// The input ends after `after` tiles of a board.
    Ends {
        case: usize,
        which: &'static str,
        after: usize,
    },
    /// Token `index` (1-based) of a board is not a tile of the 8-puzzle.
    BadTile {
        case: usize,
        which: &'static str,
        index: usize,
    },
    /// A tile at positions `first` and `second` of a board.
    Duplicate {
        case: usize,
        which: &'static str,
        tile: u8,
        first: usize,
        second: usize,
    },
}

impl JudgeFailure {
    /// Panics unless `e` (whose message with its sources is `chain`) is this failure.
    fn check(&self, e: &Error, chain: &str) {
        let ok = match (*self, e) {
            (JudgeFailure::NoCount, Error::JudgeInput { message }) => message.contains("number of cases"),
            (JudgeFailure::Extra { count }, Error::JudgeInput { message }) => {
                message.contains(&format!("after the {count} cases"))
            }
            (JudgeFailure::Ends { case, which, after }, Error::JudgeInput { message }) => {
                message.starts_with(&format!("case {case}{which}: "))
                    && message.contains(&format!("after {after} of the {} tiles", judge::CELLS))
            }
            (
                JudgeFailure::BadTile { case, which, index },
                Error::JudgeCase {
                    case: c,
                    which: w,
                    source,
                },
            ) => {
                (case, which) == (*c, *w)
                    && matches!(**source, Error::BadToken { index: i, .. } | Error::TileOutOfRange { index: i, .. } if i == index)
            }
            (
                JudgeFailure::Duplicate {
                    case,
                    which,
                    tile,
                    first,
                    second,
                },
                Error::JudgeCase {
                    case: c,
                    which: w,
                    source,
                },
            ) => {
                (case, which) == (*c, *w)
                    && **source
                        == Error::DuplicateTile {
                            tile: usize::from(tile),
                            first,
                            second,
                        }
            }
            _ => false,
        };
        assert!(ok, "expected {self:?}, got {e:?}: {chain}");
    }
}

/// The boards (pairs flattened) a judge input holds, read token by token
/// with nothing shared with [`judge`]: `parts` boards a case, a count first
/// if `counted`.
fn judge_oracle(tokens: &[&[u8]], counted: bool, parts: &[&'static str]) -> Result<Vec<judge::Tiles>, JudgeFailure> {
    let mut rest = tokens;
    let count = if counted {
        let (first, after) = rest.split_first().ok_or(JudgeFailure::NoCount)?;
        rest = after;
        let count = std::str::from_utf8(first).ok().and_then(|t| t.parse::<usize>().ok());
        Some(count.ok_or(JudgeFailure::NoCount)?)
    } else {
        None
    };
    let mut boards = Vec::new();
    for case in 1.. {
        match count {
            Some(count) if case > count => {
                return if rest.is_empty() {
                    Ok(boards)
                } else {
                    Err(JudgeFailure::Extra { count })
                };
            }
            None if rest.is_empty() => return Ok(boards),
            _ => {}
        }
        for &which in parts {
            // A board written without spaces: nine tile characters that are not a zero-padded number.
            let unspaced: Option<Vec<&[u8]>> = rest
                .first()
                .filter(|t| {
                    t.len() == judge::CELLS
                        && t.iter().all(|b| b"0123456789xX_.".contains(b))
                        && !(t[..8] == *b"00000000" && t[8].is_ascii_digit())
                })
                .map(|t| t.chunks(1).collect());
            let (board_tokens, used) = match &unspaced {
                Some(chars) => (chars.as_slice(), 1),
                None => (rest, judge::CELLS),
            };
            let mut tiles = [0u8; judge::CELLS];
            for (i, slot) in tiles.iter_mut().enumerate() {
                let token = board_tokens
                    .get(i)
                    .ok_or(JudgeFailure::Ends { case, which, after: i })?;
                *slot = judge_tile(token).ok_or(JudgeFailure::BadTile {
                    case,
                    which,
                    index: i + 1,
                })?;
            }
            rest = &rest[used..];
            for second in 1..judge::CELLS {
                if let Some(first) = tiles[..second].iter().position(|&t| t == tiles[second]) {
                    return Err(JudgeFailure::Duplicate {
                        case,
                        which,
                        tile: tiles[second],
                        first: first + 1,
                        second: second + 1,
                    });
                }
            }
            boards.push(tiles);
        }
    }
    unreachable!("cases are counted until the input ends")
}

/// A tile of the 8-puzzle: a blank marker (`x X 0 _ .`) or digits worth less than 9.
fn judge_tile(token: &[u8]) -> Option<u8> {
    if let [b'x' | b'X' | b'_' | b'.'] = token {
        return Some(0);
    }
    if token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let start = token.iter().position(|&b| b != b'0').unwrap_or(token.len());
    match &token[start..] {
        [] => Some(0),
        [d] if *d < b'9' => Some(d - b'0'),
        _ => None,
    }
}

/// An error's message followed by those of its sources, as the CLI prints it.
fn error_chain(e: &Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// Pattern-database files: the first byte picks how the file is made from
/// the other bytes (bits 0–1) —
///
/// * 0: the bytes are the file;
/// * 1, 2: a valid small database (bits 4–7 modulo 3 pick which, see
///   `pdb_bases`) changed by edits (set, xor, insert, delete or truncate
///   at a position, or write a `u64`), then its data checksum recomputed if
///   bit 3 is set and its header checksum if bit 2 is, so that edits reach
///   the checks behind them;
/// * 3: a header written field by field from the bytes (board, goal,
///   patterns, bits per entry, table layout, each either right or taken
///   from the input), with tables from the input and right checksums: what
///   a hostile file can claim.
///
/// The file is decoded by the header decoder and opened for real
/// ([`AdditivePdb::open_any`], memory-mapped) from a temporary file; both
/// must agree. A decoded header must describe tables that lie in the file,
/// an error must be one of the typed file errors with a short message, and
/// an opened database must [`verify`](AdditivePdb::verify) or fail with a
/// data checksum error. A verified one then gives estimates on a few boards
/// of its shape (its goal, a walk from it driven by the input, a shuffle)
/// without panicking, [`Heuristic::update`] agreeing with
/// [`Heuristic::estimate`] along the walk, and every table entry in reach.
///
/// ```
/// npuzzle::fuzzing::check_pdb_file(b"\x01");
/// npuzzle::fuzzing::check_pdb_file(b"\x05\x00\x60\x00\x01");
/// npuzzle::fuzzing::check_pdb_file(b"npzlPDB\x1a\x01\x00\x00\x00");
/// ```
pub fn check_pdb_file(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let bases = pdb_bases();
    let (base, bytes) = match first & 3 {
        0 => (None, rest.to_vec()),
        1 | 2 => {
            let base = &bases[usize::from(first >> 4) % bases.len()];
            let mut bytes = base.1.clone();
            edit_pdb(&mut bytes, rest, first & 8 != 0, first & 4 != 0);
            (Some(base), bytes)
        }
        _ => (None, pdb_from_fields(rest)),
    };
    let base = base.filter(|b| b.1 == bytes).map(|b| &b.0);
    check_pdb_bytes(&bytes, base, rest);
}

/// Databases to edit in [`check_pdb_file`], with their files: a 3×3
/// standard-goal one whose partition is not symmetric (so estimates look up
/// the mirrored board too), a 2×3 blank-first one (no mirror; incremental
/// updates) and a 2×2 one of a single pattern, each of 4-bit entries.
fn pdb_bases() -> Rc<Vec<(AdditivePdb, Vec<u8>)>> {
    thread_local! {
        static BASES: Rc<Vec<(AdditivePdb, Vec<u8>)>> = Rc::new(
            [
                (Goal::standard(Shape::new(3, 3).expect("3x3")), "1,2/3,4"),
                (Goal::blank_first(Shape::new(2, 3).expect("2x3")), "1,2,3/4,5"),
                (Goal::standard(Shape::new(2, 2).expect("2x2")), "1,2,3"),
            ]
            .into_iter()
            .map(|(goal, partition)| {
                let spec = PdbSpec::parse(&goal, partition).expect("a valid partition");
                let pdb = AdditivePdb::build(&spec, &BuildOptions { threads: 1, max_memory: None }, &mut |_| {})
                    .expect("a tiny build");
                let file = TempFile::new();
                pdb.write(&file.0).expect("a writable temporary directory");
                let bytes = std::fs::read(&file.0).expect("the file just written");
                (pdb, bytes)
            })
            .collect(),
        );
    }
    BASES.with(Rc::clone)
}

/// A file name in the temporary directory, unique to this process and
/// call, removed when dropped (also when a check panics).
struct TempFile(PathBuf);

impl TempFile {
    fn new() -> TempFile {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!("npuzzle-fuzz-{}-{n}.{}", std::process::id(), pdb::EXTENSION);
        TempFile(std::env::temp_dir().join(name))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Little-endian numbers from the fuzz input, zeros once it runs out.
struct Bytes<'a>(std::slice::Iter<'a, u8>);

impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        self.0.next().copied().unwrap_or(0)
    }

    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | u64::from(self.u32()) << 32
    }
}

/// Applies edits of four bytes each (operation, position as `u16`, value)
/// to a database file, then recomputes its data checksum if `fix_data` and
/// its header checksum if `fix_header`, where the header length allows.
fn edit_pdb(bytes: &mut Vec<u8>, edits: &[u8], fix_data: bool, fix_header: bool) {
    let mut input = Bytes(edits.iter());
    while !input.0.as_slice().is_empty() {
        let (op, at, value) = (input.u8(), usize::from(input.u16()), input.u8());
        let len = bytes.len();
        match op % 6 {
            0 if len > 0 => bytes[at % len] = value,
            1 if len > 0 => bytes[at % len] ^= value,
            2 => bytes.insert(at % (len + 1), value),
            3 if len > 0 => {
                bytes.remove(at % len);
            }
            4 => bytes.truncate(at % (len + 1)),
            5 if len > 0 => {
                let at = at % len;
                let word = input.u64().to_le_bytes();
                let end = (at + 8).min(len);
                bytes[at..end].copy_from_slice(&word[..end - at]);
            }
            _ => {}
        }
    }
    let header_len = |b: &[u8]| {
        b.get(12..16)
            .map(|h| u32::from_le_bytes([h[0], h[1], h[2], h[3]]) as usize)
    };
    if let Some(len) = header_len(bytes).filter(|&l| (32..=bytes.len()).contains(&l)) {
        if fix_data {
            let sum = Xxh64::hash(&bytes[len..]);
            bytes[24..32].copy_from_slice(&sum.to_le_bytes());
        }
        if fix_header {
            let sum = Xxh64::hash(&bytes[24..len]);
            bytes[16..24].copy_from_slice(&sum.to_le_bytes());
        }
    }
}

/// A database file written field by field from fuzz input, independently
/// of the library's writer, following the layout in the `file` module's
/// documentation. Each field is right (for the board and patterns the input
/// chose) or taken from the input, as `flags` say; checksums are right.
fn pdb_from_fields(input: &[u8]) -> Vec<u8> {
    let mut r = Bytes(input.iter());
    let flags = r.u16();
    let flag = |bit: u32| flags & (1 << bit) != 0;
    let (width, height) = (u16::from(r.u8() % 10), u16::from(r.u8() % 10));
    let cells = usize::from(width * height);
    let mut goal = if flag(0) {
        (1..cells as u8).chain([0]).collect()
    } else {
        shuffled(cells, &mut std::iter::from_fn(|| Some(r.u8())))
    };
    if flag(1) && cells > 0 {
        let at = usize::from(r.u8()) % cells;
        goal[at] = r.u8();
    }
    let count = if flag(2) { r.u8() } else { r.u8() % 4 };
    let mut patterns = Vec::new();
    for _ in 0..count {
        let tiles: Vec<u8> = if flag(3) {
            let k = r.u8();
            (0..k).map(|_| r.u8()).collect()
        } else {
            // A set of tiles 1..=32 chosen by a bit mask: distinct, and as large as wanted.
            let mask = r.u32();
            (1..=32u8).filter(|t| mask & (1 << (t - 1)) != 0).collect()
        };
        let bits = match r.u8() % 4 {
            0 | 1 => 4,
            2 => 8,
            _ => r.u8(),
        };
        let layout = r.u8();
        patterns.push((tiles, bits, layout));
    }

    let raw_len = 48 + cells + patterns.iter().map(|p| 2 + p.0.len() + 24).sum::<usize>();
    let header_len = if flag(4) {
        r.u32() as usize % 8192
    } else {
        raw_len.div_ceil(64) * 64
    };
    let mut header = Vec::with_capacity(header_len.max(raw_len));
    header.extend_from_slice(&pdb::MAGIC);
    let version = if flag(5) { r.u32() } else { pdb::FORMAT_VERSION };
    header.extend_from_slice(&version.to_le_bytes());
    header.extend_from_slice(&(header_len as u32).to_le_bytes());
    header.extend_from_slice(&[0; 24]); // checksums and file length, filled in below
    header.extend_from_slice(&width.to_le_bytes());
    header.extend_from_slice(&height.to_le_bytes());
    header.push(count);
    header.extend_from_slice(&if flag(6) { [r.u8(), r.u8(), r.u8()] } else { [0; 3] });
    header.extend_from_slice(&goal);
    // The end of the tables so far, wrapping as a careless writer's would.
    let mut end = header_len as u64;
    for (tiles, bits, layout) in &patterns {
        let right_entries = pdb::placements(cells, tiles.len());
        let entries = if layout & 1 != 0 { r.u64() } else { right_entries };
        let len = match (layout & 2 != 0, bits) {
            (true, _) => r.u64(),
            (false, 4) => entries.div_ceil(2),
            (false, _) => entries,
        };
        let offset = if layout & 4 != 0 { r.u64() } else { end };
        end = offset.wrapping_add(len);
        header.push(tiles.len() as u8);
        header.push(*bits);
        header.extend_from_slice(tiles);
        for n in [entries, offset, len] {
            header.extend_from_slice(&n.to_le_bytes());
        }
    }
    let recorded_len = if flag(7) { r.u64() } else { end };
    header[32..40].copy_from_slice(&recorded_len.to_le_bytes());
    header.resize(header.len().max(header_len), 0);

    // The tables: as long as the header says (up to 64 KiB), give or take a byte.
    let want = recorded_len.checked_sub(header_len as u64).filter(|&n| n <= 1 << 16);
    let mut tables: Vec<u8> = match want {
        Some(n) => (0..n).map(|_| r.u8() & if flag(8) { 0xff } else { 0x11 }).collect(),
        None => r.0.as_slice().to_vec(),
    };
    if flag(9) {
        tables.pop();
    }
    if flag(10) {
        tables.push(0);
    }
    let data_sum = if flag(11) { r.u64() } else { Xxh64::hash(&tables) };
    header[24..32].copy_from_slice(&data_sum.to_le_bytes());
    let mut file = header;
    file.truncate(header_len);
    if file.len() >= 24 {
        let sum = Xxh64::hash(&file[24..]);
        file[16..24].copy_from_slice(&sum.to_le_bytes());
    }
    file.extend_from_slice(&tables);
    file
}

/// Decodes and opens one database file (see [`check_pdb_file`]); `base` is
/// the database it is an unchanged copy of, if any; `moves` drive the walk.
fn check_pdb_bytes(bytes: &[u8], base: Option<&AdditivePdb>, moves: &[u8]) {
    let file = TempFile::new();
    let path = file.0.as_path();
    let decoded = pdb::file::decode_header(bytes, bytes.len() as u64, path, None);
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let opened = AdditivePdb::open_any(path);
    let pdb = match (decoded, opened) {
        (Ok(header), Ok(pdb)) => {
            check_pdb_header(&header, bytes.len() as u64);
            assert_eq!(pdb.spec(), &header.spec, "opened and decoded");
            let tables: Vec<_> = header
                .tables
                .iter()
                .map(|t| (t.tiles.clone(), t.bits, t.entries))
                .collect();
            assert_eq!(pdb.info().tables, tables, "opened and decoded");
            pdb
        }
        (Err(decoded), Err(opened)) => {
            assert_eq!(decoded, opened, "decoded and opened");
            let typed = matches!(
                opened,
                Error::PdbMagic { .. }
                    | Error::PdbVersion { .. }
                    | Error::PdbTruncated { .. }
                    | Error::PdbChecksum { part: "header", .. }
                    | Error::PdbCorrupt { .. }
            );
            assert!(typed, "{opened:?}");
            check_pdb_message(&opened, path);
            return;
        }
        (Ok(_), Err(e)) => panic!("decoded, but opening says {e:?}"),
        (Err(e), Ok(_)) => panic!("opened, but decoding says {e:?}"),
    };
    if let Err(e) = pdb.verify() {
        assert!(matches!(e, Error::PdbChecksum { part: "data", .. }), "{e:?}");
        check_pdb_message(&e, path);
        return;
    }
    check_pdb_lookups(pdb.clone(), base, moves);
    let mut plain = pdb;
    plain.set_reflection(false);
    check_pdb_lookups(plain, None, moves);
}

/// A decoded header describes tables that follow it, without gaps, to the
/// end of a file of `file_len` bytes, each as long as its entries need.
fn check_pdb_header(header: &pdb::file::Header, file_len: u64) {
    let spec = &header.spec;
    let cells = spec.shape().cells();
    assert!(cells <= pdb::MAX_PDB_CELLS, "{spec}");
    assert!(header.header_len % 64 == 0 && header.header_len >= 48 + cells, "{spec}");
    assert_eq!(header.tables.len(), spec.partition().patterns().len(), "{spec}");
    let mut end = header.header_len as u64;
    for (t, pattern) in header.tables.iter().zip(spec.partition().patterns()) {
        assert_eq!(&t.tiles, pattern, "{spec}");
        assert_eq!(t.entries, pdb::placements(cells, t.tiles.len()), "{spec}");
        let want = match t.bits {
            4 => t.entries.div_ceil(2),
            8 => t.entries,
            b => panic!("{spec}: {b} bits per entry"),
        };
        assert_eq!((t.offset, t.len), (end, want), "{spec}: table of {:?}", t.tiles);
        end = end
            .checked_add(t.len)
            .unwrap_or_else(|| panic!("{spec}: tables past u64::MAX"));
    }
    assert_eq!(end, file_len, "{spec}: the tables end the file");
}

/// A database error is short (besides the path it names) and names the file.
/// (How to rebuild it is each front-end's advice, not the library's.)
fn check_pdb_message(e: &Error, path: &Path) {
    let chain = error_chain(e);
    let path = path.display().to_string();
    assert!(
        chain.len() <= MAX_MESSAGE_LEN + path.len(),
        "a {}-byte message: {chain}",
        chain.len()
    );
    assert!(chain.contains(&path), "{chain}");
}

/// Estimates of a verified database on its goal, a walk from it driven by
/// `moves` (checking [`Heuristic::update`] at each step) and a shuffle of
/// its tiles; every table's last entry is read. If `base` is the database
/// the file was written from, every estimate must equal its.
fn check_pdb_lookups(pdb: AdditivePdb, base: Option<&AdditivePdb>, moves: &[u8]) {
    let goal = pdb.spec().goal().clone();
    let shape = goal.shape();
    let same = |tiles: &[u8]| {
        let h = pdb.estimate(tiles);
        if let Some(base) = base {
            assert_eq!(h, base.estimate(tiles), "{tiles:?}");
        }
        h
    };
    let mut board = goal.board().clone();
    let mut h = same(board.tiles());
    for &byte in moves.iter().take(64) {
        let from_blank = board.blank();
        if board.try_apply(Move::ALL[usize::from(byte % 4)]) {
            // The tile on the blank's new cell moved into its old one.
            let from = board.blank();
            let tile = board.tiles()[from_blank];
            let updated = pdb.update(board.tiles(), h, tile, from, from_blank);
            h = same(board.tiles());
            assert_eq!(updated, h, "update after moving {tile} in {board}");
        }
    }
    let mut bytes = moves.iter().rev().copied();
    let tiles = shuffled(shape.cells(), &mut bytes);
    same(&tiles);
    for db in pdb.patterns() {
        let last = db.entries() - 1;
        let mut positions = vec![0u8; db.tiles().len()];
        db.placement(last, &mut positions);
        assert_eq!(db.index(&positions), last, "{:?}", db.tiles());
        db.value(last);
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
/// [`pack`], from a plain breadth-first search that shares no code with the
/// solvers. Tables are kept per goal (a few dozen at most), since most inputs
/// share a handful of goals and the search takes milliseconds.
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
    let mut dist = HashMap::from([(key.1, 0u8)]);
    let mut queue = VecDeque::from([(goal.board().clone(), 0u8)]);
    while let Some((board, d)) = queue.pop_front() {
        for mv in Move::ALL {
            let mut next = board.clone();
            if next.try_apply(mv) {
                if let Entry::Vacant(slot) = dist.entry(pack(next.tiles())) {
                    slot.insert(d + 1);
                    queue.push_back((next, d + 1));
                }
            }
        }
    }
    let table = Rc::new(dist);
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

    /// The field-by-field writer makes what the library writes when every
    /// field is right, so mode 3 of `check_pdb_file` starts from valid files.
    #[test]
    fn fields_written_right_make_a_valid_database() {
        let fields = [1, 0, 3, 3, 2, 0b11, 0, 0, 0, 0, 0, 0b1100, 0, 0, 0, 2, 0];
        let file = pdb_from_fields(&fields);
        let header = pdb::file::decode_header(&file, file.len() as u64, Path::new("x.pdb"), None).unwrap();
        check_pdb_header(&header, file.len() as u64);
        assert_eq!(header.spec.to_string(), "3x3 goal standard partition 1,2/3,4");
        assert_eq!(header.tables[1].bits, 8);
        let mut data = vec![3];
        data.extend_from_slice(&fields);
        check_pdb_file(&data);
    }

    #[test]
    fn unedited_bases_open_and_verify() {
        for (i, (pdb, bytes)) in pdb_bases().iter().enumerate() {
            let mut copy = bytes.clone();
            edit_pdb(&mut copy, &[], true, true);
            assert_eq!(&copy, bytes, "recomputed checksums are the written ones");
            let file = TempFile::new();
            std::fs::write(&file.0, bytes).unwrap();
            let opened = AdditivePdb::open_any(&file.0).unwrap();
            opened.verify().unwrap();
            assert_eq!(opened.spec(), pdb.spec());
            check_pdb_file(&[1 | (i as u8) << 4, 0, 0, 0]);
        }
    }

    #[test]
    fn empty_input_is_fine() {
        for (_, check) in TARGETS {
            check(b"");
            check(b"\x00");
        }
    }
}
