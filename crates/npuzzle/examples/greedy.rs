//! Move counts and times of the constructive solver on random square boards.
//!
//! ```sh
//! cargo build --release -p npuzzle --example greedy
//! target/release/examples/greedy --sizes 10,20,50,100 --count 100 --seed 1
//! target/release/examples/greedy --sizes 200 --count 10
//! target/release/examples/greedy --sizes 1000 --count 1
//! target/release/examples/greedy --sizes 6 --count 100 --improve 1
//! target/release/examples/greedy --sizes 6 --count 50 --improve 1 --staged
//! target/release/examples/greedy --sizes 6 --count 50 --improve 1 --staged --core-pdb /work/pdb/4x4-blank-first-7-8.pdb
//! target/release/examples/greedy --sizes 6 --count 50 --improve 1 --staged --core-pdb /work/pdb/4x4-blank-first-7-8.pdb \
//!     --core-pdb /work/pdb/5x5-blank-first-6-6-6-6.pdb
//! ```
//!
//! Per size: the mean moves, the mean divided by n³ (Parberry 2015: 8/3 ≈
//! 2.67), the mean Manhattan lower bound and the mean ratio of moves to it,
//! and the time per board (solve only; the board is drawn before the clock
//! starts). Moves are counted, not kept; `--check` also replays each solution
//! on a copy of the board and checks it ends at the goal. `--improve SECONDS`
//! keeps the moves, shortens them for that long
//! ([`improve`](npuzzle::search::improve)), checks they still reach the goal
//! and prints the length before and after and the ratio to the
//! linear-conflict bound. `--core-nodes N` sets the node limit of the
//! staged solutions' optimal 4×4 core finish (0: none, down to 3×3),
//! `--core-pdb FILE` gives it 4×4 pattern databases, or 5×5 ones for the
//! weighted 5×5 core finish (give it twice for both); `--weighted-nodes N`
//! sets that search's node limit (0: none) and `--weight-eighths E` its
//! weight in eighths (12: 1.5).

use std::time::{Duration, Instant};

use npuzzle::heuristic::bound;
use npuzzle::heuristic::pdb::{AdditivePdb, PdbSet};
use npuzzle::search::greedy::{solve_into, Finish, MoveCount, MoveSink};
use npuzzle::search::improve::improve;
use npuzzle::search::staged::{solve_best, CoreOptions, STAGED_SHARE};
use npuzzle::search::table::TableCache;
use npuzzle::{Board, Budget, Goal, Move, Shape};
use rand::SeedableRng;

/// Plays each move on a board as it arrives.
struct Replay(Board, u64);

impl MoveSink for Replay {
    fn push(&mut self, mv: Move) {
        assert!(self.0.try_apply(mv), "move {} leaves the board", self.1);
        self.1 += 1;
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut sizes = vec![10, 20, 50, 100];
    let mut count = 100usize;
    let mut seed = 1u64;
    let mut check = false;
    let mut polish: Option<Duration> = None;
    let mut staged = false;
    let mut core = CoreOptions::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--sizes" => {
                sizes = args
                    .next()
                    .ok_or("--sizes N,N")?
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()?
            }
            "--count" => count = args.next().ok_or("--count N")?.parse()?,
            "--seed" => seed = args.next().ok_or("--seed N")?.parse()?,
            "--check" => check = true,
            "--staged" => staged = true,
            "--core-nodes" => {
                let nodes: u64 = args.next().ok_or("--core-nodes N")?.parse()?;
                core = core.with_max_nodes((nodes > 0).then_some(nodes));
            }
            "--weighted-nodes" => {
                let nodes: u64 = args.next().ok_or("--weighted-nodes N")?.parse()?;
                let eighths = core.weight_eighths;
                core = core.with_weighted((nodes > 0).then_some(nodes), eighths);
            }
            "--weight-eighths" => {
                let eighths: u32 = args.next().ok_or("--weight-eighths E")?.parse()?;
                let nodes = core.weighted_nodes;
                core = core.with_weighted(nodes, eighths);
            }
            "--core-pdb" => {
                let path = args.next().ok_or("--core-pdb FILE")?;
                let pdb = AdditivePdb::open_any(std::path::Path::new(&path))?;
                core = core.with_pdb(Some(std::sync::Arc::new(PdbSet::new(vec![std::sync::Arc::new(pdb)])?)));
            }
            "--improve" => {
                polish = Some(Duration::from_secs_f64(
                    args.next().ok_or("--improve SECONDS")?.parse()?,
                ))
            }
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let tables = TableCache::default();
    if let Some(time) = polish {
        return improve_table(&sizes, count, seed, time, staged, &tables, &core);
    }
    println!(
        "{:>5} {:>6} {:>14} {:>8} {:>14} {:>9} {:>11} {:>11}",
        "n", "boards", "mean moves", "/n^3", "mean manhattan", "ratio", "mean time", "max time"
    );
    for n in sizes {
        let goal = Goal::standard(Shape::new(n, n)?);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ n as u64);
        let (mut moves, mut lower, mut ratio) = (0u64, 0u64, 0f64);
        let (mut total, mut max) = (Duration::ZERO, Duration::ZERO);
        for _ in 0..count {
            let board = npuzzle::random::random_solvable(&goal, &mut rng);
            let lb = bound::manhattan(&board, &goal);
            let started = Instant::now();
            let made = if check {
                let mut replay = Replay(board.clone(), 0);
                let end = solve_into(&board, &goal, &tables, Budget::default(), &mut replay)?;
                assert!(
                    goal.is_reached_by(&replay.0),
                    "{n}x{n}: the moves do not reach the goal"
                );
                assert_eq!(end, Finish::Solved(replay.1));
                replay.1
            } else {
                let mut sink = MoveCount::default();
                solve_into(&board, &goal, &tables, Budget::default(), &mut sink)?;
                sink.0
            };
            let took = started.elapsed();
            total += took;
            max = max.max(took);
            moves += made;
            lower += lb;
            ratio += made as f64 / lb.max(1) as f64;
        }
        let c = count as f64;
        println!(
            "{n:>5} {count:>6} {:>14.1} {:>8.4} {:>14.1} {:>9.3} {:>9.3}ms {:>9.3}ms",
            moves as f64 / c,
            moves as f64 / c / (n as f64).powi(3),
            lower as f64 / c,
            ratio / c,
            total.as_secs_f64() * 1e3 / c,
            max.as_secs_f64() * 1e3
        );
    }
    Ok(())
}

