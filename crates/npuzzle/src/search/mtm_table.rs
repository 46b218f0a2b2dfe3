//! The complete multi-tile distances of one goal: every board that reaches
//! it, found by one breadth-first search from the goal in the multi-tile
//! move set (see [`mtm_bfs`](super::mtm_bfs) for the moves and the marks).
//!
//! Each board keeps two bits: its distance modulo 3. A slide is undone by
//! the slide back, so the distances of a board and of a board one slide
//! away differ by at most one, and modulo 3 tells the three cases apart.
//! A board's distance is then a walk to the goal, each step to the
//! neighbour marked one less (at most d steps of one slide enumeration
//! each); a neighbour's distance is its mark against the board's.
//!
//! Boards of up to [`MAX_DENSE_CELLS`] cells: N!/2 × 2 bits, 60 MB at 12.
//! The same search, stopped at one layer, draws boards at an exact
//! multi-tile distance (`sample_layer`).
//!
//! ```
//! use npuzzle::search::mtm_table::MtmTable;
//! use npuzzle::{Board, Budget, Goal};
//! let goal = Goal::standard("3x3".parse()?);
//! let table = MtmTable::build(&goal, Budget::default())?;
//! assert_eq!(table.diameter(), 24);
//! let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
//! // Two single moves of the blank to the right are one multi-tile move.
//! assert_eq!(table.distance(&board)?, Some(1));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use super::mtm_bfs::{each_slide, indexer_for, mark_of, refuse_big, Marks};
use crate::board::{Board, Move};
use crate::error::{InternalError, Refusal};
use crate::goal::Goal;
use crate::parity::is_solvable;
use crate::rank::BoardIndexer;
use crate::search::bfs::MAX_DENSE_CELLS;
use crate::solution::{Budget, BudgetClock, BudgetKind};
use crate::Error;

/// What a build over budget is refused as building.
const WHAT: &str = "multi-tile distance table";

/// The most tables a [`MtmTableCache`] keeps.
pub const MAX_HELD: usize = 4;

/// Every board's multi-tile distance to one goal; see the
/// [module documentation](self).
pub struct MtmTable {
    goal: Goal,
    indexer: BoardIndexer,
    marks: Marks,
    counts: Vec<u64>,
    target: u64,
}

impl fmt::Debug for MtmTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MtmTable")
            .field("goal", &self.goal.to_string())
            .field("diameter", &self.diameter())
            .finish()
    }
}

/// One legal multi-tile move: the blank travels `run` cells toward `mv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slide {
    /// The direction the blank travels.
    pub mv: Move,
    /// How many cells (tiles slid), from 1 to the wall.
    pub run: usize,
}

impl Slide {
    /// Every legal slide of `board`'s blank, in `u d l r` order and, in one
    /// direction, shortest first.
    ///
    /// ```
    /// use npuzzle::search::mtm_table::Slide;
    /// use npuzzle::{Board, Move};
    /// let board: Board = "x 1 2 3 4 5 6 7 8".parse()?;
    /// let slides: Vec<(Move, usize)> = Slide::all(&board).iter().map(|s| (s.mv, s.run)).collect();
    /// assert_eq!(slides, [(Move::Down, 1), (Move::Down, 2), (Move::Right, 1), (Move::Right, 2)]);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn all(board: &Board) -> Vec<Slide> {
        let shape = board.shape();
        let mut slides = Vec::new();
        for mv in Move::ALL {
            let (mut at, mut run) = (board.blank(), 0);
            while let Some(to) = shape.step(at, mv) {
                at = to;
                run += 1;
                slides.push(Slide { mv, run });
            }
        }
        slides
    }

    /// The single moves of the blank this slide is.
    pub fn moves(self) -> Vec<Move> {
        vec![self.mv; self.run]
    }
}

