"""Bear Went Over the Mountain's ``state_encoding``: `encode_view`'s numbers as float32
blocks, straight from the state (no view is made), for the adapters.

The vector is a list of memoized float32 blocks in layout order, each a pure
function of the few state fields it shows (a hike's block changes only when a card
is laid on it, the deck's count at every draw), so that a step mostly copies cached
bytes. The hike blocks are `encoding`'s own; the conformance kit checks every state
it visits against ``encode_view(view_of(state, seat))``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from meeple.core.encoding import f32
from meeple.core.encoding import fraction
from meeple.core.encoding import packed

from .components import DRAFT_PICKS
from .components import HAND_SIZE
from .components import ROW_SIZE
from .components import SOLO_SCORES
from .encoding import _MODE_INDEX
from .encoding import _PHASE_INDEX
from .encoding import _SOLO_BOUND
from .encoding import CARD_FEATURES
from .encoding import MAX_PLAYERS
from .encoding import MODE_ORDER
from .encoding import N_CARDS
from .encoding import N_SCORES
from .encoding import PHASES
from .encoding import _hike
from .encoding import _solo_hike
from .encoding import claims
from .state import Phase
from .state import State

__all__ = ["encode_state"]


@lru_cache(maxsize=4096)
def _intro(
    players: int,
    mode: str,
    options: tuple[bool, bool],
    phase: Phase,
    me: int | None,
    to_act: frozenset[int],
) -> bytes:
    """The ``mode`` .. ``to_act`` parts (seats relative to the viewer, or to seat 0)."""
    out = [0.0] * (len(MODE_ORDER) + 2 + len(PHASES) + MAX_PLAYERS + 1 + players)
    out[_MODE_INDEX[mode]] = 1.0
    at = len(MODE_ORDER)
    out[at : at + 2] = (float(options[0]), float(options[1]))
    out[at + 2 + _PHASE_INDEX[phase]] = 1.0
    at += 2 + len(PHASES)
    out[at + (MAX_PLAYERS if me is None else me)] = 1.0
    first = 0 if me is None else me
    for p in to_act:
        out[at + MAX_PLAYERS + 1 + (p - first) % players] = 1.0
    return f32(out)


@packed
def _marks(width: int, ids: tuple[int, ...]) -> list[float]:
    """`width` numbers, 1 at ``id - 1`` for each of `ids` (cards or score cards)."""
    out = [0.0] * width
    for i in ids:
        out[i - 1] = 1.0
    return out


@lru_cache(maxsize=64)
def _card_numbers(card: int) -> tuple[float, ...]:
    """A card's one-hot and features (``drawn`` and ``drawn.features``, or a row
    slot's two parts); all 0 for no card (0)."""
    one_hot = [0.0] * N_CARDS
    if not card:
        return (*one_hot, *CARD_FEATURES[0])
    one_hot[card - 1] = 1.0
    return (*one_hot, *CARD_FEATURES[card])


_CARD: Final = packed(_card_numbers)


def _hike_numbers(hike: tuple[int, ...]) -> tuple[float, ...]:
    """A hike's ``seat+r.hike`` part (a hike changes only when a card is laid on it)."""
    return _hike(hike)[0]


_HIKE: Final = packed(_hike_numbers)


@lru_cache(maxsize=4096)
def _standings(
    hikes: tuple[tuple[int, ...], ...], score_cards: tuple[int, ...]
) -> tuple[bytes, ...]:
    """Per seat in `hikes`' order: its points, shared and claims parts (its hike's own
    block is `_HIKE`'s, so a step that lays one card packs one hike again)."""
    points, shared, claimed = claims([_hike(h)[1] for h in hikes], score_cards)
    out = []
    for r in range(len(hikes)):
        marks = [0.0] * N_SCORES
        for i in claimed[r]:
            marks[i] = 1.0
        out.append(f32((points[r] / N_SCORES, shared[r] / N_SCORES, *marks)))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def _solo_hike_f32(
    hike: tuple[int, ...], cards: tuple[int, ...], active: bool
) -> tuple[bytes, int]:
    values, value = _solo_hike(hike, cards, active)
    return f32(values), value


@lru_cache(maxsize=1024)
def _unassigned(assigned: tuple[tuple[int, ...], ...]) -> bytes:
    """The ``unassigned`` part: the solo score cards no hike has yet."""
    used = {sid for cards in assigned for sid in cards}
    return _marks(N_SCORES, tuple(sid for sid in SOLO_SCORES if sid not in used))


_NO_COUNTS: Final = bytes(8)


def encode_state(s: State, player: int | None) -> list[bytes]:
    """``encode_view(view_of(s, player))`` as float32 blocks (see the module's notes)."""
    n = s.players
    options = s.options
    mode = options.mode or ("solo" if n == 1 else "standard")
    blocks = [
        _intro(n, mode, (options.tiebreaker, options.animals_only), s.phase, player, s.to_act),
        fraction(len(s.deck), N_CARDS),
        _marks(N_SCORES, s.score_cards),
    ]
    if n == 1:
        total = 0
        active = s.active
        for k, (hike, cards) in enumerate(zip(s.hikes, s.assigned, strict=True)):
            block, value = _solo_hike_f32(hike, cards, active == k)
            blocks.append(block)
            total += value
        discard = s.discard
        blocks += (
            _unassigned(s.assigned),
            _CARD(s.drawn),
            _CARD(discard[-1] if discard else 0),
            _marks(N_CARDS, discard),
            fraction(total, _SOLO_BOUND),
        )
        return blocks
    me = 0 if player is None else player
    rounds = [0.0] * len(DRAFT_PICKS)
    if mode == "draft":
        rounds[s.round] = 1.0
    pending = [0.0] * n
    for p in s.pending:
        pending[(p - me) % n] = 1.0
    blocks.append(f32((*rounds, *pending)))
    hikes = s.hikes
    standings = _standings((*hikes[me:], *hikes[:me]), s.score_cards)
    hands = s.hands
    picks = s.picks
    for r in range(n):
        p = (me + r) % n
        blocks += (_HIKE(hikes[p]), standings[r])
        if hands:
            blocks += (fraction(len(hands[p]), HAND_SIZE), fraction(len(picks[p]), DRAFT_PICKS[0]))
        else:
            blocks.append(_NO_COUNTS)
    mine = player is not None and bool(hands)
    row = s.row
    # one ready block a slot: a take changes the row, and these blocks stay cached
    blocks += [_CARD(row[k] if k < len(row) else 0) for k in range(ROW_SIZE)]
    blocks += (
        _marks(N_CARDS, hands[me] if mine else ()),
        _marks(N_CARDS, picks[me] if mine else ()),
    )
    return blocks
