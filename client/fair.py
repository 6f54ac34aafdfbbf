"""Check a finished deal ourselves: the seed's commitment, and that the record replays.

The server publishes ``sha256("sympathy-deal:<game>:<salt>:<seed>")`` when a deal starts
and reveals seed and salt when it ends. The client recomputes the hash and replays the
record's moves with :class:`rules.Record`; the replayed final position, drawn for the
same audience, must equal the last view the server sent.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules import Record, RulesError, render


def commitment(game: str, salt: str, seed: int) -> str:
    return hashlib.sha256(f"sympathy-deal:{game}:{salt}:{seed}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class FairCheck:
    """What the client found; ``replays`` is ``None`` when it had no record to replay."""

    seed: int | None
    commitment_ok: bool
    replays: bool | None
    why: str = ""

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.replays is not False


def check_commitment(game: str, fair: Mapping[str, Any]) -> bool:
    try:
        mine = commitment(game, str(fair["salt"]), int(fair["seed"]))
        return hmac.compare_digest(mine, str(fair["commitment"]))
    except (KeyError, TypeError, ValueError):
        return False


def check(fair: Mapping[str, Any], record: Mapping[str, Any] | None,
          view: Mapping[str, Any] | None, audience: int | None) -> FairCheck:
    """Check the revealed ``fair`` block, and replay ``record`` to ``view`` if given."""
    game = str((record or {}).get("game") or (view or {}).get("game", ""))
    seed = fair.get("seed")
    ok = check_commitment(game, fair)
    if record is None or view is None:
        return FairCheck(seed, ok, None, "" if ok else "the commitment does not match")
    if record.get("seed") != seed or record.get("commitment") != fair.get("commitment"):
        return FairCheck(seed, ok, False, "the record is for another deal")
    try:
        moves = tuple((int(m["seat"]), str(m["move"])) for m in record["moves"])
        rec = Record.new(game, dict(record.get("options") or {}), int(record["seed"]))
        play = Record(rec.game, rec.options, rec.seed, moves).replay()
        replayed = render(play.game, play.state, audience)
    except (RulesError, KeyError, TypeError, ValueError) as exc:
        return FairCheck(seed, ok, False, f"the record does not replay: {exc}")
    same = _plain(replayed) == _plain(view)
    return FairCheck(seed, ok, same, "" if same else "the replay ends in another position")


def _plain(value: Any) -> Any:
    """Tuples as lists and mappings as dicts, as they come back from MessagePack."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
