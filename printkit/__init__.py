"""printkit: print-and-play kits and scorers for archaeology-themed tabletop games.

Games are data (``rules/*.toml``); the engine (units, paper, theme, model,
imposition, marks, pdf) knows no game.
"""

from pathlib import Path

__version__ = "0.1.0"

def _bundled(name: str) -> Path:
    """Folder of the bundled ``rules``/``templates``: the repository's own folder
    in a checkout or editable install, else the copy installed in the package."""
    repo = Path(__file__).resolve().parent.parent / name
    if repo.is_dir() and (repo.parent / "pyproject.toml").is_file():
        return repo
    return Path(__file__).resolve().parent / "_bundled" / name


#: Repository root (checkout) — or the package folder of a regular install.
ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = _bundled("rules")
TEMPLATES_DIR = _bundled("templates")
#: Users' extra fonts: ``fonts/`` in the checkout, or in the current folder.
FONTS_DIR = ROOT / "fonts" if (ROOT / "pyproject.toml").is_file() else Path.cwd() / "fonts"


class PrintkitError(Exception):
    """Bad input a user can fix: shown as one clear line, exit code 1."""


class UsageError(PrintkitError):
    """A bad command-line option value: shown as one clear line, exit code 2."""
