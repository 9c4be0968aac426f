"""The conformance kit catches a secret leaked through any hook that shows a seat something.

Each test plants one leak in an otherwise sound game and expects `check_game` to fail
with a message naming the hook. Nim (`tests.nim_game`, on the core's template) deals
each seat a secret chip; the leaks show other seats' chips. The hooks that are given
only the seat's view (the prompt, the pictures) can leak only if the view carries more
than it compares: `PeekView` does, as a plugin's view that keeps the whole table "for
convenience" in a cache would. A view that keeps it in a field left out of ``==``
(`WritingPeekView`) still writes it: the kit compares the view's JSON too. The toy
game (a State written the 0.1 way, `tests.toy_game`) has secret simultaneous picks,
for the prompt of such a State and for the public move log.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from typing import ClassVar

import attrs
import pytest
from rich.text import Text

from meeple.core import Outcome
from meeple.testing import ConformanceError
from meeple.testing import check_game

from ..nim_game import NIM
from ..nim_game import Nim
from ..nim_game import Options
from ..nim_game import State
from ..nim_game import Take
from ..nim_game import View
from ..nim_game import determinize
from ..nim_game import outcome
from ..nim_game import render
from ..nim_game import start
from ..nim_game import view_of
from ..toy_game import TOY
from ..toy_game import State as ToyState
from ..toy_game import ToyGame


@attrs.frozen(slots=False)
class PeekView(View):
    """Nim's view plus every chip, kept beside its fields (as a cache would be): neither
    compared nor written by the codec, so every check of the view itself passes, and
    only what is drawn or said from it can tell."""

    chips: ClassVar[tuple[int, ...]] = ()
    """Every seat's chip, set on each view made (none on one loaded from JSON)."""


def peek_view_of(s: State, player: int | None) -> PeekView:
    view = PeekView(**attrs.asdict(view_of(s, player), recurse=False))
    object.__setattr__(view, "chips", s.chips)
    return view


@attrs.frozen
class WritingPeekView(View):
    """Nim's view plus every chip, in a field left out of comparisons but written by the
    codec: what the web sends a seat as its view holds every chip."""

    chips: tuple[int, ...] = attrs.field(default=(), eq=False)


def writing_peek_view_of(s: State, player: int | None) -> WritingPeekView:
    return WritingPeekView(**attrs.asdict(view_of(s, player), recurse=False), chips=s.chips)


def leaky(name: str, peek: bool = False, writes: bool = False, **hooks: Callable[..., Any]) -> Nim:
    """Nim with `hooks` swapped in (and the peeking view if `peek`, the one that writes
    what it peeks at if `writes`), as class `name` of this module. Each variant has its
    own State class (a State class belongs to one game), kept here by name so that
    states pickle."""
    own_state = attrs.frozen(slots=False)(
        type(f"{name}State", (State,), {"__module__": __name__, "__qualname__": f"{name}State"})
    )
    globals()[own_state.__name__] = own_state

    def own(s: State) -> State:
        made: State = own_state(**attrs.asdict(s, recurse=False))
        return made

    def own_start(players: int, seed: int, options: Options) -> State:
        return own(start(players, seed, options))

    def own_determinize(view: View, seed: int) -> State:
        return own(determinize(view, seed))

    body: dict[str, Any] = {
        "state_type": own_state,
        "_start": staticmethod(own_start),
        "_determinize": staticmethod(own_determinize),
    }
    if peek:
        body.update(view_type=PeekView, _view=staticmethod(peek_view_of))
    if writes:
        body.update(view_type=WritingPeekView, _view=staticmethod(writing_peek_view_of))
    body.update({hook: staticmethod(function) for hook, function in hooks.items()})
    game: Nim = type(name, (Nim,), body)()
    return game


def _caught(game: Any, hook: str) -> str:
    """The kit's failure on `game`, which must name `hook` as telling a seat too much."""
    with pytest.raises(ConformanceError, match=rf"{hook}.* tells (player \d|a spectator) what"):
        check_game(game, seeds=range(4))
    with pytest.raises(ConformanceError) as info:
        check_game(game, seeds=range(4))
    return str(info.value)


def _others(chips: tuple[int, ...], p: int) -> str:
    return ", ".join(f"p{q} holds {c}" for q, c in enumerate(chips) if q != p)


