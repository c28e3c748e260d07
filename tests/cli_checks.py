"""What the hostile-input tests ask of every refusal: the CLI run in process,
and its output one line, with no traceback."""

from __future__ import annotations

from click.testing import CliRunner

from printkit.cli import main


def invoke(*args, **kw):
    """``printkit ARGS`` in process (click's runner; every argument as text)."""
    return CliRunner().invoke(main, [str(a) for a in args], **kw)


def one_line(text: str) -> str:
    """The one non-blank line of ``text``; fails the test on more, or on a traceback."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in text, text
    return lines[0]
