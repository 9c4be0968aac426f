"""`meeple serve` builds the app and hands it to uvicorn with the chosen address."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from typer.testing import CliRunner

from meeple.cli.app import app


def test_serve_passes_host_port_and_database(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[dict[str, Any]] = []

    def fake_run(asgi: Any, **kwargs: Any) -> None:
        calls.append({"app": asgi, **kwargs})

    monkeypatch.setattr(uvicorn, "run", fake_run)
    db = tmp_path / "m.sqlite3"
    result = CliRunner().invoke(
        app, ["serve", "--host", "0.0.0.0", "--port", "8123", "--db", str(db)]
    )
    assert result.exit_code == 0, result.output
    (call,) = calls
    assert isinstance(call["app"], Starlette)
    assert (call["host"], call["port"]) == ("0.0.0.0", 8123)
    assert str(db) in result.output


def test_serve_is_listed_with_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--max-matches"):
        assert option in result.output
