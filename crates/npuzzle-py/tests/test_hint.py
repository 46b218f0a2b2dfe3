"""npuzzle.hint, count_solutions and optimal_solutions against an
independent breadth-first search, and the hint record against the CLI's."""

from __future__ import annotations

import json
import subprocess
from functools import lru_cache
from typing import Any, Callable

import pytest

import npuzzle
from conftest import STEP, bfs_distances, replay, standard_distances

Cli = Callable[..., "subprocess.CompletedProcess[str]"]
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def neighbours(board: tuple[int, ...], width: int = 3) -> dict[str, tuple[int, ...]]:
    out = {}
    for m in "udlr":
        try:
            out[m] = tuple(replay(list(board), width, m))
        except AssertionError:
            pass
    return out


@lru_cache(maxsize=None)
def shortest_paths(board: tuple[int, ...]) -> int:
    """Number of shortest move sequences to the goal (a DP over the BFS layers)."""
    dist = standard_distances(3, 3)
    if board == GOAL:
        return 1
    return sum(shortest_paths(n) for n in neighbours(board).values() if dist[n] == dist[board] - 1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hint_gives_the_distance_after_every_move(seed: int) -> None:
    dist = standard_distances(3, 3)
    for b in npuzzle.random_boards("3x3", 20, seed=seed):
        board = tuple(int(t) for t in b.ravel())
        h = npuzzle.hint(b)
        assert h.outcome == "solved" and h.distance == dist[board]
        expected = [(m, dist[n]) for m, n in neighbours(board).items()]
        assert h.moves == expected
        assert h.optimal == [m for m, d in expected if d == dist[board] - 1]


def test_hint_by_search_on_a_15_puzzle() -> None:
    h = npuzzle.hint("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", heuristic="manhattan")
    assert h.distance == 1 and h.optimal == ["r"] and h.algorithm == "idastar"
    assert repr(h) == "Hint(board='1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15', distance=1, optimal=['r'])"
    u = npuzzle.hint("2 1 3 4 5 6 7 8 x")
    assert u.outcome == "unsolvable" and u.distance is None and u.optimal == []


def test_counts_and_lists_equal_the_breadth_first_count() -> None:
    for b in npuzzle.random_boards("3x3", 15, seed=4, distance=14):
        board = tuple(int(t) for t in b.ravel())
        n = shortest_paths(board)
        assert npuzzle.count_solutions(b) == n
        listed, complete = npuzzle.optimal_solutions(b, limit=10_000)
        assert complete and len(listed) == n == len(set(listed))
        assert listed == sorted(listed, key=lambda s: ["udlr".index(c) for c in s])
        for moves in listed:
            assert replay(list(board), 3, moves) == list(GOAL)
    zero = npuzzle.count_solutions("2 1 3 4 5 6 7 8 x")
    assert zero == 0 and zero.outcome == "unsolvable" and zero.exact
    assert npuzzle.optimal_solutions("8 6 7 2 5 4 3 x 1", limit=3)[1] is False


def test_a_count_stopped_by_a_budget_gives_its_lower_bound() -> None:
    # Issue 28, item 13: a budget gave a bare None where the command line
    # says "at least N".
    board = "8 6 7 2 5 4 3 x 1"
    whole = npuzzle.count_solutions(board, algorithm="idastar", heuristic="manhattan")
    assert whole == 40 and int(whole) == 40 and whole.exact and whole.length == 31
    assert repr(whole) == "Count(40)" and {whole, 40} == {40}
    # Enough nodes to reach the last iteration, not to finish enumerating it.
    stopped = None
    for nodes in (20_000, 50_000, 100_000, 200_000):
        c = npuzzle.count_solutions(board, algorithm="idastar", heuristic="manhattan", max_nodes=nodes)
        if c.at_least is not None:
            stopped = c
            break
    assert stopped is not None, "no node budget stopped the count inside its last iteration"
    assert stopped.count is None and not stopped.exact and stopped.outcome == "budget"
    assert stopped.budget == "node limit" and stopped.at_least is not None and 1 <= stopped.at_least < 40
    assert stopped != 40 and stopped != stopped.at_least
    assert repr(stopped) == f"Count(at_least={stopped.at_least}, budget='node limit')"
    with pytest.raises(ValueError, match=f"not exact: the node limit ran out first \\(at least {stopped.at_least}\\)"):
        int(stopped)


def test_hints_draw_in_notebooks() -> None:
    html = npuzzle.hint("1 2 3 4 5 6 x 7 8")._repr_html_()
    assert html.startswith("<figure") and "<svg" in html and ">7</text>" in html
    assert "2 moves from the goal; optimal moves of the blank: r" in html


def test_hint_record_equals_the_clis(cli: Cli, tmp_path: Any) -> None:
    for board in ["1 2 3 4 5 6 x 7 8", "8 6 7 2 5 4 3 x 1", "2 1 3 4 5 6 7 8 x"]:
        run = cli("hint", "--json", "--pdb-dir", str(tmp_path), board)
        theirs = json.loads(run.stdout.strip().splitlines()[-1])
        ours = npuzzle.hint(board, pdb_dir=tmp_path).to_dict()
        for record in (theirs, ours):
            record["data"]["stats"].pop("millis")
        assert ours == theirs


def test_a_hint_beyond_optimal_search_raises_at_once() -> None:
    # Regression: auto ran greedy on 12x12 and returned its length as the distance.
    board = " ".join(str(t) for t in range(1, 143)) + " x 143"
    with pytest.raises(npuzzle.OptionError) as info:
        npuzzle.hint(board, max_nodes=100_000)
    message = str(info.value)
    assert "hints are exact: auto searches optimally on boards of at most 25 cells" in message
    assert "a 12x12 board has 144" in message
    assert 'npuzzle.solve(board, algorithm="greedy")' in message
    with pytest.raises(ValueError, match="greedy builds a solution without searching") as small:
        npuzzle.hint("1 2 3 4 5 6 x 7 8", algorithm="greedy")
    assert 'leave out algorithm="greedy"' in str(small.value)
    # Greedy named on the 12x12 board: leaving it out would only get auto's refusal.
    with pytest.raises(npuzzle.OptionError, match=r'npuzzle\.solve\(board, algorithm="greedy"\) solves it'):
        npuzzle.hint(board, algorithm="greedy")
    # 5x5 is still searched exactly.
    near = " ".join(str(t) for t in range(1, 24)) + " x 24"
    assert npuzzle.hint(near).distance == 1


# auto solves this 6x6 board with greedy in 12 moves; the optimal length is 8.
SIX_BY_GREEDY = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x 26 27 34 28 30 25 31 32 33 29 35"


def test_counts_beyond_optimal_search_raise_at_once() -> None:
    # Regression: auto enumerated within greedy's 12 moves and answered 1,
    # listing an 8-move solution; on other boards it searched until the budget.
    for call in (
        lambda: npuzzle.count_solutions(SIX_BY_GREEDY),
        lambda: npuzzle.optimal_solutions(SIX_BY_GREEDY, limit=5),
    ):
        with pytest.raises(npuzzle.OptionError) as info:
            call()
        message = str(info.value)
        assert (
            "optimal solutions are counted by an optimal search: auto searches optimally"
            " on boards of at most 25 cells, and a 6x6 board has 36" in message
        )
        assert 'algorithm="idastar" counts them' in message
    for board in ("1 2 3 4 5 6 x 7 8", "5 1 3 4 9 2 7 8 13 x 10 12 14 6 11 15"):
        with pytest.raises(npuzzle.OptionError, match='leave out algorithm="greedy"'):
            npuzzle.count_solutions(board, algorithm="greedy")
    # The way out: an optimal search counts it (8 moves, one way).
    assert npuzzle.optimal_solutions(SIX_BY_GREEDY, algorithm="idastar") == (["drrrurdr"], True)
    assert npuzzle.count_solutions(SIX_BY_GREEDY, algorithm="idastar") == 1
    assert npuzzle.solve(SIX_BY_GREEDY).algorithm == "greedy"


def test_multi_tile_hints_are_the_slide_bfs_distances() -> None:
    dist = bfs_distances(GOAL, 3, multi_tile=True)
    for b in npuzzle.random_boards("3x3", 10, seed=5):
        board = tuple(int(t) for t in b.ravel())
        h = npuzzle.hint(b, metric="mtm")
        assert h.metric == "mtm" and h.outcome == "solved" and h.distance == dist[board]
        for letters, d in h.moves:
            assert d == dist[tuple(replay(list(board), 3, letters))]
        assert h.optimal == [m for m, d in h.moves if d == dist[board] - 1]
        # On 3x3 the blank has four slides from any cell (two to the walls in each line).
        assert len(h.moves) == 4
    with pytest.raises(npuzzle.OptionError, match="no hint by auto on a 5x5 board"):
        npuzzle.hint(" ".join(str(t) for t in range(1, 24)) + " 0 24", metric="mtm")


def test_random_boards_at_a_multi_tile_distance_are_the_slide_bfs_distances() -> None:
    dist = bfs_distances(GOAL, 3, multi_tile=True)
    for d in (1, 12, 24):
        for b in npuzzle.random_boards("3x3", 10, seed=d, distance=d, metric="mtm"):
            assert dist[tuple(int(t) for t in b.ravel())] == d
    with pytest.raises(npuzzle.OptionError, match="25 multi-tile moves"):
        npuzzle.random_boards("3x3", 1, distance=25, metric="mtm")
