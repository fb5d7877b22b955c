"""Names with umlauts, typed as German writes them without: "Schoelkopf", "Mueller",
"Juergen". With the index and without it.

"Schoelkopf" found 2 papers of the ICML 2024 list and the real lists where
"Schölkopf" and "Scholkopf" find 8; "author:mueller" 3 where "author:muller" finds 10.
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.analysis import WordTokenizer, umlauts_spelled
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

PAPERS = [
    {"title": "Causal Kernels", "authors": ["Bernhard Schölkopf", "Ada Lovelace"]},
    {"title": "Deep Explanations", "authors": ["Klaus-Robert Müller"]},
    {"title": "Recurrent Memories", "authors": ["Jürgen Schmidhuber"]},
    {"title": "Scaling Laws", "authors": ["Jonas Mueller"]},
    {"title": "Plain Names", "authors": ["Bernhard Scholz"]},
    {"title": "Watermarks in the Sand", "authors": ["Hanlin Zhang", "Benjamin L. Edelman"]},
    {"title": "Parton Distributions", "authors": ["C. Balázs", "E. L. Berger"]},
    {"title": "GANs for Images", "authors": ["Ada Byron"]},
    {"title": "Kernel Methods", "authors": ["Yulu Gan"]},
    {"title": "Search Engines", "authors": ["S. Brin", "L. Page"]},
]


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [{**paper, "abstract": f"About {paper['title']}."} for paper in PAPERS]
    (folder / "names.json").write_text(json.dumps(records), encoding="utf-8")
    return load_library([folder])


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, library, tmp_path_factory):
    if request.param == "scan":
        yield Engine(library, None)  # no index: the library's terms in memory
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


def _titles(engine, query: str, prefix: bool = False) -> set[str]:
    return {hit.paper.title for hit in engine.search(query, prefix=prefix, limit=None).hits}


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("Schoelkopf", {"Causal Kernels"}),
        ("author:schoelkopf", {"Causal Kernels"}),
        ("author:Schölkopf", {"Causal Kernels"}),
        ("author:scholkopf", {"Causal Kernels"}),
        ('author:"Bernhard Schoelkopf"', {"Causal Kernels"}),
        ('author:"Bernhard Schölkopf"', {"Causal Kernels"}),
        ('author:"Schoelkopf Bernhard"', set()),  # not in that order
        ("author:mueller", {"Deep Explanations", "Scaling Laws"}),
        # "Müller" is "Mueller" too, and the library writes the name with its umlaut
        ("author:muller", {"Deep Explanations", "Scaling Laws"}),
        ("Juergen", {"Recurrent Memories"}),
        ("author:schoel", set()),  # not a name, nor being typed
    ],
)
def test_a_name_is_found_as_typed_without_its_umlauts(engine, query, titles):
    assert _titles(engine, query) == titles


def test_a_name_being_typed_without_its_umlauts_is_found(engine):
    assert _titles(engine, "author:schoel", prefix=True) == {"Causal Kernels"}


@pytest.mark.parametrize(
    ("word", "spelled"),
    [("Schölkopf", "schoelkopf"), ("MÜLLER", "mueller"), ("Ärzte", "aerzte"), ("Zoë", None)],
)
def test_umlauts_are_spelled_as_german_does(word, spelled):
    assert umlauts_spelled(word) == spelled


def test_the_spelling_without_umlauts_stands_at_the_names_position():
    tokenizer = WordTokenizer(stemming=False, stops=False, spellings=True)
    value = "Bernhard Schölkopf ; Klaus-Robert Müller ; Zoë"
    yielded: dict[str, list[int]] = {}
    for token in tokenizer(value, positions=True):
        yielded.setdefault(token.text, []).append(token.pos)
    assert yielded["scholkopf"] == yielded["schoelkopf"] == [1]
    assert tokenizer.grouped(value) == yielded


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ('author:"Schölkopf, Bernhard"', "Causal Kernels"),
        ('author:"Schoelkopf, Bernhard"', "Causal Kernels"),
        ('author:"Müller, Klaus-Robert"', "Deep Explanations"),
    ],
)
def test_a_name_written_last_name_first_is_found(engine, query, title):
    """A reference writes "Schölkopf, Bernhard": that phrase found nothing."""
    assert _titles(engine, query) == {title}


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ('author:"B. Schölkopf"', {"Causal Kernels"}),
        ('author:"B Schoelkopf"', {"Causal Kernels"}),
        ('author:"Schölkopf, B."', {"Causal Kernels"}),
        ('"B. Schölkopf"', {"Causal Kernels"}),
        ('author:"B. Scholz"', {"Plain Names"}),
        ('author:"K.-R. Müller"', {"Deep Explanations"}),
        ('author:"Benjamin Edelman"', {"Watermarks in the Sand"}),
        ('author:"B. L. Edelman"', {"Watermarks in the Sand"}),
        ('author:"Csaba Balázs"', {"Parton Distributions"}),
        ('author:"Edward Berger"', {"Parton Distributions"}),
        ('author:"A. Schölkopf"', set()),
        ('author:"B. Lovelace"', set()),
        ('author:"Schölkopf Ada"', set()),  # the last name of one, the first of the next
        ('author:"Zhang Benjamin"', set()),
        # a last name written first is no initial: "Schölkopf, B." is not "S. Brin"
        ('author:"Brin, S."', {"Search Engines"}),
        ('author:"Brin, Sergey"', {"Search Engines"}),
        ('author:"Scholz, Bernhard"', {"Plain Names"}),
    ],
)
def test_a_name_given_with_initials_is_the_authors(engine, query, titles):
    """``author:"B. Schölkopf"`` found nothing: a phrase of names wanted the letter "b"
    where the author has "Bernhard". An initial is the name it begins, either way, and
    an author's own middle initials may stand between the words of a name; each author
    is read alone."""
    assert _titles(engine, query) == titles


@pytest.mark.parametrize(
    ("query", "prefix", "titles"),
    [
        ("GAN", False, {"GANs for Images"}),
        ("GAN", True, {"GANs for Images"}),
        ('"GAN"', False, {"GANs for Images"}),
        ("GANs", False, {"GANs for Images"}),
        ("gan", False, {"GANs for Images", "Kernel Methods"}),
        ("Gan", False, {"GANs for Images", "Kernel Methods"}),
        ("author:GAN", False, {"Kernel Methods"}),
        ("methods -GAN", False, {"Kernel Methods"}),
    ],
)
def test_a_word_in_capitals_is_an_acronym_not_a_name(engine, query, prefix, titles):
    """ "GAN" found the papers of authors named Gan (17 in the ICML 2024 list and the
    real lists, beside the 44 that say GAN), "BO" 61 papers by a Bo and 13 on Bayesian
    optimization. A plain word in capitals is an acronym: it does not look in the
    authors' names, which a name typed as a name, or with author:, does."""
    assert _titles(engine, query, prefix) == titles


