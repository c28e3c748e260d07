"""A cache of built kits: a repeat ``printkit build`` writes a game's parts,
cover and kit PDF from here instead of drawing, assembling and checking them
again (issue 26).

A game's kit is looked up by a SHA-256 key (:func:`kit_key`) of everything
its bytes depend on:

* the game's id and every field of :class:`~printkit.gamekit.options.BuildOptions`
  (paper, players, duplex, offsets, bleed, scale, …; a field whose value has
  no faithful ``repr`` makes the kit uncacheable);
* the theme: every field of the :class:`~printkit.theme.Theme` (fonts,
  colours, every game's palette, type scale), the content of every file in
  its folder and its parents' (``theme.toml``, CSS, templates, images) and
  of its font files;
* the rules: the user's ``--rules`` file for the game, and every bundled
  rules and template file;
* the code: every file of the ``printkit`` package (so any edit of printkit
  is a miss) and, for a plug-in game, of its top-level package;
* the environment: the Python version, every installed distribution's name
  and version (``*.dist-info``/``*.egg-info`` on ``sys.path``: reportlab,
  pypdf, pikepdf, weasyprint, fonts…), the system's shared-library cache and
  fontconfig caches (their names, sizes and times), ``SOURCE_DATE_EPOCH``.

Anything that cannot be hashed faithfully — a link or a non-regular file in
the theme folder, a folder over :data:`MAX_TREE_FILES` files and folders or
:data:`MAX_TREE_BYTES`, a kit that is not the registered game object — gives
no key: the kit is built as without the cache.

An entry is stored only for a kit whose parts and cover passed the preflight
(:func:`printkit.build.build` stores what :func:`printkit.build.render_game`
returned, and that raises on any finding): a hit is those very bytes (each
PDF checked against its SHA-256) found clean by the same preflight (its code
and libraries are in the key), so it is not checked again — the same rule as
:func:`printkit.preflight.preflight_remembered`.  Where: ``kits/`` in the
cache folder (:func:`printkit.caches.cache_folder`, ``PRINTKIT_CACHE=off``
turns it off); bounded: :data:`MAX_ENTRY` per entry, :data:`MAX_ENTRIES`
entries and :data:`MAX_BYTES` in all, the least recently used pruned first.
Entries are read with :func:`printkit.caches.read_entry` (regular file, the
user's, bounded) and used only when their header is well formed, names the
key asked for and every PDF hashes to the SHA-256 it records, starts with
``%PDF-`` and ends with ``%%EOF``; anything else is a miss (and removed).
Reading or writing the cache never fails a build.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from printkit.caches import cache_folder, prune, read_entry, write_entry

#: First line of every entry (and the first bytes hashed into every key).
MAGIC = b"printkit-kit-cache 1\n"
_SUFFIX = ".kitcache"
#: Largest entry read or written (bytes).
MAX_ENTRY = 48 * 1024 * 1024
#: Most entries kept, and most bytes in all.
MAX_ENTRIES = 64
MAX_BYTES = 192 * 1024 * 1024
#: Largest folder hashed into a key (files and folders under it, bytes): a bigger theme or
#: package is not cached.  Folders count too: each is one more listing, and a theme of a
#: million empty folders was otherwise listed to the end at every build.
MAX_TREE_FILES = 4000
MAX_TREE_BYTES = 64 * 1024 * 1024
_MAX_HEAD = 1024 * 1024

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_NO_REPR = re.compile(r" at 0x[0-9a-fA-F]+>")


class _Unhashable(Exception):
    """An input that cannot be hashed faithfully: no key."""


def cache_dir() -> Path | None:
    """The ``kits`` cache folder, ``None`` when the caches are off or the
    folder is not safe to use (:func:`printkit.caches.cache_folder`)."""
    return cache_folder("kits")


# ----------------------------------------------------------------- the key


class _Hasher:
    def __init__(self) -> None:
        self._h = hashlib.sha256(MAGIC)

    def add(self, *parts: str | bytes) -> None:
        for part in parts:
            data = part if isinstance(part, bytes) else part.encode("utf-8", "surrogatepass")
            self._h.update(len(data).to_bytes(8, "big"))
            self._h.update(data)

    def hexdigest(self) -> str:
        return self._h.hexdigest()


def _file_digest(path: str | Path, *, follow: bool, limit: int = MAX_TREE_BYTES) -> tuple[bytes, int]:
    """SHA-256 and size of the regular file ``path``, read by the bounded
    reader (:func:`printkit.inputfiles.read_bytes`: never blocks on a pipe,
    reads at most ``limit`` bytes; with ``follow`` false a link is refused);
    anything it refuses raises :class:`_Unhashable`."""
    from printkit import PrintkitError
    from printkit.inputfiles import read_bytes

    try:
        data = read_bytes(path, max_bytes=limit, follow=follow)
    except PrintkitError:
        raise _Unhashable(str(path)) from None
    return hashlib.sha256(data).digest(), len(data)


#: The code's folders hashed by this process (folder → digest): the code a process
#: runs is the code it imported, so it is hashed once; data folders (themes, rules,
#: templates) are hashed at every build, a long-lived process may see them edited.
_TREES: dict[str, bytes] = {}


def _tree_digest(folder: Path, *, links: bool, code: bool = False) -> bytes:
    """SHA-256 of every file under ``folder`` (relative path and content),
    ``__pycache__`` and compiled files left out.  ``links`` false: a link or
    anything but folders and regular files raises :class:`_Unhashable`
    (a user's theme folder); true: links to files are read (our package).
    ``code``: remembered for this process (:data:`_TREES`).
    Bounded by :data:`MAX_TREE_FILES` (files and folders) and :data:`MAX_TREE_BYTES`."""
    if code and str(folder) in _TREES:
        return _TREES[str(folder)]
    h = _Hasher()
    files = total = 0
    stack = [""]
    while stack:
        rel = stack.pop()
        try:
            with os.scandir(folder / rel if rel else folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            raise _Unhashable(str(folder / rel)) from None
        for e in entries:
            if e.name == "__pycache__" or e.name.endswith((".pyc", ".pyo")):
                continue
            path = f"{rel}/{e.name}" if rel else e.name
            if e.is_symlink() and not links:
                raise _Unhashable(e.path)
            files += 1  # a folder too: each is one more listing
            if files > MAX_TREE_FILES:
                raise _Unhashable(str(folder))
            if e.is_dir(follow_symlinks=False):
                stack.append(path)
                h.add("dir", path)
                continue
            digest, size = _file_digest(e.path, follow=links, limit=MAX_TREE_BYTES - total)
            total += size
            h.add("file", path, digest)
    out = hashlib.sha256(h.hexdigest().encode("ascii")).digest()
    if code:
        _TREES[str(folder)] = out
    return out


def _value(value: Any) -> str:
    """A faithful text of an option's value, or :class:`_Unhashable`."""
    text = repr(value)
    if _NO_REPR.search(text):
        raise _Unhashable(text[:80])
    return f"{type(value).__module__}.{type(value).__qualname__}:{text}"


def _theme(h: _Hasher, theme: Any) -> None:
    if not dataclasses.is_dataclass(theme) or isinstance(theme, type):
        raise _Unhashable("theme")
    h.add("theme", _value(type(theme)))
    for f in dataclasses.fields(theme):
        value = getattr(theme, f.name)
        h.add(f.name, _value(value))
    folders = [Path(theme.directory), *map(Path, getattr(theme, "search_path", ()))]
    for folder in dict.fromkeys(folders):
        h.add("theme folder", str(folder), _tree_digest(folder, links=False))
    for role, path in sorted(getattr(theme, "font_files", {}).items()):
        h.add("font", role, str(path), _file_digest(path, follow=True)[0])


def _stat_line(path: str) -> str:
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}:-"
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


