//! Staged solving of boards too big for an optimal search but small enough
//! to place a few tiles at a time optimally (5×5 without databases, 6×6,
//! 7×7; up to 64 cells): the start solution of `--improve` on such boards.
//!
//! Like the constructive solver ([`greedy`](super::greedy)) the unsolved
//! part is a rectangle that loses an edge line at a time. Unlike it, a
//! line's tiles are not walked home one by one along a fixed pattern: they
//! are placed in groups of [`Plan::group`] tiles, each group by a search
//! over the cells of the blank and the group's tiles alone (where the other
//! tiles end does not matter) for the fewest moves that put the group home,
//! the blank staying inside the rectangle and off the cells of the line
//! placed before. Groups of up to [`MAX_TARGETS`] tiles are searched
//! breadth-first (`subgoal`), bigger ones — whole lines — best-first with
//! a weighted estimate (`group`); a best-first search that reaches its
//! node limit is replaced by breadth-first ones of up to three tiles. A
//! line, once solved, is held.
//!
//! When the rectangle is down to 4×4, IDA* tries to finish it optimally
//! ([`CoreOptions`]: 4×4 pattern databases when given, else walking
//! distance, under a node limit); if it runs out, lines are placed down to
//! 3×3, which IDA* finishes (as the constructive solver does).
//!
//! Each sub-search is optimal (or within its weight) for its partial goal,
//! not the whole solution for the board; several [`PLANS`] (rows or columns
//! first, group sizes, weights) are tried within the time given and the
//! shortest kept. Unsolvable boards are caught by parity before any search.

mod core;
mod group;
pub mod refine;
mod reverse;
mod subgoal;
mod symmetry;
#[cfg(test)]
mod tests;
mod weighted;

use crate::time::Instant;

use self::core::Ask;
pub use self::core::{
    CoreOptions, DEFAULT_CORE_NODES, DEFAULT_WEIGHTED_NODES, DEFAULT_WEIGHT_EIGHTHS, SEARCHED_SIDE, WEIGHTED_SIDE,
};
pub use group::MAX_GROUP;
use group::{GroupSearch, PairTables};
use refine::{CoreMark, Found};
use reverse::Direction;
use subgoal::{GaveUp, Puzzle, Rect, SubSearch};
pub use subgoal::{MAX_CELLS, MAX_TARGETS};

use super::greedy::CORE_SIDE;
use super::table::TableCache;
use crate::board::{Board, Move};
use crate::error::Refusal;
use crate::goal::Goal;
use crate::parity::is_solvable;
use crate::Error;

/// Nodes one whole-board search of a 5×5 board expands before the other
/// direction's takes its turn (about 2 ms with the `5-5-5-5-4` databases;
/// 3,000 and 30,000 measured the same on Korf & Felner's 24-puzzles).
pub const WHOLE_SLICE: u64 = 10_000;

/// The share of a 5×5 board's staged time (after the heavier searches: see
/// [`HEAVIER_BY_EIGHTHS`]) its whole-board searches of the core's weight
/// may take: all of it. When neither finds a path, the heavier search's
/// path is the start, which the improver shortens far more than one made
/// by placing lines (Korf & Felner's #45 at 100 ms: 132 moves to 119–123,
/// against 133 to 125–127); lines are placed in what time is left, none
/// when the searches took it all. With 0.9 of the time, and 0.1 for the
/// heavier searches, `anytime --timeout 100ms` on those 50 boards left 0–1
/// boards over 1.25 times the shortest in eight rounds, against none in
/// eight (see `bench/RESULTS-realtime.md`).
pub const RACE_SHARE: f64 = 1.0;

