"""The index of lists whose file names are bytes that are not UTF-8.

A list file named ``\\xff.jsonl`` (a name from another system's encoding, a broken
download) kept the search index from opening: its path went into the index's
manifest, which could not be written as UTF-8, and every search said "searching
without it".
"""

from __future__ import annotations

import json
import os
import sys

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

pytestmark = pytest.mark.skipif(sys.platform == "darwin", reason="names are UTF-8 there")


@pytest.fixture
def odd_list(tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    path = folder / os.fsdecode(b"ICML \xff.jsonl")
    record = {"title": "Diffusion Models Sample Well", "abstract": "Noise.", "author": "A B"}
    try:
        path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system takes no such name")
    return path


def test_a_list_named_in_bytes_that_are_not_utf8_is_indexed(odd_list, tmp_path):
    library = load_library([odd_list])
    paths = resolve(tmp_path / "data")
    engine = open_engine(library, paths)
    try:
        assert engine.problem is None
        assert engine.status != "no index: plain text scan"
        assert [hit.paper.title for hit in engine.search("diffusion").hits] == [
            "Diffusion Models Sample Well"
        ]
    finally:
        engine.close()
    # opened again, the index is found current: its manifest read back what was written
    again = open_engine(load_library([odd_list]), paths)
    try:
        assert again.problem is None
        assert again.report.written == 0 and not again.report.rebuilt
        assert again.search("diffusion").total == 1
    finally:
        again.close()
