"""printkit: print-and-play kits and scorers for archaeology-themed tabletop games.

Games are data (``rules/*.toml``); the engine (units, paper, theme, model,
imposition, marks, pdf) knows no game.
"""

from pathlib import Path

__version__ = "0.1.0"

#: Repository root holding ``rules/``, ``templates/`` and ``fonts/`` (editable install).
ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "rules"
TEMPLATES_DIR = ROOT / "templates"
FONTS_DIR = ROOT / "fonts"


class PrintkitError(Exception):
    """Bad input a user can fix: shown as one clear line, exit code 1."""


class UsageError(PrintkitError):
    """A bad command-line option value: shown as one clear line, exit code 2."""
