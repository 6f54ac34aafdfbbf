"""The registry of games: ids, aliases, and a lookup that finds each game module.

Game modules live in :mod:`rules.games`, one game (and the variants its book names) per
module, each class decorated with :func:`register` and each variant the book names
declared with :func:`variant`. :func:`load_all` imports every module of that package
once, so a new game needs no edit anywhere else.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from .description import Description
from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, type[Game[Any]]] = {}
_ALIASES: dict[str, str] = {}
_loaded = False

G = type[Game[Any]]
GT = TypeVar("GT", bound=Game[Any])


def register(cls: G) -> G:
    """Class decorator: add a game to the registry under its description's id and
    aliases."""
    d = cls.__dict__.get("description")
    if not isinstance(d, Description):
        raise TypeError(f"{cls.__name__} has no Description of its own")
    for key in (d.id, *d.aliases):
        if key in _GAMES or key in _ALIASES:
            raise ValueError(f"game id or alias registered twice: {key}")
    _GAMES[d.id] = cls
    for alias in d.aliases:
        _ALIASES[alias] = d.id
    return cls


def variant(parent: type[GT], description: Description) -> type[GT]:
    """Register a variant the book names: ``parent`` with the options that
    ``description.fixed`` sets (each one an option of the parent, with one of its
    choices). The variant has no code of its own; a player may set the parent's other
    options."""
    if description.variant_of != parent.description.id:
        raise ValueError(f"{description.id} must say variant_of={parent.description.id!r}")
    specs = {o.name: o for o in parent.option_specs}
    for name, value in description.fixed.items():
        if name not in specs:
            raise ValueError(f"{description.id} fixes {name}, not an option of "
                             f"{parent.description.id}")
        specs[name].check(value)
    name = "".join(w.capitalize() for w in description.id.split("_"))
    cls = type(name, (parent,), {"description": description, "__module__": parent.__module__,
                                 "__doc__": f"{description.title}: {parent.__name__} with "
                                            f"{dict(description.fixed)}."})
    register(cls)
    return cast("type[GT]", cls)


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


def description(game_id: str) -> Description:
    """The description of the game registered under ``game_id`` or an alias."""
    return game_class(game_id).description


def all_games() -> list[G]:
    """Every registered game, sorted by id."""
    load_all()
    return [_GAMES[k] for k in sorted(_GAMES)]
