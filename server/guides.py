"""The games a server offers, and how to play each, as the ``games`` and ``guide`` replies
carry them (``protocol/README.md``).

Both are the same for every connection and every call; a guide is built once per game
and kept. The list comes from each game's :class:`~rules.description.Description`, its guide
and its options' words for people (:mod:`rules.guide`); a guide with the view of deal 0
as a watcher sees it (:func:`rules.render` for no seat: face-down cards only counted), so
that a client draws a real starting layout with its own table.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from protocol.errors import ProtocolError
from rules import Play, UnknownGame, all_games, game_class, make, render
from rules.game import Option
from rules.guide import GuideError, OptionText, citation, guide, kind, option_text

from .winnable import OFFERED

#: The deal every guide shows.
GUIDE_DEAL = 0


def _option(game_id: str, o: Option) -> dict[str, Any]:
    try:
        words = option_text(game_id, o.name)
    except GuideError:  # a game with no words for people (one a test registers)
        words = OptionText(o.name.replace("_", " "), o.doc, {})
    values = list(o.choices) or ([True, False] if isinstance(o.default, bool) else [])
    return {"name": o.name, "default": o.default, "doc": o.doc, "choices": list(o.choices),
            "label": words.label, "about": words.about,
            "choice_labels": [[v, words.choice(v)] for v in values]}


def game_list() -> list[dict[str, Any]]:
    """Every registered game, as the ``games`` reply lists it: ``title`` is the name a
    person reads (the guide's), ``book_title`` the catalogue's."""
    out = []
    for g in all_games():
        d = g.description
        try:
            gd: dict[str, Any] = guide(d.id).to_dict()
        except GuideError:  # a game with no guide (one a test registers)
            gd = {"name": d.title, "summary": "", "citation": citation(d), "kind": kind(d),
                  "difficulty": None}
        out.append({"id": d.id, "title": gd["name"], "book_title": d.title,
                    "book": d.book.short, "source": d.source, "citation": gd["citation"],
                    "summary": gd["summary"], "kind": gd["kind"],
                    "difficulty": gd["difficulty"],
                    "skill": d.skill, "seats": d.seats, "min_seats": d.min_seats,
                    "max_seats": d.seats, "cooperative": d.cooperative,
                    "realtime": d.realtime, "seat_names": list(d.seat_names),
                    "packs": d.packs, "variant_of": d.variant_of,
                    "winnable": d.id in OFFERED,
                    "options": [_option(d.id, o) for o in g.option_specs
                                if o.name not in d.fixed]})
    return out


@cache
def _guide(game_id: str) -> dict[str, Any]:
    game = make(game_id)
    view = render(game, Play.start(game, GUIDE_DEAL).state, None)
    return {"guide": guide(game_id).to_dict(), "deal": GUIDE_DEAL, "view": view}


def guide_reply(game_id: str) -> dict[str, Any]:
    """How to play ``game_id`` (an id or alias) and its deal 0 as a watcher sees it;
    raises ``game/unknown`` for a game the server does not have or cannot explain."""
    try:
        key = game_class(game_id).description.id
        return _guide(key)
    except (UnknownGame, GuideError):
        raise ProtocolError("game/unknown", f"There is no guide to a game called "
                            f"{game_id!r}.") from None
