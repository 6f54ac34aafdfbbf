"""Room logic without sockets: seats, moves, advice, host controls, fairness."""

from __future__ import annotations

from typing import Any

import pytest

from protocol.errors import ProtocolError
from protocol.limits import Limits
from rules import Record
from server import fairness
from server.room import ADVISOR, CODE_ALPHABET, PLAYER, WATCHER, Policy
from tests.kit.rooms import Live, live


def room(game: str = "sympathy", options: dict[str, Any] | None = None,
         **policy: Any) -> Live:
    return live(game, options or {}, 42, Policy(**policy))


def code_of(err: pytest.ExceptionInfo[ProtocolError]) -> str:
    return err.value.code


def test_join_codes_read_aloud_well() -> None:
    assert not set("01OIL") & set(CODE_ALPHABET)
    r = room()
    assert len(r.code) == 6 and set(r.code) <= set(CODE_ALPHABET)


def test_two_players_take_the_two_seats_and_then_the_room_is_full() -> None:
    r = room()
    a, token_a = r.add_member(PLAYER, "Ann")
    b, _ = r.add_member(PLAYER, "Bea")
    assert (a.seats, b.seats) == ((0,), (1,))
    assert r.host == a.id
    with pytest.raises(ProtocolError) as err:
        r.add_member(PLAYER, "Cy")
    assert code_of(err) == "room/full"
    assert r.by_token(token_a) is a
    assert a.token_hash != token_a  # only the hash is kept


def test_one_person_may_hold_both_seats() -> None:
    r = room()
    a, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    assert a.seats == (0, 1)
    r.move(a.id, 0, "open", 1.0)  # B's opening, then A's turn: the same person
    assert r.play.state.to_move == 0
    r.move(a.id, 1, r.game.legal_moves(r.play.state, 0)[0].code, 2.0)


def test_a_move_needs_the_seat_the_version_and_the_rules() -> None:
    r = room()
    a, _ = r.add_member(PLAYER, "Ann")
    b, _ = r.add_member(PLAYER, "Bea")
    w, _ = r.add_member(WATCHER, "Wes")
    cases = [(a.id, 0, "open", "move/not_your_turn"), (w.id, 0, "open", "auth/denied"),
             (b.id, 3, "open", "move/stale"), (b.id, 0, "t1", "move/illegal")]
    for who, version, move, expected in cases:
        with pytest.raises(ProtocolError) as err:
            r.move(who, version, move, 1.0)
        assert code_of(err) == expected
        assert r.version == 0 and r.log == []
    fx = r.move(b.id, 0, "open", 1.0)
    assert fx.state and r.version == 1 and r.log[0]["by"] == "Bea"


def test_views_of_watchers_and_players_never_carry_the_seed() -> None:
    r = room()
    r.add_member(PLAYER, "Ann")
    for audience in (None, 0, 1):
        msg = r.state_message(audience)
        assert msg["fair"] == {"commitment": r.commitment}
        assert "42" not in repr(msg["view"])
    with pytest.raises(ProtocolError) as err:
        r.record()
    assert code_of(err) == "record/not_available"


def play_out(r: Live, member: str) -> None:
    while not r.over:
        seat = r.game.to_move(r.play.state)[0]
        m = r.game.legal_moves(r.play.state, seat)[0]
        r.move(member, r.version, m.code, 5.0)


def test_the_seed_is_revealed_at_the_end_and_the_record_replays() -> None:
    r = room()
    a, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    play_out(r, a.id)
    fair = r.state_message(None)["fair"]
    assert fair["seed"] == 42
    assert fairness.verify("sympathy", fair["salt"], fair["seed"], fair["commitment"])
    rec = r.record()
    replay = Record(rec["game"], tuple(sorted(rec["options"].items())), rec["seed"],
                    tuple((m["seat"], m["move"]) for m in rec["moves"])).replay()
    assert replay.state == r.play.state
    assert all(m["by"] == "Ann" and "at" in m for m in rec["moves"])


