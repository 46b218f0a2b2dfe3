//! `npuzzle random`.

use std::process::ExitCode;

/// Arguments of `npuzzle random`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `npuzzle random`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
