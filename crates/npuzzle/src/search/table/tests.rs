//! Tests of the move table: against BFS, across goals and symmetries, and its budgets.

use super::*;
use crate::error::{InputError, Refusal};
use crate::heuristic::tests::exact_distances;
use crate::rank::BoardIndexer;
use crate::{Algorithm, Solver, SolverOptions};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Source: /work/shared/data/8puzzle-depth-distribution.txt — "8-puzzle (3x3): number of
/// states at each optimal distance from the goal 0 1 2 / 3 4 5 / 6 7 8 (blank top-left).
/// Computed here by exhaustive BFS (Python, /tmp). Total 181440 = 9!/2; diameter 31."
const EIGHT_PUZZLE_LAYERS: [u64; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
    23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

fn shape(text: &str) -> Shape {
    text.parse().unwrap()
}

fn build(goal: &Goal) -> Table {
    Table::build(goal, Budget::default(), |_| {}).unwrap()
}

fn random_board(shape: Shape, rng: &mut ChaCha8Rng) -> Board {
    let mut tiles: Vec<u8> = (0..shape.cells() as u8).collect();
    tiles.shuffle(rng);
    Board::new(shape, tiles).unwrap()
}

/// Checks the table's answer for `board` against the exhaustive distances.
fn check_query(table: &Table, board: &Board, goal: &Goal, exact: &HashMap<Vec<u8>, u32>) {
    let path = table.path(board, goal).unwrap();
    match exact.get(board.tiles()) {
        Some(&d) => {
            let path = path.unwrap_or_else(|| panic!("{board} -> {goal}: no path, distance {d}"));
            assert_eq!(path.len() as u32, d, "{board} -> {goal}");
            assert!(goal.is_reached_by(&board.replay(&path).unwrap()), "{board} -> {goal}");
        }
        None => assert_eq!(path, None, "{board} -> {goal} is unsolvable"),
    }
}

#[test]
fn layer_counts_match_the_published_8_puzzle_distribution() {
    for goal in [Goal::standard(shape("3x3")), Goal::blank_first(shape("3x3"))] {
        let table = build(&goal);
        assert_eq!(table.layer_counts(), EIGHT_PUZZLE_LAYERS);
        assert_eq!(table.diameter(), 31);
        assert_eq!(table.states(), 181_440);
    }
}

/// Source: /work/shared/data/diameters.txt (2x2, 2x3, 2x4, 2x5 "bfs-here"; the
/// radius from a corner-blank goal).
#[test]
fn diameters_of_small_boards_match_the_published_ones() {
    for (size, states, diameter) in [
        ("2x2", 12, 6),
        ("2x3", 360, 21),
        ("3x2", 360, 21),
        ("2x4", 20_160, 36),
        ("4x2", 20_160, 36),
        ("5x2", 1_814_400, 55),
    ] {
        let table = build(&Goal::standard(shape(size)));
        assert_eq!(table.layer_counts().iter().sum::<u64>(), states, "{size}");
        assert_eq!(table.diameter(), diameter, "{size}");
    }
}

#[test]
fn index_matches_the_board_indexer() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for (size, blank) in [("3x3", 8), ("3x3", 4), ("4x2", 2), ("3x4", 5), ("6x2", 11)] {
        let s = shape(size);
        let goal = canonical_goal(s, blank);
        let ix = BoardIndexer::new(&goal).unwrap();
        let g = Geometry::new(s).unwrap();
        let table = Table {
            geometry: g.clone(),
            goal: goal.clone(),
            blank,
            moves: vec![],
            layers: vec![0],
            to_canonical: [None; MAX_TABLE_CELLS],
        };
        for _ in 0..2000 {
            let b = random_board(s, &mut rng);
            let packed = crate::packed::pack(b.tiles());
            let (rank, odd) = with_tile_count!(s.cells() - 1, K => {
                let (rank, odd) = rank_and_parity::<K>(packed, b.blank());
                assert_eq!(rank, half_rank::<K>(packed, b.blank()));
                (rank, odd)
            }, unreachable!());
            let index = b.blank() as u64 * g.per_blank + rank;
            assert_eq!(index, ix.index(b.tiles()), "{b}");
            assert_eq!(
                odd == table.odd_at(b.blank()),
                crate::parity::is_solvable(&b, &goal),
                "{b}"
            );
        }
    }
}

