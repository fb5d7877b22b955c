"""A paper found by the key its list gives it (a BibTeX or BibLaTeX entry key, a CSL
``citation-key``, a RIS ``ID``): a LaTeX writer looks a paper up by its \\cite key, in
every command that takes an id."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest
from e2e_util import ready, sync

from tuireader.cli import main
from tuireader.ingest import identity as ident
from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve
from tuireader.ui.app import ReaderApp, Services

FIXTURES = Path(__file__).parent / "fixtures"
#: CosPGD and FrameQuant as the ICML 2024 list gives them
ICML = FIXTURES / "identity" / "icml2024_cospgd_framequant_slice.jsonl"
#: two CoRL 2023 papers whose list's BibTeX gives both the key zhu2023learning
CORL = FIXTURES / "identity" / "papercopilot_corl2023_shared_key_slice.json"
BETTER_BIBTEX = FIXTURES / "citations" / "zotero_betterbibtex_slice.bib"
DUPLICATE_DOI = FIXTURES / "citations" / "zotero_betterbibtex_duplicate_doi_slice.bib"
CSL = FIXTURES / "citations" / "zotero_csl_slice.json"
#: Anscombe's paper twice in one Zotero CSL export, the second as ...1973a, and another
TWICE = FIXTURES / "identity" / "zotero_csl_same_work_twice_slice.json"
ANSCOMBE = "anscombeGraphsStatisticalAnalysis1973"

FRAMEQUANT = "FrameQuant: Flexible Low-Bit Quantization for Transformers"
BALUTA = "Quantitative Verification of Neural Networks And Its Security Applications"

#: what Google Scholar's "Import into BibTeX" gives for the two ICML papers
SCHOLAR_BIB = """\
@inproceedings{agnihotri2024cospgd,
  title={CosPGD: an efficient white-box adversarial attack for pixel-wise prediction tasks},
  author={Agnihotri, Shashank and Jung, Steffen and Keuper, Margret},
  booktitle={International Conference on Machine Learning},
  year={2024}
}

@inproceedings{adepu2024framequant,
  title={FrameQuant: Flexible Low-Bit Quantization for Transformers},
  author={Adepu, Harshavardhan and Zeng, Zhanpeng and Zhang, Li and Singh, Vikas},
  booktitle={International Conference on Machine Learning},
  year={2024}
}
"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _scholar_library(capsys, tmp_path: Path) -> None:
    """A library of the ICML list and the user's refs.bib from Google Scholar."""
    refs = tmp_path / "refs.bib"
    refs.write_text(SCHOLAR_BIB, encoding="utf-8")
    code, _out, err = run(capsys, "add", str(ICML), str(refs))
    assert code == 0, err


def test_show_and_cite_take_a_bibtex_key_of_the_users_bib(capsys, tmp_path) -> None:
    # 'tuireader cite agnihotri2024cospgd' said "no paper with id 'agnihotri2024cospgd'"
    _scholar_library(capsys, tmp_path)
    code, out, err = run(capsys, "show", "adepu2024framequant", "--json")
    assert code == 0, err
    assert json.loads(out)["title"] == FRAMEQUANT
    assert "is now" not in err
    code, out, err = run(capsys, "cite", "agnihotri2024cospgd", "adepu2024framequant")
    assert code == 0, err
    entries = bibtexparser.parse_string(out).entries
    # each paper cited under the key the manuscript knows it by
    assert [entry.key for entry in entries] == ["agnihotri2024cospgd", "adepu2024framequant"]
    assert "CosPGD" in entries[0]["title"] and "FrameQuant" in entries[1]["title"]


def test_a_key_is_found_as_written_first_then_in_any_case(capsys, tmp_path) -> None:
    code, out, err = run(
        capsys, "show", "balutaquantitativeverificationneural2019", "--json", str(BETTER_BIBTEX)
    )
    assert code == 0, err
    assert json.loads(out)["title"] == BALUTA
    # two keys that differ in case only: each as written finds its own paper
    bib = tmp_path / "cased.bib"
    bib.write_text(
        "@article{Smith20, title={Wombats in the wild}, author={Smith, Ann}, year={2020}}\n"
        "@article{smith20, title={Koalas at rest}, author={Smith, Bob}, year={2020}}\n",
        encoding="utf-8",
    )
    for key, title in (("Smith20", "Wombats in the wild"), ("smith20", "Koalas at rest")):
        code, out, err = run(capsys, "show", key, "--json", str(bib))
        assert code == 0, err
        assert json.loads(out)["title"] == title
    code, out, err = run(capsys, "show", "SMITH20", str(bib))
    assert code == 1 and not out
    assert "Wombats in the wild" in err and "Koalas at rest" in err


