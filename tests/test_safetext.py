"""The one rule for printing paper text: terminal, one-per-line and JSON output."""

from __future__ import annotations

import json

from tuireader.render.safetext import (
    UNSAFE,
    holds_unsafe,
    is_unsafe,
    is_unsafe_at,
    kept_joiner,
    one_line,
    steady_width,
    terminal,
    to_json,
    valid,
    without_unsafe,
)
from tuireader.render.textrender import visible

HOSTILE = (
    "a\x1b]52;c;dG91Y2g=\x07b\x1b[2J\x9b31m\x85\x7f"
    "\u202egnirts\u202c\u2066iso\u2069\u200e\u200f\u061c"
    "zero\u200bwidth\u200c\u200d\u2060\ufeff\u2028\U000e0041 lone \ud800 end"
)


def raw_unsafe(text: str) -> set[str]:
    return {ch for ch in text if ch in UNSAFE or 0xD800 <= ord(ch) <= 0xDFFF}


def test_terminal_never_lets_an_unsafe_character_through():
    for char in sorted(UNSAFE - {"\n", "\t"}):
        shown = terminal(f"x{char}y")
        assert raw_unsafe(shown) == set(), repr(char)
        assert shown.startswith("x") and shown.endswith("y"), repr(char)


def test_terminal_shows_controls_bidi_and_zero_width_and_keeps_layout():
    assert terminal("a\x1b[2Jb") == "a␛[2Jb"
    assert terminal("\x00\x07\x7f\x9b") == "␀␇␡\\x9b"
    assert terminal("\u202eevil\u202c") == "\\u202eevil\\u202c"
    assert terminal("zero\u200bwidth\ufeff") == "zero\\u200bwidth\\ufeff"
    assert terminal("\u200e\u061c\u2060") == "\\u200e\\u061c\\u2060"
    assert terminal("tag\U000e0041") == "tag\\U000e0041"
    assert terminal("line\nnext\tcol ✓ Ω 论文") == "line\nnext\tcol ✓ Ω 论文"


def test_visible_is_the_shared_rule():
    assert visible(HOSTILE) == terminal(HOSTILE)
    assert raw_unsafe(visible(HOSTILE)) == set()


def test_lone_surrogates_become_the_replacement_character():
    assert valid("lone \ud800 and \udcff") == "lone \ufffd and \ufffd"
    assert valid("fine ✓") == "fine ✓"
    for text in (terminal(HOSTILE), one_line(HOSTILE), to_json({"t": HOSTILE})):
        text.encode("utf-8")  # never raises


def test_one_line_never_breaks_a_line():
    text = one_line("https://github.com/ok/repo\ntouch PWNED\r\n#\u2028x\u2029\x85\x0b\x0c")
    assert len(text.splitlines()) == 1
    assert text.startswith("https://github.com/ok/repo␊touch PWNED")


def test_json_escapes_what_a_terminal_would_obey_and_round_trips():
    text = to_json({"title": HOSTILE, "ok": "论文 ✓"}, indent=2)
    assert raw_unsafe(text.replace("\n", "")) == set()
    assert "论文 ✓" in text  # letters stay readable
    assert "\\u202e" in text and "\\u200b" in text and "\\u007f" in text
    assert "\\u009b" in text and "\\udb40\\udc41" in text  # a tag character, as a pair
    data = json.loads(text)
    assert data["title"] == HOSTILE.replace("\ud800", "\ufffd")


#: the planes where unsafe characters live: the BMP, and the tag characters of plane 14
PLANES = [*range(0x10000), *range(0xE0000, 0xE0100)]


def test_is_unsafe_is_the_rule_terminal_applies():
    from tuireader.render.safetext import is_unsafe

    for code in PLANES:
        char = chr(code)
        assert is_unsafe(char) == (terminal(char) != char), hex(code)


def test_every_terminal_unsafe_character_is_also_refused_in_a_link():
    from tuireader.render.safetext import is_unsafe, unsafe_in_link_beyond_ascii

    for code in PLANES[0x80:]:
        char = chr(code)
        assert not is_unsafe(char) or unsafe_in_link_beyond_ascii(char), hex(code)
    assert not any(unsafe_in_link_beyond_ascii(chr(code)) for code in range(0x80))


def test_a_text_with_nothing_to_show_is_given_back_not_copied():
    # an export of 100,000 papers is one text of 200 MB, shown safe as a whole: it was
    # copied whole (and each character looked up) to replace nothing
    text = "Café: a paper's abstract, ✓ Ω 论文 😀\nnext\tcol " * 10_000
    assert terminal(text) is text
    flat = text.replace("\n", " ").replace("\t", " ")
    assert one_line(flat) is flat
    assert terminal(text + "\u202e") == text + "\\u202e"


def test_each_helper_replaces_each_character_as_its_table_says():
    # the characters are found by one pattern of runs (``\x00-\x08``, ``\u202a-\u202e``…):
    # each is replaced, alone and among others, as the table gives it, and those on
    # either side of each run are not
    from tuireader.render import safetext

    tables = (
        (terminal, safetext.TERMINAL_TABLE),
        (one_line, safetext._ONE_LINE_TABLE),
    )
    around = ["a", "é", "😀", "\n", "\t", " ", "\u2029\u2029", "\U000e007f"]
    for shown, table in tables:
        edges = {near for code in table for near in (code - 1, code, code + 1) if near >= 0}
        for near in edges:
            char = chr(near)
            assert shown(char) == char.translate(table), hex(near)
        mixed = "".join(chr(code) + around[code % len(around)] for code in table)
        assert shown(mixed) == mixed.translate(table)
    every = "".join(map(chr, safetext._JSON_TABLE)) + 'é😀\n\t"\\'
    assert to_json([every]) == json.dumps([every], ensure_ascii=False).translate(
        safetext._JSON_TABLE
    )
    assert json.loads(to_json([every])) == [every]


