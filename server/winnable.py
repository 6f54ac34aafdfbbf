"""Winnable deals only: deal numbers the solver has proved winnable, kept ahead.

A table created with the option ``winnable`` is dealt a deal number taken from a small
stock of this process, per game and options: deals drawn as secretly as any other
(:meth:`server.chance.Chance.drawn`) and proved winnable in the worker pool
(:class:`server.heavy.WinnableJob`: the full-information solver, every card known,
found a line of legal moves that wins). Creating a room takes one from the stock and
never waits on a search; a background task (:meth:`Winnable.keep`, owned by the
server) puts a new one in its place. An empty stock is said at once
(``winnable/not_ready``, with the seconds to wait) and starts filling.

The option is offered only for :data:`OFFERED`: the games whose deals the solver wins
quickly at :data:`NODES` positions (docs/winnability.md: at least one deal in four proved
won at that budget, or every deal decided). For the others it would search for minutes
or never prove a deal, so a ``create`` asks for it in vain: ``winnable/not_offered``.

No list of deal numbers is public: a list anyone can read (PySolFC's known-winnable
seeds) lets a player match the first face-up cards against it and learn the whole deal.
The stock lives in this process only; its deals are committed and revealed as every
deal is (:mod:`server.fairness`).
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
from collections.abc import Iterable, Mapping
from typing import Any

from protocol.errors import ProtocolError

from .chance import Chance
from .heavy import WinnableJob
from .pool import Pool

log = logging.getLogger("sympathy.server")

#: The games that offer *winnable deals only* (see the module's words).
OFFERED = frozenset({
    "a_spell", "blockade", "brunette_and_blonde", "clock", "fourteen", "knaves_dial",
    "la_duchesse_de_luynes", "la_loi_salique", "le_calcul_sequel", "les_quatorze",
    "little_lots", "picture", "picture_gallery", "salique_law", "sequel_to_musical",
    "solitaire_follow_suit", "sultan", "sympathie", "sympathy", "take_fourteen",
    "the_carpet_hoyle", "wandering_card",
})
#: Positions the solver searches on one candidate deal (docs/winnability.md's budget).
NODES = 5_000
#: Proved deals kept ahead per game and options.
AHEAD = 3
#: Candidate deals tried by one job at most.
TRIES = 40
#: Seconds to wait before asking the pool again after it was busy.
BACKOFF = 2.0

Key = tuple[str, str]


def key_of(game: str, options: Mapping[str, Any]) -> Key:
    """One stock per game and options, every option named (a default left out or given
    deals the same)."""
    from rules import make

    return game, json.dumps(dict(make(game, dict(options)).options), sort_keys=True)


class Winnable:
    """The stocks of proved deals of one server process."""

    def __init__(self, chance: Chance, ahead: int = AHEAD) -> None:
        self.chance = chance
        self.ahead = ahead
        self.stock: dict[Key, collections.deque[int]] = {}
        #: The next candidate of each key's own stream of draws.
        self.drawn: collections.Counter[Key] = collections.Counter()
        self._wanted = asyncio.Event()
        self.proved = 0

    def want(self, game: str, options: Mapping[str, Any] | None = None) -> Key:
        """Keep deals of ``game`` (with ``options``) ahead from now on."""
        if game not in OFFERED:
            raise ProtocolError("winnable/not_offered")
        key = key_of(game, options or {})  # options checked by the caller (the create)
        if key not in self.stock:
            self.stock[key] = collections.deque()
            self._wanted.set()
        return key

    def want_all(self, games: Iterable[str]) -> None:
        for g in games:
            self.want(g)

    def ready(self, game: str, options: Mapping[str, Any] | None = None) -> int:
        """How many proved deals of ``game`` are in stock."""
        return len(self.stock.get(key_of(game, options or {}), ()))

    def take(self, game: str, options: Mapping[str, Any]) -> int:
        """A proved deal of ``game``, taken from the stock (never a search);
        ``winnable/not_offered`` for a game without the option, ``winnable/not_ready``
        while its stock is empty (it is being filled)."""
        key = self.want(game, options)
        stock = self.stock[key]
        self._wanted.set()
        if not stock:
            raise ProtocolError("winnable/not_ready", retry_after=5.0)
        return stock.popleft()

    def _short(self) -> Key | None:
        """The key with the fewest deals ahead, if one has fewer than it should."""
        short = [(len(s), k) for k, s in self.stock.items() if len(s) < self.ahead]
        return min(short)[1] if short else None

    async def keep(self, pool: Pool) -> None:
        """Fill the stocks for ever, one job at a time (run it in the server's task
        group). A busy pool is asked again later: a person's hint goes first."""
        while True:
            key = self._short()
            if key is None:
                self._wanted.clear()
                await self._wanted.wait()
                continue
            first = self.drawn[key]
            job = WinnableJob(key[0], json.loads(key[1]), tuple(
                self.chance.drawn(f"winnable:{key[0]}:{key[1]}", first + i)
                for i in range(TRIES)), NODES)
            try:
                answer = await pool.run(job, f"winnable:{key[0]}", self)
            except ProtocolError as exc:
                if exc.code != "service/unavailable":
                    log.info("winnable deals of %s: %s", key[0], exc.code)
                await asyncio.sleep(BACKOFF)
                continue
            tried, won = int(answer["tried"]), [int(d) for d in answer["won"]]
            if tried == 0:  # not one candidate within the job's time: a game too slow
                log.warning("winnable deals of %s: no candidate searched", key[0])
                await asyncio.sleep(BACKOFF)
            self.drawn[key] = first + tried
            self.stock[key].extend(won)
            self.proved += len(won)


class WinnableChance:
    """A table of winnable deals only's chance: its next deal comes from the stock."""

    def __init__(self, chance: Chance, winnable: Winnable, game: str,
                 options: Mapping[str, Any]) -> None:
        self.chance, self.winnable = chance, winnable
        self.game, self.options = game, options

    def deal(self) -> int:
        return self.winnable.take(self.game, self.options)

    def choice(self, deal: int, version: int) -> int:
        return self.chance.choice(deal, version)

    def drawn(self, stream: str, n: int) -> int:
        return self.chance.drawn(stream, n)
