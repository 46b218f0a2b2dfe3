//! Database files: where they live, their header, and writing them safely.
//!
//! A file holds every table of one partition, after a header (all numbers
//! little-endian):
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..8 | magic `npzlPDB\x1a` |
//! | 8..12 | format version: [`FORMAT_VERSION`] (1), [`ZERO_AWARE_FORMAT_VERSION`] (2) for zero-aware tables, [`COMPACT_FORMAT_VERSION`] (3) for compact zero-aware ones |
//! | 12..16 | header length (a multiple of 64; the tables start there) |
//! | 16..24 | XXH64 of bytes 24..header length (checked on every open) |
//! | 24..32 | XXH64 of the tables (checked by `verify`) |
//! | 32..40 | file length |
//! | 40..44 | board width, height (`u16` each) |
//! | 44 | number of patterns |
//! | 45..48 | zero |
//! | 48.. | the goal's tiles, one byte a cell (0 = blank) |
//! | then | per pattern: tile count `k`, bits per entry, (version 2 only: entries per placement `R`), the `k` tiles, entries (`u64`), table offset (`u64`), table length (`u64`) |
//! | then | zeros up to the header length |
//!
//! The tables follow one another with no gaps, in pattern order, each
//! packed as [`entry`](super::entry) reads it.
//!
//! A zero-aware table (version 2) holds `R` entries per placement, one per
//! region of the cells its tiles leave free, where `R` is the most regions
//! any placement of `k` tiles leaves on the board: entry `rank × R + region`
//! (see [`PatternDatabase`](super::PatternDatabase)). A compact zero-aware
//! table (version 3) has the fields of version 1 and one byte per
//! placement (8 bits per entry, the only width it may have): the value of
//! the placement's main region in the low nibble, the least over its other
//! regions in the high one, the main region found from the goal in the
//! header (see the `compact` module). Classic files are still written as
//! version 1, byte for byte as before, so older readers read them.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use std::sync::Arc;

use super::pattern::Table;
use super::{
    AdditivePdb, BuildOptions, BuildProgress, Partition, PatternDatabase, PdbInfo, PdbSpec, Source, TableKind,
};
use crate::board::{Board, Shape};
use crate::error::DatabaseError;
use crate::goal::Goal;
use crate::Error;

/// The first eight bytes of every database file.
pub const MAGIC: [u8; 8] = *b"npzlPDB\x1a";

/// The format version of classic files (one entry per placement), which
/// this library writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The format version of zero-aware files (one entry per placement and
/// region of the blank).
pub const ZERO_AWARE_FORMAT_VERSION: u32 = 2;

/// The format version of compact zero-aware files (one byte per placement:
/// the value of its main region and the least of the others), the newest
/// this library reads.
pub const COMPACT_FORMAT_VERSION: u32 = 3;

/// The format version that holds tables of `kind`.
fn version_of(kind: TableKind) -> u32 {
    match kind {
        TableKind::Classic => FORMAT_VERSION,
        TableKind::ZeroAware => ZERO_AWARE_FORMAT_VERSION,
        TableKind::Compact => COMPACT_FORMAT_VERSION,
    }
}

/// The file extension of database files.
pub const EXTENSION: &str = "pdb";

/// Bytes before the goal's tiles.
const FIXED: usize = 48;

/// The largest header this library writes (a 32-cell board, 31 one-tile patterns).
const MAX_HEADER: usize = 4096;

/// An I/O error as an [`Error`] naming the path.
pub(crate) fn io_error(action: &'static str, path: &Path, err: io::Error) -> Error {
    Error::Database(DatabaseError::Io {
        action,
        path: path.to_path_buf(),
        kind: err.kind(),
        source: err.into(),
    })
}

/// Where one table is in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TableInfo {
    pub tiles: Vec<u8>,
    pub bits: u8,
    /// Entries per placement: 1, or for a zero-aware table the most regions.
    pub regions: u32,
    pub entries: u64,
    pub offset: u64,
    pub len: u64,
}

/// A decoded header.
#[derive(Debug, Clone)]
pub(crate) struct Header {
    pub spec: PdbSpec,
    pub tables: Vec<TableInfo>,
    pub header_len: usize,
    pub data_checksum: u64,
}

