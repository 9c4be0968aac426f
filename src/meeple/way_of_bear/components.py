"""The physical game as validated data: steles, temples, tokens, board, Seal cards.

Everything comes from the JSON files in ``data/`` (each fact carries a ``_source``
note saying whether the rulebook states it or we designed it). The loaders check
every invariant when the module is imported, then flatten the data into small
int tables that the rules index directly (speed matters: see the guide). The last
section holds the few derived tables the rules share (modifier slots, unit counts).

Encodings used across the package:

* a stele colour is an int ``0..3`` (index into `COLOURS`);
* a knowledge token *kind* is ``type * 2 + sealed`` (``0..7``): tokens of one kind
  are identical, so the state only counts them;
* a village holds one int: a stele colour ``0..3``, a token kind plus `TOKEN_BASE`
  (``4..11``), or `OFF_BOARD` (``-1``) for part P in a 2-3 player game;
* a Seal card is an int ``0..15`` (index into `CARDS`; notation ``s01..s16``).
"""

from __future__ import annotations

import json
from collections import deque
from importlib import resources
from typing import Any
from typing import Final

import attrs

from ..core.errors import CorruptDataError

__all__ = [
    "BEARS",
    "CAPACITY",
    "CARDS",
    "CARD_BY_NAME",
    "COLOURS",
    "COLOUR_LETTERS",
    "DISCOUNT",
    "DRAW_BONUS",
    "DRAW_COUNT",
    "FREE",
    "KINDS",
    "KIND_SEALS",
    "KIND_TYPE",
    "MAX_HAND",
    "MOD_NAMES",
    "NC",
    "NEIGHBOURS",
    "NO_MODS",
    "NO_STELES",
    "NT",
    "OFF_BOARD",
    "PART_P",
    "PART_P_PLAYERS",
    "PER_COLOUR",
    "RESERVE_BONUS",
    "RESERVE_LIMIT",
    "SAME_OK",
    "START_STELES",
    "TAKE_BONUS",
    "TAKE_COUNT",
    "TEMPLE_SPACES",
    "TOKENS_IN_PLAY",
    "TOKEN_BASE",
    "TOTAL_STELES",
    "TYPES",
    "TYPE_LETTERS",
    "UNIT",
    "VILLAGES",
    "VILLAGE_COL",
    "VILLAGE_ROW",
    "Board",
    "CardSpec",
    "load_board",
    "load_cards",
    "load_pieces",
]

OFF_BOARD: Final = -1
"""Board cell value of a village that is not in play (part P with 2-3 players)."""
TOKEN_BASE: Final = 4
"""Board cell value of a token is its kind plus this (stele colours take 0..3)."""

MOD_NAMES: Final = (
    "same_colour_ok",
    "neighbour_free",
    "discount",
    "draw_bonus",
    "take_bonus",
    "reserve_bonus",
)
"""The rule-bending modifiers a type-A Seal card can add to a turn, in tuple order."""
B_ACTIONS: Final = ("place", "draw", "take")
"""The additional actions a type-B Seal card can grant."""


def _read(name: str) -> Any:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise CorruptDataError(f"way_of_bear data: {what}")


def _int(value: Any, what: str, low: int = 0) -> int:
    _need(type(value) is int and value >= low, f"{what} must be an integer >= {low}, not {value!r}")
    return int(value)


# -- pieces -----------------------------------------------------------------


@attrs.frozen
class Pieces:
    """Steles, temples, tokens and player boards, as the rules use them."""

    colours: tuple[str, ...]
    """Stele colour names, in index order."""
    colour_letters: tuple[str, ...]
    """One capital letter per colour, for the text board."""
    per_colour: int
    """Steles of each colour (21)."""
    temple_spaces: int
    """Spaces on a temple track; the last one triggers the Ritual (5)."""
    reserve_limit: int
    """Steles a player may keep at the end of a turn (10)."""
    starting_steles: int
    """Steles each player draws at set-up (3)."""
    draw_count: int
    """Steles drawn from the bag by the draw action (3)."""
    take_count: int
    """Steles taken from the temples by the take action (2)."""
    bears: int
    """Bear tokens, each swapped for a random stele at set-up (4)."""
    types: tuple[str, ...]
    """Knowledge types, in index order."""
    type_letters: tuple[str, ...]
    """One lowercase letter per type."""
    tokens_per_kind: tuple[int, ...]
    """Knowledge tokens of each kind (type * 2 + sealed) in the box."""
    removed_small: tuple[int, ...]
    """Tokens of each kind removed for a 2-3 player game."""
    kind_seals: tuple[int, ...]
    """Dragon Seals printed on a token of each kind."""
    capacity: tuple[tuple[int, int], ...]
    """(players, spaces per type on a player board) pairs."""
    part_p_players: int
    """Part P of the board is used only with this many players."""
    max_hand: int
    """Most Seal cards a player can hold."""


