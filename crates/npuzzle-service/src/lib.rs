//! # npuzzle-service
//!
//! What every npuzzle front-end shares, above the engine ([`npuzzle`]).

#![deny(missing_docs)]

pub mod solvers;

pub use solvers::{HeuristicChoice, Solvers};
