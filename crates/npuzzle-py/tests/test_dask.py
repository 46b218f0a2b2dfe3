"""npuzzle.dask.solve_files on a LocalCluster of two worker processes on
loopback: the rows equal `npuzzle batch`'s, a rerun skips finished
partitions, and a worker killed mid-run loses no board and doubles none."""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import threading
import time
from typing import Any, Callable

import pytest

import npuzzle
import npuzzle.dask

distributed = pytest.importorskip("distributed")

Cli = Callable[..., "subprocess.CompletedProcess[str]"]


def write_partitions(directory: pathlib.Path, boards: Any, parts: int) -> list[pathlib.Path]:
    directory.mkdir()
    paths = []
    for i, chunk in enumerate(split(boards, parts)):
        path = directory / f"part-{i}.txt"
        path.write_text("".join(" ".join(str(t) for t in b.ravel()) + "\n" for b in chunk))
        paths.append(path)
    return paths


def split(boards: Any, parts: int) -> list[Any]:
    size = -(-len(boards) // parts)
    return [boards[i : i + size] for i in range(0, len(boards), size)]


def rows(path: pathlib.Path | str) -> list[dict[str, Any]]:
    """The rows of a JSON Lines file, less their times."""
    out = []
    for line in pathlib.Path(path).read_text().splitlines():
        record = json.loads(line)
        assert record["type"] == "result"
        record["data"].pop("millis")
        out.append(record)
    return out


@pytest.mark.timeout(300)
def test_100000_boards_in_8_files_give_npuzzle_batchs_rows(client: Any, cli: Cli, tmp_path: pathlib.Path) -> None:
    boards = npuzzle.random_boards("3x3", 100_000, seed=10)
    inputs = write_partitions(tmp_path / "in", boards, 8)
    outputs = npuzzle.dask.solve_files(inputs, tmp_path / "out", client=client)
    assert [pathlib.Path(o).name for o in outputs] == [f"part-{i}.jsonl" for i in range(8)]
    total = 0
    for path, out in zip(inputs, outputs):
        batch = cli("batch", "-i", str(path), "--threads", "2")
        assert batch.returncode == 0, batch.stderr
        theirs = [json.loads(line) for line in batch.stdout.splitlines()]
        for row in theirs:
            row["data"].pop("millis")
        ours = rows(out)
        assert ours == theirs
        total += len(ours)
    assert total == 100_000
    assert not [n for n in os.listdir(tmp_path / "out") if n.endswith(".tmp")]


@pytest.mark.timeout(120)
def test_a_rerun_solves_only_the_missing_partitions(client: Any, tmp_path: pathlib.Path) -> None:
    inputs = write_partitions(tmp_path / "in", npuzzle.random_boards("3x3", 400, seed=11), 4)
    outputs = npuzzle.dask.solve_files(inputs, tmp_path / "out", client=client)
    before = {o: os.stat(o).st_mtime_ns for o in outputs}
    first = rows(outputs[1])
    os.remove(outputs[1])
    time.sleep(0.01)
    again = npuzzle.dask.solve_files([str(p) for p in inputs], tmp_path / "out", client=client)
    assert again == outputs
    for o in outputs:
        if o == outputs[1]:
            assert rows(o) == first
        else:
            assert os.stat(o).st_mtime_ns == before[o], f"{o} was solved again"


@pytest.mark.timeout(120)
def test_tasks_can_return_solutions(client: Any) -> None:
    boards = npuzzle.random_boards("3x3", 200, seed=14)
    remote = client.submit(npuzzle.solve_many, boards, threads=1).result(timeout=60)
    local = npuzzle.solve_many(boards)
    assert [s.to_dict()["data"]["moves"] for s in remote] == [s.moves for s in local]


def test_without_a_client_it_runs_in_process(tmp_path: pathlib.Path) -> None:
    inputs = write_partitions(tmp_path / "in", npuzzle.random_boards("3x3", 50, seed=12), 2)
    outputs = npuzzle.dask.solve_files(str(tmp_path / "in" / "*.txt"), tmp_path / "out", client=None)
    assert sum(len(rows(o)) for o in outputs) == 50


def test_two_inputs_with_one_output_name_are_refused(tmp_path: pathlib.Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for d in ("a", "b"):
        (tmp_path / d / "boards.txt").write_text("1 2 3 4 5 6 7 8 x\n")
    with pytest.raises(npuzzle.OptionError, match="would both be written to"):
        npuzzle.dask.solve_files([tmp_path / "a" / "boards.txt", tmp_path / "b" / "boards.txt"], tmp_path / "out")


@pytest.mark.timeout(300)
def test_a_worker_killed_mid_run_loses_no_board(client: Any, tmp_path: pathlib.Path) -> None:
    boards = npuzzle.random_boards("3x3", 3_200, seed=13)
    inputs = write_partitions(tmp_path / "in", boards, 8)
    out_dir = tmp_path / "out"
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            # The weakest heuristic, so that each partition takes a while.
            result["outputs"] = npuzzle.dask.solve_files(
                inputs, out_dir, client=client, algorithm="idastar", heuristic="misplaced"
            )
        except BaseException as e:  # reported by the assertion below
            result["error"] = e

    pids: dict[str, int] = client.run(os.getpid)
    runner = threading.Thread(target=run)
    runner.start()
    deadline = time.monotonic() + 120
    done_at_kill = -1
    while time.monotonic() < deadline and runner.is_alive():
        done = [n for n in os.listdir(out_dir) if n.endswith(".jsonl")] if out_dir.exists() else []
        if done:
            done_at_kill = len(done)
            os.kill(next(iter(pids.values())), signal.SIGKILL)
            break
        time.sleep(0.01)
    runner.join(timeout=240)
    assert not runner.is_alive()
    assert "error" not in result, result.get("error")
    assert 0 < done_at_kill < 8, "the worker was not killed mid-run"
    for path, out in zip(inputs, result["outputs"]):
        expected = [line for line in path.read_text().splitlines()]
        got = rows(out)
        assert [r["data"]["line"] for r in got] == list(range(1, len(expected) + 1))
        assert [r["data"]["board"] for r in got] == [npuzzle.solve(b).board for b in expected]
        assert all(r["data"]["outcome"] == "solved" for r in got)
