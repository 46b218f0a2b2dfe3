//! The answer order, in one place: [`Session::plan`] reads a [`Request`]
//! and either stops it or hands back a [`Job`], saying whether the job is
//! answered at once or is a search worth queueing.
//!
//! 1. the board, then the goal (a goal of another shape names both shapes);
//! 2. the goal's solver: databases asked for and missing or unusable;
//! 3. what the solver refuses before any search ([`Solver::check`]: the
//!    board's shape against the goal's, then nothing for a board of the
//!    wrong parity or at its goal, then the algorithm's and heuristic's
//!    limits, and exact questions put to greedy);
//! 4. at once: a board of the wrong parity ("unsolvable"), a board at its
//!    goal (0 moves), and a lookup in a complete table (boards of up to
//!    [`AUTO_TABLE_CELLS`] cells that the table algorithm answers);
//! 5. anything else is a search, under the request's budget.
//!
//! Parity is computed once per request, here.

use std::sync::Arc;

use npuzzle::parity::is_solvable;
use npuzzle::record::{HintRecord, Record, SolutionRecord};
use npuzzle::search::check::Question as Check;
use npuzzle::search::AUTO_TABLE_CELLS;
use npuzzle::{Algorithm, Board, Budget, Cancel, Completion, Goal, Hint, OptimalSolutions, Progress, Report, Solver};

use crate::input::read_goal;
use crate::request::{Counting, Question, Request, DEFAULT_COUNT_TIMEOUT};
use crate::{Error, Session};

/// What [`Session::plan`] made of a request.
#[derive(Debug)]
pub enum Plan {
    /// Answered without a search worth queueing: parity, a board at its
    /// goal, a table lookup (microseconds; milliseconds the first time a
    /// table is built).
    AtOnce(Job),
    /// A search, under the request's budget.
    Search(Job),
}

impl Plan {
    /// The job, however it is to be run.
    pub fn into_job(self) -> Job {
        match self {
            Plan::AtOnce(job) | Plan::Search(job) => job,
        }
    }

    /// Whether it is answered at once.
    pub fn at_once(&self) -> bool {
        matches!(self, Plan::AtOnce(_))
    }
}

/// One board's work, ready to run: the board and goal read, the solver
/// made, the question accepted.
#[derive(Debug, Clone)]
pub struct Job {
    /// The board.
    pub board: Board,
    /// Its goal.
    pub goal: Goal,
    /// The solver that answers.
    pub solver: Arc<Solver>,
    /// The request's budget.
    pub budget: Budget,
    /// What is asked.
    pub question: Question,
    /// Whether parity allows the goal (computed once, by the plan).
    pub solvable: bool,
}

/// What a job found.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The job's board.
    pub board: Board,
    /// Its goal.
    pub goal: Goal,
    /// The solver that answered (the record names its algorithm and heuristic).
    pub solver: Arc<Solver>,
    /// The answer.
    pub found: Found,
}

/// A solution or a hint.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Found {
    /// The solve's report, and the optimal solutions counted or listed when asked.
    Solution {
        /// The solve.
        report: Report,
        /// The count or list, when asked and the board was solved.
        optimal: Option<Box<OptimalSolutions>>,
        /// Whether the solutions were listed.
        listed: bool,
    },
    /// The board's distance and each move's.
    Hint(Hint),
}

impl Answer {
    /// The record every front-end emits for it.
    pub fn record(&self) -> Record {
        match &self.found {
            Found::Solution {
                report,
                optimal,
                listed,
            } => {
                let record = SolutionRecord::new(&self.board, &self.goal, &self.solver, report);
                Record::Solution(match optimal {
                    Some(optimal) => record.with_solutions(optimal, *listed),
                    None => record,
                })
            }
            Found::Hint(hint) => Record::Hint(HintRecord::new(&self.board, &self.goal, &self.solver, hint)),
        }
    }
}

impl Session {
    /// Reads `request` and checks it in the answer order (see the
    /// [module documentation](self)): the first step that stops it is the
    /// error; else the job, at once or a search.
    pub fn plan(&self, request: &Request) -> Result<Plan, Error> {
        let (board, goal) = read(request)?;
        let solver = self.solver(&request.solver, &goal).map_err(Error::Databases)?;
        accept(request, board, goal, solver)
    }

    /// Like [`plan`](Session::plan) when the goal's solver is made already
    /// (or the request stops before it is needed): no file is opened, so an
    /// async front-end may call it on its own threads. `None`: call `plan`
    /// where blocking is fine.
    pub fn plan_if_made(&self, request: &Request) -> Option<Result<Plan, Error>> {
        let (board, goal) = match read(request) {
            Ok(read) => read,
            Err(e) => return Some(Err(e)),
        };
        let solver = self.cached(&request.solver, &goal)?;
        Some(accept(request, board, goal, solver))
    }
}

