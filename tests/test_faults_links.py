"""Hostile links: only safe web addresses become links; nothing unsafe reaches a clipboard.

Every case here is a link a hostile list could carry. None of them may be offered,
copied, exported, printed one per line or made into an OSC 8 hyperlink, and no copy
route (tmux buffer, OSC 52, the local clipboard, the fallback file) may receive a
control, bidi or invisible character, except newlines and tabs in a multi-line citation.
"""

from __future__ import annotations

import base64
import json
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace

import pytest

from tuireader import cli
from tuireader.ingest.library import load_library
from tuireader.ingest.links import (
    extract_urls,
    left_out_note,
    links_for,
    merge_links,
    record_links,
    unsafe_links_for,
    web_url,
)
from tuireader.model import Link
from tuireader.system.clipboard import (
    Clipboard,
    Environment,
    clipboard_text,
    osc52_sequence,
)

SAFE_CODE = "https://github.com/ok/repo"

#: links a hostile list can carry, each of which must never become a link
HOSTILE: dict[str, str] = {
    "newline and a command": "https://github.com/ok/repo\ntouch PWNED\n#",
    "escape sequence": "https://github.com/ok/repo\x1b[2J",
    "complete OSC 52": "https://github.com/ok/repo\x1b]52;c;dG91Y2ggUFdORUQK\x07",
    "OSC 52 ended by ST": "https://github.com/ok/repo\x1b]52;c;dG91Y2g=\x1b\\",
    "CR LF": "https://github.com/ok/repo\r\ntouch PWNED",
    "lone CR": "https://github.com/ok/repo\rtouch PWNED",
    "tab": "https://github.com/ok/repo\tx",
    "NUL": "https://github.com/ok/repo\x00x",
    "DEL": "https://github.com/ok/repo\x7fx",
    "C1 CSI": "https://github.com/ok/repo\x9b2J",
    "C1 NEL inside": "https://github.com/ok/\x85repo",
    "U+202E right-to-left override": "https://github.com/ok/\u202eoper",
    "U+2066 isolate": "https://github.com/ok/\u2066repo",
    "U+200B zero-width space": "https://github.com/ok/re\u200bpo",
    "U+FEFF inside": "https://github.com/ok/re\ufeffpo",
    "U+2028 line separator": "https://github.com/ok/repo\u2028touch PWNED",
    "tag characters": "https://github.com/ok/repo\U000e0041",
    "lone surrogate": "https://github.com/ok/repo\ud800",
    "replacement character": "https://github.com/ok/re\ufffdpo",
    "space inside": "https://github.com/ok/repo touch PWNED",
    "shell expansion": "https://github.com/ok/$(touch${IFS}PWNED)",
    "javascript": "javascript:alert(1)",
    "javascript in capitals": "JavaScript:alert(document.cookie)",
    "file": "file:///etc/passwd",
    "data": "data:text/html,<script>alert(1)</script>",
    "vbscript": "vbscript:msgbox(1)",
    "ftp": "ftp://example.org/x",
    "no host": "https:///etc/passwd",
    "relative path": "../../etc/passwd",
}
HOSTILE_IDS = list(HOSTILE)
HOSTILE_LINKS = list(HOSTILE.values())

#: characters no one-line copy may hold; multi-line copies may hold only \n and \t of them
CONTROL_RE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff"
    "\U000e0000-\U000e007f]"
)


def unsafe_in_text(text: str) -> list[str]:
    """The unsafe characters of a multi-line text (newline and tab allowed)."""
    return [c for c in CONTROL_RE.findall(text) if c not in "\n\t"]


# --- the one rule ----------------------------------------------------------------------


