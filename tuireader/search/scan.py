"""Searching without an index: the query answered from the library's terms, in memory.

Used when no index can be had (a data folder that cannot be written, a build that
failed). ``LibraryTerms`` reads each paper's fields as the index does
(``index.document`` and the schema's analyzers: titles and abstracts stemmed, names as
written, links by their words and addresses, years whole), once per library; ``scan``
makes a query's words the index's terms as its evaluators do (``terms``: word forms,
prefixes, list and venue names, links, years, phrases, triage filters), so a query
finds the same papers with the index and without it. The hits come in list order:
nothing is ranked.
"""

from __future__ import annotations

import bisect
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, cast

from tuireader.model import Library, Paper
from tuireader.search import query as ql
from tuireader.search import stopping
from tuireader.search.analysis import Name, Phrase
from tuireader.search.index import document, field_sequence, phrase_text, schema, text_words
from tuireader.search.terms import (
    PAIR_FIELDS,
    TEXT_FIELDS,
    Compiled,
    FilterResolver,
    Lexicon,
    filter_ids,
    phrase_alternatives,
    phrase_clauses,
    phrase_spellings,
    term_clauses,
    typed_in_order,
    typed_word,
)
from tuireader.search.vocabulary import Vocabulary

#: papers (their places in the list) that have a term
Postings = Sequence[int]
#: papers read between two reports of the words read (``LibraryTerms``'s progress)
PROGRESS_EVERY = 250


class LibraryTerms:
    """The terms of each field of a library's papers, as the index holds them: for each
    (field, term), the papers that have it, by their place in the list. Answers the
    questions the words of a query are made terms with (``terms.Lexicon``) as the
    index's reader does: ``__contains__``, ``doc_frequency``, ``expand_prefix``,
    ``field_terms``."""

    def __init__(
        self, library: Library, progress: Callable[[int, int], None] | None = None
    ) -> None:
        #: the papers read, in list order (the library's, when these were made)
        self.papers = library.papers
        total = len(self.papers)
        fields = schema()
        #: the fields a query searches or a filter reads (not the paper's id)
        self._analyzers: dict[str, Any] = {
            name: fields[name].analyzer
            for name in fields.names()
            if fields[name].indexed and name != "id"
        }
        grouped: dict[str, dict[str, list[int]]] = {name: {} for name in self._analyzers}
        #: the raw words of the titles and abstracts (``index.build_vocab``)
        words: Counter[str] = Counter()
        for at, paper in enumerate(self.papers):
            stopping.check()  # (read while an index is built, they stop with it)
            if progress is not None and at % PROGRESS_EVERY == 0:
                progress(at, total)  # (several seconds at a few thousand papers)
            values = document(paper, "")
            words.update(text_words(values["title"], values["abstract"]))
            for name, analyzer in self._analyzers.items():
                postings = grouped[name]
                for term in _terms(analyzer, values[name]):
                    found = postings.get(term)
                    if found is None:
                        postings[term] = [at]
                    else:
                        found.append(at)
        self._postings = {
            name: {term: array("i", found) for term, found in postings.items()}
            for name, postings in grouped.items()
        }
        #: each field's terms, sorted when first asked for (prefixes)
        self._sorted: dict[str, list[str]] = {}
        self.vocabulary = Vocabulary(dict(words))
        self.lexicon = Lexicon(library=library, vocabulary=self.vocabulary, searcher=self)

    def docs(self, fieldname: str, text: str) -> Postings:
        """The papers with ``text`` in ``fieldname``, in list order."""
        return self._postings.get(fieldname, {}).get(text, ())

    def sequence(self, fieldname: str, at: int) -> list[set[str]]:
        """The terms at each position of a field of the paper at ``at``, in order
        (phrases of names): a name with umlauts is two terms at one ("Schölkopf" is
        "scholkopf" and "schoelkopf")."""
        return field_sequence(self.papers[at], fieldname)

    # -- what terms asks of an index's reader ------------------------------------------

    def reader(self) -> LibraryTerms:
        return self

    def __contains__(self, key: object) -> bool:
        fieldname, text = cast("tuple[str, str]", key)  # (field, term), as Whoosh takes
        return text in self._postings.get(fieldname, {})

    def doc_frequency(self, fieldname: str, text: str) -> int:
        return len(self.docs(fieldname, text))

    def field_terms(self, fieldname: str) -> list[str]:
        found = self._sorted.get(fieldname)
        if found is None:
            found = self._sorted[fieldname] = sorted(self._postings.get(fieldname, {}))
        return found

    def expand_prefix(self, fieldname: str, prefix: str) -> Iterator[str]:
        terms = self.field_terms(fieldname)
        for at in range(bisect.bisect_left(terms, prefix), len(terms)):
            if not terms[at].startswith(prefix):
                break
            yield terms[at]


def _terms(analyzer: Any, text: str) -> Iterable[str]:
    """The distinct terms the index keeps of ``text`` in a field of ``analyzer``."""
    grouped = getattr(analyzer, "counted", None) or getattr(analyzer, "grouped", None)
    if grouped is not None:  # the index's own tokenizers: no Token objects
        return cast("dict[str, Any]", grouped(text)).keys()
    return dict.fromkeys(token.text for token in analyzer(text))


def scan(
    terms: LibraryTerms,
    root: ql.Node | None,
    out: Compiled,
    limit: int | None,
    resolve: FilterResolver | None,
) -> tuple[list[Paper], int]:
    """The first ``limit`` papers matching ``root`` in list order, and how many match,
    as the index finds them (``compiled``); what making the terms learns goes to ``out``
    (the words to highlight, a prefix expanded in part, what cannot be answered)."""
    found = _Evaluation(terms, resolve).found(root, out)
    if found is None:  # nothing to look for, as the index finds: nothing
        return [], 0
    places = sorted(found)
    shown = places if limit is None else places[:limit]
    papers = terms.papers
    return [papers[at] for at in shown], len(places)


