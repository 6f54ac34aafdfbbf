"""The server harness lives in :mod:`tests.support`; these names stay for old imports."""

from __future__ import annotations

from ..support import Running, start

__all__ = ["Running", "start"]