def _listing(folder: str) -> list[str]:
    try:
        with os.scandir(folder) as it:
            return sorted(f"{e.name}:{_stat_line(e.path)}" for e in it)
    except OSError:
        return []


_ENVIRONMENT: list[str] = []


def _environment() -> str:
    """Python, every installed distribution (name and version, from the
    ``*.dist-info``/``*.egg-info`` names in the folders of ``sys.path`` but
    the current one), the shared-library
    cache and fontconfig's caches, ``SOURCE_DATE_EPOCH``: once per process."""
    if not _ENVIRONMENT:
        lines = [sys.version, sys.platform, f"SOURCE_DATE_EPOCH={os.environ.get('SOURCE_DATE_EPOCH')}"]
        here = os.getcwd()
        for entry in sys.path:
            if entry in ("", here):  # the current folder (``python -m``): where the user stands, not a library
                continue
            try:
                with os.scandir(entry or ".") as it:
                    lines += sorted(f"{entry}|{e.name}" for e in it
                                    if e.name.endswith((".dist-info", ".egg-info", ".pth", ".egg-link")))
            except OSError:
                continue
        lines.append(_stat_line("/etc/ld.so.cache"))
        caches = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
        for folder in ("/var/cache/fontconfig", os.path.join(caches, "fontconfig")):
            lines += _listing(folder)
        _ENVIRONMENT.append("\n".join(lines))
    return _ENVIRONMENT[0]


