"""The clipboard chain: tmux, OSC 52, the local clipboard and the manual fallback."""

from __future__ import annotations

import base64
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Sequence
from pathlib import Path

import pyperclip
import pytest

from tuireader.system.clipboard import (
    Clipboard,
    CopyOutcome,
    Environment,
    NoSystemClipboard,
    TmuxCommand,
    clipboard_text,
    osc52_payload_size,
    osc52_sequence,
    pyperclip_backend,
    write_osc52_to_tty,
)

BIBTEX = "@inproceedings{doe2024,\n  title = {Über Attention},\n}\n"
LINK = "https://github.com/example/repo"


# --- fakes for every back-end ------------------------------------------------------------


class FakeTmux:
    """Records tmux's copies; answers with a fixed exit status and stderr.

    Asked for its ``set-clipboard`` option, it says ``set_clipboard`` when it works and
    gives its error otherwise (a server that is gone fails every command).
    """

    def __init__(
        self,
        status: int = 0,
        stderr: str = "",
        *,
        without_w: int | None = None,
        set_clipboard: str = "on",
    ):
        self.status = status
        self.stderr = stderr
        self.without_w = without_w  # exit status when called without -w
        self.set_clipboard = set_clipboard
        self.calls: list[tuple[list[str], str]] = []
        self.asked = 0

    def __call__(self, args: Sequence[str], input: str) -> tuple[int, str]:
        if args[0] == "show-options":
            self.asked += 1
            return (0, self.set_clipboard) if self.status == 0 else (self.status, self.stderr)
        self.calls.append((list(args), input))
        if "-w" not in args and self.without_w is not None:
            return self.without_w, ""
        return self.status, self.stderr


class FakeClipboard:
    """A local clipboard that keeps what it is given."""

    name = "X clipboard"

    def __init__(self, content: str = "") -> None:
        self.content = content

    def copy(self, text: str) -> None:
        self.content = text

    def paste(self) -> str:
        return self.content


class StaleDisplayClipboard(FakeClipboard):
    """xclip with a dead $DISPLAY: copy returns quietly, nothing is stored."""

    def copy(self, text: str) -> None:
        return None


class RaisingClipboard(FakeClipboard):
    def copy(self, text: str) -> None:
        raise pyperclip.PyperclipException("Error: Can't open display: :0")


class HungClipboard(FakeClipboard):
    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def copy(self, text: str) -> None:
        self.release.wait()


class BackendFactory:
    """A system back-end factory that counts how often the chain reached it."""

    def __init__(self, backend: FakeClipboard | None) -> None:
        self.backend = backend
        self.calls = 0

    def __call__(self, env: Environment) -> FakeClipboard | None:
        self.calls += 1
        return self.backend


def make(
    tmp_path: Path,
    env: Environment,
    *,
    tmux: FakeTmux | None = None,
    system: BackendFactory | None = None,
    writer: list[str] | None = None,
    **kwargs: object,
) -> Clipboard:
    return Clipboard(
        osc52_writer=writer.append if writer is not None else None,
        fallback_dir=tmp_path / "clipboard",
        environment=env,
        tmux_runner=tmux if tmux is not None else FakeTmux(status=99, stderr="unexpected"),
        system_backend=system if system is not None else BackendFactory(None),
        **kwargs,  # type: ignore[arg-type]
    )


def saved_too(tmp_path: Path, outcome: CopyOutcome, text: str) -> bool:
    """The copy is in the last-copy file though another route carried it: OSC 52
    cannot be confirmed, and tmux may drop it unseen (the reader shows the file again)."""
    saved = tmp_path / "clipboard" / "last-copy.txt"
    return outcome.saved == saved and saved.read_text(encoding="utf-8") == text


# --- tmux --------------------------------------------------------------------------------


def test_inside_tmux_the_tmux_buffer_passes_it_on_without_osc52(tmp_path: Path) -> None:
    # OSC 52 sent after load-buffer -w went through tmux too, which (set-clipboard on)
    # kept it as a second, identical paste buffer
    tmux, system, sent = FakeTmux(), BackendFactory(FakeClipboard()), []
    clip = make(
        tmp_path, Environment(tmux=True, display=True), tmux=tmux, system=system, writer=sent
    )

    outcome = clip.copy(BIBTEX, "BibTeX")

    assert tmux.calls == [(["load-buffer", "-w", "-"], BIBTEX)]
    assert sent == []
    assert outcome.routes == ("tmux",)
    assert outcome.notice == "Copied BibTeX via tmux buffer"
    osc = next(a for a in outcome.attempts if a.route == "osc52")
    assert osc.detail.startswith("not sent: tmux load-buffer -w passes the text on")
    assert not outcome.manual and outcome.fallback_path is None
    assert system.calls == 0  # the tmux buffer has it: the X clipboard is left alone
    assert saved_too(tmp_path, outcome, BIBTEX) and "file" not in outcome.routes


