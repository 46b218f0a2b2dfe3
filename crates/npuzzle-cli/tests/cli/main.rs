//! Tests that run the real `npuzzle` binary, one module per area.

mod batch;
mod big;
mod docs;
mod hint;
mod hostile;
mod judge;
mod mtm_pdb;
mod notation;
mod pdb;
mod progress;
mod reading;
mod realtime;
mod render;
mod solve;

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Reads `out` in a thread: its first line, waited for at most two minutes
/// (a command that waited for the end of its input would never write it, so
/// the test fails instead of hanging), and the thread that reads the rest.
pub fn first_line_then_rest(out: std::process::ChildStdout) -> (String, std::thread::JoinHandle<String>) {
    use std::io::{BufRead, Read};
    let mut out = std::io::BufReader::new(out);
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut first = String::new();
        out.read_line(&mut first).expect("a first line");
        tx.send(first).expect("the test waits");
        let mut rest = String::new();
        out.read_to_string(&mut rest).expect("the rest");
        rest
    });
    let first = rx
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("the first line came while the input was open");
    (first, reader)
}

/// Starts `npuzzle` with `args`, its stdin, stdout and stderr piped.
pub fn start(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_npuzzle"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the npuzzle binary starts")
}

/// Runs `npuzzle` with `args`, feeding `stdin`.
pub fn npuzzle(args: &[&str], stdin: &str) -> Output {
    let mut child = start(args);
    let mut input = child.stdin.take().expect("stdin is piped");
    let data = stdin.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        // The program may exit before reading everything; that is not a test failure.
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("npuzzle runs");
    writer.join().expect("stdin writer thread");
    out
}

/// Stdout as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Stderr as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A new empty directory, deleted with all in it when dropped (a failing
/// test's too): a `--pdb-dir` that holds no pattern databases (or those the
/// test builds), or a place for the files a test writes. `name` says whose.
pub fn empty_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("npuzzle-cli-{name}-"))
        .tempdir()
        .expect("a temporary directory")
}

/// A directory's path as a command-line argument.
pub fn dir_arg(dir: &tempfile::TempDir) -> &str {
    dir.path().to_str().expect("a UTF-8 temporary directory")
}

/// A fixture file's text.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/cli/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("fixture {path}: {e}"))
}
