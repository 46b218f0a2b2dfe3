//! How many optimal solutions a board has, and the first of them in a fixed
//! order ([`Solver::count_solutions`], [`Solver::list_solutions`]).
//!
//! Two move sequences are different solutions when they differ in any move;
//! all optimal ones have the board's distance d as their length, and they are
//! listed in lexicographic `u d l r` order (`dr` before `rd`).
//!
//! - **On boards of up to [`MAX_TABLE_CELLS`] cells** (unless the solver's
//!   algorithm is `idastar`): through the complete table's layers. The boards
//!   on optimal paths form a layered graph — each step goes from distance t
//!   to t − 1 — and the number of optimal sequences from a board is the sum
//!   over its neighbours at t − 1 of theirs (1 at the goal), counted once per
//!   board (memoised). Distances come from the table (a walk of t lookups,
//!   remembered for every board the walk passes). Counts are `u128` with
//!   checked additions: see [`count_fits`] for why they cannot overflow on
//!   these boards; if one ever did, the answer is an error, not a wrapped
//!   number.
//! - **On bigger boards** (and with `idastar`): the board is solved first,
//!   which gives d, then IDA*'s last iteration (bound d) is run to its end
//!   without the duplicate-sequence pruning that [`Solver::solve`] uses
//!   (which drops equivalent optimal sequences by design); every goal it
//!   meets is one optimal sequence (see the `bounded` module). This
//!   enumerates the solutions one by one, so it suits boards with few of
//!   them; the budgets bound it, and a budget that runs out leaves the count
//!   unknown rather than failing.
//! - **In the multi-tile metric** (boards of up to 12 cells): the same
//!   layers read from the complete multi-tile distances, a slide a step
//!   (see the `multi_tile` module); larger boards are refused.
//! - **Refused** where the algorithm does not search optimally: `greedy`,
//!   and `auto` on boards over [`AUTO_OPTIMAL_CELLS`](super::AUTO_OPTIMAL_CELLS)
//!   cells (where it picks greedy), get [`Refusal::NoExactCount`](crate::error::Refusal::NoExactCount) before any
//!   search: an enumeration within greedy's length would count longer
//!   sequences as optimal (see [`check`](super::check)).
//!
//! ```
//! use npuzzle::{Board, Goal, Solver, SolverOptions};
//!
//! let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
//! let goal = Goal::standard(board.shape());
//! let solver = Solver::new(SolverOptions::default());
//! let counted = solver.count_solutions(&board, &goal)?;
//! assert_eq!((counted.distance, counted.count), (Some(31), Some(40)));
//! let listed = solver.list_solutions(&board, &goal, 3)?;
//! let text: Vec<String> = listed.solutions.iter().map(|s| s.to_string()).collect();
//! assert_eq!(text, [
//!     "uulddrruuldldrruuldldrruullddrr",
//!     "uurdlldrrullurrdldluurddluurrdd",
//!     "uldrruuldlurdldrrulldrruullddrr",
//! ]);
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::ops::ControlFlow;
use std::time::Duration;

use rustc_hash::FxHashMap;

use crate::board::{Board, Move, Shape};
use crate::goal::Goal;
use crate::parity::is_solvable;
use crate::solution::{Budget, BudgetClock, BudgetKind, Outcome, Report, Solution, Stats};
use crate::{Error, Metric, Solver};

use super::check::Question;
use super::hint::Completion;
use super::table::{Table, MAX_TABLE_CELLS};
use super::{bounded, Algorithm};
use crate::error::InternalError;

/// The optimal solutions of a board, counted or listed; see the [module
/// documentation](self).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct OptimalSolutions {
    /// The optimal length, if known.
    pub distance: Option<u32>,
    /// How many distinct optimal move sequences there are, when known
    /// exactly (0 for an unsolvable board).
    pub count: Option<u128>,
    /// Optimal solutions in `u d l r` order: the first ones asked for by
    /// [`Solver::list_solutions`], none for [`Solver::count_solutions`].
    pub solutions: Vec<Solution>,
    /// Whether the answer is whole.
    pub completion: Completion,
    /// When a budget stopped the enumeration of IDA*'s last iteration: the
    /// distinct optimal sequences it had met, a lower bound on the count
    /// (`None` when the answer is whole, or when the budget ran out before
    /// the enumeration began).
    pub at_least: Option<u128>,
    /// What it cost: table lookups or IDA* nodes (the board's own search
    /// included), time.
    pub stats: Stats,
    /// What answered: [`Algorithm::Table`] or [`Algorithm::IdaStar`].
    pub algorithm: Algorithm,
}

