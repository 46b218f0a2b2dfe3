//! The human output format: records, durations and sizes as a person reads
//! them, written beside the machine formats (`--json`, CSV) that print the
//! same records unchanged.
//!
//! Everything here reads a record's fields and nothing else, so the text
//! says the same facts as the JSON of the same run.

use std::time::Duration;

use npuzzle::notation::{self, Notation};
use npuzzle::record::{HintRecord, OutcomeName, SolutionRecord, StatsRecord};
use npuzzle::Move;

/// A duration in µs, ms or s: `420 µs`, `3.30 ms`, `49.30 s`.
pub fn human_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.0} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// A byte count in B, KiB, MiB, GiB or TiB: `81 B`, `44.3 KiB`.
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{b} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// A record's `millis` as a duration.
fn millis(millis: f64) -> String {
    human_duration(Duration::from_secs_f64(millis / 1e3))
}

/// `31 moves`, or for a solution that need not be optimal
/// `1204 moves, lower bound 486, ratio 2.48`, and `(improved from 1310)`
/// when `--improve` shortened it (`(improved from 311, the staged start)`
/// when it started from a staged solution).
///
/// In the multi-tile metric the multi-tile length comes first:
/// `18 multi-tile moves (31 single moves)`.
pub fn solution_length(record: &SolutionRecord) -> String {
    let length = record.length.unwrap_or(0);
    let plural = |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
    let moves = plural(length, "move", "moves");
    let text = match (record.metric, record.mtm_length) {
        (Some(npuzzle::Metric::Mtm), Some(mtm)) => format!(
            "{mtm} multi-tile {} ({length} single {moves})",
            plural(mtm, "move", "moves")
        ),
        _ => format!("{length} {moves}"),
    };
    let text = match (record.lower_bound, record.ratio, record.within) {
        (Some(lb), Some(r), Some(factor)) => {
            format!("{text}, within {factor} of the shortest: lower bound {lb}, ratio {r:.2}")
        }
        (Some(lb), Some(r), None) if record.metric.is_some() => {
            format!("{text}, single-move lower bound {lb}, ratio {r:.2}")
        }
        (Some(lb), Some(r), None) => format!("{text}, lower bound {lb}, ratio {r:.2}"),
        _ => text,
    };
    match (record.improved_from, record.start.as_deref()) {
        (Some(before), Some(start)) if start != "greedy" => {
            format!("{text} (improved from {before}, the {start} start)")
        }
        (Some(before), _) => format!("{text} (improved from {before})"),
        (None, _) => text,
    }
}

/// The one-line summary of the search under a human-readable answer:
/// `idastar (pdb 7-8): 2723 expanded, 5307 generated, peak 58 states (778 B), 3.30 ms`;
/// for the constructive solver `greedy: 24.63 ms`, and after `--improve`
/// the solution it started from: `staged + improve: 1.01 s`.
pub fn solution_stats(record: &SolutionRecord) -> String {
    if record.stats.moves_made.is_some() {
        let time = millis(record.stats.millis);
        return match &record.start {
            Some(start) => format!("{start} + improve: {time}"),
            None => format!("{}: {time}", record.algorithm),
        };
    }
    stats_line(&record.algorithm, &record.heuristic, &record.partition, &record.stats)
}

/// The one-line summary of a hint's cost: `table: 8 expanded, …, 12 µs`.
pub fn hint_stats(record: &HintRecord) -> String {
    stats_line(&record.algorithm, &record.heuristic, &record.partition, &record.stats)
}

/// The human answer to a hint: `distance 2; optimal moves: r (1); others: u (3)`,
/// the moves in `notation` (tiles: `L (1)`); in the multi-tile metric
/// `multi-tile distance 2; optimal moves: rr (1); …` (tiles: `L2 (1)`).
pub fn hint(record: &HintRecord, notation: Notation) -> String {
    let Some(d) = record.distance else {
        return match (&record.outcome, &record.budget) {
            (OutcomeName::Unsolvable, _) => {
                format!("unsolvable: the parity invariant rules out reaching {}", record.goal)
            }
            (_, Some(budget)) => format!("no answer: {budget} reached"),
            _ => "no answer".to_string(),
        };
    };
    // The record spells a move as the blank's letters; anything else is shown as it is.
    let spell = |letters: &str| match Move::parse_list(letters) {
        Ok(moves) => notation::format(&moves, notation),
        Err(_) => letters.to_string(),
    };
    let list = |want: &dyn Fn(Option<u32>) -> bool| -> String {
        let shown: Vec<String> = record
            .moves
            .iter()
            .filter(|m| want(m.distance))
            .map(|m| match m.distance {
                Some(n) => format!("{} ({n})", spell(&m.mv)),
                None => spell(&m.mv),
            })
            .collect();
        shown.join(", ")
    };
    let closer = |x: Option<u32>| d > 0 && x == Some(d - 1);
    let mut text = match record.metric {
        Some(npuzzle::Metric::Mtm) => format!("multi-tile distance {d}"),
        _ => format!("distance {d}"),
    };
    if d == 0 {
        text.push_str(" (solved)");
    } else {
        text.push_str(&format!("; optimal moves: {}", list(&closer)));
    }
    let others = list(&|x| x.is_some() && !closer(x));
    if !others.is_empty() {
        text.push_str(&format!("; others: {others}"));
    }
    let unknown = list(&|x| x.is_none());
    if !unknown.is_empty() {
        let budget = record.budget.as_deref().unwrap_or("a limit");
        text.push_str(&format!("; unknown ({budget} reached): {unknown}"));
    }
    text
}