def load_pieces(doc: Any) -> Pieces:
    """Validate the pieces document and return its facts."""
    _need(isinstance(doc, dict), "pieces.json must be an object")
    sc = doc["stele_colours"]
    colours = tuple(sc["names"])
    letters = tuple(sc["letters"])
    _need(len(colours) == 4 and len(set(colours)) == 4, "there must be 4 distinct stele colours")
    _need(len(letters) == 4 and len(set(letters)) == 4, "one distinct letter per colour")
    per_colour = _int(sc["per_colour"], "steles per colour", 1)
    _need(per_colour * len(colours) == 84, "the rulebook has 84 steles")
    kt = doc["knowledge_types"]
    types = tuple(kt["names"])
    type_letters = tuple(kt["letters"])
    _need(len(types) == 4 and len(set(type_letters)) == 4, "4 knowledge types with letters")
    tok = doc["knowledge_tokens"]
    plain = _int(tok["plain_per_type"], "plain tokens per type", 1)
    sealed = _int(tok["sealed_per_type"], "sealed tokens per type", 1)
    seals = _int(tok["seals_on_sealed"], "seals on a sealed token", 1)
    removed = tok["removed_for_small_games"]
    r_plain = _int(removed["plain_per_type"], "removed plain tokens", 0)
    r_sealed = _int(removed["sealed_per_type"], "removed sealed tokens", 0)
    bears = _int(doc["bear_tokens"]["value"], "bear tokens", 1)
    _need((plain + sealed) * len(types) + bears == 40, "the rulebook has 40 tokens in all")
    _need((r_plain + r_sealed) * len(types) == 8, "2-3 players remove 8 tokens")
    capacity = tuple(
        (int(k), _int(v, "spaces per type", 1))
        for k, v in doc["player_board"]["spaces_per_type"].items()
    )
    _need({p for p, _ in capacity} == {2, 3, 4}, "a board size for 2, 3 and 4 players")
    for players, per_type in capacity:
        in_play = (plain + sealed - (r_plain + r_sealed if players < 4 else 0)) * len(types)
        _need(per_type * len(types) * players <= in_play, "enough tokens for every board")
    return Pieces(
        colours=colours,
        colour_letters=letters,
        per_colour=per_colour,
        temple_spaces=_int(doc["temple_spaces"]["value"], "temple spaces", 2),
        reserve_limit=_int(doc["reserve_limit"]["value"], "reserve limit", 1),
        starting_steles=_int(doc["starting_steles"]["value"], "starting steles", 0),
        draw_count=_int(doc["draw_count"]["value"], "draw count", 1),
        take_count=_int(doc["take_count"]["value"], "take count", 1),
        bears=bears,
        types=types,
        type_letters=type_letters,
        tokens_per_kind=tuple(n for _ in types for n in (plain, sealed)),
        removed_small=tuple(n for _ in types for n in (r_plain, r_sealed)),
        kind_seals=tuple(n for _ in types for n in (0, seals)),
        capacity=capacity,
        part_p_players=_int(doc["part_p_players"]["value"], "part P players", 2),
        max_hand=_int(doc["max_seal_cards_in_hand"]["value"], "hand size", 1),
    )


# -- board ------------------------------------------------------------------


@attrs.frozen
class Board:
    """Villages and trails as index tables."""

    names: tuple[str, ...]
    """Village names (``v01``..), in index order."""
    rows: tuple[int, ...]
    """Row of each village on the text map."""
    cols: tuple[int, ...]
    """Column of each village on the text map."""
    part_p: tuple[bool, ...]
    """Whether each village belongs to part P."""
    neighbours: tuple[tuple[int, ...], ...]
    """For each village, the villages one trail away, ascending."""


