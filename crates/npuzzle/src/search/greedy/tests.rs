use super::*;
use crate::random::random_solvable;
use crate::Move;
use rand::SeedableRng;

fn check(goal: &Goal, seed: u64) -> u64 {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let board = random_solvable(goal, &mut rng);
    let mut moves: Vec<Move> = Vec::new();
    let end = solve_into(&board, goal, &TableCache::default(), Budget::default(), &mut moves).unwrap();
    assert_eq!(end, Finish::Solved(moves.len() as u64), "{board}");
    let reached = board.replay(&moves).unwrap();
    assert!(goal.is_reached_by(&reached), "{} -> {}", board.shape(), goal);
    moves.len() as u64
}

#[test]
fn replays_to_the_goal_on_every_shape_up_to_12() {
    for w in 2..=12 {
        for h in 2..=12 {
            let goal = Goal::standard(Shape::new(w, h).unwrap());
            for seed in 0..3 {
                check(&goal, seed * 1000 + (w * 31 + h) as u64);
            }
        }
    }
}
