"""The default report's bots: the strongest MCTS tier whose estimated run fits the
time budget, from a seeded probe game, never from the clock."""

from __future__ import annotations

import re

import pytest

import meeple
from meeple.bots.registry import GUIDED
from meeple.sim.budget import _GUIDED
from meeple.sim.budget import BUDGET_CORES
from meeple.sim.budget import BUDGET_SECONDS
from meeple.sim.budget import COMPETENT
from meeple.sim.budget import DEFAULT_DEALS
from meeple.sim.budget import MIN_DEALS
from meeple.sim.budget import STEP_SECONDS
from meeple.sim.budget import TIERS
from meeple.sim.budget import Probe
from meeple.sim.budget import estimate_seconds
from meeple.sim.budget import plan_bots
from meeple.sim.budget import probe_game
from meeple.sim.design import bot_param
from meeple.sim.ladder import HEURISTIC_RUNG
from meeple.sim.ladder import default_ladder

from ..shared import number
from ..shared import says


def _probe(decisions: int, legal: int = 3, players: int = 2) -> Probe:
    return Probe(players, tuple((j % players, legal) for j in range(decisions)))


def test_the_estimate_counts_each_bots_work_in_steps() -> None:
    probe = _probe(4)  # 4 decisions of 3 actions, seats 0 and 1 in turn
    random = estimate_seconds(probe, ("random", "random"), False, (), deals=1)
    assert random * 2 == (4 + 4) * STEP_SECONDS  # the game itself, one step per decision
    mcts = estimate_seconds(probe, ("mcts:iterations=10", "random"), False, (), deals=1)
    # seat 0 decides at 0 and 2 with 3 and 1 actions left: 10 iterations of (2 + 2 + left)
    assert mcts * 2 == (4 + 2 + 10 * (4 + 3) + 10 * (4 + 1)) * STEP_SECONDS


def test_a_short_game_gets_the_strongest_tier_and_the_default_deals() -> None:
    plan = plan_bots(_probe(4), lineup=None, rotate=False, ladder=None, deals=None)
    assert plan.deals == DEFAULT_DEALS
    assert plan.lineup == (f"mcts:iterations={TIERS[0]}",) * 2
    assert plan.ladder == default_ladder(TIERS[0])
    assert plan.seconds <= BUDGET_SECONDS


def test_a_long_game_gets_a_weaker_tier_then_fewer_deals() -> None:
    middle = plan_bots(_probe(60), lineup=None, rotate=False, ladder=None, deals=None)
    assert middle.lineup[0] != f"mcts:iterations={TIERS[0]}"
    assert middle.seconds <= BUDGET_SECONDS
    huge = plan_bots(_probe(3000), lineup=None, rotate=False, ladder=None, deals=None)
    assert huge.ladder == default_ladder(TIERS[-1])
    assert MIN_DEALS <= huge.deals < DEFAULT_DEALS
    assert "an estimate" in huge.reason


def test_a_game_with_a_heuristic_is_planned_with_guided_mcts() -> None:
    assert probe_game(meeple.get_game("wojtek"), 2).kind == "guided"
    guided = Probe(2, _probe(3000).decisions, guided=True)
    huge = plan_bots(guided, lineup=None, rotate=False, ladder=None, deals=None)
    # guided MCTS beats the heuristic bot at any budget: no heuristic rung instead
    assert huge.lineup == (f"guided:iterations={TIERS[-1]}",) * 2
    assert huge.ladder == default_ladder(TIERS[-1], "guided")
    assert "guided MCTS" in huge.reason
    assert "plays worse" not in huge.reason


def test_a_guided_iteration_plays_out_nothing() -> None:
    probe = _probe(4)
    guided = estimate_seconds(probe, ("guided:iterations=10", "random"), False, (), deals=1)
    # seat 0 decides twice: 10 iterations of (2 + 2 + 20 for the heuristic's values)
    assert guided * 2 == pytest.approx((4 + 2 + 10 * (4 + 20) * 2) * STEP_SECONDS)


def test_below_a_competent_budget_the_main_design_seats_the_heuristic_rung() -> None:
    assert TIERS[-1] < COMPETENT
    huge = plan_bots(_probe(3000), lineup=None, rotate=False, ladder=None, deals=None)
    assert huge.lineup == (HEURISTIC_RUNG, HEURISTIC_RUNG)
    assert f"below {COMPETENT} iterations MCTS plays worse" in huge.reason


def test_what_the_caller_names_is_kept() -> None:
    plan = plan_bots(_probe(60), lineup=("random", "random"), rotate=False, ladder=None,
                     deals=7)  # fmt: skip
    assert plan.lineup == ("random", "random")
    assert plan.deals == 7
    assert plan.ladder[:3] == ("random", "greedy:worlds=1", HEURISTIC_RUNG)


def test_the_probe_is_the_same_game_every_time() -> None:
    game = meeple.get_game("bear_mountain")
    assert probe_game(game, 2) == probe_game(game, 2)
    assert probe_game(game, 2).decisions


def test_the_estimate_counts_each_bot_as_it_plays() -> None:
    # Regression: 'heuristic' was counted as one world (it samples four, as greedy),
    # and 'guided' as MCTS with random playouts to the end (its leaves are valued at once).
    assert bot_param("heuristic", "worlds") == bot_param("greedy", "worlds") == 4
    assert bot_param("guided", "rollout_depth") == GUIDED["rollout_depth"] == 0
    assert bot_param("guided", "iterations") == GUIDED["iterations"]
    assert bot_param("guided:iterations=30", "iterations") == 30


