"""The numbers each rules page (``docs/rules/<game>.md``) promises, read from the page.

A page's player counts, option defaults and ranges, step bounds and adapter sizes are
compared here with what the game does, so that a change to the page or to the game
alone fails. (The rules themselves are traced to their tests by
`tests/test_rule_coverage.py`.)
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

import meeple
from meeple.bear_mountain.components import SOLO_SCORES
from meeple.bear_mountain.encoding import SIGHT_BOUNDS
from meeple.way_of_bear.options import MAX_ROUNDS_LIMIT
from meeple.way_of_bear.setup import STEPS_PER_CARD
from meeple.way_of_bear.setup import STEPS_PER_TURN
from meeple.wojtek.board import MAX_BOARD_BYTES
from meeple.wojtek.board import MAX_SPACES
from meeple.wojtek.board import MAX_TEXT
from meeple.wojtek.components import BEAR_COUNTS
from meeple.wojtek.components import BEAR_TYPE_NAMES
from meeple.wojtek.components import CARDS_PER_TYPE
from meeple.wojtek.components import CITIES
from meeple.wojtek.components import HAND_SIZE
from meeple.wojtek.components import PAWNS
from meeple.wojtek.components import TRAVEL_COUNTS
from meeple.wojtek.encoding import ROUND_SCALE
from meeple.wojtek.moves_encoding import MAX_AHEAD

from .shared import BUILT_IN
from .shared import doc_table
from .shared import number
from .shared import says


def _page(game: str) -> str:
    return f"docs/rules/{game}.md"


def _game(name: str) -> Any:
    return meeple.get_game(name)


def _sized(said: str) -> dict[int, int]:
    """``**766** (3 players), **832** (4)`` as {players: size}."""
    return {int(n): int(size) for size, n in re.findall(r"\*\*(\d+)\*\* \((\d+)", said)}


PLAYERS = {
    "wypas": r"A card game for (\d+)-(\d+) players",
    "way_of_bear": r"\(`way_of_bear`\) (\d+)-(\d+) players\. Each player",
    "wojtek": r"the pawn colours, (\d+)-(\d+) players and hands of \d+",
}
"""Where each page says how many players its game seats, fewest and most (Bear Went Over
the Mountain says it per variant: its own test follows)."""


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_player_counts_are_those_the_page_says(game: str) -> None:
    fewest, most = map(int, says(_page(game), PLAYERS[game]).groups())
    assert _game(game).spec.player_counts() == range(fewest, most + 1)


def test_bear_mountain_has_the_solo_game_and_the_standard_game_where_the_page_says() -> None:
    page = _page("bear_mountain")
    standard = says(page, r"### Standard game \((\d+)-(\d+) players\)").groups()
    drafting = says(page, r"### Big Kid drafting \((\d+)-(\d+) players").groups()
    solo = number(says(page, r"### Big Kid solo \((\d+) player")[1])
    assert standard == drafting
    game = _game("bear_mountain")
    for players in range(int(standard[0]), int(standard[1]) + 1):
        meeple.start("bear_mountain", players=players, seed=1, mode="standard")
        meeple.start("bear_mountain", players=players, seed=1, mode="draft")
    meeple.start("bear_mountain", players=solo, seed=1, mode="solo")
    assert game.spec.player_counts() == range(solo, int(standard[1]) + 1)


def test_a_wojtek_hand_holds_as_many_cards_as_the_page_says() -> None:
    hand = number(says(_page("wojtek"), r"players and hands of (\d+)")[1])
    assert hand == HAND_SIZE


def _default(cell: str) -> Any:
    """An options table's default cell as the value it stands for."""
    text = cell.strip("`")
    words: dict[str, Any] = {"none": None, "()": (), "true": True, "false": False}
    if text.lower() in words:
        return words[text.lower()]
    if text.startswith('"'):
        return text.strip('"')
    return int(text)


@pytest.mark.parametrize("game", BUILT_IN)
def test_the_options_table_names_every_option_with_its_default(game: str) -> None:
    rows = doc_table(_page(game), "| option | default |")
    documented = {row[0].strip("`"): _default(row[1]) for row in rows}
    declared = {field.name: field.default for field in attrs.fields(_game(game).options_type)}
    assert documented == declared


RANGES = {
    ("wypas", "max_rounds"): {},
    ("way_of_bear", "max_rounds"): {},
    ("wojtek", "round_limit"): {},
    ("bear_mountain", "score_card_count"): {"mode": "draft"},
}
"""Each option whose row in the options table gives a range, with the other options it
needs to be accepted at all."""


def _takes(game: str, option: str, least: int, most: int) -> None:
    """Fails unless `game`'s `option` takes `least` and `most` and refuses one beyond each."""
    options_type = _game(game).options_type
    other = RANGES[game, option]
    for value in (least, most):
        options_type(**other, **{option: value})
    for value in (least - 1, most + 1):
        with pytest.raises(ValueError, match=option):
            options_type(**other, **{option: value})


def _default_of(game: str, option: str) -> Any:
    return attrs.fields_dict(_game(game).options_type)[option].default


