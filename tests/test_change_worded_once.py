"""A state or tags change not saved is said by the closing reader and, made again at
the next start, by the core's record of it: the same words, worded in one place (the
core's ``change_said``), where the reader's close wrote them again."""

from __future__ import annotations

from typing import Any

import pytest

from tuireader.triage import unsaved
from tuireader.ui import triage as ui_triage

TITLES = {"p1": "InferCept: Efficient Intercept Support"}


@pytest.mark.parametrize(
    ("kind", "value", "said"),
    [
        ("state", "kept", "kept: “InferCept: Efficient Intercept Support”"),
        ("state", "new", "back to new: “InferCept: Efficient Intercept Support”"),
        ("tags", ("to read", "rl"), "tags to read, rl: “InferCept: Efficient Intercept Support”"),
        ("tags", (), "tags (none): “InferCept: Efficient Intercept Support”"),
    ],
)
def test_the_reader_says_a_change_as_the_core_does(kind: str, value: Any, said: str) -> None:
    line = ui_triage._change_line(kind, "p1", value, TITLES.__getitem__)
    assert line == said == unsaved.change_said(kind, value, TITLES["p1"])


def test_the_reader_takes_its_words_for_a_change_from_the_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def worded(kind: str, value: Any, title: str) -> str:
        return f"worded once: {kind} {value!r} {title}"

    monkeypatch.setattr(unsaved, "change_said", worded)
    monkeypatch.setattr(ui_triage, "change_said", worded, raising=False)
    for kind, value in (("state", "maybe"), ("tags", ("x",))):
        line = ui_triage._change_line(kind, "p1", value, TITLES.__getitem__)
        assert line == worded(kind, value, TITLES["p1"])
    # an undo, a redo and a note are the reader's own words, as before
    assert ui_triage._change_line("undo", "p1", None, TITLES.__getitem__) == "an undo (z)"
    assert ui_triage._change_line("redo", "p1", None, TITLES.__getitem__) == "a redo (Z)"
    note = ui_triage._change_line("note", "p1", "", TITLES.__getitem__)
    assert note == "note on “InferCept: Efficient Intercept Support”: (none)"