def _played_length(game_name: str, players: int, bot: str, seed: int) -> int:
    from meeple.bots import make_bot
    from meeple.core.turns import asking_order

    game = meeple.get_game(game_name)
    state = game.start(players, seed=seed)
    bots = [make_bot(bot, game, seed * 10 + p) for p in range(players)]
    steps = 0
    while not state.is_over:
        player = next(iter(asking_order(state)))
        legal = state.legal_actions(player)
        state = state.apply(bots[player].choose(state.view(player), legal), player)
        steps += 1
    return steps


def test_the_probe_of_a_game_with_a_heuristic_lasts_as_long_as_its_planned_bots_games() -> None:
    """Regression: Wypas's probe game was played by greedy bots, which, looking at the
    score alone, ran it to the round limit (2,040 actions, where the guided bots the plan
    seats play about 220): the estimate was ten times the run, and the report fell to
    its fewest deals. The probe is now played by the heuristic bot."""
    probe = probe_game(meeple.get_game("wypas"), 3)
    plan = plan_bots(probe, lineup=None, rotate=False, ladder=None, deals=None)
    lengths = [_played_length("wypas", 3, plan.lineup[0], seed) for seed in (1, 2)]
    assert 0.5 < len(probe.decisions) / (sum(lengths) / len(lengths)) < 2.0
    assert plan.deals > MIN_DEALS


def test_the_documented_plans_are_the_plans_made() -> None:
    """docs/bots-and-simulation.md's table of each game's default plan (main design, the
    ladder's MCTS rungs, deals, estimated seconds) is what `plan_bots` makes today."""
    import re
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "bots-and-simulation.md").read_text("utf-8")
    table = page.split("| game | players | main design |")[1].split("\n\n")[0]
    rows = [line.split("|")[1:7] for line in table.splitlines()[2:]]
    assert len(rows) == len(meeple.game_names())
    for name, players, main, rungs, deals, estimated in rows:
        game = meeple.get_game(re.findall(r"`(\w+)`", name)[0])
        plan = plan_bots(
            probe_game(game, int(players)), lineup=None, rotate=False, ladder=None, deals=None
        )
        tiers = [int(bot_param(rung, "iterations")) for rung in plan.ladder[3:]]
        said = (main.strip(" `"), rungs.strip(), int(deals), estimated.strip())
        made = (plan.lineup[0], ", ".join(map(str, tiers)), plan.deals, f"{plan.seconds:.0f} s")
        assert said == made, name


# -- the budget as the pages state it: each number read from the page ------------------

SIM_PAGE = "docs/bots-and-simulation.md"
FITS = r"fit (?:\*\*)?about (a|\w+) (minute|minutes|seconds) on (\w+) cores"
"""How a page words the budget: "fit about a minute on two cores"."""


@pytest.mark.parametrize(
    ("page", "lead"),
    [
        (SIM_PAGE, "bots you do not name are the strongest that "),
        ("docs/cli.md", "bots not named are the strongest that "),
        ("README.md", "played by the strongest bots that "),
    ],
)
def test_each_page_states_the_budget_the_plan_keeps(page: str, lead: str) -> None:
    amount, unit, cores = says(page, lead + FITS).groups()
    seconds = number("one" if amount == "a" else amount) * (1 if unit == "seconds" else 60)
    assert (seconds, number(cores)) == (BUDGET_SECONDS, BUDGET_CORES)


def test_the_page_states_the_tiers_the_deals_and_the_heuristic_rung_the_plan_keeps() -> None:
    tiers = says(SIM_PAGE, r"at the largest of ([\d, ]+) or (\d+) iterations per decision")
    said = tuple(number(t) for t in tiers[1].split(", ")) + (number(tiers[2]),)
    assert said == TIERS
    competent = says(SIM_PAGE, r"where that gets fewer than (\d+) iterations the heuristic rung")
    assert number(competent[1]) == COMPETENT
    deals = says(SIM_PAGE, r"`-n` is (\d+) deals, or fewer \(never below (\d+)\) when even (\d+)")
    assert (number(deals[1]), number(deals[2]), number(deals[3])) == (
        DEFAULT_DEALS,
        MIN_DEALS,
        TIERS[-1],
    )
    times = says(SIM_PAGE, r"then the same MCTS at that budget and at (\w+) times it")
    top = default_ladder(TIERS[0])[-1]
    assert bot_param(top, "iterations") == number(times[1]) * TIERS[0]
    steps = says(
        SIM_PAGE,
        r"a `guided` one values positions with the heuristic instead, counted as (\d+) steps",
    )
    assert number(steps[1]) == _GUIDED


REASON = r"budget of about (\d+) s on (\d+) cores: .*? budget of ([\d, ]+) iterations that fits"
"""The numbers of the sentence saying how the bots were chosen."""


def test_the_reason_the_page_prints_is_the_one_the_plan_gives() -> None:
    """The terminal's sentence in the page's example run carries the constants."""
    shown = says(SIM_PAGE, "Bots chosen for a " + REASON)
    reason = plan_bots(_probe(4), lineup=None, rotate=False, ladder=None, deals=None).reason
    made = re.search(REASON, reason)
    assert made, reason
    assert shown.groups() == made.groups()
    assert (number(shown[1]), number(shown[2])) == (BUDGET_SECONDS, BUDGET_CORES)
