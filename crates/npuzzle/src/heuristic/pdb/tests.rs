use std::collections::HashMap;
use std::fs;
use std::sync::{Mutex, OnceLock};

use rand::{Rng, SeedableRng};

use super::*;
use crate::error::DatabaseError;
use crate::heuristic::tests::{check_heuristic, exact_distances, small_goals};
use crate::heuristic::{Heuristic, Manhattan};
use crate::{Board, Move, Shape};

fn shape(w: usize, h: usize) -> Shape {
    Shape::new(w, h).unwrap()
}

fn build(goal: &Goal, partition: &str) -> AdditivePdb {
    let spec = PdbSpec::parse(goal, partition).unwrap();
    AdditivePdb::build(&spec, &BuildOptions::default(), &mut |_| {}).unwrap()
}

/// The zero-aware databases of `partition` for `goal`, built once per test binary and shared.
pub(crate) fn cached_zero(goal: &Goal, partition: &str) -> Arc<AdditivePdb> {
    cached(goal, &format!("{partition}{ZERO}"))
}

/// What [`cached_zero`] appends to the partition in [`cached`]'s key.
const ZERO: &str = " zero-aware";

/// The compact zero-aware databases of `partition` for `goal`, converted
/// from [`cached_zero`]'s once per test binary and shared.
pub(crate) fn cached_compact(goal: &Goal, partition: &str) -> Arc<AdditivePdb> {
    cached(goal, &format!("{partition}{COMPACT}"))
}

/// What [`cached_compact`] appends to the partition in [`cached`]'s key.
const COMPACT: &str = " compact";

/// The databases of `partition` for `goal`, built once per test binary and shared.
pub(crate) fn cached(goal: &Goal, partition: &str) -> Arc<AdditivePdb> {
    type Cache = Mutex<HashMap<(usize, Vec<u8>, String), Arc<AdditivePdb>>>;
    static BUILT: OnceLock<Cache> = OnceLock::new();
    // The same tiles on a 4×2 and a 2×4 board are different goals.
    let key = (
        goal.shape().width(),
        goal.board().tiles().to_vec(),
        partition.to_string(),
    );
    if let Some(tiles) = partition.strip_suffix(COMPACT) {
        let zero = cached_zero(goal, tiles);
        let mut built = BUILT
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        return Arc::clone(built.entry(key).or_insert_with(|| Arc::new(zero.compact(1).unwrap())));
    }
    let mut built = BUILT
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    Arc::clone(built.entry(key).or_insert_with(|| {
        let (tiles, zero) = match partition.strip_suffix(ZERO) {
            Some(tiles) => (tiles, true),
            None => (partition, false),
        };
        let spec = PdbSpec::parse(goal, tiles).unwrap().with_zero_aware(zero);
        Arc::new(AdditivePdb::build(&spec, &BuildOptions::default(), &mut |_| {}).unwrap())
    }))
}

/// Tiles split into consecutive runs of `size` in goal (row-major) order.
pub(crate) fn runs(goal: &Goal, size: usize) -> String {
    let tiles: Vec<String> = goal
        .board()
        .tiles()
        .iter()
        .filter(|&&t| t != 0)
        .map(u8::to_string)
        .collect();
    tiles.chunks(size).map(|c| c.join(",")).collect::<Vec<_>>().join("/")
}

fn goals() -> Vec<Goal> {
    let mut goals = small_goals();
    goals.push(Goal::blank_first(shape(3, 3)));
    goals
}

#[test]
fn one_pattern_of_every_tile_is_the_exact_distance() {
    for goal in goals() {
        let pdb = build(&goal, &runs(&goal, goal.shape().cells()));
        for (tiles, &d) in &exact_distances(&goal) {
            assert_eq!(pdb.estimate(tiles), d, "{goal}: {tiles:?}");
        }
    }
}