/// How much heavier than [`CoreOptions::weight_eighths`], in eighths, the
/// first whole-board searches of a 5×5 board are (1.75 by default): made
/// first, for [`HEAVIER_SHARE`] of the time, their path stands in for a
/// direction whose weight-1.5 search finds none. On Korf & Felner's
/// 24-puzzles a path at 1.75 comes after a few thousand nodes on the boards
/// where the weight-1.5 searches need more than the time (1.24–1.31 times
/// the shortest, against 1.24–1.36 from placing lines), and the shorter
/// of the two is kept.
pub const HEAVIER_BY_EIGHTHS: u32 = 2;

/// The share of a 5×5 board's staged time its heavier whole-board searches
/// may take (see [`HEAVIER_BY_EIGHTHS`]). They end at the first path: on
/// Korf & Felner's 50 after about 5,000 nodes on average (both directions
/// in turns), at most about 23,000, which a tenth of 100 ms did not always
/// leave time for.
pub const HEAVIER_SHARE: f64 = 0.25;

/// How a staged solve goes: which edge first while the rectangle is square,
/// and how many tiles one sub-search puts home.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Rows before columns (else columns first) while the rectangle is square.
    pub rows_first: bool,
    /// Each later square rectangle the other edge first (rows, columns, rows, …).
    pub alternate: bool,
    /// Tiles a sub-search puts home (1 to [`MAX_GROUP`]; the last two of
    /// a line always go together): up to [`MAX_TARGETS`] by an exact
    /// breadth-first search, more by a best-first one.
    pub group: usize,
    /// The weight of the best-first search's estimate, in halves: 2 finds
    /// the fewest moves for the group, 3 (1.5 times the estimate) at most
    /// 1.5 times as many with far fewer nodes, and so on.
    pub weight_halves: u32,
}

/// The plans [`solve_best`] tries, in order. First a quick one (one tile
/// at a time, milliseconds on 6×6), so that a short deadline still yields
/// a staged start; then whole lines at once by the best-first search, with
/// the estimate weighted 2 (a few tens of milliseconds on 6×6) and 1.5
/// (shorter, slower), rows and columns first. On 6×6 (10 boards, 3 s, the
/// 7-8 databases for the core) rows first with weight 1.5 made 1.82 times
/// the linear-conflict bound, weight 2 1.90, groups of three tiles by the
/// breadth-first search 2.09.
pub const PLANS: [Plan; 5] = [
    Plan {
        rows_first: true,
        alternate: false,
        group: 1,
        weight_halves: 2,
    },
    Plan {
        rows_first: true,
        alternate: false,
        group: MAX_GROUP,
        weight_halves: 4,
    },
    Plan {
        rows_first: false,
        alternate: false,
        group: MAX_GROUP,
        weight_halves: 4,
    },
    Plan {
        rows_first: true,
        alternate: false,
        group: MAX_GROUP,
        weight_halves: 3,
    },
    Plan {
        rows_first: false,
        alternate: false,
        group: MAX_GROUP,
        weight_halves: 3,
    },
];

/// The plans [`solve_best`] tries after [`PLANS`] while time is left: the
/// whole-line ones again, the other edge first at each later square
/// rectangle. On 6×6 (20 boards, 4 s, the 7-8 databases for the core)
/// they shortened the best staged start from 1.80 to 1.79 times the
/// linear-conflict bound, and the improved solution from 1.74 to 1.71.
pub const MORE_PLANS: [Plan; 4] = [
    Plan {
        alternate: true,
        ..PLANS[1]
    },
    Plan {
        alternate: true,
        ..PLANS[2]
    },
    Plan {
        alternate: true,
        ..PLANS[3]
    },
    Plan {
        alternate: true,
        ..PLANS[4]
    },
];

/// The share of `--improve`'s time that goes to staged solutions on boards
/// they take, before the improver works on the shortest start: with whole
/// lines placed at once, the staged plans shorten more than the windows do
/// (6×6, 20 boards, 1 s: 1.77 times the bound with 0.8, 1.79 with 0.5).
pub const STAGED_SHARE: f64 = 0.8;

/// How a staged solve ended.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Staged {
    /// The moves, which take the board to the goal.
    Solved(Vec<Move>),
    /// The parity invariant shows the goal cannot be reached.
    Unsolvable,
    /// The deadline passed.
    GaveUp,
}

