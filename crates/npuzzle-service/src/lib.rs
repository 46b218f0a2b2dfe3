//! # npuzzle-service
//!
//! The contract every npuzzle front-end shares — the command line, the web
//! server, the Python binding, and any other (a browser package has no file
//! system, no threads and no clock of its own: its databases come as a
//! [`source::Memory`], its work runs where it calls [`Job::run`]).
//!
//! A front-end turns its input into a [`Request`], hands it to
//! [`Session::plan`], and renders the records that come back:
//!
//! ```
//! use npuzzle::{Algorithm, Cancel, SolverOptions};
//! use npuzzle::record::Record;
//! use npuzzle_service::input::Tiles;
//! use npuzzle_service::request::{Question, Request};
//! use npuzzle_service::{HeuristicChoice, Plan, Session, SolverSpec};
//!
//! let session = Session::new(None);
//! let request = Request {
//!     board: Tiles::Text("8 6 7 2 5 4 3 x 1".into()),
//!     size: None,
//!     goal: None,
//!     solver: SolverSpec::new(SolverOptions::default().with_algorithm(Algorithm::Auto), HeuristicChoice::Auto),
//!     budget: Default::default(),
//!     question: Question::Solve,
//! };
//! let plan = session.plan(&request)?;
//! assert!(matches!(plan, Plan::AtOnce(_)), "a 3x3 board is a table lookup");
//! let Record::Solution(solution) = plan.into_job().run(&Cancel::new(), None)?.record() else { panic!() };
//! assert_eq!(solution.length, Some(31));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What lives here, once: board and goal reading ([`input`]), budgets
//! ([`request::Limits`]), the solver cache with single-flight creation and
//! its database [`source`] ([`Session`]), the answer order ([`plan`]), the
//! comparison loop ([`compare`]), the JSON front-ends' options
//! ([`options`]), the questions that need a complete table
//! ([`exhaustive`]), a host's limits and database files as records ([`limits`],
//! [`record`]).

#![deny(missing_docs)]

pub mod compare;
mod error;
pub mod exhaustive;
pub mod input;
pub mod limits;
pub mod options;
pub mod plan;
pub mod record;
pub mod render;
pub mod request;
pub mod session;
pub mod solvers;
pub mod source;
pub mod stream;
pub mod sync;

pub use error::Error;
pub use options::Options;
pub use plan::{Answer, Found, Job, Plan};
pub use request::{Question, Request};
pub use session::{Events, Session, SolverSpec};
pub use solvers::{Fallback, HeuristicChoice, Solvers};
