"""Finished games for the people who ask: keeping them, their pages, forgetting them.

:class:`Games` sits between the sessions and the archive (:mod:`server.stores.archive`):

- :meth:`Games.finished`: after a commit that leaves a deal over, keep the game (once per
  deal in this process; keeping it again is harmless, as the id is the deal's);
- ``archived``: a kept game's public body, its analysis when one was made, and how many
  steps its page has; ``archived_step``: the table at one step, drawn for the watchers
  (:func:`rules.view.render` with no seat: only what lay face up), with the move that
  led there in words. The replayed game is held for a while (a page steps through many
  positions of one game); the kept body is read at each step all the same, so a game
  forgotten in any process shows no more steps;
- ``room_games``: a room's games, for its members; ``forget_games``: every game kept under
  the asker's player key, deleted; ``my_stats``: those games counted per game (played,
  won, runs of wins);
- the deal of the day (``create`` with ``daily``; ``daily``: its board);
- the retention: games older than ``keep_days`` are deleted every few minutes.
"""

from __future__ import annotations

import asyncio
import collections
import datetime
import hashlib
import hmac
import logging
import time
from typing import Any

from protocol.errors import ProtocolError
from rules import Game, Move, Play, RulesError, make, render
from rules.guide import name_of

from .heavy import analysis_job
from .members import hash_token
from .pool import Pool
from .pool_parts import Ticket
from .room import Room
from .stores.archive import Archive, Found, game_id, in_words, kept, valid_id

log = logging.getLogger("sympathy.archive")

#: Replayed games held for their pages' steps (least recently used go first).
HELD = 64
#: Deals kept by this process, remembered so a later change of the same finished deal
#: (a join, a chat) does not keep it again.
REMEMBERED = 4096
#: Moves replayed at once before the loop serves others (a page's jump to the end).
SLICE = 16
#: The shortest player key taken (a secret: long enough not to be guessed).
MIN_KEY = 16


def day(when: float) -> str:
    """The date (UTC) of unix time ``when``: a deal of the day's date."""
    return datetime.datetime.fromtimestamp(when, datetime.UTC).strftime("%Y-%m-%d")


def why_not_daily(game: Game[Any], undo: str) -> str | None:
    """Why a table of ``game`` (its options chosen) with undo ``undo`` cannot play the
    deal of the day, in words for people; ``None`` when it can. Everyone plays the day's
    deal by the same rules (the game's own options, as the book has them) and nobody may
    take back a move that turned up a card to try another way: else the board would
    compare unlike games."""
    if game.options != make(game.id).options:
        return ("The deal of the day is played with the game's own rules, the same for "
                "everyone: choose no options.")
    if undo == "past_reveal":
        return ("The deal of the day cannot take back a move that turned up a card: "
                "choose undo on or off.")
    return None


def hashed_key(key: str) -> str:
    """The hash a player key is kept under; a key shorter than :data:`MIN_KEY`:
    ``proto/bad_field``."""
    if len(key) < MIN_KEY:
        raise ProtocolError("proto/bad_field", f"A player key has at least {MIN_KEY} "
                            "characters.")
    return hash_token(key)


def least(best: Any, value: Any) -> Any:
    """The smaller of a best result so far (None: none yet) and ``value``."""
    return value if best is None else min(best, value)


