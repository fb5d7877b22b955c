"""Citations for papers: BibTeX, BibLaTeX, APA, MLA, Markdown, LaTeX/pandoc keys, URLs.

Everything here is pure: a :class:`~tuireader.model.Paper` goes in, a frozen
:class:`Citation` (text plus warnings about missing metadata) comes out.

Cite keys follow Better BibTeX's ``authorYearFirstword`` pattern (``zhou2024attack``):
the first author's family name, the year and the first significant word of the title,
lowercase ASCII. A paper without authors gets ``anon`` in the author slot
(``anon2024generating``), so its key still reads the same way and never pretends to
name a person. Keys depend only on the paper, so they are the same on every run; when
several papers in one export share a base key they all get a suffix ``a``, ``b``, …
assigned in order of paper id, so the result does not depend on selection order.

BibTeX text fields are written with this module's own escaper (:func:`bibtex_escape`):
LaTeX specials outside math are escaped, well-formed ``$…$`` math is kept as written,
braces in the output are always balanced, and non-ASCII stays UTF-8.
:func:`bibtex_unescape` inverts it, and :func:`validate_bibtex` parses text back with
bibtexparser and reports anything that would break a ``.bib`` file.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from tuireader.model import Link, Paper

__all__ = [
    "DEFAULT_FORMAT",
    "FORMATS",
    "FORMAT_LABELS",
    "W_DERIVED_TITLE",
    "W_NO_AUTHORS",
    "W_NO_LINK",
    "W_NO_VENUE",
    "W_NO_YEAR",
    "Citation",
    "base_key",
    "best_link",
    "bibtex_escape",
    "bibtex_unescape",
    "cite_keys",
    "cite_many",
    "format_citation",
    "format_many",
    "split_name",
    "validate_bibtex",
]

FORMATS: tuple[str, ...] = ("bibtex", "biblatex", "apa", "mla", "markdown", "cite", "pandoc", "url")
DEFAULT_FORMAT = "bibtex"
#: short names for menus and status messages.
FORMAT_LABELS: dict[str, str] = {
    "bibtex": "BibTeX",
    "biblatex": "BibLaTeX",
    "apa": "APA 7",
    "mla": "MLA 9",
    "markdown": "Markdown link",
    "cite": "LaTeX \\cite",
    "pandoc": "pandoc [@key]",
    "url": "URL",
}

W_NO_AUTHORS = "authors unknown: the citation names no author"
W_DERIVED_TITLE = "title derived from the abstract, not the paper's own title"
W_NO_YEAR = "year unknown"
W_NO_VENUE = "venue unknown"
W_NO_LINK = "no link to the paper"

DERIVED_TITLE_NOTE = "title derived from the abstract"


@dataclass(frozen=True)
class Citation:
    """One paper formatted one way, with what the UI should warn about."""

    paper_id: str
    key: str
    format: str
    text: str
    warnings: tuple[str, ...] = ()

    @property
    def incomplete(self) -> bool:
        """True when metadata is missing (no authors, derived title, no year, …)."""
        return bool(self.warnings)


# --------------------------------------------------------------------------- text


# Control characters (Unicode category Cc) and line/paragraph separators.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _clean(text: str | None) -> str:
    """One line of text: control characters and runs of whitespace become one space."""
    if not text:
        return ""
    return " ".join(_CONTROL.sub(" ", text).split())


def _plain(text: str) -> str:
    """Readable text for the non-LaTeX formats (``$\\alpha$`` → ``α``)."""
    from tuireader.textrender import plain

    return _clean(plain(text))


# ------------------------------------------------------------------ BibTeX escaping

_TEXT_ESCAPES: dict[str, str] = {
    "\\": r"\textbackslash{}",
    "{": r"\textbraceleft{}",
    "}": r"\textbraceright{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
# Longest first, so ``\textbraceleft{}`` is never read as ``\t`` + text.
_UNESCAPES: tuple[tuple[str, str], ...] = tuple(
    sorted(((escaped, raw) for raw, escaped in _TEXT_ESCAPES.items()), key=lambda p: -len(p[0]))
)
# Characters LaTeX rejects (or misreads) when they appear raw in math.
_MATH_FORBIDDEN = frozenset("%#&")


_BACKSLASH_OR_DOLLAR = re.compile(r"\\.|\$", re.DOTALL)


def _closing_dollar(text: str, start: int) -> int | None:
    """Index of the ``$`` that closes math opened just before ``start``, if any."""
    while match := _BACKSLASH_OR_DOLLAR.search(text, start):
        if match.group() == "$":
            return match.start()
        start = match.end()
    return None


def _math_ok(inner: str) -> bool:
    """Whether ``$inner$`` can be written to BibTeX verbatim.

    The braces must balance both the way BibTeX counts them (every brace) and the way
    bibtexparser does (a brace right after a backslash does not count), and the math
    must not hold a raw ``%``, ``#`` or ``&``.
    """
    if not inner.strip():
        return False
    depth_all = depth_unescaped = 0
    i = 0
    while i < len(inner):
        ch = inner[i]
        if ch in "{}":
            step = 1 if ch == "{" else -1
            depth_all += step
            if i == 0 or inner[i - 1] != "\\":
                depth_unescaped += step
            if depth_all < 0 or depth_unescaped < 0:
                return False
        elif ch == "\\":
            nxt = inner[i + 1] if i + 1 < len(inner) else ""
            if nxt in "{}":
                i += 1
                continue
            i += 2
            continue
        elif ch in _MATH_FORBIDDEN:
            return False
        i += 1
    return depth_all == 0 and depth_unescaped == 0


def _segments(text: str) -> list[tuple[bool, str]]:
    """Split ``text`` into (is_math, chunk) pieces; math chunks include their ``$``."""
    pieces: list[tuple[bool, str]] = []
    text_start = pos = 0
    while match := _BACKSLASH_OR_DOLLAR.search(text, pos):
        pos = match.end()
        if match.group() != "$":
            continue
        end = _closing_dollar(text, pos)
        if end is not None and _math_ok(text[pos:end]):
            if match.start() > text_start:
                pieces.append((False, text[text_start : match.start()]))
            pieces.append((True, text[match.start() : end + 1]))
            text_start = pos = end + 1
    if text_start < len(text):
        pieces.append((False, text[text_start:]))
    return pieces


_ESCAPE_TABLE = str.maketrans(_TEXT_ESCAPES)


def _escape_plain(text: str) -> str:
    return text.translate(_ESCAPE_TABLE)


def bibtex_escape(text: str, *, protect: Callable[[str], bool] | None = None) -> str:
    """``text`` as the value of a BibTeX text field (without the outer braces).

    Outside math, ``& % $ # _ { } ~ ^ \\`` are escaped; well-formed ``$…$`` math is kept
    as written; whitespace is collapsed to single spaces. ``protect`` picks words to
    wrap in braces (used to keep acronyms capitalised in titles).
    """
    out: list[str] = []
    for is_math, chunk in _segments(_clean(text)):
        if is_math:
            out.append(chunk)
        elif protect is None:
            out.append(_escape_plain(chunk))
        else:
            for part in re.split(r"( )", chunk):
                escaped = _escape_plain(part)
                out.append("{" + escaped + "}" if part.strip() and protect(part) else escaped)
    return "".join(out)


_ESCAPED = dict(_UNESCAPES)
# Our escapes, then (for validation) any other command, then the characters that matter.
_TOKEN = re.compile(
    "|".join(re.escape(escaped) for escaped, _raw in _UNESCAPES) + r"|\\.|[${}&%#_^]", re.DOTALL
)


def bibtex_unescape(text: str) -> str:
    """Invert :func:`bibtex_escape`: escapes become characters, grouping braces go."""
    out: list[str] = []
    pos = 0
    while match := _TOKEN.search(text, pos):
        out.append(text[pos : match.start()])
        token = match.group()
        pos = match.end()
        if token in _ESCAPED:
            out.append(_ESCAPED[token])
        elif token == "$":
            end = _closing_dollar(text, pos)
            if end is None:
                out.append(token)
            else:
                out.append(text[match.start() : end + 1])
                pos = end + 1
        elif token not in "{}":
            out.append(token)
    out.append(text[pos:])
    return "".join(out)


def _protect_word(word: str) -> bool:
    """Acronyms and CamelCase (``LLM``, ``QuIP``, ``PyTorch``) keep their capitals."""
    for part in re.split(r"[-/]", word):
        letters = [ch for ch in part if ch.isalpha()]
        if sum(ch.isupper() for ch in letters) >= 2 or any(ch.isupper() for ch in letters[1:]):
            return True
    return False


def _escape_url(url: str) -> str:
    """A URL as a BibTeX value: verbatim except what would break the entry."""
    replacements = {"{": "%7B", "}": "%7D", "\\": "%5C", " ": "%20"}
    return "".join(replacements.get(ch, ch) for ch in _clean(url))


# -------------------------------------------------------------------------- names

_PARTICLES = frozenset(
    "van von der den de del della dei di da du dos das le la ter ten bin ibn al el st".split()  # noqa: SIM905 - a word list reads better as text
)


def split_name(name: str) -> tuple[str, str]:
    """``(given, family)`` of one author name.

    "Family, Given" is read as written. Otherwise the family name is the last word,
    together with any particles before it (``van``, ``von``, ``de``, …) as long as a
    given name remains: "Dimitri von Rütte" → ("Dimitri", "von Rütte").
    """
    name = _clean(name)
    if "," in name:
        family, given = (part.strip() for part in name.split(",", 1))
        return (given, family) if family else ("", given)
    words = name.split(" ")
    if len(words) == 1:
        return "", name
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in _PARTICLES:
        start -= 1
    return " ".join(words[:start]), " ".join(words[start:])


def _ascii_letters(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in folded if ch.isascii() and ch.isalpha()).lower()


def _bibtex_name_part(part: str) -> str:
    escaped = bibtex_escape(part)
    if "," in part or re.search(r"(?i)(^|\s)and(\s|$)", part):
        return "{" + escaped + "}"
    return escaped


def _bibtex_author(name: str) -> str:
    given, family = split_name(name)
    family_part = _bibtex_name_part(family)
    if not given:
        # A lone name ("Plato", "OpenAI"): braces keep BibTeX from splitting it.
        return family_part if " " not in family else "{" + bibtex_escape(family) + "}"
    return f"{family_part}, {_bibtex_name_part(given)}"


def _authors(paper: Paper) -> list[str]:
    return [cleaned for cleaned in (_clean(name) for name in paper.authors) if cleaned]


# --------------------------------------------------------------------------- keys

# Words a title's first significant word skips (Better BibTeX's skip words, trimmed).
_STOP_WORDS = frozenset(
    """a ab about above across after against al along amid among an and anti around as at
    before behind below beneath beside besides between beyond but by d da das de del der
    des despite die do down du during ein eine el en et except for from i il in inside into
    is it its l la las le les like lo los near nor of off on onto or over past per plus
    round save since so some sur than the through to toward towards un una uno unto up
    upon versus via von vs while with within without yet zu zum""".split()  # noqa: SIM905
)


def _title_words(title: str) -> list[str]:
    """ASCII words of a title with LaTeX commands dropped (``$\\mathtt{VITS}$`` → vits)."""
    text = re.sub(r"\\[A-Za-z]+", " ", title)
    text = re.sub(r"^\s*position\s*:", " ", text, flags=re.IGNORECASE)
    folded = unicodedata.normalize("NFKD", text.replace("$", ""))
    ascii_text = "".join(ch for ch in folded if ch.isascii()).lower()
    return re.findall(r"[a-z0-9]+", ascii_text)


def _first_word(title: str) -> str:
    words = _title_words(title)
    for word in words:
        if word not in _STOP_WORDS and len(word) > 1 and not word.isdigit():
            return word
    for word in words:
        if not word.isdigit():
            return word
    return "paper"


def _year(paper: Paper) -> int | None:
    if paper.year:
        return paper.year
    match = re.search(r"\b(19|20)\d{2}\b", paper.venue or "")
    return int(match.group(0)) if match else None


def base_key(paper: Paper) -> str:
    """``familyYearFirstword`` for one paper, before any collision suffix."""
    authors = _authors(paper)
    if authors:
        family = _ascii_letters(split_name(authors[0])[1]) or "author"
    else:
        family = "anon"
    year = _year(paper)
    return f"{family}{year if year else ''}{_first_word(paper.title)}"


def _suffix(index: int) -> str:
    """a, b, …, z, aa, ab, …"""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(ord("a") + rem) + letters
    return letters


def cite_keys(papers: Sequence[Paper]) -> dict[str, str]:
    """Paper id → key, unique within this batch.

    Papers sharing a base key all get suffixes ``a``, ``b``, … in order of paper id,
    so the keys do not depend on the order the papers are given in.
    """
    unique: dict[str, Paper] = {}
    for paper in papers:
        unique.setdefault(paper.id, paper)
    groups: dict[str, list[str]] = {}
    for paper_id, paper in unique.items():
        groups.setdefault(base_key(paper), []).append(paper_id)
    taken = {key for key, ids in groups.items() if len(ids) == 1}
    keys: dict[str, str] = {}
    for base in sorted(groups):
        ids = sorted(groups[base])
        if len(ids) == 1:
            keys[ids[0]] = base
            continue
        index = 0
        for paper_id in ids:
            while f"{base}{_suffix(index)}" in taken:
                index += 1
            keys[paper_id] = f"{base}{_suffix(index)}"
            taken.add(keys[paper_id])
            index += 1
    return keys


# -------------------------------------------------------------------------- venue

_ORDINAL_WORDS = (  # noqa: SIM905 - a word list reads better as text
    "Zeroth First Second Third Fourth Fifth Sixth Seventh Eighth Ninth Tenth Eleventh "
    "Twelfth Thirteenth Fourteenth Fifteenth Sixteenth Seventeenth Eighteenth Nineteenth "
    "Twentieth"
).split()
#: PMLR volume of each ICML.
_ICML_VOLUMES = {2019: 97, 2020: 119, 2021: 139, 2022: 162, 2023: 202, 2024: 235, 2025: 267}
_PMLR_URL = re.compile(r"proceedings\.mlr\.press/v(\d+)/", re.IGNORECASE)


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class _Venue:
    entry_type: str  # "inproceedings" or "article"
    container: str  # booktitle or journal
    series: str | None = None
    volume: int | None = None
    publisher: str | None = None
    pmlr_volume: int | None = None


def _venue(paper: Paper, year: int | None) -> _Venue | None:
    venue = _clean(paper.venue)
    name = re.sub(r"\s*'?\(?\b(19|20)\d{2}\)?\s*", " ", venue).strip().lower()
    # "ICML 2024 (Oral)" is ICML; "ICML 2024 Workshop on …" is not the main proceedings.
    if "workshop" not in name:
        name = re.sub(r"^(icml|neurips|nips|iclr)\b.*", r"\1", name)
    pmlr_volume = next(
        (int(m.group(1)) for link in paper.links if (m := _PMLR_URL.search(link.url))), None
    )
    is_icml = name == "icml" or (
        not venue
        and year in _ICML_VOLUMES
        and (pmlr_volume == _ICML_VOLUMES[year] or (paper.pmlr_key and pmlr_volume is None))
    )
    if is_icml:
        volume = _ICML_VOLUMES.get(year) if year else None
        title = "International Conference on Machine Learning"
        return _Venue(
            "inproceedings",
            f"Proceedings of the {_ordinal(year - 1983)} {title}"
            if year
            else f"Proceedings of the {title}",
            series="Proceedings of Machine Learning Research",
            volume=volume,
            publisher="PMLR",
            pmlr_volume=volume,
        )
    if name in ("neurips", "nips"):
        return _Venue(
            "inproceedings",
            "Advances in Neural Information Processing Systems",
            volume=year - 1987 if year and year >= 1988 else None,
        )
    if name == "iclr":
        number = year - 2012 if year and year >= 2013 else 0
        ordinal = _ORDINAL_WORDS[number] if 0 < number < len(_ORDINAL_WORDS) else ""
        return _Venue(
            "inproceedings",
            f"The {ordinal} International Conference on Learning Representations"
            if ordinal
            else "International Conference on Learning Representations",
        )
    if not venue or name in ("arxiv", "corr"):
        return None
    if re.search(r"(?i)\b(journal|transactions)\b|^(jmlr|tmlr)$", name):
        return _Venue("article", venue)
    return _Venue("inproceedings", venue)


# -------------------------------------------------------------------------- links

_ARXIV_ID = re.compile(
    r"arxiv\.org/(?:abs|pdf)/([0-9]{4}\.[0-9]{4,5}|[a-z-]+(?:\.[A-Z]{2})?/[0-9]{7})"
)


def _is_pdf(link: Link) -> bool:
    return link.origin == "pdf" or urlsplit(link.url).path.lower().endswith(".pdf")


def _host(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def _link_rank(link: Link) -> int:
    host = _host(link.url)
    pdf = _is_pdf(link)
    if host.endswith("proceedings.mlr.press") and not pdf:
        return 0
    if host.endswith("openreview.net") and not pdf:
        return 1
    if host.endswith("arxiv.org") and not pdf:
        return 2
    if host.endswith("doi.org"):
        return 3
    if link.kind == "paper" and not pdf:
        return 4
    if pdf:
        return 5
    if link.kind == "code":
        return 6
    return 7


def _all_links(paper: Paper, venue: _Venue | None) -> list[Link]:
    links = [link for link in paper.links if _clean(link.url)]
    if venue and venue.pmlr_volume and paper.pmlr_key:
        base = f"https://proceedings.mlr.press/v{venue.pmlr_volume}/{paper.pmlr_key}"
        if not any(
            _host(link.url).endswith("proceedings.mlr.press") and not _is_pdf(link)
            for link in links
        ):
            links.append(Link(f"{base}.html", "paper", "pmlr_key"))
        if not any(_is_pdf(link) for link in links):
            links.append(Link(f"{base}/{paper.pmlr_key}.pdf", "paper", "pmlr_key"))
    if paper.doi and not any(_host(link.url).endswith("doi.org") for link in links):
        links.append(Link(f"https://doi.org/{_doi(paper.doi)}", "paper", "doi"))
    return links


def best_link(paper: Paper) -> str | None:
    """The one URL to give for a paper: PMLR page > OpenReview > arXiv > PDF > code > any."""
    links = _all_links(paper, _venue(paper, _year(paper)))
    if not links:
        return None
    return _clean(min(links, key=_link_rank).url)


def _pdf_link(links: list[Link]) -> str | None:
    return next((_clean(link.url) for link in links if _is_pdf(link)), None)


def _doi(doi: str) -> str:
    return re.sub(r"(?i)^(https?://(dx\.)?doi\.org/|doi:)", "", _clean(doi))


def _arxiv_id(links: list[Link]) -> str | None:
    for link in links:
        match = _ARXIV_ID.search(link.url)
        if match:
            return match.group(1)
    return None


# ------------------------------------------------------------------------ context


@dataclass(frozen=True)
class _Facts:
    """Everything the formatters need, worked out once per paper."""

    paper: Paper
    key: str
    authors: tuple[str, ...]
    year: int | None
    venue: _Venue | None
    url: str | None
    pdf: str | None
    doi: str | None
    arxiv: str | None
    warnings: tuple[str, ...]


def _facts(paper: Paper, key: str) -> _Facts:
    year = _year(paper)
    venue = _venue(paper, year)
    links = _all_links(paper, venue)
    url = _clean(min(links, key=_link_rank).url) if links else None
    pdf = _pdf_link(links)
    authors = tuple(_authors(paper))
    warnings = []
    if not authors:
        warnings.append(W_NO_AUTHORS)
    if paper.title_derived:
        warnings.append(W_DERIVED_TITLE)
    if year is None:
        warnings.append(W_NO_YEAR)
    if venue is None:
        warnings.append(W_NO_VENUE)
    return _Facts(
        paper=paper,
        key=key,
        authors=authors,
        year=year,
        venue=venue,
        url=url,
        pdf=pdf if pdf != url else None,
        doi=_doi(paper.doi) if paper.doi else None,
        arxiv=_arxiv_id(links),
        warnings=tuple(warnings),
    )


def _missing_note(facts: _Facts) -> str | None:
    parts = []
    if facts.paper.title_derived:
        parts.append("Title derived from the abstract")
    if not facts.authors:
        parts.append("authors unknown" if parts else "Authors unknown")
    return "; ".join(parts) if parts else None


# ------------------------------------------------------------------------- BibTeX


def _bib_entry(facts: _Facts, *, biblatex: bool, include_abstract: bool) -> str:
    paper, venue = facts.paper, facts.venue
    fields: list[tuple[str, str]] = [("title", bibtex_escape(paper.title, protect=_protect_word))]
    if facts.authors:
        fields.append(("author", " and ".join(_bibtex_author(name) for name in facts.authors)))
    if venue is None:
        entry_type = "misc"
    elif venue.entry_type == "article":
        entry_type = "article"
        fields.append(("journaltitle" if biblatex else "journal", bibtex_escape(venue.container)))
    else:
        entry_type = "inproceedings"
        fields.append(("booktitle", bibtex_escape(venue.container)))
    if venue is not None:
        if venue.series:
            fields.append(("series", bibtex_escape(venue.series)))
        if venue.volume:
            fields.append(("volume", str(venue.volume)))
        if venue.publisher:
            fields.append(("publisher", bibtex_escape(venue.publisher)))
    if facts.year:
        fields.append(("date" if biblatex else "year", str(facts.year)))
    if facts.url:
        fields.append(("url", _escape_url(facts.url)))
    if facts.pdf:
        fields.append(("pdf", _escape_url(facts.pdf)))
    if facts.doi:
        fields.append(("doi", _escape_url(facts.doi)))
    if facts.arxiv:
        fields.append(("eprint", facts.arxiv))
        fields.append(("eprinttype", "arxiv") if biblatex else ("archiveprefix", "arXiv"))
    note = _missing_note(facts)
    if note:
        fields.append(("note", bibtex_escape(note)))
    if include_abstract and _clean(paper.abstract):
        fields.append(("abstract", bibtex_escape(paper.abstract)))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@{entry_type}{{{facts.key},\n{body}\n}}"


# ------------------------------------------------------------------- plain styles


def _display_title(facts: _Facts) -> str:
    title = _plain(facts.paper.title) or "Untitled"
    if facts.paper.title_derived:
        title += f" [{DERIVED_TITLE_NOTE}]"
    return title


def _end(text: str, mark: str = ".") -> str:
    """``text`` followed by ``mark`` unless it already ends in sentence punctuation."""
    return text if text.endswith((".", "?", "!")) else text + mark


def _initials(given: str) -> str:
    out = []
    for word in given.split():
        parts = [part for part in word.split("-") if part]
        letters = [next((ch for ch in part if ch.isalnum()), "") for part in parts]
        letters = [letter for letter in letters if letter]
        if letters:
            out.append("-".join(f"{letter}." for letter in letters))
    return " ".join(out)


def _apa_name(name: str) -> str:
    given, family = split_name(name)
    initials = _initials(given)
    return f"{family}, {initials}" if initials else family


def _apa_authors(authors: Sequence[str]) -> str:
    names = [_apa_name(name) for name in authors]
    if len(names) == 1:
        return names[0]
    if len(names) > 20:
        return ", ".join(names[:19]) + ", . . . " + names[-1]
    return ", ".join(names[:-1]) + ", & " + names[-1]


def _apa(facts: _Facts) -> str:
    date = f"({facts.year})" if facts.year else "(n.d.)"
    title = _end(_display_title(facts))
    parts = (
        [f"{_end(_apa_authors(facts.authors))} {date}.", title]
        if facts.authors
        else [title, f"{date}."]
    )
    venue = facts.venue
    if venue is not None and venue.entry_type == "article":
        parts.append(_end(venue.container + (f", {venue.volume}" if venue.volume else "")))
    elif venue is not None:
        parts.append(
            _end(f"In {venue.container}" + (f" (Vol. {venue.volume})" if venue.volume else ""))
        )
        if venue.publisher:
            parts.append(_end(venue.publisher))
    link = f"https://doi.org/{facts.doi}" if facts.doi else facts.url
    if link:
        parts.append(link)
    return " ".join(parts)


def _mla_authors(authors: Sequence[str]) -> str:
    given, family = split_name(authors[0])
    first = f"{family}, {given}" if given else family
    if len(authors) == 1:
        return first
    if len(authors) == 2:
        return f"{first}, and {authors[1]}"
    return f"{first}, et al"


def _mla(facts: _Facts) -> str:
    # MLA quotes the title; quotation marks inside it become single ones.
    title = (
        _display_title(facts)
        .replace('"', "'")
        .replace("\u201c", "\u2018")
        .replace("\u201d", "\u2019")
    )
    quoted = f'"{_end(title)}"'
    head = f"{_end(_mla_authors(facts.authors))} {quoted}" if facts.authors else quoted
    container: list[str] = []
    venue = facts.venue
    if venue is not None:
        container.append(venue.container)
        if venue.volume:
            container.append(f"vol. {venue.volume}")
        if venue.publisher:
            container.append(venue.publisher)
    if facts.year:
        container.append(str(facts.year))
    if facts.doi:
        container.append(f"https://doi.org/{facts.doi}")
    elif facts.url:
        container.append(facts.url)
    if not container:
        return head
    return f"{head} {', '.join(container)}."


def _markdown_url(url: str) -> str:
    return "".join(
        {" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E"}.get(ch, ch) for ch in url
    )


def _markdown(facts: _Facts) -> str:
    title = re.sub(r"([\\\[\]*_`])", r"\\\1", _plain(facts.paper.title) or "Untitled")
    if not facts.url:
        return title
    return f"[{title}]({_markdown_url(facts.url)})"


# ---------------------------------------------------------------------------- API


def format_citation(
    paper: Paper,
    fmt: str = DEFAULT_FORMAT,
    *,
    key: str | None = None,
    include_abstract: bool = False,
) -> Citation:
    """``paper`` as one citation in format ``fmt`` (one of :data:`FORMATS`).

    ``key`` overrides the paper's base key (pass the key from :func:`cite_keys` when
    the paper is part of a batch). ``include_abstract`` adds the abstract to BibTeX
    and BibLaTeX entries. Missing metadata is never invented: the returned warnings
    say what is missing so the UI can tell the user.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown citation format {fmt!r}; expected one of {', '.join(FORMATS)}")
    facts = _facts(paper, key or base_key(paper))
    warnings = facts.warnings
    if fmt in ("bibtex", "biblatex"):
        text = _bib_entry(facts, biblatex=fmt == "biblatex", include_abstract=include_abstract)
    elif fmt == "apa":
        text = _apa(facts)
    elif fmt == "mla":
        text = _mla(facts)
    elif fmt == "markdown":
        text = _markdown(facts)
    elif fmt == "cite":
        text = f"\\cite{{{facts.key}}}"
    elif fmt == "pandoc":
        text = f"[@{facts.key}]"
    else:
        text = facts.url or ""
    if fmt in ("markdown", "url") and not facts.url:
        warnings += (W_NO_LINK,)
    return Citation(paper.id, facts.key, fmt, text, warnings)


