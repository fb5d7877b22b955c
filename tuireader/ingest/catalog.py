"""Catalogs: files of real paper metadata that give bare abstracts their titles.

A list of abstracts says nothing about who wrote a paper or what it is called. A catalog
(a file of any list format but plain text and Markdown: JSONL, JSON, BibTeX, CSV, RIS…,
with a title, authors and abstract per record) does. This
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

import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path
from typing import Literal, TypeVar

from tuireader.ingest.sources import (  # noqa: F401 - re-exported
    CATALOG_SUFFIXES,
    catalog_files,
    default_catalog_paths,
)
from tuireader.model import Library, Paper, Problem, Record

#: file suffixes read as catalogs (``.txt`` lists carry no titles, so they are not catalogs).

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
_RARE_WORDS = 12
_MIN_COMMON = 8
_CANDIDATES = 4

_T = TypeVar("_T")

MatchMethod = Literal["exact", "fuzzy", "id", "title"]


# --------------------------------------------------------------------------- data


#: One record of a catalog: the real metadata of one paper. Catalogs and lists read
#: the same formats into the same type.
CatalogEntry = Record


@dataclass(frozen=True)
class Catalog:
    """A loaded catalog file; ``problems`` says what could not be read."""

    name: str
    path: Path
    entries: tuple[CatalogEntry, ...] = ()
    problems: tuple[Problem, ...] = ()
    #: the lists (by name) whose papers this catalog describes: their papers are matched
    #: every way, by abstract too; any other paper by an exact key only (DOI, OpenReview
    #: id, PMLR key, arXiv id, title), a dictionary look-up. None: every paper every way.
    lists: frozenset[str] | None = None

    def describes(self, paper: Paper) -> bool:
        """Whether ``paper`` is matched by its abstract as well as by its keys."""
        scope = self.lists
        return scope is None or any(name in scope for name in paper.lists)


@dataclass(frozen=True)
class Match:
    """A catalog record found for a paper, how it was found and how sure the match is."""

    entry: CatalogEntry
    #: 1.0 for exact, id and title matches; for fuzzy matches the share of the query's
    #: words found in order in the record.
    score: float
    method: MatchMethod


# --------------------------------------------------------------------------- normalisation

_QUOTES = re.compile('[\u2018\u2019\u201a\u201b\u2032\u00b4`\u201c\u201d\u201e\u201f\u2033"]')
_DASHES = re.compile("[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]")
#: a line broken after a hyphen ("state-of-\nthe-art") reads as one word
_BROKEN_HYPHEN = re.compile(r"-\s+")

#: LaTeX commands that only format their argument; dropped so ``\mathcal{O}`` reads ``O``.
# fmt: off
_FORMAT_COMMANDS = frozenset((
    "mathcal", "mathbf", "mathrm", "mathit", "mathbb", "mathsf", "mathtt", "mathfrak",
    "boldsymbol", "bm", "text", "textbf", "textit", "textrm", "texttt", "emph",
    "operatorname", "left", "right", "big", "bigl", "bigr", "Big", "displaystyle",
    "scriptstyle", "mbox", "hat", "tilde", "bar", "widehat", "widetilde", "overline",
    "underline", "vec",
))
# fmt: on
_LATEX_COMMAND = re.compile(r"\\([A-Za-z]+)|\\.")
_WORD = re.compile(r"\w+")
_GREEK = re.compile("[\u0370-\u03ff]")


def normalise_abstract(text: str) -> str:
    """The key two copies of one abstract share exactly.

    Folds Unicode compatibility forms (NFKC), case, curly/straight quotes, dashes,
    ``$`` and ``*`` markup, and all whitespace (so re-wrapped lines do not matter).
    """
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    text = text.replace("$", "").replace("*", "")
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
    if "\\" in text:
        from tuireader.render.citations import latex_letters  # only for text with LaTeX

        # H\"{o}lderian as a JSON list writes it is the Hölderian a BibTeX reader gives
        text = latex_letters(text)
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
        if _GREEK.search(text):
            text = _GREEK.sub(_greek_name, text)
    if "\\" in text:
        text = _LATEX_COMMAND.sub(_latex_word, text)
    return _WORD.findall(text.casefold())


def normalise_doi(doi: str) -> str:
    doi = doi.strip().lower()
    for prefix in ("https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "doi:"):
        doi = doi.removeprefix(prefix)
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
            for identifier in _entry_ids(entry):
                self._ids.setdefault(identifier, index)
            title = normalise_title(entry.title or "")
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
        self._rare: frozenset[int] = frozenset(rare)

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
        by_abstract: bool = True,
    ) -> Match | None:
        """The record this paper is, or None when no record is certain enough.

        Tries identifiers (DOI, OpenReview id, PMLR key, arXiv id), then the exact
        normalised abstract, then the exact title (pass a title only when the source
        gave one, never a derived one), then the fuzzy abstract comparison.
        ``by_abstract=False`` tries the identifiers and the title only.
        """
        for kind, value in (
            ("doi", normalise_doi(doi) if doi else None),
            ("openreview", openreview_id),
            ("pmlr", pmlr_key),
            ("arxiv", arxiv),
        ):
            if value and (kind, value.strip()) in self._ids:
                return Match(self.entries[self._ids[(kind, value.strip())]], 1.0, "id")
        if not by_abstract:
            return self._by_title(title)
        if abstract.strip():
            index = self._exact.get(normalise_abstract(abstract))
            if index is not None:
                return Match(self.entries[index], 1.0, "exact")
        found = self._by_title(title)
        if found is not None:
            return found
        if abstract.strip():
            return self._fuzzy(abstract)
        return None

    def _by_title(self, title: str | None) -> Match | None:
        if not title or not self._titles:
            return None
        key = normalise_title(title)
        index = self._titles.get(key)
        if index is not None and len(key) >= 12:
            return Match(self.entries[index], 1.0, "title")
        return None

    def _candidates(self, query: list[int]) -> list[int]:
        """Records sharing the most of the query's rarest words (an inverted-index lookup)."""
        postings = self._postings
        rare = sorted(self._rare.intersection(query), key=self._df.__getitem__)
        votes = Counter(chain.from_iterable(postings[token] for token in rare[:_RARE_WORDS]))
        return [doc for doc, _ in votes.most_common(_CANDIDATES)]

    def _fuzzy(self, abstract: str) -> Match | None:
        words = _words(abstract)
        if len(words) < MIN_FUZZY_WORDS:
            return None
        # imported here: every command that knows a paper by its title (a mark's) reads
        # this module, and only a fuzzy match needs rapidfuzz (13 ms to import)
        from rapidfuzz.distance import LCSseq

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


