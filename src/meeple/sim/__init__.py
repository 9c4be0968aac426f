"""Batch work over games: bot games, batch simulation (local or Ray), summaries, speed."""

from ..core.registry import resolve_game
from .batch import Backend, Task, run_chunk, run_tasks, simulate
from .runner import GameResult, Vitals, game_seed, lead_summary, play_game
from .speed import SpeedReport, measure_speed
from .stats import SeatSummary, Summary, summarize, wilson_interval

__all__ = [
    "Backend",
    "GameResult",
    "SeatSummary",
    "SpeedReport",
    "Summary",
    "Task",
    "Vitals",
    "game_seed",
    "lead_summary",
    "measure_speed",
    "play_game",
    "resolve_game",
    "run_chunk",
    "run_tasks",
    "simulate",
    "summarize",
    "wilson_interval",
]