@pytest.mark.parametrize("mode", ["index", "scan"])
@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("Schölkopf", {"Causal Kernels", "Kernel Means"}),
        ("author:Schölkopf", {"Causal Kernels", "Kernel Means"}),
        ("schoelkopf", {"Causal Kernels", "Kernel Means"}),
        ("Müller", {"Deep Explanations", "Scaling Laws"}),
        ("title:Schölkopf", set()),
    ],
)
def test_a_name_typed_with_umlauts_finds_it_written_without(tmp_path, mode, query, titles):
    """ "schoelkopf" found "Schölkopf", but "Schölkopf" did not find "Schoelkopf": of the
    ICML 2024 list and the real lists, 8 papers where 10 have the name either way."""
    records = [
        {"title": "Causal Kernels", "authors": ["Bernhard Schölkopf"], "abstract": "A."},
        {"title": "Kernel Means", "authors": ["Bernhard Schoelkopf"], "abstract": "B."},
        {"title": "Deep Explanations", "authors": ["Klaus-Robert Müller"], "abstract": "C."},
        {"title": "Scaling Laws", "authors": ["Jonas Mueller"], "abstract": "D."},
    ]
    (tmp_path / "names.json").write_text(json.dumps(records), encoding="utf-8")
    library = load_library([tmp_path / "names.json"])
    if mode == "scan":
        engine = Engine(library, None)
    else:
        engine = open_engine(library, resolve(tmp_path / "data"))
    try:
        assert {hit.paper.title for hit in engine.search(query, limit=None).hits} == titles
        typed = engine.search(query, prefix=True, limit=None)  # the last word, being typed
        assert {hit.paper.title for hit in typed.hits} == titles
    finally:
        engine.close()


#: the same author written with the umlaut and without it, as lists of two venues do
SPELLED_OUT = [
    {"title": "Causal Kernels", "authors": ["Bernhard Schölkopf"]},
    {"title": "Kernel Mean Embeddings", "authors": ["Jia-Jie Zhu", "Bernhard Schoelkopf"]},
    {"title": "Evaluation Harness", "authors": ["Hailey Schoelkopf"]},
]


@pytest.fixture(scope="module", params=["index", "scan"])
def spelled_out(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("spelled")
    (folder / "names.json").write_text(json.dumps(SPELLED_OUT), encoding="utf-8")
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("author:Schölkopf", {"Causal Kernels", "Kernel Mean Embeddings", "Evaluation Harness"}),
        ('author:"Schölkopf"', {"Causal Kernels", "Kernel Mean Embeddings", "Evaluation Harness"}),
        ('"Schölkopf"', {"Causal Kernels", "Kernel Mean Embeddings", "Evaluation Harness"}),
        ('author:"Bernhard Schölkopf"', {"Causal Kernels", "Kernel Mean Embeddings"}),
        ('author:"Bernhard Schoelkopf"', {"Causal Kernels", "Kernel Mean Embeddings"}),
        ('author:"Schölkopf, Bernhard"', {"Causal Kernels", "Kernel Mean Embeddings"}),
        ('author:"B. Schölkopf"', {"Causal Kernels", "Kernel Mean Embeddings"}),
        ('"Bernhard Schölkopf"', {"Causal Kernels", "Kernel Mean Embeddings"}),
    ],
)
def test_a_quoted_name_with_umlauts_finds_it_spelled_without(spelled_out, query, titles):
    """Unquoted, "Schölkopf" found "Schoelkopf" as well; quoted, 8 papers of the ICML
    2024 list and the real lists, where "Bernhard Schoelkopf" finds 9."""
    assert _titles(spelled_out, query) == titles
