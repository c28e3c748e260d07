"""What the Archaeologia kit prints, in print order.

* ``rules-reference``: one page of the rules in our words (weasyprint; two in a large-print theme);
* ``player-aids``: one duplex card per player (turn and actions; strata,
  tools, rentals and sets);
* ``grass-tiles``, ``earth-tiles``, ``rock-tiles``, ``dinosaur-tiles``: the
  70 strata tiles, one file per stratum so every backs sheet shows one
  stratum only (a misaligned duplex never shows another layer's back);
* ``pieces``: 12 tool tiles and the RAIN tile, money and renown markers per
  player colour, SONAR and TENT markers (round), fold-over archaeologist
  standees (one-sided) — each size on its own sheets;
* ``cards``: the EVENT and SECRET OBJECTIVE poker cards, each kind with its own back, in one print run;
* ``boards``: the MONEY/TOOLS board then the RENOWN board, each tiled over
  the kit paper with glue overlaps and alignment marks, or on one large sheet
  with ``--board-paper``.

Every count, value and size comes from ``rules/archaeologia.toml``.  The
scorer (:mod:`printkit.games.archaeologia.scoring`) reads ``[discoveries]``,
``[groups]`` and ``[objectives]`` from the same data.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from printkit.gamekit import (
    GameKit,
    LazyMapping,
    LazyModule,
    PrintkitError,
    board_stock,
    deferred,
    mm,
    show,
)
from printkit.games.archaeologia.data import (
    GAME_ID,
    ArchaeologiaRules,
    aid_scale,
    check_printable,
    load_rules,
)

if TYPE_CHECKING:  # annotations only: the components and build options load where the kit is built
    from printkit.gamekit import BuildOptions, Component, Part

#: The faces' art (reportlab) loads when a kit is built, not when a game is
#: scored or listed (:mod:`printkit.lazy`); so do the engine's components.
_tiles = LazyModule("printkit.games.archaeologia.tiles")

TILE_SAFE_MM = 3.0


def strata_components(rules: ArchaeologiaRules, theme, stratum: str) -> tuple[Component, ...]:
    """The tiles of ``stratum`` in data order, each with the stratum's back;
    ``meta``: kind "tile", the stratum, the discovery id, kind and group."""
    from printkit.gamekit import Component

    size = mm(rules.sizes["tile"])
    back = _tiles.tile_back(rules, theme, stratum)
    return tuple(
        Component(f"tile-{d.id}", size, size, _tiles.tile_front(rules, theme, d), back, safe=mm(TILE_SAFE_MM),
                  meta={"kind": "tile", "stratum": stratum, "id": d.id, "tile_kind": d.kind, "group": d.group})
        for d in rules.tiles_of(stratum))


def tool_components(rules: ArchaeologiaRules, theme) -> tuple[Component, ...]:
    """Tool tiles (``count`` of each, tool order) then the RAIN tile; the same face on both sides."""
    from printkit.gamekit import Component

    size = mm(rules.sizes["tool_tile"])
    out = []
    for t in rules.tools.values():
        face = _tiles.tool_face(rules, theme, t.id)
        out += [Component(f"tool-{t.id}-{i + 1}", size, size, face, face, safe=mm(2.5),
                          meta={"kind": "tool", "id": t.id}) for i in range(t.count)]
    rain = _tiles.rain_face(rules, theme)
    out += [Component(f"rain-{i + 1}", size, size, rain, rain, safe=mm(2.5), meta={"kind": "rain", "id": "rain"})
            for i in range(rules.rain_count)]
    return tuple(out)


def marker_components(rules: ArchaeologiaRules, theme) -> tuple[Component, ...]:
    """Per player colour a money and a renown marker, then the SONAR and TENT markers (round)."""
    from printkit.gamekit import Component

    d = mm(rules.sizes["marker"])
    out = []
    for colour in rules.colours:
        for track in ("money", "renown"):
            f = _tiles.marker_face(rules, theme, colour, track)
            out.append(Component(f"marker-{colour}-{track}", d, d, f, f, shape="circle", safe=mm(1.5),
                                 meta={"kind": "marker", "colour": colour, "track": track}))
    for what, n in (("sonar", rules.sonar_markers), ("tent", rules.tent_markers)):
        f = _tiles.round_token_face(rules, theme, what)
        out += [Component(f"{what}-{i + 1}", d, d, f, f, shape="circle", safe=mm(1.5), meta={"kind": what})
                for i in range(n)]
    return tuple(out)


def pawn_components(rules: ArchaeologiaRules, theme) -> tuple[Component, ...]:
    """One fold-over standee per player colour (one-sided)."""
    from printkit.gamekit import Component

    w = mm(rules.sizes["pawn_width"])
    h = mm(2 * rules.sizes["pawn_base"] + 2 * rules.sizes["pawn_height"])
    return tuple(Component(f"pawn-{c}", w, h, _tiles.pawn_face(rules, theme, c), safe=mm(2),
                           meta={"kind": "pawn", "colour": c}) for c in rules.colours)


#: The two boards, in print order: (key, drawing function in :mod:`~printkit.games.archaeologia.board`).
BOARDS = (("money", "money_draw"), ("renown", "renown_draw"))


def _rows(rules: ArchaeologiaRules, options: BuildOptions) -> dict[str, Part]:
    """Name → the part's catalogue row (title, stock, count) under ``rules``
    and ``options``, in print order: counted from the rules data, nothing
    drawn (:attr:`printkit.gamekit.GameKit.catalogue`); :func:`parts` fills
    the same rows with what they print."""
    from printkit.gamekit import Part

    large = getattr(options.theme, "large_print", False)  # large print: the reference runs over two pages
    k = aid_scale(options.theme)  # … and the aids grow
    big = f" (large print, {rules.sizes['aid_width'] * k:.0f} × {rules.sizes['aid_height'] * k:.0f} mm)"
    tiles = "card 300 g/m² or more, duplex"
    rows = [
        Part("rules-reference", "Rules reference (large print: 2 pages)" if large else "Rules reference",
             "plain paper (80 g/m²)", count=1),
        Part("player-aids", f"Player aids{big if large else ''}", "card 250–300 g/m², duplex",
             count=rules.players_max),  # one per player the game seats
    ]
    rows += [Part(f"{sid}-tiles", f"{st.name.capitalize()} tiles ({st.research})", tiles,
                  count=len(rules.tiles_of(sid))) for sid, st in rules.strata.items()]
    colours = len(rules.colours)  # per colour: a money and a renown marker, a standee
    pieces = (sum(t.count for t in rules.tools.values()) + rules.rain_count + 2 * colours
              + rules.sonar_markers + rules.tent_markers + colours)
    rows += [
        Part("pieces", "Tool tiles, RAIN tile, markers, standees", tiles, count=pieces),
        Part("cards", "EVENT and SECRET OBJECTIVE cards", "card 250–300 g/m², duplex",
             count=sum(e.count for e in rules.events.values()) + len(rules.objectives)),
        Part("boards", "MONEY/TOOLS and RENOWN boards", board_stock(options), count=len(BOARDS)),  # tiled or one sheet
    ]
    return {row.name: row for row in rows}


def catalogue(options: BuildOptions) -> list[Part]:
    """The kit's parts as :func:`parts` lists them (name, title, stock,
    count), read from the rules data only (``printkit games``)."""
    return list(_rows(load_rules(options.rules_file(GAME_ID)), options).values())


def parts(options: BuildOptions) -> list[Part]:
    """The kit's parts for ``options`` (paper, theme, bleed, board paper, rules).

    Raises :class:`printkit.PrintkitError` for rules data out of range
    (:func:`~printkit.games.archaeologia.data.load_rules`) or texts the
    theme's fonts cannot draw (:func:`~printkit.games.archaeologia.data.check_printable`).
    """
    from printkit.gamekit import Component, ComponentSet, Face
    from printkit.games.archaeologia import board, cards, documents

    rules = load_rules(options.rules_file(GAME_ID))
    theme = options.theme
    check_printable(rules, theme)
    where = cards.title_problem(rules, theme, (mm(rules.sizes["card_width"]), mm(rules.sizes["card_height"]), mm(3.5)),
                                (mm(rules.sizes["aid_width"]), mm(rules.sizes["aid_height"]), mm(3)))
    if where:  # a house rules' title too long to print: one line, nothing drawn
        raise PrintkitError(f"{rules.file or 'rules/archaeologia.toml'}: game.title = {show(rules.title)}: does not "
                            f"fit {where} in the theme {theme.name!r}, even smaller and on more lines; "
                            "write a shorter title")
    room = cards.card_room_problem(rules, theme) or _tiles.tile_room_problem(rules, theme, TILE_SAFE_MM)
    if room:  # cards or tiles too small for what they print (a traceback at 60 mm): one line, nothing drawn
        raise PrintkitError(f"{rules.file or 'rules/archaeologia.toml'}: {room}")
    rows = _rows(rules, options)

    def filled(name: str, label: str, kind: str, comps: tuple[Component, ...]) -> Part:
        return replace(rows[name], components=ComponentSet(name, label, kind, comps), count=len(comps))

    out = [replace(rows["rules-reference"],
                   document=lambda: documents.rules_reference_pdf(rules, theme, options.paper)),
           filled("player-aids", "Player aids", "card", cards.aid_components(rules, theme))]
    out += [filled(f"{sid}-tiles", f"{st.name} tiles", "card", strata_components(rules, theme, sid))
            for sid, st in rules.strata.items()]
    out.append(filled("pieces", "Tools, RAIN, markers, standees", "card",
                      tool_components(rules, theme) + marker_components(rules, theme) + pawn_components(rules, theme)))
    # one print run: the SECRET OBJECTIVE cards fill the last EVENT sheet's empty slots
    out.append(filled("cards", "EVENT, OBJECTIVE cards", "card",
                      cards.event_components(rules, theme) + cards.objective_components(rules, theme)))
    boards = rows["boards"]
    board_size = mm(rules.sizes["board_width"]), mm(rules.sizes["board_height"])
    faces = tuple(Component(f"{which}-board", *board_size,  # for --format png / preview
                            Face(f"{GAME_ID}/{which}-board", getattr(board, draw)(rules, options.theme)), cut=False)
                  for which, draw in BOARDS)
    out.append(replace(boards, document=lambda: board.boards_pdf(rules, options), count=len(faces),
                       faces=ComponentSet("boards", "Boards", boards.stock, faces)))
    return out


def _deck_icon(fn):
    return lambda c, x, y, size, fill, detail: fn(c, x, y, size, fill, detail, detail)


def _deck_icons() -> dict:
    from printkit.games.archaeologia import art

    return {name: _deck_icon(fn) for name, fn in art.DECK_ICONS.items()}


def scorer(rules_path=None):
    """The Archaeologia :class:`printkit.scoring.Scorer` under the rules at
    ``rules_path`` (``None``: bundled): the events replayed in order, RP per
    gift and objective, the event that ended the game, the winners."""
    from printkit.gamekit import Scorer
    from printkit.games.archaeologia import data, game, scoring

    rules = data.bundled_rules() if rules_path is None else load_rules(rules_path)
    return Scorer(
        load=lambda path: game.load_game(path, rules=rules),
        validate=lambda g, partial=False: scoring.validate(g, partial=partial),
        score=lambda g, partial=False: scoring.score_game(g, partial=partial),
        render_text=scoring.render_text,
        render_json=scoring.render_json,
        simulate=lambda players, seed: scoring.simulate_toml(players, seed, rules=rules),
        default_players=rules.players_default,
        players_range=(rules.players_min, rules.players_max),
        reports="RP from each gift to the museum and each secret objective, total, the event that ended the game "
                "and why, the winners",
        partial="a game that never ended is a warning (the standings so far)",
        example="examples/archaeologia/finished-3-players.toml",
    )


_title_art = deferred("printkit.games.archaeologia.cover:title_art")


GAME = GameKit(
    id=GAME_ID,
    parts=parts,
    catalogue=catalogue,  # printkit games: the parts' rows from the rules data, nothing drawn
    title_art=_title_art,
    cover_accent="earth_dark",  # the engine cover (title, players, time from the rules data)
    rules=load_rules,
    options=frozenset({"board_paper"}),
    scorer=scorer,
    scorepad=deferred("printkit.games.archaeologia.scorepad:pad"),  # the in-browser score pad
    icons=LazyMapping(_deck_icons),
)
