//! `npuzzle pdb build --metric mtm` and the solves that read its file, on
//! 3x3 (the 4x4 database takes 217 MiB and minutes).

use crate::{dir_arg, empty_dir, npuzzle, stderr, stdout};

/// 3x3 boards, from near to the farthest in multi-tile moves.
const BOARDS: [&str; 4] = [
    "1 2 3 4 5 6 x 7 8",
    "4 1 3 7 2 6 x 5 8",
    "8 6 7 2 5 4 3 x 1",
    "6 4 7 8 5 x 3 2 1",
];

/// Builds the 3x3 multi-tile database in `dir`.
fn build(dir: &str) {
    let out = npuzzle(
        &["pdb", "build", "--size", "3x3", "--metric", "mtm", "--pdb-dir", dir],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
}

/// `solve --metric mtm --algorithm idastar --heuristic HEURISTIC` of `board`
/// with the databases in `dir`.
fn idastar(dir: &str, heuristic: &str, board: &str) -> std::process::Output {
    let args = [
        "solve",
        "--metric",
        "mtm",
        "--algorithm",
        "idastar",
        "--heuristic",
        heuristic,
    ];
    npuzzle(&[&args[..], &["--pdb-dir", dir, board]].concat(), "")
}

/// `solve --json` of `board` with `args`: the solution record's data.
fn solve(board: &str, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["solve", "--metric", "mtm", "--json"];
    all.extend_from_slice(args);
    all.push(board);
    let out = npuzzle(&all, "");
    assert!(out.status.success(), "{board}: {}{}", stdout(&out), stderr(&out));
    let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON record");
    assert_eq!(record["type"], "solution", "{record}");
    record["data"].clone()
}

#[test]
fn idastar_with_the_built_database_finds_the_bfs_length() {
    let scratch = empty_dir("mtm-pdb");
    let d = dir_arg(&scratch);
    build(d);
    assert!(scratch.path().join("3x3-multi-tile.mtm").is_file());
    for board in BOARDS {
        let read = solve(board, &["--algorithm", "idastar", "--heuristic", "pdb", "--pdb-dir", d]);
        let bfs = solve(board, &["--algorithm", "bfs"]);
        assert_eq!(read["heuristic"], "pdb", "{read}");
        assert_eq!(read["mtm_length"], bfs["mtm_length"], "{board}: {read} against {bfs}");
        // `auto` in idastar reads the file too.
        let auto = solve(board, &["--algorithm", "idastar", "--pdb-dir", d]);
        assert_eq!(
            (&auto["heuristic"], &auto["mtm_length"]),
            (&read["heuristic"], &read["mtm_length"])
        );
    }
    // With every choice left to `auto`, 3x3 is still searched by bfs.
    let auto = solve(BOARDS[2], &["--pdb-dir", d]);
    assert_eq!(auto["algorithm"], "bfs", "{auto}");
    assert_eq!(auto["mtm_length"], 20);
}

#[test]
fn the_built_database_is_listed_and_verified() {
    let scratch = empty_dir("mtm-list");
    let d = dir_arg(&scratch);
    build(d);
    let out = npuzzle(&["pdb", "list", "--pdb-dir", d], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("3x3 multi-tile, 362880 entries"),
        "{}",
        stdout(&out)
    );
    let out = npuzzle(&["pdb", "list", "--json", "--pdb-dir", d], "");
    let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON record");
    assert_eq!(record["type"], "database");
    let data = &record["data"];
    assert_eq!(
        (&data["size"], &data["kind"], &data["entries"], &data["bytes"]),
        (
            &serde_json::json!("3x3"),
            &serde_json::json!("multi-tile"),
            &serde_json::json!(362_880),
            &serde_json::json!(64 + 362_880 / 4)
        ),
        "{record}"
    );
    let out = npuzzle(&["pdb", "verify", "--pdb-dir", d], "");
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("3x3-multi-tile.mtm: ok (multi-tile)"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn pdb_without_the_file_names_it_and_the_build_command() {
    let scratch = empty_dir("mtm-missing");
    let d = dir_arg(&scratch);
    let out = idastar(d, "pdb", BOARDS[2]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let file = scratch.path().join("3x3-multi-tile.mtm");
    assert!(stderr(&out).contains(&file.display().to_string()), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("npuzzle pdb build --size 3x3 --metric mtm"),
        "{}",
        stderr(&out)
    );
    // `auto` needs no file: on 3x3 it searches by bfs.
    let out = npuzzle(&["solve", "--metric", "mtm", "--pdb-dir", d, BOARDS[2]], "");
    assert!(out.status.success(), "{}", stderr(&out));
}

/// A broken file is named where it would have been read, by `pdb` and by `auto`.
#[test]
fn a_corrupt_multi_tile_file_is_named() {
    let scratch = empty_dir("mtm-corrupt");
    let d = dir_arg(&scratch);
    build(d);
    let file = scratch.path().join("3x3-multi-tile.mtm");
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&file, bytes).unwrap();
    for heuristic in ["pdb", "auto"] {
        let out = idastar(d, heuristic, BOARDS[2]);
        assert_eq!(out.status.code(), Some(2), "{heuristic}: {}", stderr(&out));
        let message = stderr(&out);
        assert!(message.contains(&file.display().to_string()), "{message}");
        assert!(message.contains("checksum"), "{message}");
        assert!(
            message.contains("npuzzle pdb build --size 3x3 --metric mtm"),
            "{message}"
        );
    }
    let out = npuzzle(&["pdb", "list", "--pdb-dir", d], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("unusable"), "{}", stdout(&out));
}

#[test]
fn options_for_additive_databases_are_refused_with_mtm() {
    let scratch = empty_dir("mtm-refused");
    let d = dir_arg(&scratch);
    for extra in [
        &["--partition", "1,2,3,4/5,6,7,8"][..],
        &["--zero-aware"],
        &["--compact"],
        &["--goal", "blank-first"],
    ] {
        let mut args = vec!["pdb", "build", "--size", "3x3", "--metric", "mtm", "--pdb-dir", d];
        args.extend_from_slice(extra);
        let out = npuzzle(&args, "");
        assert!(!out.status.success(), "{extra:?}");
        assert!(
            stderr(&out).contains(&format!("takes no {}", extra[0])),
            "{extra:?}: {}",
            stderr(&out)
        );
    }
    assert_eq!(std::fs::read_dir(scratch.path()).unwrap().count(), 0);
    let out = npuzzle(
        &["pdb", "build", "--size", "5x5", "--metric", "mtm", "--pdb-dir", d],
        "",
    );
    assert!(!out.status.success());
    assert!(stderr(&out).contains("not 5x5"), "{}", stderr(&out));
}

#[test]
fn fit_and_max_memory_bound_the_build_and_name_what_it_needs() {
    let scratch = empty_dir("mtm-fit");
    let d = dir_arg(&scratch);
    let base = ["pdb", "build", "--size", "3x3", "--metric", "mtm", "--pdb-dir", d];
    // The 3x3 table (88.7 KiB) does not fit in 10 KB; 4x4's smallest (36 MiB) not in 1M.
    for (size, fit, needs) in [
        ("3x3", "10K", "the smallest takes 90784"),
        ("4x4", "1M", "the smallest takes 37837864"),
    ] {
        let out = npuzzle(
            &[
                "pdb",
                "build",
                "--size",
                size,
                "--metric",
                "mtm",
                "--fit",
                fit,
                "--pdb-dir",
                d,
            ],
            "",
        );
        assert!(!out.status.success(), "{size} {fit}");
        assert!(stderr(&out).contains(needs), "{}", stderr(&out));
    }
    // About 2.7 bytes an entry while it builds: 362,880 entries need about 957 KiB.
    let mut args = base.to_vec();
    args.extend_from_slice(&["--max-memory", "100K"]);
    let out = npuzzle(&args, "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("more than --max-memory"), "{}", stderr(&out));
    assert_eq!(std::fs::read_dir(scratch.path()).unwrap().count(), 0);
    let mut args = base.to_vec();
    args.extend_from_slice(&["--fit", "1M", "--max-memory", "2M"]);
    let out = npuzzle(&args, "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("of memory"), "{}", stderr(&out));
    assert!(scratch.path().join("3x3-multi-tile.mtm").is_file());
}
