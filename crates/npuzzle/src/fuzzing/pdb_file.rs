//! The pattern-database file check: hostile files made from bytes, opened
//! for real, and what an opened database must then do.

use super::*;
use crate::error::DatabaseError;

/// Pattern-database files: the first byte picks how the file is made from
/// the other bytes (bits 0–1) —
///
/// * 0: the bytes are the file;
/// * 1, 2: a valid small database (bits 4–7 modulo 3 pick which, see
///   `pdb_bases`) changed by edits (set, xor, insert, delete or truncate
///   at a position, or write a `u64`), then its data checksum recomputed if
///   bit 3 is set and its header checksum if bit 2 is, so that edits reach
///   the checks behind them;
/// * 3: a header written field by field from the bytes (board, goal,
///   patterns, bits per entry, table layout, each either right or taken
///   from the input), with tables from the input and right checksums: what
///   a hostile file can claim.
///
/// The file is decoded by the header decoder and opened for real
/// ([`AdditivePdb::open_any`], memory-mapped) from a temporary file; both
/// must agree. A decoded header must describe tables that lie in the file,
/// an error must be one of the typed file errors with a short message, and
/// an opened database must [`verify`](AdditivePdb::verify) or fail with a
/// data checksum error. A verified one then gives estimates on a few boards
/// of its shape (its goal, a walk from it driven by the input, a shuffle)
/// without panicking, [`Heuristic::update`] agreeing with
/// [`Heuristic::estimate`] along the walk, and every table entry in reach.
///
/// ```
/// npuzzle::fuzzing::check_pdb_file(b"\x01");
/// npuzzle::fuzzing::check_pdb_file(b"\x05\x00\x60\x00\x01");
/// npuzzle::fuzzing::check_pdb_file(b"npzlPDB\x1a\x01\x00\x00\x00");
/// ```
pub fn check_pdb_file(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let bases = pdb_bases();
    let (base, bytes) = match first & 3 {
        0 => (None, rest.to_vec()),
        1 | 2 => {
            let base = &bases[usize::from(first >> 4) % bases.len()];
            let mut bytes = base.1.clone();
            edit_pdb(&mut bytes, rest, first & 8 != 0, first & 4 != 0);
            (Some(base), bytes)
        }
        _ => (None, pdb_from_fields(rest)),
    };
    let base = base.filter(|b| b.1 == bytes).map(|b| &b.0);
    check_pdb_bytes(&bytes, base, rest);
}

/// Databases to edit in [`check_pdb_file`], with their files: a 3×3
/// standard-goal one whose partition is not symmetric (so estimates look up
/// the mirrored board too), a 2×3 blank-first one (no mirror; incremental
/// updates) and a 2×2 one of a single pattern, each of 4-bit entries.
fn pdb_bases() -> Rc<Vec<(AdditivePdb, Vec<u8>)>> {
    thread_local! {
        static BASES: Rc<Vec<(AdditivePdb, Vec<u8>)>> = Rc::new(
            [
                (Goal::standard(Shape::new(3, 3).expect("3x3")), "1,2/3,4"),
                (Goal::blank_first(Shape::new(2, 3).expect("2x3")), "1,2,3/4,5"),
                (Goal::standard(Shape::new(2, 2).expect("2x2")), "1,2,3"),
            ]
            .into_iter()
            .map(|(goal, partition)| {
                let spec = PdbSpec::parse(&goal, partition).expect("a valid partition");
                let pdb = AdditivePdb::build(&spec, &BuildOptions { threads: 1, max_memory: None }, &mut |_| {})
                    .expect("a tiny build");
                let file = TempFile::new();
                pdb.write(&file.0).expect("a writable temporary directory");
                let bytes = std::fs::read(&file.0).expect("the file just written");
                (pdb, bytes)
            })
            .collect(),
        );
    }
    BASES.with(Rc::clone)
}

/// A file name in the temporary directory, unique to this process and
/// call, removed when dropped (also when a check panics).
struct TempFile(PathBuf);

impl TempFile {
    fn new() -> TempFile {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!("npuzzle-fuzz-{}-{n}.{}", std::process::id(), pdb::EXTENSION);
        TempFile(std::env::temp_dir().join(name))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Little-endian numbers from the fuzz input, zeros once it runs out.
struct Bytes<'a>(std::slice::Iter<'a, u8>);

impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        self.0.next().copied().unwrap_or(0)
    }

    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | u64::from(self.u32()) << 32
    }
}

