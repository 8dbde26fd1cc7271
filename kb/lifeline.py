"""Worker processes end with their parent, however the parent dies (``kill -9`` included).

A worker calls :func:`die_with_parent` first thing: on Linux the kernel sends it SIGKILL when the parent
dies (``prctl(PR_SET_PDEATHSIG)`` through ctypes); everywhere a daemon thread also polls the parent's pid
(the fallback for other systems, and for a parent that died between the fork and the ``prctl``).  Workers
that read a pipe from the parent also close the parent's ends they inherited, so the read ends in EOF
(``kb.ingest``)."""
from __future__ import annotations

import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1          # <linux/prctl.h>
POLL_SECONDS = 0.5


def die_with_parent(parent: int | None = None, poll: float = POLL_SECONDS) -> None:
    """Make this (child) process exit when ``parent`` (default: its parent now) is gone."""
    parent = parent or os.getppid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError, TypeError):      # no libc prctl: the poll below still works
            pass
    if os.getppid() != parent:                            # the parent died before the prctl took effect
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(poll)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="mtgkb-lifeline", daemon=True).start()
