"""``tuireader import`` of a BibTeX export that a reference manager (Zotero, JabRef) read
and saved again: the comments tuireader wrote (its first line, each paper's id) are
gone, the keys are the manager's, the fields and keywords in another order, and Zotero
leaves out the fields it does not know. The triage it still carries is taken up."""

from __future__ import annotations

import json
import re

from tuireader.cli import main

BIBLIOGRAPHY = """\
@article{hopper1952,
  title = {The education of a computer},
  author = {Hopper, Grace},
  journal = {Proceedings of the ACM},
  year = {1952},
  keywords = {compilers, history},
  annote = {read for the seminar}
}
"""


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _lists(tmp_path):
    """A scraped list (papers with a DOI and papers without) and a bibliography whose
    entry has keywords and an annote of its own."""
    records = []
    for i in range(5):
        record = {
            "title": f"Learning to grasp study {i} with careful experiments",
            "authors": [f"Ada Lovelace{i}", "Alan Turing"],
            "abstract": f"We study robot grasping in clutter, variant {i}.",
            "year": 2023,
        }
        if i % 2:
            record["doi"] = f"10.1234/grasp.{i}"
        records.append(record)
    grasp, bib = tmp_path / "grasp.jsonl", tmp_path / "mine.bib"
    grasp.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    bib.write_text(BIBLIOGRAPHY, encoding="utf-8")
    return grasp, bib


def _ids(capsys, data, *lists):
    _code, out, _ = run(capsys, "search", "", *lists, "--data-dir", data, "--json")
    return {hit["title"]: hit["id"] for hit in json.loads(out)["hits"]}


def _marks(capsys, data, *lists):
    _code, out, _ = run(capsys, "search", "", *lists, "--data-dir", data, "--json")
    return {
        hit["title"]: (hit["state"], sorted(hit["tags"]), hit["note"])
        for hit in json.loads(out)["hits"]
        if hit["state"] != "new" or hit["tags"] or hit["note"]
    }


def _resaved(text: str, *, keep_own_fields: bool) -> str:
    """``text`` as a reference manager saves it: no comments, keys of its own, fields
    in alphabetical order, keywords sorted, and (Zotero) tuireader's fields left out and
    a keyword's capitals braced (``{RL}``)."""

    def braced(word: str) -> str:
        capitals = sum(char.isupper() for char in word)
        return word if keep_own_fields or capitals < 2 else "{" + word + "}"

    entries = re.findall(r"^@(?!comment)(\w+)\{[^,]+,\n(.*?)\n\}$", text, re.DOTALL | re.MULTILINE)
    out = []
    for number, (kind, body) in enumerate(entries):
        fields = re.findall(r"^  ([\w-]+) = \{(.*?)\},?$", body, re.DOTALL | re.MULTILINE)
        fields = [
            (name, ", ".join(sorted(map(braced, value.split(", ")), key=str.lower)))
            if name == "keywords"
            else (name, value)
            for name, value in fields
            if keep_own_fields or not name.startswith("tuireader-")
        ]
        lines = ",\n".join(f"\t{name} = {{{value}}}" for name, value in sorted(fields))
        out.append(f"@{kind.lower()}{{item{number},\n{lines}\n}}\n")
    return "\n".join(out)


def _exported(capsys, tmp_path):
    """A laptop's marks on four papers of the two lists, exported as BibTeX."""
    grasp, bib = _lists(tmp_path)
    laptop = tmp_path / "laptop"
    ids = _ids(capsys, laptop, grasp, bib)
    first, with_doi, plain, own = (
        ids["Learning to grasp study 0 with careful experiments"],
        ids["Learning to grasp study 1 with careful experiments"],
        ids["Learning to grasp study 2 with careful experiments"],
        ids["The education of a computer"],
    )
    for argv in (
        ("triage", first, with_doi, "--state", "keep", "--tag", "RL", "--tag", "deep nets"),
        ("triage", plain, "--tag", "later"),
        ("triage", own, "--state", "maybe", "--tag", "zeta"),
        ("note", first, "--set", "read section 3\nthen the appendix"),
        ("note", own, "--set", "compare with Backus"),
    ):
        code, _, err = run(capsys, *argv, grasp, bib, "--data-dir", laptop)
        assert code == 0, err
    export = tmp_path / "export.bib"
    code, _, err = run(
        capsys, "export", grasp, bib, "--format", "bibtex", "-o", export, "--data-dir", laptop
    )
    assert code == 0, err
    return (grasp, bib), export.read_text(encoding="utf-8"), _marks(capsys, laptop, grasp, bib)


def test_an_export_saved_again_by_zotero_is_taken_up(tmp_path, capsys):
    lists, text, laptop_marks = _exported(capsys, tmp_path)
    saved = tmp_path / "zotero.bib"
    saved.write_text(_resaved(text, keep_own_fields=False), encoding="utf-8")
    assert "tuireader" in saved.read_text() and "@comment" not in saved.read_text()
    remote = tmp_path / "remote"
    code, out, err = run(capsys, "import", saved, *lists, "--data-dir", remote)
    assert code == 0, err
    assert "saved again by a reference manager" in err
    assert "4 papers with marks: 4 taken up" in err
    assert len(out.splitlines()) == 4
    # the bibliography's own keywords and annote stay its entry's, not the triage's; the
    # undecided paper's tag is taken up though Zotero left out the field that named it
    assert _marks(capsys, remote, *lists) == laptop_marks
    assert laptop_marks["The education of a computer"] == ("maybe", ["zeta"], "compare with Backus")


