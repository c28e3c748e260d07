"""Every `source` in rules/*.toml that names a rulebook section names a heading
that exists in that game's rulebook (``../shared/rulebooks/<game>.txt``).

The oracle reads the rulebook's headings itself, knowing nothing of printkit:
a heading is a line of its own that is not a bullet, a table row or a
sentence (no closing ``.``/``!``/``?``/``,``), at most 80 characters; a line
ending in ``:`` is a heading when it has at most three words ("Collections:",
"Example D:").  A cited name matches a heading when they are equal after
dropping parenthesised remarks ("3. Reveal fossils" ~ "3. Reveal fossils
(optional)"), or the heading is the name followed by ``:`` and a cost ("Dig a
pile" ~ "Dig a pile: 1 ACTION").

A source names sections after each ``rulebook:`` that opens it or a
parenthesis or ``;`` clause (not "outside the rulebook:"): its text up to the first
``;`` or unmatched ``)``, parenthesised remarks removed, split on ``,`` and
``and`` (a heading holding "and" is kept whole).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import SHARED

from printkit import RULES_DIR
from printkit.rules import load_toml

RULEBOOKS = SHARED / "rulebooks"
RULE_FILES = sorted(RULES_DIR.glob("*.toml"))


def _norm(text: str) -> str:
    text = re.sub(r"\([^()]*\)", "", text)
    return " ".join(text.split()).strip(" :").casefold()


def rulebook_headings(text: str) -> set[str]:
    """The normalised headings of a rulebook text (see the module doc)."""
    out = set()
    for raw in text.splitlines():
        line = raw.strip()
        if not line or len(line) > 80 or "\t" in raw or not re.search(r"[A-Za-z]", line):
            continue
        if line[0] in "-•*(" or line[-1] in ".!?,":
            continue
        if line.endswith(":") and len(line.split()) > 3:
            continue
        out.add(_norm(line))
    return out


def _matches(name: str, headings: set[str]) -> bool:
    n = _norm(name)
    return bool(n) and any(h == n or h.startswith(n + ":") for h in headings)


def cited_sections(source: str) -> list[str]:
    """The section names a source cites after each ``rulebook:``."""
    names = []
    for m in re.finditer(r"(?:^|[(;]\s*)rulebook:", source):  # not "outside the rulebook:"
        rest, depth, cut = source[m.end():], 0, []
        for ch in rest:
            if ch == "(":
                depth += 1
            elif ch == ")":
                if depth == 0:
                    break
                depth -= 1
            elif ch == ";" and depth == 0:
                break
            elif depth == 0:
                cut.append(ch)
        names.append("".join(cut).strip())
    return names


def _split(cited: str, headings: set[str]) -> list[str]:
    """``cited`` as the names it lists: whole when it is a heading, else split
    on commas, then on "and"."""
    if _matches(cited, headings):
        return [cited]
    out = []
    for part in (p.strip() for p in cited.split(",")):
        if not part or _matches(part, headings):
            out.append(part)
        else:
            out += [q.strip() for q in re.split(r"\s+and\s+", part)]
    return [p for p in out if p]


def _sources(node, where=""):
    if isinstance(node, dict):
        for k, v in node.items():
            if k.endswith("source") and isinstance(v, str):
                yield f"{where}.{k}".strip("."), v
            else:
                yield from _sources(v, f"{where}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _sources(v, f"{where}[{i}]")


def bad_citations(toml_path: Path, rulebook_text: str) -> list[str]:
    """``key: name`` for each cited section the rulebook has no heading for."""
    headings = rulebook_headings(rulebook_text)
    bad = []
    for key, source in _sources(load_toml(toml_path)):
        for cited in cited_sections(source):
            for name in _split(cited, headings):
                if not _matches(name, headings):
                    bad.append(f"{key}: {name!r}")
    return bad


@pytest.mark.parametrize("path", RULE_FILES, ids=[p.name for p in RULE_FILES])
def test_cited_rulebook_sections_exist(path):
    rulebook = RULEBOOKS / f"{path.stem}.txt"
    assert bad_citations(path, rulebook.read_text(encoding="utf-8")) == []


def test_the_oracle_reads_headings_and_citations():
    text = ("Game Contents\n- 1 board\nSetting Up the Game\nPlace the board.\n3. Reveal fossils (optional)\n"
            "Dig a pile: 1 ACTION\nCollections:\nDeclared the greatest of all:\nArchaeological and Paleontological "
            "Glossary\nStratum\tTool\n")
    h = rulebook_headings(text)
    assert h == {"game contents", "setting up the game", "3. reveal fossils", "dig a pile: 1 action", "collections",
                 "archaeological and paleontological glossary"}
    assert cited_sections("rulebook: Game Contents (6 keys) and Setting Up the Game (x; y); z assumed") == [
        "Game Contents  and Setting Up the Game"]
    assert cited_sections("assumed: a guess (rulebook: Collections)") == ["Collections"]
    assert cited_sections("outside the rulebook: the Himalaya dice") == []
    assert _split("Game Contents  and Setting Up the Game", h) == ["Game Contents", "Setting Up the Game"]
    assert _split("Archaeological and Paleontological Glossary, Dig a pile", h) == [
        "Archaeological and Paleontological Glossary", "Dig a pile"]
    assert all(_matches(n, h) for n in ("3. Reveal fossils", "Dig a pile", "Collections"))
    assert not any(_matches(n, h) for n in ("Components", "Setup", "Dig", "Place the board"))
