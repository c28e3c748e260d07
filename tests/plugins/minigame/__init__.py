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


GAME = GameKit(id="minigame", title="Minigame", tagline="Six cards, highest total wins",
               parts=parts, players=(2, 3, 2))
