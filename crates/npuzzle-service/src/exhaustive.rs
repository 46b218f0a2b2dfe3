//! Questions only a complete table (or every algorithm, the breadth-first
//! ones included) answers: a random board at an exact distance, the
//! distribution of distances, a comparison of every algorithm. Each is
//! refused, naming the limit, for boards over [`EXHAUSTIVE_MAX_CELLS`]
//! cells, whichever front-end asks.
//!
//! A random board at a distance past the farthest board is refused naming
//! the farthest distance; once the shape's table is in the cache given,
//! that refusal is made at once ([`RandomJob::at_once`]), without sampling.
//!
//! Past those cells a board at a distance is drawn by random walks, each
//! kept when an optimal search confirms it ([`RandomJob::solver_spec`],
//! [`RandomJob::run_confirmed`]): up to 25 cells in single moves, 4×4 in
//! multi-tile moves; other shapes are [`Error::NoExactDistance`].

use npuzzle::error::Refusal;
use npuzzle::random::{
    confirmed_at_distance, random_solvable, sample_at_distance, sample_at_mtm_distance, sample_distinct_at_distance,
};
use npuzzle::record::{BoardRecord, DistributionRecord};
use npuzzle::search::mtm_bfs::mtm_layer_counts;
use npuzzle::search::table::{TableCache, MAX_TABLE_CELLS};
use npuzzle::search::AUTO_OPTIMAL_CELLS;
use npuzzle::{Algorithm, Board, Budget, Goal, Metric, Shape, Solver, SolverOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::options::{goal_for, parse_metric, parse_shape, DistributionOptions, RandomOptions};
use crate::{Error, HeuristicChoice, SolverSpec};

/// The largest board (in cells) these questions are answered for: the
/// largest a complete table holds.
pub const EXHAUSTIVE_MAX_CELLS: usize = MAX_TABLE_CELLS;

/// A question that needs every board of a shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Exhaustive {
    /// A random board at an exact distance.
    Distance,
    /// How many boards lie at each distance.
    Distribution,
    /// Every algorithm on one board.
    Compare,
}

impl Exhaustive {
    /// Refuses a board of `shape` over [`EXHAUSTIVE_MAX_CELLS`] cells.
    ///
    /// ```
    /// use npuzzle_service::exhaustive::Exhaustive;
    /// assert!(Exhaustive::Compare.check("3x4".parse()?).is_ok());
    /// let err = Exhaustive::Distribution.check("4x4".parse()?).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "a distance distribution needs a complete table: boards of at most 12 cells, not 4x4"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(self, shape: Shape) -> Result<(), Error> {
        if shape.cells() > EXHAUSTIVE_MAX_CELLS {
            return Err(Error::TooBig { question: self, shape });
        }
        Ok(())
    }

    /// Why the question needs a small board.
    pub(crate) fn needs(self) -> &'static str {
        match self {
            Exhaustive::Distance => "a board at a chosen distance needs a complete table",
            Exhaustive::Distribution => "a distance distribution needs a complete table",
            Exhaustive::Compare => "compare runs every algorithm, breadth-first ones included",
        }
    }
}

/// A random board, ready to draw.
#[derive(Debug)]
pub struct RandomJob {
    /// The goal the board can reach.
    pub goal: Goal,
    /// The exact distance asked for, if any.
    pub distance: Option<u32>,
    /// The metric the distance is counted in.
    pub metric: Metric,
    rng: ChaCha8Rng,
}

