"""The line mode (``--plain``): the board as text, one command per line.

For scripts, screen readers and dumb terminals. Output is plain lines (no colour, no
cursor movement); every line from elsewhere is cleaned of control characters. Commands,
one per line on standard input::

    CODE | N          play a move by its code or its number in the list (advisors propose)
    propose CODE|N    propose a move (advisors)
    take [N] | accept take proposal N (default: the first)
    vote              play the proposal with the most votes
    undo              take back the last move
    hint              ask for a hint (the player; advisors where the table allows)
    say TEXT          chat
    lock | unlock | kick NAME | close     the host's controls
    bot [SEAT]        the host: a computer player in SEAT (from 1), or in every empty seat
    next | rematch    the host, once a game is over: a new deal, or the same deal again
    save [DIR]        once a game is over: save its record to a file, to replay later
    analysis          once a game is over: the solver's judgement of the game
    invite NAME [SEAT]   seat NAME behind SEAT (a round game), or let them advise
    host NAME         the host: hand the host role to NAME (they must be in the room)
    rules             how to play the game: the goal first, then the layout, moves and end
    board | moves | who | advice | help
    quit              leave the terminal (the seat is kept; come back with the same code)
    leave             give up the seat and quit

    A move that ends the game (give up) has no number: type its code, end, then yes.

Each command's answer is one line: ``ok`` or ``error: <code>: <sentence>``; ``hint``
answers ``hint: <the move in words>: <how often it won>`` or ``no hint: <why>``. End of input
quits as ``quit`` does. A finished game prints the revealed seed and whether the record,
replayed here, reaches the same game.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from .events import (
    Called,
    ChatLine,
    Connection,
    Notice,
    PresenceChanged,
    ProposalsChanged,
    Seated,
    StateChanged,
)
from .fair import FairCheck, check
from .finish import analysis_lines, save_line
from .hint import hint_line
from .render import board_lines, clean, header, letters
from .round_text import is_round, log_lines, round_lines
from .rules_text import rules_lines
from .session import ConnectionLost, ServerError, Session
from .table_text import (
    chat_text,
    confirm_line,
    dealt_text,
    ends_game,
    game_over_lines,
    in_order,
    last_text,
    numbered_moves,
    presence_line,
    proposal_lines,
    role_text,
    turn_line,
    waiting_lines,
)

HELP = (__doc__ or "").split("::", 1)[1].split("Each command")[0].rstrip()


class PlainClient:
    """Print a session's events and run commands read from a stream of lines."""

    def __init__(self, session: Session, out: TextIO | None = None, *, ascii: bool = False,
                 width: int = 96, command: str = "sympathy") -> None:
        self.s = session
        #: How to run this client again, in the lines that say so.
        self.invoke = command
        #: The finished game's record (for ``save`` and ``analysis``).
        self.record: Mapping[str, Any] | None = None
        #: A move that ends the game, asked for once: ``yes`` plays it.
        self._confirm: str | None = None
        self._confirmed: str | None = None
        self.out = out or sys.stdout
        self.ascii = ascii
        self.width = width
        self._over_version: int | None = None
        self._seated = ""
        self._presence = ""
        #: The newest version of a round table's move log said already (room, version).
        self._logged: tuple[str, int] = ("", -1)
        self.left = False

    def say(self, *lines: str) -> None:
        for line in lines:
            print(letters(line) if self.ascii else line, file=self.out)
        self.out.flush()

    # -- output ------------------------------------------------------------------------

    async def show_events(self) -> None:
        """Print events as they come, until cancelled or the server removes us."""
        while True:
            ev = await self.s.events()
            if isinstance(ev, StateChanged):
                if self._seated:  # said once the view has given the seats their names
                    t = self.s.table
                    dealt = dealt_text(t)
                    self.say(f"{self._seated} room {clean(t.code, 16)} ({clean(t.game, 40)}"
                             f"{', ' + dealt if dealt else ''}) as {self.role_text()}")
                    self._seated = ""
                self.show_state()
                if not self.s.table.over:
                    self.record = None  # a new deal: the last one's record is not its
                if self.s.table.over and self._over_version != ev.version:
                    self._over_version = ev.version
                    self.say(*game_over_lines(ev.view, await self.fair_check(),
                                              self.s.table.tally, self.invoke),
                             self.after_lines())
            elif isinstance(ev, PresenceChanged):
                line = presence_line(self.s.table)
                if line != self._presence:  # the server may repeat an unchanged list
                    self._presence = line
                    self.say(line)
            elif isinstance(ev, ProposalsChanged):
                self.show_advice()
            elif isinstance(ev, ChatLine):
                self.say(chat_text(ev.sender, ev.role, ev.text))
            elif isinstance(ev, Called):
                self.say(f"call: {clean(ev.text, 200)}")
            elif isinstance(ev, Connection):
                extra = f" (attempt {ev.attempt}, in {ev.delay:.1f} s)" if ev.attempt else ""
                self.say(f"connection: {ev.state}{extra}")
                if ev.state == "closed":
                    return
            elif isinstance(ev, Notice):
                self.say(f"notice: {ev.kind}: {clean(ev.message, 300)}")
                if ev.kind != "error":  # kicked, closed or replaced: nothing more to show
                    return
            elif isinstance(ev, Seated):
                self._seated = ev.kind

    def after_lines(self) -> str:
        """What may be done once a game is over."""
        host = "; next deals again, rematch deals the same cards" if self.s.table.host \
            else ""
        return f"type save to keep the record, analysis for the solver's judgement{host}"

    def role_text(self) -> str:
        t = self.s.table
        return role_text(t.role, t.seats, t.view)

    def moves(self) -> list[Mapping[str, Any]]:
        t = self.s.table
        return t.my_moves() if t.role == "player" else (
            t.table_moves() if t.role == "advisor" else [])

    def show_state(self) -> None:
        t = self.s.table
        if t.view is None:
            return
        self.say(f"-- version {t.version} --")
        if is_round(t.view) and t.log:
            # every move since the last one said (computer players move fast: a state
            # may bring several), in the words the server gave this seat
            after = self._logged[1] if self._logged[0] == t.room else -1
            self.say(*(f"move: {line[2:]}" for line in log_lines(t.log, None, after)))
            self._logged = (t.room, max(after, int(t.log[-1].get("version", 0))))
        elif t.last:
            self.say(f"last: {last_text(t.last)}")
        if is_round(t.view):  # a round game: hands around the table, the match
            names = {s: clean(m.get("name", ""), 30) for m in t.members
                     if m.get("role") == "player" for s in m.get("seats") or ()}
            self.say(header(t.view),
                     *round_lines(t.view, t.audience, names, ascii=self.ascii, history=None,
                                  log_shown=0))
        else:
            self.say(*board_lines(t.view, ascii=self.ascii, moves=False, width=self.width,
                                  me=t.audience))
        self.show_moves()

    def show_moves(self) -> None:
        t = self.s.table
        if t.view is None or t.over:
            return
        self.say(*waiting_lines(t, self.s.url, "Or type bot to seat a computer player in "
                                "every empty seat."), turn_line(t))
        movers = ", ".join(clean(t.view["seats"][s], 20) for s in t.view.get("to_move", ())
                           if s < len(t.view.get("seats", ())))
        moves = self.moves()
        if not moves:
            self.say(f"to move: {movers}")
            return
        verb = "your moves" if t.role == "player" else "moves you may propose"
        self.say(f"to move: {movers}; {verb}:", *numbered_moves(moves))

    def show_advice(self) -> None:
        items = self.s.table.proposals
        self.say("advice:" + ("" if items else " none"), *proposal_lines(items))

    async def fair_check(self) -> FairCheck | None:
        t = self.s.table
        if "seed" not in t.fair or t.view is None:
            return None
        try:
            self.record = await self.s.record()
        except (ServerError, ConnectionLost, TimeoutError):
            self.record = None
        return check(t.fair, self.record, t.view, t.audience)

    # -- input -------------------------------------------------------------------------

    async def run_commands(self, lines: asyncio.StreamReader) -> None:
        """Run commands until ``quit``, ``leave`` or the end of input."""
        while True:
            raw = await lines.readline()
            if not raw:
                return
            line = raw.decode(errors="replace").strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("quit", "exit"):
                return
            if self._confirm is not None:
                code, self._confirm = self._confirm, None
                if word == "yes":
                    line = word = self._confirmed = code
                else:
                    self.say("The game goes on.")
                    if word == "no":
                        continue
            try:
                done = await self.command(word, rest.strip(), line)
            except (ServerError, ConnectionLost, TimeoutError) as exc:
                code = exc.code if isinstance(exc, ServerError) else "connection"
                msg = exc.message if isinstance(exc, ServerError) else str(exc) or "timed out"
                self.say(f"error: {code}: {clean(msg, 300)}")
                continue
            if done:
                return

    async def command(self, word: str, rest: str, line: str) -> bool:
        """Run one command; ``True`` when it ends the session."""
        local: dict[str, Callable[[], None]] = {
            "board": self.show_state, "moves": self.show_moves, "advice": self.show_advice,
            "who": lambda: self.say(presence_line(self.s.table)),
            "help": lambda: self.say(HELP),
            "rules": lambda: self.say(*rules_lines(self.s.table.game, None)),
        }
        if word in local:
            local[word]()
            return False
        state = self.s.table.connection
        kept = word in ("save", "analysis") and self.record is not None  # no request
        if state not in ("connected", "resumed") and not kept:
            # a request would wait for the server in silence: say so at once
            raise ConnectionLost(f"not connected to the server ({state}): nothing was sent")
        if word in ("say", "chat"):
            await self.s.chat(rest)
        elif word == "leave":
            await self.s.leave()
            self.left = True
            self.say("ok")
            return True
        elif word in ("lock", "unlock"):
            await self.s.host("lock", locked=word == "lock")
        elif word == "kick":
            await self.s.host("kick", member=self.member_id(rest))
        elif word == "close":
            await self.s.host("close")
        elif word == "host":
            await self.s.host("set_host", member=self.member_id(rest))
        elif word == "bot":
            await self.s.bot(int(rest) - 1 if rest.isdigit() else None)
        elif word == "invite":
            name, _, seat = rest.rpartition(" ")
            if not seat.isdigit():
                name, seat = rest, ""
            await self.s.invite(self.member_id(name), int(seat) - 1 if seat else None)
        elif word == "undo":
            await self.s.undo()
        elif word == "hint":
            self.say(hint_line(await self.s.hint()))
            return False
        elif word in ("next", "rematch"):
            await self.s.next_deal(word == "rematch")
        elif word == "save":
            self.say(save_line(await self.finished_record(), self.s.table.code, self.invoke,
                               Path(rest) if rest else None))
            return False
        elif word == "analysis":
            record = await self.finished_record()
            self.say(*(await analysis_lines(record, self.s.table.view) if record else
                       ["No analysis: the game is not over."]))
            return False
        elif word == "vote":
            await self.s.vote()
        elif word in ("take", "accept"):
            await self.s.take(self.proposal(rest or "1"))
        elif word == "propose":
            await self.s.propose(self.pick(rest))
        elif self.s.table.role == "advisor":
            await self.s.propose(self.pick(line))
        else:
            code = self.pick(line)
            if ends_game(code) and self._confirmed != code:
                self.ask(code)
                return False
            self._confirmed = None
            await self.s.move(code)
        self.say("ok")
        return False

    def ask(self, code: str) -> None:
        """Ask before a move that ends the game; ``yes`` on the next line plays it."""
        move = next((m for m in self.moves() if m.get("code") == code), None)
        self._confirm = code
        self.say(confirm_line(move, "Type yes to end it, anything else to play on."))

    async def finished_record(self) -> Mapping[str, Any] | None:
        """The finished game's record (fetched once the game is over)."""
        if not self.s.table.over:
            return None
        if self.record is None:
            self.record = await self.s.record()
        return self.record

    def pick(self, text: str) -> str:
        """A move code from a code or a number in the list of moves shown (a move that
        ends the game has no number)."""
        moves = [m for m in in_order(self.moves()) if not ends_game(m)]
        if text.isdigit() and 1 <= int(text) <= len(moves):
            return str(moves[int(text) - 1]["code"])
        return text

    def member_id(self, name: str) -> str:
        """The id of the member called ``name`` (their id if nobody is)."""
        return self.s.table.member_named(name) or name

    def proposal(self, text: str) -> str:
        items = self.s.table.proposals
        if text.isdigit() and 1 <= int(text) <= len(items):
            return str(items[int(text) - 1]["move"])
        return text


async def stdin_reader() -> asyncio.StreamReader:
    """Standard input as an asyncio stream (pipes, files and terminals)."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


async def run_plain(client: PlainClient, lines: asyncio.StreamReader) -> None:
    """Show events while running commands; return when input ends or we are removed."""
    async with asyncio.TaskGroup() as tg:
        shower = tg.create_task(client.show_events())
        commands = tg.create_task(client.run_commands(lines))
        await asyncio.wait({shower, commands}, return_when=asyncio.FIRST_COMPLETED)
        shower.cancel()
        commands.cancel()
