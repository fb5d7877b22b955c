"""Authors named in Chinese, Japanese or Korean script are found by their names spelled
in Latin letters, as a citation key spells them: the key ``zhang2023sparse`` of a paper
by "张伟" sends a reader to ``author:zhang``, which found no such paper (the index held
the name's characters only). The family name, the given name and the whole name in
either order find it now; a common Korean family name by the spelling Korean authors
use and letter by letter ("kim", "gim"). With the index and without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.analysis import WordTokenizer
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

FIXTURE = Path(__file__).parent / "fixtures" / "cjk_authors" / "names.jsonl"

SPARSE = "Sparse attention for long documents"  # 张伟, John Smith
GRAPH = "Graph kernels revisited"  # Ada Lovelace, 欧阳娜娜
JAPANESE = "Tokenization for Japanese"  # 山田 太郎, Maria Garcia
KOREAN = "Korean language processing"  # 김철수
COMPOUND = "Compound surnames in bibliographies"  # 남궁민, Wei Chen
CONVEX = "Convex optimisation in practice"  # Alan Zhang, Grace Hopper


@pytest.fixture(scope="module")
def library():
    return load_library([FIXTURE])


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, library, tmp_path_factory):
    if request.param == "scan":
        yield Engine(library, None)
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
        # the family name, as the key spells it
        ("author:zhang", {SPARSE, CONVEX}),
        ("zhang", {SPARSE, CONVEX}),
        ("author:Zhang attention", {SPARSE}),
        ("author:ouyang", {GRAPH}),
        ("author:shantian", {JAPANESE}),
        ("author:kim", {KOREAN}),
        ("author:gim", {KOREAN}),
        ("author:namgung", {COMPOUND}),
        # the given name
        ("author:wei", {SPARSE, COMPOUND}),
        ("author:nana", {GRAPH}),
        ("author:cheolsu", {KOREAN}),
        # the whole name, in either order, with an initial
        ('author:"zhang wei"', {SPARSE}),
        ('author:"Wei Zhang"', {SPARSE}),
        ('author:"W. Zhang"', {SPARSE}),
        ('author:"ouyang nana"', {GRAPH}),
        ('author:"kim cheolsu"', {KOREAN}),
        ('author:"Cheolsu Kim"', {KOREAN}),
        ('author:"namgung min"', {COMPOUND}),
        # no such name
        ('author:"zhang nana"', set()),
        ('author:"alan wei"', set()),
        ("author:yamada", set()),
        # the names in their script, and in Latin letters, as before
        ("author:张伟", {SPARSE}),
        ("author:张", {SPARSE}),
        ("author:김철수", {KOREAN}),
        ('author:"山田 太郎"', {JAPANESE}),
        ('author:"Wei Chen"', {COMPOUND}),
        ('author:"Alan Zhang"', {CONVEX}),
    ],
)
def test_a_name_in_cjk_script_is_found_spelled_as_its_key_spells_it(engine, query, titles):
    assert _titles(engine, query) == titles


def test_a_spelled_name_being_typed_is_found(engine):
    assert _titles(engine, 'author:"zhang w', prefix=True) == {SPARSE}


def test_the_spellings_stand_over_the_whole_name():
    tokenizer = WordTokenizer(
        stemming=False, stops=False, spellings=True, characters=True, names=True
    )
    value = "张伟 ; John Smith ; 山田 太郎 ; 김철수"
    yielded: dict[str, list[int]] = {}
    spans: dict[str, set[str]] = {}
    for token in tokenizer(value, positions=True, chars=True):
        yielded.setdefault(token.text, []).append(token.pos)
        spans.setdefault(token.text, set()).add(value[token.startchar : token.endchar])
    assert spans["zhang"] == spans["wei"] == {"张伟"}
    assert spans["shantian"] == spans["tailang"] == {"山田 太郎"}
    assert spans["kim"] == spans["gim"] == spans["cheolsu"] == {"김철수"}
    assert yielded["zhang"] == yielded["张伟"]
    # indexing writes the terms the tokenizer yields
    assert tokenizer.grouped(value) == yielded
    assert tokenizer.counted(value) == {term: len(at) for term, at in yielded.items()}


def test_a_name_mixed_with_latin_letters_is_not_spelled():
    tokenizer = WordTokenizer(
        stemming=False, stops=False, spellings=True, characters=True, names=True
    )
    assert "zhang" not in tokenizer.grouped("Wei 张 ; John Smith")
