"""How text becomes index terms: one fast tokenizer shared by the index and the queries.

Whoosh's stock analyzers keep a whole CJK clause as one token and keep
``github.com/x/y`` as one token; these split CJK runs into overlapping bigrams and URLs
into their parts. Stemming uses Porter with a cache, so word forms fold together
("models" and "model" are one term). The same functions give the raw (unstemmed)
lowercase words that the vocabulary, prefix search and highlighting work on.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from whoosh.analysis import STOP_WORDS, Token, Tokenizer
from whoosh.lang.porter import stem as _porter_stem

_CJK = (
    "\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
)
#: a run of letters/digits that are not CJK; and a run of CJK characters.
LATIN_WORD = re.compile(rf"(?:(?![{_CJK}])[^\W_])+")
CJK_RUN = re.compile(rf"[{_CJK}]+")
_IS_CJK = re.compile(rf"[{_CJK}]")
_URL_PART = re.compile(r"[^\W_]+")

STOPS = frozenset(STOP_WORDS)
_stem_cache: dict[str, str] = {}


def fold(word: str) -> str:
    """Lowercase and strip accents ("Müller" → "muller")."""
    word = word.lower()
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def stem(word: str) -> str:
    """The Porter stem of a folded word (cached: the same words recur constantly)."""
    cached = _stem_cache.get(word)
    if cached is None:
        cached = _porter_stem(word) if word.isascii() else word
        if len(_stem_cache) > 200_000:
            _stem_cache.clear()
        _stem_cache[word] = cached
    return cached


def is_cjk(text: str) -> bool:
    return bool(_IS_CJK.search(text))


def cjk_grams(run: str) -> list[str]:
    """Overlapping bigrams of a CJK run; a single character stays a unigram."""
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


_SPLIT = re.compile(rf"([{_CJK}]+)|((?:(?![{_CJK}])[^\W_])+)")


def raw_words(text: str, *, stops: bool = True) -> Iterator[tuple[str, int, int]]:
    """Folded words of ``text`` with their character offsets (CJK runs as bigrams)."""
    for match in _SPLIT.finditer(text):
        word = match.group(2)
        if word is None:
            run = match.group(1)
            start = match.start()
            for i, gram in enumerate(cjk_grams(run)):
                yield gram, start + i, start + i + len(gram)
            continue
        folded = word.lower() if word.isascii() else fold(word)
        if stops and folded in STOPS:
            continue
        yield folded, match.start(), match.end()


def word_set(text: str) -> set[str]:
    """The distinct folded words of ``text`` (no offsets, stop words dropped): fast."""
    out: set[str] = set()
    for cjk, word in _SPLIT.findall(text.lower()):
        if cjk:
            out.update(cjk_grams(cjk))
        else:
            out.add(word if word.isascii() else fold(word))
    out -= STOPS
    return out


def term_for(word: str, *, stemming: bool) -> str:
    """The index term of one folded raw word."""
    if stemming and not _IS_CJK.match(word):
        return stem(word)
    return word


class WordTokenizer(Tokenizer):
    """Words (folded, optionally stemmed, stop words dropped) and CJK bigrams, in one pass."""

    def __init__(self, stemming: bool = True, stops: bool = True) -> None:
        self.stemming = stemming
        self.stops = stops

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, WordTokenizer)
            and self.stemming == other.stemming
            and self.stops == other.stops
        )

    def __hash__(self) -> int:
        return hash((self.stemming, self.stops))

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
        for match in _SPLIT.finditer(value):
            word = match.group(2)
            if word is None:
                run = match.group(1)
                grams = cjk_grams(run)
                for i, gram in enumerate(grams):
                    token.text = gram
                    token.boost = 1.0
                    token.stopped = False
                    if keeporiginal:
                        token.original = gram
                    if positions:
                        token.pos = pos
                        pos += 1
                    if chars:
                        token.startchar = start_char + match.start() + i
                        token.endchar = token.startchar + len(gram)
                    yield token
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
                token.text = folded
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = folded
            if positions:
                token.pos = pos
                pos += 1
            if chars:
                token.startchar = start_char + match.start()
                token.endchar = start_char + match.end()
            yield token


class UrlTokenizer(Tokenizer):
    """The parts of URLs: ``https://github.com/a/b`` → https, github, com, a, b."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UrlTokenizer)

    def __hash__(self) -> int:
        return hash("UrlTokenizer")

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
