"""On a nearly full disk the cache of read lists (derived data) leaves the last space to
the triage file: a triage change is never refused for a disk its cache filled."""

from __future__ import annotations

import json
import shutil
from collections import namedtuple

from tuireader.cli import main

Usage = namedtuple("Usage", "total used free")


def _list(tmp_path):
    path = tmp_path / "list.jsonl"
    records = [
        {"title": f"Grasping study {n} in clutter", "abstract": f"We grasp objects, case {n}."}
        for n in range(40)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _nearly_full(monkeypatch, free: int) -> None:
    real = shutil.disk_usage

    def usage(path):  # type: ignore[no-untyped-def]
        found = real(path)
        return Usage(found.total, found.total - free, free)

    monkeypatch.setattr(shutil, "disk_usage", usage)


def test_a_nearly_full_disk_gets_no_cache_entries_and_the_triage_is_saved(
    tmp_path, capsys, monkeypatch
):
    # with 500 KB free, a command wrote its 450 KB list entry into cache/, and the
    # triage change it was run for failed: "the disk may be full", at every command
    lst, data = _list(tmp_path), tmp_path / "data"
    _nearly_full(monkeypatch, 1 << 20)  # 1 MB free
    assert main(["search", "grasping", str(lst), "--data-dir", str(data), "--json"]) == 0
    (hit, *_) = json.loads(capsys.readouterr().out)["hits"]
    assert main(["triage", hit["id"], str(lst), "--state", "keep", "--data-dir", str(data)]) == 0
    assert [p.name for p in (data / "cache").glob("*.bin")] == []
    capsys.readouterr()
    assert main(["search", "is:kept", str(lst), "--data-dir", str(data)]) == 0
    assert hit["id"] in capsys.readouterr().out


def test_a_disk_with_room_keeps_the_cache(tmp_path, capsys, monkeypatch):
    lst, data = _list(tmp_path), tmp_path / "data"
    _nearly_full(monkeypatch, 1 << 30)
    assert main(["search", "grasping", str(lst), "--data-dir", str(data)]) == 0
    names = sorted(p.name.split("-")[0] for p in (data / "cache").glob("*.bin"))
    assert "library" in names and "list" in names


def _lists(tmp_path, count: int = 2):
    """``count`` lists of about 100 KB each, in a folder of their own."""
    folder = tmp_path / "lists"
    folder.mkdir()
    for n in range(count):
        records = [
            {"title": f"Grasping study {n}-{k} in clutter", "abstract": "We grasp. " * 40}
            for k in range(220)
        ]
        text = "".join(json.dumps(r) + "\n" for r in records)
        (folder / f"list{n}.jsonl").write_text(text, encoding="utf-8")
    return folder


#: room for any one of the lists' entries after the 16 MB kept, not for the whole cache
ROOM_FOR_ONE_ENTRY = (16 << 20) + 300_000


def test_add_asks_room_for_the_whole_cache_not_entry_by_entry(tmp_path, capsys, monkeypatch):
    # add of 3 MB of lists wrote 2.4 MB of list entries into a disk of 3 MB, though the
    # cache was to leave 16 MB free: each entry was written where the room was asked for
    # none, or for itself alone
    folder, data = _lists(tmp_path), tmp_path / "data"
    assert all(100_000 < p.stat().st_size < 150_000 for p in folder.iterdir())
    _nearly_full(monkeypatch, ROOM_FOR_ONE_ENTRY)
    assert main(["add", str(folder), "--data-dir", str(data)]) == 0
    err = capsys.readouterr().err
    assert [p.name for p in (data / "cache").glob("*.bin")] == []
    assert "cache" not in err  # an optional cache not written is nothing to warn of
    assert main(["search", "grasping", "--data-dir", str(data), "--limit", "1"]) == 0
    assert "Grasping study" in capsys.readouterr().out
    assert [p.name for p in (data / "cache").glob("*.bin")] == []


def test_a_command_asks_room_for_the_whole_cache_not_entry_by_entry(tmp_path, capsys, monkeypatch):
    folder, data = _lists(tmp_path), tmp_path / "data"
    _nearly_full(monkeypatch, ROOM_FOR_ONE_ENTRY)
    assert main(["search", "grasping", str(folder), "--data-dir", str(data)]) == 0
    assert [p.name for p in (data / "cache").glob("*.bin")] == []


def test_the_whole_cache_is_written_where_it_fits(tmp_path, capsys, monkeypatch):
    folder, data = _lists(tmp_path), tmp_path / "data"
    _nearly_full(monkeypatch, (16 << 20) + 2_000_000)
    assert main(["add", str(folder), "--data-dir", str(data)]) == 0
    names = sorted(p.name.split("-")[0] for p in (data / "cache").glob("*.bin"))
    assert names.count("list") == 2 and "library" in names


def test_a_list_not_cached_for_room_has_its_warnings_said_once(tmp_path, capsys, monkeypatch):
    # the cache tells a list's warnings said before: not written, every command on the
    # nearly full disk said them all again
    folder, data = _lists(tmp_path, count=1), tmp_path / "data"
    with open(folder / "list0.jsonl", "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"url": "https://example.org/untitled"}) + "\n")
    _nearly_full(monkeypatch, ROOM_FOR_ONE_ENTRY)
    search = ["search", "grasping", str(folder), "--data-dir", str(data), "--limit", "1"]
    assert main(search) == 0
    (warning,) = [line for line in capsys.readouterr().err.splitlines() if "list0" in line]
    assert main(search) == 0
    assert warning not in capsys.readouterr().err
    assert [p.name for p in (data / "cache").glob("*.bin")] == []
    # changed, it is said again
    with open(folder / "list0.jsonl", "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"url": "https://example.org/another"}) + "\n")
    assert main(search) == 0
    assert "list0" in capsys.readouterr().err
