"""Issue 33, items 2 and 3: every value a command cannot use is refused before work
starts, as one line on stderr with exit status 2; the seat rule shared by `play`,
`simulate` and `analyze`; install hints that keep their extra."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import json
import socket
import sys
import tomllib
from collections.abc import Iterator
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner
from typer.testing import Result

from meeple.cli.app import app
from meeple.cli.checks import lineup
from meeple.cli.run_on import RunOn
from meeple.core.errors import InvalidOptionsError
from meeple.core.extras import EXTRA_MODULES
from meeple.core.extras import Installed
from meeple.core.extras import has_extra
from meeple.core.extras import install_hint

from .shared import BUILT_IN
from .shared import ROOT
from .shared import number
from .shared import says

TOY = "tests.toy_game:TOY"


def _run(args: list[str], given: str | None = None) -> Result:
    return CliRunner().invoke(app, args, input=given, env={"COLUMNS": "100"})


def _refused(args: list[str], reason: str) -> str:
    """Run `args`; it must fail with exit 2 and one error line holding `reason`."""
    result = _run(args)
    said = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert said.startswith("error: "), said  # nothing before it: no bar, no banner
    assert reason in said, said
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(errors) == 1, result.stderr  # one logical line (a terminal may fold it)
    return said


BAR = "games/s"
"""What `simulate` prints once its bar is drawn."""


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["bench", TOY, "--games", "0"], "--games must be at least 1, not 0"),
        (["bench", TOY, "--games", "-1"], "--games must be at least 1, not -1"),
        (["bench", TOY, "--runs", "0"], "--runs must be at least 1, not 0"),
        (["bench", "wypas", "--players", "2"], "wypas is played by 3-6 players, not 2"),
        (["simulate", TOY, "-n", "0"], "-n must be at least 1, not 0"),
        (["simulate", TOY, "-n", "-3"], "-n must be at least 1, not -3"),
        (["simulate", TOY, "--workers", "0"], "--workers must be at least 1, not 0"),
        (["simulate", TOY, "--players", "9"], "toy is played by 2-4 players, not 9"),
        (["simulate", TOY, "--out", "results.txt"], "--out must end in .jsonl or .csv"),
        (["simulate", TOY, "--seat", "wizard"], "unknown bot 'wizard'"),
        (["simulate", TOY, "--seat", "mcts:iterations=0"], "parameter iterations must be"),
        (["analyze", TOY, "-n", "1"], "-n must be at least 2 deals, not 1"),
        (["analyze", TOY, "--seat", "wizard"], "unknown bot 'wizard'"),
        (["analyze", TOY, "--skill", "wizard"], "unknown bot 'wizard'"),
        (["analyze", TOY, "--workers", "-2"], "--workers must be at least 1, not -2"),
        (["play", TOY, "--seat", "wizard"], "unknown bot 'wizard'"),
        (["serve", "--port", "99999"], "--port must be 1-65535, not 99999"),
        (["serve", "--port", "0"], "--port must be 1-65535, not 0"),
    ],
)
def test_a_value_a_command_cannot_use_is_one_line_before_any_work(
    args: list[str], reason: str
) -> None:
    said = _refused(args, reason)
    assert BAR not in said  # no bar drawn, no game played
    assert "meeple web on" not in said  # no banner


def test_the_page_gives_the_least_games_the_ports_and_the_exit_status() -> None:
    """docs/cli.md: "`-n` (at least 1 game for `simulate`, 2 deals for `analyze`)",
    "`serve --port` (1-65535)", and a refusal's "exit status is 2": one below each
    least, and one past each end of the ports, is refused so."""
    least = says("docs/cli.md", r"`-n` \(at least (\w+) game for `simulate`, (\w+) deals for")
    ports = says("docs/cli.md", r"`serve --port` \((\d+)-(\d+)\)")
    status = says("docs/cli.md", r"A refusal is one line on stderr, .*? the exit status is (\d+)\.")
    games, deals, low, high = (number(n) for n in (*least.groups(), *ports.groups()))
    refusals = [
        (["simulate", TOY, "-n", str(games - 1)], f"-n must be at least {games}, not"),
        (["analyze", TOY, "-n", str(deals - 1)], f"-n must be at least {deals} deals, not"),
        (["serve", "--port", str(low - 1)], f"--port must be {low}-{high}, not {low - 1}"),
        (["serve", "--port", str(high + 1)], f"--port must be {low}-{high}, not {high + 1}"),
    ]
    for args, reason in refusals:
        result = _run(args)
        assert result.exit_code == number(status[1]), result.output
        assert reason in " ".join(result.output.split()), result.output


@pytest.mark.parametrize(
    ("given", "players", "expected"),
    [
        (["random"], 3, ["random", "random", "random"]),
        (["human", "mcts"], 4, ["human", "mcts", "mcts", "mcts"]),
        (["greedy", "random"], 2, ["greedy", "random"]),
    ],
)
def test_the_last_seat_given_fills_the_rest(
    given: list[str], players: int, expected: list[str]
) -> None:
    assert lineup(given, players) == expected


def test_more_seats_than_players_are_refused_in_every_command(tmp_path: Path) -> None:
    seats = ["-s", "random", "-s", "random", "-s", "greedy"]
    for command in ("play", "simulate", "analyze"):
        _refused([command, TOY, "--players", "2", *seats], "3 seats given for 2 players")
    with pytest.raises(InvalidOptionsError, match="at least one --seat"):
        lineup([], 2)


def test_simulate_fills_seats_with_the_last_one_and_counts_players_from_the_seats() -> None:
    result = _run(["simulate", TOY, "-n", "4", "--workers", "1", "-s", "greedy", "-s", "random"])
    assert result.exit_code == 0, result.output
    rows = [line.split("│")[1:3] for line in result.output.splitlines() if "│" in line]
    assert [[cell.strip() for cell in row] for row in rows] == [
        ["0", "greedy"],
        ["1", "random"],
    ]
    three = _run(
        [
            "simulate",
            TOY,
            "-n",
            "4",
            "--workers",
            "1",
            "--players",
            "3",
            "-s",
            "greedy",
            "-s",
            "random",
        ]
    )
    assert three.exit_code == 0, three.output
    bots = [line.split("│")[2].strip() for line in three.output.splitlines() if "│" in line]
    assert bots == ["greedy", "random", "random"]


def test_play_fills_seats_with_the_last_one() -> None:
    result = _run(["play", TOY, "--players", "3", "-s", "random", "-s", "greedy", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "player 1 (greedy)" in result.output
    assert "player 2 (greedy)" in result.output
    assert "(mcts)" not in result.output


def test_analyze_fills_seats_with_the_last_one(tmp_path: Path) -> None:
    out = tmp_path / "report"
    args = ["analyze", TOY, "-n", "2", "--players", "3", "-s", "greedy", "-s", "random"]
    result = _run([*args, "--skill", "none", "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    design = json.loads((out / "report.json").read_text(encoding="utf-8"))["design"]
    assert design["lineup"] == ["greedy", "random", "random"]


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port something else already listens on."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield int(taken.getsockname()[1])


def test_serve_on_a_busy_port_is_refused_before_the_banner(busy_port: int, tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    args = ["serve", "--port", str(busy_port), "--db", str(db)]
    _refused(args, f"port {busy_port} on 127.0.0.1 is in use")
    assert not db.exists()  # nothing made either


def test_serve_refuses_a_host_that_is_not_an_address() -> None:
    _refused(["serve", "--host", "no such host.invalid"], "--host 'no such host.invalid'")


# -- install hints (item 2) ---------------------------------------------------------


def test_an_install_hint_is_what_to_paste_for_the_way_meeple_was_installed() -> None:
    clone = Path("/src/meeple")
    assert install_hint("plot", Installed(None)) == "pip install 'meeple[plot]'"
    editable = Installed(clone, editable=True)
    assert install_hint("plot", editable, here=clone) == "pip install -e '.[plot]'"
    assert install_hint("web", editable, here=Path("/")) == "pip install -e '/src/meeple[web]'"
    assert install_hint("ray", Installed(clone), here=clone) == "pip install '.[ray]'"


def _unimportable(monkeypatch: pytest.MonkeyPatch, top: str) -> None:
    """Make `top` and its submodules fail to import, as if never installed."""
    for name in [m for m in sys.modules if m == top or m.startswith(f"{top}.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, top, None)


@pytest.fixture
def without_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the plot extra were not installed."""
    _unimportable(monkeypatch, "matplotlib")


