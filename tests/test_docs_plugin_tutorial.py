"""Where docs/guide/plugin-tutorial.md's commands run, read from the page.

Regression: the first part ends with ``cd high_card``, and section 15's
``pip install -e examples/plugin_game`` failed there ("not a valid editable
requirement") with no word on the page about where to run it.
"""

from __future__ import annotations

import re

from .shared import ROOT
from .shared import prose
from .shared import says

PAGE = "docs/guide/plugin-tutorial.md"


def _section(title: str) -> str:
    text = (ROOT / PAGE).read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def test_the_first_part_leaves_you_in_the_new_folder() -> None:
    assert re.search(r"^cd high_card$", _section("Start here: `meeple new-game`"), re.M)


def test_install_and_play_says_to_run_from_the_clone_and_its_paths_are_there() -> None:
    says(
        PAGE,
        r"From the root of your meeple clone, where `examples/` is \(the first part left "
        r"you in `high_card/`: `cd \.\.` first",
    )
    installs = re.findall(r"^pip install -e (\S+)$", _section("15. Install and play"), re.M)
    assert installs == ["examples/plugin_game"]
    for path in installs:
        assert (ROOT / path / "pyproject.toml").is_file(), path
        assert f"`{path.split('/')[0]}/`" in prose(PAGE)


def _win_rate(seats: list[str], seat: int) -> str:
    """The win rate of `seat` as `meeple simulate goofspiel -n 1000` prints it (seed 0,
    the default)."""
    from meeple.sim import simulate
    from meeple.sim import summarize

    results = simulate("goofspiel", 2, seats, 1000, 0, workers=1)
    return f"{summarize(results, 2, seats).seats[seat].win_rate:.3f}"


def test_the_greedy_bots_goofspiel_win_rates_are_the_pages() -> None:
    """Section 15 says why greedy does no better than random at Goofspiel, with the
    win rates `meeple simulate goofspiel -n 1000` prints, seated first and second."""
    said = says(
        PAGE,
        r"The greedy bot's win rate is ([\d.]+), no better than random, .*? "
        r"Seated second \(`--seat random --seat greedy`\) .*? its win rate is ([\d.]+);",
    )
    assert _win_rate(["greedy", "random"], 0) == said.group(1)
    assert _win_rate(["random", "greedy"], 1) == said.group(2)


def test_a_first_bid_alone_changes_no_score_so_greedy_sees_every_card_alike() -> None:
    """The page's reason: seat 0 is asked first, and after its bid alone the outcome
    so far (what greedy scores) is the same whatever card it bid."""
    import meeple
    from meeple.bots.base import outcome_value
    from meeple.core.turns import asking_order

    state = meeple.start("goofspiel", players=2, seed=0)
    while not state.is_over:
        first = asking_order(state)[0]
        assert first == 0
        assert len(state.to_act) == 2
        values = {outcome_value(state.apply(a, first)) for a in state.legal_actions(first)}
        assert values == {outcome_value(state)}
        state = state.apply(state.legal_actions(first)[-1], first)
        state = state.apply(state.legal_actions(1)[0], 1)
