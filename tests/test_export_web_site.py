"""The site a web page or a post is on, where its source names it apart from its venue
(Zotero's BibLaTeX: ``titleaddon = {Medium}``), and the day it is dated to (``date =
{2025-03-24}``) are written by tuireader's JSON and CSV exports and read back from
them: read back, a Medium post was cited "Kim, D.-K. (2025). PPO: …" where its list
gives "Kim, D.-K. (2025, March 24). PPO: …. Medium.", and a CSV export took an entry
type its reader did not know ("online", "collection") for none."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

#: two entries of a Zotero BibLaTeX export
ZOTERO = """@online{kim_ppo_2025,
	title = {{PPO}: Efficient, Stable, and Scalable Policy Optimization},
	url = {https://medium.com/@kdk199604/ppo-efficient-stable-and-scalable-policy-optimization-15b5b9c74a88},
	shorttitle = {{PPO}},
	abstract = {A Deep Dive into Proximal Policy Optimization and Its Impact on {RL}},
	titleaddon = {Medium},
	author = {Kim, Dong-Keon},
	urldate = {2026-05-19},
	date = {2025-03-24},
	langid = {english},
}

@collection{erleben_physics-based_2005,
	location = {Hingham, Mass},
	title = {Physics-based animation},
	isbn = {978-1-58450-380-4},
	publisher = {Charles River Media},
	editor = {Erleben, Kenny},
	date = {2005},
	langid = {english},
}
"""


def _round_trip(tmp_path: Path, fmt: str):
    listed = tmp_path / "zotero.bib"
    listed.write_text(ZOTERO, encoding="utf-8")
    library = load_library([listed])
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id, "new") for p in papers}, fmt)
    out = tmp_path / "back" / f"export{SUFFIXES[fmt]}"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    return library, load_library([out])


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("style", ["apa", "mla", "markdown", "url"])
def test_a_post_read_back_is_cited_with_its_site_and_day(
    tmp_path: Path, fmt: str, style: str
) -> None:
    library, back = _round_trip(tmp_path, fmt)
    before = {p.id: format_citation(p, style).text for p in library.papers}
    assert style != "apa" or any(
        text.startswith("Kim, D.-K. (2025, March 24). PPO:") and ". Medium. https://" in text
        for text in before.values()
    )
    assert {p.id: format_citation(p, style).text for p in back.papers} == before


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_a_post_read_back_gives_its_site_in_bibtex(tmp_path: Path, fmt: str) -> None:
    library, back = _round_trip(tmp_path, fmt)
    post = next(p for p in back.papers if p.title.startswith("PPO"))
    assert (post.entry_type, post.site, post.month, post.day) == ("online", "Medium", 3, 24)
    # its entry read back too: cited in BibTeX and BibLaTeX from it, as before
    listed = next(p for p in library.papers if p.title.startswith("PPO"))
    for style in ("bibtex", "biblatex"):
        assert format_citation(post, style).text == format_citation(listed, style).text
    assert "titleaddon = {Medium}" in format_citation(post, "biblatex").text