@pytest.mark.usefixtures("without_matplotlib")
def test_a_missing_extra_keeps_its_brackets_and_fails_before_any_game(tmp_path: Path) -> None:
    hint = install_hint("plot")
    assert "[plot]" in hint
    said = _refused(
        ["analyze", TOY, "--out", str(tmp_path / "a")], f"figures need matplotlib: {hint}"
    )
    assert "games" not in said  # no bar: no game was played
    assert not (tmp_path / "a").exists()
    said = _refused(["simulate", TOY, "-n", "5", "--plots", str(tmp_path / "p")], hint)
    assert BAR not in said


def test_serve_without_the_web_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _unimportable(monkeypatch, "uvicorn")
    hint = install_hint("web")
    _refused(["serve"], f"meeple serve needs the web extra (uvicorn is missing): {hint}")


@pytest.fixture
def without_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the ray extra were not installed."""
    _unimportable(monkeypatch, "ray")


@pytest.mark.usefixtures("without_ray")
@pytest.mark.parametrize("command", ["simulate", "analyze"])
def test_the_ray_backend_without_its_extra_fails_before_the_bar(
    command: str, tmp_path: Path
) -> None:
    """A newcomer's `--backend ray` drew the progress bar, then refused."""
    out = str(tmp_path / ("a" if command == "analyze" else "a.jsonl"))
    args = [command, TOY, "-n", "4", "--backend", "ray", "--out", out]
    said = _refused(args, f"the ray backend needs the ray extra: {install_hint('ray')}")
    assert BAR not in said