def test_without_unsafe_leaves_out_what_is_unsafe_and_keeps_the_rest():
    # what a BibTeX export writes of a note or an abstract: no escape a reader would
    # show, each character dropped or kept as is_unsafe says
    edges = {near for char in UNSAFE for near in (ord(char) - 1, ord(char), ord(char) + 1)}
    text = "".join(chr(code) + "a\n\té😀" for code in sorted(edges) if code >= 0)
    assert without_unsafe(text) == "".join(char for char in text if not is_unsafe(char))
    assert without_unsafe("lone \ud800 end") == "lone \ufffd end"


def test_a_joiner_between_emoji_is_left_out_and_they_show_side_by_side():
    # shown as "👩\u200d🔬", the title was unreadable; joined, Rich counts a sequence's
    # cells as a terminal that does not join it never draws them
    title = "Emoji 👩\u200d🔬 and 👨\u200d👩\u200d👧\u200d👦 families"
    assert terminal(title) == "Emoji 👩🔬 and 👨👩👧👦 families"
    assert one_line(title) == terminal(title)
    assert visible(title) == terminal(title)
    # after the emoji presentation selector and a skin tone, as emoji are written
    assert terminal("❤\ufe0f\u200d🔥 🏳\ufe0f\u200d🌈") == "❤\ufe0f🔥 🏳\ufe0f🌈"
    assert terminal("👩🏽\u200d🔬") == "👩🏽🔬"


def test_joiners_between_letters_of_scripts_that_use_them_are_not_escapes():
    persian = "می\u200cخواهم یادگیری"  # a non-joiner inside a word: kept
    assert terminal(persian) == persian == one_line(persian)
    assert terminal("क्\u200cष") == "क्\u200cष"
    # a joiner between two letters of its script is left out (a half form, a conjunct)
    assert terminal("क्\u200dष") == "क्ष"
    assert terminal("ශ්\u200dර") == "ශ්ර"
    assert terminal("ل\u200dا") == "لا"


def test_joiners_anywhere_else_stay_escapes():
    assert terminal("pay\u200dpal pay\u200cpal") == "pay\\u200dpal pay\\u200cpal"
    assert terminal("\u200d👩 👩\u200d 👩\u200d\u200d🔬") == (
        "\\u200d👩 👩\\u200d 👩\\u200d\\u200d🔬"
    )
    assert terminal("👩\u200da 👩\u200c🔬 Ω\u200d👩") == "👩\\u200da 👩\\u200c🔬 Ω\\u200d👩"
    # letters of two scripts, a letter and a space, a letter and an emoji
    assert terminal("ی\u200dक ی\u200c ی\u200c👩") == "ی\\u200dक ی\\u200c ی\\u200c👩"
    assert terminal("x\u200dy\u202e") == "x\\u200dy\\u202e"
    # the other invisible characters, next to letters that take joiners too
    assert terminal("می\u200bخواهم") == "می\\u200bخواهم"
    # JSON keeps them as escapes (its reader gets the text back), and they stay unsafe
    assert to_json("👩\u200d🔬") == '"👩\\u200d🔬"'
    assert is_unsafe("\u200d") and is_unsafe("\u200c")


def test_what_is_shown_for_joined_text_takes_the_cells_each_character_takes():
    from rich.cells import cell_len

    for text in ("Emoji 👩\u200d🔬 and 👨\u200d👩\u200d👧\u200d👦", "👩🏽\u200d🔬", "क्\u200dष"):
        shown = terminal(text)
        assert cell_len(shown) == sum(cell_len(char) for char in shown), shown


def test_a_non_joiner_inside_a_word_is_kept_where_text_is_copied_as_it_is():
    # the screen showed «می‌خواهم» with its non-joiner; a citation, a copy or a tag
    # left it out, and the word was spelled «میخواهم»
    persian = "می\u200cخواهم یادگیری"
    at = persian.index("\u200c")
    assert kept_joiner(persian, at) and not is_unsafe_at(persian, at)
    assert without_unsafe(persian) == persian and not holds_unsafe(persian)
    assert without_unsafe("क्\u200cष") == "क्\u200cष"
    # and only there: a lone one, between Latin letters, beside a space, at either end
    for text in ("\u200c", "pay\u200cpal", "ی\u200c خ", "ی \u200cخ", "\u200cی", "ی\u200c"):
        assert without_unsafe(text) == text.replace("\u200c", ""), text
        assert holds_unsafe(text) and is_unsafe_at(text, text.index("\u200c")), text
    # the joiner a screen leaves out, and the other invisible characters, go
    assert without_unsafe("क्\u200dष می\u200bخواهم") == "क्ष میخواهم"
    assert holds_unsafe("می\u200c\u200bخواهم") and not holds_unsafe("plain")


def test_steady_width_leaves_out_what_terminals_draw_in_different_widths():
    # Rich and tmux 3.3 give 👍 with a skin tone 2 and 4 cells, ❤ with the emoji
    # selector 2 and 1, a skin tone alone 0 and 2; their bases, the same cells
    assert steady_width("👍🏽 ❤\ufe0f 1\ufe0f\u20e3 🏽 👩🏿🔬") == "👍 ❤ 1\u20e3  👩🔬"
    for kept in ("plain", "می\u200cخواهم", "👍 ❤ 🇫🇷 👩🔬", "\ufe0e"):
        assert steady_width(kept) == kept
