"""The notation helpers: action classes named by their verb, and a parser's errors."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.core import MalformedActionError
from meeple.core.notation import Reader
from meeple.core.notation import Verb


@attrs.frozen
class _Done(Verb, verb="done"):
    """A bare action: its verb is its notation."""


@attrs.frozen
class _OnSeat(Verb):
    """A shape: its verb, then a seat."""

    seat: int

    def __str__(self) -> str:
        return f"{self.verb} p{self.seat}"


@attrs.frozen
class _Award(_OnSeat, verb="award"):
    """One class of that shape: it names only its verb."""


def test_a_verb_class_prints_its_verb() -> None:
    assert str(_Done()) == "done"
    assert _Done.verb == "done"


@attrs.frozen
class _Rob(_OnSeat, verb="rob"):
    """Another class of the same shape, with another verb."""


def test_the_verb_survives_attrs_making_the_slotted_class_again() -> None:
    # attrs builds a new class from the body, calling __init_subclass__ with no verb
    assert "__slots__" in _Done.__dict__
    assert not hasattr(_Done(), "__dict__")
    assert _Award.verb == "award"
    assert _Rob.verb == "rob"


def test_subclasses_of_one_shape_share_its_str_with_their_own_verb() -> None:
    assert str(_Award(2)) == "award p2"
    assert str(_Rob(0)) == "rob p0"


def test_the_verb_is_no_field_and_classes_of_one_shape_stay_apart() -> None:
    assert [f.name for f in attrs.fields(_Award)] == ["seat"]
    assert repr(_Award(1)) == "_Award(seat=1)"
    assert _Award(1) == _Award(1)
    award: object = _Award(1)
    assert award != _Rob(1)
    assert pickle.loads(pickle.dumps(_Award(3))) == _Award(3)


def test_reader_errors_start_with_the_lead() -> None:
    error = Reader("toy: cannot read action").bad("frob 3", "unknown verb")
    assert isinstance(error, MalformedActionError)
    assert str(error) == "toy: cannot read action 'frob 3': unknown verb"


def test_reader_finds_a_name_even_when_it_names_zero() -> None:
    assert Reader("toy:").named({"red": 0, "blue": 1}, "take red", "red", "a colour") == 0


def test_reader_says_what_a_word_should_have_been() -> None:
    with pytest.raises(MalformedActionError) as caught:
        Reader("toy: cannot read").named({"red": 0}, "take mauve", "mauve", "a colour (red)")
    assert str(caught.value) == "toy: cannot read 'take mauve': 'mauve' is not a colour (red)"


@given(st.dictionaries(st.text(max_size=4), st.integers()), st.text(max_size=4))
def test_reader_looks_up_exactly_the_table(names: dict[str, int], word: str) -> None:
    reader = Reader("toy:")
    if word in names:
        assert reader.named(names, word, word, "known") == names[word]
    else:
        with pytest.raises(MalformedActionError):
            reader.named(names, word, word, "known")


def test_reader_splits_off_the_verb_forgiving_case_and_spacing() -> None:
    assert Reader("toy:").split("  Take   Red Blue ", "take <colour>...") == (
        "take",
        ["red", "blue"],
    )
    assert Reader("toy:").split("done", "done") == ("done", [])


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_reader_refuses_empty_text_with_the_forms(text: str) -> None:
    with pytest.raises(MalformedActionError) as caught:
        Reader("toy: cannot read action").split(text, "take <colour>..., done")
    assert str(caught.value) == (
        f"toy: cannot read action {text!r}: it is empty; expected one of: take <colour>..., done"
    )
