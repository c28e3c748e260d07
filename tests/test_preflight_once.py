"""A build preflights each PDF once (issue 26): every part and the cover as
they are rendered, and not the kit PDF assembled from them afterwards (it
re-checked every page already checked).  The kit is still what users check:
``printkit check`` on it finds nothing."""

from __future__ import annotations

from printkit.build import BuildOptions, render_game
from printkit.paper import get_paper
from printkit.preflight import preflight
from printkit.registry import get_game


def test_parts_and_cover_are_preflighted_once_and_the_kit_not_again(theme, preflights_recorded):
    checked = preflights_recorded
    kit = get_game("archeotrek")
    game = render_game(kit, BuildOptions(paper=get_paper("a4"), theme=theme, players=2))
    parts = [f"archeotrek/{name}.pdf" for name, _, _, _ in game.parts]
    assert sorted(checked) == sorted(parts + ["archeotrek/cover.pdf"])
    assert len(checked) == len(set(checked))
    assert not any(s.endswith("-kit.pdf") for s in checked)
    assert preflight(game.kit_pdf, source="kit") == []  # the assembled kit is clean all the same
