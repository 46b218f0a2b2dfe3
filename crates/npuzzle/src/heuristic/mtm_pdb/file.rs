//! Multi-tile database files: a 64-byte header, then the table, four 2-bit
//! entries a byte in rank order (see the module documentation). All
//! numbers little-endian:
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..8 | magic `npzlMTM\x1a` |
//! | 8..12 | format version: [`MTM_FORMAT_VERSION`] (1) |
//! | 12..16 | header length (64) |
//! | 16..24 | XXH64 of the table (checked on every open) |
//! | 24..32 | table length in bytes |
//! | 32..36 | board width, height (`u16` each) |
//! | 36..52 | the layout's class of each cell (canonical frame), zeros past the board |
//! | 52..64 | zero |

use std::fs;
use std::io::{Read, Write};
use std::path::Path;

use super::entries::Entries;
use super::index::MultisetIndex;
use super::{MtmPdb, RegionLayout};
use crate::board::Shape;
use crate::error::DatabaseError;
use crate::heuristic::pdb::checksum::Xxh64;
use crate::heuristic::pdb::file::{io_error, write_atomically};
use crate::Error;

/// The first eight bytes of every multi-tile database file.
pub const MTM_MAGIC: [u8; 8] = *b"npzlMTM\x1a";

/// The format version this library writes and reads.
pub const MTM_FORMAT_VERSION: u32 = 1;

const HEADER: usize = 64;

impl MtmPdb {
    /// The whole file: header and table.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = self.header();
        bytes.extend_from_slice(&self.table);
        bytes
    }

    fn header(&self) -> Vec<u8> {
        let mut header = vec![0u8; HEADER];
        header[..8].copy_from_slice(&MTM_MAGIC);
        header[8..12].copy_from_slice(&MTM_FORMAT_VERSION.to_le_bytes());
        header[12..16].copy_from_slice(&(HEADER as u32).to_le_bytes());
        header[16..24].copy_from_slice(&Xxh64::hash(&self.table).to_le_bytes());
        header[24..32].copy_from_slice(&(self.table.len() as u64).to_le_bytes());
        let shape = self.layout.shape();
        header[32..34].copy_from_slice(&(shape.width() as u16).to_le_bytes());
        header[34..36].copy_from_slice(&(shape.height() as u16).to_le_bytes());
        let classes = self.layout.classes();
        header[36..36 + classes.len()].copy_from_slice(classes);
        header
    }

    /// Writes the file at `path` (through a temporary file renamed over it
    /// once complete, so a killed write leaves no partial file).
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        let header = self.header();
        write_atomically(path, |out: &mut dyn Write| {
            out.write_all(&header)?;
            out.write_all(&self.table)
        })
    }

    /// Opens the file at `path`, checking its header and its table's
    /// checksum. The file is mapped, not copied: opening costs the
    /// checksum's one pass over it, and processes share its pages.
    pub fn open(path: &Path) -> Result<MtmPdb, Error> {
        let read_error = |e| io_error("read", path, e);
        let mut file = fs::File::open(path).map_err(read_error)?;
        let file_len = file.metadata().map_err(read_error)?.len();
        let mut header = [0u8; HEADER];
        let got = (&mut file).take(HEADER as u64).read(&mut header).map_err(read_error)?;
        let header = Header::parse(&header[..got], file_len, path)?;
        // SAFETY: mapping is unsafe because another process could change or
        // truncate the file while it is mapped, which Rust cannot rule out.
        // Database files are written once to a temporary name and renamed
        // into place, never changed afterwards, so a mapped file stays as it
        // was; a file cut short by someone else is the documented risk of
        // mmap, as for the additive databases. Mapping (rather than reading
        // 866 MiB into fresh memory) opens in a tenth of a second.
        let map = unsafe { memmap2::MmapOptions::new().populate().map(&file) }.map_err(read_error)?;
        // Advice only: lookups are random, so read-ahead would only evict.
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Random);
        header.finish(Entries::File { map, start: HEADER }, path)
    }

    /// Whether `bytes` start like a multi-tile database file.
    pub fn is_mtm_file(bytes: &[u8]) -> bool {
        bytes.starts_with(&MTM_MAGIC)
    }

    /// Reads a whole file's bytes (`path` names it in errors).
    pub fn from_bytes(bytes: Vec<u8>, path: &Path) -> Result<MtmPdb, Error> {
        let header = Header::parse(&bytes[..bytes.len().min(HEADER)], bytes.len() as u64, path)?;
        header.finish(Entries::copy_of(&bytes[HEADER..]), path)
    }
}

