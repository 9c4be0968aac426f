"""The fast placement search agrees with a plain reading of the placement rules."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from meeple import dumps, loads
from meeple.testing import reachable_states
from meeple.way_of_bear import GAME, State, legal
from meeple.way_of_bear.actions import Place
from meeple.way_of_bear.components import CAPACITY, KIND_TYPE, NEIGHBOURS, TOKEN_BASE
from meeple.way_of_bear.legal import placements


def reference(state: State, player: int, mods: tuple[int, ...]) -> set[Place]:
    """Every placement the rules allow, computed the slow and obvious way."""
    same_ok, free, discount = mods[0], mods[1], mods[2]
    reserve = state.reserves[player]
    tokens = state.tokens[player]
    cap = CAPACITY[state.players]
    out = set()
    for v, cell in enumerate(state.board):
        if cell < TOKEN_BASE:
            continue  # a stele, or a village not in play
        t = KIND_TYPE[cell - TOKEN_BASE]
        if tokens[2 * t] + tokens[2 * t + 1] >= cap:
            continue  # that column is full
        near = [state.board[u] for u in NEIGHBOURS[v] if 0 <= state.board[u] < 4]
        for c in range(4):
            if not reserve[c]:
                continue
            if c in near and not same_ok:
                continue  # next to its own colour
            if not near and not free:
                continue  # touches no stele
            left = list(reserve)
            left[c] -= 1
            short = sum(max(0, near.count(x) - left[x]) for x in range(4))
            if short <= discount:
                out.add(Place(c, v))
    return out


MODS = st.tuples(
    st.integers(0, 1), st.integers(0, 1), st.integers(0, 2), st.just(0), st.just(0), st.just(0)
)


@given(reachable_states(GAME, max_depth=200), MODS)
def test_placements_match_the_reference(state: State, mods: tuple[int, ...]) -> None:
    for p in range(state.players):
        found = placements(
            state.board, state.reserves[p], state.tokens[p], CAPACITY[state.players], mods
        )
        assert len(found) == len(set(found))
        assert set(found) == reference(state, p, mods)
        assert [a.village for a in found] == sorted(a.village for a in found)


@given(reachable_states(GAME, max_depth=200))
def test_the_placement_memo_never_changes_an_answer(state: State) -> None:
    warm = state.legal_actions() if state.to_act else ()
    legal._touching_cache.clear()
    legal._last[0] = (None, ())
    cold = loads(dumps(state, game=GAME), game=GAME)
    assert (cold.legal_actions() if cold.to_act else ()) == warm