@pytest.mark.parametrize(("game", "option"), sorted(RANGES))
def test_an_option_takes_exactly_the_range_its_row_says(game: str, option: str) -> None:
    row = next(r for r in doc_table(_page(game), "| option |") if r[0] == f"`{option}`")
    found = re.search(r"(\d+)-(\d+)", row[2])
    assert found, f"the row of {option} in {_page(game)} gives no range"
    _takes(game, option, int(found[1]), int(found[2]))


def test_the_round_limits_the_prose_gives_are_the_games() -> None:
    wypas = says(_page("wypas"), r"Option `max_rounds` \(default (\d+), (\d+)-(\d+)\)")
    bear = says(_page("way_of_bear"), r"`max_rounds` full rounds \(default (\d+), at most (\d+)\)")
    wojtek = says(_page("wojtek"), r"Random play needs about \d+ rounds, so (\d+) leaves")
    largest = says(_page("wojtek"), r"with `L = (\d+)`, the largest limit allowed")
    _takes("wypas", "max_rounds", int(wypas[2]), int(wypas[3]))
    _takes("way_of_bear", "max_rounds", 1, int(bear[2]))
    _takes("wojtek", "round_limit", 2, int(largest[1]))
    defaults = (int(wypas[1]), int(bear[1]), int(wojtek[1]))
    assert defaults == (
        _default_of("wypas", "max_rounds"),
        _default_of("way_of_bear", "max_rounds"),
        _default_of("wojtek", "round_limit"),
    )


def _max_steps(game: str) -> dict[int, int]:
    spec = _game(game).spec
    return {players: spec.max_steps(players) for players in spec.player_counts()}


def test_the_step_bounds_are_the_formulas_the_pages_give() -> None:
    rounds, per_turn, cards, per_card = map(
        int,
        says(_page("way_of_bear"), r"is `(\d+) \* players \* (\d+) \+ (\d+) \* (\d+)`").groups(),
    )
    assert (rounds, per_turn, per_card) == (MAX_ROUNDS_LIMIT, STEPS_PER_TURN, STEPS_PER_CARD)
    assert _max_steps("way_of_bear") == {
        n: rounds * n * per_turn + cards * per_card for n in _max_steps("way_of_bear")
    }
    wojtek = says(_page("wojtek"), r"`(\d+)\*players \+ (\d+)\*players\*\(L-1\)` with `L = (\d+)`")
    first, turn, limit = map(int, wojtek.groups())
    assert _max_steps("wojtek") == {
        n: first * n + turn * n * (limit - 1) for n in _max_steps("wojtek")
    }
    bear = says(
        _page("bear_mountain"),
        r"within `max_steps`: (\d+) for solo .*? and (\d+) per player \+ (\d+) "
        r"for (\d+)-(\d+) players",
    )
    solo, each, more, fewest, most = map(int, bear.groups())
    assert _max_steps("bear_mountain") == {1: solo} | {
        n: each * n + more for n in range(fewest, most + 1)
    }


WYPAS_SIZES = r"Sizes: (\d+) \+ (\d+)n, so (\*\*\d+\*\* \(3 players\)(?:, \*\*\d+\*\* \(\d+\))+)"
"""How the Wypas page gives a size for every player count: a formula, then each value."""

VOCABULARY = {
    "wypas": WYPAS_SIZES + r"\. Blocks 1-5 have the same indices",
    "way_of_bear": r"Sizes: \*\*(\d+)\*\* actions with 2 or 3 players, \*\*(\d+)\*\* with 4\.",
    "wojtek": r"the same (\d+) actions for 2, 3, 4 and 5 players",
    "bear_mountain": (
        r"\*\*2-4 players \((\d+) actions\)\*\*.*?\*\*1 player, solo \((\d+) actions\)"
    ),
}
"""Where each page gives the size of its action vocabulary."""


def _vocabulary_sizes(game: str) -> dict[int, int]:
    any_game = _game(game)
    return {n: len(any_game.action_vocabulary(n)) for n in any_game.spec.player_counts()}


def test_the_action_vocabularies_are_as_long_as_the_pages_say() -> None:
    said = {game: says(_page(game), pattern) for game, pattern in VOCABULARY.items()}
    fixed, per_seat = int(said["wypas"][1]), int(said["wypas"][2])
    sizes = _sized(said["wypas"][3])
    assert sizes == {n: fixed + per_seat * n for n in sizes}
    assert _vocabulary_sizes("wypas") == sizes
    three, four = map(int, said["way_of_bear"].groups())
    assert _vocabulary_sizes("way_of_bear") == {2: three, 3: three, 4: four}
    assert set(_vocabulary_sizes("wojtek").values()) == {int(said["wojtek"][1])}
    many, solo = map(int, said["bear_mountain"].groups())
    assert _vocabulary_sizes("bear_mountain") == {1: solo, 2: many, 3: many, 4: many}


def _observation_sizes(game: str) -> dict[int, int]:
    any_game = _game(game)
    return {n: any_game.observation_size(n) for n in any_game.spec.player_counts()}


