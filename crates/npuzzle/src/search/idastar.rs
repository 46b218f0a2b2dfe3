//! IDA* (realm 8): depth-first iterative deepening on f = g + h.
//!
//! The board is changed in place and changed back, the heuristic is updated
//! incrementally, the move that would undo the previous one is never tried,
//! and each iteration's bound is the smallest f that exceeded the last one,
//! so no threshold is skipped and the first solution found is optimal. Nothing
//! is allocated per node. A [`DuplicateFilter`] longer than 2 moves also cuts
//! longer duplicate move sequences (see [`duplicates`](super::duplicates)).
//!
//! In the multi-tile metric ([`Metric::Mtm`]) the same walk counts a run of
//! the blank in one direction as one move: every run length is a child of
//! cost one, runs alternate between rows and columns, and the bound is
//! walking distance in its multi-tile form ([`MtmWalkingDistance`], 4×4)
//! or Manhattan distance in its multi-tile form ([`MtmManhattan`], any
//! board: weak, so it answers boards near the goal).
//! The single-tile walk is the same code with the metric a compile-time
//! parameter, so it pays nothing for it.

use std::ops::ControlFlow;

use super::bounded::{PathsWithin, Walked};
use super::idastar_fixed;
use super::problem::{Found, Problem};
use crate::board::{Board, Move};
use crate::geometry::{slide, Neighbours};
use crate::goal::Goal;
use crate::heuristic::mtm_manhattan::MtmManhattan;
use crate::heuristic::walking_distance::MtmWalkingDistance;
use crate::heuristic::{Heuristic, HeuristicKind, WithHeuristic};
use crate::metric::Metric;
use crate::search::duplicates::{DuplicateFilter, CUT};
use crate::solution::{BudgetClock, BudgetKind, Outcome, Solution, Stats};
use crate::{Error, Solver};

/// The board an IDA* walk changes in place and changes back, and what each
/// step reads: the heuristic (updated incrementally), the goal, the blank's
/// moves and the path so far. Shared by [`search`] and the single bounded
/// iteration of [`bounded`](super::bounded).
pub(super) struct InPlace<'a, H> {
    pub heuristic: &'a H,
    pub goal: &'a [u8],
    pub tiles: Vec<u8>,
    pub neighbours: Neighbours,
    pub path: Vec<Move>,
    pub clock: &'a mut BudgetClock,
}

impl<'a, H: Heuristic> InPlace<'a, H> {
    /// Starts at `board`, room for a path of `depth` moves.
    pub(super) fn new(
        board: &Board,
        goal: &'a Goal,
        heuristic: &'a H,
        clock: &'a mut BudgetClock,
        depth: usize,
    ) -> Self {
        InPlace {
            heuristic,
            goal: goal.board().tiles(),
            tiles: board.tiles().to_vec(),
            neighbours: Neighbours::new(board.shape()),
            path: Vec::with_capacity(depth),
            clock,
        }
    }

    /// Whether the board, whose estimate is `h`, is the goal (only an
    /// estimate of 0 needs the comparison).
    #[inline(always)]
    pub(super) fn at_goal(&self, h: u32) -> bool {
        h == 0 && self.tiles == self.goal
    }

    /// Moves the blank from `blank` to `to` and returns the new estimate, from `h`.
    #[inline(always)]
    pub(super) fn play(&mut self, blank: usize, to: usize, h: u32) -> u32 {
        let tile = slide(&mut self.tiles, blank, to);
        self.heuristic.update(&self.tiles, h, tile, to, blank)
    }

    /// Undoes [`play`](Self::play)`(blank, to, …)`.
    #[inline(always)]
    pub(super) fn unplay(&mut self, blank: usize, to: usize) {
        slide(&mut self.tiles, to, blank);
    }
}

struct Ida<'a, H> {
    walk: InPlace<'a, H>,
    bound: u32,
    next_bound: u32,
    expanded: u64,
    generated: u64,
    stopped: Option<BudgetKind>,
    filter: &'a DuplicateFilter,
}

