//! Anytime solving (`--algorithm anytime`): an answer within milliseconds,
//! shorter ones while the budget lasts, and the shortest found returned
//! with a lower bound on the shortest that the search proved.
//!
//! On 4×4 and 5×5 boards:
//!
//! 1. the start: the constructive solution, staged solutions and windows
//!    replaced by optimal paths (`greedy --improve`, see
//!    [`improve`](super::improve)) for [`START_SHARE`] of the time (or
//!    [`START_TIME`] without a time budget);
//! 2. the suffixes: the last [`SUFFIX_FIRST`] moves replaced by a shortest
//!    path from the board they start on, then [`SUFFIX_STEP`] moves more
//!    each time, while IDA* with the solver's heuristic finishes each within
//!    its nodes ([`SUFFIX_NODES`], doubled each time). The heuristic is the
//!    goal's, so near the goal it is at its strongest: those searches are
//!    cheap where one from the start is not;
//! 3. then weighted IDA* passes (`f = g + w·h`) with the weights of
//!    [`WEIGHTS`], heaviest first, reading the solver's heuristic (pattern
//!    databases included). Each pass looks only for
//!    paths shorter than the best so far (a node whose moves plus estimate
//!    reach the best length is cut), and after a path goes on for
//!    [`THEN_NODES`] more nodes for a shorter one; each path it returns is
//!    the new best. The last weight is 1: plain IDA*.
//!
//! A pass that ends having searched every path shorter than the best
//! proves the best optimal, whatever its weight. Every pass proves `C* ≥
//! ⌈B / w⌉` for the bound `B` of the iteration it ended in (every node on a
//! shortest path has `f ≤ w·C*`, and the iteration before searched every
//! node up to its bound), so the lower bound is the largest of
//! these and the root's estimate, never above the best length, and raised
//! to the best length's parity (every solution of a board has the same
//! parity).
//!
//! When the budget (time, nodes, a cancel) runs out the best so far is the
//! answer; only a budget too small for the constructive solution leaves
//! none. The start is bounded by its share of the time alone: a node
//! budget counts the suffixes' and passes' nodes, and so do the answer's
//! statistics. The searches stop [`RESERVE_SHARE`] of a time budget early, so
//! that the answer, replayed before it is given, comes within it, and none
//! starts once that time is spent (a walk reads the clock only every 1,024
//! nodes). Without a budget the passes run to the end, so the answer is
//! then optimal.
//!
//! Other boards: up to 12 cells the optimal search `auto` picks answers (in
//! milliseconds; its length is its own bound); larger ones the start alone,
//! for what is left of the budget (until the improver converges without
//! one), with the linear-conflict estimate as the lower bound.

use std::time::Duration;

use super::constructive::{self, LONGEST_IMPROVE};
use super::idastar_fixed::{fixed_tiles, is_specialised};
use super::problem::{Found, Problem};
use super::weighted::{Start, Stop, Walk, WEIGHT_UNIT};
use super::Algorithm;
use crate::board::{Board, Move};
use crate::goal::Goal;
use crate::heuristic::fixed::FixedHeuristic;
use crate::heuristic::WithFixedHeuristic;
use crate::solution::{Bounded, BudgetClock, Outcome, Solution, Stats};
use crate::Error;

/// The weights of the passes after the start, in 64ths of a move,
/// heaviest first: 1.5, 1.25, 1.125, 1.0625 and 1 (plain IDA*).
pub const WEIGHTS: [u32; 5] = [96, 80, 72, 68, 64];

/// Nodes a pass may still expand after each path it finds, for a shorter one.
pub const THEN_NODES: u64 = 20_000;

/// The moves of the first suffix replaced by a shortest path.
pub const SUFFIX_FIRST: usize = 30;

/// The moves each later suffix adds.
pub const SUFFIX_STEP: usize = 10;

/// The nodes the first suffix's search may expand (doubled for each next).
pub const SUFFIX_NODES: u64 = 2_000;

/// The share of the time budget the start takes.
pub const START_SHARE: f64 = 0.9;

/// The time the start takes without a time budget.
pub const START_TIME: Duration = Duration::from_secs(1);

/// The largest board answered optimally: the 12-cell limit of the complete searches.
const OPTIMAL_CELLS: usize = 12;