/// Applies edits of four bytes each (operation, position as `u16`, value)
/// to a database file, then recomputes its data checksum if `fix_data` and
/// its header checksum if `fix_header`, where the header length allows.
fn edit_pdb(bytes: &mut Vec<u8>, edits: &[u8], fix_data: bool, fix_header: bool) {
    let mut input = Bytes(edits.iter());
    while !input.0.as_slice().is_empty() {
        let (op, at, value) = (input.u8(), usize::from(input.u16()), input.u8());
        let len = bytes.len();
        match op % 6 {
            0 if len > 0 => bytes[at % len] = value,
            1 if len > 0 => bytes[at % len] ^= value,
            2 => bytes.insert(at % (len + 1), value),
            3 if len > 0 => {
                bytes.remove(at % len);
            }
            4 => bytes.truncate(at % (len + 1)),
            5 if len > 0 => {
                let at = at % len;
                let word = input.u64().to_le_bytes();
                let end = (at + 8).min(len);
                bytes[at..end].copy_from_slice(&word[..end - at]);
            }
            _ => {}
        }
    }
    let header_len = |b: &[u8]| {
        b.get(12..16)
            .map(|h| u32::from_le_bytes([h[0], h[1], h[2], h[3]]) as usize)
    };
    if let Some(len) = header_len(bytes).filter(|&l| (32..=bytes.len()).contains(&l)) {
        if fix_data {
            let sum = Xxh64::hash(&bytes[len..]);
            bytes[24..32].copy_from_slice(&sum.to_le_bytes());
        }
        if fix_header {
            let sum = Xxh64::hash(&bytes[24..len]);
            bytes[16..24].copy_from_slice(&sum.to_le_bytes());
        }
    }
}

/// A database file written field by field from fuzz input, independently
/// of the library's writer, following the layout in the `file` module's
/// documentation. Each field is right (for the board and patterns the input
/// chose) or taken from the input, as `flags` say; checksums are right.
fn pdb_from_fields(input: &[u8]) -> Vec<u8> {
    let mut r = Bytes(input.iter());
    let flags = r.u16();
    let flag = |bit: u32| flags & (1 << bit) != 0;
    let (width, height) = (u16::from(r.u8() % 10), u16::from(r.u8() % 10));
    let cells = usize::from(width * height);
    let mut goal = if flag(0) {
        (1..cells as u8).chain([0]).collect()
    } else {
        shuffled(cells, &mut std::iter::from_fn(|| Some(r.u8())))
    };
    if flag(1) && cells > 0 {
        let at = usize::from(r.u8()) % cells;
        goal[at] = r.u8();
    }
    let count = if flag(2) { r.u8() } else { r.u8() % 4 };
    let mut patterns = Vec::new();
    for _ in 0..count {
        let tiles: Vec<u8> = if flag(3) {
            let k = r.u8();
            (0..k).map(|_| r.u8()).collect()
        } else {
            // A set of tiles 1..=32 chosen by a bit mask: distinct, and as large as wanted.
            let mask = r.u32();
            (1..=32u8).filter(|t| mask & (1 << (t - 1)) != 0).collect()
        };
        let bits = match r.u8() % 4 {
            0 | 1 => 4,
            2 => 8,
            _ => r.u8(),
        };
        let layout = r.u8();
        patterns.push((tiles, bits, layout));
    }

    let raw_len = 48 + cells + patterns.iter().map(|p| 2 + p.0.len() + 24).sum::<usize>();
    let header_len = if flag(4) {
        r.u32() as usize % 8192
    } else {
        raw_len.div_ceil(64) * 64
    };
    let mut header = Vec::with_capacity(header_len.max(raw_len));
    header.extend_from_slice(&pdb::MAGIC);
    let version = if flag(5) { r.u32() } else { pdb::FORMAT_VERSION };
    header.extend_from_slice(&version.to_le_bytes());
    header.extend_from_slice(&(header_len as u32).to_le_bytes());
    header.extend_from_slice(&[0; 24]); // checksums and file length, filled in below
    header.extend_from_slice(&width.to_le_bytes());
    header.extend_from_slice(&height.to_le_bytes());
    header.push(count);
    header.extend_from_slice(&if flag(6) { [r.u8(), r.u8(), r.u8()] } else { [0; 3] });
    header.extend_from_slice(&goal);
    // The end of the tables so far, wrapping as a careless writer's would.
    let mut end = header_len as u64;
    for (tiles, bits, layout) in &patterns {
        let right_entries = pdb::placements(cells, tiles.len());
        let entries = if layout & 1 != 0 { r.u64() } else { right_entries };
        let len = match (layout & 2 != 0, bits) {
            (true, _) => r.u64(),
            (false, 4) => entries.div_ceil(2),
            (false, _) => entries,
        };
        let offset = if layout & 4 != 0 { r.u64() } else { end };
        end = offset.wrapping_add(len);
        header.push(tiles.len() as u8);
        header.push(*bits);
        header.extend_from_slice(tiles);
        for n in [entries, offset, len] {
            header.extend_from_slice(&n.to_le_bytes());
        }
    }
    let recorded_len = if flag(7) { r.u64() } else { end };
    header[32..40].copy_from_slice(&recorded_len.to_le_bytes());
    header.resize(header.len().max(header_len), 0);

    // The tables: as long as the header says (up to 64 KiB), give or take a byte.
    let want = recorded_len.checked_sub(header_len as u64).filter(|&n| n <= 1 << 16);
    let mut tables: Vec<u8> = match want {
        Some(n) => (0..n).map(|_| r.u8() & if flag(8) { 0xff } else { 0x11 }).collect(),
        None => r.0.as_slice().to_vec(),
    };
    if flag(9) {
        tables.pop();
    }
    if flag(10) {
        tables.push(0);
    }
    let data_sum = if flag(11) { r.u64() } else { Xxh64::hash(&tables) };
    header[24..32].copy_from_slice(&data_sum.to_le_bytes());
    let mut file = header;
    file.truncate(header_len);
    if file.len() >= 24 {
        let sum = Xxh64::hash(&file[24..]);
        file[16..24].copy_from_slice(&sum.to_le_bytes());
    }
    file.extend_from_slice(&tables);
    file
}

