"""How text becomes index terms: one fast tokenizer shared by the index and the queries.

Whoosh's stock analyzers keep a whole CJK clause as one token and keep
``github.com/x/y`` as one token; these split CJK runs into overlapping bigrams and URLs
into their parts. Stemming uses Porter with a cache, so word forms fold together
("models" and "model" are one term). The same functions give the raw (unstemmed)
lowercase words that the vocabulary, prefix search and highlighting work on.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Container, Iterable, Iterator
from typing import Any, cast

from whoosh import fields, formats
from whoosh.analysis import STOP_WORDS, Token, Tokenizer
from whoosh.system import pack_uint

from tuireader.search.query import HYPHENS, WORD_SIGNS
from tuireader.search.stemming import phrase_start, stem_word

#: the letters (jamo) Hangul syllables are written with in decomposed form (NFD: text
#: copied from a PDF made on macOS), which composed ("한" is "ᄒ", "ᅡ" and "ᆫ") are the
#: syllables readers type
_JAMO = "\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff"
_CJK = (
    "\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff\u3400-\u4dbf"
    f"\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff{_JAMO}"
)


class _Lazy:
    """A regular expression compiled when first used: the CJK classes take milliseconds
    each to compile, and a search of ASCII words needs none of them."""

    __slots__ = ("_compiled", "_source")

    def __init__(self, source: str) -> None:
        self._source = source
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self._source)
        return getattr(compiled, name)


#: the combining accents a letter may be followed by, as text in decomposed form (NFD,
#: copied from a PDF made on macOS) writes "Schölkopf": "o" and U+0308. They are no word
#: characters for ``re``, which cut such a word in two ("scho", "lkopf"); they are part
#: of the word before them, and folding strips them.
_ACCENTS = "\u0300-\u036f\u1ab0-\u1ace\u1dc0-\u1dff\u20d0-\u20f0\ufe20-\ufe2f"
#: the soft hyphen (U+00AD): where a word may be broken at the end of a line, shown
#: nowhere else ("soft\u00adhyphen" is "softhyphen"). It joins, as the accents do, and
#: folding drops it.
_SOFT_HYPHEN = "\u00ad"
#: letters/digits that are not CJK, with the accents and soft hyphens after them (a
#: negated class for the letters, not a lookahead per character: the same matches in
#: half the time)
_WORD = rf"[^\W_{_CJK}]+(?:[{_SOFT_HYPHEN}{_ACCENTS}]+[^\W_{_CJK}]*)*"

#: a run of letters/digits that are not CJK; and a run of CJK characters
LATIN_WORD = cast(re.Pattern[str], _Lazy(_WORD))
CJK_RUN = cast(re.Pattern[str], _Lazy(rf"[{_CJK}]+"))
_IS_CJK = cast(re.Pattern[str], _Lazy(rf"[{_CJK}]"))
_URL_PART = re.compile(r"[^\W_]+")
_HAS_JAMO = cast(re.Pattern[str], _Lazy(rf"[{_JAMO}]"))
_JAMO_RUN = cast(re.Pattern[str], _Lazy(rf"[{_JAMO}]+"))

STOPS = frozenset(STOP_WORDS)
_stem_cache: dict[str, str] = {}


#: letters that carry no combining accent for Unicode, folded as readers type them
#: ("Grøtli" → "grotli", "Łukasz" → "lukasz", "Straße" → "strasse").
_LETTERS = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŧ": "t"}
    | {"æ": "ae", "œ": "oe", "ß": "ss", "þ": "th"}
    # the final sigma is a sigma (``_strip_accents``)
    | {"\u03c2": "\u03c3"}
    # the accents of a word (``_ACCENTS``) that Unicode gives no combining class, and
    # its soft hyphens
    | dict.fromkeys("\u034f\u1abe\u20dd\u20de\u20df\u20e0\u20e2\u20e3\u20e4\u00ad", "")
)


#: letters of math that decompose to no Greek letter, as the Greek letter they are: the
#: raised alpha, epsilon, iota and phi the reader shows for ``$D^\\alpha$`` ("Dᵅ") are
#: Latin letters for Unicode ("ɑ", "ɛ"), where the raised beta is a beta
_RAISED_GREEK = str.maketrans(
    {"\u1d45": "\u03b1", "\u1d4b": "\u03b5", "\u1da5": "\u03b9", "\u1db2": "\u03c6"}
)


#: a run of characters other than ASCII
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
#: a text at least this long is folded a run of other characters than ASCII at a time
_FOLDED_BY_RUNS = 40


def fold(word: str) -> str:
    """Lowercase and strip accents ("Müller" → "muller", "Grøtli" → "grotli")."""
    word = word.lower()
    if word.isascii():
        return word
    if len(word) >= _FOLDED_BY_RUNS:
        # an abstract with a few accents or some math: its ASCII is folded already, and
        # looking at each of its characters took 3 ms (phrases read hundreds of them)
        return _NON_ASCII.sub(_folded_run, word)
    return _strip_accents(word)


def _folded_run(found: re.Match[str]) -> str:
    return _strip_accents(found.group())


def _strip_accents(text: str) -> str:
    """``text`` (lowercase) without its accents, letters with none spelled in ASCII.

    Lowercase again once decomposed: a letter of math written as a letterlike symbol
    (``$\\mathcal{L}_1$`` is shown "ℒ₁", U+2112) or a bold or raised capital ("𝐗", "ᴬ")
    has no lowercase of its own, and its compatibility form is a capital ("ℒ₁" is "L1"),
    which lowercase it is the word readers type ("l1", as "ℓ₀" is "l0").

    A Greek letter folds to one form: the symbols of math to the letters (ϵ is ε, ϑ θ,
    ϕ φ, ϱ ρ; a raised ᵅ α) and the final sigma ς to σ, which lowercase gives for a
    capital Σ at the end of a word ("XΣ" is "xς")."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_RAISED_GREEK))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    stripped = stripped.lower().translate(_LETTERS)
    if _HAS_JAMO.search(stripped):
        # Hangul, which decomposing wrote in jamo, in its syllables again, as CJK runs are
        stripped = _JAMO_RUN.sub(_composed_jamo, stripped)
    return stripped


def _composed_jamo(found: re.Match[str]) -> str:
    return unicodedata.normalize("NFC", found.group())


#: a word as shown: letters and digits, with the marks that stand before a raised or
#: lowered part Unicode has no character for ("Φ_Flow", "x^T")
_SHOWN_WORD = re.compile(r"[\w^]+")
_SHOWN_CHAR = re.compile(r"[\w^]")
_MARKS = re.compile(r"[_^]+")


def math_words(text: str, spans: Iterable[tuple[int, int]]) -> list[str]:
    """The words of ``text`` (shown: math in Unicode) that its math ``spans`` are part of,
    as a reader types them, each once: the math joined to the letters beside it, without
    the marks of a raised or lowered part (``E$^2$GAN`` is shown "E²GAN" and typed
    "E2GAN", which its folding is; ``$\\Phi_\\textrm{Flow}$`` is shown "Φ_Flow" and
    typed "ΦFlow", and "PhiFlow" with the Greek letter's name). The math alone, a word
    in itself, is not among them."""
    spans = sorted(spans)
    found: dict[str, None] = {}
    first = 0  # the first span not ended before the word
    done = 0  # where the text read so far ends
    for a, b in spans:
        if b <= done:
            continue
        # only the words around and in the math are read: most of an abstract is not
        left, right = max(a, done), b
        if _SHOWN_CHAR.match(text, left):
            while left > done and _SHOWN_CHAR.match(text, left - 1):
                left -= 1
        if _SHOWN_CHAR.match(text, right - 1):
            while right < len(text) and _SHOWN_CHAR.match(text, right):
                right += 1
        done = right
        for match in _SHOWN_WORD.finditer(text, left, right):
            start, end = match.span()
            while first < len(spans) and spans[first][1] <= start:
                first += 1
            if first == len(spans) or spans[first][0] >= end:
                continue  # a word between two pieces of math
            pieces = [piece for piece in _MARKS.split(match.group()) if piece]
            inside = spans[first][0] <= start and end <= spans[first][1]
            if len(pieces) > 1 or (pieces and not inside):
                word = "".join(pieces)
                found[word] = None
                spelled = word.translate(_greek_names())
                if spelled != word:  # "ΦFlow" is also "PhiFlow"
                    found[spelled] = None
    return list(found)