def test_advice_is_checked_merged_counted_and_credited() -> None:
    r = room()
    p, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    x, _ = r.add_member(ADVISOR, "Xan")
    y, _ = r.add_member(ADVISOR, "Yu")
    w, _ = r.add_member(WATCHER, "Wes")
    r.move(p.id, 0, "open", 1.0)
    with pytest.raises(ProtocolError) as err:
        r.propose(x.id, 1, "t99", 2.0)
    assert code_of(err) == "advice/illegal"
    with pytest.raises(ProtocolError) as err:
        r.propose(w.id, 1, "t3", 2.0)
    assert code_of(err) == "advice/not_allowed"
    r.propose(x.id, 1, "t3", 2.0)
    r.propose(y.id, 1, "t3", 2.5)
    r.propose(y.id, 1, "t5", 3.0)
    msg = r.proposals_message()
    assert [(i["move"], i["votes"], i["by"]) for i in msg["items"]] == [
        ("t3", 2, ["Xan", "Yu"]), ("t5", 1, ["Yu"])]
    assert msg["items"][0]["text"] == "A turns up the top of packet 3"
    with pytest.raises(ProtocolError) as err:
        r.take(p.id, 1, "t7", 4.0)
    assert code_of(err) == "advice/no_proposal"
    fx = r.take(p.id, 1, "t3", 4.0)
    assert fx.proposals and r.proposals == {}  # proposals lapse when the position changes
    assert r.log[-1]["advised_by"] == ["Xan", "Yu"] and r.log[-1]["by"] == "Ann"
    # a proposed move played by its own key, not by taking the proposal, is advice taken
    # too; the move nobody proposed is not, and the proposal left is kept as left
    r.propose(x.id, 2, "t5", 5.0)
    r.propose(y.id, 2, "t6", 5.5)
    r.move(p.id, 2, "t5", 6.0)
    assert r.log[-1]["advised_by"] == ["Xan"]
    assert r.log[-1]["left"] == [{"move": "t6", "by": ["Yu"]}]
    r.move(p.id, 3, r.game.legal_moves(r.play.state, r.game.to_move(r.play.state)[0])[0].code,
           7.0)
    assert r.log[-1]["advised_by"] == [] and r.log[-1]["left"] == []


def test_vote_mode_plays_the_most_proposed_move_on_request_or_in_time() -> None:
    r = room(advice_mode="vote", vote_after=10)
    p, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    x, _ = r.add_member(ADVISOR, "Xan")
    y, _ = r.add_member(ADVISOR, "Yu")
    r.move(p.id, 0, "open", 1.0)
    r.propose(x.id, 1, "t2", 100.0)
    r.propose(y.id, 1, "t4", 101.0)
    r.propose(x.id, 1, "t4", 102.0)
    assert r.tick(105.0) is None
    fx = r.tick(110.5)
    assert fx is not None and fx.state
    assert r.log[-1]["move"] == "t4" and r.log[-1]["by"] == "the vote"
    r2 = room(advice_mode="vote")
    p2, _ = r2.add_member(PLAYER, "Ann", all_seats=True)
    a2, _ = r2.add_member(ADVISOR, "Xan")
    r2.move(p2.id, 0, "open", 1.0)
    r2.propose(a2.id, 1, "t6", 2.0)
    assert r2.tick(10_000.0) is None  # no timer: only when the player asks
    r2.vote(p2.id, 1, 3.0)
    assert r2.log[-1]["move"] == "t6" and r2.log[-1]["advised_by"] == ["Xan"]


