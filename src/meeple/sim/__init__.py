"""Batch work over games: bot games, batch simulation (local or Ray), summaries, speed."""

from ..core.registry import resolve_game
from .batch import Backend, run_chunk, simulate
from .runner import GameResult, game_seed, play_game
from .speed import SpeedReport, measure_speed
from .stats import SeatSummary, Summary, summarize, wilson_interval

__all__ = [
    "Backend",
    "GameResult",
    "SeatSummary",
    "SpeedReport",
    "Summary",
    "game_seed",
    "measure_speed",
    "play_game",
    "resolve_game",
    "run_chunk",
    "simulate",
    "summarize",
    "wilson_interval",
]
