"""What docs/guide/implementing-a-game.md says an outcome must be, read from the page
and held against the conformance kit, on a small game written from that page alone.

Regression: the page said only "outcome(state): scores, ranks, winners, details", so a
game written from it built an `Outcome` with the default ``final=True`` at every state,
or no winners before the end, and the kit refused both with no word on the page.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from meeple.core import CAPABILITIES
from meeple.core import NOBODY
from meeple.core import ONE_SEAT
from meeple.core import GameBase
from meeple.core import GameSpec
from meeple.core import MalformedActionError
from meeple.core import Outcome
from meeple.core import StateBase
from meeple.core import offers
from meeple.core import replace
from meeple.testing import check_game
from meeple.testing.where import ConformanceError

from .shared import doc_table
from .shared import says

PAGE = "docs/guide/implementing-a-game.md"


@attrs.frozen
class Options:
    """No variants."""


@attrs.frozen
class Add:
    """Add 1 or 2 to the count."""

    n: int

    def __str__(self) -> str:
        return f"add {self.n}"


ADDS = (Add(1), Add(2))


def parse_action(text: str) -> Add:
    """``add 1`` or ``add 2``."""
    if text not in ("add 1", "add 2"):
        raise MalformedActionError(f"{text!r} is not 'add 1' or 'add 2'")
    return Add(int(text[-1]))


@attrs.frozen(slots=False)
class State(StateBase):
    """The count, and who added last (-1: nobody yet)."""

    players: int
    to_act: frozenset[int]
    count: int
    last: int


class FinalAlways(State):
    """The state of the game whose outcome is always final."""


class NoWinnersYet(State):
    """The state of the game whose outcome has no winners before the end."""


class AsThePageSays(State):
    """The state of the game whose outcome the page's way builds."""


@attrs.frozen
class View:
    """Everything is open."""

    player: int | None
    players: int
    to_act: frozenset[int]
    count: int
    last: int


def race(state: type[State], outcome: Callable[[Any], Outcome]) -> Any:
    """Race to five (players in turn add 1 or 2; who reaches 5 wins), with `outcome`;
    `state` is its own state class (a state class belongs to one game)."""

    def start(players: int, seed: int, options: Options) -> State:
        return state(players=players, to_act=ONE_SEAT[0], count=0, last=-1)

    def successor(s: State, a: Add, player: int) -> State:
        count = s.count + a.n
        to_act = NOBODY if count >= 5 else ONE_SEAT[(player + 1) % s.players]
        return replace(s, count=count, last=player, to_act=to_act)

    def view_of(s: State, player: int | None) -> View:
        return View(player, s.players, s.to_act, s.count, s.last)

    def determinize(v: View, seed: int) -> State:
        return state(players=v.players, to_act=v.to_act, count=v.count, last=v.last)

    class Race(GameBase[State, Add, View]):
        spec = GameSpec("race", "Race to five", 2, 3, "1", False, False, lambda n: 5)
        options_type = Options
        state_type = state
        view_type = View
        action_types = (Add,)
        _start = staticmethod(start)
        _parse_action = staticmethod(parse_action)
        _legal_actions = staticmethod(lambda s, p: ADDS if s.count <= 3 else ADDS[:1])
        _successor = staticmethod(successor)
        _outcome = staticmethod(outcome)
        _view = staticmethod(view_of)
        _determinize = staticmethod(determinize)
        _render = staticmethod(lambda v: f"count: {v.count} of 5")
        _prompt = staticmethod(lambda v: f"the count is {v.count}: add 1 or 2")
        _refusal = staticmethod(lambda s, a, p: f"adding {a.n} would pass 5")

    return Race()


def _scores(s: Any) -> tuple[int, ...]:
    return tuple(int(s.is_over and p == s.last) for p in range(s.players))


@functools.cache
def _the_page_way() -> Any:
    """The race game with its outcome built as the page says (made once: its state
    class belongs to one game)."""
    return race(AsThePageSays, lambda s: Outcome.from_keys(_scores(s), final=s.is_over))


def test_the_page_says_final_and_winners_hold_before_the_end() -> None:
    says(PAGE, r"Its `final` must be `state\.is_over`, and its `winners` are exactly the ")
    says(PAGE, r"seats ranked 1, before the end too\.")
    says(PAGE, r"`Outcome\.from_keys\(scores, keys, details, final=state\.is_over\)` builds one")


def test_an_outcome_final_before_the_end_is_refused_by_the_kit() -> None:
    game = race(FinalAlways, lambda s: Outcome.from_keys(_scores(s)))
    with pytest.raises(ConformanceError, match=re.escape("outcome.final must equal is_over")):
        check_game(game, seeds=[0])


def test_an_outcome_without_winners_before_the_end_is_refused_by_the_kit() -> None:
    def no_winners_yet(s: Any) -> Outcome:
        made = Outcome.from_keys(_scores(s), final=s.is_over)
        return attrs.evolve(made, winners=made.winners if s.is_over else frozenset())

    with pytest.raises(ConformanceError, match="winners must be exactly the players ranked 1"):
        check_game(race(NoWinnersYet, no_winners_yet), seeds=[0])


def test_from_keys_as_the_page_writes_it_passes_the_kit() -> None:
    game = _the_page_way()
    provisional = game.start(2, seed=0).outcome()
    assert provisional.final is False
    assert provisional.winners == {0, 1}  # both ranked 1 so far
    check_game(game, seeds=range(2))


def test_the_page_names_the_fields_every_state_holds() -> None:
    """Regression: the page named a view's required fields but not a state's, so a
    state written from it had to guess that the template reads `players` and `to_act`."""
    said = says(PAGE, r"\* \*\*A State holds `(\w+): int` and `(\w+): frozenset\[int\]`\.\*\*")
    fields = [field.name for field in attrs.fields(State)]
    assert fields[:2] == [said[1], said[2]]
    assert "rng" not in fields  # "a game without it needs none": the race game has no chance
    check_game(_the_page_way())


def test_the_capability_table_names_what_offers_knows() -> None:
    """Regression: the table listed `validate`, which ``offers(game, "validate")``
    refuses (KeyError), and left out `state_encoding`, `styled` and `legend`."""
    named = [row[0].strip("`") for row in doc_table(PAGE, "| capability |")]
    assert sorted(named) == sorted(CAPABILITIES)
    game = _the_page_way()
    assert [name for name in named if offers(game, name)] == []  # the bare contract
    says(PAGE, r"`_validate` and `_validate_view` hooks .* not a name `offers` knows")
