"""Invariants every state keeps; the codec checks them whenever a state is loaded.

`validate` proves the codec's trial of the outcome and the views
(`meeple.core.trust.proves_trial`): scoring reads each seat's token counts (one row
of counts per seat, checked) and the Seal cards in its hand (every card is in
exactly one place, so each id is a card of the game), and the board capacity of a
player count that exists; a view reads the seat's hand, the fresh cards (held by
the current seat, a seat), the backs of cards that exist and the id on top of the
pile. Every index those make is in range.

The derived `State.spots` is not checked here: it is never stored, and a State
derives it from its board whenever one is made (the codec, setup, determinize,
``attrs.evolve``), from a board these checks then find well formed, so a loaded
state's spots cannot disagree with its board. What can go stale is a successor's,
carried from its parent by `spots.after_placement`; the rule tests check that on
reachable states (``test_the_carried_spots_never_change_an_answer``).
"""

from __future__ import annotations

import re
from array import array
from operator import add
from typing import TYPE_CHECKING
from typing import NoReturn

from meeple.core.trust import proves_trial

from .components import CAPACITY
from .components import CARDS
from .components import COLOURS
from .components import KINDS
from .components import MAX_HAND
from .components import MOD_NAMES
from .components import NC
from .components import OFF_BOARD
from .components import PART_P
from .components import PART_P_PLAYERS
from .components import PER_COLOUR
from .components import TEMPLE_SPACES
from .components import TOKEN_BASE
from .components import TOKENS_IN_PLAY
from .components import VILLAGES
from .options import MAX_ROUNDS_LIMIT
from .payment import payable
from .payment import ritual_take_payable
from .state import Phase

if TYPE_CHECKING:
    from .state import State
    from .state import Table
    from .view import View

__all__ = ["validate", "validate_view"]


@proves_trial
def validate(s: State) -> None:
    """Raise ValueError naming the first broken invariant (stele, token and card
    conservation, the board, the turn's phase data)."""
    _check_open(s)
    _check(0 <= s.rng < 2**64, "rng is a 64-bit state")
    _check(len(s.hands) == s.players, "seats")
    # Seal cards: each exactly once
    cards = [c for hand in s.hands for c in hand]
    cards += s.deck
    cards += s.played
    cards.sort()
    _check(cards == _CARD_IDS, "each Seal card is somewhere once")
    for hand in s.hands:
        _check(list(hand) == sorted(hand) and len(hand) <= MAX_HAND, "hands are sorted")
    _check(set(s.fresh) <= set(s.hands[s.current]), "fresh cards are held")
    _check(list(s.fresh) == sorted(s.fresh), "fresh cards are sorted")
    # the turn's phase data a view does not show whole
    _check(s.phase != Phase.PAY or sum(s.owed) > 0, "paying needs something owed")
    _check(s.extra_count >= 0 and s.waivers >= 0, "counts are not negative")
    _check(s.extra_count <= _MOST and s.waivers <= MAX_HAND, "counts are bounded")
    _check(s.phase in _TURN_PHASES or not s.extra, "stale extra")
    if s.phase == Phase.OVER:
        _check(not s.fresh and not s.regular_done and not any(s.mods), "turn reset")
    reserve = s.reserves[s.current]
    if s.phase == Phase.PAY:
        _check(payable(s.owed, reserve, s.temples, s.waivers), "the offering can still be paid")
    if s.phase == Phase.RITUAL:
        _check(
            payable(s.owed, reserve, s.temples, s.waivers)
            or any(
                ritual_take_payable(s.owed, reserve, s.temples, s.waivers, c) for c in range(NC)
            ),
            "the offering can still be paid",
        )


