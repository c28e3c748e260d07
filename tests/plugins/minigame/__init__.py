"""Minigame: the smallest printkit game plug-in, living only under tests/.

Six number cards (1–6) with one back, and a scorer: each player lists the
cards they hold; the highest total wins.  It is registered exactly like a
fan's pip package (``tests/plugins/printkit_minigame-0.1.dist-info`` declares
the ``printkit.games`` entry point), so the tests prove a game needs no change
outside its own folder.
"""

from __future__ import annotations

from printkit.build import BuildOptions, GameKit, Part
from printkit.model import Component, ComponentSet, Face
from printkit.units import mm

VALUES = (1, 2, 3, 4, 5, 6)


def _front(value: int, theme) -> Face:
    def draw(c, box):
        c.setFillColor(theme.colour("paper"))
        c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)
        c.setFillColor(theme.colour("ink"))
        c.setFont(theme.font("display"), 40)
        c.drawCentredString(box.width / 2, box.height / 2 - 14, str(value))
    return Face(f"minigame/front-{value}", draw, str(value))


def _back(theme) -> Face:
    def draw(c, box):
        c.setFillColor(theme.colour("accent"))
        c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)
    return Face("minigame/back", draw)


def parts(options: BuildOptions) -> list[Part]:
    theme = options.theme
    back = _back(theme)
    cards = tuple(Component(f"card-{v}", mm(63.5), mm(88.9), _front(v, theme), back) for v in VALUES)
    return [Part("cards", "Number cards", "card 300 g/m²",
                 components=ComponentSet("cards", "Number cards", "card", cards), count=len(cards))]




# -- scoring: a game file lists each player's cards; the highest total wins --------------

class _Result:
    def __init__(self, totals: dict[str, int], problems: list):
        self.totals, self.problems = totals, problems
        self.valid = not problems


class _Problem:
    severity = "error"

    def __init__(self, message: str):
        self.message = message

    def __str__(self) -> str:
        return f"error [bad-card] {self.message}"


def _load(path):
    from printkit.inputfiles import load_toml_file

    return load_toml_file(path)


def _validate(game, partial=False):
    return [_Problem(f"{p.get('name')}: card {c!r} is not 1–6")
            for p in game.get("player", []) for c in p.get("cards", []) if c not in VALUES]


def _score(game, partial=False):
    problems = _validate(game)
    return _Result({p["name"]: sum(p.get("cards", [])) for p in game.get("player", [])} if not problems else {},
                   problems)


def _text(result) -> str:
    best = max(result.totals.values())
    lines = [f"{name}: {total}" for name, total in result.totals.items()]
    winners = [n for n, t in result.totals.items() if t == best]
    return "\n".join(lines + [f"Winner: {', '.join(winners)} with {best}"]) + "\n"


def scorer(rules_path=None):
    from printkit.scoring import Scorer

    return Scorer(load=_load, validate=_validate, score=_score, render_text=_text,
                  render_json=lambda r, max_problems=None: repr(r.totals))


GAME = GameKit(id="minigame", title="Minigame", tagline="Six cards, highest total wins",
               parts=parts, players=(2, 3, 2), scorer=scorer)
