//! Exact hints: a board's optimal distance and the distance after each
//! legal move of the blank ([`Solver::hint`]).
//!
//! A move is optimal when it leads to a board one move closer (distance
//! d − 1). Every move changes the parity of the distance, so a board's
//! neighbours are each at d − 1 or d + 1, never at d.
//!
//! - **From the complete table** (when the solver's algorithm is `table`, or
//!   `auto` on boards of up to [`AUTO_TABLE_CELLS`](super::AUTO_TABLE_CELLS)
//!   cells): the table holds, per board, the move one step closer, so a
//!   distance is a walk of d lookups. A hint is five walks: the board's and
//!   each neighbour's (at most 4·(d + 1) + d lookups, nothing allocated
//!   beyond the table).
//! - **By search** (every other algorithm and shape, the 15- and 24-puzzle
//!   included): the board is solved as [`Solver::solve`] would, which gives
//!   d and one optimal move. Each other neighbour then needs one question
//!   only — is it within d − 1 moves? — answered by one IDA* iteration at
//!   bound d − 1 from it (see the `bounded` module): a path found means
//!   d − 1, a whole iteration without one proves d + 1. Those iterations are
//!   no bigger than the last one of the board's own search.
//!
//! - **Refused** where the algorithm does not search optimally: `greedy`, and
//!   `auto` on boards over [`AUTO_OPTIMAL_CELLS`](super::AUTO_OPTIMAL_CELLS)
//!   cells (where it picks greedy) get [`Refusal::NoExactHint`] before any
//!   search: greedy's length is not a distance.
//!
//! # In the multi-tile metric
//!
//! With [`Metric::Mtm`](crate::Metric) a move is a slide: the blank travels
//! one cell or more in one direction, and each slide counts one. The hint
//! lists every legal slide ([`MoveHint::run`] cells), and a slide's board
//! may be one closer, as far, or one farther (a slide and its reverse are
//! one move each, so distances differ by at most one):
//!
//! - on boards of up to 12 cells, from the goal's complete multi-tile
//!   distances ([`MtmTable`], built once and
//!   kept by the solver), whichever of `auto`, `bfs` and `table` is asked;
//! - on 4×4, by the optimal multi-tile search (`idastar` with walking
//!   distance): the board is solved, which gives d and one optimal slide,
//!   then each other slide's board is solved the same way;
//! - refused with [`Refusal::NotInMultiTile`] everywhere else.
//!
//! One budget covers the whole hint: what the board's own search spends is
//! taken off what the neighbours may spend. A budget that runs out is not an
//! error: the moves it left unanswered have no distance, and
//! [`Hint::completion`] says which budget it was.
//!
//! ```
//! use npuzzle::{Board, Goal, Move, Solver, SolverOptions, Algorithm};
//!
//! let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
//! let goal = Goal::standard(board.shape());
//! // `auto` answers from the complete table on 3x3.
//! let solver = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Auto));
//! let hint = solver.hint(&board, &goal)?;
//! assert_eq!(hint.distance, Some(31));
//! // The board is as far as any 3x3 board gets: every move brings it closer.
//! assert_eq!(hint.optimal_moves(), [Move::Up, Move::Left, Move::Right]);
//!
//! let near: Board = "1 2 3 4 5 6 x 7 8".parse()?;
//! let hint = solver.hint(&near, &goal)?;
//! let moves: Vec<(Move, Option<u32>)> = hint.moves.iter().map(|m| (m.mv, m.distance)).collect();
//! assert_eq!(moves, [(Move::Up, Some(3)), (Move::Right, Some(1))]);
//! assert_eq!(hint.optimal_moves(), [Move::Right]);
//! # Ok::<(), npuzzle::Error>(())
//! ```

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::board::{Board, Move};
use crate::goal::Goal;
use crate::heuristic::HeuristicKind;
use crate::metric::Metric;
use crate::parity::is_solvable;
use crate::solution::{Budget, BudgetClock, BudgetKind, Cancel, Outcome, Stats};
use crate::{Error, Solver};

use super::check::Question;
use super::mtm_table::{MtmTable, Slide};
use super::table::Table;
use super::{bounded, Algorithm};
use crate::error::{InternalError, Refusal};