def test_failing_tmux_falls_through_to_the_next_routes(tmp_path: Path) -> None:
    tmux = FakeTmux(status=1, stderr="no server running on /tmp/tmux-1000/default")
    system = BackendFactory(FakeClipboard())
    clip = make(tmp_path, Environment(tmux=True, display=True), tmux=tmux, system=system)

    outcome = clip.copy(LINK, "link")

    tmux_attempt = outcome.attempts[0]
    assert tmux_attempt.route == "tmux" and not tmux_attempt.ok
    assert "no server running" in tmux_attempt.detail
    assert outcome.routes == ("system",)
    assert outcome.notice == "Copied link via X clipboard"


def test_failing_tmux_and_nothing_else_ends_in_manual_copy(tmp_path: Path) -> None:
    tmux = FakeTmux(status=1, stderr="no server running")
    clip = make(tmp_path, Environment(tmux=True), tmux=tmux, writer=None)

    outcome = clip.copy(LINK, "link")

    assert outcome.manual
    assert outcome.fallback_path is not None
    assert outcome.fallback_path.read_text(encoding="utf-8") == LINK


def test_tmux_without_w_flag_is_retried_without_it(tmp_path: Path) -> None:
    tmux = FakeTmux(status=1, stderr="load-buffer: unknown option -- w", without_w=0)
    clip = make(tmp_path, Environment(tmux=True), tmux=tmux, writer=[])

    outcome = clip.copy(LINK, "link")

    assert [args for args, _ in tmux.calls] == [["load-buffer", "-w", "-"], ["load-buffer", "-"]]
    assert outcome.routes == ("tmux", "osc52")
    assert "not forwarded" in outcome.attempts[0].detail


def test_tmux_that_times_out_does_not_count(tmp_path: Path) -> None:
    def hung_tmux(args: Sequence[str], input: str) -> tuple[int, str]:
        raise subprocess.TimeoutExpired(["tmux", *args], 3.0)

    clip = Clipboard(
        osc52_writer=None,
        fallback_dir=tmp_path / "clipboard",
        environment=Environment(tmux=True),
        tmux_runner=hung_tmux,
        system_backend=BackendFactory(None),
    )

    outcome = clip.copy(LINK, "link")

    assert outcome.attempts[0].detail == "tmux did not answer in time"
    assert outcome.manual


GONE = "error connecting to /tmp/nonexistent (No such file or directory)"


def test_a_tmux_server_that_is_gone_is_not_copied_into_nor_trusted(tmp_path: Path) -> None:
    """$TMUX left over from a closed session (or inherited over SSH): tmux is not there,
    so neither its buffer nor "inside tmux" can carry the text; nothing claims it."""
    tmux, sent = FakeTmux(status=1, stderr=GONE), []
    clip = make(tmp_path, Environment(tmux=True, term_program="tmux"), tmux=tmux, writer=sent)

    outcome = clip.copy(LINK, "link")

    assert tmux.asked == 1 and tmux.calls == []  # asked once, never made to copy
    assert "no tmux server answers" in outcome.attempts[0].detail
    osc = next(a for a in outcome.attempts if a.route == "osc52")
    assert not osc.ok and "not known to handle OSC 52" in osc.detail  # TERM_PROGRAM is stale
    assert outcome.manual
    assert outcome.notice.startswith("Link shown for manual copy (saved to ")


def test_a_tmux_server_that_is_gone_over_ssh_leaves_osc52_to_ssh(tmp_path: Path) -> None:
    clip = make(tmp_path, Environment(tmux=True, ssh=True), tmux=FakeTmux(1, GONE), writer=[])

    outcome = clip.copy(LINK, "link")

    assert outcome.routes == ("osc52",)
    osc = next(a for a in outcome.attempts if a.route == "osc52")
    assert "over SSH" in osc.detail and "tmux" not in osc.detail
    assert outcome.notice.startswith("Sent link to the terminal (OSC 52); if it doesn't paste")


