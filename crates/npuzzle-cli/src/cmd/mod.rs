//! One module per subcommand, each with its `Args` and `run`.

pub mod apply;
pub mod batch;
pub mod check;
pub mod compare;
pub mod hint;
pub mod judge;
pub mod pdb;
pub mod random;
pub mod render;
pub mod serve;
pub mod solve;
pub mod table;
