"""A score pad as a new user first sees it (issue 26): a new pad names no
winner before anything is scored, speaks the page's words (no command-line
options, no TOML backticks) and says "an orange Bone".  Headless Chromium
(Debian's ``chromium``), as in tests/test_scorepad_browser.py; what is measured
is the text on the page."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
GAMES = ["archeotrek", "archaeology", "archaeologia", "archeo"]


def _printkit(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printkit", *args], cwd=ROOT, input=stdin, capture_output=True,
                          timeout=120)


def _in_process(*args: str):
    """``printkit ARGS`` in this process (click's runner): for making the pads and a
    game the browser tests open — the same bytes as the command in a new
    interpreter, without one per call."""
    from click.testing import CliRunner

    from printkit.cli import main

    r = CliRunner().invoke(main, list(args))
    assert r.exit_code == 0, r.output
    return r


def test_no_one_kept_an_orange_bone_in_the_text_report():
    game = _printkit("simulate", "archeotrek", "--players", "1", "--seed", "6").stdout
    out = _printkit("score", "archeotrek", "-", "--json", stdin=game).stdout.decode()
    assert "no one kept an orange Bone" in out and "a orange" not in out
    assert "no one kept a blue Bone" in out or "blue" not in out.split("no one kept")[-1]


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def pads(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("pads")
    out = {}
    for g in GAMES:
        out[g] = d / f"{g}.html"
        _in_process("scorepad", g, "-o", str(out[g]))
    return out


def _open(browser, path: Path):
    page = browser.new_context(viewport={"width": 400, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda dlg: dlg.accept())
    page.goto(path.as_uri())
    page.wait_for_selector("#status")
    return page, errors


@pytest.mark.parametrize("game", GAMES)
def test_a_new_pad_names_no_winner_and_no_cli_words(browser, pads, game):
    page, errors = _open(browser, pads[game])
    assert page.locator("#winner").count() == 0
    results = page.inner_text("#results")
    if game == "archeo":  # cooperative: the table wins or loses together, no one is "the winner"
        assert "No score yet" in results and "winner" not in results.lower()
    else:
        assert "No scores yet" in results
    assert "nothing scored yet" in page.inner_text("#status")
    text = page.inner_text("body")
    assert "win" not in page.inner_text("#status").lower()
    assert "--" not in text and "`" not in text and "Shared win" not in text
    # nothing entered: no control of the sheet is marked as a problem (Archéo's "How did the game
    # end?" was outlined in red while the problems panel said "Nothing entered yet")
    assert page.locator("#sheet .bad").count() == 0
    # the Export panel, and a file the pad cannot load, speak of the page, not of a command line
    page.click("text=Export")
    page.wait_for_selector("#export-panel")
    assert "printkit" not in page.inner_text("#export-panel .hint")
    page.click("text=Import")
    page.fill("#import-panel textarea", 'game = "another-game"\n')
    page.click("#import-go")
    page.wait_for_selector("#import-error")
    assert "cannot be loaded" in page.inner_text("#import-error")
    assert "printkit" not in page.inner_text("#import-error")
    assert not errors


def test_a_problem_is_marked_on_the_sheet_once_something_is_entered(browser, pads):
    """Archéo: a piece placed, no ending chosen — the ending's buttons are marked (the
    problems panel names it), where a new pad marked nothing."""
    page, errors = _open(browser, pads["archeo"])
    page.click(".piece >> nth=0")
    page.wait_for_selector("#sheet .choice2.bad")
    assert "problem" in page.inner_text("#problems")
    assert not errors


def test_archeos_egg_is_not_offered_as_a_way_the_game_ends(browser, pads):
    """Rulebook (Archéo): the egg gives 2 more stars; the game ends on all the stars or
    on the last shovel card.  The heading over "Egg found" is the egg's own, not
    "How did the game end?" (it sat under the endings, looking like a third one)."""
    page, errors = _open(browser, pads["archeo"])
    heading = page.evaluate("""() => { let e = document.getElementById('egg').parentElement;
        while ((e = e.previousElementSibling) && e.tagName !== 'H3'); return e ? e.textContent : null; }""")
    assert heading == "The egg"
    assert not errors


def test_the_winner_shows_once_something_is_scored(browser, pads):
    game = _in_process("simulate", "archeotrek", "--players", "1", "--seed", "6").stdout
    page, errors = _open(browser, pads["archeotrek"])
    page.click("text=Import")
    page.fill("#import-panel textarea", game)
    page.click("#import-go")
    page.wait_for_selector("#winner")
    assert page.inner_text("#winner").startswith("Winner: ")
    results = page.inner_text("#results")
    assert "no one kept an orange Bone" in results and "a orange" not in results
    assert not errors


def test_problems_on_the_page_speak_of_the_page_not_the_command_line(browser, pads):
    """An unfinished ArchéoTREK sheet: the warning names the page's checkbox, not --partial."""
    page, errors = _open(browser, pads["archeotrek"])
    page.click("text=Import")
    page.fill("#import-panel textarea", 'game = "archeotrek"\n[[player]]\nname = "Ana"\n[player.circles]\nA1 = 3\n'
                                        '[player.choices]\nyellow = 1\n')
    page.click("#import-go")
    page.wait_for_selector('#problems li[data-code="choices-unfinished"]')
    text = page.inner_text("#problems")
    assert "--partial" not in text and "`" not in text
    assert "The game is over" in text
    assert not errors
