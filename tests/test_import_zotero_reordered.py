"""An export that Zotero took in and wrote out again is read back whole.

A RIS export has its tags in Zotero's order: the paper's id (``AN``) and its note
(``N1``, as HTML, maybe in several) before the keywords, the state's keyword among the
tags wherever Zotero puts it, ``ID`` and ``DA`` moved or added; ``tuireader import``
took the state and lost the note and the id (and the tags before the state's keyword).
A CSL-JSON export has its keys in Zotero's order, its ids Zotero's and its ``note`` as
HTML, the line that gives the paper's id in tuireader a paragraph of it: the id was lost
and the line taken into the note; Zotero's own CSL-JSON gives no keywords at all, and
import took nothing, though the notes were there. In both, the note the citation gives
a paper (its journal reference), which Zotero keeps as one of the user's, was taken into
the paper's note; and a paper that gives no id of tuireader's is said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.triage.carry import export_marks, read_export
from tuireader.triage.export import ris_triage
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures"
ZOTERO_RIS = HERE / "carry" / "zotero_resaved_export.ris"
ZOTERO_CSL = HERE / "carry" / "zotero_resaved_export.json"
LISTS = (
    HERE / "export_roundtrip" / "icml2024_slice.jsonl",
    HERE / "export_roundtrip" / "zotero_csl_slice.json",
)
#: the marks the export the fixture was made from carried: (paper id, state, tags, note)
MARKS = [
    ("qgldz75h", "kept", ("privacy", "to read"), "First line.\n\nsecond para"),
    ("36wu22xt", "maybe", ("diffusion",), "check the sampler"),
    ("42u42neu", "skip", (), ""),
]


def run(*argv: object) -> int:
    return main([str(arg) for arg in argv])


def test_the_fixture_is_written_in_zoteros_order():
    # what this is about: in each record with marks, the id or the note comes before the
    # keywords, where the export writes both after them
    assert b"\r\n" in ZOTERO_RIS.read_bytes()
    text = ZOTERO_RIS.read_text("utf-8")
    records = [record.splitlines() for record in text.split("ER  - ")]
    for lines in (lines for lines in records if "KW  - tuireader:" in "\n".join(lines)):
        tags = [line[:2] for line in lines if line[2:6] == "  - "]
        assert {"AN", "N1"} & set(tags[: tags.index("KW")])


def test_every_mark_of_a_ris_export_zotero_wrote_again_is_read():
    fmt, marks = read_export(ZOTERO_RIS)
    assert fmt == "ris"
    marked = [(m.paper_id, m.state, m.tags, m.note) for m in marks if not m.is_default]
    assert marked == MARKS


def _triage(
    capsys, home: Path, lists: tuple[Path, ...] = LISTS
) -> dict[str, tuple[str, list[str], str]]:
    capsys.readouterr()
    assert run("export", *lists, "--format", "json", "--data-dir", home) == 0
    return {
        item["id"]: (item["state"], item["tags"], item["note"])
        for item in json.loads(capsys.readouterr().out)
    }


def _laptop(capsys, tmp_path: Path) -> tuple[Path, dict[str, tuple[str, list[str], str]]]:
    """A data folder with the marks the fixtures' export was made with, and its triage."""
    laptop = tmp_path / "laptop"
    for paper, state, tags, note in MARKS:
        tagging = [arg for tag in tags for arg in ("--tag", tag)]
        assert run("triage", paper, *LISTS, "--state", state, *tagging, "--data-dir", laptop) == 0
        if note:
            assert run("note", paper, *LISTS, "--set", note, "--data-dir", laptop) == 0
    return laptop, _triage(capsys, laptop)


def test_imported_it_gives_what_the_export_it_was_made_from_gives(tmp_path, capsys):
    laptop, marked = _laptop(capsys, tmp_path)
    export = tmp_path / "marks.ris"
    assert run("export", *LISTS, "--format", "ris", "-o", export, "--data-dir", laptop) == 0
    assert run("import", export, *LISTS, "--data-dir", tmp_path / "own") == 0
    assert run("import", ZOTERO_RIS, *LISTS, "--data-dir", tmp_path / "zotero") == 0

    assert _triage(capsys, tmp_path / "own") == marked
    assert _triage(capsys, tmp_path / "zotero") == marked


