"""Round games through the server: tables of people, computer players, an advisor behind a
seat and a watcher; a driver that plays them from each person's own view; the check that
no frame showed anyone a card hidden from them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules import all_games, game_class
from rules.prng import Rng
from server.room import Room

from ..round_toy import ID as TOY
from ..rules.conformance import assert_hides, secret_cards
from .peer import Msg, Peer

#: Every registered round game, and the tests' own Toy Snap (registered by a fixture).
ROUND_GAMES = [*(g.id for g in all_games() if g.description.seats_range is not None), TOY]
#: Options that keep a match short for a test (a game's own, where it has them).
LEAN: dict[str, dict[str, Any]] = {TOY: {"deals": 1}}
#: Errors a player meets when the table moved under them (a computer player, the clock,
#: a call that raced theirs): they look again.
RACES = {"move/stale", "call/lost", "move/illegal", "move/not_your_turn", "move/game_over"}


def lean_options(game_id: str, players: int) -> dict[str, Any]:
    specs = {o.name: o for o in game_class(game_id).option_specs}
    out: dict[str, Any] = {"players": players}
    for name, value in (("pace_ms", 20), ("tie_ms", 10)):  # a quick clock
        spec = specs.get(name)
        if spec is not None:
            out[name] = max(value, spec.minimum or 0)
    out.update(LEAN.get(game_id, {}))
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


async def newest(peer: Peer, at_least: int, timeout: float = 10.0) -> Msg:
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
    for _ in range(max_steps):
        view = state["view"]
        if view["status"] != "playing":
            break
        movers = [s for s in view["to_move"] if s in t.people]
        if not movers:  # computer players or the clock are to move: wait for them
            state = await newest(t.watcher, state["version"] + 1)
            continue
        k, rng = rng.below(len(movers))
        seat = movers[k]
        person = t.people[seat]
        mine = await newest(person, state["version"])
        codes = [m["code"] for m in mine["view"]["moves"].get(str(seat), ())]
        if not codes:  # the person has seen the table move on: so will the watcher
            state = await newest(t.watcher, max(mine["version"], state["version"] + 1))
            continue
        k, rng = rng.below(len(codes))
        if seat == t.behind and t.advisor is not None and k % 2 == 0:
            seen = await newest(t.advisor, mine["version"])
            offered = [m["code"] for m in seen["view"]["moves"].get(str(seat), ())]
            if seen["version"] == mine["version"] and codes[k] in offered:
                got = await t.advisor.call("propose", room=t.room, version=mine["version"],
                                           move=codes[k])
                if got["type"] == "ok":
                    reply = await person.call("take", room=t.room, version=mine["version"],
                                              move=codes[k])
                    state = await _after(t, mine, reply)
                    continue
        reply = await person.call("move", room=t.room, version=mine["version"],
                                  move=codes[k])
        state = await _after(t, mine, reply)
    return state


async def _after(t: Table, mine: Msg, reply: Msg) -> Msg:
    """The watcher's state once it shows what the person's move (or its refusal) saw."""
    if reply["type"] == "ok":
        return await newest(t.watcher, reply["version"])
    # the table had moved past what the person saw (a computer player, the clock, a
    # faster call): the watcher will see that too
    assert reply["code"] in RACES | {"advice/no_proposal"}, reply
    return await newest(t.watcher, mine["version"] + 1)


async def settle(t: Table) -> None:
    """Let every frame in flight arrive."""
    for peer, _ in t.audiences:
        await peer.quiet(0.05)


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
    secret = set() if kind == "record" else secret_cards(room.game, at, audience)
    events = [msg["last"]] if kind == "state" and msg["last"] else []
    if kind == "resumed" and msg.get("events"):
        events += msg["events"]
        # what was missed is told as it was: each event judged at its own position (a card
        # turned up then and since turned down was seen by everyone)
        for e in msg["events"]:
            assert_hides(e, secret_cards(room.game, room.play.states[e["version"]],
                                         audience), room.seed, where)
        msg = {**msg, "events": None}
    assert_hides(msg, secret, None if over else room.seed, where)
    if room.game.description.moves_public:
        return
    for e in events:  # a move's code reaches its own seat only
        assert e.get("move") is None or e.get("seat") == audience, (where, e)
    if kind == "state":
        assert set(msg["view"]["moves"]) <= {str(audience)}, (where, msg["view"]["moves"])
    if kind == "proposals":
        assert audience is not None, where
