"""npuzzle.pdb: build with progress, list, open, and solve with the databases."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
from typing import Callable

import pytest

import npuzzle
from conftest import standard_distances

PARTITION = "1,2,3,4/5,6,7,8"

Cli = Callable[..., "subprocess.CompletedProcess[str]"]


def test_build_list_open_and_solve_with_it(tmp_path: pathlib.Path) -> None:
    seen: list[npuzzle.pdb.BuildProgress] = []
    path = npuzzle.pdb.build("3x3", PARTITION, pdb_dir=tmp_path, progress=seen.append)
    assert os.path.exists(path) and os.path.dirname(path) == str(tmp_path)
    assert seen, "the progress callback was never called"
    fractions = [p.fraction for p in seen]
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1
    assert {p.patterns for p in seen} == {2}

    [info] = npuzzle.pdb.list(tmp_path)
    assert (info.size, info.goal, info.partition) == ((3, 3), "1 2 3 4 5 6 7 8 x", PARTITION)
    assert info.bytes == os.path.getsize(path)
    opened = npuzzle.pdb.open(path, verify=True)
    assert opened.partition == PARTITION and opened.entries == info.entries

    s = npuzzle.solve("8 6 7 2 5 4 3 x 1", algorithm="idastar", pdb_dir=tmp_path)
    assert s.heuristic == "pdb" and s.partition == PARTITION and s.length == 31
    assert s.to_dict()["data"]["partition"] == PARTITION
    # Not for blank-first boards: auto falls back to linear conflict there.
    t = npuzzle.solve("8 6 7 2 5 4 3 x 1", goal="blank-first", algorithm="idastar", pdb_dir=tmp_path)
    assert t.heuristic == "linear-conflict" and t.partition is None


def test_pdb_answers_are_optimal_on_other_goals(tmp_path: pathlib.Path) -> None:
    npuzzle.pdb.build("3x2", "1,2/3,4,5", goal="blank-first", pdb_dir=tmp_path, progress=False)
    dist = standard_distances(3, 2)
    for board in npuzzle.random_boards("3x2", 40, seed=9, goal="blank-first"):
        s = npuzzle.solve(board, goal="blank-first", algorithm="astar", heuristic="pdb", pdb_dir=tmp_path)
        g = npuzzle.solve(board, goal="blank-first", algorithm="bfs")
        assert s.partition == "1,2/3,4,5" and s.length == g.length
    assert dist  # the BFS oracle ran for this shape too


def test_zero_aware_builds_are_zero_aware_and_solve_optimally(tmp_path: pathlib.Path, cli: Cli) -> None:
    classic_dir, zero_dir = tmp_path / "classic", tmp_path / "zero"
    classic = npuzzle.pdb.build("3x3", PARTITION, pdb_dir=classic_dir, progress=False)
    path = npuzzle.pdb.build("3x3", PARTITION, pdb_dir=zero_dir, zero_aware=True, progress=False)
    assert os.path.basename(path) == "3x3-standard-1.2.3.4_5.6.7.8-zero.pdb", path
    [info] = npuzzle.pdb.list(zero_dir)
    assert (info.partition, info.zero_aware) == (PARTITION, True)
    assert npuzzle.pdb.open(path, verify=True).zero_aware
    assert not npuzzle.pdb.open(classic, verify=True).zero_aware
    # The same placements, with a value per region of the blank each: a larger file.
    assert info.entries == npuzzle.pdb.open(classic).entries
    assert info.bytes > npuzzle.pdb.open(classic).bytes
    # The command line reads the file as zero-aware too.
    checked = cli("pdb", "verify", path)
    assert checked.returncode == 0 and "ok (zero-aware)" in checked.stdout, checked.stdout + checked.stderr
    # Solves with it are optimal: lengths equal a breadth-first search's.
    dist = standard_distances(3, 3)
    for board in npuzzle.random_boards("3x3", 60, seed=4):
        s = npuzzle.solve(board, algorithm="idastar", heuristic="pdb", pdb_dir=zero_dir)
        assert s.partition is not None and "zero-aware" in s.partition, s.partition
        assert s.length == dist[tuple(int(t) for t in board.flatten())], board


def test_compact_builds_match_the_cli_and_solve_optimally(tmp_path: pathlib.Path, cli: Cli) -> None:
    path = npuzzle.pdb.build("3x3", PARTITION, pdb_dir=tmp_path / "py", compact=True, progress=False)
    assert os.path.basename(path) == "3x3-standard-1.2.3.4_5.6.7.8-zero-compact.pdb", path
    info = npuzzle.pdb.open(path, verify=True)
    assert (info.kind, info.zero_aware) == ("zero-aware compact", True)
    assert "kind='zero-aware compact'" in repr(info)
    assert npuzzle.pdb.open(npuzzle.pdb.build("3x3", PARTITION, pdb_dir=tmp_path / "c", progress=False)).kind == "classic"
    # The command line's compact build writes the same bytes.
    built = cli("pdb", "build", "--size", "3x3", "--partition", PARTITION, "--compact", "--pdb-dir", str(tmp_path / "cli"))
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "cli" / os.path.basename(path)).read_bytes() == pathlib.Path(path).read_bytes()
    dist = standard_distances(3, 3)
    for board in npuzzle.random_boards("3x3", 40, seed=5):
        s = npuzzle.solve(board, algorithm="idastar", heuristic="pdb", pdb_dir=tmp_path / "py")
        assert s.partition is not None and "compact" in s.partition, s.partition
        assert s.length == dist[tuple(int(t) for t in board.flatten())], board
    with pytest.raises(npuzzle.OptionError, match="pick one"):
        npuzzle.pdb.build("3x3", PARTITION, pdb_dir=tmp_path / "no", zero_aware=True, compact=True, progress=False)
    assert not (tmp_path / "no").exists()


def test_without_a_partition_the_recommended_set_is_built(tmp_path: pathlib.Path) -> None:
    # A 3x3 board's recommended set: one exact pattern of all eight tiles.
    path = npuzzle.pdb.build("3x3", pdb_dir=tmp_path, progress=False)
    assert os.path.basename(path) == "3x3-standard-1.2.3.4.5.6.7.8.pdb", path
    assert npuzzle.pdb.open(path).kind == "classic"
    assert npuzzle.solve("8 6 7 2 5 4 3 x 1", algorithm="idastar", pdb_dir=tmp_path).length == 31


def test_a_broken_file_is_a_pdb_error(tmp_path: pathlib.Path) -> None:
    path = pathlib.Path(npuzzle.pdb.build("3x3", PARTITION, pdb_dir=tmp_path, progress=False))
    data = bytearray(path.read_bytes())
    path.write_bytes(bytes(data[: len(data) // 2]))
    with pytest.raises(npuzzle.PdbError, match="is truncated"):
        npuzzle.pdb.open(path)
    assert npuzzle.pdb.list(tmp_path) == []
    with pytest.raises(npuzzle.PdbError, match="is truncated"):
        npuzzle.pdb.list(tmp_path, errors=True)
    junk = tmp_path / "junk.pdb"
    junk.write_bytes(b"not a database at all, not at all")
    with pytest.raises(npuzzle.PdbError, match="not an npuzzle pattern database"):
        npuzzle.pdb.open(junk)
    with pytest.raises(npuzzle.PdbError, match="no pattern database at|cannot read|No such file"):
        npuzzle.pdb.open(tmp_path / "missing.pdb")


def test_bad_partitions_raise_option_error(tmp_path: pathlib.Path) -> None:
    with pytest.raises(npuzzle.OptionError, match="bad partition"):
        npuzzle.pdb.build("3x3", "1,2,3/3,4", pdb_dir=tmp_path, progress=False)
    with pytest.raises(npuzzle.OptionError, match="needs about"):
        npuzzle.pdb.build("4x4", "7-8", pdb_dir=tmp_path, max_memory=1 << 20, progress=False)


def test_an_exception_in_the_callback_is_raised_and_nothing_is_saved(tmp_path: pathlib.Path) -> None:
    def fail(p: npuzzle.pdb.BuildProgress) -> None:
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        npuzzle.pdb.build("3x3", PARTITION, pdb_dir=tmp_path, progress=fail)
    assert list(tmp_path.iterdir()) == []


def test_tqdm_bar_when_installed(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    npuzzle.pdb.build("3x3", PARTITION, pdb_dir=tmp_path)
    err = capsys.readouterr().err
    assert "pdb 3x3" in err, err
    assert "tqdm" in sys.modules


def test_a_database_built_after_a_solve_is_used_by_the_next_one(tmp_path: pathlib.Path) -> None:
    board = "8 6 7 2 5 4 3 x 1"
    before = npuzzle.solve(board, algorithm="idastar", pdb_dir=tmp_path)
    assert before.heuristic == "linear-conflict"
    npuzzle.pdb.build("3x3", PARTITION, pdb_dir=tmp_path, progress=False)
    after = npuzzle.solve(board, algorithm="idastar", pdb_dir=tmp_path)
    assert after.heuristic == "pdb" and after.partition == PARTITION


def test_the_default_directory_follows_the_environment(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NPUZZLE_PDB_DIR", str(tmp_path / "env"))
    assert npuzzle.pdb.default_dir() == str(tmp_path / "env")
    path = npuzzle.pdb.build("3x3", PARTITION, progress=False)
    assert os.path.dirname(path) == str(tmp_path / "env")
    assert [i.partition for i in npuzzle.pdb.list()] == [PARTITION]
    assert npuzzle.solve("8 6 7 2 5 4 3 x 1", algorithm="idastar").partition == PARTITION
    monkeypatch.delenv("NPUZZLE_PDB_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert npuzzle.pdb.default_dir() == str(tmp_path / "cache" / "npuzzle" / "pdb")
