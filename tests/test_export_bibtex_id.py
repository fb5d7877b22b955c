"""A BibTeX export says which paper each entry is in tuireader, as JSON and CSV ones do,
so ``tuireader import`` of it finds the papers an entry alone cannot name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import bibtexparser

from tuireader.cli import main
from tuireader.render.citations import validate_bibtex

ABSTRACTS = [
    "We study robot grasping in clutter with careful experiments and many trials in kitchens.",
    "We study legged walking on rough terrain with careful experiments and many trials outside.",
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def text_list(path: Path) -> Path:
    """A plain-text list: its papers have only an abstract, their titles made from it."""
    path.write_text("My reading list\n\n" + "\n\n".join(ABSTRACTS) + "\n", encoding="utf-8")
    return path


def ids(capsys, lst: Path, data: Path) -> list[str]:
    _, out, _ = run(capsys, "search", "", lst, "--data-dir", data, "--json")
    return [hit["id"] for hit in json.loads(out)["hits"]]


def marked(capsys, lst: Path, data: Path) -> dict[str, tuple[str, list[str]]]:
    _, out, _ = run(capsys, "search", "", lst, "--data-dir", data, "--json")
    return {
        hit["id"]: (hit["state"], hit["tags"])
        for hit in json.loads(out)["hits"]
        if hit["state"] != "new"
    }


def test_a_bibtex_export_of_papers_known_by_their_abstract_is_taken_up(tmp_path, capsys):
    lst = text_list(tmp_path / "list.txt")
    laptop, remote = tmp_path / "laptop", tmp_path / "remote"
    first, second = ids(capsys, lst, laptop)
    run(capsys, "triage", first, lst, "--state", "keep", "--tag", "grasp", "--data-dir", laptop)
    run(capsys, "triage", second, lst, "--state", "skip", "--data-dir", laptop)
    export = tmp_path / "export.bib"
    code, _, err = run(
        capsys, "export", lst, "--format", "bibtex", "-o", export, "--data-dir", laptop
    )
    assert code == 0, err
    text = export.read_text(encoding="utf-8")
    assert validate_bibtex(text) == []
    code, _, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0, err
    assert "2 taken up by papers of these lists" in err
    assert marked(capsys, lst, remote) == {first: ("kept", ["grasp"]), second: ("skip", [])}


def test_an_export_read_as_a_list_gives_entries_of_their_own_with_the_ids_of_now(tmp_path, capsys):
    lst = text_list(tmp_path / "list.txt")
    data = tmp_path / "data"
    first = tmp_path / "first.bib"
    run(capsys, "export", lst, "--format", "bibtex", "-o", first, "--data-dir", data)
    written = dict(re.findall(r"@comment\{tuireader-id: (\S+) (\S+)\}", first.read_text()))
    assert sorted(written) == ["anonwea", "anonweb"]
    assert sorted(written.values()) == sorted(ids(capsys, lst, data))
    again = tmp_path / "again.bib"
    code, _, err = run(
        capsys, "export", first, "--format", "bibtex", "-o", again, "--data-dir", data
    )
    assert code == 0, err
    text = again.read_text(encoding="utf-8")
    assert validate_bibtex(text) == []
    entries = bibtexparser.parse_string(text).entries
    assert len(entries) == 2 and all("tuireader-id" not in entry.raw for entry in entries)
    # the id each paper has now, read from the first export, not the one it had there
    given = dict(re.findall(r"@comment\{tuireader-id: (\S+) (\S+)\}", text))
    assert sorted(given.values()) == sorted(ids(capsys, first, data))


GRASP = {
    "title": "Learning to grasp study 2 with careful experiments",
    "authors": ["Ada Lovelace", "Alan Turing"],
    "abstract": "We study robot grasping in clutter, with many trials in kitchens.",
    "year": 2023,
}


def import_after(capsys, tmp_path, now: dict) -> tuple[str, dict]:
    """A paper without a DOI kept on a laptop and exported to BibTeX (no abstract: its
    title and first author are all the entry gives); its list then holds ``now``
    instead, and another data folder imports the export."""
    lst = tmp_path / "list.jsonl"
    lst.write_text(json.dumps(GRASP) + "\n", encoding="utf-8")
    laptop, remote = tmp_path / "laptop", tmp_path / "remote"
    (paper,) = ids(capsys, lst, laptop)
    run(capsys, "triage", paper, lst, "--state", "keep", "--data-dir", laptop)
    export = tmp_path / "export.bib"
    run(capsys, "export", lst, "--format", "bibtex", "-o", export, "--data-dir", laptop)
    lst.write_text(json.dumps(now) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0, err
    return err, marked(capsys, lst, remote)


def test_a_bibtex_export_is_taken_up_by_a_paper_given_a_subtitle_since(tmp_path, capsys):
    err, now = import_after(capsys, tmp_path, GRASP | {"title": GRASP["title"] + ": in kitchens"})
    assert "1 taken up by papers of these lists" in err
    assert list(now.values()) == [("kept", [])]


def test_a_bibtex_export_is_not_taken_up_by_the_authors_next_paper(tmp_path, capsys):
    # the same first author and year, the title the first's and more, but no subtitle
    sequel = GRASP | {"title": GRASP["title"] + " at sea", "abstract": "Ships roll; grips slip."}
    err, now = import_after(capsys, tmp_path, sequel)
    assert "0 taken up by papers of these lists" in err
    assert now == {}
