"""Whole-process measurements shared by the benchmarks: wall time, CPU time, peak RSS.

Each run is a fresh child process; ``os.wait4`` returns that child's resource
usage (on Linux its CPU time includes the worker processes it waited for).
Peak memory is sampled every 10 ms from ``/proc`` as the sum of the resident
sets of the child and all its descendants (``build all`` forks one worker per
CPU), so ``rss_mb`` is what the whole run held at its peak; ``ru_maxrss``
alone would be the largest single process.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import threading
import time
from dataclasses import dataclass, field


@dataclass
class Run:
    wall: float  # s
    cpu: float  # s, user + system
    rss_mb: float  # peak resident set of the process tree (sum), MiB
    pss_mb: float = 0.0  # peak proportional set of the tree (shared pages split), MiB
    top_mb: float = 0.0  # peak resident set of the largest single process, MiB


@dataclass
class Series:
    name: str
    runs: list[Run] = field(default_factory=list)

    @property
    def wall(self) -> float:
        return statistics.median(r.wall for r in self.runs)

    @property
    def wall_min(self) -> float:
        return min(r.wall for r in self.runs)

    @property
    def cpu(self) -> float:
        return statistics.median(r.cpu for r in self.runs)

    @property
    def rss(self) -> float:
        return max(r.rss_mb for r in self.runs)

    @property
    def pss(self) -> float:
        return max(r.pss_mb for r in self.runs)

    @property
    def top(self) -> float:
        return max(r.top_mb for r in self.runs)


def child_env(extra: dict | None = None) -> dict:
    """The environment of a measured child: ours, less ``PYTHONDONTWRITEBYTECODE``
    (an installed package has its bytecode cached; without it every run would
    recompile printkit's modules, which the warm-up cannot fill), plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra or {})
    return env


def run(cmd: list[str], *, cwd=None, env=None, check: bool = True) -> Run:
    """Run ``cmd`` to completion; return its wall time, CPU time and peak RSS.

    ``env``: the child's environment (default :func:`child_env`).  Raises
    ``RuntimeError`` with the child's stderr when it fails and ``check``.
    """
    env = child_env() if env is None else env
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = [0.0, 0.0]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.01):
            rss, pss = tree_memory_mb(proc.pid)
            peak[0], peak[1] = max(peak[0], rss), max(peak[1], pss)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    # read stderr while waiting (a chatty child must not block on a full pipe)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    done.set()
    sampler.join()
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stderr.close()
    if check and proc.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} exited {proc.returncode}:\n{err.decode(errors='replace')[-2000:]}")
    top = usage.ru_maxrss / 1024
    return Run(wall, usage.ru_utime + usage.ru_stime, max(peak[0], top), max(peak[1], 0.0), top)


def tree_memory_mb(pid: int) -> tuple[float, float]:
    """(resident set, proportional set) in MiB of process ``pid`` and all
    its descendants, now — RSS counts pages shared by forked workers once per
    process, PSS splits them; (0, 0) when it is gone (Linux ``/proc``)."""
    parent: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                fields = fh.read().rsplit(b")", 1)[1].split()
            parent[int(entry)] = int(fields[1])
            rss[int(entry)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            continue
    tree, frontier = {pid}, [pid]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent.items() if pp == p and c not in tree]
        tree.update(kids)
        frontier += kids
    pss = 0
    for p in tree:
        try:
            with open(f"/proc/{p}/smaps_rollup", "rb") as fh:
                for line in fh:
                    if line.startswith(b"Pss:"):
                        pss += int(line.split()[1]) * 1024
                        break
        except OSError:
            pass
    return sum(rss.get(p, 0) for p in tree) / (1 << 20), pss / (1 << 20)


def machine() -> str:
    """One line naming the machine: CPUs, Python, load average."""
    import platform

    load = os.getloadavg()
    return (f"{os.cpu_count()} CPUs, Python {platform.python_version()} on {platform.machine()}, "
            f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
