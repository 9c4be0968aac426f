"""Bot specs are validated: every parameter finite, in range and known; decisions bounded.

Issue 14 item 3: ``mcts:exploration=nan`` (or ``-1e308``, ``iterations=0``, ``-5``)
was accepted and the bot then failed or stalled mid-match, and
``rollout_depth=1000000`` made one decision cost minutes. These pin the refusal
(with the parameter's name and allowed range in the message) and the time cap.
"""

from __future__ import annotations

import math
import time

import attrs
import pytest
from typer.testing import CliRunner

import meeple
from meeple.bots import BOT_PARAMS
from meeple.bots import BotSpec
from meeple.bots import GreedyBot
from meeple.bots import MCTSBot
from meeple.bots import make_bot
from meeple.bots import parse_bot_spec
from meeple.cli.app import app
from meeple.core import InvalidOptionsError

from ..shared import doc_table
from ..shared import number
from ..toy_game import TOY

RANGES = {
    "bias": "a finite number from 0 to 100",
    "exploration": "a finite number above 0 and at most 10",
    "iterations": "a whole number from 1 to 1000000",
    "rollout_depth": "a whole number from 0 to 10000",
    "time_limit": "a finite number above 0 and at most 3600",
    "worlds": "a whole number from 1 to 1000",
}
"""Each numeric bot parameter's allowed values as a refusal words them (no caps)."""

OUT_OF_RANGE = {
    "mcts:exploration": ["nan", "NaN", "-1e308", "inf", "1e999", "0"],
    "mcts:iterations": ["0", "-5", "2.5", "many"],
    "mcts:rollout_depth": ["1000000", "-1"],
    "mcts:time_limit": ["0", "nan", "-1"],
    "greedy:worlds": ["0", "1e3"],
    "heuristic:worlds": ["0"],
    "guided:bias": ["-1", "nan", "101"],
    "guided:iterations": ["0"],
}
"""Values each parameter refuses: not a number, not finite, not whole, or out of range."""


def _refusal(spec: str) -> str:
    """Why `spec` is refused (the test fails if it is read)."""
    with pytest.raises(InvalidOptionsError) as refused:
        parse_bot_spec(spec)
    return str(refused.value)


@pytest.mark.parametrize(
    "spec", [f"{key}={value}" for key, values in OUT_OF_RANGE.items() for value in values]
)
def test_a_bad_value_is_refused_with_the_parameter_its_range_and_the_value(spec: str) -> None:
    name, _, value = spec.partition(":")[2].partition("=")
    assert f"parameter {name} must be {RANGES[name]}, not '{value.lower()}'" in _refusal(spec)
    with pytest.raises(InvalidOptionsError):
        make_bot(spec, TOY, 1)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iterations=" + "9" * 50, ["iterations", "whole number", "..."]),
        ("mcts:wobble=1", ["does not take", "wobble", "iterations, time_limit"]),
        ("mcts:iterations", ["does not take", "'iterations'"]),
        ("random:worlds=2", ["does not take", "parameters: none"]),
        ("mcts:iterations=5,iterations=6", ["iterations", "twice"]),
        ("alphazero", ["unknown bot", "random, greedy, heuristic, mcts, guided"]),
        ("mcts:" + "x" * 300, ["at most 200 characters"]),
    ],
)
def test_other_bad_specs_are_refused_saying_why(spec: str, words: list[str]) -> None:
    reason = _refusal(spec)
    for word in words:
        assert word in reason, (word, reason)
    with pytest.raises(InvalidOptionsError):
        make_bot(spec, TOY, 1)


def test_the_constructors_refuse_what_the_spec_parser_refuses() -> None:
    for kwargs in (
        {"exploration": math.nan},
        {"exploration": -1e308},
        {"iterations": 0},
        {"iterations": -5},
        {"rollout_depth": 1_000_000},
        {"time_limit": math.inf},
        {"max_seconds": 0.0},
    ):
        with pytest.raises(InvalidOptionsError):
            MCTSBot(TOY, 1, **kwargs)
    with pytest.raises(InvalidOptionsError, match="worlds"):
        GreedyBot(TOY, 1, worlds=0)
    assert MCTSBot(TOY, 1, rollout_depth=None).rollout_depth is None  # play to the end


