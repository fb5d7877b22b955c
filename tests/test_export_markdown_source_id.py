"""The Markdown export names the key a paper's id comes from ``source id:``, where it
wrote ``key:``, which reads as the paper's citation key (``key: openreview:A9MiJdetnZ``
for ICML's pmlr-v235-basu24a). Read back as a list, the paper keeps its id, from an
export written now and from one written before with ``key:``."""

from __future__ import annotations

from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.library import load_library

BASU = Path(__file__).parent / "fixtures" / "export_latex" / "icml2024_basu24a.jsonl"


def run(capsys, *argv: object) -> str:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_the_key_an_id_comes_from_is_no_citation_key(tmp_path, capsys):
    data = tmp_path / "data"
    text = run(capsys, "export", BASU, "--format", "markdown", "--data-dir", data)
    (paper,) = load_library([BASU]).papers
    assert f"\n  id: {paper.id}\n  source id: openreview:A9MiJdetnZ\n" in text
    assert "  key: " not in text
    cited = run(capsys, "cite", paper.id, BASU, "--format", "bibtex", "--data-dir", data)
    assert cited.startswith("@inproceedings{pmlr-v235-basu24a,")
    assert "A9MiJdetnZ" not in cited.split(",")[0]


def test_read_back_as_a_list_the_paper_keeps_its_id(tmp_path, capsys):
    (paper,) = load_library([BASU]).papers
    text = run(capsys, "export", BASU, "--format", "markdown", "--data-dir", tmp_path / "d")
    now, before = tmp_path / "now.md", tmp_path / "before.md"
    now.write_text(text, encoding="utf-8")
    before.write_text(text.replace("  source id: ", "  key: "), encoding="utf-8")
    assert "  key: openreview:A9MiJdetnZ" in before.read_text(encoding="utf-8")
    for written in (now, before):
        assert [each.id for each in load_library([written]).papers] == [paper.id]