@pytest.mark.parametrize("setting", ["off", "external"])
def test_osc52_is_not_sent_where_tmux_swallows_it(tmp_path: Path, setting: str) -> None:
    sent: list[str] = []
    tmux = FakeTmux(set_clipboard=setting)
    clip = make(tmp_path, Environment(tmux=True, ssh=True), tmux=tmux, writer=sent, osc52="always")

    outcome = clip.copy(LINK, "link")

    assert sent == []
    assert outcome.routes == ("tmux",)
    osc = next(a for a in outcome.attempts if a.route == "osc52")
    assert f"set-clipboard is {setting}" in osc.detail
    assert "OSC 52" not in outcome.notice


def test_with_set_clipboard_off_the_local_clipboard_is_used_too(tmp_path: Path) -> None:
    """tmux keeps the copy to itself: the next route out, the local clipboard, gets it."""
    system = BackendFactory(FakeClipboard())
    clip = make(
        tmp_path,
        Environment(tmux=True, display=True),
        tmux=FakeTmux(set_clipboard="off"),
        system=system,
        writer=[],
    )

    outcome = clip.copy(LINK, "link")

    assert outcome.routes == ("tmux", "system")
    assert outcome.notice == "Copied link via tmux buffer + X clipboard"
    assert system.backend is not None and system.backend.content == LINK


def test_with_set_clipboard_off_and_only_the_tmux_buffer_the_notice_says_where(
    tmp_path: Path,
) -> None:
    system = BackendFactory(FakeClipboard())
    clip = make(
        tmp_path,
        Environment(tmux=True, ssh=True, display=True),  # the display is the remote host's
        tmux=FakeTmux(set_clipboard="off"),
        system=system,
        writer=[],
    )

    outcome = clip.copy(LINK, "link")

    assert outcome.routes == ("tmux",) and system.calls == 0
    assert outcome.notice == (
        "Copied link via tmux buffer; paste it inside tmux (prefix ]): tmux's set-clipboard is off"
    )
    assert not outcome.manual and saved_too(tmp_path, outcome, LINK)


def test_with_set_clipboard_external_tmux_passes_it_on_alone(tmp_path: Path) -> None:
    system = BackendFactory(FakeClipboard())
    clip = make(
        tmp_path,
        Environment(tmux=True, display=True),
        tmux=FakeTmux(set_clipboard="external"),
        system=system,
        writer=[],
    )

    outcome = clip.copy(LINK, "link")

    assert outcome.routes == ("tmux",) and system.calls == 0
    assert outcome.notice == "Copied link via tmux buffer"


# --- OSC 52 ------------------------------------------------------------------------------


def test_over_ssh_osc52_is_trusted_and_no_file_is_written(tmp_path: Path) -> None:
    sent: list[str] = []
    clip = make(tmp_path, Environment(ssh=True), writer=sent)

    outcome = clip.copy(LINK, "link")

    assert sent == [LINK]
    assert outcome.routes == ("osc52",)
    # OSC 52 cannot be confirmed: the notice says so and what to do if it did not work
    assert outcome.notice == (
        "Sent link to the terminal (OSC 52); "
        'if it doesn\'t paste, set osc52 = "never" in config.toml to copy it by hand'
    )
    assert not outcome.manual
    assert saved_too(tmp_path, outcome, LINK) and outcome.routes == ("osc52",)


def test_over_ssh_with_x_forwarding_osc52_wins_over_the_remote_display(tmp_path: Path) -> None:
    """SSH with DISPLAY set: the X clipboard there is the remote host's; OSC 52 is used."""
    sent: list[str] = []
    system = BackendFactory(FakeClipboard())
    clip = make(tmp_path, Environment(ssh=True, display=True), system=system, writer=sent)

    outcome = clip.copy(LINK, "link")

    assert outcome.routes == ("osc52",)
    assert system.calls == 0
    skipped = next(a for a in outcome.attempts if a.route == "system")
    assert "remote host" in skipped.detail


def test_over_ssh_with_display_the_x_clipboard_is_used_when_osc52_cannot_be(
    tmp_path: Path,
) -> None:
    system = BackendFactory(FakeClipboard())
    clip = make(
        tmp_path, Environment(ssh=True, display=True), system=system, writer=[], osc52_limit=40
    )

    outcome = clip.copy(BIBTEX * 3, "BibTeX")

    assert outcome.routes == ("system",)
    assert system.backend is not None and system.backend.content == BIBTEX * 3


