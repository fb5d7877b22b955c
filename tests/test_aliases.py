"""An id once given to a paper keeps finding it when other lists are read with its list.

A text list knows a paper by its abstract; another list gives the same paper its
OpenReview id, and read together the paper takes that stronger key's id. The id the
text list alone gives stays one of the paper's aliases: the library, the cache, every
command that takes an id and the reader's saved place find the paper by it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from e2e_util import ready, settle, sync

from tuireader.cli import main
from tuireader.ingest import cache as cache_module
from tuireader.ingest.library import load_library
from tuireader.model import Library, Paper
from tuireader.session import load_session

FIXTURES = Path(__file__).parent / "fixtures" / "aliases"
ABSTRACTS = FIXTURES / "icml2024_abstracts.txt"
RECORDS = FIXTURES / "icml2024_records.jsonl"
TWICE = FIXTURES / "twice.jsonl"
WITH_DOI = FIXTURES / "with_doi.jsonl"


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def boximator(library: Library) -> Paper:
    (paper,) = [p for p in library.papers if "We propose *Boximator*" in p.abstract]
    return paper


def same_abstract(a: Paper, b: Paper) -> bool:
    return " ".join(a.abstract.split()) == " ".join(b.abstract.split())


# -- the library --------------------------------------------------------------------------


def test_the_id_a_list_alone_gives_still_finds_the_paper_read_with_a_stronger_list():
    alone = load_library([ABSTRACTS])
    others = load_library([RECORDS])
    both = load_library([ABSTRACTS, RECORDS])
    old, new = boximator(alone), boximator(both)
    assert new.id == boximator(others).id != old.id  # the OpenReview id's
    assert new.aliases == (old.id,)
    assert both.named(old.id) == (new,) and both.id_now(old.id) == new.id
    # every id either list alone gives names the one paper with its abstract
    for single in (alone, others):
        for paper in single.papers:
            (found,) = both.named(paper.id)
            assert same_abstract(found, paper)
    # the paper only the text list holds keeps its id and needs no alias
    (own,) = [p for p in both.papers if len(p.lists) == 1 and p.lists[0] == alone.lists[0].name]
    assert alone.get(own.id) is not None and own.aliases == ()


def test_aliases_do_not_depend_on_the_order_the_lists_are_read_in():
    one = load_library([ABSTRACTS, RECORDS])
    other = load_library([RECORDS, ABSTRACTS])
    assert {p.id: p.aliases for p in one.papers} == {p.id: p.aliases for p in other.papers}
    assert sum(1 for p in one.papers if p.aliases) == 2  # Boximator and Multi-Sender


def test_two_papers_of_one_title_keep_their_ids_when_another_list_gives_one_a_doi():
    # one list names a title twice (two papers, told apart by their abstracts); another
    # gives the first a DOI. Read together, each old id still names its own paper.
    alone = load_library([TWICE])
    first, second = alone.papers
    both = load_library([TWICE, WITH_DOI])
    (now_first,) = both.named(first.id)
    assert now_first.abstract == first.abstract and now_first.doi
    (now_second,) = both.named(second.id)
    assert now_second.abstract == second.abstract
    ids = {p.id for p in both.papers}
    assert len(ids) == 2 and not ids & set(both.aliases())


def bare_twice(folder: Path) -> tuple[Path, Path]:
    """``TWICE`` and ``WITH_DOI`` without their abstracts: nothing tells the two papers
    of one title and first author apart but the order the list gives them in."""
    bare = [
        {key: value for key, value in json.loads(line).items() if key != "abstract"}
        for line in TWICE.read_text(encoding="utf-8").splitlines()
    ]
    twice = folder / "twice.jsonl"
    twice.write_text("\n".join(json.dumps(record) for record in bare), encoding="utf-8")
    with_doi = folder / "with_doi.jsonl"
    record = json.loads(WITH_DOI.read_text(encoding="utf-8"))
    record.pop("abstract")
    with_doi.write_text(json.dumps(record), encoding="utf-8")
    return twice, with_doi


def test_an_id_that_lists_read_together_would_give_to_another_paper_names_both(
    tmp_path: Path,
):
    # one list names a title twice with nothing to tell the two apart (no abstracts:
    # the title's id, then the same numbered); another gives the first a DOI. Read
    # together, the second is no longer numbered and would take the first's id: the
    # old id must not silently name the other paper.
    twice, with_doi = bare_twice(tmp_path)
    alone = load_library([twice])
    first, _second = alone.papers
    both = load_library([twice, with_doi])
    named = both.named(first.id)
    assert len(named) == 2
    assert both.id_now(first.id) is None
    ids = {p.id for p in both.papers}
    assert len(ids) == 2 and not ids & set(both.aliases())


# -- the cache ----------------------------------------------------------------------------


def test_aliases_survive_the_cache_and_a_lazy_library_finds_them_without_reading_all(
    tmp_path: Path,
):
    sources = [ABSTRACTS, RECORDS]
    old = boximator(load_library([ABSTRACTS])).id
    first = load_session(sources, data_dir=tmp_path / "data").library
    again = load_session(sources, data_dir=tmp_path / "data").library
    lazy = load_session(sources, data_dir=tmp_path / "data", lazy=True).library
    assert isinstance(lazy, cache_module.LazyLibrary)
    assert again.papers == first.papers and boximator(again).aliases == (old,)
    (found,) = lazy.named(old)
    assert found == boximator(first) and lazy._whole is None
    lazy.papers  # noqa: B018 - read whole now
    assert lazy._whole is not None and lazy.named(old) == (found,)


def _as_schema(previous: int):  # type: ignore[no-untyped-def]
    def rewrite(path: Path) -> None:
        data = path.read_bytes()
        magic = cache_module.MAGIC
        end = data.index(b"\n", len(magic))
        head = json.loads(data[len(magic) : end])
        head["schema"] = previous
        path.write_bytes(magic + json.dumps(head).encode() + data[end:])

    return rewrite


def _without_alias_section(path: Path) -> None:
    """The entry as the layout before aliases had it: the last section left out."""
    data = path.read_bytes()
    magic = cache_module.MAGIC
    end = data.index(b"\n", len(magic))
    head = json.loads(data[len(magic) : end])
    if head.get("kind") != "library":
        return
    name, length, _crc = head["sections"].pop()
    assert name == "aliases"
    body = data[end + 1 : len(data) - length]
    path.write_bytes(magic + json.dumps(head).encode() + b"\n" + body)


@pytest.mark.parametrize("old_entry", [_as_schema(4), _without_alias_section])
def test_a_cache_entry_written_before_aliases_is_read_again_not_taken_without_them(
    tmp_path: Path, old_entry
):
    sources = [ABSTRACTS, RECORDS]
    old = boximator(load_library([ABSTRACTS])).id
    load_session(sources, data_dir=tmp_path / "data")
    for entry in (tmp_path / "data" / "cache").iterdir():
        old_entry(entry)
    session = load_session(sources, data_dir=tmp_path / "data", lazy=True)
    (note,) = [p.message for p in session.problems if "cache of read lists" in p.message]
    assert "the lists were read again" in note
    again = load_session(sources, data_dir=tmp_path / "data", lazy=True)  # written again
    assert isinstance(again.library, cache_module.LazyLibrary)
    assert not any("cache" in p.message for p in again.problems)
    for library in (session.library, again.library):
        assert boximator(library).aliases == (old,)
        assert library.id_now(old) == boximator(library).id


# -- the command line ---------------------------------------------------------------------


def test_every_command_taking_an_id_takes_the_old_one_and_says_the_new_one(capsys):
    old = boximator(load_library([ABSTRACTS])).id
    new = boximator(load_library([ABSTRACTS, RECORDS])).id
    lists = (ABSTRACTS, RECORDS)
    said = f"{old} is now {new}"

    code, out, err = run(capsys, "show", old, *lists)
    assert code == 0 and f"id {new} (also {old})" in out and "Boximator" in out
    assert err.count(said) == 1
    code, out, err = run(capsys, "show", old.upper(), "--json", *lists)
    assert code == 0 and json.loads(out)["id"] == new and json.loads(out)["aliases"] == [old]
    assert said in err
    code, out, err = run(capsys, "links", old, *lists)
    assert code == 0 and "openreview.net" in out and said in err
    code, out, err = run(capsys, "cite", old, *lists)
    assert code == 0 and "Boximator" in out and said in err
    code, out, err = run(capsys, "similar", old, "--json", *lists)
    assert json.loads(out)["id"] == new and said in err
    code, out, err = run(capsys, "triage", old, "--state", "keep", *lists)
    assert code == 0 and out.startswith(new) and said in err
    code, out, err = run(capsys, "note", old, "--set", "by its alias", *lists)
    assert code == 0 and out.startswith(new) and said in err
    code, out, _err = run(capsys, "show", new, "--json", *lists)
    assert json.loads(out)["note"] == "by its alias"
    code, out, _err = run(capsys, "search", "is:kept", "--json", *lists)
    assert [hit["id"] for hit in json.loads(out)["hits"]] == [new]
    # a beginning of the old id that begins no id now will do, as for ids
    prefix = old[:5]
    assert not any(p.id.startswith(prefix) for p in load_library(list(lists)).papers)
    code, out, err = run(capsys, "show", prefix, *lists)
    assert code == 0 and f"id {new}" in out and said in err


def test_copy_takes_the_old_id(capsys, over_ssh):
    old = boximator(load_library([ABSTRACTS])).id
    new = boximator(load_library([ABSTRACTS, RECORDS])).id
    code, out, err = run(capsys, "copy", old, "--link", "paper", ABSTRACTS, RECORDS)
    assert code == 0 and "mlr.press" in out and f"{old} is now {new}" in err


def test_an_old_id_two_papers_had_lists_both_and_gives_nothing(capsys, tmp_path):
    twice, with_doi = bare_twice(tmp_path)
    first, second = load_library([twice]).papers
    both = load_library([twice, with_doi])
    for command in ("show", "cite", "links"):
        code, out, err = run(capsys, command, first.id, twice, with_doi)
        assert code == 1 and out == "", command
        assert f"id {first.id!r} was the id of 2 different papers" in err
        for paper in both.papers:  # each named by its id now, which finds it
            assert paper.id in err
    code, out, err = run(capsys, "show", second.id, twice, with_doi)
    assert code == 0 and "Grace Hopper" in out
    for paper in both.papers:
        code, out, err = run(capsys, "show", paper.id, "--json", twice, with_doi)
        assert code == 0 and json.loads(out)["id"] == paper.id and err == ""


# -- the reader ---------------------------------------------------------------------------


def _reader(load):  # type: ignore[no-untyped-def]
    from test_ui_app import real_engine

    from tuireader.system.paths import resolve
    from tuireader.triage.store import Store
    from tuireader.ui.app import ReaderApp, Services

    path = resolve().ensure().state_db
    services = Services(
        load_library=load,
        open_engine=lambda library, progress: real_engine(library),
        open_store=lambda: Store.open(path),
    )
    return ReaderApp(services, show_timings=False)


@sync
async def test_the_reader_goes_back_to_its_paper_and_note_draft_under_the_new_id():
    old = boximator(load_library([ABSTRACTS])).id
    app = _reader(lambda: load_library([ABSTRACTS]))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.press("end")
        await settle(pilot)
        assert screen.current_paper.id == old
        await pilot.press("n", *"to read with the videos", "escape")
        await settle(pilot)

    load_session([ABSTRACTS, RECORDS])  # cached: the reader's library is read lazily
    app = _reader(lambda: load_session([ABSTRACTS, RECORDS], lazy=True).library)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await settle(pilot)
        assert isinstance(screen.library, cache_module.LazyLibrary)
        paper = screen.current_paper
        assert paper is not None and paper.id != old and paper.aliases == (old,)
        screen.action_focus_results()
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#note-input").text == "to read with the videos"
