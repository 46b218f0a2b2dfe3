//! Random boards: uniform over the boards that can reach a goal, or over
//! those at an exact distance from it (found by the move table's
//! breadth-first search).

use rand::seq::SliceRandom;
use rand::Rng;

use crate::board::Board;
use crate::goal::Goal;
use crate::parity::is_solvable;
use crate::solution::Budget;
use crate::Error;

/// A board drawn uniformly from those that can reach `goal`.
///
/// A uniformly shuffled board is solvable with probability exactly ½, and
/// swapping two fixed non-blank tiles maps the unsolvable half one-to-one onto
/// the solvable half, so fixing unsolvable draws that way keeps the result
/// uniform without rejection.
///
/// ```
/// use npuzzle::{parity::is_solvable, random::random_solvable, Goal};
/// use rand::SeedableRng;
/// let goal = Goal::standard("4x4".parse()?);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let board = random_solvable(&goal, &mut rng);
/// assert!(is_solvable(&board, &goal));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn random_solvable<R: Rng + ?Sized>(goal: &Goal, rng: &mut R) -> Board {
    let shape = goal.shape();
    if !shape.is_narrow() {
        return random_wide(goal, rng);
    }
    let mut tiles: Vec<u8> = goal.board().tiles().to_vec();
    tiles.shuffle(rng);
    let mut board = Board::new(shape, tiles.clone()).expect("a shuffle of a valid board is valid");
    if !is_solvable(&board, goal) {
        let a = tiles.iter().position(|&t| t == 1).unwrap_or(0);
        let b = tiles.iter().position(|&t| t == 2).unwrap_or(0);
        tiles.swap(a, b);
        board = Board::new(shape, tiles).expect("swapping two tiles keeps a board valid");
    }
    board
}

/// [`random_solvable`] for boards of more than 256 cells, the same way in `u32`.
fn random_wide<R: Rng + ?Sized>(goal: &Goal, rng: &mut R) -> Board {
    let shape = goal.shape();
    let mut tiles = goal.board().wide_tiles();
    tiles.shuffle(rng);
    let board = Board::from_wide(shape, tiles.clone()).expect("a shuffle of a valid board is valid");
    if is_solvable(&board, goal) {
        return board;
    }
    let a = tiles.iter().position(|&t| t == 1).unwrap_or(0);
    let b = tiles.iter().position(|&t| t == 2).unwrap_or(0);
    tiles.swap(a, b);
    Board::from_wide(shape, tiles).expect("swapping two tiles keeps a board valid")
}

/// `count` boards drawn independently and uniformly from those at exactly
/// `distance` moves from `goal` (a board may come twice); empty if no board
/// is that far. See [`sample_distinct_at_distance`] for different boards.
///
/// Runs the breadth-first search of a table build only up to that layer and
/// keeps no table.
///
/// ```
/// use npuzzle::random::sample_at_distance;
/// use npuzzle::{Budget, Goal, Solver, SolverOptions};
/// use rand::SeedableRng;
///
/// let goal = Goal::standard("3x3".parse()?);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let boards = sample_at_distance(&goal, 30, 5, &mut rng, Budget::default())?;
/// let solver = Solver::new(SolverOptions::default());
/// for b in &boards {
///     assert_eq!(solver.solve(b, &goal)?.outcome.solution().unwrap().len(), 30);
/// }
/// assert!(sample_at_distance(&goal, 32, 5, &mut rng, Budget::default())?.is_empty());
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn sample_at_distance<R: Rng + ?Sized>(
    goal: &Goal,
    distance: u32,
    count: usize,
    rng: &mut R,
    budget: Budget,
) -> Result<Vec<Board>, Error> {
    sample(goal, distance, count, rng, budget, false)
}

/// `count` different boards, drawn uniformly from those at exactly
/// `distance` moves from `goal`; all of them, in random order, if fewer are
/// that far (so check the length).
///
/// ```
/// use npuzzle::random::sample_distinct_at_distance;
/// use npuzzle::{Budget, Goal};
/// use rand::SeedableRng;
///
/// let goal = Goal::standard("3x3".parse()?);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// // Only two 3x3 boards are 31 moves from the standard goal.
/// let mut boards = sample_distinct_at_distance(&goal, 31, 5, &mut rng, Budget::default())?;
/// boards.sort_by_key(|b| b.to_string());
/// let text: Vec<String> = boards.iter().map(|b| b.to_string()).collect();
/// assert_eq!(text, ["6 4 7 8 5 x 3 2 1", "8 6 7 2 5 4 3 x 1"]);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn sample_distinct_at_distance<R: Rng + ?Sized>(
    goal: &Goal,
    distance: u32,
    count: usize,
    rng: &mut R,
    budget: Budget,
) -> Result<Vec<Board>, Error> {
    sample(goal, distance, count, rng, budget, true)
}

