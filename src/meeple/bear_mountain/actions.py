"""The decisions a player makes: each class prints its notation (``str(action)``),
and `parse_action` beside them reads it back.

Every action object is made once (the tables below): the rules offer these very
objects, the encoding's vocabulary lists them and the parser returns them, so the
core's apply path and the adapters find an action by identity (one C-level lookup)
rather than by its class and fields.
"""

from __future__ import annotations

from typing import Final
from typing import Literal
from typing import TypeVar

import attrs

from meeple.core.notation import Reader
from meeple.core.notation import Verb

from .components import CARD_IDS
from .components import ROW_SIZE
from .components import SCORE_BY_SLUG
from .components import SCORE_CARDS
from .components import SCORE_IDS
from .components import SOLO_HIKES
from .components import card_name

__all__ = [
    "ACTION_TYPES",
    "ASSIGNS",
    "DONE",
    "DRAW",
    "LEFT_PLACES",
    "PICKS",
    "RIGHT_PLACES",
    "SOLO_LEFT_ENDS",
    "SOLO_RIGHT_ENDS",
    "TAKES",
    "Action",
    "Assign",
    "Done",
    "Draw",
    "Pick",
    "Place",
    "Side",
    "SoloPlace",
    "Take",
    "parse_action",
]

Side = Literal["left", "right"]


@attrs.frozen
class Take:
    """Standard game: take the face-up card in a slot and add it to the right of your hike."""

    slot: int
    """Face-up slot, 1..4 (left to right)."""

    def __str__(self) -> str:
        return f"take {self.slot}"


@attrs.frozen
class Pick:
    """Drafting: select a card from the hand in front of you, face down."""

    card: int
    """Landscape card id."""

    def __str__(self) -> str:
        return f"pick {card_name(self.card)}"


@attrs.frozen
class Place:
    """Drafting: lay a selected card at one end of your hike (an empty hike: right)."""

    card: int
    """Landscape card id."""
    side: Side
    """Which end of the hike."""

    def __str__(self) -> str:
        return f"place {card_name(self.card)} {self.side}"


@attrs.frozen
class Draw(Verb, verb="draw"):
    """Solo: turn over the top card of the deck."""


@attrs.frozen
class SoloPlace:
    """Solo: add the drawn card (or the discard pile's top card) to an end of a hike."""

    card: int
    """Landscape card id."""
    hike: int
    """Hike number, 1..5."""
    side: Side = "right"
    """Which end: always the right unless the option ``solo_either_end`` is on."""

    def __str__(self) -> str:
        where = "" if self.side == "right" else " left"
        return f"solo {card_name(self.card)} hike{self.hike}{where}"


@attrs.frozen
class Assign:
    """Solo: assign a score card to the hike a bear card just closed."""

    score: int
    """Score card id."""
    hike: int
    """Hike number, 1..5."""

    def __str__(self) -> str:
        return f"assign {SCORE_CARDS[self.score - 1].slug} hike{self.hike}"


@attrs.frozen
class Done(Verb, verb="done"):
    """Solo: finish assigning score cards to the closed hike (after 1 animal card)."""


Action = Take | Pick | Place | Draw | SoloPlace | Assign | Done
"""Any bear_mountain action."""
ACTION_TYPES: tuple[type[Action], ...] = (Take, Pick, Place, Draw, SoloPlace, Assign, Done)
"""Every action class (the codec stores actions by their notation)."""


# -- every action, made once ---------------------------------------------------
# Tables by card or score id start with an unused entry 0 (a repeat of entry 1 or
# empty), so ids index them directly.

_T = TypeVar("_T")


def _by_id(made: tuple[_T, ...]) -> tuple[_T, ...]:
    """`made` (one per id, ids ascending from 1) indexed by id."""
    return (made[0], *made)


