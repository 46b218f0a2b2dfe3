//! `npuzzle pdb build|list|verify` on small databases in a temporary directory.

use crate::{npuzzle, stderr, stdout};

#[test]
fn build_list_verify_and_catch_a_corrupt_file() {
    let dir = std::env::temp_dir().join(format!("npuzzle-cli-pdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let out = npuzzle(
        &[
            "pdb",
            "build",
            "--size",
            "3x3",
            "--partition",
            "1,2,3,4/5,6,7,8",
            "--pdb-dir",
            d,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("built in"), "{}", stdout(&out));

    let out = npuzzle(&["pdb", "list", "--pdb-dir", d], "");
    assert!(out.status.success());
    assert!(stdout(&out).contains("3x3 goal 1 2 3 4 5 6 7 8 x"), "{}", stdout(&out));

    let out = npuzzle(&["pdb", "verify", "--pdb-dir", d], "");
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(stdout(&out).contains(": ok"));

    // Flip one byte near the end: the data checksum must catch it.
    let file = std::fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&file, bytes).unwrap();
    let out = npuzzle(&["pdb", "verify", "--pdb-dir", d], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("checksum"), "{}", stdout(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_partition_is_a_clear_error() {
    let out = npuzzle(
        &[
            "pdb",
            "build",
            "--size",
            "3x3",
            "--partition",
            "1,2,2/3",
            "--pdb-dir",
            "/nonexistent",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr(&out).contains("panicked"));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}

#[test]
fn solve_uses_the_database_present_and_says_how_to_build_one_when_none() {
    let dir = std::env::temp_dir().join(format!("npuzzle-cli-pdb-solve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let board = "8 6 7 2 5 4 3 x 1";

    let out = npuzzle(
        &["solve", "-a", "idastar", "--heuristic", "pdb", "--pdb-dir", d, board],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("npuzzle pdb build --size 3x3"),
        "{}",
        stderr(&out)
    );

    let built = npuzzle(
        &[
            "pdb",
            "build",
            "--size",
            "3x3",
            "--partition",
            "1,2,3,4/5,6,7,8",
            "--pdb-dir",
            d,
        ],
        "",
    );
    assert!(built.status.success(), "{}", stderr(&built));
    for heuristic in ["pdb", "auto"] {
        let out = npuzzle(
            &[
                "solve",
                "-a",
                "idastar",
                "--heuristic",
                heuristic,
                "--pdb-dir",
                d,
                board,
            ],
            "",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("31 moves"), "{text}");
        assert!(text.contains("idastar (pdb)"), "{heuristic}: {text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
