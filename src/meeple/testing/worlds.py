"""The kit's checks of the views at one state, and the worlds it deals back from them.

Each seat's view and the spectator's: well formed, telling the truth about who acts
(`meeple.testing.to_act`), deterministic and a JSON round trip; and for each of a few
seeds, a world dealt back from it (``game.determinize``) that shows the seat the very
same view (else the view leaks) and the same legal actions, in which every seat to act
has a move. The worlds (`meeple.testing.secrecy.Seat`) serve every later check that
compares what a seat is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.base import StateBase
from ..core.protocols import Game
from ..core.protocols import State
from ..core.protocols import View
from .roundtrip import roundtrip
from .secrecy import Seat
from .secrecy import World
from .to_act import check_view_to_act
from .where import Where
from .where import differs
from .where import expect
from .where import expect_hashable
from .where import guard

__all__ = ["check_views", "deal_world"]


def check_views(
    game: Game, state: State, fresh: State, where: Where, seeds: Sequence[int]
) -> tuple[Seat, ...]:
    """Each seat's view and the spectator's: well formed, showing who acts truthfully,
    unchanged in the worlds dealt back from it (nothing leaks), each a JSON round trip."""
    seats: list[Seat] = []
    public: frozenset[int] = frozenset()
    for p in (None, *range(state.players)):
        view: View = guard(where, f"view({p})", state.view, p)
        expect_hashable(view, where, f"view({p})")
        expect(view.player == p, where, f"view({p}).player is {view.player}")
        expect(view.players == state.players, where, f"view({p}).players is {view.players}")
        if p is None:
            public = view.to_act
        check_view_to_act(view.to_act, p, state.to_act, public, where)
        if isinstance(state, StateBase):
            seen = guard(where, f"seen_to_act({p})", state.seen_to_act, p)
            expect(
                seen == view.to_act,
                where,
                f"seen_to_act({p}) is {set(seen)}, but view({p}).to_act is {set(view.to_act)}",
            )
        again = fresh.view(p)
        expect(view == again, where, f"view({p}) is not deterministic{differs(view, again)}")
        text = guard(where, f"render(view({p}))", game.render, view)
        expect(isinstance(text, str), where, "render must return text")
        worlds = tuple(deal_world(game, state, view, p, dseed, where) for dseed in seeds)
        seats.append(Seat(p, view, worlds, {"render": text}))
        # After determinize's own check, so that a view it cannot rebuild is reported as
        # such (the codec refuses such a view too, with a vaguer reason).
        roundtrip(game, view, where, f"view({p})")
    return tuple(seats)


def deal_world(
    game: Game, state: State, view: View, p: int | None, dseed: int, where: Where
) -> World:
    """A world dealt back from `view`: it shows p the same view (else the view leaks), p's
    legal actions are the true ones, and every seat to act there has a move."""
    other = guard(where, f"determinize(view({p}), {dseed})", game.determinize, view, dseed)
    expect(other.players == state.players, where, "determinized state has another player count")
    again = guard(where, f"determinized.view({p})", other.view, p)
    expect(
        again == view,
        where,
        f"determinize(view({p}), {dseed}).view({p}) differs from the view "
        f"(the view leaks or determinize is inconsistent){differs(view, again)}",
    )
    if p is not None and p in state.to_act:
        expect(
            other.legal_actions(p) == state.legal_actions(p),
            where,
            f"player {p}'s legal actions depend on something view({p}) does not show",
        )
    for q in sorted(other.to_act):
        # Search bots play on in the worlds they sample: every seat to act there must
        # have a move, whatever determinize dealt it.
        expect(
            len(guard(where, f"determinized.legal_actions({q})", other.legal_actions, q)) > 0,
            where,
            f"in determinize(view({p}), {dseed}) player {q} is to act but has no "
            "legal action (the hidden part was dealt inconsistently)",
        )
    return World(dseed, other, again)
