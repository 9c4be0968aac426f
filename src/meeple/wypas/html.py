"""Wypas as HTML: your hand as coloured sheep cards, every pen, fleeces, the auction.

The web front end finds this through the game (`GAME.render_html`), exactly as it
finds a plugin's. It reads only the view and the game's published card tables
(`meeple.wypas.components`). Other players' hands are shown as counts plus what this
seat knows of them (the view's ``known``), so nothing hidden can appear. The markup
is the template ``templates/table.html`` (escaping by default, see
`meeple.core.templates`); this module prepares what it shows. Card elements carry
``data-card`` (the card's notation name) and ``data-zone`` so tests and styles can find
them; what a player can touch (a card of their hand, a lot, a pen, a sheep, another
seat's hand, the words of the auction) is drawn under the id `elements` gives it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from collections.abc import Iterable

import attrs

from meeple.core.templates import draw_piece
from meeple.core.templates import render_table

from .components import BLACK
from .components import COLOURS
from .components import FACE_NAME
from .components import KIND_COLOUR
from .components import KIND_NAME
from .components import KIND_VALUE
from .components import MAX_VALUE
from .components import SUPER
from .components import WOLF
from .components import face_of
from .components import kind_of
from .elements import TOKENS
from .elements import card_id
from .elements import colour_id
from .elements import hands_id
from .elements import known_id
from .elements import pen_id
from .elements import seat_id
from .elements import sheep_id
from .elements import value_id
from .explain import special_text
from .render import seat_marks
from .state import AWARD
from .state import BID
from .state import REDYK
from .state import SHEAR
from .state import Phase
from .view import View

__all__ = ["render_html"]

_TURNS = {
    int(Phase.HIDE): "while the baca hides a lot",
    int(Phase.CHOOSE): "while a lot is chosen",
    int(Phase.BID): "during a lot's auction",
    int(Phase.REDYK): "during redyk",
    int(Phase.SHEAR): "during shearing",
    int(Phase.AWARD): "while the baca settles a tie",
}
"""The turn a special card interrupted, in words."""
_DOWN, _CHECK, _PASS, _DONE, _BLEAT, _PENDING, _LOT_DOWN, _WAIT = TOKENS


@attrs.frozen
class Card:
    """One card tile: its name, where it lies, what it reads, its colour, its element."""

    name: str
    zone: str
    label: str
    fill: str
    """The colour it is drawn in (a colour's name, ``super``, or a special card's name)."""
    element: str = ""
    """The id it is touched by, or empty."""

    def __html__(self) -> str:
        """The tile, as ``templates/card.html`` draws it (where a template prints it)."""
        return draw_piece(__package__, "card.html", self)


@functools.cache
def _look(kind: int, face: int | None) -> tuple[str, str]:
    """(label, fill) of a card of `kind` (in a pen: showing `face`, a Dolly's choice)."""
    name, colour = KIND_NAME[kind], KIND_COLOUR[kind]
    if kind == BLACK and face is not None:
        return "black sheep", "black"
    if face is not None and face:
        shown = FACE_NAME[face]
        return (shown if shown == name else f"{shown} ({name})"), COLOURS[face >> 3]
    if colour >= 0:
        value = KIND_VALUE[kind]
        label = f"{COLOURS[colour]} {value}" if value else f"Dolly {COLOURS[colour]} (1-6)"
        return label, COLOURS[colour]
    if kind == SUPER:
        return "Super Dolly (any)", "super"
    return name, name


def card(kind: int, zone: str, face: int | None = None, element: str = "") -> Card:
    """A tile for a card of `kind` lying in `zone`."""
    return Card(KIND_NAME[kind], zone, *_look(kind, face), element)


def _cards(
    kinds: Iterable[int], zone: str, touch: Callable[[int], str] | None = None
) -> list[Card]:
    return [card(k, zone, element=touch(k) if touch else "") for k in kinds]


def _in(zone: str) -> Callable[[int], str]:
    """The cards of a zone are touched by kind (``hand-red-3``)."""
    return lambda kind: card_id(zone, kind)


def _known_of(seat: int) -> Callable[[int], str]:
    """The cards this seat knows `seat` holds are touched by kind (a Thief's take)."""
    return lambda kind: known_id(seat, kind)


@attrs.frozen
class Word:
    """A touchable word of the auction (``pass``) or a picker's choice."""

    element: str
    text: str
    label: str


def _word(element: str, text: str, label: str = "") -> Word:
    return Word(element, text, label or text)


def _words(view: View) -> list[tuple[str, list[Word]]]:
    """The words of the seat's decision (pass, done, check...) and the value and colour
    pickers a Dolly needs, each group with its heading (empty: none)."""
    opts, phase = view.options, view.phase
    words = [_word(_PASS, "pass"), _word(_DONE, "done")]
    if opts.bluff and phase == BID:
        words += [_word(_CHECK, "check"), _word(_DOWN, "lay face down")]
    if opts.bleating and phase == SHEAR:
        words.append(_word(_BLEAT, "meee! (bleat)"))
    groups = [("", words)]
    if phase in (BID, REDYK):
        label = "value {} (a Dolly's, or a face-down bid's)"
        values = [_word(value_id(v), str(v), label.format(v)) for v in range(1, MAX_VALUE + 1)]
        groups.append(("value", values))
    if phase == REDYK:
        label = "colour {} (the Super Dolly's)"
        colours = [_word(colour_id(c), name, label.format(name)) for c, name in enumerate(COLOURS)]
        groups.append(("colour", colours))
    return groups


def _decision(view: View) -> list[tuple[str, list[Word]]]:
    """The words the seat may use now: its decision's, or ``wait`` if offered a card."""
    me = view.player
    if me is None:
        return []
    if me == view.actor:
        return _words(view)
    if me in view.to_act:  # offered a special card: only this seat's view shows it
        return [("", [_word(_WAIT, "wait (not now)", "wait: keep your special card for later")])]
    return []


def _seat(view: View, p: int) -> str:
    return f"p{p}" + (" (you)" if p == view.player else "")


def _status(view: View) -> dict[str, object]:
    me, opts = view.player, view.options
    unseen = sum(int(c) for q, c in enumerate(view.buried_counts) if q != me)
    flags = [
        f"bleating {'on' if opts.bleating else 'off'}",
        f"specials {'on' if opts.specials else 'off'}",
        f"bluff {'on' if opts.bluff else 'off'}",
        f"round limit {opts.max_rounds}",
    ]
    return {
        "phase": Phase(view.phase).name.lower(),
        "round": int(view.round),
        "baca": _seat(view, view.baca),
        "actor": f"p{view.actor}" if view.actor >= 0 else "nobody",
        "deck": int(view.deck_count),
        "discards": len(view.discard) + unseen,
        "unseen": unseen,
        "flags": ", ".join(flags),
    }


@attrs.frozen
class Bidder:
    """A row of the auction: a seat's bid, the cards it laid, a face-down card, its state."""

    player: int
    seat: str
    bid: int
    laid: list[Card]
    down: Card | None
    """Its own face-down card (only its own view shows which)."""
    declared: int | None
    """What a face-down card was declared as, if one lies there."""
    status: str


def _bidder(view: View, p: int) -> Bidder:
    status = [
        word
        for word, on in (
            ("passed", view.passed >> p & 1),
            ("checked", view.checkers >> p & 1),
            ("high bid", p == view.high),
        )
        if on
    ]
    down = view.down[p]
    return Bidder(
        player=p,
        seat=_seat(view, p),
        bid=int(view.bids[p]),
        laid=_cards(view.laid[p], "bid"),
        down=card(down, "own-down") if down >= 0 else None,
        declared=int(view.declared[p]) if down >= 0 or down == -2 else None,
        status=", ".join(status),
    )


def _auction(view: View) -> dict[str, object]:
    """The lots, the lot under auction and, while one is, every seat's bid."""
    seen = view.has_face_down and view.face_down >= 0  # the baca sees its face-down lot
    bidding = view.lot != -2
    return {
        "drawn": _cards(view.drawn, "drawn", _in("drawn")),
        "drawn_count": int(view.drawn_count),
        "lots": _cards(view.lots, "lots", _in("lot")),
        "face_down": card(view.face_down, "face-down", element=_LOT_DOWN) if seen else None,
        "face_down_back": view.has_face_down and not seen,
        "face_down_id": _LOT_DOWN,
        "lot": card(view.lot, "lot") if view.lot >= 0 else None,
        "lot_face_down": view.lot == -1,
        "bidding": bidding,
        "top": int(view.bids[view.high]) if view.high >= 0 else 0,
        "holder": _seat(view, view.high) if view.high >= 0 else "nobody",
        "opener": _seat(view, view.opener),
        "bidders": [_bidder(view, p) for p in range(int(view.players))] if bidding else [],
    }


@attrs.frozen
class Special:
    """The special card in play: who played it on whom, and how it stands."""

    who: str
    card: Card
    target: str
    pen: int
    face: str
    when: str
    passes: int
    dogs: str
    chain: list[tuple[str, str]]
    """The other cards of the chain, not resolved yet: (when each resolves, what it is)."""


def _special(view: View) -> Special | None:
    if not view.pending:
        return None
    who, kind, target, pen, face = view.pending
    return Special(
        who=_seat(view, who),
        card=card(kind, "pending", element=_PENDING),
        target=_seat(view, target),
        pen=int(pen),
        face=FACE_NAME[face] if face else "",
        when=_TURNS.get(int(view.resume[0]), "") if view.resume else "",
        passes=int(view.passes),
        dogs=", ".join(_seat(view, d) for d in view.dogs),
        chain=_chain(view),
    )


def _chain(view: View) -> list[tuple[str, str]]:
    """Cards played before the card in play (a reaction), or after the picking Thief."""
    when = "Resolves before it" if view.phase == Phase.REACT else "Resolves after it"
    return [
        (
            when,
            special_text(card[:5])
            + "".join(f", cancelled by {_seat(view, d)}'s Sheepdog" for d in card[5:]),
        )
        for card in view.chain
    ]


@attrs.frozen
class Pen:
    """One pen: its sheep (each touchable), a wolf in it, and the pen's own element."""

    number: int
    sheep: list[Card]
    wolf: Card | None
    element: str
    label: str


@attrs.frozen
class Player:
    """A row of the players table."""

    player: int
    seat: str
    marks: str
    award: bool
    """Whether the baca may award the lot to this seat now (a touchable seat)."""
    points: int
    bonus: int
    fleeces: list[list[Card]]
    pens: list[Pen]
    hand: int
    known: list[Card]


def _pens(view: View, p: int) -> list[Pen]:
    pens = []
    for i, row in enumerate(view.pens[p]):
        sheep = [card(kind_of(x), "pen", face_of(x), sheep_id(p, i + 1, face_of(x))) for x in row]
        wolf = card(WOLF, "pen-wolf") if view.wolves[p] >> i & 1 else None
        pens.append(Pen(i + 1, sheep, wolf, pen_id(p, i + 1), f"pen {i + 1} of {_seat(view, p)}"))
    return pens


def _player(view: View, p: int) -> Player:
    me = view.player
    marks = seat_marks(view, p)
    if p == view.final_from:
        marks.append("first fifth fleece")
    known = view.known[p] if p != me and me is not None else ()
    return Player(
        player=p,
        seat=_seat(view, p),
        marks=", ".join(marks),
        award=view.phase == AWARD,
        points=int(view.points[p]),
        bonus=int(view.bonus[p]),
        fleeces=[_cards(f, "fleece") for f in view.fleeces[p]],
        pens=_pens(view, p),
        hand=int(view.hand_counts[p]),
        known=_cards(known, "known", _known_of(p)),
    )


def render_html(view: View) -> str:
    """Status, your hand, the auction, the special card in play, then every seat's table."""
    return render_table(
        __package__,
        "table.html",
        status=_status(view),
        me=view.player,
        hand=_cards(view.hand, "hand", _in("hand")),
        words=_decision(view),
        auction=_auction(view),
        special=_special(view),
        players=[_player(view, p) for p in range(int(view.players))],
        seat_id=seat_id,
        hands_id=hands_id,
        discard=_cards(view.discard, "discard"),
    )
