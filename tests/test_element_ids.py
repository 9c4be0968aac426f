"""The element ids a game's docs page lists are the ids its ``elements`` module makes.

Front-end authors read the ids in the game's page (`docs/rules/<game>.md`, section
"Table elements"); the code makes them in `<game>/elements.py`. This test gathers
every id drawn on a seat's page or named by a legal action, over seeded games and a
few positions random play seldom reaches, and checks both ways: every id made has a
documented form, and every documented form is made.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import pytest

import meeple
from meeple.core.elements import drawn_elements
from meeple.testing import random_playout
from meeple.wypas.state import AWARD

from .shared import BUILT_IN
from .shared import ROOT
from .way_of_bear import helpers as wob
from .wypas import helpers as wypas
from .wypas.test_rules_bluff import auction

SECTION = "## Table elements\n"
NUMBER = r"\d+"
NAME = r"[a-z0-9]+(?:-[a-z0-9]+)*"
CAPITALS = re.compile(r"([A-Z]+)")

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "bear_mountain": [{}, {"mode": "draft", "tiebreaker": True}],
    "wypas": [{"max_rounds": 4, "bluff": True}],
}
"""Options the sampled games are played under (drafting, the tiebreaker, the bluff)."""


def documented_forms(game: str) -> list[str]:
    """The ids in the first column of the game page's table of elements."""
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    assert SECTION in page, f"docs/rules/{game}.md has no {SECTION.strip()!r} section"
    section = page.split(SECTION, 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    return [form for cell in rows for form in re.findall(r"`([^`]+)`", cell)]


def pattern(form: str) -> re.Pattern[str]:
    """A documented form as a pattern: one or two capitals (``N``, ``cNN``) stand for
    a number, a longer run of capitals (``COLOUR``) for a name."""
    parts = CAPITALS.split(form)
    words = [NUMBER if len(p) <= 2 else NAME for p in parts[1::2]]
    literal = [re.escape(p) for p in parts[::2]]
    return re.compile("".join(a + b for a, b in zip(literal, [*words, ""], strict=True)))


def made_ids(game: Any, states: Iterable[Any]) -> set[str]:
    """Every id drawn on a seat's page, or named by a legal action of a seat to act."""
    found: set[str] = set()
    for state in states:
        for seat in range(state.players):
            view = state.view(seat)
            found |= set(drawn_elements(game.render_html(view)).labels)
            if seat in state.to_act:
                found.update(e for a in state.legal_actions(seat) for e in game.elements(view, a))
    return found


def _ritual() -> Any:
    """The Ritual of `test_rules_ritual`: take a stele from another temple, or nothing."""
    reserves = {0: {"orange": 1, "black": 1, "blue": 1}}
    state = wob.build(steles=wob.CORNER, reserves=reserves, temples={"black": 4, "white": 2})
    return wob.play(state, "place orange v01", "pay black")


def _tie_at_reveal() -> Any:
    """The tie at a bluff reveal of `test_rules_bluff`: the baca awards the lot."""
    hands = (wypas.hand(), wypas.hand("wolf"), wypas.hand("red-3"), wypas.hand("green-3"))
    moves = ("bid down wolf as 3", "done", "bid red-3", "check", "bid green-3", "check", "pass")
    return wypas.play(auction(*hands), *moves)


RARE = {"way_of_bear": _ritual, "wypas": _tie_at_reveal}
"""A position random play seldom reaches, where a documented id is made."""


def _sample(name: str) -> list[Any]:
    game = meeple.get_game(name)
    states = [RARE[name]()] if name in RARE else []
    for options in OPTIONS.get(name, [{}]):
        for players in game.spec.player_counts():
            try:
                opts = game.options_type(**options)
                states += random_playout(game, players, seed=0, options=opts)[2]
            except meeple.InvalidOptionsError:
                continue  # drafting needs more than one player
    return states


def test_the_forms_read_as_patterns() -> None:
    assert pattern("end-H-left").fullmatch("end-0-left")
    assert pattern("hand-cNN").fullmatch("hand-c07")
    assert pattern("sheep-P-N-FACE").fullmatch("sheep-2-1-red-3")
    assert not pattern("slot-N").fullmatch("slot-x")
    assert not pattern("t-COLOUR-next").fullmatch("t-black-3")
    assert not pattern("bag").fullmatch("bags")


def test_the_rare_positions_are_the_ones_named() -> None:
    assert _ritual().phase == "ritual"
    assert _tie_at_reveal().phase == AWARD


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_documented_element_ids_are_the_ids_made(name: str) -> None:
    forms = documented_forms(name)
    assert len(forms) == len(set(forms)), f"a form is listed twice: {forms}"
    patterns = {form: pattern(form) for form in forms}
    made = made_ids(meeple.get_game(name), _sample(name))
    undocumented = sorted(i for i in made if not any(p.fullmatch(i) for p in patterns.values()))
    assert undocumented == [], f"made but not in docs/rules/{name}.md"
    # An id counts for its most specific form: `lot-down` for itself, not `lot-KIND`.
    credited = set()
    for element in made:
        matching = [f for f, p in patterns.items() if p.fullmatch(element)]
        fewest = min(len(CAPITALS.findall(f)) for f in matching)
        credited |= {f for f in matching if len(CAPITALS.findall(f)) == fewest}
    assert [f for f in forms if f not in credited] == [], "documented but never made"
