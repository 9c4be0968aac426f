""".ci/run fails whenever its test step fails: the install, or pytest with any exit
status but 0 (5 is "no tests collected"); and whenever its lowest-versions step fails
(installing nox, or `nox -s lowest`). Each step's lines are run by bash with `bash`,
`pip`, `pytest` and `nox` stood in for by functions that return a chosen status."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from .shared import ROOT


def _step(first: str) -> str:
    """.ci/run's lines from the one that starts with `first` up to its next `echo`."""
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = next(i for i, line in enumerate(lines) if line.startswith("echo") and i > start)
    return "\n".join(lines[start:end])


def _run(step: str, **statuses: int) -> subprocess.CompletedProcess[str]:
    """`step` run by bash, each command named in `statuses` returning its status."""
    bash = shutil.which("bash")
    assert bash, "the CI script is run by bash"
    stubs = "".join(f"{name}() {{ return {status}; }}\n" for name, status in statuses.items())
    script = f"set -euo pipefail\n{stubs}{step}\necho went-on\n"
    return subprocess.run(
        [bash, "-c", script], capture_output=True, text=True, check=False, timeout=60
    )


def _run_step(web_deps: int, pip: int, pytest_status: int) -> subprocess.CompletedProcess[str]:
    """The install-and-test step: the install through the check after the timed pytest."""
    return _run(_step("bash .ci/web-deps.sh"), bash=web_deps, pip=pip, pytest=pytest_status)


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


def test_the_lowest_versions_step_runs_nox_and_goes_on_when_it_passes() -> None:
    step = _step("lowest_started=")
    assert "nox -s lowest" in step.splitlines()
    done = _run(step, pip=0, nox=0)
    assert done.returncode == 0, done.stderr
    assert "went-on" in done.stdout


@pytest.mark.parametrize(("pip", "nox"), [(0, 1), (0, 3), (1, 0)])
def test_a_failing_lowest_versions_step_stops_the_run(pip: int, nox: int) -> None:
    done = _run(_step("lowest_started="), pip=pip, nox=nox)
    assert done.returncode == (pip or nox)
    assert "went-on" not in done.stdout
