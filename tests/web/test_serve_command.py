"""`meeple serve` builds the app and hands it to uvicorn with the chosen address and limits."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
import uvicorn
from starlette.applications import Starlette
from typer.testing import CliRunner

from meeple.cli.app import app
from meeple.web import Limits

from ..shared import declared_options
from ..shared import doc_table
from ..shared import number
from ..shared import prose

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """uvicorn.run replaced by a recorder."""
    calls: list[dict[str, Any]] = []

    def fake_run(asgi: Any, **kwargs: Any) -> None:
        calls.append({"app": asgi, **kwargs})

    monkeypatch.setattr(uvicorn, "run", fake_run)
    return calls


def test_serve_passes_host_port_and_database(runs: list[dict[str, Any]], tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite3"
    result = CliRunner().invoke(
        app, ["serve", "--host", "0.0.0.0", "--port", "8123", "--db", str(db)]
    )
    assert result.exit_code == 0, result.output
    (call,) = runs
    assert isinstance(call["app"], Starlette)
    assert (call["host"], call["port"]) == ("0.0.0.0", 8123)
    assert call["proxy_headers"] is False  # the app reads them, from trusted proxies only
    assert str(db) in result.output
    assert db.exists()  # opened (and checked) before uvicorn starts


def test_serve_passes_every_limit_flag_on(runs: list[dict[str, Any]], tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "serve",
            "--db",
            str(tmp_path / "m.sqlite3"),
            "--max-matches-per-client",
            "2",
            "--idle-seconds",
            "30",
            "--max-rollout-depth",
            "50",
            "--forwarded-allow-ips",
            "10.0.0.1",
        ],
    )
    assert result.exit_code == 0, result.output
    limits = runs[0]["app"].state.limits
    assert limits == Limits(max_matches_per_client=2, idle_seconds=30, max_rollout_depth=50)
    layers = [layer.cls.__name__ for layer in runs[0]["app"].user_middleware]
    assert "ProxyHeadersMiddleware" in layers  # the trusted proxy reaches the app


def test_a_bad_limit_is_refused_in_one_line(runs: list[dict[str, Any]], tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["serve", "--db", str(tmp_path / "m.sqlite3"), "--max-json-depth", "0"]
    )
    assert result.exit_code == 2
    assert result.output.strip() == "error: limit max_json_depth must be a finite number above 0"
    assert runs == []


def test_serve_has_a_flag_for_every_limit() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "240"})
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--forwarded-allow-ips"):
        assert option in result.output
    for field in attrs.fields(Limits):
        assert _flag(field.name) in result.output, field.name


def test_the_help_table_names_the_limits_in_their_order() -> None:
    # the flags are made from Limits' fields; a help line for no limit would be dead text
    from meeple.cli.serve import _LIMIT_HELP

    assert list(_LIMIT_HELP) == [field.name for field in attrs.fields(Limits)]


def test_a_limit_flag_takes_the_type_of_its_field() -> None:
    result = CliRunner().invoke(app, ["serve", "--max-seats", "2.5"], env={"COLUMNS": "240"})
    assert result.exit_code == 2
    assert "Invalid value for '--max-seats'" in result.output


def test_the_docs_list_every_limit_with_its_flag_and_default() -> None:
    text = DOCS.read_text(encoding="utf-8")
    defaults = Limits()
    for field in attrs.fields(Limits):
        rows = [line for line in text.splitlines() if line.startswith(f"| `{_flag(field.name)}` |")]
        assert rows, f"docs/web.md has no row for {_flag(field.name)}"
        cells = [c.strip().strip("`").replace(",", "") for c in rows[0].split("|")]
        value = getattr(defaults, field.name)
        assert any(re.fullmatch(re.escape(f"{value:g}"), c) for c in cells), (field.name, rows[0])


def test_serve_starts_where_python_has_no_resource_module(
    runs: list[dict[str, Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: `meeple.web.connections` imported the Unix-only `resource` module when
    it was imported, so on Windows `meeple serve` stopped at once, saying the web extra
    was missing. The module is now imported where the open-file limit is read."""
    import meeple.web

    monkeypatch.setitem(sys.modules, "resource", None)  # `import resource` fails, as on Windows
    monkeypatch.delitem(sys.modules, "meeple.web.connections", raising=False)  # imported anew
    monkeypatch.setattr(meeple.web, "connections", None, raising=False)  # restored after
    result = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "m.sqlite3")])
    assert result.exit_code == 0, result.output
    assert "web extra" not in result.output
    (call,) = runs
    assert call["app"].state.limits == Limits()  # no open-file limit read: none lowered
    from meeple.web.connections import connection_cap  # the one `serve` imported

    assert connection_cap(10**9) == 10**9  # nothing to read or raise: what was asked


def _default_as_written(value: object) -> str:
    """A default as docs/web.md writes it: a number plainly, no text as ``none``."""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value) if value != "" else "none"


def test_the_docs_tables_are_the_commands_options_and_defaults() -> None:
    """docs/web.md's two tables (the options, then the limits) hold a row for every
    option of `meeple serve` and none else, each with the command's own default."""
    rows = doc_table("docs/web.md", "| option | default |")
    rows += doc_table("docs/web.md", "| flag | default |")
    said = {flag.strip("`"): default.strip("`") for flag, default, _ in rows}
    assert len(said) == len(rows), "a flag has two rows"
    made = {flag: _default_as_written(value) for flag, value in declared_options("serve").items()}
    assert said == made


BESIDE = r"`(--[a-z-]+)`(?: \(|, )(an hour|[\d,]+(?: minutes)?)(?: by default)?[);]"
"""A flag with its value beside it: "`--max-streams` (400)", "`--guesses-per-minute`, 10",
"`--full-idle-seconds` (10 minutes)", "`--idle-seconds` (an hour by default)"."""


def _value_as_worded(said: str) -> int:
    """A value as the prose words it, in the flag's own unit (seconds for a time)."""
    if said == "an hour":
        return 3600
    if said.endswith(" minutes"):
        return number(said.removesuffix(" minutes")) * 60
    return number(said)


def test_the_docs_prose_gives_each_limit_its_default() -> None:
    """Where docs/web.md's prose names a flag with its value beside it, the value is
    the command's default."""
    declared = declared_options("serve")
    beside = re.findall(BESIDE, prose("docs/web.md"))
    assert len(beside) >= 8, beside
    for flag, said in beside:
        assert _value_as_worded(said) == declared[flag], (flag, said)
