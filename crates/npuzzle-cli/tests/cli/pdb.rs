//! `npuzzle pdb build|list|verify|compact` on small databases in a temporary directory.

use crate::{dir_arg, empty_dir, npuzzle, stderr, stdout};

/// Builds the databases of `partition` for the standard 3x3 goal in `dir`.
fn build(dir: &str, partition: &str) -> std::process::Output {
    build_with(dir, partition, &[])
}

/// [`build`] with more arguments.
fn build_with(dir: &str, partition: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "pdb",
        "build",
        "--size",
        "3x3",
        "--partition",
        partition,
        "--pdb-dir",
        dir,
    ];
    args.extend_from_slice(extra);
    npuzzle(&args, "")
}

#[test]
fn build_list_verify_and_catch_a_corrupt_file() {
    let scratch = empty_dir("pdb");
    let (dir, d) = (scratch.path(), dir_arg(&scratch));
    let out = build(d, "1,2,3,4/5,6,7,8");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("built in"), "{}", stdout(&out));

    let out = npuzzle(&["pdb", "list", "--pdb-dir", d], "");
    assert!(out.status.success());
    assert!(stdout(&out).contains("3x3 goal 1 2 3 4 5 6 7 8 x"), "{}", stdout(&out));

    let out = npuzzle(&["pdb", "verify", "--pdb-dir", d], "");
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(stdout(&out).contains(": ok"));

    // Flip one byte near the end: the data checksum must catch it.
    let file = std::fs::read_dir(dir).unwrap().next().unwrap().unwrap().path();
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&file, bytes).unwrap();
    let out = npuzzle(&["pdb", "verify", "--pdb-dir", d], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("checksum"), "{}", stdout(&out));
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
    let scratch = empty_dir("pdb-solve");
    let d = dir_arg(&scratch);
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

    let built = build(d, "1,2,3,4/5,6,7,8");
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
        assert!(text.contains("idastar (pdb 1,2,3,4/5,6,7,8)"), "{heuristic}: {text}");
    }
}

/// Expanded nodes of a `solve --json` run, after checking it found 31 moves.
fn expanded_in(out: &std::process::Output) -> u64 {
    assert!(out.status.success(), "{}", stderr(out));
    let row: serde_json::Value = serde_json::from_str(stdout(out).trim()).unwrap();
    assert_eq!(row["data"]["length"], 31, "{row}");
    assert_eq!(row["data"]["heuristic"], "pdb", "{row}");
    assert!(row["data"]["partition"].is_string(), "{row}");
    row["data"]["stats"]["expanded"].as_u64().unwrap()
}

#[test]
fn pdb_flag_picks_one_partition_among_several() {
    let scratch = empty_dir("pdb-pick");
    let d = dir_arg(&scratch);
    let board = "8 6 7 2 5 4 3 x 1";
    let (strong, weak) = ("1,2,3,4/5,6,7,8", "1,2/3,4/5,6/7,8");
    for partition in [strong, weak] {
        let built = build(d, partition);
        assert!(built.status.success(), "{}", stderr(&built));
    }
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "-a", "idastar", "--json", "-j", "1", "--pdb-dir", d, board];
        args.extend_from_slice(extra);
        npuzzle(&args, "")
    };
    let out = solve(&["--pdb", strong]);
    assert!(
        stdout(&out).contains(r#""partition":"1,2,3,4/5,6,7,8""#),
        "{}",
        stdout(&out)
    );
    let with_strong = expanded_in(&out);
    let with_weak = expanded_in(&solve(&["--pdb", weak]));
    assert!(with_strong < with_weak, "{with_strong} vs {with_weak}");
    // The same tiles in another order name the same databases.
    assert_eq!(expanded_in(&solve(&["--pdb", "8,7,6,5/4,3,2,1"])), with_strong);
    assert_eq!(expanded_in(&solve(&["--pdb", weak, "--heuristic", "pdb"])), with_weak);
    // Without --pdb the strongest (largest) databases are read.
    assert_eq!(expanded_in(&solve(&[])), with_strong);

    // A partition with no file: the command that builds it, in the board's error record.
    let out = solve(&["--pdb", "1,2,3/4,5,6/7,8"]);
    assert_eq!(out.status.code(), Some(2));
    let row: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(row["type"], "error", "{row}");
    assert!(
        row["data"]["message"]
            .as_str()
            .unwrap()
            .contains("npuzzle pdb build --size 3x3 --goal standard --partition 1,2,3/4,5,6/7,8"),
        "{row}"
    );
    // Flags that would not read the databases are refused, not ignored.
    for extra in [["--heuristic", "manhattan"], ["-a", "bfs"]] {
        let mut args = vec!["solve", "--pdb", strong, "--pdb-dir", d, board];
        args.extend_from_slice(&extra);
        let out = npuzzle(&args, "");
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(stderr(&out).contains("--pdb"), "{}", stderr(&out));
    }
    // Batch mode takes the flag too.
    let out = npuzzle(&["batch", "--pdb", weak, "--pdb-dir", d, "-a", "idastar"], board);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("\"length\":31"), "{}", stdout(&out));
}

