"""Words written in other forms of Unicode than plain composed letters are found as
readers type them.

Text copied from a PDF made on macOS is in decomposed form (NFD): "Schölkopf" is "o"
and a combining diaeresis (U+0308), which ``re`` counts no word character. Such a word
was cut in two ("scho", "lkopf"): ``schölkopf``, ``scholkopf`` and ``réseaux`` found
nothing, though the reader showed the words whole.
"""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.analysis import WordTokenizer, raw_words, term_positions, word_set
from tuireader.search.engine import Engine, open_engine
from tuireader.search.highlight import spans_of
from tuireader.system.paths import resolve

FIXTURES = Path(__file__).parent / "fixtures" / "unicode_forms"


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    for fixture in FIXTURES.iterdir():
        shutil.copy(fixture, folder / fixture.name)
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


def _titles(engine, query: str, prefix: bool = False) -> set[str]:
    return {hit.paper.title for hit in engine.search(query, prefix=prefix, limit=None).hits}


DECOMPOSED = "Kernel Methods in Practice, after Scho\u0308lkopf"
COMPOSED = "R\u00e9seaux de neurones, written composed"


def test_the_fixture_keeps_its_decomposed_accents(engine):
    titles = {paper.title for paper in engine.library.papers}
    assert DECOMPOSED in titles
    assert not unicodedata.is_normalized("NFC", DECOMPOSED)


@pytest.mark.parametrize(
    "query",
    [
        "scholkopf",
        "sch\u00f6lkopf",  # composed, as typed
        "Scho\u0308lkopf",  # decomposed, as pasted from the PDF
        "schoelkopf",  # the umlaut spelled out
        "author:sch\u00f6lkopf",
        "author:Scho\u0308lkopf",
        '"bernhard sch\u00f6lkopf"',
    ],
)
def test_a_decomposed_name_is_found_however_it_is_typed(engine, query):
    assert DECOMPOSED in _titles(engine, query)
    assert "Scholars of Plain Networks" not in _titles(engine, query)


@pytest.mark.parametrize("query", ["reseaux", "r\u00e9seaux", "Re\u0301seaux", "nguyen"])
def test_decomposed_and_composed_words_find_each_other(engine, query):
    assert _titles(engine, query) == {DECOMPOSED, COMPOSED}


@pytest.mark.parametrize(
    "query", ['"les r\u00e9seaux de neurones"', '"les re\u0301seaux de neurones"']
)
def test_a_phrase_is_found_in_decomposed_text(engine, query):
    assert _titles(engine, query) == {DECOMPOSED}


def test_a_decomposed_word_being_typed_is_found(engine):
    assert DECOMPOSED in _titles(engine, "sch\u00f6lk", prefix=True)
    assert DECOMPOSED in _titles(engine, "Scho\u0308lk", prefix=True)


def test_a_decomposed_word_is_highlighted_whole(engine):
    result = engine.search("scholkopf")
    shown = [DECOMPOSED[a:b] for a, b in spans_of(DECOMPOSED, result.terms)]
    assert shown == ["Scho\u0308lkopf"]


@pytest.mark.parametrize(
    "text",
    [
        "Scho\u0308lkopf and Re\u0301seaux",
        "Nguye\u0302\u0303n, cafe\u0301 au lait",
    ],
)
def test_decomposed_text_has_the_words_of_composed_text(text):
    composed = unicodedata.normalize("NFC", text)
    assert term_positions(text) == term_positions(composed)
    assert term_positions(text, stemming=False, spellings=True) == term_positions(
        composed, stemming=False, spellings=True
    )
    assert word_set(text) == word_set(composed)
    assert [w for w, _, _ in raw_words(text)] == [w for w, _, _ in raw_words(composed)]
    tokens = [token.text for token in WordTokenizer()(text)]
    assert tokens == [token.text for token in WordTokenizer()(composed)]


def test_a_letter_with_an_accent_unicode_composes_for_none_is_in_its_word():
    text = "the que\u0303ry of a vector v\u20d7 and x\u0304y"
    assert [w for w, _, _ in raw_words(text)] == ["query", "vector", "v", "xy"]
    assert list(term_positions(text)) == ["queri", "vector", "v", "xy"]


