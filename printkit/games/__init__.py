"""The bundled games.  Each game is a sub-package with ``components.py``
(what to print) and its own rules data in ``rules/<game>.toml``."""