def test_a_key_two_papers_share_is_ambiguous_and_names_both(capsys) -> None:
    code, out, err = run(capsys, "show", "zhu2023learning", str(CORL))
    assert code == 1 and not out
    lines = err.splitlines()
    assert lines[0] == (
        "tuireader: 2 papers have the key 'zhu2023learning' in their lists; give one of their ids:"
    )
    assert "Learning to Drive Anywhere" in err
    assert "Learning Generalizable Manipulation Policies" in err
    code, out, err = run(capsys, "cite", "zhu2023learning", str(CORL))
    assert code == 1 and not out and "2 papers have the key 'zhu2023learning'" in err


def test_a_csl_citation_key_a_ris_id_and_a_merged_entrys_key_find_their_papers(
    capsys, tmp_path
) -> None:
    code, out, err = run(
        capsys, "links", "arroyoInferenceMultipleHeterogeneous2019", "--json", str(CSL)
    )
    assert code == 0, err
    assert json.loads(out)["title"].startswith("Inference for multiple heterogeneous networks")
    ris = tmp_path / "refs.ris"
    ris.write_text(
        "TY  - JOUR\nID  - roe2023dense\nTI  - Dense retrieval for wombats\n"
        "AU  - Roe, Jane\nPY  - 2023\nAB  - We retrieve wombats densely.\nER  - \n",
        encoding="utf-8",
    )
    assert run(capsys, "triage", "roe2023dense", "--state", "keep", str(ris))[0] == 0
    code, out, _ = run(capsys, "search", "is:kept", "--json", str(ris))
    assert [hit["title"] for hit in json.loads(out)["hits"]] == ["Dense retrieval for wombats"]
    # the second export of one work merges into the first: its key finds the paper too
    first = run(capsys, "show", "sahaRarePathGuided2023", "--json", str(DUPLICATE_DOI))
    second = run(capsys, "show", "sahaRarePathGuided2023a", "--json", str(DUPLICATE_DOI))
    assert first[0] == second[0] == 0, second[2]
    assert json.loads(first[1])["id"] == json.loads(second[1])["id"]


def test_a_json_lists_own_id_and_its_bibtex_key_find_the_paper(capsys) -> None:
    nips = FIXTURES / "formats" / "papercopilot_nips2017_slice.json"
    for given in ("9061", "NIPS2017_3a20f62a"):
        code, out, err = run(capsys, "show", given, "--json", str(nips))
        assert code == 0, err
        assert json.loads(out)["title"].startswith("#Exploration: A Study of Count-Based")


def test_note_and_similar_take_a_key(capsys) -> None:
    code, _out, err = run(
        capsys,
        "note",
        "chakrabortyDistributionAwareSamplingWeighted2014",
        "--set",
        "read again",
        str(BETTER_BIBTEX),
    )
    assert code == 0, err
    code, out, err = run(
        capsys, "note", "chakrabortydistributionawaresamplingweighted2014", str(BETTER_BIBTEX)
    )
    assert code == 0 and out.strip() == "read again", err
    code, out, err = run(
        capsys, "similar", "balutaQuantitativeVerificationNeural2019", "--json", str(BETTER_BIBTEX)
    )
    assert code == 0, err
    assert BALUTA not in [hit["title"] for hit in json.loads(out)["hits"]]


def test_copy_takes_a_key(capsys, over_ssh, tmp_path) -> None:
    _scholar_library(capsys, tmp_path)
    # the key was searched as words: "no papers match 'agnihotri2024cospgd'"
    code, out, err = run(capsys, "copy", "agnihotri2024cospgd", "--cite", "bibtex")
    assert code == 0, err
    [entry] = over_ssh
    assert out.strip() == entry.strip()
    assert "CosPGD" in bibtexparser.parse_string(entry).entries[0]["title"]
    code, out, err = run(capsys, "copy", "zhu2023learning", str(CORL))
    assert code == 1 and not out and len(over_ssh) == 1
    assert "2 papers have the key 'zhu2023learning'" in err and "nothing copied" in err


