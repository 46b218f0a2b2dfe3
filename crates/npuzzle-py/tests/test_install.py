"""CI tests the package as a user installs it: from the wheel built from the sdist."""

from __future__ import annotations

import os
import pathlib

import pytest

import npuzzle
from conftest import REPO


@pytest.mark.skipif(not os.environ.get("CI"), reason="a developer may test an editable install")
def test_the_installed_wheel_is_tested_not_the_source_tree() -> None:
    package = pathlib.Path(npuzzle.__file__).resolve().parent
    source = (REPO / "crates" / "npuzzle-py" / "python" / "npuzzle").resolve()
    assert package != source, f"npuzzle was imported from the source tree: {package}"
    assert package.parent.name == "site-packages", package
