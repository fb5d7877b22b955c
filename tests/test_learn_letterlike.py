"""The fit order reads a paper's letters as the search folds them: a letter of math
written as a letterlike symbol is the word readers type ("ℒ₁" is "l1")."""

from __future__ import annotations

import pytest

from tuireader.learn import space_of
from tuireader.learn.taste import _unaccented
from tuireader.model import Paper
from tuireader.search.analysis import fold


# Lower case before decomposing read "ℒ₁" (``$\mathcal{L}_1$`` as shown) as "L1", a word
# of no other paper's, where the search folds it to "l1"; the final sigma ("XΣ" was "xς")
# and a raised alpha ("Dᵅ" was "dɑ") were no sigma and no alpha either.
@pytest.mark.parametrize(
    "text, read",
    [
        ("\u2112\u2081 Adaptive Control", "l1 adaptive control"),
        ("the X\u03a3 estimator", "the x\u03c3 estimator"),
        ("D\u1d45 seeding", "d\u03b1 seeding"),
        ("Manipulaci\u00f3n", "manipulacion"),
        ("\ufb01ne-tuning", "fine-tuning"),
    ],
)
def test_a_paper_is_read_as_the_search_folds_it(text, read):
    assert _unaccented(text) == read == fold(text)


def test_a_letterlike_symbol_is_the_word_readers_type_for_the_model():
    papers = [
        Paper(id="a", title="\u2112\u2081 Adaptive Control", abstract="Adaptive control."),
        Paper(id="b", title="L1 Adaptive Control of Drones", abstract="Fast adaptation."),
        Paper(id="c", title="Language Models", abstract="Perplexity of language models."),
    ]
    space = space_of(papers)
    assert "l1" in space.features and "L1" not in space.features
    column = space.features.index("l1")
    matrix = space.matrix.tocsc()
    assert matrix[space.rows["a"], column] > 0 and matrix[space.rows["b"], column] > 0
