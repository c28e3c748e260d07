"""Progress of long work on standard error (``printkit build``, ``printkit deck``).

A :class:`Progress` hears of steps of named tasks (a game of ``build``, the
deck of ``deck``), one task after the other, and shows them on standard error
in one of three ways, chosen once when it is made:

* on a terminal, a click progress bar per task (``click.progressbar``), the
  name of the last finished step beside it; the bar is ended with a new line
  when the next task starts or the work ends (an error line never lands on a
  half-drawn bar);
* when standard error is not a terminal (a log file, a pipe, CI), one plain
  line per step: ``<task>: started, <total> steps`` then
  ``<task>: <step> done (<done>/<total>)``; steps marked ``minor`` (a deck's
  sheets) only at each tenth of the task, and the last;
* ``quiet``: nothing.

The environment variable ``PRINTKIT_PROGRESS`` overrides the choice:
``lines`` gives the plain lines even on a terminal (a terminal that shows
carriage returns badly), ``none`` shows no progress (scripts that keep stderr
for errors alone; the test suite sets it); any other value, or none, chooses
as above.  ``--quiet`` always wins.

Standard output is left to the results (the files written), so
``printkit build all > files.txt`` keeps the progress on the terminal.
"""

from __future__ import annotations

import os
import sys

import click

#: Labels of the bars are padded to this many characters, so bars of
#: successive games line up.
LABEL_WIDTH = 12


def on_terminal(stream) -> bool:
    """Whether ``stream`` is a terminal (``False`` for anything that cannot say)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """Progress lines or bars on ``stream`` (default: ``sys.stderr``, read
    when made; not click's ``get_text_stream``, deprecated in click 8.5 and
    removed in click 9).  ``quiet``: show nothing.  Use as a context manager,
    or call :meth:`close` at the end: it ends the last bar."""

    def __init__(self, quiet: bool = False, stream=None):
        self.stream = stream if stream is not None else sys.stderr
        forced = os.environ.get("PRINTKIT_PROGRESS", "").strip().lower()
        if quiet or forced == "none" or self.stream is None:  # no standard error (closed): print() would use stdout
            self.mode = "quiet"
        elif forced == "lines" or not on_terminal(self.stream):
            self.mode = "lines"
        else:
            self.mode = "bar"
        self._task: str | None = None
        self._bar = None
        self._tenth = -1

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def step(self, task: str, done: int, total: int, name: str = "", minor: bool = False) -> None:
        """Task ``task`` has ``done`` of its ``total`` steps finished, the last
        one called ``name`` (``done`` 0: the task starts).  ``minor``: a step
        too small for its own plain line (see the module's description)."""
        if self.mode == "quiet":
            return
        new = task != self._task
        if new:
            self._finish_bar()
            self._task, self._tenth = task, -1
        if self.mode == "lines":
            self._line(task, done, total, name, minor, new)
            return
        if new:
            self._bar = click.progressbar(length=max(total, 1), label=f"{task:<{LABEL_WIDTH}}", file=self.stream,
                                          show_pos=True, show_percent=False, width=0,
                                          item_show_func=lambda item: item)
            self._bar.render_progress()
        self._bar.length = max(total, 1)
        self._bar.update(max(done - self._bar.pos, 0), name or None)

    def _line(self, task: str, done: int, total: int, name: str, minor: bool, new: bool) -> None:
        if done == 0:
            if new:
                click.echo(f"{task}: started, {total} step{'s' if total != 1 else ''}", file=self.stream)
            return
        tenth = done * 10 // max(total, 1)
        if minor and done < total and tenth == self._tenth:
            return
        self._tenth = tenth
        click.echo(f"{task}: {name or 'step'} done ({done}/{total})", file=self.stream)

    def _finish_bar(self) -> None:
        if self._bar is not None:
            self._bar.render_finish()
            self._bar = None

    def close(self) -> None:
        """End the current bar (a new line after it); nothing else is shown."""
        self._finish_bar()
        self._task = None
