"""One printkit run at a time per output folder.

Two runs writing into one folder at once (two ``printkit build`` into one
``--out``, a ``deck`` and a ``scorepad -o`` beside it, …) could leave one
run's files beside the other's, a kit half of each.  Every command that
writes takes :func:`folder_lock` on the folder it writes into first (through
:func:`printkit.build.out_folder` and :func:`printkit.pdf.write_output`): a
second run waits for the first to finish — one note on stderr, once — then
writes, so the folder always holds one whole run's output.

The lock is an OS advisory lock (``fcntl.flock``) on the folder's own file
descriptor: no lock file is made (nothing lands among the outputs), and the
system drops it when its process ends however it ends (``kill -9``
included), so no stale lock outlives a run.  A process holds a folder's lock
once however many times it asks (a deck's PDF written inside its ``--out``);
a process forked while holding it (a build's workers) does not keep it.
Where there is no ``fcntl`` (Windows), or the file system refuses the lock
(some network file systems), runs write unlocked, as before, with no error.

How long to wait is bounded: :data:`DEFAULT_WAIT` seconds, or the
environment variable ``PRINTKIT_LOCK_WAIT`` (seconds, ``0`` = do not wait);
then one line, exit 1, nothing written.  Ctrl-C while waiting stops cleanly
(:mod:`printkit.interrupt`).
"""

from __future__ import annotations

import math
import os
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from printkit import PrintkitError, UsageError, interrupt

#: The environment variable giving the most seconds to wait for another run.
WAIT_ENV = "PRINTKIT_LOCK_WAIT"
#: Seconds waited for another run by default (30 minutes: a stuck run does not hang CI forever).
DEFAULT_WAIT = 1800.0
#: Largest ``PRINTKIT_LOCK_WAIT`` accepted, in seconds (a week).
MAX_WAIT = 7 * 24 * 3600.0
#: Seconds between two tries at a busy folder's lock.
POLL = 0.05
#: Most bytes of ``/proc/locks`` read to name the process holding a lock.
PROC_LOCKS_BYTES = 1 << 20

#: Folders whose lock this process holds: (st_dev, st_ino) → [file descriptor, depth, pid].
_HELD: dict[tuple[int, int], list[int]] = {}
_GUARD = threading.Lock()


def _forget_in_child() -> None:
    """In a forked child: close its copies of the held folders' descriptors
    (never unlock: the lock belongs to the parent, whose copies keep it), so
    a worker that outlives a killed parent does not keep the folder locked."""
    for fd, *_ in _HELD.values():
        try:
            os.close(fd)
        except OSError:
            pass
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)


def wait_limit() -> float:
    """Seconds to wait for another run's lock: ``PRINTKIT_LOCK_WAIT`` (a
    number of seconds, 0 to :data:`MAX_WAIT`) or :data:`DEFAULT_WAIT` when
    unset or empty.  Raises :class:`printkit.UsageError` (exit 2) for any
    other value."""
    text = os.environ.get(WAIT_ENV, "").strip()
    if not text:
        return DEFAULT_WAIT
    try:
        value = float(text) if text.isascii() and len(text) <= 20 else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_WAIT:  # NaN too
        from printkit.inputfiles import show

        raise UsageError(f"{WAIT_ENV}: {show(text)} is not a number of seconds (0 to {MAX_WAIT:.0f}); "
                         "set it to how long to wait for another printkit run writing to the same folder, "
                         "e.g. 600, or unset it")
    return value


def _duration(seconds: float) -> str:
    if seconds >= 120:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds:g} s"


def holder_pid(fd: int) -> int | None:
    """The pid of the process holding an ``flock`` on the file open as
    ``fd``, read from Linux's ``/proc/locks`` (its first
    :data:`PROC_LOCKS_BYTES` bytes), or ``None`` (no ``/proc``, a process
    of another pid namespace, no such lock)."""
    try:
        st = os.fstat(fd)
        with open("/proc/locks", "rb") as fh:
            text = fh.read(PROC_LOCKS_BYTES)
    except OSError:
        return None
    device = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}".encode()
    by_inode = []
    for line in text.splitlines():
        fields = line.split()
        # "1: FLOCK  ADVISORY  WRITE 7818 fe:00:2565178 0 EOF"; a waiter's line has "->" after the number
        if len(fields) < 6 or fields[1] != b"FLOCK" or fields[3] != b"WRITE" or not fields[4].isdigit():
            continue
        pid, where = int(fields[4]), fields[5]
        if pid <= 0 or pid == os.getpid():
            continue
        if where == device:
            return pid
        if where.rsplit(b":", 1)[-1] == str(st.st_ino).encode():  # a file system that shows another device number
            by_inode.append(pid)
    return by_inode[0] if len(set(by_inode)) == 1 else None


