"""From the words of a query to the (field, term) pairs of the index they may match.

Shared by the two evaluators that read the index (``plan``, the fast path, and
``compiled``, through Whoosh's matchers), and by ``scan``, which reads the library's
terms in memory when there is no index. ``Context`` is what the first two read: the
library, its vocabulary and an open searcher (``Lexicon``, the part the terms are made
with, is what ``scan`` gives); ``Compiled`` collects what compiling a query learns
besides the query itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tuireader.ingest.links import index_text, link_address
from tuireader.model import Library, Link
from tuireader.search import query as ql
from tuireader.search.analysis import (
    STOPS,
    is_cjk,
    raw_words,
    signed_words,
    stem,
    umlauts_spelled,
)
from tuireader.search.documents import Documents
from tuireader.search.fastsearch import BEGUN_WEIGHT, Alternative, TypedClause
from tuireader.search.vocabulary import PREFIX_MAX_WORDS, Vocabulary

#: answers a triage filter (``is:kept``, ``tag:x``, ``has:note``) with paper ids, or None
#: when there is no triage data to ask.
FilterResolver = Callable[[str, str], "set[str] | None"]

TEXT_FIELDS = ("title", "abstract")
NAME_FIELDS = ("authors", "lists", "venue", "keywords")
DEFAULT_FIELDS = (*TEXT_FIELDS, *NAME_FIELDS, "urls")
#: fields of names that hold each word's stem beside it, as written ("transformers"
#: finds the keyword "transformer", ``area:optimisation`` "Optimization")
STEMMED_TOO = ("keywords",)
#: the fields a plain word written as an acronym looks in: not the authors' names
_ACRONYM_FIELDS = tuple(name for name in DEFAULT_FIELDS if name != "authors")
#: the words of the titles and of the abstracts joined by hyphens, written as one, by
#: the field they are in: a plain word looks there too ("nonconvex" finds "non-convex"),
#: and a word of one field in that field's ("title:nonconvex")
JOINED_FIELDS = {"title": "title_joined", "abstract": "abstract_joined"}
#: the words of the titles and of the abstracts with umlauts spelled without them
#: ("schoelkopf" of "Schölkopf"), by the field they are in: looked in as those of
#: ``JOINED_FIELDS`` are
SPELLED_FIELDS = {"title": "title_spelled", "abstract": "abstract_spelled"}
#: the pairs of words of which one is a stop word, by the field they are in
#: (``analysis.stop_pairs``): what a phrase that says a stop word needs there
PAIR_FIELDS = {"title": "title_pairs", "abstract": "abstract_pairs"}
#: the words written with umlauts, each with its spelling without them
UMLAUTS_FIELD = "umlauts"
#: a prefix expands, past its first word, to no more postings than this share of the
#: library (``PREFIX_MAX_WORDS`` words at most)...
PREFIX_POSTING_SHARE = 0.25
#: (times this for the shortest prefixes).
SHORT_PREFIX_SHARE = {1: 0.2, 2: 0.5}
#: author, list and venue names are prefix-matched from this many letters on (shorter:
#: only the whole name); two-letter expansions cost ~10 ms a keystroke at 2.6k papers
NAME_PREFIX_MIN = 3
#: names prefix-matched from their first letter: the lists open are few, and their names
#: split into words at "_" ("zotero_b" is "zotero" and the "b" of "biblatex" being typed)
FEW_NAMES = frozenset({"lists"})


@dataclass
class Compiled:
    """What compiling a query learns besides the query itself."""

    #: raw words (folded) a hit may show, for highlighting
    forms: set[str] = field(default_factory=set)
    #: the user's words, for suggestions
    words: list[str] = field(default_factory=list)
    #: some part of the query ranks by relevance (not filters or exclusions only)
    scored: bool = False
    #: False when a prefix was expanded to its most frequent words only
    exact: bool = True
    problems: list[str] = field(default_factory=list)


@dataclass
class Lexicon:
    """What the words of a query are made terms with: the library, its vocabulary and a
    searcher whose ``reader()`` says which terms each field has and how many papers have
    each (``__contains__``, ``doc_frequency``, ``expand_prefix``, ``field_terms``)."""

    library: Library
    vocabulary: Vocabulary
    #: a ``whoosh.searching.Searcher``, or the library's terms in memory (``scan``)
    searcher: Any
    _joined: dict[str, frozenset[str]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _umlauts: dict[str, tuple[str, ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def budget(self, prefix: str = "") -> int:
        return budget(len(self.library), prefix)

    def frequency(self, fieldname: str, term: str) -> int:
        """How many papers of the library have ``term`` in ``fieldname``."""
        return self.searcher.reader().doc_frequency(fieldname, term)

    def joined(self, fieldname: str) -> frozenset[str]:
        """The terms of the words written with hyphens in one of ``JOINED_FIELDS``, read
        once: a word looks there only for a term it has (a few thousand terms, where
        asking the index for each word's term took a third of a keystroke's search)."""
        found = self._joined.get(fieldname)
        if found is None:
            found = frozenset(self.searcher.reader().field_terms(fieldname))
            self._joined[fieldname] = found
        return found

    def umlauts(self, word: str) -> tuple[str, ...]:
        """The spellings without umlauts of the library's words written with them that
        are ``word`` typed without them ("schoelkopf" of "scholkopf", where a paper says
        "Schölkopf"), from the index's pairs (``analysis.umlaut_pairs``), read once."""
        found = self._umlauts
        if found is None:
            spellings: dict[str, list[str]] = {}
            for pair in self.searcher.reader().field_terms(UMLAUTS_FIELD):
                plain, _, spelled = pair.partition(">")
                spellings.setdefault(plain, []).append(spelled)
            found = self._umlauts = {plain: tuple(each) for plain, each in spellings.items()}
        return found.get(word, ())