/// Solves `board` for `goal` stage by stage following `plan`, giving up at
/// `deadline`.
///
/// ```
/// use npuzzle::search::staged::{solve, CoreOptions, Plan, Staged};
/// use npuzzle::search::table::TableCache;
/// use npuzzle::{Board, Goal};
///
/// let goal = Goal::standard("5x5".parse()?);
/// let board = npuzzle::random::random_solvable(&goal, &mut rand::rng());
/// let plan = Plan { rows_first: true, alternate: false, group: 2, weight_halves: 2 };
/// let Staged::Solved(moves) = solve(&board, &goal, plan, None, &TableCache::default(), &CoreOptions::default())? else { panic!() };
/// assert!(goal.is_reached_by(&board.replay(&moves)?));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn solve(
    board: &Board,
    goal: &Goal,
    plan: Plan,
    deadline: Option<Instant>,
    tables: &TableCache,
    core: &CoreOptions,
) -> Result<Staged, Error> {
    let pairs = PairTables::default();
    let with = With {
        deadline,
        tables,
        core,
        pairs: &pairs,
    };
    Ok(solve_marked(board, goal, plan, &with)?.0)
}

/// What every plan of a staged solve is given: the deadline, the complete
/// tables and how to finish the core.
struct With<'a> {
    deadline: Option<Instant>,
    tables: &'a TableCache,
    core: &'a CoreOptions,
    pairs: &'a PairTables,
}

/// [`solve`], and where the weighted core begins when it had one.
fn solve_marked(board: &Board, goal: &Goal, plan: Plan, with: &With) -> Result<(Staged, Option<CoreMark>), Error> {
    let With {
        deadline,
        tables,
        core,
        pairs,
    } = *with;
    goal.check_shape(board)?;
    let shape = board.shape();
    let (w, h) = (shape.width(), shape.height());
    if shape.cells() > MAX_CELLS {
        return Err(Error::Refused(Refusal::Unsupported {
            algorithm: "staged",
            shape,
            reason: format!("staged solving takes boards of up to {MAX_CELLS} cells"),
        }));
    }
    if !is_solvable(board, goal) {
        return Ok((Staged::Unsolvable, None));
    }
    let mut puzzle = Puzzle::of(board, goal);
    let mut rect = Rect::whole(w, h);
    let mut moves = Vec::new();
    let mut squares = 0;
    while rect.height() > CORE_SIDE || rect.width() > CORE_SIDE {
        // A 5×5 core (with databases) and a 4×4 one are searched once; if
        // the search runs out, their lines are placed like the others.
        let at = moves.len();
        if self::core::search(&mut puzzle, goal, rect, core, deadline, &mut moves)? {
            let weighted = rect.width() == WEIGHTED_SIDE && rect.height() == WEIGHTED_SIDE;
            return Ok((
                Staged::Solved(moves),
                weighted.then_some(CoreMark { at, rect, squares }),
            ));
        }
        let row = if rect.height() == rect.width() {
            squares += 1;
            plan.rows_first ^ (plan.alternate && squares % 2 == 0)
        } else {
            rect.height() > rect.width()
        };
        let line = place_line(&mut puzzle, goal, rect, row, plan, deadline, pairs);
        match line {
            Ok((path, smaller)) => {
                moves.extend(path);
                rect = smaller;
            }
            Err(GaveUp::Time) => return Ok((Staged::GaveUp, None)),
            Err(GaveUp::Impossible | GaveUp::TooBig) => {
                return Err(Error::Refused(Refusal::Unsupported {
                    algorithm: "staged",
                    shape,
                    reason: "a line could not be placed (a bug: please report the board)".into(),
                }))
            }
        }
    }
    self::core::from_table(&mut puzzle, goal, rect, tables, &mut moves)?;
    Ok((Staged::Solved(moves), None))
}

