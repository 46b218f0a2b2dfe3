//! What a solver can refuse before any search ([`Solver::check`]), in the
//! order every front-end answers in:
//!
//! 1. the board's shape against the goal's (after the parse errors);
//! 2. nothing else for a board of the wrong parity: every algorithm answers
//!    it "unsolvable", for every question, whatever its size;
//! 3. nothing else for a board already at its goal: every algorithm answers
//!    it with 0 moves (distance 0, one optimal solution);
//! 4. then the limits of the algorithm and the heuristic: a board too big
//!    for an optimal search, a heuristic that cannot be built for the board
//!    (walking distance off 4×4), a board over the algorithm's own limit
//!    ([`Algorithm::max_cells`]: `bfs` and `table` 12 cells, `bfs-set`,
//!    `bibfs` and `astar` 25), databases the heuristic needs and does not
//!    have, and exact questions (a hint, a count of optimal solutions) put
//!    to an algorithm that does not search optimally.
//!
//! The algorithm's own limit is the error its search would give;
//! [`Solver::solve`], [`Solver::hint`] and [`Solver::count_solutions`]
//! answer the boards of steps 2 and 3 before any search.
//!
//! [`Solver::solve`], [`Solver::hint`] and [`Solver::count_solutions`] run
//! these checks first themselves; a front-end that queues its work (the
//! server) calls [`Solver::check`] before queueing, so a request that is
//! wrong gets its error at once, however busy the searches are.
//!
//! ```
//! use npuzzle::search::check::Question;
//! use npuzzle::{Algorithm, Error, Goal, Solver, SolverOptions};
//! use npuzzle::error::Refusal;
//!
//! let goal = Goal::standard("6x6".parse()?);
//! let board = goal.board().replay(&npuzzle::Move::parse_list("uull")?)?;
//! let auto = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Auto));
//! // `auto` solves a 6x6 board with greedy: fine to solve, not to hint or count.
//! assert!(auto.check(&board, &goal, Question::Solve).is_ok());
//! assert!(matches!(auto.check(&board, &goal, Question::Hint), Err(Error::Refused(Refusal::NoExactHint { .. }))));
//! assert!(matches!(auto.check(&board, &goal, Question::Count), Err(Error::Refused(Refusal::NoExactCount { .. }))));
//! # Ok::<(), npuzzle::Error>(())
//! ```

use crate::board::{Board, MAX_NARROW_CELLS};
use crate::goal::Goal;
use crate::heuristic::{Heuristic, HeuristicKind, WithHeuristic};
use crate::metric::Metric;
use crate::parity::is_solvable;
use crate::{Error, Solver};

