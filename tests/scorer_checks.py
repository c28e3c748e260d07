"""Checks shared by the two scorers' hardening suites (ArchéoTREK and
Archaeology): the fuzzing building blocks used by ``test_scoring_fuzz*.py`` and
the CLI / API assertions run on every bad-file case by ``test_bad_inputs*.py``.

What differs between the games (the game name, its problem codes, which
characters count as raw control characters, how a problem matches a case, the
extra checks one game makes) is passed in; each test file keeps its own
game-specific strategies, cases and tests.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import re
import tomllib
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from printkit import PrintkitError
from printkit.cli import main
from printkit.inputfiles import parse_json, parse_toml

# == fuzzing (test_scoring_fuzz*.py) ========================================================

#: PRINTKIT_FUZZ_EXAMPLES=5000 for a deeper hunt (the default keeps the suite fast).
EXAMPLES = int(os.environ.get("PRINTKIT_FUZZ_EXAMPLES", "120"))
FAST = settings(
    max_examples=EXAMPLES, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
#: The settings of the random-bytes tests.
BYTES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

NASTY_FLOAT = st.sampled_from([0.0, 3.0, -0.0, 1e400, float("-inf"), float("nan"), 2.5])


def nasty_int(*small: int):
    """The game's ``small`` interesting integers, then huge and overflowing ones."""
    return st.sampled_from([
        *small, 2**31, 2**53 + 1, 2**63 - 1, 2**63, -(2**63) - 1, 10**30, 10**4000,
    ]) | st.builds(pow, st.just(10), st.just(5000))  # past Python's 4,300-digit str() limit


def deep_list(depth: int):
    v: object = 1
    for _ in range(depth):
        v = [v]
    return v


def leaf_and_json_like(nasty_text, nasty_ints):
    """(``leaf``, ``json_like``): any scalar a parser can produce, and trees of them."""
    leaf = (
        st.none() | st.booleans() | nasty_ints | st.integers(-3, 15) | NASTY_FLOAT
        | st.text(max_size=8) | nasty_text | st.builds(deep_list, st.integers(50, 2000))
    )
    json_like = st.recursive(
        leaf,
        lambda kids: st.lists(kids, max_size=4)
        | st.dictionaries(st.text(max_size=6) | nasty_text, kids, max_size=4),
        max_leaves=16,
    )
    return leaf, json_like


def paths(root):
    """Every (container, key) position in a JSON-like tree (iterative: the
    tree may hold a 2,000-level list)."""
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            out.append((node, k))
            stack.append(v)
    return out


#: Mutations any JSON-like tree can take at any (container, key) position.
GENERIC_MUTATIONS = ("replace", "delete", "duplicate", "rename")


def mutate_at(data, how: str, container, key, values, new_keys) -> None:
    """One of the ``GENERIC_MUTATIONS`` at ``container[key]``: replace the value
    with one drawn from ``values``, delete it, append it again to a list, or
    rename a table's key to one drawn from ``new_keys``."""
    if how == "replace":
        container[key] = data.draw(values, label="value")
    elif how == "delete":
        del container[key]
    elif how == "duplicate" and isinstance(container, list):
        container.append(container[key])
    elif how == "rename" and isinstance(container, dict):
        container[data.draw(new_keys, label="new key")] = container.pop(key)


def check_renderings(result, problems, render_text, render_json, raw_control: re.Pattern):
    """Both renderers: UTF-8 text with no raw control characters, and JSON that
    parses and agrees with the result.  Returns the parsed JSON."""
    text = render_text(result)
    text.encode("utf-8")
    assert not raw_control.search(text), text
    out = json.loads(render_json(result).encode("utf-8"))
    assert out["valid"] == result.valid and len(out["problems"]) == len(problems)
    return out


CORRUPTIONS = ("truncate", "delete", "insert", "duplicate-line", "bom-crlf")
#: Text worth inserting into any game file; each game adds its own.
COMMON_INSERTS = [
    "\x00", "\ufeff", "[", "]", "{", '"', "\\", "\\ud800", "\\u202e", "=", ",", "\n", "#",
    "9" * 5000, "1e400", "NaN", "-", "🦴", "\r", '"name": "X", ', "[[player]]\n", "[" * 3000,
]


