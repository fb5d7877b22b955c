"""What ``show`` and ``triage`` say of a paper's mark, read from an export made before
its list was re-scraped: the mark followed the paper to its new id in the library, and
is on it there. They said it was "kept detached" under that id (``search is:detached``
lists such marks), which listed none: the export's paper is the library's, read alone.

See ``test_outside_read_keeps_marks`` for how the export and the move are made."""

from __future__ import annotations

from test_outside_read_keeps_marks import rekeyed, run


def test_show_of_an_old_export_says_where_the_mark_is_in_the_library(capsys, tmp_path):
    exported, old, new = rekeyed(capsys, tmp_path)
    code, out, err = run(capsys, "show", old, exported)
    assert code == 0 and out.startswith("GPTQ")
    assert "detached" not in err
    assert f"which {old} had, is marked in your library as {new}" in err
    # and it is so: no detached mark, the paper kept under its new id
    code, _out, err = run(capsys, "search", "is:detached")
    assert "no detached triage" in err
    code, out, _err = run(capsys, "show", new)
    assert code == 0 and "kept" in out


def test_triage_of_an_old_export_says_the_same(capsys, tmp_path):
    exported, old, new = rekeyed(capsys, tmp_path)
    code, _out, err = run(capsys, "triage", old, exported, "--state", "read")
    assert code == 2  # the id is one marks left: nothing is changed without --id-now
    assert "detached" not in err
    assert f"marked in your library as {new}" in err


def test_search_links_and_cite_of_an_old_export_say_nothing_of_it(capsys, tmp_path):
    exported, old, _new = rekeyed(capsys, tmp_path)
    for argv in (("search", "gptq", exported), ("links", old, exported), ("cite", old, exported)):
        code, _out, err = run(capsys, *argv)
        assert code == 0 and "detached" not in err
