"""Each check of the conformance kit, fed a toy game with one planted bug, fails.

A kit that passes broken games proves nothing, so every check has a test here
that breaks exactly that rule and expects the kit's message.
"""

from __future__ import annotations

import pickle
import random
from typing import Any
from typing import ClassVar
from typing import Self

import attrs
import pytest

from meeple.core import GameSpec
from meeple.core import IllegalActionError
from meeple.core import Outcome
from meeple.testing import ConformanceError
from meeple.testing import check_game

from ..toy_game import SPEC
from ..toy_game import TOY
from ..toy_game import Draw
from ..toy_game import Pass
from ..toy_game import Play
from ..toy_game import State
from ..toy_game import ToyGame
from ..toy_game import View


def _expect_failure(game: Any, match: str, **kwargs: Any) -> None:
    with pytest.raises(ConformanceError, match=match):
        check_game(game, seeds=kwargs.pop("seeds", range(3)), **kwargs)


# -- the view leaks -----------------------------------------------------------------------
@attrs.frozen
class LeakyView(View):
    """Shows every hand to every seat."""

    all_hands: tuple[tuple[int, ...], ...] = ()


class LeakyState(State):
    def view(self, player: int | None) -> Any:
        base = super().view(player)
        return LeakyView(**attrs.asdict(base, recurse=False), all_hands=self.hands)


def test_a_leaking_view_is_caught() -> None:
    game = attrs.evolve(TOY, state_type=LeakyState, view_type=LeakyView)
    _expect_failure(game, r"view leaks or determinize is inconsistent")


# -- legal actions depend on hidden information -------------------------------------------
class PeekingState(State):
    def _legal(self, player: int) -> tuple[Any, ...]:
        if self.phase == "lead" and self.deck and self.deck[0] > 6:
            return (Draw(), Pass())
        if self.phase == "lead":
            return (Pass(),)
        return super()._legal(player)


def test_legal_actions_that_peek_at_the_deck_are_caught() -> None:
    game = attrs.evolve(TOY, state_type=PeekingState)
    _expect_failure(game, r"legal actions depend on something view\(\d\) does not show")


# -- randomness outside the seed ----------------------------------------------------------
@attrs.define
class GlobalRandomGame(ToyGame):
    def start(self, players: int, *, seed: int, options: Any = None) -> Any:
        state = super().start(players, seed=seed, options=options)
        deck = list(state.deck)
        random.shuffle(deck)  # the planted bug: module-global randomness
        return attrs.evolve(state, deck=tuple(deck))


def test_randomness_outside_the_seed_is_caught() -> None:
    _expect_failure(GlobalRandomGame(), r"start\(\) with the same seed gave different states")


# -- apply mutates its input --------------------------------------------------------------
class MutatingState(State):
    def _next(self, action: Any, player: int) -> Self:
        new = super()._next(action, player)
        object.__setattr__(self, "scores", tuple(s + 1 for s in self.scores))
        return new


def test_a_mutating_apply_is_caught() -> None:
    _expect_failure(attrs.evolve(TOY, state_type=MutatingState), r"apply changed its input state")


class MemoState(State):
    """Keeps a note on the state it was applied to: the note pickles, but no field changes
    (as in a game whose states keep their fields and memos in ``__dict__``)."""

    def __getstate__(self) -> dict[str, Any]:
        return {**super().__getstate__(), **self.__dict__}

    def _next(self, action: Any, player: int) -> Self:
        object.__setattr__(self, "_applied", getattr(self, "_applied", 0) + 1)
        return super()._next(action, player)


def test_a_memo_that_changes_only_the_pickle_is_not_a_mutation() -> None:
    # The kit compares pickles first (fast) and falls back to the JSON document, so a
    # state's memo outside its fields is not reported as apply changing its input.
    game = attrs.evolve(TOY, state_type=MemoState)
    state = game.start(2, seed=1)
    before = pickle.dumps(state)
    state.apply(state.legal_actions(0)[0], 0)
    assert pickle.dumps(state) != before  # the planted memo does reach the pickle
    check_game(game, seeds=range(3))


# -- the game outlives max_steps ----------------------------------------------------------
def test_a_game_longer_than_max_steps_is_caught() -> None:
    short = attrs.evolve(SPEC, max_steps=lambda n: 2)
    _expect_failure(attrs.evolve(TOY, spec=short), r"did not end within spec.max_steps")


# -- an actor without moves ---------------------------------------------------------------
class StuckState(State):
    def _legal(self, player: int) -> tuple[Any, ...]:
        return () if self.phase == "lead" else super()._legal(player)


def test_an_actor_without_legal_actions_is_caught() -> None:
    _expect_failure(attrs.evolve(TOY, state_type=StuckState), r"has no legal action")


