"""``tuireader remove`` by the names ``list:`` takes: a list's title, or its venue's short
name, besides the library's own names (file stems) and paths."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.system import shelf
from tuireader.system.paths import resolve


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _venue_list(path, venue: str, words: str):
    """A paper list whose name is its venue (from the papers' BibTeX), not its file's."""
    records = [
        {
            "title": f"{words} paper {n}",
            "author": "Ada Lovelace",
            "abstract": f"We study {words.lower()} number {n} with care.",
            "bibtex": f"@inproceedings{{k{n},\ntitle={{{words} paper {n}}},"
            f"\nbooktitle={{{venue}}},\nyear={{2023}}\n}}",
        }
        for n in range(2)
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


@pytest.fixture
def venues(tmp_path, capsys):
    """A library of two lists named by their venues: CoRL and L4DC, in files whose names
    say neither."""
    corl = _venue_list(tmp_path / "a" / "first.json", ROBOTS, "Grasping")
    l4dc = _venue_list(tmp_path / "b" / "second.json", CONTROL, "Stability")
    code, _out, err = run(capsys, "add", str(corl), str(l4dc))
    assert code == 0, err
    code, out, _ = run(capsys, "lists")
    assert ROBOTS in out and CONTROL in out  # the names lists and the list column show
    return corl, l4dc


ROBOTS = "7th Annual Conference on Robot Learning"
CONTROL = "Learning for Dynamics and Control"


def names() -> list[str]:
    return [entry.name for entry in shelf.load(resolve()).entries]


def test_a_list_is_removed_by_its_venues_short_name_as_list_finds_it(capsys, venues):
    # list:corl finds the papers and the list column says CoRL; remove said "no list
    # 'corl' in your library (lists: first, second)"
    code, out, err = run(capsys, "search", "list:corl")
    assert code == 0 and len(out.splitlines()) == 2
    code, out, err = run(capsys, "remove", "corl")
    assert code == 0, err
    assert "removed first" in out and "its triage is kept" in out
    assert f"'corl' is {ROBOTS} (first)" in err
    assert names() == ["second"]


def test_a_list_named_as_its_file_is_said_once(capsys, tmp_path):
    # "'collas' is pmlr_v199_collas2022 (pmlr_v199_collas2022)": the list's name and
    # the library's were the same word, said twice
    records = [{"title": "Replay for Continual Learning", "abstract": "We replay it."}]
    path = tmp_path / "pmlr_v199_collas2022.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    assert run(capsys, "add", str(path))[0] == 0
    code, out, err = run(capsys, "remove", "collas")
    assert code == 0 and "removed pmlr_v199_collas2022" in out, err
    assert "'collas' is pmlr_v199_collas2022\n" in err


def test_a_list_is_removed_by_its_title_or_words_of_it_in_any_case(capsys, venues):
    code, out, err = run(capsys, "remove", "learning for DYNAMICS")
    assert code == 0 and "removed second" in out, err
    code, out, err = run(capsys, "remove", ROBOTS.lower())
    assert code == 0 and "removed first" in out, err
    assert names() == []


def test_a_name_that_fits_several_lists_names_them_and_removes_nothing(capsys, venues):
    before = shelf.shelf_file(resolve()).read_bytes()
    code, out, err = run(capsys, "remove", "learning")
    assert code == 1 and out == ""
    assert "'learning' names 2 lists of your library" in err
    assert "first" in err and ROBOTS in err and "second" in err and CONTROL in err
    assert err.rstrip().endswith("nothing removed")
    # with a name that does fit one list, the ambiguous one still removes nothing
    code, out, err = run(capsys, "remove", "corl", "learning")
    assert code == 1 and out == "" and "nothing removed" in err
    assert shelf.shelf_file(resolve()).read_bytes() == before


def test_a_venue_name_another_lists_title_holds_names_both(capsys, venues, tmp_path):
    # 'remove nips' removed NeurIPS 2017 and left "NIPS 2018 Workshop …", which
    # list:nips finds too, without a word
    third = _venue_list(tmp_path / "c" / "third.json", "CoRL 2023 Workshop on Walking", "Walk")
    run(capsys, "add", str(third))
    code, out, err = run(capsys, "remove", "corl")
    assert code == 1 and out == "" and "'corl' names 2 lists of your library" in err
    assert names() == ["first", "second", "third"]


def test_the_librarys_own_names_come_before_list_titles(capsys, venues, tmp_path):
    # a file named like another list's venue is the one its name names
    third = _venue_list(tmp_path / "c" / "corl.json", "Some Other Meeting", "Walking")
    run(capsys, "add", str(third))
    code, out, err = run(capsys, "remove", "corl")
    assert code == 0 and "removed corl" in out, err
    assert names() == ["first", "second"]


def test_one_list_of_a_folder_is_not_removed_with_the_folder_by_its_title(capsys, tmp_path):
    folder = tmp_path / "venues"
    _venue_list(folder / "first.json", ROBOTS, "Grasping")
    _venue_list(folder / "second.json", CONTROL, "Stability")
    run(capsys, "add", str(folder))
    code, out, err = run(capsys, "remove", "corl")
    assert code == 1 and out == ""
    assert "one of the lists read through venues" in err and CONTROL in err
    assert "tuireader remove venues removes them all; nothing removed" in err
    assert names() == ["venues"]
    code, out, err = run(capsys, "remove", "venues")
    assert code == 0 and "removed venues" in out


@pytest.mark.parametrize("typed", ["first.json", "FIRST.JSON", "path", "relative path"])
def test_a_list_of_a_folder_named_by_its_file_is_said_to_be_one_of_the_folders(
    capsys, tmp_path, monkeypatch, typed
):
    # `lists` shows "(first.json)" beside a list of a folder, and the list's path is what
    # a user pastes: both said "no list 'first.json' in your library", where its stem
    # said which folder reads it and how to remove it
    folder = tmp_path / "venues"
    first = _venue_list(folder / "first.json", ROBOTS, "Grasping")
    _venue_list(folder / "second.json", CONTROL, "Stability")
    run(capsys, "add", str(folder))
    monkeypatch.chdir(tmp_path)
    given = {"path": str(first), "relative path": "venues/first.json"}.get(typed, typed)
    code, out, err = run(capsys, "remove", given)
    assert code == 1 and out == ""
    assert f"{given!r} names {ROBOTS}, one of the lists read through venues" in err
    assert "tuireader remove venues removes them all; nothing removed" in err
    assert names() == ["venues"]
    # a word of the folder's path names no list
    code, out, err = run(capsys, "remove", tmp_path.name)
    assert code == 1 and "no list" in err and names() == ["venues"]


def test_a_name_that_fits_no_list_says_what_the_library_holds(capsys, venues):
    code, out, err = run(capsys, "remove", "neurips")
    assert code == 1 and out == ""
    assert "no list 'neurips' in your library (lists: first, second)" in err


def test_a_list_is_removed_by_a_word_inside_its_name_as_list_finds_it(capsys, tmp_path):
    # list:collas found nothing in "pmlr_v199_collas2022": remove and list: agree again
    fixtures = Path(__file__).parent / "fixtures"
    collas = tmp_path / "a" / "pmlr_v199_collas2022.bib"
    l4dc = tmp_path / "b" / "pmlr_v120_l4dc2020.bib"
    for source, target in [
        (fixtures / "queries" / "collas2022_slice.bib", collas),
        (fixtures / "real_lists" / "l4dc2020_slice.bib", l4dc),
    ]:
        target.parent.mkdir()
        shutil.copy(source, target)
    code, _out, err = run(capsys, "add", str(collas), str(l4dc))
    assert code == 0, err
    code, out, err = run(capsys, "search", "list:collas")
    assert code == 0 and len(out.splitlines()) == 2, err
    code, out, err = run(capsys, "remove", "collas")
    assert code == 0 and "removed pmlr_v199_collas2022" in out, err
    assert names() == ["pmlr_v120_l4dc2020"]
    code, out, err = run(capsys, "search", "list:l4dc")
    # the slice's one paper: its "Preface" is the volume's front matter
    assert code == 0 and len(out.splitlines()) == 1, err


def test_search_and_remove_take_a_list_by_its_files_stem(capsys, tmp_path):
    # corl2023.json, named "CoRL 2023" by its papers' venue: list:corl2023 found nothing,
    # and remove took the stem only of a file added alone
    folder = tmp_path / "papers"
    folder.mkdir()
    for stem, venue in [("corl2023", "CoRL 2023"), ("icml_orals", "ICML 2024 Oral")]:
        record = {"title": f"A {stem} paper", "abstract": "x", "venue": venue}
        (folder / f"{stem}.json").write_text(json.dumps([record]), encoding="utf-8")
    posters = _venue_list(tmp_path / "icml_posters.json", "ICML 2024 Poster", "Poster")
    run(capsys, "add", str(folder), str(posters))
    code, out, err = run(capsys, "search", "list:corl2023")
    assert code == 0 and out.splitlines()[0].endswith("A corl2023 paper  (CoRL 2023)"), err
    code, out, err = run(capsys, "search", "list:orals")
    assert code == 0 and "A icml_orals paper" in out and len(out.splitlines()) == 1, err
    code, out, err = run(capsys, "search", "list:corl2024")
    assert (code, out) == (1, "")
    said = (
        "tuireader: no list is named “corl2024”; did you mean list:corl2023? (lists: "
        "corl2023 (CoRL 2023), icml_orals (ICML 2024 Oral), icml_posters (ICML 2024 Poster))"
    )
    assert err.splitlines() == [said]  # and not "no papers match" after it
    code, out, err = run(capsys, "remove", "corl2023")
    assert code == 1 and "'corl2023' names CoRL 2023, one of the lists read through papers" in err
    code, out, err = run(capsys, "remove", "posters")
    assert code == 0 and "removed icml_posters" in out, err
    assert names() == ["papers"]


def test_the_remove_it_suggests_for_a_folder_with_a_space_works_when_pasted(capsys, tmp_path):
    import re
    import shlex

    folder = tmp_path / "my venues"
    _venue_list(folder / "first.json", ROBOTS, "Grasping")
    _venue_list(folder / "second.json", CONTROL, "Stability")
    run(capsys, "add", str(folder))
    code, _out, err = run(capsys, "remove", "corl")
    found = re.search(r"tuireader (remove .+) removes them all", err)
    assert code == 1 and found, err
    code, out, err = run(capsys, *shlex.split(found.group(1)))
    assert code == 0 and "removed my venues" in out, err
    assert names() == []


def test_the_help_of_remove_gives_its_exit_code_for_a_name_of_no_list(capsys):
    code, out, _err = run(capsys, "remove", "--help")
    assert code == 0
    assert "Exit code 1 when a name fits no list, or several" in " ".join(out.split())


@pytest.mark.parametrize("now", ["emptied", "damaged", "deleted"])
def test_a_list_whose_file_no_longer_reads_is_removed_by_its_files_name(
    capsys, tmp_path, monkeypatch, now
):
    # `remove y1.json` said "no list 'y1.json' in your library (lists: y1)" once the
    # file was emptied, damaged or deleted: the lists a user most wants gone
    path = _venue_list(tmp_path / "lists" / "y1.json", ROBOTS, "Grasping")
    _venue_list(tmp_path / "lists" / "other.json", CONTROL, "Stability")
    assert run(capsys, "add", str(path), str(tmp_path / "lists" / "other.json"))[0] == 0
    if now == "emptied":
        path.write_text("[]", encoding="utf-8")
    elif now == "damaged":
        path.write_bytes(b"\x00\x01\x02 not a list")
    else:
        path.unlink()
    monkeypatch.chdir(tmp_path)  # not the file's folder: its name is no path from here
    code, out, err = run(capsys, "remove", "y1.json")
    assert code == 0 and "removed y1" in out, err
    assert names() == ["other"]


def test_a_file_name_two_lists_have_removes_neither(capsys, tmp_path, monkeypatch):
    first = _venue_list(tmp_path / "a" / "y1.json", ROBOTS, "Grasping")
    second = _venue_list(tmp_path / "b" / "y1.json", CONTROL, "Stability")
    run(capsys, "add", str(first), str(second))
    first.unlink()
    second.unlink()
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "remove", "y1.json")
    assert code == 1 and out == "" and "'y1.json' names 2 lists" in err
    assert "nothing removed" in err and len(names()) == 2


@pytest.mark.parametrize("now", ["emptied", "damaged"])
@pytest.mark.parametrize("typed", ["first.json", "FIRST.JSON", "path", "relative path"])
def test_a_file_of_a_folder_that_no_longer_reads_is_said_to_be_the_folders(
    capsys, tmp_path, monkeypatch, now, typed
):
    # it gives no list to name, so `remove first.json` said "no list 'first.json' in
    # your library", as if the folder did not read it
    folder = tmp_path / "venues"
    first = _venue_list(folder / "first.json", ROBOTS, "Grasping")
    _venue_list(folder / "second.json", CONTROL, "Stability")
    run(capsys, "add", str(folder))
    if now == "emptied":
        first.write_text("", encoding="utf-8")
    else:
        first.write_bytes(b"\x00\x01\x02 not a list")
    monkeypatch.chdir(tmp_path)
    given = {"path": str(first), "relative path": "venues/first.json"}.get(typed, typed)
    code, out, err = run(capsys, "remove", given)
    assert code == 1 and out == ""
    assert f"{given!r} is read through the folder venues ({folder}); remove the folder" in err
    assert "(tuireader remove venues), or move the file out of it; nothing removed" in err
    assert "no list" not in err and names() == ["venues"]


def test_a_file_a_folder_does_not_read_is_no_list_of_it(capsys, tmp_path):
    folder = tmp_path / "venues"
    _venue_list(folder / "first.json", ROBOTS, "Grasping")
    run(capsys, "add", str(folder))
    (folder / "README.md").write_text("# about\n", encoding="utf-8")
    (folder / ".hidden.json").write_text("", encoding="utf-8")
    for name in ("README.md", ".hidden.json", "gone.json"):
        code, _out, err = run(capsys, "remove", name)
        assert code == 1 and f"no list {name!r} in your library" in err
    assert names() == ["venues"]


@pytest.mark.parametrize("typed", ["corl", "first", "path"])
def test_the_only_list_of_a_folder_does_not_take_the_folder_with_it(capsys, tmp_path, typed):
    # removing the one list a folder held removed the folder, and with it the lists put
    # in it afterwards, which the user had added by adding the folder
    folder = tmp_path / "venues"
    first = _venue_list(folder / "first.json", ROBOTS, "Grasping")
    run(capsys, "add", str(folder))
    given = str(first) if typed == "path" else typed
    code, out, err = run(capsys, "remove", given)
    assert code == 1 and out == ""
    assert f"{given!r} names {ROBOTS}, the only list read through the folder venues" in err
    assert "tuireader remove venues removes the folder" in err and "nothing removed" in err
    assert names() == ["venues"]
    _venue_list(folder / "second.json", CONTROL, "Stability")
    code, out, err = run(capsys, "search", "list:l4dc")
    assert code == 0 and "Stability paper" in out, err
    code, out, err = run(capsys, "remove", "venues")
    assert code == 0 and "removed venues" in out


def test_the_help_of_remove_says_a_folder_goes_by_its_own_name(capsys):
    assert main(["remove", "--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "one of the lists of a folder added whole, even its only one" in said


def test_a_name_of_a_file_and_of_a_folders_list_removes_neither(capsys, tmp_path):
    """A list added alone and a list of an added folder, both "reading": the name the
    library gives the first is the second's too, and which one went was a guess."""
    folder, alone = tmp_path / "lib", tmp_path / "solo"
    for where in (folder, alone):
        where.mkdir()
        (where / "reading.txt").write_text(
            "My reading list\n\nWe propose a method for planning under uncertainty that "
            "learns a model of the environment from few interactions.\n",
            encoding="utf-8",
        )
    (folder / "other.txt").write_text(
        "Other list\n\nGraph neural networks are studied on molecules, and message "
        "passing predicts binding affinity better than fingerprints.\n",
        encoding="utf-8",
    )
    assert run(capsys, "add", str(folder))[0] == 0
    assert run(capsys, "add", str(alone / "reading.txt"))[0] == 0
    before = shelf.shelf_file(resolve()).read_bytes()
    code, out, err = run(capsys, "remove", "reading")
    assert code == 1 and out == "" and "'reading' names 2 lists" in err, err
    assert str(folder) in err and str(alone / "reading.txt") in err
    assert shelf.shelf_file(resolve()).read_bytes() == before
    # by its path, the file alone goes
    code, out, err = run(capsys, "remove", str(alone / "reading.txt"))
    assert code == 0 and "removed reading" in out, err
