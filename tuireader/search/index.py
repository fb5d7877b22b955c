"""The persistent Whoosh index: schema, incremental updates, locking and recovery.

The index lives in ``<data dir>/index``. Beside Whoosh's own files it keeps
``tuireader.json`` (schema version and a fingerprint per indexed paper) and
``vocab.json`` (the raw words of the library with their document frequencies, which
prefix search and highlighting use). Opening compares the library with the
fingerprints and writes only what changed: an unchanged library writes nothing. Lists
read from a stream (``-``, a pipe) have an index of their own, ``<data dir>/index-streams``
(:func:`index_paths`).

Only one process writes at a time (``index.lock``). A process that finds the index
locked waits a bounded time, then searches the index as it is, read-only. The
manifest records the size and modification time of each index file, so a truncated,
deleted or overwritten file is seen at start; an index that fails to open for any
reason, or was written by another schema version, is rebuilt, and the result says so
(``search.open_engine`` also rebuilds an index whose files fail when read).

A full build is written in a fresh ``index.new-PID`` folder and swapped in whole; its
forked helper process dies with it. Folders left by killed builds are removed by the
next writer, and so is an old index that could not be removed as a new one took its
place (another user's, unreadable), once it can be; nothing else beside the index is
touched. Whoosh commits updates atomically, so a writer killed mid-commit leaves the
previous state. When the disk is full, the previous index keeps serving (with a
message) and no half-written file is left; when the data folder cannot be written, a
current index is searched as it is and anything else is left to a scan.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import functools
import hashlib
import json
import os
import re
import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from whoosh import fields, index
from whoosh.analysis import Analyzer, Composable, KeywordAnalyzer
from whoosh.filedb.filestore import FileStorage
from whoosh.filedb.structfile import BufferFile, StructFile
from whoosh.index import LockError

from tuireader.ingest.formats.prose import strip_markup
from tuireader.ingest.links import address_terms, index_text
from tuireader.ingest.sources import list_stem, stream_word, streamed
from tuireader.ingest.venues import venue_aliases
from tuireader.model import Library, Paper, PaperList
from tuireader.render.journalnames import journal_part
from tuireader.search import stopping, whooshdoor
from tuireader.search.analysis import (
    STOPS,
    PairTokenizer,
    UrlTokenizer,
    WordField,
    WordTokenizer,
    fold,
    joined_words,
    math_compounds,
    math_words,
    stem,
    stop_pairs,
    umlaut_pairs,
    without_command_names,
    word_set,
)
from tuireader.search.query import as_typed, shortened, year_bounds
from tuireader.search.segments import can_fork, write_new
from tuireader.search.whooshdoor import segment_files
from tuireader.system.listnames import is_named_apart, names_apart, told_apart, unnumbered
from tuireader.system.memory import LARGE, release_freed_memory
from tuireader.system.paths import DataPaths

if TYPE_CHECKING:
    from tuireader.render.textrender import Rendered

#: Bump when the schema or the analysis changes: older indexes are rebuilt.
SCHEMA_VERSION = 38
MANIFEST = "tuireader.json"
BUILD_LOCK = "index.lock"
VOCAB = "vocab.json"
#: How long a second process waits for another's index update before reading as-is.
LOCK_WAIT_SECONDS = 10.0
#: Full builds of at least this many papers are built in two parts (``built_in_parts``).
PARALLEL_BUILD_MIN = 2_000
TITLE_BOOST = 2.5
WRITER_OPTIONS = {"limitmb": 128}
#: Papers of lists that are not open now stay in the index (so opening their lists again
#: writes nothing) up to this many; beyond, those of the lists opened longest ago go.
OTHERS_MAX = 100_000
#: Vocabularies kept for libraries other than the current one (a few MB each at 100k).
VOCABS_KEPT = 4
#: Libraries up to this size get Whoosh's compound segment file; larger ones separate
#: files. A reader copies each part of a compound file it opens into memory: postings
#: read about 30% faster (ICML 2024: 18.5 ms against 26.8 ms for eight common terms)
#: for about 2 KB per paper, which at 100,000 papers is 400 MB more resident memory.
COMPOUND_MAX = 20_000

Progress = Callable[[int, int], None]


def _analyzer(tokenizer: Composable) -> Analyzer:
    """``tokenizer`` as a field's analyzer. Whoosh runs any Composable (a tokenizer, a
    chain) as one, though its fields' annotations ask for an ``Analyzer``."""
    return cast(Analyzer, tokenizer)


def schema() -> fields.Schema:
    text = _analyzer(WordTokenizer(stemming=True, characters=True))
    names = _analyzer(WordTokenizer(stemming=False, stops=False, spellings=True))
    # the authors' names: a name in CJK script by each of its characters too ("张" finds
    # "张三"), and by its parts joined either way ("张三" finds "三 张")
    people = _analyzer(
        WordTokenizer(stemming=False, stops=False, spellings=True, characters=True, names=True)
    )
    keywords = _analyzer(WordTokenizer(stemming=False, stops=False, spellings=True, stems=True))
    pairs = _analyzer(PairTokenizer())
    return fields.Schema(
        id=fields.ID(stored=True, unique=True),
        fp=fields.STORED(),
        # No positions for titles and abstracts: phrases are checked on the text
        # (search.Phrase), and postings without them read several times faster.
        title=WordField(analyzer=text, field_boost=TITLE_BOOST, phrase=False),
        abstract=WordField(analyzer=text, phrase=False),
        # the words of the title and of the abstract joined by hyphens, written as one
        # ("nonconvex" of "non-convex"): fields of their own, so that a paper's title
        # and abstract keep their lengths, and its rank, whatever hyphens they have; one
        # for each, so that ``title:nonconvex`` finds "non-convex" in titles only, and a
        # title that writes it so ranks as one that writes "nonconvex"
        title_joined=WordField(analyzer=text, field_boost=TITLE_BOOST, phrase=False),
        abstract_joined=WordField(analyzer=text, phrase=False),
        # the words of each with umlauts spelled without them ("schoelkopf" of
        # "Schölkopf"), so that "schoelkopf" finds "Schölkopf" as "scholkopf" does:
        # fields of their own too, so that the others keep their lengths
        title_spelled=WordField(analyzer=text, field_boost=TITLE_BOOST, phrase=False),
        abstract_spelled=WordField(analyzer=text, phrase=False),
        # the pairs of words in a row of which one is a stop word ("in>contex" of "in
        # context", as ``analysis.stop_pairs`` gives them) in the text a phrase is looked
        # for in: a phrase that says a stop word is found from them, not from the texts
        title_pairs=WordField(analyzer=pairs, phrase=False),
        abstract_pairs=WordField(analyzer=pairs, phrase=False),
        authors=WordField(analyzer=people),
        lists=WordField(analyzer=names),
        venue=WordField(analyzer=names),
        # author keywords, arXiv categories and the primary area: searched by default;
        # each word as written and its stem ("transformers" and "transformer" are one)
        keywords=WordField(analyzer=keywords),
        # Oral, Spotlight, Poster, Reject, Withdraw: only with ``status:``
        status=WordField(analyzer=names),
        year=fields.ID(),
        has=fields.KEYWORD(analyzer=_analyzer(KeywordAnalyzer(lowercase=True))),
        urls=WordField(analyzer=_analyzer(UrlTokenizer()), phrase=False),
        # links' hosts and addresses, each one term (``url:mlr.press``, ``url:ADDRESS``)
        addresses=fields.KEYWORD(scorable=True),
        # the words written with umlauts, each with its spelling without them
        # (``analysis.umlaut_pairs``: "scholkopf>schoelkopf"): a word typed without the
        # umlaut finds that spelling too, in the libraries that write the word with it
        umlauts=WordField(analyzer=pairs, phrase=False),
    )


def venue_text(paper: Paper) -> str:
    """The venue as the source names it, its proceedings or journal, and its short names
    (``venue:corl`` finds "7th Annual Conference on Robot Learning"), then the journal
    reference an arXiv record gives (``venue:phys.rev`` finds "Phys.Rev.D76:013009,2007"),
    without the author and title it may open with (``venue:friedman`` does not find "L.
    H. Friedman. Order of epitaxial … Journal of Nanophotonics, 1(1):013513, 2007.")."""
    names = _venue_text(paper.venue, paper.booktitle, paper.journal)
    if paper.journal_ref:
        reference = journal_part(paper.journal_ref)
        return f"{names} ; {reference}" if names else reference
    return names


@functools.lru_cache(maxsize=4096)
def _venue_text(venue: str | None, booktitle: str | None, journal: str | None) -> str:
    # a library names a few venues many times: worked out once each
    names = list(dict.fromkeys(n for n in (venue, booktitle, journal) if n))
    return " ; ".join([*names, *venue_aliases(*names)])


def lists_text(paper: Paper) -> str:
    """The names of the paper's lists, and the short names of those named by their venue,
    as the list column shows them (``list:corl`` finds "7th Annual Conference on Robot
    Learning")."""
    return _lists_text(paper.lists)


@functools.lru_cache(maxsize=1024)
def _lists_text(lists: tuple[str, ...]) -> str:
    spelled = [words for words in map(_name_words, lists) if words]
    return " ; ".join([*lists, *venue_aliases(*lists), *spelled])


#: a number of two digits or more, where a list's name runs it into letters ("collas2022",
#: "v199"); a lone digit stays in its word ("l4dc", "s4")
_NUMBER = re.compile(r"(\d{2,})")