@dataclass
class Context(Lexicon):
    """What the evaluators read: the library, its vocabulary, the index's searcher and
    the paper of each of its documents."""

    #: the paper of each document of ``searcher``
    documents: Documents = field(kw_only=True)
    #: the library's documents, when the index holds papers of other lists too
    only: set[int] | None = None
    _frequencies: dict[tuple[str, str], int] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def frequency(self, fieldname: str, term: str) -> int:
        """How many papers of the library have ``term`` in ``fieldname``: of its papers
        only, when the index holds those of lists not open too (a name of theirs is no
        completion of a prefix here, nor does it tell this library's papers apart), read
        from the term's postings once."""
        reader = self.searcher.reader()
        only = self.only
        if only is None:
            return reader.doc_frequency(fieldname, term)
        key = (fieldname, term)
        found = self._frequencies.get(key)
        if found is None:
            found = 0
            if key in reader:
                found = sum(1 for doc in reader.postings(fieldname, term).all_ids() if doc in only)
            self._frequencies[key] = found
        return found


def budget(papers: int, prefix: str = "") -> int:
    """How many postings a prefix may expand to past its first word.

    One and two letters get a fifth and a half of the budget: they match most of
    the library whatever they expand to, and are replaced by the next keystroke.
    """
    share = PREFIX_POSTING_SHARE * SHORT_PREFIX_SHARE.get(len(prefix), 1.0)
    return max(2_000, int(papers * share))


def word_alternatives(
    word: str, fieldname: str | None, *, acronym: bool = False
) -> list[Alternative]:
    """The (field, term) pairs one raw word (or CJK gram) may match; a plain word not the
    authors' names when it is written as an ``acronym`` (:func:`is_acronym`)."""
    alts: list[Alternative] = []
    for name in (fieldname,) if fieldname else _ACRONYM_FIELDS if acronym else DEFAULT_FIELDS:
        if name in TEXT_FIELDS:
            if word not in STOPS:
                alts.append((name, word if is_cjk(word) else stem(word)))
        else:
            alts.append((name, word))
            if name in STEMMED_TOO and stem(word) != word:
                alts.append((name, stem(word)))
    if word not in STOPS and not is_cjk(word):
        alts.extend((joined, stem(word)) for joined in joined_fields(fieldname))
    return alts


