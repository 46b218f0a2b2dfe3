//! `npuzzle compare`.

use std::process::ExitCode;

/// Arguments of `npuzzle compare`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `npuzzle compare`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
