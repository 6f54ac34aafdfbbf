"""Every role through the page: advisors propose by clicking, players take and play by key,
a reload resumes the seat, chat is text, and the host locks, kicks and closes."""

from __future__ import annotations

from playwright.async_api import Browser

from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person, open_room
from tests.kit.server import Running, until

pytestmark = ON_THE_BROWSERS_LOOP


async def advisor_joins(browser: Browser, site: str, code: str, name: str = "Xan") -> Person:
    """Someone opens the link (and watches), then clicks Advise."""
    xan = await Person.open(browser, f"{site}/r/{code}", name=name)
    await xan.wait_version(0)
    await xan.page.click(".actions button:has-text('Advise')")
    await xan.page.wait_for_selector(".actions h2:has-text('Propose a move')")
    await xan.wait_version(0)
    # the table answers an advisor's click once it shows the moves to propose (on a busy
    # machine a click could come before, and do nothing)
    await xan.page.wait_for_selector(".zone.actionable")
    return xan


async def test_an_advisors_click_becomes_a_proposal_the_player_takes(
        browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "picture", deal=5, advice="anyone")
    xan = await advisor_joins(browser, site, code)
    # Q♠ in picture place 1 may go to the king family of spades: one click on the card
    await xan.page.click('.zone[data-zone="p1"]')
    item = ann.page.locator('.proposals li[data-move="p1>f5"]')
    await item.wait_for()
    assert "by Xan" in await item.inner_text()
    await xan.page.locator('.proposals li[data-move="p1>f5"]').wait_for()  # advisors see it
    yan = await advisor_joins(browser, site, code, "Yan")  # seconds it: one more vote
    await yan.page.locator('.proposals li[data-move="p1>f5"] button.second').click()
    await ann.page.locator('.proposals li[data-move="p1>f5"]', has_text="2 votes").wait_for()
    assert "by Xan, Yan" in await item.inner_text()
    await item.locator("button.take").click()
    await ann.wait_version(1)
    assert "advised by Xan, Yan" in await ann.page.inner_text(".last")
    assert (await ann.zones())["f5"][1][-1] == "QS"
    await xan.wait_version(1)
    assert await xan.page.locator(".proposals li").count() == 0  # proposals lapse

    # the keyboard: u takes the move back, 1 plays the first move in the list
    await ann.page.keyboard.press("u")
    await ann.wait_version(2)
    assert "Undone" in await ann.page.inner_text(".last")
    assert (await ann.zones())["p1"][1] == ["QS"]
    first = await ann.page.locator(".actions button.move").first.get_attribute("data-move")
    await ann.page.keyboard.press("1")
    await ann.wait_version(3)
    assert await ann.page.evaluate("window.sympathy.s.last.move") == first
    assert ann.errors == [] and xan.errors == [] and yan.errors == []


async def test_a_reload_resumes_the_seat_and_no_token_is_in_the_url(
        browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "clock", deal=3)
    await ann.page.keyboard.press("1")
    await ann.wait_version(1)
    member = await ann.page.evaluate("window.sympathy.s.member")
    token = await ann.page.evaluate(
        f"JSON.parse(localStorage.getItem('sympathy.seat.{code}')).token")
    assert token and token not in ann.page.url
    sockets: list[str] = []
    ann.page.on("websocket", lambda ws: sockets.append(ws.url))
    await ann.page.reload()
    await ann.wait_version(1)
    # the page's websocket names the room (for a balancer that hashes on it), never a token
    assert sockets == [site.replace("http", "ws", 1) + f"/?room={code}"]
    await ann.page.wait_for_selector(".people li .name")
    assert await ann.page.evaluate("window.sympathy.s.member") == member
    assert await ann.page.evaluate("window.sympathy.s.role") == "player"
    assert (await ann.page.inner_text(".turn")).startswith("Your turn")
    assert "1 playing" in await ann.page.inner_text(".people")
    await ann.page.keyboard.press("1")  # and the seat still plays
    await ann.wait_version(2)
    # someone else opening the same link only watches
    bea = await Person.open(browser, f"{site}/r/{code}", name="Bea")
    await bea.wait_version(2)
    await bea.page.wait_for_selector(".actions h2:has-text('Watching')")
    assert "1 playing" in await bea.page.inner_text(".people")
    assert ann.errors == [] and bea.errors == []


async def test_chat_and_names_with_markup_are_shown_as_text(browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "clock")
    mal = await Person.open(browser, f"{site}/r/{code}", name="<i>Mal</i>")
    await mal.wait_version(0)
    line = '<img src=x onerror="window.pwned=1"><b>hi</b> & <script>window.pwned=2</script>'
    await mal.page.fill(".chat input", line)
    await mal.page.press(".chat input", "Enter")
    shown = ann.page.locator(".chat-lines li .text")
    await shown.wait_for()
    assert await shown.inner_text() == line
    assert await ann.page.inner_text(".chat-lines li .from") == "<i>Mal</i>"
    await ann.page.locator(".people .name", has_text="<i>Mal</i>").wait_for()
    for page in (ann.page, mal.page):
        assert await page.locator(".chat-lines img, .chat-lines b, .chat-lines script, "
                                  ".people i").count() == 0
        assert await page.evaluate("window.pwned") is None
    assert ann.errors == [] and mal.errors == []