# --------------------------------------------------------------------------- loading


def _read_csv(path: Path) -> tuple[list[CatalogEntry], list[Problem]]:
    """Records of a CSV file with a header row naming its columns (rows with only an
    identifier are kept: they match by DOI, OpenReview id or PMLR key)."""
    from tuireader.ingest.formats.common import records_said
    from tuireader.ingest.formats.prose import tidy_abstracts
    from tuireader.ingest.formats.table import parse_csv
    from tuireader.ingest.readers import MAX_FILE_BYTES, ReadError, decode

    if path.stat().st_size > MAX_FILE_BYTES:
        return [], [Problem(path, "is too large to be read as a catalog")]
    try:
        decoded = decode(path.read_bytes(), path)
    except ReadError as error:
        return [], [Problem(path, str(error).removeprefix(f"{path}: "))]
    text = decoded.text
    if not text.strip():
        return [], [Problem(path, "the file is empty")]
    result = parse_csv(text, path, keep_bare=True)
    problems = [*decoded.problems, *result.problems]
    if not result.records:
        # ``load_catalog`` says so itself when nothing else went wrong
        problems = [p for p in problems if p.message != "holds no rows with a title or abstract"]
    # as ``read_file`` gives a list's records
    records = records_said(tidy_abstracts(result.records))
    return list(records), problems


