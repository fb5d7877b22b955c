"""The command line: JSON shapes, exit codes, messages, and fast --help/--version."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader import __version__
from tuireader.cli import main

REPO = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_search_json_shape_on_the_seeds(capsys):
    code, out, _ = run(capsys, "search", "diffusion", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["total"] >= 1
    hit = data["hits"][0]
    for key in ("id", "title", "title_derived", "authors", "lists", "links", "score"):
        assert key in hit
    assert all(set(link) >= {"url", "kind"} for link in hit["links"])


def test_search_text_output_and_nothing_found_exit_code(capsys):
    code, out, _ = run(capsys, "search", "igsg")
    assert code == 0 and len(out.splitlines()) == 1 and out.rstrip().endswith("[code]")
    code, out, _err = run(capsys, "search", "zzqqxxnothing")
    assert code == 1 and out == ""


def test_empty_query_lists_every_paper_in_list_order(capsys):
    code, out, _ = run(capsys, "search", "", "--json", "--limit", "100")
    data = json.loads(out)
    assert code == 0 and data["total"] == 36 and len(data["hits"]) == 36


def test_prefix_flag_behaves_like_live_search(capsys):
    assert run(capsys, "search", "boxi")[0] == 1
    code, out, _ = run(capsys, "search", "boxi", "--prefix")
    assert code == 0 and "Boximator" in out


def test_show_prints_the_paper_with_links(capsys):
    _code, out, _ = run(capsys, "search", "igsg", "--json")
    paper_id = json.loads(out)["hits"][0]["id"]
    code, out, _ = run(capsys, "show", paper_id, "--json")
    data = json.loads(out)
    assert code == 0 and data["id"] == paper_id and "abstract" in data
    assert {"url": "https://github.com/YujunZhou/IGSG", "kind": "code"} in data["links"]
    code, out, _ = run(capsys, "show", paper_id)
    assert "https://github.com/YujunZhou/IGSG" in out
    assert run(capsys, "show", "nosuchid")[0] == 1


def test_show_prints_the_tldr_and_names_a_venue_once(capsys, tmp_path):
    source = tmp_path / "corl.json"
    record = {
        "title": "A paper",
        "abstract": "The abstract.",
        "tldr": "The short of it.",
        "bibtex": "@inproceedings{a2023p, title={A paper}, "
        "booktitle={7th Annual Conference on Robot Learning}, year={2023}}",
    }
    source.write_text(json.dumps([record]), encoding="utf-8")
    _code, out, _ = run(capsys, "search", "paper", str(source), "--json")
    paper_id = json.loads(out)["hits"][0]["id"]
    code, out, _ = run(capsys, "show", paper_id, str(source))
    assert code == 0
    lines = out.splitlines()
    assert lines[2] == "7th Annual Conference on Robot Learning · 2023"
    assert lines[5:8] == ["TL;DR The short of it.", "", "The abstract."]
    code, out, _ = run(capsys, "show", paper_id, str(source), "--json")
    assert json.loads(out)["tldr"] == "The short of it."


def test_show_says_when_a_paper_has_no_abstract(capsys, tmp_path):
    # a paper without an abstract was shown with three empty lines where it would be
    source = tmp_path / "nips.json"
    record = {"title": "A paper", "status": "Poster", "author": "Ada Lovelace", "abstract": " "}
    source.write_text(json.dumps([record]), encoding="utf-8")
    _code, out, _ = run(capsys, "search", "paper", str(source), "--json")
    paper_id = json.loads(out)["hits"][0]["id"]
    code, out, _ = run(capsys, "show", paper_id, str(source))
    assert code == 0
    lines = out.splitlines()
    assert lines[4:6] == ["", "(no abstract)"]
    assert "\n\n\n" not in out


def test_similar_and_lists(capsys, tmp_path):
    source = write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    code, out, _ = run(capsys, "lists", "--json", str(source))
    data = json.loads(out)
    assert code == 0 and data["papers"] == 4
    assert data["lists"][0]["papers"] == 4 and data["lists"][0]["path"] == str(source)
    assert data["problems"] == []
    # what reading met is in the JSON too, not only on stderr
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(b"\x00\x01binary\x00")
    code, out, err = run(capsys, "lists", "--json", str(source), str(broken))
    problems = json.loads(out)["problems"]
    assert [(p["path"], p["severity"]) for p in problems] == [(str(broken), "error")]
    assert problems[0]["message"] in err
    code, out, _ = run(capsys, "search", "bayesian", "--json", str(source))
    paper_id = json.loads(out)["hits"][0]["id"]
    code, out, _ = run(capsys, "similar", paper_id, "--json", str(source))
    assert code == 0 and paper_id not in [h["id"] for h in json.loads(out)["hits"]]


def test_seed_lists_count_distinct_papers(capsys):
    _code, out, _ = run(capsys, "lists", "--json")
    data = json.loads(out)
    assert data["papers"] == 36
    assert sorted(pl["papers"] for pl in data["lists"]) == [19, 19]
    # the seed lists go by their titles, their files by none: the name is the title
    assert "ICML 2024 论文列表" in [pl["name"] for pl in data["lists"]]
    assert all(pl["name"] == pl["title"] for pl in data["lists"])


def test_index_command_reports_nothing_written_the_second_time(capsys):
    assert run(capsys, "index")[0] == 0
    code, out, _ = run(capsys, "index")
    assert code == 0 and "up to date" in out and "0 written" in out
    code, out, _ = run(capsys, "index", "--rebuild")
    assert code == 0 and "rebuilt" in out


def test_data_dir_flag_overrides_the_environment(capsys, tmp_path):
    target = tmp_path / "elsewhere"
    assert run(capsys, "index", "--data-dir", str(target))[0] == 0
    assert (target / "index").is_dir()


@pytest.mark.parametrize(
    "argv",
    [
        ["show"],
        ["search", "x", "--limit", "0"],
        ["nosuchflag", "--bogus"],
        ["search", "x", "/no/such/file.txt"],
    ],
)
def test_usage_and_input_errors_exit_2(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err


def test_bad_input_next_to_good_input_is_reported_and_skipped(capsys, tmp_path):
    good = write_jsonl(tmp_path / "good.jsonl", RECORDS)
    bad = tmp_path / "empty.txt"
    bad.write_text("")
    code, out, err = run(capsys, "search", "privacy", str(good), str(bad))
    assert code == 2 and "Privacy" in out  # the rest searched; the input error is the code
    assert "empty.txt" in err


def test_paper_text_never_reaches_the_terminal_as_control_sequences(capsys, tmp_path):
    evil = write_jsonl(
        tmp_path / "evil.jsonl",
        [
            {
                "title": "Evil \x1b[2J\x1b]52;c;cHduZWQ=\x07 [bold red]x[/]",
                "abstract": "Payload here.",
            }
        ],
    )
    code, out, _ = run(capsys, "search", "payload", str(evil))
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out
    assert "[bold red]x[/]" in out


def _fresh(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )


@pytest.mark.parametrize("flag", ["--help", "--version"])
def test_help_and_version_import_neither_textual_nor_whoosh(flag):
    proc = _fresh(
        "import sys\n"
        "from tuireader.cli import main\n"
        f"code = main([{flag!r}])\n"
        "heavy = [m for m in ('textual', 'whoosh', 'rich') if m in sys.modules]\n"
        "print('HEAVY', heavy, code)\n"
    )
    assert proc.returncode == 0, proc.stderr
    assert "HEAVY [] 0" in proc.stdout
    if flag == "--version":
        assert f"tuireader {__version__}" in proc.stdout


def test_show_says_where_the_metadata_came_from(capsys):
    _code, out, _ = run(capsys, "search", "igsg", "--json")
    paper_id = json.loads(out)["hits"][0]["id"]
    assert json.loads(out)["hits"][0]["metadata_source"] == "icml2024-seeds"
    _code, out, _ = run(capsys, "show", paper_id)
    assert "metadata: icml2024-seeds" in out


def test_every_command_has_its_own_parser_builder():
    from tuireader import cli

    assert tuple(cli._COMMAND_PARSERS) == cli.COMMANDS
    for name in cli.COMMANDS:
        parser = cli.build_command_parser(name)
        assert parser.prog == f"tuireader {name}"
        assert parser.get_default("func") is getattr(cli, f"cmd_{name}")


def test_a_query_nested_a_thousand_deep_is_searched(capsys, tmp_path):
    from corpus_util import RECORDS, write_jsonl

    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    query = "(" * 1000 + "diffusion" + ")" * 1000
    code = main(["search", query, str(source), "--data-dir", str(tmp_path / "d"), "--json"])
    out, _err = capsys.readouterr()
    assert code == 0 and json.loads(out)["hits"]
    assert "nested more than 32 deep" in json.loads(out)["message"]


def test_no_index_is_said_once_per_command(capsys, tmp_path, monkeypatch):
    import errno

    from corpus_util import RECORDS, write_jsonl

    from tuireader.search import index as index_module

    def full_disk(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(index_module, "write_new", full_disk)
    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    code = main(["search", "diffusion", str(source), "--data-dir", str(tmp_path / "d")])
    out, err = capsys.readouterr()
    assert code == 0 and "Diffusion" in out
    assert err.count("No space left on device") == 1, err
    assert "searching without the index" in err


def test_a_quoted_link_value_is_searched_with_json_too(capsys):
    # url:"github.com" exited 2 ("unexpected error (QueryError: …)") and --json wrote nothing
    code, out, err = run(capsys, "search", "url:github.com", "--json", "--limit", "100")
    assert code == 0, err
    hosted = json.loads(out)
    assert hosted["total"] >= 3
    for query in ('url:"github.com"', 'link:"github.com"'):
        code, out, err = run(capsys, "search", query, "--json", "--limit", "100")
        assert code == 0, err
        assert [hit["id"] for hit in json.loads(out)["hits"]] == [
            hit["id"] for hit in hosted["hits"]
        ]
    for query in ('url:"a b"', 'link:"x y"'):
        code, out, err = run(capsys, "search", query, "--json")
        assert code == 1 and json.loads(out)["total"] == 0 and "unexpected" not in err


@pytest.mark.parametrize("query", ["the", "a", "(a", "-the"])
def test_a_query_of_common_words_lists_every_paper_and_says_why(capsys, query):
    # "the" gave 0 papers and exit 1, while "*" listed every paper
    code, out, err = run(capsys, "search", "--limit", "100", "--", query)
    assert code == 0 and len(out.splitlines()) == 36
    assert "too common to search for" in err and "no papers match" not in err


LONG = "x" * 100_000


@pytest.mark.parametrize(
    "query",
    [LONG, "zz " * 30_000, f"is:{LONG}", f"{LONG}:x", f"has:{LONG}", f"10.1234/{LONG}"]
    + [f"year:{LONG}", f"sort:{LONG}", "!" * 100_000, "the-" * 25_000, f"{LONG}*"],
    ids=lambda query: f"{query[:12]}…",
)
def test_a_long_query_is_said_back_shortened(capsys, query):
    # a 100,000-character query gave a 100,030-byte "no papers match" line
    for argv in (
        ["search", "--", query],
        ["export", "--format", "urls", "--query", query],
        ["cite", "--query", query],
    ):
        _code, _out, err = run(capsys, *argv)
        assert err and all(len(line) <= 300 for line in err.splitlines()), (argv[0], err[:400])
        assert "…" in err


@pytest.mark.parametrize(
    "argv",
    [["show"], ["cite"], ["copy"], ["links"], ["similar"], ["note"], ["undo", "--"], []],
    ids=lambda argv: " ".join(argv) or "reader",
)
def test_an_id_or_file_no_file_could_be_named_is_said_shortened(capsys, argv):
    # cite, copy and note: "unexpected error (OSError: [Errno 36] File name too long …)"
    for word in ("a" * 5000, "a\x00b"):
        code, out, err = run(capsys, *argv, word)
        if argv != ["copy"] or len(word) > 3:  # (copy searches "a b" as a query)
            assert code in (1, 2) and out == "", err[:300]
        assert "unexpected error" not in err
        assert all(len(line) <= 300 for line in err.splitlines()), err[:400]


def test_many_words_after_a_query_are_not_said_back_as_a_command(capsys, tmp_path):
    # words taken for list files: the command to search them all was said back whole
    words = ["zz"] * 40
    code, _out, err = run(capsys, "search", "foo", *words, "--data-dir", str(tmp_path / "d"))
    assert code == 2
    assert err.rstrip().endswith("to search these words with the query, quote them together")
    assert all(len(line) <= 300 for line in err.splitlines())


def test_a_query_that_finds_nothing_is_said_with_its_suggestion(capsys, tmp_path):
    # 'search αβγ' printed 'did you mean: αβ' alone: no line said nothing matched
    path = write_jsonl(
        tmp_path / "greek.jsonl",
        [{"title": "The αβ pruning revisited", "abstract": "We revisit αβ search in games."}],
    )
    code, out, err = run(capsys, "search", "αβγ", str(path))
    assert code == 1 and out == ""
    assert err == "tuireader: no papers match 'αβγ' (did you mean: αβ)\n"


def test_a_malformed_and_is_said_as_a_repair(capsys, tmp_path):
    path = write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    code, out, err = run(capsys, "search", "diffusion AND OR privacy", str(path))
    _, either, _ = run(capsys, "search", "diffusion OR privacy", str(path))
    assert code == 0 and out == either  # searched as 'diffusion OR privacy'
    assert err == "tuireader: ignored an 'AND' with nothing on one side\n"


JSON_COMMANDS = {
    "search": ["search", "--json", "diffusion"],
    "show": ["show", "--json", "zzzzzz"],
    "similar": ["similar", "--json", "zzzzzz"],
    "links": ["links", "--json", "zzzzzz"],
    "lists": ["lists", "--json"],
    "import": [
        "import",
        "--json",
        str(Path(__file__).parent / "fixtures" / "carry" / "marks.json"),
    ],
}


#: the --json commands that read no LIST after their options (a word that names no file
#: is an id, or they read no list at all), with what they need
JSON_CHANGES = {
    "triage": ["triage", "--json", "zzzzzz", "--state", "keep"],
    "note": ["note", "--json", "zzzzzz", "--set", "x"],
    "undo": ["undo", "--json"],
    "redo": ["redo", "--json"],
    "add": ["add", "--json", "--seeds"],
    "remove": ["remove", "--json", "zzzzzz"],
    "export": ["export", "--json", "--format", "csv", "-o", "out.csv"],
    "cite": ["cite", "--json", "zzzzzz"],
    "copy": ["copy", "--json", "zzzzzz"],
}


def test_every_json_command_names_its_json_flag_here():
    from tuireader.cli import COMMANDS, build_command_parser

    with_json = [
        name for name in COMMANDS if "--json" in build_command_parser(name)._option_string_actions
    ]
    assert sorted(with_json) == sorted([*JSON_COMMANDS, *JSON_CHANGES])


@pytest.mark.parametrize("command", sorted(JSON_CHANGES))
def test_an_option_a_change_cannot_take_is_said_as_json(capsys, command):
    code, out, err = run(capsys, *JSON_CHANGES[command], "--bogus")
    assert code == 2 and "unrecognized arguments: --bogus" in err
    data = json.loads(out)
    assert data["error"] == "usage" and data["message"] == "unrecognized arguments: --bogus"


@pytest.mark.parametrize("command", sorted(JSON_COMMANDS))
def test_every_json_command_prints_its_failure_as_json(capsys, tmp_path, command):
    # 'links zzzzzz --json' and every --json command that could not read a list, or was
    # given a wrong option, printed nothing on stdout, where search, show and similar
    # printed an error object
    argv = JSON_COMMANDS[command]
    missing = str(tmp_path / "missing.jsonl")
    code, out, err = run(capsys, *argv, missing)
    assert code == 2 and "no papers could be loaded" in err
    data = json.loads(out)
    assert data["error"] == "no papers"
    assert data["message"] == f"no papers could be loaded; {missing}: no such file"
    assert data["problems"] == [{"path": missing, "severity": "error", "message": "no such file"}]
    code, out, err = run(capsys, *argv, "--bogus")
    assert code == 2 and "unrecognized arguments: --bogus" in err
    data = json.loads(out)
    assert data["error"] == "usage"
    assert data["message"] == "unrecognized arguments: --bogus" and data["problems"] == []


def test_a_json_command_that_fails_unexpectedly_says_so_as_json(capsys, monkeypatch):
    from tuireader import cli

    def broken(*_args, **_kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(cli, "_session", broken)
    code, out, err = run(capsys, "links", "--json", "abc")
    assert code == 2 and "unexpected error (RuntimeError: disk on fire)" in err
    data = json.loads(out)
    assert (data["id"], data["query"], data["error"]) == (None, "abc", "unexpected")
    assert data["message"] == "unexpected error (RuntimeError: disk on fire)"


def test_links_json_says_an_id_that_names_no_paper_as_show_does(capsys):
    code, out, err = run(capsys, "links", "--json", "zzzzzz")
    _, shown, _ = run(capsys, "show", "--json", "zzzzzz")
    assert code == 1 and err.startswith("tuireader: no paper with id 'zzzzzz'")
    assert json.loads(out) == json.loads(shown)
    assert json.loads(out)["error"] == "not found"


def test_the_readme_gives_the_exit_code_a_kill_closes_the_reader_with():
    # the README said `kill` closes the reader "as q does", and q exits 0, where a kill
    # ends it with 143 (tests/test_e2e_triage.py kills a reader and checks it)
    from tuireader.ui.app import ReaderApp

    text = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    said = text[text.index("`kill` and a closed terminal close the reader") :][:400]
    assert "143 for `kill` (SIGTERM), 129 for a closed terminal (SIGHUP)" in said
    assert "where `q` gives 0" in said
    codes: list[int] = []

    class Closing:
        def exit(self, return_code: int) -> None:
            codes.append(return_code)

    for signum in (15, 1):
        ReaderApp._closed_by_signal(Closing(), signum)  # type: ignore[arg-type]
    assert codes == [143, 129]
