""".ci/run fails whenever its test step fails: the install, or pytest with any exit
status but 0 (5 is "no tests collected"). Its install-and-test lines are run by bash
with `bash`, `pip` and `pytest` stood in for by functions that return a chosen status."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from .shared import ROOT


def _test_step() -> str:
    """.ci/run's lines from the install through the check after the timed pytest."""
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("bash .ci/web-deps.sh"))
    end = next(i for i, line in enumerate(lines) if line.startswith("echo") and i > start)
    return "\n".join(lines[start:end])


def _run_step(web_deps: int, pip: int, pytest_status: int) -> subprocess.CompletedProcess[str]:
    bash = shutil.which("bash")
    assert bash, "the CI script is run by bash"
    script = (
        "set -euo pipefail\n"
        f"bash() {{ return {web_deps}; }}\n"
        f"pip() {{ return {pip}; }}\n"
        f"pytest() {{ return {pytest_status}; }}\n"
        f"{_test_step()}\n"
        "echo went-on\n"
    )
    return subprocess.run(
        [bash, "-c", script], capture_output=True, text=True, check=False, timeout=60
    )


def test_a_passing_install_and_test_run_goes_on() -> None:
    done = _run_step(0, 0, 0)
    assert done.returncode == 0, done.stderr
    assert "went-on" in done.stdout


@pytest.mark.parametrize("status", [1, 2, 5])
def test_a_failing_pytest_stops_the_run_with_its_status(status: int) -> None:
    done = _run_step(0, 0, status)
    assert done.returncode == status
    assert "went-on" not in done.stdout


@pytest.mark.parametrize(("web_deps", "pip"), [(1, 0), (0, 1)])
def test_a_failing_install_stops_the_run(web_deps: int, pip: int) -> None:
    done = _run_step(web_deps, pip, 0)
    assert done.returncode != 0
    assert "went-on" not in done.stdout
    assert "the install failed" in done.stderr
