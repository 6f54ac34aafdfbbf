"""``next_deal``: the host deals again in the same room once a deal is over."""

from __future__ import annotations

import msgpack
import pytest

from client.fair import commitment
from client.session import ServerError, Session
from protocol.errors import ProtocolError
from protocol.limits import Limits
from server.room import PLAYER, Policy
from server.stores.room_codec import dump, load
from server.views import state_message
from tests.kit.rooms import Live, live
from tests.kit.server import Running, start, stop_server


def finish(r: Live, member: str) -> None:
    while not r.over:
        seat = r.game.to_move(r.play.state)[0]
        r.move(member, r.version, r.game.legal_moves(r.play.state, seat)[0].code, 1.0)


def test_only_the_host_and_only_once_the_deal_is_over() -> None:
    r = live("sympathy", {}, 42, Policy(), now=0.0)
    ann, _ = r.add_member(PLAYER, "Ann")
    _, _ = r.add_member(PLAYER, "Bea")
    before = (r.version, r.seed, r.commitment)
    with pytest.raises(ProtocolError) as err:
        r.next_deal(ann.id, False, 43)
    assert err.value.code == "move/not_over"
    assert (r.version, r.seed, r.commitment) == before
    r2 = live("wandering_card", {}, 5, Policy(), now=0.0)
    host, _ = r2.add_member(PLAYER, "Ann")
    finish(r2, host.id)
    guest, _ = r2.add_member("watcher", "Wes")
    with pytest.raises(ProtocolError) as err:
        r2.next_deal(guest.id, False, 6)
    assert err.value.code == "auth/denied"



@pytest.mark.parametrize("same", [False, True])
def test_a_new_deal_or_a_rematch_with_a_new_commitment_and_the_tally(same: bool) -> None:
    r = live("wandering_card", {}, 5, Policy(), now=0.0)
    ann, _ = r.add_member(PLAYER, "Ann")
    finish(r, ann.id)
    won = r.game.outcome(r.play.state).won
    assert r.state_message(0)["tally"] == {"deals": 1, "won": int(won)}
    old_seed, old_commitment, v = r.seed, r.commitment, r.version
    effects = r.next_deal(ann.id, same, 6)
    assert effects.state and effects.reply == {"version": v + 1}
    assert not r.over and r.log == [] and r.version == v + 1
    assert (r.seed == old_seed) is same
    assert r.commitment != old_commitment  # a new salt even for the same deal
    msg = r.state_message(0)
    assert msg["fair"] == {"commitment": r.commitment}  # the new seed stays secret
    assert msg["last"] is not None and msg["last"]["kind"] == "deal"
    assert msg["tally"] == {"deals": 1, "won": int(won)}  # the new deal is not over yet
    assert commitment("wandering_card", r.salt, r.seed) == r.commitment
    with pytest.raises(ProtocolError):
        r.record()
    back = load(msgpack.unpackb(msgpack.packb(dump(r.room))), Limits())  # the Redis record
    assert back.seed == r.seed and state_message(back, 0) == msg
    finish(r, ann.id)
    won2 = r.game.outcome(r.play.state).won
    assert r.state_message(None)["tally"] == {"deals": 2, "won": int(won) + int(won2)}


async def test_next_deal_over_the_wire() -> None:
    # a budget for a script playing a whole game at full speed, not a person
    server, stop, task = await start(Limits(rate=1000.0, burst=1000))
    try:
        await deal_twice(server)
    finally:
        await stop_server(stop, task)


async def deal_twice(server: Running) -> None:
    async with Session(server.url, "Ann") as ann, Session(server.url, "Bea") as bea:
        code = (await ann.create("wandering_card", deal=5))["code"]
        await bea.join(code, "advisor")
        with pytest.raises(ServerError) as err:
            await ann.next_deal()
        assert err.value.code == "move/not_over"
        await ann.wait_until(lambda t: t.view is not None)
        while not ann.table.over:
            v = ann.table.version
            await ann.move(ann.table.my_moves()[0]["code"])
            await ann.wait_until(lambda t, v=v: t.version > v)  # type: ignore[misc]
        await bea.wait_until(lambda t: t.over)
        with pytest.raises(ServerError) as err:
            await bea.next_deal()
        assert err.value.code == "auth/denied"
        ok = await ann.next_deal(same=True)
        await bea.wait_until(lambda t: t.version == ok["version"])
        assert not bea.table.over and bea.table.tally["deals"] == 1
        assert bea.table.last is not None and "the same deal again" in bea.table.last["text"]
        assert "seed" not in bea.table.fair
