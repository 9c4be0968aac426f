"""The touch model of `meeple.core.elements`: what one touch on a table element does.

The web page's script follows the same rules (static/touch.js); the property tests
(tests/test_clickable_property.py) prove with this model that every legal action of
every game can be reached by touches.
"""

from __future__ import annotations

import pytest

from meeple.core.elements import Choice
from meeple.core.elements import Touch
from meeple.core.elements import drawn_elements
from meeple.core.elements import element_attrs
from meeple.core.elements import narrow
from meeple.core.elements import settled
from meeple.core.elements import touch

from ..shared import number
from ..shared import says

TAKE_OB = Choice("take orange black", "take orange black", ("t-orange-2", "t-black-1"))
TAKE_OO = Choice("take orange orange", "take orange orange", ("t-orange-2", "t-orange-1"))
SHEAR = Choice("shear 1", "shear 1", ("pen-0-1",))
SHEAR_MEEE = Choice("shear 1 meee", "shear 1 meee", ("pen-0-1", "bleat"))
OPTIONS = (TAKE_OB, TAKE_OO, SHEAR, SHEAR_MEEE)


def test_a_touch_narrows_to_the_actions_that_involve_the_element() -> None:
    first = touch(OPTIONS, (), "t-orange-2")
    assert first.selection == ("t-orange-2",)
    assert first.plays is None
    assert narrow(OPTIONS, first.selection) == (TAKE_OB, TAKE_OO)
    assert settled(OPTIONS, first.selection) is None
    second = touch(OPTIONS, first.selection, "t-black-1")
    assert narrow(OPTIONS, second.selection) == (TAKE_OB,)
    assert settled(OPTIONS, second.selection) == TAKE_OB


def test_one_more_touch_on_the_selection_plays_the_one_action_left() -> None:
    picked = touch(OPTIONS, ("t-orange-2",), "t-black-1").selection
    played = touch(OPTIONS, picked, "t-black-1")
    assert played.plays == TAKE_OB
    assert played.selection == ()


def test_the_action_whose_elements_are_exactly_the_selection_is_settled() -> None:
    assert settled(OPTIONS, ("pen-0-1",)) == SHEAR  # shear 1 meee needs the bleat too
    assert touch(OPTIONS, ("pen-0-1",), "pen-0-1").plays == SHEAR
    assert touch(OPTIONS, ("pen-0-1",), "bleat").selection == ("pen-0-1", "bleat")


def test_touching_a_selected_element_that_settles_nothing_puts_it_back() -> None:
    assert touch(OPTIONS, ("t-orange-2",), "t-orange-2") == Touch(())


def test_an_element_of_other_actions_starts_a_new_selection() -> None:
    assert touch(OPTIONS, ("t-orange-2",), "pen-0-1").selection == ("pen-0-1",)


def test_an_element_no_action_involves_is_refused_and_keeps_the_selection() -> None:
    refused = touch(OPTIONS, ("t-orange-2",), "v14")
    assert refused.refused
    assert refused.selection == ("t-orange-2",)
    assert refused.plays is None


def test_element_attributes_are_escaped_and_ids_checked() -> None:
    attrs = element_attrs("v14", 'village "14" <b>')
    assert 'aria-label="village &quot;14&quot; &lt;b&gt;"' in attrs
    assert 'tabindex="0"' in attrs
    assert 'role="button"' in attrs
    with pytest.raises(ValueError, match="not an element id"):
        element_attrs('v" onclick="x', "bad")


def test_a_page_is_read_for_its_elements_and_their_labels() -> None:
    page = (
        f"<svg><g{element_attrs('v14', 'village 14')}/></svg><p data-el='p' aria-label='x'>"
        '<b title="a > b" data-el="q" TABINDEX=0 aria-label="a &gt; b">q</b><i data-x="data-el">'
    )
    drawn = drawn_elements(page)
    assert drawn.labels == {"v14": "village 14", "p": "x", "q": "a > b"}
    assert drawn.unreachable == ("p",)  # no tabindex


def test_an_element_id_is_as_long_as_the_page_allows() -> None:
    """docs/capabilities.md: an element id is "letters, digits and `. _ : -`, at most 64
    characters": as long is drawn, one more refused."""
    said = says("docs/capabilities.md", r"letters, digits and `\. _ : -`, at most (\d+) characters")
    longest = number(said[1])
    assert 'data-el="' + "a" * longest + '"' in element_attrs("a" * longest, "a card")
    with pytest.raises(ValueError, match="is not an element id"):
        element_attrs("a" * (longest + 1), "a card")
