"""What every format reader shares: the result type, failures, and small field helpers."""

from __future__ import annotations

import html
import json
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import unquote

from tuireader.model import CUT_SHORT, NAME_SUFFIX, Problem, Record
from tuireader.render.romanise import family_first, person_name

if TYPE_CHECKING:  # the XML readers' elements; the module itself is loaded by them only
    from xml.etree.ElementTree import Element

__all__ = ["CUT_SHORT", "ReadResult", "Record"]

T = TypeVar("T")


@dataclass(frozen=True)
class ReadResult:
    """What one file held: its list name, format, records and problems."""

    path: Path
    name: str
    #: "text", "markdown", "jsonl", "json", "bibtex", "csv", "ris", or "unknown" when the file
    #: could not be read.
    format: str
    records: tuple[Record, ...] = ()
    problems: tuple[Problem, ...] = ()
    #: for each record (by position), the source its own id (``source_id``) belongs to
    #: where the file says so: a tuireader export names the list each paper's id is of,
    #: which the paper's venue (or the export's own name) need not be. Empty, or None
    #: for a record: the record's venue, else the list's name (``identity.identify``).
    scopes: tuple[str | None, ...] = ()
    #: for each record (by position), the text its id is the digest of where the file
    #: says the paper had an id its keys would not give it now: a tuireader export of a
    #: paper known by its abstract (a seed's, a plain-text list's) carries the keys a
    #: catalog gave it, which would give it another id. Empty, or None for a record: the
    #: id its strongest key gives (``library``).
    id_texts: tuple[str | None, ...] = ()

    def scope(self, number: int) -> str | None:
        """The source record ``number``'s own id belongs to, where the file says so."""
        return self.scopes[number] if number < len(self.scopes) else None

    def id_text(self, number: int) -> str | None:
        """The text record ``number``'s id is the digest of, where the file says so."""
        return self.id_texts[number] if number < len(self.id_texts) else None

    @property
    def ok(self) -> bool:
        return bool(self.records)


#: A first line longer than this is an abstract, not the name of a list.
MAX_LIST_NAME_CHARS = 300


def failure(path: Path, message: str, fmt: str = "unknown", name: str | None = None) -> ReadResult:
    """A result with no records and one error."""
    return ReadResult(path, name or path.stem, fmt, (), (Problem(path, message),))


def split_lines(text: str) -> list[str]:
    """Lines under any of the three newline conventions (and nothing else)."""
    # str.splitlines would also split on form feeds and other separators that are
    # data, so only the three newline conventions are honoured.
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def clean(text: str) -> str:
    return text.replace("\x00", "")


YEAR_RE = re.compile(r"\b(1[89]\d\d|2\d\d\d)\b")
OPENREVIEW_ID_RE = re.compile(r"openreview\.net/(?:forum|pdf)\?(?:[^#\s]*&)?id=([\w-]+)")
#: what a DOI is: ``10.``, the registrant's number (perhaps with parts), ``/``, a name.
DOI_SHAPE = re.compile(r"10\.\d+(?:\.\d+)*/\S+")
#: what may stand before a DOI in a field: its resolver's address (``https://doi.org/``,
#: ``dx.doi.org``, ``www.doi.org``, with or without its scheme) or ``doi:``
DOI_PREFIX_RE = re.compile(
    r"^(?:(?P<resolver>(?:https?://)?(?:dx\.|www\.)?doi\.org/)|doi:\s*)", re.IGNORECASE
)
#: the two forms of an arXiv id, new-style (0704.0001, 2101.12345) and old-style
#: (math/0211159, hep-th/9901001), without their version
ARXIV_ID_FORMS = r"\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7}"
#: a new-style (0704.0001, 2101.12345) or old-style (math/0211159, hep-th/9901001) arXiv id.
ARXIV_ID_RE = re.compile(rf"(?<![\w./-])({ARXIV_ID_FORMS})(?:v\d+)?(?!\w)")
_ARXIV_DOI_RE = re.compile(r"^10\.48550/arxiv\.(.+)$", re.IGNORECASE)
#: the archives of arXiv's old-style ids ("hep-th/9901001", "math.CO/0211159")
ARXIV_ARCHIVES = (
    *("acc-phys", "adap-org", "alg-geom", "ao-sci", "astro-ph", "atom-ph", "bayes-an"),
    *("chao-dyn", "chem-ph", "cmp-lg", "comp-gas", "cond-mat", "cs", "dg-ga", "funct-an"),
    *("gr-qc", "hep-ex", "hep-lat", "hep-ph", "hep-th", "math", "math-ph", "mtrl-th"),
    *("nlin", "nucl-ex", "nucl-th", "patt-sol", "physics", "plasm-ph", "q-alg", "q-bio"),
    *("quant-ph", "solv-int", "supr-con"),
)


def text_field(value: Any) -> str | None:
    """A string (or number) field, stripped; None when empty or of another type."""
    if isinstance(value, str):
        value = clean(value).strip()
        return value or None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return None


def one_line(value: Any) -> str | None:
    """:func:`text_field` with hard line breaks and whitespace runs made single spaces."""
    text = text_field(value)
    return " ".join(text.split()) or None if text else None


#: PRISM's namespaces, one a version ("…/namespaces/basic/2.0/", "…/1.2/basic/")
PRISM = "{http://prismstandard.org/namespaces/"


def xml_text(element: Element | None) -> str | None:
    """The whole text inside an XML ``element`` (its children's too: EndNote's
    ``<style>`` runs, a feed's markup), as :func:`text_field` gives it, or None."""
    if element is None:
        return None
    return text_field("".join(element.itertext()))


def prism_field(node: Element | None, name: str) -> str | None:
    """The text, on one line, of ``node``'s PRISM field ``name`` (``prism:doi``,
    ``prism:volume``), of any version of PRISM; None without it or without ``node``."""
    if node is None:
        return None
    return next(
        (
            value
            for child in node
            if child.tag.startswith(PRISM) and child.tag.endswith("}" + name)
            if (value := one_line(xml_text(child)))
        ),
        None,
    )