def test_osc52_payload_over_the_limit_is_not_sent_and_says_why(tmp_path: Path) -> None:
    sent: list[str] = []
    clip = make(tmp_path, Environment(ssh=True), writer=sent, osc52_limit=100)

    at_limit = clip.copy("x" * 75, "text")  # 75 bytes -> exactly 100 bytes of base64
    over = clip.copy("x" * 76, "text")  # 76 bytes -> 104 bytes of base64

    assert sent == ["x" * 75]  # the longer text was not sent at all, not even cut short
    assert at_limit.routes == ("osc52",)
    osc = over.attempts[0]
    assert osc.route == "osc52" and not osc.ok
    assert "104" in osc.detail and "100" in osc.detail
    assert over.manual
    assert over.fallback_path is not None
    assert over.fallback_path.read_text(encoding="utf-8") == "x" * 76
    assert "osc52: not sent" in over.explanation


def test_osc52_limit_counts_encoded_utf8_bytes(tmp_path: Path) -> None:
    sent: list[str] = []
    text = "ü" * 40  # 40 characters, 80 UTF-8 bytes, 108 bytes of base64
    clip = make(tmp_path, Environment(ssh=True), writer=sent, osc52_limit=100)

    clip.copy(text)

    assert sent == []


def test_osc52_on_an_unknown_local_terminal_is_sent_but_not_counted(tmp_path: Path) -> None:
    sent: list[str] = []
    env = Environment(term="xterm-256color", term_program="Apple_Terminal", platform="linux")
    clip = make(tmp_path, env, writer=sent)

    outcome = clip.copy(LINK, "link")

    assert sent == [LINK]  # harmless to send; it may still work
    assert outcome.manual
    assert outcome.notice.startswith("Link shown for manual copy (saved to ")


@pytest.mark.parametrize(
    "env",
    [
        Environment(term="xterm-kitty"),
        Environment(term_program="WezTerm"),
        Environment(term_program="iTerm.app", platform="darwin"),
        Environment(windows_terminal=True),
        Environment(term="foot"),
    ],
)
def test_osc52_is_trusted_on_terminals_known_to_support_it(tmp_path: Path, env) -> None:
    clip = make(tmp_path, env, writer=[])

    outcome = clip.copy(LINK, "link")

    assert "osc52" in outcome.routes and not outcome.manual


def test_known_terminal_with_a_local_clipboard_uses_and_confirms_both(tmp_path: Path) -> None:
    system = BackendFactory(FakeClipboard())
    clip = make(tmp_path, Environment(term="xterm-kitty", display=True), system=system, writer=[])

    outcome = clip.copy(LINK, "link")

    assert outcome.routes == ("osc52", "system")
    assert outcome.notice == "Copied link via X clipboard; also sent to the terminal (OSC 52)"


def test_osc52_always_from_the_config_trusts_any_terminal(tmp_path: Path) -> None:
    clip = make(tmp_path, Environment(term="xterm"), writer=[], osc52="always")

    outcome = clip.copy(LINK, "link")

    assert outcome.notice.startswith("Sent link to the terminal (OSC 52); if it doesn't paste")


def test_osc52_never_from_the_config_is_not_sent_even_over_ssh(tmp_path: Path) -> None:
    sent: list[str] = []
    clip = make(tmp_path, Environment(ssh=True), writer=sent, osc52="never")

    outcome = clip.copy(LINK, "link")

    assert sent == []
    assert outcome.manual


def test_an_unknown_osc52_setting_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="osc52"):
        make(tmp_path, Environment(), osc52="sometimes")


def test_a_broken_terminal_writer_does_not_stop_the_chain(tmp_path: Path) -> None:
    def broken(text: str) -> None:
        raise OSError("No such device or address: '/dev/tty'")

    system = BackendFactory(FakeClipboard())
    clip = Clipboard(
        osc52_writer=broken,
        fallback_dir=tmp_path,
        environment=Environment(ssh=True, display=True),
        system_backend=system,
    )

    outcome = clip.copy(LINK, "link")

    assert outcome.routes == ("system",)
    assert "No such device" in outcome.attempts[0].detail


@pytest.mark.parametrize("text", ["", "a", "ab", "abc", "Über", BIBTEX, "😀" * 7])
def test_osc52_sequence_carries_the_text_and_its_size_is_predicted(text: str) -> None:
    seq = osc52_sequence(text)

    assert seq.startswith("\x1b]52;c;") and seq.endswith("\x07")
    payload = seq[len("\x1b]52;c;") : -1]
    assert base64.b64decode(payload).decode("utf-8") == text
    assert osc52_payload_size(text) == len(payload)


def test_write_osc52_to_tty_writes_the_escape(tmp_path: Path) -> None:
    tty = tmp_path / "tty"

    write_osc52_to_tty(LINK, tty)

    assert tty.read_text(encoding="ascii") == osc52_sequence(LINK)


# --- the local clipboard -----------------------------------------------------------------