use super::{Algorithm, AUTO_OPTIMAL_CELLS};
use crate::error::Refusal;

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
    /// any; see the [module documentation](self) for the order. Cheap: no
    /// table is built and no database read beyond what the solver already
    /// holds.
    pub fn check(&self, board: &Board, goal: &Goal, question: Question) -> Result<(), Error> {
        goal.check_shape(board)?;
        // Answered before any limit: "unsolvable", or 0 moves.
        if !is_solvable(board, goal) || goal.is_reached_by(board) {
            return Ok(());
        }
        let algorithm = self.options.resolve(board.shape());
        if self.options.metric == Metric::Mtm {
            self.check_multi_tile(board, algorithm, question)?;
        }
        if algorithm == Algorithm::Anytime {
            self.refuse_exact(question, Algorithm::Anytime.name(), board.shape())?;
            // It searches 4×4 and 5×5 boards with the solver's heuristic.
            return match question {
                Question::Solve if super::idastar_fixed::is_specialised(board.shape()) => {
                    self.check_search(board, goal, Algorithm::Anytime)
                }
                _ => Ok(()),
            };
        }
        if algorithm == Algorithm::Greedy {
            return self.refuse_exact(question, self.options.algorithm.name(), board.shape());
        }
        let searches = match question {
            Question::Solve => true,
            Question::Hint => algorithm != Algorithm::Table,
            Question::Count => !self.counts_by_table(board),
        };
        if searches {
            self.check_search(board, goal, algorithm)?;
        }
        check_cells(board, algorithm)
    }

    /// What `greedy` and `anytime`, whose lengths are not always the
    /// distance, refuse: hints, counts and factors need an optimal search.
    /// `algorithm` is the name asked for.
    fn refuse_exact(&self, question: Question, algorithm: &'static str, shape: crate::Shape) -> Result<(), Error> {
        let (cells, max_cells) = (shape.cells(), AUTO_OPTIMAL_CELLS);
        match question {
            Question::Solve if self.options.within.is_some() => Err(Error::Refused(Refusal::NoFactor {
                algorithm,
                shape,
                cells,
                max_cells,
            })),
            Question::Solve => Ok(()),
            Question::Hint => Err(Error::Refused(Refusal::NoExactHint {
                algorithm,
                shape,
                cells,
                max_cells,
            })),
            Question::Count => Err(Error::Refused(Refusal::NoExactCount {
                algorithm,
                shape,
                cells,
                max_cells,
            })),
        }
    }

    /// What an optimal `algorithm` needs to search `board`: a board of at
    /// most [`MAX_NARROW_CELLS`] cells, and the databases its heuristic reads.
    fn check_search(&self, board: &Board, goal: &Goal, algorithm: Algorithm) -> Result<(), Error> {
        if !board.is_narrow() {
            return Err(Error::Refused(Refusal::TooBigToSearch {
                algorithm: algorithm.name(),
                shape: board.shape(),
                cells: board.shape().cells(),
                max_cells: MAX_NARROW_CELLS,
            }));
        }
        let kind = self.options.heuristic;
        if self.options.metric == Metric::Mtm && kind == HeuristicKind::Pdb {
            // The multi-tile check let it through with a database of the board's shape.
            return self
                .mtm_pdb
                .as_deref()
                .map_or(Ok(()), |pdb| pdb.heuristic(goal).map(drop));
        }
        if algorithm.uses_heuristic() && kind.needs_database() {
            crate::heuristic::pdb::set_for_goal(self.pdb.as_deref(), goal)?;
        }
        if algorithm.uses_heuristic() && !kind.supports(board.shape()) {
            // Building it names why, as the search would.
            kind.run(goal, self.pdb.as_deref(), Built)?;
        }
        Ok(())
    }
}