def test_nim_itself_passes_the_kit() -> None:
    # The base every leak below is planted in (and `leaky` with nothing swapped) is sound.
    check_game(NIM, seeds=range(4))
    check_game(leaky("SoundNim"), seeds=range(4))
    check_game(leaky("SoundPeekingNim", peek=True), seeds=range(2))


def test_a_view_whose_json_carries_more_than_it_compares_is_caught() -> None:
    """Regression (an outside audit): the peeking view passed the kit, every hook being
    sound, yet the codec writes the field ``==`` leaves out, and the web sends a seat its
    view as that JSON: every seat's page data held every chip."""
    message = _caught(leaky("WritingNim", writes=True), r"meeple\.dumps\(view\((None|\d)\)\)")
    assert '"chips"' in message


def test_a_prompt_that_names_another_seats_secret_is_caught() -> None:
    def prompt(v: PeekView) -> str:
        return f"take 1-3 stones ({_others(v.chips, v.player or 0)})"

    message = _caught(leaky("PromptLeak", peek=True, _prompt=prompt), r"prompt\(\d\)")
    # The failure names the seat and the step, and quotes both readings.
    assert re.search(r"step=\d+", message)
    assert re.search(r"player \d", message)
    assert re.search(r"in the true state it reads '.*holds.*', in a world .* '.*holds", message)


def test_a_refusal_that_names_another_seats_secret_is_caught() -> None:
    def refusal(s: State, action: Any, p: int) -> str:
        return f"{action} is not possible now ({_others(s.chips, p)})"

    _caught(
        leaky("RefusalLeak", _refusal=refusal),
        r"(?<!out-of-turn )refusal check\(take \d from \d, \d\)",
    )


def test_an_out_of_turn_explanation_that_names_a_secret_is_caught() -> None:
    def out_of_turn(s: State, action: Any, p: int) -> str:
        return f"wait for your turn ({_others(s.chips, p)})"

    _caught(leaky("OutOfTurnLeak", _out_of_turn=out_of_turn), r"out-of-turn refusal check\(take")


def test_a_provisional_outcome_that_counts_a_secret_is_caught() -> None:
    def scored(s: State) -> Outcome:
        if s.winner >= 0:
            return outcome(s)
        return Outcome.from_keys(s.chips, final=False)  # the chips decide the lead

    _caught(leaky("ScoreLeak", _outcome=scored), r"provisional outcome\(\)")


def test_a_provisional_outcome_whose_details_show_a_secret_is_caught() -> None:
    def detailed(s: State) -> Outcome:
        base = outcome(s)
        details = [{"chip": chip} for chip in s.chips] if not base.final else None
        return Outcome.from_keys(base.scores, details=details, final=base.final)

    message = _caught(leaky("DetailsLeak", _outcome=detailed), r"provisional outcome\(\)")
    assert "Outcome.details" in message


def test_a_final_outcome_that_counts_a_secret_is_caught() -> None:
    """Regression: the kit held only the provisional outcome to the seats' views, and The
    Way of the Bear's final outcome counted the Dragon Hoard, which no final view showed:
    every adapter's end-of-game reward told the seats who had held it."""

    def scored(s: State) -> Outcome:
        base = outcome(s)
        if not base.final:
            return base
        return Outcome.from_keys(s.chips, final=True)  # the hidden chips decide the end

    _caught(leaky("FinalScoreLeak", _outcome=scored), r"final outcome\(\)")


def test_a_picture_drawn_from_more_than_the_view_compares_is_caught() -> None:
    def pictured(v: PeekView) -> str:
        return f"{render(v)}\nchips: {v.chips}"

    _caught(leaky("RenderLeak", peek=True, _render=pictured), r"render\(view\((None|\d)\)\)")


def test_a_page_that_shows_a_secret_is_caught() -> None:
    def page(v: PeekView) -> str:
        return f"<p>heaps {v.heaps}</p><p hidden>{v.chips}</p>"

    _caught(leaky("HtmlLeak", peek=True, render_html=page), r"render_html\(view\((None|\d)\)\)")


