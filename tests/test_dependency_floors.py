"""pyproject.toml's `>=` floors for the core dependencies and the web extra's are the
versions .ci/lowest.txt pins, which `nox -s lowest` (run by .ci/run) installs and tests:
a floor raised or lowered in one file and not in the other fails here. Files only; this
test installs nothing."""

from __future__ import annotations

import re
import tomllib

from .shared import ROOT

LOWEST = ROOT / ".ci" / "lowest.txt"
FLOOR = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*>=\s*([0-9][0-9A-Za-z.]*)")
PIN = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][0-9A-Za-z.]*)")


def _name(name: str) -> str:
    """A distribution name as pip compares them (PEP 503): `typing_extensions` and
    `Typing-Extensions` are `typing-extensions`."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _floors() -> dict[str, str]:
    """Each core and web requirement's floor, by name, as pyproject.toml writes it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    floors = {}
    for requirement in [*project["dependencies"], *project["optional-dependencies"]["web"]]:
        found = FLOOR.fullmatch(requirement)
        assert found, f"{requirement!r} is not NAME>=VERSION: give .ci/lowest.txt its floor"
        floors[_name(found[1])] = found[2]
    return floors


def _pins() -> dict[str, str]:
    """Each version .ci/lowest.txt pins, by name (comments and blank lines skipped)."""
    pins = {}
    for line in LOWEST.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            found = PIN.fullmatch(line)
            assert found, f"{line!r} in .ci/lowest.txt is not NAME==VERSION"
            pins[_name(found[1])] = found[2]
    return pins


def test_the_constraints_file_pins_every_floor_of_pyproject_and_nothing_else() -> None:
    assert _pins() == _floors()


def test_the_floors_are_read() -> None:
    names = {"attrs", "cattrs", "rich", "typer", "typing-extensions", "jinja2"}
    assert {*names, "starlette", "uvicorn"} <= set(_floors())


def test_the_lowest_run_installs_with_the_constraints_file() -> None:
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert '"-c", ".ci/lowest.txt"' in noxfile
    ci_run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "nox -s lowest" in ci_run