/// Bytes needed for the header of `spec`, rounded up to 64.
pub(crate) fn header_len(spec: &PdbSpec) -> usize {
    let patterns = spec.partition().patterns();
    let per_pattern = 2 + usize::from(spec.kind() == TableKind::ZeroAware);
    let raw = FIXED + spec.shape().cells() + patterns.iter().map(|p| per_pattern + p.len() + 24).sum::<usize>();
    raw.div_ceil(64) * 64
}

/// The header for `spec` with tables of `(bits, entries, bytes)` laid out in order.
pub(crate) fn encode_header(spec: &PdbSpec, tables: &[(u8, u64, u64)], data_checksum: u64) -> Vec<u8> {
    let len = header_len(spec);
    let shape = spec.shape();
    let mut h = Vec::with_capacity(len);
    h.extend_from_slice(&MAGIC);
    h.extend_from_slice(&version_of(spec.kind()).to_le_bytes());
    h.extend_from_slice(&(len as u32).to_le_bytes());
    h.extend_from_slice(&[0; 8]); // header checksum, filled in below
    h.extend_from_slice(&data_checksum.to_le_bytes());
    let file_len = len as u64 + tables.iter().map(|t| t.2).sum::<u64>();
    h.extend_from_slice(&file_len.to_le_bytes());
    h.extend_from_slice(&(shape.width() as u16).to_le_bytes());
    h.extend_from_slice(&(shape.height() as u16).to_le_bytes());
    h.push(spec.partition().patterns().len() as u8);
    h.extend_from_slice(&[0; 3]);
    h.extend_from_slice(spec.goal().board().tiles());
    let mut offset = len as u64;
    let regions = spec.regions_per_placement();
    for ((pattern, &(bits, entries, bytes)), &r) in spec.partition().patterns().iter().zip(tables).zip(&regions) {
        h.push(pattern.len() as u8);
        h.push(bits);
        if spec.kind() == TableKind::ZeroAware {
            h.push(r as u8);
        }
        h.extend_from_slice(pattern);
        h.extend_from_slice(&entries.to_le_bytes());
        h.extend_from_slice(&offset.to_le_bytes());
        h.extend_from_slice(&bytes.to_le_bytes());
        offset += bytes;
    }
    h.resize(len, 0);
    let checksum = super::Xxh64::hash(&h[24..]);
    h[16..24].copy_from_slice(&checksum.to_le_bytes());
    h
}

/// Reads little-endian numbers from a byte slice, failing on a short read.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let s = self.bytes.get(self.at..self.at + n)?;
        self.at += n;
        Some(s)
    }

    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    fn u16(&mut self) -> Option<u16> {
        self.take(2).map(|b| u16::from_le_bytes([b[0], b[1]]))
    }

    fn u64(&mut self) -> Option<u64> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Some(u64::from_le_bytes(a))
    }
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(a)
}

