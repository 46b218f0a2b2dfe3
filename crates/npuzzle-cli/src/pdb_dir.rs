//! Where pattern databases live: `--pdb-dir`, else `$NPUZZLE_PDB_DIR`, else
//! `npuzzle/pdb` in the user's cache directory. Resolved here and only here;
//! the library takes the directory as a path.

use std::ffi::OsString;
use std::path::PathBuf;

use anyhow::{Context, Result};

/// The environment variable naming the database directory, overriding the default.
pub const DIR_ENV: &str = "NPUZZLE_PDB_DIR";

/// `--pdb-dir`, flattened into every subcommand that reads or writes databases.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct DirArgs {
    /// Pattern database directory (default: $NPUZZLE_PDB_DIR, else the user's cache directory + npuzzle/pdb).
    #[arg(long, value_name = "DIR")]
    pub pdb_dir: Option<PathBuf>,
}

impl DirArgs {
    /// The directory to use, `None` when none is given and no cache directory is known.
    pub fn resolve(&self) -> Option<PathBuf> {
        self.pdb_dir
            .clone()
            .or_else(|| default_dir(|name| std::env::var_os(name)))
    }

    /// The directory to use, or an error that says how to give one.
    pub fn dir(&self) -> Result<PathBuf> {
        self.resolve().context(NO_DIR)
    }
}

/// Why there is no directory, and what to do.
pub const NO_DIR: &str =
    "no database directory: give one with --pdb-dir or NPUZZLE_PDB_DIR (no cache directory was found)";

/// Where databases are kept when no directory is given, reading environment
/// variables through `var`: `$NPUZZLE_PDB_DIR` if set, else `npuzzle/pdb` in
/// the user's cache directory (`$XDG_CACHE_HOME` or `~/.cache` on Linux,
/// `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows). `None` if no
/// home directory is known.
pub fn default_dir(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let var = |name: &str| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = var(DIR_ENV) {
        return Some(dir);
    }
    let cache = if cfg!(windows) {
        var("LOCALAPPDATA")
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|h| h.join("Library").join("Caches"))
    } else {
        var("XDG_CACHE_HOME")
            .filter(|p| p.is_absolute())
            .or_else(|| var("HOME").map(|h| h.join(".cache")))
    };
    cache.map(|c| c.join("npuzzle").join("pdb"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `default_dir` with exactly these variables set.
    fn dir_with(vars: &[(&str, &str)]) -> Option<PathBuf> {
        default_dir(|name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| OsString::from(v)))
    }

    #[test]
    fn the_variable_wins_over_the_cache_directory() {
        let dir = dir_with(&[(DIR_ENV, "/tmp/my-pdbs"), ("HOME", "/home/u"), ("XDG_CACHE_HOME", "/c")]);
        assert_eq!(dir, Some(PathBuf::from("/tmp/my-pdbs")));
    }

    #[test]
    fn an_empty_variable_counts_as_unset() {
        assert_eq!(dir_with(&[(DIR_ENV, "")]), None);
    }

    #[cfg(all(unix, not(target_os = "macos")))]
    #[test]
    fn default_dir_ends_in_npuzzle_pdb_in_the_cache_directory() {
        let xdg = dir_with(&[("XDG_CACHE_HOME", "/c"), ("HOME", "/home/u")]);
        assert_eq!(xdg, Some(PathBuf::from("/c/npuzzle/pdb")));
        // A relative XDG_CACHE_HOME is ignored, as the XDG specification says.
        let home = dir_with(&[("XDG_CACHE_HOME", "rel"), ("HOME", "/home/u")]);
        assert_eq!(home, Some(PathBuf::from("/home/u/.cache/npuzzle/pdb")));
        assert_eq!(dir_with(&[]), None);
    }
}
