"""Stopping cleanly on Ctrl-C (SIGINT) and SIGTERM.

The first signal only asks to stop: long commands call :func:`checkpoint` at
safe points (between parts, before writing) and stop there, so no library is
interrupted half-way through initialising itself (pikepdf's C extension turns
a KeyboardInterrupt during its import into an ImportError) and no output is
half-written.  A second signal stops at once.

Commands that only read and print (``validate``, ``score``, …) call
:func:`immediate`: the first signal stops them at once.  Code that must not be
cut between two steps (the two renames that swap an output folder) runs
inside :func:`held`: a signal arriving there is kept, and acted on when the
block ends.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager

_state = {"signal": 0, "immediate": False, "hold": 0, "pending": False}


def _handler(signum, frame):
    stop_now = bool(_state["signal"]) or _state["immediate"]
    if not _state["signal"]:
        _state["signal"] = signum
    if stop_now:
        if _state["hold"]:
            _state["pending"] = True  # raised when the held block ends
            return
        raise KeyboardInterrupt


def install() -> dict:
    """Route SIGINT and SIGTERM to the stop request (main thread only); clear
    any earlier request.  Returns the previous handlers for :func:`restore`."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    if previous[signal.SIGINT] is not _handler:  # already ours (python -m printkit): keep a pending request
        _state.update(signal=0, immediate=False, hold=0, pending=False)
    for sig in previous:
        signal.signal(sig, _handler)
    return previous


def restore(previous: dict) -> None:
    """Put back the handlers :func:`install` replaced."""
    for sig, handler in previous.items():
        signal.signal(sig, handler)
    if previous:
        _state.update(immediate=False, hold=0, pending=False)


def requested() -> bool:
    """True once a stop was asked for."""
    return bool(_state["signal"])


def checkpoint() -> None:
    """Raise ``KeyboardInterrupt`` here if a stop was asked for."""
    if _state["signal"]:
        raise KeyboardInterrupt


def wait_ready(stream_or_fd, *, write: bool = False) -> None:
    """Wait at most 0.1 s for a non-blocking descriptor (an ``int``, or a
    stream's ``fileno()``) to take a write (``write``) or have data or its
    end to read, then :func:`checkpoint` (a stop request honoured between
    waits).  A stream with no descriptor waits 0.05 s instead."""
    import select
    import time

    try:
        fd = stream_or_fd if isinstance(stream_or_fd, int) else stream_or_fd.fileno()
        readers, writers = ([], [fd]) if write else ([fd], [])
        select.select(readers, writers, [], 0.1)
    except (OSError, ValueError, AttributeError):  # no descriptor to wait on
        time.sleep(0.05)
    checkpoint()


def immediate() -> None:
    """From now on the first signal stops at once (``KeyboardInterrupt``
    where the code is): for commands that read and print and write nothing
    but, at the very end, one whole file.  A stop already asked for is
    raised here."""
    if threading.current_thread() is threading.main_thread():  # signals reach the main thread only
        _state["immediate"] = True
    checkpoint()


@contextmanager
def held():
    """Run the block whole: a signal that would stop at once inside it is
    kept and raised (``KeyboardInterrupt``) when the block ends.  The first
    signal of a deferred command stays a request either way (see
    :func:`checkpoint`)."""
    _state["hold"] += 1
    try:
        yield
    finally:
        _state["hold"] -= 1
        if not _state["hold"] and _state["pending"]:
            _state["pending"] = False
            raise KeyboardInterrupt
