"""Catalogs: files of real paper metadata that give bare abstracts their titles.

A list of abstracts says nothing about who wrote a paper or what it is called. A catalog
(JSONL, JSON, BibTeX or CSV with a title, authors and abstract per record) does. This
module loads catalogs, matches a paper to a catalog record by identifier, by its
normalised abstract, by its exact title, or by a damage-tolerant fuzzy comparison of the
abstract, and returns a new :class:`~tuireader.model.Library` whose matched papers carry
the catalog's metadata. Paper ids never change, so triage state stays attached.

The fuzzy match compares word sequences (longest common subsequence, via rapidfuzz) of
a few candidates found through an inverted index of rare words, and accepts a record only
when almost all of the query's words appear in it in order, a good part of the record is
covered, and no other record comes close.
"""

from __future__ import annotations

import csv
import heapq
import io
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from rapidfuzz.distance import LCSseq

from tuireader.model import Library, Link, LinkKind, Paper, PaperList, Problem

#: file suffixes read as catalogs (``.txt`` lists carry no titles, so they are not catalogs).
CATALOG_SUFFIXES: tuple[str, ...] = (".jsonl", ".json", ".bib", ".csv")

#: fuzzy acceptance: share of the query's words that must appear, in order, in the record.
QUERY_COVERAGE = 0.85
#: share of the record's words the query must cover (tolerates a missing last sentence).
ENTRY_COVERAGE = 0.5
#: a shorter piece of an abstract (its opening sentences) still matches when at least
#: this many words are found almost verbatim (``FRAGMENT_COVERAGE``) in one record and
#: cover at least ``FRAGMENT_ENTRY_COVERAGE`` of it.
FRAGMENT_WORDS = 20
FRAGMENT_COVERAGE = 0.95
FRAGMENT_ENTRY_COVERAGE = 0.25
#: the best record must beat the runner-up's query coverage by at least this much.
MARGIN = 0.1
#: abstracts shorter than this many words are matched exactly or not at all.
MIN_FUZZY_WORDS = 8
#: how many rare words of the query are looked up, and how many records are compared.
_RARE_WORDS = 16
_MIN_COMMON = 8
_CANDIDATES = 4

MatchMethod = Literal["exact", "fuzzy", "id", "title"]


# --------------------------------------------------------------------------- data


@dataclass(frozen=True)
class CatalogEntry:
    """One record of a catalog: the real metadata of one paper."""

    title: str = ""
    authors: tuple[str, ...] = ()
    abstract: str = ""
    venue: str | None = None
    year: int | None = None
    url: str | None = None
    pdf: str | None = None
    openreview: str | None = None
    openreview_id: str | None = None
    pmlr_key: str | None = None
    doi: str | None = None
    code_urls: tuple[str, ...] = ()
    project_urls: tuple[str, ...] = ()


@dataclass(frozen=True)
class Catalog:
    """A loaded catalog file; ``problems`` says what could not be read."""

    name: str
    path: Path
    entries: tuple[CatalogEntry, ...] = ()
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class Match:
    """A catalog record found for a paper, how it was found and how sure the match is."""

    entry: CatalogEntry
    #: 1.0 for exact, id and title matches; for fuzzy matches the share of the query's
    #: words found in order in the record.
    score: float
    method: MatchMethod


# --------------------------------------------------------------------------- normalisation

_QUOTES = re.compile("[\u2018\u2019\u201a\u201b\u2032\u00b4`\u201c\u201d\u201e\u201f\u2033\"]")
_DASHES = re.compile("[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]")
#: a line broken after a hyphen ("state-of-\nthe-art") reads as one word
_BROKEN_HYPHEN = re.compile(r"-\s+")

#: LaTeX commands that only format their argument; dropped so ``\mathcal{O}`` reads ``O``.
_FORMAT_COMMANDS = frozenset(
    "mathcal mathbf mathrm mathit mathbb mathsf mathtt mathfrak boldsymbol bm text textbf "
    "textit textrm texttt emph operatorname left right big bigl bigr Big displaystyle "
    "scriptstyle mbox hat tilde bar widehat widetilde overline underline vec".split()
)
_LATEX_COMMAND = re.compile(r"\\([A-Za-z]+)|\\.")
_WORD = re.compile(r"\w+")
_GREEK = re.compile("[\u0370-\u03ff]")


def normalise_abstract(text: str) -> str:
    """The key two copies of one abstract share exactly.

    Folds Unicode compatibility forms (NFKC), case, curly/straight quotes, dashes,
    ``$`` and ``*`` markup, and all whitespace (so re-wrapped lines do not matter).
    """
    text = unicodedata.normalize("NFKC", text).replace("$", "").replace("*", "")
    text = _DASHES.sub("-", _QUOTES.sub("'", text)).casefold()
    return " ".join(_BROKEN_HYPHEN.sub("-", text).split())


def normalise_title(title: str) -> str:
    """A title reduced to its lower-case words, for exact title comparison."""
    return " ".join(_words(title))


def _greek_name(match: re.Match[str]) -> str:
    name = unicodedata.name(match.group(), "")
    return f" {name.rsplit(' ', 1)[-1].lower()} " if name.startswith("GREEK") else match.group()


def _latex_word(match: re.Match[str]) -> str:
    command = match.group(1)
    if command is None or command in _FORMAT_COMMANDS:
        return " "
    return f" {command} "


def _words(text: str) -> list[str]:
    """The words of ``text`` as a reader would see them, for fuzzy comparison.

    Greek letters and LaTeX commands become their names (``ε`` and ``\\epsilon`` both
    read ``epsilon``), formatting commands and all punctuation disappear.
    """
    text = unicodedata.normalize("NFKC", text)
    if _GREEK.search(text):
        text = _GREEK.sub(_greek_name, text)
    if "\\" in text:
        text = _LATEX_COMMAND.sub(_latex_word, text)
    return _WORD.findall(text.casefold())


