"""Two lists of one file name in the library (a list and an edited copy of it in another
folder): each has a name of its own, which ``add`` says and ``lists``, ``remove`` and
``list:`` take."""

from __future__ import annotations

import json

from tuireader.cli import main
from tuireader.system import shelf
from tuireader.system.paths import resolve

ALPHA = {
    "title": "Alpha Sparse Attention for Long Documents",
    "authors": ["Ada Lovelace"],
    "abstract": "We make attention sparse so that long documents fit in memory.",
    "year": 2024,
    "openreview_id": "AlphaFrm01",
}
BETA = {
    "title": "Beta Kernels for Small Tabular Data",
    "authors": ["Grace Hopper"],
    "abstract": "Kernel methods still win on small tabular data sets, we find.",
    "year": 2024,
    "openreview_id": "BetaFrm002",
}
GAMMA = {
    "title": "Gamma Rays of Gradient Noise",
    "authors": ["Alan Turing"],
    "abstract": "Gradient noise has heavy tails; we measure them in many models.",
    "year": 2024,
    "openreview_id": "GammaFrm03",
}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(path, records):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def entry_names() -> list[str]:
    return [entry.name for entry in shelf.load(resolve(None)).entries]


def test_a_list_added_beside_one_of_its_name_is_named_apart_and_said_so(capsys, tmp_path):
    first = write(tmp_path / "orig" / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    assert run(capsys, "add", str(first))[0] == 0
    code, out, err = run(capsys, "add", str(copy))
    assert code == 0, err
    # it said "added papers (2 papers)", and the library held two lists named papers
    assert out == (
        f"added papers (2 papers) as 'papers (copy/papers.jsonl)' (a list named papers "
        f"is in your library: {first}): {copy}\n"
    )
    assert entry_names() == ["papers", "papers (copy/papers.jsonl)"]
    code, out, _ = run(capsys, "lists")
    rows = [line.split("  /")[0].strip() for line in out.splitlines()[:2]]
    assert rows == ["2  papers", "2  papers (copy/papers.jsonl)"]


def test_each_of_two_lists_of_one_name_is_removed_by_its_own(capsys, tmp_path):
    first = write(tmp_path / "orig" / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    run(capsys, "add", str(first), str(copy))
    # `remove papers` named both lists ("give the path") and removed neither
    code, out, err = run(capsys, "remove", "papers")
    assert code == 0, err
    assert out.startswith(f"removed papers ({first})")
    # the list left is named by its file again
    assert entry_names() == ["papers"]
    run(capsys, "add", str(first))
    assert entry_names() == ["papers", "papers (orig/papers.jsonl)"]
    code, out, err = run(capsys, "remove", "papers (orig/papers.jsonl)")
    assert code == 0, err
    assert out == f"removed 'papers (orig/papers.jsonl)' ({first}); its triage is kept\n"
    assert [entry.path for entry in shelf.load(resolve(None)).entries] == [copy]


def test_list_takes_the_name_the_library_gives_each(capsys, tmp_path):
    first = write(tmp_path / "orig" / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    run(capsys, "add", str(first), str(copy))
    code, out, err = run(capsys, "search", 'list:"papers (copy/papers.jsonl)"')
    assert code == 0, err
    assert "Alpha" in out and "Gamma" in out and "Beta" not in out


def test_names_told_apart_follow_the_order_of_the_library(tmp_path):
    # not written: removing the first gives the second its own name back
    folder = tmp_path / "lists"
    a = write(folder / "a" / "x.jsonl", [ALPHA])
    b = write(folder / "b" / "x.jsonl", [BETA])
    c = write(folder / "c" / "x.csv", [GAMMA])
    d = write(folder / "c" / "X.jsonl", [GAMMA])
    paths = resolve(tmp_path / "data")
    shelf.add(paths, [a, b, c, d])
    names = [entry.name for entry in shelf.load(paths).entries]
    assert names == ["x", "x (b/x.jsonl)", "x (x.csv)", "X (X.jsonl)"]
    assert "x (b/x.jsonl)" not in shelf.shelf_file(paths).read_text(encoding="utf-8")
    shelf.remove(paths, ["x"])
    assert [entry.name for entry in shelf.load(paths).entries] == ["x", "x (x.csv)", "X (X.jsonl)"]


# -- a paper both lists hold, its text edited in one ------------------------------------

EDITED = {**ALPHA, "abstract": ALPHA["abstract"] + " Zebrafinch words were added by hand."}


def test_the_text_of_the_list_added_last_is_shown_and_searched_and_said(capsys, tmp_path):
    first = write(tmp_path / "orig" / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [EDITED, BETA])
    run(capsys, "add", str(first))
    code, out, err = run(capsys, "add", str(copy))
    assert code == 0, err
    # the copy's edits were lost without a word: shown, searched and said nowhere
    assert out.splitlines()[1] == (
        "papers (copy/papers.jsonl): 1 of its papers is in papers with another abstract; "
        "it is shown and searched as this list gives it (the list added last)"
    )
    code, out, err = run(capsys, "search", "zebrafinch")
    assert code == 0 and "Alpha Sparse Attention" in out, err
    paper_id = out.split()[0]
    code, out, _ = run(capsys, "show", paper_id)
    assert "Zebrafinch words were added by hand." in out
    # the copy taken out, the paper is as the first list gives it again
    assert run(capsys, "remove", "papers (copy/papers.jsonl)")[0] == 0
    code, out, _ = run(capsys, "show", paper_id)
    assert "Zebrafinch" not in out and ALPHA["abstract"] in out
    assert run(capsys, "search", "zebrafinch")[0] == 1


def test_the_same_text_spaced_otherwise_is_not_said_to_differ(capsys, tmp_path):
    first = write(tmp_path / "orig" / "papers.jsonl", [ALPHA, BETA])
    spaced = {**ALPHA, "abstract": ALPHA["abstract"].replace(" ", "  ") + "\n"}
    copy = write(tmp_path / "copy" / "papers.jsonl", [spaced, BETA])
    run(capsys, "add", str(first))
    code, out, err = run(capsys, "add", str(copy))
    assert code == 0, err
    assert len(out.splitlines()) == 1 and "another" not in out + err


def test_a_mark_stays_with_its_paper_as_the_copy_comes_and_either_list_goes(capsys, tmp_path):
    for gone in ("papers", "papers (copy/papers.jsonl)"):
        home = tmp_path / gone.replace(" ", "_").replace("/", "_")
        first = write(home / "orig" / "papers.jsonl", [ALPHA, BETA])
        copy = write(home / "copy" / "papers.jsonl", [EDITED, BETA])
        data = ["--data-dir", str(home / "data")]
        run(capsys, *data, "add", str(first))
        code, out, _ = run(capsys, *data, "search", "Alpha Sparse")
        paper_id = out.split()[0]
        code, _out, err = run(capsys, *data, "triage", paper_id, "--state", "kept", "--tag", "x")
        assert code == 0, err
        run(capsys, *data, "add", str(copy))
        code, out, err = run(capsys, *data, "search", "is:kept")
        assert code == 0 and out.split()[0] == paper_id, err
        assert run(capsys, *data, "remove", gone)[0] == 0
        code, out, err = run(capsys, *data, "search", "is:kept tag:x")
        assert code == 0 and out.split()[0] == paper_id and "Alpha" in out, err
        assert len(out.splitlines()) == 1


def test_a_paper_of_two_lists_has_the_text_of_the_one_read_last_and_one_id(tmp_path):
    from tuireader.ingest.library import load_library

    first = write(tmp_path / "a" / "first.jsonl", [ALPHA, BETA])
    edited = {**EDITED, "title": "Alpha Sparse Attention for Long Documents, Revised"}
    later = write(tmp_path / "b" / "later.jsonl", [edited])
    both = load_library([first, later])
    alpha = both.papers[0]
    assert (alpha.title, alpha.abstract) == (edited["title"], EDITED["abstract"])
    assert both.papers[0].lists == ("first", "later")
    # the other way round, the first list's; the paper keeps its id either way
    back = load_library([later, first])
    alpha = next(p for p in back.papers if p.id == alpha.id)
    assert (alpha.title, alpha.abstract) == (ALPHA["title"], ALPHA["abstract"])


# -- lists whose papers are known by the list's own ids ---------------------------------

ZOTERO = [
    {
        "id": "abbottUnderstandingAnalysis2015",
        "type": "book",
        "title": "Understanding Analysis",
        "author": [{"family": "Abbott", "given": "Stephen"}],
        "issued": {"date-parts": [[2015]]},
    },
    {
        "id": "axlerLinearAlgebraDone2015",
        "type": "book",
        "title": "Linear Algebra Done Right",
        "author": [{"family": "Axler", "given": "Sheldon"}],
        "issued": {"date-parts": [[2015]]},
    },
]


def test_a_copy_of_a_list_of_own_ids_holds_the_same_papers_not_others(capsys, tmp_path):
    # the papers of a Zotero export are known by its keys, which were taken for another
    # list's in a copy of it: each paper was listed twice, marked once
    first = tmp_path / "orig" / "refs.json"
    copy = tmp_path / "copy" / "refs.json"
    for path in (first, copy):
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps(ZOTERO), encoding="utf-8")
    from tuireader.ingest.library import load_library

    both = load_library([first, copy])
    assert [p.lists for p in both.papers] == [("refs", "refs (copy/refs.json)")] * 2
    alone = load_library([first])
    assert [p.id for p in both.papers] == [p.id for p in alone.papers]
    # and a mark stays on its paper as the copy comes and the first list goes
    run(capsys, "add", str(first))
    code, out, _ = run(capsys, "search", "Understanding Analysis")
    paper_id = out.split()[0]
    assert run(capsys, "triage", paper_id, "--state", "kept")[0] == 0
    run(capsys, "add", str(copy))
    code, out, err = run(capsys, "search", "Understanding Analysis")
    assert code == 0 and len(out.splitlines()) == 1 and out.split()[0] == paper_id, err
    assert run(capsys, "remove", "refs")[0] == 0
    code, out, err = run(capsys, "search", "is:kept")
    assert code == 0 and out.split()[0] == paper_id and "Understanding" in out, err


def test_a_file_named_as_a_list_a_folder_holds_is_said_named_apart(capsys, tmp_path):
    # add said "added papers (2 papers)" of it, the list the library names
    # "papers (copy/papers.jsonl)" beside the folder's papers.jsonl
    folder = tmp_path / "real"
    first = write(folder / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    assert run(capsys, "add", str(folder))[0] == 0
    code, out, err = run(capsys, "add", str(copy))
    assert code == 0, err
    assert out == (
        f"added papers (2 papers) as 'papers (copy/papers.jsonl)' (a list named papers "
        f"is in your library: {first}): {copy}\n"
    )
    code, out, err = run(capsys, "search", 'list:"papers (copy/papers.jsonl)"')
    assert code == 0, err
    assert "Alpha" in out and "Gamma" in out and "Beta" not in out


def test_a_file_of_a_name_of_its_own_beside_a_folder_is_added_as_before(capsys, tmp_path):
    folder = tmp_path / "real"
    write(folder / "papers.jsonl", [ALPHA, BETA])
    other = write(tmp_path / "copy" / "more.jsonl", [GAMMA])
    run(capsys, "add", str(folder))
    code, out, err = run(capsys, "add", str(other))
    assert code == 0, err
    assert out == f"added more (1 paper): {other}\n"


def test_lists_and_remove_name_a_file_apart_from_a_folders_list_of_its_name(capsys, tmp_path):
    # lists showed two lists called papers, and remove took no name for the file's
    folder = tmp_path / "real"
    write(folder / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    run(capsys, "add", str(folder))
    run(capsys, "add", str(copy))
    code, out, err = run(capsys, "lists")
    assert code == 0, err
    assert f"2  papers (copy/papers.jsonl)  {copy}\n" in out
    code, out, err = run(capsys, "remove", "papers (copy/papers.jsonl)")
    assert code == 0, err
    assert [entry.path for entry in shelf.load(resolve(None)).entries] == [folder]


def test_lists_json_names_a_file_apart_from_a_folders_list_of_its_name(capsys, tmp_path):
    # the library's entry of the file was "papers" in lists --json, a name remove and
    # list: take for the folder's list, where lists shows it as the one named apart
    folder = tmp_path / "real"
    write(folder / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    run(capsys, "add", str(folder))
    run(capsys, "add", str(copy))
    code, out, err = run(capsys, "lists", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [(e["name"], e["kind"], e["path"], e["papers"]) for e in data["library"]["entries"]] == [
        ("real", "folder", str(folder), 2),
        ("papers (copy/papers.jsonl)", "file", str(copy), 2),
    ]
    assert [pl["name"] for pl in data["lists"]] == ["papers", "papers (copy/papers.jsonl)"]
    # each name as it is given is one remove takes
    code, out, err = run(capsys, "remove", data["library"]["entries"][1]["name"])
    assert code == 0, err
    assert [entry.path for entry in shelf.load(resolve(None)).entries] == [folder]


def test_lists_puts_the_paths_in_one_column_beside_a_name_told_apart(capsys, tmp_path):
    # the column was as wide as the library's names of the entries ("papers"), so the
    # path of the file named apart stood further right than the folder's
    folder = tmp_path / "real"
    write(folder / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    run(capsys, "add", str(folder))
    run(capsys, "add", str(copy))
    code, out, err = run(capsys, "lists")
    assert code == 0, err
    lines = out.splitlines()
    shown = "papers (copy/papers.jsonl)"
    assert lines[0] == f"     2  {'real':<{len(shown)}}  {folder}"
    assert lines[2] == f"     2  {shown}  {copy}"


def test_add_json_names_a_file_apart_from_a_folders_list_of_its_name(capsys, tmp_path):
    # add --json gave the file's list as "papers", where add said it was added "as
    # 'papers (copy/papers.jsonl)'", the name lists shows and remove takes
    folder = tmp_path / "real"
    write(folder / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    run(capsys, "add", str(folder))
    for status in ("added", "already"):
        code, out, err = run(capsys, "add", str(copy), "--json")
        assert code == 0, err
        assert [(e["name"], e["status"]) for e in json.loads(out)["lists"]] == [
            ("papers (copy/papers.jsonl)", status)
        ]


def test_lists_json_names_two_files_of_one_name_as_lists_shows_them(capsys, tmp_path):
    first = write(tmp_path / "orig" / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    run(capsys, "add", str(first), str(copy))
    code, out, err = run(capsys, "lists", "--json")
    assert code == 0, err
    data = json.loads(out)
    expected = ["papers", "papers (copy/papers.jsonl)"]
    assert [e["name"] for e in data["library"]["entries"]] == expected
    assert [pl["name"] for pl in data["lists"]] == expected


# -- list: of the name of a list that another is named apart from ----------------------


def _titles(capsys, query: str, *extra: str) -> set[str]:
    code, out, err = run(capsys, "search", "--limit", "50", *extra, "--", query)
    assert code in (0, 1), err
    found = {"Alpha", "Beta", "Gamma"}
    return {word for line in out.splitlines() for word in line.split() if word in found}


def test_list_of_a_name_finds_that_list_not_the_one_named_apart_from_it(capsys, tmp_path):
    # list:papers found the copy's papers too, "papers" being a word of its name
    first = write(tmp_path / "orig" / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    run(capsys, "add", str(first), str(copy))
    assert _titles(capsys, "list:papers") == {"Alpha", "Beta"}
    assert _titles(capsys, "list:Papers") == {"Alpha", "Beta"}
    assert _titles(capsys, "-list:papers") == {"Gamma"}
    assert _titles(capsys, "list:papers", "--prefix") == {"Alpha", "Beta"}
    # the copy by the name the library gives it, or by the words that tell it apart
    assert _titles(capsys, 'list:"papers (copy/papers.jsonl)"') == {"Alpha", "Gamma"}
    assert _titles(capsys, "list:copy") == {"Alpha", "Gamma"}
    assert _titles(capsys, 'list:"copy/papers.jsonl"') == {"Alpha", "Gamma"}
    # a word being typed is a word of either's name yet
    assert _titles(capsys, "list:pape", "--prefix") == {"Alpha", "Beta", "Gamma"}


def test_list_of_a_venue_or_file_name_finds_that_list_not_the_copy(capsys, tmp_path):
    # lists named by their papers' venue ("ICML 2024", "ICML 2024 (b/icml2024.jsonl)")
    venue = {"venue": "ICML 2024"}
    first = write(tmp_path / "a" / "icml2024.jsonl", [{**ALPHA, **venue}, {**BETA, **venue}])
    copy = write(tmp_path / "b" / "icml2024.jsonl", [{**ALPHA, **venue}, {**GAMMA, **venue}])
    run(capsys, "add", str(first), str(copy))
    assert [line.split("  /")[0].strip() for line in run(capsys, "lists")[1].splitlines()[:2]] == [
        "2  icml2024",
        "2  icml2024 (b/icml2024.jsonl)",
    ]
    for query in ("list:icml2024", 'list:"ICML 2024"'):
        assert _titles(capsys, query) == {"Alpha", "Beta"}, query
    for query in ('list:"icml2024 (b/icml2024.jsonl)"', 'list:"ICML 2024 (b/icml2024.jsonl)"'):
        assert _titles(capsys, query) == {"Alpha", "Gamma"}, query
    assert _titles(capsys, "list:icml") == {"Alpha", "Beta", "Gamma"}


def test_list_of_a_name_finds_that_list_on_the_scan_without_an_index_too(tmp_path):
    from tuireader.search.engine import Engine
    from tuireader.session import load_session

    first = write(tmp_path / "orig" / "papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "papers.jsonl", [ALPHA, GAMMA])
    paths = resolve(tmp_path / "data")
    shelf.add(paths, [first, copy])
    library = load_session(shelf.sources(paths), data_dir=paths.root).library
    scanned = Engine(library, None, paths=paths)

    def titles(query: str) -> set[str]:
        return {hit.paper.title.split()[0] for hit in scanned.search(query, limit=None).hits}

    assert titles("list:papers") == {"Alpha", "Beta"}
    assert titles("-list:papers") == {"Gamma"}
    assert titles('list:"papers (copy/papers.jsonl)"') == {"Alpha", "Gamma"}
    # read without the library (files named on the command line), the lists' own names
    alone = Engine(library, None)
    assert {hit.paper.title.split()[0] for hit in alone.search("list:papers").hits} == {
        "Alpha",
        "Beta",
    }


def _folder_and_file(capsys, tmp_path):
    """A folder holding robot_papers.jsonl and a file of that name added after it: the
    file's list is shown as "robot_papers (copy/robot_papers.jsonl)"."""
    folder = tmp_path / "real"
    write(folder / "robot_papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "robot_papers.jsonl", [ALPHA, GAMMA])
    run(capsys, "add", str(folder))
    run(capsys, "add", str(copy))
    return folder, copy


def test_a_list_named_apart_is_said_removed_by_its_name_once_and_its_file(capsys, tmp_path):
    # "'robot_papers (copy' is robot_papers (copy/robot_papers.jsonl) (robot_papers)",
    # then "removed robot_papers (/…/copy/robot_papers.jsonl)": the name lists shows,
    # with the one it does not, then only the one it does not
    folder, copy = _folder_and_file(capsys, tmp_path)
    before = shelf.shelf_file(resolve(None)).read_bytes()
    removed = f"removed 'robot_papers (copy/robot_papers.jsonl)' ({copy}); its triage is kept\n"
    for typed, said in [
        (
            "robot_papers (copy",
            "tuireader: 'robot_papers (copy' is 'robot_papers (copy/robot_papers.jsonl)'\n",
        ),
        ("robot_papers (copy/robot_papers.jsonl)", ""),  # its whole name: nothing to add
        (str(copy), ""),
    ]:
        code, out, err = run(capsys, "remove", typed)
        assert (code, out, err) == (0, removed, said), typed
        assert [entry.path for entry in shelf.load(resolve(None)).entries] == [folder]
        shelf.shelf_file(resolve(None)).write_bytes(before)


def test_lists_named_apart_are_named_once_where_a_name_fits_several(capsys, tmp_path):
    # "  robot_papers  /…/copy/robot_papers.jsonl  (robot_papers (copy/…))": the name
    # lists does not show, then the one it shows in brackets
    folder, copy = _folder_and_file(capsys, tmp_path)
    code, out, err = run(capsys, "remove", "robot")
    assert code == 1 and out == ""
    assert err.splitlines()[1:] == [
        f"tuireader:   real  {folder}  (robot_papers)",
        f"tuireader:   robot_papers (copy/robot_papers.jsonl)  {copy}",
        "tuireader: nothing removed",
    ]
    code, out, err = run(capsys, "remove", "robots")
    assert code == 1 and "(lists: real, robot_papers (copy/robot_papers.jsonl))" in err


def test_two_files_of_one_name_are_each_named_once_where_a_name_fits_both(capsys, tmp_path):
    # "  robot_papers (copy/…)  /…/copy/robot_papers.jsonl  (robot_papers (copy/…))"
    first = write(tmp_path / "orig" / "robot_papers.jsonl", [ALPHA, BETA])
    copy = write(tmp_path / "copy" / "robot_papers.jsonl", [ALPHA, GAMMA])
    run(capsys, "add", str(first), str(copy))
    code, out, err = run(capsys, "remove", "robot")
    assert code == 1 and out == ""
    assert err.splitlines()[1:3] == [
        f"tuireader:   robot_papers  {first}",
        f"tuireader:   robot_papers (copy/robot_papers.jsonl)  {copy}",
    ]
    code, out, err = run(capsys, "remove", "robot_papers (copy")
    assert (
        code == 0
        and err == "tuireader: 'robot_papers (copy' is 'robot_papers (copy/robot_papers.jsonl)'\n"
    )
    assert out == f"removed 'robot_papers (copy/robot_papers.jsonl)' ({copy}); its triage is kept\n"


def test_list_of_a_file_name_finds_every_list_of_it_and_with_its_folder_that_one(capsys, tmp_path):
    # list:m1.bib found the copy's papers alone ("m1" and "bib" being words of its name
    # only), and list:dupA/m1.bib no list, where remove m1.bib says it names both
    first = tmp_path / "dupA" / "m1.bib"
    copy = tmp_path / "dupB" / "m1.bib"
    first.parent.mkdir()
    copy.parent.mkdir()
    entries = {
        "alpha": ("Alpha Sparse Attention for Long Documents", "Lovelace, Ada"),
        "beta": ("Beta Kernels for Small Tabular Data", "Hopper, Grace"),
        "gamma": ("Gamma Rays of Gradient Noise", "Turing, Alan"),
    }

    def bib(*keys: str) -> str:
        return "".join(
            f"@article{{{key}2024, title={{{entries[key][0]}}}, author={{{entries[key][1]}}}, "
            "year={2024}, journal={J}}\n"
            for key in keys
        )

    first.write_text(bib("alpha", "beta"), encoding="utf-8")
    copy.write_text(bib("alpha", "gamma"), encoding="utf-8")
    run(capsys, "add", str(first), str(copy))
    for query in ("list:m1.bib", "list:M1.bib", 'list:"m1.bib"'):
        assert _titles(capsys, query) == {"Alpha", "Beta", "Gamma"}, query
    for query in ("list:dupA/m1.bib", 'list:"dupa/m1.bib"', f'list:"{first}"'):
        assert _titles(capsys, query) == {"Alpha", "Beta"}, query
    assert _titles(capsys, "list:dupB/m1.bib") == {"Alpha", "Gamma"}
    assert _titles(capsys, "-list:dupA/m1.bib") == {"Gamma"}
    code, _out, err = run(capsys, "search", "--", "list:dupA/m1.bib gamma")
    assert code == 1 and "no list is named" not in err, err
    # the list's own name as ever
    assert _titles(capsys, "list:m1") == {"Alpha", "Beta"}
