"""What the games' notations share: an action class named by its verb, and a
parser's way of saying which word it could not read.

Every game prints an action as a verb and maybe a few names (``pay orange``,
``truck blue``, ``done``) and reads it back in ``parse_action``. `Verb` lets an
action class name its verb once, in its class line, so that the classes of one
shape share one ``__str__`` and the parser's tables of verbs are built from the
classes rather than spelled again. `Reader` makes the errors of one parser start
alike and look a word up in a table of names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from typing import ClassVar
from typing import TypeVar

import attrs

from .errors import MalformedActionError

__all__ = ["Reader", "Verb"]

_T = TypeVar("_T")


class Verb:
    """A mixin for action classes that print as their verb: ``class Done(Verb, verb="done")``.

    A class of one shape (say, a verb and a colour) overrides ``__str__`` to add its
    names after `verb`; its subclasses then name only their verb and docstring.
    """

    __slots__ = ()

    verb: ClassVar[str]
    """The first word of the notation."""

    def __init_subclass__(cls, verb: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # attrs makes a slotted class again from the body of the first, without the
        # class keywords: the verb set on the first is already in that body
        if verb is not None:
            cls.verb = verb

    def __str__(self) -> str:
        return self.verb


@attrs.frozen
class Reader:
    """How one game's parser refuses a text: every error starts with `lead`."""

    lead: str
    """Names the game and what failed, e.g. ``"way_of_bear: cannot read action"``."""

    def bad(self, text: str, why: str) -> MalformedActionError:
        """The error for `text`, saying `why` it cannot be read."""
        return MalformedActionError(f"{self.lead} {text!r}: {why}")

    def split(self, text: str, forms: str) -> tuple[str, list[str]]:
        """The verb of `text` and the words after it, lower case; empty text is refused
        with the `forms` a text may take."""
        words = text.lower().split()
        if not words:
            raise self.bad(text, f"it is empty; expected one of: {forms}")
        return words[0], words[1:]

    def named(self, names: Mapping[str, _T], text: str, word: str, what: str) -> _T:
        """What `word` (of `text`) names in `names`; else the error that it is not `what`."""
        found = names.get(word)
        if found is None:
            raise self.bad(text, f"{word!r} is not {what}")
        return found