/// Places the edge line of `rect` (a row if `row`, else a column) that
/// does not hold the goal's blank (it ends in the core), in groups as
/// `plan` says; the moves and the rectangle left.
fn place_line(
    puzzle: &mut Puzzle,
    goal: &Goal,
    rect: Rect,
    row: bool,
    plan: Plan,
    deadline: Option<Instant>,
    pairs: &PairTables,
) -> Result<(Vec<Move>, Rect), GaveUp> {
    let (cells, smaller) = edge_line(rect, row, puzzle.w, usize::from(puzzle.home[0]));
    let mut moves = Vec::new();
    let mut locked = 0u64;
    for group in groups(cells.len(), plan.group) {
        let group = &cells[group];
        let targets: Vec<u8> = group.iter().map(|&c| goal.board().tile(c) as u8).collect();
        moves.extend(place(
            puzzle,
            rect,
            locked,
            &targets,
            deadline,
            plan.weight_halves,
            pairs,
        )?);
        locked |= group.iter().fold(0, |m, &c| m | 1 << c);
    }
    Ok((moves, smaller))
}

/// The cells of the edge line of `rect` to place, a row if `row` (else a
/// column), and the rectangle left: the edge line nearer the blank's home
/// cell (on a board `w` wide; the first on a tie), unless it holds that
/// cell, then the other. Lines between the blank's home and the nearer edge
/// go first, so the home ends on an edge of the core whenever it can (the
/// core's databases need it in a corner: see the `core` module).
fn edge_line(rect: Rect, row: bool, w: usize, blank_home: usize) -> (Vec<usize>, Rect) {
    // A column of `rect` is a row of its transpose: one path for both.
    let turn = |r: Rect| if row { r } else { r.transposed() };
    let cell = |line: usize, along: usize| if row { line * w + along } else { along * w + line };
    let home_line = if row { blank_home / w } else { blank_home % w };
    let rows = turn(rect);
    let mut smaller = rows;
    let last = rows.bottom - 1;
    let first_nearer = home_line - rows.top <= last - home_line;
    let line = if rows.top != home_line && (first_nearer || last == home_line) {
        smaller.top += 1;
        rows.top
    } else {
        smaller.bottom -= 1;
        rows.bottom - 1
    };
    let cells = (rows.left..rows.right).map(|along| cell(line, along)).collect();
    (cells, turn(smaller))
}

/// Puts `targets` home with the blank inside `rect` and off `locked`: up
/// to [`MAX_TARGETS`] by the breadth-first sub-search, more by the
/// best-first one, or, if that gives up, in pieces of up to
/// [`MAX_TARGETS`] (the last two together).
fn place(
    puzzle: &mut Puzzle,
    rect: Rect,
    locked: u64,
    targets: &[u8],
    deadline: Option<Instant>,
    weight: u32,
    pairs: &PairTables,
) -> Result<Vec<Move>, GaveUp> {
    if targets.len() > MAX_TARGETS {
        let search = GroupSearch {
            puzzle: &mut *puzzle,
            rect,
            locked,
            targets,
            deadline,
            max_nodes: GROUP_NODES,
            weight,
            pairs,
        };
        match search.run() {
            Err(GaveUp::TooBig) => {}
            found => return found,
        }
    }
    let mut path = Vec::new();
    let mut locked = locked;
    for piece in groups(targets.len(), MAX_TARGETS) {
        let mut search = SubSearch::new(&mut *puzzle, rect, &targets[piece.clone()]);
        search.deadline = deadline;
        search.locked = locked;
        path.extend(search.run()?);
        for &t in &targets[piece] {
            locked |= 1 << puzzle.home[usize::from(t)];
        }
    }
    Ok(path)
}

/// States one best-first group search may expand.
const GROUP_NODES: u64 = 200_000;

/// A search's path, if it found one.
type MaybePath = Option<Vec<Move>>;

