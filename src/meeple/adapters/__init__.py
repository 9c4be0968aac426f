"""Adapters for the AI ecosystem (optional extras): PettingZoo, Gymnasium, OpenSpiel.

Import the submodule you need; each imports its third-party package lazily and
says which extra to install when it is missing.
"""