/// Decodes and checks the header at the start of `bytes` (the whole file,
/// `file_len` bytes long, or at least its first `FIXED` bytes if shorter),
/// then compares it with `expected`.
pub(crate) fn decode_header(
    bytes: &[u8],
    file_len: u64,
    path: &Path,
    expected: Option<&PdbSpec>,
) -> Result<Header, Error> {
    let path_buf = || path.to_path_buf();
    let hint = |found: Option<&PdbSpec>| expected.or(found).map(|s| Box::new(s.clone()));
    let truncated = |want: u64, found: Option<&PdbSpec>| {
        Error::Database(DatabaseError::Truncated {
            path: path_buf(),
            expected: want,
            got: file_len,
            spec: hint(found),
        })
    };
    let corrupt = |reason: String, found: Option<&PdbSpec>| {
        Error::Database(DatabaseError::Corrupt {
            path: path_buf(),
            reason,
            spec: hint(found),
        })
    };
    if bytes.len() < MAGIC.len() {
        return Err(if MAGIC.starts_with(bytes) {
            truncated(FIXED as u64, None)
        } else {
            Error::Database(DatabaseError::Magic {
                path: path_buf(),
                spec: hint(None),
            })
        });
    }
    if bytes[..8] != MAGIC {
        return Err(Error::Database(DatabaseError::Magic {
            path: path_buf(),
            spec: hint(None),
        }));
    }
    if bytes.len() < 12 {
        return Err(truncated(FIXED as u64, None));
    }
    let version = u32_at(bytes, 8);
    let Some(kind) = [TableKind::Classic, TableKind::ZeroAware, TableKind::Compact]
        .into_iter()
        .find(|&k| version_of(k) == version)
    else {
        return Err(Error::Database(DatabaseError::Version {
            path: path_buf(),
            expected: COMPACT_FORMAT_VERSION,
            got: version,
            spec: hint(None),
        }));
    };
    if bytes.len() < FIXED {
        return Err(truncated(FIXED as u64, None));
    }
    let header_len = u32_at(bytes, 12) as usize;
    if !(FIXED..=MAX_HEADER).contains(&header_len) || header_len % 64 != 0 {
        return Err(corrupt(format!("impossible header length {header_len}"), None));
    }
    if bytes.len() < header_len {
        return Err(truncated(header_len as u64, None));
    }
    let stored = u64_at(bytes, 16);
    let computed = super::Xxh64::hash(&bytes[24..header_len]);
    if stored != computed {
        return Err(Error::Database(DatabaseError::Checksum {
            path: path_buf(),
            part: "header",
            stored,
            computed,
            spec: hint(None),
        }));
    }

    // The header is as written; what it says must still make sense.
    let data_checksum = u64_at(bytes, 24);
    let recorded_len = u64_at(bytes, 32);
    let mut r = Reader {
        bytes: &bytes[..header_len],
        at: 40,
    };
    let short = || corrupt("the header ends early".into(), None);
    let width = usize::from(r.u16().ok_or_else(short)?);
    let height = usize::from(r.u16().ok_or_else(short)?);
    let count = usize::from(r.u8().ok_or_else(short)?);
    r.take(3).ok_or_else(short)?;
    let shape = Shape::new(width, height).map_err(|e| corrupt(e.to_string(), None))?;
    let goal_tiles = r.take(shape.cells()).ok_or_else(short)?.to_vec();
    let goal = Goal::new(Board::new(shape, goal_tiles).map_err(|e| corrupt(format!("bad goal: {e}"), None))?);
    let zero_aware = kind == TableKind::ZeroAware;
    let mut tables = Vec::with_capacity(count);
    for _ in 0..count {
        let k = usize::from(r.u8().ok_or_else(short)?);
        let bits = r.u8().ok_or_else(short)?;
        let regions = if zero_aware { r.u8().ok_or_else(short)? } else { 1 };
        let tiles = r.take(k).ok_or_else(short)?.to_vec();
        let entries = r.u64().ok_or_else(short)?;
        let offset = r.u64().ok_or_else(short)?;
        let len = r.u64().ok_or_else(short)?;
        tables.push(TableInfo {
            tiles,
            bits,
            regions: u32::from(regions),
            entries,
            offset,
            len,
        });
    }
    let patterns = tables.iter().map(|t| t.tiles.clone()).collect();
    let partition = Partition::new(patterns, &goal).map_err(|e| corrupt(e.to_string(), None))?;
    let partition = partition.with_known_name(&goal);
    let spec = PdbSpec::new(goal, partition)
        .map_err(|e| corrupt(e.to_string(), None))?
        .with_kind(kind);
    if spec
        .partition()
        .patterns()
        .iter()
        .zip(&tables)
        .any(|(p, t)| *p != t.tiles)
    {
        return Err(corrupt("patterns are not in canonical order".into(), Some(&spec)));
    }
    let mut end = header_len as u64;
    let regions = spec.regions_per_placement();
    for (t, &r) in tables.iter().zip(&regions) {
        if t.regions != r {
            return Err(corrupt(
                format!(
                    "the table of tiles {:?} has {} entries per placement, not {r}",
                    t.tiles, t.regions
                ),
                Some(&spec),
            ));
        }
        let want_entries = super::placements(shape.cells(), t.tiles.len()).saturating_mul(u64::from(r));
        if kind == TableKind::Compact && t.bits != 8 {
            return Err(corrupt(
                format!(
                    "the compact table of tiles {:?} has {} bits per entry, not 8",
                    t.tiles, t.bits
                ),
                Some(&spec),
            ));
        }
        let want_len = match t.bits {
            4 => want_entries.div_ceil(2),
            8 => want_entries,
            b => return Err(corrupt(format!("{b} bits per entry"), Some(&spec))),
        };
        if t.entries != want_entries || t.len != want_len || t.offset != end {
            return Err(corrupt(
                format!("the table of tiles {:?} is laid out wrongly", t.tiles),
                Some(&spec),
            ));
        }
        // A pattern of 14 or more tiles on 32 cells has more entries than a
        // `u64` counts (`placements` saturates), so lengths can add up past it.
        end = end.checked_add(t.len).ok_or_else(|| {
            corrupt(
                format!("the table of tiles {:?} ends past 2^64 bytes", t.tiles),
                Some(&spec),
            )
        })?;
    }
    if end != recorded_len {
        return Err(corrupt(
            "the tables do not add up to the file length".into(),
            Some(&spec),
        ));
    }

    if let Some(want) = expected {
        let mismatch = |what: &'static str, expected: String, got: String| {
            Error::Database(DatabaseError::Mismatch {
                path: path_buf(),
                what,
                expected,
                got,
                spec: Some(Box::new(want.clone())),
            })
        };
        if want.shape() != spec.shape() {
            return Err(mismatch("board", want.shape().to_string(), spec.shape().to_string()));
        }
        if want.goal() != spec.goal() {
            return Err(mismatch("goal", want.goal().to_string(), spec.goal().to_string()));
        }
        if want.partition() != spec.partition() {
            return Err(mismatch(
                "partition",
                want.partition().to_string(),
                spec.partition().to_string(),
            ));
        }
        if want.kind() != spec.kind() {
            let kind = |s: &PdbSpec| s.kind().label().to_string();
            return Err(mismatch("kind", kind(want), kind(&spec)));
        }
    }
    if file_len < recorded_len {
        return Err(truncated(recorded_len, Some(&spec)));
    }
    if file_len > recorded_len {
        return Err(corrupt(
            format!("{} bytes follow the last table", file_len - recorded_len),
            Some(&spec),
        ));
    }
    Ok(Header {
        spec,
        tables,
        header_len,
        data_checksum,
    })
}