def _name_words(name: str) -> str:
    """The words of a list's name with its numbers split from its letters, when that
    changes them: "pmlr_v199_collas2022" gives "pmlr v 199 collas 2022", so ``list:collas``
    and ``list:l4dc`` find the lists named so (the index splits names at ``_`` and
    ``-`` already); "" when no word of the name runs a number into letters."""
    terms = name_terms(name)
    words = [part for term in terms for part in _NUMBER.split(term) if part]
    return " ".join(words) if words != terms else ""


def list_named(text: str, name: str, *, prefix: bool = False) -> str | None:
    """How ``list:"text"`` finds the papers of the list named ``name``, read as the index
    reads list names (:func:`lists_text`): "name" when ``text`` is the list's whole name
    or the short name of its venue ("corl" for "7th Annual Conference on Robot
    Learning"), "words" when its words come one after another in one of them ("robot
    learning"), or in the name with its numbers split from its letters ("collas" in
    "pmlr_v199_collas2022"), None when they do not. With ``prefix`` (a word being
    typed) its last word may begin one of theirs ("corl202" of "corl2023")."""
    wanted = name_terms(text)
    if not wanted:
        return None
    names = [name_terms(each) for each in (name, *venue_aliases(name))]
    if wanted in names:
        return "name"
    size = len(wanted)
    for terms in [*names, name_terms(_name_words(name))]:
        if any(
            _begun(terms[at : at + size], wanted, prefix) for at in range(len(terms) - size + 1)
        ):
            return "words"
    return None


def _begun(terms: list[str], wanted: list[str], prefix: bool) -> bool:
    """Whether ``terms`` are ``wanted``, the last of them begun only with ``prefix``."""
    if not prefix:
        return terms == wanted
    return terms[:-1] == wanted[:-1] and terms[-1].startswith(wanted[-1])


def lists_by_file(
    text: str, lists: Iterable[PaperList], *, prefix: bool = False
) -> list[PaperList]:
    """The lists that ``list:text`` names by their file's stem, read as :func:`list_named`
    reads a name, and not by their name, which the index finds them by: "corl2023" (or
    "corl") for corl2023.json, a list named "CoRL 2023" by its venue, as ``tuireader
    lists`` shows it; with ``prefix``, also while its last word is being typed
    ("corl202")."""
    return [
        each
        for each in lists
        if list_named(text, list_stem(each.path), prefix=prefix)
        and not list_named(text, each.name, prefix=prefix)
    ]


def lists_by_path(text: str, lists: Iterable[PaperList]) -> list[PaperList]:
    """The lists that ``list:text`` names by their file: its whole name ("m1.bib": every
    list read from a file of that name, two copies of one list in two folders alike),
    or its name after the folders it is in ("dupA/m1.bib": the list of that file
    alone), in any case; none for a name without a suffix or a folder ("m1", a list's
    name or its file's stem, as :func:`list_named` reads them)."""
    parts = [part.casefold() for part in text.strip().split("/") if part]
    if not parts or ("/" not in text and not Path(parts[-1]).suffix):
        return []
    return [
        each
        for each in lists
        if len(each.path.parts) >= len(parts)
        and [part.casefold() for part in each.path.parts[-len(parts) :]] == parts
    ]


def library_entries(lists: Sequence[PaperList], paths: DataPaths) -> list[EntryLists]:
    """The entries of the user's library (``tuireader lists``: a file, a folder added,
    the built-in seed lists) that ``lists`` are read through, each with its name
    ("real" for a folder added so, "seeds") and those of ``lists`` it holds; entries
    that hold none of them are left out (a search of files named on the command line
    may read none)."""
    from tuireader.system import shelf

    found = []
    for entry in shelf.load(paths).entries:
        held = entry_lists(entry.kind, entry.location, lists)
        if held:
            found.append(EntryLists(entry.name, held))
    return found


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def entry_lists(kind: str, location: Path, lists: Sequence[PaperList]) -> tuple[PaperList, ...]:
    """Those of ``lists`` read through a library entry (``kind`` "file" or a folder, at
    ``location``): the file itself, or the files in the folder, a folder's file known by
    the folder it is in, not the one a link in it points into."""
    place = _resolved(Path(location))
    if kind == "file":
        return tuple(each for each in lists if _resolved(each.path) == place)
    return tuple(each for each in lists if _resolved(each.path.parent) == place)


@dataclass(frozen=True)
class EntryLists:
    """An entry of the user's library by its name, and the lists read through it."""

    name: str
    lists: tuple[PaperList, ...]


def lists_by_entry(
    text: str, entries: Iterable[EntryLists], *, prefix: bool = False
) -> list[PaperList]:
    """The lists of the entries that ``list:text`` names by the name the library gives
    them, read as :func:`list_named` reads a list's name: ``list:real`` the lists of the
    folder added as "real", ``list:seeds`` the built-in ones, as ``tuireader lists``
    shows and ``tuireader remove`` takes them; with ``prefix``, also while its last
    word is being typed ("rea")."""
    return [
        each
        for entry in entries
        if list_named(text, entry.name, prefix=prefix)
        for each in entry.lists
    ]


def lists_named_apart(
    text: str,
    lists: Sequence[PaperList],
    entries: Sequence[EntryLists] = (),
    *,
    prefix: bool = False,
) -> tuple[list[PaperList], list[PaperList]]:
    """The lists ``list:text`` finds by their name, their file's stem or their entry's
    name (:func:`list_named`), and those of them it finds only as a list named apart
    from one it names whole: ``list:icml2024`` names the list of icml2024.jsonl, not
    "icml2024 (b/icml2024.jsonl)", the copy of it in b/ that the library named by its
    folder beside it, though "icml2024" is a word of that name too. The second is empty
    when ``text`` names no such list whole (``list:icml`` finds both, as does
    ``list:icml202`` being typed); the copy is found by its whole name, or by the words
    that tell it apart (``list:b``)."""
    held = {id(each): [e for e in entries if any(x is each for x in e.lists)] for each in lists}

    def names(each: PaperList) -> list[str]:
        return [each.name, *(entry.name for entry in held[id(each)])]

    def whole(each: PaperList) -> bool:
        return any(list_named(text, name) == "name" for name in names(each))

    found = [
        each
        for each in lists
        if any(list_named(text, name, prefix=prefix) for name in names(each))
        or list_named(text, each.path.stem, prefix=prefix)
    ]
    named = [each for each in found if whole(each) or list_named(text, each.path.stem) == "name"]
    bases = {each.name.casefold() for each in named} | {
        entry.name.casefold() for each in named for entry in held[id(each)]
    }
    apart = [
        each
        for each in found
        if not whole(each)
        and any(
            _told_apart_from(name, base, each)
            for name in names(each)
            for base in bases
            if base != name.casefold()
        )
    ]
    return found, apart


def _told_apart_from(name: str, base: str, each: PaperList) -> bool:
    """Whether ``name`` is the name ``base`` (casefolded) told apart by what differs in
    the file the list ``each`` is read from, or in the folder it is in, as the library
    names its lists and the shelf its entries (``system.listnames.names_apart``):
    "icml2024 (b/icml2024.jsonl)", "CoRL 2023 (posters)", "real (copy/real)", "pipe
    (BibTeX)"."""
    folded = name.casefold()
    if not folded.startswith(f"{base} (") or not folded.endswith(")"):
        return False
    path = each.path
    stream = stream_word(path, each.format)
    forms = [
        *names_apart(base, path),
        *names_apart(base, path.parent, folder=True),
        *(names_apart(base, path, stream=stream) if stream else ()),
    ]
    return is_named_apart(name, forms)


def lists_named_whole(
    text: str, lists: Sequence[PaperList], entries: Sequence[EntryLists] = ()
) -> list[PaperList]:
    """The lists ``list:text`` names whole: by their name, their file's stem or the name
    of the library's entry they are read through (:func:`list_named`), or by what tells
    them apart from another of their name, or a folder of that ("a" of "x (a/x.jsonl)",
    of "real (a/real)"): a value never too common to search for, though it is a stop
    word ("a"). A list's whole name (or its entry's) names that list only: "the" is not
    the "the (a/the.txt)" read from another the.txt, whose file's stem it is too."""
    folded = text.strip().casefold()

    def names_of(each: PaperList) -> list[str]:
        return [each.name, *(e.name for e in entries if any(x is each for x in e.lists))]

    whole = [each for each in lists if any(name.casefold() == folded for name in names_of(each))]
    if whole:
        return whole
    found = []
    for each in lists:
        names = names_of(each)
        if any(list_named(text, name) == "name" for name in (*names, list_stem(each.path))):
            found.append(each)
            continue
        for name in names:
            apart = told_apart(name)
            if apart is None or not _told_apart_from(name, apart[0].casefold(), each):
                continue
            what = apart[1]
            if any(
                folded == form or folded in form.split("/")
                for form in (what.casefold(), unnumbered(what).casefold())
            ):
                found.append(each)
                break
    return found


#: how many of the lists a ``list:`` that names none of them names instead
LISTS_NAMED = 8
#: what a name given to ``list:`` is quoted for: a space, a quote or a parenthesis
_SPACED = re.compile(r'[\s"()]')


