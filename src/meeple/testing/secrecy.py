"""The kit's proof that nothing a seat is shown depends on what that seat may not know.

The view check (`meeple.testing.kit`) deals, for each seat and the spectator, worlds
back from the seat's view (``game.determinize(view(p), seed)``) and requires the seat's
view of each to equal its true view. Everything else a seat is shown is held to the
same test here: it must read the same in the true state and in every such world, which
the seat cannot tell apart from the truth. So a text that names a hidden card, or a
score that counts one, fails at the first state where a world dealt the card elsewhere.

Each hook, what it shows, and how it is kept secret (decided once, here):

- ``prompt(p)``, to a seat to act: by construction, since the game's ``_prompt`` hook
  is given view(p), never the state; compared here too (a State written for meeple
  0.1 writes its own ``prompt``).
- ``check(a, p)``, the refusal of a move seat p might try (`refusal_probes`), from
  ``_refusal`` or, for a seat not to act, ``_out_of_turn``: by proof, since the rules
  need the state.
- ``outcome()`` before the end, to everyone: by proof, in the worlds dealt from the
  spectator's view and from each seat's (public facts only, as the contract says).
- ``view(None)``, the spectator's view, to everyone: front ends hand it to every seat as
  what the table sees (PettingZoo's ``render()`` and OpenSpiel's ``str(state)`` draw
  it), so it must tell no seat more than the seat's own view: by proof, in the worlds
  dealt from each seat's view.
- ``render``, ``render_html``, ``render_styled`` and ``legend`` of a view, to its seat:
  by construction (they are given the view); compared in the first world too, since a
  view field left out of ``==`` (attrs ``eq=False``) or a module-level cache could
  carry a secret past the view's own check.
- ``outcome()`` at the end, to everyone (what every adapter's end-of-game reward is made
  from): by proof, in the worlds dealt from the final views, so a score that counts a
  card no seat was shown at the end fails.
- ``statistics(state)`` of a finished game, to anyone reading a report: by proof, in
  the worlds dealt from the final views.
- the view's JSON (``meeple.dumps(view)``: what the web sends as a seat's ``view``, what
  a saved view or an RL client reads), to its seat: compared in the first world too,
  since the codec writes a field that ``==`` leaves out (`written`).
- ``public_notation``, the move log, and the ids and refusals of the page's
  ``elements``: by proof, in these same worlds (`meeple.testing.public`,
  `meeple.testing.elements`).

What the proof rests on: ``determinize`` deals again everything the seat may not know
(the kit checks that what it deals is consistent with the view, not that it re-deals
all of it), and it samples (the states a playout checks, and two worlds a seat at
each). A failure names the hook, the seat, the step and both readings.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any

import attrs

from ..core.capabilities import offers
from ..core.codec import dumps
from ..core.protocols import State
from .where import Where
from .where import differs
from .where import guard

__all__ = [
    "PICTURES",
    "Seat",
    "World",
    "check_secrecy",
    "deal_seats",
    "drawn",
    "picture",
    "refusal_probes",
    "told",
    "told_all",
    "written",
]

SPECTATOR = "the spectator's view(None)"
"""How a failure names the spectator's view, which every seat is shown as the table's."""

REFUSAL_PROBES = 24
"""How many actions each seat is offered at each checked state to compare refusals."""


@attrs.frozen
class World:
    """A state the kit dealt back from a seat's view: determinize's seed, the state, and
    the seat's view of it (found equal to the seat's true view)."""

    seed: int
    state: Any
    view: Any


@attrs.frozen
class Seat:
    """One seat (None: the spectator) of the state under test: its view, and the worlds
    the kit dealt back from that view."""

    player: int | None
    view: Any
    worlds: tuple[World, ...]
    pictures: dict[str, Any] = attrs.field(factory=dict, eq=False)
    """The pictures of `view` drawn so far, by hook name (`PICTURES`): each check that
    needs one draws it once (`picture`)."""


PICTURES = ("render", "render_html", "render_styled", "legend")
"""The game's hooks that draw or explain a view, in the order their leaks are reported."""


def picture(game: Any, seat: Seat, hook: str) -> Any:
    """``game.<hook>(seat.view)``, drawn once for all the checks of a state."""
    known = seat.pictures.get(hook)
    if known is None:
        known = seat.pictures[hook] = getattr(game, hook)(seat.view)
    return known


def deal_seats(game: Any, state: State, seeds: Iterable[int]) -> tuple[Seat, ...]:
    """The spectator's and each seat's view of `state`, with a world dealt back from it
    for each of `seeds` (unchecked: `check_state` deals and checks its own)."""
    seats = []
    for p in (None, *range(state.players)):
        view = state.view(p)
        worlds = []
        for seed in seeds:
            world = game.determinize(view, seed)
            worlds.append(World(seed, world, world.view(p)))
        seats.append(Seat(p, view, tuple(worlds)))
    return tuple(seats)


def _who(p: int | None) -> str:
    return "a spectator" if p is None else f"player {p}"


def told(state: State, p: int | None, probes: Iterable[Any], where: Where) -> dict[str, Any]:
    """What `state` tells seat `p` alone, by the call that tells it: its prompt (a seat
    to act) and the refusal of each of `probes` (a seat, before the end)."""
    out: dict[str, Any] = {}
    if p is None or state.is_over:
        return out
    acting = p in state.to_act
    if acting:
        out[f"prompt({p})"] = guard(where, f"prompt({p})", state.prompt, p)
    kind = "refusal" if acting else "out-of-turn refusal"
    for action in probes:
        out[f"{kind} check({action}, {p})"] = guard(
            where, f"check({action}, {p})", state.check, action, p
        )
    return out


