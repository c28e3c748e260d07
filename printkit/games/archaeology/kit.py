"""What the Archaeology kit prints, in print order.

* ``rules-reference``: one page of the rules in our own words (weasyprint,
  ``templates/<theme>/archaeology-rules.html.j2``; two in a large-print theme);
* ``cards``: 74 treasure cards, the thieves (the master thief and one thief
  carry the 2-player note), the keys and the three chests, poker size, one
  common back; then 40 round money tokens, the value on both sides, on the
  rows the cards leave on their last sheet and a sheet after it (one card
  stock: the chests would otherwise print alone, 3 on a sheet of 9);
* ``board``: dig space and chest spaces west of a river, the marketplace
  east of it, tiled over the kit paper with glue overlaps and alignment
  marks (the join falls in the river: ``board.seam_band``), or on one large
  sheet with ``BuildOptions.board_paper`` (a3, a2, tabloid);
* ``high-score-log``: one page of dated rows (weasyprint).

Every count, value and size comes from ``rules/archaeology.toml``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from printkit.gamekit import (
    GameKit,
    LazyModule,
    PrintkitError,
    RULES_DIR,
    board_stock,
    deferred,
    mm,
)
from printkit.games.archaeology.data import GAME_ID, ArchaeologyRules, check_printable, load_rules

if TYPE_CHECKING:  # annotations only: the components and build options load where the kit is built
    from printkit.gamekit import BuildOptions, Component, Part

#: The print stack (reportlab, jinja2, weasyprint) loads when a kit is built,
#: not when a game is scored or listed (:mod:`printkit.lazy`); so do the engine's
#: components, boards and deck layouts, imported where the kit is built.
_cards = LazyModule("printkit.games.archaeology.cards")
board_draw = deferred("printkit.games.archaeology.board:board_draw")
rules_reference_pdf = deferred("printkit.games.archaeology.documents:rules_reference_pdf")
type_context = deferred("printkit.games.archaeology.documents:type_context")
render_fitted = deferred("printkit.render.documents:render_fitted")
render_single = deferred("printkit.tiling:render_single")
render_tiled = deferred("printkit.tiling:render_tiled")

#: Safe zone of cards and tokens (mm): generous, text stays well inside the cut.
SAFE_MM = 4.0


def card_components(rules: ArchaeologyRules, theme) -> tuple[Component, ...]:
    """Every card of the deck, in print order: treasures (deck order), thieves
    (the 2-player-note thief last), master thief, keys, chests.  ``meta``
    holds ``kind`` and ``id`` for each."""
    from printkit.gamekit import Component

    w, h = mm(rules.card_width), mm(rules.card_height)
    back = _cards.back_face(rules, theme)
    safe = mm(SAFE_MM)
    cards: list[Component] = []
    for t in rules.treasures.values():
        face = _cards.treasure_face(rules, theme, t)
        cards += [Component(f"treasure-{t.id}-{i + 1}", w, h, face, back, safe=safe,
                            meta={"kind": "treasure", "id": t.id}) for i in range(t.count)]
    noted = rules.two_player_remove_thieves
    for i in range(rules.thieves):
        note = i >= rules.thieves - noted
        cards.append(Component(f"thief-{i + 1}", w, h, _cards.thief_face(rules, theme, two_player_note=note), back,
                               safe=safe, meta={"kind": "thief", "id": "thief", "two_player_note": note}))
    for i in range(rules.master_thieves):
        note = i < rules.two_player_remove_master
        cards.append(Component(f"master-thief-{i + 1}", w, h,
                               _cards.thief_face(rules, theme, master=True, two_player_note=note), back, safe=safe,
                               meta={"kind": "master-thief", "id": "master-thief", "two_player_note": note}))
    key = _cards.key_face(rules, theme)
    cards += [Component(f"key-{i + 1}", w, h, key, back, safe=safe, meta={"kind": "key", "id": "key"})
              for i in range(rules.keys)]
    for chest in rules.chests.values():
        cards.append(Component(f"chest-{chest.id}", w, h, _cards.chest_face(rules, theme, chest), back, safe=safe,
                               meta={"kind": "chest", "id": chest.id}))
    return tuple(cards)


MONEY_LAYOUT = RULES_DIR / "layouts" / "archaeology-money.toml"


def money_components(rules: ArchaeologyRules, theme) -> tuple[Component, ...]:
    """The money tokens, ``$1`` first, drawn from the ``printkit deck`` layout
    ``rules/layouts/archaeology-money.toml`` (the same path as users' own
    decks); the same face on both sides.

    The layout is drawn for a token of its own size (a round 25 mm); a
    house rule's other ``money_diameter`` (mm, 10–100) draws it scaled by
    ``money_diameter / layout width``, rim, dots and value alike (before,
    every other diameter failed the build).  Raises
    :class:`printkit.PrintkitError` when the layout is not a circle (width =
    height).
    """
    from printkit.gamekit import Component, layout_face, load_layout

    layout = load_layout(MONEY_LAYOUT)
    if layout.shape != "circle" or layout.width != layout.height:
        raise PrintkitError(f"{MONEY_LAYOUT}: a {layout.width:g} × {layout.height:g} mm {layout.shape}; "
                            f"a money token is round (width = height, shape = \"circle\")")
    d = mm(rules.money_diameter)
    k = rules.money_diameter / layout.width
    out: list[Component] = []
    for value, count in rules.money.items():
        face = layout_face(layout, {"value": value, "colour": f"money_{value}"}, theme, f"money ${value}").scaled(k)
        out += [Component(f"money-{value}-{i + 1}", d, d, face, face, shape="circle", safe=mm(2),
                          meta={"kind": "money", "value": value}) for i in range(count)]
    return tuple(out)


def highscore_pdf(rules: ArchaeologyRules, options: BuildOptions, rows: int = 15) -> bytes:
    """The high-score log page (``templates/<theme>/archaeology-highscores.html.j2``)."""
    context = {
        "game": GAME_ID,
        "game_title": rules.title,
        "rows": rows,
        "treasures": [{"name": t.name, "trade": t.trade, "sell": list(t.sell)} for t in rules.treasures.values()],
        "max_set": max(len(t.sell) for t in rules.treasures.values()),  # the ×1 … ×N columns
        "type": type_context(options.theme),
    }
    return render_fitted("archaeology-highscores.html.j2", context, options.theme, options.paper)


#: The two kinds of piece cards.pdf prints, as the cover lists them.
CARDS_TITLE, MONEY_TITLE = "Cards (treasures, thieves, keys, chests)", "Money tokens"

#: How the board is finished (its stock, :func:`printkit.gamekit.board_stock`).
BOARD_MOUNT = "glued to card or foam board"


def _rows(rules: ArchaeologyRules, options: BuildOptions) -> dict[str, Part]:
    """Name → the part's catalogue row (title, stock, count, contents) under ``rules``
    and ``options``, in print order: counted from the rules data, nothing
    drawn (:attr:`printkit.gamekit.GameKit.catalogue`); :func:`parts` fills
    the same rows with what they print."""
    from printkit.gamekit import Part

    large = getattr(options.theme, "large_print", False)  # large print: the reference runs over two pages
    cards = (sum(t.count for t in rules.treasures.values()) + rules.thieves + rules.master_thieves + rules.keys
             + len(rules.chests))
    money = sum(rules.money.values())
    rows = [
        Part("rules-reference", "Rules reference (large print: 2 pages)" if large else "Rules reference",
             "plain paper (80 g/m²)", count=1),
        # the money tokens share the cards' file and card stock (see parts): one row, two kinds
        Part("cards", "Cards and money tokens", "card 250–300 g/m², duplex", count=cards + money,
             contents=((cards, CARDS_TITLE), (money, MONEY_TITLE))),
        Part("board", "Board", board_stock(options, BOARD_MOUNT), count=1),  # tiled over --paper, or one sheet
        Part("high-score-log", "High-score log", "plain paper (80 g/m²)", count=1),
    ]
    return {row.name: row for row in rows}


def catalogue(options: BuildOptions) -> list[Part]:
    """The kit's parts as :func:`parts` lists them (name, title, stock,
    count), read from the rules data only (``printkit games``)."""
    return list(_rows(load_rules(options.rules_file(GAME_ID)), options).values())


def parts(options: BuildOptions) -> list[Part]:
    """The kit's parts for ``options`` (paper, theme, bleed, board paper, rules).

    Raises :class:`printkit.PrintkitError` for rules data out of range
    (:func:`~printkit.games.archaeology.data.load_rules`) or texts the theme's
    fonts cannot draw (:func:`~printkit.games.archaeology.data.check_printable`).
    """
    from printkit.gamekit import ComponentSet, Drawing, board

    rules = load_rules(options.rules_file(GAME_ID))
    theme = options.theme
    check_printable(rules, theme)  # every rules text drawable in the theme's fonts, before drawing anything
    cards = card_components(rules, theme)
    money = money_components(rules, theme)
    rows = _rows(rules, options)
    row = rows["board"]
    return [
        replace(rows["rules-reference"], document=lambda: rules_reference_pdf(rules, theme, options.paper)),
        # one file on one card stock: the money tokens take the rows the cards leave on their
        # last sheet (printkit.imposition), so the chests never print alone; the cover still
        # counts cards and tokens apart
        replace(rows["cards"], components=ComponentSet("cards", "Cards and money", "card", cards + money),
                count=len(cards) + len(money),
                contents=((len(cards), CARDS_TITLE), (len(money), MONEY_TITLE))),
        board(row.name, row.title, GAME_ID, [Drawing("board", f"{rules.title} · Board", board_draw(rules, theme))],
              mm(rules.board_width), mm(rules.board_height), mm(rules.board_overlap), options,
              mount=BOARD_MOUNT),  # tiled over --paper, or one --board-paper sheet
        replace(rows["high-score-log"], document=lambda: highscore_pdf(rules, options)),
    ]


def scorer(rules_path=None):
    """The Archaeology :class:`printkit.scoring.Scorer` under the rules at
    ``rules_path`` (``None``: bundled): every collection sold to the museum."""
    from printkit.games.archaeology import data, game, scoring
    from printkit.gamekit import Scorer

    rules = data.bundled_rules() if rules_path is None else load_rules(rules_path)
    return Scorer(
        load=lambda path: game.load_game(path, rules=rules),
        validate=scoring.validate,
        score=scoring.score_game,
        render_text=scoring.render_text,
        render_json=scoring.render_json,
        simulate=lambda players, seed: scoring.simulate_toml(players, seed, rules=rules),
        default_players=rules.players_default,
        players_range=(rules.players_min, rules.players_max),
        reports="money banked, each museum sale explained, total and rank",
        example="examples/archaeology/finished-3-players.toml",
    )


_title_art = deferred("printkit.games.archaeology.cover:title_art")


GAME = GameKit(
    id=GAME_ID,
    parts=parts,
    catalogue=catalogue,  # printkit games: the parts' rows from the rules data, nothing drawn
    title_art=_title_art,
    cover_accent="cover_accent",  # the engine cover (title, players, time from the rules data)
    rules=load_rules,
    options=frozenset({"board_paper"}),
    scorer=scorer,
    scorepad=deferred("printkit.games.archaeology.scorepad:pad"),  # the in-browser score pad
)
