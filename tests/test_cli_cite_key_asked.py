"""A paper asked for by one of its citation keys is cited by that key.

A Zotero library that holds one work twice exports it twice (Better BibTeX gives the
second ``sahaRarePathGuided2023a``); tuireader merges the two entries of one DOI into one
paper. ``tuireader cite sahaRarePathGuided2023a --format cite`` printed
``\\cite{sahaRarePathGuided2023}``: the key the manuscript uses was not the key printed.
By its id or by its other key the paper keeps the key of the entry read first."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.render import citations

FIXTURES = Path(__file__).parent / "fixtures"
#: the two entries of one DOI a Better BibTeX export gives, one key with an "a"
TWICE_BIB = FIXTURES / "citations" / "zotero_betterbibtex_duplicate_doi_slice.bib"
#: Anscombe's paper twice in one Zotero CSL export, the second as ...1973a, and another
TWICE_CSL = FIXTURES / "identity" / "zotero_csl_same_work_twice_slice.json"
#: a Paper Copilot list: a paper's own id (9061) and the key of its BibTeX
NIPS = FIXTURES / "formats" / "papercopilot_nips2017_slice.json"
FIRST, SECOND = "sahaRarePathGuided2023", "sahaRarePathGuided2023a"
ANSCOMBE = "anscombeGraphsStatisticalAnalysis1973"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _paper_id(capsys: pytest.CaptureFixture[str], *sources: str) -> str:
    code, out, err = run(capsys, "show", FIRST, "--json", *sources)
    assert code == 0, err
    return str(json.loads(out)["id"])


@pytest.mark.parametrize("added", [False, True], ids=["lists-named", "library-added"])
def test_the_key_asked_for_is_the_key_printed(capsys, tmp_path: Path, added: bool) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_bytes(TWICE_BIB.read_bytes())
    sources = [str(bib)]
    if added:  # read from the cache, its keys kept beside it
        assert run(capsys, "add", str(bib))[0] == 0
        sources = []
    paper_id = _paper_id(capsys, *sources)
    for asked, key in ((SECOND, SECOND), (FIRST, FIRST), (paper_id, FIRST)):
        assert run(capsys, "cite", asked, "--format", "cite", *sources)[1:] == (
            f"\\cite{{{key}}}\n",
            "",
        )
        assert run(capsys, "cite", asked, "--format", "pandoc", *sources)[1] == f"[@{key}]\n"
        code, out, err = run(capsys, "cite", asked, "--format", "cite", "--json", *sources)
        assert code == 0, err
        assert json.loads(out)["citations"][0]["key"] == key
    # searched for, as the reader's search box takes it, the key finds it just as well
    for asked, key in ((SECOND, SECOND), (FIRST, FIRST), ("rare path fuzzing", FIRST)):
        code, out, err = run(capsys, "cite", "--query", asked, "--format", "cite", *sources)
        assert (code, out) == (0, f"\\cite{{{key}}}\n"), err
    # a key as typed in another case, or pasted with its brackets, is the key written
    for typed in (SECOND.upper(), f"[{SECOND}]", f"{SECOND},"):
        assert run(capsys, "cite", typed, "--format", "cite", *sources)[1] == (
            f"\\cite{{{SECOND}}}\n"
        )


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_the_entry_asked_for_by_its_other_key_answers_to_both(capsys, fmt: str) -> None:
    code, out, err = run(capsys, "cite", SECOND, "--format", fmt, str(TWICE_BIB))
    assert code == 0, err
    [entry] = bibtexparser.parse_string(out).entries
    # the other key among its ids (biber finds the entry by either), never its own
    assert (entry.key, entry["ids"]) == (SECOND, FIRST)
    assert entry["title"] == "Rare {{Path Guided Fuzzing}}"
    code, out, err = run(capsys, "cite", FIRST, "--format", fmt, str(TWICE_BIB))
    [entry] = bibtexparser.parse_string(out).entries
    assert (entry.key, entry["ids"]) == (FIRST, SECOND)


def test_both_keys_of_one_paper_cite_it_once_by_the_first(capsys) -> None:
    # two \cite keys of one paper would list it twice in the bibliography
    for first, second in ((SECOND, FIRST), (FIRST, SECOND)):
        code, out, err = run(capsys, "cite", first, second, "--format", "cite", str(TWICE_BIB))
        assert (code, out) == (0, f"\\cite{{{first}}}\n")
        paper_id = _paper_id(capsys, str(TWICE_BIB))
        assert err.splitlines()[-1] == (
            f"tuireader: '{first}' and '{second}' name one paper ({paper_id}): "
            f"cited once, as {first}"
        )
        code, out, err = run(capsys, "cite", first, second, str(TWICE_BIB))
        assert [entry.key for entry in bibtexparser.parse_string(out).entries] == [first]
    # named twice by what gives one key: cited once, nothing to say
    paper_id = _paper_id(capsys, str(TWICE_BIB))
    for again in (paper_id, FIRST):
        code, out, err = run(capsys, "cite", FIRST, again, "--format", "cite", str(TWICE_BIB))
        assert (code, out) == (0, f"\\cite{{{FIRST}}}\n") and "one paper" not in err
    code, out, err = run(capsys, "cite", SECOND, SECOND.upper(), "--format", "cite", str(TWICE_BIB))
    assert (code, out) == (0, f"\\cite{{{SECOND}}}\n") and "one paper" not in err


def test_copy_copies_the_citation_by_the_key_asked_for(capsys, over_ssh) -> None:
    code, _out, err = run(capsys, "copy", SECOND, "--cite", "cite", str(TWICE_BIB))
    assert code == 0, err
    assert over_ssh == [f"\\cite{{{SECOND}}}"]
    code, _out, err = run(capsys, "copy", FIRST, "--cite", "bibtex", str(TWICE_BIB))
    assert code == 0, err
    assert bibtexparser.parse_string(over_ssh[-1]).entries[0].key == FIRST


def test_each_citation_key_of_a_csl_item_exported_twice(capsys) -> None:
    for key in (ANSCOMBE, ANSCOMBE + "a"):
        code, out, err = run(capsys, "cite", key, "--format", "csl-json", str(TWICE_CSL))
        assert code == 0, err
        [item] = json.loads(out)
        assert (item["id"], item["citation-key"]) == (key, key)


def test_a_lists_own_id_is_no_key_to_cite_by(capsys) -> None:
    for given in ("9061", "NIPS2017_3a20f62a"):
        code, out, err = run(capsys, "cite", given, "--format", "cite", str(NIPS))
        assert (code, out) == (0, "\\cite{NIPS2017_3a20f62a}\n"), err


def test_key_asked_names_only_another_key_of_the_paper() -> None:
    [paper] = load_library([TWICE_BIB]).papers
    assert citations.key_asked(paper, SECOND) == SECOND
    assert citations.key_asked(paper, f" {SECOND.lower()} ") == SECOND
    for text in (FIRST, paper.id, "10.1145/3597926.3598136", "", "sahaRarePathGuided2023b"):
        assert citations.key_asked(paper, text) is None
    text = citations.format_citation(paper, "biblatex", key=SECOND).text
    assert text.startswith(f"@inproceedings{{{SECOND},") and f"ids = {{{FIRST}}}" in text
    # a paper whose lists give it other ids, no keys: no key is asked by them
    merged = load_library([NIPS]).papers
    for paper in merged:
        for other in (paper.source_id or "", *paper.other_keys):
            assert citations.key_asked(paper, other) is None