def test_caps_narrow_the_allowed_range_and_say_so() -> None:
    with pytest.raises(
        InvalidOptionsError, match=r"iterations must be a whole number from 1 to 2000"
    ):
        parse_bot_spec("mcts:iterations=3000", caps={"iterations": 2000})
    with pytest.raises(InvalidOptionsError, match=r"rollout_depth .* from 0 to 200, not '201'"):
        parse_bot_spec("mcts:rollout_depth=201", caps={"rollout_depth": 200})
    assert (
        parse_bot_spec("mcts:iterations=2000", caps={"iterations": 2000}).get("iterations") == 2000
    )


def test_a_spec_has_one_canonical_spelling() -> None:
    spec = parse_bot_spec(" MCTS : rollout_depth = 20 , iterations=30 ,exploration=0.50")
    assert isinstance(spec, BotSpec)
    assert str(spec) == "mcts:iterations=30,exploration=0.5,rollout_depth=20"
    assert parse_bot_spec(str(spec)) == spec
    assert str(parse_bot_spec("random")) == "random"
    bot = make_bot(spec, TOY, 1)
    assert isinstance(bot, MCTSBot)
    assert (bot.iterations, bot.exploration, bot.rollout_depth) == (30, 0.5, 20)


def test_every_parameter_is_documented_with_its_range() -> None:
    for kind, params in BOT_PARAMS.items():
        for param in params:
            assert param.help, (kind, param.name)
            assert math.isfinite(param.high)
            assert param.describe()


def test_max_seconds_bounds_a_decision_whatever_the_budget() -> None:
    """A million iterations, rollouts to the end, on six-player Wypas: stopped at the cap."""
    game = meeple.get_game("wypas")
    state = game.start(6, seed=3)
    player = min(state.to_act)
    legal = state.legal_actions(player)
    assert len(legal) > 1
    bot = MCTSBot(game, 1, iterations=1_000_000, rollout_depth=None, max_seconds=0.2)
    started = time.perf_counter()
    assert bot.choose(state.view(player), legal) in legal
    assert time.perf_counter() - started < 1.5
    assert 1 <= bot.last_iterations < 1_000_000
    greedy = GreedyBot(game, 1, worlds=1000, max_seconds=0.1)
    started = time.perf_counter()
    assert greedy.choose(state.view(player), legal) in legal
    assert time.perf_counter() - started < 1.5


def test_make_bot_passes_the_time_cap_on() -> None:
    bot = make_bot("mcts:iterations=50", TOY, 1, max_seconds=0.5)
    assert isinstance(bot, MCTSBot)
    assert bot.max_seconds == 0.5
    assert make_bot("greedy", TOY, 1, max_seconds=0.5).max_seconds == 0.5  # type: ignore[attr-defined]  # a GreedyBot


def test_the_cli_refuses_a_bad_bot_parameter_before_playing() -> None:
    result = CliRunner().invoke(
        app, ["simulate", "tests.toy_game:TOY", "-n", "2", "--seat", "mcts:exploration=nan"]
    )
    assert result.exit_code == 2, result.output
    assert "exploration" in result.output
    assert "above 0" in result.output