def cite_many(
    papers: Sequence[Paper], fmt: str = DEFAULT_FORMAT, **kw: bool
) -> tuple[Citation, ...]:
    """One citation per distinct paper (first occurrence kept), keys unique in the batch."""
    keys = cite_keys(papers)
    seen: set[str] = set()
    out = []
    for paper in papers:
        if paper.id in seen:
            continue
        seen.add(paper.id)
        out.append(format_citation(paper, fmt, key=keys[paper.id], **kw))
    return tuple(out)


def format_many(papers: Sequence[Paper], fmt: str = DEFAULT_FORMAT, **kw: bool) -> str:
    """The text of a batch export or copy, with keys unique within the batch.

    BibTeX/BibLaTeX entries are separated by a blank line and other formats by a
    newline, except ``cite`` and ``pandoc``, which give one combined citation
    (``\\cite{a,b}``, ``[@a; @b]``). URL lines are left out for papers without a link.
    """
    citations = cite_many(papers, fmt, **kw)
    if fmt == "cite":
        return f"\\cite{{{','.join(c.key for c in citations)}}}" if citations else ""
    if fmt == "pandoc":
        return f"[{'; '.join('@' + c.key for c in citations)}]" if citations else ""
    separator = "\n\n" if fmt in ("bibtex", "biblatex") else "\n"
    return separator.join(c.text for c in citations if c.text)


