"""The fixed action vocabulary and numeric view encoding the RL and OpenSpiel adapters use.

Both depend only on the player count, never on the mode or options: with 2-4
players every mode's actions share one vocabulary and one observation layout,
and 1 player (always solo) has its own. The order of each is documented in
docs/rules/bear_mountain.md ("Adapters") and pinned by
tests/bear_mountain/test_encoding.py; changing it changes what trained agents mean.

Every number lies in [-1, 1]: counts are divided by an upper bound that the
card data guarantees (never clipped), except a hike's length, which saturates
at the standard game's 10 cards (the card one-hots still say exactly which
cards a longer tiebreaker hike holds).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

import attrs

from meeple.core.encoding import Layout

from .actions import Action, Assign, Done, Draw, Pick, Place, SoloPlace, Take
from .components import (
    ANIMALS,
    CARD_IDS,
    CARDS,
    ELEVATION,
    HABITATS,
    LEFT,
    RIGHT,
    SCORE_CARDS,
    SOLO_SCORES,
)
from .rules import DRAFT_PICKS, HAND_SIZE, HIKE_LENGTH, ROW_SIZE, SOLO_HIKES, is_closed
from .scoring import sights
from .view import Phase, View

__all__ = [
    "CARD_FEATURES",
    "CARD_FEATURE_SIZE",
    "HIKE_BLOCK",
    "HIKE_BLOCK_SIZE",
    "PHASES",
    "SIGHT_BOUNDS",
    "Layout",
    "action_vocabulary",
    "encode_view",
    "layout",
    "observation_size",
]

N_CARDS: Final = len(CARD_IDS)
N_SCORES: Final = len(SCORE_CARDS)
MAX_PLAYERS: Final = 4
PHASES: Final[tuple[Phase, ...]] = (
    "take",
    "pick",
    "place",
    "sudden",
    "draw",
    "drawn",
    "assign",
    "over",
)
"""Phase one-hot order."""
MODE_ORDER: Final = ("standard", "draft", "solo")
"""Mode one-hot order."""

# -- the action vocabulary -----------------------------------------------------

_MULTI_VOCAB: Final[tuple[Action, ...]] = (
    *(Take(slot) for slot in range(1, ROW_SIZE + 1)),
    *(Pick(c) for c in CARD_IDS),
    *(Place(c, side) for c in CARD_IDS for side in ("left", "right")),
)
_SOLO_VOCAB: Final[tuple[Action, ...]] = (
    Draw(),
    *(SoloPlace(c, k) for c in CARD_IDS for k in range(1, SOLO_HIKES + 1)),
    *(Assign(s, k) for s in SOLO_SCORES for k in range(1, SOLO_HIKES + 1)),
    Done(),
)


def action_vocabulary(players: int) -> tuple[Action, ...]:
    """Every action any mode can offer with `players` seats, in a fixed order.

    2-4 players: ``take 1..4``; ``pick c01..c45``; ``place cNN left``, ``place
    cNN right`` for c01..c45 (139 actions). 1 player (solo): ``draw``; ``solo
    cNN hikeK`` card by card, hikes 1-5 within a card; ``assign`` for the 13
    solo score cards by id, hikes 1-5 within a card; ``done`` (292 actions).
    """
    return _SOLO_VOCAB if players == 1 else _MULTI_VOCAB


# -- per-card and per-hike features ---------------------------------------------

CARD_FEATURE_SIZE: Final = 2 * len(HABITATS) + len(ANIMALS) + 1
"""Left habitat one-hot, right habitat one-hot, icons of each animal kind, elevation / 2."""

_ICON_MAX: Final = max(c.animals.count(a) for c in CARDS for a in range(len(ANIMALS)))
_ELEV_MAX: Final = max(abs(c.elevation) for c in CARDS)


def _card_features(card: int) -> tuple[float, ...]:
    c = CARDS[card - 1]
    out = [0.0] * CARD_FEATURE_SIZE
    out[c.left] = 1.0
    out[len(HABITATS) + c.right] = 1.0
    for a in c.animals:
        out[2 * len(HABITATS) + a] += 1.0 / _ICON_MAX
    out[-1] = c.elevation / _ELEV_MAX
    return tuple(out)


CARD_FEATURES: Final = ((0.0,) * CARD_FEATURE_SIZE, *(_card_features(c) for c in CARD_IDS))
"""Features by card id (entry 0, all zeros, stands for no card)."""


def _sight_bounds() -> tuple[int, ...]:
    """Per score card, the most any hike can show: the whole deck's total of it."""
    out = []
    for s in SCORE_CARDS:
        if s.kind == "animals":
            out.append(sum(sights((c,))[s.id - 1] for c in CARD_IDS))
        elif s.kind == "habitat":
            h = HABITATS.index(s.counts[0])
            out.append(sum((LEFT[c] == h) + (RIGHT[c] == h) for c in CARD_IDS))
        elif s.counts == ("up",):
            out.append(sum(max(0, ELEVATION[c]) for c in CARD_IDS))
        else:
            out.append(sum(max(0, -ELEVATION[c]) for c in CARD_IDS))
    return tuple(out)


