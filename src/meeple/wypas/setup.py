"""Starting a game, and how long a game can last."""

from __future__ import annotations

from meeple.core import ONE_SEAT
from meeple.core import rng as _rng

from .components import DECK
from .components import HAND_SIZE
from .components import SHEEP_DECK
from .offers import with_offers
from .options import MAX_ROUNDS_CAP
from .options import Options
from .rounds import begin_round
from .state import HIDE
from .state import NO_LOT
from .state import State

__all__ = ["max_steps", "start"]


def start(players: int, seed: int, options: Options) -> State:
    """Shuffle, deal five cards each, seat 0 is the first baca; the first lots are drawn.

    The core has checked the player count, the seed and the options' type.
    """
    rng = _rng.seed_rng(seed)
    deck, rng = _rng.shuffled(rng, DECK if options.specials else SHEEP_DECK)
    hands = []
    for _ in range(players):
        hands.append(tuple(sorted(deck[-HAND_SIZE:])))
        deck = deck[:-HAND_SIZE]
    empty: tuple[int, ...] = ()
    state = State(
        players=players,
        to_act=ONE_SEAT[0],
        rng=rng,
        options=options,
        round=1,
        baca=0,
        phase=HIDE,
        actor=0,
        hands=tuple(hands),
        deck=deck,
        discard=(),
        pens=tuple((empty, empty) for _ in range(players)),
        wolves=(0,) * players,
        fleeces=((),) * players,
        points=(0,) * players,
        bonus=(0,) * players,
        drawn=(),
        lots=(),
        face_down=-1,
        opener=1 % players,
        lot=NO_LOT,
        laid=(empty,) * players,
        bids=(0,) * players,
        high=-1,
        down=(-1,) * players,
        declared=(0,) * players,
        checkers=0,
        passed=0,
        finished=0,
        passes=0,
        resume=(),
        waited=0,
        pending=(),
        dogs=(),
        final_from=-1,
        final_left=-1,
        known=tuple((empty,) * players for _ in range(players)),
        buried=(empty,) * players,
    )
    return with_offers(begin_round(state))


def max_steps(players: int) -> int:
    """A true bound on the actions of any game (see docs/rules/wypas.md for the count).

    Per round, moves other than ``wait``: at most 103 cards can be bid (bid cards
    stay discarded until the next draw), each `done` or `check` follows a new bid
    card, an `award` per lot; at most 103 + 4 sheep placed (a black sheep can send
    one back to a hand); 3 decisions per lot plus a pass per seat; 3 shearing
    decisions per seat twice (final turns); and at most 19 special cards, each with
    its reaction rounds (a special card is played at most once a round: played
    cards stay discarded until the next draw). Between two such moves every seat
    but the one to act can ``wait`` once: at most ``players - 1`` waits each.
    """
    cards = len(DECK)
    per_round = (
        1
        + 3 * (2 + players)
        + 3 * cards
        + 3
        + cards
        + 4
        + players
        + 6 * players
        + 19 * (3 + 3 * players)
    )
    return (MAX_ROUNDS_CAP * per_round + 1) * players