def _shared(options: Any) -> str:
    """The digest of what every game of one build shares: the environment,
    printkit's files, the bundled rules and templates, and every option
    (the theme's fields, folders and fonts) but the ``--rules`` file."""
    import printkit
    from printkit import RULES_DIR, TEMPLATES_DIR

    h = _Hasher()
    h.add("environment", _environment())
    package = Path(printkit.__file__).resolve().parent
    h.add("printkit", _tree_digest(package, links=True, code=True))
    for folder in (RULES_DIR, TEMPLATES_DIR):
        h.add("bundled", str(folder), _tree_digest(Path(folder), links=True))
    if not dataclasses.is_dataclass(options) or isinstance(options, type):
        raise _Unhashable("options")
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if f.name == "theme":
            _theme(h, value)
        else:
            h.add(f.name, _value(value))
    return h.hexdigest()


def _game(h: _Hasher, kit: Any, options: Any) -> None:
    """The game's own inputs: its id, its ``--rules`` file, a plug-in's code."""
    from printkit.gamefiles import game_entry_points
    from printkit.registry import get_game

    if get_game(kit.id) is not kit:  # a kit made on the fly: its code is not the registered game's
        raise _Unhashable(kit.id)
    h.add("game", kit.id)
    rules = options.rules_file(kit.id)
    h.add("rules", "bundled" if rules is None else _file_digest(rules, follow=True)[0])
    top = game_entry_points()[kit.id].module.partition(".")[0]
    if top != "printkit":  # a plug-in game: its own package, or module
        import importlib.util

        spec = importlib.util.find_spec(top)
        if spec is None:
            raise _Unhashable(top)
        if spec.submodule_search_locations:
            for folder in spec.submodule_search_locations:
                h.add("plug-in", folder, _tree_digest(Path(folder), links=True, code=True))
        elif spec.origin:
            h.add("plug-in", spec.origin, _file_digest(spec.origin, follow=True)[0])
        else:
            raise _Unhashable(top)


def kit_keys(kits: list[Any], options: Any) -> list[str | None]:
    """The SHA-256 (hex) naming each of ``kits`` (registered
    :class:`~printkit.gamekit.contract.GameKit` objects) built with
    ``options`` (:class:`~printkit.gamekit.options.BuildOptions`): see the
    module docstring for what it covers.  ``None`` for every kit when the
    cache is off, for a kit when one of its inputs cannot be hashed
    faithfully.  Never raises."""
    if not kits or cache_dir() is None:
        return [None] * len(kits)
    try:
        shared = _shared(options)
    except Exception:  # _Unhashable, or an unforeseen input: built as without the cache
        return [None] * len(kits)
    keys: list[str | None] = []
    for kit in kits:
        try:
            h = _Hasher()
            h.add("shared", shared)
            _game(h, kit, options)
            keys.append(h.hexdigest())
        except Exception:
            keys.append(None)
    return keys


def kit_key(kit: Any, options: Any) -> str | None:
    """:func:`kit_keys` of one kit."""
    return kit_keys([kit], options)[0]


# ----------------------------------------------------------------- entries


@dataclasses.dataclass
class CachedKit:
    """A kit as stored: ``parts`` as (file stem, pieces, PDF bytes, pages),
    the cover's PDF (``None``: the game has none), the kit PDF and its
    pages, the build's notes and the sheets per stock."""

    parts: list[tuple[str, int, bytes, int]]
    cover: bytes | None
    kit_pdf: bytes
    kit_pages: int
    notes: list[str]
    sheets: dict[str, int]


