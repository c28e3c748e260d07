"""Issue 10: the hostile corpus, run through the real CLI as an attacker would.

Every ``[[case]]`` of ``tests/data/hostile/cases.toml`` runs ``python -m printkit …``
in a subprocess (its own cwd, ``TMPDIR``, session and ``RLIMIT_AS`` of 4 GB, so a
regression fails instead of swapping the machine) and must:

* exit with one of the case's codes, within its time bound in CPU seconds (the work done, which a loaded
  machine does not stretch): a run past 3 × the bound + 10 s of CPU, or one whose CPU time stops
  moving for :data:`STALL` s while it sleeps (blocked on a FIFO, say), is killed; a signal case
  must stop within ``signal_bound`` CPU seconds of its signal;
* print the case's message fragments and no traceback; keep every output line
  under 1,000 characters (and the whole output bounded); a failing build/deck/
  theme error is one line on stderr;
* run no command (the marker file the payloads ``touch`` never appears);
* send no request to the test's own ``http.server`` on 127.0.0.1;
* write no PDF holding an attachment (``/EmbeddedFile(s)``, ``/FileAttachment``)
  or bytes of ``/etc/passwd``; write no PDF at all when it fails;
* leave no ``.staging-*`` / ``*.part`` under ``--out`` and nothing in its ``TMPDIR``.

Runs as root too (CI): nothing relies on file permissions — FIFOs, folders,
device symlinks and sparse files stand in for unreadable inputs.  Cases run in
parallel threads; each test only waits for its own case.
"""

from __future__ import annotations

import http.server
import os
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time
import tomllib
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from proc_checks import MeasuredPopen, cpu_seconds
from proc_checks import state as proc_state
from test_interrupt import _wait_until_printkit_runs  # the same wait as the signal tests

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data" / "hostile"
CASES = tomllib.loads((DATA / "cases.toml").read_text(encoding="utf-8"))["case"]
AS_LIMIT = 4 * 1024**3
WORKERS = 4
PASSWD_LINE = next((ln for ln in Path("/etc/passwd").read_text(errors="replace").splitlines() if ln.startswith("root:")),
                   "root:x:0:0:")


# --- the local server every fetch attempt would hit ------------------------------------------


class _Counter(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []
    lock = threading.Lock()

    def _any(self):
        with self.lock:
            self.hits.append(self.path)
        body = b"root:x:0:0:served-by-test\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_HEAD = _any

    def log_message(self, *args):  # quiet
        pass


@dataclass
class Outcome:
    case: dict
    workdir: Path
    out: Path
    marker: Path
    tmpdir: Path
    inputs: set = field(default_factory=set)
    returncode: int | None = None
    stdout: str = ""
    stderr: str = ""
    elapsed: float = 0.0
    cpu: float = 0.0
    timed_out: bool = False
    after_signal: float | None = None
    error: str | None = None


# --- generators: things that cannot (or should not) be committed -----------------------------


def _fifo(root: Path, path: str, **_):
    p = root / path
    p.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(p)


def _symlink(root: Path, path: str, target: str, **_):
    p = root / path
    p.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, p)


def _folder(root: Path, path: str, **_):
    (root / path).mkdir(parents=True, exist_ok=True)
    (root / path / "x.toml").write_text("game = 1\n")


def _sparse(root: Path, path: str, size: int, **_):
    p = root / path
    p.parent.mkdir(parents=True, exist_ok=True)
    with open(p, "wb") as fh:
        fh.write(b"\x00\x01\x00\x00")  # a TrueType version tag, then holes
    os.truncate(p, size)


def _bundled_rules(root: Path, path: str, game: str, replace: list[str], **_):
    text = (REPO / "rules" / f"{game}.toml").read_text(encoding="utf-8")
    old, new = replace
    assert old in text, (game, old)
    p = root / path
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text.replace(old, new, 1), encoding="utf-8")


