"""A query holding bytes that are not UTF-8 (``cite --query $'car\\xff'``, ``copy
$'robot\\xfe'``) is said so by ``cite`` and ``copy`` in the words ``search`` says it,
naming the bytes, and each ends with the exit code its papers found give it."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

RECORDS = [
    {"title": "Car detection at night", "abstract": "Headlights seen by cameras."},
    {"title": "Robot arms that sort parcels", "abstract": "A robot picks up boxes."},
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def typed(raw: bytes) -> str:
    """An argument as a byte that is not UTF-8 reaches the command line."""
    return raw.decode("utf-8", "surrogateescape")


@pytest.fixture
def papers(capsys, tmp_path):
    path = tmp_path / "papers.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    assert run(capsys, "add", path)[0] == 0
    return path


def _said(err: str) -> list[str]:
    return [line for line in err.splitlines() if "not UTF-8" in line]


@pytest.mark.parametrize(
    ("raw", "bytes_said", "code"),
    [(b"car\xff", "\\xff", 0), (b"robot\xfe", "\\xfe", 0), (b"zebra\xfe\xff", "\\xfe\\xff", 1)],
)
def test_search_cite_and_copy_say_a_query_not_in_utf8_alike(
    capsys, papers, over_ssh, raw, bytes_said, code
):
    query = typed(raw)
    searched, _out, err = run(capsys, "search", query)
    [said] = _said(err)
    assert f"the query held bytes that are not UTF-8 ({bytes_said})" in said
    assert searched == code
    cited, _out, err = run(capsys, "cite", "--query", query)
    assert (cited, _said(err)) == (code, [said])
    copied, _out, err = run(capsys, "copy", query, "--cite", "apa")
    assert (copied, _said(err)) == (code, [said])


def test_with_json_what_copies_or_cites_nothing_says_it_in_its_message(capsys, papers, over_ssh):
    query = typed(b"zebra\xfe")
    code, out, _err = run(capsys, "search", query, "--json")
    [said] = [note for note in json.loads(out)["message"].split("; ") if "not UTF-8" in note]
    for argv in (["cite", "--query", query], ["copy", query]):
        code, out, _err = run(capsys, *argv, "--json")
        assert code == 1
        assert said in json.loads(out)["message"]


def test_an_id_not_in_utf8_is_said_so_by_cite(capsys, papers):
    code, out, err = run(capsys, "cite", typed(b"car\xff"))
    assert code == 1 and out == ""
    [said] = _said(err)
    assert "the id held bytes that are not UTF-8 (\\xff)" in said
    assert "nothing printed" in err
    assert "\\udc" not in err  # the id quoted with its byte as typed
    assert "no paper with id 'car\\xff'" in err


@pytest.mark.parametrize("command", ["show", "links"])
def test_an_id_not_in_utf8_is_said_so_by_show_and_links(capsys, papers, command):
    code, out, err = run(capsys, command, typed(b"car\xff"))
    assert code == 1 and out == ""
    assert "no paper with id 'car\\xff': the id held bytes that are not UTF-8 (\\xff)" in err
    assert "\\udc" not in err
    code, out, err = run(capsys, command, typed(b"car\xff"), "--json")
    assert code == 1
    assert "the id held bytes that are not UTF-8 (\\xff)" in json.loads(out)["message"]
