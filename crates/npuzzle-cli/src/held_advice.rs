//! Advice held until it helps. Building pattern databases takes minutes and
//! gigabytes: worth recommending after a search that was slow or ran out of
//! budget, noise after an 8-move 4×4 board solved in a millisecond. The
//! solvers hold the advice when `--heuristic auto` falls back for a goal;
//! each search's report then decides whether it is said, once per run.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use npuzzle::heuristic::{Heuristic, LinearConflict};
use npuzzle::{Board, Goal, Outcome, Report};
use npuzzle_service::sync::lock;

/// The service's solvers with the advice their fallbacks held: used as the
/// service type (`get`), plus [`Solvers::advice`].
pub struct Solvers {
    /// The service's solvers.
    pub solvers: Arc<npuzzle_service::Solvers>,
    /// Advice held when `auto` found no databases for a goal.
    pub advice: Arc<HeldAdvice>,
    /// What the session told.
    pub events: Arc<crate::input::Told>,
    /// The session the solvers come from.
    pub session: npuzzle_service::Session,
    /// The options of every solver of this run.
    pub spec: npuzzle_service::SolverSpec,
    /// Each board's budget.
    pub budget: npuzzle::Budget,
}

impl Solvers {
    /// The solver for `goal`; the unusable files met on the way are warned
    /// about when another answers, and left to the error otherwise.
    pub fn solver(&self, goal: &Goal) -> Result<Arc<npuzzle::Solver>, npuzzle::Error> {
        let solver = self.session.solver(&self.spec, goal);
        match solver.is_ok() {
            true => self.events.warn_unusable(),
            false => self.events.forget_unusable(),
        }
        solver
    }

    /// The service's plan for `board` (text) asking `question`, with
    /// `options`' size and goal; unusable files are warned about as by
    /// [`solver`](Solvers::solver).
    pub fn plan(
        &self,
        board: &str,
        options: &crate::input::BoardOptions,
        question: npuzzle_service::Question,
    ) -> Result<npuzzle_service::Plan, npuzzle_service::Error> {
        use npuzzle_service::input::Tiles;
        let request = npuzzle_service::Request {
            board: Tiles::Text(board.to_string()),
            size: options.size,
            goal: options.goal.clone().map(Tiles::Text),
            solver: self.spec.clone(),
            budget: self.budget,
            question,
        };
        let plan = self.session.plan(&request);
        match &plan {
            Err(npuzzle_service::Error::Databases(_)) => self.events.forget_unusable(),
            _ => self.events.warn_unusable(),
        }
        plan
    }
}

impl std::ops::Deref for Solvers {
    type Target = npuzzle_service::Solvers;

    fn deref(&self) -> &npuzzle_service::Solvers {
        &self.solvers
    }
}

/// A search longer than this makes the advice worth saying.
pub const SLOW_SEARCH: Duration = Duration::from_secs(1);

/// Advice per goal, said at most once.
#[derive(Default)]
pub struct HeldAdvice {
    held: Mutex<HashMap<Goal, String>>,
    due: Mutex<Option<String>>,
    said: AtomicBool,
}

impl HeldAdvice {
    /// Holds `advice` for boards with this goal (the first one held stays).
    pub fn hold(&self, goal: &Goal, advice: impl FnOnce() -> String) {
        lock(&self.held).entry(goal.clone()).or_insert_with(advice);
    }

    /// Whether a search with this report shows that the advice would help.
    pub fn helps(report: &Report) -> bool {
        report.stats.elapsed > SLOW_SEARCH || matches!(report.outcome, Outcome::BudgetReached(_))
    }

    /// Marks the advice for `goal` due if this search shows it would help.
    pub fn note(&self, goal: &Goal, report: &Report) {
        if !Self::helps(report) || self.said.load(Ordering::Relaxed) {
            return;
        }
        if let Some(advice) = lock(&self.held).get(goal) {
            lock(&self.due).get_or_insert_with(|| advice.clone());
        }
    }

    /// The advice held for `goal`, now, unless advice was already said.
    pub fn say_now(&self, goal: &Goal) -> Option<String> {
        let advice = lock(&self.held).get(goal).cloned()?;
        (!self.said.swap(true, Ordering::Relaxed)).then_some(advice)
    }