# -- check disagrees with legal_actions ---------------------------------------------------
class GrumpyCheckState(State):
    def check(self, action: Any, player: int | None = None) -> str | None:
        if isinstance(action, Pass):
            return "passing is frowned upon"
        return super().check(action, player)


def test_check_refusing_a_legal_action_is_caught() -> None:
    game = attrs.evolve(TOY, state_type=GrumpyCheckState)
    _expect_failure(game, r"check refuses legal action 'pass'")


# -- an illegal action is accepted --------------------------------------------------------
class LaxState(State):
    def apply(self, action: Any, player: int | None = None) -> Any:
        seat = player if player is not None else min(self.to_act)
        if seat not in self.to_act:
            return super().apply(action, player)
        try:
            return super().apply(action, player)
        except IllegalActionError:
            return self  # the planted bug: silently ignore illegal input


def test_accepting_an_illegal_action_is_caught() -> None:
    _expect_failure(attrs.evolve(TOY, state_type=LaxState), r"apply accepted .* not legal")


# -- out-of-turn play is accepted ---------------------------------------------------------
class AnyoneMayActState(State):
    def apply(self, action: Any, player: int | None = None) -> Any:
        if player is not None and 0 <= player < self.players and player not in self.to_act:
            return self
        return super().apply(action, player)


def test_out_of_turn_play_is_caught() -> None:
    game = attrs.evolve(TOY, state_type=AnyoneMayActState)
    _expect_failure(game, r"acted out of turn")


# -- notation that does not round-trip ----------------------------------------------------
@attrs.define
class OffByOneParser(ToyGame):
    def parse_action(self, text: str) -> Any:
        action = super().parse_action(text)
        return Play(action.card + 1) if isinstance(action, Play) else action


def test_notation_that_does_not_round_trip_is_caught() -> None:
    _expect_failure(OffByOneParser(), r"parse_action\(str\(a\)\) != a")


@attrs.frozen
class VaguePlay(Play):
    def __str__(self) -> str:
        return "play"


class VagueState(State):
    def _legal(self, player: int) -> tuple[Any, ...]:
        if self.phase == "pick":
            return tuple(VaguePlay(c) for c in self.hands[player])
        return super()._legal(player)


def test_two_actions_with_one_notation_are_caught() -> None:
    game = attrs.evolve(TOY, state_type=VagueState, action_types=(VaguePlay, Draw, Pass))
    _expect_failure(game, r"two legal actions share a notation")


# -- the codec loses something ------------------------------------------------------------
class PickyState(State):
    def validate(self) -> None:
        super().validate()
        if self.round > 0:
            raise ValueError("refuses every state after the first round")


def test_a_state_that_does_not_load_is_caught() -> None:
    _expect_failure(attrs.evolve(TOY, state_type=PickyState), r"loads\(dumps\(state\)\) raised")


# -- malformed outcomes -------------------------------------------------------------------
class NoWinnerState(State):
    def outcome(self) -> Outcome:
        good = super().outcome()
        return attrs.evolve(good, winners=frozenset())


def test_an_outcome_without_its_winners_is_caught() -> None:
    game = attrs.evolve(TOY, state_type=NoWinnerState)
    _expect_failure(game, r"malformed outcome: winners must be exactly")


class EarlyFinalState(State):
    def outcome(self) -> Outcome:
        return attrs.evolve(super().outcome(), final=True)


def test_a_final_outcome_before_the_end_is_caught() -> None:
    game = attrs.evolve(TOY, state_type=EarlyFinalState)
    _expect_failure(game, r"outcome.final must equal is_over")


# -- determinize ignores the view ---------------------------------------------------------
@attrs.define
class ForgetfulDeterminize(ToyGame):
    def determinize(self, view: Any, seed: int) -> Any:
        state = super().determinize(view, seed)
        return attrs.evolve(state, scores=(0,) * view.players)


def test_a_determinize_that_forgets_the_view_is_caught() -> None:
    _expect_failure(
        ForgetfulDeterminize(),
        r"determinize\(view\(None\), 1\)\.view\(None\) differs",
        seeds=range(6),
    )


# -- bad input accepted -------------------------------------------------------------------
@attrs.define
class AnyCountGame(ToyGame):
    def start(self, players: int, *, seed: int, options: Any = None) -> Any:
        return super().start(max(2, min(players, 4)), seed=seed, options=options)


def test_accepting_a_bad_player_count_is_caught() -> None:
    _expect_failure(AnyCountGame(), r"start\(1 players\) was accepted")


@attrs.define
class LenientParser(ToyGame):
    def parse_action(self, text: str) -> Any:
        try:
            return super().parse_action(text)
        except ValueError:
            return Pass()


def test_accepting_garbage_notation_is_caught() -> None:
    _expect_failure(LenientParser(), r"parse_action\(''\) was accepted")


