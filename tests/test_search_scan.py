"""Without an index (a data folder that cannot be written, a build that failed), a query
finds the very papers it finds with one: the same word forms, fields, names, phrases,
prefixes, exclusions, years, links and filters.

The scan matched words as pieces of the title, abstract and authors' text and left out
every field: on the CoLLAs 2022 list ``author:li`` found 63 of 64 papers where the index
finds 2, "learning" 59 where it finds 61, ``list:collas`` none where it finds every one.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuireader.ingest.library import load_library
from tuireader.search.analysis import raw_words
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve
from tuireader.system.resources import seeds_dir

FIXTURES = Path(__file__).parent / "fixtures"

#: a list with what the others lack: a primary area, a TL;DR, math, CJK, accents
OWN = [
    {
        "title": "Sparse Recovery with $\\ell_0$ Penalties",
        "authors": ["Li Wei", "Zoë Müller"],
        "abstract": "We learned sparse codes; the learner learns them naively.",
        "keywords": ["sparsity", "compressed sensing"],
        "primary_area": "optimization",
        "status": "Spotlight",
        "year": 2024,
        "tldr": 'Walrus-sized gains from H\\"{o}lderian bounds.',
    },
    {
        "title": "深度学习的论文 and Continual Learning",
        "authors": ["Wang Li", "Jian Li"],
        "abstract": "持续学习 agents that learn lifelong, without forgetting.",
        "keywords": ["continual learning"],
        "primary_area": "robotics",
        "status": "Oral",
        "year": 2021,
        "github": "https://github.com/zhouxian/act3d",
    },
]

#: queries of every kind the language has; each is also searched as typed (its last
#: word a prefix)
QUERIES = [
    # the name of a LaTeX command the lists write ("\int") and no word of theirs: said
    # to be markup with the index, it was said nothing without it
    "int",
    "int 0",
    # words, and their forms
    "learning",
    "learned",
    "learns",
    "learner",
    "continual learning",
    "models",
    "networks",
    "robot",
    "diffusion",
    "naive",
    "walrus",
    "the walrus",
    "lifelong",
    "corl",
    "collas",
    "l4dc",
    "neurips",
    "github",
    "youtu",
    "论文",
    "学习",
    "论文 learning",
    "grotli",
    "Grøtli",
    "muller",
    "holderian",
    "l0",
    "ℓ₀",
    "ell",
    "E²GAN",
    "E2GAN",
    "e2g",
    "SΩI",
    "SOmegaI",
    # fields
    "author:li",
    "author:Li",
    "author:liu",
    "author:wang",
    "author:zhou",
    "author:grøtli",
    "author:mul",
    "title:learning",
    "title:learned",
    "title:continual learning",
    "abstract:agents",
    "abstract:walrus",
    "keyword:manipulation",
    "keyword:learning",
    "category:cs",
    "category:hep",
    "area:robotics",
    "area:optimization",
    "status:poster",
    "status:oral",
    "venue:corl",
    "venue:neurips",
    "venue:lifelong",
    "list:collas",
    "list:corl2023",
    "list:corl202",
    "list:papercop",
    "list:2023",
    "list:2024",
    "list:论文",
    "list:icml",
    "list:pmlr",
    # the built-in lists by the name the library gives them
    "list:seeds",
    "list:see",
    "list:seeds -list:icml",
    'list:"robot learning"',
    # phrases
    '"continual learning"',
    '"lifelong learning"',
    '"neural networks"',
    '"learning agents"',
    '"deep learning"',
    '"learned sparse"',
    'title:"continual learning"',
    'abstract:"without forgetting"',
    'author:"li wei"',
    'author:"wei li"',
    'author:"wenye li"',
    'keyword:"continual learning"',
    '"the of"',
    '"论文"',
    '"collas"',
    # left out
    "-learning",
    "learning -continual",
    "NOT robot",
    "learning -lifelong",
    "learning -robot",
    "learning -(robot OR continual)",
    "learning NOT (agents lifelong)",
    "-author:li",
    "-list:collas",
    "-url:github.com",
    "-year:2023",
    # alternatives
    "continual OR robot",
    "(author:li OR author:liu) learning",
    "privacy OR fairness",
    "title:robot OR abstract:robot",
    '"continual learning" OR "robot learning"',
    # words being typed
    "contin",
    "lear",
    "l",
    "author:l",
    "author:liu",
    "list:col",
    "venue:cor",
    "url:git",
    "url:github.co",
    "gro",
    "learning rob",
    # phrases being typed (their quote open): the last word's beginning
    '"continual lear',
    '"robot lea',
    '"learned spa',
    '"in cont',
    'learning "sparse rec',
    '"continual learning" "without forg',
    'keyword:"compressed sen',
    'keyword:"continual l',
    'author:"Zoë Mü',
    'author:"Zoe Mu',
    'author:"Jian L',
    '"Wang L',
    'list:"corl 20',
    'venue:"conference on robot lea',
    'venue:"corl 202',
    "venue:corl20",
    'title:"continual lear',
    'abstract:"without forg',
    'url:"github.co',
    '-"continual lear',
    '"深度学习的论',
    '"论文 and contin',
    '"learning of th',
    '"learning in the wi',
    # years
    "year:2022",
    "year:2017..2020",
    "year:>=2022",
    "year:2023 learning",
    "year:abc learning",
    "learning year:20",
    "year:>=201",
    # a letter with a star, as written
    "A*",
    "D* OR learning",
    # links
    "url:github.com",
    "url:github",
    "url:mlr.press",
    "url:youtu.be",
    "url:openreview.net",
    "url:https://github.com/LIONS-EPFL/Charmer/",
    "url:github.com/zhouxian",
    "url:act3d",
    "link:arxiv",
    'url:"github.com"',
    "url:http://",
    "learning url:https://www.",
    # a field named twice
    "title:title:learning",
    "title:author:li",
    # filters
    "has:code",
    "has:paper learning",
    "-has:project",
    "has:note",
    "is:kept",
    "is:new",
    "-is:kept learning",
    "tag:x learning",
    "is:kep learning",
]


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    for source, name in [
        ("queries/collas2022_first12.bib", "pmlr_v199_collas2022.bib"),
        ("queries/corl2023_links_slice.json", "corl2023.json"),
        ("real_lists/corl2023_slice.json", "papercopilot_corl2023.json"),
        ("real_lists/l4dc2020_slice.bib", "pmlr_v120_l4dc2020.bib"),
        ("real_lists/nips2017_slice.json", "nips2017.json"),
        ("real_lists/arxiv_slice.jsonl", "arxiv.jsonl"),
        ("real_lists/biblatex_slice.bib", "zotero.bib"),
        ("text/arxiv_accented_names.jsonl", "accents.jsonl"),
        ("text/icml2024_sample.jsonl", "icml2024.jsonl"),
    ]:
        shutil.copy(FIXTURES / source, folder / name)
    (folder / "iclr2024.json").write_text(json.dumps(OWN), encoding="utf-8")
    library = load_library([seeds_dir(), folder])
    assert not [p for p in library.problems if p.severity == "error"]
    return library


@pytest.fixture(scope="module")
def engines(library, tmp_path_factory):
    data = resolve(tmp_path_factory.mktemp("data"))
    indexed = open_engine(library, data)
    assert indexed.status != "no index: plain text scan"
    # no index: the library's terms in memory; the same data folder, whose library
    # names the built-in lists "seeds" (list:seeds), as open_engine gives a scan
    yield indexed, Engine(library, None, paths=data)
    indexed.close()


@pytest.fixture(scope="module")
def triage(library):
    """Triage filters as a store answers them (``triage.filters``), some papers kept,
    one read and tagged; a state there is not, unanswered."""
    papers = library.papers
    kept = {papers[at].id for at in range(0, len(papers), 7)}
    tagged = {papers[3].id}

    def answer(name: str, value: str) -> set[str] | None:
        if name == "is":
            states = {"kept": kept, "read": tagged, "maybe": set(), "skip": set()}
            return (kept | tagged) if value == "*" else states.get(value)
        if name == "tag":
            return tagged if value == "x" else set()
        if name == "has" and value == "note":
            return tagged
        return None

    return answer


def _same(engines, query: str, triage=None) -> None:
    indexed, scanned = engines
    for prefix in (False, True):
        with_index = indexed.search(query, prefix=prefix, limit=None, resolve=triage)
        without = scanned.search(query, prefix=prefix, limit=None, resolve=triage)
        said = f"{query!r} (typed: {prefix})"
        assert {h.paper.id for h in without.hits} == {h.paper.id for h in with_index.hits}, said
        assert without.total == with_index.total, said
        assert without.message == with_index.message, said
        assert without.exact == with_index.exact, said


@pytest.mark.parametrize("query", QUERIES)
def test_a_query_finds_the_same_papers_without_the_index(engines, triage, query):
    _same(engines, query, triage)


def test_the_filters_of_triage_unanswered_are_left_out_alike(engines):
    for query in ("is:kept", "learning is:kept", "-has:note", "tag:x OR robot"):
        _same(engines, query)


def test_the_library_is_read_once_and_what_it_finds_is_shown_in_list_order(engines):
    indexed, scanned = engines
    scanned.search("learning")
    terms = scanned._scanned
    result = scanned.search("learning", limit=5)
    assert scanned._scanned is terms  # not read again for the next query
    everything = scanned.search("learning", limit=None)
    places = {paper.id: at for at, paper in enumerate(scanned.library.papers)}
    orders = [places[hit.paper.id] for hit in everything.hits]
    assert orders == sorted(orders)
    assert [h.paper.id for h in result.hits] == [h.paper.id for h in everything.hits[:5]]
    # the words to highlight are the index's: every form of the word in the library
    assert result.terms == indexed.search("learning").terms
    assert {"learning", "learned"} <= result.terms


def _words(library) -> list[str]:
    """The library's words as written, and its authors' names."""
    found: set[str] = set()
    for paper in library.papers:
        text = f"{paper.title} {paper.abstract} {' '.join(paper.authors)}"
        found.update(word for word, _, _ in raw_words(text, stops=False))
    return sorted(found)


@pytest.fixture(scope="module")
def words(library):
    return _words(library)


_FIELDS = ["", "", "", "title:", "abstract:", "author:", "keyword:", "list:", "venue:", "url:"]


@st.composite
def _queries(draw, words: list[str]) -> str:
    """A query of the library's words: in fields, cut short, quoted, left out, or'ed."""
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        word = draw(st.sampled_from(words))
        if draw(st.booleans()):
            word = word[: draw(st.integers(1, len(word)))]
        if draw(st.integers(0, 4)) == 0:
            word = f'"{word} {draw(st.sampled_from(words))}"'
        part = draw(st.sampled_from(_FIELDS)) + word
        parts.append(draw(st.sampled_from(["", "", "-"])) + part)
    return draw(st.sampled_from([" ", " ", " OR "])).join(parts)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_query_of_the_librarys_words_finds_the_same_papers(engines, triage, words, data):
    _same(engines, data.draw(_queries(words)), triage)


def test_a_build_that_fails_finds_the_same_papers_without_the_index(
    engines, library, tmp_path, monkeypatch
):
    import errno

    from tuireader.search import index as index_module

    def full_disk(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(index_module, "write_new", full_disk)
    scanning = open_engine(library, resolve(tmp_path / "data"))
    assert scanning.status == "no index: plain text scan"
    indexed = engines[0]
    for query in ("author:li", "learned", "continual learning", "list:collas"):
        found = scanning.search(query, limit=None)
        assert "searching without the index" in (found.message or "")
        assert found.total == indexed.search(query).total > 0
        assert {h.paper.id for h in found.hits} == {
            h.paper.id for h in indexed.search(query, limit=None).hits
        }
