"""A small game for the core's own tests: chance, hidden hands and simultaneous picks.

Rules of "Toy High Card": a deck of cards 1..12 is shuffled and each player is
dealt three. Each of three rounds, every player secretly picks a card from hand
(all at once); when all have picked, the highest card held by only one player
scores a point for its owner. Then the round's leader (seat ``round % players``)
chooses to ``draw`` a card from the deck or to ``pass``. Most points wins.

Not registered anywhere: tests use the `TOY` object directly, and the planted-bug
tests subclass its pieces to prove the conformance kit notices each breach.
"""

from __future__ import annotations

from typing import Any
from typing import ClassVar
from typing import Literal
from typing import Self

import attrs

from meeple.core import GameSpec
from meeple.core import InvalidOptionsError
from meeple.core import MalformedActionError
from meeple.core import Outcome
from meeple.core import StateBase
from meeple.core import check_players
from meeple.core import rng

from .shared import spec_of_test_game

CARDS = tuple(range(1, 13))
ROUNDS = 3


@attrs.frozen
class Options:
    """The toy has one option, to test option handling."""

    rounds: int = ROUNDS
    """How many rounds to play (1-3)."""

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.rounds <= ROUNDS:
            raise ValueError(f"rounds must be 1-{ROUNDS}, not {self.rounds}")


@attrs.frozen
class Play:
    """Pick a card from hand (face down until all have picked)."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Draw:
    """The leader takes the top card of the deck."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """The leader declines to draw."""

    def __str__(self) -> str:
        return "pass"


Action = Play | Draw | Pass


@attrs.frozen
class View:
    """What one seat sees: its own hand and pick, everyone's counts and scores."""

    player: int | None
    players: int
    to_act: frozenset[int]
    hand: tuple[int, ...] | None
    my_pick: int | None
    hand_sizes: tuple[int, ...]
    picked: tuple[bool, ...]
    deck_size: int
    scores: tuple[int, ...]
    round: int
    rounds: int
    phase: Literal["pick", "lead", "over"]
    played: tuple[int, ...]


@attrs.frozen
class State(StateBase):
    """The full toy state."""

    GAME_NAME: ClassVar[str] = "toy"

    players: int
    to_act: frozenset[int]
    rng: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    picks: tuple[int | None, ...]
    scores: tuple[int, ...]
    round: int
    rounds: int
    phase: Literal["pick", "lead", "over"]
    played: tuple[int, ...]

    def _legal(self, player: int) -> tuple[Any, ...]:
        if self.phase == "pick":
            return tuple(Play(c) for c in self.hands[player])
        if self.deck:
            return (Draw(), Pass())
        return (Pass(),)

    def _refusal(self, action: Any, player: int) -> str:
        if isinstance(action, Play) and self.phase == "pick":
            return f"card {action.card} is not in player {player}'s hand"
        return f"{action} is not possible in the {self.phase} phase"

    def _next(self, action: Any, player: int) -> Self:
        if isinstance(action, Play):
            hand = tuple(c for c in self.hands[player] if c != action.card)
            hands = self.hands[:player] + (hand,) + self.hands[player + 1 :]
            picks = self.picks[:player] + (action.card,) + self.picks[player + 1 :]
            waiting = self.to_act - {player}
            if waiting:
                return attrs.evolve(self, hands=hands, picks=picks, to_act=waiting)
            shown = [c for c in picks if c is not None]
            unique = [c for c in shown if shown.count(c) == 1]
            scores = self.scores
            if unique:
                best = max(unique)
                winner = picks.index(best)
                scores = scores[:winner] + (scores[winner] + 1,) + scores[winner + 1 :]
            leader = self.round % self.players
            return attrs.evolve(
                self,
                hands=hands,
                picks=(None,) * self.players,
                scores=scores,
                played=self.played + tuple(shown),
                phase="lead",
                to_act=frozenset({leader}),
            )
        hands = self.hands
        deck = self.deck
        if isinstance(action, Draw):
            top, deck = deck[0], deck[1:]
            hand = tuple(sorted((*hands[player], top)))
            hands = hands[:player] + (hand,) + hands[player + 1 :]
        next_round = self.round + 1
        if next_round >= self.rounds:
            return attrs.evolve(
                self, hands=hands, deck=deck, round=next_round, phase="over", to_act=frozenset()
            )
        return attrs.evolve(
            self,
            hands=hands,
            deck=deck,
            round=next_round,
            phase="pick",
            to_act=frozenset(range(self.players)),
        )

    def outcome(self) -> Outcome:
        """Most points wins; ties share."""
        return Outcome.from_keys(
            self.scores,
            details=[{"points": s} for s in self.scores],
            final=self.is_over,
        )

    def view(self, player: int | None) -> View:
        """Own hand and pick only."""
        return View(
            player=player,
            players=self.players,
            to_act=self.to_act,
            hand=None if player is None else self.hands[player],
            my_pick=None if player is None else self.picks[player],
            hand_sizes=tuple(len(h) for h in self.hands),
            picked=tuple(p is not None for p in self.picks),
            deck_size=len(self.deck),
            scores=self.scores,
            round=self.round,
            rounds=self.rounds,
            phase=self.phase,
            played=self.played,
        )

    def prompt(self, player: int | None = None) -> str:
        """What the actor decides."""
        if self.phase == "pick":
            return "pick a card to play face down"
        if self.phase == "lead":
            return "draw a card or pass"
        return "the game is over"

    def validate(self) -> None:
        """Every card is in exactly one place."""
        placed = [*self.deck, *self.played, *(c for h in self.hands for c in h)]
        placed += [c for c in self.picks if c is not None]
        if sorted(placed) != list(CARDS):
            raise ValueError("cards are not conserved")
        if len(self.hands) != self.players or len(self.scores) != self.players:
            raise ValueError("one hand and one score per player")


