"""Declarative part kinds: what a game's ``parts(options)`` returns, the
engine doing the rendering.

* :func:`pieces` — cut pieces (cards, tiles, tokens, sheets): a tuple of
  :class:`~printkit.model.Component` the engine imposes on the paper with
  bleed, crop marks and duplex backs (:mod:`printkit.render.sheets`);
* :func:`document` — a flowing-text page (a rules reference, a log): a jinja2
  template (the game's ``templates/`` or the theme's) and its context, which
  the engine renders with weasyprint (:mod:`printkit.render.documents`);
* :func:`board` — one or more large drawings (game boards): the engine tiles
  each over the kit paper with glue overlaps and alignment marks, or centres
  it on one large sheet with ``--board-paper`` (:mod:`printkit.tiling`), and
  offers the drawings as uncut faces to ``--format png``/``preview``; its
  stock says where it prints (:func:`~printkit.gamekit.contract.board_stock`).

Each returns a :class:`~printkit.gamekit.options.Part`; lengths in pt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from printkit.gamekit.contract import board_stock
from printkit.gamekit.options import BuildOptions, Part
from printkit.model import Component, ComponentSet, Face


def pieces(name: str, title: str, stock: str, components: Sequence[Component], *,
           label: str | None = None, kind: str = "card") -> Part:
    """Cut pieces: file ``<name>.pdf``, ``title`` on the cover, printed on
    ``stock``.  ``label``: the set's title on the sheets' footers (default
    ``title``); ``kind``: ``"card"`` or ``"paper"`` (:class:`ComponentSet`).
    The cover counts every component."""
    comps = tuple(components)
    return Part(name, title, stock, components=ComponentSet(name, label or title, kind, comps), count=len(comps))


def document(name: str, title: str, stock: str, template: str,
             context: Mapping[str, Any] | Callable[[], Mapping[str, Any]], options: BuildOptions, *,
             fit: bool = False, count: int = 1) -> Part:
    """A document rendered from ``template`` with ``context`` (a mapping, or
    a function returning one, called when the part renders) on
    ``options.paper`` in ``options.theme``.  The context's ``game`` names the
    game whose ``templates/`` folder and palette the page uses
    (:func:`printkit.render.documents.game_context` starts one).  ``fit``:
    tighten the layout to one page (:func:`printkit.render.documents.render_fitted`).
    Raises :class:`printkit.PrintkitError` when rendered, for a template error."""
    def render() -> bytes:
        from printkit.render.documents import render_document, render_fitted

        ctx = context() if callable(context) else context
        return (render_fitted if fit else render_document)(template, ctx, options.theme, options.paper)

    return Part(name, title, stock, document=render, count=count)


@dataclass(frozen=True)
class Drawing:
    """One large drawing of a :func:`board` part: ``key`` (its face name,
    ``<game>/<key>`` in exports), ``title`` (the PDF's title) and
    ``draw(canvas, box)`` (:class:`~printkit.model.Face` contract: origin at
    the trim's bottom-left corner, art to the bleed edge)."""

    key: str
    title: str
    draw: Callable[..., None]


def _more_tiles_note(which: str, width: float, height: float, overlap: float, options: BuildOptions) -> None:
    """A note (through :data:`printkit.render.documents.LAYOUT_NOTES`,
    which :func:`printkit.build.render_part` prints) when a ``--printer-margin``
    wider than the default 5 mm tiles a ``width`` × ``height`` pt board on more
    pages than at 5 mm: the extra joins fall where the board was not laid out
    for them (Archaeology keeps its 5 mm joins in the river), never silently.
    ``which``: the drawing's title when the part has several, else ``""``."""
    from printkit.paper import paper_label
    from printkit.render.documents import LAYOUT_NOTES
    from printkit.tiling import plan_tiles
    from printkit.units import to_mm

    paper = options.paper
    if not paper.wide_margin:
        return
    wide = plan_tiles(width, height, options.bleed, paper, overlap)
    plain = plan_tiles(width, height, options.bleed, paper.at_default_margin(), overlap)
    if wide.rows * wide.cols > plain.rows * plain.cols:
        LAYOUT_NOTES.append(
            (f"{which}: " if which else "") + f"{wide.rows * wide.cols} {paper_label(paper.name)} pages, not {plain.rows * plain.cols} — the "
            f"{to_mm(paper.margin):g} mm printer margin leaves less of each page, so its joins fall where the board "
            f"was not laid out for them; --board-paper a3 prints it on one sheet")


def board(name: str, title: str, game: str, drawings: Sequence[Drawing], width: float, height: float,
          overlap: float, options: BuildOptions, *, mount: str = "glued to card", label: str | None = None,
          document_title: str | None = None) -> Part:
    """Game boards of ``width`` × ``height`` pt: each drawing tiled over
    ``options.paper`` with ``overlap`` pt glue strips, or centred on one
    ``options.board_paper`` sheet (``--board-paper``); several drawings are
    assembled in order into one PDF titled ``document_title``.  The stock the
    cover shows says where it prints ("A4 pages, glued to card").
    ``label``: the title of the drawings as uncut faces (``--format png``)."""
    from printkit.paper import get_paper
    from printkit.tiling import render_single, render_tiled

    stock = board_stock(options, mount)

    def one(d: Drawing) -> bytes:
        if options.board_paper:
            return render_single(d.draw, width, height, bleed=options.bleed, paper=get_paper(options.board_paper),
                                 theme=options.theme, title=d.title)
        data, _ = render_tiled(d.draw, width, height, bleed=options.bleed, paper=options.paper, overlap=overlap,
                               theme=options.theme, title=d.title)
        _more_tiles_note(d.title if len(drawings) > 1 else "", width, height, overlap, options)
        return data

    def render() -> bytes:
        if len(drawings) == 1:
            return one(drawings[0])
        from printkit.pdf import assemble

        return assemble([one(d) for d in drawings], title=document_title or title, duplex="none")

    faces = ComponentSet(name, label or title, stock, tuple(
        Component(d.key, width, height, Face(f"{game}/{d.key}", d.draw), cut=False) for d in drawings))
    return Part(name, title, stock, document=render, count=len(drawings), faces=faces)
