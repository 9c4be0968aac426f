"""Building hand-made Wypas positions for rule tests.

`arrange` starts a real game and overwrites the fields a test cares about; every
card the test does not place goes back into the deck, so the position conserves
all the cards and passes `State.validate`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs

from meeple.wypas import GAME, Options
from meeple.wypas.components import DECK, FACE_NAME, NAME_FACE, NAME_KIND, SHEEP_DECK, placed
from meeple.wypas.state import State, cards_in_play


def k(name: str) -> int:
    """The kind named `name` (``red-3``, ``dolly-red``, ``super``, ``wolf``...)."""
    return NAME_KIND[name]


def hand(*names: str) -> tuple[int, ...]:
    """A sorted hand of the named cards."""
    return tuple(sorted(k(n) for n in names))


def sheep(name: str, shows: str | None = None) -> int:
    """A placed sheep: ``sheep("red-3")``, ``sheep("dolly-red", "red-5")``, ``sheep("black")``."""
    if name == "black":
        return placed(k("black"), 0)
    face = NAME_FACE[shows if shows is not None else name]
    return placed(k(name), face)


def pen(*cards: str) -> tuple[int, ...]:
    """A pen of plain sheep (or ``black``) by name."""
    return tuple(sheep(c) for c in cards)


def face(name: str) -> int:
    """The face int of ``red-3``."""
    return NAME_FACE[name]


def arrange(players: int = 4, options: Options | None = None, **changes: Any) -> State:
    """A validated position: a fresh game with `changes`, unused cards in the deck.

    `to_act` follows `actor` unless given. The deck is rebuilt (sorted, so the top
    card is the highest kind) from the cards no other zone holds.
    """
    opts = options if options is not None else Options()
    state = GAME.start(players, seed=0, options=opts)
    empty: tuple[int, ...] = ()
    base: dict[str, Any] = {
        "hands": (empty,) * players,
        "discard": (),
        "drawn": (),
        "lots": (),
        "face_down": -1,
    }
    base.update(changes)
    if "actor" in base and "to_act" not in base:
        base["to_act"] = frozenset({base["actor"]})
    state = attrs.evolve(state, deck=(), **base)
    if "deck" not in changes:
        have = Counter(cards_in_play(state))
        want = Counter(DECK if opts.specials else SHEEP_DECK)
        missing = want - have
        assert not have - want, f"the test position uses too many cards: {have - want}"
        state = attrs.evolve(state, deck=tuple(sorted(missing.elements())))
    state.validate()
    return state


def play(state: State, *moves: str) -> State:
    """Apply moves in notation, each by the seat to act."""
    for text in moves:
        state = state.apply(GAME.parse_action(text))
    return state


def skip_window(state: State) -> State:
    """Let a special-card window go by (everyone passes)."""
    from meeple.wypas.state import WINDOW

    while state.phase == WINDOW:
        state = play(state, "pass")
    return state


def texts(actions: Iterable[Any]) -> list[str]:
    """Notation of actions."""
    return [str(a) for a in actions]


__all__ = [
    "FACE_NAME",
    "arrange",
    "face",
    "hand",
    "k",
    "pen",
    "play",
    "sheep",
    "skip_window",
    "texts",
]