def test_local_x_clipboard_confirmed_by_reading_back(tmp_path: Path) -> None:
    system = BackendFactory(FakeClipboard(content="something older"))
    clip = make(
        tmp_path, Environment(display=True, term="xterm-256color"), system=system, writer=[]
    )

    outcome = clip.copy(LINK, "link")

    assert system.backend is not None and system.backend.content == LINK
    assert outcome.routes == ("system",)
    assert outcome.notice == "Copied link via X clipboard"
    assert saved_too(tmp_path, outcome, LINK)


@pytest.mark.parametrize(
    ("name", "env"),
    [
        ("Wayland clipboard", Environment(wayland=True)),
        ("macOS clipboard", Environment(platform="darwin")),
        ("Windows clipboard", Environment(platform="win32")),
    ],
)
def test_notice_names_the_local_mechanism(tmp_path: Path, name: str, env: Environment) -> None:
    backend = FakeClipboard()
    backend.name = name
    clip = make(tmp_path, env, system=BackendFactory(backend))

    assert clip.copy(LINK, "link").notice == f"Copied link via {name}"


def test_stale_display_copy_is_caught_by_the_read_back(tmp_path: Path) -> None:
    system = BackendFactory(StaleDisplayClipboard(content="yesterday's clipboard"))
    clip = make(tmp_path, Environment(display=True), system=system)

    outcome = clip.copy(BIBTEX, "BibTeX")

    assert outcome.routes == ("file",)
    assert outcome.manual
    assert outcome.fallback_path == tmp_path / "clipboard" / "last-copy.txt"
    assert outcome.fallback_path.read_text(encoding="utf-8") == BIBTEX
    assert outcome.notice == f"BibTeX shown for manual copy (saved to {outcome.fallback_path})"
    assert "did not keep the text" in outcome.explanation


def test_read_back_tolerates_crlf_conversion(tmp_path: Path) -> None:
    class CrlfClipboard(FakeClipboard):
        def paste(self) -> str:
            return self.content.replace("\n", "\r\n")

    clip = make(tmp_path, Environment(platform="win32"), system=BackendFactory(CrlfClipboard()))

    assert clip.copy(BIBTEX, "BibTeX").routes == ("system",)


def test_pyperclip_exception_does_not_count_and_does_not_escape(tmp_path: Path) -> None:
    clip = make(tmp_path, Environment(display=True), system=BackendFactory(RaisingClipboard()))

    outcome = clip.copy(LINK, "link")

    assert outcome.manual
    system = next(a for a in outcome.attempts if a.route == "system")
    assert "PyperclipException" in system.detail and "open display" in system.detail


def test_a_hung_clipboard_tool_times_out(tmp_path: Path) -> None:
    hung = HungClipboard()
    clip = make(
        tmp_path, Environment(display=True), system=BackendFactory(hung), system_timeout=0.05
    )
    try:
        outcome = clip.copy(LINK, "link")
    finally:
        hung.release.set()

    assert outcome.manual
    system = next(a for a in outcome.attempts if a.route == "system")
    assert "did not answer" in system.detail
    assert outcome.fallback_path is not None and outcome.fallback_path.exists()


def test_without_a_display_on_linux_the_local_clipboard_is_never_asked(tmp_path: Path) -> None:
    system = BackendFactory(FakeClipboard())
    clip = make(tmp_path, Environment(platform="linux"), system=system)

    clip.copy(LINK, "link")

    assert system.calls == 0


def test_nothing_available_writes_the_file_and_asks_for_manual_copy(tmp_path: Path) -> None:
    clip = make(tmp_path, Environment(), writer=None)

    outcome = clip.copy(BIBTEX, "BibTeX")

    assert outcome.manual
    assert outcome.fallback_path is not None
    assert outcome.fallback_path.parent == tmp_path / "clipboard"
    assert outcome.fallback_path.read_text(encoding="utf-8") == BIBTEX
    assert "shown for manual copy" in outcome.notice
    assert str(outcome.fallback_path) in outcome.notice
    assert [a.route for a in outcome.attempts] == ["osc52", "system", "file"]


def test_the_fallback_file_holds_the_latest_copy_only(tmp_path: Path) -> None:
    clip = make(tmp_path, Environment())

    clip.copy("first", "link")
    outcome = clip.copy("second", "link")

    assert outcome.fallback_path is not None
    assert [p.name for p in outcome.fallback_path.parent.iterdir()] == ["last-copy.txt"]
    assert outcome.fallback_path.read_text(encoding="utf-8") == "second"