def test_advice_policies() -> None:
    r = room(advice="nobody")
    r.add_member(PLAYER, "Ann")
    with pytest.raises(ProtocolError) as err:
        r.add_member(ADVISOR, "Xan")
    assert code_of(err) == "advice/not_allowed"
    r = room(advice="invited")
    p, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    x, _ = r.add_member(ADVISOR, "Xan")
    with pytest.raises(ProtocolError):
        r.propose(x.id, 0, "open", 1.0)
    with pytest.raises(ProtocolError) as err:
        r.invite(x.id, x.id)
    assert code_of(err) == "auth/denied"
    r.invite(p.id, x.id)
    r.propose(x.id, 0, "open", 1.0)


def test_undo_follows_the_table_policy_and_never_passes_a_reveal() -> None:
    r = room("sympathy", {"packets": 2}, undo="on")
    p, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    r.move(p.id, 0, "open", 1.0)
    with pytest.raises(ProtocolError) as err:
        r.undo(p.id, 1)
    assert code_of(err) == "move/undo_refused"  # "open" showed cards
    r = room("sympathy", {"packets": 2}, undo="past_reveal")
    p, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    r.move(p.id, 0, "open", 1.0)
    r.undo(p.id, 1)
    assert r.version == 2 and r.log == [] and r.play.state == r.game.deal(42)
    r = room(undo="off")
    p, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    r.move(p.id, 0, "open", 1.0)
    with pytest.raises(ProtocolError, match="Undo is off"):
        r.undo(p.id, 1)


def test_host_controls() -> None:
    r = room()
    h, _ = r.add_member(PLAYER, "Host")
    b, token_b = r.add_member(PLAYER, "Bea")
    w, _ = r.add_member(WATCHER, "Wes")
    with pytest.raises(ProtocolError) as err:
        r.kick(b.id, w.id)
    assert code_of(err) == "auth/denied"
    r.lock(h.id, True)
    with pytest.raises(ProtocolError) as err:
        r.add_member(WATCHER, "Late")
    assert code_of(err) == "room/locked"
    r.lock(h.id, False)
    # hand B's seat to the watcher: Bea becomes an advisor
    r.set_role(h.id, w.id, PLAYER, 1)
    w, b = r.members[w.id], r.members[b.id]
    assert w.seats == (1,) and b.role == ADVISOR and b.seats == ()
    fx = r.kick(h.id, b.id)
    assert fx.detach == [b.id] and b.id not in r.members
    with pytest.raises(ProtocolError) as err:
        r.by_token(token_b)
    assert code_of(err) == "auth/bad_token"
    fx = r.close(h.id, 9.0)
    assert fx.closed and set(fx.detach) == {h.id, w.id} and r.closed
    assert r.empty_since == 9.0 and not any(m.connected for m in r.members.values())
    with pytest.raises(ProtocolError) as err:
        r.add_member(WATCHER, "Late")
    assert code_of(err) == "room/closed"


def test_the_host_hands_the_host_role_to_someone_in_the_room() -> None:
    r = room()
    h, _ = r.add_member(PLAYER, "Host")
    b, _ = r.add_member(PLAYER, "Bea")
    w, _ = r.add_member(WATCHER, "Wes")
    refused = [(b.id, w.id, "auth/denied"),  # only the host hands it on
               (h.id, "nobody", "member/not_found"),
               (h.id, h.id, "host/cannot_pass")]
    r.disconnect(w.id, 2.0)
    refused.append((h.id, w.id, "host/cannot_pass"))  # Wes is away
    for who, target, code in refused:
        before = r.room
        with pytest.raises(ProtocolError) as err:
            r.set_host(who, target)
        assert code_of(err) == code and r.room is before, (who, target)
    fx = r.set_host(h.id, b.id)
    assert r.host == b.id and fx.presence and fx.reply == {}
    msg = r.presence_message()
    assert msg["host"] == b.id
    assert [m["name"] for m in msg["members"] if m["host"]] == ["Bea"]
    # seats and roles stay; the old host is now like anyone else
    assert r.members[h.id].seats == (0,) and r.members[b.id].seats == (1,)
    with pytest.raises(ProtocolError) as err:
        r.lock(h.id, True)
    assert code_of(err) == "auth/denied"
    r.lock(b.id, True)
    r.leave(h.id, 3.0)
    assert h.id not in r.members  # a host who leaves stays; Ann is no longer the host
    r.connect(w.id, "", 4.0)
    r.set_host(b.id, w.id)
    assert r.host == w.id


