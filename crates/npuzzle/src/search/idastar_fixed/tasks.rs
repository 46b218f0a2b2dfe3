//! The fixed-size search behind [`subtree`](crate::search::subtree): an
//! iteration cut by the rule of `split.rs`, and subtrees searched one by
//! one from their moves.

use super::*;
use crate::error::MoveError;
use crate::search::subtree::{Frontier, Subtree, SubtreeResult};

/// What a [`Solver`](crate::Solver) passes on: its heuristic and pruning.
pub(crate) struct TaskOptions<'a> {
    pub(crate) kind: HeuristicKind,
    pub(crate) pdb: Option<&'a PdbSet>,
    pub(crate) duplicate_len: usize,
}

/// See [`Solver::split_iteration`](crate::Solver::split_iteration). The
/// board is a solvable 4×4 or 5×5 board with the goal's shape.
pub(crate) fn split_iteration(
    board: &Board,
    goal: &Goal,
    options: TaskOptions<'_>,
    bound: Option<u32>,
    target: usize,
) -> Result<Frontier, Error> {
    let job = Job {
        board,
        goal,
        duplicate_len: options.duplicate_len,
        what: SplitJob { bound, target },
    };
    dispatch(board, goal, &options, job)
}

/// See [`Solver::search_subtrees`](crate::Solver::search_subtrees).
pub(crate) fn search_subtrees(
    board: &Board,
    goal: &Goal,
    options: TaskOptions<'_>,
    bound: u32,
    subtrees: &[Subtree],
    clock: &BudgetClock,
) -> Result<Vec<SubtreeResult>, Error> {
    let job = Job {
        board,
        goal,
        duplicate_len: options.duplicate_len,
        what: SearchJob { bound, subtrees, clock },
    };
    dispatch(board, goal, &options, job)?
}

/// Runs `job` with the heuristic of `options` on boards of the board's size.
fn dispatch<W>(board: &Board, goal: &Goal, options: &TaskOptions<'_>, job: Job<'_, W>) -> Result<W::Output, Error>
where
    W: TaskWork,
{
    if board.shape().cells() == 16 {
        options.kind.run_fixed::<16, _>(
            goal,
            options.pdb,
            Typed::<Nibbles, W> {
                job,
                cells: PhantomData,
            },
        )
    } else {
        options.kind.run_fixed::<25, _>(
            goal,
            options.pdb,
            Typed::<[u8; 25], W> {
                job,
                cells: PhantomData,
            },
        )
    }
}

struct Job<'a, W> {
    board: &'a Board,
    goal: &'a Goal,
    duplicate_len: usize,
    what: W,
}

struct Typed<'a, B, W> {
    job: Job<'a, W>,
    cells: PhantomData<B>,
}

/// A piece of work on an [`Ida`] set up for one board.
trait TaskWork {
    type Output;
    fn run<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
        self,
        ida: &Ida<'_, N, B, H>,
        root: Node<B, H::State>,
        board: &Board,
    ) -> Self::Output;
    /// The budgets to read.
    fn clock(&self) -> Option<&BudgetClock> {
        None
    }
}

impl<const N: usize, B: FixedBoard<N>, W: TaskWork> WithFixedHeuristic<N> for Typed<'_, B, W> {
    type Output = W::Output;

    fn run<H: FixedHeuristic<N>>(self, heuristic: &H) -> Result<W::Output, Error> {
        let Job {
            board,
            goal,
            duplicate_len,
            what,
        } = self.job;
        let unlimited = BudgetClock::start(Budget::default());
        let setup = Setup {
            order: MoveOrder::Library,
            duplicate_len,
            control: Control::new(what.clock().unwrap_or(&unlimited)),
        };
        setup.run::<N, B, H, _>(board, goal, heuristic, |ida, root| what.run(&ida, root, board))
    }
}

struct SplitJob {
    bound: Option<u32>,
    target: usize,
}

impl TaskWork for SplitJob {
    type Output = Frontier;