def test_an_unwritable_fallback_still_shows_the_text(tmp_path: Path) -> None:
    blocker = tmp_path / "clipboard"
    blocker.write_text("a file where the folder should be")
    clip = make(tmp_path, Environment())

    outcome = clip.copy(LINK, "link")

    assert outcome.manual and outcome.fallback_path is None
    assert outcome.text == LINK
    assert outcome.notice == "Link shown for manual copy (could not save it to a file)"


def test_empty_text_copies_nothing(tmp_path: Path) -> None:
    sent: list[str] = []
    clip = make(tmp_path, Environment(ssh=True), writer=sent)

    outcome = clip.copy("", "link")

    assert sent == [] and not outcome.manual
    assert outcome.notice == "Nothing to copy"


def test_outcome_notice_for_what_with_a_count() -> None:
    outcome = CopyOutcome("a\nb\nc", "3 code links", ("file",), (), True, Path("/x/last-copy.txt"))

    assert outcome.notice == "3 code links shown for manual copy (saved to /x/last-copy.txt)"


# --- the default (pyperclip) back-end ----------------------------------------------------


def test_default_backend_is_not_touched_unless_the_chain_reaches_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    probes: list[str] = []
    monkeypatch.setattr(pyperclip, "determine_clipboard", lambda: probes.append("probe"))
    clip = Clipboard(
        osc52_writer=[].append,
        fallback_dir=tmp_path,
        environment=Environment(ssh=True, display=True),
    )

    assert clip.copy(LINK, "link").routes == ("osc52",)
    assert probes == []


def test_pyperclip_backend_names_the_mechanism(monkeypatch: pytest.MonkeyPatch) -> None:
    store: list[str] = []

    def copy_klipper(text: str) -> None:
        store.append(text)

    def paste_klipper() -> str:
        return store[-1]

    monkeypatch.setattr(pyperclip, "determine_clipboard", lambda: (copy_klipper, paste_klipper))

    backend = pyperclip_backend(Environment(display=True))
    backend.copy("hello")

    assert backend.name == "KDE clipboard"
    assert backend.paste() == "hello"


