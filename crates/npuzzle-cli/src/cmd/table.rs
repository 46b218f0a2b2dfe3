//! `npuzzle table`.

use std::process::ExitCode;

/// Arguments of `npuzzle table`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `npuzzle table`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
