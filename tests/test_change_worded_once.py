"""A state or tags change not saved is said by the closing reader and, made again at
the next start, by the core's record of it: the same words, worded in one place (the
core's ``change_said``), where the reader's close wrote them again."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
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


@pytest.mark.parametrize(
    ("state", "said"),
    [("new", "back to new"), ("kept", "kept"), ("skip", "skipped"), ("maybe", "maybe")],
)
def test_a_state_set_is_worded_by_the_core(state: str, said: str) -> None:
    from tuireader.triage.store import state_said

    assert state_said(state) == said
    assert unsaved.change_said("state", state, "T") == f"{said}: “T”"


def _worded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core's words for a state set, replaced, wherever the reader took them."""
    from tuireader.triage import store
    from tuireader.ui.screens import main

    def worded(state: str) -> str:
        return f"worded once {state}"

    for module in (store, unsaved, ui_triage, main):
        monkeypatch.setattr(module, "state_said", worded, raising=False)


def test_the_notice_of_marked_papers_set_takes_its_words_from_the_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the marked papers' notice ("2 marked papers: back to new") said a state set in
    # words of its own, beside the core's for a change not saved
    _worded(monkeypatch)
    submitted: list[Callable[[Any], str]] = []
    book = SimpleNamespace(
        state_changes=lambda ids, state: [(paper_id, state, "new") for paper_id in ids],
        _new_op=lambda: 1,
        _no_action_ops=set(),
        marked={"p1", "p2"},
        submit=lambda work, after, op_id, severity: submitted.append(work),
    )
    assert ui_triage.TriageBook.set_state(book, ["p1", "p2"], "kept") == "new"  # type: ignore[arg-type]
    store = SimpleNamespace(set_state_many=lambda ids, state: len(ids))
    assert submitted[0](store) == "2 marked papers: worded once new"


def test_a_paper_decided_elsewhere_is_said_in_the_cores_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "“Title” is now back to new (in another reader)" was worded by the screen itself
    from tuireader.ui.screens.main import MainScreen

    _worded(monkeypatch)
    said: list[str] = []
    screen = SimpleNamespace(
        _elsewhere={"p1": None},
        _elsewhere_by={"another reader": None},
        _where_made=MainScreen._where_made,
        _title_of=TITLES.get,
        _decided_elsewhere={},
        _in_viewer=lambda paper_id: False,
        notify=lambda text, **_: said.append(str(text)),
    )
    MainScreen._say_elsewhere(screen, "p1", "new")  # type: ignore[arg-type]
    assert said == [f"“{TITLES['p1']}” is now worded once new (in another reader)"]