def test_every_extra_of_pyproject_names_modules_the_test_install_finds() -> None:
    """`EXTRA_MODULES` has every optional extra of the library (not the tool groups),
    and each module name is one its packages install (the test extra has them all)."""
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8")
    extras = set(tomllib.loads(text)["project"]["optional-dependencies"])
    assert set(EXTRA_MODULES) == extras - {"docs", "test", "dev"}
    for extra in EXTRA_MODULES:
        assert has_extra(extra), extra


@pytest.mark.usefixtures("without_matplotlib")
def test_an_extra_with_a_module_missing_is_not_there() -> None:
    assert not has_extra("plot")
    assert has_extra("web")


class _ImportingFails(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds `name`; importing it fails, as if a check had paid for the import."""

    def __init__(self, name: str) -> None:
        self.name = name

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def exec_module(self, module: ModuleType) -> None:
        raise AssertionError(f"{self.name} was imported")


def test_the_ray_backend_is_checked_without_importing_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--backend ray` imported the whole ray package (seconds) only to see it is there."""
    _unimportable(monkeypatch, "ray")
    monkeypatch.delitem(sys.modules, "ray")
    monkeypatch.setattr(sys, "meta_path", [_ImportingFails("ray"), *sys.meta_path])
    run_on = RunOn.from_flags("ray", 2, None)
    assert run_on.backend == "ray"
    assert "ray" not in sys.modules


def test_the_bench_commands_the_performance_page_shows_are_valid() -> None:
    """Each resolves its game and options (an unknown option is refused first); an
    impossible --games added at the end is then the only thing refused."""
    page = Path(__file__).parent.parent / "docs" / "performance.md"
    commands = [
        line.split("#")[0].split()[1:]
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith("meeple bench ")
    ]
    assert len(commands) >= 2
    for args in commands:
        _refused([*args, "--games", "0"], "--games must be at least 1, not 0")


def test_the_benchmark_scripts_the_performance_page_shows_take_its_flags() -> None:
    """Each ``python benchmarks/NAME.py`` line names a script that declares every flag."""
    page = ROOT / "docs" / "performance.md"
    commands = [
        line.split("#")[0].split()[1:]
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith("python benchmarks/")
    ]
    assert len(commands) >= 5
    for script, *args in commands:
        source = (ROOT / script).read_text(encoding="utf-8")
        for flag in (arg for arg in args if arg.startswith("--")):
            assert f'"{flag}"' in source, f"{script} declares no {flag}"


def test_no_built_in_game_overrides_the_cores_apply_or_legal_actions() -> None:
    """docs/performance.md: a faster core is faster for every game."""
    import meeple
    from meeple.core.base import StateBase

    for name in BUILT_IN:
        game = meeple.get_game(name)
        state = game.start(game.spec.min_players, seed=0)
        for method in ("apply", "legal_actions"):
            assert getattr(type(state), method) is getattr(StateBase, method), (name, method)


def test_play_without_seats_is_a_human_against_mcts_at_any_count() -> None:
    from meeple.cli.checks import player_count
    from meeple.core.registry import get_game

    bear = get_game("bear_mountain")  # 1-4 players: the default stays two seats
    assert player_count(bear, None, ["human", "mcts"], bear.spec.min_players) == 2
    solo = _run(["play", "bear_mountain", "--players", "1", "--seed", "1"], "quit\n")
    assert solo.exit_code == 0, solo.output
    assert "Bear Went Over the Mountain, 1 player, seed 1" in solo.output


def test_plots_are_checked_without_importing_matplotlib(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`--plots` imported matplotlib (a second) only to see it is there; it is found
    now, as `--backend ray` finds ray (`analyze` checks with the same `need_plots`)."""
    from meeple.cli.simulate import check_outputs

    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", [_ImportingFails("matplotlib"), *sys.meta_path])
    check_outputs(None, str(tmp_path / "plots"))
    assert "matplotlib" not in sys.modules


@pytest.mark.usefixtures("without_matplotlib")
def test_plots_without_the_extra_are_refused_before_out_makes_its_folder(tmp_path: Path) -> None:
    out = tmp_path / "new" / "results.jsonl"
    args = ["simulate", TOY, "-n", "3", "--out", str(out), "--plots", str(tmp_path / "p")]
    _refused(args, f"figures need matplotlib: {install_hint('plot')}")
    assert not out.parent.exists()
    assert not (tmp_path / "p").exists()
