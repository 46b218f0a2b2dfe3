//! What a solver can refuse before any search ([`Solver::check`]): the
//! board's shape against the goal's, a board too big for an optimal
//! search, databases the heuristic needs and does not have, and exact
//! questions (a hint, a count of optimal solutions) put to an algorithm
//! that does not search optimally.
//!
//! [`Solver::solve`], [`Solver::hint`] and [`Solver::count_solutions`] run
//! these checks first themselves; a front-end that queues its work (the
//! server) calls [`Solver::check`] before queueing, so a request that is
//! wrong gets its error at once, however busy the searches are.
//!
//! ```
//! use npuzzle::search::check::Question;
//! use npuzzle::{Algorithm, Error, Goal, Solver, SolverOptions};
//!
//! let goal = Goal::standard("6x6".parse()?);
//! let board = goal.board().replay(&npuzzle::Move::parse_list("uull")?)?;
//! let auto = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Auto));
//! // `auto` solves a 6x6 board with greedy: fine to solve, not to hint or count.
//! assert!(auto.check(&board, &goal, Question::Solve).is_ok());
//! assert!(matches!(auto.check(&board, &goal, Question::Hint), Err(Error::NoExactHint { .. })));
//! assert!(matches!(auto.check(&board, &goal, Question::Count), Err(Error::NoExactCount { .. })));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use crate::board::{Board, MAX_NARROW_CELLS};
use crate::goal::Goal;
use crate::{Error, Solver};

use super::{Algorithm, AUTO_OPTIMAL_CELLS};

/// What is asked of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Question {
    /// A solution ([`Solver::solve`]).
    Solve,
    /// Its exact distance and each move's ([`Solver::hint`]).
    Hint,
    /// Its optimal solutions, counted or listed
    /// ([`Solver::count_solutions`], [`Solver::list_solutions`]).
    Count,
}

impl Solver {
    /// The error `question` about `board` would get before any search, if
    /// any; see the [module documentation](self). Cheap: no table is built,
    /// no database read beyond what the solver already holds.
    pub fn check(&self, board: &Board, goal: &Goal, question: Question) -> Result<(), Error> {
        goal.check_shape(board)?;
        let algorithm = self.options.algorithm.resolve(board.shape());
        if algorithm == Algorithm::Greedy {
            let (asked, shape) = (self.options.algorithm.name(), board.shape());
            let (cells, max_cells) = (shape.cells(), AUTO_OPTIMAL_CELLS);
            // Greedy's length is not the distance: hints and counts need an optimal search.
            return match question {
                Question::Solve => Ok(()),
                Question::Hint => Err(Error::NoExactHint {
                    algorithm: asked,
                    shape,
                    cells,
                    max_cells,
                }),
                Question::Count => Err(Error::NoExactCount {
                    algorithm: asked,
                    shape,
                    cells,
                    max_cells,
                }),
            };
        }
        let searches = match question {
            Question::Solve => true,
            Question::Hint => algorithm != Algorithm::Table,
            Question::Count => !self.counts_by_table(board),
        };
        if searches {
            self.check_search(board, goal, algorithm)?;
        }
        Ok(())
    }

    /// What an optimal `algorithm` needs to search `board`: a board of at
    /// most [`MAX_NARROW_CELLS`] cells, and the databases its heuristic reads.
    fn check_search(&self, board: &Board, goal: &Goal, algorithm: Algorithm) -> Result<(), Error> {
        if !board.is_narrow() {
            return Err(Error::TooBigToSearch {
                algorithm: algorithm.name(),
                shape: board.shape(),
                cells: board.shape().cells(),
                max_cells: MAX_NARROW_CELLS,
            });
        }
        if algorithm.uses_heuristic() && self.options.heuristic.needs_database() {
            crate::heuristic::pdb::set_for_goal(self.pdb.as_deref(), goal)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HeuristicKind, Shape, SolverOptions};

    fn solver(algorithm: Algorithm) -> Solver {
        Solver::new(SolverOptions::default().with_algorithm(algorithm))
    }

    fn near_goal(shape: &str) -> (Board, Goal) {
        let goal = Goal::standard(shape.parse().unwrap());
        let board = goal.board().replay(&crate::Move::parse_list("ul").unwrap()).unwrap();
        (board, goal)
    }

    #[test]
    fn greedy_boards_may_be_solved_but_not_hinted_or_counted() {
        for (algorithm, shape) in [
            (Algorithm::Auto, "6x6"),
            (Algorithm::Auto, "12x12"),
            (Algorithm::Greedy, "3x3"),
        ] {
            let (board, goal) = near_goal(shape);
            let s = solver(algorithm);
            assert_eq!(s.check(&board, &goal, Question::Solve), Ok(()), "{algorithm} {shape}");
            let hint = s.check(&board, &goal, Question::Hint).unwrap_err();
            assert!(matches!(hint, Error::NoExactHint { .. }), "{hint}");
            let count = s.check(&board, &goal, Question::Count).unwrap_err();
            assert_eq!(
                count,
                Error::NoExactCount {
                    algorithm: algorithm.name(),
                    shape: board.shape(),
                    cells: board.shape().cells(),
                    max_cells: AUTO_OPTIMAL_CELLS,
                }
            );
        }
        // 5x5 is searched optimally by `auto`.
        let (board, goal) = near_goal("5x5");
        for question in [Question::Solve, Question::Hint, Question::Count] {
            assert_eq!(solver(Algorithm::Auto).check(&board, &goal, question), Ok(()));
        }
    }

    #[test]
    fn an_optimal_search_refuses_a_board_past_its_cells_for_every_question() {
        let (board, goal) = near_goal("20x20");
        for question in [Question::Solve, Question::Hint, Question::Count] {
            let err = solver(Algorithm::IdaStar).check(&board, &goal, question).unwrap_err();
            assert!(matches!(err, Error::TooBigToSearch { cells: 400, .. }), "{err}");
        }
    }

    #[test]
    fn missing_databases_are_refused_unless_a_table_answers() {
        let options = SolverOptions::default()
            .with_algorithm(Algorithm::Auto)
            .with_heuristic(HeuristicKind::Pdb);
        let s = Solver::new(options);
        let (board, goal) = near_goal("4x4");
        for question in [Question::Solve, Question::Hint, Question::Count] {
            let err = s.check(&board, &goal, question).unwrap_err();
            assert!(matches!(err, Error::PdbNotLoaded { .. }), "{err}");
        }
        // 3x4 counts through the complete table, 3x3 hints from it: no heuristic read.
        let (board, goal) = near_goal("4x3");
        assert_eq!(s.check(&board, &goal, Question::Count), Ok(()));
        let (board, goal) = near_goal("3x3");
        assert_eq!(s.check(&board, &goal, Question::Hint), Ok(()));
    }

    #[test]
    fn a_board_of_another_shape_than_the_goal_is_refused() {
        let (board, _) = near_goal("3x3");
        let goal = Goal::standard(Shape::new(4, 4).unwrap());
        for question in [Question::Solve, Question::Hint, Question::Count] {
            let err = solver(Algorithm::Auto).check(&board, &goal, question).unwrap_err();
            assert!(matches!(err, Error::ShapeMismatch { .. }), "{err}");
        }
    }
}
