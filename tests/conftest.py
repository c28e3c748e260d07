"""Shared fixtures: the classic theme, papers, and a synthetic test deck whose
faces carry measurable marks (a 2 × 2 pt square at the trim centre)."""

from __future__ import annotations

import hashlib
import io
import os
import tempfile

import pytest

from printkit.model import Component, ComponentSet, Face
from printkit.paper import get_paper
from printkit.theme import load_theme
from printkit.units import mm

# A name given to --theme is looked for in the user's config folder too
# (printkit.theme.theme_places): the suite must build with the bundled themes
# whatever themes the person running it keeps in ~/.config/printkit/themes.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="printkit-tests-config-")
# …and the fonts printkit remembers as checked (printkit.theme.font_cache_dir) stay out of ~/.cache.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="printkit-tests-cache-")

MARK = 2.0  # pt, side of the centre square every synthetic face draws

# No build or deck progress on stderr in the suite (this process and the printkit
# processes it starts), so a failing command's stderr is its one error line; the
# progress itself is tested in tests/test_first_hour.py, with this unset.
os.environ["PRINTKIT_PROGRESS"] = "none"


@pytest.fixture(scope="session")
def theme():
    return load_theme("classic")


def _face(key: str, fill: str, theme):
    def draw(c, box):
        c.setFillColor(theme.colour(fill, "archeotrek"))
        c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)
        c.setFillColor(theme.colour("ink"))
        c.rect(box.width / 2 - MARK / 2, box.height / 2 - MARK / 2, MARK, MARK, stroke=0, fill=1)
    return Face(key, draw)


def make_deck(theme, n=5, w=63.5, h=88.9, shape="rect", backs=True):
    """``n`` pieces of ``w`` × ``h`` mm with a front and (optionally) a back."""
    front = _face("test/front", "ground", theme)
    back = _face("test/back", "earth", theme) if backs else None
    comps = tuple(
        Component(f"piece{i}", mm(w), mm(h), front, back, shape=shape) for i in range(n)
    )
    return ComponentSet("test", "Test pieces", "card", comps)


@pytest.fixture(scope="session")
def built_all(tmp_path_factory):
    """The output folder of one ``printkit build all --out DIR`` (A4, classic,
    defaults), built once per session for the tests that read the kits as
    users get them.  Read only: do not write into it."""
    from click.testing import CliRunner

    from printkit.cli import main

    out = tmp_path_factory.mktemp("build-all") / "kits"
    res = CliRunner().invoke(main, ["build", "all", "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out


@pytest.fixture
def deck(theme):
    return make_deck(theme)


def pdf_pages(data: bytes):
    import pdfplumber
    return pdfplumber.open(io.BytesIO(data))


@pytest.fixture
def a4():
    return get_paper("a4")


# --- every PDF the suite builds passes `printkit check` ------------------------------
# Record each distinct PDF the suite makes — files written through
# printkit.pdf.write_atomic and PDFs made in memory by reportlab canvases and
# weasyprint — and preflight them all at the end of the run (issue 7).  Tests that
# build broken PDFs on purpose carry @pytest.mark.bad_pdfs.

_WRITTEN: dict[str, tuple[str, bytes]] = {}
_RECORDING = {"on": True, "test": "<setup>"}


def _record(data: bytes, where: str) -> None:
    if _RECORDING["on"] and data[:5] == b"%PDF-":
        _WRITTEN.setdefault(hashlib.sha1(data).hexdigest(), (where, data))


def _recording_write(original):
    def write_atomic(path, data):
        if str(path).endswith(".pdf"):
            _record(data, str(path))
        return original(path, data)

    return write_atomic


def pytest_configure(config):
    import printkit.build
    import printkit.pdf
    from reportlab.pdfgen.canvas import Canvas

    config.addinivalue_line("markers", "bad_pdfs: the test builds invalid PDFs on purpose")
    recorder = _recording_write(printkit.pdf.write_atomic)
    printkit.pdf.write_atomic = recorder
    printkit.build.write_atomic = recorder

    save = Canvas.save

    def recording_save(self):
        save(self)
        target = getattr(self, "_filename", None)
        if hasattr(target, "getvalue"):
            _record(target.getvalue(), f"{_RECORDING['test']} (reportlab canvas)")

    Canvas.save = recording_save

    try:
        import weasyprint
    except ImportError:  # pragma: no cover
        return
    write_pdf = weasyprint.HTML.write_pdf

    def recording_write_pdf(self, *args, **kwargs):
        result = write_pdf(self, *args, **kwargs)
        if isinstance(result, bytes):
            _record(result, f"{_RECORDING['test']} (weasyprint)")
        return result

    weasyprint.HTML.write_pdf = recording_write_pdf


@pytest.fixture(autouse=True)
def _preflight_recording(request):
    _RECORDING["on"] = request.node.get_closest_marker("bad_pdfs") is None
    _RECORDING["test"] = request.node.nodeid
    yield
    _RECORDING["on"] = True


def pytest_sessionfinish(session, exitstatus):
    from printkit.preflight import preflight

    found = {digest: [str(f) for f in preflight(data, source=path)] for digest, (path, data) in _WRITTEN.items()}
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: the controller reports for all
        workeroutput["preflight"] = found
        return
    _report_preflight(session, found)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """pytest-xdist: gather each worker's preflight findings (by PDF digest)."""
    _FROM_WORKERS.update(getattr(node, "workeroutput", {}).get("preflight", {}))


_FROM_WORKERS: dict[str, list[str]] = {}


def _report_preflight(session, found: dict[str, list[str]]) -> None:
    found = {**_FROM_WORKERS, **found}
    findings = [line for lines in found.values() for line in lines]
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None and found:
        reporter.write("\n")
        reporter.write_line(f"preflight (printkit check): {len(found)} distinct PDFs built by the suite, "
                            f"{len(findings)} finding(s)")
    if findings:
        for line in findings:
            if reporter is not None:
                reporter.write_line(line)
        session.exitstatus = 1


def page_text(page) -> str:
    """A pdfplumber page's text, with text set upright *and* the footer's
    rotated strips (read bottom to top on a side band: the sheet label, the
    note) as lines of their own, so "· backs" / "· fronts" are found
    wherever the footer went."""
    text = page.extract_text() or ""
    columns: dict[int, list] = {}
    for ch in page.chars:
        if not ch.get("upright", True):
            columns.setdefault(round(ch["x0"]), []).append(ch)
    lines = ["".join(c["text"] for c in sorted(col, key=lambda c: -c["top"])) for _, col in sorted(columns.items())]
    return "\n".join([text, *lines])