def joined_fields(fieldname: str | None) -> tuple[str, ...]:
    """The fields of words written with hyphens, and of words with umlauts spelled
    without them, that a word of ``fieldname`` (None: a plain word) looks in too."""
    if fieldname is None:
        return (*JOINED_FIELDS.values(), *SPELLED_FIELDS.values())
    joined = JOINED_FIELDS.get(fieldname)
    return (joined, SPELLED_FIELDS[fieldname]) if joined else ()


_JOINED = frozenset([*JOINED_FIELDS.values(), *SPELLED_FIELDS.values()])


def held(ctx: Lexicon, alts: list[Alternative]) -> list[Alternative]:
    """``alts`` without a term of the words written with hyphens that none is."""
    return [alt for alt in alts if alt[0] not in _JOINED or alt[1] in ctx.joined(alt[0])]


def name_prefix(ctx: Lexicon, fieldname: str, prefix: str) -> list[str]:
    """Terms of an unstemmed field starting with ``prefix``, most frequent first, budgeted."""
    reader = ctx.searcher.reader()
    if len(prefix) < NAME_PREFIX_MIN and fieldname not in FEW_NAMES and not is_cjk(prefix):
        # too short to expand cheaply; a whole short name ("Li", "Wu") still counts
        return [prefix] if ctx.frequency(fieldname, prefix) else []
    found: list[str] = []
    freq: dict[str, int] = {}
    for term in reader.expand_prefix(fieldname, prefix):
        text = term.decode("utf-8") if isinstance(term, bytes) else term
        freq[text] = ctx.frequency(fieldname, text)
        if not freq[text]:
            continue  # a name of the lists not open only
        found.append(text)
        if len(found) >= 4 * PREFIX_MAX_WORDS:
            break
    found.sort(key=lambda t: (t != prefix, -freq[t], t))
    chosen: list[str] = []
    postings, limit = 0, ctx.budget(prefix)
    for term in found[:PREFIX_MAX_WORDS]:
        if chosen and postings + freq[term] > limit:
            break
        chosen.append(term)
        postings += freq[term]
    return chosen


def year_clauses(
    ctx: Lexicon, text: str, out: Compiled, prefix: bool = False
) -> list[list[Alternative]]:
    """The clause for ``year:text``: one year, or each year of the index in a range.
    The parser leaves out a value that names no years (and says so), unless it is the
    last word, still being typed: that finds the years it begins (``year:20``, the
    2000s), as a word being typed finds the words it begins."""
    bounds = ql.typed_year_bounds(text) if prefix else ql.year_bounds(text)
    if bounds is None:
        return [[("year", text.strip())]]
    out.scored = True
    low, high = bounds
    if low == high:
        return [[("year", str(low))]]
    years = [
        term
        for term in ctx.searcher.reader().field_terms("year")
        if term.isdigit() and low <= int(term) <= high
    ]
    # no year of the index in the range: a term no paper has, so that nothing matches
    return [[("year", year) for year in years] or [("year", text.strip())]]


def term_clauses(ctx: Lexicon, node: ql.Term, out: Compiled) -> list[list[Alternative]]:
    """One clause per word of ``node``: each must match one of its alternatives."""
    if node.field == "year":
        return year_clauses(ctx, node.text, out, node.prefix)
    text = node.text
    if node.field == "urls":
        at = address_alternatives(ctx, text, node.prefix)
        if at:
            out.scored = True
            return [at]
        text = link_words(text)
    found = list(raw_words(text, stops=not node.prefix))
    if not found:  # stop words only (a query of nothing else: ql.without_common_words)
        return []
    out.scored = True
    out.words.append(node.text)
    last = found.pop() if node.prefix else None
    clauses = []
    for word, start, end in found:
        if word in STOPS:
            continue
        out.forms.add(word)
        out.forms.update(ctx.vocabulary.forms_of(word))
        clauses.append(_whole_word(ctx, node, text[start:end], word, out))
    if last is not None:
        word, start, end = last
        acronym = node.field is None and is_acronym(text[start:end])
        alts = prefix_alternatives(ctx, word, node.field, out, acronym=acronym)
        if not text[start:end].isascii():
            # typed with umlauts: the words its spelling without them begins too
            typed = umlauts_spelled(text[start:end])
            if typed is not None and typed != word:
                alts.extend(prefix_alternatives(ctx, typed, node.field, out, acronym=acronym))
                alts = list(dict.fromkeys(alts))
        # the word as typed so far, as a finished word (a paper that has it ranks as a
        # search of the word ranks it), and the words it begins (after those that have it)
        whole = [] if word in STOPS else _whole_word(ctx, node, text[start:end], word, out)
        alts = alts if node.field else telling(ctx, alts)
        clauses.append(TypedClause([*whole, *alts], whole, _begun_weight(ctx, whole, alts)))
    return clauses


