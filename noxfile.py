"""Developer sessions: `nox -s tests typecheck lint docs bench thorough load heavy`."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "typecheck", "lint"]
nox.options.reuse_existing_virtualenvs = True


# Every CPython that pyproject.toml's requires-python and classifiers claim; nox skips
# one that is not installed (tests/test_versions.py keeps the three lists equal).
PYTHONS = ["3.11", "3.12", "3.13"]


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The default test run (Hypothesis profile `dev`, or `ci` under CI=1), on every
    claimed Python that is installed."""
    session.install("-e", ".[test]", "-e", "examples/plugin_game")
    session.run("pytest", *session.posargs)


@nox.session
def shuffled(session: nox.Session) -> None:
    """The default run in a random order (pytest-randomly prints its seed;
    `nox -s shuffled -- --randomly-seed=N` replays that order)."""
    session.install("-e", ".[test]", "-e", "examples/plugin_game")
    session.run("pytest", "-p", "randomly", *session.posargs)


@nox.session
def thorough(session: nox.Session) -> None:
    """Long property runs: Hypothesis profile `thorough`."""
    session.install("-e", ".[test]", "-e", "examples/plugin_game")
    session.run("pytest", *session.posargs, env={"HYPOTHESIS_PROFILE": "thorough"})


@nox.session
def load(session: nox.Session) -> None:
    """The web load test (about a minute): honest clients, one abuser, a kill -9."""
    session.install("-e", ".[test]", "-e", "examples/plugin_game")
    session.run("pytest", "-m", "load", "--timeout=0", "tests/web/test_load.py", *session.posargs)


@nox.session
def heavy(session: nox.Session) -> None:
    """Long statistical runs (tests marked `heavy`: bot strength over many games, balance
    analyses), left out of the default run."""
    session.install("-e", ".[test]", "-e", "examples/plugin_game")
    session.run("pytest", "-m", "heavy", "--timeout=0", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the source, tests, examples and benchmarks."""
    session.install("-e", ".[test]", "-e", "examples/plugin_game")
    session.run("mypy", "--strict", "src", "tests", "examples", "benchmarks")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check."""
    session.install("ruff")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation site strictly (broken links fail)."""
    session.install("-e", ".[docs]")
    session.run("mkdocs", "build", "--strict")


@nox.session
def bench(session: nox.Session) -> None:
    """Random-playout speed of every registered game, every player count."""
    session.install("-e", ".")
    import json
    import subprocess

    names = json.loads(
        subprocess.check_output(
            [
                session.bin + "/python",
                "-c",
                "import json, meeple; print(json.dumps(meeple.game_names()))",
            ]
        )
    )
    for name in names:
        session.run("python", "benchmarks/bench.py", name, *session.posargs)