def test_search_finds_a_paper_by_a_key_that_matches_no_words(capsys, tmp_path) -> None:
    # 'search Smith:2020' said "unknown field", and a key without a colon "no papers match"
    bib = tmp_path / "keys.bib"
    bib.write_text(
        "@article{Smith:2020, title={Wombats in the wild}, author={Smith, Ann}, year={2020}}\n"
        "@article{koalas, title={Marsupials at rest}, author={Roe, Bob}, year={2021}}\n"
        "@article{roe2021, title={Koalas at rest}, author={Roe, Bob}, year={2021}}\n",
        encoding="utf-8",
    )
    for query in ("Smith:2020", "smith:2020"):
        code, out, err = run(capsys, "search", query, "--json", str(bib))
        assert code == 0, err
        assert [hit["title"] for hit in json.loads(out)["hits"]] == ["Wombats in the wild"]
    # words first: a key that is a word of other papers finds those papers
    code, out, err = run(capsys, "search", "koalas", "--json", str(bib))
    assert code == 0 and [h["title"] for h in json.loads(out)["hits"]] == ["Koalas at rest"]
    code, out, err = run(capsys, "search", "zhu2023learning", "--json", str(CORL))
    assert code == 0, err
    assert len(json.loads(out)["hits"]) == 2


def test_search_looks_up_keys_for_a_word_shaped_as_one_only(capsys, monkeypatch) -> None:
    # a mistyped word or a filter that matched nothing gathered every paper's keys,
    # which reads a large list's cache whole
    asked: list[str] = []
    papers_keyed = ident.papers_keyed

    def counted(library, text):  # type: ignore[no-untyped-def]
        asked.append(text)
        return papers_keyed(library, text)

    monkeypatch.setattr(ident, "papers_keyed", counted)
    for query in ("qzxv", "year:1900", "is:maybe", "title:qzxv"):
        assert run(capsys, "search", query, str(BETTER_BIBTEX))[0] == 1
    assert asked == []
    code, out, err = run(
        capsys, "search", "BalutaQuantitativeVerificationNeural2019", str(BETTER_BIBTEX)
    )
    assert code == 0 and BALUTA in out, err
    assert asked == ["BalutaQuantitativeVerificationNeural2019"]


def test_the_library_finds_papers_by_their_lists_keys() -> None:
    library = load_library([BETTER_BIBTEX, CORL])
    (baluta,) = ident.papers_keyed(library, "balutaQuantitativeVerificationNeural2019")
    assert baluta.title == BALUTA
    assert ident.papers_keyed(library, " BALUTAQUANTITATIVEVERIFICATIONNEURAL2019 ") == (baluta,)
    assert len(ident.papers_keyed(library, "zhu2023learning")) == 2
    assert ident.papers_keyed(library, "baluta") == ()  # a key's beginning is no key
    assert ident.papers_keyed(library, "") == ()


