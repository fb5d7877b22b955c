"""Build the Library: read every input, merge repeats into one paper, give each an id.

A paper's identity is its abstract: the same abstract in two lists is one paper that
knows both lists. The id is short (8 lowercase base32 characters of the SHA-1 of the
normalised abstract, or of the normalised title when there is no abstract), stable
across runs, and independent of where the paper sits in its file. ``load_library``
never raises: whatever goes wrong with an input becomes a ``Problem`` and the other
inputs still load.
"""

from __future__ import annotations

import base64
import hashlib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tuireader.ingest.links import merge_links, record_links
from tuireader.ingest.readers import SUPPORTED_SUFFIXES, ReadResult, Record, read_file, supported
from tuireader.model import Library, Link, Paper, PaperList, Problem
from tuireader.system.memory import LARGE, release_freed_memory

__all__ = [
    "EXTEND_ID_BY",
    "ID_LENGTH",
    "expand_sources",
    "load_library",
    "normalise_text",
    "paper_id",
]

#: Characters in a paper id. Two papers whose ids would collide get longer ids.
ID_LENGTH = 8
#: How many characters a colliding id grows by at a time.
EXTEND_ID_BY = 4

_QUOTES = "\"'`´‘’‚‛“”„‟«»‹›′″〝〞＂＇"
_DASHES = "‐‑‒–—―−﹘﹣－"
_INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"  # sneak in from PDFs and web pages
_FOLD = {
    **{quote: '"' for quote in _QUOTES},
    **{dash: "-" for dash in _DASHES},
    **{char: "" for char in _INVISIBLE},
}
# One regex pass over the rare non-ASCII characters is much faster than str.translate
# with a table, which falls back to a per-character lookup on any non-ASCII text.
_FOLD_RE = re.compile("[" + re.escape("".join(char for char in _FOLD if not char.isascii())) + "]")
# \% and % are the same character to a reader: BibTeX escapes what JSON does not.
_LATEX_ESCAPE_RE = re.compile(r"\\([%$&#_{}])")
_DASH_RUN_RE = re.compile(r"-{2,}")
_QUOTE_RUN_RE = re.compile(r'"{2,}')


def _fold_char(match: re.Match[str]) -> str:
    return _FOLD[match.group(0)]


def normalise_text(text: str) -> str:
    """The form of a text used to decide whether two texts are the same paper.

    Unicode compatibility forms are unified (NFKC: full-width letters, ligatures),
    case is folded, every kind of quote becomes ``"`` and every dash ``-`` (LaTeX's
    ``--``/``---`` and ``` `` ``/``''`` included), LaTeX escapes such as ``\\%`` become
    the plain character, invisible characters go, and whitespace runs become one space.
    """
    text = text.casefold().replace("'", '"').replace("`", '"')
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
        text = _FOLD_RE.sub(_fold_char, text)
    if "\\" in text:
        text = _LATEX_ESCAPE_RE.sub(r"\1", text)
    if "--" in text:
        text = _DASH_RUN_RE.sub("-", text)
    if '""' in text:
        text = _QUOTE_RUN_RE.sub('"', text)
    return " ".join(text.split())


def _digest(text: str) -> str:
    """Lowercase base32 (RFC 4648 alphabet) of the SHA-1 of ``text``: 32 characters."""
    # readers replace lone surrogates; should one slip through, it must not stop the load
    raw = hashlib.sha1(text.encode("utf-8", "surrogatepass")).digest()
    return base64.b32encode(raw).decode("ascii").lower()


def _identity(abstract: str, title: str | None) -> str:
    """The text a paper's id is derived from: its abstract, else its title, normalised."""
    if abstract.strip():
        return normalise_text(abstract)
    return normalise_text(title or "")


def paper_id(abstract: str, title: str | None = None) -> str:
    """The short id of a paper with this abstract (or, without one, this title).

    Within a library, an id that collides with another paper's is made longer; this
    function gives the usual, unextended form.
    """
    return _digest(_identity(abstract, title))[:ID_LENGTH]


# --------------------------------------------------------------------------- sources


