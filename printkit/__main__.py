"""``python -m printkit``: the CLI.  Stop requests are routed before anything
heavy is imported, so an interrupt during start-up also ends cleanly."""

from printkit import interrupt

interrupt.install()

from printkit.cli import main  # noqa: E402

main()
