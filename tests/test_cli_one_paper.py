"""The commands that take one paper's id answer from that paper's record in the cache of
read lists: a library of 100,000 papers was read whole (2 to 9 s, 600 MB) to show one
paper, list its links or cite it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest import cache as cache_module

FIXTURES = Path(__file__).parent / "fixtures"
ICML = FIXTURES / "identity" / "icml2024_cospgd_framequant_slice.jsonl"
CORL = FIXTURES / "identity" / "papercopilot_corl2023_shared_key_slice.json"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def library(capsys, tmp_path) -> list[str]:
    """A library of two lists (copies in ``tmp_path``), cached; the ids of its papers."""
    for source in (ICML, CORL):
        copy = tmp_path / source.name
        copy.write_bytes(source.read_bytes())
        assert run(capsys, "add", str(copy))[0] == 0
    code, out, _ = run(capsys, "export", "--format", "json")
    assert code == 0
    return [paper["id"] for paper in json.loads(out)]


def whole_answers(
    capsys, monkeypatch, argvs: list[tuple[str, ...]], warm: tuple[str, ...] = ()
) -> list:
    """What each command answers with the library read whole (no paper read alone from
    the cache), then (after ``warm``, run as it is) forbids reading it whole."""
    with monkeypatch.context() as patch:
        patch.setattr(cache_module.Cache, "open_library", lambda *_args, **_kwargs: None)
        answers = [run(capsys, *argv) for argv in argvs]
    if warm:
        run(capsys, *warm)

    def refuse(*_args, **_kwargs):
        raise AssertionError("the library was read whole")

    monkeypatch.setattr(cache_module.Cache, "load_library", refuse)
    monkeypatch.setattr(cache_module.LazyLibrary, "_read_whole", refuse)
    return answers


@pytest.mark.parametrize(
    "command",
    [("show",), ("show", "--json"), ("links",), ("links", "--json")],
    ids=["show", "show-json", "links", "links-json"],
)
def test_one_id_reads_one_paper(capsys, monkeypatch, library, command):
    name, *options = command
    argvs = [(name, paper_id, *options) for paper_id in library]
    answers = whole_answers(capsys, monkeypatch, argvs)
    assert all(code in (0, 1) and out for code, out, _ in answers)
    assert [run(capsys, *argv) for argv in argvs] == answers


@pytest.mark.parametrize("fmt", ["bibtex", "apa", "ieee", "ris", "csl-json"])
def test_cite_reads_the_papers_cited(capsys, monkeypatch, library, fmt):
    """The keys of the library's papers (each told apart from every other's: two CoRL
    papers share one BibTeX key) are worked out once, by the first citation, and kept
    beside the library: the next ones read only the papers they cite."""
    argvs = [("cite", paper_id, "--format", fmt) for paper_id in library]
    argvs.append(("cite", *library, "--format", fmt))
    answers = whole_answers(capsys, monkeypatch, argvs, warm=("cite", library[0]))
    assert all(code == 0 and out for code, out, _ in answers)
    assert [run(capsys, *argv) for argv in argvs] == answers


def test_keys_kept_are_those_of_the_library_as_it_is(capsys, monkeypatch, tmp_path):
    """A list changed since the keys were kept: a paper's key is the one the lists give
    it now (another paper of its first author, year and first title word gives both a
    suffix), not the one kept."""
    shelf = tmp_path / "talks.jsonl"
    talk = {"title": "Alpha Beta", "authors": ["Ann Smith"], "year": 2020, "abstract": "One."}
    shelf.write_text(json.dumps(talk) + "\n", encoding="utf-8")
    assert run(capsys, "add", str(shelf))[0] == 0
    _code, out, _ = run(capsys, "export", "--format", "json")
    (paper_id,) = [paper["id"] for paper in json.loads(out)]
    assert "{smith2020alpha," in run(capsys, "cite", paper_id)[1]
    other = talk | {"title": "Alpha Gamma", "abstract": "Another."}
    with shelf.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(other) + "\n")
    assert "{smith2020alphaa," in run(capsys, "cite", paper_id)[1]


def test_beginnings_keys_and_identifiers_read_the_papers_they_name(capsys, monkeypatch, library):
    """A beginning of an id, a key a list gives (one two papers share), a DOI or an
    arXiv id: once a first look has kept the keys that find each paper beside the
    library, each finds its papers without reading the library whole, as it did."""
    _code, out, _ = run(capsys, "export", "--format", "json")
    papers = json.loads(out)
    given = [paper_id[:5] for paper_id in library] + [library[0].upper(), f"[{library[1]}]"]
    given += [paper[field] for paper in papers for field in ("doi", "arxiv_id") if paper.get(field)]
    given += ["zhu2023learning", "ZHU2023LEARNING", "zzzzzzzz", "a", "b", "2", "10.1234/none"]
    argvs = [(name, text) for text in given for name in ("show", "links")]
    argvs += [("show", text, "--json") for text in given] + [("cite", text) for text in given]
    # a beginning of an id keeps the keys that find papers, its citation their keys
    answers = whole_answers(capsys, monkeypatch, argvs, warm=("cite", library[0][:6]))
    assert any(code == 1 and "2 papers have the key" in err for code, _, err in answers)
    assert [run(capsys, *argv) for argv in argvs] == answers


@pytest.mark.parametrize("what", [(), ("--cite", "bibtex"), ("--cite", "apa")], ids=str)
def test_copy_of_an_id_reads_the_paper_copied(capsys, monkeypatch, osc52, library, what):
    """copy ID copies a paper's link or citation as it did, reading that paper alone."""
    argvs = [("copy", paper_id, *what) for paper_id in library]
    argvs += [("copy", paper_id.upper(), *what) for paper_id in library]
    answers = whole_answers(capsys, monkeypatch, argvs, warm=("cite", library[0]))
    assert all(code == 0 and out for code, out, _ in answers)
    assert [run(capsys, *argv) for argv in argvs] == answers


@pytest.mark.parametrize("options", [(), ("--json",), ("--limit", "1")], ids=str)
def test_similar_reads_the_papers_it_gives(capsys, monkeypatch, library, options):
    """similar ID finds the papers like it in the index, and reads those alone."""
    argvs = [("similar", paper_id, *options) for paper_id in library]
    answers = whole_answers(capsys, monkeypatch, argvs, warm=("similar", library[0]))
    assert all(code in (0, 1) and out for code, out, _ in answers)
    assert [run(capsys, *argv) for argv in argvs] == answers


def test_keys_that_find_papers_are_those_of_the_lists_as_they_are(capsys, tmp_path):
    """A DOI, or a key, of a paper added to a list since the keys that find papers were
    kept finds it: those kept for the list as it was are not used."""
    shelf = tmp_path / "talks.jsonl"
    talk = {"title": "Alpha Beta", "authors": ["Ann Smith"], "year": 2020, "doi": "10.1/a"}
    shelf.write_text(json.dumps(talk) + "\n", encoding="utf-8")
    assert run(capsys, "add", str(shelf))[0] == 0
    assert run(capsys, "show", "10.1/a")[0] == 0
    assert run(capsys, "show", "10.1/b")[0] == 1
    other = talk | {"title": "Gamma Delta", "doi": "10.1/b"}
    with shelf.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(other) + "\n")
    assert run(capsys, "show", "10.1/a")[0] == 0  # the lists read again, and cached
    code, out, _ = run(capsys, "show", "10.1/b")
    assert code == 0 and out.startswith("Gamma Delta\n")