#[test]
fn full_partitions_are_admissible_and_update_agrees() {
    // Boards where the mirror image raised the estimate.
    let mut raised = 0;
    for goal in goals() {
        for size in [2, 3, 4] {
            let partition = runs(&goal, size);
            check_heuristic(&goal, |g| build(g, &partition));
            let manhattan = Manhattan::new(&goal);
            let pdb = build(&goal, &partition);
            let mut without = pdb.clone();
            without.set_reflection(false);
            for tiles in exact_distances(&goal).keys() {
                // With the mirror image on, the estimate is the larger of the
                // board's and its mirror image's (the goal is its own mirror
                // image, so both are lower bounds).
                let plain = without.estimate(tiles);
                let mirror = pdb.reflection().map(|r| without.estimate(&r.reflect(tiles)));
                raised += usize::from(mirror.is_some_and(|m| m > plain));
                assert_eq!(pdb.estimate(tiles), mirror.map_or(plain, |m| m.max(plain)), "{tiles:?}");
                assert!(
                    without.estimate(tiles) >= manhattan.estimate(tiles),
                    "{goal} {partition}: {tiles:?}"
                );
            }
        }
    }
    assert!(raised > 0, "the mirror image never raised an estimate");
}

#[test]
fn partial_partitions_are_admissible_and_update_agrees() {
    for goal in goals() {
        let pdb = build(&goal, "1,3/2");
        for (tiles, &d) in &exact_distances(&goal) {
            let h = pdb.estimate(tiles);
            assert!(h <= d);
            let board = Board::new(goal.shape(), tiles.clone()).unwrap();
            for mv in Move::ALL {
                let mut next = board.clone();
                if next.try_apply(mv) {
                    let tile = next.tiles()[board.blank()];
                    let up = pdb.update(next.tiles(), h, tile, next.blank(), board.blank());
                    assert_eq!(up, pdb.estimate(next.tiles()));
                }
            }
        }
    }
}

#[test]
fn the_mirror_lookup_equals_databases_built_for_the_mirrored_partition() {
    let cases = [
        (Goal::blank_first(shape(3, 3)), "1,2,3,4/5,6,7,8"),
        (Goal::standard(shape(3, 3)), "1,2,3/4,5,6/7,8"),
        (Goal::blank_first(shape(4, 4)), "1,2,3/4,5,6/7,8,9/10,11,12/13,14,15"),
        (Goal::standard(shape(4, 4)), "1,2,3,4/5,6/7,8,9,10/11,12,13,14,15"),
    ];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for (goal, text) in cases {
        let pdb = build(&goal, text);
        let reflection = pdb
            .reflection()
            .expect("asymmetric partition on a symmetric goal")
            .clone();
        let mirrored = reflection.reflect_partition(pdb.spec().partition(), &goal).unwrap();
        assert_ne!(&mirrored, pdb.spec().partition());
        let spec = PdbSpec::new(goal.clone(), mirrored).unwrap();
        let mut other = AdditivePdb::build(&spec, &BuildOptions::default(), &mut |_| {}).unwrap();
        other.set_reflection(false);
        let mut board = goal.board().clone();
        for _ in 0..3000 {
            board.try_apply(Move::ALL[rng.random_range(0..4)]);
            let (direct, mirror) = pdb.sums(&board.positions());
            assert_eq!(mirror, Some(other.estimate(board.tiles())), "{goal} {text}: {board}");
            // The mirrored sum is the direct sum of the mirrored board.
            let flipped = Board::new(goal.shape(), reflection.reflect(board.tiles())).unwrap();
            assert_eq!(pdb.sums(&flipped.positions()), (mirror.unwrap(), Some(direct)));
        }
    }
}

#[test]
fn symmetric_partitions_and_goals_skip_the_mirror() {
    let goal = Goal::blank_first(shape(3, 3));
    // Each pattern is its own mirror image: 1<->3, 2<->6, 5<->7, 4 and 8 stay.
    let mut pdb = build(&goal, "1,3/2,6/4,8/5,7");
    assert!(pdb.reflection().is_none());
    assert!(!pdb.set_reflection(true));
    let off_diagonal = Goal::new("1 x 2 3 4 5 6 7 8".parse().unwrap());
    assert!(build(&off_diagonal, "1,2,3,4/5,6,7,8").reflection().is_none());
    let mut asym = build(&goal, "1,2,3,4/5,6,7,8");
    assert!(asym.reflection().is_some());
    assert!(!asym.set_reflection(false));
    assert!(asym.reflection().is_none());
}