impl RandomOptions {
    /// The random board these options ask for: the shape (3x3 unless
    /// given), the goal and the distance checked; a distance past the
    /// farthest board of a table already in `tables` refused at once.
    pub fn job(&self, tables: &TableCache) -> Result<RandomJob, Error> {
        let shape = match self.size.as_deref() {
            Some(text) => parse_shape(text)?,
            None => Shape::new(3, 3).map_err(Error::Refused)?,
        };
        let goal = goal_for(self.goal.as_deref(), shape)?;
        let rng = match self.seed {
            Some(seed) => ChaCha8Rng::seed_from_u64(seed),
            None => ChaCha8Rng::from_os_rng(),
        };
        let metric = parse_metric(self.metric.as_deref())?;
        if let Some(distance) = self.distance {
            if shape.cells() > EXHAUSTIVE_MAX_CELLS {
                // Past the tables an optimal search confirms each board.
                let confirmed = match metric {
                    Metric::Mtm => (shape.width(), shape.height()) == (4, 4),
                    _ => shape.cells() <= AUTO_OPTIMAL_CELLS,
                };
                if !confirmed {
                    return Err(Error::NoExactDistance { shape, metric });
                }
            } else if let Some(table) = tables.cached(&goal).filter(|_| metric == Metric::Stm) {
                if distance > table.diameter() {
                    return Err(too_far(&goal, metric, distance, Some(table.diameter())));
                }
            }
        }
        Ok(RandomJob {
            goal,
            distance: self.distance,
            metric,
            rng,
        })
    }
}

impl RandomJob {
    /// Whether the board is drawn at once (no distance: a shuffle), rather
    /// than by a breadth-first search or confirming searches worth queueing.
    pub fn at_once(&self) -> bool {
        self.distance.is_none()
    }

    /// The solver that confirms a board's distance past the complete
    /// tables (`auto` in the job's metric: the databases the session finds,
    /// else walking distance on 4×4), when the draw needs one; then
    /// [`run_confirmed`](RandomJob::run_confirmed) draws it.
    pub fn solver_spec(&self) -> Option<SolverSpec> {
        let needed = self.distance.is_some() && self.goal.shape().cells() > EXHAUSTIVE_MAX_CELLS;
        needed.then(|| {
            let options = SolverOptions::default()
                .with_algorithm(Algorithm::Auto)
                .with_metric(self.metric);
            SolverSpec::new(options, HeuristicChoice::Auto)
        })
    }

    /// Draws a board past the complete tables by random walks from the
    /// goal, keeping the first whose distance `solver`'s optimal search
    /// confirms (not uniform), under `budget` (its nodes count the
    /// searches', its time the whole draw); [`Error::NotConfirmed`] when it
    /// ran out first.
    pub fn run_confirmed(mut self, solver: &Solver, budget: Budget) -> Result<BoardRecord, Error> {
        let Some(distance) = self.distance else {
            return Ok(BoardRecord::new(
                &random_solvable(&self.goal, &mut self.rng),
                &self.goal,
                None,
            ));
        };
        let (boards, stopped) =
            confirmed_at_distance(solver, &self.goal, distance, 1, &mut self.rng, budget).map_err(Error::Run)?;
        match (boards.first(), stopped) {
            (Some(board), _) => Ok(BoardRecord::new(board, &self.goal, Some(distance)).in_metric(self.metric)),
            (None, kind) => Err(Error::NotConfirmed {
                shape: self.goal.shape(),
                metric: self.metric,
                distance,
                kind: kind.unwrap_or(npuzzle::BudgetKind::Cancelled),
            }),
        }
    }

    /// Draws the board under `budget`. No board at the distance: refused
    /// naming the farthest, whose table is then kept in `tables`.
    pub fn run(mut self, tables: &TableCache, budget: Budget) -> Result<BoardRecord, Error> {
        let goal = &self.goal;
        let Some(distance) = self.distance else {
            let board = random_solvable(goal, &mut self.rng);
            return Ok(BoardRecord::new(&board, goal, None));
        };
        let boards = boards_at_distance(goal, self.metric, distance, 1, false, &mut self.rng, tables, budget)?;
        let board = boards
            .first()
            .ok_or_else(|| too_far(goal, self.metric, distance, None))?;
        Ok(BoardRecord::new(board, goal, Some(distance)).in_metric(self.metric))
    }
}

