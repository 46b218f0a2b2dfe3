//! The adapter's answers on native targets (the same code the package runs).

use super::*;

fn value(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn a_3x3_board_is_solved_optimally() {
    let record = value(&solve_json("8 6 7 2 5 4 3 x 1", &Options::default()).unwrap());
    assert_eq!(record["length"], 31);
    assert_eq!(record["outcome"], "solved");
}

#[test]
fn a_budget_is_an_outcome_not_an_error() {
    let options = Options {
        max_nodes: Some(1000),
        algorithm: Some("idastar".into()),
        heuristic: Some("manhattan".into()),
        ..Options::default()
    };
    let record = value(&solve_json("15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 x", &options).unwrap());
    assert_eq!(record["outcome"], "budget");
}

#[test]
fn an_unreadable_board_is_a_board_error() {
    let err = solve_json("1 2 3 4 5 6 7 8 8", &Options::default()).unwrap_err();
    assert_eq!(err.kind, "board");
    assert!(err.message.contains('8'), "{}", err.message);
}

#[test]
fn a_goal_of_another_shape_is_refused_by_name() {
    let options = Options {
        goal: Some("1 2 3 x".into()),
        ..Options::default()
    };
    let err = solve_json("1 2 3 4 5 6 7 8 x", &options).unwrap_err();
    assert_eq!(err.message, "the board is 3x3 but the goal is 2x2");
}

#[test]
fn random_boards_of_a_seed_repeat_and_lie_at_their_distance() {
    let options = RandomOptions {
        size: Some("3x3".into()),
        distance: Some(20),
        seed: Some(7),
        ..RandomOptions::default()
    };
    let first = value(&random_json(&options).unwrap());
    assert_eq!(first, value(&random_json(&options).unwrap()));
    let board = first["board"].as_str().unwrap();
    let solved = value(&solve_json(board, &Options::default()).unwrap());
    assert_eq!(solved["length"], 20);
}

#[test]
fn random_boards_at_a_multi_tile_distance_say_their_metric() {
    let options = RandomOptions {
        size: Some("3x3".into()),
        distance: Some(24),
        metric: Some("mtm".into()),
        ..RandomOptions::default()
    };
    // The one 3x3 board 24 multi-tile moves from the standard goal (`table --metric mtm`).
    let record = value(&random_json(&options).unwrap());
    assert_eq!(
        (record["board"].as_str(), record["metric"].as_str()),
        (Some("1 4 7 2 x 8 3 6 5"), Some("mtm"))
    );
    let mtm = Options {
        metric: Some("mtm".into()),
        ..Options::default()
    };
    let solved = value(&solve_json("1 4 7 2 x 8 3 6 5", &mtm).unwrap());
    assert_eq!(solved["mtm_length"], 24);
}

#[test]
fn random_boards_past_the_tables_are_confirmed_by_a_solve() {
    let options = RandomOptions {
        size: Some("4x4".into()),
        distance: Some(10),
        seed: Some(4),
        ..RandomOptions::default()
    };
    let record = value(&random_json(&options).unwrap());
    assert_eq!(record["distance"], 10);
    let solved = value(&solve_json(record["board"].as_str().unwrap(), &Options::default()).unwrap());
    assert_eq!(solved["length"], 10);
    let too_big = RandomOptions {
        size: Some("6x6".into()),
        ..options
    };
    assert_eq!(random_json(&too_big).unwrap_err().kind, "refused");
}

#[test]
fn the_3x3_distribution_sums_to_half_the_permutations() {
    let options = DistributionOptions {
        size: Some("3x3".into()),
        ..DistributionOptions::default()
    };
    let record = value(&distribution_json(&options).unwrap());
    let counts = record["counts"].as_array().unwrap();
    let total: u64 = counts.iter().map(|c| c.as_u64().unwrap()).sum();
    assert_eq!(total, 181_440);
    assert_eq!(counts.len(), 32, "the farthest 3x3 boards are 31 moves away");
    let mtm = DistributionOptions {
        metric: Some("mtm".into()),
        ..options
    };
    let record = value(&distribution_json(&mtm).unwrap());
    assert_eq!(
        (record["metric"].as_str(), record["diameter"].as_u64()),
        (Some("mtm"), Some(24))
    );
}

#[test]
fn a_hint_names_the_distance() {
    let record = value(&hint_json("1 2 3 4 5 6 7 x 8", &Options::default()).unwrap());
    assert_eq!(record["distance"], 1);
}

#[test]
fn a_multi_tile_hint_lists_every_slide() {
    let options = Options {
        metric: Some("mtm".into()),
        ..Options::default()
    };
    // One slide of two tiles solves it: the blank travels right twice.
    let record = value(&hint_json("1 2 3 4 5 6 x 7 8", &options).unwrap());
    assert_eq!(
        (record["metric"].as_str(), record["distance"].as_u64()),
        (Some("mtm"), Some(1))
    );
    assert_eq!(record["optimal"], "rr");
    let moves: Vec<&str> = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["u", "uu", "r", "rr"]);
}

#[test]
fn compare_refuses_boards_past_twelve_cells() {
    let err = compare_json("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", &Options::default()).unwrap_err();
    assert_eq!(err.kind, "refused");
}

#[test]
fn the_limits_are_the_engines_with_no_time_cap() {
    let record = value(&limits_json().unwrap());
    assert_eq!(record["table_cells"], npuzzle::search::AUTO_TABLE_CELLS);
    assert_eq!(record["exhaustive_max_cells"], 12);
    assert_eq!(record["hint_max_cells"], 25);
    assert!(record["max_timeout_ms"].is_null() && record["default_timeout_ms"].is_null());
    // The limit the record names is the one the refusals give.
    let err = compare_json("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", &Options::default()).unwrap_err();
    let named = format!("at most {} cells", record["exhaustive_max_cells"]);
    assert!(err.message.contains(&named), "{}", err.message);
}

#[test]
fn render_draws_svg_and_refuses_png_and_gif_as_options() {
    let svg = render_svg("1 2 3 4 x 6 7 5 8", &RenderOptions::default()).unwrap();
    assert!(svg.starts_with("<svg"));
    for format in ["png", "gif"] {
        let options = RenderOptions {
            format: Some(format.into()),
            ..RenderOptions::default()
        };
        let err = render_svg("1 2 3 4 x 6 7 5 8", &options).unwrap_err();
        assert_eq!(err.kind, "options");
        assert_eq!(
            err.message,
            format!("{format} pictures are not built in here: ask for svg")
        );
    }
}
