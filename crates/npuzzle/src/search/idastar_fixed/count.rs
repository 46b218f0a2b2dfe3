//! Counting whole iterations, for comparisons with node counts published
//! for other implementations (the `korf` example's `--whole-iterations`).

use super::*;

/// The size of one whole IDA* iteration.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IterationCount {
    /// Nodes expanded.
    pub expanded: u64,
    /// Children generated (pruned ones included).
    pub generated: u64,
    /// Goal nodes met (paths to the goal within the bound).
    pub solutions: u64,
}

/// Searches the whole tree within `bound` from `board` on one thread, going
/// on past solutions, and counts it. Unlike the count of a search that stops
/// at its first solution, this does not depend on the order of the moves, so
/// it can be compared with counts published for other implementations
/// (except with an inconsistent heuristic, whose BPMX cuts leave out the
/// children after the one that cuts).
///
/// ```
/// use npuzzle::heuristic::fixed::{FixedManhattan, Nibbles};
/// use npuzzle::search::idastar_fixed::count_iteration;
/// use npuzzle::{Board, Goal};
/// let goal = Goal::blank_first("4x4".parse()?);
/// let board: Board = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
/// let h = FixedManhattan::<16>::new(&goal)?;
/// let count = count_iteration::<16, Nibbles, _>(&board, &goal, &h, 2)?;
/// assert_eq!((count.expanded, count.solutions), (2, 1)); // "lu" only
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn count_iteration<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
    board: &Board,
    goal: &Goal,
    heuristic: &H,
    bound: u32,
) -> Result<IterationCount, Error> {
    let clock = BudgetClock::start(Budget::default());
    let setup = Setup {
        order: MoveOrder::Library,
        duplicate_len: 2,
        control: Control::new(&clock),
    };
    setup.run::<N, B, H, _>(board, goal, heuristic, |ida, root| {
        if root.board == ida.goal {
            return IterationCount {
                solutions: 1,
                ..IterationCount::default()
            };
        }
        if heuristic.value(&root.state) > bound {
            return IterationCount::default();
        }
        let mut w = ida.worker(bound);
        w.count_goals = true;
        w.search(root);
        IterationCount {
            expanded: w.expanded,
            generated: w.generated,
            solutions: w.goals,
        }
    })
}
