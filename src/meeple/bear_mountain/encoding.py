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

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from meeple.core.encoding import Layouts
from meeple.core.encoding import Writer

from .actions import ASSIGNS
from .actions import DONE
from .actions import DRAW
from .actions import LEFT_PLACES
from .actions import PICKS
from .actions import RIGHT_PLACES
from .actions import SOLO_LEFT_ENDS
from .actions import SOLO_RIGHT_ENDS
from .actions import TAKES
from .actions import Action
from .components import ANIMALS
from .components import CARD_IDS
from .components import CARDS
from .components import DRAFT_PICKS
from .components import ELEVATION
from .components import HABITATS
from .components import HAND_SIZE
from .components import HIKE_LENGTH
from .components import LEFT
from .components import RIGHT
from .components import ROW_SIZE
from .components import SCORE_CARDS
from .components import SOLO_HIKES
from .components import SOLO_SCORES
from .legal import is_closed
from .scoring import sights
from .state import Phase
from .view import View

__all__ = [
    "CARD_FEATURES",
    "CARD_FEATURE_SIZE",
    "HIKE_BLOCK",
    "HIKE_BLOCK_SIZE",
    "PHASES",
    "SIGHT_BOUNDS",
    "action_vocabulary",
    "claims",
    "encode_view",
    "layout",
    "observation_size",
]

N_CARDS: Final = len(CARD_IDS)
N_SCORES: Final = len(SCORE_CARDS)
MAX_PLAYERS: Final = 4
PHASES: Final = tuple(Phase)
"""Phase one-hot order: take, pick, place, sudden, draw, drawn, assign, over."""
MODE_ORDER: Final = ("standard", "draft", "solo")
"""Mode one-hot order."""

# -- the action vocabulary -----------------------------------------------------

# The very objects the rules offer (`actions`' tables), so adapters index them by identity.
_MULTI_VOCAB: Final[tuple[Action, ...]] = (
    *TAKES,
    *(PICKS[c] for c in CARD_IDS),
    *(place for c in CARD_IDS for place in (LEFT_PLACES[c], RIGHT_PLACES[c])),
)
_SOLO_VOCAB: Final[tuple[Action, ...]] = (
    DRAW,
    *(place for c in CARD_IDS for place in SOLO_RIGHT_ENDS[c]),
    *(assign for s in SOLO_SCORES for assign in ASSIGNS[s]),
    DONE,
    *(place for c in CARD_IDS for place in SOLO_LEFT_ENDS[c]),
)


def action_vocabulary(players: int) -> tuple[Action, ...]:
    """Every action any mode can offer with `players` seats, in a fixed order.

    2-4 players: ``take 1..4``; ``pick c01..c45``; ``place cNN left``, ``place
    cNN right`` for c01..c45 (139 actions). 1 player (solo): ``draw``; ``solo
    cNN hikeK`` card by card, hikes 1-5 within a card; ``assign`` for the 13
    solo score cards by id, hikes 1-5 within a card; ``done``; then the left ends
    of option ``solo_either_end``, ``solo cNN hikeK left`` in the same order
    (indexes 292-516, after the rulebook's, so those keep their indexes: 517
    actions).
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
# The hike block is a fixed tuple cached per hike, so it is built by offsets within
# itself (HIKE_BLOCK above names them) and written into its part in one piece.


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


def _parts(players: int) -> list[tuple[str, int]]:
    """The named parts for `players` seats, in order, with their widths."""
    parts = [
        ("mode", len(MODE_ORDER)),
        ("options", 2),  # tiebreaker, animals_only
        ("phase", len(PHASES)),
        ("seat", MAX_PLAYERS),
        ("spectator", 1),
        ("to_act", players),
        ("deck", 1),
        ("score_cards", N_SCORES),
    ]
    if players == 1:
        for k in range(1, SOLO_HIKES + 1):
            parts += [
                (f"hike{k}", HIKE_BLOCK_SIZE),
                (f"hike{k}.closed", 1),
                (f"hike{k}.active", 1),
                (f"hike{k}.assigned", N_SCORES),
                (f"hike{k}.value", 1),
            ]
        parts += [
            ("unassigned", N_SCORES),
            ("drawn", N_CARDS),
            ("drawn.features", CARD_FEATURE_SIZE),
            ("discard_top", N_CARDS),
            ("discard_top.features", CARD_FEATURE_SIZE),
            ("discard", N_CARDS),
            ("total", 1),
        ]
        return parts
    parts += [("round", len(DRAFT_PICKS)), ("pending", players)]
    for r in range(players):
        parts += [
            (f"seat+{r}.hike", HIKE_BLOCK_SIZE),
            (f"seat+{r}.points", 1),
            (f"seat+{r}.shared", 1),
            (f"seat+{r}.claims", N_SCORES),
            (f"seat+{r}.hand_count", 1),
            (f"seat+{r}.pick_count", 1),
        ]
    for k in range(1, ROW_SIZE + 1):
        parts += [(f"row{k}", N_CARDS), (f"row{k}.features", CARD_FEATURE_SIZE)]
    parts += [("hand", N_CARDS), ("picks", N_CARDS)]
    return parts


layout: Final = Layouts("bear_mountain", range(1, MAX_PLAYERS + 1), _parts)
"""``layout(players)``: the encoding layout for 1-4 seats."""
observation_size: Final = layout.size
"""``observation_size(players)``: the length of `encode_view`'s result."""


# -- encoding --------------------------------------------------------------------

