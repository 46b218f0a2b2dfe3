//! The optimal solutions in the multi-tile metric, counted or listed
//! through the goal's complete multi-tile distances
//! ([`MtmTable`](crate::search::mtm_table::MtmTable)), on boards of up to
//! 12 cells.
//!
//! The boards on shortest slide paths form a layered graph, as in the
//! single-tile count: from a board `t` slides from the goal, each slide to
//! a board `t − 1` away (read from the table's marks) starts that many
//! optimal sequences as the board it reaches, counted once per board
//! (memoised). Two solutions differ when their slide sequences do; written
//! as the blank's single moves they differ too, since a shortest sequence
//! never slides twice in a row in one direction (the two would be one
//! slide). They are listed in `u d l r` order of those moves.

use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use super::{settle, Listing, OptimalSolutions, Stop, Want};
use crate::board::{Board, Move};
use crate::error::InternalError;
use crate::goal::Goal;
use crate::search::hint::Completion;
use crate::search::mtm_table::MtmTable;
use crate::solution::{Budget, BudgetClock, Solution};
use crate::{Error, Solver};

/// Counts or lists the optimal multi-tile solutions of `board` (solvable,
/// not at the goal) into `answer`, within `budget` (table lookups count as
/// nodes, the boards counted as memory).
pub(super) fn solutions(
    solver: &Solver,
    board: &Board,
    goal: &Goal,
    want: Want,
    budget: Budget,
    answer: &mut OptimalSolutions,
) -> Result<(), Error> {
    let mut clock = BudgetClock::start(budget);
    let table = match solver.mtm_table_within_budget(goal, budget)? {
        Ok(t) => t,
        Err(kind) => {
            answer.completion = Completion::BudgetReached(kind);
            return Ok(());
        }
    };
    // Parity was checked: the board has a distance.
    let distance = table
        .distance(board)?
        .ok_or(Error::Internal(InternalError::ReplayMismatch {
            algorithm: "multi-tile table",
        }))?;
    answer.distance = Some(distance);
    let mut paths = Paths {
        table: &table,
        counts: FxHashMap::default(),
        lookups: u64::from(distance),
        clock: &mut clock,
    };
    let at = table.index_of(board);
    let result = match want {
        Want::Count => paths.count(at, distance).map(|n| answer.count = Some(n)),
        Want::List(limit) => {
            let mut path = Vec::new();
            Listing::into(answer, limit, |listing| paths.list(at, Only::Any, &mut path, listing))
        }
    };
    settle(result, answer)?;
    answer.stats.expanded = paths.lookups;
    answer.stats.generated = paths.lookups;
    answer.stats.peak_states = table.states() + paths.counts.len() as u64;
    answer.stats.peak_bytes = table.bytes() + paths.bytes();
    Ok(())
}

/// The shortest slide paths from one board, read from the table.
struct Paths<'a> {
    table: &'a MtmTable,
    /// Optimal sequences from each board (by index) counted so far.
    counts: FxHashMap<u64, u128>,
    /// Boards whose closer slides were read.
    lookups: u64,
    clock: &'a mut BudgetClock,
}