/// The library keeps the operating system's error as the `source()` of its
/// I/O error rather than in its own message; the user still reads both.
#[test]
fn an_unreadable_database_names_the_path_and_the_system_error() {
    let path = std::env::temp_dir().join(format!("npuzzle-cli-no-such-dir-{}/x.pdb", std::process::id()));
    let p = path.to_str().unwrap();
    let out = npuzzle(&["pdb", "verify", p], "");
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let (_, reason) = text
        .split_once(&format!("cannot read {p}: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(!reason.trim().is_empty(), "{text}");
}

#[test]
fn build_without_a_partition_builds_the_suggested_set_and_says_its_cost_first() {
    let scratch = empty_dir("pdb-default");
    let (dir, d) = (scratch.path(), dir_arg(&scratch));
    let out = npuzzle(
        &["pdb", "build", "--size", "3x3", "--goal", "blank-first", "--pdb-dir", d],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    // A 3x3 board gets one exact pattern: 9!/1! placements at 4 bits.
    let said = stderr(&out);
    assert!(said.contains("building 1,2,3,4,5,6,7,8 "), "{said}");
    assert!(said.contains("362880 entries, a 177.2 KiB file"), "{said}");
    assert!(said.contains("file; about") && said.contains("idle core"), "{said}");
    let names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    // No part files left behind.
    assert_eq!(names, ["3x3-blank-first-1.2.3.4.5.6.7.8.pdb"]);
}

#[test]
fn zero_aware_build_is_listed_and_verified_as_such() {
    let scratch = empty_dir("pdb-zero");
    let d = dir_arg(&scratch);
    let out = build_with(d, "1,2,3,4/5,6,7,8", &["--zero-aware"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("building zero-aware 1,2,3,4/5,6,7,8"),
        "{}",
        stderr(&out)
    );
    // 3024 placements a pattern, each with up to 5 regions (tiles on the
    // four edge cells cut off the corners and the centre).
    assert!(stderr(&out).contains(": 30240 entries"), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("3x3-standard-1.2.3.4_5.6.7.8-zero.pdb"),
        "{}",
        stdout(&out)
    );
    // A classic build beside it keeps its own name.
    assert!(build(d, "1,2,3,4/5,6,7,8").status.success());

    let out = npuzzle(&["pdb", "list", "--pdb-dir", d], "");
    assert!(out.status.success(), "{}", stdout(&out));
    let listed = stdout(&out);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 2, "{listed}");
    assert!(
        lines[0].contains("1.2.3.4_5.6.7.8-zero.pdb") && lines[0].contains("zero-aware"),
        "{listed}"
    );
    assert!(!lines[1].contains("zero-aware"), "{listed}");

    let out = npuzzle(&["pdb", "verify", "--pdb-dir", d], "");
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(stdout(&out).contains("-zero.pdb: ok (zero-aware)"), "{}", stdout(&out));
}

/// Solves a 3x3 board 31 moves from the standard goal (the most there are) with the
/// databases in `dir`, checks that the length is 31, and gives the output.
fn solves_the_31_move_board(dir: &str) -> std::process::Output {
    let out = npuzzle(
        &[
            "solve",
            "-a",
            "idastar",
            "--heuristic",
            "pdb",
            "--pdb-dir",
            dir,
            "8 6 7 2 5 4 3 x 1",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("31 moves"), "{}", stdout(&out));
    out
}

#[test]
fn compact_converts_a_zero_aware_file_without_a_rebuild() {
    let scratch = empty_dir("pdb-compact");
    let (dir, d) = (scratch.path(), dir_arg(&scratch));
    assert!(build_with(d, "1,2,3,4/5,6,7,8", &["--zero-aware"]).status.success());
    let zero = dir.join("3x3-standard-1.2.3.4_5.6.7.8-zero.pdb");
    let out = npuzzle(&["pdb", "compact", zero.to_str().unwrap(), "-j", "1"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("3x3-standard-1.2.3.4_5.6.7.8-zero-compact.pdb"),
        "{}",
        stdout(&out)
    );
    let out = npuzzle(&["pdb", "list", "--pdb-dir", d], "");
    let listed = stdout(&out);
    assert!(
        listed
            .lines()
            .any(|l| l.contains("-zero-compact.pdb") && l.contains("zero-aware compact")),
        "{listed}"
    );
    let out = npuzzle(&["pdb", "verify", "--pdb-dir", d], "");
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("-zero-compact.pdb: ok (zero-aware compact)"),
        "{}",
        stdout(&out)
    );
    // Solve reads it and finds the optimal 31 moves (the zero-aware file moved away).
    std::fs::remove_file(&zero).unwrap();
    solves_the_31_move_board(d);
    // A classic file does not convert: a clear error, no file written.
    assert!(build(d, "1,2,3/4,5,6,7,8").status.success());
    let classic = dir.join("3x3-standard-1.2.3_4.5.6.7.8.pdb");
    let out = npuzzle(&["pdb", "compact", classic.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("only zero-aware databases"), "{}", stderr(&out));
    assert!(!dir.join("3x3-standard-1.2.3_4.5.6.7.8-zero-compact.pdb").exists());
}

#[test]
fn a_compact_build_equals_a_zero_aware_build_made_compact() {
    let scratch = empty_dir("pdb-build-compact");
    let (dir, d) = (scratch.path(), dir_arg(&scratch));
    let out = build_with(d, "1,2,3,4/5,6,7,8", &["--compact", "-j", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("building zero-aware compact 1,2,3,4/5,6,7,8"),
        "{}",
        stderr(&out)
    );
    let built = dir.join("3x3-standard-1.2.3.4_5.6.7.8-zero-compact.pdb");
    let names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    // Only the compact file: no zero-aware file or parts left behind.
    assert_eq!(names, ["3x3-standard-1.2.3.4_5.6.7.8-zero-compact.pdb"]);
    let built_bytes = std::fs::read(&built).unwrap();

    // The other way to the same file: a zero-aware build, then `pdb compact`.
    let other = empty_dir("pdb-build-compact-other");
    assert!(build_with(dir_arg(&other), "1,2,3,4/5,6,7,8", &["--zero-aware"])
        .status
        .success());
    let zero = other.path().join("3x3-standard-1.2.3.4_5.6.7.8-zero.pdb");
    let out = npuzzle(&["pdb", "compact", zero.to_str().unwrap(), "-j", "1"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let converted = std::fs::read(other.path().join("3x3-standard-1.2.3.4_5.6.7.8-zero-compact.pdb")).unwrap();
    assert!(built_bytes == converted, "the two compact files differ");

    // Solve reads it: the optimal 31 moves.
    let out = solves_the_31_move_board(d);
    assert!(stdout(&out).contains("zero-aware compact"), "{}", stdout(&out));

    // Zero-aware and compact at once is refused before anything is built.
    let out = build_with(d, "1,2,3/4,5,6,7,8", &["--compact", "--zero-aware"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!dir.join("3x3-standard-1.2.3_4.5.6.7.8-zero.pdb").exists());
}

/// Regression: a truncated file was skipped as if it were not there, and
/// solve said "no pattern database"; it names the file and what is wrong.
#[test]
fn solve_names_a_truncated_database_file() {
    let scratch = empty_dir("pdb-truncated");
    let (dir, d) = (scratch.path(), dir_arg(&scratch));
    assert!(build(d, "1,2,3,4/5,6,7,8").status.success());
    let file = std::fs::read_dir(dir).unwrap().next().unwrap().unwrap().path();
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    let board = "8 6 7 2 5 4 3 x 1";
    let out = npuzzle(
        &["solve", "-a", "idastar", "--heuristic", "pdb", "--pdb-dir", d, board],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains(&format!(
            "no usable pattern database for 3x3 boards with goal 1 2 3 4 5 6 7 8 x in {d}: {} is truncated",
            file.display()
        )),
        "{said}"
    );
    assert!(said.contains("npuzzle pdb build --size 3x3"), "{said}");
}

/// Regression (issue 28, item 19): a broken file beside a good one was
/// passed over in silence by the command line (the server named it).
#[test]
fn a_broken_file_beside_a_good_one_is_warned_about() {
    let scratch = empty_dir("pdb-broken-beside");
    let (dir, d) = (scratch.path(), dir_arg(&scratch));
    assert!(build(d, "1,2,3,4/5,6,7,8").status.success());
    std::fs::write(dir.join("junk.pdb"), b"junk").unwrap();
    let board = "8 6 7 2 5 4 3 x 1";
    for command in ["solve", "hint"] {
        let out = npuzzle(
            &[command, "-a", "idastar", "--heuristic", "pdb", "--pdb-dir", d, board],
            "",
        );
        assert!(out.status.success(), "{command}: {}", stderr(&out));
        let said = stderr(&out);
        let warnings: Vec<&str> = said
            .lines()
            .filter(|l| l.starts_with("npuzzle: skipping a pattern database that cannot be used: "))
            .collect();
        assert_eq!(warnings.len(), 1, "{command}: {said}");
        assert!(
            warnings[0].contains(&dir.join("junk.pdb").display().to_string()),
            "{said}"
        );
        assert!(
            stdout(&out).contains("31 moves") || stdout(&out).contains("distance 31"),
            "{}",
            stdout(&out)
        );
    }
    // With no good file, the error names it, and no warning repeats it.
    std::fs::remove_file(
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| !p.ends_with("junk.pdb"))
            .unwrap(),
    )
    .unwrap();
    let out = npuzzle(
        &["solve", "-a", "idastar", "--heuristic", "pdb", "--pdb-dir", d, board],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!stderr(&out).contains("skipping"), "{}", stderr(&out));
    assert!(stderr(&out).contains("junk.pdb"), "{}", stderr(&out));
}

/// `compare --pdb-dir` adds the searches that read the databases present.
#[test]
fn compare_runs_the_databases_in_the_directory() {
    let scratch = empty_dir("pdb-compare");
    let d = dir_arg(&scratch);
    assert!(build(d, "1,2,3,4/5,6,7,8").status.success());
    let out = npuzzle(&["compare", "--pdb-dir", d], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for algorithm in ["astar", "idastar"] {
        let row = text
            .lines()
            .find(|l| l.starts_with(algorithm) && l.contains("pdb 1,2,3,4/5,6,7,8"))
            .unwrap_or_else(|| panic!("a {algorithm} pdb row in {text}"));
        assert_eq!(row.split_whitespace().nth(3), Some("31"), "{row}");
    }
    assert!(text.contains("all 12 finished runs agree: 31 moves"), "{text}");
    // A partition that is not there is an error naming it.
    let out = npuzzle(&["compare", "--pdb-dir", d, "--pdb", "1,2,3/4,5,6,7,8"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("1,2,3/4,5,6,7,8"), "{}", stderr(&out));
}

/// Issue 28, item 6: a refused small build said "needs about 0.0 GiB, more
/// than the 0.0 GiB allowed"; figures are in units that fit.
#[test]
fn a_refused_build_states_its_memory_in_units_that_fit() {
    let scratch = empty_dir("pdb-max-memory");
    let out = npuzzle(
        &[
            "pdb",
            "build",
            "--size",
            "4x4",
            "-p",
            "6-6-3",
            "--max-memory",
            "1M",
            "--pdb-dir",
            dir_arg(&scratch),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(said.contains("MiB, more than the 1.0 MiB allowed"), "{said}");
    assert!(!said.contains("0.0 GiB"), "{said}");
    assert!(said.contains("MiB of memory"), "{said}");
}

/// `pdb list --json`: one `database` record per file, the unusable one
/// with its error instead of its summary, and exit 1 as the listing.
#[test]
fn pdb_list_json_gives_a_record_per_file() {
    let scratch = empty_dir("pdb-list-json");
    let (dir, d) = (scratch.path(), dir_arg(&scratch));
    let out = npuzzle(&["pdb", "list", "--json", "--pdb-dir", d], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "", "an empty directory has no records");
    assert!(build(d, "1,2,3,4/5,6,7,8").status.success());
    std::fs::write(dir.join("junk.pdb"), b"junk").unwrap();
    let out = npuzzle(&["pdb", "list", "--json", "--pdb-dir", d], "");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let records: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 2, "{}", stdout(&out));
    let (good, junk): (Vec<_>, Vec<_>) = records
        .iter()
        .map(|r| {
            assert_eq!(r["type"], "database", "{r}");
            &r["data"]
        })
        .partition(|data| data["error"].is_null());
    let (good, junk) = (good[0], junk[0]);
    assert_eq!(good["size"], "3x3");
    assert_eq!(good["goal"], "1 2 3 4 5 6 7 8 x");
    assert_eq!(good["kind"], "classic");
    let on_disk = std::fs::metadata(good["path"].as_str().unwrap()).unwrap().len();
    assert_eq!(good["bytes"], on_disk);
    assert!(junk["path"].as_str().unwrap().ends_with("junk.pdb"), "{junk}");
    assert!(junk.get("size").is_none(), "{junk}");
    // The same files, the same facts as the human listing.
    let human = stdout(&npuzzle(&["pdb", "list", "--pdb-dir", d], ""));
    assert!(
        human.contains(&format!("partition {}", good["partition"].as_str().unwrap())),
        "{human}"
    );
    assert!(
        human.contains(&format!("unusable: {}", junk["error"].as_str().unwrap())),
        "{human}"
    );
}
