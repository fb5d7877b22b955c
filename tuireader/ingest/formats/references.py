"""A list of references pasted as text (a paper's bibliography, a reading list copied
from a document): one paper a reference.

References are numbered (``[1] …``, ``1. …``) or not, one a line, one a paragraph, or
wrapped over lines (a line that goes on with the reference before it: indented, in small
letters, or after a line that ends in no full stop, in an initial within a list of
names, or in APA's year or title before the rest; after a line that ends in a DOI link,
a line that starts with a name and its initials starts a reference). Each is read in
the styles papers cite in:

* IEEE's quoted title: ``A. Vaswani, N. Shazeer, and N. Parmar, "Attention is all you
  need," in Proc. NeurIPS, 2017.`` (the authors before the quotes, the venue after);
* APA's: ``He, K., Zhang, X., & Sun, J. (2016). Deep residual learning. In CVPR.``
  (the authors before the year in parentheses, the title after it);
* the ACL's and natbib's: ``Kaiming He and Jian Sun. 2016. Deep residual learning. In
  CVPR.`` (the year after the authors' full stop);
* NeurIPS's and plain numeric ones: ``A. Vaswani, N. Shazeer, et al. Attention is all
  you need. In NeurIPS, 2017.`` (the authors, the title, then the venue and year), and
  Vancouver's names (``Vaswani A, Shazeer N``);
* Springer's LNCS: ``Brox, T.: U-Net: …. In: MICCAI. pp. 234–241. Springer (2015)``
  (the authors end in a colon; the book's editors, "In: Navab, N. (eds.) …", are no
  venue);
* IEEE's books: ``I. Goodfellow, Y. Bengio, and A. Courville, Deep Learning. Cambridge,
  MA, USA: MIT Press, 2016.`` (the title after the last author's comma, then the place,
  "U.K." as well, and publisher; the title's own commas and "and" are the title's, and
  a publisher's "Univ.", "Inc.", "Ltd." or "Co." ends no part).

A book, in any of these styles, ends in its publisher (and place) after its title:
"Cambridge, MA, USA: MIT Press, 2016.", LNCS's "Springer, Heidelberg (2010)", APA's
"Springer.", the ACL's "MIT Press, Cambridge, MA."; it is read as a book, its entry
type "book", its publisher (also its venue) and place, and its edition ("2nd ed.",
"(2nd ed.)", "2nd edn.") out of its title and venue.

APA 7's authors left out (``Shazeer, N., . . . Polosukhin, I.``) are passed over, and an
organisation alone ("OpenAI.", "Gemini Team.", LNCS's "OpenAI:", APA's "Meta AI. (2024).",
"American Psychological Association. (2020).") is read as the author, one name as a
whole (BibTeX's "{Meta AI}"), never a person's.

Where the authors end is where what comes before a full stop is names, one after
another (initials, capitalised words, particles such as "van der", "et al."), and what
follows is no more of them; names written all in small letters (OpenReview gives some:
"kelu yao, jin wang") are read capitalised where the rest is plainly a reference's. A
venue abbreviated in ISO 4 ("Adv. Neural Inf. Process. Syst.") is spelled out.
``arXiv:…`` (also ``arXiv preprint arXiv:…``, CoRR's ``abs/…``, an arxiv.org link, an
old-style id alone: ``cs.LG/0102001`` as ``cs/0102001``) gives the arXiv id, ``doi:…``
or a doi.org link the DOI, and another web address the paper's page. A reference read
in none of the styles is kept whole as its paper's title, and said, so that no
reference is lost.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tuireader.ingest.formats.common import (
    _ARXIV_DOI_RE,
    ARXIV_ARCHIVES,
    ARXIV_ID_FORMS,
    MAX_LIST_NAME_CHARS,
    ReadResult,
    before_et_al,
    clean,
    line_list,
    plain_doi,
    split_lines,
)
from tuireader.ingest.formats.common import NAME_PARTICLES as _PARTICLES
from tuireader.ingest.formats.common import NAME_WORD_RE as _NAME_WORD_RE
from tuireader.ingest.links import arxiv_written
from tuireader.ingest.venues import venue_spelled_out
from tuireader.model import Problem, Record

__all__ = ["parse_references", "read_reference"]

#: the start of a numbered reference: "[1]", "1.", "(1)" (not a year: "(2019)." starts
#: the rest of an APA reference wrapped after its authors, "2019." an ACL one's)
_MARKER_RE = re.compile(r"^\s*(?:\[(\d{1,4})\]|(\d{1,3})\.(?=\s)|\((\d{1,3})\))\s*(?P<rest>.*)$")

#: an arXiv id where a reference gives one: after "arXiv" (``arXiv:1706.03762``, ``arXiv
#: preprint arXiv:2005.14165``, an arxiv.org link) or CoRR's ``abs/``; an old-style id
#: (``arXiv:math.CO/0211159``) whole, from its archive's first letter
_ARXIV_RE = re.compile(
    r"(?:arxiv|corr|\babs/)[^\d\s]*(?:\s+(?:preprint|e-?prints?)\s*)?(?:[^\d\s]{0,12})?\s*"
    rf"(?P<id>(?:(?<![\w.-])|(?=\d))(?:{ARXIV_ID_FORMS}))(?:v\d+)?(?!\d)",
    re.IGNORECASE,
)
#: an old-style id of one of arXiv's archives, which a reference may give without "arXiv"
#: before it ("cs.LG/0102001")
_BARE_OLD_ARXIV_RE = re.compile(
    rf"(?<![\w./-])(?P<id>(?:{'|'.join(ARXIV_ARCHIVES)})(?:\.[A-Z]{{2}})?/\d{{7}})(?:v\d+)?(?!\w)"
)
#: a DOI (``doi:10.1/x``, ``https://doi.org/10.1/x``, ``DOI 10.1/x``, or bare) within
#: a reference's text: narrower than common's DOI_SHAPE, which a whole field holds (a
#: quote or a bracket after a DOI here ends it); plain_doi checks what is found
_DOI_RE = re.compile(r"\b10\.\d{4,9}/[^\s\"<>]+")
#: a web address
_URL_RE = re.compile(r"(?:https?://|www\.)[^\s<>\"]+", re.IGNORECASE)
#: what a reference says before a web address or identifier ("URL", "Available:")
_LEAD_IN_RE = re.compile(
    r"(?:\b(?:URL|Available(?:\s+(?:at|online))?|Retrieved\s+from|doi|DOI)\s*:?\s*)+$"
)

#: APA 7's ellipsis between the first nineteen authors and the last, the others left out
#: (". . .", "...", "…")
_ELISION_RE = re.compile(r"\s*,?\s*(?:\.\s?\.\s?\.|…)\s*(?=[^\W\d_])")
#: what separates names: a comma, "and", "&"
_NAME_SEP_RE = re.compile(r"\s*,\s*(?:and\s+|&\s*)?|\s+and\s+|\s*&\s*")
#: initials with their full stops ("A.", "C.-P.", "J. R.", "M.-W.")
_INITIALS_RE = re.compile(r"(?:[^\W\d_]\.\s?-?\s?)+")
#: Vancouver's initials after a family name, without stops ("A", "JR"); three capitals
#: ("CEN" in "Jun CEN, Peng Yun") are a family name, but in a list of Vancouver's names
#: ("Rumelhart DE, Hinton GE, Williams RJA") or alone ("Ioannidis JPA")
_BARE_INITIALS_RE = re.compile(r"[A-Z]{1,2}")
_THREE_INITIALS_RE = re.compile(r"[A-Z]{3}")
#: a name whose family name, in capitals after the given name, is too long for initials
#: ("Wei ZHANG"; not "ZIJIAN HE", all in capitals)
_FAMILY_IN_CAPITALS_RE = re.compile(r"(?:[A-Z](?=[\w'-]*[a-z])[\w'-]*\s+)+[A-Z]{4,}")
#: names joined by "and" or "&", which Vancouver's are not
_JOINED_RE = re.compile(r"(?:^|[\s,])(?:and|&)\s", re.IGNORECASE)

#: the space after a full stop, a question mark or an exclamation mark: where a sentence
#: may end
_SENTENCE_END_RE = re.compile(r"(?<=[.?!])\s+")
#: the abbreviations a publisher's name may hold or end with ("Cambridge Univ. Press",
#: "Morgan Kaufmann Publishers Inc.")
_PUBLISHER_ABBREVIATIONS = ("Univ", "Inc", "Ltd", "Co")
#: the abbreviations a title or venue may hold before a full stop that is none
_NO_END_BEFORE = (
    *("vs", "e.g", "i.e", "etc", "cf", "Proc", "Conf", "Int", "St", "Vol", "No"),
    *_PUBLISHER_ABBREVIATIONS,
)
#: what may follow a title that ends with "?" or "!": the venue or year, not a subtitle
_AFTER_TITLE_RE = re.compile(
    r"(?:In\b|arXiv|CoRR|Proc|Advances|Journal|Trans|IEEE|ACM|(?:19|20)\d\d|[A-Z]{2,}\b)"
)

#: APA's year in parentheses after the authors ("(2019)", "(2020, June)", "(2021a)")
_APA_YEAR_RE = re.compile(r"^\s*\((?P<year>(?:19|20)\d\d)[a-z]?(?:,[^)]*)?\)[.,]?\s*")
#: a year in what follows the title: not one end of a range of pages ("pp. 2672–2680"),
#: which common's YEAR_RE would read as one
_YEAR_RE = re.compile(r"(?<![\d–—-])((?:1[89]|20)\d\d)(?![\d–—-])")
#: the ACL's year after the authors' full stop ("2019." "2021a.")
_ACL_YEAR_RE = re.compile(r"^(?P<year>(?:19|20)\d\d)[a-z]?\.\s+")
#: the colon that ends the authors in Springer's LNCS style, after the last initial
#: ("Ronneberger, O., Fischer, P., Brox, T.: U-Net: …")
_LNCS_NAMES_END_RE = re.compile(r"(?<=\.):\s+")
#: IEEE's quoted title, after the authors
_QUOTED_RE = re.compile(r"[,.:]?\s*[\"“](?P<title>[^\"”]{3,}?)[,.]?[\"”][,.:]?\s*")
#: what a venue starts with that names no venue
_VENUE_LEAD_RE = re.compile(
    r"^(?:in\s*:?\s+)?(?:(?:proceedings|proc\.?)\s+(?:of\s+)?(?:the\s+)?)?"
    r"(?:(?:19|20)\d\d\s+)?",
    re.IGNORECASE,
)
#: where a venue's name ends: a comma, a bracket, a semicolon, or a full stop before a
#: number, an address or an identifier
_VENUE_END_RE = re.compile(
    r"[,(;]|\.\s+(?=URL|Available|doi|https?:|arXiv|pp?\.|pages|\d|LNCS\b|CCIS\b|LNAI\b|"
    r"Lecture\s+Notes)|\.$",
    re.IGNORECASE,
)
#: the editors of the book a paper is in, before its name ("Navab, N., Wells, W.M.
#: (eds.) MICCAI 2015")
_EDITORS_RE = re.compile(r"(?P<names>[^()]{1,300}?)\s*\((?:eds?|hrsg)\.?\)[.,:]?\s*", re.IGNORECASE)
#: the volume, number or year after a venue's name ("Advances in … Systems 30")
_VENUE_NUMBERS_RE = re.compile(r"(?:\s+(?:vol\.?|volume|no\.?)?\s*\d[\d\s:–—-]*)+$", re.IGNORECASE)
#: a venue that names no venue but a preprint server
_PREPRINT_VENUE_RE = re.compile(r"^(?:arxiv|corr|preprint|e-?print)\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Entry:
    """One reference: its text and the line it starts on."""

    text: str
    line: int


def parse_references(text: str, path: Path) -> ReadResult | None:
    """The papers of a list of references, or None when ``text`` is none: fewer than two
    references, more than a line above them, or more than half of them read in none of
    the styles (abstracts numbered "[1]", a list of titles, prose)."""
    lines = split_lines(clean(text))
    furniture = _page_furniture(lines)
    found = _entries(lines, furniture)
    if found is None:
        return None
    head, entries = found
    if len(entries) < 2:
        return None
    if sum(_may_be_reference(entry.text) for entry in entries) * 2 <= len(entries):
        return None  # a look at how each starts is enough to tell prose from references
    read = [read_reference(entry.text) for entry in entries]
    unread = [entry.line for entry, (_, known) in zip(entries, read, strict=True) if not known]
    if len(unread) * 2 >= len(entries):
        return None  # mostly no references: read as paragraphs, titles or identifiers
    name = head if head is not None else path.stem
    records = tuple(record for record, _ in read)
    problems: tuple[Problem, ...] = ()
    if unread:
        some = len(unread) > 1
        problems = (
            Problem(
                path,
                f"{len(unread)} reference{'s' if some else ''} (line"
                f"{'s' if some else ''} {line_list(unread)}) could not be read as authors, "
                f"title, venue and year: {'each is' if some else 'it is'} kept whole as "
                f"{'its' if some else 'the'} paper's title",
                "warning",
            ),
        )
    if furniture:
        some = len(furniture) > 1
        problems += (
            Problem(
                path,
                f"left out {len(furniture)} line{'s' if some else ''} "
                f"({line_list(sorted(furniture))}) that {'are' if some else 'is'} a page's "
                "number or running head between the references, no part of them",
                "warning",
            ),
        )
    return ReadResult(path, name, "text", records, problems)


#: a page's number alone on its line ("12", "- 12 -", "Page 12", "12 of 30"), not a
#: year (the end of a reference wrapped before it)
_PAGE_NUMBER_RE = re.compile(
    r"^[-–—\s]*(?:page\s+)?(?!(?:19|20)\d\d\b)\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?[-–—\s]*$",
    re.IGNORECASE,
)
#: a running head a conference's template prints atop each page ("Under review as a
#: conference paper at ICLR 2025", "Published as a conference paper at ICLR 2024")
_RUNNING_HEAD_RE = re.compile(
    r"^(?:under\s+review\s+as|published\s+as|accepted\s+(?:as|at|to|for)|"
    r"(?:a\s+)?preprint\b|(?:conference|workshop)\s+paper\s+at)\b.{0,100}(?:19|20)\d\d\W*$",
    re.IGNORECASE,
)


def _page_furniture(lines: list[str]) -> frozenset[int]:
    """The numbers (from 1) of the lines a PDF's pages add between references, no part
    of them: a page's number alone, a running head (:data:`_RUNNING_HEAD_RE`), and a
    short line that recurs as it is, holds a number and reads as no reference nor the
    end of one (a journal's "J. Mach. Learn. Res. 21 (2020) 1-67" atop each page)."""
    stripped = [line.strip() for line in lines]
    counts: dict[str, int] = {}
    for line in stripped:
        counts[line] = counts.get(line, 0) + 1
    found: set[int] = set()
    for number, line in enumerate(stripped, 1):
        if not line or _MARKER_RE.match(line) or _URL_RE.match(line) or _DOI_RE.match(line):
            continue  # a reference's DOI link on a line of its own, which several may share
        # a reference's "preprint arXiv:1412.6980 (2014)" wrapped onto a line of its own
        # is no running head
        head = _RUNNING_HEAD_RE.match(line) and not _ARXIV_RE.search(line)
        alone = _PAGE_NUMBER_RE.fullmatch(line) or head
        if alone or (
            counts[line] >= 2
            and len(line) <= 100
            and any(char.isdigit() for char in line)
            and line[-1:] not in ".,;:"
            and not read_reference(line)[1]
        ):
            found.add(number)
    return frozenset(found)


def _may_be_reference(text: str) -> bool:
    """True when ``text`` may start with a list of names, the end of which is marked (a
    full stop, APA's year in parentheses, IEEE's quoted title, LNCS's colon), or with a title before
    one: a first look, which prose (its first words in small letters soon) seldom
    passes."""
    text = _capitalised_names(text) or text
    start = text[: _names_end(text) + 3]
    if any(mark in start for mark in (". ", "(", '"', "“")) or _LNCS_NAMES_END_RE.search(start):
        return True
    return _title_authors_rest(text) is not None  # "Title. Vaswani et al. NeurIPS 2017."


def _entries(
    lines: list[str], skip: frozenset[int] = frozenset()
) -> tuple[str | None, list[_Entry]] | None:
    """The list's name (None: none) and its references, or None when more than one line
    stands above them. A numbered reference starts at its number; another starts a line
    of its own (not indented, with a capital letter) after a reference that ended with
    a full stop, or after a blank line. The lines numbered in ``skip`` (a page's number
    and running head) are passed over."""
    entries: list[tuple[list[str], int]] = []
    head: list[str] = []
    blank = True
    numbered = sum(bool(_MARKER_RE.match(line)) for line in lines) >= 2
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if number in skip:
            continue  # a page's number or running head: the reference may go on after it
        if not line:
            blank = True
            continue
        marker = _MARKER_RE.match(raw)
        if marker:
            entries.append(([marker.group("rest").strip()], number))
        elif not entries and (numbered or not head and _is_list_name(line)):
            head.append(line)  # above the references: the list's name
        elif (
            entries
            and not blank
            and (_goes_on(entries[-1][0], raw) or numbered and not _starts_reference(line))
        ):
            entries[-1][0].append(line)  # the reference goes on over this line
        else:
            entries.append(([line], number))
        blank = False
    if len(head) > 1:
        return None
    name = head[0] if head and len(head[0]) <= MAX_LIST_NAME_CHARS else None
    return name, [_Entry(" ".join(_joined(parts).split()), line) for parts, line in entries]


def _is_list_name(line: str) -> bool:
    """True for a first line that names the list: short, read as no reference, not cut
    at its end, before a line that starts one."""
    if len(line) > MAX_LIST_NAME_CHARS or read_reference(line)[1]:
        return False
    # a line cut at its end ("… segmen-") goes on over the next: no name
    return line[-1:] not in ".,-" and not line[:1].islower()


def _goes_on(parts: list[str], raw: str) -> bool:
    """True when the line ``raw`` goes on with the reference before it: indented, in
    small letters, LNCS's venue ("In: …"), a web address, after a line that ended in no
    full stop (nor closing bracket) or in an initial (a list of names wrapped), or after
    an APA reference's authors and year or title alone, where the line starts no
    reference of its own."""
    line = raw.strip()
    last = parts[-1]
    ended = (
        last.rstrip("\"”'’")[-1:] in ".)]"
        and not _ends_in_abbreviation(last)
        and not _ENDS_IN_INITIAL_RE.search(last)
    )
    if ended and not raw[:1].isspace() and _wants_more(" ".join(parts)):
        # APA's authors and year alone ("… Zoph, B. (2023)."), or its title after them
        # ("… (2021). Highly accurate protein structure prediction with AlphaFold."):
        # the title or the source ("arXiv.", "Nature, 596(7873), …") follows
        return not _starts_names(line) and not _starts_reference(line)
    if (
        ended
        and not _YEAR_RE.search(line)
        and not _starts_names(line)
        and _names_before_year(" ".join(parts))
        and not _starts_reference(line)
    ):
        # an APA or ACL reference's publisher or venue on a line of its own ("Curran
        # Associates.", "Prentice Hall."): a reference of its own in these styles gives
        # its year after its authors
        return True
    if line[:1].islower() and not raw[:1].isspace():
        # a reference of its own whose names are in small letters, after one that ended
        return not (ended and (_starts_reference(line) or _may_be_reference(line)))
    if raw[:1].isspace() or not line[:1].isalnum() and line[:1] not in '"“':
        return True
    if (
        line.startswith("In: ")
        or _URL_RE.match(line)
        or _DOI_RE.match(line)
        or _ACL_YEAR_RE.match(line)
    ):
        # LNCS's venue ("In: CVPR. pp. 770–778 (2016)"), a web address, a DOI or the
        # ACL's year after the names ("2002. BLEU: …"): no reference starts so
        return True
    if _cut_before(last, line) is not None:
        return True  # a word or an identifier cut at the line's end goes on
    if _ENDS_IN_ADDRESS_RE.search(last) and (_starts_names(line) or _starts_reference(line)):
        # LNCS's and APA's references end in their DOI link, with no full stop; one whose
        # names go on over the next line starts with them ("Brown, T. B., Mann, B.,")
        return False
    return not ended


#: a line that ends in an initial ("Kohl, S." / "A. A., Ballard, A. J., …") or APA's
#: ellipsis before the last author (". . ."): within a list of names, which no
#: reference ends in
_ENDS_IN_INITIAL_RE = re.compile(r"(?:(?:^|[\s,(])[^\W\d_]\.|\.\s?\.\s?\.|…)$")
#: a line that starts with a name and its initials, as a reference's list of authors
#: does ("Brown, T. B., Mann, B.,", "van den Oord, A.,", "T. B. Brown, B. Mann,")
_OPENS_WITH_NAMES_RE = re.compile(
    r"(?:(?:[a-z]{1,3}\s){0,3}[^\W\d_][\w'’-]+(?:\s[^\W\d_][\w'’-]+)?,\s(?:[^\W\d_]\.\s?-?)+"
    r"|(?:[^\W\d_]\.\s?-?){1,3}\s?(?:[a-z]{1,3}\s){0,3}[^\W\d_][\w'’-]+)(?:,\s|\s(?:&|and)\s|\s?\(|$)"
)


def _starts_names(line: str) -> bool:
    """True when ``line`` starts with a list of authors (:func:`_opens_with_names`) or
    with authors and the year after them ("American Psychological Association.
    (2020).", "Kaiming He and Jian Sun. 2016.")."""
    return _opens_with_names(line) or _after_names_and_year(line) is not None


def _opens_with_names(line: str) -> bool:
    """True when ``line`` starts as a reference's list of authors does, a name and its
    initials first ("Brown, T. B., Mann, B.,"; "T. B. Brown, B. Mann,"), or two names
    or more and a comma ("Matthew E. Peters, Mark Neumann,")."""
    found = _OPENS_WITH_NAMES_RE.match(line)
    if found is not None and _name(line[: found.end()].split(",")[0].strip()) is not None:
        return True
    # the ACL's names, given names first ("Matthew E. Peters, Mark Neumann, Mohit Iyyer,"):
    # two at least before a comma (not a book's editors after "In")
    if line.startswith("In "):
        return False
    head = line[: _names_end(line)]
    head = head[: head.rfind(",")] if "," in head else ""
    names = _names(head) if "," in head else None
    if names is not None and len(names) >= 2:
        return True
    # or a whole line of them, each a given and a family name ("Christopher D. Manning and
    # Hinrich Schütze.")
    whole = _names(line.removesuffix(".")) if line.endswith(".") and " and " in line else None
    return whole is not None and len(whole) >= 2 and all(len(n.split()) >= 2 for n in whole)


#: the ACL's year after the authors' full stop, in a reference's text so far
_ACL_YEAR_AFTER_NAMES_RE = re.compile(r"(?<=\.)\s+(?:19|20)\d\d[a-z]?\.(?:\s+|$)")


def _after_names_and_year(text: str) -> str | None:
    """What follows the authors and the year of a reference that gives its year after its
    authors, APA's "(2023)." or the ACL's "2023."; None for any other text."""
    names_end = _names_end(text)
    apa = _APA_AFTER_NAMES_RE.search(text)
    written = text[: apa.start()] if apa is not None else ""
    if apa is not None and apa.start() <= names_end and (_names(written) or _organisation(written)):
        found = _APA_YEAR_RE.match(text[apa.start() :])
        return text[apa.start() + found.end() :] if found else None
    acl = _ACL_YEAR_AFTER_NAMES_RE.search(text)
    if acl is not None and acl.start() <= names_end and _names(text[: acl.start() - 1]):
        return text[acl.end() :]
    return None


def _names_before_year(text: str) -> bool:
    """True when ``text`` starts with a list of names and APA's or the ACL's year after
    them."""
    return _after_names_and_year(" ".join(text.split())) is not None


def _wants_more(text: str) -> bool:
    """True when a reference's text so far is its authors and year alone ("Achiam, J., …
    Zoph, B. (2023).", "… and Ilya Sutskever. 2019."), its title to follow, or those and
    its title, the source to follow ("… (2021). Highly accurate protein structure
    prediction with AlphaFold.")."""
    after = _after_names_and_year(" ".join(text.split()))
    return after is not None and not _title_and_rest(after)[1]


#: the abbreviations of a venue's words a line may end in, the venue going on over the
#: next line ("in Proc. 41st Int." / "Conf. Mach. Learn."): no reference ends in one
_WRAP_ABBREVIATIONS = frozenset(
    (
        *("proc", "conf", "int", "intl", "symp", "trans", "assoc", "annu", "adv"),
        *("mach", "learn", "comput", "neural", "inf", "process", "syst", "vol", "no"),
        *("pp", "vs", "e.g", "i.e", "cf", "res", "sci", "eng", "lett", "rev", "stat"),
        *("artif", "intell", "lang", "ling", "vis", "recognit", "pattern", "anal"),
    )
)


def _ends_in_abbreviation(line: str) -> bool:
    """True when ``line`` ends in a venue's abbreviated word ("Proc.", "Int.", "Conf."),
    so that the reference goes on over the next line."""
    words = line.split()
    last = words[-1].lower().lstrip("([") if words else ""
    return last.endswith(".") and last.removesuffix(".") in _WRAP_ABBREVIATIONS


#: a word cut at a line's end by a hyphen ("segmen-"), a letter before the hyphen
_CUT_WORD_RE = re.compile(r"[^\W\d_]{2,}-$")
#: a web address or DOI cut at a line's end, after a mark within it ("…/10.1038/",
#: "…?id=", "10.1109/CVPR.2016.")
_CUT_ADDRESS_RE = re.compile(
    r"(?:(?:https?://|www\.)\S*|(?:doi:)?10\.\d{4,9}/\S*)(?P<mark>[/_=?&#.-])$", re.IGNORECASE
)
#: a web address or DOI at a line's end
_ENDS_IN_ADDRESS_RE = re.compile(r"(?:https?://|www\.|doi:\s*|\b10\.\d{4,9}/)\S+$", re.IGNORECASE)
#: an arXiv id cut after its full stop ("arXiv:1706." / "03762")
_CUT_ARXIV_RE = re.compile(r"(?:arxiv:|abs/)\d{4}\.$", re.IGNORECASE)


def _cut_before(last: str, line: str) -> str | None:
    """How a line ending in ``last`` and the next, ``line``, of one reference join where
    a PDF cut a word or an identifier at the line's end: "segmen-" and "tation" as
    "segmentation", "https://doi.org/10.1038/" and "nature14539" as one address,
    "arXiv:1706." and "03762" as one id (the text that ends ``last`` with nothing
    between); None where they are words apart."""
    tail = last.rsplit(None, 1)[-1] if last.strip() else ""
    following = line.strip()
    if not tail or not following:
        return None
    if _CUT_WORD_RE.search(tail) and following[:1].islower():
        if "-" in following.split(None, 1)[0]:
            return ""  # a compound's hyphen ("state-" / "of-the-art"): it stays
        return "-"  # the hyphen goes: the word is whole again
    if _CUT_ARXIV_RE.search(tail) and re.match(r"\d{4,5}(?!\d)", following):
        return ""
    address = _CUT_ADDRESS_RE.fullmatch(tail)
    if address is None:
        return None
    if address.group("mark") == ".":
        return "" if following[:1].isdigit() else None  # "…CVPR.2016." / "90"
    return "" if following[:1].isalnum() else None


def _joined(parts: list[str]) -> str:
    """The lines of one reference as one text: a space between two lines, nothing where
    a word or an identifier was cut at the line's end (:func:`_cut_before`)."""
    text = ""
    for part in parts:
        part = part.strip()
        cut = _cut_before(text, part) if text else None
        if cut is None:
            text = f"{text} {part}" if text else part
        else:
            text = text.rstrip().removesuffix(cut) + part
    return text


def _starts_reference(line: str) -> bool:
    """True for a line that reads as a reference of its own, whole."""
    return read_reference(line)[1]


# --------------------------------------------------------------------------- one reference


def read_reference(reference: str) -> tuple[Record, bool]:
    """The paper one reference names, and whether it was read in one of the styles (its
    authors, title and year found); one that was not is its text whole as the title."""
    reference = " ".join(reference.split())
    arxiv_id, doi, url, plain = _identifiers(reference)
    found = _authors_title_rest(plain)
    capitalised = _capitalised_names(plain) if found is None else None
    lifted = capitalised is not None
    if capitalised is not None:
        found = _authors_title_rest(capitalised)
    if found is None:
        found = _title_authors_rest(plain)
    if found is None or _reads_as_sentence(found[2]):
        title = reference.rstrip()
        return Record(title=title or None, doi=doi, arxiv_id=arxiv_id, url=url), False
    authors, title, rest, year = found
    organisation = authors[0][1:] if authors[0].startswith(_ORGANISATION) else None
    if organisation:
        authors = (organisation,)
    placed = year is not None  # where the style places it: APA's "(2023)", the ACL's
    if year is None:
        years = _YEAR_RE.findall(rest)
        year = int(years[-1]) if years else None
    quoted = title.startswith("\x00")
    title = title.lstrip("\x00").strip().rstrip(".").strip()
    imprint = _imprint(rest.strip(), placed=placed)
    publisher = _publisher(imprint.group("publisher")) if imprint else None
    venue = _venue(rest) if publisher is None else publisher
    edition = None
    if imprint is not None:
        # a book: its edition neither its title's nor its publisher's ("…, 2nd ed.",
        # "… (2nd ed.)", LNCS's "2nd edn. MIT Press, …")
        cut = _TITLE_EDITION_RE.search(title)
        if cut is not None:
            title = title[: cut.start()].rstrip(" ,")
        number = cut.group("number") if cut else imprint.groupdict().get("edition")
        edition = str(int(re.sub(r"\D", "", number))) if number else None
    if not title or (year is None and not quoted):
        return Record(title=reference, doi=doi, arxiv_id=arxiv_id, url=url), False
    group = _group_author(authors) and not _signed(authors) and not placed
    # an organisation is one name as a whole ("{Meta AI}"), never a person's family and
    # given names
    whole = organisation or (authors[0] if _group_author(authors) and not placed else None)
    plain_end = venue or doi or arxiv_id or url or group and _ONLY_YEAR_RE.fullmatch(rest)
    if (lifted or group) and (year is None or not plain_end):
        # names in small letters, or an organisation alone (but before APA's or the
        # ACL's year): only where the rest is plainly a reference's, a year and a venue
        # or identifier after the title, so that prose is not read as names
        return Record(title=reference, doi=doi, arxiv_id=arxiv_id, url=url), False
    return (
        Record(
            title=title,
            authors=authors,
            venue=venue,
            year=year,
            doi=doi,
            arxiv_id=arxiv_id,
            url=url,
            publisher=publisher,
            place=imprint.group("place") or None if imprint else None,
            author_names=("{" + whole + "}",) if whole else (),
            entry_type="book" if imprint else None,
            edition=edition,
        ),
        True,
    )


def _identifiers(reference: str) -> tuple[str | None, str | None, str | None, str]:
    """The arXiv id, DOI and web page a reference gives, and its text without them (nor
    what says them: "URL", "doi:"), where the authors, title and venue are read."""
    arxiv = _ARXIV_RE.search(reference) or _BARE_OLD_ARXIV_RE.search(reference)
    arxiv_id = arxiv_written(arxiv.group("id")) if arxiv else None
    doi: str | None = None
    url: str | None = None
    plain = reference
    for found in _URL_RE.finditer(reference):
        address = found.group(0).rstrip(".,;)]")
        if "doi.org/" in address.lower() or "arxiv.org/" in address.lower():
            continue
        url = url or address
    for found in _DOI_RE.finditer(reference):
        value = plain_doi(found.group(0).rstrip(".,;)]"))
        if value is None:
            continue
        arxiv_doi = _ARXIV_DOI_RE.match(value)
        if arxiv_doi:
            arxiv_id = arxiv_id or arxiv_doi.group(1)
        elif doi is None:
            doi = value
    # the identifiers and addresses out of the text, and the words that introduce them
    pieces: list[str] = []
    start = 0
    spans = sorted(
        [m.span() for m in _URL_RE.finditer(reference)]
        + [m.span() for m in _DOI_RE.finditer(reference)]
        + ([arxiv.span()] if arxiv else [])
    )
    for begin, end in spans:
        if begin < start:
            start = max(start, end)
            continue
        pieces.append(_LEAD_IN_RE.sub("", reference[start:begin]))
        start = end
    pieces.append(reference[start:])
    plain = " ".join("".join(pieces).split())
    return arxiv_id, doi, url, plain


def _authors_title_rest(
    text: str,
) -> tuple[tuple[str, ...], str, str, int | None] | None:
    """The authors, title, what follows the title and the year (where the style places
    it) of a reference; None when no list of names starts it. A quoted title is given
    with a NUL before it."""
    names_end = _names_end(text)
    quoted = _QUOTED_RE.search(text)
    if quoted and quoted.start() <= names_end:
        authors = _names(text[: quoted.start()])
        if authors:
            return authors, "\x00" + quoted.group("title"), text[quoted.end() :], None
    apa = _APA_AFTER_NAMES_RE.search(text)
    if apa and apa.start() <= names_end:
        # APA writes a person's name with initials, an organisation's whole ("Meta AI.")
        organisation = _organisation(text[: apa.start()])
        authors = (_ORGANISATION + organisation,) if organisation else _names(text[: apa.start()])
        if authors:
            after = text[apa.start() :]
            year = _APA_YEAR_RE.match(after)
            if year:
                title, rest = _title_and_rest(after[year.end() :])
                return authors, title, rest, int(year.group("year"))
    signed = _ORGANISATION_COLON_RE.match(text)
    if signed and _group_author((signed.group("name"),)):
        # LNCS's organisation alone ("OpenAI: GPT-4 technical report. arXiv … (2023)"),
        # its year last in parentheses; but a title's first words before its subtitle
        # ("BERT: Pre-training … Devlin, J., …", "PlanDQ: Hierarchical … In ICML, 2024.")
        title, rest = _title_and_rest(text[signed.end() :])
        following = _names(_title_and_rest(rest)[0]) if rest else None
        lncs_end = _LNCS_YEAR_END_RE.search(rest)
        if title and lncs_end and not (following and _signed(following)):
            return (_ORGANISATION + signed.group("name"),), title, rest, None
    lncs = _LNCS_NAMES_END_RE.search(text, 0, names_end + 2)
    if lncs:
        authors = _names(text[: lncs.start()])
        if authors and _signed(authors, initials=True):
            title, rest = _title_and_rest(text[lncs.end() :])
            return authors, title, rest, None
    book = _ieee_book(text)
    if book is not None:
        return book
    for authors, end in _name_ends(text, names_end + 2):
        after = text[end:]
        acl = _ACL_YEAR_RE.match(after)
        if acl:
            title, rest = _title_and_rest(after[acl.end() :])
            return authors, title, rest, int(acl.group("year"))
        if not _signed(authors) and not _group_author(authors):
            continue  # "Deep Residual Learning." or "Bob Jones." alone: no list of authors
        title, rest = _title_and_rest(after)
        if _names(title) and _signed(_names(title) or ()) and not _signed(authors, initials=True):
            return None  # "Attention, Memory and Learning. Vaswani et al. …": title first
        return authors, title, rest, None
    return _ieee_paper(text)


#: a word of a book's place: capitalised ("Cambridge", "MA"), or abbreviated with full
#: stops ("U.K.", "U.S.A.")
_PLACE_WORD = r"(?:[A-Z][^\W\d_]*|(?:[A-Z]\.){1,3})"
#: a book's place and publisher and year, which end a reference ("Cambridge, MA, USA:
#: MIT Press, 2016."): the place's and the publisher's words capitalised, no digits
_IMPRINT_RE = re.compile(
    rf"(?P<place>{_PLACE_WORD}(?:[ ,]+{_PLACE_WORD}){{0,5}}):\s*"
    r"(?P<publisher>[A-Z][^\s,:;\d]*(?:\s+(?:[A-Z][^\s,:;\d]*|of|and|&|the|für|de)){0,6}),\s*"
    r"(?P<year>(?:19|20)\d\d)[.,]?\s*$"
)
#: a book's publisher and year without its place ("Cambridge Univ. Press, 2004."): a
#: publisher by its name's words
_PUBLISHER_ONLY_RE = re.compile(
    r"(?P<place>)(?P<publisher>[A-Z][^\s,:;\d]*(?:\s+(?:[A-Z][^\s,:;\d]*|of|and|&|the)){0,6}),\s*"
    r"(?P<year>(?:19|20)\d\d)[.,]?\s*$"
)
_PUBLISHER_WORD_RE = re.compile(
    r"\b(?:Press|Publish\w*|Inc|Ltd|Co|Springer|Verlag|Wiley|Sons|Elsevier|Pearson|"
    r"Prentice|Addison|McGraw|O'Reilly|Kaufmann)\b"
)


#: a book's publisher, then its place, then its year in parentheses, as LNCS cites one
#: ("Springer, Heidelberg (2010)", "2nd edn. MIT Press, Cambridge (2018)")
_LNCS_IMPRINT_RE = re.compile(
    r"(?:(?P<edition>\d+(?:st|nd|rd|th)?)\s+edn?\.?,?\s+)?"
    r"(?P<publisher>[A-Z][^\s,:;\d]*(?:\s+(?:[A-Z][^\s,:;\d]*|of|and|&|the)){0,6})"
    rf"(?:,\s*(?P<place>{_PLACE_WORD}(?:[ ,]+{_PLACE_WORD}){{0,3}}))?\s*"
    r"\((?P<year>(?:19|20)\d\d)\)\.?\s*$"
)
#: a book's publisher (and place) alone after its title, where the style gives the
#: year before it: APA's "Springer.", the ACL's "MIT Press, Cambridge, MA."
_PLACED_IMPRINT_RE = re.compile(
    r"(?P<publisher>[A-Z][^\s,:;\d]*(?:\s+(?:[A-Z][^\s,:;\d]*|of|and|&|the)){0,6}?)"
    rf"(?:,\s*(?P<place>{_PLACE_WORD}(?:[ ,]+{_PLACE_WORD}){{0,3}}))?\.?\s*$"
)
#: a book's edition at its title's end (", 2nd ed.", ", 2nd edn", " (2nd ed.)", ", 2nd
#: edition")
_TITLE_EDITION_RE = re.compile(
    r"(?:,\s*|\s*\()(?P<number>\d+)(?:st|nd|rd|th)\s+ed(?:n|ition)?\.?\)?$", re.IGNORECASE
)


def _publisher(written: str) -> str:
    """A publisher's name as an imprint gives it, without the full stop that ends the
    reference ("Springer."), but an abbreviation's ("Morgan Kaufmann Publishers Inc.")."""
    name = written.strip()
    last = name.rsplit(None, 1)[-1]
    if name.endswith(".") and last.removesuffix(".") not in _PUBLISHER_ABBREVIATIONS:
        name = name.removesuffix(".").rstrip()
    return name


def _imprint(text: str, start: int = 0, *, placed: bool = False) -> re.Match[str] | None:
    """A book's place, publisher and year that end ``text`` from ``start``
    (:data:`_IMPRINT_RE`), or its publisher and year alone, or LNCS's publisher, place
    and year ("Springer, Heidelberg (2010)"), or (``placed``: the year given before) its
    publisher and place alone ("Springer."), where its name says a publisher ("Cambridge
    Univ. Press, 2004.")."""
    found = _IMPRINT_RE.fullmatch(text, start)
    if found is not None:
        return found
    for pattern in (
        _PUBLISHER_ONLY_RE,
        _LNCS_IMPRINT_RE,
        *((_PLACED_IMPRINT_RE,) if placed else ()),
    ):
        found = pattern.fullmatch(text, start)
        if found is not None and _PUBLISHER_WORD_RE.search(found.group("publisher")):
            return found
    return None


#: the last of a list of names after "and": where IEEE's list of authors ends
_LAST_AFTER_AND_RE = re.compile(r"(?:^|[,\s])(?:and|&)\s+[^,]+$")


def _last_after_and(text: str) -> bool:
    """True when ``text`` ends in the last of a list of names after "and", a name with
    an initial ("S. Boyd and L. Vandenberghe")."""
    found = _LAST_AFTER_AND_RE.search(text)
    if found is None:
        return False
    last = re.sub(r"^[,\s]*(?:and|&)\s+", "", found.group(0))
    name = _name(last.strip())
    return name is not None and _signed((name,), initials=True)


def _ieee_book(text: str) -> tuple[tuple[str, ...], str, str, int | None] | None:
    """The authors, title, imprint and year of a book cited in IEEE's style, its title
    after the authors' comma and before its place, publisher and year ("I. Goodfellow,
    Y. Bengio, and A. Courville, Deep Learning. Cambridge, MA, USA: MIT Press, 2016.");
    None for any other text."""
    cut = next(
        (
            end
            for end in _SENTENCE_END_RE.finditer(text)
            if text[end.start() - 1] == "."
            and not _ends_in_abbreviation(text[: end.start()])
            and _imprint(text, end.end())
        ),
        None,
    )
    if cut is None:
        return None
    # the authors end after the last ("and L. Vandenberghe,"), a name with an initial:
    # a title's commas and "and" ("Information Theory, Inference and Learning
    # Algorithms") follow the first author's comma alone
    split = _authors_then_title(text[: cut.start()].removesuffix("."), _last_after_and)
    if split is None or _IN_VENUE_RE.search(split[1]):
        return None  # "…, Adam: A method …, in Proc": a paper's title and venue
    return split[0], split[1], text[cut.end() :], None


def _authors_then_title(
    head: str, ends_names: Callable[[str], bool]
) -> tuple[tuple[str, ...], str] | None:
    """The authors and the title of ``head``, written in IEEE's style without quotes:
    the names up to the comma after the last of them (where ``ends_names`` says a text
    ends in the last name, else the first comma), the title after it; None where the
    names are no authors' or the title is names ("A. Author, B. Writer. BERT: …")."""
    commas = [found.start() for found in re.finditer(",", head)]
    ends = [c for c in commas if ends_names(head[:c])] or commas[:1]
    if not ends:
        return None
    authors = _names(head[: ends[0]])
    title = head[ends[0] + 1 :].strip()
    if not authors or not _signed(authors, initials=True) or not title:
        return None
    if _signed(_names(title) or (), initials=True):
        return None
    return authors, title


#: what ends an unquoted title in IEEE's style before the proceedings it is in ("…, in
#: Proc. ICLR")
_IN_VENUE_RE = re.compile(r",\s+in\s+(?=[A-Z])")


def _ieee_paper(text: str) -> tuple[tuple[str, ...], str, str, int | None] | None:
    """The authors, title and what follows it of a paper in proceedings cited in IEEE's
    style with its title unquoted, after the authors' comma and before ", in" and the
    proceedings ("D. P. Kingma and J. Ba, Adam: A method for stochastic optimization,
    in Proc. ICLR, 2015."); None for any other text."""
    venue = _IN_VENUE_RE.search(text)
    if venue is None or not _YEAR_RE.search(text, venue.end()):
        return None
    split = _authors_then_title(
        text[: venue.start()], lambda names: _LAST_AFTER_AND_RE.search(names) is not None
    )
    if split is None:
        return None
    return split[0], split[1], text[venue.start() + 1 :], None


#: an organisation that signs a paper as its author: one word with a capital within
#: ("OpenAI", "DeepMind") or all in capitals ("NVIDIA"), or words ending in one that
#: names a group ("Gemini Team", "The ENCODE Project Consortium")
_GROUP_AUTHOR_RE = re.compile(
    r"[A-Z][a-z]*[A-Z][\w-]*|(?:[A-Z][\w-]*\s+){0,5}"
    r"(?:Team|Group|Consortium|Collaboration|Committee|Project|Inc\.?|Lab)"
)


#: an organisation's name as a reference gives it, one author, before its title
_ORGANISATION_COLON_RE = re.compile(r"(?P<name>[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,3}):\s+")
#: LNCS's year in parentheses that ends a reference ("… arXiv:2303.08774 (2023)")
_LNCS_YEAR_END_RE = re.compile(r"\((?:19|20)\d\d[a-z]?\)\.?\s*$")
#: the mark before an author that is an organisation, read as one name (see
#: :func:`read_reference`)
_ORGANISATION = "\x01"
#: the words of an organisation's name, but its capitalised ones
_ORGANISATION_LINKS = frozenset(("of", "and", "for", "the", "on", "in", "&", "de", "für"))


def _organisation(written: str) -> str | None:
    """The organisation APA names as the author, before its year ("OpenAI.", "Meta
    AI.", "American Psychological Association."): capitalised words without a comma,
    no initial among them (a person's name in APA is "Family, I."); None for any other
    text."""
    name = written.strip().removesuffix(".").strip()
    words = name.split()
    if not 1 <= len(words) <= 8 or "," in name or words[0] in _ORGANISATION_LINKS:
        return None
    for word in words:
        if word in _ORGANISATION_LINKS:
            continue
        if not word[:1].isupper() or len(word.rstrip(".")) < 2 or "." in word:
            return None  # an initial ("Vaswani A."), an abbreviation, a word in small letters
        if not re.fullmatch(r"[^\W\d_][\w'’&-]*", word):
            return None
    return name


#: what follows a title that is its year alone ("2023.")
_ONLY_YEAR_RE = re.compile(r"\W*(?:19|20)\d\d[a-z]?\W*")


def _group_author(authors: tuple[str, ...]) -> bool:
    """True for one author that is an organisation (:data:`_GROUP_AUTHOR_RE`)."""
    return len(authors) == 1 and bool(_GROUP_AUTHOR_RE.fullmatch(authors[0]))


#: a word of a list of names as it is written, its comma or full stop after it
_NAME_TOKEN_RE = re.compile(r"[^\W\d_][\w'’.-]*,?|&")
#: words of prose, no names: a start in small letters holding one is no list of names
_PROSE_WORDS = frozenset(
    (
        *("the", "of", "in", "on", "for", "with", "to", "from", "by", "as"),
        *("at", "into", "via", "is", "are", "was", "were", "be", "we", "our", "it"),
        *("its", "this", "that", "these", "those", "or", "not", "no", "how", "what"),
        *("see", "also", "using", "towards", "toward", "can", "which", "their"),
    )
)


def _title_authors_rest(
    text: str,
) -> tuple[tuple[str, ...], str, str, int | None] | None:
    """The authors, title and what follows of a reference that gives its title before
    its authors ("Attention Is All You Need. Vaswani et al. NeurIPS 2017."): a title,
    then a list of names that reads as one (:func:`_signed`), then the venue and year;
    None for any other text."""
    title, after = _title_and_rest(text)
    if not after or not title.strip():
        return None
    for authors, end in _name_ends(after, _names_end(after) + 2):
        rest = after[end:]
        if not _signed(authors) or not _YEAR_RE.search(rest):
            return None
        return authors, title, rest, None
    return None


def _name_ends(text: str, stop: int) -> Iterator[tuple[tuple[str, ...], int]]:
    """Each full stop before ``stop`` where the list of names ``text`` starts with may
    end, with the authors before it and where what follows starts. The name before
    each full stop is looked at first, and the list read whole only where that one is
    a name and the names do not go on (:func:`_more_names`): a long list of authors
    ("G. Aad, B. Abbott, …", a full stop after every initial) is read once, not once a
    full stop."""
    for end in _SENTENCE_END_RE.finditer(text, 0, stop):
        start = end.start()
        if text[start - 1 : start] in ("?", "!") or not _last_is_name(text, start):
            continue
        if _more_names(text, start, end.end()):
            continue
        authors = _names(text[:start].removesuffix("."))
        if authors:
            yield authors, end.end()


#: how much of the text before a full stop is read for the last name (a name is shorter)
_LAST_NAME_WINDOW = 160


def _last_is_name(text: str, end: int) -> bool:
    """True when what stands before ``end`` after the last separator of names (a comma,
    "and") may end a list of names: a name, or initials after a family name. Only a few
    hundred characters are read."""
    begin = max(0, end - _LAST_NAME_WINDOW)
    tail = text[begin:end].removesuffix(".").strip().rstrip(",:;").strip()
    if "al" in tail[-3:].lower():
        tail = before_et_al(tail)[0]
    pieces = _NAME_SEP_RE.split(tail)
    if begin and len(pieces) == 1:
        return False  # hundreds of characters without a separator: no name
    last = pieces[-1].strip()
    return bool(last) and (_name(last) is not None or _initials_only(last))


def _signed(authors: tuple[str, ...], *, initials: bool = False) -> bool:
    """True for names that read as a list of authors, not as a few capitalised words
    (a title, a heading, a person named in prose): an initial among them ("A.
    Vaswani", "He, K.", Vancouver's "Vaswani A"), "et al.", or more than one name (a
    comma or "and" between them). With ``initials``, only an initial or "et al." do."""
    if "et al." in authors:
        return True
    for name in authors:
        for word in name.split():
            if _INITIAL_RE.fullmatch(word.rstrip(".")) and len(word.rstrip(".")) <= 4:
                return True
    return not initials and len(authors) >= 2


#: words of a sentence, not of a venue: pronouns, verbs of saying and being
_SENTENCE_WORDS = frozenset(
    (
        *("i", "we", "he", "she", "they", "it", "you", "our", "us", "his", "her", "their"),
        *("is", "are", "was", "were", "said", "says", "has", "have", "had", "this", "that"),
        *("will", "would", "can", "could", "should", "not", "be", "been", "did", "does"),
    )
)


def _capitalised_names(text: str) -> str | None:
    """``text`` with the names it starts with capitalised, where they are written in
    small letters (OpenReview gives some so: "kelu yao, jin wang. Title…"); None when it
    starts with a capital letter, or with words no list of names holds (prose)."""
    if not text[:1].islower():
        return None
    end = 0
    for token in re.finditer(r"\S+", text):
        word = token.group(0)
        if not _NAME_TOKEN_RE.fullmatch(word):
            break  # a year, a quote, a bracket: the names end before it
        bare = word.rstrip(",")
        if bare.rstrip(".").lower() in _PROSE_WORDS:
            return None
        end = token.end()
        if bare.endswith(".") and not _initials_only(bare):
            break  # a full stop after a word ("et al." too), not an initial's: the end
    lead = text[:end]
    pieces = re.split(f"({_NAME_SEP_RE.pattern})", before_et_al(lead)[0].rstrip(" .,"))
    names = pieces[0::2]
    if not lead or any(not 1 <= len(name.split()) <= 5 for name in names):
        return None
    words = []
    for name in names:
        split = name.split()
        words.append(
            " ".join(
                word
                if word.lower() in _PARTICLES
                and number < len(split) - 1
                and (number or len(split) > 2)
                else "-".join(_capital(part) for part in word.split("-"))
                for number, word in enumerate(split)
            )
        )
    pieces[0::2] = words
    joined = "".join(pieces)
    return joined + lead[len(joined) :] + text[end:]


def _capital(word: str) -> str:
    """``word`` with a capital letter first, of the same length (not "ß" as "SS")."""
    first = word[:1].upper()
    return first + word[1:] if len(first) == 1 else word


def _reads_as_sentence(rest: str) -> bool:
    """True when what follows a title reads as sentences, not as a venue and year ("He
    said the baseline is weak. In 2020 we tried …", "We present …"): two words at least
    that only sentences hold."""
    words = re.findall(r"[^\W\d_][\w'’]*", rest[:2000])
    return sum(word.lower() in _SENTENCE_WORDS and not word.isupper() for word in words) >= 2


#: APA's year in parentheses, where it follows the authors
_APA_AFTER_NAMES_RE = re.compile(r"\s*\((?:19|20)\d\d[a-z]?(?:,[^)]*)?\)")
#: a word no list of names holds: one in small letters (but a particle, "and", "et
#: al."), or one with a digit
_NO_NAME_WORD_RE = re.compile(r"(?<!\S)[\"“(]?(?:[a-z][\w'’-]*|\S*\d\S*)")
_NAME_LINKS = frozenset(("and", "et", "al", "al.", "et.", *_PARTICLES))


def _names_end(text: str) -> int:
    """Where the list of names a reference starts with ends at the latest: the first
    word no name holds (a word in small letters, a number), else the text's end. Only
    the text before it is read for the authors, so that prose is passed over soon."""
    for found in _NO_NAME_WORD_RE.finditer(text):
        word = found.group(0).lstrip('"“(').rstrip(",.;:")
        if word not in _NAME_LINKS:
            return found.start()
    return len(text)


def _more_names(text: str, end: int, after: int) -> bool:
    """True when the full stop of ``text`` at ``end`` (what follows it starting at
    ``after``) is an initial's and the names go on after it ("Diederik P. Kingma and
    Jimmy Ba."): what follows up to the next full stop is names too, more than one, or
    one word (the family name)."""
    if not _INITIAL_RE.fullmatch(_last_word(text, end).removesuffix(".")):
        return False
    next_end = _SENTENCE_END_RE.search(text, after)
    following = text[after : next_end.start() if next_end else len(text)].removesuffix(".")
    if _INITIAL_RE.fullmatch(following.split(None, 1)[0] if following.split() else ""):
        return True  # "Ricky T. Q. Chen": more initials
    if not following or _names(following) is None:
        return False
    return len(following.split()) == 1 or bool(re.search(r",|\band\b|&", following))


#: one initial without its last full stop ("P", "C.-P", "Ł")
_INITIAL_RE = re.compile(r"[^\W\d_](?:\.-?[^\W\d_])*")


def _title_and_rest(text: str) -> tuple[str, str]:
    """A title up to its full stop (not an abbreviation's), and what follows it."""
    text = text.strip()
    quoted = re.match(r"[\"“](?P<title>[^\"”]{3,}?)[,.]?[\"”][,.]?\s*", text)
    if quoted:
        return "\x00" + quoted.group("title"), text[quoted.end() :]
    for end in _SENTENCE_END_RE.finditer(text):
        mark = text[end.start() - 1]
        word = _last_word(text, end.start())
        if mark == "." and (word.rstrip(".") in _NO_END_BEFORE or re.fullmatch(r"[A-Z]\.", word)):
            continue
        if mark in "?!" and not _AFTER_TITLE_RE.match(text, end.end()):
            continue
        return text[: end.start()], text[end.end() :]
    return text, ""


def _last_word(text: str, end: int) -> str:
    """The word of ``text`` that ends at ``end`` (its last 100 characters at most: a
    longer word is no initial nor abbreviation), read without copying the text before
    it."""
    begin = max(0, end - 100)
    return text[max(begin, text.rfind(" ", begin, end) + 1) : end]


def _names(text: str) -> tuple[str, ...] | None:
    """The authors a list of names gives, each "given family" ("A. Vaswani", APA's "He,
    K." as "K. He", Vancouver's "Vaswani A" as "A. Vaswani"), "et al." after them where
    it was cut; None when ``text`` is not only names."""
    text = text.strip().rstrip(",:;").strip()
    text, cut = before_et_al(text)
    # APA 7's authors left out before the last ("Shazeer, N., . . . Polosukhin, I.")
    text = _ELISION_RE.sub(", ", text)
    if not text:
        return None
    pieces = [piece.strip() for piece in _NAME_SEP_RE.split(text)]
    if any(not piece for piece in pieces):
        return None
    names: list[str] = []
    # names that give the family name in capitals after the given one, where one of them
    # cannot be initials ("Wei ZHANG") or they are joined by "and", as Vancouver's never
    # are: "Jun CEN, Yi MA, and Wei ZHANG", not "C. E. N. Jun, M. A. Yi"
    capitals = len(pieces) >= 2 and (
        any(_FAMILY_IN_CAPITALS_RE.fullmatch(piece) for piece in pieces)
        or _JOINED_RE.search(text) is not None
    )
    # three capitals after a name are initials only alone or among names that end in
    # initials
    vancouver = not capitals and (
        len(pieces) < 2
        or any(
            len(piece.split()) >= 2 and _BARE_INITIALS_RE.fullmatch(piece.split()[-1])
            for piece in pieces
        )
    )
    inverted = len(pieces) >= 2 and _initials_only(pieces[1]) and not _initials_only(pieces[0])
    if not inverted and _first_inverted(text, pieces):
        # Chicago's and MLA's first author, family name first: "Vaswani, Ashish, Noam
        # Shazeer, and Niki Parmar"
        pieces = [f"{pieces[1]} {pieces[0]}", *pieces[2:]]
    index = 0
    while index < len(pieces):
        piece = pieces[index]
        if inverted:
            if index + 1 >= len(pieces) or not _initials_only(pieces[index + 1]):
                return None
            if not _name_words(piece):
                return None
            names.append(f"{pieces[index + 1]} {piece}")
            index += 2
            continue
        name = _name(piece, vancouver=vancouver, capitals=capitals)
        if name is None:
            return None
        names.append(name)
        index += 1
    if cut:
        names.append("et al.")
    return tuple(names)


def _first_inverted(text: str, pieces: list[str]) -> bool:
    """True when the first author is written family name first and the others given name
    first (Chicago, MLA): a one-word family name, a comma, one given name (and
    initials), then names of more than one word, or none."""
    if len(pieces) < 2 or len(pieces[0].split()) != 1 or not text.startswith(pieces[0] + ","):
        return False
    given = [word for word in pieces[1].split() if not _INITIAL_RE.fullmatch(word.rstrip("."))]
    if len(given) != 1:
        return False
    return len(pieces) == 2 or len(pieces[2].split()) >= 2


def _initials_only(piece: str) -> bool:
    return bool(_INITIALS_RE.fullmatch(piece + ("" if piece.endswith(".") else "."))) and (
        "." in piece
    )


def _name_words(piece: str) -> bool:
    """True for a family name or a whole name: one to five words, each capitalised (or of
    a script without capitals), an initial, or a particle ("van", "de"), and one at least
    a word of two letters or more."""
    words = piece.split()
    if not 1 <= len(words) <= 5:
        return False
    long_words = 0
    for number, word in enumerate(words):
        if word.lower() in _PARTICLES and number < len(words) - 1:
            continue  # before the family name ("van der Berg"); last, it is one ("Du")
        if ("." in word or len(word) == 1) and _INITIALS_RE.fullmatch(
            word if word.endswith(".") else word + "."
        ):
            continue
        if not _NAME_WORD_RE.fullmatch(word) or word[0].islower():
            return False
        if word.endswith(".") and len(word) > 3:
            return False  # an abbreviation ("Proc."), no name
        long_words += 1
    return long_words > 0


def _name(piece: str, *, vancouver: bool = False, capitals: bool = False) -> str | None:
    """A name as "given family", or None for what is no name. Vancouver's "Vaswani A" is
    "A. Vaswani"; "ZIJIAN HE", all in capitals, is a given and a family name, and so is
    "Jun CEN", a family name in capitals after the given name (three capitals are
    initials only where the list is Vancouver's or the name alone: ``vancouver``; two
    are not where the list's names give their family names in capitals: ``capitals``,
    "Yi MA" among "Wei ZHANG")."""
    words = piece.split()
    # a name all in capitals ends in its family name ("ZIJIAN HE", "YI MA"), not in
    # initials, but for one letter ("VASWANI A")
    shouting = len(words[-1]) > 1 and not any(c.islower() for c in piece)
    if (
        len(words) >= 2
        and not shouting
        and (
            _BARE_INITIALS_RE.fullmatch(words[-1])
            and not (capitals and len(words[-1]) > 1)
            or vancouver
            and _THREE_INITIALS_RE.fullmatch(words[-1])
        )
        and _name_words(" ".join(words[:-1]))
    ):
        given = " ".join(f"{letter}." for letter in words[-1])
        return f"{given} {' '.join(words[:-1])}"
    if not _name_words(piece):
        return None
    return " ".join(words)


def _venue(rest: str) -> str | None:
    """Where a paper was published, from what follows its title: "In Proc. NeurIPS,
    2017" is "NeurIPS", "Nature, 521(7553):436–444, 2015" is "Nature", "Adv. Neural Inf.
    Process. Syst. 30" is "Advances in Neural Information Processing Systems"; None for a
    preprint server (arXiv) or nothing."""
    text = _VENUE_LEAD_RE.sub("", rest.strip(" .,"), count=1)
    editors = _EDITORS_RE.match(text)
    if editors and _names(editors.group("names")):
        text = text[editors.end() :]  # LNCS's "In: Navab, N., … (eds.) MICCAI 2015."
    text = _VENUE_END_RE.split(text, maxsplit=1)[0]
    text = _VENUE_NUMBERS_RE.sub("", text)
    text = text.strip(" .,:;")
    if not text or _PREPRINT_VENUE_RE.match(text) or not any(c.isalpha() for c in text):
        return None
    # a venue abbreviated ("Adv. Neural Inf. Process. Syst.") by the name it is known by
    return venue_spelled_out(text)