def _begun_weight(ctx: Lexicon, whole: list[Alternative], alts: list[Alternative]) -> float:
    """What a paper found by the words a word being typed begins only scores, of what
    they score (``fastsearch.TypedClause``): :data:`BEGUN_WEIGHT` where the word as typed
    is a finished word, as the papers found say it more than the words it begins ("graph"
    over "graphene", "diffusion" over "diffusion-based"); else all of it, the word being
    the beginning of others ("mod" of "model", "m")."""
    own = set(whole)
    said = sum(ctx.frequency(name, term) for name, term in own)
    if not said:
        return 1.0
    begun = sum(
        ctx.frequency(name, term) for name, term in dict.fromkeys(alts) if (name, term) not in own
    )
    return BEGUN_WEIGHT if said >= begun else 1.0


def _whole_word(
    ctx: Lexicon, node: ql.Term, written: str, word: str, out: Compiled
) -> list[Alternative]:
    """The alternatives of a word of ``node`` (``written`` as typed, ``word`` folded) as a
    finished word of a query has them."""
    acronym = node.field is None and is_acronym(written)
    alts = word_alternatives(word, node.field, acronym=acronym)
    for spelled in spellings(ctx, written, word):
        out.forms.add(spelled)
        alts.extend(word_alternatives(spelled, node.field, acronym=acronym))
    alts = held(ctx, list(dict.fromkeys(alts)))
    return alts if node.field else telling(ctx, alts)


def spellings(ctx: Lexicon, written: str, word: str) -> list[str]:
    """The other spellings a word of a query (``word``, folded, ``written`` as typed)
    finds, as German writes a word with umlauts without them: typed with umlauts, its
    spelling so ("Schölkopf" finds "Schoelkopf", as "schoelkopf" finds "Schölkopf");
    typed without, that of the library's words with umlauts it is ("scholkopf" finds
    "Schoelkopf" where a paper says "Schölkopf"). A word with "oe" is no word with "ö"
    otherwise: "dos" finds no "does". Typed with the umlaut, "Schölkopf" found 8 papers
    of the ICML 2024 list and the real lists, not the 2 whose author is written
    "Schoelkopf"."""
    found = dict.fromkeys(ctx.umlauts(word))
    if not written.isascii():
        spelled = umlauts_spelled(written)
        if spelled is not None:
            found[spelled] = None
    found.pop(word, None)
    return list(found)


def is_acronym(written: str) -> bool:
    """Whether a word of a query is written in capitals, as an acronym is ("GAN",
    "SAM", "BO"): a plain word written so does not look in the authors' names. In the
    ICML 2024 papers and the real lists, "GAN" is said by 44 papers and names authors
    of 17 more, "BO" (Bayesian optimization) is said by 13 and names authors of 61, "DE"
    3 and 52; an author's name is typed as a name is, or with ``author:``."""
    return len(written) > 1 and written.isupper()