RECORD = [
    "TY  - JOUR",
    "TI  - Deep learning of contact",
    "AU  - Lovelace, Ada",
    "PY  - 2021",
    "DO  - 10.1234/contact.1",
    "ID  - lovelace2021",
]
#: the note as Zotero keeps it (a paragraph a line) and as it is read back
HTML_NOTE = "N1  - <p>Read this first</p><p>then §3 — ünïcode</p>"
NOTE = "Read this first\nthen §3 — ünïcode"
#: one record of tuireader's export as Zotero may write it back (its lines in order),
#: and the note read from it
ZOTERO_ORDERS = {
    "state last, after the tags": (
        [
            *RECORD[:5],
            "DA  - 2021///",
            "AN  - ab12cd34",
            HTML_NOTE,
            "KW  - robotics",
            "KW  - to read",
            "KW  - tuireader:kept",
        ],
        NOTE,
    ),
    "state first, id and note before": (
        [
            RECORD[0],
            RECORD[5],
            *RECORD[1:5],
            "AN  - ab12cd34",
            HTML_NOTE,
            "KW  - tuireader:kept",
            "KW  - robotics",
            "KW  - to read",
        ],
        NOTE,
    ),
    "the note in two, one over two lines": (
        [
            *RECORD,
            'N1  - <div data-schema-version="8"><p>Read this first</p>',
            "</div>",
            "N1  - <p>then §3 &mdash; &uuml;n&iuml;code</p>",
            "KW  - robotics",
            "KW  - tuireader:kept",
            "KW  - to read",
            "L1  - internal-pdf://0123456789/contact.pdf",
            "AN  - ab12cd34",
        ],
        "Read this first\n\nthen §3 — ünïcode",  # two notes, a blank line between
    ),
    "a tag that reads as a state first": (
        [
            *RECORD,
            "AN  - ab12cd34",
            HTML_NOTE,
            "KW  - robotics",
            "KW  - tuireader:todo",
            "KW  - to read",
            "KW  - tuireader:kept",
        ],
        NOTE,
    ),
}


@pytest.mark.parametrize("order", ZOTERO_ORDERS)
def test_a_record_is_read_whole_whatever_the_order_of_its_tags(tmp_path, order):
    lines, note = ZOTERO_ORDERS[order]
    text = "\r\n".join([*lines, "ER  - ", ""])
    fmt, [mark] = export_marks(text.encode("utf-8"), tmp_path / "marks.ris")
    assert fmt == "ris"
    assert (mark.paper_id, mark.state, mark.note) == ("ab12cd34", "kept", note)
    expected = {"robotics", "to read"} | ({"tuireader:todo"} if "reads as" in order else set())
    assert set(mark.tags) == expected
    assert mark.identity.keys  # its DOI, as the record gives it wherever it stands


def test_as_the_export_writes_it_the_records_own_note_and_keywords_stay_its_own(tmp_path):
    # its own N1 and keywords before the state's keyword: no note or tag of the user's
    own = "\n".join([*RECORD[:5], "KW  - robotics", "N1  - its journal's reference", RECORD[5]])
    note = "Read this first\n\nthen §3"
    text = ris_triage(own + "\nER  - ", Triage("ab12cd34", "kept", ("to read",), note))
    [mark] = export_marks(text.encode("utf-8"), tmp_path / "marks.ris")[1]
    assert (mark.paper_id, mark.state, mark.tags, mark.note) == (
        "ab12cd34",
        "kept",
        ("to read",),
        note,
    )


