"""``tuireader copy``: the best hit's link or citation through the reader's clipboard chain.

Routes are fakes (an OSC 52 writer that records, a file folder in tmp) or a private tmux
server started here; the real clipboard and the terminal running the tests are never used.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import uuid

import bibtexparser
import pytest

from tuireader import cli
from tuireader.cli import main
from tuireader.system.clipboard import Clipboard, Environment

IGSG = "https://github.com/YujunZhou/IGSG"
IGSG_ID = "fhg466ju"  # the seeds' "Attack-free Evaluating ..." paper


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_copy_a_query_sends_the_code_link_and_says_the_route(capsys, over_ssh):
    code, out, err = run(capsys, "copy", "igsg")
    assert code == 0, err
    assert over_ssh == [IGSG]
    assert out == IGSG + "\n"
    assert f"Sent code link to the terminal (OSC 52): {IGSG_ID}" in err
    assert "If it doesn't paste, set osc52" in err  # OSC 52 cannot be confirmed


def test_copy_by_id_and_by_link_number_or_kind(capsys, over_ssh):
    assert run(capsys, "copy", IGSG_ID)[0] == 0
    assert run(capsys, "copy", IGSG_ID[:5], "--link", "paper")[0] == 0
    assert run(capsys, "copy", f"[{IGSG_ID.upper()}]", "--link", "2")[0] == 0
    assert over_ssh[0] == IGSG
    assert over_ssh[1].startswith("https://proceedings.mlr.press/")
    assert over_ssh[2] == over_ssh[1]  # link 2 as show numbers it
    code, _out, err = run(capsys, "copy", IGSG_ID, "--link", "9")
    assert code == 1 and "has no link 9" in err and len(over_ssh) == 3


def test_copy_a_citation(capsys, over_ssh):
    code, out, err = run(capsys, "copy", "attack categorical", "--cite", "bibtex")
    assert code == 0, err
    [entry] = over_ssh
    parsed = bibtexparser.parse_string(entry)
    assert not parsed.failed_blocks and "Categorical Data" in parsed.entries[0]["title"]
    assert out.strip() == entry.strip()
    assert "BibTeX citation" in err


def test_papers_matching_about_equally_well_are_listed_and_nothing_copied(capsys, over_ssh):
    code, out, err = run(capsys, "copy", "diffusion")
    assert code == 1 and out == "" and over_ssh == []
    assert "match 'diffusion' match it about equally well; nothing copied" in err
    listed = [line.split()[1] for line in err.splitlines()[1:]]
    assert len(listed) >= 2 and all(len(paper_id) == 8 for paper_id in listed)
    # either of them, by id, is copied
    assert run(capsys, "copy", listed[1])[0] in (0, 1)
    assert len(over_ssh) <= 1


def test_of_papers_matching_equally_well_only_one_with_a_code_link_is_the_one(
    capsys, over_ssh, tmp_path
):
    import json

    code_url = "https://github.com/example/walrus-counter"
    records = [
        {"title": "Counting Walruses from Space", "authors": ["Ada Lovelace"]},
        {
            "title": "Counting Walruses from Ships",
            "authors": ["Alan Turing"],
            "code_urls": [code_url],
        },
        {"title": "Counting Walruses from Planes", "authors": ["Grace Hopper"]},
    ]
    source = tmp_path / "walruses.json"
    source.write_text(json.dumps(records), encoding="utf-8")
    # asked for a code link, the papers without one are not meant
    code, out, err = run(capsys, "copy", "counting walruses", "--link", "code", str(source))
    assert code == 0, err
    assert over_ssh == [code_url] and out == code_url + "\n"
    assert "Ships" in err
    # asked for anything else, they are as likely as the one with code
    code, out, err = run(capsys, "copy", "counting walruses", "--link", "paper", str(source))
    assert code == 1 and "about equally well has a paper link; nothing copied" in err
    code, out, err = run(capsys, "copy", "counting walruses", str(source))
    assert code == 1 and "about equally well; nothing copied" in err
    assert over_ssh == [code_url]
    # none of them with such a link: said so, not "add words"
    records[1].pop("code_urls")
    source.write_text(json.dumps(records), encoding="utf-8")
    code, out, err = run(capsys, "copy", "counting walruses", "--link", "code", str(source))
    assert code == 1 and out == "" and over_ssh == [code_url]
    assert (
        "none of the 3 papers that match 'counting walruses' about equally well has a code"
        " link; nothing copied" in err
    )


def test_nothing_found_copies_nothing(capsys, over_ssh):
    code, out, err = run(capsys, "copy", "zzqqxxnothing")
    assert code == 1 and out == "" and over_ssh == []
    assert "no papers match" in err


def test_without_any_route_the_text_is_saved_and_shown(capsys, monkeypatch, tmp_path):
    def clipboard(session):
        return Clipboard(
            osc52_writer=None,
            fallback_dir=session.paths.clipboard_dir,
            environment=Environment(),  # no tmux, no SSH, no display
        )

    monkeypatch.setattr(cli, "_clipboard", clipboard)
    code, out, err = run(capsys, "copy", "igsg")
    assert code == 0 and out == IGSG + "\n"
    assert "shown for manual copy (saved to" in err
    from tuireader.system.paths import resolve

    assert (resolve().clipboard_dir / "last-copy.txt").read_text() == IGSG


def test_link_and_cite_together_is_a_usage_error(capsys, over_ssh):
    code, _out, err = run(capsys, "copy", "igsg", "--link", "code", "--cite", "apa")
    assert code == 2 and "not both" in err
    code, _out, err = run(capsys, "copy", "igsg", "--link", "0")
    assert code == 2 and "--link takes" in err
    code, _out, err = run(capsys, "copy")
    assert code == 2 and over_ssh == []


# -- a real tmux server ------------------------------------------------------------------


@pytest.fixture
def tmux_server(monkeypatch, osc52):
    """A private tmux server; ``$TMUX`` points at it, as inside one of its panes."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    socket = f"tuireader-copy-{uuid.uuid4().hex[:10]}"
    base = ["tmux", "-L", socket, "-f", "/dev/null"]
    subprocess.run([*base, "new-session", "-d", "sh", "-c", "sleep 600"], check=True)
    try:
        path = subprocess.run(
            [*base, "display-message", "-p", "#{socket_path}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        monkeypatch.setenv("TMUX", f"{path},{os.getpid()},0")

        def buffer() -> str | None:
            done = subprocess.run(
                [*base, "show-buffer"], check=False, capture_output=True, text=True
            )
            return done.stdout if done.returncode == 0 else None

        yield buffer
    finally:
        subprocess.run([*base, "kill-server"], capture_output=True, check=False)


def test_copy_inside_tmux_fills_the_tmux_buffer(capsys, tmux_server, osc52):
    assert tmux_server() is None
    code, _out, err = run(capsys, "copy", "igsg")
    assert code == 0, err
    assert tmux_server() == IGSG
    # tmux's default set-clipboard, external, swallows a program's OSC 52: not sent
    assert "Copied code link via tmux buffer" in err and "OSC 52" not in err
    assert osc52 == []
    code, _out, err = run(capsys, "copy", IGSG_ID, "--cite", "apa")
    assert code == 0 and tmux_server().startswith("Zhou, Y.")


def test_a_talks_video_is_copied_as_a_video_link(capsys, over_ssh, tmp_path):
    # PMLR's CoLLAs entries carry only a video: it was copied as a "project link"
    path = tmp_path / "collas.bib"
    path.write_text(
        "@InProceedings{li22a, title = {Energy-Based Models for Continual Learning},\n"
        "  author = {Li, Shuang}, video = {https://youtu.be/iZ4cz5RQmzE}}\n",
        encoding="utf-8",
    )
    code, _out, err = run(capsys, "copy", "energy", str(path))
    assert code == 0, err
    assert over_ssh == ["https://youtu.be/iZ4cz5RQmzE"]
    assert "Sent video link to the terminal" in err


def test_copy_of_words_every_paper_matches_says_how_many_match(capsys, over_ssh):
    # 'copy the' said "10 papers match 'the' about equally well": the ten it weighed
    code, out, _ = run(capsys, "search", "", "--json", "--limit", "1000")
    every = len(json.loads(out)["hits"])
    code, _out, err = run(capsys, "copy", "the")
    assert code == 1 and not over_ssh
    assert f"{every} papers match 'the', the best of them alike; nothing copied" in err


def test_copy_of_words_says_the_few_alike_among_all_that_match(capsys, over_ssh):
    # "3 papers match 'learning' about equally well" read as if three matched, of 536
    code, out, _ = run(capsys, "search", "diffusion", "--json")
    total = json.loads(out)["total"]
    code, _out, err = run(capsys, "copy", "diffusion")
    assert code == 1 and not over_ssh
    listed = [line for line in err.splitlines()[1:] if line.startswith("tuireader:   ")]
    assert total > len(listed) >= 2
    assert f"the best {len(listed)} of the {total:,} papers that match 'diffusion'" in err
