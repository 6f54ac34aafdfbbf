"""Every pinned configuration still plays its fixed seeded playouts exactly as pinned.

The digests (``pins.json``, written by ``scripts/pin-playouts``) were taken before the
solo shells were folded into one (the round games' later); see :mod:`tests.kit.pins`
for what they cover.
"""

from __future__ import annotations

import pytest

from tests.kit.pins import current_configs, load, pin, round_configs

PINNED = load()
CONFIGS = current_configs()


def test_every_round_configuration_is_pinned() -> None:
    # the round games' pins are cheap, so each size of table and option choice has one
    # (a new round game or option is pinned by scripts/pin-playouts)
    missing = sorted(set(round_configs()) - set(PINNED))
    assert not missing, f"not pinned: {', '.join(missing)}"


@pytest.mark.parametrize("cid", sorted(PINNED))
def test_playouts_are_as_pinned(cid: str) -> None:
    assert cid in CONFIGS, f"{cid} is pinned but no longer registered"
    got = pin(CONFIGS[cid])
    for layer in ("play", "text", "table"):
        assert got[layer] == PINNED[cid][layer], f"{cid}: the {layer} digest changed"
