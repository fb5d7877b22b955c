"""A RIS export of tuireader's carries the triage as keywords after the record's own
(``KW  - tuireader:kept``, then the tags): added as a list, the paper's keywords are its
own. Written out again by Zotero, the keywords come in Zotero's order, the state's
among them: the paper lost the keywords after it and kept the state's tags before it
as its own; now only the state's keyword is left out."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

HEAD = "TY  - JOUR\nTI  - Grasping in Clutter\nAU  - Doe, Jane\nPY  - 2023\n"


def _keywords(tmp_path: Path, body: str) -> tuple[str, ...]:
    path = tmp_path / "list.ris"
    path.write_text(HEAD + body + "ER  - \n", encoding="utf-8")
    (record,) = read_file(path).records
    return record.keywords


def test_the_triage_the_export_writes_is_no_keyword_of_the_paper(tmp_path: Path) -> None:
    # as the export writes it: the citation's record (its ID last), then the triage
    body = (
        "KW  - robots\nKW  - grasping\nID  - doe2023\nKW  - tuireader:kept\n"
        "KW  - to read\nN1  - my note\nAN  - abc12345\n"
    )
    assert _keywords(tmp_path, body) == ("robots", "grasping")


def test_keywords_in_another_order_lose_only_the_states(tmp_path: Path) -> None:
    # as Zotero writes it back: its id and note first, the keywords in its order
    body = (
        "AN  - abc12345\nN1  - <p>my note</p>\nKW  - grasping\nKW  - robots\n"
        "KW  - tuireader:kept\nKW  - vision\n"
    )
    assert _keywords(tmp_path, body) == ("grasping", "robots", "vision")


def test_a_record_without_triage_keeps_every_keyword(tmp_path: Path) -> None:
    assert _keywords(tmp_path, "KW  - robots\nKW  - vision\n") == ("robots", "vision")
