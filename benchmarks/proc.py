"""Whole-process measurements shared by the benchmarks: wall time, CPU time, peak RSS.

Each run is a fresh child process; ``os.wait4`` returns that child's own
resource usage, so ``ru_maxrss`` is the peak resident set of exactly that run
(children it spawned are not counted; none of ours spawn any).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from dataclasses import dataclass, field


@dataclass
class Run:
    wall: float  # s
    cpu: float  # s, user + system
    rss_mb: float  # peak resident set, MiB


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
    # read stderr while waiting (a chatty child must not block on a full pipe)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stderr.close()
    if check and proc.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} exited {proc.returncode}:\n{err.decode(errors='replace')[-2000:]}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def machine() -> str:
    """One line naming the machine: CPUs, Python, load average."""
    import platform

    load = os.getloadavg()
    return (f"{os.cpu_count()} CPUs, Python {platform.python_version()} on {platform.machine()}, "
            f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