def unknown_list(
    text: str,
    lists: Sequence[PaperList],
    *,
    prefix: bool = False,
    entries: Sequence[str] = (),
) -> str | None:
    """What is said of ``list:text`` when it names none of ``lists``, by its name, its
    venue's short name or its file's stem (:func:`list_named`), nor one of the library's
    ``entries`` by its name: "no list is named 'corl2024'; did you mean list:corl2023?
    (lists: corl2023 (CoRL 2023), …)", the one meant offered first, as a mistyped
    command is, and ``year:`` for years ("list:2022"); None when it names one (``prefix``: a word being typed, when one of
    their names or words begins with it)."""
    if any(list_named(text, each.name) or list_named(text, list_stem(each.path)) for each in lists):
        return None
    if lists_by_path(text, lists):
        return None
    if any(list_named(text, name) for name in entries):
        return None
    import difflib

    known: dict[str, str] = {name.casefold(): name for name in entries}
    for each in lists:
        # the file's stem in its words too, as the index reads names: "corl2023" of
        # "papercopilot_corl2023"
        parts = [part for part in name_terms(list_stem(each.path)) if len(part) > 2]
        for name in (list_stem(each.path), each.name, *venue_aliases(each.name), *parts):
            known.setdefault(name.casefold(), name)
    if prefix:
        begun = text.casefold()
        words = {word for name in known for word in (name, *name_terms(name))}
        if any(word.startswith(begun) for word in words):
            return None
    said = f"no list is named {as_typed(text)}"
    close = difflib.get_close_matches(text.casefold(), list(known), n=1, cutoff=0.6)
    if year_bounds(text) is not None:
        # years typed for the papers of those years, which no list's name holds: the
        # year of another list ("did you mean list:2023?" of list:2022) is not meant
        said += f"; did you mean year:{text}?"
    elif close:
        meant = known[close[0]]
        quoted = f'"{meant}"' if _SPACED.search(meant) else meant
        said += f"; did you mean list:{quoted}?"
    stems = [list_stem(each.path) for each in lists[:LISTS_NAMED]]
    shown = [
        shortened(each.name if each.name == stem else f"{stem} ({each.name})")
        for each, stem in zip(lists, stems, strict=False)
    ]
    more = ", …" if len(lists) > len(shown) else ""
    return f"{said} (lists: {', '.join(shown)}{more})"


def name_terms(text: str) -> list[str]:
    """The terms of ``text`` in order, as the fields of names (lists, venues, authors)
    index them: folded words, neither stemmed nor stop words dropped."""
    return [token.text for token in WordTokenizer(stemming=False, stops=False)(text)]


def keyword_text(paper: Paper) -> str:
    """Author keywords, arXiv categories and the primary area, searched like names."""
    area = (paper.primary_area,) if paper.primary_area else ()
    return " ; ".join((*paper.keywords, *paper.categories, *area))


@functools.lru_cache(maxsize=16)  # a document reads its title and abstract as shown twice
def _as_shown(text: str) -> str:
    """``text`` with its LaTeX accents and letters as the characters shown for them and
    the names of its commands that are not shown left out (``analysis.without_command_names``:
    ``\\frac{a}{b}`` is "a" and "b", no "frac"), and its math as shown after it
    (``$\\ell_0$`` is found by "ell" as written and by "ℓ₀" and "l0" as shown; the written
    text keeps its place for phrases), then the words the math is part of as typed
    (``analysis.math_words``: ``E$^2$GAN`` by "E²GAN" and "E2GAN")."""
    if "\\" not in text and "$" not in text:
        return text
    shown = text
    if "\\" in text:
        from tuireader.render.citations import latex_letters  # only for text with LaTeX

        shown = without_command_names(latex_letters(text))
    if "$" not in text and "\\(" not in text:
        return shown
    rendered = _rendered(text)
    spans = [(span.start, span.end) for span in rendered.spans if span.style == "math"]
    math = " ".join(rendered.text[start:end] for start, end in spans)
    words = " ".join([*math_words(rendered.text, spans), *math_compounds(rendered.text, spans)])
    return "\n".join(part for part in (shown, math, words) if part)


#: the "al." of "et al." ("et. al", "Et Al"), a citation's: of ICML 2024, ``al`` found the
#: 84 papers that cite so, where one says "Al" of anything else (AL active learning,
#: "Al" aluminium, a name). Its letters as classes, and the look behind after the "e":
#: a fifth of the time of a pattern that ignores case and looks behind every character.
_ET_AL = re.compile(r"([Ee](?<![^\W_][Ee])[Tt]\.?)\s+[Aa][Ll](?![^\W_])")


def _uncited(text: str) -> str:
    """``text`` without the "al" of its "et al.": a citation says nothing of a paper, and
    ``al`` typed is a word of its own (AL, Al)."""
    return _ET_AL.sub(r"\1", text)


#: the "et al." a reader writes after the names of a list of authors it cut
#: (``ingest.formats.common``): no author, and its "al" no name (``al`` found the arXiv
#: papers whose authors end so, where it finds authors named "Al")
_ET_AL_AUTHOR = re.compile(r"\s*et\.?\s*al\.?\s*", re.IGNORECASE)


def authors_text(paper: Paper) -> str:
    """What the authors field holds: the names, without an "et al." after them."""
    return " ; ".join(name for name in paper.authors if not _ET_AL_AUTHOR.fullmatch(name))


@functools.lru_cache(maxsize=16)
def _title_written(title: str) -> str:
    """A title with the markup of HTML or JATS a list left in it (Crossref's, IEEE
    Xplore's: ``H<sub>2</sub>O``, ``<italic>in situ</italic>``) as the LaTeX that shows
    the same (``prose.strip_markup``: ``H$_{2}$O``), as the reader shows it: found by
    "H2O" and "H₂O", never by "sub"."""
    if "</" not in title:
        return title
    return strip_markup(title)


def title_text(paper: Paper) -> str:
    """What the title field holds: the title, its LaTeX accents and letters as shown
    (``H\\"{o}lderian`` is found by "Hölderian" and "holderian"), its tags as shown
    (:func:`_title_written`), without the "al" of "et al." (:func:`_uncited`)."""
    return _uncited(_as_shown(_title_written(paper.title)))


def abstract_text(paper: Paper) -> str:
    """What the abstract field holds: the abstract, and the authors' TL;DR after it
    (LaTeX accents and letters as shown, as in :func:`title_text`, without the "al" of
    "et al.")."""
    text = f"{paper.abstract}\n{paper.tldr}" if paper.tldr else paper.abstract
    return _uncited(_as_shown(text))


def phrase_text(paper: Paper, fieldname: str, *, starred: bool = False) -> str:
    """The text a phrase is looked for in, in the title or the abstract: the field's
    text and, when it has math, the text as shown, where the math stands in its words
    (``$S^2$IP-LLM`` is shown "S²IP-LLM", which "S2IP-LLM" and "s2ip llm" find).

    A phrase with a starred letter (``starred``: "A*", "D* Lite") is looked for in the
    text as shown alone (:func:`_shown_text`): the stars of Markdown's emphasis are none
    there (``(*d*)`` is shown "(d)", no "D*")."""
    if fieldname != "abstract":
        written = _title_written(paper.title)
    else:
        written = f"{paper.abstract}\n{paper.tldr}" if paper.tldr else paper.abstract
    return _shown_text(written) if starred else _phrase_text(written)


def phrase_text_begun(paper: Paper, fieldname: str) -> str:
    """What :func:`phrase_text` begins with, before a line break or its end: the field's
    text with its LaTeX letters as shown and no names of commands not shown, its math not
    rendered (rendering the math of the abstracts a phrase is read in took most of its
    first keystroke)."""
    if fieldname != "abstract":
        written = _title_written(paper.title)
    else:
        written = f"{paper.abstract}\n{paper.tldr}" if paper.tldr else paper.abstract
    if "\\" not in written:
        return written
    from tuireader.render.citations import latex_letters

    return without_command_names(latex_letters(written))


@functools.lru_cache(maxsize=4096)
def _phrase_text(written: str) -> str:
    """:func:`phrase_text` of a field's ``written`` text, kept for the texts phrases
    were last looked for in: each keystroke of a query looks in the same papers again,
    and rendering their math took most of the time of a phrase."""
    text = _as_shown(written)
    if "$" not in written and "\\(" not in written:
        return text
    return f"{text}\n{_rendered(written).text}"


@functools.lru_cache(maxsize=4096)
def _shown_text(written: str) -> str:
    """A field's ``written`` text as the reader shows it, where a starred letter is
    looked for: Markdown's emphasis without its stars, the math rendered (``$A^*$`` is
    "A*"). A text with no star has no emphasis of stars to leave out: its phrase text
    (:func:`_phrase_text`), rendered only where it has math."""
    if "*" not in written:
        return _phrase_text(written)
    return _rendered(written).text


@functools.lru_cache(maxsize=16)
def _rendered(written: str) -> Rendered:
    """``written`` rendered, kept for the few texts last rendered: a paper's document
    renders its title and abstract for the words shown and for the text its phrases are
    looked for in, one after the other."""
    from tuireader.render.textrender import render

    return render(written)


def fingerprint(paper: Paper) -> str:
    """A hash of everything the index holds for ``paper``: equal means nothing to write.

    The title and abstract are hashed as written, not as the index holds them (their
    math rendered): rendering the math of ICML 2024's 519 abstracts took most of an
    open without the list cache. What rendering makes of them is stood for by the
    renderer's code (:func:`_renderer_stamp`), in the papers whose texts it reads."""
    written = (paper.title, paper.abstract, paper.tldr or "")
    # a title's tags are read as the LaTeX that shows them (:func:`_title_written`)
    rendered = any("\\" in text or "$" in text for text in written) or "</" in paper.title
    parts = [
        str(SCHEMA_VERSION),
        _renderer_stamp() if rendered else "",
        *written,
        "\x1f".join(paper.authors),
        "\x1f".join(paper.lists),
        venue_text(paper),
        keyword_text(paper),
        paper.status or "",
        str(paper.year or ""),
        "\x1f".join(f"{link.kind} {link.url}" for link in paper.links),
    ]
    return hashlib.sha1("\x1e".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:16]


