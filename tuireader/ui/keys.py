"""Keys in the order typed, each to the widget focused when the key before it is done.

Textual hands each key to the widget that has focus when the app takes the key off its
queue. The app takes keys off faster than widgets handle them, so in a burst (keys pasted
by a terminal multiplexer, typed quickly, or sent in one packet over ssh) a key that moves
the focus comes too late for the keys behind it: ``/`` followed by a query sends the query
to the list, ``n`` followed by text loses the text, Escape out of an editor followed by
``q`` types a "q" into the editor.

:class:`KeyOrderedApp` holds keys back instead: it gives Textual one key, follows it up
the widgets it bubbles through, waits for the screen to refresh after it (so the focus it
moved, the screen it opened and the messages it posted to the screen have all taken
effect), and only then gives Textual the next key, which therefore goes to whatever is
focused by then. A run of characters held back for a text box (or the note editor's
text area) goes to it as one text (see ``_typed_text``): characters change nothing but the box's text, and a paste the
terminal typed key by key is then taken as a bracketed paste is.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from textual import events, on
from textual.app import App
from textual.dom import DOMNode
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input, TextArea

#: seconds after which a key whose handling could not be followed (its widget was removed
#: half way) stops holding back the keys behind it. A safety net only: a followed key
#: releases the next one as soon as it is done, and a key still on its way up widgets
#: that are there (a loaded machine, a busy screen) is waited for past it.
STUCK_SECONDS = 1.0
#: refreshes a released key may wait at most for the screen to handle what it posted
#: (the commands a key's binding posts run on the screen after the key itself is done).
SETTLE_REFRESHES = 8
#: longest (seconds) a screen may hold keys typed ahead back (see ``hold_keys``).
HOLD_SECONDS = 1.0
#: keys that act at once while keys typed ahead are held (``hold_keys``): Textual's quit
QUIT_KEYS = frozenset({"ctrl+q"})
#: what Textual calls a newline typed (Ctrl+J, or Enter before the terminal is raw).
NEWLINE = "ctrl+j"


class HandNextKey(Message):
    """Hand the next held-back key to Textual (the app posts it to itself)."""


class KeyOrderedApp(App[None]):
    """An app that hands each key over only after the previous one has been handled."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._held_keys: deque[events.Key] = deque()
        #: the number of the key being handled (0: none); later keys wait for it.
        self._key_in_hand = 0
        self._keys_handed = 0
        #: keys wait for the first frame: until then, the widget the first screen focuses
        #: as it mounts may not have the focus yet (Textual focuses it later), and a key
        #: typed at once would go to the screen instead (a query's "g" taken as "go to top").
        self._keys_open = False
        self._opening: Timer | None = None
        #: why keys typed ahead wait still (see ``hold_keys``).
        self._holds: set[str] = set()
        #: called once the keys held back have all been handled (see ``after_keys``).
        self._after_keys: list[Callable[[], object]] = []
        #: the widget the key in hand is to reach next, as it is followed (see ``_follow``)
        self._key_at: DOMNode | None = None

    @property
    def keys_handed(self) -> int:
        """How many keys typed have been handed to Textual so far (each acted on the
        screen as it was then)."""
        return self._keys_handed

    @property
    def keys_pending(self) -> bool:
        """True while keys typed are held back or the last one is still being handled."""
        return bool(self._held_keys) or bool(self._key_in_hand)

    @property
    def typing_ahead(self) -> bool:
        """True when the next key held back is a character that the text box focused
        takes as text: in a burst of text (a paste the terminal types, keys faster than
        the screen), more of it is on its way to the box."""
        box = self.focused
        held = self._held_keys
        return isinstance(box, Input) and bool(held) and _taken_as_text(box, held[0])

    def held_text(self) -> str:
        """The characters of the keys held back behind the one being handled, up to the
        first key that is no character (Enter, an arrow, Escape): what was typed with it
        in one burst, a paste the terminal typed key by key among them."""
        text = []
        for key in self._held_keys:
            if not _is_character(key):
                break
            text.append(key.character or "")
        return "".join(text)

    def key_after_held_text(self) -> str | None:
        """The key that ends ``held_text`` (Enter, Ctrl+S, an arrow), None when the keys
        held back end with it."""
        for key in self._held_keys:
            if not _is_character(key):
                return key.key
        return None

    def take_held(self, count: int) -> None:
        """The first ``count`` keys held back were taken as text (``held_text``): they
        are not handed on as keys."""
        for _ in range(min(count, len(self._held_keys))):
            self._held_keys.popleft()
            self._keys_handed += 1

    def after_keys(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` once every key held back has been handled (soon, when none
        is held back)."""
        self._after_keys.append(callback)
        if not self.keys_pending:
            self.call_later(self._keys_handled)

    def _keys_handled(self) -> None:
        """No key is held back or being handled: what waited for that is called."""
        if self.keys_pending:
            return
        waiting, self._after_keys = self._after_keys, []
        for callback in waiting:
            callback()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self._holds and event.key in QUIT_KEYS:
                # a quit goes through what the keys typed ahead wait for (the lists read
                # and indexed on a first start may take minutes): they stay held
                await super().on_event(event)
                return
            bound = self._keys_bound()
            self._held_keys.extend(split_alt(newline_as_enter(event, bound), bound))
            if not self._keys_open:
                if self._opening is None:  # a safety net, should the frame never come
                    self._opening = self.set_timer(STUCK_SECONDS, self._open_keys)
            elif not self._key_in_hand:
                await self._hand_next_key()
            return
        await super().on_event(event)
        if isinstance(event, events.Ready):
            self._open_keys()

    def hold_keys(
        self,
        reason: str,
        seconds: float | None = None,
        still: Callable[[], bool] | None = None,
    ) -> None:
        """Hold keys typed from now on back until ``release_keys(reason)``, ``seconds``
        at most (:data:`HOLD_SECONDS` if not given), or as many more times as ``still``
        says the wait goes on (what they wait for is still on its way: the lists read
        and indexed on a first start): the screen is about to change under them (the
        last run's query coming back as the reader starts, a query's results on their
        way), and they are to act on what it becomes."""
        if reason in self._holds:
            return
        self._holds.add(reason)
        wait = HOLD_SECONDS if seconds is None else seconds

        def time_up() -> None:
            if reason in self._holds and still is not None and still():
                self.set_timer(wait, time_up)
            else:
                self.release_keys(reason)

        self.set_timer(wait, time_up)

    def release_keys(self, reason: str) -> None:
        """The keys held back for ``reason`` go, in order (once no other hold is left)."""
        if reason in self._holds:
            self._holds.discard(reason)
            if not self._holds:
                self.post_message(HandNextKey())

    def _open_keys(self) -> None:
        """The first frame is up: the keys typed so far go, in order, from now on."""
        if not self._keys_open:
            self._keys_open = True
            self.post_message(HandNextKey())

    def _keys_bound(self) -> frozenset[str]:
        """The alt+ keys and Ctrl+J the [keys] table binds: those stay as typed."""
        keymap = getattr(self, "keymap", None) or {}
        return frozenset(
            key.strip()
            for keys in keymap.values()
            for key in str(keys).split(",")
            if key.strip().startswith("alt+") or key.strip() == NEWLINE
        )

    @on(HandNextKey)
    async def _next_key(self) -> None:
        if not self._key_in_hand:
            await self._hand_next_key()

    async def _hand_next_key(self) -> None:
        if not self._held_keys or self._holds or not self._keys_open:
            return
        target: DOMNode = self.focused or self.screen
        event = self._typed_text(self._held_keys.popleft(), target)
        self._keys_handed += len(event.text) if isinstance(event, events.Paste) else 1
        number = self._key_in_hand = self._keys_handed
        await super().on_event(event)
        if not event.is_forwarded:
            # A priority binding took it (or the app did): it is done already.
            self._key_done(number)
            return
        self.set_timer(STUCK_SECONDS, lambda: self._stuck(number))
        self._follow(target, number)

    def _stuck(self, number: int) -> None:
        """Key ``number`` is not done after :data:`STUCK_SECONDS`: the keys behind it go
        on only if it cannot be followed further. On a loaded machine a key can take
        longer than that to reach the binding it runs (``n``, which opens the note
        editor); the letters typed after it went to the list and the note lost them."""
        if number != self._key_in_hand:
            return
        node = self._key_at
        if node is not None and node.is_running and (node is self or node.is_attached):
            self.set_timer(STUCK_SECONDS, lambda: self._stuck(number))
        else:
            self._key_done(number)

    def _typed_text(self, key: events.Key, target: DOMNode) -> events.Key | events.Paste:
        """``key``, or, when it and the keys held back after it are characters that the
        text box focused takes as text (a paste the terminal typed key by key, keys
        faster than the screen), the run of them as one text, inserted as a bracketed
        paste is.

        Each key of a burst waits for a frame (16 ms or so): 5,700 characters pasted
        into the search box held the reader for a minute. A character the box takes
        changes nothing but its text (no binding sees it), so the run goes to the box in
        one step; the first key it does not take ends the run, and goes on its own. A box
        that checks its text (a restriction, a longest length, a number) checks each
        character typed but a paste whole, so its keys go one by one. A text area (the
        note editor) takes Enter as text too, a line break, unless a priority binding
        has it: 1,000 characters typed into a note took 11 seconds to show.
        """
        held = self._held_keys
        if not held:
            return key
        written: Callable[[events.Key], str | None]
        if isinstance(target, Input):
            if target.restrict or target.max_length or target.type != "text":
                return key

            def written(typed: events.Key) -> str | None:
                return typed.character if _taken_as_text(target, typed) else None

        elif isinstance(target, TextArea) and not target.read_only:
            bound = self._priority_keys()

            def written(typed: events.Key) -> str | None:
                return _written_in(target, typed, bound)

        else:
            return key
        first = written(key)
        if first is None:
            return key
        characters = []
        while held and (more := written(held[0])) is not None:
            held.popleft()
            characters.append(more)
        if not characters:
            return key
        text = events.Paste(first + "".join(characters))
        text.set_sender(self)
        return text

    def _priority_keys(self) -> frozenset[str]:
        """The keys a priority binding in force takes before the focused widget sees
        them (the note editor's Ctrl+S, the [keys] table may give it another key)."""
        return frozenset(
            key for key, active in self.screen.active_bindings.items() if active.binding.priority
        )

    def _follow(self, node: DOMNode | None, number: int) -> None:
        """Queue a check behind the key at ``node``; when it runs, the key has left
        ``node`` (handled, stopped, or bubbled on to its parent): follow it there."""
        if number != self._key_in_hand:
            return
        self._key_at = node
        if node is None:
            self._key_done(number)
        elif node is self:
            # The bubbled key (and the bindings it runs) is ahead of this in the queue.
            self.call_later(self._key_done, number)
        elif not node.call_later(self._follow, node.parent, number):
            self._key_done(number)  # the widget is closing: the key goes no further

    def _key_done(self, number: int) -> None:
        """Key ``number`` was handled: the next one goes once the screen has refreshed
        (a key arriving until then waits too: what this key asked of the screen, such as
        opening an editor, is done by then)."""
        if number != self._key_in_hand:
            return
        self._key_in_hand = -number
        if not self.call_after_refresh(self._release, -number):
            self._key_in_hand = 0

    def _release(self, number: int, waited: int = 0) -> None:
        if self._key_in_hand != number:
            return
        # What the key posted to the screen (a command that opens an editor, say) may
        # not have run yet: the next key waits for it, a few refreshes at most.
        if (
            waited < SETTLE_REFRESHES
            and self._screen_busy()
            and self.call_after_refresh(self._release, number, waited + 1)
        ):
            return
        self._key_in_hand = 0
        if self._held_keys:
            self.post_message(HandNextKey())
        elif self._after_keys:
            self._keys_handled()

    def _screen_busy(self) -> bool:
        """True while the screen, the widget it focuses or a widget between them has
        messages still to handle: a message the key made the focused widget post (an
        input's Submitted) bubbles up through each on its way to the screen."""
        screen = self.screen
        node: DOMNode | None = screen.focused
        while node is not None and node is not screen:
            if node.message_queue_size > 0:
                return True
            node = node.parent
        return screen.message_queue_size > 0


def _is_character(key: events.Key) -> bool:
    """Whether ``key`` types one character (a letter, a digit, a space: not Enter)."""
    character = key.character
    return key.is_printable and character is not None and len(character) == 1


def _taken_as_text(box: Input | TextArea, key: events.Key) -> bool:
    """Whether ``box`` takes ``key`` as a character of its text (Textual then keeps it
    from every binding around the box)."""
    return key.is_printable and box.check_consume_key(key.key, key.character)


def _written_in(area: TextArea, key: events.Key, bound: frozenset[str]) -> str | None:
    """The text ``key`` writes in the text area ``area`` (a character, or a line break
    for Enter), None for a key it does not write (a priority binding in ``bound`` takes
    it first)."""
    if key.key in bound:
        return None
    if key.key == "enter":
        return "\n"
    return key.character if _taken_as_text(area, key) else None


def newline_as_enter(event: events.Key, bound: frozenset[str] = frozenset()) -> events.Key:
    """Enter, for a newline (Ctrl+J) that ``bound`` (keys the user gave to a binding)
    does not have.

    Keys typed as the reader starts, before it puts the terminal in raw mode, pass the
    terminal's line discipline, which turns Enter's carriage return into a newline
    (``stty icrnl``): a query typed at once, Enter and ``x`` lost the Enter and typed
    the x into the query. As in a shell, a newline means Enter.
    """
    if event.key != NEWLINE or NEWLINE in bound:
        return event
    return events.Key("enter", "\r")


def split_alt(event: events.Key, bound: frozenset[str] = frozenset()) -> list[events.Key]:
    """An Escape and the key after it, when they arrived together and the terminal's
    input was read as one alt key: Escape then ``j`` sent in one burst (over ssh, by
    tmux) reads as alt+j. The reader binds no alt keys, so alt+j is the two keys typed,
    unless ``bound`` (keys the user gave to a binding) has it."""
    key, character = event.key, event.character
    if not key.startswith("alt+") or key in bound or not character or len(character) != 1:
        return [event]
    name = character if character.isalnum() else key.removeprefix("alt+")
    return [events.Key("escape", "\x1b"), events.Key(name, character)]


def keys_for_dialog(app: object) -> None:
    """A menu or dialog the keys typed were held for (``hold_keys("dialog")``) is shown,
    its input focused: they go to it, in order."""
    release = getattr(app, "release_keys", None)
    if release is not None:
        release("dialog")