impl<H: Heuristic> Ida<'_, H> {
    /// One node of the walk, in the single-tile metric (`MTM` false) or
    /// the multi-tile one. In the single-tile metric `dup` is the filter's
    /// state after the moves so far; the filter cuts (at least) the move
    /// undoing the previous one. In the multi-tile metric a move is a run
    /// of the blank in one direction, each run length a child of cost one,
    /// and `dup` is the axis of the last run ([`NO_AXIS`] at the start): a
    /// run along the same axis as the one before is never needed (two runs
    /// along one line make one run or none), so runs alternate between
    /// rows and columns.
    fn dfs<const MTM: bool>(&mut self, g: u32, h: u32, blank: usize, dup: u32) -> bool {
        let f = g + h;
        if f > self.bound {
            self.next_bound = self.next_bound.min(f);
            return false;
        }
        if self.walk.at_goal(h) {
            return true;
        }
        self.expanded += 1;
        if let Some(kind) = self.walk.clock.check(self.expanded, 0) {
            self.stopped = Some(kind);
            return false;
        }
        for (mv, to) in self.walk.neighbours.moves_from(blank) {
            let d = if MTM {
                let axis = axis(mv);
                if axis == dup {
                    continue;
                }
                axis
            } else {
                let d = self.filter.step_index(dup, mv.index());
                if d == CUT {
                    continue;
                }
                d
            };
            if !MTM {
                let nh = self.walk.play(blank, to, h);
                self.generated += 1;
                self.walk.path.push(mv);
                if self.dfs::<MTM>(g + 1, nh, to, d) {
                    return true;
                }
                self.walk.path.pop();
                self.walk.unplay(blank, to);
            } else {
                // Every length of the run toward `mv`, one cell further each time.
                let (mut at, mut next, mut nh) = (blank, Some(to), h);
                while let Some(cell) = next {
                    nh = self.walk.play(at, cell, nh);
                    self.generated += 1;
                    self.walk.path.push(mv);
                    at = cell;
                    if self.dfs::<MTM>(g + 1, nh, at, d) {
                        return true;
                    }
                    if self.stopped.is_some() {
                        break;
                    }
                    next = self.walk.neighbours.get(at, mv);
                }
                while at != blank {
                    let Some(back) = self.walk.neighbours.get(at, mv.opposite()) else {
                        break;
                    };
                    self.walk.path.pop();
                    self.walk.unplay(back, at);
                    at = back;
                }
            }
            if self.stopped.is_some() {
                return false;
            }
        }
        false
    }
}

/// The axis of a run in the multi-tile walk: vertical or horizontal.
fn axis(mv: Move) -> u32 {
    match mv {
        Move::Up | Move::Down => 1,
        Move::Left | Move::Right => 2,
    }
}

/// The axis before the first run: none, so both are tried.
const NO_AXIS: u32 = 0;

/// Whether `auto` searches boards of `shape` by IDA* in the multi-tile
/// metric: 4×4, where walking distance has its multi-tile form
/// ([`MtmWalkingDistance`]) and random boards are answered in seconds.
/// `idastar` asked for by name searches any board of at most
/// [`MAX_NARROW_CELLS`](crate::board::MAX_NARROW_CELLS) cells.
pub(crate) fn auto_searches_mtm(shape: crate::Shape) -> bool {
    shape.width() == 4 && shape.height() == 4
}

/// The search as the registry runs it: the specialised IDA* on the shapes
/// it has ([`idastar_fixed`](super::idastar_fixed)), this one on the rest.
pub(crate) fn solve(mut problem: Problem<'_>) -> Result<Found, Error> {
    // A factor is searched for in the single-tile metric (the check refuses it in the other).
    if let (Some(within), Metric::Stm) = (problem.solver.options.within, problem.solver.options.metric) {
        if let Some(found) = super::within::solve(&mut problem, within)? {
            return Ok(found);
        }
    }
    let Problem {
        board,
        goal,
        solver,
        clock,
        ..
    } = problem;
    let options = &solver.options;
    if options.metric == Metric::Mtm {
        // `pdb` reads the multi-tile database (the check saw one for the
        // shape); the goal must have its blank in a corner.
        if let (HeuristicKind::Pdb, Some(pdb)) = (options.heuristic, solver.mtm_pdb()) {
            let heuristic = pdb.heuristic(goal)?;
            return Ok(Found::from(super::mtm_pdb_ida::search(board, goal, &heuristic, clock)));
        }
        let filter = DuplicateFilter::shared(2);
        let found = with_mtm_heuristic(
            solver,
            goal,
            MtmSearch {
                board,
                goal,
                clock,
                filter,
            },
        )?;
        return Ok(Found::from(found));
    }
    let (kind, pdb) = (options.heuristic, solver.pdb.as_deref());
    let fixed = idastar_fixed::FixedOptions {
        duplicate_len: options.duplicate_len,
        ..Default::default()
    };
    if let Some(found) = idastar_fixed::search_kind(board, goal, kind, pdb, clock, options.threads, fixed)? {
        return Ok(Found::from(found));
    }
    let filter = DuplicateFilter::shared(options.duplicate_len);
    let found = kind.run(
        goal,
        pdb,
        Search {
            board,
            goal,
            clock,
            filter,
        },
    )?;
    Ok(Found::from(found))
}