/// Korf's 100 15-puzzles with their published optimal lengths, for `goal`.
fn fifteen_puzzle_boards(goal: &Goal) -> Vec<(Board, u32)> {
    crate::oracle::korf100(goal.board().tiles())
        .into_iter()
        .map(|(tiles, d)| (Board::new(goal.shape(), tiles).unwrap(), d))
        .collect()
}

#[test]
fn fifteen_puzzle_small_patterns_are_admissible_and_beat_manhattan() {
    for goal in [Goal::blank_first(shape(4, 4)), Goal::standard(shape(4, 4))] {
        let manhattan = Manhattan::new(&goal);
        let pdbs = [
            build(&goal, "1,2,3/4,5,6/7,8,9/10,11,12/13,14,15"),
            build(&goal, "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15"),
            build(&goal, "1,5,9,13/2,6,10,14/3,7,11,15/4,8,12"),
        ];
        let mut total = [0u32; 3];
        let mut total_manhattan = 0;
        for (board, d) in fifteen_puzzle_boards(&goal) {
            let md = manhattan.estimate(board.tiles());
            total_manhattan += md;
            for (pdb, sum) in pdbs.iter().zip(&mut total) {
                let h = pdb.estimate(board.tiles());
                assert!(md <= h && h <= d, "{board}: manhattan {md}, pdb {h}, distance {d}");
                assert_eq!(h % 2, d % 2);
                *sum += h;
                let mut b = board.clone();
                let mut h = h;
                for mv in Move::ALL {
                    let blank = b.blank();
                    if b.try_apply(mv) {
                        h = pdb.update(b.tiles(), h, b.tiles()[blank], b.blank(), blank);
                        assert_eq!(h, pdb.estimate(b.tiles()));
                    }
                }
            }
        }
        assert!(
            total.iter().all(|&t| t > total_manhattan),
            "{total:?} vs {total_manhattan}"
        );
    }
}

#[test]
fn the_pattern_index_reads_back() {
    let pdb = build(&Goal::blank_first(shape(4, 4)), "1,2,3");
    let db = &pdb.patterns()[0];
    assert_eq!(db.entries(), 16 * 15 * 14);
    assert_eq!(db.bits(), 4);
    assert_eq!(db.table().len(), 16 * 15 * 14 / 2);
    let mut positions = [0u8; 3];
    for i in [0, 1, 1000, 3359] {
        db.placement(i, &mut positions);
        assert_eq!(db.index(&positions), i);
    }
    // Home: nothing to do.
    assert_eq!(db.moves(&[1, 2, 3]), 0);
}

// ---- files ----

fn spec_33(partition: &str) -> PdbSpec {
    PdbSpec::parse(&Goal::standard(shape(3, 3)), partition).unwrap()
}

fn saved(dir: &Path, spec: &PdbSpec) -> (AdditivePdb, PathBuf) {
    let pdb = AdditivePdb::build(spec, &BuildOptions::default(), &mut |_| {}).unwrap();
    let path = pdb.save(dir).unwrap();
    (pdb, path)
}

