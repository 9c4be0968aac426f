"""Every script in examples/ runs to completion."""

from __future__ import annotations

import io
import pathlib
import re
import runpy

import pytest

EXAMPLES = sorted((pathlib.Path(__file__).parent.parent / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    assert EXAMPLES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(
    path: pathlib.Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.argv", [str(path)])
    runpy.run_path(str(path), run_name="__main__")
    assert capsys.readouterr().out.strip(), f"{path.name} printed nothing"


FRONT_END = EXAMPLES[0].parent / "front_end.py"


def test_front_end_plays_its_documented_game_to_a_real_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: without a terminal the script took the first legal action every time,
    so the docstring's own `wypas 4` ran to the round limit and printed every score 0."""
    source = FRONT_END.read_text(encoding="utf-8")
    said = re.search(
        r"in under (\d+) lines\.\n\nRun `python examples/front_end.py ([^`]+)`", source
    )
    assert said, "front_end.py's docstring no longer names its size and its command"
    assert len(source.splitlines()) < int(said[1])
    monkeypatch.setattr("sys.argv", [str(FRONT_END), *said[2].split()])
    monkeypatch.setattr("sys.stdin", io.StringIO())  # not a terminal: it plays itself
    runpy.run_path(str(FRONT_END), run_name="__main__")
    last = capsys.readouterr().out.splitlines()[-1]
    scores = re.fullmatch(r"scores \[([\d, ]+)\]; winners \[[\d, ]+\]", last)
    assert scores, last
    assert any(int(score) for score in scores[1].split(", ")), last
