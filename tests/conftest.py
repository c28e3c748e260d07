"""Shared fixtures: the classic theme, papers, and a synthetic test deck whose
faces carry measurable marks (a 2 × 2 pt square at the trim centre)."""

from __future__ import annotations

import atexit
import hashlib
import io
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from printkit.model import Component, ComponentSet, Face
from printkit.paper import get_paper
from printkit.theme import load_theme
from printkit.units import mm

# A name given to --theme is looked for in the user's config folder too
# (printkit.theme.theme_places): the suite must build with the bundled themes
# whatever themes the person running it keeps in ~/.config/printkit/themes.
_SCRATCH = tempfile.mkdtemp(prefix="printkit-tests-")
# removed when this process ends (each xdist worker has its own; the folders hold no result)
atexit.register(shutil.rmtree, _SCRATCH, True)
os.environ["XDG_CONFIG_HOME"] = os.path.join(_SCRATCH, "config")
# The document cache (printkit.render.doccache) of this run only: never the user's.
os.environ["PRINTKIT_CACHE_DIR"] = os.path.join(_SCRATCH, "doccache")
# …and any cache a run keeps without PRINTKIT_CACHE_DIR (printkit.caches) stays out of ~/.cache.
os.environ["XDG_CACHE_HOME"] = os.path.join(_SCRATCH, "cache")

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
    defaults), built once per run (under pytest-xdist, by the first worker to
    ask: :func:`_built_once`) for the tests that read the kits as users get
    them.  Read only: do not write into it."""
    from click.testing import CliRunner

    from printkit.cli import main

    def make(folder: Path) -> list[str]:
        res = CliRunner().invoke(main, ["build", "all", "--out", str(folder / "kits")])
        assert res.exit_code == 0, res.output
        return []

    shared = _run_folder(tmp_path_factory)
    if shared is not None:      # one build for every worker of the run (_built_once)
        return _built_once(shared, "build-all", make)[0] / "kits"
    folder = tmp_path_factory.mktemp("build-all")
    make(folder)
    return folder / "kits"


#: The workplace's shared folder (rulebooks, formats, cases) beside the checkout:
#: ``../shared`` of the repository, or of a folder holding it (a clone one level
#: deeper, a git worktree).  The rulebooks are the oracles of the text tests.
SHARED = next((p / "shared" for p in Path(__file__).resolve().parents[2:6] if (p / "shared" / "rulebooks").is_dir()),
              Path(__file__).resolve().parents[2] / "shared")


_THEMED_KITS: dict[tuple[str, str], Path] = {}
_THEMED_NOTES: dict[tuple[str, str], list[str]] = {}


def _run_folder(tmp_path_factory) -> Path | None:
    """Under pytest-xdist, the folder this run's workers share (the parent of each
    worker's base temp folder, ``pytest-N``); None in a run without workers."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return None
    return tmp_path_factory.getbasetemp().parent


