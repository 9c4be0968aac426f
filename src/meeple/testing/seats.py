"""The kit's checks of each seat's actions at one state: its legal actions and their
notation, its prompt, the refusal of moves that are not legal for it, wrong and
unknown seats, and who may act at all (none after the end).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any
from typing import TypeVar

from ..core.errors import AmbiguousPlayerError
from ..core.errors import GameOverError
from ..core.errors import IllegalActionError
from ..core.errors import InvalidPlayerError
from ..core.protocols import Game
from ..core.protocols import State
from .where import Where
from .where import expect
from .where import expect_hashable
from .where import guard

E = TypeVar("E", bound=Exception)

__all__ = ["check_notation", "check_refused", "check_seat", "check_who_acts", "check_wrong_seats"]


def check_seat(
    game: Game, state: State, fresh: State, p: int, pool: Sequence[Any], where: Where
) -> None:
    """Seat p's legal actions, prompt and refusals (none unless it is to act)."""
    acts = guard(where, f"legal_actions({p})", state.legal_actions, p)
    expect(isinstance(acts, tuple), where, "legal_actions must return a tuple")
    if p not in state.to_act:
        expect(acts == (), where, f"player {p} is not to act but has legal actions")
        return
    expect(len(acts) > 0, where, f"player {p} is to act but has no legal action")
    expect(fresh.legal_actions(p) == acts, where, "legal_actions is not deterministic")
    check_notation(game, state, p, acts, where)
    prompt = guard(where, f"prompt({p})", state.prompt, p)
    expect(
        isinstance(prompt, str) and bool(prompt.strip()) and "\n" not in prompt,
        where,
        f"prompt({p}) must be one non-empty line, got {prompt!r}",
    )
    for foreign in pool:  # actions legal somewhere else must be refused here with a reason
        if foreign not in acts:
            check_refused(state, fresh, foreign, p, where)
    check_wrong_seats(state, acts[0], where)


def check_notation(game: Game, state: State, p: int, acts: tuple[Any, ...], where: Where) -> None:
    """Each legal action has its own one-line notation, parses back and passes `check`."""
    texts = [str(a) for a in acts]
    expect(
        len(set(texts)) == len(texts),
        where,
        f"two legal actions share a notation: {sorted(t for t in texts if texts.count(t) > 1)}",
    )
    for action in acts:
        expect_hashable(action, where, f"action {action}")
    expect(len(set(acts)) == len(acts), where, "legal_actions lists an action twice")
    for action, text in zip(acts, texts, strict=True):
        expect(bool(text.strip()) and "\n" not in text, where, f"bad notation {text!r}")
        parsed = guard(where, f"parse_action({text!r})", game.parse_action, text)
        expect(parsed == action, where, f"parse_action(str(a)) != a for {text!r}")
        reason = guard(where, f"check({text!r})", state.check, action, p)
        expect(reason is None, where, f"check refuses legal action {text!r}: {reason}")


def check_refused(state: State, fresh: State, foreign: Any, p: int, where: Where) -> None:
    """`foreign`, not legal for p, is refused with a reason by check and apply alike."""
    reason = guard(where, f"check(foreign {foreign})", state.check, foreign, p)
    expect(
        isinstance(reason, str) and bool(reason.strip()),
        where,
        f"check accepts {foreign}, which is not among player {p}'s legal actions",
    )
    accepted = f"apply accepted {foreign}, which is not legal for player {p}"
    err = _raises(IllegalActionError, where, f"apply({foreign})", accepted, state.apply, foreign, p)
    expect(bool(err.reason.strip()), where, "IllegalActionError without a reason")
    expect(fresh == state, where, f"a refused apply({foreign}) changed the state")


def _raises(
    error: type[E], where: Where, what: str, accepted: str, call: Callable[..., Any], *args: Any
) -> E:
    """The `error` that ``call(*args)`` must raise; any other outcome fails at `where`
    (`accepted` says what returning means)."""
    try:
        call(*args)
    except error as err:
        return err
    except Exception as err:
        raise where.fail(
            f"{what} must raise {error.__name__}, raised {type(err).__name__}"
        ) from err
    raise where.fail(accepted)


def check_wrong_seats(state: State, action: Any, where: Where) -> None:
    """A seat not to act is refused; a seat that does not exist is InvalidPlayerError."""
    n = state.players
    others = [q for q in range(n) if q not in state.to_act]
    if others:
        late = f"player {others[0]} acted out of turn with {action}"
        what = f"apply({action}, player={others[0]})"
        _raises(IllegalActionError, where, what, late, state.apply, action, others[0])
    for bad in (n, -1):
        what, accepted = f"apply(player={bad})", f"apply accepted player={bad}"
        _raises(InvalidPlayerError, where, what, accepted, state.apply, action, bad)


def check_who_acts(state: State, pool: Sequence[Any], where: Where) -> None:
    """None is ambiguous when several seats act; a finished game refuses every action."""
    if len(state.to_act) > 1:
        try:
            state.legal_actions(None)
        except AmbiguousPlayerError:
            pass
        else:
            raise where.fail("legal_actions(None) with several actors must raise ValueError")
    if state.to_act:
        return
    expect(state.legal_actions() == (), where, "a finished game has no legal actions")
    for foreign in pool[:3]:
        accepted = "a finished game accepted an action"
        _raises(GameOverError, where, "acting after the end", accepted, state.apply, foreign, 0)