/// Writes `path` through a temporary file in the same directory that is
/// renamed over it only once complete and synced, so a failed or killed
/// write never leaves a partial file under the real name. The temporary
/// file is removed on failure (a killed process can leave one behind; its
/// name starts with `.` and ends in `.tmp`, and listings skip it).
pub(crate) fn write_atomically(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Error> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(|e| io_error("create", &dir, e))?;
    let name = path
        .file_name()
        .map_or_else(|| "pdb".into(), |n| n.to_string_lossy().into_owned());
    let nanos = crate::time::SystemTime::now()
        .duration_since(crate::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let tmp = dir.join(format!(".{name}.{}.{nanos}.tmp", std::process::id()));
    let result = (|| {
        let file = File::create_new(&tmp).map_err(|e| io_error("create", &tmp, e))?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        write(&mut out).map_err(|e| io_error("write", &tmp, e))?;
        // The file is closed at the end of this block, before the rename.
        {
            let file = out.into_inner().map_err(|e| io_error("write", &tmp, e.into_error()))?;
            file.sync_all().map_err(|e| io_error("write", &tmp, e))?;
        }
        fs::rename(&tmp, path).map_err(|e| io_error("rename", path, e))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Reading and writing whole database files.
impl AdditivePdb {
    /// Maps the file at `path`, checking that its header is intact and that
    /// it holds the databases of `spec`. The tables are not read here; see
    /// [`AdditivePdb::verify`]. No file there is [`DatabaseError::Missing`], naming
    /// the databases wanted.
    pub fn open(path: &Path, spec: &PdbSpec) -> Result<AdditivePdb, Error> {
        AdditivePdb::open_checked(path, Some(spec))
    }

    /// Maps whatever databases the file at `path` holds, checking that its header is intact.
    pub fn open_any(path: &Path) -> Result<AdditivePdb, Error> {
        AdditivePdb::open_checked(path, None)
    }

    /// Opens `spec`'s file in `dir` (named by [`PdbSpec::file_name`]).
    pub fn load(dir: &Path, spec: &PdbSpec) -> Result<AdditivePdb, Error> {
        AdditivePdb::open(&dir.join(spec.file_name()), spec)
    }

    /// Opens `spec`'s file in `dir`, or builds and saves it there if there
    /// is none; `true` with the databases if they were built. A file that is
    /// there but wrong is an error, not silently rebuilt.
    pub fn load_or_build(
        dir: &Path,
        spec: &PdbSpec,
        options: &BuildOptions,
        progress: &mut dyn FnMut(&BuildProgress),
    ) -> Result<(AdditivePdb, bool), Error> {
        match AdditivePdb::load(dir, spec) {
            Err(Error::Database(DatabaseError::Missing { .. })) => {
                let pdb = AdditivePdb::build(spec, options, progress)?;
                pdb.save(dir)?;
                Ok((pdb, true))
            }
            other => other.map(|pdb| (pdb, false)),
        }
    }

    fn open_checked(path: &Path, expected: Option<&PdbSpec>) -> Result<AdditivePdb, Error> {
        let file = File::open(path).map_err(|e| match expected {
            Some(spec) if e.kind() == std::io::ErrorKind::NotFound => Error::Database(DatabaseError::Missing {
                path: path.to_path_buf(),
                spec: Box::new(spec.clone()),
            }),
            _ => io_error("read", path, e),
        })?;
        let len = file.metadata().map_err(|e| io_error("read", path, e))?.len();
        if len < 64 {
            // Too short to be anything but broken; read it to say how.
            let bytes = fs::read(path).map_err(|e| io_error("read", path, e))?;
            decode_header(&bytes, bytes.len() as u64, path, expected)?;
            return Err(Error::Database(DatabaseError::Truncated {
                path: path.to_path_buf(),
                expected: 64,
                got: len,
                spec: expected.map(|s| Box::new(s.clone())),
            }));
        }
        // SAFETY: mapping is unsafe because another process could change or
        // truncate the file while it is mapped, which Rust cannot rule out.
        // Database files are written once to a temporary name and renamed into
        // place, never changed afterwards, so a mapped file stays as it was;
        // a file cut short by someone else is the documented risk of mmap.
        // Mapping (rather than reading 300 MB) makes opening instant and lets
        // processes share the pages.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| io_error("read", path, e))?;
        let header = decode_header(&map, len, path, expected)?;
        let map = Arc::new(map);
        let shape = header.spec.shape();
        let patterns = header
            .tables
            .iter()
            .map(|t| {
                let table = Table::Mapped {
                    map: Arc::clone(&map),
                    start: t.offset as usize,
                    len: t.len as usize,
                };
                let compact = header.spec.kind() == TableKind::Compact;
                PatternDatabase::new(
                    shape,
                    header.spec.goal(),
                    t.tiles.clone(),
                    t.bits,
                    t.regions,
                    compact,
                    table,
                )
            })
            .collect();
        let source = Source::File {
            path: path.to_path_buf(),
            map,
            header_len: header.header_len,
        };
        Ok(AdditivePdb::assemble(
            header.spec,
            patterns,
            header.data_checksum,
            source,
        ))
    }

    /// Writes the databases to `path` (through a temporary file and a rename).
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        let tables: Vec<(u8, u64, u64)> = self
            .patterns
            .iter()
            .map(|db| (db.bits(), db.entries(), db.table().len() as u64))
            .collect();
        let header = encode_header(&self.spec, &tables, self.data_checksum);
        write_atomically(path, |out| {
            out.write_all(&header)?;
            for db in &self.patterns {
                out.write_all(db.table())?;
            }
            Ok(())
        })
    }

    /// Writes the databases into `dir` under [`PdbSpec::file_name`] and returns the path.
    pub fn save(&self, dir: &Path) -> Result<PathBuf, Error> {
        let path = dir.join(self.spec.file_name());
        self.write(&path)?;
        Ok(path)
    }
}

/// Databases as bytes, for a front-end that holds them itself instead of a
/// file (a browser keeps them in IndexedDB): the bytes are exactly a file's.
impl AdditivePdb {
    /// The databases as the bytes [`AdditivePdb::write`] writes: the header, then each table.
    pub fn to_bytes(&self) -> Vec<u8> {
        let tables: Vec<(u8, u64, u64)> = self
            .patterns
            .iter()
            .map(|db| (db.bits(), db.entries(), db.table().len() as u64))
            .collect();
        let mut bytes = encode_header(&self.spec, &tables, self.data_checksum);
        for db in &self.patterns {
            bytes.extend_from_slice(db.table());
        }
        bytes
    }

    /// The databases in `bytes` (a file's content, as [`AdditivePdb::to_bytes`]
    /// gives), checked in full — header and data checksum — since bytes
    /// handed over have no rename protecting them. `name` names them in errors.
    ///
    /// ```
    /// use std::path::Path;
    /// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
    /// use npuzzle::Goal;
    /// let spec = PdbSpec::parse(&Goal::standard("3x3".parse()?), "1,2,3,4/5,6,7,8")?;
    /// let built = AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?;
    /// let bytes = built.to_bytes();
    /// let read = AdditivePdb::from_bytes(&bytes, Path::new("eight.pdb"))?;
    /// assert_eq!(read.spec(), &spec);
    /// let mut broken = bytes.clone();
    /// *broken.last_mut().unwrap() ^= 1;
    /// assert!(AdditivePdb::from_bytes(&broken, Path::new("eight.pdb")).is_err());
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn from_bytes(bytes: &[u8], name: &Path) -> Result<AdditivePdb, Error> {
        let len = bytes.len() as u64;
        let header = decode_header(bytes, len, name, None)?;
        if len < 64 {
            return Err(Error::Database(DatabaseError::Truncated {
                path: name.to_path_buf(),
                expected: 64,
                got: len,
                spec: None,
            }));
        }
        let shape = header.spec.shape();
        let compact = header.spec.kind() == TableKind::Compact;
        let mut patterns = Vec::with_capacity(header.tables.len());
        for t in &header.tables {
            let (start, end) = (t.offset as usize, (t.offset + t.len) as usize);
            let table = bytes.get(start..end).ok_or_else(|| {
                Error::Database(DatabaseError::Truncated {
                    path: name.to_path_buf(),
                    expected: t.offset + t.len,
                    got: len,
                    spec: Some(Box::new(header.spec.clone())),
                })
            })?;
            patterns.push(PatternDatabase::new(
                shape,
                header.spec.goal(),
                t.tiles.clone(),
                t.bits,
                t.regions,
                compact,
                Table::Owned(Arc::new(table.to_vec())),
            ));
        }
        let pdb = AdditivePdb::assemble(header.spec, patterns, header.data_checksum, Source::Built);
        pdb.verify().map_err(|e| match e {
            Error::Database(DatabaseError::Checksum {
                part,
                stored,
                computed,
                spec,
                ..
            }) => Error::Database(DatabaseError::Checksum {
                path: name.to_path_buf(),
                part,
                stored,
                computed,
                spec,
            }),
            other => other,
        })?;
        Ok(pdb)
    }
}

/// A file found by [`list`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedFile {
    /// The file.
    pub path: PathBuf,
    /// Its summary, or why it cannot be used.
    pub info: Result<PdbInfo, Error>,
}

/// The database files in `dir` (those ending in `.pdb`), each with its
/// summary or the error that opening it gave, sorted by name. A directory
/// that does not exist holds none.
///
/// ```
/// use npuzzle::heuristic::pdb::{list, AdditivePdb, PdbSpec};
/// use npuzzle::Goal;
/// let dir = tempfile::tempdir().unwrap();
/// let spec = PdbSpec::parse(&Goal::standard("3x3".parse()?), "1,2/3")?;
/// AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?.save(dir.path())?;
/// std::fs::write(dir.path().join("junk.pdb"), b"junk").unwrap();
/// let files = list(dir.path())?;
/// assert_eq!(files.len(), 2);
/// assert_eq!(files[0].info.as_ref().unwrap().spec, spec);
/// assert!(files[1].info.is_err());
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn list(dir: &Path) -> Result<Vec<ListedFile>, Error> {
    Ok(open_dir(dir)?
        .into_iter()
        .map(|(path, pdb)| ListedFile {
            path,
            info: pdb.map(|pdb| pdb.info()),
        })
        .collect())
}

/// A file found by [`open_dir`], with its databases or why they cannot be opened.
pub type OpenedFile = (PathBuf, Result<AdditivePdb, Error>);

/// The database files in `dir` (those ending in `.pdb`) sorted by name,
/// each mapped (its header checked, its tables not read) or with the error
/// that opening it gave: what [`list`] summarises, for a caller that goes
/// on to read some of them without opening them again.
pub fn open_dir(dir: &Path) -> Result<Vec<OpenedFile>, Error> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io_error("list", dir, e)),
    };
    let mut out = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| io_error("list", dir, e))?.path();
        if path.extension().is_some_and(|x| x == EXTENSION) && path.is_file() {
            let pdb = AdditivePdb::open_any(&path);
            out.push((path, pdb));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.pdb");
        let err = write_atomically(&path, |w| {
            w.write_all(&[1; 5000])?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(
            matches!(err, Error::Database(DatabaseError::Io { action: "write", .. })),
            "{err:?}"
        );
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);

        // A good file is not replaced by a failed rewrite.
        write_atomically(&path, |w| w.write_all(b"good")).unwrap();
        assert!(write_atomically(&path, |w| {
            w.write_all(b"half")?;
            Err(io::Error::other("killed"))
        })
        .is_err());
        assert_eq!(fs::read(&path).unwrap(), b"good");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