    /// The due advice, the first time it is asked for after it became due.
    pub fn take_due(&self) -> Option<String> {
        let advice = lock(&self.due).take()?;
        (!self.said.swap(true, Ordering::Relaxed)).then_some(advice)
    }
}

/// A board size on which an optimal search without pattern databases is
/// worth a warning at its start, from a linear-conflict estimate on.
struct LongSearch {
    /// The board's side.
    side: usize,
    /// The estimate from which the search is not expected to end quickly.
    estimate: u32,
    /// How long such a search can run.
    runs: &'static str,
    /// What building the recommended databases costs (bench/RESULTS-builds.md).
    build: &'static str,
}

/// 4×4: walking distance takes seconds to minutes on boards of 60 moves and
/// more (the hardest 15-puzzles take 80); 5×5: Korf & Felner's random
/// 24-puzzles estimate 70 to 90 and run for hours to days.
const LONG_SEARCHES: [LongSearch; 2] = [
    LongSearch {
        side: 4,
        estimate: LONG_4X4_ESTIMATE,
        runs: "minutes",
        build: "about 2 minutes on two cores and 2.6 GB of memory, once",
    },
    LongSearch {
        side: 5,
        estimate: LONG_5X5_ESTIMATE,
        runs: "hours",
        build: "about 5 minutes on one core and 1.6 GB of memory, once",
    },
];

/// The 4×4 linear-conflict estimate from which IDA* without databases is
/// not expected to finish quickly.
pub const LONG_4X4_ESTIMATE: u32 = 50;

/// The 5×5 linear-conflict estimate from which IDA* without databases is
/// not expected to finish quickly.
pub const LONG_5X5_ESTIMATE: u32 = 40;

/// Says at the start, once, that this search will likely be long and what
/// to do about it (build the databases, bound the search, or take the
/// constructive solver's suboptimal answer, where `greedy_answers`: not for
/// a hint, which is exact): a 4×4 or 5×5 board, `auto` without databases
/// for its goal, and an estimate of at least that size's [`LongSearch`]
/// bound.
pub fn warn_long_search(advice: &HeldAdvice, board: &Board, goal: &Goal, uses_heuristic: bool, greedy_answers: bool) {
    let shape = board.shape();
    let Some(long) = LONG_SEARCHES
        .iter()
        .find(|l| (shape.width(), shape.height()) == (l.side, l.side))
    else {
        return;
    };
    if !uses_heuristic {
        return;
    }
    let estimate = LinearConflict::new(goal).estimate(board.tiles());
    if estimate < long.estimate {
        return;
    }
    if let Some(held) = advice.say_now(goal) {
        let greedy = if greedy_answers {
            "; or solve it at once, not optimally, with --algorithm greedy"
        } else {
            ""
        };
        let (side, runs, build) = (long.side, long.runs, long.build);
        eprintln!(
            "npuzzle: this board is at least {estimate} moves from the goal, and an optimal {side}x{side} search without \
             pattern databases can run for {runs}: {held} ({build}); or bound the search with \
             --timeout or --max-nodes{greedy}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::{Board, BudgetKind, Solver, SolverOptions};

    fn report(board: &str, budget: Option<u64>) -> (Goal, Report) {
        let board: Board = board.parse().unwrap();
        let goal = Goal::standard(board.shape());
        let options = SolverOptions::default().with_budget(npuzzle::Budget::default().with_max_nodes(budget));
        (goal.clone(), Solver::new(options).solve(&board, &goal).unwrap())
    }

    #[test]
    fn said_once_and_only_after_a_search_it_would_have_helped() {
        let advice = HeldAdvice::default();
        let (goal, fast) = report("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", None);
        advice.hold(&goal, || "build databases".to_string());
        advice.note(&goal, &fast);
        assert_eq!(advice.take_due(), None, "a fast search needs no advice");
        let (_, stopped) = report("5 1 2 3 9 6 7 4 13 10 11 8 x 14 15 12", Some(5));
        assert!(matches!(stopped.outcome, Outcome::BudgetReached(BudgetKind::Nodes)));
        advice.note(&goal, &stopped);
        assert_eq!(advice.take_due().as_deref(), Some("build databases"));
        advice.note(&goal, &stopped);
        assert_eq!(advice.take_due(), None, "once per run");
    }
}