#[test]
fn files_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let spec = spec_33("1,2,3,4/5,6,7,8");
    let (built, path) = saved(dir.path(), &spec);
    assert_eq!(path.file_name().unwrap(), "3x3-standard-1.2.3.4_5.6.7.8.pdb");
    let opened = AdditivePdb::open(&path, &spec).unwrap();
    opened.verify().unwrap();
    built.verify().unwrap();
    assert_eq!(opened.path(), Some(path.as_path()));
    for (a, b) in built.patterns().iter().zip(opened.patterns()) {
        assert_eq!(a.table(), b.table());
        assert_eq!(a.bits(), b.bits());
    }
    for tiles in exact_distances(spec.goal()).keys() {
        assert_eq!(built.estimate(tiles), opened.estimate(tiles));
    }
    let info = opened.info();
    assert_eq!(info.bytes, fs::metadata(&path).unwrap().len());
    assert_eq!(info, built.info());
    assert_eq!(AdditivePdb::open_any(&path).unwrap().spec(), &spec);

    // A second file, a stray temporary file and a broken file in the listing.
    let (_, other) = saved(dir.path(), &spec_33("1,2,3/4,5,6/7,8"));
    fs::write(dir.path().join(".x.pdb.1.2.tmp"), b"junk").unwrap();
    fs::write(dir.path().join("broken.pdb"), b"junk").unwrap();
    let listed = list(dir.path()).unwrap();
    let names: Vec<_> = listed.iter().map(|f| f.path.file_name().unwrap().to_owned()).collect();
    assert_eq!(
        names,
        [
            "3x3-standard-1.2.3.4_5.6.7.8.pdb",
            "3x3-standard-1.2.3_4.5.6_7.8.pdb",
            "broken.pdb"
        ]
    );
    assert_eq!(listed[0].info.as_ref().unwrap(), &info);
    assert_eq!(
        listed[1].info.as_ref().unwrap().spec.partition().to_string(),
        "1,2,3/4,5,6/7,8"
    );
    assert!(matches!(
        listed[2].info,
        Err(Error::Database(DatabaseError::Magic { .. }))
    ));
    assert!(other.exists());
    assert!(list(&dir.path().join("none")).unwrap().is_empty());
}

#[test]
fn named_partitions_keep_their_name_in_files() {
    let dir = tempfile::tempdir().unwrap();
    // A tiny stand-in: the 7-8 name cannot be built in a test, so check the
    // name comes back for a spec given by tiles that equal a named partition.
    let goal = Goal::blank_first(shape(4, 4));
    let spec = PdbSpec::parse(&goal, "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15").unwrap();
    assert_eq!(spec.partition().name(), Some("7-8"));
    assert_eq!(spec.file_name(), "4x4-blank-first-7-8.pdb");
    let small = PdbSpec::parse(&goal, "1,2/3").unwrap();
    let (_, path) = saved(dir.path(), &small);
    assert_eq!(path.file_name().unwrap(), "4x4-blank-first-1.2_3.pdb");
    let odd = PdbSpec::parse(&Goal::new("1 x 2 3 4 5 6 7 8".parse().unwrap()), "1").unwrap();
    assert!(odd.file_name().starts_with("3x3-goal"), "{}", odd.file_name());
    assert_eq!(odd.goal_label(), "\"1 x 2 3 4 5 6 7 8\"");
}

#[test]
fn load_or_build_builds_once() {
    let dir = tempfile::tempdir().unwrap();
    let spec = spec_33("1,2/3,4");
    let mut calls = 0;
    let (_, built) = AdditivePdb::load_or_build(dir.path(), &spec, &BuildOptions::default(), &mut |p| {
        calls += 1;
        assert!(p.fraction() <= 1.0);
    })
    .unwrap();
    assert!(built && calls > 0);
    let (pdb, built) = AdditivePdb::load_or_build(dir.path(), &spec, &BuildOptions::default(), &mut |_| {}).unwrap();
    assert!(!built);
    assert!(pdb.path().is_some());
}

#[test]
fn progress_reaches_one() {
    let spec = spec_33("1,2,3,4/5,6");
    let mut last = 0.0;
    let mut patterns = Vec::new();
    AdditivePdb::build(
        &spec,
        &BuildOptions {
            threads: 2,
            max_memory: None,
        },
        &mut |p| {
            assert!(p.fraction() >= last);
            last = p.fraction();
            patterns.push(p.pattern);
        },
    )
    .unwrap();
    assert!((last - 1.0).abs() < 1e-9, "{last}");
    assert_eq!(patterns.first(), Some(&0));
    assert_eq!(patterns.last(), Some(&1));
    let refused = AdditivePdb::build(
        &spec,
        &BuildOptions {
            threads: 1,
            max_memory: Some(1000),
        },
        &mut |_| {},
    );
    assert!(matches!(
        refused,
        Err(Error::Database(DatabaseError::Unsupported { .. }))
    ));
    let message = refused.unwrap_err().to_string();
    assert!(message.ends_with("more than the 1000 B allowed"), "{message}");
}