/// How far an answer got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Completion {
    /// Everything asked for is known exactly.
    Complete,
    /// The parity invariant shows the goal cannot be reached.
    Unsolvable,
    /// A budget ran out first; what it left unanswered is missing.
    BudgetReached(BudgetKind),
}

/// One legal move of the blank and the board's distance after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveHint {
    /// The direction the blank moves.
    pub mv: Move,
    /// How many cells it travels: 1 in the single-tile metric; in the
    /// multi-tile one, 1 up to the wall (the tiles slid in one move).
    pub run: usize,
    /// Optimal distance to the goal after the move; `None` when unsolvable
    /// or when a budget ran out before it was known.
    pub distance: Option<u32>,
}

/// A board's optimal distance and the distance after each legal move; see
/// the [module documentation](self).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Hint {
    /// The board's optimal distance to the goal, if known.
    pub distance: Option<u32>,
    /// One entry per legal move of the blank, in `u d l r` order (in the
    /// multi-tile metric, each direction's slides shortest first).
    pub moves: Vec<MoveHint>,
    /// The metric the distances are counted in.
    pub metric: Metric,
    /// Whether every distance is known.
    pub completion: Completion,
    /// What it cost: expanded nodes (table lookups for the table), time.
    pub stats: Stats,
    /// What answered: [`Algorithm::Table`], or the search that solved the board.
    pub algorithm: Algorithm,
}

impl Hint {
    /// The directions of the moves known to bring the board one move
    /// closer (distance − 1), in `u d l r` order (see
    /// [`optimal`](Hint::optimal) for the slides of the multi-tile metric).
    pub fn optimal_moves(&self) -> Vec<Move> {
        self.optimal().iter().map(|m| m.mv).collect()
    }

    /// The moves known to bring the board one move closer (distance − 1),
    /// in the order of [`moves`](Hint::moves).
    pub fn optimal(&self) -> Vec<MoveHint> {
        let Some(d) = self.distance else { return Vec::new() };
        self.moves
            .iter()
            .filter(|m| d > 0 && m.distance == Some(d - 1))
            .copied()
            .collect()
    }
}

impl Solver {
    /// The optimal distance of `board` to `goal` and the distance after each
    /// legal move of the blank, from the complete table or by search; see
    /// the [module documentation](crate::search::hint). Errors are for bad
    /// input (another shape than the goal's, a heuristic that does not fit,
    /// an algorithm that does not search optimally: [`Refusal::NoExactHint`]),
    /// not for budgets.
    pub fn hint(&self, board: &Board, goal: &Goal) -> Result<Hint, Error> {
        self.hint_run(board, goal, self.options.budget, None)
    }

    /// Like [`hint`](Solver::hint), under `budget` instead of the options'
    /// one, stopping early once `cancel` is raised (see
    /// [`solve_with`](Solver::solve_with)).
    pub fn hint_with(&self, board: &Board, goal: &Goal, budget: Budget, cancel: &Cancel) -> Result<Hint, Error> {
        self.hint_run(board, goal, budget, Some(cancel))
    }

    fn hint_run(&self, board: &Board, goal: &Goal, budget: Budget, cancel: Option<&Cancel>) -> Result<Hint, Error> {
        // Greedy's length is not the distance, and its neighbours' searches would spend the budget for nothing.
        self.check(board, goal, Question::Hint)?;
        let algorithm = self.options.resolve(board.shape());
        let mut clock = BudgetClock::start(budget);
        if let Some(cancel) = cancel {
            clock = clock.with_cancel(cancel.clone());
        }
        let metric = self.options.metric;
        let moves = match metric {
            Metric::Mtm => Slide::all(board)
                .into_iter()
                .map(|s| MoveHint {
                    mv: s.mv,
                    run: s.run,
                    distance: None,
                })
                .collect(),
            _ => Move::ALL
                .into_iter()
                .filter(|&mv| board.can_move(mv))
                .map(|mv| MoveHint {
                    mv,
                    run: 1,
                    distance: None,
                })
                .collect(),
        };
        let mut hint = Hint {
            distance: None,
            moves,
            metric,
            completion: Completion::Complete,
            stats: Stats::default(),
            algorithm: if metric == Metric::Mtm && super::mtm_table::answers(board.shape()) {
                Algorithm::Table
            } else {
                algorithm
            },
        };
        if !is_solvable(board, goal) {
            hint.completion = Completion::Unsolvable;
        } else if goal.is_reached_by(board) {
            // At the goal: every move leads one away, whatever the algorithm.
            hint.distance = Some(0);
            hint.moves.iter_mut().for_each(|m| m.distance = Some(1));
        } else if metric == Metric::Mtm && hint.algorithm == Algorithm::Table {
            self.hint_from_mtm_table(board, goal, budget, &mut hint)?;
        } else if metric == Metric::Mtm {
            self.hint_by_mtm_search(board, goal, &mut clock, &mut hint)?;
        } else if algorithm == Algorithm::Table {
            self.hint_from_table(board, goal, budget, &mut hint)?;
        } else {
            self.hint_by_search(board, goal, &mut clock, &mut hint)?;
        }
        hint.stats.elapsed = clock.elapsed();
        Ok(hint)
    }

