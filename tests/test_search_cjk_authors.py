"""Authors named in Chinese, Japanese or Korean script are found by the family name
alone, by the whole name, and by the name typed in either order. A list's "张, 三" is
shown "张三": ``author:张`` found nothing (the authors' names were indexed by bigrams
only), and where a source wrote the name given name first, "三 张", ``author:张三``
found nothing, nor did ``author:"三 张"`` find "张三". With the index and without it."""

from __future__ import annotations

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.analysis import WordTokenizer
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

BIBTEX = """@article{a1,
  title = {Family Name First},
  author = {张, 三 and Smith, John},
  year = {2024},
  abstract = {One.}
}
@article{a2,
  title = {Given Name First},
  author = {三 张 and Doe, Jane},
  year = {2023},
  abstract = {Two.}
}
@article{a3,
  title = {Another of the Family},
  author = {张, 伟},
  year = {2023},
  abstract = {Three.}
}
@article{a4,
  title = {A Longer Name},
  author = {王, 小明},
  year = {2022},
  abstract = {Four.}
}
@article{a5,
  title = {A Japanese Name},
  author = {田中 太郎},
  year = {2021},
  abstract = {Five.}
}
"""

FAMILY_FIRST = "Family Name First"
GIVEN_FIRST = "Given Name First"
FAMILY = "Another of the Family"
LONGER = "A Longer Name"
JAPANESE = "A Japanese Name"


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    (folder / "cjk.bib").write_text(BIBTEX, encoding="utf-8")
    library = load_library([folder])
    assert {paper.authors[0] for paper in library.papers} == {
        "张三",
        "三 张",
        "张伟",
        "王小明",
        "田中 太郎",
    }
    return library


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
        # the family name alone
        ("author:张", {FAMILY_FIRST, GIVEN_FIRST, FAMILY}),
        ("张", {FAMILY_FIRST, GIVEN_FIRST, FAMILY}),
        ("author:王", {LONGER}),
        ("author:田中", {JAPANESE}),
        # the whole name, written as one word
        ("author:张三", {FAMILY_FIRST, GIVEN_FIRST}),
        ('author:"张三"', {FAMILY_FIRST, GIVEN_FIRST}),
        ("author:张伟", {FAMILY}),
        ("author:王小明", {LONGER}),
        ("author:田中太郎", {JAPANESE}),
        # the name in parts, in either order
        ('author:"三 张"', {FAMILY_FIRST, GIVEN_FIRST}),
        ('author:"张 三"', {FAMILY_FIRST, GIVEN_FIRST}),
        ('author:"张, 三"', {FAMILY_FIRST, GIVEN_FIRST}),
        ('author:"小明 王"', {LONGER}),
        ('author:"王 小明"', {LONGER}),
        ('author:"太郎 田中"', {JAPANESE}),
        # another person of the family, or no name of the library
        ('author:"伟 张"', {FAMILY}),
        ('author:"明 王"', set()),
        ("author:张四", set()),
        ('author:"四 张"', set()),
        # names in Latin letters as before
        ("author:smith", {FAMILY_FIRST}),
        ('author:"Jane Doe"', {GIVEN_FIRST}),
    ],
)
def test_a_name_in_cjk_script_is_found_by_its_family_name_and_whole_either_way(
    engine, query, titles
):
    assert _titles(engine, query) == titles


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("author:张", {FAMILY_FIRST, GIVEN_FIRST, FAMILY}),
        ('author:"三 张', {FAMILY_FIRST, GIVEN_FIRST}),
        ('author:"小明 王', {LONGER}),
    ],
)
def test_a_name_in_cjk_script_being_typed_is_found(engine, query, titles):
    assert _titles(engine, query, prefix=True) == titles


def test_the_joined_names_stand_at_the_names_place():
    tokenizer = WordTokenizer(
        stemming=False, stops=False, spellings=True, characters=True, names=True
    )
    value = "三 张 ; John Smith ; 小明\u3000王 ; 张三"
    yielded: dict[str, list[int]] = {}
    spans: dict[str, set[str]] = {}
    for token in tokenizer(value, positions=True, chars=True):
        yielded.setdefault(token.text, []).append(token.pos)
        spans.setdefault(token.text, set()).add(value[token.startchar : token.endchar])
    # "三 张" is also 张三 and 三张, at its first part's place, over the whole name
    assert yielded["张三"] == [0, 6]
    assert yielded["三张"] == [0]
    assert spans["三张"] == {"三 张"}
    assert yielded["王小"] == yielded["明王"] == [4]
    assert tokenizer.grouped(value) == yielded
    assert tokenizer.counted(value) == {term: len(at) for term, at in yielded.items()}
