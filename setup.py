"""Package list for setuptools (everything else is in pyproject.toml).

Every ``printkit`` sub-package is found automatically, so a new game folder
needs no edit here; the bundled ``rules/`` and ``templates/`` folders are
installed as ``printkit._bundled.rules`` / ``.templates`` (``package-dir`` in
pyproject.toml).
"""

from setuptools import find_packages, setup

BUNDLED = ["printkit._bundled.rules", "printkit._bundled.templates"]

setup(packages=find_packages(include=["printkit", "printkit.*"]) + BUNDLED)
