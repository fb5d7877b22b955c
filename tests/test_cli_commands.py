"""The cite, links and export commands, and triage filters in queries on the command line."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main
from tuireader.render.citations import validate_bibtex
from tuireader.system.paths import resolve
from tuireader.triage.filters import filter_resolver, open_existing, unknown_states
from tuireader.triage.store import Store

IGSG_CODE = "https://github.com/YujunZhou/IGSG"

#: two papers whose natural cite key is the same (lovelace2024diffusion)
COLLIDING = [
    {
        "title": "Diffusion Samplers for Bayesian Inference",
        "authors": ["Ada Lovelace"],
        "abstract": "We sample posteriors with diffusion samplers and compare them to MCMC.",
        "venue": "ICML 2024",
        "year": 2024,
    },
    {
        "title": "Diffusion Guidance without Classifiers",
        "authors": ["Ada Lovelace", "Grace Hopper"],
        "abstract": "Classifier-free diffusion guidance revisited with a new weighting of scores.",
        "venue": "ICML 2024",
        "year": 2024,
    },
]

BARE = {
    "abstract": "We introduce QuokkaNet, a compact network for counting marsupials in "
    "camera-trap images, and release a benchmark of annotated photographs."
}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def ids_for(capsys, query, *sources):
    code, out, _ = run(capsys, "search", query, "--json", "--limit", "100", *sources)
    assert code == 0, query
    return [hit["id"] for hit in json.loads(out)["hits"]]


#: a web page of a paper's own, as a list's ``url`` gives it
PAGE = "https://example.org/bodiff"


@pytest.fixture
def demo(tmp_path):
    return str(write_jsonl(tmp_path / "demo.jsonl", RECORDS))


@pytest.fixture
def store():
    s = Store.open(resolve().state_db)
    yield s
    s.close()


# -- cite --------------------------------------------------------------------------------


def test_cite_bibtex_of_a_seed_paper_is_valid_and_names_its_authors(capsys):
    (paper_id,) = ids_for(capsys, "igsg")
    code, out, err = run(capsys, "cite", paper_id)
    assert code == 0
    assert out.startswith("@inproceedings{pmlr-v235-zhou24i,")
    assert "Zhou, Yujun" in out
    assert validate_bibtex(out) == []
    # a seed with a catalog record has nothing missing to warn about
    assert "authors unknown" not in err


def test_cite_other_formats(capsys, demo):
    (paper_id,) = ids_for(capsys, "privacy amplification", demo)
    # its only link is one its abstract mentions: no URL of its own, as APA gives none
    code, out, err = run(capsys, "cite", paper_id, demo, "--format", "url")
    assert code == 1 and out == "" and "no page of its own" in err
    # nor does Markdown link it: the paper is named with what is known of it
    code, out, err = run(capsys, "cite", "--format", "markdown", paper_id, demo)
    assert code == 0 and "no page of its own" in err
    assert out == (
        "*Privacy Amplification by Subsampling*. Cynthia Dwork, Ada Lovelace. Proceedings of"
        " the 41st International Conference on Machine Learning, 2024.\n"
    )
    code, out, _ = run(capsys, "cite", paper_id, demo, "--format", "apa")
    assert code == 0 and out.startswith("Dwork, C., & Lovelace, A. (2024). Privacy Amplification")


def test_cite_query_gives_unique_keys_in_rank_order(capsys, tmp_path):
    source = str(write_jsonl(tmp_path / "clash.jsonl", COLLIDING + RECORDS))
    code, out, _ = run(capsys, "cite", "--query", "diffusion lovelace", source)
    assert code == 0
    keys = re.findall(r"^@\w+\{([^,]+),", out, flags=re.MULTILINE)
    assert len(keys) == len(set(keys)) >= 3
    assert sum(k.startswith("lovelace2024diffusion") for k in keys) == 2
    assert validate_bibtex(out) == []
    code, out, _ = run(
        capsys, "cite", "--query", "diffusion lovelace", source, "--format", "cite", "--limit", "2"
    )
    assert code == 0 and re.fullmatch(r"\\cite\{[^,{}]+,[^,{}]+\}\n", out)


def test_cite_unknown_id_is_left_out_and_exits_1(capsys):
    (paper_id,) = ids_for(capsys, "igsg")
    code, out, err = run(capsys, "cite", paper_id, "nosuchpaper")
    assert code == 1 and out.startswith("@") and "nosuchpaper" in err
    code, out, err = run(capsys, "cite", "nosuchpaper")
    assert code == 1 and out == "" and "nosuchpaper" in err
    # a DOI no paper has is said as search says it, not taken for a file's name
    code, out, err = run(capsys, "cite", "10.1000/xyz")
    assert code == 1 and out == ""
    assert "no paper in these lists has the DOI 10.1000/xyz" in err
    assert "no file" not in err


def test_cite_needs_ids_or_a_query(capsys):
    code, out, err = run(capsys, "cite")
    assert code == 2 and out == "" and "--query" in err


def test_cite_warns_once_about_a_paper_without_authors(capsys, tmp_path):
    source = str(write_jsonl(tmp_path / "bare.jsonl", [BARE, *RECORDS]))
    (bare_id,) = ids_for(capsys, "quokkanet", source)
    (known_id,) = ids_for(capsys, "graph molecules", source)
    code, out, err = run(capsys, "cite", bare_id, known_id, source)
    assert code == 0 and validate_bibtex(out) == []
    lines = [line for line in err.splitlines() if bare_id in line]
    assert len(lines) == 1
    assert "authors unknown" in lines[0] and "title derived" in lines[0]
    assert not any(known_id in line and "authors unknown" in line for line in err.splitlines())


def test_cite_gives_a_librarys_book_article_and_preprint_no_proceedings(capsys, tmp_path):
    # a library's one @proceedings was taken for the volume of every entry without a
    # booktitle or journal: "A Book About Graphs. In Proceedings of the Workshop on Things"
    source = tmp_path / "library.bib"
    source.write_text(
        "@proceedings{things2019, title = {Proceedings of the Workshop on Things},"
        " year = {2019}, publisher = {ACM}}\n"
        "@article{a1, title = {An Article on Graphs}, author = {Black, B.}, year = {2020}}\n"
        "@book{b1, title = {A Book About Graphs}, author = {Green, G.}, year = {2001},"
        " publisher = {Springer}}\n"
        "@misc{m1, title = {A Preprint on Graphs}, author = {White, W.}, year = {2022}}\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "cite", "--query", "graphs", str(source), "--format", "apa")
    assert code == 0
    assert sorted(out.splitlines()) == [
        "Black, B. (2020). An Article on Graphs.",
        "Green, G. (2001). A Book About Graphs. Springer.",
        "White, W. (2022). A Preprint on Graphs.",
    ]
    code, out, _ = run(capsys, "cite", "--query", "graphs", str(source))
    assert code == 0 and validate_bibtex(out) == []
    assert "Workshop" not in out and "ACM" not in out
    entries = re.findall(r"^@\w+\{\w+", out, flags=re.MULTILINE)
    assert sorted(entries) == ["@article{a1", "@book{b1", "@misc{m1"]


# -- links -------------------------------------------------------------------------------


def test_links_code_first_for_a_pipeline(capsys):
    (paper_id,) = ids_for(capsys, "igsg")
    code, out, _ = run(capsys, "links", paper_id, "--kind", "code")
    assert code == 0 and out.splitlines()[0] == IGSG_CODE
    code, out, _ = run(capsys, "links", paper_id)
    lines = out.splitlines()
    assert lines[0] == IGSG_CODE and len(lines) > 1
    code, out, _ = run(capsys, "links", paper_id, "--json")
    data = json.loads(out)
    assert data["id"] == paper_id
    # the abstract names it and the seeds' catalog gives it as the paper's code: the field's
    assert data["links"][0] == {"url": IGSG_CODE, "kind": "code", "origin": "code_urls"}


def test_links_without_a_code_link_exits_1(capsys, demo):
    (paper_id,) = ids_for(capsys, "privacy amplification", demo)
    code, out, err = run(capsys, "links", paper_id, demo, "--kind", "code")
    assert code == 1 and out == "" and "no code link" in err
    code, out, _ = run(capsys, "links", paper_id, demo, "--kind", "paper")
    assert code == 0 and out == "https://arxiv.org/abs/2401.00001\n"
    assert run(capsys, "links", "nosuchpaper")[0] == 1


# -- triage filters and export -----------------------------------------------------------


@pytest.fixture
def triaged(capsys, demo, store):
    """In the demo list: one paper kept, one tagged, one with a note."""
    ids = {
        t: ids_for(capsys, q, demo)[0]
        for t, q in (("kept", "bayesian"), ("tagged", "graph"), ("noted", "scaling"))
    }
    store.set_state(ids["kept"], "kept")
    store.add_tag(ids["tagged"], "Survey")
    store.set_note(ids["noted"], "Check the appendix.\nCompare with [Kaplan].")
    return ids


def test_search_understands_triage_filters(capsys, demo, triaged):
    assert ids_for(capsys, "is:kept", demo) == [triaged["kept"]]
    assert ids_for(capsys, "tag:survey", demo) == [triaged["tagged"]]
    assert ids_for(capsys, "has:note", demo) == [triaged["noted"]]
    assert triaged["kept"] not in ids_for(capsys, "is:new", demo)
    assert len(ids_for(capsys, "is:new", demo)) == 3
    code, out, _ = run(capsys, "search", "is:kept", demo)
    assert code == 0 and out.startswith(triaged["kept"])
    code, out, err = run(capsys, "search", "is:bogus", demo)
    assert code == 2 and "unknown state" in err


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("is:bogus", "unknown state is:bogus (is: takes new, kept, maybe, skip, read)"),
        (
            "has:bogus",
            "unknown filter has:bogus (has: takes code, paper, project, video, slides, poster, note)",
        ),
        ("is:kep", "is:kep; did you mean is:kept? (is: takes new, kept, maybe, skip, read)"),
        (
            "has:cod",
            "has:cod; did you mean has:code? (has: takes code, paper, project, video, slides, poster, note)",
        ),
        ("bayesian -has:notes", "unknown filter has:notes"),
    ],
)
@pytest.mark.parametrize(
    "command", [("search",), ("export", "--format", "json", "--query"), ("cite", "--query")]
)
def test_an_unknown_is_or_has_value_is_a_usage_error(capsys, demo, query, said, command):
    # 'search is:foo' ended with 2, 'search has:foo' with 1 ("no papers match"), as if
    # the lists held no such paper
    code, out, err = run(capsys, *command, query, demo)
    assert code == 2
    if "json" in command:  # JSON written to stdout says its failure there too
        assert said in json.loads(out)["message"]
    else:
        assert out == ""
    assert said in err and "no papers match" not in err


def test_the_states_is_takes_are_the_stores():
    from tuireader.search import query as ql
    from tuireader.triage.store import STATES

    assert ql.IS_STATES == STATES


def test_search_filters_without_a_triage_file_do_not_create_one(capsys, demo):
    assert not resolve().state_db.exists()
    code, out, _ = run(capsys, "search", "is:kept", demo)
    assert code == 1 and out == ""
    assert len(ids_for(capsys, "is:new", demo)) == 4
    assert not resolve().state_db.exists()


def test_export_json_of_kept_papers(capsys, demo, triaged):
    code, out, _ = run(capsys, "export", "--query", "is:kept", "--format", "json", demo)
    data = json.loads(out)
    assert code == 0 and [p["id"] for p in data] == [triaged["kept"]]
    assert data[0]["state"] == "kept" and data[0]["tags"] == [] and data[0]["note"] == ""
    assert data[0]["abstract"].startswith("We study Bayesian")
    code, out, _ = run(capsys, "export", "--query", "tag:survey", "--format", "json", demo)
    data = json.loads(out)
    assert [p["id"] for p in data] == [triaged["tagged"]] and data[0]["tags"] == ["Survey"]


def test_export_query_combines_words_and_filters(capsys, demo, triaged):
    code, out, _ = run(capsys, "export", "--query", "language is:new", "--format", "json", demo)
    assert code == 0 and json.loads(out)
    code, out, _ = run(capsys, "export", "--query", "bayesian is:new", "--format", "json", demo)
    assert code == 1 and json.loads(out) == []


def test_export_markdown_reading_list(capsys, demo, triaged):
    code, out, _ = run(capsys, "export", "--format", "markdown", demo)
    assert code == 0
    # its only link is the code its abstract gives: no page of the paper to link
    assert "- Bayesian Optimization with Diffusion Models\n" in out
    assert out.count("\n- ") == 3  # four entries
    assert "  Claude Shannon" in out and "NeurIPS 2023" in out
    assert "code (in the abstract): <https://github.com/example/bodiff>" in out
    assert "tags: Survey" in out
    # the note is text: its brackets are shown, never a link
    assert "    Check the appendix.\n    Compare with \\[Kaplan\\]." in out


def test_export_csv_parses_back(capsys, demo, triaged):
    code, out, _ = run(capsys, "export", "--format", "csv", demo)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 4
    assert list(rows[0]) == [
        "id",
        "title",
        "authors",
        "venue",
        "year",
        "state",
        "tags",
        "note",
        "url",
        "code",
        "citation_key",
        "doi",
        "arxiv_id",
        "openreview_id",
        "pmlr_key",
        "source_id",
        "lists",
        "other_dois",
        "edition",
        "place",
        "series",
        "entry_type",
        "author_names",
        "editors",
        "volume",
        "number",
        "pages",
        "publisher",
        "month",
        "day",
        "howpublished",
        "pdf",
        "openreview",
        "arxiv_class",
        "categories",
        "journal_ref",
        "status",
        "track",
        "primary_area",
        "tldr",
        "keywords",
        "links",
        "bibtex",
        "cite_key",
        "abstract",
        "detached",
    ]
    by_id = {row["id"]: row for row in rows}
    assert {row["detached"] for row in rows} == {""}  # every row a paper of the lists
    kept = by_id[triaged["kept"]]
    assert kept["state"] == "kept" and kept["authors"] == "Ada Lovelace; Alan Turing"
    assert kept["code"] == "https://github.com/example/bodiff" and kept["year"] == "2024"
    assert by_id[triaged["noted"]]["note"] == "Check the appendix.\nCompare with [Kaplan]."


def test_export_bibtex_to_a_file(capsys, demo, triaged, tmp_path):
    target = tmp_path / "out" / "kept.bib"
    target.parent.mkdir()
    code, out, err = run(
        capsys,
        "export",
        "--query",
        "is:kept OR tag:survey",
        "--format",
        "bibtex",
        "-o",
        str(target),
        demo,
    )
    assert code == 0 and out == ""
    assert "wrote 2 papers" in err and str(target) in err
    text = target.read_text(encoding="utf-8")
    assert validate_bibtex(text) == [] and text.count("@inproceedings") == 2
    assert [p.name for p in target.parent.iterdir()] == ["kept.bib"]  # no temporary left behind
    assert "replaces" not in err
    # again: the file is replaced, and the user is told
    code, _, err = run(
        capsys, "export", "--query", "is:kept", "--format", "bibtex", "-o", str(target), demo
    )
    assert code == 0 and "wrote 1 paper to" in err and "it replaces what the file held" in err
    assert target.read_text(encoding="utf-8").count("@inproceedings") == 1


def test_export_bibtex_carries_the_triage_as_the_reader_exports_it(capsys, demo, triaged):
    # the command line gave BibTeX no triage, though the reader's export carried it
    code, out, _ = run(capsys, "export", "--format", "bibtex", demo)
    assert code == 0 and validate_bibtex(out) == []
    assert "tuireader:kept" in out and "Survey" in out and "Check the appendix." in out
    code, out, _ = run(capsys, "cite", "--query", "is:kept OR tag:survey OR has:note", demo)
    assert code == 0 and "tuireader:" not in out and "appendix" not in out  # to share


def test_export_nothing_matched_exits_1_and_writes_no_file(capsys, demo, tmp_path):
    target = tmp_path / "none.md"
    code, out, _ = run(
        capsys, "export", "--query", "is:kept", "--format", "markdown", "-o", str(target), demo
    )
    assert code == 1 and out == "" and not target.exists()
    target.write_text("my reading list\n", encoding="utf-8")
    for fmt in ("markdown", "json"):
        code, out, _ = run(
            capsys, "export", "--query", "is:kept", "--format", fmt, "-o", str(target), demo
        )
        assert code == 1 and out == ""
    assert target.read_text(encoding="utf-8") == "my reading list\n"  # left as it was


def test_export_json_of_nothing_is_an_empty_array_on_stdout(capsys, demo):
    code, out, err = run(capsys, "export", "--query", "is:kept", "--format", "json", demo)
    assert code == 1 and json.loads(out) == []
    assert "no papers match 'is:kept'" in err
    code, out, _ = run(capsys, "export", "--query", "is:kept", "--format", "csv", demo)
    assert code == 1 and out == ""


def test_export_needs_a_format(capsys, demo):
    code, _, err = run(capsys, "export", demo)
    assert code == 2 and "--format" in err


def test_options_with_values_before_the_command_name_are_skipped(capsys):
    code, out, _ = run(capsys, "--limit", "1", "search", "diffusion")
    assert code == 0 and len(out.splitlines()) == 1


def test_markdown_titles_are_plain_and_brackets_escaped(capsys, tmp_path):
    record = {
        "title": r"[Re] Tight Bounds for $\alpha$-Mixing Chains",
        "authors": ["Grace Hopper"],
        "abstract": "A reproduction of mixing bounds. Paper: https://arxiv.org/abs/2402.00002.",
        "year": 2024,
    }
    source = str(write_jsonl(tmp_path / "re.jsonl", [record]))
    code, out, _ = run(capsys, "export", "--format", "markdown", source)
    assert code == 0
    first = out.splitlines()[0]
    assert first == r"- [\[Re\] Tight Bounds for α-Mixing Chains](https://arxiv.org/abs/2402.00002)"


def test_cite_query_with_a_triage_filter_and_a_list_folder(capsys, tmp_path, store):
    folder = tmp_path / "lists"
    write_jsonl(folder / "demo.jsonl", RECORDS)
    (paper_id,) = ids_for(capsys, "privacy amplification", str(folder))
    store.set_state(paper_id, "kept")
    code, out, _ = run(capsys, "cite", "--query", "is:kept", str(folder), "--format", "pandoc")
    assert code == 0 and out == "[@dwork2024privacy]\n"
    code, out, err = run(capsys, "cite", "--query", "is:kept", "/no/such/list.txt")
    assert code == 2 and out == "" and "not both" in err


def test_cite_help_explains_ids_and_lists(capsys):
    code, out, _ = run(capsys, "cite", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "exists on disk as a file or folder is read as a paper list" in text


def test_a_damaged_triage_file_is_reported_and_left_alone(capsys, demo):
    db = resolve().state_db
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_bytes(b"this is not a database at all\n" * 10)
    before = db.read_bytes()
    code, out, err = run(capsys, "search", "is:kept", demo)
    assert code == 1 and out == "" and "damaged" in err
    assert db.read_bytes() == before


# -- the resolver itself ----------------------------------------------------------------


def test_resolver_without_a_store_answers_empty_sets():
    resolve = filter_resolver(None)
    assert resolve("is", "kept") == set()
    assert resolve("is", "*") == set()
    assert resolve("tag", "x") == set()
    assert resolve("has", "note") == set()
    assert resolve("is", "bogus") is None
    assert resolve("has", "code") is None
    assert resolve("year", "2024") is None


def test_resolver_over_a_store():
    store = Store.in_memory()
    store.set_state("a", "kept")
    store.set_state("b", "skip")
    store.add_tag("b", "To Read")
    store.set_note("c", "later")
    resolve = filter_resolver(store)
    assert resolve("is", "kept") == {"a"}
    assert resolve("is", "skip") == {"b"}
    assert resolve("is", "*") == {"a", "b"}
    assert resolve("tag", "to read") == {"b"}
    assert resolve("has", "note") == {"c"}
    assert resolve("is", "new") is None  # the engine derives is:new from is:*


def test_unknown_states_and_open_existing(tmp_path):
    assert unknown_states("x is:kept -is:bogus (is:read OR is:nope)") == ["is:bogus", "is:nope"]
    assert unknown_states("tag:anything has:note") == []
    path = tmp_path / "triage.sqlite3"
    assert open_existing(path) is None and not path.exists()
    Store.open(path).close()
    store = open_existing(path)
    assert store is not None and store.problem is None
    store.close()


def test_export_of_urls_says_which_papers_have_no_page(capsys, tmp_path):
    # "wrote 100 papers" for a file of 3 lines: papers without a page were dropped unsaid
    source = tmp_path / "some.jsonl"
    records = [
        {"title": "Paged One", "abstract": "First.", "url": "https://example.org/one"},
        {"title": "Unpaged Two", "abstract": "Second."},
        {"title": "Paged Three", "abstract": "Third.", "url": "https://example.org/three"},
    ]
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    target = tmp_path / "urls.txt"
    code, _out, err = run(capsys, "export", "--format", "urls", "-o", str(target), str(source))
    assert code == 0
    assert target.read_text().splitlines() == [
        "https://example.org/one",
        "https://example.org/three",
    ]
    assert "1 of 3 papers has no web page; it is not" in err and "wrote 2 URLs" in err
    code, out, err = run(capsys, "export", "--query", "unpaged", "--format", "urls", str(source))
    assert code == 1 and out == "" and "the paper has no web page; it is not in the list" in err


def test_export_of_urls_counts_the_papers_left_out_as_every_count_is_written():
    # "182 of 1061 papers have no web page", where every other count reads "1,061"
    from tuireader.cli import _no_page_note

    assert _no_page_note(182, 1061).startswith("182 of 1,061 papers have no web page;")
    assert _no_page_note(1, 1061).startswith("1 of 1,061 papers has no web page;")
    assert _no_page_note(1, 1) == "the paper has no web page; it is not in the list"


def test_export_urls_leaves_out_a_link_the_abstract_mentions(capsys, tmp_path):
    # export --format urls gave L4DC's "Lyceum" paper https://www.lyceum.ml, a site its
    # abstract names, as the paper's URL, where every citation gives it none
    source = tmp_path / "l4dc.bib"
    slice_ = (
        Path(__file__).parent
        / "fixtures"
        / "roundtrip"
        / "pmlr_l4dc2020_links_in_abstracts_slice.bib"
    )
    source.write_bytes(slice_.read_bytes())
    code, out, err = run(
        capsys, "export", "--format", "urls", "--data-dir", str(tmp_path / "d"), str(source)
    )
    assert code == 1 and out == ""
    assert "2 of 2 papers have no web page" in err


def test_an_unquoted_query_of_two_words_is_told_how_to_quote_it(capsys, tmp_path, monkeypatch):
    # "models: no such file / no papers could be loaded", and nothing more
    monkeypatch.chdir(tmp_path)
    code, _out, err = run(capsys, "search", "diffusion", "models")
    assert code == 2 and "quote it: tuireader search 'diffusion models'" in err
    code, _out, err = run(capsys, "search", "diffusion", "./models.json")
    assert code == 2 and "quote it" not in err  # a path, plainly


def test_export_leaves_a_file_that_is_not_an_export_alone_unless_forced(capsys, demo, tmp_path):
    bibliography = tmp_path / "refs.bib"
    mine = "@article{mine2020,\n  title = {My Own Paper},\n  author = {Me},\n}\n"
    bibliography.write_text(mine, encoding="utf-8")
    listed = tmp_path / "old.jsonl"
    listed.write_bytes((tmp_path / "demo.jsonl").read_bytes())
    for target, fmt in ((bibliography, "bibtex"), (listed, "csv"), (bibliography, "json")):
        before = target.read_bytes()
        code, out, err = run(capsys, "export", "--format", fmt, "-o", str(target), demo)
        assert code == 2 and out == ""
        assert "something other than a tuireader export" in err and "--force" in err
        assert "nothing was written" in err
        assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.jsonl", "old.jsonl", "refs.bib"]
    code, _, err = run(
        capsys, "export", "--format", "bibtex", "--force", "-o", str(bibliography), demo
    )
    assert code == 0 and "it replaces what the file held" in err
    assert "mine2020" not in bibliography.read_text(encoding="utf-8")


@pytest.mark.parametrize("first", ["bibtex", "markdown", "csv", "json", "urls"])
def test_export_replaces_an_earlier_export_of_any_format_without_asking(
    capsys, demo, triaged, tmp_path, first
):
    target = tmp_path / "export.out"
    # a paper with a page of its own, which --format urls gives (a link an abstract
    # mentions is none)
    paged = str(write_jsonl(tmp_path / "paged.jsonl", [{**RECORDS[0], "url": PAGE}, *RECORDS[1:]]))
    code, _, _ = run(capsys, "export", "--format", first, "-o", str(target), paged)
    assert code == 0 and target.stat().st_size > 0
    for fmt in ("bibtex", "markdown", "csv", "json", "urls"):
        code, _, err = run(capsys, "export", "--format", fmt, "-o", str(target), paged)
        assert code == 0 and "it replaces what the file held" in err, (first, fmt, err)


def _bib_with(tmp_path, extra: str) -> str:
    path = tmp_path / "library.bib"
    path.write_text(
        "@article{doe2020,\n  author = {Doe, Jane},\n  title = {Open Science},\n"
        f"  journal = {{J}},\n  year = {{2020}},\n{extra}}}\n",
        encoding="utf-8",
    )
    return str(path)


def test_cite_warns_of_nothing_in_a_note_it_does_not_print(capsys, tmp_path):
    # the note (annote) is the user's and is left out of a printed citation: a stray
    # invisible character in it is nothing the citation lost
    source = _bib_with(tmp_path, "  annote = {pasted\u200b note},\n")
    (paper_id,) = ids_for(capsys, "open science", source)
    code, out, err = run(capsys, "cite", paper_id, source)
    assert code == 0 and "Open Science" in out and "note" not in out
    assert err == ""


def test_cite_warns_of_the_abstract_only_when_it_prints_it(capsys, tmp_path):
    source = _bib_with(tmp_path, "  abstract = {We share\u200b data.},\n")
    (paper_id,) = ids_for(capsys, "open science", source)
    code, out, err = run(capsys, "cite", paper_id, source)
    assert code == 0 and "share" not in out and err == ""
    code, out, err = run(capsys, "cite", paper_id, source, "--abstract")
    assert code == 0 and "We share data." in out
    assert "unsafe characters removed" in err


def test_cite_says_an_option_that_would_do_nothing_rather_than_leave_it_out(capsys):
    # cite ID --format apa --abstract printed no abstract, and cite ID --limit 2 cited
    # every id, neither with a word: the user took the option to have been followed
    paper_id = "fhg466ju"  # a seed paper with an abstract
    code, out, err = run(capsys, "cite", paper_id, "--format", "apa", "--abstract")
    assert code == 2 and out == ""
    assert "--abstract goes into BibTeX and BibLaTeX entries, RIS records and CSL-JSON" in err
    assert "--format apa has no place" in err
    code, out, err = run(capsys, "cite", paper_id, "--limit", "2")
    assert code == 2 and out == "" and "--limit goes with --query" in err
    for fmt in ("bibtex", "biblatex"):
        code, out, err = run(capsys, "cite", paper_id, "--format", fmt, "--abstract")
        assert code == 0 and "abstract = {" in out, err
    # RIS and CSL-JSON have a place for it, as cite --help says (they were refused)
    code, out, err = run(capsys, "cite", paper_id, "--format", "ris", "--abstract")
    assert code == 0 and "\nAB  - " in out, err
    code, out, err = run(capsys, "cite", paper_id, "--format", "csl-json", "--abstract")
    assert code == 0 and '"abstract": ' in out, err


def test_export_and_cite_follow_the_order_a_querys_sort_asks_for(capsys, tmp_path):
    # search 'walrus sort:list' gave the list's order; export --query and cite --query
    # gave the same papers best match first, sort: left out without a word
    records = [
        {"title": "Counting seals from the air", "abstract": "One walrus was seen too."},
        {"title": "Walrus walrus walrus", "abstract": "The walrus, walrus and walrus."},
        {"title": "Ice floes and a walrus", "abstract": "A walrus on the ice."},
    ]
    source = tmp_path / "animals.json"
    source.write_text(json.dumps(records), encoding="utf-8")

    def titles(*argv: str) -> list[str]:
        code, out, err = run(capsys, *argv, str(source))
        assert code == 0, err
        return [paper["title"] for paper in json.loads(out)]

    by_list = [record["title"] for record in records]
    by_relevance = titles("export", "--format", "json", "--query", "walrus")
    assert by_relevance != by_list  # else the test would show nothing
    assert titles("export", "--format", "json", "--query", "walrus sort:list") == by_list
    code, out, err = run(
        capsys, "cite", "--query", "walrus sort:list", "--format", "apa", str(source)
    )
    assert code == 0, err
    cited = [next(t for t in by_list if t in line) for line in out.splitlines()]
    assert cited == by_list
    code, out, err = run(
        capsys,
        "cite",
        "--query",
        "walrus sort:list",
        "--limit",
        "1",
        "--format",
        "apa",
        str(source),
    )
    assert code == 0 and by_list[0] in out and len(out.splitlines()) == 1, err


def test_export_leaves_a_list_of_links_alone_and_replaces_its_own(capsys, tmp_path):
    # export --format urls -o reading.txt wrote over the user's own list of links,
    # taken for an earlier export of URLs: nothing asked for --force
    source = tmp_path / "walrus.json"
    source.write_text(
        json.dumps([{"title": "Walrus counting", "url": "https://example.org/walrus"}]),
        encoding="utf-8",
    )
    mine = tmp_path / "reading.txt"
    mine.write_text("https://example.org/my-bookmark\nhttps://example.com/more\n")
    before = mine.read_bytes()
    for fmt in ("urls", "markdown"):
        code, _out, err = run(capsys, "export", "--format", fmt, "-o", str(mine), str(source))
        assert code == 2 and "--force" in err and mine.read_bytes() == before, fmt
    ours = tmp_path / "export.txt"
    for fmt in ("urls", "markdown", "urls"):
        code, _out, err = run(capsys, "export", "--format", fmt, "-o", str(ours), str(source))
        assert code == 0, (fmt, err)
    assert ours.read_text() == "https://example.org/walrus\n"


def test_a_search_cut_short_counts_its_papers_as_every_count_is_written(capsys, tmp_path):
    # "showing 2 of 1061 papers", where every other count reads "1,061"
    source = tmp_path / "many.jsonl"
    records = [{"title": f"Paper number {n}", "abstract": "Words."} for n in range(1001)]
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    code, _out, err = run(
        capsys, "search", "", "--limit", "2", "--data-dir", str(tmp_path / "d"), str(source)
    )
    assert code == 0
    assert "showing 2 of 1,001 papers (use --limit)" in err
