"""The Python sessions of the README and of the Python guide (crates/npuzzle-py/README.md, also the PyPI description) run and print what they show."""

from __future__ import annotations

import doctest
import pathlib
import re

import pytest

from conftest import REPO


def sessions(text: str) -> list[str]:
    return [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if ">>>" in b]


@pytest.mark.parametrize("document", ["README.md", "crates/npuzzle-py/README.md"])
def test_python_sessions(document: str, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = sessions((REPO / document).read_text())
    assert found, f"no Python session in {document}"
    monkeypatch.chdir(tmp_path)  # the guide's session builds databases in ./pdbs
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, text in enumerate(found):
        runner.run(parser.get_doctest(text, {}, f"{document}-{i}", document, 0))
    results = runner.summarize(verbose=False)
    assert results.failed == 0
    assert results.attempted >= (10 if document.startswith("crates") else 2)