def phrase_alternatives(
    ctx: Lexicon, node: ql.Phrase, out: Compiled
) -> list[tuple[str, list[str]]] | None:
    """The fields a phrase may be found in, each with the terms it needs there: one term,
    that term; more, or one beside stop words ("in context"), in a title or an abstract
    (which keep no word positions and no stop words), each of them, the phrase then
    checked on the text (``analysis.Phrase``); more, in a field of
    names, one after another. None when the phrase has no words (nothing to look for);
    empty when they are stop words only where they are looked for (nothing matches)."""
    spans = list(raw_words(node.text, stops=False))
    words = [w for w, _, _ in spans]
    if not words:
        return None
    out.scored = True
    out.words.append(node.text)
    together = None if node.prefix else ql.together(node.text)
    if together is not None:  # "Llama 2", "i.i.d.": side by side, not every "2" or "i"
        out.forms.add(together)
    for word, sign in signed_words(node.text) if together is None else ():
        if sign:  # "C++" is highlighted as written, not every "c"
            out.forms.add(word + sign)
            continue
        out.forms.add(word)
        out.forms.update(ctx.vocabulary.forms_of(word))
    # "C++" is looked for as written, in the text: no name or keyword is read so
    signed = ql.signed(node.text)
    if len(words) == 1 and not signed:
        acronym = node.field is None and is_acronym(node.text.strip())
        (word, start, end), *_ = spans
        alts = word_alternatives(word, node.field, acronym=acronym)
        # quoted as unquoted: "Schölkopf" finds "Schoelkopf" too
        for spelled in spellings(ctx, node.text[start:end], word):
            out.forms.add(spelled)
            alts.extend(word_alternatives(spelled, node.field, acronym=acronym))
        if node.field is None and word not in STOPS:
            # quoted as unquoted: "robot" finds the papers that say it, not every paper
            # of the "Conference on Robot Learning" (a stop word, "on", which the texts
            # keep none of, is looked for as written: in the names)
            alts = telling(ctx, alts)
        return [(name, [text]) for name, text in dict.fromkeys(alts)]
    found: list[tuple[str, list[str]]] = []
    if node.prefix:
        # a phrase being typed: its words but the last, whose beginning only is known;
        # the papers that have them are then read (``analysis.Phrase``, ``analysis.Name``,
        # :func:`typed_in_order`)
        before = words[:-1]
        for name in (node.field,) if node.field else (*TEXT_FIELDS, *NAME_FIELDS):
            if name in TEXT_FIELDS:
                terms = [
                    stem(w) if not is_cjk(w) else w for w in _uncited(before) if w not in STOPS
                ]
                found.append((name, terms))
            elif not signed:
                found.append((name, [stem(w) for w in before] if name in STEMMED_TOO else before))
        return found
    for name in (node.field,) if node.field else (*TEXT_FIELDS, *NAME_FIELDS):
        if signed and name not in TEXT_FIELDS:
            continue
        if name in TEXT_FIELDS:
            terms = [stem(w) if not is_cjk(w) else w for w in _uncited(words) if w not in STOPS]
            if signed and not terms:
                # "A*": a stop word with its sign, which the index keeps no term of, is
                # looked for in the text of every paper
                found.append((name, terms))
                continue
        elif name in STEMMED_TOO:
            terms = [stem(w) for w in words]  # stop words kept, as the field keeps them
        else:
            terms = words
        if terms:
            found.append((name, terms))
    return found


#: at most this many other spellings of a phrase are looked for (:func:`phrase_spellings`)
PHRASE_SPELLINGS_MAX = 4


def phrase_spellings(ctx: Lexicon, node: ql.Phrase) -> tuple[list[str], dict[str, list[str]]]:
    """The text of a phrase with its words spelled otherwise, as each finds its word
    typed alone (:func:`spellings`): "schoelkopf kernel" of "schölkopf kernel", and of
    "scholkopf kernel" where a paper writes "Schölkopf"; and the terms of those
    spellings in a title or an abstract by the term of the word ("schoelkopf" by
    "scholkopf"). Empty, both, for most phrases."""
    text = node.text
    variants = [text]
    terms: dict[str, list[str]] = {}
    for word, start, end in reversed(list(raw_words(text, stops=False))):
        others = spellings(ctx, text[start:end], word)
        if not others:
            continue
        if word not in STOPS and not is_cjk(word):
            terms.setdefault(stem(word), []).extend(stem(other) for other in others)
        variants = [
            each[:start] + spelled + each[end:]
            for each in variants
            for spelled in [text[start:end], *others]
        ][: PHRASE_SPELLINGS_MAX + 1]
    return variants[1:], terms