#[test]
fn every_3x3_board_gets_its_exact_distance_and_a_path_that_replays() {
    let goal = Goal::standard(shape("3x3"));
    let table = build(&goal);
    let exact = exact_distances(&goal);
    assert_eq!(exact.len(), 181_440);
    for tiles in exact.keys() {
        check_query(&table, &Board::new(goal.shape(), tiles.clone()).unwrap(), &goal, &exact);
    }
}

/// Random goals with the blank on every cell: renaming and every symmetry are used.
#[test]
fn random_goals_and_boards_agree_with_exhaustive_bfs() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let cache = TableCache::default();
    for (size, boards) in [("3x3", 150), ("4x2", 400), ("2x4", 400), ("3x2", 100), ("2x3", 100)] {
        let s = shape(size);
        for blank in 0..s.cells() {
            let mut tiles: Vec<u8> = (1..s.cells() as u8).collect();
            tiles.shuffle(&mut rng);
            tiles.insert(blank, 0);
            let goal = Goal::new(Board::new(s, tiles).unwrap());
            let exact = exact_distances(&goal);
            let table = cache.get(&goal, Budget::default()).unwrap();
            assert!(table.serves(&goal));
            for _ in 0..boards {
                check_query(&table, &random_board(s, &mut rng), &goal, &exact);
            }
            check_query(&table, goal.board(), &goal, &exact);
        }
    }
    // Corners, edges and centre of 3x3; corners and middles of 4x2 and 3x2 (and their transposes).
    assert_eq!(cache.len(), 3 + 2 + 2 + 2 + 2);
}

#[test]
fn symmetries_map_moves_consistently() {
    for size in ["3x3", "4x3", "2x6", "3x2"] {
        let s = shape(size);
        let syms = symmetries(s);
        assert_eq!(syms.len(), if s.width() == s.height() { 8 } else { 4 });
        for sym in syms {
            let mut cells: Vec<u8> = sym.cell[..s.cells()].to_vec();
            cells.sort_unstable();
            assert_eq!(cells, (0..s.cells() as u8).collect::<Vec<_>>());
            for p in 0..s.cells() {
                for m in Move::ALL {
                    let moved = s.step(usize::from(sym.cell[p]), m).map(|q| q as u8);
                    let original = s.step(p, sym.back[m.index()]).map(|q| sym.cell[q]);
                    assert_eq!(moved, original, "{size} cell {p} move {m}");
                }
            }
        }
    }
}

#[test]
fn solved_and_unsolvable_boards() {
    let goal = Goal::parse("3 x 8 1 2 7 4 6 5", shape("3x3")).unwrap();
    let table = build(&goal);
    assert_eq!(table.path(goal.board(), &goal).unwrap(), Some(vec![]));
    let swapped: Board = "x 3 8 1 2 7 4 5 6".parse().unwrap();
    assert_eq!(table.distance(&swapped, &goal).unwrap(), None);
}

#[test]
fn walk_rejects_what_it_cannot_answer() {
    let table = build(&Goal::standard(shape("3x3")));
    let corner = Goal::standard(shape("3x3"));
    let centre = Goal::parse("1 2 3 4 x 5 6 7 8", shape("3x3")).unwrap();
    let b: Board = "1 2 3 4 5 6 7 8 x".parse().unwrap();
    assert!(matches!(
        table.path(&b, &centre),
        Err(Error::Refused(Refusal::Unsupported { .. }))
    ));
    let e = table.walk(&[1, 2, 3, 4, 5, 6, 7, 8, 8], corner.board().tiles(), |_| {});
    assert!(
        matches!(e, Err(Error::Input(InputError::DuplicateTile { tile: 8, .. }))),
        "{e:?}"
    );
    let e = table.walk(&[1, 2, 3, 4, 5, 6, 7, 0], corner.board().tiles(), |_| {});
    assert!(
        matches!(e, Err(Error::Input(InputError::WrongTileCount { .. }))),
        "{e:?}"
    );
    let e = table.walk(&[1, 2, 3, 4, 5, 6, 7, 0, 40], corner.board().tiles(), |_| {});
    assert!(
        matches!(e, Err(Error::Input(InputError::TileOutOfRange { .. }))),
        "{e:?}"
    );
    let wide = Goal::standard(shape("4x2"));
    let e = table.distance(&Board::parse("1 2 3 4 5 6 7 x", Some(wide.shape())).unwrap(), &wide);
    assert!(e.is_err());
}

