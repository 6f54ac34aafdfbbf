"""The page's HTTP routes on the server's port: types, security headers, no stray files."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request

from server.web import CSP, pages
from tests.kit.browser import ON_THE_BROWSERS_LOOP
from tests.kit.peer import Peer
from tests.kit.server import Running


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


async def fetch(site: str, path: str) -> tuple[int, dict[str, str], bytes]:
    return await asyncio.to_thread(get, site + path)


@ON_THE_BROWSERS_LOOP
async def test_lobby_room_and_assets_have_their_types_and_the_policy(site: str) -> None:
    for path, kind in [("/", "text/html"), ("/r/K3MX9Q", "text/html"),
                       ("/static/app.js", "text/javascript"),
                       ("/static/msgpack.js", "text/javascript"),
                       ("/static/style.css", "text/css"), ("/favicon.ico", "image/svg+xml")]:
        status, headers, body = await fetch(site, path)
        assert status == 200, path
        assert headers["Content-Type"].startswith(kind), (path, headers["Content-Type"])
        assert headers["Content-Security-Policy"] == CSP
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert body
    _, _, html = await fetch(site, "/r/K3MX9Q")
    assert b'<script type="module" src="/static/app.js">' in html
    assert b"http" not in html.replace(b"http-equiv", b""), "the page names no outside address"


def test_the_policy_allows_only_the_servers_own_scripts_and_socket() -> None:
    rules = dict(part.strip().split(" ", 1) for part in CSP.split(";"))
    assert rules["default-src"] == "'none'"
    assert rules["script-src"] == "'self'"
    assert rules["connect-src"] == "'self'"
    assert "unsafe" not in CSP


def test_no_asset_names_an_outside_address() -> None:
    for name, (body, _) in pages().files.items():
        # the SVG namespace is a name, not an address; the only URL the page builds is
        # its own server's (location.host)
        text = body.decode().replace("http://www.w3.org/2000/svg", "")
        for scheme in ("http://", "https://", "//fonts.", "//cdn", "@import"):
            assert scheme not in text, (name, scheme)


@ON_THE_BROWSERS_LOOP
async def test_unknown_and_sneaky_paths_are_refused(site: str) -> None:
    for path in ["/static/nope.js", "/static/../server/app.py", "/static/%2e%2e/pyproject.toml",
                 "/static/index.html/x", "/static/"]:
        status, _, body = await fetch(site, path)
        assert status == 404, path
        assert b"import" not in body
    status, _, _ = await fetch(site, "/r/not-a-code!")
    assert status == 426  # not a page: the websocket endpoint answers


@ON_THE_BROWSERS_LOOP
async def test_the_websocket_still_opens_on_the_pages_paths(server: Running) -> None:
    for path in ["/", "/r/K3MX9Q", "/static/app.js"]:
        peer = await Peer.connect(server.url + path, name="Ann")
        assert (await peer.call("ping"))["type"] == "pong"
        await peer.close()
    status, _, body = await fetch(f"http://127.0.0.1:{server.port}", "/healthz")
    assert (status, body) == (200, b"ok\n")
