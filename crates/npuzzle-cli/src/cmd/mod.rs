//! One module per subcommand, each with its `Args` and `run`.

pub mod batch;
pub mod compare;
pub mod judge;
pub mod pdb;
pub mod random;
pub mod serve;
pub mod solve;
pub mod table;
