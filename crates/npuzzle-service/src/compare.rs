//! Every algorithm with every heuristic that fits, run on one board side by
//! side: the loop the command line's `compare` and the server's
//! `/api/compare` share. Each run gets a fresh solver (so a table's build
//! is part of its run) and the same budget, on one thread.

use std::sync::Arc;

use npuzzle::parity::is_solvable;
use npuzzle::record::{CompareRecord, CompareRun};
use npuzzle::{Algorithm, Board, Budget, Cancel, Goal, HeuristicKind, Metric, Shape, Solver, SolverOptions};

use crate::input::{read_goal, Tiles};
use crate::{Error, HeuristicChoice, Session, SolverSpec};

/// What to compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareRequest {
    /// The board.
    pub board: Tiles,
    /// Its shape, if given.
    pub size: Option<Shape>,
    /// The goal (default: the standard one).
    pub goal: Option<Tiles>,
    /// Each run's budget.
    pub budget: Budget,
    /// IDA*'s duplicate pruning.
    pub duplicate_len: usize,
    /// Also run the searches that read pattern databases, with these (the
    /// strongest present when `None`): when the session's source holds some
    /// for the goal, or always when a partition is named. Single-tile
    /// metric only: the databases count single moves.
    pub databases: Option<Databases>,
    /// The metric the runs search ([`CompareRecord::runs_in`] picks the
    /// runs).
    pub metric: Metric,
}

/// The pattern-database runs of a comparison.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Databases {
    /// The partition to read; `None`: the strongest present, and no runs if none is.
    pub partition: Option<String>,
}

/// A comparison ready to run.
#[derive(Debug)]
pub struct CompareJob {
    /// The board.
    pub board: Board,
    /// Its goal.
    pub goal: Goal,
    /// Whether parity allows the goal: when not, every run answers
    /// "unsolvable" at once.
    pub solvable: bool,
    /// The metric the runs search.
    pub metric: Metric,
    runs: Vec<(Algorithm, Option<HeuristicKind>, Arc<Solver>)>,
}

impl Session {
    /// The comparison `request` asks for: the board and goal read, a solver
    /// for every run (the database runs' made by this session).
    pub fn comparison(&self, request: &CompareRequest) -> Result<CompareJob, Error> {
        let board = request.board.board(request.size).map_err(Error::Board)?;
        let goal = read_goal(request.goal.as_ref(), board.shape(), request.size.is_some())?;
        goal.check_shape(&board).map_err(Error::Refused)?;
        let options = SolverOptions::default()
            .with_budget(request.budget)
            .with_threads(1)
            .with_duplicate_len(request.duplicate_len)
            .with_metric(request.metric);
        if request.metric == Metric::Mtm && request.databases.is_some() {
            return Err(Error::Options(
                "pattern databases count single moves: a comparison in the multi-tile metric reads none".to_string(),
            ));
        }
        let mut runs: Vec<_> = CompareRecord::runs_in(board.shape(), request.metric)
            .into_iter()
            .map(|(algorithm, heuristic)| {
                let options = options
                    .with_algorithm(algorithm)
                    .with_heuristic(heuristic.unwrap_or(HeuristicKind::Manhattan));
                (algorithm, heuristic, Arc::new(Solver::new(options)))
            })
            .collect();
        if let Some(databases) = &request.databases {
            for algorithm in [Algorithm::AStar, Algorithm::IdaStar] {
                let spec = SolverSpec::new(
                    options.with_algorithm(algorithm),
                    HeuristicChoice::Kind(HeuristicKind::Pdb),
                )
                .with_partition(databases.partition.clone());
                match self.solver(&spec, &goal) {
                    Ok(solver) => {
                        let kind = solver.options().heuristic;
                        runs.push((algorithm, Some(kind), solver));
                    }
                    // None present and none named: no database runs.
                    Err(npuzzle::Error::Database(npuzzle::error::DatabaseError::NotFound { .. }))
                        if databases.partition.is_none() =>
                    {
                        break
                    }
                    Err(e) => return Err(Error::Databases(e)),
                }
            }
        }
        let solvable = is_solvable(&board, &goal);
        Ok(CompareJob {
            board,
            goal,
            solvable,
            metric: request.metric,
            runs,
        })
    }
}

impl CompareJob {
    /// Runs every run in turn, until `cancel` is raised. An algorithm that
    /// cannot take the board is a run saying why; other errors stop the
    /// comparison.
    pub fn run(&self, cancel: &Cancel) -> Result<CompareRecord, npuzzle::Error> {
        let mut runs = Vec::with_capacity(self.runs.len());
        for (algorithm, heuristic, solver) in &self.runs {
            let budget = solver.options().budget;
            let result = solver.solve_with(&self.board, &self.goal, budget, cancel);
            let mut run = CompareRun::new(*algorithm, *heuristic, result)?;
            if let Some(set) = solver
                .pdb_set()
                .filter(|_| heuristic.is_some_and(HeuristicKind::needs_database))
            {
                run.heuristic = Some(format!("{} {}", run.heuristic.unwrap_or_default(), set.label()));
            }
            runs.push(run);
            if cancel.is_cancelled() {
                break;
            }
        }
        Ok(CompareRecord::new(&self.board, &self.goal, runs).in_metric(self.metric))
    }
}
