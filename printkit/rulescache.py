"""A cache of parsed bundled rules files: ``printkit games`` reads four of them
and ``tomllib`` takes ~25 ms for the largest (``rules/archaeologia.toml``, 41 kB);
``json`` reads the same data back in under 1 ms (issue 26).

Only the rules files a game ships are cached (:func:`printkit.rules.load_bundled`),
never a file a user names with ``--rules``.  An entry is JSON holding the
cache's stamp (format, printkit version, Python version: ``tomllib`` is
Python's), the rules file's whole text and what ``tomllib`` made of it.  It is
named by a checksum of the stamp and the text, and used only when its stamp
and text equal the current ones character for character, so an edited rules
file, another printkit or another Python never gets another file's data.
Data ``tomllib`` returns that JSON cannot give back exactly (dates and times)
is not cached.

Where: ``<user cache dir>/printkit/rules/``, or ``$PRINTKIT_CACHE_DIR/rules/``;
``PRINTKIT_CACHE=off`` turns it off (:mod:`printkit.caches`: folder and entries
the user's own, no links, reads bounded by :data:`MAX_ENTRY`).  At most
:data:`MAX_ENTRIES` entries are kept (the least recently written go first).
Anything wrong with an entry is a miss: the file is parsed, and the entry
written again (atomically).  Reading or writing the cache never fails a
command and never changes what it prints or writes.
"""

from __future__ import annotations

import sys
from typing import Any

from printkit import __version__
from printkit.caches import cache_folder, prune, read_entry, write_entry
from printkit.inputfiles import MAX_BYTES

#: What an entry must carry to be used: the cache's format, printkit's and Python's versions.
STAMP = f"printkit-rules-cache 1; printkit {__version__}; {sys.implementation.name} {sys.version}"
#: Largest entry read or written (bytes): a rules file is at most MAX_BYTES.
MAX_ENTRY = 4 * MAX_BYTES
#: Most entries kept (each edit of a rules file makes a new one).
MAX_ENTRIES = 64
_SUFFIX = ".json"


def entry_name(text: str) -> str:
    """The file name of the entry for a rules file's ``text``: a CRC-32 of
    the stamp and the text, and the text's length (a clash is only a miss:
    :func:`lookup` compares the whole text)."""
    import zlib

    data = f"{STAMP}\n{text}".encode("utf-8", "surrogatepass")
    return f"{zlib.crc32(data):08x}-{len(text)}{_SUFFIX}"


def lookup(text: str) -> dict[str, Any] | None:
    """What ``tomllib`` made of the rules file whose whole text is ``text``,
    from the cache; ``None`` on a miss (no entry, the cache off, an entry
    that is not ours or does not hold exactly this text)."""
    folder = cache_folder("rules")
    if folder is None:
        return None
    raw = read_entry(folder / entry_name(text), MAX_ENTRY)
    if raw is None:
        return None
    import json

    try:
        entry = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, nested too deeply
        return None
    if not (isinstance(entry, dict) and entry.get("stamp") == STAMP and entry.get("source") == text):
        return None
    data = entry.get("data")
    return data if isinstance(data, dict) else None


def store(text: str, data: dict[str, Any]) -> None:
    """Keep ``data`` (``tomllib``'s result for the rules file whose whole text
    is ``text``) unless it holds what JSON does not give back exactly; then
    prune the folder to :data:`MAX_ENTRIES`.  Never raises."""
    if not plain(data):
        return
    folder = cache_folder("rules")
    if folder is None:
        return
    import json

    try:
        payload = json.dumps({"stamp": STAMP, "source": text, "data": data}, ensure_ascii=False,
                             separators=(",", ":")).encode("utf-8")
    except (ValueError, TypeError, RecursionError):  # pragma: no cover - plain() already refused these
        return
    if len(payload) > MAX_ENTRY:
        return
    if write_entry(folder, entry_name(text), payload):
        prune(folder, _SUFFIX, MAX_ENTRIES, MAX_ENTRIES * MAX_ENTRY)


def plain(value: Any, depth: int = 0) -> bool:
    """Whether JSON gives ``value`` back exactly: tables with text keys,
    arrays, texts, booleans, whole numbers and finite decimals (not dates or
    times, not NaN or infinities, nothing nested more than 100 deep)."""
    if depth > 100:
        return False
    if isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, float):
        return value - value == 0.0  # finite
    if isinstance(value, list):
        return all(plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v, depth + 1) for k, v in value.items())
    return False


__all__ = ["MAX_ENTRIES", "MAX_ENTRY", "STAMP", "entry_name", "lookup", "plain", "store"]