def _connected(nodes: set[int], nbrs: dict[int, set[int]]) -> bool:
    if not nodes:
        return False
    start = min(nodes)
    seen = {start}
    todo = deque([start])
    while todo:
        v = todo.popleft()
        for u in nbrs[v]:
            if u in nodes and u not in seen:
                seen.add(u)
                todo.append(u)
    return seen == nodes


def load_board(doc: Any) -> Board:
    """Validate the board: 40 villages, 8 in part P, degrees 2-4, connected with and without P."""
    _need(isinstance(doc, dict), "board.json must be an object")
    villages = doc["villages"]
    _need(len(villages) == 40, "the rulebook's 40 tokens fill 40 villages")
    names = tuple(v["id"] for v in villages)
    _need(names == tuple(f"v{i + 1:02d}" for i in range(40)), "villages are named v01..v40")
    index = {n: i for i, n in enumerate(names)}
    part_p = tuple(v["part"] == "P" for v in villages)
    _need(all(v["part"] in ("P", "main") for v in villages), "a village is in part P or main")
    _need(sum(part_p) == 8, "part P holds the 8 villages whose tokens 2-3 players remove")
    cells = {(v["row"], v["col"]) for v in villages}
    _need(len(cells) == 40, "each village has its own map cell")
    nbrs: dict[int, set[int]] = {i: set() for i in range(40)}
    for a, b in doc["trails"]:
        _need(a in index and b in index and a != b, f"trail {a}-{b} joins two villages")
        i, j = index[a], index[b]
        _need(j not in nbrs[i], f"trail {a}-{b} is listed twice")
        nbrs[i].add(j)
        nbrs[j].add(i)
    for i in range(40):
        _need(2 <= len(nbrs[i]) <= 4, f"{names[i]} has {len(nbrs[i])} trails (2-4 allowed)")
    main = {i for i in range(40) if not part_p[i]}
    for i in main:
        inner = len(nbrs[i] & main)
        _need(inner >= 2, f"{names[i]} keeps at least 2 trails without part P")
    _need(_connected(set(range(40)), nbrs), "every village is reachable")
    _need(_connected(main, nbrs), "the board without part P is connected")
    _need(_connected(set(range(40)) - main, nbrs), "part P is one piece")
    return Board(
        names=names,
        rows=tuple(v["row"] for v in villages),
        cols=tuple(v["col"] for v in villages),
        part_p=part_p,
        neighbours=tuple(tuple(sorted(nbrs[i])) for i in range(40)),
    )


# -- Seal cards -------------------------------------------------------------


@attrs.frozen
class CardSpec:
    """One Seal card: what it does when played and what it is worth when kept."""

    code: str
    """Notation name, ``s01``..``s16``."""
    name: str
    """Card title (ours)."""
    kind: str
    """``"A"`` bends a rule, ``"B"`` grants an additional action, ``"seals"`` only scores."""
    back_seals: int
    """Dragon Seals on the back (visible to everyone while the card is held)."""
    face_seals: int
    """Dragon Seals on the face (the one card that simply gives 3)."""
    mods: tuple[int, ...]
    """For type A: amounts added to the turn modifiers, in `MOD_NAMES` order."""
    action: str
    """For type B: ``place``, ``draw`` or ``take``; empty otherwise."""
    count: int
    """For type B draw/take: how many steles."""


