//! Builds that survive being stopped: each pattern is built on its own and
//! kept in a part file beside the final one (a database file of that one
//! pattern, written atomically like every database file), a rerun reuses
//! the parts that are complete and intact, and the final file is assembled
//! from the memory-mapped parts — streamed, never all in memory — before
//! they are removed. A 7-7-7-3 build of the 24-puzzle stopped in its third
//! pattern loses only that pattern's work, and needs the memory of one
//! pattern's build, not that plus the finished tables.

use std::fs;
use std::path::{Path, PathBuf};

use super::file::{encode_header, write_atomically};
use super::{placements, AdditivePdb, BuildOptions, BuildProgress, Partition, PdbSpec, Xxh64};
use crate::Error;

/// Where pattern `index` of `spec` is kept while `spec` is built in `dir`:
/// a hidden name that listings skip (it does not end in `.pdb`).
pub(crate) fn part_path(dir: &Path, spec: &PdbSpec, index: usize) -> PathBuf {
    dir.join(format!(".{}.part{index}", spec.file_name()))
}

impl AdditivePdb {
    /// Builds the databases of `spec` into `dir` under
    /// [`PdbSpec::file_name`] one pattern at a time, and returns the path.
    /// Each finished pattern is kept in a part file, so a build that is
    /// stopped and run again starts from the first pattern not finished;
    /// the parts are removed once the file is complete. Needs the memory
    /// of the largest pattern's build only ([`PdbSpec::build_memory_parts`]).
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
    /// use npuzzle::Goal;
    /// let dir = tempfile::tempdir().unwrap();
    /// let spec = PdbSpec::parse(&Goal::standard("3x3".parse()?), "1,2,3,4/5,6,7,8")?;
    /// let path = AdditivePdb::build_into(dir.path(), &spec, &Default::default(), &mut |_| {})?;
    /// let pdb = AdditivePdb::open(&path, &spec)?;
    /// pdb.verify()?;
    /// assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1); // no parts left
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn build_into(
        dir: &Path,
        spec: &PdbSpec,
        options: &BuildOptions,
        progress: &mut dyn FnMut(&BuildProgress),
    ) -> Result<PathBuf, Error> {
        let goal = spec.goal();
        let cells = spec.shape().cells();
        let total = spec.entries();
        let count = spec.partition().patterns().len();
        let mut done = 0;
        let mut parts = Vec::with_capacity(count);
        for (index, tiles) in spec.partition().patterns().iter().enumerate() {
            let part_spec =
                PdbSpec::new(goal.clone(), Partition::new(vec![tiles.clone()], goal)?)?.with_kind(spec.kind());
            let path = part_path(dir, spec, index);
            let entries = placements(cells, tiles.len());
            let kept = AdditivePdb::open(&path, &part_spec).and_then(|p| p.verify().map(|()| p));
            let part = match kept {
                Ok(part) => {
                    progress(&BuildProgress {
                        pattern: index,
                        patterns: count,
                        depth: 0,
                        reached: entries,
                        entries,
                        done,
                        total,
                    });
                    part
                }
                Err(_) => {
                    let built = AdditivePdb::build(&part_spec, options, &mut |p| {
                        progress(&BuildProgress {
                            pattern: index,
                            patterns: count,
                            done: done + p.done,
                            total,
                            ..*p
                        });
                    })?;
                    built.write(&path)?;
                    drop(built);
                    AdditivePdb::open(&path, &part_spec)?
                }
            };
            done += entries;
            parts.push(part);
        }
        let mut hasher = Xxh64::new();
        for part in &parts {
            hasher.write(part.patterns()[0].table());
        }
        let layout: Vec<(u8, u64, u64)> = parts
            .iter()
            .map(|p| {
                let db = &p.patterns()[0];
                (db.bits(), db.entries(), db.table().len() as u64)
            })
            .collect();
        let header = encode_header(spec, &layout, hasher.finish());
        let path = dir.join(spec.file_name());
        write_atomically(&path, |out| {
            out.write_all(&header)?;
            for part in &parts {
                out.write_all(part.patterns()[0].table())?;
            }
            Ok(())
        })?;
        drop(parts);
        for index in 0..count {
            // A part left behind wastes space but breaks nothing.
            let _ = fs::remove_file(part_path(dir, spec, index));
        }
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::Heuristic;
    use crate::{Goal, Shape};

    #[test]
    fn a_stopped_build_resumes_from_its_finished_parts() {
        let goal = Goal::blank_first(Shape::new(4, 3).unwrap());
        let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7/8,9,10,11").unwrap();
        let dir = tempfile::tempdir().unwrap();
        // As if stopped in the third pattern: the first two parts are there,
        // the second built by hand (so it is known to be reused, not rebuilt).
        let mut built = Vec::new();
        for (index, tiles) in spec.partition().patterns().iter().take(2).enumerate() {
            let one = PdbSpec::new(goal.clone(), Partition::new(vec![tiles.clone()], &goal).unwrap()).unwrap();
            let pdb = AdditivePdb::build(&one, &BuildOptions::default(), &mut |_| {}).unwrap();
            pdb.write(&part_path(dir.path(), &spec, index)).unwrap();
            built.push(pdb);
        }
        // A torn third part (not a database file) is rebuilt.
        fs::write(part_path(dir.path(), &spec, 2), b"npzlPDB\x1a torn").unwrap();
        let mut patterns_built = Vec::new();
        let path = AdditivePdb::build_into(dir.path(), &spec, &BuildOptions::default(), &mut |p| {
            if p.depth > 0 && patterns_built.last() != Some(&p.pattern) {
                patterns_built.push(p.pattern);
            }
        })
        .unwrap();
        assert_eq!(patterns_built, [2]);
        let names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, [spec.file_name()]);
        let resumed = AdditivePdb::open(&path, &spec).unwrap();
        resumed.verify().unwrap();
        let whole = AdditivePdb::build(&spec, &BuildOptions::default(), &mut |_| {}).unwrap();
        for (a, b) in resumed.patterns().iter().zip(whole.patterns()) {
            assert_eq!(a.table(), b.table());
        }
        whole.verify().unwrap();
        let board = crate::Board::parse("5 1 2 3 4 x 6 7 8 9 10 11", Some(goal.shape())).unwrap();
        assert_eq!(resumed.estimate(board.tiles()), whole.estimate(board.tiles()));
    }
}