def test_a_spec_is_read_into_its_typed_parameters_by_the_options_parser() -> None:
    # issue 17: one parser and one typed description for game options and bot specs
    from meeple.bots.spec import BOT_TYPES
    from meeple.bots.spec import GreedyParams
    from meeple.bots.spec import MCTSParams
    from meeple.bots.spec import RandomParams

    spec = parse_bot_spec("mcts:Rollout-Depth=20,iterations=30")
    assert spec.settings() == MCTSParams(iterations=30, rollout_depth=20)
    assert BotSpec.of(spec.settings()) == spec
    assert parse_bot_spec("greedy:worlds=3").settings() == GreedyParams(worlds=3)
    assert parse_bot_spec("random").settings() == RandomParams()
    for kind, params in BOT_PARAMS.items():  # the ranges are the typed fields' own
        assert [p.name for p in params] == [f.name for f in attrs.fields(BOT_TYPES[kind])]
    with pytest.raises(InvalidOptionsError, match=r"iterations must be a whole number"):
        MCTSParams(iterations=0)  # the class holds its ranges, whoever builds it


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iterations=1_000", ["iterations", "whole number", "'1_000'"]),  # int() took it
        ("mcts:iterations=none", ["iterations", "whole number", "'none'"]),  # not "unset"
        ("mcts:iterations=", ["iterations", "whole number"]),
        ("mcts:exploration=0x1", ["exploration", "above 0"]),
        ("mcts:iterations=5,ITERATIONS=6", ["iterations", "twice"]),  # one name, any case
    ],
)
def test_the_shared_parser_is_as_strict_as_the_spec_parser_was(spec: str, words: list[str]) -> None:
    reason = _refusal(spec)
    for word in words:
        assert word in reason, (word, reason)


def test_the_documented_defaults_are_the_bots_defaults() -> None:
    """docs/bots-and-simulation.md's parameter table states each default: a bot's
    defaults changing without the table would break that promise."""
    import re
    from pathlib import Path

    from meeple.sim.design import bot_param

    page = Path(__file__).parents[2] / "docs" / "bots-and-simulation.md"
    rows = [line.split("|")[1:5] for line in page.read_text("utf-8").splitlines()]
    stated = {
        (kind.strip(" `"), name.strip(" `")): default
        for kind, name, allowed, _ in (row for row in rows if len(row) == 4)
        for default in re.findall(r"\(default ([\d.,]+)\)", allowed)
    }
    assert len(stated) == 5  # greedy worlds; mcts iterations, exploration, depth, bias
    for (kind, name), default in stated.items():
        assert bot_param(kind, name) == float(default.replace(",", "")), (kind, name)
    assert bot_param("heuristic", "worlds") == bot_param("greedy", "worlds")
    guided = next(row[2] for row in rows if len(row) == 4 and row[0].strip(" `") == "guided")
    patterns = {
        "iterations": r"([\d.]+) iterations",
        "exploration": r"exploration ([\d.]+)",
        "rollout_depth": r"rollout depth ([\d.]+)",
        "bias": r"bias ([\d.]+)",
    }
    for name, pattern in patterns.items():
        found = re.search(pattern, guided)
        assert found is not None, name
        assert bot_param("guided", name) == float(found.group(1)), name


ALLOWED = (
    (r"whole number ([\d,]+) to ([\d,]+)", "a whole number from {} to {}"),
    (r"number above 0, at most ([\d,]+)", "a finite number above 0 and at most {}"),
    (r"number ([\d,]+) to ([\d,]+)", "a finite number from {} to {}"),
)
"""How the parameter table words a range, and how a refusal words it."""


def test_the_documented_ranges_are_the_ones_a_refusal_gives() -> None:
    """docs/bots-and-simulation.md's parameter table: each range ("whole number 1 to
    1,000,000", "number above 0, at most 3600") is what the parser refuses -1 with."""
    import re

    rows = doc_table("docs/bots-and-simulation.md", "| bot | parameter |")
    ranged = [(kind.strip("`"), name.strip("`"), allowed) for kind, name, allowed, _ in rows]
    checked = set()
    for kind, name, allowed in ranged:
        if kind not in ("greedy", "mcts"):
            continue  # the others are "as greedy", "as mcts"
        pattern, words = next((p, w) for p, w in ALLOWED if re.match(p, allowed))
        found = re.match(pattern, allowed)
        assert found is not None
        expected = words.format(*(number(n) for n in found.groups()))
        assert f"parameter {name} must be {expected}, not" in _refusal(f"{kind}:{name}=-1")
        checked.add(name)
    assert checked == set(RANGES)