/// `--improve`: per size, the greedy length, the improved length, the
/// linear-conflict bound and the mean ratio of the improved length to it.
/// With `--staged`, the start is the shorter of the greedy and the staged
/// solution (given half the time, as the solver does), and the staged
/// length and ratio are printed too.
fn improve_table(
    sizes: &[usize],
    count: usize,
    seed: u64,
    time: Duration,
    staged: bool,
    tables: &TableCache,
    core: &CoreOptions,
) -> Result<(), Box<dyn std::error::Error>> {
    println!(
        "{:>5} {:>6} {:>12} {:>12} {:>14} {:>13} {:>12} {:>10} {:>14} {:>9}",
        "n",
        "boards",
        "greedy mean",
        "staged mean",
        "improved mean",
        "mean LC bound",
        "greedy/LC",
        "staged/LC",
        "improved/LC",
        "converged"
    );
    for &n in sizes {
        let goal = Goal::standard(Shape::new(n, n)?);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ n as u64);
        let (mut before, mut after, mut lower, mut r0, mut r1, mut converged) = (0, 0, 0, 0.0, 0.0, 0);
        let (mut staged_total, mut rs, mut staged_found) = (0, 0.0, 0usize);
        for _ in 0..count {
            let board = npuzzle::random::random_solvable(&goal, &mut rng);
            let lb = bound::linear_conflict(&board, &goal).max(1);
            let mut moves: Vec<Move> = Vec::new();
            let started = Instant::now();
            solve_into(&board, &goal, tables, Budget::default(), &mut moves)?;
            let greedy_len = moves.len();
            let mut start = moves.clone();
            if staged {
                if let Some(s) = solve_best(&board, &goal, started + time.mul_f64(STAGED_SHARE), tables, core)? {
                    staged_total += s.len();
                    rs += s.len() as f64 / lb as f64;
                    staged_found += 1;
                    if s.len() < start.len() {
                        start = s;
                    }
                }
            }
            let better = improve(&board, &start, time.saturating_sub(started.elapsed()))?;
            assert!(
                goal.is_reached_by(&board.replay(&better.moves)?),
                "{n}x{n}: improved moves miss the goal"
            );
            assert!(better.moves.len() <= start.len());
            before += greedy_len;
            after += better.moves.len();
            lower += lb;
            r0 += greedy_len as f64 / lb as f64;
            r1 += better.moves.len() as f64 / lb as f64;
            converged += usize::from(better.converged);
        }
        let c = count as f64;
        let found = staged_found.max(1) as f64;
        println!(
            "{n:>5} {count:>6} {:>12.1} {:>12.1} {:>14.1} {:>13.1} {:>12.3} {:>10.3} {:>14.3} {converged:>9}",
            before as f64 / c,
            staged_total as f64 / found,
            after as f64 / c,
            lower as f64 / c,
            r0 / c,
            rs / found,
            r1 / c
        );
        if staged && staged_found < count {
            println!("      staged solutions found for {staged_found} of {count} boards");
        }
    }
    Ok(())
}