#: words as shown joined by hyphens ("f-divergence" of ``$f$-divergence``)
_SHOWN_COMPOUND = re.compile(rf"[\w^]+(?:[{re.escape(HYPHENS)}][\w^]+)+")


def math_compounds(text: str, spans: Iterable[tuple[int, int]]) -> list[str]:
    """The words joined by hyphens that math of ``spans`` is part of, in ``text`` (shown:
    math in Unicode), written as one as a reader types them, each once ("fdivergence"
    of ``$f$-divergence``, shown "f-divergence"; "alphaMDF" too of ``$\\alpha$-MDF``):
    the written text has no such compound for ``joined_words`` to find, its hyphen
    standing after a "$"."""
    spans = sorted(spans)
    if not spans or ("-" not in text and not _HYPHENS.search(text)):
        return []
    starts = [a for a, _ in spans]
    found: dict[str, None] = {}
    for match in _SHOWN_COMPOUND.finditer(text):
        start, end = match.span()
        # the last span that starts before the compound ends: does it reach into it?
        at = bisect.bisect_left(starts, end) - 1
        if at < 0 or spans[at][1] <= start:
            continue
        word = _MARKS.sub("", _HYPHENS.sub("", match.group()))
        found[word] = None
        found[word.translate(_greek_names())] = None  # "αMDF" is also "alphaMDF"
    return list(found)


#: a LaTeX command by its name (``\\frac``); an escaped backslash (``\\\\``, a line break,
#: after which letters are text); an environment's beginning or end, with its name
_LATEX_COMMAND = re.compile(r"\\(?:begin|end)\s*\{[A-Za-z]*\*?\}|\\\\|\\([A-Za-z]+)")
#: symbols whose names readers type for them, as they type a Greek letter's ("ell" for
#: ℓ, as the README says), and that are no words of prose ("partial" for ∂, "models" for
#: ⊨ and "star" for ⋆ are: their names stand for nothing shown)
_SYMBOL_NAMES = frozenset(["ell", "infty", "nabla", "hbar", "aleph"])


def without_command_names(text: str) -> str:
    """``text`` (LaTeX) with the names of its commands that the reader does not show put
    out, each for a space, and their arguments kept: ``\\frac{a}{b}`` is shown "a/b",
    ``\\mathcal{L}`` "ℒ", ``\\textbf{Sparse}`` "Sparse" and ``\\cite{key}`` "[key]", so
    "frac", "mathcal", "textbf" and "cite" are no words of them (of ICML 2024, ``frac``
    found the 36 papers that write math with fractions). Kept: the names of commands
    shown as words (``\\log``, ``\\max``), of a paper's own commands, shown as written
    (``\\cla``) or as words (``\\OPT``), and of Greek letters and of the symbols of
    :data:`_SYMBOL_NAMES`, which readers type for them (``$\\ell_0$`` is found by "ell")."""
    if "\\" not in text:
        return text
    return _LATEX_COMMAND.sub(_unshown_name, text)


def _unshown_name(found: re.Match[str]) -> str:
    name = found.group(1)
    if name is None:
        return found.group() if found.group() == "\\\\" else " "
    return found.group() if _name_shown(name) else " "


@functools.lru_cache(maxsize=1024)
def _name_shown(name: str) -> bool:
    """Whether the name of the command ``name`` is a word of the text as the reader
    shows it, or as readers type what it shows (:func:`without_command_names`)."""
    from tuireader.render.textrender import GREEK, OPERATORS, known_command

    return name in GREEK or name in OPERATORS or name in _SYMBOL_NAMES or not known_command(name)


def command_name(word: str) -> bool:
    """Whether ``word`` is the name of a LaTeX command the reader does not show
    (:func:`without_command_names`: "sqrt", "mathcal"), no word of the papers' math."""
    return word.isascii() and word.isalpha() and not _name_shown(word)


@functools.cache
def _greek_names() -> dict[int, str]:
    """Each Greek letter of math as its name is spelled ("Φ" → "Phi")."""
    from tuireader.render.textrender import GREEK

    return {ord(letter): name.removeprefix("var") for name, letter in GREEK.items()}


#: a Greek letter, or a character that folds to one: the micro sign ("µP" is "μP"), a
#: raised or lowered Greek letter ("Dᵅ", "xᵦ"), a Greek letter of math's alphabets ("𝛼")
_GREEK = re.compile(
    "[\u0370-\u03ff\u1f00-\u1fff\u00b5\u1d45\u1d4b\u1d5d-\u1d61\u1d66-\u1d6a"
    "\u1da5\u1db2\u1dbf\U0001d6a8-\U0001d7cb]"
)
#: two Greek letters in a row (folded): a word of Greek, no letter of math
_GREEK_PAIR = re.compile("[\u0370-\u03ff]{2}")


def greek_spelled(word: str) -> str | None:
    """A folded ``word`` with its Greek letters spelled by their names, as those of
    math are (:func:`math_words`: "β" is also "beta", "αmdf" "alphamdf"), which is how
    readers type them; None when it has none, or is a word of Greek (two Greek letters
    in a row: "λόγος" is no "lambdaomicron…")."""
    if word.isascii() or not _GREEK.search(word) or _GREEK_PAIR.search(word):
        return None
    spelled = word.translate(_greek_names())
    return spelled if spelled != word else None


def stem(word: str) -> str:
    """The stem of a folded word (cached: the same words recur constantly)."""
    cached = _stem_cache.get(word)
    if cached is None:
        cached = stem_word(word) if word.isascii() else word
        if len(_stem_cache) > 200_000:
            _stem_cache.clear()
        _stem_cache[word] = cached
    return cached


def is_cjk(text: str) -> bool:
    return not text.isascii() and bool(_IS_CJK.search(text))


def composed_run(run: str) -> tuple[str, list[int] | None]:
    """A CJK ``run`` with its Hangul written in jamo (decomposed) in syllables, as
    composed text writes them and readers type them, and where each of its characters
    begins in ``run``, then where the run ends; None for those of a run that has no
    jamo (most), which is itself."""
    if not _HAS_JAMO.search(run):
        return run, None
    composed = unicodedata.normalize("NFC", run)
    starts = []
    at = 0
    for char in composed:
        starts.append(at)
        size = 1
        while at + size < len(run) and unicodedata.normalize("NFC", run[at : at + size]) != char:
            size += 1
        at += size
    starts.append(len(run))
    return composed, starts


def cjk_grams(run: str) -> list[str]:
    """Overlapping bigrams of a CJK run; a single character stays a unigram."""
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


def cjk_terms(run: str) -> list[tuple[str, int, int]]:
    """The terms of a CJK run that the text fields index, each with its place among the
    run's bigrams and where it begins in the run: each bigram (:func:`cjk_grams`), and
    each character at the place of the bigram it begins (the last at the last's). A
    character is a word of Chinese ("大", "检"): typed alone, it finds the texts that
    have it, as the bigrams it is part of do while it is typed."""
    if len(run) == 1:
        return [(run, 0, 0)]
    found = []
    for i in range(len(run) - 1):
        found.append((run[i : i + 2], i, i))
        found.append((run[i], i, i))
    if run[-1] != run[-2]:  # ("谢谢": one "谢" at the one place)
        found.append((run[-1], len(run) - 2, len(run) - 1))
    return found


_SPLIT = cast(re.Pattern[str], _Lazy(rf"([{_CJK}]+)|({_WORD})"))


def cjk_name_forms(parts: list[str]) -> list[str]:
    """A name in Chinese, Japanese or Korean script written in ``parts`` apart by spaces
    or a comma, as one word, the ways it may be: its parts joined as written ("张三" of
    "张 三" and of "张, 三"), and its last part first ("张三" of "三 张", as sources that
    put the given name first write it)."""
    return list(dict.fromkeys(["".join(parts), parts[-1] + "".join(parts[:-1])]))