fn sample<R: Rng + ?Sized>(
    goal: &Goal,
    distance: u32,
    count: usize,
    rng: &mut R,
    budget: Budget,
    distinct: bool,
) -> Result<Vec<Board>, Error> {
    let picked = crate::search::table::layer_at(goal, distance, budget, |len| pick(rng, len, count, distinct))?;
    picked
        .into_iter()
        .map(|tiles| Board::new(goal.shape(), tiles))
        .collect()
}

/// `count` boards drawn uniformly from those exactly `distance`
/// multi-tile moves from `goal` (a slide of several tiles counts one; see
/// [`Metric`](crate::Metric)): independently (a board may come twice), or
/// with `distinct` different boards (all of them, in random order, if fewer
/// are that far). Runs the multi-tile breadth-first search from the goal
/// up to that layer ([`mtm_table`](crate::search::mtm_table)), for boards
/// of up to 12 cells, and keeps nothing.
///
/// Returns the boards and the farthest layer the search reached: no board
/// when none is that far, and then the farthest distance of any board.
///
/// ```
/// use npuzzle::random::sample_at_mtm_distance;
/// use npuzzle::{Algorithm, Budget, Goal, Metric, Solver, SolverOptions};
/// use rand::SeedableRng;
///
/// let goal = Goal::standard("3x3".parse()?);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let (boards, _) = sample_at_mtm_distance(&goal, 20, 3, &mut rng, Budget::default(), false)?;
/// let mtm = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Bfs).with_metric(Metric::Mtm));
/// for b in &boards {
///     let moves = mtm.solve(b, &goal)?.outcome.solution().unwrap().moves().to_vec();
///     assert_eq!(Metric::Mtm.length(&moves), 20);
/// }
/// let (none, farthest) = sample_at_mtm_distance(&goal, 30, 3, &mut rng, Budget::default(), false)?;
/// assert_eq!((none.len(), farthest), (0, 24));
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn sample_at_mtm_distance<R: Rng + ?Sized>(
    goal: &Goal,
    distance: u32,
    count: usize,
    rng: &mut R,
    budget: Budget,
    distinct: bool,
) -> Result<(Vec<Board>, u32), Error> {
    crate::search::mtm_table::sample_layer(goal, distance, budget, |len| pick(rng, len, count, distinct))
}

/// `count` indices below `len`: independent draws, or different ones.
fn pick<R: Rng + ?Sized>(rng: &mut R, len: u64, count: usize, distinct: bool) -> Vec<u64> {
    if distinct {
        // A layer holds at most 12!/2 states, so its length fits in usize.
        let len = len as usize;
        rand::seq::index::sample(rng, len, count.min(len))
            .into_iter()
            .map(|i| i as u64)
            .collect()
    } else {
        (0..count).map(|_| rng.random_range(0..len)).collect()
    }
}