/// `count` boards drawn uniformly from those exactly `distance` moves from
/// `goal` in `metric` (with `distinct` different ones: all of them, in
/// random order, when fewer are that far), on boards of up to
/// [`EXHAUSTIVE_MAX_CELLS`] cells: the single-move table's breadth-first
/// search, or the multi-tile one, stopped at that layer. No board that far
/// is [`Error::TooFar`] naming the farthest (single-move distances from the
/// goal's table, then kept in `tables`).
///
/// ```
/// use npuzzle::search::table::TableCache;
/// use npuzzle::{Budget, Goal, Metric};
/// use npuzzle_service::exhaustive::boards_at_distance;
/// use rand::SeedableRng;
/// let goal = Goal::standard("3x3".parse()?);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let tables = TableCache::default();
/// let boards = boards_at_distance(&goal, Metric::Mtm, 24, 3, false, &mut rng, &tables, Budget::default())?;
/// assert_eq!(boards.len(), 3);
/// let err = boards_at_distance(&goal, Metric::Mtm, 25, 1, false, &mut rng, &tables, Budget::default()).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "no 3x3 board is 25 multi-tile moves from 1 2 3 4 5 6 7 8 x: the farthest are 24 multi-tile moves away"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn boards_at_distance<R: Rng + ?Sized>(
    goal: &Goal,
    metric: Metric,
    distance: u32,
    count: usize,
    distinct: bool,
    rng: &mut R,
    tables: &TableCache,
    budget: Budget,
) -> Result<Vec<Board>, Error> {
    Exhaustive::Distance.check(goal.shape())?;
    let (boards, farthest) = match metric {
        Metric::Mtm => {
            let (boards, farthest) =
                sample_at_mtm_distance(goal, distance, count, rng, budget, distinct).map_err(Error::Run)?;
            (boards, Some(farthest))
        }
        _ => {
            let boards = if distinct {
                sample_distinct_at_distance(goal, distance, count, rng, budget)
            } else {
                sample_at_distance(goal, distance, count, rng, budget)
            }
            .map_err(Error::Run)?;
            (boards, None)
        }
    };
    if boards.is_empty() {
        let farthest = farthest.or_else(|| tables.get(goal, budget).ok().map(|t| t.diameter()));
        return Err(too_far(goal, metric, distance, farthest));
    }
    Ok(boards)
}

/// No board of `goal`'s shape is `distance` moves from it in `metric`.
fn too_far(goal: &Goal, metric: Metric, distance: u32, farthest: Option<u32>) -> Error {
    Error::TooFar {
        shape: goal.shape(),
        metric,
        distance,
        goal: goal.to_string(),
        farthest,
    }
}

impl DistributionOptions {
    /// The goal whose distribution these options ask for: the size is
    /// needed, and a board a complete table holds.
    pub fn goal(&self) -> Result<Goal, Error> {
        let size = self.size.as_deref().ok_or(Error::SizeNeeded)?;
        let shape = parse_shape(size)?;
        Exhaustive::Distribution.check(shape)?;
        goal_for(self.goal.as_deref(), shape)
    }

    /// The metric the distances are counted in (single moves by default).
    pub fn metric(&self) -> Result<Metric, Error> {
        parse_metric(self.metric.as_deref())
    }
}