def phrase_clauses(
    ctx: Lexicon, fieldname: str, terms: list[str], spelled: dict[str, list[str]]
) -> list[list[Alternative]]:
    """The (field, term) pairs each of the ``terms`` of a phrase in a title or an
    abstract may be found by: the term; the terms of its other spellings (``spelled``,
    of :func:`phrase_spellings`); and, where a text writes a word with umlauts that is
    spelled so without them, the word's term in the field of those spellings
    (``SPELLED_FIELDS``): "schoelkopf kernel" needs "kernel" and "schoelkopf" either
    way written in the title."""
    spelled_field = SPELLED_FIELDS[fieldname]
    clauses = []
    for term in terms:
        more = spelled.get(term, ())
        # (a word with umlauts spelled without them has "ae", "oe" or "ue")
        if not more and not _UMLAUTS_SPELLED.search(term):
            clauses.append([(fieldname, term)])
            continue
        alts = [(fieldname, each) for each in (term, *more)]
        alts += [(spelled_field, each) for _, each in alts if _UMLAUTS_SPELLED.search(each)]
        clauses.append(held(ctx, list(dict.fromkeys(alts))))
    return clauses


_UMLAUTS_SPELLED = re.compile("[aou]e")


def _uncited(words: list[str]) -> list[str]:
    """``words`` without the "al" of an "et al.", which titles and abstracts keep no term
    of (``index.title_text``): ``"smith et al"`` is looked for by "smith" and "et", then
    read as written in the text."""
    if "al" not in words:
        return words
    return [w for i, w in enumerate(words) if w != "al" or i == 0 or words[i - 1] != "et"]


def typed_word(node: ql.Phrase, fieldname: str) -> tuple[str, str]:
    """The word of a phrase being typed that is unfinished, its last (folded), and the
    term it is in ``fieldname`` when it is finished (its stem, in a field of stems too)."""
    *_, (word, _, _) = raw_words(node.text, stops=False)
    return word, stem(word) if fieldname in STEMMED_TOO else word


def typed_in_order(wanted: list[str], typed: tuple[str, str], terms: list[set[str]]) -> bool:
    """Whether ``wanted`` stand one after another in ``terms`` (the terms at each
    position of a field of names), followed by the word being typed (``typed_word``):
    a word beginning so, or its term as the finished word has it ("networks" finds the
    keyword "network", as the phrase "networks" does)."""
    size = len(wanted)
    begun, whole = typed
    return any(
        all(word in terms[at + i] for i, word in enumerate(wanted))
        and (whole in terms[at + size] or any(t.startswith(begun) for t in terms[at + size]))
        for at in range(len(terms) - size)
    )


#: what ``is:detached`` says where it is not answered (the reader, which shows the papers
#: of the lists): where the marks of papers of none of them are found
DETACHED_ELSEWHERE = (
    "is:detached: the marks on papers of none of the lists are no papers here; "
    "tuireader search is:detached lists them (words and filters after it narrow them)"
)


def filter_ids(
    node: ql.Filter, out: Compiled, resolve: FilterResolver | None
) -> tuple[set[str], bool] | None:
    """The ids of the papers a filter the triage answers names (``is:``, ``tag:``,
    ``has:note``; not a ``has:`` of links, which the index holds), and whether they are
    left out (``is:new``: the papers of no other state). None when it cannot be answered,
    and that said in ``out.problems``: a value the filter does not take, no triage data."""
    if node.name == "is" and node.value == "new" and resolve is not None:
        # new is the default: everything that has any other state is excluded
        others = resolve("is", "*")
        if others is not None:
            return others, True
    unknown = ql.unknown_value(node)
    if unknown is not None:
        out.problems.append(unknown)
        return None
    ids = resolve(node.name, node.value) if resolve else None
    if ids is None and (node.name, node.value) == ("is", ql.IS_DETACHED):
        # the reader's papers are the lists' own, of which none is detached: the filter
        # matches none of them, where left out it let the query's words find papers
        out.problems.append(DETACHED_ELSEWHERE)
        return set(), False
    if ids is None:
        value = ql.shortened(node.value)
        out.problems.append(f"{node.name}:{value} needs triage data, which is not open")
        return None
    return ids, False