impl Solver {
    /// What the multi-tile metric takes: a solve by `bfs` or `table` (up to
    /// 12 cells), `idastar` with walking distance on 4×4 or Manhattan
    /// distance on any board (both read in their multi-tile forms), or with
    /// `pdb` on the shape of the loaded multi-tile database
    /// ([`Solver::with_mtm_pdb`]), or `greedy`. Hints and counts of optimal
    /// solutions come from the complete multi-tile distances up to 12 cells
    /// (`auto`, `bfs` or `table`), and from the same `idastar` searches
    /// (`auto` on 4×4; counts on any board, hints past 12 cells).
    fn check_multi_tile(&self, board: &Board, algorithm: Algorithm, question: Question) -> Result<(), Error> {
        let shape = board.shape();
        let refuse =
            |what: String, reason: String| Err(Error::Refused(Refusal::NotInMultiTile { what, shape, reason }));
        let searched_by = "it is searched by bfs and table (boards of up to 12 cells), idastar (any board; \
                           in seconds on 4x4 with walking distance or a multi-tile database) and greedy \
                           (any board, not optimally)";
        if self.options.within.is_some() {
            return refuse(
                "no factor".to_string(),
                "a solution within a factor of the shortest is searched in the single-tile metric only".to_string(),
            );
        }
        let from_table = super::mtm_table::answers(shape);
        let what = if question == Question::Count { "count" } else { "hint" };
        if self.options.algorithm == Algorithm::Auto && algorithm == Algorithm::Greedy && question != Question::Solve {
            return refuse(
                format!("no {what} by auto on a {shape} board"),
                "auto answers it greedily in this metric (it searches optimally up to 12 cells and on 4x4); \
                 idastar searches any board optimally, reading Manhattan distance in its multi-tile form, \
                 which answers boards near the goal"
                    .to_string(),
            );
        }
        match (question, algorithm) {
            (Question::Count, Algorithm::Bfs | Algorithm::Table) if from_table => return Ok(()),
            // Searched like a solve, below.
            (Question::Count, Algorithm::IdaStar) => {}
            (Question::Count, other) if from_table => {
                return refuse(
                    format!("no count by {other}"),
                    "on boards of up to 12 cells optimal solutions are counted and listed from the \
                     complete multi-tile distances (auto, bfs or table) or by idastar"
                        .to_string(),
                )
            }
            (Question::Hint, Algorithm::Bfs | Algorithm::Table | Algorithm::Greedy) if from_table => return Ok(()),
            (Question::Hint, other) if from_table => {
                return refuse(
                    format!("no hint by {other}"),
                    "on boards of up to 12 cells hints come from the complete multi-tile distances \
                     (auto, bfs or table)"
                        .to_string(),
                )
            }
            (Question::Count | Question::Hint, Algorithm::Bfs | Algorithm::Table) => {
                return refuse(
                    format!("no {what} by {algorithm} on a {shape} board"),
                    format!("past 12 cells the {what} is searched by idastar"),
                );
            }
            _ => {}
        }
        match algorithm {
            Algorithm::Bfs if shape.cells() > super::bfs::MAX_DENSE_CELLS => {
                refuse(format!("bfs cannot search a {shape} board"), searched_by.to_string())
            }
            Algorithm::Bfs | Algorithm::Greedy => Ok(()),
            Algorithm::Table if from_table => Ok(()),
            Algorithm::Table => refuse(format!("table cannot search a {shape} board"), searched_by.to_string()),
            Algorithm::Anytime => refuse(
                "anytime cannot search in it".to_string(),
                "anytime searches in the single-tile metric only".to_string(),
            ),
            // Too many cells: the search check names the limit.
            Algorithm::IdaStar if !board.is_narrow() => Ok(()),
            Algorithm::IdaStar => match self.options.heuristic {
                HeuristicKind::Pdb if self.mtm_pdb.as_ref().is_some_and(|pdb| pdb.layout().shape() == shape) => Ok(()),
                HeuristicKind::Manhattan => Ok(()),
                HeuristicKind::WalkingDistance if HeuristicKind::WalkingDistance.supports(shape) => Ok(()),
                HeuristicKind::WalkingDistance => refuse(
                    format!("idastar cannot read walking-distance on a {shape} board"),
                    "walking distance is built for 4x4 boards; manhattan, in its multi-tile form, reads any board"
                        .to_string(),
                ),
                other => refuse(
                    format!("idastar cannot read {other}"),
                    "it reads manhattan (any board) and walking-distance (4x4), in their multi-tile forms, or pdb \
                     with a multi-tile database of the board's shape loaded; the others count single-tile moves"
                        .to_string(),
                ),
            },
            other => refuse(format!("{other} does not search"), searched_by.to_string()),
        }
    }
}

/// Builds a heuristic and does nothing with it.
struct Built;

impl WithHeuristic for Built {
    type Output = ();

    fn run<H: Heuristic>(self, _: &H) -> Result<(), Error> {
        Ok(())
    }
}

