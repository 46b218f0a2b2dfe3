"""npuzzle.solve_many: input order, input forms, errors, Ctrl-C."""

from __future__ import annotations

import os
import signal
import threading
import time

import numpy as np
import pytest

import npuzzle
from conftest import standard_distances


def test_results_come_in_input_order_and_equal_solve() -> None:
    boards = npuzzle.random_boards("3x3", 500, seed=5)
    many = npuzzle.solve_many(boards, threads=2)
    assert len(many) == 500
    dist = standard_distances(3, 3)
    for board, s in zip(boards, many):
        assert s.board == npuzzle.solve(board).board
        assert s.length == dist[tuple(int(t) for t in board.ravel())]


def test_flat_rows_3d_arrays_lists_and_strings_agree() -> None:
    boards = npuzzle.random_boards("4x2", 50, seed=6)
    flat = boards.reshape(50, 8)
    texts = [" ".join(map(str, b)) for b in flat]
    a = [s.moves for s in npuzzle.solve_many(boards)]
    b = [s.moves for s in npuzzle.solve_many(flat, size="4x2")]
    c = [s.moves for s in npuzzle.solve_many(texts, size=(4, 2))]
    d = [s.moves for s in npuzzle.solve_many([list(map(int, b)) for b in flat], size="4x2")]
    e = [s.moves for s in npuzzle.solve_many(list(boards))]
    assert a == b == c == d == e


def test_unsolvable_and_budget_outcomes_in_a_batch() -> None:
    boards = ["2 1 3 4 5 6 7 8 x", "1 2 3 4 5 6 7 8 x", "8 6 7 2 5 4 3 x 1"]
    out = npuzzle.solve_many(boards, algorithm="idastar", heuristic="misplaced", max_nodes=1000)
    assert [s.outcome for s in out] == ["unsolvable", "solved", "budget"]


def test_a_bad_board_is_named_by_its_index() -> None:
    with pytest.raises(npuzzle.BoardError, match="board 1: tile 8 appears twice"):
        npuzzle.solve_many(["1 2 3 4 5 6 7 8 x", "1 2 3 4 5 6 7 8 8"])
    arr = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 5, 6, 7, 8, 9]])
    with pytest.raises(npuzzle.BoardError, match="board 1: tile 9 at position 9 is out of range"):
        npuzzle.solve_many(arr)
    with pytest.raises(npuzzle.BoardError, match="cannot infer the board size from 8 tiles"):
        npuzzle.solve_many(np.zeros((2, 8), dtype=np.int32))


def test_empty_input() -> None:
    assert npuzzle.solve_many([]) == []
    assert npuzzle.solve_many(np.zeros((0, 9), dtype=np.int64)) == []


def test_ctrl_c_interrupts_a_long_batch() -> None:
    # 4x4 boards with the weakest heuristic: far more work than the test waits for.
    boards = npuzzle.random_boards("4x4", 2000, seed=7)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            npuzzle.solve_many(boards, algorithm="idastar", heuristic="manhattan", threads=2, timeout=2.0)
    finally:
        timer.cancel()
    # Boards in progress finish (each at most 2 s) before it returns.
    assert time.monotonic() - started < 10


def test_the_gil_is_released_while_solving() -> None:
    ticks = 0
    done = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    try:
        npuzzle.solve_many(npuzzle.random_boards("4x4", 3, seed=8), heuristic="manhattan", threads=1, timeout=1.0)
    finally:
        done.set()
        t.join()
    assert ticks > 10