impl Paths<'_> {
    /// Reads the budgets: lookups count as nodes, the counted boards as memory.
    fn check(&mut self) -> Result<(), Stop> {
        match self.clock.check(self.lookups, self.bytes()) {
            Some(kind) => Err(Stop::Budget(kind)),
            None => Ok(()),
        }
    }

    /// The closer slides of the board at `at`, counted as one lookup.
    fn closer(&mut self, at: u64) -> Result<Vec<(crate::search::mtm_table::Slide, u64)>, Stop> {
        self.check()?;
        self.lookups += 1;
        Ok(self.table.closer(at))
    }

    /// The number of optimal slide sequences from the board at `at`, `t`
    /// slides from the goal.
    fn count(&mut self, at: u64, t: u32) -> Result<u128, Stop> {
        if self.table.is_goal(at) {
            return Ok(1);
        }
        if let Some(&n) = self.counts.get(&at) {
            return Ok(n);
        }
        let mut total = 0u128;
        for (_, child) in self.closer(at)? {
            let n = self.count(child, t - 1)?;
            total = total
                .checked_add(n)
                .ok_or(Stop::Error(Error::Internal(InternalError::CountOverflow {
                    distance: t,
                })))?;
        }
        self.counts.insert(at, total);
        Ok(total)
    }

    /// Lists the optimal sequences from the board at `at` (reached by
    /// `path`, the blank's moves) whose first move `only` takes, in `u d l
    /// r` order, until one beyond the limit is met.
    fn list(
        &mut self,
        at: u64,
        only: Only,
        path: &mut Vec<Move>,
        listing: &mut Listing<'_>,
    ) -> Result<ControlFlow<()>, Stop> {
        if self.table.is_goal(at) {
            if !only.takes_none() {
                return Ok(ControlFlow::Continue(()));
            }
            if listing.found.len() == listing.limit {
                listing.more = true;
                return Ok(ControlFlow::Break(()));
            }
            listing.found.push(Solution::new(path.clone()));
            return Ok(ControlFlow::Continue(()));
        }
        let closer = self.closer(at)?;
        for m in Move::ALL.into_iter().filter(|&m| only.takes(m)) {
            let runs: Vec<(usize, u64)> = (closer.iter())
                .filter(|(slide, _)| slide.mv == m)
                .map(|&(slide, child)| (slide.run, child))
                .collect();
            if self.list_runs(&runs, m, path, listing)? == ControlFlow::Break(()) {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// Lists the sequences that begin with a slide toward `m` of one of
    /// `runs` (shortest first, each with the board it reaches), in `u d l
    /// r` order. After `m` run times, the sequences whose next move comes
    /// before `m` (or that end there) come before those of the longer
    /// runs, which continue with `m`; those whose next move comes after
    /// `m` come after them.
    fn list_runs(
        &mut self,
        runs: &[(usize, u64)],
        m: Move,
        path: &mut Vec<Move>,
        listing: &mut Listing<'_>,
    ) -> Result<ControlFlow<()>, Stop> {
        let Some((&(run, child), longer)) = runs.split_first() else {
            return Ok(ControlFlow::Continue(()));
        };
        let after_run = Slid { m, run, child };
        if self.list_after(after_run, Only::Before(m), path, listing)? == ControlFlow::Break(()) {
            return Ok(ControlFlow::Break(()));
        }
        if self.list_runs(longer, m, path, listing)? == ControlFlow::Break(()) {
            return Ok(ControlFlow::Break(()));
        }
        self.list_after(after_run, Only::After(m), path, listing)
    }

    /// [`list`](Self::list) from the board `slid` reaches, after its moves.
    fn list_after(
        &mut self,
        slid: Slid,
        only: Only,
        path: &mut Vec<Move>,
        listing: &mut Listing<'_>,
    ) -> Result<ControlFlow<()>, Stop> {
        let before = path.len();
        path.extend(std::iter::repeat_n(slid.m, slid.run));
        let flow = self.list(slid.child, only, path, listing);
        path.truncate(before);
        flow
    }

    /// Bytes of the counted boards (entries and hash table slack, roughly).
    fn bytes(&self) -> u64 {
        (self.counts.capacity() * 32) as u64
    }
}

/// A slide made: `run` moves toward `m`, reaching the board at `child`.
#[derive(Clone, Copy)]
struct Slid {
    m: Move,
    run: usize,
    child: u64,
}

/// Which first moves a listing takes, by their place in `u d l r` order.
#[derive(Clone, Copy)]
enum Only {
    /// Every move, and the empty sequence at the goal.
    Any,
    /// Moves before this one, and the empty sequence.
    Before(Move),
    /// Moves after this one (not the empty sequence).
    After(Move),
}

impl Only {
    fn rank(m: Move) -> usize {
        Move::ALL.iter().position(|&x| x == m).unwrap_or(0)
    }

    fn takes(self, m: Move) -> bool {
        match self {
            Only::Any => true,
            Only::Before(limit) => Self::rank(m) < Self::rank(limit),
            Only::After(limit) => Self::rank(m) > Self::rank(limit),
        }
    }

    fn takes_none(self) -> bool {
        matches!(self, Only::Any | Only::Before(_))
    }
}