def _max_steps(players: int) -> int:
    return ROUNDS * (players + 1)


SPEC = spec_of_test_game("toy", "Toy High Card", 4, _max_steps, simultaneous=True)


@attrs.define
class ToyGame:
    """The toy's Game object; its parts can be swapped to plant bugs."""

    spec: GameSpec = SPEC
    options_type: type[Any] = Options
    state_type: type[Any] = State
    view_type: type[Any] = View
    action_types: tuple[type[Any], ...] = (Play, Draw, Pass)

    def start(self, players: int, *, seed: int, options: Any = None) -> Any:
        """Deal three cards each from a seeded shuffle."""
        check_players(self.spec, players)
        if options is None:
            options = Options()
        if not isinstance(options, Options):
            raise InvalidOptionsError(f"toy: options must be toy Options, not {options!r}")
        deck, state_rng = rng.shuffled(rng.seed_rng(seed), CARDS)
        hands = tuple(tuple(sorted(deck[3 * p : 3 * p + 3])) for p in range(players))
        return self.state_type(
            players=players,
            to_act=frozenset(range(players)),
            rng=state_rng,
            deck=deck[3 * players :],
            hands=hands,
            picks=(None,) * players,
            scores=(0,) * players,
            round=0,
            rounds=options.rounds,
            phase="pick",
            played=(),
        )

    def parse_action(self, text: str) -> Any:
        """``play N``, ``draw`` or ``pass``."""
        words = text.split()
        if words == ["draw"]:
            return Draw()
        if words == ["pass"]:
            return Pass()
        if len(words) == 2 and words[0] == "play" and words[1].isdigit():
            return Play(int(words[1]))
        raise MalformedActionError(f"toy: {text!r} is not 'play N', 'draw' or 'pass'")

    def determinize(self, view: Any, seed: int) -> Any:
        """Deal the cards the seat cannot see at random."""
        known = list(view.played)
        if view.hand is not None:
            known += view.hand
        if view.my_pick is not None:
            known.append(view.my_pick)
        unknown, state_rng = rng.shuffled(rng.seed_rng(seed), [c for c in CARDS if c not in known])
        rest = list(unknown)
        hands: list[tuple[int, ...]] = []
        picks: list[int | None] = []
        for p in range(view.players):
            if p == view.player:
                hands.append(view.hand)
                picks.append(view.my_pick)
                continue
            size = view.hand_sizes[p]
            hands.append(tuple(sorted(rest[:size])))
            del rest[:size]
            if view.picked[p]:
                picks.append(rest.pop(0))
            else:
                picks.append(None)
        return self.state_type(
            players=view.players,
            to_act=view.to_act,
            rng=state_rng,
            deck=tuple(rest),
            hands=tuple(hands),
            picks=tuple(picks),
            scores=view.scores,
            round=view.round,
            rounds=view.rounds,
            phase=view.phase,
            played=view.played,
        )

    def action_vocabulary(self, players: int) -> tuple[Any, ...]:
        """``play 1`` .. ``play 12``, then ``draw`` and ``pass``."""
        return (*(Play(c) for c in CARDS), Draw(), Pass())

    def observation_size(self, players: int) -> int:
        """Own hand, own pick and played cards (12 each), then per-seat and global counts."""
        return 36 + 3 * players + 4

    def encode_view(self, view: Any) -> tuple[float, ...]:
        """One-hot card sets, then counts scaled to about [0, 1]."""
        hand = set(view.hand or ())
        played = set(view.played)
        out = [1.0 if c in hand else 0.0 for c in CARDS]
        out += [1.0 if c == view.my_pick else 0.0 for c in CARDS]
        out += [1.0 if c in played else 0.0 for c in CARDS]
        out += [size / 4 for size in view.hand_sizes]
        out += [1.0 if p else 0.0 for p in view.picked]
        out += [s / 3 for s in view.scores]
        out += [view.deck_size / 12, view.round / 3, float(view.phase == "pick")]
        out.append(-1.0 if view.player is None else view.player / 4)
        return tuple(out)

    def render(self, view: Any) -> str:
        """One line of text."""
        return f"round {view.round + 1}: scores {list(view.scores)} hand {view.hand}"


TOY = ToyGame()
