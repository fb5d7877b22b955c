"""The journal-reference shapes read both as an arXiv record is loaded (its venue) and
as it is cited (IEEE's and Chicago's parts): one reading, each caller's checks its own."""

from __future__ import annotations

import pytest

from tuireader.ingest.journalref import published_in
from tuireader.render.citations import _reference_parts

# (reference, year, what the load reads, what a citation reads)
SHAPES = [
    (
        "Phys. Rev. D 76, 013009 (2007)",
        2007,
        ("Phys. Rev. D", "76", "013009", 2007),
        ("Phys. Rev. D", "76", "013009", False),
    ),
    (
        "Journal of Applied Physics, vol 104, 073536 (2008)",
        2008,
        ("Journal of Applied Physics", "104", "073536", 2008),
        ("Journal of Applied Physics", "104", "073536", False),
    ),
    (
        "J. Algebra 321 (2009), 3450--3468.",
        2009,
        ("J. Algebra", "321", "3450-3468", 2009),
        ("J. Algebra", "321", "3450\u20133468", True),
    ),
    (
        "Astron.Astrophys. 473 (2007) 805",
        2007,
        ("Astron. Astrophys.", "473", "805", 2007),
        ("Astron.Astrophys.", "473", "805", False),
    ),
    # the words as written at cite time, spaced at load time
    (
        "  Phys.  Rev.\nLett. 99, 048301 (2007) ",
        2007,
        ("Phys. Rev. Lett.", "99", "048301", 2007),
        ("Phys.  Rev.\nLett.", "99", "048301", False),
    ),
    # another year than the work's: neither reads it
    ("Phys. Rev. D 76, 013009 (2007)", 2008, None, None),
    # no year known: the load reads it, a citation does not
    ("Phys. Rev. D 76, 013009 (2007)", None, ("Phys. Rev. D", "76", "013009", 2007), None),
    # proceedings: refused at load, a journal's name to a citation
    (
        "Proc. Roy. Soc. A 463, 1-10 (2007)",
        2007,
        None,
        ("Proc. Roy. Soc. A", "463", "1\u201310", True),
    ),
    # an author and a title before the journal: neither
    ("L. Doe, Order of quantum dots in the plane, Nature 5, 12 (2007)", 2007, None, None),
    # the compact form: read at load time only
    ("Phys.Rev.D76:013009,2007", 2007, ("Phys. Rev. D", "76", "013009", 2007), None),
    # an erratum, an issue: neither
    ("Phys. Rev. D 76, 013009 (2007); Erratum-ibid. D 77, 1 (2008)", 2007, None, None),
    ("Studia Math. 182 (2007) no. 3, 283-294", 2007, None, None),
    # a range written backwards: the load refuses it
    ("J. Phys. A 40 (2007) 1234-123", 2007, None, ("J. Phys. A", "40", "1234\u2013123", True)),
]


@pytest.mark.parametrize(("reference", "year", "loaded", "cited"), SHAPES)
def test_a_reference_reads_the_same_at_load_and_cite_time(reference, year, loaded, cited):
    assert published_in(reference, year) == loaded
    assert _reference_parts(reference, year) == cited