/// The error `algorithm`'s own search gives a board of `board`'s shape
/// for its size.
fn check_cells(board: &Board, algorithm: Algorithm) -> Result<(), Error> {
    let shape = board.shape();
    if algorithm.max_cells().is_none_or(|max| shape.cells() <= max) {
        return Ok(());
    }
    algorithm.too_big(shape)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{DatabaseError, InputError};
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
            assert!(matches!(hint, Error::Refused(Refusal::NoExactHint { .. })), "{hint}");
            let count = s.check(&board, &goal, Question::Count).unwrap_err();
            assert_eq!(
                count,
                Error::Refused(Refusal::NoExactCount {
                    algorithm: algorithm.name(),
                    shape: board.shape(),
                    cells: board.shape().cells(),
                    max_cells: AUTO_OPTIMAL_CELLS,
                })
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
            assert!(
                matches!(err, Error::Refused(Refusal::TooBigToSearch { cells: 400, .. })),
                "{err}"
            );
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
            assert!(matches!(err, Error::Database(DatabaseError::NotLoaded { .. })), "{err}");
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
            assert!(matches!(err, Error::Input(InputError::ShapeMismatch { .. })), "{err}");
        }
    }

    /// The board `near_goal` gives with its first two tiles swapped: the other parity.
    fn unsolvable(shape: &str) -> (Board, Goal) {
        let (board, goal) = near_goal(shape);
        let mut tiles = board.wide_tiles();
        tiles.swap(0, 1);
        (Board::from_wide(board.shape(), tiles).unwrap(), goal)
    }

    /// What each size-limited algorithm's own search answers `board`,
    /// called directly (the solver would ask `check` first).
    fn searched(algorithm: Algorithm, board: &Board, goal: &Goal) -> Result<(), Error> {
        let mut clock = crate::solution::BudgetClock::start(crate::Budget::default());
        let clock = &mut clock;
        match algorithm {
            Algorithm::Bfs => crate::search::bfs::search(board, goal, clock).map(drop),
            Algorithm::BfsSet => crate::search::bfs_set::search(board, goal, clock).map(drop),
            Algorithm::BiBfs => crate::search::bibfs::search(board, goal, clock).map(drop),
            Algorithm::AStar => {
                let manhattan = crate::heuristic::Manhattan::new(goal);
                crate::search::astar::search(board, goal, &manhattan, clock).map(drop)
            }
            Algorithm::Table => crate::search::table::search(board, goal, &Default::default(), clock).map(drop),
            _ => unreachable!("{algorithm} has no limit of its own"),
        }
    }

    /// Each size-limited algorithm, a shape over its limit and its largest.
    const OVER_THE_LIMIT: [(Algorithm, &str, &str); 5] = [
        (Algorithm::Bfs, "4x4", "4x3"),
        (Algorithm::Table, "4x4", "4x3"),
        (Algorithm::BfsSet, "6x6", "5x5"),
        (Algorithm::BiBfs, "6x6", "5x5"),
        (Algorithm::AStar, "6x6", "5x5"),
    ];

    /// Regression: the server queued these and only the search refused them.
    #[test]
    fn a_board_over_the_algorithms_own_limit_gets_its_searchs_error_for_every_question() {
        for (algorithm, shape, largest) in OVER_THE_LIMIT {
            let (board, goal) = near_goal(shape);
            let from_search = searched(algorithm, &board, &goal).unwrap_err();
            assert!(
                matches!(&from_search, Error::Refused(Refusal::Unsupported { algorithm: a, .. }) if *a == algorithm.name()),
                "{from_search}"
            );
            let s = solver(algorithm);
            for question in [Question::Solve, Question::Hint, Question::Count] {
                assert_eq!(
                    s.check(&board, &goal, question),
                    Err(from_search.clone()),
                    "{algorithm} {question:?}"
                );
            }
            let (board, goal) = near_goal(largest);
            assert_eq!(Some(board.shape().cells()), algorithm.max_cells());
            assert_eq!(s.check(&board, &goal, Question::Solve), Ok(()), "{algorithm} {largest}");
        }
    }

    /// Regression: the refusals came in an uneven order (idastar's 256-cell
    /// limit before parity, `table` refusing a solved board over 12 cells,
    /// greedy refusing to hint an unsolvable board). Parity comes first,
    /// then a board at its goal, then the limits, for every algorithm and
    /// question.
    #[test]
    fn parity_then_a_solved_board_come_before_every_limit() {
        let pdb = SolverOptions::default().with_heuristic(HeuristicKind::Pdb);
        let walking = SolverOptions::default().with_heuristic(HeuristicKind::WalkingDistance);
        let cases = [
            // Each size-limited algorithm over its limit.
            (solver(Algorithm::Bfs), "4x4"),
            (solver(Algorithm::Table), "4x4"),
            (solver(Algorithm::BfsSet), "6x6"),
            (solver(Algorithm::BiBfs), "6x6"),
            (solver(Algorithm::AStar), "6x6"),
            // Every optimal search's limit, and greedy's exact questions.
            (solver(Algorithm::IdaStar), "20x20"),
            (solver(Algorithm::Greedy), "3x3"),
            (solver(Algorithm::Auto), "12x12"),
            // Databases not loaded, a heuristic that cannot be built.
            (Solver::new(pdb.with_algorithm(Algorithm::IdaStar)), "4x4"),
            (Solver::new(walking.with_algorithm(Algorithm::AStar)), "3x3"),
        ];
        for (s, shape) in &cases {
            let algorithm = s.options().algorithm;
            let (near, goal) = near_goal(shape);
            // A board one move further is refused a question at least.
            let refused = [Question::Solve, Question::Hint, Question::Count]
                .into_iter()
                .find_map(|q| s.check(&near, &goal, q).err())
                .unwrap_or_else(|| panic!("{algorithm} {shape} refuses nothing"));
            let (unsolvable, _) = unsolvable(shape);
            let solved = goal.board().clone();
            for question in [Question::Solve, Question::Hint, Question::Count] {
                for board in [&unsolvable, &solved] {
                    assert_eq!(
                        s.check(board, &goal, question),
                        Ok(()),
                        "{algorithm} {shape} {question:?}: {refused}"
                    );
                }
            }
            let report = s.solve(&unsolvable, &goal).unwrap();
            assert_eq!(report.outcome, crate::Outcome::Unsolvable, "{algorithm} {shape}");
            let report = s.solve(&solved, &goal).unwrap();
            assert_eq!(
                report.outcome.solution().map(|m| m.len()),
                Some(0),
                "{algorithm} {shape}"
            );
            let hint = s.hint(&unsolvable, &goal).unwrap();
            assert_eq!(hint.completion, crate::Completion::Unsolvable, "{algorithm} {shape}");
            let hint = s.hint(&solved, &goal).unwrap();
            assert_eq!(hint.distance, Some(0), "{algorithm} {shape}");
            assert!(hint.moves.iter().all(|m| m.distance == Some(1)), "{algorithm} {shape}");
            assert_eq!(s.count_solutions(&unsolvable, &goal).unwrap().count, Some(0));
            let listed = s.list_solutions(&solved, &goal, 5).unwrap();
            assert_eq!(
                (listed.distance, listed.count),
                (Some(0), Some(1)),
                "{algorithm} {shape}"
            );
            assert_eq!(listed.solutions.len(), 1, "{algorithm} {shape}");
        }
    }

    #[test]
    fn a_heuristic_that_cannot_be_built_for_the_board_is_refused_with_its_error() {
        let options = SolverOptions::default().with_heuristic(HeuristicKind::WalkingDistance);
        let (board, goal) = near_goal("3x3");
        let built = crate::heuristic::WalkingDistance::new(&goal).unwrap_err();
        for algorithm in [Algorithm::AStar, Algorithm::IdaStar] {
            let s = Solver::new(options.with_algorithm(algorithm));
            for question in [Question::Solve, Question::Hint] {
                assert_eq!(s.check(&board, &goal, question), Err(built.clone()), "{algorithm}");
            }
        }
        // The uninformed searches read no heuristic; parity comes before it is built.
        let s = Solver::new(options.with_algorithm(Algorithm::BiBfs));
        assert_eq!(s.check(&board, &goal, Question::Solve), Ok(()));
        let (board, goal) = unsolvable("3x3");
        let s = Solver::new(options.with_algorithm(Algorithm::IdaStar));
        assert_eq!(s.check(&board, &goal, Question::Solve), Ok(()));
    }
}