/// `ALGORITHM (HEURISTIC): N expanded, N generated, peak N states (BYTES), TIME`.
fn stats_line(algorithm: &str, heuristic: &Option<String>, partition: &Option<String>, s: &StatsRecord) -> String {
    let algo = match (partition, heuristic) {
        (Some(partition), _) => format!("{algorithm} (pdb {partition})"),
        (None, Some(heuristic)) => format!("{algorithm} ({heuristic})"),
        (None, None) => algorithm.to_string(),
    };
    format!(
        "{algo}: {} expanded, {} generated, peak {} states ({}), {}",
        s.expanded.unwrap_or(0),
        s.generated.unwrap_or(0),
        s.peak_states.unwrap_or(0),
        human_bytes(s.peak_bytes),
        millis(s.millis)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::{Algorithm, Board, Budget, Goal, HeuristicKind, Solver, SolverOptions};

    #[test]
    fn durations_and_sizes_take_the_unit_that_reads_best() {
        assert_eq!(human_duration(Duration::from_micros(420)), "420 µs");
        assert_eq!(human_duration(Duration::from_micros(3_300)), "3.30 ms");
        assert_eq!(human_duration(Duration::from_millis(49_300)), "49.30 s");
        assert_eq!(human_bytes(81), "81 B");
        assert_eq!(human_bytes(45_360), "44.3 KiB");
        assert_eq!(human_bytes(3 << 30), "3.0 GiB");
    }

    #[test]
    fn solution_stats_name_the_search_and_its_cost() {
        let board: Board = "1 2 3 4 5 6 x 7 8".parse().unwrap();
        let goal = Goal::standard(board.shape());
        let solver = Solver::new(SolverOptions::default().with_algorithm(Algorithm::Bfs));
        let report = solver.solve(&board, &goal).unwrap();
        let record = SolutionRecord::new(&board, &goal, &solver, &report);
        assert_eq!(solution_length(&record), "2 moves");
        let stats = solution_stats(&record);
        assert!(stats.starts_with("bfs: ") && stats.contains(" expanded, "), "{stats}");
    }

    fn hint_text(record: &HintRecord) -> String {
        hint(record, Notation::Blank)
    }

    fn hint_record(board: &str, options: SolverOptions) -> HintRecord {
        let board: Board = board.parse().unwrap();
        let goal = Goal::blank_first(board.shape());
        let solver = Solver::new(options);
        let found = solver.hint(&board, &goal).unwrap();
        HintRecord::new(&board, &goal, &solver, &found)
    }

    #[test]
    fn hint_text_names_optimal_moves_others_and_unknowns() {
        let options = SolverOptions::default().with_algorithm(Algorithm::Auto);
        // Blank-first goal; the blank one step right of home: `l` solves it.
        assert_eq!(
            hint_text(&hint_record("1 x 2 3 4 5 6 7 8", options)),
            "distance 1; optimal moves: l (0); others: d (2), r (2)"
        );
        assert_eq!(
            hint_text(&hint_record("x 1 2 3 4 5 6 7 8", options)),
            "distance 0 (solved); others: d (1), r (1)"
        );
        assert!(hint_stats(&hint_record("x 1 2 3 4 5 6 7 8", options)).starts_with("table: "));

        let starved = SolverOptions::default()
            .with_heuristic(HeuristicKind::Manhattan)
            .with_budget(Budget::default().with_max_nodes(Some(5)));
        let r = hint_record("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", starved);
        assert_eq!(hint_text(&r), "no answer: node limit reached");

        // Enough nodes for the board's own search, not for the neighbours'.
        let board = "1 2 6 3 10 13 9 7 4 5 0 11 12 14 8 15";
        let solved = Solver::new(SolverOptions::default())
            .solve(&board.parse().unwrap(), &Goal::blank_first("4x4".parse().unwrap()))
            .unwrap();
        let partial =
            SolverOptions::default().with_budget(Budget::default().with_max_nodes(Some(solved.stats.expanded + 1)));
        let text = hint_text(&hint_record(board, partial));
        assert!(text.contains("; unknown (node limit reached): "), "{text}");
    }

    #[test]
    fn hints_in_the_tiles_notation_and_the_multi_tile_metric() {
        let auto = SolverOptions::default().with_algorithm(Algorithm::Auto);
        // Blank-first goal: the blank two cells right of home.
        let r = hint_record("1 2 x 3 4 5 6 7 8", auto);
        assert_eq!(
            hint(&r, Notation::Tiles),
            "distance 2; optimal moves: R (1); others: U (3)"
        );
        let r = hint_record("1 2 x 3 4 5 6 7 8", auto.with_metric(npuzzle::Metric::Mtm));
        assert_eq!(
            hint(&r, Notation::Blank),
            "multi-tile distance 1; optimal moves: ll (0); others: d (2), dd (2), l (1)"
        );
        assert_eq!(
            hint(&r, Notation::Tiles),
            "multi-tile distance 1; optimal moves: R2 (0); others: U (2), U2 (2), R (1)"
        );
    }
}