#[test]
fn refused_builds_give_sizes_in_the_unit_that_fits() {
    assert_eq!(in_units(0), "0 B");
    assert_eq!(in_units(1023), "1023 B");
    assert_eq!(in_units(1024), "1.0 KiB");
    assert_eq!(in_units(45_360), "44.3 KiB");
    assert_eq!(in_units(3 << 30), "3.0 GiB");
    assert_eq!(in_units(5 << 50), "5120.0 TiB");
}

/// Writes a good file, lets `spoil` change its bytes, and opens it as `spec`.
fn spoiled(spoil: impl FnOnce(&mut Vec<u8>)) -> (Result<AdditivePdb, Error>, PdbSpec) {
    let dir = tempfile::tempdir().unwrap();
    let spec = spec_33("1,2,3/4,5,6,7,8");
    let (_, path) = saved(dir.path(), &spec);
    let mut bytes = fs::read(&path).unwrap();
    spoil(&mut bytes);
    fs::write(&path, &bytes).unwrap();
    (AdditivePdb::open(&path, &spec), spec)
}

#[test]
fn each_kind_of_broken_file_has_its_own_error() {
    // Each names the databases that were asked for, for a front-end's advice on rebuilding them.
    let (r, spec) = spoiled(|b| b[0] = b'X');
    assert!(
        matches!(&r, Err(Error::Database(DatabaseError::Magic { spec: Some(s), .. })) if **s == spec),
        "{r:?}"
    );

    let (r, spec) = spoiled(|b| b[8] = 9);
    assert!(
        matches!(
            &r,
            Err(Error::Database(DatabaseError::Version {
                expected: COMPACT_FORMAT_VERSION,
                got: 9,
                spec: Some(s),
                ..
            })) if **s == spec
        ),
        "{r:?}"
    );

    let (r, _) = spoiled(|b| b.truncate(b.len() - 10));
    let err = r.unwrap_err();
    assert!(
        matches!(err, Error::Database(DatabaseError::Truncated { .. })),
        "{err:?}"
    );
    assert!(err.to_string().contains("truncated"));
    let (r, _) = spoiled(|b| b.truncate(30));
    assert!(
        matches!(r, Err(Error::Database(DatabaseError::Truncated { got: 30, .. }))),
        "{r:?}"
    );
    let (r, _) = spoiled(|b| b.truncate(3));
    assert!(
        matches!(r, Err(Error::Database(DatabaseError::Truncated { got: 3, .. }))),
        "{r:?}"
    );
    let (r, _) = spoiled(Vec::clear);
    assert!(
        matches!(r, Err(Error::Database(DatabaseError::Truncated { got: 0, .. }))),
        "{r:?}"
    );

    let (r, _) = spoiled(|b| b.push(0));
    assert!(
        matches!(r, Err(Error::Database(DatabaseError::Corrupt { .. }))),
        "{r:?}"
    );

    // A flipped header byte (the goal) is caught on open ...
    let (r, _) = spoiled(|b| b[50] ^= 1);
    assert!(
        matches!(r, Err(Error::Database(DatabaseError::Checksum { part: "header", .. }))),
        "{r:?}"
    );
    // ... a flipped table byte by verify.
    let (r, spec) = spoiled(|b| {
        let last = b.len() - 1;
        b[last] ^= 0x10;
    });
    let err = r.unwrap().verify().unwrap_err();
    assert!(
        matches!(&err, Error::Database(DatabaseError::Checksum { part: "data", spec: Some(s), .. }) if **s == spec),
        "{err:?}"
    );
}