def _huge_name_game(root: Path, path: str, game: str, chars: int, **_):
    src = {"archeotrek": "examples/archeotrek/finished-4-players.toml",
           "archaeology": "examples/archaeology/finished-3-players.toml"}[game]
    text = (REPO / src).read_text(encoding="utf-8")
    text = text.replace('name = "Ana"', f'name = "{"A" * chars}"', 1)
    (root / path).write_text(text, encoding="utf-8")


def _unknown_keys_game(root: Path, path: str, keys: int, **_):
    text = (REPO / "examples/archeotrek/finished-4-players.toml").read_text(encoding="utf-8")
    extra = "".join(f"k{i:06d}{'x' * 43} = 1\n" for i in range(keys))
    text = text.replace('name = "Ana"\n', 'name = "Ana"\n' + extra, 1)
    (root / path).write_text(text, encoding="utf-8")


def _many_areas_game(root: Path, path: str, areas: int, **_):
    lines = ['game = "archeotrek"', "[[player]]", 'name = "Ana"',
             "choices = { yellow = 5, red = 5, difference = 5, sum = 5 }",
             "circles = { A1 = 3 }",
             "area = [" + ",".join('{circles=["A1"]}' for _ in range(areas)) + "]", ""]
    (root / path).write_text("\n".join(lines), encoding="utf-8")


def _weird_name(root: Path, content: str, **_):
    p = root / "game\n\x1b[31mRED\u202egame.toml"
    p.write_text(content, encoding="utf-8")
    return {"weird": str(p)}


def _one_page_pdf(page_extra=None, objects=None):
    import pikepdf

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    page = pdf.pages[0].obj
    if page_extra:
        page_extra(pdf, page)
    return pdf


def _save(pdf, root: Path, path: str):
    pdf.save(root / path)


def _fillable_pdf(root: Path, path: str, fields: dict, **_):
    import pikepdf
    from pikepdf import Array, Dictionary, Name, String

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(595, 842))
    page = pdf.pages[0].obj
    widgets = Array()
    for i, (name, value) in enumerate(fields.items()):
        w = pdf.make_indirect(Dictionary(
            Type=Name.Annot, Subtype=Name.Widget, FT=Name.Tx, T=String(name), V=String(value),
            Rect=Array([10, 10 + 20 * i, 200, 28 + 20 * i]), F=4, P=page))
        widgets.append(w)
    page.Annots = widgets
    pdf.Root.AcroForm = Dictionary(Fields=Array(list(widgets)))
    _save(pdf, root, path)


def _pdf_parent_loop(root: Path, path: str, **_):
    import pikepdf
    from pikepdf import Array, Dictionary, Name, String

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(595, 842))
    page = pdf.pages[0].obj
    a = pdf.make_indirect(Dictionary(T=String("p1")))
    b = pdf.make_indirect(Dictionary(T=String("circle"), Parent=a))
    a.Parent = b  # p1 → circle → p1 → …
    w = pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.Widget, FT=Name.Tx, T=String("B3"), V=String("4"),
                                     Parent=b, Rect=Array([10, 10, 100, 30]), F=4, P=page))
    page.Annots = Array([w])
    pdf.Root.AcroForm = Dictionary(Fields=Array([a]))
    _save(pdf, root, path)


def _pdf_bad_mediabox(root: Path, path: str, **_):
    import pikepdf

    pdf = _one_page_pdf(lambda pdf, page: setattr(page, "MediaBox", pikepdf.Array([0, 0, pikepdf.String("a"), pikepdf.Name.B])))
    _save(pdf, root, path)


def _pdf_short_mediabox(root: Path, path: str, **_):
    import pikepdf

    pdf = _one_page_pdf(lambda pdf, page: setattr(page, "MediaBox", pikepdf.Array([0, 0, 200])))
    _save(pdf, root, path)


def _pdf_annots_not_array(root: Path, path: str, **_):
    pdf = _one_page_pdf(lambda pdf, page: setattr(page, "Annots", 5))
    _save(pdf, root, path)


