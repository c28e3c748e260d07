"""Theme folders for designers: ``printkit themes`` and ``printkit new-theme``.

:func:`theme_lines` describes every theme found (where it comes from, which
one a name reaches, what it extends); :func:`new_theme` writes a theme folder
to edit: a ``theme.toml`` holding every key of the theme it starts from, each
with a comment (what it is, units, allowed values), and optionally copies of
the templates.  Finding and inheritance live in :mod:`printkit.theme`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from printkit import PrintkitError, UsageError
from printkit.inputfiles import blank_flaws, escape_display, read_bytes, read_text, shown_path
from printkit.theme import (
    FONT_ROLE_USES,
    FONT_ROLES,
    THEME_KEYS,
    TYPE_KEYS,
    FoundTheme,
    _theme_data,
    find_theme,
    list_themes,
    load_theme,
    own_theme_toml,
    shadowing,
    theme_name_problem,
    theme_places,
    validate_theme_data,
)
from printkit.gamefiles import game_entry_points, palette_file, templates_dir
from printkit.rules import load_toml

#: Template files a theme may hold besides theme.toml (what --copy-templates copies).
TEMPLATE_SUFFIXES = (".j2", ".css")


def _about(found: FoundTheme) -> str:
    """``extends X · description`` of a theme, or ``not usable: <why>``."""
    try:
        data = load_toml(own_theme_toml(found.folder))
        validate_theme_data(data, found.folder / "theme.toml")
    except PrintkitError as exc:
        return f"not usable: {escape_display(str(exc))}"
    head = data.get("theme", {})
    bits = [f"extends {head['extends']}" if "extends" in head else
            ("the base theme" if found.source == "bundled" and found.name == "classic" else "extends classic")]
    if "description" in head:
        bits.append(escape_display(head["description"]))
    return " · ".join(bits)


def theme_lines() -> list[str]:
    """The lines ``printkit themes`` prints: the lookup order, then one line
    per theme found (:func:`printkit.theme.list_themes`) — name, source,
    folder, what it extends and its description — and, for a name found in
    more than one place, which one ``--theme NAME`` uses ("shadows …") and
    which it hides ("shadowed by …")."""
    themes = list_themes()
    hidden = shadowing(themes)
    hides: dict[Path, list[FoundTheme]] = {}
    for t in themes:
        if t.folder in hidden:
            hides.setdefault(hidden[t.folder].folder, []).append(t)
    places = "; ".join(f"{src} ({escape_display(str(folder))})" for src, folder in theme_places())
    lines = [f"--theme NAME looks in: {places}; then a folder NAME here. --theme PATH takes any theme folder."]
    if not themes:
        return lines + ["no themes found"]
    width = max(len(t.name) for t in themes)
    for t in themes:
        note = ""
        if t.folder in hidden:
            used = hidden[t.folder]
            note = f"  [shadowed by {used.source} {used.name}: use --theme {escape_display(str(t.folder))}]"
        elif t.folder in hides:
            note = "  [shadows " + ", ".join(f"{h.source} {h.name}" for h in hides[t.folder]) + "]"
        lines.append(f"{escape_display(t.name):<{width}}  {t.source:<8}  {escape_display(str(t.folder))}  "
                     f"{_about(t)}{note}")
    return lines


# -- new-theme ------------------------------------------------------------------------------

_KEY_LINE = re.compile(r'^\s*"?([A-Za-z0-9_-]+)"?\s*=\s*"[^"]*"\s*(?:#\s*(.*?))?\s*$')
_TABLE_LINE = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\"-]+)\s*\]\s*(?:#.*)?$")
_COMMENT_LINE = re.compile(r"^\s*#\s?(.*?)\s*$")


def _clean(text: str, limit: int = 160) -> str:
    """A comment taken from a theme file, safe to write back as one comment line."""
    text = blank_flaws(text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def key_comments(theme_tomls: list[Path]) -> dict[tuple[str, str], str]:
    """(table, key) → the comment theme files give the key: its inline
    comment (``ink = "#2b2118"  # main text``), else a comment block heading
    a run of keys with no comment of their own (``# Bone colours: …`` above
    ``blue``, ``green``…; a block right under a table header describes the
    table, not a key).  Files are read child first; any file's inline comment
    wins over a block.  The base theme's inline comment (the last file's)
    says what the role colours and comes first; a child theme's own inline
    comment, when it says something else, follows it ("…; here: …")."""
    inline: dict[tuple[str, str], list[str]] = {}
    grouped: dict[tuple[str, str], str] = {}
    for path in theme_tomls:
        try:
            text = read_text(path, kind="toml")
        except PrintkitError:
            continue
        table, group, under_header = "", None, True
        # TOML's lines end at "\n" only: str.splitlines() would also split a comment
        # at U+2028 and friends, and read its rest as a table header or a key
        for line in text.replace("\r\n", "\n").split("\n"):
            if m := _TABLE_LINE.match(line):
                table, group, under_header = m.group(1).replace('"', ""), None, True
            elif m := _KEY_LINE.match(line):
                key, said = m.group(1), m.group(2)
                under_header = False
                if said:
                    group = None
                    inline.setdefault((table, key), []).append(_clean(said))
                elif group:
                    grouped.setdefault((table, key), _clean(group))
            elif m := _COMMENT_LINE.match(line):
                if not under_header:
                    group = m.group(1) if group is None else f"{group} {m.group(1)}"
            elif not line.strip():
                group = None
    joined = {}
    for where, said in inline.items():
        base, own = said[-1], said[0]
        joined[where] = base if own == base else _clean(f"{base.rstrip('.')}; here: {own}", 240)
    return {**grouped, **joined}


def _colour_comment(table: str, key: str, comments: dict[tuple[str, str], str]) -> str:
    """What colour role ``key`` of ``table`` is (its comment in the source
    theme, or one derived from a related role), plus the allowed values."""
    said = comments.get((table, key))
    if not said:
        base = re.sub(r"[_-](dark|light)$", "", key)
        if base != key:
            shade = "darker" if key.endswith("dark") else "lighter"
            about = comments.get((table, base))
            said = f"a {shade} shade of {base}" + (f" ({about})" if about else "")
        else:
            said = f"colour role {key}" + (f" of {table[len('games.'):]}" if table.startswith("games.") else "")
    return f'{said.rstrip(".")}; "#rrggbb"'


def _toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _game_palettes() -> list[Path]:
    """Every registered game's ``palette.toml`` (the base of its palette, below every theme)."""
    return [p for p in map(palette_file, game_entry_points()) if p is not None]


