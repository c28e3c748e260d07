"""Untrusted templates (deck layouts here; themes in test_documents_untrusted.py)
run in printkit's sandbox: no Python internals, bounded time, steps and sizes,
one clear line on any failure.  Also: deck images stay inside the layout's
folder, and the archaeology chest text takes plain fields only."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit import PrintkitError, interrupt, sandbox
from printkit.cli import main

#: (name, template) that must be refused, each within a couple of seconds.
PAYLOADS = [
    ("range", "{% for i in range(10**9) %}{% endfor %}"),
    ("mul", "{{ 'x' * 3000000000 }}"),
    ("format-filter", "{{ '%2000000000s'|format(1) }}"),
    ("percent-star", "{{ '%*d' % (2000000000, 1) }}"),
    ("str-format", "{{ '{:>2000000000}'.format(1) }}"),
    ("center", "{{ 'x'|center(3000000000) }}"),
    ("ljust", "{{ 'x'.ljust(3000000000) }}"),
    ("to-bytes", "{{ (1).to_bytes(3000000000, 'big') }}"),
    ("pow", "{{ 7 ** 3000000000 }}"),
    ("nested-loops", "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}"),
    ("concat-doubling", "{% set ns = namespace(a='x') %}{% for i in range(40) %}{% set ns.a = ns.a ~ ns.a %}"
                        "{% endfor %}{{ ns.a|length }}"),
    ("list-repr", "{% set s = 'x' * 900000 %}{{ [s, s, s, s, s, s, s, s, s, s] }}"),
    ("join-sep", "{{ range(10000)|join('y' * 900000) }}"),
    ("filter-block", "{% filter upper %}{% for i in range(10000) %}{% for j in range(10000) %}xxxxxxxx"
                     "{% endfor %}{% endfor %}{% endfilter %}"),
    ("batch", "{{ [1]|batch(3000000000, 'x')|list }}"),
]

POPEN = "{{ cycler.__init__.__globals__.os.popen('touch %s').read() }}"


def _render(text: str, seconds: float | None = sandbox.TIME_BUDGET) -> str:
    env = sandbox.environment(autoescape=False)
    return sandbox.render(sandbox.compile_string(env, text, "t.toml"), {}, "t.toml", seconds)


@pytest.mark.parametrize("name,text", PAYLOADS, ids=[p[0] for p in PAYLOADS])
def test_budget_payloads_stop_fast_with_one_line(name, text):
    # each payload would run for minutes or fill memory: the budget's own message proves it stopped it
    with pytest.raises(sandbox.TemplateError) as info:
        _render(text)
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith("t.toml, line 1: ") and "over budget" in msg


def test_python_internals_are_out_of_reach(tmp_path):
    marker = tmp_path / "marker"
    with pytest.raises(sandbox.TemplateError, match="not allowed in a template"):
        _render(POPEN % marker)
    assert not marker.exists()


def test_ordinary_templates_still_work():
    text = ("{{ 'a' ~ 'b' }} {{ [1, 2]|join(',') }} {{ '%05d'|format(3) }} {{ '{:>4}'.format(2) }} "
            "{% for i in range(3) %}{{ loop.index }}{% endfor %} {{ 'x' * 3 }} {{ 2 ** 10 }} {{ 'ab'|center(6) }}")
    assert _render(text) == "ab 1,2 00003    2 123 xxx 1024   ab  "


def test_time_budget_stops_a_pure_python_burner():
    bomb = "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}"
    # 2**40 macro calls never finish: the budget's timer (SIGALRM) stopped it, as its message says
    with pytest.raises(sandbox.TemplateError, match="took longer than 0.5 s"):
        _render(bomb, seconds=0.5)


def test_stop_request_ends_a_render_within_a_second():
    bomb = "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}"
    # no time budget: only the stop request can end 2**40 macro calls; the request is made while
    # the render runs, and the render raises on it (measured: that it stopped, not how fast)
    timer = threading.Timer(0.3, lambda: interrupt._state.__setitem__("signal", signal.SIGTERM))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            _render(bomb, seconds=None)
        assert not timer.is_alive() and interrupt.requested()  # stopped by the request, after it was made
    finally:
        timer.cancel()
        interrupt._state["signal"] = 0


def test_previous_alarm_handler_and_timer_are_restored():
    fired = []

    def mine(signum, frame):
        fired.append(signum)

    old = signal.signal(signal.SIGALRM, mine)
    signal.setitimer(signal.ITIMER_REAL, 30)
    try:
        assert _render("{{ 1 + 1 }}") == "2"
        assert signal.getsignal(signal.SIGALRM) is mine
        left = signal.getitimer(signal.ITIMER_REAL)[0]
        assert 25 < left <= 30
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert not fired


def test_budgets_hold_outside_the_main_thread():
    result = {}

    def run():
        try:
            _render("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}")
        except sandbox.TemplateError as exc:
            result["error"] = str(exc)

    t = threading.Thread(target=run)
    t.start()
    t.join(10)
    assert not t.is_alive()
    assert "over budget" in result["error"]


def test_errors_name_the_line():
    with pytest.raises(sandbox.TemplateError, match=r"^t\.toml, line 3: template syntax error"):
        _render("a\nb\n{{ x }")
    with pytest.raises(sandbox.TemplateError, match=r"^t\.toml, line 2: template error: ZeroDivisionError"):
        _render("a\n{{ 1 / 0 }}")


def test_plain_fields_only():
    ok = ("keys", "treasures")
    assert sandbox.plain_fields("Discard {keys} for {treasures} {{x}}", ok) is None
    for bad in ("{keys:>1999999999}", "{keys!r}", "{keys.real}", "{keys[0]}", "{}", "{0}", "{other}", "{"):
        assert sandbox.plain_fields(bad, ok)
    assert sandbox.fill_fields("{keys}: {treasures} {{x}}", {"keys": "2 keys", "treasures": 5}) == "2 keys: 5 {x}"
    with pytest.raises(PrintkitError):
        sandbox.fill_fields("{keys:>1999999999}", {"keys": 1, "treasures": 2})


# -- through the CLI ---------------------------------------------------------------------


def _deck(tmp_path: Path, text: str, extra: str = "") -> tuple[int, str]:
    (tmp_path / "cards.csv").write_text("title\nAmphora\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text(
        '[card]\nname = "t"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\n'
        f"text = {text!r}\n" + extra, encoding="utf-8")
    result = CliRunner().invoke(main, ["deck", str(tmp_path / "cards.csv"), "--layout", str(tmp_path / "front.toml"),
                                       "--out", str(tmp_path / "out")])
    return result.exit_code, result.output


def _one_line(output: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    assert "Traceback" not in output
    return lines[0]


def test_deck_popen_payload_cannot_run_a_command(tmp_path):
    marker = tmp_path / "marker"
    code, out = _deck(tmp_path, POPEN % marker)
    assert code == 1
    assert "front.toml" in _one_line(out) and "not allowed" in out
    assert not marker.exists()


@pytest.mark.parametrize("name,text", [p for p in PAYLOADS if p[0] in ("range", "mul", "format-filter", "nested-loops")],
                         ids=["range", "mul", "format-filter", "nested-loops"])
def test_deck_budget_payloads_exit_1_fast(tmp_path, name, text):
    code, out = _deck(tmp_path, "{{ title }} " + text)  # the budget's message proves it stopped the payload
    assert code == 1
    assert "card 1 (CSV line 2), element 1's text" in _one_line(out) and "over budget" in out


@pytest.mark.parametrize("src", ["../outside.png", "/etc/passwd", "link.png"])
def test_deck_image_must_stay_inside_the_layout_folder(tmp_path, src):
    deck = tmp_path / "deck"
    deck.mkdir()
    (tmp_path / "outside.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    os.symlink(tmp_path / "outside.png", deck / "link.png")
    image = f'\n[[element]]\ntype = "image"\nx = 1\ny = 1\nw = 5\nh = 5\nsrc = "{src}"\n'
    code, out = _deck(deck, "{{ title }}", image)
    assert code == 1
    line = _one_line(out)
    assert "image" in line and ("outside" in line or "relative" in line)


def test_deck_bad_image_is_one_line(tmp_path):
    (tmp_path / "bad.png").write_bytes(b"not an image at all")
    image = '\n[[element]]\ntype = "image"\nx = 1\ny = 1\nw = 5\nh = 5\nsrc = "bad.png"\n'
    code, out = _deck(tmp_path, "{{ title }}", image)
    assert code == 1
    assert "cannot read image 'bad.png'" in _one_line(out)


def test_deck_image_inside_the_folder_is_drawn(tmp_path):
    from reportlab.graphics import renderPM  # noqa: F401  (Pillow is there when reportlab draws images)
    from PIL import Image

    Image.new("RGB", (4, 4), (200, 30, 30)).save(tmp_path / "ok.png")
    image = '\n[[element]]\ntype = "image"\nx = 1\ny = 1\nw = 5\nh = 5\nsrc = "ok.png"\n'
    code, out = _deck(tmp_path, "{{ title }}", image)
    assert code == 0, out


def test_chest_text_with_a_format_spec_is_refused_at_load(tmp_path):
    from printkit import RULES_DIR

    text = (RULES_DIR / "archaeology.toml").read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("chest = "))
    (tmp_path / "archaeology.toml").write_text(text.replace(line, 'chest = "Discard {keys:>1999999999}."'),
                                               encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "archaeology", "--rules", str(tmp_path), "--out",
                                       str(tmp_path / "out")])
    assert result.exit_code == 1
    assert not (tmp_path / "out").exists()  # refused when the rules were read, before anything was drawn
    line = _one_line(result.output)
    assert "archaeology.toml" in line and "texts.chest" in line and "format spec" in line
