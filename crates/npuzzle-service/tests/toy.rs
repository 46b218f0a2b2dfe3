//! A front-end in a few lines: text in, JSON records out, nothing decided
//! here but how to print. It shows the contract is enough: no parity, no
//! algorithm choice, no answer order in the front-end.

use npuzzle::record::{ErrorRecord, Record};
use npuzzle::{Algorithm, Cancel, SolverOptions};
use npuzzle_service::input::Tiles;
use npuzzle_service::request::{Question, Request};
use npuzzle_service::{HeuristicChoice, Session, SolverSpec};

/// The toy front-end: one board and one question in, one JSON line out.
fn toy(session: &Session, board: &str, goal: Option<&str>, question: Question) -> String {
    let request = Request {
        board: Tiles::Text(board.to_string()),
        size: None,
        goal: goal.map(|g| Tiles::Text(g.to_string())),
        solver: SolverSpec::new(
            SolverOptions::default().with_algorithm(Algorithm::Auto),
            HeuristicChoice::Auto,
        ),
        budget: Default::default(),
        question,
    };
    let record = match session.plan(&request) {
        Ok(plan) => match plan.into_job().run(&Cancel::new(), None) {
            Ok(answer) => answer.record(),
            Err(e) => Record::Error(ErrorRecord::new(1, board, e.to_string())),
        },
        Err(e) => Record::Error(ErrorRecord::new(1, board, e.to_string())),
    };
    serde_json::to_string(&record).expect("records serialise")
}

fn field(line: &str, path: &[&str]) -> serde_json::Value {
    let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
    path.iter().fold(value, |v, key| v[*key].clone())
}

#[test]
fn a_toy_front_end_answers_every_step_of_the_order() {
    let session = Session::new(None);
    // A board that cannot be read.
    let line = toy(&session, "1 2 3 4 5 6 7 8 8", None, Question::Solve);
    assert_eq!(field(&line, &["type"]), "error");
    assert_eq!(
        field(&line, &["data", "message"]),
        "tile 8 appears twice, at positions 8 and 9"
    );
    // A goal that cannot be read, and one of another shape.
    let line = toy(&session, "1 2 3 4 5 6 7 8 x", Some("1 2 3"), Question::Solve);
    assert!(
        field(&line, &["data", "message"])
            .as_str()
            .unwrap()
            .starts_with("reading the goal: "),
        "{line}"
    );
    let line = toy(&session, "1 2 3 4 5 6 7 8 x", Some("1 2 3 x"), Question::Solve);
    assert_eq!(
        field(&line, &["data", "message"]),
        "the board is 3x3 but the goal is 2x2"
    );
    // Parity before any limit: a 20x20 board of the wrong parity is unsolvable, even for a hint.
    let mut tiles: Vec<String> = (1..400).map(|t| t.to_string()).collect();
    tiles.swap(0, 1);
    tiles.push("x".into());
    let line = toy(&session, &tiles.join(" "), None, Question::Hint);
    assert_eq!(field(&line, &["data", "outcome"]), "unsolvable", "{line}");
    // A greedy board cannot be hinted: a refusal, before any search.
    let mut tiles: Vec<String> = (1..400).map(|t| t.to_string()).collect();
    tiles.push("x".into());
    tiles.swap(398, 399);
    let line = toy(&session, &tiles.join(" "), None, Question::Hint);
    assert_eq!(field(&line, &["type"]), "error", "{line}");
    // A solve and a hint.
    let line = toy(&session, "8 6 7 2 5 4 3 x 1", None, Question::Solve);
    assert_eq!(field(&line, &["data", "length"]), 31);
    let line = toy(&session, "8 6 7 2 5 4 3 x 1", None, Question::Hint);
    assert_eq!(field(&line, &["data", "distance"]), 31);
}
