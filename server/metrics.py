"""Process metrics in the Prometheus text format (``GET /metrics``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from . import gc_policy

#: Fan-out latency buckets, seconds.
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)


class Metrics:
    def __init__(self) -> None:
        self.connections = 0
        self.connections_total = 0
        self.moves = 0
        self.frames_in = 0
        self.frames_out = 0
        self.resyncs = 0
        self.dropped = 0
        #: Moves computer players and the tables' clocks made here, and due moves tried
        #: and found already made (by another process) or overtaken.
        self.due_played = 0
        self.due_noops = 0
        self.errors: Counter[str] = Counter()
        self.fanout_buckets = [0] * len(BUCKETS)
        self.fanout_count = 0
        self.fanout_sum = 0.0
        #: More figures, each ``(name, kind, value)`` (the pool of workers: server.pool).
        self.more: Callable[[], list[tuple[str, str, float]]] = list

    def observe_fanout(self, seconds: float) -> None:
        self.fanout_count += 1
        self.fanout_sum += seconds
        for i, bound in enumerate(BUCKETS):
            if seconds <= bound:
                self.fanout_buckets[i] += 1

    def render(self, rooms: Callable[[], int]) -> str:
        lines = [
            "# TYPE sympathy_connections gauge", f"sympathy_connections {self.connections}",
            "# TYPE sympathy_connections_total counter",
            f"sympathy_connections_total {self.connections_total}",
            "# TYPE sympathy_rooms gauge", f"sympathy_rooms {rooms()}",
            "# TYPE sympathy_moves_total counter", f"sympathy_moves_total {self.moves}",
            "# TYPE sympathy_frames_in_total counter", f"sympathy_frames_in_total {self.frames_in}",
            "# TYPE sympathy_frames_out_total counter",
            f"sympathy_frames_out_total {self.frames_out}",
            "# TYPE sympathy_resyncs_total counter", f"sympathy_resyncs_total {self.resyncs}",
            "# TYPE sympathy_dropped_clients_total counter",
            f"sympathy_dropped_clients_total {self.dropped}",
            "# TYPE sympathy_due_moves_total counter",
            f"sympathy_due_moves_total {self.due_played}",
            "# TYPE sympathy_due_noops_total counter",
            f"sympathy_due_noops_total {self.due_noops}",
            "# TYPE sympathy_errors_total counter",
        ]
        lines += [f'sympathy_errors_total{{code="{c}"}} {n}'
                  for c, n in sorted(self.errors.items())]
        lines.append("# TYPE sympathy_fanout_seconds histogram")
        for bound, n in zip(BUCKETS, self.fanout_buckets, strict=True):
            lines.append(f'sympathy_fanout_seconds_bucket{{le="{bound}"}} {n}')
        lines += [f'sympathy_fanout_seconds_bucket{{le="+Inf"}} {self.fanout_count}',
                  f"sympathy_fanout_seconds_sum {self.fanout_sum:.6f}",
                  f"sympathy_fanout_seconds_count {self.fanout_count}"]
        for name, kind, value in [*self.more(), *gc_policy.figures()]:
            lines += [f"# TYPE {name} {kind}", f"{name} {value:g}"]
        return "\n".join(lines) + "\n"
