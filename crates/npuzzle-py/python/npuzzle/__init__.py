"""npuzzle: optimal solutions of sliding-tile puzzles, from the 8-puzzle to
the 15- and 24-puzzle and any W×H board, solved in Rust.

>>> import npuzzle
>>> s = npuzzle.solve("8 6 7 2 5 4 3 x 1")
>>> s.outcome, s.length, s.moves
('solved', 31, 'ruulddruuldldrrullurrdlldruurdd')

Boards are text in the command line's syntax (blank ``x``, ``0``, ``_`` or
``.``), sequences of ints (0 = blank) or numpy integer arrays (2-D arrays
give their own shape). Moves ``u d l r`` name the direction the **blank**
moves. The default goal is ``1 2 … N-1`` then the blank; ``goal="blank-first"``
or any arrangement picks another. Sizes are ``"WxH"`` (width × height) or a
``(width, height)`` tuple.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Literal, Optional, Sequence, Tuple, Union, overload

import numpy as np

from . import _native, errors, pdb
from ._native import Count, Hint, Solution, Stats
from .errors import BoardError, NpuzzleError, OptionError, PdbError

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "solve",
    "solve_many",
    "is_solvable",
    "hint",
    "count_solutions",
    "optimal_solutions",
    "Hint",
    "Count",
    "random_boards",
    "distance_counts",
    "render",
    "parse_size",
    "Solution",
    "Stats",
    "NpuzzleError",
    "BoardError",
    "OptionError",
    "PdbError",
    "errors",
    "pdb",
]

__version__: str = _native.__version__

#: A board: text, a sequence of ints (0 = blank), rows of ints, or a numpy integer array.
BoardLike = Union[str, Sequence[int], Sequence[Sequence[int]], "NDArray[np.integer]"]
#: A size: ``"WxH"`` or ``(width, height)``.
SizeLike = Union[str, Tuple[int, int]]
#: A goal: ``"standard"``, ``"blank-first"``, tiles as text, or tiles as a board.
GoalLike = BoardLike
PathLike = Union[str, "os.PathLike[str]"]


def parse_size(size: SizeLike) -> Tuple[int, int]:
    """``(width, height)`` of a size given as ``"WxH"`` or a pair.

    >>> npuzzle.parse_size("4x3")
    (4, 3)
    """
    return _native.parse_size(size)


def _tiles(board: BoardLike, size: Optional[SizeLike]) -> Tuple[Union[str, list[int]], Optional[SizeLike]]:
    """A board as the native module takes it: text, or flat tiles with the size."""
    if isinstance(board, str):
        return board, size
    if isinstance(board, (list, tuple)) and not (board and isinstance(board[0], (list, tuple, np.ndarray))):
        return list(board), size  # flat ints: the native module checks each one
    if isinstance(board, (list, tuple)) and all(isinstance(row, (list, tuple, np.ndarray)) for row in board):
        lengths = [len(row) for row in board]
        if len(set(lengths)) > 1:
            listed = ", ".join(str(n) for n in lengths)
            raise BoardError(f"the rows hold different numbers of tiles ({listed}): every row of a board is as long")
    try:
        array = board if isinstance(board, np.ndarray) else np.asarray(board)
    except ValueError as e:  # numpy's "inhomogeneous shape": lists nested unevenly
        raise BoardError(f"the board's lists are nested unevenly: {e}") from None
    if array.dtype.kind not in "iu" and array.size > 0:
        raise BoardError(f"a board must hold integer tiles, not {array.dtype} values")
    if array.ndim == 2:
        shape = (array.shape[1], array.shape[0])
        if size is not None and parse_size(size) != shape:
            raise BoardError(f"the board has {array.shape[0]} rows of {array.shape[1]} tiles, but size is {size!r}")
        return array.ravel().tolist(), shape
    if array.ndim != 1:
        raise BoardError(f"a board must be 1-D or 2-D, not a {array.ndim}-D array")
    return array.tolist(), size


def _goal(goal: Optional[GoalLike]) -> Union[str, list[int], None]:
    if goal is None or isinstance(goal, str):
        return goal
    return _tiles(goal, None)[0]


def _dir(path: Optional[PathLike]) -> Optional[str]:
    """The database directory: ``path``, else :func:`npuzzle.pdb.default_dir`."""
    return pdb.default_dir() if path is None else os.fspath(path)


def _options(
    goal: Optional[GoalLike],
    algorithm: str,
    heuristic: str,
    timeout: Optional[float],
    max_nodes: Optional[int],
    max_memory: Optional[int],
    threads: Optional[int],
    pdb_dir: Optional[PathLike],
    improve: Optional[float] = None,
    metric: str = "stm",
    within: Optional[float] = None,
) -> dict[str, Any]:
    """The keyword arguments every solving function shares, as the native module takes them."""
    return {
        "improve": improve,
        "within": within,
        "metric": metric,
        "goal": _goal(goal),
        "algorithm": algorithm,
        "heuristic": heuristic,
        "timeout": timeout,
        "max_nodes": max_nodes,
        "max_memory": max_memory,
        "threads": threads,
        "pdb_dir": _dir(pdb_dir),
    }


def solve(
    board: BoardLike,
    *,
    size: Optional[SizeLike] = None,
    goal: Optional[GoalLike] = None,
    algorithm: str = "auto",
    heuristic: str = "auto",
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory: Optional[int] = None,
    threads: Optional[int] = None,
    pdb_dir: Optional[PathLike] = None,
    improve: Optional[float] = None,
    metric: str = "stm",
    within: Optional[float] = None,
) -> Solution:
    """Solves one board optimally (or, past 5×5 or with ``"greedy"``, constructively).

    ``algorithm``: ``"auto"`` (a complete table up to 10 cells, IDA* up to
    25, the constructive ``"greedy"`` above), ``"bfs-set"``, ``"bfs"``,
    ``"table"``, ``"bibfs"``, ``"astar"``, ``"idastar"``, ``"greedy"`` (any
    size, fast, not optimal: ``to_dict()`` gives its lower bound and ratio),
    ``"anytime"`` (the best solution found within ``timeout``, improving from
    an answer made in milliseconds, with the lower bound it proved; optimal
    when no budget stops it).
    ``heuristic``: ``"auto"`` (the strongest pattern database in ``pdb_dir``
    for the board's goal, else walking distance on 4×4, else linear conflict),
    ``"misplaced"``, ``"manhattan"``, ``"linear-conflict"``,
    ``"walking-distance"``, ``"pdb"``, ``"pdb-dual"`` (the databases read
    twice, also for the inverse permutation: fewer nodes on 5×5),
    ``"pdb-adaptive"`` (per iteration ``"pdb"`` or ``"pdb-dual"``, whichever
    one probe iteration finds cheaper for the board; ``"auto"`` on 5×5). ``timeout`` (seconds), ``max_nodes`` and
    ``max_memory`` (bytes) bound the search: when one runs out the outcome is
    ``"budget"``, not an exception. ``threads`` splits IDA* iterations on 4×4
    and 5×5 boards (default: all cores). ``pdb_dir``: where pattern databases
    are looked for (default ``$NPUZZLE_PDB_DIR``, else ``~/.cache/npuzzle/pdb``).
    ``improve`` (seconds, within ``timeout``): time spent shortening a
    constructive (``"greedy"``) solution, as ``npuzzle solve --improve`` does;
    ``to_dict()`` then names the start it improved (``improved_from``, ``start``).
    ``metric``: ``"stm"`` (every move counts one) or ``"mtm"`` (the
    multi-tile metric: sliding several tiles of a line at once counts one;
    searched optimally up to 12 cells and on 4×4, by ``"greedy"`` above).
    Every solution has both lengths, ``length`` and ``mtm_length``.
    ``within`` (a factor from 1 to 16): a solution at most that many times
    the shortest, by weighted IDA* on 4×4 and 5×5 (optimal searches elsewhere);
    ``to_dict()`` gives ``within``, the proved ``lower_bound`` and ``ratio``.

    Solvers (and the tables and databases they load) are kept between calls
    with the same options. The GIL is released while the search runs.

    >>> s = npuzzle.solve([1, 2, 3, 4, 5, 6, 0, 7, 8])
    >>> s.moves, s.path()[-1].tolist()
    ('rr', [[1, 2, 3], [4, 5, 6], [7, 8, 0]])

    Raises :class:`BoardError` for a board or goal that cannot be read,
    :class:`OptionError` for an unknown name, :class:`PdbError` for missing or
    broken databases.
    """
    tiles, size = _tiles(board, size)
    options = _options(goal, algorithm, heuristic, timeout, max_nodes, max_memory, threads, pdb_dir, improve, metric, within)
    return _native.solve(tiles, size, options)


def solve_many(
    boards: Union["NDArray[np.integer]", Sequence[BoardLike]],
    *,
    size: Optional[SizeLike] = None,
    goal: Optional[GoalLike] = None,
    algorithm: str = "auto",
    heuristic: str = "auto",
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory: Optional[int] = None,
    threads: Optional[int] = None,
    pdb_dir: Optional[PathLike] = None,
) -> list[Solution]:
    """Solves many boards on all cores (``threads``), the GIL released, and
    returns their solutions in input order.

    ``boards``: a numpy array of shape ``(count, cells)`` (with ``size`` unless
    the boards are square) or ``(count, height, width)``, or a sequence of
    boards in any form :func:`solve` takes. The budgets apply to each board.
    Ctrl-C (``KeyboardInterrupt``) stops it between boards. A board that
    cannot be read raises :class:`BoardError` naming its index before any is
    solved.

    >>> boards = npuzzle.random_boards("3x3", 1000, seed=1)
    >>> solutions = npuzzle.solve_many(boards)
    >>> [s.length for s in solutions[:3]]
    [19, 28, 20]
    """
    options = _options(goal, algorithm, heuristic, timeout, max_nodes, max_memory, threads, pdb_dir)
    if isinstance(boards, np.ndarray):
        if not np.issubdtype(boards.dtype, np.integer):
            raise BoardError(f"boards must hold integer tiles, not {boards.dtype} values")
        if boards.ndim == 3:
            shape = (boards.shape[2], boards.shape[1])
            if size is not None and parse_size(size) != shape:
                raise BoardError(f"the boards have {boards.shape[1]} rows of {boards.shape[2]} tiles, but size is {size!r}")
            size = shape
        elif boards.ndim != 2:
            raise BoardError(f"boards must be a 2-D (count, cells) or 3-D (count, height, width) array, not {boards.ndim}-D")
        count = boards.shape[0]
        if count == 0:
            return []
        data = np.ascontiguousarray(boards.reshape(count, -1), dtype=np.int64).tobytes()
        return _native.solve_tiles(data, count, size, options)
    items: list[Union[str, list[int]]] = []
    for board in boards:
        tiles, board_size = _tiles(board, size)
        if board_size is not None and size is None and not isinstance(board, str):
            size = board_size
        items.append(tiles)
    return _native.solve_many(items, size, options)


def hint(
    board: BoardLike,
    *,
    size: Optional[SizeLike] = None,
    goal: Optional[GoalLike] = None,
    algorithm: str = "auto",
    heuristic: str = "auto",
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory: Optional[int] = None,
    threads: Optional[int] = None,
    pdb_dir: Optional[PathLike] = None,
    metric: str = "stm",
) -> Hint:
    """The board's optimal distance and the distance after each legal move of
    the blank (from the complete table on boards of up to 10 cells, by search
    above; options as for :func:`solve`). The optimal moves are those one
    closer. A budget that runs out leaves the unknown distances None.

    ``metric="mtm"`` counts in the multi-tile metric: every slide of one or
    more tiles is listed as the blank's letters (``"uu"``) and counts one;
    exact on boards of up to 12 cells and on 4x4, refused elsewhere.

    >>> h = npuzzle.hint("1 2 3 4 5 6 x 7 8")
    >>> h.distance, h.moves, h.optimal
    (2, [('u', 3), ('r', 1)], ['r'])
    >>> m = npuzzle.hint("1 2 3 4 5 6 x 7 8", metric="mtm")
    >>> m.distance, m.optimal, m.metric
    (1, ['rr'], 'mtm')
    """
    tiles, size = _tiles(board, size)
    options = _options(
        goal, algorithm, heuristic, timeout, max_nodes, max_memory, threads, pdb_dir, metric=metric
    )
    return _native.hint(tiles, size, options)


def count_solutions(
    board: BoardLike,
    *,
    size: Optional[SizeLike] = None,
    goal: Optional[GoalLike] = None,
    algorithm: str = "auto",
    heuristic: str = "auto",
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory: Optional[int] = None,
    threads: Optional[int] = None,
    pdb_dir: Optional[PathLike] = None,
    metric: str = "stm",
) -> Count:
    """How many distinct optimal move sequences take the board to the goal,
    as a :class:`Count`: equal to the int when exact (0 when the board is
    unsolvable); when a budget runs out first, ``count`` is None, ``budget``
    names the limit and ``at_least`` is the lower bound found by then, as
    the command line's "at least N" (options as for :func:`solve`).
    :class:`OptionError` where the algorithm is ``"greedy"`` (as ``"auto"``
    is past 25 cells): its length is not optimal. ``metric="mtm"`` counts
    the shortest sequences of slides in the multi-tile metric (from the
    complete distances up to 12 cells, else by ``"idastar"``, which
    ``"auto"`` is on 4x4 only).

    >>> npuzzle.count_solutions("8 6 7 2 5 4 3 x 1")
    Count(40)
    >>> npuzzle.count_solutions("8 6 7 2 5 4 3 x 1") == 40
    True
    """
    tiles, size = _tiles(board, size)
    options = _options(goal, algorithm, heuristic, timeout, max_nodes, max_memory, threads, pdb_dir, metric=metric)
    return _native.count_solutions(tiles, size, options)


def optimal_solutions(
    board: BoardLike,
    *,
    limit: int = 100,
    size: Optional[SizeLike] = None,
    goal: Optional[GoalLike] = None,
    algorithm: str = "auto",
    heuristic: str = "auto",
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory: Optional[int] = None,
    threads: Optional[int] = None,
    pdb_dir: Optional[PathLike] = None,
    metric: str = "stm",
) -> Tuple[list[str], bool]:
    """The first ``limit`` optimal solutions in ``u d l r`` order, and whether
    they are all of them (options as for :func:`solve`; :class:`OptionError`
    where the algorithm is greedy, as for :func:`count_solutions`). With
    ``metric="mtm"`` the shortest in slides, each written as the blank's
    single moves.

    >>> npuzzle.optimal_solutions("1 2 3 4 x 8 7 6 5")
    (['druldr', 'rdlurd'], True)
    >>> npuzzle.optimal_solutions("1 2 3 4 5 6 x 7 8", metric="mtm")
    (['rr'], True)
    """
    tiles, size = _tiles(board, size)
    options = _options(goal, algorithm, heuristic, timeout, max_nodes, max_memory, threads, pdb_dir, metric=metric)
    return _native.optimal_solutions(tiles, size, limit, options)


def is_solvable(board: BoardLike, *, size: Optional[SizeLike] = None, goal: Optional[GoalLike] = None) -> bool:
    """Whether the board can reach the goal, by the permutation-parity
    invariant (no search).

    >>> npuzzle.is_solvable("2 1 3 4 5 6 7 8 x")
    False
    """
    tiles, size = _tiles(board, size)
    return _native.is_solvable(tiles, size, _goal(goal))


def random_boards(
    size: SizeLike,
    count: int,
    *,
    seed: Optional[int] = None,
    goal: Optional[GoalLike] = None,
    distance: Optional[int] = None,
    distinct: bool = False,
    metric: str = "stm",
) -> "NDArray[np.uint8]":
    """``count`` random solvable boards as a numpy array of shape
    ``(count, height, width)`` (0 = blank): uniform over the boards that
    reach the goal, or, with ``distance``, uniform over the boards exactly that
    many moves away (boards of up to 12 cells). ``distinct`` (with
    ``distance``): no board twice, and all of them (fewer than ``count``) when
    fewer are that far. ``metric="mtm"`` counts ``distance`` in multi-tile
    moves (a slide of one or more tiles counts one). With the same ``seed``,
    the same boards as ``npuzzle random --seed``.

    >>> npuzzle.random_boards("3x3", 2, seed=1)[0].tolist()
    [[4, 0, 6], [3, 8, 2], [7, 1, 5]]
    >>> npuzzle.random_boards("3x3", 1, distance=24, metric="mtm")[0].tolist()
    [[1, 4, 7], [2, 0, 8], [3, 6, 5]]
    """
    width, height = parse_size(size)
    data = _native.random_boards((width, height), count, seed, _goal(goal), distance, distinct, metric)
    return np.frombuffer(data, dtype=np.uint8).reshape(-1, height, width).copy()


def distance_counts(size: SizeLike, goal: Optional[GoalLike] = None, metric: str = "stm") -> list[int]:
    """How many boards lie at each distance from the goal: ``counts[d]`` boards
    need exactly ``d`` moves (boards of up to 12 cells; builds the complete
    table, 10 ms for 3×3, about 20 s for 4×3). With ``metric="mtm"`` a slide
    of one or more tiles in one direction counts as one move.

    >>> counts = npuzzle.distance_counts("3x3")
    >>> len(counts) - 1, counts[31], sum(counts)
    (31, 2, 181440)
    >>> len(npuzzle.distance_counts("3x3", metric="mtm")) - 1
    24
    """
    return _native.distance_counts(size, _goal(goal), metric)


@overload
def render(
    board: BoardLike,
    *,
    size: Optional[SizeLike] = None,
    goal: Optional[GoalLike] = None,
    scheme: str = "none",
    moves: Optional[str] = None,
    notation: Optional[str] = None,
    format: Literal["svg"] = "svg",
) -> str: ...
@overload
def render(
    board: BoardLike,
    *,
    size: Optional[SizeLike] = None,
    goal: Optional[GoalLike] = None,
    scheme: str = "none",
    moves: Optional[str] = None,
    notation: Optional[str] = None,
    format: Literal["png", "gif"],
) -> bytes: ...
def render(
    board: BoardLike,
    *,
    size: Optional[SizeLike] = None,
    goal: Optional[GoalLike] = None,
    scheme: str = "none",
    moves: Optional[str] = None,
    notation: Optional[str] = None,
    format: str = "svg",
) -> Union[str, bytes]:
    """A picture of the board, as ``npuzzle render`` draws it: ``format="svg"``
    gives SVG text (``str``), ``"png"`` a PNG image (``bytes``, 64 pixels a
    cell), ``"gif"`` an animated GIF (``bytes``). With ``moves`` (``"ullddr"``,
    ``"R3 D2 L"``; ``notation`` ``"blank"`` or ``"tiles"``) the moves are
    played on the board, a frame per move (SVG or GIF; a PNG is a still
    picture). ``scheme`` colours the tiles by where they belong in the goal:
    ``"none"``, ``"rows"`` or ``"fringe"``.

    >>> npuzzle.render("1 2 3 4 x 6 7 5 8", scheme="rows").startswith("<svg")
    True
    >>> npuzzle.render("1 2 3 4 x 6 7 5 8", format="png")[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    >>> npuzzle.render("1 2 3 4 x 6 7 5 8", moves="dr", format="gif")[:6]
    b'GIF89a'
    """
    tiles, size = _tiles(board, size)
    picture: Union[str, bytes] = _native.render(tiles, size, _goal(goal), scheme, moves, notation, format)
    return picture