def _pdf_type0_no_descendants(root: Path, path: str, **_):
    from pikepdf import Dictionary, Name

    def add(pdf, page):
        font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type0, BaseFont=Name("/Evil"),
                                            Encoding=Name("/Identity-H")))
        page.Resources = Dictionary(Font=Dictionary(F1=font))
        page.Contents = pdf.make_stream(b"BT /F1 12 Tf 10 10 Td <0001> Tj ET")

    _save(_one_page_pdf(add), root, path)


def _pdf_flate_bomb(root: Path, path: str, inflated: int, **_):
    import pikepdf
    from pikepdf import Dictionary, Name

    comp = zlib.compressobj(9)
    chunk = b"0 0 m\n" * (1 << 17)
    parts, left = [], inflated
    while left > 0:
        piece = chunk[:left]
        parts.append(comp.compress(piece))
        left -= len(piece)
    parts.append(comp.flush())
    data = b"".join(parts)

    def add(pdf, page):
        page.Contents = pikepdf.Stream(pdf, data, Dictionary(Filter=Name.FlateDecode))

    pdf = _one_page_pdf(add)
    pdf.save(root / path, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)


def _pdf_deep_nesting(root: Path, path: str, depth: int, **_):
    body = b"[" * depth + b"]" * depth
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Evil " + body + b" >>"]
    _write_raw_pdf(root / path, objs)


def _pdf_page_tree_loop(root: Path, path: str, **_):
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"]
    _write_raw_pdf(root / path, objs)


def _write_raw_pdf(path: Path, objs: list[bytes]):
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(bytes(out))


def _png_bomb(root: Path, path: str, side: int, **_):
    import struct

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    row = b"\x00" + b"\x00" * ((side + 7) // 8)
    comp = zlib.compressobj(9)
    idat = b"".join(comp.compress(row) for _ in range(side)) + comp.flush()
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0))
           + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
    (root / path).write_bytes(png)


def _pdf_unsupported_encryption(root: Path, path: str, **_):
    """A PDF encrypted by a security handler pypdf lacks (/Filter /Custom)."""
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
            b"<< /Filter /Custom /V 1 /R 2 /O <00> /U <00> /P -4 >>"]
    _write_raw_pdf(root / path, objs)
    raw = (root / path).read_bytes().replace(b"/Root 1 0 R >>", b"/Root 1 0 R /Encrypt 4 0 R /ID [<00> <00>] >>")
    (root / path).write_bytes(raw)


GENERATORS = {
    "fifo": _fifo, "symlink": _symlink, "folder": _folder, "sparse": _sparse,
    "bundled_rules": _bundled_rules, "huge_name_game": _huge_name_game,
    "unknown_keys_game": _unknown_keys_game, "many_areas_game": _many_areas_game,
    "weird_name": _weird_name, "fillable_pdf": _fillable_pdf, "pdf_parent_loop": _pdf_parent_loop,
    "pdf_bad_mediabox": _pdf_bad_mediabox, "pdf_short_mediabox": _pdf_short_mediabox,
    "pdf_annots_not_array": _pdf_annots_not_array, "pdf_type0_no_descendants": _pdf_type0_no_descendants,
    "pdf_flate_bomb": _pdf_flate_bomb, "pdf_deep_nesting": _pdf_deep_nesting,
    "pdf_page_tree_loop": _pdf_page_tree_loop, "png_bomb": _png_bomb,
    "pdf_unsupported_encryption": _pdf_unsupported_encryption,
}


# --- running one case ------------------------------------------------------------------------


_Measured = MeasuredPopen

#: A case may take its bound in CPU seconds; it is killed once it has used
#: this many times its bound (+ 10 s) of CPU: a loaded machine slows the wall
#: clock, not the work a runaway input causes.
WALL_FACTOR = 3
#: A case whose CPU time has not moved for this long while it sleeps is stuck
#: (blocked on a FIFO, a lock): it is killed.  A slow but working run always moves.
STALL = 120.0


