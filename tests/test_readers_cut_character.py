"""A UTF-8 list cut short in the middle of a character (a download stopped, a crash)
loses that character only, and says so.

The first byte of "é" left at the end was read as the Windows-1252 letter "Ã" ("caf\u00c3"),
and the first two of "—" were said as bytes that are not UTF-8, not as the cut they are.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import decode, read_file

#: two records of a Zotero Better CSL JSON export, as the upstream file has them
CSL = Path(__file__).parent / "fixtures" / "real_lists" / "zotero_csl_slice.json"


def test_a_json_list_cut_inside_a_dash_keeps_its_letters(tmp_path: Path) -> None:
    data = CSL.read_bytes()
    at = data.rindex("\u2014".encode())  # the last "—" of the file, three bytes
    path = tmp_path / "list.json"
    path.write_bytes(data[: at + 2])
    result = read_file(path)
    assert result.records[0].authors[0] == "Jesús D. Arroyo-Relión"
    assert result.problems[0].message == (
        "the file ends in the first 2 bytes of a character, as a file cut short does; "
        "read without them"
    )


def test_a_text_list_cut_inside_its_last_letter() -> None:
    data = "Résumés\n\nOne abstract.\n\nTwo abstracts, in a café".encode()
    decoded = decode(data[:-1], Path("list.txt"))
    assert decoded.text == "Résumés\n\nOne abstract.\n\nTwo abstracts, in a caf"
    (problem,) = decoded.problems
    assert problem.message.startswith("the file ends in the first byte of a character")


def test_a_windows_1252_list_ending_in_an_accent_is_not_cut() -> None:
    # "é" in Windows-1252 is a byte that starts a UTF-8 character too
    data = "Papers\n\nOne abstract, in a café".encode("cp1252")
    decoded = decode(data, Path("list.txt"))
    assert (decoded.text, decoded.problems) == ("Papers\n\nOne abstract, in a café", ())
