"""Fields the sources carry are searchable: venue short names, keywords, categories, status,
the authors' TL;DR."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.venues import venue_aliases
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

FIXTURES = Path(__file__).parent / "fixtures"

RECORDS = [
    {
        "title": "Grasping with Diffusion Policies",
        "author": "Ada Lovelace;Alan Turing",
        "abstract": "We learn grasps with diffusion policies on a real robot arm.",
        "status": "Oral",
        "keywords": "robot learning;grasping",
        "primary_area": "robotics",
        "bibtex": "@inproceedings{lovelace2023grasping,\ntitle={Grasping with Diffusion Policies},"
        "\nbooktitle={7th Annual Conference on Robot Learning},\nyear={2023}\n}",
    },
    {
        "title": "Counting Tokens in Transformers",
        "author": "Grace Hopper",
        "abstract": "Transformers count tokens when trained on enough arithmetic.",
        "status": "Poster",
        "keywords": "transformers;interpretability",
        "tldr": "Walrus herds of tokens, counted by attention heads.",
        "bibtex": "@inproceedings{hopper2023counting,\ntitle={Counting Tokens in Transformers},"
        "\nbooktitle={7th Annual Conference on Robot Learning},\nyear={2023}\n}",
    },
]


@pytest.fixture
def engine(tmp_path):
    path = tmp_path / "corl2023.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return open_engine(load_library([path]), resolve(tmp_path / "data"))


def _titles(engine, query):
    return [hit.paper.title for hit in engine.search(query).hits]


def test_venue_short_names():
    assert venue_aliases("7th Annual Conference on Robot Learning") == ("CoRL",)
    assert venue_aliases("Advances in Neural Information Processing Systems") == (
        "NeurIPS",
        "NIPS",
    )
    assert venue_aliases(
        "Proceedings of the 41st International Conference on Machine Learning"
    ) == ("ICML",)
    assert venue_aliases("A Workshop Nobody Abbreviates", None) == ()


def test_venue_year_status_and_keywords_are_searchable(engine):
    assert len(_titles(engine, "venue:corl year:2023")) == 2
    assert _titles(engine, "status:oral") == ["Grasping with Diffusion Policies"]
    assert _titles(engine, "keyword:interpretability") == ["Counting Tokens in Transformers"]
    assert _titles(engine, "grasping area:robotics") == ["Grasping with Diffusion Policies"]
    assert _titles(engine, "interpretability") == ["Counting Tokens in Transformers"]


def test_a_list_named_by_its_venue_is_found_by_the_short_name_the_list_column_shows(
    engine, tmp_path
):
    # the list column says "CoRL"; list:corl found nothing
    assert engine.library.lists[0].name == "7th Annual Conference on Robot Learning"
    assert len(_titles(engine, "list:corl")) == 2
    assert len(_titles(engine, 'list:"robot learning"')) == 2
    assert _titles(engine, "list:neurips") == []


@pytest.mark.parametrize(
    "text", ["corl", "CoRL", "robot learning", "learning robot", "7th annual", "neurips", "on"]
)
def test_a_list_is_named_by_the_words_list_finds_its_papers_by(engine, text):
    # tuireader remove takes a list by what list: finds it by
    from tuireader.search.index import list_named

    name = engine.library.lists[0].name
    assert bool(list_named(text, name)) == bool(_titles(engine, f'list:"{text}"'))
    assert (list_named(text, name) == "name") == (text.lower() == "corl")


@pytest.mark.parametrize("scan", [False, True])
def test_a_list_named_by_its_venue_is_found_by_its_files_stem(engine, scan):
    # corl2023.json is named "7th Annual Conference on Robot Learning" by its papers
    # (tuireader lists shows "corl2023" before it): list:corl2023 found nothing
    if scan:
        engine = Engine(engine.library, None)  # no index: each paper read in turn
    assert len(_titles(engine, "list:corl2023")) == 2
    assert len(_titles(engine, 'list:"corl2023"')) == 2
    assert _titles(engine, "grasping list:corl2023") == ["Grasping with Diffusion Policies"]
    assert _titles(engine, "-list:corl2023") == []


@pytest.mark.parametrize("scan", [False, True])
def test_a_lists_files_stem_being_typed_finds_it_as_the_whole_stem_does(tmp_path, scan):
    # typing list:corl2023 in the reader (its last word a prefix) found corl2023.json's
    # list, named "CoRL 2023" by its papers, at list:corl, then nothing at list:corl2
    # to list:corl202, and again at list:corl2023
    library = _venue_lists(tmp_path)
    engine = Engine(library, None) if scan else open_engine(library, resolve(tmp_path / "data"))
    grasping = ["Grasping with Diffusion Policies"]
    for typed in ["corl", "corl2", "corl20", "corl202", "corl2023"]:
        found = engine.search(f"list:{typed}", prefix=True)
        assert [hit.paper.title for hit in found.hits] == grasping, typed
        assert found.message is None, typed
    # as a whole word it names no list: said, as before
    assert engine.search("list:corl202").total == 0
    assert [hit.paper.title for hit in engine.search("list:icm", prefix=True).hits] == [
        "Counting Tokens in Transformers"
    ]
    assert engine.search("list:202", prefix=True).total == 2
    # a year is a word of both names: list:2023 is the lists of 2023, as documented
    assert [hit.paper.title for hit in engine.search("list:2023").hits] == grasping


@pytest.mark.parametrize("scan", [False, True])
def test_a_list_name_being_typed_past_a_word_finds_the_lists_it_may_become(tmp_path, scan):
    # the index splits names at "_": list:zotero_b was "zotero" and a "b" too short to
    # be begun, so it found no papers, nor list:pmlr_v1, while list:zotero_bib did
    paths = []
    for stem in ["zotero_better_csl", "zotero_biblatex_export", "pmlr_v120_l4dc2020"]:
        path = tmp_path / f"{stem}.json"
        record = {"title": f"Paper of {stem}", "authors": ["Ada Lovelace"], "abstract": "x"}
        path.write_text(json.dumps([record]), encoding="utf-8")
        paths.append(path)
    library = load_library(paths)
    engine = Engine(library, None) if scan else open_engine(library, resolve(tmp_path / "data"))

    def typed(text):
        found = engine.search(f"list:{text}", prefix=True)
        assert found.message is None, text
        return sorted(hit.paper.title.removeprefix("Paper of ") for hit in found.hits)

    def said(text):
        return engine.search(f"list:{text}", prefix=True).message or ""

    zoteros = ["zotero_better_csl", "zotero_biblatex_export"]
    for text in ["zotero", "zotero_", "zotero_b", "z"]:
        assert typed(text) == zoteros, text
    assert typed("zotero_bi") == typed("zotero_bib") == ["zotero_biblatex_export"]
    assert typed("zotero_be") == typed("zotero_better_c") == ["zotero_better_csl"]
    for text in ["pmlr", "pmlr_v", "pmlr_v1", "pmlr_v12", "pmlr_v120_l"]:
        assert typed(text) == ["pmlr_v120_l4dc2020"], text
    assert said("zotero_x").startswith("no list is named “zotero_x”")
    # as a whole word it names no list, as before
    assert engine.search("list:zotero_b").total == 0


def _venue_lists(tmp_path):
    """Two lists named by their papers' venue, "CoRL 2023" and "ICML 2024", in
    corl2023.json and icml2024.json."""
    paths = []
    for stem, venue, title in [
        ("corl2023", "CoRL 2023", "Grasping with Diffusion Policies"),
        ("icml2024", "ICML 2024", "Counting Tokens in Transformers"),
    ]:
        path = tmp_path / f"{stem}.json"
        record = {"title": title, "authors": ["Ada Lovelace"], "abstract": "x", "venue": venue}
        path.write_text(json.dumps([record]), encoding="utf-8")
        paths.append(path)
    library = load_library(paths)
    assert [item.name for item in library.lists] == ["CoRL 2023", "ICML 2024"]
    return library


def test_list_takes_each_lists_files_stem_beside_other_lists(tmp_path):
    engine = open_engine(_venue_lists(tmp_path), resolve(tmp_path / "data"))
    assert _titles(engine, "list:corl2023") == ["Grasping with Diffusion Policies"]
    assert _titles(engine, "list:icml2024") == ["Counting Tokens in Transformers"]
    assert len(_titles(engine, "list:corl2023 OR list:icml2024")) == 2
    assert engine.search("list:corl2023").message is None


def test_a_list_word_that_names_no_list_says_which_lists_there_are(tmp_path):
    library = _venue_lists(tmp_path)
    for engine in (open_engine(library, resolve(tmp_path / "data")), Engine(library, None)):
        result = engine.search("list:corl2024")
        assert result.total == 0 and result.said_why
        assert result.message == (
            "no list is named “corl2024”; did you mean list:corl2023? "
            "(lists: corl2023 (CoRL 2023), icml2024 (ICML 2024))"
        )
        said = engine.search("grasping list:neurips").message
        assert (
            said == "no list is named “neurips” (lists: corl2023 (CoRL 2023), icml2024 (ICML 2024))"
        )
        # a list it names, a list left out, and a word being typed: not a word of them
        assert engine.search("walrus list:corl").message is None
        assert engine.search("walrus -list:neurips").message is None
        assert engine.search("list:corl202", prefix=True).message is None
        assert engine.search("list:icm", prefix=True).message is None
        # a word being typed that begins no list's name is said all the same (the
        # reader reads the last word so, Enter or not)
        typed = engine.search("list:corl2024", prefix=True)
        assert typed.said_why and typed.message is not None
        assert typed.message.startswith("no list is named “corl2024”; did you mean list:corl2023?")


def test_a_list_word_that_names_no_list_is_offered_the_list_by_a_word_of_its_file(tmp_path):
    # "papercopilot_corl2023" as a whole is further from 'corl2024' than "icml2024" is:
    # the list meant was offered as list:icml2024
    library = _venue_lists(tmp_path)
    for item in library.lists:
        if item.path.stem == "corl2023":
            item.path.rename(item.path.with_name("papercopilot_corl2023.json"))
    library = load_library(sorted(tmp_path.glob("*.json")))
    engine = open_engine(library, resolve(tmp_path / "data"))
    said = engine.search("list:corl2024").message
    assert said is not None and "did you mean list:corl2023?" in said, said
    assert _titles(engine, "list:corl2023") == ["Grasping with Diffusion Policies"]


def _pmlr_lists(tmp_path):
    """Two PMLR volumes under the names of their files: "pmlr_v199_collas2022" and
    "pmlr_v120_l4dc2020", two papers each."""
    folder = tmp_path / "lists"
    folder.mkdir()
    shutil.copy(FIXTURES / "queries" / "collas2022_slice.bib", folder / "pmlr_v199_collas2022.bib")
    shutil.copy(FIXTURES / "real_lists" / "l4dc2020_slice.bib", folder / "pmlr_v120_l4dc2020.bib")
    library = load_library([folder])
    assert sorted(item.name for item in library.lists) == [
        "pmlr_v120_l4dc2020",
        "pmlr_v199_collas2022",
    ]
    return library


def test_a_word_inside_a_lists_name_finds_its_papers(tmp_path):
    # list:collas and list:l4dc found nothing, while list:collas2022 and list:collas* did
    engine = open_engine(_pmlr_lists(tmp_path), resolve(tmp_path / "data"))
    collas = {
        "Energy-Based Models for Continual Learning",
        "How Does the Task Landscape Affect MAML Performance?",
    }
    l4dc = {"Linear Antisymmetric Recurrent Neural Networks"}  # its "Preface" is no paper
    for query, found in [
        ("list:collas", collas),
        ("list:l4dc", l4dc),
        ("list:L4DC", l4dc),
        ("list:collas2022", collas),
        ("list:collas*", collas),
        ("list:2022", collas),
        ("list:v199", collas),
        ("list:199", collas),
        ('list:"collas 2022"', collas),
        ("list:pmlr_v199_collas2022", collas),
        ("list:pmlr", collas | l4dc),
        ("list:dc", set()),  # a lone digit stays in its word
        ("list:lifelong", set()),  # the venue's name, not the list's
    ]:
        assert set(_titles(engine, query)) == found, query


@pytest.mark.parametrize(
    "text",
    ["collas", "COLLAS", "l4dc", "collas2022", "2022", "199", "collas 2022", "v199 collas2022"]
    + ["2022 collas", "pmlr", "dc", "l4", "pmlr_v199_collas2022", "lifelong", "v"],
)
def test_remove_names_a_list_by_the_words_list_finds_it_by(tmp_path, text):
    # tuireader remove takes a list by what list: finds it by (search.index.list_named)
    from tuireader.search.index import list_named

    library = _pmlr_lists(tmp_path)
    engine = open_engine(library, resolve(tmp_path / "data"))
    for item in library.lists:
        papers = {paper.title for paper in library.papers if item.name in paper.lists}
        found = set(_titles(engine, f'list:"{text}"')) & papers
        assert bool(list_named(text, item.name)) == (found == papers), (text, item.name)
        assert list_named(text, item.name) != "name" or text == item.name


def test_a_word_of_the_venue_every_paper_shares_is_no_filter(engine, tmp_path):
    # one CoRL list: "robot" (in "Conference on Robot Learning") named every paper
    assert _titles(engine, "robot") == ["Grasping with Diffusion Policies"]
    assert [h.paper.title for h in engine.search("robo", prefix=True).hits] == [
        "Grasping with Diffusion Policies"
    ]
    assert _titles(engine, "conference") == []
    assert len(_titles(engine, "venue:robot")) == len(_titles(engine, "list:robot")) == 2
    # beside another list, the venue's name tells the lists apart, but "robot" is a word
    # the papers use: it finds the papers that say it; "corl", said by none, the list
    other = tmp_path / "l4dc.jsonl"
    other.write_text(
        json.dumps({"title": "Koopman Control", "abstract": "Linear lifts.", "venue": "L4DC"}),
        encoding="utf-8",
    )
    both = open_engine(
        load_library([tmp_path / "corl2023.json", other]), resolve(tmp_path / "both")
    )
    assert _titles(both, "robot") == ["Grasping with Diffusion Policies"]
    assert len(_titles(both, "venue:robot")) == len(_titles(both, "corl")) == 2
    assert _titles(both, "l4dc") == ["Koopman Control"]


@pytest.mark.parametrize("scan", [False, True])
@pytest.mark.parametrize(
    ("query", "count"),
    [
        ('venue:"CoRL 2023"', 2),
        ("venue:corl2023", 2),
        ("venue:CoRL-2023", 2),
        ('venue:"Conference on Robot Learning 2023"', 2),
        ('venue:"CoRL 2022"', 0),
        ('-venue:"CoRL 2023"', 0),
        ('grasping venue:"CoRL 2023"', 1),
    ],
)
def test_a_venue_named_with_its_year_finds_its_papers_of_that_year(engine, scan, query, count):
    # 'venue:"NeurIPS 2017"' found none of the papers of "Advances in Neural Information
    # Processing Systems" of 2017, nor 'venue:"CoRL 2023"' those of CoRL 2023
    if scan:
        engine = Engine(engine.library, None)
    assert len(_titles(engine, query)) == count


@pytest.mark.parametrize("scan", [False, True])
@pytest.mark.parametrize(
    ("typed", "count"),
    [
        ('venue:"CoRL 202', 2),
        ('venue:"CoRL 2', 2),
        ('venue:"CoRL 2023', 2),
        ("venue:corl202", 2),
        ("venue:CoRL-20", 2),
        ("venue:corl2023", 2),
        ('grasping venue:"CoRL 20', 1),
        ('venue:"CoRL 201', 0),
        ('venue:"CoRL 19', 0),
    ],
)
def test_a_venue_whose_year_is_being_typed_finds_the_years_it_may_become(
    engine, scan, typed, count
):
    # 'venue:"CoRL 202' found nothing while its year was typed, where year:202 finds
    # 2020 to 2029 (on the real CoRL 2023 list: none of its 199 papers, now all)
    if scan:
        engine = Engine(engine.library, None)
    assert len(engine.search(typed, prefix=True).hits) == count


def test_a_word_of_the_venue_quoted_finds_what_it_finds_unquoted(engine, tmp_path):
    # '"robot"' found every paper of "Conference on Robot Learning" where "robot" finds
    # the papers that say it (of the real CoRL and L4DC lists, 212 where 177 say it)
    other = tmp_path / "l4dc.jsonl"
    other.write_text(
        json.dumps({"title": "Koopman Control", "abstract": "Linear lifts.", "venue": "L4DC"}),
        encoding="utf-8",
    )
    library = load_library([tmp_path / "corl2023.json", other])
    for each in (open_engine(library, resolve(tmp_path / "both")), Engine(library, None)):
        assert _titles(each, '"robot"') == _titles(each, "robot")
        assert _titles(each, '"robot"') == ["Grasping with Diffusion Policies"]
        assert len(_titles(each, '"corl"')) == 2


@pytest.mark.parametrize("query", ["transformers -robot", "-robot transformers"])
def test_a_word_left_out_leaves_out_the_papers_it_finds(engine, query):
    # "robot" finds the paper that says it, not each paper of "Conference on Robot
    # Learning": left out beside another word, it left out every paper
    assert _titles(engine, "-robot") == ["Counting Tokens in Transformers"]
    assert _titles(engine, query) == ["Counting Tokens in Transformers"]
    assert _titles(engine, f"({query}) OR walrus") == ["Counting Tokens in Transformers"]
    assert _titles(engine, "grasping -robot") == []


def test_the_tldr_is_searched_with_the_abstract(engine, tmp_path):
    # the TL;DR holds words the title and abstract do not
    assert _titles(engine, "walrus") == ["Counting Tokens in Transformers"]
    as_you_type = [hit.paper.title for hit in engine.search("walr", prefix=True).hits]
    assert as_you_type == ["Counting Tokens in Transformers"]
    assert _titles(engine, '"attention heads"') == ["Counting Tokens in Transformers"]
    assert _titles(engine, '"heads attention"') == []
    assert _titles(engine, "abstract:walrus") == ["Counting Tokens in Transformers"]
    # an index built before the TL;DR was read gets it once the lists give it
    path = tmp_path / "corl2023.json"
    before = [dict(record, tldr="") for record in RECORDS]
    data = resolve(tmp_path / "later")
    path.write_text(json.dumps(before), encoding="utf-8")
    assert _titles(open_engine(load_library([path]), data), "walrus") == []
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    assert _titles(open_engine(load_library([path]), data), "walrus") == [
        "Counting Tokens in Transformers"
    ]


def _years_library(tmp_path):
    records = [
        {"title": f"Paper from {year}", "authors": ["Ada Lovelace"], "year": year}
        for year in (1999, 2019, 2020, 2022, 2024)
    ]
    path = tmp_path / "years.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return load_library([path])


@pytest.mark.parametrize(
    ("query", "years"),
    [
        ("year:2020", [2020]),
        ("year:2020..2022", [2020, 2022]),
        ("year:2020..", [2020, 2022, 2024]),
        ("year:..2019", [1999, 2019]),
        ("year:>=2022", [2022, 2024]),
        ("year:>2022", [2024]),
        ("year:<2020", [1999, 2019]),
        ("year:<=2020", [1999, 2019, 2020]),
        ("year:2000..2018", []),
        ("year:2019..2024 -year:2022", [2019, 2020, 2024]),
        ("year:2022..2020", [2020, 2022]),  # a range typed the other way round
    ],
)
def test_year_ranges_with_and_without_the_index(tmp_path, query, years):
    library = _years_library(tmp_path)
    indexed = open_engine(library, resolve(tmp_path / "data"))
    assert sorted(h.paper.year for h in indexed.search(query).hits) == years
    scanned = Engine(library, None)  # no index: each paper read in turn
    assert sorted(h.paper.year for h in scanned.search(query).hits) == years


@pytest.mark.parametrize("value", ["abc", "20", "..", "2020-2024"])
def test_a_year_that_is_not_one_is_ignored_and_said(tmp_path, value):
    library = _years_library(tmp_path)
    for engine in (
        open_engine(library, resolve(tmp_path / "data")),
        Engine(library, None),
    ):
        result = engine.search(f"lovelace year:{value}")
        assert len(result.hits) == 5  # the rest of the query still counts
        assert result.message is not None
        assert f"year:{value} was ignored" in result.message
        assert "year:2020..2024" in result.message


def test_a_year_that_is_not_one_alone_lists_every_paper(tmp_path):
    library = _years_library(tmp_path)
    for engine in (open_engine(library, resolve(tmp_path / "data")), Engine(library, None)):
        result = engine.search("year:abc")
        assert result.total == len(library) and "year:abc was ignored" in result.message


@pytest.mark.parametrize("typing", ["year:2", "year:202", "year:2020.", "year:2020..20", "year:>="])
def test_a_year_being_typed_is_not_complained_of(tmp_path, typing):
    engine = open_engine(_years_library(tmp_path), resolve(tmp_path / "data"))
    assert engine.search(typing, prefix=True).message is None
    assert engine.search(typing + "x", prefix=True).message is not None


def test_a_page_of_text_pasted_as_a_query_is_searched_not_a_crash(engine):
    # a thousand words (or a phrase of them) nested Whoosh's matchers past Python's limit
    page = " ".join(["grasping", "diffusion", "policies"] * 400)
    for query in (page, f'"{page}"', f"({page}) OR walrus"):
        result = engine.search(query)
        assert "first 64 words" in (result.message or "")


@pytest.mark.parametrize("scan", [False, True])
def test_a_query_of_common_words_only_is_left_out_and_said_as_a_symbol_is(engine, scan):
    # "the" found nothing (exit 1) while "*" and "🤖" were ignored and listed every paper
    if scan:
        engine = Engine(engine.library, None)
    everyone = len(engine.library)
    for query, said in [
        ("the of and", "ignored “the”, “of”, “and”: too common to search for"),
        ("a", "ignored “a”: too common to search for"),
        ("title:the", "ignored “title:the”: too common to search for"),
        ("-the", "ignored “the”: too common to search for"),
        ("(a", "closed an unbalanced '('; ignored “a”: too common to search for"),
        ("*", "ignored “*”: no letters or digits to search for"),
        ("title:*", "ignored “title:*”: no letters or digits to search for"),
    ]:
        result = engine.search(query)
        assert (result.total, result.message) == (everyone, said), query
    # a common word beside others is simply left out, and nothing is said
    assert engine.search("the walrus").total == 1
    assert engine.search("the walrus").message is None
    assert engine.search("the zzzq").message is None
    # being typed, it may be the beginning of a word ("the" → "their", "theory")
    assert engine.search("the", prefix=True).message is None
    # a quoted phrase is searched as written: the names keep every word
    assert engine.search('"on"').total == everyone and engine.search('"on"').message is None


@pytest.mark.parametrize(
    ("query", "prefix", "titles"),
    [
        ("keyword:transformer", False, {"Counting Tokens in Transformers"}),
        ("keyword:grasp", False, {"Grasping with Diffusion Policies"}),
        ('keyword:"robots learning"', False, {"Grasping with Diffusion Policies"}),
        ('keyword:"learning robot"', False, set()),
        ("area:robotic", False, {"Grasping with Diffusion Policies"}),
        ("area:robo", True, {"Grasping with Diffusion Policies"}),
        ("interpretable", False, {"Counting Tokens in Transformers"}),
    ],
)
@pytest.mark.parametrize("scan", [False, True])
def test_keywords_and_areas_fold_word_forms_as_titles_do(tmp_path, scan, query, prefix, titles):
    """``keywords:transformers`` and ``keywords:transformer`` each found only the papers
    that write it so (4 and 4 of CoRL 2023), ``area:optimisation`` no paper of area
    "optimization": keywords and areas were searched as written, as names are."""
    path = tmp_path / "corl2023.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    library = load_library([path])
    engine = Engine(library, None) if scan else open_engine(library, resolve(tmp_path / "data"))
    found = engine.search(query, prefix=prefix, limit=None)
    assert {hit.paper.title for hit in found.hits} == titles


@pytest.mark.parametrize(
    "text",
    [
        "transformers ; transformer ; Robot Learning ; Human-Robot Interaction",
        "task and motion planning ; planning ; plans",
        "Schölkopf Müllers ; 深度学习 ; optimisation ; Optimization",
        "",
    ],
)
def test_the_keywords_field_indexes_what_its_tokenizer_gives(text):
    """The stems beside the words as written are the terms and positions Whoosh's own
    writer makes of the tokenizer's tokens (stems at the words' positions)."""
    from tuireader.search.index import schema

    field = schema()["keywords"]
    general = [
        (term.encode("utf-8"), freq, weight, value)
        for term, freq, weight, value in field.format.word_values(
            text, field.analyzer, mode="index"
        )
    ]
    assert list(field.index(text)) == general
    # a stem beside the word as written ("plans" is "plan" too)
    assert any(term == b"plan" for term, *_ in general) or "plans" not in text