/// Decodes and opens one database file (see [`check_pdb_file`]); `base` is
/// the database it is an unchanged copy of, if any; `moves` drive the walk.
fn check_pdb_bytes(bytes: &[u8], base: Option<&AdditivePdb>, moves: &[u8]) {
    let file = TempFile::new();
    let path = file.0.as_path();
    let decoded = pdb::file::decode_header(bytes, bytes.len() as u64, path, None);
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let opened = AdditivePdb::open_any(path);
    let pdb = match (decoded, opened) {
        (Ok(header), Ok(pdb)) => {
            check_pdb_header(&header, bytes.len() as u64);
            assert_eq!(pdb.spec(), &header.spec, "opened and decoded");
            let tables: Vec<_> = header
                .tables
                .iter()
                .map(|t| (t.tiles.clone(), t.bits, t.entries))
                .collect();
            assert_eq!(pdb.info().tables, tables, "opened and decoded");
            pdb
        }
        (Err(decoded), Err(opened)) => {
            assert_eq!(decoded, opened, "decoded and opened");
            let typed = matches!(
                opened,
                Error::Database(DatabaseError::Magic { .. })
                    | Error::Database(DatabaseError::Version { .. })
                    | Error::Database(DatabaseError::Truncated { .. })
                    | Error::Database(DatabaseError::Checksum { part: "header", .. })
                    | Error::Database(DatabaseError::Corrupt { .. })
            );
            assert!(typed, "{opened:?}");
            check_pdb_message(&opened, path);
            return;
        }
        (Ok(_), Err(e)) => panic!("decoded, but opening says {e:?}"),
        (Err(e), Ok(_)) => panic!("opened, but decoding says {e:?}"),
    };
    if let Err(e) = pdb.verify() {
        assert!(
            matches!(e, Error::Database(DatabaseError::Checksum { part: "data", .. })),
            "{e:?}"
        );
        check_pdb_message(&e, path);
        return;
    }
    check_pdb_lookups(pdb.clone(), base, moves);
    let mut plain = pdb;
    plain.set_reflection(false);
    check_pdb_lookups(plain, None, moves);
}