#[test]
fn a_file_for_something_else_says_what_differs() {
    let dir = tempfile::tempdir().unwrap();
    let spec = spec_33("1,2,3/4,5,6,7,8");
    let (_, path) = saved(dir.path(), &spec);
    let other_goal = PdbSpec::parse(&Goal::blank_first(shape(3, 3)), "1,2,3/4,5,6,7,8").unwrap();
    let other_partition = spec_33("1,2,3,4/5,6,7,8");
    let other_board = PdbSpec::parse(&Goal::standard(shape(4, 2)), "1,2,3/4,5,6,7").unwrap();
    for (want, what) in [
        (other_board, "board"),
        (other_goal, "goal"),
        (other_partition, "partition"),
    ] {
        let err = AdditivePdb::open(&path, &want).unwrap_err();
        match &err {
            Error::Database(DatabaseError::Mismatch {
                what: w,
                expected,
                got,
                spec: wanted,
                ..
            }) => {
                assert_eq!(*w, what);
                assert_ne!(expected, got);
                assert_eq!(wanted.as_deref(), Some(&want));
            }
            other => panic!("{other:?}"),
        }
    }
    let missing = AdditivePdb::open(&dir.path().join("nope.pdb"), &spec).unwrap_err();
    assert!(
        matches!(&missing, Error::Database(DatabaseError::Missing { spec: s, .. }) if **s == spec),
        "{missing:?}"
    );
    let missing = AdditivePdb::open_any(&dir.path().join("nope.pdb")).unwrap_err();
    assert!(matches!(
        missing,
        Error::Database(DatabaseError::Io {
            kind: std::io::ErrorKind::NotFound,
            ..
        })
    ));
}

#[test]
fn boards_too_large_are_refused() {
    let goal = Goal::standard(shape(6, 6));
    let err = PdbSpec::parse(&goal, "1,2").unwrap_err();
    assert!(
        matches!(err, Error::Database(DatabaseError::Unsupported { .. })),
        "{err:?}"
    );
    let goal = Goal::standard(shape(8, 4));
    let spec = PdbSpec::parse(&goal, "1,2,3,4,5,6,7").unwrap();
    let err = AdditivePdb::build(&spec, &BuildOptions::default(), &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("entries"), "{err}");
}

/// Fields 8..32 of each pattern's header record (entries, offset, length),
/// overwritten, and the header checksum redone: a file made by hand.
fn with_layout(mut bytes: Vec<u8>, spec: &PdbSpec, layout: &[(u64, u64, u64)], file_len: u64) -> Vec<u8> {
    let mut at = 48 + spec.shape().cells();
    for (pattern, &(entries, offset, len)) in spec.partition().patterns().iter().zip(layout) {
        at += 2 + pattern.len();
        for n in [entries, offset, len] {
            bytes[at..at + 8].copy_from_slice(&n.to_le_bytes());
            at += 8;
        }
    }
    bytes[32..40].copy_from_slice(&file_len.to_le_bytes());
    let header_len = file::header_len(spec);
    let sum = Xxh64::hash(&bytes[24..header_len]);
    bytes[16..24].copy_from_slice(&sum.to_le_bytes());
    bytes
}

