"""RIS and CSL-JSON exports give every link of a paper, where they gave its page
alone: RIS as further ``UR`` lines (code first), CSL-JSON as a ``tuireader-links: …``
line of ``note`` (each link after the field it came from or its kind, as the BibTeX
export's ``tuireader-links`` gives them), which Zotero keeps in Extra. Read back as a
list, each paper has its code links again, and its other links."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.triage.carry import read_export

CODE = "https://github.com/ebianchi/dair_pll"
RECORDS = [
    {
        "title": "Simultaneous Learning of Contact and Continuous Dynamics",
        "authors": ["Bibit Bianchini", "Mathew Halm", "Michael Posa"],
        "year": 2023,
        "venue": "CoRL 2023",
        "openreview": "https://openreview.net/forum?id=-3G6_D66Aua",
        "code": CODE,
        "project": "https://sites.google.com/view/continuous-contact-nets/home",
    },
    {
        "title": "Learning with two repositories",
        "authors": ["Ada Lovelace"],
        "year": 2022,
        "url": "https://example.org/papers/two",
        "pdf": "https://example.org/papers/two.pdf",
        "code": "https://github.com/ada/one https://gitlab.com/ada/two",
    },
    {"title": "A paper with its page alone", "authors": ["Alan Turing"], "year": 2021},
]


def run(capsys, *argv: object) -> str:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def links(papers) -> list[list[tuple[str, str]]]:
    return [sorted((link.url, link.kind) for link in paper.links) for paper in papers]


def exported(tmp_path: Path, capsys, fmt: str) -> tuple[list, Path]:
    lst = tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(record) + "\n" for record in RECORDS), encoding="utf-8")
    papers = load_library([lst]).papers
    assert [paper.code_links[0].url for paper in papers[:1]] == [CODE]
    data = tmp_path / "data"
    run(
        capsys,
        "triage",
        papers[0].id,
        lst,
        "--state",
        "keep",
        "--tag",
        "to cite",
        "--data-dir",
        data,
    )
    export = tmp_path / ("all.ris" if fmt == "ris" else "all.json")
    run(capsys, "export", lst, "--format", fmt, "-o", export, "--data-dir", data)
    return papers, export


def test_ris_gives_every_link_as_a_ur_line(tmp_path, capsys):
    papers, export = exported(tmp_path, capsys, "ris")
    first = export.read_text(encoding="utf-8").split("ER  - ")[0]
    assert "UR  - https://openreview.net/forum?id=-3G6_D66Aua\nUR  - " + CODE + "\n" in first
    assert "UR  - https://sites.google.com/view/continuous-contact-nets/home\n" in first
    back = load_library([export]).papers
    assert [paper.id for paper in back] == [paper.id for paper in papers]
    assert links(back) == links(papers)
    assert [paper.code_links[0].url for paper in back[:1]] == [CODE]
    out = run(capsys, "links", papers[0].id, export, "--data-dir", tmp_path / "read")
    assert CODE in out.split()
    # the triage is read back as before
    _fmt, marks = read_export(export)
    assert [(mark.state, mark.tags) for mark in marks][:1] == [("kept", ("to cite",))]


def test_csl_json_gives_every_link_in_a_note_line(tmp_path, capsys):
    papers, export = exported(tmp_path, capsys, "csl-json")
    items = json.loads(export.read_text(encoding="utf-8"))
    assert f"tuireader-links: code {CODE}, " in items[0]["note"]
    assert "tuireader-links" not in items[2].get("note", "")  # its URL gives its one link
    back = load_library([export]).papers
    assert [paper.id for paper in back] == [paper.id for paper in papers]
    assert links(back) == links(papers)
    _fmt, marks = read_export(export)
    assert [(mark.state, mark.tags) for mark in marks][:1] == [("kept", ("to cite",))]