# ----------------------------------------------------------------------- validate

_KEY_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_:.-]*$")
_VERBATIM_FIELDS = frozenset({"url", "pdf", "doi", "eprint", "file"})


def _text_problems(value: str) -> list[str]:
    """Raw LaTeX specials outside math and unbalanced braces in one field value."""
    problems: list[str] = []
    depth = 0
    pos = 0
    while match := _TOKEN.search(value, pos):
        token = match.group()
        pos = match.end()
        if token == "$":
            end = _closing_dollar(value, pos)
            if end is None:
                problems.append("a '$' opens math that never closes")
            elif not _math_ok(value[pos:end]):
                problems.append(f"malformed math {value[match.start() : end + 1]!r}")
                pos = end + 1
            else:
                pos = end + 1
        elif token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
            if depth < 0:
                problems.append("a '}' closes a brace that was never opened")
                depth = 0
        elif token in "&%#_^":
            problems.append(f"unescaped {token!r} outside math")
        # anything else is one of our escapes or another LaTeX command: fine
    if depth:
        problems.append("unbalanced braces")
    return problems


def validate_bibtex(text: str) -> list[str]:
    """Problems that would break ``text`` as a ``.bib`` file (empty when fine).

    Parses with bibtexparser (every block must parse, keys must be unique) and checks
    each field the way BibTeX and LaTeX would read it: balanced braces, and in text
    fields no raw ``& % # _ ^`` or unclosed ``$`` outside math.
    """
    import bibtexparser

    problems: list[str] = []
    library = bibtexparser.parse_string(text)
    for block in library.failed_blocks:
        error = getattr(block, "error", None)
        line = (block.start_line or 0) + 1
        problems.append(f"line {line}: entry does not parse ({type(block).__name__}: {error})")
    expected = len(
        re.findall(r"(?m)^\s*@(?!comment|string|preamble)\w+\s*\{", text, flags=re.IGNORECASE)
    )
    if expected != len(library.entries) + len(library.failed_blocks):
        problems.append(f"{expected} entries written but {len(library.entries)} parsed")
    for entry in library.entries:
        where = f"entry {entry.key!r}"
        if not _KEY_RE.match(entry.key) or not entry.key.isascii():
            problems.append(f"{where}: key is not a plain ASCII cite key")
        for fld in entry.fields:
            value = fld.value if isinstance(fld.value, str) else str(fld.value)
            if fld.key.lower() in _VERBATIM_FIELDS:
                if re.search(r"[\s{}]", value) or value.endswith("\\"):
                    problems.append(
                        f"{where}: field {fld.key} has whitespace, braces or a trailing backslash"
                    )
                continue
            problems.extend(
                f"{where}: field {fld.key}: {problem}" for problem in _text_problems(value)
            )
    return problems
