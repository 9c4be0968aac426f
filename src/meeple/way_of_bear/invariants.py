"""Invariants every state keeps; the codec checks them whenever a state is loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import (
    CAPACITY,
    CARDS,
    COLOURS,
    KINDS,
    MAX_HAND,
    MOD_NAMES,
    NC,
    OFF_BOARD,
    PART_P,
    PART_P_PLAYERS,
    PER_COLOUR,
    TEMPLE_SPACES,
    TOKEN_BASE,
    TOKENS_IN_PLAY,
    VILLAGES,
)
from .options import MAX_ROUNDS_LIMIT
from .payment import payable, ritual_take_payable
from .spots import touching
from .state import Phase

if TYPE_CHECKING:
    from .state import State
    from .view import View

__all__ = ["validate", "validate_view"]


def validate(s: State) -> None:
    """Raise ValueError naming the first broken invariant (stele, token and card
    conservation, the board, the turn's phase data)."""
    n = s.players
    _check(n in CAPACITY, f"players must be 2-4, not {n}")
    _check(s.phase in _PHASES, f"unknown phase {s.phase!r}")
    _check(0 <= s.current < n, "current is a seat")
    _check(1 <= s.max_rounds <= MAX_ROUNDS_LIMIT, "max_rounds is within the limit")
    _check(0 <= s.round <= s.max_rounds, "round is within the limit")
    _check(0 <= s.rng < 2**64, "rng is a 64-bit state")
    over = s.phase == Phase.OVER
    _check(s.to_act == (frozenset() if over else frozenset({s.current})), "to_act")
    _check(len(s.board) == len(VILLAGES), "one cell per village")
    for tup, size, what in (
        (s.temples, NC, "temples"),
        (s.bag, NC, "bag"),
        (s.owed, NC, "owed"),
        (s.mods, len(MOD_NAMES), "mods"),
    ):
        _check(len(tup) == size and all(x >= 0 for x in tup), f"{what} are counts")
    _check(all(t < TEMPLE_SPACES for t in s.temples), "a full temple is emptied")
    _check(len(s.reserves) == n and len(s.tokens) == n and len(s.hands) == n, "seats")
    for res in s.reserves:
        _check(len(res) == NC and all(x >= 0 for x in res), "reserves are counts")
    capacity = CAPACITY[n]
    for tok in s.tokens:
        _check(len(tok) == KINDS and all(x >= 0 for x in tok), "tokens are counts")
        for t in range(KINDS // 2):
            _check(tok[2 * t] + tok[2 * t + 1] <= capacity, "a column overflows")
    # steles: 21 of each colour, all accounted for
    for c in range(NC):
        total = s.bag[c] + s.temples[c] + s.board.count(c)
        total += sum(res[c] for res in s.reserves)
        _check(total == PER_COLOUR, f"{COLOURS[c]} steles add up to {total}, not 21")
    # the board and the tokens
    for v, cell in enumerate(s.board):
        if PART_P[v] and n < PART_P_PLAYERS:
            _check(cell == OFF_BOARD, f"{VILLAGES[v]} is not in play with {n} players")
        else:
            _check(0 <= cell < TOKEN_BASE + KINDS, f"{VILLAGES[v]} holds a stele or token")
    for k in range(KINDS):
        total = s.board.count(TOKEN_BASE + k) + sum(tok[k] for tok in s.tokens)
        _check(total == TOKENS_IN_PLAY[n][k], f"tokens of kind {k} add up to {total}")
    # Seal cards: each exactly once
    cards = [c for hand in s.hands for c in hand] + list(s.deck) + list(s.played)
    _check(sorted(cards) == list(range(len(CARDS))), "each Seal card is somewhere once")
    for hand in s.hands:
        _check(list(hand) == sorted(hand) and len(hand) <= MAX_HAND, "hands are sorted")
    _check(set(s.fresh) <= set(s.hands[s.current]), "fresh cards are held")
    _check(list(s.fresh) == sorted(s.fresh), "fresh cards are sorted")
    # the turn's phase data
    paying = s.phase in (Phase.PAY, Phase.RITUAL)
    _check(paying or sum(s.owed) == 0, "an offering is owed only while paying")
    _check(s.phase != Phase.PAY or sum(s.owed) > 0, "paying needs something owed")
    _check((s.phase == Phase.RITUAL) == (s.ritual_temple >= 0), "ritual temple")
    _check(s.ritual_temple < NC, "ritual temple is a colour")
    _check((s.phase == Phase.EXTRA) == (s.extra in ("place", "take")), "extra action")
    _check(s.extra in ("", "place", "take"), "extra is place, take or empty")
    _check(s.extra_count >= 0 and s.waivers >= 0, "counts are not negative")
    _check(s.phase in _TURN_PHASES or not s.extra, "stale extra")
    if over:
        _check(not s.fresh and not s.regular_done and not any(s.mods), "turn reset")
    _check(s.spots == touching(s.board), "the derived spots match the board")
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


def validate_view(v: View) -> None:
    """Raise ValueError naming the first thing no real game could show a seat: the
    open table is held to the state's rules (steles and tokens conserved, columns
    within capacity), and the Seal cards a view names or counts add up."""
    n = v.players
    _check(n in CAPACITY, f"players must be 2-4, not {n}")
    _check(v.player is None or 0 <= v.player < n, "the viewer is a seat or a spectator")
    _check(v.phase in _PHASES, f"unknown phase {v.phase!r}")
    _check(0 <= v.current < n, "current is a seat")
    _check(1 <= v.max_rounds <= MAX_ROUNDS_LIMIT, "max_rounds is within the limit")
    _check(0 <= v.round <= v.max_rounds, "round is within the limit")
    over = v.phase == Phase.OVER
    _check(v.to_act == (frozenset() if over else frozenset({v.current})), "to_act")
    _check(len(v.board) == len(VILLAGES), "one cell per village")
    for tup, size, what in (
        (v.temples, NC, "temples"),
        (v.bag, NC, "bag"),
        (v.owed, NC, "owed"),
        (v.mods, len(MOD_NAMES), "mods"),
    ):
        _check(len(tup) == size and all(0 <= x <= PER_COLOUR * NC for x in tup), what)
    _check(all(t < TEMPLE_SPACES for t in v.temples), "a full temple is emptied")
    _check(len(v.reserves) == n and len(v.tokens) == n and len(v.hand_backs) == n, "seats")
    for res in v.reserves:
        _check(len(res) == NC and all(x >= 0 for x in res), "reserves are counts")
    capacity = CAPACITY[n]
    for tok in v.tokens:
        _check(len(tok) == KINDS and all(x >= 0 for x in tok), "tokens are counts")
        for t in range(KINDS // 2):
            _check(tok[2 * t] + tok[2 * t + 1] <= capacity, "a column overflows")
    for c in range(NC):
        total = v.bag[c] + v.temples[c] + v.board.count(c) + sum(r[c] for r in v.reserves)
        _check(total == PER_COLOUR, f"{COLOURS[c]} steles add up to {total}, not 21")
    for village, cell in enumerate(v.board):
        if PART_P[village] and n < PART_P_PLAYERS:
            _check(cell == OFF_BOARD, f"{VILLAGES[village]} is not in play with {n} players")
        else:
            _check(0 <= cell < TOKEN_BASE + KINDS, f"{VILLAGES[village]} holds a stele or token")
    for k in range(KINDS):
        total = v.board.count(TOKEN_BASE + k) + sum(tok[k] for tok in v.tokens)
        _check(total == TOKENS_IN_PLAY[n][k], f"tokens of kind {k} add up to {total}")
    # Seal cards: the own hand, the played cards and the counts of the others add up
    deck = range(len(CARDS))
    named = [*v.hand, *v.played]
    _check(all(c in deck for c in named), "Seal cards are cards of the game")
    _check(len(set(named)) == len(named), "no Seal card is in two places")
    _check(list(v.hand) == sorted(v.hand), "the hand is sorted")
    _check(v.player is not None or not v.hand, "a spectator holds no cards")
    _check(all(len(b) <= MAX_HAND for b in v.hand_backs), "hands hold at most 4 cards")
    if v.player is not None:
        own_backs = tuple(sorted(CARDS[c].back_seals for c in v.hand))
        _check(v.hand_backs[v.player] == own_backs, "the own hand's backs match its cards")
    held = sum(len(b) for b in v.hand_backs)
    _check(v.deck_size >= 0 and held + v.deck_size + len(v.played) == len(CARDS), "cards")
    _check((v.deck_size == 0) == (v.deck_top_back < 0), "the pile's top back")
    _check(set(v.fresh) <= set(v.hand) and list(v.fresh) == sorted(v.fresh), "fresh cards")
    _check(len(v.fresh_backs) <= len(v.hand_backs[v.current]), "fresh cards are held")
    paying = v.phase in (Phase.PAY, Phase.RITUAL)
    _check(paying or sum(v.owed) == 0, "an offering is owed only while paying")
    _check((v.phase == Phase.RITUAL) == (v.ritual_temple >= 0), "ritual temple")
    _check(v.ritual_temple < NC, "ritual temple is a colour")
    _check(v.extra in ("", "place", "take"), "extra is place, take or empty")
    _check((v.phase == Phase.EXTRA) == (v.extra in ("place", "take")), "extra action")
    _check(0 <= v.extra_count <= PER_COLOUR * NC and 0 <= v.waivers <= MAX_HAND, "counts")


_PHASES = frozenset(Phase)
_TURN_PHASES = frozenset((Phase.MAIN, Phase.EXTRA, Phase.PAY, Phase.RITUAL))


def _check(cond: bool, what: str) -> None:
    if not cond:
        raise ValueError(f"way_of_bear state: {what}")