/// The share of a time budget kept after the searches stop, at most
/// [`MAX_RESERVE`]: a search reads the clock only every 1,024 nodes, the
/// answer is replayed before it is given, and a shared machine can pause
/// the process for a few milliseconds, so the answer comes within the
/// budget (4 ms of 100).
pub const RESERVE_SHARE: f64 = 0.04;

/// The most time kept after the searches stop.
pub const MAX_RESERVE: Duration = Duration::from_millis(5);

/// Runs anytime on `problem` (see the module documentation).
pub(crate) fn solve(mut problem: Problem<'_>) -> Result<Found, Error> {
    if let Some(timeout) = problem.budget.timeout {
        let reserve = timeout.mul_f64(RESERVE_SHARE).min(MAX_RESERVE);
        problem.clock.end_early(reserve);
        problem.budget.timeout = Some(timeout.saturating_sub(reserve));
    }
    let shape = problem.board.shape();
    if is_specialised(shape) {
        return start_then_passes(problem);
    }
    if shape.cells() <= OPTIMAL_CELLS {
        let found = Algorithm::Auto.resolve(shape).solve_fn()(problem)?;
        let bounded = found.outcome.solution().map(|s| bound(s.len() as u32, s.len() as u32));
        return Ok(Found { bounded, ..found });
    }
    let (board, goal) = (problem.board, problem.goal);
    let left = match problem.budget.timeout {
        Some(timeout) => timeout.saturating_sub(problem.clock.elapsed()),
        None => LONGEST_IMPROVE,
    };
    let found = constructive::solve_improving(problem, left)?;
    let bounded = (found.outcome.solution()).map(|s| bound(s.len() as u32, linear_conflict(board, goal)));
    Ok(Found { bounded, ..found })
}

/// The start, then the passes, on a 4×4 or 5×5 board.
fn start_then_passes(problem: Problem<'_>) -> Result<Found, Error> {
    let Problem {
        board,
        goal,
        solver,
        budget,
        clock,
    } = problem;
    let time = budget.timeout.map_or(START_TIME, |t| t.mul_f64(START_SHARE));
    let start = Problem {
        board,
        goal,
        solver,
        budget,
        clock: &mut *clock,
    };
    let started = constructive::solve_improving(start, time)?;
    let Some(first) = started.outcome.solution() else {
        return Ok(started);
    };
    let passes = Passes {
        board,
        goal,
        clock,
        best: first.moves().to_vec(),
    };
    let (kind, pdb) = (solver.options.heuristic, solver.pdb.as_deref());
    let found = if board.shape().width() == 4 {
        kind.run_fixed::<16, _>(goal, pdb, passes)?
    } else {
        kind.run_fixed::<25, _>(goal, pdb, passes)?
    };
    Ok(Found {
        improvement: started.improvement,
        ..found
    })
}

/// The linear-conflict estimate of `board`.
fn linear_conflict(board: &Board, goal: &Goal) -> u32 {
    crate::heuristic::bound::linear_conflict(board, goal) as u32
}

/// The bound of a solution of `length` moves when the shortest is at least
/// `lower`: at most the length, of its parity (every solution of a board
/// has the same parity).
fn bound(length: u32, lower: u32) -> Bounded {
    let lower = lower.min(length);
    Bounded {
        within: None,
        lower_bound: u64::from(lower + (length - lower) % 2),
    }
}

/// The passes waiting for their heuristic.
struct Passes<'a> {
    board: &'a Board,
    goal: &'a Goal,
    clock: &'a mut BudgetClock,
    /// The start's solution: the best until a pass finds a shorter one.
    best: Vec<Move>,
}

impl<const N: usize> WithFixedHeuristic<N> for Passes<'_> {
    type Output = Found;

    fn run<H: FixedHeuristic<N>>(self, heuristic: &H) -> Result<Found, Error> {
        let (tiles, goal) = fixed_tiles::<N>(self.board, self.goal)?;
        let mut best = self.best;
        let mut stats = Stats::default();
        // The root's estimate, until a pass proves more.
        let mut lower = heuristic.value(&heuristic.start(&tiles));
        if !shorten_suffixes(&mut best, self.board, self.goal, heuristic, self.clock, &mut stats)? {
            return Ok(answer(best, stats, lower));
        }
        for weight in WEIGHTS {
            if self.clock.is_out_of_time() {
                break;
            }
            let start = Start {
                tiles,
                goal,
                width: self.board.shape().width(),
                weight,
                shorter_than: best.len() as u32,
                max_nodes: u64::MAX,
                then_nodes: THEN_NODES,
            };
            let mut walk = Walk::new(heuristic, start, Stop::Clock(self.clock)).counting_from(stats.expanded);
            let path = walk.run();
            stats.expanded += walk.expanded;
            stats.generated += walk.generated;
            stats.iterations.extend(walk.iterations.iter().copied());
            // The walk's bound holds when the shortest is shorter than the
            // best; `bound` takes the smaller of the two.
            lower = lower.max(walk.lower_bound());
            if let Some(shorter) = path {
                best = shorter;
            }
            if walk.exhausted() {
                // No path shorter than the best: it is the shortest.
                lower = best.len() as u32;
            }
            if walk.budget_hit.is_some() || lower >= best.len() as u32 {
                break;
            }
        }
        Ok(answer(best, stats, lower))
    }
}