def normalise_doi(doi: str) -> str:
    doi = doi.strip().lower()
    for prefix in ("https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "doi:"):
        if doi.startswith(prefix):
            doi = doi[len(prefix) :]
    return doi


_ARXIV = re.compile(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5})", re.IGNORECASE)


def arxiv_id(url: str) -> str | None:
    """The arXiv identifier (without version) in an arXiv URL, if any."""
    found = _ARXIV.search(url)
    return found.group(1) if found else None


def _entry_ids(entry: CatalogEntry) -> list[tuple[str, str]]:
    ids: list[tuple[str, str]] = []
    if entry.doi:
        ids.append(("doi", normalise_doi(entry.doi)))
    if entry.openreview_id:
        ids.append(("openreview", entry.openreview_id.strip()))
    if entry.pmlr_key:
        ids.append(("pmlr", entry.pmlr_key.strip()))
    for url in (entry.url, entry.pdf):
        found = arxiv_id(url or "")
        if found:
            ids.append(("arxiv", found))
    return ids


# --------------------------------------------------------------------------- matching


class Matcher:
    """Finds the catalog record for an abstract (and optional title and identifiers).

    Building costs one pass over the records; each lookup compares the query with a
    handful of candidates only, so matching thousands of abstracts takes well under a
    second.
    """

    def __init__(self, entries: Sequence[CatalogEntry]) -> None:
        self.entries: tuple[CatalogEntry, ...] = tuple(entries)
        self._exact: dict[str, int] = {}
        self._titles: dict[str, int | None] = {}
        self._ids: dict[tuple[str, str], int] = {}
        self._docs: list[tuple[int, list[int]]] = []
        for index, entry in enumerate(self.entries):
            for key in _entry_ids(entry):
                self._ids.setdefault(key, index)
            title = normalise_title(entry.title)
            if title:
                # a title two records share identifies neither of them
                self._titles[title] = None if title in self._titles else index
            if not entry.abstract.strip():
                continue
            key = normalise_abstract(entry.abstract)
            if key in self._exact:
                continue  # the same abstract twice: the first record stands for both
            self._exact[key] = index
            self._docs.append((index, list(map(hash, _words(entry.abstract)))))
        # inverted index of the words that are rare enough to single out a few records
        word_sets = [set(tokens) for _, tokens in self._docs]
        self._df: Counter[int] = Counter()
        for words in word_sets:
            self._df.update(words)
        self._common = max(_MIN_COMMON, len(self._docs) // 20)
        rare = {token for token, count in self._df.items() if count <= self._common}
        postings: defaultdict[int, list[int]] = defaultdict(list)
        for doc, words in enumerate(word_sets):
            for token in words & rare:
                postings[token].append(doc)
        self._postings: dict[int, list[int]] = dict(postings)

    def __len__(self) -> int:
        return len(self.entries)

    def match(
        self,
        abstract: str,
        title: str | None = None,
        *,
        doi: str | None = None,
        openreview_id: str | None = None,
        pmlr_key: str | None = None,
        arxiv: str | None = None,
    ) -> Match | None:
        """The record this paper is, or None when no record is certain enough.

        Tries identifiers (DOI, OpenReview id, PMLR key, arXiv id), then the exact
        normalised abstract, then the exact title (pass a title only when the source
        gave one, never a derived one), then the fuzzy abstract comparison.
        """
        for kind, value in (
            ("doi", normalise_doi(doi) if doi else None),
            ("openreview", openreview_id),
            ("pmlr", pmlr_key),
            ("arxiv", arxiv),
        ):
            if value and (kind, value.strip()) in self._ids:
                return Match(self.entries[self._ids[(kind, value.strip())]], 1.0, "id")
        if abstract.strip():
            index = self._exact.get(normalise_abstract(abstract))
            if index is not None:
                return Match(self.entries[index], 1.0, "exact")
        if title:
            index = self._titles.get(normalise_title(title))
            if index is not None and len(normalise_title(title)) >= 12:
                return Match(self.entries[index], 1.0, "title")
        if abstract.strip():
            return self._fuzzy(abstract)
        return None

    def _candidates(self, query: list[int]) -> list[int]:
        """Records sharing the most of the query's rarest words (an inverted-index lookup)."""
        postings = self._postings
        known = [token for token in set(query) if token in postings]
        known.sort(key=self._df.__getitem__)
        votes: Counter[int] = Counter()
        for token in known[:_RARE_WORDS]:
            votes.update(postings[token])
        return [doc for doc, _ in votes.most_common(_CANDIDATES)]

    def _fuzzy(self, abstract: str) -> Match | None:
        words = _words(abstract)
        if len(words) < MIN_FUZZY_WORDS:
            return None
        query = list(map(hash, words))
        scored: list[tuple[float, float, int]] = []
        for doc in self._candidates(query):
            index, tokens = self._docs[doc]
            common = LCSseq.similarity(query, tokens)
            scored.append((common / len(query), common / len(tokens), index))
        if not scored:
            return None
        scored.sort(reverse=True)
        best_query, best_entry, best_index = scored[0]
        if best_query < QUERY_COVERAGE:
            return None
        if best_entry < ENTRY_COVERAGE and not (
            best_query >= FRAGMENT_COVERAGE
            and len(query) >= FRAGMENT_WORDS
            and best_entry >= FRAGMENT_ENTRY_COVERAGE
        ):
            return None  # too little of the record: a passage, not the paper
        if len(scored) > 1 and best_query - scored[1][0] < MARGIN:
            return None  # two records fit about equally well: attach neither
        return Match(self.entries[best_index], round(best_query, 4), "fuzzy")