def test_xclip_chosen_by_pyperclip_runs_quietly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """xclip's complaints (a stale DISPLAY) must never be written over the reader's screen."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    store = tmp_path / "selection"
    fake = bin_dir / "xclip"
    fake.write_text(
        "#!/bin/sh\n"
        'echo "Error: Can\'t open display: :99" >&2\n'
        f'if [ "$3" = "-o" ]; then cat "{store}"; else cat > "{store}"; fi\n'
    )
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ.get('PATH', '')}")

    def copy_xclip(text: str) -> None:  # the name is what pyperclip's choice is known by
        raise AssertionError("pyperclip's own xclip call must not be used")

    monkeypatch.setattr(pyperclip, "determine_clipboard", lambda: (copy_xclip, copy_xclip))
    backend = pyperclip_backend(Environment(display=True))
    backend.copy("héllo")

    assert backend.name == "X clipboard"
    assert backend.paste() == "héllo"
    assert "Can't open display" not in capfd.readouterr().err


def test_pyperclip_backend_without_a_mechanism(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pyperclip, "determine_clipboard", pyperclip.init_no_clipboard)

    with pytest.raises(NoSystemClipboard, match="xclip"):
        pyperclip_backend(Environment(display=True))

    clip = Clipboard(
        osc52_writer=None, fallback_dir=tmp_path, environment=Environment(display=True)
    )
    outcome = clip.copy(LINK, "link")
    assert outcome.manual
    assert "install xclip" in outcome.explanation


def test_environment_from_os() -> None:
    env = Environment.from_os(
        {
            "TMUX": "/tmp/tmux-1000/default,1234,0",
            "SSH_CONNECTION": "10.0.0.1 5000 10.0.0.2 22",
            "DISPLAY": "localhost:10.0",
            "TERM": "tmux-256color",
            "TERM_PROGRAM": "tmux",
        },
        platform="linux",
    )

    assert env == Environment(
        tmux=True,
        ssh=True,
        display=True,
        wayland=False,
        platform="linux",
        term_program="tmux",
        term="tmux-256color",
    )
    assert Environment.from_os({"DISPLAY": ""}, platform="linux").may_have_local_clipboard is False
    assert Environment.from_os({"WT_SESSION": "x"}).windows_terminal


def test_core_module_imports_no_ui_framework() -> None:
    code = (
        "import sys, tuireader.system.clipboard; "
        "bad = [m for m in ('textual', 'rich') if m in sys.modules]; "
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


# --- a real tmux server ------------------------------------------------------------------


@pytest.fixture
def tmux_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    sock_dir = Path(f"/tmp/tr-{uuid.uuid4().hex[:8]}")
    sock_dir.mkdir()
    monkeypatch.setenv("TMUX_TMPDIR", str(sock_dir))
    name = f"tuireader-test-{os.getpid()}"
    base = ["tmux", "-L", name, "-f", "/dev/null"]
    try:
        subprocess.run([*base, "new-session", "-d", "-s", "t"], check=True, timeout=10)
        subprocess.run([*base, "set", "-g", "set-clipboard", "on"], check=True, timeout=10)
        yield name
    finally:
        subprocess.run([*base, "kill-server"], capture_output=True, timeout=10, check=False)
        shutil.rmtree(sock_dir, ignore_errors=True)


def test_real_tmux_buffer_receives_exactly_the_text(tmux_server: str, tmp_path: Path) -> None:
    sent: list[str] = []
    clip = Clipboard(
        osc52_writer=sent.append,
        fallback_dir=tmp_path,
        environment=Environment(tmux=True),
        tmux_runner=TmuxCommand(socket_name=tmux_server),
        system_backend=BackendFactory(None),
    )

    outcome = clip.copy(BIBTEX, "BibTeX")

    shown = subprocess.run(
        ["tmux", "-L", tmux_server, "show-buffer"], capture_output=True, timeout=10, check=True
    )
    assert shown.stdout.decode("utf-8") == BIBTEX
    assert outcome.notice == "Copied BibTeX via tmux buffer"
    assert sent == []  # tmux passes it on; through tmux, OSC 52 would be a second buffer
    assert (tmp_path / "last-copy.txt").read_text(encoding="utf-8") == BIBTEX  # saved too


def test_real_tmux_without_a_server_falls_through(tmp_path: Path, monkeypatch) -> None:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    monkeypatch.setenv("TMUX_TMPDIR", str(tmp_path))
    clip = Clipboard(
        osc52_writer=None,
        fallback_dir=tmp_path / "clipboard",
        environment=Environment(tmux=True),
        tmux_runner=TmuxCommand(socket_name=f"absent-{uuid.uuid4().hex[:8]}"),
        system_backend=BackendFactory(None),
    )

    outcome = clip.copy(LINK, "link")

    assert not outcome.attempts[0].ok
    assert outcome.manual


@pytest.mark.parametrize("leftover", ["no socket", "a dead socket"])
def test_real_tmux_with_a_leftover_tmux_variable_answers_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, leftover: str
) -> None:
    """$TMUX naming a socket no server listens on (the user's own server is never asked:
    tmux connects only to the socket $TMUX names)."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    path = tmp_path / "tmux-gone"
    if leftover == "a dead socket":
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(str(path))
        listener.close()  # the file stays, nobody listens
    monkeypatch.setenv("TMUX", f"{path},1,0")
    sent: list[str] = []
    clip = Clipboard(
        osc52_writer=sent.append,
        fallback_dir=tmp_path / "clipboard",
        environment=Environment(tmux=True, term_program="tmux"),
        tmux_runner=TmuxCommand(timeout=10.0),
        system_backend=BackendFactory(None),
    )

    started = time.monotonic()
    outcome = clip.copy(LINK, "link")

    assert time.monotonic() - started < 5.0  # no waiting for the timeout
    assert outcome.manual and "OSC 52" not in outcome.notice
    assert "no tmux server answers" in outcome.attempts[0].detail
    assert sent == [LINK]  # harmless to send; it may still work


def test_real_tmux_with_set_clipboard_off(tmux_server: str, tmp_path: Path) -> None:
    subprocess.run(
        ["tmux", "-L", tmux_server, "set", "-g", "set-clipboard", "off"], check=True, timeout=10
    )
    sent: list[str] = []
    clip = Clipboard(
        osc52_writer=sent.append,
        fallback_dir=tmp_path,
        environment=Environment(tmux=True),
        tmux_runner=TmuxCommand(socket_name=tmux_server),
        system_backend=BackendFactory(None),
    )

    outcome = clip.copy(LINK, "link")

    shown = subprocess.run(
        ["tmux", "-L", tmux_server, "show-buffer"], capture_output=True, timeout=10, check=True
    )
    assert shown.stdout.decode("utf-8") == LINK
    assert sent == []  # tmux would swallow it
    assert outcome.routes == ("tmux",)
    assert outcome.notice == (
        "Copied link via tmux buffer; paste it inside tmux (prefix ]): tmux's set-clipboard is off"
    )