/// The answer `best`, with the lower bound `lower`.
fn answer(best: Vec<Move>, stats: Stats, lower: u32) -> Found {
    let bounded = bound(best.len() as u32, lower);
    Found {
        outcome: Outcome::Solved(Solution::new(best)),
        stats,
        improvement: None,
        bounded: Some(bounded),
    }
}

/// Replaces the last moves of `best` by a shortest path from the board
/// they start on, for ever longer suffixes (step 2 of the module
/// documentation). False when the budget ran out.
fn shorten_suffixes<H: FixedHeuristic<N>, const N: usize>(
    best: &mut Vec<Move>,
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    clock: &mut BudgetClock,
    stats: &mut Stats,
) -> Result<bool, Error> {
    let mut nodes = SUFFIX_NODES;
    let mut from = best.len().saturating_sub(SUFFIX_FIRST);
    while from > 0 {
        // A walk reads the clock only every 1,024 nodes: none starts late.
        if clock.is_out_of_time() {
            return Ok(false);
        }
        let (tiles, goal_tiles) = fixed_tiles::<N>(&board.replay(&best[..from])?, goal)?;
        let start = Start {
            tiles,
            goal: goal_tiles,
            width: board.shape().width(),
            weight: WEIGHT_UNIT,
            shorter_than: (best.len() - from) as u32,
            max_nodes: nodes,
            then_nodes: 0,
        };
        let mut walk = Walk::new(heuristic, start, Stop::Clock(clock)).counting_from(stats.expanded);
        let path = walk.run();
        stats.expanded += walk.expanded;
        stats.generated += walk.generated;
        if walk.budget_hit.is_some() {
            return Ok(false);
        }
        match path {
            Some(shorter) => {
                best.truncate(from);
                best.extend(shorter);
            }
            // The suffix was already a shortest path.
            None if walk.exhausted() => {}
            // Too far from the goal for the nodes given.
            None => break,
        }
        nodes = nodes.saturating_mul(2);
        from = from.saturating_sub(SUFFIX_STEP);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Refusal;
    use crate::oracle::korf100;
    use crate::search::tests::exact_distance;
    use crate::{Budget, HeuristicKind, Metric, Report, Shape, Solver, SolverOptions};

    fn anytime(budget: Budget) -> Solver {
        Solver::new(
            SolverOptions::default()
                .with_algorithm(Algorithm::Anytime)
                .with_heuristic(HeuristicKind::LinearConflict)
                .with_budget(budget),
        )
    }

    /// Checks what every anytime answer promises against the shortest
    /// length `optimal` from an independent source: an answer that
    /// reaches the goal, never shorter than the shortest, and a lower
    /// bound at most the shortest and of the answer's parity.
    fn check(report: &Report, board: &Board, goal: &Goal, optimal: u32) -> (u32, u64) {
        let solution = report.outcome.solution().expect("anytime always answers");
        assert!(goal.is_reached_by(&board.replay(solution.moves()).unwrap()), "{board}");
        let length = solution.len() as u32;
        let lower = report.bounded.expect("anytime proves a bound").lower_bound;
        assert!(
            length >= optimal,
            "{board}: {length} shorter than the shortest, {optimal}"
        );
        assert!(
            lower <= u64::from(optimal),
            "{board}: bound {lower} past the shortest, {optimal}"
        );
        assert_eq!(lower % 2, u64::from(length % 2), "{board}: parity");
        assert_eq!(report.algorithm, Algorithm::Anytime);
        (length, lower)
    }

    #[test]
    fn budgeted_answers_reach_the_goal_and_bound_korfs_published_lengths() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let solver = anytime(Budget::default().with_max_nodes(Some(20_000)));
        let mut above = 0;
        for (tiles, optimal) in korf100(goal.board().tiles()).into_iter().take(10) {
            let board = Board::new(goal.shape(), tiles).unwrap();
            let report = solver.solve(&board, &goal).unwrap();
            let (length, lower) = check(&report, &board, &goal, optimal);
            above += usize::from(lower < u64::from(length));
            // One node budget over all the passes.
            assert!(report.stats.expanded <= 20_000, "{board}: {}", report.stats.expanded);
        }
        // Korf's boards take millions of nodes: 20,000 leave most unproved.
        assert!(above > 0, "every answer proved optimal on 20,000 nodes");
    }

    /// The board `moves` random moves from the goal (fewer where a move
    /// would leave the board).
    fn walk(goal: &Goal, moves: usize, rng: &mut impl rand::Rng) -> Board {
        let mut board = goal.board().clone();
        for _ in 0..moves {
            let mv = Move::ALL[rng.random_range(0..4)];
            if let Ok(next) = board.replay(&[mv]) {
                board = next;
            }
        }
        board
    }

    #[test]
    fn without_a_budget_the_answer_is_the_shortest_and_proved_so() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(25);
        let exact = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::LinearConflict));
        for _ in 0..3 {
            let board = walk(&goal, 60, &mut rng);
            let Some(optimal) = exact
                .solve(&board, &goal)
                .unwrap()
                .outcome
                .solution()
                .map(|s| s.len() as u32)
            else {
                continue;
            };
            let report = anytime(Budget::default()).solve(&board, &goal).unwrap();
            assert_eq!(
                check(&report, &board, &goal, optimal),
                (optimal, u64::from(optimal)),
                "{board}"
            );
        }
    }

    #[test]
    fn small_boards_are_answered_optimally_with_their_length_as_bound() {
        let goal = Goal::standard(Shape::new(3, 3).unwrap());
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
        let solver = anytime(Budget::default().with_timeout(Some(std::time::Duration::from_secs(10))));
        for _ in 0..20 {
            let board = crate::random::random_solvable(&goal, &mut rng);
            let optimal = exact_distance(&board, &goal).unwrap();
            let report = solver.solve(&board, &goal).unwrap();
            assert_eq!(
                check(&report, &board, &goal, optimal),
                (optimal, u64::from(optimal)),
                "{board}"
            );
        }
    }

    #[test]
    fn boards_past_5x5_get_the_improved_constructive_answer_and_its_estimate() {
        let goal = Goal::standard(Shape::new(6, 6).unwrap());
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(6);
        let board = crate::random::random_solvable(&goal, &mut rng);
        let budget = Budget::default().with_timeout(Some(std::time::Duration::from_millis(300)));
        let report = anytime(budget).solve(&board, &goal).unwrap();
        let estimate = crate::heuristic::bound::linear_conflict(&board, &goal) as u32;
        let (length, lower) = check(&report, &board, &goal, estimate);
        assert_eq!(lower, u64::from(estimate + (length - estimate) % 2));
        assert!(report.improvement.is_some(), "the constructive answer was improved");
    }

    #[test]
    fn exact_questions_factors_and_the_multi_tile_metric_are_refused() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let board = goal.board().replay(&Move::parse_list("rrdd").unwrap()).unwrap();
        let solver = anytime(Budget::default());
        let hint = solver.hint(&board, &goal).unwrap_err();
        assert!(
            matches!(
                hint,
                Error::Refused(Refusal::NoExactHint {
                    algorithm: "anytime",
                    ..
                })
            ),
            "{hint}"
        );
        assert!(
            hint.to_string()
                .contains("anytime answers with the best solution it finds"),
            "{hint}"
        );
        let count = solver.count_solutions(&board, &goal).unwrap_err();
        assert!(matches!(count, Error::Refused(Refusal::NoExactCount { .. })), "{count}");
        let options = (*solver.options()).with_within(Some("1.5".parse().unwrap()));
        let within = Solver::new(options).solve(&board, &goal).unwrap_err();
        assert!(matches!(within, Error::Refused(Refusal::NoFactor { .. })), "{within}");
        let mtm = Solver::new((*solver.options()).with_metric(Metric::Mtm))
            .solve(&board, &goal)
            .unwrap_err();
        assert!(
            mtm.to_string()
                .contains("anytime searches in the single-tile metric only"),
            "{mtm}"
        );
    }
}
