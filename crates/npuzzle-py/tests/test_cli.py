"""The Python records equal the command line's (the real `npuzzle` binary)."""

from __future__ import annotations

import json
import subprocess
from typing import Any, Callable

import pytest

import npuzzle
import npuzzle.dask

Cli = Callable[..., "subprocess.CompletedProcess[str]"]


def without_millis(record: Any) -> Any:
    data = dict(record["data"])
    stats = dict(data.pop("stats", {}))
    stats.pop("millis", None)
    data.pop("millis", None)
    return {"type": record["type"], "data": data, "stats": stats}


@pytest.mark.parametrize(
    ("board", "args", "kwargs"),
    [
        ("8 6 7 2 5 4 3 x 1", [], {}),
        ("8 6 7 2 5 4 3 x 1", ["--algorithm", "idastar", "--heuristic", "manhattan"], {"algorithm": "idastar", "heuristic": "manhattan"}),
        ("2 6 4 1 3 7 x 5 8", ["--algorithm", "astar", "--heuristic", "linear-conflict"], {"algorithm": "astar", "heuristic": "linear-conflict"}),
        ("2 1 3 4 5 6 7 8 x", [], {}),
        ("1 2 3 4 5 6 7 8 x", ["--goal", "blank-first", "--algorithm", "bibfs"], {"goal": "blank-first", "algorithm": "bibfs"}),
        ("8 6 7 2 5 4 3 x 1", ["--algorithm", "idastar", "--heuristic", "misplaced", "--max-nodes", "50"], {"algorithm": "idastar", "heuristic": "misplaced", "max_nodes": 50}),
        ("1 2 3 4 5 6 7 x", ["--size", "4x2"], {"size": "4x2"}),
        ("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", ["--goal", "blank-first", "--heuristic", "linear-conflict", "-j", "1"], {"goal": "blank-first", "heuristic": "linear-conflict", "threads": 1}),
        # A time limit makes the CLI hold greedy's moves as Python does (same peak_bytes).
        ("8 6 7 2 5 4 3 x 1", ["--algorithm", "greedy", "--timeout", "1m"], {"algorithm": "greedy", "timeout": 60}),
    ],
)
def test_to_dict_equals_solve_json(cli: Cli, tmp_path: Any, board: str, args: list[str], kwargs: dict[str, Any]) -> None:
    run = cli("solve", "--json", "--pdb-dir", str(tmp_path), *args, board)
    assert run.returncode in (0, 1), run.stderr
    theirs = json.loads(run.stdout.strip().splitlines()[-1])
    ours = npuzzle.solve(board, pdb_dir=tmp_path, **kwargs).to_dict()
    assert without_millis(ours) == without_millis(theirs)


def test_batch_rows_equal_the_clis(cli: Cli, tmp_path: Any) -> None:
    text = "\n".join(
        [
            "# a comment",
            "8 6 7 2 5 4 3 x 1",
            "1 2 3 4 5 6 7 8",
            "2 1 3 4 5 6 7 8 x",
            "",
            "1 2 3",
            "4 5 6",
            "7 x 8",
            "",
            "1 2 3 4 5 6 7 8 y",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15",
        ]
    )
    path = tmp_path / "boards.txt"
    path.write_text(text)
    run = cli("batch", "-i", str(path), "--pdb-dir", str(tmp_path))
    theirs = [json.loads(line) for line in run.stdout.splitlines()]
    [out] = npuzzle.dask.solve_files([path], tmp_path / "out", client=None, threads=2, pdb_dir=tmp_path)
    ours = [json.loads(line) for line in open(out)]
    for row in theirs + ours:
        row["data"].pop("millis")
    # Each front-end gives its own advice for a size it cannot tell (the CLI names --size).
    assert ours[1]["data"].pop("message").endswith("give the size or write the tiles in rows")
    assert "--size 4x2" in theirs[1]["data"].pop("message")
    assert ours == theirs
    assert [r["data"]["outcome"] for r in ours][:4] == ["solved", "invalid", "unsolvable", "solved"]
