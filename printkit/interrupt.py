"""Stopping cleanly on Ctrl-C (SIGINT) and SIGTERM.

The first signal only asks to stop: long commands call :func:`checkpoint` at
safe points (between parts, before writing) and stop there, so no library is
interrupted half-way through initialising itself (pikepdf's C extension turns
a KeyboardInterrupt during its import into an ImportError) and no output is
half-written.  A second signal stops at once.
"""

from __future__ import annotations

import signal
import threading

_state = {"signal": 0}


def _handler(signum, frame):
    if _state["signal"]:
        raise KeyboardInterrupt
    _state["signal"] = signum


def install() -> dict:
    """Route SIGINT and SIGTERM to the stop request (main thread only); clear
    any earlier request.  Returns the previous handlers for :func:`restore`."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    if previous[signal.SIGINT] is not _handler:  # already ours (python -m printkit): keep a pending request
        _state["signal"] = 0
    for sig in previous:
        signal.signal(sig, _handler)
    return previous


def restore(previous: dict) -> None:
    """Put back the handlers :func:`install` replaced."""
    for sig, handler in previous.items():
        signal.signal(sig, handler)


def requested() -> bool:
    """True once a stop was asked for."""
    return bool(_state["signal"])


def checkpoint() -> None:
    """Raise ``KeyboardInterrupt`` here if a stop was asked for."""
    if _state["signal"]:
        raise KeyboardInterrupt
