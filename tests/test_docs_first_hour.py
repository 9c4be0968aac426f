"""What a newcomer meets in the first hour (the README, docs/index.md, docs/guide/ and
docs/cli.md), read off the pages and held to the commands: each test names what it holds."""

from __future__ import annotations

import re
from itertools import takewhile

import pytest
from typer.testing import CliRunner
from typer.testing import Result

from meeple.cli.app import app
from meeple.scaffold import ScaffoldError
from meeple.scaffold import names_for

from .shared import says

TOY = "tests.toy_game:TOY"
"""A game of 2-4 players, quick to simulate."""

NAME_RULE = (
    r"registry name, starting with a letter: lower-case words of letters and digits "
    r"joined by single underscores \(`high_card`\)"
)
"""How docs/cli.md and the tutorial give the names `meeple new-game` takes."""


@pytest.mark.parametrize("page", ["docs/cli.md", "docs/guide/plugin-tutorial.md"])
def test_the_pages_give_the_name_rule_the_scaffold_holds(page: str) -> None:
    """A name made of lower-case words of letters and digits is refused when it begins
    with a digit; the pages once left that out, and `2player` looked fine."""
    says(page, NAME_RULE)
    for taken in ("high_card", "a2", "x_2", "two_4_one"):
        names_for(taken)
    for refused in ("2player", "_card", "High_card", "high__card", "high-card", "card_"):
        with pytest.raises(ScaffoldError, match="will not do as a game name"):
            names_for(refused)


def _run(args: list[str]) -> Result:
    return CliRunner().invoke(
        app,
        args,
        env={"COLUMNS": "200"},
        prog_name="meeple",
        terminal_width=200,
        max_content_width=200,
    )


def _players_help(command: str) -> str:
    """The help of `command`'s ``--players``, its lines joined."""
    result = _run([command, "--help"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("--players"))
    folded = takewhile(lambda line: line.startswith(" " * 20), lines[start + 1 :])
    told = [lines[start].split("--players N", 1)[1], *folded]
    return " ".join(" ".join(told).split())


@pytest.mark.parametrize("command", ["play", "simulate", "analyze"])
def test_the_players_help_counts_the_seats_given(command: str) -> None:
    """docs/cli.md: "`--players` defaults to the number of seats given (at least the
    game's fewest ...)", in all three commands; the help of `simulate` and `analyze`
    said only "the fewest", which three seats do not get."""
    says("docs/cli.md", r"`--players` defaults to the number of seats given \(at least the game's")
    told = _players_help(command)
    assert "one per --seat" in told, told
    assert "at least the fewest" in told, told


@pytest.mark.parametrize(("seats", "players"), [(["random"], 2), (["random"] * 3, 3)])
def test_simulate_plays_one_seat_per_seat_given_at_least_the_fewest(
    seats: list[str], players: int
) -> None:
    flags = [flag for seat in seats for flag in ("--seat", seat)]
    result = _run(["simulate", TOY, "-n", "2", "--workers", "1", *flags])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("│")]
    assert len(rows) == players, result.output


PARSER = (
    r"What the argument parser cannot read at all \(a word where a number goes, `-n many`; "
    r"an unknown flag; a flag without its value\) it refuses first, in its own words: "
    r"`Error: ` and the reason on one line of stderr, most often under the command's usage "
    r"line, with the same exit status\."
)
"""docs/cli.md on the refusals that are not the one-line `error: ` of a checked value."""


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", TOY, "-n", "many"],
        ["simulate", TOY, "--frobnicate"],
        ["simulate", TOY, "--plots"],
        ["play", TOY, "--seed", "x"],
    ],
)
def test_what_the_parser_cannot_read_is_refused_as_the_page_says(args: list[str]) -> None:
    """docs/cli.md promised every refusal as one line starting `error: `; a word given
    for a number is refused by click instead, under the usage line, as `Error: `."""
    says("docs/cli.md", PARSER)
    status = says("docs/cli.md", r"A refusal is one line on stderr, .*? the exit status is (\d+)\.")
    result = _run(args)
    assert result.exit_code == int(status[1]), result.output
    told = [line for line in result.stderr.splitlines() if line.strip()]
    errors = [line for line in told if line.startswith("Error: ")]
    assert len(errors) == 1, result.stderr
    assert told[-1] == errors[0], result.stderr  # the reason closes it
    assert set(told[:-1]) <= {
        f"Usage: meeple {args[0]} [OPTIONS] GAME",
        f"Try 'meeple {args[0]} --help' for help.",
    }, result.stderr
    assert "games/s" not in result.output  # no work started


def test_demo_quiet_leaves_out_the_moves_and_says_so() -> None:
    """`--quiet`'s help said "only the result", but the final table is drawn too."""
    loud = CliRunner().invoke(app, ["demo", "bear_mountain", "--seed", "1"])
    quiet = CliRunner().invoke(app, ["demo", "bear_mountain", "--seed", "1", "--quiet"])
    assert loud.exit_code == quiet.exit_code == 0, loud.output + quiet.output
    move = re.compile(r"\s*\d+  player \d+: ")  # "   7  player 1: take 2"
    assert any(move.match(line) for line in loud.output.splitlines())
    assert not any(move.match(line) for line in quiet.output.splitlines())
    assert quiet.output.strip() in loud.output  # the table and the score sheet, as they were
    help_text = " ".join(CliRunner().invoke(app, ["demo", "--help"]).output.split())
    assert "leave out the moves: print only the final table and the result" in help_text
