"""Loading a whole library: seeds, merging across lists, ids, folders and bad inputs."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tuireader.ingest import library as library_module
from tuireader.ingest import readers
from tuireader.ingest.library import expand_sources, load_library, normalise_text, paper_id
from tuireader.ingest.sources import not_read
from tuireader.ingest.titles import derive_title
from tuireader.system.resources import seeds_dir

FIXTURES = Path(__file__).parent / "fixtures" / "readers"


def write(path: Path, text: str | bytes) -> Path:
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


# --------------------------------------------------------------------------- seeds


def test_seeds_load_as_36_papers_from_38_abstracts() -> None:
    lib = load_library()
    assert lib.problems == ()
    assert [paper_list.name for paper_list in lib.lists] == [
        "ICML 2024 论文列表",
        "ICML 2024 Papers",
    ]
    assert [paper_list.count for paper_list in lib.lists] == [19, 19]
    assert len(lib) == 36
    in_both = [paper for paper in lib if len(paper.lists) == 2]
    assert len(in_both) == 2
    assert all(paper.lists == ("ICML 2024 论文列表", "ICML 2024 Papers") for paper in in_both)
    assert len({paper.id for paper in lib}) == 36
    assert [paper.order for paper in lib] == list(range(36))


def test_seed_papers_get_derived_titles() -> None:
    for paper in load_library():
        assert paper.title_derived
        assert paper.metadata_source == "derived"
        assert paper.title == derive_title(paper.abstract)


def test_seed_code_links_are_clean() -> None:
    urls = {link.url for paper in load_library() for link in paper.links}
    assert urls == {
        "https://github.com/YujunZhou/IGSG",
        "https://github.com/SVT-Yang/MedST",
        "https://github.com/Levi-Ackman/Leddam",
        "https://energy-based-model.github.io/decomp-diffusion",
        "https://github.com/HaokunGUI/VQ_MTM",
    }
    igsg = [p for p in load_library() if any("IGSG" in link.url for link in p.links)]
    assert len(igsg) == 1 and len(igsg[0].lists) == 2  # the shared paper, one link
    assert igsg[0].has_code


def test_list_ids_point_at_library_papers() -> None:
    lib = load_library()
    for paper_list in lib.lists:
        for pid in paper_list.paper_ids:
            paper = lib.get(pid)
            assert paper is not None and paper_list.name in paper.lists


# --------------------------------------------------------------------------- ids


def test_ids_are_stable_across_loads_and_processes() -> None:
    first = [paper.id for paper in load_library()]
    assert first == [paper.id for paper in load_library()]
    code = "from tuireader.ingest.library import load_library; print(' '.join(p.id for p in load_library()))"
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert other == first


def test_id_shape() -> None:
    pid = paper_id("Some abstract.")
    assert len(pid) == 8
    assert set(pid) <= set("abcdefghijklmnopqrstuvwxyz234567")
    assert paper_id("") != paper_id("", "A title") == paper_id("", "a  TITLE")


def test_ids_do_not_depend_on_position_or_other_papers(tmp_path: Path) -> None:
    seed = next(seeds_dir().glob("004_*.txt"))
    lines = seed.read_text(encoding="utf-8").split("\n\n")
    original = {p.abstract: p.id for p in load_library([seed])}

    edited = tmp_path / "edited.txt"
    header, *paragraphs = lines
    paragraphs = list(reversed(paragraphs))
    paragraphs[3] = paragraphs[3] + " An edit to this one paper."
    write(edited, "\n\n".join([header + " (edited)", "A brand new first paper.", *paragraphs]))
    changed = {p.abstract: p.id for p in load_library([edited])}

    same = set(original) & set(changed)
    assert len(same) == len(original) - 1
    assert all(original[abstract] == changed[abstract] for abstract in same)


def test_id_ignores_case_whitespace_quotes_and_dashes() -> None:
    a = "We show that ‘perfect’ models—sometimes—fail.\nReally."
    b = "we  show that 'perfect' models--sometimes---fail. really."
    assert normalise_text(a) == normalise_text(b)
    assert paper_id(a) == paper_id(b)
    assert paper_id(a) != paper_id("We show that models fail.")


def test_colliding_ids_are_extended_for_both(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(library_module, "ID_LENGTH", 1)
    lib = load_library()
    ids = [paper.id for paper in lib]
    assert len(set(ids)) == 36
    short = [pid for pid in ids if len(pid) == 1]
    long = [pid for pid in ids if len(pid) > 1]
    assert long, "36 papers must collide on one base32 character"
    # every extended id extends a prefix that two or more papers share
    for pid in long:
        assert sum(other.startswith(pid[0]) for other in ids) >= 2
    for pid in short:
        assert sum(other.startswith(pid) for other in ids) == 1
    # every id, short or extended, is a prefix of the paper's full digest
    for paper in lib:
        assert library_module._digest(normalise_text(paper.abstract)).startswith(paper.id)


def test_crafted_collision_extends_both_deterministically(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = library_module._digest

    def fake(text: str) -> str:
        digest = real(text)
        return "aaaaaaaa" + digest[8:] if text.startswith(("first", "second")) else digest

    monkeypatch.setattr(library_module, "_digest", fake)
    path = write(tmp_path / "l.txt", "L\n\nFirst paper.\n\nSecond paper.\n\nThird paper.")
    ids = [paper.id for paper in load_library([path])]
    assert len(ids[0]) == len(ids[1]) == 12
    assert ids[0].startswith("aaaaaaaa") and ids[1].startswith("aaaaaaaa") and ids[0] != ids[1]
    assert len(ids[2]) == 8
    assert ids == [paper.id for paper in load_library([path])]


# --------------------------------------------------------------------------- merging


def test_jsonl_and_bibtex_of_the_same_papers_merge() -> None:
    lib = load_library([FIXTURES / "icml2024_sample.jsonl", FIXTURES / "pmlr_sample.bib"])
    assert lib.problems == ()
    assert len(lib) == 5
    assert [paper_list.count for paper_list in lib.lists] == [5, 4]
    charmer = lib.papers[0]
    assert charmer.lists == ("ICML 2024", "pmlr_sample")
    assert charmer.venue == "ICML 2024"  # first source wins
    assert charmer.title == "Revisiting Character-level Adversarial Attacks for Language Models"
    assert not charmer.title_derived and charmer.metadata_source == "list"
    assert charmer.openreview_id == "AZWqXfM6z9"
    assert [link.kind for link in charmer.links] == ["code", "paper", "paper", "paper"]
    assert charmer.links[0].url == "https://github.com/LIONS-EPFL/Charmer"
    assert [paper.lists for paper in lib][-1] == ("ICML 2024",)


def test_later_sources_fill_missing_fields(tmp_path: Path) -> None:
    abstract = "A shared abstract with code at https://github.com/o/r."
    text = write(tmp_path / "a.txt", f"Reading list\n\n{abstract}\n\nOnly here.")
    rich = write(
        tmp_path / "b.jsonl",
        json.dumps(
            {
                "title": "Real Title",
                "authors": ["Ann Lee"],
                "abstract": abstract,
                "year": 2024,
                "venue": "ICML 2024",
                "url": "https://proceedings.mlr.press/v235/lee24a.html",
                "project_urls": ["https://o.github.io/r"],
            }
        )
        + "\n",
    )
    lib = load_library([text, rich])
    paper = lib.papers[0]
    assert paper.title == "Real Title" and not paper.title_derived
    assert paper.metadata_source == "list"
    assert paper.authors == ("Ann Lee",) and paper.year == 2024 and paper.venue == "ICML 2024"
    assert [(link.kind, link.origin) for link in paper.links] == [
        ("code", "text"),
        ("paper", "url"),
        ("project", "project_urls"),
    ]
    assert paper.lists == ("Reading list", "ICML 2024")  # the JSON records share a venue
    assert [p.order for p in lib] == [0, 1]


def test_merge_order_follows_the_order_of_sources(tmp_path: Path) -> None:
    a = write(tmp_path / "a.txt", "A\n\nOne.\n\nTwo.")
    b = write(tmp_path / "b.txt", "B\n\nThree.\n\nOne.")
    lib = load_library([b, a])
    assert [p.abstract for p in lib] == ["Three.", "One.", "Two."]
    assert lib.papers[1].lists == ("B", "A")


def test_record_without_abstract_joins_paper_with_same_title(tmp_path: Path) -> None:
    full = write(
        tmp_path / "full.json", json.dumps([{"title": "Deep Nets for Images", "abstract": "X."}])
    )
    bare = write(
        tmp_path / "bare.json", json.dumps([{"title": "deep  nets for images", "year": 2020}])
    )
    lib = load_library([full, bare])
    assert len(lib) == 1 and lib.papers[0].lists == ("full", "bare")
    assert lib.papers[0].year == 2020
    first_id = lib.papers[0].id
    lib = load_library([bare, full])
    assert len(lib) == 1 and lib.papers[0].abstract == "X."
    # the id comes from the title (the paper's strongest key), whatever the order
    assert lib.papers[0].id == first_id != paper_id("X.")
    assert lib.lists[0].paper_ids == lib.lists[1].paper_ids == (lib.papers[0].id,)


def test_a_paper_repeated_in_one_list_is_listed_once(tmp_path: Path) -> None:
    path = write(tmp_path / "dup.txt", "L\n\nSame.\n\nOther.\n\nsame.")
    lib = load_library([path])
    assert len(lib) == 2 and lib.lists[0].count == 2
    (message,) = [p.message for p in lib.problems]
    assert "1 record names a paper listed earlier in this list and was merged into it" in message
    assert "“Same.” (same abstract)" in message


def test_two_files_with_the_same_list_name_stay_apart(tmp_path: Path) -> None:
    a = write(tmp_path / "a.txt", "Papers\n\nOne.")
    b = write(tmp_path / "b.txt", "Papers\n\nTwo.")
    assert [x.name for x in load_library([a, b]).lists] == ["Papers", "Papers (b)"]


# --------------------------------------------------------------------------- folders and bad input


def test_folder_reads_supported_files_sorted_and_names_the_rest(tmp_path: Path) -> None:
    write(tmp_path / "b.txt", "B\n\nTwo.")
    write(tmp_path / "a.jsonl", json.dumps({"title": "T", "abstract": "One."}) + "\n")
    write(tmp_path / "notes.pdf", b"%PDF-1.4")
    write(tmp_path / "image.png", b"\x89PNG")
    write(tmp_path / ".hidden.txt", "H\n\nHidden.")
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub" / "c.txt", "C\n\nThree.")
    write(tmp_path / "README.md", "# About these lists\n")
    files, problems = expand_sources([tmp_path])
    assert [f.name for f in files] == ["a.jsonl", "b.txt"]
    # files beside the lists are normal in a folder: named by not_read, not a problem
    assert problems == []
    (note,) = not_read([tmp_path, tmp_path / "a.jsonl"])
    assert note.path == tmp_path and note.severity == "warning"
    assert note.message.startswith(
        "not read: README.md (it describes the folder); image.png, notes.pdf (lists are read "
        "from .bib, "
    )
    assert not_read([tmp_path / "sub"]) == []


def test_folder_without_lists_is_a_problem(tmp_path: Path) -> None:
    write(tmp_path / "notes.pdf", b"%PDF-1.4")
    lib = load_library([tmp_path])
    assert len(lib) == 0
    assert any(p.severity == "error" and "no paper lists" in p.message for p in lib.problems)


def test_same_file_twice_is_read_once(tmp_path: Path) -> None:
    path = write(tmp_path / "a.txt", "A\n\nOne.")
    assert expand_sources([path, tmp_path, str(path)])[0] == [path]


def test_bad_files_next_to_good_ones(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(readers, "MAX_FILE_BYTES", 2000)
    shutil.copy(FIXTURES / "pmlr_sample.bib", tmp_path / "z_refs.bib")  # over the limit now
    write(tmp_path / "a_good.txt", "Good\n\nOne.")
    write(tmp_path / "b_empty.txt", b"")
    write(tmp_path / "c_header.txt", "Only a header\n")
    write(tmp_path / "d_binary.txt", b"\x00\x01" * 50)
    write(
        tmp_path / "e_broken.bib",
        "@article{ok, title={Fine}, abstract={Two.}}\n@article{bad, title={x",
    )
    write(tmp_path / "f_bad.jsonl", '{"abstract": "Three."}\n{oops\n')
    (tmp_path / "g_folder.txt").mkdir()
    lib = load_library([tmp_path, tmp_path / "missing.txt", tmp_path / "g_folder.txt"])
    assert sorted(p.abstract for p in lib) == ["One.", "Three.", "Two."]
    by_file = {p.path.name: p for p in lib.problems}
    assert by_file["z_refs.bib"].severity == "error" and "limit" in by_file["z_refs.bib"].message
    assert "empty" in by_file["b_empty.txt"].message
    assert "no papers" in by_file["c_header.txt"].message
    assert "binary" in by_file["d_binary.txt"].message
    assert by_file["e_broken.bib"].severity == "warning"
    assert "bad" in by_file["e_broken.bib"].message
    assert by_file["f_bad.jsonl"].severity == "warning"
    assert "line 2" in by_file["f_bad.jsonl"].message
    assert "no paper lists" in by_file["g_folder.txt"].message  # named: an empty folder
    assert "no such file" in by_file["missing.txt"].message
    for problem in lib.problems:
        assert "\n" not in problem.message


def test_load_library_never_raises(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def explode(_path: Path) -> readers.ReadResult:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(library_module, "read_file", explode)
    lib = load_library([write(tmp_path / "a.txt", "A\n\nOne.")])
    assert len(lib) == 0
    assert "disk on fire" in lib.problems[0].message


def test_empty_sources_mean_the_seeds() -> None:
    assert len(load_library([])) == len(load_library(None)) == 36


def test_core_modules_do_not_import_the_ui() -> None:
    code = (
        "import sys, tuireader.ingest.library, tuireader.ingest.readers, tuireader.ingest.links\n"
        "tuireader.ingest.library.load_library()\n"
        "assert 'textual' not in sys.modules and 'rich' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_bibtex_escapes_do_not_split_a_paper() -> None:
    assert paper_id("Accuracy of 80\\% at \\$5 \\& more.") == paper_id(
        "Accuracy of 80% at $5 & more."
    )


def test_freed_memory_is_handed_back_where_glibc_allows():
    import platform
    import sys

    from tuireader.system.memory import release_freed_memory

    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert release_freed_memory() is glibc


@pytest.mark.parametrize("abstract", ["Withdrawn", "a", "One template abstract shared by all."])
def test_records_sharing_one_abstract_are_each_compared_with_a_few_papers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, abstract: str
) -> None:
    # 2,000 records whose abstract was "Withdrawn" took 50 s to read (each compared with
    # every paper before it); a shared abstract names none of them
    compared = {"n": 0}
    real = library_module.same_paper

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        compared["n"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(library_module, "same_paper", counting)
    path = tmp_path / "shared.jsonl"
    records = [{"title": f"Paper number {n}", "abstract": abstract} for n in range(600)]
    records.append({"title": "Paper number 7", "abstract": abstract, "doi": "10.1/x"})
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    library = load_library([path])
    assert compared["n"] < 20 * len(records)  # was about len(records) ** 2 / 2
    # the records are still told apart; the title listed twice is one paper when the
    # abstract both carry is a real one (a stand-in says nothing: two entries)
    assert len(library) == (600 if abstract.startswith("One template") else 601)


def test_lists_of_one_name_are_told_apart_by_what_differs(tmp_path: Path) -> None:
    # three exports of one stem were "marks", "marks (marks)" and "marks (marks 2)"
    (tmp_path / "other").mkdir()
    (tmp_path / "marks.bib").write_text("@misc{a, title={C paper}}\n", encoding="utf-8")
    (tmp_path / "marks.csv").write_text("title,abstract\nB paper,y\n", encoding="utf-8")
    for path in (tmp_path / "marks.json", tmp_path / "other" / "marks.json"):
        path.write_text('[{"title": "A paper", "authors": ["Ann Lee"]}]', encoding="utf-8")
    posters = tmp_path / "posters.json"
    orals = tmp_path / "orals.json"
    for path, title in ((orals, "An oral"), (posters, "A poster")):
        path.write_text(json.dumps([{"title": title, "venue": "CoRL 2023"}]), encoding="utf-8")
    names = [
        paper_list.name
        for paper_list in load_library(
            [
                tmp_path / "marks.bib",
                tmp_path / "marks.csv",
                tmp_path / "marks.json",
                tmp_path / "other" / "marks.json",
                orals,
                posters,
            ]
        ).lists
    ]
    assert names == [
        "marks",
        "marks (marks.csv)",
        "marks (marks.json)",
        "marks (other/marks.json)",
        "CoRL 2023",
        "CoRL 2023 (posters)",
    ]
    # the same file's name in two folders: its folder tells them apart at once
    both = load_library([tmp_path / "marks.json", tmp_path / "other" / "marks.json"])
    assert [paper_list.name for paper_list in both.lists] == ["marks", "marks (other/marks.json)"]


def test_a_bare_entry_under_its_papers_title_mended_joins_it(tmp_path: Path) -> None:
    # a conference site lists a spotlight as a bare entry beside the poster's full
    # record, its title spelled another way: one paper, the spotlight's
    abstract = "We cut hypergraphs whose edges weigh their vertex subsets unequally, and study it."
    full = {"author": "Yunus Saatci; Andrew Wilson", "status": "Poster"}
    records = [
        {**full, "title": "Bayesian GAN", "abstract": "We sample generators. " + abstract},
        {"title": "Inhomogeneous Hypergraph Clustering", "author": "Pan Li", "abstract": abstract},
        {"title": "Bayesian GANs", "author": "Yunus Saatci; Andrew Wilson", "status": "Spotlight"},
        {"title": "Inhomogoenous Hypergraph Clustering", "author": "Pan Li", "status": "Oral"},
        # not one paper: another title by the same author, and two full records
        {"title": "Bayesian Walks", "author": "Yunus Saatci", "status": "Spotlight"},
        {"title": "Graph Learning Study", "author": "Ann Lee", "abstract": abstract},
        {"title": "Graph Learning Studies", "author": "Ann Lee", "abstract": abstract + " Two."},
    ]
    path = tmp_path / "nips.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    library = load_library([path])
    by_title = {paper.title: paper for paper in library.papers}
    assert sorted(by_title) == [
        "Bayesian GAN",
        "Bayesian Walks",
        "Graph Learning Studies",
        "Graph Learning Study",
        "Inhomogeneous Hypergraph Clustering",
    ]
    assert by_title["Bayesian GAN"].status == "Spotlight"
    assert by_title["Inhomogeneous Hypergraph Clustering"].status == "Oral"
    (problem,) = library.problems
    assert "“Bayesian GAN” (same first author and a title mended" in problem.message


def test_a_bare_entry_joins_its_mended_title_whatever_lists_come_before(tmp_path: Path) -> None:
    # a large list read first, with many papers by authors of the same family name,
    # hid the full record from its bare entry: the papers merged or not by file order
    from tuireader.ingest.library import CROWD

    crowd = [
        {"title": f"Graph study {n}", "author": f"Wei{n} Li", "abstract": f"Graphs {n}."}
        for n in range(CROWD + 2)
    ]
    abstract = "We cut hypergraphs whose edges weigh their vertex subsets unequally, and study it."
    nips = [
        {"title": "Inhomogeneous Hypergraph Clustering", "author": "Pan Li", "abstract": abstract},
        {"title": "Inhomogoenous Hypergraph Clustering", "author": "Pan Li", "status": "Oral"},
    ]
    first = tmp_path / "a_crowd.json"
    first.write_text(json.dumps(crowd), encoding="utf-8")
    second = tmp_path / "b_nips.json"
    second.write_text(json.dumps(nips), encoding="utf-8")
    for order in ([first, second], [second, first]):
        library = load_library(order)
        assert len(library.papers) == len(crowd) + 1, order


def test_a_title_with_latex_accents_is_one_paper_however_the_accent_is_braced(
    tmp_path: Path,
) -> None:
    # NIPS 2017's JSON gives H\"{o}lderian, a BibTeX export of it H{\"o}lderian: read
    # together they were two papers, and a mark on it was left on neither
    title = "Method under H{} Error Bound Condition"
    listed = tmp_path / "nips.json"
    record = {"title": title.format('\\"{o}lderian'), "author": "Mingrui Liu; Tianbao Yang"}
    listed.write_text(json.dumps([record]), encoding="utf-8")
    exported = tmp_path / "export.bib"
    exported.write_text(
        "@inproceedings{liu2017,\n  title = {" + title.format('{\\"o}lderian') + "},\n"
        "  author = {Liu, Mingrui and Yang, Tianbao},\n}\n",
        encoding="utf-8",
    )
    plain = tmp_path / "plain.json"
    record = {"title": title.format("ölderian"), "author": "Mingrui Liu; Tianbao Yang"}
    plain.write_text(json.dumps([record]), encoding="utf-8")
    (paper,) = load_library([listed, exported, plain]).papers
    assert paper.lists == ("nips", "export", "plain")


def test_one_paper_merged_many_times_is_named_once_with_how_often(tmp_path: Path) -> None:
    # a list of 5,000 copies named the same title three times, "and 4996 more"
    block = "Study of grasping in clutter.\n\nstudy of grasping in clutter."
    path = write(tmp_path / "dup.txt", "L\n\n" + "\n\n".join([block] * 1200))
    (message,) = [p.message for p in load_library([path]).problems]
    assert message.count("Study of grasping in clutter") == 1
    assert "(same abstract, 2,399 times)" in message and "more" not in message
    assert message.startswith("2,399 records")  # two abstracts a block, 1,200 blocks


@pytest.mark.parametrize(("repeated", "named", "more"), [(4, 4, ""), (5, 3, "; and 2 more")])
def test_a_fourth_merged_record_is_named_where_it_is_the_only_one_left(
    tmp_path: Path, repeated: int, named: int, more: str
) -> None:
    # "and 1 more" took the room the fourth record's name takes, and never named it
    blocks = [f"Study {n} of grasping.\n\nstudy {n} of grasping." for n in range(repeated)]
    path = write(tmp_path / "dup.txt", "L\n\n" + "\n\n".join(blocks))
    (message,) = [p.message for p in load_library([path]).problems]
    assert message.count("(same abstract)") == named
    assert message.endswith(more or "(same abstract)")


def test_papers_read_from_their_lists_share_what_recurs_between_them(tmp_path: Path) -> None:
    """A venue, a year, a decision and the lists a paper is in are one object each,
    whichever papers have them, as in a library read from the cache (at 100,000 papers,
    megabytes of copies)."""
    records = [
        {
            "title": f"A study of case {i}",
            "abstract": f"We study case {i} of a problem with a method of its own.",
            "authors": [f"Person{i} Author"],
            "venue": "Conf 2024",
            "year": 2024,
            "status": "Poster" if i % 2 else "Oral",
        }
        for i in range(40)
    ]
    source = tmp_path / "big.jsonl"
    source.write_text("".join(json.dumps(record) + "\n" for record in records), "utf-8")
    papers = load_library([source]).papers
    assert len(papers) == 40
    for name in ("venue", "year", "lists"):
        assert len({id(getattr(paper, name)) for paper in papers}) == 1, name
    assert len({id(paper.status) for paper in papers}) == 2
    assert {paper.status for paper in papers} == {"Poster", "Oral"}
