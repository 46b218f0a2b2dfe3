"""npuzzle.dask.solve_hard on a LocalCluster of two worker processes on
loopback: each IDA* iteration as a wave of subtree tasks gives the answer
of the search on one machine — the same moves, and the node counts of one
thread — with databases built here, and the subtree pieces agree with
npuzzle.solve on their own."""

from __future__ import annotations

import pathlib
import random
from typing import Any

import pytest

import npuzzle
import npuzzle.dask
from npuzzle import _native

pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def pdb_dir(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """Small 15-puzzle databases (5-5-5, blank-first goal: under a second)."""
    directory = tmp_path_factory.mktemp("pdb")
    npuzzle.pdb.build("4x4", "5-5-5", goal="blank-first", pdb_dir=directory, progress=False)
    return directory


def boards(count: int, moves: int, seed: int) -> list[list[int]]:
    """15-puzzles `moves` random moves (no move undoing the last) from the blank-first goal."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        tiles, blank, last = list(range(16)), 0, (0, 0)
        for _ in range(moves):
            r, c = divmod(blank, 4)
            steps = [(dr, dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 0 <= r + dr < 4 and 0 <= c + dc < 4]
            dr, dc = rng.choice([s for s in steps if s != (-last[0], -last[1])])
            to = (r + dr) * 4 + c + dc
            tiles[blank], tiles[to] = tiles[to], 0
            blank, last = to, (dr, dc)
        out.append(tiles)
    return out


def same_search(hard: npuzzle.Solution, one: npuzzle.Solution) -> None:
    assert hard.outcome == one.outcome == "solved"
    assert hard.moves == one.moves
    assert hard.length == one.length
    assert hard.stats.iterations == one.stats.iterations
    assert (hard.stats.expanded, hard.stats.generated) == (one.stats.expanded, one.stats.generated)
    assert (hard.heuristic, hard.partition) == (one.heuristic, one.partition)


@pytest.mark.timeout(300)
def test_waves_of_tasks_give_the_single_machine_answer(client: Any, pdb_dir: pathlib.Path) -> None:
    for board in boards(3, 44, seed=7):
        one = npuzzle.solve(board, goal="blank-first", algorithm="idastar", threads=1, pdb_dir=pdb_dir)
        assert one.partition == "5-5-5"
        two = npuzzle.solve(board, goal="blank-first", algorithm="idastar", threads=2, pdb_dir=pdb_dir)
        same_search(two, one)
        for tasks in (2, 7, 32):
            # local_below=0: every iteration goes to the cluster.
            hard = npuzzle.dask.solve_hard(
                board, client, goal="blank-first", pdb_dir=pdb_dir, tasks=tasks, local_below=0
            )
            same_search(hard, one)
            assert hard.to_dict()["data"]["board"] == one.to_dict()["data"]["board"]


@pytest.mark.timeout(300)
def test_without_databases_and_with_the_default_local_start(client: Any, tmp_path: pathlib.Path) -> None:
    board = boards(1, 40, seed=8)[0]
    one = npuzzle.solve(board, goal="blank-first", heuristic="manhattan", threads=1, pdb_dir=tmp_path)
    hard = npuzzle.dask.solve_hard(board, client, goal="blank-first", heuristic="manhattan", pdb_dir=tmp_path)
    same_search(hard, one)


def test_unsolvable_and_solved_boards(client: Any, pdb_dir: pathlib.Path) -> None:
    goal = list(range(16))
    swapped = [0, 2, 1] + goal[3:]
    hard = npuzzle.dask.solve_hard(swapped, client, goal="blank-first", pdb_dir=pdb_dir)
    assert hard.outcome == "unsolvable"
    done = npuzzle.dask.solve_hard(goal, client, goal="blank-first", pdb_dir=pdb_dir, local_below=0)
    assert (done.outcome, done.moves) == ("solved", "")


def test_a_board_the_subtree_search_does_not_take_is_an_option_error(client: Any) -> None:
    with pytest.raises(npuzzle.OptionError, match="4x4 and 5x5"):
        npuzzle.dask.solve_hard("1 2 3 4 5 6 x 7 8", client, pdb_dir=None)


def test_subtrees_are_repeatable_and_add_up_to_an_iteration(pdb_dir: pathlib.Path) -> None:
    board = boards(1, 50, seed=9)[0]
    one = npuzzle.solve(board, goal="blank-first", algorithm="idastar", threads=1, pdb_dir=pdb_dir)
    iterations = one.stats.iterations
    assert iterations is not None and len(iterations) >= 2
    (bound, nodes), (next_bound, _) = iterations[-2:]
    options = npuzzle._options("blank-first", "idastar", "auto", None, None, None, 1, pdb_dir)
    frontier = _native.split_iteration(board, None, options, bound, 40)
    again = _native.split_iteration(board, None, options, bound, 40)
    assert frontier.subtrees == again.subtrees and len(frontier.subtrees) >= 2
    results = _native.search_subtrees(board, None, options, frontier.bound, frontier.subtrees)
    assert len(results) == len(frontier.subtrees)
    assert frontier.combine(results) == (None, next_bound, nodes, frontier.combine(results)[3], None)
    with pytest.raises(npuzzle.NpuzzleError, match="results for"):
        frontier.combine(results[:1])


def test_a_timeout_is_an_outcome(client: Any, pdb_dir: pathlib.Path) -> None:
    board = boards(1, 50, seed=10)[0]
    out = npuzzle.dask.solve_hard(board, client, goal="blank-first", pdb_dir=pdb_dir, timeout=0.0)
    assert (out.outcome, out.budget, out.moves) == ("budget", "time limit", None)