    /// The cached table for `goal` (built now if need be), or the budget
    /// that stopped its build.
    pub(super) fn table_within_budget(
        &self,
        goal: &Goal,
        budget: Budget,
    ) -> Result<Result<Arc<Table>, BudgetKind>, Error> {
        match self.tables.get(goal, budget) {
            Ok(t) => Ok(Ok(t)),
            Err(Error::Refused(Refusal::BuildBudget { kind, .. })) => Ok(Err(kind)),
            Err(e) => Err(e),
        }
    }

    /// [`table_within_budget`](Self::table_within_budget) for the goal's
    /// complete multi-tile distances.
    pub(super) fn mtm_table_within_budget(
        &self,
        goal: &Goal,
        budget: Budget,
    ) -> Result<Result<Arc<MtmTable>, BudgetKind>, Error> {
        match self.mtm_tables.get(goal, budget) {
            Ok(t) => Ok(Ok(t)),
            Err(Error::Refused(Refusal::BuildBudget { kind, .. })) => Ok(Err(kind)),
            Err(e) => Err(e),
        }
    }

    /// The heuristic of the bounded iterations after the board's own
    /// search: the solver's, or linear conflict when its algorithm reads none.
    pub(super) fn iteration_heuristic(&self, board: &Board) -> HeuristicKind {
        if self.options.resolve(board.shape()).uses_heuristic() {
            self.options.heuristic
        } else {
            HeuristicKind::LinearConflict
        }
    }

    fn hint_from_table(&self, board: &Board, goal: &Goal, budget: Budget, hint: &mut Hint) -> Result<(), Error> {
        let table = match self.table_within_budget(goal, budget)? {
            Ok(t) => t,
            Err(kind) => {
                hint.completion = Completion::BudgetReached(kind);
                return Ok(());
            }
        };
        hint.stats.peak_states = table.states();
        hint.stats.peak_bytes = table.bytes();
        let mut lookups = 0;
        let mut distance = |b: &Board| -> Result<u32, Error> {
            // Parity was checked, and every neighbour of a solvable board is solvable.
            let d = table
                .distance(b, goal)?
                .ok_or(Error::Internal(InternalError::ReplayMismatch { algorithm: "table" }))?;
            lookups += u64::from(d);
            Ok(d)
        };
        hint.distance = Some(distance(board)?);
        for m in &mut hint.moves {
            let mut next = board.clone();
            next.try_apply(m.mv);
            m.distance = Some(distance(&next)?);
        }
        hint.stats.expanded = lookups;
        hint.stats.generated = lookups;
        Ok(())
    }

