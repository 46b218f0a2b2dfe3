//! `npuzzle judge`.

use std::process::ExitCode;

/// Arguments of `npuzzle judge`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `npuzzle judge`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
