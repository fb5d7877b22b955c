"""A list read on its own, outside the library, never moves the library's marks.

An awesome list is added and a paper of it kept; the library is exported as CSV. The
list then links the paper elsewhere (an arXiv page becomes an OpenReview forum), which
gives it a new id: reading the library moves its mark there, as it should. The export,
read by naming it, still gives the paper its old id: it took the mark back to that id,
said so, and the next command on the library took it forth again, each one saying so.
Read now, the export shows the marks of the papers whose ids it gives and moves none.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main

ARXIV = "https://arxiv.org/abs/2210.17323"
OPENREVIEW = "https://openreview.net/forum?id=tcbBPnfwxS"

AWESOME = """# Awesome LLM Compression

## Quantization

- [GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers](LINK) - Frantar et al. [[code](https://github.com/IST-DASLab/gptq)]
- [AWQ: Activation-aware Weight Quantization for LLM Compression and Acceleration](https://arxiv.org/abs/2306.00978) - Lin et al. [[code](https://github.com/mit-han-lab/llm-awq)]
- [SmoothQuant: Accurate and Efficient Post-Training Quantization for Large Language Models](https://arxiv.org/abs/2211.10438) - Xiao et al. [[code](https://github.com/mit-han-lab/smoothquant)]
"""


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def gptq(capsys, *sources: Path) -> tuple[dict, str]:  # type: ignore[type-arg]
    """GPTQ's hit read from ``sources`` (the library without), and what stderr said."""
    code, out, err = run(capsys, "search", "gptq", *sources, "--json")
    assert code == 0, err
    (hit,) = json.loads(out)["hits"]
    return hit, err


def rekeyed(capsys, tmp_path: Path) -> tuple[Path, str, str]:
    """The export made before GPTQ's link changed, GPTQ's id in it, and its id now."""
    awesome = tmp_path / "awesome.md"
    awesome.write_text(AWESOME.replace("LINK", ARXIV), encoding="utf-8")
    assert run(capsys, "add", awesome)[0] == 0
    old = gptq(capsys)[0]["id"]
    assert run(capsys, "triage", old, "--state", "keep", "--tag", "quant")[0] == 0
    exported = tmp_path / "ex" / "all.csv"
    exported.parent.mkdir()
    assert run(capsys, "export", "--format", "csv", "-o", exported)[0] == 0
    # read back as it is written, the export shows the paper's marks
    hit = gptq(capsys, exported)[0]
    assert hit["id"] == old and hit["state"] == "kept" and hit["tags"] == ["quant"]
    awesome.write_text(AWESOME.replace("LINK", OPENREVIEW), encoding="utf-8")
    hit, err = gptq(capsys)
    new = hit["id"]
    assert new != old
    # the library read again: the mark follows its paper to the new id, said
    assert f"{old} → {new}" in err
    assert hit["state"] == "kept" and hit["tags"] == ["quant"]
    return exported, old, new


def test_reading_an_export_alone_never_moves_the_librarys_marks(capsys, tmp_path):
    exported, old, new = rekeyed(capsys, tmp_path)
    for _ in range(3):
        # the export's copy of the paper, under the id the marks left, takes none back
        hit, err = gptq(capsys, exported)
        assert hit["id"] == old and hit["state"] == "new" and hit["tags"] == []
        assert "followed" not in err and "→" not in err
        # the library's paper keeps its marks, and nothing is said of them moving
        hit, err = gptq(capsys)
        assert hit["id"] == new and hit["state"] == "kept" and hit["tags"] == ["quant"]
        assert "followed" not in err and "→" not in err
    code, out, _ = run(capsys, "search", "is:kept", "--json")
    assert code == 0 and [h["id"] for h in json.loads(out)["hits"]] == [new]


def test_an_export_read_back_shows_the_marks_of_the_ids_it_gives(capsys, tmp_path):
    # made after the move, it gives the paper the id that holds its marks now
    _exported, _old, new = rekeyed(capsys, tmp_path)
    fresh = tmp_path / "ex" / "now.csv"
    assert run(capsys, "export", "--format", "csv", "-o", fresh)[0] == 0
    hit, err = gptq(capsys, fresh)
    assert hit["id"] == new and hit["state"] == "kept" and hit["tags"] == ["quant"]
    assert "followed" not in err
    assert gptq(capsys)[0]["state"] == "kept"


def test_a_list_of_the_library_named_alone_still_moves_its_marks(capsys, tmp_path):
    # the list itself, named: a re-scrape read so moves its marks, as reading the
    # library does
    awesome = tmp_path / "awesome.md"
    awesome.write_text(AWESOME.replace("LINK", ARXIV), encoding="utf-8")
    assert run(capsys, "add", awesome)[0] == 0
    old = gptq(capsys)[0]["id"]
    assert run(capsys, "triage", old, "--state", "keep")[0] == 0
    awesome.write_text(AWESOME.replace("LINK", OPENREVIEW), encoding="utf-8")
    hit, err = gptq(capsys, awesome)
    assert hit["id"] != old and hit["state"] == "kept"
    assert f"{old} → {hit['id']}" in err
    hit, err = gptq(capsys)
    assert hit["state"] == "kept" and "followed" not in err


def test_an_export_read_while_the_list_is_away_takes_no_mark(capsys, tmp_path):
    # the list moved away, its marks are bound to no list file there is: the export,
    # holding the paper, took them, and the list put back took them again
    exported, old, new = rekeyed(capsys, tmp_path)
    awesome = tmp_path / "awesome.md"
    awesome.rename(tmp_path / "awesome.md.bak")
    hit, err = gptq(capsys, exported)
    assert hit["id"] == old and hit["state"] == "new"
    assert "followed" not in err
    (tmp_path / "awesome.md.bak").rename(awesome)
    hit, err = gptq(capsys)
    assert hit["id"] == new and hit["state"] == "kept" and "followed" not in err