    fn run<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
        self,
        ida: &Ida<'_, N, B, H>,
        root: Node<B, H::State>,
        _: &Board,
    ) -> Frontier {
        let h0 = ida.heuristic.value(&root.state);
        let bound = self.bound.unwrap_or(h0);
        let mut frontier = Frontier {
            bound,
            depth: 0,
            subtrees: Vec::new(),
            expanded: 0,
            generated: 0,
            next_bound: None,
        };
        if h0 == 0 && root.board == ida.goal {
            // Solved already: one subtree, the board itself, holding the empty solution.
            frontier.subtrees.push(Subtree::new(Vec::new()));
        } else if h0 > bound {
            frontier.next_bound = Some(h0);
        } else {
            let split = ida.split_for(root, bound, self.target);
            frontier.depth = split.depth;
            frontier.expanded = split.expanded;
            frontier.generated = split.generated;
            frontier.next_bound = (split.next_bound != u32::MAX).then_some(split.next_bound);
            frontier.subtrees = split
                .tasks
                .iter()
                .map(|t| Subtree {
                    moves: t.prefix.iter().map(|&m| Move::ALL[usize::from(m)]).collect(),
                    walk_expanded: t.walk_expanded,
                    walk_generated: t.walk_generated,
                })
                .collect();
        }
        frontier
    }
}

struct SearchJob<'a> {
    bound: u32,
    subtrees: &'a [Subtree],
    clock: &'a BudgetClock,
}

/// Where a subtree's moves lead from the root.
enum Reached<N> {
    /// A node within the bound, not the goal, to search below.
    Node(N),
    /// The goal.
    Goal,
    /// A node over the bound, with its f; or a path the duplicate filter cuts
    /// (f `None`), which the search never enters.
    Pruned(Option<u32>),
}

impl TaskWork for SearchJob<'_> {
    type Output = Result<Vec<SubtreeResult>, Error>;

    fn clock(&self) -> Option<&BudgetClock> {
        Some(self.clock)
    }

    fn run<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
        self,
        ida: &Ida<'_, N, B, H>,
        root: Node<B, H::State>,
        board: &Board,
    ) -> Result<Vec<SubtreeResult>, Error> {
        let mut results = Vec::with_capacity(self.subtrees.len());
        let mut w = ida.worker(self.bound);
        for subtree in self.subtrees {
            let (expanded, generated) = (w.expanded, w.generated);
            w.next_bound = u32::MAX;
            w.path.clear();
            let mut result = SubtreeResult::default();
            match descend(ida, root, board, &subtree.moves, self.bound)? {
                Reached::Goal => result.solution = Some(Solution::new(subtree.moves.clone())),
                Reached::Pruned(f) => result.next_bound = f,
                Reached::Node(node) => {
                    if w.search(node) {
                        let mut moves = subtree.moves.clone();
                        moves.extend(w.path.iter().rev().map(|&m| Move::ALL[usize::from(m)]));
                        result.solution = Some(Solution::new(moves));
                    }
                    result.next_bound = (w.next_bound != u32::MAX).then_some(w.next_bound);
                }
            }
            w.flush();
            result.expanded = w.expanded - expanded;
            result.generated = w.generated - generated;
            result.stopped = ida.control.stopped();
            let done = result.solution.is_some() || result.stopped.is_some();
            results.push(result);
            if done {
                break;
            }
        }
        Ok(results)
    }
}

/// Plays `moves` from `root` as the search would: the node reached, or why
/// the search never gets there.
fn descend<const N: usize, B: FixedBoard<N>, H: FixedHeuristic<N>>(
    ida: &Ida<'_, N, B, H>,
    root: Node<B, H::State>,
    board: &Board,
    moves: &[Move],
    bound: u32,
) -> Result<Reached<Node<B, H::State>>, Error> {
    let shape = board.shape();
    let mut node = root;
    let h0 = ida.heuristic.value(&root.state);
    if h0 > bound {
        return Ok(Reached::Pruned(Some(h0)));
    }
    for (step, &mv) in moves.iter().enumerate() {
        let to = shape.step(node.blank, mv).ok_or(Error::Moves(MoveError::IllegalMove {
            mv: mv.as_char(),
            step: step + 1,
        }))?;
        let dup = ida.filter.step_index(node.dup, mv.index());
        if dup == CUT || (node.prev != ROOT && Move::ALL[node.prev] == mv.opposite()) {
            return Ok(Reached::Pruned(None));
        }
        let tile = node.board.tile(to);
        let after = node.board.slide(node.blank, to, tile);
        let state = ida.heuristic.step(&after, &node.state, tile, to, node.blank);
        let g = node.g + 1;
        let f = g + ida.heuristic.value(&state);
        if f > bound {
            return Ok(Reached::Pruned(Some(f)));
        }
        node = Node {
            board: after,
            blank: to,
            prev: mv.index(),
            g,
            state,
            dup,
        };
    }
    if ida.heuristic.value(&node.state) == 0 && node.board == ida.goal {
        Ok(Reached::Goal)
    } else {
        Ok(Reached::Node(node))
    }
}
