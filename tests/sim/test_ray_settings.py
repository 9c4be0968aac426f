"""Where a local Ray keeps its sockets: Ray's default unless the temp folder would stop it.

No Ray is started here: `local_ray_settings` only reads the temp folder's name."""

from __future__ import annotations

import os
import tempfile

import pytest

from meeple.sim.batch import local_ray_settings


def _settings_under(folder: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    monkeypatch.setattr(tempfile, "tempdir", folder)
    return local_ray_settings()


def test_a_short_ascii_temp_folder_keeps_rays_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _settings_under("/tmp", monkeypatch) == {}


def test_a_deep_temp_folder_moves_ray_to_a_short_root(monkeypatch: pytest.MonkeyPatch) -> None:
    deep = "/tmp/" + "d" * 60
    assert _settings_under(deep, monkeypatch) == {"_temp_dir": f"/tmp/ray-{os.getuid()}"}


def test_a_temp_folder_named_beyond_ascii_moves_ray_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # Regression: with TMPDIR="/tmp/t mp ż" Ray stopped in ray.init with
    # UnicodeEncodeError ('ascii' codec), and every Ray test with it.
    assert _settings_under("/tmp/t mp ż", monkeypatch) == {"_temp_dir": f"/tmp/ray-{os.getuid()}"}
