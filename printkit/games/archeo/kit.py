"""What the Archéo kit prints, in print order.

* ``rules-reference``: one page in our own words, icons for every tile kind
  (weasyprint, ``templates/<theme>/archeo-rules.html.j2``);
* ``dig-site``: the paper dig site, one sheet printed uncut: four nested
  layer frames with seam ticks, the compartments, a side view of the layers;
* ``tiles``: every tile, square, with the back of its layer (sand, dirt,
  discovery; the three bone tiles carry a bone on the back): the 50 earth
  tiles are the sand and dirt tiles; then, on the rows the tiles leave on
  their last sheet, the wheelbarrow tokens (the same on both sides) and the
  egg, cracked-egg and stone tokens with one common back (the cover lists
  tiles and tokens apart);
* ``shovel-cards``: the shovel cards, shovel side in front and broken side
  behind (duplex), and the reference card (players → shovel cards; rating);
* ``fossil-boards``: one board per fossil, a slot per piece with its stars.

Every count, star and size comes from ``rules/archeo.toml``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.gamekit import (
    GameKit,
    LazyModule,
    deferred,
    mm,
)
from printkit.games.archeo.data import (
    EARTH_BACKS,
    FACE_KINDS,
    GAME_ID,
    ArcheoRules,
    check_printable,
    load_rules,
)

if TYPE_CHECKING:  # annotations only: the components and build options load where the kit is built
    from printkit.gamekit import BuildOptions, Component, Part

#: The faces' art (reportlab) loads when a kit is built, not when a game is
#: scored or listed (:mod:`printkit.lazy`); so do the engine's components.
pieces = LazyModule("printkit.games.archeo.pieces")

#: The tokens' line on the cover (they print on the tiles' last sheet, in tiles.pdf).
TOKENS_TITLE = "Wheelbarrow, egg and stone tokens"

#: Safe zone (mm) of cards; tiles and tokens keep 3 mm.
CARD_SAFE_MM = 4.0


def tile_components(rules: ArcheoRules, theme) -> tuple[Component, ...]:
    """Every tile, grouped by back (sand, dirt, discovery), in face order:
    the kinds of :data:`FACE_KINDS`, then the fossil pieces.  ``meta`` holds
    ``back``, ``face`` and ``bone``."""
    from printkit.gamekit import Component

    t = mm(rules.tile)
    backs = {(b, bone): pieces.tile_back(theme, b, bone) for b in ("sand", "dirt", "discovery") for bone in (False, True)}
    out: list[Component] = []
    for back in EARTH_BACKS:
        for key in FACE_KINDS:
            face = pieces.kind_face(theme, key)
            out += [Component(f"tile-{back}-{key}-{i + 1}", t, t, face, backs[(back, False)],
                              meta={"back": back, "face": key, "bone": False})
                    for i in range(rules.faces[back][key])]
        for ref in rules.fossils[back]:
            board_id, piece = ref.split(".", 1)
            bone = ref in rules.bone[back]
            out.append(Component(f"tile-{back}-{board_id}-{piece}", t, t,
                                 pieces.fossil_face(theme, rules, rules.boards[board_id], piece),
                                 backs[(back, bone)], meta={"back": back, "face": ref, "bone": bone}))
    face = pieces.discovery_face(theme)
    out += [Component(f"tile-discovery-{i + 1}", t, t, face, backs[("discovery", False)],
                      meta={"back": "discovery", "face": "discovery", "bone": False})
            for i in range(rules.tiles["discovery"])]
    return tuple(out)


def card_components(rules: ArcheoRules, theme) -> tuple[Component, ...]:
    """The shovel cards (shovel side front, broken side back) and the
    reference card: poker size (``sizes.card_*``), the reference card
    :func:`~printkit.games.archeo.pieces.reference_scale` times larger in a
    large-print theme (drawn in its classic layout, then enlarged)."""
    from printkit.gamekit import Component

    w, h, safe = mm(rules.card_width), mm(rules.card_height), mm(CARD_SAFE_MM)
    n = rules.shovel_cards
    cards = [Component(f"shovel-{i}", w, h, pieces.shovel_face(theme, i, n, False),
                       pieces.shovel_face(theme, i, n, True), safe=safe, meta={"kind": "shovel", "number": i})
             for i in range(1, n + 1)]
    k = pieces.reference_scale(theme)
    drawn_with = replace(theme, type_scale=1.0) if k != 1.0 else theme
    cards.append(Component("reference", w * k, h * k, pieces.reference_front(drawn_with, rules).scaled(k),
                           pieces.reference_back(drawn_with, rules).scaled(k), safe=safe * k,
                           meta={"kind": "reference"}))
    return tuple(cards)


def token_components(rules: ArcheoRules, theme) -> tuple[Component, ...]:
    """Wheelbarrow tokens (same face both sides), then the hidden tokens (egg,
    cracked eggs, stone tokens) with the one hidden-token back."""
    from printkit.gamekit import Component

    d = mm(rules.token)
    safe = mm(2.5)
    wb = pieces.token_face(theme, rules, "wheelbarrow")
    back = pieces.token_back(theme)
    out = [Component(f"wheelbarrow-{i + 1}", d, d, wb, wb, shape="circle", safe=safe, meta={"kind": "wheelbarrow"})
           for i in range(rules.wheelbarrow_tokens)]
    for kind, count in (("egg", rules.eggs), ("cracked", rules.cracked_eggs), ("stone", rules.stone_tokens)):
        face = pieces.token_face(theme, rules, kind)
        out += [Component(f"{kind}-{i + 1}", d, d, face, back, shape="circle", safe=safe, meta={"kind": kind})
                for i in range(count)]
    return tuple(out)


def board_components(rules: ArcheoRules, theme) -> tuple[Component, ...]:
    """One fossil board per board of the rules, in their order (one-sided)."""
    from printkit.gamekit import Component

    w, h = mm(rules.board_width), mm(rules.board_height)
    return tuple(Component(f"board-{b.id}", w, h, pieces.board_face(theme, rules, b), safe=mm(4),
                           meta={"board": b.id}) for b in rules.boards.values())


#: The tiles' line on the cover (the tokens print on their last sheet, in tiles.pdf).
TILES_TITLE = "Tiles (sand, dirt, discovery)"

#: Stock of the tiles and cards.
CARD_STOCK = "card 250–300 g/m², duplex"


def _rows(rules: ArcheoRules, options: BuildOptions) -> dict[str, Part]:
    """Name → the part's catalogue row (title, stock, count, contents) under
    ``rules`` and ``options``, in print order: counted from the rules data,
    nothing drawn (:attr:`printkit.gamekit.GameKit.catalogue`); :func:`parts`
    fills the same rows with what they print."""
    from printkit.gamekit import Part

    large = getattr(options.theme, "large_print", False)  # large print: the reference runs over two pages,
    tiles = sum(rules.tiles[b] for b in (*EARTH_BACKS, "discovery"))  # … the reference card grows
    tokens = rules.wheelbarrow_tokens + rules.eggs + rules.cracked_eggs + rules.stone_tokens
    rows = [
        Part("rules-reference", "Rules reference (large print: 2 pages)" if large else "Rules reference",
             "plain paper (80 g/m²)", count=1),
        Part("dig-site", "Dig site (the four layers)", "paper or thin card, uncut", count=1),
        # the tokens take the rows the tiles leave on their last sheet (printkit.imposition): one
        # file, the cover still counting tiles and tokens apart
        Part("tiles", "Tiles and tokens", CARD_STOCK, count=tiles + tokens,
             contents=((tiles, TILES_TITLE), (tokens, TOKENS_TITLE))),
        Part("shovel-cards", "Shovel cards, big reference card" if large else "Shovel cards and reference card",
             CARD_STOCK, count=rules.shovel_cards + 1),  # and the one reference card
        Part("fossil-boards", "Fossil boards", "card 250–300 g/m², one-sided", count=len(rules.boards)),
    ]
    return {row.name: row for row in rows}


def catalogue(options: BuildOptions) -> list[Part]:
    """The kit's parts as :func:`parts` lists them (name, title, stock,
    count, contents), read from the rules data only (``printkit games``)."""
    return list(_rows(load_rules(options.rules_file(GAME_ID)), options).values())


def parts(options: BuildOptions) -> list[Part]:
    """The kit's parts for ``options`` (paper, theme, bleed, rules).

    Raises :class:`printkit.PrintkitError` for bad rules data or texts the
    theme's fonts cannot draw, before anything is drawn.
    """
    from printkit.gamekit import Component, ComponentSet
    from printkit.games.archeo.art import Palette
    from printkit.games.archeo.documents import rules_reference_pdf
    from printkit.games.archeo.site import site_face

    rules = load_rules(options.rules_file(GAME_ID))
    theme = options.theme
    check_printable(rules, theme)
    Palette(theme).hex("sand")  # a theme without the game's palette fails here, in one line
    site = (Component("dig-site", mm(rules.site_width), mm(rules.site_height),
                      site_face(theme, rules, mm(rules.site_width), mm(rules.site_height)), cut=False, bleed=0.0),)
    tiles = tile_components(rules, theme)
    cards = card_components(rules, theme)
    tokens = token_components(rules, theme)
    boards = board_components(rules, theme)
    paper = options.paper
    rows = _rows(rules, options)
    return [
        replace(rows["rules-reference"], document=lambda: rules_reference_pdf(rules, theme, paper)),
        replace(rows["dig-site"], components=ComponentSet("dig-site", "Dig site", "paper", site), count=len(site)),
        replace(rows["tiles"], components=ComponentSet("tiles", "Tiles and tokens", "card", tiles + tokens),
                count=len(tiles) + len(tokens), contents=((len(tiles), TILES_TITLE), (len(tokens), TOKENS_TITLE))),
        replace(rows["shovel-cards"], components=ComponentSet("shovel-cards", "Shovel cards", "card", cards),
                count=len(cards)),
        replace(rows["fossil-boards"], components=ComponentSet("fossil-boards", "Fossil boards", "card", boards),
                count=len(boards)),
    ]


def scorer(rules_path: Path | None = None):
    """The Archéo :class:`printkit.scoring.Scorer` under the rules at
    ``rules_path`` (``None``: bundled): the table's stars per fossil board and
    the egg, the total, why the game ended and the rating of End of Game.

    Raises :class:`printkit.PrintkitError` (one line naming file and key) for
    bad rules data at ``rules_path``."""
    from printkit.gamekit import Scorer
    from printkit.games.archeo import data, game, scoring

    rules = data.bundled_rules() if rules_path is None else data.load_rules(rules_path)
    return Scorer(
        load=lambda path: game.load_game(path, rules=rules),
        validate=scoring.validate,
        score=scoring.score_game,
        render_text=scoring.render_text,
        render_json=scoring.render_json,
        simulate=lambda players, seed: scoring.simulate_toml(players, seed, rules=rules),
        default_players=rules.players_default,
        players_range=(rules.players_min, rules.players_max),
        reports="stars per fossil board and the egg, the total, why the game ended, the rating of End of Game "
                "(cooperative: no winner line)",
        example="examples/archeo/finished-3-players.toml",
    )


_title_art = deferred("printkit.games.archeo.cover:title_art")


GAME = GameKit(
    id=GAME_ID,
    parts=parts,
    catalogue=catalogue,  # printkit games: the parts' rows from the rules data, nothing drawn
    title_art=_title_art,
    cover_accent="dirt_dark",  # the engine cover (title, players, time from the rules data)
    rules=load_rules,
    scorer=scorer,
    scorepad=deferred("printkit.games.archeo.scorepad:pad"),  # the in-browser score pad
)