def _with_game_templates(search: tuple[Path, ...]) -> tuple[Path, ...]:
    """The theme's template folders, then every registered game's ``templates/``."""
    return tuple(search) + tuple(d for d in map(templates_dir, game_entry_points()) if d is not None)


#: A template's file name: what a theme's templates are called (no spaces, newlines or other characters).
_TEMPLATE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,99}")


def _templates(search: tuple[Path, ...]) -> dict[str, Path]:
    """Template file name → the folder it comes from (first in ``search``
    wins).  Only regular files with a plain name (letters, digits, ``. _ -``)
    count: links (which could lead out of the theme folder) and names with
    newlines or other characters are left out."""
    out: dict[str, Path] = {}
    for folder in search:
        try:
            files = sorted(p for p in folder.iterdir() if p.suffix in TEMPLATE_SUFFIXES
                           and _TEMPLATE_NAME.fullmatch(p.name) and not p.is_symlink() and p.is_file())
        except OSError:
            continue
        for f in files:
            out.setdefault(f.name, folder)
    return out


def theme_toml_text(name: str, source: FoundTheme, copied: bool, use: str | None = None) -> str:
    """The theme.toml ``new-theme`` writes for ``name`` starting from ``source``:
    ``[theme]`` (name, description, ``extends`` = the source's name), every
    font role and every colour of the source's chain (its values, so the new
    theme prints like the source until edited), each key with a comment."""
    data, search = _theme_data(source)
    comments = key_comments([folder / "theme.toml" for folder in search] + _game_palettes())
    templates = _templates(_with_game_templates(search))
    ext = source.name
    out = [
        f'# Theme "{name}", started from "{ext}" by `printkit new-theme`.',
        "#",
        f"# Use it:  printkit build all --theme {use or name}",
        "#   (--theme takes a name found in ./themes/, your config folder's themes/ or the bundled",
        "#   themes, or the path of a theme folder; `printkit themes` shows which one a name reaches.)",
        "#",
        "# Every key below is live: change a value and build again.  A key you delete (or a",
        f'# whole [games.<game>] table) takes "{ext}"\'s value again, and so does any colour a',
        "# later printkit adds: `extends` names the theme this one falls back to.",
        "#",
        '# Colours: sRGB, written "#rrggbb" (six hex digits, e.g. "#2b2118"); nothing else is',
        "#   accepted.  Names are letters, digits, - and _; documents see each as a CSS variable",
        "#   --<name> (a game's palette over [colours]).",
        "# Fonts: one font file (.ttf, or .otf: PostScript outlines are converted to TrueType; not",
        "#   .ttc or WOFF), given as a file name in this folder (e.g. \"MyFont-Bold.otf\"), in a parent",
        "#   theme's folder or in fonts/, as \"package:<python package>/<file>\" for a font installed",
        '#   with pip, or an installed font\'s name ("DejaVu Serif", found with fontconfig\'s fc-match).',
        "#",
        "# Templates: the rules references and the high-score log are jinja2 HTML + CSS rendered by weasyprint",
        "#   (sandboxed: they may use only files of the theme's folders).  A file in this folder",
        "#   replaces the parent's file of the same name; files not here come from the parent.",
    ]
    if copied:
        out.append("#   Copies of every template are in this folder (edit them; delete one to follow the parent's):")
    else:
        out.append("#   To restyle one, copy it here from the folder shown and edit it"
                   " (`printkit new-theme --copy-templates` copies them all):")
    for file, folder in templates.items():
        out.append(f"#     {file:<32} {escape_display(str(folder))}")
    out += [
        "",
        "[theme]",
        f"name = {_toml_string(name)}  # {THEME_KEYS['name']}; `printkit themes` lists it",
        f'description = {_toml_string(f"A theme of my own, started from {ext}.")}  # {THEME_KEYS["description"]}',
        f"extends = {_toml_string(ext)}  # {THEME_KEYS['extends']}: everything this file leaves out comes from it",
        "",
        "[fonts]",
    ]
    for role in FONT_ROLES:
        out.append(f"{role} = {_toml_string(data['fonts'][role])}  # {FONT_ROLE_USES[role]}; a .ttf/.otf file, package:<pkg>/<file> or an installed font's name")
    out += ["", "[colours]", "# Colours every game and document uses (a game's palette below may override one)."]
    for key, value in data.get("colours", {}).items():
        out.append(f'{key} = "{value}"  # {_colour_comment("colours", key, comments)}')
    out += ["", "[type]", "# Type size of small text (documents and components)."]
    out.append(f"scale = {float(data.get('type', {}).get('scale', 1.0))}  # {TYPE_KEYS['scale']}")
    for game, palette in sorted(data.get("games", {}).items()):
        out += ["", f"[games.{game}]",
                f"# The {game} palette: colour roles its cards, tokens, boards and documents use."]
        for key, value in palette.items():
            out.append(f'{key} = "{value}"  # {_colour_comment(f"games.{game}", key, comments)}')
    return "\n".join(out) + "\n"


