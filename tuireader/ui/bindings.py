"""Read the reader's key bindings from the classes that declare them.

The help screen and the command palette are both generated from here, so a binding added
anywhere (including by a feature mixed into the main screen) shows up in both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from textual.binding import Binding
from textual.dom import DOMNode


@dataclass(frozen=True)
class Place:
    """Where a group of bindings applies, and the node that runs their actions."""

    name: str
    node: DOMNode
    bindings: tuple[Binding, ...]


#: the help key, in force over every screen (the app binds it): a menu's, an editor's,
#: a dialog's, which take the keys of the screen under them out of force. The main
#: screen's own binding of it has the same id, so the [keys] table moves both.
HELP_ANYWHERE = Binding("f1", "help", "Help", priority=True, id="reader.help_anywhere")
#: the suspend key, in force over the dialogs too (the app binds it, as a priority: a
#: dialog takes the keys of what is under it out of force), but not where the focused
#: text box takes the key (the note editor's undo). The main screen's own binding of it
#: has the same id, so the [keys] table moves both.
SUSPEND_ANYWHERE = Binding(
    "ctrl+z",
    "suspend",
    "Suspend to the shell (fg: back)",
    show=False,
    priority=True,
    id="reader.suspend",
)


def declared_bindings(cls: type[DOMNode]) -> tuple[Binding, ...]:
    """Bindings declared in ``BINDINGS`` by tuireader classes along ``cls``'s MRO.

    Base classes come first; a subclass's declaration of a key replaces its bases'. One
    class may bind a key to several actions (Escape: back from "More like this", else
    clear the marks): the first in force runs, and each is listed. Bindings inherited
    from Textual's own widgets are left out: the reader redeclares every key it
    documents.
    """
    by_key: dict[tuple[str, str], Binding] = {}
    for base in reversed(cls.__mro__):
        if not base.__module__.startswith("tuireader"):
            continue
        declared = list(Binding.make_bindings(base.__dict__.get("BINDINGS", [])))
        keys = {binding.key for binding in declared}
        by_key = {pair: binding for pair, binding in by_key.items() if pair[0] not in keys}
        for binding in declared:
            by_key[(binding.key, binding.action)] = binding
    merged: dict[tuple[str, str], Binding] = {}
    for binding in by_key.values():
        # Bindings declared as "down,j" arrive split per key: group them back by action.
        group = (binding.action, binding.id or binding.description)
        if group in merged:
            first = merged[group]
            merged[group] = Binding(
                f"{first.key},{binding.key}",
                first.action,
                first.description,
                show=first.show,
                key_display=first.key_display,
                priority=first.priority,
                tooltip=first.tooltip,
                id=first.id,
            )
        else:
            merged[group] = binding
    return tuple(merged.values())


def key_names(binding: Binding) -> list[str]:
    """The separate keys of a (possibly comma-joined) binding."""
    return [key.strip() for key in binding.key.split(",") if key.strip()]


# -- keys people change (the [keys] table of config.toml) --------------------------------

#: modifiers a key may carry ("ctrl+shift+x").
MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})


def normalize_key(key: str) -> str:
    """``key`` as Textual names it: "?" → "question_mark", "ctrl+F" → "ctrl+f"."""
    from textual.keys import _character_to_key

    key = key.strip()
    if len(key) == 1:
        return _character_to_key(key)
    *modifiers, last = key.split("+") if "+" in key[:-1] else [key]
    modifiers = [modifier.lower() for modifier in modifiers]
    if len(last) == 1:
        last = _character_to_key(last)
        if modifiers and last.isalpha():
            last = last.lower()  # terminals send ctrl+f for Ctrl+Shift+F
    else:
        last = last.lower()
    return "+".join([*modifiers, last])


#: names Textual knows for keys that reach it under another name, with that name: a
#: terminal sends Enter as "enter" (``return`` bound Enter to nothing). (Ctrl+I, Ctrl+M
#: and Ctrl+H are keys of their own in terminals that speak the kitty keyboard protocol,
#: which Textual asks for: kitty, WezTerm, foot, Ghostty.)
SENT_AS = {"return": "enter"}


def valid_key(key: str) -> bool:
    """True if ``key`` (normalized) is a key a terminal can send and Textual can bind.

    A key named by its character's Unicode name ("question_mark", "pound_sign",
    "degree_sign") is one only for a character a keyboard has: no pictograph beyond
    Latin-1's signs ("banana" is 🍌, which no key types; a user who wrote it meant
    another key)."""
    import unicodedata

    from textual.keys import KEY_TO_UNICODE_NAME, Keys

    *modifiers, last = key.split("+")
    if any(modifier not in MODIFIERS for modifier in modifiers) or not last:
        return False
    if key in SENT_AS or last in SENT_AS or last.startswith("<"):
        return False
    if len(last) == 1:
        return last.isprintable() and not last.isspace()
    if last in {k.value for k in Keys} or any(k.value.endswith("+" + last) for k in Keys):
        return True
    name = KEY_TO_UNICODE_NAME.get(last, last)
    try:
        character = unicodedata.lookup(name.replace("_", " "))
    except KeyError:
        return False
    pictograph = unicodedata.category(character) == "So" and ord(character) > 0xFF
    return len(character) == 1 and character.isprintable() and not pictograph


def resolve_keymap(
    requested: Sequence[tuple[str, Sequence[str]]],
    groups: Sequence[Sequence[Binding]],
) -> tuple[dict[str, str], list[str]]:
    """The keymap to give Textual (binding id → comma-separated keys) from the
    ``[keys]`` table, and one line per entry left out.

    ``groups`` are the bindings of each place that takes keys at once (a screen, a
    widget): two bindings of one place may not share a key. An unknown id, a key no
    terminal sends, and two ids given one key (or a key kept by a binding not moved
    away from it) are reported and that entry is ignored; the rest apply.
    """
    known: dict[str, int] = {}
    for index, group in enumerate(groups):
        for binding in group:
            if binding.id:
                known.setdefault(binding.id, index)
    problems: list[str] = []
    wanted: dict[str, list[str]] = {}
    for binding_id, keys in requested:
        if binding_id not in known:
            problems.append(f"keys: unknown binding id {binding_id!r} ignored")
            continue
        normalized = [normalize_key(key) for key in keys]
        bad = [key for key, name in zip(keys, normalized, strict=True) if not valid_key(name)]
        if bad:
            sent = [
                f"it sends {key!r} as {SENT_AS[name]!r}"
                for key, name in zip(keys, normalized, strict=True)
                if name in SENT_AS
            ]
            hint = f" ({'; '.join(sent)})" if sent else ""
            problems.append(
                f"keys: {binding_id} = {', '.join(map(repr, bad))} is not a key a terminal"
                f" sends{hint}; ignored"
            )
            continue
        wanted[binding_id] = list(dict.fromkeys(normalized))
    # Drop clashing entries until none is left: dropping one gives its binding back its
    # default keys, which may clash in turn.
    while True:
        clash = _first_clash(wanted, groups)
        if clash is None:
            break
        key, ids = clash
        moved = [binding_id for binding_id in ids if binding_id in wanted]
        kept = [binding_id for binding_id in ids if binding_id not in wanted]
        shown = ", ".join(moved)
        if kept:
            why = f"{key!r} stays with {', '.join(kept)}"
        else:
            why = f"{key!r} is given to {' and '.join(moved)}"
        problems.append(f"keys: {why}; {shown} ignored")
        for binding_id in moved:
            del wanted[binding_id]
    return {binding_id: ",".join(keys) for binding_id, keys in wanted.items()}, problems


def _first_clash(
    wanted: dict[str, list[str]], groups: Sequence[Sequence[Binding]]
) -> tuple[str, list[str]] | None:
    """The first key two bindings of one place would share, with their ids."""
    for group in groups:
        holders: dict[str, list[str]] = {}
        for binding in group:
            name = binding.id or f"{binding.action}"
            keys = wanted.get(binding.id or "", None) or key_names(binding)
            for key in keys:
                if name not in holders.setdefault(key, []):
                    holders[key].append(name)
        for key, names in holders.items():
            if len(names) > 1 and any(name in wanted for name in names):
                return key, names
    return None


def with_keymap(bindings: Sequence[Binding], keymap: Mapping[str, str]) -> tuple[Binding, ...]:
    """``bindings`` with the keys the keymap gives them (what help and palette show)."""
    out = []
    for binding in bindings:
        keys = keymap.get(binding.id or "")
        out.append(binding.with_key(keys, key_display=None) if keys else binding)
    return tuple(out)