def _is_pdf(data: bytes) -> bool:
    return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 1 << 40


def _parse(data: bytes, key: str) -> CachedKit | None:
    if not data.startswith(MAGIC):
        return None
    end = data.find(b"\n", len(MAGIC), len(MAGIC) + _MAX_HEAD)
    if end < 0:
        return None
    try:
        head = json.loads(data[len(MAGIC):end].decode("utf-8"))
        if head["key"] != key:
            return None
        blobs = [*head["parts"], *([head["cover"]] if head["cover"] is not None else []), head["kit"]]
        notes, sheets = head["notes"], head["sheets"]
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None
    if not (isinstance(notes, list) and all(isinstance(n, str) for n in notes)
            and isinstance(sheets, dict) and all(isinstance(k, str) and _is_int(v) for k, v in sheets.items())):
        return None
    pdfs: list[bytes] = []
    at = end + 1
    for blob in blobs:
        if not (isinstance(blob, dict) and _is_int(blob.get("size")) and isinstance(blob.get("sha256"), str)):
            return None
        pdf = data[at:at + blob["size"]]
        at += blob["size"]
        if len(pdf) != blob["size"] or not _is_pdf(pdf) or hashlib.sha256(pdf).hexdigest() != blob["sha256"]:
            return None
        pdfs.append(pdf)
    if at != len(data):
        return None
    parts = []
    for blob, pdf in zip(head["parts"], pdfs):
        name, count, pages = blob.get("name"), blob.get("count"), blob.get("pages")
        if not (isinstance(name, str) and _NAME.fullmatch(name) and _is_int(count) and _is_int(pages)):
            return None
        parts.append((name, count, pdf, pages))
    if len({name for name, _, _, _ in parts}) != len(parts) or not _is_int(head["kit"].get("pages")):
        return None
    return CachedKit(parts, pdfs[-2] if head["cover"] is not None else None, pdfs[-1], head["kit"]["pages"],
                     notes, dict(sheets))


def lookup(key: str | None) -> CachedKit | None:
    """The kit stored under ``key`` when its entry is intact (see the module
    docstring), else ``None`` (a damaged entry is removed).  Never raises."""
    folder = cache_dir() if key and _HEX64.fullmatch(key) else None
    if folder is None:
        return None
    path = folder / f"{key}{_SUFFIX}"
    data = read_entry(path, MAX_ENTRY)
    if data is None:
        return None
    kit = _parse(data, key)
    try:
        if kit is None:
            os.unlink(path)
        else:
            os.utime(path)  # recently used: pruned last
    except OSError:
        pass
    return kit


def store(key: str | None, kit: CachedKit) -> None:
    """Keep ``kit`` under ``key`` (atomically), then prune the folder to its
    bounds.  Call it only for a kit whose parts and cover passed the
    preflight.  Never raises."""
    folder = cache_dir() if key and _HEX64.fullmatch(key) and kit.kit_pages is not None else None
    if folder is None:
        return

    def blob(pdf: bytes, **more) -> dict:
        return {**more, "size": len(pdf), "sha256": hashlib.sha256(pdf).hexdigest()}

    head = {"key": key,
            "parts": [blob(pdf, name=name, count=count, pages=pages) for name, count, pdf, pages in kit.parts],
            "cover": None if kit.cover is None else blob(kit.cover),
            "kit": blob(kit.kit_pdf, pages=kit.kit_pages),
            "notes": list(kit.notes), "sheets": dict(kit.sheets)}
    try:
        line = json.dumps(head, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    except (TypeError, ValueError):
        return
    payload = [pdf for _, _, pdf, _ in kit.parts] + ([kit.cover] if kit.cover is not None else []) + [kit.kit_pdf]
    if len(line) >= _MAX_HEAD or len(MAGIC) + len(line) + 1 + sum(map(len, payload)) > MAX_ENTRY:
        return
    if write_entry(folder, f"{key}{_SUFFIX}", b"".join([MAGIC, line, b"\n", *payload])):
        prune(folder, _SUFFIX, MAX_ENTRIES, MAX_BYTES)
