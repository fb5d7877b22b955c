"""A huge title is cut short where a line names the paper, and kept whole where the
data is for scripts or for citing.

With a 90,000-character title, that paper's line of ``search`` was 90 KB and ``show``
printed it whole. Listings cut it to a line's worth now, and ``show`` cuts it (and the
other fields of one line) with the reader's note, "… and N more characters"; ``--json``,
citations and exports keep the whole title.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader import cli

TITLE = ("Robots " + " ".join(f"word{n}" for n in range(12_000)))[:90_000]


def run(capsys, *argv: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = cli.main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def huge(capsys, tmp_path: Path) -> tuple[Path, str]:  # type: ignore[no-untyped-def]
    lst = tmp_path / "huge.jsonl"
    papers = [
        {"title": TITLE, "authors": ["Ann Lee"], "year": 2023, "abstract": "About robots."},
        {"title": "Robots that walk", "authors": ["Bo Chen"], "year": 2023, "abstract": "Walk."},
    ]
    lst.write_text("".join(json.dumps(p) + "\n" for p in papers), encoding="utf-8")
    _, out, _ = run(capsys, "search", "robots", "--json", lst)
    (paper_id,) = [hit["id"] for hit in json.loads(out)["hits"] if hit["title"] == TITLE]
    return lst, paper_id


def test_search_cuts_a_huge_title_to_a_line(capsys, tmp_path):
    lst, paper_id = huge(capsys, tmp_path)
    code, out, _ = run(capsys, "search", "robots", lst)
    assert code == 0
    (line,) = [line for line in out.splitlines() if line.startswith(paper_id)]
    assert len(line) <= cli.LISTED_TITLE + 100
    assert line.startswith(f"{paper_id}  Robots word0 word1")
    assert "more characters  (huge)" in line
    left = int(line.split(" … and ")[1].split(" more")[0].replace(",", ""))
    assert len(line.split(" … and ")[0]) - len(f"{paper_id}  ") + left == len(TITLE)
    # the other paper's line is as it was
    assert any(line.endswith("  Robots that walk  (huge)") for line in out.splitlines())
    # --json keeps the whole title: it is for scripts
    _, out, _ = run(capsys, "search", "robots", "--json", lst)
    assert TITLE in [hit["title"] for hit in json.loads(out)["hits"]]


def test_show_cuts_a_huge_title_with_a_note_and_json_keeps_it(capsys, tmp_path):
    lst, paper_id = huge(capsys, tmp_path)
    code, out, _ = run(capsys, "show", paper_id, lst)
    assert code == 0 and len(out) < cli.SHOWN_FIELD + 500
    first = out.splitlines()[0]
    assert first.startswith("Robots word0 word1")
    assert first.endswith("more characters, not shown here (tuireader show --json prints them)")
    assert "About robots." in out and "Ann Lee" in out
    _, out, _ = run(capsys, "show", paper_id, "--json", lst)
    assert json.loads(out)["title"] == TITLE


def test_citations_and_exports_keep_the_whole_title(capsys, tmp_path):
    lst, paper_id = huge(capsys, tmp_path)
    code, out, _ = run(capsys, "cite", paper_id, lst)
    assert code == 0 and TITLE in out
    code, out, _ = run(capsys, "export", lst, "--format", "bibtex")
    assert code == 0 and TITLE in out


def test_undo_and_redo_cut_a_huge_title_as_listings_do(capsys, tmp_path):
    # the step's words named the paper by its whole title: a 90 KB line on stderr
    lst, paper_id = huge(capsys, tmp_path)
    assert run(capsys, "triage", paper_id, "--state", "skip", lst)[0] == 0
    for command in ("undo", "redo"):
        code, out, err = run(capsys, command)
        assert code == 0, err
        assert len(err) < cli.LISTED_TITLE + 300 and "more characters" in err
        assert len(out) < cli.LISTED_TITLE + 100 and out.startswith(f"{paper_id}  Robots word0")
    code, out, _ = run(capsys, "undo", "--json")
    assert code == 0 and TITLE in [paper["title"] for paper in json.loads(out)["papers"]]


def test_show_cuts_a_huge_abstract_with_the_note_and_json_keeps_it(capsys, tmp_path):
    # a 200,000-character abstract (a list holding a whole paper in the field) was printed
    # whole, where the title and every other field are cut
    abstract = " ".join(f"walrus{n}" for n in range(25_000))
    assert len(abstract) > 200_000
    lst = tmp_path / "huge.jsonl"
    paper = {
        "title": "Walruses at scale",
        "authors": ["Ann Lee"],
        "year": 2023,
        "abstract": abstract,
        "tldr": abstract,
    }
    lst.write_text(json.dumps(paper) + "\n", encoding="utf-8")
    _, out, _ = run(capsys, "search", "walruses", "--json", lst)
    (paper_id,) = [hit["id"] for hit in json.loads(out)["hits"]]
    code, out, _ = run(capsys, "show", paper_id, lst)
    assert code == 0 and len(out) < 50_000  # two fields of 20,000 and the rest
    note = "more characters, not shown here (tuireader show --json prints them)"
    (line,) = [line for line in out.splitlines() if line.startswith("walrus0 walrus1 ")]
    assert line.endswith(note)
    left = int(line.split(" … and ")[1].split(" more")[0].replace(",", ""))
    assert len(line.split(" … and ")[0]) + left == len(abstract)
    (tldr,) = [line for line in out.splitlines() if line.startswith("TL;DR walrus0 ")]
    assert tldr.endswith(note)
    assert out.splitlines()[0] == "Walruses at scale"
    _, out, _ = run(capsys, "show", paper_id, "--json", lst)
    assert json.loads(out)["abstract"] == abstract
