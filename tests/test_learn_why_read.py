"""A paper marked read teaches the model as a keep does: the paper it makes a new one
like is named with its state, ``like (read): Title``, not as a paper kept (the why line
gave "why: walrus" and "like: Walrus tracking" for a paper never kept, only read)."""

from __future__ import annotations

from tuireader.learn import Why, fit
from tuireader.model import Paper
from tuireader.ui.widgets.viewer import PaperViewer


def _papers() -> list[Paper]:
    papers = [
        Paper(id=f"p{i}", title=f"Study number {i}", abstract=f"Plain abstract {i}.")
        for i in range(8)
    ]
    papers[1] = Paper(id="p1", title="Walrus tracking", abstract="Walrus gait on ice floes.")
    papers[6] = Paper(id="p6", title="Walrus herds", abstract="Walrus herds on ice floes.")
    return papers


def test_the_paper_a_new_one_is_like_is_said_to_be_read_when_it_was_read() -> None:
    papers = _papers()
    read = fit(papers, {"p1": "read", "p0": "skip", "p2": "skip"})
    kept = fit(papers, {"p1": "kept", "p0": "skip", "p2": "skip"})
    assert read is not None and kept is not None
    why = read.why(papers[6])
    assert "walrus" in why.words  # words of the paper, which the read paper weighed up
    assert why.like == "Walrus tracking" and why.like_state == "read"
    assert why.text.endswith("like (read): Walrus tracking")
    assert why.to_json()["like_state"] == "read"
    why = kept.why(papers[6])
    assert why.like == "Walrus tracking" and why.like_state == "kept"
    assert why.text.endswith(" · like: Walrus tracking")
    assert read.why(papers[3]) == Why()  # like nothing: no state either


def test_the_viewer_says_like_read_for_a_paper_marked_read() -> None:
    viewer = PaperViewer()
    paper = Paper(id="p6", title="Walrus herds", abstract="Walrus herds on ice floes.")
    viewer.show_paper(paper, why=(("walrus",), "Walrus tracking", True))
    assert viewer.why_text == "why: walrus · like (read): Walrus tracking"
    viewer.show_why(("walrus",), "Walrus tracking", read=False)
    assert viewer.why_text == "why: walrus · like: Walrus tracking"
