//! Bounded-suboptimal solving: a solution at most a factor times the
//! shortest, and a lower bound on the shortest that the search proved.
//!
//! With [`SolverOptions::within`](super::SolverOptions::within) set, IDA*
//! on 4×4 and 5×5 boards runs weighted (`f = g + w·h` in 64ths of a move):
//! the weight is the factor rounded down to a 64th, so the guarantee holds
//! for the factor asked. The estimate is the one IDA* would read (the
//! `heuristic` option, pattern databases included). The lower bound is the
//! larger of the root's estimate and what the last iteration's bound proves,
//! raised to the solution's parity (every solution of a board has the same
//! parity). Every other optimal search answers with a shortest solution,
//! which is within any factor; its lower bound is its length. `greedy`
//! proves no factor, so a factor is refused with it (see
//! [`check`](super::check)).

use std::fmt;
use std::str::FromStr;

use super::idastar_fixed::{fixed_tiles, is_specialised};
use super::problem::{Found, Problem};
use super::weighted::{Start, Stop, Walk, WEIGHT_UNIT};
use crate::board::Board;
use crate::error::{InputError, InternalError};
use crate::goal::Goal;
use crate::heuristic::fixed::FixedHeuristic;
use crate::heuristic::WithFixedHeuristic;
use crate::solution::{Bounded, BudgetClock, Outcome, Solution, Stats};
use crate::Error;

/// How many times the shortest a solution may be: a number from 1 to
/// [`Within::MAX`], 1 asking for a shortest solution, kept to a thousandth
/// (rounded down, so a guarantee for the factor kept holds for the one
/// given).
///
/// ```
/// use npuzzle::search::within::Within;
/// let within: Within = "1.1".parse()?;
/// assert_eq!(within.factor(), 1.1);
/// assert!("0.9".parse::<Within>().is_err());
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize)]
#[serde(try_from = "f64", into = "f64")]
pub struct Within {
    thousandths: u32,
}

impl Within {
    /// The largest factor taken.
    pub const MAX: f64 = 16.0;

    /// `factor`, if it is a number from 1 to [`Within::MAX`].
    pub fn new(factor: f64) -> Result<Within, Error> {
        if (1.0..=Within::MAX).contains(&factor) {
            // Within 1 to 16: 1,000 to 16,000 thousandths.
            let thousandths = (factor * 1000.0 + 1e-9).floor() as u32;
            Ok(Within { thousandths })
        } else {
            Err(InputError::BadFactor {
                given: factor.to_string(),
            }
            .into())
        }
    }

    /// The factor.
    pub fn factor(self) -> f64 {
        f64::from(self.thousandths) / 1000.0
    }

    /// The weight of weighted IDA*, in 64ths: the factor rounded down.
    pub(crate) fn weight(self) -> u32 {
        self.thousandths * WEIGHT_UNIT / 1000
    }
}

impl TryFrom<f64> for Within {
    type Error = Error;

    fn try_from(factor: f64) -> Result<Within, Error> {
        Within::new(factor)
    }
}

impl From<Within> for f64 {
    fn from(within: Within) -> f64 {
        within.factor()
    }
}

impl FromStr for Within {
    type Err = Error;

    fn from_str(s: &str) -> Result<Within, Error> {
        match s.trim().parse::<f64>() {
            Ok(factor) if factor.is_finite() => Within::new(factor),
            _ => Err(InputError::BadFactor { given: s.to_string() }.into()),
        }
    }
}

impl fmt::Display for Within {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.factor())
    }
}

/// Weighted IDA* on a 4×4 or 5×5 board, `None` for other shapes or a
/// factor that rounds to 1 (plain IDA* is then the search).
pub(super) fn solve(problem: &mut Problem<'_>, within: Within) -> Result<Option<Found>, Error> {
    let (board, goal) = (problem.board, problem.goal);
    if !is_specialised(board.shape()) || within.weight() <= WEIGHT_UNIT {
        return Ok(None);
    }
    let options = &problem.solver.options;
    let (kind, pdb) = (options.heuristic, problem.solver.pdb.as_deref());
    let search = Search {
        board,
        goal,
        clock: problem.clock,
        within,
    };
    let found = if board.shape().width() == 4 {
        kind.run_fixed::<16, _>(goal, pdb, search)?
    } else {
        kind.run_fixed::<25, _>(goal, pdb, search)?
    };
    Ok(Some(found))
}