TAKES: Final = tuple(Take(slot) for slot in range(1, ROW_SIZE + 1))
"""``take 1`` .. ``take 4``: a row of k cards offers ``TAKES[:k]``."""
PICKS: Final = _by_id(tuple(Pick(c) for c in CARD_IDS))
"""``pick cNN`` by card id."""
LEFT_PLACES: Final = _by_id(tuple(Place(c, "left") for c in CARD_IDS))
"""``place cNN left`` by card id."""
RIGHT_PLACES: Final = _by_id(tuple(Place(c, "right") for c in CARD_IDS))
"""``place cNN right`` by card id."""
SOLO_RIGHT_ENDS: Final[tuple[tuple[SoloPlace, ...], ...]] = (
    (),
    *(tuple(SoloPlace(c, k) for k in range(1, SOLO_HIKES + 1)) for c in CARD_IDS),
)
"""``solo cNN hikeK`` by card id, then hike index (K - 1)."""
SOLO_LEFT_ENDS: Final[tuple[tuple[SoloPlace, ...], ...]] = (
    (),
    *(tuple(SoloPlace(c, k, "left") for k in range(1, SOLO_HIKES + 1)) for c in CARD_IDS),
)
"""``solo cNN hikeK left`` by card id, then hike index (option ``solo_either_end``)."""
ASSIGNS: Final[tuple[tuple[Assign, ...], ...]] = (
    (),
    *(tuple(Assign(s, k) for k in range(1, SOLO_HIKES + 1)) for s in SCORE_IDS),
)
"""``assign <score-card> hikeK`` by score card id, then hike index."""
DRAW: Final = Draw()
"""``draw``."""
DONE: Final = Done()
"""``done``."""


# -- the parser: the inverse of str(action) ------------------------------------

_FORMS = (
    "take N (1-4), pick cNN, place cNN left|right, draw, solo cNN hikeN [left|right], "
    "assign <score-card> hikeN, done"
)


_WORDS: Final[dict[str, Action]] = {Draw.verb: DRAW, Done.verb: DONE}
_READ: Final = Reader("bear_mountain: cannot read action")
_bad: Final = _READ.bad


def _card(text: str, word: str) -> int:
    digits = word[1:]
    if word[:1] != "c" or not digits.isdigit() or not digits.isascii():
        raise _bad(text, f"{word!r} is not a card (write c01 .. c{len(CARD_IDS):02d})")
    card = int(digits)
    if card not in CARD_IDS:
        raise _bad(text, f"there is no card {word} (cards are c01 .. c{len(CARD_IDS):02d})")
    return card


def _hike(text: str, word: str) -> int:
    digits = word[4:]
    if word[:4] != "hike" or not digits.isdigit() or not digits.isascii():
        raise _bad(text, f"{word!r} is not a hike (write hike1 .. hike5)")
    hike = int(digits)
    if not 1 <= hike <= 5:
        raise _bad(text, f"there is no {word} (hikes are hike1 .. hike5)")
    return hike


def parse_action(text: str) -> Action:
    """The action written as `text`; MalformedActionError names what is wrong."""
    verb, args = _READ.split(text, _FORMS)
    if verb in _WORDS:
        if args:
            raise _bad(text, f"{verb!r} takes nothing after it")
        return _WORDS[verb]
    if verb == "take" and len(args) == 1:
        if not args[0].isdigit() or not args[0].isascii() or not 1 <= int(args[0]) <= 4:
            raise _bad(text, "the face-up slot must be 1, 2, 3 or 4")
        return TAKES[int(args[0]) - 1]
    if verb == "pick" and len(args) == 1:
        return PICKS[_card(text, args[0])]
    if verb == "place" and len(args) == 2:
        if args[1] not in ("left", "right"):
            raise _bad(text, "the side must be left or right")
        return (LEFT_PLACES if args[1] == "left" else RIGHT_PLACES)[_card(text, args[0])]
    if verb == "solo" and len(args) in (2, 3):
        side = args[2] if len(args) == 3 else "right"
        if side not in ("left", "right"):
            raise _bad(text, "the end of a solo hike must be left or right")
        ends = SOLO_LEFT_ENDS if side == "left" else SOLO_RIGHT_ENDS
        return ends[_card(text, args[0])][_hike(text, args[1]) - 1]
    if verb == "assign" and len(args) == 2:
        if args[0] not in SCORE_BY_SLUG:
            raise _bad(text, f"there is no score card {args[0]!r}")
        return ASSIGNS[SCORE_BY_SLUG[args[0]]][_hike(text, args[1]) - 1]
    raise _bad(text, f"expected one of: {_FORMS}")
