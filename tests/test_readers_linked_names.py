"""Author names a page linked to their authors' pages (``<a href="https://…">Ann
Lee</a>``) are names all the same: a list that gave them lost every author of the
paper, its fields of names taken for web addresses."""

from __future__ import annotations

from tuireader.ingest.formats.jsonfile import record_from_mapping


def test_names_linked_to_their_pages_are_read_without_the_links() -> None:
    record = record_from_mapping(
        {
            "title": "Graph networks for molecules",
            "abstract": "We study graphs.",
            "authors": ['<a href="https://x.org/ann">Ann Lee</a>', "Bob Jones"],
        }
    )
    assert record is not None and record.authors == ("Ann Lee", "Bob Jones")


def test_a_field_of_addresses_is_still_no_names() -> None:
    # an export that calls its authors' pages ``authors`` beside their names
    record = record_from_mapping(
        {
            "title": "Graph networks for molecules",
            "abstract": "We study graphs.",
            "authors": ["https://x.org/ann", "https://x.org/bob"],
            "author_names": ["Ann Lee", "Bob Jones"],
        }
    )
    assert record is not None and not any("://" in name for name in record.authors)