SIGHT_BOUNDS: Final = _sight_bounds()
"""Per score card (id - 1), an upper bound on what one hike can show for it."""
_HALVES_MAX: Final = max(SIGHT_BOUNDS[s.id - 1] for s in SCORE_CARDS if s.kind == "habitat")
_CLIMB_MAX: Final = max(
    sum(max(0, ELEVATION[c]) for c in CARD_IDS), sum(max(0, -ELEVATION[c]) for c in CARD_IDS)
)
_SOLO_BOUND: Final = sum(SIGHT_BOUNDS[s - 1] for s in SOLO_SCORES)

HIKE_BLOCK: Final = (
    ("cards", N_CARDS),
    ("sights", N_SCORES),
    ("length", 1),
    ("left_habitat", len(HABITATS)),
    ("right_habitat", len(HABITATS)),
    ("left_run", 1),
    ("right_run", 1),
    ("heights", 4),
)
"""The parts of one hike's block, in order (see docs/rules/bear_mountain.md)."""
HIKE_BLOCK_SIZE: Final = sum(width for _, width in HIKE_BLOCK)
_SIGHTS_AT: Final = N_CARDS
_EDGE_AT: Final = N_CARDS + N_SCORES


@lru_cache(maxsize=4096)  # about 1.5 kB a hike: a few MB at most
def _hike(hike: tuple[int, ...]) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """A hike's encoded block and its raw sights (memoized: most hikes repeat step to step)."""
    out = [0.0] * HIKE_BLOCK_SIZE
    for c in hike:
        out[c - 1] = 1.0
    seen = sights(hike)
    for i, v in enumerate(seen):
        out[_SIGHTS_AT + i] = v / SIGHT_BOUNDS[i]
    if hike:
        e = _EDGE_AT
        out[e] = min(len(hike), HIKE_LENGTH) / HIKE_LENGTH
        left, right = LEFT[hike[0]], RIGHT[hike[-1]]
        out[e + 1 + left] = 1.0
        out[e + 4 + right] = 1.0
        out[e + 7] = _edge_run(hike, left, from_left=True) / _HALVES_MAX
        out[e + 8] = _edge_run(hike, right, from_left=False) / _HALVES_MAX
        height = low = high = 0
        for c in hike:
            height += ELEVATION[c]
            low = min(low, height)
            high = max(high, height)
        out[e + 9] = (height - low) / _CLIMB_MAX  # rise still open to a card on the right
        out[e + 10] = (high - height) / _CLIMB_MAX  # drop still open on the right
        out[e + 11] = high / _CLIMB_MAX  # rise from the left edge (start height is 0)
        out[e + 12] = -low / _CLIMB_MAX  # drop from the left edge
    return tuple(out), seen


def _edge_run(hike: tuple[int, ...], habitat: int, *, from_left: bool) -> int:
    """Half-cards of `habitat` in an unbroken stretch from one end of the hike."""
    run = 0
    for c in hike if from_left else reversed(hike):
        halves = (LEFT[c], RIGHT[c]) if from_left else (RIGHT[c], LEFT[c])
        for h in halves:
            if h != habitat:
                return run
            run += 1
    return run


# -- the layout ----------------------------------------------------------------


