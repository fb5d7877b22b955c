"""The last entry of a .bib file damaged by a "{" too many: no next entry stops the
value or the entry it opens, which ran on to the file's end (the paper's title took its
other fields, or the paper was read with none). It is mended as the other entries are,
where one reading makes it whole, and said. So is a quote too many in a key or a
field's name, and a "{" or another character typed inside an entry's type, in any
entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

#: the last two entries of a Zotero BibLaTeX export
ZOTERO_LAST = Path(__file__).parent / "fixtures" / "damaged" / "zotero_biblatex_last2.bib"


def _papers(path: Path) -> list[tuple[object, ...]]:
    return [
        (r.source_id, r.title, r.abstract, r.authors, r.year, r.venue, r.doi)
        for r in read_file(path).records
    ]


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        # a "{" too many in a value: it runs on into the fields after it
        (
            "{{VMP}: Versatile Motion",
            "{{VMP}: Versatile {Motion",
            "has a “{” not closed in its title field; read that field up to the next one",
        ),
        (
            "Computer Animation},",
            "Computer {Animation},",
            "has a “{” not closed in its booktitle field; read that field up to the next one",
        ),
        # a "{" too many after a value, outside the values
        (
            "{10.1111/cgf.15175},",
            "{10.1111/cgf.15175}{,",
            "has a “{” too many at line 20, outside its values; read the entry without it",
        ),
    ],
)
def test_a_brace_too_many_in_the_last_entry_is_mended_and_said(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    whole = ZOTERO_LAST.read_text(encoding="utf-8")
    last = whole.index("@inproceedings{serifi_vmp_2024")
    assert old in whole[last:]
    path = tmp_path / "zotero.bib"
    path.write_text(whole[:last] + whole[last:].replace(old, new, 1), encoding="utf-8")
    assert _papers(path) == _papers(ZOTERO_LAST)
    (message,) = [problem.message for problem in read_file(path).problems]
    assert message == f"the entry at line 16, key serifi_vmp_2024, {said}, check that entry"


def test_a_last_entry_cut_short_inside_a_value_after_a_brace_too_many_is_skipped(
    tmp_path: Path,
) -> None:
    # no field starts after the brace left open: the file ends inside the value, and
    # no reading makes the entry whole
    whole = ZOTERO_LAST.read_text(encoding="utf-8")
    cut = whole.index("Gross, Markus")
    path = tmp_path / "zotero.bib"
    path.write_text(whole[:cut].replace("{Serifi, Agon", "{Serifi, {Agon"), encoding="utf-8")
    result = read_file(path)
    assert [r.source_id for r in result.records] == ["chen_variational_2021"]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the entry at line 16, key serifi_vmp_2024: the file ends inside it; skipped it "
        "(is the file cut short?)"
    )


@pytest.mark.parametrize("last", [False, True])
@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        # in the key: it was read as a character of the key, put as a stand-in
        ("{serifi_vmp_2024,", '{serifi"_vmp_2024,', 16),
        # in a field's name
        ("\tshorttitle = ", '\tshort"title = ', 22),
        # before a field's name
        ("\tpages = ", '"\tpages = ', 24),
    ],
)
def test_a_quote_too_many_in_a_key_or_a_fields_name_is_left_out(
    tmp_path: Path, old: str, new: str, line: int, last: bool
) -> None:
    whole = ZOTERO_LAST.read_text(encoding="utf-8")
    serifi = whole[whole.index("@inproceedings{serifi_vmp_2024") :]
    chen = whole[: whole.index("@inproceedings{serifi_vmp_2024")]
    damaged = serifi.replace(old, new, 1)
    assert damaged != serifi
    path = tmp_path / "zotero.bib"
    # the damaged entry last in the file, or first, with the other after it
    path.write_text(chen + damaged if last else damaged + "\n" + chen, encoding="utf-8")
    intact = tmp_path / "intact.bib"
    intact.write_text(chen + serifi if last else serifi + "\n" + chen, encoding="utf-8")
    assert _papers(path) == _papers(intact)
    (message,) = [problem.message for problem in read_file(path).problems]
    at = line if last else line - 15
    start = 16 if last else 1
    assert message == (
        f'the entry at line {start}, key serifi_vmp_2024, has a “"” too many at line {at}, '
        "outside its values; read the entry without it, check that entry"
    )


@pytest.mark.parametrize("last", [False, True])
def test_a_brace_too_many_in_an_entrys_type_is_left_out(tmp_path: Path, last: bool) -> None:
    # the "{" after the type was taken out instead: the paper read as an "@inpr" with
    # the key "oceedingsserifi_vmp_2024"
    whole = ZOTERO_LAST.read_text(encoding="utf-8")
    at = whole.index("@inproceedings{serifi_vmp_2024")
    chen, serifi = whole[:at], whole[at:]
    damaged = serifi.replace("@inproceedings{", "@inpr{oceedings{", 1)
    path = tmp_path / "zotero.bib"
    path.write_text(chen + damaged if last else damaged + "\n" + chen, encoding="utf-8")
    intact = tmp_path / "intact.bib"
    intact.write_text(chen + serifi if last else serifi + "\n" + chen, encoding="utf-8")
    assert _papers(path) == _papers(intact)
    assert [r.entry_type for r in read_file(path).records] == [
        r.entry_type for r in read_file(intact).records
    ]
    (message,) = [problem.message for problem in read_file(path).problems]
    assert message == (
        f"the entry at line {16 if last else 1}, key serifi_vmp_2024, has a “{{” too many "
        "in its type (“@inpr{oceedings”); read the entry without it, check that entry"
    )


@pytest.mark.parametrize("char", ['"', "[", "]", ":", ","])
def test_a_character_typed_inside_an_entrys_type_is_left_out(tmp_path: Path, char: str) -> None:
    # no entry was read there, and the one before it took its fields for its own end,
    # losing its own keywords: the paper was lost, said as damage in the one before
    whole = ZOTERO_LAST.read_text(encoding="utf-8")
    damaged = whole.replace("@inproceedings{", f"@inpr{char}oceedings{{", 1)
    assert damaged != whole
    path = tmp_path / "zotero.bib"
    path.write_text(damaged, encoding="utf-8")
    assert _papers(path) == _papers(ZOTERO_LAST)
    (message,) = [problem.message for problem in read_file(path).problems]
    assert message == (
        "the entry at line 16, key serifi_vmp_2024, has a character typed inside its type "
        f"(“@inpr{char}oceedings”); read the entry without it, check that entry"
    )
