"""Who a paper is: keys, when records merge, and ids that stay put."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest

from tuireader.ingest import identity as ident
from tuireader.ingest import library as library_module
from tuireader.ingest.library import load_library, paper_id
from tuireader.ingest.readers import ReadResult, Record
from tuireader.model import Paper

LONG = (
    "We study how large language models follow instructions when the instructions "
    "conflict with the examples given in the prompt, and find that models prefer the "
    "examples in most settings we tried."
)


def write_json(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- keys


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1706.05125", "1706.05125"),
        ("1706.05125v3", "1706.05125"),
        ("arXiv:1706.05125v2", "1706.05125"),
        ("https://arxiv.org/abs/1706.05125v2", "1706.05125"),
        ("https://arxiv.org/pdf/1706.05125.pdf", "1706.05125"),
        ("10.48550/arXiv.1706.05125", "1706.05125"),
        ("math/0211159v1", "math/0211159"),
        ("https://arxiv.org/abs/hep-th/9901001", "hep-th/9901001"),
        ("https://example.org/1706.05125", None),
        ("", None),
    ],
)
def test_arxiv_ids(text: str, expected: str | None) -> None:
    assert ident.arxiv_id(text) == expected


def test_doi_acl_and_family_names() -> None:
    assert ident.normalise_doi("https://doi.org/10.1016/J.TCS.2012.12.039.") == (
        "10.1016/j.tcs.2012.12.039"
    )
    assert ident.normalise_doi("not a doi") is None
    assert ident.acl_id("https://aclanthology.org/2022.acl-long.1.pdf") == "2022.acl-long.1"
    assert ident.acl_id("10.18653/v1/P19-1001") == "p19-1001"
    assert ident.family_name("Ann B. Lee") == ident.family_name("Lee, Ann") == "lee"
    assert ident.family_name("Martin Luther King Jr.") == "king"


def test_an_arxiv_doi_is_an_arxiv_key_only() -> None:
    record = Record(title="T", doi="10.48550/arXiv.1706.05125")
    assert [str(key) for key in ident.identify(record).keys] == ["arxiv:1706.05125"]


def test_keys_from_links_and_fields_strongest_first() -> None:
    record = Record(
        title="A Paper",
        url="https://proceedings.mlr.press/v235/lee24a.html",
        openreview="https://openreview.net/forum?id=AbC-12",
        pdf="https://arxiv.org/pdf/2401.00001v2",
        doi="10.1/X",
    )
    keys = [str(key) for key in ident.identify(record).keys]
    assert keys == ["doi:10.1/x", "arxiv:2401.00001", "openreview:AbC-12", "pmlr:lee24a"]


@pytest.mark.parametrize(
    "abstract",
    [
        "",
        "Part of Advances in Neural Information Processing Systems 30 (NIPS 2017)",
        "Withdrawn",
        "N/A",
        "Too short to say.",
    ],
)
def test_placeholders(abstract: str) -> None:
    assert ident.is_placeholder(abstract)


def test_a_real_abstract_is_no_placeholder() -> None:
    assert not ident.is_placeholder(LONG)


# --------------------------------------------------------------------------- merging


def test_placeholder_abstracts_do_not_merge_papers(tmp_path: Path) -> None:
    stand_in = "Part of Advances in Neural Information Processing Systems 30 (NIPS 2017)"
    path = write_json(
        tmp_path / "nips.json",
        [
            {"title": "Bayesian GANs", "abstract": stand_in, "authors": ["Y. Saatci"]},
            {"title": "Deep Sets for Everyone", "abstract": stand_in, "authors": ["M. Z"]},
            {"title": "Withdrawn paper one", "abstract": "Withdrawn"},
            {"title": "Withdrawn paper two", "abstract": "Withdrawn"},
        ],
    )
    lib = load_library([path])
    assert [p.title for p in lib] == [
        "Bayesian GANs",
        "Deep Sets for Everyone",
        "Withdrawn paper one",
        "Withdrawn paper two",
    ]
    assert len({p.id for p in lib}) == 4 and lib.problems == ()


def test_identical_abstracts_with_different_titles_stay_apart(tmp_path: Path) -> None:
    path = write_json(
        tmp_path / "arxiv.json",
        [
            {"title": "Placeholder Substructures II", "abstract": LONG, "authors": ["R. M"]},
            {"title": "Placeholder Substructures III", "abstract": LONG, "authors": ["R. M"]},
        ],
    )
    lib = load_library([path])
    assert len(lib) == 2 and lib.problems == ()
    assert lib.papers[0].id != lib.papers[1].id


def test_a_bare_entry_of_a_title_in_one_list_joins_its_full_record(tmp_path: Path) -> None:
    # the NeurIPS 2017 list names one paper twice (its poster and its oral): once in
    # full, once as a bare entry with no abstract, under two ids of the site
    path = write_json(
        tmp_path / "nips.json",
        [
            {"title": "End-to-End Differentiable Proving", "authors": ["Tim Rocktäschel"]},
            {
                "title": "End-to-end Differentiable Proving",
                "abstract": LONG,
                "authors": ["Tim Rocktäschel"],
            },
        ],
    )
    lib = load_library([path])
    assert len(lib) == 1 and lib.papers[0].abstract == LONG
    (problem,) = lib.problems
    assert "one entry without an abstract" in problem.message


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # two bare entries of one title: nothing says they are one paper
        ({}, {}),
        # two full records of one title: a list that names a title twice names two
        ({"abstract": LONG}, {"abstract": LONG + " Another study."}),
        # another first author
        ({"authors": ["Ann Other"]}, {"abstract": LONG}),
        # DOIs that differ
        ({"doi": "10.1/a"}, {"abstract": LONG, "doi": "10.1/b"}),
    ],
)
def test_one_title_twice_in_one_list_stays_two_entries_otherwise(
    tmp_path: Path, first: dict[str, object], second: dict[str, object]
) -> None:
    base = {"title": "End-to-End Differentiable Proving", "authors": ["Tim Rocktäschel"]}
    path = write_json(tmp_path / "nips.json", [base | first, base | second])
    lib = load_library([path])
    assert len(lib) == 2 and len({p.id for p in lib}) == 2 and lib.problems == ()


def test_the_same_paper_from_bibtex_and_arxiv_json(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{smith2017,\n  title = {Learning to {Rank} Things},\n"
        "  author = {Smith, Jane and Doe, John},\n  year = {2017},\n"
        "  doi = {10.48550/arXiv.1706.05125},\n"
        "  abstract = {The journal version of the abstract, reworded entirely here.}\n}\n",
        encoding="utf-8",
    )
    arxiv = write_json(
        tmp_path / "arxiv.json",
        [
            {
                "title": "Learning to rank things (preprint)",
                "authors": ["J. Smith"],
                "url": "https://arxiv.org/abs/1706.05125v3",
                "abstract": LONG,
            },
            {"title": "Another Paper Altogether", "abstract": LONG + " More."},
        ],
    )
    lib = load_library([bib, arxiv])
    assert len(lib) == 2
    paper = lib.papers[0]
    assert paper.lists == ("refs", "arxiv")
    assert lib.lists[0].paper_ids[0] == lib.lists[1].paper_ids[0] == paper.id
    # one id for the paper, whichever list holds it and whichever is read alone
    assert load_library([arxiv]).papers[0].id == paper.id == load_library([bib]).papers[0].id


def test_a_shared_doi_with_disagreeing_titles_is_not_one_paper(tmp_path: Path) -> None:
    a = write_json(tmp_path / "a.json", [{"title": "Graph Neural Networks", "doi": "10.1/x"}])
    b = write_json(tmp_path / "b.json", [{"title": "Protein Folding at Scale", "doi": "10.1/x"}])
    assert len(load_library([a, b])) == 2


def test_different_dois_under_one_title_are_two_papers(tmp_path: Path) -> None:
    a = write_json(tmp_path / "a.json", [{"title": "A Survey of Graph Learning", "doi": "10.1/a"}])
    b = write_json(tmp_path / "b.json", [{"title": "A Survey of Graph Learning", "doi": "10.1/b"}])
    c = write_json(tmp_path / "c.json", [{"title": "A survey of graph learning", "year": 2020}])
    lib = load_library([a, b, c])
    assert len(lib) == 2
    assert lib.papers[0].lists == ("a", "c")  # the keyless record joins the first


def test_title_and_author_merge_across_lists_not_across_authors(tmp_path: Path) -> None:
    a = write_json(
        tmp_path / "a.json",
        [{"title": "Attention Is All You Need", "authors": ["Ashish Vaswani"], "abstract": LONG}],
    )
    b = write_json(
        tmp_path / "b.json",
        [
            {"title": "Attention is all you need", "authors": ["Vaswani, A."], "year": 2017},
            {"title": "Attention Is All You Need", "authors": ["Someone Else"]},
        ],
    )
    lib = load_library([a, b])
    assert len(lib) == 2
    assert lib.papers[0].lists == ("a", "b") and lib.papers[0].year == 2017
    assert lib.papers[1].authors == ("Someone Else",)


def test_an_edited_abstract_keeps_the_id_of_a_titled_paper(tmp_path: Path) -> None:
    record = {"title": "Robust Planning Under Noise", "authors": ["Ann Lee"], "abstract": LONG}
    before = load_library([write_json(tmp_path / "l.json", [record])]).papers[0].id
    record["abstract"] = LONG.replace("most", "many")
    after = load_library([write_json(tmp_path / "l.json", [record])]).papers[0].id
    assert before == after


def test_a_strong_key_keeps_the_id_when_the_title_is_edited(tmp_path: Path) -> None:
    record = {"title": "Robust Planning Under Noise", "doi": "10.5/RPN", "abstract": LONG}
    before = load_library([write_json(tmp_path / "l.json", [record])]).papers[0].id
    record["title"] = "Robust Planning under Noise (extended)"
    assert load_library([write_json(tmp_path / "l.json", [record])]).papers[0].id == before


def test_plain_text_lists_keep_their_abstract_ids(tmp_path: Path) -> None:
    path = tmp_path / "l.txt"
    path.write_text(f"Reading list\n\n{LONG}\n\nAnother abstract entirely.", encoding="utf-8")
    lib = load_library([path])
    assert [p.id for p in lib] == [paper_id(LONG), paper_id("Another abstract entirely.")]


def test_ids_are_the_same_in_two_lists(tmp_path: Path) -> None:
    a = write_json(
        tmp_path / "a.json",
        [{"title": "Shared Paper on Things", "authors": ["Ann Lee"], "abstract": LONG}],
    )
    b = tmp_path / "b.txt"
    b.write_text(f"Mine\n\n{LONG}", encoding="utf-8")
    lib = load_library([a, b])
    assert len(lib) == 1
    assert lib.lists[0].paper_ids == lib.lists[1].paper_ids == (lib.papers[0].id,)
    assert load_library([b, a]).papers[0].id == lib.papers[0].id


def test_source_ids_are_scoped_and_separate_stubs() -> None:
    one = Record(title="Deep Learning of Things", authors=("A B",), venue="NeurIPS 2017")
    two = Record(title="Deep Learning of Things", authors=("A B",), venue="NeurIPS 2017")
    # a source id (a field readers may give) separates the entries and keys their ids
    first = ident.identify(_WithSource(one, "9061"), "NeurIPS 2017")
    second = ident.identify(_WithSource(two, "9062"), "NeurIPS 2017")
    assert [str(k) for k in first.keys] == ["source:neurips 2017#9061"]
    assert ident.same_paper(first, second) is None
    assert ident.same_paper(first, ident.identify(two)) == "same title and first author"


class _WithSource:
    """A record with a ``source_id``, whether or not Record has that field yet."""

    def __init__(self, record: Record, source_id: str) -> None:
        self._record = record
        self.source_id = source_id

    def __getattr__(self, name: str) -> object:
        return getattr(self._record, name)


# --------------------------------------------------------------------------- fields


def test_every_shared_record_field_reaches_the_paper() -> None:
    paper_fields = {item.name for item in fields(Paper)}
    shared = [
        item
        for item in fields(Record)
        if item.name in paper_fields and item.name not in {"id", "lists", "links", "order"}
    ]
    values: dict[str, object] = {}
    for item in shared:
        default = item.default if item.default is not item.default_factory else None
        if item.name == "year":
            values[item.name] = 2021
        elif isinstance(default, tuple):
            values[item.name] = (f"{item.name} one",)
        else:
            values[item.name] = f"the {item.name} of the record"
    record = Record(**values)  # type: ignore[arg-type]
    result = ReadResult(Path("l.json"), "L", "json", (record,))
    paper = library_module._build([result], []).papers[0]
    assert shared and all(getattr(paper, name) == value for name, value in values.items())
    assert set(library_module.COPIED_FIELDS) == {item.name for item in shared}


def test_merge_message_says_what_and_why(tmp_path: Path) -> None:
    path = write_json(
        tmp_path / "zotero.json",
        [
            {"title": "Satisfiability of Acyclic CNF Formulas", "doi": "10.1016/j.tcs.1"},
            {"title": "Satisfiability of Acyclic CNF Formulas", "doi": "10.1016/J.TCS.1"},
        ],
    )
    lib = load_library([path])
    assert len(lib) == 1
    (problem,) = lib.problems
    assert problem.severity == "warning"
    assert problem.message == (
        "1 record names a paper listed earlier in this list and was merged into it: "
        "“Satisfiability of Acyclic CNF Formulas” (same DOI)"
    )
    assert "duplicate" not in problem.message and "more than once" not in problem.message


FIXTURES = Path(__file__).parent / "fixtures" / "identity"


def test_nips_stubs_join_the_full_records_of_their_titles() -> None:
    # four records of papercopilot's NeurIPS 2017 list: a stub without abstract and a
    # full record for each of two titles, each with its own source id
    lib = load_library([FIXTURES / "nips2017_stubs.json"])
    assert len(lib) == 2 and all(p.abstract for p in lib)
    (problem,) = lib.problems
    assert problem.message.startswith("2 records name papers listed earlier in this list")


@pytest.mark.parametrize("reverse", [False, True])
def test_a_merged_oral_and_poster_record_keep_the_oral_in_either_order(
    tmp_path: Path, reverse: bool
) -> None:
    # the same four records: 21 Poster (full) then 29 Oral (stub), and 200 Poster (stub)
    # then 201 Oral (full); reversed, the Oral record of each comes first instead
    records = json.loads((FIXTURES / "nips2017_stubs.json").read_text(encoding="utf-8"))
    assert [record["status"] for record in records] == ["Poster", "Oral", "Poster", "Oral"]
    path = write_json(tmp_path / "nips2017.json", records[::-1] if reverse else records)
    lib = load_library([path])
    assert len(lib) == 2
    assert [paper.status for paper in lib] == ["Oral", "Oral"]


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        ("Poster", "Spotlight", "Spotlight"),
        ("Spotlight", "Poster", "Spotlight"),
        ("Spotlight", "Oral", "Oral"),
        ("Accept (Poster)", "Accept (Oral)", "Accept (Oral)"),
        ("Reject", "Poster", "Poster"),
        ("Poster", "Withdraw", "Poster"),
        ("Poster", None, "Poster"),
        (None, "Spotlight", "Spotlight"),
        ("Poster", "Accept", "Poster"),
    ],
)
def test_records_of_one_paper_in_two_lists_keep_the_more_notable_status(
    tmp_path: Path, first: str | None, second: str | None, kept: str
) -> None:
    base = {"title": "Deep Learning of Things", "author": "Ann Lee", "abstract": LONG}
    write_json(tmp_path / "a.json", [base | ({"status": first} if first else {})])
    write_json(tmp_path / "b.json", [base | ({"status": second} if second else {})])
    lib = load_library([tmp_path / "a.json", tmp_path / "b.json"])
    (paper,) = lib.papers
    assert paper.status == kept


def test_a_shared_doi_merges_entries_under_two_source_keys() -> None:
    one = Record(title="Rare Path Guided Fuzzing", doi="10.1/rpg", source_id="key1")
    two = Record(title="Rare Path Guided Fuzzing", doi="10.1/RPG", source_id="key2")
    other = Record(title="Rare Path Guided Fuzzing", doi="10.1/else", source_id="key3")
    a, b, c = (ident.identify(record, "zotero") for record in (one, two, other))
    assert ident.same_paper(a, b) == "same DOI"
    assert ident.same_paper(a, c) is None


def _workshop_bib(path: Path, author: str) -> Path:
    path.write_text(
        "@inproceedings{intro,\n  title = {Introduction},\n"
        f"  author = {{{author}}},\n"
        "  booktitle = {Workshop on Robot Things 2024},\n  year = {2024}\n}\n",
        encoding="utf-8",
    )
    return path


def test_one_key_and_a_short_title_by_two_authors_are_two_papers(tmp_path: Path) -> None:
    # two volumes of one workshop both key their opening paper "intro"
    smith = _workshop_bib(tmp_path / "volume1.bib", "Smith, Ann")
    jones = _workshop_bib(tmp_path / "volume2.bib", "Jones, Bob")
    lib = load_library([smith, jones])
    assert sorted(paper.authors for paper in lib) == [("Ann Smith",), ("Bob Jones",)]
    assert lib.papers[0].id != lib.papers[1].id


def test_one_key_and_a_short_title_by_one_author_are_one_paper(tmp_path: Path) -> None:
    one = _workshop_bib(tmp_path / "volume1.bib", "Smith, Ann")
    again = _workshop_bib(tmp_path / "copy.bib", "Smith, A.")
    lib = load_library([one, again])
    assert len(lib) == 1 and lib.papers[0].lists == ("volume1", "copy")


def test_a_first_author_written_without_accents_is_the_same_author(tmp_path: Path) -> None:
    # a list typed or exported in ASCII: "Velickovic" named another person than
    # "Veličković", and the paper was listed twice
    a = write_json(
        tmp_path / "a.json",
        [{"title": "Graph Attention Networks", "authors": ["Petar Veličković"], "year": 2018}],
    )
    b = tmp_path / "b.csv"
    b.write_text(
        "Title,Authors,Year\n"
        "Graph Attention Networks,Petar Velickovic,2018\n"
        "Graph Attention Networks,Guillem Cucurull,2018\n",
        encoding="utf-8",
    )
    lib = load_library([a, b])
    assert [(paper.authors, paper.lists) for paper in lib] == [
        (("Petar Veličković",), ("a", "b")),
        (("Guillem Cucurull",), ("b",)),
    ]
    assert ident.same_family("müller", "muller") and not ident.same_family("müller", "miller")


NIPS_PROJECT_ARXIV = Path(__file__).parent / "fixtures" / "identity" / "nips2017_project_arxiv.json"


def test_a_papers_identity_is_its_records_not_its_project_or_abstract_links(
    tmp_path: Path,
) -> None:
    # Paper Copilot's "project" of "A General Framework…" is its arXiv page: the paper was
    # keyed by that arXiv id where its record (and so its id) is keyed by the site's id,
    # and a paper whose abstract mentions another paper's arXiv page took that id
    records = json.loads(NIPS_PROJECT_ARXIV.read_text(encoding="utf-8"))
    records[1]["abstract"] += " Code and a longer version: https://arxiv.org/abs/2101.00001"
    lib = load_library([write_json(tmp_path / "nips.json", records)])
    framework, analysis = lib.papers
    assert any("arxiv.org/abs/1710.05422" in link.url for link in framework.links)
    scope = framework.venue or ""
    assert [str(key) for key in ident.identify(framework, scope).keys] == [
        "source:advances in neural information processing systems#9474"
    ]
    assert ident.identify(analysis, scope).key("arxiv") is None


def test_marks_stay_with_their_papers_when_a_list_swaps_its_ids(tmp_path: Path) -> None:
    # the site's ids of two papers swapped on a re-scrape: the mark of "A General
    # Framework…" stayed on the id, now the other paper's, as if it were that paper's
    from tuireader.session import load_session

    records = json.loads(NIPS_PROJECT_ARXIV.read_text(encoding="utf-8"))
    path = write_json(tmp_path / "nips.json", records)
    data = tmp_path / "data"
    first = load_session([path], data_dir=data, default_catalogs=False)
    framework = next(p for p in first.library if p.title.startswith("A General Framework"))
    with first.open_store() as store:
        store.add_tag(framework.id, "interactive")
    records[0]["id"], records[1]["id"] = records[1]["id"], records[0]["id"]
    write_json(path, records[::-1])
    for _ in range(2):  # the marks are where they belong at once, and stay there
        again = load_session([path], data_dir=data, default_catalogs=False)
        with again.open_store() as store:
            tagged = store.ids_with_tag("interactive")
        titles = [paper.title for paper in again.library if paper.id in tagged]
        assert titles == ["A General Framework for Robust Interactive Learning"]
