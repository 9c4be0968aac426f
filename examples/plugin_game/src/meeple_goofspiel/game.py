"""Goofspiel: bid secretly for shuffled prizes with one hand of cards 1..N.

Each player holds the cards 1..N. Each round a prize card is turned up from a
shuffled prize deck; every player secretly bids one card from hand, all at once;
the highest bid takes the prize's value (tied highest bids: nobody does), and
the bids are discarded face up. After N rounds the most points wins.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

import attrs

from meeple.core import (
    GameSpec,
    InvalidOptionsError,
    MalformedActionError,
    Outcome,
    StateBase,
    check_players,
)
from meeple.core import rng as R  # noqa: N812  # R reads well for "the rng module"


# --8<-- [start:options]
@attrs.frozen
class Options:
    """Goofspiel's one option."""

    cards: int = 6
    """Cards per hand and prizes in the deck (3-13)."""

    def __attrs_post_init__(self) -> None:
        if not 3 <= self.cards <= 13:
            raise ValueError(f"cards must be 3-13, not {self.cards}")


# --8<-- [end:options]


# --8<-- [start:action]
@attrs.frozen
class Bid:
    """Bid one card from hand, face down."""

    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"


# --8<-- [end:action]


# --8<-- [start:view]
@attrs.frozen
class View:
    """What a seat sees: its own hand and bid, the prize, everyone's scores."""

    player: int | None
    players: int
    to_act: frozenset[int]
    cards: int
    hand: tuple[int, ...] | None
    my_bid: int | None
    bid_placed: tuple[bool, ...]
    prize: int | None
    prizes_left: int
    scores: tuple[int, ...]
    history: tuple[tuple[int, tuple[int, ...]], ...]
    """Each finished round: (prize, every player's bid)."""


# --8<-- [end:view]


# --8<-- [start:state]
@attrs.frozen
class State(StateBase):
    """A Goofspiel position."""

    GAME_NAME: ClassVar[str] = "goofspiel"

    players: int
    to_act: frozenset[int]
    rng: int
    cards: int
    prizes: tuple[int, ...]
    """The prize deck; prizes[0] is the prize on offer."""
    hands: tuple[tuple[int, ...], ...]
    bids: tuple[int | None, ...]
    scores: tuple[int, ...]
    history: tuple[tuple[int, tuple[int, ...]], ...]

    def _legal(self, player: int) -> tuple[Any, ...]:
        return tuple(Bid(c) for c in self.hands[player])

    def _refusal(self, action: Any, player: int) -> str:
        return f"player {player} does not hold a {getattr(action, 'card', action)}"

    def _next(self, action: Any, player: int) -> Self:
        hand = tuple(c for c in self.hands[player] if c != action.card)
        hands = self.hands[:player] + (hand,) + self.hands[player + 1 :]
        bids = self.bids[:player] + (action.card,) + self.bids[player + 1 :]
        waiting = self.to_act - {player}
        if waiting:
            return attrs.evolve(self, hands=hands, bids=bids, to_act=waiting)
        shown = tuple(b or 0 for b in bids)
        best = max(shown)
        scores = self.scores
        if shown.count(best) == 1:
            winner = shown.index(best)
            scores = scores[:winner] + (scores[winner] + self.prizes[0],) + scores[winner + 1 :]
        prizes = self.prizes[1:]
        return attrs.evolve(
            self,
            hands=hands,
            bids=(None,) * self.players,
            scores=scores,
            prizes=prizes,
            history=(*self.history, (self.prizes[0], shown)),
            to_act=frozenset(range(self.players)) if prizes else frozenset(),
        )

    def outcome(self) -> Outcome:
        """Most prize points wins; ties share."""
        return Outcome.from_keys(
            self.scores, details=[{"prize points": s} for s in self.scores], final=self.is_over
        )

    def view(self, player: int | None) -> View:
        """Own hand and bid only; the prize deck's order stays hidden."""
        return View(
            player=player,
            players=self.players,
            to_act=self.to_act,
            cards=self.cards,
            hand=None if player is None else self.hands[player],
            my_bid=None if player is None else self.bids[player],
            bid_placed=tuple(b is not None for b in self.bids),
            prize=self.prizes[0] if self.prizes else None,
            prizes_left=len(self.prizes),
            scores=self.scores,
            history=self.history,
        )

    def prompt(self, player: int | None = None) -> str:
        """What every bidder decides."""
        if not self.prizes:
            return "the game is over"
        return f"bid a card for the prize {self.prizes[0]}"

    def validate(self) -> None:
        """Cards in hands, bids and history add up; prizes are a subset of 1..N."""
        for p in range(self.players):
            spent = [bids[p] for _, bids in self.history]
            bid = self.bids[p]
            pending = [] if bid is None else [bid]
            if sorted([*self.hands[p], *spent, *pending]) != list(range(1, self.cards + 1)):
                raise ValueError(f"player {p}'s cards do not add up")
        won = [prize for prize, _ in self.history]
        if sorted([*won, *self.prizes]) != list(range(1, self.cards + 1)):
            raise ValueError("prize cards do not add up")


