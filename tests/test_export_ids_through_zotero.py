"""Where RIS and CSL-JSON exports give the key a paper's id comes from (a list's own
number for it, ``source:scope#id``): where Zotero keeps it through an import and an
export, and where it is no junk in the user's library.

Zotero's RIS translator (zotero/translators, RIS.js) maps ``DB`` to the item's
"Archive" (CSL's ``archive``, which some styles print as where a work is kept) and ``DP``
to its "Library Catalog" (CSL's ``source``, where a record came from, which Zotero
fills with "arXiv.org" and the like), and writes each back under the same tag, in its
own order (``AN`` and ``DP`` before the notes and keywords). Its CSL-JSON import drops
an item's keys it does not know (``tuireader-key``, CSL's ``custom``) and keeps its
``note`` in Extra, each line it does not know as it is, which its CSL-JSON export
writes back as ``note``. So the key is ``DP`` in RIS and a ``tuireader-key:`` line of
the note in CSL-JSON; ``DB`` and ``tuireader-key`` as the exports made before wrote
them are read back too. The slices are unedited records of real lists (see the READMEs
of tests/fixtures/export_roundtrip/ and tests/fixtures/formats/).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.triage.carry import export_marks
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures"
LISTS = [
    HERE / "export_roundtrip" / "nips2017_slice.json",
    HERE / "export_roundtrip" / "zotero_csl_slice.json",
    HERE / "export_roundtrip" / "zotero_betterbibtex_slice.bib",
    HERE / "formats" / "zotero_biblatex_slice.bib",
    HERE / "export_roundtrip" / "icml2024_slice.jsonl",
]
NIPS_KEY = "source:advances in neural information processing systems#9061"
#: the order in which Zotero's RIS translator writes an item's tags (its exportOrder),
#: after ``TY``; a tag it does not write back (``ID``, which it ignores) is left out
ZOTERO_RIS_ORDER = [
    "TI",
    "AU",
    "T2",
    "A2",
    "T3",
    "A3",
    "A4",
    "AB",
    "C1",
    "C2",
    "C3",
    "C4",
    "C5",
    "C6",
    "CN",
    "CY",
    "DA",
    "PY",
    "DO",
    "DP",
    "ET",
    "VL",
    "IS",
    "SP",
    "EP",
    "J2",
    "LA",
    "M1",
    "M3",
    "NV",
    "OP",
    "PB",
    "SE",
    "SN",
    "ST",
    "SV",
    "UR",
    "AN",
    "DB",
    "Y2",
    "L1",
    "L2",
    "L4",
    "N1",
    "KW",
]


def half_marked(papers) -> dict[str, Triage]:
    return {
        p.id: Triage(p.id, "read", ("to cite",), "Read §3.") if n % 2 else Triage(p.id)
        for n, p in enumerate(papers)
    }


def exported(tmp_path: Path, library, fmt: str, triage: dict[str, Triage]) -> str:
    return render_export(list(library.papers), triage, fmt, library=library)


def written(tmp_path: Path, fmt: str, text: str, name: str = "export") -> Path:
    target = tmp_path / f"{name}{SUFFIXES[fmt]}"
    target.write_text(text, encoding="utf-8", newline="")
    return target


def as_zotero_writes_ris(text: str) -> str:
    """Each record as Zotero's RIS export writes the item it imported: its tags in
    Zotero's order, each note as HTML, CRLF line ends."""
    records = []
    for record in text.split("ER  - ")[:-1]:
        fields: list[tuple[str, str]] = []
        for line in record.strip("\n").split("\n"):
            if line[2:6] == "  - ":
                fields.append((line[:2], line[6:]))
            elif fields:  # a further line of the value before it (a note's)
                fields[-1] = (fields[-1][0], fields[-1][1] + "\n" + line)
        lines = [f"TY  - {value}" for tag, value in fields if tag == "TY"]
        for tag in ZOTERO_RIS_ORDER:
            for name, value in fields:
                if name == tag:
                    value = f"<p>{value}</p>".replace("\n", "<br/>") if tag == "N1" else value
                    lines.append(f"{tag}  - {value}")
        records.append("\r\n".join([*lines, "ER  - ", ""]))
    return "\r\n".join(records)