def test_the_observations_are_as_long_as_the_pages_say() -> None:
    wypas = says(_page("wypas"), WYPAS_SIZES + r"\. The encoding reads only view fields")
    sizes = _sized(wypas[3])
    assert sizes == {n: int(wypas[1]) + int(wypas[2]) * n for n in sizes}
    assert _observation_sizes("wypas") == sizes
    bear = says(
        _page("way_of_bear"),
        r"`observation_size` is \*\*(\d+)\*\* with 2 players, "
        r"\*\*(\d+)\*\* with 3 and \*\*(\d+)\*\* with 4",
    )
    assert _observation_sizes("way_of_bear") == dict(
        zip((2, 3, 4), map(int, bear.groups()), strict=True)
    )
    wojtek = says(
        _page("wojtek"),
        r"(\d+) \+ (\d+) x players numbers, so (\d+), (\d+), (\d+) and (\d+) for 2-5",
    )
    fixed, per_seat, *listed = map(int, wojtek.groups())
    assert _observation_sizes("wojtek") == dict(zip((2, 3, 4, 5), listed, strict=True))
    assert listed == [fixed + per_seat * n for n in (2, 3, 4, 5)]
    mountain = says(
        _page("bear_mountain"),
        r"\*\*(\d+)\*\* numbers for 1 player, \*\*(\d+) / (\d+) / (\d+)\*\* for 2 / 3 / 4 players "
        r"\((\d+) \+ n header, then (\d+) for solo or (\d+) \+ (\d+) n\)",
    )
    solo, two, three, four, header, alone, fixed, per_seat = map(int, mountain.groups())
    assert _observation_sizes("bear_mountain") == {1: solo, 2: two, 3: three, 4: four}
    assert solo == header + 1 + alone
    assert [two, three, four] == [header + n + fixed + per_seat * n for n in (2, 3, 4)]


def test_the_wojtek_components_are_the_counts_its_table_gives() -> None:
    rows = {row[0]: row[1] for row in doc_table(_page("wojtek"), "| component | count |")}
    travel = re.fullmatch(
        r"(\d+): (\d+) truck cards in each of (\d+) colours, (\d+) rainbow .*", rows["travel cards"]
    )
    bears = re.fullmatch(
        r"(\d+): (\d+) types x (\d+) different cards x (\d+) copies, plus (\d+) person cards",
        rows["bear cards"],
    )
    assert travel, rows["travel cards"]
    assert bears, rows["bear cards"]
    total, trucks, colours, rainbows = map(int, travel.groups())
    assert (trucks,) * colours + (rainbows,) == TRAVEL_COUNTS
    assert total == sum(TRAVEL_COUNTS)
    total, types, cards, copies, persons = map(int, bears.groups())
    assert (len(BEAR_TYPE_NAMES), CARDS_PER_TYPE) == (types, cards)
    assert (copies,) * (types * cards) + (persons,) == BEAR_COUNTS
    assert total == sum(BEAR_COUNTS)
    assert number(rows["city cards"].split(":")[0]) == len(CITIES)
    assert number(rows["pawns"].split(":")[0]) == len(PAWNS)


def test_the_wojtek_encoding_scales_are_those_the_page_gives() -> None:
    said = says(
        _page("wojtek"),
        r"Counts are divided by how many such cards exist \((\d+) per bear card, (\d+) persons, "
        r"(\d+) per truck colour, (\d+) rainbows, (\d+) bear and (\d+) travel cards in all\), "
        r"and a hand by its size of (\d+)\. Distances are divided by (\d+) \(`MAX_AHEAD`; .*?\) "
        r"and the round by (\d+) \(`ROUND_SCALE`\)",
    )
    copies, persons, trucks, rainbows, bears, travel, hand, ahead, rounds = map(int, said.groups())
    assert (copies,) * (len(BEAR_COUNTS) - 1) + (persons,) == BEAR_COUNTS
    assert (trucks,) * (len(TRAVEL_COUNTS) - 1) + (rainbows,) == TRAVEL_COUNTS
    assert (bears, travel) == (sum(BEAR_COUNTS), sum(TRAVEL_COUNTS))
    assert (hand, ahead, rounds) == (HAND_SIZE, MAX_AHEAD, ROUND_SCALE)


def test_a_wojtek_board_is_as_large_as_the_page_allows() -> None:
    said = says(
        _page("wojtek"),
        r"Size limits: at most (\d+) spaces, text fields of 1-(\d+) characters, and "
        r"`read_board_file` reads at most (\d+) kB",
    )
    spaces, text, kilobytes = map(int, said.groups())
    assert (spaces, text, kilobytes * 1000) == (MAX_SPACES, MAX_TEXT, MAX_BOARD_BYTES)


def test_the_bear_mountain_solo_value_scale_is_the_one_the_page_gives() -> None:
    # the other scales are tables, read by tests/test_docs_encoding_bear_mountain.py
    solo = says(_page("bear_mountain"), r"/ (\d+) \(the sum of the (\d+) solo cards' bounds\)")
    solo_bounds = [SIGHT_BOUNDS[card - 1] for card in SOLO_SCORES]
    assert tuple(map(int, solo.groups())) == (sum(solo_bounds), len(solo_bounds))
