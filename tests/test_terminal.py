"""`meeple play` end to end in a real pseudo-terminal (pexpect), for every built-in game.

A human seat (seat 0) plays a whole game against random bots: it types an entry
that is not notation, then acts by number, undoes (the game is a practice one),
saves mid-game, and plays the first legal action until the end. The saved record
is then replayed with `meeple replay`.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pexpect
import pytest

from .shared import BUILT_IN
from .shared import COLOUR_SETTINGS
from .shared import heavy_but
from .shared import meeple_command
from .shared import option_flags
from .shared import says

PROMPT = r"player 0> "
ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
SWATCH = re.compile(r"\x1b\[[0-9;]*[34]8;5;\d+m")
"""A colour of the 256 a game's swatches use, as letters or background."""
# Random bots rarely finish a Wypas game before its round limit; a short limit keeps
# the terminal session to a few hundred prompts without changing any other rule.


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The machine's environment less what decides colour, on a 120 x 40 colour
    terminal, then `extra`."""
    env = {k: v for k, v in os.environ.items() if k not in COLOUR_SETTINGS}
    return {**env, "COLUMNS": "120", "LINES": "40", "TERM": "xterm-256color", **(extra or {})}


def _spawn(args: list[str], extra: dict[str, str] | None = None) -> pexpect.spawn:
    return pexpect.spawn(meeple_command(), args, encoding="utf-8", timeout=60, env=_env(extra))


@pytest.mark.parametrize("game", heavy_but(BUILT_IN, "wojtek"))
def test_a_full_human_game_in_a_terminal(game: str, tmp_path: Path) -> None:
    import meeple

    assert game in meeple.game_names(), f"{game} is not registered"
    players = meeple.get_game(game).spec.min_players
    seats = ["--seat", "human"] + ["--seat", "random"] * (players - 1)
    saved = tmp_path / "saved.json"
    extra = option_flags(game)
    # --practice: every built-in game has chance or hidden cards, where undo is for practice.
    args = ["--seed", "5", "--practice", *extra]
    child = _spawn(["play", game, "--players", str(players), *seats, *args])
    try:
        child.expect(PROMPT)
        child.sendline("this is not a move")
        child.expect("not understood")
        child.expect(PROMPT)
        child.sendline("1")
        child.expect(PROMPT)
        child.sendline("undo")
        child.expect("undone")
        child.expect(PROMPT)
        child.sendline("1")
        child.expect(PROMPT)
        child.sendline(f"save {saved}")
        child.expect("saved")
        for _ in range(5000):
            index = child.expect([PROMPT, "game over"])
            if index == 1:
                break
            child.sendline("1")
        else:
            pytest.fail("the game did not end")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert saved.exists()

    replay = _spawn(["replay", str(saved), "--seat", "0"])
    try:
        replay.expect("move 0 of")
        replay.sendline("n")
        replay.expect("move 1 of")
        replay.sendline("e")
        replay.expect(r"move (\d+) of \1")
        replay.sendline("q")
        replay.expect(pexpect.EOF)
    finally:
        replay.close()
    assert replay.exitstatus == 0


def _demo(game: str) -> list[str]:
    return ["demo", game, "--quiet", "--seed", "2", *option_flags(game)]


def _demo_in_a_terminal(game: str, env: dict[str, str] | None = None) -> str:
    child = _spawn(_demo(game), env)
    try:
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0, child.before
    return str(child.before)


def test_an_empty_no_color_keeps_the_colour() -> None:
    """docs/cli.md promises plain text when NO_COLOR is set to a non-empty value (the
    no-color.org rule): set but empty, it changes nothing."""
    assert SWATCH.search(_demo_in_a_terminal("bear_mountain", {"NO_COLOR": ""}))


@pytest.mark.parametrize("game", [*BUILT_IN, "goofspiel"])
def test_demo_is_in_colour_in_a_terminal_and_plain_under_no_color(game: str) -> None:
    """Issue 17: a real pseudo-terminal gets the game's colours; NO_COLOR (or
    --no-color) gets the same text with no escape code at all."""
    import meeple

    assert game in meeple.game_names(), f"{game} is not registered"
    coloured = _demo_in_a_terminal(game)
    assert SWATCH.search(coloured), "no colour in a terminal"
    told = _demo_in_a_terminal(game, {"NO_COLOR": "1"})
    assert "\x1b[" not in told
    assert "result after" in told
    # The plain text is the coloured screen less its colours (the sheet is bold there).
    assert ESCAPE.sub("", coloured) == told


def _demo_through_a_pipe(game: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [meeple_command(), *_demo(game)],
        capture_output=True,
        encoding="utf-8",
        env=_env(env),
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_dumb_terminal_gets_plain_text() -> None:
    """docs/cli.md: the output is plain text, with no escape code at all, when
    ``TERM=dumb`` (the value is read from the page), even on a real terminal."""
    dumb = says("docs/cli.md", r"plain text, with no escape code at all, .*? when `TERM=(\w+)`")
    shown = _demo_in_a_terminal("bear_mountain", {"TERM": dumb[1]})
    assert "\x1b[" not in shown
    assert ESCAPE.sub("", _demo_in_a_terminal("bear_mountain")) == shown


def test_a_pipe_gets_plain_text_and_force_color_colours_it() -> None:
    """docs/cli.md: a pipe gets plain text; ``FORCE_COLOR=1`` (read from the page) forces
    the colours into it, the same text around them."""
    forcing = says("docs/cli.md", r"`FORCE_COLOR=(\w+)` forces colour into a pipe")
    piped = _demo_through_a_pipe("bear_mountain")
    assert "\x1b[" not in piped
    assert "result after" in piped
    forced = _demo_through_a_pipe("bear_mountain", {"FORCE_COLOR": forcing[1]})
    assert SWATCH.search(forced), "FORCE_COLOR printed no colour into the pipe"
    assert ESCAPE.sub("", forced) == piped