def _build(players: int) -> Layout:
    parts: list[tuple[str, int, int]] = []
    at = 0

    def add(name: str, width: int) -> None:
        nonlocal at
        parts.append((name, at, width))
        at += width

    add("mode", len(MODE_ORDER))
    add("options", 2)  # tiebreaker, animals_only
    add("phase", len(PHASES))
    add("seat", MAX_PLAYERS)
    add("spectator", 1)
    add("to_act", players)
    add("deck", 1)
    add("score_cards", N_SCORES)
    if players == 1:
        for k in range(SOLO_HIKES):
            add(f"hike{k + 1}", HIKE_BLOCK_SIZE)
            add(f"hike{k + 1}.closed", 1)
            add(f"hike{k + 1}.active", 1)
            add(f"hike{k + 1}.assigned", N_SCORES)
            add(f"hike{k + 1}.value", 1)
        add("unassigned", N_SCORES)
        add("drawn", N_CARDS)
        add("drawn.features", CARD_FEATURE_SIZE)
        add("discard_top", N_CARDS)
        add("discard_top.features", CARD_FEATURE_SIZE)
        add("discard", N_CARDS)
        add("total", 1)
    else:
        add("round", len(DRAFT_PICKS))
        add("pending", players)
        for r in range(players):
            add(f"seat+{r}.hike", HIKE_BLOCK_SIZE)
            add(f"seat+{r}.points", 1)
            add(f"seat+{r}.shared", 1)
            add(f"seat+{r}.claims", N_SCORES)
            add(f"seat+{r}.hand_count", 1)
            add(f"seat+{r}.pick_count", 1)
        for k in range(ROW_SIZE):
            add(f"row{k + 1}", N_CARDS)
            add(f"row{k + 1}.features", CARD_FEATURE_SIZE)
        add("hand", N_CARDS)
        add("picks", N_CARDS)
    return Layout("bear_mountain", players, tuple(parts), at)


_LAYOUTS: Final = {n: _build(n) for n in range(1, MAX_PLAYERS + 1)}


def layout(players: int) -> Layout:
    """The encoding layout for `players` seats (1-4)."""
    found = _LAYOUTS.get(players)
    if found is None:
        raise ValueError(f"bear_mountain is played by 1-{MAX_PLAYERS} players, not {players}")
    return found


def observation_size(players: int) -> int:
    """Length of `encode_view`'s result with `players` seats."""
    return layout(players).size


# -- encoding --------------------------------------------------------------------

_PHASE_INDEX: Final = {p: i for i, p in enumerate(PHASES)}
_MODE_INDEX: Final = {m: i for i, m in enumerate(MODE_ORDER)}
_OPTIONS_AT: Final = len(MODE_ORDER)


@attrs.frozen
class _Offsets:
    """The layout's starts as plain ints, looked up once per player count."""

    phase: int
    seat: int
    spectator: int
    to_act: int
    deck: int
    score_cards: int
    body: int


def _offsets(lay: Layout) -> _Offsets:
    return _Offsets(
        phase=lay.start("phase"),
        seat=lay.start("seat"),
        spectator=lay.start("spectator"),
        to_act=lay.start("to_act"),
        deck=lay.start("deck"),
        score_cards=lay.start("score_cards"),
        body=lay.start("score_cards") + N_SCORES,
    )


_OFFSETS: Final = {n: _offsets(lay) for n, lay in _LAYOUTS.items()}
# Repeated blocks: a seat's parts, a face-up slot's parts, a solo hike's parts.
_SEAT_STRIDE: Final = _LAYOUTS[2].start("seat+1.hike") - _LAYOUTS[2].start("seat+0.hike")
_ROW_STRIDE: Final = _LAYOUTS[2].start("row2") - _LAYOUTS[2].start("row1")
_SOLO_STRIDE: Final = _LAYOUTS[1].start("hike2") - _LAYOUTS[1].start("hike1")


def encode_view(view: View) -> tuple[float, ...]:
    """`view` as ``observation_size(view.players)`` numbers in [-1, 1].

    Seats are listed relative to the viewer (the viewer first, then the next
    seats in turn order; a spectator sees seat 0 first), so one policy serves
    every seat; the ``seat`` part still says which seat the viewer is.
    """
    if not isinstance(view, View):
        raise TypeError(f"bear_mountain: encode_view needs a bear_mountain View, not {view!r}")
    n = view.players
    at = _OFFSETS[n]
    out = [0.0] * _LAYOUTS[n].size
    options = view.options
    out[_MODE_INDEX[_mode(view)]] = 1.0
    out[_OPTIONS_AT] = float(options.tiebreaker)
    out[_OPTIONS_AT + 1] = float(options.animals_only)
    out[at.phase + _PHASE_INDEX[view.phase]] = 1.0
    me = view.player
    if me is None:
        out[at.spectator] = 1.0
        me = 0
    else:
        out[at.seat + me] = 1.0
    for p in view.to_act:
        out[at.to_act + (p - me) % n] = 1.0
    out[at.deck] = view.deck_count / N_CARDS
    base = at.score_cards - 1
    for sid in view.score_cards:
        out[base + sid] = 1.0
    if n == 1:
        _solo_body(view, out, at.body)
    else:
        _multi_body(view, out, at.body, me)
    return tuple(out)