def load_cards(doc: Any) -> tuple[CardSpec, ...]:
    """Validate the 16 Seal cards: both kinds present, exactly one 3-seal card."""
    _need(isinstance(doc, dict), "seal_cards.json must be an object")
    cards = doc["cards"]
    _need(len(cards) == 16, "the rulebook has 16 Seal cards")
    out: list[CardSpec] = []
    for i, raw in enumerate(cards):
        code = raw["id"]
        _need(code == f"s{i + 1:02d}", f"cards are numbered s01..s16 in order, got {code!r}")
        kind = raw["kind"]
        effect = raw["effect"]
        _need(isinstance(effect, dict) and bool(effect), f"{code} needs an effect")
        back = _int(raw["back_seals"], f"{code} back seals")
        mods = [0] * len(MOD_NAMES)
        action, count, face = "", 0, 0
        if kind == "A":
            for key, value in effect.items():
                _need(key in MOD_NAMES, f"{code}: unknown modifier {key!r}")
                mods[MOD_NAMES.index(key)] = _int(value, f"{code} {key}", 1)
        elif kind == "B":
            action = effect.get("action", "")
            _need(action in B_ACTIONS, f"{code}: action must be one of {B_ACTIONS}")
            _need(set(effect) <= {"action", "count"}, f"{code}: unknown effect keys")
            if action == "place":
                _need("count" not in effect, f"{code}: a place action has no count")
            else:
                count = _int(effect.get("count"), f"{code} count", 1)
        elif kind == "seals":
            _need(set(effect) == {"seals"}, f"{code}: a seals card only has seals")
            face = _int(effect["seals"], f"{code} seals", 1)
        else:
            raise CorruptDataError(f"way_of_bear data: {code} has unknown kind {kind!r}")
        out.append(CardSpec(code, str(raw["name"]), kind, back, face, tuple(mods), action, count))
    kinds = [c.kind for c in out]
    _need("A" in kinds and "B" in kinds, "both kinds of card (A and B) are present")
    _need(
        kinds.count("seals") == 1 and any(c.face_seals == 3 for c in out),
        "exactly one card simply gives 3 Dragon Seals",
    )
    return tuple(out)


# -- the loaded data, flattened ---------------------------------------------

_PIECES: Final = load_pieces(_read("pieces.json"))
_BOARD: Final = load_board(_read("board.json"))

COLOURS: Final = _PIECES.colours
COLOUR_LETTERS: Final = _PIECES.colour_letters
PER_COLOUR: Final = _PIECES.per_colour
TOTAL_STELES: Final = PER_COLOUR * len(COLOURS)
TEMPLE_SPACES: Final = _PIECES.temple_spaces
RESERVE_LIMIT: Final = _PIECES.reserve_limit
START_STELES: Final = _PIECES.starting_steles
DRAW_COUNT: Final = _PIECES.draw_count
TAKE_COUNT: Final = _PIECES.take_count
BEARS: Final = _PIECES.bears
TYPES: Final = _PIECES.types
TYPE_LETTERS: Final = _PIECES.type_letters
KINDS: Final = len(_PIECES.tokens_per_kind)
KIND_TYPE: Final = tuple(k // 2 for k in range(KINDS))
KIND_SEALS: Final = _PIECES.kind_seals
CAPACITY: Final = dict(_PIECES.capacity)
PART_P_PLAYERS: Final = _PIECES.part_p_players
MAX_HAND: Final = _PIECES.max_hand
TOKENS_IN_PLAY: Final = {
    n: tuple(
        full - (small if n < PART_P_PLAYERS else 0)
        for full, small in zip(_PIECES.tokens_per_kind, _PIECES.removed_small, strict=True)
    )
    for n in CAPACITY
}
"""Knowledge tokens of each kind in a game of n players."""

VILLAGES: Final = _BOARD.names
VILLAGE_ROW: Final = _BOARD.rows
VILLAGE_COL: Final = _BOARD.cols
PART_P: Final = _BOARD.part_p
NEIGHBOURS: Final = _BOARD.neighbours
for _n, _counts in TOKENS_IN_PLAY.items():
    _villages = sum(1 for p in PART_P if _n >= PART_P_PLAYERS or not p)
    _need(sum(_counts) + BEARS == _villages, f"one token per village with {_n} players")

CARDS: Final = load_cards(_read("seal_cards.json"))
CARD_BY_NAME: Final = {c.code: i for i, c in enumerate(CARDS)}
"""Card notation (``s07``) to card index."""


# -- small tables the rules share ---------------------------------------------

NC: Final = len(COLOURS)
"""Stele colours (4, checked when the data is loaded)."""
NT: Final = len(TYPES)
"""Knowledge types (4)."""
# The slots of the turn modifiers, in MOD_NAMES order.
SAME_OK, FREE, DISCOUNT, DRAW_BONUS, TAKE_BONUS, RESERVE_BONUS = range(len(MOD_NAMES))
NO_MODS: Final = (0,) * len(MOD_NAMES)
"""A turn without type-A Seal cards."""
NO_STELES: Final = (0,) * NC
"""Nothing of any colour."""
UNIT: Final = tuple(tuple(int(c == x) for x in range(NC)) for c in range(NC))
"""One stele of a colour, as a count per colour."""
