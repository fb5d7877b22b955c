"""BibTeX with a comma missing between two fields: the entry is named, its fields read
apart, the other entries as they are."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import ReadResult, read_file

#: a slice of PMLR's CoLLAs 2022 volume: its @Proceedings and three papers
SLICE = Path(__file__).parent / "fixtures" / "damaged" / "collas2022_slice.bib"


def warnings(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems if problem.severity == "warning"]


def by_key(result: ReadResult) -> dict[str, object]:
    return {record.source_id: record for record in result.records}


def test_a_comma_missing_after_the_authors_keeps_authors_and_abstract(tmp_path: Path) -> None:
    whole = SLICE.read_text(encoding="utf-8")
    line = "\tauthor = {Lechner, Tosca and Ben-David, Shai}, \n"
    assert line in whole
    damaged = tmp_path / "collas.bib"
    damaged.write_text(whole.replace(line, line.replace("},", "}")), encoding="utf-8")
    result = read_file(damaged)
    intact = read_file(SLICE)
    assert [r.source_id for r in result.records] == [r.source_id for r in intact.records]
    papers, as_written = by_key(result), by_key(intact)
    lechner = papers["lechner2022"]
    assert lechner.authors == ("Tosca Lechner", "Shai Ben-David")  # type: ignore[attr-defined]
    assert lechner.abstract.startswith("With the growing awareness")  # type: ignore[attr-defined]
    assert lechner == as_written["lechner2022"]
    assert papers["kearney2022"] == as_written["kearney2022"]
    (message,) = warnings(result)
    assert message == (
        "the entry at line 27, key lechner2022, has no comma before its abstract field; "
        "read it as a field of its own, check that entry"
    )
    assert warnings(intact) == []


def test_a_title_that_runs_into_the_next_fields_is_cut_there(tmp_path: Path) -> None:
    text = (
        "@misc{run,\n"
        '  title = "Quantitative Verification"\n'
        "  author = {Latour, Bruno and Lee, Ann}\n"
        "  year = 2019\n"
        "  month = jun,\n"
        "  abstract = {Fine, with a comma.}\n"
        "}\n\n"
        "@misc{next, title = {Next} # { paper}, abstract = {Also fine.}}\n"
    )
    path = tmp_path / "run.bib"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    run, following = result.records
    assert run.title == "Quantitative Verification"
    assert run.authors == ("Bruno Latour", "Ann Lee")
    assert run.year == 2019
    assert run.source_entry is not None
    assert dict(run.source_entry.fields)["month"] == "June"
    assert run.abstract == "Fine, with a comma."
    assert following.title == "Next paper" and following.abstract == "Also fine."
    (message,) = warnings(result)
    assert message == (
        "the entry at line 1, key run, has no comma before its author, year and month "
        "fields; read them as fields of their own, check that entry"
    )


def test_a_value_that_is_not_whole_is_not_cut_into_fields(tmp_path: Path) -> None:
    # "{A} b" before "c = {B}" is no whole value: no field "c" is made of it; the note
    # is read up to its value's end and the text after it said
    text = "@misc{odd, title = {Odd}, note = {A} b c = {B}, abstract = {Text.}}\n"
    path = tmp_path / "odd.bib"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    (odd,) = result.records
    assert odd.title == "Odd" and odd.abstract == "Text."
    assert odd.source_entry is not None
    assert [name.lower() for name, _value in odd.source_entry.fields] == [
        "title",
        "note",
        "abstract",
    ]
    (message,) = warnings(result)
    assert message == (
        "the entry at line 1, key odd, has text after its note value where a comma "
        "belongs: “b c = {B}”; read the value up to its end without it, check that entry"
    )


def test_entries_written_with_no_commas_at_all_are_said_in_one_warning(tmp_path: Path) -> None:
    # some databases export fields with no comma between them
    text = "".join(
        f"@article{{k{n},\n  title = {{Paper {n}}}\n  author = {{Lee, Ann}}\n"
        f"  abstract = {{Text {n}.}}\n}}\n\n"
        for n in range(7)
    )
    path = tmp_path / "export.bib"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert [(r.title, r.authors, r.abstract) for r in result.records] == [
        (f"Paper {n}", ("Ann Lee",), f"Text {n}.") for n in range(7)
    ]
    (message,) = warnings(result)
    assert message == (
        "7 entries have no comma between two of their fields (k0, k1, k2, k3, k4, …); "
        "read their fields apart, check those entries"
    )


def test_a_brace_too_many_inside_the_abstract_keeps_the_entry(tmp_path: Path) -> None:
    # "{With the growing} awareness …, …}": the parser read the abstract up to its first
    # comma, gave up on the entry and it was skipped as "a field has no ="
    whole = SLICE.read_text(encoding="utf-8")
    start = "\tabstract = {With the growing awareness"
    assert start in whole
    damaged = tmp_path / "collas.bib"
    damaged.write_text(
        whole.replace(start, start.replace("growing", "growing}"), 1), encoding="utf-8"
    )
    result = read_file(damaged)
    intact = read_file(SLICE)
    assert [(r.source_id, r.title, r.abstract, r.authors, r.pages) for r in result.records] == [
        (r.source_id, r.title, r.abstract, r.authors, r.pages) for r in intact.records
    ]
    (message,) = warnings(result)
    assert message == (
        "the entry at line 27, key lechner2022, has one “}” too many in its abstract "
        "field; read the entry without it, check that entry"
    )


#: an entry of a Zotero BibLaTeX export whose abstract holds braced groups
GOODFELLOW = Path(__file__).parent / "fixtures" / "damaged" / "zotero_goodfellow.bib"


def test_a_brace_too_many_before_a_braced_group_keeps_the_entry(tmp_path: Path) -> None:
    # "{… the probability distribution} that generated them. … ({GANs}) …}": the parser
    # took words after the early "}" for a field's name whose "=" is left out; a "="
    # put there read no better, and the entry was skipped
    whole = GOODFELLOW.read_text(encoding="utf-8")
    start = "the probability distribution that generated them"
    assert start in whole
    damaged = tmp_path / "zotero.bib"
    damaged.write_text(
        whole.replace(start, start.replace("distribution", "distribution}"), 1), "utf-8"
    )
    result = read_file(damaged)
    intact = read_file(GOODFELLOW)
    assert [(r.source_id, r.title, r.abstract, r.authors) for r in result.records] == [
        (r.source_id, r.title, r.abstract, r.authors) for r in intact.records
    ]
    assert len(result.records) == 1
    (message,) = warnings(result)
    assert message == (
        "the entry at line 1, key goodfellow_generative_2020, has one “}” too many in its "
        "abstract field; read the entry without it, check that entry"
    )


def test_a_brace_too_many_is_taken_out_only_where_the_entry_then_reads(
    tmp_path: Path,
) -> None:
    # the early "}" of pages is followed by text, but the entry fails for a quote left
    # open after it: taking that brace out would read no better, and nothing is mended
    text = (
        '@misc{odd, title = {Odd}, pages = {1-22} {x}, note = "Text.}\n'
        "@misc{next, title = {Next}}\n"
    )
    path = tmp_path / "odd.bib"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert [r.title for r in result.records] == ["Next"]
    (message,) = warnings(result)
    assert message.startswith("the entry at line 1, key odd:")
    assert "“}” too many" not in message
