"""The text pictures in a terminal: every game in its colours, plain text everywhere else
(issue 17), and columns that line up.

What a pipe, a log or ``NO_COLOR`` gets is the plain text byte for byte; the colours
are only ever added on a terminal, and every colour sits on text that already says
what it means.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console
from rich.style import Style
from rich.text import Text

import meeple
from meeple.cli.terminal import make_console
from meeple.cli.terminal import picture
from meeple.testing import ConformanceError
from meeple.testing import check_game
from meeple.testing import random_playout

from .toy_game import ToyGame

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def _views(name: str) -> list[Any]:
    """Every seat's view (and a spectator's) a few moves into a game, and at its end."""
    game = meeple.get_game(name)
    players = game.spec.min_players
    final, _, states = random_playout(game, players, seed=3, limit=200)
    middle = states[min(len(states) - 1, 12)]
    return [s.view(p) for s in (middle, final) for p in (None, *range(players))]


def _printed(console: Console, shown: object) -> str:
    with console.capture() as captured:
        console.print(shown, soft_wrap=True)
    return captured.get()


@pytest.mark.parametrize("name", meeple.game_names())
def test_a_terminal_shows_every_game_in_colour(name: str) -> None:
    game = meeple.get_game(name)
    terminal = Console(force_terminal=True, color_system="256", width=200)
    for view in _views(name):
        out = _printed(terminal, picture(game, view))
        assert re.search(r"\x1b\[[0-9;]*[34]8;5;\d+", out), f"{name}: no colour on a terminal"
        assert ESCAPE.sub("", out) == game.render(view) + "\n"  # the same text, coloured


@pytest.mark.parametrize("name", meeple.game_names())
def test_a_pipe_no_color_and_the_flag_show_the_plain_text(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = meeple.get_game(name)
    view = _views(name)[0]
    expected = game.render(view) + "\n"
    pipe = make_console(file=io.StringIO(), width=200)  # not a terminal
    flag = make_console(no_color=True, force_terminal=True, width=200)
    assert _printed(pipe, picture(game, view)) == expected
    assert _printed(flag, picture(game, view)) == expected
    monkeypatch.setenv("NO_COLOR", "1")
    told = make_console(force_terminal=True, width=200)
    assert _printed(told, picture(game, view)) == expected  # not even bold


@pytest.mark.parametrize("name", meeple.game_names())
def test_every_colour_sits_on_text_that_says_it(name: str) -> None:
    """A span never styles blank space alone: the name, letter or number is there, so
    plain output and colour-blind players lose nothing."""
    game = meeple.get_game(name)
    for view in _views(name):
        shown = picture(game, view)
        for span in shown.spans:
            assert shown.plain[span.start : span.end].strip(), (name, span)


def test_a_swatch_sets_its_own_letters_colour() -> None:
    """A background colour always comes with a foreground chosen against it, so the text
    on it reads on dark and light terminals alike (never left to the terminal's theme)."""
    from meeple.bear_mountain import palette as bear
    from meeple.way_of_bear import palette as way
    from meeple.wojtek import palette as wojtek
    from meeple.wypas import palette as wypas

    styles = [
        value
        for module in (bear, way, wojtek, wypas)
        for name in module.__all__
        for value in (
            getattr(module, name).values()
            if isinstance(getattr(module, name), dict)
            else [getattr(module, name)]
        )
    ]
    assert len(styles) > 20
    for text in styles:
        style = Style.parse(text)
        if style.bgcolor is not None:
            assert style.color is not None, text


def test_a_three_animal_card_keeps_its_column() -> None:
    """Regression: ``bb,sq,BR`` filled its 8-character column and ran into the next card
    (``bb,sq,BRca,fx`` in ``meeple demo bear_mountain --players 3 --seed 1``)."""
    from meeple.bear_mountain.components import CARDS
    from meeple.bear_mountain.render import render_hike

    three = next(c.id for c in CARDS if len(c.animals) == 3)
    two = next(c.id for c in CARDS if len(c.animals) == 2)
    for hike in ((three, two), (two, three, two), (three, three)):
        rows = render_hike(hike)[:4]
        starts = [[m.start() for m in re.finditer(r"\S+", row[9:])] for row in rows]
        assert all(s == starts[0] for s in starts), rows  # every row's cells line up
        assert len(starts[0]) == len(hike), rows  # and no two cells run together


def test_the_way_of_the_bear_player_rows_line_up() -> None:
    game = meeple.get_game("way_of_bear")
    final, _, states = random_playout(game, 3, seed=5, limit=120)
    checked = 0
    for state in (*states[::10], final):
        rows = [line for line in game.render(state.view(0)).splitlines() if "  reserve " in line]
        for column in ("  board ", "  seal cards "):
            assert len({row.index(column) for row in rows}) == 1, rows
        checked += 1
    assert checked > 5


# -- the kit catches a styled picture that breaks its promise -------------------------------
class _Styled(ToyGame):
    """The toy game with a styled picture; subclasses break one rule each."""

    def render_styled(self, view: Any) -> Text:
        """Hand cards in bold."""
        text = Text(self.render(view))
        text.highlight_regex(r"\d+", "bold")
        return text


class _OtherText(_Styled):
    def render_styled(self, view: Any) -> Text:
        return Text(self.render(view) + " (more)")


class _Escapes(_Styled):
    def render(self, view: Any) -> str:
        return "\x1b[31m" + super().render(view)


class _BadStyle(_Styled):
    def render_styled(self, view: Any) -> Text:
        return Text(self.render(view), style="not-a-colour")


class _LooksBehindTheView(_Styled):
    calls = 0

    def render_styled(self, view: Any) -> Text:
        type(self).calls += 1  # a picture that depends on something besides the view
        return Text(self.render(view), style="bold" if self.calls % 2 else "italic")


def test_the_kit_passes_a_good_styled_picture() -> None:
    check_game(_Styled(), seeds=range(2))


@pytest.mark.parametrize(
    ("game", "match"),
    [
        (_OtherText(), r"plain differs from render"),
        (_Escapes(), r"escape codes"),
        (_BadStyle(), r"style rich cannot read"),
        # The secrecy check sees it first: the picture differs between worlds a seat
        # cannot tell apart (the styled check's own words if it ran first).
        (_LooksBehindTheView(), r"depends on more than the view|may not know"),
    ],
)
def test_the_kit_catches_a_styled_picture_that_breaks_its_promise(game: Any, match: str) -> None:
    with pytest.raises(ConformanceError, match=match):
        check_game(game, seeds=range(2))
