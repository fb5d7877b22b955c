"""Every command on a hostile list: output is valid UTF-8 and never obeys paper text.

Titles, authors, venues, abstracts, links and even the list's file name carry escape
sequences (OSC 52 clipboard writes, CSI clear-screen, colours), C1 controls, DEL, bidi
overrides and marks, zero-width characters and lone surrogates (``\\ud800`` in JSON).
Each command, in each output form, must exit without a traceback, print valid UTF-8,
print none of those characters raw to a terminal, escape them in JSON (so they decode
back), and keep one-per-line outputs to one line per item.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.render.citations import FORMATS as CITE_FORMATS
from tuireader.render.safetext import UNSAFE
from tuireader.triage.export import EXPORT_FORMATS

ESC = "\x1b"
OSC52 = ESC + "]52;c;dG91Y2ggUFdORUQ=\x07"
CLEAR = ESC + "[2J" + ESC + "[H"

HOSTILE = [
    {
        "title": f"Evil diffusion {OSC52}title{CLEAR} \u202egnirts\u202c zero\u200bwidth\u2060\ufeff",
        "authors": [f"Mallory {ESC}[31mRed", "Eve\x9b2J Csi", "Del\x7fta \u200eMark\u200f"],
        "abstract": f"Diffusion models with {OSC52} and \x9d0;title\x9c and \u2066iso\u2069 "
        f"and tags\U000e0041\U000e0042 hidden, then {CLEAR} the end of the abstract.",
        "venue": f"ICML{ESC}[0m 2024\u202e",
        "year": 2024,
        "url": "https://github.com/ok/repo\ntouch PWNED\n#",
        "code": "javascript:alert(1)",
        "pdf": f"https://example.org/paper.pdf{OSC52}",
    },
    {
        "title": "Lone \ud800 surrogate diffusion title \u061c\u200d",
        "authors": ["A \ud800 B"],
        "venue": "Venue \udfff",
        "abstract": "Diffusion samplers \x85 for sure \x1b[2J and more words about diffusion.",
        "url": "https://arxiv.org/abs/2401.99999\r\nX-Forged: 1",
    },
    {
        "title": "Plain diffusion paper",
        "authors": ["Normal Person"],
        "abstract": "Diffusion models for plain people and plain text, with plain words.",
        "url": "https://example.org/plain",
    },
]

#: the list's own file name is hostile too (it is printed by `lists` and in messages)
LIST_NAME = f"evil{ESC}[2J\u202elist\u200b.jsonl"


@pytest.fixture(autouse=True)
def _no_terminal_clipboard(monkeypatch):
    """``tuireader copy`` must not reach the terminal running the tests through OSC 52."""
    from tuireader import cli

    monkeypatch.setattr(cli, "_osc52_writer", lambda: None)


def raw_unsafe(text: str, *, keep: str = "\n\t") -> set[str]:
    return {ch for ch in text if ch in UNSAFE and ch not in keep}


@pytest.fixture
def hostile(tmp_path) -> dict[str, str]:
    folder = tmp_path / "lists"
    folder.mkdir()
    path = folder / LIST_NAME
    # ASCII JSON: "\ud800" stays a JSON escape, as a hostile list would carry it
    path.write_text("".join(json.dumps(r) + "\n" for r in HOSTILE), encoding="ascii")
    library = load_library([path])
    evil = next(p for p in library.papers if p.title.startswith("Evil"))
    lone = next(p for p in library.papers if p.title.startswith("Lone"))
    plain = next(p for p in library.papers if p.title.startswith("Plain"))
    # exports made elsewhere of the hostile list, its evil paper kept with a hostile tag
    # and note, for `import` to take up
    from tuireader.triage.export import render_export
    from tuireader.triage.store import Triage

    marks = {paper.id: Triage(paper.id) for paper in library.papers}
    marks[evil.id] = Triage(evil.id, "kept", (f"t{CLEAR}\u202e",), f"n{CLEAR}\u202e{OSC52}")
    exports = {}
    for fmt in ("json", "csv", "bibtex"):
        export = tmp_path / f"marks-{fmt}.txt"
        text = render_export(list(library.papers), marks, fmt, library=library)
        export.write_text(text, encoding="utf-8")
        exports[f"marks_{fmt}"] = str(export)
    return {
        "list": str(path),
        "evil": evil.id,
        "lone": lone.id,
        "plain": plain.id,
        "out": str(tmp_path / "out" / "export.txt"),
        **exports,
    }


# (case id, argv with {placeholders}, output kind)
#   kind: "text" terminal text, "json" JSON, "lines" one item per line
CASES: list[tuple[str, list[str], str]] = [
    ("search", ["search", "diffusion", "{list}"], "text"),
    ("search-json", ["search", "diffusion", "--json", "{list}"], "json"),
    ("search-prefix", ["search", "diffu", "--prefix", "{list}"], "text"),
    ("search-hostile-query", ["search", f"zz{OSC52}\u202e", "{list}"], "text"),
    ("show", ["show", "{evil}", "{list}"], "text"),
    ("show-json", ["show", "{evil}", "--json", "{list}"], "json"),
    ("show-lone-surrogate", ["show", "{lone}", "{list}"], "text"),
    ("show-lone-surrogate-json", ["show", "{lone}", "--json", "{list}"], "json"),
    ("show-hostile-id", ["show", f"{OSC52}\u202e", "{list}"], "text"),
    ("similar", ["similar", "{plain}", "{list}"], "text"),
    ("similar-json", ["similar", "{plain}", "--json", "{list}"], "json"),
    ("lists", ["lists", "{list}"], "text"),
    ("lists-json", ["lists", "--json", "{list}"], "json"),
    ("add", ["add", "{list}"], "text"),
    ("remove", ["remove", "seeds"], "text"),
    ("copy", ["copy", "{evil}", "{list}"], "lines"),
    ("copy-cite", ["copy", "{evil}", "--cite", "bibtex", "{list}"], "text"),
    ("copy-ambiguous", ["copy", "diffusion", "{list}"], "text"),
    ("triage", ["triage", "{evil}", "--state", "keep", "--tag", "x", "{list}"], "text"),
    ("triage-hostile-tag", ["triage", "{plain}", "--tag", "t\x1b[2J\u202e", "{list}"], "text"),
    ("note", ["note", "{evil}", "--set", f"n{CLEAR}\u202e\x9b", "{list}"], "text"),
    ("note-print", ["note", "{evil}", "{list}"], "text"),
    *(
        (f"import-{fmt}", ["import", f"{{marks_{fmt}}}", "{list}"], "text")
        for fmt in ("json", "csv", "bibtex")
    ),
    ("import-json-json", ["import", "{marks_json}", "--json", "{list}"], "json"),
    ("import-dry-run", ["import", "{marks_csv}", "--dry-run", "{list}"], "text"),
    ("undo", ["undo"], "text"),
    ("redo", ["redo"], "text"),
    ("recover", ["recover"], "text"),
    ("search-sort-fit-json", ["search", "diffusion", "--sort", "fit", "--json", "{list}"], "json"),
    ("index", ["index", "{list}"], "text"),
    ("index-rebuild", ["index", "--rebuild", "{list}"], "text"),
    *(
        (f"cite-{fmt}", ["cite", "{evil}", "{lone}", "--format", fmt, "{list}"], "text")
        for fmt in CITE_FORMATS
    ),
    ("cite-abstract", ["cite", "{evil}", "--abstract", "{list}"], "text"),
    ("cite-query", ["cite", "--query", "diffusion", "--format", "apa", "{list}"], "text"),
    ("links", ["links", "{evil}", "{list}"], "lines"),
    ("links-lone", ["links", "{lone}", "{list}"], "lines"),
    ("links-code", ["links", "{evil}", "--kind", "code", "{list}"], "lines"),
    ("links-json", ["links", "{evil}", "--json", "{list}"], "json"),
    *(
        (
            f"export-{fmt}",
            ["export", "--format", fmt, "{list}"],
            {"json": "json", "urls": "lines"}.get(fmt, "text"),
        )
        for fmt in EXPORT_FORMATS
    ),
    *(
        (
            f"export-{fmt}-dash",
            ["export", "--format", fmt, "-o", "-", "--query", "diffusion", "{list}"],
            {"json": "json", "urls": "lines"}.get(fmt, "text"),
        )
        for fmt in EXPORT_FORMATS
    ),
    *(
        (
            f"export-{fmt}-file",
            ["export", "--format", fmt, "-o", "{out}", "{list}"],
            {"json": "json", "urls": "lines"}.get(fmt, "text"),
        )
        for fmt in EXPORT_FORMATS
    ),
]


def strings(data) -> list[str]:
    """Every string in decoded JSON, keys included."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [*data.keys(), *(s for v in data.values() for s in strings(v))]
    if isinstance(data, list):
        return [s for v in data for s in strings(v)]
    return []


