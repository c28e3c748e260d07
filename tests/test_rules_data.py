"""Every number in rules/*.toml carries its source (rulebook section or assumed)."""

from __future__ import annotations

import pytest

from printkit import RULES_DIR
from printkit.rules import load_toml, missing_sources

RULE_FILES = sorted(RULES_DIR.glob("*.toml"))


@pytest.mark.parametrize("path", RULE_FILES, ids=[p.name for p in RULE_FILES])
def test_every_number_has_a_source(path):
    data = load_toml(path)
    assert missing_sources(data) == []


@pytest.mark.parametrize("path", RULE_FILES, ids=[p.name for p in RULE_FILES])
def test_sources_say_where_from(path):
    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k.endswith("source"):
                    yield v
                else:
                    yield from walk(v)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v)

    sources = list(walk(load_toml(path)))
    assert sources
    for s in sources:
        assert s.startswith(("rulebook:", "assumed:", "outside the rulebook:")) or "assumed:" in s, s


def test_missing_sources_detects_unsourced_numbers():
    assert missing_sources({"a": {"x": 1}}) == ["a"]
    assert missing_sources({"a": {"x": 1, "source": "assumed: test"}}) == []
    assert missing_sources({"source": "rulebook: x", "a": {"b": [1, 2]}}) == []


def test_archeotrek_data_consistent():
    from printkit.games.archeotrek.data import load_rules

    r = load_rules()
    ids = [c.id for c in r.layout.circles]
    assert len(ids) == len(set(ids))
    # exactly three Special Circles: one red, one yellow, one "+"
    kinds = sorted(c.kind for c in r.layout.circles if c.kind != "normal")
    assert kinds == ["plus", "red", "yellow"]
    # fewer Choices boxes (rounds) than circles (rulebook: Close the Dig Site)
    assert r.layout.boxes < len(ids)
    # links join existing circles; every circle has 3–6 neighbours and the site is connected
    for link in r.layout.links:
        assert set(link) <= set(ids)
    assert all(3 <= len(r.layout.neighbours[i]) <= 6 for i in ids)
    seen, todo = set(), [ids[0]]
    while todo:
        cur = todo.pop()
        if cur not in seen:
            seen.add(cur)
            todo.extend(r.layout.neighbours[cur])
    assert seen == set(ids)
    # 36 Bone tokens (4 colours × 9) and 4 Skeleton tokens, one per colour
    assert len(r.tokens.bone_ids()) == 36 and len(r.tokens.bones) == 4
    assert set(r.tokens.skeletons) == set(r.tokens.bones)
    # every colour has its own symbol
    assert len(set(r.symbols.values())) == len(r.symbols)
    # the rulebook example shows a +3 and a +1 Skeleton
    assert {1, 3} <= set(r.tokens.skeletons.values())
