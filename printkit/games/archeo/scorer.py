"""The Archéo scorer for the game contract (:attr:`printkit.build.GameKit.scorer`)."""

from __future__ import annotations

from pathlib import Path


def scorer(rules_path: Path | None = None):
    """The Archéo :class:`printkit.scoring.Scorer` under the rules at
    ``rules_path`` (``None``: bundled): the table's stars per fossil board and
    the egg, the total, why the game ended and the rating of End of Game.

    Raises :class:`printkit.PrintkitError` (one line naming file and key) for
    bad rules data at ``rules_path``."""
    from printkit.games.archeo import data, game, scoring
    from printkit.scoring import Scorer

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
