"""The exceptions npuzzle raises.

Every error of the library arrives as one of these, with the library's
message (the same words the command line prints). "No solution" is never an
exception: unsolvable boards and exhausted budgets are outcomes of a
:class:`~npuzzle.Solution`.
"""

from __future__ import annotations

__all__ = ["NpuzzleError", "BoardError", "OptionError", "PdbError"]


class NpuzzleError(Exception):
    """Base class of npuzzle's exceptions."""


class BoardError(NpuzzleError, ValueError):
    """A board, size or goal that cannot be read: a bad token, a tile twice
    or missing, a tile count that fits no size, board and goal of different
    shapes."""


class OptionError(NpuzzleError, ValueError):
    """An option that does not fit: an unknown algorithm or heuristic, an
    algorithm that cannot handle the board, a partition that cannot be used."""


class PdbError(NpuzzleError, OSError):
    """A pattern database that is missing, unreadable, truncated, corrupt, or
    built for another board, goal or partition."""