def link_words(text: str) -> str:
    """The words ``url:text`` looks for in the words of the links: for an address no link
    has, those the index keeps of a code link there (its host's names, its path's parts:
    ``github.com/zhouxian`` looks for "github zhouxian", the owner's repositories);
    else ``text``."""
    if not ql.looks_like_address(text):
        return text
    return index_text(Link(text, "code"))


def address_alternatives(ctx: Lexicon, text: str, prefix: bool = False) -> list[Alternative]:
    """The links' addresses that ``url:text`` names, when ``text`` is one: a host (with the
    hosts under it: ``mlr.press``) or a link (``https://github.com/a/b/`` is the link
    ``github.com/a/b``), as ``links.address_terms`` indexes them. Being typed (``prefix``),
    the addresses that begin so as well. Empty when ``text`` is no address of the index:
    its words are then looked for in the links' words (:func:`link_words`)."""
    if not ql.looks_like_address(text):
        return []
    address = link_address(text)
    found = [("addresses", address)] if ctx.frequency("addresses", address) else []
    if prefix and address:
        found.extend(
            ("addresses", term)
            for term in name_prefix(ctx, "addresses", address)
            if term != address
        )
    return found


#: fields of names that a plain word matches only where they tell papers apart.
_SHARED_NAMES = ("lists", "venue")


def telling(ctx: Lexicon, alts: list[Alternative]) -> list[Alternative]:
    """``alts`` without the list and venue names a plain word only happens to be part of.

    A plain word finds papers by the name of their list or venue only when it is what
    the word mostly means in this library: fewer papers say the word in their own text
    than half of those carrying the name ("corl", "collas", "l4dc"). A word the papers
    themselves use ("robot", in "Conference on Robot Learning"; "control", in "Learning
    for Dynamics and Control") finds the papers that say it, not every paper of a list.
    A name every paper carries tells none apart. ``list:`` and ``venue:`` always match.
    """
    everyone = len(ctx.library)
    said = max(
        (ctx.frequency(name, text) for name, text in alts if name in TEXT_FIELDS),
        default=0,
    )
    kept = []
    for name, text in alts:
        if name in _SHARED_NAMES:
            carried = ctx.frequency(name, text)
            if carried >= everyone or 2 * said >= carried:
                continue
        kept.append((name, text))
    return kept


def prefix_alternatives(
    ctx: Lexicon, last: str, fieldname: str | None, out: Compiled, *, acronym: bool = False
) -> list[Alternative]:
    alts: list[Alternative] = []
    if fieldname in (None, *TEXT_FIELDS):
        expanded, complete = ctx.vocabulary.expand(last, ctx.budget(last))
        out.exact = out.exact and complete
        out.forms.update(expanded)
        # the words with umlauts the completions are typed without, spelled so too
        spelled = [other for w in expanded for other in ctx.umlauts(w)]
        out.forms.update(spelled)
        stems = {stem(w) if not is_cjk(w) else w for w in [*expanded, *spelled] if w not in STOPS}
        if last not in STOPS and not is_cjk(last):
            # the word as typed so far may be whole: it finds at least what it finds
            # finished ("fairness" finds "fair" before the space, as after it)
            stems.add(stem(last))
            out.forms.update(ctx.vocabulary.forms_of(last))
        alts.extend(
            (name, s)
            for name in ((fieldname,) if fieldname else TEXT_FIELDS)
            for s in sorted(stems)
        )
        # the few of them written with hyphens too ("nonconv": "non-convex")
        for name in joined_fields(fieldname):
            joined = ctx.joined(name)
            alts.extend((name, s) for s in sorted(stems) if s in joined)
    if fieldname is None or fieldname not in TEXT_FIELDS:
        for name in (fieldname,) if fieldname else (*NAME_FIELDS, "urls"):
            if acronym and name == "authors":
                continue
            names = name_prefix(ctx, name, last)
            names += [other for t in names for other in ctx.umlauts(t) if other not in names]
            out.forms.update(names)
            alts.extend((name, t) for t in names)
    return alts