impl MtmTable {
    /// The table of `goal`: a breadth-first search from it over every
    /// board that reaches it. Boards of more than [`MAX_DENSE_CELLS`] cells
    /// are [`Refusal::Unsupported`]; a budget that runs out (nodes: boards
    /// expanded; memory: the marks and the frontiers; time) is
    /// [`Refusal::BuildBudget`].
    pub fn build(goal: &Goal, budget: Budget) -> Result<MtmTable, Error> {
        let searched = breadth_first(goal, budget, |_, _, _| ControlFlow::Continue(()))?;
        Ok(MtmTable {
            goal: goal.clone(),
            target: searched.indexer.index(goal.board().tiles()),
            indexer: searched.indexer,
            marks: searched.marks,
            counts: searched.counts,
        })
    }

    /// The goal the distances lead to.
    pub fn goal(&self) -> &Goal {
        &self.goal
    }

    /// `counts[d]`: how many boards are `d` multi-tile moves from the goal.
    pub fn layer_counts(&self) -> &[u64] {
        &self.counts
    }

    /// The largest multi-tile distance of any board.
    pub fn diameter(&self) -> u32 {
        self.counts.len().saturating_sub(1) as u32
    }

    /// The bytes the marks take.
    pub fn bytes(&self) -> u64 {
        Marks::bytes(self.indexer.len())
    }

    /// How many boards the table holds (every board that reaches the goal).
    pub fn states(&self) -> u64 {
        self.indexer.len()
    }

    /// `board`'s multi-tile distance to the goal, or `None` when parity
    /// shows it cannot reach it; a board of another shape is
    /// [`InputError::ShapeMismatch`](crate::error::InputError::ShapeMismatch).
    pub fn distance(&self, board: &Board) -> Result<Option<u32>, Error> {
        Ok(self.slides(board)?.map(|slides| slides.len() as u32))
    }

    /// A shortest multi-tile path from `board` to the goal, walked down the
    /// table one slide at a time (each to a board one closer), or `None`
    /// when parity shows there is none; a board of another shape is
    /// [`InputError::ShapeMismatch`](crate::error::InputError::ShapeMismatch).
    ///
    /// ```
    /// use npuzzle::search::mtm_table::MtmTable;
    /// use npuzzle::{Board, Budget, Goal};
    /// let goal = Goal::standard("3x3".parse()?);
    /// let table = MtmTable::build(&goal, Budget::default())?;
    /// let board: Board = "1 2 3 4 5 6 x 7 8".parse()?;
    /// let slides = table.slides(&board)?.unwrap();
    /// let moves: Vec<_> = slides.iter().flat_map(|s| s.moves()).collect();
    /// assert!(goal.is_reached_by(&board.replay(&moves)?));
    /// // One slide of two tiles: the blank travels two cells right.
    /// assert_eq!((slides.len(), moves.len()), (1, 2));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn slides(&self, board: &Board) -> Result<Option<Vec<Slide>>, Error> {
        self.goal.check_shape(board)?;
        if !is_solvable(board, &self.goal) {
            return Ok(None);
        }
        let shape = board.shape();
        let mut tiles = board.tiles().to_vec();
        let mut at = self.indexer.index(&tiles);
        let mut slides = Vec::new();
        while at != self.target {
            let want = closer_mark(self.marks.get(at));
            let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
            let mut closer = None;
            each_slide(shape, &self.indexer, &mut tiles, blank, |mv, run, child| {
                let hit = self.marks.get(child) == want;
                if hit {
                    closer = Some((child, Slide { mv, run }));
                }
                hit
            });
            // Every solvable board is marked, and each but the goal has a neighbour one closer.
            let (child, slide) = closer.ok_or(Error::Internal(InternalError::ReplayMismatch {
                algorithm: "multi-tile table",
            }))?;
            at = child;
            self.indexer.unindex(at, &mut tiles);
            slides.push(slide);
        }
        Ok(Some(slides))
    }
}

