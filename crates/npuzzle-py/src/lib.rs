//! `npuzzle._native`: the extension module behind the Python package `npuzzle`.
//!
//! Thin by design: each function parses what Python passed, calls the
//! library, and hands back the library's answer (records are serialised with
//! serde, never assembled by hand). Argument normalisation that needs numpy
//! (arrays in, arrays out) is done in `python/npuzzle/__init__.py`.

use pyo3::prelude::*;

mod batch;
mod boards;
mod count;
mod errors;
mod hint;
mod input;
mod pdb;
mod record;
mod render;
mod solve;
mod solvers;
mod subtree;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<record::Solution>()?;
    m.add_class::<record::Stats>()?;
    m.add_class::<hint::Hint>()?;
    m.add_class::<count::Count>()?;
    m.add_class::<pdb::PdbInfo>()?;
    m.add_class::<pdb::BuildProgress>()?;
    m.add_function(wrap_pyfunction!(record::_solution_from_json, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(hint::hint, m)?)?;
    m.add_function(wrap_pyfunction!(count::count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(hint::optimal_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(boards::is_solvable, m)?)?;
    m.add_function(wrap_pyfunction!(render::render, m)?)?;
    m.add_function(wrap_pyfunction!(boards::random_boards, m)?)?;
    m.add_function(wrap_pyfunction!(boards::distance_counts, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(input::parse_size, m)?)?;
    m.add_function(wrap_pyfunction!(pdb::build, m)?)?;
    m.add_function(wrap_pyfunction!(pdb::open, m)?)?;
    m.add_function(wrap_pyfunction!(pdb::list, m)?)?;
    m.add_class::<subtree::Frontier>()?;
    m.add_function(wrap_pyfunction!(subtree::split_iteration, m)?)?;
    m.add_function(wrap_pyfunction!(subtree::search_subtrees, m)?)?;
    m.add_function(wrap_pyfunction!(subtree::hard_solution, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
