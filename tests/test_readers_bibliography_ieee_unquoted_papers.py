"""A paper in proceedings cited in IEEE's style with its title unquoted, "in Proc." and
a publisher's imprint after it, was read as a book: the full stop of "Proc." was taken
for the title's end, the title was "…, in Proc" and the venue and publisher the imprint's
publisher. A title does not end after an abbreviation nor with ", in …": the paper's
title, venue and year are read."""

from __future__ import annotations

import pytest

from tuireader.ingest.formats.references import read_reference

ADAM = "Adam: A method for stochastic optimization"


@pytest.mark.parametrize(
    "reference",
    [
        f"D. P. Kingma and J. Ba, {ADAM}, in Proc. ICLR, San Diego, CA, USA: OpenReview, 2015.",
        f"D. P. Kingma and J. Ba, {ADAM}, in Proc. ICLR, 2015.",
    ],
)
def test_an_unquoted_paper_in_proceedings(reference: str) -> None:
    record, read = read_reference(reference)
    assert read
    assert record.title == ADAM
    assert record.authors == ("D. P. Kingma", "J. Ba")
    assert record.venue == "ICLR"
    assert record.year == 2015
    assert record.publisher is None


def test_a_book_is_still_a_book() -> None:
    record, read = read_reference(
        "I. Goodfellow, Y. Bengio, and A. Courville, Deep Learning. Cambridge, MA, USA: "
        "MIT Press, 2016."
    )
    assert read
    assert (record.title, record.publisher, record.place, record.year) == (
        "Deep Learning",
        "MIT Press",
        "Cambridge, MA, USA",
        2016,
    )
