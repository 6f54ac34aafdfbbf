"""``python -m bench.profiled OUT ARGS...``: ``sympathy ARGS...`` under cProfile, timed by
the process's CPU time (not the wall clock, which on a shared machine counts the time
the server waits for a core), from SIGUSR1 to SIGUSR2 (the load's window: not the
imports of its start nor its clients leaving); the figures are written to ``OUT`` when
it stops."""

from __future__ import annotations

import cProfile
import signal
import sys
import time

from cli.main import main

if __name__ == "__main__":
    profiler = cProfile.Profile(time.process_time)
    signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())
    signal.signal(signal.SIGUSR2, lambda *_: profiler.disable())
    try:
        main(sys.argv[2:])
    finally:
        profiler.disable()
        profiler.dump_stats(sys.argv[1])
