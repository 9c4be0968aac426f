"""Human sentences: why an action is refused, and what a player decides now."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Final

from .actions import Assign
from .actions import Done
from .actions import Draw
from .actions import Pick
from .actions import Place
from .actions import SoloPlace
from .actions import Take
from .components import BEAR_CARDS
from .components import DRAFT_KEEP
from .components import HAB_SET
from .components import HABITATS
from .components import HIKE_LENGTH
from .components import LEFT
from .components import RIGHT
from .components import SCORE_CARDS
from .components import SOLO_SCORES
from .components import card_name
from .legal import assign_counts
from .legal import is_closed
from .state import Phase

if TYPE_CHECKING:
    from .state import State
    from .state import Table
    from .view import View

__all__ = ["phase_text", "prompt", "refusal"]

_PHASE_TEXT: Final = {
    Phase.TAKE: "take a face-up card (take 1..4)",
    Phase.PICK: "select a card from your drafting hand (pick cNN)",
    Phase.PLACE: "lay your selected cards on your hike (place cNN left|right)",
    Phase.DRAW: "draw from the deck (draw) or place the discard pile's top card (solo cNN hikeN)",
    Phase.DRAWN: "place the card you drew (solo cNN hikeN)",
    Phase.ASSIGN: "assign score cards to the hike just closed (assign <card> hikeN, or done)",
    Phase.OVER: "nothing: the game is over",
}


def phase_text(s: Table) -> str:
    """The phase in words, for renderers and prompts."""
    if s.phase == Phase.SUDDEN:
        if s.options.mode == "standard":
            return "tiebreaker: take one more face-up card (take 1..4)"
        return "tiebreaker: lay the card you were dealt (place cNN left|right)"
    return _PHASE_TEXT[s.phase]


def refusal(s: State, a: object, p: int) -> str:
    """Why `a` is not legal for `p` now, naming the rule."""
    phase = s.phase
    wanted = phase_text(s)
    standard_take = phase == Phase.TAKE or (phase == Phase.SUDDEN and s.options.mode == "standard")
    if isinstance(a, Take):
        if not standard_take:
            return f"taking from the face-up row is not a move now; you must {wanted}"
        return f"there are only {len(s.row)} face-up cards now (take 1..{len(s.row)})"
    if isinstance(a, Pick):
        if phase != Phase.PICK:
            return f"drafting picks are not a move now; you must {wanted}"
        return f"{card_name(a.card)} is not in the hand you hold now"
    if isinstance(a, Place):
        if phase == Phase.PLACE:
            cards = s.picks[p]
            if a.card not in cards:
                return f"{card_name(a.card)} is not among your face-down selected cards"
        elif phase == Phase.SUDDEN and s.options.mode == "draft":
            if a.card not in s.hands[p]:
                return f"in the tiebreaker you add the card you were dealt, not {card_name(a.card)}"
        else:
            return f"placing a drafted card is not a move now; you must {wanted}"
        return "the first card of a hike has no sides yet: write it as 'right'"
    if isinstance(a, Draw):
        return f"drawing from the solo deck is not a move now; you must {wanted}"
    if isinstance(a, SoloPlace):
        return _solo_refusal(s, a, wanted)
    if isinstance(a, Assign | Done):
        if phase != Phase.ASSIGN:
            return f"assigning score cards is not a move now; you must {wanted}"
        return _assign_refusal(s, a)
    return f"{a} is not a bear_mountain action; you must {wanted}"


def _solo_refusal(s: State, a: SoloPlace, wanted: str) -> str:
    name = card_name(a.card)
    if s.phase == Phase.DRAWN:
        if a.card != s.drawn:
            return f"you drew {card_name(s.drawn)}; that is the card to place, not {name}"
    elif s.phase == Phase.DRAW:
        if not s.discard:
            return f"{name} is not in play: draw a card first (the discard pile is empty)"
        if a.card != s.discard[-1]:
            return (
                f"only the top card of the discard pile ({card_name(s.discard[-1])}) may be "
                f"placed without drawing, not {name}"
            )
    else:
        return f"placing a card on a hike is not a move now; you must {wanted}"
    k = a.hike - 1
    hike = s.hikes[k]
    if is_closed(hike):
        return f"hike{a.hike} is closed: a bear card ended it"
    if a.side == "left":
        if not s.options.solo_either_end:
            return (
                "solo cards join the right-hand end of a hike, as in the standard game "
                "(the option solo_either_end lets them join either end)"
            )
        return _left_refusal(a, hike)
    if a.card in BEAR_CARDS:
        return (
            f"a bear card must close a hike whose edge habitat matches its own "
            f"({HABITATS[LEFT[a.card]]}) when there is one, and hike{a.hike} ends in "
            f"{HABITATS[RIGHT[hike[-1]]]}"
        )
    return (
        f"habitats must match at the card edge: hike{a.hike} ends in "
        f"{HABITATS[RIGHT[hike[-1]]]} but {name} starts with {HABITATS[LEFT[a.card]]}"
    )


def _left_refusal(a: SoloPlace, hike: tuple[int, ...]) -> str:
    """Why `a`, at the left end of an open hike, is refused (option solo_either_end)."""
    name = card_name(a.card)
    start = HABITATS[LEFT[hike[0]]]
    if a.card in BEAR_CARDS:
        return (
            f"a bear card must close a hike at an edge whose habitat matches its own when "
            f"there is one, and hike{a.hike} starts in {start}"
        )
    return (
        f"habitats must match at the card edge: hike{a.hike} starts in {start} "
        f"but {name} ends with {HABITATS[RIGHT[a.card]]}"
    )


def _assign_refusal(s: State, a: Assign | Done) -> str:
    k = s.active
    has_hab, animals, left, open_hikes = assign_counts(s)
    if isinstance(a, Done):
        if not has_hab:
            return f"hike{k + 1} still needs its habitat or elevation score card"
        if animals == 0:
            return f"hike{k + 1} still needs at least 1 animal score card"
        return (
            f"the {left} animal score cards left cannot be spread 1-2 per hike over the "
            f"{open_hikes} open hikes, so hike{k + 1} must take another"
        )
    if a.hike != k + 1:
        return f"score cards go to the hike the bear card just closed (hike{k + 1})"
    slug = SCORE_CARDS[a.score - 1].slug
    if a.score not in SOLO_SCORES:
        return f"{slug} is set aside in the solo game"
    if any(a.score in cards for cards in s.assigned):
        return f"{slug} is already assigned"
    if a.score in HAB_SET:
        return f"hike{k + 1} already has its one habitat or elevation score card"
    if animals >= 2:
        return f"hike{k + 1} already has 2 animal score cards, the most a hike may have"
    return (
        f"assigning {slug} would leave {left - 1} animal score cards for {open_hikes} open "
        "hikes, which need 1-2 each"
    )


def prompt(v: View) -> str:
    """One line from a seat's view: what that seat decides now; a seat not to act is
    told whom it waits for (a spectator's view: what the table waits for)."""
    if v.phase == Phase.OVER:
        return "the game is over"
    seats = ", ".join(str(q) for q in sorted(v.to_act))
    player = v.player
    if player is None:
        if len(v.to_act) != 1:
            return f"players {seats}: {phase_text(v)}"
        (player,) = v.to_act
    if player not in v.to_act:
        return f"player {player}: waiting for player {seats}"
    who = f"player {player}"
    phase = v.phase
    if phase == Phase.TAKE:
        return (
            f"{who}: take a face-up card (take 1..{len(v.row)}) for card "
            f"{len(v.hikes[player]) + 1} of {HIKE_LENGTH} of your hike"
        )
    if phase == Phase.PICK:
        return (
            f"{who}: round {v.round + 1} of 3, select a card to keep face down "
            f"({v.pick_counts[player]} of 4 selected)"
        )
    if phase == Phase.PLACE:
        more = v.pick_counts[player] - DRAFT_KEEP[v.round]
        return f"{who}: lay a selected card at either end of your hike ({more} to lay this round)"
    if phase == Phase.SUDDEN:
        return f"{who}: {phase_text(v)}"
    if phase == Phase.DRAW:
        return f"{who}: {phase_text(v)}; {v.deck_count} cards in the deck"
    if phase == Phase.DRAWN:
        return f"{who}: place {card_name(v.drawn)} on an open hike whose edge habitat matches"
    has_hab, animals, _, _ = assign_counts(v)
    return (
        f"{who}: assign score cards to hike{v.active + 1} "
        f"({'habitat/elevation done' if has_hab else 'needs 1 habitat or elevation'}, "
        f"{animals} of 1-2 animal cards)"
    )
