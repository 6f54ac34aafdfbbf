"""``python -m bench.profiled OUT ARGS...``: ``sympathy ARGS...`` under cProfile, timed by
the process's CPU time (not the wall clock, which on a shared machine counts the time
the server waits for a core), the figures written to ``OUT`` when it stops."""

from __future__ import annotations

import cProfile
import sys
import time

from cli.main import main

if __name__ == "__main__":
    profiler = cProfile.Profile(time.process_time)
    try:
        profiler.runcall(main, sys.argv[2:])
    finally:
        profiler.dump_stats(sys.argv[1])