# A soft hyphen (U+00AD) marks where a word may be broken at the end of a line, and is
# shown nowhere else: "soft\u00adhyphen" is the word "softhyphen". It cut the word in two:
# ``softhyphen`` found nothing, ``soft hyphen`` found it.
SOFT = "Hyper\u00adparameter Search, Broken across Lines"


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("softhyphen", {SOFT}),
        ("hyperparameter", {SOFT}),
        ("hyperparameters", {SOFT}),
        ("reinforcement", {SOFT}),
        ('"reinforcement learning"', {SOFT}),
        ("soft\u00adhyphen", {SOFT}),  # pasted with its soft hyphen
        ("hyper parameter", {"Hyper Parameter Tables"}),
        ('"soft hyphen"', set()),
    ],
)
def test_a_soft_hyphen_joins_a_word(engine, query, titles):
    assert _titles(engine, query) == titles


def test_a_word_with_a_soft_hyphen_is_highlighted_whole(engine):
    result = engine.search("hyperparameter")
    assert [SOFT[a:b] for a, b in spans_of(SOFT, result.terms)] == ["Hyper\u00adparameter"]


def test_a_soft_hyphen_is_no_gap_between_words():
    text = "a soft\u00adhyphen and re\u00adin\u00adforcement"
    assert [w for w, _, _ in raw_words(text)] == ["softhyphen", "reinforcement"]
    assert term_positions(text) == term_positions("a softhyphen and reinforcement")
    assert word_set(text) == {"softhyphen", "reinforcement"}


# A Greek letter typed as Unicode ("β-VAE Revisited") was found by itself only, where
# the same letter written in LaTeX (``{$\beta$}-{VAE}``) is found by its name too:
# ``beta-vae``, ``beta vae`` and ``betavae`` found the BibTeX paper alone, and
# ``alpha-divergence`` nothing of "α-Divergence". A Greek letter of text is also its
# name, as one of math is (``analysis.math_words``).
UNICODE_VAE = "\u03b2-VAE Revisited: Disentangling with a Stronger Prior"
LATEX_VAE = "$\\beta$-VAE: Learning Basic Visual Concepts with a Constrained Variational Framework"
LATEX_ALPHA = "$\\alpha$-Divergence Is Unique"
MUP = "\u03bcP Transfer across Widths"
GREEK_TITLE = "\u0398\u03b5\u03c9\u03c1\u03af\u03b1 \u03bc\u03ac\u03b8\u03b7\u03c3\u03b7\u03c2"


@pytest.mark.parametrize(
    "query",
    ["beta-vae", "beta vae", "betavae", '"beta vae"', "\u03b2", "\u03b2-vae", "\u03b2vae"],
)
def test_a_greek_letter_is_found_by_its_name_as_latexs(engine, query):
    assert _titles(engine, query) == {UNICODE_VAE, LATEX_VAE}


@pytest.mark.parametrize(
    "query", ["alpha-divergence", '"alpha divergence"', "alphadivergence", "\u03b1-divergence"]
)
def test_a_greek_letter_joined_by_a_hyphen_is_found_by_its_name(engine, query):
    assert _titles(engine, query) == {UNICODE_VAE, LATEX_ALPHA}


@pytest.mark.parametrize("query", ["mup", "\u03bcP", "\u00b5P"])  # Greek mu, micro sign
def test_a_greek_letter_in_a_word_is_found_by_its_name(engine, query):
    assert _titles(engine, query) == {MUP}


def test_a_greek_letter_being_typed_by_its_name_is_found(engine):
    assert {UNICODE_VAE, LATEX_VAE} <= _titles(engine, "bet", prefix=True)


@pytest.mark.parametrize(
    "query", ["\u03b8\u03b5\u03c9\u03c1\u03af\u03b1", "\u03b8\u03b5\u03c9\u03c1\u03b9\u03b1"]
)
def test_a_word_of_greek_is_found_as_written(engine, query):
    assert _titles(engine, query) == {GREEK_TITLE}


def test_a_greek_letter_written_by_its_name_too_is_its_name_once():
    """LaTeX math is indexed as written ("alpha" of ``$\\alpha$``) and as shown ("α"):
    the letter's name is not counted twice, which made the texts with math longer
    and moved them among the results of other words."""
    from tuireader.search.analysis import term_counts

    text = "A weight $\\alpha$ on the loss.\nα"
    assert term_counts(text) == {"weight": 1, "alpha": 1, "loss": 1, "α": 1}
    assert [t.text for t in WordTokenizer()(text)] == ["weight", "alpha", "loss", "α"]
    assert term_counts("A weight α on the loss.") == {"weight": 1, "α": 1, "alpha": 1, "loss": 1}