/// Whether every count of optimal solutions on boards of `shape` fits in a
/// `u128`: a sequence of d moves that never undoes the previous move has 4
/// choices at most for its first move and 3 for each later one, so there
/// are at most 4·3^(d−1) of them, and d is at most the shape's diameter.
/// The boards of at most [`MAX_TABLE_CELLS`] cells have diameters of 80 at
/// most (2×6; 3×4 has 53, 3×3 31), and 4·3^79 ≈ 1.97·10^38 < 2^128 ≈
/// 3.40·10^38. (2×6 cells have 3 neighbours at most, so there the bound is
/// even 3·2^79.)
///
/// ```
/// use npuzzle::search::count::count_fits;
/// assert!(count_fits(80));
/// assert!(!count_fits(81));
/// ```
pub fn count_fits(diameter: u32) -> bool {
    diameter == 0 || 3u128.checked_pow(diameter - 1).and_then(|p| p.checked_mul(4)).is_some()
}

/// Boards of more cells than this are answered by enumeration.
const TABLE_COUNT_CELLS: usize = MAX_TABLE_CELLS;

impl Solver {
    /// How many distinct optimal move sequences take `board` to `goal`.
    ///
    /// ```
    /// use npuzzle::{Board, Goal, Solver, SolverOptions, Move};
    /// // `uldrul` and `lurdlu` both take the goal to this board.
    /// let goal = Goal::standard("3x3".parse()?);
    /// let board = goal.board().replay(&Move::parse_list("uldrul")?)?;
    /// let counted = Solver::new(SolverOptions::default()).count_solutions(&board, &goal)?;
    /// assert_eq!((counted.distance, counted.count), (Some(6), Some(2)));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn count_solutions(&self, board: &Board, goal: &Goal) -> Result<OptimalSolutions, Error> {
        self.optimal_solutions(board, goal, Want::Count, self.options.budget, None)
    }

    /// Like [`count_solutions`](Solver::count_solutions), under `budget`
    /// instead of the options' one (a front-end bounds counting, which may
    /// enumerate for hours, tighter than solving).
    ///
    /// ```
    /// use npuzzle::{Board, Budget, BudgetKind, Completion, Goal, HeuristicKind, Solver, SolverOptions};
    /// // Korf's 15-puzzle #1 (57 moves): counting takes more than 100,000 nodes.
    /// let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse()?;
    /// let goal = Goal::blank_first(board.shape());
    /// let solver = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::Manhattan));
    /// let counted = solver.count_solutions_within(&board, &goal, Budget::default().with_max_nodes(Some(100_000)))?;
    /// assert_eq!(counted.completion, Completion::BudgetReached(BudgetKind::Nodes));
    /// assert_eq!(counted.count, None);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn count_solutions_within(
        &self,
        board: &Board,
        goal: &Goal,
        budget: Budget,
    ) -> Result<OptimalSolutions, Error> {
        self.optimal_solutions(board, goal, Want::Count, budget, None)
    }

    /// The first `limit` optimal solutions in `u d l r` order (all of them,
    /// with [`OptimalSolutions::count`] set, when there are no more).
    ///
    /// ```
    /// use npuzzle::{Board, Goal, Solver, SolverOptions, Move};
    /// let goal = Goal::standard("3x3".parse()?);
    /// let board = goal.board().replay(&Move::parse_list("uldrul")?)?;
    /// let solver = Solver::new(SolverOptions::default());
    /// let all = solver.list_solutions(&board, &goal, 10)?;
    /// let text: Vec<String> = all.solutions.iter().map(|s| s.to_string()).collect();
    /// assert_eq!(text, ["druldr", "rdlurd"]);
    /// assert_eq!(all.count, Some(2));
    /// let first = solver.list_solutions(&board, &goal, 1)?;
    /// assert_eq!((first.solutions.len(), first.count), (1, None)); // more exist
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn list_solutions(&self, board: &Board, goal: &Goal, limit: usize) -> Result<OptimalSolutions, Error> {
        self.optimal_solutions(board, goal, Want::List(limit), self.options.budget, None)
    }

    /// Like [`list_solutions`](Solver::list_solutions), under `budget`
    /// instead of the options' one; a budget that runs out leaves the
    /// solutions found so far.
    pub fn list_solutions_within(
        &self,
        board: &Board,
        goal: &Goal,
        limit: usize,
        budget: Budget,
    ) -> Result<OptimalSolutions, Error> {
        self.optimal_solutions(board, goal, Want::List(limit), budget, None)
    }

    /// Like [`count_solutions_within`](Solver::count_solutions_within), for
    /// a board already solved: `solved` is the report of its search
    /// ([`solve`](Solver::solve) with an optimal algorithm), whose solution
    /// gives the distance. Where the count enumerates, it then skips its
    /// first step, searching the board for that distance; its budget and
    /// [`stats`](OptimalSolutions::stats) still include that search, as if
    /// it had run it. A report that shows no optimal solution of `board`
    /// (another outcome, the constructive solver's, moves that do not reach
    /// `goal`) is not used: the board is searched again.
    ///
    /// ```
    /// use npuzzle::{Board, Budget, Goal, Solver, SolverOptions};
    /// let board: Board = "1 2 3 11 5 x 15 8 9 6 7 4 13 10 14 12".parse()?;
    /// let goal = Goal::standard(board.shape());
    /// let solver = Solver::new(SolverOptions::default());
    /// let report = solver.solve(&board, &goal)?;
    /// let counted = solver.count_solutions_after(&board, &goal, &report, Budget::default())?;
    /// assert_eq!((counted.distance, counted.count), (Some(24), Some(4)));
    /// // The same answer as counting from scratch, the board's search included.
    /// let again = solver.count_solutions_within(&board, &goal, Budget::default())?;
    /// assert_eq!((again.count, again.stats.expanded), (counted.count, counted.stats.expanded));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn count_solutions_after(
        &self,
        board: &Board,
        goal: &Goal,
        solved: &Report,
        budget: Budget,
    ) -> Result<OptimalSolutions, Error> {
        self.optimal_solutions(board, goal, Want::Count, budget, Some(solved))
    }

    /// Like [`list_solutions_within`](Solver::list_solutions_within), for a
    /// board already solved: see
    /// [`count_solutions_after`](Solver::count_solutions_after).
    pub fn list_solutions_after(
        &self,
        board: &Board,
        goal: &Goal,
        solved: &Report,
        limit: usize,
        budget: Budget,
    ) -> Result<OptimalSolutions, Error> {
        self.optimal_solutions(board, goal, Want::List(limit), budget, Some(solved))
    }

    fn optimal_solutions(
        &self,
        board: &Board,
        goal: &Goal,
        want: Want,
        budget: Budget,
        solved: Option<&Report>,
    ) -> Result<OptimalSolutions, Error> {
        // Greedy's length is not the distance: enumerating within it would count longer sequences.
        self.check(board, goal, Question::Count)?;
        let by_table = self.counts_by_table(board);
        let mut answer = OptimalSolutions {
            distance: None,
            count: None,
            solutions: Vec::new(),
            completion: Completion::Complete,
            at_least: None,
            stats: Stats::default(),
            algorithm: if by_table { Algorithm::Table } else { Algorithm::IdaStar },
        };
        let clock = BudgetClock::start(budget);
        // The time of a search done before this clock started, counted in.
        let mut earlier = Duration::ZERO;
        if !is_solvable(board, goal) {
            answer.count = Some(0);
            answer.completion = Completion::Unsolvable;
        } else if goal.is_reached_by(board) {
            // At the goal: one optimal solution, no moves, whatever the algorithm.
            answer.distance = Some(0);
            answer.count = Some(1);
            if matches!(want, Want::List(n) if n > 0) {
                answer.solutions.push(Solution::default());
            }
        } else if by_table && self.options.metric == Metric::Mtm {
            answer.algorithm = Algorithm::Table;
            multi_tile::solutions(self, board, goal, want, budget, &mut answer)?;
        } else if by_table {
            self.solutions_from_table(board, goal, want, budget, &mut answer)?;
        } else {
            let metric = self.options.metric;
            let solved = solved.filter(|r| optimal_distance(board, goal, metric, r).is_some());
            earlier = solved.map_or(Duration::ZERO, |r| r.stats.elapsed);
            self.solutions_by_search(board, goal, want, &clock, solved, &mut answer)?;
        }
        for s in &answer.solutions {
            if !board.replay(s.moves()).is_ok_and(|b| goal.is_reached_by(&b)) {
                return Err(Error::Internal(InternalError::ReplayMismatch {
                    algorithm: answer.algorithm.name(),
                }));
            }
        }
        answer.stats.elapsed = earlier + clock.elapsed();
        Ok(answer)
    }

    /// Whether the optimal solutions of `board` are counted through the
    /// complete table's layers (else by enumerating IDA*'s last iteration,
    /// which may run for hours on a hard board: a front-end bounds it).
    ///
    /// ```
    /// use npuzzle::{Algorithm, Board, Solver, SolverOptions};
    /// let solver = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Auto));
    /// assert!(solver.counts_by_table(&"8 6 7 2 5 4 3 x 1".parse::<Board>()?));
    /// assert!(!solver.counts_by_table(&"1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15".parse::<Board>()?));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn counts_by_table(&self, board: &Board) -> bool {
        board.shape().cells() <= TABLE_COUNT_CELLS && self.options.algorithm != Algorithm::IdaStar
    }

    fn solutions_from_table(
        &self,
        board: &Board,
        goal: &Goal,
        want: Want,
        budget: Budget,
        answer: &mut OptimalSolutions,
    ) -> Result<(), Error> {
        let mut clock = BudgetClock::start(budget);
        let table = match self.table_within_budget(goal, budget)? {
            Ok(t) => t,
            Err(kind) => {
                answer.completion = Completion::BudgetReached(kind);
                return Ok(());
            }
        };
        let mut layers = Layers {
            table: &table,
            goal,
            shape: board.shape(),
            distances: FxHashMap::default(),
            counts: FxHashMap::default(),
            walked: Vec::new(),
            lookups: 0,
            clock: &mut clock,
        };
        let mut tiles = board.tiles().to_vec();
        let d = layers.distance(&tiles)?;
        answer.distance = Some(d);
        let result = match want {
            Want::Count => layers
                .count(&mut tiles, board.blank(), d)
                .map(|n| answer.count = Some(n)),
            Want::List(limit) => {
                let mut path = Vec::with_capacity(d as usize);
                Listing::into(answer, limit, |listing| {
                    layers.list(&mut tiles, board.blank(), d, &mut path, listing)
                })
            }
        };
        settle(result, answer)?;
        answer.stats.expanded = layers.lookups;
        answer.stats.generated = layers.lookups;
        answer.stats.peak_states = table.states() + layers.remembered();
        answer.stats.peak_bytes = table.bytes() + layers.bytes();
        Ok(())
    }

    /// Finds the distance by searching the board (or takes it from
    /// `solved`, a search of it done before `clock` started, for which
    /// [`optimal_distance`] holds), then enumerates IDA*'s last iteration,
    /// within what is left of `clock`'s budget.
    fn solutions_by_search(
        &self,
        board: &Board,
        goal: &Goal,
        want: Want,
        clock: &BudgetClock,
        solved: Option<&Report>,
        answer: &mut OptimalSolutions,
    ) -> Result<(), Error> {
        let budget = clock.budget();
        let searched;
        let (report, earlier) = match solved {
            Some(report) => (report, report.stats.elapsed),
            None => {
                searched = self.run(board, goal, budget, None, None)?;
                (&searched, Duration::ZERO)
            }
        };
        answer.stats = report.stats.clone();
        let d = match &report.outcome {
            // The search given took the time the count had: searched again, it would have stopped.
            Outcome::Solved(_) if budget.timeout.is_some_and(|t| earlier >= t) => {
                answer.completion = Completion::BudgetReached(BudgetKind::Time);
                return Ok(());
            }
            Outcome::Solved(s) => self.options.metric.length(s.moves()) as u32,
            Outcome::BudgetReached(kind) => {
                answer.completion = Completion::BudgetReached(*kind);
                return Ok(());
            }
            // Parity was checked before.
            _ => return Err(Error::Internal(InternalError::ReplayMismatch { algorithm: "count" })),
        };
        answer.distance = Some(d);
        let kind = self.iteration_heuristic(board);
        let mut rest = bounded::clock_after(budget, earlier + clock.elapsed(), answer.stats.expanded);
        let limit = match want {
            Want::Count => 0,
            Want::List(limit) => limit,
        };
        let (found, mut more) = (&mut answer.solutions, false);
        let mut visit = |path: &[Move]| {
            if found.len() < limit {
                found.push(Solution::new(path.to_vec()));
            } else if matches!(want, Want::List(_)) {
                more = true;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        };
        let metric = self.options.metric;
        let walk = bounded::PathsWithin {
            board,
            goal,
            metric,
            bound: d,
            after: None,
            clock: &mut rest,
            visit: &mut visit,
        };
        let walked = match metric {
            Metric::Mtm => super::idastar::mtm_paths_within(self, goal, walk)?,
            _ => kind.run(goal, self.pdb.as_deref(), walk)?,
        };
        answer.stats.expanded += walked.expanded;
        answer.stats.generated += walked.generated;
        match walked.stopped {
            Some(kind) => {
                answer.completion = Completion::BudgetReached(kind);
                answer.at_least = Some(u128::from(walked.goals));
            }
            None if !more => answer.count = Some(u128::from(walked.goals)),
            None => {}
        }
        Ok(())
    }
}