def _read_structured(path: Path) -> tuple[list[CatalogEntry], list[Problem]]:
    from tuireader.ingest.readers import read_file

    result = read_file(path)
    problems = list(result.problems)
    if result.format in ("text", "markdown"):
        problems.append(
            Problem(
                path,
                "is a plain-text list, not a catalog: a catalog needs titles and authors "
                "(use JSON Lines, JSON, BibTeX, CSV or RIS)",
            )
        )
        return [], problems
    return list(result.records), problems


def _has_identity(entry: CatalogEntry) -> bool:
    return bool(entry.abstract.strip() or entry.title or _entry_ids(entry))


def load_catalog(path: Path) -> Catalog:
    """Read one catalog file (JSON Lines, JSON, BibTeX, CSV, RIS or any other list format
    with titles); never raises.

    What cannot be read becomes a ``Problem`` on the returned catalog: a file that does
    not parse gives an empty catalog with an error; records without an abstract are
    kept (they can still match by identifier or title) with one warning counting them.
    """
    path = Path(path)
    name = path.stem
    try:
        if not path.exists():
            return Catalog(name, path, (), (Problem(path, "catalog not found"),))
        if path.is_dir():
            return Catalog(name, path, (), (Problem(path, "is a folder, not a catalog file"),))
        if path.suffix.lower() in (".csv", ".tsv"):
            entries, problems = _read_csv(path)
        else:
            entries, problems = _read_structured(path)
    except Exception as error:  # noqa: BLE001 - a broken catalog must not stop the lists
        return Catalog(name, path, (), (Problem(path, f"catalog could not be read ({error})"),))
    kept = [entry for entry in entries if _has_identity(entry)]
    if len(kept) < len(entries):
        skipped = len(entries) - len(kept)
        problems.append(
            Problem(
                path,
                f"{_count(skipped, 'record')} without abstract, title or identifier "
                f"{'were' if skipped != 1 else 'was'} skipped",
                "warning",
            )
        )
    bare = sum(1 for entry in kept if not entry.abstract.strip())
    if bare:
        problems.append(
            Problem(
                path,
                f"{_count(bare, 'record')} {'have' if bare != 1 else 'has'} no abstract and "
                "cannot be matched by abstract, only by DOI, OpenReview id, PMLR key or "
                "exact title",
                "warning",
            )
        )
    if not kept and not any(problem.severity == "error" for problem in problems):
        problems.append(Problem(path, "catalog holds no records"))
    return Catalog(name, path, tuple(kept), tuple(problems))


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _file_key(path: Path) -> object:
    """What makes two spellings of a path one file: its device and inode, else its
    resolved path (a missing file), so symlinks, ``..`` and hard links all count once."""
    try:
        status = path.stat()
    except (OSError, ValueError):
        try:
            return path.resolve()
        except (OSError, RuntimeError, ValueError):
            return path.absolute()
    return (status.st_dev, status.st_ino)


def load_catalogs(paths: Sequence[Path]) -> tuple[list[Catalog], list[Problem]]:
    """Read catalog files and folders (every catalog file directly inside, by name).

    Returns the catalogs in the order given and every problem found, including those
    each catalog carries, for a command to print. A path that is missing or a folder
    with no catalog file in it still yields an (empty) catalog holding its problem, so
    ``apply_catalogs`` reports it in the library as well. A file given more than once
    (the same path repeated, another spelling of it, a symlink to it, or a file of a
    folder also given) is read once, where it first appears.
    """
    catalogs: list[Catalog] = []
    seen: set[object] = set()

    def first_time(path: Path) -> bool:
        key = _file_key(path)
        if key in seen:
            return False
        seen.add(key)
        return True

    for source in paths:
        path = Path(source).expanduser()
        if not first_time(path):
            continue
        if path.is_dir():
            files = catalog_files(path)
            if not files:
                kinds = ", ".join(CATALOG_SUFFIXES)
                problem = Problem(path, f"folder holds no catalog files ({kinds})")
                catalogs.append(Catalog(path.name, path, (), (problem,)))
            catalogs.extend(load_catalog(file) for file in files if first_time(file))
        else:
            catalogs.append(load_catalog(path))
    problems = [problem for catalog in catalogs for problem in catalog.problems]
    return catalogs, problems


