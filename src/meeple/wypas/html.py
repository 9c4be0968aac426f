"""Wypas as HTML: your hand as coloured sheep cards, every pen, fleeces, the auction.

The web front end finds this through the game (`GAME.render_html`), exactly as it
finds a plugin's. It reads only the view and the game's published card tables
(`meeple.wypas.components`); every text is escaped. Other players' hands are
shown as counts plus what this seat knows of them (the view's ``known``), so
nothing hidden can appear. Card elements carry ``data-card`` (the card's
notation name) and ``data-zone`` so tests and styles can find them; what a player
can touch (a card of their hand, a lot, a pen, a sheep, another seat's hand, the
words of the auction) is drawn under the id `elements` gives it.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from collections.abc import Iterable

from meeple.core.elements import element_attrs

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

_COLOUR = {
    "red": "#d64545",
    "orange": "#ee8a2b",
    "yellow": "#e2b92a",
    "green": "#4a9d4f",
    "magenta": "#c2379c",
}
_SPECIAL = {"thief": "#6b5b95", "dog": "#8d6e63", "black": "#2b2b2b", "wolf": "#607d8b"}
_TURNS = {
    int(Phase.HIDE): "while the baca hides a lot",
    int(Phase.CHOOSE): "while a lot is chosen",
    int(Phase.BID): "during a lot's auction",
    int(Phase.REDYK): "during redyk",
    int(Phase.SHEAR): "during shearing",
    int(Phase.AWARD): "while the baca settles a tie",
}
"""The turn a special card interrupted, in words."""
_BOX = (
    "border:1px solid #b7a98a;border-radius:6px;padding:0.3rem 0.5rem;margin:0.3rem 0;"
    "background:#fbf8f1"
)


def _esc(value: object) -> str:
    return html.escape(str(value))


def _card(kind: int, zone: str, face: int | None = None, element: str = "") -> str:
    """One card tile: colour, value (or the face a Dolly shows) and its name; `element`:
    the id it is touched by."""
    name = KIND_NAME[kind]
    colour = KIND_COLOUR[kind]
    if kind == BLACK and face is not None:
        fill, label, text_colour = _SPECIAL["black"], "black sheep", "#fff"
    elif face is not None and face:
        shown = FACE_NAME[face]
        fill = _COLOUR.get(COLOURS[face >> 3], "#999")
        label = shown if shown == name else f"{shown} ({name})"
        text_colour = "#fff"
    elif colour >= 0:
        fill = _COLOUR.get(COLOURS[colour], "#999")
        value = KIND_VALUE[kind]
        label = f"{COLOURS[colour]} {value}" if value else f"Dolly {COLOURS[colour]} (1-6)"
        text_colour = "#fff"
    elif kind == SUPER:
        fill = "linear-gradient(90deg,#d64545,#ee8a2b,#e2b92a,#4a9d4f,#c2379c)"
        label, text_colour = "Super Dolly (any)", "#fff"
    else:
        fill, label, text_colour = _SPECIAL.get(name, "#777"), name, "#fff"
    touch = element_attrs(element, f"{label} ({zone})") if element else ""
    return (
        f'<span class="wy-card" data-card="{_esc(name)}" data-zone="{_esc(zone)}"{touch}'
        f' title="{_esc(label)}" style="display:inline-block;min-width:3.2rem;'
        f"padding:0.15rem 0.35rem;margin:1px;border-radius:4px;background:{fill};"
        f'color:{text_colour};font-size:0.85rem;text-align:center">{_esc(label)}</span>'
    )


def _cards(kinds: Iterable[int], zone: str, touch: Callable[[int], str] | None = None) -> str:
    tiles = "".join(_card(k, zone, element=touch(k) if touch else "") for k in kinds)
    return tiles or '<span class="empty">(none)</span>'


def _in(zone: str) -> Callable[[int], str]:
    """The cards of a zone are touched by kind (``hand-red-3``)."""
    return lambda kind: card_id(zone, kind)


def _known_of(seat: int) -> Callable[[int], str]:
    """The cards this seat knows `seat` holds are touched by kind (a Thief's take)."""
    return lambda kind: known_id(seat, kind)


def _word(element: str, text: str, label: str = "") -> str:
    return (
        f'<span class="wy-word"{element_attrs(element, label or text)}'
        ' style="display:inline-block;'
        "padding:0.1rem 0.5rem;margin:1px;border:1px solid #8d6e63;border-radius:4px;"
        f'background:#fff">{_esc(text)}</span>'
    )


def _words(view: View) -> str:
    """The words of the seat's decision (pass, done, check...) and the value and colour
    pickers a Dolly needs, for the seat to act."""
    down, check, pass_, done, bleat, _, _, _ = TOKENS
    opts = view.options
    phase = view.phase
    words = [_word(pass_, "pass"), _word(done, "done")]
    if opts.bluff and phase == BID:
        words += [_word(check, "check"), _word(down, "lay face down")]
    if opts.bleating and phase == SHEAR:
        words.append(_word(bleat, "meee! (bleat)"))
    if phase in (BID, REDYK):
        values = "".join(
            _word(value_id(v), str(v), f"value {v} (a Dolly's, or a face-down bid's)")
            for v in range(1, MAX_VALUE + 1)
        )
        words.append(f"value {values}")
    if phase == REDYK:
        colours = "".join(
            _word(colour_id(c), name, f"colour {name} (the Super Dolly's)")
            for c, name in enumerate(COLOURS)
        )
        words.append(f"colour {colours}")
    return f'<p class="wy-words">{" ".join(words)}</p>'


def _seat(view: View, p: int) -> str:
    return f"p{p}" + (" (you)" if p == view.player else "")


def render_html(view: View) -> str:
    """Status, your hand, the auction, the special card in play, then every seat's table."""
    n = int(view.players)
    me = view.player
    phase = Phase(view.phase).name.lower()
    parts = ['<div class="wy-table">']
    actor = f"p{view.actor}" if view.actor >= 0 else "nobody"
    opts = view.options
    flags = [
        f"bleating {'on' if opts.bleating else 'off'}",
        f"specials {'on' if opts.specials else 'off'}",
        f"bluff {'on' if opts.bluff else 'off'}",
        f"round limit {opts.max_rounds}",
    ]
    unseen = sum(int(c) for q, c in enumerate(view.buried_counts) if q != me)
    unseen_text = f" ({unseen} face down)" if unseen else ""
    parts.append(
        f'<p class="wy-status" data-phase="{_esc(phase)}">Round {int(view.round)} · baca '
        f"{_esc(_seat(view, view.baca))} · phase <b>{_esc(phase)}</b> · to act "
        f"{_esc(actor)} · deck {int(view.deck_count)} cards · discards "
        f"{len(view.discard) + unseen} cards{unseen_text}"
        f"<br><small>{_esc(', '.join(flags))}</small></p>"
    )

    if me is not None:
        parts.append(
            f'<h3>Your hand ({len(view.hand)})</h3><div class="wy-hand" data-field="hand">'
            f"{_cards(view.hand, 'hand', _in('hand'))}</div>"
        )
        if me == view.actor:
            parts.append(_words(view))
        elif me in view.to_act:  # offered a special card: only this seat's view shows it
            wait = _word(TOKENS[7], "wait (not now)", "wait: keep your special card for later")
            parts.append(f'<p class="wy-words">{wait}</p>')

    # The auction.
    auction = []
    if view.drawn:
        drawn = _cards(view.drawn, "drawn", _in("drawn"))
        auction.append(f"<p>Drawn lots (only you see them): {drawn}</p>")
    elif view.drawn_count:
        auction.append(f"<p>The baca has drawn {int(view.drawn_count)} lots.</p>")
    auction.append(f"<p>Face-up lots: {_cards(view.lots, 'lots', _in('lot'))}</p>")
    if view.has_face_down:
        lot_down = TOKENS[6]  # "lot-down"
        secret = (
            _card(view.face_down, "face-down", element=lot_down)
            if view.face_down >= 0
            else f'<span class="wy-back"{element_attrs(lot_down, "the face-down lot")}>'
            "a face-down card</span>"
        )
        auction.append(f"<p>Face-down lot: {secret}</p>")
    if view.lot >= 0:
        auction.append(f"<p>Under auction: {_card(view.lot, 'lot')}</p>")
    elif view.lot == -1:
        auction.append("<p>Under auction: the face-down lot</p>")
    if view.lot != -2:
        top = view.bids[view.high] if view.high >= 0 else 0
        holder = _esc(_seat(view, view.high)) if view.high >= 0 else "nobody"
        rows = []
        for p in range(n):
            status = []
            if view.passed >> p & 1:
                status.append("passed")
            if view.checkers >> p & 1:
                status.append("checked")
            if p == view.high:
                status.append("high bid")
            down = view.down[p]
            if down >= 0:
                hidden = f"face-down {_card(down, 'own-down')} as {int(view.declared[p])}"
            elif down == -2:
                hidden = f"a face-down card declared {int(view.declared[p])}"
            else:
                hidden = ""
            rows.append(
                f'<tr data-player="{p}"><th scope="row">{_esc(_seat(view, p))}</th>'
                f"<td>{int(view.bids[p])}</td><td>{_cards(view.laid[p], 'bid')} {hidden}</td>"
                f"<td>{_esc(', '.join(status))}</td></tr>"
            )
        auction.append(
            f"<p>Bid in force: <b>{int(top)}</b> by {holder}; "
            f"opener {_esc(_seat(view, view.opener))}"
            '</p><table class="wy-bids" style="border-spacing:0.8rem 0.1rem">'
            "<tr><th></th><th>bid</th><th>cards laid</th>"
            f"<th></th></tr>{''.join(rows)}</table>"
        )
    parts.append(f'<h3>Auction</h3><div class="wy-auction" style="{_BOX}">{"".join(auction)}</div>')

    # The special card in play (its reactions, or a Thief's pick).
    if view.pending:
        when = _TURNS.get(int(view.resume[0]), "") if view.resume else ""
        who, kind, target, pen, face = view.pending
        what = f"{_esc(_seat(view, who))} played {_card(kind, 'pending', element='pending')} on "
        what += _esc(_seat(view, target))
        if pen:
            what += f" pen {int(pen)}"
        if face:
            what += f" (taking {_esc(FACE_NAME[face])})"
        lines = [f"<p>{what}, {_esc(when)}; passes in a row: {int(view.passes)}</p>"]
        if view.dogs:
            dogs = ", ".join(_seat(view, d) for d in view.dogs)
            lines.append(f"<p>Cancelled by Sheepdogs of: {_esc(dogs)}</p>")
        for card in view.chain:  # played before the card above, or after the picking Thief
            dogs = "".join(f", cancelled by {_seat(view, d)}'s Sheepdog" for d in card[5:])
            when = "Resolves before it" if view.phase == Phase.REACT else "Resolves after it"
            lines.append(f"<p>{when}: {_esc(special_text(card[:5]) + dogs)}</p>")
        parts.append(
            f'<h3>Special card</h3><div class="wy-special" style="{_BOX}">{"".join(lines)}</div>'
        )

    # Victory track and every seat's table.
    body = []
    for p in range(n):
        pens = []
        for i, row in enumerate(view.pens[p]):
            wolf = bool(view.wolves[p] >> i & 1)
            tiles = "".join(
                _card(kind_of(x), "pen", face_of(x), sheep_id(p, i + 1, face_of(x))) for x in row
            )
            if wolf:
                tiles += _card(WOLF, "pen-wolf")
            touch = element_attrs(pen_id(p, i + 1), f"pen {i + 1} of {_seat(view, p)}")
            pens.append(
                f'<div data-pen="{i + 1}"{touch}>pen {i + 1}: {tiles or "<i>empty</i>"}</div>'
            )
        fleeces = "".join(
            f'<span class="wy-fleece" title="{len(f)} cards">[{_cards(f, "fleece")}]</span>'
            for f in view.fleeces[p]
        )
        known = ""
        if p != me and me is not None and view.known[p]:
            knows = _cards(view.known[p], "known", _known_of(p))
            known = f"<br>you know: {knows}"
        marks = seat_marks(view, p)
        if p == view.final_from:
            marks.append("first fifth fleece")
        award = element_attrs(seat_id(p), _seat(view, p)) if view.phase == AWARD else ""
        count = int(view.hand_counts[p])
        hand = f"<span{element_attrs(hands_id(p), f'hand of {_seat(view, p)}: {count}')}>"
        body.append(
            f'<tr data-player="{p}"><th scope="row"{award}>{_esc(_seat(view, p))}'
            f"<br><small>{_esc(', '.join(marks))}</small></th>"
            f"<td>{int(view.points[p])}"
            + (f" (bonus {int(view.bonus[p])})" if view.bonus[p] else "")
            + f"</td><td>{len(view.fleeces[p])} {fleeces}</td>"
            f"<td>{''.join(pens)}</td><td>{hand}{count}</span>{known}</td></tr>"
        )
    parts.append(
        '<h3>Players</h3><table class="wy-players" style="border-spacing:0.8rem 0.2rem">'
        "<tr><th></th><th>points</th>"
        f"<th>fleeces</th><th>pens</th><th>cards in hand</th></tr>{''.join(body)}</table>"
    )
    if view.discard:
        parts.append(
            f"<details><summary>Discard pile</summary>{_cards(view.discard, 'discard')}</details>"
        )
    parts.append("</div>")
    return "".join(parts)
