"""The places others extend: one table of commands, one of table options, one of routes."""

from __future__ import annotations

import asyncio
import dataclasses
import re
import urllib.error
import urllib.request
from http import HTTPStatus

from websockets.http11 import Response

from protocol.messages import SCHEMAS, TABLE_OPTIONS
from server import http, web
from server.commands import ROOM_COMMANDS
from server.room import Policy
from server.sessions import SESSION_COMMANDS
from tests.kit.peer import Peer
from tests.kit.server import start, stop_server


def test_the_two_command_tables_name_exactly_the_protocols_messages() -> None:
    assert not set(SESSION_COMMANDS) & set(ROOM_COMMANDS)
    assert set(SESSION_COMMANDS) | set(ROOM_COMMANDS) == set(SCHEMAS)


def test_the_policy_has_one_field_per_table_option_with_its_default() -> None:
    fields = {f.name: f.default for f in dataclasses.fields(Policy)}
    assert fields == {name: spec.default for name, spec in TABLE_OPTIONS.items()}
    assert all(name in SCHEMAS["create"] for name in TABLE_OPTIONS)
    assert Policy.given({}) == Policy()
    assert Policy.given({"undo": "off"}).undo == "off"


async def test_a_route_added_to_the_table_is_served_and_websockets_open_on_any_path(
        ) -> None:
    def hello(app: http.Served, match: re.Match[str]) -> Response:
        return http.respond(HTTPStatus.OK, f"room {match['code']}\n")

    # ahead of the web page's own /r/CODE: the first route that matches answers
    mine = [http.at(r"/r/(?P<code>[A-Z0-9]+)", hello), *http.OPERATIONS, *web.ROUTES]
    server, stop, task = await start(routes=mine)
    try:
        def get(path: str) -> tuple[int, str]:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}",
                                            timeout=5) as r:
                    return r.status, r.read().decode()
            except urllib.error.HTTPError as exc:
                return exc.code, ""

        assert await asyncio.to_thread(get, "/r/ABC234") == (200, "room ABC234\n")
        assert (await asyncio.to_thread(get, "/nowhere"))[0] == 426  # websocket only
        peer = await Peer.connect(server.url + "/r/ABC234", "Ann")  # still the protocol
        assert (await peer.call("ping"))["type"] == "pong"
    finally:
        await stop_server(stop, task)