/// The table read one board at a time by index, for walks over the
/// shortest paths (counting and listing them).
impl MtmTable {
    /// The index of `board` in the table (a board of the goal's shape).
    pub(crate) fn index_of(&self, board: &Board) -> u64 {
        self.indexer.index(board.tiles())
    }

    /// Whether `at` is the goal's index.
    pub(crate) fn is_goal(&self, at: u64) -> bool {
        at == self.target
    }

    /// The slides from the board at index `at` to boards one slide closer
    /// to the goal, each with that board's index: the directions in `u d l
    /// r` order, the shortest run first in each.
    pub(crate) fn closer(&self, at: u64) -> Vec<(Slide, u64)> {
        let shape = self.goal.shape();
        let mut tiles = vec![0; shape.cells()];
        self.indexer.unindex(at, &mut tiles);
        let want = closer_mark(self.marks.get(at));
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let mut closer: Vec<(Slide, u64)> = Vec::new();
        each_slide(shape, &self.indexer, &mut tiles, blank, |mv, run, child| {
            if self.marks.get(child) == want {
                closer.push((Slide { mv, run }, child));
            }
            false
        });
        closer
    }
}

/// Whether a complete multi-tile table answers exact questions on boards
/// of `shape` (at most [`MAX_DENSE_CELLS`] cells).
pub(crate) fn answers(shape: crate::Shape) -> bool {
    shape.cells() <= MAX_DENSE_CELLS
}

/// The mark of a board one move closer to the goal than a board marked `mark`.
fn closer_mark(mark: u8) -> u8 {
    // Marks are 1 + depth mod 3: 1 → 3, 2 → 1, 3 → 2.
    (mark + 1) % 3 + 1
}

/// What a breadth-first search from the goal leaves.
struct Searched {
    indexer: BoardIndexer,
    marks: Marks,
    counts: Vec<u64>,
}

/// Breadth-first from `goal` in the multi-tile moves, calling `on_layer`
/// with each layer's depth and its boards' indices (the goal's layer first)
/// until it breaks or no board is left.
fn breadth_first(
    goal: &Goal,
    budget: Budget,
    mut on_layer: impl FnMut(u32, &BoardIndexer, &[u64]) -> ControlFlow<()>,
) -> Result<Searched, Error> {
    let shape = goal.shape();
    refuse_big(shape, "table")?;
    let indexer = indexer_for(goal)?;
    let mut clock = BudgetClock::start(budget);
    let marks_bytes = Marks::bytes(indexer.len());
    let refused = |kind: BudgetKind, used: u64, limit: Option<u64>| {
        Error::Refused(Refusal::BuildBudget {
            what: WHAT,
            shape,
            kind,
            used,
            limit: limit.unwrap_or(0),
        })
    };
    if let Some(limit) = budget.max_memory.filter(|&m| marks_bytes > m) {
        return Err(refused(BudgetKind::Memory, marks_bytes, Some(limit)));
    }
    let Some(mut marks) = Marks::new(indexer.len()) else {
        return Err(refused(BudgetKind::Memory, marks_bytes, budget.max_memory));
    };
    let start = indexer.index(goal.board().tiles());
    marks.set(start, mark_of(0));
    let (mut frontier, mut next) = (vec![start], Vec::new());
    let mut tiles = vec![0u8; shape.cells()];
    let mut counts = vec![1u64];
    let mut expanded = 0u64;
    if on_layer(0, &indexer, &frontier).is_break() {
        return Ok(Searched { indexer, marks, counts });
    }
    for depth in 1u32.. {
        for &index in &frontier {
            let held = marks_bytes + 8 * (frontier.len() + next.len()) as u64;
            if let Some(kind) = clock.check(expanded, held) {
                let (used, limit) = match kind {
                    BudgetKind::Memory => (held, budget.max_memory),
                    BudgetKind::Nodes => (expanded, budget.max_nodes),
                    _ => (
                        clock.elapsed().as_millis() as u64,
                        budget.timeout.map(|t| t.as_millis() as u64),
                    ),
                };
                return Err(refused(kind, used, limit));
            }
            expanded += 1;
            indexer.unindex(index, &mut tiles);
            let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
            each_slide(shape, &indexer, &mut tiles, blank, |_, _, child| {
                if marks.get(child) == 0 {
                    marks.set(child, mark_of(depth));
                    next.push(child);
                }
                false
            });
        }
        if next.is_empty() {
            break;
        }
        counts.push(next.len() as u64);
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
        if on_layer(depth, &indexer, &frontier).is_break() {
            break;
        }
    }
    Ok(Searched { indexer, marks, counts })
}

