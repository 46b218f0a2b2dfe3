//! Options shared by subcommands that read boards: size and goal.

use anyhow::{Context, Result};
use npuzzle::{Board, Goal, Shape};

/// `--size` and `--goal`, flattened into subcommands.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct BoardOptions {
    /// Board shape as WxH (width x height); inferred from the tile count for square boards.
    #[arg(long, value_name = "WxH")]
    pub size: Option<Shape>,
    /// Goal: `standard` (1 2 … N-1 then the blank, the default), `blank-first`, or tiles.
    #[arg(long, value_name = "GOAL")]
    pub goal: Option<String>,
}

impl BoardOptions {
    /// Parses one board with these options.
    pub fn board(&self, text: &str) -> Result<Board> {
        Ok(Board::parse(text, self.size)?)
    }

    /// The goal for a board of `shape`.
    pub fn goal(&self, shape: Shape) -> Result<Goal> {
        match &self.goal {
            None => Ok(Goal::standard(shape)),
            Some(text) => {
                // A goal written as tiles sets the shape for inference too; insist they agree.
                let goal = match Goal::parse(text, shape) {
                    Ok(g) => g,
                    Err(npuzzle::Error::WrongTileCount { .. }) if self.size.is_none() => {
                        let board = Board::parse(text, None).context("reading --goal")?;
                        return Err(npuzzle::Error::ShapeMismatch {
                            board: shape,
                            goal: board.shape(),
                        }
                        .into());
                    }
                    Err(e) => return Err(anyhow::Error::new(e).context("reading --goal")),
                };
                Ok(goal)
            }
        }
    }
}
