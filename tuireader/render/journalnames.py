"""Whether the words a journal reference gives before its volume are a journal's name
alone, or a sentence: an author and a title before the journal ("L. H. Friedman. Order
of epitaxial self-assembled quantum dots: Linear analysis. Journal of Nanophotonics");
and the journal, volume, pages and year of a reference in a form physicists write it or
in the compact form of arXiv's older records, read once for the reader of arXiv's
records and for the citations."""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = [
    "MONTHLY_JOURNALS",
    "ReferenceParts",
    "compact_parts",
    "journal_part",
    "names_a_journal",
    "reference_parts",
]

#: the journals that number a year's issues (a volume "05") and each issue's articles
#: ("JHEP 0705:034,2007": article 034 of issue 05 of 2007): their one number is an
#: article's, never a page
MONTHLY_JOURNALS = frozenset(
    {
        "JHEP",
        "J. High Energy Phys.",
        "J. High Energy Phys",
        "Journal of High Energy Physics",
        "JCAP",
        "J. Cosmol. Astropart. Phys.",
        "J. Cosmol. Astropart. Phys",
        "Journal of Cosmology and Astroparticle Physics",
        "JSTAT",
        "J. Stat. Mech.",
    }
)


class ReferenceParts(NamedTuple):
    """A journal reference's parts, as written."""

    #: the words before the volume, as written ("Phys. Rev. D", "Journal of Applied
    #: Physics"; the compact form's spaced: "Phys. Rev. D" for "Phys.Rev.D"): whether
    #: they name a journal is for the reader to ask
    journal: str
    volume: str
    #: the pages ("1234-1240", "3450--3468") or the article's number ("013009")
    pages: str
    year: int


_PAGES = r"(?P<pages>[A-Za-z]?\d+(?:-{1,2}[A-Za-z]?\d+)?)"
_YEAR = r"(?P<year>(?:18|19|20)\d{2})"
#: "Phys. Rev. D 76, 013009 (2007)", "Journal of Applied Physics, vol 104, 073536 (2008)"
_PHYSICS = re.compile(
    rf"(?P<journal>[A-Za-z][^,;()\d]*?[A-Za-z.)])(?:,\s*vol\.?|\s)\s*(?P<volume>\d+),"
    rf"\s*{_PAGES}\s*\({_YEAR}\)\.?"
)
#: the year after the volume: "J. Algebra 321 (2009), 3450-3468.", "Astron.Astrophys.
#: 473 (2007) 805"
_VOLUME_YEAR = re.compile(
    rf"(?P<journal>[A-Za-z][^,;()\d]*?[A-Za-z.)])\s+(?P<volume>\d+)\s*\({_YEAR}\),?\s*{_PAGES}\.?"
)


#: "Phys.Rev.D76:013009,2007", "Astrophys.J.663:1149--1173,2007", "JHEP 0705:034,2007"
_COMPACT = re.compile(
    rf"(?P<journal>[A-Za-z][A-Za-z.&' ]*?[A-Za-z.])\s*(?P<volume>\d+):\s*{_PAGES},\s*{_YEAR}\.?"
)
#: a joined abbreviation's words: "ActaPhys" (not "ApJ")
_JOINED_WORDS = re.compile(r"(?<=[A-Z][a-z]{2})(?=[A-Z][a-z]{2})|(?<=[a-z]{3})(?=[A-Z][a-z]{2})")


def compact_parts(reference: str) -> ReferenceParts | None:
    """The journal, volume, pages and year of ``reference``, where it is whole in the
    compact form of arXiv's older records (SPIRES's): "Phys.Rev.D76:013009,2007",
    "Astrophys.J.663:1149-1173,2007" (or "1149--1173"), "JHEP 0705:034,2007"; else None.
    The journal's abbreviated words are spaced ("Phys. Rev. D", "Acta Phys. Polon. B"
    for "ActaPhys.Polon.B"); the volume, the pages and the year are as written."""
    found = _COMPACT.fullmatch(reference)
    if found is None:
        return None
    journal = re.sub(r"\.(?=[A-Za-z])", ". ", found.group("journal").strip())
    journal = _JOINED_WORDS.sub(" ", journal)
    volume, pages = found.group("volume", "pages")
    return ReferenceParts(journal, volume, pages, int(found.group("year")))