/// What a file's header says, checked against the file's length.
struct Header {
    layout: RegionLayout,
    index: MultisetIndex,
    stored: u64,
}

impl Header {
    /// The header's fields, from its bytes (the file's first up to 64) and
    /// the whole file's length.
    fn parse(bytes: &[u8], file_len: u64, path: &Path) -> Result<Header, Error> {
        let corrupt = |reason: String| -> Error {
            DatabaseError::Corrupt {
                path: path.to_path_buf(),
                reason,
                spec: None,
            }
            .into()
        };
        if !MtmPdb::is_mtm_file(bytes) {
            return Err(DatabaseError::Magic {
                path: path.to_path_buf(),
                spec: None,
            }
            .into());
        }
        if bytes.len() < HEADER {
            return Err(DatabaseError::Truncated {
                path: path.to_path_buf(),
                expected: HEADER as u64,
                got: file_len,
                spec: None,
            }
            .into());
        }
        let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let u32_at = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let u64_at = |at: usize| {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bytes[at..at + 8]);
            u64::from_le_bytes(word)
        };
        let version = u32_at(8);
        if version != MTM_FORMAT_VERSION {
            return Err(DatabaseError::Version {
                path: path.to_path_buf(),
                expected: MTM_FORMAT_VERSION,
                got: version,
                spec: None,
            }
            .into());
        }
        if u32_at(12) as usize != HEADER {
            return Err(corrupt(format!("its header length is {}, not {HEADER}", u32_at(12))));
        }
        let (stored, table_len) = (u64_at(16), u64_at(24));
        let (width, height) = (usize::from(u16_at(32)), usize::from(u16_at(34)));
        let shape = Shape::new(width, height).map_err(|_| corrupt(format!("its board is {width}x{height}")))?;
        if shape.cells() > 16 {
            return Err(corrupt(format!("its board is {shape}, larger than 16 cells")));
        }
        let layout = RegionLayout::new(shape, bytes[36..36 + shape.cells()].to_vec())
            .map_err(|e| corrupt(format!("its layout is not one: {e}")))?;
        let index = MtmPdb::index_of(&layout)?;
        if index.len().div_ceil(4) != table_len {
            return Err(corrupt(format!(
                "its layout has {} abstract boards, four a byte, but its table {table_len} bytes",
                index.len()
            )));
        }
        let expected = HEADER as u64 + table_len;
        if file_len < expected {
            return Err(DatabaseError::Truncated {
                path: path.to_path_buf(),
                expected,
                got: file_len,
                spec: None,
            }
            .into());
        }
        if file_len > expected {
            return Err(corrupt(format!("it has {} bytes after its table", file_len - expected)));
        }
        Ok(Header { layout, index, stored })
    }

    /// The database, once its table's checksum is the one recorded.
    fn finish(self, table: Entries, path: &Path) -> Result<MtmPdb, Error> {
        let computed = Xxh64::hash(&table);
        if computed != self.stored {
            return Err(DatabaseError::Checksum {
                path: path.to_path_buf(),
                part: "data",
                stored: self.stored,
                computed,
                spec: None,
            }
            .into());
        }
        Ok(MtmPdb {
            layout: self.layout,
            index: self.index,
            table,
        })
    }
}
