"""BibTeX entries with no key (``@article{,``): each is read and said by its line, and
none lends its fields to the others as if their empty ``crossref`` named it."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import ReadResult, read_file

#: a slice of PMLR's CoLLAs 2022 volume: its @Proceedings and three papers
SLICE = Path(__file__).parent / "fixtures" / "damaged" / "collas2022_slice.bib"

ZOTERO = (
    "@article{kaup_review_2024,\n"
    "\ttitle = {A Review of Nine Physics Engines for Reinforcement Learning Research},\n"
    "\tauthor = {Kaup, Michael and Wolff, Cornelius},\n"
    "\tdate = {2024-08-23},\n"
    "}\n"
    "\n"
    "@article{starke_local_2020,\n"
    "\ttitle = {Local Motion Phases for Learning Multi-Contact Character Movements},\n"
    "\tjournaltitle = {{ACM} Trans. Graph.},\n"
    "\tauthor = {Starke, Sebastian and Zhao, Yiwei},\n"
    "\tdate = {2020-07-08},\n"
    "}\n"
    "\n"
    "@misc{kingma_auto-encoding_2022,\n"
    "\ttitle = {Auto-Encoding Variational Bayes},\n"
    "\tauthor = {Kingma, Diederik P. and Welling, Max},\n"
    "}\n"
)


def warnings(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems if problem.severity == "warning"]


def fields(result: ReadResult) -> list[tuple[str | None, str | None, int | None]]:
    return [(r.title, r.venue, r.year) for r in result.records]


def test_an_entry_with_no_key_lends_nothing_to_the_others(tmp_path: Path) -> None:
    # the entry with no key was taken for the parent of every entry without a crossref:
    # the other papers took its journal and year, and it was no paper of the list
    path = tmp_path / "zotero.bib"
    path.write_text(ZOTERO.replace("starke_local_2020,", ","), encoding="utf-8")
    result = read_file(path)
    assert fields(result) == [
        ("A Review of Nine Physics Engines for Reinforcement Learning Research", None, 2024),
        (
            "Local Motion Phases for Learning Multi-Contact Character Movements",
            "ACM Trans. Graph.",
            2020,
        ),
        ("Auto-Encoding Variational Bayes", None, None),
    ]
    assert result.records[1].authors == ("Sebastian Starke", "Yiwei Zhao")
    (message,) = warnings(result)
    assert message == "the entry at line 7 has no key; read it, give it a key to cite it by"


def test_a_proceedings_paper_with_no_key_keeps_the_volume_for_the_others(
    tmp_path: Path,
) -> None:
    whole = SLICE.read_text(encoding="utf-8")
    assert "@InProceedings{lechner2022," in whole
    path = tmp_path / "collas.bib"
    path.write_text(whole.replace("@InProceedings{lechner2022,", "@InProceedings{,"), "utf-8")
    result = read_file(path)
    intact = read_file(SLICE)
    assert fields(result) == fields(intact)
    assert [r.source_id for r in result.records] == [
        r.source_id if r.source_id != "lechner2022" else "" for r in intact.records
    ]
    (message,) = warnings(result)
    assert message.startswith("the entry at line 27 has no key")


def test_two_entries_with_no_key_are_both_read(tmp_path: Path) -> None:
    # the second was set aside as repeating the first one's key, the empty one
    damaged = ZOTERO.replace("starke_local_2020,", ",").replace("kingma_auto-encoding_2022,", ",")
    path = tmp_path / "zotero.bib"
    path.write_text(damaged, encoding="utf-8")
    result = read_file(path)
    assert [r.title for r in result.records] == [
        "A Review of Nine Physics Engines for Reinforcement Learning Research",
        "Local Motion Phases for Learning Multi-Contact Character Movements",
        "Auto-Encoding Variational Bayes",
    ]
    (message,) = warnings(result)
    assert message == (
        "2 entries have no key (at lines 7, 14); read them, give each a key to cite it by"
    )


def test_an_entry_with_no_key_skipped_is_named_by_its_line(tmp_path: Path) -> None:
    text = ZOTERO.replace(
        "\ttitle = {Auto-Encoding Variational Bayes},\n", "\tnote = {No title.},\n"
    ).replace("kingma_auto-encoding_2022,", ",")
    path = tmp_path / "zotero.bib"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 2
    assert "skipped 1 entry with neither title nor abstract (line 14)" in warnings(result)


def test_an_entry_whose_first_field_follows_its_brace_is_read_with_no_key(
    tmp_path: Path,
) -> None:
    # "@article{ title = …": the field's name was taken for a key with no comma after
    # it, the entry skipped and said as "key title: its key is not followed by a comma"
    path = tmp_path / "zotero.bib"
    path.write_text(ZOTERO.replace("starke_local_2020,", ""), encoding="utf-8")
    result = read_file(path)
    assert fields(result) == fields(read_file(_intact(tmp_path)))
    assert result.records[1].authors == ("Sebastian Starke", "Yiwei Zhao")
    (message,) = warnings(result)
    assert message == "the entry at line 7 has no key; read it, give it a key to cite it by"


def _intact(tmp_path: Path) -> Path:
    path = tmp_path / "intact.bib"
    path.write_text(ZOTERO, encoding="utf-8")
    return path


def test_an_entry_without_its_at_sign_is_said_not_read(tmp_path: Path) -> None:
    # BibTeX reads the text between entries as a comment, and the entry went unread
    # without a word; some take the "@" out to put an entry out of use, so it is said
    path = tmp_path / "zotero.bib"
    path.write_text(ZOTERO.replace("@article{starke", "article{starke"), encoding="utf-8")
    result = read_file(path)
    assert [r.source_id for r in result.records] == [
        "kaup_review_2024",
        "kingma_auto-encoding_2022",
    ]
    (message,) = warnings(result)
    assert message == (
        "line 7 holds an entry with no “@” before its type (article{starke_local_2020, …), "
        "which BibTeX reads as a comment; not read: put the “@” back to read it"
    )


def test_entries_without_their_at_sign_are_said_in_one_warning(tmp_path: Path) -> None:
    text = "% a list kept by hand\n\n" + ZOTERO.replace("@article", "article")
    path = tmp_path / "zotero.bib"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert [r.source_id for r in result.records] == ["kingma_auto-encoding_2022"]
    (message,) = warnings(result)
    assert message == (
        "2 entries have no “@” before their type (at lines 3, 9), which BibTeX reads as "
        "comments; not read: put the “@” back to read them"
    )


def test_prose_between_entries_is_no_entry(tmp_path: Path) -> None:
    text = "Papers I read {in May}, then = more.\n\n" + ZOTERO
    path = tmp_path / "zotero.bib"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 3
    assert warnings(result) == []


def test_papers_of_a_volume_that_could_not_be_read_are_said_without_venue(
    tmp_path: Path,
) -> None:
    # PMLR's papers take their venue and year from the file's @Proceedings alone: with
    # it skipped (a quote left open in it), each was read without them and nothing said
    whole = SLICE.read_text(encoding="utf-8")
    path = tmp_path / "collas.bib"
    path.write_text(whole.replace("shortname = {CoLLAs}", 'shortname = "CoLLAs}'), "utf-8")
    result = read_file(path)
    assert [r.source_id for r in result.records] == [r.source_id for r in read_file(SLICE).records]
    assert {(r.venue, r.year) for r in result.records} == {(None, None)}
    skipped, volume = warnings(result)
    assert skipped.startswith("the entry at line 4, key CoLLAs-2022: ")
    assert volume == (
        "3 papers of the volume CoLLAs-2022 have no venue or year: its @proceedings entry "
        "could not be read"
    )


def test_papers_that_name_a_volume_that_could_not_be_read_are_said_so(tmp_path: Path) -> None:
    # DBLP's layout: each paper names its volume in its crossref; one keeps a booktitle
    # and year of its own, and wants for nothing
    whole = SLICE.read_text(encoding="utf-8")
    for key in ("rahman2022", "lechner2022", "kearney2022"):
        whole = whole.replace(f"{{{key}, ", f"{{{key},\n\tcrossref = {{CoLLAs-2022}},")
    whole = whole.replace(
        "crossref = {CoLLAs-2022},",
        "crossref = {CoLLAs-2022}, booktitle = {CoLLAs}, year = {2022},",
        1,
    )
    path = tmp_path / "collas.bib"
    path.write_text(whole.replace("shortname = {CoLLAs}", 'shortname = "CoLLAs}'), "utf-8")
    result = read_file(path)
    assert [(r.source_id, r.venue, r.year) for r in result.records] == [
        ("rahman2022", "CoLLAs", 2022),
        ("lechner2022", None, None),
        ("kearney2022", None, None),
    ]
    skipped, volume = warnings(result)
    assert skipped.startswith("the entry at line 4, key CoLLAs-2022: ")
    # not said as naming an entry the file does not hold: it holds one, not read
    assert volume == (
        "2 papers of the volume CoLLAs-2022 have no venue or year: its @proceedings entry "
        "could not be read"
    )


def test_an_entry_without_the_brace_after_its_type_is_read(tmp_path: Path) -> None:
    # "@InProceedingslechner2022," is read by BibTeX as a comment: the entry was lost,
    # its fields said as cut off from the entry before
    whole = SLICE.read_text(encoding="utf-8")
    path = tmp_path / "collas.bib"
    path.write_text(whole.replace("@InProceedings{lechner2022,", "@InProceedingslechner2022,"))
    result = read_file(path)
    assert fields(result) == fields(read_file(SLICE))
    assert [r.source_id for r in result.records] == ["rahman2022", "lechner2022", "kearney2022"]
    (message,) = warnings(result)
    assert message == (
        "the entry at line 27, key lechner2022, has no “{” after its type; read it, check "
        "that entry"
    )


def test_an_entry_type_run_into_a_key_two_ways_is_not_guessed(tmp_path: Path) -> None:
    # "@bookletfoo" may be a booklet "foo" or a book "letfoo": it is left as it was
    whole = SLICE.read_text(encoding="utf-8")
    path = tmp_path / "collas.bib"
    path.write_text(whole.replace("@InProceedings{lechner2022,", "@bookletfoo,"))
    result = read_file(path)
    assert [r.source_id for r in result.records] == ["rahman2022", "kearney2022"]
    assert not any("after its type" in message for message in warnings(result))