/// The boards `pick` chooses among those exactly `distance` multi-tile
/// moves from `goal` (`pick` gets the layer's length and returns indices
/// into it), with the search stopped at that layer; or, when no board is
/// that far, no board and the farthest distance.
pub(crate) fn sample_layer(
    goal: &Goal,
    distance: u32,
    budget: Budget,
    pick: impl FnOnce(u64) -> Vec<u64>,
) -> Result<(Vec<Board>, u32), Error> {
    let mut pick = Some(pick);
    let mut picked = Vec::new();
    let searched = breadth_first(goal, budget, |depth, indexer, layer| {
        if depth < distance {
            return ControlFlow::Continue(());
        }
        if let Some(pick) = pick.take() {
            for i in pick(layer.len() as u64) {
                let mut tiles = vec![0u8; goal.shape().cells()];
                indexer.unindex(layer[i as usize], &mut tiles);
                picked.push(tiles);
            }
        }
        ControlFlow::Break(())
    })?;
    let farthest = searched.counts.len().saturating_sub(1) as u32;
    let boards = picked
        .into_iter()
        .map(|tiles| Board::new(goal.shape(), tiles))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((boards, farthest))
}

/// Multi-tile tables kept for reuse, one per goal, shared safely between
/// threads. [`Solver`](crate::Solver) holds one for its hints. A table
/// serves one goal only (60 MB at 12 cells), so at most [`MAX_HELD`] are
/// kept: a server asked about many goals drops one to make room.
#[derive(Default)]
pub struct MtmTableCache {
    tables: Mutex<HashMap<Goal, Arc<MtmTable>>>,
}

impl fmt::Debug for MtmTableCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let goals: Vec<String> = self.lock().keys().map(|g| g.to_string()).collect();
        f.debug_struct("MtmTableCache").field("goals", &goals).finish()
    }
}

impl MtmTableCache {
    /// The table of `goal`, built now if it is not cached yet.
    pub fn get(&self, goal: &Goal, budget: Budget) -> Result<Arc<MtmTable>, Error> {
        // The lock is held during a build so that two threads never build the same table.
        let mut tables = self.lock();
        if let Some(table) = tables.get(goal) {
            return Ok(Arc::clone(table));
        }
        let table = Arc::new(MtmTable::build(goal, budget)?);
        if tables.len() >= MAX_HELD {
            // Any one: hints already holding it keep their Arc.
            if let Some(old) = tables.keys().next().cloned() {
                tables.remove(&old);
            }
        }
        tables.insert(goal.clone(), Arc::clone(&table));
        Ok(table)
    }

    /// How many tables are held.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether none is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Goal, Arc<MtmTable>>> {
        // A panic elsewhere cannot leave a half-inserted table: insertion is one call.
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{oracle, Shape};

