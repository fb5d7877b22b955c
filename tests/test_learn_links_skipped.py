"""What the taste model reads of an abstract leaves its web addresses out (bare host
names too, ``taste._without_links``) as it did, but looks for bare host names only in a
text that has what ends one (".io", ".com" followed by no letter): it tried every word
of every abstract as the start of one, most of the time spent making the vectors of
100,000 papers after reading them (a first ``show --json`` with a fit, a first fit)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tuireader.ingest.links import without_urls
from tuireader.learn import taste

FIXTURES = Path(__file__).parent / "fixtures" / "learn"

TEXTS = [
    "Code: https://github.com/a/b and alpha-mdf.github.io, mail me@lab.ac.uk.",
    "See https: //tactile-vlm.github.io for videos; HTTP : / / Example.COM too.",
    "Project at sites.google.com/view/reboot-robot. e.g. Fig.3 and i.e. the X.Com.",
    "No address at all, only a/b testing and 3/4 of the data.",
    "Ends in a host name: openai.com",
    "A file name model.io-bound and a.comma, www.example.org/page?x=1.",
    "",
]


def _old(text: str) -> str:
    """The text without its addresses, as it was made: every pattern run on every text."""
    return taste._HOST.sub(" ", without_urls(taste._SPACED_SCHEME.sub(" ", text)))


def _abstracts() -> list[str]:
    found = []
    for path in sorted(FIXTURES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                found.extend(str(record.get(key) or "") for key in ("abstract", "tldr"))
    return found


@pytest.mark.parametrize("text", TEXTS)
def test_the_text_read_is_the_same(text: str) -> None:
    assert taste._without_links(text) == _old(text)


def test_the_text_read_of_real_abstracts_is_the_same() -> None:
    abstracts = _abstracts()
    assert len(abstracts) > 100
    changed = 0
    for text in abstracts:
        assert taste._without_links(text) == _old(text)
        changed += taste._without_links(text) != text
    assert changed  # some had addresses to take out


class _Counted:
    """A compiled pattern whose ``sub`` calls are counted."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.subs = 0

    def sub(self, *args: object) -> str:
        self.subs += 1
        return self.pattern.sub(*args)  # type: ignore[arg-type]


def test_a_text_with_no_host_name_is_not_looked_through_for_one(monkeypatch) -> None:
    host, spaced = _Counted(taste._HOST), _Counted(taste._SPACED_SCHEME)
    monkeypatch.setattr(taste, "_HOST", host)
    monkeypatch.setattr(taste, "_SPACED_SCHEME", spaced)
    plain = "We study robot grasping, e.g. in clutter (Fig. 3), with 2.5x fewer samples."
    assert taste._without_links(plain) == plain
    assert (host.subs, spaced.subs) == (0, 0)
    assert taste._without_links("Videos at alpha-mdf.github.io.") == "Videos at  ."
    assert host.subs == 1
