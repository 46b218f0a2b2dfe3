//! The API against the real server on an ephemeral loopback port, with a
//! real HTTP client: one test binary, a module per area of the API.

mod common;
mod hint;
mod limits;
mod oracle;
mod pdb;
mod random;
mod render;
mod requests;
mod solve;