    #[test]
    fn every_board_has_the_oracles_distance() {
        for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (3, 3)] {
            let shape = Shape::new(w, h).unwrap();
            for goal in [Goal::standard(shape), Goal::blank_first(shape)] {
                let table = MtmTable::build(&goal, Budget::default()).unwrap();
                let want = oracle::multi_tile_distances(goal.board().tiles(), w, None);
                assert_eq!(table.states(), want.len() as u64);
                let diameter = want.values().max().copied().unwrap();
                assert_eq!(table.diameter(), diameter, "{w}x{h}");
                // Every board of the small shapes, every 97th 8-puzzle.
                let every = if w * h > 8 { 97 } else { 1 };
                let mut boards: Vec<_> = want.into_iter().collect();
                boards.sort();
                for (tiles, d) in boards.into_iter().step_by(every) {
                    let board = Board::new(shape, tiles).unwrap();
                    assert_eq!(table.distance(&board).unwrap(), Some(d), "{board} -> {goal}");
                }
            }
        }
    }

    #[test]
    fn unsolvable_boards_have_no_distance_and_other_shapes_are_refused() {
        let goal = Goal::standard(Shape::new(2, 2).unwrap());
        let table = MtmTable::build(&goal, Budget::default()).unwrap();
        assert_eq!(table.distance(&"2 1 3 x".parse().unwrap()).unwrap(), None);
        assert!(table.distance(&"1 2 3 4 5 6 7 8 x".parse().unwrap()).is_err());
    }

    #[test]
    fn a_layer_sample_is_at_the_oracles_distance_or_names_the_farthest() {
        let shape = Shape::new(4, 2).unwrap();
        let goal = Goal::standard(shape);
        let want = oracle::multi_tile_distances(goal.board().tiles(), 4, None);
        let diameter = want.values().max().copied().unwrap();
        for d in [0, 1, 7, diameter] {
            let layer = want.values().filter(|&&x| x == d).count() as u64;
            let (boards, _) = sample_layer(&goal, d, Budget::default(), |len| {
                assert_eq!(len, layer);
                (0..len).collect()
            })
            .unwrap();
            assert_eq!(boards.len() as u64, layer);
            for b in &boards {
                assert_eq!(want[b.tiles()], d, "{b}");
            }
        }
        let (boards, farthest) = sample_layer(&goal, diameter + 1, Budget::default(), |_| vec![0]).unwrap();
        assert!(boards.is_empty());
        assert_eq!(farthest, diameter);
    }

    #[test]
    fn slides_are_every_run_to_the_wall() {
        let board: Board = "1 2 3 4 x 5 6 7 8".parse().unwrap();
        assert_eq!(Slide::all(&board).len(), 4);
        let corner: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x".parse().unwrap();
        let slides = Slide::all(&corner);
        assert_eq!(slides.len(), 6);
        for s in slides {
            let mut b = corner.clone();
            assert!(s.moves().into_iter().all(|mv| b.try_apply(mv)), "{s:?}");
        }
    }

    #[test]
    fn a_table_over_budget_is_refused_naming_it() {
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        let err = MtmTable::build(&goal, Budget::default().with_max_nodes(Some(10))).unwrap_err();
        assert!(
            matches!(err, Error::Refused(Refusal::BuildBudget { what: WHAT, .. })),
            "{err}"
        );
        let big = MtmTable::build(&Goal::standard(Shape::new(4, 4).unwrap()), Budget::default()).unwrap_err();
        assert!(matches!(big, Error::Refused(Refusal::Unsupported { .. })), "{big}");
    }

    #[test]
    fn the_cache_keeps_at_most_its_limit_of_goals() {
        let cache = MtmTableCache::default();
        let shape = Shape::new(3, 2).unwrap();
        let goal = Goal::standard(shape);
        // Goals one slide apart: each is a goal of its own.
        let mut goals = vec![goal.clone()];
        for letters in ["u", "l", "ll", "ul", "ull"] {
            let board = goal.board().replay(&crate::Move::parse_list(letters).unwrap()).unwrap();
            goals.push(Goal::new(board));
        }
        for g in &goals {
            let table = cache.get(g, Budget::default()).unwrap();
            assert_eq!(table.distance(g.board()).unwrap(), Some(0));
        }
        assert_eq!(cache.len(), MAX_HELD);
    }
}