def _watch(proc, cpu_limit: float, o: "Outcome") -> threading.Thread:
    """Kill ``proc``'s process group when it passes ``cpu_limit`` CPU seconds
    or stalls (see :data:`STALL`); ``o.timed_out`` says it was killed."""

    def run():
        last, still_since = -1.0, time.monotonic()
        while proc.poll() is None:
            cpu = cpu_seconds(proc.pid)
            if cpu is None:
                return
            if cpu != last or proc_state(proc.pid) == "R":
                last, still_since = cpu, time.monotonic()
            if cpu > cpu_limit or time.monotonic() - still_since > STALL:
                o.timed_out = True
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                return
            time.sleep(0.1)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def _limits():
    resource.setrlimit(resource.RLIMIT_AS, (AS_LIMIT, AS_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _substitute(root: Path, values: dict[str, str]):
    for p in root.rglob("*"):
        if p.is_symlink() or not p.is_file():
            continue
        try:
            text = p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        new = text
        for k, v in values.items():
            new = new.replace(f"@@{k}@@", v)
        if new != text:
            p.write_text(new, encoding="utf-8")


def run_case(case: dict, base: Path, port: int, environ: dict[str, str]) -> Outcome:
    """Run one case (in a pool thread); ``environ``: this process's environment as the
    fixture read it before the pool started — a thread must not iterate ``os.environ``
    while pytest sets and deletes PYTEST_CURRENT_TEST in the main thread (KeyError)."""
    name = case["name"]
    workdir = base / name
    casedir = workdir / "case"
    src = DATA / name
    if src.is_dir():
        shutil.copytree(src, casedir, symlinks=True)
    else:
        casedir.mkdir(parents=True)
    o = Outcome(case, workdir, workdir / "out", workdir / "MARKER", workdir / "tmp")
    o.tmpdir.mkdir()
    url = f"http://127.0.0.1:{port}/{name}"
    values = {"MARKER": str(o.marker), "URL": url, "CASE": str(casedir),
              "URLUPPER": f"HTTP://127.0.0.1:{port}/{name}", "URLDECIMAL": f"http://2130706433:{port}/{name}",
              "URLLOCALHOST": f"http://localhost:{port}/{name}"}
    _substitute(casedir, values)
    argvals = {"case": str(casedir), "out": str(o.out), "marker": str(o.marker), "url": url}
    for g in case.get("generate", []):
        extra = GENERATORS[g["fn"]](casedir, **{k: v for k, v in g.items() if k != "fn"})
        if extra:
            argvals.update(extra)
    o.inputs = {p for p in workdir.rglob("*.pdf")}
    argv = [sys.executable, "-m", "printkit"] + [a.format(**argvals) for a in case["argv"]]
    env = {k: v for k, v in environ.items() if "proxy" not in k.lower()}
    env.update(PYTHONPATH=str(REPO), TMPDIR=str(o.tmpdir), PYTHONDONTWRITEBYTECODE="1", NO_PROXY="*")
    bound = float(case["timeout"])
    t0 = time.monotonic()
    proc = _Measured(argv, cwd=workdir, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=_limits, start_new_session=True)
    _watch(proc, WALL_FACTOR * bound + 10, o)
    at_signal = None
    if case.get("signal"):
        reader = ThreadPoolExecutor(max_workers=1)  # drains the pipes while we wait for the moment
        pending = reader.submit(proc.communicate)
        _wait_until_printkit_runs(proc)
        delay = float(case.get("signal_delay", 1.0))  # CPU seconds into the work, not wall seconds
        while proc.poll() is None and (cpu_seconds(proc.pid) or 0.0) < delay:
            time.sleep(0.02)
        at_signal = cpu_seconds(proc.pid)
        if proc.poll() is None and at_signal is not None:
            proc.send_signal(getattr(signal, case["signal"]))
        out, err = pending.result()
        reader.shutdown()
    else:
        out, err = proc.communicate()
    o.elapsed = time.monotonic() - t0
    o.cpu = proc.cpu
    if at_signal is not None:
        o.after_signal = max(0.0, proc.cpu - at_signal)  # CPU seconds it went on for after the signal
    o.returncode = proc.returncode
    o.stdout = out.decode("utf-8", "replace")
    o.stderr = err.decode("utf-8", "replace")
    return o


@pytest.fixture(scope="session")
def http_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Counter)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def outcomes(http_server, tmp_path_factory, request):
    base = tmp_path_factory.mktemp("hostile")
    port = http_server.server_address[1]
    selected = {item.callspec.params["case"]["name"] for item in request.session.items
                if hasattr(item, "callspec") and getattr(item, "module", None) is sys.modules[__name__]
                and isinstance(item.callspec.params.get("case"), dict) and "name" in item.callspec.params["case"]}
    # only the selected cases; the slowest (and signal) ones first, so they overlap the quick ones
    order = sorted((c for c in CASES if c["name"] in selected), key=lambda c: -float(c["timeout"]))
    pool = ThreadPoolExecutor(max_workers=WORKERS)
    environ = dict(os.environ)  # read here, in the main thread (run_case)
    futures = {c["name"]: pool.submit(run_case, c, base, port, environ) for c in order}
    yield futures
    pool.shutdown(wait=True, cancel_futures=True)


# --- the checks ------------------------------------------------------------------------------


def _pdf_leaks(path: Path, check_text: bool) -> list[str]:
    import pikepdf

    found = []
    raw = path.read_bytes()
    for needle in (b"/EmbeddedFile", b"/FileAttachment", PASSWD_LINE.encode(), b"served-by-test"):
        if needle in raw:
            found.append(f"{path.name}: bytes hold {needle!r}")
    try:
        with pikepdf.open(path) as pdf:
            if len(pdf.attachments):
                found.append(f"{path.name}: {len(pdf.attachments)} attachment(s)")
            for obj in pdf.objects:
                if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
                    if obj.get("/Type") == "/EmbeddedFile" or obj.get("/Subtype") == "/FileAttachment" or "/EF" in obj:
                        found.append(f"{path.name}: object {obj.objgen} is an attachment")
                if isinstance(obj, pikepdf.Stream):
                    try:
                        data = obj.read_bytes()
                    except Exception:  # noqa: BLE001 - an undecodable stream is not a leak
                        continue
                    if PASSWD_LINE.encode() in data or b"served-by-test" in data:
                        found.append(f"{path.name}: stream {obj.objgen} holds /etc/passwd or server bytes")
    except pikepdf.PdfError as exc:
        found.append(f"{path.name}: unreadable ({exc})")
    if check_text:
        from pypdf import PdfReader

        text = "".join((p.extract_text() or "") for p in PdfReader(str(path)).pages)
        if "root:x:0" in text or PASSWD_LINE in text or "served-by-test" in text:
            found.append(f"{path.name}: its text holds /etc/passwd or server bytes")
    return found


def _short(text: str, n: int = 1500) -> str:
    return text if len(text) <= n else text[:n] + f"… [{len(text):,} chars]"


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_hostile(case, outcomes, http_server):
    o: Outcome = outcomes[case["name"]].result()
    output = o.stdout + o.stderr
    shown = f"exit {o.returncode} after {o.elapsed:.1f} s ({o.cpu:.1f} s CPU)\nstdout: {_short(o.stdout)}\nstderr: {_short(o.stderr)}"
    problems: list[str] = []

    # no command ran, no request left, nothing leaked — checked first: they matter most
    if o.marker.exists():
        problems.append("the payload ran a command: the marker file exists")
    hits = [h for h in _Counter.hits if h.startswith(f"/{case['name']}/") or h.startswith(f"/{case['name']}?")]
    if hits:
        problems.append(f"{len(hits)} request(s) reached the local http.server: {hits[:5]}")
    new_pdfs = sorted(p for p in o.workdir.rglob("*.pdf") if p not in o.inputs and p.is_file() and not p.is_symlink())
    for p in new_pdfs:
        problems.extend(_pdf_leaks(p, bool(case.get("check_text"))))

    # bounded time, the right exit code, a clean message
    bound = float(case["timeout"])
    if case.get("signal"):
        if o.timed_out:
            problems.append(f"ignored {case['signal']}: killed after {o.cpu:.1f} s of CPU")
        elif o.after_signal is None:
            problems.append("no signal was sent (the run ended first)")
        elif o.after_signal > float(case.get("signal_bound", 3.0)):
            problems.append(f"went on for {o.after_signal:.1f} s of CPU after {case['signal']} "
                            f"(bound {case.get('signal_bound', 3.0)} s)")
    elif o.timed_out:
        problems.append(f"killed after {o.cpu:.1f} s of CPU (bound {bound:g} s) or stuck with no CPU for {STALL:g} s")
    elif o.cpu > bound:
        problems.append(f"took {o.cpu:.1f} s of CPU (bound {bound:g} s)")
    if o.returncode not in case["exit"]:
        problems.append(f"exit code {o.returncode}, expected {case['exit']}")
    if "Traceback" in output:
        problems.append("a traceback was printed")
    low = output.lower()
    missing = [f for f in case.get("fragments", []) if f.lower() not in low]
    if missing:
        problems.append(f"message lacks {missing}")
    if case.get("any") and not any(f.lower() in low for f in case["any"]):
        problems.append(f"message names none of {case['any']}")
    long_lines = [len(ln) for ln in output.splitlines() if len(ln) >= int(case.get("max_line", 1000))]
    if long_lines:
        problems.append(f"{len(long_lines)} output line(s) of 1,000+ characters (longest {max(long_lines):,})")
    cap = int(case.get("max_output", 100_000))
    if len(output.encode("utf-8", "replace")) > cap:
        problems.append(f"output is {len(output.encode('utf-8', 'replace')):,} bytes (cap {cap:,})")
    if "max_problem_lines" in case:
        n = sum(1 for ln in output.splitlines() if "[" in ln or ": " in ln)
        if n > case["max_problem_lines"] + 5:
            problems.append(f"{n} problem lines printed (at most ~{case['max_problem_lines']})")
    if case.get("one_line", True) and o.returncode in (1, 2):
        lines = [ln for ln in o.stderr.splitlines() if ln.strip()]
        if len(lines) != 1:
            problems.append(f"stderr has {len(lines)} lines, expected one error line")
    if case.get("escaped_name") and ("\x1b" in output or "\u202e" in output):
        problems.append("a raw ESC or bidi override from the file name reached the terminal")

    # failures write nothing; nothing is left behind
    if o.returncode not in (0, None) and [p for p in new_pdfs if o.out in p.parents]:
        problems.append(f"failed, yet wrote {[str(p.relative_to(o.workdir)) for p in new_pdfs]}")
    if o.out.exists():
        junk = [str(p.relative_to(o.out)) for p in o.out.rglob("*")
                if p.name.startswith(".staging-") or p.name.endswith(".part")]
        if junk:
            problems.append(f"leftovers under --out: {junk[:5]}")
    leftovers = sorted(p.name for p in o.tmpdir.iterdir())
    if leftovers:
        problems.append(f"leftovers in TMPDIR: {leftovers[:5]}")

    if problems:
        pytest.fail(f"{case['name']} ({case['note']}):\n- " + "\n- ".join(problems) + "\n" + shown, pytrace=False)


def test_corpus_is_well_formed():
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names))
    for c in CASES:
        assert set(c) <= {"name", "note", "argv", "exit", "fragments", "any", "timeout", "generate", "one_line",
                          "max_output", "max_line", "max_problem_lines", "check_text", "escaped_name", "signal",
                          "signal_delay", "signal_bound"}, c["name"]
        assert c["exit"] and c["timeout"] > 0, c["name"]
        for g in c.get("generate", []):
            assert g["fn"] in GENERATORS, (c["name"], g)
        assert (DATA / c["name"]).is_dir() or c.get("generate") or c["argv"][0] == "check", c["name"]