    /// A multi-tile hint from the goal's complete multi-tile distances.
    fn hint_from_mtm_table(&self, board: &Board, goal: &Goal, budget: Budget, hint: &mut Hint) -> Result<(), Error> {
        let table = match self.mtm_table_within_budget(goal, budget)? {
            Ok(t) => t,
            Err(kind) => {
                hint.completion = Completion::BudgetReached(kind);
                return Ok(());
            }
        };
        hint.stats.peak_states = table.states();
        hint.stats.peak_bytes = table.bytes();
        let mut lookups = 0;
        let mut distance = |b: &Board| -> Result<u32, Error> {
            // Parity was checked, and every board a slide away is as solvable.
            let d = table
                .distance(b)?
                .ok_or(Error::Internal(InternalError::ReplayMismatch {
                    algorithm: "multi-tile table",
                }))?;
            lookups += u64::from(d);
            Ok(d)
        };
        hint.distance = Some(distance(board)?);
        for m in &mut hint.moves {
            m.distance = Some(distance(&board.replay(&vec![m.mv; m.run])?)?);
        }
        hint.stats.expanded = lookups;
        hint.stats.generated = lookups;
        Ok(())
    }

    /// The search for the board itself, its statistics the hint's: its
    /// solution, or `None` with the hint marked stopped by the budget.
    fn solve_for_hint(
        &self,
        board: &Board,
        goal: &Goal,
        clock: &mut BudgetClock,
        hint: &mut Hint,
    ) -> Result<Option<crate::solution::Solution>, Error> {
        let report = self.run(board, goal, clock.budget(), clock.cancel(), clock.progress())?;
        hint.stats = report.stats;
        match report.outcome {
            Outcome::Solved(s) => Ok(Some(s)),
            Outcome::BudgetReached(kind) => {
                hint.completion = Completion::BudgetReached(kind);
                Ok(None)
            }
            // Parity was checked before.
            _ => Err(Error::Internal(InternalError::ReplayMismatch { algorithm: "hint" })),
        }
    }

    /// A multi-tile hint by the optimal multi-tile search: the board, then
    /// each slide's board but the one its solution starts with.
    fn hint_by_mtm_search(
        &self,
        board: &Board,
        goal: &Goal,
        clock: &mut BudgetClock,
        hint: &mut Hint,
    ) -> Result<(), Error> {
        let Some(solution) = self.solve_for_hint(board, goal, clock, hint)? else {
            return Ok(());
        };
        let d = Metric::Mtm.length(solution.moves()) as u32;
        hint.distance = Some(d);
        let first = crate::notation::runs(solution.moves()).next();
        let mut spent = hint.stats.expanded;
        for m in &mut hint.moves {
            if first == Some((m.mv, m.run)) {
                m.distance = Some(d - 1);
                continue;
            }
            if let Completion::BudgetReached(_) = hint.completion {
                continue;
            }
            let next = board.replay(&vec![m.mv; m.run])?;
            let rest = bounded::clock_after(clock.budget(), clock.elapsed(), spent).budget();
            let report = self.run(&next, goal, rest, clock.cancel(), None)?;
            spent += report.stats.expanded;
            hint.stats.expanded += report.stats.expanded;
            hint.stats.generated += report.stats.generated;
            hint.stats.peak_bytes = hint.stats.peak_bytes.max(report.stats.peak_bytes);
            hint.stats.peak_states = hint.stats.peak_states.max(report.stats.peak_states);
            m.distance = match report.outcome {
                Outcome::Solved(s) => Some(Metric::Mtm.length(s.moves()) as u32),
                Outcome::BudgetReached(kind) => {
                    hint.completion = Completion::BudgetReached(kind);
                    None
                }
                _ => return Err(Error::Internal(InternalError::ReplayMismatch { algorithm: "hint" })),
            };
        }
        Ok(())
    }

