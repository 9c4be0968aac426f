"""Plain-text pictures of a Wypas view: hands, pens, fleeces, the auction, the track."""

from __future__ import annotations

from .actions import DOWN
from .components import BLACK, FACE_NAME, KIND_NAME, THIEF, face_of, kind_of
from .state import AWARD, BID, CHOOSE, HIDE, OVER, PHASE_NAMES, REACT, REDYK, SHEAR, TAKE, WINDOW
from .view import View

__all__ = ["prompt_line", "render"]

_SITES = ("before the next lot", "before redyk", "before shearing")


def _cards(kinds: tuple[int, ...]) -> str:
    return " ".join(KIND_NAME[k] for k in kinds) or "-"


def _pen(cards: tuple[int, ...], wolf: bool) -> str:
    shown = []
    for c in cards:
        face = face_of(c)
        name = KIND_NAME[kind_of(c)]
        if face == 0:
            shown.append("black")
        elif name.startswith(("dolly-", "super")):
            shown.append(f"{FACE_NAME[face]}({name})")
        else:
            shown.append(name)
    text = " ".join(shown) or "empty"
    return f"[{text}]" + (" +wolf" if wolf else "")


def _special(pending: tuple[int, ...]) -> str:
    who, kind, target, pen, face = pending
    name = KIND_NAME[kind]
    if kind == THIEF:
        return f"p{who} thief on p{target}"
    if kind == BLACK:
        return f"p{who} black sheep for p{target} pen{pen} {FACE_NAME[face]}"
    return f"p{who} {name} on p{target} pen{pen}"


def prompt_line(v: View) -> str:
    """What the acting seat decides now, in one line (or the state of play for others)."""
    if v.phase == OVER:
        return "the game is over"
    who = f"p{v.actor}"
    phase = v.phase
    if phase == HIDE:
        return f"{who} (baca): hide one of the drawn lots face down"
    if phase == CHOOSE:
        return f"{who}: choose the next lot to auction"
    if phase == BID:
        top = v.bids[v.high] if v.high >= 0 else 0
        return (
            f"{who}: bid on the lot (yours {v.bids[v.actor]}, to beat {top}): "
            "lay a sheep, stand with done, or pass"
        )
    if phase == REDYK:
        return f"{who}: redyk: place a sheep in a pen, or done"
    if phase == SHEAR:
        return f"{who}: shear a pen (announce with meee), or done"
    if phase == WINDOW:
        return f"{who}: special-card window {_SITES[v.site]}: play a special card or pass"
    if phase == REACT:
        return f"{who}: react to {_special(v.pending)} with a Sheepdog, or pass"
    if phase == TAKE:
        return f"{who}: your Thief takes one card from p{v.pending[2]}"
    if phase == AWARD:
        return f"{who} (baca): a tie at the bluff reveal: award the lot to one of them"
    return f"{who}: {PHASE_NAMES[phase]}"  # pragma: no cover


def render(v: View) -> str:
    """Several lines of text describing the table as `v.player` sees it."""
    lines = [
        f"Wypas - round {v.round}, baca p{v.baca}, phase {PHASE_NAMES[v.phase]}"
        + (f" (you are p{v.player})" if v.player is not None else " (spectator)"),
        f"deck {v.deck_count} cards, discard {len(v.discard)} cards",
    ]
    if v.drawn_count:
        lots = _cards(v.drawn) if v.drawn else f"{v.drawn_count} cards (unseen)"
        lines.append(f"drawn lots: {lots}")
    if v.lots or v.has_face_down or v.lot != -2:
        down = ""
        if v.has_face_down:
            down = " + face-down " + (KIND_NAME[v.face_down] if v.face_down >= 0 else "?")
        lines.append(f"lots: {_cards(v.lots)}{down}")
    if v.lot != -2:
        lot = "face-down card" if v.lot == DOWN else KIND_NAME[v.lot]
        lines.append(f"auction of {lot}, opened by p{v.opener}")
    if v.pending and v.phase in (REACT, TAKE):
        dogs = "".join(f", cancelled by p{d}'s dog" for d in v.dogs)
        lines.append(f"special card in play: {_special(v.pending)}{dogs}")
    for p in range(v.players):
        marks = []
        if p == v.baca:
            marks.append("baca")
        if p in v.to_act:
            marks.append("to act")
        head = f"p{p}" + (f" ({', '.join(marks)})" if marks else "")
        hand = _cards(v.hand) if p == v.player else f"{v.hand_counts[p]} cards"
        lines.append(f"{head}: {v.points[p]} points, {len(v.fleeces[p])} fleeces; hand {hand}")
        if v.known[p] and p != v.player:
            lines.append(f"    you know p{p} holds: {_cards(v.known[p])}")
        pens = "  ".join(
            f"pen{i + 1} {_pen(v.pens[p][i], bool(v.wolves[p] >> i & 1))}" for i in range(2)
        )
        lines.append(f"    {pens}")
        if v.lot != -2 and (v.laid[p] or v.down[p] != -1 or v.passed >> p & 1):
            out = " (passed)" if v.passed >> p & 1 else ""
            if v.checkers >> p & 1:
                out += " (checked)"
            down = ""
            if v.down[p] != -1:
                card = KIND_NAME[v.down[p]] if v.down[p] >= 0 else "?"
                down = f" + face-down {card} declared {v.declared[p]}"
            lines.append(f"    bid {v.bids[p]}: {_cards(v.laid[p])}{down}{out}")
    lines.append("track: " + "  ".join(f"p{p}={v.points[p]}" for p in range(v.players)))
    lines.append(prompt_line(v))
    return "\n".join(lines)