def expand_sources(sources: Sequence[str | Path]) -> tuple[list[Path], list[Problem]]:
    """The files to read for the given files and folders, plus what was wrong with them.

    A folder stands for every supported file directly inside it (``.txt``, ``.md``,
    ``.text``, ``.jsonl``, ``.ndjson``, ``.json``, ``.bib``), sorted by name; sub-folders
    and hidden files are not read. Other files in a folder are skipped with one
    warning naming them. A file named directly is always read, whatever its name, and
    a missing path is reported (by ``read_file``) when it is read. The same file given
    twice is read once.
    """
    files: list[Path] = []
    problems: list[Problem] = []
    seen: set[Path] = set()

    def add(path: Path) -> None:
        try:
            key = path.resolve()
        except (OSError, RuntimeError):
            key = path.absolute()
        if key not in seen:
            seen.add(key)
            files.append(path)

    for source in sources:
        path = Path(source).expanduser()
        try:
            is_dir = path.is_dir()
        except OSError:
            is_dir = False
        if not is_dir:
            add(path)
            continue
        try:
            entries = sorted(path.iterdir(), key=lambda entry: entry.name)
        except PermissionError:
            problems.append(Problem(path, "this folder cannot be opened: permission denied"))
            continue
        except OSError as error:
            problems.append(Problem(path, f"this folder cannot be read: {error.strerror}"))
            continue
        chosen: list[Path] = []
        skipped: list[str] = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                if entry.is_dir():
                    continue
            except OSError:
                continue
            if supported(entry):
                chosen.append(entry)
            else:
                skipped.append(entry.name)
        if skipped:
            problems.append(
                Problem(
                    path,
                    f"skipped {len(skipped)} file{'s' if len(skipped) != 1 else ''} that "
                    f"{'are not paper lists' if len(skipped) != 1 else 'is not a paper list'}: "
                    f"{', '.join(skipped[:8])}{', …' if len(skipped) > 8 else ''}",
                    "warning",
                )
            )
        if not chosen:
            kinds = ", ".join(sorted(SUPPORTED_SUFFIXES))
            problems.append(
                Problem(
                    path,
                    f"this folder holds no paper lists ({kinds} files; sub-folders "
                    "are not searched)",
                )
            )
        for entry in chosen:
            add(entry)
    return files, problems


# --------------------------------------------------------------------------- merging


@dataclass(slots=True)
class _Draft:
    """A paper being assembled from one or more records."""

    key: str
    record: Record
    links: tuple[Link, ...]
    lists: list[str] = field(default_factory=list)
    order: int = 0
    title: str | None = None
    authors: tuple[str, ...] = ()
    venue: str | None = None
    year: int | None = None
    doi: str | None = None
    openreview_id: str | None = None
    pmlr_key: str | None = None
    abstract: str = ""

    @classmethod
    def start(cls, key: str, record: Record, order: int) -> _Draft:
        return cls(
            key=key,
            record=record,
            links=record_links(record),
            order=order,
            title=record.title,
            authors=record.authors,
            venue=record.venue,
            year=record.year,
            doi=record.doi,
            openreview_id=record.openreview_id,
            pmlr_key=record.pmlr_key,
            abstract=record.abstract,
        )

    def absorb(self, record: Record) -> None:
        """Fill what is still missing from a later source's record of the same paper."""
        self.title = self.title or record.title
        self.authors = self.authors or record.authors
        self.venue = self.venue or record.venue
        self.year = self.year if self.year is not None else record.year
        self.doi = self.doi or record.doi
        self.openreview_id = self.openreview_id or record.openreview_id
        self.pmlr_key = self.pmlr_key or record.pmlr_key
        self.abstract = self.abstract or record.abstract
        self.links = merge_links(self.links, record_links(record))


def _assign_ids(keys: Sequence[str]) -> dict[str, str]:
    """Short ids for distinct identity digests; ids that would collide grow together."""
    ids: dict[str, str] = {}
    length = ID_LENGTH
    pending = list(dict.fromkeys(keys))
    while pending:
        groups: dict[str, list[str]] = {}
        for key in pending:
            groups.setdefault(key[:length], []).append(key)
        pending = []
        for short, members in groups.items():
            if len(members) == 1 or length >= len(members[0]):
                for member in members:
                    ids[member] = short if len(members) == 1 else member
            else:
                pending.extend(members)
        length += EXTEND_ID_BY
    return ids


def _unique_list_name(name: str, path: Path, taken: set[str]) -> str:
    if name not in taken:
        return name
    candidate = f"{name} ({path.stem})"
    number = 2
    while candidate in taken:
        candidate = f"{name} ({path.stem} {number})"
        number += 1
    return candidate


def _derive_title(abstract: str) -> str:
    from tuireader.ingest.titles import derive_title

    return derive_title(abstract)


