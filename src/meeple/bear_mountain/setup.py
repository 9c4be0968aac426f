"""Starting a game of any mode, and how long a game can last."""

from __future__ import annotations

from meeple.core import ALL_SEATS
from meeple.core import ONE_SEAT
from meeple.core import InvalidOptionsError
from meeple.core import rng as _rng

from .components import ANIMAL_SCORES
from .components import BEAR_CARDS
from .components import CARD_IDS
from .components import HAND_SIZE
from .components import ROW_SIZE
from .components import SCORE_BY_SLUG
from .components import SCORE_IDS
from .components import SOLO_HIKES
from .components import SOLO_PILE
from .components import SOLO_SCORES
from .options import Options
from .state import DRAW
from .state import PICK
from .state import TAKE
from .state import State

__all__ = ["default_score_count", "max_steps", "start"]


def default_score_count(options: Options, players: int) -> int:
    """How many score cards: 9 for 2 players and 11 for 3-4 (standard); when drafting,
    the cards named, else `score_card_count`, else 11 (the rulebook's first-game advice)."""
    if options.mode == "solo":
        return len(SOLO_SCORES)
    if options.mode == "draft":
        if options.score_cards:
            return len(options.score_cards)
        return 11 if options.score_card_count is None else options.score_card_count
    return 9 if players == 2 else 11


def max_steps(players: int) -> int:
    """A bound on actions in any mode with this many players.

    Standard: each action takes one of the 45 cards. Drafting: 10 picks and 10
    placings per player, then at most one tiebreaker card per leftover card.
    Solo: at most 40 draws, 40 placings, 40 re-takes of discarded cards, and 13
    assignments plus 5 ``done``.
    """
    if players == 1:
        return 40 * 3 + len(SOLO_SCORES) + SOLO_HIKES
    return max(45, 2 * HAND_SIZE * players + 45)


def start(players: int, seed: int, options: Options) -> State:
    """The opening position; refuses options that do not fit the player count.

    The core has checked the player count, the seed and the options' type.
    """
    try:
        options = options.for_players(players)
    except ValueError as err:
        raise InvalidOptionsError(f"bear_mountain: with {players} player(s): {err}") from None
    solo = options.mode == "solo"
    if solo != (players == 1):
        raise InvalidOptionsError(
            f"bear_mountain: mode {options.mode!r} is for "
            + ("exactly 1 player" if solo else "2-4 players")
            + f", not {players}"
            + ("" if solo else " (use mode='solo' for 1 player)")
        )
    rng = _rng.seed_rng(seed)
    if solo:
        return _start_solo(options, rng)
    count = default_score_count(options, players)
    if options.score_cards:
        if len(options.score_cards) != count:
            raise InvalidOptionsError(
                f"bear_mountain: {options.mode} with {players} players uses {count} score "
                f"cards, but options name {len(options.score_cards)}"
            )
        chosen = tuple(sorted(SCORE_BY_SLUG[s] for s in options.score_cards))
    else:
        pool = ANIMAL_SCORES if options.animals_only else SCORE_IDS
        if count > len(pool):
            raise InvalidOptionsError(
                f"bear_mountain: cannot draw {count} score cards from {len(pool)}"
            )
        picked, rng = _rng.sample(rng, pool, count)
        chosen = tuple(sorted(picked))
    deck, rng = _rng.shuffled(rng, CARD_IDS)
    empty = ((),) * players
    if options.mode == "standard":
        return State(
            players=players,
            to_act=ONE_SEAT[0],
            rng=rng,
            options=options,
            phase=TAKE,
            score_cards=chosen,
            hikes=empty,
            deck=deck[ROW_SIZE:],
            row=deck[:ROW_SIZE],
        )
    hands = tuple(tuple(sorted(deck[HAND_SIZE * p : HAND_SIZE * (p + 1)])) for p in range(players))
    return State(
        players=players,
        to_act=ALL_SEATS[players],
        rng=rng,
        options=options,
        phase=PICK,
        score_cards=chosen,
        hikes=empty,
        deck=deck[HAND_SIZE * players :],
        hands=hands,
        picks=empty,
    )


def _start_solo(options: Options, rng: int) -> State:
    bears = tuple(sorted(BEAR_CARDS))
    others = tuple(c for c in CARD_IDS if c not in BEAR_CARDS)
    others, rng = _rng.shuffled(rng, others)
    bears, rng = _rng.shuffled(rng, bears)
    starters = others[:SOLO_HIKES]
    rest = others[SOLO_HIKES:]
    deck: tuple[int, ...] = ()
    for k in range(SOLO_HIKES):
        pile = (*rest[SOLO_PILE * k : SOLO_PILE * (k + 1)], bears[k])
        pile, rng = _rng.shuffled(rng, pile)
        deck += pile
    return State(
        players=1,
        to_act=ONE_SEAT[0],
        rng=rng,
        options=options,
        phase=DRAW,
        score_cards=SOLO_SCORES,
        hikes=tuple((c,) for c in starters),
        deck=deck,
        assigned=((),) * SOLO_HIKES,
    )