def url_list(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        return ()
    return tuple(item.strip() for item in value if isinstance(item, str) and item.strip())


#: a date with the year in two digits, as a spreadsheet writes it short ("12/05/23",
#: "5.12.23"): whether the day or the month comes first, the year is last
_SHORT_DATE_RE = re.compile(r"\d{1,2}([/.-])\d{1,2}\1(\d\d)")


def year_of(value: Any) -> int | None:
    """The year in an int or a text ("2023", "2021-07-19", "Mon, 2 Apr 2007 ...", and a
    spreadsheet's short date, "12/05/23": the years up to next year's are this century's,
    the others the last's)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 1000 <= value <= 9999 else None
    if isinstance(value, str):
        match = YEAR_RE.search(value)
        if match:
            return int(match.group(1))
        short = _SHORT_DATE_RE.fullmatch(value.strip())
        if short:
            two = int(short.group(2))
            return 2000 + two if two <= date.today().year % 100 + 1 else 1900 + two
    return None


#: the longest year field whose damage is looked into (a date written out in full)
_LONGEST_YEAR = 40
#: letters typed for the digits they look like ("2O23", "l999")
_DIGIT_LOOKS = {"O": "0", "o": "0", "l": "1", "I": "1"}


def damaged_year(value: Any) -> tuple[str, int | None] | None:
    """A year field that gives no year though it holds digits (a character typed into
    it: "20x23", "2O23", "202x3-04-12"), as written, and the year the file's text gives
    when one character is dropped or a letter read as a digit, where exactly one year
    comes of that (None where none does, or more than one: "20233"); None for a field
    that gives a year (:func:`year_of`), holds no digit ("in press"), or is a number
    longer than a year with a digit typed into it (a time: 1690000000).

    Such a field was passed over: the paper lost its year, without a word."""
    if isinstance(value, bool) or not isinstance(value, (int, str)) or year_of(value):
        return None
    written = str(value).strip()
    if not any(char.isdigit() for char in written) or len(written) > _LONGEST_YEAR:
        return None
    if written.isdigit() and len(written) > 5:
        return None  # a number of another kind (a time in seconds), no year with a digit more
    readings = {written[:at] + written[at + 1 :] for at in range(len(written))}
    readings |= {
        written[:at] + _DIGIT_LOOKS[char] + written[at + 1 :]
        for at, char in enumerate(written)
        if char in _DIGIT_LOOKS
    }
    years = {year for reading in readings if (year := year_of(reading))}
    return written, years.pop() if len(years) == 1 else None


def damaged_years_said(
    place: str, found: Sequence[tuple[str, int | None]], given: int | None = None
) -> str:
    """What to say of the year fields :func:`damaged_year` found at ``place`` ("items 2,
    5", "line 7"): the year each is read as, or that it could not be read (and the
    papers left without a year, or ``given`` the one the list's other papers have)."""
    shown = ", ".join(f"“{written}”" for written, _year in found[:5])
    shown += ", …" if len(found) > 5 else ""
    several = len(found) > 1
    years = [year for _written, year in found]
    if all(year is not None for year in years):
        return (
            f"{place}: the year{'s' if several else ''} ({shown}) "
            f"{'hold' if several else 'holds'} a character no year has; read as "
            f"{', '.join(str(year) for year in years[:5])}, check the file there"
        )
    return (
        f"{place}: the year{'s' if several else ''} ({shown}) could not be read (a "
        "character typed into it, or one lost?); "
        + (
            f"given the year the list's other papers have ({given})"
            if given is not None
            else ("these papers have" if several else "the paper has") + " no year"
        )
        + ", check the file there"
    )


def one_edit(name: str, alias: str) -> bool:
    """Whether ``name`` is ``alias`` with one character typed in, lost, typed over, or
    two swapped (a field's or a column's name so damaged); not an ``s`` at its end
    ("names" is no misspelt "name"), nor a name of two characters ("eid" is no "id")."""
    if name in (alias, alias + "s") or alias == name + "s" or min(len(name), len(alias)) < 3:
        return False
    if len(name) == len(alias):
        diff = [at for at, (a, b) in enumerate(zip(name, alias, strict=True)) if a != b]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and (name[diff[0]], name[diff[1]]) == (alias[diff[1]], alias[diff[0]])
        )
    longer, shorter = (name, alias) if len(name) > len(alias) else (alias, name)
    if len(longer) != len(shorter) + 1:
        return False
    return any(longer[:at] + longer[at + 1 :] == shorter for at in range(len(longer)))


def plain_doi(value: str | None) -> str | None:
    """A DOI without its ``https://doi.org/`` or ``doi:`` prefix; None when there is none.

    A value with whitespace or a control character inside is not a DOI (DOIs hold
    neither), so it is dropped rather than cut down to a plausible-looking prefix; so is
    one not of a DOI's shape (``10.`` and the registrant's number, a slash, a name):
    "N/A", "TBD" or a bare "10.1145/" would be a link to nowhere and a citation's doi.
    A value that is several DOIs (:func:`plain_dois`) gives the first.
    """
    dois = plain_dois(value)
    return dois[0] if dois else None


#: what stands between the DOIs of a field that gives several: whitespace, perhaps
#: after a comma or a semicolon (both may belong to a DOI, so only before a space).
_DOI_SEPARATOR = re.compile(r"[,;]?[ \t\r\n]+")


def plain_dois(value: str | None) -> tuple[str, ...]:
    """The DOIs of a doi field, each as :func:`plain_doi` gives one: none, one, or several
    written one after another ("10.1364/JOSAA.23.002578 10.1364/JOSAA.32.002407": arXiv
    gives a paper's DOI and its erratum's so), the paper's own first. A value is several
    DOIs only when every word of it is one: "10.1000/x touch PWNED" is none at all, never
    cut down to the DOI it begins with."""
    if not value:
        return ()
    single = _one_doi(value)
    if single is not None:
        return (single,)
    words = [word for word in _DOI_SEPARATOR.split(value.strip()) if word]
    if len(words) < 2:
        return ()
    dois = [_one_doi(word) for word in words]
    if any(doi is None for doi in dois):
        return ()
    return tuple(dict.fromkeys(doi for doi in dois if doi is not None))


def unread_doi(value: Any) -> str | None:
    """A DOI field's text that gives no DOI (:func:`plain_dois`) though it is written as
    one would be, with a slash and a digit ("[0.1080/00031305", "10.11:09/SMC.2018"), as
    written, cut to 60 characters; None for one that gives a DOI, or holds none ("n/a").

    Such a field was passed over: the paper lost its DOI, and what finds it by it,
    without a word. One holding a control character (a line break, an escape) is no
    typing slip: it is left out as a link not safe to give, and said so where links are.
    """
    if isinstance(value, str) and any(
        ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 for char in value
    ):
        return None
    text = one_line(value) if isinstance(value, str) else None
    if not text or plain_dois(text) or "/" not in text or not re.search(r"\d", text):
        return None
    return text if len(text) <= 60 else text[:59] + "…"


def unread_dois_said(place: str, found: Sequence[str]) -> str:
    """What to say of the DOI fields :func:`unread_doi` found at ``place``."""
    shown = ", ".join(f"“{text}”" for text in found[:3]) + (", …" if len(found) > 3 else "")
    several = len(found) > 1
    return (
        f"{place}: the DOI{'s' if several else ''} ({shown}) "
        f"{'give' if several else 'gives'} no DOI (a character typed in, or lost?); left "
        "out, check the file there"
    )


def _one_doi(value: str) -> str | None:
    """``value`` as one DOI without its prefix (see :func:`plain_doi`), or None. A DOI
    after its resolver's address is read as the address gives it: ``%2F`` is ``/``."""
    value = value.strip()
    prefix = DOI_PREFIX_RE.match(value)
    doi = value[prefix.end() :] if prefix else value
    if prefix and prefix.group("resolver") and "%" in doi:
        doi = unquote(doi)
    if not DOI_SHAPE.fullmatch(doi) or any(
        char.isspace() or ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 for char in doi
    ):
        return None
    return doi


#: a web address at the DOI resolver: what follows the host is the DOI, percent-encoded.
_DOI_URL_RE = re.compile(r"^https?://(?:dx\.|www\.)?doi\.org/(10\.[^?#]+)$", re.IGNORECASE)


def doi_of_url(url: str | None) -> str | None:
    """The DOI a ``https://doi.org/…`` (or ``dx.doi.org``) address resolves, as
    :func:`plain_doi` gives one (``%28`` read as the ``(`` it stands for); None for any
    other address."""
    found = _DOI_URL_RE.match((url or "").strip())
    return plain_doi(unquote(found.group(1))) if found else None


def dois_from_links(records: Sequence[Record]) -> tuple[Record, ...]:
    """``records`` where one with no DOI of its own takes the DOI its page's address
    resolves (a ``url`` of ``https://doi.org/10.1126/…``, as spreadsheets, RIS ``UR``,
    CSL ``URL`` and BibTeX ``url`` give a paper's DOI), so that the DOI identifies the
    paper, joins it to other lists' copies and is its citation's ``doi``, as it does when
    the source writes it in a ``doi`` field. An arXiv DOI gives the arXiv id as well."""
    found: list[Record] = []
    for record in records:
        doi = None
        if record.doi is None:
            # the record's own page only: a further link at the resolver may be another
            # work's DOI (the code's or the data's, at Zenodo)
            doi = doi_of_url(record.url)
        if doi is None:
            found.append(record)
            continue
        found.append(replace(record, doi=doi, arxiv_id=record.arxiv_id or arxiv_from_doi(doi)))
    return tuple(found)


#: what a source writes for the authors it does not name, as a name of its own: arXiv's
#: "et al", BibTeX's "others", a CSL literal "{et al.}"
_OTHERS_RE = re.compile(r"\{?\s*(?:and\s+)?(?:others|et\.?\s*al\.?)\s*\}?", re.IGNORECASE)
#: the same words at the end of a name: "Alice Smith et al.", a spreadsheet's one cell
_TRAILING_OTHERS_RE = re.compile(r"(?:,\s*|\s+)et\.?\s*al\.?\s*$", re.IGNORECASE)
#: a word of a name: capitalised ("Vaswani", "O'Neil", "Mehmeti-Göpel"), an initial
#: ("J.", "H.X."), in small letters, or in a script without capitals (the readers of
#: references and of page copies take it as one, beside other checks)
NAME_WORD_RE = re.compile(r"[^\W\d_][\w'’.-]*")
#: words before a family name, in small letters ("van", "de la")
NAME_PARTICLES = frozenset(
    (
        *("van", "von", "der", "den", "de", "del", "della", "di", "da", "dos", "du"),
        *("le", "la", "bin", "ibn", "al", "el", "ten", "ter", "zu", "y"),
    )
)
#: "et al." after the last name of a list of authors: the list was cut. The commas and
#: blanks before it are no part of it: searched for from each place of a long run of them
#: (a line of 20,000 commas), such a pattern would read the whole run each time
_ET_AL_RE = re.compile(r"\bet\s*al\b\.?\s*$", re.IGNORECASE)


#: a yes/no flag written as text that says yes ("True", "1"): Papers with Code's
#: ``is_official`` in its CSV, or in a file converted from it
_YES_TEXT = frozenset({"true", "1", "yes"})


def says_yes(text: str) -> bool:
    """Whether a flag written as text (``is_official``: "True", "1", "yes") says yes."""
    return text.strip().lower() in _YES_TEXT


def ranked_within(
    items: Sequence[T], groups: Iterable[list[int]], key: Callable[[int], Any]
) -> list[T]:
    """``items`` with the places of each of ``groups`` (positions in ``items``) holding
    that group's items ordered by ``key`` of their positions (stably), every other item
    where it is: a paper's rows ranked among themselves, as Papers with Code's links to
    code are, its official repositories first."""
    ordered = list(items)
    for places in groups:
        for place, at in zip(places, sorted(places, key=key), strict=True):
            ordered[place] = items[at]
    return ordered


def before_et_al(text: str) -> tuple[str, bool]:
    """``text`` without the "et al." that ends it nor the commas and blanks before that,
    and whether it had one ("Ann Lee, et al." gives "Ann Lee")."""
    cut = _ET_AL_RE.search(text)
    if cut is None:
        return text, False
    end = cut.start()
    while end and (text[end - 1] == "," or text[end - 1].isspace()):
        end -= 1
    return text[:end], True


def authors_said(records: Sequence[Record]) -> tuple[Record, ...]:
    """``records`` whose author lists say "et al." one way: after the names, never as a
    name. "Alice Smith et al." (a spreadsheet's cell) was one person, cited "al., A. S.
    e."; "et al" alone, with no author named before it, was an author, cited "al., e.",
    though it names no one: it is left out. A list that names its first authors and says
    there are more keeps "et al." last, as BibTeX's "and others", so its citations say
    so ("Aubert, B., et al.") and do not make the first authors its only ones."""
    return tuple(_authors_said(record) for record in records)


def _authors_said(record: Record) -> Record:
    named: list[str] = []
    more = False
    for name in record.authors:
        if _OTHERS_RE.fullmatch(name):
            more = True
            continue
        cut = _TRAILING_OTHERS_RE.sub("", name)
        more = more or cut != name
        if cut.strip():
            named.append(cut.strip())
    authors = (*named, "et al.") if more and named else tuple(named)
    names = record.author_names
    if names:
        given = [name for name in names if not _OTHERS_RE.fullmatch(name)]
        names = (*given, "others") if more and given else tuple(given)
        if len(names) != len(authors):
            names = ()  # no longer one each: the whole names are what is known
    if authors == record.authors and names == record.author_names:
        return record
    return replace(record, authors=authors, author_names=names)


#: an ACM article's pages with its number written twice ("54:54:1--54:54:13", as the
#: ACM's records of Transactions on Graphics give them)
_DOUBLED_ARTICLE_RE = re.compile(r"(\d+):\1:(\d+)(\s*(?:-{1,2}|[\u2013\u2014])\s*)\1:\1:(\d+)")


def pages_said(records: Sequence[Record]) -> tuple[Record, ...]:
    """``records`` whose pages give an ACM article's number once: "54:54:1--54:54:13"
    is pages 1 to 13 of article 54, "54:1--54:13", which APA and MLA print as given."""
    said: list[Record] = []
    for record in records:
        found = _DOUBLED_ARTICLE_RE.fullmatch((record.pages or "").strip())
        if found:
            number, first, dash, last = found.groups()
            record = replace(record, pages=f"{number}:{first}{dash}{number}:{last}")
        said.append(record)
    return tuple(said)


def _page_field(value: str | None) -> str | None:
    return page_text(value) or None if value else value


#: what a title written in TeX holds: a backslash (an accent, "Schr\"{o}dinger", an
#: escape, "\&", a command, "{\textbar}") or a word with a capital in case braces
#: ("{G}aussian", "{BERT}", "{Ki(z)}"), which BibTeX writes and a page does not show;
#: not a sub- or superscript's braces ("x_{ij}"), nor a word in braces no case asks
#: for ("{braced}"), which a title may mean
_TEX_RE = re.compile(r"\\|(?<![_^])\{(?=[^{}\s]*[A-Z])[A-Za-z][^{}\s]*\}")


def tex_title(title: str) -> str:
    """A title a list took from TeX (a JSON or CSV list made from BibTeX, arXiv's own
    metadata) as BibTeX's titles read (``tex.unlatex``): TeX's accents the letters
    they make ("Schr{\\" o}dinger", "Erd\\H os" are "Schrödinger", "Erdős"), its case
    braces gone ("{G}aussian" is "Gaussian", found by "Gaussian"), "\\&" an "&". Its
    math is left for the reader to show, and so are the commands that BibTeX's titles
    keep for it ("{\\textbar}", "--"). A title with none of these is as it is."""
    if not _TEX_RE.search(title):
        return title
    from tuireader.ingest.formats.tex import unlatex

    return unlatex(title) or title


def text_said(records: Sequence[Record]) -> tuple[Record, ...]:
    """``records`` whose title, names and venue read as the page they were scraped from
    shows them (:func:`page_text`): "M&uuml;ller" is "Müller", in the reader, in search
    and in a citation ("Müller, J."), and "Robotics &amp; Automation" is "Robotics &
    Automation" (a BibTeX citation wrote "\\&amp;"). A title in TeX reads as BibTeX's
    do (:func:`tex_title`)."""
    said: list[Record] = []
    for record in records:
        changed = replace(
            record,
            title=tex_title(title) if (title := _page_field(record.title)) else title,
            authors=tuple(page_text(name) for name in record.authors),
            author_names=tuple(page_text(name) for name in record.author_names),
            editor=tuple(page_text(name) for name in record.editor),
            venue=_page_field(record.venue),
            journal=_page_field(record.journal),
            booktitle=_page_field(record.booktitle),
            publisher=_page_field(record.publisher),
        )
        said.append(record if changed == record else changed)
    return tuple(said)


#: words of an institution's name, which no person's name holds ("Institute",
#: "University", "Laboratory", "Inc."), in the languages papers' affiliations are in
_AFFILIATION_WORDS = frozenset(
    """institute institutes institut instituto istituto university universities
    universität universitat université universidad università universiteit universidade
    laboratory laboratories laboratoire laboratorio labs inc ltd llc gmbh corporation
    department dept faculty college academy""".split()  # noqa: SIM905 - a word list reads better as text
)
#: companies an affiliation written after a name names ("Xi Chen, OpenAI")
_COMPANIES = frozenset(
    """openai deepmind google microsoft meta nvidia ibm amazon apple baidu tencent
    alibaba bytedance anthropic adobe intel samsung salesforce""".split()  # noqa: SIM905
)
#: other words of an institution's or a company's name ("Microsoft Research Asia",
#: "Google Research Team"), which end no garbled person's name
_ORGANISATION_WORDS = _AFFILIATION_WORDS | frozenset(
    """research team teams group lab brain cloud health science sciences technology
    technologies systems learning intelligence press center centre foundation society
    association network networks studio studios platforms services ventures solutions electronics
    consortium collaboration initiative project hospital asia europe america africa
    china india japan korea""".split()  # noqa: SIM905
)
#: the words that join an institution's name ("Institute of Computing")
_JOINING = frozenset("of for de di du des der del da für and &".split())  # noqa: SIM905
_WORD_RE = re.compile(r"[^\W\d_][^\W\d_.'’-]*(?:[-'’][^\W\d_]+)*\.?")


def _affiliation(text: str) -> bool:
    """Whether ``text`` holds a word of an institution's name ("Peking University") or
    is a company's ("OpenAI")."""
    words = [word.rstrip(".").casefold() for word in _WORD_RE.findall(text)]
    return any(word in _AFFILIATION_WORDS for word in words) or (
        len(words) <= 2 and any(word in _COMPANIES for word in words)
    )


def _name_word(word: str) -> bool:
    """A word written as a person's name is: a capital, then small letters ("Xiaoming")."""
    return (
        word[:1].isupper()
        and word[1:].isalpha()
        and word[1:].islower()
        and word.casefold() not in _ORGANISATION_WORDS
    )


def affiliation_in_name(name: str) -> bool:
    """Whether a source ran an affiliation into the author name ``name``: the name ends
    with a person's two names after a word of an institution's ("Institute of Computing
    Xiaoming Sun") or after a company's name ("OpenAI Xi Chen"), or gives an institution
    or a company after a comma or in brackets ("Xi Chen, OpenAI", "Xi Chen (Peking
    University)"). A conservative rule: an
    institution's name as an author ("Allen Institute for AI", "Massachusetts Institute
    of Technology", "University of Southern California", "Institute for Advanced Study",
    "{Institute of Physics}"), a name in braces or with no word of an institution's
    ("Juan Carlos de la Cruz Garcia") is none."""
    name = name.strip()
    if not name or name.startswith("{") or not _WORD_RE.search(name):
        return False
    person, comma, rest = name.partition(",")
    if comma and len(person.split()) >= 2 and _affiliation(rest):
        return True  # "Xi Chen, OpenAI"
    bracketed = re.fullmatch(r"(.+?)\s*[(\[](.+)[)\]]", name)
    if bracketed and len(bracketed.group(1).split()) >= 2 and _affiliation(bracketed.group(2)):
        return True  # "Xi Chen (Peking University)"
    words = name.split()
    if len(words) < 3 or not all(map(_name_word, words[-2:])):
        return False
    keys = [word.rstrip(".,").casefold() for word in words[:-2]]
    if keys[0] in _COMPANIES and all(key in _ORGANISATION_WORDS for key in keys[1:]):
        return True  # "OpenAI Xi Chen", "Google Research Xi Chen"
    found = [at for at, key in enumerate(keys) if key in _AFFILIATION_WORDS]
    if not found:
        return False  # "Juan Carlos de la Cruz Garcia"
    joined = [at for at, key in enumerate(keys) if at > found[-1] and key in _JOINING]
    # a word of the institution's name stands between its last word or "of" and the two
    # names ("Institute of Computing Xiaoming Sun", "Peking University Xi Chen"); two
    # words alone after it are its name ("University of Southern California",
    # "Institute for Advanced Study", "Universidad Nacional Autonoma")
    if joined:
        return len(keys) - joined[-1] - 1 >= 1
    return found[-1] >= 1 or len(keys) - found[-1] - 1 >= 1


def affiliations_said(path: Path, records: Sequence[Record]) -> Problem | None:
    """One warning naming how many author names of ``records`` hold an affiliation
    (:func:`affiliation_in_name`), with the first as an example; they are kept as the
    source wrote them. None when none does."""
    found = [name for record in records for name in record.authors if affiliation_in_name(name)]
    if not found:
        return None
    if len(found) == 1:
        said = "1 author name holds an affiliation run into it"
    else:
        said = f"{len(found):,} author names hold an affiliation run into them"
    return Problem(path, f"{said} (“{found[0]}”); kept as written", "warning")


def records_said(records: Sequence[Record]) -> tuple[Record, ...]:
    """``records`` as every list and catalog gives them, whatever read them: a DOI given
    only as a link is the DOI (:func:`dois_from_links`), "et al." stands after the names
    (:func:`authors_said`), an ACM article's number is in its pages once
    (:func:`pages_said`), HTML's character references are the characters they stand for
    (:func:`text_said`)."""
    return pages_said(authors_said(dois_from_links(text_said(records))))


def arxiv_from_doi(doi: str | None) -> str | None:
    """The arXiv id of an arXiv DataCite DOI (``10.48550/arXiv.1707.06347``)."""
    found = _ARXIV_DOI_RE.match(doi or "")
    return found.group(1) if found else None


_ARXIV_URL_RE = re.compile(
    r"arxiv\.org/(?:abs|pdf)/([^\s?#]+?)(?:v\d+)?(?:\.pdf)?/?(?:[?#]|$)", re.IGNORECASE
)
#: :data:`ARXIV_ID_RE` in any case: a field that is an id whole may be written in capitals
#: ("ARXIV:2101.00001V2", a spreadsheet's upper-cased column), which names the same paper
_ARXIV_ANY_CASE_RE = re.compile(ARXIV_ID_RE.pattern, re.IGNORECASE)


def _arxiv_case(found: str) -> str:
    """An arXiv id as arXiv writes it: an old-style id's archive in lower case and its
    subject class in capitals ("math.AG/0211159"); a new-style id has no letters."""
    archive, slash, number = found.partition("/")
    if not slash:
        return found
    name, dot, subject = archive.partition(".")
    return f"{name.lower()}{dot}{subject.upper()}/{number}"


def arxiv_from_url(url: str | None) -> str | None:
    """The arXiv id (no version) in an ``arxiv.org/abs/…`` or ``/pdf/…`` address."""
    found = _ARXIV_URL_RE.search(url or "")
    if not found:
        return None
    whole = _ARXIV_ANY_CASE_RE.fullmatch(found.group(1))
    return _arxiv_case(whole.group(1)) if whole else found.group(1)


_ARXIV_PREFIX_RE = re.compile(r"^arxiv:\s*", re.IGNORECASE)


def arxiv_id_of(value: str | None) -> str | None:
    """The arXiv id (no version) a field gives: the id alone ("2402.05555v2",
    "arXiv:hep-th/9901001", in any case: "ARXIV:2101.00001V2") or an arXiv link; None
    for anything else ("N/A")."""
    text = _ARXIV_PREFIX_RE.sub("", (value or "").strip())
    found = _ARXIV_ANY_CASE_RE.fullmatch(text)
    return _arxiv_case(found.group(1)) if found else arxiv_from_url(text)


def openreview_id_of(url: str | None) -> str | None:
    found = OPENREVIEW_ID_RE.search(url or "")
    return found.group(1) if found else None


def given_id_texts(
    records: Sequence[Record], scopes: Sequence[str | None], ids: Sequence[str | None], name: str
) -> list[str | None]:
    """For each of ``records``, the text the id a tuireader export gives its paper
    (``ids``, by position) is the digest of, where its strongest key would give it
    another (else None): see ``ReadResult.id_texts``. A paper keeps the id its list
    gave it when a catalog names it (``catalog``): a seed paper, known by its abstract,
    has the PMLR key and OpenReview id of the shipped catalog, which its export carries
    and which would give it their id read back, so that ``show``, its marks and its
    note would no longer find it by the id they know. The texts tried are what the
    paper could have been known by before: a weaker key it has, its title with its
    first author and year, its abstract. None gives the id: the id is left as its keys
    give it. ``scopes`` and ``name`` as ``identity.identify`` takes them."""
    from tuireader.ingest.identity import Key, digest, identify, normalise_text, told_apart

    out: list[str | None] = []
    for number, record in enumerate(records):
        paper_id = ids[number] if number < len(ids) else None
        scope = scopes[number] if number < len(scopes) else None
        identity = identify(record, scope or record.venue or name)
        strongest = identity.strongest
        if not paper_id or strongest is None or digest(str(strongest)).startswith(paper_id):
            out.append(None)
            continue
        tried = [str(key) for key in identity.keys[1:]]
        if identity.keys and identity.title:
            tried.append(str(Key("title", identity.title_text)))
        if record.abstract.strip():
            # a key two papers of the list shared, told apart by their abstracts (see
            # ``library._numbered``)
            tried.extend([told_apart(text, record.abstract) for text in (str(strongest), *tried)])
            tried.append(normalise_text(record.abstract))
        out.append(next((text for text in tried if digest(text).startswith(paper_id)), None))
    return out


def with_own_key(record: Record, key: str | None) -> tuple[Record, str | None]:
    """``record`` known by ``key``, the key its paper's id came from as tuireader's
    RIS, CSL-JSON or Markdown export writes it where a citation gives it nowhere
    (``kind:value``, ``triage.export.own_key``): ``source:scope#id`` gives its own id in
    its source (a citation's key is not it) and the source that id is of, returned
    beside the record (``ReadResult.scopes``); ``openreview:…`` its OpenReview id;
    ``doi:…``, ``arxiv:…`` and ``pmlr:…`` the identifier its id comes from where its
    citation leaves it out (a NeurIPS paper's arXiv id, which another list gave it), for
    a record that has none of that kind. Any other text leaves the record as it is,
    with no scope."""
    kind, _, value = (key or "").strip().partition(":")
    if kind == "source":
        scope, mark, own = value.partition("#")
        if mark and scope.strip() and own.strip():
            return replace(record, source_id=own.strip()), scope.strip()
    elif kind == "openreview" and value.strip() and not record.openreview_id:
        return replace(record, openreview_id=value.strip()), None
    elif kind == "doi" and value.strip() and not record.doi:
        return replace(record, doi=value.strip()), None
    elif kind == "arxiv" and value.strip() and not record.arxiv_id:
        return replace(record, arxiv_id=value.strip()), None
    elif kind == "pmlr" and value.strip() and not record.pmlr_key:
        return replace(record, pmlr_key=value.strip()), None
    return record, None


def split_top_level(text: str, separator: str) -> list[str]:
    """Split on ``separator`` where it is not inside braces."""
    parts: list[str] = []
    depth = 0
    start = 0
    for index, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def flip_name(name: str) -> str:
    """A name written with commas in the order a reader says it.

    ``"Last, First"`` → ``"First Last"``; BibTeX's ``"von Last, Jr, First"`` →
    ``"First von Last Jr"``; ``"Family, Given, Suffix"`` (arXiv's and CSL's order) →
    ``"Given Family Suffix"``; ``"First Last, Jr."`` → ``"First Last Jr."``; a name in
    Chinese, Japanese or Korean script family name first with no space: ``"张, 三"`` →
    ``"张三"``.
    """
    parts = [part.strip() for part in split_top_level(name, ",")]
    parts = [part for part in parts if part]
    if len(parts) == 2:
        if NAME_SUFFIX.fullmatch(parts[1]):  # "Martin Luther King, Jr."
            return f"{parts[0]} {parts[1]}"
        return person_name(parts[1], parts[0])
    if len(parts) == 3:
        family, second, third = parts
        if NAME_SUFFIX.fullmatch(third) and not NAME_SUFFIX.fullmatch(second):
            return f"{second} {family} {third}"  # "Evans, Neal J., II"
        return f"{third} {family} {second}"  # "Evans, II, Neal J."
    return " ".join(parts)


#: an HTML character reference, with its semicolon: "&amp;", "&#233;", "&#xe9;", "&nbsp;"
#: ("R&D", "AT&T" and "Smith & Jones" are text, and so is "&copy2020", which a browser
#: would read as "©2020" but a list means as written)
_ENTITY_RE = re.compile(r"&(?:[a-z][a-z0-9]*|#[0-9]+|#x[0-9a-f]+);", re.IGNORECASE)


def _character(found: re.Match[str]) -> str:
    character = html.unescape(found.group())
    # a reference to a C1 control character ("&#129;", which HTML's table of Windows-1252
    # does not map) would put terminal control in a name: it is left as the text it is
    # (one to a C0 control, "&#27;", a browser shows as nothing, and so does ``unescape``)
    if any(unicodedata.category(char) == "Cc" and not char.isspace() for char in character):
        return found.group()
    return character


def page_text(text: str) -> str:
    """``text`` as the page a scraper read it from shows it: the HTML character
    references it left in ("J&ouml;rg M&uuml;ller", "Robotics &amp; Automation",
    "Ren&#233;e") as the characters they stand for, a no-break space ("&nbsp;") as a
    space. A name's ";" was the end of a reference, not a break between two names: read
    first, "J&ouml;rg M&uuml;ller" was three authors, the last "ller"."""
    if "&" not in text or not _ENTITY_RE.search(text):
        return text
    return " ".join(_ENTITY_RE.sub(_character, text).split())


#: "&" or "and" before a list's last name, where a ";" parts the names already
_LEADING_AND = re.compile(r"^(?:&|and)\s+", re.IGNORECASE)
#: a name's initials as APA writes them: "J.", "A. B.", "J.-P.", "JP"
_INITIALS = re.compile(r"(?:[^\W\d_]{1,2}\.?)(?:[\s-]*[^\W\d_]{1,2}\.?)*")


def _initials(part: str) -> bool:
    return bool(_INITIALS.fullmatch(part)) and part.replace(".", "").replace("-", "").isupper()


def _family_initials(parts: list[str]) -> bool:
    """Whether ``parts``, a name list's pieces between commas, are two names or more
    written "Family, Initials" one after another: every second one initials, none of
    the others."""
    return (
        len(parts) >= 4
        and len(parts) % 2 == 0
        and all(_initials(part) for part in parts[1::2])
        and not any(_initials(part) for part in parts[0::2])
    )


#: one string as Python's ``repr`` writes it (in single quotes, or double quotes where it
#: holds a single one) or as JSON does
_QUOTED = r"'(?:[^'\\\n]|\\.)*'" + r'|"(?:[^"\\\n]|\\.)*"'
_QUOTED_RE = re.compile(_QUOTED)
#: a list of such strings, as pandas' ``to_csv`` writes a cell of a list: "['A', 'B']"
_LISTED_RE = re.compile(rf"\[\s*(?:(?:{_QUOTED})\s*(?:,\s*(?:{_QUOTED})\s*)*(?:,\s*)?)?\]")
#: a backslash escape within such a string
_ESCAPE_RE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"', "/": "/"}


def _unescaped(match: re.Match[str]) -> str:
    code = match.group(1)
    if len(code) > 1:
        point = int(code[1:], 16)
        return chr(point) if point <= sys.maxunicode else match.group(0)
    return _ESCAPES.get(code, match.group(0))


def _listed_item(quoted: str) -> str:
    """One string of a list written as text, its quotes taken off and its escapes read."""
    if quoted.startswith('"'):
        try:
            value = json.loads(quoted)
        except ValueError:
            pass
        else:
            if isinstance(value, str):
                return value
    return _ESCAPE_RE.sub(_unescaped, quoted[1:-1])


def listed_strings(value: str) -> list[str] | None:
    """The strings of a list written out as text in one cell or field, as pandas'
    ``to_csv`` writes a column of lists (Python's ``"['John Smith', 'Anna Doe']"``) or
    as JSON does (``'["A", "B"]'``); None for any other text. Only a list of quoted
    strings is read, and read as text: nothing in it is run."""
    text = value.strip()
    if not (text.startswith("[") and text.endswith("]")) or not _LISTED_RE.fullmatch(text):
        return None
    return [_listed_item(quoted) for quoted in _QUOTED_RE.findall(text)]


#: a name written as Vancouver writes it, one capitalised family name, then the given
#: names' initials without stops ("Smith A", "O'Neil JR", "Müller-Lyer ABC")
_VANCOUVER_NAME = re.compile(r"(?P<family>[^\W\d_][\w'’-]*) (?P<initials>[^\W\d_]{1,3})")
#: what parts a list of names: a comma, "and", "&" (a comma before either too)
_LIST_SEP = re.compile(r"\s*(?:,\s*(?:and\s+|&\s*)?|;\s*(?:and\s+|&\s*)?|\s+and\s+|&\s*)")


def vancouver_names(value: str) -> list[str] | None:
    """The names of a list written as Vancouver writes it ("Smith A, Jones B, White C",
    MEDLINE's and PubMed's way, which the references of a bibliography write too) each
    as "given family" ("A. Smith"), as the reader of references reads them; None unless
    it names two people or more, each so. Three capitals ("CEN" of "Jun CEN") are
    initials only among names that end in one or two (a family name in capitals after
    the given name otherwise), and a family name all in capitals is none."""
    pieces = [piece.strip() for piece in _LIST_SEP.split(value.strip().rstrip(",;").strip())]
    if len(pieces) < 2:
        return None
    found = [_VANCOUVER_NAME.fullmatch(piece) for piece in pieces]
    names: list[str] = []
    for match in found:
        if match is None:
            return None
        family, initials = match["family"], match["initials"]
        if not (family[0].isupper() and any(c.islower() for c in family)):
            return None
        if not initials.isupper():
            return None
        names.append(" ".join((*(f"{letter}." for letter in initials), family)))
    if all(match is not None and len(match["initials"]) == 3 for match in found):
        return None
    return names


def split_authors_string(value: str, family_first: bool = False) -> list[str]:
    """Split ``"A and B"``, ``"A; B"``, ``"A · B"`` (the conference sites') or ``"A B, C D
    and E F"`` into names, HTML's character references read first (:func:`page_text`).
    A list written out as text (:func:`listed_strings`: pandas' ``"['A B', 'C D']"``)
    is its names, one an item ("Family, Given" in the order a reader says it).
    Between semicolons, a name with one comma is "Family, Given" ("García Márquez,
    Gabriel José"); ``family_first``: so is a name alone (a database's column of full
    names), which would otherwise be read as two names joined with a comma."""
    listed = listed_strings(value)
    if listed is not None:
        items = (" ".join(page_text(item).split()) for item in listed)
        return [flip_name(item) if "," in item else item for item in items if item]
    value = " ".join(page_text(value).split())
    vancouver = vancouver_names(value)
    if vancouver is not None:
        # "Smith A, Jones B, White C": family names, then initials (not "Smith" and "A")
        return vancouver
    if ";" in value:
        pieces = value.split(";")
    elif " · " in value:
        pieces = value.split(" · ")
    else:
        pieces = re.split(r"\s+and\s+|\s*&\s*", value)
    names: list[str] = []
    for piece in pieces:
        # APA's "Müller, J.; Smith, A.; & Jones, B.": the last name's "&" is no name's
        piece = _LEADING_AND.sub("", piece.strip().rstrip(",").strip())
        if not piece:
            continue
        commas = [part.strip() for part in piece.split(",") if part.strip()]
        if _family_initials(commas):
            # APA's "Müller, J., Smith, A., & Jones, B.": each family name, then its
            # initials (it was one name, "Müller J. Smith A.")
            names.extend(f"{given} {family}" for family, given in zip(*[iter(commas)] * 2))
        elif len(commas) == 2 and (family_first or ";" in value):
            # one name of a list joined with ";" (or of a column of names written family
            # name first): "Family, Given", though both are of several words ("García
            # Márquez, Gabriel José", as Scopus writes them), is one name
            names.append(flip_name(piece))
        elif len(commas) > 1 and all(" " in part for part in commas):
            names.extend(commas)  # "Alice Smith, Bob Jones"
        elif len(commas) > 1:
            names.append(flip_name(piece))  # "Smith, Alice"
        else:
            names.append(piece)
    return names


#: a name written family name first, then its given names' initials, as Scopus's
#: "Authors" writes it ("Abad Rocamora E.", "van der Schaar M.", "Chan A.J.", "Lee J.-H.")
_FAMILY_THEN_INITIALS = re.compile(
    r"(?P<family>.*[^\W\d_]{2}) (?P<given>[^\W\d_]\.(?:-?[^\W\d_]\.)*)"
)


def _family_then_initials(name: str) -> str | None:
    """``name`` in BibTeX's "Family, Given" order when it is written "Family I." ("Abad
    Rocamora E." → "Abad Rocamora, E."); else None."""
    found = _FAMILY_THEN_INITIALS.fullmatch(name)
    if found is None or not found["given"].replace(".", "").replace("-", "").isupper():
        return None
    return f"{found['family']}, {found['given']}"


def family_first_names(value: str) -> tuple[str, ...]:
    """The names of a list of authors each written family name first, in BibTeX's
    "Family, Given" order (what ``Record.author_names`` holds), so that a family name
    of several words is cited whole: "Abad Rocamora, Elias; Wu, Yi", Scopus's "Abad
    Rocamora E.; Wu Y." and its older "Abad Rocamora E., Wu Y." give "Abad Rocamora,
    Elias" or "Abad Rocamora, E." and "Wu, Yi" or "Wu, Y."; empty unless every name is
    written so (the names :func:`split_authors_string` gives are then what is known)."""
    value = " ".join(page_text(value).split())
    if ";" in value:
        pieces = value.split(";")
    elif "," in value and all(_family_then_initials(part.strip()) for part in value.split(",")):
        pieces = value.split(",")  # Scopus's older "Abad Rocamora E., Wu Y."
    else:
        pieces = [value]
    names: list[str] = []
    for piece in pieces:
        piece = _LEADING_AND.sub("", piece.strip().rstrip(",").strip())
        if not piece:
            continue
        parts = [part.strip() for part in split_top_level(piece, ",")]
        split = _family_then_initials(piece) if len(parts) == 1 else None
        suffixes = [bool(NAME_SUFFIX.fullmatch(part)) for part in parts]
        if len(parts) == 2 and suffixes[0] and " " in parts[1]:
            # a suffix the database took for the family name ("Jr, Mauricio Breternitz"):
            # the family name is the last word, as it is of the name said whole
            given, _, family = parts[1].rpartition(" ")
            split = f"{family}, {parts[0]}, {given}"
        elif len(parts) == 2 and all(parts) and not any(suffixes):
            split = f"{parts[0]}, {parts[1]}"
        elif len(parts) == 3 and all(parts) and suffixes == [False, True, False]:
            split = piece  # "Breternitz, Jr, Mauricio"
        elif len(parts) == 3 and all(parts) and suffixes == [False, False, True]:
            split = f"{parts[0]}, {parts[2]}, {parts[1]}"  # "Breternitz, Mauricio, Jr"
        if split is None:
            return ()
        names.append(split)
    return tuple(names)


def authors_of(value: Any) -> tuple[str, ...]:
    """Author names from a string, a list of strings or a list of name objects."""
    if isinstance(value, str):
        return tuple(split_authors_string(clean(value)))
    if not isinstance(value, list):
        return ()
    names: list[str] = []
    for item in value:
        if isinstance(item, str):
            name = " ".join(clean(item).split())
        elif isinstance(item, dict):
            given = text_field(item.get("given") or item.get("first")) or ""
            family = text_field(item.get("family") or item.get("last")) or ""
            alone = not any(
                text_field(item.get(part))
                for part in ("dropping-particle", "non-dropping-particle", "suffix")
            )
            name = (
                text_field(item.get("name"))
                or text_field(item.get("literal"))
                # "张三": a name in Chinese, Japanese or Korean script, family name first
                or (person_name(given, family) if alone and family_first(family, given) else "")
                or " ".join(
                    part
                    for part in (
                        text_field(item.get("given") or item.get("first")),
                        text_field(item.get("dropping-particle")),
                        text_field(item.get("non-dropping-particle")),
                        text_field(item.get("family") or item.get("last")),
                        text_field(item.get("suffix")),
                    )
                    if part
                )
            )
            name = " ".join(name.split())
        else:
            continue
        if name:
            names.append(name)
    return tuple(names)


def editors_of(value: Any) -> tuple[str, ...]:
    """Editor names as the source writes them, one each ("Chandar, Sarath", as BibTeX's
    ``editor`` keeps them): from a string joined with ``;`` or `` and `` (commas belong
    to the names), a list of strings, or CSL name objects (``family``, ``given``,
    ``literal``), which give "Family, Given"."""
    if isinstance(value, str):
        text = " ".join(clean(value).split())
        pieces = text.split(";") if ";" in text else re.split(r"\s+and\s+", text)
        return tuple(piece.strip() for piece in pieces if piece.strip())
    if not isinstance(value, list):
        return ()
    names: list[str] = []
    for item in value:
        name: str | None = None
        if isinstance(item, str):
            name = " ".join(clean(item).split())
        elif isinstance(item, dict):
            family = text_field(item.get("family"))
            given = text_field(item.get("given"))
            name = f"{family}, {given}" if family and given else family or given
            name = name or text_field(item.get("literal")) or text_field(item.get("name"))
        if name:
            names.append(" ".join(name.split()))
    return tuple(names)


def word_list(value: Any, separator: str = ";") -> tuple[str, ...]:
    """Keywords or categories: a list, one string joined with ``separator``, or a list
    written out as text (:func:`listed_strings`)."""
    listed = listed_strings(value) if isinstance(value, str) else None
    if listed is not None:
        items: list[Any] = listed  # "['deep learning', 'graphs']", as pandas writes a list
    elif isinstance(value, str):
        items = value.split(separator) if separator != " " else value.split()
    elif isinstance(value, list):
        items = value
    else:
        return ()
    return distinct_words(" ".join(item.split()) for item in items if isinstance(item, str))


#: words a journal's name writes in lower case after its first word ("Journal of the …")
_JOURNAL_SMALL_WORDS = frozenset(
    "an and at by de der des di du for from in la le les of on the to und with".split()  # noqa: SIM905 - a word list reads better as text
)
_LETTERS_RE = re.compile(r"[^\W\d_]+")
#: the letters French elides before an apostrophe (d' for de, l' for le and la), which a
#: journal's name writes in lower case after its first word: "Journal d'Analyse"
_ELIDED = frozenset("dl")


#: the volume Web of Science writes after a proceedings' name ("INTERNATIONAL CONFERENCE
#: ON MACHINE LEARNING, VOL 235"), which its ``VL`` gives too
_WOS_VOLUME_RE = re.compile(r",?\s+VOL\.?\s+(?P<volume>[\w.-]+)\s*$", re.IGNORECASE)


def wos_venue(
    source: str, iso: str | None, *, volume: str | None = None, conference: str | None = None
) -> str:
    """The venue of a Web of Science record, in the case :func:`journal_case` gives a name
    in capitals. Its ``SO`` loses the volume written after it that ``VL`` gives
    ("INTERNATIONAL CONFERENCE ON MACHINE LEARNING, VOL 235": the volume was cited
    twice); what is left is the name of a series of proceedings, no book's title, and a
    proceedings paper's ``conference`` (its ``CT``: "41st International Conference on
    Machine Learning (ICML)") is named in its place. A proceedings' own title
    ("ADVANCES IN NEURAL INFORMATION PROCESSING SYSTEMS 30 (NIPS 2017)") is kept."""
    name = " ".join(source.split())
    found = _WOS_VOLUME_RE.search(name)
    if found and volume and found.group("volume").casefold() == volume.strip().casefold():
        name = name[: found.start()].rstrip(" ,")
        conference = " ".join((conference or "").split())
        if conference:
            name = conference
    return journal_case(name, iso)


def journal_case(name: str, iso: str | None) -> str:
    """A journal's name that a database writes in capitals (Web of Science's
    ``JOURNAL OF ARTIFICIAL INTELLIGENCE RESEARCH``) in the case its readers know
    (``Journal of Artificial Intelligence Research``), which APA and MLA give.

    The journal's ISO abbreviation, which the same database gives in its own case
    (``J. Artif. Intell. Res.``, ``IEEE Trans. Neural Netw.``, ``BMC Bioinform.``), spells
    the words it holds whole, an acronym among them; any other word is capitalised, a
    small word after the first in lower case (a lone letter never: "Physical Review A"),
    and so French's elided "d'" and "l'", the word after them capitalised as the word
    after Irish "O'" is ("Journal d'Analyse", "O'Reilly"; "Women's" keeps its "s" small).
    A name already in mixed case is as given. Without the abbreviation (or with one in
    capitals too) the name stays in capitals: nothing tells its acronyms from its words
    ("DNA REPAIR", "CELL REPORTS", "IT PROFESSIONAL", "AIDS"), and a name in capitals
    cites the journal rightly where "Dna Repair" would not."""
    if not name or any(ch.islower() for ch in name) or not any(ch.isupper() for ch in name):
        return name
    if not iso or not any(ch.islower() for ch in iso):
        return name
    spelled = {word.casefold(): word for word in _LETTERS_RE.findall(iso) if len(word) > 1}
    first = True

    def cased(found: re.Match[str]) -> str:
        nonlocal first
        word, at = found.group(), found.start()
        was_first, first = first, False
        if at and found.string[at - 1] in "'\u2019":
            before = _LETTERS_RE.findall(found.string, 0, at - 1)[-1:]
            if before and before[0].casefold() in _ELIDED | {"o"}:
                # D'ANALYSE, L'ENSEIGNEMENT, O'REILLY: a word after a letter's elision
                return word.capitalize()
            return word.lower()  # WOMEN'S, NATURE'S: the letter after an apostrophe
        if (
            len(word) == 1
            and not was_first
            and word.casefold() in _ELIDED
            and found.string[found.end() : found.end() + 1] in ("'", "\u2019")
        ):
            return word.lower()  # "Journal d'Analyse": French's elided "de", "le"
        if word.casefold() in spelled:
            return spelled[word.casefold()]
        if not was_first and word.casefold() in _JOURNAL_SMALL_WORDS:
            return word.lower()
        return word.capitalize()

    return _LETTERS_RE.sub(cased, name)


def distinct_words(words: Iterable[str]) -> tuple[str, ...]:
    """``words`` without the empty ones and without one given again in another case,
    each as it is first written: a reference manager gives a paper's keywords and the
    publisher's index terms in one list, so the same word may come twice (IEEE's
    "Deep learning" and the authors' "deep learning")."""
    seen: dict[str, str] = {}
    for word in words:
        if word:
            seen.setdefault(word.casefold(), word)
    return tuple(seen.values())


def line_list(numbers: list[int]) -> str:
    shown = ", ".join(str(number) for number in numbers[:5])
    more = len(numbers) - 5
    return shown + (f" and {more} more" if more > 0 else "")


def count_entries(keys: list[str]) -> str:
    return f"{len(keys)} entr{'y' if len(keys) == 1 else 'ies'}"


def some_keys(keys: list[str]) -> str:
    return ", ".join(keys[:5]) + (", …" if len(keys) > 5 else "")


def listed(names: list[str], limit: int = 12) -> str:
    """``'a', 'b' and 'c'`` (the first ``limit`` names), or "none"."""
    shown = [repr(name) for name in names[:limit]]
    if len(names) > limit:
        shown.append(f"{len(names) - limit} more")
    if not shown:
        return "none"
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def cut_to(text: str, most: int) -> str:
    """``text`` as a warning names something by it: whole up to ``most`` characters, else
    cut to them, its end "…"."""
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"
