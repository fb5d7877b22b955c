"""A segment changed in place, its size and time kept (no stat can see it), where only
the papers' stored fields are: the index is found damaged by the first command that
reads them, rebuilt and searched, that command and the next, instead of each failing
with an unexpected error."""

from __future__ import annotations

import json
import os

from corpus_util import RECORDS, write_jsonl
from whoosh.filedb.compound import CompoundStorage
from whoosh.filedb.filestore import FileStorage

from tuireader.cli import main


def _stored_part(folder) -> tuple[os.PathLike, int, int]:  # type: ignore[no-untyped-def]
    """The compound segment file in ``folder``, and where its stored fields lie in it."""
    seg = min(folder.glob("*.seg"))
    with FileStorage(str(folder)).open_file(seg.name) as handle:
        parts = CompoundStorage(handle, use_mmap=False)._dir
    stored = next(info for name, info in parts.items() if name.endswith("_stored.col"))
    return seg, stored["offset"], stored["length"]


def _search(capsys, data, source) -> tuple[int, dict, str]:  # type: ignore[no-untyped-def]
    code = main(["--data-dir", str(data), "search", "--json", "privacy", str(source)])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def test_stored_fields_damaged_in_place_are_rebuilt(tmp_path, capsys):
    source = write_jsonl(tmp_path / "lists" / "a.jsonl", RECORDS)
    data = tmp_path / "data"
    code, answer, _ = _search(capsys, data, source)
    want = answer["total"]
    assert code == 0 and want == 1
    seg, offset, length = _stored_part(data / "index")
    before = seg.stat()
    with open(seg, "r+b") as handle:  # the stored fields' part, zeroed: the same size
        handle.seek(offset)
        handle.write(b"\0" * length)
    os.utime(seg, ns=(before.st_atime_ns, before.st_mtime_ns))  # and the same time
    assert (seg.stat().st_size, seg.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)

    code, answer, err = _search(capsys, data, source)
    assert "unexpected error" not in err
    assert code == 0 and answer["total"] == want
    assert "the search index was damaged; rebuilt it" in err
    code, answer, err = _search(capsys, data, source)  # the next command: healed
    assert code == 0 and answer["total"] == want and "damaged" not in err
