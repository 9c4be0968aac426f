"""What one seat (or a spectator) is shown of a match, as JSON: nothing more than its view.

The payload is built from `state.view(seat)` only, plus public facts (the seat
kinds). Whose turn it is comes from the view too: a seat asked in secret (a Wypas
seat offered a special card) is shown to itself and to nobody else, so neither the
list of seats to act, nor the "waiting for" line, nor "bots are thinking" names it.
The version is the number of moves the seat saw being made (`LiveMatch.version_for`).
While the game is on, the move log shows each move as that seat saw it
(`meeple.core.public.public_move`: the game's ``public`` capability,
``public_notation(action, player, viewer)``; nothing, shown as "(secret move)", for
a hidden-information game without it), and leaves out, numbering and all, a move it
did not see being made. Once the match is finished the whole record is open to
anyone (``GET .../record``), so the log shows every move in full. The outcome
appears only when the game is over, in the codec's one JSON form of an `Outcome`
(what `meeple.dumps` writes).

For a game with the ``elements`` capability, the seat to act is also sent, per legal
action, the ids of the table elements it involves, and for every other element its
page draws, why nothing can be done with it (`meeple.core.elements`): the page then
plays by clicks on the picture. Both come from the seat's view and the rules' own
reasons; the conformance kit proves they reveal nothing the view does not.

Every text a person reads (the title, the prompt, the log, the refusals, the text
picture, the HTML picture, and in the games listing the title and the options'
values) goes through `meeple.core.shown`: a plugin's control or bidirectional
character arrives as its ``\\uXXXX`` escape, never reordering what the page shows.
The legal actions are sent as they are (they are sent back to play them).
"""

from __future__ import annotations

import logging
import typing
from collections.abc import Sequence
from typing import Any

import attrs

from ..core.capabilities import HasElements
from ..core.capabilities import HasHtml
from ..core.codec import to_data
from ..core.elements import choices
from ..core.elements import refusals
from ..core.options import option_fields
from ..core.protocols import Game
from ..core.public import is_seen
from ..core.public import public_move
from ..core.shown import shown
from ..core.thaw import thaw
from .bodies import LogEntry
from .bodies import MatchView
from .bodies import SeatKind
from .bodies import write_body
from .hub import LiveMatch
from .renderers import render_html
from .renderers import render_text
from .seats import HUMAN

__all__ = ["game_summary", "match_payload"]

log = logging.getLogger("meeple.web")


def match_payload(live: LiveMatch, seat: int | None) -> dict[str, Any]:
    """Everything the match page shows `seat` (None: a spectator)."""
    game = live.game
    match = live.match
    state = match.state
    view = state.view(seat)
    to_act = sorted(view.to_act)  # what this seat knows: never another seat's secret turn
    over = state.is_over
    my_turn = seat is not None and seat in state.to_act and not live.finished
    if over:
        prompt = "the game is over"
    elif live.closed is not None:
        prompt = f"the match was closed: {live.closed}"
    elif my_turn:
        prompt = state.prompt(seat)
    else:
        prompt = "waiting for " + ", ".join(f"player {p}" for p in to_act)
    # Bots this seat sees acting: the table's reading, whether or not they are held
    # back for a human asked in secret (which the other seats must not learn); only
    # that human itself is told that nobody is thinking, so that it can answer.
    thinking = (
        not live.finished
        and any(live.seats[p] != HUMAN for p in to_act)
        and seat not in live.humans_asked_in_secret()
    )
    legal = state.legal_actions(seat) if my_turn else ()
    page = render_html(game, view)
    elements, reasons = _touches(game, state, seat, view, legal, page) if my_turn else ((), {})
    body = MatchView(
        match=live.id,
        game=game.spec.name,
        title=shown(game.spec.title),
        version=live.version_for(seat),
        seat=seat,
        players=state.players,
        seats=tuple(SeatKind(p, kind) for p, kind in enumerate(live.seats)),
        to_act=tuple(to_act),
        over=over,
        prompt=shown(prompt),
        waiting_for_bots=thinking and not live.stuck,
        bot_error=live.bot_error,
        closed=live.closed,
        chosen_seed=None if live.chosen_seed is None else str(live.chosen_seed),
        legal=tuple(str(a) for a in legal),
        elements=elements,
        refusals=reasons,
        view=to_data(view, game=game),
        text=shown(render_text(game, view)),
        html=shown(page),
        log=_log(live, seat),
        outcome=to_data(state.outcome()) if over else None,
    )
    return write_body(body)


def _touches(
    game: Game, state: Any, seat: int | None, view: Any, legal: Sequence[Any], page: str
) -> tuple[tuple[tuple[str, ...], ...], dict[str, str]]:
    """Per legal action its element ids, and why each other element drawn does nothing;
    nothing without the capability, or if the game's code for it fails (the notation
    buttons still play: a bug there must not block a match)."""
    if seat is None or not isinstance(game, HasElements) or not isinstance(game, HasHtml):
        return (), {}
    try:
        options = choices(game, view, legal)
        reasons = refusals(game, state, seat, page, options)
    except Exception:
        log.exception(
            "%s: the elements capability failed; the page plays by buttons", game.spec.name
        )
        return (), {}
    return tuple(o.elements for o in options), {e: shown(r.text) for e, r in reasons.items()}


def _log(live: LiveMatch, seat: int | None) -> tuple[LogEntry, ...]:
    game = live.game
    reveal_all = live.finished
    entries: list[LogEntry] = []
    for player, action in live.match.history:
        text = str(action) if reveal_all else public_move(game, action, player, seat)
        if is_seen(text):  # a move this seat did not see being made: not even a line
            move = None if text is None else shown(text)
            entries.append(LogEntry(len(entries) + 1, player, move))
    return tuple(entries)


def game_summary(game: Game) -> dict[str, Any]:
    """A game's spec and its options (name, kind, default, choices) for the lobby."""
    spec = game.spec
    defaults = game.options_type()
    options = []
    for name, tp in option_fields(game.options_type).items():
        entry: dict[str, Any] = {"name": name, **_option_kind(tp)}
        entry["default"] = _shown_value(thaw(getattr(defaults, name)))
        options.append(entry)
    return {
        "name": spec.name,
        "title": shown(spec.title),
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "rules_version": spec.rules_version,
        "hidden_information": spec.hidden_information,
        "simultaneous": spec.simultaneous,
        "modes": list(spec.modes),
        "options": options,
    }


def _option_kind(tp: Any) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    # data (an attrs class, e.g. a custom board) is never chosen over the web
    args = [a for a in typing.get_args(tp) if a is not type(None) and not attrs.has(a)]
    nullable = type(None) in typing.get_args(tp)
    if origin is typing.Literal:
        return {"kind": "choice", "choices": [_shown_value(a) for a in args]}
    if origin is tuple:
        item = _option_kind(args[0]) if args else {"kind": "str"}
        return {"kind": "list", "item": item["kind"]}
    if args and origin is not None and len(args) == 1:  # Optional[X]
        return {**_option_kind(args[0]), "nullable": nullable}
    for kind in (bool, int, float, str):
        if tp is kind:
            return {"kind": kind.__name__}
    return {"kind": "json"}


def _shown_value(value: Any) -> Any:
    """An option's value for the lobby: its texts showable (a choice that needed escaping
    cannot be chosen over the web, and is refused naming the option)."""
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, list):
        return [_shown_value(item) for item in value]
    return value