# --------------------------------------------------------------------------- applying


def _paper_arxiv(paper: Paper) -> str | None:
    for link in paper.links:
        found = arxiv_id(link.url)
        if found:
            return found
    return None


def _first(*values: _T | None) -> _T | None:
    """The first value that is not empty."""
    for value in values:
        if value:
            return value
    return None


#: fields a record and a paper share beyond the ones matching treats on its own; a
#: catalog record fills them (first catalog first), the paper's own value is the fallback.
_SHARED_FIELDS: tuple[str, ...] = tuple(
    name
    for name in Record.__dataclass_fields__
    if name in Paper.__dataclass_fields__
    and name
    not in ("title", "abstract", "authors", "venue", "year", "doi", "openreview_id", "pmlr_key")
)


def _shared(paper: Paper, records: Sequence[Record | Paper]) -> dict[str, object]:
    """The shared fields (see ``_SHARED_FIELDS``): the first non-empty value of
    ``records``, else the paper's."""
    changes: dict[str, object] = {}
    for name in _SHARED_FIELDS:
        value = _first(*(getattr(record, name) for record in records), getattr(paper, name))
        if value != getattr(paper, name) and value:
            changes[name] = value
    return changes


def _enrich(paper: Paper, found: Sequence[tuple[str, CatalogEntry]]) -> Paper:
    """``paper`` with the metadata of its catalog records (first catalog first)."""
    from tuireader.ingest.links import (
        merge_links,
        merge_unsafe,
        record_links,
        record_unsafe_links,
    )

    entries = [entry for _, entry in found]
    title = _first(*(entry.title for entry in entries))
    years = [entry.year for entry in entries if entry.year is not None]
    return replace(
        paper,
        title=title or paper.title,
        title_derived=False if title else paper.title_derived,
        abstract=paper.abstract or _first(*(entry.abstract for entry in entries)) or "",
        authors=_first(*(entry.authors for entry in entries)) or paper.authors,
        venue=_first(*(entry.venue for entry in entries), paper.venue),
        year=years[0] if years else paper.year,
        links=merge_links(paper.links, *(record_links(entry) for entry in entries)),
        unsafe_links=merge_unsafe(
            paper.unsafe_links, *(record_unsafe_links(entry) for entry in entries)
        ),
        doi=_first(*(entry.doi for entry in entries), paper.doi),
        openreview_id=_first(*(e.openreview_id for e in entries), paper.openreview_id),
        pmlr_key=_first(*(entry.pmlr_key for entry in entries), paper.pmlr_key),
        metadata_source=found[0][0],
        **_shared(paper, entries),  # type: ignore[arg-type]
    )


def _also_known_by_abstract(paper: Paper, entry: CatalogEntry, taken: set[str]) -> Paper:
    """``paper`` found by the id a list of its catalog record's abstract alone gives it,
    where that is not its own: the id of a seed list's paper (its list is its abstracts,
    its catalog the rest), which an export of the seeds, read back, knows by its
    OpenReview id or PMLR key. An id another paper of the library has or is found by
    (``taken``) is not taken; one given is added to ``taken``."""
    from tuireader.ingest.identity import is_placeholder
    from tuireader.ingest.library import paper_id

    if not entry.abstract or is_placeholder(entry.abstract):
        return paper
    alias = paper_id(entry.abstract)
    if alias == paper.id or alias in taken:
        return paper
    taken.add(alias)
    return replace(paper, aliases=(*paper.aliases, alias))


