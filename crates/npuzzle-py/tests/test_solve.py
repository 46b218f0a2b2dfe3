"""npuzzle.solve: the answers, the input forms, the Solution object."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest

import npuzzle
from conftest import bfs_distances, replay, standard_distances

HARDEST = "8 6 7 2 5 4 3 x 1"  # one of the two 31-move 8-puzzles


def test_the_classic_31_move_board() -> None:
    s = npuzzle.solve(HARDEST)
    assert s.outcome == "solved" and s.solved
    assert s.length == 31 and s.moves is not None and len(s.moves) == 31
    assert s.algorithm == "table" and s.heuristic is None
    assert replay([8, 6, 7, 2, 5, 4, 3, 0, 1], 3, s.moves) == [1, 2, 3, 4, 5, 6, 7, 8, 0]


@pytest.mark.parametrize("algorithm", ["bfs-set", "bfs", "table", "bibfs", "astar", "idastar"])
def test_every_algorithm_finds_an_optimal_path(algorithm: str) -> None:
    s = npuzzle.solve("6 4 7 8 5 x 3 2 1", algorithm=algorithm)
    assert s.algorithm == algorithm
    assert s.length == 31
    assert s.moves is not None
    assert replay([6, 4, 7, 8, 5, 0, 3, 2, 1], 3, s.moves) == [1, 2, 3, 4, 5, 6, 7, 8, 0]


@pytest.mark.parametrize("heuristic", ["misplaced", "manhattan", "linear-conflict"])
def test_heuristics_agree_on_the_length(heuristic: str) -> None:
    s = npuzzle.solve("2 6 4 1 3 7 x 5 8", algorithm="idastar", heuristic=heuristic)
    assert s.heuristic == heuristic
    assert s.length == standard_distances(3, 3)[(2, 6, 4, 1, 3, 7, 0, 5, 8)]


def test_string_list_numpy_and_rows_give_the_same_answer() -> None:
    tiles = [8, 6, 7, 2, 5, 4, 3, 0, 1]
    forms: list[npuzzle.BoardLike] = [
        HARDEST,
        "8 6 7\n2 5 4\n3 0 1",
        "8,6,7,2,5,4,3,_,1",
        tiles,
        tuple(tiles),
        np.array(tiles),
        np.array(tiles, dtype=np.uint8).reshape(3, 3),
        [[8, 6, 7], [2, 5, 4], [3, 0, 1]],
    ]
    answers = {(s.board, s.moves) for s in (npuzzle.solve(f) for f in forms)}
    assert len(answers) == 1, answers


def test_a_2d_array_gives_the_shape_of_a_non_square_board() -> None:
    board = np.array([[1, 2, 3, 4], [5, 6, 0, 7]])
    s = npuzzle.solve(board)
    assert s.size == (4, 2) and s.moves == "r"
    assert npuzzle.solve([1, 2, 3, 4, 5, 6, 0, 7], size="4x2").moves == "r"
    assert npuzzle.solve([1, 2, 3, 4, 5, 6, 0, 7], size=(4, 2)).moves == "r"
    # 2 wide and 4 high is another board.
    assert npuzzle.solve([1, 2, 3, 4, 5, 6, 0, 7], size="2x4").size == (2, 4)


def test_path_holds_every_board_from_start_to_goal() -> None:
    s = npuzzle.solve("1 2 3 4 5 6 x 7 8")
    path = s.path()
    assert path.shape == (3, 3, 3)
    assert path.dtype == np.uint8
    assert path[0].tolist() == [[1, 2, 3], [4, 5, 6], [0, 7, 8]]
    assert path[-1].tolist() == [[1, 2, 3], [4, 5, 6], [7, 8, 0]]
    # Neighbouring boards differ by one tile and the blank.
    for a, b in zip(path, path[1:]):
        assert int((a != b).sum()) == 2


def test_already_solved_board() -> None:
    s = npuzzle.solve("1 2 3 4 5 6 7 8 x")
    assert s.outcome == "solved" and s.length == 0 and s.moves == ""
    assert s.path().shape == (1, 3, 3)


def test_unsolvable_is_an_outcome_not_an_exception() -> None:
    s = npuzzle.solve("2 1 3 4 5 6 7 8 x")
    assert s.outcome == "unsolvable" and not s.solved
    assert s.moves is None and s.length is None and s.budget is None
    with pytest.raises(ValueError, match="unsolvable"):
        s.path()


def test_an_exhausted_budget_is_an_outcome() -> None:
    s = npuzzle.solve(HARDEST, algorithm="idastar", heuristic="misplaced", max_nodes=100)
    assert s.outcome == "budget" and s.budget == "node limit"
    assert s.moves is None
    t = npuzzle.solve(
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", goal="blank-first", heuristic="manhattan", timeout=0.05
    )
    assert t.outcome == "budget" and t.budget == "time limit"


def test_goals_by_name_text_and_tiles() -> None:
    a = npuzzle.solve("1 2 3 4 5 6 7 8 x", goal="blank-first")
    b = npuzzle.solve("1 2 3 4 5 6 7 8 x", goal="x 1 2 3 4 5 6 7 8")
    c = npuzzle.solve("1 2 3 4 5 6 7 8 x", goal=[0, 1, 2, 3, 4, 5, 6, 7, 8])
    d = npuzzle.solve("1 2 3 4 5 6 7 8 x", goal=np.arange(9).reshape(3, 3))
    assert a.goal == b.goal == c.goal == d.goal == "x 1 2 3 4 5 6 7 8"
    assert a.moves == b.moves == c.moves == d.moves
    assert a.length is not None and a.length > 0


def test_stats_are_reported() -> None:
    started = time.perf_counter()
    s = npuzzle.solve(HARDEST, algorithm="idastar", heuristic="manhattan")
    wall = (time.perf_counter() - started) * 1000
    st = s.stats
    assert st.expanded is not None and st.generated is not None
    assert st.expanded > 0 and st.generated >= st.expanded
    assert st.moves_made is None
    # Issue 28, item 15: `millis >= 0` could not fail. The search's time is
    # within the call's and is the record's.
    assert 0 < st.millis <= wall, (st.millis, wall)
    assert st.millis == s.to_dict()["data"]["stats"]["millis"]
    assert st.iterations and st.iterations[-1][0] == 31
    assert sum(n for _, n in st.iterations) == st.expanded


def test_fifteen_puzzle_with_walking_distance_by_default() -> None:
    s = npuzzle.solve("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", goal="blank-first", pdb_dir="/nonexistent")
    assert s.length == 57  # Korf's instance 1
    assert s.heuristic == "walking-distance"
    assert s.moves is not None
    start = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]
    assert replay(start, 4, s.moves) == list(range(16))


def test_to_dict_is_the_json_record() -> None:
    s = npuzzle.solve("1 2 3 4 5 6 x 7 8")
    d = s.to_dict()
    assert d["type"] == "solution"
    data = d["data"]
    assert isinstance(data, dict)
    assert data["moves"] == "rr" and data["length"] == 2 and data["outcome"] == "solved"
    assert json.loads(s.to_json()) == d


# `npuzzle random --size 6x6 --seed 3`: past 5×5, `auto` solves it constructively.
SIX = "17 12 32 11 13 6 20 27 33 5 34 19 23 15 16 29 26 28 31 30 1 4 14 x 18 9 24 7 25 22 8 2 3 10 35 21"


def test_improve_shortens_a_constructive_solution() -> None:
    plain = npuzzle.solve(SIX)
    better = npuzzle.solve(SIX, improve=0.3)
    assert plain.algorithm == "greedy" and plain.length is not None and better.length is not None
    p, b = plain.to_dict()["data"], better.to_dict()["data"]
    # Greedy makes moves and expands no nodes: no zero counters, the moves made instead.
    assert "improved_from" not in p and "expanded" not in p["stats"]
    assert plain.stats.expanded is None and plain.stats.moves_made == plain.length
    assert b["start"] in ("greedy", "staged")
    assert better.length <= b["improved_from"] and better.length < plain.length
    assert better.moves is not None
    tiles = [0 if t == "x" else int(t) for t in SIX.split()]
    assert replay(tiles, 6, better.moves) == list(range(1, 36)) + [0]


def test_iterations_are_listed_only_where_iterative_deepening_ran() -> None:
    greedy = npuzzle.solve(SIX)
    staged = npuzzle.solve(SIX, improve=0.2)
    table = npuzzle.solve(HARDEST)
    unsolvable = npuzzle.solve("2 1 3 4 5 6 7 8 x", algorithm="idastar")
    for s in (greedy, staged, table, unsolvable):
        assert s.stats.iterations is None, s
        assert "iterations" not in s.to_dict()["data"]["stats"], s
    ida = npuzzle.solve(HARDEST, algorithm="idastar", heuristic="manhattan")
    assert ida.stats.iterations is not None and ida.stats.iterations[-1][0] == 31
    listed = ida.to_dict()["data"]["stats"]["iterations"]
    assert [(i["bound"], i["expanded"]) for i in listed] == ida.stats.iterations


def test_improve_must_be_seconds() -> None:
    with pytest.raises(npuzzle.OptionError, match="improve must be a number of seconds"):
        npuzzle.solve(SIX, improve=-1.0)


def test_is_solvable_agrees_with_parity() -> None:
    assert npuzzle.is_solvable("1 2 3 4 5 6 7 8 x")
    assert not npuzzle.is_solvable("2 1 3 4 5 6 7 8 x")
    assert npuzzle.is_solvable([2, 1, 3, 4, 5, 6, 7, 8, 0], goal=[2, 1, 3, 4, 5, 6, 7, 8, 0])
    assert npuzzle.is_solvable(np.array([[1, 2, 3, 4], [5, 6, 0, 7]]))


def test_random_boards_are_the_clis_for_the_same_seed() -> None:
    boards = npuzzle.random_boards("3x3", 3, seed=1)
    assert boards.shape == (3, 3, 3) and boards.dtype == np.uint8
    # The boards `npuzzle random --count 3 --seed 1` prints (README).
    assert boards.reshape(3, 9).tolist() == [
        [4, 0, 6, 3, 8, 2, 7, 1, 5],
        [2, 7, 0, 6, 8, 4, 3, 5, 1],
        [8, 1, 5, 4, 6, 3, 0, 7, 2],
    ]
    assert all(npuzzle.is_solvable(b) for b in npuzzle.random_boards((4, 3), 50, seed=2))


def test_random_boards_at_a_distance() -> None:
    boards = npuzzle.random_boards("3x3", 20, seed=3, distance=12)
    assert boards.shape == (20, 3, 3)
    dist = standard_distances(3, 3)
    assert {dist[tuple(int(t) for t in b.ravel())] for b in boards} == {12}
    both = npuzzle.random_boards("3x3", 5, seed=3, distance=31, distinct=True)
    assert sorted(" ".join(map(str, b.ravel())) for b in both) == ["6 4 7 8 5 0 3 2 1", "8 6 7 2 5 4 3 0 1"]


def test_distance_counts_match_a_breadth_first_search() -> None:
    counts = npuzzle.distance_counts("3x3")
    dist = standard_distances(3, 3)
    expected = [0] * (max(dist.values()) + 1)
    for d in dist.values():
        expected[d] += 1
    assert counts == expected
    assert npuzzle.distance_counts((2, 3), goal="blank-first")[0] == 1


def test_multi_tile_distance_counts_match_a_breadth_first_search_in_slides() -> None:
    goal = tuple(list(range(1, 9)) + [0])
    dist = bfs_distances(goal, 3, multi_tile=True)
    expected = [0] * (max(dist.values()) + 1)
    for d in dist.values():
        expected[d] += 1
    assert npuzzle.distance_counts("3x3", metric="mtm") == expected
    assert len(expected) - 1 == 24
    with pytest.raises(npuzzle.OptionError, match="qtm"):
        npuzzle.distance_counts("3x3", metric="qtm")


def test_solutions_pickle_with_every_answer_kept() -> None:
    import pickle

    cases = [
        npuzzle.solve(HARDEST, algorithm="idastar", heuristic="manhattan"),
        npuzzle.solve("2 1 3 4 5 6 7 8 x"),
        npuzzle.solve(HARDEST, algorithm="astar", heuristic="misplaced", max_nodes=10),
        npuzzle.solve([1, 2, 3, 4, 5, 6, 0, 7], size="4x2"),
    ]
    for s in cases:
        t = pickle.loads(pickle.dumps(s))
        assert t.to_dict() == s.to_dict()
        assert (t.outcome, t.moves, t.length, t.budget, t.board, t.goal, t.size) == (
            s.outcome, s.moves, s.length, s.budget, s.board, s.goal, s.size
        )
        assert (t.algorithm, t.heuristic, t.partition, t.stats.expanded) == (
            s.algorithm, s.heuristic, s.partition, s.stats.expanded
        )
        assert repr(t) == repr(s)
        # Issue 28, item 13: a pickle round trip compared unequal.
        assert t == s and hash(t) == hash(s) and t != s.to_json()
        if s.solved:
            assert (t.path() == s.path()).all()
    assert cases[0] != cases[2] and len(set(cases)) == len(cases)


def test_a_budget_stopped_solution_says_which_limit() -> None:
    s = npuzzle.solve(HARDEST, algorithm="astar", heuristic="misplaced", max_nodes=10)
    assert repr(s) == "Solution(board='8 6 7 2 5 4 3 x 1', outcome='budget', budget='node limit')"


def test_solutions_draw_in_notebooks() -> None:
    html = npuzzle.solve("1 2 3 4 5 6 x 7 8")._repr_html_()
    # The board as SVG, played by an animation, above its caption.
    assert html.startswith("<figure") and "<svg" in html and "animateTransform" in html
    assert "solved in 2 moves of the blank: rr" in html
    stopped = npuzzle.solve(HARDEST, algorithm="astar", heuristic="misplaced", max_nodes=10)._repr_html_()
    assert "not solved: the node limit ran out" in stopped and "animateTransform" not in stopped


def _mtm_slides(board: tuple[int, ...], width: int) -> list[tuple[int, ...]]:
    """The boards one slide from ``board``."""
    height, blank, out = len(board) // width, board.index(0), []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        cells = list(board)
        r, c = divmod(blank, width)
        while 0 <= r + dr < height and 0 <= c + dc < width:
            at, to = r * width + c, (r + dr) * width + c + dc
            cells[at], cells[to] = cells[to], cells[at]
            r, c = r + dr, c + dc
            out.append(tuple(cells))
    return out


def _mtm_distances(goal: list[int], width: int) -> dict[tuple[int, ...], int]:
    """Every board's multi-tile distance to ``goal``: breadth-first from it, a
    move sliding the blank any number of cells one way (written here, not the
    library's)."""
    start = tuple(goal)
    dist = {start: 0}
    queue = [start]
    for board in queue:
        for child in _mtm_slides(board, width):
            if child not in dist:
                dist[child] = dist[board] + 1
                queue.append(child)
    return dist


def test_the_multi_tile_metric_gives_the_oracles_length() -> None:
    dist = _mtm_distances([1, 2, 3, 4, 5, 6, 7, 8, 0], 3)
    assert len(dist) == 181440
    for tiles in sorted(dist)[::20011]:
        s = npuzzle.solve(list(tiles), metric="mtm")
        assert s.metric == "mtm" and s.algorithm == "bfs"
        assert s.mtm_length == dist[tiles], tiles
        assert s.moves is not None and replay(list(tiles), 3, s.moves) == [1, 2, 3, 4, 5, 6, 7, 8, 0]
        assert s.to_dict()["data"]["mtm_length"] == s.mtm_length
        assert s.to_dict()["data"]["metric"] == "mtm"
    # The default metric counts single moves, and still gives both lengths.
    s = npuzzle.solve("1 2 3 4 5 6 x 7 8")
    assert (s.metric, s.length, s.mtm_length) == ("stm", 2, 1)
    data = s.to_dict()["data"]
    assert "metric" not in data and data["mtm_length"] == 1
    with pytest.raises(npuzzle.OptionError, match='unknown metric "htm"; choose stm or mtm'):
        npuzzle.solve(HARDEST, metric="htm")


def test_optimal_multi_tile_solutions_are_counted_as_the_oracle_counts_them() -> None:
    # The oracle: shortest slide sequences from each board, summed over its slides one closer.
    dist = _mtm_distances([1, 2, 3, 4, 5, 6, 7, 8, 0], 3)
    paths: dict[tuple[int, ...], int] = {}
    for board in sorted(dist, key=dist.__getitem__):
        d = dist[board]
        paths[board] = 1 if d == 0 else sum(paths[n] for n in _mtm_slides(board, 3) if dist[n] == d - 1)
    for tiles in sorted(dist)[::30011]:
        for algorithm in ("auto", "idastar"):
            heuristic = "manhattan" if algorithm == "idastar" else "auto"
            counted = npuzzle.count_solutions(list(tiles), metric="mtm", algorithm=algorithm, heuristic=heuristic)
            assert counted == paths[tiles] and counted.length == dist[tiles], (tiles, algorithm)
        listed, complete = npuzzle.optimal_solutions(list(tiles), metric="mtm", limit=1000)
        assert complete and len(listed) == paths[tiles]
        assert all(replay(list(tiles), 3, m) == [1, 2, 3, 4, 5, 6, 7, 8, 0] for m in listed)
    # On 4x4 auto counts by idastar: a board two slides from the goal, `uuu` then `lll`.
    four = "x 1 2 3 5 6 7 4 9 10 11 8 13 14 15 12"
    assert npuzzle.count_solutions(four, metric="mtm").length == 2
    assert npuzzle.optimal_solutions(four, metric="mtm") == (["rrrddd"], True)


# Korf's 15-puzzle #1 (Korf 1985, Table 1): 57 moves at the shortest.
KORF_1 = "14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3"


def test_within_a_factor_the_length_and_the_proved_bound_hold() -> None:
    s = npuzzle.solve(KORF_1, goal="blank-first", heuristic="linear-conflict", within=1.5)
    data = s.to_dict()["data"]
    assert s.length is not None and s.length <= 1.5 * 57
    assert data["within"] == 1.5 and data["lower_bound"] <= 57
    assert s.length <= 1.5 * data["lower_bound"] and data["ratio"] == round(s.length / data["lower_bound"], 3)
    with pytest.raises(npuzzle.OptionError, match="a factor is a number from 1 to 16"):
        npuzzle.solve(KORF_1, goal="blank-first", within=0.5)


def test_anytime_answers_within_its_budget_with_a_bound_below_the_shortest() -> None:
    s = npuzzle.solve(KORF_1, goal="blank-first", algorithm="anytime", heuristic="linear-conflict", max_nodes=20_000)
    data = s.to_dict()["data"]
    assert s.algorithm == "anytime" and s.length is not None and s.length >= 57
    assert data["lower_bound"] <= 57 and "within" not in data
    assert s.stats.expanded is not None and s.stats.expanded <= 20_000
    assert s.moves is not None
    tiles = [0 if t == "x" else int(t) for t in KORF_1.split()]
    assert replay(tiles, 4, s.moves) == list(range(16))