@pytest.mark.parametrize("command", ["show", "cite", "links", "similar", "copy", "triage", "note"])
def test_the_help_of_each_command_taking_an_id_says_a_key_will_do(capsys, command) -> None:
    # it said "paper id (as printed by search; a unique prefix will do)" only
    assert main([command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "BibTeX key" in text


def test_the_keys_of_the_papers_are_gathered_once_for_every_lookup(monkeypatch) -> None:
    # 'cite' of 140 keys went through every paper's keys for each of them
    library = load_library([BETTER_BIBTEX, CORL, CSL])
    gathered: list[str] = []
    list_keys = ident.list_keys

    def counted(paper):  # type: ignore[no-untyped-def]
        gathered.append(paper.id)
        return list_keys(paper)

    monkeypatch.setattr(ident, "list_keys", counted)
    keys = [key for paper in library.papers for key in list_keys(paper)]
    for key in keys:
        assert ident.papers_keyed(library, key)
        assert ident.papers_keyed(library, key.upper())
    assert len(keys) >= 10 and sorted(gathered) == sorted(p.id for p in library.papers)


@sync
async def test_a_key_typed_in_the_search_box_brings_up_its_paper() -> None:
    library = load_library([BETTER_BIBTEX, CORL])
    services = Services(
        load_library=lambda: library,
        open_engine=lambda lib, progress: open_engine(lib, resolve().ensure()),
    )
    app = ReaderApp(services, show_timings=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"zhu2023learning")
        for _ in range(40):
            await pilot.pause()
            if len(screen.results.rows) == 2:
                break
        titles = sorted(row.paper.title[:26] for row in screen.results.rows)
        assert titles == ["Learning Generalizable Man", "Learning to Drive Anywhere"]


def test_each_key_of_a_work_exported_twice_finds_the_one_paper(capsys) -> None:
    # the second item's citation-key said "no paper with id 'anscombe…1973a'"
    shown = {}
    for key in (ANSCOMBE, ANSCOMBE + "a"):
        code, out, err = run(capsys, "show", key, "--json", str(TWICE))
        assert code == 0, err
        shown[key] = json.loads(out)
        assert shown[key]["title"] == "Graphs in Statistical Analysis"
        code, out, err = run(capsys, "cite", key, str(TWICE))
        assert code == 0, err
        # cited by the key it was asked for by, the key the manuscript cites
        assert [entry.key for entry in bibtexparser.parse_string(out).entries] == [key]
    assert shown[ANSCOMBE]["id"] == shown[ANSCOMBE + "a"]["id"]
    assert run(capsys, "triage", ANSCOMBE + "a", "--state", "keep", str(TWICE))[0] == 0
    code, out, _ = run(capsys, "search", "is:kept", "--json", str(TWICE))
    assert [hit["id"] for hit in json.loads(out)["hits"]] == [shown[ANSCOMBE]["id"]]
    code, out, err = run(capsys, "show", "mesulamSensationCognition1998", "--json", str(TWICE))
    assert code == 0 and json.loads(out)["title"] == "From sensation to cognition", err


def test_a_merged_items_key_another_paper_has_too_is_ambiguous(capsys, tmp_path) -> None:
    other = tmp_path / "other.json"
    other.write_text(
        json.dumps(
            [
                {
                    "id": ANSCOMBE + "a",
                    "citation-key": ANSCOMBE + "a",
                    "type": "article-journal",
                    "title": "Dense retrieval for wombats",
                    "author": [{"family": "Roe", "given": "Jane"}],
                    "issued": {"date-parts": [[2023]]},
                }
            ]
        ),
        encoding="utf-8",
    )
    code, out, err = run(capsys, "show", ANSCOMBE + "a", str(TWICE), str(other))
    assert code == 1 and not out
    assert f"2 papers have the key '{ANSCOMBE}a'" in err
    assert "Graphs in Statistical Analysis" in err and "Dense retrieval for wombats" in err
    code, out, err = run(capsys, "cite", ANSCOMBE, str(TWICE), str(other))
    assert code == 0 and "Graphs in Statistical Analysis" in out, err


def test_a_bibtex_key_biblatex_ids_cannot_hold_finds_its_merged_entry(capsys, tmp_path) -> None:
    entry = (
        "@article{%s,\n  title = {Dense retrieval for wombats},\n  author = {Roe, Jane},\n"
        "  year = {2023},\n  doi = {10.1234/wombat.2023},\n}\n"
    )
    refs = tmp_path / "refs.bib"
    refs.write_text(entry % "roe2023" + "\n" + entry % "roe(2023)", encoding="utf-8")
    found = [run(capsys, "show", key, "--json", str(refs)) for key in ("roe2023", "roe(2023)")]
    assert [code for code, _out, _err in found] == [0, 0], found[1][2]
    assert json.loads(found[0][1])["id"] == json.loads(found[1][1])["id"]


def test_the_key_cite_gave_finds_its_paper_again(capsys, tmp_path) -> None:
    # 'cite pmlr-v235-adepu24a' (the key 'cite' had just printed) said "no paper with id"
    code, out, err = run(capsys, "search", "FrameQuant", "--json", str(ICML))
    paper_id = json.loads(out)["hits"][0]["id"]
    code, out, err = run(capsys, "cite", paper_id, str(ICML))
    assert code == 0, err
    key = bibtexparser.parse_string(out).entries[0].key
    assert key == "pmlr-v235-adepu24a"
    for typed in (key, key.upper(), f"[{key}]"):
        code, out, err = run(capsys, "show", typed, "--json", str(ICML))
        assert code == 0, err
        assert json.loads(out)["id"] == paper_id
    # generated keys, two of them told apart by the suffix a collision gives
    papers = tmp_path / "papers.jsonl"
    papers.write_text(
        "".join(
            json.dumps({"title": title, "authors": ["Ann Smith"], "year": 2020}) + "\n"
            for title in ("Deep wombats", "Deep koalas", "Shallow emus")
        ),
        encoding="utf-8",
    )
    code, out, err = run(capsys, "cite", "--query", "smith", str(papers))
    assert code == 0, err
    cited = {entry.key: entry["title"] for entry in bibtexparser.parse_string(out).entries}
    assert sorted(cited) == ["smith2020deepa", "smith2020deepb", "smith2020shallow"]
    for key, title in cited.items():
        code, out, err = run(capsys, "show", key, "--json", str(papers))
        assert code == 0, err
        assert json.loads(out)["title"] == title.strip("{}")
        code, out, err = run(capsys, "triage", key, "--state", "keep", str(papers))
        assert code == 0, err
    # and in search, as a list's own key is
    code, out, err = run(capsys, "search", "smith2020deepb", "--json", str(papers))
    assert code == 0, err
    assert [hit["title"] for hit in json.loads(out)["hits"]] == [cited["smith2020deepb"]]
    # a key no paper is cited by (the suffix left off) still finds none
    code, out, err = run(capsys, "show", "smith2020deep", str(papers))
    assert code == 1 and not out and "no paper with id 'smith2020deep'" in err
