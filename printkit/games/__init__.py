"""The bundled games.  Each game is a sub-package with the same files for the
same roles (``kit.py``: what to print and the ``GAME`` contract; ``data.py``:
its rules data; ``art.py``; ``game.py``; ``scoring.py``; ``scorepad/``;
``templates/``; ``palette.toml`` — ``docs/adding-a-game.md``), importing only
:mod:`printkit.gamekit`, with its rules data in ``rules/<game>.toml``."""
