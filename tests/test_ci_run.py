""".ci/run fails whenever its test step fails: the install, or pytest with any exit
status but 0 (5 is "no tests collected"); whenever its lowest-versions step fails
(installing nox, or `nox -s lowest`); and whenever its newer-Pythons step fails (`nox -s
versions`, or a claimed Python that is not installed and not left out by
MEEPLE_SKIP_PYTHONS). Each step's lines are run by bash with `bash`, `pip`, `pytest`,
`nox` and the rest stood in for by functions that return a chosen status."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from .shared import ROOT


def _step(first: str) -> str:
    """.ci/run's lines from the one that starts with `first` up to its next `echo`."""
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = next(i for i, line in enumerate(lines) if line.startswith("echo") and i > start)
    return "\n".join(lines[start:end])


def _run(
    step: str, stubs: str = "", env: dict[str, str] | None = None, **statuses: int
) -> subprocess.CompletedProcess[str]:
    """`step` run by bash, each command named in `statuses` returning its status, after
    the bash functions `stubs` are defined, with `env` added to the environment."""
    bash = shutil.which("bash")
    assert bash, "the CI script is run by bash"
    stubs += "".join(f"{name}() {{ return {status}; }}\n" for name, status in statuses.items())
    script = f"set -euo pipefail\n{stubs}{step}\necho went-on\n"
    return subprocess.run(
        [bash, "-c", script],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        env={**os.environ, **(env or {})},
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


# The newer-Pythons step, with made-up Pythons no machine has: noxfile.NEWER_PYTHONS is
# read as 3.98 and 3.99, and nox prints what it was asked and the PATH it was given.
NEWER = "python() { [[ $* == *noxfile.NEWER_PYTHONS* ]] && echo 3.98 3.99; }\n"
NOX = 'nox() { echo "nox $*"; echo "PATH=$PATH"; return "${NOX_STATUS:-0}"; }\n'
ON_PATH = "python3.98() { return 0; }\npython3.99() { return 0; }\n"


def _pyenv(root: Path, version: str) -> str:
    """A stand-in for pyenv that has `version` (as X.Y.1) installed under `root`."""
    python = root / "versions" / f"{version}.1" / "bin" / f"python{version}"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    python.chmod(0o755)
    return (
        "pyenv() { case $1 in\n"
        f"  latest) [[ $2 == {version} ]] && echo {version}.1 ;;\n"
        f"  prefix) [[ $2 == {version}.1 ]] && echo {root}/versions/$2 ;;\n"
        "  *) return 1 ;;\nesac; }\n"
    )


def _versions(
    stubs: str, skip: str | None = None, nox: int = 0
) -> subprocess.CompletedProcess[str]:
    """The newer-Pythons step run with `stubs`, MEEPLE_SKIP_PYTHONS set to `skip`."""
    env = {"NOX_STATUS": str(nox), "MEEPLE_SKIP_PYTHONS": skip or ""}
    if skip is None:
        del env["MEEPLE_SKIP_PYTHONS"]
    return _run(_step("versions_started="), NEWER + NOX + stubs, env, pip=0)


def _nox_calls(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stdout.splitlines() if line.startswith("nox ")]


def test_the_versions_step_runs_nox_on_every_newer_python_and_goes_on() -> None:
    done = _versions(ON_PATH)
    assert done.returncode == 0, done.stderr
    assert _nox_calls(done) == [
        "nox --error-on-missing-interpreters -s versions-3.98 versions-3.99"
    ]
    assert "went-on" in done.stdout


def test_a_python_only_pyenv_has_goes_first_on_noxs_path(tmp_path: Path) -> None:
    done = _versions("python3.98() { return 0; }\n" + _pyenv(tmp_path, "3.99"))
    assert done.returncode == 0, done.stderr
    assert _nox_calls(done) == [
        "nox --error-on-missing-interpreters -s versions-3.98 versions-3.99"
    ]
    path = next(line for line in done.stdout.splitlines() if line.startswith("PATH="))
    assert path.startswith(f"PATH={tmp_path}/versions/3.99.1/bin:")


@pytest.mark.parametrize("skip", [None, "", "3.98", "3.9"])
def test_a_missing_python_fails_the_run_and_says_how_to_leave_it_out(
    tmp_path: Path, skip: str | None
) -> None:
    done = _versions("python3.98() { return 0; }\n" + _pyenv(tmp_path, "3.98"), skip)
    assert done.returncode != 0
    assert _nox_calls(done) == []
    assert "went-on" not in done.stdout
    assert "Python 3.99, which pyproject.toml claims, is not installed" in done.stderr
    assert "MEEPLE_SKIP_PYTHONS=3.99" in done.stderr


@pytest.mark.parametrize(
    ("skip", "sessions"), [("3.99", " versions-3.98"), ("3.98 3.99", None), ("3.99 3.98", None)]
)
def test_a_python_left_out_is_named_and_the_rest_still_run(skip: str, sessions: str | None) -> None:
    done = _versions("python3.98() { return 0; }\n", skip)
    assert done.returncode == 0, done.stderr
    expected = [f"nox --error-on-missing-interpreters -s{sessions}"] if sessions else []
    assert _nox_calls(done) == expected
    assert "== Python 3.99 is NOT tested: MEEPLE_SKIP_PYTHONS" in done.stderr
    assert "went-on" in done.stdout


@pytest.mark.parametrize("status", [1, 3])
def test_a_failing_versions_session_stops_the_run_with_its_status(status: int) -> None:
    done = _versions(ON_PATH, nox=status)
    assert done.returncode == status
    assert "went-on" not in done.stdout


def test_a_failing_nox_install_stops_the_versions_step() -> None:
    done = _run(_step("versions_started="), NEWER + NOX + ON_PATH, pip=1)
    assert done.returncode == 1
    assert _nox_calls(done) == []


OLDEST = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "requires-python"
].removeprefix(">=")
"""The oldest Python pyproject.toml claims."""


def _default_python(version: str) -> subprocess.CompletedProcess[str]:
    """The check that the default run's Python is the oldest claimed, with `python`
    saying it is `version`."""
    stubs = f"cd {shlex.quote(str(ROOT))}\npython() {{ echo {version}; }}\n"
    return _run(_step("default_python="), stubs)


def test_the_oldest_claimed_python_runs_the_default_tests() -> None:
    done = _default_python(OLDEST)
    assert done.returncode == 0, done.stderr
    assert "went-on" in done.stdout


@pytest.mark.parametrize("version", ["3.12", "3.13", "3.10"])
def test_another_python_stops_the_run_naming_both(version: str) -> None:
    done = _default_python(version)
    assert done.returncode == 1
    assert "went-on" not in done.stdout
    assert f"Python {version}" in done.stderr
    assert f"Python {OLDEST}" in done.stderr
