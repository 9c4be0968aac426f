"""Text pictures of a Wypas view: hands, pens, fleeces, the auction, the track; plain for
logs and pipes, the sheep in their colours for terminals."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .actions import DOWN
from .components import COLOURS
from .components import FACE_NAME
from .components import KIND_NAME
from .components import face_of
from .components import kind_of
from .explain import prompt
from .explain import special_text
from .palette import BLACK
from .palette import MARK
from .palette import SHEEP
from .palette import SPECIAL
from .palette import SUPER
from .palette import WOLF
from .state import REACT
from .state import TAKE
from .state import Phase
from .view import View

if TYPE_CHECKING:
    from rich.text import Text

__all__ = ["legend", "render", "render_styled", "seat_marks"]


def _cards(kinds: tuple[int, ...]) -> str:
    return " ".join(KIND_NAME[k] for k in kinds) or "-"


def _pen(cards: tuple[int, ...], wolf: bool) -> str:
    shown = []
    for c in cards:
        face = face_of(c)
        name = KIND_NAME[kind_of(c)]
        if face == 0:
            shown.append("black")
        elif name.startswith(("dolly-", "super")):
            shown.append(f"{FACE_NAME[face]}({name})")
        else:
            shown.append(name)
    text = " ".join(shown) or "empty"
    return f"[{text}]" + (" +wolf" if wolf else "")


def _unseen_discards(v: View) -> int:
    """Cards other seats discarded face down (an unchecked bluff): counted, never named."""
    return sum(c for q, c in enumerate(v.buried_counts) if q != v.player)


def seat_marks(v: View, p: int) -> list[str]:
    """What seat `p` is now, as the text and the HTML pictures both mark it: the baca,
    the seat to act, or offered a special card."""
    marks = []
    if p == v.baca:
        marks.append("baca")
    if p == v.actor:
        marks.append("to act")
    elif p in v.to_act:  # only ever this seat: other offers are not in its view
        marks.append("offered a special card")
    return marks


def render(v: View) -> str:
    """Several lines of text describing the table as `v.player` sees it."""
    lines = [
        f"Wypas - round {v.round}, baca p{v.baca}, phase {Phase(v.phase).name.lower()}"
        + (f" (you are p{v.player})" if v.player is not None else " (spectator)"),
        f"deck {v.deck_count} cards, discard {len(v.discard) + _unseen_discards(v)} cards"
        + (f" ({_unseen_discards(v)} face down)" if _unseen_discards(v) else ""),
    ]
    if v.drawn_count:
        lots = _cards(v.drawn) if v.drawn else f"{v.drawn_count} cards (unseen)"
        lines.append(f"drawn lots: {lots}")
    if v.lots or v.has_face_down or v.lot != -2:
        down = ""
        if v.has_face_down:
            down = " + face-down " + (KIND_NAME[v.face_down] if v.face_down >= 0 else "?")
        lines.append(f"lots: {_cards(v.lots)}{down}")
    if v.lot != -2:
        lot = "face-down card" if v.lot == DOWN else KIND_NAME[v.lot]
        lines.append(f"auction of {lot}, opened by p{v.opener}")
    if v.pending and v.phase in (REACT, TAKE):
        dogs = "".join(f", cancelled by p{d}'s dog" for d in v.dogs)
        lines.append(f"special card in play: {special_text(v.pending)}{dogs}")
        when = "resolves before it" if v.phase == REACT else "resolves after it"
        for waiting in v.chain:  # played before the pending card, or after a picking Thief
            dogs = "".join(f", cancelled by p{d}'s dog" for d in waiting[5:])
            lines.append(f"  {when}: {special_text(waiting[:5])}{dogs}")
    for p in range(v.players):
        marks = seat_marks(v, p)
        head = f"p{p}" + (f" ({', '.join(marks)})" if marks else "")
        hand = _cards(v.hand) if p == v.player else f"{v.hand_counts[p]} cards"
        lines.append(f"{head}: {v.points[p]} points, {len(v.fleeces[p])} fleeces; hand {hand}")
        if v.known[p] and p != v.player:
            lines.append(f"    you know p{p} holds: {_cards(v.known[p])}")
        pens = "  ".join(
            f"pen{i + 1} {_pen(v.pens[p][i], bool(v.wolves[p] >> i & 1))}" for i in range(2)
        )
        lines.append(f"    {pens}")
        if v.lot != -2 and (v.laid[p] or v.down[p] != -1 or v.passed >> p & 1):
            out = " (passed)" if v.passed >> p & 1 else ""
            if v.checkers >> p & 1:
                out += " (checked)"
            down = ""
            if v.down[p] != -1:
                card = KIND_NAME[v.down[p]] if v.down[p] >= 0 else "?"
                down = f" + face-down {card} declared {v.declared[p]}"
            lines.append(f"    bid {v.bids[p]}: {_cards(v.laid[p])}{down}{out}")
    lines.append("track: " + "  ".join(f"p{p}={v.points[p]}" for p in range(v.players)))
    lines.append(prompt(v))
    return "\n".join(lines)


def legend(v: View) -> str:
    """What every abbreviation and mark of `render(v)` means (``legend``)."""
    return "\n".join(
        [
            "pN: player N; baca: the player who runs this round (draws the lots, begins)",
            "deck, discard: cards in the draw pile and the discard pile (face down: unseen)",
            "drawn lots, lots: the cards up for auction this round;",
            "  face-down X: the lot laid face down (? when you have not seen it)",
            "auction of X, opened by pN: the lot now bid on",
            "points: the victory track; fleeces: pens sheared so far; hand: your cards,",
            "  or how many others hold; you know pN holds: cards you saw them take",
            "pen1, pen2: the sheep in each pen; +wolf: a wolf in the pen; [empty]: none",
            "bid N: the total a player has laid on this lot, and the cards;",
            "  + face-down X declared N: a bluff card and its declared value;",
            "  (passed): out of this lot's auction; (checked): matched a bluff to see it",
            "cards: colour-N is a sheep of that colour and value; dolly-colour a Dolly,",
            "  super the Super Dolly, colour(dolly-colour) one laid as that colour;",
            "  black, wolf, thief, dog: the special cards",
            "track: every player's points",
        ]
    )


_NAMES = "|".join(COLOURS)
_CARD = re.compile(
    rf"\b(?:dolly-)?(?P<colour>{_NAMES})(?:-\d)?\b|\b(?P<other>super|black|wolf|thief|dog)\b"
)
_OTHER = {"super": SUPER, "black": BLACK, "wolf": WOLF, "thief": SPECIAL, "dog": SPECIAL}
_MARK = re.compile(r"\b\d+ points\b|(?<==)\d+\b|\bto act\b")


def render_styled(v: View) -> Text:
    """`render(v)` in the game's colours (the ``styled`` capability): every sheep on its
    colour, black sheep and wolves dark, points in bold."""
    from rich.text import Text  # here: only a terminal pays for importing rich

    text = Text(render(v))
    plain = text.plain
    for card in _CARD.finditer(plain):
        style = SHEEP[card["colour"]] if card["colour"] else _OTHER[card["other"]]
        text.stylize(style, *card.span())
    for mark in _MARK.finditer(plain):
        text.stylize(MARK, *mark.span())
    return text
