//! The records' JSON and CSV shapes, which front-ends and files rely on.

use super::*;
use crate::{Algorithm, SolverOptions};

fn solve(text: &str, options: SolverOptions) -> (Board, Goal, Solver, Report) {
    let board: Board = text.parse().unwrap();
    let goal = Goal::standard(board.shape());
    let solver = Solver::new(options);
    let report = solver.solve(&board, &goal).unwrap();
    (board, goal, solver, report)
}

#[test]
fn solution_envelope_has_the_documented_keys_in_order() {
    let (board, goal, solver, report) = solve("1 2 3 4 5 6 x 7 8", SolverOptions::default());
    let record = Record::Solution(SolutionRecord::new(&board, &goal, &solver, &report));
    let text = serde_json::to_string(&record).unwrap();
    assert!(text.starts_with(r#"{"type":"solution","data":{"board":"1 2 3 4 5 6 x 7 8","goal":"1 2 3 4 5 6 7 8 x","algorithm":"idastar","heuristic":"linear-conflict","partition":null,"outcome":"solved","length":2,"mtm_length":1,"moves":"rr","stats":{"expanded":"#), "{text}");
    assert!(!text.contains("budget"), "{text}");
    let back: Record = serde_json::from_str(&text).unwrap();
    assert_eq!(back, record);
}

#[test]
fn unsolvable_and_budget_records_name_what_happened() {
    let (board, goal, solver, report) = solve("2 1 3 4 5 6 7 8 x", SolverOptions::default());
    let record = SolutionRecord::new(&board, &goal, &solver, &report);
    assert_eq!(
        (record.outcome, record.length, record.moves.as_deref()),
        (OutcomeName::Unsolvable, None, None)
    );

    let options = SolverOptions {
        algorithm: Algorithm::AStar,
        budget: crate::Budget {
            max_nodes: Some(10),
            ..Default::default()
        },
        ..Default::default()
    };
    let (board, goal, solver, report) = solve("8 6 7 2 5 4 3 x 1", options);
    let record = SolutionRecord::new(&board, &goal, &solver, &report);
    assert_eq!(record.outcome, OutcomeName::Budget);
    assert_eq!(record.budget.as_deref(), Some("node limit"));
    let json = serde_json::to_value(Record::Solution(record)).unwrap();
    assert_eq!(json["data"]["outcome"], "budget");
    assert!(json["data"].get("length").is_none());
}

#[test]
fn iterations_are_listed_for_idastar_only() {
    let idastar = SolverOptions {
        algorithm: Algorithm::IdaStar,
        ..Default::default()
    };
    let greedy = SolverOptions {
        algorithm: Algorithm::Greedy,
        ..Default::default()
    };
    let table = SolverOptions {
        algorithm: Algorithm::Table,
        ..Default::default()
    };
    let stats_of = |text: &str, options: SolverOptions| {
        let (board, goal, solver, report) = solve(text, options);
        let record = Record::Solution(SolutionRecord::new(&board, &goal, &solver, &report));
        serde_json::to_value(&record).unwrap()["data"]["stats"].clone()
    };
    let searched = stats_of("8 6 7 2 5 4 3 x 1", idastar);
    let bounds: Vec<u64> = searched["iterations"]
        .as_array()
        .expect("IDA* lists its iterations")
        .iter()
        .map(|i| i["bound"].as_u64().unwrap())
        .collect();
    assert_eq!(bounds.last(), Some(&31), "{searched}");
    for (what, stats) in [
        ("greedy", stats_of("8 6 7 2 5 4 3 x 1", greedy)),
        ("table", stats_of("8 6 7 2 5 4 3 x 1", table)),
        ("unsolvable", stats_of("2 1 3 4 5 6 7 8 x", idastar)),
    ] {
        assert!(stats.get("iterations").is_none(), "{what}: {stats}");
    }
    // Records written when every one carried `"iterations": []` still read.
    let old: StatsRecord = serde_json::from_str(r#"{"peak_bytes":0,"millis":0.0,"iterations":[]}"#).unwrap();
    assert_eq!(old.iterations, Some(Vec::new()));
}

#[test]
fn uninformed_searches_name_no_heuristic() {
    let options = SolverOptions {
        algorithm: Algorithm::Bfs,
        ..Default::default()
    };
    let (board, goal, solver, report) = solve("8 6 7 2 5 4 3 x 1", options);
    let record = SolutionRecord::new(&board, &goal, &solver, &report);
    assert_eq!(record.heuristic, None);
    assert_eq!(record.length, Some(31));
    assert_eq!(record.algorithm, "bfs");
}

#[test]
fn result_rows_have_the_csv_header_fields_in_order() {
    let (board, goal, solver, report) = solve("1 2 3 4 5 6 x 7 8", SolverOptions::default());
    let row = ResultRecord::solved(3, &board, &goal, &solver, &report, Duration::from_micros(1500));
    let json = serde_json::to_value(Record::Result(row.clone())).unwrap();
    let keys: Vec<&str> = json["data"].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys.join(","), ResultRecord::CSV_HEADER);
    assert_eq!(json["data"]["millis"], 1.5);
    assert_eq!(row.search_names(), Some(SearchNames::new(&solver, &board)));
    assert_eq!(
        (json["data"]["algorithm"].as_str(), json["data"]["heuristic"].as_str()),
        (Some("idastar"), Some("linear-conflict"))
    );
    let invalid = ResultRecord::invalid(4, "1 2\n3\u{7}", "bad", Duration::ZERO);
    assert_eq!(invalid.board, "1 2 3?");
    assert_eq!(invalid.outcome, OutcomeName::Invalid);
    assert_eq!(invalid.search_names(), None);
    assert_eq!(invalid.search_settings(), None);
}

/// Rows did not say with which `--dup-len`, goal or budget they were made,
/// so a resumed batch took a row of one setting for the other's.
#[test]
fn result_rows_record_the_settings_that_change_counts_and_read_them_back() {
    let budget = crate::Budget::default()
        .with_max_nodes(Some(5000))
        .with_timeout(Some(Duration::from_micros(2_500_001)))
        .with_max_memory(Some(1 << 20));
    let options = SolverOptions::default().with_duplicate_len(2).with_budget(budget);
    let (board, goal, solver, report) = solve("1 2 3 4 5 6 x 7 8", options);
    let row = ResultRecord::solved(3, &board, &goal, &solver, &report, Duration::ZERO);
    let json = serde_json::to_value(Record::Result(row)).unwrap();
    let data = &json["data"];
    assert_eq!(data["goal"], "1 2 3 4 5 6 7 8 x");
    assert_eq!(data["duplicate_len"], 2);
    assert_eq!(
        (data["max_nodes"].as_u64(), data["max_memory"].as_u64()),
        (Some(5000), Some(1 << 20))
    );
    assert_eq!(data["timeout_millis"], 2500.001);
    assert!(data["improve_millis"].is_null(), "{data}");
    let Record::Result(back) = serde_json::from_value(json.clone()).unwrap() else {
        panic!("a result row")
    };
    let settings = back.search_settings().expect("settings read back");
    assert_eq!(settings, SearchSettings::new(&solver, report.algorithm, &goal));
    assert_eq!(settings.timeout_micros, Some(2_500_001));
    // Another pruning length is another setting; the budget aside, the rest is the same.
    let other = SearchSettings::new(
        &Solver::new(SolverOptions::default().with_budget(budget)),
        report.algorithm,
        &goal,
    );
    assert_ne!(other, settings);
    assert_eq!(other.without_budget().max_nodes, None);
    // Greedy has no duplicate pruning; a search other than greedy no improve time.
    let greedy = Solver::new(SolverOptions::default().with_improve(Some(Duration::from_millis(5))));
    let of_greedy = SearchSettings::new(&greedy, Algorithm::Greedy, &goal);
    assert_eq!((of_greedy.duplicate_len, of_greedy.improve_micros), (None, Some(5000)));
    assert_eq!(
        SearchSettings::new(&greedy, Algorithm::IdaStar, &goal).improve_micros,
        None
    );
}

#[test]
fn rows_written_before_the_search_names_still_read() {
    let old = r#"{"type":"result","data":{"line":3,"board":"x","outcome":"solved","length":0,"moves":"","expanded":0,"generated":0,"millis":0.0,"message":null}}"#;
    let Record::Result(row) = serde_json::from_str(old).unwrap() else {
        panic!("a result row")
    };
    assert_eq!((row.line, row.instance, row.search_names()), (3, 0, None));
}
