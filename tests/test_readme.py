"""The README stays true as the project grows: its list of bundled games is
the registry's, and every game it names has a scorer the CLI knows."""

from __future__ import annotations

import re
from pathlib import Path

from printkit.registry import all_games

README = Path(__file__).resolve().parent.parent / "README.md"


def test_bundled_games_listed_in_the_readme_are_the_registered_ones():
    text = README.read_text(encoding="utf-8")
    block = text.split("Bundled today", 1)[1].split("\n\n", 2)[1]
    listed = set(re.findall(r"^- \*\*(.+?)\*\*", block, flags=re.M))
    assert listed == {kit.title for kit in all_games()}


def test_every_scoring_game_has_its_row_in_the_readme():
    text = README.read_text(encoding="utf-8")
    for kit in all_games():
        if kit.scorer is not None:
            assert f"printkit score {kit.id}" in text or f"`{kit.id}`" in text, kit.id


def test_the_commands_table_lists_every_command_of_the_cli():
    """The README's Commands table names each command ``printkit --help``
    lists (export-game included), and no other."""
    from click.testing import CliRunner

    from printkit.cli import main

    text = README.read_text(encoding="utf-8")
    table = text.split("## Commands", 1)[1].split("\n\n", 2)[1]
    listed = re.findall(r"^\| `printkit ([a-z-]+)", table, flags=re.M)
    helped = CliRunner().invoke(main, ["--help"]).stdout.split("Commands:", 1)[1]
    commands = re.findall(r"^  ([a-z][a-z-]*)\s", helped, flags=re.M)
    assert sorted(listed) == sorted(commands) and "export-game" in listed


def test_shell_completion_is_documented_for_bash_zsh_and_fish():
    text = README.read_text(encoding="utf-8")
    for shell in ("bash", "zsh", "fish"):
        assert f"_PRINTKIT_COMPLETE={shell}_source printkit" in text, shell


def test_game_files_shown_in_the_examples_readmes_validate(tmp_path):
    """A TOML game file a README under examples/ shows (a block opening with
    ``game = "..."``) is one ``printkit validate`` accepts."""
    from click.testing import CliRunner

    from printkit.cli import main

    blocks = []
    for readme in sorted((README.parent / "examples").glob("*/README.md")):
        blocks += re.findall(r"```toml\n(game = \"([a-z0-9_-]+)\".*?)```", readme.read_text(encoding="utf-8"), re.S)
    assert blocks
    for n, (text, game) in enumerate(blocks):
        f = tmp_path / f"{n}.toml"
        f.write_text(text, encoding="utf-8")
        r = CliRunner().invoke(main, ["validate", game, str(f)])
        assert r.exit_code == 0, (game, r.output)


def test_every_count_of_games_in_the_readme_and_package_is_the_bundled_count():
    """"the four games", "all four games", "kits … for four … games": each
    number of games written in the README, the package description and the
    docs is the number of games the package bundles (its entry points)."""
    import tomllib

    root = README.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    bundled = len(project["project"]["entry-points"]["printkit.games"])
    words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
    texts = {"README.md": README.read_text(encoding="utf-8"),
             "pyproject.toml description": project["project"]["description"]}
    texts.update({str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in sorted((root / "docs").glob("*.md"))})
    found = []
    for name, text in texts.items():
        for m in re.finditer(r"\b(one|two|three|four|five|six|seven|eight)\b(?:[\w -]{0,30}?)\bgames\b", text, re.I):
            found.append((name, m.group(0), words[m.group(1).lower()]))
    assert found
    wrong = [(name, phrase) for name, phrase, n in found if n != bundled]
    assert not wrong, f"{bundled} games are bundled, yet: {wrong}"


def test_the_readme_preview_is_what_the_preview_format_makes_today(tmp_path):
    """docs/images/preview-archaeology.png, shown in the README, is the
    contact sheet `printkit build archaeology --format preview` writes now
    (byte for byte: outputs are deterministic), so the picture never shows
    old card texts."""
    from click.testing import CliRunner

    from printkit.cli import main

    image = README.parent / "docs" / "images" / "preview-archaeology.png"
    assert f"]({image.relative_to(README.parent).as_posix()})" in README.read_text(encoding="utf-8")
    r = CliRunner().invoke(main, ["build", "archaeology", "--format", "preview", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    made = tmp_path / "archaeology" / "preview" / "archaeology-preview.png"
    from PIL import Image, ImageChops

    with Image.open(made) as a, Image.open(image) as b:
        assert a.size == b.size, (a.size, b.size)
        diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
        # the same picture, to a rasteriser's rounding; a changed text or card shows far more
        assert _small(diff), (
            "regenerate it: printkit build archaeology --format preview, then copy "
            "output/archaeology/preview/archaeology-preview.png to docs/images/preview-archaeology.png")


def _small(diff) -> bool:
    """No pixel of ``diff`` is off by more than 48 of 255 (anti-aliasing
    rounding differs by a few levels; a changed glyph by far more)."""
    return max(hi for _, hi in diff.getextrema()) <= 48