def _mode(view: View) -> str:
    """The view's mode, with the player count's default filled in."""
    return view.options.mode or ("solo" if view.players == 1 else "standard")


def _multi_body(view: View, out: list[float], at: int, me: int) -> None:
    n = view.players
    if _mode(view) == "draft":
        out[at + view.round] = 1.0
    at += len(DRAFT_PICKS)
    for p in view.pending:
        out[at + (p - me) % n] = 1.0
    at += n
    seats = [(me + r) % n for r in range(n)]
    blocks = [_hike(view.hikes[p]) for p in seats]
    # Who claims each score card right now (scoring.award, over seats in viewer order).
    points = [0] * n
    shared = [0] * n
    columns = tuple(zip(*[b[1] for b in blocks], strict=True))
    claims = at + HIKE_BLOCK_SIZE + 2 - 1
    for sid in view.score_cards:
        values = columns[sid - 1]
        best = max(values)
        if best <= 0:
            continue
        if values.count(best) == 1:
            r = values.index(best)
            points[r] += 1
            out[claims + r * _SEAT_STRIDE + sid] = 1.0
            continue
        for r in range(n):
            if values[r] == best:
                points[r] += 1
                shared[r] += 1
                out[claims + r * _SEAT_STRIDE + sid] = 1.0
    hand_counts = view.hand_counts
    pick_counts = view.pick_counts
    for r, p in enumerate(seats):
        s = at + r * _SEAT_STRIDE
        out[s : s + HIKE_BLOCK_SIZE] = blocks[r][0]
        s += HIKE_BLOCK_SIZE
        out[s] = points[r] / N_SCORES
        out[s + 1] = shared[r] / N_SCORES
        s += 2 + N_SCORES
        if hand_counts:
            out[s] = hand_counts[p] / HAND_SIZE
            out[s + 1] = pick_counts[p] / DRAFT_PICKS[0]
    at += n * _SEAT_STRIDE
    for k, c in enumerate(view.row):
        s = at + k * _ROW_STRIDE
        out[s + c - 1] = 1.0
        out[s + N_CARDS : s + _ROW_STRIDE] = CARD_FEATURES[c]
    at += ROW_SIZE * _ROW_STRIDE
    for c in view.hand:
        out[at + c - 1] = 1.0
    at += N_CARDS
    for c in view.picks:
        out[at + c - 1] = 1.0


def _solo_body(view: View, out: list[float], at: int) -> None:
    used: set[int] = set()
    total = 0
    for k, (hike, cards) in enumerate(zip(view.hikes, view.assigned, strict=True)):
        s = at + k * _SOLO_STRIDE
        block, seen = _hike(hike)
        out[s : s + HIKE_BLOCK_SIZE] = block
        s += HIKE_BLOCK_SIZE
        out[s] = float(is_closed(hike))
        out[s + 1] = float(view.active == k)
        value = 0
        for sid in cards:
            out[s + 2 + sid - 1] = 1.0
            value += seen[sid - 1]
            used.add(sid)
        out[s + 2 + N_SCORES] = value / _SOLO_BOUND
        total += value
    at += SOLO_HIKES * _SOLO_STRIDE
    for sid in SOLO_SCORES:
        if sid not in used:
            out[at + sid - 1] = 1.0
    at += N_SCORES
    if view.drawn:
        out[at + view.drawn - 1] = 1.0
        out[at + N_CARDS : at + _ROW_STRIDE] = CARD_FEATURES[view.drawn]
    at += _ROW_STRIDE
    if view.discard:
        top = view.discard[-1]
        out[at + top - 1] = 1.0
        out[at + N_CARDS : at + _ROW_STRIDE] = CARD_FEATURES[top]
    at += _ROW_STRIDE
    for c in view.discard:
        out[at + c - 1] = 1.0
    out[at + N_CARDS] = total / _SOLO_BOUND