/// Boards at exactly `distance` moves from `goal` on boards too big for a
/// complete table: random walks from the goal, each kept when `solver`'s
/// optimal search confirms its distance. Not uniform over the boards at that
/// distance (a walk reaches some more often than others); every board kept
/// is confirmed. The walk's length adapts: it grows while the walks fall
/// short of `distance` and shrinks while they overshoot.
///
/// The distance is counted in the solver's [metric](crate::Metric): in the
/// multi-tile one a walk is of slides (each along the other axis than the
/// one before, so no two merge into one) and the solver's multi-tile
/// search confirms it (`idastar` with walking distance on 4×4, with
/// Manhattan distance past it: see [`confirming_solver`]).
///
/// Stops after `count` boards, or when `budget` runs out (its node limit
/// counts the searches' nodes, its time limit the whole draw): the boards
/// found by then, and which limit stopped it. `solver` must search
/// optimally (an algorithm of [`Algorithm::ALL`](crate::Algorithm::ALL),
/// or `auto` on a board it searches); else
/// [`Refusal::Unsupported`](crate::error::Refusal::Unsupported).
///
/// ```
/// use npuzzle::random::confirmed_at_distance;
/// use npuzzle::{Budget, Goal, HeuristicKind, Solver, SolverOptions};
/// use rand::SeedableRng;
///
/// let goal = Goal::blank_first("4x4".parse()?);
/// let solver = Solver::new(SolverOptions::default().with_heuristic(HeuristicKind::WalkingDistance));
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let (boards, stopped) = confirmed_at_distance(&solver, &goal, 20, 3, &mut rng, Budget::default())?;
/// assert_eq!((boards.len(), stopped), (3, None));
/// for b in &boards {
///     assert_eq!(solver.solve(b, &goal)?.outcome.solution().unwrap().len(), 20);
/// }
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn confirmed_at_distance<R: Rng + ?Sized>(
    solver: &crate::Solver,
    goal: &Goal,
    distance: u32,
    count: usize,
    rng: &mut R,
    budget: Budget,
) -> Result<(Vec<Board>, Option<crate::BudgetKind>), Error> {
    let shape = goal.shape();
    let stand_in = confirming_solver(solver, shape);
    let solver = stand_in.as_ref().unwrap_or(solver);
    let algorithm = solver.options().resolve(shape);
    let metric = solver.options().metric;
    if !algorithm.is_optimal() {
        return Err(Error::Refused(crate::error::Refusal::Unsupported {
            algorithm: algorithm.name(),
            shape,
            reason: format!("a board at an exact distance is confirmed by an optimal search (in {metric})"),
        }));
    }
    let started = crate::time::Instant::now();
    let mut boards = Vec::with_capacity(count);
    let mut nodes = 0u64;
    // A walk of `distance` moves (single moves with none undone, or slides
    // along alternating axes) lands at most that far, usually nearer.
    let mut walk = distance as usize;
    while boards.len() < count {
        let left = Budget {
            max_nodes: budget.max_nodes.map(|n| n.saturating_sub(nodes)),
            timeout: budget.timeout.map(|t| t.saturating_sub(started.elapsed())),
            ..budget
        };
        if left.max_nodes == Some(0) {
            return Ok((boards, Some(crate::BudgetKind::Nodes)));
        }
        if left.timeout.is_some_and(|t| t.is_zero()) {
            return Ok((boards, Some(crate::BudgetKind::Time)));
        }
        let board = match metric {
            crate::Metric::Mtm => slide_walk(goal, walk, rng)?,
            _ => single_walk(goal, walk, rng)?,
        };
        let report = solver.solve_with(&board, goal, left, &crate::Cancel::new())?;
        nodes += report.stats.expanded;
        let found = match &report.outcome {
            crate::Outcome::Solved(s) => metric.length(s.moves()) as u32,
            crate::Outcome::BudgetReached(kind) => return Ok((boards, Some(*kind))),
            crate::Outcome::Unsolvable => continue,
        };
        walk = match (found.cmp(&distance), metric) {
            (std::cmp::Ordering::Equal, _) => {
                boards.push(board);
                walk
            }
            // A single-move walk's length has the parity of the board's distance: steps of two keep it.
            (std::cmp::Ordering::Less, crate::Metric::Stm) => {
                walk + ((distance - found) as usize).div_ceil(2).next_multiple_of(2)
            }
            (std::cmp::Ordering::Greater, crate::Metric::Stm) => walk.saturating_sub(2).max(distance as usize),
            (std::cmp::Ordering::Less, _) => walk + (distance - found) as usize,
            (std::cmp::Ordering::Greater, _) => walk.saturating_sub(1).max(distance as usize),
        };
    }
    Ok((boards, None))
}

/// The solver that confirms distances on boards of `shape` for
/// [`confirmed_at_distance`] in place of `solver`, if another: when its
/// `auto` answers them greedily in the multi-tile metric (past 4×4), the
/// same solver searching by `idastar` (whose multi-tile bound is weak
/// there: it confirms near distances).
///
/// ```
/// use npuzzle::random::confirming_solver;
/// use npuzzle::{Algorithm, Metric, Solver, SolverOptions};
/// let auto = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Auto).with_metric(Metric::Mtm));
/// let shape = "5x5".parse()?;
/// assert_eq!(auto.options().resolve(shape), Algorithm::Greedy);
/// assert_eq!(confirming_solver(&auto, shape).unwrap().options().resolve(shape), Algorithm::IdaStar);
/// assert!(confirming_solver(&auto, "4x4".parse()?).is_none());
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn confirming_solver(solver: &crate::Solver, shape: crate::Shape) -> Option<crate::Solver> {
    let options = solver.options();
    let greedy_auto = options.algorithm == crate::Algorithm::Auto && !options.resolve(shape).is_optimal();
    (greedy_auto && options.metric == crate::Metric::Mtm)
        .then(|| solver.with_options(options.with_algorithm(crate::Algorithm::IdaStar)))
}

