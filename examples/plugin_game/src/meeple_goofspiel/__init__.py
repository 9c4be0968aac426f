"""Goofspiel: bid secretly for shuffled prizes with one hand of cards 1..N.

Each player holds the cards 1..N. Each round a prize card is turned up from a
shuffled prize deck; every player secretly bids one card from hand, all at once;
the highest bid takes the prize's value (tied highest bids: nobody does), and
the bids are discarded face up. After N rounds the most points wins.

The package has the shape of every built-in meeple game (one module per job,
see meeple's "Implementing a game" page).
"""

from .actions import Bid
from .game import GAME
from .options import Options
from .state import State
from .view import View

__all__ = ["GAME", "Bid", "Options", "State", "View"]