/// One weighted search waiting for its heuristic.
struct Search<'a> {
    board: &'a Board,
    goal: &'a Goal,
    clock: &'a mut BudgetClock,
    within: Within,
}

impl<const N: usize> WithFixedHeuristic<N> for Search<'_> {
    type Output = Found;

    fn run<H: FixedHeuristic<N>>(self, heuristic: &H) -> Result<Found, Error> {
        let (tiles, goal) = fixed_tiles::<N>(self.board, self.goal)?;
        let start = Start {
            tiles,
            goal,
            width: self.board.shape().width(),
            weight: self.within.weight(),
            shorter_than: u32::MAX,
            max_nodes: u64::MAX,
            then_nodes: 0,
        };
        let mut walk = Walk::new(heuristic, start, Stop::Clock(self.clock));
        let path = walk.run();
        let stats = Stats {
            expanded: walk.expanded,
            generated: walk.generated,
            iterations: std::mem::take(&mut walk.iterations),
            ..Stats::default()
        };
        let (outcome, bounded) = match (path, walk.budget_hit) {
            (Some(moves), _) => {
                let length = moves.len() as u32;
                // Every solution has the parity of this one.
                let lower = walk.lower_bound();
                let lower = lower + (length - lower.min(length)) % 2;
                let bounded = Bounded {
                    within: Some(self.within),
                    lower_bound: u64::from(lower.min(length)),
                };
                (Outcome::Solved(Solution::new(moves)), Some(bounded))
            }
            (None, Some(kind)) => (Outcome::BudgetReached(kind), None),
            // A solvable board always has a path: only a budget stops the walk.
            (None, None) => {
                return Err(InternalError::NoPath {
                    algorithm: "weighted idastar",
                }
                .into())
            }
        };
        Ok(Found {
            outcome,
            stats,
            improvement: None,
            bounded,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Refusal;
    use crate::oracle::korf100;
    use crate::search::tests::exact_distance;
    use crate::{Algorithm, Budget, BudgetKind, HeuristicKind, Metric, Solver, SolverOptions};

    fn within(factor: &str) -> Option<Within> {
        Some(factor.parse().unwrap())
    }

    /// Solves `board` within `factor` and checks the record's promises: the
    /// path replays, its length is within the factor of `optimal` and of
    /// the lower bound, and the lower bound is at most `optimal`.
    fn check_within(solver: &Solver, board: &Board, goal: &Goal, optimal: u32) -> (usize, u64) {
        let report = solver.solve(board, goal).unwrap();
        let solution = report.outcome.solution().expect("solved");
        assert!(goal.is_reached_by(&board.replay(solution.moves()).unwrap()), "{board}");
        let bounded = report.bounded.expect("a factor was asked for");
        let (length, factor) = (solution.len() as f64, bounded.within.expect("a factor").factor());
        assert!(
            length <= factor * f64::from(optimal),
            "{board}: {length} > {factor} × {optimal}"
        );
        assert!(
            bounded.lower_bound <= u64::from(optimal),
            "{board}: {bounded:?} past {optimal}"
        );
        assert!(
            length <= factor * bounded.lower_bound as f64,
            "{board}: {length}, {bounded:?}"
        );
        assert_eq!(bounded.lower_bound % 2, solution.len() as u64 % 2, "{board}: parity");
        (solution.len(), bounded.lower_bound)
    }

    #[test]
    fn factors_hold_against_korfs_published_lengths() {
        let goal = Goal::blank_first(crate::Shape::new(4, 4).unwrap());
        let instances = korf100(goal.board().tiles());
        for (factor, heuristic, count) in [
            ("2", HeuristicKind::Manhattan, 100),
            ("1.5", HeuristicKind::LinearConflict, 100),
            ("1.2", HeuristicKind::LinearConflict, 12),
        ] {
            let options = SolverOptions::default()
                .with_heuristic(heuristic)
                .with_within(within(factor));
            let solver = Solver::new(options);
            let mut longer = 0;
            for (tiles, optimal) in instances.iter().take(count) {
                let board = Board::new(goal.shape(), tiles.clone()).unwrap();
                let (length, _) = check_within(&solver, &board, &goal, *optimal);
                longer += usize::from(length > *optimal as usize);
            }
            // Weighted indeed: some answers are longer than the shortest.
            assert!(longer > 0, "factor {factor}: every answer optimal");
        }
    }

    #[test]
    fn a_factor_of_one_and_small_boards_are_optimal_with_their_length_as_bound() {
        let goal = Goal::standard(crate::Shape::new(3, 3).unwrap());
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
        for algorithm in [Algorithm::Auto, Algorithm::IdaStar, Algorithm::AStar] {
            let options = SolverOptions::default()
                .with_algorithm(algorithm)
                .with_within(within("1.3"));
            for _ in 0..20 {
                let board = crate::random::random_solvable(&goal, &mut rng);
                let optimal = exact_distance(&board, &goal).unwrap();
                let (length, lower) = check_within(&Solver::new(options), &board, &goal, optimal);
                assert_eq!((length, lower), (optimal as usize, u64::from(optimal)), "{board}");
            }
        }
        let goal = Goal::blank_first(crate::Shape::new(4, 4).unwrap());
        let (tiles, optimal) = korf100(goal.board().tiles())[0].clone();
        let board = Board::new(goal.shape(), tiles).unwrap();
        let one = SolverOptions::default().with_within(within("1"));
        assert_eq!(check_within(&Solver::new(one), &board, &goal, optimal), (57, 57));
    }

    #[test]
    fn budgets_hold_and_searches_that_prove_no_factor_are_refused() {
        let goal = Goal::blank_first(crate::Shape::new(4, 4).unwrap());
        let (tiles, _) = korf100(goal.board().tiles())[0].clone();
        let board = Board::new(goal.shape(), tiles).unwrap();
        let options = SolverOptions::default()
            .with_heuristic(HeuristicKind::Manhattan)
            .with_within(within("1.1"))
            .with_budget(Budget::default().with_max_nodes(Some(5_000)));
        let report = Solver::new(options).solve(&board, &goal).unwrap();
        assert_eq!(report.outcome, Outcome::BudgetReached(BudgetKind::Nodes));
        assert!(report.stats.expanded <= 5_000 && report.bounded.is_none());

        let big = Goal::standard(crate::Shape::new(6, 6).unwrap());
        let board = big.board().replay(&crate::Move::parse_list("uullu").unwrap()).unwrap();
        let auto = SolverOptions::default()
            .with_algorithm(Algorithm::Auto)
            .with_within(within("1.5"));
        let err = Solver::new(auto).solve(&board, &big).unwrap_err();
        assert!(matches!(err, Error::Refused(Refusal::NoFactor { .. })), "{err}");
        let mtm = auto.with_metric(Metric::Mtm);
        let board = goal.board().replay(&crate::Move::parse_list("rrdd").unwrap()).unwrap();
        let err = Solver::new(mtm).solve(&board, &goal).unwrap_err();
        assert!(err.to_string().contains("single-tile metric only"), "{err}");
    }

    #[test]
    fn factors_are_numbers_from_one_to_sixteen_kept_to_a_thousandth() {
        assert_eq!("1.1".parse::<Within>().unwrap().weight(), 70);
        assert_eq!("1.5".parse::<Within>().unwrap().weight(), 96);
        assert_eq!("1.0009".parse::<Within>().unwrap().factor(), 1.0);
        for bad in ["0.99", "17", "NaN", "inf", "", "one"] {
            let err = bad.parse::<Within>().unwrap_err().to_string();
            assert!(err.contains("a factor is a number from 1 to 16"), "{bad}: {err}");
        }
    }
}