/// Found by the `pdb_file` fuzz target. A pattern of 14 tiles on 32 cells
/// has more placements than a `u64` counts, so its table length (as
/// `placements` saturates) is `u64::MAX`, and adding it to the end of the
/// tables overflowed: a panic in debug builds; in release builds the end
/// wrapped to just before the end of the header, so a second table could
/// start there, the lengths "added up" to the file, the file opened and
/// verified, and the first lookup panicked slicing the map (192..191).
#[test]
fn table_lengths_adding_up_past_u64_max_are_corrupt_not_an_overflow() {
    let spec = PdbSpec::parse(&Goal::standard(shape(4, 8)), "1,2,3,4,5,6,7,8,9,10,11,12,13,14/15").unwrap();
    let huge = placements(32, 14);
    assert_eq!(huge, u64::MAX);
    let header_len = file::header_len(&spec) as u64;
    let wrapped = header_len.wrapping_add(huge);
    assert_eq!(wrapped, header_len - 1);
    let header = file::encode_header(&spec, &[(8, 0, 0), (8, 0, 0)], Xxh64::hash(&[0; 31]));
    let file_len = wrapped + 32;
    let mut bytes = with_layout(header, &spec, &[(huge, header_len, huge), (32, wrapped, 32)], file_len);
    bytes.resize(file_len as usize, 0);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.pdb");
    fs::write(&path, &bytes).unwrap();
    let err = AdditivePdb::open_any(&path).unwrap_err();
    match &err {
        Error::Database(DatabaseError::Corrupt {
            reason, spec: found, ..
        }) => {
            assert!(reason.contains("past 2^64 bytes"), "{reason}");
            assert_eq!(found.as_deref(), Some(&spec));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_longer_header_is_read_and_counted_in_the_size() {
    // The same databases with 64 more header bytes: tables moved, offsets,
    // lengths and the header checksum rewritten (see the format in `file`).
    let dir = tempfile::tempdir().unwrap();
    let spec = spec_33("1,2,3,4/5,6,7,8");
    let (built, path) = saved(dir.path(), &spec);
    let bytes = fs::read(&path).unwrap();
    let u32_at = |b: &[u8], i: usize| u32::from_le_bytes(b[i..i + 4].try_into().unwrap());
    let u64_at = |b: &[u8], i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap());
    let header = u32_at(&bytes, 12) as usize;
    let mut padded = bytes[..header].to_vec();
    padded.extend_from_slice(&[0; 64]);
    padded.extend_from_slice(&bytes[header..]);
    let new_header = header + 64;
    padded[12..16].copy_from_slice(&(new_header as u32).to_le_bytes());
    let length = padded.len() as u64;
    padded[32..40].copy_from_slice(&length.to_le_bytes());
    let mut at = 48 + 9;
    for _ in 0..padded[44] {
        let k = usize::from(padded[at]);
        let offset = at + 2 + k + 8;
        let moved = u64_at(&padded, offset) + 64;
        padded[offset..offset + 8].copy_from_slice(&moved.to_le_bytes());
        at = offset + 16;
    }
    let sum = super::checksum::Xxh64::hash(&padded[24..new_header]);
    padded[16..24].copy_from_slice(&sum.to_le_bytes());
    let odd = dir.path().join("padded.pdb");
    fs::write(&odd, &padded).unwrap();

    let opened = AdditivePdb::open(&odd, &spec).unwrap();
    opened.verify().unwrap();
    for tiles in exact_distances(spec.goal()).keys() {
        assert_eq!(built.estimate(tiles), opened.estimate(tiles));
    }
    assert_eq!(opened.info().bytes, padded.len() as u64);
    assert_eq!(built.info().bytes + 64, padded.len() as u64);
}

/// The bytes a front-end holds are a file's bytes, and read back they
/// estimate every board as the databases they came from.
#[test]
fn databases_as_bytes_are_the_file_and_read_back_the_same() {
    let goal = Goal::standard("3x3".parse().unwrap());
    let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8").unwrap();
    let built = AdditivePdb::build(&spec, &Default::default(), &mut |_| {}).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = built.save(dir.path()).unwrap();
    let bytes = built.to_bytes();
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    let read = AdditivePdb::from_bytes(&bytes, std::path::Path::new("held.pdb")).unwrap();
    assert_eq!(read.path(), None);
    for board in ["8 6 7 2 5 4 3 x 1", "1 2 3 4 5 6 7 x 8", "x 1 2 3 4 5 6 7 8"] {
        let board: crate::Board = board.parse().unwrap();
        assert_eq!(read.estimate(board.tiles()), built.estimate(board.tiles()), "{board}");
    }
    let err = AdditivePdb::from_bytes(&bytes[..bytes.len() - 1], std::path::Path::new("held.pdb")).unwrap_err();
    assert!(err.to_string().contains("held.pdb"), "{err}");
}