def cjk_name_parts(name: str) -> list[str] | None:
    """The parts of a name written in CJK script alone ("三 张" gives 三 and 张, "张三"
    张三), composed; None for a name with other letters, or none."""
    parts = [composed_run(run)[0] for run in CJK_RUN.findall(name)]
    if not parts or CJK_RUN.sub("", name).strip(_NAME_APART):
        return None
    return parts


#: what may stand between the parts of a name in CJK script: spaces (the ideographic
#: space too) and a comma ("张, 三")
_NAME_APART = " \t\n\u3000,\uff0c"


def _name_end(value: str, start: int) -> int:
    """Where the name in CJK script that begins at ``start`` of ``value`` ends: its last
    run, past the spaces between its runs."""
    found = _CJK_NAME.match(value, start)
    return found.end() if found is not None else start


#: a name in CJK script written in runs apart by spaces ("三 张", "田中　太郎")
_CJK_NAME = cast(re.Pattern[str], _Lazy(rf"[{_CJK}]+(?:\s+[{_CJK}]+)*"))


def _cjk_junctions(value: str) -> dict[int, list[str]]:
    """The terms a text of names (``WordTokenizer`` with ``names``) has of its names in
    CJK script written in parts apart by spaces, by the CJK run each begins with (the
    first of the text's runs is 0): the bigrams that join its parts, as written and with
    its last part first (:func:`cjk_name_forms`: "三 张" has 三张 and 张三), which its
    parts' own terms are not. So ``author:张三`` finds "三 张", as it finds "张三"."""
    found: dict[int, list[str]] = {}
    runs = list(CJK_RUN.finditer(value))
    first = 0
    for at in range(1, len(runs) + 1):
        if at < len(runs):
            between = value[runs[at - 1].end() : runs[at].start()]
            if between.isspace():
                continue  # the same name goes on
        if at - first > 1:
            parts = [composed_run(run.group())[0] for run in runs[first:at]]
            joins = [a[-1] + b[0] for a, b in itertools.pairwise(parts)]
            joins.append(parts[-1][-1] + parts[0][0])
            # (not a term the name's first run begins with at the same place)
            found[first] = [j for j in dict.fromkeys(joins) if j != parts[0][:2]]
        first = at
    return found


#: what stands between the names of a text of names ("张伟 ; John Smith")
_NAMES_APART = ";"


def _cjk_spellings(value: str) -> dict[int, list[str]]:
    """The terms a text of names (``WordTokenizer`` with ``names``) has of its names in
    CJK script spelled in Latin letters, as a citation key spells them
    (:func:`~tuireader.render.romanise.name_spellings`), by the CJK run each name begins
    with: its family name ("zhang" of "张伟"; "kim" and "gim" of "김철수") and its given
    name ("wei"). So ``author:zhang`` finds the "张伟" that the key ``zhang2023…`` is of.
    A name is the runs apart by spaces alone between two ";" (or the text's ends); a
    name mixed with Latin letters has none."""
    from tuireader.render.romanise import name_spellings

    found: dict[int, list[str]] = {}
    runs = list(CJK_RUN.finditer(value))
    first = 0
    for at in range(1, len(runs) + 1):
        if at < len(runs) and value[runs[at - 1].end() : runs[at].start()].isspace():
            continue  # the same name goes on
        begins, ends = runs[first].start(), runs[at - 1].end()
        before = value[:begins].rstrip()
        after = value[ends:].lstrip()
        if (not before or before.endswith(_NAMES_APART)) and (
            not after or after.startswith(_NAMES_APART)
        ):
            name = composed_run(value[begins:ends])[0]
            spelled = name_spellings(unicodedata.normalize("NFC", name))
            if spelled is not None:
                families, given = spelled
                terms = [word for word in (*families, given) if len(word) > 1]
                if terms:
                    found[first] = list(dict.fromkeys(terms))
        first = at
    return found


def _cjk_name_terms(value: str) -> dict[int, list[str]]:
    """The terms of a text of names that its names in CJK script add, by the CJK run
    each begins with: the bigrams joining their parts (:func:`_cjk_junctions`) and
    their spellings in Latin letters (:func:`_cjk_spellings`)."""
    found = _cjk_junctions(value)
    for run, terms in _cjk_spellings(value).items():
        found[run] = [*found.get(run, ()), *terms]
    return found


def raw_words(text: str, *, stops: bool = True) -> Iterator[tuple[str, int, int]]:
    """Folded words of ``text`` with their character offsets (CJK runs as bigrams)."""
    if text.isascii():
        # no CJK run in ASCII text: its words are the runs _URL_PART finds
        for match in _URL_PART.finditer(text):
            folded = match.group().lower()
            if stops and folded in STOPS:
                continue
            yield folded, match.start(), match.end()
        return
    for match in _SPLIT.finditer(text):
        word = match.group(2)
        if word is None:
            run, starts = composed_run(match.group(1))
            start = match.start()
            for i, gram in enumerate(cjk_grams(run)):
                if starts is None:
                    yield gram, start + i, start + i + len(gram)
                else:  # (Hangul written in jamo: where the syllables stand)
                    yield gram, start + starts[i], start + starts[i + len(gram)]
            continue
        folded = word.lower() if word.isascii() else fold(word)
        if stops and folded in STOPS:
            continue
        yield folded, match.start(), match.end()


#: every byte that is not an ASCII letter or digit, made a space
_ASCII_SPACES = bytes(b if chr(b).isalnum() and b < 128 else 32 for b in range(256))


def ascii_words(text: str) -> list[str]:
    """The words of all-ASCII text (runs of letters and digits: what _SPLIT finds there),
    as plain strings: translating the bytes and splitting takes half the time of a
    regular expression's findall."""
    return text.encode("ascii").translate(_ASCII_SPACES).decode("ascii").split()


#: words joined by hyphens ("non-convex", "pre-trained"), in ASCII text and in any
_ASCII_COMPOUND = re.compile(r"[A-Za-z0-9]++(?:-[A-Za-z0-9]++)+")
_HYPHEN = f"[{re.escape(HYPHENS)}]"
_COMPOUND = cast(re.Pattern[str], _Lazy(rf"(?>{_WORD})(?:{_HYPHEN}(?>{_WORD}))+"))
_HYPHENS = re.compile(_HYPHEN)


#: a contraction of "not" ("don't", "can’t", "Won't")
_NOT = re.compile(r"(?<![^\W_])([^\W_]+n)['\u2019](t)(?![^\W_])", re.IGNORECASE)


def joined_words(text: str) -> list[str]:
    """The words of ``text`` joined by hyphens, written as one ("non-convex" →
    "nonconvex", "Pre-Trained" → "PreTrained"), in order, then its contractions of
    "not" written without the apostrophe ("don't" → "dont"): the index holds them in
    a field of their own, so "nonconvex" finds "non-convex" as "non-convex" finds
    "nonconvex", and "dont" finds "don't"."""
    if "'" in text or "\u2019" in text:
        return [*_hyphened(text), *("".join(found) for found in _NOT.findall(text))]
    return _hyphened(text)


def _hyphened(text: str) -> list[str]:
    """The words of ``text`` joined by hyphens, written as one (:func:`joined_words`)."""
    if "-" not in text and (text.isascii() or not _HYPHENS.search(text)):
        return []
    # the pieces of text between spaces that have a hyphen (a tenth of them), searched:
    # a third of the time of searching the whole text
    if text.isascii():
        return [
            found.replace("-", "")
            for piece in text.split()
            if "-" in piece
            for found in _ASCII_COMPOUND.findall(piece)
        ]
    return [
        _HYPHENS.sub("", found)
        for piece in text.split()
        if _HYPHENS.search(piece)
        for found in _COMPOUND.findall(piece)
    ]


