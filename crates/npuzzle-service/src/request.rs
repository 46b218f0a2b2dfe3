//! What a front-end asks: one [`Request`] per board, whatever the front-end.

use std::time::Duration;

use npuzzle::{Budget, Shape};

use crate::input::Tiles;
use crate::SolverSpec;

/// One question about one board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The board.
    pub board: Tiles,
    /// Its shape, if given (else inferred: square boards).
    pub size: Option<Shape>,
    /// The goal (default: the standard one).
    pub goal: Option<Tiles>,
    /// The solver's options.
    pub solver: SolverSpec,
    /// This request's budget (a shared solver serves requests of any budget).
    pub budget: Budget,
    /// What is asked.
    pub question: Question,
}

/// What is asked of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Question {
    /// A solution.
    Solve,
    /// A solution, then its optimal solutions counted or listed.
    Count(Counting),
    /// The board's exact distance and each move's.
    Hint,
}

/// How the optimal solutions are counted after the solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counting {
    /// Count them.
    pub count: bool,
    /// List at most this many, in `u d l r` order.
    pub list: Option<usize>,
    /// Stop an enumeration after this long (default: the budget's time
    /// limit, else [`DEFAULT_COUNT_TIMEOUT`]); a table count needs none.
    pub timeout: Option<Duration>,
}

/// How long a count by enumeration runs unless told: counting every optimal
/// solution of a hard 15- or 24-puzzle can take hours.
pub const DEFAULT_COUNT_TIMEOUT: Duration = Duration::from_secs(60);

/// The limits a user gives, before a front-end's own caps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// Most nodes a search may expand.
    pub max_nodes: Option<u64>,
    /// Longest a search may run.
    pub timeout: Option<Duration>,
    /// Most bytes a search may hold.
    pub max_memory: Option<u64>,
}

impl Limits {
    /// The budget of these limits, as given.
    pub fn budget(&self) -> Budget {
        Budget::default()
            .with_max_nodes(self.max_nodes)
            .with_timeout(self.timeout)
            .with_max_memory(self.max_memory)
    }

    /// The budget under a host's caps: the time limit and the memory
    /// limit defaulted and capped.
    ///
    /// ```
    /// use std::time::Duration;
    /// use npuzzle_service::request::{Caps, Limits};
    /// let caps = Caps {
    ///     default_timeout: Some(Duration::from_secs(10)),
    ///     max_timeout: Some(Duration::from_secs(60)),
    ///     default_memory: 1 << 30,
    ///     max_memory: Some(1 << 30),
    /// };
    /// let asked = Limits { timeout: Some(Duration::from_secs(3600)), ..Limits::default() };
    /// assert_eq!(asked.capped(&caps).timeout, Some(Duration::from_secs(60)));
    /// assert_eq!(Limits::default().capped(&caps).timeout, Some(Duration::from_secs(10)));
    /// ```
    pub fn capped(&self, caps: &Caps) -> Budget {
        let timeout = self.timeout.or(caps.default_timeout);
        let timeout = match (timeout, caps.max_timeout) {
            (Some(asked), Some(cap)) => Some(asked.min(cap)),
            (asked, _) => asked,
        };
        let memory = self.max_memory.unwrap_or(caps.default_memory);
        let memory = caps.max_memory.map_or(memory, |cap| memory.min(cap));
        Budget::default()
            .with_max_nodes(self.max_nodes)
            .with_timeout(timeout)
            .with_max_memory(Some(memory))
    }
}

/// What a host allows every request (the server's limits, the browser's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// A request's time limit when it names none (`None`: no limit).
    pub default_timeout: Option<Duration>,
    /// The longest time limit a request may ask for (`None`: any).
    pub max_timeout: Option<Duration>,
    /// Memory one search may hold when the request names none.
    pub default_memory: u64,
    /// The most memory a request may ask for (`None`: any).
    pub max_memory: Option<u64>,
}
