"""Pure game rules for every game of the books (standard library only).

Import what you need from here::

    from rules import make, Play
    play = Play.start(make("sympathy"), seed=42)
    play = play.push("open", seat=1)
"""

from .cards import Card
from .description import Book, Description
from .errors import (
    BadOptions,
    GameOver,
    IllegalMove,
    NotYourTurn,
    RulesError,
    UndoRefused,
    UnknownGame,
)
from .game import Audience, Game, Move, Option, Outcome, Seat, Zone
from .record import Play, Record
from .registry import all_games, game_class, make, register, variant
from .view import render

__all__ = [
    "Audience",
    "BadOptions",
    "Book",
    "Card",
    "Description",
    "Game",
    "GameOver",
    "IllegalMove",
    "Move",
    "NotYourTurn",
    "Option",
    "Outcome",
    "Play",
    "Record",
    "RulesError",
    "Seat",
    "UndoRefused",
    "UnknownGame",
    "Zone",
    "all_games",
    "game_class",
    "make",
    "register",
    "render",
    "variant",
]
