"""Round games through the server: tables of people, computer players, an advisor behind a
seat and a watcher; a driver that plays them from each person's own view; the check that
no frame showed anyone a card hidden from them."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rules import Move, all_games, cards, game_class
from rules import make as game_make
from rules.cards import identity
from rules.prng import Rng
from server.room import Room
from tests.kit.leaks import assert_hides, assert_shapes_shown, secret_cards
from tests.kit.peer import WAIT, Msg, Peer
from tests.kit.toy import ID as TOY

#: Every registered round game, and the tests' own Toy Snap (registered by a fixture).
ROUND_GAMES = [*(g.id for g in all_games() if g.description.seats_range is not None), TOY]
#: Those whose calls race (Snap), and Toy Snap.
REALTIME_GAMES = [*(g.id for g in all_games() if g.description.seats_range is not None
                    and g.description.realtime), TOY]
#: Options that make a match short (each game's smallest): its target, its deals or
#: rounds, its cap on turns or cards; and the quickest clock it allows.
SHORT = ("target", "deals", "rounds", "max_deals", "max_turns", "max_cards", "pace_ms",
         "tie_ms")
#: Errors a player meets when the table moved under them (a computer player, the clock,
#: a call that raced theirs): they look again.
RACES = {"move/stale", "call/lost", "move/illegal", "move/not_your_turn", "move/game_over"}


def lean_options(game_id: str, players: int) -> dict[str, Any]:
    out: dict[str, Any] = {"players": players}
    for o in game_class(game_id).option_specs:
        if o.name in SHORT and isinstance(o.default, int):
            out[o.name] = min(int(c) for c in o.choices) if o.choices else \
                (o.minimum if o.minimum is not None else 0)
    return out


def seat_counts(game_id: str) -> list[int]:
    """The sizes of table the game allows (its ``players`` option: a range, or choices:
    All Fours is two or four)."""
    cls = game_class(game_id)
    lo, hi = cls.description.seats_range or (1, 1)
    spec = next(o for o in cls.option_specs if o.name == "players")
    return sorted(int(c) for c in spec.choices) if spec.choices else list(range(lo, hi + 1))


@dataclass
class Table:
    room: str
    code: str
    host: Peer
    people: dict[int, Peer]
    watcher: Peer
    advisor: Peer | None = None
    behind: int | None = None
    #: (peer, the audience whose view it sees)
    audiences: list[tuple[Peer, int | None]] = field(default_factory=list)


async def open_table(url: str, game_id: str, options: dict[str, Any], people: int,
                     bots: bool, behind: int | None, think_ms: int = 0,
                     **create: Any) -> Table:
    """A host in seat 0, people in seats 1..people-1, computer players in the other seats
    (``bots``), a watcher, and an advisor behind seat ``behind`` (invited by the seat's
    player)."""
    host = await Peer.connect(url, "P0")
    joined = await host.call("create", game=game_id, options=options, think_ms=think_ms,
                             **create)
    assert joined["type"] == "joined" and joined["seats"] == [0], joined
    room, code = joined["room"], joined["code"]
    t = Table(room, code, host, {0: host}, host)
    for seat in range(1, people):
        p = await Peer.connect(url, f"P{seat}")
        got = await p.call("join", code=code, role="player", seat=seat)
        assert got["type"] == "joined" and got["seats"] == [seat], got
        t.people[seat] = p
    if bots:
        assert (await host.call("bot", room=room))["type"] == "ok"
    t.watcher = await Peer.connect(url, "W")
    assert (await t.watcher.call("join", code=code, role="watcher"))["type"] == "joined"
    t.audiences = [(p, s) for s, p in t.people.items()] + [(t.watcher, None)]
    if behind is not None:
        t.advisor, t.behind = await Peer.connect(url, "A"), behind
        got = await t.advisor.call("join", code=code, role="advisor")
        assert got["type"] == "joined", got
        invited = await t.people[behind].call("invite", room=room, member=got["member"],
                                              seat=behind)
        assert invited["type"] == "ok", invited
        t.audiences.append((t.advisor, behind))
    return t


#: Deal numbers a test chooses start here: a frame that shows a small number (a version,
#: a count) must not look like the secret seed to the no-leak checks.
BIG = 7_345_812_907_113


def a_deal_that_asks(game_id: str, options: dict[str, Any], seat: int, people: int,
                     tries: int = 500) -> int:
    """The first deal number from :data:`BIG` at which ``seat`` may move, with nobody but people
    (``0..people-1``) able to move, before anyone else has: the table's clock alone
    (:meth:`rules.game.Game.timer`) plays until then. In Snap, with the clock turning
    the cards, a person moves only when a snap is on: this finds one between people."""
    game = game_make(game_id, options)
    for deal in range(BIG, BIG + tries):
        state = game.deal(deal)
        while game.outcome(state) is None:
            movers = set(game.to_move(state))
            if movers:
                if seat in movers and movers <= set(range(people)):
                    return deal
                break
            due = game.timer(state)
            if due is None:
                break
            state = game.apply_for(state, due[2], due[1])
    raise AssertionError(f"{game_id}: no deal in {tries} lets seat {seat} move first")


async def newest(peer: Peer, at_least: int, timeout: float = WAIT) -> Msg:
    """The newest state the peer has read, once it has one at ``at_least`` or later."""
    states = [m for m in peer.seen if m.get("type") == "state"]
    if not states or states[-1]["version"] < at_least:
        await peer.wait(lambda m: m.get("type") == "state" and m["version"] >= at_least,
                        timeout)
        states = [m for m in peer.seen if m.get("type") == "state"]
    return states[-1]


async def play(t: Table, choice_seed: int, max_steps: int) -> Msg:
    """People play random moves from their own views (the advisor's proposal, taken by
    the seat's player, now and then) until the match is over or ``max_steps`` moves
    were tried; computer players and the clock play by themselves meanwhile. The
    watcher's newest state."""
    rng = Rng.from_seed(choice_seed)
    state = await newest(t.watcher, 0)
    advised = False
    for _ in range(max_steps):
        view = state["view"]
        if view["status"] != "playing":
            break
        movers = [s for s in view["to_move"] if s in t.people]
        if not movers:  # computer players or the clock are to move: wait for them
            state = await newest(t.watcher, state["version"] + 1)
            continue
        k, rng = rng.below(len(movers))
        # the seat with an advisor moves first, on its advice, until one advice was taken
        seat = t.behind if t.behind is not None and t.behind in movers and not advised \
            else movers[k]
        person = t.people[seat]
        mine = await newest(person, state["version"])
        codes = [m["code"] for m in mine["view"]["moves"].get(str(seat), ())]
        if not codes:  # the person has seen the table move on: so will the watcher
            state = await newest(t.watcher, max(mine["version"], state["version"] + 1))
            continue
        k, rng = rng.below(len(codes))
        if seat == t.behind and t.advisor is not None and (k % 2 == 0 or not advised):
            seen = await advisors_view(t.advisor, mine)
            offered = [m["code"] for m in seen["view"]["moves"].get(str(seat), ())]
            if seen["version"] == mine["version"] and codes[k] in offered:
                got = await t.advisor.call("propose", room=t.room, version=mine["version"],
                                           move=codes[k])
                if got["type"] == "ok":
                    reply = await person.call("take", room=t.room, version=mine["version"],
                                              move=codes[k])
                    advised = advised or reply["type"] == "ok"
                    state = await _after(t, mine, reply)
                    continue
        reply = await person.call("move", room=t.room, version=mine["version"],
                                  move=codes[k])
        state = await _after(t, mine, reply)
    return state


async def advisors_view(advisor: Peer, mine: Msg) -> Msg:
    """The advisor's newest state, once it has ``mine``'s version or later; at that
    version, the seat's own view (the seat's player's, ``mine``): the frame the advisor
    was sent before it sat behind the seat was a watcher's, and the one sent when it was
    seated may still be on its way."""
    seen = await newest(advisor, mine["version"])
    if seen["version"] == mine["version"] and seen["view"] != mine["view"]:
        return await advisor.wait(lambda m: m.get("type") == "state" and (
            m["version"] > mine["version"] or m["view"] == mine["view"]))
    return seen


async def _after(t: Table, mine: Msg, reply: Msg) -> Msg:
    """The watcher's state once it shows what the person's move (or its refusal) saw."""
    if reply["type"] == "ok":
        return await newest(t.watcher, reply["version"])
    # the table had moved past what the person saw (a computer player, the clock, a
    # faster call): the watcher will see that too
    assert reply["code"] in RACES | {"advice/no_proposal"}, reply
    return await newest(t.watcher, mine["version"] + 1)


#: What a connection is told when it is no longer in the room.
GONE = {"replaced", "kicked", "closed"}


async def settle(t: Table, version: int) -> None:
    """Until every audience still in the room has read the state at ``version`` (or a
    later one), and every audience every frame sent to it before its ``ping`` (the
    ``call`` sent with a state, a lost call): what a test then checks of the frames has
    all arrived, however busy the machine."""
    for peer, _ in t.audiences:
        await peer.barrier()
        if not any(m.get("type") in GONE for m in peer.seen):  # e.g. resumed elsewhere
            await newest(peer, version)
            await peer.barrier()


def check_frames(t: Table, room: Room, plant_ok: bool = False) -> int:
    """Every frame each audience received shows only what it may see: judged against the
    position at the newest state the peer had been sent (frames of one connection arrive
    in order); how many frames were judged."""
    assert room.version == len(room.log) == len(room.play.states) - 1  # one match
    judged = 0
    for peer, audience in t.audiences:
        now = 0
        for msg in peer.seen:
            if msg.get("type") == "state":
                now = msg["version"]
            check_frame(room, msg, room.play.states[now], audience)
            judged += 1
    return judged


def check_frame(room: Room, msg: Msg, at: Any, audience: int | None) -> None:
    kind = msg.get("type")
    where = f"{kind} frame to {audience}"
    over = kind == "record" or (kind == "state" and msg["view"]["status"] != "playing")
    seed = None if over else room.seed
    events = [msg["last"]] if kind == "state" and msg["last"] else []
    if kind == "resumed" and msg.get("events"):
        events += msg["events"]
    if kind == "state":  # a competitive table's move log: events too
        events += msg.get("log") or []
    for e in events:  # each event as told when it happened (judged at its own move)
        check_event(room, e, audience, seed, where)
    msg = {**msg, "last": None, "log": None} if kind == "state" else \
        {**msg, "events": None} if kind == "resumed" else msg
    secret = set() if kind == "record" else secret_cards(room.game, at, audience)
    assert_hides(msg, secret, seed, where)
    if kind == "state":  # each move's shape names only cards the view shows
        assert_shapes_shown(msg["view"], where)
    if room.game.description.moves_public:
        return
    for e in events:  # a move's code reaches its own seat only
        assert e.get("move") is None or e.get("seat") == audience, (where, e)
    if kind == "state":
        assert set(msg["view"]["moves"]) <= {str(audience)}, (where, msg["view"]["moves"])
    if kind == "proposals":  # a seat's proposals reach its player and advisors only
        assert audience is not None, where
        legal = {m.code for m in room.game.legal_moves(room.play.states[msg["version"]],
                                                        audience)}
        assert {i["move"] for i in msg["items"]} <= legal, (where, msg["items"])


def check_event(room: Room, e: Msg, audience: int | None, seed: int | None,
                where: str) -> None:
    """An event tells a move as the table saw it: it names no card hidden from the
    audience after the move, but for cards the move handled in view of the table (taken
    from one place of the table to another, neither of them a hand: Beggar My Neighbour's
    last card played before the pile is taken up, face down)."""
    states = room.play.states
    v = e.get("version", 0)
    after = states[v]
    secret = secret_cards(room.game, after, audience)
    if e.get("kind") == "move" and v >= 1:
        secret -= in_view(room, states[v - 1], after)
    assert_hides(e, secret, seed, where + " (its event)")


def in_view(room: Room, before: Any, after: Any) -> set[int]:
    """Cards that moved from one zone to another between ``before`` and ``after``, both
    zones on the table (not private)."""
    def where_(state: Any) -> dict[int, tuple[str, bool]]:
        return {identity(c): (z.id, z.private) for z in room.game.zones(state)
                for c in z.cards}

    was, now = where_(before), where_(after)
    return {c for c, (zid, private) in now.items()
            if c in was and was[c][0] != zid and not private and not was[c][1]}


def card_forms(c: int) -> list[str]:
    """Every way a card is written: its code (``"TH"``), its name (``"10♥"``), its name
    with the suit's letter (``"10H"``), its code in a move that plays it (``"pth"``), and
    in words (``"ten of hearts"``, ``"knave of hearts"``, ``"jack of hearts"``)."""
    rank, suit, text = cards.rank_of(c), cards.suit_of(c), cards.code(c)
    words = [cards.RANK_WORDS[rank], *(["jack"] if rank == cards.JACK else [])]
    return [text, cards.name(c), cards.RANK_NAMES[rank] + cards.SUIT_LETTERS[suit],
            "p" + text.lower(), *(f"{w} of {cards.SUIT_NAMES[suit]}" for w in words)]


def hidden_ever(room: Room, audience: int | None) -> set[int]:
    """The cards hidden from ``audience`` at some point of the room's match."""
    return {c for state in room.play.states for c in secret_cards(room.game, state, audience)}


def assert_lines_hide(lines: Iterable[str], secret: set[int], seed: int | None) -> None:
    """No line names a secret card in any of its forms (:func:`card_forms`: a code or a
    name as a word of its own, wherever it stands in the line; words in any case), nor
    carries the seed; a line that is JSON is also searched as data (:func:`assert_hides`).
    """
    forms = [(c, f) for c in secret for f in card_forms(c)]
    for line in lines:
        lowered = line.lower()
        for c, form in forms:
            if " " in form:
                assert form not in lowered, f"log line names {cards.name(c)} ({form!r}): {line}"
            else:  # a word of its own: not a piece of a room's or a member's hex id
                found = re.search(rf"(?<![A-Za-z0-9]){re.escape(form)}(?![A-Za-z0-9])", line)
                assert found is None, f"log line names {cards.name(c)} ({form!r}): {line}"
        if seed is not None:
            assert str(seed) not in line, f"log line carries the seed: {line}"
        if line.startswith("{"):
            assert_hides(json.loads(line), secret, seed, f"log line {line}")


def race_options(game_id: str) -> dict[str, Any]:
    """Two players turning by hand (calls are then the only race), the shortest tie
    window the game allows."""
    specs = {o.name: o for o in game_class(game_id).option_specs}
    out: dict[str, Any] = {"players": 2}
    if "auto_turn" in specs:
        out["auto_turn"] = False
    if "tie_ms" in specs:
        out["tie_ms"] = specs["tie_ms"].minimum or 0
    if "max_turns" in specs:  # long enough for a snap, short enough to finish
        out["max_turns"] = max(60, specs["max_turns"].minimum or 0)
    return out


async def race(t: Table, v: int, north: str, east: str,
               sent_one: Callable[[int], Awaitable[None]] | None = None,
               ) -> tuple[list[Msg], list[Msg]]:
    """North's call, then East's, sent back to back (``sent_one(n)`` is awaited after the
    n-th is sent: a test may hold them at the sequencer); their replies, and the two
    ``call`` messages (in the order everyone received them, checked to be the same for
    all)."""
    sent = []
    for n, (seat, code) in enumerate(((0, north), (1, east)), 1):
        sent.append(await t.people[seat].send("move", room=t.room, version=v, move=code))
        if sent_one is not None:
            await sent_one(n)
    replies = [await p.wait(lambda m, r=r: m.get("re") == r)  # type: ignore[misc]
               for p, r in zip((t.people[0], t.people[1]), sent, strict=True)]
    told: list[list[Msg]] = []
    for peer, _ in t.audiences:
        for _ in range(2):
            await peer.wait(lambda m: m.get("type") == "call" and m["version"] > v)
        told.append([m for m in peer.seen if m.get("type") == "call" and m["version"] > v])
    first = told[0][:2]
    for seen in told:  # everyone was told the same
        assert [(m["seat"], m["outcome"], m["first"], m["margin_ms"]) for m in seen[:2]] \
            == [(m["seat"], m["outcome"], m["first"], m["margin_ms"]) for m in first]
    return replies, first


def one_first(replies: list[Msg], told: list[Msg]) -> int:
    """Exactly one of the two calls reached the table first; the other names it, with
    its margin, and its reply says how it fared. The first caller's seat."""
    (a, b) = told
    assert a["first"] is None and a["outcome"] == "made", told
    assert b["first"] == a["seat"] != b["seat"] and b["margin_ms"] >= 0, told
    winner = a["seat"]
    assert replies[winner]["type"] == "ok", replies
    later = replies[b["seat"]]
    assert (later["type"], b["outcome"]) == ("ok", "made") or \
        (later.get("code"), b["outcome"]) == ("call/lost", "lost"), (later, b)
    return int(winner)


async def to_a_double_call(t: Table, max_moves: int = 600) -> tuple[int, str, str] | None:
    """Play on (each person's first move that is not a call; a lone call when nothing
    else can be played) until both people, seats 0 and 1, may call at once: (version,
    North's call, East's call), each the call the game's own computer player would make;
    ``None`` when the match ends first."""
    room = make_game(t)
    for _ in range(max_moves):
        state = await newest(t.watcher, 0)
        if state["view"]["status"] != "playing":
            return None
        v = state["version"]
        views = {s: await newest(p, v) for s, p in t.people.items()}
        if any(x["version"] != v for x in views.values()):
            continue  # someone saw more than the watcher yet: look again
        moves = {s: [m["code"] for m in x["view"]["moves"].get(str(s), ())]
                 for s, x in views.items()}
        calls = {s: [c for c in codes if room.is_call(Move(c))] for s, codes in moves.items()}
        if calls[0] and calls[1]:
            picked = [room.bot_move(views[s]["view"], s, 0) for s in (0, 1)]
            picked = [c if c in calls[s] else calls[s][0] for s, c in enumerate(picked)]
            return v, picked[0], picked[1]
        plain = [(s, c) for s, codes in moves.items() for c in codes if c not in calls[s]]
        seat, code = plain[0] if plain else next((s, c[0]) for s, c in calls.items() if c)
        reply = await t.people[seat].call("move", room=t.room, version=v, move=code)
        await _after(t, views[seat], reply)
    return None


def make_game(t: Table) -> Any:
    """The table's game, as the rules make it (to tell its calls)."""
    joined = next(m for m in t.host.seen if m.get("type") == "joined")
    return game_make(joined["game"], joined["options"])
