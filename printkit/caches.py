"""Where printkit's caches live, and reading an entry safely.

The caches use this: rendered documents (:mod:`printkit.render.doccache`),
parsed bundled rules files (:mod:`printkit.rulescache`), built kits
(:mod:`printkit.kitcache`), fonts' character maps and fonts that passed the
font check (:mod:`printkit.theme`), and TrueType copies of ``.otf`` fonts
(:mod:`printkit.deck`).  Their folders are
under ``$PRINTKIT_CACHE_DIR`` when it is set, else under the user's cache
folder (:func:`platformdirs.user_cache_dir`); ``PRINTKIT_CACHE=off`` (or
``0``, ``no``, ``false``) turns every cache off.

A folder is used only when it is a real folder (not a link) owned by the user
and writable by no one else (:func:`cache_folder`); an entry is read only when
it is a regular file (not a link) owned by the user and within the cache's
size bound (:func:`read_entry`).  Anything else is a miss.  A cache holds data
only (never pickled objects) and each cache checks an entry before using it.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path


def caches_off() -> bool:
    """Whether ``PRINTKIT_CACHE`` turns the caches off."""
    return os.environ.get("PRINTKIT_CACHE", "").strip().lower() in ("off", "0", "no", "false")


def cache_folder(name: str, *, env_root: bool = False) -> Path | None:
    """The folder of the cache ``name``: ``<user cache dir>/printkit/<name>``,
    or with ``$PRINTKIT_CACHE_DIR`` set that folder itself (``env_root``) or
    its subfolder ``<name>``; created (mode 0700) if absent.  ``None`` when
    the caches are off or the folder is not safe to use (see the module
    docstring)."""
    if caches_off():
        return None
    where = os.environ.get("PRINTKIT_CACHE_DIR")
    if where:
        folder = Path(where) if env_root else Path(where) / name
    else:
        try:
            import platformdirs
        except ImportError:  # pragma: no cover - a dependency of printkit
            return None
        folder = Path(platformdirs.user_cache_dir("printkit", appauthor=False)) / name
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode):  # a link, a file
        return None
    if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
        return None
    return folder


def read_entry(path: Path, max_bytes: int) -> bytes | None:
    """The bytes of the cache entry ``path``, or ``None`` when it is missing,
    not a regular file (a link, a pipe, a folder), not the user's, or larger
    than ``max_bytes`` (at most ``max_bytes + 1`` bytes are ever read)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > max_bytes:
            return None
        if hasattr(os, "getuid") and st.st_uid != os.getuid():
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(max_bytes + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return data if len(data) <= max_bytes else None


def write_entry(folder: Path, name: str, data: bytes) -> bool:
    """Write ``data`` as the entry ``name`` of ``folder`` atomically (a
    temporary file beside it, then renamed over it).  Never raises: ``False``
    when the system refused."""
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=Path(name).suffix, dir=folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, folder / name)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError:
        return False
    return True


#: What a cache names its entries: a hex digest (a CRC-32 or a SHA-256), then for the
#: rules cache ``-<length>``; the suffix follows.  :func:`prune` removes nothing else.
_ENTRY_NAME = re.compile(r"[0-9a-f]{8,64}(?:-[0-9]{1,12})?")


def prune(folder: Path, suffix: str, max_entries: int, max_bytes: int) -> None:
    """Remove the least recently used entries (``<hex digest>[-<n>]<suffix>``,
    the names the caches write: ``PRINTKIT_CACHE_DIR`` may name a folder that
    holds a user's own files, and those are never touched) of ``folder``
    beyond ``max_entries`` entries or ``max_bytes`` in all.  Never raises."""
    try:
        entries = []
        with os.scandir(folder) as it:
            for e in it:
                if e.name.endswith(suffix) and _ENTRY_NAME.fullmatch(e.name[: len(e.name) - len(suffix)]):
                    st = e.stat(follow_symlinks=False)
                    entries.append((st.st_mtime_ns, st.st_size, e.path))
    except OSError:
        return
    entries.sort(reverse=True)  # newest first
    total = 0
    for n, (_, size, path) in enumerate(entries):
        total += size
        if n >= max_entries or total > max_bytes:
            try:
                os.unlink(path)
            except OSError:
                pass