def _built_once(shared: Path, name: str, make) -> tuple[Path, list[str]]:
    """``shared / name`` made by ``make(folder) -> notes`` once for every worker of
    the run: the first worker to ask builds it under an exclusive lock
    (``name.lock``) and writes its notes (``name.notes.json``) last; the others
    wait on the lock and read the finished folder.  A build that fails leaves no
    notes, so the next worker to ask builds again."""
    import fcntl
    import json

    out, done = shared / name, shared / f"{name}.notes.json"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
            notes = make(out)
            tmp = done.with_suffix(".tmp")
            tmp.write_text(json.dumps(notes), encoding="utf-8")
            tmp.replace(done)
        return out, json.loads(done.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def themed_kits(tmp_path_factory):
    """``themed_kits(theme, paper)`` → the output folder of ``build all`` (the
    four bundled games; bleed 3 mm, duplex long, other options default) in
    that bundled theme on that paper, built once per run (under pytest-xdist
    by the first worker to ask, the others reading its folder: :func:`_built_once`)
    and shared by every test that reads kits as users get them.
    Read only.  ``themed_kits.notes(theme, paper)``: that build's notes."""
    from printkit.build import BuildOptions, build
    from printkit.paper import get_paper
    from printkit.units import mm

    def make(theme: str, paper: str, out: Path) -> list[str]:
        result = build(list(BUNDLED_GAMES), BuildOptions(paper=get_paper(paper), theme=load_theme(theme),
                                                         bleed=mm(3)), out, jobs=1)
        return list(result.notes)

    def get(theme: str = "classic", paper: str = "a4") -> Path:
        if (theme, paper) not in _THEMED_KITS:
            shared = _run_folder(tmp_path_factory)
            if shared is None:
                out = tmp_path_factory.mktemp(f"kits-{theme}-{paper}")
                notes = make(theme, paper, out)
            else:
                out, notes = _built_once(shared, f"themed-kits-{theme}-{paper}", lambda o: make(theme, paper, o))
            _THEMED_KITS[theme, paper] = out
            _THEMED_NOTES[theme, paper] = notes
        return _THEMED_KITS[theme, paper]

    def notes(theme: str = "classic", paper: str = "a4") -> list[str]:
        get(theme, paper)
        return _THEMED_NOTES[theme, paper]

    get.notes = notes
    return get


@pytest.fixture
def cache_root(tmp_path, monkeypatch) -> Path:
    """A cache folder of the test's own (``PRINTKIT_CACHE_DIR``, caches on):
    nothing an earlier test remembered is found there.  Not created."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(folder))
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    return folder


@pytest.fixture
def preflights_recorded(monkeypatch, cache_root) -> list[str]:
    """The ``source`` of every :func:`printkit.preflight.preflight` call from
    now on (in this process), with a cache folder of the test's own so no
    verdict an earlier build remembered spares a check."""
    import printkit.preflight

    checked: list[str] = []
    real = printkit.preflight.preflight

    def recording(data, *a, source=None, **k):
        checked.append(source)
        return real(data, *a, source=source, **k)

    monkeypatch.setattr(printkit.preflight, "preflight", recording)
    return checked


#: The four games printkit ships.
BUNDLED_GAMES = ("archeotrek", "archaeology", "archeo", "archaeologia")


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
#: SHA-1 of every PDF (bytes) that :func:`printkit.preflight.preflight` — the whole check, as
#: ``printkit check`` runs it, not the ``ours`` one — found clean in this process (the builds
#: preflight each part before writing it): the end-of-run check does not check those bytes again.
_CLEAN: set[str] = set()
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


#: Test files left out of the default run (``pytest -m "not slow"``, pyproject's
#: addopts): they build or render whole kits, drive a browser or node, or fuzz.
#: ``pytest -m "slow or not slow"`` (CI, ``.ci/run``) runs them too.  A test in
#: another file that uses the ``built_all`` or ``themed_kits`` fixture (whole kits) is slow as well.
SLOW_FILES = frozenset({
    "test_parallel_build.py", "test_golden_kits.py", "test_print_fidelity.py", "test_rules_reference_kits.py",
    "test_scorepad_browser.py", "test_scorepad_parity.py", "test_scoring_fuzz.py",
    "test_scoring_fuzz_archaeology.py", "test_archaeologia_scoring_fuzz.py", "test_archeotrek_properties.py",
    "test_hostile.py", "test_hostile_round2.py", "test_export.py", "test_interrupt.py", "test_first_hour.py",
    "test_ink_and_contrast.py", "test_covers.py", "test_floods.py", "test_viewer_preferences.py",
    "test_archaeologia_kit.py", "test_archaeology_kit.py", "test_archeo_kit.py", "test_archeotrek_kit.py",
    "test_archeotrek_art.py", "test_readme.py", "test_themes.py", "test_fillable.py", "test_sheet_bands.py",
    "test_cut_keep_clear.py", "test_subset_tags.py", "test_documents_untrusted.py", "test_scorepad_first_look.py",
    "test_crop_marks.py", "test_preflight.py",
    # session 39: 15.6 s and 15.0 s of CPU alone, which took the default run from 80 s to 93 s
    "test_hostile_round7.py", "test_buyer_look.py",
    # session 40: 10.6 s of CPU, which took the default run to 87 s of its 90
    "test_hostile_round8.py",
})
#: Single tests left out of the default run, for the same reasons (measured: the slowest of
#: the default run, 10–60 s each on a busy 2-core machine); "file::test" (any parameters).
SLOW_TESTS = frozenset({
    "test_game_contract.py::test_an_option_a_game_does_not_use_gets_a_note",
    "test_game_contract.py::test_a_plugin_game_builds_through_the_cli",
    "test_game_contract.py::test_a_plugin_game_is_listed_in_the_scoring_help",
    "test_game_contract.py::test_score_validate_and_simulate_take_house_rules",
    "test_game_contract.py::test_players_outside_a_games_range_write_nothing",
    "test_deck_fill.py::test_fast_fill_matches_jinja2",
    "test_documents.py::test_rules_reference_one_exact_page",
    "test_documents.py::test_deterministic",
    "test_cli.py::test_rules_override",
    "test_cli.py::test_missing_pango_is_one_line_with_the_install_commands",
    "test_cli.py::test_a_weasyprint_that_cannot_import_is_one_line",
    "test_archeotrek_badfiles.py::test_fuzzed_structures_never_raise_a_traceback",
    "test_archeo_scoring.py::test_fuzzed_structures_never_raise",
    "test_deck_errors.py::test_a_zip_bomb_spreadsheet_is_refused",
    "test_deck_errors.py::test_first_sigint_stops_the_card_checks",
    "test_deck_errors.py::test_too_many_cells_is_refused_in_bounded_memory",
    "test_theme_validation.py::test_theme_option_takes_a_folder_path",
    "test_theme_finding.py::test_new_theme_builds_every_game_like_its_source",
    "test_hostile_round3.py::test_an_xlsx_row_far_down_the_sheet_is_read_in_bounded_work",
    "test_hostile_round3.py::test_a_spreadsheet_of_a_few_thousand_cards_is_still_read",
    "test_hostile_round3.py::test_a_spreadsheet_dense_with_xml_elements_is_refused_before_parsing",
})


#: The run order of the files (pytest-xdist ``--dist loadfile`` hands each worker one
#: file at a time, in this order): the longest first — measured with ``--durations`` in
#: the full run, most of each in one build, render or browser — so the run does not end
#: on one worker still in a long file while the other has nothing left.  Every other file
#: follows, those with the most tests first (pytest-xdist's own order).  Only the order
#: changes: every test still runs.
LONGEST_FILES = (
    "test_text_legibility.py", "test_scorepad_browser.py", "test_crop_marks.py", "test_archaeologia_kit.py",
    "test_game_contract.py", "test_hostile_round3.py", "test_archaeologia_pieces.py", "test_archeotrek_kit.py",
    "test_archeo_scoring.py", "test_preflight.py", "test_parallel_build.py", "test_kitcache.py", "test_covers.py",
    "test_interrupt.py", "test_cut_keep_clear.py", "test_hostile_round2.py", "test_archaeology_kit.py",
    "test_archeo_large_print.py", "test_archeo_kit.py", "test_doccache.py", "test_scorepad_first_look.py",
)


def pytest_collection_modifyitems(config, items):
    for item in items:
        test = f"{item.path.name}::{getattr(item, 'originalname', item.name)}"
        uses = getattr(item, "fixturenames", ())
        if item.path.name in SLOW_FILES or test in SLOW_TESTS or "built_all" in uses or "themed_kits" in uses:
            item.add_marker(pytest.mark.slow)
    # the longest files first, then by number of tests; a file's tests keep their order (a stable sort)
    rank = {name: i for i, name in enumerate(LONGEST_FILES)}
    count: dict[str, int] = {}
    for item in items:
        count[item.path.name] = count.get(item.path.name, 0) + 1
    items.sort(key=lambda it: (rank.get(it.path.name, len(rank)), -count[it.path.name] if it.path.name not in rank
                               else 0, str(it.path)))


def _compile_printkit() -> None:
    """Byte-compile the printkit package in place, as ``pip install`` does for an installed
    one (an editable install does not): the printkit processes the suite starts — hundreds
    of CLI runs, builds and hostile inputs, often with PYTHONDONTWRITEBYTECODE set, so
    each would compile every module it imports again (0.3 s a build) — read the
    bytecode instead.  Python's own ``__pycache__`` folders (git ignores them; the kit
    cache's fingerprint of the package leaves them out); behaviour is the same."""
    import compileall

    import printkit

    compileall.compile_dir(Path(printkit.__file__).resolve().parent, quiet=2)


def pytest_configure(config):
    if os.environ.get("PYTEST_XDIST_WORKER") is None:  # once a run: before pytest-xdist starts its workers
        _compile_printkit()
    else:  # the workers of a run share one printkit cache: a document or kit one rendered, the other reads
        basetemp = getattr(config.option, "basetemp", None)  # xdist gives each worker <run's pytest-N>/gwN
        if basetemp:
            os.environ["PRINTKIT_CACHE_DIR"] = str(Path(basetemp).resolve().parent / "printkit-cache")
    # pytest-xdist orders files by their number of tests unless told not to: keep
    # pytest_collection_modifyitems' order (the longest files first)
    if getattr(config.option, "loadscopereorder", None) is not None:
        config.option.loadscopereorder = False
    import printkit.build
    import printkit.pdf
    from reportlab.pdfgen.canvas import Canvas

    config.addinivalue_line("markers", "bad_pdfs: the test builds invalid PDFs on purpose")
    import printkit.preflight

    checked = printkit.preflight.preflight

    def preflight_noting_clean(data, *args, ours=False, **kwargs):
        found = checked(data, *args, ours=ours, **kwargs)
        if not found and not ours and isinstance(data, bytes):
            _CLEAN.add(hashlib.sha1(data).hexdigest())
        return found

    printkit.preflight.preflight = preflight_noting_clean
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
    from printkit.preflight import preflight_remembered

    workeroutput = getattr(session.config, "workeroutput", None)
    claims = None
    if workeroutput is not None:  # pytest-xdist: the run's folder, shared by its workers (_run_folder)
        claims = session.config._tmp_path_factory.getbasetemp().parent / "preflight-claims"
        claims.mkdir(exist_ok=True)
    found = {}
    for digest, (path, data) in _WRITTEN.items():
        if digest in _CLEAN:
            # a PDF the same preflight already found clean in this process (a build checks each
            # output before writing it) is not checked twice: the verdict on the same bytes is the same
            found[digest] = []
        elif not _claimed_by_another_worker(claims, digest):
            # the whole check, unless these very bytes were found clean by the same preflight in
            # another process of this run — the other worker, a parallel build's worker process, a
            # printkit the suite started: the run's document cache remembers each clean verdict
            # (PRINTKIT_CACHE_DIR, pytest_configure), the rule a repeat build follows
            found[digest] = [str(f) for f in preflight_remembered(data, source=path)]
    if workeroutput is not None:  # a pytest-xdist worker: the controller reports for all
        workeroutput["preflight"] = found
        return
    _report_preflight(session, found)


def _claimed_by_another_worker(claims: Path | None, digest: str) -> bool:
    """Under pytest-xdist, whether another worker of the run has taken the PDF of
    ``digest`` (the same bytes) to preflight and report — else this worker takes it: a
    PDF both workers built is checked once, by whichever asks first (a file per digest
    in ``claims``, created exclusively).  ``claims`` None: a run without workers."""
    if claims is None:
        return False
    try:
        os.close(os.open(claims / digest, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        return True
    return False


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


def pdfium_page_texts(path) -> list[str]:
    """Each page's text of the PDF at ``path``, read by pdfium
    (``get_text_range``: rotated footer strips included) — for tests that
    count or find words without pdfminer parsing every sheet's art."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    try:
        out = []
        for n in range(len(doc)):
            tp = doc[n].get_textpage()
            try:
                out.append(tp.get_text_range())
            finally:
                tp.close()
        return out
    finally:
        doc.close()


#: The content-stream operators :func:`text_only_pdf` drops: path construction and
#: painting, clipping and shadings — none moves a glyph or changes its font or colour.
PATH_OPERATORS = frozenset({"m", "l", "c", "v", "y", "h", "re", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*",
                            "n", "W", "W*", "sh", "INLINE IMAGE"})


def text_only_pdf(data: bytes) -> bytes:
    """``data`` (a PDF) with every path, clip, shading and image dropped from its
    pages' and form XObjects' content streams (pikepdf), all else kept: the text
    operators, fonts, ``cm``/``q``/``Q``, graphics states and colours.  pdfplumber
    reads the same ``page.chars`` from it — every key of every char, checked on
    every PDF of the bundled themes' kits (tests/test_safe_zone.py keeps a check)
    — while pdfminer no longer tokenizes the art (a kit part's chars 2–15× faster).
    For tests that read only text with pdfplumber from sheets of pieces; a
    test of lines, rects or curves reads the PDF itself, and so does one of a
    text document (a rules reference: pikepdf's rewrite of its many text
    operators costs more than the art it spares)."""
    import pikepdf

    def edit(instructions, xobjects) -> list:
        kept = []
        for inst in instructions:
            op = str(inst.operator)
            if op in PATH_OPERATORS:
                continue
            if op == "Do" and xobjects is not None:
                xo = xobjects.get(inst.operands[0])
                if xo is not None and xo.get("/Subtype") == "/Image":
                    continue
            kept.append(inst)
        return kept

    return _edited_pdf(data, edit)


#: Path construction operators (``re`` and ``m`` begin a subpath), and those that draw a curve.
CONSTRUCTION, CURVING = frozenset({"m", "l", "c", "v", "y", "h", "re"}), frozenset({"c", "v", "y"})


def curve_free_pdf(data: bytes, pages=None) -> bytes:
    """``data`` (a PDF) with every subpath that holds a Bézier segment (``c``,
    ``v``, ``y``) dropped from the content streams of its pages (``pages``: only
    those, 0-based) and of their form XObjects, all else kept.  pdfminer reads
    each subpath as an object of its own (``LTCurve`` once it curves), so
    pdfplumber reads the same ``page.lines``, ``page.rects`` and ``page.chars``
    from it — every key of every one, checked on every part of the kits
    (test_crop_marks.py keeps a check) — and no curves, without tokenizing
    them.  For tests that read lines, rects or text but no curve."""

    def edit(instructions, xobjects) -> list:
        kept, path = [], []

        def flush() -> None:
            # a path's subpaths (each from its m or re); what comes before the first is kept as is
            # (pdfminer drops a path that does not begin with m or re, and still does)
            subpaths, current = [], []
            for inst in path:
                if str(inst.operator) in ("m", "re") and (current or subpaths):
                    subpaths.append(current)
                    current = []
                current.append(inst)
            subpaths.append(current)
            for n, sub in enumerate(subpaths):
                leading = n == 0 and sub and str(sub[0].operator) not in ("m", "re")
                if leading or not any(str(i.operator) in CURVING for i in sub):
                    kept.extend(sub)
            path.clear()

        for inst in instructions:
            if str(inst.operator) in CONSTRUCTION:
                path.append(inst)
                continue
            if path:
                flush()
            kept.append(inst)
        if path:
            flush()
        return kept

    return _edited_pdf(data, edit, pages)


def _edited_pdf(data: bytes, edit, pages=None) -> bytes:
    """``data`` (a PDF) with the content stream of each page (``pages``: only
    those, 0-based) and of each form XObject they use (once each) replaced by
    ``edit(instructions, its /XObject dictionary or None)`` (pikepdf's parsed
    instructions in, those to keep out)."""
    import pikepdf

    pdf = pikepdf.open(io.BytesIO(data))
    seen: set = set()

    def rewrite(stream, resources) -> bytes:
        xobjects = resources.get("/XObject") if resources is not None else None
        return pikepdf.unparse_content_stream(edit(pikepdf.parse_content_stream(stream), xobjects))

    def forms(resources) -> None:
        xobjects = resources.get("/XObject") if resources is not None else None
        for name in list(xobjects.keys()) if xobjects else []:
            xo = xobjects[name]
            if xo.get("/Subtype") == "/Form" and xo.objgen not in seen:
                seen.add(xo.objgen)
                res = xo.get("/Resources")
                xo.write(rewrite(xo, res))
                forms(res)

    for number, page in enumerate(pdf.pages):
        if pages is not None and number not in pages:
            continue
        res = page.obj.get("/Resources")
        page.obj.Contents = pdf.make_stream(rewrite(page.obj, res))
        forms(res)
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def text_pdf(source):
    """pdfplumber's PDF of ``source`` (a path or PDF bytes) read from its
    text-only copy (:func:`text_only_pdf`): the same pages (sizes, boxes),
    ``page.chars`` and so ``extract_text``/``extract_words`` as the PDF's own,
    without pdfminer tokenizing its art — for tests that read only text."""
    import pdfplumber

    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    return pdfplumber.open(io.BytesIO(text_only_pdf(data)))


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


def export_kits_and_deck(out, fmt: str) -> None:
    """``printkit build all --format FMT`` and the example deck (``examples/deck``)
    with the same format, both into ``out`` (quiet); each must exit 0."""
    from click.testing import CliRunner

    from printkit.cli import main

    deck = Path(__file__).resolve().parent.parent / "examples" / "deck"
    r = CliRunner().invoke(main, ["build", "all", "--out", str(out), "--format", fmt, "-q"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["deck", str(deck / "cards.csv"), "--layout", str(deck / "front.toml"),
                                  "--back", str(deck / "back.toml"), "--out", str(out), "--format", fmt, "-q"])
    assert r.exit_code == 0, r.output



def pytest_terminal_summary(terminalreporter):
    """Say, at the end of the run, when the workplace's ``shared/`` folder is
    missing: the tests that read its rulebooks and cases then fail with
    FileNotFoundError, and this line says why (README, "Quick start")."""
    if not (SHARED / "rulebooks").is_dir():
        terminalreporter.write_line(
            f"note: no shared/ folder (rulebooks, cases) beside this clone (looked for {SHARED}): the tests that "
            "read it fail; clone printkit beside shared/ or link it there (README, Quick start)")