def word_set(text: str) -> set[str]:
    """The distinct folded words of ``text`` (no offsets, stop words dropped), and those
    with Greek letters spelled by their names too, those with umlauts spelled without
    them ("schoelkopf" of "Schölkopf"), and the characters of its CJK runs beside their
    bigrams, as the index has them: fast."""
    low = text.lower()
    if low.isascii():
        words = set(ascii_words(low))
        words -= STOPS
        return words
    out: set[str] = set()
    for cjk, word in _SPLIT.findall(low):
        if cjk:
            cjk = composed_run(cjk)[0]
            out.update(cjk_grams(cjk))
            out.update(cjk)
        elif word.isascii():
            out.add(word)
        else:
            out.add(fold(word))
            # "Schölkopf" is also "schoelkopf", as the text fields index it
            spelled = umlauts_spelled(word)
            if spelled is not None:
                out.add(spelled)
    if _GREEK.search(low):
        out.update(spelled for spelled in map(greek_spelled, list(out)) if spelled)
    out -= STOPS
    return out


def word_term(word: str, *, stemming: bool, stops: bool) -> str | None:
    """The index term of one word as it appears in the text; None for a dropped stop word."""
    if word.isascii():
        folded = word.lower()
        if stops and folded in STOPS:
            return None
        return stem(folded) if stemming else folded
    # Folded, then stemmed like the query's words when the folding made them ASCII
    # ("naïve" is "naiv" as "naive" is); other scripts are folded only.
    folded = fold(word)
    if stops and folded in STOPS:
        return None
    return stem(folded) if stemming else folded


_MISSING: Any = object()  # not a term and not None (a stop word)
_word_terms: dict[tuple[bool, bool], dict[str, str | None]] = {}


def _term_cache(stemming: bool, stops: bool) -> dict[str, str | None]:
    """The word → term cache for these settings (emptied when it grows past 500,000)."""
    cache = _word_terms.setdefault((stemming, stops), {})
    if len(cache) > 500_000:
        cache.clear()
    return cache


def _add_terms(
    words: list[str],
    cache: dict[str, str | None],
    out: dict[str, list[int]],
    pos: int,
    stemming: bool,
    stops: bool,
) -> int:
    """Add each word's term at the next position (stop words take none); the next position."""
    for word in words:
        term = cache.get(word, _MISSING)
        if term is _MISSING:
            term = cache[word] = word_term(word, stemming=stemming, stops=stops)
        if term is None:
            continue
        found = out.get(term)
        if found is None:
            out[term] = [pos]
        else:
            found.append(pos)
        pos += 1
    return pos


_CJK_SPLIT = cast(re.Pattern[str], _Lazy(rf"([{_CJK}]+)"))


#: letters whose German spelling without them is two letters ("Müller" is "Mueller")
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})


def umlauts_spelled(word: str) -> str | None:
    """``word`` with its umlauts written as German does without them ("Schölkopf" →
    "schoelkopf"), folded; None when it has none."""
    low = unicodedata.normalize("NFC", word.lower())
    if "ä" not in low and "ö" not in low and "ü" not in low:
        return None
    return fold(low.translate(_UMLAUTS))


#: a letter with an umlaut, composed or decomposed (a letter and U+0308)
_UMLAUT = re.compile("[\u00e4\u00f6\u00fc\u00c4\u00d6\u00dc\u0308]")


def umlaut_pairs(text: str) -> list[str]:
    """Each word of ``text`` written with umlauts as the word a reader types without
    them and its spelling as German writes it, apart by ">" ("Schölkopf" gives
    ``scholkopf>schoelkopf``), each once. The index keeps them, so that "scholkopf"
    finds "Schoelkopf" too where the library writes the name "Schölkopf": a word with
    "oe" is not taken for one with "ö" otherwise ("does" is no "dös")."""
    if text.isascii() or not _UMLAUT.search(text):
        return []
    found: dict[str, None] = {}
    for word in LATIN_WORD.findall(text):
        if word.isascii() or not _UMLAUT.search(word):
            continue
        spelled = umlauts_spelled(word)
        if spelled is not None:
            found[f"{fold(word)}>{spelled}"] = None
    return list(found)


def _other_terms(
    word: str,
    term: str,
    *,
    umlauts: bool,
    named: Container[str] | None,
    stemming: bool,
    stops: bool,
) -> list[tuple[str, str]]:
    """The other spellings of a word of text (not ASCII) whose terms are indexed at its
    place beside its own ``term``, each with its term: with ``umlauts``, its spelling
    without them (:func:`umlauts_spelled`); its Greek letters spelled by their names
    (:func:`greek_spelled`), unless the text has that term otherwise (``named``: its
    terms without the names; None, no names): ``$\\alpha$`` is written "alpha" and
    shown "α", and stays one word."""
    found: list[tuple[str, str]] = []
    if umlauts:
        spelled = umlauts_spelled(word)
        if spelled is not None:
            other = word_term(spelled, stemming=stemming, stops=stops)
            if other is not None and other != term:
                found.append((spelled, other))
    if named is not None:
        spelled = greek_spelled(fold(word))
        if spelled is not None:
            other = word_term(spelled, stemming=stemming, stops=stops)
            # (not the umlauts' spelling: that keeps the Greek letters)
            if other is not None and other != term and other not in named:
                found.append((spelled, other))
    return found


def _add_spelled_terms(
    words: list[str],
    cache: dict[str, str | None],
    out: dict[str, list[int]],
    pos: int,
    stemming: bool,
    stops: bool,
    umlauts: bool = True,
    named: Container[str] | None = None,
) -> int:
    """``_add_terms``, and at the position of each word the terms of its other
    spellings (:func:`_other_terms`: without its umlauts, with ``umlauts``; its Greek
    letters by their names, with ``named``)."""
    for word in words:
        term = cache.get(word, _MISSING)
        if term is _MISSING:
            term = cache[word] = word_term(word, stemming=stemming, stops=stops)
        if term is None:
            continue
        out.setdefault(term, []).append(pos)
        if not word.isascii():
            others = _other_terms(
                word, term, umlauts=umlauts, named=named, stemming=stemming, stops=stops
            )
            for _, other in others:
                out.setdefault(other, []).append(pos)
        pos += 1
    return pos


def _with_stems(out: dict[str, list[int]]) -> dict[str, list[int]]:
    """``out`` (terms of words as written) with the stem of each at its positions too,
    each stem after its word, as the tokenizer gives them."""
    found: dict[str, list[int]] = {}
    merged = False
    for term, positions in out.items():
        for each in dict.fromkeys((term, stem(term))):
            had = found.get(each)
            if had is None:
                found[each] = list(positions)
            else:
                had.extend(positions)
                merged = True
    if merged:
        for term, positions in found.items():
            found[term] = sorted(set(positions))
    return found


