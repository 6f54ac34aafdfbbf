"""``sympathy serve`` (what ``make serve`` runs) as a real process: it says where the
page is, not only the websocket (issue 26, item 10)."""

from __future__ import annotations

import asyncio
import re
import urllib.request

from tests.kit.processes import ServeProcess


async def test_serve_prints_the_pages_address_and_the_page_is_there() -> None:
    proc = await ServeProcess.start("memory")
    try:
        assert proc.proc.stdout is not None
        line = (await asyncio.wait_for(proc.proc.stdout.readline(), 60)).decode()
        found = re.fullmatch(r"sympathy: the page is at (http://127\.0\.0\.1:(\d+)/) "
                             r"\(open it in a browser to play\)\n", line)
        assert found, line
        assert proc.url == f"ws://127.0.0.1:{found[2]}"

        def fetch() -> str:
            with urllib.request.urlopen(found[1], timeout=10) as r:
                return str(r.read().decode())

        page = await asyncio.to_thread(fetch)
        assert "<html" in page.lower()
    finally:
        await proc.stop()
