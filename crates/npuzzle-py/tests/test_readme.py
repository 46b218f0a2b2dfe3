"""The README's Python session runs and prints what it shows."""

from __future__ import annotations

import doctest
import pathlib
import re

import pytest

from conftest import REPO


def test_readme_session(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (REPO / "README.md").read_text()
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    sessions = [b for b in re.findall(r"```python\n(.*?)```", section, re.S) if ">>>" in b]
    assert sessions, "no Python session in the README's Python section"
    monkeypatch.chdir(tmp_path)  # the session builds databases in ./pdbs
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, text in enumerate(sessions):
        runner.run(parser.get_doctest(text, {}, f"README-{i}", "README.md", 0))
    results = runner.summarize(verbose=False)
    assert results.attempted > 10 and results.failed == 0
