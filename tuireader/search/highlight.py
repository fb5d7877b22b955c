"""Highlighting: where the words of a query, in any of their forms, stand in a text.

``query_forms`` gives the raw words a query stands for (its words, their other forms
in the library's vocabulary, a prefix's completions); a search result carries them
(``SearchResult.terms``) so that a front end highlights with ``spans_in`` without
parsing the query again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from tuireader.search import query as ql
from tuireader.search.analysis import (
    CJK_RUN,
    LATIN_WORD,
    ascii_words,
    composed_run,
    fold,
    greek_spelled,
    is_cjk,
    raw_words,
    signed_words,
    umlauts_spelled,
)
from tuireader.search.vocabulary import Vocabulary

Span = tuple[int, int]


class Marker:
    """Finds the words of a query (any of their raw forms) in a text, as character spans.

    Scans the text's words once and looks each up in a set, which is far cheaper than
    one regular expression with an alternative per form.
    """

    def __init__(self, forms: Iterable[str]) -> None:
        self.forms = frozenset(f for f in forms if f)
        self.cjk = frozenset(f for f in self.forms if is_cjk(f))
        #: words with the signs that make them other words ("c++", "a*"): found with
        #: their signs, not wherever the letter stands
        self.signed = frozenset(f for f in self.forms if f[-1] in _SIGNS)
        #: words found only side by side, as a phrase finds them ("llama 2", "i.i.d":
        #: ``query.together``)
        self.together = tuple(_together_pattern(f) for f in self.forms if " " in f or "." in f)

    def __eq__(self, other: object) -> bool:
        """Markers of the same words find the same spans."""
        return isinstance(other, Marker) and other.forms == self.forms

    def __hash__(self) -> int:
        return hash(self.forms)

    def spans(self, text: str) -> tuple[Span, ...]:
        if not self.forms or not text:
            return ()
        found = self._word_spans(text)
        if "al" in self.forms and "et" not in self.forms:
            found = _uncited(text, found)
        if not self.signed and not self.together:
            return found
        low = text.lower()
        if len(low) != len(text):
            return found
        signed = _signed_spans(low, self.signed)
        together = [span for p in self.together for m in p.finditer(low) for span in m.regs[1:]]
        return tuple(sorted({*found, *signed, *together}))

    def _word_spans(self, text: str) -> tuple[Span, ...]:
        low = text.lower()
        if len(low) != len(text):  # a rare character whose lowercase is longer
            return tuple((a, b) for w, a, b in raw_words(text, stops=False) if w in self.forms)
        if low.isascii() and not self.cjk:
            return _ascii_spans(low, self.forms.intersection(ascii_words(low)))
        forms = self.forms
        found = [
            m.span()
            for m in LATIN_WORD.finditer(low)
            if m.group() in forms
            or (
                not m.group().isascii()
                # "Schölkopf" is "scholkopf", and "schoelkopf" as German spells it; "α"
                # is "alpha", as a query has it (``query._greek_named``)
                and (
                    fold(m.group()) in forms
                    or umlauts_spelled(m.group()) in forms
                    or greek_spelled(fold(m.group())) in forms
                )
            )
        ]
        if self.cjk:
            for m in CJK_RUN.finditer(text):
                start = m.start()
                run, starts = composed_run(m.group())
                at = (
                    range(start, start + len(run) + 1)
                    if starts is None
                    else [start + i for i in starts]
                )
                pairs = [i for i in range(len(run) - 1) if run[i : i + 2] in self.cjk]
                found.extend((at[i], at[i + 2]) for i in pairs)
                # a character looked for alone ("大", a word of Chinese), wherever it
                # stands in a run and no bigram marked already holds it
                covered = {*pairs, *(i + 1 for i in pairs)}
                found.extend(
                    (at[i], at[i + 1])
                    for i, char in enumerate(run)
                    if char in self.cjk and i not in covered
                )
            found.sort()
        return tuple(found)


#: the "et" of "et al." ("et. al"), just before the "al"
_ET_BEFORE = re.compile(r"(?<![^\W_])et\.?\s+$", re.IGNORECASE)


def _uncited(text: str, found: tuple[Span, ...]) -> tuple[Span, ...]:
    """``found`` without the "al" of an "et al.", which the index keeps no term of
    (``index.title_text``): ``al`` finds AL and Al, and marks them, not a citation."""
    return tuple(
        (start, end)
        for start, end in found
        if text[start:end].lower() != "al" or not _ET_BEFORE.search(text, max(0, start - 16), start)
    )


#: the signs a word may end in that make it another word (``query.WORD_SIGNS``)
_SIGNS = "+#*"


def _together_pattern(form: str) -> re.Pattern[str]:
    """Where the words of ``form`` ("llama 2", "non i.i.d") stand side by side, apart by
    spaces or a hyphen ("LLaMA-2-70b", "non-i.i.d."), each a group; not "GPT-4o"."""
    pieces = []
    for word in form.split(" "):
        piece = re.escape(word)
        if "." in word and word[-1].isalpha():
            piece += r"\.?"  # "i.i.d" as "i.i.d." too
        pieces.append(f"({piece})")
    apart = rf"(?:\s+|[{re.escape(ql.HYPHENS)}])"
    return re.compile(rf"(?<![^\W_]){apart.join(pieces)}(?![^\W_])")


def _signed_spans(low: str, signed: Iterable[str]) -> list[Span]:
    """Where the words with signs ``signed`` ("c++") stand in the lowercase ``low``: after
    no letter or digit, and before no other sign ("c++" is not in "c+++"), as a search
    finds them."""
    found = []
    for word in signed:
        at = low.find(word)
        while at >= 0:
            end = at + len(word)
            if (at == 0 or not low[at - 1].isalnum()) and (
                end == len(low) or low[end] not in _SIGNS
            ):
                found.append((at, end))
            at = low.find(word, at + 1)
    return found


def _ascii_spans(low: str, present: Iterable[str]) -> tuple[Span, ...]:
    """Where the ``present`` words stand as whole words in the lowercase ASCII ``low``.

    Most of an abstract's words are not query words: they are set aside in C (split,
    set intersection), and only the few present are looked for, with ``str.find``.
    """
    found = []
    size = len(low)
    for word in present:
        at = low.find(word)
        while at >= 0:
            end = at + len(word)
            if (at == 0 or not low[at - 1].isalnum()) and (end == size or not low[end].isalnum()):
                found.append((at, end))
                at = low.find(word, end)
            else:
                at = low.find(word, at + 1)
    found.sort()
    return tuple(found)


def marker(forms: Iterable[str]) -> Marker | None:
    marker = Marker(forms)
    return marker if marker.forms else None


def spans_in(text: str, pattern: Marker | None) -> tuple[Span, ...]:
    if pattern is None or not text:
        return ()
    return pattern.spans(text)


def query_forms(
    root: ql.Node | None,
    vocabulary: Vocabulary,
    budget: Callable[[str], int],
    umlauts: Callable[[str], Iterable[str]] | None = None,
) -> frozenset[str]:
    """The raw words to highlight for the query ``root`` parsed with ``prefix=True``: each
    positive word with its forms, and the completions of a prefix (within ``budget``): of
    a word being typed, or of the last word of a phrase being typed (``"graph neur``).
    A word typed with umlauts has its spelling without them too ("schoelkopf" of
    "Schölkopf"), and so has one typed without them that the library's words with
    umlauts are, as ``umlauts`` gives them (``terms.Lexicon.umlauts``)."""
    forms: set[str] = set()
    for node in ql.words(root):
        together = None if node.prefix else ql.together(node.text)
        if isinstance(node, ql.Phrase) and together is not None:
            forms.add(together)  # "Llama 2", "i.i.d.": side by side, not every "2" or "i"
            continue
        ws = signed_words(node.text)
        for i, (word, sign) in enumerate(ws):
            if sign:  # "C++" is highlighted as written, not every "c"
                forms.add(word + sign)
                continue
            forms.add(word)
            if node.prefix and i == len(ws) - 1:
                forms.update(vocabulary.expand(word, budget(word))[0])
            else:
                forms.update(vocabulary.forms_of(word))
        if not node.text.isascii():
            for word, start, end in raw_words(node.text, stops=False):
                spelled = umlauts_spelled(node.text[start:end])
                if spelled is not None and spelled != word:
                    forms.add(spelled)
    if umlauts is not None:
        forms.update([other for form in forms for other in umlauts(form)])
    return frozenset(forms)


def spans_of(text: str, forms: Iterable[str]) -> tuple[Span, ...]:
    """Where any of the raw words ``forms`` (a result's ``terms``) stands in ``text``."""
    return spans_in(text, marker(forms))