def test_a_computer_player_is_never_made_host() -> None:
    r = room("old_maid", {"players": 3})
    h, _ = r.add_member(PLAYER, "Host")
    r.add_bot(h.id, None)
    bot = next(m for m in r.members.values() if m.bot)
    with pytest.raises(ProtocolError) as err:
        r.set_host(h.id, bot.id)
    assert code_of(err) == "host/cannot_pass" and r.host == h.id


def test_chat_is_cleaned_and_capped() -> None:
    r = room()
    a, _ = r.add_member(PLAYER, "Ann\x1b[31m\u202e")
    assert a.name == "Ann"  # the whole escape sequence goes, not only ESC
    fx = r.chat(a.id, "hi \x1b]0;pwned\x07 there" + "x" * 1000, 1.0)
    assert fx.chat is not None
    assert "\x1b" not in fx.chat["text"] and "\x07" not in fx.chat["text"]
    assert len(fx.chat["text"]) == Limits().max_chat
    with pytest.raises(ProtocolError):
        r.chat(a.id, "\x00\x01", 1.0)


def test_events_since_gives_the_gap_or_asks_for_a_snapshot() -> None:
    r = live("sympathy", {}, 42, Policy(), Limits(event_log=3), now=0.0)
    a, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    for _ in range(5):
        seat = r.game.to_move(r.play.state)[0]
        r.move(a.id, r.version, r.game.legal_moves(r.play.state, seat)[0].code, 1.0)
    assert r.events_since(5) == []
    assert [e["version"] for e in r.events_since(3) or []] == [4, 5]
    assert r.events_since(1) is None  # the log keeps 3 events: a snapshot instead
    assert r.events_since(9) is None


def test_presence_lists_members_and_counts() -> None:
    r = live("sympathy", {}, 1, Policy(), Limits(presence_list=3), now=0.0)
    r.add_member(PLAYER, "Ann")
    r.add_member(ADVISOR, "Xan")
    for i in range(5):
        r.add_member(WATCHER, f"w{i}")
    w5, _ = r.add_member(WATCHER, "w5")
    r.set_role(r.host, w5.id, ADVISOR, None)
    msg = r.presence_message()
    # players and advisors first, then the first watchers to arrive, three in all
    assert [m["name"] for m in msg["members"]] == ["Ann", "Xan", "w5"]
    assert msg["counts"] == {"player": 1, "advisor": 2, "watcher": 5, "connected": 8}
    r.kick(r.host, w5.id)
    assert [m["name"] for m in r.presence_message()["members"]] == ["Ann", "Xan", "w0"]
    # the rest by name on request, in order of arrival
    page = r.members_page(2)
    assert [m["name"] for m in page["members"]] == ["w0", "w1", "w2"]
    assert (page["offset"], page["total"]) == (2, 7)
    assert r.members_page(6)["members"][0]["name"] == "w4"


def test_members_of_a_dead_process_are_shown_away() -> None:
    r = room()
    a, _ = r.add_member(PLAYER, "Ann")
    b, _ = r.add_member(PLAYER, "Bea")
    r.connect(a.id, "n1", 1.0)
    r.connect(b.id, "n2", 1.0)
    assert not r.drop_nodes({"n9"}, 2.0).presence
    fx = r.drop_nodes({"n2"}, 2.0)
    a, b = r.members[a.id], r.members[b.id]
    assert fx.presence and (a.connected, b.connected) == (True, False) and b.node == ""
    assert r.empty_since is None
    r.drop_nodes({"n1"}, 3.0)
    assert r.empty_since == 3.0