/// A decoded header describes tables that follow it, without gaps, to the
/// end of a file of `file_len` bytes, each as long as its entries need.
fn check_pdb_header(header: &pdb::file::Header, file_len: u64) {
    let spec = &header.spec;
    let cells = spec.shape().cells();
    assert!(cells <= pdb::MAX_PDB_CELLS, "{spec}");
    assert!(header.header_len % 64 == 0 && header.header_len >= 48 + cells, "{spec}");
    assert_eq!(header.tables.len(), spec.partition().patterns().len(), "{spec}");
    let mut end = header.header_len as u64;
    for (t, pattern) in header.tables.iter().zip(spec.partition().patterns()) {
        assert_eq!(&t.tiles, pattern, "{spec}");
        assert_eq!(t.entries, pdb::placements(cells, t.tiles.len()), "{spec}");
        let want = match t.bits {
            4 => t.entries.div_ceil(2),
            8 => t.entries,
            b => panic!("{spec}: {b} bits per entry"),
        };
        assert_eq!((t.offset, t.len), (end, want), "{spec}: table of {:?}", t.tiles);
        end = end
            .checked_add(t.len)
            .unwrap_or_else(|| panic!("{spec}: tables past u64::MAX"));
    }
    assert_eq!(end, file_len, "{spec}: the tables end the file");
}

/// A database error is short (besides the path it names) and names the file.
/// (How to rebuild it is each front-end's advice, not the library's.)
fn check_pdb_message(e: &Error, path: &Path) {
    let chain = e.full_message();
    let path = path.display().to_string();
    assert!(
        chain.len() <= MAX_MESSAGE_LEN + path.len(),
        "a {}-byte message: {chain}",
        chain.len()
    );
    assert!(chain.contains(&path), "{chain}");
}

/// Estimates of a verified database on its goal, a walk from it driven by
/// `moves` (checking [`Heuristic::update`] at each step) and a shuffle of
/// its tiles; every table's last entry is read. If `base` is the database
/// the file was written from, every estimate must equal its.
fn check_pdb_lookups(pdb: AdditivePdb, base: Option<&AdditivePdb>, moves: &[u8]) {
    let goal = pdb.spec().goal().clone();
    let shape = goal.shape();
    let same = |tiles: &[u8]| {
        let h = pdb.estimate(tiles);
        if let Some(base) = base {
            assert_eq!(h, base.estimate(tiles), "{tiles:?}");
        }
        h
    };
    let mut board = goal.board().clone();
    let mut h = same(board.tiles());
    for &byte in moves.iter().take(64) {
        let from_blank = board.blank();
        if board.try_apply(Move::ALL[usize::from(byte % 4)]) {
            // The tile on the blank's new cell moved into its old one.
            let from = board.blank();
            let tile = board.tiles()[from_blank];
            let updated = pdb.update(board.tiles(), h, tile, from, from_blank);
            h = same(board.tiles());
            assert_eq!(updated, h, "update after moving {tile} in {board}");
        }
    }
    let mut bytes = moves.iter().rev().copied();
    let tiles = shuffled(shape.cells(), &mut bytes);
    same(&tiles);
    for db in pdb.patterns() {
        let last = db.entries() - 1;
        let mut positions = vec![0u8; db.tiles().len()];
        db.placement(last, &mut positions);
        assert_eq!(db.index(&positions), last, "{:?}", db.tiles());
        db.value(last);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The field-by-field writer makes what the library writes when every
    /// field is right, so mode 3 of `check_pdb_file` starts from valid files.
    #[test]
    fn fields_written_right_make_a_valid_database() {
        let fields = [1, 0, 3, 3, 2, 0b11, 0, 0, 0, 0, 0, 0b1100, 0, 0, 0, 2, 0];
        let file = pdb_from_fields(&fields);
        let header = pdb::file::decode_header(&file, file.len() as u64, Path::new("x.pdb"), None).unwrap();
        check_pdb_header(&header, file.len() as u64);
        assert_eq!(header.spec.to_string(), "3x3 goal standard partition 1,2/3,4");
        assert_eq!(header.tables[1].bits, 8);
        let mut data = vec![3];
        data.extend_from_slice(&fields);
        check_pdb_file(&data);
    }

    #[test]
    fn unedited_bases_open_and_verify() {
        for (i, (pdb, bytes)) in pdb_bases().iter().enumerate() {
            let mut copy = bytes.clone();
            edit_pdb(&mut copy, &[], true, true);
            assert_eq!(&copy, bytes, "recomputed checksums are the written ones");
            let file = TempFile::new();
            std::fs::write(&file.0, bytes).unwrap();
            let opened = AdditivePdb::open_any(&file.0).unwrap();
            opened.verify().unwrap();
            assert_eq!(opened.spec(), pdb.spec());
            check_pdb_file(&[1 | (i as u8) << 4, 0, 0, 0]);
        }
    }
}
