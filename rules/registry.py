"""The registry of games: ids, aliases, and a lookup that finds each game module.

Game modules live in :mod:`rules.games`, one game (and the variants its book names) per
module, each class decorated with :func:`register`. :func:`load_all` imports every module
of that package once, so a new game needs no edit anywhere else.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, type[Game[Any]]] = {}
_ALIASES: dict[str, str] = {}
_loaded = False

G = type[Game[Any]]


def register(cls: G) -> G:
    """Class decorator: add a game to the registry under its id and aliases."""
    for key in (cls.id, *cls.aliases):
        if key in _GAMES or key in _ALIASES:
            raise ValueError(f"game id or alias registered twice: {key}")
    _GAMES[cls.id] = cls
    for alias in cls.aliases:
        _ALIASES[alias] = cls.id
    return cls


def load_all() -> None:
    """Import every module of :mod:`rules.games` (once)."""
    global _loaded
    if _loaded:
        return
    from . import games

    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda i: i.name):
        importlib.import_module(f"{games.__name__}.{info.name}")
    _loaded = True


def game_class(game_id: str) -> G:
    """The game registered under ``game_id`` or one of its aliases."""
    load_all()
    key = game_id.strip().lower().replace("-", "_")
    key = _ALIASES.get(key, key)
    try:
        return _GAMES[key]
    except KeyError:
        raise UnknownGame(f"There is no game called {game_id!r}.") from None


def make(game_id: str, options: Mapping[str, object] | None = None) -> Game[Any]:
    """A game with its options checked: ``make("sympathy", {"match_rule": "rank"})``."""
    return game_class(game_id)(options)


def all_games() -> list[G]:
    """Every registered game, sorted by id."""
    load_all()
    return [_GAMES[k] for k in sorted(_GAMES)]
