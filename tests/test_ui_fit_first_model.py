"""Pilot tests of the first model's order in the reader: the rows the cursor has been on
before it came, and the refits after it, which order the rows not seen yet."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from e2e_util import ready, settle, sync
from test_ui_app import real_engine
from test_ui_fit import HELD, until

from tuireader import learn
from tuireader.ingest.library import load_library
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp, Services
from tuireader.ui.screens.main import MainScreen

#: the words of each topic: titles and abstracts of a topic share them, and no other's
WORDS = {
    "T": "language models text tokens transformers prompting corpora tokenizer",
    "G": "robot grasping tactile gripper deformable objects manipulation fingers",
    "P": "protein folding sequences structure binding residues enzymes design",
}
PER_TOPIC = 12


def write_list(folder: Path) -> Path:
    """Twelve papers of each topic, the topics taking turns in list order (T G P T …);
    each title starts with its topic's letter and its number in the topic."""
    path = folder / "topics.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for number in range(PER_TOPIC):
            for topic, text in WORDS.items():
                words = text.split()
                title = f"{topic}{number} " + " ".join(words[(number + k) % 8] for k in range(3))
                abstract = " ".join(words[(number * 3 + k) % 8] for k in range(12))
                record = {"title": title, "abstract": abstract, "authors": [f"A {topic}{number}"]}
                out.write(json.dumps(record) + "\n")
    return path


def topics_app(tmp_path: Path) -> ReaderApp:
    """The reader on the topics list, nothing decided yet."""
    source = write_list(tmp_path)
    path = resolve().ensure().state_db
    services = Services(
        load_library=lambda: load_library([source]),
        open_engine=lambda library, progress: real_engine(library),
        open_store=lambda: Store.open(path),
    )
    return ReaderApp(services, show_timings=False)


def shown(screen: MainScreen) -> list[str]:
    return [row.paper.title.split()[0] for row in screen.results.rows]


def undecided_below(screen: MainScreen, *, unseen: bool = False) -> list[str]:
    """The topics of the undecided rows below the cursor (``unseen``: below the cursor
    and the rows on screen), in the order shown."""
    at = screen.results.highlighted
    assert at is not None
    if unseen:
        lowest = screen.results.last_row_shown()
        assert lowest is not None
        at = max(at, lowest)
    decided = screen.triage.states
    rows = screen.results.rows[at + 1 :]
    return [row.paper.title[0] for row in rows if row.paper.id not in decided]


async def decide_before_the_first_model(  # type: ignore[no-untyped-def]
    pilot, monkeypatch, query: str, keys: list[str]
) -> MainScreen:
    """``query`` typed, then in the list x, s, x (the first paper of each topic decided, a
    grasping one kept) and ``keys``, all before the first model comes (its fit is held
    until they are handled); the model shown once it comes."""
    started, release = threading.Event(), threading.Event()
    real_fit = learn.fit

    def held_fit(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        release.wait(HELD)  # (released by the test, whatever happens)
        return real_fit(*args, **kwargs)

    monkeypatch.setattr(learn, "fit", held_fit)
    try:
        screen = await ready(pilot)
        screen.search_box.value = query
        await settle(pilot)
        screen.action_focus_results()
        await settle(pilot)
        assert shown(screen)[:4] == ["T0", "G0", "P0", "T1"]  # as ranked: list order
        await pilot.press("x", "s", "x")
        await until(pilot, lambda: len(screen.triage.states) == 3, "three decisions")
        for key in keys:
            await pilot.press(key)
        await until(pilot, started.is_set, "the first fit started")
        await pilot.pause()
        assert screen.fit_model is None
    finally:
        release.set()
    await until(pilot, lambda: screen.fit_model is not None, "the first model")
    await settle(pilot)
    return screen


async def keep_the_next_protein_paper(pilot, screen: MainScreen) -> None:  # type: ignore[no-untyped-def]
    """Down to the next undecided protein paper, kept; the refit on it shown."""
    decided = screen.triage.states
    while (paper := screen.current_paper) is not None and (
        not paper.title.startswith("P") or paper.id in decided
    ):
        at = screen.results.highlighted
        await pilot.press("j")
        await settle(pilot)
        assert screen.results.highlighted != at, "no undecided protein paper below"
    model = screen.fit_model
    await pilot.press("s")
    await until(pilot, lambda: screen.fit_model is not model, "a refit on the keep")
    await settle(pilot)


def proteins_first(topics: list[str]) -> bool:
    """Whether every protein paper of ``topics`` comes before every language one."""
    proteins = [at for at, topic in enumerate(topics) if topic == "P"]
    language = [at for at, topic in enumerate(topics) if topic == "T"]
    return bool(proteins) and bool(language) and max(proteins) < min(language)


@pytest.mark.parametrize("query", ["sort:fit", "is:new sort:fit"])
@sync
async def test_a_keep_after_the_first_model_reorders_the_rows_not_seen_yet(
    tmp_path, monkeypatch, query
):
    # decided and back up to the first row before the first model came: its order put
    # the papers decided last, and the cursor had been on them, so every row counted as
    # seen and no refit after it ordered a row again
    app = topics_app(tmp_path)
    async with app.run_test(size=(120, 24)) as pilot:
        screen = await decide_before_the_first_model(pilot, monkeypatch, query, ["g"])
        assert screen.results.highlighted == 0
        assert screen.current_paper is not None and screen.current_paper.title[0] == "G"
        on_screen = shown(screen)[: screen.results.last_row_shown() + 1]
        await keep_the_next_protein_paper(pilot, screen)
        # the rows on screen stay where they were; below them, the protein papers,
        # undecided, come before the language ones now
        assert shown(screen)[: len(on_screen)] == on_screen
        assert proteins_first(undecided_below(screen, unseen=True)), shown(screen)


@pytest.mark.parametrize("query", ["sort:fit", "is:new sort:fit"])
@sync
async def test_the_first_model_leaves_the_rows_seen_before_it_and_orders_the_rest(
    tmp_path, monkeypatch, query
):
    # three papers decided as the results came, before the first model: its order took
    # the cursor with its paper, ranked low, about 30 rows down (2,135 on ICML 2024), and
    # the keys after it acted on the papers ranked lowest
    app = topics_app(tmp_path)
    async with app.run_test(size=(120, 24)) as pilot:
        screen = await decide_before_the_first_model(pilot, monkeypatch, query, [])
        assert screen.results.highlighted == 3
        assert shown(screen)[:4] == ["T0", "G0", "P0", "T1"]  # the rows seen, as they were
        assert screen.current_paper is not None and screen.current_paper.title[:2] == "T1"
        # below it the model's best: the grasping papers, like the one kept
        assert undecided_below(screen)[:11] == ["G"] * 11
        # and a keep after it orders the rows below those on screen again
        await keep_the_next_protein_paper(pilot, screen)
        assert proteins_first(undecided_below(screen, unseen=True)), shown(screen)