def test_a_legend_that_explains_a_secret_is_caught() -> None:
    # The legend was held only to being the same for every seat of a state, which a
    # legend naming every chip to everyone is.
    def legend(v: PeekView) -> str:
        return f"o: a stone; the chips in play are {v.chips}"

    _caught(leaky("LegendLeak", peek=True, legend=legend), r"legend\(view\((None|\d)\)\)")


def test_a_styled_picture_coloured_by_a_secret_is_caught() -> None:
    def styled(v: PeekView) -> Text:
        return Text(render(v), style="red" if sum(v.chips) % 2 else "green")

    _caught(
        leaky("StyledLeak", peek=True, render_styled=styled), r"render_styled\(view\((None|\d)\)\)"
    )


def test_statistics_that_count_a_secret_are_caught() -> None:
    def statistics(s: State) -> dict[str, Any]:
        return {"ended by": "last stone", "chips": str(s.chips)}

    _caught(leaky("StatisticsLeak", statistics=statistics), r"statistics\(state\)")


@attrs.frozen
class StageView(View):
    """Nim's view, the spectator's with every chip (a studio audience's): the spectator's
    worlds keep what it shows, so every check of the view itself passes."""

    chips: tuple[int, ...] = ()


def test_a_spectators_view_that_shows_a_seat_more_than_its_own_is_caught() -> None:
    """Front ends hand every seat the spectator's view as what the table sees (the RL
    adapters' ``render()`` and ``str(state)``): one that shows every chip tells each seat
    the others' chips, though each view, the spectator's too, is consistent alone."""

    def stage_view_of(s: State, player: int | None) -> StageView:
        seen = attrs.asdict(view_of(s, player), recurse=False)
        return StageView(**seen, chips=s.chips if player is None else ())

    def stage_determinize(view: StageView, seed: int) -> State:
        dealt = determinize(view, seed)
        chips = view.chips if view.player is None else dealt.chips
        made: State = game.state_type(**{**attrs.asdict(dealt, recurse=False), "chips": chips})
        return made

    game = leaky(
        "StageNim", view_type=StageView, _view=stage_view_of, _determinize=stage_determinize
    )
    message = _caught(game, r"the spectator's view\(None\)")
    assert re.search(r"tells player \d", message)


# -- a State written the 0.1 way: its own prompt, and the public move log -------------------
class GossipState(ToyState):
    def prompt(self, player: int | None = None) -> str:
        if self.phase == "pick" and player is not None:
            return f"pick a card to play face down (the others hold {self.hands[:player]})"
        return super().prompt(player)


def test_a_prompt_of_a_hand_written_state_that_names_a_secret_is_caught() -> None:
    _caught(attrs.evolve(TOY, state_type=GossipState), r"prompt\(\d\)")


@attrs.define
class LoudToy(ToyGame):
    """Tells every seat which card each other seat picked face down."""

    def public_notation(self, action: Any, player: int, viewer: int | None) -> str | None:
        return str(action)


def test_a_log_line_that_names_a_secret_pick_is_caught() -> None:
    with pytest.raises(ConformanceError, match=r"public_notation tells (player \d|a spectator)"):
        check_game(LoudToy(), seeds=range(3))


# -- by construction: the prompt hook is given the view -------------------------------------
def test_a_prompt_hook_of_the_old_form_is_refused_when_the_game_is_made() -> None:
    def old_prompt(s: State, player: int | None) -> str:
        return "take 1-3 stones from one heap"

    with pytest.raises(TypeError, match=r"nim: the _prompt hook takes the seat's view"):
        leaky("OldPromptNim", _prompt=old_prompt)


def test_the_prompt_hook_is_given_the_seats_view_not_the_state() -> None:
    given: list[Any] = []

    def prompt(v: View) -> str:
        given.append(v)
        return "take"

    game = leaky("ViewPromptNim", _prompt=prompt)
    state = game.start(3, seed=1)
    assert state.prompt(2) == "take"
    assert given == [state.view(2)]
    # None: the one seat the table sees to act is asked, with its own view.
    assert state.prompt() == "take"
    assert given[-1] == state.view(0)
    over = state.apply(Take(0, 3), 0).apply(Take(1, 3), 1).apply(Take(1, 1), 2)
    over = over.apply(Take(2, 3), 0).apply(Take(2, 2), 1)
    assert over.is_over
    assert over.prompt() == "take"
    assert given[-1] == over.view(None)  # nobody to act: the spectator's view
