"""Additive pattern databases: build them once, then ``heuristic="auto"``
(or ``"pdb"``) reads the strongest present for a board's goal.

>>> import npuzzle, tempfile
>>> d = tempfile.mkdtemp()
>>> path = npuzzle.pdb.build("3x3", "1,2,3,4/5,6,7,8", pdb_dir=d, progress=False)
>>> [(i.partition, i.size) for i in npuzzle.pdb.list(d)]
[('1,2,3,4/5,6,7,8', (3, 3))]
>>> npuzzle.solve("8 6 7 2 5 4 3 x 1", algorithm="idastar", pdb_dir=d).partition
'1,2,3,4/5,6,7,8'

Files have a header (board, goal, partition, format version) and checksums,
are written to a temporary file and renamed, and are memory-mapped when
opened. The directory defaults to ``$NPUZZLE_PDB_DIR``, else
``~/.cache/npuzzle/pdb`` — the command line's too.
"""

from __future__ import annotations

import builtins
import os
import sys
from typing import TYPE_CHECKING, Callable, Optional, Union

from . import _native
from ._native import BuildProgress, PdbInfo
from .errors import PdbError

if TYPE_CHECKING:
    from . import GoalLike, PathLike, SizeLike

__all__ = ["build", "open", "list", "default_dir", "DIR_ENV", "PdbInfo", "BuildProgress"]

Progress = Union[Callable[[BuildProgress], None], bool, None]


#: The environment variable that names the database directory (the command line's too).
DIR_ENV = "NPUZZLE_PDB_DIR"


def default_dir() -> Optional[str]:
    """The directory databases are looked for when no ``pdb_dir`` is given:
    ``$NPUZZLE_PDB_DIR``, else ``npuzzle/pdb`` in the user's cache directory
    (``$XDG_CACHE_HOME`` or ``~/.cache``; ``~/Library/Caches`` on macOS,
    ``%LOCALAPPDATA%`` on Windows), as the command line resolves it."""
    given = os.environ.get(DIR_ENV)
    if given:
        return given
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
    elif sys.platform == "darwin":
        home = os.environ.get("HOME")
        base = os.path.join(home, "Library", "Caches") if home else None
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        home = os.environ.get("HOME")
        base = xdg if xdg and os.path.isabs(xdg) else (os.path.join(home, ".cache") if home else None)
    return os.path.join(base, "npuzzle", "pdb") if base else None


def _tqdm_callback(size: "SizeLike", partition: str) -> tuple[Optional[Callable[[BuildProgress], None]], Callable[[], None]]:
    """A callback that drives a tqdm bar, and the function that closes it;
    no callback when tqdm is not installed."""
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped]
    except ImportError:
        return None, lambda: None
    bar = tqdm(total=1000, desc=f"pdb {size} {partition}", unit="‰", leave=False)

    def update(p: BuildProgress) -> None:
        bar.n = int(p.fraction * 1000)
        bar.set_postfix_str(f"pattern {p.pattern + 1}/{p.patterns}, depth {p.depth}", refresh=False)
        bar.refresh()

    return update, bar.close


def build(
    size: "SizeLike",
    partition: Optional[str] = None,
    *,
    goal: Optional["GoalLike"] = None,
    pdb_dir: Optional["PathLike"] = None,
    threads: Optional[int] = None,
    max_memory: Optional[int] = None,
    progress: Progress = None,
    zero_aware: bool = False,
    compact: bool = False,
) -> str:
    """Builds the databases of ``partition`` for boards of ``size`` and
    ``goal`` and saves them in ``pdb_dir``; returns the file's path.

    ``partition``: a name (``"5-5-5"``, ``"6-6-3"``, ``"7-8"`` for 4×4,
    ``"6-6-6-6"`` for 5×5) or tiles such as ``"1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"``;
    ``None`` (the default) builds the recommended set, as ``npuzzle pdb build``
    without ``--partition`` does (``7-8`` on 4×4, compact zero-aware
    ``6-6-6-6`` on 5×5, runs of tiles elsewhere).
    ``progress``: a callable given a :class:`BuildProgress` about ten times a
    second; ``None`` (the default) shows a tqdm bar when tqdm is installed;
    ``False`` shows nothing. ``max_memory`` (bytes) refuses a build that would
    need more. An exception from the callback, or Ctrl-C, stops the build
    within moments (its threads look between chunks of entries) and is
    raised; nothing is saved. ``zero_aware`` builds zero-aware tables (a
    value per placement and region of free cells the blank is in, as
    ``npuzzle pdb build --zero-aware``): larger files (``…-zero.pdb``) whose
    estimates are never smaller; ``solve`` prefers one to the classic file
    of the same partition, and :attr:`PdbInfo.zero_aware` tells them apart.
    ``compact`` builds compact zero-aware tables (``npuzzle pdb build
    --compact``: a byte per placement, ``…-zero-compact.pdb``, the same file as
    a zero-aware build made compact); :attr:`PdbInfo.kind` names the kind.
    """
    from . import _goal, _dir

    close: Callable[[], None] = lambda: None
    callback: Optional[Callable[[BuildProgress], None]]
    if progress is None or progress is True:
        callback, close = _tqdm_callback(size, partition or "recommended")
    elif progress is False:
        callback = None
    else:
        callback = progress
    try:
        path = _native.build_pdb(
            size, partition, _goal(goal), _dir(pdb_dir), threads, max_memory, callback, zero_aware, compact
        )
    finally:
        close()
    return os.fspath(path)


def open(path: "PathLike", *, verify: bool = False) -> PdbInfo:
    """Opens a database file and says what it holds. Its header is checked;
    with ``verify``, the checksum of all its data too (reads the whole file).
    Raises :class:`~npuzzle.PdbError` for a file that is missing, not a
    database, from another format version, truncated or corrupt."""
    return _native.open_pdb(os.fspath(path), verify)


def list(pdb_dir: Optional["PathLike"] = None, *, errors: bool = False) -> "builtins.list[PdbInfo]":
    """The database files in ``pdb_dir`` (default: :func:`default_dir`),
    sorted by name. Files that cannot be used are left out, unless ``errors``
    is true: then a :class:`~npuzzle.PdbError` names the first of them."""
    from . import _dir

    good, bad = _native.list_pdb(_dir(pdb_dir))
    if errors and bad:
        raise PdbError(bad[0][1])
    return good