def test_every_mark_of_a_csl_export_zotero_wrote_again_is_read():
    fmt, marks = read_export(ZOTERO_CSL)
    assert fmt == "csl-json"
    items = json.loads(ZOTERO_CSL.read_text("utf-8"))
    assert all(item["id"].startswith("http://zotero.org/") for item in items)
    marked = [(m.state, m.tags, m.note) for m in marks if not m.is_default]
    assert marked == [tuple(triage) for _, *triage in MARKS]
    # the id where Zotero kept it, in a paragraph of the note or its only line; the
    # second's note lost it
    assert [m.paper_id for m in marks if not m.is_default] == ["qgldz75h", "", "42u42neu"]


def test_a_csl_export_zotero_wrote_again_gives_what_it_was_made_from(tmp_path, capsys):
    _, marked = _laptop(capsys, tmp_path)
    assert run("import", ZOTERO_CSL, *LISTS, "--data-dir", tmp_path / "zotero") == 0
    assert _triage(capsys, tmp_path / "zotero") == marked


#: the note of a CSL-JSON export's item as Zotero may write it back, with the note read
ZOTERO_NOTES = {
    "html, the id a paragraph": (
        "<p>Read this first</p><p>then §3</p><p>tuireader-id: ab12cd34</p>",
        "Read this first\nthen §3",
    ),
    "the id first": ("tuireader-id: ab12cd34\n<p>Read this first</p>", "Read this first"),
    "the id among lines of Zotero's": (
        "Read this first\n\ntuireader-id: ab12cd34\n\nCitation Key: lovelace2021",
        "Read this first\n\nCitation Key: lovelace2021",
    ),
    "as the export writes it": ("Read this first\ntuireader-id: ab12cd34", "Read this first"),
}


@pytest.mark.parametrize("case", ZOTERO_NOTES)
def test_the_id_of_a_csl_item_is_read_wherever_its_line_stands(tmp_path, case):
    written, note = ZOTERO_NOTES[case]
    # the first item of the fixture (kept, tagged), with this note
    item = {**json.loads(ZOTERO_CSL.read_text("utf-8"))[0], "note": written}
    fmt, [mark] = export_marks(json.dumps([item]).encode("utf-8"), tmp_path / "marks.json")
    assert fmt == "csl-json"
    assert (mark.paper_id, mark.state, mark.tags, mark.note) == (
        "ab12cd34",
        "kept",
        ("privacy", "to read"),
        note,
    )


def test_what_gives_no_id_and_what_no_list_holds_is_said(tmp_path, capsys):
    # the lists without the one of the skipped paper: its mark is kept detached
    home = tmp_path / "home"
    capsys.readouterr()
    assert run("import", ZOTERO_CSL, LISTS[0], "--data-dir", home, "--json") == 0
    said = capsys.readouterr()
    assert f"{ZOTERO_CSL}: 1 paper with marks gives no paper id of tuireader's" in said.err
    answer = json.loads(said.out)
    assert [item["id"] for item in answer["detached"]] == ["42u42neu"]
    # the paper whose note lost its id is found all the same, with its marks
    found = _triage(capsys, home, LISTS[:1])["36wu22xt"]
    assert found == ("maybe", ["diffusion"], "check the sampler")


def test_an_export_that_gives_every_id_says_none_is_missing(tmp_path, capsys):
    laptop, _ = _laptop(capsys, tmp_path)
    for fmt in ("ris", "csl-json"):
        export = tmp_path / f"marks.{fmt}"
        assert run("export", *LISTS, "--format", fmt, "-o", export, "--data-dir", laptop) == 0
        capsys.readouterr()
        assert run("import", export, *LISTS, "--data-dir", tmp_path / fmt) == 0
        assert "no paper id" not in capsys.readouterr().err


SLICE = HERE / "formats" / "arxiv_kaggle_slice.jsonl"
#: the note the citation of a paper of the slice (43yinqwa) gives it: its journal
#: reference, in a form no journal is read from (an issue number), as written
JOURNAL_REF = "Phys. Rev. D 76 (2007) no. 1, 013009"