def reference_parts(reference: str) -> ReferenceParts | None:
    """The journal, volume, pages and year of ``reference``, where it is whole one of
    the forms physicists write: "Journal Volume, Pages (Year)" ("Phys. Rev. Lett. 99,
    048301 (2007)", "Journal of Applied Physics, vol 104, 073536 (2008)") or "Journal
    Volume (Year), Pages" ("J. Algebra 321 (2009), 3450-3468."); else None. Each part is
    as written: whether the words before the volume name a journal, and whether the
    year is the work's, are for the caller to ask."""
    found = _PHYSICS.fullmatch(reference) or _VOLUME_YEAR.fullmatch(reference)
    if found is None:
        return None
    journal, volume, pages = found.group("journal", "volume", "pages")
    return ReferenceParts(journal, volume, pages, int(found.group("year")))


#: the longer small words a journal's name writes in lower case ("Journal of Applied
#: Physics", "Rendiconti del Seminario"); any other word of four letters or more in lower
#: case is a title's or a sentence's (one of three or fewer may be a name: "npj")
_SMALL_WORDS = frozenset({"with", "from", "della", "delle", "dello", "degli", "über"})
#: a word all in lower case, not a joined abbreviation's ("mBio", "eLife" are names)
_LOWER_WORD = re.compile(r"(?<![\w-])[a-z][a-z-]*(?![\w-])")
#: an author list's marks: a second author's initial ("Friedman and J. Doe"), "et al."
_AUTHORS = re.compile(r"\b(?:and|&)\s+[A-Z]\.|\bet\s+al\b", re.IGNORECASE)


def names_a_journal(name: str) -> bool:
    """Whether ``name``, read before a reference's volume, is a journal's name alone: no
    sentence ("L. H. Friedman. Order of epitaxial quantum dots. Journal of
    Nanophotonics"): no word of four letters or more in lower case but the small ones a
    name writes so, no run of three words or more ending in a full stop before more
    text (an abbreviated name's words are one or two between stops: "Bull. London Math.
    Soc."), no author list ("A. Doe and B. Roe", "et al.")."""
    if _AUTHORS.search(name):
        return False
    lower = _LOWER_WORD.findall(name)
    if any(len(word) > 3 and word not in _SMALL_WORDS for word in lower):
        return False
    words = name.split()
    run = 0  # the words since the last that ends in a stop or a colon
    for number, word in enumerate(words, 1):
        run += 1
        if word.endswith(".") and run >= 3 and number < len(words):
            return False
        if word.endswith((".", ":")):
            run = 0
    return True


def _sentence(words: list[str]) -> bool:
    """Whether ``words``, ending in a full stop, are a sentence (a title), not an
    abbreviated name's words: three or more, or one in lower case a name writes not so."""
    lower = _LOWER_WORD.findall(" ".join(words))
    return len(words) >= 3 or any(len(word) > 3 and word not in _SMALL_WORDS for word in lower)


#: two authors or more, each by initials and family name, that open a reference ("P.
#: Virnau, L. A. Mirny, M. Kardar, PLoS Comp Biol 2, 1074-1079 (2006)")
_AUTHOR_LIST = re.compile(r"(?:(?:[A-Z]\.[\s-]*)+[A-Z][\w'-]+,\s+){2,}")


def _before_number(text: str) -> str:
    """``text`` up to its first number, without the comma or space before it."""
    return re.split(r"\d", text, maxsplit=1)[0].rstrip(" ,")


def journal_part(reference: str) -> str:
    """``reference`` without the author and title it opens with, where it opens so: "L.
    H. Friedman. Order of epitaxial self-assembled quantum dots: Linear analysis.
    Journal of Nanophotonics, 1(1):013513, 2007." is "Journal of Nanophotonics,
    1(1):013513, 2007.", what follows the last sentence before its first number, where
    the words after that sentence name a journal; so without the authors listed before
    the journal ("P. Virnau, L. A. Mirny, M. Kardar, PLoS Comp Biol 2, 1074-1079
    (2006)" is "PLoS Comp Biol 2, …"); any other reference whole ("Phys. Rev. D 76,
    013009 (2007)")."""
    listed = _AUTHOR_LIST.match(reference)
    if listed is not None and names_a_journal(_before_number(reference[listed.end() :])):
        return " ".join(reference[listed.end() :].split())
    words = reference.split()
    first_number = next((at for at, word in enumerate(words) if any(c.isdigit() for c in word)), 0)
    start, after = 0, 0  # where the words since the last full stop begin; the last sentence's end
    for at, word in enumerate(words[:first_number]):
        if word.endswith("."):
            if _sentence(words[start : at + 1]):
                after = at + 1
            start = at + 1
    lead = " ".join(words[after:first_number]).rstrip(" ,")
    return " ".join(words[after:]) if after and lead and names_a_journal(lead) else reference