# -- prompts ------------------------------------------------------------------------------
class ChattyState(State):
    def prompt(self, player: int | None = None) -> str:
        return "line one\nline two"


def test_a_multi_line_prompt_is_caught() -> None:
    _expect_failure(attrs.evolve(TOY, state_type=ChattyState), r"prompt\(\d\) must be one")


# -- the spec itself ----------------------------------------------------------------------
def test_a_spec_with_a_wrong_name_is_refused() -> None:
    class Impostor(ToyGame):
        NAME: ClassVar[str] = "x"

    bad = attrs.evolve(Impostor(), spec=attrs.evolve(SPEC, max_steps=lambda n: 0))
    with pytest.raises(ConformanceError, match=r"max_steps\(2\) = 0"):
        check_game(bad)


def test_the_failure_message_names_game_seed_step_and_action() -> None:
    game = attrs.evolve(TOY, state_type=GrumpyCheckState)
    with pytest.raises(ConformanceError) as info:
        check_game(game, seeds=[3])
    message = str(info.value)
    for part in ("game=toy", "players=", "seed=3", "step=", "action="):
        assert part in message


def test_spec_is_a_gamespec() -> None:
    assert isinstance(TOY.spec, GameSpec)


# -- optional capabilities keep their promises ------------------------------------------
def _nim_with(**methods: Any) -> Any:
    from ..nim_game import Nim

    cls = type("PlantedNim", (Nim,), methods)
    return object.__new__(cls)  # not __init__: Nim's state class stays bound to NIM


def test_a_heuristic_outside_zero_to_one_is_caught() -> None:
    game = _nim_with(heuristic=lambda self, state: tuple(2.0 for _ in range(state.players)))
    _expect_failure(game, r"heuristic values must lie in \[0, 1\]", seeds=range(1))


def test_a_heuristic_with_the_wrong_length_is_caught() -> None:
    game = _nim_with(heuristic=lambda self, state: (0.5,))
    _expect_failure(game, r"one number per seat", seeds=range(1))


def test_html_that_runs_a_script_is_caught() -> None:
    game = _nim_with(render_html=lambda self, view: f"<script>{view.heaps}</script>")
    _expect_failure(game, r"contains a <script> tag", seeds=range(1))


def test_public_notation_that_hides_a_players_own_move_from_them_is_caught() -> None:
    game = _nim_with(public_notation=lambda self, action, player, viewer: "(a move)")
    _expect_failure(game, r"shows player 0 their own move", seeds=range(1))


def _toy_with(**methods: Any) -> Any:
    return type("PlantedToy", (ToyGame,), methods)()


def test_public_notation_that_names_a_face_down_pick_is_caught() -> None:
    game = _toy_with(public_notation=lambda self, action, player, viewer: str(action))
    _expect_failure(game, r"public_notation tells (a spectator|player \d) more than its views")


def test_public_notation_that_hides_what_the_picks_are_passes() -> None:
    def reading(self: Any, action: Any, player: int, viewer: int | None) -> str:
        return str(action) if viewer == player or not isinstance(action, Play) else "play ?"

    check_game(_toy_with(public_notation=reading), seeds=range(3))


def test_statistics_that_are_not_json_are_caught() -> None:
    game = _nim_with(statistics=lambda self, state: {"heaps": state.heaps})
    _expect_failure(game, r"statistics\['heaps'\] must be a number, text or true/false", seeds=[0])


def test_statistics_with_a_non_text_key_are_caught() -> None:
    game = _nim_with(statistics=lambda self, state: {1: 2})
    _expect_failure(game, r"statistics keys must be text", seeds=[0])


def test_statistics_that_change_between_calls_are_caught() -> None:
    calls = iter(range(1_000_000))
    game = _nim_with(statistics=lambda self, state: {"calls": next(calls)})
    _expect_failure(game, r"statistics is not deterministic", seeds=[0])


def test_statistics_that_are_not_finite_are_caught() -> None:
    game = _nim_with(statistics=lambda self, state: {"ratio": float("nan")})
    _expect_failure(game, r"statistics\['ratio'\] is not a finite number", seeds=[0])


def test_a_stalled_flag_that_is_not_true_or_false_is_caught() -> None:
    game = _nim_with(statistics=lambda self, state: {"stalled": "no"})
    _expect_failure(game, r"statistics\['stalled'\] must be true or false", seeds=[0])


def test_an_ended_by_that_is_not_text_is_caught() -> None:
    game = _nim_with(statistics=lambda self, state: {"ended by": 3})
    _expect_failure(game, r"statistics\['ended by'\] must be text", seeds=[0])


def test_statistics_the_kit_accepts() -> None:
    game = _nim_with(
        statistics=lambda self, state: {"ended by": "last stone", "stalled": False, "heaps": 3}
    )
    check_game(game, seeds=[0])
