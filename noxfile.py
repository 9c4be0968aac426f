"""Developer sessions: `nox -s tests typecheck lint docs bench thorough load heavy lowest
versions`."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "typecheck", "lint"]
nox.options.reuse_existing_virtualenvs = True


# Every CPython that pyproject.toml's requires-python and classifiers claim; nox skips
# one that is not installed (tests/test_versions.py keeps the three lists equal).
PYTHONS = ["3.11", "3.12", "3.13"]
# The claimed Pythons after the oldest, which .ci/run's default run uses: `nox -s versions`
# runs a subset of the tests on each, and .ci/run fails when one of them is missing.
NEWER_PYTHONS = PYTHONS[1:]


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


# The same game everywhere: fresh processes with other string-hash seeds, and each game's
# golden transcripts and perft counts. `nox -s lowest` and `nox -s versions` both run them,
# so the floors' and the newer Pythons' games (and pages, drawn by jinja2) are the same.
SAME_GAME_TESTS = [
    "tests/test_same_game_anywhere.py",
    *(
        f"tests/{game}/{name}.py"
        for game in ("bear_mountain", "way_of_bear", "wojtek", "wypas")
        for name in ("test_golden", "test_perft")
    ),
]

# What `nox -s lowest` tests at the floors: the rules and codec (attrs, cattrs), the
# conformance kit on every registered game with its pictures (jinja2), the same game
# everywhere (SAME_GAME_TESTS), the CLI (typer, rich), the web front end (starlette,
# uvicorn), the PettingZoo and Gymnasium adapters with their own checkers (the rl extra)
# and the report's figures (the plot extra). Left out:
# the openspiel and ray extras (hundreds of megabytes; checked by hand, see testing.md).
LOWEST_TESTS = [
    "tests/core",
    "tests/test_cli.py",
    "tests/test_cli_help_metavars.py",
    "tests/test_cli_help_seats.py",
    "tests/test_cli_widths.py",
    "tests/test_cli_encoding.py",
    "tests/test_conformance.py",
    *SAME_GAME_TESTS,
    "tests/web/test_api.py",
    "tests/web/test_pages.py",
    "tests/web/test_serve_command.py",
    "tests/web/test_live.py",
    "tests/web/test_hardening.py",
    "tests/web/test_attack_connections.py",
    "tests/web/test_attack_methods_paths.py",  # starlette < 1.8 fails here
    "tests/web/test_attack_proxies.py",  # uvicorn < 0.31 fails here
    "tests/adapters/test_gymnasium.py",
    "tests/adapters/test_pettingzoo.py",
    "tests/adapters/test_encoding_digests.py",
    "tests/sim/test_report_plots.py",  # matplotlib < 3.8 fails here (Figure.get_suptitle)
    "tests/test_terminal.py",  # rich < 14 turned colour off under an empty NO_COLOR here
]
COMMANDS = (
    "import typer.main; from meeple.cli.app import app; "
    "print(*typer.main.get_command(app).commands)"
)
"""Python that prints the name of every `meeple` command."""


def _demo_and_help(session: nox.Session) -> None:
    """`meeple demo` plays a game, and `meeple --help` and every command's --help print."""
    session.run("meeple", "demo", "bear_mountain", "--players", "3", "--seed", "1", silent=True)
    printed = session.run("python", "-c", COMMANDS, silent=True)
    names = printed.split() if isinstance(printed, str) else []
    if not names:
        session.error(f"no meeple command was found: {printed!r}")
    for command in [[], *([name] for name in names)]:
        session.run("meeple", *command, "--help", silent=True)


@nox.session
def lowest(session: nox.Session) -> None:
    """meeple at the lowest versions pyproject.toml allows its core dependencies, its web, rl
    and plot extras and the test tools installed here (.ci/lowest.txt pins them): the demo,
    every command's --help, and LOWEST_TESTS. Run by .ci/run."""
    session.install(
        *["-c", ".ci/lowest.txt", "-e", ".[web,rl,plot]", "-e", "examples/plugin_game"],
        *["pytest", "pytest-xdist", "pytest-timeout", "hypothesis", "httpx2", "pexpect"],
    )
    _demo_and_help(session)
    # `--dist load`: tests spread one by one over the two workers (no module fixture here
    # is costly). `-W`: a DeprecationWarning from a library is hidden outside tests, and
    # here the suite's warnings are errors: typer before 0.29 imports names the newest
    # click deprecates (typer 0.29 carries its own click), and matplotlib before 3.10.7
    # calls pyparsing by the names the newest pyparsing deprecates (parseString).
    quiet = [
        "ignore:'click.utils.:DeprecationWarning",
        "ignore::DeprecationWarning:matplotlib._mathtext",
        "ignore::DeprecationWarning:matplotlib._fontconfig_pattern",
    ]
    filters = [part for ignored in quiet for part in ("-W", ignored)]
    session.run("pytest", *LOWEST_TESTS, "--dist", "load", *filters, *session.posargs)


# What `nox -s versions` tests on the newer Pythons: the rules and codec, the conformance
# kit on every registered game and the plugin's, each game's golden transcripts and perft
# counts (the same game on any machine), the CLI, the web front end, and the parts
# that lean on what a Python release changes: entry points (the plugin), worker processes
# and signals (the local pool, Ctrl-C, the web's bot workers), sqlite3 (the web's store),
# asyncio (the live streams). The plot extra brings numpy, which the state encoders'
# tests need. Left out: what needs the rl, openspiel or ray extra (the adapters, Ray).
VERSIONS_TESTS = [
    "tests/core",
    "tests/test_cli.py",
    "tests/test_cli_interrupt.py",
    "tests/test_conformance.py",
    *SAME_GAME_TESTS,
    "tests/test_plugin.py",
    "tests/sim/test_pool.py",
    "tests/web/test_api.py",
    "tests/web/test_pages.py",
    "tests/web/test_live.py",
    "tests/web/test_storage.py",
    "tests/web/test_workers.py",
]


@nox.session(python=NEWER_PYTHONS)
def versions(session: nox.Session) -> None:
    """meeple on each claimed Python but the oldest (the default run's): with its web and
    plot extras, the plugin and the test tools `lowest` installs (here the newest; pexpect
    drives the Ctrl-C tests), the demo, every command's --help and VERSIONS_TESTS. Run by
    .ci/run, which fails when one of these Pythons is missing."""
    session.install(
        *["-e", ".[web,plot]", "-e", "examples/plugin_game"],
        *["pytest", "pytest-xdist", "pytest-timeout", "hypothesis", "httpx2", "pexpect"],
    )
    _demo_and_help(session)
    session.run("pytest", *VERSIONS_TESTS, "--dist", "load", *session.posargs)


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
