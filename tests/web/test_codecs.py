"""The page's own MessagePack codec and SHA-256, run in Chromium against Python's."""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack
from playwright.async_api import Browser

from server.fairness import commitment
from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person

pytestmark = ON_THE_BROWSERS_LOOP

JS_FROM_BYTES = """async ([mod, hex]) => {
  const m = await import(mod);
  const bytes = new Uint8Array(hex.match(/../g).map((x) => parseInt(x, 16)));
  const v = m.decode(bytes);
  const out = m.encode(v);
  return [JSON.stringify(v, (k, x) => typeof x === "bigint" ? `big:${x}` : x),
          Array.from(out, (b) => b.toString(16).padStart(2, "0")).join("")];
}"""


async def test_msgpack_round_trips_what_the_server_sends(browser: Browser, site: str) -> None:
    page = (await Person.open(browser, f"{site}/")).page
    values: list[Any] = [
        {"type": "state", "version": 7, "seed": 2**64 - 1, "big": 2**53 + 1, "neg": -(2**63),
         "small": -5, "f": 0.5, "ok": True, "none": None, "text": "A turns up 6♠ — ✓",
         "list": list(range(20)), "long": "x" * 300, "map": {str(i): i for i in range(20)}},
        {"__proto__": {"polluted": 1}, "bin": b"\x00\x01"},
        [2**31, 2**32, -(2**31) - 1, 65535, 65536, 255, 256, -32, -33, -129],
    ]
    for value in values:
        packed = msgpack.packb(value)
        text, again = await page.evaluate(JS_FROM_BYTES, ["/static/msgpack.js", packed.hex()])
        back = msgpack.unpackb(bytes.fromhex(again))
        assert back == value
        if isinstance(value, dict) and "seed" in value:
            assert '"seed":"big:18446744073709551615"' in text
            assert '"big":"big:9007199254740993"' in text
    assert await page.evaluate("({}).polluted") is None


async def test_sha256_and_the_deal_check_agree_with_the_server(
        browser: Browser, site: str) -> None:
    page = (await Person.open(browser, f"{site}/")).page
    for text in ["", "abc", "a" * 55, "a" * 56, "a" * 64, "a" * 119, "sympathy-deal:clock:ab:1",
                 "♠♥♦♣ " * 40]:
        plain = await page.evaluate(
            "async (t) => (await import('/static/fair.js'))"
            ".sha256Plain(new TextEncoder().encode(t))", text)
        subtle = await page.evaluate("async (t) => (await import('/static/fair.js')).sha256Hex(t)",
                                     text)
        assert plain == subtle == hashlib.sha256(text.encode()).hexdigest(), text
    seed = 2**64 - 2
    published = commitment("sympathy", "00ff", seed)
    check = """async ([seed, pub]) => (await import('/static/fair.js')).checkFair(
        'sympathy', {seed: BigInt(seed), salt: '00ff', commitment: pub})"""
    assert (await page.evaluate(check, [str(seed), published]))["ok"] is True
    assert (await page.evaluate(check, [str(seed - 1), published]))["ok"] is False
