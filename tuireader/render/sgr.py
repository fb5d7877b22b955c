"""Fewer bytes for the same screen: colour and style escapes rewritten as transitions.

A Textual frame sets every run of text's style in full and resets it after the run:
``ESC[38;5;253;48;5;234m text ESC[0m ESC[38;5;253;48;5;23m more ESC[0m``. Over SSH those
escapes are most of what a keystroke costs. :func:`squeeze` keeps the text, the cursor
moves and every other sequence as they are, and replaces the style escapes with the
shortest change from the style in force to the one the next text needs: a run in the
same style as the last costs nothing, a new background costs ``ESC[48;5;23m``.

What the terminal shows is unchanged: at every character written, and before every
sequence that paints with the current style (erasing), the style in force is the one the
original stream had there. Only cursor moves, mode switches, hyperlinks and line feeds
that cannot scroll are allowed to pass before a pending style is written, since they
paint nothing; a cursor position nothing is painted at is left out. A stream
that ends in another style than the terminal's default ends with a reset, as the
original did. An escape this module does not understand is passed on untouched, after
which the style is taken as unknown and the next change is written in full.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

#: an SGR escape, any other CSI escape, an OSC string (hyperlinks), another escape,
#: a line break, or a run of text.
_TOKEN = re.compile(
    r"\x1b\[([0-9;:]*)m"  # 1: SGR parameters
    r"|(\x1b\[[0-?]*[ -/]*[@-~])"  # 2: another CSI
    r"|(\x1b\][^\x07\x1b]*(?:\x07|\x1b\\))"  # 3: OSC
    r"|(\x1b.?)"  # 4: another escape
    r"|([\r\n]+)"  # 5: carriage return, line feed
    r"|([^\x1b\r\n]+)"  # 6: text
)
#: CSI finals that move the cursor or switch a mode: they paint nothing.
_SILENT = frozenset("ABCDEFGHdfhlnsu")

#: attributes: on code → name; the code that turns each off.
_ON = {
    "1": "bold",
    "2": "dim",
    "3": "italic",
    "4": "underline",
    "5": "blink",
    "7": "reverse",
    "8": "conceal",
    "9": "strike",
    "21": "underline2",
    "51": "frame",
    "52": "encircle",
    "53": "overline",
}
_OFF = {
    "bold": "22",
    "dim": "22",
    "italic": "23",
    "underline": "24",
    "underline2": "24",
    "blink": "25",
    "reverse": "27",
    "conceal": "28",
    "strike": "29",
    "frame": "54",
    "encircle": "54",
    "overline": "55",
}
#: attribute → its on code; codes are written in the order of their numbers.
_CODE = {name: code for code, name in _ON.items()}


def _by_code(name: str) -> int:
    return int(_CODE[name])


#: off codes → the attributes they clear.
_CLEARS: dict[str, tuple[str, ...]] = {}
for _name, _code in _OFF.items():
    _CLEARS.setdefault(_code, ())
    _CLEARS[_code] += (_name,)


@dataclass(frozen=True)
class Style:
    """The style in force: attributes on, and the three colours as their SGR codes
    (None: the terminal's default)."""

    attributes: frozenset[str] = frozenset()
    fg: str | None = None
    bg: str | None = None
    underline_colour: str | None = None


DEFAULT = Style()


def apply(style: Style, parameters: str) -> Style | None:
    """``style`` after an SGR escape with ``parameters`` ("38;5;23;1"); None if the
    escape holds a code this module does not know."""
    codes = parameters.split(";") if parameters else ["0"]
    attributes = set(style.attributes)
    colours = {"fg": style.fg, "bg": style.bg, "underline_colour": style.underline_colour}
    index = 0
    while index < len(codes):
        code = codes[index].lstrip("0") or "0"
        index += 1
        if ":" in code:  # "4:3" (curly underline) and the like: kept only as they are
            return None
        if code == "0":
            attributes.clear()
            colours = dict.fromkeys(colours)
        elif code in _ON:
            attributes.add(_ON[code])
        elif code in _CLEARS:
            attributes.difference_update(_CLEARS[code])
        elif code in ("38", "48", "58"):
            mode = codes[index] if index < len(codes) else ""
            width = {"5": 2, "2": 4}.get(mode)
            if width is None or index + width > len(codes):
                return None
            value = ";".join([code, *codes[index : index + width]])
            index += width
            colours[{"38": "fg", "48": "bg", "58": "underline_colour"}[code]] = value
        elif code.isdigit() and (30 <= int(code) <= 37 or 90 <= int(code) <= 97):
            colours["fg"] = code
        elif code.isdigit() and (40 <= int(code) <= 47 or 100 <= int(code) <= 107):
            colours["bg"] = code
        elif code == "39":
            colours["fg"] = None
        elif code == "49":
            colours["bg"] = None
        elif code == "59":
            colours["underline_colour"] = None
        else:
            return None
    return replace(style, attributes=frozenset(attributes), **colours)


def _full(style: Style) -> list[str]:
    """The codes that set ``style`` from the default."""
    codes = [_CODE[name] for name in sorted(style.attributes, key=_by_code)]
    codes.extend(c for c in (style.fg, style.bg, style.underline_colour) if c is not None)
    return codes


def transition(old: Style | None, new: Style) -> str:
    """The shortest escape that turns style ``old`` (None: unknown) into ``new``."""
    if old == new:
        return ""
    full = "\x1b[" + ";".join(["0", *_full(new)]) + "m" if new != DEFAULT else "\x1b[0m"
    if old is None:
        return full
    codes: list[str] = []
    lost = old.attributes - new.attributes
    offs = sorted({_OFF[name] for name in lost}, key=int)
    have = set(old.attributes)
    for off in offs:
        codes.append(off)
        have.difference_update(_CLEARS[off])
    codes.extend(_CODE[name] for name in sorted(new.attributes - have, key=_by_code))
    for now, then, default in (
        (new.fg, old.fg, "39"),
        (new.bg, old.bg, "49"),
        (new.underline_colour, old.underline_colour, "59"),
    ):
        if now != then:
            codes.append(now if now is not None else default)
    diff = "\x1b[" + ";".join(codes) + "m"
    return diff if len(diff) < len(full) else full


def squeeze(data: str, start: Style | None = DEFAULT, rows: int | None = None) -> str:
    """``data`` with its style escapes rewritten as transitions (see the module's doc).

    ``start`` is the style in force before ``data`` (None: unknown); ``rows``, the
    terminal's height, if known (see :func:`squeeze_from`).
    """
    return squeeze_from(data, start, rows)[0]


def squeeze_from(
    data: str, start: Style | None, rows: int | None = None
) -> tuple[str, Style | None]:
    """As :func:`squeeze`, and the style in force after the result (None: unknown), to
    start the next piece of the same stream from.

    Also, a cursor position that nothing is painted at before the next one is set is
    left out (Textual ends every row of an update with a move and a line break that the
    next row's move makes moot). A line break is left out only when ``rows`` (the
    terminal's height) shows it could not have scrolled the screen.
    """
    out: list[str] = []
    append = out.append
    shown: Style | None = start  # what the terminal has now
    wanted: Style | None = start  # what the next painting needs
    saved: Style | None = None  # the style ESC 7 saved (unknown until one does)
    #: where in ``out`` the cursor was placed since anything was last painted, and the
    #: row it is on (None: not known).
    placed: list[int] = []
    row: int | None = None

    def settle() -> None:
        nonlocal shown
        if wanted is not None and shown != wanted:
            key = (shown, wanted)
            escape = _TRANSITIONS.get(key)
            if escape is None:
                escape = _TRANSITIONS[key] = transition(shown, wanted)
            append(escape)
            shown = wanted

    # Between two style escapes: a chunk of text, moves and other escapes.
    for number, part in enumerate(_SGR.split(data)):
        if number % 2:  # a style escape's parameters
            if wanted is None and part.split(";")[0].lstrip("0") == "":
                wanted = DEFAULT  # a reset: the style is known again
            after = _applied(wanted, part) if wanted is not None else None
            if after is None:
                # Not understood: passed on as it is, in its place; the style is unknown.
                settle()
                append(f"\x1b[{part}m")
                shown = wanted = None
            else:
                wanted = after
            continue
        if not part:
            continue
        if "\x1b" not in part and "\r" not in part and "\n" not in part:
            settle()  # text: the usual case
            append(part)
            placed.clear()
            row = None  # it may have wrapped
            continue
        for match in _TOKEN.finditer(part):
            csi, osc, other, breaks, text = match.groups()[1:]
            if text is not None:
                settle()
                append(text)
                placed.clear()
                row = None
            elif csi is not None:
                final = csi[-1]
                if final == "H" and (position := _CUP.fullmatch(csi)) is not None:
                    for index in placed:  # moot: set again before anything was painted
                        out[index] = ""
                    placed[:] = [len(out)]
                    row = int(position.group(1) or 1)
                elif final not in _SILENT or final in "hl" and "?" not in csi:
                    settle()  # erasing (K, J, X…) paints with the style in force
                    placed.clear()
                elif final not in "hl":  # a relative move: it needs the moves before it
                    placed.clear()
                    row = None
                append(csi)
            elif breaks is not None:
                feeds = breaks.count("\n")
                if not feeds or (row is not None and rows is not None and row + feeds <= rows):
                    placed.append(len(out))  # cannot scroll: moot if a move follows
                else:
                    settle()  # it may scroll: the new row takes the background in force
                    placed.clear()
                if row is not None:
                    row = min(row + feeds, rows) if rows is not None else None
                append(breaks)
            elif osc is not None:
                append(osc)
            else:
                settle()
                append(other)
                placed.clear()
                row = None
                if other == "\x1b7":  # save the cursor, and with it the style
                    saved = shown
                elif other == "\x1b8":
                    shown = wanted = saved
                elif other == "\x1bc":  # the terminal reset
                    shown = wanted = DEFAULT
    settle()
    return "".join(out), wanted


_SGR = re.compile(r"\x1b\[([0-9;:]*)m")
_CUP = re.compile(r"\x1b\[(\d*)(?:;(\d*))?H")
#: transitions and applied escapes worked out before: a screen uses a few dozen styles.
_TRANSITIONS: dict[tuple[Style | None, Style], str] = {}
_APPLIED: dict[tuple[Style, str], Style | None] = {}
_CACHE_LIMIT = 4096


def _applied(style: Style, parameters: str) -> Style | None:
    key = (style, parameters)
    try:
        return _APPLIED[key]
    except KeyError:
        pass
    if len(_APPLIED) > _CACHE_LIMIT:
        _APPLIED.clear()
        _TRANSITIONS.clear()
    after = _APPLIED[key] = apply(style, parameters)
    return after
