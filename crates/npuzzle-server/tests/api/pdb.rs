//! Pattern databases read from the server's `pdb_dir`: opened by the first
//! requests for a goal, and missing or unreadable ones reported clearly.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{data, error_message, loopback, App};
use crate::oracle::bfs_distances;

/// A directory holding a 3×3 database for the standard goal, built here by
/// the library (a second of work in a debug build).
fn pdb_dir_3x3() -> tempfile::TempDir {
    use npuzzle::heuristic::pdb::{BuildOptions, PdbSpec};
    let dir = tempfile::tempdir().expect("a temporary directory");
    let goal = npuzzle::Goal::standard(npuzzle::Shape::new(3, 3).unwrap());
    let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8").unwrap();
    let pdb = npuzzle::heuristic::AdditivePdb::build(&spec, &BuildOptions::default(), &mut |_| {}).unwrap();
    pdb.save(dir.path()).unwrap();
    dir
}

/// A server reading databases from `dir`.
async fn with_pdb_dir(dir: &std::path::Path) -> App {
    let mut config = loopback();
    config.pdb_dir = Some(dir.to_path_buf());
    App::start(config).await
}

#[tokio::test]
async fn the_first_requests_for_a_goal_open_its_databases_and_answer_exactly() {
    let dir = pdb_dir_3x3();
    let app = with_pdb_dir(dir.path()).await;
    let distances = bfs_distances(3, 3);
    let boards: Vec<(String, u32)> = distances
        .iter()
        .step_by(20_011)
        .map(|(b, &d)| (b.iter().map(u8::to_string).collect::<Vec<_>>().join(" "), d))
        .collect();
    let (text, d) = &boards[0];
    // A solve and a hint arrive together while nothing is open yet: they
    // share one opening of the databases (counted in the server's unit
    // tests), and the server still answers health.
    let solve = json!({"board": text, "algorithm": "idastar", "heuristic": "pdb"});
    let hint = json!({"board": text, "algorithm": "idastar", "heuristic": "pdb"});
    let ((s1, solved), (s2, hinted), (s3, health)) = tokio::join!(
        app.post_json("/api/solve", solve),
        app.post_json("/api/hint", hint),
        app.get("/api/health"),
    );
    assert_eq!(
        (s1, s2, s3),
        (StatusCode::OK, StatusCode::OK, StatusCode::OK),
        "{solved} {hinted}"
    );
    assert_eq!(health["status"], "ok");
    let solution = data(&solved, "solution");
    assert_eq!(solution["length"], *d, "{solved}");
    assert_eq!(solution["heuristic"], "pdb", "{solved}");
    assert_eq!(data(&hinted, "hint")["distance"], *d, "{hinted}");
    // Later boards reuse what the first requests opened; `auto` picks it too.
    for (text, d) in &boards[1..] {
        for heuristic in ["pdb", "auto"] {
            let body = json!({"board": text, "algorithm": "idastar", "heuristic": heuristic});
            let (status, record) = app.post_json("/api/solve", body).await;
            assert_eq!(status, StatusCode::OK, "{record}");
            assert_eq!(
                data(&record, "solution")["length"],
                *d,
                "{heuristic} on {text}: {record}"
            );
        }
    }
}

#[tokio::test]
async fn databases_missing_or_unreadable_get_the_same_clear_answer() {
    let dir = pdb_dir_3x3();
    let board = "8 6 7 2 5 4 3 x 1";
    // No database for this goal in the directory: the client asked for what
    // is not there.
    let app = with_pdb_dir(dir.path()).await;
    let body = json!({"board": board, "goal": "blank-first", "algorithm": "idastar", "heuristic": "pdb"});
    let (status, record) = app.post_json("/api/solve", body.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{record}");
    assert!(error_message(&record).contains("pattern database"), "{record}");
    // A directory that does not exist is one with no databases.
    let app = with_pdb_dir(&dir.path().join("none")).await;
    for path in ["/api/solve", "/api/hint"] {
        let body = json!({"board": board, "algorithm": "idastar", "heuristic": "pdb"});
        let (status, record) = app.post_json(path, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {record}");
        assert!(error_message(&record).contains("pattern database"), "{path}: {record}");
        assert!(error_message(&record).contains("none"), "{path}: {record}");
    }
    // A "directory" that is a file cannot be listed: the server's fault, said so.
    let file = dir.path().join("not-a-directory");
    std::fs::write(&file, b"junk").unwrap();
    let app = with_pdb_dir(&file).await;
    let body = json!({"board": board, "algorithm": "idastar", "heuristic": "pdb"});
    let (status, record) = app.post_json("/api/solve", body).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{record}");
    assert!(error_message(&record).contains("cannot list"), "{record}");
    assert!(error_message(&record).contains("not-a-directory"), "{record}");
}

/// Regression: a broken file in the directory was skipped as if it were not
/// there, so the answer was "no pattern database". When it is the only file
/// that could answer, the error names it and what is wrong; when another
/// file answers, the request is answered and `/api/health` names it.
#[tokio::test]
async fn a_broken_database_file_is_named_not_skipped() {
    let dir = pdb_dir_3x3();
    let saved: Vec<std::path::PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let [file] = &saved[..] else { panic!("{saved:?}") };
    let bytes = std::fs::read(file).unwrap();
    std::fs::write(file, &bytes[..bytes.len() / 2]).unwrap();
    let app = with_pdb_dir(dir.path()).await;
    let board = "8 6 7 2 5 4 3 x 1";
    for path in ["/api/solve", "/api/hint"] {
        let body = json!({"board": board, "algorithm": "idastar", "heuristic": "pdb"});
        let (status, record) = app.post_json(path, body).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{path}: {record}");
        let message = error_message(&record);
        let wanted = format!(
            "no usable pattern database for 3x3 boards with goal 1 2 3 4 5 6 7 8 x in {}: {} is truncated: ",
            dir.path().display(),
            file.display()
        );
        assert!(message.starts_with(&wanted), "{path}: {message}");
    }
    assert_health_names_truncated(&app, file).await;

    // Beside a good file for the goal, the broken one does not stop the answer.
    let good = pdb_dir_3x3();
    let broken = good.path().join("broken.pdb");
    std::fs::write(&broken, &bytes[..100]).unwrap();
    let app = with_pdb_dir(good.path()).await;
    let (_, health) = app.get("/api/health").await;
    assert!(health.get("unusable_databases").is_none(), "nothing met yet: {health}");
    let body = json!({"board": board, "algorithm": "idastar", "heuristic": "pdb"});
    let (status, record) = app.post_json("/api/solve", body).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(data(&record, "solution")["length"], 31);
    assert_health_names_truncated(&app, &broken).await;
}

/// `/api/health` lists one unusable database: `file`, truncated.
async fn assert_health_names_truncated(app: &App, file: &std::path::Path) {
    let (_, health) = app.get("/api/health").await;
    let listed = health["unusable_databases"].as_array().unwrap();
    assert_eq!(listed.len(), 1, "{health}");
    let said = listed[0].as_str().unwrap();
    assert!(said.starts_with(&format!("{} is truncated", file.display())), "{said}");
}