def _check_open(t: Table) -> None:
    """What a state and a view both show, held to the same rules: the seat count, the
    turn, the counts of the temples, bag, offering and modifiers, the open table
    (`_check_table`) and the turn's phase data."""
    n = t.players
    if n not in CAPACITY:
        _fail(f"players must be 2-4, not {n}")
    _check_turn(t)
    for tup, size, what in (
        (t.temples, NC, "temples"),
        (t.bag, NC, "bag"),
        (t.owed, NC, "owed"),
        (t.mods, len(MOD_NAMES), "mods"),
    ):
        if not (len(tup) == size and min(tup) >= 0):
            _fail(f"{what} are counts")
        # as bounded as a view's (a loaded state's draw of 10**30 steles would never end)
        _check(max(tup) <= _MOST, f"{what} are bounded")
    _check(max(t.temples) < TEMPLE_SPACES, "a full temple is emptied")
    _check(len(t.reserves) == n and len(t.tokens) == n, "seats")
    _check_table(t)
    paying = t.phase in (Phase.PAY, Phase.RITUAL)
    _check(paying or sum(t.owed) == 0, "an offering is owed only while paying")
    _check((t.phase == Phase.RITUAL) == (t.ritual_temple >= 0), "ritual temple")
    _check(-1 <= t.ritual_temple < NC, "ritual temple is a colour, or -1 for none")
    _check(t.extra in ("", "place", "take"), "extra is place, take or empty")
    _check((t.phase == Phase.EXTRA) == (t.extra in ("place", "take")), "extra action")


def _check_turn(t: Table) -> None:
    """Whose turn it is, in which phase and round, on a board of the right size."""
    if t.phase not in _PHASES:
        _fail(f"unknown phase {t.phase!r}")
    _check(0 <= t.current < t.players, "current is a seat")
    _check(1 <= t.max_rounds <= MAX_ROUNDS_LIMIT, "max_rounds is within the limit")
    _check(0 <= t.round <= t.max_rounds, "round is within the limit")
    over = t.phase == Phase.OVER
    _check(t.to_act == (frozenset() if over else frozenset({t.current})), "to_act")
    _check(len(t.board) == len(VILLAGES), "one cell per village")


def _check_table(t: Table) -> None:
    """The open table a state and a view both show (seat counts already checked):
    reserves and token counts, columns within capacity, 21 steles of each colour,
    every village holding what it may, every token kind accounted for."""
    n = t.players
    for res in t.reserves:
        _check(len(res) == NC and min(res) >= 0, "reserves are counts")
    capacity = CAPACITY[n]
    for tok in t.tokens:
        _check(len(tok) == KINDS and min(tok) >= 0, "tokens are counts")
        if max(map(add, tok[::2], tok[1::2])) > capacity:
            _fail("a column overflows")
    cells = t.board
    # a byte per village (the cell's value as a signed byte: nothing is 0xff), so that
    # what every village holds is checked by one match and counted in C
    try:
        on_board = array("b", cells).tobytes()
    except OverflowError:  # a value no byte holds: no village may hold it either
        on_board = b""
    well_placed = _BOARD[n].fullmatch(on_board) is not None
    if not well_placed:  # counted value by value; a value no cell may hold counts nowhere
        on_board = bytes(x & 0xFF if OFF_BOARD <= x < TOKEN_BASE + KINDS else 0xFE for x in cells)
    held = map(sum, zip(*t.reserves, strict=True))
    counts = map(on_board.count, _STELE_BYTES)
    steles = tuple(map(sum, zip(t.bag, t.temples, counts, held, strict=True)))
    if steles != _ALL_STELES:
        c = next(c for c in range(NC) if steles[c] != PER_COLOUR)
        _fail(f"{COLOURS[c]} steles add up to {steles[c]}, not 21")
    if not well_placed:
        for v, cell in enumerate(cells):  # the first village that holds the wrong thing
            if PART_P[v] and n < PART_P_PLAYERS:
                if cell != OFF_BOARD:
                    _fail(f"{VILLAGES[v]} is not in play with {n} players")
            elif not 0 <= cell < TOKEN_BASE + KINDS:
                _fail(f"{VILLAGES[v]} holds a stele or token")
    kept = map(sum, zip(*t.tokens, strict=True))
    tokens = tuple(map(add, map(on_board.count, _TOKEN_BYTES), kept))
    placed = TOKENS_IN_PLAY[n]
    if tokens != placed:
        k = next(k for k in range(KINDS) if tokens[k] != placed[k])
        _fail(f"tokens of kind {k} add up to {tokens[k]}")