_PHASE_INDEX: Final = {p: i for i, p in enumerate(PHASES)}
_MODE_INDEX: Final = {m: i for i, m in enumerate(MODE_ORDER)}
_SEAT_PARTS: Final = tuple(
    (f"seat+{r}.hike", f"seat+{r}.points", f"seat+{r}.shared", f"seat+{r}.claims")
    + (f"seat+{r}.hand_count", f"seat+{r}.pick_count")
    for r in range(MAX_PLAYERS)
)
_ROW_PARTS: Final = tuple((f"row{k}", f"row{k}.features") for k in range(1, ROW_SIZE + 1))
_HIKE_PARTS: Final = tuple(
    (f"hike{k}", f"hike{k}.closed", f"hike{k}.active", f"hike{k}.assigned", f"hike{k}.value")
    for k in range(1, SOLO_HIKES + 1)
)


def encode_view(view: View) -> tuple[float, ...]:
    """`view` as ``observation_size(view.players)`` numbers in [-1, 1].

    Seats are listed relative to the viewer (the viewer first, then the next
    seats in turn order; a spectator sees seat 0 first), so one policy serves
    every seat; the ``seat`` part still says which seat the viewer is.
    """
    n = view.players
    w = layout(n).writer()
    options = view.options
    w.one_hot("mode", _MODE_INDEX[_mode(view)])
    w.put("options", (float(options.tiebreaker), float(options.animals_only)))
    w.one_hot("phase", _PHASE_INDEX[view.phase])
    me = view.player
    if me is None:
        w.one_hot("spectator", 0)
        me = 0
    else:
        w.one_hot("seat", me)
    w.ones("to_act", [(p - me) % n for p in view.to_act])
    w.set("deck", 0, view.deck_count / N_CARDS)
    w.ones("score_cards", [sid - 1 for sid in view.score_cards])
    if n == 1:
        _solo_body(view, w)
    else:
        _multi_body(view, w, me)
    return w.done()


def _mode(view: View) -> str:
    """The view's mode, with the player count's default filled in."""
    return view.options.mode or ("solo" if view.players == 1 else "standard")


def claims(
    seen: Sequence[tuple[int, ...]], score_cards: tuple[int, ...]
) -> tuple[list[int], list[int], list[list[int]]]:
    """Who claims each score card right now (`scoring.award`, over seats in the order
    of `seen`, their hikes' sights): per seat its points, how many of them are shared,
    and the claimed cards (id - 1)."""
    n = len(seen)
    points = [0] * n
    shared = [0] * n
    claimed: list[list[int]] = [[] for _ in range(n)]
    columns = tuple(zip(*seen, strict=True))
    for sid in score_cards:
        values = columns[sid - 1]
        best = max(values)
        if best <= 0:
            continue
        takers = [r for r in range(n) if values[r] == best]
        for r in takers:
            points[r] += 1
            claimed[r].append(sid - 1)
            if len(takers) > 1:
                shared[r] += 1
    return points, shared, claimed


def _multi_body(view: View, w: Writer, me: int) -> None:
    n = view.players
    if _mode(view) == "draft":
        w.one_hot("round", view.round)
    w.ones("pending", [(p - me) % n for p in view.pending])
    seats = [(me + r) % n for r in range(n)]
    blocks = [_hike(view.hikes[p]) for p in seats]
    points, shared, claimed = claims([b[1] for b in blocks], view.score_cards)
    for r, p in enumerate(seats):
        hike, points_part, shared_part, claims_part, hand_part, pick_part = _SEAT_PARTS[r]
        w.put(hike, blocks[r][0])
        w.set(points_part, 0, points[r] / N_SCORES)
        w.set(shared_part, 0, shared[r] / N_SCORES)
        w.ones(claims_part, claimed[r])
        if view.hand_counts:
            w.set(hand_part, 0, view.hand_counts[p] / HAND_SIZE)
            w.set(pick_part, 0, view.pick_counts[p] / DRAFT_PICKS[0])
    for (card_part, features_part), c in zip(_ROW_PARTS, view.row, strict=False):
        w.one_hot(card_part, c - 1)
        w.put(features_part, CARD_FEATURES[c])
    w.ones("hand", [c - 1 for c in view.hand])
    w.ones("picks", [c - 1 for c in view.picks])


@lru_cache(maxsize=1 << 14)  # a hike and its cards change only when played on
def _solo_hike(
    hike: tuple[int, ...], cards: tuple[int, ...], active: bool
) -> tuple[tuple[float, ...], int]:
    """A solo hike's five parts (block, closed, active, assigned, value) in one tuple,
    and its value: the sights of its assigned score cards."""
    block, seen = _hike(hike)
    assigned = [0.0] * N_SCORES
    for sid in cards:
        assigned[sid - 1] = 1.0
    value = sum(seen[sid - 1] for sid in cards)
    closed = float(is_closed(hike))
    return (*block, closed, float(active), *assigned, value / _SOLO_BOUND), value


def _solo_body(view: View, w: Writer) -> None:
    used: set[int] = set()
    total = 0
    active = view.active
    for k, (hike, cards) in enumerate(zip(view.hikes, view.assigned, strict=True)):
        values, value = _solo_hike(hike, cards, active == k)
        w.put_parts(_HIKE_PARTS[k][0], values)
        used.update(cards)
        total += value
    w.ones("unassigned", [sid - 1 for sid in SOLO_SCORES if sid not in used])
    if view.drawn:
        w.one_hot("drawn", view.drawn - 1)
        w.put("drawn.features", CARD_FEATURES[view.drawn])
    if view.discard:
        top = view.discard[-1]
        w.one_hot("discard_top", top - 1)
        w.put("discard_top.features", CARD_FEATURES[top])
    w.ones("discard", [c - 1 for c in view.discard])
    w.set("total", 0, total / _SOLO_BOUND)
