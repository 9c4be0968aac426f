"""Words for the players: why an action is refused, and what is being decided now."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Final

from .actions import Action
from .actions import Draw
from .actions import Pass
from .actions import Pay
from .actions import Place
from .actions import PlaySeal
from .actions import Return
from .actions import RitualSkip
from .actions import RitualTake
from .actions import Take
from .actions import Waive
from .components import CAPACITY
from .components import CARDS
from .components import COLOURS
from .components import FREE
from .components import KIND_TYPE
from .components import NC
from .components import NEIGHBOURS
from .components import NO_MODS
from .components import OFF_BOARD
from .components import RESERVE_BONUS
from .components import RESERVE_LIMIT
from .components import SAME_OK
from .components import TAKE_BONUS
from .components import TAKE_COUNT
from .components import TOKEN_BASE
from .components import TYPES
from .components import VILLAGES
from .payment import ritual_possible
from .state import Phase

if TYPE_CHECKING:
    from .state import State
    from .view import View

__all__ = ["prompt", "refusal"]


def refusal(s: State, action: Action, player: int) -> str:
    """Why `action` is not legal for `player` now, naming the rule (the core has
    checked that `player` is the one to act)."""
    phase = s.phase
    where = {
        Phase.PAY: "the offering is being paid (pay or waive a stele)",
        Phase.RITUAL: "a Ritual is being resolved (ritual-take or ritual-skip)",
        Phase.RETURN: "the reserve is above the limit (return a stele)",
        Phase.EXTRA: f"a Seal card's additional {s.extra} is being made",
    }
    allowed = _PHASE_ACTIONS.get(s.extra if phase == Phase.EXTRA else phase)
    if allowed is not None and not isinstance(action, allowed):
        return f"{action} is not possible now: {where[phase]}"
    p = s.current
    if isinstance(action, PlaySeal):
        card = action.card
        if card not in s.hands[p]:
            return f"player {p} does not hold Seal card {CARDS[card].code}"
        if card in s.fresh:
            return "a Seal card cannot be played on the turn it was drawn"
        if CARDS[card].kind == "seals":
            return f"{CARDS[card].code} only carries Dragon Seals; it is never played"
        if CARDS[card].kind == "A":
            return "a type-A Seal card is played with the regular action, before it is made"
        return f"the additional {CARDS[card].action} of {CARDS[card].code} is impossible now"
    if isinstance(action, Take | Draw) and phase == Phase.MAIN and s.regular_done:
        return "the regular action (get steles or acquire a token) was already made this turn"
    if isinstance(action, Take):
        need = s.extra_count if phase == Phase.EXTRA else TAKE_COUNT + s.mods[TAKE_BONUS]
        if sum(s.temples) < (1 if phase == Phase.EXTRA or s.take_fewer else TAKE_COUNT):
            if phase == Phase.EXTRA or not sum(s.temples):
                return "the temple tracks hold too few steles to take"
            return (
                "the temple tracks hold too few steles to take: a take moves two "
                "(option take_fewer lets the last one be taken)"
            )
        n = min(need, sum(s.temples))
        if len(action.colours) != n:
            return f"take exactly {n} stele{'s' if n > 1 else ''} from the temple tracks"
        return "a temple track holds fewer steles of that colour than you take"
    if isinstance(action, Draw):
        return "the bag is empty"
    if isinstance(action, Place):
        return _place_refusal(s, action)
    if isinstance(action, Pay):
        if phase != Phase.PAY or not s.owed[action.colour]:
            return f"no {COLOURS[action.colour]} stele is owed to a temple"
        if not s.reserves[p][action.colour]:
            return f"there is no {COLOURS[action.colour]} stele in the reserve"
        return _STRANDED.format(f"paying {COLOURS[action.colour]} now")
    if isinstance(action, Waive):
        if not s.waivers:
            return "waiving a stele of the offering needs a discount Seal card"
        if s.owed[action.colour] and ritual_possible(s.reserves[p], s.temples):
            return _STRANDED.format(f"waiving {COLOURS[action.colour]}")
        return "the discount must go to a stele the reserve cannot cover"
    if isinstance(action, RitualTake | RitualSkip):
        if phase != Phase.RITUAL:
            return "there is no Ritual to resolve"
        if isinstance(action, RitualSkip):
            return _STRANDED.format("taking no stele")
        if action.colour == s.ritual_temple:
            return "after a Ritual the stele comes from another temple"
        if not s.temples[action.colour]:
            return "that temple track is empty"
        return _STRANDED.format(f"taking {COLOURS[action.colour]}")
    if isinstance(action, Return):
        if phase != Phase.RETURN:
            return "steles go back to the bag only when the reserve is above the limit"
        return f"there is no {COLOURS[action.colour]} stele in the reserve"
    if isinstance(action, Pass):
        return "a regular action is possible, so the turn cannot be passed yet"
    return f"{action} is not among the legal actions now"


def _place_refusal(s: State, action: Place) -> str:
    p = s.current
    c, v = action.colour, action.village
    mods = s.mods if s.phase == Phase.MAIN else NO_MODS
    cell = s.board[v]
    name = VILLAGES[v]
    if s.phase == Phase.MAIN and s.regular_done:
        return "the regular action (get steles or acquire a token) was already made this turn"
    if cell == OFF_BOARD:
        return f"{name} is on part P, which is not used with {s.players} players"
    if cell < TOKEN_BASE:
        return f"{name} already holds a stele; a stele goes on a village with a token"
    if not s.reserves[p][c]:
        return f"there is no {COLOURS[c]} stele in the reserve"
    t = KIND_TYPE[cell - TOKEN_BASE]
    tok = s.tokens[p]
    if tok[2 * t] + tok[2 * t + 1] >= CAPACITY[s.players]:
        return f"the {TYPES[t]} column of player {p}'s board is full"
    near = [s.board[u] for u in NEIGHBOURS[v] if 0 <= s.board[u] < NC]
    if not mods[SAME_OK] and c in near:
        return f"a stele may not be placed next to a stele of the same colour ({COLOURS[c]})"
    if not mods[FREE] and not near:
        return "a stele must be placed next to at least one other stele"
    cannot = "the reserve cannot pay the offering (one stele of each neighbouring stele's colour)"
    if s.reserve_pays_offering:
        return cannot + " (option reserve_pays_offering: steles Rituals bring in do not count)"
    if ritual_possible(s.reserves[p], s.temples):
        return cannot + ", not even with the steles Rituals during the payment would bring in"
    return cannot


_STRANDED: Final = (
    "{} would leave the offering impossible to pay in full (the whole offering is "
    "paid, with the steles in the reserve and those Rituals bring in)"
)
"""Why a payment step that strands the offering is refused (rule pay-ritual-stele)."""


_PHASE_ACTIONS: Final[dict[str, tuple[type[Action], ...]]] = {
    Phase.PAY: (Pay, Waive),
    Phase.RITUAL: (RitualTake, RitualSkip),
    Phase.RETURN: (Return,),
    "take": (Take,),  # the extra phase, by the action granted
    "place": (Place,),
}


def prompt(v: View) -> str:
    """One line from a seat's view about the decision in front of the current player
    (another seat is told whom it waits for)."""
    if v.phase == Phase.OVER:
        return "the game is over"
    p = v.current
    who = f"player {p}"
    if v.player is not None and v.player != p:
        return f"waiting for {who}"
    if v.phase == Phase.PAY:
        owed = ", ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(v.owed) if n)
        return f"{who}: pay the offering one stele at a time (still owed: {owed})"
    if v.phase == Phase.RITUAL:
        return f"{who}: Ritual at the {COLOURS[v.ritual_temple]} temple; take a stele from another"
    if v.phase == Phase.RETURN:
        limit = RESERVE_LIMIT + v.mods[RESERVE_BONUS]
        return f"{who}: return steles to the bag down to {limit}"
    if v.phase == Phase.EXTRA:
        return f"{who}: make the additional {v.extra} granted by the Seal card"
    if v.regular_done:
        return f"{who}: play a Seal card or pass to end the turn"
    return f"{who}: take steles, draw steles or acquire a token (Seal cards may be played)"
