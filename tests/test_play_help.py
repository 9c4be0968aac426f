"""Issue 33, item 5: `help` in `meeple play` explains the table (the ``legend``
capability) and the list of moves; a long list of moves is folded, every move kept."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import meeple
from meeple.bear_mountain.render import _ANIMAL
from meeple.bear_mountain.render import _HAB
from meeple.cli.moves import FOLD_FROM
from meeple.cli.moves import numbered
from meeple.cli.play import MOVES_HELP
from meeple.cli.play import PlaySession
from meeple.core.capabilities import HasLegend
from meeple.core.match import Match
from meeple.testing import ConformanceError
from meeple.testing import check_game

from .shared import BUILT_IN
from .shared import number
from .shared import says
from .toy_game import ToyGame


def _help_text(name: str, players: int, **options: Any) -> str:
    """What a human seat is told after typing ``help`` at its first turn."""
    said: list[str] = []
    answers = iter(["help", "quit"])
    seats = ["human"] + ["random"] * (players - 1)
    match = Match(name, players, seed=1, **options)
    PlaySession(match, seats, ask=lambda _: next(answers), say=said.append).run()
    return "\n".join(said[said.index(MOVES_HELP) :])


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_built_in_game_explains_its_picture_under_help(name: str) -> None:
    game = meeple.get_game(name)
    assert isinstance(game, HasLegend)
    players = game.spec.min_players
    told = _help_text(name, players)
    assert "the table:" in told
    assert game.legend(meeple.start(name, players=players, seed=1).view(0)) in told


@pytest.mark.parametrize("mode", ["standard", "draft", "solo"])
def test_bear_mountain_s_legend_names_every_abbreviation_it_draws(mode: str) -> None:
    players = 1 if mode == "solo" else 3
    told = _help_text("bear_mountain", players, mode=mode)
    for animal, short in _ANIMAL.items():
        assert f"{short} {animal}" in told
    for letter in _HAB.values():
        assert re.search(rf"\b{letter} [a-z]+", told), letter
    for row in ("slot", "card", "habit", "animal", "elev", "^"):
        assert f"  {row} " in told or f" {row} " in told, row


def test_help_without_a_legend_still_explains_the_moves() -> None:
    said: list[str] = []
    answers = iter(["help", "quit"])
    session = PlaySession(
        Match(ToyGame(), 2, seed=1),
        ["human", "random"],
        ask=lambda _: next(answers),
        say=said.append,
    )
    session.run()
    assert MOVES_HELP in said
    assert "the table:" not in said


class _SeatLegend(ToyGame):
    def legend(self, view: Any) -> str:
        return f"you are {view.player}"  # tells each seat something else


class _Legend(ToyGame):
    def legend(self, view: Any) -> str:
        return "round: the round being played; hand: your cards"


def test_the_kit_checks_a_legend() -> None:
    check_game(_Legend(), seeds=range(1))
    with pytest.raises(ConformanceError, match="legend differs between the seats"):
        check_game(_SeatLegend(), seeds=range(1))


# -- long lists of moves ------------------------------------------------------------


def _read_back(lines: list[str]) -> dict[int, str]:
    """Number -> notation, from a folded list (a lead's words, then each cell's)."""
    found: dict[int, str] = {}
    lead = ""
    for line in lines:
        head, sep, rest = line.strip().partition(": ")
        if sep and not head[:1].isdigit():
            lead, line = head, rest
        elif not line.startswith("   "):  # a new group without a lead
            lead = ""
        for index, words in re.findall(r"(\d+)\. (.+?)(?=\s{3}\d+\. |$)", line.strip()):
            found[int(index)] = f"{lead} {words}".strip()
    return found


def test_a_short_list_is_one_move_a_line() -> None:
    moves = [f"take {i}" for i in range(1, 5)]
    assert numbered(moves) == ["    1. take 1", "    2. take 2", "    3. take 3", "    4. take 4"]


def test_a_hundred_bids_fold_into_a_few_lines_keeping_every_number() -> None:
    """A Wypas-like list of 120 moves: each keeps its number and notation, on far
    fewer lines than moves, none wider than the terminal."""
    colours = ("red", "orange", "yellow", "green", "blue")
    moves = ["done", "pass"]
    moves += [f"bid {c}-{v}" for c in colours for v in range(1, 7)]
    moves += [f"bid super as {c}-{v}" for c in colours for v in range(1, 7)]
    moves += [f"pen {p} {c}-{v}" for p in (1, 2) for c in colours for v in range(1, 7)]
    assert len(moves) >= 120
    lines = numbered(moves, width=80)
    assert len(lines) <= len(moves) // 3
    assert max(map(len, lines)) <= 80
    assert _read_back(lines) == dict(enumerate(moves, 1))


def test_a_real_long_list_folds_from_the_threshold() -> None:
    """docs/cli.md: "A long list of moves (twenty or more ...) is folded" (the number
    read from the page)."""
    said = says("docs/cli.md", r"A long list of moves \((\w+) or more: ")
    assert number(said[1]) == FOLD_FROM
    moves = [f"place black v{v:02d}" for v in range(FOLD_FROM)]
    assert _read_back(numbered(moves, width=60)) == dict(enumerate(moves, 1))
    assert len(numbered(moves[: FOLD_FROM - 1])) == FOLD_FROM - 1  # below it: a line each


def test_a_wypas_auction_offers_dozens_of_moves() -> None:
    """docs/cli.md: "a Wypas auction can offer dozens" (it said over a hundred; 300 random
    games with and without the bluff rule never offered more than 69)."""
    says("docs/cli.md", r"a Wypas auction can offer dozens\)")
    game = meeple.get_game("wypas")
    state, chooser = game.start(4, seed=0), random.Random(1)
    most = 0
    while state.to_act and most < 24:
        seat = min(state.to_act) if len(state.to_act) == 1 else chooser.choice(sorted(state.to_act))
        moves = state.legal_actions(seat)
        most = max(most, len(moves))
        state = state.apply(chooser.choice(moves), seat)
    assert most >= 24
