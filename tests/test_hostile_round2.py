"""Issue 25, round two of hostile input: every case measured on what a user
gets (the written files, the CLI's exit code and stderr)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit import PrintkitError
from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def _one_line(output: str) -> str:
    lines = [ln for ln in output.splitlines() if ln.strip()]
    assert len(lines) == 1, output
    assert "Traceback" not in output
    return lines[0]


def _run(*args, env=None, timeout=300, **kw):
    e = dict(os.environ, PYTHONPATH=str(ROOT))
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, env=e,
                          timeout=timeout, **kw)


# ---------------------------------------------------------------- 1. cut SVG: escaped, unique ids


def test_cut_svg_escapes_names_and_keeps_ids_unique(theme):
    from conftest import make_deck
    from printkit.export import Source
    from printkit.export.cut import export_cut
    from printkit.paper import get_paper
    from printkit.units import mm

    cset = make_deck(theme, n=4)
    evil = '"/><script>alert(1)</script><x a="'
    names = [evil, "mydeck-1", "mydeck-1", "registration"]
    cset = replace(cset, components=tuple(replace(c, name=n) for c, n in zip(cset.components, names)))
    res = export_cut(Source("t", "T", [("test", "Test", cset)], [], theme, get_paper("a4"), mm(3)))
    text = res.files["test-sheet-1.svg"].decode("utf-8")
    root = ET.fromstring(text)  # well-formed XML: the name closed no tag
    assert not list(root.iter(f"{SVG}script")) and "<script" not in text
    tags = {el.tag.split("}")[1] for el in root.iter()}
    assert tags == {"svg", "g", "rect"}, tags
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids)) == 2 + 4, ids  # two groups, four pieces, no id twice
    cut = next(g for g in root.findall(f"{SVG}g") if g.get("id") == "cut")
    assert len(cut) == 4


# ---------------------------------------------------------------- 10. JSON lone low surrogates


@pytest.mark.parametrize("escape", ["\\udc00", "\\uDFFF", "\\ud800", "\\udbff"])
def test_parse_json_refuses_every_lone_surrogate(escape):
    from printkit.inputfiles import parse_json

    with pytest.raises(PrintkitError, match="lone surrogate"):
        parse_json('{"players": [{"name": "A%sB"}]}' % escape, "g.json")
    assert parse_json('{"name": "\\ud83c\\udfb2"}', "g.json") == {"name": "\U0001F3B2"}  # a pair is a character


# ---------------------------------------------------------------- 2. new-theme and theme.toml links


def _theme_env(tmp_path):
    return {"XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path)}


def test_new_theme_copies_no_link_and_no_odd_name(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("root-only secret\n")
    secret.chmod(0o600)
    base = tmp_path / "themes" / "base"
    base.mkdir(parents=True)
    (base / "theme.toml").write_text('[theme]\nname = "base"\nextends = "classic"\n')
    os.symlink(secret, base / "leak.html.j2")  # a link out of the theme folder
    (base / "own.css").write_text("p { color: red }\n")
    injected = 'z\n[games.archeotrek]\nink = "#ff0000"\n#.css'  # a name that writes TOML into the comment block
    (base / injected).write_text("x")
    r = _run("new-theme", "mine", "--from", "base", "--copy-templates", cwd=tmp_path, env=_theme_env(tmp_path))
    assert r.returncode == 0, r.stderr
    mine = tmp_path / "themes" / "mine"
    assert (mine / "own.css").read_text() == "p { color: red }\n"
    assert not (mine / "leak.html.j2").exists()
    assert all("secret" not in p.read_text(errors="replace") for p in mine.iterdir())
    assert not (mine / injected).exists()
    import tomllib

    data = tomllib.loads((mine / "theme.toml").read_text())
    assert "ink" not in data.get("games", {}).get("archeotrek", {}) or \
        data["games"]["archeotrek"]["ink"] != "#ff0000"
    assert not any(ln.startswith("[games.archeotrek]\nink") for ln in (mine / "theme.toml").read_text().split("\n#"))
    assert '"#ff0000"' not in (mine / "theme.toml").read_text()


def test_theme_toml_linking_out_of_its_folder_is_refused(tmp_path):
    outside = tmp_path / "elsewhere.toml"
    outside.write_text('[theme]\nname = "x"\n')
    folder = tmp_path / "themes" / "sneaky"
    folder.mkdir(parents=True)
    os.symlink(outside, folder / "theme.toml")
    r = _run("build", "archeotrek", "--theme", str(folder), "--out", str(tmp_path / "out"), cwd=tmp_path,
             env=_theme_env(tmp_path))
    assert r.returncode in (1, 2), r.stderr
    line = _one_line(r.stderr)
    assert "theme.toml" in line and "outside" in line
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


def test_theme_extends_chain_of_1500_is_one_line(tmp_path):
    themes = tmp_path / "themes"
    for i in range(1500):
        (themes / f"t{i}").mkdir(parents=True)
        parent = f't{i + 1}' if i < 1499 else "classic"
        (themes / f"t{i}" / "theme.toml").write_text(f'[theme]\nname = "t{i}"\nextends = "{parent}"\n')
    r = _run("build", "archeotrek", "--theme", "t0", "--out", str(tmp_path / "out"), cwd=tmp_path,
             env=_theme_env(tmp_path))
    assert r.returncode == 1, r.stderr
    line = _one_line(r.stderr)
    assert "extends" in line and "chain" in line


# ---------------------------------------------------------------- 6. PDFs with encryption pypdf cannot open


def _encrypted_pdf(path: Path, encrypt: bytes) -> None:
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>", encrypt]
    out, offsets = bytearray(b"%PDF-1.7\n"), []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{off:010d} 00000 n \n".encode() for off in offsets)
    ident = b"<00112233445566778899aabbccddeeff>"
    out += (f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R /Encrypt 4 0 R /ID [".encode() + ident + b" " + ident
            + f"] >>\nstartxref\n{xref}\n%%EOF\n".encode())
    path.write_bytes(bytes(out))


ENCRYPTIONS = {
    "custom-handler": b"<< /Filter /Custom /V 1 /R 2 /O <00> /U <00> /P -4 >>",
    "version-9": b"<< /Filter /Standard /V 9 /R 9 /O <00> /U <00> /P -4 /Length 128 >>",
    "unknown-crypt-filter": b"<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /Foo /AuthEvent "
                            b"/DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF /O <00> /U <00> /P -4 >>",
    "public-key": b"<< /Filter /Adobe.PubSec /SubFilter /adbe.pkcs7.s5 /V 4 /R 4 /Recipients [<00>] >>",
}


@pytest.mark.parametrize("command", ["score", "validate", "export-game"])
@pytest.mark.parametrize("kind", list(ENCRYPTIONS))
def test_pdf_with_unsupported_encryption_is_one_line(tmp_path, command, kind):
    pdf = tmp_path / f"{kind}.pdf"
    _encrypted_pdf(pdf, ENCRYPTIONS[kind])
    r = CliRunner().invoke(main, [command, "archeotrek", str(pdf)])
    assert r.exit_code == 1, (r.output, r.exception)
    line = _one_line(r.output)
    assert pdf.name in line and "encrypted" in line


# ---------------------------------------------------------------- 3. -o: standard output, links, devices


@pytest.mark.parametrize("argv", [["simulate", "archeotrek", "--seed", "1"], ["scorepad", "archeotrek"]])
def test_output_link_is_never_replaced(tmp_path, argv):
    real = tmp_path / "real.txt"
    real.write_text("mine\n")
    link = tmp_path / "link"
    os.symlink(real, link)
    stdout_link = tmp_path / "stdout"  # what /dev/stdout is: a link, here to a regular file as when stdout is redirected
    os.symlink(real, stdout_link)
    for target in (link, stdout_link):
        r = _run(*argv, "-o", str(target), cwd=tmp_path)
        assert r.returncode == 2, r.stderr
        line = _one_line(r.stderr)
        assert "link" in line and "nothing written" in line
        assert target.is_symlink() and os.readlink(target) == str(real)
    assert real.read_text() == "mine\n"


def test_output_dash_is_standard_output(tmp_path):
    r = _run("simulate", "archeotrek", "--seed", "1", "-o", "-", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("game = ") or 'game = "archeotrek"' in r.stdout
    r2 = _run("scorepad", "archeotrek", "-o", "-", cwd=tmp_path)
    assert r2.returncode == 0, r2.stderr
    assert r2.stdout.lstrip().lower().startswith("<!doctype html") and r2.stdout.rstrip().endswith("</html>")
    assert not (tmp_path / "-").exists() and list(tmp_path.iterdir()) == []



# ---------------------------------------------------------------- 6. the environment: SOURCE_DATE_EPOCH, encodings


@pytest.mark.parametrize("value", ["abc", "1e20", "99999999999999999999", "-5", "12.5"])
def test_bad_source_date_epoch_is_one_usage_line(tmp_path, value):
    r = _run("build", "archeotrek", "--players", "1", "--out", str(tmp_path / "out"), env={"SOURCE_DATE_EPOCH": value})
    assert r.returncode == 2, r.stderr
    line = _one_line(r.stderr)
    assert "SOURCE_DATE_EPOCH" in line and value in line
    assert not (tmp_path / "out").exists()


def test_good_source_date_epoch_still_builds(tmp_path):
    r = _run("duplex-test", "--out", str(tmp_path), env={"SOURCE_DATE_EPOCH": "1700000000"})
    assert r.returncode == 0, r.stderr
    assert b"/CreationDate (D:20231114" in (tmp_path / "duplex-test.pdf").read_bytes()


def test_output_encoding_that_cannot_write_a_character_is_one_line():
    r = _run("games", env={"PYTHONIOENCODING": "latin-1"})
    assert r.returncode == 1
    line = _one_line(r.stderr)
    assert "PYTHONIOENCODING" in line and "U+" in line
    ok = _run("games", env={"PYTHONIOENCODING": "utf-8"})
    assert ok.returncode == 0 and "–" in ok.stdout