@pytest.mark.parametrize("url", HOSTILE_LINKS, ids=HOSTILE_IDS)
def test_web_url_refuses_every_hostile_link(url: str) -> None:
    assert web_url(url) is None


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (SAFE_CODE, SAFE_CODE),
        ("http://example.org/a?b=1&c=2#frag", "http://example.org/a?b=1&c=2#frag"),
        ("  https://example.org/x \n", "https://example.org/x"),
        ("https://de.wikipedia.org/wiki/Über", "https://de.wikipedia.org/wiki/Über"),
        ("http://[::1]:8080/x", "http://[::1]:8080/x"),
        ("doi:10.1000/abc", "https://doi.org/10.1000/abc"),
        ("10.1000/abc", "https://doi.org/10.1000/abc"),
        ("10.1002/(SICI)1097<4>x#y", "https://doi.org/10.1002/(SICI)1097%3C4%3Ex%23y"),
        ("arXiv:2401.00001v2", "https://arxiv.org/abs/2401.00001v2"),
        ("arxiv:hep-th/9901001", "https://arxiv.org/abs/hep-th/9901001"),
        ("github.com/a/b", "https://github.com/a/b"),
        ("www.example.org/demo", "https://www.example.org/demo"),
    ],
)
def test_web_url_keeps_real_addresses_and_turns_ids_into_them(given: str, expected: str) -> None:
    assert web_url(given) == expected


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        # pasted after `git clone` or `curl`, each ran a second command or expanded a
        # variable; percent-encoded, a browser opens the same address
        ("https://example.com/a;reboot;", "https://example.com/a%3Breboot%3B"),
        ("https://example.com/a&&id", "https://example.com/a%26%26id"),
        ("https://example.com/a&id", "https://example.com/a%26id"),
        ("https://example.com/$IFS", "https://example.com/%24IFS"),
        (
            "10.1002/(SICI)1097-4636(199603)31:3;2-#",
            "https://doi.org/10.1002/(SICI)1097-4636(199603)31:3%3B2-%23",
        ),
        # a query's names and values stay as they are, a PHP-style list name too
        ("https://x.org/s?a=1&tags[]=x", "https://x.org/s?a=1&tags[]=x"),
        (
            "https://x.org/s?cites=77&as_sdt=2005&hl=en",
            "https://x.org/s?cites=77&as_sdt=2005&hl=en",
        ),
    ],
)
def test_what_a_shell_reads_as_another_command_is_percent_encoded(
    given: str, expected: str
) -> None:
    assert web_url(given) == expected


@pytest.mark.parametrize("doi", ["10.1000/a\nb", "doi:10.1000/a\x1bb", "10.1000/a\u202eb"])
def test_a_doi_with_a_control_character_is_no_link(doi: str) -> None:
    assert web_url(doi) is None
    assert links_for("", doi=doi) == ()


# --- where paper links are built -------------------------------------------------------


@pytest.mark.parametrize("field", ["url", "pdf", "openreview", "doi", "code_urls", "project_urls"])
@pytest.mark.parametrize("url", HOSTILE_LINKS, ids=HOSTILE_IDS)
def test_links_for_drops_a_hostile_link_in_any_field(field: str, url: str) -> None:
    value: str | list[str] = [url, SAFE_CODE] if field.endswith("_urls") else url
    links = links_for("", **{field: value})  # type: ignore[arg-type]
    assert all(web_url(link.url) == link.url for link in links)
    assert [link.url for link in links] in ([], [SAFE_CODE])


@pytest.mark.parametrize("url", HOSTILE_LINKS, ids=HOSTILE_IDS)
def test_record_links_keeps_only_the_safe_links_of_a_record(url: str) -> None:
    record = SimpleNamespace(
        abstract=f"Code: {url}. Paper: https://arxiv.org/abs/2401.00001.",
        url=url,
        pdf=url,
        openreview=None,
        doi=None,
        code_urls=(url, SAFE_CODE),
        project_urls=(url,),
    )
    links = record_links(record)
    urls = [link.url for link in links]
    assert SAFE_CODE in urls and "https://arxiv.org/abs/2401.00001" in urls
    assert url.strip() not in urls
    for link in links:
        assert web_url(link.url) == link.url
        assert link.url.startswith(("https://", "http://"))
        assert not CONTROL_RE.search(link.url) and " " not in link.url
        assert "$(" not in link.url and "\ufffd" not in link.url


