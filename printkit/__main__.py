"""``python -m printkit``: the CLI.  An interrupt that arrives while Python is
still importing exits quietly (130) instead of printing a traceback."""

import signal
import sys


def _quiet_exit(signum, frame):
    sys.exit(130)


signal.signal(signal.SIGINT, _quiet_exit)
signal.signal(signal.SIGTERM, _quiet_exit)

from printkit.cli import main  # noqa: E402

main()
