"""Exports as plain functions: every format, triage included, and the atomic writer."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import subprocess
import sys
import threading
from dataclasses import replace

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader import cli
from tuireader.ingest.library import load_library
from tuireader.model import Link, Paper
from tuireader.render.citations import validate_bibtex
from tuireader.render.safetext import UNSAFE
from tuireader.system import atomic as atomic_module
from tuireader.system.atomic import write_atomic
from tuireader.triage import export as export_module
from tuireader.triage.export import EXPORT_FORMATS, render_export
from tuireader.triage.store import Triage


@pytest.fixture
def papers(tmp_path):
    return list(load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)]).papers)


def triage_for(papers):
    out = {p.id: Triage(p.id) for p in papers}
    out[papers[0].id] = Triage(papers[0].id, "kept", ("to-read",), "Read §3 first.\nThen code.")
    return out


def test_the_command_line_offers_exactly_the_core_formats():
    assert cli.EXPORT_FORMATS == EXPORT_FORMATS


def test_every_format(papers):
    triage = triage_for(papers)
    data = json.loads(render_export(papers, triage, "json"))
    assert data[0]["state"] == "kept" and data[0]["tags"] == ["to-read"]
    rows = list(csv.DictReader(io.StringIO(render_export(papers, triage, "csv"))))
    assert rows[0]["note"] == "Read §3 first.\nThen code." and len(rows) == len(papers)
    markdown = render_export(papers, triage, "markdown")
    # its only link, a code repository its abstract mentions, is no page of the paper's
    assert "- Bayesian Optimization with Diffusion Models\n" in markdown
    assert "    Then code." in markdown and "tags: to-read" in markdown
    assert validate_bibtex(render_export(papers, triage, "bibtex")) == []
    # a link an abstract mentions (a code link, another paper's arXiv page) is no URL
    # of the paper's own, which every citation gives
    assert render_export(papers, triage, "urls") == ""
    own = [replace(papers[0], doi="10.1234/bodiff"), replace(papers[1], arxiv_id="2401.00002")]
    assert render_export(own, triage, "urls").splitlines() == [
        "https://doi.org/10.1234/bodiff",
        "https://arxiv.org/abs/2401.00002",
    ]
    with pytest.raises(ValueError):
        render_export(papers, triage, "docx")


def test_csv_cells_a_spreadsheet_would_run_are_text():
    hostile = Paper(
        id="evil2345",
        title='=HYPERLINK("https://x.example","click")',
        abstract="x",
        authors=("+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3", "Ann Lee"),
    )
    note = "=1+1 and more"
    triage = {hostile.id: Triage(hostile.id, "kept", ("@home",), note)}
    (row,) = csv.DictReader(io.StringIO(render_export([hostile], triage, "csv")))
    assert row["title"] == '\'=HYPERLINK("https://x.example","click")'
    assert row["authors"].startswith("'+cmd|")
    assert (row["tags"], row["note"], row["state"]) == ("'@home", "'=1+1 and more", "kept")
    assert row["id"] == "evil2345"  # other cells as they are


def test_write_atomic_replaces_the_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "out.md"
    target.write_text("old")
    write_atomic("new text", target)
    assert target.read_text() == "new text"
    assert [p.name for p in tmp_path.iterdir()] == ["out.md"]


# -- hostile text: every format is valid UTF-8 and safe ----------------------------------

HOSTILE_TITLE = "Evil \x1b]52;c;dG91Y2g=\x07 \x1b[2J\u202egnirts\u202c zero\u200bwidth lone \ud800"


def hostile_paper() -> Paper:
    return Paper(
        id="hostile1",
        title=HOSTILE_TITLE,
        abstract="An abstract \x9b31m with \u2066iso\u2069 and \ufeff and \ud800.",
        authors=("Mallory \x1b[31mRed", "Del\x7fta \u200eMark"),
        venue="ICML\x1b[0m 2024",
        year=2024,
        links=(
            Link("https://github.com/ok/repo\ntouch PWNED\n#", "code", "url"),
            Link("https://arxiv.org/abs/2401.99999\r\nX-Forged: 1", "paper", "url"),
        ),
    )


def test_every_format_of_hostile_text_is_valid_utf8_and_shows_nothing_raw():
    paper = hostile_paper()
    note = "a note \x1b[2J\u202e\ud800"
    triage = {paper.id: Triage(paper.id, "kept", ("t\u200b",), note)}
    for fmt in EXPORT_FORMATS:
        text = render_export([paper], triage, fmt)
        text.encode("utf-8")  # lone surrogates were replaced
        assert not {ch for ch in text if ch in UNSAFE and ch not in "\n\t"}, fmt
        if fmt == "json":
            data = json.loads(text)[0]
            assert data["title"] == HOSTILE_TITLE.replace("\ud800", "\ufffd")
            assert data["note"] == note.replace("\ud800", "\ufffd")
        if fmt == "urls":
            assert len(text.splitlines()) <= 1  # one paper, one line at most, whatever its link


# -- where the output goes ------------------------------------------------------------


def export_to(capsys, target, *sources):
    code = cli.main(["export", "--format", "markdown", "-o", str(target), *sources])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def demo(tmp_path):
    return str(write_jsonl(tmp_path / "lists" / "a.jsonl", RECORDS))


def test_a_new_export_gets_the_mode_the_umask_gives_and_an_old_one_keeps_its_mode(
    tmp_path, capsys, demo
):
    new = tmp_path / "new.md"
    umask = os.umask(0o022)
    try:
        assert export_to(capsys, new, demo)[0] == 0
    finally:
        os.umask(umask)
    assert stat.S_IMODE(new.stat().st_mode) == 0o644  # a file to share, as any other
    old = tmp_path / "old.md"
    assert export_to(capsys, old, demo)[0] == 0  # an earlier export
    old.write_text(old.read_text().replace("Bayesian", "Earlier"))
    assert "Bayesian" not in old.read_text()
    old.chmod(0o640)
    # changed by hand since, it is the user's: replaced only when asked
    assert export_to(capsys, old, demo)[0] == 2
    assert cli.main(["export", "--format", "markdown", "--force", "-o", str(old), demo]) == 0
    assert stat.S_IMODE(old.stat().st_mode) == 0o640 and "Bayesian" in old.read_text()


def test_a_symlink_to_a_file_stays_a_symlink_and_the_file_is_written(tmp_path, capsys, demo):
    real = tmp_path / "real.md"
    assert export_to(capsys, real, demo)[0] == 0  # an earlier export
    link = tmp_path / "link.md"
    link.symlink_to(real)
    code, _, err = export_to(capsys, link, demo)
    assert code == 0, err
    assert "it replaces what the file held" in err
    assert link.is_symlink() and link.resolve() == real
    assert "Bayesian" in real.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.md", "lists", "real.md"]


def test_an_export_never_takes_the_place_of_a_file_tuireader_keeps_or_reads(tmp_path, capsys, demo):
    data = tmp_path / "data"
    catalog = tmp_path / "catalog.jsonl"
    catalog.write_text(
        json.dumps({"title": "Bayesian Optimization with Diffusion Models", "year": 2020}) + "\n"
    )
    argv = [demo, "--data-dir", str(data), "--catalog", str(catalog)]
    first = next(iter(load_library([demo]).papers)).id
    assert cli.main(["triage", first, "--state", "keep", *argv]) == 0
    (tmp_path / "same.jsonl").symlink_to(demo)
    theirs = {
        data / "triage.sqlite3": "the triage file",
        data / "triage.sqlite3-wal": "part of the triage file",
        data / "lists.json": "list of lists",
        data / "config.toml": "the settings file",
        tmp_path / "lists" / "a.jsonl": "a list being read",
        tmp_path / "same.jsonl": "a list being read",
        catalog: "a catalog being read",
    }
    # an export on these lists first, which keeps the marks as settled on them (see
    # Store.settled): what a refused export must leave as it was is then all there is
    assert export_to(capsys, tmp_path / "first.md", *argv)[0] == 0
    (tmp_path / "first.md").unlink()
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    capsys.readouterr()
    for target, what in theirs.items():
        code, out, err = export_to(capsys, target, *argv)
        assert code == 2 and out == "", err
        assert what in err and "nothing was written" in err and err.count("\n") == 1, err
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
    assert cli.main(["search", "is:kept", "--json", *argv]) == 0
    assert json.loads(capsys.readouterr().out)["hits"][0]["id"] == first
    code, _, err = export_to(capsys, tmp_path / "mine.md", *argv)  # anywhere else: written
    assert code == 0 and "Bayesian" in (tmp_path / "mine.md").read_text(), err


def test_a_symlink_to_a_device_is_written_through_never_replaced(tmp_path, capsys, demo):
    link = tmp_path / "null"
    link.symlink_to(os.devnull)
    code, _, err = export_to(capsys, link, demo)
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == os.devnull
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lists", "null"]


def test_a_fifo_is_written_in_place(tmp_path, capsys, demo):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    code, _, err = export_to(capsys, fifo, demo)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)  # not replaced by a regular file
    try:  # a reader still waiting (nothing was written) gets end of file, not a hang
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass  # no reader left: it has read the export
    reader.join()
    assert code == 0, err
    assert b"Bayesian Optimization with Diffusion Models" in received[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lists", "pipe"]


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="needs /dev/stdout")
def test_a_symlink_to_dev_stdout_on_a_pipe_is_written_through(tmp_path):
    # /dev/stdout leads to /proc/self/fd/1 and on to "pipe:[…]", which is no path; the
    # link is our own, so a regression replaces it rather than the system's /dev/stdout,
    # and a separate process keeps the test runner's own standard output out of reach
    first = {**RECORDS[0], "url": "https://example.org/bodiff"}
    demo = str(write_jsonl(tmp_path / "lists" / "a.jsonl", [first, *RECORDS[1:]]))
    link = tmp_path / "stdout"
    link.symlink_to("/dev/stdout")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tuireader",
            "export",
            "--format",
            "urls",
            "-o",
            str(link),
            "--data-dir",
            str(tmp_path / "data"),
            demo,
        ],
        capture_output=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().splitlines() == ["https://example.org/bodiff"]
    assert link.is_symlink() and os.readlink(link) == "/dev/stdout"


class Boom(Exception):
    pass


def test_any_failed_write_leaves_no_temporary_and_says_so_in_one_line(
    tmp_path, capsys, demo, monkeypatch
):
    target = tmp_path / "out" / "export.md"
    target.parent.mkdir()
    failures = {
        "disk full": OSError(28, "No space left on device"),
        "read-only folder": PermissionError(13, "Permission denied"),
        "unforeseen": Boom("mid-write"),
    }
    for name, failure in failures.items():

        def fail(_fd, failure=failure):
            raise failure

        monkeypatch.setattr(atomic_module.os, "fsync", fail)
        code, out, err = export_to(capsys, target, demo)
        assert code == 2 and out == "", name
        assert len(err.splitlines()) == 1, name
        assert err.startswith(f"tuireader: cannot write {target}"), name
        assert list(target.parent.iterdir()) == [], name


def test_write_atomic_replaces_surrogates_and_cleans_up_after_any_exception(tmp_path, monkeypatch):
    target = tmp_path / "t.txt"
    write_atomic("lone \ud800", target)
    assert target.read_bytes() == "lone \ufffd".encode()

    def fail(_fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic_module.os, "fsync", fail)
    with pytest.raises(KeyboardInterrupt):
        write_atomic("new", target)
    assert [p.name for p in tmp_path.iterdir()] == ["t.txt"]
    assert target.read_bytes() == "lone \ufffd".encode()


def test_the_markdown_export_shows_html_and_links_in_paper_text_as_text(tmp_path) -> None:
    # a scraped title's <img onerror=…> and a tag's [x](javascript:…) came out live in
    # every Markdown viewer; a note is shown as written too, its links and HTML text
    from tuireader.model import Paper
    from tuireader.triage.export import render_export
    from tuireader.triage.store import Store

    paper = Paper(
        id="p1",
        title="Bracket ] title <img src=x onerror=alert(1)> & more",
        abstract="",
        authors=("Ada <b>Lovelace</b>",),
        venue="Conf [x](javascript:alert(1))",
    )
    with Store.in_memory() as store:
        store.set_state("p1", "kept")
        store.add_tag("p1", "[x](javascript:alert(1))")
        store.set_note("p1", "see [the code](https://example.org) <script>alert(1)</script>")
        text = render_export([paper], store.get_many(["p1"]), "markdown")
    import re

    assert not re.search(r"(?<!\\)[<&]", text)  # every < and & shown, none markup
    assert "\\<img src=x onerror=alert\\(1\\)\\>" in text and "\\&" in text
    assert not re.search(r"(?<!\\)\]\(javascript:", text)  # no link made of a tag
    # a note is text as well: its link is shown as written, not made a link
    assert "\\[the code\\]\\(https://example.org\\)" in text


def test_bibtex_carries_the_triage_where_reference_managers_read_it(tmp_path):
    # the export said papers are exported "with their triage", and BibTeX had none:
    # Zotero and JabRef take keywords for tags and annote for a note
    import bibtexparser

    from tuireader.render.citations import bibtex_unescape

    source = tmp_path / "zotero.bib"
    source.write_text(
        "@article{lee2020,\n  title = {Grasping},\n  author = {Lee, Ann},\n  year = {2020},\n"
        "  journal = {J},\n  keywords = {Robotics,Computer Science - AI}\n}\n\n"
        "@article{kim2021,\n  title = {Planning},\n  author = {Kim, Bo},\n  year = {2021},\n"
        "  journal = {J}\n}\n\n"
        "@article{park2022,\n  title = {Untouched},\n  author = {Park, Cy},\n  year = {2022},\n"
        "  journal = {J}\n}\n",
        encoding="utf-8",
    )
    library = load_library([source])
    first, second, third = library.papers
    note = (
        "Read §3 {first}: 50% & $x_1$ \\input{/etc/passwd}\n@misc{evil, title={x}}\n  - then #2 ~ ^"
    )
    triage = {
        first.id: Triage(first.id, "kept", ("robotics", "to read", "a;b")),
        second.id: Triage(second.id, "skip", (), note),
        third.id: Triage(third.id),
    }
    text = render_export(list(library.papers), triage, "bibtex", library=library)
    assert validate_bibtex(text) == []
    entries = {e.key: e for e in bibtexparser.parse_string(text).entries}
    assert list(entries) == ["lee2020", "kim2021", "park2022"]  # the note made no entry
    fields = {key: {f.key: f.value for f in e.fields} for key, e in entries.items()}
    # the entry's own keywords first, then the state and the tags not already there
    assert fields["lee2020"]["keywords"] == (
        "Robotics,Computer Science - AI, tuireader:kept, to read, a b"
    )
    assert fields["kim2021"]["keywords"] == "tuireader:skipped"
    # the note is text: no brace ends the field, no command runs, no line starts an entry
    assert bibtex_unescape(fields["kim2021"]["annote"]).replace("{@}", "@") == note
    assert "\\input" not in fields["kim2021"]["annote"].replace("\\textbackslash{}input", "")
    assert "keywords" not in fields["park2022"] and "annote" not in fields["park2022"]
    assert "annote" not in fields["lee2020"]
    assert text.startswith("@comment{tuireader export")


@pytest.mark.parametrize(
    ("text", "lost"),
    [
        ("", False),
        ("\n\n", False),
        ("[]\n", False),
        # shaped as URL and Markdown exports are, but not recorded as written: a list of
        # links the user keeps (see test_a_list_of_links_is_replaced_only_as_an_export)
        ("https://a.example/1\nhttp://b.example/2\n", True),
        (
            "- [A Paper](https://a.example)\n  Ada Lovelace\n  note:\n    my words\n\n    more\n",
            True,
        ),
        ("# My reading notes\n- a paper\n", True),
        ("- a paper\nand my thoughts on it\n", True),
        ("title,authors\nA Paper,Ada\n", True),
        ('[{"title": "A Paper", "authors": ["Ada"]}]\n', True),
        ("@article{mine,\n  title = {Mine},\n}\n", True),
        ("We study things. A paper per paragraph.\n\nAnother abstract.\n", True),
        ("\x00\x01binary\xff", True),
    ],
)
def test_would_lose_tells_an_earlier_export_from_what_else_a_file_holds(tmp_path, text, lost):
    target = tmp_path / "target"
    target.write_text(text, encoding="utf-8", errors="surrogateescape")
    assert (export_module.would_lose(target) is not None) is lost
    assert export_module.would_lose(tmp_path / "absent") is None


def test_would_lose_knows_every_format_of_its_own_export_however_long(papers, tmp_path):
    many = [
        replace(p, id=f"{p.id}{n}", arxiv_id=f"2401.{n:05d}") for n in range(400) for p in papers
    ]
    triage = {p.id: Triage(p.id) for p in many}
    written = tmp_path / "written.json"
    for fmt in EXPORT_FORMATS:
        target = tmp_path / f"export.{fmt}"
        text = render_export(many, triage, fmt)
        if fmt == "urls":
            text *= 4  # only some papers have a page
        target.write_text(text, encoding="utf-8")
        if fmt in ("markdown", "urls", *export_module.CITATION_EXPORTS):
            export_module.remember_written(written, target)
        assert target.stat().st_size > 64 * 1024, fmt
        assert export_module.would_lose(target, written) is None, fmt
        # the same text after a line of the user's own is theirs
        target.write_text("My notes on these papers\n" + text, encoding="utf-8")
        assert export_module.would_lose(target, written) == target.stat().st_size, fmt


def test_a_list_of_links_is_replaced_only_as_an_export(tmp_path):
    # export --format urls -o reading.txt replaced the user's own list of links without
    # --force: every line a web address was taken for an earlier URL export
    written = tmp_path / "written.json"
    mine = tmp_path / "reading.txt"
    mine.write_text("https://example.org/my-bookmark\nhttps://example.com/more\n")
    assert export_module.would_lose(mine, written) == mine.stat().st_size
    # recorded as written, it is an export; changed since by hand, it is the user's
    export_module.remember_written(written, mine)
    assert export_module.would_lose(mine, written) is None
    with mine.open("a") as handle:
        handle.write("https://example.net/added-by-hand\n")
    assert export_module.would_lose(mine, written) == mine.stat().st_size
    # a damaged record is no record: the file is the user's until an export is written
    written.write_text("{not json")
    assert export_module.would_lose(mine, written) == mine.stat().st_size
    export_module.remember_written(written, mine)
    assert export_module.would_lose(mine, written) is None


def read_tags(cell: str) -> list[str]:
    """A CSV export's tags cell read back as the README says a script does."""
    return next(csv.reader([cell], delimiter=";", skipinitialspace=True)) if cell else []


@pytest.mark.parametrize(
    "tags",
    [
        ("RL; theory",),  # one tag, which joined bare read back as two
        ("RL", "theory"),
        ('say "hi"', "a;b", "plain"),
        ('"quoted"; and more', "x"),
        (),
    ],
)
def test_a_csv_tag_holding_the_separator_reads_back_as_one_tag(papers, tags):
    paper = papers[0]
    triage = triage_for(papers) | {paper.id: Triage(paper.id, "maybe", tags, "")}
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(render_export(papers, triage, "csv")))}
    assert read_tags(rows[paper.id]["tags"]) == list(tags)
    assert rows[papers[1].id]["tags"] == ""
