"""The raw words of the library, for prefix expansion, word forms and corrections."""

from __future__ import annotations

import bisect

from tuireader.search.analysis import stem

#: a prefix expands to at most this many words
PREFIX_MAX_WORDS = 24


class Vocabulary:
    """The raw words of the library with document frequencies, sorted for prefix lookup."""

    def __init__(self, counts: dict[str, int], stems: dict[str, str] | None = None) -> None:
        self.counts = counts
        self._words: list[str] | None = None
        #: stems worked out when the index was written (words missing are their own stem)
        self._stems = stems
        self._by_stem: dict[str, list[str]] | None = None
        #: the words by their first letter, for spelling corrections (see ``suggest``)
        self.by_initial: dict[str, list[str]] | None = None

    @property
    def words(self) -> list[str]:
        """The words, sorted (sorted when first asked for: a search of whole words
        needs no prefix lookup, and 100,000 papers have some 115,000 words)."""
        words = self._words
        if words is None:
            words = self._words = sorted(self.counts)
        return words

    @property
    def stems(self) -> dict[str, str] | None:
        """The stems saved with the vocabulary (None: worked out when needed)."""
        return self._stems

    def starting_with(self, prefix: str) -> list[str]:
        lo = bisect.bisect_left(self.words, prefix)
        hi = bisect.bisect_left(self.words, prefix + "\U0010ffff")
        return self.words[lo:hi]

    def expand(self, prefix: str, budget: int) -> tuple[list[str], bool]:
        """The most frequent words starting with ``prefix``; False when some were left out.

        The prefix itself, when it is a word, comes first and costs nothing of the
        ``budget`` (it is looked for as the word typed so far anyway): the budget of
        postings is for the words it begins, the most frequent always one of them. At
        100,000 papers, "m" (a word of 3,111) took the place of "models" (61,348), over
        the budget of a one-letter prefix, so "state-of-the-art m" found the papers
        saying "m", not those saying "models"."""
        candidates = self.starting_with(prefix)
        if len(candidates) <= 1:
            return candidates, True
        ranked = sorted(candidates, key=lambda w: (w != prefix, -self.counts[w], w))
        chosen: list[str] = []
        postings = 0
        begun = False  # a word the prefix begins is chosen
        for word in ranked:
            if len(chosen) >= PREFIX_MAX_WORDS or (begun and postings + self.counts[word] > budget):
                break
            chosen.append(word)
            if word != prefix:
                begun = True
                postings += self.counts[word]
        return chosen, len(chosen) == len(candidates)

    def forms_of(self, word: str) -> list[str]:
        """Every raw word with the same stem as ``word`` ("model" → model, models, modeling)."""
        known = self._stems
        if self._by_stem is None:
            # With the stems saved beside the index, only the words that are not their
            # own stem need grouping (a tenth of the vocabulary); a word that is its own
            # stem is a form of itself alone.
            by_stem: dict[str, list[str]] = {}
            if known is not None:
                for w, key in known.items():
                    by_stem.setdefault(key, []).append(w)
            else:
                for w in self.words:
                    by_stem.setdefault(stem(w), []).append(w)
            self._by_stem = by_stem
        key = stem(word)
        forms = self._by_stem.get(key, [])
        if known is not None and key in self.counts and key not in known:
            forms = [key, *forms]
        return forms
