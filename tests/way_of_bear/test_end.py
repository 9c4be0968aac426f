"""The end of the game and who wins (plus our round limit for stalled games)."""

from __future__ import annotations

import attrs

from meeple.way_of_bear import GAME, Options

from .helpers import build, kind, play

CORNER = {"v02": "black", "v09": "blue", "v11": "orange", "v17": "orange"}
ALL = [kind(t, s) for t in ("religion", "military", "education", "commerce") for s in (False, True)]
# seven tokens taken (one commerce still missing), so seven more steles on the board
SEVEN_MORE = dict.fromkeys(("v05", "v07", "v14", "v16", "v23", "v25", "v27"), "white")


def test_completing_the_board_finishes_the_round_then_ends() -> None:
    seven = [k for k in ALL if k != kind("commerce", True)]
    state = build(
        steles={**CORNER, **SEVEN_MORE},
        token_at={"v01": kind("commerce")},
        player_tokens={0: seven},
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
    )
    done = play(state, "place orange v01", "pay black", "pay blue")
    assert done.completed(0)
    assert not done.is_over
    assert done.current == 1
    done = play(done, "draw")
    assert not done.is_over
    assert done.current == 2
    done = play(done, "draw")
    assert done.is_over
    assert done.to_act == frozenset()
    outcome = done.outcome()
    assert outcome.winners == frozenset({0})
    assert outcome.final
    assert outcome.detail(0)["completed"] is True


def _finished(tokens: dict[int, list[int]], hands: dict[int, list[str]]) -> object:
    steles = dict(CORNER)
    spare = ["v05", "v07", "v14", "v16", "v23", "v25", "v27", "v30", "v12", "v04", "v32"]
    spare += ["v20", "v22", "v28", "v21", "v06", "v13", "v18", "v26", "v29"]
    taken = sum(len(v) for v in tokens.values())
    steles.update(dict.fromkeys(spare[:taken], "white"))
    state = build(steles=steles, player_tokens=tokens, hands=hands)
    return attrs.evolve(state, phase="over", to_act=frozenset())


def test_several_completers_compare_dragon_seals() -> None:
    # both full: player 0 has 4 sealed tokens, player 1 has 4 plus a card back of 2
    state = _finished({0: ALL, 1: ALL}, {1: ["s02"]})
    outcome = state.outcome()  # type: ignore[attr-defined]  # a State
    assert outcome.winners == frozenset({1})
    assert outcome.ranks == (2, 1, 3)


def test_a_tie_of_completers_shares_the_throne() -> None:
    state = _finished({0: ALL, 1: ALL}, {})
    outcome = state.outcome()  # type: ignore[attr-defined]  # a State
    assert outcome.winners == frozenset({0, 1})


def test_only_a_completer_can_win_even_with_fewer_seals() -> None:
    plain = [kind(t) for t in ("religion", "military", "education", "commerce")] * 2
    state = _finished({0: plain, 1: ALL[:6]}, {1: ["s16", "s02"]})
    outcome = state.outcome()  # type: ignore[attr-defined]  # a State
    assert outcome.winners == frozenset({0})


def test_the_player_totals_nine_dragon_seals() -> None:
    # four sealed tokens, the 3-seal card and an unused card with 2 seals on its back
    state = _finished({0: ALL}, {0: ["s16", "s02"]})
    assert state.outcome().detail(0)["dragon_seals"] == 9  # type: ignore[attr-defined]


def test_round_limit_ends_a_game_and_ranks_by_tokens_then_seals() -> None:
    state = GAME.start(3, seed=5, options=Options(max_rounds=1))
    for _ in range(200):
        if state.is_over:
            break
        state = state.apply(state.legal_actions()[-1])
    assert state.is_over
    assert state.round == 1
    outcome = state.outcome()
    keys = [(outcome.detail(p)["tokens"], outcome.detail(p)["dragon_seals"]) for p in range(3)]
    best = max(keys)
    assert outcome.winners == frozenset(p for p in range(3) if keys[p] == best)


def test_every_game_ends_within_max_steps() -> None:
    for players in (2, 3, 4):
        for seed in range(5):
            state = GAME.start(players, seed=seed)
            steps = 0
            while not state.is_over:
                state = state.apply(
                    state.legal_actions()[(seed * 7 + steps) % 3 % len(state.legal_actions())]
                )
                steps += 1
            assert steps <= GAME.spec.max_steps(players)