def test_a_word_of_greek_is_not_spelled_letter_by_letter():
    """Two Greek letters in a row are a word of Greek, no letters of math: "Θεωρία" is
    no "thetaepsilonomega…", nor is its article "Ένα"."""
    text = "\u0398\u03b5\u03c9\u03c1\u03af\u03b1 \u0388\u03bd\u03b1 \u03b2"
    assert term_positions(text) == {
        "\u03b8\u03b5\u03c9\u03c1\u03b9\u03b1": [0],
        "\u03b5\u03bd\u03b1": [1],
        "\u03b2": [2],
        "beta": [2],
    }
    assert word_set(text) == {
        "\u03b8\u03b5\u03c9\u03c1\u03b9\u03b1",
        "\u03b5\u03bd\u03b1",
        "\u03b2",
        "beta",
    }


# A CJK run is indexed as overlapping bigrams ("检索" of "的检索增强"), and a query of
# one character, a word of Chinese, looked for that character alone, which the index
# had only of a run of one: ``search 大`` found nothing, where the reader, taking the
# word as typed for the beginning of bigrams, found the titles beginning a bigram
# with it. The text fields index each character too.
RETRIEVAL = "\u5927\u89c4\u6a21\u8bed\u8a00\u6a21\u578b\u7684\u68c0\u7d22\u589e\u5f3a"
COMPRESSION = "\u6a21\u578b\u538b\u7f29\uff1a\u4ece\u5927\u5230\u5c0f"
APART = "\u4fe1\u606f\u68c0 \u7d22\u5f15"


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("\u5927", {RETRIEVAL, COMPRESSION}),  # 大: first of a run, and inside one
        ("\u68c0", {RETRIEVAL, APART}),  # 检: inside a run, and last of one
        ("\u7d22", {RETRIEVAL, APART}),  # 索: after 检, and first of a run
        ("\u5f3a", {RETRIEVAL}),  # 强: last of the title
        ("\u5c0f", {COMPRESSION}),  # 小: last of a run after a full-width colon
        ("\u68c0\u7d22", {RETRIEVAL}),  # 检索: the bigram, not its characters apart
        ("\u5927\u89c4\u6a21", {RETRIEVAL}),
        ("\u6a21\u578b", {RETRIEVAL, COMPRESSION}),
    ],
)
def test_a_cjk_character_finds_the_texts_that_have_it(engine, query, titles):
    assert _titles(engine, query) == titles


@pytest.mark.parametrize("query", ["\u5927", "\u68c0"])
def test_a_cjk_character_finds_what_it_finds_being_typed(engine, query):
    assert _titles(engine, query) <= _titles(engine, query, prefix=True)
    assert _titles(engine, query)


def test_a_cjk_run_is_its_bigrams_and_its_characters_in_the_text_fields():
    text = "\u8c22\u8c22 \u68c0\u7d22 x"  # 谢谢 检索 x
    assert term_positions(text, characters=True) == {
        "\u8c22\u8c22": [0],
        "\u8c22": [0],
        "\u68c0\u7d22": [1],
        "\u68c0": [1],
        "\u7d22": [1],
        "x": [2],
    }
    # the names of authors and lists keep their runs' bigrams alone
    assert term_positions(text) == {"\u8c22\u8c22": [0], "\u68c0\u7d22": [1], "x": [2]}
    tokens = WordTokenizer(characters=True)(text, positions=True, chars=True)
    assert [(t.text, t.pos, text[t.startchar : t.endchar]) for t in tokens] == [
        ("\u8c22\u8c22", 0, "\u8c22\u8c22"),
        ("\u8c22", 0, "\u8c22"),
        ("\u68c0\u7d22", 1, "\u68c0\u7d22"),
        ("\u68c0", 1, "\u68c0"),
        ("\u7d22", 1, "\u7d22"),
        ("x", 2, "x"),
    ]


