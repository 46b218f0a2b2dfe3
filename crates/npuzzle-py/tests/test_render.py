"""npuzzle.render: SVG text, PNG and GIF bytes, the same as `npuzzle render`
draws; the notebook pictures of solutions and hints as SVG."""

from __future__ import annotations

import pathlib
import struct
import subprocess
import xml.etree.ElementTree as ET
from typing import Callable

import pytest

import npuzzle

Cli = Callable[..., "subprocess.CompletedProcess[str]"]
SVG = "{http://www.w3.org/2000/svg}"
BOARD = "1 2 3 4 x 6 7 5 8"


def numbers(svg: str) -> list[str]:
    """The numbers drawn on the tiles, read by an XML parser."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def test_svg_is_text_with_every_tile() -> None:
    svg = npuzzle.render(BOARD, scheme="rows")
    assert isinstance(svg, str)
    assert sorted(numbers(svg), key=int) == [str(t) for t in range(1, 9)]
    # Rows of ints and text draw the same picture.
    assert npuzzle.render([[1, 2, 3], [4, 0, 6], [7, 5, 8]], scheme="rows") == svg


def test_png_is_bytes_of_the_cli_picture(cli: Cli, tmp_path: pathlib.Path) -> None:
    png = npuzzle.render(BOARD, scheme="fringe", format="png")
    assert isinstance(png, bytes)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    assert struct.unpack(">II", png[16:24]) == (192, 192)
    file = tmp_path / "board.png"
    out = cli("render", "--scheme", "fringe", "-o", str(file), BOARD)
    assert out.returncode == 0, out.stderr
    assert file.read_bytes() == png


def test_gif_is_bytes_of_the_cli_animation(cli: Cli, tmp_path: pathlib.Path) -> None:
    gif = npuzzle.render(BOARD, moves="dr", format="gif")
    assert isinstance(gif, bytes)
    assert gif[:6] == b"GIF89a"
    assert struct.unpack("<HH", gif[6:10]) == (192, 192)
    file = tmp_path / "solution.gif"
    out = cli("render", "--moves", "dr", "-o", str(file), BOARD)
    assert out.returncode == 0, out.stderr
    assert file.read_bytes() == gif
    # The tiles' notation: U L slides tiles up then left, the blank down then right.
    assert npuzzle.render(BOARD, moves="UL", notation="tiles", format="gif") == gif


def test_what_cannot_be_drawn_raises_naming_it() -> None:
    with pytest.raises(npuzzle.OptionError, match="a PNG is a still picture"):
        npuzzle.render(BOARD, moves="d", format="png")
    with pytest.raises(npuzzle.OptionError, match="choose svg, png or gif"):
        npuzzle.render(BOARD, format="jpeg")  # type: ignore[call-overload]
    with pytest.raises(npuzzle.OptionError, match="stripes"):
        npuzzle.render(BOARD, scheme="stripes")
    with pytest.raises(npuzzle.BoardError, match="runs into the wall"):
        npuzzle.render(BOARD, moves="uuu", format="gif")
    with pytest.raises(npuzzle.OptionError, match="a GIF of a 3x3 board plays at most 1776 moves, not 1778"):
        npuzzle.render(BOARD, moves="ud" * 889, format="gif")


def test_solutions_and_hints_draw_themselves_as_svg() -> None:
    solution = npuzzle.solve("1 2 3 4 5 6 x 7 8")
    svg = solution._repr_svg_()
    assert svg is not None and "animateTransform" in svg
    assert sorted(numbers(svg), key=int) == [str(t) for t in range(1, 9)]
    assert svg in solution._repr_html_()
    hint = npuzzle.hint(BOARD)
    hint_svg = hint._repr_svg_()
    assert hint_svg is not None and "animateTransform" not in hint_svg
    assert hint_svg == npuzzle.render(BOARD, scheme="rows")
