"""Shared fixtures: the `npuzzle` binary (for records compared with the CLI's)
and an independent breadth-first search over small boards."""

from __future__ import annotations

import os
import pathlib
import subprocess
import tempfile
from collections import deque
from typing import Any, Callable, Iterator, Optional

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]

# Tests see no pattern databases but the ones they build: the default
# directory is an empty one of their own (worker processes inherit it).
os.environ["NPUZZLE_PDB_DIR"] = tempfile.mkdtemp(prefix="npuzzle-test-pdb-")

# Moves name the direction the blank moves.
STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def cli_path() -> Optional[pathlib.Path]:
    """The CLI binary: $NPUZZLE_CLI, else one built in the repository's target directory."""
    given = os.environ.get("NPUZZLE_CLI")
    if given:
        return pathlib.Path(given)
    for profile in ("release", "debug"):
        path = REPO / "target" / profile / "npuzzle"
        if path.exists():
            return path
    return None


@pytest.fixture(scope="session")
def cli() -> Callable[..., subprocess.CompletedProcess[str]]:
    """Runs the real `npuzzle` binary. CI sets NPUZZLE_CLI, so there these tests always run."""
    path = cli_path()
    if path is None or not path.exists():
        if os.environ.get("NPUZZLE_CLI"):
            pytest.fail(f"NPUZZLE_CLI={os.environ['NPUZZLE_CLI']} does not exist")
        pytest.skip("no npuzzle binary: build it with `cargo build -p npuzzle-cli` or set NPUZZLE_CLI")

    def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(path), *args], input=stdin, capture_output=True, text=True, timeout=120)

    return run


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A Dask client of a LocalCluster of two worker processes (one thread each) on loopback."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


def replay(tiles: list[int], width: int, moves: str) -> list[int]:
    """Plays `moves` on row-major `tiles` (0 = blank); an AssertionError on a move off the board."""
    board = list(tiles)
    height = len(board) // width
    blank = board.index(0)
    for i, m in enumerate(moves):
        dr, dc = STEP[m]
        r, c = divmod(blank, width)
        nr, nc = r + dr, c + dc
        assert 0 <= nr < height and 0 <= nc < width, f"move {i + 1} ({m}) leaves the board"
        to = nr * width + nc
        board[blank], board[to] = board[to], board[blank]
        blank = to
    return board


def bfs_distances(goal: tuple[int, ...], width: int, multi_tile: bool = False) -> dict[tuple[int, ...], int]:
    """Distance to `goal` of every board that reaches it (plain BFS over tuples).
    With `multi_tile`, the blank sliding any number of cells in one direction
    is one move."""
    height = len(goal) // width
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        d = dist[board] + 1
        for dr, dc in STEP.values():
            nxt = list(board)
            r, c = divmod(board.index(0), width)
            while 0 <= r + dr < height and 0 <= c + dc < width:
                here, to = r * width + c, (r + dr) * width + c + dc
                nxt[here], nxt[to] = nxt[to], nxt[here]
                r, c = r + dr, c + dc
                t = tuple(nxt)
                if t not in dist:
                    dist[t] = d
                    queue.append(t)
                if not multi_tile:
                    break
    return dist


_BFS: dict[tuple[int, int], dict[tuple[int, ...], int]] = {}


def standard_distances(width: int, height: int) -> dict[tuple[int, ...], int]:
    """BFS distances to the standard goal, computed once per shape."""
    if (width, height) not in _BFS:
        goal = tuple(list(range(1, width * height)) + [0])
        _BFS[(width, height)] = bfs_distances(goal, width)
    return _BFS[(width, height)]