def test_a_cjk_character_is_highlighted_where_it_stands_in_a_run(engine):
    """``search 大`` found the titles that have it inside a longer run, and marked
    nothing in them: the marks knew of bigrams and of runs of one character only."""
    result = engine.search("\u5927")
    for title in (RETRIEVAL, COMPRESSION):
        assert [title[a:b] for a, b in spans_of(title, result.terms)] == ["\u5927"]
    result = engine.search("\u68c0")  # 检: inside a run, and last of one
    assert [RETRIEVAL[a:b] for a, b in spans_of(RETRIEVAL, result.terms)] == ["\u68c0"]
    assert [APART[a:b] for a, b in spans_of(APART, result.terms)] == ["\u68c0"]


def test_a_cjk_character_inside_a_marked_bigram_is_marked_once():
    forms = {"\u5927", "\u5927\u89c4"}  # 大 and 大规, as typing 大 completes it
    assert spans_of(RETRIEVAL, forms) == ((0, 2),)
    assert spans_of(COMPRESSION, forms) == ((6, 7),)


# Korean copied from a PDF made on macOS is in decomposed form too: each syllable its
# letters (jamo), "한" written "ᄒ", "ᅡ" and "ᆫ". Such a word was one word of other
# letters, where a composed one is a run of syllables, indexed as its bigrams: neither
# found the other. Nor did a quoted phrase of Korean find itself: folding its text
# decomposed the syllables the phrase looked for.
HANGUL_DECOMPOSED = unicodedata.normalize("NFD", "한국어 언어 모델의 검색")
HANGUL_COMPOSED = "한국어 형태소 처리"


def test_the_fixture_keeps_its_decomposed_hangul(engine):
    titles = {paper.title for paper in engine.library.papers}
    assert {HANGUL_DECOMPOSED, HANGUL_COMPOSED} <= titles
    assert not unicodedata.is_normalized("NFC", HANGUL_DECOMPOSED)


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("한국어", {HANGUL_DECOMPOSED, HANGUL_COMPOSED}),
        (unicodedata.normalize("NFD", "한국어"), {HANGUL_DECOMPOSED, HANGUL_COMPOSED}),
        ("모델", {HANGUL_DECOMPOSED}),
        (unicodedata.normalize("NFD", "형태소"), {HANGUL_COMPOSED}),
        ("연구한다", {HANGUL_DECOMPOSED, HANGUL_COMPOSED}),
        ('"언어 모델"', {HANGUL_DECOMPOSED}),
        ('"한국어 형태소"', {HANGUL_COMPOSED}),
        (unicodedata.normalize("NFD", '"한국어 형태소"'), {HANGUL_COMPOSED}),
        ("author:kim 검색", {HANGUL_DECOMPOSED}),
    ],
)
def test_decomposed_and_composed_hangul_find_each_other(engine, query, titles):
    assert _titles(engine, query) == titles


def test_a_decomposed_hangul_word_being_typed_is_found(engine):
    assert HANGUL_DECOMPOSED in _titles(engine, "한국", prefix=True)
    assert HANGUL_DECOMPOSED in _titles(engine, "모", prefix=True)


def test_a_decomposed_hangul_word_is_highlighted_whole(engine):
    result = engine.search("모델")
    shown = [HANGUL_DECOMPOSED[a:b] for a, b in spans_of(HANGUL_DECOMPOSED, result.terms)]
    assert shown == [unicodedata.normalize("NFD", "모델")]


@pytest.mark.parametrize("text", [HANGUL_DECOMPOSED, "ᄒ한국 mixed 한국어 and ᄀ"])
def test_decomposed_hangul_has_the_words_of_composed_hangul(text):
    composed = unicodedata.normalize("NFC", text)
    assert term_positions(text, characters=True) == term_positions(composed, characters=True)
    assert word_set(text) == word_set(composed)
    assert [w for w, _, _ in raw_words(text)] == [w for w, _, _ in raw_words(composed)]
    tokens = WordTokenizer(characters=True)(text, positions=True, chars=True)
    shown = [
        (t.text, t.pos, unicodedata.normalize("NFC", text[t.startchar : t.endchar])) for t in tokens
    ]
    tokens = WordTokenizer(characters=True)(composed, positions=True, chars=True)
    assert shown == [(t.text, t.pos, composed[t.startchar : t.endchar]) for t in tokens]
