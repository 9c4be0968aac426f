"""The numbers docs/development/testing.md promises a contributor, read from the page and
compared with the settings they describe (pyproject's pytest options, the Hypothesis
profiles and the terminal of tests/conftest.py, the widths of tests/test_cli_widths.py)."""

from __future__ import annotations

import importlib.util
import os
import tomllib
from types import SimpleNamespace
from typing import Any

from hypothesis import settings

from meeple.sim.batch import SOCKET_PATH_MAX

from .shared import ROOT
from .shared import number
from .shared import says
from .test_cli_widths import WIDTHS

PAGE = "docs/development/testing.md"


def _pytest_options() -> dict[str, Any]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    options: dict[str, Any] = project["tool"]["pytest"]["ini_options"]
    return options


def test_the_default_run_uses_the_workers_and_distribution_the_page_says() -> None:
    workers, dist = says(PAGE, r"`pyproject\.toml` passes `-n (\d+) --dist (\w+)`").groups()
    addopts = _pytest_options()["addopts"]
    assert addopts[addopts.index("-n") + 1] == workers
    assert addopts[addopts.index("--dist") + 1] == dist


def test_a_test_times_out_when_the_page_says() -> None:
    minutes = number(says(PAGE, r"A test still running after (\w+) minutes is stuck")[1])
    timeout = int(says(PAGE, r"\(`timeout = (\d+)` in `pyproject\.toml`")[1])
    assert timeout == minutes * 60 == _pytest_options()["timeout"]


def test_the_long_hypothesis_profile_tries_as_many_examples_as_the_page_says() -> None:
    said = says(PAGE, r"with Hypothesis' long profile \(([\d,]+) examples a property\)")
    assert settings.get_profile("thorough").max_examples == number(said[1])


def test_every_test_sees_the_terminal_the_page_says() -> None:
    said = says(PAGE, r"gives every test a (\d+) x (\d+) terminal \(`COLUMNS`, `LINES`\)")
    assert (os.environ["COLUMNS"], os.environ["LINES"]) == said.groups()


def test_the_command_is_run_at_the_widths_the_page_says() -> None:
    said = says(PAGE, r"runs the command at widths (\d+), (\d+) and (\d+) to prove it")
    assert tuple(map(int, said.groups())) == WIDTHS


def test_a_unix_socket_path_is_as_long_as_the_page_says() -> None:
    said = says(PAGE, r"too deep for a Unix socket's (\d+) bytes")
    assert number(said[1]) == SOCKET_PATH_MAX


def test_the_cost_plugin_records_what_the_page_says() -> None:
    said = says(
        PAGE,
        r"the test process \(`(\w+)`\) and of the child processes it waited for \(`(\w+)`:"
        r".*? the wall clock \(`(\w+)`\), and the wall clock less the time its main thread"
        r" waited for a core \(`(\w+)`",
    )
    spec = importlib.util.spec_from_file_location(
        "cpu_per_test_plugin", ROOT / "benchmarks" / "cpu_per_test.py"
    )
    assert spec is not None
    assert spec.loader is not None
    plugin = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plugin)
    protocol = plugin.pytest_runtest_protocol(SimpleNamespace(nodeid="a test"))
    next(protocol)  # the test runs here
    for _ in protocol:  # the hook wrapper records the test's costs and ends
        pass
    assert tuple(plugin._COSTS["a test"]) == said.groups()