@functools.cache
def _renderer_stamp() -> str:
    """A digest of the code that shows a title's or abstract's LaTeX and math
    (``tuireader.render``), read once: an upgrade that shows them otherwise changes the
    fingerprints of the papers that have them, which are indexed again."""
    import tuireader.render

    stamp = hashlib.sha1()
    for file in sorted(Path(tuireader.render.__file__).parent.glob("*.py")):
        with contextlib.suppress(OSError):
            stamp.update(f"\n{file.name}\n".encode())
            stamp.update(file.read_bytes())
    return stamp.hexdigest()[:16]


@functools.cache
def _field_analyzers() -> dict[str, Any]:
    """Each indexed field's analyzer, made once (the schema is made anew at each call)."""
    fields_ = schema()
    return {name: fields_[name].analyzer for name in fields_.names() if fields_[name].indexed}


def field_sequence(paper: Paper, fieldname: str) -> list[set[str]]:
    """The terms at each position of a field of ``paper``, in order, as the index holds
    them (a phrase of names is their order): a name with umlauts is two terms at one
    ("Schölkopf" is "scholkopf" and "schoelkopf"), a keyword its word and its stem."""
    text = document(paper, "")[fieldname]
    found: dict[int, set[str]] = {}
    for token in _field_analyzers()[fieldname](text, positions=True):
        found.setdefault(token.pos, set()).add(token.text)
    return [found[pos] for pos in sorted(found)]


def document(paper: Paper, fp: str) -> dict[str, str]:
    kinds = sorted({link.kind for link in paper.links})
    title, abstract = title_text(paper), abstract_text(paper)
    authors, keywords = authors_text(paper), keyword_text(paper)
    return {
        "id": paper.id,
        "fp": fp,
        "title": title,
        "abstract": abstract,
        "title_joined": " ".join(joined_words(title)),
        "abstract_joined": " ".join(joined_words(abstract)),
        "title_spelled": _spelled_text(title),
        "abstract_spelled": _spelled_text(abstract),
        "title_pairs": " ".join(stop_pairs(phrase_text(paper, "title"))),
        "abstract_pairs": " ".join(stop_pairs(phrase_text(paper, "abstract"))),
        "authors": authors,
        "lists": lists_text(paper),
        "venue": venue_text(paper),
        "keywords": keywords,
        "status": paper.status or "",
        "year": str(paper.year) if paper.year else "",
        "has": " ".join(kinds),
        "urls": " ".join(index_text(link) for link in paper.links),
        "addresses": addresses_text(paper),
        "umlauts": " ".join(
            dict.fromkeys(
                pair for text in (title, abstract, authors, keywords) for pair in umlaut_pairs(text)
            )
        ),
    }


def _spelled_text(text: str) -> str:
    """The words of ``text`` with umlauts spelled without them, as German writes them
    ("schoelkopf" of "Schölkopf"; ``analysis.umlaut_pairs``)."""
    return " ".join(pair.partition(">")[2] for pair in umlaut_pairs(text))


def addresses_text(paper: Paper) -> str:
    """The hosts and addresses of a paper's links, each once (``links.address_terms``)."""
    terms = (term for link in paper.links for term in address_terms(link.url))
    return " ".join(dict.fromkeys(terms))


def paper_words(paper: Paper) -> set[str]:
    """The distinct raw words of a paper's title, abstract and TL;DR (prefixes expand to
    these)."""
    return text_words(title_text(paper), abstract_text(paper))


def text_words(title: str, abstract: str) -> set[str]:
    """The distinct raw words of what the title and abstract fields hold (``paper_words``
    of a document already made), and the words joined by hyphens written as one, as
    the index holds them ("nonconvex" of "non-convex")."""
    text = f"{title}\n{abstract}"
    words = word_set(text)
    joined = joined_words(text)
    if joined:
        words.update(fold(word) for word in joined)
        words.difference_update(STOPS)
    return words


@dataclass(frozen=True)
class IndexReport:
    """What opening the index did, for the status line and the ``index`` command."""

    added: int = 0
    updated: int = 0
    removed: int = 0
    rebuilt: bool = False
    read_only: bool = False
    seconds: float = 0.0
    messages: tuple[str, ...] = ()

    @property
    def written(self) -> int:
        return self.added + self.updated + self.removed

    def summary(self) -> str:
        if self.read_only:
            return "index read-only"
        if self.rebuilt:
            return f"index rebuilt ({self.added:,} papers)"
        if self.written:
            return f"index updated (+{self.added:,} ~{self.updated:,} -{self.removed:,})"
        return "index up to date"


@dataclass
class OpenIndex:
    """An opened Whoosh index plus the vocabulary that goes with it."""

    ix: index.Index
    path: Path
    vocab: dict[str, int]
    report: IndexReport
    #: stems of the vocabulary words that are not their own stem.
    stems: dict[str, str] = field(default_factory=dict)
    #: documents in the index that are not papers of the library (papers of lists opened
    #: before, kept so that opening them again writes nothing): searches leave them out.
    others: int = 0


class IndexUnavailable(Exception):
    """The index can neither be opened nor built (e.g. the data folder is not writable).

    ``busy``: only because another process holds it for now; asking again later may
    find it free.
    """

    def __init__(self, message: str, *, busy: bool = False) -> None:
        super().__init__(message)
        self.busy = busy


