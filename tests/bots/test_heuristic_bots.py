"""The bots that use a game's heuristic: ``heuristic`` (one step ahead) and ``guided``
(MCTS with the heuristic's priors and leaf values), and the ``greedy`` bot that does not."""

from __future__ import annotations

import math
from typing import Any

import pytest

import meeple
from meeple.bots import GUIDED
from meeple.bots import GreedyBot
from meeple.bots import MCTSBot
from meeple.bots import evaluate
from meeple.bots import make_bot
from meeple.bots import parse_bot_spec
from meeple.bots.base import outcome_value
from meeple.core import offers
from meeple.core import win_chances
from meeple.testing import random_playout

from ..shared import BUILT_IN
from ..shared import says
from ..toy_game import TOY
from ..toy_game import Draw


class _ToyThatLikesCards:
    """The toy game with a heuristic that values cards in hand (its outcome does not)."""

    def __init__(self) -> None:
        self.spec = TOY.spec

    def __getattr__(self, name: str) -> Any:
        return getattr(TOY, name)

    def heuristic(self, state: Any) -> tuple[float, ...]:
        sizes = [len(hand) for hand in state.hands]
        return tuple(0.1 * size / (1 + max(sizes)) for size in sizes)


def _lead(seed: int) -> Any:
    """A toy position where the leader chooses between ``draw`` and ``pass``."""
    state = TOY.start(2, seed=seed)
    for player in sorted(state.to_act):
        state = state.apply(state.legal_actions(player)[0], player)
    assert state.phase == "lead"
    return state


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_built_in_game_offers_a_heuristic(name: str) -> None:
    assert offers(meeple.get_game(name), "heuristic")


@pytest.mark.parametrize(
    ("name", "players"), [("bear_mountain", 3), ("way_of_bear", 3), ("wojtek", 3)]
)
def test_a_heuristic_gives_chances_that_sum_to_one(name: str, players: int) -> None:
    """The three games whose heuristic is a chance to win (Wypas's is a share of 0.6)."""
    game = meeple.get_game(name)
    _, _, states = random_playout(game, players, seed=5)
    for state in states:
        if not state.is_over:
            values = game.heuristic(state)  # type: ignore[attr-defined]  # offered (above)
            assert len(values) == players
            assert all(0.0 < v < 1.0 for v in values)
            assert abs(sum(values) - 1.0) < 1e-9


def test_win_chances_keep_the_order_and_sum_to_one() -> None:
    chances = win_chances([2.0, 0.0, 1.0], scale=1.7)
    assert chances[0] > chances[2] > chances[1]
    assert abs(sum(chances) - 1.0) < 1e-12
    assert win_chances([3.0, 3.0]) == (0.5, 0.5)
    lead = win_chances([1.0, 0.0], scale=1.7)[0]
    assert abs(lead - 0.5 * (1 + math.erf(1 / math.sqrt(2)))) < 0.01  # about Phi(1)


def test_the_heuristic_bot_values_positions_by_the_heuristic() -> None:
    game: Any = _ToyThatLikesCards()
    for seed in range(6):
        state = _lead(seed)
        leader = min(state.to_act)
        bot = make_bot("heuristic", game, seed)
        assert bot.choose(state.view(leader), state.legal_actions(leader)) == Draw()


def test_the_greedy_bot_values_positions_by_the_outcome_alone() -> None:
    """Drawing scores nothing, so greedy sees two equal moves and breaks the tie at random."""
    game: Any = _ToyThatLikesCards()
    chosen = set()
    for seed in range(12):
        state = _lead(seed)
        leader = min(state.to_act)
        bot = GreedyBot(game, seed)
        chosen.add(str(bot.choose(state.view(leader), state.legal_actions(leader))))
    assert chosen == {"draw", "pass"}


def test_evaluate_asks_the_heuristic_only_before_the_end() -> None:
    game: Any = _ToyThatLikesCards()
    state = _lead(1)
    assert evaluate(game, state) == game.heuristic(state)
    while not state.is_over:
        player = min(state.to_act)
        state = state.apply(state.legal_actions(player)[0], player)
    assert evaluate(game, state) == state.outcome().win_shares()


def test_the_guided_preset_is_mcts_with_its_own_defaults() -> None:
    bot = make_bot("guided", TOY, 1)
    assert isinstance(bot, MCTSBot)
    assert bot.name == f"guided({GUIDED['iterations']})"
    assert (bot.iterations, bot.exploration, bot.rollout_depth, bot.bias) == (
        GUIDED["iterations"],
        GUIDED["exploration"],
        GUIDED["rollout_depth"],
        GUIDED["bias"],
    )
    tuned = make_bot("guided:iterations=50,bias=2", TOY, 1)
    assert isinstance(tuned, MCTSBot)
    assert (tuned.iterations, tuned.bias, tuned.rollout_depth) == (50, 2.0, GUIDED["rollout_depth"])
    assert str(parse_bot_spec("GUIDED: bias = 2.50")) == "guided:bias=2.5"
    assert make_bot("mcts", TOY, 1).bias == 0.0  # type: ignore[attr-defined]  # an MCTSBot


def test_guided_search_tries_the_best_prior_first() -> None:
    """With one iteration, the only edge expanded is the action the heuristic prefers."""
    game: Any = _ToyThatLikesCards()
    for seed in range(4):
        state = _lead(seed)
        leader = min(state.to_act)
        bot = MCTSBot(game, seed, iterations=1, rollout_depth=0, bias=1.0)
        assert bot.choose(state.view(leader), state.legal_actions(leader)) == Draw()


class _Provisional:
    """A game in progress that shows only its provisional outcome (what `outcome_value`
    reads): scores ranked by themselves."""

    def __init__(self, scores: list[int], final: bool = False) -> None:
        self.players = len(scores)
        self._outcome = meeple.core.Outcome.from_keys(scores, final=final)

    def outcome(self) -> meeple.core.Outcome:
        return self._outcome


def test_an_unfinished_game_is_valued_as_docs_capabilities_says() -> None:
    """docs/capabilities.md: without a heuristic, a position is worth at most 0.6 (0.45
    for the provisional rank, 0.15 for the score's place between lowest and highest)."""
    found = says(
        "docs/capabilities.md",
        r"at most (\d\.\d+) for an\s+unfinished game \((\d\.\d+) for the provisional rank, "
        r"(\d\.\d+) for the score's place\s+between the lowest and the highest\)",
    )
    most, rank, place = map(float, found.groups())
    assert most == pytest.approx(rank + place)
    best, middle, worst = outcome_value(_Provisional([10, 4, 0]))
    assert best == pytest.approx(most)
    assert worst == 0.0
    assert middle == pytest.approx(rank / 2 + place * 4 / 10)
    assert outcome_value(_Provisional([10, 4, 0], final=True)) == (1.0, 0.0, 0.0)