/// The distance `solved` shows for `board` in `metric`: the length of its
/// solution when an optimal search found it and it takes `board` to `goal`.
fn optimal_distance(board: &Board, goal: &Goal, metric: Metric, solved: &Report) -> Option<u32> {
    let Outcome::Solved(solution) = &solved.outcome else {
        return None;
    };
    let optimal = Algorithm::ALL.contains(&solved.algorithm) && solved.improvement.is_none();
    let reaches = || board.replay(solution.moves()).is_ok_and(|b| goal.is_reached_by(&b));
    (optimal && reaches()).then_some(metric.length(solution.moves()) as u32)
}

/// What the caller asked for.
#[derive(Debug, Clone, Copy)]
enum Want {
    Count,
    /// The first this many solutions.
    List(usize),
}

/// Why a walk through the layers stopped early.
enum Stop {
    Budget(BudgetKind),
    Error(Error),
}

impl From<Error> for Stop {
    fn from(e: Error) -> Stop {
        Stop::Error(e)
    }
}

/// Solutions collected so far.
struct Listing<'a> {
    limit: usize,
    found: &'a mut Vec<Solution>,
    /// Set when a solution beyond the limit was met.
    more: bool,
}

impl Listing<'_> {
    /// Lists up to `limit` solutions into `answer` by `walk`; when the walk
    /// ends with none beyond the limit, they are all, and counted.
    fn into(
        answer: &mut OptimalSolutions,
        limit: usize,
        walk: impl FnOnce(&mut Listing<'_>) -> Result<ControlFlow<()>, Stop>,
    ) -> Result<(), Stop> {
        let mut listing = Listing {
            limit,
            found: &mut answer.solutions,
            more: false,
        };
        let listed = walk(&mut listing);
        if listed.is_ok() && !listing.more {
            answer.count = Some(answer.solutions.len() as u128);
        }
        listed.map(|_| ())
    }
}

