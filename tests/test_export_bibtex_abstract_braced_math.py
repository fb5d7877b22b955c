"""An abstract with braced math of its own that reads as no letter or symbol
(``An {$x$} odd``) reads back from the BibTeX export as it was: the braces were taken
off every ``{$…$}``, though the export adds them only around math that reads as a
letter or symbol, so the abstract changed and import could not find the paper by it."""

from __future__ import annotations

import pytest

from tuireader.ingest.formats.ownbib import abstract_literal, abstract_text


@pytest.mark.parametrize(
    "abstract",
    [
        "An {$x$} odd",
        "Both {$x_1$} and $\\sigma$ here",
        "An {$\\sigma$} odd",
        "We use $\\sigma$ and $x$",
    ],
)
def test_abstract_reads_back_as_written(abstract):
    assert abstract_text(abstract_literal(abstract)) == abstract


def test_export_braces_still_taken_off():
    assert abstract_literal("We use $\\sigma$") == "We use {$\\sigma$}"
    assert abstract_text("We use {$\\sigma$}") == "We use $\\sigma$"