/// Runs `with` with the multi-tile bound `solver` reads on boards of
/// `goal`: its multi-tile database with `pdb` (loaded for the shape, the
/// goal's blank in a corner), walking distance with `walking-distance`
/// (4×4), else Manhattan distance, in their multi-tile forms. The check
/// refuses the other heuristics.
pub(crate) fn with_mtm_heuristic<F: WithHeuristic>(solver: &Solver, goal: &Goal, with: F) -> Result<F::Output, Error> {
    match (solver.options.heuristic, solver.mtm_pdb()) {
        (HeuristicKind::Pdb, Some(pdb)) => with.run(&pdb.heuristic(goal)?),
        (HeuristicKind::WalkingDistance, _) => with.run(&MtmWalkingDistance::new(goal)?),
        _ => with.run(&MtmManhattan::new(goal)),
    }
}

/// `walk` (in the multi-tile metric) by the walk `solver`'s solve runs:
/// the multi-tile database's own with `pdb`, else the generic one reading
/// [`with_mtm_heuristic`]'s bound.
pub(crate) fn mtm_paths_within<V: FnMut(&[Move]) -> ControlFlow<()>>(
    solver: &Solver,
    goal: &Goal,
    mut walk: PathsWithin<'_, V>,
) -> Result<Walked, Error> {
    match (solver.options.heuristic, solver.mtm_pdb()) {
        (HeuristicKind::Pdb, Some(pdb)) => {
            let heuristic = pdb.heuristic(goal)?;
            let visit = &mut walk.visit;
            Ok(super::mtm_pdb_ida::paths_within(
                walk.board, goal, &heuristic, walk.bound, walk.clock, visit,
            ))
        }
        _ => with_mtm_heuristic(solver, goal, walk),
    }
}

/// [`search`] in the multi-tile metric, waiting for its heuristic.
struct MtmSearch<'a> {
    board: &'a Board,
    goal: &'a Goal,
    clock: &'a mut BudgetClock,
    filter: &'a DuplicateFilter,
}

impl WithHeuristic for MtmSearch<'_> {
    type Output = (Outcome, Stats);

    fn run<H: Heuristic>(self, heuristic: &H) -> Result<(Outcome, Stats), Error> {
        Ok(search::<_, true>(
            self.board,
            self.goal,
            heuristic,
            self.clock,
            self.filter,
        ))
    }
}

/// [`search`] waiting for its heuristic, for [`HeuristicKind::run`](crate::HeuristicKind::run).
pub(crate) struct Search<'a> {
    pub board: &'a Board,
    pub goal: &'a Goal,
    pub clock: &'a mut BudgetClock,
    pub filter: &'a DuplicateFilter,
}

impl WithHeuristic for Search<'_> {
    type Output = (Outcome, Stats);

    fn run<H: Heuristic>(self, heuristic: &H) -> Result<(Outcome, Stats), Error> {
        Ok(search::<_, false>(
            self.board,
            self.goal,
            heuristic,
            self.clock,
            self.filter,
        ))
    }
}

/// Runs IDA* from `board` to `goal` (same shape, known solvable), in the
/// multi-tile metric when `MTM` (where `filter` is not read).
pub(crate) fn search<H: Heuristic, const MTM: bool>(
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    clock: &mut BudgetClock,
    filter: &DuplicateFilter,
) -> (Outcome, Stats) {
    let h0 = heuristic.estimate(board.tiles());
    let mut ida = Ida {
        walk: InPlace::new(board, goal, heuristic, clock, 256),
        bound: h0,
        next_bound: u32::MAX,
        expanded: 0,
        generated: 0,
        stopped: None,
        filter,
    };
    let mut stats = Stats::default();
    if let Some(progress) = ida.walk.clock.progress() {
        progress.set_estimate(h0);
    }
    let outcome = loop {
        if let Some(progress) = ida.walk.clock.progress() {
            progress.set_bound(ida.bound);
        }
        let before = ida.expanded;
        ida.next_bound = u32::MAX;
        let start = if MTM { NO_AXIS } else { filter.start() };
        let found = ida.dfs::<MTM>(0, h0, board.blank(), start);
        stats.iterations.push((ida.bound, ida.expanded - before));
        if found {
            break Outcome::Solved(Solution::new(std::mem::take(&mut ida.walk.path)));
        }
        if let Some(kind) = ida.stopped {
            break Outcome::BudgetReached(kind);
        }
        if ida.next_bound == u32::MAX {
            // Only possible if the goal is unreachable, which parity rules out first.
            break Outcome::Unsolvable;
        }
        ida.bound = ida.next_bound;
    };
    stats.expanded = ida.expanded;
    stats.generated = ida.generated;
    stats.peak_states = stats.iterations.last().map_or(0, |&(b, _)| u64::from(b) + 1);
    stats.peak_bytes = (ida.walk.tiles.len() + ida.walk.neighbours.bytes() + ida.walk.path.capacity()) as u64;
    (outcome, stats)
}