/// The board `walk` random single moves from `goal`'s, none undoing the one before.
fn single_walk<R: Rng + ?Sized>(goal: &Goal, walk: usize, rng: &mut R) -> Result<Board, Error> {
    let neighbours = crate::geometry::Neighbours::new(goal.shape());
    let mut tiles = goal.board().tiles().to_vec();
    let mut blank = goal.board().blank();
    let mut last: Option<crate::Move> = None;
    for _ in 0..walk {
        let moves: Vec<_> = neighbours
            .moves_from(blank)
            .without(last.map(|m| m.opposite()))
            .collect();
        let (mv, to) = moves[rng.random_range(0..moves.len())];
        crate::geometry::slide(&mut tiles, blank, to);
        blank = to;
        last = Some(mv);
    }
    Board::new(goal.shape(), tiles)
}

/// The board `walk` random slides from `goal`'s, each along the other axis
/// than the one before (two slides along one line would be one move).
fn slide_walk<R: Rng + ?Sized>(goal: &Goal, walk: usize, rng: &mut R) -> Result<Board, Error> {
    use crate::search::mtm_table::Slide;
    let vertical = |mv: crate::Move| matches!(mv, crate::Move::Up | crate::Move::Down);
    let mut board = goal.board().clone();
    let mut last: Option<bool> = None;
    for _ in 0..walk {
        let slides: Vec<Slide> = Slide::all(&board)
            .into_iter()
            .filter(|s| last != Some(vertical(s.mv)))
            .collect();
        let slide = slides[rng.random_range(0..slides.len())];
        board = board.replay(&slide.moves())?;
        last = Some(vertical(slide.mv));
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::tests::exact_distances;
    use crate::Shape;
    use rand::SeedableRng;
    use std::collections::HashMap;

    #[test]
    fn covers_the_2x2_solvable_boards_evenly() {
        let goal = Goal::standard(Shape::new(2, 2).unwrap());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut counts: HashMap<Vec<u8>, u32> = HashMap::new();
        for _ in 0..12_000 {
            let b = random_solvable(&goal, &mut rng);
            assert!(is_solvable(&b, &goal));
            *counts.entry(b.tiles().to_vec()).or_default() += 1;
        }
        // 4!/2 = 12 solvable boards, about 1000 draws each.
        assert_eq!(counts.len(), 12);
        assert!(counts.values().all(|&c| (850..1150).contains(&c)), "{counts:?}");
    }

    #[test]
    fn samples_are_at_exactly_the_distance_asked() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let goal = Goal::parse("5 1 7 3 x 2 6 4", "4x2".parse().unwrap()).unwrap();
        let exact = exact_distances(&goal);
        let diameter = *exact.values().max().unwrap();
        for d in [0, 1, 5, 17, diameter] {
            let boards = sample_at_distance(&goal, d, 50, &mut rng, Budget::default()).unwrap();
            assert_eq!(boards.len(), 50);
            for b in &boards {
                assert_eq!(exact[b.tiles()], d, "{b}");
            }
        }
        let far = sample_at_distance(&goal, diameter + 1, 5, &mut rng, Budget::default()).unwrap();
        assert!(far.is_empty());
        // Every one of the two boards at distance 31 of the 8-puzzle turns up.
        let goal = Goal::standard("3x3".parse().unwrap());
        let boards = sample_at_distance(&goal, 31, 40, &mut rng, Budget::default()).unwrap();
        let distinct: std::collections::HashSet<_> = boards.iter().map(|b| b.to_string()).collect();
        assert_eq!(distinct.len(), 2);
        let _ = rng.random::<u8>();
    }

    #[test]
    fn walks_kept_at_a_distance_are_at_the_oracles_distance() {
        use crate::{Algorithm, BudgetKind, HeuristicKind, Solver, SolverOptions};
        let options = SolverOptions::default().with_heuristic(HeuristicKind::WalkingDistance);
        let solver = Solver::new(options);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for goal in [
            Goal::standard(Shape::new(4, 4).unwrap()),
            Goal::blank_first(Shape::new(4, 4).unwrap()),
        ] {
            for distance in [1, 9, 18] {
                let (boards, stopped) =
                    confirmed_at_distance(&solver, &goal, distance, 3, &mut rng, Budget::default()).unwrap();
                assert_eq!((boards.len(), stopped), (3, None));
                for b in &boards {
                    let exact = crate::oracle::distance(b.tiles(), goal.board().tiles(), 4);
                    assert_eq!(exact, Some(distance), "{b}");
                }
            }
        }
        // A budget ends the draw with what it found.
        let goal = Goal::standard(Shape::new(4, 4).unwrap());
        let budget = Budget::default().with_max_nodes(Some(10));
        let (boards, stopped) = confirmed_at_distance(&solver, &goal, 40, 3, &mut rng, budget).unwrap();
        assert!(boards.len() < 3 && stopped == Some(BudgetKind::Nodes), "{stopped:?}");
        // Only an optimal search confirms a distance.
        let greedy = Solver::new(options.with_algorithm(Algorithm::Greedy));
        assert!(confirmed_at_distance(&greedy, &goal, 10, 1, &mut rng, Budget::default()).is_err());
    }

    #[test]
    fn multi_tile_walks_kept_at_a_distance_are_at_the_oracles_distance() {
        use crate::{Algorithm, HeuristicKind, Metric, Solver, SolverOptions};
        let mtm = Solver::new(
            SolverOptions::default()
                .with_heuristic(HeuristicKind::WalkingDistance)
                .with_metric(Metric::Mtm),
        );
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for goal in [
            Goal::standard(Shape::new(4, 4).unwrap()),
            Goal::blank_first(Shape::new(4, 4).unwrap()),
        ] {
            let oracle = crate::oracle::multi_tile_distances(goal.board().tiles(), 4, Some(4));
            for distance in [1, 3, 4] {
                let (boards, stopped) =
                    confirmed_at_distance(&mtm, &goal, distance, 3, &mut rng, Budget::default()).unwrap();
                assert_eq!((boards.len(), stopped), (3, None));
                for b in &boards {
                    assert_eq!(oracle.get(b.tiles()), Some(&distance), "{b}");
                }
            }
        }
        // Past 4x4, auto's greedy answer stands aside for idastar with Manhattan distance.
        let auto = Solver::new(
            SolverOptions::default()
                .with_algorithm(Algorithm::Auto)
                .with_heuristic(HeuristicKind::Manhattan)
                .with_metric(Metric::Mtm),
        );
        for (w, h) in [(5, 5), (6, 3)] {
            let goal = Goal::blank_first(Shape::new(w, h).unwrap());
            let oracle = crate::oracle::multi_tile_distances(goal.board().tiles(), w, Some(6));
            let (boards, stopped) = confirmed_at_distance(&auto, &goal, 6, 3, &mut rng, Budget::default()).unwrap();
            assert_eq!((boards.len(), stopped), (3, None));
            for b in &boards {
                assert_eq!(oracle.get(b.tiles()), Some(&6), "{b}");
            }
        }
        // Greedy asked for by name confirms nothing, in either metric.
        let greedy = Solver::new(
            SolverOptions::default()
                .with_algorithm(Algorithm::Greedy)
                .with_metric(Metric::Mtm),
        );
        let goal = Goal::standard(Shape::new(4, 4).unwrap());
        assert!(confirmed_at_distance(&greedy, &goal, 3, 1, &mut rng, Budget::default()).is_err());
    }

    #[test]
    fn multi_tile_samples_are_at_the_oracles_distance() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let goal = Goal::blank_first(Shape::new(3, 3).unwrap());
        let oracle = crate::oracle::multi_tile_distances(goal.board().tiles(), 3, None);
        for d in [0, 1, 12, 24] {
            let (boards, _) = sample_at_mtm_distance(&goal, d, 20, &mut rng, Budget::default(), false).unwrap();
            assert_eq!(boards.len(), 20);
            assert!(boards.iter().all(|b| oracle[b.tiles()] == d), "{d}");
        }
        let at = |d: u32| oracle.values().filter(|&&x| x == d).count();
        let (all, _) = sample_at_mtm_distance(&goal, 24, 1000, &mut rng, Budget::default(), true).unwrap();
        assert_eq!(all.len(), at(24));
    }
}
