"""Bad input raises typed exceptions with the library's messages."""

from __future__ import annotations

import numpy as np
import pytest

import npuzzle


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("1 2 3 4 5 6 7 8 8", "tile 8 appears twice, at positions 8 and 9"),
        ("1 2 3 4 5 6 7 8 y", 'bad token "y" at position 9'),
        ("1 2 3 4 5 6 7 8", "cannot tell the board's size from 8 tiles without rows: it could be 4x2"),
        ("1 2 3 4 5 6 7 9 x", "tile 9 at position 8 is out of range: a 3x3 board has tiles 1 to 8"),
        ([1, 2, 3, 4, 5, 6, 7, 9, 0], "tile 9 at position 8 is out of range: a 3x3 board has tiles 1 to 8"),
        ([1, 2, 3, 4, 5, 6, 7, -1, 0], "tile -1 at position 8 is out of range"),
        ([1, 2, 3, 4, 5, 6, 7, 8, 8], "tile 8 appears twice, at positions 8 and 9"),
        ([1, 2, 3], "no board holds 3 tiles"),
    ],
)
def test_bad_boards_raise_board_error_with_the_librarys_message(board: npuzzle.BoardLike, message: str) -> None:
    with pytest.raises(npuzzle.BoardError) as info:
        npuzzle.solve(board)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, npuzzle.NpuzzleError)


def test_size_and_goal_errors() -> None:
    with pytest.raises(npuzzle.BoardError, match="bad size"):
        npuzzle.solve("1 2 3 x", size="2by2")
    with pytest.raises(npuzzle.BoardError, match="invalid board size 1x4"):
        npuzzle.solve("1 2 3 x", size=(1, 4))
    with pytest.raises(npuzzle.BoardError, match="wrong tile count: a 4x2 board needs 8 tiles, got 9"):
        npuzzle.solve("1 2 3 4 5 6 7 8 x", size="4x2")
    with pytest.raises(npuzzle.BoardError, match="the board is 3x3 but the goal is 2x2"):
        npuzzle.solve("1 2 3 4 5 6 7 8 x", goal="1 2 3 x")
    with pytest.raises(npuzzle.BoardError, match="rows of 4 tiles, but size is"):
        npuzzle.solve(np.array([[1, 2, 3, 4], [5, 6, 0, 7]]), size="2x4")
    with pytest.raises(npuzzle.BoardError, match="integer tiles"):
        npuzzle.solve(np.zeros(9, dtype=float))


def test_a_goal_that_cannot_be_read_is_named() -> None:
    # Issue 28, item 12: the message said "no board holds 3 tiles" without
    # naming the goal; the command line and the server say "reading the goal".
    with pytest.raises(npuzzle.BoardError) as info:
        npuzzle.solve("1 2 3 4 5 6 7 8 x", goal="1 2 3")
    assert str(info.value).startswith("reading the goal: no board holds 3 tiles"), str(info.value)
    with pytest.raises(npuzzle.BoardError, match="^reading the goal: tile 8 appears twice"):
        npuzzle.solve("1 2 3 4 5 6 7 8 x", goal=[1, 2, 3, 4, 5, 6, 7, 8, 8])
    with pytest.raises(npuzzle.BoardError, match="^reading the goal: "):
        npuzzle.hint("1 2 3 4 5 6 7 8 x", goal="1 2 3 4 5 6 7 y x")
    # The board's own errors are not the goal's.
    with pytest.raises(npuzzle.BoardError) as board_error:
        npuzzle.solve("1 2 3", goal="standard")
    assert not str(board_error.value).startswith("reading the goal"), str(board_error.value)


def test_unknown_names_raise_option_error() -> None:
    with pytest.raises(npuzzle.OptionError, match='unknown algorithm "dfs"'):
        npuzzle.solve("1 2 3 4 5 6 7 8 x", algorithm="dfs")
    with pytest.raises(npuzzle.OptionError, match="choose auto, "):
        npuzzle.solve("1 2 3 4 5 6 7 8 x", heuristic="euclid")
    with pytest.raises(npuzzle.OptionError, match="table cannot solve a 4x4 board"):
        npuzzle.solve("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", algorithm="table")


def test_missing_databases_raise_pdb_error_naming_the_python_call(tmp_path: object) -> None:
    with pytest.raises(npuzzle.PdbError) as info:
        npuzzle.solve("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", heuristic="pdb", pdb_dir=str(tmp_path))
    assert 'npuzzle.pdb.build("4x4", "7-8")' in str(info.value)
    assert isinstance(info.value, OSError)


def test_a_ragged_list_is_a_board_error() -> None:
    # Issue 28, item 11: numpy's "setting an array element with a sequence" came out instead.
    with pytest.raises(npuzzle.BoardError) as info:
        npuzzle.solve([[1, 2, 3], [4, 5, 6], [7, 0]])
    assert "the rows hold different numbers of tiles (3, 3, 2)" in str(info.value), str(info.value)
    with pytest.raises(npuzzle.BoardError):
        npuzzle.solve([[[1, 2], [3, 0]], [[1], [2, 3]]])  # type: ignore[arg-type]