def _arxiv(tmp_path: Path) -> Path:
    """The slice, its first paper's journal reference the one :data:`JOURNAL_REF` gives."""
    path = tmp_path / SLICE.name
    text = SLICE.read_text("utf-8").replace("Phys.Rev.D76:013009,2007", JOURNAL_REF, 1)
    path.write_text(text, encoding="utf-8")
    return path


def _as_zotero_writes(fmt: str, text: str) -> str:
    """An export of tuireader's as Zotero writes it back: in RIS, each record's id and
    notes (each as HTML) before its keywords; in CSL-JSON, its own ids and without the
    keys it does not know."""
    if fmt == "csl-json":
        items = [
            {key: value for key, value in item.items() if not key.startswith("tuireader")}
            for item in json.loads(text)
        ]
        for number, item in enumerate(items):
            item["id"] = f"http://zotero.org/users/local/abc/items/{number:08d}"
        return json.dumps(items, indent="\t")
    records = []
    for record in text.split("ER  - ")[:-1]:
        lines = [line for line in record.strip("\n").split("\n") if line]
        moved = [line for line in lines if line.startswith("AN  - ")]
        moved += [f"N1  - <p>{line[6:]}</p>" for line in lines if line.startswith("N1  - ")]
        rest = [line for line in lines if line[:6] not in ("AN  - ", "N1  - ")]
        keywords = [n for n, line in enumerate(rest) if line.startswith("KW  - ")]
        at = keywords[0] if keywords else len(rest)
        records.append("\r\n".join([*rest[:at], *moved, *rest[at:], "ER  - ", ""]))
    return "\r\n".join(records)


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
def test_the_note_a_citation_gives_its_paper_is_no_note_of_the_users(tmp_path, capsys, fmt):
    arxiv = _arxiv(tmp_path)
    laptop = tmp_path / "laptop"
    assert run("triage", "43yinqwa", arxiv, "--state", "kept", "--data-dir", laptop) == 0
    assert run("note", "43yinqwa", arxiv, "--set", "diphotons: see §2", "--data-dir", laptop) == 0
    assert run("triage", "7p3lnmrc", arxiv, "--state", "maybe", "--data-dir", laptop) == 0
    export = tmp_path / "marks"
    assert run("export", arxiv, "--format", fmt, "-o", export, "--data-dir", laptop) == 0
    written = export.read_text("utf-8")
    assert JOURNAL_REF in written  # the citation's own note, which Zotero keeps as a note
    zotero = tmp_path / "zotero"
    zotero.write_text(_as_zotero_writes(fmt, written), encoding="utf-8", newline="")

    assert run("import", zotero, arxiv, "--data-dir", tmp_path / "remote") == 0
    marked = _triage(capsys, laptop, (arxiv,))
    assert marked["43yinqwa"] == ("kept", [], "diphotons: see §2")
    assert _triage(capsys, tmp_path / "remote", (arxiv,)) == marked


def test_a_csl_export_zotero_wrote_without_keywords_gives_its_notes_and_says_so(tmp_path, capsys):
    # Zotero's CSL-JSON gives no tags: the states and tags are lost, the notes (in
    # Extra, with the line that gives each paper's id) are not
    laptop, marked = _laptop(capsys, tmp_path)
    export = tmp_path / "marks.json"
    assert run("export", *LISTS, "--format", "csl-json", "-o", export, "--data-dir", laptop) == 0
    items = json.loads(_as_zotero_writes("csl-json", export.read_text("utf-8")))
    zotero = tmp_path / "zotero.json"
    zotero.write_text(json.dumps([{k: v for k, v in i.items() if k != "keyword"} for i in items]))

    capsys.readouterr()
    assert run("import", zotero, *LISTS, "--data-dir", tmp_path / "remote") == 0
    err = capsys.readouterr().err
    # the two with notes (every item gives its paper's id, one without marks too: the
    # third, its note empty, is no more than that)
    assert "2 items give a paper id of tuireader's but no state or tags" in err
    notes = {paper: ("new", [], note) for paper, (_, _, note) in marked.items()}
    assert _triage(capsys, tmp_path / "remote") == notes
    assert any(note for _, _, note in notes.values())
