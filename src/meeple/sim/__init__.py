"""Batch work over games: random-playout speed measurement (simulation to come)."""

from .speed import SpeedReport, measure_speed, resolve_game

__all__ = ["SpeedReport", "measure_speed", "resolve_game"]