class _Evaluation:
    """A query's papers (their places in the list) from the library's terms."""

    def __init__(self, terms: LibraryTerms, resolve: FilterResolver | None) -> None:
        self.terms = terms
        self.resolve = resolve
        self.everyone = set(range(len(terms.papers)))

    def found(self, node: ql.Node | None, out: Compiled) -> set[int] | None:
        """The papers of ``node``; None when it looks for nothing (left out of an AND or
        an OR, as the index leaves it)."""
        if node is None:
            return None
        if isinstance(node, ql.Term):
            clauses = term_clauses(self.terms.lexicon, node, out)
            if not clauses:
                return None
            return set.intersection(*(self._any(alts) for alts in clauses))
        if isinstance(node, ql.Phrase):
            return self._phrase(node, out)
        if isinstance(node, ql.Filter):
            return self._filter(node, out)
        if isinstance(node, ql.Not):
            # the words left out are not the query's own (nothing to highlight)
            inner = self.found(node.child, Compiled(problems=out.problems))
            return None if inner is None else self.everyone - inner
        parts = [self.found(child, out) for child in node.children]
        kept = [part for part in parts if part is not None]
        if not kept:
            return None
        if isinstance(node, ql.And):
            return set.intersection(*kept)
        return set.union(*kept)

    def _any(self, alts: Iterable[tuple[str, str]]) -> set[int]:
        found: set[int] = set()
        for fieldname, text in alts:
            found.update(self.terms.docs(fieldname, text))
        return found

    def _phrase(self, node: ql.Phrase, out: Compiled) -> set[int] | None:
        alts = phrase_alternatives(self.terms.lexicon, node, out)
        if alts is None:
            return None
        terms, papers = self.terms, self.terms.papers
        lexicon = self.terms.lexicon
        others, spelled = phrase_spellings(lexicon, node)
        phrase = Phrase(node.text, prefix=node.prefix, others=others)
        named = Name(node.text, prefix=node.prefix)
        found: set[int] = set()
        for fieldname, wanted in alts:
            if node.prefix:
                # being typed (as ``compiled``): the words before the last, then the text,
                # the authors' names or the field's words in order
                if fieldname == "authors":
                    clauses = [[(fieldname, t) for t in each] for each in named.clauses()]
                elif fieldname in TEXT_FIELDS:
                    clauses = phrase_clauses(lexicon, fieldname, wanted, spelled)
                else:
                    clauses = [[(fieldname, t)] for t in wanted]
                having = set.intersection(set(self.everyone), *map(self._any, clauses))
                if fieldname in TEXT_FIELDS:
                    found.update(
                        at
                        for at in having
                        if phrase.found_in(
                            phrase_text(papers[at], fieldname, starred=phrase.starred)
                        )
                    )
                elif fieldname == "authors":
                    found.update(at for at in having if named.found_in(papers[at].authors))
                else:
                    typed = typed_word(node, fieldname)
                    found.update(
                        at
                        for at in having
                        if typed_in_order(wanted, typed, terms.sequence(fieldname, at))
                    )
                continue
            if len(wanted) > 1 and fieldname == "authors" and named.clauses():
                # a name with initials, or an author's: the words or initials, then the names
                having = set.intersection(
                    *(self._any((fieldname, t) for t in each) for each in named.clauses())
                )
                found.update(at for at in having if named.found_in(papers[at].authors))
                continue
            if fieldname in TEXT_FIELDS and len(wanted) > 1:
                # a word may be written with umlauts, or without (``phrase_clauses``)
                clauses = phrase_clauses(lexicon, fieldname, wanted, spelled)
                having = set.intersection(set(self.everyone), *map(self._any, clauses))
            else:
                having = set.intersection(
                    set(self.everyone), *(set(terms.docs(fieldname, t)) for t in wanted)
                )
            if len(wanted) == 1 and not (phrase.as_written and fieldname in TEXT_FIELDS):
                found |= having
            elif fieldname in TEXT_FIELDS:
                # titles and abstracts: the words, the pairs with stop words, then the
                # text when the pairs do not tell (as ``compiled``)
                if phrase.pairs is not None:
                    for key in phrase.pairs:
                        having &= set(terms.docs(PAIR_FIELDS[fieldname], key))
                    if phrase.pairs_enough:
                        found |= having
                        continue
                found.update(
                    at
                    for at in having
                    if phrase.found_in(phrase_text(papers[at], fieldname, starred=phrase.starred))
                )
            else:
                found.update(
                    at for at in having if _in_order(wanted, terms.sequence(fieldname, at))
                )
        return found

    def _filter(self, node: ql.Filter, out: Compiled) -> set[int] | None:
        if node.name == "has" and node.value in ql.INDEX_HAS:
            return set(self.terms.docs("has", node.value))
        answered = filter_ids(node, out, self.resolve)
        if answered is None:
            return None
        ids, left_out = answered
        found = {at for at, paper in enumerate(self.terms.papers) if paper.id in ids}
        return self.everyone - found if left_out else found


def _in_order(wanted: list[str], terms: list[set[str]]) -> bool:
    """Whether ``wanted`` stand one after another in ``terms`` (the terms at each
    position: a phrase's positions)."""
    size = len(wanted)
    return any(
        all(word in terms[at + i] for i, word in enumerate(wanted))
        for at in range(len(terms) - size + 1)
    )
