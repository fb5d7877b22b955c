"""The clipboard chain on terminals that cannot take an escape sequence."""

from __future__ import annotations

from tuireader.system.clipboard import Clipboard, Environment

LINK = "https://github.com/example/repo"


def no_system_clipboard(env):
    raise AssertionError("no local clipboard without a display")


def chain(tmp_path, env: Environment, osc52: str = "auto") -> tuple[Clipboard, list[str]]:
    sent: list[str] = []
    clip = Clipboard(
        osc52_writer=sent.append,
        fallback_dir=tmp_path,
        environment=env,
        osc52=osc52,
        system_backend=no_system_clipboard,
    )
    return clip, sent


def test_a_dumb_terminal_gets_no_escape_sequence_and_the_link_is_saved(tmp_path):
    clip, sent = chain(tmp_path, Environment(term="dumb"))
    outcome = clip.copy(LINK, "link", one_line=True)
    assert sent == []  # it would show as a line of base64
    assert outcome.manual and (tmp_path / "last-copy.txt").read_text() == LINK
    assert "TERM=dumb" in outcome.explanation


def test_over_ssh_a_dumb_terminal_gets_none_either(tmp_path):
    clip, sent = chain(tmp_path, Environment(term="dumb", ssh=True))
    assert clip.copy(LINK, "link").manual and sent == []


def test_osc52_always_sends_it_to_a_dumb_terminal_too(tmp_path):
    clip, sent = chain(tmp_path, Environment(term="dumb"), osc52="always")
    outcome = clip.copy(LINK, "link")
    assert sent == [LINK] and outcome.routes == ("osc52",)


def test_another_terminal_still_gets_it(tmp_path):
    clip, sent = chain(tmp_path, Environment(term="xterm-256color", ssh=True))
    assert clip.copy(LINK, "link").routes == ("osc52",) and sent == [LINK]