def _open_folder(folder: Path) -> int | None:
    """A read-only descriptor of ``folder`` (close-on-exec), or ``None``
    when it cannot be opened (gone, unreadable: written unlocked)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        return os.open(folder, flags)
    except OSError:
        return None


def _same(folder: Path, fd: int) -> bool:
    """``folder`` still names the folder open as ``fd`` (not removed, nor
    replaced, by the run that held it)."""
    try:
        a, b = os.stat(folder), os.fstat(fd)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _shown(folder: Path) -> str:
    from printkit.inputfiles import escape_display

    return escape_display(str(folder))


def _who(fd: int) -> str:
    """`` (pid N)``: the run holding the lock on ``fd`` (:func:`holder_pid`), or ``""``."""
    pid = holder_pid(fd)
    return f" (pid {pid})" if pid else ""


def _note(text: str) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed or full: waiting needs no audience
        pass


#: Times :func:`folder_lock` looks again at a folder removed or replaced as it took its lock.
REOPEN_TRIES = 20


@contextmanager
def folder_lock(folder: Path, *, quiet: bool = False, remake: Callable[[], object] | None = None) -> Iterator[None]:
    """Hold ``folder``'s lock for the block: the only printkit run writing
    into it (see the module's description).

    ``folder`` must exist (``remake``, if given, makes it again when it was
    removed while this waited, e.g. by the run waited for, which removes a
    folder it made and left empty).  When another process holds the lock,
    one note goes to stderr (unless ``quiet``): ``note: waiting for another
    printkit run writing to OUT (pid N)…``; the lock is tried again every
    :data:`POLL` s.  Raises :class:`printkit.PrintkitError` (exit 1, nothing
    written) when the other run still holds it after :func:`wait_limit`
    seconds, :class:`printkit.UsageError` for a bad ``PRINTKIT_LOCK_WAIT``,
    and ``KeyboardInterrupt`` on a stop request while waiting
    (:func:`printkit.interrupt.checkpoint`).  Held already by this process:
    the block runs at once (released when the outermost block ends).
    Without ``fcntl``, or when the folder cannot be opened or locked, the
    block runs unlocked."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks of this kind; write as before
        yield
        return
    got = _acquire(fcntl, folder, quiet, remake)
    if got is None:  # cannot be opened or locked: unlocked, as without fcntl
        yield
        return
    key, held = got
    try:
        yield
    finally:
        _release(fcntl, key, held)


def _acquire(fcntl, folder: Path, quiet: bool, remake) -> tuple[tuple[int, int], list[int]] | None:
    """Take (or count again) ``folder``'s lock for :func:`folder_lock`:
    (its key in :data:`_HELD`, its entry there), or ``None`` (unlocked)."""
    limit: float | None = None
    start = time.monotonic()
    noted = False
    for _ in range(REOPEN_TRIES):
        fd = _open_folder(folder)
        if fd is None:
            return None
        try:
            st = os.fstat(fd)
            key = (st.st_dev, st.st_ino)
            with _GUARD:
                held = _HELD.get(key)
                if held is not None:  # this process's already: one lock, counted
                    held[1] += 1
            if held is not None:
                os.close(fd)
                fd = None
                return key, held
            if limit is None:
                limit = wait_limit()
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    pass
                except OSError:  # the file system does not lock (ENOLCK, EBADF on NFS …): unlocked
                    os.close(fd)
                    fd = None
                    return None
                waited = time.monotonic() - start
                if waited >= limit:
                    raise PrintkitError(
                        f"{_shown(folder)}: another printkit run{_who(fd)} is still writing to it after "
                        f"{_duration(limit)}; nothing written (wait for it to finish or stop it, or give "
                        f"another folder; {WAIT_ENV} sets how many seconds to wait)")
                if not noted and not quiet:
                    _note(f"note: waiting for another printkit run writing to {_shown(folder)}{_who(fd)}…")
                noted = True
                interrupt.checkpoint()
                time.sleep(max(0.0, min(POLL, limit - waited)))
                interrupt.checkpoint()
            if not _same(folder, fd):  # removed (or replaced) by the run waited for: lock the new one
                os.close(fd)
                fd = None
                if remake is not None:
                    remake()
                continue
            held = [fd, 1, os.getpid()]
            with _GUARD:
                _HELD[key] = held
            return key, held
        except BaseException:
            if fd is not None:
                os.close(fd)
            raise
    return None  # kept vanishing: unlocked


def _release(fcntl, key: tuple[int, int], held: list[int]) -> None:
    """One :func:`folder_lock` block fewer on ``held``; the last one unlocks
    and closes — in the process that locked it only (a forked child has
    closed its copy, :func:`_forget_in_child`)."""
    with _GUARD:
        held[1] -= 1
        if held[1] > 0 or held[2] != os.getpid() or _HELD.get(key) is not held:
            return
        del _HELD[key]
    try:
        fcntl.flock(held[0], fcntl.LOCK_UN)
    except OSError:
        pass
    finally:
        os.close(held[0])


__all__ = ["folder_lock", "wait_limit", "holder_pid", "WAIT_ENV", "DEFAULT_WAIT"]