def new_theme(name: str, source: str = "classic", parent: Path | None = None, *, copy_templates: bool = False) -> Path:
    """Write the theme folder ``parent/name`` (default ``./themes/name``),
    starting from theme ``source`` (a name or path, :func:`find_theme`), and
    return it.  The folder appears whole or not at all (written beside it,
    checked by loading it, then renamed).  Raises
    :class:`printkit.UsageError` for a name that is not a plain theme name,
    a folder that already exists, a ``--from`` given as a path or a
    ``parent`` that cannot be written to; :class:`printkit.PrintkitError` if
    the source theme is broken or a write fails (disk full); then the folders
    of ``parent`` it made are removed again while empty."""
    problem = theme_name_problem(name)
    if problem or len(name) > 60:
        raise UsageError(f"new-theme: {problem or repr(name) + ' is too long'}; expected a theme name: "
                         "letters, digits, - and _ (up to 60)")
    parent = Path("themes") if parent is None else parent
    target = parent / name
    if os.path.lexists(target):  # False too for a name the system refuses (too long): mkdir below says so
        raise UsageError(f"new-theme: {escape_display(str(target))} already exists; nothing written "
                         "(choose another NAME or --dir, or delete that folder)")
    try:
        found = find_theme(source)
    except UsageError as exc:  # find_theme speaks of --theme; here the user typed --from
        raise UsageError(str(exc).replace("--theme: ", "new-theme: --from: ", 1)) from None
    if found.source == "path":
        raise UsageError(f"new-theme: --from {escape_display(source)}: expected a theme name that --theme finds "
                         "(see 'printkit themes'), as the new theme extends it by name")
    load_theme(source)  # the source must load whole: fonts and all
    _, search = _theme_data(found)
    in_places = any(_same(parent, base) for _, base in theme_places())
    text = theme_toml_text(name, found, copy_templates, name if in_places else escape_display(str(target)))
    made = []  # the folders of parent that are missing, deepest first: removed again if nothing is written
    for folder in (parent, *parent.parents):
        if folder.name in ("", ".", "..") or os.path.lexists(folder):
            break
        made.append(folder)
    try:
        parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=parent))
    except OSError as exc:
        _remove_empty(made)
        raise UsageError(f"new-theme: --dir: cannot write to {shown_path(parent)} "
                         f"({exc.strerror or exc})") from None
    try:
        (work / "theme.toml").write_text(text, encoding="utf-8")
        if copy_templates:
            for file, folder in _templates(_with_game_templates(search)).items():
                # read bounded, as a regular file only (no link followed); written as a new file of ours
                data = read_bytes(folder / file, kind="template", follow=False)
                with open(work / file, "xb") as fh:
                    fh.write(data)
        check = load_toml(work / "theme.toml")
        validate_theme_data(check, work / "theme.toml")
        if os.path.lexists(target):
            raise UsageError(f"new-theme: {escape_display(str(target))} already exists; nothing written")
        os.chmod(work, 0o777 & ~_umask())
        os.rename(work, target)
    except OSError as exc:
        shutil.rmtree(work, ignore_errors=True)
        _remove_empty(made)
        raise PrintkitError(f"new-theme: {escape_display(str(target))}: cannot write ({exc.strerror or exc}); "
                            "nothing written") from None
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        _remove_empty(made)
        raise
    return target


def _remove_empty(folders: list[Path]) -> None:
    """Remove each of ``folders`` (deepest first) that is still empty."""
    for folder in folders:
        try:
            os.rmdir(folder)
        except OSError:  # written to meanwhile, or gone: keep it (and those above it)
            break


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return False


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