/// Step 1: the board, then its goal.
fn read(request: &Request) -> Result<(Board, Goal), Error> {
    let board = request.board.board(request.size).map_err(Error::Board)?;
    let goal = read_goal(request.goal.as_ref(), board.shape(), request.size.is_some())?;
    Ok((board, goal))
}

/// Steps 3 to 5, with the goal's solver made.
fn accept(request: &Request, board: Board, goal: Goal, solver: Arc<Solver>) -> Result<Plan, Error> {
    let checks: &[Check] = match request.question {
        Question::Solve => &[Check::Solve],
        Question::Count(_) => &[Check::Solve, Check::Count],
        Question::Hint => &[Check::Hint],
    };
    for &check in checks {
        solver.check(&board, &goal, check).map_err(Error::Refused)?;
    }
    let solvable = is_solvable(&board, &goal);
    let at_once = !solvable || goal.is_reached_by(&board) || is_lookup(&solver, &board);
    let job = Job {
        board,
        goal,
        solver,
        budget: request.budget,
        question: request.question,
        solvable,
    };
    Ok(if at_once { Plan::AtOnce(job) } else { Plan::Search(job) })
}

/// Whether `solver` answers `board` from a complete table (built once, in
/// milliseconds, then one lookup a move).
fn is_lookup(solver: &Solver, board: &Board) -> bool {
    let shape = board.shape();
    solver.options().resolve(shape) == Algorithm::Table && shape.cells() <= AUTO_TABLE_CELLS
}

impl Job {
    /// The job of solving `board` for `goal` with `solver`, under the
    /// solver's own budget, without the plan's checks (a front-end that
    /// made the solver itself, as a batch does per shape).
    pub fn solve(board: Board, goal: Goal, solver: Arc<Solver>) -> Job {
        Job {
            solvable: is_solvable(&board, &goal),
            budget: solver.options().budget,
            board,
            goal,
            solver,
            question: Question::Solve,
        }
    }

    /// The algorithm that will run (`auto` resolved for the board).
    pub fn algorithm(&self) -> Algorithm {
        self.solver.options().resolve(self.board.shape())
    }

    /// Runs the job: stopped early once `cancel` is raised, publishing the
    /// search's counters to `progress` when given.
    pub fn run(&self, cancel: &Cancel, progress: Option<&Progress>) -> Result<Answer, npuzzle::Error> {
        let (board, goal, solver) = (&self.board, &self.goal, &self.solver);
        let found = match self.question {
            Question::Hint => Found::Hint(solver.hint_with(board, goal, self.budget, cancel)?),
            Question::Solve | Question::Count(_) => {
                let report = match progress {
                    Some(progress) => solver.solve_with_progress(board, goal, self.budget, cancel, progress)?,
                    None => solver.solve_with(board, goal, self.budget, cancel)?,
                };
                let (optimal, listed) = match self.question {
                    Question::Count(counting) if report.outcome.solution().is_some() => (
                        Some(Box::new(self.optimal_solutions(&report, counting)?)),
                        counting.list.is_some(),
                    ),
                    _ => (None, false),
                };
                Found::Solution {
                    report,
                    optimal,
                    listed,
                }
            }
        };
        Ok(Answer {
            board: self.board.clone(),
            goal: self.goal.clone(),
            solver: Arc::clone(&self.solver),
            found,
        })
    }

    /// The budget of a count: the request's, and where it enumerates, a
    /// time limit ([`DEFAULT_COUNT_TIMEOUT`] unless set).
    pub fn count_budget(&self, counting: Counting) -> Budget {
        if self.solver.counts_by_table(&self.board) {
            return self.budget;
        }
        let timeout = counting
            .timeout
            .or(self.budget.timeout)
            .unwrap_or(DEFAULT_COUNT_TIMEOUT);
        self.budget.with_timeout(Some(timeout))
    }

    /// The count and list asked for (the list's own count when it is
    /// complete, else a separate count if one is asked for), from the
    /// distance `report` found: the board is not searched again.
    fn optimal_solutions(&self, report: &Report, counting: Counting) -> Result<OptimalSolutions, npuzzle::Error> {
        let (board, goal, solver) = (&self.board, &self.goal, &self.solver);
        let budget = self.count_budget(counting);
        let Some(limit) = counting.list else {
            return solver.count_solutions_after(board, goal, report, budget);
        };
        let mut listed = solver.list_solutions_after(board, goal, report, limit, budget)?;
        if counting.count && listed.count.is_none() && listed.completion == Completion::Complete {
            let counted = solver.count_solutions_after(board, goal, report, budget)?;
            listed.count = counted.count;
            listed.completion = counted.completion;
            listed.at_least = counted.at_least;
        }
        Ok(listed)
    }
}
