"""The page says which bots played and what that means for the figures drawn from them."""

from __future__ import annotations

from meeple.sim.page_players import describe_bot
from meeple.sim.page_players import lineup_meaning


def test_each_bot_is_described_with_the_parameters_it_plays_with() -> None:
    assert describe_bot("random") == "picks uniformly among the legal actions"
    assert "in 4 sampled worlds" in describe_bot("greedy")  # the bot's default, named
    assert "in 1 sampled world," in describe_bot("greedy:worlds=1")
    assert "1000 iterations per decision" in describe_bot("mcts")
    assert "25 iterations per decision" in describe_bot("mcts:iterations=25")
    assert "0.5 s per decision" in describe_bot("mcts:time_limit=0.5")
    assert "who leads so far" in describe_bot("greedy")
    assert "the game's heuristic" in describe_bot("heuristic")
    assert "200 iterations per decision, its leaves and priors valued by the game's heuristic" in (
        describe_bot("guided")  # the preset's budget, named
    )
    assert describe_bot("wizard") == "a bot this version of meeple does not know"


def test_the_lineup_says_what_its_figures_describe() -> None:
    assert "not how players who try to win would fare" in lineup_meaning(["random"] * 2, False)
    same = lineup_meaning(["mcts:iterations=50"] * 3, False)
    assert same.startswith("Every seat holds mcts:iterations=50: ")
    assert "seat-by-bot table" in lineup_meaning(["greedy", "random"], True)
    assert "seats are not compared" in lineup_meaning(["greedy", "random"], False)
