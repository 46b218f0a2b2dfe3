"""The examples in the docstrings run and print what they say."""

from __future__ import annotations

import doctest
import types

import pytest

import npuzzle
import npuzzle.dask
import npuzzle.pdb


@pytest.mark.parametrize("module", [npuzzle, npuzzle.pdb, npuzzle.dask], ids=lambda m: m.__name__)
def test_docstring_examples(module: types.ModuleType) -> None:
    result = doctest.testmod(module, extraglobs={"npuzzle": npuzzle}, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if module is not npuzzle.dask:
        assert result.attempted > 0