def test_merge_links_drops_hostile_links_handed_in_from_anywhere() -> None:
    hostile = [Link(url, "code", "code_urls") for url in HOSTILE_LINKS]
    merged = merge_links(
        hostile, [Link(SAFE_CODE, "code", "text")], [Link("doi:10.1000/x", "paper")]
    )
    assert merged == (
        Link(SAFE_CODE, "code", "text"),
        Link("https://doi.org/10.1000/x", "paper", "text"),
    )


def test_a_url_in_text_ends_at_a_control_or_invisible_character() -> None:
    text = (
        "Code: https://github.com/a/one\x1b]52;c;dG91Y2g=\x07 and https://github.com/a/two\u202e "
        "and https://github.com/a/three\u200b. Also javascript:alert(1) and file:///etc/passwd."
    )
    assert extract_urls(text) == [
        "https://github.com/a/one",
        "https://github.com/a/two",
        "https://github.com/a/three",
    ]


def test_viewer_hyperlinks_only_safe_links() -> None:
    from tuireader.ui.text import _safe_url

    assert _safe_url(SAFE_CODE) == SAFE_CODE
    for url in HOSTILE_LINKS:
        assert _safe_url(url) is None, url


# --- through the library, the links command and the urls export -----------------------


def hostile_list(path: Path) -> Path:
    """Three papers: one with only hostile links, one with a hostile code link beside safe
    ones, one whose best (paper) link would be hostile."""
    rows = [
        {
            "title": "Only hostile links",
            "abstract": "Nothing safe here: javascript:alert(1) and file:///etc/passwd.",
            "url": "javascript:alert(1)",
            "pdf": "file:///etc/passwd",
            "code_urls": list(HOSTILE_LINKS),
        },
        {
            "title": "A hostile code link",
            "abstract": "A paper about safe links.",
            "url": "https://openreview.net/forum?id=SAFE1",
            "code_urls": [HOSTILE["newline and a command"], SAFE_CODE],
            "project_urls": [HOSTILE["complete OSC 52"]],
        },
        {
            "title": "A hostile paper link",
            "abstract": "Another paper.",
            "url": "data:text/html,<script>alert(1)</script>",
            "openreview": "https://openreview.net/forum?id=SAFE2\ntouch PWNED",
            "pdf": "https://example.org/safe.pdf",
        },
    ]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_library_papers_carry_only_safe_links(tmp_path: Path) -> None:
    library = load_library([hostile_list(tmp_path / "hostile.jsonl")])
    by_title = {paper.title: paper for paper in library.papers}
    assert by_title["Only hostile links"].links == ()
    assert [link.url for link in by_title["A hostile code link"].links] == [
        SAFE_CODE,
        "https://openreview.net/forum?id=SAFE1",
    ]
    assert [link.url for link in by_title["A hostile paper link"].links] == [
        "https://example.org/safe.pdf"
    ]


