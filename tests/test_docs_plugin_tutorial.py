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
