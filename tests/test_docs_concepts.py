"""docs/concepts.md, the page a newcomer reads to understand the model: each claim it
makes is held here, for every registered game where the claim is general.

Its examples run as a doctest under the default pytest (the page is in testpaths).
What the conformance kit already proves at every state of every registered game
(tests/test_conformance.py) is not proved again: who acts, notation round trips,
apply leaving its input unchanged, determinize, outcomes, JSON round trips of states,
views, outcomes and records, and the secrecy of everything a seat is shown. This file
holds the rest: the refusals' reasons, the option defaults, immutability, the rng in
the state and out of the views, the table of public moves and what a reading depends on.
"""

from __future__ import annotations

import ast
import inspect
import re
import tomllib
from collections.abc import Iterator
from collections.abc import Mapping
from typing import Any

import attrs
import pytest

import meeple
from meeple.core import IllegalActionError
from meeple.core import InvalidOptionsError
from meeple.core import Match
from meeple.core import UnknownGameError
from meeple.core import asking_order
from meeple.core import offers
from meeple.core import public_to_act
from meeple.core.capabilities import HasPublicNotation
from meeple.core.public import UNSEEN
from meeple.testing import random_playout

from .shared import BUILT_IN
from .shared import ROOT
from .shared import SHORT_OPTIONS
from .shared import doc_table
from .shared import prose
from .shared import says

PAGE = "docs/concepts.md"
REGISTERED = meeple.game_names()


def _blocks() -> list[str]:
    text = (ROOT / PAGE).read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)