def check_text(text: str, kind: str, where: str) -> None:
    if kind == "json":
        assert raw_unsafe(text, keep="\n") == set(), where
        everything = "\n".join(strings(json.loads(text)))
        # the hostile characters are escaped, not lost: they decode back
        if "Evil" in everything:
            assert ESC in everything and "\u202e" in everything, where
        assert not any(0xD800 <= ord(ch) <= 0xDFFF for ch in everything), where
    else:
        assert raw_unsafe(text) == set(), where


@pytest.mark.parametrize(("argv", "kind"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_every_command_is_safe_on_a_hostile_list(capsysbinary, hostile, argv, kind):
    argv = [arg.format(**hostile) if "{" in arg else arg for arg in argv]
    Path(hostile["out"]).parent.mkdir(exist_ok=True)
    code = main(argv)
    out_bytes, err_bytes = capsysbinary.readouterr()
    out = out_bytes.decode("utf-8")  # strict: valid UTF-8 or the test fails
    err = err_bytes.decode("utf-8")
    assert code in (0, 1), err
    assert "Traceback" not in err and "unexpected error" not in err, err
    check_text(err, "text", "stderr")
    assert all(line.startswith("tuireader: ") for line in err.splitlines()), err
    written = Path(hostile["out"])
    if "-o" in argv and argv[argv.index("-o") + 1] != "-":
        assert out == "" and code == 0
        out = written.read_bytes().decode("utf-8")
        assert [p.name for p in written.parent.iterdir()] == [written.name]  # no temporary
    check_text(out, kind, "stdout")
    if kind == "lines":
        lines = out.splitlines()
        assert len(lines) == len(out.split("\n")) - 1  # no stray CR, U+2028 or the like
        if argv[0] == "links":
            assert code == 1 or lines, err
        for line in lines:
            assert line.startswith(("https://", "http://")), line
    keys_only = {"cite", "pandoc", "url"} & set(argv)  # citation formats without titles
    asks_hostile = any(OSC52 in arg for arg in argv)  # finds nothing, on purpose
    if asks_hostile:
        assert code == 1 and out == "", err
    elif argv[0] in ("search", "show", "cite", "export") and kind != "lines" and not keys_only:
        assert code == 0, err
        assert "Evil" in out or "Lone" in out, out  # the hostile papers were printed
    if argv[0] == "lists" and kind == "text":
        assert "evil" in out and "\\u202e" in out
    if argv[0] == "similar":
        assert code == 0 and ("Evil" in out and "Lone" in out), out
    if argv[0] == "import":  # the evil paper took up its hostile tag and note, escaped
        assert code == 0 and "Evil diffusion" in out and "tag 't" in out, out


def test_a_hostile_note_and_title_are_shown_escaped_when_printed_and_undone(capsysbinary, hostile):
    note = f"n{CLEAR}\u202e\x9b{OSC52}"
    for argv in (
        ["note", hostile["evil"], "--set", note, hostile["list"]],
        ["note", hostile["evil"], hostile["list"]],
        ["undo"],
    ):
        code = main(argv)
        out_bytes, err_bytes = capsysbinary.readouterr()
        out, err = out_bytes.decode("utf-8"), err_bytes.decode("utf-8")
        assert code == 0, err
        check_text(out, "text", "stdout")
        check_text(err, "text", "stderr")
        assert ("␛[2J" if len(argv) == 3 else "Evil diffusion") in out, out
    assert "undid: note back as it was" in err and "Evil diffusion" in err


def test_the_matrix_covers_every_command_and_format():
    from tuireader.cli import COMMANDS

    covered = {c[1][0] for c in CASES}
    assert covered == set(COMMANDS)
    assert {f"cite-{f}" for f in CITE_FORMATS} <= {c[0] for c in CASES}
    assert {f"export-{f}-file" for f in EXPORT_FORMATS} <= {c[0] for c in CASES}


@pytest.mark.parametrize(
    "argv",
    [
        ["search", "x", f"--{OSC52}"],
        [f"--{OSC52}"],
        ["show", f"-{CLEAR}"],
        ["triage", "abc", "--state", "keep", f"--ta{OSC52}"],
        ["search", "x", "--json", f"--{OSC52}"],
    ],
    ids=["search", "reader", "show", "triage", "json"],
)
def test_an_option_argparse_cannot_take_is_repeated_escaped(capsysbinary, argv):
    # 'unrecognized arguments: --␛]52;c;…' went to the terminal raw: a title pasted as an
    # argument wrote to the clipboard as the error was shown
    code = main(argv)
    out_bytes, err_bytes = capsysbinary.readouterr()
    err = err_bytes.decode("utf-8")
    assert code == 2 and "error:" in err
    check_text(err, "text", "stderr")
    assert "␛" in err  # named, escaped
    check_text(out_bytes.decode("utf-8"), "json" if "--json" in argv else "text", "stdout")
