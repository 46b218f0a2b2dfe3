# Type stubs of the extension module (crates/npuzzle-py/src). The public API
# is in __init__.py, pdb.py and dask.py; these are the calls they make.

from os import PathLike
from typing import Any, Callable, Optional, Sequence, Tuple, Union, final

import numpy as np
from numpy.typing import NDArray

__version__: str

_Board = Union[str, Sequence[int]]
_Size = Union[str, Tuple[int, int]]
_Goal = Union[str, Sequence[int], None]
_Dir = Union[str, "PathLike[str]", None]

@final
class Stats:
    """What a search cost."""

    @property
    def expanded(self) -> int: ...
    @property
    def generated(self) -> int: ...
    @property
    def peak_states(self) -> int: ...
    @property
    def peak_bytes(self) -> int: ...
    @property
    def millis(self) -> float: ...
    @property
    def iterations(self) -> list[tuple[int, int]]: ...

@final
class Solution:
    """The result of one solve."""

    @property
    def outcome(self) -> str: ...
    @property
    def moves(self) -> Optional[str]: ...
    @property
    def length(self) -> Optional[int]: ...
    @property
    def budget(self) -> Optional[str]: ...
    @property
    def solved(self) -> bool: ...
    @property
    def board(self) -> str: ...
    @property
    def goal(self) -> str: ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def heuristic(self) -> Optional[str]: ...
    @property
    def partition(self) -> Optional[str]: ...
    @property
    def stats(self) -> Stats: ...
    def path(self) -> NDArray[np.uint8]: ...
    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...

@final
class PdbInfo:
    """What a pattern database file holds."""

    @property
    def path(self) -> str: ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def goal(self) -> str: ...
    @property
    def partition(self) -> str: ...
    @property
    def entries(self) -> int: ...
    @property
    def bytes(self) -> int: ...

@final
class BuildProgress:
    """Where a database build is."""

    @property
    def pattern(self) -> int: ...
    @property
    def patterns(self) -> int: ...
    @property
    def depth(self) -> int: ...
    @property
    def fraction(self) -> float: ...

def parse_size(size: _Size) -> tuple[int, int]: ...
def solve(
    board: _Board,
    size: Optional[_Size],
    goal: _Goal,
    algorithm: str,
    heuristic: str,
    timeout: Optional[float],
    max_nodes: Optional[int],
    max_memory: Optional[int],
    threads: Optional[int],
    pdb_dir: _Dir,
) -> Solution: ...
def solve_many(
    boards: Sequence[_Board],
    size: Optional[_Size],
    goal: _Goal,
    algorithm: str,
    heuristic: str,
    timeout: Optional[float],
    max_nodes: Optional[int],
    max_memory: Optional[int],
    threads: Optional[int],
    pdb_dir: _Dir,
) -> list[Solution]: ...
def solve_tiles(
    data: bytes,
    count: int,
    size: Optional[_Size],
    goal: _Goal,
    algorithm: str,
    heuristic: str,
    timeout: Optional[float],
    max_nodes: Optional[int],
    max_memory: Optional[int],
    threads: Optional[int],
    pdb_dir: _Dir,
) -> list[Solution]: ...
def solve_batch(
    text: bytes,
    size: Optional[_Size],
    goal: _Goal,
    algorithm: str,
    heuristic: str,
    timeout: Optional[float],
    max_nodes: Optional[int],
    max_memory: Optional[int],
    threads: Optional[int],
    pdb_dir: _Dir,
) -> bytes: ...
def is_solvable(board: _Board, size: Optional[_Size], goal: _Goal) -> bool: ...
def random_boards(
    size: _Size, count: int, seed: Optional[int], goal: _Goal, distance: Optional[int], distinct: bool
) -> bytes: ...
def distance_counts(size: _Size, goal: _Goal) -> list[int]: ...
def build_pdb(
    size: _Size,
    partition: str,
    goal: _Goal,
    pdb_dir: _Dir,
    threads: Optional[int],
    max_memory: Optional[int],
    progress: Optional[Callable[[BuildProgress], None]],
) -> PathLike[str]: ...
def open_pdb(path: str, verify: bool) -> PdbInfo: ...
def list_pdb(pdb_dir: _Dir) -> tuple[list[PdbInfo], list[tuple[str, str]]]: ...
def default_pdb_dir() -> Optional[PathLike[str]]: ...