def told_all(game: Any, state: State, where: Where, statistics: bool) -> dict[str, Any]:
    """What `state` tells every seat alike: the spectator's view; the outcome (provisional
    before the end); at the end, the game's statistics (if it offers them: `statistics`)."""
    table = {SPECTATOR: guard(where, "view(None)", state.view, None)}
    if not state.is_over:
        return {**table, "provisional outcome()": guard(where, "outcome()", state.outcome)}
    table["final outcome()"] = guard(where, "outcome()", state.outcome)
    if statistics:
        figures = guard(where, "statistics(state)", game.statistics, state)
        return {**table, "statistics(state)": dict(figures)}
    return table


def drawn(game: Any, view: Any, where: Where, seat: Seat | None = None) -> dict[str, Any]:
    """The pictures of `view` the game draws (`PICTURES`, those it offers), by hook; those
    of `seat`'s own view are drawn once (`picture`)."""
    out: dict[str, Any] = {}
    for hook in PICTURES:
        if hasattr(game, hook):
            label = f"{hook}(view({view.player}))"
            if seat is None:
                image = guard(where, label, getattr(game, hook), view)
            else:
                image = guard(where, label, picture, game, seat, hook)
            out[label] = _comparable(image)
    return out


def written(game: Any, view: Any, where: Where) -> dict[str, str]:
    """`view` as the codec writes it (``meeple.dumps``), which is how every front end
    hands a view over (the web's ``view`` field): a field left out of ``==`` is
    written too, so a view that keeps more than it compares shows it here."""
    label = f"meeple.dumps(view({view.player}))"
    text: str = guard(where, label, dumps, view, game=game)
    return {label: text}


def _comparable(image: Any) -> Any:
    """A picture as a value `==` compares whole (a rich Text by its text and styles)."""
    if isinstance(image, str):
        return image
    return (image.plain, image.style, list(image.spans))


def check_secrecy(
    game: Any, state: State, where: Where, seats: Sequence[Seat], probes: Sequence[Any]
) -> None:
    """What each seat is told (`told`, `told_all`) is the same in every world dealt back
    from its view, and the pictures of its view (`drawn`) and its JSON (`written`) in the
    first: they are made from the view, which every world shows the same, so one world
    finds a view that carries more than its compared fields, or a picture that reads
    more than the view."""
    statistics = offers(game, "statistics")
    public = told_all(game, state, where, statistics)
    for seat in seats:
        p = seat.player
        truth = {**told(state, p, probes, where), **public}
        for world in seat.worlds:
            dealt = {
                **told(world.state, p, probes, where),
                **told_all(game, world.state, where, statistics),
            }
            _same(truth, dealt, p, world.seed, where)
        if seat.worlds:
            first = seat.worlds[0]
            mine = drawn(game, seat.view, where, seat)
            _same(mine, drawn(game, first.view, where), p, first.seed, where)
    for seat in seats:  # last: a hook that shows more than the view is named as such
        if seat.worlds:
            first = seat.worlds[0]
            mine = written(game, seat.view, where)
            _same(mine, written(game, first.view, where), seat.player, first.seed, where)


def _same(
    truth: dict[str, Any], dealt: dict[str, Any], p: int | None, seed: int, where: Where
) -> None:
    for hook, text in truth.items():
        other = dealt.get(hook)
        if other != text:
            raise where.fail(_leak(hook, p, seed, text, other))


def _leak(hook: str, p: int | None, seed: int, text: Any, other: Any) -> str:
    """The failure: the hook, the seat, and both readings where they first differ."""
    who = _who(p)
    plain = isinstance(text, str) and isinstance(other, str)
    mine, theirs = _excerpts(text, other) if plain else _excerpts(repr(text), repr(other))
    fields = "" if plain else differs(text, other)
    return (
        f"{hook} tells {who} what {who} may not know: in the true state it reads {mine!r}, "
        f"in a world dealt again from view({p}) (determinize seed {seed}), which {who} "
        f"cannot tell from it, {theirs!r}{fields}"
    )


def _excerpts(first: str, second: str, width: int = 60) -> tuple[str, str]:
    """`first` and `second` around where they first differ (whole when short)."""
    at = next((i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b), None)
    if at is None:
        at = min(len(first), len(second))
    start = max(0, at - width // 2)
    return _cut(first, start, width), _cut(second, start, width)


def _cut(text: str, start: int, width: int) -> str:
    head = "..." if start else ""
    tail = "..." if start + width < len(text) else ""
    return head + text[start : start + width] + tail


def refusal_probes(
    state: State, seats: Sequence[Seat], pool: Sequence[Any], step: int, limit: int = REFUSAL_PROBES
) -> tuple[Any, ...]:
    """The actions each seat is offered where the kit compares refusals: first moves legal
    for some seat in a world dealt again but for nobody here (a card someone else may
    hold), then a window of `pool` (moves seen anywhere in the game) that moves on with
    `step`, so that a playout offers all of it."""
    here = {a for q in state.to_act for a in state.legal_actions(q)}
    found: dict[Any, None] = {}
    for seat in seats:
        for world in seat.worlds:
            for q in sorted(world.state.to_act):
                for action in world.state.legal_actions(q):
                    if action not in here:
                        found.setdefault(action, None)
    probes = list(found)[: limit // 2]
    if pool:
        start = (step * limit) % len(pool)
        window = [*pool[start:], *pool[:start]][: limit - len(probes)]
        probes += [a for a in window if a not in found]
    return tuple(probes)