/// How many boards lie at each distance from `goal` in `metric`, under
/// `budget`. Single-move distances come from the goal's table, built once
/// and kept in `tables`; multi-tile ones from a breadth-first search in
/// that metric's moves, run for each call.
///
/// ```
/// use npuzzle::{Budget, Goal, Metric};
/// use npuzzle::search::table::TableCache;
/// use npuzzle_service::exhaustive::distribution;
/// let goal = Goal::standard("3x3".parse()?);
/// let tables = TableCache::default();
/// let stm = distribution(&goal, Metric::Stm, &tables, Budget::default())?;
/// let mtm = distribution(&goal, Metric::Mtm, &tables, Budget::default())?;
/// // The same 181,440 boards, closer when a slide of several tiles is one move.
/// assert_eq!(stm.total, mtm.total);
/// assert_eq!((stm.diameter, mtm.diameter), (31, 24));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn distribution(
    goal: &Goal,
    metric: Metric,
    tables: &TableCache,
    budget: Budget,
) -> Result<DistributionRecord, npuzzle::Error> {
    match metric {
        Metric::Mtm => Ok(DistributionRecord::new(goal, &mtm_layer_counts(goal, budget)?).in_metric(Metric::Mtm)),
        Metric::Stm => Ok(DistributionRecord::new(goal, tables.get(goal, budget)?.layer_counts())),
        other => Err(Refusal::Unsupported {
            algorithm: "distribution",
            shape: goal.shape(),
            reason: format!("distances are counted in stm or mtm, not {other}"),
        }
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random(size: &str, distance: Option<u32>) -> RandomOptions {
        RandomOptions {
            size: Some(size.into()),
            distance,
            seed: Some(7),
            ..RandomOptions::default()
        }
    }

    #[test]
    fn a_distance_past_the_farthest_names_it_and_then_is_refused_at_once() {
        let tables = TableCache::default();
        let job = random("3x3", Some(32)).job(&tables).unwrap();
        assert!(!job.at_once());
        let err = job.run(&tables, Budget::default()).unwrap_err();
        let named = "no 3x3 board is 32 moves from 1 2 3 4 5 6 7 8 x: the farthest are 31 moves away";
        assert_eq!(err.to_string(), named);
        // The table is kept: the next such request stops before any search.
        assert_eq!(
            random("3x3", Some(40)).job(&tables).unwrap_err().to_string().len(),
            named.len()
        );
    }

    #[test]
    fn boards_at_a_distance_repeat_by_seed() {
        let tables = TableCache::default();
        let draw = || {
            random("4x3", Some(18))
                .job(&tables)
                .unwrap()
                .run(&tables, Budget::default())
        };
        let first = draw().unwrap();
        assert_eq!(first.distance, Some(18));
        assert_eq!(first, draw().unwrap());
    }

    #[test]
    fn big_boards_are_refused_and_a_distribution_needs_a_size() {
        let tables = TableCache::default();
        let err = random("6x6", Some(3)).job(&tables).unwrap_err();
        assert!(
            err.to_string().contains("at most 12 cells) or an optimal search"),
            "{err}"
        );
        let mtm = RandomOptions {
            metric: Some("mtm".into()),
            ..random("5x5", Some(3))
        };
        assert_eq!(
            mtm.job(&tables).unwrap_err(),
            Error::NoExactDistance {
                shape: "5x5".parse().unwrap(),
                metric: Metric::Mtm
            }
        );
        assert!(random("4x4", None).job(&tables).unwrap().at_once());
        assert!(random("4x4", None).job(&tables).unwrap().solver_spec().is_none());
        let err = DistributionOptions::default().goal().unwrap_err();
        assert_eq!(err, Error::SizeNeeded);
    }

    /// The distribution `/api/stats?size=3x2&metric=…` would give.
    fn counted_3x2(metric: Option<&str>) -> Result<DistributionRecord, Error> {
        let options = DistributionOptions {
            size: Some("3x2".into()),
            metric: metric.map(str::to_string),
            ..DistributionOptions::default()
        };
        let goal = options.goal()?;
        Ok(distribution(&goal, options.metric()?, &TableCache::default(), Budget::default()).unwrap())
    }

    #[test]
    fn the_2x3_distribution_holds_every_solvable_board() {
        let record = counted_3x2(None).unwrap();
        assert_eq!(record.counts.iter().sum::<u64>(), 360);
        assert_eq!(record.metric, None);
    }

    #[test]
    fn multi_tile_distributions_say_their_metric_and_a_wrong_one_is_named() {
        let record = counted_3x2(Some("mtm")).unwrap();
        assert_eq!((record.metric, record.total), (Some(Metric::Mtm), 360));
        let err = counted_3x2(Some("qtm")).unwrap_err().to_string();
        assert!(err.contains("qtm"), "{err}");
    }

    #[test]
    fn past_the_tables_a_draw_is_confirmed_by_the_solver_named() {
        let tables = TableCache::default();
        let job = random("4x4", Some(6)).job(&tables).unwrap();
        let spec = job.solver_spec().expect("a 4x4 draw at a distance needs a solver");
        let solver = crate::Session::new(None).solver(&spec, &job.goal).unwrap();
        let record = job.run_confirmed(&solver, Budget::default()).unwrap();
        assert_eq!((record.distance, record.metric), (Some(6), None));
        // A budget that ends the draw first is said, not an empty board.
        let job = random("4x4", Some(30)).job(&tables).unwrap();
        let err = job
            .run_confirmed(&solver, Budget::default().with_max_nodes(Some(5)))
            .unwrap_err();
        assert!(matches!(err, Error::NotConfirmed { distance: 30, .. }), "{err}");
    }
}