def run_cli(args: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = cli.main(list(args))
    return code, capsys.readouterr().out


def test_links_command_prints_one_safe_url_per_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_list(tmp_path / "hostile.jsonl")
    library = load_library([path])
    printed: list[str] = []
    for paper in library.papers:
        code, out = run_cli(["links", paper.id, str(path)], capsys)
        lines = out.splitlines()
        assert all(web_url(line) == line for line in lines), out
        printed.extend(lines)
        assert code == (0 if paper.links else 1)
    assert printed == [
        SAFE_CODE,
        "https://openreview.net/forum?id=SAFE1",
        "https://example.org/safe.pdf",
    ]


def test_urls_export_never_chooses_a_hostile_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_list(tmp_path / "hostile.jsonl")
    out_file = tmp_path / "urls.txt"
    code, _out = run_cli(["export", "--format", "urls", "-o", str(out_file), str(path)], capsys)
    assert code == 0
    lines = out_file.read_text(encoding="utf-8").splitlines()
    assert sorted(lines) == [
        "https://example.org/safe.pdf",
        "https://openreview.net/forum?id=SAFE1",
    ]


# --- links left out are said, never shown raw ------------------------------------------

#: hostile links that are merely no web address (another scheme, no host, a path): not
#: offered, and not counted as unsafe either
NOT_LINKS = {"ftp", "no host", "relative path"}


@pytest.mark.parametrize("field", ["url", "pdf", "openreview", "doi", "code_urls", "project_urls"])
@pytest.mark.parametrize("name", HOSTILE_IDS)
def test_a_hostile_link_left_out_is_kept_to_be_said(field: str, name: str) -> None:
    url = HOSTILE[name]
    value: str | list[str] = [url, SAFE_CODE] if field.endswith("_urls") else url
    left_out = unsafe_links_for("", **{field: value})  # type: ignore[arg-type]
    assert left_out == (() if name in NOT_LINKS else (url,))


def test_a_link_in_the_abstract_with_a_shell_command_is_left_out_and_kept() -> None:
    text = "Code: https://github.com/x/y$(rm -rf ~) for all."
    assert links_for(text) == ()
    assert unsafe_links_for(text) == ("https://github.com/x/y$(rm",)


@pytest.mark.parametrize(
    "value", ["extremeweatherdataset.github.io", "/pdf/abc.pdf", "https://", "n/a"]
)
def test_what_is_no_link_at_all_is_not_called_unsafe(value: str) -> None:
    assert unsafe_links_for(value, url=value, code_urls=[value]) == ()


def test_the_note_says_how_many_and_why_in_plain_words_with_nothing_raw() -> None:
    from tuireader.model import Paper

    paper = Paper("x", "T", "", unsafe_links=tuple(HOSTILE.values()))
    note = left_out_note(paper, shown=True)
    assert note.startswith(f"{len(HOSTILE)} links left out as unsafe (it holds a line break; ")
    assert "it holds a shell command" in note and "it is a javascript: address" in note
    assert not CONTROL_RE.search(note)
    assert "https://github.com/ok/repo␊touch PWNED␊#" in note  # escaped, still readable
    assert left_out_note(Paper("y", "T", "")) == ""
    one = Paper("z", "T", "", unsafe_links=("https://github.com/x/y$(rm",))
    assert left_out_note(one) == "1 link left out as unsafe (it holds a shell command)"


def test_library_papers_keep_what_was_left_out(tmp_path: Path) -> None:
    library = load_library([hostile_list(tmp_path / "hostile.jsonl")])
    by_title = {paper.title: paper for paper in library.papers}
    only = by_title["Only hostile links"].unsafe_links
    assert "javascript:alert(1)" in only and "file:///etc/passwd" in only
    assert HOSTILE["shell expansion"] in only and HOSTILE["newline and a command"] in only
    assert len(only) == len(set(only))  # the same text twice is one link left out
    assert by_title["A hostile code link"].unsafe_links == (
        HOSTILE["newline and a command"],
        HOSTILE["complete OSC 52"],
    )


def test_links_command_says_on_stderr_what_was_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_list(tmp_path / "hostile.jsonl")
    papers = {paper.title: paper for paper in load_library([path]).papers}

    code = cli.main(["links", papers["A hostile code link"].id, str(path)])
    out, err = capsys.readouterr()
    assert code == 0
    assert out.splitlines() == [SAFE_CODE, "https://openreview.net/forum?id=SAFE1"]
    assert "2 links left out as unsafe (it holds a line break; it holds a control" in err
    assert "https://github.com/ok/repo␊touch PWNED␊#" in err
    assert not CONTROL_RE.search(err.replace("\n", ""))

    code = cli.main(["links", papers["Only hostile links"].id, str(path)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert "has no link" in err and "links left out as unsafe" in err
    assert not CONTROL_RE.search(err.replace("\n", ""))


# --- every clipboard route -------------------------------------------------------------


class Routes:
    """Every back-end of the chain, faked, recording what each one received."""

    def __init__(self) -> None:
        self.tmux: list[str] = []
        self.osc52: list[str] = []
        self.system: list[str] = []

    def tmux_runner(self, args: Sequence[str], input: str) -> tuple[int, str]:
        if args[0] == "show-options":  # set-clipboard: tmux passes OSC 52 on
            return 0, "on"
        input.encode("utf-8")  # the real runner encodes: a surrogate would fail here
        self.tmux.append(input)
        return 0, ""

    def osc52_writer(self, text: str) -> None:
        self.osc52.append(osc52_sequence(text))

    def system_backend(self, env: Environment):  # type: ignore[no-untyped-def]
        routes = self

        class Fake:
            name = "X clipboard"
            content = ""

            def copy(self, text: str) -> None:
                text.encode("utf-8")
                routes.system.append(text)
                self.content = text

            def paste(self) -> str:
                return self.content

        return Fake()

    def osc52_payloads(self) -> list[str]:
        payloads = []
        for sequence in self.osc52:
            match = re.fullmatch(r"\x1b\]52;c;([A-Za-z0-9+/=]*)\x07", sequence)
            assert match, repr(sequence)  # one sequence, nothing after or inside it
            payloads.append(base64.b64decode(match.group(1)).decode("utf-8"))
        return payloads


#: environments that, between them, send a copy down every route
ROUTE_SETUPS: dict[str, tuple[Environment, str]] = {
    "tmux and OSC 52": (Environment(tmux=True, ssh=True), "always"),
    "OSC 52 and the local clipboard": (Environment(display=True, term="xterm-kitty"), "auto"),
    "the fallback file": (Environment(), "never"),
}


def chain(tmp_path: Path, setup: str) -> tuple[Clipboard, Routes]:
    environment, osc52 = ROUTE_SETUPS[setup]
    routes = Routes()
    clipboard = Clipboard(
        osc52_writer=routes.osc52_writer,
        fallback_dir=tmp_path / "clipboard",
        environment=environment,
        osc52=osc52,
        tmux_runner=routes.tmux_runner,
        system_backend=routes.system_backend,
    )
    return clipboard, routes


def everything_received(clipboard: Clipboard, routes: Routes) -> list[str]:
    received = [*routes.tmux, *routes.osc52_payloads(), *routes.system]
    if clipboard.fallback_path.exists():
        received.append(clipboard.fallback_path.read_bytes().decode("utf-8"))  # valid UTF-8
    return received


#: the hostile links with a control, bidi or invisible character: the clipboard's own
#: concern (a space or ``javascript:`` is :func:`web_url`'s, which keeps them from copying)
CONTROL_LINKS = {name: url for name, url in HOSTILE.items() if CONTROL_RE.search(url)}


@pytest.mark.parametrize("setup", list(ROUTE_SETUPS))
@pytest.mark.parametrize("url", list(CONTROL_LINKS.values()), ids=list(CONTROL_LINKS))
def test_a_hostile_one_line_copy_reaches_no_route_and_says_so(
    tmp_path: Path, setup: str, url: str
) -> None:
    clipboard, routes = chain(tmp_path, setup)
    outcome = clipboard.copy(url, "code link", one_line=True)
    assert everything_received(clipboard, routes) == []
    assert outcome.refused and not outcome.routes and not outcome.manual
    assert outcome.notice.startswith("Did not copy the code link: it contains ")


@pytest.mark.parametrize("setup", list(ROUTE_SETUPS))
def test_a_safe_link_still_reaches_every_route(tmp_path: Path, setup: str) -> None:
    clipboard, routes = chain(tmp_path, setup)
    outcome = clipboard.copy(SAFE_CODE, "code link", one_line=True)
    assert not outcome.refused and not outcome.cleaned
    received = everything_received(clipboard, routes)
    assert received and set(received) == {SAFE_CODE}


HOSTILE_CITATIONS = {
    "escape sequences": "@inproceedings{a,\n  title = {X\x1b[2J\x1b]52;c;dG91Y2g=\x07Y},\n}\n",
    "CR and CR LF": "@misc{a,\r\n  title = {X\rtouch PWNED},\r\n}\r\n",
    "bidi and invisible": "Doe. \u202eevil\u202c title\u200b. \u2066ICML\u2069, 2024.\t(x)\n",
    "C1 and DEL": "Doe. A\x9b2J title\x7f. In \x90ICML\x9c, 2024.",
    "lone surrogate": "Doe. A title \ud800 with a surrogate.",
    "separators": "line one\u2028line two\u2029line three\x0bfour\x0cfive",
}


@pytest.mark.parametrize("setup", list(ROUTE_SETUPS))
@pytest.mark.parametrize("text", list(HOSTILE_CITATIONS.values()), ids=list(HOSTILE_CITATIONS))
def test_a_hostile_citation_is_cleaned_on_every_route(
    tmp_path: Path, setup: str, text: str
) -> None:
    clipboard, routes = chain(tmp_path, setup)
    outcome = clipboard.copy(text, "BibTeX citation")
    received = everything_received(clipboard, routes)
    assert received
    for copied in received:
        assert unsafe_in_text(copied) == [], repr(copied)
        copied.encode("utf-8")
    assert outcome.cleaned > 0
    assert "unsafe character" in outcome.notice and "removed" in outcome.notice


def test_cleaning_keeps_newlines_tabs_and_letters() -> None:
    text, changed, refused = clipboard_text("@a{k,\r\n\ttitle = {Über \u202eX\ud800}\n}")
    assert (text, changed, refused) == ("@a{k,\n\ttitle = {Über X\ufffd}\n}", 2, "")


def test_the_fallback_file_is_valid_utf8_with_a_surrogate_replaced(tmp_path: Path) -> None:
    clipboard, _routes = chain(tmp_path, "the fallback file")
    outcome = clipboard.copy("A title \ud800 here", "citation")
    assert outcome.manual and outcome.fallback_path is not None
    assert outcome.fallback_path.read_bytes() == "A title \ufffd here".encode()


# --- a private fallback file -----------------------------------------------------------


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
@pytest.mark.parametrize("umask", [0o000, 0o022, 0o077])
def test_the_fallback_file_and_its_folder_are_private_whatever_the_umask(
    tmp_path: Path, umask: int
) -> None:
    clipboard, _routes = chain(tmp_path, "the fallback file")
    old = os.umask(umask)
    try:
        clipboard.copy("first", "citation")
        clipboard.copy("second", "citation")
    finally:
        os.umask(old)
    assert clipboard.fallback_path.read_text(encoding="utf-8") == "second"
    assert stat.S_IMODE(clipboard.fallback_path.stat().st_mode) == 0o600
    assert stat.S_IMODE(clipboard.fallback_dir.stat().st_mode) == 0o700


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_an_old_world_readable_fallback_file_is_replaced_by_a_private_one(tmp_path: Path) -> None:
    clipboard, _routes = chain(tmp_path, "the fallback file")
    clipboard.fallback_dir.mkdir()
    for path in (clipboard.fallback_path, clipboard.fallback_path.with_suffix(".txt.partial")):
        path.write_text("old", encoding="utf-8")
        path.chmod(0o644)
    clipboard.copy("new", "citation")
    assert stat.S_IMODE(clipboard.fallback_path.stat().st_mode) == 0o600
    assert not clipboard.fallback_path.with_suffix(".txt.partial").exists()


@pytest.mark.parametrize("doi", ["10.1000/$(id)", "10.1000/${HOME}", "10.1000/`id`"])
def test_a_doi_holding_a_shell_command_is_no_papers_doi(tmp_path: Path, doi: str) -> None:
    # it was left out as a link, but cited and exported as it was written: a citation
    # copied and pasted into a command line ran it
    from tuireader.render.citations import FORMATS, format_citation

    source = tmp_path / "list.jsonl"
    records = [
        {"title": "Doi paper", "authors": ["Ann Lee"], "year": 2020, "doi": doi},
        {"title": "Other", "authors": ["Bo Li"], "doi": "10.1000/ok", "other_dois": [doi]},
    ]
    source.write_text("\n".join(json.dumps(record) for record in records), encoding="utf-8")
    paper, other = load_library([source]).papers
    assert paper.doi is None and paper.links == () and paper.unsafe_links == (doi,)
    assert other.doi == "10.1000/ok"
    for kind in FORMATS:
        cited = format_citation(paper, kind).text
        assert doi not in cited and "10.1000/" not in cited, kind


def test_a_shell_command_in_an_addresss_user_part_is_no_link() -> None:
    # the quick path for plain addresses let it through: https://$(id)@example.com/
    from tuireader.render.safetext import web_url

    for url in ("https://$(id)@example.com/", "https://`id`@example.com/x"):
        assert web_url(url) is None
        assert links_for(f"See {url} for code.") == ()