def as_zotero_writes_csl(text: str) -> str:
    """Each item as Zotero's CSL-JSON export writes the item it imported: the keys it
    does not know dropped, its keywords too, its own id."""
    items = []
    for number, item in enumerate(json.loads(text)):
        kept = {k: v for k, v in item.items() if not k.startswith("tuireader") and k != "keyword"}
        kept["id"] = f"http://zotero.org/users/local/abc/items/{number:08d}"
        items.append(kept)
    return json.dumps(items, indent="\t")


def test_a_ris_record_gives_the_key_as_its_library_catalog_not_its_archive(tmp_path):
    library = load_library([LISTS[0]])
    paper = library.papers[0]
    text = exported(tmp_path, library, "ris", {p.id: Triage(p.id) for p in library.papers})
    record = text.split("ER  - ")[0]
    assert record.endswith(f"AN  - {paper.id}\nDP  - {NIPS_KEY}\n")
    assert "\nDB  - " not in text


def test_a_csl_item_gives_the_key_in_its_note_which_zotero_keeps(tmp_path):
    library = load_library([LISTS[0]])
    paper = library.papers[0]
    text = exported(tmp_path, library, "csl-json", {p.id: Triage(p.id) for p in library.papers})
    item = json.loads(text)[0]
    # after the line of the paper's links, which its URL does not give all of
    links, key_line, id_line = item["note"].split("\n")
    assert links.startswith("tuireader-links: url https://proceedings.neurips.cc/")
    assert [key_line, id_line] == [f"tuireader-key: {NIPS_KEY}", f"tuireader-id: {paper.id}"]
    assert not [key for key in item if key.startswith("tuireader")]


@pytest.mark.parametrize("fmt", ("ris", "csl-json"))
def test_an_export_zotero_took_in_and_wrote_out_again_keeps_every_id(tmp_path, fmt):
    library = load_library(LISTS)
    text = exported(tmp_path, library, fmt, half_marked(library.papers))
    again = as_zotero_writes_ris(text) if fmt == "ris" else as_zotero_writes_csl(text)
    back = load_library([written(tmp_path, fmt, again, "zotero")])
    assert {p.id for p in back.papers} == {p.id for p in library.papers}


def test_marks_imported_from_a_ris_export_zotero_wrote_again_are_their_papers(tmp_path):
    library = load_library(LISTS)
    triage = half_marked(library.papers)
    text = as_zotero_writes_ris(exported(tmp_path, library, "ris", triage))
    export = written(tmp_path, "ris", text, "zotero")
    _fmt, marks = export_marks(export.read_bytes(), export)
    taken = sorted((m.paper_id, m.state, m.note) for m in marks if m.paper_id)
    assert taken == sorted((i, "read", "Read §3.") for i, t in triage.items() if t.tags)


@pytest.mark.parametrize("fmt", ("ris", "csl-json"))
def test_an_export_made_before_read_back_keeps_every_id(tmp_path, fmt):
    """The key as the exports made before gave it: RIS's ``DB``, CSL-JSON's item key
    ``tuireader-key``."""
    library = load_library(LISTS)
    text = exported(tmp_path, library, fmt, half_marked(library.papers))
    if fmt == "ris":
        before = text.replace("\nDP  - ", "\nDB  - ")
        assert "\nDB  - source:" in before
    else:
        items = json.loads(text)
        for item in items:
            lines = item["note"].split("\n")
            keys = [line for line in lines if line.startswith("tuireader-key: ")]
            if keys:
                item["tuireader-key"] = keys[0].removeprefix("tuireader-key: ")
                item["note"] = "\n".join(line for line in lines if line not in keys)
        assert any("tuireader-key" in item for item in items)
        before = json.dumps(items, ensure_ascii=False)
    back = load_library([written(tmp_path, fmt, before)])
    assert {p.id for p in back.papers} == {p.id for p in library.papers}
    export = written(tmp_path, fmt, before)
    _fmt, marks = export_marks(export.read_bytes(), export)
    assert all("tuireader-key" not in mark.note for mark in marks)
