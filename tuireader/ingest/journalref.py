"""The journal an arXiv record's journal reference names, where it reads unambiguously.

arXiv's ``journal-ref`` is a citation of the published version in one string, written
in whatever form its authors chose. Three forms say the journal, its volume, the pages
(or the article's number) and the year and nothing else, and are read:

* the compact form of arXiv's older records (SPIRES's): "Phys.Rev.D76:013009,2007",
  "Astrophys.J.663:1149-1173,2007", "JHEP 0705:034,2007";
* the form physicists write: "Phys. Rev. Lett. 99, 048301 (2007)", "Journal of Applied
  Physics, vol 104, 073536 (2008)";
* the year after the volume: "J. Algebra 321 (2009), 3450-3468.", "J. Phys. A 40 (2007)
  1234-1240".

Anything else (an erratum after a ``;``, an issue number, a month, proceedings or
lecture notes, words around the reference) is not read: the reference stays the only
account of where the paper was published, as written.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tuireader.render.journalnames import (
    MONTHLY_JOURNALS,
    compact_parts,
    names_a_journal,
    reference_parts,
)

__all__ = ["Published", "names_a_journal", "published_in"]


class Published(NamedTuple):
    """Where a journal reference says the paper was published."""

    #: the journal's name, its abbreviated words spaced ("Phys. Rev. D")
    journal: str
    volume: str
    #: the pages ("1149-1173") or the article's number ("013009")
    pages: str
    year: int


#: the journals whose volume the compact form writes as the year and month of its issue
#: ("JHEP 0705": May 2007); the journal's volume is the issue alone, as its DOI
#: (10.1088/1126-6708/2007/05/034) and INSPIRE's citations give it (volume "05", pages
#: "034", year 2007)
_MONTHLY = MONTHLY_JOURNALS
#: a name that is no journal's: proceedings, a conference's series, lecture notes
_NO_JOURNAL = re.compile(
    r"conf|proc|lect|notes|workshop|symp|meeting|school|book|volume|^in\b|\beds?\b",
    re.IGNORECASE,
)


def published_in(reference: str | None, year: int | None = None) -> Published | None:
    """The journal, volume, pages and year ``reference`` gives, where it is one of the
    forms read (see the module) and its year is ``year`` (the work's, where known);
    else None: a reference read only in part would cite the paper wrongly."""
    text = " ".join((reference or "").split())
    if not text or ";" in text:
        return None
    # the compact form's journal comes spaced, its joined words apart ("ActaPhys")
    parts = compact_parts(text) or reference_parts(text)
    if parts is None:
        return None
    journal, volume, pages, published = parts
    journal = " ".join(re.sub(r"\.(?=[A-Za-z])", ". ", journal.strip()).split())
    if (
        _NO_JOURNAL.search(journal)
        or not names_a_journal(journal)
        or (year is not None and published != year)
    ):
        return None
    if journal in _MONTHLY and len(volume) == 4:
        if volume[:2] != f"{published % 100:02d}":
            return None  # "JHEP 0705:034,2008": its volume, the year and month, says 2007
        if not 1 <= int(volume[2:]) <= 12:
            return None  # "JHEP 0713:034,2007": no month 13, no issue to cite
        volume = volume[2:]  # "JHEP 0705": the year's 5th issue, cited as volume 05
    first, _, last = pages.replace("--", "-").partition("-")
    if last.isdigit() and first.isdigit() and int(last) < int(first):
        return None  # "1234-123": an abbreviated or mistyped range
    return Published(journal, volume, pages.replace("--", "-"), published)