def _combine(kept: Paper, other: Paper) -> Paper:
    """Two papers of the library that a catalog shows are one: ``kept`` absorbs ``other``."""
    from tuireader.ingest.links import merge_links, merge_unsafe

    return replace(
        kept,
        abstract=kept.abstract or other.abstract,
        lists=kept.lists + tuple(name for name in other.lists if name not in kept.lists),
        links=merge_links(kept.links, other.links),
        unsafe_links=merge_unsafe(kept.unsafe_links, other.unsafe_links),
        authors=kept.authors or other.authors,
        venue=kept.venue or other.venue,
        year=kept.year if kept.year is not None else other.year,
        doi=kept.doi or other.doi,
        openreview_id=kept.openreview_id or other.openreview_id,
        pmlr_key=kept.pmlr_key or other.pmlr_key,
        # the other paper's id still finds it
        aliases=tuple(
            dict.fromkeys(
                alias for alias in (*kept.aliases, other.id, *other.aliases) if alias != kept.id
            )
        ),
        **_shared(kept, [kept, other]),  # type: ignore[arg-type]
    )


def apply_catalogs(library: Library, catalogs: Sequence[Catalog]) -> Library:
    """A new library whose papers found in a catalog carry that catalog's metadata.

    Each paper is looked up in every catalog, in order; the first catalog that knows
    it gives the title, authors, venue, year and identifiers, later ones fill what is
    still missing, and every catalog's links are added. ``metadata_source`` names the
    first catalog. Papers no catalog knows are unchanged, and no paper's id changes.
    Two papers of the library that turn out to be the same catalog record (say, a
    BibTeX entry without abstract and the same paper's abstract in a text list) become
    one paper under the id of the first, the other's id one of its aliases. The
    catalogs' problems join the library's.
    A catalog scoped to some lists (``Catalog.lists``) matches the papers of other lists
    by an exact key only: no abstract of theirs is compared with its records.
    """
    problems = library.problems + tuple(p for catalog in catalogs for p in catalog.problems)
    matchers = [
        (catalog.name, Matcher(catalog.entries), catalog) for catalog in catalogs if catalog.entries
    ]
    if not matchers:
        return Library(papers=library.papers, lists=library.lists, problems=problems)
    papers: list[Paper] = []
    position_of: dict[tuple[int, int], int] = {}
    renamed: dict[str, str] = {}
    taken = {paper.id for paper in library.papers}
    taken.update(alias for paper in library.papers for alias in paper.aliases)
    for paper in library.papers:
        found: list[tuple[str, CatalogEntry]] = []
        first_key: tuple[int, int] | None = None
        for number, (name, matcher, catalog) in enumerate(matchers):
            match = matcher.match(
                paper.abstract,
                None if paper.title_derived else paper.title,
                doi=paper.doi,
                openreview_id=paper.openreview_id,
                pmlr_key=paper.pmlr_key,
                arxiv=_paper_arxiv(paper),
                by_abstract=catalog.describes(paper),
            )
            if match is not None:
                found.append((name, match.entry))
                if first_key is None:
                    first_key = (number, id(match.entry))
        if first_key is None:
            papers.append(paper)
            continue
        enriched = _also_known_by_abstract(_enrich(paper, found), found[0][1], taken)
        if first_key in position_of:
            position = position_of[first_key]
            papers[position] = _combine(papers[position], enriched)
            renamed[paper.id] = papers[position].id
        else:
            position_of[first_key] = len(papers)
            papers.append(enriched)
    lists = library.lists
    if renamed:
        lists = tuple(
            replace(paper_list, paper_ids=_unique(renamed.get(i, i) for i in paper_list.paper_ids))
            for paper_list in library.lists
        )
    return Library(papers=tuple(papers), lists=lists, problems=problems)


def _unique(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ids))