/// Ends a walk through the layers: a budget that stopped it leaves the
/// answer partial; an error is the caller's.
fn settle(result: Result<(), Stop>, answer: &mut OptimalSolutions) -> Result<(), Error> {
    match result {
        Ok(()) => Ok(()),
        Err(Stop::Budget(kind)) => {
            answer.completion = Completion::BudgetReached(kind);
            Ok(())
        }
        Err(Stop::Error(e)) => Err(e),
    }
}

/// The boards on optimal paths, read from the complete table.
struct Layers<'a> {
    table: &'a Table,
    goal: &'a Goal,
    shape: Shape,
    /// Distances of the boards met (packed tiles), from walks through the table.
    distances: FxHashMap<u64, u32>,
    /// Optimal sequences from each board counted so far.
    counts: FxHashMap<u64, u128>,
    /// The boards one walk passes, reused.
    walked: Vec<u64>,
    lookups: u64,
    clock: &'a mut BudgetClock,
}

impl Layers<'_> {
    /// The distance of `tiles` to the goal, from the table; every board the
    /// walk passes is remembered with its own distance.
    fn distance(&mut self, tiles: &[u8]) -> Result<u32, Error> {
        let key = crate::packed::pack(tiles);
        if let Some(&d) = self.distances.get(&key) {
            return Ok(d);
        }
        // The walk's boards, packed as they go: the tiles fit in a `u64` (4 bits a cell).
        let shape = self.shape;
        let mut packed = key;
        let mut blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        self.walked.clear();
        let walked = &mut self.walked;
        let d = self
            .table
            .walk(tiles, self.goal.board().tiles(), |mv| {
                if let Some(to) = shape.step(blank, mv) {
                    packed = crate::packed::slide(packed, blank, to);
                    blank = to;
                }
                walked.push(packed);
            })?
            // The boards asked about are neighbours of a solvable board, so solvable.
            .ok_or(Error::Internal(InternalError::ReplayMismatch { algorithm: "table" }))?;
        self.lookups += u64::from(d);
        self.distances.insert(key, d);
        for (i, &b) in self.walked.iter().enumerate() {
            self.distances.insert(b, d - 1 - i as u32);
        }
        Ok(d)
    }

    /// Reads the budgets: lookups count as nodes, the remembered boards as memory.
    fn check(&mut self) -> Result<(), Stop> {
        match self.clock.check(self.lookups, self.bytes()) {
            Some(kind) => Err(Stop::Budget(kind)),
            None => Ok(()),
        }
    }

    /// Calls `each` with every move from `tiles` (blank at `blank`, `t` from
    /// the goal) to a board at `t − 1`, in `u d l r` order, the board changed
    /// to that neighbour during the call.
    fn closer(
        &mut self,
        tiles: &mut [u8],
        blank: usize,
        t: u32,
        mut each: impl FnMut(&mut Self, &mut [u8], Move, usize) -> Result<ControlFlow<()>, Stop>,
    ) -> Result<ControlFlow<()>, Stop> {
        for mv in Move::ALL {
            let Some(to) = self.shape.step(blank, mv) else { continue };
            tiles.swap(blank, to);
            let flow = match self.distance(tiles) {
                Ok(d) if d + 1 == t => each(self, tiles, mv, to),
                Ok(_) => Ok(ControlFlow::Continue(())),
                Err(e) => Err(Stop::Error(e)),
            };
            tiles.swap(blank, to);
            if flow? == ControlFlow::Break(()) {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// The number of optimal sequences from `tiles`, `t` moves from the goal.
    fn count(&mut self, tiles: &mut [u8], blank: usize, t: u32) -> Result<u128, Stop> {
        if t == 0 {
            return Ok(1);
        }
        let key = crate::packed::pack(tiles);
        if let Some(&n) = self.counts.get(&key) {
            return Ok(n);
        }
        self.check()?;
        let mut total = 0u128;
        // The visitor never stops the walk.
        let _ = self.closer(tiles, blank, t, |layers, tiles, _, to| {
            let n = layers.count(tiles, to, t - 1)?;
            // Cannot overflow on these boards (see `count_fits`); if it did, say so.
            total = total
                .checked_add(n)
                .ok_or(Stop::Error(Error::Internal(InternalError::CountOverflow {
                    distance: t,
                })))?;
            Ok(ControlFlow::Continue(()))
        })?;
        self.counts.insert(key, total);
        Ok(total)
    }

    /// Lists the optimal sequences from `tiles` (reached by `path`) in `u d l
    /// r` order until one beyond the limit is met.
    fn list(
        &mut self,
        tiles: &mut [u8],
        blank: usize,
        t: u32,
        path: &mut Vec<Move>,
        listing: &mut Listing<'_>,
    ) -> Result<ControlFlow<()>, Stop> {
        if t == 0 {
            if listing.found.len() == listing.limit {
                listing.more = true;
                return Ok(ControlFlow::Break(()));
            }
            listing.found.push(Solution::new(path.clone()));
            return Ok(ControlFlow::Continue(()));
        }
        self.check()?;
        self.closer(tiles, blank, t, |layers, tiles, mv, to| {
            path.push(mv);
            let flow = layers.list(tiles, to, t - 1, path, listing);
            path.pop();
            flow
        })
    }

    fn remembered(&self) -> u64 {
        (self.distances.len() + self.counts.len()) as u64
    }

    /// Bytes of the remembered boards (entries and hash table slack, roughly).
    fn bytes(&self) -> u64 {
        (self.distances.capacity() * 16 + self.counts.capacity() * 32) as u64
    }
}

mod multi_tile;

#[cfg(test)]
mod tests;