def test_an_export_saved_again_by_jabref_is_taken_up(tmp_path, capsys):
    lists, text, laptop_marks = _exported(capsys, tmp_path)
    saved = tmp_path / "jabref.bib"
    saved.write_text(_resaved(text, keep_own_fields=True), encoding="utf-8")
    remote = tmp_path / "remote"
    code, _out, err = run(capsys, "import", saved, *lists, "--data-dir", remote)
    assert code == 0, err
    assert _marks(capsys, remote, *lists) == laptop_marks


def test_a_note_added_in_zotero_comes_after_the_note_of_the_export(tmp_path, capsys):
    # Zotero writes each note of an item as an annote field of its own: the entry, a
    # field given twice, was refused by the BibTeX reader and its marks were lost
    lists, text, laptop_marks = _exported(capsys, tmp_path)
    resaved = _resaved(text, keep_own_fields=False)
    ours = "\tannote = {read section 3\nthen the appendix}"
    assert resaved.count(ours) == 1
    resaved = resaved.replace(ours, ours + ",\n\tannote = {added in Zotero: see {Fig.} 2}")
    saved = tmp_path / "zotero.bib"
    saved.write_text(resaved, encoding="utf-8")
    remote = tmp_path / "remote"
    code, _out, err = run(capsys, "import", saved, *lists, "--data-dir", remote)
    assert code == 0, err
    title = "Learning to grasp study 0 with careful experiments"
    state, tags, note = laptop_marks[title]
    expected = laptop_marks | {title: (state, tags, f"{note}\n\nadded in Zotero: see {{Fig.}} 2")}
    assert _marks(capsys, remote, *lists) == expected


def test_an_entry_of_no_list_read_is_named_and_left_out(tmp_path, capsys):
    (grasp, _bib), text, _laptop = _exported(capsys, tmp_path)
    saved = tmp_path / "zotero.bib"
    saved.write_text(_resaved(text, keep_own_fields=False), encoding="utf-8")
    remote = tmp_path / "remote"
    code, _out, err = run(capsys, "import", saved, grasp, "--data-dir", remote)
    assert code == 0, err
    assert "1 entry found no paper of these lists, left out with any marks it carries" in err
    assert "The education of a computer" in err
    assert "3 papers with marks: 3 taken up" in err
    assert "The education of a computer" not in json.dumps(_marks(capsys, remote, grasp))
    code, out, _err = run(capsys, "import", saved, grasp, "--data-dir", remote, "--json")
    assert code == 0
    assert json.loads(out)["left_out"] == [{"title": "The education of a computer"}]


def test_a_bibliography_of_the_users_is_still_no_export(tmp_path, capsys):
    grasp, bib = _lists(tmp_path)
    code, _out, err = run(capsys, "import", bib, grasp, "--data-dir", tmp_path / "data")
    assert code != 0
    assert "not a tuireader export" in err
    assert "nothing taken up" in err


def test_an_entry_that_cannot_be_read_is_said(tmp_path, capsys):
    # an entry the BibTeX reader refuses (a field given twice by a hand edit) was left
    # out in silence: the count said after it did not tell that its marks were lost
    lists, text, _laptop = _exported(capsys, tmp_path)
    skipped = "tuireader:maybe, zeta},"
    assert text.count(skipped) == 1
    edited = tmp_path / "edited.bib"
    edited.write_text(text.replace(skipped, skipped + "\n  year = {1953},"), encoding="utf-8")
    for export in (edited, tmp_path / "zotero.bib"):
        if export.name == "zotero.bib":
            export.write_text(_resaved(edited.read_text(), keep_own_fields=False))
        code, _out, err = run(capsys, "import", export, *lists, "--data-dir", tmp_path / "r")
        assert code == 0, err
        assert "gives “year” twice; skipped it" in err and "not taken up" in err, export.name
        assert "3 papers with marks" in err


def test_entries_of_the_users_own_beside_one_exported_carry_no_marks(tmp_path, capsys):
    # the export taken into a Zotero library of the user's, and the whole library
    # exported again: one kept paper among the user's own entries gave every one of
    # them its keywords as tags and its annote as a note
    grasp, _bib = _lists(tmp_path)
    remote = tmp_path / "remote"
    ids = _ids(capsys, remote, grasp)
    entries = []
    for number in range(5):
        title = f"Learning to grasp study {number} with careful experiments"
        state = ", tuireader:kept" if number == 0 else ""
        entries.append(
            f"@article{{item{number},\n\tauthor = {{Lovelace{number}, Ada and Turing, Alan}},\n"
            f"\tannote = {{my own reading notes}},\n"
            f"\tkeywords = {{Computer Science - Machine Learning, to-read{state}}},\n"
            f"\ttitle = {{{title}}},\n\tyear = {{2023}}\n}}\n"
        )
    library = tmp_path / "library.bib"
    library.write_text("\n".join(entries), encoding="utf-8")
    code, _out, err = run(capsys, "import", library, grasp, "--data-dir", remote)
    assert code == 0, err
    marks = _marks(capsys, remote, grasp)
    assert list(marks) == ["Learning to grasp study 0 with careful experiments"], marks
    assert len(ids) == 5
