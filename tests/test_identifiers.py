"""A paper found by an identifier of its own: a DOI, an arXiv id, an OpenReview id or a
link to its page, on the command line and in the search box."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from e2e_util import ready, sync
from textual import events

from tuireader.cli import main
from tuireader.ingest import identity as ident
from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve
from tuireader.ui.app import ReaderApp, Services

FIXTURES = Path(__file__).parent / "fixtures"
ARXIV = FIXTURES / "citations" / "arxiv_kaggle_slice.jsonl"
CORL = FIXTURES / "formats" / "papercopilot_corl2023_slice.json"
DIPHOTON = "Calculation of prompt diphoton production cross sections"
CONTACT = "Simultaneous Learning of Contact and Continuous Dynamics"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0704.0001", "arxiv:0704.0001"),
        ("arXiv:0704.0001v2", "arxiv:0704.0001"),
        ("https://arxiv.org/abs/0704.0001v1", "arxiv:0704.0001"),
        ("https://arxiv.org/pdf/0704.0001", "arxiv:0704.0001"),
        ("<https://arxiv.org/abs/hep-ph/0701001>", "arxiv:hep-ph/0701001"),
        ("10.48550/arXiv.2401.01234", "arxiv:2401.01234"),
        ("10.1103/PhysRevD.76.013009", "doi:10.1103/physrevd.76.013009"),
        ("doi:10.1103/PhysRevD.76.013009", "doi:10.1103/physrevd.76.013009"),
        ("https://doi.org/10.1103/PhysRevD.76.013009", "doi:10.1103/physrevd.76.013009"),
        ("https://onlinelibrary.wiley.com/doi/abs/10.1002/hbm.22550", "doi:10.1002/hbm.22550"),
        ("https://openreview.net/forum?id=-3G6_D66Aua", "openreview:-3G6_D66Aua"),
        ("https://openreview.net/pdf?id=8296yUBoXr", "openreview:8296yUBoXr"),
        ("https://proceedings.mlr.press/v235/liu24s.html", "pmlr:liu24s"),
        ("https://aclanthology.org/2023.acl-long.1/", "acl:2023.acl-long.1"),
        ("proceedings.mlr.press/v235/liu24s.html", "pmlr:liu24s"),
        ("https://doi.org/10.1103%2FPhysRevD.76.013009", "doi:10.1103/physrevd.76.013009"),
    ],
)
def test_an_identifier_as_pasted_names_its_key(text: str, expected: str) -> None:
    assert [str(key) for key in ident.named_keys(text)][:1] == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "diffusion",
        "za5opmmk",
        "8296yUBoXr",
        "arXiv 0704.0001",
        "10.5 percent",
        "",
        "https://x.org/",
        # an identifier's text inside something else names nothing (it named the paper)
        "https://example.com/arXiv:0704.0001",
        "https://doi.org/10.1145/3450626.3459670arXiv:0704.0001v2",
    ],
)
def test_words_and_tuireader_ids_name_no_key(text: str) -> None:
    assert all(key.kind != "arxiv" for key in ident.named_keys(text))
    assert ident.named_keys(text) == () or text.startswith("https://doi.org/")


def test_a_doi_holding_arxiv_text_is_that_doi_only() -> None:
    assert [str(k) for k in ident.named_keys("10.1145/foo-arxiv:0704.0001")] == [
        "doi:10.1145/foo-arxiv:0704.0001"
    ]


def test_the_library_finds_papers_by_their_identifiers() -> None:
    library = load_library([ARXIV, CORL])
    (diphoton,) = ident.papers_named(library, "https://arxiv.org/abs/0704.0001v3")
    assert diphoton.title.startswith(DIPHOTON)
    assert ident.papers_named(library, "https://doi.org/10.1103/PHYSREVD.76.013009") == (diphoton,)
    (contact,) = ident.papers_named(library, "https://openreview.net/forum?id=-3G6_D66Aua")
    assert contact.title == CONTACT
    # a bare OpenReview id looks like a word: found only when asked for
    assert ident.papers_named(library, "-3G6_D66Aua") == ()
    assert ident.papers_named(library, "-3G6_D66Aua", bare=True) == (contact,)
    assert ident.papers_named(library, "-3g6_d66aua", bare=True) == ()  # OpenReview ids keep case
    assert ident.papers_named(library, "2402.01566") == ()
    assert ident.papers_named(library, "diffusion", bare=True) == ()


ERRATA = FIXTURES / "formats" / "arxiv_kaggle_dois_collaboration_slice.jsonl"
DIPOLE = "Convergence of the discrete dipole approximation. I. Theoretical analysis"


def test_a_paper_is_found_by_its_doi_and_by_its_erratums(capsys) -> None:
    # arXiv's doi field "10.1364/JOSAA.23.002578 10.1364/JOSAA.32.002407" (the paper's
    # and its erratum's) gave the paper no DOI: searching either found nothing
    for doi in ("10.1364/JOSAA.23.002578", "https://doi.org/10.1364/josaa.32.002407"):
        code, out, err = run(capsys, "search", doi, "--json", str(ERRATA))
        assert code == 0, err
        assert [hit["title"] for hit in json.loads(out)["hits"]] == [DIPOLE]
    code, out, _ = run(capsys, "cite", "0704.0033", "--format", "bibtex", str(ERRATA))
    assert code == 0 and "doi = {10.1364/JOSAA.23.002578}" in out
    assert "JOSAA.32" not in out
    code, out, _ = run(capsys, "links", "0704.0033", str(ERRATA))
    assert code == 0 and "https://doi.org/10.1364/JOSAA.23.002578" in out.splitlines()


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "given", ["0704.0001", "arXiv:0704.0001v2", "https://doi.org/10.1103/PhysRevD.76.013009"]
)
def test_show_and_cite_take_a_papers_own_identifier(capsys, given: str) -> None:
    code, out, err = run(capsys, "show", given, "--json", str(ARXIV))
    assert code == 0, err
    assert json.loads(out)["title"].startswith(DIPHOTON)
    assert "is now" not in err
    code, out, _ = run(capsys, "cite", given, "--format", "bibtex", str(ARXIV))
    assert code == 0 and "diphoton" in out


def test_triage_takes_an_openreview_link_and_a_bare_openreview_id(capsys) -> None:
    link = "https://openreview.net/forum?id=-3G6_D66Aua"
    assert run(capsys, "triage", link, "--state", "keep", str(CORL))[0] == 0
    code, out, _ = run(capsys, "search", "is:kept", "--json", str(CORL))
    assert code == 0 and [hit["title"] for hit in json.loads(out)["hits"]] == [CONTACT]
    assert run(capsys, "triage", "--state", "skip", "--", "-3G6_D66Aua", str(CORL))[0] == 0
    code, out, _ = run(capsys, "search", "is:skip", "--json", str(CORL))
    assert [hit["title"] for hit in json.loads(out)["hits"]] == [CONTACT]


def test_an_identifier_of_no_paper_is_said_as_such(capsys) -> None:
    code, _, err = run(capsys, "show", "https://arxiv.org/abs/2402.01566", str(ARXIV))
    assert code == 1 and "no paper in these lists has the arXiv id 2402.01566" in err
    code, out, err = run(capsys, "search", "https://arxiv.org/abs/2402.01566", str(ARXIV))
    assert code == 1 and not out
    assert "no paper in these lists has the arXiv id 2402.01566" in err
    assert "unknown field" not in err


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (("search", "10.1000/none"), "no paper in these lists has the DOI 10.1000/none"),
        (("search", "10.1000/xyz", "--limit", "3"), "the DOI 10.1000/xyz"),
        (("copy", "arXiv:2402.01566"), "the arXiv id 2402.01566"),
        (("cite", "--query", "10.1000/xyz"), "the DOI 10.1000/xyz"),
        (("export", "--query", "10.1000/xyz", "--format", "json"), "the DOI 10.1000/xyz"),
    ],
)
def test_an_identifier_of_no_paper_is_said_once(capsys, command, said) -> None:
    # 'search 10.1000/none' said "no paper in these lists has the DOI 10.1000/none", then
    # "no papers match '10.1000/none'": two lines for one thing
    code, _out, err = run(capsys, *command, str(ARXIV))
    assert code == 1 and len(err.splitlines()) == 1, err
    assert said in err


def test_search_finds_a_paper_by_a_link_to_it_and_by_an_openreview_id(capsys) -> None:
    code, out, _ = run(capsys, "search", "https://arxiv.org/pdf/0704.0001v1", "--json", str(ARXIV))
    assert code == 0 and [h["title"][:56] for h in json.loads(out)["hits"]] == [DIPHOTON]
    # an id that begins with a dash is the paper, not "every paper without it"
    code, out, _ = run(capsys, "search", "--json", "--", "-3G6_D66Aua", str(CORL))
    assert code == 0 and [h["title"] for h in json.loads(out)["hits"]] == [CONTACT]
    code, out, _ = run(capsys, "search", "--json", "--", "-video", str(CORL))
    assert code == 0 and len(json.loads(out)["hits"]) > 1  # a word after a dash is left out
    code, out, _ = run(capsys, "search", "86aMPJn6hX9F", "--json", str(CORL))
    assert code == 0 and [h["title"][:17] for h in json.loads(out)["hits"]] == ["Stabilize to Act:"]


@sync
async def test_a_link_pasted_in_the_search_box_brings_up_its_paper() -> None:
    services = Services(
        load_library=lambda: load_library([ARXIV, CORL]),
        open_engine=lambda library, progress: open_engine(library, resolve().ensure()),
    )
    app = ReaderApp(services, show_timings=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.search_box.post_message(events.Paste("https://arxiv.org/abs/0704.0001v2"))
        for _ in range(20):
            await pilot.pause()
            rows = screen.results.rows
            if len(rows) == 1:
                break
        assert [row.paper.title[:56] for row in screen.results.rows] == [DIPHOTON]


def test_any_other_link_pasted_whole_finds_the_papers_with_that_link(capsys) -> None:
    # "unknown field 'https:' searched as words", and nothing found
    link = "https://github.com/ebianchi/dair_pll"
    code, out, err = run(capsys, "search", link, "--json", str(CORL))
    assert code == 0 and [h["title"] for h in json.loads(out)["hits"]] == [CONTACT]
    assert "unknown field" not in err
    code, out, err = run(capsys, "search", "https://sites.google.com/view/nothing", str(CORL))
    assert code == 1 and "unknown field" not in err


def test_a_doi_two_papers_share_is_said_to_be_theirs(capsys, tmp_path) -> None:
    # 'show 10.1234/xyz' said "id '10.1234/xyz' is the beginning of 2 papers' earlier ids"
    path = tmp_path / "shared.jsonl"
    records = [
        {"title": "Wombats in the wild", "abstract": "We study wombats.", "doi": "10.1234/xyz"},
        {"title": "Koalas at rest", "abstract": "We study koalas.", "doi": "10.1234/xyz"},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    code, out, err = run(capsys, "show", "https://doi.org/10.1234/xyz", str(path))
    assert code == 1 and not out
    assert (
        err.splitlines()[0]
        == "tuireader: 2 papers have the DOI 10.1234/xyz; give one of their ids:"
    )
    assert "Wombats in the wild" in err and "Koalas at rest" in err


@sync
async def test_a_papers_own_id_typed_or_searched_finds_it() -> None:
    # the id i copies found nothing in the search box, nor with tuireader search
    library = load_library([ARXIV, CORL])
    paper = library.papers[5]
    engine = open_engine(library, resolve().ensure())
    assert [hit.paper.id for hit in engine.search(paper.id).hits] == [paper.id]
    assert [hit.paper.id for hit in engine.search(paper.id.upper()).hits] == [paper.id]
    services = Services(load_library=lambda: library, open_engine=lambda lib, progress: engine)
    app = ReaderApp(services, show_timings=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*paper.id)
        for _ in range(40):
            await pilot.pause()
            if [row.paper.id for row in screen.results.rows] == [paper.id]:
                break
        assert [row.paper.id for row in screen.results.rows] == [paper.id]
