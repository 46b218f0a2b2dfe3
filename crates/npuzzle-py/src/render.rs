//! `render`: a picture of a board (SVG text, or PNG bytes), or an animation
//! of moves played on it (SVG text, or GIF bytes), drawn by the service as
//! `npuzzle render` and `/api/render` draw it.

use npuzzle_service::render::{Picture, RenderOptions};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::errors::OrRaise;
use crate::input::{self, BoardArg, GoalArg, SizeArg};

/// See `npuzzle.render`: `str` for svg, `bytes` for png and gif.
#[pyfunction]
#[pyo3(signature = (board, size, goal, scheme, moves, notation, format))]
#[allow(clippy::too_many_arguments)]
pub fn render<'py>(
    py: Python<'py>,
    board: BoardArg,
    size: Option<SizeArg>,
    goal: Option<GoalArg>,
    scheme: Option<String>,
    moves: Option<String>,
    notation: Option<String>,
    format: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let size = input::shape(size)?;
    let board = board.board(size).or_raise()?;
    let goal = input::goal(goal.as_ref(), board.shape(), size.is_some()).or_raise()?;
    let options = RenderOptions {
        scheme,
        moves,
        notation,
        format,
        ..RenderOptions::default()
    };
    // A GIF of many moves takes a while: other Python threads run meanwhile.
    let picture = py.detach(|| options.render_on(&board, &goal)).or_raise()?;
    Ok(match picture {
        Picture::Svg(svg) => PyString::new(py, &svg).into_any(),
        Picture::Png(bytes) | Picture::Gif(bytes) => PyBytes::new(py, &bytes).into_any(),
    })
}
