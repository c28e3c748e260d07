"""A theme from a stranger cannot harm: its templates run in the sandbox, its
HTML fetches nothing from the network or outside the theme, nothing is
attached to a PDF, and SIGTERM ends a slow layout at once without leaving
weasyprint's temporary folders behind."""

from __future__ import annotations

import http.server
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pikepdf
import pytest
from test_sandbox import _one_line  # one error line, no traceback
from click.testing import CliRunner

from printkit import ROOT, PrintkitError
from printkit.cli import main
from printkit.paper import get_paper
from printkit.render.documents import render_document
from printkit.theme import load_theme

HEAD = '<!DOCTYPE html><html><head><meta charset="utf-8"><style>{{ theme_css }}</style>'


def _theme(tmp_path: Path, templates: dict[str, str], name: str = "stranger") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "theme.toml").write_text(f'[theme]\nname = "{name}"\nextends = "classic"\n', encoding="utf-8")
    for file, text in templates.items():
        (folder / file).write_text(text, encoding="utf-8")
    return folder


def _render(folder: Path, template: str = "t.html.j2") -> bytes:
    return render_document(template, {}, load_theme(str(folder)), get_paper("a4"))


def test_theme_popen_payload_through_the_cli(tmp_path):
    marker = tmp_path / "marker"
    folder = _theme(tmp_path, {"archeotrek-rules.html.j2": HEAD + "{{ cycler.__init__.__globals__.os.popen('touch %s').read() }}"
                               % marker})
    result = CliRunner().invoke(main, ["build", "archeotrek", "--theme", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    line = _one_line(result.output)
    assert "archeotrek-rules.html.j2, line 1" in line and "not allowed" in line
    assert not marker.exists()


@pytest.mark.parametrize("body", [
    "{% for i in range(10**9) %}{% endfor %}",
    "{{ 'x' * 3000000000 }}",
    "{{ '%2000000000s'|format(1) }}",
    "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}",
], ids=["range", "mul", "format", "nested-loops"])
def test_theme_budget_payloads_stop_fast(tmp_path, body):
    folder = _theme(tmp_path, {"t.html.j2": HEAD + "\n" + body})
    with pytest.raises(PrintkitError) as info:  # the budget's message proves it stopped the payload
        _render(folder)
    msg = str(info.value)
    assert "\n" not in msg and "t.html.j2, line 2" in msg and "over budget" in msg


def test_theme_syntax_error_is_one_line(tmp_path):
    folder = _theme(tmp_path, {"t.html.j2": HEAD + "\n\n{% for x in %}"})
    with pytest.raises(PrintkitError, match=r"t\.html\.j2, line 3: template syntax error"):
        _render(folder)


class _Counting(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802 - http.server's naming
        _Counting.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "text/css")
        self.end_headers()
        self.wfile.write(b"body { color: red }")

    def log_message(self, *args):
        pass


@pytest.fixture()
def server():
    _Counting.hits = []
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Counting)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.mark.parametrize("markup", [
    '<style>@import url("{url}/import.css");</style>',
    '<link rel="stylesheet" href="{url}/link.css">',
    '<style>@font-face {{ font-family: X; src: url("{url}/font.ttf"); }} p {{ font-family: X; }}</style>',
    '</head><body><img src="{url}/img.png"><p>x</p>',
], ids=["import", "link", "font-face", "img"])
def test_theme_html_never_reaches_the_network(tmp_path, server, markup):
    folder = _theme(tmp_path, {"t.html.j2": HEAD + markup.format(url=server) + "<p>x</p></body></html>"})
    with pytest.raises(PrintkitError) as info:
        _render(folder)
    msg = str(info.value)
    assert "\n" not in msg and "t.html.j2" in msg and "refused to fetch" in msg and "127.0.0.1" in msg
    assert _Counting.hits == []


def test_theme_cannot_read_files_outside_it(tmp_path):
    secret = tmp_path / "secret.css"
    secret.write_text("p { color: red }", encoding="utf-8")
    folder = _theme(tmp_path, {"t.html.j2": HEAD + f'<link rel="stylesheet" href="{secret.as_uri()}">'
                                                   '<link rel="stylesheet" href="../secret.css"></head><p>x</p>'})
    with pytest.raises(PrintkitError, match="refused to fetch .*secret.css.* outside the theme folder"):
        _render(folder)


def test_theme_include_cannot_follow_a_symlink_out(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET", encoding="utf-8")
    folder = _theme(tmp_path, {"t.html.j2": HEAD + '</head><p>{% include "leak.txt" %}</p>'})
    os.symlink(secret, folder / "leak.txt")
    with pytest.raises(PrintkitError, match="leads outside the theme folder"):
        _render(folder)


def test_big_data_url_refused(tmp_path):
    data = "data:text/css;base64,{{ 'A' * 600000 }}{{ 'A' * 600000 }}"  # each part within the sandbox's caps
    folder = _theme(tmp_path, {"t.html.j2": HEAD + f'<link rel="stylesheet" href="{data}"></head><p>x</p>'})
    with pytest.raises(PrintkitError, match="refused to fetch .*data: URL"):
        _render(folder)


def _embedded(pdf_bytes: bytes) -> list[str]:
    found = []
    with pikepdf.open(__import__("io").BytesIO(pdf_bytes)) as pdf:
        names = pdf.Root.get("/Names")
        if names is not None and "/EmbeddedFiles" in names:
            found.append("EmbeddedFiles")
        for page in pdf.pages:
            for annot in page.get("/Annots", []):
                if annot.get("/Subtype") == "/FileAttachment":
                    found.append("FileAttachment")
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream) and obj.get("/Type") == "/EmbeddedFile":
                found.append("EmbeddedFile")
    return found


@pytest.mark.parametrize("href", ["note.txt", "file:///etc/passwd"], ids=["inside", "outside"])
def test_attachments_never_reach_the_pdf(tmp_path, href):
    inside = "INSIDE-THE-THEME-7f3a"
    folder = _theme(tmp_path, {
        "t.html.j2": HEAD + f'<link rel="attachment" href="{href}"></head>'
                            f'<body><p><a rel="attachment" href="{href}">note</a></p></body></html>',
        "note.txt": inside,
    })
    with pytest.raises(PrintkitError, match=r"refused attachment .*a theme may not attach files"):
        _render(folder)
    # the dropping itself holds too: no embedded file even if a caller went on
    from printkit.render import documents

    calls = []
    real = documents._drop_attachments
    monkey = lambda d: calls.append(real(d)) or []  # noqa: E731 - drop, but do not refuse
    documents._drop_attachments = monkey
    try:
        pdf = _render(folder)
    finally:
        documents._drop_attachments = real
    assert calls and calls[0]
    assert _embedded(pdf) == []
    assert inside.encode() not in pdf and b"root:" not in pdf


def test_sigterm_ends_a_slow_layout_at_once_and_leaves_no_temp_folder(tmp_path):
    """SIGTERM while weasyprint lays out a document that takes ~20 s of CPU:
    the process stops there — measured by the CPU it uses after the signal
    (a fraction of a second; going on with the layout would be many
    seconds), not by the wall clock, which a loaded machine slows."""
    from proc_checks import MeasuredPopen, cpu_seconds

    slow = HEAD + "</head><body>{% for i in range(2500) %}<p>{{ 'lorem ipsum dolor sit amet ' * 12 }}{{ i }}</p>" \
                  "{% endfor %}</body></html>"
    folder = _theme(tmp_path, {"archeotrek-rules.html.j2": slow})
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp), PYTHONPATH=str(ROOT))
    proc = MeasuredPopen([sys.executable, "-m", "printkit", "build", "archeotrek", "--theme", str(folder),
                          "--out", str(tmp_path / "out")], env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        while not list(tmp.glob("weasyprint-*")):  # weasyprint is laying out the slow document
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.02)
        started = cpu_seconds(proc.pid)
        while cpu_seconds(proc.pid) is not None and cpu_seconds(proc.pid) < started + 0.3:
            time.sleep(0.02)  # a little into the layout (by the work done)
        assert proc.poll() is None
        before = cpu_seconds(proc.pid)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=600)  # a hang guard only
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    assert proc.cpu - before < 3.0, f"{proc.cpu - before:.1f} s of CPU after SIGTERM: the layout went on"
    assert "Traceback" not in err
    assert list(tmp.glob("weasyprint-*")) == []