def _build(results: Sequence[ReadResult], problems: list[Problem]) -> Library:
    drafts: dict[str, _Draft] = {}
    by_title: dict[str, str] = {}
    #: identity keys of papers known so far only by title (no abstract yet)
    title_only: set[str] = set()
    aliases: dict[str, str] = {}
    # The title index is built only once a record without abstract needs it.
    by_title_ready = False
    list_members: list[tuple[ReadResult, str, list[str]]] = []
    taken: set[str] = set()
    order = 0
    for result in results:
        problems.extend(result.problems)
        if not result.records:
            continue
        name = _unique_list_name(result.name, result.path, taken)
        taken.add(name)
        members: list[str] = []
        repeats = 0
        for record in result.records:
            has_abstract = bool(record.abstract.strip())
            # Drafts are keyed by the digest of the identity text, not the text itself
            # (a normalised abstract is ~1 KB: 100 MB held while 100,000 papers load).
            key = _digest(_identity(record.abstract, record.title))
            if not has_abstract:
                # A record without abstract joins the paper that has the same title.
                if not by_title_ready:
                    by_title_ready = True
                    for known in drafts.values():
                        if known.title and known.abstract.strip():
                            by_title.setdefault(normalise_text(known.title), known.key)
                key = by_title.get(normalise_text(record.title or ""), key)
            elif title_only and record.title and key not in drafts:
                title_key = _digest(normalise_text(record.title))
                if title_key in title_only:
                    # A paper first seen without abstract gets one: it goes by that now.
                    moved = drafts.pop(title_key)
                    title_only.discard(title_key)
                    moved.key = key
                    drafts[key] = moved
                    aliases[title_key] = key
            found = drafts.get(key)
            if found is None:
                draft = drafts[key] = _Draft.start(key, record, order)
                order += 1
                if not has_abstract:
                    title_only.add(key)
            else:
                draft = found
                draft.absorb(record)
            if by_title_ready and draft.title and draft.abstract.strip():
                by_title.setdefault(normalise_text(draft.title), draft.key)
            if name in draft.lists:
                repeats += 1
                continue
            draft.lists.append(name)
            members.append(key)
        if repeats:
            problems.append(
                Problem(
                    result.path,
                    f"{repeats} paper{'s appear' if repeats != 1 else ' appears'} more than "
                    "once in this list; each is listed once",
                    "warning",
                )
            )
        list_members.append((result, name, members))

    ids = _assign_ids(list(drafts))
    papers: list[Paper] = []
    for key, draft in drafts.items():
        derived = not draft.title
        title = draft.title
        if derived:
            title = _safe_derived_title(draft.abstract)
        papers.append(
            Paper(
                id=ids[key],
                title=title or "",
                abstract=draft.abstract,
                title_derived=derived,
                authors=draft.authors,
                lists=tuple(draft.lists),
                venue=draft.venue,
                year=draft.year,
                links=draft.links,
                doi=draft.doi,
                openreview_id=draft.openreview_id,
                pmlr_key=draft.pmlr_key,
                metadata_source="derived" if derived else "list",
                order=draft.order,
            )
        )
    lists = tuple(
        PaperList(
            name=name,
            path=result.path,
            paper_ids=tuple(ids[aliases.get(key, key)] for key in members),
            format=result.format,
        )
        for result, name, members in list_members
    )
    papers.sort(key=lambda paper: paper.order)
    return Library(papers=tuple(papers), lists=lists, problems=tuple(problems))


def _safe_derived_title(abstract: str) -> str:
    try:
        return _derive_title(abstract)
    except Exception:  # noqa: BLE001 - a title helper failing must not lose the paper
        first_line = " ".join(abstract.split())
        return first_line[:77] + "…" if len(first_line) > 80 else first_line or "Untitled"


def load_library(sources: Sequence[str | Path] | None = None) -> Library:
    """Read the given files and folders (none: the built-in seed lists) into a Library.

    Never raises: each input that cannot be read, fully or in part, adds a ``Problem``
    and the others still load.
    """
    problems: list[Problem] = []
    try:
        if not sources:
            from tuireader.system.resources import seeds_dir

            sources = [seeds_dir()]
        files, problems = expand_sources(sources)
        results = [_read(path) for path in files]
        library = _build(results, problems)
        del results
        if len(library) >= LARGE:
            release_freed_memory()
        return library
    except Exception as error:  # noqa: BLE001 - last line of defence; the UI must start
        problems.append(
            Problem(
                Path("."), f"the paper lists could not be loaded ({type(error).__name__}: {error})"
            )
        )
        return Library(problems=tuple(problems))


def _read(path: Path) -> ReadResult:
    try:
        return read_file(path)
    except Exception as error:  # noqa: BLE001 - read_file promises not to raise; be sure
        return ReadResult(
            path, path.stem, "unknown", (), (Problem(path, f"could not be read ({error})"),)
        )