def validate_view(v: View) -> None:
    """Raise ValueError naming the first thing no real game could show a seat: the
    open table is held to the state's rules (steles and tokens conserved, columns
    within capacity), and the Seal cards a view names or counts add up."""
    _check_open(v)
    _check(v.player is None or 0 <= v.player < v.players, "the viewer is a seat or a spectator")
    _check(len(v.hand_backs) == v.players, "seats")
    # Seal cards: the own hand, the played cards and the counts of the others add up
    deck = range(len(CARDS))
    _check_shown(v)
    named = [
        *v.hand,
        *v.played,
        *(c for q, h in enumerate(v.shown_hands) if q != v.player for c in h),
    ]
    _check(all(c in deck for c in named), "Seal cards are cards of the game")
    _check(len(set(named)) == len(named), "no Seal card is in two places")
    _check(list(v.hand) == sorted(v.hand), "the hand is sorted")
    _check(v.player is not None or not v.hand, "a spectator holds no cards")
    _check(all(len(b) <= MAX_HAND for b in v.hand_backs), "hands hold at most 4 cards")
    if v.player is not None:
        own_backs = tuple(sorted(CARDS[c].back_seals for c in v.hand))
        _check(v.hand_backs[v.player] == own_backs, "the own hand's backs match its cards")
    _check(
        all(_BACKS.issuperset(b) for b in v.hand_backs) and _BACKS.issuperset(v.fresh_backs),
        "every card back shown is the back of a Seal card",
    )
    held = sum(len(b) for b in v.hand_backs)
    _check(v.deck_size >= 0 and held + v.deck_size + len(v.played) == len(CARDS), "cards")
    _check((v.deck_size == 0) == (v.deck_top_back < 0), "the pile's top back")
    _check(v.deck_size == 0 or v.deck_top_back in _BACKS, "the pile's top back")
    _check(set(v.fresh) <= set(v.hand) and list(v.fresh) == sorted(v.fresh), "fresh cards")
    _check(len(v.fresh_backs) <= len(v.hand_backs[v.current]), "fresh cards are held")
    _check(0 <= v.extra_count <= _MOST and 0 <= v.waivers <= MAX_HAND, "counts")


def _check_shown(v: View) -> None:
    """The hands shown face up: none before the end; at the end every seat's, each
    sorted, with the backs the view shows, the viewer's own being its hand."""
    if v.phase != Phase.OVER:
        _check(not v.shown_hands, "hands are shown only when the game is over")
        return
    _check(len(v.shown_hands) == v.players, "at the end every seat shows its hand")
    for q, hand in enumerate(v.shown_hands):
        _check(list(hand) == sorted(hand), "a shown hand is sorted")
        _check(all(0 <= c < len(CARDS) for c in hand), "Seal cards are cards of the game")
        backs = tuple(sorted(CARDS[c].back_seals for c in hand))
        _check(backs == v.hand_backs[q], "a shown hand has the backs the table saw")
    _check(v.player is None or v.shown_hands[v.player] == v.hand, "the own hand is shown as held")


_PHASES = frozenset(Phase)
_TURN_PHASES = frozenset((Phase.MAIN, Phase.EXTRA, Phase.PAY, Phase.RITUAL))


_MOST = PER_COLOUR * NC
"""More than any count a table holds may be (every stele of the game)."""
_CARD_IDS = list(range(len(CARDS)))
_BACKS = frozenset(c.back_seals for c in CARDS)
_OUT_OF_PLAY = {
    n: tuple(v for v in range(len(VILLAGES)) if PART_P[v] and n < PART_P_PLAYERS) for n in CAPACITY
}
"""Per player count: the villages out of play (part P with fewer seats than it needs)."""
_BOARD = {
    n: re.compile(
        b"".join(
            re.escape(bytes([OFF_BOARD & 0xFF]))
            if v in _OUT_OF_PLAY[n]
            else b"[\\x00-" + re.escape(bytes([TOKEN_BASE + KINDS - 1])) + b"]"
            for v in range(len(VILLAGES))
        ),
        re.DOTALL,
    )
    for n in CAPACITY
}
"""Per player count, the board's bytes (`_check_table`) when every village holds what it
may: nothing (-1, the byte 0xff) out of play, a stele or a token (0 to 11) in play."""
_STELE_BYTES = tuple(range(NC))
_TOKEN_BYTES = tuple(TOKEN_BASE + k for k in range(KINDS))
"""The bytes that stand for a stele of each colour and a token of each kind in
`_check_table`'s count of the board."""
_ALL_STELES = (PER_COLOUR,) * NC


def _check(cond: bool, what: str) -> None:
    if not cond:
        _fail(what)


def _fail(what: str) -> NoReturn:
    raise ValueError(f"way_of_bear state: {what}")
