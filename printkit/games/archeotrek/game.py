"""Parsing a filled ArchéoTREK game (``docs/formats/archeotrek-game.md``).

:func:`load_game` reads TOML (default) or JSON (``.json``) — UTF-8, a BOM
tolerated, CRLF fine — and hands the data to :func:`game_from_dict`, the single
entry point for every source (a filled PDF form becomes the same dict).

Problems in a player's entries (wrong types, missing or unknown keys) become
:class:`Problem` s on ``Game.problems`` so
every sheet is still checked; an unreadable file or a malformed ``[layout]`` /
``[tokens]`` raises :class:`printkit.PrintkitError` naming the file and key.

Hardening (issue 7): files are read through :mod:`printkit.inputfiles` (size
limit, strict JSON: no duplicate keys, no lone surrogates); whole numbers
beyond 64 bits are ``wrong-type`` problems; names, circle labels and token ids
with control characters, bidirectional overrides or lone surrogates are
``wrong-type`` problems; player names are compared after NFKC normalisation,
case folding, dropping invisible format characters (zero-width spaces …) and
collapsing whitespace; messages quote values through
:func:`printkit.inputfiles.show` (short, escaped).  Issue 10: a name longer
than :data:`printkit.messages.MAX_NAME` characters is a ``wrong-type`` problem
(the player is then called "player N"), so no message repeats a huge name.  A string ``[layout]`` is a
path inside the game file's folder.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from printkit.gamekit import (
    ERROR,
    INT64_MAX,
    INT64_MIN,
    PrintkitError,
    Problem as BaseProblem,
    Table,
    WARNING,
    all_plain,
    check_keys,
    check_top,
    is_int64,
    load_toml,
    player_name,
    player_tables,
    read_game_file,
    require_table,
    shared_codes,
    show,
    text_flaw,
    type_name,
)
from printkit.games.archeotrek.data import (
    CHOICE_LINES,
    CIRCLE_KINDS,
    ArcheoTrekRules,
    Circle,
    Layout,
    TokenSet,
    load_rules,
)

#: code → (severity, the rule it enforces).  Stable: tests, docs and JSON use them.
CODES: dict[str, tuple[str, str]] = {
    **shared_codes("archeotrek", format="filled-game", missing="a player has a `name`, `choices` and `circles`",
                   wrong_type="every entry has the type the format gives (values are whole numbers)"),
    "unknown-circle": (ERROR, "every circle label exists in the layout"),
    "value-out-of-range": (
        ERROR,
        "a value is one the dice can produce (yellow face, red face, |red - yellow|, red + yellow)",
    ),
    "special-circle": (
        ERROR,
        "a red circle holds a red face, a yellow circle a yellow face, a '+' circle a possible sum",
    ),
    "not-connected": (
        ERROR,
        "filled circles are connected (each result after the first is written next to a filled circle)",
    ),
    "ticks-over-boxes": (ERROR, "ticks on a Choices line never exceed its boxes"),
    "ticks-count": (ERROR, "total ticks equal the filled circles (one tick per result written)"),
    "no-assignment": (
        ERROR,
        "some assignment of operations to circles matches the ticks per line, "
        "every value comes from its operation and every special circle gets its own operation",
    ),
    "choices-unfinished": (
        ERROR,
        "a finished game has every Choices box ticked (warning with --partial)",
    ),
    "area-empty": (ERROR, "a Digging Area is non-empty"),
    "area-unfilled": (ERROR, "a Digging Area is made of filled circles"),
    "area-not-contiguous": (ERROR, "a Digging Area is contiguous"),
    "area-sum": (ERROR, "a Digging Area totals exactly the area sum (rulebook: 9, 2. Choose your result; "
                        "--rules: [dig] area_sum)"),
    "area-overlap": (ERROR, "a circle belongs to at most one Digging Area"),
    "too-many-tokens": (
        ERROR,
        "an area keeps at most base + per_zero × its 0s Bone tokens "
        "(rulebook: 1 + 1 per 0, 3. Reveal fossils; --rules: [dig.tokens_per_area])",
    ),
    "too-few-tokens": (
        WARNING,
        "an area keeps base + per_zero × its 0s Bone tokens unless the token set is exhausted "
        "(rulebook: 1 + 1 per 0; --rules: [dig.tokens_per_area])",
    ),
    "unknown-token": (ERROR, "every kept token exists in the token set (\"<colour>-<value>\")"),
    "duplicate-token": (ERROR, "no Bone token is kept twice across the whole table"),
}


@dataclass(frozen=True)
class Problem(BaseProblem):
    """One broken rule of a Dig Site sheet (:class:`printkit.scoring.problems.Problem`).

    Besides code, severity, message and player: ``area``: 1-based Digging
    Area number within the player's sheet, if any; ``circles`` / ``tokens``:
    labels and ``"<colour>-<value>"`` ids involved.
    """

    CODES: ClassVar[dict[str, tuple[str, str]]] = CODES

    area: int | None = None
    circles: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()


problem = Problem.make


#: Labels and token ids read from a game file are interned: every game then
#: shares the layout's and the token set's own strings (less memory, and the
#: checks' look-ups compare them by identity).
intern = sys.intern

GAME_ID = "archeotrek"
TOP_KEYS = ("game", "layout", "tokens", "player")
PLAYER_KEYS = ("name", "choices", "circles", "area")
AREA_KEYS = ("circles", "bones")
LAYOUT_KEYS = ("choices", "dice", "circles", "links")
TOKEN_KEYS = ("bones", "skeletons")
#: Most circles a layout may have (the bundled Dig Site has 26; the checks use
#: one bit per circle, so a runaway layout would cost quadratic time).
MAX_CIRCLES = 1000
#: Most colours a token set may have (the bundled set has 4).
MAX_COLOURS = 20


@dataclass(frozen=True)
class Area:
    """One Digging Area: circle labels and the Bone tokens kept for it."""

    circles: tuple[str, ...]
    bones: tuple[str, ...]


@dataclass
class Player:
    """One player's sheet.

    ``choices``: Choices line → ticks; ``circles``: label → value written
    (``None`` when the entry was not a whole number — already a problem);
    ``areas``: Digging Areas in the order they were drawn.
    ``choices_read``: ``False`` when the sheet's Choices could not all be
    read (missing, not a table, an unknown line or a count that is not a
    whole number — already a problem), so the tick totals are not checked.
    """

    name: str
    choices: dict[str, int]
    circles: dict[str, int | None]
    areas: list[Area]
    seat: int = 0
    named: bool = True
    choices_read: bool = True


@dataclass
class Game:
    """A whole table: players plus the layout and token set they played on.

    ``area_sum``, ``tokens_base``, ``tokens_per_zero`` come from the bundled
    rules (rulebook: 3. Reveal fossils).  ``problems``: structural problems found while
    parsing (reported first by ``validate``).
    """

    source: str
    layout: Layout
    tokens: TokenSet
    players: list[Player]
    area_sum: int = 9
    tokens_base: int = 1
    tokens_per_zero: int = 1
    problems: list[Problem] = field(default_factory=list)


@lru_cache(maxsize=1)
def bundled_rules() -> ArcheoTrekRules:
    """The bundled ``rules/archeotrek.toml`` (loaded once)."""
    return load_rules()


def load_game(path: str | Path, rules: ArcheoTrekRules | None = None) -> Game:
    """Read a filled-game file (TOML, or JSON when the name ends in ``.json``).

    Raises :class:`printkit.PrintkitError` for an unreadable file, bytes that
    are not UTF-8, invalid TOML/JSON (with line and column) or a malformed
    layout/token set; everything else becomes problems on the returned game.
    """
    path = Path(path)
    return game_from_dict(read_game_file(path), source=str(path), base_dir=path.parent, rules=rules)


def game_from_dict(data: Any, *, source: str = "<game>", base_dir: Path | None = None,
                   rules: ArcheoTrekRules | None = None) -> Game:
    """Build a :class:`Game` from the filled-game structure (parsed TOML/JSON,
    or a PDF form turned into the same dict).

    ``source`` names the input in messages; ``base_dir`` resolves a string
    ``layout`` path (default: the current directory).  Absent ``layout`` /
    ``tokens`` use the bundled rules.  Raises :class:`printkit.PrintkitError`
    only when the data is not a table at all or the layout/tokens are
    malformed; player-level trouble becomes ``Game.problems``.
    """
    data = require_table(data, source)
    rules = rules or bundled_rules()
    probs: list[Problem] = []
    check_top(data, GAME_ID, TOP_KEYS, Problem, probs)
    layout = rules.layout
    if "layout" in data:
        layout = _layout(data["layout"], source, base_dir, rules)
    tokens = rules.tokens
    if "tokens" in data:
        tokens = _tokens(data["tokens"], source)
    players: list[Player] = []
    table = Table(Problem, probs)
    for seat, raw in player_tables(data.get("player"), Problem, probs):
        pl = _player(raw, seat, probs)
        table.seat(pl.name, seat, pl.named)
        players.append(pl)
    return Game(
        source=source, layout=layout, tokens=tokens, players=players,
        area_sum=rules.area_sum, tokens_base=rules.tokens_base,
        tokens_per_zero=rules.tokens_per_zero, problems=probs,
    )


def _near_line(line: str) -> str:
    """``" (did you mean difference?)"`` for a Choices line typed within two
    edits (a letter added, dropped or changed; case ignored) of one of
    :data:`CHOICE_LINES`, the nearest (the first of equals); else ``""``.
    ASCII keys of at most 40 characters only, so the score pad's scorer
    (``nearLine`` in ``scorepad/scorer.js``) says the same."""
    if not isinstance(line, str) or not line.isascii() or len(line) > 40:
        return ""
    typed, best, fewest = line.lower(), None, 3
    for cand in CHOICE_LINES:
        row = list(range(len(cand) + 1))  # Levenshtein distance, one row at a time
        for i, a in enumerate(typed, 1):
            prev, row[0] = row[0], i
            for j, b in enumerate(cand, 1):
                prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (a != b))
        if row[-1] < fewest:
            best, fewest = cand, row[-1]
    return f" (did you mean {best}?)" if best is not None and best != line else ""


def _player(raw: dict, seat: int, probs: list[Problem]) -> Player:
    pname, named = player_name(raw, seat, Problem, probs)
    check_keys(raw, PLAYER_KEYS, Problem, probs, player=pname,
               hints={k: " (areas are [[player.area]])" for k in ("areas", "Area")})
    # choices
    choices: dict[str, int] = {}
    n_probs = len(probs)
    rc = raw.get("choices")
    if rc is None:
        probs.append(problem("missing-key", "no `choices` (ticks per Choices line)", player=pname))
    elif not isinstance(rc, dict):
        probs.append(problem("wrong-type", f"`choices` is {type_name(rc)}, not a table", player=pname))
    else:
        for line, n in rc.items():
            if line not in CHOICE_LINES:
                probs.append(problem(
                    "unknown-key",
                    f"unknown Choices line {show(line)}{_near_line(line)}; lines: {', '.join(CHOICE_LINES)}",
                    player=pname,
                ))
            elif not is_int64(n) or n < 0:
                probs.append(problem(
                    "wrong-type",
                    f"Choices line {line} has {show(n)} ticks"
                    + ("" if is_int64(n) else f" ({type_name(n)})") + "; write a whole number >= 0",
                    player=pname,
                ))
            else:
                choices[line] = n
    choices_read = len(probs) == n_probs  # else the ticks are not all known: their totals are not checked
    # circles
    circles: dict[str, int | None] = {}
    rcirc = raw.get("circles")
    if rcirc is None:
        probs.append(problem("missing-key", "no `circles` (label = value written)", player=pname))
    elif not isinstance(rcirc, dict):
        probs.append(problem(
            "wrong-type", f"`circles` is {type_name(rcirc)}, not a table of label = value",
            player=pname,
        ))
    else:
        plain = all_plain(rcirc)
        for lab, v in rcirc.items():
            if plain and type(v) is int and INT64_MIN <= v <= INT64_MAX:  # the common case
                circles[intern(lab)] = v
                continue
            lab = str(lab)
            flaw = text_flaw(lab)
            if flaw:
                probs.append(problem(
                    "wrong-type", f"circle label {show(lab)} holds {flaw}; write a label like A1",
                    player=pname,
                ))
            elif is_int64(v):
                circles[lab] = v
            else:
                circles[lab] = None
                probs.append(problem(
                    "wrong-type",
                    f"circle {_names([lab])} holds {show(v)} ({type_name(v)}); write a whole number",
                    player=pname, circles=(lab,),
                ))
    # areas
    areas: list[Area] = []
    ra = raw.get("area", [])
    if isinstance(ra, dict):
        ra = [ra]
    if not isinstance(ra, list):
        probs.append(problem(
            "wrong-type", f"`area` is {type_name(ra)}; write [[player.area]] tables", player=pname,
        ))
        ra = []
    for a_no, a in enumerate(ra, 1):
        if not isinstance(a, dict):
            probs.append(problem(
                "wrong-type", f"area {a_no} is {type_name(a)}, not a [[player.area]] table",
                player=pname, area=a_no,
            ))
            areas.append(Area((), ()))
            continue
        for key in a:
            if key not in AREA_KEYS:
                probs.append(problem(
                    "unknown-key",
                    f"unknown key {show(key)} in area {a_no}; allowed: {', '.join(AREA_KEYS)}",
                    player=pname, area=a_no,
                ))
        acirc = _str_list(a.get("circles", []), "circles", pname, a_no, probs)
        bones = _str_list(a.get("bones", []), "bones", pname, a_no, probs)
        areas.append(Area(acirc, bones))
    return Player(pname, choices, circles, areas, seat, named, choices_read)


def _str_list(v: Any, key: str, pname: str, a_no: int, probs: list[Problem]) -> tuple[str, ...]:
    if type(v) is list and all_plain(v):  # the common case: plain text only
        return tuple(map(intern, v))
    if not isinstance(v, list):
        probs.append(problem(
            "wrong-type", f"area {a_no} `{key}` is {type_name(v)}, not a list of text",
            player=pname, area=a_no,
        ))
        return ()
    bad = [x for x in v if not isinstance(x, str)]
    if bad:
        more = f" and {len(bad) - 5} more" if len(bad) > 5 else ""
        probs.append(problem(
            "wrong-type",
            f"area {a_no} `{key}` holds {', '.join(show(b) for b in bad[:5])}{more}; write quoted text "
            + ('like "A1"' if key == "circles" else 'like "blue-4"'),
            player=pname, area=a_no,
        ))
    good = tuple(x for x in v if isinstance(x, str))
    for x in good:
        flaw = text_flaw(x)
        if flaw:
            probs.append(problem(
                "wrong-type", f"area {a_no} `{key}` entry {show(x)} holds {flaw}; write plain text",
                player=pname, area=a_no,
            ))
            return tuple(x for x in good if not text_flaw(x))
    return good


# -- layout and tokens ----------------------------------------------------------


def _fail(source: str, where: str, msg: str) -> PrintkitError:
    return PrintkitError(f"{source}: [{where}] {msg}")


def _int_list(v: Any, source: str, where: str) -> tuple[int, ...]:
    if not isinstance(v, list) or not v or not all(is_int64(x) and x >= 0 for x in v):
        raise _fail(source, where, f"expected a non-empty list of whole numbers >= 0, got {show(v)}")
    return tuple(v)


def _names(items: Any) -> str:
    items = list(items)
    more = f" and {len(items) - 8} more" if len(items) > 8 else ""
    return ", ".join(show(i) if not isinstance(i, str) or text_flaw(i) or len(i) > 40 else i
                     for i in items[:8]) + more


def _layout_path(v: str, source: str, base_dir: Path | None) -> Path:
    """The layout file a string ``[layout]`` names: relative to the game
    file and inside its folder (symlinks resolved), not the game file itself."""
    flaw = text_flaw(v)
    if flaw or not v.strip():
        raise _fail(source, "layout", f"path {show(v)} is {flaw or 'blank'}; give a file name")
    base = Path(base_dir) if base_dir is not None else Path.cwd()
    if Path(v).is_absolute():
        raise _fail(
            source, "layout",
            f"{show(v)} is an absolute path; give a path relative to the game file, inside its folder",
        )
    full = base / v
    try:
        resolved = full.resolve()
        inside = resolved.is_relative_to(base.resolve())
        itself = resolved == Path(source).resolve()
    except (OSError, RuntimeError, ValueError):  # symlink loop, odd path
        inside, itself = False, False
    if not inside:
        raise _fail(
            source, "layout",
            f"{show(v)} points outside the game file's folder; keep the layout file beside "
            "the game file or below it",
        )
    if itself:
        raise _fail(source, "layout", f"{show(v)} is the game file itself; give the layout's own file")
    return full


def _layout(v: Any, source: str, base_dir: Path | None, rules: ArcheoTrekRules) -> Layout:
    where_src = source
    if isinstance(v, str):
        lpath = _layout_path(v, source, base_dir)
        try:
            v = load_toml(lpath)
        except PrintkitError as exc:
            reason = str(exc).removeprefix(f"{lpath}: ")
            raise _fail(source, "layout", f"layout file {show(v)}: {reason}") from None
        where_src = f"{source}: layout file {lpath}"
    if not isinstance(v, dict):
        raise _fail(source, "layout", f"is {type_name(v)}; write a table or a path to a layout TOML")
    for key in v:
        if key not in LAYOUT_KEYS:
            raise _fail(where_src, "layout", f"unknown key {show(key)}; allowed: {', '.join(LAYOUT_KEYS)}")
    if "circles" not in v or "links" not in v:
        raise _fail(where_src, "layout", "needs `circles` and `links`")
    rc = v["circles"]
    if not isinstance(rc, list) or not rc:
        raise _fail(where_src, "layout", "`circles` is a non-empty list of { id = ..., kind = ... }")
    if len(rc) > MAX_CIRCLES:
        raise _fail(
            where_src, "layout", f"`circles` lists {len(rc):,} circles; a dig site has at most {MAX_CIRCLES}",
        )
    circles = []
    for c in rc:
        if not isinstance(c, dict) or not isinstance(c.get("id"), str) or not c["id"].strip():
            raise _fail(where_src, "layout", f"circle {show(c)} needs a text `id`")
        cid = c["id"]
        flaw = text_flaw(cid)
        if flaw:
            raise _fail(where_src, "layout", f"circle id {show(cid)} holds {flaw}; write plain text")
        kind = c.get("kind", "normal")
        if not isinstance(kind, str) or kind not in CIRCLE_KINDS:
            raise _fail(
                where_src, "layout", f"circle {_names([cid])}: kind {show(kind)} is not one of "
                f"{', '.join(CIRCLE_KINDS)}",
            )
        extra = [k for k in c if k not in ("id", "kind", "x", "y")]
        if extra:
            raise _fail(where_src, "layout", f"circle {_names([cid])}: unknown key(s) {_names(extra)}")
        circles.append(Circle(sys.intern(cid), kind))
    ids = [c.id for c in circles]
    known = set(ids)
    if len(known) != len(ids):
        seen_ids: set[str] = set()
        dup = sorted({i for i in ids if i in seen_ids or seen_ids.add(i)})
        raise _fail(where_src, "layout", f"circle id(s) {_names(dup)} appear twice")
    rl = v["links"]
    if not isinstance(rl, list):
        raise _fail(where_src, "layout", "`links` is a list of [\"A1\", \"A2\"] pairs")
    links = set()
    for pair in rl:
        if (
            not isinstance(pair, list) or len(pair) != 2
            or not all(isinstance(x, str) for x in pair) or pair[0] == pair[1]
        ):
            raise _fail(where_src, "layout", f"link {show(pair)} is not a pair of two different labels")
        missing = [x for x in pair if x not in known]
        if missing:
            raise _fail(where_src, "layout", f"link {show(pair)} names unknown circle(s) {_names(missing)}")
        links.add(frozenset(pair))
    choices = dict(rules.layout.choices)
    if "choices" in v:
        rc = v["choices"]
        if not isinstance(rc, dict) or set(rc) != set(CHOICE_LINES):
            raise _fail(where_src, "layout", f"`choices` gives boxes for exactly {', '.join(CHOICE_LINES)}")
        for line, n in rc.items():
            if not is_int64(n) or n < 0:
                raise _fail(where_src, "layout", f"choices.{line} = {show(n)} is not a whole number >= 0")
        choices = {line: rc[line] for line in CHOICE_LINES}
    dice = dict(rules.layout.dice)
    if "dice" in v:
        rd = v["dice"]
        if not isinstance(rd, dict) or set(rd) != {"red", "yellow"}:
            raise _fail(where_src, "layout", "`dice` gives the faces of `red` and `yellow`")
        dice = {k: _int_list(rd[k], where_src, f"layout.dice.{k}") for k in ("red", "yellow")}
        for k, faces in dice.items():
            if len(faces) > 100:
                raise _fail(where_src, f"layout.dice.{k}", f"{len(faces):,} faces; a die has at most 100")
    return Layout(circles=tuple(circles), links=frozenset(links), choices=choices, dice=dice)


def _tokens(v: Any, source: str) -> TokenSet:
    if not isinstance(v, dict) or set(v) != set(TOKEN_KEYS):
        raise _fail(source, "tokens", "is a table with `bones` and `skeletons`")
    bones, skel = v["bones"], v["skeletons"]
    if not isinstance(bones, dict) or not bones or not isinstance(skel, dict):
        raise _fail(source, "tokens", "`bones` and `skeletons` are tables keyed by colour")
    if set(bones) != set(skel):
        raise _fail(
            source, "tokens",
            f"colours differ: bones {_names(bones)} vs skeletons {_names(skel)}",
        )
    if len(bones) > MAX_COLOURS:
        raise _fail(source, "tokens", f"{len(bones):,} colours; a token set has at most {MAX_COLOURS}")
    for colour in bones:
        if not isinstance(colour, str) or not colour.strip() or text_flaw(colour):
            raise _fail(
                source, "tokens",
                f"colour {show(colour)} is not a name; write plain text such as \"blue\" "
                "(token ids are \"<colour>-<value>\")",
            )
    out_b: dict[str, tuple[int, ...]] = {}
    for colour, values in bones.items():
        vals = _int_list(values, source, f"tokens.bones.{colour}")
        if any(x < 0 for x in vals) or len(set(vals)) != len(vals):
            raise _fail(source, f"tokens.bones.{colour}", "values are distinct whole numbers >= 0")
        out_b[colour] = vals
    out_s: dict[str, int] = {}
    for colour in bones:
        s = skel[colour]
        if not is_int64(s) or s < 0:
            raise _fail(source, f"tokens.skeletons.{colour}", f"{show(s)} is not a whole number >= 0")
        out_s[colour] = s
    return TokenSet(bones=out_b, skeletons=out_s)