# --8<-- [end:state]


# --8<-- [start:game]
class Goofspiel:
    """The Game object meeple's registry loads."""

    spec = GameSpec(
        name="goofspiel",
        title="Goofspiel",
        min_players=2,
        max_players=5,
        rules_version="1",
        has_chance=True,
        hidden_information=True,
        max_steps=lambda players: 13 * players,
        simultaneous=True,
    )
    options_type = Options
    state_type = State
    view_type = View
    action_types = (Bid,)

    def start(self, players: int, *, seed: int, options: Any = None) -> State:
        """Shuffle the prizes with the seed; everyone holds 1..N."""
        check_players(self.spec, players)
        options = Options() if options is None else options
        if not isinstance(options, Options):
            raise InvalidOptionsError(f"goofspiel: options must be Options, not {options!r}")
        cards = tuple(range(1, options.cards + 1))
        prizes, rng = R.shuffled(R.seed_rng(seed), cards)
        return State(
            players=players,
            to_act=frozenset(range(players)),
            rng=rng,
            cards=options.cards,
            prizes=prizes,
            hands=(cards,) * players,
            bids=(None,) * players,
            scores=(0,) * players,
            history=(),
        )

    def parse_action(self, text: str) -> Bid:
        """``bid N``."""
        words = text.split()
        if len(words) == 2 and words[0] == "bid" and words[1].isdigit():
            return Bid(int(words[1]))
        raise MalformedActionError(f"goofspiel: {text!r} is not 'bid N'")

    def determinize(self, view: View, seed: int) -> State:
        """Shuffle the unseen prizes; deal the other players' unknown bids from their hands."""
        won = {prize for prize, _ in view.history}
        unseen = [c for c in range(1, view.cards + 1) if c not in won and c != view.prize]
        rest, rng = R.shuffled(R.seed_rng(seed), unseen)
        hands: list[tuple[int, ...]] = []
        bids: list[int | None] = []
        for p in range(view.players):
            spent = {bids_[p] for _, bids_ in view.history}
            hand = tuple(c for c in range(1, view.cards + 1) if c not in spent)
            if p == view.player:
                hands.append(view.hand or ())
                bids.append(view.my_bid)
            elif view.bid_placed[p]:
                pick, rng = R.choice(rng, hand)
                hands.append(tuple(c for c in hand if c != pick))
                bids.append(pick)
            else:
                hands.append(hand)
                bids.append(None)
        prizes = ((view.prize,) if view.prize is not None else ()) + rest
        return State(
            players=view.players,
            to_act=view.to_act,
            rng=rng,
            cards=view.cards,
            prizes=prizes,
            hands=tuple(hands),
            bids=tuple(bids),
            scores=view.scores,
            history=view.history,
        )

    def render(self, view: View) -> str:
        """A few lines of text."""
        lines = [f"prize: {view.prize}  ({view.prizes_left} left)  scores: {list(view.scores)}"]
        if view.hand is not None:
            lines.append(f"your hand: {' '.join(map(str, view.hand))}")
        for prize, bids in view.history[-3:]:
            lines.append(f"  prize {prize}: bids {list(bids)}")
        return "\n".join(lines)


# --8<-- [end:game]


GAME = Goofspiel()
