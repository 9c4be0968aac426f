"""Batch work over games: bot games, batch simulation (local or Ray), summaries, speed."""

from ..core.registry import resolve_game
from .batch import Backend
from .batch import Task
from .batch import run_chunk
from .batch import run_tasks
from .batch import simulate
from .runner import GameResult
from .runner import Vitals
from .runner import game_seed
from .runner import lead_summary
from .runner import play_game
from .speed import SpeedReport
from .speed import measure_speed
from .stats import SeatSummary
from .stats import Summary
from .stats import summarize
from .stats import wilson_interval

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
