"""The game contract: what a game tells the engine (:class:`GameKit`), the
options of one build it receives (:class:`BuildOptions`) and the output files
it declares (:class:`Part`).

A game builds one :class:`GameKit` in its ``kit.py`` and registers it in the
``printkit.games`` entry-point group (:mod:`printkit.registry`,
``docs/adding-a-game.md``).  :class:`BuildOptions` and :class:`Part` live in
:mod:`printkit.gamekit.options` and are offered here too, loaded on first use:
``printkit score`` needs the contract but neither of them, and every
dataclass costs start-up (its methods are compiled when it is created).  This module imports the engine's core only —
never :mod:`printkit.build`, :mod:`printkit.registry` or a game — so the
registry and the build can import it without a loop.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:  # annotations only: scoring a game creates neither class (issue 26)
    from printkit.gamekit.options import BuildOptions, Part

#: Large papers a board can be printed on in one sheet (``--board-paper``).
BOARD_PAPERS = ("a3", "a2", "tabloid")

#: Build options a game may or may not use: name → (option as typed, is it set?).
#: A game lists the ones it uses in :attr:`GameKit.options`; any other that is
#: set gets a one-line note in the build summary.
OPTIONAL_OPTIONS: dict[str, tuple[str, Callable[["BuildOptions"], bool]]] = {
    "fillable": ("--fillable", lambda o: o.fillable),
    "players": ("--players", lambda o: o.players is not None),
    "board_paper": ("--board-paper", lambda o: o.board_paper is not None),
}


@dataclass(frozen=True)
class GameKit:
    """The game contract: everything the engine and the CLI know of one game.

    A game's package exposes one of these (in its ``kit.py``) and registers
    it in the ``printkit.games`` entry-point group (see
    :mod:`printkit.registry` and ``docs/adding-a-game.md``).

    Derived from the rules data when the game gives ``rules`` and leaves
    them out: ``title``, ``tagline`` and ``players`` from the bundled rules
    (``rules(None)``: ``title``, ``tagline``, ``players_min``,
    ``players_max``, ``players_default``); ``player_range`` from the rules
    of the build (``--rules``); ``cover`` — the engine's cover
    (:func:`rules_cover`): title art, players, playing time (``minutes``),
    contents, print plan, headings in the palette role ``cover_accent``.
    Without ``rules``, ``players`` defaults to (1, 8, 4) and there is no cover.

    ``id``: lower-case name (``out/<id>/``, the CLI's GAME); ``title``,
    ``tagline``: as the cover shows them; ``parts(options) -> [Part]``: what
    the kit prints, in print order; ``players``: (min, max, default) under the
    bundled rules; ``cover(summary, options) -> PDF bytes`` (optional; each
    summary mapping has ``title``, ``file``, ``count``, ``pages`` — as in the
    kit, blank backs included —, ``stock``, ``backs``: printed backs?, and
    ``contents``, [count, title] pairs, for a part that gives
    :attr:`Part.contents`);
    ``player_range(options)``: (min, max, default) under the build's rules
    (``--rules`` may change them; default: ``players``); ``rules(path|None)``:
    loads the game's rules data (``None`` = bundled), raising
    :class:`printkit.PrintkitError` for bad data; ``options``: names in
    :data:`OPTIONAL_OPTIONS` this game uses (``"fillable"``,
    ``"board_paper"``, ``"players"``: its kit changes with ``--players``); ``scorer(rules_path|None) -> Scorer`` (optional, see
    :class:`printkit.scoring.Scorer`); ``icons``: name → draw function
    ``(canvas, x, y, size, fill, detail)`` offered to ``printkit deck``
    layouts; ``title_art(canvas, x, y, w, h, theme)`` (optional): the game's
    title art in that box (pt), drawn on the cover.
    """

    id: str
    title: str = ""
    tagline: str = ""
    parts: Callable[[BuildOptions], list[Part]] | None = None
    players: tuple[int, int, int] | None = None  # min, max, default (bundled rules); default (1, 8, 4)
    cover: Callable[..., bytes] | None = None
    #: (min, max, default) players under the build's rules (``--rules`` may change them).
    player_range: Callable[[BuildOptions], tuple[int, int, int]] | None = None
    rules: Callable[[Path | None], object] | None = None
    options: frozenset[str] = frozenset()
    scorer: Callable[..., object] | None = None
    #: ``scorepad(rules_path | None) -> printkit.scorepad.PadSpec``: the game's in-browser
    #: score pad (its JavaScript scorer, input UI and rules data); ``None``: no pad.
    scorepad: Callable[..., object] | None = None
    icons: Mapping[str, Callable[..., None]] = field(default_factory=dict)
    #: The game's title art, drawn in code: ``title_art(canvas, x, y, w, h, theme)``
    #: fills the box (x, y, w, h) in pt (the cover clips to it; see :mod:`printkit.render.cover`).
    title_art: Callable[..., None] | None = None
    #: The palette role of the engine cover's headings and key numbers (``None``: the theme's ``accent``).
    cover_accent: str | None = None
    #: ``catalogue(options) -> [Part]``: the parts' rows without building them (see the class doc).
    catalogue: Callable[[BuildOptions], list[Part]] | None = None

    def __post_init__(self) -> None:
        """Fill what the rules data says when the game leaves it out (see the class doc)."""
        if self.parts is None:
            raise TypeError(f"GameKit {self.id!r}: parts(options) is required")
        derived: dict = {}
        if self.rules is not None and (not self.title or self.players is None):
            bundled = self.rules(None)
            derived["title"] = self.title or bundled.title
            derived["tagline"] = self.tagline or bundled.tagline
            if self.players is None:
                derived["players"] = players_of(bundled)
        if self.rules is not None and self.player_range is None:
            derived["player_range"] = lambda options: players_of(self.rules(options.rules_file(self.id)))
        if self.rules is not None and self.cover is None:
            derived["cover"] = lambda summary, options: rules_cover(self, summary, options)
        if self.players is None and "players" not in derived:
            derived["players"] = (1, 8, 4)
        for key, value in derived.items():
            object.__setattr__(self, key, value)

    def range_for(self, options: BuildOptions) -> tuple[int, int, int]:
        """(min, max, default) players under ``options``' rules."""
        return self.player_range(options) if self.player_range else self.players

    def listing(self, options: BuildOptions) -> list[Part]:
        """The kit's parts as catalogue rows (name, title, stock, count,
        contents; no components or documents): :attr:`catalogue` when the
        game gives one, else ``parts(options)`` stripped of what they draw
        (``options.theme`` must then be a loaded theme)."""
        if self.catalogue is not None:
            return list(self.catalogue(options))
        return [replace(p, components=None, document=None, faces=None)
                for p in self.parts(options)]  # type: ignore[misc]


def kits_notes(kits: list[GameKit], options: BuildOptions) -> list[str]:
    """The notes of a build of ``kits``: one line per option set in
    ``options`` that some of them do not use, naming those games in order
    (``"--fillable does not apply to archaeologia, archeo; ignored"``), then
    each game's line when ``--rules DIR`` holds no ``<game>.toml``
    (:func:`printkit.rules.bundled_rules_note`), then the theme's text
    colours too pale to read on its paper (:func:`printkit.theme.contrast_notes`)."""
    from printkit.rules import bundled_rules_note
    from printkit.theme import contrast_notes

    notes = []
    for name, (typed, is_set) in OPTIONAL_OPTIONS.items():
        if is_set(options):
            ignoring = [kit.id for kit in kits if name not in kit.options]
            if ignoring:
                notes.append(f"{typed} does not apply to {', '.join(ignoring)}; ignored")
    rules = (bundled_rules_note(kit.id, options.rules_dir) for kit in kits)
    return notes + [note for note in rules if note] + contrast_notes(options.theme)


def board_stock(options: BuildOptions, mount: str = "glued to card") -> str:
    """What a :func:`printkit.gamekit.board` part prints on, as the cover and ``printkit
    games`` show it: ``"A3 sheet, glued to card"`` with ``--board-paper
    a3`` (the build's summary counts it: "1 A3 sheet, …"), else the kit
    paper's pages (``"A4 pages, glued to card"``, ``"US Letter pages, …"``),
    papers named as people name them (:func:`printkit.paper.paper_label`);
    ``mount``: how it is finished."""
    from printkit.paper import paper_label

    where = (f"{paper_label(options.board_paper)} sheet" if options.board_paper
             else f"{paper_label(options.paper.name)} pages")
    return f"{where}, {mount}"


def players_of(rules: object) -> tuple[int, int, int]:
    """(min, max, default) players of a game's rules data (its
    ``players_min``, ``players_max`` and ``players_default``)."""
    return rules.players_min, rules.players_max, rules.players_default  # type: ignore[attr-defined]


def rules_cover(kit: GameKit, summary: list[dict], options: BuildOptions) -> bytes:
    """The engine's kit cover for ``kit`` (:func:`printkit.render.cover.cover_pdf`),
    everything it says taken from the game's rules data under ``options``'
    rules (``title``, ``tagline``, ``players_min``/``players_max``,
    ``minutes``): title art (``kit.title_art``), players and playing time,
    contents and the print plan of ``summary`` (one mapping per part, see
    :class:`GameKit`).  PDF bytes of one ``options.paper`` page."""
    from printkit.render.cover import cover_pdf

    rules = kit.rules(options.rules_file(kit.id))  # type: ignore[misc]
    return cover_pdf(title=rules.title, tagline=rules.tagline, players=(rules.players_min, rules.players_max),
                     minutes=rules.minutes, summary=summary, paper=options.paper, duplex=options.duplex,
                     theme=options.theme, game=kit.id, art=kit.title_art, accent_role=kit.cover_accent)


def __getattr__(name: str) -> Any:
    """:class:`BuildOptions` and :class:`Part`, from :mod:`printkit.gamekit.options` on first use."""
    if name in ("BuildOptions", "Part"):
        from printkit.gamekit import options

        return getattr(options, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
