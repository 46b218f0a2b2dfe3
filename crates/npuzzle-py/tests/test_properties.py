"""Property tests (hypothesis): random boards of several shapes solve, replay
to the goal with an optimal number of moves (checked against an independent
breadth-first search), parity agrees with the outcome, and every input form
gives the same answer."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import npuzzle
from conftest import bfs_distances, replay, standard_distances

SHAPES = [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3)]


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, list[int]]:
    width, height = draw(st.sampled_from(SHAPES))
    tiles = draw(st.permutations(list(range(width * height))))
    return width, height, tiles


def inversion_parity_solvable(tiles: list[int], width: int) -> bool:
    """The textbook rule, written out independently of the library: for odd
    widths the inversions are even; for even widths, inversions plus the
    blank's row counted from the bottom are odd (standard goal)."""
    seq = [t for t in tiles if t != 0]
    inversions = sum(1 for i in range(len(seq)) for j in range(i + 1, len(seq)) if seq[i] > seq[j])
    if width % 2 == 1:
        return inversions % 2 == 0
    height = len(tiles) // width
    row_from_bottom = height - tiles.index(0) // width
    return (inversions + row_from_bottom) % 2 == 1


@settings(max_examples=300, deadline=None)
@given(boards())
def test_solutions_replay_to_the_goal_and_are_optimal(board: tuple[int, int, list[int]]) -> None:
    width, height, tiles = board
    s = npuzzle.solve(tiles, size=(width, height))
    distances = standard_distances(width, height)
    if tuple(tiles) in distances:
        assert s.outcome == "solved"
        assert s.moves is not None
        assert replay(tiles, width, s.moves) == list(range(1, width * height)) + [0]
        assert s.length == distances[tuple(tiles)]
    else:
        assert s.outcome == "unsolvable"


@settings(max_examples=300, deadline=None)
@given(boards())
def test_parity_agrees_with_the_outcome(board: tuple[int, int, list[int]]) -> None:
    width, height, tiles = board
    expected = inversion_parity_solvable(tiles, width)
    assert npuzzle.is_solvable(tiles, size=(width, height)) == expected
    assert (npuzzle.solve(tiles, size=(width, height)).outcome == "solved") == expected


@settings(max_examples=200, deadline=None)
@given(boards(), st.sampled_from(["idastar", "astar", "bibfs"]))
def test_numpy_and_string_inputs_give_the_same_answer(board: tuple[int, int, list[int]], algorithm: str) -> None:
    width, height, tiles = board
    text = " ".join("x" if t == 0 else str(t) for t in tiles)
    a = npuzzle.solve(text, size=f"{width}x{height}", algorithm=algorithm)
    b = npuzzle.solve(np.array(tiles, dtype=np.int16).reshape(height, width), algorithm=algorithm)
    c = npuzzle.solve(tiles, size=(width, height), algorithm=algorithm)
    assert (a.outcome, a.moves, a.board) == (b.outcome, b.moves, b.board) == (c.outcome, c.moves, c.board)


@settings(max_examples=100, deadline=None)
@given(boards(), boards())
def test_any_goal(board: tuple[int, int, list[int]], goal: tuple[int, int, list[int]]) -> None:
    width, height, tiles = board
    _, _, goal_tiles = goal
    goal_tiles = [t for t in goal_tiles if t < width * height]
    if len(goal_tiles) != width * height:
        goal_tiles = list(reversed(range(width * height)))
    s = npuzzle.solve(tiles, size=(width, height), goal=goal_tiles)
    distances = bfs_distances(tuple(goal_tiles), width) if width * height <= 8 else None
    if s.solved:
        assert s.moves is not None
        assert replay(tiles, width, s.moves) == goal_tiles
        if distances is not None:
            assert s.length == distances[tuple(tiles)]
    else:
        assert s.outcome == "unsolvable"
        if distances is not None:
            assert tuple(tiles) not in distances
