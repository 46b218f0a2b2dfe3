//! What the command line advises on the library's errors. The library's
//! errors carry facts — the board, goal and partition of the databases
//! wanted — and this turns them into the `npuzzle pdb build …` command that
//! fixes the problem.

use npuzzle::error::{DatabaseError, Refusal};
use npuzzle::heuristic::pdb::{recommended_partition, Partition, PdbSpec, TableKind};
use npuzzle::{Error, Goal};

use npuzzle_service::source::multi_tile_file_name;

use crate::pdb_dir::NO_DIR;

/// The command that builds `spec`'s databases.
pub fn build_command(spec: &PdbSpec) -> String {
    let kind = match spec.kind() {
        TableKind::ZeroAware => " --zero-aware",
        TableKind::Compact => " --compact",
        _ => "",
    };
    format!(
        "npuzzle pdb build --size {} --goal {} --partition {}{kind}",
        spec.shape(),
        spec.goal_label(),
        spec.partition().to_arg()
    )
}

/// The command that builds the recommended databases for `goal`, or a
/// template to fill in with tiles where there is no recommendation.
pub fn build_command_for(goal: &Goal) -> String {
    let shape = goal.shape();
    let recommended = recommended_partition(shape)
        .and_then(|name| PdbSpec::parse(goal, name).ok())
        .map(|spec| spec.with_kind(TableKind::recommended(shape)));
    match recommended {
        Some(spec) => build_command(&spec),
        None => format!(
            "npuzzle pdb build --size {} --goal \"{goal}\" --partition TILES",
            goal.shape()
        ),
    }
}

/// The command that builds the multi-tile database for boards of `shape`,
/// or a template when the shape is not known.
pub fn multi_tile_command(shape: Option<npuzzle::Shape>) -> String {
    let size = shape.map_or_else(|| "WxH".to_string(), |s| s.to_string());
    format!("npuzzle pdb build --size {size} --metric mtm")
}

/// A multi-tile database file's error (its own, from opening it) with the
/// command line's advice, for the shape its name says when it has the name
/// `pdb build` gives.
pub fn explain_multi_tile(path: &std::path::Path, e: &Error) -> String {
    let shape = path
        .file_name()
        .and_then(|name| name.to_str())
        .and_then(|name| name.split_once('-'))
        .and_then(|(size, _)| size.parse::<npuzzle::Shape>().ok())
        .filter(|&shape| path.file_name().is_some_and(|n| *n == *multi_tile_file_name(shape)));
    format!("{}; rebuild it with `{}`", e.full_message(), multi_tile_command(shape))
}

/// The command for `spec` if known, else a template.
fn command_or_template(spec: Option<&PdbSpec>) -> String {
    spec.map_or_else(
        || "npuzzle pdb build --size WxH --goal GOAL --partition TILES".to_string(),
        build_command,
    )
}

/// What to do about `e`, when the command line knows.
pub fn advice(e: &Error) -> Option<String> {
    let advice = match e {
        Error::Database(DatabaseError::NotLoaded { goal, .. }) => {
            let command = PdbSpec::recommended(goal).map_or_else(|_| build_command_for(goal), |s| build_command(&s));
            format!("build them with `{command}` and load them")
        }
        Error::Database(DatabaseError::NotFound { dir: None, .. }) => NO_DIR.to_string(),
        Error::Database(DatabaseError::NotFound {
            goal,
            partition: Some(partition),
            ..
        }) => format!("build them with `{}`", command_for(goal, partition)),
        Error::Database(DatabaseError::NotFound { goal, .. }) => format!("build databases with `{}`", build_command_for(goal)),
        Error::Database(DatabaseError::Unusable { goal, partition, .. }) => {
            let command = partition
                .as_deref()
                .map_or_else(|| build_command_for(goal), |p| command_for(goal, p));
            format!("delete it, or build databases in its place with `{command}`")
        }
        Error::Database(DatabaseError::MultiTileNotFound { path: None, .. }) => NO_DIR.to_string(),
        Error::Database(DatabaseError::MultiTileNotFound { shape, .. }) => {
            format!("build it with `{}`", multi_tile_command(Some(*shape)))
        }
        Error::Database(DatabaseError::MultiTileUnusable { shape, .. }) => {
            format!("rebuild it with `{}`", multi_tile_command(Some(*shape)))
        }
        Error::Database(DatabaseError::Missing { spec, .. }) => format!("build it with `{}`", build_command(spec)),
        Error::Database(DatabaseError::Magic { spec, .. }) => format!(
            "delete it and build one with `{}`",
            command_or_template(spec.as_deref())
        ),
        Error::Database(DatabaseError::Mismatch { spec, .. }) => {
            format!("build the right one with `{}`", command_or_template(spec.as_deref()))
        }
        Error::Database(DatabaseError::Version { spec, .. })
        | Error::Database(DatabaseError::Truncated { spec, .. })
        | Error::Database(DatabaseError::Checksum { spec, .. })
        | Error::Database(DatabaseError::Corrupt { spec, .. }) => format!("rebuild it with `{}`", command_or_template(spec.as_deref())),
        _ if e.auto_would_answer() => "drop `--algorithm greedy`".to_string(),
        Error::Refused(Refusal::NoExactHint { .. }) => "run `npuzzle solve --algorithm greedy` on it".to_string(),
        Error::Refused(Refusal::NoExactCount { shape, cells, .. }) if *cells <= npuzzle::board::MAX_NARROW_CELLS => format!(
            "drop `--count` and `--all`, or count with `--algorithm idastar` (an optimal search of a {shape} board may not finish: bound it with --timeout)"
        ),
        Error::Refused(Refusal::NoExactCount { .. }) => "drop `--count` and `--all`".to_string(),
        _ => return None,
    };
    Some(advice)
}

/// The build command for `partition`'s databases for `goal`.
fn command_for(goal: &Goal, partition: &Partition) -> String {
    PdbSpec::new(goal.clone(), partition.clone()).map_or_else(|_| build_command_for(goal), |s| build_command(&s))
}

/// A library error with the command line's advice.
pub fn explain(e: &Error) -> String {
    let message = e.full_message();
    match advice(e) {
        Some(advice) => format!("{message}; {advice}"),
        None => message,
    }
}

/// An error chain (`{:#}`) with the advice on the first library error in it.
pub fn explain_chain(err: &anyhow::Error) -> String {
    let advice = err.chain().find_map(|e| e.downcast_ref::<Error>()).and_then(advice);
    match advice {
        Some(advice) => format!("{err:#}; {advice}"),
        None => format!("{err:#}"),
    }
}
