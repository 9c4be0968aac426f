"""pyproject.toml's `>=` floors for the core dependencies, for the extras `nox -s lowest`
installs (web, rl, plot) and for the test tools it installs are the versions
.ci/lowest.txt pins, which that session (run by .ci/run) installs and tests: a floor raised
or lowered in one file and not in the other fails here. Files only; this test installs
nothing. The openspiel, ray and docs extras' floors are checked by hand (too large for
every CI run; docs/development/testing.md says when)."""

from __future__ import annotations

import re
import tomllib

from .shared import ROOT

LOWEST = ROOT / ".ci" / "lowest.txt"
FLOOR = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*>=\s*([0-9][0-9A-Za-z.]*)")
PIN = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][0-9A-Za-z.]*)")

LOWEST_EXTRAS = ("web", "rl", "plot")
"""The extras `nox -s lowest` installs at their floors, in the order it names them."""

LOWEST_TOOLS = {"pytest", "pytest-xdist", "pytest-timeout", "hypothesis", "httpx2", "pexpect"}
"""The test extra's tools `nox -s lowest` installs, at their floors too."""


def _name(name: str) -> str:
    """A distribution name as pip compares them (PEP 503): `typing_extensions` and
    `Typing-Extensions` are `typing-extensions`."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _floors() -> dict[str, str]:
    """Each floor the lowest run pins, by name, as pyproject.toml writes it: the core's,
    LOWEST_EXTRAS' and LOWEST_TOOLS' (read from the test extra)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    requirements = [*project["dependencies"], *(r for e in LOWEST_EXTRAS for r in extras[e])]
    tools = [r for r in extras["test"] if _name(re.split(r"[<>=!~\[ ;]", r)[0]) in LOWEST_TOOLS]
    floors = {}
    for requirement in [*requirements, *tools]:
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


def _lowest_install() -> list[str]:
    """The arguments of the `session.install` call in noxfile.py's `lowest` session."""
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    session = re.search(r"^def lowest\(.*?(?=^@nox\.session|\Z)", noxfile, re.M | re.S)
    assert session, "noxfile.py has no `lowest` session"
    install = re.search(r"session\.install\((.*?)\n    \)", session[0], re.S)
    assert install, "the `lowest` session installs nothing"
    return re.findall(r'"([^"]*)"', install[1])


def test_the_constraints_file_pins_every_floor_of_pyproject_and_nothing_else() -> None:
    assert _pins() == _floors()


def test_the_floors_are_read() -> None:
    names = {"attrs", "cattrs", "rich", "typer", "typing-extensions", "jinja2"}
    extras = {"starlette", "uvicorn", "pettingzoo", "gymnasium", "numpy", "matplotlib"}
    assert {*names, *extras, *LOWEST_TOOLS} <= set(_floors())


def test_the_lowest_run_installs_with_the_constraints_file() -> None:
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert '"-c", ".ci/lowest.txt"' in noxfile
    ci_run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "nox -s lowest" in ci_run


def test_the_lowest_run_installs_the_pinned_extras_and_tools_and_no_other() -> None:
    """An extra or a tool added to the session without its pin (or pinned and no longer
    installed) fails here: .ci/lowest.txt's pins are exactly what the run installs."""
    arguments = _lowest_install()
    assert f".[{','.join(LOWEST_EXTRAS)}]" in arguments
    tools = {a for a in arguments if not a.startswith(("-", ".", "examples/"))}
    assert tools == LOWEST_TOOLS
