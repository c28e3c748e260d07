"""Loading game data (``rules/<game>.toml``) with provenance.

Every table in a rules file that holds a number carries a ``source`` string:
``"rulebook: <section>"``, ``"outside the rulebook: …"`` or ``"assumed: <reason>"``.
:func:`missing_sources` finds the tables that break that convention.

Rules files given with ``--rules DIR`` are strangers' data:
:func:`user_rules_file` finds them (anything at the name counts, so a pipe or
folder there is an error, never a silent fallback) and
:func:`check_rules_keys` refuses keys the bundled file of the same game does
not have — the one unknown-key check every game's ``load_rules`` runs.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from printkit import RULES_DIR, PrintkitError, UsageError
from printkit.inputfiles import escape_display, load_toml_file, parse_toml, read_text, show, shown_path, text_flaw


def rules_path(game: str, rules_dir: Path | None = None) -> Path:
    """Path of ``<rules_dir>/<game>.toml`` (default: the bundled ``rules/``).

    Without ``rules_dir``, a game with no file in the bundled ``rules/`` (a
    plug-in, or a new game kept in one folder) has its data in its own folder:
    ``<game folder>/rules.toml`` (:func:`printkit.gamefiles.game_folder`)."""
    path = Path(rules_dir or RULES_DIR) / f"{game}.toml"
    if rules_dir is None and not path.exists():
        from printkit.gamefiles import game_folder

        folder = game_folder(game)
        if folder is not None and (folder / "rules.toml").is_file():
            return folder / "rules.toml"
    return path


def load_toml(path: Path) -> dict[str, Any]:
    """Read a TOML file (UTF-8, a BOM tolerated, CRLF fine).

    Raises :class:`printkit.PrintkitError` naming the file and the parser's
    line/column for a missing file, a folder, a file over
    :data:`printkit.inputfiles.MAX_BYTES`, undecodable bytes or invalid TOML
    (see :mod:`printkit.inputfiles`).
    """
    return load_toml_file(path)


def load_bundled(path: Path) -> dict[str, Any]:
    """A rules file a game ships (the bundled ``rules/<game>.toml``, a
    plug-in's ``rules.toml``; never a ``--rules`` file), read as
    :func:`load_toml` reads it — same data, same errors — through the cache
    of parsed rules (:mod:`printkit.rulescache`): ``tomllib`` runs only when
    the cache has no entry for exactly this text."""
    from printkit import rulescache

    text = read_text(path)
    data = rulescache.lookup(text)
    if data is None:
        data = parse_toml(text, str(path))
        rulescache.store(text, data)
    return data


def missing_sources(data: dict[str, Any], where: str = "") -> list[str]:
    """Dotted names of tables holding a number (directly, or in a list of
    numbers) but neither their own ``source`` nor an ancestor's.

    Tables inside arrays (e.g. the Dig Site's circles) inherit the source of
    the table that holds the array.
    """
    found: list[str] = []

    def has_number(value: Any) -> bool:
        if isinstance(value, bool):
            return False
        if isinstance(value, (int, float)):
            return True
        if isinstance(value, list):
            return any(has_number(v) for v in value)
        return False

    def walk(table: dict[str, Any], name: str, sourced: bool) -> None:
        sourced = sourced or isinstance(table.get("source"), str)
        numbers = [k for k, v in table.items() if has_number(v)]
        if numbers and not sourced:
            found.append(name or "<top>")
        for key, value in table.items():
            if isinstance(value, dict):
                walk(value, f"{name}.{key}" if name else key, sourced)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, dict):
                        walk(item, f"{name}.{key}[]" if name else key, sourced)

    walk(data, where, False)
    return found


# -- finding a user's rules file ---------------------------------------------------------


def check_rules_dir(rules_dir: Path | None) -> None:
    """Raise :class:`printkit.UsageError` (one line, the name shortened)
    unless ``rules_dir`` — ``--rules DIR``, ``None`` when not given — is a
    folder, saying what to give instead: for a file (``--rules
    house/archeo.toml``) the folder that holds it, named (``--rules house``);
    for nothing there, or a name the system refuses (too long, unreadable,
    which ``Path.is_dir`` raised as an ``OSError``), why."""
    if rules_dir is None:
        return
    shown = shown_path(Path(rules_dir))
    wanted = "give the folder of the rules files (<game>.toml)"
    try:
        mode = os.stat(rules_dir).st_mode
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR):
            raise UsageError(f"--rules: {shown} is not a folder (nothing is there); {wanted}") from None
        raise UsageError(f"--rules: {shown} cannot be a folder ({exc.strerror or exc}); {wanted}") from None
    if stat.S_ISDIR(mode):
        return
    if stat.S_ISREG(mode):
        raise UsageError(f"--rules: {shown} is a file; --rules takes the folder that holds the rules files "
                         f"(<game>.toml), so give --rules {escape_display(str(Path(rules_dir).parent))}")
    raise UsageError(f"--rules: {shown} is not a folder; {wanted}")


def user_rules_file(game: str, rules_dir: Path | None) -> Path | None:
    """``<rules_dir>/<game>.toml`` when ``--rules DIR`` was given and anything
    at all sits at that name; ``None`` means the bundled rules.

    Only a name that does not exist falls back to the bundled rules.  A
    folder, a pipe, a device, a dangling or odd symlink or an unreadable file
    at that name is returned as it is, so that reading it (:func:`load_toml`,
    regular files only) fails with one line naming it — never a silent switch
    to the bundled data the user meant to replace.
    """
    if rules_dir is None:
        return None
    path = Path(rules_dir) / f"{game}.toml"
    try:
        os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:  # permission denied on the folder, name too long, …: let the reader say so
        return path
    return path


def refuse_link_out(path: Path) -> None:
    """Raise :class:`printkit.PrintkitError` when the ``--rules`` file
    ``path`` is a symbolic link to a file outside its folder: the user
    named the folder, so a house-rules folder from elsewhere reads none of
    the user's other files (as a theme reads none outside its folders).  A
    link to another file of the folder is fine; one to a device, FIFO or
    nothing is left to the reader, which says what it is."""
    path = Path(path)
    if not (os.path.islink(path) and os.path.isfile(path)):
        return
    try:
        inside = path.resolve().is_relative_to(path.parent.resolve())
    except (OSError, RuntimeError, ValueError):
        inside = False
    if not inside:
        raise PrintkitError(f"{escape_display(str(path))}: a link leading outside the --rules folder; "
                            f"expected the folder's own {escape_display(path.name)}")


def bundled_rules_note(game: str, rules_dir: Path | None) -> str | None:
    """The one-line note for ``--rules DIR`` holding no ``<game>.toml``:
    ``game`` then uses its bundled rules (:func:`user_rules_file`), which
    the user should be told — a house-rules folder made for another game, or
    a file misnamed ``trek12.toml``, would otherwise go unnoticed.  ``None``
    without ``--rules`` or when the file (or anything at its name) is there."""
    if rules_dir is None or user_rules_file(game, rules_dir) is not None:
        return None
    return escape_display(f"--rules {rules_dir}: no {game}.toml in it; {game} uses the bundled rules")


# -- unknown keys: one check for every game's rules data ---------------------------------

#: Keys every table of a rules file may hold (provenance, see :func:`missing_sources`).
ANYWHERE = frozenset({"source"})

#: A key tree: a table is ``{key: subtree}``, an array ``[subtree of its entries]``,
#: anything else ``None``.
KeyTree = Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def key_tree(value: Any) -> KeyTree:
    """The key tree of TOML data: tables by key; an array by the union of the
    key trees of its entries (so ``circles[]`` knows every key any bundled
    circle uses); numbers and texts are leaves (``None``)."""
    if isinstance(value, dict):
        return {k: key_tree(v) for k, v in value.items()}
    if isinstance(value, list):
        merged: KeyTree = None
        for item in value:
            merged = _merge(merged, key_tree(item))
        return [merged]
    return None


def _merge(a: KeyTree, b: KeyTree) -> KeyTree:
    if a is None:
        return b
    if b is None:
        return a
    if isinstance(a, dict) and isinstance(b, dict):
        out = dict(a)
        for k, v in b.items():
            out[k] = _merge(out.get(k), v)
        return out
    if isinstance(a, list) and isinstance(b, list):
        return [_merge(a[0], b[0])]
    return a  # a table here, an array there: the game's checker reports wrong types


#: Longest key shown as it is in a message; a longer one is shortened (:func:`show`).
KEY_SHOWN_MAX = 60


def key_name(where: str, key: str) -> str:
    """``where.key`` as shown in messages: odd keys quoted and escaped, long
    ones shortened (a 100 kB bare key made a 100 kB error line)."""
    shown = key if _BARE_KEY.fullmatch(key) and len(key) <= KEY_SHOWN_MAX else show(key)
    return f"{where}.{shown}" if where else shown


def unknown_keys(data: Any, tree: KeyTree, *, ids: Mapping[str, Iterable[str]] | None = None,
                 ) -> list[tuple[str, list[str]]]:
    """Keys of ``data`` that ``tree`` (usually :func:`key_tree` of the bundled
    rules of the same game) does not know: a list of (dotted key, the keys
    known in that table), in file order.

    ``ids``: tables whose keys are ids named elsewhere in the user's data
    (``{"tokens.bones": ["blue", "black"]}``; array positions are left out of
    these names): those keys are known too, and their tables are checked
    against the union of the bundled entries of that table.  ``source`` is
    known in every table.  Values of the wrong kind (a number where the
    bundled file has a table) are left to the game's typed checker.  Arrays
    are shown 1-based (``digsite.circles[3].colour``).
    """
    ids = {k: frozenset(v) for k, v in (ids or {}).items()}
    found: list[tuple[str, list[str]]] = []

    def walk(value: Any, tree: KeyTree, where: str, pattern: str) -> None:
        if isinstance(value, dict) and isinstance(tree, dict):
            extra = ids.get(pattern, frozenset())
            entry: KeyTree = None
            if extra:
                for k, sub in tree.items():
                    if isinstance(sub, dict) and k not in ANYWHERE:
                        entry = _merge(entry, sub)
            for k, v in value.items():
                sub_pattern = f"{pattern}.{k}" if pattern else k
                if k in tree:
                    walk(v, tree[k], key_name(where, k), sub_pattern)
                elif k in ANYWHERE:
                    continue
                elif k in extra:
                    walk(v, entry, key_name(where, k), sub_pattern)
                else:
                    known = sorted((set(tree) | extra) - ANYWHERE)
                    found.append((key_name(where, k), known))
        elif isinstance(value, list) and isinstance(tree, list) and tree[0] is not None:
            for i, item in enumerate(value, 1):
                walk(item, tree[0], f"{where}[{i}]", pattern)

    walk(data, tree, "", "")
    return found


def check_known_keys(data: Any, tree: KeyTree, label: str, *,
                     ids: Mapping[str, Iterable[str]] | None = None) -> None:
    """Raise :class:`printkit.PrintkitError` for the first key of ``data``
    that ``tree`` does not know (see :func:`unknown_keys`), one line:
    ``"<label>: digsite.circles[3].colour: unknown key; expected one of: id,
    kind, x, y (did you mean 'kind'?)"``, with a count of the others."""
    found = unknown_keys(data, tree, ids=ids)
    if not found:
        return
    import difflib  # for the suggestion only

    key, known = found[0]
    leaf = key.rpartition(".")[2].partition("[")[0]
    close = difflib.get_close_matches(leaf.strip("'\""), known, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    listed = ", ".join(known[:15]) + (", …" if len(known) > 15 else "")
    more = f"; {len(found) - 1} more unknown key{'s' if len(found) > 2 else ''} after it" if len(found) > 1 else ""
    raise PrintkitError(
        f"{escape_display(label)}: {key}: unknown key{hint}; expected one of: {listed or '(nothing here)'}{more}"
    )


@lru_cache(maxsize=None)
def bundled_key_tree(game: str) -> KeyTree:
    """:func:`key_tree` of the bundled ``rules/<game>.toml`` (read once)."""
    return key_tree(load_bundled(rules_path(game)))


def check_rules_keys(game: str, data: dict[str, Any], path: Path | str, *,
                     ids: Mapping[str, Iterable[str]] | None = None) -> None:
    """Refuse keys in a rules file for ``game`` that its bundled rules file
    does not have (a typo such as ``circle_diamter`` would otherwise be
    ignored and the default silently used).  The one unknown-key check of
    every game's ``load_rules``; see :func:`check_known_keys`."""
    check_known_keys(data, bundled_key_tree(game), str(path), ids=ids)


def listed(data: Any, key: str) -> list[str]:
    """The texts listed at the dotted ``key`` of raw rules data (e.g. the ids
    of ``"treasures.order"``), or ``[]`` when there is no list there."""
    node: Any = data
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return [v for v in node if isinstance(v, str)] if isinstance(node, list) else []


def table_keys(data: Any, table: str) -> list[str]:
    """The entry keys of the top-level ``table`` of raw rules data
    (``source`` aside), or ``[]`` when it is not a table."""
    node = data.get(table) if isinstance(data, dict) else None
    return [k for k in node if k != "source"] if isinstance(node, dict) else []


def read_rules(game: str, path: Path | str | None, read: Callable[["Checker"], Any], *,
               ids: Callable[[dict[str, Any], Any], Mapping[str, Iterable[str]]] | None = None) -> Any:
    """The one rules reader of every game's ``load_rules``: ``path`` (``None``:
    :func:`rules_path` of ``game``) read bounded, ``read(checker)`` building
    the game's rules object with :class:`Checker`, then every key nothing read
    refused (:func:`check_rules_keys`; ``ids(data, rules)`` names the ids a
    table may be keyed by).  A file's ``[game] id``, when given, must be
    ``game``.  Raises :class:`printkit.PrintkitError`, one line
    naming the file and key — also for data so malformed that ``read`` trips
    over it (``KeyError``, ``TypeError``, ``ValueError``, ``AttributeError``:
    a safety net, never a traceback).

    The bundled file (``path`` ``None``) is read once per process: later calls
    return the same rules object while the file's size and modification time
    are unchanged (rules objects are frozen; treat them as read-only); across
    processes its parsed data comes from the cache of :func:`load_bundled`."""
    bundled = not path
    path = Path(path) if path else rules_path(game)
    key = None
    if bundled:  # the bundled file is read once per process (the kit and its scorer both ask for it)
        try:
            st = path.stat()
            key = (game, read, str(path), st.st_mtime_ns, st.st_size)
        except OSError:  # missing: load_toml words the error
            key = None
        if key is not None and key in _BUNDLED:
            return _BUNDLED[key]
    if not bundled:
        refuse_link_out(path)
    chk = Checker(path, load_bundled(path) if bundled else load_toml(path), game)
    table = chk.data.get("game")
    if not bundled and isinstance(table, dict) and "id" in table and table["id"] != game:
        # the one key no game reads: a file saved for another game (or under the wrong name) says so
        raise chk.fail("game.id", f"must be {game!r}, the game this file's name ({game}.toml) gives its rules to",
                       table["id"])
    try:
        rules = read(chk)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PrintkitError(f"{path}: malformed rules data ({type(exc).__name__}: {show(str(exc))})") from None
    # The bundled file is the key tree unknown keys are looked up in: checked against
    # itself it can have none (every key of a table or array entry is in its own
    # tree), so only another file is walked (bundled_key_tree parses the bundled one).
    if not bundled:
        check_rules_keys(game, chk.data, path, ids=ids(chk.data, rules) if ids else None)
    if key is not None:
        _BUNDLED[key] = rules
    return rules


#: Bundled rules already read: (game, reader, path, mtime, size) → rules object.
_BUNDLED: dict[tuple, Any] = {}


class Checker:
    """Typed, range-checked reads from one game's rules data — the one
    rules-data checker every game's ``load_rules`` uses.

    ``path`` is the file shown in errors, ``data`` its parsed TOML, ``game``
    the game id (named in "missing" hints).  Keys are dotted
    (``"dig.area_sum"``).  Every method returns the checked value or raises
    :class:`printkit.PrintkitError` as one line:
    ``<file>: <table.key> = <value>: <what is allowed>``.
    """

    def __init__(self, path: Path | str, data: dict[str, Any], game: str):
        self.path, self.data, self.game = path, data, game

    def fail(self, key: str, why: str, value: Any = ...) -> PrintkitError:
        """The error for ``key`` (with its ``value`` shown when given)."""
        shown = "" if value is ... else f" = {show(value)}"
        return PrintkitError(f"{self.path}: {key}{shown}: {why}")

    def get(self, key: str) -> Any:
        """The raw value at ``key``; missing keys and non-table parents fail."""
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict):
                raise self.fail(key.rpartition(".")[0], f"must be a table, not {show(node)}")
            if part not in node:
                raise self.fail(key, f"missing (see the bundled rules/{self.game}.toml)")
            node = node[part]
        return node

    def table(self, key: str) -> dict[str, Any]:
        """The table at ``key``."""
        v = self.get(key)
        if not isinstance(v, dict):
            raise self.fail(key, f"must be a table [{key}], not {show(v)}")
        return v

    def whole(self, key: str, lo: int, hi: int, value: Any = ..., what: str = "") -> int:
        """A whole number ``lo`` ≤ v ≤ ``hi`` (booleans refused); ``what``
        is appended to the message."""
        v = self.get(key) if value is ... else value
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.fail(key, f"must be a whole number from {lo:,} to {hi:,}{what}", v)
        return v

    def number(self, key: str, lo: float, hi: float, value: Any = ..., unit: str = "") -> float:
        """A number ``lo`` ≤ v ≤ ``hi`` as float; ``unit`` (``"mm"``) names a length."""
        v = self.get(key) if value is ... else value
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
            kind = f"a length in {unit}" if unit else "a number"
            raise self.fail(key, f"must be {kind} from {lo:g} to {hi:g}", v)
        return float(v)

    def mm(self, key: str, lo: float, hi: float, value: Any = ...) -> float:
        """A length in mm, ``lo`` ≤ v ≤ ``hi``."""
        return self.number(key, lo, hi, value, unit="mm")

    def wholes(self, key: str, lo: int, hi: int, *, min_len: int = 1, max_len: int = 20) -> tuple[int, ...]:
        """A list of ``min_len``–``max_len`` whole numbers, each ``lo``–``hi``."""
        v = self.get(key)
        if not isinstance(v, list) or not min_len <= len(v) <= max_len:
            raise self.fail(key, f"must list {min_len} to {max_len} whole numbers", v)
        return tuple(self.whole(key, lo, hi, x) for x in v)

    def text(self, key: str, max_len: int, value: Any = ...) -> str:
        """Plain printable text of 1 to ``max_len`` characters."""
        v = self.get(key) if value is ... else value
        if not isinstance(v, str) or not v.strip() or len(v) > max_len:
            raise self.fail(key, f"must be text of 1 to {max_len} characters", v)
        flaw = text_flaw(v)
        if flaw:
            raise self.fail(key, f"holds {flaw}; write plain printable text", v)
        return v

    def choice(self, key: str, allowed: Iterable[str], value: Any = ...) -> str:
        """One of ``allowed``."""
        v = self.get(key) if value is ... else value
        allowed = tuple(allowed)
        if v not in allowed:
            raise self.fail(key, f"must be one of {', '.join(allowed)}", v)
        return v

    def ids(self, key: str, lo: int, hi: int, allowed: Iterable[str] | None = None,
            *, max_len: int = 30, value: Any = ...) -> list[str]:
        """A list of ``lo``–``hi`` distinct ids (text up to ``max_len``),
        each in ``allowed`` when given."""
        v = self.get(key) if value is ... else value
        if not isinstance(v, list) or not lo <= len(v) <= hi:
            raise self.fail(key, f"must list {lo} to {hi} ids", v)
        allowed = tuple(allowed) if allowed is not None else None
        for i in v:
            self.text(key, max_len, i)
            if allowed is not None and i not in allowed:
                raise self.fail(key, f"{show(i)} is not a known id; choose from {', '.join(allowed)}")
        if len(set(v)) != len(v):
            raise self.fail(key, "lists an id twice", v)
        return v


def check_printable(where: Path | str, texts: Iterable[tuple[str, str, Iterable[str]]], theme) -> None:
    """Refuse rules texts the ``theme``'s fonts cannot draw (emoji, scripts
    the fonts lack — reportlab would print blank boxes).

    ``texts``: (``table.key``, the text as printed, the theme font roles it
    is drawn in).  Raises :class:`printkit.PrintkitError` naming ``where``
    (the rules file), the key, up to five characters and the font.
    """
    for key, text, roles in texts:
        for role in roles:
            missing = theme.missing_glyphs(text, role)
            if missing:
                chars = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing[:5])
                more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
                raise PrintkitError(
                    f"{where}: {key}: the theme {theme.name!r} {role} font "
                    f"({Path(theme.font_files[role]).name}) has no glyph for {chars}{more}; "
                    "write text that font can draw"
                )


#: Longest playing time (minutes) a rules file may state.
PLAYTIME_MAX = 600


def playing_time(chk: Checker) -> tuple[int, int]:
    """(min, max) playing time in minutes from the ``[playtime]`` table
    (``min``, ``max``: whole numbers 1–:data:`PLAYTIME_MAX`, min ≤ max), as a
    kit's cover prints it.  Raises :class:`printkit.PrintkitError` (one line
    naming file and key) for a missing or bad value."""
    lo = chk.whole("playtime.min", 1, PLAYTIME_MAX)
    hi = chk.whole("playtime.max", 1, PLAYTIME_MAX)
    if lo > hi:
        raise chk.fail("playtime", f"needs min <= max, got min {lo}, max {hi}")
    return lo, hi


def least_that_fits(fits, current: float, most: float, step: float, noun: str) -> str:
    """What a house rule's size too small for what it prints should become,
    in words: "at least X mm", X the first value after ``current`` (mm, on a
    grid of ``step`` mm) up to ``most`` (the rules' accepted maximum) for
    which ``fits(X)`` is true, else "no NOUN up to MOST mm does"."""
    n = int(round(1 / step))
    first, last = int(current * n) + 1, int(round(most * n))
    x = next((k / n for k in range(first, last + 1) if fits(k / n)), None)
    return f"at least {x:g} mm" if x is not None else f"no {noun} up to {most:g} mm does"