#[test]
fn boards_too_big_are_unsupported() {
    let e = Table::build(&Goal::standard(shape("4x4")), Budget::default(), |_| {}).unwrap_err();
    assert!(
        matches!(e, Error::Refused(Refusal::Unsupported { algorithm: "table", .. })),
        "{e}"
    );
    assert!(e.to_string().contains("at most 12 cells"), "{e}");
}

#[test]
fn budgets_stop_the_build_before_it_allocates() {
    let goal = Goal::standard(shape("3x4"));
    let budget = Budget {
        max_memory: Some(1 << 20),
        ..Budget::default()
    };
    let e = Table::build(&goal, budget, |_| panic!("no progress before the check")).unwrap_err();
    assert!(
        matches!(e, Error::Refused(Refusal::BuildBudget { kind: BudgetKind::Memory, used, limit: 1_048_576, .. }) if used > 100 << 20),
        "{e}"
    );
    // Room for the marks and moves of 3x3 but not for its frontier.
    let budget = Budget {
        max_memory: Some(181_440 / 2 + 181_440 / 4 + 16),
        ..Budget::default()
    };
    let e = Table::build(&Goal::standard(shape("3x3")), budget, |_| {}).unwrap_err();
    assert!(
        matches!(
            e,
            Error::Refused(Refusal::BuildBudget {
                kind: BudgetKind::Memory,
                ..
            })
        ),
        "{e}"
    );
    let budget = Budget {
        max_nodes: Some(1000),
        ..Budget::default()
    };
    let e = Table::build(&Goal::standard(shape("3x3")), budget, |_| {}).unwrap_err();
    assert!(
        matches!(
            e,
            Error::Refused(Refusal::BuildBudget {
                kind: BudgetKind::Nodes,
                ..
            })
        ),
        "{e}"
    );
}

#[test]
fn progress_reaches_the_total() {
    let mut last = None;
    build_with(&Goal::standard(shape("4x2")), |p| last = Some(p));
    let last = last.unwrap();
    assert_eq!((last.visited, last.total, last.distance), (20_160, 20_160, 36));
}

fn build_with(goal: &Goal, progress: impl FnMut(Progress)) -> Table {
    Table::build(goal, Budget::default(), progress).unwrap()
}

#[test]
fn solver_uses_and_keeps_the_table() {
    let solver = Solver::new(SolverOptions {
        algorithm: Algorithm::Table,
        ..SolverOptions::default()
    });
    let goal = Goal::standard(shape("3x3"));
    let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    let report = solver.solve(&board, &goal).unwrap();
    assert_eq!(report.outcome.solution().unwrap().len(), 31);
    let other: Board = "2 1 3 4 5 6 7 8 x".parse().unwrap();
    assert_eq!(solver.solve(&other, &goal).unwrap().outcome, Outcome::Unsolvable);
    assert_eq!(solver.tables.len(), 1);
    fn is_sync<T: Sync + Send>(_: &T) {}
    is_sync(&solver);

    let tight = Solver::new(SolverOptions {
        algorithm: Algorithm::Table,
        budget: Budget {
            max_memory: Some(1000),
            ..Budget::default()
        },
        ..SolverOptions::default()
    });
    let report = tight.solve(&board, &goal).unwrap();
    assert_eq!(report.outcome, Outcome::BudgetReached(BudgetKind::Memory));
}