/// The whole-board searches of 5×5 `problems` (the directions of one
/// board), by `deadline`: per problem, the path of the search of the core's
/// weight and that of the heavier one made before (see
/// [`HEAVIER_BY_EIGHTHS`]), each `None` where none was found.
fn whole_board_paths(
    problems: &[(&Board, &Goal)],
    core: &CoreOptions,
    deadline: Instant,
) -> Result<Vec<(MaybePath, MaybePath)>, Error> {
    let race = |weight_eighths: u32, then_nodes: u64, share: f64| {
        let now = Instant::now();
        let ask = Ask {
            weight_eighths,
            max_nodes: core.weighted_nodes.unwrap_or(0),
            shorter_than: u32::MAX,
            then_nodes,
            deadline: Some(now + deadline.saturating_duration_since(now).mul_f64(share)),
        };
        self::core::weighted_5x5_in_turns(problems, core, ask, WHOLE_SLICE)
    };
    let heavier = race(core.weight_eighths + HEAVIER_BY_EIGHTHS, 0, HEAVIER_SHARE)?;
    let paths = race(core.weight_eighths, core.then_nodes, RACE_SHARE)?;
    Ok(paths.into_iter().zip(heavier).collect())
}

/// The cells of a line of `len` taken by each sub-search, in order: groups
/// of `size`, the last two cells always together (one tile cannot go home
/// before the other: the second cell would be walled in).
fn groups(len: usize, size: usize) -> Vec<std::ops::Range<usize>> {
    let size = size.clamp(1, MAX_GROUP);
    let (mut out, mut at) = (Vec::new(), 0);
    while at < len {
        let mut end = (at + size).min(len);
        if len - end == 1 {
            // One cell would be left alone: end a cell early (the last two
            // go next), or take the last one too when this group is one cell.
            end = if end - at >= 2 { end - 1 } else { len };
        }
        out.push(at..end);
        at = end;
    }
    out
}