def _write_json(path: Path, data: object) -> None:
    """Write ``data`` as JSON in one step. A list's path whose name is bytes that are not
    UTF-8 holds characters UTF-8 cannot encode (Python's stand-ins for those bytes): such
    data is written with JSON's escapes, which read back as the same text, where its
    writing failed and the index could not be had at all."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        try:
            _dump_json(tmp, data, ascii=False)
        except UnicodeEncodeError:
            _dump_json(tmp, data, ascii=True)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def _dump_json(path: Path, data: object, *, ascii: bool) -> None:
    with path.open("w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=ascii, separators=(",", ":"))
        handle.flush()
        os.fsync(handle.fileno())


def _read_json(path: Path) -> dict | None:
    try:
        with path.open(encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


#: files of the index folder that are not Whoosh's (or are rewritten in place by it)
_NOT_STAMPED = frozenset({MANIFEST, VOCAB, "MAIN_WRITELOCK"})
#: the vocabularies of the libraries opened last are kept beside the index folder, in
#: ``<folder>-vocab/vocab-<library digest>.json`` (``index-vocab`` for the library's,
#: ``index-streams-vocab`` for the streams'): a rebuilt index keeps them, as they depend
#: on the papers only
_VOCAB_PREFIX = "vocab-"


def index_paths(library: Library, paths: DataPaths) -> DataPaths:
    """``paths`` with the index that ``library`` is searched in: the library's, but for
    lists read from a stream (``-``, a pipe) another one (``DataPaths.for_streams``).

    A list on stdin holds papers of the library under another list's name ("stdin"):
    written into the library's index, each of them replaced the library's own paper
    there, and the next search of the library wrote them back, the index found changed
    (a search of 3,670 papers after ``search continual - < collas2022.bib``: 1 s, then
    6.5 to 19 s)."""
    if paths.index_name == "index" and any(
        streamed(each.path) is not None for each in library.lists
    ):
        return paths.for_streams()
    return paths


def library_digest(wanted: dict[str, str]) -> str:
    """What a vocabulary belongs to: the papers (ids and fingerprints) of one library."""
    text = "\n".join(f"{pid} {fp}" for pid, fp in sorted(wanted.items()))
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _vocab_file(folder: Path, digest: str) -> Path:
    """Where the vocabulary of library ``digest`` is kept, for the index in ``folder``:
    ``index-vocab`` for the library's ``index``, each other index's apart."""
    # (a build's ``index.new-PID`` keeps them where its index will be)
    kept = f"{folder.name.split('.', 1)[0]}-vocab"
    return folder.parent / kept / f"{_VOCAB_PREFIX}{digest}.json"


class IndexDamaged(Exception):
    """An index file differs from what was written (truncated, deleted or changed)."""


class _SegmentFile(StructFile):
    """A file of the index, whose parts (those of a compound segment file) are read into
    memory as they are opened, with ``pread``.

    Whoosh maps a compound segment file into memory (``mmap``) and reads its parts from
    the mapping: a file cut short while mapped (another process truncating it, a disk
    gone) kills the reading process with SIGBUS, which no Python code can catch, and
    leaves the terminal in the reader's modes. Read here, a part cut short raises
    IndexDamaged, which rebuilds the index as any other damage does. Whoosh copies each
    part it opens into memory anyway, so this costs nothing more; ``pread`` leaves the
    file's position alone, so searches on other threads may open parts at the same time.
    """

    def subset(self, offset: int, length: int, name: str | None = None) -> BufferFile:
        fileno = self.file.fileno()
        chunks = []
        wanted = length
        while wanted > 0:
            chunk = os.pread(fileno, wanted, offset + length - wanted)
            if not chunk:
                raise IndexDamaged(f"{self._name} is cut short")
            chunks.append(chunk)
            wanted -= len(chunk)
        return BufferFile(b"".join(chunks), name=name or self._name)


class _Storage(FileStorage):
    """The index folder, its compound segment files read without ``mmap`` (see
    ``_SegmentFile``)."""

    def __init__(self, path: str, readonly: bool = False) -> None:
        super().__init__(path, supports_mmap=False, readonly=readonly)

    def open_file(self, name: str, **kwargs: Any) -> StructFile:
        return _SegmentFile(open(self._fpath(name), "rb"), name=name, **kwargs)


def open_folder(folder: Path) -> index.Index:
    """The Whoosh index in ``folder``, its files read without ``mmap``: the way every
    part of tuireader opens it (``whoosh.index.open_dir`` maps segment files)."""
    return index.FileIndex(_Storage(str(folder)))


def _file_stamps(folder: Path, before: object = None) -> dict[str, list]:
    """Size, modification time (ns) and a digest of the content of each of Whoosh's
    files in ``folder``. Whoosh never rewrites a file in place, so a file whose size and
    time are those of ``before`` (the stamps of the last write) keeps its digest."""
    known = before if isinstance(before, dict) else {}
    stamps: dict[str, list] = {}
    for entry in os.scandir(folder):
        name = entry.name
        if name in _NOT_STAMPED or name.startswith(".") or not entry.is_file():
            continue
        info = entry.stat()
        old = known.get(name)
        if isinstance(old, list) and len(old) == 3 and old[:2] == [info.st_size, info.st_mtime_ns]:
            stamps[name] = old
        else:
            stamps[name] = [info.st_size, info.st_mtime_ns, _digest(folder / name)]
    return stamps


def _digest(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "blake2b").hexdigest()[:32]


def _check_stamps(folder: Path, recorded: object) -> dict[str, list] | None:
    """Raise IndexDamaged when a file recorded at the last write is gone or changed.

    A stat per file: cheap enough for every start, and it catches a truncated, deleted
    or overwritten segment before a search reads it. A file with its size but another
    time (the folder copied, or restored from an archive that keeps whole seconds) is
    read and compared with the digest of what was written. When some were, and all
    matched, the stamps with their new times are returned, to be recorded.
    """
    if not isinstance(recorded, dict):
        raise IndexDamaged("the index manifest has no file list")
    restamped = dict(recorded)
    for name, stamp in recorded.items():
        try:
            info = (folder / name).stat()
        except FileNotFoundError:
            raise IndexDamaged(f"{name} is missing") from None
        if not isinstance(stamp, list) or [info.st_size, info.st_mtime_ns] == stamp[:2]:
            continue
        if info.st_size == stamp[0] and len(stamp) == 3 and _digest(folder / name) == stamp[2]:
            restamped[name] = [info.st_size, info.st_mtime_ns, stamp[2]]
            continue
        raise IndexDamaged(f"{name} changed since it was written")
    return restamped if restamped != recorded else None


def _stored_fingerprints(ix: index.Index) -> dict[str, str]:
    """Ground truth from the index itself, when the manifest is missing or stale."""
    with ix.searcher() as searcher:
        return {doc["id"]: doc.get("fp", "") for doc in searcher.all_stored_fields()}


#: the ids of each list file the index was last written for, oldest first
Sources = dict[str, list[str]]
State = tuple[dict[str, str], "dict[str, int] | None", dict[str, str], Sources]


def _load_state(ix: index.Index, folder: Path, digest: str | None = None) -> State | None:
    """The manifest's papers, the vocabulary of the library ``digest`` names (None: the
    one saved last; None in the result when there is none), its stems and the lists."""
    manifest = _read_json(folder / MANIFEST)
    if not manifest:
        raise IndexDamaged(f"{MANIFEST} is missing or unreadable")
    if manifest.get("schema") != SCHEMA_VERSION:
        return None
    fps = manifest.get("papers")
    generation = manifest.get("generation")
    current = isinstance(fps, dict) and generation == ix.latest_generation()
    if current:
        restamped = _check_stamps(folder, manifest.get("files"))
        if restamped is not None:
            with contextlib.suppress(OSError):  # a read-only folder checks again next time
                _write_json(folder / MANIFEST, manifest | {"files": restamped})
    else:
        # written by a process stopped between its commit and its manifest: the files
        # are newer than the manifest, and the vocabulary is older than the index
        fps = _stored_fingerprints(ix)
    sources = manifest.get("lists")
    if not isinstance(sources, dict) or not current:
        sources = {}
    words, stems = _read_vocab(folder, digest, fps) if current else (None, {})  # type: ignore[arg-type]
    return fps, words, stems, sources  # type: ignore[return-value]


def _read_vocab(
    folder: Path, digest: str | None, fps: dict[str, str]
) -> tuple[dict[str, int] | None, dict[str, str]]:
    """The saved vocabulary of the library ``digest`` (None: the last saved)."""
    for path in (folder / VOCAB, _vocab_file(folder, digest or "")):
        vocab = _read_json(path)
        if not vocab:
            continue
        # a vocabulary saved before they named their library is the index's own
        owner = vocab.get("library")
        if (
            digest is not None
            and owner != digest
            and (owner is not None or library_digest(fps) != digest)
        ):
            continue
        words, stems = vocab.get("words"), vocab.get("stems")
        if isinstance(words, dict) and isinstance(stems, dict):
            return words, stems
    return None, {}


def vocab_stems(vocab: dict[str, int]) -> dict[str, str]:
    """The stem of every vocabulary word whose stem differs from it (the rest are their own)."""
    out = {}
    for word in vocab:
        if word.isascii():
            stemmed = stem(word)
            if stemmed != word:
                out[word] = stemmed
    return out


def _save_state(
    ix: index.Index,
    folder: Path,
    fps: dict[str, str],
    vocab: dict[str, int],
    stems: dict[str, str] | None = None,
    *,
    sources: Sources | None = None,
    digest: str | None = None,
) -> dict[str, str]:
    """Write the manifest and the vocabulary with its stems (worked out here unless
    given), which it returns. ``digest`` names the library the vocabulary is of; a copy
    of it is kept under that name, for when that library is opened again."""
    if stems is None:
        stems = vocab_stems(vocab)
    vocab_path = folder / VOCAB
    _write_json(
        vocab_path, {"schema": SCHEMA_VERSION, "library": digest, "words": vocab, "stems": stems}
    )
    if digest is not None:
        _keep_vocab(folder, vocab_path, digest)
    _write_json(
        folder / MANIFEST,
        {
            "schema": SCHEMA_VERSION,
            "generation": ix.latest_generation(),
            "papers": fps,
            "lists": sources or {},
            "files": _file_stamps(folder, (_read_json(folder / MANIFEST) or {}).get("files")),
        },
    )
    return stems


def _keep_vocab(folder: Path, vocab_path: Path, digest: str) -> None:
    """Keep the vocabulary just saved as ``vocab-<digest>.json`` too (a hard link), and
    only the ``VOCABS_KEPT`` most recent of those."""
    kept = _vocab_file(folder, digest)
    with contextlib.suppress(OSError):
        kept.parent.mkdir(exist_ok=True)
        tmp = kept.with_name(f".{kept.name}.{os.getpid()}.tmp")
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        try:
            os.link(vocab_path, tmp)
        except OSError:
            shutil.copyfile(vocab_path, tmp)
        os.replace(tmp, kept)
    with contextlib.suppress(OSError):
        others = sorted(
            kept.parent.glob(f"{_VOCAB_PREFIX}*.json"),
            key=lambda p: p.stat().st_mtime_ns,
            reverse=True,
        )
        for old in others[VOCABS_KEPT:]:
            old.unlink()


def _sources_of(library: Library, kept: Sources | None = None) -> Sources:
    """The lists of ``library`` with their ids, after those of ``kept`` that are not open
    (each with the ids still in the index), so the oldest come first."""
    current = {str(item.path): list(item.paper_ids) for item in library.lists}
    out = {path: ids for path, ids in (kept or {}).items() if path not in current}
    out.update(current)
    return out


def build_vocab(papers: Iterable[Paper]) -> dict[str, int]:
    """Document frequency of every raw word of the titles and abstracts."""
    counts: Counter[str] = Counter()
    for paper in papers:
        counts.update(paper_words(paper))
    return dict(counts)


def library_vocab(
    folder: Path, library: Library, wanted: dict[str, str], had: dict[str, str]
) -> tuple[dict[str, int], dict[str, str] | None]:
    """The vocabulary of ``library`` (``build_vocab``) and its stems (``vocab_stems``;
    None: to be worked out as it is saved), for the index in ``folder`` whose papers
    were ``had`` (the manifest's fingerprints before this update).

    The vocabulary saved last is grown when it counts papers of ``library`` alone, each
    as it is now (a list of new papers added): the words of the papers it lacks are
    added to it, and their stems to its stems, where every paper's words were read
    again and every word stemmed again (seconds at a few thousand papers, for a list of
    three). Which papers it counts is known by its library's digest: that of the papers
    of ``library`` already indexed as they are. Otherwise (a paper removed or changed,
    or a vocabulary saved before it named its library) it is built anew."""
    kept = {pid: had[pid] for pid in wanted if had.get(pid) == wanted[pid]}
    saved = _read_json(folder / VOCAB) if kept else None
    if saved and saved.get("library") == library_digest(kept):
        words, stems = saved.get("words"), saved.get("stems")
        if isinstance(words, dict) and isinstance(stems, dict):
            counts = Counter(words)
            new: set[str] = set()
            for paper in library.papers:
                if paper.id not in kept:
                    found = paper_words(paper)
                    counts.update(found)
                    new.update(found)
            stems.update(vocab_stems({word: 0 for word in new if word not in words}))
            return dict(counts), stems
    return build_vocab(library.papers), None


#: a word of a name as the fields of names split it (at blanks, punctuation, "_" and "-")
_NAME_WORD = re.compile(r"[^\W_]+")


def name_words(papers: Iterable[Paper]) -> frozenset[str]:
    """The folded words of the names a plain word finds papers by beside their titles
    and abstracts: their authors, venues (and their short names), keywords and lists
    ("bisk" of "Yonatan Bisk", "corl" of the CoRL proceedings). Each name is read once,
    however many papers give it (2,610 papers with 9,800 authors: some 20 ms)."""
    authors: set[str] = set()
    names: set[str] = set()
    venues: set[tuple[str | None, str | None, str | None]] = set()
    lists: set[tuple[str, ...]] = set()
    references: set[str] = set()
    for paper in papers:
        authors.update(paper.authors)
        names.update(paper.keywords)
        names.update(paper.categories)
        if paper.primary_area:
            names.add(paper.primary_area)
        if paper.journal_ref:
            references.add(paper.journal_ref)
        venues.add((paper.venue, paper.booktitle, paper.journal))
        lists.add(paper.lists)
    names.update(name for name in authors if not _ET_AL_AUTHOR.fullmatch(name))
    names.update(map(journal_part, references))
    names.update(_venue_text(*venue) for venue in venues)
    names.update(_lists_text(each) for each in lists)
    return frozenset(word for name in names for word in _NAME_WORD.findall(fold(name)))


def _acquire_writer(ix: index.Index, wait: float, progress_note: Callable[[str], None] | None):
    deadline = time.monotonic() + wait
    told = False
    while True:
        try:
            return ix.writer(compound=_compound(ix.doc_count()), **WRITER_OPTIONS)
        except LockError:
            if time.monotonic() >= deadline:
                return None
            if progress_note and not told:
                progress_note("waiting for another tuireader to finish updating the index")
                told = True
            time.sleep(0.1)


#: what ``_build_lock`` gives: the lock is held, another process holds it, or the data
#: folder cannot be written (so nothing may be written there)
LOCKED, BUSY, READ_ONLY = "locked", "busy", "read-only"
#: errors that say the data folder cannot be written
_READ_ONLY_ERRORS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})


#: descriptors of the build locks this process holds: a forked build helper closes
#: them, so that a lock never outlives the process that took it
_held_locks: set[int] = set()


@contextlib.contextmanager
def _build_lock(path: Path, wait: float, note: Callable[[str], None] | None):
    """An exclusive lock on ``path`` for the whole update: LOCKED, BUSY after ``wait``
    seconds, or READ_ONLY when the lock file cannot be opened for writing.

    A ``flock`` dies with its process, so a killed indexer never leaves a stale lock.
    """
    try:
        handle = path.open("a+b")
    except OSError as exc:
        if exc.errno not in _READ_ONLY_ERRORS:
            raise
        yield READ_ONLY
        return
    try:
        deadline = time.monotonic() + wait
        told = False
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() >= deadline:
                    yield BUSY
                    return
                if note and not told:
                    note("waiting for another tuireader to finish updating the index")
                    told = True
                time.sleep(0.1)
        _held_locks.add(handle.fileno())
        try:
            yield LOCKED
        finally:
            _held_locks.discard(handle.fileno())
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    finally:
        handle.close()


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # a folder of this process's own is from an earlier, finished call
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True


def _leftovers(folder: Path) -> list[tuple[Path, int]]:
    """What builds left beside the index ``folder``, with the process that made each:
    ``index.new-PID`` (a build) and ``index.old-PID-N`` (the index it took the place
    of). Nothing else, whatever its name begins with."""
    name = re.escape(folder.name)
    made = re.compile(rf"{name}\.new-(\d+)|{name}\.old-(\d+)-\d+")
    found = []
    for path in (
        *folder.parent.glob(f"{folder.name}.new-*"),
        *folder.parent.glob(f"{folder.name}.old-*"),
    ):
        matched = made.fullmatch(path.name)
        if matched is not None:
            found.append((path, int(matched.group(1) or matched.group(2))))
    return found


def _remove_leftovers(folder: Path) -> list[Path]:
    """Remove what builds of processes that are gone left beside the index ``folder``
    (a build killed midway, an old index that could not be removed at the time, see
    :func:`_leftovers`), those that can be; the removed ones. Called under the build
    lock."""
    removed = []
    for stale, owner in _leftovers(folder):
        if _alive(owner):
            continue
        if _remove(stale) is None:
            removed.append(stale)
    return removed


def _remove(path: Path) -> OSError | None:
    """Remove ``path``, a folder of the index's or whatever stood in its place: a file,
    a link (removed, never followed), a folder made unreadable (opened up, when it is
    this user's). None once it is gone, else why it could not be removed (another
    user's folder, a read-only disk)."""
    try:
        if not path.is_dir() or path.is_symlink():
            path.unlink()
            return None
        shutil.rmtree(path, ignore_errors=True)  # all it can, past what it cannot
        if os.path.lexists(path):
            _open_up(path)
            shutil.rmtree(path)  # the rest, or why not
    except FileNotFoundError:
        return None
    except OSError as exc:
        return exc
    return None


def _open_up(folder: Path) -> None:
    """Let this user read and empty ``folder`` and the folders in it (``chmod 000``)."""
    with contextlib.suppress(OSError):
        folder.chmod(0o700)
    for where, names, _files in os.walk(folder, onerror=lambda _exc: None):
        for name in names:
            with contextlib.suppress(OSError):
                (Path(where) / name).chmod(0o700)


def _fresh(folder: Path) -> index.Index:
    folder.mkdir(parents=True, exist_ok=True)
    return index.FileIndex.create(_Storage(str(folder)), schema())


def _swap_in(new: Path, folder: Path) -> str | None:
    """Put the complete index ``new`` in the place of ``folder`` (derived data, deleted);
    what to say when the old one could not be removed (None: it was, or there was none).

    The old folder (or whatever stood in its place: a file, a folder this user cannot
    read) is moved aside first (a directory cannot be renamed over a full one), and moved
    back if the new one cannot take its place. One that cannot be removed now (another
    user's) is tried again at each start (:func:`_remove_leftovers`).
    """
    aside = None
    if os.path.lexists(folder):
        aside = folder.with_name(f"{folder.name}.old-{os.getpid()}-{time.time_ns()}")
        os.replace(folder, aside)
    try:
        os.replace(new, folder)
    except BaseException:
        if aside is not None:
            os.replace(aside, folder)
        raise
    failed = _remove(aside) if aside is not None else None
    if failed is None:
        return None
    return f"the old search index could not be removed ({describe_error(failed)}): it is {aside}"


def built_in_parts(papers: int) -> bool:
    """Whether a new index of ``papers`` papers is built in parts, each written by a
    process of its own at once (forked: from the reader's thread every part is, the
    reader only waiting for them, ``segments.write_new``'s ``away``): a library big
    enough, where a process can be forked. Such a build takes about the time reading
    every paper's words for a scan takes (``scan.LibraryTerms``), so no scan is made
    for a query while it is built: the query waits for the index."""
    return papers >= PARALLEL_BUILD_MIN and can_fork() and whooshdoor.internals().usable


def _compound(papers: int) -> bool:
    return papers <= COMPOUND_MAX


def _write_all(
    ix: index.Index,
    papers: list[tuple[Paper, str]],
    progress: Progress | None,
    *,
    parallel: bool,
) -> tuple[dict[str, int], dict[str, str]]:
    """Write every paper into the new index ``ix``; returns the vocabulary (see build_vocab)
    and its stems (see vocab_stems)."""
    counts, stems = write_new(
        ix,
        papers,
        lambda item: document(*item),
        compound=_compound(len(papers)),
        processes=2 if parallel else 1,
        progress=progress,
        tally=lambda item: paper_words(item[0]),
        summarise=vocab_stems,
        close_fds=tuple(_held_locks),
    )
    return dict(counts), stems


def describe_error(exc: BaseException) -> str:
    """An exception in a few words for a one-line message: an OSError in the system's
    words ("No space left on device", "Permission denied"); any other, a fault met
    where none was expected, by its class and its text, the words to report it with."""
    if isinstance(exc, OSError) and exc.strerror:
        return _printable(exc.strerror)
    text = _printable(str(exc))
    name = type(exc).__name__
    return f"{name}: {text}" if text else name


def _printable(text: str) -> str:
    """``text`` on one line, without control characters, at most 100 characters."""
    return "".join(c if c.isprintable() else " " for c in " ".join(text.split()))[:100]


def unusable(exc: BaseException, folder: Path) -> str:
    """Why the index in ``folder`` cannot be used, after ``exc`` from opening or reading
    it, in words a user can act on: its folder is a file, it cannot be read (permission
    denied, the disk's error), or it was damaged, whatever the reading code raised (a
    damaged file makes Whoosh fail anywhere, with any exception: what it says is of
    no use to anyone, and the answer is a rebuild)."""
    if isinstance(exc, IndexDamaged):
        return f"the search index was damaged ({exc})"
    if isinstance(exc, OSError):
        if folder.exists() and not folder.is_dir():
            return f"the search index folder {folder} was a file, not a folder"
        if exc.errno in (errno.EACCES, errno.EPERM):
            return f"the search index in {folder} could not be read (Permission denied)"
        if exc.errno == errno.EIO:
            return f"the search index in {folder} could not be read ({describe_error(exc)})"
    return "the search index was damaged"


def open_index(
    library: Library,
    paths: DataPaths,
    *,
    progress: Progress | None = None,
    note: Callable[[str], None] | None = None,
    rebuild: bool = False,
    lock_wait: float = LOCK_WAIT_SECONDS,
    damage: str | None = None,
    fingerprints: dict[str, str] | None = None,
) -> OpenIndex:
    """Open the index for ``library``, updating or rebuilding it as needed.

    ``damage`` rebuilds the index because of the damage it describes (found by the
    caller while reading it), and says so. ``fingerprints``: ``fingerprint`` of each
    paper, when the caller has them (a cached library), else they are worked out.

    Raises IndexUnavailable when no index can be had (the folder cannot be written and
    holds no current index; another process is building the first one; a rebuild
    failed); the caller then scans the library instead.
    """
    start = time.monotonic()
    messages: list[str] = []
    try:
        paths.ensure()
    except OSError as exc:
        raise IndexUnavailable(
            f"cannot create the data folder {paths.root}: {exc.strerror}"
        ) from exc

    digest = None
    if fingerprints is None:
        # those the cache kept with this very library, if it came from the cache
        from tuireader.ingest.cache import kept_with

        kept = kept_with(library)
        if kept.get("index_schema") == SCHEMA_VERSION and isinstance(
            kept.get("fingerprints"), dict
        ):
            fingerprints = kept["fingerprints"]
            digest = kept.get("digest") if isinstance(kept.get("digest"), str) else None
    if fingerprints is not None and _cover(fingerprints, library):
        wanted = fingerprints
    else:
        wanted = {}
        for paper in library.papers:
            stopping.check()  # (seconds at thousands of papers)
            wanted[paper.id] = fingerprint(paper)
        digest = None
    try:
        return _open(
            library,
            paths,
            wanted,
            progress,
            note,
            rebuild,
            lock_wait,
            messages,
            start,
            damage,
            digest or library_digest(wanted),
        )
    finally:
        if len(library) >= LARGE:
            release_freed_memory()


def _cover(fingerprints: dict[str, str], library: Library) -> bool:
    """Whether ``fingerprints`` are those of exactly the library's papers."""
    return len(fingerprints) == len(library) and all(p.id in fingerprints for p in library.papers)


def _open_existing(
    folder: Path, digest: str | None = None
) -> tuple[index.Index | None, State | None, str | None]:
    """The index in ``folder`` and its state, or why it cannot be used as it is.

    Any exception counts as damage: the index is derived data, and rebuilding it is
    always right.
    """
    if not folder.exists():
        return None, None, None
    ix = None
    try:
        if not index.exists_in(str(folder)):
            if any(folder.iterdir()):
                return None, None, "the search index folder was incomplete"
            return None, None, None
        ix = open_folder(folder)
        state = _load_state(ix, folder, digest)
    except Exception as exc:  # noqa: BLE001 - whatever the damage, the answer is a rebuild
        reason = unusable(exc, folder)
    else:
        if state is None:
            return ix, None, "the search index was made by another version of tuireader"
        return ix, state, None
    if ix is not None:
        with contextlib.suppress(Exception):
            ix.close()
    return None, None, reason


def _open(
    library: Library,
    paths: DataPaths,
    wanted: dict[str, str],
    progress: Progress | None,
    note: Callable[[str], None] | None,
    rebuild: bool,
    lock_wait: float,
    messages: list[str],
    start: float,
    damage: str | None,
    digest: str,
) -> OpenIndex:
    """``digest``: ``library_digest(wanted)``."""
    folder = paths.index_dir
    with _build_lock(paths.index_lock, lock_wait, note) as lock:
        if damage and lock != LOCKED:  # the damaged index must not serve again
            cannot = (
                "the data folder cannot be written"
                if lock == READ_ONLY
                else ("another tuireader is updating it")
            )
            raise IndexUnavailable(f"{damage} and {cannot}", busy=lock == BUSY)
        if lock == BUSY:
            return _locked_out(folder, wanted, messages, start)
        if lock == READ_ONLY:
            return _unwritable(folder, paths.root, wanted, digest, messages, start)
        _remove_leftovers(folder)
        ix = state = None
        reason = damage
        if damage:
            pass
        elif rebuild:
            messages.append("rebuilding the search index as asked")
        else:
            ix, state, reason = _open_existing(folder, digest)
        if ix is not None and state is not None:
            return _update(
                ix,
                folder,
                library,
                wanted,
                digest,
                state,
                progress,
                note,
                lock_wait,
                messages,
                start,
            )
        if ix is not None:
            ix.close()
        if not rebuild:
            _no_room_yet(paths.root, len(wanted), reason)
        room = free_space(paths.root)  # what the build had (it leaves nothing if it fails)
        try:
            opened = _rebuild(folder, library, wanted, digest, progress, messages, start, reason)
        except OSError as exc:
            return _rebuild_failed(folder, exc, reason, messages, start, (len(wanted), room))
        with contextlib.suppress(OSError):
            (paths.root / FULL_DISK_FILE).unlink()
        return opened


def _rebuild_failed(
    folder: Path,
    exc: OSError,
    reason: str | None,
    messages: list[str],
    start: float,
    build: tuple[int, int | None] = (0, None),
) -> OpenIndex:
    """A rebuild could not be written (disk full, folder not writable): keep the previous
    index serving if it is sound, else give up on the index (the caller scans). A full
    disk is remembered (:func:`_no_room_yet`) with the ``build``: its papers, and the
    room it had."""
    why = describe_error(exc)
    papers, room = build
    if exc.errno in FULL_DISK and room is not None:
        _remember_full(folder.parent, papers, room)
    if reason is None:
        ix, state, reason = _open_existing(folder)
        if ix is not None and state is not None:
            messages.append(
                f"the search index could not be rebuilt ({why}); searching the previous index"
            )
            return _serving(ix, folder, state, messages, start)
        if ix is not None:
            ix.close()
    raise IndexUnavailable(
        f"{reason or 'there is no search index'} and it could not be written "
        f"({why}{_what_to_do(exc, folder.parent, room)})"
    ) from exc


#: the errors of a disk with no room left (or none left to the user)
FULL_DISK = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG)


def _what_to_do(exc: OSError, root: Path, room: int | None = None) -> str:
    """What to do of a build a full disk stopped, to follow its error's words: the room
    it had (``room``, when known), and where to make more (the data folder's disk) or to
    take it (another data folder); nothing for another error."""
    if exc.errno not in FULL_DISK:
        return ""
    had = "" if room is None else f", {_megabytes(room)} free"
    return f"{had} in {root}: free some space there, or give another data folder with --data-dir"


#: what a build a full disk stopped left in the data folder: the room it found, and the
#: papers it was for (see :func:`_no_room_yet`)
FULL_DISK_FILE = "index-full.json"
#: the room made since a build a full disk stopped that has a build tried again: the few
#: kilobytes the disk's other files take or give meanwhile are no room made
ROOM_MADE = 1 << 20


def _remember_full(root: Path, papers: int, free: int) -> None:
    """Keep, in the data folder ``root``, that a build of ``papers`` found its disk full,
    with the room (``free``) it had as it began. Not kept on a disk with no room for it
    either: the next build tries again."""
    with contextlib.suppress(OSError):
        _write_json(root / FULL_DISK_FILE, {"free": free, "papers": papers})


def _no_room_yet(root: Path, papers: int, reason: str | None) -> None:
    """Raise IndexUnavailable where a build of ``papers`` papers or more found the disk
    of the data folder ``root`` full and no room was made since (:data:`ROOM_MADE`):
    every command built the index for as long as it took the disk to fill, 10 s of
    1,060 papers, to fail again. Any other case (no such build, fewer papers, room made,
    nothing to tell the room by) builds."""
    try:
        said = json.loads((root / FULL_DISK_FILE).read_text(encoding="utf-8"))
        then, before = int(said["free"]), int(said["papers"])
    except (OSError, ValueError, TypeError, KeyError):
        return
    now = free_space(root)
    if now is None or now >= then + ROOM_MADE or papers < before:
        return
    raise IndexUnavailable(
        f"{reason or 'there is no search index'}: the disk had no room for it at the last "
        f"try ({_megabytes(now)} free in {root}: free some space there, or give another "
        "data folder with --data-dir)"
    )


def free_space(folder: Path) -> int | None:
    """The bytes free on the disk of ``folder`` (None when that cannot be told)."""
    for place in (folder, *folder.parents):
        try:
            return shutil.disk_usage(place).free
        except FileNotFoundError:
            continue
        except OSError:
            return None
    return None


def _megabytes(size: int) -> str:
    return f"{size / (1 << 20):.1f} MB"


def _unwritable(
    folder: Path,
    root: Path,
    wanted: dict[str, str],
    digest: str,
    messages: list[str],
    start: float,
) -> OpenIndex:
    """The data folder cannot be written: the index serves if it is sound and current
    (holds every paper of the library as it is, and the library's vocabulary)."""
    ix, state, reason = _open_existing(folder, digest)
    if ix is not None and state is not None:
        have = state[0]
        if state[1] is not None and all(have.get(pid) == fp for pid, fp in wanted.items()):
            return _serving(ix, folder, state, messages, start, others=len(have) - len(wanted))
        reason = "the search index is out of date"
    if ix is not None:
        ix.close()
    raise IndexUnavailable(
        f"the data folder {root} cannot be written and {reason or 'there is no search index'}"
    )


def _serving(
    ix: index.Index,
    folder: Path,
    state: State,
    messages: list[str],
    start: float,
    *,
    others: int | None = None,
) -> OpenIndex:
    """The index as it is, read-only, with the vocabulary it was saved with. Its papers
    may not be the library's (``others`` unknown): searches then check every hit."""
    vocab = state[1] if state[1] is not None else {}
    report = IndexReport(read_only=True, seconds=time.monotonic() - start, messages=tuple(messages))
    return OpenIndex(
        ix=ix,
        path=folder,
        vocab=vocab,
        report=report,
        stems=state[2],
        others=len(state[0]) if others is None else others,
    )


def _locked_out(
    folder: Path, wanted: dict[str, str], messages: list[str], start: float
) -> OpenIndex:
    """Another process holds the index past the wait: the index as it is serves, if it
    holds every paper of the library; else searches scan the lists (an index of other
    lists found none of these papers: "0 of 199 match")."""
    try:
        ix = open_folder(folder)
    except Exception as exc:
        raise IndexUnavailable(
            "another tuireader is building the search index and it is not ready yet",
            busy=True,
        ) from exc
    try:
        state = _load_state(ix, folder)
    except Exception:  # noqa: BLE001 - being written by the other process
        state = None
    if state is None or any(pid not in state[0] for pid in wanted):
        ix.close()
        raise IndexUnavailable(
            "another tuireader is updating the search index, which does not hold these lists yet",
            busy=True,
        )
    return _read_only(ix, folder, messages, start)


def _rebuild(
    folder: Path,
    library: Library,
    wanted: dict[str, str],
    digest: str,
    progress: Progress | None,
    messages: list[str],
    start: float,
    reason: str | None = None,
) -> OpenIndex:
    """Build a complete new index in a fresh folder, then swap it in; ``reason``: why
    (the damage found), said with it.

    Until the swap the previous index is untouched; a failed, stopped
    (``stopping.BuildStopped``) or killed build leaves only its ``index.new-PID``
    folder, which is removed here or by the next writer.
    """
    tmp = folder.with_name(f"{folder.name}.new-{os.getpid()}")
    _remove(tmp)
    try:
        ix = _fresh(tmp)
        papers = [(paper, wanted[paper.id]) for paper in library.papers]
        parallel = built_in_parts(len(papers))
        vocab, stems = _write_all(ix, papers, progress, parallel=parallel)
        stopping.check()
        _save_state(ix, tmp, wanted, vocab, stems, sources=_sources_of(library), digest=digest)
        ix.close()
        kept = _swap_in(tmp, folder)
    except BaseException:
        _remove(tmp)
        raise
    ix = open_folder(folder)
    said = [*messages, f"{reason}; rebuilt it"] if reason else list(messages)
    report = IndexReport(
        added=len(wanted),
        rebuilt=True,
        seconds=time.monotonic() - start,
        messages=(*said, kept) if kept else tuple(said),
    )
    return OpenIndex(ix=ix, path=folder, vocab=vocab, report=report, stems=stems)


def _read_only(ix: index.Index, folder: Path, messages: list[str], start: float) -> OpenIndex:
    messages.append("another tuireader is updating the search index; searching the index as it is")
    try:
        state = _load_state(ix, folder)
    except Exception:  # noqa: BLE001 - being written by the other process
        state = None
    vocab = state[1] if state and state[1] is not None else {}
    stems = state[2] if state else {}
    report = IndexReport(read_only=True, seconds=time.monotonic() - start, messages=tuple(messages))
    others = ix.doc_count()  # unknown: every hit is checked
    return OpenIndex(ix=ix, path=folder, vocab=vocab, report=report, stems=stems, others=others)


def _cancel(writer) -> None:  # type: ignore[no-untyped-def]
    """Cancel a writer that failed; a writer whose commit failed is closed already."""
    if not writer.is_closed:
        with contextlib.suppress(Exception):
            writer.cancel()


def _remove_uncommitted(ix: index.Index, folder: Path) -> None:
    """Delete the files a failed commit left in ``folder``: whatever the current TOC
    does not list (Whoosh's own cleanup runs only after a commit succeeds)."""
    try:
        toc, prefixes = segment_files(ix)
        keep = {toc, *_NOT_STAMPED}
    except Exception:  # noqa: BLE001 - the index is unreadable: the next open rebuilds it
        return
    for entry in os.scandir(folder):
        name = entry.name
        if name in keep or name.startswith((*prefixes, ".")):
            continue
        if entry.is_dir(follow_symlinks=False):  # a writer's temporary storage
            shutil.rmtree(entry.path, ignore_errors=True)
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
    for tmp in folder.glob(".*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()


def _not_updated(
    ix: index.Index,
    folder: Path,
    state: State,
    exc: OSError,
    missing: int,
    messages: list[str],
    start: float,
) -> OpenIndex:
    """An update could not be written (a full disk): the previous index serves."""
    messages.append(
        f"the search index could not be updated ({describe_error(exc)}); searching the "
        f"previous index, which lacks {missing} changed papers"
    )
    return _serving(ix, folder, state, messages, start)


def _update(
    ix: index.Index,
    folder: Path,
    library: Library,
    wanted: dict[str, str],
    digest: str,
    state: State,
    progress: Progress | None,
    note: Callable[[str], None] | None,
    lock_wait: float,
    messages: list[str],
    start: float,
) -> OpenIndex:
    """Write what changed for ``library``: its new and changed papers, and the papers its
    lists no longer hold. Papers of lists that are not open stay (``OTHERS_MAX``)."""
    have, vocab, stems, sources = state
    changed = [paper for paper in library.papers if have.get(paper.id) != wanted[paper.id]]
    gone = _gone(library, wanted, have, sources)
    others = len(have) - len(gone) - sum(1 for pid in wanted if pid in have)
    kept_sources = _sources_of(library, sources)
    if not changed and not gone:
        if vocab is None:
            vocab, stems = library_vocab(folder, library, wanted, have)  # type: ignore[assignment]
        elif list(kept_sources) == list(sources) and kept_sources == sources:
            report = IndexReport(seconds=time.monotonic() - start, messages=tuple(messages))
            return OpenIndex(
                ix=ix, path=folder, vocab=vocab, report=report, stems=stems, others=others
            )
        # no commit: only the vocabulary and the order of the lists are saved
        try:
            stems = _save_state(ix, folder, have, vocab, stems, sources=kept_sources, digest=digest)
        except OSError as exc:
            stems = stems if stems is not None else vocab_stems(vocab)
            messages.append(
                f"the search index's word list could not be saved ({describe_error(exc)})"
            )
        report = IndexReport(seconds=time.monotonic() - start, messages=tuple(messages))
        return OpenIndex(ix=ix, path=folder, vocab=vocab, report=report, stems=stems, others=others)

    added = updated = 0
    try:
        writer = _acquire_writer(ix, lock_wait, note)
    except OSError as exc:  # a new segment's first bytes did not fit
        _remove_uncommitted(ix, folder)
        return _not_updated(ix, folder, state, exc, len(changed) + len(gone), messages, start)
    if writer is None:
        return _read_only(ix, folder, messages, start)
    try:
        for pid in gone:
            writer.delete_by_term("id", pid)
        total = len(changed)
        for done, paper in enumerate(changed, 1):
            stopping.check()  # (the update is not committed: the next open makes it)
            if paper.id in have:
                updated += 1
            else:
                added += 1
            writer.update_document(**document(paper, wanted[paper.id]))
            if progress and (done % 250 == 0 or done == total):
                progress(done, total)
        writer.commit()
    except BaseException as exc:
        _cancel(writer)
        _remove_uncommitted(ix, folder)
        if not isinstance(exc, OSError):
            raise
        return _not_updated(ix, folder, state, exc, len(changed) + len(gone), messages, start)
    fps = {pid: fp for pid, fp in have.items() if pid not in gone}
    fps.update(wanted)
    vocab, grown = library_vocab(folder, library, wanted, have)
    kept_sources = {path: [pid for pid in ids if pid in fps] for path, ids in kept_sources.items()}
    try:
        stems = _save_state(ix, folder, fps, vocab, grown, sources=kept_sources, digest=digest)
    except OSError as exc:  # the commit stands; the next start reads the index itself
        stems = grown if grown is not None else vocab_stems(vocab)
        messages.append(f"the search index's word list could not be saved ({describe_error(exc)})")
    report = IndexReport(
        added=added,
        updated=updated,
        removed=len(gone),
        seconds=time.monotonic() - start,
        messages=tuple(messages),
    )
    return OpenIndex(
        ix=ix, path=folder, vocab=vocab, report=report, stems=stems, others=len(fps) - len(wanted)
    )


def _gone(
    library: Library, wanted: dict[str, str], have: dict[str, str], sources: Sources
) -> list[str]:
    """The indexed papers to delete: those an open list held and holds no more, then, past
    ``OTHERS_MAX`` papers of lists not open, those of the lists opened longest ago."""
    open_now = {str(item.path) for item in library.lists}
    gone = dict.fromkeys(
        pid
        for path, ids in sources.items()
        if path in open_now
        for pid in ids
        if pid not in wanted and pid in have
    )
    others = [pid for pid in have if pid not in wanted and pid not in gone]
    if len(others) > OTHERS_MAX:
        # oldest first: papers of no recorded list, then list by list as they were opened
        rank: dict[str, int] = {}
        for number, ids in enumerate(sources.values(), 1):
            for pid in ids:
                rank.setdefault(pid, number)
        others.sort(key=lambda pid: rank.get(pid, 0))
        gone.update(dict.fromkeys(others[: len(others) - OTHERS_MAX]))
    return list(gone)
