"""``tuireader index --rebuild`` when the rebuild cannot be done."""

from __future__ import annotations

import errno

from corpus_util import RECORDS, write_jsonl
from whoosh.filedb.filestore import FileStorage

from tuireader.cli import main


def no_room_for_index_files(monkeypatch) -> None:
    """Every index file the rebuild makes refuses its first byte, as a full disk does."""
    real_create = FileStorage.create_file

    class Full:
        def __init__(self, file):
            self._file = file

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

        def __getattr__(self, name):
            return getattr(self._file, name)

    def create_file(self, name, *args, **kwargs):
        handle = real_create(self, name, *args, **kwargs)
        handle.file = Full(handle.file)
        return handle

    monkeypatch.setattr(FileStorage, "create_file", create_file)


def test_a_rebuild_on_a_full_disk_is_not_blamed_on_another_tuireader(capsys, tmp_path, monkeypatch):
    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    assert main(["index", str(source)]) == 0
    capsys.readouterr()
    no_room_for_index_files(monkeypatch)
    code = main(["index", "--rebuild", str(source)])
    err = capsys.readouterr().err
    assert code == 2
    assert "could not be rebuilt (No space left on device)" in err
    assert "another tuireader" not in err
    assert "the search index was not rebuilt (it is searched as it is)" in err
