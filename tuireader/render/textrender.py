"""Abstracts and titles as readable text: LaTeX math in Unicode, markdown emphasis as spans.

Source text from paper lists mixes prose with ``$...$`` LaTeX and ``*markdown*``. The
functions here turn it into plain Unicode text plus a tuple of style spans, so the UI can
style the spans without ever interpreting the data as markup. The converter is
deliberately forgiving: anything it does not understand is kept as text, and no word of
the input outside math is ever dropped (a ``%`` is a percent sign, not a comment, and a
``$`` that does not open a well-formed math span is a dollar sign).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Literal

from tuireader.render.safetext import terminal

Style = Literal["em", "strong", "math", "code"]


@dataclass(frozen=True)
class Span:
    """A styled stretch ``text[start:end]`` of a :class:`Rendered` text."""

    start: int
    end: int
    style: Style


@dataclass(frozen=True)
class Rendered:
    """Display text and the style spans over it."""

    text: str
    spans: tuple[Span, ...] = ()


# --------------------------------------------------------------------------- tables

GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε",
    "varepsilon": "ε", "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ",
    "iota": "ι", "kappa": "κ", "varkappa": "ϰ", "lambda": "λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ",
    "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "φ",
    "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
    "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
    "varGamma": "Γ", "varDelta": "Δ", "varTheta": "Θ", "varLambda": "Λ", "varPi": "Π",
    "varSigma": "Σ", "varPhi": "Φ", "varPsi": "Ψ", "varOmega": "Ω",
}  # fmt: skip

SYMBOLS = {
    "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠",
    "leqslant": "≤", "geqslant": "≥", "times": "×", "cdot": "·", "cdotp": "·",
    "sim": "∼", "approx": "≈", "in": "∈", "notin": "∉", "ni": "∋", "infty": "∞",
    "pm": "±", "mp": "∓", "to": "→", "rightarrow": "→", "leftarrow": "←",
    "gets": "←", "Rightarrow": "⇒", "Leftarrow": "⇐", "leftrightarrow": "↔",
    "Leftrightarrow": "⇔", "iff": "⇔", "implies": "⟹", "mapsto": "↦",
    "longrightarrow": "⟶", "longleftarrow": "⟵", "hookrightarrow": "↪",
    "uparrow": "↑", "downarrow": "↓", "sum": "∑", "prod": "∏", "int": "∫",
    "oint": "∮", "partial": "∂", "nabla": "∇", "forall": "∀", "exists": "∃",
    "nexists": "∄", "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇",
    "subsetneq": "⊊", "cup": "∪", "cap": "∩", "bigcup": "⋃", "bigcap": "⋂",
    "setminus": "∖", "smallsetminus": "∖", "emptyset": "∅", "varnothing": "∅",
    "ell": "ℓ", "star": "⋆", "ast": "∗", "circ": "∘", "bullet": "•", "otimes": "⊗",
    "oplus": "⊕", "odot": "⊙", "bigotimes": "⨂", "bigoplus": "⨁", "wedge": "∧",
    "land": "∧", "vee": "∨", "lor": "∨", "neg": "¬", "lnot": "¬", "not": "¬",
    "top": "⊤", "bot": "⊥", "perp": "⊥", "mid": "∣", "parallel": "∥", "propto": "∝",
    "ll": "≪", "gg": "≫", "lesssim": "≲", "gtrsim": "≳", "simeq": "≃", "cong": "≅",
    "equiv": "≡", "triangleq": "≜", "coloneqq": "≔", "doteq": "≐", "succ": "≻",
    "prec": "≺", "succeq": "⪰", "preceq": "⪯", "langle": "⟨", "rangle": "⟩",
    "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉", "lbrace": "{",
    "rbrace": "}", "lbrack": "[", "rbrack": "]", "lvert": "|", "rvert": "|",
    "vert": "|", "lVert": "‖", "rVert": "‖", "Vert": "‖", "dots": "…", "ldots": "…",
    "cdots": "⋯", "vdots": "⋮", "ddots": "⋱", "prime": "′", "dagger": "†",
    "dag": "†", "ddagger": "‡", "hbar": "ℏ", "Re": "ℜ", "Im": "ℑ", "aleph": "ℵ",
    "wp": "℘", "angle": "∠", "square": "□", "Box": "□", "diamond": "⋄",
    "triangle": "△", "checkmark": "✓", "backslash": "\\", "S": "§", "P": "¶",
    "colon": ":", "imath": "ı", "jmath": "ȷ", "degree": "°", "textdegree": "°",
    "vdash": "⊢", "models": "⊨", "sqcup": "⊔", "sqcap": "⊓", "div": "÷",
    "cdotlog": "·log", "percent": "%", "textasciitilde": "~", "lhd": "◁", "rhd": "▷",
}  # fmt: skip

#: operator names, printed as words with a space before them when glued to a letter.
OPERATORS = frozenset(
    [
        "log",
        "ln",
        "lg",
        "exp",
        "min",
        "max",
        "sin",
        "cos",
        "tan",
        "sec",
        "csc",
        "cot",
        "sinh",
        "cosh",
        "tanh",
        "arcsin",
        "arccos",
        "arctan",
        "det",
        "dim",
        "arg",
        "sup",
        "inf",
        "lim",
        "liminf",
        "limsup",
        "Pr",
        "gcd",
        "deg",
        "ker",
        "hom",
        "rank",
        "tr",
        "Tr",
        "argmax",
        "argmin",
        "softmax",
        "sgn",
        "sign",
        "diag",
        "poly",
        "polylog",
        "var",
        "Var",
        "Cov",
        "E",
    ]
)

ACCENTS = {
    "tilde": "\u0303", "widetilde": "\u0303", "hat": "\u0302", "widehat": "\u0302",
    "bar": "\u0304", "overline": "\u0305", "vec": "\u20d7", "overrightarrow": "\u20d7",
    "dot": "\u0307", "ddot": "\u0308", "check": "\u030c", "breve": "\u0306",
    "acute": "\u0301", "grave": "\u0300", "mathring": "\u030a",
}  # fmt: skip

#: commands whose argument is shown as is (font changes that have no Unicode form).
PLAIN_FONTS = frozenset(
    [
        "mathrm",
        "mathsf",
        "mathit",
        "mathnormal",
        "mathbf",
        "boldsymbol",
        "bm",
        "pmb",
        "mathbold",
        "operatorname",
        "text",
        "textrm",
        "textsf",
        "textnormal",
        "textup",
        "textsc",
        "textmd",
        "mbox",
        "hbox",
        "fbox",
        "underline",
        "underbrace",
        "overbrace",
        "emph_plain",
        "ensuremath",
        "displaystyle",
    ]
)
STYLED_FONTS: dict[str, Style] = {
    "textit": "em", "emph": "em", "textsl": "em", "textbf": "strong",
    "texttt": "code", "mathtt": "code", "verb": "code", "code": "code",
}  # fmt: skip
#: font switches that apply to the rest of the enclosing group.
SWITCHES: dict[str, str | None] = {
    "it": "em", "itshape": "em", "sl": "em", "em": "em", "bf": "strong",
    "bfseries": "strong", "tt": "code", "ttfamily": "code", "cal": "mathcal",
    "rm": None, "sf": None, "normalfont": None, "small": None, "footnotesize": None,
    "scriptsize": None, "tiny": None, "large": None, "Large": None, "LARGE": None,
    "huge": None, "Huge": None, "normalsize": None, "displaystyle": None,
    "textstyle": None, "scriptstyle": None, "scriptscriptstyle": None, "limits": None,
    "nolimits": None, "mathstrut": None, "strut": None, "boldmath": None,
}  # fmt: skip
IGNORED = frozenset(
    [
        "left",
        "right",
        "middle",
        "big",
        "Big",
        "bigg",
        "Bigg",
        "bigl",
        "bigr",
        "Bigl",
        "Bigr",
        "biggl",
        "biggr",
        "Biggl",
        "Biggr",
        "nonumber",
        "notag",
        "label",
        "displaystyle",
        "phantom",
    ]
)
SPACES = {",": " ", ";": " ", ":": " ", " ": " ", "!": "", "quad": " ", "qquad": " ",
          "enspace": " ", "thinspace": " ", "medspace": " ", "thickspace": " ",
          "newline": " ", "linebreak": " ", "hfill": " ", "noindent": ""}  # fmt: skip


def _alphabet(upper: int, lower: int | None, exceptions: dict[str, str]) -> dict[str, str]:
    table = {chr(65 + i): chr(upper + i) for i in range(26)}
    if lower is not None:
        table.update({chr(97 + i): chr(lower + i) for i in range(26)})
    table.update(exceptions)
    return table


FONT_MAPS: dict[str, dict[str, str]] = {
    "mathcal": _alphabet(
        0x1D49C,
        0x1D4B6,
        {
            "B": "ℬ",
            "E": "ℰ",
            "F": "ℱ",
            "H": "ℋ",
            "I": "ℐ",
            "L": "ℒ",
            "M": "ℳ",
            "R": "ℛ",
            "e": "ℯ",
            "g": "ℊ",
            "o": "ℴ",
        },
    ),
    "mathbb": _alphabet(
        0x1D538,
        0x1D552,
        {"C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"}
        | {str(d): chr(0x1D7D8 + d) for d in range(10)},
    ),
    "mathfrak": _alphabet(0x1D504, 0x1D51E, {"C": "ℭ", "H": "ℌ", "I": "ℑ", "R": "ℜ", "Z": "ℨ"}),
}
FONT_MAPS["mathscr"] = FONT_MAPS["mathcal"]
FONT_MAPS["EuScript"] = FONT_MAPS["mathcal"]
FONT_MAPS["Bbb"] = FONT_MAPS["mathbb"]
FONT_MAPS["mathds"] = FONT_MAPS["mathbb"]
FONT_MAPS["symbb"] = FONT_MAPS["mathbb"]

SUPERSCRIPTS = dict(
    zip(
        "0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWαβγδεθιφχ′*⋆∗†⊤'",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵅᵝᵞᵟᵋᶿᶥᵠᵡ′*⋆∗†ᵀ′",
        strict=True,
    )
)
SUBSCRIPTS = dict(
    zip(
        "0123456789+-−=()aehijklmnoprstuvxβγρφχ",
        "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ",
        strict=True,
    )
)

# --------------------------------------------------------------------------- math

_MATH_TOKEN = re.compile(r"\\[A-Za-z]+\*?|\\.|\\$|\s+|.", re.DOTALL)
_ATOMIC = re.compile(r"[\w.′\u0300-\u036f\u20d7]+")


class _Out:
    """Growing output text with style spans."""

    __slots__ = ("parts", "size", "spans")

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.spans: list[Span] = []

    def add(self, text: str) -> None:
        if text:
            self.parts.append(text)
            self.size += len(text)

    def add_out(self, other: _Out, style: Style | None = None) -> None:
        start = self.size
        for span in other.spans:
            self.spans.append(Span(span.start + start, span.end + start, span.style))
        self.add(other.text())
        if style is not None and self.size > start:
            self.spans.append(Span(start, self.size, style))

    def last_char(self) -> str:
        for part in reversed(self.parts):
            if part:
                return part[-1]
        return ""

    def text(self) -> str:
        return "".join(self.parts)


def _is_atomic(text: str) -> bool:
    if _ATOMIC.fullmatch(text):
        return True
    if text.startswith("(") and text.endswith(")"):
        depth = 0
        for i, ch in enumerate(text):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and i < len(text) - 1:
                return False
        return True
    return False


def _script(text: str, table: dict[str, str], mark: str) -> str:
    text = " ".join(text.split())
    if not text:
        return ""
    if all(ch in table for ch in text):
        return "".join(table[ch] for ch in text)
    if len(text) == 1 or (_ATOMIC.fullmatch(text) and mark == "_"):
        return mark + text
    return f"{mark}({text})"


class _MathParser:
    """A forgiving converter for the LaTeX math found in abstracts."""

    def __init__(self, source: str) -> None:
        self.toks = _MATH_TOKEN.findall(source)
        self.i = 0

    def run(self) -> _Out:
        out = _Out()
        while self.i < len(self.toks):
            self._sequence(out, end_on_brace=False, font=None)
            if self.i < len(self.toks):  # a stray "}": skip it and go on
                self.i += 1
        return out

    # a sequence of items up to a closing brace (or the end)
    def _sequence(self, out: _Out, end_on_brace: bool, font: str | None) -> None:
        toks = self.toks
        while self.i < len(toks):
            tok = toks[self.i]
            if tok == "}":
                if end_on_brace:
                    return
                return
            self.i += 1
            if tok == "{":
                inner = _Out()
                self._sequence(inner, True, font)
                self.i += 1  # the closing brace (or past the end)
                out.add_out(inner)
            elif tok in ("^", "_"):
                arg = self._argument(font)
                if not arg.strip():
                    out.add(tok if self.i >= len(toks) else "")
                    continue
                table = SUPERSCRIPTS if tok == "^" else SUBSCRIPTS
                out.add(_script(arg, table, tok))
            elif tok[0].isspace():
                if out.size and out.last_char() != " ":
                    out.add(" ")
            elif tok[0] == "\\" and len(tok) > 1:
                name = tok[1:]
                if name in SWITCHES:
                    switch = SWITCHES[name]
                    rest = _Out()
                    if switch in FONT_MAPS:
                        self._sequence(rest, end_on_brace, switch)
                        out.add_out(rest)
                    else:
                        self._sequence(rest, end_on_brace, font)
                        out.add_out(rest, switch)  # type: ignore[arg-type]
                    return
                self._command(name, out, font)
            elif tok == "$":  # a dollar nested inside a math group
                continue
            elif tok in ("~", "&"):
                if out.size and out.last_char() != " ":
                    out.add(" ")
            else:
                out.add(FONT_MAPS[font].get(tok, tok) if font else tok)

    def _skip_space(self) -> None:
        while self.i < len(self.toks) and self.toks[self.i][0].isspace():
            self.i += 1

    def _group(self, font: str | None) -> _Out:
        """The next argument: a braced group, one command or one character."""
        self._skip_space()
        out = _Out()
        if self.i >= len(self.toks):
            return out
        tok = self.toks[self.i]
        self.i += 1
        if tok == "{":
            self._sequence(out, True, font)
            self.i += 1
        elif tok == "}":
            self.i -= 1
        elif tok[0] == "\\" and len(tok) > 1:
            self._command(tok[1:], out, font)
        else:
            out.add(FONT_MAPS[font].get(tok, tok) if font else tok)
        return out

    def _argument(self, font: str | None) -> str:
        return self._group(font).text()

    def _optional(self) -> str | None:
        self._skip_space()
        if self.i < len(self.toks) and self.toks[self.i] == "[":
            self.i += 1
            out = _Out()
            while self.i < len(self.toks) and self.toks[self.i] != "]":
                tok = self.toks[self.i]
                self.i += 1
                if tok[0] == "\\" and len(tok) > 1:
                    self._command(tok[1:], out, None)
                elif tok not in "{}":
                    out.add(tok)
            self.i += 1
            return out.text()
        return None

    def _word(self, out: _Out, word: str) -> None:
        if out.last_char().isalnum():
            out.add(" ")
        out.add(word)
        if self.i < len(self.toks) and self.toks[self.i][:1].isalnum():
            out.add(" ")

    def _command(self, name: str, out: _Out, font: str | None) -> None:
        name = name.rstrip("*") or name
        if name in GREEK:
            out.add(GREEK[name])
        elif name in SYMBOLS:
            out.add(SYMBOLS[name])
        elif name in OPERATORS:
            self._word(out, name)
        elif name in SPACES:
            if SPACES[name] and out.size and out.last_char() != " ":
                out.add(" ")
        elif len(name) == 1 and not name.isalpha():
            if name == "\\":  # "\\{" is a doubly escaped brace; otherwise a line break
                if self.i < len(self.toks) and self.toks[self.i] in ("{", "}"):
                    out.add(self.toks[self.i])
                    self.i += 1
                elif out.size and out.last_char() != " ":
                    out.add(" ")
            elif name == "|":
                out.add("‖")
            else:
                out.add(name)
        elif name in FONT_MAPS:
            out.add_out(self._group(name))
        elif name in PLAIN_FONTS:
            out.add_out(self._group(None))
        elif name in STYLED_FONTS:
            out.add_out(self._group(None), STYLED_FONTS[name])
        elif name in ACCENTS:
            mark = ACCENTS[name]
            arg = self._argument(font)
            accented = "".join(ch + mark if ch.isalnum() else ch for ch in arg)
            out.add(unicodedata.normalize("NFC", accented) if accented else mark)
        elif name in ("frac", "tfrac", "dfrac", "cfrac", "nicefrac", "sfrac"):
            top = self._argument(font).strip()
            bottom = self._argument(font).strip()
            top = top if _is_atomic(top) else f"({top})"
            bottom = bottom if _is_atomic(bottom) else f"({bottom})"
            out.add(f"{top}/{bottom}")
        elif name in ("binom", "tbinom", "dbinom"):
            top = self._argument(font).strip()
            bottom = self._argument(font).strip()
            out.add(f"C({top}, {bottom})")
        elif name == "sqrt":
            index = self._optional()
            arg = self._argument(font).strip()
            body = arg if _is_atomic(arg) else f"({arg})"
            root = {"3": "∛", "4": "∜"}.get(index or "", "√")
            prefix = _script(index, SUPERSCRIPTS, "^") if index and root == "√" else ""
            out.add(prefix + root + body)
        elif name in ("begin", "end"):
            self._argument(None)  # the environment's name
            if out.size and out.last_char() != " ":
                out.add(" ")
        elif name in IGNORED:
            self._skip_space()
            if self.i < len(self.toks) and self.toks[self.i] == ".":
                self.i += 1
        else:  # unknown command: keep its name so no word is lost
            self._word(out, name)


def _math(latex: str) -> _Out:
    try:
        return _MathParser(latex).run()
    except RecursionError:  # absurdly deep nesting: show the source without backslashes
        out = _Out()
        out.add(latex.replace("\\", ""))
        return out


def math_to_unicode(latex: str) -> str:
    """Convert the inside of a ``$...$`` span to readable Unicode text."""
    return " ".join(_math(latex).text().split())


# --------------------------------------------------------------------------- prose

_TEXT_TOKEN = re.compile(
    r"\\\(|\\\[|\\begin\{(?:equation|align|gather|multline|eqnarray|displaymath|math)\*?\}"
    r"|\\\\(?=[$%{}_#&])|\\[A-Za-z]+|\\.|\$\$|\$|\*+|\n[ \t]*\n"
)
_LATEXY = re.compile(r"[\\^_{}]")
_TEXT_COMMANDS: dict[str, Style | None] = {
    "textit": "em", "emph": "em", "textsl": "em", "textbf": "strong", "texttt": "code",
    "text": None, "textrm": None, "textsf": None, "textsc": None, "textnormal": None,
    "textup": None, "underline": None, "mbox": None, "textmd": None,
}  # fmt: skip
_TEXT_ESCAPES = {"%": "%", "$": "$", "_": "_", "&": "&", "#": "#", "{": "{", "}": "}",
                 "*": "*", "\\": "\\", " ": " ", ",": " ", "~": "~", "-": ""}  # fmt: skip


def _match_brace(text: str, start: int) -> int:
    """Index of the ``}`` closing the ``{`` at ``start``, or -1."""
    depth = 0
    i = start
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _balanced_dollar(text: str, start: int) -> int:
    """Index of the first ``$`` after ``start`` outside every brace group, or -1."""
    depth = 0
    i = start
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "$" and depth <= 0:
            return i
        elif ch == "\n" and text.startswith("\n\n", i):
            return -1
        i += 1
    return -1


def _math_close(text: str, start: int, single: bool = False) -> tuple[int, int] | None:
    """For a ``$`` at ``start``, the (content end, span end) of a well-formed math span."""
    if not single and text.startswith("$$", start):
        end = text.find("$$", start + 2)
        if end == -1 or not text[start + 2 : end].strip():
            return None
        return end, end + 2
    end = start + 1
    while True:
        end = text.find("$", end)
        if end == -1:
            return None
        if text[end - 1] != "\\":
            break
        end += 1
    content = text[start + 1 : end]
    if content.count("{") > content.count("}"):  # "$\\textit{$x$ y}$": nested dollars
        balanced = _balanced_dollar(text, start + 1)
        if balanced != -1:
            end = balanced
            content = text[start + 1 : end]
    if not content.strip() or "\n\n" in content:
        return None
    if not _LATEXY.search(content):
        # "$5 and $10": plain content must hug its dollars and not run into a digit
        if content[0].isspace() or content[-1].isspace() or len(content) > 80:
            return None
        if content[0].isdigit() and end + 1 < len(text) and text[end + 1].isdigit():
            return None
    return end, end + 1


@dataclass
class _Stars:
    """A run of ``*`` and what it pairs with (CommonMark's delimiter runs)."""

    run: int
    can_open: bool
    can_close: bool
    remaining: int = 0
    #: (opener index, stars used) for each emphasis this run closes
    closes: list[tuple[int, int]] = field(default_factory=list)
    opens: bool = False

    def __post_init__(self) -> None:
        self.remaining = self.run


def _is_punct(ch: str) -> bool:
    return not ch.isalnum() and not ch.isspace()


def _events(text: str) -> list[object]:
    """Split prose into literal strings, math, styled commands and star runs."""
    events: list[object] = []
    pos = 0
    n = len(text)
    math_end = -1  # where the last math span closed: "$a$$b$" is two spans, not "$$"
    while (m := _TEXT_TOKEN.search(text, pos)) is not None:
        start = m.start()
        tok = m.group()
        if start > pos:
            events.append(text[pos:start])
        pos = m.end()
        if tok[0] == "\n":
            events.append(("para", tok))
        elif tok[0] == "*":
            before = text[start - 1] if start else " "
            after = text[pos] if pos < n else " "
            # left- and right-flanking as in CommonMark: "A* search" can only close
            can_open = not after.isspace() and (
                not _is_punct(after) or before.isspace() or _is_punct(before)
            )
            can_close = not before.isspace() and (
                not _is_punct(before) or after.isspace() or _is_punct(after)
            )
            events.append(_Stars(len(tok), can_open, can_close))
        elif tok[0] == "$":
            close = _math_close(text, start, single=start == math_end)
            if close is None:
                events.append("$")
                pos = start + 1
            else:
                opener = 1 if start == math_end else len(tok)
                events.append(("math", text[start + opener : close[0]]))
                pos = math_end = close[1]
        elif tok in ("\\(", "\\["):
            closer = "\\)" if tok == "\\(" else "\\]"
            end = text.find(closer, pos)
            if end == -1:
                events.append(tok[1])
            else:
                events.append(("math", text[pos:end]))
                pos = end + 2
        elif tok.startswith("\\begin{"):
            env = tok[7:-1]
            end = text.find("\\end{" + env + "}", pos)
            if end == -1:
                events.append(("math", ""))  # drop the bare \begin, keep what follows
            else:
                events.append(("math", text[pos:end]))
                pos = end + len(env) + 6
        else:
            name = tok[1:]
            if name in _TEXT_COMMANDS and pos < n and text[pos] == "{":
                close_at = _match_brace(text, pos)
                if close_at != -1:
                    events.append(("cmd", _TEXT_COMMANDS[name], text[pos + 1 : close_at]))
                    pos = close_at + 1
                    continue
            if name == "\\" and pos < n and text[pos] in "$%{}_#&":
                events.append(text[pos])  # "\\$": a dollar escaped twice over
                pos += 1
            elif len(name) == 1 and not name.isalpha():
                events.append(_TEXT_ESCAPES.get(name, name))
            elif name in GREEK or name in SYMBOLS:
                events.append(("math", tok))
            else:
                events.append(name)  # an unknown command keeps its name
                if pos < n and text[pos] == "{":  # and its argument as text
                    close_at = _match_brace(text, pos)
                    if close_at != -1:
                        events.append(("cmd", None, text[pos + 1 : close_at]))
                        pos = close_at + 1
    if pos < n:
        events.append(text[pos:])
    return events


def _pair_stars(events: list[object]) -> None:
    """Match star runs into emphasis the way CommonMark does (rule of three included)."""
    stack: list[int] = []
    for index, event in enumerate(events):
        if isinstance(event, tuple) and event[0] == "para":
            stack.clear()
            continue
        if not isinstance(event, _Stars):
            continue
        if event.can_close:
            while event.remaining and stack:
                for depth in range(len(stack) - 1, -1, -1):
                    opener = events[stack[depth]]
                    assert isinstance(opener, _Stars)
                    both = opener.can_close or event.can_open
                    if (
                        both
                        and (opener.run + event.run) % 3 == 0
                        and not (opener.run % 3 == 0 and event.run % 3 == 0)
                    ):
                        continue
                    used = 2 if opener.remaining >= 2 and event.remaining >= 2 else 1
                    opener.remaining -= used
                    event.remaining -= used
                    opener.opens = True
                    event.closes.append((stack[depth], used))
                    del stack[depth + (opener.remaining > 0) :]
                    break
                else:
                    break
        if event.can_open and event.remaining:
            stack.append(index)


def _render_into(text: str, out: _Out) -> None:
    events = _events(text)
    _pair_stars(events)
    opened: dict[int, int] = {}
    for index, event in enumerate(events):
        if isinstance(event, str):
            out.add(event)
        elif isinstance(event, _Stars):
            for opener, used in event.closes:
                start = opened.get(opener, out.size)
                if out.size > start:
                    out.spans.append(Span(start, out.size, "em" if used == 1 else "strong"))
            out.add("*" * event.remaining)
            if event.opens:
                opened[index] = out.size
        elif isinstance(event, tuple):
            kind = event[0]
            if kind == "para":
                out.add(event[1])
            elif kind == "math":
                converted = _math(event[1])
                body = converted.text()
                stripped = body.strip()
                if stripped != body:
                    lead = len(body) - len(body.lstrip())
                    shifted = _Out()
                    shifted.add(stripped)
                    for span in converted.spans:
                        s = max(0, min(len(stripped), span.start - lead))
                        e = max(0, min(len(stripped), span.end - lead))
                        if e > s:
                            shifted.spans.append(Span(s, e, span.style))
                    converted = shifted
                out.add_out(converted, "math")
            elif kind == "cmd":
                inner = _Out()
                _render_into(event[2], inner)
                out.add_out(inner, event[1])


def render(text: str) -> Rendered:
    """Turn an abstract or title into display text plus style spans.

    The text keeps every character of the input that is not markup; control characters
    are left alone (see :func:`visible`).
    """
    out = _Out()
    _render_into(text, out)
    spans = tuple(sorted(out.spans, key=lambda s: (s.start, -s.end, s.style)))
    return Rendered(out.text(), spans)


def plain(text: str) -> str:
    """The display text of ``text`` without styles."""
    return render(text).text


def visible(text: str) -> str:
    """Make control characters visible: ESC becomes ␛, other controls a symbol or \\xNN.

    Bidirectional overrides, isolates and marks and zero-width characters are shown as
    ``\\uXXXX`` and lone surrogates as U+FFFD; newlines and tabs are kept as they are.
    The one shared rule is :func:`tuireader.render.safetext.terminal`.
    """
    return terminal(text)