    fn hint_by_search(
        &self,
        board: &Board,
        goal: &Goal,
        clock: &mut BudgetClock,
        hint: &mut Hint,
    ) -> Result<(), Error> {
        let Some(solution) = self.solve_for_hint(board, goal, clock, hint)? else {
            return Ok(());
        };
        let d = solution.len() as u32;
        hint.distance = Some(d);
        if d == 0 {
            // Every neighbour of the goal is one move away.
            hint.moves.iter_mut().for_each(|m| m.distance = Some(1));
            return Ok(());
        }
        let first = solution.moves()[0];
        let mut spent = hint.stats.expanded;
        let kind = self.iteration_heuristic(board);
        let pdb = self.pdb.as_deref();
        for m in &mut hint.moves {
            if m.mv == first {
                m.distance = Some(d - 1);
                continue;
            }
            if let Completion::BudgetReached(_) = hint.completion {
                continue;
            }
            let mut next = board.clone();
            next.try_apply(m.mv);
            let mut rest = bounded::clock_after(clock.budget(), clock.elapsed(), spent);
            if let Some(cancel) = clock.cancel() {
                rest = rest.with_cancel(cancel.clone());
            }
            let walked = kind.run(
                goal,
                pdb,
                bounded::PathsWithin {
                    board: &next,
                    goal,
                    metric: Metric::Stm,
                    bound: d - 1,
                    after: Some(m.mv),
                    clock: &mut rest,
                    visit: |_: &[Move]| ControlFlow::Break(()),
                },
            )?;
            spent += walked.expanded;
            hint.stats.expanded += walked.expanded;
            hint.stats.generated += walked.generated;
            m.distance = match walked.stopped {
                Some(kind) => {
                    hint.completion = Completion::BudgetReached(kind);
                    None
                }
                None if walked.goals > 0 => Some(d - 1),
                None => Some(d + 1),
            };
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tests::{board_and_goal, exact_distance, scrambled};
    use crate::{Budget, Shape, SolverOptions};
    use proptest::prelude::*;

    fn solver(algorithm: Algorithm, heuristic: HeuristicKind) -> Solver {
        Solver::new(SolverOptions {
            algorithm,
            heuristic,
            ..SolverOptions::default()
        })
    }

    /// The hint of every way of answering, against exhaustive breadth-first distances.
    fn check(board: &Board, goal: &Goal) -> Result<(), TestCaseError> {
        let want_moves: Vec<MoveHint> = Move::ALL
            .into_iter()
            .filter_map(|mv| {
                let mut next = board.clone();
                next.try_apply(mv).then(|| MoveHint {
                    mv,
                    run: 1,
                    distance: exact_distance(&next, goal),
                })
            })
            .collect();
        for (algorithm, heuristic) in [
            (Algorithm::Table, HeuristicKind::Manhattan),
            (Algorithm::IdaStar, HeuristicKind::Manhattan),
            (Algorithm::IdaStar, HeuristicKind::LinearConflict),
            (Algorithm::BiBfs, HeuristicKind::LinearConflict),
        ] {
            let hint = solver(algorithm, heuristic).hint(board, goal).unwrap();
            prop_assert_eq!(
                hint.distance,
                exact_distance(board, goal),
                "{} {} -> {}",
                algorithm,
                board,
                goal
            );
            prop_assert_eq!(&hint.moves, &want_moves, "{} {} -> {}", algorithm, board, goal);
            let completion = match hint.distance {
                Some(_) => Completion::Complete,
                None => Completion::Unsolvable,
            };
            prop_assert_eq!(hint.completion, completion);
        }
        Ok(())
    }

    #[test]
    fn every_2x3_board_against_breadth_first_distances() {
        let shape = Shape::new(2, 3).unwrap();
        let goals = [
            Goal::standard(shape),
            Goal::blank_first(shape),
            Goal::new(Board::parse("3 x 1 5 2 4", Some(shape)).unwrap()),
        ];
        for goal in &goals {
            // Every permutation of the six tiles, the unsolvable half included.
            let mut tiles: Vec<u8> = (0..6).collect();
            for _ in 0..720 {
                next_permutation(&mut tiles);
                check(&Board::new(shape, tiles.clone()).unwrap(), goal).unwrap();
            }
        }
    }

    fn next_permutation(t: &mut [u8]) {
        let Some(i) = (1..t.len()).rev().find(|&i| t[i - 1] < t[i]) else {
            t.reverse();
            return;
        };
        let j = (i..t.len()).rev().find(|&j| t[j] > t[i - 1]).unwrap();
        t.swap(i - 1, j);
        t[i..].reverse();
    }

    #[test]
    fn the_classic_31_move_board() {
        let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        check(&board, &Goal::standard(board.shape())).unwrap();
    }

    #[test]
    fn the_goal_itself() {
        let board: Board = "1 2 3 4 5 6 7 8 x".parse().unwrap();
        check(&board, &Goal::standard(board.shape())).unwrap();
        let hint = solver(Algorithm::IdaStar, HeuristicKind::Manhattan)
            .hint(&board, &Goal::standard(board.shape()))
            .unwrap();
        assert!(hint.optimal_moves().is_empty());
    }

    #[test]
    fn a_4x4_hint_agrees_with_solving_each_neighbour() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let board = scrambled(&goal, "rrddlurdllurrdldru");
        let ida = solver(Algorithm::IdaStar, HeuristicKind::LinearConflict);
        let hint = ida.hint(&board, &goal).unwrap();
        let d = ida.solve(&board, &goal).unwrap().outcome.solution().unwrap().len() as u32;
        assert_eq!(hint.distance, Some(d));
        assert_eq!(hint.completion, Completion::Complete);
        assert_eq!(hint.moves.len(), 4);
        for m in &hint.moves {
            let next = board.replay(&[m.mv]).unwrap();
            let solved = ida.solve(&next, &goal).unwrap();
            assert_eq!(
                m.distance,
                Some(solved.outcome.solution().unwrap().len() as u32),
                "{}",
                m.mv
            );
        }
        assert!(!hint.optimal_moves().is_empty());
        assert!(hint.optimal_moves().len() < 4);
    }

    #[test]
    fn a_budget_is_reported_not_raised() {
        let goal = Goal::blank_first(Shape::new(4, 4).unwrap());
        let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse().unwrap();
        let options = SolverOptions {
            heuristic: HeuristicKind::Manhattan,
            budget: Budget {
                max_nodes: Some(10_000),
                ..Budget::default()
            },
            ..SolverOptions::default()
        };
        let hint = Solver::new(options).hint(&board, &goal).unwrap();
        assert_eq!(hint.completion, Completion::BudgetReached(BudgetKind::Nodes));
        assert_eq!(hint.distance, None);
        assert!(hint.moves.iter().all(|m| m.distance.is_none()));
    }

    #[test]
    fn a_hint_beyond_optimal_search_is_refused_not_answered_by_greedy() {
        // Before, `auto` ran greedy on 12x12 and reported its length as the distance.
        let budget = Budget::default().with_max_nodes(Some(100_000));
        let auto = Solver::new(
            SolverOptions::default()
                .with_algorithm(Algorithm::Auto)
                .with_budget(budget),
        );
        let goal = Goal::standard(Shape::new(12, 12).unwrap());
        let board = scrambled(&goal, "ulluurdd");
        let err = auto.hint(&board, &goal).unwrap_err();
        assert_eq!(
            err,
            Error::Refused(Refusal::NoExactHint {
                algorithm: "auto",
                shape: board.shape(),
                cells: 144,
                max_cells: super::super::AUTO_OPTIMAL_CELLS,
            })
        );
        assert!(
            err.to_string().contains("at most 25 cells, and a 12x12 board has 144"),
            "{err}"
        );
        assert!(err.to_string().contains("greedy"), "{err}");
        // 6x6, the first square board over the limit, too.
        let goal = Goal::standard(Shape::new(6, 6).unwrap());
        let board = scrambled(&goal, "ulld");
        assert!(matches!(
            auto.hint(&board, &goal),
            Err(Error::Refused(Refusal::NoExactHint { cells: 36, .. }))
        ));
        // An explicit greedy is refused on any board.
        let greedy = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Greedy));
        let board: Board = "1 2 3 4 5 6 x 7 8".parse().unwrap();
        let err = greedy.hint(&board, &Goal::standard(board.shape())).unwrap_err();
        assert!(
            matches!(
                err,
                Error::Refused(Refusal::NoExactHint {
                    algorithm: "greedy",
                    ..
                })
            ),
            "{err}"
        );
        // 5x5 is still searched: exact distances.
        let goal = Goal::standard(Shape::new(5, 5).unwrap());
        let board = scrambled(&goal, "ul");
        let hint = auto.hint(&board, &goal).unwrap();
        assert_eq!(hint.distance, Some(2));
        assert_eq!(hint.completion, Completion::Complete);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn hints_on_random_boards_equal_breadth_first_distances(
            (board, goal) in board_and_goal(&[(2, 3), (3, 2), (3, 3)], true),
        ) {
            check(&board, &goal)?;
        }
    }
}
