"""The conformance checks of the ``elements`` capability (playing by touching the table).

At every state it checks, for each seat to act: every legal action names at least one
element, each drawn in that seat's ``render_html`` page (``data-el``), labelled and
reachable by keyboard; no two legal actions name the same elements (so touches can
tell every one apart: `meeple.core.elements.touch`); and for every seat, nothing the
page's elements say depends on what the seat may not see: the ids drawn, and the
reason given for each element no legal action uses, are the same in states dealt
from the seat's view (`determinize`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.capabilities import offers
from ..core.elements import ELEMENT_ID
from ..core.elements import Choice
from ..core.elements import choices
from ..core.elements import drawn_elements
from ..core.elements import refusals
from ..core.protocols import State
from .secrecy import Seat
from .secrecy import deal_seats
from .secrecy import picture
from .where import Where
from .where import expect
from .where import guard

__all__ = ["check_elements"]


def check_elements(
    game: Any,
    state: State,
    where: Where,
    seats: Sequence[Seat] | None = None,
    determinize_seeds: tuple[int, ...] = (1,),
) -> None:
    """The ``elements`` capability keeps its promise at this state (see the module).

    `seats`: each seat's view and the worlds the kit dealt back from it, with the pages
    drawn so far (`meeple.testing.secrecy`); without them they are dealt here from
    `determinize_seeds`. The first world of each seat is compared.
    """
    expect(
        offers(game, "html"),
        where,
        "a game that offers elements must offer html: element ids name what render_html draws",
    )
    if seats is None:
        seats = deal_seats(game, state, determinize_seeds)
    for seat in seats:
        p, view = seat.player, seat.view
        page = guard(where, f"render_html(view({p}))", picture, game, seat, "render_html")
        drawn = drawn_elements(page)
        bad = sorted(e for e in drawn.labels if not ELEMENT_ID.fullmatch(e))
        expect(not bad, where, f"render_html(view({p})) draws element ids {bad} of a bad shape")
        expect(
            not drawn.unreachable,
            where,
            f"render_html(view({p})) draws elements {sorted(set(drawn.unreachable))} without "
            "a label (aria-label) or a keyboard stop (tabindex)",
        )
        acting = p is not None and p in state.to_act
        options: tuple[Choice, ...] = ()
        reasons: dict[str, str] = {}
        if p is not None and acting:
            options = _choices(game, state, view, p, drawn.labels, where)
            reasons = _reasons(game, state, p, page, options, drawn.labels, where)
        for world in seat.worlds[:1]:
            other, again = world.state, world.view
            # the same view draws the same page (the kit compares the pictures of worlds)
            page2 = page if again == view else game.render_html(again)
            ids = drawn_elements(page2).labels if page2 is not page else drawn.labels
            expect(
                sorted(ids) == sorted(drawn.labels),
                where,
                f"the element ids of view({p})'s page change when what "
                f"{'a spectator' if p is None else f'player {p}'} cannot see is dealt again "
                "(they reveal hidden information)",
            )
            if acting and p is not None:
                options2 = choices(game, again, other.legal_actions(p))
                reasons2 = _reasons(game, other, p, page2, options2, ids, where)
                for element, text in reasons.items():
                    expect(
                        reasons2.get(element) == text,
                        where,
                        f"the reason shown for touching {element!r} ({text!r}) depends on "
                        f"something view({p}) does not show: in a state dealt from that view "
                        f"it reads {reasons2.get(element)!r}",
                    )


def _choices(
    game: Any, state: State, view: Any, p: int, drawn: dict[str, str], where: Where
) -> tuple[Choice, ...]:
    acts = state.legal_actions(p)
    options: tuple[Choice, ...] = guard(
        where, f"elements(view({p}), ...)", choices, game, view, acts
    )
    seen: dict[frozenset[str], str] = {}
    for option in options:
        ids = option.elements
        text = option.notation
        expect(
            isinstance(game.elements(view, option.action), tuple),
            where,
            f"elements(view({p}), {text!r}) must return a tuple of ids",
        )
        expect(
            bool(ids) and all(isinstance(e, str) for e in ids),
            where,
            f"elements(view({p}), {text!r}) names no element: the action cannot be touched",
        )
        expect(len(set(ids)) == len(ids), where, f"elements(view({p}), {text!r}) repeats an id")
        missing = [e for e in ids if e not in drawn]
        expect(
            not missing,
            where,
            f"elements(view({p}), {text!r}) names {missing}, which render_html(view({p})) "
            "does not draw",
        )
        key = frozenset(ids)
        expect(
            key not in seen,
            where,
            f"legal actions {seen.get(key)!r} and {text!r} name the same elements {sorted(ids)}: "
            "touches cannot tell them apart",
        )
        seen[key] = text
        expect(
            tuple(game.elements(view, option.action)) == ids,
            where,
            f"elements(view({p}), {text!r}) is not deterministic",
        )
    return options


def _reasons(
    game: Any,
    state: State,
    p: int,
    page: str,
    options: tuple[Choice, ...],
    drawn: dict[str, str],
    where: Where,
) -> dict[str, str]:
    found = guard(where, f"refusals for player {p}", refusals, game, state, p, page, options, drawn)
    out: dict[str, str] = {}
    for element, refusal in found.items():
        text = refusal.text
        expect(
            isinstance(text, str) and bool(text.strip()) and "\n" not in text,
            where,
            f"the reason for touching {element!r} must be one line, got {text!r}",
        )
        out[element] = text
    return out