/// The shortest solution of the [`PLANS`] and [`MORE_PLANS`] that finish by
/// `deadline`, or `None` if none did; with 5×5 databases, each plan is also
/// tried on the reversed problem (from the goal back to the board: see
/// the `reverse` module), and the weighted cores of the direction with the shortest
/// solution are then searched again while time is left (see [`refine`]);
/// the quick first plan runs only if no other finished. On a board as big
/// as the weighted core, the whole-board search every plan begins with is
/// made once per direction, after a heavier one.
///
/// ```
/// use std::time::{Duration, Instant};
/// use npuzzle::search::staged::{solve_best, CoreOptions};
/// use npuzzle::search::table::TableCache;
/// use npuzzle::{Board, Goal};
///
/// let goal = Goal::standard("6x6".parse()?);
/// let board = npuzzle::random::random_solvable(&goal, &mut rand::rng());
/// let deadline = Instant::now() + Duration::from_secs(2);
/// if let Some(moves) = solve_best(&board, &goal, deadline, &TableCache::default(), &CoreOptions::default())? {
///     assert!(goal.is_reached_by(&board.replay(&moves)?));
/// }
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn solve_best(
    board: &Board,
    goal: &Goal,
    deadline: Instant,
    tables: &TableCache,
    core: &CoreOptions,
) -> Result<Option<Vec<Move>>, Error> {
    let pairs = PairTables::default();
    let with = With {
        deadline: Some(deadline),
        tables,
        core,
        pairs: &pairs,
    };
    // With 5×5 databases the whole-line plans finish their cores in tens of
    // milliseconds and the quick plan was the longest on every 6×6 board
    // traced (by 15 to 35%): it goes last, only if no other plan finished.
    let quick_last = core.weighted_nodes.is_some() && core.pdb_of_side(WEIGHTED_SIDE).is_some();
    let mut directions = vec![Direction::forward(board, goal)];
    if quick_last {
        directions.extend(Direction::reverse(board, goal, WEIGHTED_SIDE));
    }
    let mut found: Vec<Vec<Found>> = directions.iter().map(|_| Vec::new()).collect();
    // Whether each of the PLANS reached its weighted core before a second
    // square, per direction: its twin in MORE_PLANS would make the same moves.
    let mut same_twin = vec![[false; PLANS.len()]; directions.len()];
    // A board as big as the weighted core: every plan would begin with the
    // same search of the whole board. Both directions' searches are made
    // first, taking turns (see `turns`): either may find its path in
    // milliseconds where the other takes all the time. The first path found
    // stops the other search. Heavier ones first (HEAVIER_SHARE of the
    // time, the first path only), then those of the core's weight
    // (RACE_SHARE of what is left); the plans get what time the searches leave.
    // A direction keeps its heavier search's path when its search of the
    // core's weight found none. Later plans skip a direction whose
    // search found a path (they would find the same) and place lines at
    // once in the other.
    let whole_core = quick_last && (board.shape().width(), board.shape().height()) == (WEIGHTED_SIDE, WEIGHTED_SIDE);
    let lines_only = core.clone().with_weighted(None, core.weight_eighths);
    let lines_only = With {
        core: &lines_only,
        ..with
    };
    // Per direction: `None` until its whole-board search was made, then whether it found a path.
    let mut whole_found: Vec<Option<bool>> = vec![None; directions.len()];
    if whole_core && is_solvable(board, goal) {
        let problems: Vec<_> = directions.iter().map(|d| (&d.board, &d.goal)).collect();
        let paths = whole_board_paths(&problems, core, deadline)?;
        let rect = Rect::whole(WEIGHTED_SIDE, WEIGHTED_SIDE);
        for (d, (path, heavier)) in paths.into_iter().enumerate() {
            whole_found[d] = Some(path.is_some());
            let path = path.or(heavier);
            let mark = CoreMark {
                at: 0,
                rect,
                squares: 0,
            };
            found[d].extend(path.map(|moves| (moves, Some(mark))));
        }
    }
    let mut order: Vec<(usize, Plan)> = PLANS.into_iter().chain(MORE_PLANS).enumerate().collect();
    if quick_last {
        order.rotate_left(1);
    }
    // Plan by plan, each in both directions: a deadline that cuts the
    // plans short leaves the best plans of both.
    for (i, plan) in order {
        let twin = PLANS.iter().position(|p| {
            *p == Plan {
                alternate: false,
                ..plan
            }
        });
        for (d, direction) in directions.iter().enumerate() {
            if Instant::now() >= deadline {
                break;
            }
            if i == 0 && quick_last && found.iter().any(|f| !f.is_empty()) {
                continue;
            }
            if plan.alternate && twin.is_some_and(|t| same_twin[d][t]) {
                continue;
            }
            let with = match whole_found[d] {
                Some(true) if whole_core => continue,
                Some(false) if whole_core => &lines_only,
                _ => &with,
            };
            let solved = solve_marked(&direction.board, &direction.goal, plan, with)?;
            if whole_core && whole_found[d].is_none() {
                whole_found[d] = Some(solved.1.is_some_and(|m| m.at == 0));
            }
            if let (Staged::Solved(moves), mark) = solved {
                if let Some(same) = same_twin[d].get_mut(i) {
                    *same = mark.is_some_and(|m| m.squares < 2);
                }
                if !found[d].iter().any(|(m, _)| *m == moves) {
                    found[d].push((moves, mark));
                }
            }
        }
    }
    // The direction whose shortest solution is shortest for the caller.
    let best = (0..directions.len())
        .filter_map(|d| Some((found[d].iter().map(|(m, _)| m.len()).min()? + directions[d].extra(), d)))
        .min();
    let Some((_, d)) = best else {
        return Ok(None);
    };
    let (direction, found) = (&directions[d], &mut found[d]);
    found.sort_by_key(|(m, _)| m.len());
    let moves = refine::refine(&direction.board, &direction.goal, core, found, deadline)?;
    Ok(Some(direction.to_caller(moves)))
}