async def test_the_host_locks_kicks_and_closes(browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "clock")
    bob = await Person.open(browser, f"{site}/r/{code}", name="Bob")
    await bob.wait_version(0)
    await ann.page.locator(".people .name", has_text="Bob").wait_for()

    await ann.page.click(".host button.lock")
    await ann.page.wait_for_selector(".host button.lock:has-text('Unlock')")
    cal = await Person.open(browser, f"{site}/r/{code}", name="Cal")
    await cal.page.wait_for_selector(".out:not([hidden])")
    assert "lock" in (await cal.page.inner_text(".out")).lower()
    await cal.page.locator(".out a.to-lobby").wait_for()  # a way back
    assert "Cal" not in await ann.page.inner_text(".people")
    await cal.close()

    bob_line = ann.page.locator(".people li", has_text="Bob")
    await bob_line.locator("button.kick").click()
    await bob.page.wait_for_selector(".out:has-text('removed you')")
    assert await bob.page.evaluate(f"localStorage.getItem('sympathy.seat.{code}')") is None
    await bob_line.wait_for(state="detached")

    dan_seen = await Person.open(browser, f"{site}/r/{code}", name="Dan")  # locked: no entry
    await dan_seen.page.wait_for_selector(".out:not([hidden])")
    await ann.page.click(".host button.lock")  # unlock
    await ann.page.wait_for_selector(".host button.lock:has-text('Lock the room')")
    dan = await Person.open(browser, f"{site}/r/{code}", name="Dan")
    await dan.wait_version(0)

    await ann.page.click(".host button.close")
    await ann.page.click("dialog.ask button.yes")  # the page asks first
    await dan.page.wait_for_selector(".out:has-text('closed')")
    assert ann.errors == [] and dan.errors == []


async def test_two_people_play_sympathy_each_from_a_link(browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "sympathy", deal=2)
    assert "B is to play, and nobody sits there yet" in await ann.page.inner_text(".turn")
    assert "Waiting for a partner" in await ann.page.inner_text(".waiting")
    bea = await Person.open(browser, f"{site}/r/{code}", name="Bea")
    await bea.wait_version(0)
    await bea.page.click(".actions button:has-text('Take a seat')")
    await bea.page.wait_for_selector(".turn:has-text('Your turn (B)')")
    await ann.page.wait_for_selector(".turn:has-text('To move: B, Bea')")
    assert "B: Bea" in await ann.page.inner_text(".table")
    await bea.page.keyboard.press("1")  # B turns up her packet tops first
    await ann.page.wait_for_selector(".turn:has-text('Your turn (A)')")
    await ann.wait_version(1)
    # Ann clicks her packet 1: the one move that touches it
    await ann.page.click('.zone[data-zone="A1"]')
    await bea.wait_version(2)
    assert "A turns up" in await bea.page.inner_text(".last")
    assert await bea.page.evaluate("window.sympathy.s.last.move") == "t1"
    assert (await bea.zones())["A1"][0] == 2  # one of its three cards came up
    assert ann.errors == [] and bea.errors == []


async def test_at_an_invited_table_the_host_lets_an_advisor_propose(
        browser: Browser, site: str, server: Running) -> None:
    ann, code = await open_room(browser, site, "picture", deal=5, advice="invited")
    xan = await advisor_joins(browser, site, code)
    await xan.page.click('.zone[data-zone="p1"]')
    await xan.page.wait_for_selector(".notice:not(:empty)")
    assert "advice" in (await xan.page.inner_text(".notice")).lower()
    assert await ann.page.locator(".proposals li").count() == 0
    xan_line = ann.page.locator(".people li", has_text="Xan")
    await xan_line.locator("button:has-text('Invite')").click()
    room = await ann.page.evaluate("window.sympathy.s.room")

    def invited() -> bool:
        r = server.app.store.cached(room)
        return r is not None and any(m.invited for m in r.members.values() if m.name == "Xan")

    # the invitation and the click travel on two connections: the click once the room
    # has the invitation
    await until(invited)
    await xan.page.click('.zone[data-zone="p1"]')
    await ann.page.locator('.proposals li[data-move="p1>f5"]').wait_for()
    assert ann.errors == [] and xan.errors == []


async def test_a_dropped_connection_comes_back_to_the_same_seat(
        browser: Browser, site: str, server: Running) -> None:
    ann, _ = await open_room(browser, site, "clock", deal=3)
    await ann.page.keyboard.press("1")
    await ann.wait_version(1)
    room, member = await ann.page.evaluate("[window.sympathy.s.room, window.sympathy.s.member]")
    conn = server.app.hub[room][member]
    assert conn.ws is not None
    await conn.ws.close(1011, "dropped by the test")
    await ann.page.wait_for_selector('.conn[data-state="offline"]', state="attached")
    await ann.page.wait_for_selector('.conn[data-state="connected"]', state="attached")
    await ann.page.wait_for_function("window.sympathy.s.member !== null")
    assert server.app.hub[room][member] is not conn  # a new connection holds the seat
    await ann.page.keyboard.press("1")
    await ann.wait_version(2)
    assert await ann.page.evaluate("window.sympathy.s.member") == member
    assert ann.errors == []


async def test_at_a_voting_table_the_player_plays_the_vote(browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "picture", deal=5, advice_mode="vote")
    xan = await advisor_joins(browser, site, code)
    await xan.page.click('.zone[data-zone="p6"]')  # Q♣ to the king family of clubs
    await ann.page.locator('.proposals li[data-move="p6>f8"]').wait_for()
    await ann.page.click(".actions button.vote")
    await ann.wait_version(1)
    assert await ann.page.evaluate("window.sympathy.s.last.move") == "p6>f8"
    assert "advised by Xan" in await ann.page.inner_text(".last")
    assert ann.errors == [] and xan.errors == []
