"""Catalogs under hostile configuration: a path repeated, respelled or linked loads once;
a damaged CSV catalog keeps its other rows and says which lines were repaired."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tuireader.ingest import catalog
from tuireader.ingest.catalog import load_catalog, load_catalogs
from tuireader.session import load_session

FIXTURES = Path(__file__).parent / "fixtures" / "catalog"
SAMPLE = FIXTURES / "icml-sample.jsonl"
LIST = Path(__file__).parent / "fixtures" / "readers" / "icml2024_sample.jsonl"


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files ``load_catalog`` is asked to read."""
    seen: list[Path] = []

    def counting(path: Path) -> catalog.Catalog:
        seen.append(Path(path))
        return load_catalog(path)

    monkeypatch.setattr(catalog, "load_catalog", counting)
    return seen


def test_one_catalog_given_a_hundred_times_and_respelled_is_read_once(
    tmp_path: Path, calls: list[Path]
) -> None:
    folder = tmp_path / "cats"
    folder.mkdir()
    (tmp_path / "sub").mkdir()
    file = folder / "icml.jsonl"
    shutil.copy(SAMPLE, file)
    link = tmp_path / "link.jsonl"
    link.symlink_to(file)
    spellings = [
        *[file] * 100,
        folder / "." / "icml.jsonl",
        tmp_path / "sub" / ".." / "cats" / "icml.jsonl",
        link,
        folder,  # a folder holding the same file
    ]
    loaded, problems = load_catalogs(spellings)
    assert len(loaded) == 1
    assert calls == [file]
    assert len(loaded[0].entries) > 0
    assert problems == list(loaded[0].problems)


def test_a_hard_link_is_the_same_catalog(tmp_path: Path, calls: list[Path]) -> None:
    file = tmp_path / "icml.jsonl"
    shutil.copy(SAMPLE, file)
    (tmp_path / "again.jsonl").hardlink_to(file)
    loaded, _ = load_catalogs([file, tmp_path / "again.jsonl"])
    assert len(loaded) == 1


def test_a_missing_catalog_given_twice_is_reported_once(tmp_path: Path) -> None:
    missing = tmp_path / "gone.jsonl"
    loaded, problems = load_catalogs([missing, missing, tmp_path / "." / "gone.jsonl"])
    assert len(loaded) == 1
    assert [problem.message for problem in problems] == ["catalog not found"]


def test_distinct_catalogs_keep_their_order(tmp_path: Path) -> None:
    first, second = tmp_path / "b.jsonl", tmp_path / "a.jsonl"
    shutil.copy(SAMPLE, first)
    shutil.copy(SAMPLE, second)
    loaded, _ = load_catalogs([first, second, first])
    assert [entry.path for entry in loaded] == [first, second]


def test_the_same_catalog_from_command_line_and_config_loads_once(
    tmp_path: Path, calls: list[Path]
) -> None:
    file = tmp_path / "icml.jsonl"
    shutil.copy(SAMPLE, file)
    data = tmp_path / "data"
    data.mkdir()
    repeated = ", ".join(f'"{file}"' for _ in range(100))
    (data / "config.toml").write_text(f'catalogs = [{repeated}, "{tmp_path}/./icml.jsonl"]\n')
    session = load_session([LIST], data_dir=data, catalogs=[file] * 100, default_catalogs=False)
    assert len(session.config.catalogs) == 101
    assert calls == [file]
    assert session.library.papers


def test_a_csv_catalog_with_bad_bytes_names_the_line(tmp_path: Path) -> None:
    text = (
        "title,authors,abstract\n"
        "Über methods,Jörg Müller,An abstract about Über methods.\n"
        "Second,Ann Lee,Another abstract.\n"
    )
    data = text.encode().replace(b"Another", b"Ano\xff\xfe\xc3ther")
    path = tmp_path / "cat.csv"
    path.write_bytes(data)
    loaded = load_catalog(path)
    assert [entry.title for entry in loaded.entries] == ["Über methods", "Second"]
    assert loaded.entries[0].authors == ("Jörg Müller",)
    assert [problem.message for problem in loaded.problems] == [
        "line 3 had bytes that are not UTF-8; replaced them with \ufffd"
    ]
