"""What a newcomer meets in the first hour (the README, docs/index.md, docs/guide/ and
docs/cli.md), read off the pages and held to the commands: each test names what it holds."""

from __future__ import annotations

import pytest

from meeple.scaffold import ScaffoldError
from meeple.scaffold import names_for

from .shared import says

NAME_RULE = (
    r"registry name, starting with a letter: lower-case words of letters and digits "
    r"joined by single underscores \(`high_card`\)"
)
"""How docs/cli.md and the tutorial give the names `meeple new-game` takes."""


@pytest.mark.parametrize("page", ["docs/cli.md", "docs/guide/plugin-tutorial.md"])
def test_the_pages_give_the_name_rule_the_scaffold_holds(page: str) -> None:
    """A name made of lower-case words of letters and digits is refused when it begins
    with a digit; the pages once left that out, and `2player` looked fine."""
    says(page, NAME_RULE)
    for taken in ("high_card", "a2", "x_2", "two_4_one"):
        names_for(taken)
    for refused in ("2player", "_card", "High_card", "high__card", "high-card", "card_"):
        with pytest.raises(ScaffoldError, match="will not do as a game name"):
            names_for(refused)
