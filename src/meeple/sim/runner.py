"""One game between bots, reproducible from one seed: the unit of batch simulation."""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from typing import Any

import attrs

from ..bots import make_bot
from ..core import rng as _rng
from ..core.match import GameRecord
from ..core.match import Match
from ..core.protocols import Game
from ..core.turns import asking_order
from .vitals import Vitals
from .vitals import VitalsWatch
from .vitals import lead_summary

__all__ = ["GameResult", "Vitals", "game_seed", "lead_summary", "play_game"]


def game_seed(master_seed: int, index: int) -> int:
    """The seed of game `index` in a batch: depends on the master seed and index only."""
    return _rng.derive_seed(master_seed, "game", index)


@attrs.frozen
class GameResult:
    """What one simulated game produced (or how it failed)."""

    index: int
    """Position in the batch."""
    seed: int
    """The game's own seed (derived from the batch seed and index)."""
    scores: tuple[int, ...]
    """Per seat, as `Outcome.scores` (empty if the game failed)."""
    ranks: tuple[int, ...]
    """Per seat, as `Outcome.ranks`."""
    winners: tuple[int, ...]
    """Seats ranked first, sorted."""
    steps: int
    """Actions played."""
    error: str | None = None
    """The exception and traceback if a bot or the game failed, else None."""
    record: GameRecord | None = None
    """The moves, kept for failed games (and on request) so they can be replayed."""
    vitals: Vitals | None = None
    """Lead changes, decision point and statistics, when asked for (``vitals=True``)."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (the record as its own dict; vitals only when measured)."""
        data = {
            "index": self.index,
            "seed": self.seed,
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "steps": self.steps,
            "error": self.error,
            "record": None if self.record is None else self.record.to_data(),
        }
        if self.vitals is not None:
            data["vitals"] = self.vitals.to_json()
        return data


def play_game(
    game: Game,
    players: int,
    seats: Sequence[str],
    seed: int,
    *,
    index: int = 0,
    options: dict[str, Any] | None = None,
    keep_record: bool = False,
    vitals: bool = False,
) -> GameResult:
    """Play one game between bots named like ``random`` or ``mcts:iterations=100``.

    Bot seeds derive from the game seed and the seat, so a result depends only
    on (game, players, seats, seed, options). A failure is caught and returned
    with its record, never raised, so a batch keeps its other results.
    vitals: also follow the provisional winners after every action and ask the
    game for its statistics at the end (`Vitals`); the game itself is unchanged.
    """
    match: Match | None = None
    try:
        match = Match(game, players, seed=seed, **(options or {}))
        bots = [
            make_bot(seats[p % len(seats)], game, _rng.derive_seed(seed, "seat", p))
            for p in range(players)
        ]
        state = match.state
        bound = game.spec.max_steps(players)
        watch = VitalsWatch(state) if vitals else None
        while not state.is_over:
            if len(match.history) >= bound:
                raise RuntimeError(f"game exceeded max_steps({players}) = {bound}")
            for player in asking_order(state):  # seats asked in secret first (Wypas offers)
                legal = state.legal_actions(player)
                state = match.play(bots[player].choose(state.view(player), legal), player)
                if watch is not None:
                    watch.moved(len(legal), state)
                break
        outcome = state.outcome()
        measured = None if watch is None else watch.finish(game, state, outcome.winners)
        return GameResult(
            index=index,
            seed=seed,
            scores=outcome.scores,
            ranks=outcome.ranks,
            winners=tuple(sorted(outcome.winners)),
            steps=len(match.history),
            record=match.record() if keep_record else None,
            vitals=measured,
        )
    except Exception:  # a plugin or bot failure becomes data, never a lost batch
        return GameResult(
            index=index,
            seed=seed,
            scores=(),
            ranks=(),
            winners=(),
            steps=0 if match is None else len(match.history),
            error=traceback.format_exc(limit=8),
            record=None if match is None else match.record(),
        )
