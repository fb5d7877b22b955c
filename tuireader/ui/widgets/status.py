"""The status line: papers shown / total, the order asked for, query time, index state,
triage counts and messages."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, Static

from tuireader.render.textrender import visible
from tuireader.ui.triage import MARKERS, STATE_NAMES

#: the fewest cells a message keeps before the counts, when the line is short of room.
MESSAGE_MIN = 12
#: the rows the line may take: a second for a message too long for one.
ROWS = 2
#: the fewest cells a cut message keeps before the end it is cut to keep ("(+2 more: W)")
TAIL_LEFT = 6


class StatusLine(Static):
    """One line of facts about what is on screen. State comes in through reactives."""

    #: the papers listed: on the line only while no query is searched (see watch_shown)
    shown: reactive[int] = reactive(0, repaint=False)
    total: reactive[int] = reactive(0)
    matched: reactive[int | None] = reactive(None)
    elapsed_ms: reactive[float | None] = reactive(None)
    index_state: reactive[str] = reactive("loading")
    message: reactive[str] = reactive("")
    #: the problems ``message`` says, when it is "Search: " and them joined by "; ": a
    #: line short of room for them all shows the first ones and how many more there
    #: are, and the key of the notices log, which holds them all
    message_parts: reactive[tuple[str, ...]] = reactive(())
    #: shown in the message's place while there is no message (the load warnings' count
    #: and the key that lists them: "4 load warnings (w: details)").
    warnings: reactive[str] = reactive("")
    #: the key that leaves the text box focused ("Enter"; "" when no text box has the
    #: focus): a letter key the line names is typed there, and is said to come after it
    leave_key: reactive[str] = reactive("", repaint=False)
    show_timings: reactive[bool] = reactive(True)
    #: triage counts of the results ("2 kept · ... · 7 left"), empty when unknown.
    triage: reactive[str] = reactive("")
    #: the order the papers are shown in ("list", "relevance", "fit") once one was asked
    #: for (the order key or ``sort:``), "similarity" in More like this; empty while the
    #: default order is in force.
    order: reactive[str] = reactive("")

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def on_mount(self) -> None:
        self.watch(self.screen, "focused", self._focus_moved)

    def _focus_moved(self, focused: Widget | None) -> None:
        keys = []
        if isinstance(focused, Input):  # the search box: Enter (or ↓) goes to the list
            keys = [
                key
                for key, active in self.screen.active_bindings.items()
                if active.node is focused and active.binding.action == "screen.focus_results"
            ]
        leave = "enter" if "enter" in keys else keys[0] if keys else ""
        self.leave_key = leave.capitalize() if len(leave) > 1 else leave

    def _log_key(self) -> str:
        """The key that shows the notices log, as its binding names it ("W")."""
        # the screen's own: with the search box focused, its letters are the box's
        for key, bindings in self.screen._bindings.key_to_bindings.items():
            if any(binding.action == "show_notices" for binding in bindings):
                return key
        return ""

    def _fewer(self, message: str) -> list[tuple[str, str]]:
        """``message`` (a search's problems joined) in fewer words, each with what it
        ends with that a cut must keep: without its "Search: " lead, then with fewer of
        its problems ("Search: a; b (+1 more: W)", then "Search: a (+2 more: W)"), each
        with its asides dropped; the last, to be cut, says where the message is whole
        ("(whole: W)") when it says one problem. None when ``message`` is not what
        :attr:`message_parts` joined."""
        parts, lead = self.message_parts, "Search: "
        if not parts or self.message != lead + "; ".join(parts):
            return []
        key = self._log_key()
        if key and self.leave_key:
            key = f"{self.leave_key}, then {key}"
        said = message.removeprefix(lead)
        fewer = [(each, "") for each in (said, *asides_dropped(said))]
        for count in range(len(parts) - 1, 0, -1):
            tail = f" (+{len(parts) - count} more{f': {key}' if key else ''})"
            said = visible("; ".join(parts[:count]))
            fewer += [(lead + each + tail, tail) for each in (said, *asides_dropped(said))]
        if len(parts) == 1 and key:
            tail = f" (whole: {key})"
            fewer.append((fewer[-1][0] + tail, tail))
        return fewer

    def _whole(self, said: str, room: int, rows: int, variants: list[list[str]]) -> Text | None:
        """``said`` whole with the most complete counts that fit beside it, on one row or
        (``rows`` > 1) two; None where it would be cut."""
        for parts in variants:
            text = self._line(said, parts)
            if room <= 0 or text.cell_len <= room:
                return text
        if rows < 2:
            return None
        first, rest = wrapped_once(said, room)
        for parts in variants:
            if cell_len(rest) + 2 * bool(rest) + cell_len(" · ".join(parts)) <= room:
                return self._rows(first, rest, " · ".join(parts))
        return None

    def hint(self) -> str:
        """The load warnings' count with how to reach their key from where the focus
        is: "4 load warnings (Enter, then w: details)" in the search box, where a "w"
        is typed into the query."""
        said = self.warnings
        found = re.fullmatch(r"(.*)\((\S): details\)", said, re.DOTALL)
        if found is None or not self.leave_key:
            return said
        return f"{found[1]}({self.leave_key}, then {found[2]}: details)"

    def watch_shown(self) -> None:
        # A query's count is of its matches: the rest of its hits arriving in the list
        # changes ``shown`` only, and the line would be sent to the terminal unchanged.
        if self.matched is None:
            self.refresh()
            self._fit_rows()

    def render(self) -> Text:
        return self._lines(self.content_size.width, max(1, self.content_size.height))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._lines(width, ROWS).plain.count("\n") + 1

    def _fit_rows(self) -> None:
        # a message that needs a second row (or no longer does), beside the counts as
        # they are now: the line is laid out again; one that fits as the last did is
        # only redrawn
        if self.is_mounted and self.styles.height is not None and self.styles.height.is_auto:
            rows = self.get_content_height(self.size, self.size, self.content_size.width)
            if rows != self.content_size.height:
                self.refresh(layout=True)

    # what takes room on the line: a change may call for a second row, or free it
    def watch_message(self) -> None:
        self._fit_rows()

    def watch_warnings(self) -> None:
        self._fit_rows()

    def watch_message_parts(self) -> None:
        self._fit_rows()

    def watch_leave_key(self) -> None:
        if (self.warnings and not self.message) or self.message_parts:
            # (else the line says the same)
            self.refresh()
            self._fit_rows()

    def watch_triage(self) -> None:
        self._fit_rows()

    def watch_matched(self) -> None:
        self._fit_rows()

    def watch_order(self) -> None:
        self._fit_rows()

    def watch_index_state(self) -> None:
        # "index: indexing 2,610/2,610 papers" may push a message to a second row, and
        # "ready" free it: else the row stayed, blank, until the counts next changed
        self._fit_rows()

    def watch_total(self) -> None:
        self._fit_rows()

    def watch_elapsed_ms(self) -> None:
        self._fit_rows()

    def on_resize(self) -> None:
        # notices rise above the line, however many rows it takes
        self.screen.set_class(self.size.height > 1, "-status-tall")

    def _lines(self, room: int, rows: int) -> Text:
        """What the line shows in ``rows`` rows of ``room`` cells (a second row only for
        a message too long for one).

        The most complete line that fits; a narrow terminal drops the least useful
        facts first, so the triage counts ("N left" last) stay whole. A message too long
        for one row takes a second, the counts after it; too long for that too, or with
        one row only, it loses its asides first, the last first ("did you mean
        list:corl2023?" matters more than the lists named after it in parentheses), and
        then it is cut, never the counts: where not even the most compact counts fit
        beside it, it has the first row to itself and the counts the second (in one row,
        the triage counts go before a message that would keep too little).

        What a search says of the query (:attr:`message_parts`) is not cut while it
        may be said whole in fewer words: without its asides, with its first problems
        and how many more there are ("(+2 more: W)"), without its "Search: " lead; cut,
        it says where it is whole (the notices log)."""
        message = visible(self.message or self.hint())
        variants = self._variants()
        shorter = [(said, "") for said in (message, *asides_dropped(message))]
        fewer = self._fewer(message)
        if fewer:
            for said, _tail in [*shorter, *fewer[:-1]]:
                whole = self._whole(said, room, rows, variants)
                if whole is not None:
                    return whole
            shorter = fewer[-1:]  # cut: its end says where the rest is
        tail = ""
        for said, tail in shorter:
            for parts in variants:
                text = self._line(said, parts)
                if room <= 0 or text.cell_len <= room:
                    return text
            if rows > 1 and said:
                two = self._two_rows(said, room, variants, tail)
                if two is not None:
                    return two
        # None fits: a long message is cut, not the counts after it ("0/199 match" stays)
        alone = [" · ".join(parts) for parts in (*variants, *self._scant())]
        fitting = next((counts for counts in alone if cell_len(counts) <= room), None)
        if said and rows > 1 and fitting is not None:
            # the message cut on its row, the counts on their own (a narrow terminal)
            return self._rows(cut_to(said, room, tail), "", fitting)
        for counts in alone:
            left = room - cell_len(counts) - 2
            if said and left >= MESSAGE_MIN:
                text = Text(no_wrap=True, end="")
                cut = Text(cut_to(said, left, tail), style="bold")
                text.append_text(cut)
                text.append(" " * (left - cut.cell_len + 2))
                text.append(counts)
                return text
        if self.triage and fitting is not None:  # one row: the counts before the message
            return Text(fitting, no_wrap=True, end="")
        return text  # the most compact, cut, when even that does not fit

    def _two_rows(
        self, message: str, room: int, variants: list[list[str]], tail: str = ""
    ) -> Text | None:
        """``message`` over two rows of ``room`` cells, the counts at the end of the
        second (the most complete that fits there; the most compact after the message
        cut, its ``tail`` kept, when none does); None when even that leaves the message
        too little room."""
        first, rest = wrapped_once(message, room)
        for parts in variants:
            counts = " · ".join(parts)
            if cell_len(rest) + 2 * bool(rest) + cell_len(counts) <= room:
                return self._rows(first, rest, counts)
        left = room - cell_len(counts) - 2
        if left < MESSAGE_MIN:
            return None
        return self._rows(first, cut_to(rest, left, tail if rest.endswith(tail) else ""), counts)

    @staticmethod
    def _rows(first: str, rest: str, counts: str) -> Text:
        text = Text(no_wrap=True, end="")
        text.append(first, "bold")
        text.append("\n")
        if rest:
            text.append(rest, "bold")
            text.append("  ")
        text.append(counts)
        return text

    def _variants(self) -> list[list[str]]:
        """The line's facts, from the most complete to the most compact."""
        full = self.matched is None
        papers = (
            f"{self.shown:,} / {self.total:,} papers"
            if full
            else f"{self.matched:,} of {self.total:,} papers match"
        )
        short = (
            f"{self.shown:,}/{self.total:,}" if full else f"{self.matched:,}/{self.total:,} match"
        )
        timing = (
            [f"{self.elapsed_ms:.0f} ms"]
            if self.show_timings and self.elapsed_ms is not None
            else []
        )
        index = [f"index: {self.index_state}"]
        # A ready index goes without saying once room is short; any other state stays.
        quiet = [] if self.index_state == "ready" else index
        triage = [self.triage] if self.triage else []
        compact = [compact_counts(self.triage)] if self.triage else []
        order = [f"order: {self.order}"] if self.order else []
        return [
            [papers, *order, *timing, *index, *triage],  # triage last: cut first if all fails
            [papers, *order, *index, *triage],
            [short, *order, *index, *triage],
            [short, *order, *quiet, *triage],
            [short, *([self.order] if self.order else []), *quiet, *compact],
        ]

    def _scant(self) -> list[list[str]]:
        """Still more compact facts, for a line where none of ``_variants`` fits beside
        the message or alone: the triage counts outlast the papers' and the order's,
        down to themselves alone ("★2 ✗1 · 7 left"), and on a line narrower still (20
        columns), to the papers left to decide ("2,066 left"), which were cut
        otherwise ("★2 ?1 ✗3 · 2,0…"). Without triage counts, the papers' count alone
        ("2,072/3,671", without "match")."""
        count = self.shown if self.matched is None else self.matched
        papers = f"{count:,}/{self.total:,}"
        quiet = [] if self.index_state == "ready" else [f"index: {self.index_state}"]
        if not self.triage:
            return [[papers, *quiet], [papers]] if quiet else [[papers]]
        named = [self.order] if self.order else []
        compact = compact_counts(self.triage)
        scant = [[papers, *named, *quiet, compact], [papers, *quiet, compact]]
        scant += [[*quiet, compact], [compact]] if quiet else [[compact]]
        left = [part for part in compact.split(" · ") if part.endswith(" left")]
        return scant + ([left] if left and left != [compact] else [])

    def _line(self, message: str, parts: list[str]) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        if message:
            # A message (a problem, the engine's note on the query) matters more than the
            # counts, so it comes first and the counts are what a narrow line cuts off.
            text.append(message, "bold")
            text.append("  ")
        text.append(" · ".join(parts))
        return text


def cut_to(text: str, width: int, tail: str = "") -> str:
    """``text`` in ``width`` cells, its end cut off with "…" when it is longer: before
    its ``tail`` ("(+2 more: W)"), which stays, where that leaves :data:`TAIL_LEFT` cells
    of the text before it."""
    if tail and text.endswith(tail) and cell_len(text) > width:
        room = width - cell_len(tail)
        if room >= TAIL_LEFT:
            return cut_to(text[: -len(tail)], room) + tail
    cut = Text(text)
    cut.truncate(width, overflow="ellipsis")
    return cut.plain


def wrapped_once(text: str, width: int) -> tuple[str, str]:
    """``text`` as the first row of ``width`` cells holds it, broken after a word where
    one ends in it, and the rest (empty when it all fits)."""
    if cell_len(text) <= width:
        return text, ""
    head = ""
    for char in text:
        if cell_len(head + char) > width:
            break
        head += char
    space = head.rfind(" ")
    if space > 0 and not text[len(head)].isspace():  # else a word ends where the row does
        head = head[:space]
    return head.rstrip(), text[len(head) :].lstrip()


def asides_dropped(message: str) -> list[str]:
    """``message`` with its asides in parentheses left out one by one, the last first:
    "a (b) c (d (e)) f" gives "a (b) c f", then "a c f". An aside is a group in balanced
    parentheses after a space, and after the end of a sentence when nothing follows it
    ("did you mean list:x? (lists: …)"): "Search: failed (QueryError: …)" would say
    nothing without it. One left open is not an aside."""
    asides, opened = [], []
    for at, char in enumerate(message):
        if char == "(":
            opened.append(at)
        elif char == ")" and opened:
            start = opened.pop()
            if opened or start == 0 or message[start - 1] != " ":
                continue
            last = not message[at + 1 :].strip()
            if not last or message[:start].rstrip().endswith((".", "?", "!")):
                asides.append((start - 1, at + 1))
    shorter, cut = [], message
    for start, end in reversed(asides):
        cut = cut[:start] + cut[end:]
        shorter.append(cut)
    return shorter


def compact_counts(counts: str) -> str:
    """Triage counts with each state's marker for its name: "★2 ✗1 · 7 left"."""
    marker = {name: MARKERS[state] for state, name in STATE_NAMES.items()}
    states, rest = [], []
    for part in counts.split(" · "):
        number, _, name = part.partition(" ")
        if name in marker:
            states.append(f"{marker[name]}{number}")
        else:
            rest.append(part)
    return " · ".join([" ".join(states), *rest] if states else rest)