def _states(
    name: str, players: int | None = None, seed: int = 3, options: Mapping[str, Any] | None = None
) -> list[Any]:
    """About a dozen states spread over a seeded random game of `name` (its most players
    unless `players` is given, `SHORT_OPTIONS` and `options`), from the start on."""
    game = meeple.get_game(name)
    count = game.spec.max_players if players is None else players
    chosen = game.options_type(**{**SHORT_OPTIONS.get(name, {}), **(options or {})})
    _, _, states = random_playout(game, count, seed, chosen, limit=240)
    return states[:: max(1, len(states) // 12)]


def _foreign(states: list[Any], state: Any, player: int) -> Iterator[Any]:
    """Actions legal somewhere in `states` that `player` may not take in `state`."""
    legal = set(state.legal_actions(player))
    seen: set[str] = set()
    for other in states:
        for p in sorted(other.to_act):
            for action in other.legal_actions(p):
                if action not in legal and str(action) not in seen:
                    seen.add(str(action))
                    yield action


# -- the examples ------------------------------------------------------------------


def test_every_example_is_a_doctest_the_default_run_collects() -> None:
    """ "Every example on this page runs in the test suite (as a doctest)"."""
    says(PAGE, r"Every example on this page runs in the test suite \(as a doctest\)")
    blocks = _blocks()
    assert blocks
    for block in blocks:
        assert block.startswith(">>> "), block  # an example pytest runs, not a listing
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_options = options["tool"]["pytest"]["ini_options"]
    assert PAGE in pytest_options["testpaths"]
    assert "--doctest-glob=*.md" in pytest_options["addopts"]


# -- Game --------------------------------------------------------------------------


@pytest.mark.parametrize("name", REGISTERED)
def test_every_option_has_a_default_and_the_defaults_are_what_start_plays(name: str) -> None:
    """ "its `options_type` lists the options (every one has a default: the rulebook
    game)": a game started without options is the game of the defaults."""
    game = meeple.get_game(name)
    fields = attrs.fields(game.options_type)
    assert [f.name for f in fields if f.default is attrs.NOTHING] == []
    players = game.spec.min_players
    assert game.start(players, seed=4) == game.start(players, seed=4, options=game.options_type())


@pytest.mark.parametrize("name", REGISTERED)
def test_player_counts_and_options_are_refused_with_the_reason(name: str) -> None:
    """ "Unknown names, player counts and options are refused with the reason"."""
    spec = meeple.get_game(name).spec
    for players in (spec.min_players - 1, spec.max_players + 1):
        with pytest.raises(InvalidOptionsError) as refused:
            meeple.start(name, players=players, seed=1)
        assert str(refused.value) == (
            f"{name} is played by {spec.min_players}-{spec.max_players} players, not {players}"
        )
    with pytest.raises(InvalidOptionsError) as refused:
        meeple.start(name, players=spec.max_players, seed=1, no_such_option=1)
    assert str(refused.value).startswith(f"{name}: unknown option 'no_such_option' (known: ")
    with pytest.raises(UnknownGameError, match=rf"known games: .*\b{name}\b"):
        meeple.get_game(f"{name}_chess")


# -- State and action --------------------------------------------------------------


@pytest.mark.parametrize("name", REGISTERED)
def test_a_state_is_immutable(name: str) -> None:
    """ "A **state** is a complete, immutable position"."""
    for state in _states(name)[:3]:
        for field in attrs.fields(type(state)):
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                setattr(state, field.name, getattr(state, field.name))


@pytest.mark.parametrize("name", REGISTERED)
def test_a_state_holds_its_random_number_generator(name: str) -> None:
    """ "including the state of its random number generator": a state read back from
    its JSON halfway through a game plays on to the very same states (chance included),
    with nothing else to carry over."""
    game = meeple.get_game(name)
    options = game.options_type(**SHORT_OPTIONS.get(name, {}))
    _, moves, states = random_playout(game, game.spec.max_players, 5, options, limit=240)
    first: Any = states[0]
    assert game.spec.has_chance == ("rng" in attrs.fields_dict(type(first)))
    half = len(moves) // 2
    state = meeple.loads(meeple.dumps(states[half]))
    for (player, action), then in zip(moves[half:], states[half + 1 :], strict=True):
        state = state.apply(action, player)
        assert state == then


SECRET_ASKERS = ("wypas",)
"""The built-in games that ask a seat in secret (the page names Wypas)."""


@pytest.mark.parametrize(
    ("name", "options"),
    [(name, {}) for name in BUILT_IN] + [("bear_mountain", {"mode": "draft"})],
    ids=lambda value: str(value or ""),
)
def test_only_wypas_asks_a_seat_in_secret(name: str, options: dict[str, Any]) -> None:
    """ "Wypas offers a special card ... Such a seat is in `to_act`, but a view's
    `to_act` shows only the seats the whole table sees acting ... In every other
    built-in game both are just `to_act`" (the draft of Bear Went Over the Mountain is
    a simultaneous decision the whole table sees)."""
    says(PAGE, r"Wypas offers a special card, at any moment, to each seat that could play one")
    says(PAGE, r"In every other built-in game both are just `to_act`")
    states = _states(name, seed=2, options=options)
    secret = [state for state in states if public_to_act(state) != state.to_act]
    if name not in SECRET_ASKERS:
        assert secret == []
        assert all(asking_order(s) == tuple(sorted(s.to_act)) for s in states)
        return
    assert secret, "no secret offer in the game: the test would prove nothing"
    for state in secret:
        hidden = state.to_act - public_to_act(state)
        assert state.view(None).to_act == public_to_act(state)
        assert asking_order(state)[: len(hidden)] == tuple(sorted(hidden))
        for seat in hidden:
            assert state.view(seat).to_act == public_to_act(state) | {seat}


@pytest.mark.parametrize("name", REGISTERED)
def test_text_is_a_type_error_that_says_to_parse_it_first(name: str) -> None:
    """ "`apply` and `check` take actions, not their notation: text is a `TypeError` that
    says to parse it first" (the page's example is Wojtek's; this is every game's)."""
    says(PAGE, r"text is a `TypeError` that says to parse it first")
    state = _states(name)[0]
    player = min(state.to_act)
    text = str(state.legal_actions(player)[0])
    said = (
        f"{name}: apply and check take an action, not its notation '{text}': parse it "
        f"first with meeple.get_game('{name}').parse_action('{text}'), or play notation "
        "through meeple.Match, whose play() accepts it"
    )
    for method in (state.apply, state.check):
        with pytest.raises(TypeError) as refused:
            method(text, player)
        assert str(refused.value) == said


@pytest.mark.parametrize("name", REGISTERED)
def test_illegal_input_changes_nothing_and_check_gives_the_same_sentence(name: str) -> None:
    """ "Illegal input changes nothing and says why (`check` gives the same sentence
    without raising)": for moves legal elsewhere in the game, and for a seat out of
    turn, `check` returns the very reason `apply` raises, and the state stays as it
    was."""
    states = _states(name)
    tried = 0
    for state in states:
        before = meeple.dumps(state)
        attempts = [(a, p) for p in sorted(state.to_act) for a in _foreign(states, state, p)]
        idle = [p for p in range(state.players) if p not in state.to_act]
        if idle and state.to_act:
            attempts.append((state.legal_actions(min(state.to_act))[0], idle[0]))
        for action, player in attempts[:12]:
            reason = state.check(action, player)
            assert isinstance(reason, str), (action, player)
            assert reason.strip(), (action, player)
            with pytest.raises(IllegalActionError) as refused:
                state.apply(action, player)
            assert refused.value.reason == reason, (str(action), player)
            assert str(refused.value).endswith(reason)
            tried += 1
        assert meeple.dumps(state) == before
    assert tried > 10


# -- View --------------------------------------------------------------------------


@pytest.mark.parametrize("name", REGISTERED)
def test_the_rng_state_never_appears_in_a_view(name: str) -> None:
    """ "in every game the rng state never appears": no field of a view holds it, nor
    does its JSON."""
    says(PAGE, r"in every game the rng state never appears")
    for state in _states(name):
        for seat in (None, *range(state.players)):
            view = state.view(seat)
            assert "rng" not in attrs.fields_dict(type(view))
            if "rng" in attrs.fields_dict(type(state)):
                assert str(state.rng) not in meeple.dumps(view)


DEALT_HANDS = {"bear_mountain": {"mode": "draft"}}
"""Options under which a game deals hands (Bear Went Over the Mountain only in a draft)."""


def _cards(name: str, hand: tuple[int, ...]) -> int:
    """How many cards `hand` holds: Miś Wojtek keeps a hand as a count per colour."""
    return sum(hand) if name == "wojtek" else len(hand)


@pytest.mark.parametrize("name", BUILT_IN)
def test_other_hands_and_decks_are_counts(name: str) -> None:
    """ "In the built-in games other hands and the decks are counts (in The Way of the
    Bear, with the card backs the table sees)": a view holds its own seat's hand, and of
    every hand how many cards it has (a number, or in The Way of the Bear a back per
    card); of each deck how many cards are left; never the cards of either.

    A regression test: the page said "Other hands are counts, decks are counts" of
    every view, but The Way of the Bear shows each card's back (and its deck's top
    one), and a plugin's view (Goofspiel's) may show nothing of other hands at all."""
    says(
        PAGE,
        r"In the built-in games other hands and the decks are counts \(in The Way of the "
        r"Bear, with the card backs the table sees,",
    )
    compared = 0
    for state in _states(name, players=3, options=DEALT_HANDS.get(name, {})):
        decks = [f.name for f in attrs.fields(type(state)) if f.name.endswith("deck")]
        assert decks, "no deck to check"
        for seat in (None, *range(state.players)):
            view = state.view(seat)
            fields = attrs.fields_dict(type(view))
            assert "hands" not in fields
            assert not set(decks) & set(fields)
            for deck in decks:
                (count,) = [k for k in fields if k in (f"{deck}_count", f"{deck}_size")]
                assert getattr(view, count) == len(getattr(state, deck))
            assert view.hand == (() if seat is None or not state.hands else state.hands[seat])
            (sizes,) = [getattr(view, k) for k in fields if k.startswith("hand_")]
            for shown, hand in zip(sizes, state.hands, strict=True):
                assert (shown if isinstance(shown, int) else len(shown)) == _cards(name, hand)
                compared += 1
    assert compared > 0


@pytest.mark.parametrize("name", BUILT_IN)
def test_at_the_end_only_the_way_of_the_bear_shows_every_hand(name: str) -> None:
    """ "... and once its game is over every hand face up, since the final score counts
    them": in a finished game every seat's view (and the spectator's) of The Way of the
    Bear shows each hand's cards, and no other built-in game's view shows another
    seat's hand, before the end or after.

    A regression test: the page said other hands are counts without a word about the
    end, where The Way of the Bear shows every hand (its Dragon Hoard is scored)."""
    says(PAGE, r"and once its game is over every hand face up, since\s+the final score counts")
    game = meeple.get_game(name)
    options = game.options_type(**{**SHORT_OPTIONS.get(name, {}), **DEALT_HANDS.get(name, {})})
    final: Any = random_playout(game, 3, 3, options)[0]
    assert final.is_over
    for seat in (None, *range(final.players)):
        view = final.view(seat)
        if name == "way_of_bear":
            assert view.shown_hands == final.hands
        else:
            fields = attrs.fields_dict(type(view))
            assert "shown_hands" not in fields
            assert view.hand == (() if seat is None or not final.hands else final.hands[seat])


# -- Records and JSON --------------------------------------------------------------


@pytest.mark.parametrize("name", REGISTERED)
def test_every_kind_the_page_lists_round_trips_through_json(name: str) -> None:
    """ "`meeple.dumps` and `meeple.loads` turn states, views, actions, options,
    outcomes and game records into tagged JSON and back" (actions and a game's own
    options are not among what the kit round-trips)."""
    says(PAGE, r"turn states, views, actions, options, outcomes and game records into tagged")
    game = meeple.get_game(name)
    match = Match(name, game.spec.max_players, seed=6)
    for _ in range(4):
        player = min(match.state.to_act)
        match.play(match.state.legal_actions(player)[-1], player)
    state = match.state
    player = min(state.to_act)
    kinds = (
        state,
        state.view(player),
        state.view(None),
        state.legal_actions(player)[0],
        game.options_type(),
        state.outcome(),
        match.record(),
    )
    for thing in kinds:
        text = meeple.dumps(thing, game=game)
        assert meeple.loads(text, game=game) == thing, type(thing).__name__
        assert text.startswith('{"$type": '), text[:80]  # tagged with its kind


LOADERS_MAY_RUN_CODE = {"table.py", "fast_source.py"}
"""The core modules that compile code: from their own classes' fields, never from a
document."""


def test_loading_never_unpickles_or_evaluates() -> None:
    """ "(never pickle or eval)": no core module imports pickle or its kin or calls
    eval, and the two that compile code (each game's fast paths, from its classes)
    do it from the classes' fields, not from a document."""
    says(PAGE, r"\(never pickle or eval\)")
    for path in sorted((ROOT / "src" / "meeple" / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names]
                if isinstance(node, ast.ImportFrom):
                    names.append(node.module or "")
                assert not {"pickle", "marshal", "shelve", "dill"} & set(names), path.name
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "eval", path.name
                if node.func.id == "exec":
                    assert path.name in LOADERS_MAY_RUN_CODE, path.name


# -- Hidden information ------------------------------------------------------------


def test_the_page_links_to_the_list_of_what_a_seat_is_shown() -> None:
    """The link `capabilities.md#what-a-seat-is-shown` finds its heading (mkdocs does
    not check anchors)."""
    says(PAGE, r"\[What a seat is shown\]\(capabilities\.md#what-a-seat-is-shown\)")
    headings = (ROOT / "docs" / "capabilities.md").read_text(encoding="utf-8").splitlines()
    assert "## What a seat is shown" in headings


# -- Public moves ------------------------------------------------------------------

PUBLIC_GAMES: dict[str, tuple[int, dict[str, Any], int]] = {
    "bear_mountain": (3, {"mode": "draft"}, 1),
    "way_of_bear": (3, {}, 1),
    "wojtek": (3, {}, 1),
    "wypas": (4, {"max_rounds": 3, "bluff": True}, 5),
}
"""Per built-in game, a random game (players, options, seed) that makes every kind of
move the page's table names."""


def _random_match(name: str) -> Match:
    players, options, seed = PUBLIC_GAMES[name]
    match = Match(name, players, seed=seed, **options)
    game = meeple.get_game(name)
    _, moves, _ = random_playout(game, players, seed, game.options_type(**options))
    for player, action in moves:
        match.play(action, player)
    return match


def _pattern(reading: str) -> str:
    """A reading the table writes (`bid down ? as 4`, `travel <colour>`) as a pattern."""
    parts = re.split(r"(<\w+>|\d+)", reading)
    return "".join(r"\w+" if p.startswith("<") else r"\d+" if p.isdigit() else re.escape(p)
                   for p in parts)  # fmt: skip


def test_the_table_of_public_moves_says_what_the_others_read() -> None:
    """The table "what the others read differently from the move", row by row: in a
    random game each reading it names occurs, and no other one; and `wait` (declining
    a secret offer) reads `UNSEEN`, the empty text."""
    assert UNSEEN == ""
    rows = doc_table(PAGE, "| game |")
    titles = {meeple.get_game(name).spec.title: name for name in BUILT_IN}
    assert sorted(row[0] for row in rows) == sorted(titles)
    for title, said in rows:
        name = titles[title]
        assert offers(meeple.get_game(name), "public"), name
        named = [_pattern(r) for r in re.findall(r"`([^`]+)`", said) if r != "wait"]
        match = _random_match(name)
        readings: set[str] = set()
        unseen: set[str] = set()
        for viewer in range(match.state.players):
            for (mover, action), (_, read) in zip(
                match.history, match.public_history(viewer), strict=True
            ):
                if mover == viewer or read == str(action):
                    continue
                assert read is not None, (name, str(action))
                (unseen if read == UNSEEN else readings).add(read)
        found = {p for p in named for r in readings if re.fullmatch(p, r)}
        assert found == set(named), (title, sorted(readings))
        assert all(any(re.fullmatch(p, r) for p in named) for r in readings), readings
        assert ("`wait`" in said) == bool(unseen), (title, unseen)
        if said.startswith("nothing"):
            assert readings | unseen == set()


def test_the_robbed_player_reads_a_theft_as_the_table_does() -> None:
    """ "A reading depends on the move, the mover and the viewer only, not on the
    position": `public_notation` is given nothing else, and the player a Thief robs
    reads `take ?` as the table does."""
    says(PAGE, r"the robbed player reads it as the table does")
    for name in REGISTERED:
        game = meeple.get_game(name)
        if isinstance(game, HasPublicNotation):
            params = list(inspect.signature(game.public_notation).parameters)
            assert params == ["action", "player", "viewer"], name
    match = _random_match("wypas")
    thefts = [i for i, (_, action) in enumerate(match.history) if str(action).startswith("take")]
    assert thefts
    table = match.public_history(None)
    for viewer in range(match.state.players):
        mine = match.public_history(viewer)
        for i in thefts:
            if match.history[i][0] != viewer:
                assert mine[i] == table[i] == (match.history[i][0], "take ?")


def test_the_page_names_the_front_ends_held_elsewhere() -> None:
    """The front ends the page lists each show readings through `public_move` (held by
    tests/test_public_moves.py, tests/test_secrecy_replay.py and tests/web)."""
    text = prose(PAGE)
    for name in (
        "`Match.public_history(viewer)`",
        "`GameRecord.public_moves(viewer)`",
        "`meeple play`",
        "`meeple replay --seat`",
        '"(secret move)"',
        "`meeple.core.public.UNSEEN`",
    ):
        assert name in text, name