def test_tmux_carries_a_copy_too_large_for_osc52(tmp_path: Path) -> None:
    sent: list[str] = []
    clip = make(tmp_path, Environment(tmux=True), tmux=FakeTmux(), writer=sent, osc52_limit=40)

    outcome = clip.copy(BIBTEX * 3, "BibTeX")

    assert sent == []
    assert outcome.notice == "Copied BibTeX via tmux buffer"
    assert not outcome.manual


def test_tmux_set_but_not_installed(tmp_path: Path) -> None:
    clip = Clipboard(
        osc52_writer=None,
        fallback_dir=tmp_path,
        environment=Environment(tmux=True),
        tmux_runner=TmuxCommand(executable=str(tmp_path / "no-such-tmux")),
        system_backend=BackendFactory(None),
    )

    outcome = clip.copy(LINK, "link")

    assert outcome.attempts[0].detail == "$TMUX is set but tmux is not installed"
    assert outcome.manual


HOSTILE_TEXTS = [
    "@misc{a,\n  title = {X\x1b]52;c;dG91Y2ggUFdORUQK\x07Y\x1b[2J},\r\n}\n",
    "Doe. \u202eevil\u202c title\u200b\rtouch PWNED\x9b2J\x7f \ud800.",
]


def test_real_tmux_buffer_never_receives_a_control_character(
    tmux_server: str, tmp_path: Path
) -> None:
    sent: list[str] = []
    clip = Clipboard(
        osc52_writer=sent.append,
        fallback_dir=tmp_path,
        environment=Environment(tmux=True),
        tmux_runner=TmuxCommand(socket_name=tmux_server),
        system_backend=BackendFactory(None),
    )

    def buffer() -> str | None:
        shown = subprocess.run(
            ["tmux", "-L", tmux_server, "show-buffer"],
            capture_output=True,
            timeout=10,
            check=False,
        )
        return shown.stdout.decode("utf-8") if shown.returncode == 0 else None

    refused = clip.copy("https://github.com/ok/repo\ntouch PWNED\n#", "code link", one_line=True)
    assert refused.notice == "Did not copy the code link: it contains a line break"
    assert buffer() is None and sent == []

    for text in HOSTILE_TEXTS:
        outcome = clip.copy(text, "citation")
        copied = buffer()
        assert copied is not None and outcome.routes == ("tmux",)
        assert all(c.isprintable() or c == "\n" for c in copied), repr(copied)
        assert sent == []
    assert copied.endswith("\ufffd.")  # the lone surrogate, replaced


# --- one rule for unsafe characters --------------------------------------------------------


def test_the_clipboard_cleans_exactly_what_the_terminal_shows_as_unsafe() -> None:
    from tuireader.render.safetext import is_unsafe, terminal

    for code in [*range(0x10000), *range(0xE0000, 0xE0100)]:
        char = chr(code)
        text = f"a{char}b"
        cleaned, changed, _ = clipboard_text(text)
        assert (cleaned != text) == is_unsafe(char) == (terminal(char) != char), hex(code)
        assert changed == is_unsafe(char), hex(code)


@pytest.mark.parametrize(
    ("char", "why"),
    [
        ("\u00a0", "a space (U+00A0)"),
        ("\ufffd", "an invalid character (U+FFFD)"),
        ("\u2065", "an invisible or direction-changing character (U+2065)"),
        ("\ue000", "an invisible or direction-changing character (U+E000)"),
    ],
)
def test_a_link_holding_what_no_link_may_hold_is_refused(char: str, why: str) -> None:
    assert clipboard_text(f"{LINK}/{char}x", one_line=True) == (None, 0, f"it contains {why}")
    assert clipboard_text(LINK + "/ü-ok", one_line=True) == (LINK + "/ü-ok", 0, "")


def test_a_non_joiner_inside_a_word_reaches_the_clipboard_others_do_not(tmp_path: Path) -> None:
    # the title «می‌خواهم» copied into tmux's buffer and by OSC 52 lost its non-joiner
    title = "می\u200cخواهم pay\u200cpal \u200c"
    tmux, sent = FakeTmux(), []
    in_tmux = make(tmp_path, Environment(tmux=True), tmux=tmux)
    outcome = in_tmux.copy(title, "citation")
    assert tmux.calls == [(["load-buffer", "-w", "-"], "می\u200cخواهم paypal ")]
    assert outcome.cleaned == 2
    by_osc52 = make(tmp_path, Environment(ssh=True), writer=sent)
    assert by_osc52.copy("می\u200cخواهم", "citation").routes == ("osc52",)
    assert sent == ["می\u200cخواهم"]
    assert clipboard_text("क्\u200cष\u200b") == ("क्\u200cष", 1, "")