class Games:
    def __init__(self, archive: Archive | None, keep_days: float = 0.0) -> None:
        self.archive = archive
        self.keep_days = keep_days
        self._kept: collections.OrderedDict[str, None] = collections.OrderedDict()
        self._plays: collections.OrderedDict[str, Play[Any] | None] = \
            collections.OrderedDict()
        self.written = 0
        self._secret: str | None = None
        #: The analyses of kept games being made here, each asked for once.
        self._analysing: dict[str, asyncio.Future[dict[str, Any]]] = {}

    def _archive(self) -> Archive:
        if self.archive is None:
            raise ProtocolError("archive/off")
        return self.archive

    async def finished(self, room: Room) -> None:
        """Keep the room's deal if it is over and not yet kept here; a failure is logged
        (the game goes on; the deal is tried again at its next change)."""
        if self.archive is None or not room.over or room.salt in self._kept:
            return
        try:
            date = day(room.created_at)
            daily = date if room.seed == await self.daily_deal(room.game.id, date) and \
                why_not_daily(room.game, room.policy.undo) is None else ""
            await self.archive.keep(kept(room, time.time(), daily))
        except Exception:
            log.exception("cannot keep the finished game of room %s", room.id)
            return
        self.written += 1
        self._kept[room.salt] = None
        while len(self._kept) > REMEMBERED:
            self._kept.popitem(last=False)

    async def annotate(self, salt: str, analysis: dict[str, Any]) -> None:
        """Keep an analysis made at the table beside the deal's kept game."""
        if self.archive is None:
            return
        try:
            await self.archive.annotate(game_id(salt), analysis)
        except Exception:
            log.exception("cannot keep an analysis")

    async def analyse(self, body: dict[str, Any], pool: Pool, ticket: Ticket
                      ) -> dict[str, Any]:
        """The analysis of the kept game ``body`` (its page found none), made in the
        pool in ``ticket``'s place and kept with the game: once, however many pages ask
        for it meanwhile (they wait for the first one's answer)."""
        gid = body["id"]
        if not body.get("over") or "seed" not in body:
            pool.release(ticket)
            raise ProtocolError("record/not_available", "This game has no analysis: it "
                                "was kept before its deal was over.")
        running = self._analysing.get(gid)
        if running is not None:
            pool.release(ticket)
            return await asyncio.shield(running)
        running = self._analysing[gid] = asyncio.get_running_loop().create_future()
        try:
            answer = await pool.submit(analysis_job(gid, 0, body), ticket)
            analysis = {k: v for k, v in answer.items()
                        if k not in ("type", "room", "re", "stale", "version")}
            await self.annotate(body["salt"], analysis)
            running.set_result(analysis)
            return analysis
        except BaseException as exc:
            if isinstance(exc, Exception):
                running.set_exception(exc)
                running.exception()  # read: nobody else may be waiting
            else:
                running.cancel()
            raise
        finally:
            del self._analysing[gid]

    async def _found(self, gid: str) -> Found:
        if not valid_id(gid):
            raise ProtocolError("archive/not_found")
        found = await self._archive().get(gid)
        if found is None:
            raise ProtocolError("archive/not_found")
        return found

    async def page(self, gid: str) -> dict[str, Any]:
        """``archived``: the game, its analysis (or ``None``) and its number of steps."""
        found = await self._found(gid)
        return {"game": found.body, "analysis": found.analysis,
                "steps": len(found.body.get("moves", [])) + 1}

    async def step(self, gid: str, n: int) -> dict[str, Any]:
        """``archived_step``: the table after move ``n`` (0: the deal) as a watcher saw
        it, and that move with its words."""
        # read each time (one primary-key read): a game forgotten or expired, by this
        # process or another, has no steps any more
        body = (await self._found(gid)).body
        moves = body["moves"]
        if not 0 <= n <= len(moves):
            raise ProtocolError("proto/bad_field", f"This game has steps 0 to {len(moves)}.")
        if gid in self._plays:
            play = self._plays[gid]
            self._plays.move_to_end(gid)
        else:
            play = self._plays[gid] = self._replay(body, 0)
            while len(self._plays) > HELD:
                self._plays.popitem(last=False)
        while play is not None and len(play.states) <= n:
            # a long jump is replayed a slice at a time, the loop free between slices
            # (a move replays in about 0.3 ms: a 500-move game at once would hold it)
            play = self._plays[gid] = self._replay(body, min(n, len(play.states) + SLICE),
                                                   play)
            await asyncio.sleep(0)
        if play is None:
            raise ProtocolError("archive/not_found", "This game's steps cannot be shown: "
                                "it was kept before its deal was revealed.")
        states = play.states
        last = None
        if n:
            m = in_words(play.game, states[n - 1], states[n], moves[n - 1])
            last = {"n": n, "seat": m["seat"] + 1, "move": m["move"], "by": m.get("by", ""),
                    "advised_by": m.get("advised_by", []), "left": m.get("left", []),
                    "text": m.get("text") or m["move"]}
        return {"game": gid, "n": n, "view": render(play.game, states[n], None),
                "last": last}

    @staticmethod
    def _replay(body: dict[str, Any], n: int, play: Play[Any] | None = None
                ) -> Play[Any] | None:
        """The game's positions up to move ``n`` at least, going on from ``play`` (a page
        opens at the deal and steps on: a game is replayed only as far as it is shown),
        or ``None`` when its seed was not kept."""
        if "seed" not in body:
            return None
        try:
            if play is None:
                game = make(body["game"], body.get("options") or {})
                play = Play.start(game, int(body["seed"]))
            for m in body["moves"][len(play.states) - 1:n]:
                play = play.replay_move(Move(m["move"]), int(m["seat"]))
        except (RulesError, KeyError, TypeError, ValueError):
            log.exception("kept game %s does not replay", body.get("id"))
            return None
        return play

    async def of_room(self, room_id: str) -> list[dict[str, Any]]:
        return await self._archive().of_room(room_id)

    async def forget(self, key: str) -> int:
        return await self._archive().forget(hashed_key(key))

    async def stats(self, key: str) -> dict[str, Any]:
        """``my_stats``: the games kept under a player key, counted per game: played,
        won, the current run of wins and the longest, the best results (fewest moves to
        a win, fastest win). The games of tables of winnable deals only are counted
        apart (``winnable``): every one of their deals could be won, so their share of
        wins is not the game's."""
        rows = await self._archive().of_keeper(hashed_key(key))
        per: dict[tuple[str, bool], dict[str, Any]] = {}
        for game, finished_at, won, moves, seconds, winnable in rows:
            g = per.setdefault((game, winnable), {
                "game": game, "title": name_of(game), "winnable": winnable, "played": 0,
                "won": 0, "streak": 0, "best_streak": 0, "fewest_moves": None,
                "fastest": None, "last": 0.0})
            if won and moves is not None and seconds is not None:
                g["fewest_moves"] = least(g["fewest_moves"], moves)
                g["fastest"] = least(g["fastest"], seconds)
            g["played"] += 1
            g["won"] += won
            g["streak"] = g["streak"] + 1 if won else 0
            g["best_streak"] = max(g["best_streak"], g["streak"])
            g["last"] = finished_at
        games = sorted(per.values(), key=lambda g: -g["last"])
        return {"games": games, "played": sum(g["played"] for g in games),
                "won": sum(g["won"] for g in games)}

    async def daily_deal(self, game: str, date: str) -> int:
        """The deal of the day ``date`` for ``game``: the same for everyone on this
        server (every process), drawn from the archive's secret so that nobody can work
        it out before it is dealt; revealed, as every deal is, when a game of it ends."""
        if self._secret is None:
            self._secret = await self._archive().secret()
        digest = hmac.new(self._secret.encode(), f"daily:{game}:{date}".encode(),
                          hashlib.sha256).digest()
        return int.from_bytes(digest[:6], "big")

    async def daily(self, game: str, date: str, key: str | None) -> dict[str, Any]:
        """``daily``: the board of ``game``'s deal of the day: each finished game's
        players, result, moves and time; the links to the games only for someone who
        has played that deal (their player key kept one of them)."""
        board = await self._archive().daily_board(game, date)
        mine: set[str] = set()
        hashed = None if key is None else hashed_key(key)
        if hashed is not None and board:
            mine = await self._archive().kept_by(hashed, [b["id"] for b in board])
        played = bool(mine)
        rows = [{"players": [p["name"] for p in b.get("players", [])], "won": b["won"],
                 "moves": len(b.get("moves", [])),
                 "seconds": round(b["finished_at"] - b["started_at"], 1),
                 "id": b["id"] if played else None, "mine": b["id"] in mine}
                for b in board]
        return {"game": game, "title": name_of(game), "date": date, "played": played,
                "board": rows}

    async def expire(self, now: float) -> int:
        """Delete the games older than the retention (none when it is 0: kept for ever)."""
        if self.archive is None or self.keep_days <= 0:
            return 0
        return await self.archive.expire(now - self.keep_days * 86400)
