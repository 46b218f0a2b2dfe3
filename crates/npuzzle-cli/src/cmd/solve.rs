//! `npuzzle solve`.

use std::process::ExitCode;

/// Arguments of `npuzzle solve`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `npuzzle solve`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
