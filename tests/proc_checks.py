"""Measuring a child process by its state and the work it did, not by the wall clock
(a shared CI machine slows the clock, not the work): CPU seconds from ``/proc`` while
it runs and from ``wait4`` when it is reaped."""

from __future__ import annotations

import os
import subprocess

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds process ``pid`` has used so far (its reaped
    children included), from ``/proc/<pid>/stat``; ``None`` once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read()
    except OSError:
        return None
    fields = stat[stat.rindex(b")") + 2:].split()  # after "pid (comm) "
    utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
    return (utime + stime + cutime + cstime) / _TICK


def state(pid: int) -> str | None:
    """The process's scheduler state letter (R running, S sleeping, Z zombie …), or ``None``."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read()
    except OSError:
        return None
    return stat[stat.rindex(b")") + 2:].split()[0].decode()


class MeasuredPopen(subprocess.Popen):
    """A Popen that keeps the CPU seconds (user + system, the process and the
    children it waited for) the kernel reports when it is reaped: ``cpu``."""

    cpu = 0.0

    def _try_wait(self, wait_flags):
        try:
            pid, sts, usage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return self.pid, 0
        if pid == self.pid:
            self.cpu = usage.ru_utime + usage.ru_stime
        return pid, sts
