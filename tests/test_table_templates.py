"""Each game's web picture is a Jinja2 template beside the game (issue 34, item 3).

`meeple.core.templates` escapes every value a template prints, keeps layout whitespace
out of the page, and refuses an undefined name; the wheel carries every game's
templates, and an installed copy of the package finds and draws them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import jinja2
import pytest

import meeple
from meeple.core.templates import TEMPLATE_FOLDER
from meeple.core.templates import draw_piece
from meeple.core.templates import environment
from meeple.core.templates import render_table

from .shared import BUILT_IN
from .shared import ROOT

HOSTILE = "<script>alert(\"x\" & 'y')</script>"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A throwaway package ``pages_probe`` with a ``templates/`` folder, importable."""
    package = tmp_path / "pages_probe"
    (package / TEMPLATE_FOLDER).mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    environment.cache_clear()
    yield package / TEMPLATE_FOLDER
    environment.cache_clear()
    sys.modules.pop("pages_probe", None)


def write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


def test_every_value_is_escaped_as_html_escape_does(folder: Path) -> None:
    write(folder, "t.html", '<p title="{{ text }}">{{ text }}</p>')
    page = render_table("pages_probe", "t.html", text=HOSTILE)
    escaped = "&lt;script&gt;alert(&quot;x&quot; &amp; &#x27;y&#x27;)&lt;/script&gt;"
    assert page == f'<p title="{escaped}">{escaped}</p>'


def test_touch_writes_an_elements_attributes_and_refuses_a_bad_id(folder: Path) -> None:
    write(folder, "t.html", "<b{{ touch(element, label) }}>x</b>")
    page = render_table("pages_probe", "t.html", element="card-3", label=HOSTILE)
    assert page.startswith('<b data-el="card-3" tabindex="0" role="button" aria-label="&lt;')
    with pytest.raises(ValueError, match="is not an element id"):
        render_table("pages_probe", "t.html", element='x" onclick="', label="x")


def test_layout_whitespace_is_dropped_and_text_spaces_kept(folder: Path) -> None:
    write(folder, "t.html", "<ul>\n  <li>a b</li>\n  <li>c</li> <li>d</li>\n</ul>\n")
    assert render_table("pages_probe", "t.html") == "<ul><li>a b</li><li>c</li> <li>d</li></ul>"


def test_an_undefined_name_is_an_error_not_blank_text(folder: Path) -> None:
    write(folder, "t.html", "<p>{{ missing }}</p>")
    with pytest.raises(jinja2.UndefinedError):
        render_table("pages_probe", "t.html")


def test_a_piece_is_drawn_once_with_its_own_template(folder: Path) -> None:
    write(folder, "piece.html", "<i>{{ piece }}</i>")
    first = draw_piece("pages_probe", "piece.html", "a & b")
    assert first == "<i>a &amp; b</i>"
    assert draw_piece("pages_probe", "piece.html", "a & b") is first


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_built_in_game_draws_from_its_own_templates(name: str) -> None:
    templates = ROOT / "src" / "meeple" / name / TEMPLATE_FOLDER
    assert (templates / "table.html").is_file()
    source = (ROOT / "src" / "meeple" / name / "html.py").read_text(encoding="utf-8")
    assert "html.escape" not in source  # escaping is the template engine's
    assert 'render_table(\n        __package__,\n        "table.html"' in source


def _wheel(into: Path) -> Path:
    from hatchling.builders.wheel import WheelBuilder  # the build backend (test extra)

    (wheel,) = WheelBuilder(str(ROOT)).build(directory=str(into), versions=["standard"])
    return Path(wheel)


def test_the_wheel_ships_the_templates_and_an_installed_copy_draws_them(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path / "dist")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
        archive.extractall(site)  # what pip install puts in site-packages
    for name in BUILT_IN:
        assert f"meeple/{name}/templates/table.html" in shipped
    probe = (
        "import meeple, importlib\n"
        f"for name in {BUILT_IN!r}:\n"
        "    game = importlib.import_module('meeple.' + name).GAME\n"
        "    players = max(2, game.spec.min_players)\n"
        "    page = game.render_html(game.start(players, seed=1).view(0))\n"
        "    assert 'data-el=' in page, name\n"
        "print(meeple.__file__)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_relative_to(site)  # the installed copy, not src/


def test_the_example_plugin_ships_its_template_beside_its_code() -> None:
    game = meeple.get_game("goofspiel")
    page = game.render_html(game.start(2, seed=1).view(0))  # type: ignore[attr-defined]  # html capability
    assert page.startswith('<div class="gs-table">')
    plugin = ROOT / "examples" / "plugin_game" / "src" / "meeple_goofspiel"
    assert (plugin / TEMPLATE_FOLDER / "table.html").is_file()
