"""A talk's video, slides and poster are links of their own kinds, not project pages: a
CoLLAs 2022 paper (PMLR's ``video = {https://youtu.be/…}``) showed ``1 project
https://youtu.be/…``, ``links --json`` gave ``"kind": "project"`` and ``has:project
list:collas`` matched all its papers, though ``u`` said "Copied video link"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.ingest.links import classify, links_for
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

#: PMLR's CoLLAs 2022 entries: a video each, and no other link
COLLAS = Path(__file__).parent / "fixtures" / "citations" / "pmlr_collas2022_slice.bib"

#: an entry with a link of every kind of a talk's, beside a project page and its code
TALKS = """@inproceedings{lee23a,
  title = {Wombat Networks for Burrow Planning},
  author = {Lee, Ann},
  booktitle = {Proceedings of the Conference on Wombats},
  year = {2023},
  project = {https://wombats.github.io},
  code = {https://github.com/lee/wombats},
  video = {https://youtu.be/abcDEF123},
  slides = {https://wombats.org/talk.pdf},
  poster = {https://wombats.org/poster.png}
}
"""
KINDS = {
    "https://github.com/lee/wombats": "code",
    "https://wombats.github.io": "project",
    "https://youtu.be/abcDEF123": "video",
    "https://wombats.org/talk.pdf": "slides",
    "https://wombats.org/poster.png": "poster",
}


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("https://youtu.be/iZ4cz5RQmzE", "video"),
        ("https://www.youtube.com/watch?v=iZ4cz5RQmzE", "video"),
        ("https://vimeo.com/123456", "video"),
        ("https://slideslive.com/38967890/wombats", "video"),
        ("https://speakerdeck.com/lee/wombats", "slides"),
        ("https://docs.google.com/presentation/d/1abc/edit", "slides"),
        ("https://wombats.github.io", "project"),
        ("https://github.com/lee/wombats", "code"),
        ("https://wombats.org/poster.pdf", "paper"),
    ],
)
def test_a_link_to_a_site_of_videos_or_slides_is_one(url: str, kind: str) -> None:
    assert classify(url) == kind


def test_a_project_field_holding_a_video_gives_a_video() -> None:
    links = links_for("", project_urls=("https://youtu.be/x1", "https://wombats.github.io"))
    assert [(link.kind, link.origin) for link in links] == [
        ("project", "project_urls"),
        ("video", "project_urls"),
    ]


def test_a_video_in_the_abstract_is_a_video() -> None:
    (link,) = links_for("Talk at https://www.youtube.com/watch?v=x1.")
    assert (link.kind, link.origin) == ("video", "text")


def _listed(tmp_path: Path) -> Path:
    path = tmp_path / "wombats.bib"
    path.write_text(TALKS, encoding="utf-8")
    return path


def test_each_field_of_a_talk_gives_a_link_of_its_kind(tmp_path: Path) -> None:
    (paper,) = load_library([_listed(tmp_path)]).papers
    assert {link.url: link.kind for link in paper.links} == KINDS
    # code first, then the project's page, then the talk's links
    assert [link.kind for link in paper.links] == ["code", "project", "video", "slides", "poster"]
    assert [link.what for link in paper.links][2:] == ["video link", "slides link", "poster link"]


def test_a_collas_paper_has_a_video_not_a_project(tmp_path: Path, capsys) -> None:
    data = ["--data-dir", str(tmp_path / "data")]
    library = load_library([COLLAS])
    paper = library.papers[0]
    assert [link.kind for link in paper.links] == ["video"]
    assert main(["links", paper.id, str(COLLAS), "--json", *data]) == 0
    (link,) = json.loads(capsys.readouterr().out)["links"]
    assert (link["kind"], link["origin"]) == ("video", "video")
    assert main(["links", paper.id, str(COLLAS), "--kind", "video", *data]) == 0
    assert capsys.readouterr().out.startswith("https://youtu.be/")
    assert main(["links", paper.id, str(COLLAS), "--kind", "project", *data]) == 1
    capsys.readouterr()
    assert main(["show", paper.id, str(COLLAS), *data]) == 0
    assert "[1] video   https://youtu.be/" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("query", "kinds"),
    [
        ("has:video", {"video"}),
        ("has:slides", {"slides"}),
        ("has:poster", {"poster"}),
        ("has:project", {"project"}),
    ],
)
def test_has_finds_the_papers_with_a_link_of_that_kind(
    tmp_path: Path, capsys, query: str, kinds: set[str]
) -> None:
    wombats = _listed(tmp_path)
    data = ["--data-dir", str(tmp_path / "data")]
    assert main(["search", query, str(wombats), str(COLLAS), "--json", *data]) == 0
    hits = json.loads(capsys.readouterr().out)["hits"]
    found = {hit["title"] for hit in hits}
    library = load_library([wombats, COLLAS])
    expected = {p.title for p in library.papers if kinds & {link.kind for link in p.links}}
    assert found == expected and found
    if query != "has:video":
        assert found == {"Wombat Networks for Burrow Planning"}  # no CoLLAs video


def test_copy_takes_a_talks_link_by_its_kind(tmp_path: Path, capsys) -> None:
    data = ["--data-dir", str(tmp_path / "data")]
    (paper,) = load_library([_listed(tmp_path)]).papers
    code = main(["copy", paper.id, str(_listed(tmp_path)), "--link", "slides", "--json", *data])
    assert code == 0
    assert "https://wombats.org/talk.pdf" in capsys.readouterr().out


@pytest.mark.parametrize("fmt", ["bibtex", "csv", "json", "markdown"])
def test_an_export_read_back_keeps_each_links_kind(tmp_path: Path, fmt: str) -> None:
    library = load_library([_listed(tmp_path)])
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id, "new") for p in papers}, fmt)
    out = tmp_path / "back" / f"export{SUFFIXES[fmt]}"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    (back,) = load_library([out]).papers
    assert {link.url: link.kind for link in back.links} == KINDS