def check_corrupted_text(texts, data, inserts, run_pipeline) -> None:
    """Draw one of ``texts`` (format, text), corrupt it one to three times, parse
    it: either one line naming the source, or ``run_pipeline`` on what parsed."""
    fmt, text = data.draw(st.sampled_from(texts), label="file")
    for _ in range(data.draw(st.integers(1, 3), label="corruptions")):
        how = data.draw(st.sampled_from(CORRUPTIONS), label="how")
        pos = data.draw(st.integers(0, len(text)), label="pos")
        if how == "truncate":
            text = text[:pos]
        elif how == "delete":
            text = text[:pos] + text[pos + data.draw(st.integers(1, 40)):]
        elif how == "insert":
            text = text[:pos] + data.draw(inserts, label="insert") + text[pos:]
        elif how == "duplicate-line":
            lines = text.splitlines(keepends=True)
            if lines:
                i = min(pos, len(lines) - 1)
                lines.insert(i, lines[i])
                text = "".join(lines)
        elif how == "bom-crlf":
            text = "\ufeff" + text.replace("\n", "\r\n")
    text = text.removeprefix("\ufeff")  # read_text drops one BOM, as from a file
    try:
        parsed = parse_json(text, "fuzz.json") if fmt == "json" else parse_toml(text, "fuzz.toml")
    except PrintkitError as exc:
        assert str(exc).startswith("fuzz.") and "\n" not in str(exc)
        return
    run_pipeline(parsed)


def random_bytes(game: str, *extra: bytes):
    """Random bytes, or bytes every parser must refuse or read with care: a lone
    BOM, a UTF-16 BOM, a NUL after the game line, bad UTF-8, a duplicate key."""
    return st.binary(max_size=300) | st.sampled_from([
        b"\xef\xbb\xbf", b"\xff\xfe", f'game = "{game}"\x00'.encode(), b"\xc3(", b'{"a": 1, "a": 2}', *extra,
    ])


def load_random_bytes(tmp_path_factory, raw: bytes, name: str, load_game):
    """Write ``raw`` to a file called ``name`` and load it: the game, or None
    after checking the refusal is one line naming the file."""
    path = tmp_path_factory.mktemp("bytes") / name
    path.write_bytes(raw)
    try:
        return load_game(path)
    except PrintkitError as exc:
        assert str(exc).startswith(str(path)) and "\n" not in str(exc)
        return None


def check_duplicate_keys_refused(texts) -> None:
    for text in texts:
        with pytest.raises(PrintkitError, match="appears twice"):
            parse_json(text, "t.json")


# == the bad-file corpus (test_bad_inputs*.py) ================================================

LINE = re.compile(r"^(?P<src>.+?): (?P<sev>error|warning) \[(?P<code>[a-z-]+)\] ")


def load_cases(bad: Path) -> list[dict]:
    return tomllib.loads((bad / "expected.toml").read_text(encoding="utf-8"))["case"]


def api_cases(cases: list[dict]) -> list[dict]:
    """The cases the Python API can run: a file in the corpus, the usual commands."""
    return [c for c in cases if "generate" not in c and "args" not in c]


def case_path(case: dict, tmp_path: Path, bad: Path, good: str,
              generators: dict[str, Callable[[], str]] | None = None) -> Path:
    """The case's file: in the corpus ``bad``, or generated under ``tmp_path``
    (``good`` padded past 10 MB, /dev/zero, a folder, a missing file, or the
    text of one of the game's own ``generators``)."""
    gen = case.get("generate")
    if gen is None:
        return bad / case["file"]
    path = tmp_path / case["file"]
    if gen == "10mb":
        filler = "# " + "x" * 1000 + "\n"
        path.write_text(good + filler * 10_500, encoding="utf-8")
        assert path.stat().st_size > 10_000_000
    elif gen == "dev-zero":
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero here")
        path.symlink_to("/dev/zero")
    elif gen == "folder":
        path.mkdir()
    elif gen in (generators or {}):
        path.write_text(generators[gen](), encoding="utf-8")
    elif gen != "missing":
        raise AssertionError(f"unknown generate {gen!r}")
    return path


def commands(case: dict, path: Path, game: str) -> list[list[str]]:
    if "args" in case:
        return [[a.replace("{file}", str(path)) for a in case["args"]]]
    return [
        ["validate", game, str(path)],
        ["score", game, str(path)],
        ["score", game, str(path), "--json"],
    ]


