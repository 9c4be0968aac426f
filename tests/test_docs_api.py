"""The API reference page is current and covers every public name a plugin can use.

``docs/api.md`` is plain Markdown generated from the docstrings by
``tests/docs_api.py``, so it reads complete on the repository page and in an
editor, not only on the built site (issue 20, item 2).
"""

from __future__ import annotations

import ast
import importlib
import re

import pytest

from .docs_api import PAGE
from .docs_api import documented_names
from .docs_api import render_page
from .shared import ROOT
from .shared import doc_table
from .shared import says


def test_the_api_page_is_current() -> None:
    assert PAGE.read_text(encoding="utf-8") == render_page(), (
        "docs/api.md is out of date: run `python -m tests.docs_api`"
    )


@pytest.mark.parametrize("module", ["meeple", "meeple.core", "meeple.testing"])
def test_every_public_name_is_on_the_page(module: str) -> None:
    public = set(importlib.import_module(module).__all__) - {"__version__"}
    assert public <= documented_names(), (
        f"not on docs/api.md: {sorted(public - documented_names())}"
    )


def test_the_page_needs_no_build_step_to_read() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert ":::" not in text  # mkdocstrings directives render only on the built site
    assert "--8<--" not in text  # nor do snippet includes
    assert "```python\nclass meeple.core.GameBase[S, A, V]" in text  # signatures are shown


CAPABILITY_PAGE = PAGE.parent / "capabilities.md"


def test_the_capability_page_covers_every_capability() -> None:
    from meeple.core import CAPABILITIES

    text = CAPABILITY_PAGE.read_text(encoding="utf-8")
    for name in (*CAPABILITIES, "validate"):
        assert f"\n## `{name}`" in text, f"capabilities.md has no section for {name}"


def test_the_capability_table_is_what_offers_knows() -> None:
    """The table lists exactly `CAPABILITIES`, each a name `offers` answers for.
    Regression: it listed `validate`, which ``offers(game, "validate")`` refuses
    (KeyError): the state's invariants are hooks every game has, not a capability."""
    from meeple import get_game
    from meeple.core import CAPABILITIES
    from meeple.core import offers

    page = str(CAPABILITY_PAGE.relative_to(ROOT))
    named = [row[0].strip("`") for row in doc_table(page, "| capability |")]
    assert sorted(named) == sorted(CAPABILITIES)
    game = get_game("wypas")
    assert all(offers(game, name) for name in named)  # a built-in game offers them all
    with pytest.raises(KeyError, match="unknown capability 'validate'"):
        offers(game, "validate")
    says(page, r"`validate`\]\([^)]*\) is not in the table: .* `offers` and `capabilities` do not")


def test_the_capability_page_code_is_python() -> None:
    text = CAPABILITY_PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    assert len(blocks) >= 7
    for block in blocks:
        ast.parse(block)
