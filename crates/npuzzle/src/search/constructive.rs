//! The `greedy` algorithm as the solver runs it: the constructive solution
//! ([`greedy`](super::greedy)), and when the options give time to improve it,
//! staged solutions on boards small enough ([`staged`](super::staged)) and
//! the improver ([`improve`](super::improve)) starting from the shortest.
//!
//! The report then says what the improvement started from
//! ([`Improvement`]); its statistics count the moves the constructive
//! solver made, not nodes.

use std::time::Duration;

use super::problem::{Found, Problem};
use super::{greedy, improve, staged};
use crate::solution::{Improvement, Outcome, Solution, Start, Stats};
use crate::Error;

/// The longest improvement asked for: deadlines are instants, and a time
/// past a year (`Duration::MAX` from a caller) would overflow them.
pub(crate) const LONGEST_IMPROVE: Duration = Duration::from_secs(365 * 24 * 3600);

/// Runs the constructive solver, then the improvement the options ask for
/// within what is left of the budget.
pub(crate) fn solve(problem: Problem<'_>) -> Result<Found, Error> {
    let improve = problem.solver.options.improve;
    run(problem, improve)
}

/// Runs the constructive solver, then improves its solution for `time`
/// (within what is left of the budget).
pub(crate) fn solve_improving(problem: Problem<'_>, time: Duration) -> Result<Found, Error> {
    run(problem, Some(time))
}

fn run(problem: Problem<'_>, improve: Option<Duration>) -> Result<Found, Error> {
    let Problem {
        board,
        goal,
        solver,
        budget,
        clock,
    } = problem;
    let mut moves = Vec::new();
    let end = greedy::solve_into_with(board, goal, &solver.tables, clock, &mut moves)?;
    let made = moves.len() as u64;
    let found = |outcome: Outcome, improvement| {
        let held = outcome.solution().map_or(0, |s| s.len() as u64);
        let stats = Stats {
            moves_made: Some(made),
            // The grid's word and search scratch a cell, and the moves (a byte each).
            peak_bytes: greedy::BYTES_PER_CELL * board.shape().cells() as u64 + made.max(held),
            ..Stats::default()
        };
        Found {
            outcome,
            stats,
            improvement,
            bounded: None,
        }
    };
    if let greedy::Finish::BudgetReached(kind) = end {
        return Ok(found(Outcome::BudgetReached(kind), None));
    }
    let Some(time) = improve else {
        return Ok(found(Outcome::Solved(Solution::new(moves)), None));
    };
    let time = budget
        .timeout
        .map_or(time, |t| t.saturating_sub(clock.elapsed()).min(time))
        .min(LONGEST_IMPROVE);
    // On boards small enough, most of the time (staged::STAGED_SHARE) goes
    // to staged solutions, which start the improver far shorter (6x6: about
    // 1.8 against 2.8 times the linear-conflict bound), the rest to the
    // improver, which starts from the shorter of the two (reported with
    // its length).
    let started = crate::time::Instant::now();
    let mut start = Start::Greedy;
    if board.shape().cells() <= staged::MAX_CELLS {
        let core = (solver.core_pdbs.iter().cloned())
            .fold(staged::CoreOptions::default(), |core, set| core.with_pdb(Some(set)));
        let deadline = started + time.mul_f64(staged::STAGED_SHARE);
        if let Some(shorter) = staged::solve_best(board, goal, deadline, &solver.tables, &core)? {
            if shorter.len() < moves.len() {
                moves = shorter;
                start = Start::Staged;
            }
        }
    }
    let improved = improve::improve(board, &moves, time.saturating_sub(started.elapsed()))?;
    Ok(found(
        Outcome::Solved(Solution::new(improved.moves)),
        Some(Improvement::new(improved.before, start)),
    ))
}