def term_positions(
    text: str,
    *,
    stemming: bool = True,
    stops: bool = True,
    spellings: bool = False,
    stems: bool = False,
    characters: bool = False,
    letter_names: bool = True,
    names: bool = False,
) -> dict[str, list[int]]:
    """Each index term of ``text`` with its token positions: what WordTokenizer yields, grouped.

    This is the indexing hot path, so it works on ``findall`` lists and a cache of
    word → term rather than on Token objects; all-ASCII text (most) takes a plain word
    pattern, about a third faster. With ``spellings``, a word with umlauts has the term
    of its spelling without them at its position too ("Schölkopf": "scholkopf" and
    "schoelkopf"); a word with Greek letters has the term of its spelling with their
    names ("β": "β" and "beta", with ``letter_names`` and when the text has no "beta"
    otherwise); with ``stems``, a word not stemmed has its stem there too.
    A CJK run is its bigrams, and with ``characters`` its characters too (:func:`cjk_terms`);
    with ``names``, a name in CJK script written in parts apart by spaces has the bigrams
    that join them at the place of its first (:func:`_cjk_junctions`).
    """
    if stems:
        return _with_stems(
            term_positions(
                text,
                stemming=stemming,
                stops=stops,
                spellings=spellings,
                characters=characters,
                names=names,
            )
        )
    cache = _term_cache(stemming, stops)
    out: dict[str, list[int]] = {}
    if text.isascii():
        _add_terms(ascii_words(text), cache, out, 0, stemming, stops)
        return out
    pos = 0
    named = None
    if letter_names and _GREEK.search(text):
        # the terms of the text without the names of its Greek letters
        named = term_positions(
            text,
            stemming=stemming,
            stops=stops,
            spellings=spellings,
            characters=characters,
            letter_names=False,
            names=names,
        ).keys()
    add = _add_terms
    if spellings or named is not None:
        add = functools.partial(_add_spelled_terms, umlauts=spellings, named=named)
    junctions = _cjk_name_terms(text) if names else {}
    # split() alternates Latin stretches and (captured) CJK runs
    for i, piece in enumerate(_CJK_SPLIT.split(text)):
        if i % 2 == 0:
            pos = add(LATIN_WORD.findall(piece), cache, out, pos, stemming, stops)
            continue
        piece = composed_run(piece)[0]
        for term in junctions.get(i // 2, ()):
            out.setdefault(term, []).append(pos)
        if characters:
            for term, at, _ in cjk_terms(piece):
                out.setdefault(term, []).append(pos + at)
            pos += max(1, len(piece) - 1)
            continue
        for gram in cjk_grams(piece):
            out.setdefault(gram, []).append(pos)
            pos += 1
    return out


def term_counts(
    text: str,
    *,
    stemming: bool = True,
    stops: bool = True,
    spellings: bool = False,
    stems: bool = False,
    characters: bool = False,
    names: bool = False,
) -> dict[str, int]:
    """Each index term of ``text`` with how often it occurs, in order of first occurrence.

    ``term_positions`` without the positions, for fields that keep none. For all-ASCII
    text the words are looked up and counted in C (``map`` over the word → term cache,
    ``Counter``); only words not seen before are turned into terms in Python.
    """
    if stems or not text.isascii():
        grouped = term_positions(
            text,
            stemming=stemming,
            stops=stops,
            spellings=spellings,
            stems=stems,
            characters=characters,
            names=names,
        )
        return {term: len(found) for term, found in grouped.items()}
    cache = _term_cache(stemming, stops)
    words = ascii_words(text)
    for word in set(words).difference(cache):
        cache[word] = word_term(word, stemming=stemming, stops=stops)
    counts: Counter[str | None] = Counter(map(cache.__getitem__, words))
    counts.pop(None, None)  # stop words
    return cast("dict[str, int]", dict(counts))


_LATIN = rf"[^\W_{_CJK}]"
#: what may stand between two words of a phrase: punctuation, spaces and stop words
#: (the tokenizer gives stop words no position, so "graph of networks" is "graph networks")
_GAP = r"(?:[\W_]+(?:" + "|".join(sorted(STOPS, key=len, reverse=True)) + rf")(?!{_LATIN}))*[\W_]+"


_LATIN_RUN = cast(re.Pattern[str], _Lazy(rf"{_LATIN}+"))
#: the next word after a place of a text: the punctuation and spaces before it, and it
_NEXT_WORD = cast(re.Pattern[str], _Lazy(rf"[\W_]+({_LATIN}+)"))


#: the stop words whose pairs with the word after them the index keeps: those most
#: often joined to it by a hyphen ("in-context", "mixture-of-experts", "end-to-end",
#: "on-policy"). Of the ICML 2024 list's words joined by hyphens, 246 hold "in", 753
#: "of", 284 "to" and 50 "on"; their pairs are a quarter of all stop words' pairs, which
#: made the index half as large again. A phrase of other stop words is read.
PAIRED_STOPS = frozenset({"in", "of", "to", "on"})


def stop_pairs(text: str) -> list[str]:
    """Each stop word of :data:`PAIRED_STOPS` in ``text`` with the stem of the word after
    it, when that is no stop word, each pair once, as :meth:`Phrase.found_in` reads the
    text (folded; words with nothing but punctuation and spaces between): ``in>context``
    for "in context". The index keeps them, so that a phrase that says such a stop word
    ("in-context") is found from them, without reading the text of every paper that
    has its other words. (Nor are the pairs of a word and the stop word after it,
    "mixture of", kept: they would double the pairs, for phrases seldom looked for.)"""
    hay = text.lower()
    if hay.isascii():
        words = ascii_words(hay)
        parted: set[int] = set()  # nothing but punctuation stands between ASCII words
    elif not _IS_CJK.search(hay := fold(hay)):
        words, parted = _LATIN_RUN.findall(hay), set()
    else:
        words, parted, end = [], set(), 0
        for match in _LATIN_RUN.finditer(hay):
            # a CJK character between two words parts them, as in a phrase's pattern
            if _IS_CJK.search(hay, end, match.start()):
                parted.add(len(words))
            words.append(match.group())
            end = match.end()
    last = len(words) - 1
    cache = _term_cache(True, False)
    found: dict[str, None] = {}
    for at in [at for at, word in enumerate(words) if word in PAIRED_STOPS]:
        if at == last or at + 1 in parted:
            continue
        second = words[at + 1]
        if second in STOPS:
            continue  # two stop words in a row ("of the") are in nearly every abstract
        term = cache.get(second, _MISSING)
        if term is _MISSING:
            term = cache[second] = word_term(second, stemming=True, stops=False)
        found[f"{words[at]}>{term}"] = None
    return list(found)


#: a phrase of ASCII letters and digits, its words apart by a space or a hyphen
_PLAIN_PHRASE = re.compile(r"[a-z0-9]+(?:[ -][a-z0-9]+)+")


def _written_in(hay: str, written: str) -> bool:
    """Whether ``written`` stands in the lowercase ``hay`` as words of their own: with
    ASCII other than a letter or a digit, or nothing, either side (a mark or a letter
    there folds to what may join it to the next word)."""
    at = hay.find(written)
    while at >= 0:
        end = at + len(written)
        before = hay[at - 1] if at else " "
        after = hay[end] if end < len(hay) else " "
        if before.isascii() and not before.isalnum() and after.isascii() and not after.isalnum():
            return True
        at = hay.find(written, at + 1)
    return False


#: between a word and the number after it in a phrase: spaces or a hyphen
_NUMBER_GAP = rf"(?:\s+|\s*[{re.escape(HYPHENS)}]\s*)"


def _pointed(text: str, before: re.Match[str], word: re.Match[str]) -> bool:
    """Whether ``word`` follows the word ``before`` in the phrase ``text`` past a point
    that joins them: decimals ("3.5", "gpt3.5"), or a letter of an abbreviation after
    another ("i.i.d.")."""
    if text[before.end() : word.start()] != ".":
        return False
    written = text[word.start() : word.end()]
    if written.isdigit():
        return text[before.end() - 1].isdigit()
    return len(written) == 1 and before.end() - before.start() == 1 and written.isalpha()


class Phrase:
    """Whether a text holds a phrase: the phrase's terms one after another, as the
    tokenizer would give them (stemmed words, CJK runs), with only punctuation, spaces
    and stop words between.

    The index keeps no word positions for titles and abstracts (reading postings is
    then several times faster), so phrases are checked on the text of the documents
    that hold all the words. A regular expression finds candidate places; each is then
    confirmed word by word on stems, so "neural networks" matches "neural network" but
    not "neurals network".

    A word with umlauts and its spelling without them, as German writes it, are one word
    here as they are typed alone: "schoelkopf kernel" is found in "Schölkopf kernel",
    where the text is read with its umlauts spelled so too; and the phrase's ``others``,
    its text with such words spelled otherwise ("schoelkopf kernel" of "schölkopf
    kernel"), are looked for beside it.
    """

    def __init__(
        self,
        text: str,
        *,
        stemming: bool = True,
        prefix: bool = False,
        others: Iterable[str] = (),
    ) -> None:
        parts: list[str] = []
        #: the term each captured word must have (None for a CJK run: matched literally)
        self.terms: list[str | None] = []
        matches = list(_SPLIT.finditer(text))
        found = [match.groups("") for match in matches]
        #: the signs each word ends in that make it another word ("C++"), looked for too
        signs = [_signs_after(text, match.end()) for match in matches]
        #: a phrase being typed: the beginning its last word is written with ("neur" of
        #: "graph neur"), which a word of the text must begin with (a stop word too: "of"
        #: may be "offline"); None when the phrase is whole or ends in a CJK run
        self.typed: str | None = None
        #: the term of the word being typed when it is read after the pattern's words
        self._typed_term: str | None = None
        if prefix and found and not found[-1][0] and not signs[-1]:
            self.typed = fold(found[-1][1])
        #: a phrase that says a stop word itself ("in context") is looked for as written:
        #: its stop words where it has them, and no other between its words ("in the
        #: context of" is not it)
        stops = [not cjk and fold(word) in STOPS for cjk, word in found]
        if self.typed is not None:
            stops[-1] = False
        self.has_stops = any(stops) and not all(stops)
        #: the words' terms are not enough to tell the phrase: its text is read
        self.as_written = self.has_stops or any(signs)
        #: a word with a star ("A*", "D* Lite"): read in the text as shown, where a star
        #: of Markdown's emphasis (``(*d*)``, shown "(d)") is none
        self.starred = any("*" in sign for sign in signs)
        gap = r"[\W_]+" if self.has_stops else _GAP
        previous_cjk = None
        last = len(found) - 1
        for at, ((cjk, word), sign) in enumerate(zip(found, signs, strict=True)):
            typing = at == last and self.typed is not None
            if cjk:
                piece, term = re.escape(composed_run(cjk)[0]), None
            else:
                folded = fold(word)
                if folded in STOPS and not self.has_stops and not sign and not typing:
                    continue
                if folded in STOPS and not typing:
                    piece, term = rf"(?<!{_LATIN}){re.escape(folded)}(?!{_LATIN})", None
                    if sign:  # "A*": the stop word "a" with its sign
                        piece += rf"{re.escape(sign)}(?![+#*])"
                else:
                    term = stem(folded) if stemming else folded
                    common = 0
                    while common < min(len(folded), len(term)) and folded[common] == term[common]:
                        common += 1
                    start = phrase_start(folded[:common], term)
                    piece = rf"(?<!{_LATIN})({re.escape(start)}{_LATIN}*)"
                    if sign:
                        piece += rf"{re.escape(sign)}(?![+#*])"
            if typing and parts and not previous_cjk:
                # the word being typed is read after the words before it are found (see
                # ``_typed_after``): their pattern, the same at each keystroke of the
                # word, is compiled once, where a pattern of its own took 8 ms a key
                self._typed_term = term
                break
            if parts and at and _pointed(text, matches[at - 1], matches[at]):
                # "3.5" of "GPT-3.5", "i.i.d.": the digits after the point, the letters of
                # an abbreviation, not a number or letters anywhere ("O(T)" is no "o.t.")
                parts.append(r"\.")
            elif parts and not cjk and not previous_cjk and word.isdigit():
                # a number after a word is its version ("Llama 2", "GPT-4"), written with
                # a space or a hyphen: not a list's "layers; 2)" nor "stages. (1)"
                parts.append(_NUMBER_GAP)
            elif parts:
                parts.append(f"(?:{gap})?" if cjk or previous_cjk else gap)
            parts.append(piece)
            previous_cjk = bool(cjk)
            if term is not None:
                self.terms.append(term)
        self._stemming = stemming
        #: the phrase spelled otherwise (``others``), each looked for beside it
        self._others = [
            other
            for other in (Phrase(each, stemming=stemming, prefix=prefix) for each in others)
            if other
        ]
        #: a word of the phrase, or of those, may be one a text writes with umlauts
        #: ("schoelkopf"): the texts with umlauts are read with them spelled so too
        self._crosses = any(
            pair in fold(each) for each in (text, *others) for pair in ("ae", "oe", "ue")
        )
        self._pattern = re.compile("".join(parts)) if parts else None
        #: the phrase as a text most often writes it ("state-of-the-art", "graph neural
        #: network"), found there by a plain search before the text is folded and read
        #: with the pattern (which finds it too, and its other forms)
        written = text.strip().lower()
        self._written = written if not prefix and _PLAIN_PHRASE.fullmatch(written) else None
        #: the stop pairs (:func:`stop_pairs`) a text holding the phrase has: each pair of
        #: its words in a row of which one is a stop word; None when they do not tell
        #: (no stop word, or a CJK run or a word's signs that the pairs do not keep)
        self.pairs: list[str] | None = None
        #: the pairs tell the phrase itself: it is two words
        self.pairs_enough = False
        latin = [word for cjk, word in found if not cjk]
        plain = [fold(word) for word in latin]
        if (
            stemming
            and self.typed is None
            and self.has_stops
            and not any(signs)
            and len(latin) == len(found)
            # a word whose stem is a stop word ("cans") is found as that stop word too,
            # of which the pairs keep none beside another stop word
            and not any(word not in STOPS and stem(word) in STOPS for word in plain)
        ):
            pairs = [
                f"{a}>{stem(b)}"
                for a, b in itertools.pairwise(plain)
                if a in PAIRED_STOPS and b not in STOPS
            ]
            self.pairs = pairs or None
            self.pairs_enough = len(plain) == 2 and bool(pairs)

    def __bool__(self) -> bool:
        return self._pattern is not None

    def written_in(self, text: str) -> bool:
        """Whether ``text`` says the phrase as its query writes it (of ASCII words apart
        by a space or a hyphen), as words of their own: ``found_in`` finds it there too."""
        return self._written is not None and _written_in(text.lower(), self._written)

    def found_in(self, text: str) -> bool:
        if self._pattern is None or not text:
            return False
        if self._found_in(text) or any(other._found_in(text) for other in self._others):
            return True
        if not self._crosses or text.isascii() or not _UMLAUT.search(text):
            return False
        # "Schölkopf kernel" read as "schoelkopf kernel" too
        spelled = _umlauts_spelled_text(text)
        return any(each._found_in(spelled) for each in (self, *self._others))

    def _found_in(self, text: str) -> bool:
        """Whether ``text`` holds the phrase as spelled (:meth:`found_in`)."""
        hay = text.lower()
        if self._written is not None and _written_in(hay, self._written):
            return True
        if hay.isascii():
            return self._found_in_folded(hay)
        hay = _folded_text(hay)
        if self._found_in_folded(hay):
            return True
        # "β-VAE" is also "beta-VAE", as the index has its words (:func:`greek_spelled`)
        spelled = _greek_spelled_text(hay)
        return spelled is not None and self._found_in_folded(spelled)

    def _found_in_folded(self, hay: str) -> bool:
        """Whether the folded ``hay`` holds the phrase (:meth:`found_in`)."""
        assert self._pattern is not None  # (found_in has no other)
        start, last = 0, len(self.terms) - 1
        while True:
            match = self._pattern.search(hay, start)
            if match is None:
                return False
            words = match.groups()
            if all(
                (stem(w) if self._stemming else w) == t
                or (self.typed is not None and at == last and w.startswith(self.typed))
                for at, (w, t) in enumerate(zip(words, self.terms, strict=True))
            ) and (self._typed_term is None or self._typed_after(hay, match.end())):
                # (the word being typed, the last, is also found by its beginning)
                return True
            start = match.start() + 1

    def _typed_after(self, hay: str, at: int) -> bool:
        """Whether the word being typed follows place ``at`` of ``hay`` (folded), past
        punctuation and, as between a phrase's words, stop words: a word beginning with
        it, or its other forms (the phrase's gap, read a word at a time)."""
        typed, term = cast(str, self.typed), self._typed_term
        while True:
            found = _NEXT_WORD.match(hay, at)
            if found is None:
                return False
            word = found.group(1)
            if word.startswith(typed) or (stem(word) if self._stemming else word) == term:
                return True
            if self.has_stops or word not in STOPS:
                return False
            at = found.end()


def signed_words(text: str) -> list[tuple[str, str]]:
    """The folded words of ``text`` (a query's, stop words kept), each with the signs it
    ends in that make it another word ("++" of "C++", "*" of "A*"), or ""."""
    return [(word, _signs_after(text, end)) for word, _, end in raw_words(text, stops=False)]


def _signs_after(text: str, end: int) -> str:
    """The signs that make the word of ``text`` ending at ``end`` another word ("++" of
    "C++", "#" of "C#"), when a space or the text's end follows them; else ""."""
    found = WORD_SIGNS.match(text, end)
    if found is None or (found.end() < len(text) and not text[found.end()].isspace()):
        return ""
    return found.group()


def _initial(word: str) -> bool:
    """Whether a folded word of a name is an initial ("b" of "B.")."""
    return len(word) == 1 and word.isascii() and word.isalpha()


class Name:
    """Whether one of a paper's authors is the name a phrase gives, as references write
    names: its words in order, each the author's word or, when one of the two is a
    letter, an initial of the other ("B. Schölkopf" is "Bernhard Schölkopf", and
    "Bernhard Schölkopf" is "B. Schölkopf"); the author's own initials may stand between
    them ("Benjamin Edelman" is "Benjamin L. Edelman"). Each author is read alone: the
    last name of one and the first name of the next are no name. A name in Chinese,
    Japanese or Korean script is the author's in either order of its parts ("三 张" is
    "张三", and "张三" is "三 张" and "张 三": :func:`cjk_name_forms`).
    """

    def __init__(self, text: str, *, prefix: bool = False) -> None:
        found = list(raw_words(text, stops=False))
        self.words = [word for word, _, _ in found]
        #: a name being typed ("Bernhard Schö"): its last word is the beginning of the
        #: author's word, and its clauses leave it out
        self.typed = prefix and bool(self.words)
        #: each word's spelling without its umlauts, as a name written without them is
        #: indexed ("Schölkopf" is also "Schoelkopf", and "Schoelkopf" only that), or
        #: None: a name quoted with the umlaut finds it spelled out as unquoted it does
        self.spelled = [
            None if _initial(word) else umlauts_spelled(text[start:end])
            for word, start, end in found
        ]
        #: how many of the first words are a last name given whole, written before a
        #: comma ("Schölkopf, B."): none of them is an author's initial ("S. Brin")
        before, comma, _ = text.partition(",")
        self.whole = sum(1 for _ in raw_words(before, stops=False)) if comma else 0
        #: a name in CJK script alone: the ways it is written as one word; else None
        parts = cjk_name_parts(text)
        self.cjk = None if parts is None else cjk_name_forms(parts)

    def clauses(self) -> list[list[str]]:
        """The author terms a paper needs for the name to be one of its authors, one
        list of alternatives per word that is no initial: the word, or (but for the last
        word, the last name, and a last name written first) its initial. Empty when every
        word is an initial."""
        last = len(self.words) - 1
        return [
            self._forms(at) + ([word[0]] if self.whole <= at < last and _initial(word[0]) else [])
            for at, word in enumerate(self.words)
            if not _initial(word) and not (self.typed and at == last)
        ]

    def _forms(self, at: int) -> list[str]:
        """Word ``at`` of the name, and its spelling without umlauts when it has one."""
        spelled = self.spelled[at]
        word = self.words[at]
        return [word] if spelled is None or spelled == word else [word, spelled]

    def found_in(self, authors: Iterable[str]) -> bool:
        words = self.words
        if not words:
            return False
        if self.cjk is not None:
            return any(self._cjk_author(author) for author in authors)
        tokenizer = WordTokenizer(stemming=False, stops=False, spellings=True)
        for author in authors:
            if not author.isascii() and self._spelled_author(author):
                return True
            spelled: dict[int, set[str]] = {}
            for token in tokenizer(author, positions=True):
                spelled.setdefault(token.pos, set()).add(token.text)
            parts = [spelled[pos] for pos in sorted(spelled)]
            if any(self._from(0, at, parts) for at in range(len(parts))):
                return True
        return False

    def _cjk_author(self, author: str) -> bool:
        """Whether ``author`` is the name in CJK script (:attr:`cjk`), written as one word
        either way; or, being typed, begins so."""
        parts = cjk_name_parts(author) if not author.isascii() else None
        if parts is None:
            return False
        forms = cjk_name_forms(parts)
        wanted = cast(list[str], self.cjk)
        if self.typed:
            return any(form.startswith(name) for form in forms for name in wanted)
        return any(form in wanted for form in forms)

    def _spelled_author(self, author: str) -> bool:
        """Whether ``author``, a name in CJK script, is the name spelled in Latin letters
        as a citation key spells it (:func:`~tuireader.render.romanise.name_spellings`),
        in either order: "zhang wei", "Wei Zhang" and "W. Zhang" are "张伟"."""
        from tuireader.render.romanise import name_spellings

        parts = cjk_name_parts(author)
        spelled = name_spellings(" ".join(parts)) if parts is not None else None
        if spelled is None:
            return False
        families, given = spelled
        orders = [[set(families)], [set(families), {given}], [{given}, set(families)]]
        return any(
            self._from(0, at, order)
            for order in orders[: 1 if not given else 3]
            for at in range(len(order))
        )

    def _from(self, i: int, at: int, parts: list[set[str]]) -> bool:
        """Whether words ``i``… of the name are the author's from part ``at`` on."""
        if self.typed and i + 1 == len(self.words):
            # the word being typed: the author's word, or its beginning
            return at < len(parts) and any(
                _same_name(word, parts[at], whole=i < self.whole)
                or any(part.startswith(word) for part in parts[at])
                for word in self._forms(i)
            )
        if at >= len(parts) or not any(
            _same_name(word, parts[at], whole=i < self.whole) for word in self._forms(i)
        ):
            return False
        if i + 1 == len(self.words):
            return True
        at += 1
        while True:
            if self._from(i + 1, at, parts):
                return True
            # the author's own initials may stand between the name's words
            if at < len(parts) and any(_initial(part) for part in parts[at]):
                at += 1
                continue
            return False


def _same_name(word: str, spellings: set[str], *, whole: bool = False) -> bool:
    """Whether ``word`` of a name is the author's word spelled ``spellings``, or one is
    the initial of the other (not the author's of a ``whole`` word: a last name)."""
    if word in spellings:
        return True
    if _initial(word):
        return any(part.startswith(word) for part in spellings)
    return not whole and any(_initial(part) and word.startswith(part) for part in spellings)


@functools.lru_cache(maxsize=1024)
def _greek_spelled_text(folded: str) -> str | None:
    """A ``folded`` text with the Greek letters of its words spelled by their names
    (:func:`greek_spelled`: "β-vae" is "beta-vae"); None when it has none to spell."""
    if not _GREEK.search(folded):
        return None
    spelled = _LATIN_RUN.sub(lambda found: greek_spelled(found.group()) or found.group(), folded)
    return spelled if spelled != folded else None


@functools.lru_cache(maxsize=256)
def _umlauts_spelled_text(text: str) -> str:
    """``text`` (lowercase) with its umlauts written as German does without them
    ("schölkopf" → "schoelkopf"; :func:`umlauts_spelled`), kept for the texts a phrase
    was last read in, as :func:`_folded_text` is."""
    return unicodedata.normalize("NFC", text.lower()).translate(_UMLAUTS)


@functools.lru_cache(maxsize=4096)
def _folded_text(text: str) -> str:
    """``fold(text)``, kept for the texts phrases were last looked for in: while a query
    is typed, each keystroke looks in the same papers again, and folding an abstract
    with math, a character at a time, took most of the time of a phrase."""
    return fold(text)


def term_for(word: str, *, stemming: bool) -> str:
    """The index term of one folded raw word."""
    if stemming and not _IS_CJK.match(word):
        return stem(word)
    return word


class WordTokenizer(Tokenizer):
    """Words (folded, optionally stemmed, stop words dropped) and CJK bigrams, in one pass."""

    def __init__(
        self,
        stemming: bool = True,
        stops: bool = True,
        spellings: bool = False,
        stems: bool = False,
        characters: bool = False,
        names: bool = False,
    ) -> None:
        self.stemming = stemming
        self.stops = stops
        #: a word with umlauts is also its spelling without them ("Schoelkopf")
        self.spellings = spellings
        #: a word not stemmed is also its stem, at its position ("transformers" is
        #: "transformer" too): words as written, and their forms folded
        self.stems = stems and not stemming
        #: a CJK run is its characters too, beside its bigrams (:func:`cjk_terms`)
        self.characters = characters
        #: a text of names: a name in CJK script written in parts apart by spaces ("三 张")
        #: is also its parts joined, as written and last part first (:func:`_cjk_junctions`)
        self.names = names

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, WordTokenizer)
            and self.stemming == other.stemming
            and self.stops == other.stops
            and self.spellings == other.spellings
            and self.stems == other.stems
            and self.characters == other.characters
            and self.names == other.names
        )

    def __hash__(self) -> int:
        return hash(
            (self.stemming, self.stops, self.spellings, self.stems, self.characters, self.names)
        )

    def grouped(self, value: str) -> dict[str, list[int]]:
        """Each term of ``value`` with its positions (what indexing needs), fast."""
        return term_positions(
            value,
            stemming=self.stemming,
            stops=self.stops,
            spellings=self.spellings,
            stems=self.stems,
            characters=self.characters,
            names=self.names,
        )

    def counted(self, value: str) -> dict[str, int]:
        """Each term of ``value`` with its count (what a field without positions needs)."""
        return term_counts(
            value,
            stemming=self.stemming,
            stops=self.stops,
            spellings=self.spellings,
            stems=self.stems,
            characters=self.characters,
            names=self.names,
        )

    def __call__(  # type: ignore[override]
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: object,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        pos = start_pos
        stemming = self.stemming
        drop = STOPS if self.stops and removestops else frozenset()
        named = None
        if not value.isascii() and _GREEK.search(value):
            # words with Greek letters have them spelled by their names too, unless the
            # text has those otherwise (:func:`_other_terms`)
            named = term_positions(
                value,
                stemming=stemming,
                stops=self.stops and removestops,
                spellings=self.spellings,
                characters=self.characters,
                letter_names=False,
                names=self.names,
            ).keys()
        junctions = _cjk_name_terms(value) if self.names and not value.isascii() else {}
        runs = 0  # the CJK runs read
        for match in _SPLIT.finditer(value):
            word = match.group(2)
            if word is None:
                run, starts = composed_run(match.group(1))
                for joined in junctions.get(runs, ()):
                    # at the name's place, and over the whole name
                    token.text = joined
                    token.boost = 1.0
                    token.stopped = False
                    if keeporiginal:
                        token.original = joined  # type: ignore[attr-defined]  # Token takes any attribute
                    if positions:
                        token.pos = pos
                    if chars:
                        token.startchar = start_char + match.start()
                        token.endchar = start_char + _name_end(value, match.start())
                    yield token
                runs += 1
                if self.characters:
                    terms = cjk_terms(run)
                else:
                    terms = [(gram, i, i) for i, gram in enumerate(cjk_grams(run))]
                for gram, at, begins in terms:
                    token.text = gram
                    token.boost = 1.0
                    token.stopped = False
                    if keeporiginal:
                        token.original = gram  # type: ignore[attr-defined]  # Token takes any attribute
                    if positions:
                        token.pos = pos + at
                    if chars:
                        # (Hangul written in jamo: where its syllables stand)
                        ends = begins + len(gram)
                        if starts is not None:
                            begins, ends = starts[begins], starts[ends]
                        token.startchar = start_char + match.start() + begins
                        token.endchar = start_char + match.start() + ends
                    yield token
                if positions:
                    pos += max(1, len(run) - 1)
                continue
            if word.isascii():
                folded = word.lower()
                if folded in drop:
                    continue
                token.text = stem(folded) if stemming else folded
            else:
                folded = fold(word)
                if folded in drop:
                    continue
                token.text = stem(folded) if stemming else folded
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = folded  # type: ignore[attr-defined]  # Token takes any
            if positions:
                token.pos = pos
                pos += 1
            if chars:
                token.startchar = start_char + match.start()
                token.endchar = start_char + match.end()
            written = token.text
            yield token
            if self.stems and stem(written) != written:
                token.text = stem(written)  # at the same position and characters
                yield token
            if word.isascii() or not (self.spellings or named is not None):
                continue
            seen = {written, stem(written)} if self.stems else {written}
            others = _other_terms(
                word,
                written,
                umlauts=self.spellings,
                named=named,
                stemming=stemming,
                stops=self.stops and removestops,
            )
            for spelled, other in others:
                if other in seen:
                    continue
                seen.add(other)
                token.text = other  # at the same position and characters
                if keeporiginal:
                    token.original = spelled  # type: ignore[attr-defined]
                yield token
                if self.stems and stem(other) not in seen:
                    seen.add(stem(other))
                    token.text = stem(other)
                    yield token


class PairTokenizer(Tokenizer):
    """The pairs of a field of :func:`stop_pairs`, written apart by spaces, each a term."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PairTokenizer)

    def __hash__(self) -> int:
        return hash("PairTokenizer")

    def counted(self, value: str) -> dict[str, int]:
        """Each pair once (what indexing needs), without a Token object per pair."""
        return dict.fromkeys(value.split(), 1)

    def __call__(  # type: ignore[override]
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: object,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for pos, pair in enumerate(dict.fromkeys(value.split())):
            token.text = pair
            token.boost = 1.0
            token.stopped = False
            if positions:
                token.pos = start_pos + pos
            yield token


class UrlTokenizer(Tokenizer):
    """The parts of URLs: ``https://github.com/a/b`` → https, github, com, a, b."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UrlTokenizer)

    def __hash__(self) -> int:
        return hash("UrlTokenizer")

    def grouped(self, value: str) -> dict[str, list[int]]:
        """Each term of ``value`` with its positions (what indexing needs), fast."""
        out: dict[str, list[int]] = {}
        for pos, part in enumerate(_URL_PART.findall(value)):
            out.setdefault(fold(part), []).append(pos)
        return out

    def __call__(  # type: ignore[override]
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: object,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        pos = start_pos
        for match in _URL_PART.finditer(value):
            token.text = fold(match.group())
            token.boost = 1.0
            token.stopped = False
            if positions:
                token.pos = pos
                pos += 1
            if chars:
                token.startchar = start_char + match.start()
                token.endchar = start_char + match.end()
            yield token


_single_position: dict[int, bytes] = {}
_frequency_value: dict[int, bytes] = {}


class WordField(fields.TEXT):
    """A TEXT field whose indexing goes straight from text to postings.

    Its tokenizer groups the terms itself (``grouped``), so no Token object is made
    per word: indexing is most of the time a build takes. It writes the same terms,
    weights and values as Whoosh's ``Positions`` or ``Frequency`` format fed by the
    same tokenizer (a test compares them). Queries and highlighting still use the
    tokenizer as an ordinary analyzer.
    """

    def term_counts(self, value: str) -> dict[str, int] | None:
        """Each term of ``value`` with its count, in order of first occurrence, when the
        field keeps counts only (Whoosh's ``Frequency`` format); else None."""
        if type(self.format) is not formats.Frequency:
            return None
        counted = getattr(self.analyzer, "counted", None)
        if counted is not None:
            return counted(value)
        grouped = getattr(self.analyzer, "grouped", None)
        if grouped is None:
            return None
        return {term: len(at) for term, at in grouped(value).items()}

    def count_posting(self, n: int) -> tuple[float, bytes]:
        """The weight and value ``Frequency`` gives a term found ``n`` times."""
        encoded = _frequency_value.get(n)
        if encoded is None:  # one shared bytes object per count, not per posting
            encoded = _frequency_value[n] = pack_uint(n)
        fmt = self.format
        assert fmt is not None  # every indexed field has a format
        return n * fmt.field_boost, encoded

    def index(self, value, **kwargs):  # type: ignore[no-untyped-def]
        grouped = getattr(self.analyzer, "grouped", None)
        fmt = self.format
        kind = type(fmt)
        if kwargs or grouped is None or kind not in (formats.Positions, formats.Frequency):
            yield from super().index(value, **kwargs)
            return
        if kind is formats.Frequency:
            for term, n in (self.term_counts(value) or {}).items():
                yield (term.encode("utf-8"), n, *self.count_posting(n))
            return
        boost = fmt.field_boost
        single = _single_position
        for term, positions in grouped(value).items():
            n = len(positions)
            if n == 1:
                encoded = single.get(positions[0])
                if encoded is None:
                    encoded = fmt.encode(positions)
                    if positions[0] < 4096:
                        single[positions[0]] = encoded
            else:
                encoded = fmt.encode(positions)
            yield term.encode("utf-8"), n, n * boost, encoded
