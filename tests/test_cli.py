"""The command line: summaries, exit codes, one-line errors."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from printkit.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_games_lists_components():
    r = run("games")
    assert r.exit_code == 0, r.output
    assert "archeotrek" in r.output and "40 × Bone and Skeleton tokens" in r.output


def test_build_summary(tmp_path):
    r = run("build", "archeotrek", "--players", "2", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert "archeotrek-kit.pdf" in r.output and "4 PDFs written" in r.output
    assert (tmp_path / "archeotrek" / "archeotrek-kit.pdf").is_file()
    assert not list((tmp_path / "archeotrek").glob(".staging-*"))


@pytest.mark.parametrize("args,needle", [
    (["build", "nosuchgame"], "GAME"),
    (["build", "archeotrek", "--bleed", "3xm"], "--bleed"),
    (["build", "archeotrek", "--paper", "a5"], "--paper"),
    (["build", "archeotrek", "--players", "0"], "--players"),
    (["build", "archeotrek", "--players", "99"], "--players"),
    (["build", "archeotrek", "--players", "many"], "--players"),
    (["build", "archeotrek", "--duplex", "sideways"], "--duplex"),
    (["build", "archeotrek", "--back-offset", "1;2"], "--back-offset"),
    (["build", "archeotrek", "--theme", "nope"], "--theme"),
])
def test_bad_options_exit_2_one_line(tmp_path, args, needle):
    r = run(*args, "--out", str(tmp_path))
    assert r.exit_code == 2, r.output
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and needle in lines[0], r.output
    assert "Traceback" not in r.output
    assert not list(tmp_path.rglob("*.pdf"))


def test_unwritable_out(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    r = run("build", "archeotrek", "--out", str(blocker / "sub"))
    assert r.exit_code == 2
    assert "--out" in r.output and len(r.output.strip().splitlines()) == 1


def test_rules_override(tmp_path):
    from printkit import RULES_DIR

    rules = tmp_path / "rules"
    rules.mkdir()
    text = (RULES_DIR / "archeotrek.toml").read_text(encoding="utf-8")
    (rules / "archeotrek.toml").write_text(text.replace("area_sum = 9", "area_sum = 11"), encoding="utf-8")
    r = run("build", "archeotrek", "--players", "1", "--rules", str(rules), "--out", str(tmp_path / "o"))
    assert r.exit_code == 0, r.output
    from pypdf import PdfReader
    sheet = PdfReader(tmp_path / "o" / "archeotrek" / "dig-site-sheets.pdf").pages[0].extract_text()
    assert "exactly 11" in sheet and "exactly 9" not in sheet


@pytest.mark.parametrize("content,needle", [
    ("[digsite]\n", "digsite.circles: missing"),
    ("not = [toml", "invalid TOML"),
])
def test_bad_rules_override_exit_1(tmp_path, content, needle):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "archeotrek.toml").write_text(content, encoding="utf-8")
    r = run("build", "archeotrek", "--rules", str(rules), "--out", str(tmp_path / "o"))
    assert r.exit_code == 1 and needle in r.output and "Traceback" not in r.output, r.output


def test_rules_override_not_a_folder(tmp_path):
    r = run("build", "archeotrek", "--rules", str(tmp_path / "nope"), "--out", str(tmp_path / "o"))
    assert r.exit_code == 2 and "--rules" in r.output


def test_dash_h_is_help_on_every_command():
    r = CliRunner().invoke(main, ["-h"], prog_name="printkit")
    assert r.exit_code == 0 and r.output.startswith("Usage: printkit [OPTIONS] COMMAND")
    for name in sorted(main.commands):
        r = CliRunner().invoke(main, [name, "-h"], prog_name="printkit")
        assert r.exit_code == 0 and r.output.startswith(f"Usage: printkit {name}"), (name, r.output[:200])


def test_printer_margin_help_says_rules_pages_keep_inside_it_too():
    """Since rules references widen their margins with --printer-margin, the
    option's help says so (it said only "crop marks and footers").  Seen
    failing on the old help."""
    import re

    out = " ".join(run("build", "-h").output.split())
    said = re.search(r"--printer-margin LEN (.*?)\[default: 5mm\]", out)
    assert said and "rules pages" in said[1] and "crop marks" in said[1], out


def test_length_and_pair_options_name_their_form():
    out = run("build", "-h").output
    for needle in ("--bleed LEN", "--back-offset X,Y", "--printer-margin LEN", "--scale X,Y"):
        assert needle in out, needle
    deck = run("deck", "-h").output
    assert "--theme NAME|PATH" in deck and "Output folder" in deck


def test_simulate_draws_a_seed_and_prints_it(tmp_path):
    """Without --seed each run plays a fresh game and says its seed on stderr;
    that seed replays the same game byte for byte."""
    import re

    outs = []
    for i in range(3):
        r = CliRunner().invoke(main, ["simulate", "archeotrek", "-o", str(tmp_path / f"g{i}.toml")])
        assert r.exit_code == 0, r.output
        seed = int(re.search(r"seed (\d+) \(repeat this game with --seed \1\)", r.stderr).group(1))
        outs.append((seed, (tmp_path / f"g{i}.toml").read_bytes()))
    assert len({o[1] for o in outs}) > 1                       # not always the same game
    seed, data = outs[0]
    r = CliRunner().invoke(main, ["simulate", "archeotrek", "--seed", str(seed), "-o", str(tmp_path / "again.toml")])
    assert r.exit_code == 0 and (tmp_path / "again.toml").read_bytes() == data and "seed" not in r.stderr


def test_missing_pango_is_one_line_with_the_install_commands(tmp_path):
    """weasyprint loads pango when imported; without it (simulated by a
    weasyprint that raises cffi's OSError) the build says what is missing and
    how to install it, in one line, exit 1, and writes nothing."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    fake = tmp_path / "fake" / "weasyprint"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text(
        "raise OSError(\"cannot load library 'libpango-1.0-0': libpango-1.0-0: cannot open shared object file: "
        "No such file or directory\")\n", encoding="utf-8")
    root = Path(__file__).resolve().parent.parent
    # no document cache: a warm cache lays out no document and needs no weasyprint at all
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path / "fake"), str(root)]), PRINTKIT_CACHE="off")
    out = tmp_path / "out"
    p = subprocess.run([sys.executable, "-m", "printkit", "build", "archeotrek", "--out", str(out)],
                       capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 1, p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    for needle in ("pango", "sudo apt-get install libpango-1.0-0", "dnf install pango", "brew install pango",
                   "MSYS2"):
        assert needle in lines[0], needle
    assert not out.exists()  # not even the --out folder the run made


def test_a_weasyprint_that_cannot_import_is_one_line(tmp_path):
    """weasyprint missing or broken (an ImportError, not pango's OSError): one
    line saying so and how to reinstall, exit 1, no traceback."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    fake = tmp_path / "fake" / "weasyprint"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError(\"No module named 'tinycss2'\")\n", encoding="utf-8")
    root = Path(__file__).resolve().parent.parent
    # no document cache: a warm cache lays out no document and needs no weasyprint at all
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path / "fake"), str(root)]), PRINTKIT_CACHE="off")
    p = subprocess.run([sys.executable, "-m", "printkit", "build", "archeotrek", "--out", str(tmp_path / "out")],
                       capture_output=True, text=True, env=env, timeout=120)
    lines = p.stderr.strip().splitlines()
    assert p.returncode == 1 and len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    assert "weasyprint" in lines[0] and "tinycss2" in lines[0] and "pip install" in lines[0]


def test_value_options_show_their_choices_not_text():
    """--paper, --duplex, --board-paper and --players say what they take."""
    from click.testing import CliRunner

    from printkit.cli import main

    out = CliRunner().invoke(main, ["build", "--help"], terminal_width=200).output
    for shown in ("--paper a4|letter|universal", "--duplex long|short|none", "--board-paper a3|a2|tabloid",
                  "--players N"):
        assert shown in out, shown
    assert " TEXT " not in out
