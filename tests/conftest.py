"""Hypothesis profiles: `dev` (default, quick), `ci`, and `thorough` (long runs), and
one terminal for every test, whatever the machine's.

Pick a profile with ``HYPOTHESIS_PROFILE=thorough pytest`` (or ``nox -s thorough``).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck
from hypothesis import settings

from .shared import COLOUR_SETTINGS

_SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile("dev", max_examples=25, deadline=None, suppress_health_check=_SLOW_OK)
settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=_SLOW_OK, derandomize=True
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=_SLOW_OK
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(autouse=True)
def _one_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test sees a 120 x 40 terminal, whatever the machine's: the CLI's consoles
    read ``COLUMNS`` when a command runs, and tables are laid out to it. A test that is
    about the width sets its own (tests/test_cli_widths.py). Nor does a test take the
    machine's colour settings (``FORCE_COLOR=1`` would colour what tests read as plain
    text); a test that is about colour sets its own (tests/test_terminal.py)."""
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("LINES", "40")
    for name in COLOUR_SETTINGS:
        monkeypatch.delenv(name, raising=False)


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--heavy-sample``: with ``-m heavy`` (or ``-m "heavy or load"``), run the first case
    of each long test only: what `.ci/run` does, so that no long test goes unexercised."""
    parser.addoption(
        "--heavy-sample",
        action="store_true",
        help="keep only the first parametrized case of each selected test function",
    )


@pytest.hookimpl(trylast=True)  # after ``-m`` has deselected: sample what it selected
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Apply ``--heavy-sample`` (a fixed sample: the first case in collection order)."""
    if not config.getoption("--heavy-sample"):
        return
    seen: set[tuple[str, str]] = set()
    keep: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        key = (item.nodeid.split("::", 1)[0], getattr(item, "originalname", item.name))
        (dropped if key in seen else keep).append(item)
        seen.add(key)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