def check_cli_case(
    case: dict, path: Path, *, game: str, codes, raw_control: re.Pattern,
    matches: Callable[[dict, dict], bool],
    located: Callable[[dict], object] | None = None, max_line: int | None = None,
) -> None:
    """Run the case's commands through the real CLI: the expected exit code, no
    traceback, no raw control characters; then either one clear line on stderr
    (naming the file for file-level errors) or problems with documented codes,
    one of which ``matches`` the case.  ``located``: every JSON problem must
    satisfy it; ``max_line``: every problem line is shorter."""
    if case.get("api_only"):  # the CLI says something else for this file (a case with "args" says what)
        return
    runner = CliRunner()
    for args in commands(case, path, game):
        r = runner.invoke(main, args)
        shown = " ".join(args)
        assert r.exit_code == case.get("exit", 1), (shown, r.output)
        assert "Traceback" not in r.output, shown
        assert r.exception is None or isinstance(r.exception, SystemExit), (shown, r.exception)
        assert not raw_control.search(r.output), (shown, r.output)
        if "error" in case:
            lines = r.stderr.splitlines()
            assert len(lines) == 1 and not r.stdout, (shown, r.output)
            assert lines[0].startswith("printkit: "), lines[0]
            assert case["error"] in lines[0], (shown, lines[0])
            if "exit" not in case:  # file-level errors name the file
                assert path.name in lines[0], lines[0]
            continue
        if "--json" in args:
            data = json.loads(r.stdout)
            assert data["valid"] is False and data["players"] == []
            problems = data["problems"]
            assert all(p["code"] in codes and p["severity"] in ("error", "warning") for p in problems)
            if located is not None:
                assert all(located(p) for p in problems), problems
            assert any(matches(p, case) for p in problems), (case, problems)
            continue
        out = r.stdout if args[0] == "validate" else r.stderr
        lines = out.splitlines()
        if args[0] == "validate":
            assert lines[-1].startswith(f"{path}: invalid ("), lines[-1]
            lines = lines[:-1]
        else:
            assert not r.stdout, "an invalid game prints no score table"
        assert lines, shown
        for line in lines:
            m = LINE.match(line)
            assert m and m["src"] == str(path) and m["code"] in codes, line
            if max_line is not None:
                assert len(line) < max_line, line
        who = f"[{case['problem']}] {case['player']}: " if case.get("player") else f"[{case['problem']}] "
        hits = [line for line in lines if who in line and case.get("text", "") in line]
        assert hits, (who, lines)


def check_load_error(case: dict, path: Path, load_game) -> bool:
    """For a case that expects an error: ``load_game`` refuses the file with
    that error, naming the file (then True); otherwise False."""
    if "error" not in case:
        return False
    with pytest.raises(PrintkitError) as exc:
        load_game(path)
    assert case["error"] in str(exc.value) and str(exc.value).startswith(str(path))
    return True


def check_every_file_has_a_case(bad: Path, cases: list[dict]) -> None:
    files = {p.name for p in bad.iterdir() if p.is_file() and p.name != "expected.toml"}
    listed = {c["file"] for c in cases if "generate" not in c}
    assert files == listed
    assert len(cases) >= 60


def check_missing_odd_name(tmp_path: Path, game: str, raw_control: re.Pattern) -> None:
    """A missing file whose name holds a newline and an escape: one line, escaped."""
    missing = tmp_path / "no\nsuch\x1b[2J.toml"
    r = CliRunner().invoke(main, ["score", game, str(missing)])
    assert r.exit_code == 1 and len(r.stderr.splitlines()) == 1
    assert "no\\x0asuch\\x1b[2J.toml" in r.stderr and not raw_control.search(r.output)


#: File permissions are POSIX's (as root the check drops its capabilities; never skipped for root).
POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="POSIX file permissions")


def check_invalid_odd_name(path: Path, shown: str, text: str, game: str, raw_control: re.Pattern) -> None:
    """An invalid game in a file with an odd name: every problem line starts
    with the name as ``shown`` (escaped)."""
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["validate", game, str(path)])
    assert r.exit_code == 1 and not raw_control.search(r.output)
    assert all(line.startswith(shown) for line in r.stdout.splitlines())


def check_unreadable_file(tmp_path: Path, game: str, text: str) -> None:
    """A file without read permission is one line, exit 1.  Root reads any
    file, so as root the command runs without the capabilities that let it
    (``setpriv`` drops CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH): CI runs as
    root, and the check must not be skipped there."""
    folder = Path(tempfile.mkdtemp(prefix="printkit-locked-"))
    try:
        folder.chmod(0o755)
        path = folder / "locked.toml"
        path.write_text(text, encoding="utf-8")
        path.chmod(0)
        if os.geteuid() != 0:
            r = CliRunner().invoke(main, ["score", game, str(path)])
            code, err = r.exit_code, r.stderr
        else:
            drop = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search",
                    "--inh-caps", "-dac_override,-dac_read_search", "--"]
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
            p = subprocess.run([*drop, sys.executable, "-m", "printkit", "score", game, str(path)],
                               capture_output=True, text=True, env=env, timeout=120)
            code, err = p.returncode, p.stderr
        assert code == 1 and "cannot read file (Permission denied)" in err, err
    finally:
        shutil.rmtree(folder)
